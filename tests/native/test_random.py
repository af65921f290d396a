"""The native core draws the same numbers as seeding.GameRandom: numpy's PCG64 from the same
SeedSequence, the same buffered uniforms (256 at a time, consumed from the end), the same
below(n)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simulator.core.seeding import GameRandom
from simulator.native import CORE, NOT_BUILT
from simulator.native.seeds import stream_state

pytestmark = pytest.mark.skipif(CORE is None, reason=NOT_BUILT)

SEEDS = st.integers(0, 2**63 - 1)
GAMES = st.integers(0, 10**7)
STREAMS = st.sampled_from([0, 1])


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS, game=GAMES, stream=STREAMS, n=st.integers(1, 700))
def test_uniforms_are_gamerandoms(seed: int, game: int, stream: int, n: int) -> None:
    python = GameRandom.for_game(seed, game, stream)
    expected = [python.random() for _ in range(n)]
    native = CORE.uniforms(*stream_state(seed, game, stream), n)
    assert native.tolist() == expected


@settings(max_examples=60, deadline=None)
@given(
    seed=SEEDS,
    game=GAMES,
    stream=STREAMS,
    bounds=st.lists(st.integers(1, 200), min_size=1, max_size=600),
)
def test_below_is_gamerandoms(seed: int, game: int, stream: int, bounds: list[int]) -> None:
    python = GameRandom.for_game(seed, game, stream)
    expected = [python.below(b) for b in bounds]
    native = CORE.belows(*stream_state(seed, game, stream), np.array(bounds, dtype=np.int32))
    assert native.tolist() == expected
