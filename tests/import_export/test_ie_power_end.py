"""Base-set end-of-game powers (powers/base_end.py): scoring with the power against the
same table with a plain fulfilled card instead; numbers come from the card's params."""

from __future__ import annotations

import pytest
from test_ie_power_play import params, specs

from simulator.games.import_export.cards import BLUE, GREEN


def _delta(t, owner: int, name: str, plain: str = "green import 4") -> int:  # noqa: ANN001
    """Final credits of `owner` with `name` fulfilled minus with a plain card instead."""
    s = t.state
    saved = [list(z) for z in (s.fulfilled[owner], s.goods[owner], s.crew[owner])]
    t.game.score(s)
    with_power = s.final_credits[owner]
    s.fulfilled[owner], s.goods[owner], s.crew[owner] = (list(z) for z in saved)
    s.fulfilled[owner] = [t.cid(plain) if c == t.cid(name) else c for c in saved[0]]
    t.game.score(s)
    without = s.final_credits[owner]
    s.fulfilled[owner], s.goods[owner], s.crew[owner] = (list(z) for z in saved)
    return with_power - without


def test_apple_watch_pays_per_luxury_and_consumer_pair(ie_table) -> None:
    t = ie_table(cards=specs("Apple Watch"))
    goods = ["blue load 1", "blue load 2", "blue load 3", "black load 1", "black load 2"]
    t.arrange(fulfilled={0: ["Apple Watch"]}, goods={0: goods})
    assert _delta(t, 0, "Apple Watch") == 2 * params(t, "Apple Watch")["pay_per_set"]


def test_artifacts_adds_its_bonus_to_the_single_set_bonus(ie_table) -> None:
    """Ruling: IE-POWER-6 (two of every type: 10 + 20 = 30, not 40)."""
    t = ie_table(cards=specs("Artifacts"))
    goods = [f"{c} load {k}" for c in ("green", "yellow", "black", "blue", "red") for k in (1, 2)]
    t.arrange(fulfilled={0: ["Artifacts"]}, goods={0: goods})
    assert _delta(t, 0, "Artifacts") == params(t, "Artifacts")["bonus"]
    t.game.score(t.state)
    rules = t.game.rules
    goods_value = 8 + 2 * 2
    majorities = sum(rules.majority) - rules.illegal_penalty
    assert t.state.final_credits[0] == 10 + goods_value + majorities + rules.set_bonus + 20


def test_artifacts_needs_two_of_every_type(ie_table) -> None:
    t = ie_table(cards=specs("Artifacts"))
    goods = [f"{c} load 1" for c in ("green", "yellow", "black", "blue", "red")] + ["red load 2"]
    t.arrange(fulfilled={0: ["Artifacts"]}, goods={0: goods})
    assert _delta(t, 0, "Artifacts") == 0


def test_ceramics_adds_luxury_goods_for_consumer_pairs(ie_table) -> None:
    t = ie_table(cards=specs("Ceramics"))
    goods = ["black load 1", "black load 2", "black load 3", "black load 4"]
    t.arrange(fulfilled={0: ["Ceramics"]}, goods={0: goods})
    p = params(t, "Ceramics")
    added = 4 // p["consumer_goods_per_luxury"] * p["luxury_added"]
    # each added luxury good is worth 1, and they win the luxury majority
    assert _delta(t, 0, "Ceramics") == added + t.game.rules.majority[BLUE]


def test_cheap_shirts_moves_crew_into_goods_up_to_the_limit(ie_table) -> None:
    """Ruling: IE-POWER-14."""
    t = ie_table(cards=specs("Cheap Shirts"))
    t.arrange(
        fulfilled={0: ["Cheap Shirts"]},
        goods={0: ["red load 1", "red load 2", "red load 3"]},
        crew={0: ["green load 1", "blue load 1"]},
    )
    s = t.state
    t.game.score(s)
    assert t.names(s.goods[0]) == ["green load 1", "red load 1", "red load 2", "red load 3"]
    assert s.crew[0] == [t.c("blue load 1")]


def test_diamonds_moves_two_plain_contracts_to_goods_within_the_limit(ie_table) -> None:
    """Ruling: IE-POWER-15: never one with an end-game power; fewest-held type first."""
    t = ie_table(cards=specs("Diamonds", "Gold Stuff"))
    t.arrange(
        fulfilled={0: ["Diamonds", "Gold Stuff", "green load 1", "yellow load 1", "blue load 1"]},
        goods={0: ["green load 2", "yellow load 2"]},
    )
    s = t.state
    t.game.score(s)
    # blue first (none held), then the first of the tied green and yellow
    assert t.names(s.goods[0]) == ["blue load 1", "green load 1", "green load 2", "yellow load 2"]
    assert len(s.fulfilled[0]) == 5 - params(t, "Diamonds")["contracts"]
    assert t.cid("Diamonds") in s.fulfilled[0] and t.cid("Gold Stuff") in s.fulfilled[0]


def test_ivory_takes_the_illegal_penalty_instead_of_paying_it(ie_table) -> None:
    """Ruling: IE-POWER-16."""
    t = ie_table(cards=specs("Ivory"))
    t.arrange(fulfilled={0: ["Ivory"]}, goods={0: ["red load 1", "red load 2"], 1: ["red load 3"]})
    assert _delta(t, 0, "Ivory") == params(t, "Ivory")["credits"] + t.game.rules.illegal_penalty


def test_long_coats_values_luxury_goods_higher(ie_table) -> None:
    t = ie_table(cards=specs("Long Coats"))
    t.arrange(fulfilled={0: ["Long Coats"]}, goods={0: ["blue load 1", "blue load 2"]})
    p = params(t, "Long Coats")
    assert _delta(t, 0, "Long Coats") == 2 * (p["value"] - p["base_value"])


def test_nice_suits_pays_the_most_containers_at_port_and_sea(ie_table) -> None:
    """Ruling: IE-POWER-17 (a tie pays nothing)."""
    t = ie_table(cards=specs("Nice Suits"))
    t.arrange(
        fulfilled={0: ["Nice Suits"]},
        ships={
            1: {"at_sea": True, "cargo": ["red load 1", "red load 2"]},
            2: {"at_sea": True, "cargo": ["red load 3"]},
        },
    )
    assert _delta(t, 0, "Nice Suits") == params(t, "Nice Suits")["payment"]
    t.ship(2).cargo.append(t.state.deck.pop())
    t.ship(2).cargo_colors.append(GREEN)
    assert _delta(t, 0, "Nice Suits") == 0


@pytest.mark.parametrize("good", ["green load 1", "red load 1"])
def test_sauna_doubles_the_owners_majority_awards_penalty_included(ie_table, good: str) -> None:
    t = ie_table(cards=specs("Sauna"))
    t.arrange(fulfilled={0: ["Sauna"]}, goods={0: [good]})
    rules = t.game.rules
    m = params(t, "Sauna")["multiplier"]
    award = rules.majority[GREEN] if good.startswith("green") else -rules.illegal_penalty
    assert _delta(t, 0, "Sauna") == (m - 1) * award


def test_velvet_robes_pays_per_card_in_hand(ie_table) -> None:
    t = ie_table(cards=specs("Velvet Robes"))
    t.arrange(
        fulfilled={0: ["Velvet Robes"]}, hands=[["red load 1", "red load 2", "red load 3"], [], []]
    )
    assert _delta(t, 0, "Velvet Robes") == 3 * params(t, "Velvet Robes")["pay_per_card"]
