"""A folder's health: every part readable and this run's, the games complete and unique, the
manifest consistent with the tables; and the recovery of a run whose parts were damaged.

One check of a part (run_folder.part_fault: readable Parquet, the table's columns, the games
of its chunk and the run's master seed) and here the checks across a chunk's tables (the
players of the games part's games, the card events of the players part), used three ways:

- `recover_run`: `run_simulation` (simulate, and every experiment that plays run folders:
  sweep, mixes, balance, robustness, ladder) sets every damaged part aside
  (run_folder.quarantine: RUN/damaged/<table>/<name>) before it plays, so the chunk is played
  again from its seeds; `keep_intact` then leaves the chunk's other parts as they are when
  the replay matches them (and sets aside one that does not: a part of another run).
- `check_folder`: `deckhand check FOLDER` reports a run or experiment folder's health
  without changing it.
- the readers (run_folder.part_files, read_table) refuse a damaged file in one line.

Ablations keep their saved deals in ABL/parts (experiments/ablation_parts.py checks them with
`ablation_part_fault` as it lists them) and their finished tables beside the plan
(run_folder.marked_request sets a damaged one aside and plays the ablation again).
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

import polars as pl

from simulator.core.errors import RunFolderError
from simulator.folders.run_folder import (
    ABLATION_FOLDER,
    ABLATION_GAMES,
    ABLATION_OWNERS,
    ABLATION_PARTS,
    ABLATION_PLAN,
    BALANCE_FILE,
    DAMAGED,
    LEGACY_PARTS,
    MANIFEST,
    SHEET_COPY,
    SWEEP_FILE,
    TABLES,
    Expected,
    completed_chunks,
    is_legacy,
    load_manifest,
    note,
    part_fault,
    part_path,
    quarantine,
    read_whole,
    sheet_rows,
    table_fault,
)

MARKERS = (SWEEP_FILE, ABLATION_PLAN, BALANCE_FILE, "robustness.json", "ladder.json")
"""The JSON file that says a folder is an experiment's (sweep, ablation, balance, robustness,
ladder); a run folder has its manifest."""
_NOT_EXPERIMENTS = {DAMAGED, LEGACY_PARTS, "cards", "replays", "sheets", *TABLES}


# ---------------------------------------------------------------------- one chunk


def chunk_faults(
    folder: Path, chunk: int, expected: Expected, events: Iterable[str]
) -> dict[str, str]:
    """What is wrong with each part of chunk `chunk` that is there (table -> what): each read
    whole and checked (run_folder.part_fault), then the players part against the games
    part (the same games, first players and winners) and the card_events part against the
    players part (each game's events counted both ways: the card events' `count` summed, the
    players' event lists' lengths summed; a full recount cost about 70% of a resume's check).
    Parts not there are not faults (an incomplete chunk is played again anyway)."""
    frames: dict[str, pl.DataFrame] = {}
    faults: dict[str, str] = {}
    for table in TABLES:
        path = part_path(folder, table, chunk)
        if not path.exists():
            continue
        frame, fault = read_whole(path)
        if frame is not None:
            fault = part_fault(path, table, chunk, expected, frame)
        if fault is not None:
            faults[table] = fault
        else:
            assert frame is not None
            frames[table] = frame
    games, players = frames.get("games"), frames.get("players")
    if games is not None and players is not None:
        fault = _players_fault(games, players)
        if fault is not None:
            faults["players"] = fault
            del frames["players"]
    players, events_part = frames.get("players"), frames.get("card_events")
    if players is not None and events_part is not None:
        if not _events_per_game(players, tuple(events)).equals(
            events_part.group_by("game_id").agg(pl.col("count").sum().alias("n")).sort("game_id")
        ):
            faults["card_events"] = (
                "its card events are not the players part's (counted per game from its event "
                "lists): a part of another run"
            )
    return faults


def _events_per_game(players: pl.DataFrame, events: tuple[str, ...]) -> pl.DataFrame:
    """Each game's card events as its players' event lists count them (game_id, n), for the
    games with any: what the card_events part's `count` sums to per game."""
    lengths = pl.sum_horizontal([pl.col(e).list.len().fill_null(0) for e in events])
    return (
        players.group_by("game_id")
        .agg(lengths.sum().cast(pl.Int64).alias("n"))
        .filter(pl.col("n") > 0)
        .sort("game_id")
    )


def _players_fault(games: pl.DataFrame, players: pl.DataFrame) -> str | None:
    if set(players["game_id"].unique()) != set(games["game_id"]):
        return "its games are not the games part's: a part of another run"
    first = players.filter(pl.col("turn_order") == 0).select("game_id", "seat")
    said = games.select("game_id", pl.col("first_player").alias("seat"))
    if not first.sort("game_id").equals(said.sort("game_id").cast(first.schema)):  # type: ignore[arg-type]
        return "its first players are not the games part's: a part of another run"
    won = (
        players.filter(pl.col("win")).group_by("game_id").agg(pl.col("seat").sort()).sort("game_id")
    )
    winners = (
        games.select("game_id", pl.col("winners").list.sort().alias("seat"))
        .filter(pl.col("seat").list.len() > 0)
        .sort("game_id")
    )
    if not won.equals(winners.cast(won.schema)):  # type: ignore[arg-type]
        return "its winners are not the games part's: a part of another run"
    return None


def _events(folder: Path) -> tuple[str, ...]:
    """The game's event columns, from the run's copy of its sheet."""
    spec, _ = sheet_rows(folder)
    return tuple(spec.event_names)


# ---------------------------------------------------------------------- recovery


def damaged_parts(folder: Path) -> list[Path]:
    """The damaged parts of a run folder's complete chunks (as recover_run finds them),
    changing nothing: a command that skips a finished run (a sweep's values) plays it on
    when one is."""
    if is_legacy(folder) or not (folder / "games").is_dir():
        return []
    expected = Expected.of(folder)
    events = _events(folder)
    return [
        part_path(folder, table, chunk)
        for chunk in sorted(completed_chunks(folder))
        for table in chunk_faults(folder, chunk, expected, events)
    ]


def recover_run(folder: Path, say: Callable[[str], None] = note) -> dict[int, set[str]]:
    """Before a run is played on: set aside every damaged part of its complete chunks
    (run_folder.quarantine), saying which, why, where it went and which games are played
    again. Returns chunk -> the tables set aside; those chunks are then incomplete, and played
    again from their seeds (the same games)."""
    if is_legacy(folder) or not (folder / "games").is_dir():
        return {}
    expected = Expected.of(folder)
    events = _events(folder)
    repaired: dict[int, set[str]] = {}
    for chunk in sorted(completed_chunks(folder)):
        faults = chunk_faults(folder, chunk, expected, events)
        for table, what in faults.items():
            path = part_path(folder, table, chunk)
            moved = quarantine(folder, path)
            games = expected.config.chunk_games(chunk)
            say(
                f"{path}: damaged ({what}); moved to {moved}, and games {games.start} to "
                f"{games.stop - 1} are played again from their seeds"
            )
        if faults:
            repaired[chunk] = set(faults)
    return repaired


def keep_intact(
    folder: Path, chunk: int, parts: dict[str, bytes], say: Callable[[str], None] = note
) -> dict[str, bytes]:
    """The parts of a replayed chunk that must be written: those set aside, and any still on
    disk that is not what the replay wrote (a part of another run that passed its checks:
    set aside too). A part equal to its replay is left as it is, untouched."""
    write: dict[str, bytes] = {}
    for table, data in parts.items():
        path = part_path(folder, table, chunk)
        if path.exists():
            held, _ = read_whole(path)
            if held is not None and held.equals(pl.read_parquet(io.BytesIO(data))):
                continue
            moved = quarantine(folder, path)
            say(f"{path}: not the games its chunk plays (a part of another run); moved to {moved}")
        write[table] = data
    return write


# ---------------------------------------------------------------------- the report


@dataclass
class Finding:
    """One thing wrong: the file (or folder), what is wrong, what to do."""

    path: Path
    what: str
    todo: str

    def line(self) -> str:
        return f"{self.path}: {self.what}; {self.todo}"


@dataclass
class Health:
    """What `check_folder` found: the folders checked (kind and a line of what they hold),
    the problems, and the files set aside earlier (kept for the user, not a problem)."""

    folder: Path
    checked: list[tuple[Path, str, str]] = field(default_factory=list)
    problems: list[Finding] = field(default_factory=list)
    set_aside: list[Path] = field(default_factory=list)

    @property
    def healthy(self) -> bool:
        return not self.problems

    def lines(self) -> list[str]:
        out = [f"{path} ({kind}): {said}" for path, kind, said in self.checked]
        for path in self.set_aside:
            out.append(f"set aside earlier (kept for you; remove it when no longer needed): {path}")
        out += [f"problem: {p.line()}" for p in self.problems]
        verdict = "healthy" if self.healthy else f"{len(self.problems)} problem(s)"
        out.append(f"{self.folder}: {verdict}")
        return out


def check_folder(folder: str | Path) -> Health:
    """The health of a run folder, an experiment folder (sweep, ablation, balance,
    robustness, ladder) or a folder holding them (mixes), changing nothing: every Parquet
    part and table readable and this run's, every JSON file readable, the games complete and
    unique, the manifest consistent with the tables."""
    root = Path(folder)
    health = Health(root)
    if not root.is_dir():
        health.problems.append(Finding(root, "not a folder", "give a run or experiment folder"))
        return health
    _check_any(root, health)
    if not health.checked and not health.problems:
        health.problems.append(
            Finding(
                root,
                f"no run or experiment in it (no {MANIFEST}, no {', '.join(MARKERS)})",
                "give a folder `deckhand simulate` or an experiment command wrote",
            )
        )
    return health


def _check_any(folder: Path, health: Health) -> None:
    aside = folder / DAMAGED
    if aside.is_dir():
        health.set_aside += sorted(p for p in aside.rglob("*") if p.is_file())
    if (folder / MANIFEST).exists():
        _check_run(folder, health)
        return
    markers = [folder / m for m in MARKERS if (folder / m).exists()]
    if markers:
        for marker in markers:
            _check_json(marker, health)
        columns = ABLATION_FOLDER.tables if (folder / ABLATION_PLAN).exists() else {}
        for table in sorted(folder.glob("*.parquet")):
            fault = table_fault(table, columns.get(table.name, ()))
            if fault is not None:
                health.problems.append(Finding(table, f"damaged ({fault})", _REPLAY_EXPERIMENT))
        if (folder / ABLATION_PARTS).is_dir():
            _check_ablation_parts(folder, health)
        kinds = ", ".join(m.name for m in markers)
        health.checked.append((folder, "experiment", f"{kinds} and its tables read"))
    for sub in sorted(p for p in folder.iterdir() if p.is_dir()):
        if sub.name not in _NOT_EXPERIMENTS and not sub.name.startswith("."):
            _check_any(sub, health)


_REPLAY_EXPERIMENT = (
    "run the experiment's command again with the same options: it writes the file again "
    "(an ablation's damaged table is set aside in damaged/ and the ablation played again)"
)


def _check_json(path: Path, health: Health) -> None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        health.problems.append(
            Finding(path, f"damaged (not readable JSON: {exc})", "restore it, or --overwrite")
        )
        return
    if not isinstance(data, dict):
        health.problems.append(Finding(path, "damaged (not a JSON object)", "restore it"))


def _check_ablation_parts(folder: Path, health: Health) -> None:
    parts = folder / ABLATION_PARTS
    for path in sorted(parts.glob("*.parquet")):
        fault = ablation_part_fault(path)
        if fault is not None:
            health.problems.append(
                Finding(
                    path,
                    f"damaged ({fault})",
                    "run the ablation's command again: it sets the part aside in damaged/ and "
                    "plays its deals again",
                )
            )


def ablation_part_fault(path: Path) -> str | None:
    """Why a saved part of an ablation (ABL/parts/deals-A-B.{games,owners}.parquet, or the
    games held) is damaged, or None: readable whole, with the columns its readers take, and
    a games part holds deals A to B-1 only."""
    frame, fault = read_whole(path)
    if frame is None:
        return fault
    games = path.name.endswith(ABLATION_GAMES)  # games.parquet, held.games..., deals-...games...
    wanted = ABLATION_FOLDER.tables[ABLATION_GAMES if games else ABLATION_OWNERS]
    missing = [c for c in wanted if c not in frame.columns]
    if missing:
        return f"it has no {', '.join(missing)} column: not a part of an ablation's tables"
    name = path.name.split(".")[0]
    if games and name.startswith("deals-") and frame.height:
        first, end = (int(x) for x in name.removeprefix("deals-").split("-"))
        deals = frame["deal"]
        low, high = cast(int, deals.min()), cast(int, deals.max())  # a column of deal numbers
        if low < first or high >= end:
            return (
                f"it holds deals {low} to {high}, where this part holds deals "
                f"{first} to {end - 1}: a part of another ablation"
            )
    return None


def _check_run(folder: Path, health: Health) -> None:
    replay = (
        "run the command that made the run again (the same `deckhand simulate`, or the "
        "experiment's command): it sets the part aside and plays its games again"
    )
    try:
        manifest = load_manifest(folder)
        expected = Expected.of(folder)
    except RunFolderError as exc:
        health.problems.append(Finding(folder / MANIFEST, "damaged", str(exc).split("; ", 1)[-1]))
        return
    if is_legacy(folder):
        health.checked.append((folder, "run", "first layout (RUN/parts/): read, not checked"))
        return
    try:
        events = _events(folder)
    except Exception as exc:  # noqa: BLE001 - any failure to read the sheet copy is damage
        health.problems.append(
            Finding(folder / SHEET_COPY, f"not readable ({exc})", "restore it from the sheet")
        )
        return
    config = expected.config
    stop = manifest.get("stop") or {}
    wanted = config.chunks
    if stop.get("reason") == "until_ci" and stop.get("chunks"):
        wanted = int(stop["chunks"])
    done = completed_chunks(folder)
    games_seen: list[int] = []
    damaged_parts = 0
    for chunk in sorted(done | _stray(folder)):
        faults = chunk_faults(folder, chunk, expected, events)
        for table, what in faults.items():
            damaged_parts += 1
            health.problems.append(
                Finding(part_path(folder, table, chunk), f"damaged ({what})", replay)
            )
        if chunk in done and "games" not in faults:
            frame, _ = read_whole(part_path(folder, "games", chunk))
            if frame is not None:
                games_seen += frame["game_id"].to_list()
        if chunk not in done:
            health.problems.append(
                Finding(
                    folder / "games",
                    f"chunk {chunk:05d} is incomplete (a part of a table is missing)",
                    "run the same command again: it plays the chunk again",
                )
            )
    missing = [c for c in range(wanted) if c not in done]
    if missing:
        shown = ", ".join(f"{c:05d}" for c in missing[:5]) + (" ..." if len(missing) > 5 else "")
        health.problems.append(
            Finding(
                folder,
                f"{len(missing)} of {wanted} chunks missing ({shown})",
                "run the same `deckhand simulate` again to play them",
            )
        )
    if len(set(games_seen)) != len(games_seen):
        health.problems.append(
            Finding(folder, "a game is in more than one part", "set the part aside and resume")
        )
    played = manifest.get("games_played")
    if manifest.get("finished") and played is not None and not missing and not damaged_parts:
        if played != len(games_seen):
            health.problems.append(
                Finding(
                    folder / MANIFEST,
                    f"says {played} games were played, and the tables hold {len(games_seen)}",
                    "run the same `deckhand simulate` again: it writes the manifest again",
                )
            )
    elif not manifest.get("finished") and not missing:
        health.problems.append(
            Finding(folder / MANIFEST, "the run is not finished", "run the same command again")
        )
    health.checked.append(
        (
            folder,
            "run",
            f"{len(done)} of {wanted} chunks, {len(set(games_seen))} games of "
            f"{config.game.game}, seed {config.seed}; every part read and cross-checked",
        )
    )


def _stray(folder: Path) -> set[int]:
    """Chunks with some part on disk but not every one (a killed run's, or one set aside)."""
    found: set[int] = set()
    for table in TABLES:
        for path in (folder / table).glob("part-*.parquet"):
            found.add(int(path.name.split("-")[1].split(".")[0]))
    return found - completed_chunks(folder)
