"""The native powers of base_ongoing.py's second half (Jets .. Shotguns:
simulator/native/src/ie_powers_group4.cpp) play the games the Python powers play.

Each check plays the same games with both engines (simulator/runs/differential.py, random
bots in every seat), decision by decision, on a sheet where only these fourteen cards keep
their powers (every other card carries power_off=1), so a difference is theirs. Random bots
seldom complete a contract of level 2 with 3 containers; the "easy" sheet makes these cards'
contracts easy to complete (no level, 2 containers of their colour; Flour's cargo as many as
it loads), so that every question they ask is asked, many times. Hypothesis draws their
numbers within the ranges their declarations give (a designer's sheet plays natively too).
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
from simulator.games.import_export.cards import COLORS
from simulator.native import CORE, NOT_BUILT
from simulator.runs import differential
from simulator.runs.differential import RULE_RANGES
from tests.native.test_differential import seat_mods

pytestmark = pytest.mark.skipif(CORE is None, reason=NOT_BUILT)

GROUP4 = (
    "Jets",
    "Flash Drives",
    "Paper",
    "Satellite",
    "Batteries",
    "Rope",
    "LED Lights",
    "Contraband",
    "Lumber",
    "Chairs",
    "Telescopes",
    "Yogurt",
    "Lutefisk",
    "Flour",
    "Shotguns",
)
"""The cards of base_ongoing.py from Jets to the end, in its order."""

KINDS = (
    "jets_take",
    "flash_drives_take",
    "paper_import",
    "satellite_use",
    "batteries_use",
    "rope_swap",
    "led_lights_swap",
    "contraband_use",
    "lumber_draw",
    "chairs_discard",
    "flour_load",
    "flour_container",
    "shotguns_pay",
    "shotguns_card",
)
"""The questions they ask (and the any-time uses of Telescopes and Lutefisk)."""

PLAYERS = (2, 3, 4, 5, 6)

NUMBERS: dict[tuple[str, str], tuple[int, int]] = {
    ("Jets", "containers"): (1, 3),
    ("Flash Drives", "containers_per_ship"): (1, 3),
    ("Paper", "containers"): (1, 3),
    ("Satellite", "cards"): (1, 3),
    ("Satellite", "containers"): (1, 3),
    ("Batteries", "cost"): (0, 4),
    ("Batteries", "extra_containers"): (1, 3),
    ("Batteries", "uses_per_turn"): (1, 3),
    ("Rope", "uses_per_turn"): (1, 3),
    ("LED Lights", "cards_given"): (1, 3),
    ("LED Lights", "cards_taken"): (1, 3),
    ("Contraband", "extra_containers"): (1, 3),
    ("Contraband", "uses_per_turn"): (1, 2),
    ("Chairs", "cards"): (1, 3),
    ("Telescopes", "price"): (0, 8),
    ("Yogurt", "cards_self"): (1, 5),
    ("Yogurt", "cards_others"): (1, 3),
    ("Flour", "containers"): (1, 4),
    ("Shotguns", "credits"): (0, 4),
    ("Shotguns", "cards"): (1, 3),
}
"""Each number of these cards (PAY from 0, COUNT from 1: powers/numbers.py), within a span a
random game reaches."""


def group4_sheet(sheet: CardSheet, easy: bool) -> CardSheet:
    """The sheet with every other card's power off; `easy`: these cards' contracts need no
    level and 2 containers of their colour (Flour: as many as it loads, at least 1)."""
    rows = []
    for row in sheet.rows:
        values = dict(row.values)
        params = dict(values.get("params") or {})
        if row["name"] not in GROUP4:
            params["power_off"] = 1
        elif easy:
            color = values["color"]
            c = COLORS.index(color)
            n = int(params["containers"]) if row["name"] == "Flour" else 2
            values["level"], values["_level"] = f"{color}:0", {c: 0}
            values["cargo"], values["_cargo"] = f"{color}:{n}", {c: n}
        values["params"] = params
        rows.append(CardRow(row.line, values))
    return replace(sheet, rows=rows, sha256=f"group4-{easy}-{sheet.sha256}")


@contextmanager
def group4_only(easy: bool) -> Iterator[collections.Counter[str]]:
    """Within: the differential checks play `group4_sheet` (the setup's numbers applied
    first), and count the questions of these cards the Python games ask (yielded)."""
    asked: collections.Counter[str] = collections.Counter()
    match_for, python_game = differential.match_for, differential._python_game

    def our_match(setup: Any) -> Any:
        match = match_for(setup)  # powers "all": group4_sheet switches the others off
        spec = get_game("import-export")
        assert spec.build_with_sheet is not None
        match.game = spec.build_with_sheet(match.config.game, group4_sheet(match.game.sheet, easy))
        return match

    def counted(*args: Any) -> Any:
        played = python_game(*args)
        for (_, kind, n, _), options in zip(played[2], played[3], strict=True):
            if kind in KINDS and n > 1:
                asked[kind] += 1
            elif kind == "any_time" and n > 1:
                for option in options[1:]:
                    if option.power in GROUP4:
                        asked[f"any_time {option.power}"] += 1
        for player in played[0].players:
            for event in ("loaded", "pirated"):
                asked[f"{event} Yogurt"] += player.events[event].count(_YOGURT)
        return played

    differential.match_for, differential._python_game = our_match, counted
    try:
        yield asked
    finally:
        differential.match_for, differential._python_game = match_for, python_game


_YOGURT = 100
"""Yogurt's sheet id (its loads and plunders counted: its power asks nothing)."""


def test_every_card_of_group4_is_native() -> None:
    assert CORE is not None
    assert set(GROUP4) <= set(CORE.native_powers())


@pytest.mark.parametrize("players", PLAYERS)
def test_shipped_numbers_play_the_same_games(players: int) -> None:
    """The shipped sheet, only these cards' powers on: the same games, 30 per count."""
    with group4_only(easy=False):
        counts = differential.check_games(
            differential.Setup(players, seed=4040 + players, powers="all"), range(30)
        )
    assert counts.games == 30


def test_easy_sheet_asks_every_question_the_same() -> None:
    """On the easy sheet every question of these cards is asked (each kind at least 5
    times over 2 to 6 players), and both engines play the same games."""
    with group4_only(easy=True) as asked:
        for players in PLAYERS:
            setup = differential.Setup(
                players, seed=7 + players, powers="all", params=(("Flour", "containers", 2),)
            )
            differential.check_games(setup, range(40))
    missing = [k for k in (*KINDS, "any_time Telescopes", "any_time Lutefisk") if asked[k] < 5]
    assert not missing, f"asked too seldom: {missing} ({dict(asked)})"
    assert asked["loaded Yogurt"] and asked["pirated Yogurt"]


OTHER_NUMBERS = (
    ("Flour", "containers", 3),
    ("LED Lights", "cards_given", 2),
    ("LED Lights", "cards_taken", 2),
    ("Rope", "uses_per_turn", 2),
    ("Jets", "containers", 2),
    ("Shotguns", "cards", 1),
    ("Chairs", "cards", 2),
)
"""Numbers other than the shipped ones: LED Lights' swaps of 4 cards (its ranked options)."""


@pytest.mark.parametrize("numbers", ["shipped", "other"])
def test_options_read_as_pythons(numbers: str) -> None:
    """Every option of every decision, as text: the native rendering of each of these
    cards' options is Python's repr of the same option, in the same order (12 games per
    player count; LED Lights asked in some, with 4-card swaps in the other numbers)."""
    params = (("Flour", "containers", 2),) if numbers == "shipped" else OTHER_NUMBERS
    with group4_only(easy=True) as asked:
        for players in PLAYERS:
            for seed in range(4):
                setup = differential.Setup(players, seed=seed, powers="all", params=params)
                for index in range(3):
                    differential.check_options(setup, index)
    assert asked["led_lights_swap"] >= 3


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.sampled_from(PLAYERS),
    seed=st.integers(0, 2**32),
    numbers=st.fixed_dictionaries({k: st.integers(*span) for k, span in NUMBERS.items()}),
    rules=st.lists(st.sampled_from(sorted(RULE_RANGES)), max_size=3, unique=True).flatmap(
        lambda keys: st.tuples(
            *(st.integers(*RULE_RANGES[k]).map(lambda v, k=k: (k, str(v))) for k in keys)
        )
    ),
    mods=st.booleans(),
    data=st.data(),
)
def test_sheet_numbers_play_the_same_games(
    players: int,
    seed: int,
    numbers: dict[tuple[str, str], int],
    rules: tuple[tuple[str, str], ...],
    mods: bool,
    data: st.DataObject,
) -> None:
    """Any numbers within their ranges, with other rule numbers and the rule modifiers other
    powers set (Smart Cars and Cell Phones before Satellite's and Batteries' loads, Mini Van
    beside Contraband's plunder, ...): the same games (8 per example, the easy sheet)."""
    params = tuple((name, key, value) for (name, key), value in sorted(numbers.items()))
    seats = tuple(data.draw(seat_mods()) for _ in range(players)) if mods else ()
    setup = differential.Setup(
        players, seed=seed, powers="all", params=params, rules=rules, mods=seats
    )
    with group4_only(easy=True):
        differential.check_games(setup, range(8))
