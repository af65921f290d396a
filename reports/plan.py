"""What `deckhand plan` says: how many games a run needs, either to detect a win-rate
difference before any run (analysis/planning.py), or to decide the verdicts a run left
unclear, from its own intervals (analysis/deciding.py; docs/metrics.md, "Verdicts")."""

from __future__ import annotations

from simulator.analysis.deciding import card_detection_games, run_decisions
from simulator.analysis.planning import plan
from simulator.analysis.verdicts import UNCLEAR, Tolerances
from simulator.core.errors import ConfigError


def plan_lines(
    run: str | None,
    tolerances: Tolerances,
    question: str = "card",
    difference: float | None = None,
    players: int = 4,
    baseline: float | None = None,
    exposure: float = 0.5,
    alpha: float = 0.05,
    power: float = 0.8,
) -> list[str]:
    """With `run`, the games that would decide its unclear verdicts at `tolerances` (and,
    with `difference`, detect a typical card that far from its peers); else the games that
    detect `difference` points on `question` (seat, strategy or card)."""
    if run is not None:
        return run_plan_lines(run, tolerances, difference)
    if difference is None:
        raise ConfigError("plan: give --difference POINTS, or --run RUN to plan from a run")
    result = plan(
        question,
        difference / 100,
        players=players,
        baseline=baseline,
        exposure=exposure,
        alpha=alpha,
        power=power,
    )
    return [
        f"{result.games:,} games to detect {100 * result.difference:+.1f} points on a "
        f"{result.baseline:.1%} baseline ({result.question}; alpha {result.alpha}, power "
        f"{result.power:.0%}): {result.detail}"
    ]


def run_plan_lines(run: str, tolerances: Tolerances, difference: float | None = None) -> list[str]:
    """A run's games and tolerances; the first player's verdict, or the games that would
    decide it; the cards' verdicts and the games that would decide the typical unclear card
    and all of them; with `difference` (points), the games that would detect a typical card
    that far from its peers."""
    decisions = run_decisions(run, tolerances)
    lines = [f"{run}: {decisions.games:,} games; tolerances {tolerances.text()} points"]
    seat = decisions.seat
    if seat is not None:
        line = f"first player: {seat.words()}"
        if seat.verdict == UNCLEAR and seat.games_to_decide:
            line = (
                f"first player: unclear at \u00b1{seat.tolerance:g} points; about "
                f"{seat.games_to_decide:,} games in all would decide it"
            )
        lines.append(line)
    cards = decisions.cards
    if cards is not None:
        c = cards.counts
        lines.append(
            f"cards: {c['stronger']} stronger, {c['weaker']} weaker, {c['balanced']} "
            f"balanced, {c['unclear']} unclear at \u00b1{cards.tolerance:g} points"
        )
        if cards.games_for_median:
            lines.append(
                f"deciding the typical unclear card needs about {cards.games_for_median:,} "
                f"games in all; all of them about {cards.games_for_all:,}"
            )
    if difference is not None and decisions.judged is not None:
        needed = card_detection_games(decisions.judged, decisions.games, difference)
        if needed:
            lines.append(
                f"detecting a typical card {difference:g} points from its peers (80% power, "
                f"one test at 5%, this run's model) needs about {needed:,} games in all"
            )
    return lines
