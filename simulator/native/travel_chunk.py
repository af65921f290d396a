"""A chunk of travel games played by the native core (`_core.play_travel`), handed back as the
same tables the Python engine's chunk makes (core/datasets.py rows_for_game and to_frames with
TravelGame.outcome), built from the core's columns."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import polars as pl
import pyarrow as pa

from simulator.core.datasets import PLAYER_COLUMNS
from simulator.core.errors import ConfigError
from simulator.folders.config import RunConfig, seat_slots
from simulator.games.travel.rules import TravelGame
from simulator.games.travel.state import EVENT_NAMES
from simulator.native import CORE, NOT_BUILT
from simulator.native.frames import event_series, games_frame, player_columns
from simulator.native.seeds import game_streams
from simulator.native.travel_mcts_table import native_reason as mcts_reason
from simulator.native.travel_mcts_table import seat_text as mcts_text
from simulator.native.travel_table import HEURISTIC_PARAMS, heuristic_numbers, travel_table
from strategies.mcts import MCTS
from strategies.random_strategy import RandomStrategy
from strategies.registry import StrategyChoice, resolve
from strategies.travel.heuristic import TravelHeuristic

TRAVEL_GAME = "travel"

END_REASONS = ("central_country", "postcards", "turn_limit")
"""The core's end-reason codes, in order (`_core.travel_names()["end_reasons"]`)."""

NATIVE_MODULES: tuple[str, ...] = (
    tuple(CORE.travel_names()["modules"])
    if CORE is not None and hasattr(CORE, "travel_names")
    else ()
)
"""The travel modules the core plays, as it says (`_core.travel_names()["modules"]`)."""


def native_reason(choice: StrategyChoice) -> str | None:
    """Why the core cannot play this travel strategy (None: it can): `random`, the
    `heuristic` with any parameters (its defaults, a preset, overrides), and `mcts` where the
    native search decides as Python's (travel_mcts_table.native_reason: mcts@guided)."""
    if choice.cls is RandomStrategy:
        return None
    if choice.cls is MCTS:
        why = mcts_reason(choice.build())
        return None if why is None else f"strategy '{choice.text}': {why}"
    if choice.cls is TravelHeuristic:
        built = choice.build()
        unknown = set(built.settings) - set(HEURISTIC_PARAMS)
        if unknown:
            return f"the native travel heuristic has no parameter {', '.join(sorted(unknown))}"
        return None
    return f"strategy '{choice.text}' has no native travel version"


def seat_codes(
    choices: Sequence[StrategyChoice],
) -> tuple[list[int], list[list[float]], list[str]]:
    """Each strategy slot's native code (0: random; a heuristic or an mcts: one code per
    distinct text) and, by code, the heuristic's parameters (empty for random and mcts) and
    the search's text (empty but for mcts). Raises ValueError where a slot has no native
    version."""
    codes: list[int] = []
    params: list[list[float]] = [[]]
    searches: list[str] = [""]
    by_text: dict[str, int] = {}
    for choice in choices:
        why = native_reason(choice)
        if why is not None:
            raise ValueError(why)
        if choice.cls is RandomStrategy:
            codes.append(0)
            continue
        if choice.text not in by_text:
            built = choice.build()
            by_text[choice.text] = len(params)
            if isinstance(built, MCTS):
                params.append([])
                searches.append(mcts_text(built))
            else:
                assert isinstance(built, TravelHeuristic)
                params.append(heuristic_numbers(built))
                searches.append("")
        codes.append(by_text[choice.text])
    return codes, params, searches


def play_travel_columns(
    config: RunConfig,
    game: TravelGame,
    choices: Sequence[StrategyChoice],
    indices: Sequence[int],
    trace: bool = False,
) -> dict[str, np.ndarray]:
    """The core's columns for these games of the run (seats as seat_slots places them,
    streams as engine.play_game draws them)."""
    if CORE is None:
        raise ConfigError(f"the native engine was asked for, but {NOT_BUILT}")
    try:
        codes, params, searches = seat_codes(choices)
    except ValueError as exc:
        raise ConfigError(f"the native engine cannot play this strategy: {exc}") from None
    slots = np.array([seat_slots(config, i) for i in indices], dtype=np.int64)
    seats = np.array(codes, dtype=np.int8)[slots].reshape(len(indices), config.game.players)
    streams = game_streams(config.seed, indices, [config.deal(i) for i in indices])
    table = travel_table(game)
    if any(searches):
        return dict(
            CORE.play_travel(
                table, config.game.players, streams, seats, trace, bots=params, searches=searches
            )
        )
    return dict(CORE.play_travel(table, config.game.players, streams, seats, trace, bots=params))


def travel_frames(
    config: RunConfig,
    game: TravelGame,
    choices: Sequence[StrategyChoice],
    indices: Sequence[int],
    cols: dict[str, np.ndarray] | None = None,
) -> tuple[pl.DataFrame, pl.DataFrame]:
    """The games and players tables of these games (played now, or given as the core's
    `cols`), equal to the Python engine's chunk (tests/native/test_travel_native.py)."""
    if cols is None:
        cols = play_travel_columns(config, game, choices, indices)
    data = player_columns(config, choices, indices, cols)
    columns = [pl.Series(key, data[key], dtype=dtype) for key, dtype in PLAYER_COLUMNS.items()]
    character = cols["character"].astype(np.int64)
    columns.append(pl.Series("country", cols["country"].astype(np.int64), dtype=pl.Int64))
    columns.append(  # TravelGame.outcome: None without characters
        pl.Series("character", pa.array(character, mask=character < 0), dtype=pl.Int64)
    )
    columns += event_series(cols, EVENT_NAMES)
    return games_frame(config, indices, cols, END_REASONS), pl.DataFrame(columns)


def travel_blockers(config: RunConfig) -> list[str]:
    """What keeps this travel run in the Python engine (empty: it plays natively); the
    engine choice's travel half (engine_choice.blockers)."""
    if CORE is None:
        return [NOT_BUILT]
    if not hasattr(CORE, "play_travel"):
        return ["this build of the native core has no travel engine"]
    found: list[str] = []
    other = [m for m in config.game.modules if m not in NATIVE_MODULES]
    if other:
        found.append(f"the native core does not play {', '.join(other)} (they play in Python)")
    if config.check_invariants:
        found.append("--check-invariants checks the Python engine's state after every decision")
    for text in dict.fromkeys(config.strategies):
        why = native_reason(resolve(config.game.game, text))
        if why is not None:
            found.append(why)
    return found
