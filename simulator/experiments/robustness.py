"""Verdicts across strategies: the same game and mix under several strategy pools, and each
card's verdict under each (`deckhand robustness`).

A card's verdict in one run is the run's own verdict for it (`verdict` in cards.parquet: the
card against its peers on the measure its game declares, Import/Export owning the power;
docs/metrics.md, "Verdicts"): `over` or `under` when its BH q < 0.05, `balanced` ("in line")
otherwise, `no figure` below the minimum sample or without peers. Runs summarised before
verdicts existed use the adjusted contribution of owning the power instead. Across the pools
a card is

- `flips`: over under one pool and under under another;
- `disagrees`: flagged under some pools, balanced (or without a figure) under others;
- `robust over` / `robust under`: the same flag under every pool;
- `balanced`: balanced under every pool;
- `incomplete`: without a figure (too few games with the card) under some pool, and no flip;
- `no figure` under every pool.

The random pool is a floor, not a judge: random bots use no power well, so under them nearly
every card is balanced, and counting it would leave no card robust. The classes are taken over
the other pools (the bots that play), and the floor's verdict is told apart (`floor`): a card
robustly over that is over with random bots too `holds` down to random play; one balanced
there `rewards skill` (strong in the hands of bots that use it); `reverses` where the floor
says the opposite.

Flips and disagreements come first: there the bots, not the card, may be speaking (a card
the heuristic plays badly looks weak under it and not under the tuned bots). Each pool is an
ordinary run folder (OUT/POOL), played with the same seed, so the deals are the same.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl

from simulator.catalog import get_game
from simulator.core.errors import ConfigError, RunFolderError
from simulator.runs.config import RunConfig, RunOptions
from simulator.runs.experiment import owner_event
from simulator.runs.run_folder import SUMMARY_FILE
from simulator.runs.runner import run_simulation
from strategies.registry import BY_GAME, preset_names

ROBUSTNESS_FILE = "robustness.parquet"
PLAN_FILE = "robustness.json"
ORDER = ("flips", "disagrees", "robust over", "robust under", "balanced", "incomplete", "no figure")
KEPT = ("robust over", "robust under", "balanced")
"""The classes where a card keeps its verdict across pools."""


@dataclass(frozen=True)
class Pool:
    name: str
    strategies: tuple[str, ...]


def default_pools(game: str, players: int, sets: Sequence[str]) -> dict[str, tuple[str, ...]]:
    """default (the heuristic in every seat), mix (the archetypes, one per seat), tuned (the
    shipped preset for these sets and players, when there is one) and random (the floor)."""

    names = [n for n in BY_GAME.get(game, {}) if n != "heuristic"]
    out: dict[str, tuple[str, ...]] = {"default": ("heuristic",)}
    if names:
        mix = ["heuristic", *names]
        out["mix"] = tuple(mix[s % len(mix)] for s in range(players))
    label = "all" if len(sets) > 1 else (sets[0] if sets else "base")
    wanted = f"tuned-{label}-{players}p"
    presets = [p for p in preset_names(game) if p.split("@")[1] == wanted]
    if not presets:
        presets = [p for p in preset_names(game) if p.split("@")[1].startswith(f"tuned-{label}")]
    if presets:
        out["tuned"] = (presets[0],)
    out["random"] = ("random",)
    return out


def parse_pools(game: str, players: int, sets: Sequence[str], texts: Sequence[str]) -> list[Pool]:
    """`--pool NAME` (a default pool) or `--pool NAME=S1+S2+...` (one strategy for every seat
    or one per seat). Errors name --pool and the accepted names."""
    defaults = default_pools(game, players, sets)
    if not texts:
        texts = list(defaults)
    pools = []
    for text in texts:
        name, sep, rest = text.partition("=")
        name = name.strip()
        if sep:
            strategies = tuple(s.strip() for s in rest.split("+") if s.strip())
            if not name or not strategies:
                raise ConfigError(f"--pool '{text}': expected NAME or NAME=STRATEGY+STRATEGY...")
        elif name in defaults:
            strategies = defaults[name]
        else:
            raise ConfigError(
                f"--pool: unknown pool '{name}' for {game} at {players} players; accepted: "
                f"{', '.join(defaults)}, or NAME=STRATEGY+STRATEGY..."
            )
        if any(p.name == name for p in pools):
            raise ConfigError(f"--pool: '{name}' is given twice")
        pools.append(Pool(name, strategies))
    if len(pools) < 2:
        raise ConfigError("--pool: give at least two pools to compare verdicts across")
    return pools


def plan_robustness(
    options: RunOptions, pools: Sequence[Pool], out: str | Path
) -> list[tuple[Pool, RunConfig, Path]]:
    """A validated run config and folder per pool (OUT/POOL): `options` with the pool's
    strategies."""
    out = Path(out)
    return [
        (pool, options.but(strategies=pool.strategies).config(), out / pool.name) for pool in pools
    ]


def run_robustness(
    plans: Sequence[tuple[Pool, RunConfig, Path]],
    out: str | Path,
    jobs: int = 1,
    backend: str = "loky",
    overwrite: bool = False,
    progress: bool = True,
) -> Path:
    """Play (or resume) every pool's run, then write OUT/robustness.parquet."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    for _, config, folder in plans:
        run_simulation(
            config, folder, jobs=jobs, backend=backend, overwrite=overwrite, progress=progress
        )
    meta = {
        "game": plans[0][1].game.game,
        "pools": [
            {"name": p.name, "strategies": list(p.strategies), "folder": f.name}
            for p, _, f in plans
        ],
        "games": plans[0][1].games,
        "seed": plans[0][1].seed,
    }
    (out / PLAN_FILE).write_text(json.dumps(meta, indent=2) + "\n")
    table = verdicts(out)
    table.write_parquet(out / ROBUSTNESS_FILE)
    return out


def _verdict(row: dict[str, Any], prefix: str) -> str:
    if row.get(f"{prefix}pp") is None:
        return "no figure"
    flag = row.get("verdict") if prefix == "verdict_" else row.get(f"{prefix}flag")
    return flag if flag in ("over", "under") else "balanced"


FLOOR_NOTES = ("holds", "rewards skill", "reverses", "no figure")
"""What the floor pool says of a robustly flagged card (module doc)."""


def is_floor(strategies: Sequence[str]) -> bool:
    """A pool of random bots only: the floor of bot quality."""
    return all(s.partition(":")[0].partition("@")[0] == "random" for s in strategies)


def classify_pools(by_pool: dict[str, str], floors: set[str]) -> tuple[str, str | None]:
    """The class of a card over the pools that are not floors (all of them when every pool
    is one), and for a robust flag what the floor says of it (FLOOR_NOTES), else None."""
    judges = [v for name, v in by_pool.items() if name not in floors] or list(by_pool.values())
    kind = classify(judges)
    if kind not in ("robust over", "robust under") or not floors & set(by_pool):
        return kind, None
    flag = kind.removeprefix("robust ")
    floor = [by_pool[name] for name in by_pool if name in floors]
    if "no figure" in floor:
        return kind, "no figure"
    if all(v == flag for v in floor):
        return kind, "holds"
    if any(v in ("over", "under") and v != flag for v in floor):
        return kind, "reverses"
    return kind, "rewards skill"


def classify(verdicts: Sequence[str]) -> str:
    """The class of a card from its verdict under each pool (module doc)."""
    flags = set(verdicts)
    if flags == {"no figure"}:
        return "no figure"
    if {"over", "under"} <= flags:
        return "flips"
    if "no figure" in flags:
        return "incomplete"
    if flags == {"over"}:
        return "robust over"
    if flags == {"under"}:
        return "robust under"
    if flags == {"balanced"}:
        return "balanced"
    return "disagrees"


def verdicts(folder: str | Path) -> pl.DataFrame:
    """One row per card: its figure and verdict under each pool, and its class; flips and
    disagreements first."""
    folder = Path(folder)
    path = folder / PLAN_FILE
    if not path.exists():
        raise RunFolderError(
            f"{folder}: no {PLAN_FILE}; is this a folder made by deckhand robustness?"
        )
    meta = json.loads(path.read_text())
    spec = get_game(meta["game"])
    event = owner_event(spec)
    fallback = "adj_" if event in spec.seen_events else f"adj_{event}_"
    merged: pl.DataFrame | None = None
    names = []
    for pool in meta["pools"]:
        summary = folder / pool["folder"] / SUMMARY_FILE
        if not summary.exists():
            raise RunFolderError(f"{summary.parent}: no {SUMMARY_FILE}; the run did not finish")
        cards = pl.read_parquet(summary)
        prefix = fallback
        if "in_game" in cards.columns:  # the sheet's other sets are not in play here
            cards = cards.filter(pl.col("in_game"))
        if "verdict" in cards.columns:  # the card's verdict against its peers (metrics.py)
            prefix = "verdict_"
        if f"{prefix}pp" not in cards.columns:
            raise RunFolderError(
                f"{summary}: no adjusted figures ({prefix}pp); play the run again with this "
                "Deckhand"
            )
        name = pool["name"]
        names.append(name)
        rows = [
            {
                "card": r["name"],
                f"{name}_pp": r.get(f"{prefix}pp"),
                f"{name}_lo": r.get(f"{prefix}lo"),
                f"{name}_hi": r.get(f"{prefix}hi"),
                f"{name}_q": r.get(f"{prefix}q"),
                f"{name}_verdict": _verdict(r, prefix),
            }
            for r in cards.iter_rows(named=True)
        ]
        frame = pl.DataFrame(rows).unique("card", keep="first", maintain_order=True)
        merged = (
            frame if merged is None else merged.join(frame, on="card", how="full", coalesce=True)
        )
    assert merged is not None
    merged = merged.with_columns([pl.col(f"{n}_verdict").fill_null("no figure") for n in names])
    floors = {pool["name"] for pool in meta["pools"] if is_floor(pool["strategies"])}
    judged = [
        classify_pools({n: r[f"{n}_verdict"] for n in names}, floors)
        for r in merged.iter_rows(named=True)
    ]
    merged = merged.with_columns(
        pl.Series("class", [c for c, _ in judged]),
        pl.Series("floor", [f for _, f in judged], dtype=pl.String),
    )
    rank = {c: i for i, c in enumerate(ORDER)}
    merged = merged.with_columns(
        pl.col("class").replace_strict(rank, return_dtype=pl.Int32).alias("_order")
    )
    merged = merged.sort("_order", "card").drop("_order")
    return merged.select(
        [
            "card",
            "class",
            "floor",
            *(c for c in merged.columns if c not in ("card", "class", "floor")),
        ]
    )


def counts(table: pl.DataFrame) -> dict[str, int]:
    """Cards per class, and how many keep their verdict across the pools."""
    out = {c: int((table["class"] == c).sum()) for c in ORDER}
    out["kept"] = sum(out[c] for c in KEPT)
    out["cards"] = table.height
    return out
