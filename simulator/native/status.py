"""What `deckhand engine` says: whether the native core is built and what it plays, and for a
given run which engine would play it and why."""

from __future__ import annotations

from simulator.folders.config import RunConfig
from simulator.native import CORE, NOT_BUILT
from simulator.native.coverage import native_powers
from simulator.native.engine_choice import NATIVE_GAME, choose_engine
from simulator.native.ie_table import native_modules
from simulator.native.travel_chunk import NATIVE_MODULES, TRAVEL_GAME


def engine_lines(config: RunConfig | None = None, requested: str = "auto") -> list[str]:
    """The status of the native core, then (with a run's config) the engine it would use."""
    if CORE is None:
        lines = [f"native core: not in use: {NOT_BUILT}", "every run plays in the Python engine"]
    else:
        powers = native_powers()
        heuristic = "random and heuristic (its defaults, presets and parameters)"
        lines = [
            f"native core: built ({CORE.__file__})",
            f"plays natively: {NATIVE_GAME} ({', '.join(native_modules())}); "
            f"bots: {heuristic}, classic (its defaults and presets), and mcts (its presets "
            f"and any search of the turn's own decisions); {len(powers)} card powers",
            f"plays natively: {TRAVEL_GAME} (every module: {', '.join(NATIVE_MODULES)}); "
            f"bots: {heuristic}",
            "everything else plays in the Python engine (the reference), which gives the "
            "same games bit for bit",
        ]
    if config is not None:
        chosen = choose_engine(config, requested)
        lines.append(f"this run: {chosen.engine} ({chosen.why})")
    return lines
