"""Capital natively (simulator/native/src/ie_capital.cpp, ie_powers_capital.cpp,
heuristic/reasons_capital.hpp): its rules and its 15 cards' powers play the games the Python
engine plays, decision by decision (simulator/runs/differential.py), with random and heuristic
bots, 2 to 6 players, on the base set with Capital.

The shipped sheet's Capital contracts need levels of up to 9 goods, so random bots seldom
complete one; the "easy" sheet makes them cheap (no level, one container of each of their
cargo colours: a two-colour cargo stays a Capital rainbow, IE-CAP-6), so that every question
they ask is asked. Hypothesis draws their numbers within the spans a game reaches.
"""

from __future__ import annotations

import collections
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from simulator.catalog import get_game
from simulator.core.cards import CardRow, CardSheet
from simulator.games.import_export.cards import ANY, COLORS
from simulator.native import CORE, NOT_BUILT
from simulator.runs import differential

pytestmark = pytest.mark.skipif(CORE is None, reason=NOT_BUILT)

SETS = ("base", "capital")
PLAYERS = (2, 3, 4, 5, 6)

KINDS = (
    "barter",
    "capital_discard",
    "algorithm_place",
    "automation_ship",
    "cheap_labor_ship",
    "container_factory_place",
    "euros_ship",
    "gps_ship",
    "yen_ship",
    "fake_money_take",
    "fake_money_load",
    "interest_give",
    "interest_keep",
    "lucky_cards_type",
    "market_data_give",
    "partnership_join",
)
"""Capital's questions: its rules' (Barter, the grey discard) and its powers'."""

RARE = ("partnership_join", "interest_keep", "euros_ship", "yen_ship", "lucky_cards_type")
"""Questions the coverage games ask less often (at least once)."""

THREE_SHIPS = ("automation_ship", "gps_ship", "cheap_labor_ship", "fake_money_load")
"""Questions asked only of a player with three ships or more at port (the completing ship
sails: Automation, GPS and Cheap Labor choose among two others; Fake Money's load needs a
ship of his needing the colour taken, beside the one that completed): mostly a Diesel
Engine's owner. The coverage games seldom reach them; the long differential runs do."""

COVERAGE_RULES = (("sea_cards_at_setup", "1"),)
"""Ships at sea come home sooner: more ships at port hold contracts."""

COVERAGE_PARAMS = (
    ("Diesel Engine", "extra_ships", 2),
    ("Interest", "goods_per_player", 2),
    ("Partnership", "max_combined_cargo", 8),
    ("Partnership", "super_ship_capacity", 10),
)
"""Numbers that make the rarer questions come up (more ships, more goods given, more ships
a Partnership may join)."""

NUMBERS: dict[tuple[str, str], tuple[int, int]] = {
    ("Diesel Engine", "extra_ships"): (1, 2),
    ("Fake Money", "containers_per_ship"): (1, 2),
    ("Import Tax", "payment"): (0, 6),
    ("Interest", "goods_per_player"): (1, 2),
    ("Lucky Cards", "cost"): (0, 10),
    ("Lucky Cards", "prize"): (0, 20),
    ("Market Data", "cards_per_player"): (1, 3),
    ("Yen", "cargo_reduction"): (1, 2),
    ("Partnership", "payout_multiplier"): (1, 3),
    ("Partnership", "import_compensation"): (0, 6),
}
"""Capital's numbers (PAY from 0, COUNT from 1: powers/numbers.py), within a span a game
reaches."""


def capital_sheet(sheet: CardSheet, easy: bool) -> CardSheet:
    """The sheet; `easy`: Capital's contracts need no level and one container of each of
    their cargo colours, and the base contracts no level (ships hold contracts more often:
    Partnership, Automation and GPS find several ships to choose from)."""
    if not easy:
        return sheet
    rows = []
    for row in sheet.rows:
        values = dict(row.values)
        if row["set"] == "capital":
            cargo = dict(values["_cargo"])
            values["level"], values["_level"] = "any:0", {ANY: 0}
            values["_cargo"] = {c: 1 for c in cargo}
            values["cargo"] = "+".join(
                f"{COLORS[c] if c < len(COLORS) else 'any'}:1" for c in cargo
            )
        else:
            values["level"], values["_level"] = (
                f"{values['color']}:0",
                {COLORS.index(values["color"]): 0},
            )
        rows.append(CardRow(row.line, values))
    return replace(sheet, rows=rows, sha256=f"capital-easy-{sheet.sha256}")


@contextmanager
def capital_games(easy: bool) -> Iterator[collections.Counter[str]]:
    """Within: the differential checks play `capital_sheet`, and count the Capital questions
    (with more than one option) the Python games ask (yielded)."""
    asked: collections.Counter[str] = collections.Counter()
    match_for, python_game = differential.match_for, differential._python_game

    def our_match(setup: Any) -> Any:
        match = match_for(setup)
        spec = get_game("import-export")
        assert spec.build_with_sheet is not None
        match.game = spec.build_with_sheet(match.config.game, capital_sheet(match.game.sheet, easy))
        return match

    def counted(match: Any, index: int, setup: Any) -> Any:
        played = python_game(match, index, setup)
        for _, kind, n, _ in played[2]:
            if kind in KINDS and n > 1:
                asked[kind] += 1
        for _, kind, n, _ in played[2]:
            if kind == "any_time" and n > 1:
                asked["any_time"] += 1
        return played

    differential.match_for, differential._python_game = our_match, counted
    try:
        yield asked
    finally:
        differential.match_for, differential._python_game = match_for, python_game


def seats(players: int, strategies: tuple[str, ...]) -> tuple[str, ...]:
    """One strategy for every seat, or these in turn round the table."""
    if len(strategies) == 1:
        return strategies
    return tuple(strategies[q % len(strategies)] for q in range(players))


def setup(players: int, seed: int, strategies: tuple[str, ...] = ("random",), **kw: Any) -> Any:
    strategies = seats(players, strategies)
    return differential.Setup(
        players, seed=seed, powers="all", sets=SETS, strategies=strategies, **kw
    )


def test_every_capital_card_has_a_native_power() -> None:
    assert CORE is not None
    spec = get_game("import-export")
    game = spec.factory(spec.make_config(4, SETS))
    names = {row["name"] for row in game.sheet.rows if row["set"] == "capital"}
    assert len(names) == 15
    assert names <= set(CORE.native_powers())
    assert "capital" in CORE.native_modules()
    assert not CORE.power_errors()


@pytest.mark.parametrize("strategies", [("random",), ("heuristic",), ("heuristic", "random")])
def test_shipped_sheet_plays_the_same_games(strategies: tuple[str, ...]) -> None:
    """The shipped sheet, base and Capital, every power on: the same games (2 to 6 players)."""
    games = 12 if strategies == ("random",) else 6
    for players in PLAYERS:
        counts = differential.check_games(setup(players, 300 + players, strategies), range(games))
        assert counts.games == games


def test_easy_sheet_asks_every_question_the_same() -> None:
    """On the easy sheet (with COVERAGE_RULES and COVERAGE_PARAMS) Capital's questions are
    asked (each at least 3 times, the rare ones once, over 2 to 6 players; THREE_SHIPS aside),
    US Dollars is offered, and both engines play the same games."""
    kw: dict[str, Any] = {"rules": COVERAGE_RULES, "params": COVERAGE_PARAMS}
    with capital_games(easy=True) as asked:
        for players in PLAYERS:
            differential.check_games(setup(players, 11 + players, **kw), range(40))
    wanted = [k for k in KINDS if k not in THREE_SHIPS]
    missing = [k for k in wanted if asked[k] < (1 if k in RARE else 3)]
    assert not missing, f"asked too seldom: {missing} ({dict(asked)})"
    assert asked["any_time"] > 0


def test_easy_sheet_heuristic_plays_the_same_games() -> None:
    """The heuristic bot answers Capital's questions as the Python one does (easy sheet, the
    heuristic in every seat and beside the random bot, 2 to 6 players)."""
    kw: dict[str, Any] = {"rules": COVERAGE_RULES, "params": COVERAGE_PARAMS}
    with capital_games(easy=True) as asked:
        for players in PLAYERS:
            for strategies in (("heuristic",), ("heuristic", "random")):
                differential.check_games(setup(players, 21 + players, strategies, **kw), range(5))
    assert asked["barter"] > 0 and asked["capital_discard"] > 0


def test_options_read_as_pythons() -> None:
    """Every option of every decision, as text: the native rendering of Capital's options
    (Barter's swaps, the grey discard, where a card moves itself, Fake Money's loads, ...)
    is Python's repr of the same option, in the same order (easy sheet, 3 games per count)."""
    kw: dict[str, Any] = {"rules": COVERAGE_RULES, "params": COVERAGE_PARAMS}
    with capital_games(easy=True) as asked:
        for players in PLAYERS:
            for index in range(3):
                differential.check_options(setup(players, 31 + players, **kw), index)
    assert asked["barter"] > 0 and asked["capital_discard"] > 0


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.sampled_from(PLAYERS),
    seed=st.integers(0, 2**32),
    numbers=st.fixed_dictionaries({k: st.integers(*span) for k, span in NUMBERS.items()}),
    easy=st.booleans(),
)
def test_sheet_numbers_play_the_same_games(
    players: int, seed: int, numbers: dict[tuple[str, str], int], easy: bool
) -> None:
    """Any of Capital's numbers within their spans: the same games (6 per example)."""
    params = tuple((name, key, value) for (name, key), value in sorted(numbers.items()))
    with capital_games(easy=easy):
        differential.check_games(setup(players, seed, params=params), range(6))
