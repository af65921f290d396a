"""The skill ladder's report (`deckhand ladder`): which cards gain, keep or lose value as the
players get better, one small plot per flagged card, and whether the ladder rises at all."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from reports import plots
from reports.experiment_page import details, page, points
from reports.headline import Finding, findings_table
from reports.markup import DASH, Html, esc, figure, table, write_page
from simulator.analysis.verdicts import UNCLEAR
from simulator.experiments.ladder import (
    HOLDS,
    NO_FIGURE,
    PUNISHES,
    REWARDS,
    load_ladder,
    tally,
)

LADDER_REPORT = "ladder.html"
PLOTS_SHOWN = 24
"""Plots of flagged cards on the page at most (the table lists every card)."""


def _share(row: dict[str, Any]) -> str:
    if row["upper_share"] is None or math.isnan(row["upper_share"]):
        return DASH
    return (
        f"{100 * row['upper_share']:.1f}% [{100 * row['lo']:.1f}, {100 * row['hi']:.1f}] "
        f"(parity {100 * row['parity']:.0f}%)"
    )


def build_ladder_report(folder: str | Path, out: str | Path | None = None) -> Path:
    """Write the report of a ladder folder (default <folder>/ladder.html)."""
    folder = Path(folder)
    meta, cards, steps = load_ladder(folder)
    rungs = [r["name"] for r in meta["rungs"]]
    counted = tally(cards)
    tol = float(meta["tolerance"])
    band = f"\u00b1{tol:g} points"
    low, top = cards["from_rung"][0], cards["to_rung"][0]
    flat = [s for s in steps.iter_rows(named=True) if not s["rises"]]

    def listed(word: str) -> str:
        rows = cards.filter(cards["class"] == word).head(8).iter_rows(named=True)
        return "; ".join(
            f"{r['card']} {points(r['change'], r['change_lo'], r['change_hi'])}" for r in rows
        )

    needed = cards.filter(cards["class"] == UNCLEAR)["games_to_decide"].drop_nulls().to_list()
    deciding = ""
    if needed:
        half = sorted(needed)[len(needed) // 2]
        deciding = f"; half of them would be decided within about {half:,} games a rung"
    rule = f"the change from {low} to {top} up (q below 0.05 over the cards), not within {band}"
    findings = [
        Finding(
            "Cards whose value grows with skill",
            listed(REWARDS) or DASH,
            f"{counted[REWARDS]} cards: {rule}",
            "warn" if counted[REWARDS] else "ok",
        ),
        Finding(
            "Cards whose value falls with skill",
            listed(PUNISHES) or DASH,
            f"{counted[PUNISHES]} cards: {rule.replace(' up ', ' down ')}",
            "warn" if counted[PUNISHES] else "ok",
        ),
        Finding(
            "Cards that hold",
            str(counted[HOLDS]),
            f"{counted[HOLDS]} cards whose whole change interval lies within {band}",
            "ok",
        ),
        Finding(
            "Not decided",
            f"{counted[UNCLEAR]} unclear, {counted[NO_FIGURE]} without a figure",
            f"more games per rung would decide them{deciding}; unclear is not holds",
            "info",
        ),
        Finding(
            "Does the ladder rise?",
            "; ".join(
                f"{s['upper']} over {s['lower']}: {_share(s)}" for s in steps.iter_rows(named=True)
            )
            or DASH,
            "every rung beats the one below it"
            if not flat
            else "not shown for "
            + ", ".join(f"{s['upper']} over {s['lower']}" for s in flat)
            + ": a rung that is not stronger says nothing about skill",
            "ok" if not flat else "warn",
        ),
    ]
    headers = ["card", "class", f"change {low} \u2192 {top}", *rungs]
    body = []
    for r in cards.iter_rows(named=True):
        cells: list[object] = [
            r["card"],
            r["class"],
            points(r["change"], r["change_lo"], r["change_hi"]),
        ]
        cells += [points(r[n], r[f"{n}_lo"], r[f"{n}_hi"]) for n in rungs]
        body.append(cells)
    flagged = cards.filter(cards["class"].is_in([REWARDS, PUNISHES]))
    pictures = "".join(
        figure(
            plots.rung_figures(
                rungs,
                [r[n] for n in rungs],
                [r[f"{n}_lo"] for n in rungs],
                [r[f"{n}_hi"] for n in rungs],
                tol,
                f"{r['card']} ({r['class']})",
            ),
            f"{r['card']} at each rung",
        )
        for r in flagged.head(PLOTS_SHOWN).iter_rows(named=True)
    )
    strength = table(
        ["step", "games", "upper rung's share of the wins", "rises"],
        [
            [
                f"{s['upper']} over {s['lower']}",
                f"{s['games']:,}",
                _share(s),
                "yes" if s["rises"] else "not shown",
            ]
            for s in steps.iter_rows(named=True)
        ],
        "ladder-strength",
        1,
    )
    notes = (
        f"A card's figure at a rung is that run's verdict figure: the card against its peers on "
        f"the measure its game declares, in points, with its 95% interval (docs/metrics.md). Its "
        f"class judges the change from {low} (the lowest rung that plays; random bots are a "
        f"floor, shown but not judged) to {top} by the one verdict rule at {band}: rewards "
        "skill (the change up, with a BH q below 0.05 over all the cards, and its interval not "
        "wholly within the tolerance), punishes skill (down), holds (the whole interval inside), "
        "unclear otherwise. The change's interval "
        "treats the rungs as independent; they share their deals, so it is wider than it need "
        "be and errs towards unclear. The ladder's steps are head-to-head runs with duplicate "
        "deals and seats rotated, the upper rung in half the seats."
    )
    rungs_text = "; ".join(f"{r['name']} = {' + '.join(r['strategies'])}" for r in meta["rungs"])
    text = page(
        f"Skill ladder: {meta['game']}",
        f"{len(rungs)} rungs \u00b7 {meta['games']:,} games each \u00b7 seed {meta['seed']} "
        f"\u00b7 tolerance {band}",
        "<h2>Summary</h2>" + findings_table(findings, "ladder"),
        [
            ("flagged", "Flagged cards, rung by rung", Html(pictures or "<p>none</p>")),
            ("strength", "The ladder's own strength", Html(strength)),
            (
                "cards",
                "Cards",
                Html(table(headers, body, "ladder-table", 2) + f"<p>{esc(notes)}</p>"),
            ),
            (
                "run",
                "Run details",
                details(
                    [
                        ("rungs, lowest first", rungs_text),
                        ("games per run", f"{meta['games']:,}"),
                        ("seed", str(meta["seed"])),
                        ("tolerance", band),
                        ("folder", str(folder)),
                    ]
                ),
            ),
        ],
        f"Deckhand ladder report of {folder}.",
    )
    return write_page(Path(out) if out is not None else folder / LADDER_REPORT, text)
