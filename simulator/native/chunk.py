"""A chunk of games played by the native core, handed back as the same tables the Python
engine's chunk makes (core/datasets.py), built from the core's columns: no Python object per
game, player or event."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import polars as pl

from simulator.core.datasets import PLAYER_COLUMNS
from simulator.core.errors import ConfigError
from simulator.folders.config import RunConfig, seat_slots
from simulator.games.import_export.rules import ImportExportGame
from simulator.games.import_export.state import EVENT_NAMES
from simulator.native import CORE, NOT_BUILT
from simulator.native.frames import event_series, games_frame, player_columns
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
    data = player_columns(config, choices, indices, cols)
    schema = dict(PLAYER_COLUMNS)
    for key in EXTRA_COLUMNS:
        data[key] = cols[key].astype(np.int64)
        schema[key] = pl.Int64
    columns = [pl.Series(key, data[key], dtype=dtype) for key, dtype in schema.items()]
    columns += event_series(cols, EVENT_NAMES)
    return games_frame(config, indices, cols, END_REASONS), pl.DataFrame(columns)
