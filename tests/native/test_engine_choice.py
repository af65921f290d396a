"""Which engine plays a run (simulator/native/engine_choice.py): native only where everything
in the run is native, else Python with the reason; --engine native refuses what it cannot
play, naming why; the run records the engine that played; `deckhand engine` says so."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import main
from simulator.core.errors import ConfigError
from simulator.folders.config import make_run_config
from simulator.native import CORE
from simulator.native.engine_choice import blockers, choose_engine
from simulator.runs.runner import run_simulation


def test_python_when_asked_whatever_the_run() -> None:
    chosen = choose_engine(make_run_config("import-export", 3), "python")
    assert chosen.engine == "python" and "as asked" in chosen.why


@pytest.mark.parametrize(
    ("game", "kw", "named"),
    [
        ("travel", {"check_invariants": True}, "--check-invariants"),
        ("import-export", {"strategies": ("contractor",)}, "strategy 'contractor'"),
        ("import-export", {"check_invariants": True}, "--check-invariants"),
    ],
)
def test_what_keeps_a_run_in_python_is_named(game: str, kw: dict, named: str) -> None:
    config = make_run_config(game, 3, **kw)
    if CORE is None:
        assert blockers(config)  # the core's absence, said
        return
    found = " ".join(blockers(config))
    assert named in found
    auto = choose_engine(config, "auto")
    assert auto.engine == "python" and named in auto.why
    with pytest.raises(ConfigError, match="--engine native: this run cannot play natively"):
        choose_engine(config, "native")


def test_an_unknown_engine_is_refused_with_the_accepted_values() -> None:
    with pytest.raises(ConfigError, match="accepted: auto, native, python"):
        choose_engine(make_run_config("import-export", 3), "fast")


def test_the_engine_command_says_what_is_built() -> None:
    result = CliRunner().invoke(main, ["engine"])
    assert result.exit_code == 0, result.output
    assert "native core:" in result.output
    result = CliRunner().invoke(main, ["engine", "travel", "-p", "3", "-s", "mcts"])
    assert "this run: python" in result.output
    result = CliRunner().invoke(main, ["engine", "travel", "-p", "3"])
    assert "this run: native" in result.output or CORE is None


def test_the_engine_option_refuses_clearly_on_the_command_line() -> None:
    result = CliRunner().invoke(main, ["engine", "travel", "--engine", "native", "-s", "mcts"])
    assert result.exit_code != 0
    assert "--engine native" in result.output


def test_a_run_records_the_engine_that_played_and_why(tmp_path: Path) -> None:
    config = make_run_config("travel", 2, games=4, seed=1, chunk_size=4, check_invariants=True)
    folder = run_simulation(config, tmp_path / "run", progress=False, engine="auto")
    engine = json.loads((folder / "manifest.json").read_text())["engine"]
    assert engine["engine"] == "python"
    assert "--check-invariants" in engine["why"] or "not" in engine["why"]


def test_without_a_core_every_run_plays_python_and_says_why(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An install without a C++ compiler (setup.py's OptionalBuildExt goes on without the
    core): auto plays Python, saying the core is not built; native is refused."""
    from simulator.native import engine_choice

    monkeypatch.setattr(engine_choice, "CORE", None)
    monkeypatch.setattr(engine_choice, "NOT_BUILT", "the native core is not built (test)")
    config = make_run_config("import-export", 3, ("base",), ("random",))
    auto = choose_engine(config)
    assert auto.engine == "python" and "not built" in auto.why
    with pytest.raises(ConfigError, match="not built"):
        choose_engine(config, "native")


def test_every_set_and_variant_plays_natively() -> None:
    """All six expansions with the base set (Flag's two-contract cards too), each variant."""
    for variants in ((), ("market",), ("containers",), ("containers_all",)):
        config = make_run_config(
            "import-export", 4, modules=("all",), variants=variants, strategies=("heuristic",)
        )
        chosen = choose_engine(config)
        assert chosen.engine == "native", chosen.why
