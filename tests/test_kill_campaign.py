"""A CI-sized kill campaign (tests/kill_campaign.py): simulate killed twice, ablate and sweep
once, each resumed and compared with an uninterrupted run; plus the campaign's own checks
(leftovers, comparison, process group), so a campaign that passes means something."""

from __future__ import annotations

import sys
from pathlib import Path

import polars as pl
from kill_campaign import (
    command_line,
    compare_folders,
    frame_difference,
    leftovers,
    play,
    run_campaign,
)


def test_a_bounded_campaign_resumes_every_kill_identically(tmp_path: Path) -> None:
    lines: list[str] = []
    tallies = run_campaign(
        ["simulate", "ablate", "sweep"],
        {"simulate": 2, "ablate": 1, "sweep": 1},
        seed=1,
        preset="ci",
        jobs=2,
        work=tmp_path,
        second_share=0.5,
        baseline=False,
        echo=lines.append,
    )
    report = "\n".join(lines)
    assert [t.tries for t in tallies] == [2, 1, 1], report
    assert all(t.failures == 0 for t in tallies), report
    assert sum(t.identical for t in tallies) == 4, report


def test_the_comparison_sees_a_changed_row_and_ignores_times_and_order() -> None:
    frame = pl.DataFrame({"game": [1, 2], "win": [True, False], "seconds": [0.1, 0.2]})
    assert frame_difference(frame, frame.reverse().with_columns(seconds=pl.lit(9.0))) is None
    assert frame_difference(frame, frame.with_columns(win=pl.lit(True))) is not None


def test_a_missing_table_a_changed_field_and_leftovers_are_found(tmp_path: Path) -> None:
    ref, got = tmp_path / "ref", tmp_path / "got"
    for folder, games in ((ref, 3), (got, 4)):
        folder.mkdir()
        (folder / "plan.json").write_text(f'{{"games": {games}, "seconds": {games}}}')
    pl.DataFrame({"x": [1]}).write_parquet(ref / "t.parquet")
    (got / ".t.parquet.tmp-1").write_bytes(b"")
    (got / ".deckhand.lock").write_text("{}")
    found = compare_folders(ref, got)
    assert any(d.startswith("missing: t.parquet") for d in found), found
    assert any(d.startswith("plan.json: fields differ: games") for d in found), found
    assert leftovers(got) == [".deckhand.lock", ".t.parquet.tmp-1"]


def test_a_kill_takes_the_workers_with_it(tmp_path: Path) -> None:
    argv = command_line("ci", "simulate", tmp_path / "run", 2)
    assert argv[:3] == [sys.executable, "-m", "simulator"]
    done = play(argv, tmp_path / "log", kill_after=1.5, timeout=60)
    assert done.rc is None and (done.escaped, done.survivors) == (0, 0), done.stderr
