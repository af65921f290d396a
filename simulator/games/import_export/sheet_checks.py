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
from dataclasses import replace
from math import prod
from pathlib import Path
from typing import Any

from simulator.core.cards import CardSheet, Need, load_card_sheet
from simulator.games.import_export.cards import (
    COLORS,
    COLUMNS,
    DEFAULT_SHEET,
    GREY,
)
from simulator.games.import_export.powers.framework import POWER_OFF, POWERS
from simulator.games.import_export.rule_book import BaseRules
from simulator.games.import_export.sheet_rows import (
    Check,
    SheetCards,
    SheetCheckError,
    SheetProblem,
    number,
)

# ---------------------------------------------------------------- level, colour


OWN_LEVEL = {name: p.declared.own_level for name, p in POWERS.items() if p.declared.own_level}
"""Powers that name the card's own Level Requirement (their declarations' `own_level`)."""


def own_level_requirement(sc: SheetCards) -> list[SheetProblem]:
    """A power naming its own Level Requirement is on a card that has one.

    Flour, Lutefisk and Tortillas say "you meet the Level Requirement" (OWN_LEVEL). Flag
    cards have no Level Requirement (rulebook), and an empty `level` is none: the power's
    condition would name something the card does not have."""
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
    name: p.declared.own_color for name, p in POWERS.items() if p.declared.own_color is not None
}
"""Powers whose text makes the card itself a contract of one good type (their
declarations' `own_color`)."""


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


REACHABLE: tuple[tuple[str, str, tuple[int, ...], str], ...] = tuple(
    (name, key, reach.colors, reach.mode)
    for name, p in POWERS.items()
    for key, reach in p.declared.reaches.items()
)
"""(card, parameter, the types it counts, "one"/"every": that type, all of them, or "any":
the most of one type): the declarations' `reaches`."""


def cards_of_type(sc: SheetCards, color: int) -> int:
    """At most how many goods (or cards) of one type a player could ever hold: every
    physical card that can be that colour, every grey Capital card (a Capital good counts
    as another type: IE-CAP-3) and the goods a power counts as (its declaration's
    `goods_as`: Joe Wiggins, IE-KS-7)."""
    count = sum(1 for colors in sc.cards.colors if color in colors)
    if color != GREY:
        count += sum(1 for colors in sc.cards.colors if GREY in colors)
    for name, entry in POWERS.items():
        key = entry.declared.goods_as.get(color)
        contract = sc.contract(name) if key is not None else None
        if key is not None and contract is not None:
            extra = contract.params.get(key, 0)
            count += extra if isinstance(extra, int) and extra > 0 else 0
    return count


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
        need = number(contract.params, key)
        if need is None:
            continue
        counts = {c: cards_of_type(sc, c) for c in colors}
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


PARAMS = {name: dict(p.declared.params) for name, p in POWERS.items() if p.declared.params}
"""card -> parameter -> its meaningful range: every number a power reads from the sheet (the
declarations' `params`)."""
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
    mechanics (the declarations' `restates`, rule numbers at `rules.BaseRules` defaults).
    None where a product's factors are not numbers (param_ranges reports them)."""
    rules = BaseRules()
    expected: dict[tuple[str, str], tuple[Any, str]] = {}
    for name, entry in POWERS.items():
        for key, restated in entry.declared.restates.items():
            value: Any = restated.value
            if restated.rule:
                value = getattr(rules, restated.rule)
            elif restated.product:
                contract = sc.contract(name)
                factors = [
                    number(contract.params, k) if contract is not None else None
                    for k in restated.product
                ]
                whole = all(isinstance(f, int) for f in factors)
                value = prod(f for f in factors if f is not None) if whole else None
            expected[(name, key)] = (value, restated.why)
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


def known_params(name: str) -> tuple[str, ...]:
    """The parameters a card's row may hold: the numbers its power reads and those it
    restates (its declaration's `params` and `restates`), and the power switch
    (`power_off`)."""
    entry = POWERS.get(name)
    declared = (*entry.declared.params, *entry.declared.restates) if entry is not None else ()
    return (*declared, POWER_OFF)


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
        if name not in POWERS:
            continue
        known = known_params(name)
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


CARD_CHECKS: tuple[Check, ...] = tuple(
    check for entry in POWERS.values() for check in entry.declared.checks
)
"""The checks of one card each (Flour's cargo, Tablets' capacity, ...), declared with its
power (`checks=`)."""
CHECKS: tuple[Check, ...] = (
    *CARD_CHECKS,
    own_level_requirement,
    own_color,
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
