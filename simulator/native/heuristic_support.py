"""Whether a seat's `heuristic` has a native version: the core's heuristic with these exact
parameters (its defaults, a shipped preset or a run's overrides), read from the strategy and
passed to the core as text (heuristic_table.py), never assumed."""

from __future__ import annotations

from simulator.native import CORE
from simulator.native.heuristic_table import classic_modules_reason, is_classic, native_reason
from strategies.registry import StrategyChoice


def native(choice: StrategyChoice) -> bool:
    """Whether the core plays this strategy choice as the Python bot plays it."""
    if CORE is None:
        return False
    return native_reason(choice.build()) is None


def classic_blocker(choice: StrategyChoice, modules: tuple[str, ...] | list[str]) -> str | None:
    """Why a native `classic` seat cannot play with these sets and variants (None: it can,
    or the choice is not classic): heuristic_table.CLASSIC_MODULES."""
    if not is_classic(choice.build()):
        return None
    return classic_modules_reason(modules)
