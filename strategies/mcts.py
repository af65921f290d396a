"""mcts: information-set Monte Carlo tree search for any game, from its forward model alone.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012; OpenSpiel's ISMCTS bot, TAG's
MCTS player). One tree is grown for each decision, rooted at the searching seat's pending
decision, and dropped once it is answered. Each iteration:

1. takes a fresh determinisation: the game as the seat may believe it to be, with what it
   cannot see redealt (`Lookahead.determinise`, i.e. core.forward.Playthrough.for_seat);
2. walks down the tree. A node is a decision of whoever decides there, and an edge is one
   option. Among the options that this determinisation offers, it picks by UCB1 with
   availability counts: an option is counted as "could have been chosen" every time it is
   offered, since other determinisations may not offer it. With `widen` above 0,
   progressive widening adds a node's options only as it is visited;
3. adds one node, then plays the rest of the game by the rollout policy: `random`, or any
   strategy of the game by its `--strategy` text, e.g. `heuristic`. With `rollout_decisions`
   above 0 it stops after that many decisions and evaluates the game where it stands;
4. backs up each player's reward to the nodes where that player chose.

The reward of a rollout that reaches the end (`value`): `placement` (default) is
(players − place) / (players − 1), from the game's outcome (core.protocol.Outcome), so 1 for
first and 0 for last, ties sharing the place; `win` is 1 for a winner, shared by ties. A
rollout stopped before the end is scored by the game's declared evaluation
(`GameSpec.evaluation`: Import/Export's credit lead, travel's nearness to the winning trips
or postcards), or, for a game that declares none, by the score margin of the outcome so far
(core.protocol.score_margin); each gives every player 0 to 1, 0.5 for level.

Three settings spend a small budget where it pays (measured in docs/performance.md,
"Search"): `search=lead/contract/follow` searches those decision kinds only and answers the
others as the rollout policy would (its rules are cheap and mostly sound there); `depth=1`
keeps the tree to the root's options, each valued by policy rollouts (a flat Monte Carlo
search, Tesauro and Galperin's rollout improvement of a base policy), where a deeper tree
at a few dozen iterations would spend its visits on the other seats' moves at random;
`expand=policy` adds a node's first child for the option the rollout policy would choose.

Answer: the most visited option at the root (ties: the first offered). The budget is
`iterations`. The search stops early once the answer is settled: an iteration adds at most
one visit to one of the root's children, so when no other option could reach the leader
within the iterations left, the rest would not change the answer (nor anything else the
game sees: they draw only from the search's own stream). The check comes before each
rollout, counting the visit the iteration is about to add, since a rollout's reward is read
only by later iterations' choices. A time budget (`ms` above 0) also stops the search, but
the answer then depends on the machine's speed. Datasets that must be identical on any
machine need `ms=0`, the default.

The search draws one number from the engine's strategy stream per decision and runs on its
own stream seeded from it, so the same seed gives the same decisions.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable, Sequence
from typing import ClassVar, NoReturn

from simulator.core.cards import ParamValue
from simulator.core.forward import Playthrough
from simulator.core.protocol import (
    Decision,
    Lookahead,
    Scale,
    Strategy,
)
from simulator.core.seeding import GameRandom

VALUES = ("placement", "win")
"""The rewards a search can back up (see the module's docstring)."""

EXPANSIONS = ("random", "policy")
"""How a new node's option is picked among the untried (see `MCTS._expanded`)."""


class Node:
    """A decision in the tree: its children by option, and the statistics of the edge that
    leads to it (visits, times it was available, reward summed for the player who chose it)."""

    __slots__ = ("children", "visits", "available", "total")

    def __init__(self) -> None:
        self.children: dict[Hashable, Node] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0


class MCTS(Strategy):
    """Information-set MCTS over determinisations, for any game with a forward model."""

    name = "mcts"
    looks_ahead = True
    params: ClassVar[dict[str, ParamValue]] = {
        "iterations": 200,
        "ms": 0.0,
        "c": 0.7,
        "widen": 0.0,
        "rollout": "random",
        "rollout_decisions": 120,
        "value": "placement",
        "search": "",
        "depth": 0,
        "expand": "random",
    }
    scales: ClassVar[dict[str, Scale]] = {
        "iterations": Scale(1, 1_000_000, "simulations per decision", whole=True),
        "ms": Scale(0, 600_000, "a time budget per decision in ms (0: none; not reproducible)"),
        "c": Scale(0, 10, "UCB1's exploration constant (rewards are 0 to 1)"),
        "widen": Scale(0, 10, "progressive widening: k options per sqrt(visits) (0: all)"),
        "rollout_decisions": Scale(
            0, 1_000_000, "decisions a rollout plays before it is scored (0: to the end)", True
        ),
        "depth": Scale(0, 1_000, "the tree's depth in decisions (0: no limit; 1: flat)", True),
    }

    def __init__(self, **overrides: ParamValue) -> None:
        super().__init__(**overrides)
        value = self.settings["value"]
        if value not in VALUES:
            raise ValueError(f"value={value!r} is not one of {', '.join(VALUES)}")
        rollout = self.settings["rollout"]
        if not isinstance(rollout, str) or not rollout:
            raise ValueError(f"rollout={rollout!r}: give random or a strategy's name")
        self.iterations = int(self.settings["iterations"])
        self.ms = float(self.settings["ms"])
        self.c = float(self.settings["c"])
        self.widen = float(self.settings["widen"])
        self.cutoff = int(self.settings["rollout_decisions"])
        expand = self.settings["expand"]
        if expand not in EXPANSIONS:
            raise ValueError(f"expand={expand!r} is not one of {', '.join(EXPANSIONS)}")
        search = self.settings["search"]
        if not isinstance(search, str):
            raise ValueError(f"search={search!r}: give decision kinds joined by '/'")
        self.searched = frozenset(k for k in search.split("/") if k)
        """The decision kinds searched (empty: all); the rollout policy answers the others."""
        self.depth = int(self.settings["depth"])
        self.expand = expand
        self.value = value
        self.rollout_text = rollout
        self.rollout_bot: Strategy | None = None
        self.iterations_done = 0
        """Iterations run over every decision so far."""
        self.rollouts_done = 0
        """Of them, those that played a rollout (the benchmark's iterations/s): all but the
        one that settles each search's answer."""

    def bind(self, make: Callable[[str], Strategy]) -> None:
        """The rollout policy: `random` is inline, any other name is built for the game."""
        if self.rollout_text != "random":
            bot = make(self.rollout_text)
            if bot.looks_ahead:
                raise ValueError("rollout: a searching strategy cannot be the rollout policy")
            self.rollout_bot = bot

    def choose(self, decision: Decision, view: object, rng: GameRandom) -> NoReturn:
        raise TypeError("mcts searches: the engine asks it through choose_ahead")

    def choose_ahead(
        self, decision: Decision, view: object, rng: GameRandom, model: Lookahead
    ) -> object:
        if self.searched and decision.kind not in self.searched:
            return self._policy_answer(decision, view, rng)  # a kind not searched
        own = GameRandom.from_seed(rng.below(2**31))
        root = Node()
        deadline = time.perf_counter() + self.ms / 1000 if self.ms > 0 else math.inf
        keys = [_key(option) for option in decision.options]
        for done in range(1, self.iterations + 1):
            if self._iterate(root, model.determinise(own), own, keys, self.iterations - done):
                break  # settled
            if time.perf_counter() >= deadline:
                break
        self.iterations_done += root.visits
        return decision.options[_most_visited(root, keys)]

    # ------------------------------------------------------------------ one iteration

    def _iterate(
        self,
        root: Node,
        playthrough: Playthrough,
        rng: GameRandom,
        root_keys: Sequence[Hashable],
        remaining: int,
    ) -> bool:
        """One iteration; True where the answer is settled with its visit (`_settled`, with
        `remaining` iterations after it), so that its rollout, whose reward only later
        iterations would read, is not played."""
        path: list[tuple[Node, int]] = []  # (node, the player who chose the edge to it)
        node = root
        decision = _next_asked(playthrough)
        depth = self.depth
        while decision is not None and not (depth and len(path) >= depth):
            options = decision.options
            keys = [_key(o) for o in options]
            children = node.children
            untried = [i for i, k in enumerate(keys) if k not in children]
            if untried and self._may_widen(node, len(children)):
                i = self._expanded(decision, playthrough, rng, keys, untried)
                child = children[keys[i]] = Node()
                path.append((child, decision.player))
                playthrough.apply(options[i])
                break
            i = self._select(node, keys)
            if i < 0:  # progressive widening allows no tried option here: widen after all
                i = untried[rng.below(len(untried))]
                children[keys[i]] = Node()
            child = children[keys[i]]
            path.append((child, decision.player))
            playthrough.apply(options[i])
            node = child
            decision = _next_asked(playthrough)
        if path:
            first = path[0][0]  # the root's child this iteration visits
            first.visits += 1
            if _settled(root, root_keys, remaining):
                root.visits += 1
                return True
            first.visits -= 1
        rewards = self._rollout(playthrough, rng)
        self.rollouts_done += 1
        root.visits += 1
        for child, player in path:
            child.visits += 1
            child.total += rewards[player]
        return False

    def _expanded(
        self,
        decision: Decision,
        playthrough: Playthrough,
        rng: GameRandom,
        keys: Sequence[Hashable],
        untried: list[int],
    ) -> int:
        """The option a new node is added for: one of the untried at random, or with
        `expand=policy` the rollout policy's own choice while it is untried (so that a
        small budget spends its first visits on the line the policy would play, not on
        random moves of the other seats)."""
        if self.expand == "policy":
            wanted = _key(self._policy(decision, playthrough, rng))
            for i in untried:
                if keys[i] == wanted:
                    return i
        return untried[rng.below(len(untried))]

    def _may_widen(self, node: Node, tried: int) -> bool:
        if self.widen <= 0 or tried == 0:
            return True
        return tried < self.widen * math.sqrt(node.visits + 1)

    def _select(self, node: Node, keys: Sequence[Hashable]) -> int:
        """UCB1 among the tried options available here (each counted as available)."""
        best, best_score = -1, -math.inf
        children = node.children
        for i, key in enumerate(keys):
            child = children.get(key)
            if child is None:
                continue
            child.available += 1
            if child.visits == 0:
                return i
            explore = self.c * math.sqrt(math.log(child.available) / child.visits)
            score = child.total / child.visits + explore
            if score > best_score:
                best, best_score = i, score
        return best

    def _rollout(self, playthrough: Playthrough, rng: GameRandom) -> list[float]:
        """Play on by the rollout policy (to the end, or `rollout_decisions` decisions), then
        each player's reward."""
        rewards: list[float] = playthrough.play_out(self._policy, rng, self.cutoff, self.value)
        return rewards

    def _policy(self, decision: Decision, playthrough: Playthrough, rng: GameRandom) -> object:
        """A rollout's move: the rollout policy's answer from the seat's view."""
        if self.rollout_bot is None:  # random needs no view
            return decision.options[rng.below(len(decision.options))]
        return self._policy_answer(decision, playthrough.observe(decision.player), rng)

    def _policy_answer(self, decision: Decision, view: object, rng: GameRandom) -> object:
        """The rollout policy's answer: random, or the rollout bot's choice."""
        bot = self.rollout_bot
        if bot is None:
            return decision.options[rng.below(len(decision.options))]
        return bot.choose(decision, view, rng)


def _next_asked(playthrough: Playthrough) -> Decision | None:
    """Take the decisions with one option (the engine does not ask them either) and return
    the next real one, or None at the end."""
    decision: Decision | None = playthrough.decision
    while decision is not None and len(decision.options) == 1:
        decision = playthrough.apply(decision.options[0])
    return decision


def _visits(root: Node, key: Hashable) -> int:
    child = root.children.get(key)
    return child.visits if child is not None else 0


def _most_visited(root: Node, keys: Sequence[Hashable]) -> int:
    """The answer: the index of the offered option with the most visits, the first offered
    among equals (an untried option has none)."""
    best, best_visits = 0, -1
    for i, key in enumerate(keys):
        visits = _visits(root, key)
        if visits > best_visits:
            best, best_visits = i, visits
    return best


def _settled(root: Node, keys: Sequence[Hashable], remaining: int) -> bool:
    """`remaining` more iterations cannot change `_most_visited`: each adds at most one visit
    to one child of the root, so another option would need more visits than the leader's
    (or as many, offered before it) within them. Options with the leader's key are its edge."""
    leader = _most_visited(root, keys)
    lead = _visits(root, keys[leader])
    for i, key in enumerate(keys):
        if key == keys[leader]:
            continue
        reach = _visits(root, key) + remaining
        if reach > lead or (reach == lead and i < leader):
            return False
    return True


def _key(option: object) -> Hashable:
    """An option as a dictionary key: itself, or its text when it cannot be hashed."""
    try:
        hash(option)
    except TypeError:
        return repr(option)
    return option
