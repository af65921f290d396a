"""What `deckhand simulate` says of the run it played: the games its folder holds and their
median length, why it stopped (`--until-ci`), how many games this call played and how fast,
and the next command. `simulate` plays and times the run; `RunSummary.lines` words it."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import polars as pl

from simulator.folders.config import RunConfig
from simulator.folders.run_folder import games_in, load_manifest, part_files
from simulator.runs.runner import run_simulation


@dataclass(frozen=True)
class RunSummary:
    """A run folder after one `deckhand simulate` call."""

    folder: Path
    games: int
    """Games the folder holds."""
    median_turns: float
    most: int
    """The games asked for (with --until-ci: the most it may play)."""
    until_ci: float | None
    stop: dict[str, Any]
    """The manifest's record of why the run ended."""
    warnings: tuple[str, ...]
    """The manifest's warnings (a degenerate game, a card sheet's oddities)."""
    played: int
    """Games this call played, a damaged part's replay included."""
    seconds: float
    jobs: int
    backend: str
    engine: dict[str, str] = field(default_factory=dict)
    """The manifest's record of the engine that played this call, and why."""

    def lines(self) -> list[str]:
        """The command's lines: why an --until-ci run stopped (or that it did not reach its
        target), then the games held, played now, and the speed."""
        lines = []
        stop = self.stop
        if stop.get("reason") == "until_ci":
            lines.append(
                f"stopped by --until-ci after {self.games:,} of at most {self.most:,} games: "
                f"headline 95% half-width {stop['half_width']:.4f} <= {stop['target']}"
            )
        elif self.until_ci is not None:
            lines.append(
                f"--until-ci {self.until_ci} not reached within {self.most:,} games "
                f"(headline 95% half-width {stop.get('half_width', math.nan):.4f})"
            )
        if self.engine:
            lines.append(f"engine: {self.engine['engine']} ({self.engine['why']})")
        one = self.jobs == 1 or self.backend == "sequential"
        workers = "1 process" if one else f"{self.jobs} workers"
        lines.append(
            f"{self.games:,} games in {self.folder} (median {self.median_turns:.0f} turns); "
            f"{self.played:,} played in {self.seconds:.1f} s on {workers} of {self.backend} "
            f"({self.played / self.seconds:.0f} games/s); next: deckhand report {self.folder}"
        )
        return lines


def summarise_run(
    folder: str | Path, config: RunConfig, seconds: float, jobs: int = 1, backend: str = "loky"
) -> RunSummary:
    """The summary of a run folder just played with `config` in `seconds`, by `jobs` workers
    of `backend`: its games and their median turns (from the games parts), its manifest's
    stop record, warnings and the games this call played."""
    folder = Path(folder)
    figures = (
        pl.scan_parquet(part_files(folder, "games"))
        .select(pl.len().alias("n"), pl.col("turns").median().alias("turns"))
        .collect()
        .row(0, named=True)
    )
    manifest = load_manifest(folder)
    return RunSummary(
        folder=folder,
        games=int(figures["n"]),
        median_turns=float(figures["turns"]),
        most=config.games,
        until_ci=config.until_ci,
        stop=manifest.get("stop") or {},
        warnings=tuple(manifest.get("warnings", [])),
        played=int(manifest["played_now"]),
        seconds=seconds,
        jobs=jobs,
        backend=backend,
        engine=manifest.get("engine") or {},
    )


def simulate(
    config: RunConfig,
    out: str | Path,
    jobs: int = 1,
    backend: str = "loky",
    overwrite: bool = False,
    progress: bool = True,
    address: str | None = None,
    engine: str = "auto",
) -> RunSummary:
    """Play (or resume) the run into `out` (runner.run_simulation) and summarise it, timed
    from the start of the call."""
    start = time.perf_counter()
    folder = run_simulation(
        config,
        out,
        jobs=jobs,
        backend=backend,
        overwrite=overwrite,
        progress=progress,
        address=address,
        engine=engine,
    )
    summary = summarise_run(folder, config, 0.0, jobs, backend)
    return replace(summary, seconds=time.perf_counter() - start)  # the reading included


def interrupted_line(out: str | Path, games: int) -> str:
    """What an interrupted `deckhand simulate` says: the games its folder keeps (whole
    chunks only) out of `games`, and how to resume."""
    kept = games_in(Path(out))
    return (
        f"\ninterrupted: {kept:,} of {games:,} games are kept in {out} (whole chunks only); run "
        "the same command again to resume"
    )
