"""The bots ask the rules (issue 48, item 2): the view answers every rule fact a bot needs
for any seat, with that seat's powers applied, by the functions the rules themselves call
(game_base, limits), so one place says each rule."""

from __future__ import annotations

from typing import Any

from test_ie_power_play import fulfil, params, specs

from simulator.games.import_export.cards import BLUE, GREEN, GREY, RED
from simulator.games.import_export.mods import MODS, RULE_NUMBER_MODS
from simulator.games.import_export.rule_book import BaseRules

CAPITAL = {f"Cap {x}": "grey supply level=any:0 cargo=any:2" for x in "AB"}
"""Grey Capital cards: their presence in the sheet puts Capital in play."""


def _views(t: Any) -> list[Any]:
    return [t.game.observe(t.state, p) for p in range(t.n)]


def test_the_rule_numbers_cards_change_are_declared_against_the_rules_and_the_mods() -> None:
    """Each entry of mods.RULE_NUMBER_MODS names a printed rule number and the declared
    modifier keys that change it."""
    for number, keys in RULE_NUMBER_MODS.items():
        assert hasattr(BaseRules, number), number
        assert keys and all(key in MODS for key in keys), (number, keys)


def test_the_hand_size_drawn_to_is_each_seats_own(ie_table) -> None:
    t = ie_table(cards=specs("Mineral Fuels"))
    t.arrange(fulfilled={0: ["Mineral Fuels"]}, hands=[["red load 1"], ["red load 2"], []])
    fulfil(t, 0, "Mineral Fuels")
    size = params(t, "Mineral Fuels")["hand_size"]
    for view in _views(t):  # every seat sees every seat's: the power is public
        assert [view.draws_to(q) for q in range(3)] == [size, 5, 5]
    assert _views(t)[0].draws_to() == size and _views(t)[1].draws_to() == 5
    s = t.state
    for p in (0, 1):  # the rules draw to the same number
        t.game.draw_up(s, s.rng, p)
        assert len(s.hands[p]) == _views(t)[2].draws_to(p)


def test_the_credits_that_end_the_game_are_each_seats_own(ie_table) -> None:
    t = ie_table(cards=specs("MRI Machine", "Can Openers"))
    t.arrange(fulfilled={0: ["MRI Machine"], 1: ["Can Openers"]})
    assert [_views(t)[2].end_credits_for(q) for q in range(3)] == [50, 50, 50]
    fulfil(t, 0, "MRI Machine")
    threshold = params(t, "MRI Machine")["threshold"]
    assert [_views(t)[2].end_credits_for(q) for q in range(3)] == [threshold] * 3
    fulfil(t, 1, "Can Openers")
    for view in _views(t):
        assert [view.end_credits_for(q) for q in range(3)] == [threshold, None, threshold]
    assert _views(t)[1].end_credits_for() is None


def test_the_goods_limit_and_room_are_each_seats_own(ie_table) -> None:
    t = ie_table(cards=specs("Mineral Fuels"))
    t.arrange(
        fulfilled={0: ["blue contract 1", "blue contract 2"], 1: []},
        goods={0: ["red supply 1"], 1: ["red supply 2"], 2: []},
    )
    view = _views(t)[1]
    assert [view.goods_limit(q) for q in range(3)] == [6, 2, 2]
    assert [view.goods_room(q) for q in range(3)] == [5, 1, 2]
    assert view.goods_room() == 1 and _views(t)[0].goods_room() == 5
    for q in range(3):
        assert view.goods_limit(q) == t.game.goods_limit(t.state, q)


def test_the_types_of_goods_are_the_rules_reading(ie_table) -> None:
    """Ruling: IE-CAP-3, IE-CAP-4 (a grey good as its owner's leftmost other type)."""
    t = ie_table(cards=CAPITAL)
    t.arrange(goods={0: ["Cap A", "green supply 1", "red supply 1"], 1: ["Cap B"]})
    view = _views(t)[1]
    assert view.goods_types(0) == (GREEN, GREEN, RED)
    assert view.goods_types() == (GREY,)
    a, g, r, b = t.cs("Cap A", "green supply 1", "red supply 1", "Cap B")
    assert view.types_of_goods([r, a, g]) == [RED, RED, GREEN]  # an area yet to be
    assert view.types_of_goods([b, t.c("blue supply 1")]) == [BLUE, BLUE]
    assert view.types_of_goods([]) == []


def test_the_compensation_an_owner_takes_is_his_own(ie_table) -> None:
    t = ie_table(cards=specs("Pants"))
    t.arrange(fulfilled={0: ["Pants"]})
    assert [_views(t)[1].compensation_to(q) for q in range(3)] == [2, 2, 2]
    fulfil(t, 0, "Pants")
    pay = params(t, "Pants")["payment"]
    for view in _views(t):
        assert [view.compensation_to(q) for q in range(3)] == [pay, 2, 2]


def test_a_ships_payout_and_capacity_are_its_owners(ie_table) -> None:
    t = ie_table(cards=specs("Tablets"))
    t.arrange(fulfilled={0: ["Tablets"]})
    fulfil(t, 0, "Tablets")
    p = params(t, "Tablets")
    rival = _views(t)[1]
    assert [rival.ship_payout(k, 0) for k in (2, 6, 8, 10)] == [6, 14, p["pay_8_9"], p["pay_10"]]
    assert [rival.ship_payout(k) for k in (2, 6, 8, 10)] == [6, 14, 14, 14]
    assert rival.ship_capacity(0) == p["capacity"] and rival.ship_capacity() == 6
    assert _views(t)[0].ship_payout(10) == p["pay_10"]


def test_missing_levels_are_any_seats(ie_table) -> None:
    t = ie_table(cards={"deep": "green load level=green:2 cargo=green:2"})
    t.arrange(goods={0: ["green supply 1"], 1: []}, ports=[GREEN, BLUE, RED])
    view = _views(t)[2]
    deep = t.cid("deep")
    assert [view.missing_levels(deep, q) for q in range(3)] == [0, 2, 2]
    assert _views(t)[0].missing_levels(deep) == 0
