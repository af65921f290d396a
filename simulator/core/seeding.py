"""Per-game random streams derived from (master seed, game index).

Every game owns its generators, so a game's result depends only on the master seed,
its index and the config: never on the number of workers, the chunking or the backend.
The rules and the strategies draw from two separate streams, so the same seed deals the
same cards whichever strategies sit at the table (common random numbers).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final, TypeVar

import numpy as np

RULES_STREAM: Final = 0
STRATEGY_STREAM: Final = 1

_BUFFER: Final = 256

T = TypeVar("T")


def seed_sequence(master_seed: int, game_index: int, stream: int) -> np.random.SeedSequence:
    """The SeedSequence of one stream of one game; equal to the spawned child key."""
    return np.random.SeedSequence(entropy=master_seed, spawn_key=(game_index, stream))


class GameRandom:
    """A numpy Generator with buffered uniforms, for the many small draws of the hot path.

    numpy's per-call overhead (about 1 µs for `integers`) dominates a card game's small
    draws; drawing 256 uniforms at once and consuming them keeps one seeded Generator as
    the only source while making each draw cost a list pop.

    A copy (`copy`, for core.forward's clones) draws the same numbers from there on. It
    copies the buffer and keeps the generator's state as it was at the last refill; the
    generator itself is made again only when the copy needs more numbers (making one costs
    about as much as a hundred turns' draws). A determinised copy draws from a new stream
    (`from_seed`): Python's own Mersenne Twister, seeded from the searching bot's stream.
    """

    __slots__ = ("generator", "_buffer", "_state", "_twister")

    def __init__(self, generator: np.random.Generator | None) -> None:
        self.generator = generator
        self._buffer: list[float] = []
        self._state: Any = None
        """The bit generator's state at the last refill, once a copy asked for it."""
        self._twister: random.Random | None = None
        """The source of a stream made by `from_seed` (instead of `generator`)."""

    @classmethod
    def for_game(cls, master_seed: int, game_index: int, stream: int) -> GameRandom:
        seq = seed_sequence(master_seed, game_index, stream)
        return cls(np.random.Generator(np.random.PCG64(seq)))

    @classmethod
    def from_seed(cls, seed: int) -> GameRandom:
        """A stream of its own from one integer (a determinised copy's rules stream)."""
        other = cls(None)
        other._twister = random.Random(seed)
        return other

    def copy(self) -> GameRandom:
        """A copy that draws the same numbers from here on, apart from this one."""
        other = GameRandom(None)
        other._buffer = self._buffer[:]
        twister = self._twister
        if twister is not None:
            other._twister = copied = random.Random()
            copied.setstate(twister.getstate())
            return other
        if self._state is None:
            generator = self.generator
            assert generator is not None
            self._state = generator.bit_generator.state
        other._state = self._state  # never changed in place: shared
        return other

    def __deepcopy__(self, memo: dict[int, object]) -> GameRandom:
        """A copy that draws the same numbers from here on, apart from this one (a
        look-ahead bot's own stream); written out so the compiled build copies it too."""
        return self.copy()

    def _refill(self) -> None:
        buffer = self._buffer
        twister = self._twister
        if twister is not None:
            draw = twister.random
            buffer.extend([draw() for _ in range(_BUFFER)])
            return
        generator = self.generator
        if generator is None:
            bits = np.random.PCG64()
            bits.state = self._state
            self.generator = generator = np.random.Generator(bits)
        self._state = None
        buffer.extend(generator.random(_BUFFER).tolist())

    def random(self) -> float:
        """A uniform float in [0, 1)."""
        buffer = self._buffer
        if not buffer:
            self._refill()
        return buffer.pop()

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        buffer = self._buffer
        if not buffer:
            self._refill()
        return int(buffer.pop() * n)

    def choice(self, options: Sequence[T]) -> T:
        """A uniformly chosen element of a non-empty sequence."""
        return options[self.below(len(options))]

    def shuffle(self, items: list) -> None:
        """Shuffle a list in place (Fisher-Yates on the buffered uniforms)."""
        below = self.below
        for i in range(len(items) - 1, 0, -1):
            j = below(i + 1)
            items[i], items[j] = items[j], items[i]
