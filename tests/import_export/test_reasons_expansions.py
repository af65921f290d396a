"""The default bot's reasoned answers to Capital, J, Flag and container-variant decisions
(strategies/import_export/reasons_expansions.py): each on a real position where the reasoned
answer is neither the first option that does something (the classic default) nor "pass",
and, where a rule may pass, a position where it does."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from test_ie_power_play import specs
from test_ie_variants import vtable

from simulator.core.protocol import Decision
from simulator.games.import_export.cards import (
    BLUE,
    CONTRACT,
    GREEN,
    GREY,
    LOAD,
    PAIRED,
    PIRATE,
    RED,
    YELLOW,
)
from strategies.import_export import reasons_expansions
from strategies.import_export.power_choices import _first_real

RULES = reasons_expansions.RULES
KINDS = {
    "automation_ship",
    "cheap_labor_ship",
    "gps_ship",
    "yen_ship",
    "fake_money_take",
    "fake_money_load",
    "partnership_join",
    "container_color",
    "bamboo_place",
    "pocky_import",
    "robo_cats_pair",
    "robo_cats_keep",
    "maple_syrup_load",
    "paprika_load",
}
GREY_CARDS = {"Big Red": "red contract cargo=red:3"}


def worth_of(values: dict[int, float] | None = None) -> Callable[[int], float]:
    """A bot's worth of hand cards: these values, 0 for any other card."""
    table = values or {}
    return lambda card: table.get(card, 0.0)


def answer(t: Any, decision: Decision, worth: Callable[[int], float] | None = None) -> Any:
    """The rule's answer from the deciding player's view of the table as it stands."""
    view = t.game.observe(t.state, decision.player)
    return RULES[decision.kind](decision, view, worth or worth_of())


def reasoned(t: Any, decision: Decision, worth: Callable[[int], float] | None = None) -> Any:
    """The rule's answer, checked to differ from the classic defaults (the first option
    that does something, and "pass")."""
    chosen = answer(t, decision, worth)
    view = t.game.observe(t.state, decision.player)
    assert chosen != _first_real(decision, view, worth or worth_of()), (decision, chosen)
    assert chosen != "pass" and chosen in decision.options, (decision, chosen)
    return chosen


def power_flow(t: Any, owner: int, name: str) -> Any:
    """The flow of `name`'s power, among `owner`'s fulfilled contracts."""
    return t.game.powers.fulfilled(t.game, t.state, owner, t.cid(name))


NOT_ASKED = object()


def drive(t: Any, flow: Any, first: Any = NOT_ASKED) -> list[Any]:
    """Run a flow, the rules answering their kinds (any other kind: its first option);
    `first`: the answer to the decision the flow is waiting on, if it waits. Returns the
    (decision, answer) pairs asked; the invariants must hold at the end."""
    asked = []
    try:
        decision = next(flow) if first is NOT_ASKED else flow.send(first)
        while True:
            if decision.kind in RULES:
                chosen = answer(t, decision)
            else:
                chosen = decision.options[0]
            asked.append((decision, chosen))
            decision = flow.send(chosen)
    except StopIteration:
        pass
    t.game.check_invariants(t.state)
    return asked


def test_every_kind_has_a_rule() -> None:
    assert set(RULES) == KINDS


# ---------------------------------------------------------------- Automation, GPS


def test_automation_goes_where_it_completes_a_ship_and_moves_on(ie_table) -> None:
    """IE-CAP-13: on the ship one container short it completes it at once (paid), then
    moves on to the other ship."""
    t = ie_table(cards={**specs("Automation"), **GREY_CARDS})
    t.arrange(
        fulfilled={0: ["Automation"]},
        ships={
            0: {"contracts": ["Big Red"]},
            1: {"contracts": ["red contract 1"], "cargo": ["red supply 1"]},
        },
    )
    flow = power_flow(t, 0, "Automation")
    decision = next(flow)
    assert decision.kind == "automation_ship" and decision.options == (0, 1)
    assert reasoned(t, decision) == 1
    drive(t, flow, 1)
    assert t.ship(1).at_sea and t.state.credits[0] == 10 + t.game.rules.payout(2)
    assert t.ship(0).cargo == [t.c("Automation")]  # it moved on


def test_gps_goes_on_the_ship_whose_other_needs_the_hand_fills(ie_table) -> None:
    """IE-CAP-19: both ships need one more after GPS; only ship 1's my hand can fill."""
    t = ie_table(cards={**specs("GPS"), **GREY_CARDS})
    t.arrange(
        fulfilled={0: ["GPS"]},
        hands=[["blue load 1"], [], []],
        ships={0: {"contracts": ["red contract 1"]}, 1: {"contracts": ["blue contract 1"]}},
    )
    decision = next(power_flow(t, 0, "GPS"))
    assert decision.kind == "gps_ship" and decision.options == (0, 1)
    assert reasoned(t, decision) == 1


# ---------------------------------------------------------------- Cheap Labor


def test_cheap_labor_fills_a_need_rather_than_idling_as_a_leftover(ie_table) -> None:
    """IE-CAP-14: ship 0 has no contract (a leftover), ship 1 needs a container."""
    t = ie_table(cards={**specs("Cheap Labor"), **GREY_CARDS})
    t.arrange(fulfilled={0: ["Cheap Labor"]}, ships={1: {"contracts": ["red contract 1"]}})
    flow = power_flow(t, 0, "Cheap Labor")
    decision = next(flow)
    assert decision.kind == "cheap_labor_ship" and decision.options == (0, 1)
    assert reasoned(t, decision) == 1
    drive(t, flow, 1)
    assert t.game.remaining(t.ship(1), s=t.state)[0] == {RED: 1}


def test_cheap_labor_as_a_leftover_goes_on_the_ship_with_most_room(ie_table) -> None:
    t = ie_table(cards={**specs("Cheap Labor"), **GREY_CARDS})
    t.arrange(fulfilled={0: ["Cheap Labor"]}, ships={0: {"cargo": ["red supply 1"]}})
    decision = next(power_flow(t, 0, "Cheap Labor"))
    assert decision.options == (0, 1)
    assert reasoned(t, decision) == 1


# ---------------------------------------------------------------- Yen


def test_yen_cuts_the_ship_it_completes_now(ie_table) -> None:
    """IE-CAP-25: under ship 1, one container short, its first contract is met at once."""
    t = ie_table(cards={**specs("Yen"), **GREY_CARDS})
    t.arrange(
        fulfilled={0: ["Yen"]},
        ships={1: {"contracts": ["red contract 1"], "cargo": ["red supply 1"]}},
    )
    flow = power_flow(t, 0, "Yen")
    decision = next(flow)
    assert decision.kind == "yen_ship" and decision.options == (0, 1)
    assert reasoned(t, decision) == 1
    drive(t, flow, 1)
    assert t.ship(1).at_sea and t.state.credits[0] == 10 + t.game.rules.payout(1)


def test_yen_prefers_a_ship_at_port_to_one_at_sea(ie_table) -> None:
    t = ie_table(cards={**specs("Yen"), **GREY_CARDS})
    t.arrange(fulfilled={0: ["Yen"]}, ships={0: {"at_sea": True, "cargo": ["red supply 1"]}})
    decision = next(power_flow(t, 0, "Yen"))
    assert decision.options == (0, 1)
    assert reasoned(t, decision) == 1


# ---------------------------------------------------------------- Fake Money


def test_fake_money_takes_the_container_my_ship_needs_and_loads_it(ie_table) -> None:
    """IE-CAP-18: of a rival's ship at sea, the blue container fits my blue contract."""
    t = ie_table(cards={**specs("Fake Money"), **GREY_CARDS})
    t.arrange(
        fulfilled={0: ["Fake Money"]},
        ships={
            0: {"contracts": ["blue contract 1"]},
            3: {"at_sea": True, "cargo": ["red supply 1", "blue supply 1"]},
        },
    )
    flow = power_flow(t, 0, "Fake Money")
    decision = next(flow)
    assert decision.kind == "fake_money_take" and decision.options == (0, 1)
    assert reasoned(t, decision) == 1
    asked = drive(t, flow, 1)
    assert [d.kind for d, _ in asked] == ["fake_money_load"]
    assert t.ship(0).cargo == [t.c("blue supply 1")]


def test_fake_money_sets_a_rivals_ship_at_port_back(ie_table) -> None:
    """Nothing fits my ships: the red container fills the rival's need, the green one is a
    leftover; taking the red one sets his ship back."""
    t = ie_table(cards={**specs("Fake Money"), **GREY_CARDS})
    t.arrange(
        fulfilled={0: ["Fake Money"]},
        ships={2: {"contracts": ["red contract 1"], "cargo": ["green supply 1", "red supply 1"]}},
    )
    decision = next(power_flow(t, 0, "Fake Money"))
    assert decision.kind == "fake_money_take" and decision.context == 2
    assert reasoned(t, decision) == 1


def test_fake_money_loads_where_the_container_completes_a_ship(ie_table) -> None:
    t = ie_table(cards={**specs("Fake Money"), **GREY_CARDS})
    t.arrange(
        fulfilled={0: ["Fake Money"]},
        ships={
            0: {"contracts": ["blue contract 1"]},
            1: {"contracts": ["blue contract 2"], "cargo": ["blue supply 2"]},
            3: {"at_sea": True, "cargo": ["blue supply 1"]},
        },
    )
    flow = power_flow(t, 0, "Fake Money")
    decision = next(flow)
    assert decision.kind == "fake_money_load" and decision.options == ((0, BLUE), (1, BLUE))
    assert reasoned(t, decision) == (1, BLUE)
    drive(t, flow, (1, BLUE))
    assert t.ship(1).at_sea and t.state.credits[0] == 10 + t.game.rules.payout(2)


# ---------------------------------------------------------------- Partnership


def _partnership(ie_table: Any, cards: dict[str, str], hand: list[str]) -> tuple[Any, Decision]:
    t = ie_table(cards={**cards, **GREY_CARDS})
    t.arrange(
        hands=[["Partnership", *hand], [], []],
        ships={
            0: {"contracts": ["red contract 1"], "cargo": ["red supply 1"]},
            1: {"contracts": ["blue contract 1"]},
        },
    )
    card, cid = t.c("Partnership"), t.cid("Partnership")
    decision = next(t.game.place_contract(t.state, 0, card, cid, 0))
    assert decision.kind == "partnership_join" and decision.options == ("pass", 1)
    return t, decision


def test_partnership_joins_when_the_super_ship_pays_more_per_container(ie_table) -> None:
    """IE-CAP-23: double pay for 4 containers beats 10 + 6 for 6 (Partnership's own 2)."""
    t, decision = _partnership(ie_table, specs("Partnership"), ["red load 1", "blue load 1"])
    assert answer(t, decision) == 1


def test_partnership_passes_when_joining_does_not_pay(ie_table) -> None:
    """A Partnership paying single (multiplier 1) on two one-container contracts: apart
    they pay 10 + 6 for 4 containers, joined 6 for 2."""
    row = specs("Partnership")["Partnership"].replace("payout_multiplier=2", "payout_multiplier=1")
    cards = {
        "Partnership": row,
        "red contract 1": "red contract cargo=red:1",
        "blue contract 1": "blue contract cargo=blue:1",
    }
    t = ie_table(cards={**cards, **GREY_CARDS})
    hand = ["Partnership", "red load 1", "red load 2", "blue load 1", "blue load 2"]
    t.arrange(
        hands=[hand, [], []],
        ships={0: {"contracts": ["red contract 1"]}, 1: {"contracts": ["blue contract 1"]}},
    )
    card, cid = t.c("Partnership"), t.cid("Partnership")
    decision = next(t.game.place_contract(t.state, 0, card, cid, 0))
    assert decision.kind == "partnership_join" and decision.options == ("pass", 1)
    assert answer(t, decision) == "pass"


# ---------------------------------------------------------------- container variants


def test_a_grey_cards_container_takes_the_colour_the_hand_cannot_bring(ie_table) -> None:
    """IE-VAR-9: the ship needs blue and any; my red card fills the rainbow slot, so the
    container is blue (every colour fits: green, listed first, would leave blue open)."""
    t = vtable(
        ie_table,
        "containers",
        cards={"capital": "grey load cargo=green:2", "deal": "black load cargo=blue:1+any:1"},
    )
    t.arrange(ships={0: {"contracts": ["deal"]}}, hands=[["capital", "red supply 1"], [], []])
    s = t.state
    s.hands[0].remove(t.c("capital"))
    flow = t.game.load_container(s, 0, s.ships[0], t.c("capital"), GREY)
    decision = next(flow)
    assert decision.kind == "container_color" and decision.options[0] == GREEN
    assert reasoned(t, decision) == BLUE
    drive(t, flow, BLUE)
    assert s.ships[0].cargo_colors == [BLUE]


def test_a_grey_cards_container_takes_the_markets_best_colour(ie_table) -> None:
    """IE-VAR-3: a rainbow need any colour fills; the luxury marker pays most."""
    t = vtable(
        ie_table,
        "containers",
        "market",
        cards={"capital": "grey load cargo=green:2", "deal": "black load cargo=any:2"},
    )
    t.arrange(ships={0: {"contracts": ["deal"]}}, hands=[["capital"], [], []])
    s = t.state
    s.market = [0, 1, -1, 2, 0]
    s.hands[0].remove(t.c("capital"))
    decision = next(t.game.load_container(s, 0, s.ships[0], t.c("capital"), GREY))
    assert decision.kind == "container_color"
    assert reasoned(t, decision) == BLUE


# ---------------------------------------------------------------- Bamboo


def _bamboo(ie_table: Any, **arranged: Any) -> tuple[Any, Decision]:
    t = ie_table(cards=specs("Bamboo"))
    t.arrange(
        fulfilled={0: ["Bamboo"]},
        goods={0: ["yellow supply 1"]},
        ships={0: {"contracts": ["blue contract 1"]}},
        **arranged,
    )
    decision = next(power_flow(t, 0, "Bamboo"))
    assert decision.kind == "bamboo_place" and decision.options == ("pass", 0, 1)
    return t, decision


def test_bamboo_is_placed_again_on_an_empty_ship(ie_table) -> None:
    """IE-JP-1: on ship 0 it would add two containers to a contract my hand cannot fill;
    on the empty ship 1 it starts a new shipment."""
    t, decision = _bamboo(ie_table)
    assert reasoned(t, decision) == 1


def test_bamboo_stays_completed_when_leaving_would_fill_the_crew_over_its_limit(
    ie_table,
) -> None:
    t, decision = _bamboo(ie_table, crew={0: ["red load 1", "red load 2"]})
    assert t.game.crew_limit(t.state, 0) == 2  # one for Bamboo completed
    assert answer(t, decision) == "pass"


def test_bamboo_stays_completed_in_the_last_turn(ie_table) -> None:
    t, decision = _bamboo(ie_table)
    t.state.end_triggered = True
    assert answer(t, decision) == "pass"


# ---------------------------------------------------------------- Pocky


def _pocky(ie_table: Any, rival_cargo: str) -> tuple[Any, Decision]:
    t = ie_table(cards=specs("Pocky"))
    t.arrange(
        fulfilled={0: ["Pocky"]},
        goods={0: ["green supply 1", "green supply 2"]},
        crew={0: ["red load 1", "red load 2"]},  # the crew full: only goods
        ships={
            1: {"at_sea": True, "cargo": ["green load 1"]},
            3: {"at_sea": True, "cargo": [rival_cargo]},
        },
    )
    decision = next(power_flow(t, 0, "Pocky"))
    assert decision.kind == "pocky_import" and decision.options == (1, 3)
    return t, decision


def test_pocky_imports_the_good_that_wins_a_majority_from_a_rival(ie_table) -> None:
    """IE-JP-5: a third green good adds 1; the first blue good takes the luxury majority,
    worth the rival's compensation."""
    t, decision = _pocky(ie_table, "blue load 1")
    assert reasoned(t, decision) == 3


def test_pocky_imports_from_my_own_ship_when_the_goods_are_alike(ie_table) -> None:
    """IE-JP-5: my own ship pays nobody."""
    t, decision = _pocky(ie_table, "green load 2")
    assert answer(t, decision) == 1


# ---------------------------------------------------------------- Robo-Cats


def _robo_cats_load(ie_table: Any) -> tuple[Any, Any, Decision]:
    t = ie_table(cards=specs("Robo-Cats"))
    t.arrange(
        fulfilled={0: ["Robo-Cats"]},
        hands=[
            ["yellow load 1", "red pirate 1", "red supply 1", "blue pirate 1", "blue supply 1"],
            [],
            [],
        ],
        crew={0: ["green load 2"]},
        ships={0: {"contracts": ["green import 1"]}},
    )
    drive(t, power_flow(t, 0, "Robo-Cats"))
    d = t.play()
    d.lead(0, LOAD, t.c("yellow load 1"), declare=2)
    d.draw(1).draw(2)
    return t, d, d.expect("robo_cats_pair", 0)


def test_robo_cats_loads_the_pair_worth_least_kept(ie_table) -> None:
    """IE-JP-8: no single card fits the tech need, and the pair's extra card lifts the
    payout band (3 containers: 10, not 6); the blue pair is worth less to keep."""
    t, d, decision = _robo_cats_load(ie_table)
    reds = tuple(sorted(t.cs("red pirate 1", "red supply 1")))
    blues = tuple(sorted(t.cs("blue pirate 1", "blue supply 1")))
    assert decision.options == ("pass", (reds, 0), (blues, 0))
    worth = worth_of({reds[0]: 1.5, reds[1]: 1.5, blues[0]: 0.5, blues[1]: 0.5})
    assert reasoned(t, decision, worth) == (blues, 0)
    d.send((blues, 0))
    assert t.ship(0).cargo_colors == [GREEN, PAIRED]


def test_robo_cats_keeps_its_cards_when_they_are_worth_more_than_the_pair_brings(
    ie_table,
) -> None:
    t, _, decision = _robo_cats_load(ie_table)
    worth = worth_of(dict.fromkeys(t.state.hands[0], 5.0))
    assert answer(t, decision, worth) == "pass"


def test_robo_cats_keeps_a_plunder_for_a_pair_and_loads_it_where_it_completes(
    ie_table,
) -> None:
    """IE-JP-8: the red container fits none of my ships alone (passing would discard it)
    and another red is at sea: keep it; the pair completes ship 1, not ship 0."""
    t = ie_table(cards=specs("Robo-Cats"))
    t.arrange(
        fulfilled={0: ["Robo-Cats"]},
        hands=[["yellow pirate 1"], [], []],
        crew={0: ["green pirate 2"]},
        ships={
            0: {"contracts": ["green import 1"]},
            1: {"contracts": ["green import 2"], "cargo": ["green supply 1"]},
            3: {"at_sea": True, "cargo": ["red load 1", "red load 2", "blue load 1"]},
        },
    )
    drive(t, power_flow(t, 0, "Robo-Cats"))
    d = t.play()
    d.lead(0, PIRATE, t.c("yellow pirate 1"), declare=2)
    d.draw(1).draw(2)
    d.send(("ship", 3, 0), "pirate", 0)
    keep = d.expect("robo_cats_keep", 0, ["pass", "keep"])
    assert reasoned(t, keep) == "keep"
    d.send("keep")
    d.send(("ship", 3, 0), "pirate", 0)
    pair = d.expect("robo_cats_pair", 0, ["pass", 0, 1])
    assert reasoned(t, pair) == 1
    d.send(1)
    assert t.ship(1).at_sea and t.ship(0).cargo == []


def test_robo_cats_loads_a_plunder_alone_where_it_fits(ie_table) -> None:
    """A red container fits my red contract by itself: no pair is waited for."""
    t = ie_table(cards=specs("Robo-Cats"))
    t.arrange(
        fulfilled={0: ["Robo-Cats"]},
        hands=[["yellow pirate 1"], [], []],
        ships={
            0: {"contracts": ["green import 1"]},
            1: {"contracts": ["red contract 1"]},
            3: {"at_sea": True, "cargo": ["red load 1", "red load 2"]},
        },
    )
    drive(t, power_flow(t, 0, "Robo-Cats"))
    d = t.play()
    d.lead(0, PIRATE, t.c("yellow pirate 1"))
    d.draw(1).draw(2)
    d.send(("ship", 3, 0), "pirate", 0)
    assert answer(t, d.expect("robo_cats_keep", 0, ["pass", "keep"])) == "pass"


# ---------------------------------------------------------------- Maple Syrup, Paprika


def _maple(ie_table: Any) -> tuple[Any, Decision]:
    """After a Load with 30 credits: Maple Syrup (yellow, or Teslas' green) may load free
    on a ship needing yellow 1 and green 2, my hand holding a yellow card."""
    cards = {
        **specs("Maple Syrup", "Teslas"),
        "Big Order": "yellow contract cargo=yellow:2+green:2",
    }
    t = ie_table(cards=cards, pairs=[("Maple Syrup", "Teslas")])
    t.arrange(
        hands=[["green load 1", "yellow supply 1", "Maple Syrup", "yellow load 2"], [], []],
        ships={0: {"contracts": ["Big Order"]}},
        credits=[30, 10, 10],
    )
    d = t.play()
    d.lead(0, LOAD, t.c("green load 1"))
    d.draw(1).draw(2)
    d.send((t.c("yellow supply 1"), 0, YELLOW), "load", 0)
    decision = d.expect("maple_syrup_load", 0, ("pass", (0, YELLOW), (0, GREEN)))
    return t, decision


def test_maple_syrup_loads_as_the_colour_the_hand_cannot_bring(ie_table) -> None:
    """IE-FLAGP-3: my yellow card fills the yellow need, so Maple Syrup goes as green."""
    t, decision = _maple(ie_table)
    assert reasoned(t, decision, worth_of({t.c("Maple Syrup"): 1.0})) == (0, GREEN)


def test_maple_syrup_stays_in_the_hand_when_worth_more_there(ie_table) -> None:
    t, decision = _maple(ie_table)
    assert answer(t, decision, worth_of({t.c("Maple Syrup"): 5.0})) == "pass"


def _paprika(ie_table: Any) -> tuple[Any, Decision]:
    t = ie_table(cards=specs("Paprika"))
    t.arrange(
        fulfilled={0: ["Paprika"]},
        hands=[["green contract 1", "red load 1", "red supply 1", "red supply 2"], [], []],
    )
    drive(t, power_flow(t, 0, "Paprika"))
    d = t.play()
    d.lead(0, CONTRACT, t.c("green contract 1"))
    d.draw(1).draw(2)
    d.send((t.c("red load 1"), t.cid("red load 1"), 0), "contract", 0)
    first, second = t.cs("red supply 1", "red supply 2")
    options = ("pass", (first, 0, RED), (second, 0, RED))
    return t, d.expect("paprika_load", 0, options)


def test_paprika_loads_the_card_worth_least_kept(ie_table) -> None:
    """IE-FLAGP-16: a container on a ship paying 6 for 2 is worth 3; both red cards are
    worth less kept, the second least."""
    t, decision = _paprika(ie_table)
    first, second = t.cs("red supply 1", "red supply 2")
    worth = worth_of({first: 2.0, second: 0.5})
    assert reasoned(t, decision, worth) == (second, 0, RED)


def test_paprika_passes_when_every_card_is_worth_more_kept(ie_table) -> None:
    t, decision = _paprika(ie_table)
    first, second = t.cs("red supply 1", "red supply 2")
    assert answer(t, decision, worth_of({first: 5.0, second: 4.0})) == "pass"
