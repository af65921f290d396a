"""A chunk played by the native core gives the same tables as the Python engine's, bit for
bit (games, players, card events), and a run gives the same folder for any --jobs, backend
or engine. The decision-by-decision comparison is test_differential.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from polars.testing import assert_frame_equal

from simulator.core.datasets import card_events, card_names
from simulator.folders.config import RunConfig, make_run_config
from simulator.folders.run_folder import read_games, read_players
from simulator.games.import_export.rules import ImportExportGame
from simulator.native import CORE
from simulator.native.chunk import native_frames
from simulator.native.engine_choice import blockers, choose_engine
from simulator.runs.match import Match
from simulator.runs.runner import _python_frames, run_simulation

pytestmark = pytest.mark.skipif(
    CORE is None or not hasattr(CORE, "play_import_export"),
    reason="the native core with its Import/Export engine is not built",
)

POWERS_OFF = (("card_powers", "0"),)


def _native_config(
    players: int, seed: int, games: int, duplicate: bool = False, chunk_size: int | None = None
) -> RunConfig:
    """The most the core plays natively now: all powers when it has them, else powers off;
    random seats (one strategy per seat for duplicate deals)."""
    seats = ("random",) * (players if duplicate else 1)
    for rules in ((), POWERS_OFF):
        config = make_run_config(
            "import-export",
            players,
            ("base",),
            seats,
            games=games,
            seed=seed,
            chunk_size=chunk_size,
            rules=rules,
            duplicate=duplicate,
        )
        if not blockers(config):
            return config
    raise AssertionError(f"not native: {blockers(config)}")


@settings(max_examples=12, deadline=None)
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**63 - 1),
    first=st.integers(0, 10**6),
    duplicate=st.booleans(),
)
def test_a_native_chunk_is_the_python_chunk(
    players: int, seed: int, first: int, duplicate: bool
) -> None:
    games = 2 * players
    start = first - first % players  # a whole deal's first game
    config = _native_config(players, seed, start + games, duplicate=duplicate)
    match = Match(config)
    indices = range(start, start + games)
    py_games, py_players = _python_frames(config, match, indices)
    game = match.game
    assert isinstance(game, ImportExportGame)
    nat_games, nat_players = native_frames(config, game, match.choices, indices)
    assert_frame_equal(nat_games, py_games)
    assert_frame_equal(nat_players, py_players)
    names = card_names(game.sheet)
    events = match.spec.event_names
    assert_frame_equal(
        card_events(nat_players, events, names), card_events(py_players, events, names)
    )


def test_a_run_is_the_same_for_any_engine_jobs_or_backend(tmp_path: Path) -> None:
    config = _native_config(4, 2026, 60, chunk_size=20)
    assert choose_engine(config).engine == "native"
    python = run_simulation(config, tmp_path / "python", progress=False, engine="python")
    native = run_simulation(config, tmp_path / "native", progress=False, engine="native")
    two = run_simulation(config, tmp_path / "two", jobs=2, progress=False, engine="auto")
    threads = run_simulation(
        config, tmp_path / "threads", jobs=2, backend="threading", progress=False
    )
    for other in (native, two, threads):
        assert_frame_equal(read_games(other), read_games(python))
        assert_frame_equal(read_players(other), read_players(python))
