"""The native powers of group 3 (simulator/native/src/ie_powers_group3.cpp: base_ongoing.py from
A Small Tank to Stolen Tires, and Drones, registered in ie_powers_base.cpp) play as the Python
powers do, decision by decision.

Games where only these cards have powers: the shipped sheet with `power_off=1` on every other
card (framework.POWER_OFF), so a game diverges only where one of these powers (or a rule they
reach) differs. Each game is played by both engines with random bots from the same seed: every
decision (seat, kind, options as Python's repr writes them, the answer) and the outcome (turns,
winners, end reason, per player score, placement, port, credits and every event list) must be
identical (every decision compared, single-option ones included); the first decision where
they part is named. Hypothesis varies the player count,
the seeds and these cards' numbers within their declared ranges. A coverage test checks that
the fixed games below make every one of these powers act (change the state or ask).

`DECKHAND_GROUP3_GAMES=N` plays N games per player count in the long test (default: a short run).
"""

from __future__ import annotations

import csv
import os
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from simulator.catalog import get_game
from simulator.core.engine import play_game
from simulator.core.protocol import Outcome
from simulator.games.import_export.cards import DEFAULT_SHEET
from simulator.games.import_export.powers import POWER_OFF, POWERS
from simulator.games.import_export.state import EVENT_NAMES
from simulator.native import CORE, NOT_BUILT
from strategies.random_strategy import RandomStrategy

pytestmark = pytest.mark.skipif(CORE is None, reason=NOT_BUILT)

GROUP3: dict[str, dict[str, tuple[int, int]]] = {
    "A Small Tank": {"cards": (1, 3)},
    "Bok Choy": {"bonus": (0, 6)},
    "Bubblegum": {"payment": (0, 6)},
    "Chapstick": {"payment": (0, 6)},
    "Drones": {"cards": (1, 3)},
    "Helicopter": {"credits": (0, 8)},
    "Laptops": {"cards": (1, 3)},
    "Mouthwash": {"payment": (0, 6)},
    "Pistols": {"payment": (0, 6)},
    "Rare Metals": {"bonus": (0, 6)},
    "Shoes": {"cards": (1, 3)},
    "Sugar": {"payment": (0, 6)},
    "Books": {"min_followers": (1, 5), "payment": (0, 6), "max_per_turn": (0, 6)},
    "Cannabis": {"payment": (0, 6)},
    "Protractors": {"containers": (1, 3)},
    "Poison Bottles": {"payment": (0, 6), "uses_per_turn": (1, 3)},
    "Stolen Rice": {"payment": (0, 6)},
    "Stolen Tires": {"cards": (1, 3)},
}
"""The cards whose powers play, and the numbers Hypothesis draws for each (within the
ranges their declarations accept: powers/numbers.py, Books' min_followers up to 5)."""

EVENT_ORDER = tuple(EVENT_NAMES)
SEED = 20261206


EASY_KEEP = ("Flour",)
"""Cards whose cargo `easy` keeps: a sheet check ties it to their numbers (Flour loads 4)."""


def write_sheet(
    path: Path, numbers: Mapping[str, Mapping[str, int]] | None = None, easy: bool = False
) -> Path:
    """The shipped sheet with every card's power but group 3's switched off; `numbers`
    replaces some of group 3's parameters. `easy`: every base card needs no level and one
    container of its colour, so that random bots complete contracts often and the powers
    waiting for completions, placements and imports act (a designer's sheet may say so)."""
    with open(DEFAULT_SHEET, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    numbers = numbers or {}
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        for row in rows:
            if row["name"] in GROUP3:
                params = dict(
                    item.split("=", 1) for item in row["params"].split(";") if item.strip()
                )
                params.update({k: str(v) for k, v in numbers.get(row["name"], {}).items()})
                row["params"] = ";".join(f"{k}={v}" for k, v in params.items())
            else:
                row["params"] = ";".join(p for p in (row["params"], f"{POWER_OFF}=1") if p)
            if easy and row["set"] == "base" and row["name"] not in EASY_KEEP:
                row["level"] = f"{row['color']}:0"
                row["cargo"] = f"{row['color']}:1"
            writer.writerow(row)
    return path


def make_game(sheet: Path, players: int) -> Any:
    spec = get_game("import-export")
    return spec.factory(spec.make_config(players, ("base",), card_sheet=sheet))


def python_game(game: Any, players: int, seed: int, index: int) -> tuple[list[tuple], Outcome]:
    """Play one game in Python with random bots: its decisions (seat, kind, options as repr,
    the answer's index) and its outcome."""
    decisions: list[tuple] = []

    def told(decision: Any, choice: Any) -> None:
        options = tuple(decision.options)
        decisions.append(
            (decision.player, decision.kind, tuple(repr(o) for o in options), options.index(choice))
        )

    outcome, _ = play_game(game, [RandomStrategy()] * players, seed, index, on_decision=told)
    return decisions, outcome


def native_games(
    table: dict, players: int, seed: int, indices: list[int], trace: bool = False
) -> dict[str, np.ndarray]:
    from simulator.native.seeds import game_streams

    streams = game_streams(seed, indices, indices)
    seats = np.zeros((len(indices), players), dtype=np.int8)
    return CORE.play_import_export(table, players, streams, seats, trace)


def native_decisions(table: dict, players: int, seed: int, index: int) -> list[dict]:
    from simulator.native.seeds import game_streams

    streams = game_streams(seed, [index], [index])
    return CORE.import_export_decisions(table, players, streams[0], np.zeros(players, np.int8))


def first_difference(python: list[tuple], native: list[dict]) -> str | None:
    """Where the two engines' decisions part (None: nowhere)."""
    for k, (mine, theirs) in enumerate(zip(python, native, strict=False)):
        if "error" in theirs:
            return f"decision {k}: the native game raised {theirs['error']}; Python asked {mine}"
        other = (theirs["seat"], theirs["kind"], tuple(theirs["options"]), theirs["choice"])
        if other != mine:
            return (
                f"decision {k} (turn {theirs['turn']}): Python asked seat {mine[0]} {mine[1]} "
                f"{mine[2]} and took {mine[3]}; native asked seat {other[0]} {other[1]} "
                f"{other[2]} and took {other[3]}"
            )
    if len(python) != len(native):
        tail = native[len(python)] if len(native) > len(python) else python[len(native)]
        return f"Python made {len(python)} decisions, native {len(native)}; next: {tail}"
    return None


def outcome_difference(
    outcome: Outcome, cols: dict[str, np.ndarray], row: int, n: int
) -> str | None:
    """Where the native outcome of game `row` differs from Python's (None: nowhere)."""
    names = ("credits", "deck_exhausted", "card", "turn_limit")
    woff = cols["winners_offsets"]
    native = {
        "turns": int(cols["turns"][row]),
        "first_player": int(cols["first_player"][row]),
        "winners": [int(w) for w in cols["winners"][woff[row] : woff[row + 1]]],
        "end_reason": names[int(cols["end_reason"][row])],
    }
    python = {
        "turns": outcome.turns,
        "first_player": outcome.first_player,
        "winners": list(outcome.winners),
        "end_reason": outcome.end_reason,
    }
    if native != python:
        return f"game: Python {python}, native {native}"
    for p, player in enumerate(outcome.players):
        at = row * n + p
        mine = {
            "score": player.score,
            "placement": player.placement,
            "port": player.extra["port"],
            "credits_in_play": player.extra["credits_in_play"],
        }
        theirs = {
            "score": float(cols["score"][at]),
            "placement": int(cols["placement"][at]),
            "port": int(cols["port"][at]),
            "credits_in_play": int(cols["credits_in_play"][at]),
        }
        for event in EVENT_ORDER:
            offsets = cols[f"ev_{event}_offsets"]
            mine[event] = list(player.events[event])
            theirs[event] = [int(v) for v in cols[f"ev_{event}"][offsets[at] : offsets[at + 1]]]
        if mine != theirs:
            keys = [k for k in mine if mine[k] != theirs[k]]
            return f"player {p}: " + "; ".join(
                f"{k}: Python {mine[k]}, native {theirs[k]}" for k in keys
            )
    return None


def compare(sheet: Path, players: int, seed: int, indices: list[int]) -> tuple[int, int]:
    """Play `indices` in both engines and assert they agree; returns (games, decisions)."""
    from simulator.native.ie_table import native_table

    game = make_game(sheet, players)
    table = native_table(game)
    cols = native_games(table, players, seed, indices)
    decisions = 0
    for row, index in enumerate(indices):
        python, outcome = python_game(game, players, seed, index)
        parted = first_difference(python, native_decisions(table, players, seed, index))
        where = outcome_difference(outcome, cols, row, players)
        asked = sum(1 for d in python if len(d[2]) > 1)
        if parted is None and int(cols["decisions"][row]) != asked:
            parted = f"Python asked {asked} decisions, native {int(cols['decisions'][row])}"
        if parted is not None or where is not None:
            raise AssertionError(
                f"{players} players, seed {seed}, game {index}: "
                f"{parted or 'the same decisions'}; outcome: {where or 'the same'}"
            )
        decisions += len(python)
    return len(indices), decisions


# ---------------------------------------------------------------- what the powers did


def _acting(name: str, handler: Callable[..., Any], seen: Counter) -> Callable[..., Any]:
    """`handler` wrapped: counts a call of `name` that asked or changed the table."""

    def snapshot(s: Any) -> tuple:
        return (
            tuple(s.credits),
            tuple(len(h) for h in s.hands),
            len(s.island),
            tuple(repr(sorted(m.items())) for m in s.mods),
            tuple(len(ship.cargo) for ship in s.ships),
        )

    def wrapped(*args: Any) -> Iterator[Any]:
        s = args[1]
        before = snapshot(s)
        asked = False
        flow = handler(*args)
        try:
            decision = next(flow)
            while True:
                asked = True
                decision = flow.send((yield decision))
        except StopIteration as stop:
            if asked or snapshot(s) != before:
                seen[name] += 1
            return stop.value

    return wrapped


@pytest.fixture
def acted(monkeypatch: pytest.MonkeyPatch) -> Counter:
    """How many times each group-3 power acted in the Python games played meanwhile."""
    seen: Counter = Counter()
    for name in GROUP3:
        entry = POWERS[name]
        for event, hook in list(entry.hooks.items()):
            monkeypatch.setitem(entry.hooks, event, _acting(name, hook, seen))
        if entry.on_cargo is not None:
            monkeypatch.setattr(entry, "on_cargo", _acting(name, entry.on_cargo, seen))
    return seen


# ---------------------------------------------------------------- the tests


def test_every_group3_card_has_one_native_power() -> None:
    assert set(GROUP3) <= set(CORE.native_powers())
    assert not CORE.power_errors()


def test_the_powers_act_in_the_fixed_games(tmp_path: Path, acted: Counter) -> None:
    """The fixed games (the shipped numbers, 2 to 6 players, on the shipped sheet and on an
    easy one) agree, and every group-3 power acts in them at least once: the differential
    test reaches each."""
    for easy in (False, True):
        sheet = write_sheet(tmp_path / f"group3_{easy}.csv", easy=easy)
        for players in range(2, 7):
            compare(sheet, players, SEED, list(range(40 if easy else 10)))
    missing = [name for name in GROUP3 if not acted[name]]
    assert not missing, f"no fixed game made these powers act: {missing}; acted: {dict(acted)}"


NUMBERS = st.fixed_dictionaries(
    {
        name: st.fixed_dictionaries({k: st.integers(lo, hi) for k, (lo, hi) in params.items()})
        for name, params in GROUP3.items()
    }
)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    numbers=NUMBERS,
    players=st.integers(2, 6),
    seed=st.integers(0, 2**63 - 1),
    first=st.integers(0, 10**6),
    easy=st.booleans(),
)
def test_the_engines_agree_with_any_numbers(
    tmp_path: Path, numbers: dict, players: int, seed: int, first: int, easy: bool
) -> None:
    sheet = write_sheet(tmp_path / "numbers.csv", numbers, easy)
    compare(sheet, players, seed, [first, first + 1])


def test_the_engines_agree_over_many_games(tmp_path: Path) -> None:
    """The long run: DECKHAND_GROUP3_GAMES games per player count and sheet (default 20)."""
    games = int(os.environ.get("DECKHAND_GROUP3_GAMES", "20"))
    played = decided = 0
    for easy in (False, True):
        sheet = write_sheet(tmp_path / f"group3_{easy}.csv", easy=easy)
        for players in range(2, 7):
            g, d = compare(sheet, players, SEED + 1, list(range(games)))
            played += g
            decided += d
    print(f"group 3 differential: {played} games, {decided} decisions compared, 2-6 players")
