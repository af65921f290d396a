"""Synthetic runs with planted per-card effects: for tests and for timing the card model.

Every player-game draws its held cards at random (a strategy may hold some cards more
often), then wins with log-odds = logit(1/players) + strategy strength + turn-order effect
+ the planted effects of the cards it held. The tables have the columns of a real run
(games and players, the card lists split into `opening` and `drawn`, and a `fulfilled`
subset), so the adjusted model reads them through the same code as a run folder.

`python -m simulator.analysis.synthetic --games 100000` times the fit on a folder of part files
(set OPENBLAS_NUM_THREADS=1 for a one-core figure).
"""

from __future__ import annotations

import argparse
import io
import math
import statistics
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np
import polars as pl

from simulator.analysis.adjusted import AdjustedOptions, fit_card_model, run_chunks
from simulator.core.datasets import CARD_EVENTS_COLUMNS
from simulator.folders import run_folder


def synthetic_tables(
    games: int,
    players: int = 4,
    cards: int = 100,
    strategies: Mapping[str, float] | None = None,
    card_effects: Mapping[int, float] | None = None,
    hold_rate: float = 0.35,
    hold_by_strategy: Mapping[str, Mapping[int, float]] | None = None,
    turn_effects: Sequence[float] | None = None,
    modules: Mapping[str, float] | None = None,
    winners: str = "independent",
    opening_rate: float = 0.15,
    fulfil_rate: float = 0.1,
    seed: int = 0,
) -> tuple[pl.DataFrame, pl.DataFrame]:
    """(games, players) tables of `games` synthetic games; card ids are 0..cards-1.

    strategies: name -> strength (log-odds), seated in rotation; card_effects: card ->
    log-odds when held; hold_by_strategy: strategy -> card -> probability of holding it
    (default hold_rate); turn_effects: log-odds per turn-order position; modules: module mix
    (a comma-separated string) -> log-odds, one mix drawn per game; winners: 'independent'
    (each player wins with its own probability: shared and no-winner games happen) or 'one'
    (exactly one winner per game, drawn with softmax weights).
    """
    rng = np.random.default_rng(seed)
    strategies = dict(strategies or {"heuristic": 0.0})
    names = list(strategies)
    n_rows = games * players
    game_id = np.repeat(np.arange(games, dtype=np.int64), players)
    seat = np.tile(np.arange(players, dtype=np.int64), games)
    first = rng.integers(0, players, size=games)
    order = (seat - np.repeat(first, players)) % players
    slot = (seat + game_id) % len(names)
    strategy = np.array(names, dtype=object)[slot]
    mixes = dict(modules or {"base": 0.0})
    mix_names = list(mixes)
    mix = rng.integers(0, len(mix_names), size=games)

    prob = np.full((n_rows, cards), hold_rate)
    for name, row in (hold_by_strategy or {}).items():
        mask = strategy == name
        for card, p in row.items():
            prob[mask, card] = p
    held = rng.random((n_rows, cards)) < prob

    eta = np.full(n_rows, math.log(1.0 / (players - 1)))
    eta += np.array([strategies[s] for s in names])[slot]
    if turn_effects is not None:
        eta += np.asarray(turn_effects, dtype=np.float64)[order]
    eta += np.array([mixes[m] for m in mix_names])[mix][game_id]
    for card, effect in (card_effects or {}).items():
        eta += effect * held[:, card]
    if winners == "one":
        noisy = (eta - np.log(-np.log(rng.random(n_rows)))).reshape(games, players)
        best = np.zeros((games, players), dtype=bool)
        best[np.arange(games), noisy.argmax(axis=1)] = True
        win = best.ravel()
    else:
        win = rng.random(n_rows) < 1.0 / (1.0 + np.exp(-eta))

    rows, ids = np.nonzero(held)
    opening = rng.random(len(ids)) < opening_rate
    fulfilled = rng.random(len(ids)) < fulfil_rate

    def lists(mask: np.ndarray) -> pl.Series:
        pairs = pl.DataFrame({"r": rows[mask], "c": ids[mask].astype(np.int32)})
        grouped = pairs.group_by("r").agg(pl.col("c"))
        full = pl.DataFrame({"r": np.arange(n_rows, dtype=rows.dtype)}).join(
            grouped, on="r", how="left"
        )
        return full.sort("r")["c"].fill_null([])

    won = win.reshape(games, players)
    winner_lists = [np.flatnonzero(w).tolist() for w in won]
    k = won.sum(axis=1)
    result = np.where(win, np.where(np.repeat(k, players) > 1, "shared_win", "win"), "loss").astype(
        object
    )
    result[np.repeat(k, players) == 0] = "no_winner"
    players_df = pl.DataFrame(
        {
            "game_id": game_id,
            "seat": seat.astype(np.int8),
            "turn_order": order.astype(np.int8),
            "strategy": strategy.tolist(),
            "strategy_slot": slot.astype(np.int8),
            "result": result.tolist(),
            "win": win,
            "score": win.astype(np.float64),
            "placement": np.where(win, 1, 2).astype(np.int8),
            "opening": lists(opening),
            "drawn": lists(~opening),
            "fulfilled": lists(fulfilled),
        }
    ).with_columns(pl.col("opening", "drawn", "fulfilled").cast(pl.List(pl.Int32)))
    games_df = pl.DataFrame(
        {
            "game_id": np.arange(games, dtype=np.int64),
            "deal": np.arange(games, dtype=np.int64),
            "game": ["synthetic"] * games,
            "players": np.full(games, players, dtype=np.int8),
            "modules": [mix_names[m] for m in mix],
            "master_seed": np.full(games, seed, dtype=np.int64),
            "turns": np.zeros(games, dtype=np.int32),
            "decisions": np.zeros(games, dtype=np.int32),
            "first_player": first.astype(np.int8),
            "winners": winner_lists,
            "end_reason": ["synthetic"] * games,
        },
        schema_overrides={"winners": pl.List(pl.Int8)},
    )
    return games_df, players_df


def write_parts(
    folder: str | Path, games: pl.DataFrame, players: pl.DataFrame, chunk_games: int = 500
) -> Path:
    """Write the tables as a run folder's part files, `chunk_games` games per chunk (no card
    events: the synthetic runs feed the per-card model, which reads the players table)."""
    total = games.height
    for chunk, start in enumerate(range(0, total, chunk_games)):
        end = start + chunk_games
        parts = {}
        for table, frame in (
            ("card_events", pl.DataFrame(schema=CARD_EVENTS_COLUMNS)),
            ("players", players.filter(pl.col("game_id").is_between(start, end - 1))),
            ("games", games.slice(start, chunk_games)),
        ):
            buffer = io.BytesIO()
            frame.write_parquet(buffer)
            parts[table] = buffer.getvalue()
        run_folder.write_chunk(Path(folder), chunk, parts)
    return Path(folder)


def _main() -> None:

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--cards", type=int, default=100)
    parser.add_argument("--chunk-games", type=int, default=500)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--cache-mb", type=float, default=AdjustedOptions().cache_mb)
    args = parser.parse_args()
    strategies = {"heuristic": 0.0, "contractor": 0.2, "importer": -0.1, "pirate": 0.1}
    games, players = synthetic_tables(
        args.games,
        args.players,
        args.cards,
        strategies=dict(list(strategies.items())[: args.players]),
        card_effects={0: 0.8, 1: -0.5},
        turn_effects=[0.1 * k for k in range(args.players)],
        winners="one",
        seed=1,
    )
    options = AdjustedOptions(cache_mb=args.cache_mb)
    group_of = {c: c for c in range(args.cards)}
    with tempfile.TemporaryDirectory() as tmp:
        write_parts(tmp, games, players, args.chunk_games)
        times = []
        cpu = []
        fit = None
        for _ in range(args.repeats):
            start = time.perf_counter()
            start_cpu = time.process_time()
            fit = fit_card_model(
                run_chunks(tmp, ("opening", "drawn")),
                ("opening", "drawn"),
                group_of,
                args.cards,
                options,
            )
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
    assert fit is not None
    print(
        f"{args.games:,} games x {args.players} players = {fit.rows:,} rows, "
        f"{len(fit.names)} columns, {fit.iterations} Newton passes, "
        f"chunks of {args.chunk_games} games, "
        f"cache {args.cache_mb:g} MB: fit median {statistics.median(times):.2f} s wall, "
        f"{statistics.median(cpu):.2f} s CPU (runs: {', '.join(f'{t:.2f}' for t in times)})"
    )
    b, se = fit.coefficient("card group 0")
    print(f"planted +0.8 on card 0: {b:+.3f} +/- {1.96 * se:.3f}")


if __name__ == "__main__":
    _main()
