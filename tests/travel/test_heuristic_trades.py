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
from simulator.core.forward import Playthrough
from simulator.core.protocol import Decision
from simulator.core.seeding import GameRandom
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


def _trade_steps(bot: TravelHeuristic, pt: Playthrough, rng: GameRandom) -> list[Any]:
    """Ask `bot` every step of the offer under way in `pt` (trade_give, trade_ask) and apply
    its answers, until the partner is asked: the cards given and kinds asked, in order."""
    steps = []
    decision = pt.decision
    while decision is not None and decision.kind in ("trade_give", "trade_ask"):
        if len(decision.options) == 1:
            choice = decision.options[0]
        else:
            choice = bot.choose(decision, pt.observe(decision.player), rng)
            steps.append(choice)
        decision = pt.apply(choice)
    return steps


def test_an_offer_chosen_by_a_search_is_planned_as_the_bot_would() -> None:
    """mcts (`search=action`) picks ("trade", q) itself and asks its rollout bot, shared by
    every seat, for the offer's steps. The bot used to answer them from the plan of its last
    `action` answer, another seat's or none (then the first card of the hand): now it plans
    the offer for q as its own `action` would have (`_plan_key`)."""
    spec = get_game("travel")
    game = spec.factory(spec.make_config(4, EXPANSIONS))
    rng = GameRandom.from_seed(1)
    compared = stale = 0
    for index in range(8):
        pt = Playthrough.start(game, 11, index)
        players = [TravelHeuristic() for _ in range(4)]
        roller = TravelHeuristic()  # asked every action, after the comparison: one seat behind
        while pt.decision is not None and compared < 40:
            decision = pt.decision
            bot = players[decision.player]
            if len(decision.options) == 1:
                pt.apply(decision.options[0])
                continue
            view = pt.observe(decision.player)
            choice = bot.choose(decision, view, rng)
            # a plan for a kind q is known to hold (a blind one is drawn at random) with no
            # offer refused yet this turn (a fresh bot cannot know of it)
            if (
                decision.kind == "action"
                and choice[0] == "trade"
                and bot._plan is not None
                and bot._known_wanted(view, choice[1], set(bot._plan[2]))
                and not bot._refused
            ):
                copies = [pt.clone(), pt.clone(), pt.clone()]  # the last: for the roller
                pt.apply(choice)
                own = _trade_steps(bot, pt, rng)  # the game goes on by the bot's own plan
                assert own, decision  # (a one-card hand's card is given without asking)
                for other, searched in zip((TravelHeuristic(), roller), copies[:2], strict=True):
                    if other is roller and roller._plan is not None:
                        stale += 1
                    searched.apply(choice)
                    assert _trade_steps(other, searched, rng) == own, (index, decision, own)
                compared += 1
                roller.choose(decision, copies[2].observe(decision.player), rng)
                continue
            if decision.kind == "action":
                roller.choose(decision, view, rng)
            pt.apply(choice)
    assert compared == 40, compared
    assert stale >= 5, stale
