"""Which sets play: those whose cards need only their printed attributes, and those with
their expansion rules (Capital, Tokyo)."""

from __future__ import annotations

import pytest

from simulator.catalog import get_game
from simulator.core.engine import play_game
from simulator.core.errors import ConfigError
from strategies.random_strategy import RandomStrategy

SPEC = get_game("import-export")


@pytest.mark.parametrize(
    "sets", [("base", "kickstarter", "kickstarter2", "j", "flag"), ("j", "flag")]
)
def test_playable_sets_run_with_invariants(sets: tuple[str, ...]) -> None:
    game = SPEC.factory(SPEC.make_config(2 if len(sets) < 3 else 4, sets, max_turns=150))
    assert len(game.cards) == sum(
        {"base": 100, "kickstarter": 15, "kickstarter2": 10, "j": 10, "flag": 10}[s] for s in sets
    )
    for index in range(12):
        n = game.config.players
        outcome, _ = play_game(game, [RandomStrategy()] * n, 3, index, check_invariants=True)
        assert outcome.end_reason in ("credits", "deck_exhausted", "turn_limit")


def test_a_flag_card_offers_both_contracts_when_placed() -> None:
    game = SPEC.factory(SPEC.make_config(2, ("j", "flag")))
    card = next(c for c in range(len(game.cards)) if game.cards.sets[c] == "flag")
    assert len(game.cards.contracts[card]) == 2
    assert all(not c.level for c in game.cards.contracts[card])  # no level requirement
    assert len(set(game.cards.colors[card])) == 2


def test_too_few_cards_to_set_up_is_a_clear_error() -> None:
    with pytest.raises(ConfigError, match="4 players need at least 40 cards to set up"):
        SPEC.factory(SPEC.make_config(4, ("flag",)))


def test_grey_cards_count_against_the_setup_since_each_may_be_replaced() -> None:
    """Found by the fuzz campaign: Capital, Tokyo and Kickstarter without the base set hold 40
    cards, enough in number for four players, but a grey card drawn for a ship at sea is
    discarded and replaced (IE-CAP-2), so the deal could run out (IndexError mid-setup).
    Refused before any game; at two players every shuffle deals."""
    sets = ("capital", "tokyo", "kickstarter")
    with pytest.raises(ConfigError, match="and 15 more for the grey cards it holds"):
        SPEC.factory(SPEC.make_config(4, sets))
    game = SPEC.factory(SPEC.make_config(2, sets, max_turns=40))
    for index in range(30):
        play_game(game, [RandomStrategy()] * 2, 5, index, check_invariants=True)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_capital_plays_with_its_expansion_rules(players: int) -> None:
    """Capital is no longer refused: its Barter and grey cards play (IE-CAP-1 to IE-CAP-10)."""
    game = SPEC.factory(SPEC.make_config(players, ("base", "capital"), max_turns=60))
    assert len(game.cards) == 115 and game.capital
    for index in range(2):
        outcome, _ = play_game(game, [RandomStrategy()] * players, 3, index, check_invariants=True)
        assert outcome.end_reason in ("credits", "deck_exhausted", "turn_limit", "card")
