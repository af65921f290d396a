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

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from simulator.core.decision import Decision, Flow
from simulator.core.outcome import (
    Outcome,
    PlayerOutcome,
    lead_value,
    outcome_rewards,
    score_margin,
)
from simulator.core.view import SeatView

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
    from simulator.core.forward import Playthrough
    from simulator.core.seeding import GameRandom

View = TypeVar("View", bound=SeatView)
"""The view of the game a strategy plays (IEView, TravelView); a strategy for any game
sees the SeatView every game's view extends."""


@dataclass(frozen=True)
class Scale:
    """The values a strategy parameter accepts: its documented scale, `low` to `high` (both
    included), whole numbers only if `whole`. Outside it a bot's weight means nothing its
    code was written for (an aggression of 5 is not a chance)."""

    low: float
    high: float
    doc: str
    whole: bool = False

    def fault(self, value: float) -> str | None:
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


class Strategy(Generic[View]):
    """Base class for bots: `choose` returns one of `decision.options`.

    A strategy sees only `view`, the observation of the seat it plays, with hidden
    information removed (a `Strategy[IEView]` plays Import/Export's; a bare `Strategy`
    declares none); `rng` is the game's strategy stream (never global random state).
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

    def __init__(self, **overrides: object) -> None:
        self.settings: dict[str, Any] = {**self.params, **overrides}

    def choose(self, decision: Decision, view: View, rng: GameRandom) -> object:
        """One of `decision.options` (whichever value the game offers)."""
        raise NotImplementedError

    def looks_ahead_in(self, kinds: frozenset[str]) -> bool:
        """Whether this bot wants the forward model in a game whose rules ask these kinds of
        decision (`GameSpec.decision_kinds`): a searching bot always; a rule-based bot where
        some kind has no rule of its own, which it then answers by a short search. The
        engine keeps a game copyable only for a seat that says yes."""
        return self.looks_ahead

    def choose_ahead(
        self, decision: Decision, view: View, rng: GameRandom, model: Lookahead
    ) -> object:
        """A searching bot's choice (`looks_ahead`): `model` gives copies of the game as its
        seat may believe it to be. Others never receive one."""
        return self.choose(decision, view, rng)

    def bind(self, make: Callable[[str], Strategy[Any]]) -> None:
        """Called once built, with a maker of the game's strategies by `--strategy` text (a
        search bot's rollout policy); most strategies need none."""


class Lookahead(Protocol):
    """The forward model as one seat may use it (core.forward.SeatModel): the game as that
    seat may believe it to be, redealt at random where it cannot see."""

    seat: int

    def determinise(self, rng: GameRandom, copyable: bool = False) -> Playthrough[Any]:
        """A copy of the game at the pending decision with what the seat cannot see redealt
        from `rng`; `copyable` if it will be copied in turn. (`Any`: a strategy may search
        any game, whose state class it does not know.)"""
        ...
