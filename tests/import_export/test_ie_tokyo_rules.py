"""The Tokyo Port (rules.py): it replaces the Supply Island, holds its cards in columns by
level, and lets any Contract action place a Port card for the credits of its column.

Hand-built tables use the test sheet (set "base"), so each test turns the Port on itself
(`game.tokyo_port`); the real sheet's `--sets base,tokyo` turns it on by the rules.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from simulator.catalog import get_game
from simulator.core.engine import play_game
from simulator.core.protocol import Decision
from simulator.core.seeding import GameRandom
from simulator.games.import_export.cards import CONTRACT, SUPPLY
from strategies.import_export.classic import IEClassic
from strategies.random_strategy import RandomStrategy

SPEC = get_game("import-export")
LEVELLED = {
    "Port One": "blue supply level=blue:1 cargo=blue:2",
    "Port Two": "black supply level=black:1+red:1 cargo=black:2",
    "Port Five": "green supply level=any:5 cargo=green:2",
}


def _port(t):  # noqa: ANN001, ANN202
    t.game.tokyo_port = True
    return t


def _contract_turn(t, options=None, play="green contract 1", declare=1):  # noqa: ANN001, ANN202
    """Player 0 leads a Contract action; players 1 and 2 draw; the contract decision."""
    d = t.play()
    d.lead(0, CONTRACT, t.c(play), declare)
    d.draw(1).draw(2)
    d.expect("contract", 0, options)
    return d


# ---------------------------------------------------------------- the Port in the game


def test_base_and_tokyo_play_with_the_port_and_random_games_keep_the_invariants() -> None:
    """Ruling: IE-TOKYO-1 (the Port replaces the island; tokyo is no longer refused)."""
    game = SPEC.factory(SPEC.make_config(3, ("base", "tokyo"), max_turns=120))
    assert game.tokyo_port and len(game.cards) == 110
    state = game.new_state(GameRandom.for_game(1, 0, 0))
    assert len(state.island) == 3  # one card per player, as the island's setup
    outcome, _ = play_game(game, [RandomStrategy()] * 3, 7, 0, check_invariants=True)
    assert outcome.end_reason in ("credits", "deck_exhausted", "card", "turn_limit")


def test_a_rule_turns_the_port_side_down() -> None:
    """Ruling: IE-TOKYO-5 (Tokyo cards with the Supply Island)."""
    game = SPEC.factory(SPEC.make_config(3, ("base", "tokyo"), rules=(("tokyo_port", "false"),)))
    assert not game.tokyo_port
    assert not SPEC.factory(SPEC.make_config(3, ("base",))).tokyo_port


def test_column_costs_are_a_rule_number() -> None:
    """Ruling: IE-TOKYO-2."""
    game = SPEC.factory(SPEC.make_config(3, ("base", "tokyo")))
    assert game.rules.tokyo_column_costs == (1, 2, 3, 4)
    game = SPEC.factory(
        SPEC.make_config(3, ("base", "tokyo"), rules=(("tokyo_column_costs", "2,4"),))
    )
    assert game.rules.tokyo_column_costs == (2, 4)
    levels = {sum(game.cards.contracts[c][0].level.values()) for c in range(len(game.cards))}
    assert {game.port_column(c) for c in range(len(game.cards))} == {0, 1} and 3 in levels


@pytest.mark.parametrize("costs", ["1,2,3,4", "2,4", "5"])
def test_every_card_sits_in_the_column_of_its_pips(costs: str) -> None:
    """Ruling: IE-TOKYO-2. The columns are tabled once per game (game_base.py): the table
    must say, for every card of every set, what the rule says (all pips, the last column
    taking every higher level), under any number of columns."""
    config = SPEC.make_config(4, ("all",), rules=(("tokyo_column_costs", costs),))
    game = SPEC.factory(config)
    last = len(costs.split(",")) - 1
    for card in range(len(game.cards)):
        pips = sum(game.cards.contracts[card][0].level.values())
        assert game.port_column(card) == min(pips, last), game.cards.names[card]


def test_cards_sit_in_the_column_of_their_level(ie_table) -> None:
    """Ruling: IE-TOKYO-2 (levels 0, 1, 2, 3 and more; all pips count)."""
    t = _port(ie_table(cards=LEVELLED))
    t.arrange(island=["Port Five", "red load 1", "Port One", "Port Two"])
    g = t.game
    assert [g.port_column(t.c(n)) for n in ("red load 1", "Port One", "Port Two")] == [0, 1, 2]
    assert g.port_column(t.c("Port Five")) == 3  # a level over 3 joins the last column
    columns = ((t.c("red load 1"),), (t.c("Port One"),), (t.c("Port Two"),), (t.c("Port Five"),))
    assert g.port_columns(t.state) == columns


def test_the_view_shows_the_port_column_by_column_with_its_costs(ie_table) -> None:
    """Ruling: IE-TOKYO-1 (public information)."""
    t = _port(ie_table(cards=LEVELLED))
    t.arrange(island=["Port One", "red load 1"])
    view = t.game.observe(t.state, 2)
    assert view.tokyo_port
    assert view.port_columns == ((t.c("red load 1"),), (t.c("Port One"),), (), ())
    assert view.port_column_costs == (1, 2, 3, 4)
    assert view.port_cost(t.c("Port One")) == 2
    assert view.island == (t.c("Port One"), t.c("red load 1"))


def test_a_sold_card_goes_to_its_column_and_crew_may_come_from_any(ie_table) -> None:
    """Ruling: IE-TOKYO-3."""
    t = _port(ie_table(cards=LEVELLED))
    t.arrange(
        hands=[["green supply 1", "Port One"], [], []],
        island=["Port Two", "red load 1"],
        crew={0: ["blue supply 1"]},
        fulfilled={0: ["yellow pirate 4"]},
    )
    d = t.play()
    d.lead(0, SUPPLY, t.c("green supply 1"), 2)
    d.draw(1).draw(2)
    crew = [("crew", t.c("Port Two")), ("crew", t.c("red load 1"))]
    d.expect("supply", 0, [("sell", t.c("Port One")), *crew])
    d.send(("sell", t.c("Port One")))
    assert t.game.port_columns(t.state)[1] == (t.c("Port One"),)
    assert t.state.credits[0] == 14
    d.expect("supply", 0, [*crew, ("crew", t.c("Port One"))])  # any column
    d.send(("crew", t.c("Port Two")))
    assert t.state.crew[0] == [t.c("blue supply 1"), t.c("Port Two")]


# ---------------------------------------------------------------- contracting from the Port


def test_a_contract_action_may_place_a_port_card_paying_its_column(ie_table) -> None:
    """Ruling: IE-TOKYO-4."""
    t = _port(ie_table(cards=LEVELLED))
    t.arrange(
        hands=[["green contract 1", "yellow load 1"], [], []],
        island=["Port One", "red load 1", "Port Two"],
        goods={0: ["blue load 1"]},
        ships={1: {"at_sea": True, "cargo": ["black pirate 1"]}},
    )
    opts = [(t.c(n), t.cid(n), 0) for n in ("yellow load 1", "Port One", "red load 1")]
    d = _contract_turn(t, opts)  # Port Two: level black:1+red:1 unmet, one action
    d.send((t.c("Port One"), t.cid("Port One"), 0))
    s = t.state
    assert s.credits[0] == 10 - 2  # the 2-credit column
    assert s.island == [t.c("red load 1"), t.c("Port Two")]
    assert t.ship(0).contracts == [t.cid("Port One")]
    assert s.hands[0] == [t.c("yellow load 1")]
    assert s.log[0]["contracted"] == [t.cid("Port One")]


def test_a_port_card_one_cannot_pay_for_is_not_offered(ie_table) -> None:
    """Ruling: IE-TOKYO-4 (IE-POWER-1: one who cannot pay cannot use it)."""
    t = _port(ie_table(cards=LEVELLED))
    t.arrange(
        hands=[["green contract 1", "yellow load 1"], [], []],
        island=["Port One", "red load 1"],
        goods={0: ["blue load 1"]},
        ships={1: {"at_sea": True, "cargo": ["black pirate 1"]}},
        credits=[1, 10, 10],
    )
    opts = [(t.c(n), t.cid(n), 0) for n in ("yellow load 1", "red load 1")]
    _contract_turn(t, opts)


def test_with_no_hand_contract_buying_from_the_port_is_not_forced(ie_table) -> None:
    """Ruling: IE-TOKYO-4 (paying is never forced: one may stop)."""
    t = _port(ie_table(cards=LEVELLED))
    t.arrange(
        hands=[["green contract 1"], [], []],
        island=["red load 1"],
        ships={1: {"at_sea": True, "cargo": ["black pirate 1"]}},
    )
    d = _contract_turn(t, ["stop", (t.c("red load 1"), t.cid("red load 1"), 0)])
    d.send("stop")
    assert t.state.credits[0] == 10 and t.state.island == [t.c("red load 1")]
    assert t.ship(0).contracts == []


def test_extra_contract_actions_buy_a_port_cards_missing_level(ie_table) -> None:
    """Ruling: IE-TOKYO-4 (levels as usual: IE-CONTRACT-1)."""
    t = _port(ie_table(cards=LEVELLED))
    t.arrange(
        hands=[["green contract 1"], [], []],
        island=["Port One"],
        crew={0: ["blue contract 1"]},
        ships={1: {"at_sea": True, "cargo": ["black pirate 1"]}},
    )
    d = _contract_turn(t, ["stop", (t.c("Port One"), t.cid("Port One"), 0)], declare=2)
    d.send((t.c("Port One"), t.cid("Port One"), 0))
    assert t.ship(0).contracts == [t.cid("Port One")] and t.state.credits[0] == 8


def test_a_follower_may_contract_from_the_port_too(ie_table) -> None:
    """Ruling: IE-TOKYO-4 ("ogni giocatore")."""
    t = _port(ie_table(cards=LEVELLED))
    t.arrange(
        hands=[["green contract 1"], ["yellow contract 1"], []],
        island=["red load 1"],
        ships={
            1: {"at_sea": True, "cargo": ["black pirate 1"]},
            3: {"at_sea": True, "cargo": ["black pirate 2"]},
        },
    )
    d = t.play()
    d.lead(0, CONTRACT, t.c("green contract 1"))
    d.follow(1, t.c("yellow contract 1")).draw(2)
    d.send("stop", "contract", 0)
    d.send((t.c("red load 1"), t.cid("red load 1"), 2), "contract", 1)
    assert t.ship(2).contracts == [t.cid("red load 1")] and t.state.credits[1] == 9


def test_without_the_port_the_island_is_never_a_contract_source(ie_table) -> None:
    """Ruling: IE-TOKYO-5 (no Port, no costs; only Toto Toilets opens the island)."""
    t = ie_table(cards=LEVELLED)
    t.arrange(
        hands=[["green contract 1", "yellow load 1"], [], []],
        island=["red load 1"],
        ships={1: {"at_sea": True, "cargo": ["black pirate 1"]}},
    )
    assert t.game.port_cost(t.state, 0, t.c("red load 1")) == 0
    _contract_turn(t, [(t.c("yellow load 1"), t.cid("yellow load 1"), 0)])


# ---------------------------------------------------------------- bots


def _heuristic_answer(t, decision: Decision):  # noqa: ANN001, ANN202
    view = t.game.observe(t.state, decision.player)
    return IEClassic().choose(decision, view, GameRandom.for_game(0, 0, 0))


@pytest.mark.parametrize(("cost", "buys"), [(4, True), (9, False)])
def test_the_heuristic_buys_a_port_contract_only_when_worth_its_cost(
    ie_table, cost: int, buys: bool
) -> None:
    """Ruling: IE-TOKYO-4 (the bots weigh the column's credits)."""
    t = _port(ie_table(cards={"Dear": "red supply level=red:3 cargo=red:2"}))
    t.arrange(
        hands=[["red load 1", "red load 2"], [], []],
        island=["Dear"],
        goods={0: ["red pirate 1", "red pirate 2", "red pirate 3"]},
        ships={1: {"at_sea": True, "cargo": ["black pirate 1"]}},
    )
    t.game.rules = replace(t.game.rules, tokyo_column_costs=(1, 2, 3, cost))
    dear = (t.c("Dear"), t.cid("Dear"), 0)
    answer = _heuristic_answer(t, Decision(0, "contract", ("stop", dear)))
    assert answer == (dear if buys else "stop")


def test_the_heuristic_prefers_a_free_hand_contract_to_buying_the_same(ie_table) -> None:
    """Ruling: IE-TOKYO-4."""
    t = _port(ie_table())
    t.arrange(
        hands=[["red load 1", "red load 2", "red contract 1"], [], []],
        island=["red contract 2"],
        ships={1: {"at_sea": True, "cargo": ["black pirate 1"]}},
    )
    hand = (t.c("red contract 1"), t.cid("red contract 1"), 0)
    port = (t.c("red contract 2"), t.cid("red contract 2"), 0)
    assert _heuristic_answer(t, Decision(0, "contract", (port, hand))) == hand


def test_heuristic_games_with_the_port_keep_the_invariants() -> None:
    """Ruling: IE-TOKYO-1."""
    game = SPEC.factory(SPEC.make_config(2, ("base", "tokyo"), max_turns=60))
    outcome, _ = play_game(game, [IEClassic(), IEClassic()], 3, 0, check_invariants=True)
    assert outcome.turns > 0


def test_power_choices_cover_every_tokyo_decision() -> None:
    """The heuristic answers every Tokyo power decision with a rule of its own."""
    from strategies.import_export.power_choices import ANY_TIME_RULES, RULES

    kinds = (
        "hentai_manga_place",
        "jidohanbaiki_use",
        "playstations_load",
        "spacecraft_place",
        "squid_jerky_take",
    )
    assert all(k in RULES for k in kinds)
    assert "Tsukiji Fish" in ANY_TIME_RULES  # asked in the windows (IE-ANYTIME-1)
