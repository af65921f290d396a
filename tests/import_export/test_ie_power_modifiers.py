"""Base-set rule modifiers (powers/base_modifiers.py): fulfilling the card sets the owner's
`state.mods`, and the engine applies it where the rule lives (rules.py)."""

from __future__ import annotations

import pytest
from test_ie_power_play import fulfil, params, resolve, specs

from simulator.games.import_export.cards import (
    BLACK,
    BLUE,
    GREEN,
    LOAD,
    PIRATE,
    RED,
    YELLOW,
)
from simulator.games.import_export.state import GameOver


def test_mineral_fuels_draws_up_to_its_hand_size(ie_table) -> None:
    t = ie_table(cards=specs("Mineral Fuels"))
    t.arrange(fulfilled={0: ["Mineral Fuels"]}, hands=[["red load 1"], ["red load 2"], []])
    fulfil(t, 0, "Mineral Fuels")
    s = t.state
    t.game.draw_up(s, s.rng, 0)
    t.game.draw_up(s, s.rng, 1)
    assert len(s.hands[0]) == params(t, "Mineral Fuels")["hand_size"]
    assert len(s.hands[1]) == t.game.rules.draw_to


def test_mri_machine_moves_the_credit_end_for_everybody(ie_table) -> None:
    """Ruling: IE-POWER-23."""
    t = ie_table(cards=specs("MRI Machine"))
    t.arrange(fulfilled={0: ["MRI Machine"]}, credits=[10, 45, 10])
    fulfil(t, 0, "MRI Machine")
    s = t.state
    t.game.gain(s, 1, 10)
    assert s.credits[1] == 55 and not s.end_triggered
    t.game.gain(s, 1, params(t, "MRI Machine")["threshold"] - 55)
    assert s.end_triggered and s.end_reason == "credits"


def test_can_openers_stops_only_its_owner_triggering_the_end(ie_table) -> None:
    """Ruling: IE-POWER-23."""
    t = ie_table(cards=specs("Can Openers"))
    t.arrange(fulfilled={0: ["Can Openers"]}, credits=[45, 45, 10])
    fulfil(t, 0, "Can Openers")
    s = t.state
    t.game.gain(s, 0, 100)
    t.game._end_of_turn(s)
    assert not s.end_triggered
    t.game.gain(s, 1, 10)
    assert s.end_triggered


def test_tablets_raise_capacity_and_payouts(ie_table) -> None:
    t = ie_table(
        cards={
            **specs("Tablets"),
            "big": "green load cargo=green:4",
            "big2": "green load cargo=green:4",
        }
    )
    t.arrange(
        fulfilled={0: ["Tablets"]}, ships={0: {"contracts": ["big"]}, 2: {"contracts": ["big"][:0]}}
    )
    s = t.state
    g = t.game
    assert not g.can_hold(t.ship(0), t.cid("big2"), s)
    fulfil(t, 0, "Tablets")
    p = params(t, "Tablets")
    assert g.can_hold(t.ship(0), t.cid("big2"), s)
    assert g.capacity(s, 0) == p["capacity"] and g.capacity(s, 1) == g.rules.ship_capacity
    assert [g.payout(s, 0, k) for k in (6, 8, 9, 10)] == [
        14,
        p["pay_8_9"],
        p["pay_8_9"],
        p["pay_10"],
    ]
    assert g.payout(s, 1, 10) == g.rules.payout(10)


def test_pants_raises_the_owners_import_compensation(ie_table) -> None:
    t = ie_table(cards=specs("Pants"))
    t.arrange(fulfilled={0: ["Pants"]}, ships={1: {"at_sea": True, "cargo": ["red load 1"]}})
    fulfil(t, 0, "Pants")
    s = t.state
    resolve(t, t.game.import_rounds(s, s.rng, [1, 2, 0], [0, 1, 0]), 1, 0, "goods")
    assert s.credits[0] == 10 + params(t, "Pants")["payment"]


def test_shampoo_may_take_a_third_card_with_the_usual_split(ie_table) -> None:
    """Ruling: IE-POWER-11 (FAQ: at most one to crew, the rest goods, within the limits)."""
    t = ie_table(cards=specs("Shampoo"))
    cargo = ["red load 1", "green load 1", "blue load 1", "black load 1"]
    t.arrange(fulfilled={0: ["Shampoo"]}, ships={3: {"at_sea": True, "cargo": cargo}})
    fulfil(t, 0, "Shampoo")
    s = t.state
    auction = t.game.import_rounds(s, s.rng, [0, 1, 2], [1, 0, 0])
    asked = resolve(t, auction, 3, 0, 0, "crew", 0, "goods", "take", 0, "goods")
    kinds = [d.kind for d in asked[2:]]
    assert kinds == ["import_take", "import_place"] * 2 + [
        "shampoo_take",
        "import_take",
        "import_place",
    ]
    assert asked[-1].options == ("goods",)  # the crew card was already taken
    assert len(s.crew[0]) == 1 and len(s.goods[0]) == params(t, "Shampoo")["containers"] - 1
    assert len(t.ship(3).cargo) == 1


def test_shampoo_third_card_is_optional(ie_table) -> None:
    t = ie_table(cards=specs("Shampoo"))
    cargo = ["red load 1", "green load 1", "blue load 1"]
    t.arrange(fulfilled={0: ["Shampoo"]}, ships={3: {"at_sea": True, "cargo": cargo}})
    fulfil(t, 0, "Shampoo")
    s = t.state
    auction = t.game.import_rounds(s, s.rng, [0, 1, 2], [1, 0, 0])
    resolve(t, auction, 3, 0, 0, "goods", 0, "goods", "stop")
    assert len(t.ship(3).cargo) == 1


WILD = {"Big Cats": RED, "Impalas": BLUE, "Soap": BLACK, "Televisions": GREEN, "Wheat": YELLOW}


@pytest.mark.parametrize("name", sorted(WILD))
def test_wild_colour_containers_fill_any_need_loaded_or_pirated(ie_table, name: str) -> None:
    """Ruling: IE-POWER-7."""
    color = WILD[name]
    other = (color + 1) % 5
    names = ("green", "yellow", "black", "blue", "red")
    t = ie_table(cards={**specs(name), "need": f"{names[other]} load cargo={names[other]}:2"})
    t.arrange(
        fulfilled={0: [name]},
        island=[f"{names[color]} supply 1"],
        ships={0: {"contracts": ["need"]}, 2: {"contracts": ["need"][:0]}},
    )
    s = t.state
    g = t.game
    assert not g.fits(t.ship(0), color, s)
    fulfil(t, 0, name)
    assert g.fits(t.ship(0), color, s)
    assert not g.fits(t.ship(2), color, s)  # another player's ship
    card = t.c(f"{names[color]} supply 1")
    resolve(t, g.pirate(s, s.rng, 0), ("island", card), (0, color))
    assert t.ship(0).cargo == [card]
    need, _ = g.remaining(t.ship(0), s=s)
    assert need == {other: 1}


@pytest.mark.parametrize(
    ("name", "color"), [("Candy", BLACK), ("Coffee", YELLOW), ("Generators", GREEN), ("Seeds", RED)]
)
def test_contracts_of_a_colour_take_any_container(ie_table, name: str, color: int) -> None:
    """Ruling: IE-POWER-8 (FAQ: a rainbow cargo requirement, which also completes them)."""
    names = ("green", "yellow", "black", "blue", "red")
    other = (color + 2) % 5
    t = ie_table(cards={**specs(name), "target": f"{names[color]} load cargo={names[color]}:2"})
    t.arrange(
        fulfilled={0: [name]},
        hands=[[f"{names[other]} load 1", f"{names[other]} supply 1"], [], []],
        ships={0: {"contracts": ["target"], "cargo": [f"{names[other]} pirate 1"]}},
    )
    fulfil(t, 0, name)
    d = t.play()
    d.lead(0, LOAD, t.c(f"{names[other]} load 1"))
    d.draw(1).draw(2)
    d.send((t.c(f"{names[other]} supply 1"), 0, other), "load", 0)
    assert t.state.fulfilled[0][-1] == t.cid("target")


def test_tortillas_takes_any_colour_while_it_is_a_contract(ie_table) -> None:
    """Ruling: IE-POWER-24."""
    t = ie_table(cards=specs("Tortillas"))
    t.arrange(ships={0: {"contracts": ["Tortillas"]}})
    s = t.state
    for color in (GREEN, BLACK, BLUE, RED, YELLOW):
        assert t.game.fits(t.ship(0), color, s)
    total = t.cards.contract_by_id[t.cid("Tortillas")].cargo_total
    assert t.game.remaining(t.ship(0)) == ({6: total}, 0)  # ANY, even for a bot's estimate


def test_fridges_tech_goods_act_as_load_crew(ie_table) -> None:
    """Ruling: IE-POWER-9 (FAQ: virtual Load crew, outside the crew limit)."""
    t = ie_table(cards=specs("Fridges"))
    tech = ["green supply 1", "green supply 2", "green pirate 1"]
    t.arrange(
        fulfilled={0: ["Fridges"]},
        goods={0: tech},
        crew={0: ["red load 1"]},
        hands=[["black load 1"], [], []],
    )
    s = t.state
    limit = t.game.crew_limit(s, 0)
    fulfil(t, 0, "Fridges")
    per = params(t, "Fridges")["tech_goods_per_action"]
    assert t.game.crew_actions(s, 0, LOAD) == 1 + len(tech) // per
    assert t.game.crew_limit(s, 0) == limit
    d = t.play()
    d.send(("lead", LOAD), "lead", 0)
    d.send(t.c("black load 1"), "lead_with", 0)
    assert d.options("declare", 0) == (1, 2, 3)


def test_cannons_counts_the_others_pirate_crew(ie_table) -> None:
    """Ruling: IE-POWER-10 (FAQ: Cannons with Cologne; the Pirate cards count as yours)."""
    t = ie_table(cards=specs("Cannons"))
    t.arrange(
        fulfilled={0: ["Cannons"]},
        crew={0: ["red pirate 1"], 1: ["green pirate 1", "red load 1"], 2: ["blue pirate 1"]},
        hands=[["black pirate 1"], [], []],
        island=["red supply 1", "red supply 2", "red supply 3", "red supply 4"],
    )
    s = t.state
    fulfil(t, 0, "Cannons")
    assert t.game.crew_actions(s, 0, PIRATE) == 3
    assert t.game.crew_actions(s, 1, PIRATE) == 1
    d = t.play()
    d.send(("lead", PIRATE), "lead", 0)
    d.send(t.c("black pirate 1"), "lead_with", 0)
    assert d.options("declare", 0) == (1, 2, 3, 4)


def _lead_load(t, card: str):  # noqa: ANN001, ANN202
    d = t.play()
    d.lead(0, LOAD, t.c(card))
    d.draw(1).draw(2)
    return d


def test_smart_cars_sells_a_card_to_the_island_instead_of_loading_once_a_turn(ie_table) -> None:
    t = ie_table(cards=specs("Smart Cars"))
    t.arrange(
        fulfilled={0: ["Smart Cars"]},
        hands=[["black load 1", "red load 1", "red load 2"], [], []],
        crew={0: ["black load 2"]},
        ships={0: {"contracts": ["red pirate 1"]}},
    )
    fulfil(t, 0, "Smart Cars")
    d = t.play()
    d.lead(0, LOAD, t.c("black load 1"), declare=2)
    d.draw(1).draw(2)
    assert d.options("smart_cars_use", 0)[0] == "load"
    d.send(("island", t.c("red load 2")))
    assert t.state.credits[0] == 10 + params(t, "Smart Cars")["payment"]
    assert t.state.island == [t.c("red load 2")]
    d.expect("load", 0)  # the second Load: once a turn, so no offer
    d.send((t.c("red load 1"), 0, RED))


def test_smart_cars_is_offered_with_no_card_that_could_be_loaded(ie_table) -> None:
    """Ruling: IE-POWER-52 (assumed: "instead of loading it" sets no condition, so the card
    need not be loadable; the Load is spent). No ship of the owner is at port with a
    contract, so the plain Load could load nothing: the power is still offered, for any hand
    card, and it replaces the Load."""
    t = ie_table(cards=specs("Smart Cars"))
    t.arrange(
        fulfilled={0: ["Smart Cars"]},
        hands=[["black load 1", "red load 1", "yellow load 1"], [], []],
    )
    fulfil(t, 0, "Smart Cars")
    d = t.play()
    d.lead(0, LOAD, t.c("black load 1"))
    d.draw(1).draw(2)
    offered = d.options("smart_cars_use", 0)
    assert set(offered) == {"load", ("island", t.c("red load 1")), ("island", t.c("yellow load 1"))}
    d.send(("island", t.c("yellow load 1")))
    assert t.state.credits[0] == 10 + params(t, "Smart Cars")["payment"]
    assert t.state.island == [t.c("yellow load 1")]
    assert t.state.hands[0] == [t.c("red load 1")]


def test_cell_phones_loads_the_drawn_card_if_it_can(ie_table) -> None:
    """Ruling: IE-POWER-34 (FAQ: the draw replaces the Load; unloadable, it is kept)."""
    t = ie_table(cards=specs("Cell Phones"))
    t.arrange(
        fulfilled={0: ["Cell Phones"]},
        hands=[
            ["black load 1", "black load 2"],
            [f"yellow supply {k}" for k in (1, 2, 3, 4)] + ["yellow load 1"],
            [f"yellow pirate {k}" for k in (1, 2, 3, 4)] + ["yellow load 2"],
        ],
        crew={0: ["black load 3"]},
        ships={0: {"contracts": ["red pirate 1"]}},
        deck=["green supply 3", "green supply 4", "red supply 1", "blue supply 1"],
    )
    fulfil(t, 0, "Cell Phones")
    d = t.play()
    d.lead(0, LOAD, t.c("black load 1"), declare=2)
    d.draw(1).draw(2)  # holding five, they draw one each: the two green cards
    d.send("draw", "cell_phones_use", 0)
    d.send((0, RED), "cell_phones_load", 0)
    assert t.ship(0).cargo == [t.c("red supply 1")]
    d.send("draw", "cell_phones_use", 0)  # blue: cannot be loaded, kept
    assert t.c("blue supply 1") in t.state.hands[0]
    d.expect("lead", 1)


def test_stem_cells_pays_to_put_a_plundered_card_into_goods(ie_table) -> None:
    """Ruling: IE-POWER-35."""
    t = ie_table(cards=specs("Stem Cells"))
    t.arrange(fulfilled={0: ["Stem Cells"]}, island=["blue load 1"])
    fulfil(t, 0, "Stem Cells")
    s = t.state
    card = t.c("blue load 1")
    asked = resolve(t, t.game.pirate(s, s.rng, 0), ("island", card), "goods")
    assert asked[-1].kind == "stem_cells_use"
    assert s.goods[0] == [card] and s.credits[0] == 10 - params(t, "Stem Cells")["cost"]


def test_fake_dvds_pays_when_another_player_spends_enough(ie_table) -> None:
    """Ruling: IE-POWER-33."""
    t = ie_table(cards=specs("Fake DVDs"))
    t.arrange(fulfilled={0: ["Fake DVDs"]}, credits=[10, 20, 20])
    fulfil(t, 0, "Fake DVDs")
    p = params(t, "Fake DVDs")
    g, s = t.game, t.state
    g.pay(s, 1, p["threshold"])
    g.pay(s, 2, p["threshold"] - 1)
    g.pay(s, 0, p["threshold"])
    assert s.credits == [
        10 - p["threshold"] + p["payment"],
        20 - p["threshold"],
        21 - p["threshold"],
    ]


def test_exotic_fish_wins_at_the_end_of_a_turn(ie_table) -> None:
    """Ruling: IE-POWER-32."""
    t = ie_table(cards=specs("Exotic Fish"))
    m = params(t, "Exotic Fish")["credit_multiplier"]
    t.arrange(
        fulfilled={0: ["Exotic Fish"]},
        goods={0: ["red load 1", "red load 2"], 1: ["red load 3"]},
        credits=[20, 20 // m, 20 // m + 1],
    )
    fulfil(t, 0, "Exotic Fish")
    s = t.state
    t.game._end_of_turn(s)  # player 2 has more than half: nothing
    s.credits[2] = 20 // m
    with pytest.raises(GameOver):
        t.game._end_of_turn(s)
    assert s.winners == [0] and s.end_reason == "card"


def test_machine_arms_loads_more_after_a_led_load(ie_table) -> None:
    """Ruling: IE-POWER-41."""
    t = ie_table(cards=specs("Machine Arms"))
    t.arrange(
        fulfilled={0: ["Machine Arms"]},
        hands=[["black load 1", "red load 1", "red load 2", "red load 3"], [], []],
        ships={0: {"contracts": ["red pirate 1"]}, 1: {"contracts": ["red pirate 2"]}},
    )
    fulfil(t, 0, "Machine Arms")
    d = _lead_load(t, "black load 1")
    d.send((t.c("red load 1"), 0, RED), "load", 0)
    assert d.options("machine_arms_load", 0)[0] == "stop"
    d.send((t.c("red load 2"), 1, RED))
    d.send((t.c("red load 3"), 0, RED), "machine_arms_load", 0)
    assert t.state.fulfilled[0][-1] == t.cid("red pirate 1")
    d.expect("lead", 1)  # nothing left to load


def test_machine_arms_may_stop(ie_table) -> None:
    t = ie_table(cards=specs("Machine Arms"))
    t.arrange(
        fulfilled={0: ["Machine Arms"]},
        hands=[["black load 1", "red load 1", "red load 2"], [], []],
        ships={0: {"contracts": ["red pirate 1"]}, 1: {"contracts": ["red pirate 2"]}},
    )
    fulfil(t, 0, "Machine Arms")
    d = _lead_load(t, "black load 1")
    d.send((t.c("red load 1"), 0, RED), "load", 0)
    d.send("stop", "machine_arms_load", 0)
    d.expect("lead", 1)
    assert t.state.hands[0] == [t.c("red load 2")]


def test_dark_flight_imports_from_the_island_and_keeps_the_winning_bid(ie_table) -> None:
    """Ruling: IE-POWER-46 (the owner picks the island; bids are paid to him, his own kept;
    Protractors does not react, nobody is paid as a ship's owner)."""
    t = ie_table(cards=specs("Dark Flight", "Protractors"))
    island = ["red load 1", "green load 1", "blue load 1"]
    t.arrange(
        fulfilled={0: ["Dark Flight"], 2: ["Protractors"]},
        island=island,
        ships={3: {"at_sea": True, "cargo": ["yellow load 1", "yellow load 2"]}},
    )
    fulfil(t, 0, "Dark Flight")
    fulfil(t, 2, "Protractors")
    s = t.state
    auction = t.game.import_rounds(s, s.rng, [0, 1, 2], [2, 1, 0])
    red, green, blue = t.cs(*island)
    asked = resolve(
        t,
        auction,
        "island",  # round 1: players 0 and 1 bid on the island
        7,
        3,
        0,  # player 0 wins for 7 and keeps it; takes red then green
        "crew",
        0,
        "goods",
        "island",  # round 2: player 0 alone on the last island card
        0,
        "goods",
    )
    kinds = [(d.kind, d.player) for d in asked]
    assert kinds[:4] == [
        ("dark_flight_source", 0),
        ("dark_flight_bid", 0),
        ("dark_flight_bid", 1),
        ("import_take", 0),
    ]
    assert asked[0].options == ("ship", "island") and asked[1].context == 0
    assert "protractors_take" not in {k for k, _ in kinds}
    assert s.crew[0] == [red] and s.goods[0] == [green, blue] and s.island == []
    assert s.credits == [10, 10, 10]


def test_dark_flight_winning_bid_of_another_player_is_paid_to_the_owner(ie_table) -> None:
    """Ruling: IE-POWER-46 (with no ship at sea the island may still be chosen)."""
    t = ie_table(cards=specs("Dark Flight"))
    t.arrange(fulfilled={1: ["Dark Flight"]}, island=["red load 1", "green load 1"])
    fulfil(t, 1, "Dark Flight")
    s = t.state
    auction = t.game.import_rounds(s, s.rng, [1, 2, 0], [1, 0, 1])
    asked = resolve(t, auction, "island", 4, 6, 0, "crew", "goods")
    assert asked[0].options == ("pass", "island")
    assert [(d.kind, d.player) for d in asked[1:3]] == [
        ("dark_flight_bid", 2),
        ("dark_flight_bid", 0),
    ]
    assert s.credits == [10 - 6, 10 + 6, 10]
    assert len(s.crew[0]) == len(s.goods[0]) == 1
    # without Dark Flight and without a ship at sea, no import round happens
    assert resolve(t, t.game.import_rounds(s, s.rng, [2, 0, 1], [1, 1, 1])) == []


def test_mini_van_plunders_port_ships_the_deck_and_hands(ie_table) -> None:
    """Ruling: IE-POWER-47."""
    t = ie_table(cards=specs("Mini Van"))
    t.arrange(
        fulfilled={0: ["Mini Van"]},
        hands=[["black load 1"], ["red load 1", "red load 2"], []],
        deck=["blue supply 1"],
        ships={
            0: {"contracts": ["yellow load 4"], "cargo": ["green load 1"]},  # his own
            2: {"contracts": ["yellow load 3"], "cargo": ["yellow load 1"]},
        },
    )
    s = t.state
    g = t.game
    assert resolve(t, g.pirate(s, s.rng, 0)) == []  # nothing to take without Mini Van
    fulfil(t, 0, "Mini Van")
    asked = resolve(t, g.pirate(s, s.rng, 0), ("ship", 2, 0), (0, YELLOW))
    assert [d.kind for d in asked] == ["pirate", "pirate_to"]
    assert set(asked[0].options) == {("ship", 2, 0), ("deck",), ("hand", 1)}
    assert t.ship(0).cargo == t.cs("green load 1", "yellow load 1")
    assert t.ship(2).cargo == [] and not t.ship(2).at_sea  # stays at port, needing it again
    assert g.fits(t.ship(2), YELLOW, s)
    resolve(t, g.pirate(s, s.rng, 0), ("deck",))  # the deck's top card: unloadable, discarded
    assert s.discard == [t.c("blue supply 1")]
    resolve(t, g.pirate(s, s.rng, 0), ("hand", 1))  # a random card of player 1's hand
    assert len(s.hands[1]) == 1 and s.discard[-1] in t.cs("red load 1", "red load 2")
    assert s.log[0]["pirated"][-1] == s.discard[-1]


def test_mini_van_does_not_extend_contrabands_plunder_from_ships_at_sea(ie_table) -> None:
    """Ruling: IE-POWER-47."""
    t = ie_table(cards=specs("Mini Van"))
    t.arrange(
        fulfilled={0: ["Mini Van"]},
        hands=[[], ["red load 1"], []],
        ships={2: {"contracts": ["yellow load 3"], "cargo": ["yellow load 1"]}},
    )
    fulfil(t, 0, "Mini Van")
    s = t.state
    assert resolve(t, t.game.pirate(s, s.rng, 0, ships_only=True)) == []


def test_prefab_home_completes_luxury_contracts_with_half_their_containers(ie_table) -> None:
    """Ruling: IE-POWER-50 (half rounded up, of the colours one chooses, optionally)."""
    t = ie_table(
        cards={
            **specs("Prefab Home"),
            "lux": "blue load cargo=blue:2+red:2",
            "odd": "blue load cargo=blue:3",
        }
    )
    hand = ["red load 1", "red load 2", "blue load 1", "blue load 2", "blue load 3"]
    t.arrange(
        fulfilled={0: ["Prefab Home"]},
        hands=[hand, [], []],
        ships={0: {"contracts": ["lux"]}, 1: {"contracts": ["odd"]}},
    )
    fulfil(t, 0, "Prefab Home")
    s = t.state
    g = t.game

    def load(i: int, name: str, color: int, *answers: object) -> list:
        s.hands[0].remove(t.c(name))
        return resolve(t, g.load_container(s, 0, t.ship(i), t.c(name), color), *answers)

    assert load(0, "red load 1", RED) == []  # 1 of 4: not half yet
    (asked,) = load(0, "red load 2", RED, "wait")  # two red: half, the colours of his choice
    assert asked.kind == "prefab_home_complete" and asked.options == ("wait", "complete")
    assert asked.context == 0 and t.ship(0).contracts == [t.cid("lux")]
    load(0, "blue load 1", BLUE, "complete")  # asked again; completes with 3
    assert s.fulfilled[0][-1] == t.cid("lux") and t.ship(0).at_sea
    assert s.credits[0] == 10 + g.rules.payout(3)
    assert load(1, "blue load 2", BLUE) == []  # 3 needs 2 (rounded up)
    load(1, "blue load 3", BLUE, "complete")
    assert s.fulfilled[0][-1] == t.cid("odd")


def test_prefab_home_needs_the_other_contracts_in_full(ie_table) -> None:
    """Ruling: IE-POWER-50 (only the owner's luxury contracts are halved)."""
    t = ie_table(cards={**specs("Prefab Home"), "lux": "blue load cargo=blue:2"})
    t.arrange(
        fulfilled={0: ["Prefab Home"]},
        hands=[["blue load 1", "red load 1", "red load 2"], [], []],
        ships={0: {"contracts": ["lux", "red load 4"]}},
    )
    fulfil(t, 0, "Prefab Home")
    s = t.state
    g = t.game

    def load(name: str, color: int, *answers: object) -> list:
        s.hands[0].remove(t.c(name))
        return resolve(t, g.load_container(s, 0, t.ship(0), t.c(name), color), *answers)

    assert load("blue load 1", BLUE) == []
    assert load("red load 1", RED) == []  # the red contract needs its 2 in full
    (asked,) = load("red load 2", RED, "complete")
    assert asked.kind == "prefab_home_complete"
    # completion order: the red contract met in full first, the luxury one completing now
    assert s.fulfilled[0][-2:] == [t.cid("red load 4"), t.cid("lux")]
