"""The native Kickstarter and Kickstarter 2 powers (simulator/native/src/ie_powers_kickstarter.cpp,
ie_powers_kickstarter2.cpp), the rules they reach and the heuristic's answers to their
questions (heuristic/reasons_kickstarter.hpp) play as the Python reference does, decision by
decision.

Each check is simulator/runs/differential.check_games: the same games played by both
engines from the same seeds, every decision (seat, kind, options, answer) and the tables
(turns, end, winners, scores, placements, credits, every event log) compared. Most games
play the easy sheet (tests/native/kick_diff.py: these sets' cards need one container of their
colour and no level) so that bots fulfil them often; the shipped sheet is checked too.
Hypothesis draws the player count, the seed, the set mix and the bots.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from simulator.native import CORE, NOT_BUILT
from simulator.runs.differential import Setup, match_for
from tests.native.kick_diff import KICK_SETS, check, fulfilled, seated

pytestmark = pytest.mark.skipif(CORE is None, reason=NOT_BUILT)

MIXES = (("base", "kickstarter"), ("base", "kickstarter2"), ("base", *KICK_SETS))
BOTS = (("random",), ("heuristic",), ("heuristic", "random"))
SEED = 20261206


def _cards_of_sets() -> list[str]:
    game = match_for(Setup(2, SEED, "all", sets=("base", *KICK_SETS))).game
    cards = game.cards  # type: ignore[attr-defined]
    return sorted(n for n, s in zip(cards.names, cards.sets, strict=True) if s in KICK_SETS)


def test_every_card_has_a_native_power() -> None:
    assert CORE is not None
    names = _cards_of_sets()
    assert len(names) == 25
    missing = set(names) - set(CORE.native_powers())
    assert not missing, f"no native power: {sorted(missing)}"
    assert {"kickstarter", "kickstarter2"} <= set(CORE.native_modules())
    assert not CORE.power_errors()


def test_random_bots_fulfil_every_card_identically() -> None:
    """Fixed games with random bots at every player count: identical, and every card of both
    sets fulfilled in them (so every power is reached)."""
    seen: Counter[str] = Counter()
    for players in (2, 3, 4, 5, 6):
        setup = Setup(players, SEED, "all", sets=("base", *KICK_SETS))
        counts = check(setup, range(12))
        assert counts.games == 12
        seen += fulfilled(setup, range(12))
    missing = set(_cards_of_sets()) - set(seen)
    assert not missing, f"never fulfilled: {sorted(missing)}"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**31 - 1),
    sets=st.sampled_from(MIXES),
    bots=st.sampled_from(BOTS),
    easy=st.booleans(),
)
def test_drawn_setups_play_identically(
    players: int, seed: int, sets: tuple[str, ...], bots: tuple[str, ...], easy: bool
) -> None:
    setup = Setup(players, seed, "all", sets=sets, strategies=seated(bots, players))
    assert check(setup, range(4), easy=easy).games == 4


@pytest.mark.parametrize("players", [2, 4, 6])
def test_heuristic_long_games(players: int) -> None:
    """Longer games with more at sea (goods pile up: Sanitizer's discards, Railguns' goods)."""
    rules = (("end_credits", "70"), ("sea_cards_at_setup", "6"))
    for bots in (("heuristic",), ("heuristic", "random")):
        setup = Setup(
            players,
            SEED,
            "all",
            sets=("base", *KICK_SETS),
            rules=rules,
            strategies=seated(bots, players),
        )
        assert check(setup, range(6)).games == 6


def test_native_powers_only() -> None:
    """`--powers native`: every card of these sets keeps its power (all are native)."""
    for players in (3, 5):
        setup = Setup(players, SEED, "native", sets=("base", *KICK_SETS))
        assert check(setup, range(6), easy=False).games == 6
