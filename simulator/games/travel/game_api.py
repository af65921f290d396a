"""What the travel game offers its events, special items and the replay's narration: the
`TravelAPI` protocol, which `TravelGame` (rules.py) implements. Those modules import this
protocol, not the rules, so no circle of imports forms, not even for type hints."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeAlias

from simulator.core.protocol import Flow
from simulator.core.seeding import GameRandom
from simulator.games.travel.cards import TravelCards
from simulator.games.travel.state import TravelState


class TravelAPI(Protocol):
    """The travel game bound to one config and card sheet, as its collaborators see it."""

    cards: TravelCards
    types: tuple[str, ...]
    """Each card's type (item, country, postcard, event, special, forbidden, ...)."""
    is_forbidden: tuple[bool, ...]
    is_postcard: tuple[bool, ...]
    is_event: tuple[bool, ...]
    effect: tuple[str | None, ...]
    """Each card's effect name (events, special items, characters), or None."""
    expansion_deck: tuple[int, ...]
    use_characters: bool

    def discard(self, s: TravelState, p: int, card: int, how: str = "discarded") -> None: ...

    def draw(self, s: TravelState, rng: GameRandom, p: int) -> Flow: ...

    def over_limit(self, s: TravelState, p: int) -> Flow: ...

    def remove(self, s: TravelState, p: int, card: int) -> None: ...

    def take(self, s: TravelState, p: int, card: int, how: str, check: bool = True) -> None: ...

    def check_postcards(self, s: TravelState, p: int) -> None: ...

    def mousetrap(self, s: TravelState, victim: int, thief: int) -> Flow: ...

    def take_random(self, s: TravelState, rng: GameRandom, p: int, q: int, count: int) -> Flow: ...


Effect: TypeAlias = Callable[[TravelAPI, TravelState, GameRandom, int, int], Flow]
"""An event's or a special item's power, registered by its `effect` name (events.EFFECTS,
special_items.ACTIONS and ANY_TIME): `(game, state, rng, player, card)`, a generator of the
decisions it asks, returning what the rules need next (a special item: whether a Mousetrap
ended the turn, or the actions it adds)."""
