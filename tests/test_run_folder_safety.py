"""A run folder is Deckhand's, and only Deckhand's files in it are touched (issue 28, item 1):
--overwrite removes only what a run writes, a failed write never loses a completed chunk,
a folder has one writer at a time, and a small run uses the workers it is given."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner
from folder_checks import one_line_error, run_tables, same_run_tables
from polars.testing import assert_frame_equal

from cli import main
from simulator.core.errors import RunFolderError
from simulator.folders import run_folder
from simulator.folders.config import default_chunk_size, make_run_config
from simulator.folders.lock import LOCK_FILE, folder_lock
from simulator.folders.run_folder import (
    RUN_FOLDER,
    completed_chunks,
    part_path,
    read_games,
)
from simulator.runs.runner import run_simulation

ROOT = Path(__file__).resolve().parents[1]
RUN = ["simulate", "travel", "-p", "3", "--max-turns", "300", "--seed", "4", "--quiet"]


def _simulate(out: Path, *more: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, [*RUN, "--out", str(out), "--backend", "sequential", *more])
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished 60-game run, never modified by the tests (they copy it)."""
    out = tmp_path_factory.mktemp("safety") / "reference"
    code, output = _simulate(out, "-n", "60", "--chunk-size", "20")
    assert code == 0, output
    return out


def _copy(reference: Path, to: Path) -> Path:
    shutil.copytree(reference, to)
    return to


# ---------------------------------------------------------------------- --overwrite


def test_overwrite_refuses_a_folder_holding_a_users_files_and_deletes_nothing(
    reference: Path, tmp_path: Path
) -> None:
    run = _copy(reference, tmp_path / "run")
    (run / "my_notes.txt").write_text("the designer's notes")
    (run / "analysis").mkdir()
    (run / "analysis" / "fit.csv").write_text("a,b\n")
    (run / "games" / "mine.parquet").write_text("not a part")
    before = sorted(p.relative_to(run) for p in run.rglob("*"))
    line = one_line_error(*_simulate(run, "-n", "60", "--chunk-size", "20", "--overwrite"))
    assert "--overwrite removes only what a run writes" in line
    for name in ("analysis/", "games/mine.parquet", "my_notes.txt"):
        assert name in line
    assert sorted(p.relative_to(run) for p in run.rglob("*")) == before
    assert (run / "my_notes.txt").read_text() == "the designer's notes"


def test_every_file_a_run_and_its_reports_write_is_listed_as_the_runs(
    reference: Path, tmp_path: Path
) -> None:
    """RUN_FOLDER lists everything simulate, report (card pages, replays) and replay --html
    write, so --overwrite of a used run folder goes through, and removes exactly that."""
    run = _copy(reference, tmp_path / "run")
    report = CliRunner().invoke(main, ["report", str(run)])
    assert report.exit_code == 0, report.output
    replay = CliRunner().invoke(main, ["replay", str(run), "3", "--html"])
    assert replay.exit_code == 0, replay.output
    assert (run / run_folder.REPORT_FILE).exists() and (run / run_folder.REPLAYS_FOLDER).is_dir()
    assert (run / run_folder.VERDICTS_FILE).exists()
    assert RUN_FOLDER.foreign(run) == []
    code, output = _simulate(run, "-n", "60", "--chunk-size", "20", "--overwrite")
    assert code == 0, output
    assert not (run / run_folder.REPORT_FILE).exists()
    same_run_tables(run, reference)


def test_overwrite_of_a_sweep_keeps_a_users_file_inside_a_value_folder(tmp_path: Path) -> None:
    """A sweep's --overwrite checks inside every value's run folder too."""
    out = tmp_path / "sweep"
    args = ["sweep", "travel", "-p", "3", "-m", "special_items", "--card", "Mom's Credit Card"]
    args += ["--param", "covers=1,2", "-n", "6", "--max-turns", "200", "-o", str(out)]
    args += ["--backend", "sequential", "--quiet"]
    first = CliRunner().invoke(main, args)
    assert first.exit_code == 0, first.output
    (out / "covers=2" / "keep.txt").write_text("mine")
    line = one_line_error(*_invoke([*args, "--overwrite"]))
    assert "covers=2/keep.txt" in line and (out / "covers=2" / "keep.txt").exists()


def _invoke(args: list[str]) -> tuple[int, str]:
    result = CliRunner().invoke(main, args)
    return result.exit_code, result.output


# ---------------------------------------------------------------------- failed writes


def test_an_extension_that_cannot_write_keeps_every_completed_chunk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Extending 50 games to 70 with chunks of 20 plays chunk 2 (10 games) again in full.
    If its players part cannot be written, chunk 2's old parts are still there and still
    read, the message is one line naming the path, and the next try completes the run."""
    run = tmp_path / "run"
    code, output = _simulate(run, "-n", "50", "--chunk-size", "20")
    assert code == 0, output
    real = run_folder.write_chunk

    def refuse_players(folder: Path, chunk: int, parts: dict[str, bytes]) -> None:
        if chunk == 2:
            raise PermissionError(13, "Permission denied", str(part_path(folder, "players", 2)))
        real(folder, chunk, parts)

    monkeypatch.setattr(run_folder, "write_chunk", refuse_players)
    line = one_line_error(*_simulate(run, "-n", "70", "--chunk-size", "20"))
    assert "players/part-00002.parquet: cannot write (Permission denied)" in line
    assert "no completed chunk was lost" in line
    assert completed_chunks(run) == {0, 1, 2}  # chunk 2 is still the old one, whole
    assert read_games(run)["game_id"].to_list() == list(range(50))
    monkeypatch.setattr(run_folder, "write_chunk", real)
    code, output = _simulate(run, "-n", "70", "--chunk-size", "20")
    assert code == 0, output
    fresh = tmp_path / "fresh"
    assert _simulate(fresh, "-n", "70", "--chunk-size", "20")[0] == 0
    same_run_tables(run, fresh)


def _without_file_permissions() -> list[str] | None:
    """A command prefix under which chmod is obeyed: none needed for a normal user; for root,
    capsh dropping the capability that ignores file modes; None when neither is possible."""
    if os.geteuid() != 0:
        return []
    capsh = shutil.which("capsh")
    if capsh is None:
        return None
    probe = subprocess.run(
        [capsh, "--drop=cap_dac_override,cap_dac_read_search", "--", "-c", "true"],
        capture_output=True,
    )
    return (
        [capsh, "--drop=cap_dac_override,cap_dac_read_search", "--", "-c"]
        if not probe.returncode
        else None
    )


def _deckhand(prefix: list[str], args: list[str]) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "simulator", *args]
    if prefix:
        command = [*prefix, " ".join(f"'{a}'" for a in command)]
    return subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=300)


@pytest.mark.skipif(
    _without_file_permissions() is None, reason="root without capsh: chmod cannot be obeyed"
)
def test_read_only_folders_are_a_one_line_error_and_lose_nothing(
    reference: Path, tmp_path: Path
) -> None:
    """The cases as a user met them: a read-only players/ while extending, and a read-only
    run folder on resume: a one-line message, and every completed chunk still read."""
    prefix = _without_file_permissions()
    assert prefix is not None
    run = _copy(reference, tmp_path / "run")
    args = [*RUN, "--out", str(run), "--chunk-size", "20", "--backend", "sequential"]
    before = run_tables(run)
    (run / "players").chmod(0o555)
    try:
        extended = _deckhand(prefix, [*args, "-n", "90"])
    finally:
        (run / "players").chmod(0o755)
    assert extended.returncode != 0 and "Traceback" not in extended.stderr, extended.stderr
    assert "players" in extended.stderr and "cannot write" in extended.stderr
    assert len(extended.stderr.strip().splitlines()) == 1, extended.stderr
    for was, now in zip(before, run_tables(run), strict=True):
        # the 60 games are all still there, whatever else the try wrote
        assert_frame_equal(was, now.filter(pl.col("game_id") < 60))
    for folder in [run, *(p for p in run.iterdir() if p.is_dir())]:
        folder.chmod(0o555)
    try:
        resumed = _deckhand(prefix, [*args, "-n", "90"])
    finally:
        for folder in [run, *(p for p in run.iterdir() if p.is_dir())]:
            folder.chmod(0o755)
    assert resumed.returncode != 0 and "Traceback" not in resumed.stderr, resumed.stderr
    assert "cannot write" in resumed.stderr, resumed.stderr
    assert len(resumed.stderr.strip().splitlines()) == 1, resumed.stderr
    code, output = _simulate(run, "-n", "90", "--chunk-size", "20")
    assert code == 0, output
    fresh = tmp_path / "fresh"
    assert _simulate(fresh, "-n", "90", "--chunk-size", "20")[0] == 0
    same_run_tables(run, fresh)


@pytest.mark.skipif(
    _without_file_permissions() is None, reason="root without capsh: chmod cannot be obeyed"
)
def test_a_failed_extension_that_recuts_a_chunk_leaves_it_whole(tmp_path: Path) -> None:
    """20 games, then 60: the default chunk size grows, so chunk 0 is rewritten. With
    players/ read-only the rewrite fails; every table must still hold the same 20 games (it
    once left the new card_events part of 25 games beside the old games and players)."""
    prefix = _without_file_permissions()
    assert prefix is not None
    run = tmp_path / "run"
    assert _simulate(run, "-n", "20")[0] == 0
    args = [*RUN, "--out", str(run), "--backend", "sequential", "-n", "60"]
    (run / "players").chmod(0o555)
    try:
        extended = _deckhand(prefix, args)
    finally:
        (run / "players").chmod(0o755)
    assert extended.returncode != 0 and "cannot write" in extended.stderr, extended.stderr
    games, players, events = run_tables(run)
    assert games["game_id"].to_list() == list(range(20))
    assert set(players["game_id"]) == set(events["game_id"]) == set(range(20))
    assert not list(run.rglob(".*.tmp*")), "temporary parts left behind"
    assert _simulate(run, "-n", "60")[0] == 0  # the same command then finishes the run
    assert read_games(run).height == 60


# ---------------------------------------------------------------------- one writer


HOLD = """
import sys, time
from simulator.folders.lock import folder_lock
with folder_lock(sys.argv[1], "simulate"):
    print("held", flush=True)
    time.sleep(120)
"""


def _holder(folder: Path) -> subprocess.Popen[str]:
    process = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(folder)], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    assert process.stdout is not None and process.stdout.readline().strip() == "held"
    return process


def test_a_second_writer_is_refused_and_a_dead_holders_lock_is_taken_over(
    tmp_path: Path,
) -> None:
    run = tmp_path / "run"
    holder = _holder(run)
    try:
        line = one_line_error(*_simulate(run, "-n", "20"))
        assert f"in use by `deckhand simulate` (process {holder.pid} on " in line
        assert [p.name for p in run.iterdir()] == [LOCK_FILE]  # nothing played, nothing written
        ablate = ["ablate", "import-export", "-p", "2", "--cards", "Almonds", "-n", "4"]
        for command in (ablate, ["tune", "travel", "--trials", "1"]):
            assert "in use by" in one_line_error(*_invoke([*command, "--out", str(run)]))
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    assert (run / LOCK_FILE).exists()  # left behind by kill -9
    result = CliRunner().invoke(
        main, [*RUN, "-n", "20", "--out", str(run), "--backend", "sequential"]
    )
    assert result.exit_code == 0, result.output
    assert f"took over the lock left by `deckhand simulate` (process {holder.pid}" in result.output
    assert not (run / LOCK_FILE).exists() and read_games(run).height == 20


def test_the_lock_is_held_once_per_process_and_released_after(tmp_path: Path) -> None:
    with folder_lock(tmp_path / "x", "sweep"), folder_lock(tmp_path / "x", "simulate"):
        assert (tmp_path / "x" / LOCK_FILE).exists()
    assert not (tmp_path / "x" / LOCK_FILE).exists()
    (tmp_path / "a_file").write_text("not a folder")
    with pytest.raises(RunFolderError, match="cannot create the folder"):
        with folder_lock(tmp_path / "a_file" / "run", "simulate"):
            pass


def test_a_lock_from_another_host_is_named_not_taken(tmp_path: Path) -> None:
    (tmp_path / LOCK_FILE).write_text(
        '{"pid": 7, "host": "elsewhere", "command": "sweep", "started": "2026-12-01T10:00"}'
    )
    with pytest.raises(RunFolderError, match="process 7 on elsewhere.*remove .*deckhand.lock"):
        with folder_lock(tmp_path, "simulate"):
            pass
    assert (tmp_path / LOCK_FILE).exists()


# ---------------------------------------------------------------------- chunks and workers


def test_a_small_run_is_cut_into_chunks_for_every_worker() -> None:
    config = make_run_config("travel", 3, (), ("heuristic",), games=500)
    assert config.chunk_size == 32 and config.chunks == 16
    assert default_chunk_size(100_000, 4) == 500 and default_chunk_size(10, 4) == 25
    assert default_chunk_size(500, 4, duplicate=True) == 32


def test_500_games_on_two_workers_play_on_both_and_match_one_worker(tmp_path: Path) -> None:
    """`simulate -n 500 -j 2` sends 16 chunks to two loky workers (two process ids answer),
    and its tables are the ones one worker writes."""
    args = ["-n", "500", "--max-turns", "200"]
    two = CliRunner().invoke(main, [*RUN, *args, "-j", "2", "--out", str(tmp_path / "two")])
    assert two.exit_code == 0, two.output
    assert len(completed_chunks(tmp_path / "two")) == 16
    assert _simulate(tmp_path / "one", *args)[0] == 0
    same_run_tables(tmp_path / "one", tmp_path / "two")


def test_a_resumed_run_keeps_its_chunks_when_the_default_would_differ(tmp_path: Path) -> None:
    """A run of 100 games (default chunks of 25) extended to 500 (default 32) keeps 25:
    the folder is the one asking for 500 games in chunks of 25 makes."""
    small = make_run_config("travel", 3, (), ("heuristic",), games=100, seed=2, max_turns=200)
    run_simulation(small, tmp_path / "run", backend="sequential", progress=False)
    large = make_run_config("travel", 3, (), ("heuristic",), games=500, seed=2, max_turns=200)
    assert large.chunk_size != small.chunk_size
    run_simulation(large, tmp_path / "run", backend="sequential", progress=False)
    assert len(completed_chunks(tmp_path / "run")) == 20
    fresh = make_run_config(
        "travel", 3, (), ("heuristic",), games=500, seed=2, max_turns=200, chunk_size=25
    )
    run_simulation(fresh, tmp_path / "fresh", backend="sequential", progress=False)
    same_run_tables(tmp_path / "run", tmp_path / "fresh")


def test_a_refused_sweep_value_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "sweep"
    line = one_line_error(
        *_invoke(
            [
                "sweep",
                "import-export",
                "--card",
                "Almonds",
                "--param",
                "high_pay=4,-4",
                "-n",
                "4",
                "-o",
                str(out),
            ]
        )
    )
    assert "high_pay=-4" in line
    assert not out.exists()


def test_a_killed_ablation_is_played_again_by_the_same_command(tmp_path: Path) -> None:
    """An ablation stopped before its end (its plan marked unfinished, a table half there)
    is played again to the same tables by the same command; a finished one is left alone."""
    args = ["ablate", "import-export", "-p", "2", "--cards", "Almonds,Beer", "-n", "6"]
    args += ["--max-turns", "200", "--backend", "sequential", "--seed", "3", "-q"]
    done = CliRunner().invoke(main, [*args, "--out", str(tmp_path / "done")])
    assert done.exit_code == 0, done.output
    killed = tmp_path / "killed"
    shutil.copytree(tmp_path / "done", killed)
    plan = killed / run_folder.ABLATION_PLAN
    plan.write_text(plan.read_text().replace('"finished": true', '"finished": false'))
    (killed / run_folder.ABLATION_FILE).unlink()
    again = CliRunner().invoke(main, [*args, "--out", str(killed)])
    assert again.exit_code == 0, again.output
    for name in (run_folder.ABLATION_FILE, run_folder.ABLATION_GAMES, run_folder.ABLATION_OWNERS):
        assert_frame_equal(
            pl.read_parquet(killed / name), pl.read_parquet(tmp_path / "done" / name)
        )
    stamp = (tmp_path / "done" / run_folder.ABLATION_PLAN).stat().st_mtime_ns
    time.sleep(0.01)
    same = CliRunner().invoke(main, [*args, "--out", str(tmp_path / "done")])
    assert same.exit_code == 0, same.output
    assert (tmp_path / "done" / run_folder.ABLATION_PLAN).stat().st_mtime_ns == stamp
