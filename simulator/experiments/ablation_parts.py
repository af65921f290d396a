"""An ablation's games saved as they are played, by ranges of deals, so that a killed
ablation resumes where it stopped and a finished one grows to more deals.

A deal's games do not depend on how many deals the ablation has (its tables, streams and
switches come from the deal's own index and the seed), so deals 0..N-1 of an ablation of M
deals are the games of an ablation of N. While an ablation plays, OUT/parts holds one pair of
tables per saved range (`deals-A-B.owners.parquet`, then `deals-A-B.games.parquet`: the
games table, written last, is what makes a range saved); when every deal is saved the parts
are merged into OUT/games.parquet and OUT/owners.parquet and removed. Growing a finished
ablation (more deals, or a paired one's more cards) keeps its tables as the games held
(`held.*.parquet`), numbered as the larger plan numbers its games; the parts then hold, for
each saved range of deals, the games of those deals that were not held.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import polars as pl

from simulator.folders import health, run_folder
from simulator.folders.run_folder import ABLATION_GAMES, ABLATION_OWNERS, ABLATION_PARTS

_PART = re.compile(r"deals-(\d+)-(\d+)\.games\.parquet")


def _name(first: int, end: int, table: str) -> str:
    return f"deals-{first:07d}-{end:07d}.{table}.parquet"


def saved(folder: Path) -> list[tuple[int, int]]:
    """The ranges of deals (first, end) saved in FOLDER/parts, in order. A damaged part (cut
    short, not an ablation's table, another range's deals: health.ablation_part_fault) is
    set aside in FOLDER/damaged/parts/ with a note, so that its deals are played again."""
    parts = folder / ABLATION_PARTS
    if not parts.is_dir():
        return []
    found = []
    for path in sorted(parts.iterdir()):
        match = _PART.fullmatch(path.name)
        if match and (parts / _name(int(match[1]), int(match[2]), "owners")).exists():
            first, end = int(match[1]), int(match[2])
            if _sound(
                folder, [path, parts / _name(first, end, "owners")], f"deals {first} to {end - 1}"
            ):
                found.append((first, end))
    return sorted(found)


def _sound(folder: Path, paths: list[Path], games: str) -> bool:
    """Whether every one of PATHS (the two tables of one saved range) is sound; the damaged
    ones are set aside (run_folder.quarantine), saying so."""
    faults = {path: health.ablation_part_fault(path) for path in paths}
    for path, fault in faults.items():
        if fault is not None:
            moved = run_folder.quarantine(folder, path)
            run_folder.note(
                f"{path}: damaged ({fault}); moved to {moved}, and the {games} are played again"
            )
    return not any(faults.values())


def missing(ranges: list[tuple[int, int]], deals: int) -> list[tuple[int, int]]:
    """The ranges of deals 0..deals-1 that no saved range covers."""
    out = []
    at = 0
    for first, end in ranges:
        if first > at:
            out.append((at, min(first, deals)))
        at = max(at, end)
    if at < deals:
        out.append((at, deals))
    return [(a, b) for a, b in out if a < b]


def save(folder: Path, first: int, end: int, games: pl.DataFrame, owners: pl.DataFrame) -> None:
    """Save deals first..end-1 (each table written whole, the games table last)."""
    parts = folder / ABLATION_PARTS
    parts.mkdir(exist_ok=True)
    run_folder.write_frame(owners, parts / _name(first, end, "owners"))
    run_folder.write_frame(games, parts / _name(first, end, "games"))


def merged(folder: Path) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Every saved range's games and owners tables, and the games held, in the order of the
    games (a game's owner rows in the order they were written)."""
    parts = folder / ABLATION_PARTS
    names = [(_name(a, b, "games"), _name(a, b, "owners")) for a, b in saved(folder)]
    if (parts / HELD_GAMES).exists() and (parts / HELD_OWNERS).exists():
        names.append((HELD_GAMES, HELD_OWNERS))
    games = pl.concat([pl.read_parquet(parts / g) for g, _ in names])
    owners = pl.concat([pl.read_parquet(parts / o) for _, o in names])
    return games.sort("game", maintain_order=True), owners.sort("game", maintain_order=True)


HELD_GAMES = "held.games.parquet"
HELD_OWNERS = "held.owners.parquet"


def hold(folder: Path, index: dict[tuple[int, int, int], int]) -> None:
    """Before a finished ablation grows (more deals, or cards): its merged tables become the
    games held, each game numbered by `index` ((deal, rotation, arm) -> its index among the
    wider plan's games), its owner rows with it."""
    clear(folder)
    if not _sound(folder, [folder / ABLATION_GAMES, folder / ABLATION_OWNERS], "games it held"):
        return  # nothing held: every game of the wider plan is played
    games = pl.read_parquet(folder / ABLATION_GAMES)
    owners = pl.read_parquet(folder / ABLATION_OWNERS)
    keys = zip(games["deal"], games["rotation"], games["arm"], strict=True)
    renumber = dict(zip(games["game"], [index[k] for k in keys], strict=True))
    games = games.with_columns(pl.Series("game", [renumber[g] for g in games["game"]]))
    owners = owners.with_columns(pl.Series("game", [renumber[g] for g in owners["game"]]))
    parts = folder / ABLATION_PARTS
    parts.mkdir()
    run_folder.write_frame(owners, parts / HELD_OWNERS)
    run_folder.write_frame(games, parts / HELD_GAMES)


def held_games(folder: Path) -> set[tuple[int, int, int]]:
    """(deal, rotation, arm) of every game held (`hold`): none unless cards were added."""
    path = folder / ABLATION_PARTS / HELD_GAMES
    held = [path, folder / ABLATION_PARTS / HELD_OWNERS]
    if not path.exists() or not _sound(folder, held, "games held"):
        return set()
    games = pl.read_parquet(path, columns=["deal", "rotation", "arm"])
    return set(zip(games["deal"], games["rotation"], games["arm"], strict=True))


def clear(folder: Path) -> None:
    """Remove the saved parts (once merged)."""
    shutil.rmtree(folder / ABLATION_PARTS, ignore_errors=True)
