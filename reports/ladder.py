"""The skill ladder's report (`deckhand ladder`): which cards gain, keep or lose value as the
players get better, one small plot per flagged card, and whether the ladder rises at all."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from reports import plots
from reports.experiment_page import details, page, points
from reports.headline import Finding, findings_table
from reports.markup import DASH, Html, engine_text, esc, figure, table, write_page
from simulator.analysis.verdicts import UNCLEAR
from simulator.experiments.ladder import (
    HOLDS,
    NO_FIGURE,
    PUNISHES,
    REWARDS,
    focus_deals_to_decide,
    load_focus,
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


def _rung_plots(cards: Any, rungs: list[str], tol: float, title: str, caption: str) -> str:
    """One small plot per card (at most PLOTS_SHOWN): its figure with its interval at each
    rung, against the tolerance band."""
    return "".join(
        figure(
            plots.rung_figures(
                rungs,
                [r[n] for n in rungs],
                [r[f"{n}_lo"] for n in rungs],
                [r[f"{n}_hi"] for n in rungs],
                tol,
                f"{r['card']} ({r['class']}){title}",
            ),
            f"{r['card']}{caption}",
        )
        for r in cards.head(PLOTS_SHOWN).iter_rows(named=True)
    )


def build_ladder_report(folder: str | Path, out: str | Path | None = None) -> Path:
    """Write the report of a ladder folder (default <folder>/ladder.html)."""
    folder = Path(folder)
    meta, cards, steps = load_ladder(folder)
    rungs = [r["name"] for r in meta["rungs"] if r["name"] in cards.columns]  # played in full
    focused = load_focus(folder)
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
        *focus_findings(meta, focused, band, steps),
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
    pictures = _rung_plots(flagged, rungs, tol, "", " at each rung")
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
        f"{len(meta['rungs'])} rungs \u00b7 {meta['games']:,} games each \u00b7 "
        f"seed {meta['seed']} \u00b7 tolerance {band}",
        "<h2>Summary</h2>" + findings_table(findings, "ladder"),
        [
            ("flagged", "Flagged cards, rung by rung", Html(pictures or "<p>none</p>")),
            *(
                [("focused", "Dear rungs, flagged cards only", _focus_section(meta, focused, tol))]
                if focused is not None
                else []
            ),
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
                        *_focus_details(meta),
                        ("seed", str(meta["seed"])),
                        ("engine", _engines_text(Path(folder))),
                        ("tolerance", band),
                        ("folder", str(folder)),
                    ]
                ),
            ),
        ],
        f"Deckhand ladder report of {folder}.",
    )
    return write_page(Path(out) if out is not None else folder / LADDER_REPORT, text)


def _engines_text(folder: Path) -> str:
    """Which engine played each run of the ladder (its rungs' and steps' manifests), and
    why, each reason said once."""
    played: dict[str, list[str]] = {}
    for manifest in sorted(folder.glob("*/manifest.json")):
        engine = json.loads(manifest.read_text()).get("engine")
        played.setdefault(engine_text(engine), []).append(manifest.parent.name)
    if not played:
        return "no run played yet"
    return "; ".join(f"{', '.join(runs)}: {text}" for text, runs in played.items())


def focus_findings(meta: dict[str, Any], focused: Any, band: str, steps: Any) -> list[Finding]:
    """The summary's line on the dear rungs (none when every rung was played in full). A
    dear rung that does not beat the one below it says nothing about skill: said first."""
    if focused is None:
        return []
    spec = meta["focus"]
    low, top = spec["anchor"], spec["rungs"][-1]
    question = f"The dear rungs ({', '.join(spec['rungs'])})"
    flat = [s for s in steps.iter_rows(named=True) if s["upper"] in spec["not_rising"]]
    if flat:
        return [
            Finding(
                question,
                "not shown: "
                + "; ".join(f"{s['upper']} over {s['lower']}: {_share(s)}" for s in flat),
                f"a dear rung that does not beat the one below it says nothing about skill, so "
                f"the change of the {len(spec['chosen'])} focused cards from {low} to {top} is "
                "not read as a class (its table is below, for the record)",
                "warn",
            )
        ]
    counted = tally(focused)
    moved = [
        f"{r['card']} {r['class']} {points(r['change'], r['change_lo'], r['change_hi'])}"
        for r in focused.iter_rows(named=True)
        if r["class"] in (REWARDS, PUNISHES)
    ]
    left = f"; {len(spec['left_out'])} flagged cards left out" if spec["left_out"] else ""
    needed = focus_deals_to_decide(focused)
    more = (
        f"; about {needed:,} deals a rung would decide the unclear ones (a larger "
        "--focus-deals in the same folder plays only the new deals)"
        if needed
        else ""
    )
    return [
        Finding(
            question,
            "; ".join(moved) or f"{len(spec['chosen'])} cards judged, none shown to move",
            f"{counted[REWARDS]} reward skill, {counted[PUNISHES]} punish it, {counted[HOLDS]} "
            f"hold, {counted[UNCLEAR]} unclear, {counted[NO_FIGURE]} without a figure: the "
            f"change of each card's ablation effect from {low} to {top}, {spec['deals']:,} deals "
            f"a rung, at {band}{left}{more}",
            "warn" if moved else "info",
        )
    ]


def _focus_section(meta: dict[str, Any], focused: Any, tol: float) -> Html:
    """The focused cards' table and one plot each: their ablation effect at the anchor and
    at each dear rung."""
    spec = meta["focus"]
    low, top = spec["anchor"], spec["rungs"][-1]
    judged = [low, *spec["rungs"]]
    unread = " (not read: a dear rung does not rise)" if spec["not_rising"] else ""
    body = [
        [
            r["card"],
            r["class"] + unread,
            points(r["change"], r["change_lo"], r["change_hi"]),
            *(points(r[n], r[f"{n}_lo"], r[f"{n}_hi"]) for n in judged),
        ]
        for r in focused.iter_rows(named=True)
    ]
    pictures = _rung_plots(
        focused, judged, tol, ": its power's effect", ": the ablation effect at each rung"
    )
    chosen = "named" if spec["cards"].strip().lower() != "flagged" else "flagged below"
    left = (
        f" Left out by --focus-most {spec['most']}: {', '.join(spec['left_out'])} (a larger "
        "--focus-most in the same folder plays only their games, the printed deals kept)."
        if spec["left_out"]
        else ""
    )
    notes = (
        f"The rungs from {spec['first']} up cost too much to play in full, so they judged only "
        f"the cards {chosen} ({len(spec['chosen'])}), by a paired ablation of each card's power "
        f"({spec['deals']:,} deals, each played with the power on and off) at {low} and at "
        f"each dear rung. A card's figure here is its power's effect on its owner's win share "
        f"(points, 95% interval), another measure than the cards table's (the card against its "
        f"peers); its class is the one verdict rule on the change from {low} to {top}, the "
        f"cards judged together. Each ablation is a folder (focus-RUNG) a card page finds as "
        f"evidence.{left}"
    )
    headers = ["card", "class", f"change {low} \u2192 {top}", *judged]
    return Html(table(headers, body, "ladder-focus", 2) + f"<p>{esc(notes)}</p>" + (pictures or ""))


def _focus_details(meta: dict[str, Any]) -> list[tuple[str, str]]:
    if "focus" not in meta:
        return []
    spec = meta["focus"]
    return [
        ("focused rungs", ", ".join(spec["rungs"])),
        ("focused cards", ", ".join(spec["chosen"]) or DASH),
        ("focused deals", f"{spec['deals']:,}"),
    ]


def report_ladder(folder: str | Path, tolerance: float) -> list[str]:
    """Write a ladder folder's report; return what `deckhand ladder` says after playing
    (`summary_lines`)."""
    return summary_lines(folder, build_ladder_report(folder), tolerance)


def summary_lines(folder: str | Path, report: str | Path, tolerance: float) -> list[str]:
    """The cards per class at `tolerance` and where the report is; for a focused ladder, the
    focused cards per class (unless a focused rung does not beat the one below it: then they
    say nothing about skill), the flagged cards `--focus-most` left out, and the deals a
    rung that would decide the unclear ones."""
    meta, cards, _ = load_ladder(folder)
    counted = tally(cards)
    lines = [
        f"{counted[REWARDS]} cards reward skill, {counted[PUNISHES]} punish it, "
        f"{counted[HOLDS]} hold, {counted[UNCLEAR]} unclear, {counted[NO_FIGURE]} without "
        f"a figure (tolerance \u00b1{tolerance:g} points); report written to {report}"
    ]
    focused = load_focus(folder)
    if focused is None:
        return lines
    judged = tally(focused)
    flat = meta["focus"]["not_rising"]
    lines.append(
        f"at the focused rungs, {focused.height} cards judged by ablation: "
        f"{judged[REWARDS]} reward skill, {judged[PUNISHES]} punish it, "
        f"{judged[HOLDS]} hold, {judged[UNCLEAR]} unclear, {judged[NO_FIGURE]} "
        "without a figure"
        + (
            f"; but {', '.join(flat)} does not beat the rung below it, so these say "
            "nothing about skill"
            if flat
            else ""
        )
    )
    left_out = meta["focus"]["left_out"]
    if left_out:
        lines.append(
            f"left out by --focus-most {meta['focus']['most']}: {', '.join(left_out)}; a larger "
            "--focus-most in the same --out plays only their games"
        )
    needed = focus_deals_to_decide(focused)
    if needed and not flat:
        lines.append(
            f"about {needed:,} deals a rung would decide the unclear ones: --focus-deals "
            f"{needed} in the same --out plays only the new deals"
        )
    return lines
