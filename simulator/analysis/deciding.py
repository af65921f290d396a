"""What a run has decided, and how many games would decide the rest.

The run report's first screen and `deckhand plan --run` both read their numbers from here, so
the games a report quotes are exactly the games `plan` gives for the same run and tolerance
(the same model: verdicts.decide and planning.games_to_decide, in points).
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from simulator.analysis.metrics import SUMMARY_FILE, judge_cards, read_card_summary
from simulator.analysis.planning import games_to_detect
from simulator.analysis.stats import newcombe_difference, two_proportion_p
from simulator.analysis.verdicts import UNCLEAR, WORDS, Tolerances, Verdict, decide, to_points
from simulator.folders import run_folder
from simulator.folders.run_folder import read_games, read_players


def seat_verdict(
    first_wins: int, first_n: int, rest_wins: int, rest_n: int, tolerance: float
) -> Verdict:
    """The first player's win rate less the later players' (Newcombe interval, points), judged
    at `tolerance` points; every game has one first player, so `first_n` is the games."""
    d, lo, hi = newcombe_difference(first_wins, first_n, rest_wins, rest_n)
    return decide(to_points(d), to_points(lo), to_points(hi), tolerance, games=first_n)


@dataclass(frozen=True)
class StrategyVerdict:
    """The strongest strategy against the weakest, and its verdict."""

    best: str
    worst: str
    verdict: Verdict


def strategy_verdict(
    rates: dict[str, tuple[int, int]], tolerance: float, games: int | None = None
) -> StrategyVerdict | None:
    """The strongest strategy's win rate less the weakest's (strategy -> wins, player-games;
    Newcombe interval, points), judged at `tolerance`. The pair is picked as the extreme of
    k(k-1)/2 pairs, so a difference needs its two-proportion p below 0.05 over that many
    (Bonferroni); None with fewer than two strategies."""
    if len(rates) < 2:
        return None
    ranked = sorted(rates, key=lambda s: rates[s][0] / max(rates[s][1], 1), reverse=True)
    best, worst = ranked[0], ranked[-1]
    (wb, nb), (ww, nw) = rates[best], rates[worst]
    d, lo, hi = newcombe_difference(wb, nb, ww, nw)
    pairs = len(rates) * (len(rates) - 1) // 2
    p = two_proportion_p(wb, nb, ww, nw)
    significant = (lo > 0 or hi < 0) and p < 0.05 / pairs
    v = decide(
        to_points(d), to_points(lo), to_points(hi), tolerance, significant=significant, games=games
    )
    return StrategyVerdict(best, worst, v)


VERDICTS_FILE = run_folder.VERDICTS_FILE


def verdict_rows(seat: Verdict | None, strategy: StrategyVerdict | None) -> pl.DataFrame:
    """The run's seat and strategy verdicts as a table: `subject`, `measure`, `estimate`,
    `lo`, `hi`, `tolerance` (points), `verdict`, `games_to_decide`."""
    rows = []
    if seat is not None:
        rows.append(("first player", "first player's win rate less the later players'", seat))
    if strategy is not None:
        rows.append(
            (
                f"{strategy.best} vs {strategy.worst}",
                "strongest strategy's win rate less the weakest's",
                strategy.verdict,
            )
        )
    return pl.DataFrame(
        {
            "subject": [r[0] for r in rows],
            "measure": [r[1] for r in rows],
            "estimate": [r[2].estimate for r in rows],
            "lo": [r[2].lo for r in rows],
            "hi": [r[2].hi for r in rows],
            "tolerance": [r[2].tolerance for r in rows],
            "verdict": [r[2].verdict for r in rows],
            "games_to_decide": [r[2].games_to_decide for r in rows],
        },
        schema={
            "subject": pl.Utf8,
            "measure": pl.Utf8,
            "estimate": pl.Float64,
            "lo": pl.Float64,
            "hi": pl.Float64,
            "tolerance": pl.Float64,
            "verdict": pl.Utf8,
            "games_to_decide": pl.Int64,
        },
    )


def seat_counts(players: pl.DataFrame) -> tuple[int, int, int, int]:
    """(first player's wins, games, later players' wins, player-games) of a players table."""
    first = players.filter(pl.col("turn_order") == 0)
    rest = players.filter(pl.col("turn_order") != 0)
    return (
        int(first["win"].sum()),
        first.height,
        int(rest["win"].sum()),
        rest.height,
    )


@dataclass(frozen=True)
class CardDecisions:
    """The cards' verdicts of a run at one tolerance, and what deciding the rest would take."""

    counts: dict[str, int]
    """Cards in play per verdict word (every word present, 0 where none)."""
    tolerance: float
    half_width: float | None
    """The median half-width of the cards' intervals, in points (None: no card has one)."""
    games_for_median: int | None
    """Games in all that would likely decide the median unclear card (None: none unclear,
    or none with an interval to scale from)."""
    games_for_all: int | None
    """The same for the unclear card that needs the most."""

    @property
    def judged(self) -> int:
        return sum(self.counts.values())


def card_decisions(cards: pl.DataFrame) -> CardDecisions | None:
    """CardDecisions of a judged card table (metrics.judge_cards); None without verdicts."""
    if "verdict" not in cards.columns or "tolerance" not in cards.columns:
        return None
    rated = cards.filter(pl.col("in_game") & pl.col("verdict").is_not_null())
    if not rated.height:
        return None
    counts = {word: 0 for word in WORDS}
    for word, n in rated["verdict"].value_counts().iter_rows():
        counts[str(word)] = int(n)
    widths = [
        (hi - lo) / 2
        for lo, hi in zip(rated["lo"].to_list(), rated["hi"].to_list(), strict=True)
        if lo is not None and hi is not None
    ]
    needs = sorted(
        int(n)
        for n in rated.filter(pl.col("verdict") == UNCLEAR)["verdict_games_to_decide"].to_list()
        if n is not None
    )
    return CardDecisions(
        counts,
        float(rated["tolerance"].drop_nulls()[0]),
        statistics.median(widths) if widths else None,
        round(statistics.median(needs)) if needs else None,
        needs[-1] if needs else None,
    )


def card_detection_games(cards: pl.DataFrame, games: int, difference: float) -> int | None:
    """Games in all that would detect a card `difference` points from its peers, for the
    typical card of a judged table (the median over cards with an interval): each card's own
    interval scaled by planning.games_to_detect. A change between two runs has twice the
    variance: twice these games per run."""
    rated = cards.filter(pl.col("in_game") & pl.col("lo").is_not_null())
    needs = [
        games_to_detect(games, lo, hi, difference)
        for lo, hi in zip(rated["lo"].to_list(), rated["hi"].to_list(), strict=True)
    ]
    known = [n for n in needs if n is not None]
    return round(statistics.median(known)) if known else None


@dataclass(frozen=True)
class RunDecisions:
    """A run folder's seat and card verdicts at a tolerance (what `deckhand plan --run` says)."""

    games: int
    seat: Verdict | None
    cards: CardDecisions | None
    judged: pl.DataFrame | None = None
    """The run's card table judged at the tolerance (None without one)."""


def run_decisions(folder: str | Path, tolerances: Tolerances) -> RunDecisions:
    """The seat verdict and the card verdicts of a finished run, judged at `tolerances`."""
    folder = Path(folder)
    games = read_games(folder).height
    players = read_players(folder, ["turn_order", "win"])
    counts = seat_counts(players)
    seat = seat_verdict(*counts, tolerances.seat) if counts[1] and counts[3] else None
    cards = judged = None
    if (folder / SUMMARY_FILE).exists():
        summary = read_card_summary(folder)
        if "verdict_pp" in summary.columns:
            judged = judge_cards(summary, tolerances.card, games)
            cards = card_decisions(judged)
    return RunDecisions(games, seat, cards, judged)
