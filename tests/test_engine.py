"""The play loop, seeding, strategies and views: the contract between rules and bots."""

from __future__ import annotations

from typing import Any

import pytest

from simulator.analysis.stats import wilson
from simulator.catalog import get_game
from simulator.core.engine import play_game
from simulator.core.errors import ConfigError, StrategyError
from simulator.core.protocol import Decision, Strategy
from simulator.core.seeding import GameRandom
from simulator.games.travel.cards import EXPANSIONS
from strategies.random_strategy import RandomStrategy
from strategies.registry import resolve
from strategies.travel.heuristic import TravelHeuristic


def _game(players: int = 4, modules: tuple[str, ...] = EXPANSIONS, max_turns: int = 400) -> Any:
    spec = get_game("travel")
    return spec.factory(spec.make_config(players, modules, max_turns=max_turns))


class Raising(Strategy):
    name = "raising"

    def choose(self, decision: Decision, view: Any, rng: GameRandom) -> Any:
        raise ValueError("boom")


class Illegal(Strategy):
    name = "illegal"

    def choose(self, decision: Decision, view: Any, rng: GameRandom) -> Any:
        return ("fly",)


@pytest.mark.parametrize(
    "bot,what", [(Raising(), "raised ValueError('boom')"), (Illegal(), "answered ('fly',)")]
)
def test_a_failing_strategy_is_named_with_decision_options_and_seed(
    bot: Strategy, what: str
) -> None:
    with pytest.raises(StrategyError) as err:
        play_game(_game(), [bot] * 4, 99, 12)
    text = str(err.value)
    assert f"strategy '{bot.name}' {what}" in text
    assert "at decision 'action'" in text and "options were [('draw',)" in text
    assert "seed 99, game index 12" in text


def test_same_seed_same_game_and_streams_are_independent() -> None:
    game = _game()
    bots = [RandomStrategy()] * 4
    a, _ = play_game(game, bots, 5, 3)
    b, _ = play_game(game, bots, 5, 3)
    assert a == b
    c, _ = play_game(game, bots, 5, 4)
    assert (c.turns, c.players[0].events) != (a.turns, a.players[0].events)
    # the deal depends on the rules stream only: other strategies, same opening hands
    d, _ = play_game(game, [TravelHeuristic()] * 4, 5, 3)
    assert [p.events["opening"] for p in d.players] == [p.events["opening"] for p in a.players]


def test_game_random_draws_are_uniform_and_reproducible() -> None:
    rng = GameRandom.for_game(1, 2, 0)
    counts = [0] * 5
    for _ in range(50_000):
        counts[rng.below(5)] += 1
    assert all(9_500 < c < 10_500 for c in counts)
    one, two = GameRandom.for_game(1, 2, 0), GameRandom.for_game(1, 2, 0)
    assert [one.below(1000) for _ in range(600)] == [two.below(1000) for _ in range(600)]
    other = GameRandom.for_game(1, 2, 1)  # the strategy stream of the same game differs
    assert [other.below(1000) for _ in range(20)] != [one.below(1000) for _ in range(20)]
    items = list(range(10))
    GameRandom.for_game(3, 0, 0).shuffle(items)
    assert sorted(items) == list(range(10)) and items != list(range(10))


def test_the_view_hides_other_hands_and_the_deck() -> None:
    game = _game(modules=())
    state = game.new_state(GameRandom.for_game(1, 0, 0))
    view = game.observe(state, 0)
    assert view.hand == tuple(state.hands[0])
    assert view.known(1) == frozenset(state.known[1])  # just the passport everyone saw
    assert len(view.known(1)) == 1 and len(state.hands[1]) == 4
    assert view.deck_size == len(state.deck)
    public = {name for name in dir(view) if not name.startswith("_")}
    assert "deck" not in public and "hands" not in public
    hand = view.hand
    state.hands[0].append(state.deck.pop())
    assert hand != view.hand  # a copy each time: a bot cannot change the game


def test_strategy_registry_parses_parameters_and_import_paths() -> None:
    choice = resolve("travel", "heuristic:aggression=0.7,deny=1")
    bot = choice.build()
    assert isinstance(bot, TravelHeuristic) and bot.aggression == 0.7 and bot.deny
    plugged = resolve("travel", "strategies.random_strategy:RandomStrategy")
    assert plugged.cls is RandomStrategy
    with pytest.raises(ConfigError, match="cannot import module 'nowhere.bots'"):
        resolve("travel", "nowhere.bots:Bot")
    with pytest.raises(
        ConfigError, match="'Decision' in simulator.core.protocol is not a Strategy"
    ):
        resolve("travel", "simulator.core.protocol:Decision")


def test_heuristic_plainly_beats_random() -> None:
    """Heuristic in every seat against three random bots: far above the 1-in-4 baseline."""
    game = _game(max_turns=1000)
    wins = games = 0
    for index in range(40):
        seat = index % 4
        bots: list[Strategy] = [RandomStrategy() for _ in range(4)]
        bots[seat] = TravelHeuristic()
        outcome, _ = play_game(game, bots, 21, index)
        games += 1
        wins += seat in outcome.winners
    low, _ = wilson(wins, games)
    assert low > 0.5, (wins, games)
