"""The travel heuristic's memo of its hand values never changes an answer.

Each seat plays the bot and also asks a new copy of it, given only the bot's plan for the
turn and how far the offer has got (what it means to remember), every question: both must
answer alike.
"""

from __future__ import annotations

import copy
from typing import Any

from simulator.catalog import get_game
from simulator.core.engine import play_game
from simulator.core.protocol import Decision, Strategy
from simulator.core.seeding import GameRandom
from simulator.games.travel.cards import EXPANSIONS
from strategies.travel.heuristic import TravelHeuristic


class _Forgetful(Strategy):
    name = "heuristic"

    def __init__(self) -> None:
        super().__init__()
        self.bot = TravelHeuristic()
        self.asked = 0

    def choose(self, decision: Decision, view: Any, rng: GameRandom) -> Any:
        fresh = TravelHeuristic()
        fresh._plan = copy.deepcopy(self.bot._plan)  # this turn's trade plan
        fresh._plan_key = self.bot._plan_key  # and what it was made for
        fresh._asked = self.bot._asked  # the kinds of it asked for so far
        fresh._turn = self.bot._turn
        fresh._refused = set(self.bot._refused)
        expected = fresh.choose(decision, view, copy.deepcopy(rng))
        answer = self.bot.choose(decision, view, rng)
        assert answer == expected, (decision, answer, expected)
        self.asked += 1
        return answer


def test_the_heuristic_answers_as_if_it_remembered_only_its_plan() -> None:
    spec = get_game("travel")
    asked = 0
    for modules in ((), EXPANSIONS):
        game = spec.factory(spec.make_config(4, modules))
        for index in range(4):
            seats = [_Forgetful() for _ in range(4)]
            play_game(game, seats, 17, index)
            asked += sum(seat.asked for seat in seats)
    assert asked > 2000, asked
