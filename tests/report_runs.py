"""Small real runs for the comparison, sweep and browser tests, built once per session.

conftest.py imports the fixtures, so test_compare.py, test_sweep.py and
test_reports_in_browser.py share the runs instead of playing them three times.

- travel: 200 games each of base+events and base+special_items, on a card sheet where the
  Trading Post (a special item with parameters) is renamed `<script>alert(1)</script>`;
- import-export: 100 games each of base and base+kickstarter;
- sweeps: the renamed Trading Post's `bonus` over 0,1,2 (travel, 80 games each) and Almonds'
  `high_pay` over 4,8,12 (import-export, 60 games each).
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from simulator.folders.config import RunOptions
from simulator.games.travel.cards import DEFAULT_SHEET as TRAVEL_SHEET
from simulator.runs.mixes import Mix, plan_mixes, run_mixes
from simulator.runs.sweep import SweepPlan, plan_sweep, run_sweep

EVIL = "<script>alert(1)</script>"
RENAMED = "Trading Post"
TRAVEL_OPTIONS = {
    "players": 4,
    "strategies": ("heuristic", "random", "random", "random"),
    "seed": 5,
    "max_turns": 300,
}


def evil_sheet(folder: Path) -> Path:
    """The travel sheet with the Trading Post renamed to a script tag."""
    folder.mkdir(parents=True, exist_ok=True)
    with Path(TRAVEL_SHEET).open(newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        fields = list(reader.fieldnames or [])
        rows = list(reader)
    renamed = 0
    for row in rows:
        if row["name"] == RENAMED:
            row["name"] = EVIL
            renamed += 1
    assert renamed == 1
    path = folder / "evil_cards.csv"
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)
    return path


@pytest.fixture(scope="session")
def travel_mixes(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[Mix], list[Path]]:
    base = tmp_path_factory.mktemp("travel_mixes")
    sheet = evil_sheet(base / "sheet")
    options = RunOptions(
        "travel", games=200, chunk_size=100, card_sheet=str(sheet), **TRAVEL_OPTIONS
    )
    plans = plan_mixes(options, ["base+events", "base+special_items"], base / "grid")
    return plans, run_mixes(plans, backend="sequential", progress=False)


@pytest.fixture(scope="session")
def ie_mixes(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[Mix], list[Path]]:
    base = tmp_path_factory.mktemp("ie_mixes")
    options = RunOptions("import-export", players=4, games=100, chunk_size=50, seed=3)
    plans = plan_mixes(options, ["base", "base+kickstarter"], base / "grid")
    return plans, run_mixes(plans, backend="sequential", progress=False)


@pytest.fixture(scope="session")
def travel_sweep(tmp_path_factory: pytest.TempPathFactory) -> SweepPlan:
    base = tmp_path_factory.mktemp("travel_sweep")
    sheet = evil_sheet(base / "sheet")
    options = RunOptions(
        "travel",
        modules=("special_items",),
        games=80,
        chunk_size=40,
        card_sheet=str(sheet),
        **TRAVEL_OPTIONS,
    )
    plan = plan_sweep(options, EVIL, "bonus=0,1,2", base / "sweep")
    run_sweep(plan, backend="sequential", progress=False)
    return plan


@pytest.fixture(scope="session")
def ie_sweep(tmp_path_factory: pytest.TempPathFactory) -> SweepPlan:
    base = tmp_path_factory.mktemp("ie_sweep")
    options = RunOptions(
        "import-export", players=4, modules=("base",), games=60, chunk_size=30, seed=2
    )
    plan = plan_sweep(options, "Almonds", "high_pay=4,8,12", base / "sweep")
    run_sweep(plan, backend="sequential", progress=False)
    return plan
