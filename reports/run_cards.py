"""The run report's Cards section: every card of the run, kind by kind, on its declared
measure against its peers, with the raw rates and the adjusted figures beside it.

One section of reports/html.py's run report, kept apart because it is the largest and the one
a designer reads card by card; it only formats the card table (cards.parquet) it is given.
"""

from __future__ import annotations

import math
from typing import Any

import polars as pl

from reports import plots
from reports.card_links import CardLinker, plain
from reports.headline import verdict_cell
from reports.markup import (
    DASH,
    Html,
    esc,
    figure,
    fmt_int,
    fmt_pct,
    fmt_pp,
    fmt_q,
    folded,
    para,
    table,
)
from simulator.analysis.adjusted import GIH, AdjustedOptions
from simulator.analysis.metrics import VERDICT_NO_PEERS
from simulator.analysis.verdicts import BALANCED, STRONGER, UNCLEAR, WEAKER
from simulator.core.spec import GameSpec


def _rate_cell(wins: int, n: int, rate: float, lo: float, hi: float) -> Html:
    """A per-card rate: the interval on one line, its n under it (no rate without its n)."""
    if not n:
        return Html(f'<span class="na">{DASH}</span><span class="n">n=0</span>')
    return Html(f'{esc(fmt_pct(rate, lo, hi))}<span class="n">n={fmt_int(n)}</span>')


def _f(value: Any) -> float:
    return math.nan if value is None else float(value)


FLAG_MARKS = {"over": "\u25b2 over", "under": "\u25bc under"}


def _adjusted_cell(row: dict[str, Any], prefix: str) -> Html:
    """The adjusted contribution in points with its interval, its flag and its n's; a dash
    with the n's when the card is under the minimum sample (or its column was constant)."""
    n, n_without = row.get(prefix + "n"), row.get(prefix + "n_without")
    counts = (
        f'<span class="n">n={fmt_int(int(n))} vs {fmt_int(int(n_without))}</span>'
        if n is not None and n_without is not None
        else ""
    )
    pp = row.get(prefix + "pp")
    if pp is None or math.isnan(pp):
        return Html(f'<span class="na">{DASH}</span>{counts}')
    text = esc(fmt_pp(pp, _f(row[prefix + "lo"]), _f(row[prefix + "hi"])))
    flag = row.get(prefix + "flag")
    mark = ""
    if flag:
        mark = f' <span class="flag {esc(flag)}">{esc(FLAG_MARKS.get(flag, flag))}</span>'
    return Html(f"{text}{mark}{counts}")


def _term(plain: str, community: str) -> Html:
    """A column name in plain words with the community's term beside it."""
    return Html(f'{esc(plain)} <span class="term">({esc(community)})</span>')


def _slug(text: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in text.lower()) or "none"


class CardSection:
    """The Cards section of one run report (`render`)."""

    def __init__(
        self,
        spec: GameSpec,
        cards: pl.DataFrame,
        adjusted: list[tuple[str, str]],
        cards_out_of_play: int = 0,
        cards_note: str | None = None,
        link: CardLinker = plain,
    ) -> None:
        self.spec = spec
        self.cards = cards
        self.adjusted = adjusted
        """(event set, column prefix) of the adjusted figures in the card table."""
        self.cards_out_of_play = cards_out_of_play
        self.cards_note = cards_note
        self.link = link
        """A card's name as HTML: a link to its page where it has one."""
        """Why the card table was computed for the report, when it was."""

    def render(self) -> Html:
        cards = self.cards
        parts: list[str] = []
        if self.cards_note:
            parts.append(f'<p class="warn">{esc(self.cards_note)}</p>')
        out = (
            f" The {self.cards_out_of_play:,} cards of modules not in this run are left out."
            if self.cards_out_of_play
            else ""
        )
        parts.append(
            para(
                "One row per card kind in play: copies with the same type and name are merged, "
                "and a player-game counts for the card when any copy had the event. Each kind "
                "opens on its verdict: the measure the game declares for that kind, the card "
                "against the other cards of its kind (why that measure: below each kind). "
                "Every rate is a win rate of player-games with its 95% interval and its n; "
                "read the caveats before acting on a single card." + out
            )
        )
        groups = self._card_types()
        for kind, is_hand in groups:
            parts.append(self._card_type_section(kind, is_hand))
        if self.adjusted:
            parts.append(folded("How the adjusted figures are computed", self._adjusted_note()))
        least = AdjustedOptions().min_games
        hand = cards.filter(
            pl.col("type").is_in([t for t, h in groups if h])
            & pl.col("iwd").is_not_nan()
            & (pl.col("gih_n") >= least)
            & (pl.col("gns_n") >= least)
        )
        if hand.height:
            hand = hand.sort("iwd", descending=True)
            uri = plots.iwd_forest(
                hand["name"].to_list(),
                hand["type"].to_list(),
                [t for t, h in groups if h],
                hand["iwd"].to_list(),
                hand["iwd_lo"].to_list(),
                hand["iwd_hi"].to_list(),
            )
            parts.append(
                folded(
                    f"Chart: in hand vs never in hand (IWD) of {hand.height} hand cards",
                    para(
                        "Each point is a card's IWD (win rate when it was in hand minus win "
                        "rate when it was in the game but never in this player's hand), with "
                        "its 95% Newcombe interval. Intervals that cross zero are compatible "
                        "with no effect. Raw and against every card, not against peers."
                    )
                    + figure(uri, "forest plot of IWD per hand card"),
                )
            )
        else:
            parts.append(
                para(
                    f"No hand card has {least:,} player-games with and without it yet, so no IWD "
                    "is shown: play more games (`deckhand plan` says how many)."
                )
            )
        adj = cards.filter(
            pl.col("type").is_in([t for t, h in groups if h]) & pl.col("adj_pp").is_not_null()
            if "adj_pp" in cards.columns
            else pl.lit(False)
        )
        if adj.height:
            uri = plots.iwd_forest(
                adj["name"].to_list(),
                adj["type"].to_list(),
                [t for t, h in groups if h],
                adj["adj_pp"].to_list(),
                adj["adj_lo"].to_list(),
                adj["adj_hi"].to_list(),
                xlabel="adjusted contribution when in hand (percentage points), 95% interval",
            )
            parts.append(
                folded(
                    f"Chart: adjusted contribution when in hand of {adj.height} hand cards",
                    para(
                        "Each point is a card's adjusted contribution when in hand (in "
                        "percentage points at the average win rate) with its 95% interval; "
                        "only cards with enough player-games with and without it. Against not "
                        "holding the card, not against peers."
                    )
                    + figure(uri, "forest plot of the adjusted contribution per hand card"),
                )
            )
        return Html("".join(parts))

    def _adjusted_note(self) -> Html:
        """Why the raw figures are biased and what the adjusted model controls for."""
        options = AdjustedOptions()
        base = next(
            (
                float(v)
                for _, prefix in self.adjusted
                for v in self.cards[prefix + "base"].to_list()
                if v is not None
            ),
            None,
        )
        base_text = f"{100 * base:.1f}%" if base is not None else "the average win rate"
        labels = ", ".join(self._adjusted_label(e) for e, _ in self.adjusted)
        return para(
            "Adjusted contribution (" + labels + "). Raw figures such as IWD are biased: a "
            "stronger strategy, or a better seat, touches more cards and wins more, so every "
            "card it touches looks strong, and a weaker one drags its cards down. The adjusted "
            "figure is the card's coefficient in one logistic regression of 'this player won' "
            "fitted over all cards at once, controlling for turn order, player count, strategy "
            "and modules (expansion mix), with a Gaussian prior (sd "
            f"{options.prior_sd:g} on the log-odds scale) that pulls thin evidence toward zero. "
            f"It is shown in percentage points at the run's average win rate ({base_text}), "
            "with its 95% interval; \u25b2 over / \u25bc under mark cards whose "
            f"Benjamini-Hochberg q is below {options.fdr:g}. A figure (adjusted or IWD) "
            f"needs at least {options.min_games:,} player-games with and "
            f"{options.min_games:,} without the event; below that it shows a dash. It still "
            "does not control for what the model cannot see: skill or luck within a strategy, "
            "or how many cards a player draws."
        )

    def _adjusted_label(self, event: str) -> str:
        return self.spec.event_label(event)

    def _adjusted_headers(self, in_hand_table: bool) -> list[str]:
        headers = []
        for event, _ in self._adjusted_sets(in_hand_table):
            label = self._adjusted_label(event)
            headers += [f"adjusted: {label} [95% CI]", f"adj. q ({label})"]
        return headers

    def _adjusted_cells(self, row: dict[str, Any], in_hand_table: bool) -> list[object]:
        cells: list[object] = []
        for _, prefix in self._adjusted_sets(in_hand_table):
            cells += [_adjusted_cell(row, prefix), fmt_q(_f(row[prefix + "q"]))]
        return cells

    def _adjusted_sets(self, in_hand_table: bool) -> list[tuple[str, str]]:
        """The hand table shows every adjusted figure; other tables all but 'in hand'."""
        return [(e, p) for e, p in self.adjusted if in_hand_table or e != GIH]

    def _card_types(self) -> list[tuple[str, bool]]:
        """Kinds in play with any data: hand kinds first, then the rest, in sheet order."""
        cards = self.cards
        n_columns = [f"{e}_n" for e in self.spec.event_names] + ["gih_n"]
        first_seen: dict[str, int] = {}
        for i, kind in enumerate(cards["type"].to_list()):
            first_seen.setdefault(kind, i)
        out = []
        for kind in first_seen:
            part = cards.filter(pl.col("type") == kind)
            if not any(int(part[c].sum()) for c in n_columns):
                continue
            out.append((kind, int(part["gih_n"].sum()) > 0))
        out.sort(key=lambda t: (not t[1], first_seen[t[0]]))
        return out

    def _kind_summary(self, kind: str, part: pl.DataFrame) -> str:
        """The one line a folded kind shows: how many cards and what their verdicts say."""
        count = part.height
        text = f"{kind or '(no type)'}: {count} card{'s' if count != 1 else ''}"
        measure = self.spec.measure_of(kind)
        if measure is None or "verdict" not in part.columns:
            return text + " (no verdict measure declared)"
        verdicts = part["verdict"].drop_nulls().to_list()
        notes = (
            part["verdict_note"].drop_nulls().to_list() if "verdict_note" in part.columns else []
        )
        if not verdicts and notes and all(v == VERDICT_NO_PEERS for v in notes):
            return text + f" (no other {measure.peers} to compare with)"
        tally = [
            f"{verdicts.count(v)} {v}"
            for v in (STRONGER, WEAKER, BALANCED, UNCLEAR)
            if verdicts.count(v)
        ]
        against = f"against the typical card ({measure.peers})"
        return f"{text}; {measure.label} {against}: " + ", ".join(tally)

    def _card_type_section(self, kind: str, is_hand: bool) -> Html:
        spec = self.spec
        part = self.cards.filter(pl.col("type") == kind)
        has_oh = is_hand and int(part["oh_n"].sum()) > 0
        skip = set()
        if is_hand and len(spec.seen_events) == 1:
            skip.add(spec.seen_events[0])  # the same numbers as GIH
        if has_oh and spec.opening_event:
            skip.add(spec.opening_event)  # the same numbers as OH
        events = [e for e in spec.event_names if e not in skip and int(part[f"{e}_n"].sum()) > 0]
        primary = "gih" if is_hand else max(events, key=lambda e: int(part[f"{e}_n"].sum()))
        verdicts = "verdict_pp" in part.columns and part["verdict"].drop_nulls().len() > 0
        adjusted = pl.col("adj_pp") if "adj_pp" in part.columns else pl.lit(None, pl.Float64)
        rows = part.with_columns(
            (pl.col("verdict_pp") if verdicts else pl.lit(None, pl.Float64)).alias("_verdict"),
            adjusted.fill_nan(None).alias("_adj"),
            pl.col("iwd").fill_nan(None).alias("_iwd"),
            pl.col(f"{primary}_wr").fill_nan(None).alias("_primary"),
        )
        sort_by = ["_verdict", "_adj", "_iwd", "_primary", "name"]
        if not is_hand:
            sort_by = ["_verdict", "_primary", "name"]
        rows = rows.sort(sort_by, descending=[True] * (len(sort_by) - 1) + [False], nulls_last=True)
        anchor = f"cards-{_slug(kind)}"
        parts: list[str] = []
        measure = spec.measure_of(kind)
        if measure is not None:
            term = f" ({measure.term})" if measure.term else ""
            parts.append(
                Html(
                    f'<p class="measure"><b>Verdict measure: {esc(measure.label)}{esc(term)}, '
                    f"against the typical card of its kind ({esc(measure.peers)}).</b> "
                    f"{esc(measure.reason)}</p>"
                )
            )
        verdict_headers = []
        if verdicts:
            verdict_headers = ["verdict: against the typical card, adjusted [95% CI]", "verdict q"]
        if is_hand:
            headers = ["card", "copies", *verdict_headers]
            headers.append(_term("win rate when in hand", "GIH WR"))
            if has_oh:
                headers.append(_term("in opening hand", "OH WR"))
            headers += [
                _term("never in hand", "GNS WR"),
                _term("in hand vs never in hand [95% CI]", "IWD"),
                "IWD q",
            ]
            headers += self._adjusted_headers(True)
            body = []
            for r in rows.iter_rows(named=True):
                cells: list[object] = [self.link(r["name"]), str(r["copies"])]
                if verdicts:
                    cells += [verdict_cell(r), fmt_q(_f(r["verdict_q"]))]
                cells.append(self._rate(r, "gih"))
                if has_oh:
                    cells.append(self._rate(r, "oh"))
                cells.append(self._rate(r, "gns"))
                iwd = fmt_pp(_f(r["iwd"]), _f(r["iwd_lo"]), _f(r["iwd_hi"]))
                thin = min(r["gih_n"], r["gns_n"]) < AdjustedOptions().min_games
                if thin:
                    iwd = "—"  # under the minimum sample: not shown (docs/metrics.md)
                cells.append(
                    Html(
                        f'{esc(iwd)}<span class="n">n={fmt_int(r["gih_n"])} vs '
                        f"{fmt_int(r['gns_n'])}</span>"
                    )
                )
                cells.append("—" if thin else fmt_q(_f(r["iwd_q"])))
                cells += self._adjusted_cells(r, True)
                body.append(cells)
            parts.append(table(headers, body, f"{anchor}-hand", 1))
        if events:
            meanings = dict(spec.player_events)
            if is_hand:
                parts.append(
                    para(
                        f"Win rate of the player-games in which a card of type '{kind}' had "
                        "each event (same row order as above):"
                    )
                )
            else:
                parts.append(
                    para(
                        "No card of this type entered a hand in this run, so the in-hand "
                        "measures (GIH, OH, GNS, IWD) do not apply."
                    )
                )
            headers = ["card", "copies"]
            if verdicts and not is_hand:
                headers += verdict_headers
            headers += [
                Html(
                    f'<abbr title="{esc(meanings.get(e, e))}">{esc(spec.event_label(e))}</abbr>'
                    + (f' <span class="term">({esc(e)})</span>' if spec.event_label(e) != e else "")
                )
                for e in events
            ]
            if not is_hand:  # a hand table already shows the adjusted figures
                headers += self._adjusted_headers(False)
            body = []
            for r in rows.iter_rows(named=True):
                cells = [self.link(r["name"]), str(r["copies"])]
                if verdicts and not is_hand:
                    cells += [verdict_cell(r), fmt_q(_f(r["verdict_q"]))]
                cells += [self._rate(r, e) for e in events]
                if not is_hand:
                    cells += self._adjusted_cells(r, False)
                body.append(cells)
            parts.append(table(headers, body, f"{anchor}-events", 1))
            parts.append(
                Html(
                    '<p class="legend">'
                    + "; ".join(
                        f"<b>{esc(spec.event_label(e))}</b>"
                        + (f" ({esc(e)})" if spec.event_label(e) != e else "")
                        + f": {esc(meanings.get(e, ''))}"
                        for e in events
                    )
                    + ".</p>"
                )
            )
        summary = (
            f'<summary><h3 id="{esc(anchor)}">{esc(self._kind_summary(kind, rows))}</h3></summary>'
        )
        return Html(f"<details>{summary}{''.join(parts)}</details>")

    @staticmethod
    def _rate(row: dict[str, Any], prefix: str) -> Html:
        return _rate_cell(
            int(row[f"{prefix}_wins"]),
            int(row[f"{prefix}_n"]),
            _f(row[f"{prefix}_wr"]),
            _f(row[f"{prefix}_lo"]),
            _f(row[f"{prefix}_hi"]),
        )

    # ------------------------------------------------------------------ text
