"""What every game's player view shares: a live, read-only window on one seat's state."""

from __future__ import annotations

from typing import Protocol


class Seated(Protocol):
    """What a SeatView reads of every game's state: the players, their hands, the turn."""

    @property
    def n(self) -> int: ...

    @property
    def hands(self) -> list[list[int]]: ...

    @property
    def turn(self) -> int: ...


class SeatView:
    """Own hand and the public sizes; games add what else a player may see.

    A view reads the live state and copies what it returns, so one view per seat serves the
    whole game and a strategy cannot change the game through it. The state must have `n`
    (players), `hands` (lists of cards per seat) and `turn`.
    """

    __slots__ = ("_state", "player")

    def __init__(self, state: Seated, player: int) -> None:
        self._state = state
        self.player = player

    @property
    def n_players(self) -> int:
        return self._state.n

    @property
    def hand(self) -> tuple[int, ...]:
        return tuple(self._state.hands[self.player])

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple([len(h) for h in self._state.hands])

    @property
    def turn(self) -> int:
        return self._state.turn
