"""The run folder's layout, known here and nowhere else.

    RUN/manifest.json          config, seeds, card-sheet hash, versions, how the run ended
    RUN/card_sheet.csv         the card sheet the games were played with (a copy)
    RUN/games/part-NNNNN.parquet        one row per game
    RUN/players/part-NNNNN.parquet      one row per seat per game (event lists of card ids)
    RUN/card_events/part-NNNNN.parquet  one row per game, seat, card and event, with a count
    RUN/cards.parquet          the per-card summary (written once the chunks are in)
    RUN/verdicts.parquet       the seat and strategy verdicts (`deckhand report`)
    RUN/report.html            `deckhand report`
    RUN/cards/NAME.html        one page per card (`deckhand report`, `deckhand card`)
    RUN/replays/game-N.html    replayed games (`deckhand report`, `deckhand replay --html`)
    RUN/.deckhand.lock         held while a command writes (folders/lock.py)

`RUN_FOLDER` lists these names, and the sweep, ablation and balance folders' own lists sit
beside it: `--overwrite` removes only what is listed and refuses, naming them, when the
folder holds anything else (a designer's notes, an analysis folder), so a user's file is
never deleted.

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

import fnmatch
import json
import os
import shutil
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import polars as pl

import simulator
from simulator.catalog import get_game
from simulator.core.cards import CardSchema, load_card_sheet
from simulator.core.datasets import CARD_EVENTS_COLUMNS, GAMES_COLUMNS, PLAYER_COLUMNS
from simulator.core.errors import RunFolderError
from simulator.core.spec import GameSpec
from simulator.folders.config import RunConfig
from simulator.folders.lock import LOCK_FILE

MANIFEST = "manifest.json"
SHEET_COPY = "card_sheet.csv"
SUMMARY_FILE = "cards.parquet"
TABLES = ("games", "players", "card_events")
"""The tables of a run, each a folder of parts; the games part is written last."""
LEGACY_PARTS = "parts"
VERDICTS_FILE = "verdicts.parquet"
"""The run report's seat and strategy verdicts, beside cards.parquet's card verdicts."""
REPORT_FILE = "report.html"
CARDS_FOLDER = "cards"
"""RUN/cards/<slug>.html: one page per card."""
REPLAYS_FOLDER = "replays"
"""Where the replay pages go inside a run folder by default: RUN/replays/game-N.html."""

SWEEP_FILE = "sweep.json"
SWEEP_TABLE = "sweep.parquet"
SWEEP_REPORT = "sweep.html"
SWEEP_SHEETS = "sheets"
ABLATION_PLAN = "ablation.json"
ABLATION_GAMES = "games.parquet"
ABLATION_OWNERS = "owners.parquet"
ABLATION_FILE = "ablation.parquet"
ABLATION_REPORT = "ablation.html"
ABLATION_SWEEP = "sweep"
ABLATION_PARTS = "parts"
"""An ablation's games saved as it plays (parts/deals-A-B.*.parquet), merged when it ends."""
BALANCE_FILE = "balance.json"
BALANCE_REPORT = "balance.html"
BALANCE_SWEEP = "sweep"
BALANCE_ABLATION = "ablation"
COMPARE_FILE = "compare.html"
DAMAGED = "damaged"
"""Where a damaged file is set aside (health.quarantine): RUN/damaged/<table>/<name>, outside
the table folders, so that every reader still reads every table."""


# ---------------------------------------------------------------------- what Deckhand owns


@dataclass(frozen=True)
class FolderKind:
    """A kind of folder Deckhand writes: the file that says a folder is one, and every name
    (a glob pattern) it writes at its top level. A name mapped to a kind is a folder whose
    own contents are checked against that kind; a name mapped to None is removed whole."""

    name: str
    marker: str | None
    owns: dict[str, FolderKind | None] = field(default_factory=dict)
    tables: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """The Parquet files a finished folder of this kind is read from, each with columns it
    must have: one found damaged is set aside (quarantine) and the experiment played again
    (marked_request)."""

    @property
    def a(self) -> str:
        """'an ablation', 'a sweep': the kind's name with its article, for messages."""
        return ("an " if self.name[0] in "aeiou" else "a ") + self.name

    def foreign(self, folder: Path) -> list[Path]:
        """What FOLDER holds that this kind never writes (a user's files), depth first."""
        found: list[Path] = []
        for entry in sorted(folder.iterdir()):
            pattern = next((p for p in self.owns if fnmatch.fnmatchcase(entry.name, p)), None)
            if pattern is None:
                found.append(entry)
                continue
            kind = self.owns[pattern]
            if kind is not None:
                if entry.is_dir() and not entry.is_symlink():
                    found.extend(kind.foreign(entry))
                else:
                    found.append(entry)
        return found

    def clear(self, folder: Path) -> None:
        """Remove what this kind wrote into FOLDER (never the lock), after checking that it
        holds nothing else: a RunFolderError names up to five foreign entries otherwise."""
        foreign = self.foreign(folder)
        if foreign:
            shown = ", ".join(
                str(p.relative_to(folder)) + ("/" if p.is_dir() else "") for p in foreign[:5]
            )
            more = f" and {len(foreign) - 5} more" if len(foreign) > 5 else ""
            raise RunFolderError(
                f"{folder}: --overwrite removes only what {self.a} writes, and this folder "
                f"also holds {shown}{more}; move those out, or choose another --out"
            )
        for entry in sorted(folder.iterdir()):
            if entry.name == LOCK_FILE:
                continue
            if entry.is_dir() and not entry.is_symlink():
                shutil.rmtree(entry)
            else:
                entry.unlink()


def entries(folder: Path) -> list[Path]:
    """What a folder holds, but for its lock file (a folder locked for a new run is empty)."""
    if not folder.is_dir():
        return []
    return [p for p in folder.iterdir() if p.name != LOCK_FILE]


_TEMPORARY = ".*.tmp*"
"""A temporary file of an atomic write that a killed process left (a leading dot)."""
_TABLE = FolderKind("table", None, {"part-*.parquet": None, ".part-*": None})


def _leaves(data: Any, prefix: str = "") -> dict[str, Any]:
    """A nested dict's values by dotted key, to name what differs between two requests."""
    if not isinstance(data, dict):
        return {prefix: data}
    found: dict[str, Any] = {}
    for key, value in data.items():
        found.update(_leaves(value, f"{prefix}.{key}" if prefix else str(key)))
    return found


def check_same_play(folder: Path, held: str | None) -> None:
    """A run or an experiment folder is resumed, extended or read again only by the deckhand
    version that played it (`held`, None where the folder predates the record): a later one
    may play other games from the same seeds (a bot or a rule changed: the version moves with
    every change of play), and one folder would mix the two."""
    if held is not None and held != simulator.__version__:
        raise RunFolderError(
            f"{folder} was played by deckhand {held} and this is deckhand "
            f"{simulator.__version__}, whose games may differ from the same seeds; resume it "
            f"with deckhand {held}, or play it again here (--overwrite, or another --out)"
        )


def marked_request(
    folder: Path, kind: FolderKind, request: dict[str, Any], overwrite: bool
) -> bool:
    """Make FOLDER (locked) ready for the experiment `request` (the marker file's fields that
    decide its results): True when it already holds this very experiment, finished (nothing
    to play); False when it is new, emptied by --overwrite, or holds this experiment
    unfinished (a killed run: played again, to the same results). Another experiment, or a
    folder of another kind, is a RunFolderError; --overwrite removes only what `kind`
    writes (FolderKind.clear)."""
    assert kind.marker is not None
    if not entries(folder):
        return False
    marker = folder / kind.marker
    if not marker.exists():
        raise RunFolderError(
            f"{folder} exists and is not {kind.a} folder (no {kind.marker}); choose another --out"
        )
    if overwrite:
        kind.clear(folder)
        return False
    try:
        held = json.loads(marker.read_text())
    except (OSError, ValueError) as exc:
        raise RunFolderError(
            f"{marker}: not readable ({exc}); pass --overwrite to play it again"
        ) from None
    was = _leaves({k: held.get(k) for k in request})
    asked = _leaves(request)
    differ = [
        f"{key.rpartition('.')[2]}: {was.get(key)} in the folder, {asked.get(key)} asked"
        for key in dict.fromkeys([*asked, *was])
        if was.get(key) != asked.get(key)
    ]
    if differ:
        raise RunFolderError(
            f"{folder} holds another {kind.name} ({'; '.join(differ[:3])}); pass "
            "--overwrite to play this one instead, or choose another --out"
        )
    if not held.get("finished", True):
        return False
    faults = {
        name: table_fault(folder / name, columns)
        for name, columns in kind.tables.items()
        if (folder / name).exists()
    }
    for name, fault in faults.items():
        if fault is not None:
            moved = quarantine(folder, folder / name)
            note(f"{folder / name}: damaged ({fault}); moved to {moved}, and {kind.a} played again")
    return not any(faults.values())


def table_fault(path: Path, columns: Sequence[str] = ()) -> str | None:
    """Why a Parquet file Deckhand wrote whole cannot be read to its end, or lacks one of
    `columns` (another table in its place), or None."""
    frame, fault = read_whole(path)
    if frame is None:
        return fault
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        return f"it has no {', '.join(missing)} column: another table in its place"
    return None


def note(text: str) -> None:
    """Say what was done to a folder besides what was asked (a damaged file set aside)."""
    print(f"note: {text}", file=sys.stderr)


def quarantine(root: Path, path: Path) -> Path:
    """Set a damaged file aside, never deleting its bytes: move PATH (inside ROOT) to
    ROOT/damaged/<its folder under ROOT>/<its name>, outside the table folders so that every
    reader still reads every table. A file set aside earlier under the same name is kept:
    the next is NAME.1.parquet, NAME.2.parquet... (names without a time: the same damage set
    aside twice reads the same). Returns where it went."""
    relative = path.relative_to(root)
    aside = root / DAMAGED / relative.parent
    aside.mkdir(parents=True, exist_ok=True)
    target = aside / relative.name
    stem, suffix = relative.name.split(".", 1)[0], relative.name.partition(".")[2]
    copy = 0
    while target.exists():
        copy += 1
        target = aside / f"{stem}.{copy}.{suffix}" if suffix else aside / f"{stem}.{copy}"
    os.replace(path, target)
    return target


_PAGES = FolderKind("page folder", None, {"*.html": None, "*.tmp": None, _TEMPORARY: None})

RUN_FOLDER = FolderKind(
    "run",
    MANIFEST,
    {
        MANIFEST: None,
        MANIFEST + ".tmp": None,
        SHEET_COPY: None,
        **{table: _TABLE for table in TABLES},
        LEGACY_PARTS: None,
        SUMMARY_FILE: None,
        SUMMARY_FILE + ".tmp": None,
        VERDICTS_FILE: None,
        VERDICTS_FILE + ".tmp": None,
        REPORT_FILE: None,
        REPORT_FILE + ".tmp": None,
        CARDS_FOLDER: _PAGES,
        REPLAYS_FOLDER: _PAGES,
        DAMAGED: None,
        LOCK_FILE: None,
        _TEMPORARY: None,
    },
)
"""Everything a run writes into its folder (simulate, report, card, replay --html)."""

_SHEETS = FolderKind("sheet folder", None, {"*.csv": None})
SWEEP_FOLDER = FolderKind(
    "sweep",
    SWEEP_FILE,
    {
        SWEEP_FILE: None,
        SWEEP_TABLE: None,
        SWEEP_REPORT: None,
        COMPARE_FILE: None,
        "*.tmp": None,
        _TEMPORARY: None,
        SWEEP_SHEETS: _SHEETS,
        "*=*": RUN_FOLDER,
        LOCK_FILE: None,
    },
)
"""A sweep: its plan, a sheet and a run folder per value (named KEY=VALUE), its table."""

ABLATION_FOLDER = FolderKind(
    "ablation",
    ABLATION_PLAN,
    {
        ABLATION_PLAN: None,
        ABLATION_GAMES: None,
        ABLATION_OWNERS: None,
        ABLATION_FILE: None,
        ABLATION_REPORT: None,
        "*.tmp": None,
        _TEMPORARY: None,
        ABLATION_SWEEP: SWEEP_FOLDER,
        ABLATION_PARTS: None,
        DAMAGED: None,
        LOCK_FILE: None,
    },
    tables={
        ABLATION_GAMES: ("game", "deal", "rotation", "arm", "off", "turns"),
        ABLATION_OWNERS: ("game", "deal", "seat", "strategy", "win", "card"),
        ABLATION_FILE: ("card", "verdict", "lo", "hi", "tolerance"),  # the verdict contract
    },
)
"""An ablation: its plan and tables (and with a sweep design, the sweep it played)."""

BALANCE_FOLDER = FolderKind(
    "balance",
    BALANCE_FILE,
    {
        BALANCE_FILE: None,
        BALANCE_REPORT: None,
        "*.tmp": None,
        _TEMPORARY: None,
        BALANCE_SWEEP: SWEEP_FOLDER,
        BALANCE_ABLATION: ABLATION_FOLDER,
        LOCK_FILE: None,
    },
)
"""A balance search: its result, the sweep of every value it played and the ablation it
played for the typical power's worth (when --evidence had none)."""


def part_path(folder: Path, table: str, chunk: int) -> Path:
    return folder / table / f"part-{chunk:05d}.parquet"


def _chunk_of(path: Path) -> int:
    return int(path.name.split("-")[1].split(".")[0])


def write_chunk(folder: Path, chunk: int, parts: dict[str, bytes]) -> None:
    """Write one chunk's parts (table -> Parquet bytes) in two steps: every part to a
    temporary file first, then each renamed into place, the games part last. A write that
    fails (a read-only table folder, a full disk) fails before any part is replaced, so a
    completed chunk being rewritten (an extension re-cut into larger chunks) keeps all its
    old parts, never a mix of old and new; the temporary files it wrote are removed. Only
    then is the old games part removed and the new parts renamed in, games last."""
    order = sorted(parts, key=lambda t: t == "games")
    written: list[tuple[Path, Path]] = []
    try:
        for table in order:
            target = part_path(folder, table, chunk)
            target.parent.mkdir(parents=True, exist_ok=True)
            tmp = target.with_name(f".{target.name}.tmp-{os.getpid()}")
            written.append((tmp, target))
            tmp.write_bytes(parts[table])
    except BaseException:
        for tmp, _ in written:
            tmp.unlink(missing_ok=True)
        raise
    # A rewrite: the old chunk stops counting as complete before its first part is replaced,
    # so a kill between the renames leaves a chunk that a resume replays (the same games),
    # never one whose tables disagree.
    if "games" in parts:
        part_path(folder, "games", chunk).unlink(missing_ok=True)
    for tmp, target in written:
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


def clean_incomplete(folder: Path, keep: Iterable[int] = ()) -> int:
    """Remove what a killed process left: temporary files, and the parts of chunks whose
    games part is missing, but for the chunks `keep` lists (a damaged part set aside: their
    other parts stay until the replay is compared with them, health.keep_intact). Returns
    how many chunks it removed parts of."""
    games = {_chunk_of(p) for p in (folder / "games").glob("part-*.parquet")}
    removed: set[int] = set()
    for table in TABLES:
        for tmp in (folder / table).glob(".part-*"):
            tmp.unlink(missing_ok=True)
        for part in (folder / table).glob("part-*.parquet"):
            chunk = _chunk_of(part)
            if chunk not in games or not all(part_path(folder, t, chunk).exists() for t in TABLES):
                removed.add(chunk)
    removed -= set(keep)
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
        expected = Expected.of(folder) if (folder / MANIFEST).exists() else None
        for chunk in done:
            check_part(folder, table, chunk, expected)
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


def _temporary(path: Path) -> Path:
    return path.with_name(f".{path.name}.tmp-{os.getpid()}")


def write_json(path: Path, data: Any) -> None:
    """Write a JSON file as a temporary file renamed over it: whole or not there."""
    tmp = _temporary(path)
    tmp.write_text(json.dumps(data, indent=2) + "\n")
    os.replace(tmp, path)


def write_frame(frame: pl.DataFrame, path: Path) -> None:
    """Write a Parquet file as a temporary file renamed over it: whole or not there."""
    tmp = _temporary(path)
    frame.write_parquet(tmp)
    os.replace(tmp, path)


# ---------------------------------------------------------------------- checking what is read


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return (text[0] if text else type(exc).__name__).removeprefix("parquet: ")


def _reading(exc: BaseException) -> bool:
    """Whether `exc` is what reading a damaged file raised (polars' errors, a panic of its
    reader, an OSError), not an interrupt to let through."""
    return not isinstance(exc, KeyboardInterrupt | SystemExit | GeneratorExit | MemoryError)


def parquet_fault(path: Path) -> str | None:
    """Why the Parquet file at PATH cannot be read (its footer and schema), or None."""
    try:
        size = path.stat().st_size
    except OSError as exc:
        return f"cannot be read ({exc.strerror or exc})"
    if size == 0:
        return "it is empty (0 bytes), as an interrupted copy or a full disk leaves a file"
    try:
        pl.scan_parquet(path, glob=False).collect_schema()
    except BaseException as exc:
        if not _reading(exc):
            raise
        return (
            f"not a readable Parquet file: {_first_line(exc)}; a file cut short (a full disk, an "
            "interrupted copy) or overwritten leaves one"
        )
    return None


def read_whole(path: Path) -> tuple[pl.DataFrame | None, str | None]:
    """A Parquet file read to its end, or None and why it cannot be (parquet_fault, or its
    data past an intact footer)."""
    fault = parquet_fault(path)
    if fault is not None:
        return None, fault
    try:
        return pl.read_parquet(path, glob=False), None
    except BaseException as exc:
        if not _reading(exc):
            raise
        return None, f"its contents cannot be read: {_first_line(exc)}"


def damaged(path: Path, what: str, todo: str) -> RunFolderError:
    """The one message of a damaged file: which, what is wrong with it, what to do."""
    return RunFolderError(f"{path}: damaged ({what}); {todo}")


def replay_advice(folder: Path) -> str:
    """What to do about a damaged part of the run folder FOLDER."""
    return (
        "run the command that made the run again (the same `deckhand simulate`, or the "
        f"experiment's command): it moves the part to {folder / DAMAGED}/ and plays its games "
        f"again, leaving the other parts as they are; `deckhand check {folder}` lists every "
        "damaged file"
    )


def read_table(path: Path, columns: Sequence[str] | None = None, todo: str = "") -> pl.DataFrame:
    """A Parquet file Deckhand wrote, read whole (or only `columns`); a damaged one is a
    RunFolderError naming it, what is wrong and what to do (`todo`, or: make it again)."""
    try:
        return pl.read_parquet(
            path, columns=list(columns) if columns is not None else None, glob=False
        )
    except BaseException as exc:
        if not _reading(exc):
            raise
        fault = parquet_fault(path) or f"its contents cannot be read: {_first_line(exc)}"
        raise damaged(
            path,
            fault,
            todo
            or "run the command that wrote it again with the same options (it writes the file "
            "again), or remove it",
        ) from None


def read_part(path: Path, columns: Sequence[str] | None = None) -> pl.DataFrame:
    """One part of a run's table (table/part-NNNNN.parquet), read as read_table reads."""
    return read_table(path, columns, replay_advice(path.parent.parent))


def _table_columns(spec: GameSpec | None) -> dict[str, dict[str, Any]]:
    """The columns (and their types) every part of each table has, with the event columns of
    `spec`'s game (None: the columns of every game alone); players may have more (the game's
    extra columns)."""
    players: dict[str, Any] = dict(PLAYER_COLUMNS)
    players.update({event: pl.List(pl.Int32) for event in spec.event_names} if spec else {})
    return {"games": GAMES_COLUMNS, "players": players, "card_events": CARD_EVENTS_COLUMNS}


@dataclass(frozen=True)
class Expected:
    """What the parts of a run folder must hold, from its manifest: the columns of each table,
    and for chunk N the games config.chunk_games(N) of the run's master seed (a chunk being
    replaced by an extension, `replace`, may hold fewer: those of the run it extends)."""

    config: RunConfig
    columns: dict[str, dict[str, Any]]
    replace: frozenset[int] = frozenset()

    @classmethod
    def of(cls, folder: Path) -> Expected:
        manifest = load_manifest(folder)
        config = RunConfig.from_json(manifest["config"])
        return cls(
            config,
            _table_columns(get_game(config.game.game)),
            frozenset(int(c) for c in manifest.get("replace", ())),
        )


def part_fault(
    path: Path,
    table: str,
    chunk: int,
    expected: Expected | None,
    frame: pl.DataFrame | None = None,
    whole: bool = True,
) -> str | None:
    """Why part `chunk` of `table` is not one of this run's (unreadable, another table's
    columns, another run's master seed and, when `whole`, another chunk's games), or None.
    Reads the footer and the game ids only, unless `frame` (the part read whole) is given.
    Without `expected` (no readable manifest) only the footer and the fixed columns."""
    fault = parquet_fault(path)
    if fault is not None:
        return fault
    schema = pl.scan_parquet(path, glob=False).collect_schema()
    wanted = (expected.columns if expected is not None else _FIXED)[table]
    missing = [c for c in wanted if c not in schema]
    if missing:
        return (
            f"it has no {', '.join(missing[:3])}{' ...' if len(missing) > 3 else ''} column: it "
            f"is not a part of the {table} table of "
            + (f"a {expected.config.game.game} run" if expected is not None else "a run")
        )
    for column, dtype in wanted.items():
        if schema[column] != dtype:
            return f"its column {column} is {schema[column]}, where the {table} table has {dtype}"
    if expected is None:
        return None
    if frame is None:
        ids = ["game_id", "master_seed"] if table == "games" else ["game_id"]
        try:
            frame = pl.read_parquet(path, columns=ids, glob=False)
        except BaseException as exc:
            if not _reading(exc):
                raise
            return f"its contents cannot be read: {_first_line(exc)}"
    return _games_fault(frame, table, chunk, expected, whole)


_FIXED = _table_columns(None)


def _games_fault(
    frame: pl.DataFrame, table: str, chunk: int, expected: Expected, whole: bool
) -> str | None:
    """The games of a part against its chunk's (when `whole`) and the run's master seed."""
    config = expected.config
    if not whole:
        if table == "games":
            return _seed_fault(frame, config.seed)
        return None
    want = config.chunk_games(chunk)
    ids = frame["game_id"]
    if ids.null_count():
        return "it has rows without a game_id"
    held = ids.unique().sort()
    n = held.len()
    if table == "card_events":
        fits = n == 0 or (held[0] >= want.start and held[-1] < want.stop)
    else:
        contiguous = n > 0 and held[0] == want.start and held[-1] == want.start + n - 1
        fits = contiguous and (n <= len(want) if chunk in expected.replace else n == len(want))
    if not fits:
        shown = f"games {held[0]} to {held[-1]}" if n else "no game"
        return (
            f"it holds {shown}, where part {chunk:05d} of this run holds games {want.start} to "
            f"{want.stop - 1}: it is a part of another run, or of another chunk"
        )
    if table == "games":
        if ids.len() != n:
            return "it holds a game more than once"
        fault = _seed_fault(frame, config.seed)
        if fault is not None:
            return fault
    if table == "players" and ids.len() != n * config.game.players:
        return (
            f"it holds {ids.len()} rows for {n} games of {config.game.players} players: a part "
            "of another run"
        )
    return None


def _seed_fault(games: pl.DataFrame, seed: int) -> str | None:
    seeds = games["master_seed"].unique()
    if seeds.len() > 1 or (seeds.len() == 1 and seeds[0] != seed):
        return (
            f"its games were played from master seed {seeds.to_list()[:3]}, and this run's is "
            f"{seed}: it is a part of another run"
        )
    return None


_checked: dict[Path, tuple[int, int]] = {}
"""Parts found sound by this process, by their modification time and size: checked again
only once changed."""


def check_part(folder: Path, table: str, chunk: int, expected: Expected | None) -> None:
    """Refuse part `chunk` of `table` when part_fault finds it damaged (a RunFolderError
    naming it, what is wrong and what to do): unreadable, another table's, another run's
    master seed. Which games a chunk holds is left to `deckhand check` and to the recovery
    (health.py), which read every part whole: a reader takes the parts as they are cut."""
    path = part_path(folder, table, chunk)
    try:
        stat = path.stat()
    except OSError:
        stat = None
    key = (stat.st_mtime_ns, stat.st_size) if stat is not None else None
    if key is not None and _checked.get(path) == key:
        return
    fault = part_fault(path, table, chunk, expected, whole=False)
    if fault is not None:
        raise damaged(path, fault, replay_advice(folder))
    if key is not None:
        _checked[path] = key


def games_in(folder: Path) -> int:
    """Games in a run folder's complete chunks whose games part is readable (a damaged one
    counts none: it is played again)."""
    total = 0
    for chunk in completed_chunks(folder) if (folder / "games").is_dir() else ():
        path = part_path(folder, "games", chunk)
        if parquet_fault(path) is None:
            try:
                total += pl.scan_parquet(path, glob=False).select(pl.len()).collect().item()
            except BaseException as exc:
                if not _reading(exc):
                    raise
    return total


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
        yield read_part(f, list(columns))


def player_loaders(run: str | Path, columns: Sequence[str]) -> list[Callable[[], pl.DataFrame]]:
    """A loader of each players part (only `columns`), for readers that share the parts
    between threads (analysis/metrics.card_summary)."""
    return [partial(read_part, f, list(columns)) for f in part_files(Path(run), "players")]


def table_rows(run: str | Path, table: str) -> int:
    """The rows of a run's table, from its parts' metadata (nothing else is read)."""
    files = part_files(Path(run), table)
    if not files:
        return 0
    return int(pl.scan_parquet(files).select(pl.len()).collect().item())


def read_card_events(run: str | Path) -> pl.DataFrame:
    """The long table of card events of a run folder, in game, seat, event, card order."""
    return _read(Path(run), "card_events").sort("game_id", "seat", "event", "card_id")


_READ_MEMO: dict[tuple[Any, ...], pl.DataFrame] = {}
"""The last few whole tables read (`_read`), keyed by the folder, the table, the columns and
each part's name, size and modification time, so a report that asks for the same table for
each of its pages reads a million games' parts once; a part written since is a new key."""
_READ_MEMO_SIZE = 3


def _read(run: Path, table: str, columns: Sequence[str] | None = None) -> pl.DataFrame:
    files = part_files(run, table)
    wanted = list(columns) if columns is not None else None
    stats = [f.stat() for f in files]
    key = (
        str(run.resolve()),
        table,
        None if wanted is None else tuple(wanted),
        tuple((f.name, st.st_size, st.st_mtime_ns) for f, st in zip(files, stats, strict=True)),
    )
    held = _READ_MEMO.get(key)
    if held is not None:
        return held
    frame = pl.concat([read_part(f, wanted) for f in files], how="vertical")
    if len(_READ_MEMO) >= _READ_MEMO_SIZE:
        _READ_MEMO.pop(next(iter(_READ_MEMO)))
    _READ_MEMO[key] = frame
    return frame


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
                self._tables[name] = read_table(self.folder / SUMMARY_FILE)
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
