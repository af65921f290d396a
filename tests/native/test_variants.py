"""The variants natively (simulator/native/src/ie_variants.cpp: the Market's markers and
payouts, the physical containers of `containers` and `containers_all`): the native engine
plays them as the Python reference does, decision by decision and table by table (the
differential harness, simulator/runs/differential.py), with every card vanilla (the variants
are rules) and with Flag's powers, random and heuristic bots, 2 to 6 players, on the shipped
sheet and on an easy one. A further check shows each variant changes native games (so an
agreement is not two engines ignoring it alike). Hypothesis draws further mixes."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simulator.native import CORE, NOT_BUILT
from simulator.native.ie_table import native_table
from simulator.native.seeds import game_streams
from simulator.runs.differential import Setup, match_for
from tests.native.flag_diff import check

pytestmark = pytest.mark.skipif(CORE is None, reason=NOT_BUILT)

SEED = 20261208
VARIANTS = ("market", "containers", "containers_all")
MIXES = (
    ("market",),
    ("containers",),
    ("containers_all",),
    ("market", "containers"),
    ("market", "containers_all"),
)
BOTS = (("random",), ("heuristic",), ("heuristic", "random"))


def test_the_variants_are_native() -> None:
    assert CORE is not None
    assert set(VARIANTS) <= set(CORE.native_modules())


def test_the_engines_agree_on_the_variants_as_rules() -> None:
    """Every card vanilla: each variant mix, every bot mix, 2 to 6 players."""
    games = 0
    for variants in MIXES:
        for bots in BOTS:
            for players in range(2, 7):
                setup = Setup(players, SEED, "off", variants=variants, strategies=bots)
                games += check(setup, range(SEED % 7, SEED % 7 + 1)).games
    assert games == len(MIXES) * len(BOTS) * 5


def test_the_engines_agree_on_the_variants_with_flag() -> None:
    """Base and Flag with every power: each variant, random and heuristic bots, 2 to 6
    players, the shipped and the easy sheet."""
    for variant in VARIANTS:
        for bots in BOTS[:2]:
            for players in range(2, 7):
                for easy in (False, True):
                    setup = Setup(
                        players,
                        SEED,
                        "all",
                        sets=("base", "flag"),
                        variants=(variant,),
                        strategies=bots,
                    )
                    check(setup, range(1), easy=easy)


def native_results(variants: tuple[str, ...], players: int, games: int) -> np.ndarray:
    """Per game and player, the native final credits (score) with random bots."""
    assert CORE is not None
    match = match_for(Setup(players, SEED, "off", variants=variants))
    table = native_table(match.game)
    indices = list(range(games))
    streams = game_streams(SEED, indices, indices)
    seats = np.zeros((games, players), dtype=np.int8)
    out = CORE.play_import_export(table, players, streams, seats, False)
    return np.stack([out["score"], out["credits_in_play"]])


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_variant_changes_native_games(variant: str) -> None:
    """The same seeds with and without the variant: some game ends otherwise (the Market
    pays by its markers; physical containers bring other cards off the ships)."""
    plain = native_results((), 4, 20)
    varied = native_results((variant,), 4, 20)
    assert not np.array_equal(plain, varied)


@settings(max_examples=10, deadline=None)
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    variants=st.sampled_from(MIXES),
    bots=st.sampled_from(BOTS),
    flag=st.booleans(),
    easy=st.booleans(),
)
def test_the_engines_agree_on_drawn_variant_games(
    players: int,
    seed: int,
    variants: tuple[str, ...],
    bots: tuple[str, ...],
    flag: bool,
    easy: bool,
) -> None:
    sets = ("base", "flag") if flag else ()
    setup = Setup(
        players, seed, "all" if flag else "off", sets=sets, variants=variants, strategies=bots
    )
    check(setup, range(2), easy=easy)
