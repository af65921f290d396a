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
import json
import math
from pathlib import Path
from typing import Any

import polars as pl
import pytest

from simulator.analysis.adjusted import frame_chunks
from simulator.analysis.metrics import SUMMARY_FILE, card_summary, with_adjusted, with_verdicts
from simulator.analysis.synthetic import write_parts
from simulator.folders.config import RunOptions, make_run_config
from simulator.folders.run_folder import SHEET_COPY
from simulator.games.import_export.cards import DEFAULT_SHEET as IE_SHEET
from simulator.games.import_export.spec import IMPORT_EXPORT
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


def write_synthetic_ie_run(
    folder: Path,
    games: pl.DataFrame,
    players: pl.DataFrame,
    seed: int,
    rows: list[dict[str, Any]],
    base_ids: list[int],
) -> Path:
    """A run folder from synthetic Import/Export base tables (analysis/synthetic.py, with the
    games' turns and end reasons set): its parts, a manifest, the sheet copy and the card
    summary with adjusted figures and verdicts, as a finished run has them."""
    n_games = games.height
    empty = pl.Series([[]] * players.height, dtype=pl.List(pl.Int32))
    players = players.with_columns(
        [empty.alias(e) for e in IMPORT_EXPORT.event_names if e not in players.columns]
    )
    write_parts(folder, games, players)
    config = make_run_config(
        "import-export", 4, ("base",), ("heuristic",), games=n_games, seed=seed
    )
    manifest = {
        "config": config.to_json(),
        "card_sheet": str(IE_SHEET),
        "card_sheet_sha256": "synthetic",
        "versions": {},
        "started": "synthetic",
        "finished": "synthetic",
        "chunks": math.ceil(n_games / 500),
        "games_played": n_games,
        "stop": {"reason": "games", "games": n_games},
    }
    (folder / "manifest.json").write_text(json.dumps(manifest))
    (folder / SHEET_COPY).write_bytes(Path(IE_SHEET).read_bytes())
    loaders = frame_chunks(players, games, 500)
    summary = card_summary(players, IMPORT_EXPORT, rows, base_ids)
    summary = with_verdicts(
        with_adjusted(summary, loaders, IMPORT_EXPORT, rows), loaders, IMPORT_EXPORT, rows
    )
    summary.write_parquet(folder / SUMMARY_FILE)
    return folder
