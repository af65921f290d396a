"""The forward model: one game in progress that any bot, test or designer can copy at any
decision, play on, and redeal for one seat (TAG's forward model, OpenSpiel's `clone()`).

    pt = Playthrough.start(game, master_seed, game_index)
    while pt.decision is not None:
        pt.apply(choose(pt.decision))
    pt.outcome()

`clone()` is an independent copy at the same decision, inside a card power's resolution too
(core/machine.py: the power's generator is made again from a copy of the state taken when it
started, and given the same answers); continuing the copy and the original with the same
answers plays the same game, and nothing done to the copy changes the original.
`for_seat(seat, rng)` is a copy in which what that seat cannot see (other hands, the deck's
order, the rules' random stream) is redealt at random, consistently with what it sees: a
determinisation, as information-set search needs. `engine.play_game` plays every game through
a Playthrough, and the rules' tests step through one (`Playthrough.begin`, on a table they
arranged), so there is one way to play.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic

from simulator.core import machine
from simulator.core.decision import Decision
from simulator.core.machine import State
from simulator.core.narration import Narrator
from simulator.core.outcome import Outcome, outcome_rewards, score_margin
from simulator.core.seeding import RULES_STREAM, GameRandom
from simulator.core.spec import Game

if TYPE_CHECKING:
    from simulator.core.view import SeatView

Policy = Callable[[Decision, "Playthrough[Any]", GameRandom], object]
"""(decision, playthrough, rng) -> one of decision.options: how a playout plays on (a
policy plays any game: it reads the decision, and the playthrough only as every game's)."""

MARGIN_SHARE = 0.01
"""The share of a finished game's value given by the score margin (Playthrough.values):
enough to break ties between equal places, never enough to trade a place for credits."""


class Playthrough(Generic[State]):
    """One game in progress: the game (rules bound to a config and sheet), its state, and the
    decision it waits on (None once it is over). Generic over the game's state class:
    `Playthrough[IEState]` holds an Import/Export game."""

    __slots__ = ("game", "state", "decision", "kept_hidden")

    def __init__(self, game: Game[State], state: State, decision: Decision | None) -> None:
        self.game = game
        self.state = state
        self.decision = decision
        self.kept_hidden = False
        """A determinisation that kept the true hidden cards (see `for_seat`)."""

    @classmethod
    def start(
        cls,
        game: Game[State],
        master_seed: int,
        game_index: int,
        *,
        deal: int | None = None,
        trace: Narrator | None = None,
        clonable: bool = True,
    ) -> Playthrough[State]:
        """Game `game_index` of a run with `master_seed`, at its first decision. `deal` is the
        index of the rules stream (default: the game's own; duplicate deals share one).
        `clonable=False` spares the copies that make a playthrough copyable inside a power
        (one per power resolved): a run's games are never copied."""
        rules_index = game_index if deal is None else deal
        rng = GameRandom.for_game(master_seed, rules_index, RULES_STREAM)
        state = game.new_state(rng)
        state.clonable = clonable
        if trace is not None:
            state.trace = trace  # the rules narrate the game (deckhand replay)
        return cls.begin(game, state, rng)

    @classmethod
    def begin(cls, game: Game[State], state: State, rng: GameRandom) -> Playthrough[State]:
        """The game started on `state`, dealt already, with the rules stream `rng`, at its
        first decision: how `start` starts every game, and how a rules test starts one on a
        table it arranged by hand (tests/flow_driver.py)."""
        state.rng = rng
        game.begin(state)
        return cls(game, state, machine.run(game, state))

    @property
    def over(self) -> bool:
        return self.decision is None

    def apply(self, choice: object) -> Decision | None:
        """Answer the pending decision with one of its options; returns the next decision
        (None: the game is over). The choice is not checked here (engine.play_game does)."""
        if self.decision is None:
            raise ValueError("the game is over: no decision to answer")
        self.decision = decision = machine.answer(self.game, self.state, choice)
        return decision

    def outcome(self) -> Outcome:
        """Scores, winners and per-player events, once the game is over."""
        if self.decision is not None:
            raise ValueError("the game is not over yet")
        return self.game.outcome(self.state)

    def values(self, value: str = "placement") -> list[float]:
        """Each player's standing from 0 to 1: a finished game's outcome rewards (`value`:
        placement or win, core.protocol.outcome_rewards), with `MARGIN_SHARE` of the score
        margin so that of two lines ending in the same places the wider win (or narrower
        loss) is worth more; an unfinished one's evaluation as
        its game declares it (`GameSpec.evaluation`), or else its score margin so far. How a
        search scores a playout, wherever it stopped."""
        game = self.game
        if self.decision is None:
            outcome = game.outcome(self.state)
            ends = outcome_rewards(outcome, value)
            margins = score_margin(outcome)
            return [
                (1 - MARGIN_SHARE) * e + MARGIN_SHARE * m
                for e, m in zip(ends, margins, strict=True)
            ]
        evaluate = game.spec.evaluation
        if evaluate is not None:
            return evaluate(game, self.state)
        return score_margin(game.outcome(self.state))

    def play_out(
        self, policy: Policy, rng: GameRandom, decisions: int = 0, value: str = "placement"
    ) -> list[float]:
        """Play on by `policy` for `decisions` decisions (0: to the end; a decision with one
        option is taken, not counted), then each player's value where the game stands
        (`values`): the rollout of every search (mcts, strategies/short_search.py)."""
        played = 0
        decision = self.decision
        while decision is not None and (decisions <= 0 or played < decisions):
            options = decision.options
            if len(options) == 1:
                choice = options[0]
            else:
                choice = policy(decision, self, rng)
                played += 1
            decision = self.apply(choice)
        return self.values(value)

    def observe(self, player: int) -> SeatView:
        """What `player` may see now (the game's redacted view)."""
        return self.game.observe(self.state, player)

    def clone(self) -> Playthrough[State]:
        """An independent copy at the same decision."""
        state = self.state
        if not state.clonable:
            raise ValueError("this playthrough was started with clonable=False")
        frame = machine.waiting_flow(state)
        if frame is None:
            return Playthrough(self.game, self.game.copy_state(state), self.decision)
        if frame.snapshot is None:
            raise ValueError("the power being resolved started before the state was copyable")
        copy = self.game.copy_state(frame.snapshot)
        decision = machine.resume_flow(self.game, copy, frame)
        return Playthrough(self.game, copy, decision)

    def for_seat(self, seat: int, rng: GameRandom) -> Playthrough[State]:
        """A copy in which everything `seat` cannot see is redealt at random among the
        places it cannot see into (other hands keep their sizes, the deck its size), and the
        rules' random stream is a new one drawn from `rng`: a determinisation for that seat.

        Inside a power's resolution the redeal is made where the power started (its
        snapshot) and the power is played forward on its answers, so that whatever the
        power holds is consistent with the redealt cards; should the redealt cards change
        what the power asks (an answer no longer offered), the copy keeps the true hidden
        cards for the power's duration instead, and is redealt where it stands (rare: a
        power that looked at hidden cards)."""
        state = self.state
        if not state.clonable:
            raise ValueError("this playthrough was started with clonable=False")
        game = self.game
        frame = machine.waiting_flow(state)
        if frame is None or frame.snapshot is None:
            copy = game.copy_state(state)
            game.redeal(copy, seat, rng)
            copy.rng = _fresh_stream(rng)
            return Playthrough(game, copy, self.decision)
        copy = game.copy_state(frame.snapshot)
        game.redeal(copy, seat, rng)
        copy.rng = _fresh_stream(rng)
        try:
            decision = machine.resume_flow(game, copy, frame, strict=True)
        except machine.ReplayDiverged:
            decision = None
        if decision is not None and _same_question(decision, self.decision, seat):
            return Playthrough(game, copy, decision)
        fallback = self.clone()
        fallback.state.rng = _fresh_stream(rng)
        fallback.kept_hidden = True
        return fallback


def _fresh_stream(rng: GameRandom) -> GameRandom:
    """A rules stream for a determinised copy, seeded from the searching bot's stream: the
    true stream would tell the copy the future's shuffles."""
    return GameRandom.from_seed(rng.below(2**31) << 31 | rng.below(2**31))


def _same_question(a: Decision, b: Decision | None, seat: int) -> bool:
    """The redealt copy asks what the original asks: the same player and kind, and the same
    options when it is `seat` who decides (what it sees did not change)."""
    if b is None or a.player != b.player or a.kind != b.kind:
        return False
    return a.player != seat or list(a.options) == list(b.options)


class SeatModel(Generic[State]):
    """The forward model as one seat may use it (core.protocol.Lookahead): copies of the
    game at the pending decision with what the seat cannot see redealt. The engine hands
    one to a searching strategy; the true game, hidden cards included, stays out of reach."""

    __slots__ = ("_playthrough", "seat")

    def __init__(self, playthrough: Playthrough[State], seat: int) -> None:
        self._playthrough = playthrough
        self.seat = seat

    def determinise(self, rng: GameRandom, copyable: bool = False) -> Playthrough[State]:
        """A determinisation for the seat (`Playthrough.for_seat`), redealt from `rng`.
        Not `copyable` (the default) spares the copy of the state each power would take as
        it starts: a search that only plays a determinisation on never copies it."""
        copy = self._playthrough.for_seat(self.seat, rng)
        copy.state.clonable = copyable
        return copy
