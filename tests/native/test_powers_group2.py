"""Group 2 of the native powers: every immediate power of powers/base_immediate.py, played by
the native core (simulator/native/src/ie_powers_group2.cpp, Potatoes in ie_powers_base.cpp)
exactly as the Python engine plays it.

Games where only these cards have powers (every other card carries `power_off=1`), so that a
difference is theirs, not a power not yet ported: decision by decision (seat, kind, options as
Python's repr writes them, context, the choice) and then the tables (turns, end, winners,
scores, placements, every event log), on the printed sheet and on a "focused" copy where these
cards need no level and one container of their colour, so that they are fulfilled, copied,
stolen and bought many times a game. Hypothesis draws their numbers within the declared
ranges.
"""

from __future__ import annotations

import collections
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simulator.catalog import get_game
from simulator.core.cards import CardRow, CardSheet
from simulator.core.engine import play_game
from simulator.core.outcome import Outcome
from simulator.games.import_export.cards import COLORS
from simulator.games.import_export.powers import framework
from simulator.games.import_export.rules import ImportExportGame
from simulator.native import CORE, NOT_BUILT
from simulator.runs.experiment import sheet_without_powers
from strategies.registry import resolve

pytestmark = pytest.mark.skipif(CORE is None, reason=NOT_BUILT)
_core: Any = CORE  # the compiled module (the tests skip without it)

MODULE = "simulator.games.import_export.powers.base_immediate"
GROUP = sorted(name for name, p in framework.POWERS.items() if p.declared.module == MODULE)
"""The cards of base_immediate.py: this group's."""
SPEC = get_game("import-export")
END_REASONS = ("credits", "deck_exhausted", "card", "turn_limit")
RANDOM = resolve("import-export", "random")


def group_sheet(
    players: int, cargo: int | None = None, params: Mapping[str, Mapping[str, int]] | None = None
) -> CardSheet:
    """The shipped base sheet with every other card's power off; `cargo`: the group's cards
    focused (level 0, `cargo` containers of their own colour); `params`: their numbers."""
    config = SPEC.make_config(players, ("base",))
    sheet = SPEC.factory(config).sheet
    off = frozenset(int(r["id"]) for r in sheet.rows if r["name"] not in GROUP)
    sheet = sheet_without_powers(SPEC, sheet, off)
    rows = []
    for row in sheet.rows:
        values = dict(row.values)
        if row["name"] in GROUP and cargo is not None:
            color = COLORS.index(values["color"])
            values["level"], values["_level"] = f"{values['color']}:0", {color: 0}
            values["cargo"], values["_cargo"] = f"{values['color']}:{cargo}", {color: cargo}
        if params and row["name"] in params:
            values["params"] = {**values["params"], **params[row["name"]]}
        rows.append(CardRow(row.line, values))
    return replace(
        sheet, rows=rows, sha256=f"{sheet.sha256}:{cargo}:{sorted((params or {}).items())}"
    )


def group_game(players: int, sheet: CardSheet) -> ImportExportGame:
    build = SPEC.build_with_sheet
    assert build is not None
    game = build(SPEC.make_config(players, ("base",)), sheet)
    assert isinstance(game, ImportExportGame)
    return game


@contextmanager
def counting_powers() -> Iterator[collections.Counter[str]]:
    """Count the group's Python powers as they resolve (fulfilled, copied, stolen, Apples)."""
    fired: collections.Counter[str] = collections.Counter()
    saved = {name: framework.POWERS[name].on_fulfil for name in GROUP}

    def counted(name: str, handler: Any) -> Any:
        def run(*args: Any) -> Any:
            fired[name] += 1
            return (yield from handler(*args))

        return run

    for name, handler in saved.items():
        framework.POWERS[name].on_fulfil = counted(name, handler)
    try:
        yield fired
    finally:
        for name, handler in saved.items():
            framework.POWERS[name].on_fulfil = handler


@dataclass
class Compared:
    decisions: int
    difference: str | None
    end_reason: str
    kinds: collections.Counter[str]


def _outcome_difference(out: Outcome, cols: dict[str, np.ndarray]) -> str | None:
    native = {
        "turns": int(cols["turns"][0]),
        "first_player": int(cols["first_player"][0]),
        "end_reason": END_REASONS[int(cols["end_reason"][0])],
        "winners": [int(w) for w in cols["winners"]],
    }
    python = {
        "turns": out.turns,
        "first_player": out.first_player,
        "end_reason": out.end_reason,
        "winners": list(out.winners),
    }
    if native != python:
        return f"game: python {python}, native {native}"
    for p, player in enumerate(out.players):
        theirs = (float(cols["score"][p]), int(cols["placement"][p]))
        if (player.score, player.placement) != theirs:
            ours = (player.score, player.placement)
            return f"seat {p}: python score and placement {ours}, native {theirs}"
        extra = {"port": int(cols["port"][p]), "credits_in_play": int(cols["credits_in_play"][p])}
        if player.extra != extra:
            return f"seat {p}: python {player.extra}, native {extra}"
        for event, values in player.events.items():
            offsets = cols[f"ev_{event}_offsets"]
            native_values = [int(v) for v in cols[f"ev_{event}"][offsets[p] : offsets[p + 1]]]
            if list(values) != native_values:
                return f"seat {p} log {event!r}: python {values}, native {native_values}"
    return None


def compare(game: ImportExportGame, seed: int, index: int) -> Compared:
    """One game, random seats, both engines: the first difference, or None."""
    from simulator.native.ie_table import native_table
    from simulator.native.seeds import game_streams

    n = game.config.players
    python: list[tuple[Any, ...]] = []

    def told(decision: Any, choice: Any) -> None:
        options = decision.options
        python.append(
            (
                decision.player,
                str(decision.kind),
                [repr(o) for o in options],
                options.index(choice),
                decision.context,
            )
        )

    out, _ = play_game(game, [RANDOM.build() for _ in range(n)], seed, index, on_decision=told)
    table = native_table(game)
    streams = game_streams(seed, [index], [index])
    seats = np.zeros((1, n), dtype=np.int8)
    native = _core.import_export_decisions(table, n, streams[0], seats[0])
    kinds: collections.Counter[str] = collections.Counter()
    where = f"seed {seed}, game {index}, {n} players"
    for k, (ours, theirs) in enumerate(zip(python, native, strict=False)):
        if "error" in theirs:
            return Compared(
                k, f"{where}: the native game failed at decision {k}: {theirs['error']}", "", kinds
            )
        key = (theirs["seat"], theirs["kind"], list(theirs["options"]), theirs["choice"])
        context_differs = isinstance(ours[4], int) and ours[4] != theirs["context"]
        if key != ours[:4] or context_differs:
            return Compared(
                k,
                f"{where}: decision {k} (turn {theirs['turn']}) differs: python {ours}, native "
                f"{key} context {theirs['context']}",
                "",
                kinds,
            )
        kinds[ours[1]] += 1
    if len(python) != len(native):
        return Compared(
            min(len(python), len(native)),
            f"{where}: python asked {len(python)} decisions, native {len(native)}",
            "",
            kinds,
        )
    cols = _core.play_import_export(table, n, streams, seats)
    return Compared(len(python), _outcome_difference(out, cols), out.end_reason, kinds)


def play_many(
    games: list[tuple[ImportExportGame, int, int]],
) -> tuple[int, collections.Counter[str]]:
    """Compare every game; fail at the first difference. Returns the decisions compared and
    the games' end reasons."""
    decisions = 0
    ends: collections.Counter[str] = collections.Counter()
    for game, seed, index in games:
        result = compare(game, seed, index)
        assert result.difference is None, result.difference
        decisions += result.decisions
        ends[result.end_reason] += 1
    return decisions, ends


def test_every_card_of_the_group_has_a_native_power() -> None:
    assert len(GROUP) == 27
    assert not _core.power_errors()
    assert sorted(set(GROUP) - set(_core.native_powers())) == []


def test_focused_games_agree_and_every_power_resolves() -> None:
    """30 games per player count (2 to 6) on the focused sheet: the same decisions and tables,
    every power of the group resolved at least once, and Rolls Royce wins a game."""
    with counting_powers() as fired:
        built = {n: group_game(n, group_sheet(n, cargo=1)) for n in range(2, 7)}
        games = [(built[n], 2026, i) for n in range(2, 7) for i in range(30)]
        decisions, ends = play_many(games)
    assert decisions > 50_000
    assert sorted(set(GROUP) - set(fired)) == []
    assert ends["card"] >= 1  # Rolls Royce's win (GameOver) compared too


def test_printed_sheet_games_agree() -> None:
    """The shipped numbers, levels and cargo (only the group's powers on)."""
    built = {n: group_game(n, group_sheet(n)) for n in range(2, 7)}
    games = [(built[n], 7, i) for n in range(2, 7) for i in range(8)]
    play_many(games)


def _declared_numbers() -> dict[str, dict[str, st.SearchStrategy[int]]]:
    """Each card's numbers, drawn within their declared range (a few above the least)."""
    out: dict[str, dict[str, st.SearchStrategy[int]]] = {}
    for name in GROUP:
        params = framework.POWERS[name].declared.params
        out[name] = {
            key: st.integers(int(need.least), int(need.least) + 4) for key, need in params.items()
        }
    return out


NUMBERS = _declared_numbers()


@st.composite
def group_numbers(draw: st.DrawFn) -> dict[str, dict[str, int]]:
    """Some of the group's cards with numbers of their own, the others as printed."""
    chosen: set[str] = draw(st.sets(st.sampled_from(sorted(n for n, p in NUMBERS.items() if p))))
    numbers: dict[str, dict[str, int]] = {}
    for name in sorted(chosen):
        numbers[name] = {key: draw(values) for key, values in NUMBERS[name].items()}
    return numbers


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**63 - 1),
    index=st.integers(0, 10**6),
    cargo=st.integers(1, 3),
    numbers=group_numbers(),
)
def test_any_numbers_agree(
    players: int, seed: int, index: int, cargo: int, numbers: dict[str, dict[str, int]]
) -> None:
    """The group's numbers anywhere in their ranges (the sheet is data): the same game."""
    game = group_game(players, group_sheet(players, cargo=cargo, params=numbers))
    play_many([(game, seed, index), (game, seed, index + 1)])


@settings(max_examples=15, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**63 - 1), numbers=group_numbers())
def test_beside_every_native_power(
    players: int, seed: int, numbers: dict[str, dict[str, int]]
) -> None:
    """With every card that has a native power keeping it (the rules' differential harness,
    printed levels), the group's numbers drawn: the same decisions, options and tables."""
    from simulator.runs.differential import Setup, check_games, check_options

    params = tuple((name, key, v) for name, keys in numbers.items() for key, v in keys.items())
    setup = Setup(players=players, seed=seed, powers="native", params=params)
    assert check_games(setup, range(3)).games == 3
    check_options(setup, 0)
