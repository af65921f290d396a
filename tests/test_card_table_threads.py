"""The per-card summary of a large run: shared by threads, the same table bit for bit for any
number of them; every model read once per table; the warm start ends where a cold fit ends;
card lists read through Arrow give what the polars lists hold."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from polars.testing import assert_frame_equal

from simulator.analysis import adjusted
from simulator.analysis.adjusted import (
    AdjustedOptions,
    fit_card_model,
    frame_chunks,
    group_matrix,
    group_table,
)
from simulator.analysis.metrics import card_table
from simulator.analysis.synthetic import synthetic_tables
from simulator.analysis.threads import ordered_map
from simulator.folders.config import make_run_config
from simulator.runs.match import game_of_run
from simulator.runs.runner import run_simulation

SEEN = ("opening", "drawn")


@pytest.fixture(scope="module")
def ie_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    config = make_run_config(
        "import-export",
        4,
        ("base",),
        ("heuristic", "random", "heuristic", "random"),
        games=1200,
        seed=11,
        chunk_size=100,
    )
    folder = tmp_path_factory.mktemp("threads") / "run"
    return run_simulation(config, folder, backend="sequential", progress=False)


def _table(folder: Path, threads: int) -> pl.DataFrame:
    spec, game = game_of_run(folder)
    rows = [r.values for r in game.sheet.rows]
    return card_table(folder, spec, rows, game.cards_in_game(), threads=threads)


def test_the_card_table_is_the_same_for_any_number_of_threads(ie_run: Path) -> None:
    one = _table(ie_run, 1)
    assert one.filter(pl.col("adj_pp").is_not_null()).height > 0
    assert one.filter(pl.col("verdict_pp").is_not_null()).height > 0
    assert_frame_equal(one, _table(ie_run, 3), check_exact=True)


def test_the_written_summary_is_the_table(ie_run: Path) -> None:
    written = pl.read_parquet(ie_run / "cards.parquet")
    assert_frame_equal(written, _table(ie_run, 2), check_exact=True)


def test_a_model_asked_twice_in_one_table_is_fitted_once(
    ie_run: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Import/Export's verdicts compare "fulfilled" over every card in play, which is the
    adjusted "fulfilled" model with its activity control: one fit serves both."""
    fitted: list[tuple[str, ...]] = []
    real = adjusted.fit_card_model

    def counted(*args: object, **kwargs: object) -> object:
        fitted.append(tuple(args[1]))  # type: ignore[arg-type]
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(adjusted, "fit_card_model", counted)
    table = _table(ie_run, 1)
    assert sorted(fitted) == [("fulfilled",), SEEN]
    assert table.filter(pl.col("verdict_pp").is_not_null()).height > 0


def test_the_warm_start_ends_at_the_cold_fit_optimum(monkeypatch: pytest.MonkeyPatch) -> None:
    games, players = synthetic_tables(
        4000,
        players=4,
        cards=10,
        strategies={"heuristic": 0.0, "random": -0.5},
        card_effects={0: 0.7, 3: -0.4},
        seed=5,
    )
    groups = {c: c for c in range(10)}
    chunks = frame_chunks(players, games, 50)  # 80 chunks
    monkeypatch.setattr(adjusted, "WARM_START_CHUNKS", 10**9)
    cold = fit_card_model(chunks, SEEN, groups, 10)
    passes: list[int] = []
    real_pass = adjusted._pass

    def counted(reader, layout, beta, only=None):  # type: ignore[no-untyped-def]
        passes.append(len(reader.loaders) if only is None else len(only))
        return real_pass(reader, layout, beta, only)

    monkeypatch.setattr(adjusted, "WARM_START_CHUNKS", 64)
    monkeypatch.setattr(adjusted, "_pass", counted)
    warm = fit_card_model(chunks, SEEN, groups, 10, AdjustedOptions(threads=2))
    assert cold is not None and warm is not None and warm.converged
    assert 10 in passes and passes[-1] == 80  # a sample of every eighth chunk, then all
    assert warm.names == cold.names
    np.testing.assert_allclose(warm.coef, cold.coef, rtol=0, atol=1e-8)
    np.testing.assert_allclose(warm.se, cold.se, rtol=1e-6)


card_lists = st.lists(
    st.one_of(st.none(), st.lists(st.one_of(st.none(), st.integers(-1, 14)), max_size=6)),
    min_size=1,
    max_size=30,
)


@given(card_lists, st.sampled_from([pl.Int16, pl.Int32, pl.Int64]))
@settings(max_examples=80, deadline=None)
def test_group_matrix_marks_each_rows_groups(rows: list[list[int | None] | None], dtype) -> None:  # type: ignore[no-untyped-def]
    """Null lists, empty lists, null ids, ids of no group and ids past the table."""
    group_of = {c: c // 2 for c in range(12)}  # cards 12.. have no group
    lists = pl.Series("cards", rows, dtype=pl.List(dtype))
    got = group_matrix(lists, group_table(group_of), 6)
    expected = np.zeros((len(rows), 6), dtype=bool)
    for r, ids in enumerate(rows):
        for card in ids or ():
            if card is not None and card in group_of:
                expected[r, group_of[card]] = True
    np.testing.assert_array_equal(got, expected)


def test_ordered_map_keeps_the_order_and_holds_a_bounded_window() -> None:
    started = 0
    lock = threading.Lock()

    def slow(i: int) -> int:
        nonlocal started
        with lock:
            started += 1
        time.sleep(0.002 * ((7 * i) % 5))
        return i * i

    got = []
    for taken, value in enumerate(ordered_map(slow, range(40), threads=3, ahead=4), start=1):
        got.append(value)
        assert started - taken <= 4  # never more than `ahead` results waiting
    assert got == [i * i for i in range(40)]
    assert list(ordered_map(slow, iter(range(5)), threads=1)) == [0, 1, 4, 9, 16]
