"""Group 1's differential check: the native powers of base.py, base_end.py and
base_modifiers.py against the Python reference, in games where only those cards have powers
(every other card carries `power_off=1`, so no power not yet ported plays).

`check(players, seed, indices, params=..., rules=...)` plays the same games with both
engines, random bots in every seat, and compares decision by decision (seat, kind, number of
options, the option chosen), then the game's tables (turns, end, winners, scores, placements,
credits, every per-player event log). It raises an AssertionError naming the first
difference, with both engines' options as text where they part.

`python -m tests.native.group1_diff --games 500` runs a long check over every player count
and prints the counts compared, and how often each group-1 card was fulfilled.
"""

from __future__ import annotations

import argparse
import hashlib
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from simulator.catalog import get_game
from simulator.core.cards import CardRow
from simulator.core.protocol import Outcome
from simulator.folders.config import make_run_config
from simulator.games.import_export.cards import parse_pips
from simulator.games.import_export.powers import POWERS
from simulator.games.import_export.rules import ImportExportGame
from simulator.games.import_export.state import EVENT_NAMES
from simulator.native import CORE, NOT_BUILT
from simulator.native.ie_table import native_table
from simulator.native.seeds import game_streams
from simulator.runs.match import Match

MODULES = (
    "simulator.games.import_export.powers.base",
    "simulator.games.import_export.powers.base_end",
    "simulator.games.import_export.powers.base_modifiers",
)
GROUP1: tuple[str, ...] = tuple(
    sorted(name for name, p in POWERS.items() if p.declared.module in MODULES)
)
"""The cards whose powers group 1 ports: every @power of those three modules."""

END_REASONS = ("credits", "deck_exhausted", "card", "turn_limit")


@dataclass
class Counts:
    games: int = 0
    decisions: int = 0
    asked: int = 0
    turns: int = 0
    by_players: Counter[int] = field(default_factory=Counter)
    fulfilled: Counter[str] = field(default_factory=Counter)
    """Group-1 contracts fulfilled (Python's event log), by name: what the games exercised."""

    def add(self, other: Counts) -> None:
        self.games += other.games
        self.decisions += other.decisions
        self.asked += other.asked
        self.turns += other.turns
        self.by_players.update(other.by_players)
        self.fulfilled.update(other.fulfilled)


def match_for(
    players: int,
    seed: int,
    params: Sequence[tuple[str, str, float]] = (),
    rules: Sequence[tuple[str, str]] = (),
    cards: Iterable[str] = GROUP1,
    easy: bool = False,
) -> Match:
    """A Python match, random bots in every seat, on the shipped sheet with every card but
    `cards` switched off (power_off=1) and `params` (card, name, value) changed. `easy`:
    `cards` need one container of their colour and no level, so that random bots fulfil
    them often (the sheet is data: the powers must play the same on any sheet)."""
    config = make_run_config(
        "import-export", players, strategies=("random",), games=1, seed=seed, rules=tuple(rules)
    )
    match = Match(config)
    game = match.game
    assert isinstance(game, ImportExportGame)
    keep = set(cards)
    changed: dict[str, dict[str, float]] = {}
    for name, key, value in params:
        changed.setdefault(name, {})[key] = value
    rows = []
    for row in game.sheet.rows:
        values = dict(row.values)
        p = dict(values.get("params") or {})
        if row["name"] not in keep:
            p["power_off"] = 1
        elif easy:
            values["cargo"] = f"{row['color']}:1"
            values["level"] = f"{row['color']}:0"
            values["_cargo"] = parse_pips(values["cargo"])  # as cards._check parses them
            values["_level"] = parse_pips(values["level"])
        p.update(changed.get(row["name"], {}))
        values["params"] = p
        rows.append(CardRow(row.line, values))
    tag = hashlib.sha256(f"{game.sheet.sha256}:{sorted(keep)}:{params}:{easy}".encode()).hexdigest()
    sheet = replace(game.sheet, rows=rows, sha256=tag)
    spec = get_game("import-export")
    assert spec.build_with_sheet is not None
    match.game = spec.build_with_sheet(config.game, sheet)
    return match


def _python_game(
    match: Match, index: int
) -> tuple[Outcome, int, list[tuple[int, str, int, int]], list[Any]]:
    decisions: list[tuple[int, str, int, int]] = []
    options: list[Any] = []

    def record(decision: Any, choice: object) -> None:
        offered = decision.options
        decisions.append((decision.player, str(decision.kind), len(offered), offered.index(choice)))
        options.append(offered)

    outcome, asked, _ = match.play(index, on_decision=record)
    return outcome, asked, decisions, options


def _native_rows(
    out: dict[str, np.ndarray], row: int, kinds: Sequence[str]
) -> list[tuple[int, str, int, int]]:
    sel = out["tr_game"] == row
    return list(
        zip(
            out["tr_seat"][sel].tolist(),
            [kinds[k] for k in out["tr_kind"][sel].tolist()],
            out["tr_options"][sel].tolist(),
            out["tr_choice"][sel].tolist(),
            strict=True,
        )
    )


def _outcome_diffs(
    out: dict[str, np.ndarray], row: int, players: int, outcome: Outcome, asked: int
) -> list[str]:
    diffs = []

    def same(name: str, native: object, python: object) -> None:
        if native != python:
            diffs.append(f"{name}: native {native!r}, Python {python!r}")

    same("turns", int(out["turns"][row]), outcome.turns)
    same("decisions", int(out["decisions"][row]), asked)
    same("first_player", int(out["first_player"][row]), outcome.first_player)
    same("end_reason", END_REASONS[int(out["end_reason"][row])], outcome.end_reason)
    w = out["winners_offsets"]
    same("winners", out["winners"][w[row] : w[row + 1]].tolist(), list(outcome.winners))
    for p, po in enumerate(outcome.players):
        r = row * players + p
        same(f"score[{p}]", float(out["score"][r]), float(po.score))
        same(f"placement[{p}]", int(out["placement"][r]), po.placement)
        same(f"port[{p}]", int(out["port"][r]), po.extra["port"])
        same(f"credits_in_play[{p}]", int(out["credits_in_play"][r]), po.extra["credits_in_play"])
        for e in EVENT_NAMES:
            off = out[f"ev_{e}_offsets"]
            same(f"{e}[{p}]", out[f"ev_{e}"][off[r] : off[r + 1]].tolist(), list(po.events[e]))
    return diffs


def _same_choice(
    native: tuple[int, str, int, int], python: tuple[int, str, int, int], offered: Any
) -> bool:
    """The same decision answered with equal options: Python records the first index of the
    option chosen (`offered.index`), so among equal options (an any-time power listed twice)
    the indices may differ while the choice is the same."""
    return native[:3] == python[:3] and offered[native[3]] == offered[python[3]]


def _parted(
    table: dict[str, Any],
    players: int,
    seed: int,
    index: int,
    k: int,
    python: list[Any],
    native: list[Any],
    options: list[Any],
    what: str,
) -> AssertionError:
    assert CORE is not None
    streams = game_streams(seed, [index], [index])
    text = list(
        CORE.import_export_decisions(table, players, streams[0], np.zeros(players, dtype=np.int8))
    )
    row = text[k] if k < len(text) else (text[-1] if text and "error" in text[-1] else {})
    lines = [
        f"native and Python part at decision {k} of game {index} ({what}):",
        f"  turn {row.get('turn', '?')} (native's count)",
        f"  Python: {python[k] if k < len(python) else '(game over)'}",
        f"  native: {native[k] if k < len(native) else '(game over)'}",
    ]
    if k < len(options):
        lines.append(f"  Python's options: {options[k]!r}")
    if "options" in row:
        lines.append(f"  native's options: ({', '.join(row['options'])})")
    if "error" in row:
        lines.append(f"  native error: {row['error']}")
    return AssertionError("\n".join(lines))


def check(
    players: int,
    seed: int,
    indices: Iterable[int],
    params: Sequence[tuple[str, str, float]] = (),
    rules: Sequence[tuple[str, str]] = (),
    cards: Iterable[str] = GROUP1,
    easy: bool = False,
) -> Counts:
    """Play these games with both engines and compare them; the counts compared."""
    if CORE is None:
        raise RuntimeError(NOT_BUILT)
    games = list(indices)
    match = match_for(players, seed, params, rules, cards, easy)
    game = match.game
    assert isinstance(game, ImportExportGame)
    table = native_table(game)
    streams = game_streams(seed, games, games)
    seats = np.zeros((len(games), players), dtype=np.int8)
    what = f"players={players} seed={seed} params={list(params)} rules={list(rules)} easy={easy}"
    try:
        out = CORE.play_import_export(table, players, streams, seats, True)
    except RuntimeError as exc:
        raise AssertionError(f"the native engine failed ({what}): {exc}") from exc
    kinds = CORE.kind_names()
    name_of = {c.id: c.name for c in game.cards.contract_by_id.values()}
    mine = set(cards)
    counts = Counts(by_players=Counter({players: len(games)}))
    for row, index in enumerate(games):
        outcome, asked, python, options = _python_game(match, index)
        native = _native_rows(out, row, kinds)
        if native != python:
            parted = [
                j
                for j, (a, b) in enumerate(zip(native, python, strict=False))
                if a != b and not _same_choice(a, b, options[j])
            ]
            if parted or len(native) != len(python):
                k = parted[0] if parted else min(len(native), len(python))
                raise _parted(table, players, seed, index, k, python, native, options, what)
        diffs = _outcome_diffs(out, row, players, outcome, asked)
        if diffs:
            raise AssertionError(
                f"same decisions, different tables in game {index} ({what}): "
                + "; ".join(diffs[:8])
            )
        counts.games += 1
        counts.decisions += len(python)
        counts.asked += asked
        counts.turns += outcome.turns
        for po in outcome.players:
            for cid in po.events["fulfilled"]:
                if name_of.get(cid) in mine:
                    counts.fulfilled[name_of[cid]] += 1
    return counts


def check_text(
    players: int,
    seed: int,
    index: int,
    params: Sequence[tuple[str, str, float]] = (),
    rules: Sequence[tuple[str, str]] = (),
    cards: Iterable[str] = GROUP1,
    easy: bool = False,
) -> Counter[str]:
    """One game's every decision with its options compared as text (Python's repr of each
    option and the native rendering of it: order and contents). Returns the decisions
    compared, by kind."""
    if CORE is None:
        raise RuntimeError(NOT_BUILT)
    match = match_for(players, seed, params, rules, cards, easy)
    game = match.game
    assert isinstance(game, ImportExportGame)
    table = native_table(game)
    _, _, python, options = _python_game(match, index)
    streams = game_streams(seed, [index], [index])
    text = list(
        CORE.import_export_decisions(table, players, streams[0], np.zeros(players, dtype=np.int8))
    )
    kinds: Counter[str] = Counter()
    for k, offered in enumerate(options):
        if k >= len(text) or "options" not in text[k]:
            raise AssertionError(
                f"game {index}: the native game stops at decision {k}: {text[-1:]}"
            )
        theirs = [repr(o) for o in offered]
        if text[k]["options"] != theirs:
            raise AssertionError(
                f"game {index} (players={players} seed={seed} easy={easy}), decision {k} "
                f"({python[k][1]}, seat {python[k][0]}): options differ\n  Python: {theirs}\n"
                f"  native: {text[k]['options']}"
            )
        kinds[python[k][1]] += 1
    if len(text) != len(options):
        raise AssertionError(
            f"game {index}: native asks {len(text)} decisions, Python {len(options)}"
        )
    return kinds


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="games per player count")
    parser.add_argument("--seed", type=int, default=4901)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4, 5, 6])
    parser.add_argument("--chunk", type=int, default=250)
    parser.add_argument("--easy", action="store_true", help="group-1 contracts need one container")
    args = parser.parse_args(argv)
    total = Counts()
    started = time.perf_counter()
    for players in args.players:
        for first in range(0, args.games, args.chunk):
            total.add(
                check(
                    players,
                    args.seed + players,
                    range(first, min(args.games, first + args.chunk)),
                    easy=args.easy,
                )
            )
        print(
            f"players={players}: {total.games} games, {total.decisions} decisions so far "
            f"({time.perf_counter() - started:.0f} s)",
            flush=True,
        )
    print(
        f"identical: {total.games} games {dict(total.by_players)}, {total.decisions} decisions "
        f"({total.asked} asked), {total.turns} turns"
    )
    never = [n for n in GROUP1 if not total.fulfilled[n]]
    print("fulfilled:", dict(sorted(total.fulfilled.items())))
    print("never fulfilled:", never)


if __name__ == "__main__":
    main()
