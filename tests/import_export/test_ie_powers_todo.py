"""The power to-do list: every contract of the sheet whose power is not implemented yet.

This is the work list of the power issues; the counts below may only go down (lower them
as powers land). A contract whose power is implemented drops from the list by itself.
"""

from __future__ import annotations

from simulator.games.import_export.powers import POWERS, missing_powers
from simulator.games.import_export.sheet_checks import load_import_export_sheet

STILL_TO_DO = {
    "base": 0,
    "capital": 0,
    "tokyo": 0,
    "kickstarter": 0,
    "kickstarter2": 0,
    "j": 0,
    "flag": 0,
}


def _names_by_set() -> dict[str, list[str]]:
    by_set: dict[str, list[str]] = {}
    for row in load_import_export_sheet().rows:
        by_set.setdefault(row["set"], []).append(row["name"])
    return by_set


def test_power_todo_list_only_shrinks() -> None:
    todo = {s: missing_powers(names) for s, names in _names_by_set().items()}
    for set_name, names in todo.items():
        print(f"{set_name}: {len(names)} without a power: {', '.join(names)}")
    assert {s: len(v) for s, v in todo.items()} == STILL_TO_DO


def test_every_implemented_power_names_a_card_of_the_sheet() -> None:
    """A power registered under a misspelt name would silently never run."""
    missing_powers([])  # loads the power modules
    names = {row["name"] for row in load_import_export_sheet().rows}
    assert set(POWERS) <= names, set(POWERS) - names
