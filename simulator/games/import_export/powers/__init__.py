"""The power framework: each card's unique power is a small function registered by name.

A power module registers handlers with `@power("Almonds", on_fulfil=True)` etc. When a
game starts, `index_for` keeps only the cards of that game; ongoing hooks are added to the
state when their contract is fulfilled, so an event consults only the powers in play.
Numbers come from the card sheet's `params` (`contract.params["high_pay"]`), never from code.

Timings (the card sheet's `timing` column): `immediate` (once, on fulfilment), `ongoing`
(hooks on events while fulfilled), `end_game` (scoring), `any_time` (offered as decisions).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from simulator.games.import_export.cards import IECards
    from simulator.games.import_export.rules import Flow, ImportExportGame
    from simulator.games.import_export.state import IEState

EVENTS = ("contract_placed", "container_loaded", "contract_fulfilled", "goods_added")
"""What ongoing hooks can listen to; the engine emits each at one place."""
END_STAGES = ("prepare", "counts", "awards", "game")
"""Scoring stages, in order (rules.ImportExportGame.score)."""


@dataclass
class Power:
    """The handlers of one card's power."""

    name: str
    on_fulfil: Callable[..., Any] | None = None
    """Generator (game, state, owner, contract) -> Flow, run once when fulfilled."""
    hooks: dict[str, Callable[..., Any]] = field(default_factory=dict)
    """event -> generator (game, state, owner, contract, actor, payload) -> Flow."""
    end: dict[str, Callable[..., Any]] = field(default_factory=dict)
    """Scoring stage (prepare, counts, awards, game) -> (game, state, owner, contract,
    scoring) -> None; see rules.Scoring."""


POWERS: dict[str, Power] = {}


def power(
    name: str,
    *,
    on_fulfil: bool = False,
    hook: str | None = None,
    end: str | None = None,
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register a function as (part of) the power of the card called `name`.

    `on_fulfil`: once when fulfilled; `hook`: an event while fulfilled (EVENTS); `end`: a
    scoring stage (END_STAGES)."""

    def register(func: Callable[..., Any]) -> Callable[..., Any]:
        entry = POWERS.setdefault(name, Power(name))
        if on_fulfil:
            entry.on_fulfil = func
        if hook is not None:
            if hook not in EVENTS:
                raise ValueError(f"{name}: unknown event '{hook}'; events: {', '.join(EVENTS)}")
            entry.hooks[hook] = func
        if end is not None:
            if end not in END_STAGES:
                raise ValueError(f"{name}: unknown scoring stage '{end}'; stages: {END_STAGES}")
            entry.end[end] = func
        return func

    return register


class PowerIndex:
    """The powers of one game's cards, by contract id; consulted only for cards in play."""

    def __init__(self, by_contract: dict[int, Power]) -> None:
        self.by_contract = by_contract

    def fulfilled(self, game: ImportExportGame, s: IEState, owner: int, contract_id: int) -> Flow:
        entry = self.by_contract.get(contract_id)
        if entry is None:
            return
        for event in entry.hooks:
            s.hooks.setdefault(event, []).append((owner, contract_id))
        if entry.on_fulfil is not None:
            yield from entry.on_fulfil(game, s, owner, game.cards.contract_by_id[contract_id])

    def emit(
        self, game: ImportExportGame, s: IEState, event: str, actor: int, payload: Any
    ) -> Flow:
        listeners = s.hooks.get(event)
        if not listeners:
            return
        for owner, contract_id in list(listeners):
            handler = self.by_contract[contract_id].hooks[event]
            yield from handler(
                game, s, owner, game.cards.contract_by_id[contract_id], actor, payload
            )

    def end_stage(self, stage: str, game: ImportExportGame, s: IEState, scoring: Any) -> None:
        """Run one scoring stage for every fulfilled contract with a handler for it."""
        for owner in range(s.n):
            for contract_id in list(s.fulfilled[owner]):
                entry = self.by_contract.get(contract_id)
                if entry is not None and stage in entry.end:
                    contract = game.cards.contract_by_id[contract_id]
                    entry.end[stage](game, s, owner, contract, scoring)

    def held_cards(self, s: IEState) -> list[int]:
        """Cards a power keeps outside the usual zones (none yet)."""
        return []


def _load_power_modules() -> None:
    from simulator.games.import_export.powers import base  # noqa: F401


def index_for(cards: IECards) -> PowerIndex:
    """Index the implemented powers of the cards in this game."""
    _load_power_modules()
    by_contract = {}
    for contracts in cards.contracts:
        for contract in contracts:
            entry = POWERS.get(contract.name)
            if entry is not None:
                by_contract[contract.id] = entry
    return PowerIndex(by_contract)


def missing_powers(names: list[str]) -> list[str]:
    """The card names without an implemented power: the to-do list of the power issues."""
    _load_power_modules()
    return [n for n in names if n not in POWERS]
