"""The core's port of numpy's SeedSequence and PCG64 seeding (seed_sequence.cpp) starts every
stream where numpy does (seeds.numpy_streams), for any master seed, game index and deal."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simulator.native import CORE
from simulator.native.seeds import game_streams, numpy_streams

pytestmark = pytest.mark.skipif(
    CORE is None or not hasattr(CORE, "game_streams"), reason="the native core is not built"
)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.one_of(st.integers(0, 2**32), st.integers(0, 2**200)),
    indices=st.lists(st.integers(0, 2**40), min_size=1, max_size=6),
)
def test_the_core_starts_every_stream_where_numpy_does(seed: int, indices: list[int]) -> None:
    deals = [i // 3 for i in indices]
    assert np.array_equal(game_streams(seed, indices, deals), numpy_streams(seed, indices, deals))


def test_a_chunk_of_streams() -> None:
    indices = list(range(1000))
    assert np.array_equal(game_streams(0, indices, indices), numpy_streams(0, indices, indices))
