"""A chunk of games played by the native core, handed back as the same tables the Python
engine's chunk makes (core/datasets.py), built from the core's columns: no Python object per
game, player or event."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import polars as pl
import pyarrow as pa

from simulator.core.datasets import GAMES_COLUMNS, PLAYER_COLUMNS
from simulator.core.errors import ConfigError
from simulator.folders.config import RunConfig, seat_slots
from simulator.games.import_export.rules import ImportExportGame
from simulator.games.import_export.state import EVENT_NAMES
from simulator.native import CORE, NOT_BUILT
from simulator.native.ie_table import native_table
from simulator.native.seats import seat_codes
from simulator.native.seeds import game_streams
from strategies.registry import StrategyChoice

END_REASONS = ("credits", "deck_exhausted", "card", "turn_limit")
"""The core's end-reason codes, in order (`_core.play_import_export`'s "end_reason")."""

EXTRA_COLUMNS = ("port", "credits_in_play")
"""The players table's Import/Export columns (ImportExportGame.outcome's extra), in order."""


def play_columns(
    config: RunConfig,
    game: ImportExportGame,
    choices: Sequence[StrategyChoice],
    indices: Sequence[int],
    trace: bool = False,
    timing: bool = False,
) -> dict[str, np.ndarray]:
    """The core's columns for these games of the match's run (seats as seat_slots places
    them, streams as engine.play_game draws them). `timing`: the core also reports its own
    clock of the bots' choices and of its logging ("seconds_bots", "seconds_logging"), for
    `deckhand bench --split`, where it keeps one."""
    if CORE is None:
        raise ConfigError(f"the native engine was asked for, but {NOT_BUILT}")
    try:
        codes, texts = seat_codes(choices, game)
    except ValueError as exc:
        raise ConfigError(f"the native engine cannot play this strategy: {exc}") from None
    slots = np.array([seat_slots(config, i) for i in indices], dtype=np.int64)
    seats = np.array(codes, dtype=np.int8)[slots]
    streams = game_streams(config.seed, indices, [config.deal(i) for i in indices])
    n = config.game.players
    table = native_table(game)
    return dict(CORE.play_import_export(table, n, streams, seats, trace, bots=texts, timing=timing))


def native_frames(
    config: RunConfig,
    game: ImportExportGame,
    choices: Sequence[StrategyChoice],
    indices: Sequence[int],
    cols: dict[str, np.ndarray] | None = None,
) -> tuple[pl.DataFrame, pl.DataFrame]:
    """The games and players tables of these games (played now, or given as the core's
    `cols`), equal to what the Python engine's chunk builds with rows_for_game and to_frames
    (tests/native/test_tables.py)."""
    if cols is None:
        cols = play_columns(config, game, choices, indices)
    n = config.game.players
    g = len(indices)
    ids = np.asarray(indices, dtype=np.int64)
    first = cols["first_player"].astype(np.int8)
    winners = _lists(cols["winners"], cols["winners_offsets"], pa.int8())
    games = pl.DataFrame(
        {
            "game_id": ids,
            "deal": np.array([config.deal(i) for i in indices], dtype=np.int64),
            "game": [config.game.game] * g,
            "players": np.full(g, n, dtype=np.int8),
            "modules": [",".join(config.game.modules)] * g,
            "master_seed": np.full(g, config.seed, dtype=np.int64),
            "turns": cols["turns"].astype(np.int32),
            "decisions": cols["decisions"].astype(np.int32),
            "first_player": first,
            "winners": pl.Series("winners", winners),
            "end_reason": [END_REASONS[int(r)] for r in cols["end_reason"]],
        },
        schema=GAMES_COLUMNS,
    )
    slots = np.array([seat_slots(config, i) for i in indices], dtype=np.int8).reshape(-1)
    texts = np.array([c.text for c in choices], dtype=object)
    seat = np.tile(np.arange(n, dtype=np.int8), g)
    game_of_row = np.repeat(ids, n)
    counts = np.diff(cols["winners_offsets"])
    won = np.zeros(g * n, dtype=bool)
    shared = np.repeat(counts > 1, n)
    for row in range(g):  # a game's winners: one or two seats, few per game
        lo, hi = cols["winners_offsets"][row], cols["winners_offsets"][row + 1]
        won[row * n + cols["winners"][lo:hi].astype(np.int64)] = True
    nobody = np.repeat(counts == 0, n)
    winning = np.where(shared, "shared_win", "win")
    result = np.where(nobody, "no_winner", np.where(won, winning, "loss"))
    data: dict[str, Any] = {
        "game_id": game_of_row,
        "seat": seat,
        "turn_order": ((seat - np.repeat(first, n)) % n).astype(np.int8),
        "strategy": texts[slots].tolist(),
        "strategy_slot": slots,
        "result": result.tolist(),
        "win": won,
        "score": cols["score"].astype(np.float64),
        "placement": cols["placement"].astype(np.int8),
    }
    schema = dict(PLAYER_COLUMNS)
    for key in EXTRA_COLUMNS:
        data[key] = cols[key].astype(np.int64)
        schema[key] = pl.Int64
    columns = [pl.Series(key, data[key], dtype=dtype) for key, dtype in schema.items()]
    columns += [
        pl.Series(event, _lists(cols[f"ev_{event}"], cols[f"ev_{event}_offsets"], pa.int32()))
        for event in EVENT_NAMES
    ]
    return games, pl.DataFrame(columns)


def _lists(values: np.ndarray, offsets: np.ndarray, kind: pa.DataType) -> pa.ListArray:
    """A list column from the core's flat values and offsets, as core.datasets.int_lists
    builds one."""
    return pa.ListArray.from_arrays(pa.array(offsets.astype(np.int32)), pa.array(values, type=kind))
