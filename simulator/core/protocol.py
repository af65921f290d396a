"""The small API between the core, a game's rules and the strategies.

A game's rules stop at every choice a player must make and hand a `Decision` to the play
loop (core/engine.py), which asks that seat's strategy and gives the answer back. Every
choice of every kind (actions, costs, targets, trade offers and answers, off-turn
reactions) goes through the same call, the way TAG keeps multi-step decisions on a stack.
Where a game stands, pending steps included, is data in its state (core/machine.py), so a
game can be copied at any decision (core/forward.py); a searching strategy gets that
forward model for its seat (`Strategy.choose_ahead`, `Lookahead`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from simulator.core.decision import Decision, Flow

__all__ = [
    "Decision",
    "Flow",
    "Lookahead",
    "Outcome",
    "PlayerOutcome",
    "Scale",
    "Strategy",
    "lead_value",
    "outcome_rewards",
    "score_margin",
]

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


def lead_value(scores: Sequence[float], spread: float) -> list[float]:
    """Each player's lead over the best of the others, as a value from 0 to 1: 0.5 level,
    towards 1 ahead, towards 0 behind; `spread` is the lead worth about 0.98 (tanh 2).

    How a search scores a position it stops short of the end: it ranks the leaders as the
    outcome would, and a wide lead above a narrow one (a place alone cannot tell them)."""
    n = len(scores)
    if n < 2:
        return [0.5] * n
    values = []
    for p, own in enumerate(scores):
        best_other = max(score for q, score in enumerate(scores) if q != p)
        values.append(0.5 + 0.5 * math.tanh(2.0 * (own - best_other) / max(spread, 1e-9)))
    return values


def outcome_rewards(outcome: Outcome, value: str = "placement") -> list[float]:
    """Each player's reward in 0..1 from a finished game's outcome. `placement`:
    (players - place) / (players - 1), 1 for first and 0 for last, ties sharing the place;
    `win`: 1 for a winner, shared by ties."""
    n = len(outcome.players)
    if value == "win":
        winners = outcome.winners
        share = 1.0 / len(winners) if winners else 0.0
        return [share if p in winners else 0.0 for p in range(n)]
    if n == 1:
        return [1.0]
    return [(n - player.placement) / (n - 1) for player in outcome.players]


def score_margin(outcome: Outcome) -> list[float]:
    """The default evaluation of a game stopped before its end: each player's score margin
    (`lead_value`), on the spread of the largest score so far (at least 1)."""
    scores = [player.score for player in outcome.players]
    return lead_value(scores, max(1.0, *(abs(s) for s in scores)))


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
    looks_ahead: ClassVar[bool] = False
    """A searching bot: the engine asks it through `choose_ahead`, with the forward model of
    its seat, and keeps its games copyable at every decision for it."""

    def __init__(self, **overrides: Any) -> None:
        self.settings: dict[str, Any] = {**self.params, **overrides}

    def choose(self, decision: Decision, view: Any, rng: GameRandom) -> Any:
        raise NotImplementedError

    def looks_ahead_in(self, kinds: frozenset[str]) -> bool:
        """Whether this bot wants the forward model in a game whose rules ask these kinds of
        decision (`GameSpec.decision_kinds`): a searching bot always; a rule-based bot where
        some kind has no rule of its own, which it then answers by a short search. The
        engine keeps a game copyable only for a seat that says yes."""
        return self.looks_ahead

    def choose_ahead(self, decision: Decision, view: Any, rng: GameRandom, model: Lookahead) -> Any:
        """A searching bot's choice (`looks_ahead`): `model` gives copies of the game as its
        seat may believe it to be. Others never receive one."""
        return self.choose(decision, view, rng)

    def bind(self, make: Callable[[str], Strategy]) -> None:
        """Called once built, with a maker of the game's strategies by `--strategy` text (a
        search bot's rollout policy); most strategies need none."""


class Lookahead(Protocol):
    """The forward model as one seat may use it (core.forward.SeatModel): the game as that
    seat may believe it to be, redealt at random where it cannot see."""

    seat: int

    def determinise(self, rng: GameRandom, copyable: bool = False) -> Any:
        """A copy of the game at the pending decision (a core.forward.Playthrough) with what
        the seat cannot see redealt from `rng`; `copyable` if it will be copied in turn."""
        ...
