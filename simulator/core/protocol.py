"""The small API between the core, a game's rules and the strategies.

A game's rules are a generator: `play(state)` yields a `Decision` whenever a player must
choose and receives the chosen option back. Every choice of every kind (actions, costs,
targets, trade offers and answers, off-turn reactions) goes through the same call, the way
TAG keeps multi-step decisions on a stack. Between turns the state is plain data that can
be copied and played on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from simulator.core.decision import Decision, Flow

__all__ = ["Decision", "Flow", "Outcome", "PlayerOutcome", "Strategy"]

if TYPE_CHECKING:
    from simulator.core.seeding import GameRandom


@dataclass
class PlayerOutcome:
    """What one seat did and got, in card-sheet ids."""

    score: float
    placement: int
    events: dict[str, list[int]]
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass
class Outcome:
    """The result of one game."""

    turns: int
    first_player: int
    winners: list[int]
    end_reason: str
    players: list[PlayerOutcome]


class Strategy:
    """Base class for bots: `choose` returns one of `decision.options`.

    A strategy sees only `view`, the observation of the seat it plays, with hidden
    information removed; `rng` is the game's strategy stream (never global random state).
    Parameters come from `name:key=value` on the command line; declare them in `params`.
    """

    name: str = "strategy"
    params: ClassVar[dict[str, Any]] = {}

    def __init__(self, **overrides: Any) -> None:
        self.settings: dict[str, Any] = {**self.params, **overrides}

    def choose(self, decision: Decision, view: Any, rng: GameRandom) -> Any:
        raise NotImplementedError
