"""The Import/Export card sheet against its own powers: small named cross-checks.

The rulebooks print every power but no card face, so a row's colour, level and cargo are
partly inferred or assumed (see its `provenance`), while its `params` are the power's printed
numbers. A row can therefore contradict its own power: Flour loads 4 containers at once onto
itself but needs only 2, a count the power divides by is 0, a number restated from the rules
differs from what the engine plays. Each check below is one function taking the compiled sheet
(`SheetCards`: the rows and `cards.IECards` over every set) and returning `SheetProblem`s, each
naming the file, the line, the card, the field, its value, why it contradicts the power and
what would be consistent.

`validate` runs every check in `CHECKS`; `SCHEMA` (the columns of `cards.COLUMNS` plus these
checks) is what the game loads sheets with, so `deckhand cards validate` and every game
loading the sheet (`simulate`, sweeps, ...) refuse the same sheets. Only what follows from a
power's text and its code is checked; a value that is merely unbalanced passes. The checks
use the rulebook's numbers (`rule_book.BaseRules`), not a run's `--rule` overrides.
docs/import_export_card_sheet.md lists them (section 12).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass, replace
from math import ceil
from pathlib import Path
from typing import Any

from simulator.core.cards import CardRow, CardSheet, Need, load_card_sheet
from simulator.core.errors import CardSheetError
from simulator.games.import_export.cards import (
    BLACK,
    BLUE,
    COLORS,
    COLUMNS,
    DEFAULT_SHEET,
    GREEN,
    GREY,
    RED,
    SETS,
    YELLOW,
    Contract,
    IECards,
)
from simulator.games.import_export.powers.framework import POWER_OFF, POWERS
from simulator.games.import_export.rule_book import MAX_PLAYERS, BaseRules

GOOD_COLORS = (GREEN, YELLOW, BLACK, BLUE, RED)


@dataclass(frozen=True)
class SheetProblem:
    """A row that contradicts its own power."""

    check: str
    """The name of the check that found it (a function in CHECKS)."""
    path: str
    line: int
    """The CSV line (the header is line 1), as in CardSheetError."""
    card: str
    field: str
    value: str
    """The offending value as the sheet gives it: `key=value` for a parameter, the whole
    `params` for a missing one (empty: no value)."""
    why: str
    consistent: str
    """What value would agree with the power."""

    def __str__(self) -> str:
        shown = f"'{self.value}'" if self.value else "(empty)"
        return (
            f"{self.path}, line {self.line}, field '{self.field}': {self.card}: {self.field} "
            f"{shown} {self.why}; consistent: {self.consistent} (sheet check {self.check})"
        )


class SheetCheckError(CardSheetError):
    """The card sheet contradicts its powers: every problem found, one per line. `line` and
    `field` are the first problem's."""

    def __init__(self, problems: list[SheetProblem]) -> None:
        first = problems[0]
        super().__init__(first.path, first.line, first.field, f"{first.card}: {first.why}")
        self.problems = tuple(problems)
        lines = [str(p) for p in problems]
        if len(lines) > 1:
            header = f"{first.path}: {len(lines)} problems, rows contradicting their own power:"
            lines = [header, *(f"  {line}" for line in lines)]
        self.args = ("\n".join(lines),)


@dataclass(frozen=True)
class SheetCards:
    """What the checks read: the validated sheet, its rows by name, and every contract
    compiled over all sets (a check looks at the whole sheet, whatever a game plays)."""

    sheet: CardSheet
    cards: IECards
    rows: dict[str, CardRow]

    @classmethod
    def of(cls, sheet: CardSheet) -> SheetCards:
        rows = {row["name"]: row for row in sheet.rows}
        return cls(sheet, IECards.compile(sheet, SETS), rows)

    def contract(self, name: str) -> Contract | None:
        row = self.rows.get(name)
        return None if row is None else self.cards.contract_by_id[row["id"]]

    def problem(
        self, check: str, name: str, field: str, why: str, consistent: str, value: str | None = None
    ) -> SheetProblem:
        row = self.rows[name]
        if value is None:
            raw = row[field]
            value = "" if raw is None else str(raw)
        return SheetProblem(
            check, str(self.sheet.path), row.line, name, field, value, why, consistent
        )

    def cards_of_type(self, color: int) -> int:
        """At most how many goods (or cards) of one type a player could ever hold: every
        physical card that can be that colour, every grey Capital card (a Capital good counts
        as another type: IE-CAP-3) and the goods Joe Wiggins counts as (IE-KS-7)."""
        count = sum(1 for colors in self.cards.colors if color in colors)
        if color != GREY:
            count += sum(1 for colors in self.cards.colors if GREY in colors)
        joe = self.contract("Joe Wiggins")
        if joe is not None:
            key = {GREEN: "tech_goods", YELLOW: "agriculture_goods", RED: "illegal_goods"}.get(
                color, "consumer_goods" if color == BLACK else ""
            )
            extra = joe.params.get(key, 0)
            count += extra if isinstance(extra, int) and extra > 0 else 0
        return count


Check = Callable[[SheetCards], list[SheetProblem]]


def _pips(pips: dict[int, int]) -> str:
    """{colour: count} -> `yellow:2+green:1` (`any` for a rainbow slot)."""
    names = (*COLORS, "any")
    return "+".join(f"{names[c]}:{n}" for c, n in pips.items() if n > 0)


def _resized(pips: dict[int, int], total: int) -> dict[int, int]:
    """The same colours holding `total` containers: growing adds to the first colour (the
    card's own), shrinking takes from the largest count, the later colour on a tie."""
    pips = dict(pips)
    first = next(iter(pips))
    while sum(pips.values()) < total:
        pips[first] += 1
    while sum(pips.values()) > total:
        biggest = max(pips.values())
        last = [c for c, n in pips.items() if n == biggest][-1]
        pips[last] -= 1
    return {c: n for c, n in pips.items() if n > 0}


def _number(params: dict[str, Any], key: str) -> int | float | None:
    value = params.get(key)
    return value if isinstance(value, int | float) else None


# ---------------------------------------------------------------- cargo against the power


def flour_cargo(sc: SheetCards) -> list[SheetProblem]:
    """Flour's cargo holds at least the `containers` its power loads at once.

    The power: "have 4 other valid Containers in your hand to load onto this Flour Contract
    ... load all 4 Containers at once" (IE-POWER-44). The 4 go onto Flour itself, so a Flour
    needing fewer than 4 containers can never take them: the power could not be used as
    printed. A contract holds at most a ship's capacity, so `containers` is at most that."""
    flour = sc.contract("Flour")
    if flour is None:
        return []
    need = _number(flour.params, "containers")
    if need is None or need < 1:
        return []  # param_ranges reports it
    capacity = BaseRules().ship_capacity
    if need > capacity:
        return [
            sc.problem(
                "flour_cargo",
                "Flour",
                "params",
                f"loads more containers at once than one contract can hold (a ship carries "
                f"{capacity})",
                f"containers at most {capacity}",
                f"containers={need}",
            )
        ]
    if flour.cargo_total >= need:
        return []
    return [
        sc.problem(
            "flour_cargo",
            "Flour",
            "cargo",
            f"needs {flour.cargo_total} containers, but its power loads containers={need} at "
            f"once onto this Flour contract",
            f"at least {need} containers, e.g. {_pips(_resized(flour.cargo, ceil(need)))}",
        )
    ]


def partnership_cargo(sc: SheetCards) -> list[SheetProblem]:
    """Partnership's own cargo fits its Super Ship: at most `super_ship_capacity` minus
    `max_combined_cargo`.

    The power joins two ships whose contracts need at most 4 containers, "Partnership is added
    to the Ship as a Contract" and "the Super Ship still has a maximum cargo requirement of 6".
    Partnership is one of the Super Ship's contracts, so the two ships' 4 plus its own cargo
    stay within the 6: its own cargo is at most 2 (IE-SHEET-1). A larger one can only be met
    by the engine waiving it (IE-CAP-23)."""
    partnership = sc.contract("Partnership")
    if partnership is None:
        return []
    joined = _number(partnership.params, "max_combined_cargo")
    most = _number(partnership.params, "super_ship_capacity")
    if joined is None or most is None:
        return []  # param_ranges reports it
    room = most - joined
    if room < 1:
        return [
            sc.problem(
                "partnership_cargo",
                "Partnership",
                "params",
                f"leaves no room in the Super Ship (super_ship_capacity={most}) for "
                f"Partnership's own contract",
                f"max_combined_cargo at most {most - 1}",
                f"max_combined_cargo={joined}",
            )
        ]
    if partnership.cargo_total <= room:
        return []
    return [
        sc.problem(
            "partnership_cargo",
            "Partnership",
            "cargo",
            f"needs {partnership.cargo_total} containers, but Partnership is a contract of "
            f"its Super Ship, which holds at most super_ship_capacity={most} while the two "
            f"ships' contracts may need max_combined_cargo={joined}",
            f"at most {int(room)} containers, e.g. {_pips(_resized(partnership.cargo, int(room)))}",
        )
    ]


# ---------------------------------------------------------------- level, colour


OWN_LEVEL = {
    "Flour": "'If you meet the Level Requirement ...'",
    "Lutefisk": "'... and you meet the Level Requirement, you may add it as a Contract'",
    "Tortillas": "'You must still meet the Level Requirement to place Tortillas'",
}
"""Powers that name the card's own Level Requirement."""


def own_level_requirement(sc: SheetCards) -> list[SheetProblem]:
    """A power naming its own Level Requirement is on a card that has one.

    Flour, Lutefisk and Tortillas say "you meet the Level Requirement". Flag cards have no
    Level Requirement (rulebook), and an empty `level` is none: the power's condition would
    name something the card does not have."""
    problems = []
    for name, words in OWN_LEVEL.items():
        row = sc.rows.get(name)
        if row is None:
            continue
        own = f"{row['color']}:1"
        if row["set"] == "flag":
            problems.append(
                sc.problem(
                    "own_level_requirement",
                    name,
                    "set",
                    f"has no Level Requirement (Flag cards have none), yet its power says {words}",
                    "a set whose cards have a level requirement (base)",
                )
            )
        elif not row.values["_level"]:
            problems.append(
                sc.problem(
                    "own_level_requirement",
                    name,
                    "level",
                    f"is no Level Requirement, yet its power says {words}",
                    f"a level requirement, e.g. {own}",
                )
            )
    return problems


OWN_COLOR = {
    "Onions": (YELLOW, "pays for each Agricultural Contract completed 'including this one'"),
    "Rice": (YELLOW, "pays for each Completed Agricultural Contract 'including this one'"),
    "Paper": (BLACK, "imports for each Consumer Contract completed 'including this one'"),
    "Mouthwash": (BLACK, "pays for each 'Consumer Contract after this one'"),
    "Hentai Manga": (RED, "works on each 'Illegal Contract (after this one)'"),
}
"""Powers whose text makes the card itself a contract of one good type."""


def own_color(sc: SheetCards) -> list[SheetProblem]:
    """A power counting contracts of a type "including this one" (or "after this one") is
    itself of that type.

    Onions and Rice count agricultural contracts including themselves, Paper consumer ones;
    the engine counts the card only if its colour matches, so another colour silently drops
    "including this one". Mouthwash ("a Consumer Contract after this one") and Hentai Manga
    ("an Illegal Contract (after this one)") name their own type the same way."""
    problems = []
    for name, (color, words) in OWN_COLOR.items():
        contract = sc.contract(name)
        if contract is None or contract.color == color:
            continue
        problems.append(
            sc.problem(
                "own_color",
                name,
                "color",
                f"is not {COLORS[color]}, yet its power {words}",
                COLORS[color],
            )
        )
    return problems


# ---------------------------------------------------------------- thresholds the power must reach


def tablets_capacity(sc: SheetCards) -> list[SheetProblem]:
    """Tablets' `capacity` reaches its top payout band.

    The power pays `pay_8_9` for 8-9 containers and `pay_10` for 10 (the engine's bands are at
    8 and 10); with a capacity under 10 a ship can never carry 10 and `pay_10` is a number
    the game can never pay (under 8, neither band)."""
    tablets = sc.contract("Tablets")
    if tablets is None:
        return []
    capacity = _number(tablets.params, "capacity")
    if capacity is None or capacity >= 10:
        return []
    return [
        sc.problem(
            "tablets_capacity",
            "Tablets",
            "params",
            "is below the 10 containers its power pays pay_10 for: that band can never be reached",
            "capacity at least 10",
            f"capacity={capacity}",
        )
    ]


def wind_turbines_level(sc: SheetCards) -> list[SheetProblem]:
    """Wind Turbines' `max_level` is reachable: some other contract has a level requirement
    of at most that many (all its pips, as the power compares them: IE-POWER-40), or the
    power can never copy anything."""
    turbines = sc.contract("Wind Turbines")
    if turbines is None:
        return []
    most = _number(turbines.params, "max_level")
    levels = [sum(c.level.values()) for c in sc.cards.contract_by_id.values() if c is not turbines]
    if most is None or not levels or most >= min(levels):
        return []
    return [
        sc.problem(
            "wind_turbines_level",
            "Wind Turbines",
            "params",
            f"is below every other contract's level (the lowest is {min(levels)}): the power "
            f"can never copy one",
            f"max_level at least {min(levels)}",
            f"max_level={most}",
        )
    ]


def squid_jerky_column(sc: SheetCards) -> list[SheetProblem]:
    """Squid Jerky's `column_cost` names a Tokyo Port column: the power takes a card "from
    the 2-credit column", and the Port's columns cost `BaseRules.tokyo_column_costs`
    (IE-TOKYO-2, IE-TOKYO-11); another number matches no column and the power never works."""
    jerky = sc.contract("Squid Jerky")
    if jerky is None:
        return []
    costs = BaseRules().tokyo_column_costs
    cost = _number(jerky.params, "column_cost")
    if cost is None or cost in costs:
        return []
    return [
        sc.problem(
            "squid_jerky_column",
            "Squid Jerky",
            "params",
            "is the cost of no Tokyo Port column: the power never finds a card to take",
            f"column_cost one of {', '.join(map(str, costs))}",
            f"column_cost={cost}",
        )
    ]


def scotch_pair(sc: SheetCards) -> list[SheetProblem]:
    """Scotch's group of `luxury_goods` counts as fewer goods (`counts_as`) toward the limit.

    "Every 2 Luxury Goods ... count as only 1": the limit gains `luxury_goods - counts_as`
    per group (rules._pair_room); `counts_as` equal to the group does nothing and a larger one
    would shrink the goods limit, the opposite of the power."""
    scotch = sc.contract("Scotch")
    if scotch is None:
        return []
    group = _number(scotch.params, "luxury_goods")
    counts = _number(scotch.params, "counts_as")
    if group is None or counts is None or counts < group:
        return []
    return [
        sc.problem(
            "scotch_pair",
            "Scotch",
            "params",
            f"makes a group of luxury_goods={group} count as many goods or more: the power "
            f"would not lower the goods the group counts as",
            f"counts_as below {group}, e.g. {max(group - 1, 0)}",
            f"counts_as={counts}",
        )
    ]


REACHABLE: tuple[tuple[str, str, tuple[int, ...], str], ...] = (
    ("Mother Load", "illegal_goods", (RED,), "one"),
    ("Ammunition", "min_illegal_goods", (RED,), "one"),
    ("Artifacts", "goods_per_type", GOOD_COLORS, "every"),
    ("Board Games", "goods_per_type", GOOD_COLORS, "every"),
    ("Apple Watch", "luxury_per_set", (BLUE,), "one"),
    ("Apple Watch", "consumer_per_set", (BLACK,), "one"),
    ("Ceramics", "consumer_goods_per_luxury", (BLACK,), "one"),
    ("Scotch", "luxury_goods", (BLUE,), "one"),
    ("Fridges", "tech_goods_per_action", (GREEN,), "one"),
    ("PlayStations", "tech_goods_per_extra", (GREEN,), "one"),
    ("Sushi Knives", "cards", (BLUE,), "one"),
    ("Massage Tables", "matching_cards", (*GOOD_COLORS, GREY), "any"),
)
"""(card, parameter, the types it counts, "one"/"every": that type, all of them, or "any":
the most of one type)."""


def reachable_counts(sc: SheetCards) -> list[SheetProblem]:
    """A number of cards or goods of a type that a power waits for can be reached: it is at
    most the cards of the sheet that could ever count as that type (`cards_of_type`: every
    card of that colour, every grey Capital card, Joe Wiggins' goods). Mother Load needing
    more illegal goods than there are illegal cards, Artifacts more goods of every type
    than the rarest type has, can never happen."""
    problems = []
    for name, key, colors, mode in REACHABLE:
        contract = sc.contract(name)
        if contract is None:
            continue
        need = _number(contract.params, key)
        if need is None:
            continue
        counts = {c: sc.cards_of_type(c) for c in colors}
        if mode == "any":
            color = max(counts, key=lambda c: counts[c])
        else:
            color = min(counts, key=lambda c: counts[c])
        if need <= counts[color]:
            continue
        kind = "any one type" if mode == "any" else COLORS[color]
        problems.append(
            sc.problem(
                "reachable_counts",
                name,
                "params",
                f"asks for more cards than the sheet has that could count as {kind} "
                f"({counts[color]}): the power can never work",
                f"{key} at most {counts[color]}",
                f"{key}={need}",
            )
        )
    return problems


# ---------------------------------------------------------------- numbers in range


COUNT = Need(1, why="how many cards, containers, goods, actions or uses the power handles")
PAY = Need(0, why="credits paid, taken, charged or compared (a negative amount reverses them)")
GROUP = Need(1, why="the size of a group the power counts in (it divides by it)")
TIMES = Need(1, why="a multiplier; below 1 it would shrink what the power multiplies")
LIMIT = Need(1, why="a hand size, threshold or level count the power sets")


def _params() -> dict[str, dict[str, Need]]:
    others = MAX_PLAYERS - 1
    return {
        "Almonds": {"threshold": PAY, "low_pay": PAY, "high_pay": PAY},
        "Ammunition": {"min_illegal_goods": COUNT, "payment": PAY},
        "Antiquities": {"cards": COUNT},
        "Apple Watch": {"luxury_per_set": GROUP, "consumer_per_set": GROUP, "pay_per_set": PAY},
        "Apples": {"cards": COUNT},
        "Artifacts": {"goods_per_type": COUNT, "bonus": PAY},
        "Batteries": {"cost": PAY, "extra_containers": COUNT, "uses_per_turn": COUNT},
        "Beer": {"payment": PAY},
        "Bird Feed": {"price": PAY},
        "Bok Choy": {"bonus": PAY},
        "Books": {
            "min_followers": Need(
                1, others, why=f"other players who follow (a game has at most {others})"
            ),
            "payment": PAY,
            "max_per_turn": PAY,
        },
        "Bubblegum": {"payment": PAY},
        "Cannabis": {"payment": PAY},
        "Cell Phones": {"cards": COUNT},
        "Ceramics": {"consumer_goods_per_luxury": GROUP, "luxury_added": COUNT},
        "Chairs": {"cards": COUNT},
        "Chapstick": {"payment": PAY},
        "Contraband": {"extra_containers": COUNT, "uses_per_turn": COUNT},
        "Cups": {"cards": COUNT},
        "Diamonds": {"contracts": COUNT},
        "Drones": {"cards": COUNT},
        "Exotic Fish": {"credit_multiplier": Need(1, whole=False, why=TIMES.why)},
        "Fake DVDs": {
            "threshold": Need(1, why="credits paid at once (a payment is at least 1 credit)"),
            "payment": PAY,
        },
        "Flash Drives": {"containers_per_ship": COUNT},
        "Flour": {"containers": COUNT},
        "Flowers": {"payment": PAY},
        "Fridges": {"tech_goods_per_action": GROUP},
        "Glasses": {"actions": COUNT},
        "Gold Stuff": {"pay_per_contract": PAY},
        "Hawaiian Salt": {"pay_per_card": PAY},
        "Helicopter": {"credits": PAY},
        "Honey": {"pay_per_good": PAY},
        "Insects": {"goods_taken": COUNT},
        "Ivory": {"credits": PAY},
        "Jets": {"containers": COUNT},
        "Laptops": {"cards": COUNT},
        "LED Lights": {"cards_given": COUNT, "cards_taken": COUNT},
        "Long Coats": {"value": PAY},
        "Massage Tables": {"matching_cards": COUNT, "credits_per_card": PAY},
        "Mineral Fuels": {"hand_size": LIMIT},
        "Mouthwash": {"payment": PAY},
        "MRI Machine": {"threshold": LIMIT},
        "Nice Suits": {"payment": PAY},
        "Onions": {"payment": PAY},
        "Opposition Leaflets": {"cards": COUNT},
        "Pants": {"payment": PAY},
        "Paper": {"containers": COUNT},
        "Pens": {"pay_per_good": PAY},
        "Pillows": {"pay_per_card": PAY},
        "Pirates": {"payment": PAY, "extra_turns": COUNT},
        "Pistols": {"payment": PAY},
        "Platinum Rings": {"hand_size": LIMIT},
        "Poison Bottles": {"payment": PAY, "uses_per_turn": COUNT},
        "Potatoes": {"credits": PAY, "cards": COUNT},
        "Prefab Home": {
            "cargo_fraction": Need(
                0,
                1,
                whole=False,
                above=True,
                why="the share of a luxury contract's containers that completes it",
            )
        },
        "Protractors": {"containers": COUNT},
        "Rare Metals": {"bonus": PAY},
        "Rolls Royce": {"cards": COUNT},
        "Rope": {"uses_per_turn": COUNT},
        "Satellite": {"cards": COUNT, "containers": COUNT},
        "Sauna": {"multiplier": TIMES},
        "Sculptures": {"cards_drawn": COUNT, "cards_given": COUNT},
        "Shampoo": {"containers": COUNT},
        "Shoes": {"cards": COUNT},
        "Shotguns": {"credits": PAY, "cards": COUNT},
        "Showers": {"cards": COUNT, "payment": PAY},
        "A Small Tank": {"cards": COUNT},
        "Smart Cars": {"payment": PAY},
        "Solar Panels": {"cost": PAY},
        "Stem Cells": {"cost": PAY},
        "Stolen Rice": {"payment": PAY},
        "Stolen Tires": {"cards": COUNT},
        "Sugar": {"payment": PAY},
        "Tablets": {"capacity": LIMIT, "pay_8_9": PAY, "pay_10": PAY},
        "Telescopes": {"price": PAY},
        "Vacuums": {"luxury_goods": COUNT},
        "Velvet Robes": {"pay_per_card": PAY},
        "Wind Turbines": {"max_level": Need(0, why="a level requirement (0 or more)")},
        "Yogurt": {"cards_self": COUNT, "cards_others": COUNT},
        "Diesel Engine": {"extra_ships": COUNT},
        "Fake Money": {"containers_per_ship": COUNT},
        "Import Tax": {"payment": PAY},
        "Interest": {"goods_per_player": COUNT},
        "Lucky Cards": {"cost": PAY, "prize": PAY},
        "Market Data": {"cards_per_player": COUNT},
        "Partnership": {
            "max_combined_cargo": Need(
                2, why="the cargo of two ships' contracts (each needs at least 1 container)"
            ),
            "super_ship_capacity": COUNT,
            "payout_multiplier": TIMES,
            "import_compensation": PAY,
        },
        "Yen": {"cargo_reduction": COUNT},
        "Jidohanbaiki": {"credits": PAY},
        "PlayStations": {"tech_goods_per_extra": GROUP, "extra_containers": COUNT},
        "Squid Jerky": {"column_cost": PAY},
        "Toyota": {"cards": COUNT},
        "Yakuza Art": {"cards": COUNT, "credits": PAY},
        "Backpacks": {"cards": COUNT},
        "Big Ammunition": {"cards": COUNT},
        "Board Games": {"goods_per_type": COUNT},
        "Danger Pets": {"payment": PAY},
        "Dino Bones": {"goods_given": COUNT, "cards_taken": COUNT},
        "Flametorch": {"heads_pay": PAY, "tails_pay": PAY},
        "Graphics Cards": {"good_types": Need(1, 5, why="good types to lead in (there are five)")},
        "Import/Export Definitive Edition": {"pay_per_contract": PAY},
        "Joe Wiggins": {
            "tech_goods": COUNT,
            "agriculture_goods": COUNT,
            "illegal_goods": COUNT,
            "consumer_goods": COUNT,
        },
        "Mother Load": {"illegal_goods": COUNT},
        "Stretch Goal": {"cards": COUNT, "credits": PAY, "goods": COUNT},
        "Aeroponics": {"containers_left": COUNT},
        "AR Glasses": {"actions": COUNT},
        "Fixie Bikes": {"payment": PAY},
        "Nanobots": {"free_loads": COUNT},
        "Oat Milk": {"credits": PAY, "cards": COUNT},
        "Railguns": {"credits": PAY, "goods": COUNT},
        "Muji Pens": {"cards_per_player": COUNT},
        "Pocky": {"credits": PAY, "cards": COUNT, "containers": COUNT},
        "Rice": {"pay_per_contract": PAY},
        "Robo-Cats": {
            "containers_per_tech": Need(
                2, why="containers loaded together as one tech container (a pair or more)"
            )
        },
        "Soy Sauce": {"pay_per_card": PAY},
        "Sushi Knives": {"cards": COUNT, "payment": PAY},
        "Iceland Water": {"price": PAY},
        "Maple Syrup": {"min_credits": PAY},
        "Dragon Fruit": {"cards": COUNT, "credits": PAY},
        "Rooibos Tea": {"payment": PAY},
        "Tej": {"minus": PAY},
        "Champagne": {"payment": PAY},
        "Muay Thai Shorts": {"pay_per_contract": PAY},
        "Cologne": {"pay_per_card": PAY},
        "Volkswagen": {"level_per_tech_good": LIMIT},
        "Paprika": {"containers": COUNT},
        "Olive Oil": {"payment": PAY},
        "Scotch": {"luxury_goods": GROUP, "counts_as": Need(0, why="goods a group counts as")},
    }


PARAMS = _params()
"""card -> parameter -> its meaningful range: every number a power reads from the sheet."""
SWITCH = Need(0, 1, why="the power switch (1 plays the card without its power, 0 with it)")
"""`power_off`'s range: any card may carry it (`deckhand ablate` sets it)."""


def param_ranges_of(row: Any) -> dict[str, Need]:
    """The meaningful range of each number a sheet row's power reads (`PARAMS`), and the
    power switch any card may carry: the game's `GameSpec.param_ranges`."""
    return {**PARAMS.get(str(row["name"]), {}), POWER_OFF: SWITCH}


def param_ranges(sc: SheetCards) -> list[SheetProblem]:
    """Every number a power reads (`PARAMS`) is present, a number, and in its meaningful
    range: counts of cards, containers, goods, actions and uses at least 1, group sizes the
    power divides by at least 1 (0 divides by zero mid-game), credits 0 or more (a negative
    amount reverses who pays), multipliers at least 1, Prefab Home's fraction in (0, 1],
    Robo-Cats' group a pair or more, Graphics Cards' types at most the five, Books' followers
    at most the other players of the largest game. A missing one stops the game with a
    KeyError when the power resolves."""
    problems = []
    for name in sc.rows:
        contract = sc.contract(name)
        if contract is None or POWER_OFF not in contract.params:
            continue
        fault = SWITCH.fault(contract.params[POWER_OFF])
        if fault is not None:
            problems.append(
                sc.problem(
                    "param_ranges",
                    name,
                    "params",
                    f"{fault}: {POWER_OFF} is {SWITCH.why}",
                    f"{POWER_OFF}=0 or {POWER_OFF}=1",
                    f"{POWER_OFF}={contract.params[POWER_OFF]}",
                )
            )
    for name, needs in PARAMS.items():
        contract = sc.contract(name)
        if contract is None:
            continue
        for key, need in needs.items():
            if key not in contract.params:
                problems.append(
                    sc.problem(
                        "param_ranges",
                        name,
                        "params",
                        f"has no '{key}', a number its power reads ({need.why})",
                        f"{key}=<a number>",
                        ";".join(f"{k}={v}" for k, v in contract.params.items()),
                    )
                )
                continue
            value = contract.params[key]
            fault = need.fault(value)
            if fault is None:
                continue
            problems.append(
                sc.problem(
                    "param_ranges",
                    name,
                    "params",
                    f"{fault}: {key} is {need.why}",
                    f"{key} {need.text()}",
                    f"{key}={value}",
                )
            )
    return problems


def restated_expectations(sc: SheetCards) -> dict[tuple[str, str], tuple[Any, str]]:
    """(card, parameter) -> (the value the engine plays, why): the numbers of a power that
    the engine does not read, because they restate a rule number or a fixed part of the
    mechanics (`rules.BaseRules` defaults)."""
    rules = BaseRules()
    sauna = sc.contract("Sauna")
    multiplier = _number(sauna.params, "multiplier") if sauna is not None else None
    penalty = _number(sauna.params, "illegal_penalty") if sauna is not None else None
    expected: dict[tuple[str, str], tuple[Any, str]] = {
        ("Can Openers", "credit_threshold"): (
            rules.end_credits,
            "the credits that end the game (BaseRules.end_credits), which the power switches "
            "off for its owner",
        ),
        ("MRI Machine", "base_threshold"): (
            rules.end_credits,
            "the end-of-game credits the power replaces (BaseRules.end_credits)",
        ),
        ("Mineral Fuels", "base_hand_size"): (
            rules.draw_to,
            "the hand size the power replaces (BaseRules.draw_to)",
        ),
        ("Pants", "base_payment"): (
            rules.owner_compensation,
            "what an importer pays a ship's owner without the power (BaseRules.owner_compensation)",
        ),
        ("Partnership", "base_import_compensation"): (
            rules.owner_compensation,
            "what an importer pays a ship's owner without the power (BaseRules.owner_compensation)",
        ),
        ("Partnership", "ships"): (2, "the ships the power joins (the engine joins two)"),
        ("Shampoo", "base_containers"): (
            2,
            "the containers an import takes without the power (the engine's 2)",
        ),
        ("Long Coats", "base_value"): (
            1,
            "what a luxury good is worth without the power (scoring counts 1)",
        ),
        ("Sauna", "illegal_penalty"): (
            rules.illegal_penalty,
            "the illegal-goods penalty the power doubles (BaseRules.illegal_penalty)",
        ),
        ("Legos", "max_payout"): (
            rules.pay_5_6,
            "the payout cap Legos keeps (the top band, BaseRules.pay_5_6; IE-FLAGP-21)",
        ),
        ("Platinum Rings", "max_supply_sales"): (
            1,
            "the Supply sales it allows (the engine allows the turn's one sale: IE-POWER-48)",
        ),
        ("Smart Cars", "uses_per_turn"): (1, "its uses a turn (the engine allows one)"),
        ("US Dollars", "turns"): (1, "the turns it is crew for (the engine: the one turn)"),
        ("Railguns", "contracts"): (1, "the completed contracts a player may give (one)"),
        ("Railguns", "options"): (3, "the choices a player has (credits, a contract, goods)"),
        ("Chopsticks", "action_types_per_turn"): (
            1,
            "the action types its owner performs a turn (the engine: one)",
        ),
        ("Rice Cookers", "action_types_per_turn"): (
            1,
            "the action types its owner performs a turn (the engine: one)",
        ),
    }
    doubled = (
        multiplier * penalty if isinstance(multiplier, int) and isinstance(penalty, int) else None
    )
    expected[("Sauna", "doubled_illegal_penalty")] = (  # None: param_ranges reports its parts
        doubled,
        "the penalty the power makes, multiplier x illegal_penalty",
    )
    return expected


def restated_numbers(sc: SheetCards) -> list[SheetProblem]:
    """A number the engine does not read, restating a rule number or a fixed part of the
    power (`restated_expectations`), has the value the game plays: Pants' `base_payment` is
    the rulebook's 2 the power replaces, Legos' `max_payout` the top payout band, Sauna's
    `doubled_illegal_penalty` its multiplier times the penalty, Smart Cars' `uses_per_turn`
    the one use the engine allows. A designer changing one of these changes nothing in play,
    so a different value is a sheet that says one thing while the game plays another. (Such
    a parameter may be left out.)"""
    problems = []
    for (name, key), (value, why) in restated_expectations(sc).items():
        contract = sc.contract(name)
        if contract is None or key not in contract.params or value is None:
            continue
        if contract.params[key] == value:
            continue
        problems.append(
            sc.problem(
                "restated_numbers",
                name,
                "params",
                f"is not what the game plays: {key} is {why}, a number the engine does not read",
                f"{key}={value}",
                f"{key}={contract.params[key]}",
            )
        )
    return problems


def known_params(sc: SheetCards, name: str) -> tuple[str, ...]:
    """The parameters a card's row may hold: the numbers its power reads (`PARAMS`), the
    numbers it restates (`restated_expectations`) and the power switch (`power_off`)."""
    restated = [key for card, key in restated_expectations(sc) if card == name]
    return (*PARAMS.get(name, {}), *restated, POWER_OFF)


def unknown_params(sc: SheetCards) -> list[SheetProblem]:
    """Every parameter in a row's `params` is one the card's power reads or restates.

    A misspelt `paymnet=5` would otherwise leave the printed `payment` at its old value and
    the designer's number unplayed, and a note kept in the cell (`bogus=3`) reads as a
    number of the game. Notes belong in `provenance` (or `power`): a sheet has no other
    columns.

    A card of no shipped power (a designer's new card) is not checked here: its numbers are
    read by the designer's own code (`--powers`), which declares them in its `PARAMS` and is
    held to them when the game is built (powers/designer.py)."""
    problems = []
    for row in sc.sheet.rows:
        name = row["name"]
        if name not in POWERS and name not in PARAMS:
            continue
        known = known_params(sc, name)
        for key, value in row["params"].items():
            if key in known:
                continue
            close = difflib.get_close_matches(key, known, n=1, cutoff=0.6)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            reads = [k for k in known if k != POWER_OFF]
            accepted = ", ".join(reads) if reads else "no parameter"
            problems.append(
                SheetProblem(
                    "unknown_params",
                    str(sc.sheet.path),
                    row.line,
                    name,
                    "params",
                    f"{key}={value}",
                    f"names '{key}', a parameter its power does not read{hint}",
                    f"its power reads {accepted} (and {POWER_OFF}=0/1 for any card); a note "
                    "belongs in provenance",
                )
            )
    return problems


CHECKS: tuple[Check, ...] = (
    flour_cargo,
    partnership_cargo,
    own_level_requirement,
    own_color,
    tablets_capacity,
    wind_turbines_level,
    squid_jerky_column,
    scotch_pair,
    reachable_counts,
    param_ranges,
    restated_numbers,
    unknown_params,
)
"""Every check, in the order they run; a problem's `check` is the function's name."""


def check_sheet(sheet: CardSheet) -> list[SheetProblem]:
    """Run every check on a sheet that passed the schema's own checks; problems by line."""
    sc = SheetCards.of(sheet)
    problems = [p for check in CHECKS for p in check(sc)]
    return sorted(problems, key=lambda p: (p.line, p.field, p.check))


def validate(sheet: CardSheet) -> None:
    """Raise SheetCheckError listing every problem, if any (the check of SCHEMA, after the
    columns' own)."""
    problems = check_sheet(sheet)
    if problems:
        raise SheetCheckError(problems)


def _check_all(sheet: CardSheet) -> None:
    assert COLUMNS.check is not None
    COLUMNS.check(sheet)  # the rows' own consistency first: the checks below rely on it
    validate(sheet)


SCHEMA = replace(COLUMNS, check=_check_all)
"""The Import/Export card sheet as the game loads it: its columns, its rows' consistency,
and every row against its own power (flour_cargo, param_ranges, ...: all problems at once)."""


def load_import_export_sheet(path: str | Path | None = None) -> CardSheet:
    """Load and validate a card sheet (the shipped one by default): whatever loads plays."""
    return load_card_sheet(path or DEFAULT_SHEET, SCHEMA)
