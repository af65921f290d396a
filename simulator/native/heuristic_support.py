"""Whether a seat's `heuristic` has a native version: the core's heuristic with these exact
parameters (its defaults or a shipped base preset), read from the strategy, never assumed."""

from __future__ import annotations

from simulator.native import CORE
from strategies.registry import StrategyChoice


def native(choice: StrategyChoice) -> bool:
    """Whether the core plays this strategy choice as the Python bot plays it."""
    if CORE is None or not hasattr(CORE, "heuristic_ready"):
        return False
    from simulator.native.heuristic_table import supports

    return bool(supports(choice))
