"""A self-contained HTML report of a card-parameter sweep (`deckhand sweep`).

One page: the card as the sheet prints it, the card's contribution and its owner's win rate
against the parameter's value (with 95% intervals), the fitted break-even value with its
interval, and the table behind the figures. No scripts, no side files; every string from the
card sheet or the runs is escaped.
"""

from __future__ import annotations

import math
import statistics
from pathlib import Path

import matplotlib
from matplotlib.figure import Figure

from reports import plots
from reports.compare import EXTRA_CSS, fmt_p
from reports.headline import (
    CARD_EFFECT,
    HEADLINE_CSS,
    Finding,
    bullet_list,
    findings_table,
    measure_words,
    points,
    verdict_words,
)
from reports.markup import DASH, Html, esc, fmt_int, fmt_pct, fmt_pp, html_page, table, write_page
from simulator.analysis.planning import plan
from simulator.analysis.stats import Z95, wilson
from simulator.catalog import get_game
from simulator.core.errors import ConfigError
from simulator.core.spec import GameSpec
from simulator.runs.run_folder import load_manifest
from simulator.runs.sweep import SweepPoint, SweepSummary, sweep_summary

SWEEP_REPORT = "sweep.html"


def build_sweep_report(folder: str | Path, out: str | Path | None = None) -> Path:
    """Write the report of a finished sweep folder (default <folder>/sweep.html)."""
    summary = sweep_summary(folder)
    page = render(summary)
    path = Path(out) if out is not None else Path(folder) / SWEEP_REPORT
    return write_page(path, page)


def _num(v: float) -> str:
    return f"{v:.4g}"


def balance_text(s: SweepSummary) -> list[str]:
    """The sentences that name where the card is neither over- nor under-performing."""
    values = [p.value for p in s.points]
    tried = ", ".join(str(v) for v in values)
    by_status: dict[str, list[str]] = {}
    for p in s.points:
        by_status.setdefault(p.status, []).append(str(p.value))
    out = []
    balanced = by_status.get("balanced", [])
    if balanced:
        out.append(
            f"Neither over- nor under-performing (the 95% interval of its {s.metric} "
            f"contribution covers 0) at {s.key} = {', '.join(balanced)} of the values tried "
            f"({tried})."
        )
    else:
        out.append(
            f"At none of the values tried ({tried}) does the 95% interval of its {s.metric} "
            "contribution cover 0."
        )
    for status, words in (
        ("over", "Over-performing (interval above 0)"),
        ("under", "Under-performing (interval below 0)"),
    ):
        if by_status.get(status):
            out.append(f"{words} at {s.key} = {', '.join(by_status[status])}.")
    fit = s.fit
    if fit is None:
        out.append("Too few values with a figure to fit a line.")
    elif fit.bounded:
        lo_t, hi_t = min(values), max(values)
        inside_lo, inside_hi = max(fit.x0_lo, lo_t), min(fit.x0_hi, hi_t)
        text = (
            f"Fitted break-even: {s.key} = {_num(fit.x0)}, 95% interval [{_num(fit.x0_lo)}, "
            f"{_num(fit.x0_hi)}] (the values where the fitted line's 95% band covers 0; "
            f"slope {100 * fit.slope:+.3g} points per unit)."
        )
        if fit.x0_lo < lo_t or fit.x0_hi > hi_t:
            if inside_lo <= inside_hi:
                text += (
                    f" Within the tested range [{lo_t}, {hi_t}] that is [{_num(inside_lo)}, "
                    f"{_num(inside_hi)}]; beyond it the line is extrapolated."
                )
            else:
                text += f" That lies outside the tested range [{lo_t}, {hi_t}]: extrapolated."
        out.append(text)
    else:
        (_, _), (_, vb) = fit.cov
        out.append(
            f"The fitted slope ({100 * fit.slope:+.3g} \u00b1 {100 * 1.96 * math.sqrt(vb):.3g} "
            f"points per unit of {s.key}) is not clearly away from 0: over the values tried "
            "the contribution does not change detectably, so the fit names no break-even "
            "value. More games per value, or a wider range, would."
        )
    return out


def sweep_figure(s: SweepSummary) -> str:
    """Left: the contribution against the value, with the fitted line, its band and the
    break-even interval. Right: the owner's win rate against the value."""
    xs = [float(p.value) for p in s.points]
    with matplotlib.rc_context(plots.STYLE):
        fig = Figure(figsize=(10.0, 3.6))
        ax = fig.add_subplot(1, 2, 1)
        ys = [100 * p.contribution for p in s.points]
        err = [
            [100 * _gap(p.contribution, p.lo) for p in s.points],
            [100 * _gap(p.hi, p.contribution) for p in s.points],
        ]
        ax.errorbar(xs, ys, yerr=err, fmt="o", color=plots.BAR, capsize=4, zorder=3)
        ax.axhline(0, color="black", linewidth=1.0)
        span = max(xs) - min(xs) or 1.0
        left, right = min(xs) - 0.08 * span, max(xs) + 0.08 * span
        fit = s.fit
        if fit is not None:
            grid = [left + (right - left) * i / 60 for i in range(61)]
            pred = [fit.predict(x) for x in grid]
            ax.plot(grid, [100 * m for m, _ in pred], color=plots.AVERAGE, linewidth=1.0)
            ax.fill_between(
                grid,
                [100 * (m - 1.96 * e) for m, e in pred],
                [100 * (m + 1.96 * e) for m, e in pred],
                color=plots.AVERAGE,
                alpha=0.15,
                label="weighted fit, 95% band",
            )
            if fit.bounded:
                ax.axvspan(
                    max(fit.x0_lo, left),
                    min(fit.x0_hi, right),
                    color=plots.PALETTE[2],
                    alpha=0.15,
                    label=f"break-even {_num(fit.x0)} [{_num(fit.x0_lo)}, {_num(fit.x0_hi)}]",
                )
        if isinstance(s.original, int | float):
            ax.axvline(
                float(s.original),
                color=plots.REFERENCE,
                linestyle=":",
                linewidth=1.2,
                label=f"sheet value {s.original}",
            )
        ax.set_xlim(left, right)
        ax.set_xlabel(s.key)
        ax.set_ylabel(f"{s.metric} contribution (points)")
        ax.set_title(f"{s.card}: contribution (95% intervals)")
        ax.legend(fontsize=7, frameon=False, loc="best")
        ax2 = fig.add_subplot(1, 2, 2)
        rates, lows, highs = [], [], []
        for p in s.points:
            lo, hi = wilson(p.owner_wins, p.owner_n)
            rate = p.owner_wins / p.owner_n if p.owner_n else math.nan
            rates.append(100 * rate)
            lows.append(100 * _gap(rate, lo))
            highs.append(100 * _gap(hi, rate))
        ax2.errorbar(xs, rates, yerr=[lows, highs], fmt="o", color=plots.BAR, capsize=4, zorder=3)
        if s.players:
            ax2.axhline(
                100 / s.players,
                color=plots.REFERENCE,
                linestyle="--",
                linewidth=1.0,
                label=f"1/players = {100 / s.players:.1f}%",
            )
        ax2.set_xlim(left, right)
        ax2.set_xlabel(s.key)
        ax2.set_ylabel("win rate (%)")
        ax2.set_title(f"win rate of its owner ({_owner_words(s.owner_event)})")
        ax2.legend(fontsize=7, frameon=False, loc="best")
        return plots.figure_data_uri(fig)


def _owner_words(event: str) -> str:
    return "in hand" if event == "gih" else event


def _gap(a: float, b: float) -> float:
    if math.isnan(a) or math.isnan(b):
        return 0.0
    return max(0.0, a - b)


def render(s: SweepSummary) -> str:
    title = f"{s.card}: {s.key} swept over {', '.join(str(p.value) for p in s.points)}"
    row = s.sheet_row
    text = row.get("power") or row.get("text") or ""
    kind = row.get("color") or row.get("type") or ""
    where = row.get("set") or row.get("module") or ""
    params = row.get("params") or {}
    games = ", ".join(sorted({fmt_int(p.games) for p in s.points}))
    meta_rows: list[tuple[str, object]] = [
        ("Card", s.card),
        ("Type", f"{kind} ({where})" if where else kind),
        ("Power", text or DASH),
        ("Parameters in the sheet", ";".join(f"{k}={v}" for k, v in params.items()) or DASH),
        ("Swept", f"{s.key} (sheet value {s.original})"),
        ("Games per value", games),
        ("Players", str(s.players)),
        ("Seed", f"{_seeds(s)} for every value (common random numbers)"),
        ("Sweep folder", Html(f"<code>{esc(s.points[0].folder.parent)}</code>")),
    ]
    meta = "".join(
        f"<tr><th>{esc(k)}</th><td>{v if isinstance(v, Html) else esc(v)}</td></tr>"
        for k, v in meta_rows
    )
    findings = "".join(f"<li>{esc(t)}</li>" for t in balance_text(s))
    uri = sweep_figure(s)
    spec = get_game(s.game)
    headers = [
        s.key,
        "status",
        f"{s.metric} contribution [95% CI]",
        "q",
    ]
    if s.metric != "IWD":
        headers += ["IWD (raw) [95% CI]", "IWD q"]
    headers += [f"owner's win rate ({_owner_words(s.owner_event)}) [95% CI]"]
    if any(p.verdict for p in s.points):
        headers += ["verdict: against its peers [95% CI]", "verdict q"]
    headers += [
        "in hand (player-games)",
        "games",
        "mean turns",
        "average win rate",
        "run folder",
    ]
    body = []
    for p in s.points:
        value = f"{p.value} (sheet)" if p.value == s.original else str(p.value)
        cells: list[object] = [
            value,
            p.status,
            fmt_pp(p.contribution, p.lo, p.hi),
            fmt_p(p.q),
        ]
        if s.metric != "IWD":
            cells += [fmt_pp(p.iwd, p.iwd_lo, p.iwd_hi), fmt_p(p.iwd_q)]
        lo, hi = wilson(p.owner_wins, p.owner_n)
        owner = (
            Html(
                f"{esc(fmt_pct(p.owner_wins / p.owner_n, lo, hi))}"
                f'<span class="n">n={fmt_int(p.owner_n)}</span>'
            )
            if p.owner_n
            else DASH
        )
        cells.append(owner)
        if any(q.verdict for q in s.points):
            cells += [_verdict_cell(p), fmt_p(p.verdict_q)]
        cells += [
            fmt_int(p.in_hand),
            fmt_int(p.games),
            f"{p.mean_turns:.1f}",
            f"{100 * p.average:.1f}%",
            Html(f"<code>{esc(p.folder.name)}</code>"),
        ]
        body.append(cells)
    owned = (
        "fulfilled the card (owned its power)" if s.owner_event == "fulfilled" else "held the card"
    )
    notes = [
        f"Every value was played with the same seed, so the games deal the same cards and differ "
        f"only once {s.card}'s number matters (common random numbers): differences between "
        "values are due to the value, and the per-value intervals below are conservative for "
        "comparing values.",
        (
            "Contribution: the adjusted figure (logistic model controlling for turn order and "
            "strategy, in percentage points; docs/metrics.md)"
            if s.metric == "adjusted"
            else "Contribution: IWD = GIH WR \u2212 GNS WR (raw; the card summaries have no "
            "adjusted figure for this card at every value)"
        )
        + ", with its 95% interval. Status: over / under when the interval is above / below "
        "0, balanced when it covers 0.",
        "The break-even fit is a straight line through the contributions weighted by 1/se\u00b2; "
        "its interval (Fieller's) is the set of values where the line's 95% band covers 0. "
        "Read it together with the points: a curve that bends is not a line.",
        f"Owner's win rate: the win rate of the player-games in which the player {owned}, with "
        "a Wilson interval; it is biased toward strong players (see the run reports).",
    ]
    power = Html(f'<p class="sub"><b>{esc(s.card)}</b>: {esc(text)}</p>') if text else ""
    content = (
        f"<header><h1>{esc(title)}</h1>"
        f'<p class="runline">{esc(run_line(s, kind, where))}</p>{power}</header>'
        f"{summary_section(s, spec)}"
        f'<section id="findings"><h2>Where the card is balanced</h2><ul>{findings}</ul>'
        f'<figure><img src="{uri}" alt="{esc(s.card)} contribution and owner win rate against '
        f'{esc(s.key)}"></figure></section>'
        f'<section id="values"><h2>Per value</h2>{table(headers, body, "sweep-table", 1)}'
        + "".join(f"<p>{esc(t)}</p>" for t in notes)
        + "</section>"
        f'<section id="details"><h2>Card and sweep details</h2>'
        f'<table class="meta">{meta}</table></section>'
    )
    footer = f"Deckhand sweep report of {s.points[0].folder.parent}."
    return html_page(title, content, footer, EXTRA_CSS + HEADLINE_CSS)


def run_line(s: SweepSummary, kind: str, where: str) -> str:
    """The sweep in one line: game, card, values, games per value, players, seed."""
    games = sorted({p.games for p in s.points})
    parts = [
        s.game,
        f"{s.card} ({kind}, {where})" if where else f"{s.card} ({kind})",
        f"{s.key} = {', '.join(str(p.value) for p in s.points)} (sheet value {s.original})",
        (
            f"{games[0]:,} games per value"
            if len(games) == 1
            else "games " + ", ".join(map(str, games))
        ),
        f"{s.players} players",
        f"seed {_seeds(s)}",
    ]
    return " \u00b7 ".join(parts)


def _verdict_cell(p: SweepPoint) -> Html:
    words = verdict_words({"verdict": p.verdict, "verdict_peers": p.peers})
    figure = fmt_pp(p.verdict_pp, p.verdict_lo, p.verdict_hi)
    return Html(f'{esc(figure)}<span class="n">{esc(words)}</span>')


def summary_findings(s: SweepSummary, spec: GameSpec) -> list[Finding]:
    """The sweep's balance findings: the break-even, the contribution and the verdict per
    value, and the owner's win rate, each with intervals and words."""
    findings = []
    fit = s.fit
    if fit is not None and fit.bounded:
        findings.append(
            Finding(
                "Break-even",
                f"{s.key} = {_num(fit.x0)} [{_num(fit.x0_lo)}, {_num(fit.x0_hi)}] (weighted line "
                f"through the {s.metric} contribution, slope {100 * fit.slope:+.3g} points per "
                "unit)",
                f"balanced near {s.key} = {_num(fit.x0)}",
                "info",
            )
        )
    else:
        slope = "too few values with a figure to fit a line"
        if fit is not None:
            spread = 100 * Z95 * math.sqrt(fit.cov[1][1])
            slope = f"slope {100 * fit.slope:+.3g} \u00b1 {spread:.3g} points per unit of {s.key}"
        findings.append(
            Finding(
                "Break-even",
                slope,
                "the contribution does not change detectably over the values tried",
                "info",
            )
        )
    per_value = "; ".join(
        f"{p.value}: {fmt_pp(p.contribution, p.lo, p.hi)} {p.status}" for p in s.points
    )
    balanced = [str(p.value) for p in s.points if p.status == "balanced"]
    by_status: dict[str, list[str]] = {}
    for p in s.points:
        by_status.setdefault(p.status, []).append(str(p.value))
    words = {"balanced": "balanced", "over": "over-performing", "under": "under-performing"}
    verdict = "; ".join(
        f"{words.get(status, status)} at {s.key} = {', '.join(values)}"
        for status, values in by_status.items()
    )
    findings.append(
        Finding(
            f"{s.metric.capitalize() if s.metric == 'adjusted' else s.metric} contribution",
            per_value,
            verdict,
            "ok" if balanced else "warn",
        )
    )
    if any(p.verdict for p in s.points):
        measure = spec.measure_of(str(s.sheet_row.get(spec.card_group) or ""))
        label = measure_words(spec, str(s.sheet_row.get(spec.card_group) or ""), short=True)
        per_value = "; ".join(
            f"{p.value}: {fmt_pp(p.verdict_pp, p.verdict_lo, p.verdict_hi)}" for p in s.points
        )
        if all(math.isnan(p.verdict_pp) for p in s.points):
            event = spec.event_label(measure.event) if measure else "the event"
            per_value = (
                f"no figure: {event} in too few player-games (n = "
                + ", ".join(f"{p.verdict_n:,}" for p in s.points)
                + "; a figure needs 100 with and 100 with a peer's instead)"
            )
        said = [verdict_words({"verdict": p.verdict, "verdict_peers": p.peers}) for p in s.points]
        if len(set(said)) == 1:
            words = f"{said[0]} at every value"
        else:
            words = "; ".join(f"{p.value}: {w}" for p, w in zip(s.points, said, strict=True))
        flagged = any(p.verdict in ("over", "under") for p in s.points)
        rated = any(not math.isnan(p.verdict_pp) for p in s.points)
        findings.append(
            Finding(
                f"Against its peers ({label})" if measure else "Against its peers",
                per_value,
                words,
                "warn" if flagged else "ok" if rated else "info",
            )
        )
    rates = []
    for p in s.points:
        lo, hi = wilson(p.owner_wins, p.owner_n)
        rates.append(
            f"{p.value}: {fmt_pct(p.owner_wins / p.owner_n, lo, hi)}"
            if p.owner_n
            else f"{p.value}: {DASH}"
        )
    findings.append(
        Finding(
            f"Owner's win rate ({_owner_words(s.owner_event)})",
            "; ".join(rates),
            "raw: biased toward strong players, read it beside the contribution",
            "info",
        )
    )
    return findings


def can_tell(s: SweepSummary) -> list[str]:
    """The sweep's precision: the contribution's typical interval, and the games per value a
    2-point change between two values needs: planning.plan 'card' (the raw in-hand comparison)
    times the design effect of the adjusted figure (its interval's width over the raw IWD's,
    squared, median over the values), twice for a difference of two runs."""
    lines = []
    widths = [(p.hi - p.lo) / 2 for p in s.points if not math.isnan(p.contribution)]
    if widths:
        lines.append(
            f"Per value, the {s.metric} contribution is known to about "
            f"\u00b1{100 * statistics.median(widths):.1f} points (median half-width)."
        )
    players = s.players or 4
    games = min(p.games for p in s.points)
    exposure = statistics.median(
        [p.in_hand / (players * p.games) for p in s.points if p.games] or [0.5]
    )
    try:
        needed = plan(
            "card",
            CARD_EFFECT,
            players,
            baseline=min(max(statistics.median(p.average for p in s.points), 0.01), 0.97),
            exposure=min(max(exposure, 0.01), 0.99),
        )
    except ConfigError:
        return lines
    ratios = [
        ((p.hi - p.lo) / (p.iwd_hi - p.iwd_lo)) ** 2
        for p in s.points
        if not math.isnan(p.contribution) and not math.isnan(p.iwd) and p.iwd_hi > p.iwd_lo
    ]
    deff = statistics.median(ratios) if ratios and s.metric == "adjusted" else 1.0
    per_value = math.ceil(2 * needed.games * deff)
    if per_value <= games:
        lines.append(
            f"A {points(CARD_EFFECT)} change of the contribution between two values is "
            f"detectable with these games (about {per_value:,} per value would do)."
        )
    else:
        lines.append(
            f"A change smaller than {points(CARD_EFFECT)} between two values is not reliably "
            f"detectable: it needs about {per_value:,} games per value, {per_value - games:,} "
            "more (80% power, one test at 5%: twice deckhand plan -q card for a difference of "
            "two runs, corrected for the adjusted model)."
        )
    lines.append(
        "Every value shares the seed (common random numbers), so differences between values "
        "are sharper than the per-value intervals suggest."
    )
    return lines


def summary_section(s: SweepSummary, spec: GameSpec) -> Html:
    parts = [
        "<h2>Summary</h2>",
        findings_table(summary_findings(s, spec), "verdicts"),
        "<h3>What this sweep can and cannot tell</h3>",
        bullet_list(can_tell(s), "can-tell"),
    ]
    return Html(f'<section id="summary">{"".join(parts)}</section>')


def _seeds(s: SweepSummary) -> str:

    seeds = {load_manifest(p.folder)["config"]["seed"] for p in s.points}
    return ", ".join(str(x) for x in sorted(seeds))
