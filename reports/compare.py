"""A self-contained HTML report of several runs side by side (`deckhand compare`).

The runs are labelled by what differs between their manifests (simulator/analysis/compare.py);
the first run is the reference and every other run is compared with it (or every pair, with
`all_pairs`). Every figure that differs between two runs is shown as a difference with its
95% interval and p-value; the per-card changes carry Benjamini-Hochberg q-values across the
cards compared. Like the run report, the page has no side files and no scripts, and every
string from data (card names, labels, paths, strategy texts) is escaped.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import matplotlib
import numpy as np
import polars as pl
from matplotlib.figure import Figure

from reports import plots
from reports.card_links import CardLinker, card_linker, plain
from reports.headline import (
    CARD_EFFECT,
    HEADLINE_CSS,
    Finding,
    bullet_list,
    findings_table,
    measure_words,
    points,
    verdict_cell,
    verdict_words,
)
from reports.markup import (
    DASH,
    Html,
    esc,
    fmt_int,
    fmt_pct,
    fmt_pp,
    fmt_q,
    folded,
    html_page,
    table,
    with_contents,
    write_page,
)
from simulator.analysis.compare import (
    CARD_COLUMNS,
    MAIN_FACETS,
    Difference,
    LengthStats,
    Rate,
    Run,
    card_changes,
    cards_only_in,
    count_rates,
    differing_facets,
    has_adjusted,
    headline_name,
    length_stats,
    load_runs,
    mean_difference,
    outcome_rates,
    overall_rate,
    rate_difference,
    win_rates,
)
from simulator.analysis.deciding import card_detection_games
from simulator.analysis.metrics import judge_cards
from simulator.analysis.stats import benjamini_hochberg
from simulator.analysis.verdicts import (
    BALANCED,
    STRONGER,
    UNCLEAR,
    WEAKER,
    Tolerances,
    Verdict,
    decide,
    to_points,
)
from simulator.folders import run_folder

COMPARE_FILE = run_folder.COMPARE_FILE

YES, NO, UNSURE = "yes", "no", "unclear"
"""The opening answer to "does this change the game?" for a pair of runs."""

EXTRA_CSS = """
table.runs th.differs { color: #a40e26; }
table.runs td.differs { font-weight: 600; }
.legend-runs { color: var(--muted); font-size: 12px; }
details { margin: 8px 0 14px; }
summary { cursor: pointer; color: var(--accent); font-weight: 600; }
"""


def default_out(folders: Sequence[str | Path]) -> Path:
    """compare.html in the folder that holds all the runs."""
    parent = Path(os.path.commonpath([str(Path(f).resolve()) for f in folders]))
    if any(Path(f).resolve() == parent for f in folders):
        parent = parent.parent
    return parent / COMPARE_FILE


def build_compare_report(
    folders: Sequence[str | Path],
    out: str | Path | None = None,
    top: int = 25,
    all_pairs: bool = False,
    title: str | None = None,
    tolerances: Tolerances | None = None,
) -> Path:
    """Write the comparison of the run folders (the first is the reference); return its path.
    Each run's verdicts and each change's are judged at `tolerances` (defaults when None)."""
    runs = load_runs(folders)
    path = Path(out) if out is not None else default_out(folders)
    report = CompareReport(runs, top=top, all_pairs=all_pairs, title=title, tolerances=tolerances)
    report.link = card_linker(runs[0].folder, path)
    return write_page(path, report.render())


# ---------------------------------------------------------------------------- small pieces


def fmt_p(p: float | None) -> str:
    if p is None or math.isnan(p):
        return DASH
    return "<0.001" if p < 0.001 else f"{p:.3f}"


def rate_text(rate: Rate | None) -> str:
    if rate is None or not rate.n:
        return DASH
    lo, hi = rate.interval
    return fmt_pct(rate.rate, lo, hi)


def rate_cell(rate: Rate | None) -> Html:
    """A rate with its interval and its n under it."""
    if rate is None or not rate.n:
        return Html(f'<span class="na">{DASH}</span>')
    return Html(
        f'{esc(rate_text(rate))}<span class="n">{fmt_int(rate.wins)} of {fmt_int(rate.n)}</span>'
    )


def diff_cell(d: Difference | None, unit: str = "pp") -> Html:
    """A difference with its interval, and p (and q when there is one) under it."""
    if d is None or d.diff is None or math.isnan(d.diff):
        return Html(f'<span class="na">{DASH}</span>')
    if unit == "pp":
        text = fmt_pp(d.diff, d.lo, d.hi)
    else:
        text = f"{d.diff:+.1f} [{d.lo:+.1f}, {d.hi:+.1f}]"
    under = f"p={fmt_p(d.p)}"
    if not math.isnan(d.q):
        under += f", q={fmt_p(d.q)}"
    sig = d.p < 0.05 if not math.isnan(d.p) else False
    body = f'<span class="sig">{esc(text)}</span>' if sig else esc(text)
    return Html(f'{body}<span class="n">{esc(under)}</span>')


def _figure(uri: str, alt: str) -> Html:
    return Html(f'<figure><img src="{uri}" alt="{esc(alt)}"></figure>')


def _p(text: str) -> Html:
    return Html(f"<p>{esc(text)}</p>")


def _ordinal(k: int) -> str:
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix}"


def _short(text: str, limit: int = 28) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


# ---------------------------------------------------------------------------- figures


def grouped_rate_bars(
    categories: Sequence[str],
    series: Sequence[str],
    rates: Sequence[Sequence[float]],
    lows: Sequence[Sequence[float]],
    highs: Sequence[Sequence[float]],
    reference: float | None,
    title: str,
) -> str:
    """One group of bars per category, one bar per run, with 95% intervals."""
    with matplotlib.rc_context(plots.STYLE):
        k = max(1, len(series))
        width = max(5.0, min(11.0, 1.5 + 0.35 * k * len(categories)))
        fig = Figure(figsize=(width, 3.2))
        ax = fig.add_subplot()
        bar = 0.8 / k
        for s, name in enumerate(series):
            xs = [i - 0.4 + bar * (s + 0.5) for i in range(len(categories))]
            values = [100 * _z(r) for r in rates[s]]
            err = [
                [100 * _gap(r, lo) for r, lo in zip(rates[s], lows[s], strict=True)],
                [100 * _gap(hi, r) for r, hi in zip(rates[s], highs[s], strict=True)],
            ]
            colour = plots.PALETTE[s % len(plots.PALETTE)]
            ax.bar(xs, values, width=bar * 0.95, color=colour, label=_short(name, 40), zorder=2)
            ax.errorbar(xs, values, yerr=err, fmt="none", ecolor="black", capsize=2, zorder=3)
        if reference is not None:
            ax.axhline(100 * reference, color=plots.REFERENCE, linestyle="--", linewidth=1.0)
        ax.set_xticks(range(len(categories)), [_short(c, 24) for c in categories])
        if max((len(c) for c in categories), default=0) > 12:
            ax.tick_params(axis="x", labelrotation=30)
        ax.set_ylabel("win rate (%)")
        ax.set_title(title)
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, frameon=False)
        return plots.figure_data_uri(fig)


def length_lines(labels: Sequence[str], stats: Sequence[LengthStats]) -> str:
    """Share of games per length (common bins), one line per run, medians marked."""
    with matplotlib.rc_context(plots.STYLE):
        fig = Figure(figsize=(8.0, 3.0))
        ax = fig.add_subplot()
        values = [v for s in stats for v, _ in s.counts]
        if values:
            lo, hi = min(values), max(values)
            edges = np.histogram_bin_edges([lo, hi + 1], bins=min(40, max(5, hi + 1 - lo)))
            for i, (label, s) in enumerate(zip(labels, stats, strict=True)):
                if not s.counts:
                    continue
                hist, _ = np.histogram(
                    [v for v, _ in s.counts], bins=edges, weights=[c for _, c in s.counts]
                )
                colour = plots.PALETTE[i % len(plots.PALETTE)]
                ax.stairs(100 * hist / s.games, edges, color=colour, label=_short(label, 40))
                ax.axvline(s.median, color=colour, linestyle=":", linewidth=1.0)
        ax.set_xlabel("turns per game (dotted: medians)")
        ax.set_ylabel("% of games")
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, frameon=False)
        return plots.figure_data_uri(fig)


def _z(v: float) -> float:
    return 0.0 if v is None or math.isnan(v) else v


def _gap(a: float, b: float) -> float:
    if a is None or b is None or math.isnan(a) or math.isnan(b):
        return 0.0
    return max(0.0, a - b)


# ---------------------------------------------------------------------------- judgements


@dataclass(frozen=True)
class Judged:
    """One figure of a pair with a tolerance, as the opening sentence names it."""

    what: str
    """e.g. "the first player's win rate"."""
    verdict: Verdict
    """Its change judged at its tolerance (points)."""
    change: str
    """The change with its interval, e.g. "+2.1 points [+0.5, +3.7]"."""


@dataclass(frozen=True)
class CardMoves:
    """The cards with a verdict figure in both runs of a pair, their changes judged."""

    judged: int
    counts: dict[str, int]
    """Cards per verdict of the change (stronger / weaker in B, balanced, unclear)."""
    moved: list[tuple[str, float]]
    """(name, change in points) of the cards shown to move, the largest first."""
    tolerance: float


@dataclass(frozen=True)
class PairJudgement:
    """What a pair of runs shows: the findings table's rows and what the answer rests on."""

    findings: list[Finding]
    judged: list[Judged]
    length: Difference
    """The change of the mean turns per game (no tolerance: judged by its interval alone)."""
    cards: CardMoves | None


def _finite(*values: float) -> bool:
    return all(v is not None and math.isfinite(v) for v in values)


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _some(k: int, n: int) -> str:
    """'all 12 cards', 'the one card' or '3 of 12 cards'."""
    if k == n:
        return "the one card" if n == 1 else f"all {n} cards"
    return f"{k} of {n} cards"


def _and(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


# ---------------------------------------------------------------------------- the report


class CompareReport:
    """The sections of a comparison, rendered from the runs' aggregates."""

    def __init__(
        self,
        runs: list[Run],
        top: int = 25,
        all_pairs: bool = False,
        title: str | None = None,
        tolerances: Tolerances | None = None,
    ) -> None:
        self.runs = runs
        self.tolerances = tolerances or Tolerances()
        self.link: CardLinker = plain
        """A card's name as HTML: a link to its page in the reference run, where it has one."""
        self.spec = runs[0].spec
        self.top = top
        self.title = title
        n = len(runs)
        if all_pairs:
            self.pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
        else:
            self.pairs = [(0, j) for j in range(1, n)]
        self.lengths = [length_stats(r) for r in runs]
        self.overall = [overall_rate(r) for r in runs]
        self.cards = [
            self._judged(r.cards(list(CARD_COLUMNS)), stats.games)
            for r, stats in zip(runs, self.lengths, strict=True)
        ]
        self._judged_pairs: dict[tuple[int, int], PairJudgement] = {}
        self._card_changes: dict[tuple[int, int], pl.DataFrame] = {}

    def _judged(self, cards: pl.DataFrame, games: int) -> pl.DataFrame:
        """A run's cards judged at this report's tolerance (analysis/verdicts.py's rule)."""
        if "verdict_pp" not in cards.columns:
            return cards
        return judge_cards(cards, self.tolerances.card, games)

    @property
    def labels(self) -> list[str]:
        return [r.label for r in self.runs]

    def render(self) -> str:
        sections = [
            ("length", "Outcomes and game length", self._length()),
            ("end-reasons", "End reasons", self._end_reasons()),
            ("turn-order", "Win rate by turn order", self._turn_order()),
            ("strategy", "Win rate by strategy", self._strategy()),
            ("cards", "Cards whose contribution changes most", self._cards()),
            (
                "method",
                "How the differences are computed",
                folded("intervals, p- and q-values, and what they assume", self._method()),
            ),
            ("runs", "Runs", self._runs()),
        ]
        title = self.title or f"{self.spec.title}: {len(self.runs)} runs compared"
        header = (
            f'<header><h1>{esc(title)}</h1><p class="runline">{esc(self.run_line())}</p></header>'
        )
        footer = "Deckhand comparison of " + ", ".join(str(r.folder) for r in self.runs) + "."
        return html_page(
            title,
            header + self._summary() + with_contents(sections),
            footer,
            EXTRA_CSS + HEADLINE_CSS,
        )

    # ------------------------------------------------------------------ headline

    def run_line(self) -> str:
        """The runs in one line: how many, what they share, what differs, the reference."""
        differs = differing_facets(self.runs)
        games = sorted({s.games for s in self.lengths})
        players = sorted({int(r.game_config["players"]) for r in self.runs})
        parts = [
            f"{len(self.runs)} runs",
            " / ".join(map(str, players)) + " players",
            (
                f"{games[0]:,} games each"
                if len(games) == 1
                else "games " + ", ".join(f"{g:,}" for g in games)
            ),
            "differing in: " + (", ".join(differs) if differs else "nothing in the manifests"),
        ]
        if len(self.pairs) == len(self.runs) - 1:
            parts.append(f"reference: {self.labels[0]}")
        else:
            parts.append("every pair compared")
        return " \u00b7 ".join(parts)

    def _pair(self, i: int, j: int) -> PairJudgement:
        """What changes from run i to run j: first player, strategies, length, end reasons (the
        findings table's rows), each judged figure kept for the opening sentence."""
        if (i, j) in self._judged_pairs:
            return self._judged_pairs[(i, j)]
        a, b = self.runs[i], self.runs[j]
        pair = f"{b.label} vs {a.label}"
        games = min(self.lengths[i].games, self.lengths[j].games) or None

        def q(question: str) -> str:  # name the pair only when there are several
            return question if len(self.pairs) == 1 else f"{question} ({pair})"

        findings = []
        judged: list[Judged] = []

        def add(what: str, result: tuple[Finding, Verdict, Difference]) -> None:
            finding, verdict, d = result
            findings.append(finding)
            judged.append(Judged(what, verdict, fmt_pp(d.diff, d.lo, d.hi)))

        first_a = win_rates(a, "turn_order").get(0)
        first_b = win_rates(b, "turn_order").get(0)
        if first_a and first_b and first_a.n and first_b.n:
            add(
                "the first player's win rate",
                _change_finding(
                    q("First player"),
                    "1st player's win rate",
                    first_a,
                    first_b,
                    "the first player wins",
                    tolerance=self.tolerances.seat,
                    games=games,
                ),
            )
        rates_a, rates_b = win_rates(a, "strategy"), win_rates(b, "strategy")
        shared = [k for k in rates_a if k in rates_b and rates_a[k].n and rates_b[k].n]
        if len(rates_a) < 2 and len(rates_b) < 2:
            names = ", ".join(sorted(set(rates_a) | set(rates_b)))
            findings.append(
                Finding(
                    q("Strategies"), f"{names} in every seat", "one strategy: nothing to compare"
                )
            )
        else:
            changes = {k: rate_difference(rates_a[k], rates_b[k]) for k in shared}
            if changes:
                key = min(changes, key=lambda k: (changes[k].p, k))
                add(
                    f"{key}'s win rate",
                    _change_finding(
                        q("Strategies"),
                        f"{key}'s win rate (the largest change)",
                        rates_a[key],
                        rates_b[key],
                        f"{key} wins",
                        family=[c.p for k, c in changes.items() if k != key],
                        tolerance=self.tolerances.strategy,
                        games=games,
                    ),
                )
        la, lb = self.lengths[i], self.lengths[j]
        d = mean_difference(la, lb)
        finding = (
            f"mean turns {la.mean:.1f} \u2192 {lb.mean:.1f}: {d.diff:+.1f} "
            f"[{d.lo:+.1f}, {d.hi:+.1f}]"
        )
        if d.lo > 0 or d.hi < 0:
            verdict = f"games are {abs(d.diff):.1f} turns {'longer' if d.diff > 0 else 'shorter'}"
            findings.append(Finding(q("Game length"), finding, verdict, "warn"))
        else:  # no tolerance in turns is declared: say what is not ruled out, not "unchanged"
            verdict = (
                f"unclear: a change of up to {max(abs(d.lo), abs(d.hi)):.1f} turns is not ruled out"
            )
            findings.append(Finding(q("Game length"), finding, verdict, "info"))
        ends_a, _ = count_rates(a, "end_reason")
        ends_b, _ = count_rates(b, "end_reason")
        keys = sorted(set(ends_a) | set(ends_b))
        total_a = next(iter(ends_a.values())).n if ends_a else 0
        total_b = next(iter(ends_b.values())).n if ends_b else 0
        if keys and total_a and total_b:
            changes = {
                k: rate_difference(ends_a.get(k, Rate(0, total_a)), ends_b.get(k, Rate(0, total_b)))
                for k in keys
            }
            key = min(changes, key=lambda k: (changes[k].p, k))
            add(
                f"the share of games ending by {key}",
                _change_finding(
                    q("End reasons"),
                    f"share ending by {key} (the largest change)",
                    ends_a.get(key, Rate(0, total_a)),
                    ends_b.get(key, Rate(0, total_b)),
                    f"games end by {key}",
                    family=[c.p for k, c in changes.items() if k != key],
                    tolerance=self.tolerances.strategy,
                    games=games,
                ),
            )
        result = PairJudgement(findings, judged, d, self._card_moves(i, j))
        self._judged_pairs[(i, j)] = result
        return result

    def _changes(self, i: int, j: int) -> pl.DataFrame:
        """The per-card changes from run i to run j (simulator/analysis/compare.py)."""
        if (i, j) not in self._card_changes:
            self._card_changes[(i, j)] = card_changes(self.cards[i], self.cards[j])
        return self._card_changes[(i, j)]

    def _card_change_verdict(self, r: dict[str, Any]) -> Verdict:
        """The change of a card's verdict figure (against its peers) judged at the card
        tolerance: stronger / weaker need its BH q over the pair's cards below 0.05."""
        q = r["peer_change_q"]
        return decide(
            to_points(_nan(r["peer_change"])),
            to_points(_nan(r["peer_change_lo"])),
            to_points(_nan(r["peer_change_hi"])),
            self.tolerances.card,
            significant=q is not None and q < 0.05,
        )

    def _card_moves(self, i: int, j: int) -> CardMoves | None:
        """Every card with a verdict figure in both runs, its change judged (None: no card
        has one, or the summaries predate the verdicts)."""
        changes = self._changes(i, j)
        if "peer_change_p" not in changes.columns:
            return None
        rated = changes.filter(pl.col("peer_change_p").is_not_null())
        if not rated.height:
            return None
        counts = dict.fromkeys((STRONGER, WEAKER, BALANCED, UNCLEAR), 0)
        moved = []
        for r in rated.iter_rows(named=True):
            v = self._card_change_verdict(r)
            counts[v.verdict] += 1
            if v.verdict in (STRONGER, WEAKER):
                moved.append((r["name"], v.estimate))
        moved.sort(key=lambda m: -abs(m[1]))
        return CardMoves(rated.height, counts, moved, self.tolerances.card)

    def _answer(self, i: int, j: int) -> tuple[str, str]:
        """Does run j change the game against run i? (YES, NO or UNSURE, one sentence.)

        Yes: a figure's change is shown beyond its tolerance (first player, a strategy, an end
        reason, a card against its peers) or the mean game length changes (no tolerance in
        turns is declared: any change the interval shows). No: every judged change is shown
        within its tolerance ("balanced": the whole interval inside it). Otherwise unclear, with
        the games per run that would decide where the page computes them."""
        p = self._pair(i, j)
        a, b = self.labels[i], self.labels[j]
        changed, unclear, unchanged = [], [], []
        unsure = []  # what is unclear, in short
        for x in p.judged:
            v = x.verdict
            band = f"\u00b1{v.tolerance:g}"
            if v.verdict in (STRONGER, WEAKER):
                changed.append(f"{x.what} {x.change} (beyond {band})")
            elif v.verdict == BALANCED:
                unchanged.append(f"{x.what} ({band})")
            else:
                more = (
                    f"; about {v.games_to_decide:,} games per run would decide"
                    if v.games_to_decide
                    else ""
                )
                up_to = max(abs(v.lo), abs(v.hi)) if _finite(v.lo, v.hi) else math.nan
                could = f"could change by up to {up_to:.1f} points, " if _finite(up_to) else ""
                unclear.append(f"{x.what} ({could}{band} tolerated{more})")
                unsure.append(x.what)
        d = p.length
        length = f"{d.diff:+.1f} turns [{d.lo:+.1f}, {d.hi:+.1f}]"
        if d.lo > 0 or d.hi < 0:
            changed.append(f"the mean game length {length}")
        cards = p.cards
        if cards is not None:
            band = f"\u00b1{cards.tolerance:g}"
            moved = cards.counts[STRONGER] + cards.counts[WEAKER]
            if moved:
                names = ", ".join(f"{name} {est:+.1f}" for name, est in cards.moved[:3])
                more = ", \u2026" if moved > 3 else ""
                changed.append(
                    f"{_cards(moved)} of {cards.judged} {'move' if moved > 1 else 'moves'} "
                    f"beyond {band} points against {'their' if moved > 1 else 'its'} peers "
                    f"({names}{more})"
                )
            if cards.counts[UNCLEAR]:
                plan = self._card_plan()
                needs = (
                    f"; a 2-point change of a card needs about {plan[0]:,} games per run"
                    if plan is not None and plan[0] > plan[1]
                    else ""
                )
                some = _some(cards.counts[UNCLEAR], cards.judged)
                unclear.append(
                    f"{some} against the typical card (not yet shown within {band} points{needs})"
                )
                unsure.append(some)
            if cards.counts[BALANCED]:
                some = _some(cards.counts[BALANCED], cards.judged)
                unchanged.append(f"{some} against the typical card ({band})")
        if changed:
            rest = f"; not yet clear: {', '.join(unsure)}" if unsure else ""
            return YES, f"Yes: {b} changes the game against {a}: " + "; ".join(changed) + rest + "."
        no_cards = "; the cards have no verdict figure to compare" if cards is None else ""
        if not unclear and unchanged:
            return NO, (
                f"No change shown within the tolerances: {b} against {a} leaves "
                f"{_and(unchanged)} unchanged{no_cards}; the mean game length {length} is not "
                "judged (no tolerance in turns)."
            )
        if not unclear and not unchanged:
            return UNSURE, (
                f"Not yet clear whether {b} changes the game against {a}: nothing in these runs "
                f"has a tolerance to judge it by{no_cards}; the mean game length {length}."
            )
        kept = f"; unchanged within the tolerance: {', '.join(unchanged)}" if unchanged else ""
        return UNSURE, (
            f"Not yet clear whether {b} changes the game against {a}: "
            + "; ".join(unclear)
            + f"{kept}{no_cards}."
        )

    def _answers(self) -> Html:
        """The opening answer to "does this change the game?": one sentence for one pair; for
        several, which pairs do, then one sentence per pair."""
        answers = [(i, j, *self._answer(i, j)) for i, j in self.pairs]
        if len(answers) == 1:
            return Html(f'<p class="answer" id="answer">{esc(answers[0][3])}</p>')
        groups = {
            kind: [f"{self.labels[j]} vs {self.labels[i]}" for i, j, k, _ in answers if k == kind]
            for kind in (YES, UNSURE, NO)
        }
        yes, n = groups[YES], len(answers)
        parts = [
            f"Changes the game in {len(yes)} of the {n} comparisons: {_and(yes)}"
            if yes
            else f"None of the {n} comparisons shows a change of the game"
        ]
        if groups[UNSURE]:
            parts.append(f"not yet clear: {_and(groups[UNSURE])}")
        if groups[NO]:
            parts.append(f"no change shown within the tolerances: {_and(groups[NO])}")
        lead = "; ".join(parts) + "."
        items = "".join(
            f'<li class="answer-{kind}">{esc(sentence)}</li>' for _, _, kind, sentence in answers
        )
        return Html(
            f'<p class="answer" id="answer">{esc(lead)}</p>'
            f'<ul id="answers" class="can-tell">{items}</ul>'
        )

    def _summary(self) -> Html:
        """The answer to "does this change the game?" first, then the findings behind it with
        their intervals and q-values, the cards whose verdict changes most, and what the
        comparison can tell."""
        parts = ["<h2>Summary</h2>", self._answers()]
        parts.append(
            _p(
                f"Tolerances: {self.tolerances.text()} points of win rate (--tolerance). "
                "Unchanged means the whole 95% interval of the change lies within the "
                "tolerance; not yet clear means these runs cannot tell either way."
            )
        )
        findings = [f for i, j in self.pairs for f in self._pair(i, j).findings]
        parts.append(findings_table(findings, "verdicts"))
        parts.append("<h3>Cards whose verdict changes most</h3>")
        parts.append(self._card_headline())
        parts.append("<h3>What this comparison can and cannot tell</h3>")
        lines = [
            self._card_plan_line(),
            "Runs with the same seed share their random streams, so the intervals of a change "
            "are conservative; a card's figure is relative to the other cards of its run, so a "
            "mix that adds stronger cards can move a card that did not change.",
        ]
        parts.append(bullet_list([line for line in lines if line], "can-tell"))
        return Html(f'<section id="summary">{"".join(parts)}</section>')

    def _card_headline(self, limit: int = 5) -> Html:
        """The largest changes of the per-card verdict figure (the card against its peers, on
        its game's declared measure) over every pair, by p-value, with BH q per pair."""
        rows = []
        for i, j in self.pairs:
            changes = self._changes(i, j)
            if "peer_change_p" not in changes.columns:
                continue
            rated = changes.filter(pl.col("peer_change_p").is_not_null())
            for r in rated.iter_rows(named=True):
                rows.append((r["peer_change_p"], i, j, r))
        if not rows:
            return _p(
                "No card has a verdict figure in two runs (too few games, or card summaries "
                "written before the verdicts): see the card tables below."
            )
        rows.sort(key=lambda t: (t[0], t[3]["name"]))
        body = []
        tolerance = self.tolerances.card
        for _, i, j, r in rows[:limit]:
            words_a = verdict_words(
                {"verdict": r["verdict_a"], "verdict_peers": r["peers"], "tolerance": tolerance}
            )
            words_b = verdict_words(
                {"verdict": r["verdict_b"], "verdict_peers": r["peers"], "tolerance": tolerance}
            )
            change = self._card_change_verdict(r)
            change_words = {
                STRONGER: "stronger in B",
                WEAKER: "weaker in B",
                BALANCED: f"balanced: unchanged within \u00b1{tolerance:g}",
            }.get(change.verdict, f"unclear: not shown within \u00b1{tolerance:g}")
            cells: list[object] = [
                Html(f'<b>{self.link(r["name"])}</b><span class="n">{esc(r["type"])}</span>')
            ]
            if len(self.pairs) > 1:
                cells.append(f"{self.labels[j]} vs {self.labels[i]}")
            body.append(
                (
                    *cells,
                    measure_words(self.spec, r["type"], short=True),
                    Html(
                        f"{esc(_pp(r['peer_a'], r['peer_lo_a'], r['peer_hi_a']))}"
                        f'<span class="n">{esc(words_a)}</span>'
                    ),
                    Html(
                        f"{esc(_pp(r['peer_b'], r['peer_lo_b'], r['peer_hi_b']))}"
                        f'<span class="n">{esc(words_b)}</span>'
                    ),
                    Html(
                        f"{esc(_pp(r['peer_change'], r['peer_change_lo'], r['peer_change_hi']))}"
                        f'<span class="n">{esc(change_words)}</span>'
                    ),
                )
            )
        flagged = sum(
            1 for t in rows if t[3]["peer_change_q"] is not None and t[3]["peer_change_q"] < 0.05
        )
        names = "" if len(self.pairs) > 1 else f" (A = {self.labels[0]}, B = {self.labels[1]})"
        lead = _p(
            f"{flagged} of {len(rows)} card comparisons change by more than chance allows (one "
            f"false alarm in twenty among the flagged, per pair); the {min(limit, len(rows))} "
            f"clearest changes{names}, every card in the Cards section:"
        )
        headers = (
            "card",
            *(("runs (B vs A)",) if len(self.pairs) > 1 else ()),
            "win rate when \u2026",
            "A: against the typical card [95% CI]",
            "B: against the typical card [95% CI]",
            "change B \u2212 A [95% CI]",
        )
        return Html(lead + table(headers, body, "standout", len(headers) - 3))

    def _card_plan(self) -> tuple[int, int] | None:
        """(games per run to see a 2-point change of a card's verdict figure, the fewest games
        a run has): a difference of two independent estimates has twice the variance of one,
        so twice the games the reference run's own intervals need
        (deciding.card_detection_games, what `deckhand plan --run A -d 2` prints)."""
        cards = self.cards[0]
        if "lo" not in cards.columns:
            return None
        needed = card_detection_games(cards, self.lengths[0].games, 100 * CARD_EFFECT)
        if needed is None:
            return None
        return 2 * needed, min(s.games for s in self.lengths)

    def _card_plan_line(self) -> str | None:
        """The games per run a 2-point change of a card needs, in words (`_card_plan`)."""
        plan = self._card_plan()
        if plan is None:
            return None
        per_run, have = plan
        how = (
            "80% power, one test at 5%: twice what "
            f"deckhand plan --run {self.runs[0].folder} -d {100 * CARD_EFFECT:g} says"
        )
        if per_run <= have:
            return (
                f"A change of {points(CARD_EFFECT)} in a card's verdict figure is detectable "
                f"with these games (about {per_run:,} per run would do; {how})."
            )
        return (
            f"A change smaller than {points(CARD_EFFECT)} in a card's verdict figure is not "
            f"reliably detectable: it needs about {per_run:,} games per run, "
            f"{per_run - have:,} more ({how})."
        )

    # ------------------------------------------------------------------ runs

    def _runs(self) -> Html:
        facets = list(self.runs[0].facets)
        differs = set(differing_facets(self.runs))
        head = "<th></th>" + "".join(f"<th>{esc(label)}</th>" for label in self.labels)
        rows = [f"<tr><th>run folder</th>{self._cells([str(r.folder) for r in self.runs])}</tr>"]
        for key in facets:
            if key not in MAIN_FACETS and key not in differs:
                continue
            cls = ' class="differs"' if key in differs else ""
            cells = "".join(f"<td{cls}>{esc(r.facets[key])}</td>" for r in self.runs)
            rows.append(f"<tr><th{cls}>{esc(key)}</th>{cells}</tr>")
        finished = [r.manifest.get("finished") or "not finished" for r in self.runs]
        rows.append(f"<tr><th>finished</th>{self._cells(finished)}</tr>")
        note = _p(
            "Each run is labelled by the settings that differ between the runs (in red). "
            + (
                f"Every other run is compared with the reference, {self.labels[0]}."
                if len(self.pairs) == len(self.runs) - 1
                else "Every pair of runs is compared."
            )
        )
        return Html(
            f'<div class="scroll"><table class="runs meta" id="runs-table"><thead><tr>{head}'
            f"</tr></thead><tbody>{''.join(rows)}</tbody></table></div>{note}"
        )

    @staticmethod
    def _cells(values: Sequence[str]) -> str:
        return "".join(f"<td><code>{esc(v)}</code></td>" for v in values)

    # ------------------------------------------------------------------ length

    def _length(self) -> Html:
        rows = []
        for i, (run, s) in enumerate(zip(self.runs, self.lengths, strict=True)):
            outcomes = outcome_rates(run)
            lo, hi = s.mean_interval
            ref = self.lengths[0]
            delta = mean_difference(ref, s) if i else None
            rows.append(
                [
                    run.label,
                    fmt_int(s.games),
                    f"{s.mean:.1f} [{lo:.1f}, {hi:.1f}]",
                    diff_cell(delta, unit="turns") if i else Html(DASH),
                    f"{s.median:g} [{s.median_lo:g}, {s.median_hi:g}]",
                    rate_text(outcomes["shared win"]),
                    rate_text(outcomes["no winner"]),
                    rate_text(self.overall[i]),
                ]
            )
        headers = [
            "run",
            "games",
            "mean turns [95% CI]",
            "mean change vs reference [95% CI]",
            "median turns [95% CI]",
            "shared wins",
            "no winner",
            "average win rate",
        ]
        uri = length_lines(self.labels, self.lengths)
        return Html(
            table(headers, rows, "length-table")
            + _p(
                "Turns are player-turns per game. The mean's interval is normal (mean \u00b1 "
                "1.96 sd/\u221an); the median's is distribution-free (order statistics); the "
                "change of the mean uses Welch's standard error. The average win rate is all "
                "wins over all player-games (above 1/players when wins are shared)."
            )
            + _figure(uri, "distribution of turns per game, one line per run")
        )

    # ------------------------------------------------------------------ categories

    def _side_by_side(
        self,
        table_id: str,
        category: str,
        keys: Sequence[Any],
        label: Any,
        rates: list[dict[Any, Rate]],
    ) -> Html:
        headers = [category] + [f"{lab}" for lab in self.labels]
        headers += [f"{self.labels[j]} vs {self.labels[i]}" for i, j in self.pairs]
        rows = []
        for key in keys:
            row: list[object] = [label(key)]
            row += [rate_cell(r.get(key)) for r in rates]
            for i, j in self.pairs:
                a, b = rates[i].get(key), rates[j].get(key)
                row.append(diff_cell(rate_difference(a, b)) if a and b and a.n and b.n else DASH)
            rows.append(row)
        return table(headers, rows, table_id)

    def _end_reasons(self) -> Html:
        rates = []
        for run in self.runs:
            by_reason, _ = count_rates(run, "end_reason")
            rates.append(by_reason)
        declared = [r for r, _ in self.spec.end_reasons]
        seen = {k for r in rates for k in r}
        keys = [r for r in declared if r in seen] + sorted(seen - set(declared))
        meanings = dict(self.spec.end_reasons)
        body = self._side_by_side("end-reasons-table", "end reason", keys, str, rates)
        legend = "; ".join(f"{k}: {meanings.get(k, '')}" for k in keys)
        return Html(
            body
            + _p(
                "Share of games ending each way (95% Wilson interval), and the change against "
                "the reference in percentage points (Newcombe interval, two-proportion p)."
            )
            + Html(f'<p class="legend">{esc(legend)}</p>')
        )

    def _turn_order(self) -> Html:
        rates = [win_rates(r, "turn_order") for r in self.runs]
        keys = sorted({k for r in rates for k in r})

        def label(k: Any) -> str:
            return _ordinal(int(k) + 1) + (" (first player)" if k == 0 else "")

        body = self._side_by_side("turn-order-table", "turn order", keys, label, rates)
        players = {int(r.game_config["players"]) for r in self.runs}
        reference = 1 / players.pop() if len(players) == 1 else None
        uri = grouped_rate_bars(
            [label(k) for k in keys],
            self.labels,
            [[_rate(r.get(k)) for k in keys] for r in rates],
            [[_rate(r.get(k), 1) for k in keys] for r in rates],
            [[_rate(r.get(k), 2) for k in keys] for r in rates],
            reference,
            "Win rate by turn order (95% Wilson intervals; dashed: 1/players)",
        )
        return Html(
            body
            + _p(
                "Win rate of the player-games at each position in the turn order (1st = the "
                "player who played first), and the change against the reference."
            )
            + _figure(uri, "grouped bar chart of win rate by turn order, one bar per run")
        )

    def _strategy(self) -> Html:
        rates = [win_rates(r, "strategy") for r in self.runs]
        keys = list(dict.fromkeys(s for r in self.runs for s in r.config["strategies"]))
        keys += sorted({k for r in rates for k in r} - set(keys))
        body = self._side_by_side("strategy-table", "strategy", keys, str, rates)
        parts = [body]
        if len(keys) > 1:
            uri = grouped_rate_bars(
                keys,
                self.labels,
                [[_rate(r.get(k)) for k in keys] for r in rates],
                [[_rate(r.get(k), 1) for k in keys] for r in rates],
                [[_rate(r.get(k), 2) for k in keys] for r in rates],
                None,
                "Win rate by strategy (95% Wilson intervals)",
            )
            parts.append(_figure(uri, "grouped bar chart of win rate by strategy"))
        else:
            parts.append(_p("One strategy in every run: this is the overall win rate."))
        return Html("".join(parts))

    # ------------------------------------------------------------------ cards

    def _cards(self) -> Html:
        parts = []
        for i, j in self.pairs:
            parts.append(self._card_pair(i, j))
        return Html("".join(parts))

    def _card_pair(self, i: int, j: int) -> Html:
        a, b = self.runs[i], self.runs[j]
        changes = self._changes(i, j)
        anchor = f"cards-{i}-{j}"
        parts = [f'<h3 id="{anchor}">{esc(b.label)} vs {esc(a.label)}</h3>']
        parts.append(
            f'<p class="legend-runs"><b>A</b> = {esc(a.label)} (<code>{esc(a.folder)}</code>), '
            f"<b>B</b> = {esc(b.label)} (<code>{esc(b.folder)}</code>); change = B \u2212 A.</p>"
        )
        if changes.height == 0:
            parts.append(_p("No card is in the game in both runs."))
        else:
            headline = changes["headline"][0]
            parts.append(self._card_summary(changes, headline))
            shown = changes.head(self.top)
            parts.append(self._card_table(shown, headline, f"{anchor}-top"))
            forest = shown.filter(pl.col(f"{headline}_change").is_not_null())
            if forest.height:
                uri = plots.iwd_forest(
                    forest["name"].to_list(),
                    forest["type"].to_list(),
                    list(dict.fromkeys(changes["type"].to_list())),
                    forest[f"{headline}_change"].to_list(),
                    forest[f"{headline}_change_lo"].fill_null(math.nan).to_list(),
                    forest[f"{headline}_change_hi"].fill_null(math.nan).to_list(),
                    xlabel=f"change of the {headline_name(headline)}, B \u2212 A "
                    "(percentage points), 95% interval",
                )
                parts.append(
                    _figure(uri, f"forest plot of the card changes, {b.label} vs {a.label}")
                )
            if changes.height > shown.height:
                parts.append(
                    f"<details><summary>All {changes.height} cards compared</summary>"
                    + self._card_table(changes, headline, f"{anchor}-all")
                    + "</details>"
                )
        for side, other, run in (
            (self.cards[j], self.cards[i], b),
            (self.cards[i], self.cards[j], a),
        ):
            only = cards_only_in(other, side)
            if only.height:
                parts.append(self._only_table(only, run, f"{anchor}-only-{_slug(run.label)}"))
        return Html("".join(parts))

    def _card_summary(self, changes: pl.DataFrame, headline: str) -> Html:
        def count(measure: str) -> tuple[int, int]:
            q = changes[f"{measure}_change_q"].drop_nulls()
            return q.len(), int((q < 0.05).sum())

        n_adj, sig_adj = count("adj")
        n_iwd, sig_iwd = count("iwd")
        texts = []
        if headline == "adj":
            texts.append(
                f"{n_adj} cards have an adjusted figure in both runs; the change of {sig_adj} "
                "of them has a Benjamini-Hochberg q below 0.05."
            )
        elif n_adj == 0 and all(has_adjusted(c.columns) for c in self.cards):
            texts.append(
                "No card has an adjusted figure in both runs (a figure needs at least 100 "
                "player-games with and 100 without the card in hand), so the headline is the "
                "raw IWD."
            )
        else:
            texts.append(
                "The card summaries have no adjusted columns (runs written before the adjusted "
                "model), so the headline is the raw IWD."
            )
        texts.append(
            f"{n_iwd} cards have an IWD in both runs; the change of {sig_iwd} has q < 0.05. "
            f"The table shows the {min(self.top, changes.height)} cards with the smallest "
            "headline p-value."
        )
        return Html("".join(_p(t) for t in texts))

    def _card_table(self, rows: pl.DataFrame, headline: str, table_id: str) -> Html:
        headers: list[str] = ["card", "type"]
        measures = ["adj", "iwd"] if headline == "adj" else ["iwd"]
        names = {"adj": "adjusted, in hand:", "iwd": "in hand vs never in hand, IWD"}
        for m in measures:
            headers += [f"{names[m]} A", f"{names[m]} B", f"{names[m]} change [95% CI]", "p", "q"]
        headers.append("player-games in hand (A / B)")
        body = []
        for r in rows.iter_rows(named=True):
            cells: list[object] = [r["name"], r["type"]]
            for m in measures:
                cells.append(_pp(r[f"{m}_a"], r[f"{m}_lo_a"], r[f"{m}_hi_a"]))
                cells.append(_pp(r[f"{m}_b"], r[f"{m}_lo_b"], r[f"{m}_hi_b"]))
                d = r[f"{m}_change"]
                cells.append(_pp(d, r[f"{m}_change_lo"], r[f"{m}_change_hi"]))
                cells.append(fmt_p(_nan(r[f"{m}_change_p"])))
                cells.append(fmt_q(_nan(r[f"{m}_change_q"])))
            cells.append(f"{fmt_int(r['gih_n_a'])} / {fmt_int(r['gih_n_b'])}")
            body.append(cells)
        return table(headers, body, table_id, 2)

    def _only_table(self, only: pl.DataFrame, run: Run, table_id: str) -> Html:
        adjusted = "adj_pp" in only.columns
        only = only.with_columns(
            (pl.col("adj_pp") if adjusted else pl.col("iwd")).fill_nan(None).alias("_key")
        ).sort("_key", descending=True, nulls_last=True)
        headers = ["card", "type", "in hand vs never in hand, IWD [95% CI]", "IWD q"]
        if "verdict_pp" in only.columns:
            headers += ["verdict: against the typical card [95% CI]"]
        if adjusted:
            headers += ["adjusted, in hand [95% CI]", "adj. q"]
        body = []
        for r in only.iter_rows(named=True):
            cells: list[object] = [
                r["name"],
                r["type"],
                _pp(r["iwd"], r["iwd_lo"], r["iwd_hi"]),
                fmt_q(_nan(r["iwd_q"])),
            ]
            if "verdict_pp" in only.columns:
                cells.append(verdict_cell(r))
            if adjusted:
                cells += [_pp(r["adj_pp"], r["adj_lo"], r["adj_hi"]), fmt_q(_nan(r["adj_q"]))]
            body.append(cells)
        flagged = ""
        if adjusted and "adj_flag" in only.columns:
            marks = {"over": "\u25b2", "under": "\u25bc"}
            named = [
                f"{r['name']} {marks.get(r['adj_flag'], r['adj_flag'])}"
                for r in only.iter_rows(named=True)
                if r["adj_flag"]
            ]
            flagged = f" (adjusted q < 0.05: {', '.join(named)})" if named else " (none flagged)"
        return Html(
            f"<details><summary>{only.height} cards in the game only in "
            f"{esc(run.label)}{esc(flagged)}</summary>"
            + _p("Their contribution within that run (no change can be computed).")
            + table(headers, body, table_id, 2)
            + "</details>"
        )

    # ------------------------------------------------------------------ text

    def _method(self) -> Html:
        paragraphs = [
            "Every difference is B \u2212 A, a run against the reference (or each pair), with a "
            "95% interval and a two-sided p-value. Win rates and shares: Newcombe's hybrid "
            "score interval and the pooled two-proportion z-test. Mean game length: Welch's "
            "standard error, normal interval.",
            "Cards are matched by type and name and compared when they are in the game in both "
            "runs. The change of a card's adjusted contribution is the difference of its "
            "figures in percentage points; its standard error combines the two runs' "
            "(each the coefficient's standard error times p(1\u2212p) at the figure, the delta "
            "method), the interval is normal and p is the z-test of no change. The raw IWD "
            "change uses the Wald standard error of each IWD from its counts. q-values are "
            "Benjamini-Hochberg across the cards compared, one family per measure and pair: "
            "with 100 cards, a few p < 0.05 are expected by chance, q < 0.05 is the one to read.",
            "The runs are treated as independent. Runs with the same seed share their random "
            "streams (common random numbers), which makes their differences positively "
            "correlated: the intervals are then conservative (too wide), never too narrow.",
            "A card's contribution is relative to the other cards of its run: when the mix "
            "changes, a card can look better or worse because its competitors changed, not "
            "because it did. The adjusted figure controls for turn order and strategy within "
            "each run, not for skill or luck within a strategy (docs/metrics.md).",
        ]
        return Html("".join(_p(t) for t in paragraphs))


def _change_finding(
    question: str,
    what: str,
    a: Rate,
    b: Rate,
    subject: str,
    family: Sequence[float] = (),
    tolerance: float = Tolerances().seat,
    games: int | None = None,
) -> tuple[Finding, Verdict, Difference]:
    """A rate in two runs, its change with the Newcombe interval, and its verdict at
    `tolerance` points (analysis/verdicts.py): `balanced` reads "unchanged within ±tolerance".
    Returns the findings table's row, the verdict and the change. `games` (the fewer of the two
    runs') scales the games per run that would decide an unclear change (default: the rates'
    counts, which are player-games for a strategy that sits in several seats).

    When the rate was picked as the largest change of a family (strategies, end reasons:
    `family` holds the other members' p-values), a change needs its Benjamini-Hochberg q over
    the whole family, not the interval alone."""
    d = rate_difference(a, b)
    finding = f"{what}: {rate_text(a)} \u2192 {rate_text(b)}: {fmt_pp(d.diff, d.lo, d.hi)}"
    q = d.p
    if family:
        q = min(benjamini_hochberg([*family, d.p])[-1], 1.0)
        finding += f"; q = {fmt_p(q)} over the {len(family) + 1}"
    v = decide(
        to_points(d.diff),
        to_points(d.lo),
        to_points(d.hi),
        tolerance,
        significant=(d.lo > 0 or d.hi < 0) and q < 0.05,
        games=games or min(a.n, b.n) or None,
    )
    band = f"\u00b1{tolerance:g} points"
    if v.verdict in (STRONGER, WEAKER):
        more = "more" if d.diff > 0 else "less"
        words = f"{subject} {points(d.diff)} {more} often (beyond {band})"
        return Finding(question, finding, words, "warn"), v, d
    if v.verdict == BALANCED:
        return Finding(question, finding, f"balanced: unchanged within {band}", "ok"), v, d
    more = f"; about {v.games_to_decide:,} games per run would decide" if v.games_to_decide else ""
    words = (
        f"unclear: a change of up to {max(abs(v.lo), abs(v.hi)):.1f} points is not ruled out "
        f"({band} tolerated){more}"
    )
    return Finding(question, finding, words, "info"), v, d


def _rate(rate: Rate | None, which: int = 0) -> float:
    if rate is None or not rate.n:
        return math.nan
    return (rate.rate, *rate.interval)[which]


def _nan(v: Any) -> float:
    return math.nan if v is None else float(v)


def _pp(d: Any, lo: Any, hi: Any) -> str:
    return fmt_pp(_nan(d), _nan(lo), _nan(hi))


def _slug(text: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in text.lower()) or "run"
