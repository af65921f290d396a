"""What the native mcts bot (simulator/native/src/bot_mcts.cpp) reads from a built `mcts`
strategy (strategies/mcts.py): its parameters as text, and its rollout policy's (random, or
the native heuristic with its parameters, heuristic_table.seat_options). The search itself
runs natively and draws what the Python search draws, so the same seed gives the same
decisions (tests/native/test_mcts_native.py)."""

from __future__ import annotations

from typing import Any

from simulator.native.heuristic_table import is_classic
from simulator.native.heuristic_table import native_reason as heuristic_reason
from simulator.native.heuristic_table import seat_options as heuristic_options
from strategies.mcts import MCTS

FIRST_CODE = 16
"""The native seat codes of mcts: FIRST_CODE .. FIRST_CODE + CODES - 1 (bot_mcts.hpp)."""
CODES = 8

PARAMS = (
    "iterations",
    "ms",
    "c",
    "widen",
    "rollout",
    "rollout_decisions",
    "value",
    "search",
    "depth",
    "expand",
)
"""MCTS.params, each passed to the C++ (parse_mcts)."""


NATIVE_SEARCHED = frozenset({"lead", "contract", "follow"})
"""The decision kinds the native search may search: the turn's own, never asked inside a
power's resolution. There Python's copy redeals where the power started and replays its
answers (Playthrough.for_seat) while the native copy redeals at the decision itself, so a
search of a power's questions (or of every kind: `search` empty) would part from Python's and
plays in Python (tests/native/test_mcts_native.py; the shipped presets search these three)."""


def native_reason(strategy: object) -> str | None:
    """Why this built mcts cannot search natively (None: it can)."""
    if type(strategy) is not MCTS:
        return f"strategy '{getattr(strategy, 'name', type(strategy).__name__)}' has no native bot"
    unknown = sorted(set(strategy.settings) - set(PARAMS))
    if unknown:
        return f"mcts parameter(s) {', '.join(unknown)} have no native reading"
    if strategy.rollout_bot is not None:
        if is_classic(strategy.rollout_bot):  # its import count: one bot for every seat
            return "mcts rollout 'classic' plays in Python (its import rounds are counted per bot)"
        why = heuristic_reason(strategy.rollout_bot)
        if why is not None:
            return f"mcts rollout: {why}"
    elif strategy.rollout_text != "random":
        return f"mcts rollout '{strategy.rollout_text}' has no native bot"
    return None


def searched_beyond(strategy: Any, native: frozenset[str], search: str, why: str) -> str | None:
    """Why a search of kinds outside `native` (the kinds a game's native search covers; a
    search of every kind among them) stays in Python, for either game: `search` names that
    search, `why` says what only Python does. None: it searches only native kinds."""
    if strategy.searched and strategy.searched <= native:
        return None
    asked = "/".join(sorted(strategy.searched)) or "every kind"
    return (
        f"mcts search={asked}: {search} covers the kinds {'/'.join(sorted(native))} only ({why}, "
        "as Playthrough.for_seat does, only in Python)"
    )


def same_as_python(strategy: Any) -> str | None:
    """Why this mcts's native search may decide otherwise than Python's (None: it decides
    the same): the engine choice plays natively only a search of NATIVE_SEARCHED's kinds."""
    return searched_beyond(
        strategy,
        NATIVE_SEARCHED,
        "the native search",
        "a power's questions redeal where the power started",
    )


def _text(value: Any) -> str:
    if isinstance(value, float):
        return repr(value)
    return str(value)


def settings_text(strategy: MCTS) -> str:
    """The search's settings as a native search reads them (parse_mcts, either game):
    `key=value` items of PARAMS joined by ';', the rollout as `random` or `heuristic`."""
    settings = strategy.settings
    items = []
    for name in PARAMS:
        value = settings[name]
        if name == "rollout":
            value = "random" if strategy.rollout_bot is None else "heuristic"
        items.append(f"{name}={_text(value)}")
    return ";".join(items)


def seat_options(strategy: MCTS, game: Any = None) -> str:
    """The text a native mcts seat reads: its settings (settings_text), then a new line and
    the rollout heuristic's own text (none for a random rollout)."""
    bot = strategy.rollout_bot
    rollout = "" if bot is None else heuristic_options(bot, game)  # type: ignore[arg-type]
    return settings_text(strategy) + "\n" + rollout
