"""A card sheet's rows as the sheet checks read them: the problem a check reports, and the
compiled sheet it reads (`SheetCards`). Its own module so that a card's own checks, declared
with its power (powers/*.py, `checks=`), and the general checks (sheet_checks.py) share it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from simulator.core.cards import CardRow, CardSheet
from simulator.core.errors import CardSheetError
from simulator.games.import_export.cards import (
    COLORS,
    SETS,
    Contract,
    IECards,
)


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


Check = Callable[[SheetCards], list[SheetProblem]]


def pips_text(pips: dict[int, int]) -> str:
    """{colour: count} -> `yellow:2+green:1` (`any` for a rainbow slot)."""
    names = (*COLORS, "any")
    return "+".join(f"{names[c]}:{n}" for c, n in pips.items() if n > 0)


def resized_pips(pips: dict[int, int], total: int) -> dict[int, int]:
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


def number(params: dict[str, Any], key: str) -> int | float | None:
    """A parameter's value if it is a number (param_ranges reports it otherwise)."""
    value = params.get(key)
    return value if isinstance(value, int | float) else None
