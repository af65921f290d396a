"""The variants' edge cases with powers (variants.py): Automation and GPS under the
physical-container variants, Sanitizer's goods and the Market's markers, a Robo-Cats pair
and a Prefab Home partial completion under the Market. Rulings IE-VAR-11 to IE-VAR-14;
each test lays out a small table and asserts the exact credits, markers, zones and
containers."""

from __future__ import annotations

from typing import Any

import pytest
from test_ie_power_play import fulfil, resolve, specs
from test_ie_variants import load, vtable

from simulator.games.import_export import variants
from simulator.games.import_export.cards import (
    BLUE,
    GREEN,
    GREY,
    LOAD,
    PAIRED,
    RED,
    SUPPLY,
    YELLOW,
)

PHYSICAL = ("containers", "containers_all")


def pay(t: Any, containers: int) -> int:
    """The printed payout band for a ship of that many containers."""
    return t.game.rules.payout(containers)


# ---------------------------------------------------------------------- Automation, GPS


@pytest.mark.parametrize("variant", PHYSICAL)
def test_automation_stays_a_grey_card_and_moves_on_among_physical_containers(
    ie_table, variant
) -> None:
    """IE-VAR-11 (FAQ, as IE-VAR-6): Automation loads as itself, grey, no colour asked; the
    red card beside it becomes a container. Its ship completes: the red container adds the
    red marker, Automation none (grey), and Automation moves on to the next ship."""
    t = vtable(ie_table, variant, "market", cards=specs("Automation"))
    t.arrange(
        fulfilled={0: ["Automation"]},
        hands=[["red load 2"], [], []],
        ships={0: {"contracts": ["red contract 1"]}, 1: {"contracts": ["blue contract 1"]}},
    )
    s, game = t.state, t.game
    automation = t.c("Automation")
    (asked,) = fulfil(t, 0, "Automation", 0)  # no container_color question follows
    assert asked.kind == "automation_ship"
    assert t.ship(0).cargo == [automation] and t.ship(0).cargo_colors == [GREY]
    assert automation not in s.discard and s.fulfilled[0] == []
    s.market = [0, 0, 0, 0, 2]
    load(t, 0, 0, "red load 2", RED)
    red = game.tokens.token(RED, LOAD)
    assert t.ship(0).at_sea and t.ship(0).cargo == [red] and t.ship(0).cargo_colors == [RED]
    assert t.ship(1).cargo == [automation] and t.ship(1).cargo_colors == [GREY]
    assert s.credits[0] == 10 + pay(t, 2) + 2  # the red marker only
    assert s.market == [0, 0, 0, 0, 1]  # grey moves no marker
    assert s.discard[-1] == t.c("red load 2") and automation not in s.discard


@pytest.mark.parametrize("variant", PHYSICAL)
def test_gps_stays_a_card_and_brings_its_ship_home_once_the_containers_are_gone(
    ie_table, variant
) -> None:
    """IE-VAR-11 (FAQ, as IE-VAR-6): GPS is loaded as itself (grey, no colour asked) and
    armed; the physical containers beside it are plundered (one moved onto the pirate's
    ship, one back to the reserve); alone, GPS is discarded and its ship comes home."""
    t = vtable(
        ie_table,
        variant,
        "market",
        cards={**specs("GPS"), "Big Red": "red contract cargo=red:3"},
    )
    t.arrange(
        fulfilled={0: ["GPS"]},
        hands=[["red load 1", "red load 2"], [], []],
        ships={0: {"contracts": ["Big Red"]}, 2: {"contracts": ["red contract 2"]}},
    )
    s, game = t.state, t.game
    gps = t.c("GPS")
    assert fulfil(t, 0, "GPS") == []  # one ship, and no colour to choose
    assert t.ship(0).cargo == [gps] and t.ship(0).cargo_colors == [GREY]
    assert s.mods[0]["homing_cards"] == (gps,)
    s.market = [0, 0, 0, 0, 1]
    load(t, 0, 0, "red load 1", RED)
    load(t, 0, 0, "red load 2", RED)
    red = game.tokens.token(RED, LOAD)
    assert t.ship(0).at_sea and t.ship(0).cargo == [gps, red, red]
    assert s.credits[0] == 10 + pay(t, 3) + 2 * 1  # two red at +1; GPS adds nothing
    assert s.market == [0, 0, 0, 0, -1]
    resolve(t, game.pirate(s, s.rng, 1), ("ship", 0, 1), (2, RED))
    assert t.ship(2).cargo == [red] and t.ship(0).at_sea and t.ship(0).cargo == [gps, red]
    discard = len(s.discard)
    resolve(t, game.pirate(s, s.rng, 1), ("ship", 0, 1), "discard")
    assert not t.ship(0).at_sea and t.ship(0).cargo == [] and t.ship(0).cargo_colors == []
    assert s.discard[discard:] == [gps]  # the red container went back to the reserve
    assert s.mods[0]["homing_cards"] == ()


def test_a_grey_card_without_a_power_of_its_own_as_container_still_takes_a_colour(
    ie_table,
) -> None:
    """IE-VAR-11 keeps only Automation and GPS (and IE-VAR-6's cards) as cards: The
    Algorithm loading itself becomes a physical container of a chosen colour (IE-VAR-9)."""
    t = vtable(ie_table, "containers", cards=specs("Automation", "GPS", "The Algorithm"))
    assert t.game.tokens.keep == {t.c("Automation"), t.c("GPS")}
    t.arrange(fulfilled={0: ["The Algorithm"]}, ships={0: {"contracts": ["red contract 1"]}})
    asked = fulfil(t, 0, "The Algorithm", ("load", 0), RED)
    assert [d.kind for d in asked] == ["algorithm_place", "container_color"]
    algorithm = t.c("The Algorithm")
    assert t.ship(0).cargo == [t.game.tokens.token(RED, t.game.actions[algorithm])]
    assert t.c("The Algorithm") in t.state.discard


# ---------------------------------------------------------------------- Sanitizer


def test_sanitizer_crew_becoming_goods_moves_the_markers_up_and_leaving_goods_none(
    ie_table,
) -> None:
    """IE-VAR-12: the crew cards placed in the goods move their markers up (red to its +2
    top), the goods moving to the crew and the one discarded over the crew limit move
    nothing."""
    t = vtable(ie_table, "market", cards=specs("Sanitizer"))
    t.arrange(
        fulfilled={0: ["Sanitizer"]},
        crew={0: ["red load 1", "green load 1"]},
        goods={0: ["blue load 1", "blue load 2", "black load 1"]},
    )
    s = t.state
    s.market = [0, 0, 1, -1, 2]
    asked = fulfil(t, 0, "Sanitizer", t.c("black load 1"))
    assert [d.kind for d in asked] == ["sanitizer_discard_crew"]
    assert s.goods[0] == t.cs("red load 1", "green load 1")
    assert s.crew[0] == t.cs("blue load 1", "blue load 2")
    assert s.discard[-1] == t.c("black load 1")
    assert s.market == [1, 0, 1, -1, 2]
    assert s.log[0]["goods"] == t.cs("red load 1", "green load 1")


def test_sanitizer_goods_containers_move_the_markers_with_containers_all(ie_table) -> None:
    """IE-VAR-12 with IE-VAR-10: crew containers become goods containers, placed as goods:
    their markers move up."""
    t = vtable(ie_table, "market", "containers_all", cards=specs("Sanitizer"))
    t.arrange(fulfilled={0: ["Sanitizer"]})
    s, game = t.state, t.game
    crew = [game.tokens.token(GREEN, LOAD), game.tokens.token(GREEN, SUPPLY)]
    s.crew[0] = list(crew)
    s.goods[0] = [game.tokens.token(BLUE, LOAD)]
    s.market = [0, 0, 0, 0, 0]
    fulfil(t, 0, "Sanitizer")
    assert s.goods[0] == crew and s.crew[0] == [game.tokens.token(BLUE, LOAD)]
    assert s.market == [2, 0, 0, 0, 0]
    assert s.log[0]["goods"] == []  # containers are not logged


# ---------------------------------------------------------------------- Robo-Cats


@pytest.mark.parametrize("names", [("market",), ("market", "containers")])
def test_each_card_of_a_robo_cats_pair_adds_and_moves_the_tech_marker(ie_table, names) -> None:
    """IE-VAR-13: two pairs fill a 2-tech contract; the payment counts 4 containers, each
    adding the tech marker (+2: 4 x 2), and the tech marker falls 4 steps (to -2). The
    cards' own types (red, blue) add and move nothing."""
    t = vtable(ie_table, *names, cards=specs("Robo-Cats"))
    t.arrange(
        fulfilled={0: ["Robo-Cats"]},
        hands=[["red pirate 1", "red supply 1", "blue pirate 1", "blue supply 1"], [], []],
        ships={0: {"contracts": ["green import 1"]}},
    )
    fulfil(t, 0, "Robo-Cats")
    s, game = t.state, t.game
    s.market = [2, 0, 0, -1, 2]
    for names in (("red pirate 1", "red supply 1"), ("blue pirate 1", "blue supply 1")):
        cards = tuple(t.cs(*names))
        for card in cards:
            s.hands[0].remove(card)
        resolve(t, game.load_pair(s, 0, t.ship(0), cards, GREEN))
    assert t.ship(0).at_sea and t.cid("green import 1") in s.fulfilled[0]
    assert s.credits[0] == 10 + pay(t, 4) + 4 * 2
    assert s.market == [-2, 0, 0, -1, 2]


def test_a_robo_cats_pair_beside_a_leftover_adds_only_what_filled(ie_table) -> None:
    """IE-VAR-13 with IE-VAR-2: the pair fills the one tech need (both cards add +1); a
    red leftover adds nothing but moves its marker down."""
    t = vtable(ie_table, "market", cards={**specs("Robo-Cats"), "tech": "green load cargo=green:1"})
    t.arrange(
        fulfilled={0: ["Robo-Cats"]},
        hands=[["blue pirate 1", "blue supply 1"], [], []],
        ships={0: {"contracts": ["tech"], "cargo": ["red load 1"]}},
    )
    fulfil(t, 0, "Robo-Cats")
    s, game = t.state, t.game
    s.market = [1, 0, 0, 0, 2]
    cards = tuple(t.cs("blue pirate 1", "blue supply 1"))
    for card in cards:
        s.hands[0].remove(card)
    resolve(t, game.load_pair(s, 0, t.ship(0), cards, GREEN))
    assert t.ship(0).at_sea
    assert s.credits[0] == 10 + pay(t, 3) + 2 * 1
    assert s.market == [-1, 0, 0, 0, 1]


def test_the_market_reads_a_pair_as_two_tech_containers(ie_table) -> None:
    """IE-VAR-13: a pair's rider takes its pair's colour and filling."""
    t = vtable(ie_table, "market")
    t.arrange(
        ships={
            0: {
                "contracts": ["green load 1"],
                "cargo": [("red load 1", GREEN), ("red load 2", PAIRED), "yellow load 1"],
            }
        }
    )
    ship = t.ship(0)
    assert variants.loaded_colors(ship) == [GREEN, GREEN, YELLOW]
    assert variants.filling(t.game, t.state, ship) == [True, True, False]


# ---------------------------------------------------------------------- Prefab Home


def test_prefab_home_half_completion_adds_the_markers_of_the_containers_loaded(
    ie_table,
) -> None:
    """IE-VAR-14: a 4-container luxury contract completed with a red and a blue: both add
    their markers, the yellow leftover adds none; all three move down; paid for 3."""
    t = vtable(
        ie_table, "market", cards={**specs("Prefab Home"), "lux": "blue load cargo=blue:2+red:2"}
    )
    t.arrange(
        fulfilled={0: ["Prefab Home"]},
        hands=[["red load 1", "blue load 1"], [], []],
        ships={0: {"contracts": ["lux"], "cargo": ["yellow load 1"]}},
    )
    fulfil(t, 0, "Prefab Home")
    s = t.state
    s.market = [0, 2, 0, -1, 2]
    assert load(t, 0, 0, "red load 1", RED) == []
    (asked,) = load(t, 0, 0, "blue load 1", BLUE, "complete")
    assert asked.kind == "prefab_home_complete"
    assert t.ship(0).at_sea and s.fulfilled[0][-1] == t.cid("lux")
    assert s.credits[0] == 10 + pay(t, 3) + 2 - 1
    assert s.market == [0, 1, 0, -2, 1]


def test_prefab_home_containers_beyond_the_half_add_their_markers_too(ie_table) -> None:
    """IE-VAR-14: waiting past the half, three containers toward the luxury contract all
    add their markers."""
    t = vtable(
        ie_table, "market", cards={**specs("Prefab Home"), "lux": "blue load cargo=blue:2+red:2"}
    )
    t.arrange(
        fulfilled={0: ["Prefab Home"]},
        hands=[["red load 1", "red load 2", "blue load 1"], [], []],
        ships={0: {"contracts": ["lux"]}},
    )
    fulfil(t, 0, "Prefab Home")
    s = t.state
    s.market = [0, 0, 0, 1, 2]
    load(t, 0, 0, "red load 1", RED)
    load(t, 0, 0, "red load 2", RED, "wait")
    load(t, 0, 0, "blue load 1", BLUE, "complete")
    assert s.credits[0] == 10 + pay(t, 3) + 2 + 2 + 1
    assert s.market == [0, 0, 0, 0, 0]


def test_a_grey_container_loaded_first_never_takes_a_coloured_containers_slot(
    ie_table,
) -> None:
    """IE-VAR-14's matching (and IE-VAR-11): a grey wild container (GPS, Automation) loaded
    first, then a blue and a red on a blue:1 + red:2 contract: the grey stands for a red, so
    the blue filled the blue need and adds the blue marker, whatever the grey was matched
    to in loading order (matched first, it would have taken the blue slot)."""
    t = vtable(
        ie_table,
        "market",
        cards={"lux": "blue load cargo=blue:1+red:2", "capital": "grey load cargo=green:2"},
    )
    t.arrange(
        hands=[["blue load 1", "red load 1"], [], []],
        ships={0: {"contracts": ["lux"], "cargo": [("capital", GREY)]}},
    )
    s = t.state
    s.market = [0, 0, 0, 2, 1]
    load(t, 0, 0, "blue load 1", BLUE)
    load(t, 0, 0, "red load 1", RED)
    assert t.ship(0).at_sea and s.fulfilled[0] == [t.cid("lux")]
    assert s.credits[0] == 10 + pay(t, 3) + 2 + 1
    assert s.market == [0, 0, 0, 1, 0]
