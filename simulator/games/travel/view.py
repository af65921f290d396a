"""What a player may see: their own hand and the public table, never others' hands or the deck."""

from __future__ import annotations

from simulator.core.view import SeatView
from simulator.games.travel.cards import TravelCards
from simulator.games.travel.state import TravelState


class TravelView(SeatView):
    """A read-only, redacted window on the state for one player.

    Properties copy what they return, so a strategy cannot change the game. Other players'
    hands show only their size and the cards everybody saw enter them (`known`).
    """

    __slots__ = ("_s", "cards")

    def __init__(self, state: TravelState, player: int, cards: TravelCards) -> None:
        super().__init__(state, player)
        self._s = state
        """The seat's `_state`, typed: the compiled build reads its fields directly instead
        of looking their names up."""
        self.cards = cards

    def known(self, player: int) -> frozenset[int]:
        """Cards publicly known to be in `player`'s hand (the whole hand for oneself)."""
        if player == self.player:
            return frozenset(self._s.hands[player])
        return frozenset(self._s.known[player])

    def target(self, player: int) -> int:
        return self._s.target(player)

    @property
    def completed(self) -> tuple[int, ...]:
        return tuple(self._s.completed)

    @property
    def central(self) -> int:
        return self._s.central

    @property
    def discard(self) -> tuple[int, ...]:
        return tuple(self._s.discard)

    @property
    def deck_size(self) -> int:
        return len(self._s.deck)

    @property
    def characters(self) -> tuple[int, ...]:
        return tuple(self._s.character)

    def rule(self, name: str, player: int | None = None) -> int:
        """A rule number for a player (their character may change it)."""
        return self._s.rules[self.player if player is None else player][name]

    @property
    def current(self) -> int:
        return self._s.current
