"""What `deckhand simulate` says of its run, as a library (simulator/runs/summaries.py):
the summary read from the run folder, its words, and the interrupted run's line."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import polars as pl

from simulator.folders.config import make_run_config
from simulator.folders.run_folder import read_games
from simulator.runs.summaries import RunSummary, interrupted_line, simulate, summarise_run

PLAIN = RunSummary(
    folder=Path("runs/a"),
    games=1200,
    median_turns=41.5,
    most=1200,
    until_ci=None,
    stop={"reason": "games", "games": 1200},
    warnings=(),
    played=1000,
    seconds=2.0,
    jobs=1,
    backend="loky",
)


def test_a_plain_run_says_its_games_what_it_played_and_how_fast() -> None:
    assert PLAIN.lines() == [
        "1,200 games in runs/a (median 42 turns); 1,000 played in 2.0 s on 1 process of loky "
        "(500 games/s); next: deckhand report runs/a"
    ]


def test_the_workers_are_named_unless_one_process_plays() -> None:
    assert " on 4 workers of dask " in replace(PLAIN, jobs=4, backend="dask").lines()[0]
    assert " on 1 process of sequential " in replace(PLAIN, jobs=4, backend="sequential").lines()[0]


def test_an_until_ci_run_says_why_it_stopped_or_that_it_did_not() -> None:
    stopped = replace(
        PLAIN,
        most=5000,
        until_ci=0.01,
        stop={"reason": "until_ci", "half_width": 0.00987, "target": 0.01},
    )
    assert stopped.lines()[0] == (
        "stopped by --until-ci after 1,200 of at most 5,000 games: headline 95% half-width "
        "0.0099 <= 0.01"
    )
    short = replace(stopped, stop={"reason": "games", "half_width": 0.0213})
    assert short.lines()[0] == (
        "--until-ci 0.01 not reached within 5,000 games (headline 95% half-width 0.0213)"
    )
    assert "half-width nan)" in replace(stopped, stop={}).lines()[0]
    assert len(short.lines()) == 2


def test_simulate_plays_summarises_and_resumes(tmp_path: Path) -> None:
    out = tmp_path / "run"
    config = make_run_config("travel", 3, ("events",), games=20, seed=4, chunk_size=10)
    first = simulate(config, out, backend="sequential", progress=False)
    assert (first.folder, first.games, first.played, first.most) == (out, 20, 20, 20)
    assert first.median_turns == float(read_games(out)["turns"].median())  # type: ignore[arg-type]
    assert first.seconds > 0 and first.backend == "sequential" and first.warnings == ()
    assert first.lines()[-1].startswith(f"20 games in {out} (median ")
    again = simulate(config, out, backend="sequential", progress=False)
    assert again.games == 20 and again.played == 0  # resumed: nothing left to play
    assert " 0 played in " in again.lines()[-1]


def test_summarise_run_reads_the_folder_and_its_manifest(small_run: Path) -> None:
    config = make_run_config("travel", 4, (), games=60, seed=11)
    summary = summarise_run(small_run, config, seconds=3.0, jobs=2, backend="threading")
    turns = pl.read_parquet(small_run / "games" / "*.parquet")["turns"]
    assert summary.games == 60 and summary.median_turns == float(turns.median())  # type: ignore[arg-type]
    assert summary.played == 60 and summary.stop["reason"] == "games"
    assert summary.seconds == 3.0 and summary.jobs == 2
    assert math.isclose(summary.played / summary.seconds, 20.0)
    assert "(20 games/s)" in summary.lines()[-1]


def test_an_interrupted_run_says_what_it_keeps(small_run: Path, tmp_path: Path) -> None:
    assert interrupted_line(small_run, 100) == (
        f"\ninterrupted: 60 of 100 games are kept in {small_run} (whole chunks only); run the "
        "same command again to resume"
    )
    assert interrupted_line(tmp_path / "none", 5).startswith("\ninterrupted: 0 of 5 games")
