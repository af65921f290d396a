"""The native travel game plays the Python reference's games bit for bit: the same decisions
with the same options and choices, the same tables (games, players, card events), for every
module mix, 2-6 players (2-10 without characters), random and heuristic bots (their defaults,
the shipped preset, drawn parameters); and a travel run plays natively by itself, with the
same folder as the Python engine's."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from polars.testing import assert_frame_equal

from simulator.core.datasets import card_events, card_names
from simulator.folders.config import make_run_config
from simulator.folders.run_folder import read_games, read_players
from simulator.games.travel.cards import EXPANSIONS
from simulator.games.travel.rules import TravelGame
from simulator.native import CORE
from simulator.native.engine_choice import blockers, choose_engine
from simulator.native.travel_chunk import travel_frames
from simulator.runs.match import Match
from simulator.runs.runner import _python_frames, run_simulation
from simulator.runs.travel_differential import TravelSetup, check_travel_games

pytestmark = pytest.mark.skipif(
    CORE is None or not hasattr(CORE, "play_travel"),
    reason="the native core with its travel engine is not built",
)

BOTS = ("random", "heuristic", "heuristic@tuned-all-4p")

modules_drawn = st.lists(st.sampled_from(EXPANSIONS), unique=True).map(
    lambda ms: tuple(m for m in EXPANSIONS if m in ms)
)


@settings(max_examples=25, deadline=None)
@given(
    modules=modules_drawn,
    players=st.integers(2, 6),
    seed=st.integers(0, 2**63 - 1),
    bots=st.lists(st.sampled_from(BOTS), min_size=1, max_size=3),
    max_turns=st.sampled_from([None, 40, 150]),
)
def test_native_travel_games_are_the_python_games(
    modules: tuple[str, ...],
    players: int,
    seed: int,
    bots: list[str],
    max_turns: int | None,
) -> None:
    strategies = tuple(bots[p % len(bots)] for p in range(players)) if len(bots) > 1 else (bots[0],)
    setup = TravelSetup(players, seed, modules, strategies, max_turns=max_turns)
    counts = check_travel_games(setup, range(3))
    assert counts.games == 3


@settings(max_examples=10, deadline=None)
@given(
    aggression=st.floats(0, 1),
    race=st.floats(0, 1),
    blind=st.floats(0, 1),
    deny=st.integers(0, 1),
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
)
def test_the_heuristic_with_any_parameters(
    aggression: float, race: float, blind: float, deny: int, players: int, seed: int
) -> None:
    text = (
        f"heuristic:aggression={aggression!r},race_aggression={race!r},"
        f"blind_trade={blind!r},deny={deny}"
    )
    seats = tuple(text if p % 2 == 0 else "heuristic" for p in range(players))
    setup = TravelSetup(players, seed, EXPANSIONS, seats)
    assert check_travel_games(setup, range(6)).games == 6


def test_every_module_and_bot_many_games() -> None:
    """A fixed sweep: every module alone and all together, every bot, 2 to 6 players."""
    for modules in [(), *((m,) for m in EXPANSIONS), EXPANSIONS]:
        for players in (2, 4, 6):
            for bots in (("heuristic",), ("heuristic@tuned-all-4p", "random")):
                seats = tuple(bots[p % len(bots)] for p in range(players))
                setup = TravelSetup(players, 7 + players, modules, seats, max_turns=200)
                assert check_travel_games(setup, range(4)).games == 4
    # without characters up to 10 players (T-SETUP-4)
    setup = TravelSetup(10, 3, EXPANSIONS[:4], ("heuristic",))
    assert check_travel_games(setup, range(3)).games == 3


def test_a_native_travel_chunk_is_the_python_chunk() -> None:
    config = make_run_config(
        "travel", 4, ("all",), ("heuristic", "random") * 2, games=40, seed=11, chunk_size=20
    )
    match = Match(config)
    game = match.game
    assert isinstance(game, TravelGame)
    indices = range(0, 12)
    py_games, py_players = _python_frames(config, match, indices)
    nat_games, nat_players = travel_frames(config, game, match.choices, indices)
    assert_frame_equal(nat_games, py_games)
    assert_frame_equal(nat_players, py_players)
    names = card_names(game.sheet)
    events = match.spec.event_names
    assert_frame_equal(
        card_events(nat_players, events, names), card_events(py_players, events, names)
    )


def test_a_travel_run_is_the_same_for_either_engine(tmp_path: Path) -> None:
    config = make_run_config(
        "travel",
        3,
        ("all",),
        ("heuristic@tuned-all-4p", "heuristic", "random"),
        games=40,
        seed=5,
        chunk_size=20,
    )
    assert blockers(config) == []
    assert choose_engine(config).engine == "native"  # plays natively without being asked
    python = run_simulation(config, tmp_path / "python", progress=False, engine="python")
    native = run_simulation(config, tmp_path / "native", progress=False, engine="auto")
    assert_frame_equal(read_games(native), read_games(python))
    assert_frame_equal(read_players(native), read_players(python))


def test_what_keeps_a_travel_run_in_python() -> None:
    config = make_run_config("travel", 3, (), ("heuristic",), games=4, check_invariants=True)
    assert any("check-invariants" in b for b in blockers(config))
    config = make_run_config("travel", 3, (), ("mcts",), games=4)
    assert blockers(config)
    assert choose_engine(config).engine == "python"


def test_the_core_numbers_what_python_names_and_plays_every_card() -> None:
    """Kinds, events and end reasons in Python's order; every effect a travel card sheet may
    name (events, special items, characters) and every module has a native version."""
    from simulator.games.travel.cards import CHARACTER_EFFECTS, EVENT_EFFECTS, SPECIAL_EFFECTS
    from simulator.games.travel.decisions import KINDS
    from simulator.games.travel.spec import TRAVEL
    from simulator.games.travel.state import EVENT_NAMES

    assert CORE is not None
    names = CORE.travel_names()
    assert names["kinds"] == [str(k) for k, _ in KINDS.items()]
    assert names["events"] == list(EVENT_NAMES)
    assert names["end_reasons"] == [r for r, _ in TRAVEL.end_reasons]
    effects = {**EVENT_EFFECTS, **SPECIAL_EFFECTS, **CHARACTER_EFFECTS}
    assert set(effects) <= set(names["effects"])
    assert names["modules"] == list(EXPANSIONS)
