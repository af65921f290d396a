"""The power to-do list: every card of the sheet whose power is not implemented yet.

This is the work list of the power issues; the numbers below may only go down. A card
whose power is implemented is dropped from the list automatically.
"""

from __future__ import annotations

import pytest

from simulator.games.import_export.cards import DEFAULT_SHEET, load_import_export_sheet
from simulator.games.import_export.powers import POWERS, missing_powers

# Expected counts of contracts still without a power, per set. Lower them as powers land.
STILL_TO_DO = {"base": 97}


def _names_by_set() -> dict[str, list[str]]:
    sheet = load_import_export_sheet()
    by_set: dict[str, list[str]] = {}
    for row in sheet.rows:
        by_set.setdefault(row["set"], []).append(row["name"])
    return by_set


@pytest.mark.skipif(not DEFAULT_SHEET.exists(), reason="card sheet not written yet")
def test_power_todo_list_only_shrinks() -> None:
    by_set = _names_by_set()
    todo = {s: missing_powers(names) for s, names in by_set.items()}
    print({s: len(v) for s, v in todo.items()})
    for set_name, limit in STILL_TO_DO.items():
        assert len(todo[set_name]) <= limit, todo[set_name]


def test_every_implemented_power_names_a_card_of_the_sheet() -> None:
    """A power registered under a misspelt name would silently never run."""
    missing_powers([])  # loads the power modules
    names = (
        {row["name"] for row in load_import_export_sheet().rows} if DEFAULT_SHEET.exists() else None
    )
    if names is None:
        pytest.skip("card sheet not written yet")
    assert set(POWERS) <= names, set(POWERS) - names
