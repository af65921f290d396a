"""Tokyo and J play natively as in Python, decision by decision (simulator/native/src/
ie_tokyo_port.cpp, ie_powers_tokyo.cpp, ie_powers_j.cpp, heuristic/reasons_tokyo_j.hpp).

Each game is played by both engines from the same seed (simulator/runs/differential.py):
every decision (seat, kind, option count, the answer) and the outcome (turns, winners, end
reason, per player score, credits and every event list) must be identical. The setups:

- the shipped sheet, every power on, random and heuristic bots, 2 to 6 players, Tokyo, J and
  both (Hypothesis draws the mix, the bots, the players and the seed);
- the Supply Island instead of the Port (`--rule tokyo_port=false`, IE-TOKYO-5);
- an easy sheet (cards without levels, each a one-container cargo, the Port's columns
  costing 2 to 5 so that Squid Jerky's 2-credit column is the first), so that random
  bots complete contracts often and the powers waiting for completions act; with every seat
  starting with the Tokyo and J rule modifiers set (Hentai Manga's tucking, Jidohanbaiki,
  Toto Toilets, Rice Cookers' and Chopsticks' cards and follows, Foxes, Robo-Cats' pairs),
  so that the rules reading them are compared in every game. A coverage test checks that
  these games make each of the sets' questions be asked.

And a check that every Tokyo and J card has a native power and both sets are registered.
"""

from __future__ import annotations

import csv
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from simulator.core.cards import CardSheet
from simulator.games.import_export.cards import (
    CONTRACT,
    DEFAULT_SHEET,
    GREEN,
    IMPORT,
    LOAD,
    RED,
)
from simulator.games.import_export.sheet_checks import load_import_export_sheet
from simulator.native import CORE, NOT_BUILT
from simulator.runs import differential
from simulator.runs.differential import Setup, check_games

pytestmark = pytest.mark.skipif(CORE is None, reason=NOT_BUILT)

MIXES = (("base", "tokyo"), ("base", "j"), ("base", "tokyo", "j"))
BOTS = (("random",), ("heuristic",), ("heuristic", "random"))
"""One bot for every seat, or a mix: the bots alternate round the table (`seated`)."""


def seated(bots: tuple[str, ...], players: int) -> tuple[str, ...]:
    return bots if len(bots) == 1 else tuple(bots[p % len(bots)] for p in range(players))


EASY_RULES = (("tokyo_column_costs", "2,3,4,5"),)
"""Every easy card is in the Port's first column (no levels): it costs 2, Squid Jerky's."""

EASY_MODS = (
    ("tuck_elsewhere", frozenset({RED})),
    ("lead_draw_credits", 2),
    ("port_contract_free", True),
    ("card_also", frozenset({(IMPORT, CONTRACT), (IMPORT, LOAD), (LOAD, CONTRACT)})),
    ("follow_as", frozenset({(IMPORT, CONTRACT, IMPORT), (IMPORT, LOAD, IMPORT)})),
    ("pair_load", (GREEN, 2)),
)
"""The Tokyo and J rule modifiers (mods.py keys, the values their powers set), for every
seat but the last, who wins ties (Foxes) instead."""

QUESTIONS = (
    "spacecraft_place",
    "squid_jerky_take",
    "hentai_manga_place",
    "jidohanbaiki_use",
    "playstations_load",
    "bamboo_place",
    "pocky_import",
    "soy_sauce_use",
    "robo_cats_pair",
    "robo_cats_keep",
    "sushi_knives_card",
)
"""The questions of the Tokyo and J powers and rules (kinds.hpp)."""


EASY_PARAMS = {
    "PlayStations": "tech_goods_per_extra=1;extra_containers=1",
    "Sushi Knives": "cards=1;payment=2",
}
"""Numbers that let these powers act with the few goods and cards random bots gather."""


def easy_sheet(folder: Path) -> CardSheet:
    """The shipped sheet with every single-colour card of base, Tokyo and J without levels and
    a one-container cargo of its colour (Flour keeps its numbers: a sheet check ties its
    cargo to them), and EASY_PARAMS."""
    with open(DEFAULT_SHEET, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    path = folder / "easy.csv"
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        for row in rows:
            easy = row["set"] in ("base", "tokyo", "j") and row["name"] != "Flour"
            if easy and "+" not in row["color"]:
                row["level"] = f"{row['color']}:0"
                row["cargo"] = f"{row['color']}:1"
            row["params"] = EASY_PARAMS.get(row["name"], row["params"])
            writer.writerow(row)
    return load_import_export_sheet(path)


@pytest.fixture(scope="module")
def easy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CardSheet]:
    """The easy sheet, played by every setup while the fixture is used (the differential's
    sheet of a setup: `differential._sheet_for`)."""
    sheet = easy_sheet(tmp_path_factory.mktemp("easy"))

    def sheet_for(match: Any, setup: Setup) -> CardSheet:
        return replace(sheet, sha256=f"{sheet.sha256}:{setup}")

    with mock.patch.object(differential, "_sheet_for", sheet_for):
        yield sheet


def easy_setup(players: int, seed: int, bots: tuple[str, ...]) -> Setup:
    mods = tuple(EASY_MODS if p < players - 1 else (("wins_ties", True),) for p in range(players))
    return Setup(
        players,
        seed,
        powers="all",
        sets=("base", "tokyo", "j"),
        rules=EASY_RULES,
        mods=mods,
        strategies=seated(bots, players),
    )


def test_every_tokyo_and_j_card_has_a_native_power() -> None:
    assert CORE is not None
    with open(DEFAULT_SHEET, newline="", encoding="utf-8") as f:
        names = {row["name"] for row in csv.DictReader(f) if row["set"] in ("tokyo", "j")}
    assert len(names) == 20
    assert names <= set(CORE.native_powers())
    assert {"tokyo", "j"} <= set(CORE.native_modules())


@settings(max_examples=6, deadline=None)
@given(
    mix=st.sampled_from(MIXES),
    bots=st.sampled_from(BOTS),
    players=st.integers(2, 6),
    seed=st.integers(0, 2**31 - 1),
)
def test_shipped_sheet_games_are_identical(
    mix: tuple[str, ...], bots: tuple[str, ...], players: int, seed: int
) -> None:
    setup = Setup(players, seed, powers="all", sets=mix, strategies=seated(bots, players))
    assert check_games(setup, range(6)).games == 6


@pytest.mark.parametrize("players", [2, 4, 6])
def test_port_and_rules_without_powers(players: int) -> None:
    """The Tokyo Port's rules alone (every card vanilla), and the island instead of it."""
    check_games(Setup(players, 5, powers="off", sets=("base", "tokyo", "j")), range(10))
    island = (("tokyo_port", "0"),)
    check_games(Setup(players, 6, powers="all", sets=("base", "tokyo"), rules=island), range(6))


@settings(
    max_examples=5,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(bots=st.sampled_from(BOTS), players=st.integers(2, 6), seed=st.integers(0, 2**31 - 1))
def test_easy_games_with_modifiers_are_identical(
    easy: CardSheet, bots: tuple[str, ...], players: int, seed: int
) -> None:
    assert check_games(easy_setup(players, seed, bots), range(4)).games == 4


COVERING = (
    (3, ("random",), (13, 20, 25, 36, 6, 9)),
    (4, ("random",), (0, 29, 38, 4)),
    (5, ("heuristic", "random"), (31, 1, 3, 5, 6, 7, 8)),
)
"""(players, bots, games) of the easy setup at seed 20261206 that make the rarer powers act
(Spacecraft, PlayStations, Sushi Knives, Tsukiji Fish, Soy Sauce, ...: found by playing the
first 40)."""


def test_easy_games_ask_every_question(easy: CardSheet) -> None:
    """The fixed easy games make every Tokyo and J question be asked (with a choice), the
    Tokyo Port be bought from, Chopsticks' follow be offered and the any-time powers used."""
    asked: Counter[str] = Counter()
    for players, bots, games in COVERING:
        setup = easy_setup(players, 20261206, bots)
        check_games(setup, games)
        match = differential.match_for(setup)
        for index in games:
            _, _, decisions, options = differential._python_game(match, index, setup)
            for (_, kind, count, choice), offered in zip(decisions, options, strict=True):
                if count > 1:
                    asked[kind] += 1
                if kind == "contract" and offered[0] == "stop" and choice > 0:
                    asked["port_bought"] += 1
                if kind == "follow" and offered[choice][0] == "follow_as":
                    asked["follow_as"] += 1
                if kind == "any_time" and choice > 0:
                    asked[f"use:{offered[choice].power}"] += 1
    wanted = (*QUESTIONS, "port_bought", "follow_as", "use:Tsukiji Fish", "use:Sushi Knives")
    missing = [k for k in wanted if not asked[k]]
    assert not missing, f"never asked: {missing} ({dict(asked)})"
