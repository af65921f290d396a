"""The rules objects keep fewer than 30 instance attributes (pure Python).

CPython 3.11 stores an instance's attributes in a dictionary whose keys are shared by every
instance of the class, with the values kept inline, and specialises each `self.x` read on
that layout, only while the class has fewer than 30 attributes (SHARED_KEYS_MAX_SIZE,
30, in CPython's Include/internal/pycore_dict.h). The rules read `self.` attributes all
through a game, and the Import/Export rules object holds 29: one more, even unused, measured
+5.7% instructions per random-bot game (60 less 10 base games, 2,565M -> 2,710M, callgrind,
PYTHONHASHSEED=0; docs/performance.md). No timing here: the count, which decides the layout.

A new per-game table belongs on an object with room (the power index, the cards, a table
of its own), or replaces an attribute. The compiled build has no instance dictionary
(native fields), so the check skips there.
"""

from __future__ import annotations

import pytest

from simulator.folders.config import make_run_config
from simulator.games.travel.cards import EXPANSIONS
from simulator.runs.match import Match

SHARED_KEYS_LIMIT = 30

CONFIGS = [
    ("import-export", ("all",), ()),
    ("import-export", ("all",), ("market",)),
    ("import-export", ("all",), ("containers",)),
    ("import-export", ("all",), ("containers_all",)),
    ("import-export", ("base",), ()),
    ("travel", EXPANSIONS, ()),
    ("travel", (), ()),
]


@pytest.mark.parametrize(("game", "mods", "variants"), CONFIGS)
def test_the_rules_keep_a_shared_key_layout(
    game: str, mods: tuple[str, ...], variants: tuple[str, ...]
) -> None:
    config = make_run_config(game, 4, mods, ("random",), games=1, seed=0, variants=variants)
    rules = Match(config).game
    if not hasattr(rules, "__dict__"):
        pytest.skip("compiled build: the rules' attributes are native fields, no dictionary")
    names = sorted(vars(rules))
    assert len(names) < SHARED_KEYS_LIMIT, (
        f"{type(rules).__name__} has {len(names)} instance attributes; from "
        f"{SHARED_KEYS_LIMIT} on CPython 3.11 gives up its fast attribute layout "
        f"(+5.7% a game): {names}"
    )
