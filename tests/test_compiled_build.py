"""The compiled build (deckhand compile: mypyc) plays the same games as pure Python.

The hot modules are compiled in a copy of the tree, then the golden games of a dozen
configurations are played there and checked against the fingerprints the pure build keeps
(tests/golden_games.json): same seed and config, same games, bit for bit, whichever build.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from golden_games import CONFIGS

from simulator.compiled import HOT_MODULES, ROOT, build

CHECKED = [g.name for g in CONFIGS if g.players == 4]
"""Every Import/Export mix and variant and both travel mixes, at four players, both bots."""


def _compiler() -> str | None:
    return shutil.which(os.environ.get("CC", "cc")) or shutil.which("gcc")


@pytest.fixture(scope="module")
def compiled_tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("mypyc", reason="the compiled build needs mypyc (the compiled extra)")
    if _compiler() is None:
        pytest.skip("the compiled build needs a C compiler")
    tree = tmp_path_factory.mktemp("compiled") / "deckhand"
    for name in ("simulator", "strategies"):
        shutil.copytree(ROOT / name, tree / name, ignore=shutil.ignore_patterns("*.so"))
    (tree / "tests").mkdir()
    for name in ("golden_games.py", "golden_games.json"):
        shutil.copy(ROOT / "tests" / name, tree / "tests" / name)
    shutil.copy(ROOT / "pyproject.toml", tree / "pyproject.toml")
    made = build(root=tree)
    assert len(made) == len(HOT_MODULES) + 1  # one extension per module, one shared library
    return tree


def _run(tree: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    return subprocess.run(
        [sys.executable, *args], cwd=tree, env=env, capture_output=True, text=True, check=False
    )


def test_the_copy_imports_the_compiled_modules(compiled_tree: Path) -> None:
    done = _run(compiled_tree, "-c", "from simulator.compiled import build_label as b; print(b())")
    assert done.stdout.strip() == "compiled", done.stderr


def test_compiled_and_pure_builds_play_the_same_golden_games(compiled_tree: Path) -> None:
    done = _run(compiled_tree, "tests/golden_games.py", *CHECKED)
    lines = done.stdout.splitlines()
    assert [line.split()[1] for line in lines] == CHECKED, done.stdout + done.stderr
    differ = [line for line in lines if not line.startswith("same")]
    assert not differ and done.returncode == 0, "\n".join(differ) + done.stderr


def test_an_edited_hot_module_stops_the_commands_until_rebuilt(
    compiled_tree: Path, tmp_path: Path
) -> None:
    """Python imports a compiled module before its source: a source edited after `deckhand
    compile` would silently not play, so every command but `compile` refuses, naming it."""
    tree = tmp_path / "edited"
    shutil.copytree(compiled_tree, tree, ignore=shutil.ignore_patterns("build"))
    for name in ("cli.py", "cli_options.py"):
        shutil.copy(ROOT / name, tree / name)
    status = _run(tree, "-m", "simulator", "compile", "--status")
    assert status.stdout.startswith("build: compiled") and "stale" not in status.stdout
    assert _run(tree, "-m", "simulator", "games").returncode == 0
    source = tree / "strategies" / "random_strategy.py"
    source.write_text(source.read_text() + "\n# edited after the build\n")
    done = _run(tree, "-m", "simulator", "games")
    assert done.returncode == 1, done.stdout
    assert "strategies/random_strategy.py changed since `deckhand compile`" in done.stderr
    assert (
        "stale: strategies/random_strategy.py"
        in _run(tree, "-m", "simulator", "compile", "--status").stdout
    )


COPY_SCRIPT = """
from simulator.core.forward import Playthrough
from simulator.folders.config import make_run_config
from simulator.runs.match import Match
for game, mods in (("import-export", ("all",)), ("travel", ("events", "characters"))):
    match = Match(make_run_config(game, 4, mods, ("random",), games=1, seed=1))
    pt = Playthrough.start(match.game, 1, 0, clonable=False)
    state = pt.state
    for _ in range(150):
        pt.apply(pt.decision.options[-1])
    copy = state.copy()
    assert copy.hands == state.hands and copy.hands is not state.hands
    assert (copy.deck, copy.turn, copy.log) == (state.deck, state.turn, state.log)
    copy.hands[0].append(-1)
    assert -1 not in state.hands[0]
    print(game, type(state).__module__, "copied at turn", state.turn)
"""


def test_states_copy_in_the_compiled_build(compiled_tree: Path) -> None:
    """Look-ahead bots copy states (DESIGN.md): a native class has no bare `__new__`, so the
    copy must be built through `__init__` (it failed with a TypeError before)."""
    done = _run(compiled_tree, "-c", COPY_SCRIPT)
    assert done.returncode == 0, done.stderr
    assert [line.split()[0] for line in done.stdout.splitlines()] == ["import-export", "travel"]
