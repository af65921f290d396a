"""Deckhand: a Monte Carlo balance lab for card games.

`from simulator import open_run` opens a run folder for analysis (simulator.core.datasets).
"""

from typing import Any

__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    if name in ("open_run", "Run"):  # imported on first use: workers need none of it
        from simulator.core import datasets

        return getattr(datasets, name)
    raise AttributeError(f"module 'simulator' has no attribute {name!r}")
