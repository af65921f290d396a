"""Designed experiments: many small games, each with its own seats and card powers, played
on a backend and returned as compact records (no run folder).

`deckhand tune` plays candidates against an opponent pool and `deckhand ablate` plays the
same deals with card powers on and off; both describe each game as a `Table` (the deal, the
strategy stream, the strategy text in every seat, the cards whose powers are off) and hand
lists of them to `play_tables`. A game's result depends only on the master seed, its table
and the config, never on the worker, the chunking or the backend:

- the rules stream is `(seed, deal)`, exactly as in `deckhand simulate` (the same deal is
  the same shuffle in every experiment and run with the same seed);
- the strategies stream is `(seed, stream)`: two tables with the same stream give their bots
  the same random numbers (common random numbers between candidates and between arms).

Powers are switched off per card through the game's `power_switch` (a card-sheet parameter,
`power_off=1` in Import/Export): a copy of the sheet with those cards marked is built in
the worker and the game constructed from it (`GameSpec.build_with_sheet`), so no file is
written per variant.

**The engine.** The client chooses once per `stream` (native/engine_choice.py, on the game
and every strategy in the tables, `auto` unless asked otherwise) and tells the workers; a
worker asked for the native engine without a built core refuses (it never falls back to a
slower engine unsaid). The native engine plays a chunk's tables grouped by their powers-off
set, one core call per group, the same games as the Python engine bit for bit
(tests/runs/test_experiment_engines.py). `Experiment.chosen` says which engine played, for
the experiment's report.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from simulator.catalog import get_game
from simulator.core.cards import CardRow, CardSheet
from simulator.core.engine import play_game
from simulator.core.errors import ConfigError
from simulator.core.spec import Game, GameConfig, GameSpec
from simulator.folders.config import RunConfig
from simulator.native import CORE, NOT_BUILT, travel_chunk
from simulator.native.chunk import END_REASONS
from simulator.native.engine_choice import EngineChoice, choose_engine
from simulator.native.ie_table import native_table
from simulator.native.seats import seat_codes
from simulator.native.seeds import game_streams
from simulator.native.travel_table import travel_table
from simulator.runs.backends import open_backend
from simulator.runs.runner import SheetCopy, _engine_versions
from strategies.registry import StrategyChoice, resolve


@dataclass(frozen=True)
class Table:
    """One game of an experiment."""

    deal: int
    """The rules stream: the shuffle."""
    stream: int
    """The strategies' random stream (equal streams: common random numbers)."""
    seats: tuple[str, ...]
    """The `--strategy` text in each seat."""
    off: frozenset[int] = frozenset()
    """Cards (their sheet ids, as datasets report them) played with their power off."""


@dataclass(frozen=True)
class Played:
    """What an experiment keeps of one game."""

    turns: int
    end_reason: str
    first_player: int
    winners: tuple[int, ...]
    placements: tuple[int, ...]
    owned: tuple[tuple[int, ...], ...]
    """Per seat, the cards whose power the player owned (the game's owner event)."""

    def pairwise(self, seat: int) -> float:
        """Share of the other seats this seat finished ahead of (ties half)."""
        mine = self.placements[seat]
        others = [p for s, p in enumerate(self.placements) if s != seat]
        return sum(1.0 if mine < p else 0.5 if mine == p else 0.0 for p in others) / len(others)


def owner_event(spec: GameSpec) -> str:
    """The event that means the player owns a card's power: Import/Export `fulfilled`,
    otherwise the first seen event (travel's cards work from the hand)."""
    return "fulfilled" if "fulfilled" in spec.event_names else spec.seen_events[0]


def sheet_without_powers(spec: GameSpec, sheet: CardSheet, cards: frozenset[int]) -> CardSheet:
    """A copy of `sheet` in which the cards with these ids (and the other contracts of the
    same physical card) carry the game's power switch; every other cell is kept."""
    key = spec.power_switch
    if key is None:
        raise ConfigError(
            f"{spec.name} has no per-card power switch (GameSpec.power_switch); "
            "card powers cannot be ablated in it"
        )
    if not cards:
        return sheet
    group = spec.physical_card_column
    groups = {row.get(group) for row in sheet.rows if row["id"] in cards} if group else set()
    rows = []
    for row in sheet.rows:
        if row["id"] in cards or (group and row.get(group) in groups):
            values = dict(row.values)
            values["params"] = {**(row.get("params") or {}), key: 1}
            rows.append(CardRow(row.line, values))
        else:
            rows.append(row)
    tag = hashlib.sha256(f"{sheet.sha256}:{sorted(cards)}".encode()).hexdigest()
    return replace(sheet, rows=rows, sha256=tag)


class _Worker:
    """Per process: the loaded sheet, the games built per power set, the strategies."""

    def __init__(self, config: GameConfig, sheet_path: str) -> None:
        self.spec = get_game(config.game)
        self.config = config
        base = self.spec.factory(config)
        self.sheet = base.sheet
        self.games: dict[frozenset[int], Game] = {frozenset(): base}
        self.tables: dict[frozenset[int], dict[str, Any]] = {}
        """The native core's table of each game built (native_table), by powers-off set."""
        self.choices: dict[str, StrategyChoice] = {}
        self.event = owner_event(self.spec)

    def game(self, off: frozenset[int]) -> Game:
        game = self.games.get(off)
        if game is None:
            build = self.spec.build_with_sheet
            assert build is not None
            game = build(self.config, sheet_without_powers(self.spec, self.sheet, off))
            if len(self.games) > 64:  # factorial designs: a new set almost every game
                self.games = {frozenset(): self.games[frozenset()]}
                self.tables = {}
            self.games[off] = game
        return game

    def choice(self, text: str) -> StrategyChoice:
        choice = self.choices.get(text)
        if choice is None:
            choice = self.choices[text] = resolve(self.config.game, text)
        return choice

    def strategy(self, text: str) -> Any:
        return self.choice(text).build()

    def native_table(self, off: frozenset[int]) -> dict[str, Any]:
        table = self.tables.get(off)
        if table is None:
            game = self.game(off)
            travel = self.config.game == travel_chunk.TRAVEL_GAME
            table = self.tables[off] = (
                travel_table(game) if travel else native_table(game)  # type: ignore[arg-type]
            )
        return table

    def _native_columns(
        self, off: frozenset[int], seats: list[tuple[str, ...]], streams: np.ndarray
    ) -> dict[str, np.ndarray]:
        """The core's columns of these games, each game's seats by strategy text."""
        assert CORE is not None
        texts = list(dict.fromkeys(text for row in seats for text in row))
        choices = [self.choice(t) for t in texts]
        n = self.config.players
        bots: list[Any]
        more: dict[str, Any] = {}  # travel's mcts seats: their searches' texts
        if self.config.game == travel_chunk.TRAVEL_GAME:
            codes, params, searches = travel_chunk.seat_codes(choices)
            play, bots = CORE.play_travel, list(params)
            if any(searches):
                more["searches"] = searches
        else:
            codes, texts_by_code = seat_codes(choices, self.game(off))
            play, bots = CORE.play_import_export, list(texts_by_code)
        code_of = dict(zip(texts, codes, strict=True))
        codes_by_seat = np.array([[code_of[x] for x in row] for row in seats], dtype=np.int8)
        return dict(
            play(self.native_table(off), n, streams, codes_by_seat, False, bots=bots, **more)
        )

    def play_native(self, seed: int, tables: Sequence[Table]) -> list[Played]:
        """The tables played by the native core: one call per powers-off set, the games in
        their order, each with its own deal, strategy stream and seats."""
        assert CORE is not None  # play_tables refuses a native chunk without the core
        n = self.config.players
        out: list[Played | None] = [None] * len(tables)
        groups: dict[frozenset[int], list[int]] = {}
        for at, table in enumerate(tables):
            groups.setdefault(table.off, []).append(at)
        reasons = (
            travel_chunk.END_REASONS
            if self.config.game == travel_chunk.TRAVEL_GAME
            else END_REASONS
        )
        for off, rows in groups.items():
            picked = [tables[at] for at in rows]
            streams = game_streams(seed, [t.stream for t in picked], [t.deal for t in picked])
            cols = self._native_columns(off, [t.seats for t in picked], streams)
            for j, at in enumerate(rows):
                out[at] = _played_from(cols, j, n, self.event, reasons)
        return [p for p in out if p is not None]

    def play(self, seed: int, table: Table) -> Played:
        game = self.game(table.off)
        seats = [self.strategy(t) for t in table.seats]
        outcome, _ = play_game(game, seats, seed, table.stream, deal=table.deal)
        return Played(
            turns=outcome.turns,
            end_reason=outcome.end_reason,
            first_player=outcome.first_player,
            winners=tuple(outcome.winners),
            placements=tuple(p.placement for p in outcome.players),
            owned=tuple(tuple(p.events.get(self.event, ())) for p in outcome.players),
        )


def _played_from(
    cols: dict[str, np.ndarray], j: int, n: int, event: str, reasons: Sequence[str]
) -> Played:
    """Game j of the core's columns, as an experiment keeps it (`reasons`: the game's end
    reasons in the core's numbering)."""
    lo, hi = cols["winners_offsets"][j], cols["winners_offsets"][j + 1]
    values, offsets = cols[f"ev_{event}"], cols[f"ev_{event}_offsets"]
    return Played(
        turns=int(cols["turns"][j]),
        end_reason=reasons[int(cols["end_reason"][j])],
        first_player=int(cols["first_player"][j]),
        winners=tuple(int(w) for w in cols["winners"][lo:hi]),
        placements=tuple(int(p) for p in cols["placement"][j * n : (j + 1) * n]),
        owned=tuple(
            tuple(int(c) for c in values[offsets[row] : offsets[row + 1]])
            for row in range(j * n, (j + 1) * n)
        ),
    )


_WORKERS: dict[tuple[str, str], _Worker] = {}
"""One `_Worker` per (config, sheet) in each process: built games and strategies are reused
across the chunks a worker plays (they hold no random state)."""


def play_tables(
    config_json: dict[str, Any],
    sheet: SheetCopy,
    seed: int,
    tables: Sequence[Table],
    versions: dict[str, str],
    engine: str = "python",
) -> list[Played]:
    """Play a list of tables in this process (a backend task), with the engine the client
    chose; a worker without the native core refuses a native chunk."""
    if _engine_versions() != versions:
        raise ConfigError(
            f"a worker runs {_engine_versions()} but the client runs {versions}: install the "
            "same deckhand and numpy on every worker"
        )
    if engine == "native" and CORE is None:
        raise ConfigError(
            f"this worker cannot play the native engine the run chose: {NOT_BUILT} (install "
            "deckhand with its native core on every worker)"
        )
    config = GameConfig.from_json(config_json)
    path = sheet.local_path()
    key = (repr(sorted(config_json.items())), sheet.sha256)
    worker = _WORKERS.get(key)
    if worker is None:
        if len(_WORKERS) > 8:
            _WORKERS.clear()
        worker = _WORKERS[key] = _Worker(replace(config, card_sheet=path), path)
    if engine == "native":
        return worker.play_native(seed, tables)
    return [worker.play(seed, t) for t in tables]


@dataclass
class Experiment:
    """Plays lists of tables of one game config on a backend, chunk by chunk."""

    config: GameConfig
    seed: int
    jobs: int = 1
    backend: str = "loky"
    chunk_size: int = 100
    engine: str = "auto"
    """--engine: auto (native where everything in the tables is), native or python."""
    chosen: EngineChoice | None = None
    """The engine that played the last tables, and why (set by `stream`)."""
    _sheet: SheetCopy | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        spec = get_game(self.config.game)
        path = Path(self.config.card_sheet or spec.card_sheet)
        data = path.read_bytes()
        self._sheet = SheetCopy(hashlib.sha256(data).hexdigest(), data)

    def play(
        self, tables: Sequence[Table], progress: Callable[[int], None] | None = None
    ) -> list[Played]:
        """Play every table; results in the tables' order, whatever finishes first."""
        return list(self.stream(tables, progress))

    def choose(self, tables: Sequence[Table]) -> EngineChoice:
        """The engine for these tables: native when the game and every strategy seated in
        them are (engine_choice.choose_engine on the game and those strategies)."""
        texts = tuple(dict.fromkeys(text for t in tables for text in t.seats))
        config = RunConfig(game=self.config, strategies=texts, games=len(tables), seed=self.seed)
        return choose_engine(config, self.engine)

    def stream(
        self, tables: Sequence[Table], progress: Callable[[int], None] | None = None
    ) -> Iterator[Played]:
        chunks = [
            list(tables[i : i + self.chunk_size]) for i in range(0, len(tables), self.chunk_size)
        ]
        if not chunks:
            return
        self.chosen = self.choose(tables)
        engine_name = self.chosen.engine
        results: dict[int, list[Played]] = {}
        config_json = self.config.to_json()
        versions = _engine_versions()
        with open_backend(self.backend, self.jobs) as engine:
            sheet = engine.share(self._sheet)
            queue = iter(range(len(chunks)))
            pending: dict[Any, int] = {}
            emitted = 0
            try:
                while True:
                    while len(pending) < engine.in_flight:
                        index = next(queue, None)
                        if index is None:
                            break
                        handle = engine.submit(
                            play_tables,
                            config_json,
                            sheet,
                            self.seed,
                            chunks[index],
                            versions,
                            engine_name,
                        )
                        pending[handle] = index
                    if not pending:
                        break
                    for handle in engine.wait(pending):
                        index = pending.pop(handle)
                        results[index] = engine.result(handle)
                        if progress is not None:
                            progress(len(results[index]))
                    while emitted in results:
                        yield from results.pop(emitted)
                        emitted += 1
            except BaseException:
                engine.cancel(list(pending))
                engine.abort()
                raise
