"""J powers (powers/j.py): each card's real sheet row on a small hand-built table; the
power is triggered and its exact effect asserted. Rulings IE-JP-n."""

from __future__ import annotations

from test_ie_power_play import fulfil, params, specs, use

from simulator.games.import_export.cards import (
    BLUE,
    CONTRACT,
    GREEN,
    IMPORT,
    LOAD,
    PAIRED,
    PIRATE,
    RED,
    YELLOW,
)

# ---------------------------------------------------------------- Bamboo


def test_bamboo_placed_again_on_an_available_ship_as_it_completes(ie_table) -> None:
    """Ruling: IE-JP-1 (the ship it completed on is sailing: not available)."""
    t = ie_table(cards=specs("Bamboo"))
    t.arrange(
        hands=[["green load 1", "yellow load 2"], [], []],
        goods={0: ["yellow supply 1"]},
        ships={0: {"contracts": ["Bamboo"], "cargo": ["yellow pirate 1"]}},
    )
    s = t.state
    d = t.play()
    d.lead(0, LOAD, t.c("green load 1"))
    d.draw(1).draw(2)
    d.send((t.c("yellow load 2"), 0, YELLOW), "load", 0)
    d.expect("bamboo_place", 0, options=["pass", 1])
    d.send(1)
    assert t.ship(1).contracts == [t.cid("Bamboo")] and t.ship(0).at_sea
    assert t.cid("Bamboo") not in s.fulfilled[0]
    assert s.credits[0] == 10 + t.game.rules.payout(2)


def test_bamboo_may_stay_completed_and_needs_its_level(ie_table) -> None:
    """Ruling: IE-JP-1."""
    t = ie_table(cards=specs("Bamboo"))
    t.arrange(fulfilled={0: ["Bamboo"]}, goods={0: ["yellow supply 1"]})
    fulfil(t, 0, "Bamboo", "pass")
    assert t.state.fulfilled[0] == [t.cid("Bamboo")]
    t = ie_table(cards=specs("Bamboo"))
    t.arrange(fulfilled={0: ["Bamboo"]})  # green port, no agricultural good: level 0 of 1
    assert fulfil(t, 0, "Bamboo") == []


# ---------------------------------------------------------------- Chopsticks


def test_chopsticks_leads_a_load_with_an_import_card_its_import_crew_adding(ie_table) -> None:
    """Ruling: IE-JP-2 (one type of action: the Import crew counts as Load)."""
    t = ie_table(cards=specs("Chopsticks"))
    t.arrange(
        fulfilled={0: ["Chopsticks"]},
        hands=[["yellow import 1", "blue pirate 1", "red supply 1"], ["red load 2"], []],
        crew={0: ["red import 1"]},
        ships={0: {"contracts": ["blue import 2"]}},
    )
    fulfil(t, 0, "Chopsticks")
    d = t.play()
    lead = d.options("lead", 0)
    assert {("lead", IMPORT), ("lead", CONTRACT), ("lead", LOAD)} <= set(lead)
    d.send(("lead", LOAD))
    d.expect("lead_with", 0, options=[t.c("yellow import 1")])
    d.send(t.c("yellow import 1"))
    d.expect("declare", 0, options=[1, 2])  # the Import crew adds a Load
    d.send(2)
    d.expect("follow", 1, options=[("follow",), ("draw",)])  # the others follow a Load
    d.draw(1).draw(2)
    d.send((t.c("blue pirate 1"), 0, BLUE), "load", 0)
    d.expect("lead", 1)  # the second Load had nothing to load


def test_chopsticks_follows_an_import_performing_loads_instead(ie_table) -> None:
    """Ruling: IE-JP-2."""
    t = ie_table(cards=specs("Chopsticks"))
    t.arrange(
        fulfilled={1: ["Chopsticks"]},
        hands=[["green import 1"], ["red import 1", "blue pirate 1"], []],
        crew={1: ["yellow import 2"]},
        ships={2: {"contracts": ["blue import 2"]}, 5: {"at_sea": True, "cargo": ["red load 2"]}},
    )
    fulfil(t, 1, "Chopsticks")
    d = t.play()
    d.lead(0, IMPORT, t.c("green import 1"))
    d.expect(
        "follow",
        1,
        options=[
            ("follow",),
            ("draw",),
            ("follow_as", CONTRACT, IMPORT),
            ("follow_as", LOAD, IMPORT),
        ],
    )
    d.send(("follow_as", LOAD, IMPORT))
    d.expect("follow_with", 1, options=[t.c("red import 1")])
    d.send(t.c("red import 1"))
    d.expect("declare", 1, options=[1, 2])  # his Import crew adds a Load, not an Import
    d.send(2)
    d.draw(2)
    d.send(5, "import_ship", 0)
    d.send(0, "bid", 0)  # he does not bid: player 0 bids alone
    d.send("goods", "import_place", 0)
    d.send((t.c("blue pirate 1"), 2, BLUE), "load", 1)
    assert t.ship(2).cargo == [t.c("blue pirate 1")]
    d.expect("lead", 1)  # his second Load had nothing to load


def test_chopsticks_follows_a_contract_with_an_import_card(ie_table) -> None:
    """Ruling: IE-JP-2."""
    t = ie_table(cards=specs("Chopsticks"))
    t.arrange(
        fulfilled={1: ["Chopsticks"]},
        hands=[["green contract 1"], ["red import 1", "green load 2"], []],
    )
    fulfil(t, 1, "Chopsticks")
    d = t.play()
    d.lead(0, CONTRACT, t.c("green contract 1"))
    d.send(("follow",), "follow", 1)
    d.expect("follow_with", 1, options=[t.c("red import 1")])


# ---------------------------------------------------------------- Foxes


def test_foxes_wins_an_import_tie_without_the_leader_deciding(ie_table) -> None:
    """Ruling: IE-JP-3 (FAQ: "tranne contro Foxes, che vince tutti i pareggi")."""
    t = ie_table(cards=specs("Foxes"))
    t.arrange(
        fulfilled={2: ["Foxes"]},
        hands=[["green import 1"], [], ["red import 2"]],
        ships={3: {"at_sea": True, "cargo": ["green load 1", "yellow load 1"]}},
    )
    fulfil(t, 2, "Foxes")
    s = t.state
    d = t.play()
    d.lead(0, IMPORT, t.c("green import 1"))
    d.draw(1)
    d.follow(2, t.c("red import 2"))
    d.send(3, "import_ship", 0)
    d.send(3, "bid", 0)
    d.send(3, "bid", 2)
    d.expect("import_take", 2)  # no import_tie asked: Foxes takes it
    assert s.credits[2] == 10 - 3 and s.credits[0] == 10


def test_foxes_wins_majority_ties_the_illegal_penalty_and_the_final_tie(ie_table) -> None:
    """Ruling: IE-JP-3 (FAQ: the illegal tie means Foxes alone pays the full 6)."""
    t = ie_table(cards=specs("Foxes"))
    t.arrange(
        fulfilled={2: ["Foxes"]},
        goods={0: ["red load 1", "green load 1"], 2: ["red load 2", "green load 2"]},
    )
    fulfil(t, 2, "Foxes")
    s = t.state
    t.game.score(s)
    rules = t.game.rules
    # both: 10 + 2 (illegal) + 1 (tech); Foxes: +6 tech majority, -6 illegal penalty
    assert s.final_credits == [13, 10, 13 + rules.majority[GREEN] - rules.illegal_penalty]
    assert s.winners == [2]  # the tie for the most credits is Foxes' too
    outcome = t.game.outcome(s)
    assert [pl.placement for pl in outcome.players] == [2, 3, 1]


def test_foxes_makes_nice_suits_count_a_tie_for_the_most_containers(ie_table) -> None:
    """Ruling: IE-JP-3 (powers' "the most": Nice Suits)."""
    t = ie_table(cards=specs("Foxes", "Nice Suits"))
    t.arrange(
        fulfilled={0: ["Foxes", "Nice Suits"]},
        ships={
            1: {"at_sea": True, "cargo": ["green load 1"]},
            3: {"at_sea": True, "cargo": ["green load 2"]},
        },
    )
    s = t.state
    t.game.score(s)
    without = s.final_credits[0]
    fulfil(t, 0, "Foxes")
    t.game.score(s)
    assert s.final_credits[0] == without + params(t, "Nice Suits")["payment"]


# ---------------------------------------------------------------- Muji Pens


def test_muji_pens_hand_to_the_island_then_three_random_cards_of_each(ie_table) -> None:
    """Ruling: IE-JP-4 (all of a smaller hand; none of one's own needed)."""
    t = ie_table(players=4, cards=specs("Muji Pens"))
    one = ["green load 1", "green load 2", "green load 3", "green load 4"]
    t.arrange(
        fulfilled={0: ["Muji Pens"]},
        hands=[["red load 1", "red load 2"], one, ["blue load 1", "blue load 2"], []],
    )
    s = t.state
    fulfil(t, 0, "Muji Pens")
    assert s.island == t.cs("red load 1", "red load 2")
    assert params(t, "Muji Pens")["cards_per_player"] == 3
    assert len(s.hands[1]) == 1 and s.hands[2] == [] and len(s.hands[0]) == 5
    assert set(s.hands[0]) == set(t.cs(*one, "blue load 1", "blue load 2")) - set(s.hands[1])


def test_muji_pens_random_cards_come_from_the_game_generator(ie_table) -> None:
    """Two tables with the same seed take the same cards; the choice is not fixed."""
    taken = []
    for seed in (1, 1, 2, 3, 4):
        t = ie_table(cards=specs("Muji Pens"), seed=seed)
        names = [f"green load {k}" for k in (1, 2, 3, 4)] + [f"green pirate {k}" for k in (1, 2)]
        t.arrange(fulfilled={0: ["Muji Pens"]}, hands=[[], names, []])
        fulfil(t, 0, "Muji Pens")
        taken.append(tuple(t.names(t.state.hands[0])))
    assert taken[0] == taken[1] and len(set(taken)) > 1


# ---------------------------------------------------------------- Pocky


def test_pocky_credits_cards_and_an_import_paying_the_ships_owner(ie_table) -> None:
    """Ruling: IE-JP-5."""
    t = ie_table(cards=specs("Pocky"))
    t.arrange(
        fulfilled={0: ["Pocky"]},
        ships={3: {"at_sea": True, "cargo": ["green load 1", "yellow load 1"]}},
    )
    s = t.state
    p = params(t, "Pocky")
    asked = fulfil(t, 0, "Pocky", 3, 1, "crew")
    assert [a.kind for a in asked] == ["pocky_import", "import_take", "import_place"]
    assert s.crew[0] == [t.c("yellow load 1")] and t.ship(3).cargo == [t.c("green load 1")]
    assert s.credits[0] == 10 + p["credits"] and len(s.hands[0]) == p["cards"]
    assert s.credits[1] == 10 + t.game.rules.owner_compensation


def test_pocky_from_ones_own_ship_pays_nobody_and_an_empty_ship_comes_home(ie_table) -> None:
    """Ruling: IE-JP-5."""
    t = ie_table(cards=specs("Pocky"))
    t.arrange(fulfilled={0: ["Pocky"]}, ships={1: {"at_sea": True, "cargo": ["green load 1"]}})
    s = t.state
    fulfil(t, 0, "Pocky", 1, "goods")
    assert s.goods[0] == [t.c("green load 1")] and not t.ship(1).at_sea
    assert s.credits == [10 + params(t, "Pocky")["credits"], 10, 10]


# ---------------------------------------------------------------- Rice


def test_rice_pays_for_each_agricultural_contract_completed_itself_included(ie_table) -> None:
    t = ie_table(cards=specs("Rice"))
    t.arrange(fulfilled={0: ["Rice", "yellow load 1", "green load 1"], 1: ["yellow load 2"]})
    fulfil(t, 0, "Rice")
    assert t.state.credits[0] == 10 + 2 * params(t, "Rice")["pay_per_contract"]


# ---------------------------------------------------------------- Rice Cookers


def test_rice_cookers_lead_a_load_with_a_contract_card_and_both_crews(ie_table) -> None:
    """Ruling: IE-JP-6 (FAQ: three Load actions; the others follow the declared type)."""
    cards = {**specs("Rice Cookers"), "Mixed": "black contract cargo=blue:1+red:1+yellow:1"}
    t = ie_table(cards=cards)
    t.arrange(
        fulfilled={0: ["Rice Cookers"]},
        hands=[
            ["green contract 1", "blue pirate 1", "red pirate 1", "yellow pirate 1"],
            ["red contract 2"],
            [],
        ],
        crew={0: ["yellow load 1", "yellow contract 1"]},
        ships={0: {"contracts": ["Mixed"]}},
    )
    fulfil(t, 0, "Rice Cookers")
    s = t.state
    d = t.play()
    assert {("lead", CONTRACT), ("lead", LOAD)} <= set(d.options("lead", 0))
    d.send(("lead", LOAD))
    d.expect("lead_with", 0, options=[t.c("green contract 1")])
    d.send(t.c("green contract 1"))
    d.expect("declare", 0, options=[1, 2, 3])
    d.send(3)
    d.expect("follow", 1, options=[("draw",)])  # his Contract card is no Load card
    d.draw(1).draw(2)
    for name, color in (("blue pirate 1", BLUE), ("red pirate 1", RED)):
        d.send((t.c(name), 0, color), "load", 0)
    d.send((t.c("yellow pirate 1"), 0, YELLOW), "load", 0)
    assert t.cid("Mixed") in s.fulfilled[0]  # three Loads, one type of action


def test_rice_cookers_contract_crew_adds_loads_only_for_the_owner(ie_table) -> None:
    """Ruling: IE-JP-6 (whether he leads or follows)."""
    t = ie_table(cards=specs("Rice Cookers"))
    t.arrange(
        fulfilled={1: ["Rice Cookers"]},
        hands=[["green load 1"], ["red contract 1"], ["blue load 1"]],
        crew={1: ["yellow contract 1"], 2: ["yellow contract 2"]},
    )
    fulfil(t, 1, "Rice Cookers")
    d = t.play()
    d.lead(0, LOAD, t.c("green load 1"))
    d.send(("follow",), "follow", 1)
    d.send(t.c("red contract 1"), "follow_with", 1)
    d.expect("declare", 1, options=[1, 2])
    d.send(2)
    d.send(("follow",), "follow", 2)
    d.send(t.c("blue load 1"), "follow_with", 2)
    d.expect("declare", 2, options=[1])


# ---------------------------------------------------------------- Robo-Cats


def test_robo_cats_two_cards_of_a_type_load_as_one_tech_container(ie_table) -> None:
    """Ruling: IE-JP-8 (one tech need filled; the payout counts every card)."""
    t = ie_table(cards=specs("Robo-Cats"))
    t.arrange(
        fulfilled={0: ["Robo-Cats"]},
        hands=[
            ["yellow load 1", "red pirate 1", "red supply 1", "blue pirate 1", "blue supply 1"],
            [],
            [],
        ],
        crew={0: ["green load 2"]},
        ships={0: {"contracts": ["green import 1"]}},
    )
    fulfil(t, 0, "Robo-Cats")
    s = t.state
    reds = tuple(sorted(t.cs("red pirate 1", "red supply 1")))
    blues = tuple(sorted(t.cs("blue pirate 1", "blue supply 1")))
    d = t.play()
    d.lead(0, LOAD, t.c("yellow load 1"), declare=2)
    d.draw(1).draw(2)
    d.expect("robo_cats_pair", 0, options=["pass", (reds, 0), (blues, 0)])
    d.send((reds, 0))
    assert t.ship(0).cargo == list(reds) and t.ship(0).cargo_colors == [GREEN, PAIRED]
    assert t.game.remaining(t.ship(0), s=s)[0] == {GREEN: 1}
    d.send((blues, 0), "robo_cats_pair", 0)
    assert t.ship(0).at_sea and t.cid("green import 1") in s.fulfilled[0]
    assert s.credits[0] == 10 + t.game.rules.payout(4)  # 4 containers, not 2
    assert t.ship(0).cargo_colors == [RED, RED, BLUE, BLUE]  # at sea: each its own type


def test_robo_cats_two_pirate_actions_gather_a_pair(ie_table) -> None:
    """Ruling: IE-JP-8 (kept aside between the two plunders)."""
    t = ie_table(cards=specs("Robo-Cats"))
    t.arrange(
        fulfilled={0: ["Robo-Cats"]},
        hands=[["yellow pirate 1"], [], []],
        crew={0: ["green pirate 2"]},
        ships={
            0: {"contracts": ["green import 1"]},
            3: {"at_sea": True, "cargo": ["red load 1", "red load 2", "blue load 1"]},
        },
    )
    fulfil(t, 0, "Robo-Cats")
    s = t.state
    d = t.play()
    d.lead(0, PIRATE, t.c("yellow pirate 1"), declare=2)
    d.draw(1).draw(2)
    d.send(("ship", 3, 0), "pirate", 0)
    d.send("keep", "robo_cats_keep", 0)
    assert s.mods[0]["held_cards"] == (t.c("red load 1"),)
    d.send(("ship", 3, 0), "pirate", 0)
    d.expect("robo_cats_pair", 0, options=["pass", 0])
    d.send(0)
    assert t.ship(0).cargo == t.cs("red load 1", "red load 2")
    assert t.ship(0).cargo_colors == [GREEN, PAIRED] and not s.mods[0].get("held_cards")


def test_robo_cats_a_kept_container_unpaired_is_discarded_at_the_turn_end(ie_table) -> None:
    """Ruling: IE-JP-8."""
    t = ie_table(cards=specs("Robo-Cats"))
    t.arrange(
        fulfilled={0: ["Robo-Cats"]},
        hands=[["yellow pirate 1"], [], []],
        ships={
            0: {"contracts": ["green import 1"]},
            3: {"at_sea": True, "cargo": ["red load 1", "blue load 1"]},
        },
    )
    fulfil(t, 0, "Robo-Cats")
    s = t.state
    d = t.play()
    d.lead(0, PIRATE, t.c("yellow pirate 1"))
    d.draw(1).draw(2)
    d.send(("ship", 3, 0), "pirate", 0)
    d.send("keep", "robo_cats_keep", 0)
    d.expect("lead", 1)
    assert t.c("red load 1") in s.discard and not s.mods[0].get("held_cards")


# ---------------------------------------------------------------- Soy Sauce


def test_soy_sauce_moves_the_crew_to_goods_paying_each_card(ie_table) -> None:
    """Ruling: IE-JP-9 (beyond the goods limit discarded, still paid)."""
    t = ie_table(cards=specs("Soy Sauce"))
    t.arrange(
        fulfilled={0: ["Soy Sauce"]},
        crew={0: ["red load 1", "blue load 1"]},
        goods={0: ["green load 1", "green load 2", "green load 3"]},
    )
    s = t.state
    assert t.game.goods_limit(s, 0) == 4
    asked = fulfil(t, 0, "Soy Sauce", "transfer")
    assert asked[0].options == ("pass", "transfer")
    assert s.crew[0] == [] and s.goods[0][-1] == t.c("red load 1")
    assert t.c("blue load 1") in s.discard
    assert s.credits[0] == 10 + 2 * params(t, "Soy Sauce")["pay_per_card"]


def test_soy_sauce_may_keep_the_crew(ie_table) -> None:
    t = ie_table(cards=specs("Soy Sauce"))
    t.arrange(fulfilled={0: ["Soy Sauce"]}, crew={0: ["red load 1"]})
    fulfil(t, 0, "Soy Sauce", "pass")
    assert t.state.crew[0] == [t.c("red load 1")] and t.state.credits[0] == 10


# ---------------------------------------------------------------- Sushi Knives


def test_sushi_knives_four_luxury_cards_from_the_hand_for_two_credits(ie_table) -> None:
    """Ruling: IE-JP-10."""
    t = ie_table(cards=specs("Sushi Knives"))
    blues = ["blue load 1", "blue load 2", "blue pirate 1", "blue pirate 2", "blue supply 1"]
    t.arrange(fulfilled={0: ["Sushi Knives"]}, hands=[[*blues, "red load 1"], [], []])
    fulfil(t, 0, "Sushi Knives")
    s = t.state
    p = params(t, "Sushi Knives")
    d = t.play()
    d.expect("any_time", 0, options=["pass", use(t, "Sushi Knives")])
    d.send(use(t, "Sushi Knives"))
    d.expect("sushi_knives_card", 0, options=t.cs(*blues))
    for name in blues[:4]:
        d.send(t.c(name), "sushi_knives_card", 0)
    d.expect("lead", 0)  # one luxury card left: not offered again
    assert s.hands[0] == t.cs("blue supply 1", "red load 1")
    assert s.credits[0] == 10 + p["payment"] and p["cards"] == 4
