"""The card powers, windows, variants, views and narration reach the game only through
GameAPI (game_api.py): what they read or call on it is declared there, and nothing private.

A power that called a private method of the rules (as 28 call sites did, `game._load`,
`game._to_goods`, ...) would tie the card to the rules' internals: renaming a helper in
the rules would break a card, and the protocol would not say what a power may use.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import simulator.games.import_export as ie
from simulator.games.import_export.game_api import GameAPI
from simulator.games.import_export.rules import ImportExportGame

PACKAGE = Path(ie.__file__).parent
USERS = sorted(
    [*PACKAGE.joinpath("powers").glob("*.py")]
    + [PACKAGE / name for name in ("windows.py", "variants.py", "narration.py", "view.py")]
)
"""The modules given the game as `game` (or a view's `self._game`)."""

DECLARED = {name for name in dir(GameAPI) if not name.startswith("_")} | set(
    GameAPI.__annotations__
)


def _game_attributes(path: Path) -> dict[str, int]:
    """Each attribute read on `game` or `self._game` in a module, with its first line."""
    found: dict[str, int] = {}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if not isinstance(node, ast.Attribute):
            continue
        owner = node.value
        if (isinstance(owner, ast.Name) and owner.id == "game") or (
            isinstance(owner, ast.Attribute)
            and owner.attr == "_game"
            and isinstance(owner.value, ast.Name)
            and owner.value.id == "self"
        ):
            found.setdefault(node.attr, node.lineno)
    return found


@pytest.mark.parametrize("path", USERS, ids=lambda p: p.relative_to(PACKAGE).as_posix())
def test_only_the_declared_api_is_used(path: Path) -> None:
    used = _game_attributes(path)
    undeclared = {name: line for name, line in used.items() if name not in DECLARED}
    assert not undeclared, (
        f"{path.name} uses game attributes GameAPI does not declare: {undeclared}"
    )
    private = {name: line for name, line in used.items() if name.startswith("_")}
    assert not private, f"{path.name} uses private game attributes: {private}"


def test_the_powers_use_the_api() -> None:
    """The scan above reads real code: the powers call dozens of GameAPI members."""
    used: set[str] = set()
    for path in PACKAGE.joinpath("powers").glob("*.py"):
        used |= set(_game_attributes(path))
    assert {"load_from_hand", "to_goods", "take_from_ship", "pirate", "gain"} <= used
    assert len(used) > 30


def test_the_rules_implement_every_declared_member() -> None:
    missing = sorted(name for name in DECLARED if not hasattr(ImportExportGame, name))
    instance_fields = set(GameAPI.__annotations__)
    assert set(missing) <= instance_fields, f"ImportExportGame lacks {missing}"
