"""The one verdict rule (simulator/analysis/verdicts.py): four answers, never two, and
`balanced` only with the whole interval inside the tolerance."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from simulator.analysis.planning import games_to_decide
from simulator.analysis.verdicts import (
    BALANCED,
    STRONGER,
    UNCLEAR,
    WEAKER,
    WORDS,
    Tolerances,
    decide,
    decide_family,
)
from simulator.core.errors import ConfigError

points = st.floats(min_value=-40, max_value=40, allow_nan=False)
widths = st.floats(min_value=0.0, max_value=30, allow_nan=False)
tolerances = st.floats(min_value=0.1, max_value=10, allow_nan=False)


@given(points, widths, widths, tolerances, st.one_of(st.none(), st.booleans()))
def test_balanced_only_inside_the_tolerance(
    estimate: float, below: float, above: float, tolerance: float, significant: bool | None
) -> None:
    v = decide(estimate, estimate - below, estimate + above, tolerance, significant=significant)
    assert v.verdict in WORDS
    if v.verdict == BALANCED:
        assert -tolerance <= v.lo and v.hi <= tolerance
    else:
        assert v.lo < -tolerance or v.hi > tolerance
    if v.verdict == STRONGER:
        assert v.estimate > 0
    if v.verdict == WEAKER:
        assert v.estimate <= 0
    if significant is None and v.verdict == UNCLEAR:
        assert v.lo <= 0 <= v.hi  # an interval that excludes zero is a difference


def test_an_interval_covering_zero_is_not_balanced_when_wide() -> None:
    # the case: +14.6 points [-8.4, +37.6] is no evidence of balance
    v = decide(14.6, -8.4, 37.6, 3.0, games=500)
    assert v.verdict == UNCLEAR
    assert v.games_to_decide is not None and v.games_to_decide > 500
    assert "unclear" in v.words() and "±3" in v.words()


def test_the_four_answers() -> None:
    assert decide(0.4, -1.5, 2.3, 3.0).verdict == BALANCED
    assert decide(1.0, 0.2, 1.8, 3.0).verdict == BALANCED  # measurable, but within tolerance
    assert decide(6.0, 2.0, 10.0, 3.0).verdict == STRONGER
    assert decide(-6.0, -10.0, -2.0, 3.0).verdict == WEAKER
    assert decide(6.0, 2.0, 10.0, 3.0, significant=False).verdict == UNCLEAR  # FDR said no
    assert decide(None, None, None, 3.0).verdict == UNCLEAR
    assert decide(math.nan, 1.0, 2.0, 3.0).verdict == UNCLEAR


def test_games_to_decide_shrinks_the_interval_enough() -> None:
    # an estimate of 0 with a ±8 interval at 1,000 games: balanced within ±3 needs the
    # interval at ±3 / (z + z_power) * z, i.e. (8 * 2.80 / 1.96 / 3)^2 * 1,000 games
    needed = games_to_decide(1000, 0.0, -8.0, 8.0, 3.0)
    assert needed == math.ceil(1000 * (8 / 1.959963984540054 * 2.8015852 / 3) ** 2)
    # and a far larger estimate is decided faster as a difference than as a balance
    assert games_to_decide(1000, 10.0, 2.0 - 10.0, 18.0 + 10, 3.0) < needed
    assert games_to_decide(0, 0.0, -8.0, 8.0, 3.0) is None


def test_the_family_needs_its_q_values() -> None:
    verdicts, q = decide_family(
        [5.0, 5.0, 0.1], [0.2, 0.2, -1.0], [9.8, 9.8, 1.2], [0.04, 0.04, 0.9], 3.0, fdr=0.05
    )
    assert [v.verdict for v in verdicts] == [UNCLEAR, UNCLEAR, BALANCED]  # q = 0.06 each
    assert q[0] == pytest.approx(0.06)


def test_tolerances_parse_and_refuse() -> None:
    assert Tolerances.parse([]) == Tolerances(card=3.0, seat=1.0, strategy=3.0)
    assert Tolerances.parse(["2"]) == Tolerances(card=2.0, seat=2.0, strategy=2.0)
    assert Tolerances.parse(["seat=0.5"]).seat == 0.5
    with pytest.raises(ConfigError, match="unknown measure 'cards'; accepted: card, seat"):
        Tolerances.parse(["cards=3"])
    with pytest.raises(ConfigError, match="not a number"):
        Tolerances.parse(["card=three"])
    with pytest.raises(ConfigError, match="positive"):
        Tolerances.parse(["card=-1"])
