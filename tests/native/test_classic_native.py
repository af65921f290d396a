"""The `classic` bot (strategies/import_export/classic.py, IEClassic) played natively: the
native heuristic with IEHeuristic's overrides switched back (`classic=1` in its seat text:
heuristic_table.seat_options) plays the Python classic's games decision by decision in the
base set and the others, with or without the variants (differential.check_games), alone,
beside random and heuristic seats, with its defaults and its shipped presets;
heuristic_table.native_reason accepts IEClassic itself only (not an archetype, a subclass or
changed rule readings), and classic stays Python in a set whose answers are not checked
(CLASSIC_MODULES), named by the engine choice.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from simulator.folders.config import make_run_config
from simulator.native import CORE, NOT_BUILT, heuristic_table
from simulator.native.engine_choice import blockers
from simulator.native.heuristic_table import (
    CLASSIC_MODULES,
    classic_modules_reason,
    is_classic,
    native_reason,
    seat_options,
)
from simulator.native.ie_table import native_modules
from simulator.runs.differential import Setup, check_games
from strategies.import_export.archetypes import ContractorBot, PirateBot
from strategies.import_export.classic import IEClassic
from strategies.import_export.heuristic import IEHeuristic
from strategies.registry import resolve

pytestmark = pytest.mark.skipif(
    CORE is None or not hasattr(CORE, "play_import_export"), reason=NOT_BUILT or "no rules core"
)

GAME = "import-export"
BOTS = st.sampled_from(
    [
        ("classic",),
        ("classic", "random"),
        ("classic", "heuristic"),
        ("heuristic", "classic"),
        ("classic@tuned-base-4p",),
        ("classic@tuned-all-4p", "classic"),
    ]
)

VARIANTS = st.sampled_from([(), (), ("market",), ("containers",), ("containers_all", "market")])
SETS = st.sampled_from(
    [("base",), ("base",), ("all",), ("base", "capital"), ("base", "tokyo", "j"), ("base", "flag")]
    + [("base", "kickstarter", "kickstarter2")]
)


def _seats(players: int, bots: tuple[str, ...]) -> tuple[str, ...]:
    """One strategy for every seat, or the bots cycled over the seats (differential's CLI)."""
    if len(bots) == 1:
        return bots
    return tuple(bots[p % len(bots)] for p in range(players))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**31),
    players=st.integers(2, 5),
    bots=BOTS,
    sets=SETS,
    variants=VARIANTS,
)
def test_classic_plays_the_python_games_natively(
    seed: int, players: int, bots: tuple[str, ...], sets: tuple[str, ...], variants: tuple[str, ...]
) -> None:
    """Every decision and the outcome, with every power of the sets (powers="all")."""
    seats = _seats(players, bots)
    setup = Setup(players, seed, "all", sets=sets, variants=variants, strategies=seats)
    counts = check_games(setup, range(6))
    assert counts.games == 6


def test_classic_stuck_and_import_rounds_are_played() -> None:
    """A longer fixed run at 4 players: many leads (its _stuck) and import rounds (its own
    round count) compared, classic beside the heuristic so both flags' branches run."""
    setup = Setup(4, 2026, "all", sets=("base",), strategies=("classic", "heuristic") * 2)
    counts = check_games(setup, range(30))
    assert counts.games == 30 and counts.decisions > 10_000


def test_native_reason_accepts_classic_itself() -> None:
    for text in ("classic", "classic@tuned-base-4p", "classic@tuned-all-4p"):
        built = resolve(GAME, text).build()
        assert isinstance(built, IEClassic) and type(built) is IEClassic
        assert native_reason(built) is None, text
        assert is_classic(built)
        assert "classic=1" in seat_options(built).split(";")
    heuristic = resolve(GAME, "heuristic").build()
    assert isinstance(heuristic, IEHeuristic)
    assert native_reason(heuristic) is None
    assert not is_classic(heuristic)
    assert "classic=1" not in seat_options(heuristic).split(";")


def test_native_reason_refuses_archetypes_subclasses_and_changed_readings() -> None:
    for archetype in (ContractorBot(), PirateBot()):
        assert native_reason(archetype) is not None

    class Mine(IEClassic):
        pass

    assert "has no native bot" in (native_reason(Mine()) or "")
    changed = IEClassic()
    changed.weights.rules_crew = True  # a heuristic reading on the classic valuation
    assert "rule readings" in (native_reason(changed) or "")
    mended = IEHeuristic()
    mended.weights.rules_seats = False
    assert "rule readings" in (native_reason(mended) or "")


def test_classic_plays_natively_in_the_checked_sets_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every set and variant the core plays is checked (CLASSIC_MODULES); a set outside them
    keeps classic in Python, named by the engine choice and refused by the native seats."""
    assert set(native_modules()) <= CLASSIC_MODULES
    assert classic_modules_reason(()) is None
    assert classic_modules_reason(("base", "capital", "market", "containers")) is None
    assert "newset" in (classic_modules_reason(("base", "newset")) or "")
    for sets in (("base",), ("all",)):
        config = make_run_config(GAME, 4, sets, ("heuristic", "classic") * 2, variants=("market",))
        assert blockers(config) == []
    monkeypatch.setattr(heuristic_table, "CLASSIC_MODULES", frozenset({"base"}))
    everything = make_run_config(GAME, 4, ("all",), ("classic",))
    assert any("classic" in why and "capital" in why for why in blockers(everything))
    assert blockers(make_run_config(GAME, 4, ("all",), ("heuristic",))) == []
    with pytest.raises(ValueError, match="no native answers checked for capital"):
        check_games(Setup(2, 1, "all", sets=("base", "capital"), strategies=("classic",)), [0])


def test_a_search_with_classic_rollouts_stays_python() -> None:
    """The native search's rollouts ask one bot for every seat; classic counts its import
    rounds per bot, so its rollouts are not native (mcts_table.native_reason)."""
    from simulator.native import mcts_table

    search = resolve(GAME, "mcts:rollout=classic,search=lead").build()
    assert "classic" in (mcts_table.native_reason(search) or "")
    guided = resolve(GAME, "mcts:rollout=heuristic,search=lead").build()
    assert mcts_table.native_reason(guided) is None
