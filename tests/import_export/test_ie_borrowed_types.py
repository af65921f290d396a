"""Borrowed types: powers reading the type of goods see a grey Capital good as the type of
its owner's leftmost non-Capital good, and as no type while he has none (FAQ: IE-CAP-3,
IE-CAP-4, IE-CAP-26). Each power's case fails if it reads the printed grey instead."""

from __future__ import annotations

from typing import Any

from test_ie_power_play import fulfil, params, resolve, spec, specs, use, window

from simulator.games.import_export.cards import GREEN, GREY, RED
from simulator.games.import_export.powers.common import add_goods, goods_of_type, goods_types

CAPITAL = {f"Cap {x}": "grey supply level=any:0 cargo=any:2" for x in "ABC"}
"""Grey Capital cards: their presence in the sheet puts Capital in play."""


def table(ie_table: Any, cards: dict[str, str]) -> Any:
    return ie_table(cards={**cards, **CAPITAL})


def with_param(name: str, key: str, value: int) -> dict[str, str]:
    """The card's real sheet row with one number changed, as a designer would."""
    row = spec(name)
    old = f"{key}={params_of(row)[key]}"
    assert old in row, row
    return {name: row.replace(old, f"{key}={value}")}


def params_of(row: str) -> dict[str, str]:
    words = [w for w in row.split() if w.startswith("params=")]
    return dict(p.split("=", 1) for p in words[0][len("params=") :].split(";"))


# ---------------------------------------------------------------- the helper


def test_goods_types_borrow_the_leftmost_non_capital_type(ie_table) -> None:
    """Ruling: IE-CAP-26 (through rules.goods_colors: IE-CAP-3, IE-CAP-4)."""
    t = table(ie_table, {})
    t.arrange(
        goods={0: ["Cap A", "green supply 1", "Cap B", "red supply 1"], 1: ["Cap C"]},
        fulfilled={0: ["blue contract 1"]},
    )
    s, game = t.state, t.game
    a, g, b, r = t.cs("Cap A", "green supply 1", "Cap B", "red supply 1")
    assert goods_types(game, s, 0) == [(a, GREEN), (g, GREEN), (b, GREEN), (r, RED)]
    assert goods_of_type(game, s, 0, GREEN) == [a, g, b]
    assert goods_of_type(game, s, 0, RED) == [r]
    assert goods_types(game, s, 1) == [(t.c("Cap C"), GREY)]  # no non-Capital good: no type
    assert goods_of_type(game, s, 1, GREY) == [t.c("Cap C")]
    s.goods[0].remove(g)  # the leftmost non-Capital good leaves: the Capital goods follow
    assert goods_of_type(game, s, 0, RED) == [a, b, r]


# ---------------------------------------------------------------- counting powers


def test_honey_counts_capital_goods_borrowing_agriculture(ie_table) -> None:
    """Ruling: IE-CAP-26."""
    t = table(ie_table, specs("Honey"))
    t.arrange(
        fulfilled={0: ["Honey"]},
        goods={0: ["yellow supply 1", "Cap A"], 1: ["Cap B"], 2: ["green supply 1", "Cap C"]},
    )
    fulfil(t, 0, "Honey")
    # yellow supply 1 and Cap A (as agriculture); Cap B is no type, Cap C tech
    assert t.state.credits[0] == 10 + 2 * params(t, "Honey")["pay_per_good"]


def test_pens_counts_capital_goods_borrowing_consumer(ie_table) -> None:
    """Ruling: IE-CAP-26."""
    t = table(ie_table, specs("Pens"))
    t.arrange(
        fulfilled={0: ["Pens"]},
        goods={0: ["black supply 1", "Cap A"], 1: ["Cap B"], 2: ["yellow supply 1", "Cap C"]},
    )
    fulfil(t, 0, "Pens")
    assert t.state.credits[0] == 10 + 2 * params(t, "Pens")["pay_per_good"]


def test_ammunition_counts_capital_goods_borrowing_illegal(ie_table) -> None:
    """Ruling: IE-CAP-26. With the printed threshold of 1 a borrowed illegal type cannot
    change who pays (the leftmost good is illegal itself), so the threshold is 2 here."""
    t = table(ie_table, with_param("Ammunition", "min_illegal_goods", 2))
    t.arrange(
        fulfilled={0: ["Ammunition"]},
        goods={1: ["red supply 1", "Cap A"], 2: ["Cap B", "Cap C"]},
    )
    fulfil(t, 0, "Ammunition")
    pay = params(t, "Ammunition")["payment"]
    assert t.state.credits == [10 + pay, 10 - pay, 10]  # player 2's Capital goods: no type


# ---------------------------------------------------------------- powers moving goods


def test_insects_gives_capital_goods_counting_as_illegal(ie_table) -> None:
    """Ruling: IE-CAP-26: Cap A counts as illegal (the leftmost non-Capital good) and goes
    with it, both judged before either leaves (once red supply 1 left, Cap A would count as
    luxury)."""
    t = table(ie_table, specs("Insects"))
    t.arrange(
        fulfilled={0: ["Insects"]},
        goods={0: ["red supply 1", "Cap A", "blue supply 1"]},
    )
    fulfil(t, 0, "Insects", 1, t.c("Cap A"))
    s = t.state
    assert s.goods[1] == [t.c("red supply 1")]
    assert s.goods[0] == t.cs("blue supply 1", "Cap A")  # taken back: now a luxury good


def test_insects_capital_goods_without_a_non_capital_good_are_no_type(ie_table) -> None:
    """Ruling: IE-CAP-26 (IE-CAP-4): they are not illegal goods, so they stay."""
    t = table(ie_table, specs("Insects"))
    t.arrange(
        fulfilled={0: ["Insects"]},
        goods={0: ["Cap A", "Cap B"], 1: ["green supply 1"]},
    )
    fulfil(t, 0, "Insects", 1, t.c("green supply 1"))
    assert t.state.goods[0] == t.cs("Cap A", "Cap B", "green supply 1")
    assert t.state.goods[1] == []


def test_vacuums_a_capital_good_counting_as_luxury_may_be_given(ie_table) -> None:
    """Ruling: IE-CAP-26: player 1's Cap A counts as luxury (his leftmost non-Capital good,
    though placed after it); player 2's Cap B is no type: he can only give his hand."""
    t = table(ie_table, specs("Vacuums"))
    t.arrange(
        fulfilled={0: ["Vacuums"]},
        goods={1: ["Cap A", "blue supply 1"], 2: ["Cap B"]},
        hands=[[], [], ["green pirate 1"]],
    )
    asked = fulfil(t, 0, "Vacuums", ("luxury", t.c("Cap A")), ("hand",))
    assert [d.kind for d in asked] == ["vacuums_give", "vacuums_give"]
    assert set(asked[0].options) == {("luxury", t.c("Cap A")), ("luxury", t.c("blue supply 1"))}
    assert asked[1].options == (("hand",),)
    s = t.state
    assert s.goods[0] == [t.c("Cap A")] and s.goods[1] == [t.c("blue supply 1")]
    assert s.hands[0] == [t.c("green pirate 1")] and s.goods[2] == [t.c("Cap B")]


def test_vacuums_luxury_goods_given_together_are_judged_together(ie_table) -> None:
    """Ruling: IE-CAP-26, with two luxury goods asked (a designer's number): blue supply 1
    and Cap A are two luxury goods when he is asked, so he may give both, even though Cap A
    would be no type once blue supply 1 has left."""
    t = table(ie_table, with_param("Vacuums", "luxury_goods", 2))
    t.arrange(
        fulfilled={0: ["Vacuums"]},
        goods={1: ["blue supply 1", "Cap A"], 2: ["blue supply 2"]},
    )
    asked = fulfil(t, 0, "Vacuums", ("luxury", t.c("blue supply 1")), t.c("Cap A"))
    assert [d.kind for d in asked] == ["vacuums_give", "vacuums_give_more"]
    assert asked[1].options == (t.c("Cap A"),)
    assert t.state.goods[0] == t.cs("blue supply 1", "Cap A")
    assert t.state.goods[2] == [t.c("blue supply 2")]  # one luxury good: not enough


def _add(t: Any, p: int, name: str) -> None:
    """A card from the deck joins p's goods the way powers add them (tells the powers)."""
    card = t.c(name)
    t.state.deck.remove(card)
    resolve(t, add_goods(t.game, t.state, p, card))


def test_bubblegum_and_chapstick_pay_for_a_capital_good_joining_as_consumer(ie_table) -> None:
    """Ruling: IE-CAP-26: a grey good joining counts as its receiver's leftmost non-Capital
    good; with none it is no type; a consumer good joining pays once, not for the Capital
    goods it makes count as consumer goods."""
    t = table(ie_table, specs("Bubblegum", "Chapstick"))
    t.arrange(
        fulfilled={0: ["Bubblegum"], 1: ["Chapstick"]},
        goods={1: ["green supply 1"], 2: ["black supply 1"]},
    )
    fulfil(t, 0, "Bubblegum")
    fulfil(t, 1, "Chapstick")
    s = t.state
    bubblegum, chapstick = params(t, "Bubblegum")["payment"], params(t, "Chapstick")["payment"]
    _add(t, 2, "Cap A")  # after black supply 1: a consumer good
    assert s.credits[:2] == [10 + bubblegum, 10 + chapstick]
    _add(t, 0, "Cap B")  # no non-Capital good: no type
    _add(t, 1, "Cap C")  # after green supply 1: a tech good
    assert s.credits[:2] == [10 + bubblegum, 10 + chapstick]
    _add(t, 0, "black supply 2")  # pays for itself; Cap B now counts as consumer: nothing
    assert s.credits[:2] == [10 + 2 * bubblegum, 10 + 2 * chapstick]


def test_hand_cards_keep_their_printed_colour(ie_table) -> None:
    """Ruling: IE-CAP-26: the FAQ rule is about goods; a grey hand card is no agricultural
    card for Hawaiian Salt, whatever its holder's goods."""
    t = table(ie_table, specs("Hawaiian Salt"))
    t.arrange(
        fulfilled={0: ["Hawaiian Salt"]},
        goods={1: ["yellow supply 1"]},
        hands=[[], ["Cap A", "yellow pirate 1"], []],
    )
    fulfil(t, 0, "Hawaiian Salt")
    assert t.state.hands[1] == [t.c("Cap A")]
    assert t.state.hands[0] == [t.c("yellow pirate 1")]


# ---------------------------------------------------------------- Telescopes, Scotch


def test_telescopes_sells_a_capital_good_counting_as_tech(ie_table) -> None:
    """Rulings: IE-CAP-26, IE-POWER-38 (types read afresh at each window)."""
    t = table(ie_table, specs("Telescopes"))
    t.arrange(fulfilled={0: ["Telescopes"]}, goods={0: ["green supply 1", "Cap A"]})
    fulfil(t, 0, "Telescopes")
    s = t.state
    sell = [use(t, "Telescopes", c) for c in t.cs("green supply 1", "Cap A")]
    (asked,) = resolve(t, window(t, "turn_start", 0), sell[0])
    assert asked.options == ("pass", *sell)
    # the tech good gone, the Capital good counts as no type: nothing left to sell
    assert s.goods[0] == [t.c("Cap A")] and resolve(t, window(t, "turn_start", 0)) == []


def test_scotch_pairs_a_capital_good_counting_as_luxury(ie_table) -> None:
    """Rulings: IE-CAP-26, IE-FLAGP-20."""
    t = table(ie_table, specs("Scotch"))
    goods = ["blue supply 1", "Cap A", "green supply 1", "green supply 2"]
    t.arrange(fulfilled={0: ["Scotch"]}, goods={0: goods})
    fulfil(t, 0, "Scotch")
    g, s = t.game, t.state
    assert g.goods_limit(s, 0) == 5  # the grey good counts as luxury: a pair
    assert g.goods_fit(s, 0, t.c("green supply 3"))
    s.goods[0] = t.cs("green supply 1", "blue supply 1", "green supply 2", "green supply 3")
    assert g.goods_limit(s, 0) == 4  # one luxury good: no pair
    assert not g.goods_fit(s, 0, t.c("Cap A"))  # joining, it would count as tech
