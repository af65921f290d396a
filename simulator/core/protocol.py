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

__all__ = ["Decision", "Flow", "Outcome", "PlayerOutcome", "Scale", "Strategy"]

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


@dataclass(frozen=True)
class Scale:
    """The values a strategy parameter accepts: its documented scale, `low` to `high` (both
    included), whole numbers only if `whole`. Outside it a bot's weight means nothing its
    code was written for (an aggression of 5 is not a chance)."""

    low: float
    high: float
    doc: str
    whole: bool = False

    def fault(self, value: Any) -> str | None:
        """Why `value` is outside the scale, or None."""
        if self.whole and not float(value).is_integer():
            return "is not a whole number"
        if not self.low <= value <= self.high:
            return "is outside its scale"
        return None

    def text(self) -> str:
        """`0 to 1` (`0 or 1` for a whole-number switch)."""
        joint = "or" if self.whole and self.high - self.low == 1 else "to"
        return f"{self.low:g} {joint} {self.high:g}"


class Strategy:
    """Base class for bots: `choose` returns one of `decision.options`.

    A strategy sees only `view`, the observation of the seat it plays, with hidden
    information removed; `rng` is the game's strategy stream (never global random state).
    Parameters come from `name:key=value` on the command line; declare them in `params`,
    each with its accepted range in `scales` (checked by `strategies.registry.resolve`).
    """

    name: str = "strategy"
    params: ClassVar[dict[str, Any]] = {}
    scales: ClassVar[dict[str, Scale]] = {}
    """Parameter -> its accepted range; a strategy of the registry declares one for each."""

    def __init__(self, **overrides: Any) -> None:
        self.settings: dict[str, Any] = {**self.params, **overrides}

    def choose(self, decision: Decision, view: Any, rng: GameRandom) -> Any:
        raise NotImplementedError
