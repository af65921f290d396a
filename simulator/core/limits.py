"""The whole numbers a run can hold: each bound is the width of the column (or the stream)
that stores it, checked before anything is written, with the range said in the message.

`check_whole` is the one check; the CLI calls it from its options' callbacks (so a refused
number stops before any folder is made) and `make_run_config` again for callers from Python.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from simulator.core.errors import ConfigError

INT64_MAX: Final = 2**63 - 1
INT32_MAX: Final = 2**31 - 1


@dataclass(frozen=True)
class Whole:
    """The accepted range of one whole number, and why its upper end is where it is."""

    low: int
    high: int | None = None
    why: str = ""

    def text(self) -> str:
        if self.high is None:
            return f"a whole number at least {self.low}"
        high = _power(self.high)
        return f"a whole number from {self.low} to {high}" + (f": {self.why}" if self.why else "")

    def fault(self, value: int) -> str | None:
        if value < self.low or (self.high is not None and value > self.high):
            return f"{value} is outside its range; accepted: {self.text()}"
        return None


def _power(value: int) -> str:
    """9223372036854775807 (2^63 - 1): a bound at a power of two also said as one."""
    for bits in (16, 31, 32, 63, 64):
        if value == 2**bits - 1:
            return f"{value} (2^{bits} - 1)"
    return str(value)


SEED: Final = Whole(
    0,
    INT64_MAX,
    "the games table stores the master seed as a signed 64-bit integer (master_seed, Int64)",
)
GAMES: Final = Whole(1, INT64_MAX, "a game's index is stored as a signed 64-bit integer (game_id)")
MAX_TURNS: Final = Whole(
    1, INT32_MAX, "a game's turns are stored as a signed 32-bit integer (turns)"
)
CARD_ID_MAX: Final = 2**16 - 1
CARD_ID: Final = Whole(
    0,
    CARD_ID_MAX,
    "card ids index lookup tables sized by the largest id (the adjusted model's, the engine's "
    "card tables), so a sheet numbers its cards from small whole numbers",
)
"""Measured (issue 47): a travel sheet with one id at 2^31 - 1, which the 32-bit columns
hold, played 2 games in 74 s; the adjusted model's group table alone would take 16 GiB."""


def check_whole(option: str, value: int, accepted: Whole) -> int:
    """`value`, or a ConfigError naming the option, the value and the accepted range."""
    fault = accepted.fault(value)
    if fault is not None:
        raise ConfigError(f"{option}: {fault}")
    return value
