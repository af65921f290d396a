"""The travel heuristic's offers ask for each kind once.

Its plan needs one card of a kind (a kind counts once toward a country), and a partner can
accept only holding every copy asked for (T-TRADE-1): asking for the same kind again, as the
bot did until 2026-12-03 in 71% of its offers, made most offers fail before the partner
could even answer.
"""

from __future__ import annotations

from typing import Any

from simulator.catalog import get_game
from simulator.core.engine import play_game
from simulator.core.protocol import Decision
from simulator.games.travel.cards import EXPANSIONS
from simulator.games.travel.rules import ACCEPT, DONE
from strategies.travel.heuristic import TravelHeuristic


def test_each_offer_asks_for_a_kind_once_and_some_are_accepted() -> None:
    spec = get_game("travel")
    game = spec.factory(spec.make_config(4, EXPANSIONS))
    offers: list[list[int]] = []
    answers: list[Any] = []
    asking: list[int] = []

    def watch(decision: Decision, choice: Any) -> None:
        if decision.kind == "trade_ask" and choice != DONE:
            asking.append(choice)
        elif decision.kind == "trade_answer":
            offers.append(asking.copy())
            answers.append(choice)
            asking.clear()

    for index in range(12):
        play_game(game, [TravelHeuristic() for _ in range(4)], 5, index, on_decision=watch)
    assert len(offers) > 300, len(offers)
    repeated = [kinds for kinds in offers if len(set(kinds)) != len(kinds)]
    assert not repeated, repeated[:5]
    assert answers.count(ACCEPT) > 20, answers.count(ACCEPT)
