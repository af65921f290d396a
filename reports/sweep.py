"""A self-contained HTML report of a card-parameter sweep (`deckhand sweep`).

One page: the card as the sheet prints it; per value, its verdict against its peers (the
card's primary measure, judged by the one rule of analysis/verdicts.py at the sweep's
tolerance) in plain words, and the effect of the number (its owner's win rate against the
printed value, common random numbers, as `ablate --param`); the value where the card meets
its peers (fitted) with its interval; then the figures and the table behind them. No
scripts, no side files; every string from the card sheet or the runs is escaped.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from pathlib import Path

import matplotlib
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from reports import plots
from reports.compare import EXTRA_CSS, build_compare_report, fmt_p
from reports.headline import (
    HEADLINE_CSS,
    TONE_OF,
    Finding,
    bullet_list,
    findings_table,
    measure_words,
)
from reports.markup import DASH, Html, esc, fmt_int, fmt_pct, fmt_pp, html_page, table, write_page
from simulator.analysis.metrics import VERDICT_FEW
from simulator.analysis.stats import wilson
from simulator.analysis.verdicts import BALANCED, STRONGER, UNCLEAR, WEAKER
from simulator.catalog import get_game
from simulator.folders import run_folder
from simulator.folders.run_folder import load_manifest
from simulator.runs.sweep import (
    BalanceFit,
    SweepPlan,
    SweepPoint,
    SweepSummary,
    sweep_summary,
    write_sweep_table,
)

SWEEP_REPORT = run_folder.SWEEP_REPORT
MEETS_PEERS = "the value where the card meets the typical card of its kind (fitted)"


def build_sweep_report(
    folder: str | Path,
    out: str | Path | None = None,
    summary: SweepSummary | None = None,
) -> Path:
    """Write the report of a finished sweep folder (default <folder>/sweep.html); `summary`
    is the folder's, when the caller has read it already."""
    summary = summary or sweep_summary(folder)
    page = render(summary)
    path = Path(out) if out is not None else Path(folder) / SWEEP_REPORT
    return write_page(path, page)


def report_sweep(plan: SweepPlan, folder: str | Path) -> list[str]:
    """Write what a played sweep leaves besides its runs: OUT/sweep.parquet (one row per
    value), OUT/sweep.html and OUT/compare.html (its runs side by side). Returns what
    `deckhand sweep` says: `text_lines`, then where the table and the report are."""
    folder = Path(folder)
    summary = sweep_summary(folder)
    table = write_sweep_table(summary, folder)
    report = build_sweep_report(folder, summary=summary)
    build_compare_report([r.folder for r in plan.runs], folder / "compare.html")
    return [
        *text_lines(summary),
        f"sweep of {plan.card} {plan.key} in {folder} ({table.name}); report written to {report}",
    ]


def _num(v: float) -> str:
    return f"{v:.4g}"


def _pts(v: float, lo: float, hi: float) -> str:
    """A figure already in points with its interval: '+5.9 points [+1.2, +10.6]'."""
    if v is None or not math.isfinite(v):
        return DASH
    return f"{v:+.1f} points [{lo:+.1f}, {hi:+.1f}]"


def peers_of(p: SweepPoint) -> str:
    return p.than


def value_words(p: SweepPoint) -> str:
    """A value's verdict in plain words with its tolerance (SweepPoint.words)."""
    return p.words()


def value_label(s: SweepSummary, p: SweepPoint) -> str:
    if p.value != s.original:
        return str(p.value)
    return f"{p.value} (printed, added)" if s.added_printed else f"{p.value} (printed)"


def fit_words(s: SweepSummary, fit: BalanceFit | None) -> str:
    """Where the fitted line meets the peers, with its interval and the tested range; never
    called balanced (a value is balanced by its own verdict)."""
    values = [float(p.value) for p in s.points]
    if fit is None:
        return "Too few values with a figure against its peers to fit a line."
    if not fit.bounded:
        return (
            f"The fitted slope ({fit.slope:+.3g} \u00b1 {fit.slope_spread():.3g} points per unit "
            f"of {s.key}) is not clearly away from 0: over the values tried the card's measure "
            "does not change detectably, so the fit names no value where it meets its peers. "
            "More games per value, or a wider range, would."
        )
    lo_t, hi_t = min(values), max(values)
    text = (
        f"{MEETS_PEERS.capitalize()}: {s.key} = {_num(fit.x0)}, 95% interval "
        f"[{_num(fit.x0_lo)}, {_num(fit.x0_hi)}] (where the weighted line through the measures "
        f"is 0, the typical peer; slope {fit.slope:+.3g} points per unit)."
    )
    if fit.x0_lo < lo_t or fit.x0_hi > hi_t:
        inside_lo, inside_hi = max(fit.x0_lo, lo_t), min(fit.x0_hi, hi_t)
        if inside_lo <= inside_hi:
            text += (
                f" Within the tested range [{lo_t:g}, {hi_t:g}] that is [{_num(inside_lo)}, "
                f"{_num(inside_hi)}]; beyond it the line is extrapolated."
            )
        else:
            text += f" That lies outside the tested range [{lo_t:g}, {hi_t:g}]: extrapolated."
    return text + " A value is balanced only by its own verdict below."


def findings_text(s: SweepSummary) -> list[str]:
    """The sentences under the figure: the verdicts grouped, the printed value, the fit."""
    tried = ", ".join(str(p.value) for p in s.points)
    out = []
    groups: dict[str, list[str]] = {}
    for p in s.points:
        groups.setdefault(p.verdict or "none", []).append(str(p.value))
    band = f"\u00b1{s.tolerance:g} points"
    said = {
        BALANCED: f"Balanced (the whole 95% interval against its peers within {band})",
        STRONGER: f"Stronger than the typical card (outside {band}, and measurably above it)",
        WEAKER: f"Weaker than the typical card (outside {band}, and measurably below it)",
        UNCLEAR: f"Unclear (not yet shown within {band}, nor measurably different)",
        "none": "No verdict",
    }
    for word in (BALANCED, STRONGER, WEAKER, UNCLEAR, "none"):
        if groups.get(word):
            out.append(f"{said[word]} at {s.key} = {', '.join(groups[word])} (tried: {tried}).")
    if s.added_printed:
        out.append(
            f"The printed value {s.key} = {s.original} was not among the values asked for: "
            "it was added, since every effect of the number is measured against it."
        )
    out.append(fit_words(s, s.fit))
    return out


def measure_axes(
    ax: Axes,
    points: Sequence[SweepPoint],
    tolerance: float,
    key: str,
    printed: float | None,
    fit: BalanceFit | None,
    span: tuple[float, float],
) -> None:
    """The card's measure against its peers (points) against the value: the ±tolerance band,
    the intervals, the fitted line with its band and where it meets the peers."""
    left, right = span
    shown = [p for p in points if math.isfinite(p.measure)]
    ax.axhspan(
        -tolerance,
        tolerance,
        color=plots.PALETTE[2],
        alpha=0.12,
        label=f"\u00b1{tolerance:g} points: balanced if the interval is inside",
    )
    ax.axhline(0, color="black", linewidth=1.0)
    if fit is not None:
        grid = [left + (right - left) * i / 60 for i in range(61)]
        pred = [fit.predict(x) for x in grid]
        ax.plot(grid, [m for m, _ in pred], color=plots.AVERAGE, linewidth=1.0)
        ax.fill_between(
            grid,
            [m - 1.96 * e for m, e in pred],
            [m + 1.96 * e for m, e in pred],
            color=plots.AVERAGE,
            alpha=0.12,
            label="weighted fit, 95% band",
        )
        if fit.bounded:
            ax.axvspan(
                max(fit.x0_lo, left),
                min(fit.x0_hi, right),
                color=plots.PALETTE[4],
                alpha=0.15,
                label=f"where the fitted line is 0: {_num(fit.x0)} "
                f"[{_num(fit.x0_lo)}, {_num(fit.x0_hi)}]",
            )
    _intervals(ax, shown, [(p.measure, p.measure_lo, p.measure_hi) for p in shown])
    if printed is not None:
        ax.axvline(
            printed,
            color=plots.REFERENCE,
            linestyle=":",
            linewidth=1.2,
            label=f"printed {printed:g}",
        )
    ax.set_xlim(left, right)
    ax.set_xlabel(key)
    ax.set_ylabel("against the typical card (points)")
    ax.legend(fontsize=7, frameon=False, loc="best")


def _intervals(
    ax: Axes, points: Sequence[SweepPoint], figures: Sequence[tuple[float, float, float]]
) -> None:
    """Each point's figure (estimate, lo, hi) at its value, with its interval as error bars."""
    if not points:
        return
    ax.errorbar(
        [float(p.value) for p in points],
        [f for f, _, _ in figures],
        yerr=[
            [max(0.0, f - lo) for f, lo, _ in figures],
            [max(0.0, hi - f) for f, _, hi in figures],
        ],
        fmt="o",
        color=plots.BAR,
        capsize=4,
        zorder=3,
    )


def span_of(values: Sequence[float]) -> tuple[float, float]:
    width = max(values) - min(values) or 1.0
    return min(values) - 0.08 * width, max(values) + 0.08 * width


def sweep_figure(s: SweepSummary) -> str:
    """Left: the measure against its peers per value (the verdict's figure), the tolerance
    band and the fit. Right: the effect of the number, the owner's win rate against the
    printed value's."""
    xs = [float(p.value) for p in s.points]
    span = span_of(xs)
    printed = float(s.original) if isinstance(s.original, int | float) else None
    with matplotlib.rc_context(plots.STYLE):
        fig = Figure(figsize=(10.0, 3.6))
        ax = fig.add_subplot(1, 2, 1)
        measure_axes(ax, s.points, s.tolerance, s.key, printed, s.fit, span)
        ax.set_title(f"{s.card}: against its peers (95% intervals)")
        ax2 = fig.add_subplot(1, 2, 2)
        shown = [p for p in s.points if math.isfinite(p.effect)]
        _intervals(ax2, shown, [(p.effect, p.effect_lo, p.effect_hi) for p in shown])
        ax2.axhline(0, color="black", linewidth=1.0)
        if printed is not None:
            ax2.axvline(printed, color=plots.REFERENCE, linestyle=":", linewidth=1.2)
        ax2.set_xlim(*span)
        ax2.set_xlabel(s.key)
        ax2.set_ylabel("owner's win rate minus at printed (points)")
        ax2.set_title(f"effect of the number (owner: {_owner_words(s.owner_event)})")
        return plots.figure_data_uri(fig)


def _owner_words(event: str) -> str:
    return "in hand" if event == "gih" else event


def _owner_cell(p: SweepPoint) -> object:
    if not p.owner_n:
        return DASH
    lo, hi = wilson(p.owner_wins, p.owner_n)
    return Html(f'{esc(fmt_pct(p.owner_wr, lo, hi))}<span class="n">n={fmt_int(p.owner_n)}</span>')


def _effect_text(s: SweepSummary, p: SweepPoint) -> str:
    if p.value == s.original:
        return "the reference (printed)"
    return _pts(p.effect, p.effect_lo, p.effect_hi)


def render(s: SweepSummary) -> str:
    title = f"{s.card}: {s.key} swept over {', '.join(str(p.value) for p in s.points)}"
    row = s.sheet_row
    text = row.get("power") or row.get("text") or ""
    kind = row.get("color") or row.get("type") or ""
    where = row.get("set") or row.get("module") or ""
    params = row.get("params") or {}
    games = ", ".join(sorted({fmt_int(p.games) for p in s.points}))
    spec = get_game(s.game)
    measure = measure_words(spec, str(row.get(spec.card_group) or ""))
    added = "; added: it was not among the values asked for" if s.added_printed else ""
    meta_rows: list[tuple[str, object]] = [
        ("Card", s.card),
        ("Type", f"{kind} ({where})" if where else kind),
        ("Power", text or DASH),
        ("Parameters in the sheet", ";".join(f"{k}={v}" for k, v in params.items()) or DASH),
        ("Swept", f"{s.key} (printed value {s.original}{added})"),
        ("Verdict measure", measure),
        ("Tolerance", f"\u00b1{s.tolerance:g} points (--tolerance card)"),
        ("Games per value", games),
        ("Players", str(s.players)),
        ("Seed", f"{_seeds(s)} for every value (common random numbers)"),
        ("Sweep folder", Html(f"<code>{esc(s.points[0].folder.parent)}</code>")),
    ]
    meta = "".join(
        f"<tr><th>{esc(k)}</th><td>{v if isinstance(v, Html) else esc(v)}</td></tr>"
        for k, v in meta_rows
    )
    findings = "".join(f"<li>{esc(t)}</li>" for t in findings_text(s))
    uri = sweep_figure(s)
    headers = [
        s.key,
        "verdict",
        "against the typical card [95% CI]",
        "games to decide",
        "effect of the number [95% CI]",
        f"owner's win rate ({_owner_words(s.owner_event)}) [95% CI]",
        f"{s.metric} contribution [95% CI]",
        "q",
    ]
    if s.metric != "IWD":
        headers += ["IWD (raw) [95% CI]", "IWD q"]
    headers += ["in hand (player-games)", "games", "mean turns", "average win rate", "run folder"]
    body = []
    for p in s.points:
        needed = p.judged.games_to_decide if p.judged else None
        cells: list[object] = [
            value_label(s, p),
            Html(
                f'<span class="verdict {esc(TONE_OF.get(p.verdict or "", "info"))}">'
                f"{esc(value_words(p))}</span>"
            ),
            _pts(p.measure, p.measure_lo, p.measure_hi),
            f"{needed:,}" if needed else DASH,
            _effect_text(s, p),
            _owner_cell(p),
            fmt_pp(p.contribution, p.lo, p.hi),
            fmt_p(p.q),
        ]
        if s.metric != "IWD":
            cells += [fmt_pp(p.iwd, p.iwd_lo, p.iwd_hi), fmt_p(p.iwd_q)]
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
        f"Verdict: the card's primary measure ({measure}) at that value, in points against its "
        f'typical peer, judged by the one rule of the reports (docs/metrics.md, "Verdicts"): '
        f"balanced when the whole 95% interval lies within \u00b1{s.tolerance:g} points, "
        "stronger / weaker when it is outside and measurably away from 0 (BH q below 0.05 over "
        "the run's cards), unclear otherwise, with the games in all that would likely decide it.",
        f"Effect of the number: the win rate of the player-games in which the player {owned} at "
        "that value minus at the printed value, with Newcombe's interval, as `deckhand ablate "
        "--param` measures it. Every value was played with the same seed, so the games deal the "
        f"same cards and differ only once {s.card}'s number matters (common random numbers): "
        "the intervals are conservative for comparing values.",
        (
            "Contribution (supporting evidence): the adjusted figure (in hand, against the "
            "average card, controlling for turn order and strategy; docs/metrics.md)"
            if s.metric == "adjusted"
            else "Contribution (supporting evidence): IWD = GIH WR \u2212 GNS WR (raw; the card "
            "summaries have no adjusted figure for this card at every value)"
        )
        + ". It answers another question than the verdict and carries none.",
        f"{MEETS_PEERS.capitalize()}: a straight line through the measures "
        "weighted by 1/se\u00b2, with Fieller's interval (the values where the line's 95% band "
        "covers 0). Read it together with the points: a curve that bends is not a line.",
    ]
    power = Html(f'<p class="sub"><b>{esc(s.card)}</b>: {esc(text)}</p>') if text else ""
    content = (
        f"<header><h1>{esc(title)}</h1>"
        f'<p class="runline">{esc(run_line(s, kind, where))}</p>{power}</header>'
        f"{summary_section(s)}"
        f'<section id="findings"><h2>The card against its number</h2><ul>{findings}</ul>'
        f'<figure><img src="{uri}" alt="{esc(s.card)} against its peers and the effect of '
        f'{esc(s.key)}"></figure></section>'
        f'<section id="values"><h2>Per value</h2>{table(headers, body, "sweep-table", 2)}'
        + "".join(f"<p>{esc(t)}</p>" for t in notes)
        + "</section>"
        f'<section id="details"><h2>Card and sweep details</h2>'
        f'<table class="meta">{meta}</table></section>'
    )
    footer = f"Deckhand sweep report of {s.points[0].folder.parent}."
    return html_page(title, content, footer, EXTRA_CSS + HEADLINE_CSS)


def run_line(s: SweepSummary, kind: str, where: str) -> str:
    """The sweep in one line: game, card, values, games per value, players, tolerance, seed."""
    games = sorted({p.games for p in s.points})
    added = ", added" if s.added_printed else ""
    parts = [
        s.game,
        f"{s.card} ({kind}, {where})" if where else f"{s.card} ({kind})",
        f"{s.key} = {', '.join(str(p.value) for p in s.points)} (printed {s.original}{added})",
        (
            f"{games[0]:,} games per value"
            if len(games) == 1
            else "games " + ", ".join(map(str, games))
        ),
        f"{s.players} players",
        f"tolerance \u00b1{s.tolerance:g} points",
        f"seed {_seeds(s)}",
    ]
    return " \u00b7 ".join(parts)


def summary_findings(s: SweepSummary) -> list[Finding]:
    """One line per value (its verdict in plain words with the tolerance, the figure it
    rests on and the effect of the number), then where the fitted line meets the peers."""
    findings = []
    for p in s.points:
        figure = _pts(p.measure, p.measure_lo, p.measure_hi)
        effect = "" if p.value == s.original else f"; effect of the number {_effect_text(s, p)}"
        findings.append(
            Finding(
                f"{s.key} = {value_label(s, p)}",
                f"against {peers_of(p)}: {figure}{effect}",
                value_words(p),
                TONE_OF.get(p.verdict or "", "info"),
            )
        )
    fit = s.fit
    if fit is not None and fit.bounded:
        finding = (
            f"{s.key} = {_num(fit.x0)} [{_num(fit.x0_lo)}, {_num(fit.x0_hi)}] (weighted line, "
            f"slope {fit.slope:+.3g} points per unit)"
        )
        words = f"the card is level with its typical peer near {s.key} = {_num(fit.x0)}"
    elif fit is not None:
        finding = f"slope {fit.slope:+.3g} \u00b1 {fit.slope_spread():.3g} points per unit"
        words = "the measure does not change detectably over the values tried"
    else:
        finding, words = DASH, "too few values with a figure to fit a line"
    findings.append(Finding(MEETS_PEERS.capitalize(), finding, words, "info"))
    return findings


def can_tell(s: SweepSummary) -> list[str]:
    """The sweep's precision: the measure's typical interval against the tolerance, and the
    games that would decide the values still unclear (verdicts.decide's model)."""
    lines = []
    widths = [(p.measure_hi - p.measure_lo) / 2 for p in s.points if math.isfinite(p.measure)]
    if widths:
        half = statistics.median(widths)
        lines.append(
            f"Per value, the card against its peers is known to about \u00b1{half:.1f} points "
            f"(median half-width); a value is balanced only when its whole interval lies within "
            f"\u00b1{s.tolerance:g}."
        )
    unclear = [p for p in s.points if p.verdict == UNCLEAR]
    decided = [p for p in unclear if p.judged and p.judged.games_to_decide]
    if decided:
        lines.append(
            "Unclear values would likely be decided with about "
            + "; ".join(f"{p.judged.games_to_decide:,} games at {p.value}" for p in decided)  # type: ignore[union-attr]
            + " (80% power; this sweep: "
            + ", ".join(f"{p.games:,}" for p in decided)
            + ")."
        )
    few = [p for p in unclear if p.verdict_note == VERDICT_FEW]
    if few:
        lines.append(
            f"At {s.key} = {', '.join(str(p.value) for p in few)} the card had its event in too "
            "few player-games for a figure: play more games per value."
        )
    lines.append(
        "Every value shares the seed (common random numbers), so differences between values "
        "are sharper than the per-value intervals suggest."
    )
    return lines


def summary_section(s: SweepSummary) -> Html:
    parts = [
        "<h2>Summary</h2>",
        findings_table(summary_findings(s), "verdicts"),
        "<h3>What this sweep can and cannot tell</h3>",
        bullet_list(can_tell(s), "can-tell"),
    ]
    return Html(f'<section id="summary">{"".join(parts)}</section>')


def _seeds(s: SweepSummary) -> str:
    seeds = {load_manifest(p.folder)["config"]["seed"] for p in s.points}
    return ", ".join(str(x) for x in sorted(seeds))


def text_lines(s: SweepSummary) -> list[str]:
    """The sweep for the terminal: each value's verdict in plain words with its tolerance and
    the effect of the number, then where the fitted line meets the peers."""
    lines = []
    if s.added_printed:
        lines.append(
            f"the printed value {s.key}={s.original} was not among the values asked for: added "
            "(every effect of the number is measured against it)"
        )
    for p in s.points:
        effect = "" if p.value == s.original else f"; effect of the number {_effect_text(s, p)}"
        lines.append(f"  {s.key} = {value_label(s, p)}: {value_words(p)}{effect}")
    fit = s.fit
    if fit is not None and fit.bounded:
        values = [float(p.value) for p in s.points]
        outside = not min(values) <= fit.x0 <= max(values)
        lines.append(
            f"{MEETS_PEERS}: {s.key} = {_num(fit.x0)} [{_num(fit.x0_lo)}, {_num(fit.x0_hi)}]"
            + (" (outside the values tried: extrapolated)" if outside else "")
        )
    elif fit is not None:
        lines.append(f"{MEETS_PEERS}: none named (the measure does not change detectably)")
    else:
        lines.append(f"{MEETS_PEERS}: none named (too few values with a figure to fit a line)")
    return lines
