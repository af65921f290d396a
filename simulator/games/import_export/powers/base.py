"""Base-set powers. One function per card, named after it; numbers from the card sheet.

Implemented so far: the few that prove each timing of the framework. The rest are the
to-do list (tests/import_export/test_powers_todo.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from simulator.core.protocol import Flow
from simulator.games.import_export.cards import BLUE, YELLOW, Contract
from simulator.games.import_export.powers.framework import power
from simulator.games.import_export.powers.numbers import PAY
from simulator.games.import_export.state import IEState, Scoring

if TYPE_CHECKING:
    from simulator.games.import_export.game_api import GameAPI


@power("Almonds", on_fulfil=True, params={"threshold": PAY, "low_pay": PAY, "high_pay": PAY})
def almonds(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """After payment: at most `threshold` credits takes `low_pay`, otherwise `high_pay`."""
    p = contract.params
    game.gain(s, owner, p["low_pay"] if s.credits[owner] <= p["threshold"] else p["high_pay"])
    return
    yield


@power(
    "Onions",
    hook="contract_fulfilled",
    params={"payment": PAY},
    own_color=(YELLOW, "pays for each Agricultural Contract completed 'including this one'"),
)
def onions(
    game: GameAPI, s: IEState, owner: int, contract: Contract, actor: int, fulfilled: list[int]
) -> Flow:
    """Each agriculture contract the owner fulfils (this one included) pays `payment`."""
    if actor != owner:
        return
    by_id = game.cards.contract_by_id
    for cid in fulfilled:
        if by_id[cid].color == YELLOW:
            game.gain(s, owner, contract.params["payment"])
    return
    yield


@power("Gold Stuff", end="game", params={"pay_per_contract": PAY})
def gold_stuff(game: GameAPI, s: IEState, owner: int, contract: Contract, scoring: Scoring) -> None:
    """At the end, `pay_per_contract` per fulfilled luxury contract."""

    by_id = game.cards.contract_by_id
    luxury = sum(1 for cid in s.fulfilled[owner] if by_id[cid].color == BLUE)
    scoring.final[owner] += contract.params["pay_per_contract"] * luxury
