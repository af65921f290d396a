"""The report's Precision section: the headline interval behind `--until-ci`, and what
duplicate deals saved (docs/metrics.md, "Stopping at a precision" and "Duplicate deals")."""

from __future__ import annotations

import math
from typing import Any

import polars as pl

from reports.markup import Html, esc, fmt_int, fmt_pct, table
from simulator.analysis.precision import (
    duplicate_saving,
    group_counts,
    half_width,
    headline_column,
)
from simulator.analysis.stats import wilson


def precision_section(manifest: dict[str, Any], games: pl.DataFrame, players: pl.DataFrame) -> str:
    """HTML of the section (a str of escaped markup, the report's `Html`)."""

    def para(text: str) -> str:
        return f"<p>{esc(text)}</p>"

    config = manifest.get("config", {})
    strategies = config.get("strategies") or ["?"]
    n = int(config.get("game", {}).get("players") or (games["players"][0] if games.height else 0))
    column = headline_column(strategies)
    parts: list[str] = []
    if n and players.height:
        counts = group_counts(players, column, n)
        widths = [half_width(w, k) for w, k in counts]
        widest = max(range(n), key=lambda i: widths[i])
        rows = []
        for i, (w, k) in enumerate(counts):
            lo, hi = wilson(w, k)
            label = f"slot {i}: {strategies[i]}" if column == "strategy_slot" else f"turn order {i}"
            mark = " (widest)" if i == widest else ""
            rows.append(
                (
                    label,
                    fmt_int(k),
                    fmt_pct(w / k if k else math.nan, lo, hi),
                    f"±{100 * widths[i]:.2f} pp{mark}",
                )
            )
        what = (
            "the win rate of each strategy slot"
            if column == "strategy_slot"
            else "the win rate of each turn-order position (0 = first player)"
        )
        parts.append(
            para(
                f"Headline interval: {what}, with its 95% Wilson interval; the headline number "
                f"is the widest half-width, here ±{100 * widths[widest]:.2f} points. "
                "deckhand simulate --until-ci X plays chunks in order until it is at most X."
            )
        )
        parts.append(
            table(("group", "player-games", "win rate [95% CI]", "half-width"), rows, "headline")
        )
    stop = manifest.get("stop") or {}
    until = config.get("until_ci")
    if until is not None:
        played = int(stop.get("games") or games.height)
        hw = stop.get("half_width")
        hw_text = f"±{100 * hw:.2f} points" if isinstance(hw, int | float) else "unknown"
        if stop.get("reason") == "until_ci":
            text = (
                f"--until-ci {until}: the run stopped after {played:,} of at most "
                f"{int(config.get('games') or 0):,} games ({stop.get('chunks')} chunks), the "
                f"first chunk at which the headline half-width ({hw_text}) was at most "
                f"±{100 * until:.2f} points. The decision looks only at completed chunks in "
                "chunk order, so every backend and number of workers stops at the same game."
            )
        else:
            text = (
                f"--until-ci {until} was not reached: all {played:,} games were played and the "
                f"headline half-width is {hw_text}."
            )
        if stop.get("discarded_chunks"):
            text += f" {stop['discarded_chunks']} chunk(s) played ahead of the stop were discarded."
        parts.append(para(text))
    if config.get("duplicate"):
        parts.append(_duplicate(games, players, strategies))
    else:
        parts.append(
            para(
                "Every game was dealt independently. With --duplicate, each shuffle is "
                "played once per seat rotation, which removes deal and seat luck from the "
                "comparison of strategies."
            )
        )
    return Html("".join(parts))


def _duplicate(games: pl.DataFrame, players: pl.DataFrame, strategies: list[str]) -> str:

    def para(text: str) -> str:
        return f"<p>{esc(text)}</p>"

    saving = duplicate_saving(games, players, strategies)
    if saving is None or math.isnan(saving.saving):
        return para(
            "Duplicate deals: too few deals (or no variation in the results) to estimate "
            "the variance saved."
        )
    pct = 100 * saving.saving
    equivalent = saving.equivalent_games
    eq_text = f"{equivalent:,.0f}" if math.isfinite(equivalent) else "infinitely many"
    if pct >= 0:
        headline = (
            f"Duplicate mode saved {pct:.0f}% of the variance of the strategy win rates "
            f"(equivalent to {eq_text} independent games)."
        )
    else:
        headline = (
            f"Duplicate mode added {-pct:.0f}% to the variance of the strategy win rates "
            f"(equivalent to {eq_text} independent games): in this game the deal moves "
            "every seat's result the same way more than it favours one seat."
        )
    rows = []
    for g in saving.groups:
        group_saving = 1 - g.var_duplicate / g.var_independent if g.var_independent else math.nan
        rows.append(
            (
                g.label,
                fmt_int(g.player_games),
                f"{100 * g.rate:.1f}%",
                f"±{100 * 1.96 * math.sqrt(g.var_independent):.2f} pp",
                f"±{100 * 1.96 * math.sqrt(g.var_duplicate):.2f} pp",
                "—" if math.isnan(group_saving) else f"{100 * group_saving:.0f}%",
            )
        )
    explain = (
        f"{saving.games:,} games in {saving.deals:,} deals: each deal (one rules stream, the "
        "same shuffle) is played once per seat rotation. The variance of a strategy's win "
        "rate is estimated twice from these data: with the deals as clusters (what this run "
        "has) and with the games as clusters within rotation positions (what independent "
        "games would have); see docs/metrics.md. The Wilson intervals elsewhere in this "
        "report treat games as independent, so with a positive saving they are wider than "
        "they need to be."
    )
    return "".join(
        [
            f"<h3>Duplicate deals</h3><p><b>{esc(headline)}</b></p>",
            para(explain),
            table(
                (
                    "strategy",
                    "player-games",
                    "win rate",
                    "95% ± as independent games",
                    "95% ± with duplicate deals",
                    "variance saved",
                ),
                rows,
                "duplicate",
            ),
        ]
    )
