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
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from simulator.catalog import get_game
from simulator.core.cards import CardRow, CardSheet
from simulator.core.engine import play_game
from simulator.core.errors import ConfigError
from simulator.core.spec import Game, GameConfig, GameSpec
from simulator.runs.backends import open_backend
from simulator.runs.runner import SheetCopy, _engine_versions
from strategies.registry import resolve


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
        self.choices: dict[str, Any] = {}
        self.event = owner_event(self.spec)

    def game(self, off: frozenset[int]) -> Game:
        game = self.games.get(off)
        if game is None:
            build = self.spec.build_with_sheet
            assert build is not None
            game = build(self.config, sheet_without_powers(self.spec, self.sheet, off))
            if len(self.games) > 64:  # factorial designs: a new set almost every game
                self.games = {frozenset(): self.games[frozenset()]}
            self.games[off] = game
        return game

    def strategy(self, text: str) -> Any:

        choice = self.choices.get(text)
        if choice is None:
            choice = self.choices[text] = resolve(self.config.game, text)
        return choice.build()

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


_WORKERS: dict[tuple[str, str], _Worker] = {}
"""One `_Worker` per (config, sheet) in each process: built games and strategies are reused
across the chunks a worker plays (they hold no random state)."""


def play_tables(
    config_json: dict[str, Any],
    sheet: SheetCopy,
    seed: int,
    tables: Sequence[Table],
    versions: dict[str, str],
) -> list[Played]:
    """Play a list of tables in this process (a backend task)."""
    if _engine_versions() != versions:
        raise ConfigError(
            f"a worker runs {_engine_versions()} but the client runs {versions}: install the "
            "same deckhand and numpy on every worker"
        )
    config = GameConfig.from_json(config_json)
    path = sheet.local_path()
    key = (repr(sorted(config_json.items())), sheet.sha256)
    worker = _WORKERS.get(key)
    if worker is None:
        if len(_WORKERS) > 8:
            _WORKERS.clear()
        worker = _WORKERS[key] = _Worker(replace(config, card_sheet=path), path)
    return [worker.play(seed, t) for t in tables]


@dataclass
class Experiment:
    """Plays lists of tables of one game config on a backend, chunk by chunk."""

    config: GameConfig
    seed: int
    jobs: int = 1
    backend: str = "loky"
    chunk_size: int = 100
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

    def stream(
        self, tables: Sequence[Table], progress: Callable[[int], None] | None = None
    ) -> Iterator[Played]:
        chunks = [
            list(tables[i : i + self.chunk_size]) for i in range(0, len(tables), self.chunk_size)
        ]
        if not chunks:
            return
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
                            play_tables, config_json, sheet, self.seed, chunks[index], versions
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
