"""Figures of the HTML report, returned as base64 PNG data URIs.

The figures are drawn on bare `Figure` objects with the Agg canvas rather than through pyplot,
so building a report never changes the caller's matplotlib backend or global figure state,
and works on machines without a display. Math text is switched off: a card called "$5 note"
must be drawn as written, not parsed as LaTeX.
"""

from __future__ import annotations

import base64
import io
import math
from collections.abc import Sequence

import matplotlib
import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

STYLE = {
    "text.parse_math": False,
    "font.size": 9,
    "axes.titlesize": 10,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.alpha": 0.3,
}
BAR = "#4c72b0"
REFERENCE = "#c44e52"
AVERAGE = "#555555"
PALETTE = (
    "#4c72b0",
    "#dd8452",
    "#55a868",
    "#c44e52",
    "#8172b3",
    "#937860",
    "#da8bc3",
    "#8c8c8c",
    "#ccb974",
    "#64b5cd",
)


def figure_data_uri(fig: Figure, dpi: int = 110) -> str:
    """PNG of a figure as a data: URI, so the HTML page needs no side files."""
    FigureCanvasAgg(fig)
    buf = io.BytesIO()
    # no Software metadata: the same data gives the same bytes, whatever the version
    fig.savefig(buf, format="png", dpi=dpi, bbox_inches="tight", metadata={"Software": None})
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode("ascii")


def rate_bars(
    labels: Sequence[str],
    rates: Sequence[float],
    lows: Sequence[float],
    highs: Sequence[float],
    reference: float,
    average: float | None,
    title: str,
) -> str:
    """Win rates as bars with their 95% intervals, against the 1/players line and the average.

    Two lines because they answer different questions: 1/players is the textbook fair share,
    the average win rate is the fair share once no-winner and shared games are counted.
    """
    with matplotlib.rc_context(STYLE):
        width = max(4.0, min(10.0, 1.0 + 0.9 * len(labels)))
        fig = Figure(figsize=(width, 3.0))
        ax = fig.add_subplot()
        xs = list(range(len(labels)))
        values = [_pct(r) for r in rates]
        err_low = [100 * _gap(r, lo) for r, lo in zip(rates, lows, strict=True)]
        err_high = [100 * _gap(hi, r) for r, hi in zip(rates, highs, strict=True)]
        ax.bar(xs, values, color=BAR, width=0.6, zorder=2)
        ax.errorbar(
            xs, values, yerr=[err_low, err_high], fmt="none", ecolor="black", capsize=4, zorder=3
        )
        ax.axhline(
            100 * reference,
            color=REFERENCE,
            linestyle="--",
            linewidth=1.2,
            label=f"1/players = {100 * reference:.1f}%",
        )
        if average is not None and not math.isnan(average):
            ax.axhline(
                100 * average,
                color=AVERAGE,
                linestyle=":",
                linewidth=1.2,
                label=f"average win rate = {100 * average:.1f}%",
            )
        ax.set_xticks(xs, [_short(label) for label in labels])
        if max((len(label) for label in labels), default=0) > 12:
            ax.tick_params(axis="x", labelrotation=30)
            for tick in ax.get_xticklabels():
                tick.set_horizontalalignment("right")
        top = max([h for h in highs if not math.isnan(h)] + [reference, average or 0.0])
        ax.set_ylim(0, min(102.0, 100 * top * 1.15 + 2))
        ax.set_ylabel("win rate (%)")
        ax.set_title(title)
        # outside the axes: a tall bar must never hide behind the legend
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, frameon=False)
        return figure_data_uri(fig)


def length_histograms(
    turns: Sequence[int] | np.ndarray, decisions: Sequence[int] | np.ndarray, max_turns: int | None
) -> str:
    """Histograms of turns and decisions per game; the turn limit is marked when games hit it."""
    with matplotlib.rc_context(STYLE):
        fig = Figure(figsize=(9.0, 3.0))
        for i, (values, label) in enumerate(((turns, "turns"), (decisions, "decisions"))):
            ax = fig.add_subplot(1, 2, i + 1)
            data = np.sort(np.asarray(values, dtype=np.int64))  # a million games: numpy
            if not len(data):
                continue
            distinct = len(np.unique(data))
            ax.hist(data, bins=min(40, max(5, distinct)), color=BAR, zorder=2)
            median = _quantile(data, 0.5)
            p90 = _quantile(data, 0.9)
            ax.axvline(median, color="black", linewidth=1.2, label=f"median {median:g}")
            ax.axvline(p90, color="black", linestyle="--", linewidth=1.0, label=f"p90 {p90:g}")
            if label == "turns" and max_turns is not None:
                capped = int(np.count_nonzero(data >= max_turns))
                if capped:
                    ax.axvline(
                        max_turns,
                        color=REFERENCE,
                        linestyle=":",
                        linewidth=1.4,
                        label=f"turn limit {max_turns} ({capped} games)",
                    )
            ax.set_xlabel(f"{label} per game")
            ax.set_ylabel("games")
            ax.legend(fontsize=8, frameon=False)
        return figure_data_uri(fig)


def iwd_forest(
    names: Sequence[str],
    types: Sequence[str],
    type_order: Sequence[str],
    iwd: Sequence[float],
    lows: Sequence[float],
    highs: Sequence[float],
    xlabel: str = "IWD = GIH WR - GNS WR (percentage points), 95% interval",
) -> str:
    """IWD of each hand card with its Newcombe interval, best first, coloured by card type
    (colours and legend in `type_order`, the order of the report's tables). Any other
    per-card difference with an interval (the adjusted contribution) plots the same way.

    A forest plot shows at a glance which cards stand out from zero by more than their noise.
    """
    with matplotlib.rc_context(STYLE):
        n = len(names)
        fig = Figure(figsize=(7.5, max(2.2, 0.6 + 0.24 * n)))
        ax = fig.add_subplot()
        order = sorted(range(n), key=lambda i: iwd[i])  # lowest at the bottom
        kinds = list(dict.fromkeys([*type_order, *types]))
        colour = {k: PALETTE[i % len(PALETTE)] for i, k in enumerate(kinds)}
        handles = {}
        for y, i in enumerate(order):
            kind = types[i]
            handles[kind] = ax.errorbar(
                [100 * iwd[i]],
                [y],
                xerr=[[100 * _gap(iwd[i], lows[i])], [100 * _gap(highs[i], iwd[i])]],
                fmt="o",
                markersize=4,
                color=colour[kind],
                ecolor=colour[kind],
                capsize=2,
                zorder=3,
            )
        ax.axvline(0, color="black", linewidth=1.0)
        ax.set_yticks(range(n), [_short(names[i], 32) for i in order])
        ax.set_ylim(-0.7, n - 0.3)
        ax.set_xlabel(xlabel)
        ax.grid(axis="y", alpha=0.0)
        present = [k for k in kinds if k in handles]
        if present:
            ax.legend(
                [handles[k] for k in present],
                present,
                loc="lower right",
                fontsize=8,
                frameon=True,
                title="type",
            )
        return figure_data_uri(fig)


def _pct(rate: float) -> float:
    return 0.0 if math.isnan(rate) else 100 * rate


def _gap(a: float, b: float) -> float:
    """Non-negative distance for error bars; 0 where an end is undefined."""
    if math.isnan(a) or math.isnan(b):
        return 0.0
    return max(0.0, a - b)


def _short(text: str, limit: int = 24) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _quantile(sorted_values: Sequence[int] | np.ndarray, q: float) -> float:
    """Linear-interpolation quantile (numpy's default), on an already sorted list."""
    pos = (len(sorted_values) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return float(sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo))


def rung_figures(
    rungs: Sequence[str],
    estimates: Sequence[float],
    lows: Sequence[float],
    highs: Sequence[float],
    tolerance: float,
    title: str,
) -> str:
    """One card's figure (points against its peers) at each rung of a skill ladder, lowest
    first, with 95% intervals and the tolerance band around zero: a small plot per card."""
    with matplotlib.rc_context(STYLE):
        fig = Figure(figsize=(3.4, 2.3))
        ax = fig.add_subplot()
        xs = list(range(len(rungs)))
        values = [math.nan if e is None else float(e) for e in estimates]
        err_low = [
            _gap(v, lo) if lo is not None else 0.0 for v, lo in zip(values, lows, strict=True)
        ]
        err_high = [
            _gap(hi, v) if hi is not None else 0.0 for v, hi in zip(values, highs, strict=True)
        ]
        ax.axhspan(-tolerance, tolerance, color=AVERAGE, alpha=0.12, zorder=1)
        ax.axhline(0, color=AVERAGE, linewidth=0.8, zorder=1)
        ax.errorbar(xs, values, yerr=[err_low, err_high], fmt="o-", color=BAR, capsize=3, zorder=3)
        ax.set_xticks(xs, [_short(r, 12) for r in rungs])
        ax.set_ylabel("points vs peers")
        ax.set_title(_short(title, 32))
        return figure_data_uri(fig, dpi=90)
