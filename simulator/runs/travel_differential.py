"""The native travel engine against the Python reference, game for game.

`check_travel_games(setup, game_indices)` plays the same games with both engines, the setup's
bots in their seats (random, heuristic with any parameters, or a mix, rotated as a run seats
them): the Python engine through `Match.play`, recording every decision (the single-option
ones too), and the native one with its trace on. Both must ask the same decisions in the same
order, with the same options (compared as the core's option codes: cards, kinds and players
as themselves, actions as verb * 1000 + their card or player, DONE/ACCEPT/REJECT negative),
the same choice, and report the same tables (games, players, every card event). At the first
difference it raises an AssertionError naming the game, the decision, the turn, the seat, the
kind, both engines' options and choices.

`python -m simulator.runs.travel_differential --games 1000 --players 2 3 4 5 6 --modules none
all events,postcards --strategies random heuristic` runs the long check and prints what it
compared (the Counts of simulator/runs/differential.py).
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from simulator.core.protocol import Outcome
from simulator.folders.config import RunConfig, make_run_config
from simulator.games.travel.cards import EXPANSIONS
from simulator.games.travel.rules import ACCEPT, DONE, REJECT, TravelGame
from simulator.games.travel.state import EVENT_NAMES
from simulator.native import CORE, NOT_BUILT
from simulator.native.travel_chunk import END_REASONS, play_travel_columns
from simulator.runs.differential import Counts, compare_outcome, seat_strategies
from simulator.runs.match import Match

VERBS = ("draw", "travel", "recycle", "trade", "steal", "dispose", "smuggle", "special")
"""The ACTION verbs, as the core numbers them (`_core.travel_names()["verbs"]`)."""
MAX_CARDS = 1000
CODES = {DONE: -1, ACCEPT: -2, REJECT: -3}


def option_code(option: Any) -> int:
    """A Python option as the core's trace writes it."""
    if isinstance(option, tuple):
        verb = VERBS.index(option[0])
        return verb * MAX_CARDS + (option[1] if len(option) > 1 else 0)
    if isinstance(option, str):
        return CODES[option]
    return int(option)


@dataclass(frozen=True)
class TravelSetup:
    """One configuration both engines play."""

    players: int
    seed: int
    modules: tuple[str, ...] = ()
    strategies: tuple[str, ...] = ("random",)
    """As `--strategy` gives them (one for every seat, or one per seat), seated as a run
    seats them (folders.config.seat_slots)."""
    max_turns: int | None = None


def modules_of(text: str) -> tuple[str, ...]:
    """A --modules mix: none, all, or a comma-separated list."""
    if text == "none":
        return ()
    if text == "all":
        return EXPANSIONS
    return tuple(text.split(","))


def match_for(setup: TravelSetup) -> Match:
    config: RunConfig = make_run_config(
        "travel",
        setup.players,
        modules=setup.modules,
        strategies=setup.strategies,
        games=1,
        seed=setup.seed,
        max_turns=setup.max_turns,
    )
    return Match(config)


Row = tuple[int, str, tuple[int, ...], int]
"""A decision: seat, kind, the options' codes, the index chosen."""


def _python_game(match: Match, index: int) -> tuple[Outcome, int, list[Row]]:
    rows: list[Row] = []

    def record(decision: Any, choice: object) -> None:
        offered = decision.options
        codes = tuple(option_code(o) for o in offered)
        rows.append((decision.player, str(decision.kind), codes, offered.index(choice)))

    outcome, asked, _ = match.play(index, on_decision=record)
    return outcome, asked, rows


def _native_rows(out: dict[str, np.ndarray], row: int, kinds: Sequence[str]) -> list[Row]:
    sel = np.flatnonzero(out["tr_game"] == row)
    offsets = out["tr_values_offsets"]
    values = out["tr_values"]
    return [
        (
            int(out["tr_seat"][k]),
            kinds[int(out["tr_kind"][k])],
            tuple(values[offsets[k] : offsets[k + 1]].tolist()),
            int(out["tr_choice"][k]),
        )
        for k in sel
    ]


def _travel_extra(out: dict[str, np.ndarray], r: int, po: Any) -> list[tuple[str, object, object]]:
    """Travel's own player columns: the country, and the character (None without one)."""
    character = int(out["character"][r])
    return [
        ("country", int(out["country"][r]), po.extra["country"]),
        ("character", None if character < 0 else character, po.extra["character"]),
    ]


def check_travel_games(setup: TravelSetup, game_indices: Iterable[int]) -> Counts:
    """Play these games of a setup with both engines and compare them (see the module's
    docstring); the counts compared, or an AssertionError at the first difference."""
    if CORE is None:
        raise RuntimeError(NOT_BUILT)
    indices = list(game_indices)
    match = match_for(setup)
    game = match.game
    assert isinstance(game, TravelGame)
    out = play_travel_columns(match.config, game, match.choices, indices, trace=True)
    kinds = CORE.travel_names()["kinds"]
    counts = Counts(setups=1, by_players={setup.players: len(indices)})
    for row, index in enumerate(indices):
        outcome, asked, python = _python_game(match, index)
        native = _native_rows(out, row, kinds)
        if native != python:
            k = next(
                (j for j, (a, b) in enumerate(zip(native, python, strict=False)) if a != b),
                min(len(native), len(python)),
            )

            def said(rows: list[Row], k: int = k) -> str:
                if k >= len(rows):
                    return "(game over)"
                seat, kind, options, choice = rows[k]
                return f"seat {seat}, {kind}, options {list(options)}, chose {choice}"

            raise AssertionError(
                f"native and Python part at decision {k} of game {index} ({setup}):\n"
                f"  Python: {said(python)}\n  native: {said(native)}\n"
                f"  the decision before (both): {python[k - 1] if 0 < k <= len(python) else None}"
            )
        diffs = compare_outcome(
            out, row, setup.players, outcome, asked, END_REASONS, EVENT_NAMES, _travel_extra
        )
        if diffs:
            raise AssertionError(
                f"native and Python ask the same decisions in game {index} ({setup}) but report "
                "different tables: " + "; ".join(diffs[:8])
            )
        counts.games += 1
        counts.decisions += len(python)
        counts.asked += asked
        counts.turns += outcome.turns
    return counts


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="games per setup")
    parser.add_argument("--seed", type=int, default=20261207)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4, 5, 6])
    parser.add_argument(
        "--modules",
        nargs="*",
        default=["none", "all"],
        help="module mixes: none, all, or comma-separated, e.g. events,postcards",
    )
    parser.add_argument(
        "--strategies",
        nargs="*",
        default=["random", "heuristic"],
        help="bots, each a comma-separated --strategy list (one for every seat or one per "
        "seat), e.g. random heuristic heuristic,random heuristic@tuned-all-4p "
        "mcts@guided:iterations=4,rollout_decisions=20,heuristic",
    )
    parser.add_argument("--max-turns", type=int, default=None)
    parser.add_argument("--chunk", type=int, default=250)
    args = parser.parse_args(argv)
    total = Counts()
    started = time.perf_counter()
    for mods, bots, players in itertools.product(args.modules, args.strategies, args.players):
        modules = modules_of(mods)
        if "characters" in modules and players > 6:
            continue  # spec: the characters play at most 6
        strategies = seat_strategies(bots, players)
        setup = TravelSetup(
            players=players,
            seed=args.seed + players,
            modules=modules,
            strategies=strategies,
            max_turns=args.max_turns,
        )
        for first in range(0, args.games, args.chunk):
            indices = range(first, min(args.games, first + args.chunk))
            total.add(check_travel_games(setup, indices))
        print(
            f"modules={mods} bots={bots} players={players}: {total.games} games, "
            f"{total.decisions} decisions so far ({time.perf_counter() - started:.0f} s)",
            flush=True,
        )
    print(total.identical_line())


if __name__ == "__main__":
    main()
