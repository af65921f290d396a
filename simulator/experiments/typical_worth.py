"""What `deckhand balance` aims at: the card's power worth what the typical power of its kind
is worth, on the causal, paired measure (issue 46).

The measure at a value v of the card's number is

    m(v) = [worth of the power at the printed value less the typical power's worth]
           + [the owner's win rate at v less at the printed value]

in points. The first term comes from an ablation of the same game, mix, bots and sheet (the
card's `vs_typical`, analysis/power_worth.py: the typical power's uncertainty and its
covariance with the card's worth included), found under `--evidence` or played by the
balance itself into OUT/ablation and reused from there. The second is the sweep's effect of
the number on the same deals (common random numbers), 0 at the printed value. m is 0 where the
power is worth what the typical power of its kind is worth.

The effect of the number is paired: game i of every value's run is the same deal, so its
variance is cluster-robust over games (as an ablation's over deals), much narrower than two
independent win rates'. The slope b is the weighted line through the origin of the effects
against x - printed; the measure's line is m(x) = vs + b (x - printed), and Fieller's interval
for its zero counts both the slope's variance and the reference's (the reference shifts every
value alike, so it is not averaged away over values).

Games without a per-card power switch (travel) have no ablation: their balance keeps the
card against its typical peer on the run's declared measure (PeerMeasure), and says so.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from simulator.analysis.evidence import (
    ABLATION,
    discover,
    read_ablation,
    same_card_setup,
    setup_key,
)
from simulator.analysis.metrics import SUMMARY_FILE
from simulator.analysis.power_worth import is_power_table
from simulator.analysis.stats import Z95
from simulator.analysis.verdicts import decide
from simulator.catalog import get_game
from simulator.core.cards import load_card_sheet
from simulator.core.errors import ConfigError
from simulator.experiments.ablation import make_plan, ratio_difference, run_ablation
from simulator.folders.config import RunOptions
from simulator.folders.run_folder import BALANCE_ABLATION, load_manifest, read_players
from simulator.runs.sweep import (
    BalanceFit,
    SweepPoint,
    fieller,
    fit_points,
    owner_event,
)

REFERENCE_FOLDER = BALANCE_ABLATION
"""Where a balance plays its own ablation (OUT/ablation), found there again next time."""


@dataclass(frozen=True)
class TypicalReference:
    """The card at its printed value against the typical power of its kind, from an
    ablation (points)."""

    folder: str
    vs_typical: float
    se: float
    worth: float
    worth_lo: float
    worth_hi: float
    typical: float
    typical_se: float
    peers: int
    kind: str
    games: int
    design: str
    played: bool
    """True when this balance played the ablation (OUT/ablation)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "measure": "worth against the typical power",
            "folder": self.folder,
            "vs_typical": round(self.vs_typical, 4),
            "lo": round(self.vs_typical - Z95 * self.se, 4),
            "hi": round(self.vs_typical + Z95 * self.se, 4),
            "se": round(self.se, 4),
            "worth": round(self.worth, 4),
            "worth_lo": round(self.worth_lo, 4),
            "worth_hi": round(self.worth_hi, 4),
            "typical": round(self.typical, 4),
            "typical_se": round(self.typical_se, 4),
            "typical_peers": self.peers,
            "kind": self.kind,
            "games": self.games,
            "design": self.design,
            "played_by_balance": self.played,
        }


def reference_from_json(data: dict[str, Any]) -> TypicalReference | None:
    """balance.json's `reference` back (None: the balance used the peer measure)."""
    if data.get("measure") != "worth against the typical power":
        return None
    return TypicalReference(
        folder=str(data["folder"]),
        vs_typical=float(data["vs_typical"]),
        se=float(data["se"]),
        worth=float(data["worth"]),
        worth_lo=float(data["worth_lo"]),
        worth_hi=float(data["worth_hi"]),
        typical=float(data["typical"]),
        typical_se=float(data["typical_se"]),
        peers=int(data["typical_peers"]),
        kind=str(data["kind"]),
        games=int(data["games"]),
        design=str(data["design"]),
        played=bool(data["played_by_balance"]),
    )


def has_power_switch(game: str) -> bool:
    """Whether the game can play a card with its power off (an ablation)."""
    spec = get_game(game)
    return spec.power_switch is not None and spec.build_with_sheet is not None


def _seats(strategies: Sequence[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(strategies))


def find_reference(
    options: RunOptions, card: str, places: Sequence[Path], tolerance: float
) -> TypicalReference | None:
    """The ablation with the most games, at or under `places`, played with the options' game,
    players, sets, variants and rules, the same bots, and the card as the options' sheet
    prints it, that has the card against the typical power; None when there is none."""
    config = options.config()
    game_json = config.game.to_json()
    key = setup_key(game_json)
    spec = get_game(options.game)
    sheet = Path(options.card_sheet or spec.card_sheet)
    row = next(
        r.values
        for r in load_card_sheet(sheet, spec.card_schema).rows
        if str(r.values["name"]).casefold() == card.casefold()
    )
    found: list[TypicalReference] = []
    for kind, folder in discover([p for p in places if Path(p).is_dir()]):
        if kind != ABLATION:
            continue
        meta, table = read_ablation(folder, tolerance)
        game = meta.get("game")
        if not is_power_table(table) or not game or meta.get("design") == "param":
            continue
        theirs = Path(game.get("card_sheet") or spec.card_sheet)
        same, _ = same_card_setup(game, key, theirs, row)
        if not same or _seats(meta.get("strategies") or ()) != _seats(config.strategies):
            continue
        match = table.filter(table["card"].str.to_lowercase() == card.casefold())
        if not match.height or match["vs_typical"][0] is None:
            continue
        r = match.row(0, named=True)
        found.append(
            TypicalReference(
                folder=str(folder),
                vs_typical=float(r["vs_typical"]),
                se=float(r["vs_typical_se"]),
                worth=float(r["worth"]),
                worth_lo=float(r["worth_lo"]),
                worth_hi=float(r["worth_hi"]),
                typical=float(r["typical"]),
                typical_se=float(r["typical_se"]),
                peers=int(r["typical_peers"]),
                kind=str(r.get("kind") or ""),
                games=int(meta.get("games_played") or 0),
                design=str(meta.get("design") or "factorial"),
                played=False,
            )
        )
    return max(found, key=lambda f: f.games) if found else None


def play_reference(
    options: RunOptions,
    out: Path,
    games: int,
    jobs: int,
    backend: str,
    progress: bool,
    tolerance: float,
) -> Path:
    """Play the ablation a balance needs: every power in play switched at random (the
    factorial design, one run measures them all), the options' game and bots and seed, into
    OUT/ablation; the same call resumes or reuses it."""
    config = options.config()
    plan = make_plan(
        config.game,
        config.strategies,
        cards="all",
        design="factorial",
        deals=games,
        seed=options.seed,
    )
    folder = out / REFERENCE_FOLDER
    run_ablation(plan, folder, jobs=jobs, backend=backend, progress=progress, tolerance=tolerance)
    return folder


def reference_for(
    options: RunOptions,
    card: str,
    out: Path,
    evidence: Sequence[Path],
    games: int,
    jobs: int,
    backend: str,
    progress: bool,
    tolerance: float,
) -> TypicalReference:
    """The reference from `--evidence` (or an earlier balance's OUT/ablation), else from an
    ablation of `games` games played now; an error names what to do when even that one cannot
    give the card a figure (owned too rarely)."""
    found = find_reference(options, card, [*evidence, out / REFERENCE_FOLDER], tolerance)
    if found is not None:
        return replace(found, played=Path(found.folder) == out / REFERENCE_FOLDER)
    folder = play_reference(options, out, games, jobs, backend, progress, tolerance)
    found = find_reference(options, card, [folder], tolerance)
    if found is None:
        raise ConfigError(
            f"--reference-games: the ablation in {folder} ({games:,} games) gives {card} no "
            "figure against the typical power of its kind (its power was owned too rarely); "
            "give a larger --reference-games, or --evidence an ablation with more games"
        )
    return replace(found, played=True)


class PeerMeasure:
    """The sweep's own measure: the card against its typical peer on the run's declared
    measure (games without a power switch)."""

    name = "the card against the typical card of its kind (the run's measure, adjusted)"
    reference: TypicalReference | None = None
    paired = False
    """Whether a value's figure needs the printed value's games of the same deals."""

    def judge(
        self, points: Sequence[SweepPoint], printed: float, tolerance: float
    ) -> list[SweepPoint]:
        return list(points)

    def fit(self, points: Sequence[SweepPoint], printed: float) -> BalanceFit | None:
        return fit_points(points)


def owner_rows(run: Path, card: str, games: int) -> tuple[list[int], list[bool]]:
    """The player-games of a value's first `games` games in which the player owned the
    card's power (its game's owner event, sweep.owner_event): their game ids and wins."""
    spec = get_game(load_manifest(run)["config"]["game"]["game"])
    cards = pl.read_parquet(run / SUMMARY_FILE)
    ids = cards.filter(pl.col("name") == card)["card_ids"].explode().to_list()
    event = owner_event(spec)
    columns = list(spec.seen_events) if event == "gih" else [event]
    players = read_players(run)
    owned = pl.any_horizontal(
        [pl.col(c).list.eval(pl.element().is_in(ids)).list.any() for c in columns]
    )
    rows = players.filter(owned & (pl.col("game_id") < games)).select("game_id", "win")
    return rows["game_id"].to_list(), rows["win"].to_list()


class WorthMeasure:
    """The causal measure of the module doc: the power's worth at a value less the typical
    power's worth."""

    name = "the power's worth to its owner less the typical power's worth (paired: same deals)"
    paired = True

    def __init__(self, reference: TypicalReference, card: str) -> None:
        self.reference, self.card = reference, card
        self._effects: dict[tuple[Path, int, Path, int], tuple[float, float]] = {}

    def paired_effect(self, p: SweepPoint, base: SweepPoint) -> tuple[float, float]:
        """The owner's win rate at p's value less at the printed value (points) and its
        standard error, cluster-robust over games: game i is the same deal in every value's
        run (common random numbers), so the two arms of a game are correlated, as the rows
        of an ablation's deal are (ablation.ratio_difference)."""
        key = (p.folder, p.games, base.folder, base.games)
        if key not in self._effects:
            common = min(p.games, base.games)  # the twin deals: game i is deal i in both
            games_on, wins_on = owner_rows(p.folder, self.card, common)
            games_off, wins_off = owner_rows(base.folder, self.card, common)
            worth = ratio_difference(
                np.array(games_on + games_off),
                np.array(wins_on + wins_off, dtype=float),
                np.array([True] * len(games_on) + [False] * len(games_off)),
            )
            self._effects[key] = (100 * worth.diff, 100 * worth.se)
        return self._effects[key]

    def judge(
        self, points: Sequence[SweepPoint], printed: float, tolerance: float
    ) -> list[SweepPoint]:
        """The sweep's points with their effect of the number made paired, and their measure
        and verdict the causal ones: m(v) = vs_typical + effect(v)."""
        base = next((p for p in points if float(p.value) == float(printed)), None)
        return [self._point(p, base, printed, tolerance) for p in points]

    def _point(
        self, p: SweepPoint, base: SweepPoint | None, printed: float, tolerance: float
    ) -> SweepPoint:
        ref = self.reference
        if float(p.value) == float(printed):
            effect, effect_se = 0.0, 0.0
        elif base is None:
            effect, effect_se = math.nan, math.nan
        else:
            effect, effect_se = self.paired_effect(p, base)
        if not (math.isfinite(effect) and math.isfinite(effect_se)) or (
            effect_se == 0 and float(p.value) != float(printed)
        ):
            return replace(p, verdict=None, judged=None, verdict_pp=math.nan)
        m = ref.vs_typical + effect
        se = math.sqrt(ref.se**2 + effect_se**2)
        lo, hi = m - Z95 * se, m + Z95 * se
        judged = decide(m, lo, hi, tolerance, games=p.games)  # games_to_decide: the confirm step
        return replace(
            p,
            verdict=judged.verdict,
            judged=judged,
            verdict_pp=m / 100,
            verdict_lo=lo / 100,
            verdict_hi=hi / 100,
            effect=effect,
            effect_lo=effect - Z95 * effect_se,
            effect_hi=effect + Z95 * effect_se,
            reference=f"the typical power of {ref.kind}" if ref.kind else "the typical power",
            verdict_note=None,
        )

    def fit(self, points: Sequence[SweepPoint], printed: float) -> BalanceFit | None:
        """The measure's line vs + b (x - printed) (module doc): b is the weighted slope
        through the origin of the paired effects (weights 1/se^2) against x - printed, and
        Fieller's interval for the line's zero counts b's variance and the reference's."""
        data = [
            (float(p.value) - printed, p.effect, (p.effect_hi - p.effect_lo) / (2 * Z95))
            for p in points
            if float(p.value) != printed and math.isfinite(p.effect)
        ]
        data = [(d, e, s) for d, e, s in data if s > 0 and math.isfinite(s)]
        sxx = sum(d * d / (s * s) for d, _, s in data)
        if not data or sxx <= 0:
            return None
        b = sum(d * e / (s * s) for d, e, s in data) / sxx
        vb = 1.0 / sxx
        ref = self.reference
        return fieller(
            ref.vs_typical - b * printed, b, ref.se**2 + printed**2 * vb, -printed * vb, vb
        )


Measure = PeerMeasure | WorthMeasure


def measure_for(reference: TypicalReference | None, card: str) -> Measure:
    """The causal measure where there is a reference, else the run's peer measure."""
    return WorthMeasure(reference, card) if reference is not None else PeerMeasure()
