"""The native engine with native heuristic seats plays the Python engine's games decision
by decision: the same decisions (seat, kind, number of options) answered with the same
option, for heuristic seats alone and beside random ones, at 2 and 4 players, with the
heuristic's defaults and its shipped presets. The first decision where the engines part is
named (game, index, both sides).

Powers off (`--rule card_powers=0`) until the native heuristic answers the base powers'
questions; `python -m tests.native.test_heuristic_differential [games] [players]
[card_powers] [strategies...]` runs a longer comparison and prints its counts and speeds.
"""

from __future__ import annotations

import sys
import time
from typing import Any

import numpy as np
import pytest

from simulator.catalog import get_game
from simulator.core.forward import Playthrough
from simulator.core.protocol import Decision
from simulator.core.seeding import RULES_STREAM, STRATEGY_STREAM, GameRandom
from simulator.folders.config import make_run_config, seat_slots
from simulator.native import CORE, NOT_BUILT
from simulator.native.ie_table import native_table
from simulator.native.seats import seat_codes as native_seat_codes
from simulator.native.seeds import game_streams
from simulator.runs.differential import Setup, _sheet_for
from simulator.runs.match import Match

pytestmark = pytest.mark.skipif(
    CORE is None or not hasattr(CORE, "play_import_export"), reason=NOT_BUILT or "no rules core"
)


class Parted(AssertionError):
    pass


def seat_codes(match: Match) -> tuple[list[int], list[str]]:
    """The native code of each strategy slot and each code's parameter text
    (seats.seat_codes)."""
    return native_seat_codes(match.choices, match.game)


Mods = tuple[tuple[tuple[str, Any], ...], ...]
"""Per seat, (key, value) rule modifiers every game starts with (mods.py keys, Python values),
as simulator/runs/differential.py presets them: the heuristic's readings of what powers
change (its view's rule facts, live ports) compared without the powers that set them."""


def python_trace(
    match: Match, index: int, mods: Mods = ()
) -> tuple[list[tuple[int, str, int, int]], Any]:
    rows: list[tuple[int, str, int, int]] = []

    def seen(decision: Decision, choice: object) -> None:
        rows.append(
            (decision.player, decision.kind, len(decision.options), decision.options.index(choice))
        )

    if not mods:
        outcome, _, _ = match.play(index, on_decision=seen)
        return rows, outcome
    # engine.play_game's loop on a state dealt with the modifiers set (differential.py's)
    config = match.config
    game = match.game
    rng = GameRandom.for_game(config.seed, config.deal(index), RULES_STREAM)
    state = game.new_state(rng)
    for p, seat in enumerate(mods):
        state.mods[p].update(dict(seat))
    playthrough = Playthrough.begin(game, state, rng)
    strategy_rng = GameRandom.for_game(config.seed, index, STRATEGY_STREAM)
    bots = [match.choices[slot].build() for slot in seat_slots(config, index)]
    decision = playthrough.decision
    while decision is not None:
        if len(decision.options) == 1:
            choice = decision.options[0]
        else:
            view = game.observe(state, decision.player)
            choice = bots[decision.player].choose(decision, view, strategy_rng)
        seen(decision, choice)
        decision = playthrough.apply(choice)
    return rows, playthrough.outcome()


def compare(
    games: int,
    players: int,
    *,
    seed: int = 3,
    powers: bool = False,
    strategies: tuple[str, ...] = ("heuristic",),
    first: int = 0,
    mods: Mods = (),
) -> dict[str, Any]:
    """Play `games` games in both engines and compare every decision; raises Parted at the
    first difference. Returns counts and the wall time of each engine."""
    rules = () if powers else (("card_powers", "false"),)
    config = make_run_config(
        "import-export", players, ("base",), strategies, games=games, seed=seed, rules=rules
    )
    match = Match(config)
    if powers:  # only the cards with a native power keep theirs (differential.py's sheet)
        sheet = _sheet_for(match, Setup(players, seed, powers="native"))
        if sheet is not None:
            spec = get_game("import-export")
            assert spec.build_with_sheet is not None
            match.game = spec.build_with_sheet(config.game, sheet)
    codes, texts = seat_codes(match)
    indices = list(range(first, first + games))
    seats = np.array(
        [[codes[slot] for slot in seat_slots(config, i)] for i in indices], dtype=np.int8
    )
    streams = game_streams(config.seed, indices, [config.deal(i) for i in indices])
    table = native_table(match.game)
    start = time.perf_counter()
    preset = [dict(seat) for seat in mods] if mods else None
    native = CORE.play_import_export(  # type: ignore[union-attr]
        table, players, streams, seats, True, preset, bots=texts
    )
    native_wall = time.perf_counter() - start
    names = CORE.kind_names()  # type: ignore[union-attr]
    tr_game = native["tr_game"]
    order = np.argsort(tr_game, kind="stable")
    bounds = np.searchsorted(tr_game[order], np.arange(games + 1))
    compared = 0
    python_wall = 0.0
    for row, i in enumerate(indices):
        start = time.perf_counter()
        rows, outcome = python_trace(match, i, mods)
        python_wall += time.perf_counter() - start
        sel = order[bounds[row] : bounds[row + 1]]
        theirs = list(
            zip(
                native["tr_seat"][sel].tolist(),
                [names[k] for k in native["tr_kind"][sel].tolist()],
                native["tr_options"][sel].tolist(),
                native["tr_choice"][sel].tolist(),
                strict=True,
            )
        )
        for k, (mine, other) in enumerate(zip(rows, theirs, strict=False)):
            if mine != other:
                raise Parted(
                    f"game {i} (seed {seed}, {players} players, {', '.join(strategies)}, "
                    f"mods {mods}), decision {k}: Python (seat, kind, options, choice) {mine}, "
                    f"native {other}"
                )
        if len(rows) != len(theirs):
            raise Parted(
                f"game {i}: Python asked {len(rows)} decisions, native {len(theirs)} "
                "(the same up to the shorter)"
            )
        compared += len(rows)
    return {
        "games": games,
        "decisions": compared,
        "asked": int(native["decisions"].sum()),
        "turns": int(native["turns"].sum()),
        "native_s": native_wall,
        "python_s": python_wall,
    }


@pytest.mark.parametrize("players", [2, 4])
def test_heuristic_every_seat(players: int) -> None:
    result = compare(8, players)
    assert result["decisions"] > 0


def test_heuristic_beside_random_and_presets() -> None:
    result = compare(
        8, 4, seed=5, strategies=("heuristic", "random", "heuristic@tuned-all-4p", "random")
    )
    assert result["decisions"] > 0


SHIP_AND_SEAT_MODS: Mods = (
    (("draw_to", 7), ("capacity", 8), ("wild_colors", frozenset({1, 3}))),
    (("end_credits", 40), ("pay_bands", ((10, 20), (8, 16))), ("rainbow_colors", frozenset({0}))),
    (("no_credit_end", True), ("owner_compensation", 4), ("virtual_load_per_tech", 1)),
    (("shared_pirate_crew", True), ("draw_to", 4), ("wild_colors", frozenset({4}))),
)
"""Modifiers the heuristic reads through its view (hand size, end credits, ship capacity,
payout bands, wild and rainbow colours, crew its powers add) and that ask no question."""


@pytest.mark.parametrize("players", [2, 4])
def test_heuristic_reads_the_seats_modifiers(players: int) -> None:
    result = compare(6, players, seed=11, mods=SHIP_AND_SEAT_MODS[:players])
    assert result["decisions"] > 0


def bench(games: int, players: int, repeats: int = 5, python_games: int | None = None) -> str:
    """Heuristic in every seat, base set, powers off: the native engine's games per second
    (median of `repeats`, no trace) against the Python engine's on the first `python_games`
    of the same games, wall and CPU (time.process_time: what this process ran)."""
    config = make_run_config(
        "import-export",
        players,
        ("base",),
        ("heuristic",),
        games=games,
        seed=3,
        rules=(("card_powers", "false"),),
    )
    match = Match(config)
    codes, texts = seat_codes(match)
    indices = list(range(games))
    seats = np.array([[codes[s] for s in seat_slots(config, i)] for i in indices], dtype=np.int8)
    streams = game_streams(config.seed, indices, [config.deal(i) for i in indices])
    table = native_table(match.game)
    walls, cpus = [], []
    for _ in range(repeats):
        start, cpu = time.perf_counter(), time.process_time()
        out = CORE.play_import_export(  # type: ignore[union-attr]
            table, players, streams, seats, False, bots=texts
        )
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu)
    wall, cpu = sorted(walls)[repeats // 2], sorted(cpus)[repeats // 2]
    n_py = python_games or min(games, 200)
    start, cpu_start = time.perf_counter(), time.process_time()
    for i in range(n_py):
        match.play(i)
    py_wall, py_cpu = time.perf_counter() - start, time.process_time() - cpu_start
    return (
        f"{players}p heuristic x{players}, base, powers off: native {games} games, median of "
        f"{repeats}: {games / wall:.0f} games/s wall, {games / cpu:.0f} per CPU-second "
        f"({out['turns'].mean():.1f} turns, {out['decisions'].mean():.1f} decisions asked a "
        f"game); Python {n_py} of the same games: {n_py / py_wall:.1f} games/s wall, "
        f"{n_py / py_cpu:.1f} per CPU-second; ratio (CPU) {(games / cpu) / (n_py / py_cpu):.0f}x"
    )


if __name__ == "__main__":
    if sys.argv[1:2] == ["bench"]:  # bench [games] [players]
        print(bench(int(sys.argv[2]), int(sys.argv[3])))
        sys.exit(0)
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    p = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    pw = len(sys.argv) > 3 and sys.argv[3] == "1"
    seats = tuple(sys.argv[4:]) or ("heuristic",)
    print(compare(n, p, powers=pw, strategies=seats))
