"""The native mcts (simulator/native/src/bot_mcts.cpp) and the native forward model it searches
(ie_forward.hpp) against the Python reference (strategies/mcts.py, core/forward.py).

- Python's Mersenne Twister streams (GameRandom.from_seed: a search's own stream and a
  determinised copy's rules stream) draw the same numbers natively.
- A copy at any decision (the turn's start State replayed on the turn's answers), played on
  with the original's answers, reaches the same decision and the same end.
- The determinisation for the deciding seat (Playthrough.for_seat) redeals the same hands and
  deck and draws the same streams as Python at the same decision from the same stream.
- The native search makes the same decisions as the Python search for the same seed
  (differential.check_games: every decision and the outcome), with the shipped presets and
  with each parameter (widening, policy expansion, depth, value, search kinds).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from simulator.core import machine
from simulator.core.forward import Playthrough
from simulator.core.seeding import STRATEGY_STREAM, GameRandom
from simulator.folders.config import make_run_config, seat_slots
from simulator.native import CORE, NOT_BUILT
from simulator.native.engine_choice import choose_engine
from simulator.runs.differential import Setup, _seating, check_games, match_for
from strategies import mcts

pytestmark = pytest.mark.skipif(CORE is None or not hasattr(CORE, "mcts_codes"), reason=NOT_BUILT)

BOTS = st.sampled_from(["random", "heuristic", "heuristic+random"])


def _seats(players: int, bots: str) -> tuple[str, ...]:
    """One strategy for every seat, or the first for seat 0 and the second for the others."""
    if "+" not in bots:
        return (bots,)
    first, other = bots.split("+")
    return (first,) + (other,) * (players - 1)


def _native_args(setup: Setup, index: int) -> tuple[Any, ...]:
    from simulator.native.ie_table import native_table
    from simulator.native.seeds import game_streams

    match = match_for(setup)
    table = native_table(match.game)
    streams = game_streams(setup.seed, [index], [index])
    seats, texts = _seating(match, [index])
    return table, setup.players, streams[0], seats[0], texts


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**62))
def test_twister_draws_as_python(seed: int) -> None:
    rng = GameRandom.from_seed(seed)
    assert list(CORE.twister_uniforms(seed, 300)) == [rng.random() for _ in range(300)]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 10_000),
    bots=BOTS,
    k=st.integers(0, 400),
)
def test_copy_at_any_decision_plays_the_same_game(
    players: int, seed: int, bots: str, k: int
) -> None:
    setup = Setup(
        players=players, seed=seed, powers="all", sets=("base",), strategies=_seats(players, bots)
    )
    out = CORE.forward_check(*_native_args(setup, 0), k=k)
    if not out["taken"]:  # the game asked fewer than k decisions
        return
    assert out["same_decision"]
    assert out["answers_left"] == 0
    assert out["copy"] == out["original"]


def _python_at(setup: Setup, index: int, k: int) -> Playthrough[Any] | None:
    """The Python game of this setup at its k-th asked decision (as engine.play_game plays it)."""
    match = match_for(setup)
    game = match.game
    pt = Playthrough.start(game, setup.seed, index)
    strategy_rng = GameRandom.for_game(setup.seed, index, STRATEGY_STREAM)
    bots = [match.choices[slot].build() for slot in seat_slots(match.config, index)]
    asked = 0
    decision = pt.decision
    while decision is not None:
        if len(decision.options) == 1:
            choice = decision.options[0]
        else:
            if asked == k:
                return pt
            asked += 1
            view = game.observe(pt.state, decision.player)
            choice = bots[decision.player].choose(decision, view, strategy_rng)
        decision = pt.apply(choice)
    return None


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 5),
    seed=st.integers(0, 10_000),
    bots=BOTS,
    k=st.integers(0, 300),
    own=st.integers(0, 2**31 - 1),
)
def test_determinisation_draws_as_python(
    players: int, seed: int, bots: str, k: int, own: int
) -> None:
    setup = Setup(
        players=players, seed=seed, powers="all", sets=("base",), strategies=_seats(players, bots)
    )
    pt = _python_at(setup, 0, k)
    out = CORE.determinise_at(*_native_args(setup, 0), k=k, seed=own)
    assert out["taken"] == (pt is not None)
    if pt is None:
        return
    frame = machine.waiting_flow(pt.state)
    if frame is not None:  # inside a power: Python redeals where it started (see the report)
        return
    seat = pt.decision.player
    rng = GameRandom.from_seed(own)
    copy = pt.for_seat(seat, rng)
    assert out["seat"] == seat
    assert out["hands"] == [list(h) for h in copy.state.hands]
    assert out["deck"] == list(copy.state.deck)
    assert out["rules_draws"] == [copy.state.rng.random() for _ in range(5)]
    assert out["own_draws"] == [rng.random() for _ in range(5)]


SEARCHES = [
    (2, "mcts@guided+heuristic", "all"),
    (4, "mcts@guided-4p+heuristic", "all"),
    (2, "mcts:iterations=12,rollout_decisions=15+random", "all"),
    (
        3,
        "mcts:iterations=8,rollout_decisions=12,widen=0.7,expand=policy,rollout=heuristic"
        + "+random",
        "all",
    ),
    (4, "mcts:iterations=6,rollout_decisions=20,value=win,depth=2+random", "native"),
    (
        5,
        "mcts:iterations=6,rollout_decisions=8,c=1.1,rollout=heuristic,search=lead/follow/load"
        + "+heuristic",
        "all",
    ),
]


@pytest.mark.parametrize(("players", "strategies", "powers"), SEARCHES)
def test_native_search_decides_as_python(players: int, strategies: str, powers: str) -> None:
    setup = Setup(
        players=players,
        seed=11,
        powers=powers,
        sets=("base",),
        strategies=_seats(players, strategies),
    )
    counts = check_games(setup, range(1))
    assert counts.games == 1


def test_mcts_seats_play_natively() -> None:
    from simulator.folders.config import make_run_config
    from simulator.native.engine_choice import choose_engine

    config = make_run_config(
        "import-export", 2, modules=("base",), strategies=("mcts@guided", "heuristic"), games=1
    )
    assert choose_engine(config).engine == "native"


def test_a_search_of_every_kind_plays_in_python() -> None:
    """Only a search of the turn's own kinds plays natively by the engine choice: a power's
    questions redeal where the power started in Python (Playthrough.for_seat), so a search of
    them (or of every kind) would decide otherwise natively."""
    for text, engine in (
        ("mcts@guided", "native"),
        ("mcts:iterations=8,search=lead/follow", "native"),
        ("mcts:iterations=8", "python"),
        ("mcts:iterations=8,search=lead/sculptures_give", "python"),
    ):
        config = make_run_config("import-export", 2, strategies=(text, "heuristic"), games=2)
        assert choose_engine(config).engine == engine, text


def test_a_search_after_yerba_mate_keeps_the_seen_top_card() -> None:
    """Once Yerba Mate has turned the deck face up, a determinisation keeps the deck's top
    card where it is (rules.redeal: the seat sees it). The native redeal shuffled it in with
    the hidden cards, so this game's searched contract decision (its only iteration's
    expansion, drawn after the redeal) was taken otherwise than in Python."""
    setup = Setup(
        players=2,
        seed=9,
        powers="all",
        sets=("base", "flag"),
        strategies=("mcts:iterations=1,rollout_decisions=1,search=contract", "heuristic"),
    )
    match = match_for(setup)
    yerba_mate = next(
        r.values["id"] for r in match.game.sheet.rows if r.values["name"] == "Yerba Mate"
    )
    outcome, _, _ = match.play(1)
    assert any(yerba_mate in p.events["fulfilled"] for p in outcome.players)
    assert check_games(setup, [1]).games == 1


EXPANSIONS = ("capital", "tokyo", "kickstarter", "kickstarter2", "j", "flag")


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 10_000),
    sets=st.lists(st.sampled_from(EXPANSIONS), unique=True, max_size=6),
    variants=st.sampled_from([(), ("market",), ("containers_all",)]),
    rollout=st.sampled_from(["random", "heuristic"]),
)
def test_a_native_search_decides_as_python_over_sets_and_variants(
    players: int, seed: int, sets: list[str], variants: tuple[str, ...], rollout: str
) -> None:
    """The searches the engine plays natively (the turn's own kinds) over any mix of sets
    and variants: a fixed base game alone missed the Yerba Mate redeal."""
    search = f"mcts:iterations=3,rollout_decisions=6,rollout={rollout},search=lead/contract/follow"
    setup = Setup(
        players=players,
        seed=seed,
        powers="all",
        sets=("base", *sets),
        variants=variants,
        strategies=_seats(players, f"{search}+heuristic"),
    )
    assert check_games(setup, range(1)).games == 1


def test_the_native_search_stops_when_settled_where_python_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Both engines stop a search once its answer is settled (mcts._settled,
    mcts_tree.hpp's Tree::settled): the same game spends the same iterations in each,
    fewer than the budget."""
    search = "mcts:iterations=24,rollout_decisions=10,search=lead/contract/follow"
    setup = Setup(players=2, seed=5, powers="all", sets=("base",), strategies=(search, "heuristic"))
    spent, searches = [0], [0]
    real = mcts.MCTS.choose_ahead

    def counted(self: mcts.MCTS, *args: Any) -> object:
        before = self.iterations_done
        answer = real(self, *args)
        spent[0] += self.iterations_done - before
        searches[0] += self.iterations_done > before
        return answer

    monkeypatch.setattr(mcts.MCTS, "choose_ahead", counted)
    match_for(setup).play(0)
    table, players, streams, seats, texts = _native_args(setup, 0)
    native = CORE.mcts_bench(table, players, streams[None], seats[None], texts)
    assert searches[0] > 10
    assert native["iterations"] == spent[0] < 24 * searches[0]
