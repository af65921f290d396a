"""Capital powers (powers/capital.py): focused tests per card on a hand-built table with the
card's real sheet row, and the FAQ edge cases. Rulings IE-CAP-12 to IE-CAP-25."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from test_ie_power_play import fulfil, params, resolve, specs, use, window

from simulator.games.import_export.cards import BLUE, GREEN, GREY, LOAD, RED
from simulator.games.import_export.moments import Moment

GREY_CARD = {"Cap A": "grey supply level=any:0 cargo=any:2", "Big Red": "red contract cargo=red:3"}


def run(t: Any, flow: Any, answer: Callable[[Any], Any] = lambda d: d.options[0]) -> list[Any]:
    """Run a flow answering each decision with `answer(decision)`; return the decisions."""
    asked = []
    try:
        decision = next(flow)
        while True:
            asked.append(decision)
            decision = flow.send(answer(decision))
    except StopIteration:
        pass
    t.game.check_invariants(t.state)
    return asked


def table(ie_table, *names: str, players: int = 3) -> Any:
    return ie_table(players=players, cards={**specs(*names), **GREY_CARD})


# ---------------------------------------------------------------- The Algorithm


def test_the_algorithm_joins_the_crew_loads_itself_or_stays(ie_table) -> None:
    """Ruling: IE-CAP-12."""
    t = table(ie_table, "The Algorithm")
    t.arrange(fulfilled={0: ["The Algorithm"]}, ships={0: {"contracts": ["red contract 1"]}})
    (asked,) = fulfil(t, 0, "The Algorithm", ("load", 0))
    assert asked.kind == "algorithm_place" and asked.options == ("keep", "crew", ("load", 0))
    s = t.state
    assert s.fulfilled[0] == [] and t.ship(0).cargo == [t.c("The Algorithm")]
    assert t.ship(0).cargo_colors == [GREY]
    assert t.game.remaining(t.ship(0), s=s)[0] == {RED: 1}  # wild: it filled a red need


def test_the_algorithm_to_the_crew(ie_table) -> None:
    t = table(ie_table, "The Algorithm")
    t.arrange(fulfilled={0: ["The Algorithm"]})
    fulfil(t, 0, "The Algorithm", "crew")
    assert t.state.crew[0] == [t.c("The Algorithm")] and t.state.fulfilled[0] == []


def test_the_algorithm_stays_completed_when_neither_is_possible(ie_table) -> None:
    t = table(ie_table, "The Algorithm")
    t.arrange(fulfilled={0: ["The Algorithm"]}, crew={0: ["red load 1"]})
    assert fulfil(t, 0, "The Algorithm") == []  # crew full without it, no ship needing one
    assert t.state.fulfilled[0] == [t.cid("The Algorithm")]


# ---------------------------------------------------------------- Automation


def test_automation_loads_itself_and_moves_on_when_its_ship_completes(ie_table) -> None:
    """Ruling: IE-CAP-13."""
    t = table(ie_table, "Automation")
    t.arrange(
        fulfilled={0: ["Automation"]},
        hands=[["red load 1", "red load 2"], [], []],
        ships={0: {"contracts": ["red contract 1"]}, 1: {"contracts": ["blue contract 1"]}},
    )
    s = t.state
    (asked,) = fulfil(t, 0, "Automation", 0)
    assert asked.kind == "automation_ship" and asked.options == (0, 1)
    assert t.ship(0).cargo == [t.c("Automation")] and s.fulfilled[0] == []
    d = t.play()
    d.lead(0, LOAD, t.c("red load 1"))
    d.draw(1).draw(2)
    d.send((t.c("red load 2"), 0, RED), "load", 0)  # ship 0 completes; Automation moves on
    assert t.ship(0).at_sea and t.ship(0).cargo == [t.c("red load 2")]
    assert t.ship(1).cargo == [t.c("Automation")] and t.ship(1).cargo_colors == [GREY]
    assert s.credits[0] == 10 + t.game.rules.pay_2  # paid with Automation on board


def test_automation_without_an_eligible_ship_is_discarded(ie_table) -> None:
    t = table(ie_table, "Automation")
    t.arrange(fulfilled={0: ["Automation"]})
    assert fulfil(t, 0, "Automation") == []
    assert t.state.fulfilled[0] == [] and t.c("Automation") in t.state.discard


def test_automation_sails_with_its_ship_when_no_other_is_eligible(ie_table) -> None:
    t = table(ie_table, "Automation")
    t.arrange(
        hands=[["red load 1", "red load 2"], [], []],
        ships={0: {"contracts": ["red contract 1"], "cargo": [("Automation", GREY)]}},
    )
    d = t.play()
    d.lead(0, LOAD, t.c("red load 1"))
    d.draw(1).draw(2)
    d.send((t.c("red load 2"), 0, RED), "load", 0)
    assert t.ship(0).at_sea and t.c("Automation") in t.ship(0).cargo


# ---------------------------------------------------------------- Cheap Labor


def test_cheap_labor_loads_itself_even_on_a_ship_without_contract(ie_table) -> None:
    """Ruling: IE-CAP-14."""
    t = table(ie_table, "Cheap Labor")
    t.arrange(fulfilled={0: ["Cheap Labor"]})
    (asked,) = fulfil(t, 0, "Cheap Labor", 1)
    assert asked.kind == "cheap_labor_ship" and asked.options == (0, 1)
    game, s, ship = t.game, t.state, t.ship(1)
    assert ship.cargo == [t.c("Cheap Labor")] and s.fulfilled[0] == []
    assert game.remaining(ship, s=s) == ({}, 1)  # a leftover, taking room
    ship.contracts.append(t.cid("red contract 1"))  # a later contract uses it (wild)
    assert game.remaining(ship, s=s) == ({RED: 1}, 0)


def test_cheap_labor_stays_completed_with_no_ship_at_port(ie_table) -> None:
    t = table(ie_table, "Cheap Labor")
    sea = {"at_sea": True, "cargo": ["blue supply 1"]}
    t.arrange(fulfilled={0: ["Cheap Labor"]}, ships={0: sea, 1: {"at_sea": True}})
    assert fulfil(t, 0, "Cheap Labor") == []
    assert t.state.fulfilled[0] == [t.cid("Cheap Labor")]


# ---------------------------------------------------------------- Container Factory


@pytest.mark.parametrize("where", ["keep", "crew", "goods", ("load", 0), "hand"])
def test_container_factory_goes_where_its_owner_chooses(ie_table, where: Any) -> None:
    """Ruling: IE-CAP-15."""
    t = table(ie_table, "Container Factory")
    t.arrange(fulfilled={0: ["Container Factory"]}, ships={0: {"contracts": ["red contract 1"]}})
    (asked,) = fulfil(t, 0, "Container Factory", where)
    assert asked.options == ("keep", "crew", "goods", ("load", 0), "hand")
    s, card = t.state, t.c("Container Factory")
    zones = {
        "keep": [t.game.cards.card_of_contract[c] for c in s.fulfilled[0]],
        "crew": s.crew[0],
        "goods": s.goods[0],
        ("load", 0): t.ship(0).cargo,
        "hand": s.hands[0],
    }
    assert [w for w, zone in zones.items() if card in zone] == [where]


# ---------------------------------------------------------------- Diesel Engine


def test_diesel_engine_is_an_extra_single_use_ship(ie_table) -> None:
    """Ruling: IE-CAP-16."""
    t = table(ie_table, "Diesel Engine")
    t.arrange(fulfilled={0: ["Diesel Engine"]}, hands=[["red contract 1"], [], []])
    game, s = t.game, t.state
    assert fulfil(t, 0, "Diesel Engine") == []
    card = t.c("Diesel Engine")
    assert len(s.ships) == 7 and s.ships[6].owner == 0 and not s.ships[6].at_sea
    assert s.fulfilled[0] == [] and s.mods[0]["held_cards"] == (card,)
    assert params(t, "Diesel Engine")["extra_ships"] == 1
    assert (t.c("red contract 1"), t.cid("red contract 1"), 6) in game.contract_options(s, 0, 1, 1)
    # it sails once; emptied at sea it is discarded and never comes back
    ship = s.ships[6]
    ship.at_sea = True
    ship.cargo, ship.cargo_colors = [s.deck.pop()], [BLUE]
    run(t, game.pirate(s, s.rng, 1), lambda d: ("ship", 6, 0) if d.kind == "pirate" else "discard")
    assert ship.at_sea and ship.cargo == [] and card in s.discard
    assert s.mods[0]["held_cards"] == () and s.mods[0]["single_use_ships"] == ()
    assert 6 not in [o[2] for o in game.contract_options(s, 0, 1, 1)]


# ---------------------------------------------------------------- Euros


def test_euros_strands_a_ship_at_sea_until_an_import(ie_table) -> None:
    """Rulings: IE-CAP-17 (FAQ: grey containers are never pirated, only an import removes
    them: Euros is an attack that strands a ship at sea), IE-CAP-7."""
    t = table(ie_table, "Euros")
    t.arrange(
        fulfilled={0: ["Euros"]},
        ships={3: {"at_sea": True, "cargo": ["blue supply 1"]}},
    )
    game, s = t.game, t.state
    (asked,) = fulfil(t, 0, "Euros", 3)
    assert asked.kind == "euros_ship" and asked.options == (3,)
    assert t.ship(3).cargo == [t.c("blue supply 1"), t.c("Euros")]
    assert t.ship(3).cargo_colors == [BLUE, GREY] and s.fulfilled[0] == []
    asked = run(t, game.pirate(s, s.rng, 2), lambda d: d.options[0])
    assert asked[0].options == (("ship", 3, 0),)  # Euros itself cannot be pirated
    assert t.ship(3).at_sea and t.ship(3).cargo == [t.c("Euros")]  # stranded
    declared = [0, 0, 1]
    run(t, game.import_rounds(s, s.rng, [2, 0, 1], declared), lambda d: d.options[-1])
    assert not t.ship(3).at_sea and t.c("Euros") in s.goods[2] + s.crew[2]


def test_euros_stays_completed_with_no_ship_at_sea(ie_table) -> None:
    t = table(ie_table, "Euros")
    t.arrange(fulfilled={0: ["Euros"]})
    assert fulfil(t, 0, "Euros") == []
    assert t.state.fulfilled[0] == [t.cid("Euros")]


# ---------------------------------------------------------------- Fake Money


def test_fake_money_takes_a_container_from_each_opponent_ship(ie_table) -> None:
    """Ruling: IE-CAP-18 (FAQ: never a grey container: only an import removes those)."""
    t = table(ie_table, "Fake Money")
    t.arrange(
        fulfilled={0: ["Fake Money"]},
        ships={
            0: {"contracts": ["blue contract 1"]},
            2: {"contracts": ["red contract 1"], "cargo": ["red supply 1"]},
            3: {"at_sea": True, "cargo": ["blue supply 1", ("Cap A", GREY)]},
            5: {"at_sea": True, "cargo": ["green supply 1"]},
        },
    )
    s = t.state
    asked = fulfil(t, 0, "Fake Money", (0, BLUE))
    assert [d.kind for d in asked] == ["fake_money_load"]  # one container per ship
    assert t.ship(0).cargo == [t.c("blue supply 1")]  # loaded where it fits
    assert sorted(s.hands[0]) == sorted(t.cs("red supply 1", "green supply 1"))
    assert t.ship(2).cargo == [] and not t.ship(2).at_sea
    assert t.ship(3).cargo == [t.c("Cap A")] and t.ship(3).at_sea  # the grey one stays
    assert t.ship(5).cargo == [] and not t.ship(5).at_sea  # emptied: home, unpaid
    assert s.credits == [10, 10, 10]


def test_fake_money_lets_the_owner_choose_the_container(ie_table) -> None:
    t = table(ie_table, "Fake Money")
    t.arrange(
        fulfilled={0: ["Fake Money"]},
        ships={3: {"at_sea": True, "cargo": ["blue supply 1", "green supply 1"]}},
    )
    (asked,) = fulfil(t, 0, "Fake Money", 1)
    assert asked.kind == "fake_money_take" and asked.options == (0, 1)
    assert t.state.hands[0] == [t.c("green supply 1")]


# ---------------------------------------------------------------- GPS


def test_gps_brings_its_ship_home_once_it_is_the_last_container(ie_table) -> None:
    """Ruling: IE-CAP-19."""
    t = table(ie_table, "GPS")
    t.arrange(
        fulfilled={0: ["GPS"]},
        hands=[["red load 1", "red load 2", "red load 3"], [], []],
        ships={0: {"contracts": ["Big Red"]}},
        crew={0: ["green load 1"]},
    )
    game, s = t.game, t.state
    assert fulfil(t, 0, "GPS") == []  # one ship: no question
    gps = t.c("GPS")
    assert t.ship(0).cargo == [gps] and s.mods[0]["homing_cards"] == (gps,)
    d = t.play()
    d.lead(0, LOAD, t.c("red load 1"), declare=2)
    d.draw(1).draw(2)
    d.send((t.c("red load 2"), 0, RED), "load", 0)
    d.send((t.c("red load 3"), 0, RED), "load", 0)
    assert t.ship(0).at_sea and len(t.ship(0).cargo) == 3
    # plunders take the red containers: GPS is left alone, discarded; the ship comes home
    run(t, game.pirate(s, s.rng, 1), lambda d: d.options[0])
    assert t.ship(0).at_sea and gps in t.ship(0).cargo
    run(t, game.pirate(s, s.rng, 1), lambda d: d.options[0])
    assert not t.ship(0).at_sea and t.ship(0).cargo == [] and gps in s.discard
    assert s.mods[0]["homing_cards"] == ()


def test_gps_without_a_ship_needing_it_is_discarded(ie_table) -> None:
    t = table(ie_table, "GPS")
    t.arrange(fulfilled={0: ["GPS"]})
    assert fulfil(t, 0, "GPS") == []
    assert t.c("GPS") in t.state.discard and t.state.fulfilled[0] == []


# ---------------------------------------------------------------- Import Tax, Market Data


def test_import_tax_charges_the_others_and_is_discarded(ie_table) -> None:
    """Ruling: IE-CAP-20 (FAQ on Champagne: such Capital cards skip the completed
    contracts)."""
    t = table(ie_table, "Import Tax")
    t.arrange(fulfilled={0: ["Import Tax"]}, credits=[10, 10, 3])
    fulfil(t, 0, "Import Tax")
    pay = params(t, "Import Tax")["payment"]
    assert t.state.credits == [10, 10 - pay, 3]  # one who cannot pay pays nothing
    assert t.state.fulfilled[0] == [] and t.c("Import Tax") in t.state.discard


def test_market_data_takes_two_cards_from_each_other_player_then_is_discarded(
    ie_table,
) -> None:
    """Ruling: IE-CAP-20 (as many as one has when fewer than 2)."""
    t = table(ie_table, "Market Data")
    hands = [[], ["red load 1", "red load 2", "red load 3"], ["blue load 1"]]
    t.arrange(fulfilled={0: ["Market Data"]}, hands=hands)
    asked = fulfil(t, 0, "Market Data", t.c("red load 1"), t.c("red load 3"), t.c("blue load 1"))
    assert [(d.kind, d.player) for d in asked] == [("market_data_give", 1)] * 2 + [
        ("market_data_give", 2)
    ]
    s = t.state
    assert sorted(s.hands[0]) == sorted(t.cs("red load 1", "red load 3", "blue load 1"))
    assert s.hands[1] == [t.c("red load 2")] and s.hands[2] == []
    assert s.fulfilled[0] == [] and t.c("Market Data") in s.discard


# ---------------------------------------------------------------- Interest


def test_interest_takes_a_good_from_each_other_player_within_the_limit(ie_table) -> None:
    """Ruling: IE-CAP-21."""
    t = table(ie_table, "Interest", players=4)
    t.arrange(
        fulfilled={0: ["Interest"]},
        goods={
            0: ["red supply 1", "red supply 2", "red supply 3"],
            1: ["green supply 1", "green supply 2"],
            2: ["blue supply 1"],
            3: [],
        },
    )
    s = t.state
    green, blue = t.cs("green supply 2", "blue supply 1")
    asked = fulfil(t, 0, "Interest", green, blue, blue)
    assert [(d.kind, d.player) for d in asked] == [
        ("interest_give", 1),
        ("interest_give", 2),
        ("interest_keep", 0),  # two given, room for one: he chooses
    ]
    assert asked[2].options == (green, blue)
    assert s.goods[0][-1] == blue and green in s.discard
    assert s.goods[1] == [t.c("green supply 1")] and s.goods[2] == []


def test_interest_keeps_all_when_they_fit(ie_table) -> None:
    t = table(ie_table, "Interest")
    t.arrange(fulfilled={0: ["Interest"]}, goods={1: ["green supply 1"], 2: ["blue supply 1"]})
    asked = fulfil(t, 0, "Interest", t.c("green supply 1"), t.c("blue supply 1"))
    assert [d.kind for d in asked] == ["interest_give", "interest_give"]
    assert t.state.goods[0] == t.cs("green supply 1", "blue supply 1")


# ---------------------------------------------------------------- Lucky Cards


@pytest.mark.parametrize("named, won", [(GREEN, True), (RED, False)])
def test_lucky_cards_pays_to_draw_for_the_prize(ie_table, named: int, won: bool) -> None:
    """Ruling: IE-CAP-22."""
    t = table(ie_table, "Lucky Cards")
    t.arrange(fulfilled={0: ["Lucky Cards"]}, credits=[35, 10, 10], deck=["green supply 1"])
    p = params(t, "Lucky Cards")
    (asked,) = fulfil(t, 0, "Lucky Cards", named)
    assert asked.kind == "lucky_cards_type" and GREY in asked.options
    assert t.state.hands[0] == [t.c("green supply 1")]
    assert t.state.credits[0] == 35 - p["cost"] + (p["prize"] if won else 0)


def test_lucky_cards_without_the_credits_does_nothing(ie_table) -> None:
    t = table(ie_table, "Lucky Cards")
    t.arrange(fulfilled={0: ["Lucky Cards"]}, credits=[29, 10, 10])
    assert fulfil(t, 0, "Lucky Cards") == []
    assert t.state.credits[0] == 29 and t.state.hands[0] == []


# ---------------------------------------------------------------- Partnership


def test_partnership_joins_two_ships_into_a_super_ship(ie_table) -> None:
    """Ruling: IE-CAP-23."""
    t = table(ie_table, "Partnership")
    t.arrange(
        hands=[["Partnership", "red load 1", "blue load 1", "blue load 2"], [], []],
        ships={
            0: {"contracts": ["red contract 1"], "cargo": ["red supply 1"]},
            1: {"contracts": ["blue contract 1"]},
        },
    )
    game, s = t.game, t.state
    p = params(t, "Partnership")
    cid = t.cid("Partnership")
    (asked,) = resolve(t, game.place_contract(s, 0, t.c("Partnership"), cid, 0), 1)
    assert asked.kind == "partnership_join" and asked.options == ("pass", 1)
    super_ship, mate = t.ship(0), t.ship(1)
    assert super_ship.contracts == [t.cid("red contract 1"), t.cid("blue contract 1"), cid]
    assert mate.at_sea and mate.cargo == [] and mate.contracts == []
    assert game.remaining(super_ship, s=s)[0] == {RED: 1, BLUE: 2}  # no cargo of its own
    for name, color in (("red load 1", RED), ("blue load 1", BLUE), ("blue load 2", BLUE)):
        s.hands[0].remove(t.c(name))
        run(t, game.load_container(s, 0, super_ship, t.c(name), color))
    assert s.credits[0] == 10 + p["payout_multiplier"] * game.rules.pay_3_4
    assert s.fulfilled[0][-1] == cid and super_ship.at_sea  # Partnership completed last
    # another player imports from it: 4 to its owner; emptied, the two ships come home
    run(t, game.import_rounds(s, s.rng, [1, 2, 0], [0, 2, 0]), lambda d: d.options[0])
    assert s.credits[0] == 10 + 2 * game.rules.pay_3_4 + 2 * p["import_compensation"]
    assert not super_ship.at_sea and not mate.at_sea and s.mods[0]["super_ships"] == ()


def test_partnership_needs_two_ships_needing_four_containers_at_most(ie_table) -> None:
    t = table(ie_table, "Partnership")
    t.arrange(
        hands=[["Partnership"], [], []],
        ships={0: {"contracts": ["red contract 1"]}, 1: {"contracts": ["Big Red"]}},
    )
    game, s = t.game, t.state
    assert resolve(t, game.place_contract(s, 0, t.c("Partnership"), t.cid("Partnership"), 0)) == []
    assert t.ship(1).contracts == [t.cid("Big Red")]  # 2 + 3 containers: no Super Ship


# ---------------------------------------------------------------- US Dollars


def test_us_dollars_is_discarded_for_a_crew_card_of_the_declared_action(ie_table) -> None:
    """Ruling: IE-CAP-24."""
    t = table(ie_table, "US Dollars")
    t.arrange(fulfilled={0: ["US Dollars"]}, hands=[["red load 1"], [], []])
    s = t.state
    fulfil(t, 0, "US Dollars")
    assert s.fulfilled[0] == [t.cid("US Dollars")]  # it stays completed
    d = t.play()
    d.send(("lead", LOAD), "lead", 0)
    d.send(t.c("red load 1"), "lead_with", 0)
    d.expect("any_time", 0, ["pass", use(t, "US Dollars")])
    assert d.decision.context == Moment("declaring", 0, LOAD)
    d.send(use(t, "US Dollars"))
    assert d.options("declare", 0) == (1, 2)
    assert s.fulfilled[0] == [] and t.c("US Dollars") in s.discard
    assert not s.hooks.get("any_time")  # spent: never offered again


def test_us_dollars_is_offered_only_to_its_owner_as_he_declares(ie_table) -> None:
    """Ruling: IE-CAP-24 (crew counts only when declaring: FAQ on an import crew card won
    mid-turn); the windows after the declarations do not offer it (IE-ANYTIME-1)."""
    t = table(ie_table, "US Dollars")
    t.arrange(fulfilled={1: ["US Dollars"]}, hands=[["red load 1"], ["blue load 1"], []])
    fulfil(t, 1, "US Dollars")
    for moment in ("turn_start", "lead_declared", "follower_chose", "turn_end"):
        assert resolve(t, window(t, moment, 1, LOAD)) == []
    assert resolve(t, window(t, "declaring", 0, LOAD)) == []  # another player declaring
    d = t.play()
    d.lead(0, LOAD, t.c("red load 1"))
    d.send(("follow",), "follow", 1)
    d.send(t.c("blue load 1"), "follow_with", 1)
    d.expect("any_time", 1, ["pass", use(t, "US Dollars")])
    d.send(use(t, "US Dollars"))
    assert d.options("declare", 1) == (1, 2)  # a crew card of the followed action


# ---------------------------------------------------------------- Yen


def test_yen_cuts_the_first_contract_of_its_ship_for_good(ie_table) -> None:
    """Ruling: IE-CAP-25."""
    t = table(ie_table, "Yen")
    t.arrange(fulfilled={0: ["Yen"]})
    game, s = t.game, t.state
    (asked,) = fulfil(t, 0, "Yen", 1)
    assert asked.kind == "yen_ship" and asked.options == (0, 1)
    yen = t.c("Yen")
    assert s.fulfilled[0] == [] and s.mods[0]["held_cards"] == (yen,)
    assert s.mods[0]["first_contract_cut"] == ((1, params(t, "Yen")["cargo_reduction"]),)
    ship = t.ship(1)
    ship.contracts.append(t.cid("Big Red"))
    assert game.remaining(ship, s=s)[0] == {RED: 2}  # its first contract: one fewer
    ship.contracts.append(t.cid("red contract 1"))
    assert game.remaining(ship, s=s)[0] == {RED: 4}  # a second one: as printed
    assert game.remaining(t.ship(0), t.cid("Big Red"), s)[0] == {RED: 3}  # other ship
