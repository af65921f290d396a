"""Designed experiments (tune, ablate, versus, the ladder's ablations: runs/experiment.py)
play natively when everything in their tables is native, and the native engine gives the
same games as the Python reference: deal, strategy stream, seats and powers-off set per
table, grouped per call."""

from __future__ import annotations

import pytest

from simulator.core.errors import ConfigError
from simulator.core.spec import GameConfig
from simulator.folders.config import make_run_config
from simulator.native import CORE
from simulator.runs import experiment as experiment_module
from simulator.runs.experiment import Experiment, Table, play_tables

pytestmark = pytest.mark.skipif(CORE is None, reason="the native core is not built")


def _config(players: int) -> GameConfig:
    return make_run_config("import-export", players, modules=("base",)).game


def _tables(players: int) -> list[Table]:
    """Shared deals and streams, mixed seats, three powers-off sets interleaved (as an
    ablation lists them)."""
    seats = [
        ("heuristic",) * players,
        tuple("random" if s % 2 else "heuristic" for s in range(players)),
        ("heuristic@tuned-base-4p",) + ("heuristic",) * (players - 1),
    ]
    offs = [frozenset(), frozenset({1}), frozenset({7, 42})]
    return [
        Table(deal=d, stream=3 * d + k, seats=seats[(d + k) % 3], off=offs[k])
        for d in range(8)
        for k in range(3)
    ]


@pytest.mark.parametrize("players", [2, 4])
def test_native_tables_equal_python(players: int) -> None:
    tables = _tables(players)
    python = Experiment(_config(players), seed=11, engine="python", chunk_size=7)
    native = Experiment(_config(players), seed=11, engine="auto", chunk_size=7)
    assert python.play(tables) == native.play(tables)
    assert native.chosen is not None and native.chosen.engine == "native"
    assert python.chosen is not None and python.chosen.engine == "python"


def test_an_experiment_says_why_it_plays_in_python() -> None:
    config = _config(2)
    experiment = Experiment(config, seed=1, engine="auto")
    chosen = experiment.choose([Table(0, 0, ("contractor", "heuristic"))])
    assert chosen.engine == "python"
    assert "contractor" in chosen.why
    with pytest.raises(ConfigError, match="--engine native"):
        Experiment(config, seed=1, engine="native").choose([Table(0, 0, ("pirate", "random"))])


def test_a_worker_without_the_core_refuses_a_native_chunk(monkeypatch: pytest.MonkeyPatch) -> None:
    experiment = Experiment(_config(2), seed=3)
    monkeypatch.setattr(experiment_module, "CORE", None)
    assert experiment._sheet is not None
    with pytest.raises(ConfigError, match="cannot play the native engine"):
        play_tables(
            _config(2).to_json(),
            experiment._sheet,
            3,
            [Table(0, 0, ("random", "random"))],
            experiment_module._engine_versions(),
            "native",
        )


def test_travel_tables_play_natively_as_in_python() -> None:
    config = make_run_config("travel", 3, modules=("events", "postcards")).game
    seats = [("heuristic", "random", "heuristic"), ("random",) * 3]
    tables = [Table(deal=d, stream=d, seats=seats[d % 2]) for d in range(10)]
    native = Experiment(config, seed=4, chunk_size=4)
    assert Experiment(config, seed=4, engine="python").play(tables) == native.play(tables)
    assert native.chosen is not None and native.chosen.engine == "native"
