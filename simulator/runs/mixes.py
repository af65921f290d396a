"""A grid of expansion mixes: one ordinary run folder per mix, then a comparison.

A mix is sets joined by `+` (`base`, `base+kickstarter`, `base+j+flag`, `all`); a name that
is one of the game's variants (Import/Export: `market`) switches that variant on for the mix.
In a game whose base is always played (travel), `base` is implicit: `base+events` plays the
events module. Every mix is validated before any game is played, and an error names the mix.
Each run is a normal `deckhand simulate` run folder (OUT/<mix>), so an interrupted grid
resumes where it stopped when the same command is run again.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from simulator.catalog import get_game
from simulator.core.errors import ConfigError, DeckhandError
from simulator.core.spec import GameSpec
from simulator.folders.config import RunConfig, RunOptions
from simulator.runs.runner import run_simulation


@dataclass(frozen=True)
class Mix:
    """One mix of the grid: its text, its run config and its run folder."""

    text: str
    config: RunConfig
    folder: Path


def parse_mix(spec: GameSpec, text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(modules, variants) of a mix text such as 'base+kickstarter+market'."""
    parts = [p.strip() for p in text.split("+")]
    if not text.strip() or any(not p for p in parts):
        raise ConfigError(
            f"--mix '{text}': write sets joined by '+', e.g. base+kickstarter "
            "(see `deckhand games`)"
        )
    variants = spec.names_of_kind("variant")
    modules: list[str] = []
    chosen: list[str] = []
    for p in parts:
        if p in variants:
            chosen.append(p)
        elif p == "base" and "base" not in spec.module_names:
            continue  # this game always plays its base game
        else:
            modules.append(p)
    return tuple(modules), tuple(chosen)


def folder_name(text: str) -> str:
    """A file-system-safe folder name for a mix ('base+kickstarter' stays as it is)."""
    return re.sub(r"[^A-Za-z0-9_+.=-]", "_", text.strip()) or "mix"


def plan_mixes(options: RunOptions, mixes: Sequence[str], out: str | Path) -> list[Mix]:
    """Validate every mix into a run config: `options` with the mix's sets and variants
    (the same seed and everything else for all); errors name the mix. Nothing is written."""
    spec = get_game(options.game)
    if len(mixes) < 2:
        raise ConfigError("--mix: give at least two mixes to compare, e.g. --mix base --mix all")
    plans: list[Mix] = []
    names: dict[str, str] = {}
    configs: dict[tuple[Any, ...], str] = {}
    for text in mixes:
        modules, mix_variants = parse_mix(spec, text)
        try:
            variants = tuple(dict.fromkeys([*options.variants, *mix_variants]))
            config = options.but(modules=tuple(modules), variants=variants).config()
        except DeckhandError as exc:
            message = str(exc)
            for option in ("--modules: ", "--sets: ", "--variant: "):
                message = message.removeprefix(option)  # the mix stands for these options
            raise ConfigError(f"--mix '{text}': {message}") from None
        key = (config.game.modules,)
        if key in configs:
            raise ConfigError(
                f"--mix '{text}' plays the same sets as --mix '{configs[key]}'; give each mix once"
            )
        configs[key] = text
        name = folder_name(text)
        if name in names:
            raise ConfigError(f"--mix '{text}' and '{names[name]}' would share a run folder")
        names[name] = text
        plans.append(Mix(text, config, Path(out) / name))
    return plans


def run_mixes(
    plans: Sequence[Mix],
    jobs: int = 1,
    backend: str = "loky",
    overwrite: bool = False,
    progress: bool = True,
    engine: str = "auto",
) -> list[Path]:
    """Play every mix into its run folder (resuming a folder that holds the same run)."""
    folders = []
    for mix in plans:
        folders.append(
            run_simulation(
                mix.config,
                mix.folder,
                jobs=jobs,
                backend=backend,
                overwrite=overwrite,
                progress=progress,
                engine=engine,
            )
        )
    return folders
