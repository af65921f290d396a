"""Runs many games in chunks on a backend and streams them into a run folder.

A run folder holds `manifest.json` (the full config, versions, times, where the run
stopped), `card_sheet.csv` (the exact sheet played), `parts/chunk-NNNNN/{games,players}.parquet`
and, once every chunk is in, `cards.parquet` (the per-card summary).

Workers (loky processes, threads, Dask or Ray workers) play a chunk and return its two
tables as Parquet bytes; this process writes them into a temporary folder and renames it
into place, so a killed run loses at most the chunks in flight and running the same command
again plays only the missing chunks. Workers never touch the run folder, so a cluster needs
no shared filesystem. At most a few chunks per worker are in flight, so memory stays flat
however many games a run has.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import platform
import shutil
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import joblib
import numpy as np
import polars as pl

import simulator
from simulator.core import run_folder
from simulator.core.backends import BACKENDS, Backend, open_backend
from simulator.core.datasets import (
    card_events,
    card_names,
    empty_columns,
    rows_for_game,
    to_frames,
)
from simulator.core.engine import play_game
from simulator.core.errors import ConfigError, RunFolderError
from simulator.core.narration import Narrator
from simulator.core.precision import (
    Counts,
    add_counts,
    group_counts,
    headline_column,
    headline_half_width,
)
from simulator.core.protocol import Game, Outcome, Strategy
from simulator.core.registry import get_game
from simulator.core.run_folder import MANIFEST, SHEET_COPY, completed_chunks
from simulator.core.spec import GameConfig

DEFAULT_CHUNK_SIZE = 500
__all__ = ["BACKENDS", "RunConfig", "make_run_config", "run_simulation", "seat_slots"]


@dataclass(frozen=True)
class RunConfig:
    """Everything that decides a run's games; two equal configs give equal datasets."""

    game: GameConfig
    strategies: tuple[str, ...]
    games: int
    """The number of games, or with `until_ci` the most games the run may play."""
    seed: int
    rotate: bool = True
    chunk_size: int = DEFAULT_CHUNK_SIZE
    check_invariants: bool = False
    duplicate: bool = False
    """Deals in blocks of `players` games, the strategies rotated one seat per game."""
    until_ci: float | None = None
    """Stop after the first chunk at which the headline 95% half-width is at most this."""

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["game"] = self.game.to_json()
        data["strategies"] = list(self.strategies)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RunConfig:
        until = data.get("until_ci")
        return cls(
            game=GameConfig.from_json(data["game"]),
            strategies=tuple(data["strategies"]),
            games=int(data["games"]),
            seed=int(data["seed"]),
            rotate=bool(data["rotate"]),
            chunk_size=int(data["chunk_size"]),
            check_invariants=bool(data["check_invariants"]),
            duplicate=bool(data.get("duplicate", False)),
            until_ci=None if until is None else float(until),
        )

    @property
    def chunks(self) -> int:
        return -(-self.games // self.chunk_size)

    def deal(self, game_index: int) -> int:
        """The rules stream (the shuffle) of a game: its own index, or its duplicate block."""
        return game_index // self.game.players if self.duplicate else game_index

    def chunk_games(self, chunk: int) -> range:
        first = chunk * self.chunk_size
        return range(first, min(self.games, first + self.chunk_size))


def make_run_config(
    game: str,
    players: int,
    modules: tuple[str, ...] | list[str] = (),
    strategies: tuple[str, ...] | list[str] = ("heuristic",),
    games: int = 1000,
    seed: int = 0,
    card_sheet: str | None = None,
    rotate: bool = True,
    chunk_size: int | None = None,
    max_turns: int | None = None,
    check_invariants: bool = False,
    variants: tuple[str, ...] | list[str] = (),
    rules: tuple[tuple[str, str], ...] | list[tuple[str, str]] = (),
    duplicate: bool = False,
    until_ci: float | None = None,
) -> RunConfig:
    """Validate user choices; errors name the option and the accepted values.

    `chunk_size` None means 500 games, rounded down to whole deals in duplicate mode.
    """
    from strategies.registry import resolve

    spec = get_game(game)
    game_config = spec.make_config(
        players, tuple(modules), card_sheet, max_turns, variants=tuple(variants), rules=rules
    )
    spec.factory(game_config)  # the game checks what only it knows (sets, rule numbers)
    strategies = tuple(strategies) or ("heuristic",)
    if len(strategies) not in (1, players):
        raise ConfigError(
            f"--strategy: give one strategy for every seat or one per seat ({players}); "
            f"got {len(strategies)}"
        )
    for text in strategies:
        resolve(game, text)
    if games < 1:
        raise ConfigError("--games: must be at least 1")
    if chunk_size is None:
        chunk_size = DEFAULT_CHUNK_SIZE
        if duplicate:
            chunk_size = max(players, chunk_size - chunk_size % players)
    if chunk_size < 1:
        raise ConfigError("--chunk-size: must be at least 1")
    if seed < 0:
        raise ConfigError("--seed: must be a whole number >= 0")
    if duplicate:
        _check_duplicate(players, strategies, games, chunk_size, rotate)
    if until_ci is not None and not 0 < until_ci < 0.5:
        raise ConfigError(
            f"--until-ci: {until_ci} is not a 95% half-width between 0 and 0.5 "
            "(e.g. 0.01 stops at +/- 1 point)"
        )
    spec.factory(game_config)  # loads and validates the card sheet now, not in a worker
    return RunConfig(
        game_config,
        strategies,
        games,
        seed,
        rotate,
        chunk_size,
        check_invariants,
        duplicate,
        None if until_ci is None else float(until_ci),
    )


def _check_duplicate(
    players: int, strategies: tuple[str, ...], games: int, chunk_size: int, rotate: bool
) -> None:
    if len(strategies) != players:
        raise ConfigError(
            f"--duplicate: give one --strategy per seat ({players}); with one strategy in "
            "every seat the games of a deal would all be the same match"
        )
    if not rotate:
        raise ConfigError(
            "--duplicate: rotates the strategies one seat per game of a deal; "
            "it cannot be combined with --no-rotate"
        )
    if games % players:
        lower = games - games % players
        raise ConfigError(
            f"--games: with --duplicate a whole number of deals of {players} games, "
            f"e.g. {lower or players} or {lower + players}"
        )
    if chunk_size % players:
        raise ConfigError(
            f"--chunk-size: with --duplicate a multiple of --players ({players}) so that no "
            f"deal is split between chunks, e.g. {max(players, chunk_size - chunk_size % players)}"
        )


def seat_slots(config: RunConfig, game_index: int) -> list[int]:
    """Which `--strategy` entry sits in each seat; rotated across games by default.

    Rotation moves every strategy one seat per game, so in duplicate mode (deals of
    `players` consecutive games) each strategy plays every seat of each deal once.
    """
    n = config.game.players
    if len(config.strategies) == 1:
        return [0] * n
    if not config.rotate:
        return list(range(n))
    return [(seat + game_index) % n for seat in range(n)]


class Match:
    """A game and its strategies, built once per worker, that plays any game by index."""

    def __init__(self, config: RunConfig, card_sheet: str | None = None) -> None:
        from strategies.registry import resolve

        self.config = config
        self.spec = get_game(config.game.game)
        game_config = config.game
        if card_sheet is not None:
            game_config = GameConfig(**{**game_config.__dict__, "card_sheet": card_sheet})
        self.game: Game = self.spec.factory(game_config)
        self.choices = [resolve(config.game.game, s) for s in config.strategies]

    def play(
        self,
        game_index: int,
        on_decision: Callable[..., Any] | None = None,
        trace: Narrator | None = None,
        seat_wrapper: Callable[[Strategy], Strategy] | None = None,
    ) -> tuple[Outcome, int, list[int]]:
        """Play one game; `seat_wrapper` wraps each seat's strategy (the benchmark times
        the bots' share with it)."""
        slots = seat_slots(self.config, game_index)
        seats: list[Strategy] = [self.choices[s].build() for s in slots]
        if seat_wrapper is not None:
            seats = [seat_wrapper(seat) for seat in seats]
        outcome, decisions = play_game(
            self.game,
            seats,
            self.config.seed,
            game_index,
            check_invariants=self.config.check_invariants,
            on_decision=on_decision,
            trace=trace,
            deal=self.config.deal(game_index),
        )
        return outcome, decisions, slots


# ---------------------------------------------------------------------------- one chunk


@dataclass(frozen=True)
class SheetCopy:
    """The card sheet's bytes, sent to workers that may not see the run folder."""

    sha256: str
    data: bytes

    def local_path(self) -> str:
        """A file with these bytes on this machine (written once per machine and sheet)."""
        folder = Path(tempfile.gettempdir()) / "deckhand-sheets"
        path = folder / f"{self.sha256}.csv"
        if not path.exists() or path.stat().st_size != len(self.data):
            folder.mkdir(parents=True, exist_ok=True)
            # a temp file of its own per writer (worker threads share a pid), then renamed
            with tempfile.NamedTemporaryFile(dir=folder, suffix=".tmp", delete=False) as tmp:
                tmp.write(self.data)
            os.replace(tmp.name, path)
        return str(path)


@dataclass
class ChunkResult:
    """What a worker sends back: the chunk's two tables as Parquet, and a few counts."""

    chunk: int
    games: int
    seconds: float
    games_parquet: bytes
    players_parquet: bytes
    card_events_parquet: bytes
    counts: Counts = field(default_factory=list)
    """Headline (wins, player-games) per group, for --until-ci."""


def _engine_versions() -> dict[str, str]:
    """The versions that decide a game's result (the random streams come from numpy)."""
    return {"deckhand": simulator.__version__, "numpy": np.__version__}


def _parquet(frame: pl.DataFrame) -> bytes:
    buffer = io.BytesIO()
    frame.write_parquet(buffer)
    return buffer.getvalue()


def play_chunk(
    config_json: dict[str, Any], chunk: int, sheet: SheetCopy, versions: dict[str, str]
) -> ChunkResult:
    """Play one chunk's games on a worker and return its tables (the client writes them)."""
    start = time.perf_counter()
    mine = _engine_versions()
    if mine != versions:
        raise ConfigError(
            f"worker {platform.node()} runs {mine} but the client runs {versions}: install "
            "the same deckhand and numpy on every worker, or the games would differ"
        )
    config = RunConfig.from_json(config_json)
    match = Match(config, sheet.local_path())
    if match.game.sheet.sha256 != sheet.sha256:
        raise ConfigError(f"worker {platform.node()}: the card sheet copy does not match")
    spec = match.spec
    games, players = empty_columns(spec)
    modules = ",".join(config.game.modules)
    texts = [c.text for c in match.choices]
    indices = config.chunk_games(chunk)
    for game_index in indices:
        outcome, decisions, slots = match.play(game_index)
        rows_for_game(
            spec,
            game_index,
            config.seed,
            modules,
            outcome,
            decisions,
            [texts[s] for s in slots],
            slots,
            games,
            players,
            deal=config.deal(game_index),
        )
    games_df, players_df = to_frames(spec, games, players)
    events_df = card_events(players_df, spec.event_names, card_names(match.game.sheet))
    counts = group_counts(players_df, headline_column(config.strategies), config.game.players)
    return ChunkResult(
        chunk,
        len(indices),
        time.perf_counter() - start,
        _parquet(games_df),
        _parquet(players_df),
        _parquet(events_df),
        counts,
    )


def _write_chunk(folder: Path, result: ChunkResult) -> None:
    """Write a chunk's tables into the run folder (run_folder.write_chunk: atomic)."""
    run_folder.write_chunk(
        folder,
        result.chunk,
        {
            "card_events": result.card_events_parquet,
            "players": result.players_parquet,
            "games": result.games_parquet,
        },
    )


def _counts_on_disk(folder: Path, chunk: int, config: RunConfig) -> Counts:
    column = headline_column(config.strategies)
    path = run_folder.part_path(folder, "players", chunk)
    return group_counts(pl.read_parquet(path, columns=[column, "win"]), column, config.game.players)


# ---------------------------------------------------------------------------- the folder


def _versions() -> dict[str, str]:
    return {
        "deckhand": simulator.__version__,
        "python": platform.python_version(),
        "numpy": np.__version__,
        "polars": pl.__version__,
        "joblib": joblib.__version__,
    }


def _prepare_folder(config: RunConfig, folder: Path, overwrite: bool) -> dict[str, Any]:
    """Create or reopen a run folder; refuse to mix a different config into it."""
    spec = get_game(config.game.game)
    sheet_path = Path(config.game.card_sheet or spec.card_sheet)
    sheet_hash = spec.factory(config.game).sheet.sha256
    manifest_path = folder / MANIFEST
    if folder.exists() and overwrite:
        if manifest_path.exists() or not any(folder.iterdir()):
            shutil.rmtree(folder)
        else:
            raise RunFolderError(
                f"{folder}: not a run folder (no {MANIFEST}); refusing to delete it"
            )
    if manifest_path.exists():
        run_folder.check_resumable(folder)
        manifest = load_manifest(folder)
        # through from_json, so a manifest written before a field existed reads the default
        held = RunConfig.from_json(manifest["config"])
        if _extends(held, config):
            _extend(folder, held, config, manifest)
        elif held.to_json() != config.to_json():
            differ = "; ".join(config_differences(held, config))
            raise RunFolderError(
                f"{folder} holds a run with a different config ({differ}); resume it with the "
                "same options (a larger --games extends a run), or choose another --out, or "
                "pass --overwrite"
            )
        if manifest["card_sheet_sha256"] != sheet_hash:
            raise RunFolderError(
                f"{folder}: the card sheet {sheet_path} changed since this run started"
            )
        return manifest
    if folder.exists() and any(folder.iterdir()):
        raise RunFolderError(f"{folder} exists and is not a run folder; choose another --out")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(sheet_path, folder / SHEET_COPY)
    except OSError as exc:  # an unwritable parent, a parent that is a file, a full disk
        raise RunFolderError(
            f"--out {folder}: cannot create the run folder ({exc.strerror or exc}); "
            "choose a writable place"
        ) from None
    manifest = {
        "config": config.to_json(),
        "card_sheet": str(sheet_path),
        "card_sheet_sha256": sheet_hash,
        "versions": _versions(),
        "started": datetime.now(UTC).isoformat(timespec="seconds"),
        "finished": None,
        "chunks": config.chunks,
    }
    _write_manifest(folder, manifest)
    return manifest


OPTION_OF = {
    "game": "GAME",
    "players": "--players",
    "modules": "--sets/--modules/--variant",
    "card_sheet": "--card-sheet",
    "max_turns": "--max-turns",
    "rules": "--rule",
    "strategies": "--strategy",
    "games": "--games",
    "seed": "--seed",
    "rotate": "--rotate/--no-rotate",
    "chunk_size": "--chunk-size",
    "check_invariants": "--check-invariants",
    "duplicate": "--duplicate",
    "until_ci": "--until-ci",
}
"""The command-line option behind each field of a run's config, to name what differs."""


def config_differences(held: RunConfig, asked: RunConfig) -> list[str]:
    """`option: in the folder -> asked` for every field that differs."""
    old, new = held.to_json(), asked.to_json()
    flat_old = {**{k: v for k, v in old.items() if k != "game"}, **old["game"]}
    flat_new = {**{k: v for k, v in new.items() if k != "game"}, **new["game"]}
    return [
        f"{OPTION_OF.get(key, key)}: {_shown(flat_old.get(key))} in the folder, "
        f"{_shown(flat_new.get(key))} asked"
        for key in flat_new
        if flat_old.get(key) != flat_new.get(key)
    ]


def _shown(value: Any) -> str:
    if isinstance(value, list):
        return ",".join("=".join(map(str, v)) if isinstance(v, list) else str(v) for v in value)
    return str(value)


def _extends(held: RunConfig, asked: RunConfig) -> bool:
    """Whether `asked` is `held` with more games only (and no --until-ci, which decides
    its own length): the run can grow to it."""
    if asked.games <= held.games or held.until_ci is not None:
        return False
    return {**held.to_json(), "games": asked.games} == asked.to_json()


def _extend(folder: Path, held: RunConfig, asked: RunConfig, manifest: dict[str, Any]) -> None:
    """Grow a run to more games: the same seed gives game i the same play, so the folder is
    what asking for the larger number at once would have made once its last chunk, if it
    held fewer games than a chunk now holds, is played again in full."""
    last = held.chunks - 1
    if len(held.chunk_games(last)) < len(asked.chunk_games(last)):
        run_folder.remove_chunk(folder, last)
    manifest["config"] = asked.to_json()
    manifest["chunks"] = asked.chunks
    manifest["extended"] = [*manifest.get("extended", []), {"from": held.games, "to": asked.games}]
    _write_manifest(folder, manifest)


def _write_manifest(folder: Path, manifest: dict[str, Any]) -> None:
    tmp = folder / (MANIFEST + ".tmp")
    tmp.write_text(json.dumps(manifest, indent=2) + "\n")
    os.replace(tmp, folder / MANIFEST)


# ---------------------------------------------------------------------------- the run


@dataclass
class _Stopping:
    """The --until-ci decision, taken over completed chunks strictly in chunk order."""

    config: RunConfig
    pending: dict[int, Counts] = field(default_factory=dict)
    next_chunk: int = 0
    total: Counts = field(default_factory=list)
    half_width: float = float("inf")
    stop_chunk: int | None = None
    discarded: int = 0
    """Chunks played beyond the stop (in flight when it was decided, or left by a killed
    session) and thrown away."""

    def __post_init__(self) -> None:
        self.total = [(0, 0)] * self.config.game.players

    def add(self, chunk: int, counts: Counts) -> None:
        if self.config.until_ci is None or self.stop_chunk is not None:
            return
        self.pending[chunk] = counts
        while self.stop_chunk is None and self.next_chunk in self.pending:
            self.total = add_counts(self.total, self.pending.pop(self.next_chunk))
            self.half_width = headline_half_width(self.total)
            if self.half_width <= self.config.until_ci:
                self.stop_chunk = self.next_chunk
            self.next_chunk += 1

    def wanted(self, chunk: int) -> bool:
        return self.stop_chunk is None or chunk <= self.stop_chunk


def _play_chunks(
    config: RunConfig,
    folder: Path,
    backend: Backend,
    progress: bool,
    max_in_flight: int | None,
) -> _Stopping:
    """Send the missing chunks to the backend, a bounded number at a time; write each one
    as it comes back. Returns the --until-ci state (its stop chunk, if it stopped)."""
    done = completed_chunks(folder)
    stopping = _Stopping(config)
    if config.until_ci is not None:
        for chunk in sorted(done):
            stopping.add(chunk, _counts_on_disk(folder, chunk, config))
    todo = [c for c in range(config.chunks) if c not in done and stopping.wanted(c)]
    if not todo:
        return stopping
    data = (folder / SHEET_COPY).read_bytes()
    sheet = backend.share(SheetCopy(hashlib.sha256(data).hexdigest(), data))
    versions = _engine_versions()
    config_json = config.to_json()
    window = max_in_flight or backend.in_flight
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=len(todo), unit="chunk", desc=f"{config.game.game}: {config.games} games")
    queue = iter(todo)
    pending: dict[Any, int] = {}
    try:
        while True:
            while stopping.stop_chunk is None and len(pending) < window:
                chunk = next(queue, None)
                if chunk is None:
                    break
                pending[backend.submit(play_chunk, config_json, chunk, sheet, versions)] = chunk
            if not pending:
                break
            for handle in backend.wait(pending):
                chunk = pending.pop(handle)
                result: ChunkResult = backend.result(handle)
                if not stopping.wanted(chunk):
                    stopping.discarded += 1  # played ahead of the stop: not part of the run
                    continue
                _write_chunk(folder, result)
                stopping.add(chunk, result.counts)
                if bar is not None:
                    bar.update(1)
            if stopping.stop_chunk is not None and pending:
                backend.cancel(list(pending))
                pending.clear()
    except BaseException:
        backend.cancel(list(pending))
        backend.abort()
        raise
    finally:
        if bar is not None:
            bar.close()
    return stopping


def run_simulation(
    config: RunConfig,
    out: str | Path,
    jobs: int = 1,
    backend: str = "loky",
    overwrite: bool = False,
    progress: bool = True,
    address: str | None = None,
    max_in_flight: int | None = None,
) -> Path:
    """Play every missing chunk of the run into `out`; then write the per-card summary.

    `backend` is loky (worker processes; one job plays in this process), threading,
    sequential, dask or ray; `address` is the Dask scheduler or Ray cluster (none: a local
    one is started with `jobs` workers). Results do not depend on the backend or `jobs`.
    At most `max_in_flight` chunks (default: twice the workers) are out at once.
    """
    from simulator.core.metrics import write_card_summary

    folder = Path(out)
    manifest = _prepare_folder(config, folder, overwrite)
    run_folder.clean_incomplete(folder)  # a chunk half-renamed by a killed run: played again
    with open_backend(backend, jobs, address) as engine:
        where = {"backend": engine.name, "where": engine.where, "workers": engine.workers}
        stopping = _play_chunks(config, folder, engine, progress, max_in_flight)
    run_folder.clean_incomplete(folder)  # leftovers of a killed run
    if stopping.stop_chunk is not None:
        for chunk in completed_chunks(folder):
            if chunk > stopping.stop_chunk:  # played ahead of the stop: not part of the run
                run_folder.remove_chunk(folder, chunk)
                stopping.discarded += 1
    write_card_summary(folder)
    chunks = completed_chunks(folder)
    played = sum(len(config.chunk_games(c)) for c in chunks)
    manifest["games_played"] = played
    if config.duplicate:
        manifest["deals"] = played // config.game.players
    manifest["stop"] = _stop_record(config, stopping, played)
    manifest["last_backend"] = where
    manifest["finished"] = datetime.now(UTC).isoformat(timespec="seconds")
    manifest["versions"] = _versions()
    _write_manifest(folder, manifest)
    return folder


def _stop_record(config: RunConfig, stopping: _Stopping, played: int) -> dict[str, Any]:
    """Why the run ended, for the manifest and the report."""
    if config.until_ci is None:
        return {"reason": "games", "games": played}
    record: dict[str, Any] = {
        "reason": "until_ci" if stopping.stop_chunk is not None else "games",
        "games": played,
        "target": config.until_ci,
        "half_width": stopping.half_width,
        "groups": headline_column(config.strategies),
        "chunks": stopping.next_chunk,
    }
    if stopping.discarded:
        record["discarded_chunks"] = stopping.discarded
    return record


def load_manifest(folder: str | Path) -> dict[str, Any]:
    path = Path(folder) / MANIFEST
    if not path.exists():
        raise RunFolderError(
            f"{folder}: no {MANIFEST}; is this a run folder made by `deckhand simulate`?"
        )
    try:
        manifest = json.loads(path.read_text())
        RunConfig.from_json(manifest["config"])
        manifest["card_sheet_sha256"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise RunFolderError(
            f"{path}: not a readable run manifest ({type(exc).__name__}: {exc}); restore it, "
            "or play the run again into another --out"
        ) from None
    if not isinstance(manifest, dict):
        raise RunFolderError(f"{path}: not a readable run manifest (not a JSON object)")
    return manifest


def replay_match(folder: str | Path) -> Match:
    """The match of a run folder, built from its manifest and the card sheet copied into it."""
    manifest = load_manifest(folder)
    config = RunConfig.from_json(manifest["config"])
    return Match(config, str(Path(folder) / SHEET_COPY))
