"""What `deckhand plan` says, as a library (reports/plan.py), called directly: the games
to detect a difference before any run, and the games a run needs to decide its verdicts."""

from __future__ import annotations

from pathlib import Path

import pytest

from reports.plan import plan_lines, run_plan_lines
from simulator.analysis.deciding import run_decisions
from simulator.analysis.planning import plan
from simulator.analysis.verdicts import Tolerances
from simulator.core.errors import ConfigError


def test_a_difference_in_points_before_any_run() -> None:
    lines = plan_lines(None, Tolerances(), "seat", 1, players=4)
    expected = plan("seat", 0.01, players=4)
    assert lines == [
        f"14,832 games to detect +1.0 points on a 25.0% baseline (seat; alpha 0.05, power 80%): "
        f"{expected.detail}"
    ]
    strategy = plan_lines(None, Tolerances(), "strategy", 5, baseline=0.3, alpha=0.01, power=0.9)
    assert strategy[0].endswith(
        f"on a 30.0% baseline (strategy; alpha 0.01, power 90%): "
        f"{plan('strategy', 0.05, baseline=0.3, alpha=0.01, power=0.9).detail}"
    )


def test_no_difference_and_no_run_is_an_error() -> None:
    with pytest.raises(ConfigError, match=r"plan: give --difference POINTS, or --run RUN"):
        plan_lines(None, Tolerances(), "card")


def test_a_run_says_its_games_tolerances_and_verdicts(small_run: Path) -> None:
    lines = run_plan_lines(str(small_run), Tolerances())
    assert (
        lines[0]
        == f"{small_run}: 60 games; tolerances card \u00b13, seat \u00b11, strategy \u00b13 points"
    )
    decisions = run_decisions(small_run, Tolerances())
    seat = decisions.seat
    assert seat is not None and seat.games_to_decide
    assert lines[1] == (
        f"first player: unclear at \u00b11 points; about {seat.games_to_decide:,} games in all "
        "would decide it"
    )
    cards = decisions.cards
    assert cards is not None
    c = cards.counts
    assert lines[2] == (
        f"cards: {c['stronger']} stronger, {c['weaker']} weaker, {c['balanced']} balanced, "
        f"{c['unclear']} unclear at \u00b13 points"
    )
    assert plan_lines(str(small_run), Tolerances(), difference=None) == lines  # --run wins


def test_a_runs_tolerances_are_the_ones_asked(small_run: Path) -> None:
    plain = run_plan_lines(str(small_run), Tolerances.parse(("2",)))
    assert plain[0].endswith("tolerances card \u00b12, seat \u00b12, strategy \u00b12 points")
    sized = run_plan_lines(str(small_run), Tolerances.parse(("2",)), difference=4)
    assert sized[: len(plain)] == plain and len(sized) <= len(plain) + 1


def test_the_words_of_decided_and_undecided_verdicts(monkeypatch: pytest.MonkeyPatch) -> None:
    """The run's figures made up (deciding.run_decisions stood in for): a decided first
    player is said in its own words; the typical unclear card and a typical card's detection
    are sized when there is something to size from."""
    import polars as pl

    from reports import plan as plan_module
    from simulator.analysis.deciding import CardDecisions, RunDecisions
    from simulator.analysis.verdicts import Verdict

    seat = Verdict("stronger", 4.2, 2.0, 6.4, 1.0)
    counts = {"stronger": 2, "weaker": 1, "balanced": 30, "unclear": 7}
    cards = CardDecisions(counts, 3.0, 2.5, 12_000, 41_000)
    found = RunDecisions(5000, seat, cards, pl.DataFrame({"card": ["A"]}))
    monkeypatch.setattr(plan_module, "run_decisions", lambda run, tolerances: found)
    monkeypatch.setattr(plan_module, "card_detection_games", lambda judged, games, d: 9000)
    assert plan_lines("r", Tolerances(), difference=1.5) == [
        "r: 5,000 games; tolerances card \u00b13, seat \u00b11, strategy \u00b13 points",
        "first player: stronger: +4.2 points, not within \u00b11",
        "cards: 2 stronger, 1 weaker, 30 balanced, 7 unclear at \u00b13 points",
        "deciding the typical unclear card needs about 12,000 games in all; all of them about "
        "41,000",
        "detecting a typical card 1.5 points from its peers (80% power, one test at 5%, this "
        "run's model) needs about 9,000 games in all",
    ]
    unjudged = RunDecisions(5000, None, None, None)
    monkeypatch.setattr(plan_module, "run_decisions", lambda run, tolerances: unjudged)
    assert plan_lines("r", Tolerances(), difference=1.5) == [
        "r: 5,000 games; tolerances card \u00b13, seat \u00b11, strategy \u00b13 points"
    ]
