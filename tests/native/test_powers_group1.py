"""The native powers of base.py, base_end.py and base_modifiers.py (group 1) play exactly as
the Python ones: games where only these cards have powers (every other card switched off with
`power_off=1`) are compared decision by decision and table by table (tests/native/
group1_diff.py), on the shipped sheet and on one where these contracts are easy to fulfil,
with sheet numbers drawn within each card's declared ranges (Hypothesis).

The long run: `python -m tests.native.group1_diff --games 1000 [--easy]`, and
`GROUP1_EXAMPLES=400 pytest tests/native/test_powers_group1.py -k other_numbers`.
"""

from __future__ import annotations

import os
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from simulator.core.cards import Need
from simulator.games.import_export.powers import POWERS
from simulator.games.import_export.powers.numbers import COUNT, GROUP, LIMIT, PAY, TIMES
from simulator.native import CORE, NOT_BUILT
from tests.native.group1_diff import GROUP1, check, check_text

pytestmark = pytest.mark.skipif(CORE is None, reason=NOT_BUILT)


def test_every_group1_card_has_a_native_power() -> None:
    assert CORE is not None
    assert len(GROUP1) == 40
    assert not CORE.power_errors()
    missing = sorted(set(GROUP1) - set(CORE.native_powers()))
    assert missing == []


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("easy", [False, True], ids=["shipped", "easy"])
def test_same_games_as_python(players: int, easy: bool) -> None:
    counts = check(players, 4900 + players, range(12), easy=easy)
    assert counts.games == 12 and counts.decisions > 0
    if easy:  # the easy sheet fulfils group-1 contracts in most games
        assert sum(counts.fulfilled.values()) >= 12


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_same_options_as_text(players: int) -> None:
    """The options of every decision read as Python's repr of them, in the same order: the
    rules' questions of these powers (Smart Cars, Cell Phones, Stem Cells, Machine Arms,
    Dark Flight, Prefab Home, Shampoo) included, on the easy sheet where they come up."""
    kinds = Counter()
    for index in range(6):
        kinds += check_text(players, 4910 + players, index, easy=True)
    assert sum(kinds.values()) > 0


# Where a card's number has no top of its own, the top a draw keeps to (a game must still
# end and fit the native zones).
_TOPS: dict[tuple[str, str], int] = {
    ("MRI Machine", "threshold"): 90,
    ("Tablets", "capacity"): 20,
    ("Mineral Fuels", "hand_size"): 10,
}
_KIND_TOPS: list[tuple[Need, int]] = [(PAY, 25), (COUNT, 5), (GROUP, 4), (LIMIT, 15), (TIMES, 4)]


def _number(card: str, name: str, need: Need) -> st.SearchStrategy[Any]:
    top: float | None = need.most
    if top is None:
        top = _TOPS.get((card, name))
    if top is None:
        top = next((t for kind, t in _KIND_TOPS if kind is need), need.least + 10)
    if need.whole:
        return st.integers(int(need.least) + (1 if need.above else 0), int(top))
    whole = st.integers(int(need.least) + 1 if need.above else int(need.least), int(top))
    return st.one_of(
        whole,
        st.floats(need.least, top, exclude_min=need.above, allow_nan=False).map(
            lambda v: round(v, 3)
        ),
    )


_NUMBERS = [
    (card, name, _number(card, name, need))
    for card in GROUP1
    for name, need in POWERS[card].declared.params.items()
]


@st.composite
def _params(draw: st.DrawFn) -> list[tuple[str, str, Any]]:
    """Some of the group-1 cards' numbers changed, each within its declared range."""
    chosen = draw(st.lists(st.sampled_from(range(len(_NUMBERS))), max_size=12, unique=True))
    return [(_NUMBERS[k][0], _NUMBERS[k][1], draw(_NUMBERS[k][2])) for k in sorted(chosen)]


_RULES = st.lists(
    st.sampled_from(
        [
            ("end_credits", "35"),
            ("end_credits", "65"),
            ("illegal_penalty", "0"),
            ("illegal_penalty", "3"),
            ("set_bonus", "0"),
            ("draw_to", "4"),
            ("owner_compensation", "0"),
            ("ship_capacity", "4"),
        ]
    ),
    max_size=3,
    unique_by=lambda r: r[0],
)


@settings(
    max_examples=int(os.environ.get("GROUP1_EXAMPLES", "25")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    params=_params(),
    rules=_RULES,
    easy=st.booleans(),
)
def test_same_games_with_other_numbers(
    players: int,
    seed: int,
    params: list[tuple[str, str, Any]],
    rules: list[tuple[str, str]],
    easy: bool,
) -> None:
    check(players, seed, range(3), params=params, rules=rules, easy=easy)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_beside_every_native_power(players: int) -> None:
    """The rules' own harness, every native power of this build on the sheet (the group's and
    whatever else is native), the others switched off."""
    from simulator.runs.differential import Setup, check_games

    counts = check_games(Setup(players=players, seed=491 + players, powers="native"), range(10))
    assert counts.games == 10
