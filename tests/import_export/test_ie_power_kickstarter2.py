"""Kickstarter 2 powers (powers/kickstarter2.py): each card's real sheet row on a small
hand-built table; the power is triggered and its exact effect asserted. Rulings IE-KSB-n."""

from __future__ import annotations

from test_ie_power_play import fulfil, params, resolve, specs, use

from simulator.games.import_export.cards import (
    BLACK,
    BLUE,
    GREEN,
    IMPORT,
    LOAD,
    PIRATE,
    SUPPLY,
    YELLOW,
)


def _emit(t, event: str, actor: int, payload, *answers):  # noqa: ANN001, ANN202
    return resolve(t, t.game.emit(t.state, event, actor, payload), *answers)


# ---------------------------------------------------------------- 3D Printers


def test_3d_printers_follow_with_any_card_but_perform_the_led_action(ie_table) -> None:
    """Ruling: IE-KSB-1."""
    t = ie_table(cards=specs("3D Printers"))
    t.arrange(
        fulfilled={1: ["3D Printers"]},
        hands=[["green load 1"], ["red supply 2", "blue pirate 1", "green supply 1"], []],
        ships={2: {"contracts": ["blue import 1"]}},
    )
    fulfil(t, 1, "3D Printers")
    d = t.play()
    d.lead(0, LOAD, t.c("green load 1"))
    d.expect("follow", 1, options=[("follow",), ("draw",)])
    d.send(("follow",))
    hand = t.cs("red supply 2", "blue pirate 1", "green supply 1")
    d.expect("follow_with", 1, options=hand)  # any card of the hand
    d.send(t.c("red supply 2"))
    d.send(1, "declare", 1)
    d.draw(2)
    d.expect("load", 1, options=[(t.c("blue pirate 1"), 2, BLUE)])  # the led action: Load
    d.send((t.c("blue pirate 1"), 2, BLUE))
    assert t.ship(2).cargo == [t.c("blue pirate 1")]
    # leading, his cards count as usual: a Supply card leads only Supply
    d.expect("lead", 1, options=[("draw",), ("lead", SUPPLY), ("discard_contracts", 2)])


def test_3d_printers_without_the_card_a_follower_needs_the_led_type(ie_table) -> None:
    t = ie_table(cards=specs("3D Printers"))
    t.arrange(hands=[["green load 1"], ["red supply 2"], []])
    d = t.play()
    d.lead(0, LOAD, t.c("green load 1"))
    d.expect("follow", 1, options=[("draw",)])


# ---------------------------------------------------------------- Aeroponics


def test_aeroponics_an_import_of_two_from_a_ship_of_two_takes_one(ie_table) -> None:
    """Ruling: IE-KSB-2 (the ship returns mid-import with its last container loaded)."""
    t = ie_table(cards=specs("Aeroponics"))
    t.arrange(
        fulfilled={1: ["Aeroponics"]},
        hands=[["green import 1"], [], []],
        ships={3: {"at_sea": True, "cargo": ["green load 1", "yellow load 1"]}},
    )
    fulfil(t, 1, "Aeroponics")
    assert params(t, "Aeroponics")["containers_left"] == 1
    s = t.state
    d = t.play()
    d.lead(0, IMPORT, t.c("green import 1"))
    d.draw(1).draw(2)
    d.send(3, "import_ship", 0)
    d.send(0, "bid", 0)
    d.send(0, "import_take", 0)  # the green one: the ship keeps one and comes home at once
    assert not t.ship(3).at_sea and t.ship(3).cargo == [t.c("yellow load 1")]
    d.send("goods", "import_place", 0)
    d.expect("lead", 1)  # no second card taken: the turn is over
    assert s.goods[0] == [t.c("green load 1")]
    assert t.ship(3).cargo_colors == [YELLOW]
    assert s.credits[1] == 10 + t.game.rules.owner_compensation  # still paid


def test_aeroponics_a_plunder_leaving_one_brings_the_ship_home_loaded(ie_table) -> None:
    """Ruling: IE-KSB-2."""
    t = ie_table(cards=specs("Aeroponics"))
    t.arrange(
        fulfilled={1: ["Aeroponics"]},
        hands=[["green pirate 1"], [], []],
        ships={3: {"at_sea": True, "cargo": ["green load 1", "yellow load 1"]}},
    )
    fulfil(t, 1, "Aeroponics")
    d = t.play()
    d.lead(0, PIRATE, t.c("green pirate 1"))
    d.draw(1).draw(2)
    d.send(("ship", 3, 1), "pirate", 0)
    assert not t.ship(3).at_sea and t.ship(3).cargo == [t.c("green load 1")]


def test_aeroponics_brings_home_a_lone_container_at_sea_when_completed(ie_table) -> None:
    """Ruling: IE-KSB-2; another player's ship is not concerned."""
    t = ie_table(cards=specs("Aeroponics"))
    t.arrange(
        fulfilled={1: ["Aeroponics"]},
        ships={
            3: {"at_sea": True, "cargo": ["green load 1"]},
            5: {"at_sea": True, "cargo": ["green load 2"]},
        },
    )
    fulfil(t, 1, "Aeroponics")
    assert not t.ship(3).at_sea and t.ship(3).cargo == [t.c("green load 1")]
    assert t.ship(5).at_sea


# ---------------------------------------------------------------- AR Glasses


def test_ar_glasses_two_actions_alone_from_hand_cards(ie_table) -> None:
    """Ruling: IE-KSB-3 (no crew, nobody follows or draws, cards discarded)."""
    t = ie_table(cards=specs("AR Glasses"))
    t.arrange(
        fulfilled={0: ["AR Glasses"]},
        hands=[["green load 1", "red supply 1", "blue pirate 1", "yellow import 1"], [], []],
        crew={0: ["green load 2"]},
        ships={0: {"contracts": ["blue import 1"]}},
    )
    s = t.state
    hand = s.hands[0][:]
    load = (t.c("blue pirate 1"), 0, BLUE)
    asked = fulfil(
        t,
        0,
        "AR Glasses",
        t.c("green load 1"),
        load,  # one Load only: the Load crew adds nothing
        t.c("red supply 1"),
        ("sell", t.c("yellow import 1")),
    )
    assert [(a.kind, a.player) for a in asked] == [
        ("ar_glasses_play", 0),
        ("load", 0),
        ("ar_glasses_play", 0),
        ("supply", 0),
    ]
    assert asked[0].options == ("stop", *hand)
    assert t.ship(0).cargo == [t.c("blue pirate 1")]
    assert set(t.cs("green load 1", "red supply 1")) <= set(s.discard)
    assert s.hands[0] == [] and s.island == [t.c("yellow import 1")]
    assert s.credits[0] == 10 + t.game.rules.sell_price
    assert params(t, "AR Glasses")["actions"] == 2


def test_ar_glasses_may_stop(ie_table) -> None:
    t = ie_table(cards=specs("AR Glasses"))
    t.arrange(fulfilled={0: ["AR Glasses"]}, hands=[["green load 1"], [], []])
    fulfil(t, 0, "AR Glasses", "stop")
    assert t.state.hands[0] == [t.c("green load 1")]


# ---------------------------------------------------------------- Fixie Bikes


def test_fixie_bikes_pays_per_container_loaded_with_a_load_action(ie_table) -> None:
    """Ruling: IE-KSB-4: any player's Load action; a plunder's load pays nothing."""
    t = ie_table(cards=specs("Fixie Bikes"))
    t.arrange(
        fulfilled={2: ["Fixie Bikes"]},
        hands=[["green load 1", "blue pirate 1"], [], []],
        island=["blue load 2"],
        ships={0: {"contracts": ["blue import 1"]}},
    )
    fulfil(t, 2, "Fixie Bikes")
    pay = params(t, "Fixie Bikes")["payment"]
    s = t.state
    d = t.play()
    d.lead(0, LOAD, t.c("green load 1"))
    d.draw(1).draw(2)
    d.send((t.c("blue pirate 1"), 0, BLUE), "load", 0)
    assert s.credits[2] == 10 + pay
    _emit(t, "load_action", 1, ())  # a Load that loaded nothing
    _emit(t, "load_action", 1, (t.c("blue load 2"), t.c("red load 2")))  # a pair: both count
    assert s.credits[2] == 10 + 3 * pay
    _emit(t, "plundered", 0, (t.c("blue load 2"), BLUE, "island"))
    assert s.credits[2] == 10 + 3 * pay


# ---------------------------------------------------------------- Nanobots


def test_nanobots_free_load_after_the_draw_a_card_just_drawn(ie_table) -> None:
    """Ruling: IE-KSB-5 (FAQ: after the draw; a card just drawn may be loaded)."""
    t = ie_table(cards=specs("Nanobots"))
    t.arrange(
        fulfilled={0: ["Nanobots"]},
        ships={0: {"contracts": ["blue import 1"]}},
        deck=["blue pirate 1"],
    )
    fulfil(t, 0, "Nanobots")
    s = t.state
    d = t.play()
    d.send(("draw",), "lead", 0)
    d.expect("nanobots_load", 0, options=["pass", "load"])
    assert t.c("blue pirate 1") in s.hands[0] and len(s.hands[0]) == 5
    d.send("load")
    load = (t.c("blue pirate 1"), 0, BLUE)
    assert load in d.options("load", 0)
    d.send(load)
    assert t.ship(0).cargo == [t.c("blue pirate 1")]
    d.expect("lead", 1)  # nobody follows the free Load


def test_nanobots_after_a_follower_draws_and_after_a_power_draws(ie_table) -> None:
    """Ruling: IE-KSB-5: any draw of the owner (a follower's Draw, a power's draw)."""
    t = ie_table(cards=specs("Nanobots", "Cups"))
    t.arrange(
        fulfilled={1: ["Nanobots", "Cups"]},
        hands=[["green supply 1"], [], []],
        ships={2: {"contracts": ["blue import 1"]}},
        deck=["blue pirate 1", "blue pirate 2"],
    )
    fulfil(t, 1, "Nanobots")
    d = t.play()
    d.lead(0, SUPPLY, t.c("green supply 1"))
    d.send(("draw",), "follow", 1)
    d.send("pass", "nanobots_load", 1)  # drawn at once; he may decline
    asked = fulfil(t, 1, "Cups", "load", (t.c("blue pirate 2"), 2, BLUE))
    assert [a.kind for a in asked] == ["nanobots_load", "load"]


def test_nanobots_only_if_a_card_can_be_loaded(ie_table) -> None:
    t = ie_table(cards=specs("Nanobots"))
    t.arrange(fulfilled={0: ["Nanobots"]}, deck=["blue pirate 1"])
    fulfil(t, 0, "Nanobots")
    d = t.play()
    d.send(("draw",), "lead", 0)
    d.expect("lead", 1)


# ---------------------------------------------------------------- Neural Units


def test_neural_units_follow_any_action_with_a_load_and_load_only(ie_table) -> None:
    """Ruling: IE-KSB-6 (a Load card played; Load crew; not the led action)."""
    t = ie_table(cards=specs("Neural Units"))
    t.arrange(
        fulfilled={1: ["Neural Units"]},
        hands=[["green supply 1"], ["red load 1", "blue pirate 1", "green pirate 1"], []],
        crew={1: ["yellow load 1", "red supply 1"]},
        ships={2: {"contracts": ["blue import 1", "green import 1"]}},
        island=["green load 2"],
    )
    fulfil(t, 1, "Neural Units")
    s = t.state
    d = t.play()
    d.lead(0, SUPPLY, t.c("green supply 1"))
    d.expect("follow", 1, options=[("draw",), ("follow_as", LOAD, LOAD)])
    d.send(("follow_as", LOAD, LOAD))
    d.expect("follow_with", 1, options=[t.c("red load 1")])
    d.send(t.c("red load 1"))
    d.expect("declare", 1, options=[1, 2])  # his Load crew, not his Supply crew
    d.send(2)
    d.draw(2)
    d.send(("crew", t.c("green load 2")), "supply", 0)
    d.send((t.c("blue pirate 1"), 2, BLUE), "load", 1)
    d.send((t.c("green pirate 1"), 2, GREEN), "load", 1)  # both Loads performed
    assert t.ship(2).cargo == t.cs("blue pirate 1", "green pirate 1")
    assert s.crew[0] == [t.c("green load 2")]  # the led Supply, by the leader


def test_neural_units_needs_a_load_card_to_follow(ie_table) -> None:
    t = ie_table(cards=specs("Neural Units"))
    t.arrange(fulfilled={1: ["Neural Units"]}, hands=[["green supply 1"], ["red pirate 1"], []])
    fulfil(t, 1, "Neural Units")
    d = t.play()
    d.lead(0, SUPPLY, t.c("green supply 1"))
    d.expect("follow", 1, options=[("draw",)])


def test_neural_units_in_an_import_turn_loads_instead_of_bidding(ie_table) -> None:
    """Ruling: IE-KSB-6: the Loads come after the import rounds; no bid from him."""
    t = ie_table(cards=specs("Neural Units"))
    t.arrange(
        fulfilled={1: ["Neural Units"]},
        hands=[["green import 1"], ["red load 1", "blue pirate 1"], []],
        ships={2: {"contracts": ["blue import 1"]}, 5: {"at_sea": True, "cargo": ["red load 2"]}},
    )
    fulfil(t, 1, "Neural Units")
    d = t.play()
    d.lead(0, IMPORT, t.c("green import 1"))
    d.send(("follow_as", LOAD, LOAD), "follow", 1)
    d.send(t.c("red load 1"), "follow_with", 1)
    d.send(1, "declare", 1)
    d.draw(2)
    d.send(5, "import_ship", 0)
    d.send(0, "bid", 0)  # player 0 bids alone
    d.send("goods", "import_place", 0)
    d.send((t.c("blue pirate 1"), 2, BLUE), "load", 1)
    assert t.ship(2).cargo == [t.c("blue pirate 1")]


# ---------------------------------------------------------------- Oat Milk


def test_oat_milk_credits_or_cards_when_anyone_loads_an_agricultural_container(ie_table) -> None:
    """Ruling: IE-KSB-7."""
    t = ie_table(cards=specs("Oat Milk"))
    t.arrange(
        fulfilled={2: ["Oat Milk"]},
        hands=[["green load 1", "yellow pirate 1", "green pirate 1"], [], []],
        ships={0: {"contracts": ["yellow import 1", "green import 2"]}},
        crew={0: ["green load 2"]},
    )
    fulfil(t, 2, "Oat Milk")
    p = params(t, "Oat Milk")
    s = t.state
    d = t.play()
    d.lead(0, LOAD, t.c("green load 1"), declare=2)
    d.draw(1).draw(2)
    d.send((t.c("yellow pirate 1"), 0, YELLOW), "load", 0)
    d.expect("oat_milk_take", 2, options=["pass", "credits", "draw"])
    d.send("credits")
    assert s.credits[2] == 10 + p["credits"]
    d.send((t.c("green pirate 1"), 0, GREEN), "load", 0)  # tech: nothing asked
    assert s.credits[2] == 10 + p["credits"]
    hand = len(s.hands[2])
    _emit(t, "container_loaded", 0, t.c("yellow pirate 1"), "draw")
    assert len(s.hands[2]) == hand + p["cards"]


# ---------------------------------------------------------------- Railguns


def test_railguns_each_other_player_gives_what_he_can_in_full(ie_table) -> None:
    """Ruling: IE-KSB-8 (options only those he can satisfy; none: nothing)."""
    t = ie_table(players=4, cards=specs("Railguns", "Fixie Bikes", "3D Printers"))
    t.arrange(
        fulfilled={0: ["Railguns"], 1: ["Fixie Bikes", "3D Printers"]},
        goods={2: ["red load 1", "blue load 1"], 3: ["red load 2"]},
        credits=[10, 3, 4, 2],
    )
    fulfil(t, 1, "Fixie Bikes")
    fulfil(t, 1, "3D Printers")
    s = t.state
    fixie = t.cid("Fixie Bikes")
    p = params(t, "Railguns")
    asked = fulfil(
        t,
        0,
        "Railguns",
        ("contract", fixie),
        "goods",
        t.c("blue load 1"),
        t.c("red load 1"),
    )
    assert asked[0].player == 1
    assert asked[0].options == (("contract", fixie), ("contract", t.cid("3D Printers")))
    assert asked[1].options == ("credits", "goods") and asked[1].player == 2
    assert len(asked) == 4  # player 3 can give nothing in full: nothing asked
    assert s.fulfilled[0] == [t.cid("Railguns"), fixie] and s.fulfilled[1] == [t.cid("3D Printers")]
    assert s.hooks["load_action"] == [(0, fixie)]  # its power works for the taker now
    assert sorted(s.goods[0]) == sorted(t.cs("blue load 1", "red load 1"))
    assert s.goods[3] == [t.c("red load 2")] and s.credits == [10, 3, 4, 2]
    assert p["credits"] == 4 and p["goods"] == 2


def test_railguns_credits_and_a_rule_power_changing_hands(ie_table) -> None:
    """Ruling: IE-KSB-8: a rule modifier moves with the contract; credits are paid."""
    t = ie_table(cards=specs("Railguns", "3D Printers"))
    t.arrange(fulfilled={0: ["Railguns"], 1: ["3D Printers"]}, credits=[10, 10, 10])
    fulfil(t, 1, "3D Printers")
    s = t.state
    fulfil(t, 0, "Railguns", ("contract", t.cid("3D Printers")), "credits")
    assert s.mods[0].get("follow_any_card") and not s.mods[1].get("follow_any_card")
    assert s.credits == [14, 10, 6]


# ---------------------------------------------------------------- Sanitizer


def test_sanitizer_swaps_crew_and_goods_then_discards_over_the_limits(ie_table) -> None:
    """Ruling: IE-KSB-9."""
    t = ie_table(cards=specs("Sanitizer", "Bubblegum"))
    t.arrange(
        fulfilled={0: ["Sanitizer"], 1: ["Bubblegum"]},
        crew={0: ["black load 1", "green load 1"]},
        goods={0: ["red load 1", "blue load 1", "yellow load 1"]},
    )
    fulfil(t, 1, "Bubblegum")
    s = t.state
    assert t.game.crew_limit(s, 0) == 2 and t.game.goods_limit(s, 0) == 4
    asked = fulfil(t, 0, "Sanitizer", t.c("red load 1"))
    assert asked[0].kind == "sanitizer_discard_crew"
    assert sorted(asked[0].options) == sorted(t.cs("red load 1", "blue load 1", "yellow load 1"))
    assert s.crew[0] == t.cs("blue load 1", "yellow load 1")
    assert s.goods[0] == t.cs("black load 1", "green load 1")
    assert t.c("red load 1") in s.discard
    assert s.credits[1] == 10 + params(t, "Bubblegum")["payment"]  # a consumer good joined


# ---------------------------------------------------------------- Segways


def test_segways_moves_only_where_room_is_left_once_it_has_left(ie_table) -> None:
    """Ruling: IE-KSB-10 (FAQ: room at that moment, its own leaving counted)."""
    t = ie_table(cards=specs("Segways"))
    t.arrange(
        fulfilled={0: ["Segways", "green load 4"]},
        crew={0: ["red load 1", "red load 2"]},
        goods={0: ["blue load 1", "blue load 2", "blue load 3"]},
    )
    fulfil(t, 0, "Segways")
    s = t.state
    assert t.game.crew_limit(s, 0) == 3
    d = t.play()
    goods = use(t, "Segways", "goods")
    d.expect("any_time", 0, options=["pass", goods])  # crew 2 of a limit about to be 2
    d.send(goods)
    assert s.goods[0][-1] == t.c("Segways") and s.fulfilled[0] == [t.cid("green load 4")]
    assert not s.hooks.get("any_time")
    d.expect("lead", 0)


def test_segways_leaving_never_forces_a_discard(ie_table) -> None:
    """Ruling: IE-KSB-10 (FAQ: cards over a lowered limit stay); loaded as a container."""
    t = ie_table(cards=specs("Segways"))
    goods = ["blue load 1", "blue load 2", "blue load 3", "blue load 4"]
    t.arrange(
        fulfilled={0: ["Segways"]},
        crew={0: ["red load 1", "red load 2"]},
        goods={0: goods},
        ships={0: {"contracts": ["black import 1"]}},
    )
    fulfil(t, 0, "Segways")
    s = t.state
    d = t.play()
    load = use(t, "Segways", "load", 0, BLACK)
    d.expect("any_time", 0, options=["pass", load])
    d.send(load)
    assert t.ship(0).cargo == [t.c("Segways")]
    assert s.crew[0] == t.cs("red load 1", "red load 2") and s.goods[0] == t.cs(*goods)
    assert t.game.crew_limit(s, 0) == 1 and t.game.goods_limit(s, 0) == 2
    d.expect("lead", 0)


def test_segways_becomes_a_good_just_before_end_scoring(ie_table) -> None:
    """Ruling: IE-KSB-10 ("even at the end of the game"): the last window, after the last
    turn and before the bonuses (IE-ANYTIME-1), and the good it becomes scores."""
    t = ie_table(cards=specs("Segways"), max_turns=1)
    t.arrange(fulfilled={0: ["Segways"]}, goods={0: ["blue load 1"]}, leader=1)
    fulfil(t, 0, "Segways")
    s = t.state
    d = t.play()
    d.send(("draw",), "lead", 1)
    while d.decision.context.name != "before_scoring":
        d.send("pass", "any_time", 0)
    d.expect("any_time", 0, ["pass", use(t, "Segways", "crew"), use(t, "Segways", "goods")])
    credits = s.credits[0]
    d.send(use(t, "Segways", "goods"))
    assert d.over and s.end_reason == "turn_limit"
    assert s.goods[0] == t.cs("blue load 1", "Segways") and s.fulfilled[0] == []
    counts = t.game.good_counts(s, 0)
    assert counts[BLACK] == 1
    majority = t.game.rules.majority  # green, yellow, black, blue
    assert s.final_credits[0] == credits + 2 + majority[2] + majority[3]  # a black good now
