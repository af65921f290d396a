"""The heuristic bot follows with another action type (Neural Units, Chopsticks: rules
IE-KSB-6, IE-JP-2) when that is worth more than following the led action or drawing, by
its own valuation of the actions; otherwise it answers as it would without the power."""

from __future__ import annotations

from typing import Any

from test_ie_power_play import fulfil, specs

from simulator.core.protocol import Decision
from simulator.core.seeding import GameRandom
from simulator.games.import_export.cards import BLUE, CONTRACT, IMPORT, LOAD, SUPPLY
from simulator.games.import_export.view import IEView
from strategies.import_export.classic import IEClassic


def bot_answer(t: Any, decision: Decision) -> Any:
    view = IEView(t.state, decision.player, t.game, t.game.facts)
    return IEClassic().choose(decision, view, GameRandom.for_game(0, 0, 1))


def without_follow_as(decision: Decision) -> Decision:
    rest = tuple(o for o in decision.options if o[0] != "follow_as")
    return Decision(decision.player, decision.kind, rest, decision.context)


def neural_units_table(ie_table: Any, contracts: list[str]) -> Any:
    """Player 0 leads a Supply; player 1 (Neural Units) holds a Supply card, a Load card and
    a blue card; his ship 2 carries one blue container."""
    t = ie_table(cards=specs("Neural Units"))
    t.arrange(
        fulfilled={1: ["Neural Units"]},
        hands=[["green supply 1"], ["yellow supply 1", "red load 1", "blue pirate 1"], []],
        ships={2: {"contracts": contracts, "cargo": ["blue supply 2"]}},
    )
    fulfil(t, 1, "Neural Units")
    d = t.play()
    d.lead(0, SUPPLY, t.c("green supply 1"))
    d.expect("follow", 1, options=[("follow",), ("draw",), ("follow_as", LOAD, LOAD)])
    return t, d


def test_neural_units_bot_loads_instead_when_a_load_completes_a_contract(ie_table) -> None:
    """Ruling: IE-KSB-6: following the Supply with its Load card, it loads the blue card and
    completes the contract: worth more than a Supply or a draw."""
    t, d = neural_units_table(ie_table, ["blue contract 1"])
    assert bot_answer(t, d.decision) == ("follow_as", LOAD, LOAD)
    d.send(("follow_as", LOAD, LOAD))
    d.send(t.c("red load 1"), "follow_with", 1)
    d.send(1, "declare", 1)
    d.draw(2)  # player 0's Supply has nothing to sell or take
    d.send((t.c("blue pirate 1"), 2, BLUE), "load", 1)
    assert t.state.credits[1] > 10  # the contract paid


def test_neural_units_bot_does_not_when_there_is_nothing_to_load(ie_table) -> None:
    """Ruling: IE-KSB-6: no contract to load for: the Load is worth nothing, so the bot
    answers exactly as it would without the power."""
    t, d = neural_units_table(ie_table, [])
    answer = bot_answer(t, d.decision)
    assert answer != ("follow_as", LOAD, LOAD)
    assert answer == bot_answer(t, without_follow_as(d.decision))


def chopsticks_table(ie_table: Any, hand: list[str]) -> Any:
    """Player 0 leads an Import of a ship at sea; player 1 (Chopsticks) may follow it with
    his Import card as an Import, or as a Contract or a Load."""
    t = ie_table(cards=specs("Chopsticks"))
    t.arrange(
        fulfilled={1: ["Chopsticks"]},
        hands=[["green import 1"], hand, []],
        ships={5: {"at_sea": True, "cargo": ["green load 2"]}},
        credits=[10, 0, 10],
    )
    fulfil(t, 1, "Chopsticks")
    d = t.play()
    d.lead(0, IMPORT, t.c("green import 1"))
    return t, d


def test_chopsticks_bot_places_a_contract_it_can_fill_instead_of_importing(ie_table) -> None:
    """Ruling: IE-JP-2: with no credits to bid and a full hand, following the Import as a
    Contract places the blue contract its hand can fill: worth more than a draw."""
    hand = ["red import 1", "blue contract 1", "blue pirate 1", "blue pirate 2", "red pirate 1"]
    t, d = chopsticks_table(ie_table, hand)
    d.expect(
        "follow",
        1,
        options=[
            ("follow",),
            ("draw",),
            ("follow_as", CONTRACT, IMPORT),
            ("follow_as", LOAD, IMPORT),
        ],
    )
    assert bot_answer(t, d.decision) == ("follow_as", CONTRACT, IMPORT)


def test_chopsticks_bot_does_not_without_a_contract_to_place(ie_table) -> None:
    """Ruling: IE-JP-2: a short hand (a draw is worth a lot), no ship to load, and only a
    yellow card to place as a contract, with no yellow container in sight: neither other
    type beats the draw."""
    t, d = chopsticks_table(ie_table, ["red import 1", "yellow pirate 1"])
    decision = d.expect("follow", 1)
    assert ("follow_as", CONTRACT, IMPORT) in decision.options
    answer = bot_answer(t, decision)
    assert answer[0] != "follow_as"
    assert answer == bot_answer(t, without_follow_as(decision))
