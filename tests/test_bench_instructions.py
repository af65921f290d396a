"""`deckhand bench --instructions` (simulator/runs/instructions.py): the native core's
instructions for a configuration's games, counted by callgrind, repeat exactly from one run
to the next; and each way it cannot count says why."""

from __future__ import annotations

import re
import shutil

import pytest
from click.testing import CliRunner

from cli import main
from simulator.core.errors import ConfigError
from simulator.folders.config import RunOptions
from simulator.native import CORE, NOT_BUILT
from simulator.runs import instructions
from simulator.runs.bench import bench_lines
from simulator.runs.instructions import (
    InstructionsError,
    count_instructions,
    count_search_instructions,
)

needs_counting = pytest.mark.skipif(
    CORE is None or shutil.which("valgrind") is None,
    reason="needs the native core and valgrind",
)

BASE = RunOptions("import-export", players=2, modules=("base",), seed=3)


@needs_counting
def test_the_same_games_count_the_same_instructions() -> None:
    one = count_instructions(BASE.but(games=1, chunk_size=1).config())
    again = count_instructions(BASE.but(games=1, chunk_size=1).config())
    assert one.entry == "play_one("
    assert (one.count, one.unit) == (1, "game")
    assert one.total == again.total  # exactly: no Python code inside the counted function
    assert one.total > 100_000  # a whole two-player game of heuristics
    assert one.valgrind.startswith("valgrind")


@needs_counting
def test_the_command_names_what_it_counted_then_the_count() -> None:
    lines = list(bench_lines(RunOptions("travel", players=3, seed=2), instructions=True))
    assert lines[0] == (
        "game=travel players=3 modules=none strategies=heuristic seed=2 logging=full "
        "build=native; instructions counted by callgrind"
    )
    said = re.fullmatch(
        r"([\d,]+) instructions for 1 game \(([\d,]+) per game\), inside the core's "
        r"travel::Game::play\(\.\.\.\) \(valgrind-[\d.]+\)",
        lines[1],
    )
    assert said is not None, lines[1]
    assert said.group(1) == said.group(2)
    assert int(said.group(1).replace(",", "")) > 10_000


@needs_counting
def test_a_search_is_counted_by_the_iterations_it_played() -> None:
    config = BASE.but(games=2, chunk_size=2).config()
    search = "mcts:iterations=20,rollout_decisions=10"
    count = count_search_instructions(config, search)
    assert count.entry == "ie::Mcts::choose("
    assert count.unit == "iteration"
    # two positions, up to 20 iterations each, fewer where the answer settles early
    assert 0 < count.count <= 40
    assert count.total > 1_000 * count.count  # a determinisation and a rollout apiece
    assert count_search_instructions(config, search) == count  # repeats exactly
    line = count.line()
    assert line.startswith(f"{count.total:,} instructions for {count.count:,} iterations (")
    assert " per iteration), inside the core's ie::Mcts::choose(...) (valgrind-" in line


def test_without_valgrind_it_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    if CORE is None:
        pytest.skip("the native core is not built: the engine's error comes first")
    monkeypatch.setattr(instructions.shutil, "which", lambda name: None)
    with pytest.raises(InstructionsError, match=r"needs valgrind .* apt install valgrind"):
        count_instructions(BASE.but(games=1, chunk_size=1).config())


def test_only_import_export_has_a_native_search_to_count() -> None:
    travel = RunOptions("travel", players=2, games=1, chunk_size=1).config()
    with pytest.raises(ConfigError, match="counts Import/Export's native search"):
        count_search_instructions(travel, "mcts:iterations=10")


def test_the_python_engine_has_no_instructions_to_count() -> None:
    with pytest.raises(ConfigError, match="not with --engine python"):
        list(bench_lines(BASE.but(engine="python"), instructions=True))


def test_a_configuration_the_core_cannot_play_is_named() -> None:
    checked = BASE.but(games=1, chunk_size=1, check_invariants=True).config()
    with pytest.raises(ConfigError, match="--instructions counts the native core's") as caught:
        count_instructions(checked)
    why = str(NOT_BUILT) if CORE is None else "--check-invariants checks the Python engine"
    assert why in str(caught.value)


def test_it_is_a_mode_of_its_own() -> None:
    for given, flag in (
        ({"suite": True}, "--suite"),
        ({"forward": True}, "--forward"),
        ({"split": True}, "--split"),
        ({"profile": True}, "--profile"),
        ({"check_invariants": True}, "--check-invariants"),
    ):
        with pytest.raises(ConfigError, match=f"not with {flag}"):
            list(bench_lines(BASE, instructions=True, **given))  # type: ignore[arg-type]
    result = CliRunner().invoke(main, ["bench", "import-export", "--instructions", "--split"])
    assert result.exit_code == 2
    assert "--instructions counts one configuration's games" in result.output
