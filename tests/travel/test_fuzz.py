"""Random play over many seeds and every module combination: the invariants always hold.

`play_game(..., check_invariants=True)` checks card conservation, one place per country and
the hand limit after every decision. Each game must end with a consistent result: a win the
state can justify, or the turn limit with no winner.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from simulator.catalog import get_game
from simulator.core.engine import play_game
from simulator.games.travel.cards import EXPANSIONS
from strategies.random_strategy import RandomStrategy
from strategies.travel.heuristic import TravelHeuristic

COMBOS = [c for r in range(len(EXPANSIONS) + 1) for c in combinations(EXPANSIONS, r)]
MAX_TURNS = 200
GAMES_PER_COMBO = 8


def _check_result(game, outcome, players: int) -> None:
    assert outcome.end_reason in {"central_country", "postcards", "turn_limit"}
    if outcome.end_reason == "turn_limit":
        assert outcome.winners == [] and outcome.turns == MAX_TURNS
        return
    assert len(outcome.winners) == 1 and outcome.turns <= MAX_TURNS
    (w,) = outcome.winners
    assert outcome.players[w].placement == 1
    if outcome.end_reason == "central_country":
        # the own country and then the central one
        assert outcome.players[w].score == 2.0
    else:
        assert "postcards" in game.config.modules
        held = outcome.players[w].events["held_at_end"]
        postcard_ids = {game.cards.ids[c] for c in game.cards.by_module["postcards"]}
        assert sum(1 for c in held if c in postcard_ids) >= 4


@pytest.mark.parametrize("modules", COMBOS, ids=lambda c: "+".join(c) or "base")
def test_random_play_keeps_the_invariants(modules):
    spec = get_game("travel")
    top = 6 if "characters" in modules else 10
    for i in range(GAMES_PER_COMBO):
        players = 2 + (i * 3 + len(modules)) % (top - 1)
        game = spec.factory(spec.make_config(players, modules, max_turns=MAX_TURNS))
        strategies = [RandomStrategy()] * players
        outcome, _ = play_game(game, strategies, 2024, i, check_invariants=True)
        _check_result(game, outcome, players)


def test_random_play_reaches_the_postcard_win_and_the_turn_limit():
    """Over enough random games with every module, both of these endings happen."""
    spec = get_game("travel")
    reasons = set()
    for i in range(80):
        players = 2 + i % 3
        game = spec.factory(spec.make_config(players, EXPANSIONS, max_turns=MAX_TURNS))
        outcome, _ = play_game(game, [RandomStrategy()] * players, 7, i, check_invariants=True)
        _check_result(game, outcome, players)
        reasons.add(outcome.end_reason)
    assert reasons >= {"postcards", "turn_limit"}


@pytest.mark.parametrize("modules", [(), EXPANSIONS], ids=["base", "all"])
def test_purposeful_play_keeps_the_invariants_up_to_a_win(modules):
    """Random bots seldom travel twice; the heuristic bot (seated with random ones) does, so
    the travel and central-country paths run under the invariant checks too."""
    spec = get_game("travel")
    reasons = set()
    for i in range(40):
        players = 2 + i % 5
        game = spec.factory(spec.make_config(players, modules, max_turns=MAX_TURNS))
        seats = [TravelHeuristic() if p % 2 == 0 else RandomStrategy() for p in range(players)]
        outcome, _ = play_game(game, seats, 5, i, check_invariants=True)
        _check_result(game, outcome, players)
        reasons.add(outcome.end_reason)
    assert "central_country" in reasons


def test_same_seed_same_game():
    """Each game depends only on (master seed, game index, config)."""
    spec = get_game("travel")
    game = spec.factory(spec.make_config(4, EXPANSIONS, max_turns=MAX_TURNS))
    for i in range(5):
        a, asked_a = play_game(game, [RandomStrategy()] * 4, 99, i)
        b, asked_b = play_game(game, [RandomStrategy()] * 4, 99, i)
        assert a == b and asked_a == asked_b
