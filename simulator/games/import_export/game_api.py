"""What the game offers the code that works on it from outside the rules' layers: the power
framework's callers, the reaction windows, the variants, the views and the replay's
narration (and the card powers, which reach the game through these public methods and
nothing private: tests/import_export/test_ie_game_api.py reads their sources to check it).

`ImportExportGame` (rules.py) implements `GameAPI`; the modules that use it import this
protocol, not the rules, so no module below the rules needs the rules class (no circle of
imports, not even for type hints). Each method says which layer implements it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from simulator.core.protocol import Decision, Flow
from simulator.core.seeding import GameRandom
from simulator.games.import_export.cards import ACTIONS, IECards
from simulator.games.import_export.powers.framework import PowerIndex
from simulator.games.import_export.rule_book import BaseRules
from simulator.games.import_export.state import IEState, Ship, ShipLike

KINDS = len(ACTIONS)
"""Token ids per colour: one per action a crew container may remember."""


@dataclass(frozen=True)
class Containers:
    """The physical-container variants of one game."""

    base: int
    """The first token id: the number of cards."""
    keep: frozenset[int]
    """Cards that stay cards as containers: their power concerns the card itself as a
    container (Yogurt, Bok Choy; FAQ: IE-VAR-6), so does Automation's and GPS's: they stay
    grey wild cards on the ships (IE-VAR-11). Found from the powers: a card hook on its own
    loading or plundering, or a power run when a ship carrying it completes."""
    everywhere: bool
    """containers_all: crew and goods are physical containers too (IE-VAR-10)."""

    def token(self, color: int, action: int) -> int:
        """The physical container of a colour, remembering the action of its card."""
        return self.base + KINDS * color + action


class GameAPI(Protocol):
    """Import/Export bound to one config and card sheet, as its collaborators see it."""

    cards: IECards
    """The compiled card sheet (cards.py)."""
    rules: BaseRules
    """The rule numbers, with the run's --rule overrides (rule_book.py)."""
    powers: PowerIndex
    """The powers of this game's cards, indexed (powers/framework.py)."""
    color: tuple[int, ...]
    """A card's (or token's) colour as a good, crew, wildcard or setup container."""
    actions: tuple[int, ...]
    """A card's (or token's) action."""
    names: tuple[str, ...]
    n_cards: int
    """Card ids are below it; physical containers (tokens) at or above it."""
    variants: tuple[str, ...]
    market: bool
    tokens: Containers | None
    all_tokens: bool
    tokyo_port: bool

    def discard_contracts(self, s: IEState, p: int, i: int) -> None: ...  # actions.py

    def contract_cargo(
        self, ship: ShipLike, contracts: Sequence[int], s: IEState | None, rainbow: Any
    ) -> list[dict[int, int]]: ...  # cargo.py

    def wild_colors(self, s: IEState | None, owner: int) -> Any: ...  # cargo.py

    def as_card(self, s: IEState, card: int) -> int | None: ...  # game_base.py

    def fits(self, ship: ShipLike, color: int, s: IEState | None = None) -> bool: ...  # cargo.py

    def gain(self, s: IEState, p: int, amount: int, cause: str = "") -> None: ...  # game_base.py

    def pay(self, s: IEState, p: int, amount: int, cause: str = "") -> bool: ...  # game_base.py

    def to_discard(self, s: IEState, p: int, card: int) -> None: ...  # game_base.py

    def remaining(
        self, ship: ShipLike, extra: int | None = None, s: IEState | None = None
    ) -> tuple[dict[int, int], int]: ...  # cargo.py

    def play_options(
        self, s: IEState, p: int, action: int, following: bool = False
    ) -> tuple[Any, ...]: ...  # turn.py

    def crew_limit(self, s: IEState, p: int) -> int: ...  # limits.py

    def good_end_value(self, s: IEState, p: int, card: int) -> int: ...  # scoring.py

    def goods_limit(self, s: IEState, p: int) -> int: ...  # limits.py

    def level(self, s: IEState, p: int, color: int) -> int: ...  # limits.py

    def missing_levels(self, s: IEState, p: int, contract_id: int) -> int: ...  # limits.py

    def port_columns(self, s: IEState) -> tuple[tuple[int, ...], ...]: ...  # tokyo_port.py

    def port_cost(self, s: IEState, p: int, card: int) -> int: ...  # tokyo_port.py

    def can_hold(
        self, ship: ShipLike, contract_id: int, s: IEState | None = None
    ) -> bool: ...  # cargo.py

    def room(self, ship: ShipLike, s: IEState) -> int: ...  # cargo.py

    def load_action(self, s: IEState, p: int) -> Flow: ...  # actions.py

    def ship_home(self, s: IEState, ship: Ship) -> Flow: ...  # ships.py

    def goods_count(self, s: IEState, p: int, color: int | None = None) -> int: ...  # limits.py

    def goods_fit(self, s: IEState, p: int, card: int) -> bool: ...  # limits.py

    def emit(
        self, s: IEState, event: str, player: int, payload: Any
    ) -> Iterator[Decision]: ...  # game_base.py

    def deck_pop(self, s: IEState) -> int | None: ...  # game_base.py

    def leave_fulfilled(self, s: IEState, p: int, contract_id: int) -> None: ...  # invariants.py

    def allow_over_limit(self, s: IEState, p: int, zone: str) -> None: ...  # invariants.py

    def load_container(
        self, s: IEState, p: int, ship: Ship, card: int, color: int
    ) -> Flow: ...  # loading.py

    def place_contract(
        self, s: IEState, p: int, card: int, contract_id: int, i: int, source: Any = None
    ) -> Flow: ...  # loading.py

    def ships_in_port(self, s: IEState, p: int) -> list[tuple[int, Ship]]: ...  # cargo.py

    def has_most(self, s: IEState, p: int, values: list[int]) -> bool: ...  # game_base.py

    def crew_count(self, s: IEState, p: int, action: int) -> int: ...  # limits.py

    def crew_actions(self, s: IEState, p: int, action: int) -> int: ...  # limits.py

    def crew_actions_by_type(self, s: IEState, p: int) -> list[int]: ...  # limits.py

    def goods_colors(self, s: IEState, p: int) -> list[int]: ...  # limits.py

    def types_of_goods(self, goods: list[int]) -> list[int]: ...  # limits.py

    def good_counts(self, s: IEState, p: int) -> list[int]: ...  # scoring.py

    def goods_score_of(self, s: IEState, counts: list[list[int]], p: int) -> int: ...  # scoring.py

    def goods_in(self, s: IEState, p: int, card: int) -> int: ...  # limits.py

    def solo_action(
        self, s: IEState, rng: GameRandom, p: int, action: int
    ) -> Flow: ...  # actions.py

    def capacity(self, s: IEState | None, p: int) -> int: ...  # game_base.py

    def payout(self, s: IEState, p: int, containers: int) -> int: ...  # game_base.py

    def draws_to(self, s: IEState, p: int) -> int: ...  # game_base.py

    def end_threshold(self, s: IEState, p: int) -> int | None: ...  # game_base.py

    def compensation_to(self, s: IEState, owner: int) -> int: ...  # game_base.py

    def port_column(self, card: int) -> int: ...  # tokyo_port.py

    def holds_hand_any_time(self, s: IEState, p: int) -> bool: ...  # game_base.py

    # The rules' own steps that powers repeat or start (a power's extra load, plunder or
    # import, goods and crew gained, a ship checked for completion, majorities recounted).

    def check_complete(self, s: IEState, ship: Ship) -> Flow: ...  # fulfilment.py

    def contract_options(
        self, s: IEState, p: int, budget: int, cost: int, cards: list[int] | None = None
    ) -> list[Any]: ...  # actions.py

    def draw_up(self, s: IEState, rng: GameRandom, p: int) -> None: ...  # turn.py

    def import_rounds(
        self,
        s: IEState,
        rng: GameRandom,
        order: list[int],
        declared: list[int],
        alone: bool = False,
    ) -> Flow: ...  # auctions.py

    def load_from_hand(self, s: IEState, rng: GameRandom, p: int) -> Flow: ...  # actions.py

    def load_options(
        self, s: IEState, p: int, cards: list[int], fee: bool = True
    ) -> tuple[Any, ...]: ...  # actions.py

    @staticmethod
    def majority_shares(
        counts: list[list[int]], color: int, amount: int, favourite: int | None = None
    ) -> list[tuple[int, int]]: ...  # scoring.py

    def pirate(
        self, s: IEState, rng: GameRandom, p: int, ships_only: bool = False
    ) -> Flow: ...  # plunder.py

    def take_from_ship(
        self, s: IEState, p: int, ship: Ship, count: int, optional_from: int | None = None
    ) -> Flow: ...  # auctions.py

    def to_crew(self, s: IEState, p: int, card: int) -> bool: ...  # limits.py

    def to_goods(self, s: IEState, p: int, card: int) -> Flow: ...  # limits.py
