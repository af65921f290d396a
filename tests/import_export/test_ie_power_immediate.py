"""Base-set immediate powers (powers/base_immediate.py): one focused test per card, on a
hand-built table with the card's real sheet row; expected numbers come from its params."""

from __future__ import annotations

import pytest
from test_ie_power_play import fulfil, params, resolve, specs

from simulator.games.import_export.cards import BLUE, GREEN, LOAD, RED
from simulator.games.import_export.state import GameOver


def test_ammunition_takes_payment_from_each_other_player_with_an_illegal_good(ie_table) -> None:
    t = ie_table(players=4, cards=specs("Ammunition"))
    t.arrange(
        fulfilled={0: ["Ammunition"]},
        goods={1: ["red supply 1"], 2: ["green supply 1"], 3: ["red supply 2"]},
        credits=[10, 10, 10, 1],
    )
    pay = params(t, "Ammunition")["payment"]
    fulfil(t, 0, "Ammunition")
    # player 3 cannot pay in full, so pays nothing (IE-POWER-1)
    assert t.state.credits == [10 + pay, 10 - pay, 10, 1]


def test_antiquities_takes_an_illegal_card_of_choice_from_the_deck(ie_table) -> None:
    t = ie_table(cards=specs("Antiquities"))
    t.arrange(fulfilled={0: ["Antiquities"]})
    s = t.state
    reds = {c for c in s.deck if t.game.color[c] == RED}
    size = len(s.deck)
    (asked,) = fulfil(t, 0, "Antiquities", t.c("red load 3"))
    assert asked.kind == "antiquities_take" and set(asked.options) == reds
    assert s.hands[0] == [t.c("red load 3")]
    assert len(s.deck) == size - params(t, "Antiquities")["cards"]


def test_apples_fulfils_an_agricultural_hand_card_and_resolves_its_power(ie_table) -> None:
    t = ie_table(cards=specs("Apples", "Potatoes"))
    t.arrange(fulfilled={0: ["Apples"]}, hands=[["Potatoes", "green supply 1"], [], []])
    asked = fulfil(t, 0, "Apples", (t.c("Potatoes"), t.cid("Potatoes")), "credits")
    assert [d.kind for d in asked] == ["apples_choice", "potatoes_choice"]
    assert asked[0].options == ((t.c("Potatoes"), t.cid("Potatoes")),)  # yellow cards only
    assert t.state.fulfilled[0] == [t.cid("Apples"), t.cid("Potatoes")]
    assert t.state.hands[0] == [t.c("green supply 1")]
    assert t.state.credits[0] == 10 + params(t, "Potatoes")["credits"]


def test_apples_without_an_agricultural_card_does_nothing(ie_table) -> None:
    t = ie_table(cards=specs("Apples"))
    t.arrange(fulfilled={0: ["Apples"]}, hands=[["green supply 1"], [], []])
    assert fulfil(t, 0, "Apples") == []


@pytest.mark.parametrize("choice", ["island", "keep"])
def test_beer_goes_to_the_island_for_credits_or_stays(ie_table, choice: str) -> None:
    t = ie_table(cards=specs("Beer"))
    t.arrange(fulfilled={0: ["Beer"]})
    (asked,) = fulfil(t, 0, "Beer", choice)
    assert asked.kind == "beer_choice"
    s = t.state
    if choice == "island":
        assert s.fulfilled[0] == [] and s.island == [t.c("Beer")]
        assert s.credits[0] == 10 + params(t, "Beer")["payment"]
    else:
        assert s.fulfilled[0] == [t.cid("Beer")] and s.credits[0] == 10


def test_cups_draws_its_cards(ie_table) -> None:
    t = ie_table(cards=specs("Cups"))
    t.arrange(fulfilled={0: ["Cups"]})
    top = t.state.deck[::-1][: params(t, "Cups")["cards"]]
    fulfil(t, 0, "Cups")
    assert t.state.hands[0] == top


def test_flowers_pays_every_player(ie_table) -> None:
    t = ie_table(cards=specs("Flowers"))
    t.arrange(fulfilled={1: ["Flowers"]}, credits=[1, 2, 3])
    fulfil(t, 1, "Flowers")
    pay = params(t, "Flowers")["payment"]
    assert t.state.credits == [1 + pay, 2 + pay, 3 + pay]


def test_hawaiian_salt_takes_the_others_agricultural_hand_cards(ie_table) -> None:
    t = ie_table(cards=specs("Hawaiian Salt"))
    t.arrange(
        fulfilled={0: ["Hawaiian Salt"]},
        hands=[["yellow load 1"], ["yellow supply 1", "red supply 1"], ["yellow pirate 1"]],
    )
    fulfil(t, 0, "Hawaiian Salt")
    s = t.state
    assert t.names(s.hands[0]) == ["yellow load 1", "yellow pirate 1", "yellow supply 1"]
    assert t.names(s.hands[1]) == ["red supply 1"] and s.hands[2] == []
    assert s.credits[0] == 10 + 2 * params(t, "Hawaiian Salt")["pay_per_card"]


def test_honey_pays_for_every_agricultural_good_of_all_players(ie_table) -> None:
    t = ie_table(cards=specs("Honey"))
    t.arrange(
        fulfilled={0: ["Honey"]},
        goods={
            0: ["yellow supply 1"],
            1: ["yellow supply 2", "green supply 1"],
            2: ["yellow load 1"],
        },
    )
    fulfil(t, 0, "Honey")
    assert t.state.credits[0] == 10 + 3 * params(t, "Honey")["pay_per_good"]


def test_insects_gives_illegal_goods_within_the_limit_then_takes_a_good(ie_table) -> None:
    """Ruling: IE-POWER-13."""
    t = ie_table(cards=specs("Insects"))
    t.arrange(
        fulfilled={0: ["Insects"]},
        goods={0: ["red supply 1", "red supply 2", "green supply 1"], 1: ["blue supply 1"]},
    )
    asked = fulfil(t, 0, "Insects", 1, t.c("blue supply 1"))
    assert [d.kind for d in asked] == ["insects_target", "insects_take"]
    assert asked[0].options == (1, 2)
    s = t.state
    # player 1's goods limit is 2: one illegal good fits, the other is discarded
    assert t.names(s.goods[1]) == ["red supply 1"]
    assert t.c("red supply 2") in s.discard
    assert t.names(asked[1].options) == ["blue supply 1", "red supply 1"]
    assert t.names(s.goods[0]) == ["blue supply 1", "green supply 1"]


def test_massage_tables_rounds_up_to_even_and_keeps_the_revealed_cards(ie_table) -> None:
    """Ruling: IE-POWER-2 (Tech, Agriculture, Tech pays 4)."""
    t = ie_table(cards=specs("Massage Tables"))
    revealed = ["green supply 1", "yellow supply 1", "green load 1"]
    t.arrange(fulfilled={0: ["Massage Tables"]}, deck=[*revealed, "red supply 1"])
    fulfil(t, 0, "Massage Tables")
    per = params(t, "Massage Tables")["credits_per_card"]
    assert t.names(t.state.hands[0]) == sorted(revealed)
    assert t.state.credits[0] == 10 + 3 * per + (3 * per) % 2 == 14


def test_opposition_leaflets_makes_everybody_discard_owner_first(ie_table) -> None:
    t = ie_table(cards=specs("Opposition Leaflets"))
    t.arrange(
        fulfilled={1: ["Opposition Leaflets"]},
        hands=[["red supply 1"], ["green supply 1", "green supply 2"], []],
    )
    asked = fulfil(t, 1, "Opposition Leaflets", t.c("green supply 2"), t.c("red supply 1"))
    assert [(d.kind, d.player) for d in asked] == [
        ("opposition_leaflets_discard", 1),
        ("opposition_leaflets_discard", 0),
    ]  # player 2 has no card
    assert t.names(t.state.hands[1]) == ["green supply 1"] and t.state.hands[0] == []
    assert t.state.discard[-2:] == [t.c("green supply 2"), t.c("red supply 1")]


def test_pens_pays_for_every_consumer_good_in_all_ports(ie_table) -> None:
    t = ie_table(cards=specs("Pens"))
    t.arrange(
        fulfilled={0: ["Pens"]},
        goods={1: ["black supply 1", "black load 1"], 2: ["black pirate 1"]},
    )
    fulfil(t, 0, "Pens")
    assert t.state.credits[0] == 10 + 3 * params(t, "Pens")["pay_per_good"]


def test_pillows_does_not_count_itself(ie_table) -> None:
    """Ruling: IE-POWER-3."""
    t = ie_table(cards=specs("Pillows"))
    t.arrange(fulfilled={0: ["green supply 1", "Pillows", "red supply 1"]})
    fulfil(t, 0, "Pillows")
    assert t.state.credits[0] == 10 + 2 * params(t, "Pillows")["pay_per_card"]


@pytest.mark.parametrize("choice", ["credits", "draw"])
def test_potatoes_takes_credits_or_draws(ie_table, choice: str) -> None:
    t = ie_table(cards=specs("Potatoes"))
    t.arrange(fulfilled={0: ["Potatoes"]})
    p = params(t, "Potatoes")
    (asked,) = fulfil(t, 0, "Potatoes", choice)
    assert asked.kind == "potatoes_choice" and set(asked.options) == {"credits", "draw"}
    if choice == "credits":
        assert t.state.credits[0] == 10 + p["credits"] and t.state.hands[0] == []
    else:
        assert t.state.credits[0] == 10 and len(t.state.hands[0]) == p["cards"]


def test_rolls_royce_wins_on_a_match(ie_table) -> None:
    t = ie_table(cards=specs("Rolls Royce"))
    t.arrange(fulfilled={2: ["Rolls Royce"]}, deck=["blue load 1"])
    with pytest.raises(GameOver):
        fulfil(t, 2, "Rolls Royce", BLUE)
    s = t.state
    assert s.winners == [2] and s.end_reason == "card"
    assert s.hands[2] == [t.c("blue load 1")]
    t.game.check_invariants(s)


def test_rolls_royce_otherwise_puts_the_card_in_the_hand(ie_table) -> None:
    t = ie_table(cards=specs("Rolls Royce"))
    t.arrange(fulfilled={0: ["Rolls Royce"]}, deck=["blue load 1"])
    (asked,) = fulfil(t, 0, "Rolls Royce", GREEN)
    assert asked.kind == "rolls_royce_type" and len(asked.options) == 5
    assert t.state.hands[0] == [t.c("blue load 1")] and t.state.winners == []


def test_sculptures_the_others_draw_then_give_two_cards_each(ie_table) -> None:
    t = ie_table(cards=specs("Sculptures"))
    t.arrange(fulfilled={0: ["Sculptures"]})
    s = t.state
    p = params(t, "Sculptures")
    top = s.deck[::-1][: 2 * p["cards_drawn"]]
    given = [top[0], top[1], top[3], top[4]]
    asked = fulfil(t, 0, "Sculptures", *given)
    assert [(d.kind, d.player) for d in asked] == [("sculptures_give", 1)] * 2 + [
        ("sculptures_give", 2)
    ] * 2
    assert sorted(s.hands[0]) == sorted(given)
    assert len(s.hands[1]) == len(s.hands[2]) == p["cards_drawn"] - p["cards_given"]


@pytest.mark.parametrize(("named", "paid"), [(RED, True), (BLUE, False)])
def test_showers_pays_if_a_drawn_card_matches(ie_table, named: int, paid: bool) -> None:
    t = ie_table(cards=specs("Showers"))
    t.arrange(fulfilled={0: ["Showers"]}, deck=["green load 1", "red load 1", "blue load 1"])
    p = params(t, "Showers")
    fulfil(t, 0, "Showers", named)
    assert t.names(t.state.hands[0]) == ["green load 1", "red load 1"]
    assert t.state.credits[0] == 10 + (p["payment"] if paid else 0)


def test_small_poodles_moves_to_goods_even_over_the_limit(ie_table) -> None:
    """Ruling: IE-POWER-4 (FAQ: Small Poodles with a full goods area)."""
    t = ie_table(cards=specs("Small Poodles"))
    t.arrange(
        fulfilled={0: ["Small Poodles"]},
        goods={0: ["green supply 1", "green supply 2", "red load 1", "red load 2"]},
    )
    fulfil(t, 0, "Small Poodles")
    s = t.state
    assert s.fulfilled[0] == [] and s.goods[0][-1] == t.c("Small Poodles")
    assert len(s.goods[0]) == 5 > t.game.goods_limit(s, 0)


@pytest.mark.parametrize(("credits", "moves"), [(10, True), (1, False)])
def test_solar_panels_pays_then_moves_to_goods(ie_table, credits: int, moves: bool) -> None:
    t = ie_table(cards=specs("Solar Panels"))
    t.arrange(fulfilled={0: ["Solar Panels"]}, credits=[credits, 10, 10])
    fulfil(t, 0, "Solar Panels")
    s = t.state
    if moves:
        assert s.goods[0] == [t.c("Solar Panels")] and s.fulfilled[0] == []
        assert s.credits[0] == credits - params(t, "Solar Panels")["cost"]
    else:  # cannot pay: the power does not resolve (IE-POWER-1)
        assert s.goods[0] == [] and s.fulfilled[0] == [t.cid("Solar Panels")]
        assert s.credits[0] == credits


def test_vaccines_takes_the_whole_island(ie_table) -> None:
    t = ie_table(cards=specs("Vaccines"))
    t.arrange(fulfilled={0: ["Vaccines"]}, island=["red load 1", "blue load 1"])
    fulfil(t, 0, "Vaccines")
    assert t.names(t.state.hands[0]) == ["blue load 1", "red load 1"] and t.state.island == []


def test_vacuums_each_other_player_gives_his_hand_or_a_luxury_good(ie_table) -> None:
    """Ruling: IE-POWER-5."""
    t = ie_table(players=4, cards=specs("Vacuums"))
    t.arrange(
        fulfilled={0: ["Vacuums"]},
        hands=[[], ["red load 1", "green load 1"], [], ["black load 1"]],
        goods={1: ["blue supply 1"], 2: ["blue supply 2"]},
    )
    asked = fulfil(
        t,
        0,
        "Vacuums",
        ("luxury", t.c("blue supply 1")),
        ("luxury", t.c("blue supply 2")),
        ("hand",),
    )
    assert [(d.kind, d.player) for d in asked] == [("vacuums_give", q) for q in (1, 2, 3)]
    assert asked[0].options == (("hand",), ("luxury", t.c("blue supply 1")))
    assert asked[1].options == (("luxury", t.c("blue supply 2")),)  # an empty hand is no option
    s = t.state
    assert t.names(s.goods[0]) == ["blue supply 1", "blue supply 2"]
    assert s.hands[0] == [t.c("black load 1")] and s.hands[3] == []


def test_cups_fulfilled_through_a_load_action_draws_after_the_payout(ie_table) -> None:
    """The engine path: a Load completes Cups and its power runs (IE-FULFIL-1)."""
    t = ie_table(cards=specs("Cups"))
    need = t.cards.contract_by_id[t.cid("Cups")].cargo_total
    loaded = [f"black pirate {k}" for k in range(1, need)]
    t.arrange(
        hands=[["black load 1", "black supply 1"], [], []],
        ships={0: {"contracts": ["Cups"], "cargo": loaded}},
    )
    s = t.state
    d = t.play()
    d.lead(0, LOAD, t.c("black load 1"), declare=1)
    d.draw(1).draw(2)
    d.send((t.c("black supply 1"), 0, 2), "load", 0)
    assert s.fulfilled[0] == [t.cid("Cups")]
    assert len(s.hands[0]) == params(t, "Cups")["cards"]
    assert s.credits[0] == 10 + t.game.rules.payout(need)


def test_glasses_imports_alone(ie_table) -> None:
    t = ie_table(cards=specs("Glasses"))
    t.arrange(
        fulfilled={0: ["Glasses"]},
        ships={3: {"at_sea": True, "cargo": ["red load 1", "red load 2"]}},
    )
    asked = fulfil(t, 0, "Glasses", 3, 0, 0, "crew", "goods")
    assert [(d.kind, d.player) for d in asked] == [
        ("import_ship", 0),
        ("bid", 0),
        ("import_take", 0),
        ("import_place", 0),
        ("import_place", 0),
    ]
    s = t.state
    assert len(s.crew[0]) == len(s.goods[0]) == 1 and not t.ship(3).at_sea
    assert s.credits == [10, 10 + t.game.rules.owner_compensation, 10]


def test_bird_feed_goes_to_the_first_other_player_who_buys_it(ie_table) -> None:
    """Ruling: IE-POWER-36 (FAQ: the owner keeps the payout; the first buyer gets it)."""
    t = ie_table(players=4, cards=specs("Bird Feed"))
    price = params(t, "Bird Feed")["price"]
    t.arrange(fulfilled={0: ["Bird Feed"]}, credits=[10, price - 1, 10, 10])
    asked = fulfil(t, 0, "Bird Feed", "pass", "buy")
    assert [(d.kind, d.player) for d in asked] == [("bird_feed_buy", 2), ("bird_feed_buy", 3)]
    s = t.state
    assert s.fulfilled[0] == [] and s.fulfilled[3] == [t.cid("Bird Feed")]
    assert s.credits == [10 + price, price - 1, 10, 10 - price]


def test_pirates_charges_the_others_and_gives_an_extra_turn(ie_table) -> None:
    """Ruling: IE-POWER-39."""
    t = ie_table(cards=specs("Pirates"))
    p = params(t, "Pirates")
    t.arrange(fulfilled={0: ["Pirates"]}, credits=[10, p["payment"] + 3, p["payment"] - 2])
    fulfil(t, 0, "Pirates")
    s = t.state
    assert s.credits == [10, 3, 0]  # all he has
    d = t.play()
    d.send(("draw",), "lead", 0)
    d.expect("lead", 0)  # his extra turn
    d.send(("draw",), "lead", 0)
    d.expect("lead", 1)


def test_wind_turbines_copies_any_players_low_level_power(ie_table) -> None:
    """Ruling: IE-POWER-40 (FAQ: any player's completed contract of level 1 or less)."""
    t = ie_table(cards={**specs("Wind Turbines", "Onions"), "high": "red load level=red:2"})
    t.arrange(fulfilled={0: ["Wind Turbines"], 1: ["Onions", "high"]})
    (asked,) = fulfil(t, 0, "Wind Turbines", t.cid("Onions"))
    assert asked.kind == "wind_turbines_copy" and asked.options == (t.cid("Onions"),)
    s = t.state
    resolve(t, t.game.emit(s, "contract_fulfilled", 0, [t.cid("yellow load 1")]))
    assert s.credits[0] == 10 + params(t, "Onions")["payment"]


def test_wind_turbines_copies_end_game_scoring(ie_table) -> None:
    """Ruling: IE-POWER-40."""
    t = ie_table(cards=specs("Wind Turbines", "Velvet Robes"))
    t.arrange(
        fulfilled={0: ["Wind Turbines"], 1: ["Velvet Robes"]},
        hands=[["red load 1", "red load 2"], [], []],
    )
    s = t.state
    t.game.score(s)
    before = s.final_credits[0]
    fulfil(t, 0, "Wind Turbines", t.cid("Velvet Robes"))
    t.game.score(s)
    assert s.final_credits[0] - before == 2 * params(t, "Velvet Robes")["pay_per_card"]


def test_platinum_rings_draws_to_its_hand_size_and_plays_cards_alone(ie_table) -> None:
    """Ruling: IE-POWER-48 (FAQ: each card discarded as played, its action performed alone,
    one sale to the island at most)."""
    t = ie_table(cards=specs("Platinum Rings"))
    hand = ["green supply 1", "green supply 2", "green load 1", "yellow pirate 1"]
    top = ["red supply 1", "red supply 2", "red supply 3", "red supply 4"]
    t.arrange(
        fulfilled={0: ["Platinum Rings"]},
        hands=[hand, [], []],
        island=["black import 1"],
        deck=top,
        crew={0: ["green supply 3"]},  # crew adds no action
        ships={0: {"contracts": ["yellow contract 1"]}},
    )
    s = t.state
    assert params(t, "Platinum Rings")["hand_size"] == len(hand) + len(top)
    supply_1, supply_2, load, pirate = t.cs(*hand)
    island = t.c("black import 1")
    asked = fulfil(
        t,
        0,
        "Platinum Rings",
        supply_1,
        ("sell", t.c("red supply 1")),
        supply_2,
        ("crew", island),
        load,
        (pirate, 0, t.game.color[pirate]),
        "stop",
    )
    assert [(d.kind, d.player) for d in asked] == [
        ("platinum_rings_play", 0),
        ("supply", 0),
        ("platinum_rings_play", 0),
        ("supply", 0),
        ("platinum_rings_play", 0),
        ("load", 0),
        ("platinum_rings_play", 0),
    ]
    assert asked[0].options == ("stop", *t.cs(*hand), *t.cs(*top))
    sold = t.c("red supply 1")
    assert asked[3].options == (("crew", island), ("crew", sold))  # the one sale is spent
    assert s.discard == [supply_1, supply_2, load]
    assert s.island == [sold] and s.crew[0] == t.cs("green supply 3", "black import 1")
    assert s.credits[0] == 10 + t.game.rules.sell_price
    assert s.hands[0] == t.cs("red supply 2", "red supply 3", "red supply 4")
    assert t.ship(0).cargo == [pirate]


def test_platinum_rings_places_only_contracts_with_their_level_elsewhere(ie_table) -> None:
    """Ruling: IE-POWER-48 (FAQ: no extra Contract actions to skip levels; the ship that
    completed takes no contract before it sails)."""
    t = ie_table(cards={**specs("Platinum Rings"), "lvl": "black contract level=black:2"})
    loaded = ["blue pirate 1", "blue pirate 2", "red pirate 1"]
    t.arrange(
        hands=[["black load 1", "red supply 1", "green contract 1", "lvl"], [], []],
        crew={0: ["green contract 2"]},
        ships={0: {"contracts": ["Platinum Rings"], "cargo": loaded}},
    )
    s = t.state
    d = t.play()
    d.lead(0, LOAD, t.c("black load 1"))
    d.draw(1).draw(2)
    d.send((t.c("red supply 1"), 0, RED), "load", 0)
    assert s.fulfilled[0] == [t.cid("Platinum Rings")] and len(s.hands[0]) == 8
    d.send(t.c("green contract 1"), "platinum_rings_play", 0)
    options = d.options("contract", 0)
    assert options and all(i == 1 for _, _, i in options)  # ship 0 is sailing
    assert t.c("lvl") not in {card for card, _, _ in options}  # its level is not met
    d.send(options[0], "contract", 0)
    d.send("stop", "platinum_rings_play", 0)
    d.expect("lead", 1)
    assert t.ship(0).at_sea and t.ship(0).contracts == [] and len(t.ship(1).contracts) == 1


def test_platinum_rings_import_is_a_round_without_bids(ie_table) -> None:
    """Ruling: IE-POWER-49 (FAQ: a lone bidder bids 0; the ship's owner still takes 2)."""
    t = ie_table(cards=specs("Platinum Rings"))
    t.arrange(
        fulfilled={0: ["Platinum Rings"]},
        hands=[["green import 1"], [], []],
        crew={0: ["red import 1"]},
        ships={3: {"at_sea": True, "cargo": ["red load 1", "red load 2", "red load 3"]}},
    )
    s = t.state
    asked = fulfil(t, 0, "Platinum Rings", t.c("green import 1"), 3, 0, "goods", 0, "goods", "stop")
    kinds = [d.kind for d in asked]
    assert kinds == [
        "platinum_rings_play",
        "import_ship",
        "import_take",
        "import_place",
        "import_take",
        "import_place",
        "platinum_rings_play",
    ]
    assert asked[1].context == "alone" and asked[1].options == (3,)
    assert s.credits == [10, 10 + t.game.rules.owner_compensation, 10]
    assert len(s.goods[0]) == 2 and len(t.ship(3).cargo) == 1  # one round: no crew round


def test_stolen_documents_takes_a_tech_contract_with_its_rule_modifier(ie_table) -> None:
    """Ruling: IE-POWER-51 (Stolen Documents replaces it; the modifier moves)."""
    t = ie_table(players=4, cards=specs("Stolen Documents", "Televisions", "Vaccines", "Cups"))
    t.arrange(fulfilled={0: ["Stolen Documents"], 1: ["Cups", "Televisions"], 3: ["Vaccines"]})
    s = t.state
    fulfil(t, 1, "Televisions")
    assert GREEN in s.mods[1]["wild_colors"]
    (asked,) = fulfil(t, 0, "Stolen Documents", (1, t.cid("Televisions")))
    assert asked.kind == "stolen_documents_take"
    assert set(asked.options) == {(1, t.cid("Televisions")), (3, t.cid("Vaccines"))}
    assert s.fulfilled[0] == [t.cid("Televisions")]
    assert s.fulfilled[1] == [t.cid("Cups"), t.cid("Stolen Documents")]
    assert GREEN in s.mods[0]["wild_colors"] and GREEN not in s.mods[1]["wild_colors"]


def test_stolen_documents_resolves_the_stolen_power_and_moves_its_hooks(ie_table) -> None:
    """Ruling: IE-POWER-51 (its immediate power for the thief; its hooks leave the victim)."""
    t = ie_table(cards=specs("Stolen Documents", "Drones", "Vaccines"))
    t.arrange(
        fulfilled={0: ["Stolen Documents"], 1: ["Drones"], 2: ["Vaccines"]},
        island=["red load 1"],
    )
    s = t.state
    fulfil(t, 1, "Drones")
    fulfil(t, 0, "Stolen Documents", (2, t.cid("Vaccines")))
    assert s.hands[0] == [t.c("red load 1")] and s.island == []  # Vaccines, for the thief
    assert s.fulfilled[2] == [t.cid("Stolen Documents")]
    s.fulfilled[0] = [t.cid("Stolen Documents")]  # once more, stealing Drones (a hook)
    s.fulfilled[2] = [t.cid("Vaccines")]
    fulfil(t, 0, "Stolen Documents", (1, t.cid("Drones")))
    emit = t.game.emit
    assert resolve(t, emit(s, "contract_placed", 1, t.cid("red load 2"))) == []
    (asked,) = resolve(t, emit(s, "contract_placed", 0, t.cid("red load 2")), "pass")
    assert asked.kind == "drones_draw" and asked.player == 0


def test_stolen_documents_without_a_tech_contract_to_take_does_nothing(ie_table) -> None:
    """Ruling: IE-POWER-51."""
    t = ie_table(cards=specs("Stolen Documents", "Cups", "Televisions"))
    t.arrange(fulfilled={0: ["Stolen Documents", "Televisions"], 1: ["Cups"]})
    assert fulfil(t, 0, "Stolen Documents") == []  # one's own tech contract is no target
    assert t.state.fulfilled[0] == [t.cid("Stolen Documents"), t.cid("Televisions")]
