"""The benchmark behind `deckhand bench`: games per second on one core, median of repeats.

Each repeat plays the same games (same seeds) in this process with full logging: the rules,
the strategies, the per-player event lists and the conversion into dataset columns; only
the Parquet write is left out, as it is per chunk and not per game.
"""

from __future__ import annotations

import cProfile
import io
import pstats
import statistics
import time
from dataclasses import dataclass

from simulator.core.datasets import empty_columns, rows_for_game, to_frames
from simulator.core.runner import Match, RunConfig


@dataclass(frozen=True)
class BenchResult:
    config: RunConfig
    games: int
    rates: tuple[float, ...]
    turns_per_game: float
    decisions_per_game: float
    profile: str | None = None

    @property
    def median(self) -> float:
        return statistics.median(self.rates)


def _play(match: Match, games: int) -> tuple[int, int]:
    spec = match.spec
    cols_games, cols_players = empty_columns(spec)
    texts = [c.text for c in match.choices]
    modules = ",".join(match.config.game.modules)
    turns = decisions = 0
    for index in range(games):
        outcome, asked, slots = match.play(index)
        turns += outcome.turns
        decisions += asked
        rows_for_game(
            spec,
            index,
            match.config.seed,
            modules,
            outcome,
            asked,
            [texts[s] for s in slots],
            slots,
            cols_games,
            cols_players,
        )
    to_frames(spec, cols_games, cols_players)
    return turns, decisions


def benchmark(
    config: RunConfig, games: int = 200, repeats: int = 5, profile: bool = False
) -> BenchResult:
    """Time `repeats` runs of `games` games on one core; optionally profile one more run."""
    match = Match(config)
    _play(match, min(games, 10))  # warm-up: imports, caches
    rates = []
    turns = decisions = 0
    for _ in range(repeats):
        start = time.perf_counter()
        turns, decisions = _play(match, games)
        rates.append(games / (time.perf_counter() - start))
    text = None
    if profile:
        profiler = cProfile.Profile()
        profiler.enable()
        _play(match, games)
        profiler.disable()
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(15)
        text = out.getvalue()
    return BenchResult(config, games, tuple(rates), turns / games, decisions / games, text)
