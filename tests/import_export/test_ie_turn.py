"""The turn (Turno A/B and steps 1-4): draw or lead, declaring, following, order, discards."""

from __future__ import annotations

import pytest

from simulator.games.import_export.cards import CONTRACT, IMPORT, LOAD, PIRATE, SUPPLY


def test_a_leader_who_draws_fills_up_to_five_and_ends_the_turn(ie_table):
    t = ie_table(players=3)
    t.arrange(
        hands=[["red pirate 1", "blue load 1"], ["green supply 1"], ["yellow supply 1"]],
        deck=["black load 1", "black load 2", "black load 3", "black load 4"],
    )
    d = t.play()
    d.send(("draw",), "lead", 0)
    # nobody is asked to follow: the next decision is the next leader's
    d.expect("lead", 1)
    assert [kind for kind, _ in d.kinds()] == ["lead"]
    assert t.names(t.state.hands[0]) == t.names(
        t.cs("red pirate 1", "blue load 1", "black load 1", "black load 2", "black load 3")
    )
    assert t.state.deck[-1] == t.c("black load 4")
    assert t.state.log[0]["drawn"] == t.cs("black load 1", "black load 2", "black load 3")
    assert t.state.discard == [] and t.state.in_play == []
    assert t.state.turn == 2


@pytest.mark.parametrize("size", [5, 6])
def test_a_leader_holding_five_or_more_draws_one(ie_table, size):
    t = ie_table(players=2)
    hand = ["red pirate 1", "blue load 1", "green supply 1", "yellow import 1", "black contract 1"]
    hand += ["red load 1"][: size - 5]
    t.arrange(hands=[hand, []], deck=["black load 1", "black load 2"])
    d = t.play()
    d.send(("draw",), "lead", 0)
    assert len(t.state.hands[0]) == size + 1
    assert t.c("black load 1") in t.state.hands[0]
    assert t.c("black load 2") not in t.state.hands[0]


def test_only_actions_of_the_hand_may_be_led(ie_table):
    t = ie_table(players=2)
    t.arrange(hands=[["red supply 1", "blue load 1", "green pirate 1"], []])
    d = t.play()
    d.expect("lead", 0, options=[("draw",), ("lead", SUPPLY), ("lead", LOAD), ("lead", PIRATE)])


def test_two_cards_of_one_colour_lead_any_action(ie_table):
    t = ie_table(players=2)
    t.arrange(hands=[["green supply 1", "green supply 2"], []])
    d = t.play()
    d.expect(
        "lead",
        0,
        options=[("draw",)] + [("lead", a) for a in (SUPPLY, IMPORT, CONTRACT, LOAD, PIRATE)],
    )


def test_a_wildcard_pair_may_lead_even_while_holding_the_real_card(ie_table):
    t = ie_table(players=2)
    t.arrange(
        hands=[["blue pirate 1", "blue supply 1", "red pirate 1", "green load 1"], []],
        island=["green import 1"],
    )
    d = t.play()
    d.send(("lead", PIRATE), "lead", 0)
    blue_pair = tuple(sorted(t.cs("blue pirate 1", "blue supply 1")))
    # exactly one card of the action, or one same-colour pair: nothing mixed, nothing more
    d.expect("lead_with", 0, options=[t.c("blue pirate 1"), t.c("red pirate 1"), blue_pair])
    d.send(blue_pair)
    assert sorted(t.state.in_play) == sorted(blue_pair)
    assert t.state.hands[0] == t.cs("red pirate 1", "green load 1")
    assert sorted(t.state.log[0]["wildcard"]) == sorted(blue_pair)
    assert t.state.log[0]["played"] == []
    d.expect("declare", 0, options=[1])


def test_declared_count_is_one_plus_the_chosen_matching_crew(ie_table):
    t = ie_table(players=2)
    crew = ["blue load 1", "red load 1", "green supply 1"]
    t.arrange(
        hands=[["black load 1"], []],
        crew={0: crew},
    )
    d = t.play()
    d.send(("lead", LOAD), "lead", 0).send(t.c("black load 1"), "lead_with", 0)
    # two crew cards with Load, the Supply crew card does not count
    d.expect("declare", 0, options=[1, 2, 3])


@pytest.fixture
def table_with_target(ie_table):
    return ie_table(players=2, cards={"Load Target": "red contract cargo=red:6"})


def test_declaring_crew_is_optional_and_crew_is_not_used_up(table_with_target):
    t = table_with_target
    crew = ["blue load 1", "red load 1"]
    t.arrange(
        hands=[["black load 1", "red supply 1", "red supply 2", "red supply 3"], []],
        crew={0: crew},
        ships={0: {"contracts": ["Load Target"]}},
    )
    d = t.play()
    d.lead(0, LOAD, t.c("black load 1"), declare=2)
    d.draw(1)
    # two load actions: both performed by player 0, then the turn ends
    d.send((t.c("red supply 1"), 0, 4), "load", 0)
    d.send((t.c("red supply 2"), 0, 4), "load", 0)
    d.expect("lead", 1)
    assert t.state.crew[0] == t.cs(*crew)
    assert t.state.hands[0] == t.cs("red supply 3")


def test_a_follower_without_the_action_may_only_draw(ie_table):
    t = ie_table(players=3)
    t.arrange(
        hands=[["red supply 1"], ["blue supply 1", "green load 1"], ["black load 1", "red load 1"]],
        island=["yellow import 1"],
    )
    d = t.play()
    d.lead(0, SUPPLY, t.c("red supply 1"))
    d.expect("follow", 1, options=[("follow",), ("draw",)])
    d.draw(1)
    d.expect("follow", 2, options=[("draw",)])


def test_a_follower_who_draws_draws_at_once_and_still_declares_crew(ie_table):
    t = ie_table(players=3)
    t.arrange(
        hands=[["red supply 1"], ["blue load 1", "green load 1"], ["black import 1"]],
        crew={1: ["yellow supply 1", "yellow supply 2"]},
        island=["yellow import 1", "green pirate 1"],
        deck=["black load 1", "black load 2", "black load 3", "black load 4"],
    )
    d = t.play()
    d.lead(0, SUPPLY, t.c("red supply 1"))
    d.send(("draw",), "follow", 1)
    # drawn before anybody acts: 2 cards -> 5
    assert len(t.state.hands[1]) == 5
    assert t.cs("black load 1", "black load 2", "black load 3") == t.state.hands[1][2:]
    d.expect("declare", 1, options=[0, 1, 2])
    d.send(2)
    d.draw(2)  # one card in hand: draws four
    assert len(t.state.hands[2]) == 5
    assert t.c("black load 4") in t.state.hands[2]
    # both declared crew actions are performed by the drawer, after the leader
    d.send(("crew", t.c("yellow import 1")), "supply", 0)
    d.expect("supply", 1)
    d.send(("sell", t.c("blue load 1")))
    d.expect("supply", 1)
    assert t.state.hands[1][-3:] == t.cs("black load 1", "black load 2", "black load 3")


def test_a_follower_holding_five_draws_one(ie_table):
    t = ie_table(players=2)
    hand = ["blue load 1", "green load 1", "black load 1", "yellow load 1", "red load 1"]
    t.arrange(hands=[["red supply 1"], hand], deck=["black supply 1", "black supply 2"])
    d = t.play()
    d.lead(0, SUPPLY, t.c("red supply 1"))
    d.send(("draw",), "follow", 1)
    assert t.state.hands[1] == t.cs(*hand, "black supply 1")
    assert t.state.log[1]["drawn"] == [t.c("black supply 1")]


def test_actions_are_performed_in_order_from_the_leader_each_player_all_of_his(ie_table):
    t = ie_table(players=3)
    t.arrange(
        hands=[["red load 1"], ["red supply 1", "blue load 1"], ["green supply 1", "black load 1"]],
        crew={1: ["blue supply 1"], 0: ["yellow supply 1"]},
        island=["yellow import 1", "yellow import 2", "yellow import 3", "yellow import 4"],
        leader=1,
    )
    d = t.play()
    d.expect("lead", 1)
    d.lead(1, SUPPLY, t.c("red supply 1"), declare=2)
    d.follow(2, t.c("green supply 1"))
    d.draw(0, declare=1)
    order = []
    while d.decision is not None and d.decision.kind == "supply":
        order.append(d.decision.player)
        d.send(d.decision.options[-1])
    assert order == [1, 1, 2, 0]
    d.expect("lead", 2)


def test_played_cards_are_discarded_at_the_end_of_the_turn(ie_table):
    t = ie_table(players=3)
    t.arrange(
        hands=[["red supply 1", "blue load 1"], ["green supply 1"], ["black load 1"]],
        island=["yellow import 1", "yellow import 2"],
    )
    d = t.play()
    d.lead(0, SUPPLY, t.c("red supply 1"))
    d.follow(1, t.c("green supply 1"))
    d.draw(2)
    # during the turn the played cards lie on the ports
    assert sorted(t.state.in_play) == sorted(t.cs("red supply 1", "green supply 1"))
    assert t.state.discard == []
    d.send(("crew", t.c("yellow import 1")), "supply", 0)
    d.send(("crew", t.c("yellow import 2")), "supply", 1)
    d.expect("lead", 1)
    assert t.state.in_play == []
    assert sorted(t.state.discard) == sorted(t.cs("red supply 1", "green supply 1"))


def test_the_lead_passes_clockwise(ie_table):
    t = ie_table(players=3)
    t.arrange(hands=[[], [], []], leader=2)
    d = t.play()
    d.send(("draw",), "lead", 2)
    d.send(("draw",), "lead", 0)
    d.send(("draw",), "lead", 1)
    d.expect("lead", 2)
    assert t.state.turn == 4


def test_a_players_view_shows_the_table_but_not_the_other_hands(ie_table):
    t = ie_table(players=3)
    t.arrange(
        hands=[["red supply 1", "blue load 1"], ["green supply 1"], []],
        goods={1: ["black load 1"]},
        discard=["yellow load 1", "yellow load 2"],
    )
    view = t.game.observe(t.state, 0)
    assert view.hand == tuple(t.cs("red supply 1", "blue load 1"))
    assert view.hand_sizes == (2, 1, 0)
    assert view.goods(1) == (t.c("black load 1"),)
    assert view.discard_top == t.c("yellow load 2")
    assert view.deck_size == len(t.state.deck)
    public = {name for name in dir(view) if not name.startswith("_")}
    assert not public & {"hands", "deck", "discard", "state"}
