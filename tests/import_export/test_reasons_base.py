"""The default bot's reasoned answers to base-set and Tokyo power decisions
(strategies/import_export/reasons_base.py): each rule picks what helps the bot in a real
position, where the classic bot's default (the first option that does something, or never)
would not, and passes or stops where every real option hurts."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from test_ie_power_play import ROWS, fulfil, params, spec, specs

from simulator.core.protocol import Decision
from simulator.games.import_export.cards import BLUE, CONTRACT, LOAD, RED, YELLOW
from strategies.import_export import power_choices, reasons_base
from strategies.import_export.classic import IEClassic
from strategies.import_export.match_tables import tables_for
from strategies.import_export.valuation import Table


def _worth(t: Any, **by_name: float) -> Callable[[int], float]:
    """A `worth` from card names (underscores for spaces); 0 for any other card."""
    values = {t.c(name.replace("_", " ")): value for name, value in by_name.items()}
    return lambda card: values.get(card, 0.0)


def _answer(t: Any, decision: Decision, worth: Callable[[int], float]) -> Any:
    view = t.game.observe(t.state, decision.player)
    answer = reasons_base.RULES[decision.kind](decision, view, worth)
    assert answer in decision.options
    return answer


def _classic(t: Any, decision: Decision) -> Any:
    """The classic bot's answer (power_choices.py) with the same `worth` (0 off the hand)."""
    view = t.game.observe(t.state, decision.player)
    return power_choices.RULES[decision.kind](decision, view, _worth(t))


def _first_power_decision(t: Any, owner: int, name: str) -> Decision:
    """The first decision of a fulfilled contract's power (its flow not run further)."""
    flow = t.game.powers.fulfilled(t.game, t.state, owner, t.cid(name))
    return next(flow)


def test_the_rules_cover_their_eighteen_kinds() -> None:
    assert set(reasons_base.RULES) == {
        "apples_choice",
        "wind_turbines_copy",
        "insects_target",
        "paper_import",
        "flour_container",
        "rope_swap",
        "led_lights_swap",
        "machine_arms_load",
        "smart_cars_use",
        "cell_phones_use",
        "cell_phones_load",
        "squid_jerky_take",
        "antiquities_take",
        "insects_take",
        "jets_take",
        "flash_drives_take",
        "dino_bones_take",
        "stretch_goal_import",
    }


# ---------------------------------------------------------------- Apples


def test_apples_completes_the_card_whose_power_is_worth_its_place_in_hand(ie_table) -> None:
    """Ruling: IE-POWER-12 (Apples waives the level; the card's own power resolves)."""
    t = ie_table(cards=specs("Apples", "Potatoes"))
    t.arrange(fulfilled={0: ["Apples"]}, hands=[["yellow load 1", "Potatoes"], [], []])
    decision = _first_power_decision(t, 0, "Apples")
    assert decision.kind == "apples_choice"
    plain = (t.c("yellow load 1"), t.cid("yellow load 1"))
    potatoes = (t.c("Potatoes"), t.cid("Potatoes"))
    assert decision.options == (plain, potatoes)
    # a power beats a card with none, both of little use in hand
    assert _answer(t, decision, _worth(t, yellow_load_1=0.5, Potatoes=0.5)) == potatoes
    # but not when the powered card is a container a ship of mine needs
    assert _answer(t, decision, _worth(t, yellow_load_1=0.5, Potatoes=5.0)) == plain


# ---------------------------------------------------------------- Wind Turbines


def _wind_turbines_table(ie_table) -> Any:  # noqa: ANN001
    t = ie_table(cards=specs("Wind Turbines", "Beer", "Potatoes", "Onions"))
    t.arrange(fulfilled={0: ["Wind Turbines"], 1: ["Beer"], 2: ["Potatoes", "Onions"]})
    return t


def test_wind_turbines_copies_an_ongoing_power_early(ie_table) -> None:
    """Ruling: IE-POWER-40 (a copy of Beer moves nothing: it does nothing)."""
    t = _wind_turbines_table(ie_table)
    decision = _first_power_decision(t, 0, "Wind Turbines")
    assert decision.kind == "wind_turbines_copy"
    assert decision.options == (t.cid("Beer"), t.cid("Potatoes"), t.cid("Onions"))
    assert _answer(t, decision, _worth(t)) == t.cid("Onions")


def test_wind_turbines_copies_an_immediate_power_once_the_end_is_near(ie_table) -> None:
    """Ruling: IE-POWER-40."""
    t = _wind_turbines_table(ie_table)
    t.state.end_triggered = True
    decision = _first_power_decision(t, 0, "Wind Turbines")
    assert _answer(t, decision, _worth(t)) == t.cid("Potatoes")


# ---------------------------------------------------------------- Insects


def test_insects_targets_the_rival_with_a_good_worth_taking(ie_table) -> None:
    """Ruling: IE-POWER-13 (the take is compulsory: a rival with no goods of his own would
    give back one of my illegal goods)."""
    t = ie_table(cards=specs("Insects"))
    t.arrange(
        fulfilled={0: ["Insects"]},
        goods={0: ["red supply 1", "red supply 2"], 2: ["blue supply 1"]},
    )
    decision = _first_power_decision(t, 0, "Insects")
    assert decision.kind == "insects_target" and decision.options == (1, 2)
    assert _answer(t, decision, _worth(t)) == 2


def test_insects_targets_the_richest_rival_on_a_tie(ie_table) -> None:
    """Ruling: IE-POWER-13."""
    for credits, richest in (([10, 20, 30], 2), ([10, 30, 20], 1)):
        t = ie_table(cards=specs("Insects"))
        t.arrange(
            fulfilled={0: ["Insects"]},
            goods={0: ["red supply 1"], 1: ["blue supply 1"], 2: ["blue supply 2"]},
            credits=credits,
        )
        decision = _first_power_decision(t, 0, "Insects")
        assert _answer(t, decision, _worth(t)) == richest


# ---------------------------------------------------------------- Paper


def _paper_decision(t: Any) -> Decision:
    fulfil(t, 0, "Paper")  # its hook registered
    flow = t.game.emit(t.state, "contract_fulfilled", 0, [t.cid("Paper")])
    decision = next(flow)
    assert decision.kind == "paper_import"
    return decision


def test_paper_imports_from_the_ship_with_the_container_worth_most(ie_table) -> None:
    """Ruling: IE-POWER-29."""
    t = ie_table(cards=specs("Paper"))
    t.arrange(
        fulfilled={0: ["Paper"]},
        goods={0: ["green supply 1"]},
        ships={
            2: {"at_sea": True, "cargo": ["red load 1", "red load 2"]},
            4: {"at_sea": True, "cargo": ["blue load 1", "green load 2"]},
        },
    )
    decision = _paper_decision(t)
    assert decision.options == ("pass", 2, 4)
    assert _answer(t, decision, _worth(t)) == 4  # a luxury good: points, set, majority


def test_paper_passes_when_no_container_is_worth_taking(ie_table) -> None:
    """Ruling: IE-POWER-29 (a taken container that fits nowhere is discarded)."""
    t = ie_table(cards=specs("Paper"))
    # crew full (limit 1 + one completed contract): only the goods are left, and an
    # illegal good would bring me the illegal penalty
    t.arrange(
        fulfilled={0: ["Paper"]},
        crew={0: ["green load 1", "green load 2"]},
        ships={2: {"at_sea": True, "cargo": ["red load 1", "red load 2"]}},
    )
    decision = _paper_decision(t)
    assert decision.options == ("pass", 2)
    assert _answer(t, decision, _worth(t)) == "pass"
    # with room in the crew, the container is worth taking there
    t.state.crew[0].pop()
    assert _answer(t, decision, _worth(t)) == 2


# ---------------------------------------------------------------- Flour


def test_flour_loads_the_hand_cards_worth_least(ie_table) -> None:
    """Ruling: IE-POWER-44."""
    need = ROWS["Flour"]["params"]["containers"]
    flour_spec = re.sub(r"cargo=\S+", f"cargo=yellow:{need}", spec("Flour"))
    t = ie_table(cards={"Flour": flour_spec})
    flour = t.cid("Flour")
    cheap = [f"yellow supply {k}" for k in range(1, need + 1)]
    dear = "yellow load 1"
    t.arrange(hands=[["yellow contract 1", "Flour", dear, *cheap], [], []], ports=[1, 0, 2])
    worth = _worth(t, yellow_load_1=6.0)
    d = t.play()
    d.lead(0, CONTRACT, t.c("yellow contract 1"))
    d.draw(1).draw(2)
    d.send((t.c("Flour"), flour, 0), "contract", 0)
    d.send("load", "flour_load", 0)
    first = d.expect("flour_container", 0)
    assert first.options[0] == (t.c(dear), 0, YELLOW)  # the default's pick
    for _ in range(need):
        decision = d.expect("flour_container", 0)
        d.send(_answer(t, decision, worth))
    assert t.state.fulfilled[0] == [flour]
    assert t.state.hands[0] == [t.c(dear)]


# ---------------------------------------------------------------- Rope and LED Lights


def test_rope_swaps_a_useless_card_for_a_container_my_ship_needs(ie_table) -> None:
    """Ruling: IE-POWER-27."""
    t = ie_table(cards=specs("Rope"))
    t.arrange(
        fulfilled={0: ["Rope"]},
        hands=[["green contract 1", "blue supply 1"], [], []],
        island=["red load 1"],
        ships={0: {"contracts": ["red contract 1"]}},
    )
    fulfil(t, 0, "Rope")
    d = t.play()
    decision = d.expect("rope_swap", 0)
    assert decision.options[1] == ("swap", t.c("red load 1"), t.c("green contract 1"))
    worth = _worth(t, green_contract_1=4.0, blue_supply_1=0.2)
    assert _answer(t, decision, worth) == ("swap", t.c("red load 1"), t.c("blue supply 1"))


def test_rope_passes_when_the_hand_already_fills_the_need(ie_table) -> None:
    """Ruling: IE-POWER-27."""
    t = ie_table(cards=specs("Rope"))
    t.arrange(
        fulfilled={0: ["Rope"]},
        hands=[["green contract 1", "red supply 1", "red supply 2"], [], []],
        island=["red load 1"],
        ships={0: {"contracts": ["red contract 1"]}},
    )
    fulfil(t, 0, "Rope")
    d = t.play()
    decision = d.expect("rope_swap", 0)
    worth = _worth(t, green_contract_1=4.0, red_supply_1=1.5, red_supply_2=1.5)
    assert _answer(t, decision, worth) == "pass"


def _led_table(ie_table) -> Any:  # noqa: ANN001
    t = ie_table(cards=specs("LED Lights"))
    t.arrange(
        fulfilled={0: ["LED Lights"]},
        hands=[["green contract 1", "black supply 1", "blue supply 1"], [], []],
        island=["red load 1"],
        ships={0: {"contracts": ["red contract 1"]}},
    )
    fulfil(t, 0, "LED Lights")
    return t


def test_led_lights_gives_two_useless_cards_for_a_needed_container(ie_table) -> None:
    """Ruling: IE-POWER-27."""
    t = _led_table(ie_table)
    decision = t.play().expect("led_lights_swap", 0)
    useless = tuple(sorted(t.cs("black supply 1", "blue supply 1")))
    swap = (useless, (t.c("red load 1"),))
    assert decision.options[1] != swap  # the default would give the contract away
    worth = _worth(t, green_contract_1=4.0, black_supply_1=0.3, blue_supply_1=0.2)
    assert _answer(t, decision, worth) == swap


def test_led_lights_passes_when_two_cards_are_worth_more_than_one(ie_table) -> None:
    """Ruling: IE-POWER-27."""
    t = _led_table(ie_table)
    decision = t.play().expect("led_lights_swap", 0)
    worth = _worth(t, green_contract_1=4.0, black_supply_1=1.0, blue_supply_1=1.0)
    assert _answer(t, decision, worth) == "pass"


# ---------------------------------------------------------------- Machine Arms


def _machine_arms(ie_table, hand: list[str]) -> tuple[Any, Decision]:  # noqa: ANN001
    """Player 0 leads a Load with Machine Arms, loads one card, and is asked for more."""
    t = ie_table(cards=specs("Machine Arms"))
    t.arrange(
        fulfilled={0: ["Machine Arms"]},
        hands=[["black load 1", "red load 4", *hand], [], []],
        ships={0: {"contracts": ["red pirate 1", "red pirate 2"]}},
    )
    fulfil(t, 0, "Machine Arms")
    d = t.play()
    d.lead(0, LOAD, t.c("black load 1"))
    d.draw(1).draw(2)
    d.send((t.c("red load 4"), 0, RED), "load", 0)
    return t, d.expect("machine_arms_load", 0)


def test_machine_arms_loads_a_card_worth_more_on_the_ship_than_in_hand(ie_table) -> None:
    """Ruling: IE-POWER-41."""
    t, decision = _machine_arms(ie_table, ["red supply 1", "red load 1"])
    assert decision.options[1] == (t.c("red supply 1"), 0, RED)
    worth = _worth(t, red_supply_1=8.0, red_load_1=0.3)
    assert _answer(t, decision, worth) == (t.c("red load 1"), 0, RED)
    # with the classic valuation's worth, a plain card of no other use goes on too
    view = t.game.observe(t.state, 0)
    real = Table(IEClassic().weights, view, tables_for(view.facts)).card_worth
    assert _answer(t, decision, real) != "stop"


def test_machine_arms_stops_rather_than_load_a_card_worth_more_in_hand(ie_table) -> None:
    """Ruling: IE-POWER-41 (he may stop)."""
    t, decision = _machine_arms(ie_table, ["red supply 1"])
    assert _answer(t, decision, _worth(t, red_supply_1=8.0)) == "stop"


# ---------------------------------------------------------------- Squid Jerky


def _squid_jerky(ie_table, end: bool) -> tuple[Any, Decision]:  # noqa: ANN001
    cards = {**specs("Squid Jerky", "Potatoes", "Onions"), "Plain": "black load level=black:1"}
    t = ie_table(cards=cards)
    t.game.tokyo_port = True
    t.arrange(fulfilled={0: ["Squid Jerky"]}, island=["Plain", "Potatoes", "Onions"])
    t.state.end_triggered = end
    decision = _first_power_decision(t, 0, "Squid Jerky")
    assert decision.kind == "squid_jerky_take"
    assert [card for card, _ in decision.options] == t.cs("Plain", "Potatoes", "Onions")
    return t, decision


def test_squid_jerky_takes_an_ongoing_power_early(ie_table) -> None:
    """Ruling: IE-TOKYO-11 (the card taken resolves its own power)."""
    t, decision = _squid_jerky(ie_table, end=False)
    assert _answer(t, decision, _worth(t)) == (t.c("Onions"), t.cid("Onions"))


def test_squid_jerky_takes_an_immediate_power_late(ie_table) -> None:
    """Ruling: IE-TOKYO-11."""
    t, decision = _squid_jerky(ie_table, end=True)
    assert _answer(t, decision, _worth(t)) == (t.c("Potatoes"), t.cid("Potatoes"))


# ---------------------------------------------------------------- cards taken


def test_antiquities_takes_the_illegal_card_whose_contract_my_hand_can_load(ie_table) -> None:
    """Antiquities' text (no ruling): the illegal card taken goes to the hand."""
    t = ie_table(cards={**specs("Antiquities"), "Jade": "red pirate cargo=green:2"})
    t.arrange(fulfilled={0: ["Antiquities"]}, hands=[["green supply 1", "green supply 2"], [], []])
    decision = _first_power_decision(t, 0, "Antiquities")
    assert decision.kind == "antiquities_take"
    jade = t.c("Jade")
    assert jade in decision.options and decision.options[0] == min(decision.options) != jade
    # an empty ship of mine: the two green cards in hand load Jade's contract in full, where
    # any other illegal card's contract still needs two red containers
    assert _answer(t, decision, _worth(t)) == jade != _classic(t, decision)


def test_insects_takes_the_good_worth_most_to_me_and_to_him(ie_table) -> None:
    """Ruling: IE-POWER-13 (the take is compulsory)."""
    t = ie_table(cards=specs("Insects"))
    t.arrange(
        fulfilled={0: ["Insects"]},
        goods={
            0: ["green supply 1", "yellow supply 1", "black supply 1"],
            1: ["green supply 2", "blue supply 1"],
        },
    )
    flow = t.game.powers.fulfilled(t.game, t.state, 0, t.cid("Insects"))
    assert next(flow).kind == "insects_target"
    decision = flow.send(1)
    assert decision.kind == "insects_take" and decision.context == 1
    assert decision.options == tuple(t.cs("green supply 2", "blue supply 1"))
    # the luxury good: a point, the luxury majority and a new type for me, all lost to him
    assert _answer(t, decision, _worth(t)) == t.c("blue supply 1") != _classic(t, decision)


def _completed_ship_0(
    ie_table,  # noqa: ANN001
    name: str,
    contract: str,
    loaded: str,
    load: str,
    goods: dict[int, list[str]] | None = None,
    ships: dict[int, dict[str, Any]] | None = None,
    kept: tuple[str, ...] = (),
) -> tuple[Any, Any]:
    """Player 0 (with `name` fulfilled) completes ship 0 (`contract`, with `loaded` on it)
    by loading the hand card `load` (`kept`: more hand cards); returns the table and the
    driver."""
    t = ie_table(
        cards={
            **specs(name),
            "Mixed": "black pirate cargo=black:1+blue:1",
            "Smuggle": "red pirate cargo=red:2",
        }
    )
    t.arrange(
        fulfilled={0: [name]},
        hands=[["black load 1", load, *kept], [], []],
        goods=goods,
        ships={0: {"contracts": [contract], "cargo": [loaded]}, **(ships or {})},
    )
    fulfil(t, 0, name)
    d = t.play()
    d.lead(0, LOAD, t.c("black load 1"))
    d.draw(1).draw(2)
    color = t.game.color[t.c(load)]
    d.send((t.c(load), 0, color), "load", 0)
    return t, d


def test_jets_takes_the_container_worth_most_in_my_goods(ie_table) -> None:
    """Ruling: IE-POWER-28."""
    goods = {0: ["green supply 1", "yellow supply 1", "black supply 2"]}
    t, d = _completed_ship_0(
        ie_table, "Jets", "Mixed", "black pirate 2", "blue supply 1", goods=goods
    )
    decision = d.expect("jets_take", 0)
    assert decision.options == ("pass", t.c("black pirate 2"), t.c("blue supply 1"))
    # the luxury good: its majority and a new type; the consumer good adds one point only
    assert _answer(t, decision, _worth(t)) == t.c("blue supply 1") != _classic(t, decision)


def test_jets_passes_rather_than_take_an_illegal_good(ie_table) -> None:
    """Ruling: IE-POWER-28 (he may take; the illegal penalty goes to the most illegal goods)."""
    t, d = _completed_ship_0(ie_table, "Jets", "Smuggle", "red pirate 2", "red supply 1")
    decision = d.expect("jets_take", 0)
    assert decision.options == ("pass", t.c("red pirate 2"), t.c("red supply 1"))
    assert _answer(t, decision, _worth(t)) == "pass" != _classic(t, decision)


def test_flash_drives_takes_the_container_my_other_ship_needs(ie_table) -> None:
    """Ruling: IE-POWER-28 (into the hand, after the payout)."""
    ships = {1: {"contracts": ["blue contract 1"]}}
    t, d = _completed_ship_0(
        ie_table, "Flash Drives", "Mixed", "black pirate 2", "blue supply 1", ships=ships
    )
    decision = d.expect("flash_drives_take", 0)
    assert decision.options == ("pass", t.c("black pirate 2"), t.c("blue supply 1"))
    assert _answer(t, decision, _worth(t)) == t.c("blue supply 1") != _classic(t, decision)


def test_flash_drives_passes_when_no_container_is_of_use(ie_table) -> None:
    """Ruling: IE-POWER-28 (he may take)."""
    ships = {1: {"contracts": ["green contract 1"]}}
    kept = ("green supply 1", "green supply 2", "yellow supply 1", "yellow supply 2")
    t, d = _completed_ship_0(
        ie_table, "Flash Drives", "Mixed", "black pirate 2", "blue supply 1", ships=ships, kept=kept
    )
    decision = d.expect("flash_drives_take", 0)
    # a hand of four cards, none of them needed: neither container fills a need of mine
    assert _answer(t, decision, _worth(t)) == "pass" != _classic(t, decision)
    # with my hand short, a card is one more to play an action with
    t.state.hands[0] = t.state.hands[0][:2]
    assert _answer(t, decision, _worth(t)) == t.c("black pirate 2")


def test_dino_bones_takes_the_island_card_worth_most_in_my_goods(ie_table) -> None:
    """Ruling: IE-KS-5 (everyone gives a good first, the owner included)."""
    t = ie_table(cards=specs("Dino Bones"))
    t.arrange(
        fulfilled={0: ["Dino Bones"]},
        goods={
            0: ["green supply 1", "yellow supply 1", "black supply 1", "green supply 2"],
            1: ["red supply 1", "red supply 2"],
        },
        island=["yellow supply 2", "blue supply 1"],
    )
    flow = t.game.powers.fulfilled(t.game, t.state, 0, t.cid("Dino Bones"))
    assert next(flow).kind == "dino_bones_give"
    assert flow.send(t.c("green supply 2")).kind == "dino_bones_give"
    decision = flow.send(t.c("red supply 1"))
    assert decision.kind == "dino_bones_take" and decision.player == 0
    assert decision.options == tuple(
        t.cs("yellow supply 2", "blue supply 1", "green supply 2", "red supply 1")
    )
    # the luxury good: a point, the luxury majority and a new type
    assert _answer(t, decision, _worth(t)) == t.c("blue supply 1") != _classic(t, decision)


def test_stretch_goal_imports_the_good_worth_most_in_my_goods(ie_table) -> None:
    """Ruling: IE-KS-13 (the owner first; the import is compulsory)."""
    t = ie_table(cards=specs("Stretch Goal"))
    t.arrange(
        fulfilled={0: ["Stretch Goal"]},
        goods={0: ["green supply 1", "yellow supply 1", "red supply 1"]},
        ships={
            2: {"at_sea": True, "cargo": ["green load 1", "green load 2"]},
            4: {"at_sea": True, "cargo": ["blue load 1", "blue load 2"]},
        },
    )
    decision = _first_power_decision(t, 0, "Stretch Goal")
    assert decision.kind == "stretch_goal_import"
    assert decision.options[0] == (2, t.c("green load 1"))
    assert _answer(t, decision, _worth(t)) == (4, t.c("blue load 1")) != _classic(t, decision)


# ---------------------------------------------------------------- the rules' goods score


def test_a_majority_tie_is_scored_by_the_rules_foxes_included(ie_table) -> None:
    """Ruling: IE-JP-3 (Foxes wins the majority ties he is in): the goods are weighed by
    the rules' own scoring (view.goods_score), not a re-derived plain share."""
    for foxes, taken in ((False, "blue load 1"), (True, "red load 1")):
        t = ie_table(cards=specs("Stretch Goal", "Foxes"))
        t.arrange(
            fulfilled={0: ["Stretch Goal"], 2: ["Foxes"]},
            goods={
                0: ["blue supply 3"],
                1: ["red supply 1", "red supply 2"],
                2: ["blue supply 1", "blue supply 2"],
            },
            ships={2: {"at_sea": True, "cargo": ["red load 1", "blue load 1"]}},
        )
        if foxes:
            fulfil(t, 2, "Foxes")
        view = t.game.observe(t.state, 0)
        counts = [view.good_counts(q) for q in range(3)]
        counts[0][BLUE] += 1  # a luxury good more: tied with player 2 for the majority
        share = t.game.rules.majority[BLUE]
        assert view.goods_score(counts, 0) == 2 + (0 if foxes else -(-share // 2))
        decision = _first_power_decision(t, 0, "Stretch Goal")
        # the tie's half share (and a point) beats an illegal good's 2 points and a new
        # type; with Foxes in the tie, the luxury good brings its point only
        assert _answer(t, decision, _worth(t)) == (2, t.c(taken))


# ---------------------------------------------------------------- Smart Cars, Cell Phones


def _leading_a_load(
    ie_table,
    card: str,
    kind: str,
    hand: list[str],
    contracts: list[str],  # noqa: ANN001
) -> tuple[Any, Decision]:
    """Player 0, owning `card`'s power, leads a Load and is asked `kind` before loading."""
    t = ie_table(cards=specs(card))
    t.arrange(
        fulfilled={0: [card]},
        hands=[["black load 1", *hand], [], []],
        ships={0: {"contracts": contracts}},
    )
    fulfil(t, 0, card)
    d = t.play()
    d.lead(0, LOAD, t.c("black load 1"))
    d.draw(1).draw(2)
    return t, d.expect(kind, 0)


def _smart_cars(ie_table, hand: list[str], contracts: list[str]) -> tuple[Any, Decision]:  # noqa: ANN001
    return _leading_a_load(ie_table, "Smart Cars", "smart_cars_use", hand, contracts)


def test_smart_cars_sells_a_card_when_no_load_is_worth_its_credits(ie_table) -> None:
    """Smart Cars (rulebook line 575): a hand card to the island for credits, not a Load."""
    # no contract of mine to load onto: the card worth least goes, for the credits
    t, decision = _smart_cars(ie_table, ["red load 1", "yellow supply 1"], [])
    worth = _worth(t, red_load_1=1.0, yellow_supply_1=0.4)
    assert _answer(t, decision, worth) == ("island", t.c("yellow supply 1"))
    assert _classic(t, decision) == "load"  # the classic bot never used it
    # every card worth more kept than the power pays: the Load as usual
    pay = t.game.observe(t.state, 0).load_to_island_payment()
    assert pay == params(t, "Smart Cars")["payment"]
    assert _answer(t, decision, _worth(t, red_load_1=pay, yellow_supply_1=pay + 1)) == "load"


def test_smart_cars_loads_when_a_ship_needs_a_hand_card(ie_table) -> None:
    """Smart Cars (rulebook line 575)."""
    t, decision = _smart_cars(ie_table, ["red load 1", "yellow supply 1"], ["red pirate 1"])
    worth = _worth(t, red_load_1=0.5, yellow_supply_1=0.4)
    assert _answer(t, decision, worth) == "load"


def _cell_phones(ie_table, hand: list[str]) -> tuple[Any, Decision]:  # noqa: ANN001
    """A ship of player 0 needs red."""
    return _leading_a_load(ie_table, "Cell Phones", "cell_phones_use", hand, ["red pirate 1"])


def test_cell_phones_draws_when_no_hand_card_fits(ie_table) -> None:
    """Ruling: IE-POWER-34 (the drawn card is loaded if it can be, else kept)."""
    t, decision = _cell_phones(ie_table, ["black load 2"])
    assert _answer(t, decision, _worth(t, black_load_2=0.5)) == "draw"
    assert _classic(t, decision) == "hand"  # the classic bot never drew


def test_cell_phones_loads_from_the_hand_a_card_that_fits(ie_table) -> None:
    """Ruling: IE-POWER-34."""
    t, decision = _cell_phones(ie_table, ["red load 1"])
    assert _answer(t, decision, _worth(t, red_load_1=0.2)) == "hand"
