"""The five actions: Supply, Contract, Load, Pirate, Import; discarding contracts as leader."""

from __future__ import annotations

import pytest

from simulator.games.import_export.cards import (
    BLUE,
    CONTRACT,
    GREEN,
    IMPORT,
    LOAD,
    PIRATE,
    RED,
    SUPPLY,
    YELLOW,
)

CARDS = {
    "Jet": "blue contract level=blue:2 cargo=blue:3",
    "Ring": "blue contract level=blue:1 cargo=blue:2",
    "Big Four": "red contract cargo=red:4",
    "Three": "blue contract cargo=blue:3",
    "Mix": "yellow contract cargo=red:2+blue:1",
    "Red Five": "red contract cargo=red:5",
    "Red Four": "red contract cargo=red:4",
    "Red Two": "red contract cargo=red:2",
    "Done Deal": "green contract",
}


@pytest.fixture
def t(ie_table):
    return ie_table(players=3, cards=CARDS)


def _contract_cards(d, kind="contract"):
    return {(card, ship) for card, _, ship in d.options(kind)}


# ---------------------------------------------------------------- supply


def test_supply_sells_once_per_turn_for_four(t):
    t.arrange(
        hands=[["red supply 1", "blue load 1", "green load 1"], [], []],
        crew={0: ["yellow supply 1"]},
        island=["yellow import 1"],
    )
    d = t.play()
    d.lead(0, SUPPLY, t.c("red supply 1"), declare=2)
    d.draw(1).draw(2)
    blue, green, island = t.cs("blue load 1", "green load 1", "yellow import 1")
    d.expect("supply", 0, options=[("sell", blue), ("sell", green), ("crew", island)])
    d.send(("sell", blue))
    assert t.state.credits[0] == 14
    assert blue in t.state.island and blue not in t.state.hands[0]
    assert t.state.log[0]["sold"] == [blue]
    # the second Supply action may not sell again
    d.expect("supply", 0, options=[("crew", island), ("crew", blue)])


def test_the_sale_limit_is_per_turn(t):
    t.arrange(
        hands=[["red supply 1", "blue load 1"], ["green supply 1", "black load 1"], []],
        island=["yellow import 1"],
    )
    d = t.play()
    d.lead(0, SUPPLY, t.c("red supply 1"))
    d.draw(1).draw(2)
    d.send(("sell", t.c("blue load 1")), "supply", 0)
    d.lead(1, SUPPLY, t.c("green supply 1"))
    d.draw(2)
    d.send(("draw",), "follow", 0)
    d.send(0, "declare", 0)
    d.send(("sell", t.c("black load 1")), "supply", 1)
    assert t.state.credits == [14, 14, 10]


def test_supply_takes_island_cards_to_crew_up_to_the_limit_then_discards(t):
    t.arrange(
        hands=[["red supply 1"], [], []],
        crew={0: ["yellow supply 1", "yellow supply 2"]},
        fulfilled={0: ["Done Deal"]},  # crew limit 2
        island=["yellow import 1", "green pirate 1", "black load 1"],
    )
    d = t.play()
    d.lead(0, SUPPLY, t.c("red supply 1"), declare=3)
    d.draw(1).draw(2)
    # the hand is empty: no sale offered
    taken = t.cs("yellow import 1", "green pirate 1", "black load 1")
    d.expect("supply", 0, options=[("crew", c) for c in taken])
    d.send(("crew", taken[0]))
    assert t.state.crew[0] == t.cs("yellow supply 1", "yellow supply 2")
    assert taken[0] in t.state.discard
    d.send(("crew", taken[1]), "supply", 0)
    assert taken[1] in t.state.discard
    assert t.state.crew[0] == t.cs("yellow supply 1", "yellow supply 2"), "never replaces crew"


def test_supply_takes_several_island_cards_in_one_turn(t):
    t.arrange(
        hands=[["red supply 1"], [], []],
        crew={0: ["yellow supply 1"]},
        fulfilled={0: ["Done Deal", "Ring"]},  # crew limit 3
        island=["yellow import 1", "green pirate 1"],
    )
    d = t.play()
    d.lead(0, SUPPLY, t.c("red supply 1"), declare=2)
    d.draw(1).draw(2)
    d.send(("crew", t.c("yellow import 1")), "supply", 0)
    d.send(("crew", t.c("green pirate 1")), "supply", 0)
    assert t.state.crew[0] == t.cs("yellow supply 1", "yellow import 1", "green pirate 1")
    assert t.state.island == []
    assert t.state.log[0]["crew"] == t.cs("yellow import 1", "green pirate 1")


def test_supply_with_nothing_to_sell_or_take_is_wasted(t):
    t.arrange(hands=[["red supply 1"], ["green supply 1"], []], island=[])
    d = t.play()
    d.lead(0, SUPPLY, t.c("red supply 1"))
    d.follow(1, t.c("green supply 1"))
    d.draw(2)
    d.expect("lead", 1)
    assert t.state.credits == [10, 10, 10]


# ---------------------------------------------------------------- contract


def test_a_contract_needs_its_level_in_goods_of_its_colour(t):
    t.arrange(
        hands=[["black contract 1", "Jet", "Ring"], [], []],
        goods={0: ["blue load 1", "red load 1", "red load 2"]},
        ports=[GREEN, YELLOW, RED],
    )
    d = t.play()
    d.lead(0, CONTRACT, t.c("black contract 1"))
    d.draw(1).draw(2)
    # one blue good: Ring (blue level 1) yes, Jet (blue level 2) no; red goods never help
    assert _contract_cards(d) == {(t.c("Ring"), 0), (t.c("Ring"), 1)}


def test_the_port_counts_one_level_of_its_colour(t):
    t.arrange(
        hands=[["black contract 1", "Jet"], [], []],
        goods={0: ["blue load 1"]},
        ports=[BLUE, YELLOW, RED],
    )
    d = t.play()
    d.lead(0, CONTRACT, t.c("black contract 1"))
    d.draw(1).draw(2)
    d.expect("contract", 0, options=[(t.c("Jet"), t.cid("Jet"), 0), (t.c("Jet"), t.cid("Jet"), 1)])
    d.send((t.c("Jet"), t.cid("Jet"), 0))
    assert t.ship(0).contracts == [t.cid("Jet")]
    assert t.state.hands[0] == []
    assert t.state.log[0]["contracted"] == [t.cid("Jet")]


@pytest.mark.parametrize(("declared", "offered"), [(2, False), (3, True)])
def test_extra_contract_actions_each_pay_one_missing_level(t, declared, offered):
    t.arrange(
        hands=[["black contract 1", "Jet"], [], []],
        crew={0: ["blue contract 1", "blue contract 2"]},
        fulfilled={0: ["Done Deal"]},
        ports=[GREEN, YELLOW, RED],
    )
    d = t.play()
    d.lead(0, CONTRACT, t.c("black contract 1"), declare=declared)
    d.draw(1).draw(2)
    if not offered:
        d.expect("lead", 1)  # nothing legal: the actions are wasted
        assert t.state.hands[0] == [t.c("Jet")]
        return
    d.send((t.c("Jet"), t.cid("Jet"), 0), "contract", 0)
    assert t.ship(0).contracts == [t.cid("Jet")]
    d.expect("lead", 1)


def test_bought_levels_use_up_the_actions(t):
    t.arrange(
        hands=[["black contract 1", "Ring", "green supply 1"], [], []],
        crew={0: ["blue contract 1"]},
        ports=[GREEN, YELLOW, RED],
    )
    d = t.play()
    d.lead(0, CONTRACT, t.c("black contract 1"), declare=2)
    d.draw(1).draw(2)
    # Ring costs both actions (1 + one missing level): the level-0 card is not placed after
    d.send((t.c("Ring"), t.cid("Ring"), 0), "contract", 0)
    d.expect("lead", 1)
    assert t.state.hands[0] == [t.c("green supply 1")]


def test_each_contract_action_places_another_contract(t):
    t.arrange(
        hands=[["black contract 1", "green supply 1", "Three"], [], []],
        crew={0: ["blue contract 1"]},
    )
    d = t.play()
    d.lead(0, CONTRACT, t.c("black contract 1"), declare=2)
    d.draw(1).draw(2)
    d.send((t.c("Three"), t.cid("Three"), 0), "contract", 0)
    d.send((t.c("green supply 1"), t.cid("green supply 1"), 0), "contract", 0)
    assert t.ship(0).contracts == [t.cid("Three"), t.cid("green supply 1")]
    d.expect("lead", 1)


def test_a_ships_contracts_need_at_most_six_containers(t):
    t.arrange(
        hands=[["black contract 1", "Three", "green supply 1"], [], []],
        ships={0: {"contracts": ["Big Four"], "cargo": ["red load 1"]}},
    )
    d = t.play()
    d.lead(0, CONTRACT, t.c("black contract 1"))
    d.draw(1).draw(2)
    # 4 + 3 > 6: Three only on the empty ship; 4 + 2 = 6 fits on either
    assert _contract_cards(d) == {
        (t.c("Three"), 1),
        (t.c("green supply 1"), 0),
        (t.c("green supply 1"), 1),
    }


def test_contracts_go_only_on_ships_at_the_own_port(t):
    t.arrange(
        hands=[["black contract 1", "Three"], [], []],
        ships={1: {"at_sea": True, "cargo": ["red load 1"]}},
    )
    d = t.play()
    d.lead(0, CONTRACT, t.c("black contract 1"))
    d.draw(1).draw(2)
    assert _contract_cards(d) == {(t.c("Three"), 0)}


def test_a_contract_action_with_nothing_legal_is_wasted(t):
    t.arrange(
        hands=[["black contract 1", "Jet"], ["blue contract 3", "Three"], []],
        ports=[GREEN, YELLOW, RED],
    )
    d = t.play()
    d.lead(0, CONTRACT, t.c("black contract 1"))
    d.follow(1, t.c("blue contract 3"))
    d.draw(2)
    # player 0 cannot place Jet: no decision for him, player 1 places Three
    d.expect("contract", 1)


# ---------------------------------------------------------------- load


def test_load_only_onto_an_uncovered_matching_need(t):
    t.arrange(
        hands=[["green load 1", "red supply 1", "blue supply 1", "black supply 1"], [], []],
        crew={0: ["yellow load 1"]},
        ships={0: {"contracts": ["Mix"], "cargo": ["red load 1"]}},
    )
    d = t.play()
    d.lead(0, LOAD, t.c("green load 1"), declare=2)
    d.draw(1).draw(2)
    red, blue = t.cs("red supply 1", "blue supply 1")
    d.expect("load", 0, options=[(red, 0, RED), (blue, 0, BLUE)])
    d.send((red, 0, RED))
    assert t.ship(0).cargo == t.cs("red load 1", "red supply 1")
    assert t.ship(0).cargo_colors == [RED, RED]
    # red is covered now: only blue may be loaded
    d.expect("load", 0, options=[(blue, 0, BLUE)])


def test_load_never_onto_ships_at_sea_without_contracts_or_of_others(t):
    t.arrange(
        hands=[["green load 1", "red supply 1"], [], []],
        ships={
            1: {"at_sea": True, "cargo": ["red load 1"]},
            2: {"contracts": ["Red Two"]},
        },
    )
    d = t.play()
    d.lead(0, LOAD, t.c("green load 1"))
    d.draw(1).draw(2)
    d.expect("lead", 1)  # nothing to load: wasted
    assert t.state.hands[0] == [t.c("red supply 1")]


# ---------------------------------------------------------------- pirate


@pytest.fixture
def at_sea(t):
    """Player 0 leads Pirate; ships 1 (p0) and 3 (p1) at sea, an island card."""
    t.arrange(
        hands=[["green pirate 1"], [], []],
        ships={
            0: {"contracts": ["Red Two"]},
            1: {"at_sea": True, "cargo": ["blue load 1"]},
            3: {"at_sea": True, "cargo": ["red load 1", "yellow load 1"]},
        },
        island=["red import 1"],
    )
    d = t.play()
    d.lead(0, PIRATE, t.c("green pirate 1"))
    d.draw(1).draw(2)
    return d


def test_pirate_takes_from_any_ship_at_sea_or_the_island(t, at_sea):
    at_sea.expect(
        "pirate",
        0,
        options=[("ship", 1, 0), ("ship", 3, 0), ("ship", 3, 1), ("island", t.c("red import 1"))],
    )


def test_a_pirated_container_that_fits_is_loaded(t, at_sea):
    at_sea.send(("ship", 3, 0), "pirate", 0)
    card = t.c("red load 1")
    at_sea.expect("pirate_to", 0, options=[(0, RED), "discard"])
    at_sea.send((0, RED))
    assert t.ship(0).cargo == [card] and t.ship(0).cargo_colors == [RED]
    assert t.ship(3).cargo == [t.c("yellow load 1")] and t.ship(3).at_sea
    assert t.state.log[0]["pirated"] == [card]


def test_a_pirate_may_discard_a_container_that_fits(t, at_sea):
    """Pirateria: "Puoi piazzarlo sulla tua Nave, se ha capienza": allowed, not forced.

    Ruling: IE-PIRATE-1.
    """
    at_sea.send(("ship", 3, 0), "pirate", 0)
    at_sea.send("discard", "pirate_to", 0)
    assert t.c("red load 1") in t.state.discard
    assert t.ship(0).cargo == []


def test_a_pirated_container_that_does_not_fit_is_discarded(t, at_sea):
    at_sea.send(("ship", 3, 1), "pirate", 0)
    assert t.c("yellow load 1") in t.state.discard
    at_sea.expect("lead", 1)


def test_pirate_from_the_island(t, at_sea):
    at_sea.send(("island", t.c("red import 1")), "pirate", 0)
    at_sea.send((0, RED), "pirate_to", 0)
    assert t.state.island == []
    assert t.ship(0).cargo == [t.c("red import 1")]


def test_a_ship_emptied_by_pirates_returns_with_no_compensation(t, at_sea):
    at_sea.send(("ship", 1, 0), "pirate", 0)  # his own ship: the only container
    assert not t.ship(1).at_sea and t.ship(1).cargo == []
    assert t.c("blue load 1") in t.state.discard
    assert t.state.credits == [10, 10, 10]


def test_a_ship_of_another_player_emptied_by_pirates_pays_nothing(t):
    t.arrange(
        hands=[["green pirate 1", "black pirate 1"], [], []],
        crew={0: ["blue pirate 1"]},
        ships={3: {"at_sea": True, "cargo": ["red load 1", "yellow load 1"]}},
    )
    d = t.play()
    d.lead(0, PIRATE, t.c("green pirate 1"), declare=2)
    d.draw(1).draw(2)
    d.send(("ship", 3, 0), "pirate", 0)
    d.send(("ship", 3, 0), "pirate", 0)
    assert not t.ship(3).at_sea
    assert t.state.credits == [10, 10, 10]


# ---------------------------------------------------------------- import


@pytest.fixture
def auction(t):
    """Three players, every second ship at sea with four cards; p0 leads Import."""
    t.arrange(
        hands=[["green import 1"], ["blue import 1"], []],
        crew={2: ["red import 1", "red import 2", "red import 3"]},
        ships={
            1: {"at_sea": True, "cargo": ["red load 1", "red load 2", "red load 3", "red load 4"]},
            3: {"at_sea": True, "cargo": ["blue load 1", "blue load 2", "blue load 3"]},
            5: {"at_sea": True, "cargo": ["yellow load 1", "yellow load 2"]},
        },
        fulfilled={p: [f"black supply {p + 1}"] for p in range(3)},  # room for 2 crew, 4 goods
        credits=[10, 8, 6],
    )
    d = t.play()
    d.lead(0, IMPORT, t.c("green import 1"))
    d.follow(1, t.c("blue import 1"))
    d.draw(2, declare=3)
    return d


def _take(d, p, index, where):
    d.send(index, "import_take", p)
    d.send(where, "import_place", p)


def test_import_rounds_up_to_the_most_declared_and_the_leader_always_picks(t, auction):
    d = auction
    # round 1: all three bid
    assert d.expect("import_ship", 0, options=[1, 3, 5]).context == "bidding"
    d.send(3)
    d.expect("bid", 0, options=range(11))
    d.send(0)
    d.expect("bid", 1, options=range(9))
    d.send(2)
    d.expect("bid", 2, options=range(7))
    d.send(1)
    _take(d, 1, 0, "goods")
    _take(d, 1, 0, "goods")
    assert t.state.credits == [10 + 0, 8 - 2, 6], "winner pays; the others keep their bids"
    # rounds 2 and 3: the leader picks the ship, only player 2 (three declared) bids
    assert d.expect("import_ship", 0).context == "not bidding", "the leader declared one"
    d.send(5)
    d.expect("bid", 2, options=range(7))
    d.send(0)
    _take(d, 2, 0, "goods")
    d.send("goods", "import_place", 2)  # his own ship: no compensation
    assert d.expect("import_ship", 0, options=[1, 3]).context == "not bidding"
    d.send(3)
    d.send(0, "bid", 2)
    d.expect("import_place", 2, options=["goods"])  # crew full (limit 2)
    d.send("goods")
    assert t.state.credits == [10, 6 + 2, 6]
    d.expect("lead", 1)
    bidders = [p for dec, _ in d.history if dec.kind == "bid" for p in [dec.player]]
    assert bidders == [0, 1, 2, 2, 2]
    assert [p for dec, _ in d.history if dec.kind == "import_ship" for p in [dec.player]] == [0] * 3


def test_the_winner_takes_two_cards_at_most_one_to_crew_and_the_owner_gets_two(t, auction):
    d = auction
    d.send(1, "import_ship", 0)
    d.send(0, "bid", 0).send(5, "bid", 1).send(0, "bid", 2)
    cargo = list(t.ship(1).cargo)
    d.expect("import_take", 1, options=range(4))
    d.send(2)
    d.expect("import_place", 1, options=["crew", "goods"])
    d.send("crew")
    d.send(0, "import_take", 1)
    d.expect("import_place", 1, options=["goods"])
    d.send("goods")
    assert t.state.crew[1] == [cargo[2]]
    assert t.state.goods[1] == [cargo[0]]
    assert t.ship(1).cargo == [cargo[1], cargo[3]] and t.ship(1).at_sea
    assert t.state.credits == [10 + 2, 8 - 5, 6]
    assert t.state.log[1]["imported"] == [cargo[2], cargo[0]]


def test_the_owner_winning_his_own_ship_gets_no_compensation(t, auction):
    d = auction
    d.send(1, "import_ship", 0)
    d.send(3, "bid", 0).send(0, "bid", 1).send(0, "bid", 2)
    _take(d, 0, 0, "goods")
    _take(d, 0, 0, "goods")
    assert t.state.credits == [10 - 3, 8, 6]


def test_the_leader_breaks_ties_even_between_others(t, auction):
    d = auction
    d.send(3, "import_ship", 0)
    d.send(1, "bid", 0).send(4, "bid", 1).send(4, "bid", 2)
    d.expect("import_tie", 0, options=[1, 2])
    d.send(2)
    d.expect("import_take", 2)
    assert t.state.credits == [10, 8, 6 - 4]


def test_the_leader_may_pick_himself_in_a_tie(t, auction):
    d = auction
    d.send(3, "import_ship", 0)
    d.send(2, "bid", 0).send(2, "bid", 1).send(0, "bid", 2)
    d.expect("import_tie", 0, options=[0, 1])
    d.send(0)
    d.expect("import_take", 0)
    assert t.state.credits == [10 - 2, 8, 6]


def test_an_emptied_ship_returns_home_after_the_import(t, auction):
    d = auction
    d.send(5, "import_ship", 0)
    d.send(0, "bid", 0).send(1, "bid", 1).send(0, "bid", 2)
    _take(d, 1, 1, "goods")
    d.send("goods", "import_place", 1)  # the last card: nothing to choose
    assert not t.ship(5).at_sea and t.ship(5).cargo == []
    assert t.state.credits == [10, 8 - 1, 6 + 2]
    # the next round cannot pick it
    d.expect("import_ship", 0, options=[1, 3])


def test_import_with_no_ship_at_sea_is_wasted(t):
    t.arrange(hands=[["green import 1"], [], []])
    d = t.play()
    d.lead(0, IMPORT, t.c("green import 1"))
    d.draw(1).draw(2)
    d.expect("lead", 1)


# ---------------------------------------------------------------- discarding contracts


def test_the_leader_may_discard_contracts_keeping_the_containers(t):
    t.arrange(
        hands=[["black contract 1"], [], []],
        ships={
            0: {"contracts": ["Mix"], "cargo": ["red load 1", "blue load 1"]},
            1: {"contracts": ["Red Two"]},
            2: {"contracts": ["Three"]},
        },
    )
    d = t.play()
    d.expect(
        "lead",
        0,
        options=[("draw",), ("lead", CONTRACT), ("discard_contracts", 0), ("discard_contracts", 1)],
    )
    d.send(("discard_contracts", 0))
    assert t.ship(0).contracts == [] and t.c("Mix") in t.state.discard
    assert t.ship(0).cargo == t.cs("red load 1", "blue load 1")
    assert t.state.log[0]["discarded"] == [t.c("Mix")]
    # asked again, one ship fewer to discard from
    d.expect("lead", 0, options=[("draw",), ("lead", CONTRACT), ("discard_contracts", 1)])


def test_leftover_containers_count_for_a_new_contract_of_their_colour(t):
    t.arrange(
        hands=[["black contract 1", "Red Two", "red supply 1", "blue supply 1"], [], []],
        ships={0: {"cargo": ["red load 1", "blue load 1"]}},
    )
    d = t.play()
    d.lead(0, CONTRACT, t.c("black contract 1"))
    d.draw(1).draw(2)
    d.send((t.c("Red Two"), t.cid("Red Two"), 0), "contract", 0)
    # one red need is already covered by the leftover red; the blue one only takes room
    need, unmatched = t.game.remaining(t.ship(0))
    assert need == {RED: 1} and unmatched == 1


def test_leftover_containers_of_other_colours_take_room(t):
    t.arrange(
        hands=[["black contract 1", "Red Five", "Red Four"], [], []],
        ships={0: {"cargo": ["blue load 1", "blue load 2"]}},
    )
    d = t.play()
    d.lead(0, CONTRACT, t.c("black contract 1"))
    d.draw(1).draw(2)
    # 5 + 2 leftovers > 6 on ship 0; 4 + 2 fits
    assert _contract_cards(d) == {
        (t.c("Red Five"), 1),
        (t.c("Red Four"), 0),
        (t.c("Red Four"), 1),
    }


def test_matching_leftovers_do_not_count_twice_against_the_six(t):
    t.arrange(
        hands=[["black contract 1", "Red Five"], [], []],
        ships={0: {"cargo": ["red load 1", "red load 2"]}},
    )
    d = t.play()
    d.lead(0, CONTRACT, t.c("black contract 1"))
    d.draw(1).draw(2)
    # the two red leftovers fill two of Red Five's five slots: 5 containers, within 6
    assert (t.c("Red Five"), 0) in _contract_cards(d)


def test_only_the_leader_is_offered_to_discard(t):
    t.arrange(
        hands=[["black contract 1"], ["blue contract 1"], []],
        ships={2: {"contracts": ["Three"]}},
    )
    d = t.play()
    d.expect("lead", 0, options=[("draw",), ("lead", CONTRACT)])
    d.lead(0, CONTRACT, t.c("black contract 1"))
    d.expect("follow", 1, options=[("follow",), ("draw",)])
    d.draw(1).draw(2)
    d.expect("lead", 1)
    assert ("discard_contracts", 2) in d.options("lead", 1)
