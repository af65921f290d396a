"""The bots ask the rules (issue 48, item 2): the view answers every rule fact a bot needs
for any seat, with that seat's powers applied, by the functions the rules themselves call
(game_base, limits), so one place says each rule; the bots read no printed rule number that
a card can change (mods.RULE_NUMBER_MODS), and their answers follow each seat's own."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

from test_ie_power_play import fulfil, params, specs

from simulator.core.protocol import Decision
from simulator.games.import_export.cards import BLUE, GREEN, GREY, RED
from simulator.games.import_export.mods import MODS, RULE_NUMBER_MODS
from simulator.games.import_export.rule_book import BaseRules
from strategies.import_export import power_choices, reasons_base, reasons_expansions
from strategies.import_export.classic import IEClassic
from strategies.import_export.heuristic import IEHeuristic
from strategies.import_export.match_tables import tables_for
from strategies.import_export.valuation import Table, credit_race

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


# ---------------------------------------------------------------- no printed numbers in bots

ROOT = Path(__file__).resolve().parents[2]
CHANGEABLE = frozenset(RULE_NUMBER_MODS)
"""The printed rule numbers a card can change for a seat (mods.RULE_NUMBER_MODS)."""

KEPT: dict[tuple[str, str, str], str] = {
    ("strategies/import_export/classic.py", "_printed_draw_to", "draw_to"): (
        "the classic bot is kept as it played (its runs reproducible: docs/metrics.md), so "
        "its two power rules that read the hand size read the printed one (CLASSIC_RULES)"
    ),
    ("strategies/import_export/valuation.py", "Table.draws_to", "draw_to"): (
        "the classic bot's branch (Weights.rules_seats off; the heuristic's is the view's)"
    ),
    ("strategies/import_export/valuation.py", "Table.late", "end_credits"): (
        "the classic bot's branch (Weights.rules_seats off; the heuristic's is credit_race)"
    ),
    ("strategies/import_export/match_tables.py", "MatchTables.__init__", "payout"): (
        "the match's shared tables price ships whose owner has no power changing the payout "
        "(printed_payout); the heuristic asks the view for the others (live_port), the "
        "classic bot reads them for every ship"
    ),
    ("strategies/import_export/match_tables.py", "MatchTables.__init__", "ship_capacity"): (
        "as printed_payout: the capacity of a ship whose owner has no power changing it"
    ),
}
"""The reads of printed numbers kept on purpose, by (file, function, number), and why."""


def printed_reads(source: str) -> list[tuple[str, str, int]]:
    """(function, number, line) of each read of a number of CHANGEABLE in Python source:
    an attribute of that name, whatever holds it (`view.facts.rules.draw_to`,
    `base.payout(n)`, an alias of the rules), or `getattr(x, "draw_to")`."""
    found: list[tuple[str, str, int]] = []

    def visit(node: ast.AST, scope: str) -> None:
        for child in ast.iter_child_nodes(node):
            inner = scope
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                inner = f"{scope}.{child.name}" if scope else child.name
            if isinstance(child, ast.Attribute) and child.attr in CHANGEABLE:
                found.append((scope, child.attr, child.lineno))
            if (
                isinstance(child, ast.Call)
                and isinstance(child.func, ast.Name)
                and child.func.id == "getattr"
                and len(child.args) >= 2
                and isinstance(child.args[1], ast.Constant)
                and child.args[1].value in CHANGEABLE
            ):
                found.append((scope, str(child.args[1].value), child.lineno))
            visit(child, inner)

    visit(ast.parse(source), "")
    return found


def test_the_check_finds_a_printed_number_however_it_is_reached() -> None:
    source = (
        "def a(view):\n    return view.facts.rules.draw_to\n"
        "class B:\n    def c(self, base):\n        rules = base\n"
        "        return rules.payout(3) + getattr(rules, 'end_credits')\n"
        "def d(view):\n"
        "    return view.draws_to() + view.ship_payout(3) + view.facts.rules.sell_price\n"
    )
    assert printed_reads(source) == [
        ("a", "draw_to", 2),
        ("B.c", "payout", 6),
        ("B.c", "end_credits", 6),
    ]


def test_the_bots_read_no_printed_rule_number_that_a_card_can_change() -> None:
    """Issue 48, item 2: a seat's hand size, end credits, ship capacity and payouts, and
    the compensation he takes are his own (mods.RULE_NUMBER_MODS), so the bots ask the view
    (`draws_to`, `end_credits_for`, `ship_capacity`, `ship_payout`, `compensation_to`).
    Only KEPT's reads remain, each for its stated reason."""
    reads = []
    for path in sorted((ROOT / "strategies").rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        reads += [(name, *read) for read in printed_reads(path.read_text())]
    unexpected = [r for r in reads if r[:3] not in KEPT]
    assert not unexpected, (
        "strategies/ reads printed rule numbers a card can change (ask the view for the "
        f"seat's own): {unexpected}"
    )
    stale = set(KEPT) - {r[:3] for r in reads}
    assert not stale, f"KEPT lists reads that are gone: {sorted(stale)}"


def test_every_number_the_rules_read_through_a_modifier_is_declared() -> None:
    """Wherever the rules or the powers read a modifier with a printed number as its
    default (`mods.get("draw_to", rules.draw_to)`), that number and key are in
    mods.RULE_NUMBER_MODS, so the check above knows every number a card can change."""
    found = set()
    package = ROOT / "simulator" / "games" / "import_export"
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "get"
                and len(node.args) == 2
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[1], ast.Attribute)
                and isinstance(node.args[1].value, ast.Attribute)
                and node.args[1].value.attr == "rules"
            ):
                found.add((node.args[1].attr, node.args[0].value))
    assert {("draw_to", "draw_to"), ("owner_compensation", "owner_compensation")} <= found
    for number, key in found:
        assert key in RULE_NUMBER_MODS.get(number, ()), (number, key)


# ---------------------------------------------------------------- the bots' answers


def test_insects_targets_by_each_rivals_own_goods_limit(ie_table) -> None:
    """Rival 1's Scotch lets his goods hold my illegal good, which costs him (the penalty
    outweighs its points); rival 2's limit does not (it would be discarded). The bot once
    gave every rival its own limit's reading (my limit less 2 per contract of mine, plus 2
    per contract of his), saw no room at rival 1 either, and took the richer rival on the
    tie: 2."""
    t = ie_table(cards=specs("Insects", "Scotch"))
    luxury = {
        1: [f"blue supply {k}" for k in range(1, 5)],
        2: [f"blue import {k}" for k in range(1, 5)],
    }
    t.arrange(
        fulfilled={0: ["Insects"], 1: ["Scotch"], 2: ["green contract 1"]},
        goods={0: ["red supply 1"], **luxury},
        credits=[10, 10, 30],
    )
    fulfil(t, 1, "Scotch")
    view = _views(t)[0]
    assert [view.goods_room(q) for q in range(3)] == [3, 2, 0]
    decision = next(t.game.powers.fulfilled(t.game, t.state, 0, t.cid("Insects")))
    assert decision.kind == "insects_target" and decision.options == (1, 2)
    assert reasons_base.RULES[decision.kind](decision, view, lambda card: 0.0) == 1


def test_pocky_weighs_the_compensation_each_owner_takes(ie_table) -> None:
    """Rival 1's Pants make an import from his ship pay him more: the bot imports from
    rival 2's ship (it took the poorer owner's on the printed compensation)."""
    t = ie_table(cards=specs("Pants"))
    t.arrange(
        fulfilled={1: ["Pants"]},
        ships={
            3: {"at_sea": True, "cargo": ["blue supply 1"]},
            5: {"at_sea": True, "cargo": ["blue supply 2"]},
        },
        credits=[10, 5, 20],
    )
    fulfil(t, 1, "Pants")
    decision = Decision(0, "pocky_import", (3, 5))
    assert reasons_expansions.RULES["pocky_import"](decision, _views(t)[0], lambda c: 0.0) == 5


def test_a_ships_outlook_is_paid_by_its_owners_bands(ie_table) -> None:
    t = ie_table(
        cards={
            **specs("Tablets"),
            "big": "green load cargo=green:4",
            "big2": "green load cargo=green:4",
        }
    )
    t.arrange(fulfilled={0: ["Tablets"]}, ships={0: {"contracts": ["big", "big2"]}})
    fulfil(t, 0, "Tablets")
    ship = t.ship(0).copy()
    assert reasons_expansions._outlook(_views(t)[1], ship)[2] == -params(t, "Tablets")["pay_8_9"]


def _tables(view: Any) -> tuple[Table, Table]:
    """The heuristic's and the classic bot's valuation of one decision."""
    static = tables_for(view.facts)
    return Table(IEHeuristic().weights, view, static), Table(IEClassic().weights, view, static)


def test_the_hand_size_a_bot_draws_to_is_its_own_the_classic_bot_keeps_the_printed(
    ie_table,
) -> None:
    t = ie_table(cards=CAPITAL | specs("Mineral Fuels"))
    hand = ["red load 1", "red load 2", "red load 3", "red load 4"]
    t.arrange(fulfilled={0: ["Mineral Fuels"]}, hands=[hand, [], []])
    fulfil(t, 0, "Mineral Fuels")
    view = _views(t)[0]
    heuristic, classic = _tables(view)
    assert (heuristic.draws_to, classic.draws_to) == (6, 5)
    use = Decision(0, "jidohanbaiki_use", ("draw", "credits"))
    assert power_choices.RULES[use.kind](use, view, lambda c: 0.0) == "draw"  # 2 cards
    assert IEClassic.power_rules[use.kind](use, view, lambda c: 0.0) == "credits"
    t.state.hands[0].append(t.c("Cap A"))  # five cards: the draw still brings a sixth
    view = _views(t)[0]
    discard = Decision(0, "capital_discard", ("pass", t.c("Cap A")))
    assert power_choices.RULES[discard.kind](discard, view, lambda c: 0.0) == t.c("Cap A")
    assert IEClassic.power_rules[discard.kind](discard, view, lambda c: 0.0) == "pass"


def test_how_near_the_end_is_each_seats_share_of_his_own_end_credits(ie_table) -> None:
    t = ie_table(cards=specs("MRI Machine", "Can Openers"))
    t.arrange(fulfilled={0: ["MRI Machine"], 1: ["Can Openers"]}, credits=[35, 60, 10])
    view = _views(t)[2]
    assert credit_race(view) == 60 / 50
    fulfil(t, 0, "MRI Machine")
    assert credit_race(_views(t)[2]) == 60 / 70
    fulfil(t, 1, "Can Openers")  # seat 1's credits no longer end the game
    heuristic, classic = _tables(_views(t)[2])
    assert (heuristic.late, classic.late) == (35 / 70, 60 / 50)
