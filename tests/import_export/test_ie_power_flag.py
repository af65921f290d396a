"""Flag powers (powers/flag.py): each contract with its real sheet row on a hand-built table;
two-contract Flag cards where the card itself matters (`pairs`). Rulings: IE-FLAGP-n."""

from __future__ import annotations

import dataclasses
import re

import pytest
from test_ie_power_play import ROWS, fulfil, params, resolve, spec, specs, use, window

from simulator.catalog import get_game
from simulator.core.engine import play_game
from simulator.games.import_export.cards import (
    ANY,
    BLACK,
    BLUE,
    CONTRACT,
    GREEN,
    IMPORT,
    LOAD,
    PIRATE,
    RED,
    SUPPLY,
    YELLOW,
)
from simulator.games.import_export.moments import Moment
from strategies.random_strategy import RandomStrategy

MAPLE_CREDITS = ROWS["Maple Syrup"]["params"]["min_credits"]


def _emit(t, event: str, actor: int, payload, *answers):  # noqa: ANN001, ANN202
    return resolve(t, t.game.emit(t.state, event, actor, payload), *answers)


def _delta(t, owner: int, name: str, plain: str = "green import 4") -> int:  # noqa: ANN001
    """Final credits of `owner` with `name` fulfilled minus with a plain card instead."""
    s = t.state
    saved = [list(z) for z in (s.fulfilled[owner], s.goods[owner], s.crew[owner])]
    t.game.score(s)
    with_power = s.final_credits[owner]
    s.fulfilled[owner] = [t.cid(plain) if c == t.cid(name) else c for c in saved[0]]
    t.game.score(s)
    without = s.final_credits[owner]
    s.fulfilled[owner], s.goods[owner], s.crew[owner] = (list(z) for z in saved)
    return with_power - without


# ---------------------------------------------------------------- Iceland Water


def test_iceland_water_sells_agricultural_hand_cards_at_the_owners_turn_start(ie_table) -> None:
    """Ruling: IE-FLAGP-1."""
    t = ie_table(cards=specs("Iceland Water"))
    hand = ["yellow load 1", "green load 1", "yellow supply 1"]
    t.arrange(fulfilled={0: ["Iceland Water"]}, hands=[hand, [], []])
    fulfil(t, 0, "Iceland Water")
    price = params(t, "Iceland Water")["price"]
    s = t.state
    d = t.play()
    water = [use(t, "Iceland Water", c) for c in t.cs("yellow load 1", "yellow supply 1")]
    decision = d.expect("any_time", 0, ("pass", *water))
    assert decision.context == Moment("turn_start", 0)
    d.send(water[1])
    d.expect("any_time", 0, ("pass", water[0]))
    d.send("pass")
    d.expect("lead", 0)
    assert s.credits[0] == 10 + price
    assert s.island == [t.c("yellow supply 1")]
    assert s.log[0]["sold"] == [t.c("yellow supply 1")]
    assert s.sold_this_turn[0] is False  # not the Supply action's sale


def test_iceland_water_sells_in_the_middle_of_another_players_turn(ie_table) -> None:
    """Ruling: IE-FLAGP-1 ("at any time": after the leader's lead, in his turn), with the
    windows of IE-ANYTIME-1."""
    t = ie_table(cards=specs("Iceland Water"))
    t.arrange(
        fulfilled={0: ["Iceland Water"]},
        hands=[["yellow load 1"], ["green supply 1"], []],
        island=["red load 1"],
        leader=1,
    )
    fulfil(t, 0, "Iceland Water")
    s = t.state
    d = t.play()
    assert d.expect("any_time", 0).context == Moment("turn_start", 1)
    d.send("pass", "any_time", 0)
    d.lead(1, SUPPLY, t.c("green supply 1"))
    decision = d.expect("any_time", 0, ("pass", use(t, "Iceland Water", t.c("yellow load 1"))))
    assert decision.context == Moment("lead_declared", 1, SUPPLY)
    d.send(use(t, "Iceland Water", t.c("yellow load 1")))
    assert s.leader == 1 and s.credits[0] == 10 + params(t, "Iceland Water")["price"]
    assert s.hands[0] == [] and t.c("yellow load 1") in s.island


# ---------------------------------------------------------------- Surströmming


def test_surstromming_forbids_leading_pirate_until_the_owners_next_turn(ie_table) -> None:
    """Ruling: IE-FLAGP-2 (the owner included; wildcards too; lifted at his next turn)."""
    t = ie_table(cards=specs("Surströmming"))
    pair = ["red pirate 1", "red pirate 2"]  # a wildcard pair could lead anything
    t.arrange(
        fulfilled={0: ["Surströmming"]},
        hands=[["red pirate 3"], pair, ["red pirate 4"]],
        island=["blue load 1"],
        leader=1,
    )
    fulfil(t, 0, "Surströmming")
    s = t.state
    assert resolve(t, t.game.pirate(s, s.rng, 2)) == []  # no Pirate action at all
    assert s.island == [t.c("blue load 1")]
    d = t.play()
    assert ("lead", PIRATE) not in d.options("lead", 1)
    assert ("lead", LOAD) in d.options("lead", 1)
    d.send(("draw",))
    assert d.options("lead", 2) == (("draw",),)  # its only Pirate card cannot lead
    d.send(("draw",))
    assert ("lead", PIRATE) in d.options("lead", 0)  # the owner's turn: lifted
    assert "pirate_ban" not in s.mods[0]


def test_surstromming_completed_by_a_pirate_stops_the_turns_later_pirates(ie_table) -> None:
    """Ruling: IE-FLAGP-2 (fulfilled mid-turn: the followers' Pirate actions are lost)."""
    t = ie_table(cards=specs("Surströmming"))
    t.arrange(
        ships={0: {"contracts": ["Surströmming"], "cargo": ["red load 1", "red load 2"]}},
        hands=[["red pirate 1"], ["red pirate 2"], []],
        island=["red load 3", "blue load 1"],
    )
    s = t.state
    d = t.play()
    d.lead(0, PIRATE, t.c("red pirate 1"))
    d.follow(1, t.c("red pirate 2"))
    d.draw(2)
    d.send(("island", t.c("red load 3")), "pirate", 0)
    d.send((0, RED), "pirate_to", 0)
    assert t.cid("Surströmming") in s.fulfilled[0]
    d.expect("lead", 1)  # player 1's declared Pirate action did nothing
    assert t.c("blue load 1") in s.island


# ---------------------------------------------------------------- Maple Syrup


def _maple_table(ie_table, credits: int):  # noqa: ANN001, ANN202
    cards = {
        **specs("Maple Syrup", "Teslas"),
        "Big Order": "yellow contract cargo=yellow:2+green:2",
    }
    t = ie_table(cards=cards, pairs=[("Maple Syrup", "Teslas")])
    t.arrange(
        hands=[["green load 1", "yellow supply 1", "Maple Syrup"], [], []],
        ships={0: {"contracts": ["Big Order"]}},
        credits=[credits, 10, 10],
    )
    d = t.play()
    d.lead(0, LOAD, t.c("green load 1"))
    d.draw(1).draw(2)
    d.send((t.c("yellow supply 1"), 0, YELLOW), "load", 0)
    return t, d


def test_maple_syrup_loads_itself_free_after_a_load_action_with_30_credits(ie_table) -> None:
    """Ruling: IE-FLAGP-3, IE-FLAGP-4 (no action spent, no Flag fee; either colour)."""
    t, d = _maple_table(ie_table, credits=MAPLE_CREDITS)
    card = t.c("Maple Syrup")
    d.expect("maple_syrup_load", 0, ("pass", (0, YELLOW), (0, GREEN)))
    d.send((0, GREEN))
    s = t.state
    assert s.credits[0] == MAPLE_CREDITS  # no 2-credit fee
    assert t.ship(0).cargo == [t.c("yellow supply 1"), card]
    assert t.ship(0).cargo_colors == [YELLOW, GREEN]
    assert card not in s.hands[0]
    d.expect("lead", 1)


def test_maple_syrup_needs_30_credits(ie_table) -> None:
    t, d = _maple_table(ie_table, credits=MAPLE_CREDITS - 1)
    d.expect("lead", 1)
    assert t.c("Maple Syrup") in t.state.hands[0]


# ---------------------------------------------------------------- Teslas


def test_teslas_counts_all_supply_crew_as_the_best_single_type(ie_table) -> None:
    """Ruling: IE-FLAGP-5 (FAQ: one type for all, chosen before the majorities)."""
    t = ie_table(cards=specs("Teslas"))
    t.arrange(
        fulfilled={0: ["Teslas", "green import 1"]},
        crew={0: ["green supply 1", "yellow supply 1", "red pirate 1"]},
        goods={0: ["green load 1", "yellow load 1", "black load 1", "blue load 1"],
               1: ["blue load 2", "blue load 3"]},
    )  # fmt: skip
    rules = t.game.rules
    # luxury: 3 against 2 wins the luxury majority; illegal would give the set bonus but
    # the illegal penalty; tech and agriculture only their value
    assert _delta(t, 0, "Teslas") == 2 + rules.majority[BLUE]
    assert t.state.crew[0] == t.cs("green supply 1", "yellow supply 1", "red pirate 1")


def test_teslas_without_supply_crew_changes_nothing(ie_table) -> None:
    t = ie_table(cards=specs("Teslas"))
    t.arrange(fulfilled={0: ["Teslas"]}, crew={0: ["red pirate 1"]}, goods={0: ["red load 1"]})
    assert _delta(t, 0, "Teslas") == 0


# ---------------------------------------------------------------- Avocado


def test_avocado_moves_to_the_crew_as_a_crew_card_of_its_action(ie_table) -> None:
    """Ruling: IE-FLAGP-6."""
    t = ie_table(cards=specs("Avocado", "Dragon Fruit"), pairs=[("Avocado", "Dragon Fruit")])
    t.arrange(fulfilled={0: ["Avocado"]})
    s = t.state
    fulfil(t, 0, "Avocado")
    assert s.fulfilled[0] == [] and s.crew[0] == [t.c("Avocado")]
    assert t.game.crew_actions(s, 0, t.game.actions[t.c("Avocado")]) == 1


def test_avocado_is_discarded_when_the_crew_is_full_once_it_leaves(ie_table) -> None:
    """Ruling: IE-FLAGP-6 (the limit as lowered by the move)."""
    t = ie_table(cards=specs("Avocado"))
    t.arrange(fulfilled={0: ["Avocado"]}, crew={0: ["red supply 1"]})
    s = t.state
    fulfil(t, 0, "Avocado")
    assert s.crew[0] == [t.c("red supply 1")] and s.discard[-1] == t.c("Avocado")
    assert s.fulfilled[0] == []


# ---------------------------------------------------------------- Dragon Fruit


@pytest.mark.parametrize("choice", ["draw", "credits"])
def test_dragon_fruit_pays_when_the_owner_leads_pirate(ie_table, choice: str) -> None:
    """Ruling: IE-FLAGP-7."""
    t = ie_table(cards=specs("Dragon Fruit"))
    t.arrange(fulfilled={0: ["Dragon Fruit"]}, hands=[["red pirate 1"], [], []])
    fulfil(t, 0, "Dragon Fruit")
    p = params(t, "Dragon Fruit")
    s = t.state
    d = t.play()
    d.lead(0, PIRATE, t.c("red pirate 1"))
    d.draw(1).draw(2)
    hands = len(s.hands[0])
    d.send(choice, "dragon_fruit_choice", 0)
    if choice == "credits":
        assert s.credits[0] == 10 + p["credits"] and len(s.hands[0]) == hands
    else:
        assert s.credits[0] == 10 and len(s.hands[0]) == hands + p["cards"]


def test_dragon_fruit_ignores_other_leads_and_others_pirates(ie_table) -> None:
    t = ie_table(cards=specs("Dragon Fruit"))
    t.arrange(fulfilled={0: ["Dragon Fruit"]})
    fulfil(t, 0, "Dragon Fruit")
    assert _emit(t, "action_declared", 0, (LOAD, (), (1, 0, 0))) == []
    assert _emit(t, "action_declared", 1, (PIRATE, (0,), (1, 1, 0))) == []  # 0 follows


# ---------------------------------------------------------------- Yerba Mate


def test_yerba_mate_shows_the_decks_top_card_to_every_player(ie_table) -> None:
    """Ruling: IE-FLAGP-9 (the top card only, through draws)."""
    t = ie_table(cards=specs("Yerba Mate"))
    t.arrange(fulfilled={0: ["Yerba Mate"]}, deck=["blue load 1", "red load 1"])
    s = t.state
    views = [t.game.observe(s, p) for p in range(3)]
    assert [v.deck_top for v in views] == [None, None, None]  # hidden before
    fulfil(t, 0, "Yerba Mate")
    assert [v.deck_top for v in views] == [t.c("blue load 1")] * 3
    t.game.deck_pop(s)
    assert [v.deck_top for v in views] == [t.c("red load 1")] * 3
    assert views[1].hand == () and views[1].deck_size == len(s.deck)


# ---------------------------------------------------------------- Rooibos Tea


def test_rooibos_tea_pays_nobody_unless_the_rules_name_tea_drinkers(ie_table) -> None:
    """Ruling: IE-FLAGP-8."""
    t = ie_table(cards=specs("Rooibos Tea"))
    t.arrange(fulfilled={0: ["Rooibos Tea"]})
    s = t.state
    fulfil(t, 0, "Rooibos Tea")
    assert s.credits == [10, 10, 10]
    t.game.rules = dataclasses.replace(t.game.rules, tea_drinkers=(1, 2))
    fulfil(t, 0, "Rooibos Tea")
    payment = params(t, "Rooibos Tea")["payment"]
    assert s.credits == [10, 10 + payment, 10 + payment]


# ---------------------------------------------------------------- Tej


@pytest.mark.parametrize(("crew", "credits"), [(0, 0), (1, 0), (2, 0), (3, 2), (4, 2), (5, 4)])
def test_tej_pays_crew_minus_two_rounded_up_to_even(ie_table, crew: int, credits: int) -> None:
    """Ruling: IE-FLAGP-10."""
    t = ie_table(cards=specs("Tej"))
    assert params(t, "Tej")["minus"] == 2
    names = [f"{c} supply 1" for c in ("green", "yellow", "black", "blue", "red")][:crew]
    t.arrange(fulfilled={0: ["Tej"]}, crew={0: names})
    fulfil(t, 0, "Tej")
    assert t.state.credits[0] == 10 + credits


# ---------------------------------------------------------------- Champagne


def test_champagne_pays_for_strictly_the_most_completed_contracts(ie_table) -> None:
    """Ruling: IE-FLAGP-11 (FAQ: an absolute majority; a tie pays nothing)."""
    t = ie_table(cards=specs("Champagne"))
    t.arrange(
        fulfilled={0: ["Champagne", "green load 1"], 1: ["green load 2"], 2: ["green load 3"]}
    )
    assert _delta(t, 0, "Champagne") == params(t, "Champagne")["payment"]
    t.state.fulfilled[2].append(t.cid("yellow load 1"))
    t.state.deck.remove(t.c("yellow load 1"))
    assert _delta(t, 0, "Champagne") == 0


def test_champagne_tie_goes_to_an_owner_with_foxes(ie_table) -> None:
    """Rulings: IE-FLAGP-11 and IE-JP-3 (FAQ: Foxes wins all ties)."""
    t = ie_table(cards=specs("Champagne", "Foxes"))
    t.arrange(
        fulfilled={0: ["Champagne", "Foxes"], 1: ["green load 2", "green load 3"]},
    )
    fulfil(t, 0, "Foxes")
    assert _delta(t, 0, "Champagne") == params(t, "Champagne")["payment"]


def test_champagne_does_not_count_a_contract_that_left_the_area(ie_table) -> None:
    """Ruling: IE-FLAGP-11 (FAQ: contracts skipping the completed area do not count)."""
    t = ie_table(cards=specs("Champagne", "Olive Oil"))
    t.arrange(fulfilled={0: ["Champagne", "Olive Oil"], 1: ["green load 2"]})
    fulfil(t, 0, "Olive Oil")
    assert _delta(t, 0, "Champagne") == params(t, "Champagne")["payment"]
    d = t.play()
    d.send(use(t, "Olive Oil"), "any_time", 0)
    assert _delta(t, 0, "Champagne") == 0


# ---------------------------------------------------------------- Jasmine Tea


def test_jasmine_tea_places_several_contracts_with_one_action(ie_table) -> None:
    """Ruling: IE-FLAGP-12 (a missing level still costs an action)."""
    t = ie_table(cards={**specs("Jasmine Tea"), "Blue Order": "blue contract level=blue:1"})
    hand = ["green contract 1", "green load 1", "yellow load 1", "Blue Order"]
    t.arrange(
        fulfilled={0: ["Jasmine Tea"]},
        crew={0: ["black contract 1"]},
        hands=[hand, [], []],
    )
    fulfil(t, 0, "Jasmine Tea")
    s = t.state
    d = t.play()
    d.lead(0, CONTRACT, t.c("green contract 1"), declare=2)
    d.draw(1).draw(2)
    d.send((t.c("green load 1"), t.cid("green load 1"), 0), "contract", 0)
    options = d.options("jasmine_tea_place", 0)
    assert options[0] == "stop"
    blue = (t.c("Blue Order"), t.cid("Blue Order"), 1)
    assert blue in options  # one action left buys its missing level
    d.send(blue)
    options = d.options("jasmine_tea_place", 0)  # no action left: level met cards only
    assert options == ("stop", *((t.c("yellow load 1"), t.cid("yellow load 1"), i) for i in (0, 1)))
    d.send((t.c("yellow load 1"), t.cid("yellow load 1"), 0))
    d.expect("lead", 1)  # the hand is empty: nothing more to place
    assert t.ship(0).contracts == [t.cid("green load 1"), t.cid("yellow load 1")]
    assert t.ship(1).contracts == [t.cid("Blue Order")]
    assert s.hands[0] == []


def test_without_jasmine_tea_one_action_places_one_contract(ie_table) -> None:
    t = ie_table()
    t.arrange(hands=[["green contract 1", "green load 1", "yellow load 1"], [], []])
    d = t.play()
    d.lead(0, CONTRACT, t.c("green contract 1"))
    d.draw(1).draw(2)
    d.send((t.c("green load 1"), t.cid("green load 1"), 0), "contract", 0)
    d.expect("lead", 1)


# ---------------------------------------------------------------- Muay Thai Shorts


def test_muay_thai_shorts_pays_per_contract_on_its_ship(ie_table) -> None:
    """Ruling: IE-FLAGP-13 (itself included)."""
    t = ie_table(cards=specs("Muay Thai Shorts"))
    cargo = ["black supply 1", "black supply 2", "black supply 3", "black supply 4"]
    t.arrange(
        ships={0: {"contracts": ["Muay Thai Shorts", "black load 1"], "cargo": cargo}},
        hands=[["green load 1", "black import 1"], [], []],
    )
    assert t.cards.contract_by_id[t.cid("Muay Thai Shorts")].cargo == {BLACK: 3}
    s = t.state
    d = t.play()
    d.lead(0, LOAD, t.c("green load 1"))
    d.draw(1).draw(2)
    d.send((t.c("black import 1"), 0, BLACK), "load", 0)
    pay = params(t, "Muay Thai Shorts")["pay_per_contract"]
    assert s.fulfilled[0] == [t.cid("Muay Thai Shorts"), t.cid("black load 1")]
    assert s.credits[0] == 10 + t.game.rules.pay_5_6 + 2 * pay
    assert _emit(t, "contract_fulfilled", 0, [t.cid("green load 2")]) == []
    assert s.credits[0] == 10 + t.game.rules.pay_5_6 + 2 * pay  # later completions: nothing


# ---------------------------------------------------------------- Cologne


def test_cologne_pays_for_the_largest_action_type_in_the_crew(ie_table) -> None:
    """Ruling: IE-FLAGP-14."""
    t = ie_table(cards=specs("Cologne"))
    crew = ["green load 1", "yellow load 1", "red pirate 1"]
    t.arrange(fulfilled={0: ["Cologne", "green import 1"]}, crew={0: crew})
    assert _delta(t, 0, "Cologne") == 2 * params(t, "Cologne")["pay_per_card"]


def test_cologne_with_cannons_counts_the_others_pirate_crew(ie_table) -> None:
    """Ruling: IE-FLAGP-14, IE-POWER-10 (FAQ "Cologne e Cannons": each pays 4)."""
    t = ie_table(cards=specs("Cologne", "Cannons"))
    t.arrange(
        fulfilled={0: ["Cologne", "Cannons"]},
        crew={0: ["green load 1", "yellow load 1", "red pirate 1"],
              1: ["red pirate 2", "black pirate 1"], 2: ["blue pirate 1"]},
    )  # fmt: skip
    fulfil(t, 0, "Cannons")
    assert _delta(t, 0, "Cologne") == 4 * params(t, "Cologne")["pay_per_card"]


def test_cologne_does_not_count_fridges_virtual_crew(ie_table) -> None:
    """Ruling: IE-FLAGP-14 (virtual crew are not cards)."""
    t = ie_table(cards=specs("Cologne", "Fridges"))
    per = params(t, "Fridges")["tech_goods_per_action"]
    t.arrange(
        fulfilled={0: ["Cologne", "Fridges"]},
        crew={0: ["green load 1", "yellow load 1"]},
        goods={0: [f"green supply {k}" for k in range(1, per + 1)]},
    )
    fulfil(t, 0, "Fridges")
    assert t.game.crew_actions(t.state, 0, LOAD) == 3
    assert _delta(t, 0, "Cologne") == 2 * params(t, "Cologne")["pay_per_card"]


# ---------------------------------------------------------------- Volkswagen


def test_volkswagen_counts_tech_goods_double_toward_levels(ie_table) -> None:
    """Ruling: IE-FLAGP-15 (the port still counts 1)."""
    t = ie_table(cards={**specs("Volkswagen"), "Tech Order": "green contract level=green:4"})
    t.arrange(
        fulfilled={0: ["Volkswagen"]},
        goods={0: ["green load 1", "green load 2", "blue load 1"]},
        ports=[GREEN, YELLOW, BLACK],
    )
    g, s = t.game, t.state
    order = t.cid("Tech Order")
    assert g.level(s, 0, GREEN) == 3 and g.missing_levels(s, 0, order) == 1
    fulfil(t, 0, "Volkswagen")
    per = params(t, "Volkswagen")["level_per_tech_good"]
    assert g.level(s, 0, GREEN) == 2 * per + 1 and g.missing_levels(s, 0, order) == 0
    assert g.level(s, 0, BLUE) == 1  # other colours as usual
    assert g.level(s, 0, ANY) == 3 + 2 * (per - 1)  # a Capital level counts all goods


# ---------------------------------------------------------------- Paprika


def test_paprika_loads_a_container_free_when_the_owner_places_a_contract(ie_table) -> None:
    """Ruling: IE-FLAGP-16, IE-FLAGP-4 (a Flag card with no credits for its fee)."""
    cards = specs("Paprika", "Olive Oil", "Unpasteurized Cheese")
    t = ie_table(cards=cards, pairs=[("Olive Oil", "Unpasteurized Cheese")])
    flag = t.c("Olive Oil")
    assert t.game.cards.colors[flag] == (BLACK, RED)
    t.arrange(
        fulfilled={0: ["Paprika"]},
        hands=[["green contract 1", "red load 1", "Olive Oil"], [], []],
        credits=[0, 10, 10],
    )
    fulfil(t, 0, "Paprika")
    s = t.state
    d = t.play()
    d.lead(0, CONTRACT, t.c("green contract 1"))
    d.draw(1).draw(2)
    d.send((t.c("red load 1"), t.cid("red load 1"), 0), "contract", 0)
    d.expect("paprika_load", 0, ("pass", (flag, 0, RED)))
    d.send((flag, 0, RED))
    assert s.credits[0] == 0 and t.ship(0).cargo == [flag]
    assert _emit(t, "contract_placed", 1, t.cid("green load 2")) == []  # another's


# ---------------------------------------------------------------- Merino Wool


@pytest.mark.parametrize("held", [0, 3])
def test_merino_wool_doubles_the_hand(ie_table, held: int) -> None:
    """Ruling: IE-FLAGP-17."""
    t = ie_table(cards=specs("Merino Wool"))
    t.arrange(
        fulfilled={0: ["Merino Wool"]},
        hands=[[f"red load {k}" for k in range(1, held + 1)], [], []],
    )
    fulfil(t, 0, "Merino Wool")
    assert len(t.state.hands[0]) == 2 * held


# ---------------------------------------------------------------- Olive Oil


def test_olive_oil_is_discarded_for_credits_at_the_owners_turn_start(ie_table) -> None:
    """Ruling: IE-FLAGP-18 (the limits fall with it)."""
    t = ie_table(cards=specs("Olive Oil"))
    t.arrange(fulfilled={0: ["Olive Oil"]})
    fulfil(t, 0, "Olive Oil")
    g, s = t.game, t.state
    limits = (g.crew_limit(s, 0), g.goods_limit(s, 0))
    d = t.play()
    d.expect("any_time", 0, ("pass", use(t, "Olive Oil")))
    d.send(use(t, "Olive Oil"))
    d.expect("lead", 0)
    assert s.credits[0] == 10 + params(t, "Olive Oil")["payment"]
    assert s.fulfilled[0] == [] and s.discard[-1] == t.c("Olive Oil")
    assert (g.crew_limit(s, 0), g.goods_limit(s, 0)) == (limits[0] - 1, limits[1] - 2)
    assert resolve(t, window(t, "turn_end", 0)) == []  # gone: never offered again
    assert not s.hooks.get("any_time")


def test_olive_oil_only_on_its_owners_turn_and_never_at_scoring(ie_table) -> None:
    """Ruling: IE-FLAGP-18 ("on your turn", "before the game ends")."""
    t = ie_table(cards=specs("Olive Oil"))
    t.arrange(fulfilled={0: ["Olive Oil"]}, leader=1)
    fulfil(t, 0, "Olive Oil")
    t.play().expect("lead", 1)
    assert resolve(t, window(t, "lead_declared", 1)) == []  # player 1's turn: not asked
    assert resolve(t, window(t, "before_scoring", 1)) == []
    t.state.leader = 0
    asked = resolve(t, window(t, "turn_end", 0), "pass")
    assert asked[0].options == ("pass", use(t, "Olive Oil"))
    assert t.state.fulfilled[0] == [t.cid("Olive Oil")] and t.state.credits[0] == 10


# ---------------------------------------------------------------- Unpasteurized Cheese


def test_unpasteurized_cheese_joins_the_crew_even_over_the_limit(ie_table) -> None:
    """Ruling: IE-FLAGP-19."""
    t = ie_table(cards=specs("Unpasteurized Cheese"))
    t.arrange(fulfilled={0: ["Unpasteurized Cheese"]}, crew={0: ["green supply 1"]})
    g, s = t.game, t.state
    fulfil(t, 0, "Unpasteurized Cheese")
    assert s.fulfilled[0] == []
    assert s.crew[0] == t.cs("green supply 1", "Unpasteurized Cheese")
    assert len(s.crew[0]) > g.crew_limit(s, 0)
    assert g.crew_actions(s, 0, PIRATE) == 1


def test_unpasteurized_cheese_is_a_pirate_crew_card_whatever_its_action(ie_table) -> None:
    """Ruling: IE-FLAGP-19 (a sheet giving the card another action)."""
    cheese = re.sub(r"^(\w+) \w+", r"\1 supply", spec("Unpasteurized Cheese"))
    t = ie_table(cards={"Unpasteurized Cheese": cheese})
    t.arrange(fulfilled={0: ["Unpasteurized Cheese"]})
    g, s = t.game, t.state
    assert g.actions[t.c("Unpasteurized Cheese")] == SUPPLY
    fulfil(t, 0, "Unpasteurized Cheese")
    assert g.crew_actions(s, 0, PIRATE) == 1 and g.crew_actions(s, 0, SUPPLY) == 0


# ---------------------------------------------------------------- Scotch


def test_scotch_counts_each_pair_of_luxury_goods_as_one(ie_table) -> None:
    """Ruling: IE-FLAGP-20."""
    t = ie_table(cards=specs("Scotch"))
    t.arrange(
        fulfilled={0: ["Scotch"]},
        goods={0: ["blue load 1", "green load 1", "green load 2", "green load 3"]},
    )
    g, s = t.game, t.state
    assert not g.goods_fit(s, 0, t.c("blue load 2"))
    fulfil(t, 0, "Scotch")
    assert g.goods_limit(s, 0) == 4  # one luxury good: no pair yet
    assert not g.goods_fit(s, 0, t.c("green load 4"))
    s.deck.remove(t.c("blue load 2"))
    resolve(t, g.to_goods(s, 0, t.c("blue load 2")))  # completes a pair
    assert t.c("blue load 2") in s.goods[0] and g.goods_limit(s, 0) == 5
    assert not g.goods_fit(s, 0, t.c("green load 4"))  # five cards count as four
    s.goods[0].remove(t.c("green load 3"))
    s.deck.append(t.c("green load 3"))
    assert g.goods_fit(s, 0, t.c("green load 4"))


def test_scotch_through_an_import(ie_table) -> None:
    t = ie_table(cards=specs("Scotch"))
    t.arrange(
        fulfilled={0: ["Scotch"]},
        goods={0: ["blue load 1", "green load 1", "green load 2", "green load 3"]},
        crew={0: ["red supply 1", "red supply 2"]},
        ships={3: {"at_sea": True, "cargo": ["blue load 2", "green load 4"]}},
        hands=[["red import 1"], [], []],
    )
    fulfil(t, 0, "Scotch")
    s = t.state
    d = t.play()
    d.lead(0, IMPORT, t.c("red import 1"))
    d.draw(1).draw(2)
    d.send(3, "import_ship", 0)
    d.send(0, "bid", 0)
    d.send(0, "import_take", 0)  # the luxury card first: it completes a pair
    d.send("goods", "import_place", 0)
    assert t.c("blue load 2") in s.goods[0]
    assert t.c("green load 4") in s.discard  # then no room: discarded


# ---------------------------------------------------------------- Legos


def test_legos_lifts_the_ships_capacity(ie_table) -> None:
    """Ruling: IE-FLAGP-21 (placing Legos on a full ship too)."""
    t = ie_table(cards=specs("Legos"))
    full = ["green load 1", "green load 2", "green load 3"]  # 3 x 2 containers
    t.arrange(ships={0: {"contracts": full}, 1: {"contracts": ["Legos"]}})
    g, s = t.game, t.state
    assert not g.can_hold(t.ship(0), t.cid("green load 4"), s)
    assert g.can_hold(t.ship(0), t.cid("Legos"), s)
    for name in ("green load 4", "yellow load 1", "blue load 1", "red load 1"):
        assert g.can_hold(t.ship(1), t.cid(name), s)


def test_a_legos_ship_beyond_six_containers_pays_the_capped_payout(ie_table) -> None:
    """Ruling: IE-FLAGP-21."""
    t = ie_table(cards=specs("Legos"))
    need = t.cards.contract_by_id[t.cid("Legos")].cargo_total
    cargo = [f"black {a} {k}" for a in ("import", "pirate") for k in (1, 2, 3, 4)][: need + 3]
    t.arrange(
        ships={0: {"contracts": ["Legos", "black supply 1", "black supply 2"], "cargo": cargo}},
        hands=[["green load 1", "black contract 1"], [], []],
    )
    assert t.cards.contract_by_id[t.cid("Legos")].cargo == {BLACK: need}
    s = t.state
    d = t.play()
    d.lead(0, LOAD, t.c("green load 1"))
    d.draw(1).draw(2)
    d.send((t.c("black contract 1"), 0, BLACK), "load", 0)
    assert len(t.ship(0).cargo) == need + 4 > t.game.rules.ship_capacity
    assert s.credits[0] == 10 + params(t, "Legos")["max_payout"] == 10 + t.game.rules.pay_5_6


# ---------------------------------------------------------------- the real sheet


def test_random_games_with_the_flag_set_keep_the_invariants() -> None:
    spec_ = get_game("import-export")
    game = spec_.factory(spec_.make_config(3, ("base", "flag"), max_turns=120))
    for i in range(2):
        outcome, _ = play_game(game, [RandomStrategy()] * 3, 5, 30 + i, check_invariants=True)
        assert outcome.end_reason in ("credits", "deck_exhausted", "card", "turn_limit")


# ---------------------------------------------------------------- cards changing hands


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("Jasmine Tea", "contracts_unlimited"),
        ("Volkswagen", "level_per_tech_good"),
        ("Scotch", "luxury_pair"),
    ],
)
def test_a_rule_power_taken_away_goes_with_its_card(ie_table, name: str, key: str) -> None:
    """Stolen Documents and Railguns move a fulfilled card with its power (PowerIndex.lost,
    gained): the rule modifier leaves the giver and reaches the taker."""
    t = ie_table(cards=specs(name))
    t.arrange(fulfilled={0: [name]})
    g, s = t.game, t.state
    fulfil(t, 0, name)
    assert key in s.mods[0]
    g.powers.lost(g, s, 0, t.cid(name))
    assert key not in s.mods[0]
    resolve(t, g.powers.gained(g, s, 1, t.cid(name)))
    assert key in s.mods[1]
