"""Runs many games in chunks over joblib and streams them into a run folder.

A run folder holds `manifest.json` (the full config, versions, times), `card_sheet.csv`
(the exact sheet played), `parts/chunk-NNNNN/{games,players}.parquet` and, once every
chunk is in, `cards.parquet` (the per-card summary). A chunk is written into a temporary
folder and renamed into place, so a killed run loses at most the chunks in flight;
running the same command again plays only the missing chunks.
"""

from __future__ import annotations

import json
import os
import platform
import shutil
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import joblib
import numpy as np
import polars as pl

import simulator
from simulator.core.datasets import empty_columns, rows_for_game, to_frames
from simulator.core.engine import play_game
from simulator.core.errors import ConfigError, RunFolderError
from simulator.core.protocol import Game, Outcome, Strategy
from simulator.core.registry import get_game
from simulator.core.spec import GameConfig

MANIFEST = "manifest.json"
SHEET_COPY = "card_sheet.csv"
BACKENDS = ("loky", "threading", "sequential")


@dataclass(frozen=True)
class RunConfig:
    """Everything that decides a run's games; two equal configs give equal datasets."""

    game: GameConfig
    strategies: tuple[str, ...]
    games: int
    seed: int
    rotate: bool = True
    chunk_size: int = 500
    check_invariants: bool = False

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["game"] = self.game.to_json()
        data["strategies"] = list(self.strategies)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RunConfig:
        return cls(
            game=GameConfig.from_json(data["game"]),
            strategies=tuple(data["strategies"]),
            games=int(data["games"]),
            seed=int(data["seed"]),
            rotate=bool(data["rotate"]),
            chunk_size=int(data["chunk_size"]),
            check_invariants=bool(data["check_invariants"]),
        )

    @property
    def chunks(self) -> int:
        return -(-self.games // self.chunk_size)


def make_run_config(
    game: str,
    players: int,
    modules: tuple[str, ...] | list[str] = (),
    strategies: tuple[str, ...] | list[str] = ("heuristic",),
    games: int = 1000,
    seed: int = 0,
    card_sheet: str | None = None,
    rotate: bool = True,
    chunk_size: int = 500,
    max_turns: int | None = None,
    check_invariants: bool = False,
    variants: tuple[str, ...] | list[str] = (),
    rules: tuple[tuple[str, str], ...] | list[tuple[str, str]] = (),
) -> RunConfig:
    """Validate user choices; errors name the option and the accepted values."""
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
    if chunk_size < 1:
        raise ConfigError("--chunk-size: must be at least 1")
    if seed < 0:
        raise ConfigError("--seed: must be a whole number >= 0")
    spec.factory(game_config)  # loads and validates the card sheet now, not in a worker
    return RunConfig(game_config, strategies, games, seed, rotate, chunk_size, check_invariants)


def seat_slots(config: RunConfig, game_index: int) -> list[int]:
    """Which `--strategy` entry sits in each seat; rotated across games by default."""
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
        trace: Callable[[str], Any] | None = None,
    ) -> tuple[Outcome, int, list[int]]:
        slots = seat_slots(self.config, game_index)
        seats: list[Strategy] = [self.choices[s].build() for s in slots]
        outcome, decisions = play_game(
            self.game,
            seats,
            self.config.seed,
            game_index,
            check_invariants=self.config.check_invariants,
            on_decision=on_decision,
            trace=trace,
        )
        return outcome, decisions, slots


def play_chunk(
    config_json: dict[str, Any], chunk: int, folder: str, sheet: str
) -> tuple[int, int, float]:
    """Play one chunk and write its part files atomically; returns (chunk, games, seconds)."""
    config = RunConfig.from_json(config_json)
    start = time.perf_counter()
    match = Match(config, sheet)
    spec = match.spec
    games, players = empty_columns(spec)
    first = chunk * config.chunk_size
    last = min(config.games, first + config.chunk_size)
    modules = ",".join(config.game.modules)
    texts = [c.text for c in match.choices]
    for game_index in range(first, last):
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
        )
    games_df, players_df = to_frames(spec, games, players)
    parts = Path(folder) / "parts"
    final = parts / f"chunk-{chunk:05d}"
    tmp = parts / f".tmp-chunk-{chunk:05d}-{os.getpid()}"
    if tmp.exists():
        shutil.rmtree(tmp)
    tmp.mkdir(parents=True)
    players_df.write_parquet(tmp / "players.parquet")
    games_df.write_parquet(tmp / "games.parquet")
    os.replace(tmp, final)  # atomic: a chunk is either complete or absent
    return chunk, last - first, time.perf_counter() - start


def completed_chunks(folder: Path) -> set[int]:
    parts = folder / "parts"
    if not parts.is_dir():
        return set()
    done = set()
    for p in parts.glob("chunk-*"):
        if (p / "games.parquet").exists() and (p / "players.parquet").exists():
            done.add(int(p.name.split("-")[1]))
    return done


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
        manifest = json.loads(manifest_path.read_text())
        if manifest["config"] != config.to_json():
            raise RunFolderError(
                f"{folder} holds a run with a different config; resume it with the same options, "
                "or choose another --out, or pass --overwrite"
            )
        if manifest["card_sheet_sha256"] != sheet_hash:
            raise RunFolderError(
                f"{folder}: the card sheet {sheet_path} changed since this run started"
            )
        return manifest
    if folder.exists() and any(folder.iterdir()):
        raise RunFolderError(f"{folder} exists and is not a run folder; choose another --out")
    folder.mkdir(parents=True, exist_ok=True)
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
    _write_manifest(folder, manifest)
    return manifest


def _write_manifest(folder: Path, manifest: dict[str, Any]) -> None:
    tmp = folder / (MANIFEST + ".tmp")
    tmp.write_text(json.dumps(manifest, indent=2) + "\n")
    os.replace(tmp, folder / MANIFEST)


def _parallel(backend: str, jobs: int) -> joblib.Parallel:
    if backend not in BACKENDS:
        raise ConfigError(f"--backend: '{backend}' is not one of: {', '.join(BACKENDS)}")
    n_jobs = 1 if backend == "sequential" else jobs
    return joblib.Parallel(n_jobs=n_jobs, backend=backend, return_as="generator_unordered")


def run_simulation(
    config: RunConfig,
    out: str | Path,
    jobs: int = 1,
    backend: str = "loky",
    overwrite: bool = False,
    progress: bool = True,
) -> Path:
    """Play every missing chunk of the run into `out`; then write the per-card summary."""
    from simulator.core.metrics import write_card_summary

    if jobs == 0 or jobs < -1:
        raise ConfigError("--jobs: a positive number of workers, or -1 for every core")
    folder = Path(out)
    manifest = _prepare_folder(config, folder, overwrite)
    done = completed_chunks(folder)
    todo = [c for c in range(config.chunks) if c not in done]
    sheet = str(folder / SHEET_COPY)
    if todo:
        tasks = (joblib.delayed(play_chunk)(config.to_json(), c, str(folder), sheet) for c in todo)
        results: Iterator[Any] = _parallel(backend, jobs)(tasks)
        if progress:
            from tqdm import tqdm

            results = tqdm(
                results,
                total=len(todo),
                unit="chunk",
                desc=f"{config.game.game}: {config.games} games",
                initial=0,
            )
        for _ in results:
            pass
    for tmp in (folder / "parts").glob(".tmp-chunk-*"):
        shutil.rmtree(tmp, ignore_errors=True)  # leftovers of a killed run
    write_card_summary(folder)
    manifest["finished"] = datetime.now(UTC).isoformat(timespec="seconds")
    manifest["versions"] = _versions()
    _write_manifest(folder, manifest)
    return folder


def load_manifest(folder: str | Path) -> dict[str, Any]:
    path = Path(folder) / MANIFEST
    if not path.exists():
        raise RunFolderError(
            f"{folder}: no {MANIFEST}; is this a run folder made by `deckhand simulate`?"
        )
    return json.loads(path.read_text())


def replay_match(folder: str | Path) -> Match:
    """The match of a run folder, built from its manifest and the card sheet copied into it."""
    manifest = load_manifest(folder)
    config = RunConfig.from_json(manifest["config"])
    return Match(config, str(Path(folder) / SHEET_COPY))
