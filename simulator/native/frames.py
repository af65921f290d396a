"""The games table and the players table's common columns of a chunk the native core played,
from its columns (one per game, one per player row, flat lists with offsets), for both games'
chunks (chunk.py: Import/Export, travel_chunk.py: travel): no Python object per game, player
or event."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import polars as pl
import pyarrow as pa

from simulator.core.datasets import GAMES_COLUMNS
from simulator.folders.config import RunConfig, seat_slots
from strategies.registry import StrategyChoice


def lists(values: np.ndarray, offsets: np.ndarray, kind: pa.DataType) -> pa.ListArray:
    """A list column from the core's flat values and offsets, as core.datasets.int_lists
    builds one."""
    return pa.ListArray.from_arrays(pa.array(offsets.astype(np.int32)), pa.array(values, type=kind))


def games_frame(
    config: RunConfig, indices: Sequence[int], cols: dict[str, np.ndarray], reasons: Sequence[str]
) -> pl.DataFrame:
    """The games table (core/datasets.GAMES_COLUMNS); `reasons`: the game's end reasons in
    the core's numbering."""
    g = len(indices)
    return pl.DataFrame(
        {
            "game_id": np.asarray(indices, dtype=np.int64),
            "deal": np.array([config.deal(i) for i in indices], dtype=np.int64),
            "game": [config.game.game] * g,
            "players": np.full(g, config.game.players, dtype=np.int8),
            "modules": [",".join(config.game.modules)] * g,
            "master_seed": np.full(g, config.seed, dtype=np.int64),
            "turns": cols["turns"].astype(np.int32),
            "decisions": cols["decisions"].astype(np.int32),
            "first_player": cols["first_player"].astype(np.int8),
            "winners": pl.Series(
                "winners", lists(cols["winners"], cols["winners_offsets"], pa.int8())
            ),
            "end_reason": [reasons[int(r)] for r in cols["end_reason"]],
        },
        schema=GAMES_COLUMNS,
    )


def player_columns(
    config: RunConfig,
    choices: Sequence[StrategyChoice],
    indices: Sequence[int],
    cols: dict[str, np.ndarray],
) -> dict[str, Any]:
    """The players table's columns every game has (core/datasets.PLAYER_COLUMNS), by name:
    seats, strategies as the run seats them (seat_slots), results from the winners."""
    n = config.game.players
    g = len(indices)
    ids = np.asarray(indices, dtype=np.int64)
    first = cols["first_player"].astype(np.int8)
    slots = np.array([seat_slots(config, i) for i in indices], dtype=np.int8).reshape(-1)
    texts = np.array([c.text for c in choices], dtype=object)
    seat = np.tile(np.arange(n, dtype=np.int8), g)
    counts = np.diff(cols["winners_offsets"])
    won = np.zeros(g * n, dtype=bool)
    rows = np.repeat(np.arange(g, dtype=np.int64), counts)  # each winner's game
    won[rows * n + cols["winners"].astype(np.int64)] = True
    shared = np.repeat(counts > 1, n)
    nobody = np.repeat(counts == 0, n)
    winning = np.where(shared, "shared_win", "win")
    result = np.where(nobody, "no_winner", np.where(won, winning, "loss"))
    return {
        "game_id": np.repeat(ids, n),
        "seat": seat,
        "turn_order": ((seat - np.repeat(first, n)) % n).astype(np.int8),
        "strategy": texts[slots].tolist(),
        "strategy_slot": slots,
        "result": result.tolist(),
        "win": won,
        "score": cols["score"].astype(np.float64),
        "placement": cols["placement"].astype(np.int8),
    }


def event_series(cols: dict[str, np.ndarray], events: Sequence[str]) -> list[pl.Series]:
    """Each event's card lists per player row."""
    return [
        pl.Series(event, lists(cols[f"ev_{event}"], cols[f"ev_{event}_offsets"], pa.int32()))
        for event in events
    ]
