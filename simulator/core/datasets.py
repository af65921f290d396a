"""Columnar datasets of a run: one schema, the same shape for every game.

`games`: one row per game. `players`: one row per seat per game, with one list column of
card ids per event the game declares. `card_events`: the same events as a long table (game,
seat, card id, card name, event, count). Each is a folder of Parquet parts, one per chunk
(run_folder.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain
from typing import TYPE_CHECKING, cast

import numpy as np
import polars as pl
import pyarrow as pa

from simulator.core.cards import CardSheet
from simulator.core.outcome import Outcome
from simulator.core.spec import GameSpec

if TYPE_CHECKING:
    from polars._typing import PolarsDataType

Columns = dict[str, list[object]]
"""A table being built, column by column: name -> its values so far (each column's of its
own type: ints, text, lists of card ids), made into a frame by `to_frames`."""

GAMES_COLUMNS: dict[str, PolarsDataType] = {
    "game_id": pl.Int64,
    "deal": pl.Int64,
    "game": pl.Utf8,
    "players": pl.Int8,
    "modules": pl.Utf8,
    "master_seed": pl.Int64,
    "turns": pl.Int32,
    "decisions": pl.Int32,
    "first_player": pl.Int8,
    "winners": pl.List(pl.Int8),
    "end_reason": pl.Utf8,
}

PLAYER_COLUMNS: dict[str, PolarsDataType] = {
    "game_id": pl.Int64,
    "seat": pl.Int8,
    "turn_order": pl.Int8,
    "strategy": pl.Utf8,
    "strategy_slot": pl.Int8,
    "result": pl.Utf8,
    "win": pl.Boolean,
    "score": pl.Float64,
    "placement": pl.Int8,
}
"""Fixed player columns; then the game's extra columns (Int64, nullable), then the event lists."""


def rows_for_game(
    spec: GameSpec,
    game_id: int,
    master_seed: int,
    modules: str,
    outcome: Outcome,
    decisions: int,
    strategies: Sequence[str],
    slots: Sequence[int],
    games: Columns,
    players: Columns,
    deal: int | None = None,
) -> None:
    """Append one game's rows to column lists (cheaper than building frames per game).

    `deal` is the index of the rules stream the game was dealt from: the game's own index,
    or in duplicate mode the block shared by `players` games (None: the game's index).
    """
    n = len(outcome.players)
    winners = outcome.winners
    games["game_id"].append(game_id)
    games["deal"].append(game_id if deal is None else deal)
    games["game"].append(spec.name)
    games["players"].append(n)
    games["modules"].append(modules)
    games["master_seed"].append(master_seed)
    games["turns"].append(outcome.turns)
    games["decisions"].append(decisions)
    games["first_player"].append(outcome.first_player)
    games["winners"].append(winners)
    games["end_reason"].append(outcome.end_reason)
    shared = len(winners) > 1
    for seat, po in enumerate(outcome.players):
        players["game_id"].append(game_id)
        players["seat"].append(seat)
        players["turn_order"].append((seat - outcome.first_player) % n)
        players["strategy"].append(strategies[seat])
        players["strategy_slot"].append(slots[seat])
        won = seat in winners
        if not winners:
            result = "no_winner"
        elif won:
            result = "shared_win" if shared else "win"
        else:
            result = "loss"
        players["result"].append(result)
        players["win"].append(won)
        players["score"].append(po.score)
        players["placement"].append(po.placement)
        for key, value in po.extra.items():
            players.setdefault(key, []).append(value)
        for event in spec.event_names:
            players[event].append(po.events[event])


def empty_columns(spec: GameSpec) -> tuple[Columns, Columns]:
    games: Columns = {k: [] for k in GAMES_COLUMNS}
    players: Columns = {k: [] for k in PLAYER_COLUMNS}
    for event in spec.event_names:
        players[event] = []
    return games, players


def to_frames(
    spec: GameSpec, games: Columns, players: Columns
) -> tuple[pl.DataFrame, pl.DataFrame]:
    games_df = pl.DataFrame(games, schema=GAMES_COLUMNS)
    schema: dict[str, PolarsDataType] = dict(PLAYER_COLUMNS)
    for key in players:
        if key not in schema and key not in spec.event_names:
            schema[key] = pl.Int64
    columns = [pl.Series(key, players[key], dtype=dtype) for key, dtype in schema.items()]
    columns += [  # an event's column holds each seat's list of card ids (rows_for_game)
        int_lists(event, cast("list[list[int]]", players[event])) for event in spec.event_names
    ]
    return games_df, pl.DataFrame(columns)


def int_lists(name: str, lists: Sequence[Sequence[int]]) -> pl.Series:
    """A List(Int32) column of these lists, built from one flat array and its offsets: polars
    converts a column of Python lists list by list, ten times slower (800 rows of 13 event
    lists: 55 ms against 5), which was a tenth of a compiled random-bot game's time."""
    offsets = np.zeros(len(lists) + 1, dtype=np.int32)
    np.cumsum([len(cards) for cards in lists], out=offsets[1:])
    values = pa.array(list(chain.from_iterable(lists)), type=pa.int32())
    return pl.Series(name, pa.ListArray.from_arrays(pa.array(offsets), values))


CARD_EVENTS_COLUMNS = {
    "game_id": pl.Int64,
    "seat": pl.Int8,
    "card_id": pl.Int32,
    "card_name": pl.Utf8,
    "event": pl.Utf8,
    "count": pl.Int32,
}
"""One row per game, seat, card and event: what the players table's event lists say, in a
form any tool can filter and join without unnesting lists."""


def card_names(sheet: CardSheet) -> dict[int, str]:
    """Card id -> name, from the card sheet the games were played with."""
    return {int(row["id"]): str(row["name"]) for row in sheet.rows}


def card_events(
    players: pl.DataFrame, events: Sequence[str], names: dict[int, str]
) -> pl.DataFrame:
    """The players table's event lists as a long table (CARD_EVENTS_COLUMNS): a card twice
    in a list (drawn twice, say) is one row with count 2."""
    frames = [
        players.select("game_id", "seat", pl.col(event).alias("card_id"))
        .explode("card_id")
        .drop_nulls("card_id")
        .group_by("game_id", "seat", "card_id")
        .agg(pl.len().alias("count"))
        .with_columns(pl.lit(event).alias("event"))
        for event in events
    ]
    if not frames:
        return pl.DataFrame(schema=CARD_EVENTS_COLUMNS)
    long = pl.concat(frames, how="vertical")
    lookup = pl.DataFrame(
        {"card_id": list(names), "card_name": list(names.values())},
        schema={"card_id": pl.Int32, "card_name": pl.Utf8},
    )
    long = long.with_columns(pl.col("card_id").cast(pl.Int32)).join(
        lookup, on="card_id", how="left"
    )
    return (
        long.select(list(CARD_EVENTS_COLUMNS))
        .cast(CARD_EVENTS_COLUMNS)  # type: ignore[arg-type]
        .sort("game_id", "seat", "event", "card_id")
    )
