"""The invariant check (`--check-invariants`): cards conserved, credits never negative, crew
and goods within their limits except where a ruling allows (rules._check_limits)."""

from __future__ import annotations

import pytest


def test_a_crew_growing_over_its_limit_is_caught(ie_table) -> None:
    t = ie_table()
    t.arrange(crew={0: ["green supply 1"]}, hands=[["green supply 2"], [], []])
    s, game = t.state, t.game
    game.check_invariants(s)  # 1 crew, limit 1: fine
    s.hands[0].remove(t.c("green supply 2"))
    s.crew[0].append(t.c("green supply 2"))
    with pytest.raises(AssertionError, match="player 0 has 2 crew over the limit 1"):
        game.check_invariants(s)


def test_goods_over_the_limit_pass_only_when_a_power_says_so(ie_table) -> None:
    t = ie_table()
    full = ["green supply 1", "green supply 2"]
    t.arrange(goods={0: full}, hands=[["green supply 3", "green supply 4"], [], []])
    s, game = t.state, t.game
    game.check_invariants(s)
    card = t.c("green supply 3")
    s.hands[0].remove(card)
    game.allow_over_limit(s, 0, "goods")  # e.g. Small Poodles (IE-POWER-4)
    s.goods[0].append(card)
    game.check_invariants(s)
    card = t.c("green supply 4")
    s.hands[0].remove(card)
    s.goods[0].append(card)
    with pytest.raises(AssertionError, match="4 goods over the limit 2"):
        game.check_invariants(s)


def test_a_limit_that_falls_under_the_zone_is_no_violation(ie_table) -> None:
    """A limit that drops never forces a removal (IE-LIMIT-2): the zone may stay, not grow.
    Crew taken under the higher limit, then the contract leaving, in one step, is legal."""
    t = ie_table()
    t.arrange(
        fulfilled={0: ["red load 1"]},
        crew={0: ["green supply 1"]},
        hands=[["green supply 2", "green supply 3"], [], []],
    )
    s, game = t.state, t.game
    game.check_invariants(s)
    card = t.c("green supply 2")
    s.hands[0].remove(card)
    s.crew[0].append(card)  # 2 crew, limit 2
    cid = s.fulfilled[0][0]
    game.leave_fulfilled(s, 0, cid)  # limit 1 now
    s.discard.append(game.cards.card_of_contract[cid])
    game.check_invariants(s)
    assert game.crew_limit(s, 0) == 1 and len(s.crew[0]) == 2
    card = t.c("green supply 3")
    s.hands[0].remove(card)
    s.crew[0].append(card)
    with pytest.raises(AssertionError, match="3 crew over the limit 1"):
        game.check_invariants(s)


def test_cards_conserved_and_credits_never_negative(ie_table) -> None:
    t = ie_table()
    t.arrange()
    s, game = t.state, t.game
    s.credits[1] = -1
    with pytest.raises(AssertionError, match="negative credits"):
        game.check_invariants(s)
    s.credits[1] = 0
    s.hands[0].append(s.deck[-1])  # the same card twice
    with pytest.raises(AssertionError, match="cards not conserved"):
        game.check_invariants(s)
