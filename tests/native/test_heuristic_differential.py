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

from simulator.core.protocol import Decision
from simulator.folders.config import make_run_config, seat_slots
from simulator.native import CORE, NOT_BUILT
from simulator.native.heuristic_table import native_reason, register_heuristic
from simulator.native.ie_table import native_table
from simulator.native.seeds import game_streams
from simulator.runs.match import Match

pytestmark = pytest.mark.skipif(
    CORE is None or not hasattr(CORE, "play_import_export"), reason=NOT_BUILT or "no rules core"
)


class Parted(AssertionError):
    pass


def seat_codes(match: Match) -> list[int]:
    """The native code of each strategy slot: 0 random, 1.. a heuristic parameter set
    (registered with the core); a slot the core cannot play raises."""
    codes = []
    registered: dict[str, int] = {}
    for choice in match.choices:
        built = choice.build()
        if built.name == "random":
            codes.append(0)
            continue
        why = native_reason(built)
        if why is not None:
            raise ValueError(why)
        text = choice.text
        if text not in registered:
            registered[text] = len(registered) + 1
            register_heuristic(CORE, registered[text], built)  # type: ignore[arg-type]
        codes.append(registered[text])
    return codes


def python_trace(match: Match, index: int) -> tuple[list[tuple[int, str, int, int]], Any]:
    rows: list[tuple[int, str, int, int]] = []

    def seen(decision: Decision, choice: object) -> None:
        rows.append(
            (decision.player, decision.kind, len(decision.options), decision.options.index(choice))
        )

    outcome, _, _ = match.play(index, on_decision=seen)
    return rows, outcome


def compare(
    games: int,
    players: int,
    *,
    seed: int = 3,
    powers: bool = False,
    strategies: tuple[str, ...] = ("heuristic",),
    first: int = 0,
) -> dict[str, Any]:
    """Play `games` games in both engines and compare every decision; raises Parted at the
    first difference. Returns counts and the wall time of each engine."""
    rules = () if powers else (("card_powers", "false"),)
    config = make_run_config(
        "import-export", players, ("base",), strategies, games=games, seed=seed, rules=rules
    )
    match = Match(config)
    codes = seat_codes(match)
    indices = list(range(first, first + games))
    seats = np.array(
        [[codes[slot] for slot in seat_slots(config, i)] for i in indices], dtype=np.int8
    )
    streams = game_streams(config.seed, indices, [config.deal(i) for i in indices])
    table = native_table(match.game)
    start = time.perf_counter()
    native = CORE.play_import_export(table, players, streams, seats, True)  # type: ignore[union-attr]
    native_wall = time.perf_counter() - start
    names = CORE.kind_names()  # type: ignore[union-attr]
    tr_game = native["tr_game"]
    order = np.argsort(tr_game, kind="stable")
    bounds = np.searchsorted(tr_game[order], np.arange(games + 1))
    compared = 0
    python_wall = 0.0
    for row, i in enumerate(indices):
        start = time.perf_counter()
        rows, outcome = python_trace(match, i)
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
                    f"game {i} (seed {seed}, {players} players, {', '.join(strategies)}), "
                    f"decision {k}: Python (seat, kind, options, choice) {mine}, native {other}"
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


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    p = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    pw = len(sys.argv) > 3 and sys.argv[3] == "1"
    seats = tuple(sys.argv[4:]) or ("heuristic",)
    print(compare(n, p, powers=pw, strategies=seats))
