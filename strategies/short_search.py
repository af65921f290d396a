"""A short search for the decisions a rule-based bot has no rule for.

A designer's new power asks a question no bot was taught. Answering it with the first
option would play a default nobody chose (usually "do nothing") and make the card look
weak; refusing it would stop every game. Instead the bot tries each option: it plays the
game on from the decision in a few determinisations (`Lookahead.determinise`, so it never
sees hidden cards), the same ones for every option (common random numbers, so the options
are compared on the same luck), by its own rules for `depth` decisions, and takes the
option with the best mean value for its seat (core.forward.Playthrough.values: the
outcome if the game ends, else the game's own evaluation). Ties go to the first offered.

Game-agnostic: it knows the core only. The rule-based bot supplies the playout policy.
"""

from __future__ import annotations

import math

from simulator.core.forward import Policy
from simulator.core.protocol import Decision, Lookahead
from simulator.core.seeding import GameRandom

PLAYOUTS = 8
"""Determinisations per option: each option is played out on the same eight."""
DEPTH = 20
"""Decisions a playout plays past the option before the position is valued: about the rest
of a turn. Short, so that what the option changed decides, not the noise of a distant end
(at 60 the bot sometimes passed on a free 8 credits; at 20 it never did in the test)."""


def best_by_playouts(
    decision: Decision,
    model: Lookahead,
    rng: GameRandom,
    policy: Policy,
    playouts: int = PLAYOUTS,
    depth: int = DEPTH,
) -> object:
    """The option of `decision` whose playouts are worth most to the deciding seat."""
    seeds = [rng.below(2**31) for _ in range(playouts)]
    seat = decision.player
    best, best_value = decision.options[0], -math.inf
    for option in decision.options:
        total = 0.0
        for seed in seeds:
            stream = GameRandom.from_seed(seed)
            playthrough = model.determinise(stream)
            playthrough.apply(option)
            total += playthrough.play_out(policy, stream, depth)[seat]
        if total > best_value:
            best, best_value = option, total
    return best
