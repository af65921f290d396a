"""The native Import/Export engine against the Python reference, game for game.

`check_games(setup, game_indices)` plays the same games with both engines, the setup's bots
in their seats (random, heuristic, or a mix, rotated as a run seats them): the Python engine
through `Match.play` (recording every decision, the single-option ones too: seat, kind,
number of options, the option chosen) and the native one with its trace on. The two must ask
the same decisions in the same order with the same options, and report the same tables
(games, players, card events). On the first difference it
raises an AssertionError naming it: the game, the decision number, the turn, the seat, the
kind, both engines' option counts and choices, Python's options and the native rendering of
its own (`_core.import_export_decisions`, written as Python's repr writes them). A game the
native core cannot play (a card whose power has no native port) is refused by the core with
the list of those cards.

`python -m simulator.runs.differential --games 2000` runs the long check and prints what
it compared.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from simulator.catalog import get_game
from simulator.core.cards import CardRow, CardSheet
from simulator.core.forward import Playthrough
from simulator.core.protocol import Outcome
from simulator.core.seeding import RULES_STREAM, STRATEGY_STREAM, GameRandom
from simulator.folders.config import RunConfig, make_run_config, seat_slots
from simulator.games.import_export.rules import ImportExportGame
from simulator.games.import_export.state import EVENT_NAMES
from simulator.native import CORE, NOT_BUILT
from simulator.native.ie_table import native_table
from simulator.native.seats import seat_codes
from simulator.native.seeds import game_streams
from simulator.runs.match import Match

END_REASONS = ("credits", "deck_exhausted", "card", "turn_limit")
"""The end reasons, as the native core numbers them (`_core.end_reasons()`)."""

RULE_RANGES: dict[str, tuple[int, int]] = {
    "start_credits": (0, 20),
    "start_hand": (2, 8),
    "draw_to": (3, 8),
    "sell_price": (1, 8),
    "owner_compensation": (0, 5),
    "ship_capacity": (3, 9),
    "end_credits": (30, 70),
    "sea_cards_at_setup": (1, 6),
    "pay_2": (2, 10),
    "pay_3_4": (5, 15),
    "pay_5_6": (8, 20),
    "unfulfilled_container": (0, 4),
    "set_bonus": (0, 15),
    "illegal_penalty": (0, 10),
}
"""Rule numbers a differential configuration may change (`--rule`), each within a range the
game accepts and the base deck can set up (RELATIONS hold: start credits stay below the end)."""


@dataclass(frozen=True)
class Setup:
    """One configuration both engines play: players, seed, powers, rule numbers, sheet
    numbers."""

    players: int
    seed: int
    powers: str = "off"
    """"off": `--rule card_powers=0` (every card vanilla); "native": only the cards with a
    native power keep theirs (the others carry power_off=1); "all": every shipped power."""
    rules: tuple[tuple[str, str], ...] = ()
    params: tuple[tuple[str, str, int], ...] = ()
    """(card name, parameter, value): sheet numbers changed for this setup."""
    max_turns: int | None = None
    mods: tuple[tuple[tuple[str, Any], ...], ...] = ()
    """Per seat, (key, value) rule modifiers every game starts with, as powers would set them
    (mods.py keys, Python values): the rules that read them are compared without the powers
    that set them. Empty: none."""

    sets: tuple[str, ...] = ()
    """The expansion sets (`--sets`); empty: the base set alone."""
    variants: tuple[str, ...] = ()
    """The variants (`--variant`: market, containers, containers_all)."""

    strategies: tuple[str, ...] = ("random",)
    """The bots, as `--strategy` gives them (one for every seat, or one per seat), seated as
    a run seats them (folders.config.seat_slots)."""

    def mods_dicts(self) -> list[dict[str, Any]] | None:
        return [dict(seat) for seat in self.mods] if self.mods else None


@dataclass
class Counts:
    """What a check compared."""

    setups: int = 0
    games: int = 0
    decisions: int = 0
    asked: int = 0
    turns: int = 0
    by_players: dict[int, int] = field(default_factory=dict)

    def add(self, other: Counts) -> None:
        self.setups += other.setups
        self.games += other.games
        self.decisions += other.decisions
        self.asked += other.asked
        self.turns += other.turns
        for k, v in other.by_players.items():
            self.by_players[k] = self.by_players.get(k, 0) + v

    def identical_line(self) -> str:
        """The harness's last line once every game compared equal (both games' CLIs)."""
        return (
            f"identical: {self.setups} chunks, {self.games} games ({self.by_players}), "
            f"{self.decisions} decisions ({self.asked} asked), {self.turns} turns"
        )


def _sheet_for(match: Match, setup: Setup) -> CardSheet | None:
    """The sheet this setup plays: the run's, with powers switched off and numbers changed as
    the setup says; None when it is the run's own."""
    if setup.powers != "native" and not setup.params:
        return None
    assert CORE is not None
    game = match.game
    assert isinstance(game, ImportExportGame)
    sheet = game.sheet
    native = set(CORE.native_powers())
    changed: dict[str, dict[str, int]] = {}
    for name, key, value in setup.params:
        changed.setdefault(name, {})[key] = value
    rows = []
    for row in sheet.rows:
        params = dict(row.get("params") or {})
        if setup.powers == "native" and row["name"] not in native:
            params["power_off"] = 1
        params.update(changed.get(row["name"], {}))
        values = dict(row.values)
        values["params"] = params
        rows.append(CardRow(row.line, values))
    tag = hashlib.sha256(f"{sheet.sha256}:{setup}".encode()).hexdigest()
    return replace(sheet, rows=rows, sha256=tag)


def match_for(setup: Setup) -> Match:
    """The Python match of a setup: its bots in their seats."""
    rules = list(setup.rules)
    if setup.powers == "off":
        rules.append(("card_powers", "0"))
    config: RunConfig = make_run_config(
        "import-export",
        setup.players,
        modules=setup.sets,
        variants=setup.variants,
        strategies=setup.strategies,
        games=1,
        seed=setup.seed,
        rules=tuple(rules),
        max_turns=setup.max_turns,
    )
    match = Match(config)
    sheet = _sheet_for(match, setup)
    if sheet is not None:
        spec = get_game("import-export")
        assert spec.build_with_sheet is not None
        match.game = spec.build_with_sheet(config.game, sheet)
    return match


def _python_game(
    match: Match, index: int, setup: Setup
) -> tuple[Outcome, int, list[tuple[int, str, int, int]], list[Any]]:
    """One game with the Python engine: its outcome, the decisions asked, and every decision
    (seat, kind, option count, index chosen) with its options."""
    decisions: list[tuple[int, str, int, int]] = []
    options: list[Any] = []

    def record(decision: Any, choice: object) -> None:
        offered = decision.options
        decisions.append((decision.player, str(decision.kind), len(offered), offered.index(choice)))
        options.append(offered)  # (an option offered twice: its first place, both sides)

    if not setup.mods:
        outcome, asked, _ = match.play(index, on_decision=record)
        return outcome, asked, decisions, options
    # engine.play_game's loop on a state dealt with the setup's modifiers set
    game = match.game
    rng = GameRandom.for_game(setup.seed, index, RULES_STREAM)
    state = game.new_state(rng)
    for p, seat in enumerate(setup.mods):
        state.mods[p].update(dict(seat))
    playthrough = Playthrough.begin(game, state, rng)
    strategy_rng = GameRandom.for_game(setup.seed, index, STRATEGY_STREAM)
    bots = [match.choices[slot].build() for slot in seat_slots(match.config, index)]
    asked = 0
    decision = playthrough.decision
    while decision is not None:
        if len(decision.options) == 1:
            choice = decision.options[0]
        else:
            asked += 1
            view = game.observe(state, decision.player)
            choice = bots[decision.player].choose(decision, view, strategy_rng)
        record(decision, choice)
        decision = playthrough.apply(choice)
    return playthrough.outcome(), asked, decisions, options


def _seating(match: Match, indices: Sequence[int]) -> tuple[np.ndarray, list[str]]:
    """The native seat codes of these games (games x players) and each code's parameters."""
    game = match.game
    assert isinstance(game, ImportExportGame)
    codes, texts = seat_codes(match.choices, game)
    seats = [[codes[slot] for slot in seat_slots(match.config, i)] for i in indices]
    return np.array(seats, dtype=np.int8).reshape(len(indices), match.config.game.players), texts


def _native_text(table: dict[str, Any], setup: Setup, index: int) -> list[dict[str, Any]]:
    assert CORE is not None
    streams = game_streams(setup.seed, [index], [index])
    seats, texts = _seating(match_for(setup), [index])
    return list(
        CORE.import_export_decisions(
            table, setup.players, streams[0], seats[0], setup.mods_dicts(), bots=texts
        )
    )


def _parted(
    table: dict[str, Any],
    setup: Setup,
    index: int,
    k: int,
    python: list[tuple[int, str, int, int]],
    native: list[tuple[int, str, int, int]],
    options: list[Any],
) -> AssertionError:
    """The error naming the first decision where the engines part."""
    text = _native_text(table, setup, index)
    row = text[k] if k < len(text) else {}
    if k >= len(text) and text and "error" in text[-1]:
        row = text[-1]

    def said(d: tuple[int, str, int, int] | None) -> str:
        return "(game over)" if d is None else f"seat {d[0]}, {d[1]}, {d[2]} options, chose {d[3]}"

    lines = [
        f"native and Python part at decision {k} of game {index} ({setup}):",
        f"  turn {row.get('turn', '?')} (native's count)",
        f"  Python: {said(python[k] if k < len(python) else None)}",
        f"  native: {said(native[k] if k < len(native) else None)}",
    ]
    if k < len(options):
        lines.append(f"  Python's options: {options[k]!r}")
    if "options" in row:
        lines.append(f"  native's options: ({', '.join(row['options'])})")
    if "error" in row:
        lines.append(f"  native error: {row['error']}")
    if k > 0 and k - 1 < len(python):
        lines.append(f"  the decision before (both): {python[k - 1]}")
    return AssertionError("\n".join(lines))


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


def _first_places(
    native: list[tuple[int, str, int, int]], options: list[Any]
) -> list[tuple[int, str, int, int]]:
    """The native choices as Python records them: an option offered twice (Telescopes' use,
    say) counts at its first place, as `options.index(choice)` finds it."""
    out = []
    for k, (seat, kind, count, choice) in enumerate(native):
        if k < len(options) and choice < len(options[k]):
            offered = options[k]
            choice = offered.index(offered[choice])
        out.append((seat, kind, count, choice))
    return out


ExtraRows = Callable[[dict[str, np.ndarray], int, Any], list[tuple[str, object, object]]]
"""A game's own player columns: (name, native, Python) for player row r and its outcome."""


def compare_outcome(
    out: dict[str, np.ndarray],
    row: int,
    players: int,
    outcome: Outcome,
    asked: int,
    reasons: Sequence[str] = END_REASONS,
    events: Sequence[str] = EVENT_NAMES,
    extra: ExtraRows | None = None,
) -> list[str]:
    """The table rows of one game that differ, in words (empty: none): the columns every
    game has, then the game's own (`extra`; Import/Export's port and credits by default),
    then each event's cards. Both harnesses use it (travel_differential.py too)."""
    diffs = []

    def same(name: str, native: object, python: object) -> None:
        if native != python:
            diffs.append(f"{name}: native {native!r}, Python {python!r}")

    same("turns", int(out["turns"][row]), outcome.turns)
    same("decisions", int(out["decisions"][row]), asked)
    same("first_player", int(out["first_player"][row]), outcome.first_player)
    same("end_reason", reasons[int(out["end_reason"][row])], outcome.end_reason)
    w = out["winners_offsets"]
    same("winners", out["winners"][w[row] : w[row + 1]].tolist(), list(outcome.winners))
    for p, po in enumerate(outcome.players):
        r = row * players + p
        same(f"score[{p}]", float(out["score"][r]), float(po.score))
        same(f"placement[{p}]", int(out["placement"][r]), po.placement)
        for name, native, python in (extra or _ie_extra)(out, r, po):
            same(f"{name}[{p}]", native, python)
        for e in events:
            off = out[f"ev_{e}_offsets"]
            same(f"{e}[{p}]", out[f"ev_{e}"][off[r] : off[r + 1]].tolist(), list(po.events[e]))
    return diffs


def _ie_extra(out: dict[str, np.ndarray], r: int, po: Any) -> list[tuple[str, object, object]]:
    return [
        ("port", int(out["port"][r]), po.extra["port"]),
        ("credits_in_play", int(out["credits_in_play"][r]), po.extra["credits_in_play"]),
    ]


def check_games(setup: Setup, game_indices: Iterable[int]) -> Counts:
    """Play these games of a setup with both engines and compare them (see the module's
    docstring); the counts compared, or an AssertionError at the first difference."""
    if CORE is None:
        raise RuntimeError(NOT_BUILT)
    indices = list(game_indices)
    match = match_for(setup)
    game = match.game
    assert isinstance(game, ImportExportGame)
    table = native_table(game)
    streams = game_streams(setup.seed, indices, indices)
    seats, texts = _seating(match, indices)
    out = CORE.play_import_export(
        table, setup.players, streams, seats, True, setup.mods_dicts(), bots=texts
    )
    kinds = CORE.kind_names()
    counts = Counts(setups=1, by_players={setup.players: len(indices)})
    for row, index in enumerate(indices):
        outcome, asked, python, options = _python_game(match, index, setup)
        native = _first_places(_native_rows(out, row, kinds), options)
        if native != python:
            k = next(
                (j for j, (a, b) in enumerate(zip(native, python, strict=False)) if a != b),
                min(len(native), len(python)),
            )
            raise _parted(table, setup, index, k, python, native, options)
        diffs = compare_outcome(out, row, setup.players, outcome, asked)
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


def check_options(setup: Setup, index: int) -> int:
    """One game's every decision, its options compared as text: Python's repr of each option
    and the native rendering of it (the order and the contents, not only the count). Returns
    the decisions compared."""
    if CORE is None:
        raise RuntimeError(NOT_BUILT)
    match = match_for(setup)
    game = match.game
    assert isinstance(game, ImportExportGame)
    table = native_table(game)
    _, _, python, options = _python_game(match, index, setup)
    text = _native_text(table, setup, index)
    for k, offered in enumerate(options):
        if k >= len(text) or "options" not in text[k]:
            raise AssertionError(
                f"game {index} ({setup}): the native game stops at decision {k}: {text[-1:]}"
            )
        mine = text[k]["options"]
        theirs = [repr(o) for o in offered]
        if mine != theirs:
            raise AssertionError(
                f"game {index} ({setup}), decision {k} ({python[k][1]}, seat {python[k][0]}, turn "
                f"{text[k]['turn']}): options differ\n  Python: {theirs}\n  native: {mine}"
            )
    if len(text) != len(options):
        raise AssertionError(
            f"game {index} ({setup}): native asks {len(text)} decisions, Python {len(options)}"
        )
    return len(options)


def seat_strategies(text: str, players: int) -> tuple[str, ...]:
    """The seats' strategies of one --strategies item: one strategy for every seat, or a
    comma-separated list cycled to the table's size. A strategy's own parameters are
    comma-separated too (`mcts:iterations=4,rollout=heuristic`), so a piece holding `=` but
    no `:` goes on the strategy before it rather than starting a seat's."""
    seats: list[str] = []
    for piece in text.split(","):
        if seats and "=" in piece and ":" not in piece:
            seats[-1] += "," + piece
        else:
            seats.append(piece)
    if len(seats) == 1:
        return (seats[0],)
    return tuple(seats[p % len(seats)] for p in range(players))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=int, default=1000, help="games per player count and power setting"
    )
    parser.add_argument("--seed", type=int, default=20261207)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4, 5, 6])
    parser.add_argument("--powers", nargs="*", default=["off", "native"])
    parser.add_argument("--chunk", type=int, default=250)
    parser.add_argument(
        "--sets",
        nargs="*",
        default=["base"],
        help="set mixes, each a comma-separated --sets list, e.g. base base,capital all",
    )
    parser.add_argument(
        "--variants",
        nargs="*",
        default=["none"],
        help="variant mixes, each comma-separated or none, e.g. none market containers,market",
    )
    parser.add_argument(
        "--strategies",
        nargs="*",
        default=["random"],
        help="bots, each a comma-separated --strategy list (one for every seat or one per seat), "
        "e.g. random heuristic heuristic,random mcts:iterations=4,rollout=heuristic,random",
    )
    args = parser.parse_args(argv)
    total = Counts()
    started = time.perf_counter()
    mixes = [
        (tuple(sets.split(",")), () if variants == "none" else tuple(variants.split(",")))
        for sets in args.sets
        for variants in args.variants
    ]
    for (sets, variants), bots, powers, players in itertools.product(
        mixes, args.strategies, args.powers, args.players
    ):
        strategies = seat_strategies(bots, players)
        setup = Setup(
            players=players,
            seed=args.seed + players,
            powers=powers,
            sets=sets,
            variants=variants,
            strategies=strategies,
        )
        for first in range(0, args.games, args.chunk):
            indices = range(first, min(args.games, first + args.chunk))
            total.add(check_games(setup, indices))
        print(
            f"sets={','.join(sets)} variants={','.join(variants) or 'none'} "
            f"bots={bots} powers={powers} players={players}: {total.games} games, "
            f"{total.decisions} decisions so far ({time.perf_counter() - started:.0f} s)",
            flush=True,
        )
    print(total.identical_line())


if __name__ == "__main__":
    main()
