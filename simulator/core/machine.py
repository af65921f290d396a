"""Where a game stands within a turn, as data: a stack of pending steps, run by one loop.

TAG keeps a game's pending actions on a stack in its state, so the state alone says what
happens next and can be copied at any decision. Deckhand's rules do the same: a game's state
holds `stack`, a list of steps, each a tuple `(function, *arguments)` whose function is
called as `function(game, state, step)`. A step does its part of the rules and may push
further steps (what it needs done next, last pushed first run). When a player must choose,
it pushes the step that takes the answer and returns the `Decision`: the loop stops there,
and `answer` puts the choice in `state.answer` and runs on. A step hands a result to the
step after it in `state.ret`. Arguments are immutable (ints, tuples, strings), so copying
the stack is copying a list.

Card powers stay generators (core.protocol.Flow), written as the rulebook reads. A power is
pushed as `start_flow` with a function making its generator from the game and the state
(`push_flow`); while it runs it is the top of the stack (`run_flow`), and everything it
asks goes through the same loop. A generator cannot be copied, so in a state that must be
copyable at any decision (`state.clonable`, set by core.forward.Playthrough) the loop keeps,
for the generator being resolved, a copy of the state taken when it started and the answers
it was given since: a copy of the state is that copy with the generator made again and
played forward on the same answers (`resume_flow`). Only one generator is ever being
resolved: the steps below it wait, and a power that needs rules which are steps runs them
on a stack of its own inside its generator (`nested`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from simulator.core.decision import Decision, Flow

if TYPE_CHECKING:
    from simulator.core.narration import Narrator
    from simulator.core.seeding import GameRandom

Step = tuple[Any, ...]
"""A pending step: (function, *arguments), the function called as function(game, state,
step) -> Decision | None. (Its parts are the game's own: a function of the game's rules
class and state, and arguments of any immutable kind.)"""

MakeFlow = Callable[[Any, Any], Flow]
"""(game, state) -> the generator of a power or a rule written as one, made when it starts
(of the game's own rules class and state, which the loop only passes on)."""


class GameEnded(Exception):
    """Raised anywhere in a game's rules when the game ends at once (a card's win
    condition, a travel win): the loop empties the stack and tells the game
    (`Rules.ended_at_once`)."""


class GameState(Protocol):
    """What the core reads and writes of a game's state, whatever else the game keeps in it:
    the pending steps and the answer and result passed between them (this loop runs them),
    whether it must be copyable at any decision (core/forward.py), the rules' random stream
    and a replay's narrator (set when a game starts)."""

    stack: list[Step]
    answer: Any
    """The answer to the last decision: any option the game offered."""
    ret: Any
    """What the last finished step handed the next: whatever the game's steps pass on."""
    clonable: bool
    rng: GameRandom
    trace: Narrator | None


State = TypeVar("State", bound=GameState)
"""A game's own state class (IEState, TravelState): its rules, the loop and a playthrough
of one game all hold the same one."""


class Rules(Protocol[State]):
    """What this loop needs of a game's rules, beyond the steps themselves: a copy of a state
    (a generator's snapshot) and the end of a game that ended at once. The whole contract a
    game implements, core.spec.Game, extends it."""

    def copy_state(self, state: State) -> State:
        """A deep copy: zones, counters, the stack, a random stream of its own that draws
        what the original's would."""
        ...

    def ended_at_once(self, state: State, over: GameEnded) -> None:
        """The rules raised GameEnded (a win by a card's condition): the loop emptied the
        stack; finish the game."""
        ...


class FlowFrame(Generic[State]):
    """The generator being resolved: the generator, and, in a copyable state, how to make it
    again and where it started (the state then, the answers since)."""

    __slots__ = ("flow", "make", "snapshot", "answers", "started")

    def __init__(self, flow: Flow, make: MakeFlow, snapshot: State | None) -> None:
        self.flow = flow
        self.make = make
        self.snapshot = snapshot
        """A copy of the state when the generator started (None unless `clonable`)."""
        self.answers: list[object] = []
        """Every answer the generator was given, in order (kept only with a snapshot)."""
        self.started = False


def start_flow(game: Rules[State], s: State, step: Step) -> Decision | None:
    """The step that starts a generator (`push_flow`): snapshot if the state must be
    copyable, then run it to its first decision."""
    make = step[1]
    snapshot = game.copy_state(s) if s.clonable else None
    frame = FlowFrame(make(game, s), make, snapshot)
    return _send(s, frame, None)


def run_flow(game: object, s: State, step: Step) -> Decision | None:
    """The step of the generator being resolved, `(run_flow, frame)`: give it the answer,
    run to its next decision or its end."""
    frame: FlowFrame[State] = step[1]
    answer = s.answer
    if frame.snapshot is not None:
        frame.answers.append(answer)
    return _send(s, frame, answer)


def _send(s: State, frame: FlowFrame[State], answer: object) -> Decision | None:
    try:
        decision = frame.flow.send(answer) if frame.started else next(frame.flow)
    except StopIteration as done:
        s.ret = done.value
        return None
    frame.started = True
    s.stack.append((run_flow, frame))
    return decision


def waiting_flow(s: State) -> FlowFrame[State] | None:
    """The generator the state waits on (the top of its stack), if any."""
    stack = s.stack
    if stack and stack[-1][0] is run_flow:
        frame: FlowFrame[State] = stack[-1][1]
        return frame
    return None


def push_flow(s: GameState, make: MakeFlow) -> None:
    """Push a generator to start when its turn comes (`make(game, state)` makes it then, so
    that it sees the state as it is when it starts)."""
    s.stack.append((start_flow, make))


def run(game: Rules[State], s: State) -> Decision | None:
    """Run the pending steps until one asks a decision (returned) or none is left (None:
    the game is over)."""
    stack = s.stack
    try:
        while stack:
            step = stack.pop()
            decision = step[0](game, s, step)
            if decision is not None:
                return decision
    except GameEnded as over:
        stack.clear()
        game.ended_at_once(s, over)
        return run(game, s)
    return None


def answer(game: Rules[State], s: State, choice: object) -> Decision | None:
    """Give the pending decision its answer and run to the next decision (None: over)."""
    s.answer = choice
    return run(game, s)


def nested(game: object, s: GameState, steps: list[Step]) -> Flow:
    """Run steps on a stack of their own, as a generator: how a power (a generator) uses the
    rules written as steps (`yield from game.pirate(...)`). The steps see the state's stack
    as theirs while they run; the state's own stack is put back before each decision is
    passed up, so the loop above finds it as it left it. Returns the last step's `ret`.
    Generators the steps start need no snapshot of their own: the generator around them is
    the one a copy makes again."""
    own = list(reversed(steps))
    outer, clonable = s.stack, s.clonable
    choice: object = None
    first = True
    while True:
        s.stack, s.clonable = own, False
        try:
            if not first:
                s.answer = choice
            first = False
            decision = _run_nested(game, s, own)
        finally:
            s.stack, s.clonable = outer, clonable
        if decision is None:
            return s.ret
        choice = yield decision


def done(value: object = None) -> Flow:
    """A generator that asks nothing and returns `value` (a rule with nothing to do, where
    a generator is expected)."""
    return value
    yield  # unreachable: makes this a generator


def _run_nested(game: object, s: GameState, stack: list[Step]) -> Decision | None:
    while stack:
        step = stack.pop()
        decision = step[0](game, s, step)
        if decision is not None:
            return decision
    return None


class ReplayDiverged(Exception):
    """A generator played forward on recorded answers asked something else (a redealt copy
    whose hidden cards changed what a power asks)."""


def resume_flow(
    game: Rules[State], s: State, frame: FlowFrame[State], strict: bool = False
) -> Decision:
    """Make the generator of `frame` again on `s` (a copy of its snapshot) and play it
    forward on the answers it was given, so that `s` stands where the original stands:
    the copy of a state in the middle of a power (core.forward.Playthrough.clone). Returns
    the decision it waits on. `strict`: raise ReplayDiverged when an answer is not among
    the options asked again, or the generator ends or fails before its answers do (a
    redealt copy); an exact copy cannot diverge."""
    flow = frame.make(game, s)
    copy: FlowFrame[State] = FlowFrame(flow, frame.make, frame.snapshot)
    copy.answers = list(frame.answers)
    try:
        decision = next(flow)
        for given in frame.answers:
            if strict and given not in decision.options:
                raise ReplayDiverged(f"{given!r} is not offered at {decision!r}")
            decision = flow.send(given)
    except (StopIteration, GameEnded, LookupError, ValueError) as failed:
        if not strict:
            raise
        raise ReplayDiverged(repr(failed)) from failed
    copy.started = True
    s.stack.append((run_flow, copy))
    return decision
