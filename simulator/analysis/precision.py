"""How precise a run is: the headline interval behind `--until-ci`, and what duplicate deals save.

Both are defined in docs/metrics.md ("Stopping at a precision", "Duplicate deals").
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import polars as pl

from simulator.analysis.stats import wilson

Counts = list[tuple[int, int]]
"""(wins, player-games) for each headline group, in group order."""


def headline_column(strategies: Sequence[str]) -> str:
    """The players-table column whose groups the headline interval is over.

    One strategy in every seat: the turn order (is the game fair to the first player?).
    One strategy per seat: the strategy slot (how strong is each slot's strategy?).
    """
    return "strategy_slot" if len(strategies) > 1 else "turn_order"


def group_counts(players: pl.DataFrame, column: str, groups: int) -> Counts:
    """Wins and player-games for each value 0..groups-1 of `column` in a players table."""
    wins = [0] * groups
    n = [0] * groups
    table = players.group_by(column).agg(pl.col("win").sum().alias("w"), pl.len().alias("n"))
    for value, w, count in table.iter_rows():
        wins[int(value)] += int(w)
        n[int(value)] += int(count)
    return list(zip(wins, n, strict=True))


def add_counts(total: Counts, more: Counts) -> Counts:
    return [(w + w2, n + n2) for (w, n), (w2, n2) in zip(total, more, strict=True)]


def half_width(wins: int, n: int) -> float:
    """Half the width of the 95% Wilson interval (infinite without data)."""
    if n <= 0:
        return math.inf
    lo, hi = wilson(wins, n)
    return (hi - lo) / 2


def headline_half_width(counts: Counts) -> float:
    """The widest 95% Wilson half-width among the groups: the number `--until-ci` bounds."""
    return max(half_width(w, n) for w, n in counts)


# ---------------------------------------------------------------------------- duplicate deals


@dataclass(frozen=True)
class GroupVariance:
    """One strategy's win-rate estimate under both variance estimates."""

    label: str
    rate: float
    player_games: int
    var_independent: float
    """Variance the estimate would have from independent games (games as clusters,
    stratified by rotation position)."""
    var_duplicate: float
    """Variance with the deals as clusters: what this duplicate run actually has."""


@dataclass(frozen=True)
class DuplicateSaving:
    games: int
    deals: int
    groups: tuple[GroupVariance, ...]

    @property
    def design_effect(self) -> float:
        """Σ var_duplicate / Σ var_independent over the strategies (< 1: duplicate helped)."""
        independent = sum(g.var_independent for g in self.groups)
        duplicate = sum(g.var_duplicate for g in self.groups)
        return duplicate / independent if independent > 0 else math.nan

    @property
    def saving(self) -> float:
        """Share of the variance that duplicate deals removed (negative: they added some)."""
        return 1 - self.design_effect

    @property
    def equivalent_games(self) -> float:
        """How many independent games would give the same variance."""
        deff = self.design_effect
        return self.games / deff if deff > 0 else math.inf


def _cluster_variance(totals: np.ndarray, sizes: np.ndarray, rate: float, weight: float) -> float:
    """Σ_c (Y_c − p̂·m_c)² · C/(C−1) / M²: the usual cluster-robust variance of a ratio."""
    c = len(totals)
    if c < 2:
        return math.nan
    resid = totals - rate * sizes
    return float((resid**2).sum() * c / (c - 1)) / weight**2


def duplicate_saving(
    games: pl.DataFrame, players: pl.DataFrame, strategies: Sequence[str]
) -> DuplicateSaving | None:
    """The design effect of a duplicate run's strategy win rates, estimated from its data.

    For each strategy S (each distinct `--strategy` text; each slot if all texts are equal)
    the estimate is p̂ = wins / player-games. Its variance is estimated twice from the same
    data: with the deals as clusters (Y_d = S's wins in deal d, m_d its player-games), which
    is this run's variance, and with the games as clusters within the rotation positions
    (game index mod players), which is the variance of a run of independent games seated the
    same way. None when the run has fewer than two complete deals or no `deal` column.
    """
    if "deal" not in games.columns or games.height == 0:
        return None
    n = int(games["players"][0])
    rows = players.join(games.select("game_id", "deal"), on="game_id").with_columns(
        (pl.col("game_id") % n).alias("_position"),
        pl.col("win").cast(pl.Int64).alias("_win"),
    )
    texts = list(strategies)
    by_text = len(set(texts)) > 1
    key = "strategy" if by_text else "strategy_slot"
    labels = sorted(set(texts)) if by_text else list(range(len(texts)))
    deals = int(rows["deal"].n_unique())
    if deals < 2:
        return None
    out = []
    for label in labels:
        part = rows.filter(pl.col(key) == label)
        m_total = part.height
        if m_total == 0:
            continue
        rate = float(part["_win"].sum()) / m_total
        per_deal = (
            part.group_by("deal")
            .agg(pl.col("_win").sum().alias("y"), pl.len().alias("m"))
            .sort("deal")  # group_by's order varies from call to call: the residuals' float
        )  # sum must not take it, or the variance differs in the last bits (bit for bit)
        var_dup = _cluster_variance(
            per_deal["y"].to_numpy().astype(float),
            per_deal["m"].to_numpy().astype(float),
            rate,
            m_total,
        )
        per_game = (
            part.group_by("game_id", "_position")
            .agg(pl.col("_win").sum().alias("y"), pl.len().alias("m"))
            .sort("game_id")  # as per_deal: one order of the games in each stratum's sum,
        )  # and of the strata in var_ind's
        var_ind = 0.0
        for (_,), stratum in per_game.group_by(["_position"], maintain_order=True):
            y = stratum["y"].to_numpy().astype(float)
            m = stratum["m"].to_numpy().astype(float)
            if len(y) < 2:
                continue
            stratum_rate = y.sum() / m.sum()
            var_ind += _cluster_variance(y, m, stratum_rate, m_total)
        name = str(label) if by_text else f"slot {label}: {texts[int(label)]}"
        out.append(GroupVariance(name, rate, m_total, var_ind, var_dup))
    if not out:
        return None
    return DuplicateSaving(games=games.height, deals=deals, groups=tuple(out))
