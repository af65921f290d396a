"""Decision kinds are declared once per game (GameSpec.decisions, decisions.py): the rules
yield only declared kinds and every one of them, each bot answers each declared kind by a
rule of its own, and a kind with no answer is an error naming it, never a silent default."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from simulator.catalog import get_game
from simulator.core.protocol import Decision
from simulator.core.seeding import GameRandom
from simulator.folders.config import make_run_config
from simulator.games.travel.cards import EXPANSIONS
from simulator.runs.match import Match
from strategies.import_export.heuristic import IEHeuristic
from strategies.import_export.power_choices import UnansweredDecision
from strategies.random_strategy import RandomStrategy
from strategies.travel.heuristic import TravelHeuristic

ROOT = Path(__file__).resolve().parents[1]
GAMES = {"import-export": "import_export", "travel": "travel"}


def _kinds_in_source(package: str, declared: set[str]) -> set[str]:
    """The declared kinds the rules' source asks: each constant read anywhere in the game's
    modules (a `Decision(...)`, a step or helper given the kind to ask), other than in its
    declaration and in a card's `asks=` list (which says a power asks it, not where)."""
    found: set[str] = set()
    for path in sorted((ROOT / "simulator" / "games" / package).rglob("*.py")):
        dotted = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        module = importlib.import_module(dotted)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        listed = {
            id(name)
            for node in ast.walk(tree)
            if isinstance(node, ast.keyword) and node.arg == "asks"
            for name in ast.walk(node.value)
        }
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Name)
                and isinstance(node.ctx, ast.Load)
                and id(node) not in listed
            ):
                value = getattr(module, node.id, None)
                if isinstance(value, str) and value in declared:
                    found.add(value)
    return found


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_rules_ask_exactly_the_declared_kinds(game: str) -> None:
    declared = get_game(game).decision_kinds()
    assert _kinds_in_source(GAMES[game], set(declared)) == declared


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_declared_kind_says_what_it_asks(game: str) -> None:
    for kind, text in get_game(game).decisions:
        assert len(text) > 20, kind


@pytest.mark.parametrize(
    ("game", "sets", "variant"),
    [
        ("import-export", ("all",), ()),
        ("import-export", ("all",), ("containers_all",)),
        ("import-export", ("all",), ("market",)),
        ("travel", EXPANSIONS, ()),
    ],
)
def test_random_games_ask_only_declared_kinds(game: str, sets: tuple, variant: tuple) -> None:
    declared = get_game(game).decision_kinds()
    asked: set[str] = set()
    config = make_run_config(game, 4, sets, ("random",), games=12, seed=8, variants=variant)
    match = Match(config)
    for index in range(12):
        match.play(index, on_decision=lambda d, _: asked.add(d.kind))
    assert asked <= declared and len(asked) > 10


@pytest.mark.parametrize(
    ("game", "bot"), [("import-export", IEHeuristic), ("travel", TravelHeuristic)]
)
def test_the_heuristic_answers_every_declared_kind(game: str, bot: type) -> None:
    unanswered = sorted(k for k in get_game(game).decision_kinds() if not bot.answers(k))
    assert unanswered == []


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_random_bot_answers_any_kind_with_an_offered_option(game: str) -> None:
    rng = GameRandom.for_game(0, 0, 1)
    for kind in get_game(game).decision_kinds():
        options = ("a", "b", "c")
        assert RandomStrategy().choose(Decision(0, kind, options), None, rng) in options


def _table_view(game: str) -> object:
    match = Match(make_run_config(game, 2, (), ("heuristic",), games=1))
    state = match.game.new_state(GameRandom.for_game(0, 0, 0))
    return match.game.observe(state, 0)


def test_an_unanswered_kind_is_an_error_naming_it() -> None:
    view = _table_view("import-export")
    with pytest.raises(UnansweredDecision, match="'no_such_power_use'"):
        IEHeuristic().choose(
            Decision(0, "no_such_power_use", (1, 2)), view, GameRandom.for_game(0, 0, 1)
        )
    view = _table_view("travel")
    with pytest.raises(LookupError, match="'no_such_choice'"):
        TravelHeuristic().choose(
            Decision(0, "no_such_choice", (1, 2)), view, GameRandom.for_game(0, 0, 1)
        )
