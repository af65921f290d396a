"""Strategy strength: a head-to-head matrix and a Bradley–Terry rating with intervals.

Multi-player games are split into pairwise results (Hunter 2004, "MM algorithms for
generalized Bradley–Terry models"): in every game, each pair of players with *different*
strategies gives one comparison, won by the better placement, half each on a tie. Pairs of
the same strategy carry no information about strength and are skipped.

The rating is the Bradley–Terry log-strength θ (P(A ahead of B) = 1 / (1 + e^(θB − θA))),
shown on the Elo scale (400·log10(e)·θ points, mean zero). Comparisons from one game are not
independent, so the intervals come from a Poisson bootstrap over games (each game weighted
by a Poisson(1) draw, seeded, so the report is reproducible), 2.5th and 97.5th percentiles.
One virtual tie per pair of strategies keeps a strategy that never wins finite.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import polars as pl

from simulator.analysis.stats import wilson

ELO = 400 / math.log(10)
"""Elo points per unit of Bradley–Terry log-strength."""


@dataclass(frozen=True)
class Pairs:
    """Pairwise comparisons: per comparison its game, the two strategies and A's score."""

    names: list[str]
    game: np.ndarray
    a: np.ndarray
    b: np.ndarray
    score: np.ndarray
    """1 if A placed better, 0.5 on a tie, 0 if B did."""


def pairwise(players: pl.DataFrame) -> Pairs:
    """All comparisons between players of different strategies in the same game."""
    names = sorted(set(players["strategy"].to_list()))
    code = {n: i for i, n in enumerate(names)}
    frame = players.select("game_id", "strategy", "placement").with_columns(
        pl.col("strategy").replace_strict(code, return_dtype=pl.Int32).alias("s")
    )
    left = frame.rename({"s": "a", "placement": "pa", "strategy": "sa"})
    right = frame.rename({"s": "b", "placement": "pb", "strategy": "sb"})
    joined = left.join(right, on="game_id").filter(pl.col("a") < pl.col("b"))
    score = (
        pl.when(pl.col("pa") < pl.col("pb"))
        .then(1.0)
        .when(pl.col("pa") == pl.col("pb"))
        .then(0.5)
        .otherwise(0.0)
    )
    joined = joined.with_columns(score.alias("score")).sort("game_id", "a", "b")
    return Pairs(
        names,
        joined["game_id"].to_numpy(),
        joined["a"].to_numpy(),
        joined["b"].to_numpy(),
        joined["score"].to_numpy(),
    )


def head_to_head(players: pl.DataFrame) -> pl.DataFrame:
    """One row per ordered pair of strategies: comparisons, A's score and its share with a
    Wilson interval (ties count half, rounded to whole comparisons for the interval)."""
    pairs = pairwise(players)
    rows = []
    k = len(pairs.names)
    for i in range(k):
        for j in range(k):
            if i == j:
                continue
            forward = (pairs.a == i) & (pairs.b == j)
            backward = (pairs.a == j) & (pairs.b == i)
            n = int(forward.sum() + backward.sum())
            if n == 0:
                continue
            won = float(pairs.score[forward].sum() + (1 - pairs.score[backward]).sum())
            lo, hi = wilson(round(won), n)
            rows.append(
                {
                    "strategy": pairs.names[i],
                    "opponent": pairs.names[j],
                    "comparisons": n,
                    "ahead": won,
                    "share": won / n,
                    "lo": lo,
                    "hi": hi,
                }
            )
    schema = {
        "strategy": pl.Utf8,
        "opponent": pl.Utf8,
        "comparisons": pl.Int64,
        "ahead": pl.Float64,
        "share": pl.Float64,
        "lo": pl.Float64,
        "hi": pl.Float64,
    }
    return pl.DataFrame(rows, schema=schema)


PRIOR_TIES = 1.0
"""Virtual tied comparisons added to every pair of strategies, so a strategy that never
wins (or never loses) gets a finite rating instead of an infinite one."""


def _fit(k: int, a: np.ndarray, b: np.ndarray, score: np.ndarray, weight: np.ndarray) -> np.ndarray:
    """Bradley–Terry log-strengths (mean zero) by Hunter's MM iteration on weighted pairs,
    with PRIOR_TIES virtual ties per pair."""
    wins = np.full((k, k), PRIOR_TIES / 2)
    np.fill_diagonal(wins, 0.0)
    np.add.at(wins, (a, b), weight * score)
    np.add.at(wins, (b, a), weight * (1 - score))
    games = wins + wins.T
    total_wins = wins.sum(axis=1)
    strength = np.ones(k)
    for _ in range(10_000):
        denom = (games / (strength[:, None] + strength[None, :])).sum(axis=1)
        new = np.where(denom > 0, total_wins / np.where(denom > 0, denom, 1), strength)
        new = np.maximum(new, 1e-12)
        new /= math.exp(np.log(new).mean())
        if np.max(np.abs(np.log(new) - np.log(strength))) < 1e-10:
            strength = new
            break
        strength = new
    theta = np.log(strength)
    return theta - theta.mean()


def bradley_terry(players: pl.DataFrame, resamples: int = 200, seed: int = 0) -> pl.DataFrame:
    """Rating of each strategy in Elo points (mean zero) with a 95% bootstrap interval.
    Empty when fewer than two strategies played."""
    pairs = pairwise(players)
    k = len(pairs.names)
    schema = {"strategy": pl.Utf8, "elo": pl.Float64, "lo": pl.Float64, "hi": pl.Float64}
    if k < 2 or len(pairs.score) == 0:
        return pl.DataFrame([], schema=schema)
    ones = np.ones(len(pairs.score))
    theta = _fit(k, pairs.a, pairs.b, pairs.score, ones)
    _, game_index = np.unique(pairs.game, return_inverse=True)
    n_games = int(game_index.max()) + 1
    rng = np.random.default_rng(seed)
    draws = np.empty((resamples, k))
    for r in range(resamples):
        weight = rng.poisson(1.0, n_games)[game_index].astype(float)
        draws[r] = _fit(k, pairs.a, pairs.b, pairs.score, weight)
    lo, hi = np.percentile(draws, [2.5, 97.5], axis=0)
    return pl.DataFrame(
        {
            "strategy": pairs.names,
            "elo": (theta * ELO).tolist(),
            "lo": (lo * ELO).tolist(),
            "hi": (hi * ELO).tolist(),
        },
        schema=schema,
    ).sort("elo", descending=True)
