"""The travel game's decision kinds are declared once (simulator/games/travel/decisions.py):
games with every module ask every declared kind and no other, and the rules and the bots
name a kind by its constant, never by a literal string. (tests/test_decisions.py checks,
for both games, that the rules read exactly the declared constants.)"""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import pytest

from simulator.catalog import get_game
from simulator.folders.config import make_run_config
from simulator.games.travel import decisions
from simulator.games.travel.cards import EXPANSIONS, RULE_PARAMS, SPECIAL_EFFECTS, TIMINGS
from simulator.games.travel.decisions import KINDS
from simulator.runs.match import Match

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "simulator" / "games" / "travel"
BOTS = ROOT / "strategies" / "travel"
DECLARED_IN = RULES / "decisions.py"

OTHER_MEANINGS = {
    "a rule number (cards.RULE_RANGES)": frozenset(RULE_PARAMS),
    "a special item's effect (cards.SPECIAL_EFFECTS)": frozenset(SPECIAL_EFFECTS),
    "a card's timing (cards.TIMINGS)": frozenset(TIMINGS),
}
"""Other names of the game that some kinds share: the rule number `steal_cost` and the kind
`steal_cost` (the card paid for it), the Mousetrap's effect and the kind `mousetrap` (the
victim's choice to spring it), the timing `action` and the kind `action`."""
OTHER_TABLES = frozenset({"RULE_RANGES", "WITHIN_HAND_LIMIT", "SPECIAL_EFFECTS", "TIMINGS"})
"""cards.py's tables that declare those other names."""
LOOK_UPS = frozenset({"rule", "get"})
"""Calls that look up a rule number or an effect by name: `view.rule("steal_cost")`,
`effect_cards.get("mousetrap")`."""


def _kind_constants() -> dict[str, str]:
    """decisions.py's constant for each kind: name -> kind."""
    return {
        name: value
        for name, value in vars(decisions).items()
        if name.isupper() and isinstance(value, str) and value in KINDS
    }


def test_the_spec_declares_the_kinds_of_decisions_py() -> None:
    spec = get_game("travel")
    assert spec.decision_kinds() == frozenset(KINDS)
    assert dict(spec.decisions) == dict(KINDS)
    assert sorted(_kind_constants().values()) == sorted(KINDS)  # one constant each


@pytest.mark.parametrize(("bot", "games"), [("random", 4), ("heuristic", 8)])
def test_games_with_every_module_ask_every_declared_kind_and_no_other(bot: str, games: int) -> None:
    """Every module on, four players: the random bot meets every kind within two games, the
    heuristic (which steals, smuggles and uses items less often) within six (seed 8)."""
    asked: Counter[str] = Counter()
    match = Match(make_run_config("travel", 4, EXPANSIONS, (bot,), games=games, seed=8))
    for index in range(games):
        match.play(index, on_decision=lambda d, _: asked.update((d.kind,)))
    assert sorted(set(asked) - set(KINDS)) == [], "asked but not declared"
    assert sorted(set(KINDS) - set(asked)) == [], "declared but never asked"


def test_a_base_game_asks_only_declared_kinds() -> None:
    asked: set[str] = set()
    match = Match(make_run_config("travel", 3, (), ("random",), games=2, seed=3))
    for index in range(2):
        match.play(index, on_decision=lambda d, _: asked.add(d.kind))
    assert asked <= set(KINDS) and "action" in asked


def _sources() -> list[Path]:
    files = sorted(RULES.rglob("*.py")) + sorted(BOTS.rglob("*.py"))
    return [path for path in files if path != DECLARED_IN]


def _other_use(node: ast.Constant, parent: ast.AST | None, in_table: set[int]) -> bool:
    """Whether this literal, equal to a kind, names something else of the game where such
    names are declared or looked up."""
    word = node.value
    if not any(word in names for names in OTHER_MEANINGS.values()):
        return False
    if id(node) in in_table:
        return True
    if isinstance(parent, ast.Subscript) and parent.slice is node:
        return True  # rules["steal_cost"]
    return (
        isinstance(parent, ast.Call)
        and node in parent.args
        and isinstance(parent.func, ast.Attribute)
        and parent.func.attr in LOOK_UPS
    )


def _literal_kinds(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parents: dict[int, ast.AST] = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parents[id(child)] = node
    in_table: set[int] = set()
    for statement in tree.body:
        targets = (
            statement.targets
            if isinstance(statement, ast.Assign)
            else [statement.target]
            if isinstance(statement, ast.AnnAssign)
            else []
        )
        if any(isinstance(t, ast.Name) and t.id in OTHER_TABLES for t in targets):
            in_table.update(id(n) for n in ast.walk(statement))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in KINDS:
            if not _other_use(node, parents.get(id(node)), in_table):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: '{node.value}'")
    return found


def test_no_kind_is_written_as_a_literal_outside_decisions_py() -> None:
    found = [hit for path in _sources() for hit in _literal_kinds(path)]
    assert found == [], "use the constant of simulator/games/travel/decisions.py"


def test_the_other_meanings_are_real() -> None:
    """The exception above is for words that really are two names, and only these: a new
    kind sharing a name of cards.py is a choice to make here, not a silent pass."""
    shared = {kind for kind in KINDS if any(kind in names for names in OTHER_MEANINGS.values())}
    assert shared == {"action", "mousetrap", "recycle_cost", "steal_cost"}
