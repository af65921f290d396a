"""`--until-ci` (stop at a precision, deterministically) and `--duplicate` (deals played once
per seat rotation), with the design-effect estimate the report shows."""

from __future__ import annotations

import hashlib
import json
import statistics
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from click.testing import CliRunner
from polars.testing import assert_frame_equal

import simulator
from cli import main
from reports.html import build_report
from simulator.analysis.precision import (
    duplicate_saving,
    group_counts,
    headline_half_width,
)
from simulator.core.errors import ConfigError
from simulator.folders.config import make_run_config, seat_slots
from simulator.folders.run_folder import (
    TABLES,
    completed_chunks,
    part_path,
    read_games,
    read_players,
    remove_chunk,
    write_chunk,
)
from simulator.runs.replay import replay_text
from simulator.runs.runner import SheetCopy, play_chunk, run_simulation


def _until(games: int = 400, target: float = 0.12, seed: int = 4) -> object:
    return make_run_config(
        "travel", 3, (), ("heuristic",), games=games, seed=seed, chunk_size=20, max_turns=300,
        until_ci=target,
    )  # fmt: skip


def _manifest(folder: Path) -> dict:
    return json.loads((folder / "manifest.json").read_text())


# ---------------------------------------------------------------------------- --until-ci


def test_until_ci_stops_at_the_first_chunk_whose_prefix_reaches_the_target(
    tmp_path: Path,
) -> None:
    config = _until()
    folder = run_simulation(config, tmp_path / "run", backend="sequential", progress=False)
    stop = _manifest(folder)["stop"]
    players = read_players(folder)
    played = read_games(folder).height
    assert stop["reason"] == "until_ci" and stop["groups"] == "turn_order"
    assert played == stop["games"] == 20 * stop["chunks"] < 400
    assert _manifest(folder)["games_played"] == played

    def width(games: int) -> float:
        part = players.filter(pl.col("game_id") < games)
        return headline_half_width(group_counts(part, "turn_order", 3))

    assert width(played) <= 0.12 < width(played - 20)  # the first chunk, not a later one
    assert stop["half_width"] == pytest.approx(width(played))


def test_until_ci_plays_the_same_games_with_more_workers(tmp_path: Path) -> None:
    config = _until()
    one = run_simulation(config, tmp_path / "one", backend="sequential", progress=False)
    two = run_simulation(config, tmp_path / "two", jobs=2, max_in_flight=5, progress=False)
    assert_frame_equal(read_players(one), read_players(two))
    assert _manifest(one)["stop"]["games"] == _manifest(two)["stop"]["games"]


def test_until_ci_resumes_and_drops_chunks_beyond_the_stop(tmp_path: Path) -> None:
    config = _until()
    folder = run_simulation(config, tmp_path / "run", backend="sequential", progress=False)
    reference = read_players(folder)
    stop = _manifest(folder)["stop"]
    # a killed session that had already written a chunk beyond the stop, and lost chunk 1
    # (chunk 15 as that session played it: a copy of another chunk is set aside as damaged)
    sheet = (folder / "card_sheet.csv").read_bytes()
    versions = {"deckhand": simulator.__version__, "numpy": np.__version__}
    beyond = play_chunk(
        config.to_json(), 15, SheetCopy(hashlib.sha256(sheet).hexdigest(), sheet), versions
    )
    parts = (beyond.games_parquet, beyond.players_parquet, beyond.card_events_parquet)
    write_chunk(folder, 15, dict(zip(TABLES, parts, strict=True)))
    remove_chunk(folder, 1)
    run_simulation(config, folder, backend="sequential", progress=False)
    assert 15 not in completed_chunks(folder) and not part_path(folder, "games", 15).exists()
    assert_frame_equal(read_players(folder), reference)
    again = _manifest(folder)["stop"]
    assert again["games"] == stop["games"] and again["discarded_chunks"] == 1


def test_until_ci_not_reached_plays_every_game(tmp_path: Path) -> None:
    folder = run_simulation(
        _until(games=40, target=0.01), tmp_path / "run", backend="sequential", progress=False
    )
    stop = _manifest(folder)["stop"]
    assert stop["reason"] == "games" and stop["games"] == 40
    assert stop["half_width"] > 0.01


def test_until_ci_groups_are_strategy_slots_when_strategies_differ(tmp_path: Path) -> None:
    config = make_run_config(
        "travel", 3, (), ("heuristic", "heuristic:aggression=0.9", "heuristic"), games=200,
        seed=2, chunk_size=20, max_turns=300, until_ci=0.15,
    )  # fmt: skip
    folder = run_simulation(config, tmp_path / "run", backend="sequential", progress=False)
    stop = _manifest(folder)["stop"]
    assert stop["groups"] == "strategy_slot"
    counts = group_counts(read_players(folder), "strategy_slot", 3)
    assert stop["half_width"] == pytest.approx(headline_half_width(counts))


def test_the_cli_and_the_report_of_a_run_stopped_by_until_ci(tmp_path: Path) -> None:
    out = tmp_path / "run"
    result = CliRunner().invoke(
        main,
        [
            "simulate", "travel", "-p", "3", "-n", "400", "--chunk-size", "20", "--seed", "4",
            "--max-turns", "300", "--until-ci", "0.12", "-q", "-o", str(out),
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "stopped by --until-ci after" in result.output
    page = build_report(out).read_text()
    assert "stopped by --until-ci" in page
    assert "This run is incomplete" not in page
    assert "--until-ci 0.12" in page  # in the reproducing command


@pytest.mark.parametrize("value", [0.0, -0.1, 0.5, 2.0])
def test_until_ci_must_be_a_half_width(value: float) -> None:
    with pytest.raises(ConfigError, match="--until-ci"):
        _until(target=value)


# ---------------------------------------------------------------------------- --duplicate

STRATEGIES = ("heuristic", "random", "heuristic:aggression=0.9")


def test_a_duplicate_deal_is_one_shuffle_played_once_per_seat_rotation(tmp_path: Path) -> None:
    config = make_run_config(
        "travel", 3, (), STRATEGIES, games=30, seed=9, duplicate=True, max_turns=300
    )
    assert config.chunk_size == 24  # the least default chunk (25) rounded down to deals of 3
    folder = run_simulation(config, tmp_path / "run", backend="sequential", progress=False)
    games = read_games(folder)
    assert games["deal"].to_list() == [g // 3 for g in range(30)]
    players = read_players(folder)
    for deal in range(10):
        block = players.filter(pl.col("game_id") // 3 == deal).sort("game_id", "seat")
        openings = [
            block.filter(pl.col("game_id") == g)["opening"].to_list()
            for g in range(3 * deal, 3 * deal + 3)
        ]
        assert openings[0] == openings[1] == openings[2]  # same shuffle: same opening hands
        # each strategy slot sat in every seat once
        for slot in range(3):
            seats = block.filter(pl.col("strategy_slot") == slot)["seat"].sort().to_list()
            assert seats == [0, 1, 2]
    assert seat_slots(config, 4) == [1, 2, 0]
    manifest = _manifest(folder)
    assert manifest["config"]["duplicate"] is True and manifest["deals"] == 10
    assert replay_text(folder, 4)[-1] == "reproduced: matches the recorded game"


def test_without_duplicate_every_game_is_its_own_deal(small_run: Path) -> None:
    games = read_games(small_run)
    assert games["deal"].to_list() == games["game_id"].to_list()
    assert _manifest(small_run)["config"]["duplicate"] is False


@pytest.mark.parametrize(
    "kwargs,message",
    [
        ({"strategies": ("heuristic",)}, "--duplicate: give one --strategy per seat"),
        ({"rotate": False}, "cannot be combined with --no-rotate"),
        ({"games": 31}, r"--games: with --duplicate a whole number of deals of 3 games, e\.g\. 30"),
        ({"chunk_size": 10}, r"--chunk-size: with --duplicate a multiple of --players \(3\)"),
    ],
)
def test_duplicate_refuses_what_would_break_its_deals(kwargs: dict, message: str) -> None:
    options = {"strategies": STRATEGIES, "games": 30, **kwargs}
    with pytest.raises(ConfigError, match=message):
        make_run_config("travel", 3, (), duplicate=True, **options)


def _slot_estimates(folder: Path, games_per_replicate: int) -> list[float]:
    """Slot 1's win rate in consecutive blocks of whole deals: independent replicates."""
    players = read_players(folder).filter(pl.col("strategy_slot") == 1)
    rates = players.group_by(pl.col("game_id") // games_per_replicate).agg(pl.col("win").mean())
    return rates["win"].to_list()


def test_duplicate_deals_lower_the_variance_of_a_strategy_estimate(tmp_path: Path) -> None:
    """Two-player Import/Export between two close heuristics: who wins depends much on the
    deal and the seat. Over 120 replicates of 10 games (blocks of whole deals: different
    rules streams, so as independent as different seeds), the duplicate estimates of the
    second strategy's win rate vary less than independent games', and the report's
    design-effect estimate finds a positive saving.

    120 replicates of 10 games: the true ratio of the variances is about 0.55 (the
    design-effect estimate at seeds 21-23), and with 20 replicates of 20 games the ratio of
    two sample variances exceeds 1 about one seed in ten (it did at seed 21 after a change
    of the bot's play); with 120 the chance is below one in a thousand."""
    runs = {}
    for duplicate in (False, True):
        config = make_run_config(
            "import-export", 2, (), ("heuristic", "heuristic:race=0.6"), games=1200, seed=21,
            chunk_size=300, duplicate=duplicate,
        )  # fmt: skip
        runs[duplicate] = run_simulation(config, tmp_path / str(duplicate), jobs=2, progress=False)
    var_independent = statistics.variance(_slot_estimates(runs[False], 10))
    var_duplicate = statistics.variance(_slot_estimates(runs[True], 10))
    assert var_duplicate < var_independent
    saving = duplicate_saving(
        read_games(runs[True]), read_players(runs[True]), ("heuristic", "heuristic:race=0.6")
    )
    assert saving is not None and saving.deals == 600
    assert saving.saving > 0.2
    assert saving.equivalent_games > 1200
    page = build_report(runs[True]).read_text()
    assert "Duplicate mode saved" in page and "independent games)" in page


def test_the_saving_is_what_the_formula_gives_on_a_hand_made_run() -> None:
    """Two deals of two games, slot 0 wins one game of each deal: no deal-to-deal variance,
    so duplicate removes all of it; independent games vary by rotation position."""
    games = pl.DataFrame({"game_id": [0, 1, 2, 3], "deal": [0, 0, 1, 1], "players": [2] * 4})
    wins0 = [True, False, False, True]
    players = pl.DataFrame(
        {
            "game_id": [0, 0, 1, 1, 2, 2, 3, 3],
            "strategy": ["a", "b"] * 4,
            "strategy_slot": [0, 1] * 4,
            "win": [w for w0 in wins0 for w in (w0, not w0)],
        }
    )
    saving = duplicate_saving(games, players, ("a", "b"))
    assert saving is not None
    assert all(g.var_duplicate == 0 for g in saving.groups)
    # position 0 (games 0, 2): wins 1, 0; position 1 (games 1, 3): 0, 1 -> each stratum has
    # variance 2 * (0.5**2 + 0.5**2) = 1 (with the C/(C-1) factor), over M = 4 rows squared
    assert [g.var_independent for g in saving.groups] == [pytest.approx(2 / 16)] * 2
    assert saving.saving == 1.0


def test_the_saving_is_the_same_to_the_bit_on_every_call() -> None:
    """Both variances are float sums over deals, games and rotation positions: the groups
    must be summed in one order, not polars' group_by order, which varies from call to call.
    A thousand deals, so that the parallel grouping really reorders them, and four players:
    with three positions only the first two swap, and a + b + c is b + a + c to the bit."""
    rng = np.random.default_rng(1)
    n, deals = 4, 1000
    games = pl.DataFrame(
        {
            "game_id": np.arange(deals * n),
            "deal": np.repeat(np.arange(deals), n),
            "players": [n] * (deals * n),
        }
    )
    win = np.zeros(deals * n * n, dtype=bool)
    win[np.arange(deals * n) * n + rng.integers(0, n, deals * n)] = True
    players = pl.DataFrame(
        {
            "game_id": np.repeat(np.arange(deals * n), n),
            "strategy": ["a"] * (deals * n * n),
            "strategy_slot": np.tile(np.arange(n), deals * n),
            "win": win,
        }
    )
    first = duplicate_saving(games, players, ("a",) * n)
    assert first is not None
    for _ in range(30):
        assert duplicate_saving(games, players, ("a",) * n) == first
