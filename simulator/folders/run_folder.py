"""The run folder's layout, known here and nowhere else.

    RUN/manifest.json          config, seeds, card-sheet hash, versions, how the run ended
    RUN/card_sheet.csv         the card sheet the games were played with (a copy)
    RUN/games/part-NNNNN.parquet        one row per game
    RUN/players/part-NNNNN.parquet      one row per seat per game (event lists of card ids)
    RUN/card_events/part-NNNNN.parquet  one row per game, seat, card and event, with a count
    RUN/cards.parquet          the per-card summary (written once the chunks are in)
    RUN/report.html            `deckhand report`

Each table is a folder of Parquet parts, so `pandas.read_parquet("RUN/players")`,
`polars.scan_parquet("RUN/players/*.parquet")` and DuckDB's
`read_parquet('RUN/card_events/*.parquet')` each read one clean table. Part NNNNN of every
table holds chunk NNNNN's games. A chunk is written as temporary files (named with a leading
dot, which Parquet readers skip) renamed into place, the games part last: a chunk is complete
when its games part exists. A process killed between the renames (microseconds) can leave a
players or card_events part without its games part; the next `simulate` removes it before
playing that chunk again.

Folders of the first layout (`RUN/parts/chunk-NNNNN/{games,players}.parquet`) are still
read; they cannot be resumed or extended (see `check_resumable`).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import polars as pl

from simulator.catalog import get_game
from simulator.core.cards import CardSchema, load_card_sheet
from simulator.core.errors import RunFolderError
from simulator.core.spec import GameSpec
from simulator.folders.config import RunConfig

MANIFEST = "manifest.json"
SHEET_COPY = "card_sheet.csv"
SUMMARY_FILE = "cards.parquet"
TABLES = ("games", "players", "card_events")
"""The tables of a run, each a folder of parts; the games part is written last."""
LEGACY_PARTS = "parts"


def part_path(folder: Path, table: str, chunk: int) -> Path:
    return folder / table / f"part-{chunk:05d}.parquet"


def _chunk_of(path: Path) -> int:
    return int(path.name.split("-")[1].split(".")[0])


def write_chunk(folder: Path, chunk: int, parts: dict[str, bytes]) -> None:
    """Write one chunk's parts (table -> Parquet bytes): temporary files renamed into
    place, the games part last, so that a chunk is complete or not there."""
    for table in sorted(parts, key=lambda t: t == "games"):
        target = part_path(folder, table, chunk)
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(f".{target.name}.tmp-{os.getpid()}")
        tmp.write_bytes(parts[table])
        os.replace(tmp, target)


def completed_chunks(folder: Path) -> set[int]:
    """The chunks whose every table is written (legacy folders: both files of a chunk)."""
    if is_legacy(folder):
        return {
            int(p.name.split("-")[1])
            for p in (folder / LEGACY_PARTS).glob("chunk-*")
            if (p / "games.parquet").exists() and (p / "players.parquet").exists()
        }
    done = {_chunk_of(p) for p in (folder / "games").glob("part-*.parquet")}
    for table in TABLES[1:]:
        done &= {_chunk_of(p) for p in (folder / table).glob("part-*.parquet")}
    return done


def remove_chunk(folder: Path, chunk: int) -> None:
    """Remove a chunk's parts (games first, so it stops counting as complete at once)."""
    for table in TABLES:
        part_path(folder, table, chunk).unlink(missing_ok=True)


def clean_incomplete(folder: Path) -> int:
    """Remove what a killed process left: temporary files, and the parts of chunks whose
    games part is missing. Returns how many chunks it removed parts of."""
    games = {_chunk_of(p) for p in (folder / "games").glob("part-*.parquet")}
    removed: set[int] = set()
    for table in TABLES:
        for tmp in (folder / table).glob(".part-*"):
            tmp.unlink(missing_ok=True)
        for part in (folder / table).glob("part-*.parquet"):
            chunk = _chunk_of(part)
            if chunk not in games or not all(part_path(folder, t, chunk).exists() for t in TABLES):
                removed.add(chunk)
    for chunk in removed:
        remove_chunk(folder, chunk)
    return len(removed)


def part_files(folder: Path, table: str) -> list[Path]:
    """The parts of one table, in chunk order, of complete chunks only."""
    done = completed_chunks(folder)
    if is_legacy(folder):
        if table == "card_events":
            raise RunFolderError(
                f"{folder}: made by an earlier Deckhand (RUN/parts/...), which wrote no "
                "card_events table; play the run again into another --out to get it"
            )
        files = [folder / LEGACY_PARTS / f"chunk-{c:05d}" / f"{table}.parquet" for c in done]
    else:
        files = [part_path(folder, table, c) for c in done]
    if not files:
        raise RunFolderError(f"{folder}: no completed chunks (is this a run folder?)")
    return sorted(files)


def is_legacy(folder: Path) -> bool:
    """A folder of the first layout: RUN/parts/chunk-NNNNN/{games,players}.parquet."""
    return (folder / LEGACY_PARTS).is_dir() and not (folder / "games").is_dir()


def check_resumable(folder: Path) -> None:
    """Refuse to add chunks to a folder of the first layout (its readers would mix them)."""
    if is_legacy(folder):
        raise RunFolderError(
            f"{folder}: made by an earlier Deckhand (RUN/parts/chunk-*/); it is still read "
            "(report, compare, replay) but cannot be resumed or extended: play the run "
            "again into another --out (or pass --overwrite)"
        )


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


def sheet_rows(folder: str | Path) -> tuple[GameSpec, list[dict[str, Any]]]:
    """The spec and the card-sheet rows of the run folder's copy of its sheet, read with the
    game's column rules but not its cross-row checks: a sheet an earlier Deckhand played may
    fail a check added since (Import/Export's sheet checks), and its runs must still be read.
    (Playing the run again needs the game: runs.match.game_of_run.)"""
    spec = get_game(RunConfig.from_json(load_manifest(folder)["config"]).game.game)
    schema = CardSchema(spec.card_schema.fields, None)
    return spec, [row.values for row in load_card_sheet(Path(folder) / SHEET_COPY, schema).rows]


def write_manifest(folder: Path, manifest: dict[str, Any]) -> None:
    tmp = folder / (MANIFEST + ".tmp")
    tmp.write_text(json.dumps(manifest, indent=2) + "\n")
    os.replace(tmp, folder / MANIFEST)


# ---------------------------------------------------------------------- reading the tables


def read_games(run: str | Path) -> pl.DataFrame:
    """All games of a run folder, in game order."""
    return _read(Path(run), "games").sort("game_id")


def read_players(run: str | Path, columns: Sequence[str] | None = None) -> pl.DataFrame:
    """All player rows of a run folder, in game and seat order; only `columns` if given
    (the per-event card lists are most of the size: leave them out when not needed)."""
    if columns is not None:
        columns = list(dict.fromkeys(["game_id", "seat", *columns]))
    return _read(Path(run), "players", columns).sort("game_id", "seat")


def player_chunks(run: str | Path, columns: Sequence[str]) -> Iterator[pl.DataFrame]:
    """The player rows chunk by chunk (only `columns`), so a summary over a run of any size
    holds one chunk in memory at a time."""
    for f in part_files(Path(run), "players"):
        yield pl.read_parquet(f, columns=list(columns))


def read_card_events(run: str | Path) -> pl.DataFrame:
    """The long table of card events of a run folder, in game, seat, event, card order."""
    return _read(Path(run), "card_events").sort("game_id", "seat", "event", "card_id")


def _read(run: Path, table: str, columns: Sequence[str] | None = None) -> pl.DataFrame:
    files = part_files(run, table)
    wanted = list(columns) if columns is not None else None
    return pl.concat([pl.read_parquet(f, columns=wanted) for f in files], how="vertical")


class Run:
    """A run folder opened for analysis: its tables as polars frames, read when first asked
    (`.to_pandas()` on any of them for pandas). `open_run("runs/x").players`."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)
        if not (self.folder / MANIFEST).exists():
            raise RunFolderError(
                f"{self.folder}: no {MANIFEST}; is this a run folder made by `deckhand simulate`?"
            )
        self._tables: dict[str, pl.DataFrame] = {}

    def _table(self, name: str) -> pl.DataFrame:
        if name not in self._tables:
            if name == "cards":
                self._tables[name] = pl.read_parquet(self.folder / SUMMARY_FILE)
            else:
                order = {"games": ["game_id"], "players": ["game_id", "seat"]}.get(
                    name, ["game_id", "seat", "event", "card_id"]
                )
                self._tables[name] = _read(self.folder, name).sort(order)
        return self._tables[name]

    @property
    def manifest(self) -> dict[str, Any]:
        """The run's config, seeds, card-sheet hash and versions."""
        return json.loads((self.folder / MANIFEST).read_text())

    @property
    def games(self) -> pl.DataFrame:
        """One row per game (docs/data-format.md)."""
        return self._table("games")

    @property
    def players(self) -> pl.DataFrame:
        """One row per seat per game, with the event lists of card ids."""
        return self._table("players")

    @property
    def card_events(self) -> pl.DataFrame:
        """One row per game, seat, card and event, with the card's name and a count."""
        return self._table("card_events")

    @property
    def cards(self) -> pl.DataFrame:
        """The per-card summary (cards.parquet): rates, intervals, adjusted contribution."""
        return self._table("cards")


def open_run(folder: str | Path) -> Run:
    """Open a run folder: `run.games`, `run.players`, `run.card_events`, `run.cards`."""
    return Run(folder)
