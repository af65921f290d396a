"""`deckhand plan`: sample sizes against textbook values and against simulated power."""

from __future__ import annotations

import math

import numpy as np
import pytest
from click.testing import CliRunner

from cli import main
from simulator.analysis.planning import one_sample_n, plan, two_sample_n
from simulator.analysis.stats import two_proportion_p
from simulator.core.errors import ConfigError


def test_textbook_values() -> None:
    # 0.5 against 0.6, alpha 0.05 two-sided, power 0.8, no continuity correction
    assert math.ceil(two_sample_n(0.6, 0.5, 0.05, 0.8)) == 388
    assert math.ceil(one_sample_n(0.5, 0.6, 0.05, 0.8)) == 194


def test_unequal_groups_need_more_in_all() -> None:
    equal = plan("card", 0.03, exposure=0.5).games
    rare = plan("card", 0.03, exposure=0.1).games
    assert rare > equal


def test_the_planned_size_detects_the_difference_about_as_often_as_promised() -> None:
    """Simulate many experiments of the planned size: the test rejects with ~80% power."""
    p = plan("card", 0.05, players=4, exposure=0.3)
    player_games = p.games * 4
    with_card = round(player_games * 0.3)
    rng = np.random.default_rng(7)
    trials = 600
    wins_with = rng.binomial(with_card, 0.30, trials)
    wins_without = rng.binomial(player_games - with_card, 0.25, trials)
    rejected = sum(
        two_proportion_p(int(a), with_card, int(b), player_games - with_card) < 0.05
        for a, b in zip(wins_with, wins_without, strict=True)
    )
    assert 0.74 < rejected / trials < 0.86


def test_bad_input_names_the_option() -> None:
    with pytest.raises(ConfigError, match="--difference: 2 is outside"):
        plan("card", 2)
    with pytest.raises(ConfigError, match="--exposure"):
        plan("card", 0.02, exposure=1.5)


def test_cli_plan() -> None:
    out = CliRunner().invoke(main, ["plan", "-q", "seat", "-d", "1", "-p", "4"])
    assert out.exit_code == 0, out.output
    assert "14,832 games to detect +1.0 points on a 25.0% baseline (seat" in out.output
    missing = CliRunner().invoke(main, ["plan", "-q", "seat"])
    assert missing.exit_code == 2 and "--difference POINTS, or --run RUN" in missing.output


def test_games_to_decide_past_the_float_range_is_none_not_an_error() -> None:
    """An estimate a hair from its tolerance (or from zero) asks more games than a float
    holds: that target is unreachable (None), the other may still answer; never an
    OverflowError (a hypothesis example in test_typical found it)."""
    from simulator.analysis.planning import games_to_decide

    assert games_to_decide(1000, 1e-300, -1.0, 1.0, 1e-300) is None
    near = games_to_decide(1000, 3.0 - 1e-300, 2.0, 4.0, 3.0)  # balanced out of reach
    assert near is not None and near > 0  # the difference from zero is still reachable
