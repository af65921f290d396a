"""Degenerate games get a warning in the run's summary and its headline (issue 28, item 2):
values inside their ranges can still make every game run to the turn limit or end at once."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
from click.testing import CliRunner

from cli import main
from simulator.analysis.degenerate import degenerate_warnings


def test_the_warnings_follow_the_median_game() -> None:
    assert degenerate_warnings(pl.Series([60, 70, 80]), 1000, 4) == []
    (limit,) = degenerate_warnings(pl.Series([1000, 1000, 500]), 1000, 4)
    assert "median game runs to the turn limit of 1,000" in limit
    (short,) = degenerate_warnings(pl.Series([1, 2, 90]), 1000, 4)
    assert "median game ends within 2 turns" in short
    assert degenerate_warnings(pl.Series([], dtype=pl.Int32), 1000, 4) == []


def test_a_run_whose_games_hit_the_turn_limit_says_so_in_summary_manifest_and_report(
    tmp_path: Path,
) -> None:
    out = tmp_path / "run"
    args = ["simulate", "travel", "-p", "3", "--max-turns", "4", "-n", "12", "-q"]
    result = CliRunner().invoke(main, [*args, "--out", str(out), "--backend", "sequential"])
    assert result.exit_code == 0, result.output
    assert "warning: the median game runs to the turn limit of 4 turns" in result.output
    warnings = json.loads((out / "manifest.json").read_text())["warnings"]
    assert any("turn limit of 4" in w for w in warnings)
    report = CliRunner().invoke(main, ["report", str(out), "--no-card-pages"])
    assert report.exit_code == 0, report.output
    page = (out / "report.html").read_text()
    assert 'id="degenerate">Warning: the median game runs to the turn limit of 4 turns' in page
    assert page.index('id="degenerate"') < page.index('id="answer"')
