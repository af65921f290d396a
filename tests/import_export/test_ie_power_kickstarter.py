"""Kickstarter powers (powers/kickstarter.py): each card's real sheet row on a hand-built
table, its power triggered, its exact effect asserted; rulings IE-KS-n (docs/rulings.md)."""

from __future__ import annotations

import pytest
from test_ie_power_play import fulfil, params, resolve, specs, use, window

from simulator.games.import_export.cards import (
    ANY,
    BLACK,
    BLUE,
    GREEN,
    RED,
    SUPPLY,
    YELLOW,
)
from simulator.games.import_export.moments import Moment
from simulator.games.import_export.powers import POWERS
from simulator.games.import_export.rules import NO_LIMIT
from simulator.games.import_export.state import GameOver


def _emit(t, event: str, actor: int, payload, *answers):  # noqa: ANN001, ANN202
    return resolve(t, t.game.emit(t.state, event, actor, payload), *answers)


class _Coin:
    """A rules stream whose coin always lands on one side (0 heads, 1 tails)."""

    def __init__(self, side: int) -> None:
        self.side = side

    def below(self, n: int) -> int:
        return self.side


# ---------------------------------------------------------------- Backpacks


def test_backpacks_may_draw_when_any_ship_comes_home_from_a_plunder(ie_table) -> None:
    """Ruling: IE-KS-1 (another player's ship, emptied by a third player's plunder)."""
    t = ie_table(cards=specs("Backpacks"))
    t.arrange(
        fulfilled={0: ["Backpacks"]},
        ships={3: {"at_sea": True, "cargo": ["red load 1"]}},
        deck=["blue load 1"],
    )
    fulfil(t, 0, "Backpacks")
    s = t.state
    asked = resolve(t, t.game.pirate(s, s.rng, 2), ("ship", 3, 0), "draw")
    assert [(d.kind, d.player, d.options) for d in asked[1:]] == [
        ("backpacks_draw", 0, ("pass", "draw"))
    ]
    assert not t.ship(3).at_sea
    assert s.hands[0] == [t.c("blue load 1")]
    assert len(s.hands[0]) == params(t, "Backpacks")["cards"]


def test_backpacks_after_an_import_empties_a_ship_and_not_before(ie_table) -> None:
    """Ruling: IE-KS-1."""
    t = ie_table(cards=specs("Backpacks"))
    t.arrange(
        fulfilled={0: ["Backpacks"]},
        ships={5: {"at_sea": True, "cargo": ["red load 1", "red load 2", "red load 3"]}},
    )
    fulfil(t, 0, "Backpacks")
    s = t.state
    flow = t.game.import_rounds(s, s.rng, [0, 1, 2], [1, 0, 0])
    asked = resolve(t, flow, 5, 0, 0, "goods", 0, "goods")  # one container stays: no return
    assert "backpacks_draw" not in [d.kind for d in asked]
    flow = t.game.import_rounds(s, s.rng, [1, 2, 0], [0, 1, 0])
    asked = resolve(t, flow, 5, 0, "goods", "pass")
    assert asked[-1].kind == "backpacks_draw" and not t.ship(5).at_sea
    assert s.hands[0] == []


# ---------------------------------------------------------------- Big Ammunition


def test_big_ammunition_takes_a_random_card_from_the_plundered_ships_owner(ie_table) -> None:
    """Ruling: IE-KS-2 (FAQ: every Pirate action, by who owns the plundered ship)."""
    t = ie_table(cards=specs("Big Ammunition"))
    t.arrange(
        fulfilled={0: ["Big Ammunition"]},
        hands=[[], ["red load 1", "blue load 1"], ["green load 1"]],
        ships={3: {"at_sea": True, "cargo": ["black load 1", "black load 2", "black load 3"]}},
    )
    fulfil(t, 0, "Big Ammunition")
    s, g = t.state, t.game
    victim_hand = set(t.cs("red load 1", "blue load 1"))
    resolve(t, g.pirate(s, s.rng, 0), ("ship", 3, 0))
    assert len(s.hands[0]) == params(t, "Big Ammunition")["cards"] == 1
    assert set(s.hands[0] + s.hands[1]) == victim_hand and len(s.hands[1]) == 1
    resolve(t, g.pirate(s, s.rng, 0), ("ship", 3, 0))  # every Pirate action
    assert set(s.hands[0]) == victim_hand and s.hands[1] == []
    resolve(t, g.pirate(s, s.rng, 0), ("ship", 3, 0))  # an empty hand gives nothing
    assert len(s.hands[0]) == 2 and s.hands[2] == [t.c("green load 1")]


def test_big_ammunition_takes_nothing_from_own_ships_the_island_or_others_plunders(
    ie_table,
) -> None:
    """Ruling: IE-KS-2."""
    t = ie_table(cards=specs("Big Ammunition"))
    t.arrange(
        fulfilled={0: ["Big Ammunition"]},
        hands=[["green load 1"], ["red load 1"], ["blue load 1"]],
        island=["yellow load 1"],
        ships={
            1: {"at_sea": True, "cargo": ["black load 1"]},
            3: {"at_sea": True, "cargo": ["black load 2"]},
        },
    )
    fulfil(t, 0, "Big Ammunition")
    s, g = t.state, t.game
    hands = [h[:] for h in s.hands]
    resolve(t, g.pirate(s, s.rng, 0), ("ship", 1, 0))  # his own ship
    resolve(t, g.pirate(s, s.rng, 0), ("island", t.c("yellow load 1")))
    resolve(t, g.pirate(s, s.rng, 2), ("ship", 3, 0))  # another player's plunder
    assert s.hands == hands


# ---------------------------------------------------------------- Bionic Ears


def test_bionic_ears_goes_back_to_the_hand_at_the_start_of_any_turn(ie_table) -> None:
    """Ruling: IE-KS-3 (offered in every window, anyone's turn; limits fall, the crew
    stays)."""
    t = ie_table(cards=specs("Bionic Ears"))
    t.arrange(
        fulfilled={0: ["Bionic Ears", "red load 1"]},
        crew={0: ["blue load 1", "blue load 2", "blue load 3"]},
        leader=1,
    )
    fulfil(t, 0, "Bionic Ears")
    s, g = t.state, t.game
    cid, card = t.cid("Bionic Ears"), t.c("Bionic Ears")
    assert g.crew_limit(s, 0) == 3
    d = t.play()
    d.expect("any_time", 0, ("pass", use(t, "Bionic Ears")))
    d.send("pass")
    d.send(("draw",), "lead", 1)
    assert d.expect("any_time", 0).context == Moment("lead_declared", 1)
    d.send(use(t, "Bionic Ears"), "any_time", 0)  # player 1's turn: any time
    assert card in s.hands[0] and s.fulfilled[0] == [t.cid("red load 1")]
    assert g.crew_limit(s, 0) == 2 and len(s.crew[0]) == 3  # nothing discarded
    assert all((0, cid) not in hooks for hooks in s.hooks.values())
    d.send(("draw",), "lead", 2)
    d.expect("lead", 0)  # no longer offered


def test_bionic_ears_fulfilled_again_is_offered_once_a_turn(ie_table) -> None:
    """Ruling: IE-KS-3."""
    t = ie_table(cards=specs("Bionic Ears"))
    t.arrange(fulfilled={0: ["Bionic Ears"]})
    fulfil(t, 0, "Bionic Ears")
    s = t.state
    resolve(t, window(t, "turn_start", 1), use(t, "Bionic Ears"))
    s.hands[0].remove(t.c("Bionic Ears"))
    s.fulfilled[0].append(t.cid("Bionic Ears"))
    fulfil(t, 0, "Bionic Ears")
    asked = resolve(t, window(t, "turn_start", 2), "pass")
    assert [(d.kind, d.player) for d in asked] == [("any_time", 0)]


# ---------------------------------------------------------------- Board Games


def test_board_games_lifts_the_crew_limit_with_every_type_fulfilled(ie_table) -> None:
    """Ruling: IE-KS-6."""
    t = ie_table(cards=specs("Board Games"))
    crew = [f"green supply {k}" for k in (1, 2, 3, 4)] + ["yellow supply 1"]
    t.arrange(
        fulfilled={0: ["Board Games", "green load 1", "yellow load 1", "blue load 1"]},
        crew={0: crew},
        island=["red supply 1", "red supply 2"],
    )
    fulfil(t, 0, "Board Games")
    s, g = t.state, t.game
    assert g.crew_limit(s, 0) == 5  # no illegal contract yet
    s.fulfilled[0].append(t.cid("red load 1"))
    s.deck.remove(t.c("red load 1"))
    assert g.crew_limit(s, 0) == NO_LIMIT
    resolve(t, g._supply(s, 0), ("crew", t.c("red supply 1")))
    resolve(t, g._supply(s, 0), ("crew", t.c("red supply 2")))
    assert len(s.crew[0]) == 7
    g.leave_fulfilled(s, 0, t.cid("red load 1"))  # the condition stops: the crew stays
    s.discard.append(t.c("red load 1"))
    assert g.crew_limit(s, 0) == 5 and len(s.crew[0]) == 7
    g.check_invariants(s)


def test_board_games_does_not_count_the_port_and_imports_keep_one_crew_card(ie_table) -> None:
    """Ruling: IE-KS-6 (the port's printed contract is no card; at most 1 import to crew)."""
    t = ie_table(cards=specs("Board Games"))
    t.arrange(
        fulfilled={0: ["Board Games", "green load 1", "yellow load 1", "blue load 1"]},
        ports=[RED, YELLOW, BLACK],
        ships={3: {"at_sea": True, "cargo": ["red supply 1", "red supply 2"]}},
    )
    fulfil(t, 0, "Board Games")
    s, g = t.state, t.game
    assert g.crew_limit(s, 0) == 5
    s.fulfilled[0].append(t.cid("red load 1"))
    s.deck.remove(t.c("red load 1"))
    assert g.crew_limit(s, 0) == NO_LIMIT
    asked = resolve(t, g.take_from_ship(s, 0, t.ship(3), 2), 0, "crew", "goods")
    assert asked[-1].options == ("goods",)


def test_board_games_with_joe_wiggins_has_every_type(ie_table) -> None:
    """Rulings: IE-KS-6, IE-KS-7 (Joe Wiggins' goods are in the completed contracts)."""
    t = ie_table(cards=specs("Board Games", "Joe Wiggins"))
    t.arrange(fulfilled={0: ["Board Games", "Joe Wiggins"]})
    fulfil(t, 0, "Board Games")
    assert t.game.crew_limit(t.state, 0) == 3
    fulfil(t, 0, "Joe Wiggins")
    assert t.game.crew_limit(t.state, 0) == NO_LIMIT


# ---------------------------------------------------------------- Danger Pets


def test_danger_pets_takes_two_from_every_other_player_who_can_pay(ie_table) -> None:
    """Ruling: IE-KS-4."""
    t = ie_table(players=4, cards=specs("Danger Pets"))
    t.arrange(fulfilled={1: ["Danger Pets"]}, credits=[10, 10, 1, 2])
    assert fulfil(t, 1, "Danger Pets") == []
    pay = params(t, "Danger Pets")["payment"]
    assert t.state.credits == [10 - pay, 10 + 2 * pay, 1, 2 - pay]


# ---------------------------------------------------------------- Dino Bones


def test_dino_bones_everyone_gives_a_good_then_the_owner_takes_two(ie_table) -> None:
    """Ruling: IE-KS-5 (the owner gives too; a player with no goods gives nothing)."""
    t = ie_table(cards=specs("Dino Bones"))
    t.arrange(
        fulfilled={0: ["Dino Bones"]},
        goods={0: ["green load 1", "red load 1"], 1: ["blue load 1"]},
        island=["yellow load 1"],
    )
    s = t.state
    red, blue, yellow = t.cs("red load 1", "blue load 1", "yellow load 1")
    asked = fulfil(t, 0, "Dino Bones", red, blue, blue, yellow)
    assert [(d.kind, d.player) for d in asked] == [
        ("dino_bones_give", 0),
        ("dino_bones_give", 1),
        ("dino_bones_take", 0),
        ("dino_bones_take", 0),
    ]
    assert asked[0].options == (t.c("green load 1"), red)
    assert set(asked[2].options) == {red, blue, yellow}
    assert s.goods == [[t.c("green load 1"), blue, yellow], [], []]
    assert s.island == [red]
    assert params(t, "Dino Bones")["cards_taken"] == 2


def test_dino_bones_discards_a_card_beyond_the_goods_limit(ie_table) -> None:
    """Ruling: IE-KS-5 (IE-LIMIT-2)."""
    t = ie_table(cards=specs("Dino Bones"))
    goods = ["green load 1", "green load 2", "green load 3", "green load 4"]
    t.arrange(fulfilled={0: ["Dino Bones"]}, goods={0: goods}, island=["red load 1"])
    s = t.state
    assert t.game.goods_limit(s, 0) == 4
    g1, red = t.c("green load 1"), t.c("red load 1")
    fulfil(t, 0, "Dino Bones", g1, red, g1)
    assert s.goods[0] == [*t.cs("green load 2", "green load 3", "green load 4"), red]
    assert s.discard[-1] == g1 and s.island == []


# ---------------------------------------------------------------- Flametorch


def test_flametorch_heads_every_other_player_pays_four(ie_table) -> None:
    """Ruling: IE-KS-8 (one who cannot pay in full pays nothing)."""
    t = ie_table(cards=specs("Flametorch"))
    t.arrange(fulfilled={0: ["Flametorch"]}, credits=[10, 10, 3])
    t.state.rng = _Coin(0)
    fulfil(t, 0, "Flametorch")
    heads = params(t, "Flametorch")["heads_pay"]
    assert t.state.credits == [10 + heads, 10 - heads, 3]


def test_flametorch_tails_the_owner_pays_two_to_each_or_nothing(ie_table) -> None:
    """Ruling: IE-KS-8 (IE-POWER-1: an owner who cannot pay does not resolve it)."""
    t = ie_table(cards=specs("Flametorch"))
    t.arrange(fulfilled={0: ["Flametorch"]}, credits=[10, 10, 10])
    t.state.rng = _Coin(1)
    fulfil(t, 0, "Flametorch")
    tails = params(t, "Flametorch")["tails_pay"]
    assert t.state.credits == [10 - 2 * tails, 10 + tails, 10 + tails]
    t.state.credits = [2 * tails - 1, 10, 10]
    fulfil(t, 0, "Flametorch")
    assert t.state.credits == [2 * tails - 1, 10, 10]


def test_flametorch_flips_with_the_games_generator(ie_table) -> None:
    """Ruling: IE-KS-8: both sides come up over seeds, never anything else."""
    outcomes = set()
    for seed in range(12):
        t = ie_table(cards=specs("Flametorch"), seed=seed)
        t.arrange(fulfilled={0: ["Flametorch"]}, credits=[10, 10, 10])
        fulfil(t, 0, "Flametorch")
        outcomes.add(tuple(t.state.credits))
    assert outcomes == {(18, 6, 6), (6, 12, 12)}


# ---------------------------------------------------------------- Graphics Cards


def _four_types(t) -> list[str]:  # noqa: ANN001
    return ["green load 1", "yellow load 1", "black load 1", "blue load 1"]


def test_graphics_cards_wins_at_once_when_fulfilled_with_four_majorities(ie_table) -> None:
    """Rulings: IE-KS-9, IE-KS-10."""
    t = ie_table(cards=specs("Graphics Cards"))
    t.arrange(
        fulfilled={0: ["Graphics Cards"]},
        goods={0: _four_types(t), 1: ["red load 1", "red load 2"]},
    )
    assert params(t, "Graphics Cards")["good_types"] == 4
    with pytest.raises(GameOver):
        fulfil(t, 0, "Graphics Cards")
    assert t.state.winners == [0] and t.state.end_reason == "card"


def test_graphics_cards_a_tie_is_not_the_most_until_a_good_breaks_it(ie_table) -> None:
    """Rulings: IE-KS-9, IE-KS-10 (checked again when a good is added)."""
    t = ie_table(cards=specs("Graphics Cards"))
    t.arrange(
        fulfilled={0: ["Graphics Cards", "green load 2", "green load 3"]},
        goods={0: _four_types(t), 1: ["blue load 2"]},
    )
    s, g = t.state, t.game
    fulfil(t, 0, "Graphics Cards")
    _emit(t, "goods_added", 1, t.c("blue load 2"))
    red = t.c("red load 1")
    s.deck.remove(red)
    resolve(t, g.to_goods(s, 2, red))  # another's good: still tied in luxury
    blue = t.c("blue load 3")
    s.deck.remove(blue)
    with pytest.raises(GameOver):
        resolve(t, g.to_goods(s, 0, blue))
    assert s.winners == [0]


def test_graphics_cards_a_tie_counts_for_an_owner_who_wins_ties(ie_table) -> None:
    """Ruling: IE-KS-10 (Foxes' "wins all ties", mods "wins_ties": IE-JP-3)."""
    t = ie_table(cards=specs("Graphics Cards"))
    t.arrange(
        fulfilled={0: ["Graphics Cards"]},
        goods={0: _four_types(t), 1: ["blue load 2"]},
    )
    t.state.mods[0]["wins_ties"] = True
    with pytest.raises(GameOver):
        fulfil(t, 0, "Graphics Cards")


def test_graphics_cards_checked_at_the_end_of_a_turn_when_others_lose_goods(ie_table) -> None:
    """Ruling: IE-KS-9 (a good leaving another player, as Telescopes' sale, counts at the
    end of the turn at the latest)."""
    t = ie_table(cards=specs("Graphics Cards"))
    t.arrange(
        fulfilled={0: ["Graphics Cards"]},
        goods={0: _four_types(t), 1: ["blue load 2"]},
    )
    s = t.state
    fulfil(t, 0, "Graphics Cards")
    s.goods[1].remove(t.c("blue load 2"))
    s.discard.append(t.c("blue load 2"))
    d = t.play()
    d.send(("draw",), "lead", 0)
    assert d.over and s.winners == [0] and s.end_reason == "card"
    assert s.final_credits == []  # no scoring


def test_graphics_cards_is_public_to_every_player(ie_table) -> None:
    """Ruling: IE-KS-17 (FAQ: fulfilled contracts are public information)."""
    t = ie_table(cards=specs("Graphics Cards"))
    t.arrange(fulfilled={2: ["Graphics Cards"]})
    for p in range(3):
        assert t.cid("Graphics Cards") in t.game.observe(t.state, p).fulfilled(2)


def test_graphics_cards_counts_joe_wiggins_goods(ie_table) -> None:
    """Rulings: IE-KS-7, IE-KS-10."""
    t = ie_table(cards=specs("Graphics Cards", "Joe Wiggins"))
    t.arrange(fulfilled={0: ["Graphics Cards", "Joe Wiggins"]}, goods={1: ["blue load 1"]})
    fulfil(t, 0, "Graphics Cards")
    fulfil(t, 0, "Joe Wiggins")  # green, yellow, red, black: four types
    with pytest.raises(GameOver):
        _emit(t, "contract_fulfilled", 0, [t.cid("Joe Wiggins")])


# ---------------------------------------------------------------- Improbability


def _improbable(t, crew: list[str]):  # noqa: ANN001, ANN202
    t.arrange(
        fulfilled={
            0: ["Improbability", "green load 1", "black load 1", "blue load 1", "red load 1"]
        },
        goods={0: ["green load 2", "yellow load 2", "black load 2", "blue load 2", "red load 2"]},
        crew={0: crew},
        hands=[["green supply 1"], [], []],
        island=["red load 3"],
    )
    fulfil(t, 0, "Improbability")


def test_improbability_wins_when_a_crew_card_completes_the_colours(ie_table) -> None:
    """Rulings: IE-KS-9, IE-KS-11 (checked as soon as the crew card is added)."""
    t = ie_table(cards=specs("Improbability"))
    _improbable(t, ["green load 3", "yellow load 3", "black load 3", "blue load 3"])
    s = t.state
    d = t.play()
    d.lead(0, SUPPLY, t.c("green supply 1"))
    d.draw(1).draw(2)
    d.send(("crew", t.c("red load 3")), "supply", 0)
    assert d.over and s.winners == [0] and s.end_reason == "card"


def test_improbability_grey_cards_count_for_nothing(ie_table) -> None:
    """Ruling: IE-KS-11."""
    t = ie_table(cards={**specs("Improbability"), "grey capital": "grey supply"})
    _improbable(t, ["green load 3", "yellow load 3", "black load 3", "blue load 3"])
    s = t.state
    s.deck.remove(t.c("grey capital"))
    s.crew[0].append(t.c("grey capital"))
    _emit(t, "turn_ended", 0, None)  # no win: grey is no colour
    s.crew[0].remove(t.c("grey capital"))
    s.discard.append(t.c("grey capital"))
    s.island.remove(t.c("red load 3"))
    s.crew[0].append(t.c("red load 3"))
    with pytest.raises(GameOver):
        _emit(t, "turn_ended", 0, None)


def test_improbability_needs_every_colour_in_each_area_not_joe_wiggins(ie_table) -> None:
    """Rulings: IE-KS-11 (cards, not counted goods), IE-KS-7."""
    t = ie_table(cards=specs("Improbability", "Joe Wiggins"))
    t.arrange(
        fulfilled={0: ["Improbability", "Joe Wiggins", "green load 1", "black load 1"]},
        goods={0: ["blue load 2"]},
        crew={0: ["green load 3", "yellow load 3", "black load 3", "blue load 3", "red load 3"]},
    )
    fulfil(t, 0, "Joe Wiggins")
    fulfil(t, 0, "Improbability")  # Joe Wiggins is a luxury card: no red contract, no goods
    assert t.state.winners == []


# ---------------------------------------------------------------- Joe Wiggins


def test_joe_wiggins_counts_as_four_goods_for_levels_but_not_the_limit(ie_table) -> None:
    """Ruling: IE-KS-7."""
    t = ie_table(cards=specs("Joe Wiggins"))
    t.arrange(fulfilled={0: ["Joe Wiggins"]})
    s, g = t.state, t.game
    before = {c: g.level(s, 0, c) for c in (GREEN, YELLOW, BLACK, BLUE, RED, ANY)}
    fulfil(t, 0, "Joe Wiggins")
    after = {c: g.level(s, 0, c) for c in (GREEN, YELLOW, BLACK, BLUE, RED, ANY)}
    assert {c: after[c] - before[c] for c in after} == {
        GREEN: 1,
        YELLOW: 1,
        BLACK: 1,
        BLUE: 0,
        RED: 1,
        ANY: 4,
    }
    assert g.goods_limit(s, 0) == 4 and s.goods[0] == []
    assert g.goods_count(s, 0) == 4 and g.goods_count(s, 0, RED) == 1
    g.leave_fulfilled(s, 0, t.cid("Joe Wiggins"))  # gone, it counts nothing
    s.discard.append(t.c("Joe Wiggins"))
    assert {c: g.level(s, 0, c) for c in after} == before


def test_joe_wiggins_scores_as_four_goods_with_set_bonus_and_majorities(ie_table) -> None:
    """Ruling: IE-KS-7 (values, set bonus, majorities)."""
    t = ie_table(cards=specs("Joe Wiggins"))
    t.arrange(fulfilled={0: ["Joe Wiggins"]}, goods={0: ["blue load 1"]})
    s, g = t.state, t.game
    g.score(s)
    alone = s.final_credits[0]
    assert alone == 10 + 1 + 8  # the luxury good and its majority
    fulfil(t, 0, "Joe Wiggins")
    g.score(s)
    # 1+1+1 (tech, agri, consumer) + 2 (illegal) + 10 (set) + 6*3 (majorities) - 6 (illegal)
    assert s.final_credits[0] - alone == 5 + 10 + 18 - 6


def test_joe_wiggins_counts_for_other_cards_counting_goods(ie_table) -> None:
    """Ruling: IE-KS-7 (Ammunition charges its owner, he has an illegal good)."""
    t = ie_table(cards=specs("Joe Wiggins", "Ammunition"))
    t.arrange(fulfilled={0: ["Ammunition"], 1: ["Joe Wiggins"]})
    fulfil(t, 1, "Joe Wiggins")
    fulfil(t, 0, "Ammunition")
    pay = params(t, "Ammunition")["payment"]
    assert t.state.credits == [10 + pay, 10 - pay, 10]


# ---------------------------------------------------------------- Mother Load


def test_mother_load_wins_on_the_eighth_illegal_good(ie_table) -> None:
    """Rulings: IE-KS-9, IE-KS-12."""
    t = ie_table(cards=specs("Mother Load"))
    illegal = [f"red load {k}" for k in (1, 2, 3, 4)] + [f"red pirate {k}" for k in (1, 2, 3)]
    t.arrange(
        fulfilled={0: ["Mother Load", "green load 1", "green load 2", "green load 3"]},
        goods={0: illegal},
    )
    s, g = t.state, t.game
    assert params(t, "Mother Load")["illegal_goods"] == 8
    fulfil(t, 0, "Mother Load")  # seven: nothing
    card = t.c("red pirate 4")
    s.deck.remove(card)
    with pytest.raises(GameOver):
        resolve(t, g.to_goods(s, 0, card))
    assert s.winners == [0] and s.end_reason == "card"


def test_mother_load_counts_joe_wiggins_illegal_good(ie_table) -> None:
    """Rulings: IE-KS-7, IE-KS-12."""
    t = ie_table(cards=specs("Mother Load", "Joe Wiggins"))
    illegal = [f"red load {k}" for k in (1, 2, 3, 4)] + [f"red pirate {k}" for k in (1, 2, 3)]
    t.arrange(
        fulfilled={0: ["Mother Load", "Joe Wiggins", "green load 1", "green load 2"]},
        goods={0: illegal},
    )
    fulfil(t, 0, "Mother Load")
    fulfil(t, 0, "Joe Wiggins")
    with pytest.raises(GameOver):
        _emit(t, "contract_fulfilled", 0, [t.cid("Joe Wiggins")])


# ---------------------------------------------------------------- Souvenirs


def test_souvenirs_does_nothing(ie_table) -> None:
    """Ruling: IE-KS-15."""
    t = ie_table(cards=specs("Souvenirs"))
    t.arrange(fulfilled={0: ["Souvenirs"]}, hands=[["red load 1"], [], []])
    s, g = t.state, t.game
    assert "Souvenirs" in POWERS and t.cid("Souvenirs") in g.powers.by_contract
    snapshot = (s.credits[:], [h[:] for h in s.hands], [dict(m) for m in s.mods], s.deck[:])
    assert fulfil(t, 0, "Souvenirs") == []
    for event in ("turn_started", "turn_ended", "contract_fulfilled"):
        assert _emit(t, event, 0, [t.cid("Souvenirs")]) == []
    assert (s.credits, s.hands, s.mods, s.deck) == snapshot and s.hooks == {}
    assert g.crew_limit(s, 0) == 2  # a fulfilled contract like any


# ---------------------------------------------------------------- Stretch Goal


def test_stretch_goal_every_player_draws_takes_credits_and_imports_a_good(ie_table) -> None:
    """Ruling: IE-KS-13 (FAQ: everyone takes part; no payment to the ship's owner)."""
    t = ie_table(cards=specs("Stretch Goal"))
    t.arrange(
        fulfilled={1: ["Stretch Goal"]},
        ships={
            1: {"at_sea": True, "cargo": ["red load 1"]},
            5: {"at_sea": True, "cargo": ["blue load 1", "blue load 2"]},
        },
    )
    s = t.state
    red, b1, b2 = t.cs("red load 1", "blue load 1", "blue load 2")
    asked = fulfil(t, 1, "Stretch Goal", (1, red), (5, b1), (5, b2))
    assert [(d.kind, d.player) for d in asked] == [
        ("stretch_goal_import", 1),
        ("stretch_goal_import", 2),
        ("stretch_goal_import", 0),
    ]
    assert asked[0].options == ((1, red), (5, b1), (5, b2))
    p = params(t, "Stretch Goal")
    assert s.credits == [10 + p["credits"]] * 3
    assert [len(h) for h in s.hands] == [p["cards"]] * 3
    assert s.goods == [[b2], [red], [b1]]
    assert not t.ship(1).at_sea and not t.ship(5).at_sea  # emptied ships came home


def test_stretch_goal_without_ships_at_sea_draws_and_pays_only(ie_table) -> None:
    """Ruling: IE-KS-13."""
    t = ie_table(cards=specs("Stretch Goal"))
    t.arrange(fulfilled={0: ["Stretch Goal"]}, credits=[48, 10, 10])
    assert fulfil(t, 0, "Stretch Goal") == []
    assert t.state.credits == [50, 12, 12] and t.state.end_triggered


# ---------------------------------------------------------------- Water Notepad


def test_water_notepad_nobody_plunders_the_owners_ships(ie_table) -> None:
    """Ruling: IE-KS-14 (the owner neither; the island and other ships stay open)."""
    t = ie_table(cards=specs("Water Notepad"))
    t.arrange(
        fulfilled={1: ["Water Notepad"]},
        island=["red load 1"],
        ships={
            1: {"at_sea": True, "cargo": ["blue load 1"]},
            3: {"at_sea": True, "cargo": ["blue load 2"]},
        },
    )
    fulfil(t, 1, "Water Notepad")
    s, g = t.state, t.game
    red = t.c("red load 1")
    asked = resolve(t, g.pirate(s, s.rng, 0), ("island", red))
    assert asked[0].options == (("ship", 1, 0), ("island", red))
    asked = resolve(t, g.pirate(s, s.rng, 1), ("ship", 1, 0))
    assert asked[0].options == (("ship", 1, 0),)
    assert resolve(t, g.pirate(s, s.rng, 1)) == []  # nothing left that may be plundered
    assert t.ship(3).cargo == [t.c("blue load 2")]
    flow = g.import_rounds(s, s.rng, [0, 1, 2], [1, 0, 0])  # importing is no plunder
    resolve(t, flow, 3, 0, "goods")
    assert s.goods[0] == [t.c("blue load 2")]


# ---------------------------------------------------------------- Import/Export DE


def test_import_export_definitive_edition_pays_per_luxury_contract(ie_table) -> None:
    """Ruling: IE-KS-16 (itself included)."""
    name = "Import/Export Definitive Edition"
    t = ie_table(cards=specs(name))
    t.arrange(fulfilled={0: [name, "blue load 1", "green load 1"], 1: ["blue load 2"]})
    s = t.state
    t.game.score(s)
    pay = params(t, name)["pay_per_contract"]
    assert s.final_credits == [10 + 2 * pay, 10, 10]
