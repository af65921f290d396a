"""Random play on a synthetic sheet, 2 to 6 players: the invariants hold after every decision
(cards conserved, credits never negative) and every game ends for a reason the state shows."""

from __future__ import annotations

from collections import Counter

import pytest
from ie_helpers import make_game, next_sheet_path, write_sheet

from simulator.core.engine import play_game
from simulator.games.import_export.cards import ACTIONS, COLORS
from strategies.random_strategy import RandomStrategy

GAMES_PER_COUNT = 30
MAX_TURNS = 300
END_REASONS = {"credits", "deck_exhausted", "turn_limit"}


def fuzz_cards() -> dict[str, str]:
    """100 cards mixing colours, actions, levels 0-2 and one- to three-colour cargo."""
    cards = {}
    for i in range(100):
        c1, c2, c3 = (COLORS[(i + k) % 5] for k in range(3))
        level = (i // 25) % 3
        cargo = (
            f"{c1}:2",
            f"{c1}:3",
            f"{c1}:1+{c2}:1",
            f"{c1}:2+{c2}:2",
            f"{c1}:4",
            f"{c2}:3",
            f"{c1}:1+{c2}:1+{c3}:1",
        )[i % 7]
        spec = f"{c1} {ACTIONS[(i // 5) % 5]} cargo={cargo}"
        if level:
            spec += f" level={c1}:{level}"
        cards[f"fuzz {i}"] = spec
    return cards


@pytest.fixture(scope="module")
def sheet(tmp_path_factory):
    return write_sheet(next_sheet_path(tmp_path_factory.mktemp("ie_fuzz")), fuzz_cards(), False)


class _Dealing:
    """The game, keeping the state it deals. A wrapper rather than a patched `new_state`: the
    compiled build's game takes no new attributes, and these tests run against it too."""

    def __init__(self, game):
        self.game = game
        self.states = []

    def new_state(self, rng):
        self.states.append(self.game.new_state(rng))
        return self.states[-1]

    def __getattr__(self, name):
        return getattr(self.game, name)


def _play(game, players: int, index: int):
    """One random game; returns the outcome, its final state and the most credits seen."""
    dealing = _Dealing(game)
    most = [0]

    def watch(decision, choice):
        most[0] = max(most[0], *dealing.states[0].credits)

    outcome, _ = play_game(
        dealing, [RandomStrategy()] * players, 31, index, check_invariants=True, on_decision=watch
    )
    (state,) = dealing.states
    return outcome, state, max(most[0], *state.credits)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_keep_the_invariants_and_end_properly(sheet, players):
    game = make_game(sheet, players, max_turns=MAX_TURNS)
    reasons = Counter()
    for i in range(GAMES_PER_COUNT):
        outcome, s, most = _play(game, players, 1000 * players + i)
        reason = outcome.end_reason
        reasons[reason] += 1
        assert reason in END_REASONS
        if reason == "credits":
            assert s.end_triggered and most >= 50
        elif reason == "deck_exhausted":
            assert s.end_triggered and s.deck == []
        else:
            assert not s.end_triggered and s.turn == MAX_TURNS
        assert s.turn == outcome.turns <= MAX_TURNS
        final = s.final_credits
        assert len(final) == players and outcome.winners
        assert outcome.winners == [p for p in range(players) if final[p] == max(final)]
        for p, result in enumerate(outcome.players):
            assert result.score == final[p]
            assert (result.placement == 1) == (p in outcome.winners)
    assert reasons["credits"] > 0, reasons


def test_the_turn_limit_scores_the_game_as_it_stands(sheet):
    """IE-END-3 (assumed): the simulation safeguard ends the game at max_turns."""
    game = make_game(sheet, 3, max_turns=12)
    for i in range(5):
        outcome, s, _ = _play(game, 3, i)
        assert outcome.end_reason == "turn_limit" and outcome.turns == 12
        assert s.final_credits and outcome.winners


def test_the_same_seed_plays_the_same_game(sheet):
    game = make_game(sheet, 4, max_turns=MAX_TURNS)
    for i in range(3):
        a, asked_a = play_game(game, [RandomStrategy()] * 4, 5, i)
        b, asked_b = play_game(game, [RandomStrategy()] * 4, 5, i)
        assert a == b and asked_a == asked_b
