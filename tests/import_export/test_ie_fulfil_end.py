"""Completing contracts (payouts, limits, the ship to sea), the end of the game, scoring."""

from __future__ import annotations

import pytest

from simulator.games.import_export.cards import BLUE, LOAD, PIRATE, RED, SUPPLY

CARDS = {
    **{f"Cargo {k}": f"red contract cargo=red:{k}" for k in range(2, 7)},
    "Red Five": "red contract cargo=red:5",
    "Red Two": "red contract cargo=red:2",
    "Blue One": "blue contract cargo=blue:1",
}
REDS = [f"red {a} {k}" for a in ("supply", "import", "contract", "pirate") for k in (1, 2, 3, 4)]
"""Red cards to use as containers (the red Load cards are kept for leading)."""


@pytest.fixture
def t(ie_table):
    return ie_table(players=3, cards=CARDS)


# ---------------------------------------------------------------- fulfilling


@pytest.mark.parametrize(("containers", "pay"), [(2, 6), (3, 10), (4, 10), (5, 14), (6, 14)])
def test_a_completed_contract_pays_by_its_containers(t, containers, pay):
    loaded = REDS[: containers - 1]
    last = REDS[containers - 1]
    t.arrange(
        hands=[["red load 1", last], [], []],
        ships={0: {"contracts": [f"Cargo {containers}"], "cargo": loaded}},
    )
    d = t.play()
    d.lead(0, LOAD, t.c("red load 1"))
    d.draw(1).draw(2)
    d.send((t.c(last), 0, RED), "load", 0)
    assert t.state.credits[0] == 10 + pay
    ship = t.ship(0)
    # the ship sails with its containers; the contract is fulfilled
    assert ship.at_sea and ship.contracts == []
    assert ship.cargo == t.cs(*loaded, last)
    assert t.state.fulfilled[0] == [t.cid(f"Cargo {containers}")]
    assert t.state.log[0]["fulfilled"] == [t.cid(f"Cargo {containers}")]


def test_fulfilling_puts_the_top_deck_card_on_the_island(t):
    t.arrange(
        hands=[["red load 1", "red supply 2"], [], []],
        ships={0: {"contracts": ["Red Two"], "cargo": ["red supply 1"]}},
        island=["blue load 1"],
        deck=["green supply 1", "green supply 2"],
    )
    d = t.play()
    d.lead(0, LOAD, t.c("red load 1"))
    d.send(("draw",), "follow", 1)
    d.send(0, "declare", 1)
    d.send(("draw",), "follow", 2)
    d.send(0, "declare", 2)
    top = t.state.deck[-1]
    deck_before = len(t.state.deck)
    d.send((t.c("red supply 2"), 0, RED), "load", 0)
    assert t.state.island == [t.c("blue load 1"), top]
    assert len(t.state.deck) == deck_before - 1


def test_payment_counts_every_container_matching_or_not(t):
    t.arrange(
        hands=[["red load 1", "red supply 2"], [], []],
        ships={
            0: {
                "contracts": ["Red Two"],
                "cargo": ["blue load 1", "blue load 2", "blue load 3", "red supply 1"],
            }
        },
    )
    d = t.play()
    d.lead(0, LOAD, t.c("red load 1"))
    d.draw(1).draw(2)
    d.send((t.c("red supply 2"), 0, RED), "load", 0)
    assert t.state.credits[0] == 10 + 14  # five containers
    assert len(t.ship(0).cargo) == 5 and t.ship(0).at_sea


def test_all_contracts_of_a_ship_complete_together(t):
    t.arrange(
        hands=[["red load 1", "red supply 2", "blue supply 1"], [], []],
        crew={0: ["red load 2"]},
        ships={0: {"contracts": ["Red Two", "Blue One"], "cargo": ["red supply 1"]}},
    )
    d = t.play()
    d.lead(0, LOAD, t.c("red load 1"), declare=2)
    d.draw(1).draw(2)
    d.send((t.c("red supply 2"), 0, RED), "load", 0)
    # Red Two is covered but Blue One is not: the ship waits
    assert not t.ship(0).at_sea and t.state.credits[0] == 10
    d.send((t.c("blue supply 1"), 0, BLUE), "load", 0)
    assert t.ship(0).at_sea
    assert t.state.fulfilled[0] == [t.cid("Red Two"), t.cid("Blue One")]
    assert t.state.credits[0] == 10 + 10  # three containers


def test_fulfilled_contracts_raise_the_crew_and_goods_limits(t):
    t.arrange(
        hands=[["red load 1", "red supply 2"], [], ["green supply 1"]],
        crew={0: ["blue supply 1"], 2: ["black supply 1"]},
        ships={0: {"contracts": ["Red Two"], "cargo": ["red supply 1"]}},
        island=["yellow load 1"],
    )
    g, s = t.game, t.state
    assert (g.crew_limit(s, 0), g.goods_limit(s, 0)) == (1, 2)
    d = t.play()
    d.lead(0, LOAD, t.c("red load 1"))
    d.draw(1).draw(2)
    d.send((t.c("red supply 2"), 0, RED), "load", 0)
    assert (g.crew_limit(s, 0), g.goods_limit(s, 0)) == (2, 4)
    assert (g.crew_limit(s, 2), g.goods_limit(s, 2)) == (1, 2)
    # a second crew card is now kept by player 0, not by player 2
    d.send(("draw",), "lead", 1)
    d.lead(2, SUPPLY, t.c("green supply 1"))
    d.send(("draw",), "follow", 0)
    d.send(1, "declare", 0)
    d.draw(1)
    d.send(("crew", t.c("yellow load 1")), "supply", 2)
    assert t.c("yellow load 1") in s.discard and s.crew[2] == [t.c("black supply 1")]
    d.send(("crew", s.island[0]), "supply", 0)
    assert len(s.crew[0]) == 2


# ---------------------------------------------------------------- the end


def test_fifty_credits_end_the_game_after_the_turn_followers_included(t):
    t.arrange(
        hands=[["red supply 1", "blue load 1"], ["green supply 1", "black load 1"], []],
        crew={2: ["yellow supply 1"]},
        fulfilled={2: ["Red Five"]},  # room for a second crew card
        island=["yellow import 1"],
        credits=[10, 46, 10],
    )
    d = t.play()
    d.lead(0, SUPPLY, t.c("red supply 1"))
    d.follow(1, t.c("green supply 1"))
    d.draw(2, declare=1)
    d.send(("sell", t.c("blue load 1")), "supply", 0)
    d.send(("sell", t.c("black load 1")), "supply", 1)
    assert t.state.end_triggered and t.state.credits[1] == 50
    # player 2 still performs his declared action, then the game ends at once
    d.send(("crew", t.c("yellow import 1")), "supply", 2)
    assert d.over
    assert t.state.end_reason == "credits"
    assert t.state.turn == 1, "players do not even out turns"
    assert t.state.crew[2][-1] == t.c("yellow import 1")
    assert t.state.final_credits and t.state.winners == [1]


def test_an_empty_deck_and_discard_end_the_game_after_the_turn(t):
    t.arrange(
        hands=[["red supply 1", "blue load 1", "black load 1"], [], []],
        deck=["green supply 1", "green supply 2"],
        rest=("goods", 2),
    )
    d = t.play()
    d.send(("draw",), "lead", 0)
    assert t.state.deck == [] and t.state.discard == []
    assert d.over and t.state.end_reason == "deck_exhausted"
    assert len(t.state.hands[0]) == 5


def test_the_discard_is_reshuffled_before_the_end(t):
    pile = ["green supply 1", "green supply 2", "green supply 3", "green supply 4", "green load 1"]
    t.arrange(
        hands=[["red supply 1", "blue load 1"], [], []],
        discard=pile,
        rest=("goods", 2),
    )
    d = t.play()
    d.send(("draw",), "lead", 0)
    drawn = t.state.hands[0][2:]
    assert len(drawn) == 3 and len(t.state.deck) == 2
    assert sorted(drawn + t.state.deck) == sorted(t.cs(*pile))
    assert t.state.discard == [] and not t.state.end_triggered
    d.expect("lead", 1)


def test_after_the_deck_runs_out_followers_act_and_nothing_is_reshuffled(ie_table):
    t = ie_table(players=2, cards=CARDS)
    t.arrange(
        hands=[["green pirate 1"], ["red supply 1", "blue load 1", "green load 1", "black load 1"]],
        crew={1: ["blue pirate 1"]},
        ships={2: {"contracts": ["Red Two"], "cargo": ["red supply 2"]}},
        island=["yellow load 1", "red load 1"],
        deck=["black supply 1"],
        rest=("goods", 0),
    )
    d = t.play()
    d.lead(0, PIRATE, t.c("green pirate 1"))
    d.draw(1, declare=1)  # draws the last card: deck and discard empty, the end is triggered
    assert t.state.end_triggered and t.state.end_reason == "deck_exhausted"
    d.send(("island", t.c("yellow load 1")), "pirate", 0)  # fits nowhere: discarded
    assert t.state.discard == [t.c("yellow load 1")]
    d.send(("island", t.c("red load 1")), "pirate", 1)
    d.send((2, RED), "pirate_to", 1)  # completes Red Two: paid, ship to sea
    assert t.state.credits[1] == 16 and t.ship(2).at_sea
    # no island card: the discard pile is not reshuffled into a new deck
    assert t.state.island == [] and t.state.deck == []
    assert d.over
    assert sorted(t.state.discard) == sorted(t.cs("yellow load 1", "green pirate 1"))


def test_after_fifty_credits_the_discard_is_not_reshuffled_either(ie_table):
    """IE-END-2 as documented: no reshuffle once the end is triggered, whatever triggered it."""
    t = ie_table(players=2, cards=CARDS)
    t.arrange(
        hands=[["green pirate 1"], ["blue pirate 1"]],
        ships={0: {"contracts": ["Red Two"], "cargo": ["red supply 1"]}},
        island=["red load 1"],
        discard=["green supply 1"],
        credits=[44, 10],
        rest=("goods", 1),
    )
    assert t.state.deck == []
    d = t.play()
    d.lead(0, PIRATE, t.c("green pirate 1"))
    d.follow(1, t.c("blue pirate 1"))
    d.send(("island", t.c("red load 1")), "pirate", 0)
    d.send((0, RED), "pirate_to", 0)  # completes Red Two: 44 + 6 = 50
    assert t.state.credits[0] == 50 and t.state.end_reason == "credits"
    # the island card would come from a reshuffled deck: the pile stays as it is
    assert t.state.island == [] and t.state.deck == []
    assert t.state.discard == [t.c("green supply 1")]
    # the follower still pirates (from the ship that just sailed) and the game ends
    d.send(("ship", 0, 0), "pirate", 1)
    assert d.over and t.state.end_reason == "credits"


# ---------------------------------------------------------------- scoring


def _score(t, goods, credits=None, ships=None):
    t.arrange(
        hands=[[] for _ in range(t.n)],
        goods=goods,
        credits=credits or [0] * t.n,
        ships=ships,
    )
    t.game.score(t.state)
    return t.state.final_credits


def _table_goods(*players: dict[str, int]) -> dict[int, list[str]]:
    """({"green": 2, "red": 1}, ...) -> distinct filler cards of those colours per player."""
    taken: dict[str, int] = {}
    goods = {}
    for p, spec in enumerate(players):
        names = []
        for color, count in spec.items():
            for _ in range(count):
                k = taken.get(color, 0)
                taken[color] = k + 1
                action = ("supply", "import", "contract", "load", "pirate")[k // 4]
                names.append(f"{color} {action} {k % 4 + 1}")
        goods[p] = names
    return goods


def test_containers_on_unfulfilled_contracts_score_two_each(t):
    final = _score(
        t,
        goods={},
        credits=[5, 0, 0],
        ships={
            0: {"contracts": ["Red Five"], "cargo": REDS[:3]},
            1: {"at_sea": True, "cargo": REDS[3:7]},
            2: {"cargo": REDS[7:9]},  # leftovers with no contract: on no contract
        },
    )
    assert final == [5 + 6, 0, 0]


def test_every_container_of_a_ship_with_contracts_scores(t):
    """IE-SCORE-1 as documented: a leftover container on a ship that still has contracts
    counts like the matching ones (2 each)."""
    final = _score(
        t,
        goods={},
        ships={0: {"contracts": ["Red Five"], "cargo": [REDS[0], "blue load 1"]}},
    )
    assert final == [4, 0, 0]


def test_goods_are_worth_one_and_illegal_goods_two(t):
    goods = _table_goods({"green": 2, "red": 1}, {"green": 3, "red": 2}, {})
    final = _score(t, goods)
    # p1: most green +6, most illegal -6; nobody has yellow, black or blue: no bonus
    assert final == [2 + 2, 3 + 4 + 6 - 6, 0]


def test_one_good_of_each_type_scores_ten_once(t):
    goods = _table_goods(
        {"green": 1, "yellow": 1, "black": 1, "blue": 1, "red": 1},
        {"green": 2, "yellow": 2, "black": 2, "blue": 2},
        {},
    )
    final = _score(t, goods)
    assert final[0] == 6 + 10 - 6  # the set; sole most illegal
    assert final[1] == 8 + 6 + 6 + 6 + 8  # four majorities; no set without illegal goods
    assert final[2] == 0


def test_majorities_ties_split_rounding_up(ie_table):
    t = ie_table(players=4, cards=CARDS)
    goods = _table_goods(
        {"green": 1, "yellow": 2, "blue": 1, "red": 1},
        {"green": 1, "yellow": 2, "blue": 1, "red": 1},
        {"green": 1, "blue": 1, "red": 1},
        {"green": 1, "black": 2, "red": 1},
    )
    final = _score(t, goods)
    # green 6/4 -> 2, yellow 6/2 -> 3, blue 8/3 -> 3, black 6 alone, illegal -6/4 -> -2
    assert final == [6 + 2 + 3 + 3 - 2, 6 + 2 + 3 + 3 - 2, 4 + 2 + 3 - 2, 5 + 2 + 6 - 2]


def test_the_illegal_penalty_is_split_rounding_up(t):
    goods = _table_goods({"red": 2}, {"red": 2}, {"red": 1})
    assert _score(t, goods) == [4 - 3, 4 - 3, 2]


def test_luxury_majority_is_eight_and_the_others_six(t):
    goods = _table_goods({"blue": 1}, {"black": 1}, {"yellow": 1})
    assert _score(t, goods) == [1 + 8, 1 + 6, 1 + 6]
    goods = _table_goods({"green": 1}, {}, {})
    assert _score(t, goods) == [1 + 6, 0, 0]


def test_the_most_credits_win_and_ties_share_the_win(t):
    goods = _table_goods({"green": 1}, {}, {})
    final = _score(t, goods, credits=[20, 27, 26])
    assert final == [27, 27, 26]
    assert t.state.winners == [0, 1]
    outcome = t.game.outcome(t.state)
    assert outcome.winners == [0, 1]
    assert [p.placement for p in outcome.players] == [1, 1, 3]
