"""Win counts per group of player-games (a seat, a turn position, a strategy), and the first
player against the rest: the numbers the run report's win-rate tables and its summary read.

Kept here rather than in the report so that the report only formats, and so the summary's
seat verdict (analysis/deciding.py) and the win-rate table's first-player line rest on the
same counts.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

import polars as pl

from simulator.analysis.stats import newcombe_difference, two_proportion_p, wilson


@dataclass
class WinGroup:
    """Win counts of one group of player-games."""

    label: str
    detail: str
    n: int
    wins: int
    shared: int
    no_winner: int

    @property
    def rate(self) -> float:
        return self.wins / self.n if self.n else math.nan

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.n)


def _sort_key(value: Any, players: pl.DataFrame, key: str) -> tuple[int, Any]:
    """Numbers in numeric order; strategies in the order of their first slot."""
    if key == "strategy":
        slots = players.filter(pl.col("strategy") == value)["strategy_slot"]
        return (int(cast(int, slots.min())) if slots.len() else 0, value)
    return (0, value)


def win_groups(
    players: pl.DataFrame,
    key: str,
    label: Callable[[Any], str] = str,
    detail: Callable[[pl.DataFrame], str] = lambda part: "",
) -> list[WinGroup]:
    """One WinGroup per value of `key` in the players table (its `win` and `result`
    columns), in a reader's order: numbers ascending, strategies by their first slot."""
    out = []
    for (value,), part in sorted(
        players.group_by([key]), key=lambda kv: _sort_key(kv[0][0], players, key)
    ):
        out.append(
            WinGroup(
                label=label(value),
                detail=detail(part),
                n=part.height,
                wins=int(part["win"].sum()),
                shared=int((part["result"] == "shared_win").sum()),
                no_winner=int((part["result"] == "no_winner").sum()),
            )
        )
    return out


@dataclass(frozen=True)
class FirstPlayer:
    """The first position's win rate less the later positions' pooled (fractions), with a
    Newcombe interval and a two-proportion p (approximate: one game's seats are not
    independent)."""

    first_wins: int
    first_n: int
    rest_wins: int
    rest_n: int
    diff: float
    lo: float
    hi: float
    p: float


def first_player(order: list[WinGroup]) -> FirstPlayer | None:
    """FirstPlayer of the turn-order groups (the first is position 0); None with fewer than
    two positions or no games."""
    if len(order) < 2:
        return None
    first, rest = order[0], order[1:]
    n2, w2 = sum(g.n for g in rest), sum(g.wins for g in rest)
    d, lo, hi = newcombe_difference(first.wins, first.n, w2, n2)
    if math.isnan(d):
        return None
    p = two_proportion_p(first.wins, first.n, w2, n2)
    return FirstPlayer(first.wins, first.n, w2, n2, d, lo, hi, p)
