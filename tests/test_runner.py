"""The runner: determinism across workers, resume after a kill, manifest and folders."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import polars as pl
import pytest
from polars.testing import assert_frame_equal

import simulator
from simulator.analysis.metrics import read_card_summary
from simulator.core.errors import RunFolderError
from simulator.folders.config import RunConfig, make_run_config, seat_slots
from simulator.folders.run_folder import (
    completed_chunks,
    part_path,
    read_games,
    read_players,
    remove_chunk,
)
from simulator.runs.runner import games_held, run_simulation

MODULES = ("events", "postcards", "special_items")


def _config(games: int = 48, chunk: int = 8) -> RunConfig:
    return make_run_config(
        "travel", 3, MODULES, ("heuristic",), games=games, seed=5, chunk_size=chunk, max_turns=300
    )


def test_same_seed_same_datasets_for_one_or_two_workers(tmp_path: Path) -> None:
    config = _config()
    one = run_simulation(config, tmp_path / "one", jobs=1, progress=False)
    two = run_simulation(config, tmp_path / "two", jobs=2, progress=False)
    assert_frame_equal(read_games(one), read_games(two))
    assert_frame_equal(read_players(one), read_players(two))
    assert_frame_equal(read_card_summary(one), read_card_summary(two))
    assert read_games(one).height == 48


def test_chunk_size_and_backend_do_not_change_results(tmp_path: Path) -> None:
    a = run_simulation(_config(chunk=8), tmp_path / "a", jobs=1, progress=False)
    b = run_simulation(
        _config(chunk=13), tmp_path / "b", backend="threading", jobs=2, progress=False
    )
    assert_frame_equal(read_players(a), read_players(b))


def test_a_different_seed_gives_different_games(tmp_path: Path) -> None:
    a = run_simulation(_config(), tmp_path / "a", progress=False)
    other = make_run_config(
        "travel", 3, MODULES, ("heuristic",), games=48, seed=6, chunk_size=8, max_turns=300
    )
    b = run_simulation(other, tmp_path / "b", progress=False)
    assert read_games(a)["turns"].to_list() != read_games(b)["turns"].to_list()


def test_resume_keeps_completed_chunks_and_plays_the_rest(tmp_path: Path) -> None:
    config = _config()
    folder = run_simulation(config, tmp_path / "run", progress=False)
    reference = read_players(folder)
    kept = part_path(folder, "games", 0)
    kept_mtime = kept.stat().st_mtime_ns
    # a run killed mid-way: chunk 3 missing, chunk 5 renamed only in part (its players and
    # card events in place, its games part not), a temporary file left behind
    remove_chunk(folder, 3)
    part_path(folder, "games", 5).unlink()
    (folder / "players" / ".part-00003.parquet.tmp-999").write_bytes(b"half")
    assert completed_chunks(folder) == set(range(6)) - {3, 5}
    assert games_held(folder, config) == 48 - 2 * 8  # what a plan prices as done
    assert games_held(folder, replace(config, games=64)) == 48 - 2 * 8  # extends it
    assert games_held(folder, replace(config, seed=config.seed + 1)) == 0  # another run
    assert games_held(tmp_path / "nothing", config) == 0
    manifest = json.loads((folder / "manifest.json").read_text())
    manifest["versions"]["deckhand"] = "0.0.1"  # another version: refused, priced whole
    (folder / "manifest.json").write_text(json.dumps(manifest))
    assert games_held(folder, config) == 0
    manifest["versions"]["deckhand"] = simulator.__version__
    (folder / "manifest.json").write_text(json.dumps(manifest))
    run_simulation(config, folder, progress=False)
    assert kept.stat().st_mtime_ns == kept_mtime  # completed chunks are not replayed
    games = read_games(folder)
    assert games.height == 48
    assert games["game_id"].n_unique() == 48
    assert not list(folder.glob("*/.part-*"))
    assert_frame_equal(read_players(folder), reference)


def test_killed_process_resumes_to_exactly_the_requested_games(tmp_path: Path) -> None:
    folder = tmp_path / "killed"
    cmd = [
        sys.executable, "-m", "simulator", "simulate", "travel", "-p", "4", "-n", "400",
        "--chunk-size", "10", "--seed", "3", "-o", str(folder), "-q", "--max-turns", "300",
    ]  # fmt: skip
    proc = subprocess.Popen(cmd, start_new_session=True)
    deadline = time.time() + 60
    while time.time() < deadline and len(completed_chunks(folder)) < 3:
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    done_before = len(completed_chunks(folder))
    assert 3 <= done_before < 40, "the run should have been killed part-way"
    subprocess.run(cmd, check=True)
    games = read_games(folder)
    assert games.height == 400
    assert games["game_id"].sort().to_list() == list(range(400))
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["finished"] is not None


def _children(pid: int) -> set[int]:
    """Processes whose parent is `pid` (from /proc: Linux)."""
    kids = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            kids.add(int(stat.parent.name))
    return kids


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
def test_workers_exit_soon_after_the_main_process_is_killed(tmp_path: Path) -> None:
    cmd = [
        sys.executable, "-m", "simulator", "simulate", "travel", "-p", "4", "-n", "100000",
        "-j", "2", "--seed", "3", "-o", str(tmp_path / "run"), "-q",
    ]  # fmt: skip
    proc = subprocess.Popen(cmd)
    deadline = time.time() + 60
    while time.time() < deadline and not completed_chunks(tmp_path / "run"):
        time.sleep(0.05)  # the workers are playing once a chunk is in
    workers = _children(proc.pid)
    assert workers, "the run should have started worker processes"
    proc.kill()
    proc.wait()
    deadline = time.time() + 10
    while time.time() < deadline and any(Path(f"/proc/{w}").exists() for w in workers):
        time.sleep(0.1)
    alive = [w for w in workers if Path(f"/proc/{w}").exists()]
    for w in alive:  # do not leave them to the next test
        os.kill(w, signal.SIGKILL)
    assert not alive, f"workers {alive} still alive 10 s after their parent was killed"


def test_a_run_folder_refuses_a_different_config_naming_what_differs(tmp_path: Path) -> None:
    folder = run_simulation(_config(), tmp_path / "run", progress=False)
    with pytest.raises(
        RunFolderError, match="different config .--games: 48 in the folder, 40 asked."
    ):
        run_simulation(_config(games=40), folder, progress=False)
    other = make_run_config(
        "travel", 3, MODULES, ("random",), games=48, seed=6, chunk_size=8, max_turns=300
    )
    with pytest.raises(RunFolderError) as refused:
        run_simulation(other, folder, progress=False)
    assert "--strategy: heuristic in the folder, random asked" in str(refused.value)
    assert "--seed: 5 in the folder, 6 asked" in str(refused.value)
    run_simulation(_config(games=16), folder, progress=False, overwrite=True)
    assert read_games(folder).height == 16


def test_more_games_extend_a_finished_run_as_if_asked_at_once(tmp_path: Path) -> None:
    """44 games (a last chunk of 4), then 60: the last chunk is played again in full."""
    grown = run_simulation(_config(games=44), tmp_path / "grown", progress=False)
    run_simulation(_config(games=60), grown, progress=False)
    direct = run_simulation(_config(games=60), tmp_path / "direct", progress=False)
    assert_frame_equal(read_games(grown), read_games(direct))
    assert_frame_equal(read_players(grown), read_players(direct))
    assert_frame_equal(read_card_summary(grown), read_card_summary(direct))
    manifest = json.loads((grown / "manifest.json").read_text())
    assert manifest["config"]["games"] == 60 and manifest["games_played"] == 60
    assert manifest["extended"] == [{"from": 44, "to": 60}]


def test_a_broken_manifest_is_a_clear_error(tmp_path: Path) -> None:
    folder = run_simulation(_config(games=8), tmp_path / "run", progress=False)
    (folder / "manifest.json").write_text('{"config": ')
    with pytest.raises(RunFolderError, match="manifest.json: not a readable run manifest"):
        run_simulation(_config(games=8), folder, progress=False)


def test_manifest_records_config_hash_versions_and_times(small_run: Path) -> None:
    manifest = json.loads((small_run / "manifest.json").read_text())
    assert manifest["config"]["seed"] == 11
    assert manifest["config"]["game"]["modules"] == [
        "events", "special_items", "forbidden_items", "postcards", "characters",
    ]  # fmt: skip
    assert len(manifest["card_sheet_sha256"]) == 64
    assert {"deckhand", "python", "numpy", "polars", "joblib"} <= set(manifest["versions"])
    assert manifest["started"] <= manifest["finished"]
    assert (small_run / "card_sheet.csv").exists()


def test_seats_rotate_so_every_strategy_sits_everywhere(small_run: Path) -> None:
    players = read_players(small_run)
    table = players.group_by("strategy", "seat").len()
    assert table.height == 2 * 4  # heuristic and random each played every seat
    heuristic_seats = players.filter(pl.col("strategy") == "heuristic")["seat"].value_counts()
    assert heuristic_seats["count"].to_list() == [15, 15, 15, 15]


def test_seat_slots_without_rotation() -> None:
    config = make_run_config(
        "travel", 3, (), ("heuristic", "random", "random"), rotate=False, games=3
    )
    assert seat_slots(config, 2) == [0, 1, 2]
    rotated = make_run_config("travel", 3, (), ("heuristic", "random", "random"), games=3)
    assert seat_slots(rotated, 1) == [1, 2, 0]


def test_players_table_is_consistent_with_games(small_run: Path) -> None:
    games = read_games(small_run)
    players = read_players(small_run)
    assert players.height == games.height * 4
    winners = players.filter(pl.col("win")).group_by("game_id").agg(pl.col("seat").sort())
    by_game = dict(zip(games["game_id"], games["winners"].to_list(), strict=True))
    for game_id, seats in winners.iter_rows():
        assert sorted(by_game[game_id]) == seats
    firsts = players.filter(pl.col("turn_order") == 0).sort("game_id")
    assert firsts["seat"].to_list() == games.sort("game_id")["first_player"].to_list()


def test_a_broken_strategy_stops_a_parallel_run_with_a_clear_error(tmp_path: Path) -> None:
    """Through the CLI, with two worker processes: the error names bot, decision, seed."""
    from click.testing import CliRunner

    from cli import main

    result = CliRunner().invoke(
        main,
        [
            "simulate", "travel", "-p", "3", "-n", "20", "--chunk-size", "5", "-j", "2",
            "-s", "broken_bots:RaisesOnTrade", "--seed", "4", "-o", str(tmp_path / "run"), "-q",
        ],
    )  # fmt: skip
    assert result.exit_code == 1
    assert "strategy 'raises-on-trade' raised RuntimeError('cannot decide')" in result.output
    assert "at decision 'trade_answer'" in result.output
    assert (
        "options were ['accept', 'reject']" in result.output
        or "options were ['reject']" in result.output
    )
    assert "seed 4, game index" in result.output
    assert "Traceback" not in result.output


def test_card_summary_streamed_by_chunk_equals_the_whole_table(small_run: Path) -> None:
    """cards.parquet is summed chunk by chunk (memory flat in the run size); the same
    numbers as counting the whole players table at once."""
    from simulator.analysis.metrics import card_summary, summary_columns
    from simulator.folders.run_folder import player_chunks
    from simulator.runs.match import replay_match

    match = replay_match(small_run)
    rows = [r.values for r in match.game.sheet.rows]
    cards_in_game = match.game.cards_in_game()
    whole = card_summary(read_players(small_run), match.spec, rows, cards_in_game)
    chunks = list(player_chunks(small_run, summary_columns(match.spec)))
    assert len(chunks) > 1
    streamed = card_summary(iter(chunks), match.spec, rows, cards_in_game)
    assert_frame_equal(whole, streamed)
    written = read_card_summary(small_run).select(whole.columns)
    assert_frame_equal(written, whole)


def test_ctrl_c_says_how_to_resume(tmp_path: Path) -> None:
    folder = tmp_path / "run"
    cmd = [
        sys.executable, "-m", "simulator", "simulate", "travel", "-p", "4", "-n", "100000",
        "--chunk-size", "20", "--seed", "3", "-o", str(folder), "-q",
    ]  # fmt: skip
    proc = subprocess.Popen(cmd, stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 60
    while time.time() < deadline and not completed_chunks(folder):
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "interrupted:" in err and "run the same command again to resume" in err
    assert "Traceback" not in err


def test_an_out_folder_that_cannot_be_made_is_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "a_file"
    blocker.write_text("not a folder")
    with pytest.raises(RunFolderError, match="--out .*cannot create the folder"):
        run_simulation(_config(games=8), blocker / "run", progress=False)


def test_a_run_played_by_another_version_is_not_resumed_into(tmp_path: Path) -> None:
    """Another deckhand version may play other games from the same seeds (a new default bot,
    a rule fix): resuming would mix them in one run, so it is refused, and nothing written
    is touched."""
    config = _config(games=16)
    folder = run_simulation(config, tmp_path / "run", progress=False)
    remove_chunk(folder, 1)
    manifest = json.loads((folder / "manifest.json").read_text())
    manifest["versions"]["deckhand"] = "0.0.9"
    (folder / "manifest.json").write_text(json.dumps(manifest))
    before = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    with pytest.raises(RunFolderError, match=r"played by deckhand 0\.0\.9 .*--overwrite"):
        run_simulation(config, folder, progress=False)
    assert {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()} == before
