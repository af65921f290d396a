"""The PCG64 states the native core starts each stream from: numpy's own seeding
(SeedSequence of master seed, game index and stream, as seeding.GameRandom.for_game), handed
over as four unsigned 64-bit halves (state high, state low, increment high, increment low)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from simulator.core.seeding import RULES_STREAM, STRATEGY_STREAM, seed_sequence
from simulator.native import CORE

_LOW = (1 << 64) - 1


def stream_state(master_seed: int, game_index: int, stream: int) -> tuple[int, int, int, int]:
    """The stream's PCG64 state as GameRandom.for_game starts it, in four 64-bit halves."""
    bits = np.random.PCG64(seed_sequence(master_seed, game_index, stream)).state["state"]
    state, inc = int(bits["state"]), int(bits["inc"])
    return state >> 64, state & _LOW, inc >> 64, inc & _LOW


def game_streams(master_seed: int, game_indices: Sequence[int], deals: Sequence[int]) -> np.ndarray:
    """(games, 8) uint64: each game's rules stream (from its deal) then its strategy stream
    (from its own index), as engine.play_game draws them. The core computes them where it can
    (numpy's SeedSequence ported: seed_sequence.cpp; 1 us a game instead of 30), else numpy."""
    core = _core_streams()
    if core is not None and master_seed >= 0 and max((*game_indices, *deals), default=0) < 2**64:
        words = [(master_seed >> (32 * k)) & 0xFFFFFFFF for k in range(_words(master_seed))]
        return np.asarray(
            core(words, list(game_indices), list(deals), RULES_STREAM, STRATEGY_STREAM)
        )
    return numpy_streams(master_seed, game_indices, deals)


def _words(n: int) -> int:
    """How many 32-bit words numpy's SeedSequence makes of a non-negative int (one for 0)."""
    return max(1, (n.bit_length() + 31) // 32)


def _core_streams() -> Any:
    return getattr(CORE, "game_streams", None) if CORE is not None else None


def numpy_streams(
    master_seed: int, game_indices: Sequence[int], deals: Sequence[int]
) -> np.ndarray:
    """game_streams by numpy's own SeedSequence and PCG64, one stream at a time."""
    out = np.empty((len(game_indices), 8), dtype=np.uint64)
    for row, (game_index, deal) in enumerate(zip(game_indices, deals, strict=True)):
        out[row, :4] = stream_state(master_seed, deal, RULES_STREAM)
        out[row, 4:] = stream_state(master_seed, game_index, STRATEGY_STREAM)
    return out
