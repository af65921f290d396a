"""The first screen of every report: what a designer reads in ten seconds.

A report opens with the run in one line, then the balance findings (first player, strategy
strength, game length, end reasons), each a number with its interval and a verdict in plain
words, then the cards that stand out from their peers (the verdict columns of cards.parquet,
simulator/analysis/metrics.py `with_verdicts`) and what the run can and cannot tell, from the
planning code behind `deckhand plan` (simulator/analysis/planning.py). The run, compare and sweep
reports build their headlines from these pieces; the details and the metadata follow.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import polars as pl

from reports.card_links import CardLinker, plain
from reports.markup import DASH, Html, esc, fmt_int, fmt_pct, fmt_pp, table
from simulator.analysis.deciding import CardDecisions, seat_verdict, strategy_verdict
from simulator.analysis.metrics import VERDICT_FEW, VERDICT_NO_PEERS
from simulator.analysis.planning import plan
from simulator.analysis.stats import Z95, newcombe_difference, wilson
from simulator.analysis.verdicts import (
    BALANCED,
    STRONGER,
    UNCLEAR,
    WEAKER,
    Tolerances,
    Verdict,
)
from simulator.core.errors import ConfigError
from simulator.core.spec import GameSpec

CARD_EFFECT = 0.02
"""The card effect the "can and cannot tell" line plans for: 2 points of win rate."""

SEAT_EFFECT = 0.01
"""The seat advantage the planning line names: 1 point of win rate."""

TONES = ("ok", "warn", "info")


@dataclass(frozen=True)
class Finding:
    """One line of the headline: the question, the numbers, the verdict in plain words."""

    question: str
    finding: str
    verdict: str
    tone: str = "info"
    """'ok' (nothing to act on), 'warn' (worth a designer's look) or 'info'."""


def points(x: float) -> str:
    """A win-rate difference in plain words: 0.031 -> '3.1 points'."""
    return f"{100 * abs(x):.1f} points"


def findings_table(findings: Sequence[Finding], table_id: str) -> Html:
    """The balance findings as a three-column table, the verdict marked by its tone."""
    rows = [
        (
            Html(f"<b>{esc(f.question)}</b>"),
            f.finding,
            Html(f'<span class="verdict {esc(f.tone)}">{esc(f.verdict)}</span>'),
        )
        for f in findings
    ]
    return table(("", "finding [95% CI]", "verdict"), rows, table_id, 9)


TONE_OF = {BALANCED: "ok", STRONGER: "warn", WEAKER: "warn", UNCLEAR: "info"}
"""How a verdict is marked: balanced green, a difference red, unclear plain."""


def first_player_finding(
    first_wins: int,
    first_n: int,
    rest_wins: int,
    rest_n: int,
    tolerance: float = Tolerances().seat,
) -> Finding:
    """The first player's win rate against all later positions pooled (seat_verdict)."""
    d, lo, hi = newcombe_difference(first_wins, first_n, rest_wins, rest_n)
    if math.isnan(d):
        return Finding("First player", DASH, "not measurable in this run")
    a_lo, a_hi = wilson(first_wins, first_n)
    b_lo, b_hi = wilson(rest_wins, rest_n)
    finding = (
        f"1st player wins {fmt_pct(first_wins / first_n, a_lo, a_hi)}, later players "
        f"{fmt_pct(rest_wins / rest_n, b_lo, b_hi)}: {fmt_pp(d, lo, hi)}"
    )
    v = seat_verdict(first_wins, first_n, rest_wins, rest_n, tolerance)
    band = f"\u00b1{tolerance:g} points"
    if v.verdict == BALANCED:
        words = f"balanced: the first player's edge is within {band}"
    elif v.verdict == STRONGER:
        words = (
            f"first-player advantage of about {points(d)} (at least {points(lo)}; {band} tolerated)"
        )
    elif v.verdict == WEAKER:
        words = (
            f"first-player disadvantage of about {points(d)} (at least {points(hi)}; "
            f"{band} tolerated)"
        )
    else:
        words = _unclear_words(v, "the first player's edge")
    return Finding("First player", finding, words, TONE_OF[v.verdict])


def _unclear_words(v: Verdict, what: str) -> str:
    decide_in = f"; about {v.games_to_decide:,} games would decide" if v.games_to_decide else ""
    return (
        f"unclear: {what} is not yet shown within \u00b1{v.tolerance:g} points "
        f"(it could be {max(abs(v.lo), abs(v.hi)):.1f}){decide_in}"
    )


def strategy_finding(
    rates: dict[str, tuple[int, int]], tolerance: float = Tolerances().strategy, games: int = 0
) -> Finding:
    """The strongest strategy against the weakest by win rate (strategy -> wins, n), judged at
    `tolerance` points (deciding.strategy_verdict); `games` (the run's) scales the games that
    would decide."""
    judged = strategy_verdict(rates, tolerance, games or None)
    if judged is None:
        name = next(iter(rates), "?")
        return Finding(
            "Strategies", f"{name} in every seat", "one strategy: nothing to compare", "info"
        )
    ranked = sorted(rates, key=lambda s: rates[s][0] / max(rates[s][1], 1), reverse=True)
    parts = []
    for name in ranked:
        w, n = rates[name]
        r_lo, r_hi = wilson(w, n)
        parts.append(f"{name} {fmt_pct(w / n if n else math.nan, r_lo, r_hi)}")
    finding = "win rate: " + "; ".join(parts)
    v, best, worst = judged.verdict, judged.best, judged.worst
    if v.verdict == BALANCED:
        words = f"balanced: {best} and {worst} within \u00b1{tolerance:g} points of each other"
        return Finding("Strategies", finding, words, "ok")
    if v.verdict in (STRONGER, WEAKER):
        words = (
            f"{best} wins {abs(v.estimate):.1f} points more often than {worst} (at least "
            f"{abs(v.lo):.1f}; \u00b1{tolerance:g} tolerated)"
        )
        return Finding("Strategies", finding, words, "warn" if len(rates) == 2 else "info")
    return Finding("Strategies", finding, _unclear_words(v, f"{best} against {worst}"), "info")


def length_finding(turns: pl.Series, max_turns: int | None) -> Finding:
    """Turns per game (median, mean with its normal interval, p90) and the turn-limit share."""
    n = turns.len()
    if not n:
        return Finding("Game length", DASH, "no games")
    mean = float(turns.mean() or 0.0)
    sd = float(turns.std() or 0.0) if n > 1 else 0.0
    half = Z95 * sd / math.sqrt(n)
    finding = (
        f"median {turns.median():,.0f} turns, mean {mean:,.1f} [{mean - half:,.1f}, "
        f"{mean + half:,.1f}], 90% of games within {turns.quantile(0.9, 'linear'):,.0f}"
    )
    capped = int((turns >= max_turns).sum()) if max_turns else 0
    if capped:
        lo, hi = wilson(capped, n)
        share = fmt_pct(capped / n, lo, hi)
        tone = "warn" if capped / n >= 0.01 else "info"
        return Finding(
            "Game length",
            finding,
            f"{share} of games reached the turn limit of {max_turns:,}: bots that stall, or a "
            "limit too low",
            tone,
        )
    return Finding("Game length", finding, "no game reached the turn limit", "ok")


def end_reason_finding(counts: dict[str, int], spec: GameSpec) -> Finding:
    """How games end: every reason seen with its share, the dominant one in words."""
    total = sum(counts.values())
    if not total:
        return Finding("End reasons", DASH, "no games")
    meanings = dict(spec.end_reasons)
    ranked = sorted(counts, key=lambda r: -counts[r])
    parts = []
    for reason in ranked:
        lo, hi = wilson(counts[reason], total)
        parts.append(f"{reason} {fmt_pct(counts[reason] / total, lo, hi)}")
    top = ranked[0]
    share = counts[top] / total
    stalled = counts.get("turn_limit", 0) / total
    if stalled >= 0.01:
        verdict = f"{100 * stalled:.1f}% of games end at the turn limit with no normal ending"
        return Finding("End reasons", "; ".join(parts), verdict, "warn")
    if share >= 0.5:
        verdict = f"{100 * share:.0f}% of games end this way: {meanings.get(top, top)}"
    else:
        verdict = "no single way of ending dominates"
    return Finding("End reasons", "; ".join(parts), verdict, "info")


# ---------------------------------------------------------------------------- cards


VERDICT_WORDS = {
    STRONGER: "\u25b2 stronger than the typical card of its kind ({peers})",
    WEAKER: "\u25bc weaker than the typical card of its kind ({peers})",
    BALANCED: "balanced with the typical card of its kind ({peers}; within \u00b1{tolerance:g})",
    UNCLEAR: "unclear (not yet within \u00b1{tolerance:g})",
}


def verdict_words(row: dict[str, Any]) -> str:
    """A card's verdict in plain words, naming its peers and the tolerance."""
    verdict = row.get("verdict")
    if not verdict:
        if row.get("verdict_note") == VERDICT_NO_PEERS:
            return f"no other {row.get('verdict_peers') or 'cards'} to compare with"
        return DASH
    if verdict == UNCLEAR and row.get("verdict_note") == VERDICT_FEW:
        return "unclear: too few games with it"
    words = VERDICT_WORDS.get(verdict, verdict).format(
        peers=row.get("verdict_peers") or "cards", tolerance=row.get("tolerance") or 0
    )
    if verdict == UNCLEAR and row.get("verdict_games_to_decide"):
        words += f"; about {row['verdict_games_to_decide']:,} games would decide"
    return words


def verdict_cell(row: dict[str, Any]) -> Html:
    """The verdict figure with its interval (points) and the plain words under it."""
    words = verdict_words(row)
    verdict = row.get("verdict") or ""
    pp = row.get("verdict_pp")
    figure = (
        esc(fmt_pp(pp, row["verdict_lo"], row["verdict_hi"]))
        if pp is not None and not math.isnan(pp)
        else Html(f'<span class="na">{DASH}</span>')
    )
    return Html(
        f'{figure}<span class="n verdict-{esc(verdict.replace(" ", "-"))}">{esc(words)}</span>'
    )


def measure_words(spec: GameSpec, kind: str, short: bool = False) -> str:
    """'win rate when in hand (GIH WR), against the typical card (items)' for a kind of card;
    `short` (the first screen's tables) drops the 'win rate when' the column header already
    says, and the community's abbreviation, which the glossary explains."""
    measure = spec.measure_of(kind)
    if measure is None:
        return DASH
    term = f" ({measure.term})" if measure.term else ""
    if short:
        return f"{measure.label.removeprefix('win rate when ')} vs other {measure.peers}"
    return f"{measure.label}{term}, against the typical card ({measure.peers})"


def has_verdicts(cards: pl.DataFrame) -> bool:
    return "verdict" in cards.columns and cards["verdict"].drop_nulls().len() > 0


def standout_cards(cards: pl.DataFrame, limit: int = 3) -> tuple[pl.DataFrame, bool]:
    """The cards to name first: those shown stronger (strongest first) and weaker (weakest
    first), at most `limit` each; when none is flagged, the largest and smallest estimates
    (second value False)."""
    rated = cards.filter(pl.col("verdict_pp").is_not_null() & pl.col("in_game"))
    over = rated.filter(pl.col("verdict") == STRONGER).sort("verdict_pp", descending=True)
    under = rated.filter(pl.col("verdict") == WEAKER).sort("verdict_pp")
    if over.height or under.height:
        return pl.concat([over.head(limit), under.head(limit)]), True
    if not rated.height:
        return rated, False
    ranked = rated.sort("verdict_pp", descending=True)
    k = min(limit - 1, (ranked.height + 1) // 2)
    top, bottom = ranked.head(k), ranked.tail(min(limit - 1, ranked.height - k))
    return pl.concat([top, bottom]), False


def _raw(wins: Any, n: Any) -> Html:
    if not n:
        return Html(f'<span class="na">{DASH}</span>')
    lo, hi = wilson(int(wins), int(n))
    return Html(
        f'{esc(fmt_pct(int(wins) / int(n), lo, hi))}<span class="n">n={fmt_int(int(n))}</span>'
    )


def standout_table(
    cards: pl.DataFrame, spec: GameSpec, table_id: str = "standout", link: CardLinker = plain
) -> Html:
    """The headline's card table, with the measure each verdict uses and the raw rates; each
    name through `link` (to the card's page where it has one)."""
    shown, flagged = standout_cards(cards)
    if not shown.height:
        return Html("")
    rows = []
    reversed_any = False
    for r in shown.iter_rows(named=True):
        mark = ""
        if raw_points_the_other_way(r):
            mark, reversed_any = REVERSED_MARK, True
        rows.append(
            (
                Html(f'<b>{link(r["name"])}</b>{mark}<span class="n">{esc(r["type"])}</span>'),
                measure_words(spec, r["type"], short=True),
                _raw(r["verdict_wins"], r["verdict_n"]),
                _raw(r["verdict_peer_wins"], r["verdict_n_peers"]),
                verdict_cell(r),
            )
        )
    headers = (
        "card",
        "win rate when \u2026",
        "with it (raw)",
        "with a peer instead (raw)",
        "against the typical card, adjusted [95% CI]",
    )
    stronger = cards.filter(pl.col("verdict") == STRONGER).height
    weaker = cards.filter(pl.col("verdict") == WEAKER).height
    rated = cards.filter(pl.col("verdict_pp").is_not_null() & pl.col("in_game")).height
    if flagged:
        cut = []
        for word, total in (("stronger", stronger), ("weaker", weaker)):
            shown_here = shown.filter(pl.col("verdict") == word).height
            if total:
                cut.append(
                    f"the {shown_here} {word} of {total}"
                    if shown_here == total
                    else f"the top {shown_here} of {total} {word}"
                )
        lead = f"<p>{esc(' and '.join(cut))} (every card is in the Cards section):</p>"
    else:
        lead = (
            "<p>No card is shown stronger or weaker than the typical card of its kind. The "
            "largest and smallest "
            f"estimates, {shown.height} of the {rated} cards with a figure (every card is in "
            "the Cards section):</p>"
        )
    note = (
        f'<p class="legend">{REVERSED_MARK} The raw rates point the other way: the verdict is '
        "the adjusted comparison, which holds the seat, the strategy and how many cards of "
        "its kind the player had fixed (a player who met more of them wins more or less "
        "often whichever one it was). docs/metrics.md, \u201cVerdicts\u201d, has the model."
        "</p>"
        if reversed_any
        else ""
    )
    return Html(lead + table(headers, rows, table_id, 2) + note)


REVERSED_MARK = "\u2020"
"""Marks a card whose raw rates (with it, with a peer instead) differ in the other direction
from its adjusted verdict."""


def raw_points_the_other_way(row: dict[str, Any]) -> bool:
    """Whether a flagged card's raw difference (its win rate with the event less its peers')
    has the opposite sign to its adjusted verdict figure: a designer reading the two raw
    columns would otherwise read the opposite of the verdict without being told why."""
    if row.get("verdict") not in (STRONGER, WEAKER):
        return False
    n, m = row.get("verdict_n") or 0, row.get("verdict_n_peers") or 0
    pp = row.get("verdict_pp")
    if not n or not m or pp is None or math.isnan(pp):
        return False
    raw = row["verdict_wins"] / n - row["verdict_peer_wins"] / m
    return raw * pp < 0


@dataclass(frozen=True)
class CardPlan:
    """Games the verdicts need for a 2-point effect, and what they rest on."""

    games: int
    """Games in all for 80% power at 5% (one test) on a typical card."""
    half_width: float
    """The median half-width of the run's verdict intervals (points as a fraction)."""
    design_effect: float
    """How much wider the verdict's interval is than a raw two-group comparison's at the same
    counts, squared (the model's controls and the peer it is measured against)."""


def verdict_plan(
    cards: pl.DataFrame, players: int, player_games: int, baseline: float
) -> CardPlan | None:
    """Games a 2-point effect against its peers needs: planning.plan's 'card' answer for each
    card with a verdict figure, corrected twice, and the median over the cards.

    plan() is a raw comparison of two groups over every player-game. In a peer comparison only
    the player-games with the card's event or a peer's take part (a fraction f; the exposure
    is the share of them with the card's event), so plan's games are divided by f. And the
    verdict is a model contrast whose interval is wider than the raw two-group one at the same
    counts (the controls, and the peer it is measured against), so they are multiplied by that
    design effect, (verdict standard error / raw standard error)^2."""
    if "verdict_n" not in cards.columns or not player_games:
        return None
    rated = cards.filter(pl.col("in_game") & pl.col("verdict_pp").is_not_null())
    base = baseline if 0 < baseline < 1 else 1 / players
    needs, halves, effects = [], [], []
    for r in rated.iter_rows(named=True):
        n, m = r["verdict_n"] or 0, r["verdict_n_peers"] or 0
        if not n or not m or r["verdict_lo"] is None:
            continue
        p1, p2 = r["verdict_wins"] / n, r["verdict_peer_wins"] / m
        raw = math.sqrt(p1 * (1 - p1) / n + p2 * (1 - p2) / m)
        if raw <= 0:
            continue
        half = (r["verdict_hi"] - r["verdict_lo"]) / 2
        deff = (half / Z95 / raw) ** 2
        try:
            needed = plan(
                "card",
                CARD_EFFECT,
                players,
                baseline=min(max(base, 0.01), 0.97),
                exposure=min(max(n / (n + m), 0.01), 0.99),
            )
        except ConfigError:
            continue
        needs.append(needed.games * deff * player_games / (n + m))
        halves.append(half)
        effects.append(deff)
    if not needs:
        return None
    return CardPlan(
        math.ceil(statistics.median(needs)), statistics.median(halves), statistics.median(effects)
    )


def plan_command(folder: str, tolerance: str = "") -> str:
    """The command that gives the report's games-to-decide figures for the same run and
    tolerance (`tolerance`: the report's --tolerance options, empty for the defaults)."""
    return f"deckhand plan --run {folder}{tolerance}"


def card_plan_line(decisions: CardDecisions | None, games: int, command: str) -> str | None:
    """What the run can tell about cards: the typical interval, and the games that would decide
    the cards still unclear at the tolerance (deciding.card_decisions: `deckhand plan --run`
    gives the same numbers)."""
    if decisions is None or decisions.half_width is None:
        return None
    band = f"\u00b1{decisions.tolerance:g} points"
    width = f"A card's figure here is typically \u00b1{decisions.half_width:.1f} points. "
    unclear = decisions.counts.get(UNCLEAR, 0)
    if not unclear:
        return f"{width}Every card with a figure is decided at {band} with these {games:,} games."
    if decisions.games_for_median is None:
        return (
            f"{width}{unclear} card(s) are unclear at {band}, with too few games to say how "
            "many more would decide."
        )
    median = decisions.games_for_median
    more = f", {median - games:,} more" if median > games else ""
    hardest = (
        f"; all of them about {decisions.games_for_all:,}"
        if decisions.games_for_all and decisions.games_for_all > median
        else ""
    )
    return (
        f"{width}{unclear} card(s) are unclear at {band}: deciding the typical one needs about "
        f"{median:,} games in all{more}{hardest} (80% power; `{command}` gives these "
        "figures)."
    )


def seat_plan_line(seat: Verdict | None, games: int, command: str) -> str | None:
    """The games that would decide an unclear first-player verdict (the same as `plan --run`)."""
    if seat is None or seat.verdict != UNCLEAR or not seat.games_to_decide:
        return None
    more = f", {seat.games_to_decide - games:,} more" if seat.games_to_decide > games else ""
    return (
        f"Deciding the first player's edge at \u00b1{seat.tolerance:g} points needs about "
        f"{seat.games_to_decide:,} games in all{more} (`{command}`)."
    )


def balance_answer(
    seat: Verdict | None,
    strategies: str | None,
    decisions: CardDecisions | None,
) -> str:
    """The first screen's answer to "is this game balanced?" in one plain sentence: the seats,
    the strategies (their finding's words, None with one strategy), how many cards are shown
    to differ, how many balanced within the tolerance, how many are still unclear."""
    parts = []
    if seat is not None:
        seat_words = {
            BALANCED: f"the first player's edge is within \u00b1{seat.tolerance:g} points",
            STRONGER: f"the first player wins {abs(seat.estimate):.1f} points more often",
            WEAKER: f"the first player wins {abs(seat.estimate):.1f} points less often",
            UNCLEAR: "the first player's edge is not yet shown within "
            f"\u00b1{seat.tolerance:g} points",
        }
        parts.append(seat_words[seat.verdict])
    if strategies is not None:
        parts.append(f"strategies: {strategies}")
    if decisions is not None:
        c = decisions.counts
        outside = c.get(STRONGER, 0) + c.get(WEAKER, 0)

        def are(n: int) -> str:
            return f"{n} is" if n == 1 else f"{n} are"

        parts.append(
            f"of {decisions.judged} cards, {are(outside)} shown to differ from the typical card "
            "of their kind "
            f"({c.get(STRONGER, 0)} stronger, {c.get(WEAKER, 0)} weaker), "
            f"{are(c.get(BALANCED, 0))} shown balanced within \u00b1{decisions.tolerance:g} "
            f"points and {are(c.get(UNCLEAR, 0))} still unclear"
        )
    if not parts:
        return "Nothing in this run can be judged yet."
    decided = (
        seat is not None
        and seat.verdict == BALANCED
        and decisions is not None
        and decisions.counts.get(BALANCED, 0) == decisions.judged
    )
    unbalanced = (seat is not None and seat.verdict in (STRONGER, WEAKER)) or (
        decisions is not None
        and decisions.counts.get(STRONGER, 0) + decisions.counts.get(WEAKER, 0) > 0
    )
    lead = "Balanced" if decided else "Not balanced" if unbalanced else "Not shown yet"
    return f"{lead}: " + "; ".join(parts) + "."


def bullet_list(lines: Sequence[str], list_id: str) -> Html:
    items = "".join(f"<li>{esc(line)}</li>" for line in lines if line)
    return Html(f'<ul id="{esc(list_id)}" class="can-tell">{items}</ul>')


HEADLINE_CSS = """
.runline { font-size: 15px; margin: 2px 0 10px; }
section#summary { background: #fbfcfd; border: 1px solid var(--line); border-radius: 8px;
  padding: 4px 18px 10px; margin-top: 14px; }
section#summary h2 { margin: 10px 0 4px; border: none; font-size: 18px; }
section#summary h3 { margin: 12px 0 2px; font-size: 15px; }
section#summary td, section#summary th { padding: 3px 10px; }
section#summary table#verdicts td:first-child { white-space: nowrap; }
section#summary .scroll { margin: 4px 0 6px; }
section#summary p { margin: 4px 0 6px; }
.verdict { font-weight: 600; }
.verdict.ok { color: #1a7f37; }
.verdict.warn { color: #a40e26; }
.verdict.info { color: var(--ink); }
.verdict-stronger { color: #a40e26; font-weight: 700; }
.verdict-weaker { color: #0b5cad; font-weight: 700; }
.verdict-balanced { color: #1a7f37; }
p.answer { font-size: 16px; font-weight: 600; margin: 8px 0 6px; max-width: 1000px; }
ul.can-tell { margin: 4px 0 6px; padding-left: 20px; max-width: 1000px; }
ul.can-tell li { margin: 2px 0; }
details { margin: 8px 0 14px; }
details > summary { cursor: pointer; color: var(--accent); font-weight: 600; }
details > summary h3 { display: inline; font-size: 15px; color: var(--ink); }
"""
