"""Dask and Ray backends: the same chunks on a cluster give the loky run's datasets, bit for bit.

A local Dask cluster (two in-process workers) and a local Ray instance (two CPUs) are started
once for the module; the runner connects to them by address, as it would to a real cluster.
"""

from __future__ import annotations

import builtins
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from polars.testing import assert_frame_equal

from cli import main
from simulator.analysis.metrics import read_card_summary
from simulator.core.errors import ConfigError, StrategyError
from simulator.folders.config import RunConfig, make_run_config
from simulator.folders.run_folder import part_path, read_games, read_players, remove_chunk
from simulator.native import CORE
from simulator.runs.backends import open_backend
from simulator.runs.experiment import Experiment, Table
from simulator.runs.runner import run_simulation

CONFIGS = {
    "travel": make_run_config(
        "travel",
        4,
        ("events", "postcards"),
        ("heuristic", "random", "heuristic", "random"),
        games=60,
        seed=8,
        chunk_size=20,
        max_turns=300,
    ),
    "import-export": make_run_config("import-export", 3, (), ("heuristic",), games=30, seed=2,
                                     chunk_size=10),
}  # fmt: skip


def _same_run(a: Path, b: Path) -> None:
    assert_frame_equal(read_games(a), read_games(b))
    assert_frame_equal(read_players(a), read_players(b))
    assert_frame_equal(read_card_summary(a), read_card_summary(b))


@pytest.fixture(scope="module")
def loky_runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    base = tmp_path_factory.mktemp("loky")
    return {
        name: run_simulation(config, base / name, jobs=2, progress=False)
        for name, config in CONFIGS.items()
    }


@pytest.fixture(scope="module")
def dask_address() -> Iterator[str]:
    import distributed

    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    )
    yield cluster.scheduler_address
    cluster.close()


@pytest.fixture(scope="module")
def ray_local() -> Iterator[None]:
    import ray

    ray.init(
        num_cpus=2,
        include_dashboard=False,
        object_store_memory=100 * 1024 * 1024,
        log_to_driver=False,
        # the workers import strategies given by path (tests/broken_bots.py) like this process
        runtime_env={"env_vars": {"PYTHONPATH": str(Path(__file__).parent)}},
    )
    yield
    ray.shutdown()


@pytest.mark.parametrize("name", CONFIGS)
def test_a_dask_cluster_gives_the_loky_datasets(
    name: str, loky_runs: dict[str, Path], dask_address: str, tmp_path: Path
) -> None:
    folder = run_simulation(
        CONFIGS[name], tmp_path / "dask", backend="dask", address=dask_address, progress=False
    )
    _same_run(loky_runs[name], folder)
    backend = json.loads((folder / "manifest.json").read_text())["last_backend"]
    assert backend["backend"] == "dask" and backend["workers"] == 2


@pytest.mark.parametrize("name", CONFIGS)
def test_ray_gives_the_loky_datasets(
    name: str, loky_runs: dict[str, Path], ray_local: None, tmp_path: Path
) -> None:
    folder = run_simulation(CONFIGS[name], tmp_path / "ray", backend="ray", progress=False)
    _same_run(loky_runs[name], folder)
    backend = json.loads((folder / "manifest.json").read_text())["last_backend"]
    assert backend["backend"] == "ray" and backend["workers"] == 2


def test_a_dask_run_resumes_by_playing_only_the_missing_chunks(
    loky_runs: dict[str, Path], dask_address: str, tmp_path: Path
) -> None:
    config = CONFIGS["travel"]
    folder = run_simulation(
        config, tmp_path / "run", backend="dask", address=dask_address, progress=False
    )
    kept = {c: part_path(folder, "players", c).stat().st_mtime_ns for c in (0, 2)}
    remove_chunk(folder, 1)  # a run killed before chunk 1 was renamed in
    (folder / "games" / ".part-00001.parquet.tmp-4242").write_bytes(b"half")
    run_simulation(config, folder, backend="dask", address=dask_address, progress=False)
    for chunk, mtime in kept.items():  # completed chunks were not played again
        assert part_path(folder, "players", chunk).stat().st_mtime_ns == mtime
    assert part_path(folder, "players", 1).exists()
    assert not list(folder.glob("*/.part-*"))
    _same_run(loky_runs["travel"], folder)


def test_until_ci_stops_at_the_same_chunk_on_dask_as_in_one_process(
    dask_address: str, tmp_path: Path
) -> None:
    config = make_run_config(
        "travel", 3, (), ("heuristic",), games=400, seed=4, chunk_size=20, max_turns=300,
        until_ci=0.12,
    )  # fmt: skip
    one = run_simulation(config, tmp_path / "one", backend="sequential", progress=False)
    many = run_simulation(
        config,
        tmp_path / "dask",
        backend="dask",
        address=dask_address,
        max_in_flight=6,
        progress=False,
    )
    _same_run(one, many)
    stop = json.loads((many / "manifest.json").read_text())["stop"]
    assert stop["reason"] == "until_ci" and stop["games"] < 400


def test_a_strategy_error_on_a_cluster_reads_as_in_one_process(
    dask_address: str, ray_local: None, tmp_path: Path
) -> None:
    config = make_run_config(
        "travel", 3, (), ("broken_bots:RaisesOnTrade",), games=10, seed=4, chunk_size=5
    )
    for backend, address in (("dask", dask_address), ("ray", None)):
        with pytest.raises(StrategyError, match="strategy 'raises-on-trade' raised"):
            run_simulation(
                config, tmp_path / backend, backend=backend, address=address, progress=False
            )


def test_the_cli_runs_on_ray_and_on_a_local_dask_cluster(
    loky_runs: dict[str, Path], ray_local: None, tmp_path: Path
) -> None:
    """`--backend ray` joins the Ray instance of this process; `--backend dask` without an
    address starts a LocalCluster of --jobs worker processes and closes it afterwards."""
    config = CONFIGS["travel"]
    args = [
        "simulate", "travel", "-p", "4", "-m", "events,postcards", "-s", "heuristic",
        "-s", "random", "-s", "heuristic", "-s", "random", "-n", "60", "--chunk-size", "20",
        "--seed", "8", "--max-turns", "300", "-q",
    ]  # fmt: skip
    assert config.to_json()["games"] == 60
    for backend in ("ray", "dask"):
        out = tmp_path / backend
        result = CliRunner().invoke(main, [*args, "--backend", backend, "-j", "1", "-o", str(out)])
        assert result.exit_code == 0, result.output
        assert "60 games in" in result.output
        _same_run(loky_runs["travel"], out)


def test_a_missing_extra_names_the_option_and_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real_import = builtins.__import__

    def no_cluster(name: str, *args: Any, **kwargs: Any) -> Any:
        if name.split(".")[0] in ("distributed", "ray"):
            raise ImportError(f"No module named '{name}'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_cluster)
    with pytest.raises(ConfigError, match=r"--backend dask .*pip install 'deckhand\[cluster\]'"):
        open_backend("dask", 1)
    with pytest.raises(ConfigError, match=r"--backend ray .*pip install 'deckhand\[cluster\]'"):
        open_backend("ray", 1)


def test_an_address_needs_a_cluster_backend() -> None:
    with pytest.raises(ConfigError, match="--scheduler/--address: only for --backend dask or ray"):
        open_backend("loky", 2, "tcp://127.0.0.1:8786")


def test_the_config_round_trips_through_the_manifest() -> None:
    for config in CONFIGS.values():
        assert RunConfig.from_json(json.loads(json.dumps(config.to_json()))) == config


@pytest.mark.skipif(CORE is None, reason="the native core is not built")
@pytest.mark.parametrize("backend", ["dask", "ray"])
def test_cluster_workers_play_natively(
    backend: str, dask_address: str, ray_local: None, tmp_path: Path
) -> None:
    """Workers on a cluster import the built core: an Import/Export run and a designed
    experiment play natively there, the same games as the Python engine in one process."""
    config = CONFIGS["import-export"]
    address = dask_address if backend == "dask" else None
    folder = run_simulation(
        config, tmp_path / "native", backend=backend, address=address, progress=False
    )
    engine = json.loads((folder / "manifest.json").read_text())["engine"]
    assert engine["engine"] == "native"
    python = run_simulation(config, tmp_path / "python", progress=False, engine="python")
    _same_run(python, folder)
    if backend == "ray":  # experiments open their backend without an address: the local Ray
        tables = [Table(d, d, ("heuristic", "random", "heuristic")) for d in range(6)]
        on_ray = Experiment(config.game, 5, jobs=2, backend="ray", chunk_size=2)
        here = Experiment(config.game, 5, engine="python")
        assert on_ray.play(tables) == here.play(tables)
        assert on_ray.chosen is not None and on_ray.chosen.engine == "native"
