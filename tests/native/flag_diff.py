"""Shared by tests/native/test_powers_flag.py and test_variants.py: the differential harness
(simulator.runs.differential) on the shipped sheet or on an *easy* one, where every card needs
no level and one container of its colour, so that bots complete contracts often and the powers
waiting for completions, placements and loads act (the sheet is data: the engines must play
the same on any sheet). Also counts the decisions of some kinds Python asked, to show that the
games reach what a test is about."""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

from simulator.core.cards import CardRow, CardSheet
from simulator.games.import_export.cards import parse_pips
from simulator.runs import differential
from simulator.runs.differential import Counts, Setup

EASY_KEEP = ("Flour",)
"""Cards whose cargo the easy sheet keeps: a sheet check ties it to their numbers."""


def _easy(sheet: CardSheet) -> CardSheet:
    rows = []
    for row in sheet.rows:
        values = dict(row.values)
        if row["name"] not in EASY_KEEP:
            values["cargo"] = f"{row['color']}:1"
            values["level"] = f"{row['color']}:0"
            values["_cargo"] = parse_pips(values["cargo"])  # as cards._check parses them
            values["_level"] = parse_pips(values["level"])
        rows.append(CardRow(row.line, values))
    tag = hashlib.sha256(f"{sheet.sha256}:easy".encode()).hexdigest()
    return replace(sheet, rows=rows, sha256=tag)


@contextmanager
def easy_sheets() -> Iterator[None]:
    """Within it, every differential setup plays the easy version of its sheet."""
    original = differential._sheet_for

    def sheet_for(match: Any, setup: Setup) -> CardSheet:
        return _easy(original(match, setup) or match.game.sheet)

    differential._sheet_for = sheet_for
    try:
        yield
    finally:
        differential._sheet_for = original


def seated(bots: tuple[str, ...], players: int) -> tuple[str, ...]:
    """A bot mix for a table: one for every seat, or the mix cycled over the seats (as the
    differential CLI seats `heuristic,random`)."""
    if len(bots) == 1:
        return bots
    return tuple(bots[p % len(bots)] for p in range(players))


def check(setup: Setup, indices: Iterable[int], easy: bool = False) -> Counts:
    """check_games, on the easy sheet if `easy`."""
    setup = replace(setup, strategies=seated(setup.strategies, setup.players))
    if not easy:
        return differential.check_games(setup, indices)
    with easy_sheets():
        return differential.check_games(setup, indices)


def kinds_asked(setup: Setup, indices: Iterable[int], easy: bool = False) -> Counter:
    """The decision kinds Python asks in these games (those with more than one option), and
    per "at any time" power the uses its windows offered ("any_time:<power>")."""
    seen: Counter = Counter()
    setup = replace(setup, strategies=seated(setup.strategies, setup.players))

    def record(decision: Any, choice: object) -> None:
        if len(decision.options) > 1:
            seen[str(decision.kind)] += 1
            for option in decision.options:  # a window's uses: "any_time:<power>"
                power = getattr(option, "power", None)
                if isinstance(power, str):
                    seen[f"any_time:{power}"] += 1

    def play() -> None:
        match = differential.match_for(setup)
        for index in indices:
            match.play(index, on_decision=record)

    if easy:
        with easy_sheets():
            play()
    else:
        play()
    return seen
