"""Flag natively (simulator/native/src/ie_powers_flag.cpp, the rules its powers switch on, and
the heuristic's answers in heuristic/reasons_flag.hpp): the native engine plays base+Flag
games as the Python reference does, decision by decision (the differential harness,
simulator/runs/differential.py: every decision's seat, kind, options and answer, and the
outcome tables), with random and heuristic bots at 2 to 6 players, on the shipped sheet and on
an easy one (no levels, one container a contract) where contracts complete often; a coverage
test checks that those games reach Flag's questions and windows. Hypothesis draws further
configurations (players, seed, bots, sheet, Flag's numbers)."""

from __future__ import annotations

import csv

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simulator.games.import_export.cards import DEFAULT_SHEET
from simulator.native import CORE, NOT_BUILT
from simulator.runs.differential import Setup
from tests.native.flag_diff import check, kinds_asked

pytestmark = pytest.mark.skipif(CORE is None, reason=NOT_BUILT)

SETS = ("base", "flag")
SEED = 20261206
BOTS = (("random",), ("heuristic",), ("heuristic", "random"))


def flag_names() -> list[str]:
    with open(DEFAULT_SHEET, newline="", encoding="utf-8") as f:
        return [row["name"] for row in csv.DictReader(f) if row["set"] == "flag"]


def test_every_flag_card_has_a_native_power() -> None:
    assert CORE is not None
    names = flag_names()
    assert len(names) == 20
    assert set(names) <= set(CORE.native_powers())
    assert not CORE.power_errors()
    assert "flag" in CORE.native_modules()


def test_the_engines_agree_on_flag_games() -> None:
    """Fixed games: every bot mix, 2 to 6 players, shipped and easy sheets."""
    games = 0
    for easy in (False, True):
        for bots in BOTS:
            for players in range(2, 7):
                setup = Setup(players, SEED, "all", sets=SETS, strategies=bots)
                games += check(setup, range(3), easy=easy).games
    assert games == 2 * len(BOTS) * 5 * 3


COVERAGE_SEED = 1
"""A seed whose easy games reach every Flag question (a coverage fact of the games, checked)."""
MAPLE_SYRUP_EASY = (("Maple Syrup", "min_credits", 0),)
"""Maple Syrup's threshold lowered, so that its holder's loads offer it early."""


def test_the_fixed_games_reach_flag_questions() -> None:
    """Easy games with random bots (and Maple Syrup at 0 credits) ask every question a Flag
    power asks and offer both Flag "at any time" powers in windows, and agree."""
    seen: dict[str, int] = {}
    for players in range(2, 7):
        setup = Setup(players, COVERAGE_SEED, "all", sets=SETS, params=MAPLE_SYRUP_EASY)
        check(setup, range(10), easy=True)
        for kind, count in kinds_asked(setup, range(10), easy=True).items():
            seen[kind] = seen.get(kind, 0) + count
    wanted = (
        "maple_syrup_load",
        "dragon_fruit_choice",
        "jasmine_tea_place",
        "paprika_load",
        "any_time:Iceland Water",
        "any_time:Olive Oil",
    )
    missing = [k for k in wanted if not seen.get(k)]
    assert not missing, f"no fixed game reached {missing}; seen {seen}"


@settings(max_examples=12, deadline=None)
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    bots=st.sampled_from(BOTS),
    easy=st.booleans(),
    maple=st.integers(0, 40),
    tej=st.integers(0, 4),
    paprika=st.integers(1, 2),
)
def test_the_engines_agree_on_drawn_flag_games(
    players: int, seed: int, bots: tuple[str, ...], easy: bool, maple: int, tej: int, paprika: int
) -> None:
    params = (
        ("Maple Syrup", "min_credits", maple),
        ("Tej", "minus", tej),
        ("Paprika", "containers", paprika),
    )
    setup = Setup(players, seed, "all", params=params, sets=SETS, strategies=bots)
    check(setup, range(2), easy=easy)


def test_rooibos_tea_pays_the_tea_drinkers() -> None:
    """With `--rule tea_drinkers` (nobody drinks tea by default), Rooibos Tea pays those seats
    alike in both engines."""
    for players in (2, 4):
        setup = Setup(players, 3, "all", rules=(("tea_drinkers", "0,1"),), sets=SETS)
        check(setup, range(4), easy=True)
