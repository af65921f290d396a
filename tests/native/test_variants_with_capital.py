"""The variants (the Market, the physical containers) with Capital's grey cards and the other
expansions, natively: each test replays a configuration where the native engine once parted
from the Python reference (found by tests/native/test_differential.py or the differential
CLI), game for game through the differential harness (simulator/runs/differential.py)."""

from __future__ import annotations

import pytest

from simulator.native import CORE, NOT_BUILT
from simulator.runs.differential import Setup, check_games

pytestmark = pytest.mark.skipif(CORE is None, reason=NOT_BUILT)

ALL_BUT_J = ("base", "capital", "flag", "kickstarter", "kickstarter2", "tokyo")


def test_the_market_pays_a_ship_with_yens_cut_as_its_needs_read() -> None:
    """Yen (Capital) cuts a container off a ship's first contract (IE-CAP-25): the Market's
    modifier counts only the containers that filled the contracts' needs as contract_cargo
    gives them, the cut applied (variants.filling; IE-VAR-2). Natively the needs were the
    printed ones, so one more container counted and a ship was paid one credit less
    (game 1051, decision 390: a bid offering 0..49 instead of 0..50)."""
    setup = Setup(
        players=3,
        seed=410,
        powers="native",
        rules=(("draw_to", "3"), ("pay_2", "10"), ("end_credits", "30"), ("illegal_penalty", "0")),
        sets=ALL_BUT_J,
        variants=("market", "containers_all"),
        strategies=("heuristic",),
    )
    assert check_games(setup, [1051]).games == 1
