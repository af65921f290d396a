"""Which engine plays a run: the native core when everything in the run is native, else the
Python engine (the reference), and one sentence saying why.

`--engine auto` (the default) picks native where it can and says once why not; `--engine
native` refuses a run the core cannot play, naming what keeps it in Python; `--engine
python` always plays the reference. The choice never changes a game: both engines give the
same tables bit for bit (tests/native/), so it is recorded in the manifest but is not part
of the run's config (a run may resume with the other engine).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from simulator.catalog import get_game
from simulator.core.errors import ConfigError
from simulator.folders.config import RunConfig
from simulator.games.import_export.rules import ImportExportGame
from simulator.native import CORE, NOT_BUILT, heuristic_support, mcts_table
from simulator.native.coverage import missing_powers
from simulator.native.ie_table import modules_not_native
from simulator.native.travel_chunk import TRAVEL_GAME, travel_blockers
from strategies.random_strategy import RandomStrategy
from strategies.registry import StrategyChoice, resolve

ENGINES = ("auto", "native", "python")
"""The values of --engine."""

NATIVE_GAME = "import-export"

RANDOM_SEAT = 0
HEURISTIC_SEAT = 1
"""Strategy codes of the native core's seats (`_core.play_import_export`'s `seats`)."""


@dataclass(frozen=True)
class EngineChoice:
    """The engine a run plays with, and why (said once, recorded in the manifest)."""

    engine: str
    why: str

    def to_json(self) -> dict[str, Any]:
        return {"engine": self.engine, "why": self.why}


def seat_code(choice: StrategyChoice) -> int | None:
    """The native core's code for a seat's strategy, or None where it has no native version:
    `random`; `heuristic` with its defaults or a shipped base preset once the core has it."""
    if choice.cls is RandomStrategy:
        return RANDOM_SEAT
    if heuristic_support.native(choice):
        return HEURISTIC_SEAT
    if CORE is not None and hasattr(CORE, "mcts_codes"):  # the native search (bot_mcts.cpp)
        built = choice.build()
        if mcts_table.native_reason(built) is None and mcts_table.same_as_python(built) is None:
            return mcts_table.FIRST_CODE
    return None


def blockers(config: RunConfig) -> list[str]:
    """What keeps this run in the Python engine (empty: it can play natively)."""
    if CORE is None:
        return [NOT_BUILT]
    game = config.game
    if game.game == TRAVEL_GAME:
        return travel_blockers(config)
    if game.game != NATIVE_GAME:
        return [
            f"the native core plays {NATIVE_GAME} and {TRAVEL_GAME} only ({game.game} plays in "
            "Python)"
        ]
    found: list[str] = []
    if not hasattr(CORE, "play_import_export"):
        found.append("this build of the native core has no Import/Export engine")
    other = modules_not_native(game.modules)
    if other:
        found.append(f"the native core does not play {', '.join(other)} yet (they play in Python)")
    if game.powers is not None:
        found.append("a designer's powers file (--powers) plays in Python")
    if config.check_invariants:
        found.append("--check-invariants checks the Python engine's state after every decision")
    for text in dict.fromkeys(config.strategies):
        choice = resolve(game.game, text)
        if seat_code(choice) is None:
            found.append(f"strategy '{text}' has no native version")
        elif classic_why := heuristic_support.classic_blocker(choice, game.modules):
            found.append(classic_why)  # classic: the sets its answers were checked in
    if not found:
        found.extend(_power_blockers(config))
    return found


def _power_blockers(config: RunConfig) -> list[str]:
    """Cards in play whose power the Python engine plays and the core does not (none where
    the rule card_powers is off)."""
    game = get_game(config.game.game).factory(config.game)
    assert isinstance(game, ImportExportGame)  # NATIVE_GAME, checked above
    missing = missing_powers(game)
    if not missing:
        return []
    more = f" and {len(missing) - 6} more" if len(missing) > 6 else ""
    return [
        f"{len(missing)} card(s) in play have no native power yet: {', '.join(missing[:6])}{more}"
    ]


def choose_engine(config: RunConfig, requested: str = "auto") -> EngineChoice:
    """The engine for this run: `requested` (auto, native or python) checked against what
    the core can play. Raises ConfigError for --engine native on a run it cannot play."""
    if requested not in ENGINES:
        raise ConfigError(f"--engine {requested}: accepted: {', '.join(ENGINES)}")
    if requested == "python":
        return EngineChoice("python", "--engine python: the reference engine, as asked")
    found = blockers(config)
    if not found:
        return EngineChoice("native", "everything in this run is native")
    why = "; ".join(found)
    if requested == "native":
        raise ConfigError(f"--engine native: this run cannot play natively: {why}")
    return EngineChoice("python", f"Python engine: {why}")
