"""One declaration per card: every shipped card's power, numbers, questions and flags are
declared once, on its first registration, in one module (powers/framework.Declared), and
the tables the rest of the code reads (the sheet checks' PARAMS, the game's decision kinds,
the bots' copy facts) are built from those declarations, never written beside them."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from simulator.core.cards import Need
from simulator.games.import_export import sheet_checks
from simulator.games.import_export.decisions import KINDS, TURN_KINDS
from simulator.games.import_export.powers import POWERS
from simulator.games.import_export.powers.framework import Power, collecting, power
from simulator.games.import_export.powers.numbers import PAY
from simulator.games.import_export.sheet_checks import load_import_export_sheet

ROOT = Path(__file__).resolve().parents[2]
SHEET = load_import_export_sheet()
NAMES = [row["name"] for row in SHEET.rows]
CROSS_REFERENCES = {"simulator.games.import_export.mods", "simulator.native.heuristic_table"}
"""Modules allowed to name a card besides its own: mods.py's `set_by` tells the reader which
cards set a rule modifier (documentation, read by no code); the native heuristic's table hands
the C++ bot the codes of the two any-time powers it answers by rule (Lutefisk, Telescopes), as
strategies/import_export/power_choices.py's ANY_TIME_RULES names them."""


def _module(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def _literals(root: str) -> list[tuple[str, str, ast.AST]]:
    """(module, string, node) for every string constant under `root`, f-strings aside."""
    found = []
    for path in sorted((ROOT / root).rglob("*.py")):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.append((_module(path), node.value, node))
    return found


def test_every_shipped_card_is_declared_once() -> None:
    """Each card of the shipped sheet has a power whose first registration declared it, and
    the sheet has no card twice."""
    assert len(NAMES) == len(set(NAMES))
    undeclared = [name for name in NAMES if name not in POWERS or not POWERS[name].declared.module]
    assert undeclared == []
    assert set(POWERS) == set(NAMES)


def test_a_card_is_named_only_where_it_is_declared() -> None:
    """No table elsewhere in the game keyed by card names (as sheet_checks' PARAMS and the
    bots' NOTHING_AS_A_COPY were): a shipped card's name appears in simulator/ only in the
    module declaring its power (and the documented cross-reference)."""
    elsewhere = sorted(
        (name, module)
        for module, name, _ in _literals("simulator")
        if name in POWERS
        and module != POWERS[name].declared.module
        and module not in CROSS_REFERENCES
    )
    assert elsewhere == []


def test_a_second_declaration_or_a_second_module_is_refused() -> None:
    """The framework refuses a card declared twice, or registered in two modules."""
    numbers = {"payment": Need(0, why="credits")}

    def first(*_: object) -> None:
        """A handler."""

    def later(*_: object) -> None:
        """Another."""

    with collecting({}) as registry:
        power("Test Card", on_fulfil=True, params=numbers)(first)
        with pytest.raises(ValueError, match="declared again"):
            power("Test Card", on_lose=True, params=numbers)(later)
        later.__module__ = "somewhere.else"
        with pytest.raises(ValueError, match="in one module"):
            power("Test Card", on_lose=True)(later)
        assert isinstance(registry["Test Card"], Power)
        assert registry["Test Card"].declared.params == numbers


def test_the_sheet_checks_read_the_declarations() -> None:
    """PARAMS, OWN_LEVEL, OWN_COLOR and the one-card checks are the declarations'."""
    assert sheet_checks.PARAMS == {
        name: entry.declared.params for name, entry in POWERS.items() if entry.declared.params
    }
    assert sheet_checks.PARAMS["Hawaiian Salt"] == {"pay_per_card": PAY}
    assert set(sheet_checks.OWN_LEVEL) == {"Flour", "Lutefisk", "Tortillas"}
    card_checks = {check.__name__ for check in sheet_checks.CARD_CHECKS}
    assert "flour_cargo" in card_checks
    assert all(
        check.__module__ == entry.declared.module
        for entry in POWERS.values()
        for check in entry.declared.checks
    )


def test_every_power_question_belongs_to_one_card() -> None:
    """A kind the rules ask for a card's power is declared with that card (`asks`), by one
    card only; the rest are the turn's and the actions' own."""
    askers: dict[str, list[str]] = {}
    for name, entry in POWERS.items():
        for kind in entry.declared.asks:
            askers.setdefault(kind, []).append(name)
    assert {kind: names for kind, names in askers.items() if len(names) > 1} == {}
    assert set(askers) | set(TURN_KINDS) == set(KINDS)
    assert not set(askers) & set(TURN_KINDS)
    assert askers["insects_target"] == ["Insects"]


@pytest.mark.parametrize("root", ["simulator/games/import_export", "strategies"])
def test_no_decision_kind_is_written_as_a_string(root: str) -> None:
    """Rules and bots name a kind by its constant: no `Decision(p, "kind", ...)`, no
    `decision.kind == "kind"`, no dispatch table keyed by kind strings, and no power kind's
    name anywhere as a bare string (decisions.KINDS.declare itself aside)."""
    kinds = set(KINDS)
    turn = set(TURN_KINDS)
    written = []
    for path in sorted((ROOT / root).rglob("*.py")):
        if "travel" in path.parts:
            continue
        tree = ast.parse(path.read_text())
        declares = {
            id(arg)
            for node in ast.walk(tree)
            if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "declare"
            for arg in node.args
        }
        for node in ast.walk(tree):
            spots: list[ast.AST] = []
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Decision":
                spots = node.args[1:2]
            elif isinstance(node, ast.Compare):
                sides = [node.left, *node.comparators]
                if any(getattr(side, "attr", getattr(side, "id", "")) == "kind" for side in sides):
                    spots = [x for side in sides for x in getattr(side, "elts", [side])]
            elif isinstance(node, ast.Dict):
                spots = [key for key in node.keys if key is not None]
            elif isinstance(node, ast.Constant) and node.value in kinds - turn:
                spots = [node] if id(node) not in declares else []
            for spot in spots:
                if (
                    isinstance(spot, ast.Constant)
                    and spot.value in kinds
                    and id(spot) not in declares
                ):
                    if isinstance(node, ast.Dict) and spot.value in turn:
                        continue  # an option or a column named like an action, not a kind
                    written.append(f"{_module(path)}:{spot.lineno} {spot.value!r}")
    assert sorted(set(written)) == []
