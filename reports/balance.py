"""A self-contained HTML report of `deckhand balance`: the value of one card number that brings
the card level with its peers.

One page: the suggestion with its interval and what it would change (the card's verdict, its
measure against its peers and its owner's win rate at the printed and at the suggested value,
the sheet cell), why the design stopped, the curve of the measure against the value with the
tolerance band and every value evaluated, where the games went, and the table behind them.
No scripts, no side files; every string from the card sheet or the runs is escaped.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import matplotlib
from matplotlib.figure import Figure

from reports import plots
from reports.compare import EXTRA_CSS
from reports.headline import HEADLINE_CSS, TONE_OF, Finding, bullet_list, findings_table
from reports.markup import DASH, Html, esc, fmt_int, html_page, table, with_contents, write_page
from reports.sweep import MEETS_PEERS, measure_axes, peers_of, span_of, value_words
from simulator.catalog import get_game
from simulator.experiments.balance import balance_summary, load_balance
from simulator.folders import run_folder
from simulator.runs.sweep import SweepPoint, SweepSummary

BALANCE_REPORT = run_folder.BALANCE_REPORT


def build_balance_report(folder: str | Path, out: str | Path | None = None) -> Path:
    """Write the report of a balance folder (default <folder>/balance.html)."""
    folder = Path(folder)
    data = load_balance(folder)
    page = render(data, balance_summary(folder, data))
    path = Path(out) if out is not None else folder / BALANCE_REPORT
    return write_page(path, page)


def _pts(v: float | None, lo: float | None, hi: float | None) -> str:
    if v is None or not math.isfinite(v):
        return DASH
    return f"{v:+.1f} points [{lo:+.1f}, {hi:+.1f}]"


def _rate(p: SweepPoint | None) -> str:
    if p is None or not p.owner_n:
        return DASH
    return f"{100 * p.owner_wr:.1f}% (n={p.owner_n:,})"


def interval_text(data: dict[str, Any]) -> str:
    if data["lo"] is None and not data["found"]:
        return f"no interval: no value tried crosses {target_words(data)}"
    if data["lo"] is None:
        return "no interval: the fitted line does not bound it"
    return f"95% interval [{data['lo']:g}, {data['hi']:g}]"


def _on_worth(data: dict[str, Any]) -> bool:
    """Whether the balance aimed at the typical power's worth (else the run's peers)."""
    return (data.get("reference") or {}).get("measure") == "worth against the typical power"


def target_words(data: dict[str, Any]) -> str:
    """What the balance brings the card level with, in words."""
    if _on_worth(data):
        kind = data["reference"].get("kind") or "its kind"
        return f"the typical power of {kind}"
    return "its peers"


def reference_text(data: dict[str, Any]) -> str:
    """Where the reference came from, with its figures: the ablation (folder, games) and the
    card's worth against the typical power at the printed value; or why the peers."""
    ref = data.get("reference") or {}
    if not _on_worth(data):
        return ref.get("why") or "the card against its peers in each value's run"
    how = "played by this balance" if ref.get("played_by_balance") else "found under --evidence"
    return (
        f"an ablation of {ref['games']:,} games ({ref['design']} design, {how}: "
        f"{ref['folder']}): at the printed value the power is worth {ref['worth']:+.1f} points "
        f"[{ref['worth_lo']:+.1f}, {ref['worth_hi']:+.1f}] to its owner, the typical power of "
        f"{ref['kind']} {ref['typical']:+.1f} (\u00b1{1.96 * ref['typical_se']:.1f}, "
        f"{ref['typical_peers']} powers of the middle half): {ref['vs_typical']:+.1f} "
        f"[{ref['lo']:+.1f}, {ref['hi']:+.1f}] against it"
    )


def suggestion_text(data: dict[str, Any]) -> str:
    """The suggestion in one sentence, honest about how it was found."""
    key, card = data["param"], data["card"]
    if data["suggested"] is None:
        return f"No value of {key} to suggest: {data['stop_words']}."
    if data["stop"] == "balanced at printed":
        return f"Keep {key} = {data['printed']}: {card} is balanced at the printed value already."
    target = target_words(data)
    if not data["found"]:
        return (
            f"No value of {key} tried brings {card} to {target} ({data['stop_words']}); the "
            f"closest tried is {key} = {data['suggested']}."
        )
    if _on_worth(data):
        decide = (
            f" About {data['games_to_decide']:,} games in all would decide it to one step."
            if data.get("games_to_decide")
            else ""
        )
        return (
            f"{key} = {data['suggested']} ({interval_text(data)}): the value where {card}'s "
            f"power is worth to its owner what {target} is worth (fitted, on the same "
            f"deals).{decide}{between_steps(data)}"
        )
    return (
        f"{key} = {data['suggested']} ({interval_text(data)}): {MEETS_PEERS}, where {card}'s "
        "measure against its typical peer is 0."
    )


def between_steps(data: dict[str, Any]) -> str:
    """When the fitted value's whole interval lies strictly between two steps of the
    parameter and the suggestion is not balanced there: no printable value meets the
    reference, and the sentence says so (the number alone cannot balance the card)."""
    fit = data.get("fit") or {}
    step = float((data.get("range") or {}).get("step") or 1.0)
    lo, hi = fit.get("x0_lo"), fit.get("x0_hi")
    if not fit.get("bounded") or lo is None or hi is None:
        return ""
    below = math.floor(lo / step) * step
    if hi >= below + step or lo <= below or data.get("verdict_at_suggested") == "balanced":
        return ""
    return (
        f" The fitted value lies between {data['param']} = {below:g} and {below + step:g} "
        "(its whole interval): neither step meets it, so this number alone cannot balance "
        "the card; the verdicts at the values tried say how far each is."
    )


def change_text(data: dict[str, Any], s: SweepSummary) -> str:
    """What the suggestion would change: the measure, the owner's win rate, the sheet cell."""
    printed = s.printed
    at = next((p for p in s.points if p.value == data["suggested"]), None)
    if at is None or printed is None or at is printed:
        return "nothing: the printed value stays"
    params = s.sheet_row.get("params") or {}
    after = {**params, data["param"]: data["suggested"]}
    cell = ";".join(f"{k}={v}" for k, v in params.items())
    new_cell = ";".join(f"{k}={v}" for k, v in after.items())
    return (
        f"against {peers_of(at)}: {printed.measure:+.1f} \u2192 {at.measure:+.1f} points; its "
        f"owner's win rate {_rate(printed)} \u2192 {_rate(at)} (effect of the number "
        f"{_pts(at.effect, at.effect_lo, at.effect_hi)}); the sheet's params cell {cell} "
        f"\u2192 {new_cell}"
    )


def summary_findings(data: dict[str, Any], s: SweepSummary) -> list[Finding]:
    key = data["param"]
    printed = s.printed
    at = next((p for p in s.points if p.value == data["suggested"]), None)
    findings = []
    if printed is not None:
        findings.append(
            Finding(
                f"At the printed {key} = {data['printed']}",
                f"against {peers_of(printed)}: "
                + _pts(printed.measure, printed.measure_lo, printed.measure_hi)
                + f" ({printed.games:,} games)",
                value_words(printed),
                TONE_OF.get(printed.verdict or "", "info"),
            )
        )
    if data["suggested"] is not None:
        figure = (
            f"against {peers_of(at)}: {_pts(at.measure, at.measure_lo, at.measure_hi)} "
            f"({at.games:,} games)"
            if at is not None
            else "not played"
        )
        findings.append(
            Finding(
                f"Suggested {key} = {data['suggested']}",
                f"{interval_text(data)}; {figure}",
                value_words(at) if at is not None else "not judged: not played",
                TONE_OF.get(at.verdict or "", "info") if at is not None else "info",
            )
        )
        findings.append(Finding("What it would change", change_text(data, s), "", "info"))
    findings.append(Finding("Measured against", reference_text(data), "", "info"))
    findings.append(
        Finding(
            "How the search ended",
            f"{data['games']:,} of {data['budget']:,} games on {len(data['evaluations'])} values "
            f"in {data['seconds']:.0f} s",
            data["stop_words"],
            "info",
        )
    )
    return findings


def can_tell(data: dict[str, Any], s: SweepSummary) -> list[str]:
    """What the suggestion is and is not."""
    key = data["param"]
    lines = [suggestion_text(data)]
    at = next((p for p in s.points if p.value == data["suggested"]), None)
    if at is not None and data["suggested"] != data["printed"]:
        lines.append(
            f"Whether {data['card']} is balanced at {key} = {data['suggested']} is that "
            f"value's own verdict: {value_words(at)}. A balanced verdict needs the whole "
            f"interval within \u00b1{data['tolerance']:g} points; more games there narrow it."
        )
    lines.append(
        "The suggestion holds under these bots, this mix and this player count, as every "
        "figure here; the fitted line assumes the measure moves straight with the number "
        "inside the bracket (read it against the points)."
    )
    if at is not None and data["suggested"] != data["printed"]:
        sheet = at.folder.parent / "sheets" / f"{key}={data['suggested']}.csv"
        lines.append(f"The card sheet with the suggested value: {sheet}.")
    return lines


def balance_figure(data: dict[str, Any], s: SweepSummary) -> str:
    """Left: the measure against its peers at every value evaluated, the tolerance band, the
    fitted line over the bracket and the suggestion. Right: the games spent per value."""
    xs = [float(p.value) for p in s.points]
    span = span_of(xs)
    window = set((data.get("fit") or {}).get("values") or [])
    fit = s.fit if window else None
    with matplotlib.rc_context(plots.STYLE):
        fig = Figure(figsize=(10.0, 3.6))
        ax = fig.add_subplot(1, 2, 1)
        measure_axes(ax, s.points, s.tolerance, s.key, float(data["printed"]), fit, span)
        if data["suggested"] is not None:
            ax.axvline(
                float(data["suggested"]),
                color=plots.PALETTE[2],
                linewidth=1.6,
                label=f"suggested {data['suggested']}",
            )
            ax.legend(fontsize=7, frameon=False, loc="best")
        order = {e["value"]: e["order"] for e in data["evaluations"]}
        for p in s.points:
            if math.isfinite(p.measure):
                ax.annotate(
                    str(order.get(p.value, "")),
                    (float(p.value), p.measure),
                    textcoords="offset points",
                    xytext=(5, 5),
                    fontsize=7,
                )
        ax.set_title(
            f"{s.card}: against {peers_of(s.points[0]) if s.points else 'its peers'} "
            "(95% intervals; numbers: order tried)"
        )
        ax2 = fig.add_subplot(1, 2, 2)
        ax2.bar(xs, [p.games for p in s.points], width=(span[1] - span[0]) / 40, color=plots.BAR)
        ax2.set_xlim(*span)
        ax2.set_xlabel(s.key)
        ax2.set_ylabel("games")
        ax2.set_title("where the games went")
        return plots.figure_data_uri(fig)


def render(data: dict[str, Any], s: SweepSummary) -> str:
    key, card = data["param"], data["card"]
    title = f"{card}: the value of {key} that meets {target_words(data)}"
    row = s.sheet_row
    kind = row.get("color") or row.get("type") or ""
    where = row.get("set") or row.get("module") or ""
    text = row.get("power") or row.get("text") or ""
    spec = get_game(s.game)
    line = " \u00b7 ".join(
        [
            spec.name,
            f"{card} ({kind}, {where})" if where else f"{card} ({kind})",
            f"printed {key} = {data['printed']}",
            f"suggested {data['suggested'] if data['suggested'] is not None else DASH}",
            f"{data['games']:,} games",
            f"tolerance \u00b1{data['tolerance']:g} points",
            f"{s.players} players",
            f"seed {data['seed']}",
        ]
    )
    summary = (
        "<h2>Summary</h2>"
        + findings_table(summary_findings(data, s), "verdicts")
        + "<h3>What the suggestion is and is not</h3>"
        + bullet_list(can_tell(data, s), "can-tell")
    )
    headers = [
        "order",
        key,
        "found in",
        "games",
        "verdict",
        f"against {target_words(data)} [95% CI]",
        "effect of the number [95% CI]",
        "owner's win rate",
    ]
    by_value = {p.value: p for p in s.points}
    rows = []
    for e in sorted(data["evaluations"], key=lambda e: e["value"]):
        p = by_value.get(e["value"])
        label = str(e["value"])
        if e["value"] == data["printed"]:
            label += " (printed)"
        if e["value"] == data["suggested"]:
            label += " (suggested)"
        rows.append(
            [
                str(e["order"]),
                label,
                e["phase"],
                fmt_int(e["games"]),
                Html(
                    f'<span class="verdict {esc(TONE_OF.get(e["verdict"] or "", "info"))}">'
                    f"{esc(value_words(p) if p is not None else e['words'])}</span>"
                ),
                _pts(e["measure"], e["lo"], e["hi"]),
                "the reference"
                if e["value"] == data["printed"]
                else _pts(e["effect_vs_printed"], e["effect_lo"], e["effect_hi"]),
                _rate(p),
            ]
        )
    rng = data["range"]
    fit = data.get("fit") or {}
    meta = [
        ("Card", card),
        ("Power", text or DASH),
        ("Parameter", f"{key}, printed {data['printed']}; range {rng['text']}"),
        ("Budget", f"{data['budget']:,} games; {data['unit']:,} per new value"),
        ("Coarse bracket", ", ".join(map(str, data["coarse_bracket"] or [])) or DASH),
        (
            "Fit",
            f"x0 = {fit.get('x0')}, [{fit.get('x0_lo')}, {fit.get('x0_hi')}], slope "
            f"{fit.get('slope')} points per unit over {fit.get('values')}"
            if fit
            else DASH,
        ),
        ("Seed", f"{data['seed']} for every value (common random numbers)"),
        ("Sweep folder", str(s.points[0].folder.parent) if s.points else DASH),
    ]
    details = "".join(f"<tr><th>{esc(k)}</th><td>{esc(v)}</td></tr>" for k, v in meta)
    uri = balance_figure(data, s)
    notes = (
        "<p>Design (docs/metrics.md, \u201cBalancing a number\u201d): the printed value first, "
        "then a coarse bracket (the declared range, or doubling / halving outward), then a "
        "secant bisection inside it, then the games of the values around the fitted value "
        "doubled until its interval is one step wide or the budget is spent. Every value is "
        "played with the same seed (common random numbers).</p>"
    )
    sections = [
        (
            "curve",
            "The card against its number",
            f'<figure><img src="{uri}" alt="{esc(card)} against its peers per value of '
            f'{esc(key)}"></figure>{notes}',
        ),
        ("values", "Values evaluated", table(headers, rows, "balance-table", 3)),
        ("details", "Details", f'<table class="meta">{details}</table>'),
    ]
    power = Html(f'<p class="sub"><b>{esc(card)}</b>: {esc(text)}</p>') if text else ""
    body = (
        f'<header><h1>{esc(title)}</h1><p class="runline">{esc(line)}</p>{power}</header>'
        f'<section id="summary">{summary}</section>{with_contents(sections)}'
    )
    footer = f"Deckhand balance report of {s.points[0].folder.parent.parent if s.points else ''}."
    return html_page(title, body, footer, EXTRA_CSS + HEADLINE_CSS)


def text_lines(data: dict[str, Any]) -> list[str]:
    """The balance for the terminal: the verdict at the printed value, the suggestion with
    its interval and its own verdict, the games and why the search ended."""
    key = data["param"]
    lines = [f"at the printed {key} = {data['printed']}: {data['words_at_printed'] or DASH}"]
    lines.append(suggestion_text(data))
    if data["suggested"] is not None and data["suggested"] != data["printed"]:
        lines.append(
            f"at {key} = {data['suggested']}: {data['words_at_suggested'] or 'not played'}"
        )
    lines.append(
        f"{data['games']:,} of {data['budget']:,} games on {len(data['evaluations'])} values in "
        f"{data['seconds']:.0f} s; stopped: {data['stop_words']}"
    )
    return lines


def report_balance(folder: str | Path, data: dict[str, Any]) -> list[str]:
    """Write a balance folder's report (OUT/balance.html); return what `deckhand balance`
    says: `text_lines` of its result `data`, then where the report is."""
    report = build_balance_report(folder)
    return [
        *text_lines(data),
        f"balance of {data['card']} {data['param']}; report written to {report}",
    ]
