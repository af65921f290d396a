"""Runs many games in chunks on a backend and streams them into a run folder.

A run folder (run_folder.py has its layout) holds the manifest (the full config, versions,
times, where the run stopped), the exact card sheet played, the games, players and card
events tables as Parquet parts per chunk and, once every chunk is in, the per-card summary.

Workers (loky processes, threads, Dask or Ray workers) play a chunk and return its tables
as Parquet bytes; this process writes them as temporary files and renames them into
place, so a killed run loses at most the chunks in flight and running the same command again
plays only the missing chunks. Workers never touch the run folder, so a cluster needs
no shared filesystem. At most a few chunks per worker are in flight, so memory stays flat
however many games a run has.
"""

from __future__ import annotations

import hashlib
import io
import os
import platform
import shutil
import tempfile
import time
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import joblib
import numpy as np
import polars as pl

import simulator
from simulator.analysis.degenerate import degenerate_warnings
from simulator.analysis.metrics import write_card_summary
from simulator.analysis.precision import (
    Counts,
    add_counts,
    group_counts,
    headline_column,
    headline_half_width,
)
from simulator.analysis.threads import default_threads
from simulator.catalog import get_game
from simulator.core.datasets import (
    card_events,
    card_names,
    empty_columns,
    rows_for_game,
    to_frames,
)
from simulator.core.errors import ConfigError, RunFolderError
from simulator.folders import health, run_folder
from simulator.folders.config import RunConfig, config_differences, extends, with_held_chunks
from simulator.folders.lock import folder_lock
from simulator.folders.run_folder import (
    MANIFEST,
    RUN_FOLDER,
    SHEET_COPY,
    completed_chunks,
    load_manifest,
    write_manifest,
)
from simulator.games.import_export.rules import ImportExportGame
from simulator.games.travel.rules import TravelGame
from simulator.native import CORE, NOT_BUILT
from simulator.native.chunk import native_frames
from simulator.native.engine_choice import EngineChoice, choose_engine
from simulator.native.travel_chunk import travel_frames
from simulator.runs.backends import BACKENDS, Backend, open_backend
from simulator.runs.match import Match, game_of_run

__all__ = ["BACKENDS", "run_simulation", "summarise"]


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
    config_json: dict[str, Any],
    chunk: int,
    sheet: SheetCopy,
    versions: dict[str, str],
    engine: str = "python",
) -> ChunkResult:
    """Play one chunk's games on a worker and return its tables (the client writes them).
    `engine` is the one the client chose for the run (engine_choice.py): a worker without
    the native core refuses a native run rather than play it slower in Python."""
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
    indices = config.chunk_games(chunk)
    if engine == "native":
        if CORE is None:
            raise ConfigError(
                f"worker {platform.node()}: the run plays natively but {NOT_BUILT}; install "
                "deckhand with its native core on every worker, or run with --engine python"
            )
        games_df, players_df = play_frames(config, match, indices)
    else:
        games_df, players_df = _python_frames(config, match, indices)
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


def play_frames(
    config: RunConfig, match: Match, indices: Sequence[int]
) -> tuple[pl.DataFrame, pl.DataFrame]:
    """The games and players tables of games `indices`, played by the native core (the
    run's engine choice said it plays them: engine_choice.py)."""
    if isinstance(match.game, TravelGame):
        return travel_frames(config, match.game, match.choices, indices)
    assert isinstance(match.game, ImportExportGame)  # engine_choice: native plays these
    return native_frames(config, match.game, match.choices, indices)


def _python_frames(
    config: RunConfig, match: Match, indices: range
) -> tuple[pl.DataFrame, pl.DataFrame]:
    """The games and players tables of these games, played by the Python engine."""
    spec = match.spec
    games, players = empty_columns(spec)
    modules = ",".join(config.game.modules)
    texts = [c.text for c in match.choices]
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
    return to_frames(spec, games, players)


def _write_chunk(folder: Path, result: ChunkResult, repairing: bool = False) -> None:
    """Write a chunk's tables into the run folder (run_folder.write_chunk: atomic). A chunk
    played again for a damaged part (`repairing`) writes only what its replay does not
    find on disk as it is (health.keep_intact)."""
    parts = {
        "card_events": result.card_events_parquet,
        "players": result.players_parquet,
        "games": result.games_parquet,
    }
    if repairing:
        parts = health.keep_intact(folder, result.chunk, parts)
    run_folder.write_chunk(folder, result.chunk, parts)


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


def _prepare_folder(
    config: RunConfig, folder: Path, overwrite: bool
) -> tuple[dict[str, Any], RunConfig]:
    """Create or reopen a run folder (already locked); refuse to mix a different config
    into it. `--overwrite` removes only what a run writes (run_folder.RUN_FOLDER). Returns
    the manifest and the config to play: a resumed run keeps its folder's chunk size when
    none was asked for (config.with_held_chunks)."""
    spec = get_game(config.game.game)
    sheet_path = Path(config.game.card_sheet or spec.card_sheet)
    sheet_hash = hashlib.sha256(sheet_path.read_bytes()).hexdigest()  # as the sheet's own
    manifest_path = folder / MANIFEST
    if overwrite and run_folder.entries(folder):
        if not manifest_path.exists():
            raise RunFolderError(
                f"{folder}: not a run folder (no {MANIFEST}); refusing to delete it"
            )
        RUN_FOLDER.clear(folder)
    if manifest_path.exists():
        run_folder.check_resumable(folder)
        manifest = load_manifest(folder)
        run_folder.check_same_play(folder, (manifest.get("versions") or {}).get("deckhand"))
        # through from_json, so a manifest written before a field existed reads the default
        held = RunConfig.from_json(manifest["config"])
        config = with_held_chunks(held, config)
        if extends(held, config):
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
        return manifest, config
    if run_folder.entries(folder):
        raise RunFolderError(f"{folder} exists and is not a run folder; choose another --out")
    shutil.copyfile(sheet_path, folder / SHEET_COPY)
    manifest = {
        "config": config.to_json(),
        "card_sheet": str(sheet_path),
        "card_sheet_sha256": sheet_hash,
        "versions": _versions(),
        "started": datetime.now(UTC).isoformat(timespec="seconds"),
        "finished": None,
        "chunks": config.chunks,
    }
    write_manifest(folder, manifest)
    return manifest, config


def games_held(folder: Path, config: RunConfig) -> int:
    """How many of `config`'s games FOLDER already holds, which `run_simulation` would not
    play again: the games of its completed chunks when it holds this run or a smaller one
    that `config` extends (the last of those chunks may be played again in full when it
    grows); 0 for a missing folder, an unreadable one, another run or one of another deckhand
    version (both refused when played). What a plan prices as done (`deckhand ladder --plan`)."""
    if not (folder / MANIFEST).exists():
        return 0
    try:
        manifest = load_manifest(folder)
        run_folder.check_same_play(folder, (manifest.get("versions") or {}).get("deckhand"))
    except RunFolderError:
        return 0
    held = RunConfig.from_json(manifest["config"])
    asked = with_held_chunks(held, config)
    if held.to_json() != asked.to_json() and not extends(held, asked):
        return 0
    done = run_folder.completed_chunks(folder)
    return min(config.games, sum(len(held.chunk_games(c)) for c in done if c < held.chunks))


def _extend(folder: Path, held: RunConfig, asked: RunConfig, manifest: dict[str, Any]) -> None:
    """Grow a run to more games: the same seed gives game i the same play, so the folder is
    what asking for the larger number at once would have made once its last chunk, if it
    held fewer games than a chunk now holds, is played again in full. That chunk is listed
    in the manifest (`replace`) and stays on disk, readable, until its replacement is
    written over it: a failure at any moment loses no completed chunk."""
    last = held.chunks - 1
    if len(held.chunk_games(last)) < len(asked.chunk_games(last)):
        manifest["replace"] = sorted({*manifest.get("replace", []), last})
    manifest["config"] = asked.to_json()
    manifest["chunks"] = asked.chunks
    manifest["extended"] = [*manifest.get("extended", []), {"from": held.games, "to": asked.games}]
    write_manifest(folder, manifest)


# ---------------------------------------------------------------------------- the run


@dataclass
class _Stopping:
    """The --until-ci decision, taken over completed chunks strictly in chunk order."""

    config: RunConfig
    pending: dict[int, Counts] = field(default_factory=dict)
    next_chunk: int = 0
    total: Counts = field(default_factory=list)
    written: list[int] = field(default_factory=list)
    """The chunks this call played and wrote (new, resumed, replaced or repaired)."""
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
    replacing: Sequence[int] = (),
    repairing: Collection[int] = (),
    engine: str = "python",
) -> _Stopping:
    """Send the missing chunks (and those `replacing` lists: on disk, but to be played again
    in full) to the backend, a bounded number at a time; write each one as it comes back
    (those `repairing` lists, whose damaged parts were set aside, keep their intact parts).
    Returns the --until-ci state (its stop chunk, if it stopped)."""
    done = completed_chunks(folder) - set(replacing)
    stopping = _Stopping(config)
    if config.until_ci is not None:
        for on_disk in sorted(done):
            stopping.add(on_disk, _counts_on_disk(folder, on_disk, config))
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
                pending[backend.submit(play_chunk, config_json, chunk, sheet, versions, engine)] = (
                    chunk
                )
            if not pending:
                break
            for handle in backend.wait(pending):
                chunk = pending.pop(handle)
                result: ChunkResult = backend.result(handle)
                if not stopping.wanted(chunk):
                    stopping.discarded += 1  # played ahead of the stop: not part of the run
                    continue
                _write_chunk(folder, result, chunk in repairing and chunk not in replacing)
                stopping.written.append(chunk)
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
    engine: str = "auto",
) -> Path:
    """Play every missing chunk of the run into `out`; then write the per-card summary.

    `backend` is loky (worker processes; one job plays in this process), threading,
    sequential, dask or ray; `address` is the Dask scheduler or Ray cluster (none: a local
    one is started with `jobs` workers). Results do not depend on the backend or `jobs`.
    At most `max_in_flight` chunks (default: twice the workers) are out at once. `engine`
    (auto, native, python: engine_choice.py) picks the engine; the manifest records which
    played and why.
    """
    folder = Path(out)
    chosen = choose_engine(config, engine)  # before anything is written: --engine native refused
    # The backend first: a bad --backend, --jobs or an unreachable cluster writes nothing.
    with open_backend(backend, jobs, address) as workers, folder_lock(folder, "simulate"):
        try:
            return _run(config, folder, workers, overwrite, progress, max_in_flight, chosen)
        except OSError as exc:  # a read-only folder, a full disk: completed chunks are kept
            raise RunFolderError(
                f"{exc.filename or folder}: cannot write ({exc.strerror or exc}); no completed "
                "chunk was lost: fix that and run the same command again to resume"
            ) from None


def _run(
    config: RunConfig,
    folder: Path,
    workers: Backend,
    overwrite: bool,
    progress: bool,
    max_in_flight: int | None,
    chosen: EngineChoice,
) -> Path:
    """run_simulation in its locked folder."""
    manifest, config = _prepare_folder(config, folder, overwrite)
    repairing = health.recover_run(folder)  # damaged parts set aside: their games played again
    # a chunk half-renamed by a killed run: played again
    run_folder.clean_incomplete(folder, keep=repairing)
    where = {"backend": workers.name, "where": workers.where, "workers": workers.workers}
    stopping = _play_chunks(
        config,
        folder,
        workers,
        progress,
        max_in_flight,
        manifest.get("replace", ()),
        repairing,
        chosen.engine,
    )
    manifest.pop("replace", None)  # every chunk it listed is now written again in full
    run_folder.clean_incomplete(folder)  # leftovers of a killed run
    if stopping.stop_chunk is not None:
        for chunk in completed_chunks(folder):
            if chunk > stopping.stop_chunk:  # played ahead of the stop: not part of the run
                run_folder.remove_chunk(folder, chunk)
                stopping.discarded += 1
    summarise(folder, threads=min(max(workers.workers, 1), default_threads()))
    chunks = completed_chunks(folder)
    played = sum(len(config.chunk_games(c)) for c in chunks)
    manifest["games_played"] = played
    manifest["played_now"] = sum(
        len(config.chunk_games(c)) for c in stopping.written if c in chunks
    )
    turns = run_folder.read_games(folder)["turns"]
    spec = get_game(config.game.game)
    told = spec.sheet_warnings(config.game) if spec.sheet_warnings is not None else []
    manifest["sheet_warnings"] = told
    manifest["warnings"] = told + degenerate_warnings(
        turns, config.game.max_turns, config.game.players
    )
    if config.duplicate:
        manifest["deals"] = played // config.game.players
    manifest["stop"] = _stop_record(config, stopping, played)
    manifest["last_backend"] = where
    manifest["engine"] = chosen.to_json()  # which engine played this session, and why
    manifest["finished"] = datetime.now(UTC).isoformat(timespec="seconds")
    manifest["versions"] = _versions()
    write_manifest(folder, manifest)
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


def summarise(folder: str | Path, threads: int = 1) -> Path:
    """Write the per-card summary of a run folder (analysis/metrics.py) for the game it was
    played with, `threads` sharing the work (the table does not depend on them); returns its
    path."""
    spec, game = game_of_run(folder)
    rows = [r.values for r in game.sheet.rows]
    return write_card_summary(folder, spec, rows, game.cards_in_game(), threads=threads)
