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


ALL_SETS = ("base", "capital", "tokyo", "j", "kickstarter", "kickstarter2", "flag")


def test_stretch_goal_imports_a_container_that_brings_no_card() -> None:
    """Stretch Goal (Kickstarter) imports a physical container from a ship at sea: it brings
    the first card of its colour from the discard pile, or nothing (IE-VAR-8). Natively a
    container that brought nothing still put a card -1 into the goods (and the log)."""
    setup = Setup(
        players=3,
        seed=20261210,
        powers="all",
        sets=ALL_SETS,
        variants=("containers",),
        strategies=("heuristic",),
    )
    assert check_games(setup, [19]).games == 1


def test_fake_money_keeps_the_card_a_container_brings() -> None:
    """Fake Money (Capital) takes a container off an opponent's ship and, where no ship of
    the owner's takes it, keeps it in the hand: a physical container brings the first card
    of its colour from the discard pile, or nothing (IE-VAR-8). Natively the container
    itself went into the hand (game 155: both a container that brought a card and one that
    brought none)."""
    setup = Setup(
        players=5,
        seed=77,
        powers="all",
        sets=("base", "capital", "kickstarter"),
        variants=("containers_all",),
        strategies=("random",),
    )
    assert check_games(setup, [155]).games == 1


def test_a_robo_cats_pair_loads_as_physical_containers() -> None:
    """A Robo-Cats pair (J) loaded with the physical containers: each card of the pair is
    logged and discarded, and a container of the pair's own colour goes on the ship
    (loading.load_pair; IE-VAR-5, IE-JP-8). Natively the cards themselves went on."""
    setup = Setup(
        players=4,
        seed=20261211,
        powers="all",
        sets=ALL_SETS,
        variants=("containers_all",),
        strategies=("random",),
    )
    assert check_games(setup, [18]).games == 1


def test_dino_bones_puts_the_card_a_goods_container_brings_on_the_island() -> None:
    """Dino Bones (Kickstarter) with containers_all: a good given is a physical container,
    and what goes on the supply island is the card it brings from the discard pile, or
    nothing (IE-VAR-8). Natively the container itself went on the island."""
    setup = Setup(
        players=5,
        seed=77,
        powers="all",
        sets=("base", "kickstarter"),
        variants=("containers_all",),
        strategies=("random",),
    )
    assert check_games(setup, [252]).games == 1
