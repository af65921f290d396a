"""Strategy strength: the head-to-head matrix and the Bradley–Terry rating."""

from __future__ import annotations

import math

import numpy as np
import polars as pl

from simulator.analysis.ratings import ELO, bradley_terry, head_to_head


def _players(rows: list[tuple[int, str, int]]) -> pl.DataFrame:
    return pl.DataFrame(
        rows, schema={"game_id": pl.Int64, "strategy": pl.Utf8, "placement": pl.Int8}, orient="row"
    )


def test_head_to_head_counts_placements_ties_half_and_skips_same_strategy_pairs() -> None:
    players = _players(
        [
            (0, "a", 1), (0, "b", 2), (0, "a", 3),  # a ahead of b once, b ahead of a once
            (1, "a", 1), (1, "b", 1),  # a tie
        ]
    )  # fmt: skip
    table = head_to_head(players)
    ab = table.filter((pl.col("strategy") == "a") & (pl.col("opponent") == "b")).row(0, named=True)
    ba = table.filter((pl.col("strategy") == "b") & (pl.col("opponent") == "a")).row(0, named=True)
    assert ab["comparisons"] == 3 and ab["ahead"] == 1.5 and ab["share"] == 0.5
    assert ba["ahead"] == 1.5
    assert table.height == 2  # no a-vs-a row


def test_bradley_terry_recovers_known_strengths_within_its_interval() -> None:
    rng = np.random.default_rng(3)
    theta = {"weak": -0.6, "mid": 0.0, "strong": 0.6}
    names = list(theta)
    rows = []
    for g in range(3000):
        i, j = rng.choice(3, 2, replace=False)
        a, b = names[i], names[j]
        p = 1 / (1 + math.exp(theta[b] - theta[a]))
        a_first = rng.random() < p
        rows += [(g, a, 1 if a_first else 2), (g, b, 2 if a_first else 1)]
    rating = bradley_terry(_players(rows), resamples=100)
    by_name = {r["strategy"]: r for r in rating.iter_rows(named=True)}
    for name, value in theta.items():
        r = by_name[name]
        assert r["lo"] <= value * ELO <= r["hi"], (name, r)
    assert rating["strategy"].to_list() == ["strong", "mid", "weak"]


def test_a_strategy_that_never_wins_gets_a_finite_rating_and_results_repeat() -> None:
    rows = []
    for g in range(50):
        rows += [(g, "good", 1), (g, "bad", 2)]
    first = bradley_terry(_players(rows))
    assert all(math.isfinite(v) for v in first["elo"].to_list() + first["lo"].to_list())
    assert first["strategy"].to_list() == ["good", "bad"]
    assert first.equals(bradley_terry(_players(rows)))


def test_one_strategy_has_no_rating() -> None:
    assert bradley_terry(_players([(0, "a", 1), (0, "a", 2)])).height == 0
