"""The native Import/Export engine plays the Python reference's games, bit for bit: for random
configurations (players, seeds, game indices, a mix of the expansion sets and variants the
core plays (`_core.native_modules()`), rule numbers, sheet numbers of the cards
with a native power, rule modifiers a power would set), random and heuristic bots (the
default, a shipped preset, mixed tables), the two engines ask the same decisions in the same
order with the same options and report the same tables. A difference fails naming the first
decision where they part (simulator/runs/differential.py). The long run:
`python -m simulator.runs.differential`."""

from __future__ import annotations

import os
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from simulator.games.import_export.cards import BLACK, BLUE, GREEN, RED, YELLOW
from simulator.games.import_export.game_base import SUPPORTED_SETS, SUPPORTED_VARIANTS
from simulator.native import CORE, NOT_BUILT
from simulator.native.ie_table import native_modules, native_table
from simulator.native.seeds import game_streams
from simulator.runs import differential
from simulator.runs.differential import (
    RULE_RANGES,
    Setup,
    check_games,
    check_options,
    match_for,
)

pytestmark = pytest.mark.skipif(CORE is None, reason=NOT_BUILT)

SEEDS = st.integers(0, 2**63 - 1)
GAME_INDICES = st.integers(0, 10**6)

EXAMPLE_PARAMS: dict[str, tuple[str, ...]] = {
    "Almonds": ("threshold", "low_pay", "high_pay"),
    "Onions": ("payment",),
    "Gold Stuff": ("pay_per_contract",),
    "Mineral Fuels": ("hand_size",),
    "Potatoes": ("credits", "cards"),
    "Drones": ("cards",),
}
"""The sheet numbers of the worked example powers (ie_powers_base.cpp), varied in range."""

COLORS = st.frozensets(st.sampled_from((GREEN, YELLOW, BLACK, BLUE, RED)), max_size=3)
MODS: dict[str, st.SearchStrategy[Any]] = {
    "draw_to": st.integers(3, 9),
    "end_credits": st.integers(30, 70),
    "no_credit_end": st.just(True),
    "capacity": st.integers(4, 12),
    "pay_bands": st.just(((10, 20), (8, 16))),
    "owner_compensation": st.integers(0, 5),
    "import_take": st.integers(2, 4),
    "wild_colors": COLORS,
    "rainbow_colors": COLORS,
    "virtual_load_per_tech": st.integers(1, 3),
    "shared_pirate_crew": st.just(True),
    "load_to_island": st.integers(0, 5),
    "load_draw": st.just(1),
    "plunder_to_goods_cost": st.integers(0, 4),
    "win_credit_multiplier": st.sampled_from((1.5, 2, 3)),
    "load_unlimited": st.just(True),
    "import_from_island": st.just(True),
    "pirate_anywhere": st.just(True),
    "luxury_cargo_fraction": st.sampled_from((0.25, 0.5, 0.75)),
    "spend_watch": st.tuples(st.integers(1, 6), st.integers(0, 3)),
    "extra_turns": st.integers(0, 2),
}
"""The base set's rule modifiers (mods.py) as the rules read them, with values a power sets."""

NATIVE_EXPANSIONS = tuple(m for m in native_modules() if m in SUPPORTED_SETS and m != "base")
"""The expansion sets the built core plays, drawn into the configurations' mixes."""
CONTAINER_VARIANTS = tuple(m for m in native_modules() if m.startswith("containers"))
MARKET = tuple(m for m in native_modules() if m == "market")
assert all(m in SUPPORTED_VARIANTS for m in CONTAINER_VARIANTS + MARKET)


@st.composite
def modules(draw: st.DrawFn) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A mix of the native expansions (base always in) and variants (the Market or not, one
    of the container variants or none)."""
    sets: tuple[str, ...] = ()
    if NATIVE_EXPANSIONS:
        chosen = draw(st.lists(st.sampled_from(NATIVE_EXPANSIONS), unique=True))
        sets = ("base", *sorted(chosen)) if chosen else ()
    variants: list[str] = []
    if MARKET and draw(st.booleans()):
        variants.append("market")
    if CONTAINER_VARIANTS:
        variants += draw(st.sampled_from(((), *((v,) for v in CONTAINER_VARIANTS))))
    return sets, tuple(variants)


@st.composite
def seat_mods(draw: st.DrawFn) -> tuple[tuple[str, Any], ...]:
    keys = draw(st.lists(st.sampled_from(sorted(MODS)), max_size=4, unique=True))
    return tuple((key, draw(MODS[key])) for key in keys)


@st.composite
def setups(draw: st.DrawFn) -> Setup:
    players = draw(st.integers(2, 6))
    rule_keys = draw(st.lists(st.sampled_from(sorted(RULE_RANGES)), max_size=4, unique=True))
    rules = tuple((k, str(draw(st.integers(*RULE_RANGES[k])))) for k in rule_keys)
    powers = draw(st.sampled_from(("off", "native")))
    params: tuple[tuple[str, str, int], ...] = ()
    if powers == "native":
        params = tuple(
            (card, key, draw(st.integers(1, 12)))
            for card, keys in EXAMPLE_PARAMS.items()
            for key in keys
            if draw(st.booleans())
        )
    mods: tuple[tuple[tuple[str, Any], ...], ...] = ()
    if draw(st.booleans()):
        mods = tuple(draw(seat_mods()) for _ in range(players))
    max_turns = draw(st.one_of(st.none(), st.integers(1, 60)))
    sets, variants = draw(modules())
    bots = draw(st.sampled_from(("random", "heuristic", "heuristic@tuned-base-4p", "mixed")))
    if bots == "mixed":  # one per seat: heuristic and random, a run's rotation seats them
        strategies = tuple(draw(st.sampled_from(("random", "heuristic"))) for _ in range(players))
    else:
        strategies = (bots,)
    return Setup(
        strategies=strategies,
        players=players,
        seed=draw(SEEDS),
        powers=powers,
        rules=rules,
        params=params,
        max_turns=max_turns,
        mods=mods,
        sets=sets,
        variants=variants,
    )


EXAMPLES = int(os.environ.get("DECKHAND_DIFFERENTIAL_EXAMPLES", "60"))
"""Configurations the Hypothesis test draws (.ci/sanitized asks fewer: a sanitized core is
several times slower)."""


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups(), first=GAME_INDICES)
def test_native_games_are_pythons(setup: Setup, first: int) -> None:
    counts = check_games(setup, range(first, first + 2))
    assert counts.games == 2


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups(), index=GAME_INDICES)
def test_native_options_read_as_pythons(setup: Setup, index: int) -> None:
    """Every option of every decision, in order, as Python's repr writes it."""
    assert check_options(setup, index) > 0


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_run_of_games_at_every_player_count(players: int) -> None:
    for powers in ("off", "native"):
        counts = check_games(Setup(players=players, seed=4242 + players, powers=powers), range(30))
        assert counts.games == 30 and counts.decisions > 0


def test_a_difference_names_the_decision_where_the_engines_part() -> None:
    """The message names the game, the decision, the turn, the seat, the kind, both engines'
    option counts and choices and both engines' options."""
    setup = Setup(players=3, seed=5, powers="off")
    match = match_for(setup)
    table = native_table(match.game)
    table["rules"]["sell_price"] += 1  # the native engine now plays another game
    original = differential.native_table
    differential.native_table = lambda game: table  # type: ignore[assignment]
    try:
        with pytest.raises(AssertionError) as failed:
            check_games(setup, range(5))
    finally:
        differential.native_table = original  # type: ignore[assignment]
    message = str(failed.value)
    for words in (
        "native and Python part at decision",
        "turn",
        "seat",
        "Python's options",
        "native's options",
    ):
        assert words in message


def test_the_columns_hold_what_the_contract_says() -> None:
    """Per game, per player row and per event (offsets), dtypes as the run integration reads
    them; the trace's kinds name Python's kinds."""
    assert CORE is not None
    players, games = 4, 7
    table = native_table(match_for(Setup(players=players, seed=1)).game)
    streams = game_streams(1, range(games), range(games))
    out = CORE.play_import_export(
        table, players, streams, np.zeros((games, players), np.int8), True
    )
    for name, dtype in (
        ("turns", np.int32),
        ("decisions", np.int32),
        ("first_player", np.int8),
        ("end_reason", np.int8),
    ):
        assert out[name].dtype == dtype and out[name].shape == (games,)
    assert out["winners_offsets"].shape == (games + 1,)
    for name, row_type in (
        ("score", np.float64),
        ("placement", np.int8),
        ("port", np.int64),
        ("credits_in_play", np.int64),
    ):
        assert out[name].dtype == row_type and out[name].shape == (games * players,)
    for event in CORE.event_names():
        assert out[f"ev_{event}_offsets"].shape == (games * players + 1,)
        assert out[f"ev_{event}"].dtype == np.int32
    assert len(out["tr_game"]) == len(out["tr_kind"]) > 0
    assert (out["tr_options"] >= 1).all() and (out["tr_choice"] < out["tr_options"]).all()
    asked = np.bincount(out["tr_game"][out["tr_options"] > 1], minlength=games)
    assert asked.tolist() == out["decisions"].tolist()
