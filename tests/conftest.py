"""Shared fixtures: small real runs, built once per session."""

from __future__ import annotations

from pathlib import Path

import pytest

# runs shared by the comparison, sweep and browser tests (built once per session)
from report_runs import ie_mixes, ie_sweep, travel_mixes, travel_sweep  # noqa: F401

from simulator.folders.config import make_run_config
from simulator.games.travel.cards import EXPANSIONS
from simulator.runs.runner import run_simulation


@pytest.fixture(scope="session")
def small_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """60 four-player games with every module, a heuristic against three random bots."""
    folder = tmp_path_factory.mktemp("runs") / "small"
    config = make_run_config(
        "travel",
        4,
        EXPANSIONS,
        ("heuristic", "random", "random", "random"),
        games=60,
        seed=11,
        chunk_size=20,
        max_turns=300,
    )
    return run_simulation(config, folder, jobs=1, progress=False)
