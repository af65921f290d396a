"""The native travel search (simulator/native/src/travel_mcts.cpp) decides as Python's mcts
(strategies/mcts.py) for the same seed: every decision of whole travel games, the searched
ones included, is the same with the same options (travel_differential compares them one by
one), over drawn seeds, player counts, module mixes and search settings; the shipped preset
mcts@guided too; a chunk with mcts seats gives the Python engine's tables; and the engine
choice plays such a run natively, or says why not."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from polars.testing import assert_frame_equal

from simulator.folders.config import make_run_config
from simulator.games.travel.cards import EXPANSIONS
from simulator.games.travel.rules import TravelGame
from simulator.native import CORE
from simulator.native.engine_choice import blockers, choose_engine
from simulator.native.travel_chunk import travel_frames
from simulator.native.travel_mcts_table import NATIVE_SEARCHED, native_reason, seat_text
from simulator.runs.match import Match
from simulator.runs.runner import _python_frames
from simulator.runs.travel_differential import TravelSetup, check_travel_games
from strategies.registry import resolve

pytestmark = pytest.mark.skipif(
    CORE is None or not hasattr(CORE, "play_travel"),
    reason="the native core with its travel engine is not built",
)

modules_drawn = st.lists(st.sampled_from(EXPANSIONS), unique=True).map(
    lambda ms: tuple(m for m in EXPANSIONS if m in ms)
)


@st.composite
def searches(draw: st.DrawFn) -> str:
    """An mcts text the native search reads: small budgets, every setting drawn."""
    kinds = draw(st.lists(st.sampled_from(sorted(NATIVE_SEARCHED)), min_size=1, unique=True))
    if "action" not in kinds and draw(st.booleans()):
        kinds.append("action")  # mostly with the action: the kind asked most
    items = {
        "iterations": draw(st.integers(1, 6)),
        "rollout": draw(st.sampled_from(["heuristic", "random"])),
        "rollout_decisions": draw(st.sampled_from([0, 3, 12, 40])),
        "depth": draw(st.sampled_from([0, 1, 2])),
        "expand": draw(st.sampled_from(["random", "policy"])),
        "widen": draw(st.sampled_from([0.0, 0.5, 1.5])),
        "value": draw(st.sampled_from(["placement", "win"])),
        "c": draw(st.sampled_from([0.7, 0.0, 2.5])),
    }
    text = "mcts:" + ",".join(f"{k}={v}" for k, v in items.items())
    return text + ",search=" + "/".join(kinds)


def _setup(
    players: int, seed: int, modules: tuple[str, ...], search: str, other: str
) -> TravelSetup:
    seats = tuple(search if p % 2 == 0 else other for p in range(players))
    return TravelSetup(players, seed, modules, seats, max_turns=60)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    search=searches(),
    modules=modules_drawn,
    players=st.integers(2, 5),
    seed=st.integers(0, 2**63 - 1),
    other=st.sampled_from(["heuristic", "random", "heuristic@tuned-all-4p"]),
)
def test_native_search_decides_as_python(
    search: str, modules: tuple[str, ...], players: int, seed: int, other: str
) -> None:
    """Every decision of a whole game, each searched one included, as Python's."""
    choice = resolve("travel", search)
    assert native_reason(choice.build()) is None
    counts = check_travel_games(_setup(players, seed, modules, search, other), range(1))
    assert counts.games == 1


def test_the_preset_decides_as_python() -> None:
    """mcts@guided itself (48 iterations, heuristic rollouts of 40 decisions, flat, action),
    against the heuristic as its confirmation played it."""
    setup = TravelSetup(2, 2026, EXPANSIONS, ("mcts@guided", "heuristic"), max_turns=24)
    assert check_travel_games(setup, range(1)).games == 1


def test_a_chunk_with_mcts_seats_is_the_python_chunk() -> None:
    config = make_run_config(
        "travel",
        3,
        ("all",),
        ("mcts@guided:iterations=4", "heuristic", "random"),
        games=6,
        seed=3,
        chunk_size=6,
        max_turns=45,
    )
    assert blockers(config) == []
    assert choose_engine(config).engine == "native"  # plays natively without being asked
    match = Match(config)
    game = match.game
    assert isinstance(game, TravelGame)
    indices = range(0, 3)
    py_games, py_players = _python_frames(config, match, indices)
    nat_games, nat_players = travel_frames(config, game, match.choices, indices)
    assert_frame_equal(nat_games, py_games)
    assert_frame_equal(nat_players, py_players)


def test_what_keeps_a_travel_search_in_python() -> None:
    """A search of every kind, or of an effect's question or a trade's, plays in Python and
    says why; the preset plays natively."""
    assert blockers(make_run_config("travel", 2, ("all",), ("mcts@guided", "heuristic"))) == []
    for text, said in [
        ("mcts", "every kind"),
        ("mcts@guided:search=action/guide_take", "guide_take"),
        ("mcts@guided:search=trade_give", "trade_give"),
    ]:
        config = make_run_config("travel", 2, (), (text, "heuristic"), games=2)
        found = blockers(config)
        assert any(said in b for b in found), (text, found)
        assert choose_engine(config).engine == "python"


def test_the_seat_text_carries_every_parameter() -> None:
    built = resolve("travel", "mcts@guided:c=0.25").build()
    first, rollout = seat_text(built).split("\n")
    items = dict(item.split("=") for item in first.split(";"))
    assert items["iterations"] == "48" and items["c"] == "0.25" and items["search"] == "action"
    assert items["rollout"] == "heuristic" and items["rollout_decisions"] == "40"
    assert rollout == "0.3,0.3,0.9,0.0"
