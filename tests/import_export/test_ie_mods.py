"""Rule modifiers are declared once (mods.py): every key the code uses is declared, every
declared key is used, and setting an undeclared key is an error, not a silent new rule."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from simulator.games.import_export.mods import MODS, Mods
from simulator.games.import_export.state import IEState

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [
    *sorted((ROOT / "simulator" / "games" / "import_export").rglob("*.py")),
    *sorted((ROOT / "strategies" / "import_export").glob("*.py")),
]
KEY_USES = re.compile(
    r'mods(?:\[[\w.]+\])?(?:\.get|\.pop|\.setdefault)\(\s*"(\w+)"'  # mods.get("key")
    r'|mods(?:\[[\w.]+\])?\[\s*"(\w+)"\s*\]'  # mods["key"], s.mods[p]["key"]
    r'|"(\w+)" (?:not )?in (?:s\.)?mods\b'  # "key" in mods
    r'|(?:set_mod|add_to_mod|_grant|_revoke)\(\s*\w+\s*,\s*[\w.\[\]]+\s*,\s*"(\w+)"'
    r'|_colour_rule\(\s*"[^"]+"\s*,\s*"(\w+)"'  # a registering helper
    r'|_modifier\(\s*"[^"]+"\s*,\s*"(\w+)"'  # one power, one key (base_modifiers)
)


def _used_keys() -> set[str]:
    used: set[str] = set()
    for path in SOURCES:
        if path.name == "mods.py":
            continue
        for match in KEY_USES.finditer(path.read_text()):
            used.add(next(g for g in match.groups() if g))
    return used


def test_every_key_the_code_uses_is_declared() -> None:
    assert _used_keys() - set(MODS) == set()


def test_every_declared_key_is_used() -> None:
    assert set(MODS) - _used_keys() == set()


def test_every_key_says_what_it_means_and_who_sets_and_reads_it() -> None:
    for key, mod in MODS.items():
        assert mod.meaning and mod.set_by and mod.read_in, key


def test_an_undeclared_key_is_an_error_naming_it() -> None:
    mods = Mods()
    mods["draw_to"] = 6
    with pytest.raises(KeyError, match="'draw_too' is not declared"):
        mods["draw_too"] = 6
    with pytest.raises(KeyError, match="'capacty' is not declared"):
        mods.setdefault("capacty", 7)
    with pytest.raises(KeyError, match="'x' is not declared"):
        mods.update(x=1)
    assert dict(mods) == {"draw_to": 6}


def test_a_state_copy_keeps_checking_its_modifiers() -> None:
    s = IEState(2)
    s.mods[0]["capacity"] = 7
    copy = s.copy()
    assert copy.mods[0] == {"capacity": 7} and copy.mods[0] is not s.mods[0]
    with pytest.raises(KeyError):
        copy.mods[1]["capacityy"] = 7
