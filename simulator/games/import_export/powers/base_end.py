"""Base-set end-of-game powers, at the scoring stages of rules.ImportExportGame.score:
`prepare` moves cards, `counts` changes goods counts and values, `awards` changes the
majority awards, `game` adds credits. Numbers come from `contract.params`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from simulator.games.import_export.cards import (
    BLACK,
    BLUE,
    GOOD_COLORS,
    GREEN,
    RED,
    YELLOW,
    Contract,
)
from simulator.games.import_export.powers.framework import Reach, Restated, power
from simulator.games.import_export.powers.numbers import COUNT, GROUP, PAY, TIMES
from simulator.games.import_export.state import IEState, Scoring

if TYPE_CHECKING:
    from simulator.games.import_export.game_api import GameAPI


@power(
    "Apple Watch",
    end="game",
    params={"luxury_per_set": GROUP, "consumer_per_set": GROUP, "pay_per_set": PAY},
    reaches={"luxury_per_set": Reach((BLUE,)), "consumer_per_set": Reach((BLACK,))},
)
def apple_watch(
    game: GameAPI, s: IEState, owner: int, contract: Contract, scoring: Scoring
) -> None:
    """Each set of `luxury_per_set` luxury + `consumer_per_set` consumer goods pays
    `pay_per_set` (goods as counted for scoring, Ceramics' included)."""
    p = contract.params
    counts = scoring.counts[owner]
    sets = min(counts[BLUE] // p["luxury_per_set"], counts[BLACK] // p["consumer_per_set"])
    scoring.final[owner] += p["pay_per_set"] * sets


@power(
    "Artifacts",
    end="game",
    params={"goods_per_type": COUNT, "bonus": PAY},
    reaches={"goods_per_type": Reach((GREEN, YELLOW, BLACK, BLUE, RED), "every")},
)
def artifacts(game: GameAPI, s: IEState, owner: int, contract: Contract, scoring: Scoring) -> None:
    """`bonus` for `goods_per_type` goods of every type, on top of the usual set bonus
    (FAQ: 10 + 20 = 30, not 40: IE-POWER-6)."""
    p = contract.params
    if all(scoring.counts[owner][c] >= p["goods_per_type"] for c in GOOD_COLORS):
        scoring.final[owner] += p["bonus"]


@power(
    "Ceramics",
    end="counts",
    params={"consumer_goods_per_luxury": GROUP, "luxury_added": COUNT},
    reaches={"consumer_goods_per_luxury": Reach((BLACK,))},
)
def ceramics(game: GameAPI, s: IEState, owner: int, contract: Contract, scoring: Scoring) -> None:
    """Every `consumer_goods_per_luxury` consumer goods add `luxury_added` luxury good(s) to
    the count (values, majorities, set bonus); they take no goods-limit room."""
    p = contract.params
    counts = scoring.counts[owner]
    counts[BLUE] += counts[BLACK] // p["consumer_goods_per_luxury"] * p["luxury_added"]


@power("Cheap Shirts", end="prepare")
def cheap_shirts(
    game: GameAPI, s: IEState, owner: int, contract: Contract, scoring: Scoring
) -> None:
    """Move crew cards into goods up to the goods limit; scoring asks no questions, so the
    crew moves in the order it was taken (IE-POWER-14)."""
    room = game.goods_limit(s, owner) - len(s.goods[owner])
    while room > 0 and s.crew[owner]:
        s.goods[owner].append(s.crew[owner].pop(0))
        room -= 1


@power("Diamonds", end="prepare", params={"contracts": COUNT})
def diamonds(game: GameAPI, s: IEState, owner: int, contract: Contract, scoring: Scoring) -> None:
    """May move `contracts` fulfilled contracts into goods, within the goods limit (which
    each move lowers). Chosen for the owner: never one with an end-game power, Diamonds
    included; one of a type he holds fewest of first (IE-POWER-15)."""
    by_id = game.cards.contract_by_id
    for _ in range(contract.params["contracts"]):
        entries = game.powers.by_contract
        movable = [
            cid
            for cid in s.fulfilled[owner]
            if cid != contract.id and not (cid in entries and entries[cid].end)
        ]
        if not movable:
            return
        counts = game.good_counts(s, owner)
        best = min(movable, key=lambda cid: (counts[by_id[cid].color], by_id[cid].color != RED))
        game.leave_fulfilled(s, owner, best)
        if len(s.goods[owner]) >= game.goods_limit(s, owner):  # the limit the move lowered
            s.fulfilled[owner].append(best)
            return
        s.goods[owner].append(game.cards.card_of_contract[best])


@power("Ivory", end="awards", params={"credits": PAY})
def ivory(game: GameAPI, s: IEState, owner: int, contract: Contract, scoring: Scoring) -> None:
    """Holding the most illegal goods takes `credits` instead of paying the penalty; tied,
    one takes the share one would have paid (IE-POWER-16)."""
    penalties = [a for a in scoring.awards if a[1] == RED and a[2] < 0]
    for award in penalties:
        if award[0] == owner:
            award[2] = contract.params["credits"] if len(penalties) == 1 else -award[2]


@power(
    "Long Coats",
    end="counts",
    params={"value": PAY},
    restates={
        "base_value": Restated(
            "what a luxury good is worth without the power (scoring counts 1)", value=1
        )
    },
)
def long_coats(game: GameAPI, s: IEState, owner: int, contract: Contract, scoring: Scoring) -> None:
    """Each luxury good is worth `value` instead of `base_value`."""
    scoring.good_value[owner][BLUE] = contract.params["value"]


@power("Nice Suits", end="game", params={"payment": PAY})
def nice_suits(game: GameAPI, s: IEState, owner: int, contract: Contract, scoring: Scoring) -> None:
    """`payment` for the most containers on one's ships, at sea included; a tie pays
    nothing (IE-POWER-17), unless the owner wins ties (Foxes: IE-JP-3)."""
    loaded = [sum(len(ship.cargo) for ship in s.ships_of(p)) for p in range(s.n)]
    if game.has_most(s, owner, loaded):
        scoring.final[owner] += contract.params["payment"]


@power(
    "Sauna",
    end="awards",
    params={"multiplier": TIMES},
    restates={
        "illegal_penalty": Restated(
            "the illegal-goods penalty the power doubles (BaseRules.illegal_penalty)",
            rule="illegal_penalty",
        ),
        "doubled_illegal_penalty": Restated(
            "the penalty the power makes, multiplier x illegal_penalty",
            product=("multiplier", "illegal_penalty"),
        ),
    },
)
def sauna(game: GameAPI, s: IEState, owner: int, contract: Contract, scoring: Scoring) -> None:
    """Every majority award of the owner is multiplied by `multiplier`, the illegal
    penalty included."""
    for award in scoring.awards:
        if award[0] == owner:
            award[2] *= contract.params["multiplier"]


@power("Velvet Robes", end="game", params={"pay_per_card": PAY})
def velvet_robes(
    game: GameAPI, s: IEState, owner: int, contract: Contract, scoring: Scoring
) -> None:
    """Each card in the hand is worth `pay_per_card`."""
    scoring.final[owner] += contract.params["pay_per_card"] * len(s.hands[owner])
