"""Setup (Preparazione 1-10): island, ports, ships at sea, credits, hands, first player."""

from __future__ import annotations

import pytest
from ie_helpers import make_game

from simulator.core.forward import Playthrough
from simulator.core.seeding import GameRandom
from simulator.games.import_export.cards import GREY


@pytest.fixture
def sheet(ie_sheet):
    return ie_sheet()


def _deal(sheet, players: int, seed: int = 0):
    game = make_game(sheet, players)
    return game, game.new_state(GameRandom.for_game(seed, 0, 0))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_table_is_dealt_as_the_rulebook_says(sheet, players):
    game, s = _deal(sheet, players)
    total = len(game.cards)
    # 3. one island card per player
    assert len(s.island) == players
    # 4-5. two ships each, one at the port and one at sea
    assert len(s.ships) == 2 * players
    for p in range(players):
        mine = s.ships_of(p)
        assert len(mine) == 2
        assert sorted(ship.at_sea for ship in mine) == [False, True]
        home = next(ship for ship in mine if not ship.at_sea)
        assert home.contracts == [] and home.cargo == []
    # 6. four cards under each ship at sea, as containers of their own colour
    for ship in s.ships:
        if ship.at_sea:
            assert len(ship.cargo) == 4
            assert ship.contracts == []
            assert ship.cargo_colors == [game.color[c] for c in ship.cargo]
    # 9. hands of five, recorded as the opening hand
    for p in range(players):
        assert len(s.hands[p]) == 5
        assert s.log[p]["opening"] == s.hands[p]
        assert s.crew[p] == [] and s.goods[p] == [] and s.fulfilled[p] == []
    # the rest is the deck; nothing discarded yet
    assert len(s.deck) == total - players - 4 * players - 5 * players
    assert s.discard == []
    game.check_invariants(s)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_fewer_than_six_players_no_grey_port_and_ten_credits(sheet, players):
    seen = set()
    for seed in range(25):
        _, s = _deal(sheet, players, seed)
        assert GREY not in s.port
        assert len(set(s.port)) == players, "each player has a different port"
        assert s.credits == [10] * players
        seen.update(s.port)
    assert seen == {0, 1, 2, 3, 4}, "ports are dealt at random from the five colours"


def test_six_players_the_grey_port_gets_four_more_credits(sheet):
    for seed in range(10):
        _, s = _deal(sheet, 6, seed)
        assert sorted(s.port) == [0, 1, 2, 3, 4, GREY]
        for p in range(6):
            assert s.credits[p] == (14 if s.port[p] == GREY else 10)


def test_the_first_player_is_random_and_follows_the_seed(sheet):
    firsts = []
    for seed in range(40):
        _, s = _deal(sheet, 4, seed)
        assert s.leader == s.first_player
        _, again = _deal(sheet, 4, seed)
        assert again.first_player == s.first_player and again.port == s.port
        assert again.hands == s.hands and again.deck == s.deck
        firsts.append(s.first_player)
    assert set(firsts) == {0, 1, 2, 3}


def test_the_first_decision_is_the_first_players_lead(sheet):
    game, s = _deal(sheet, 3, seed=5)
    decision = Playthrough.begin(game, s, s.rng).decision
    assert decision is not None
    assert decision.kind == "lead" and decision.player == s.first_player
    assert ("draw",) in decision.options
    assert s.turn == 1
