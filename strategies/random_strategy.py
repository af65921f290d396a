"""The uniform random bot: the baseline every other strategy must beat."""

from __future__ import annotations

from typing import ClassVar

from simulator.core.cards import ParamValue
from simulator.core.protocol import Decision, Strategy
from simulator.core.seeding import GameRandom


class RandomStrategy(Strategy):
    """Picks uniformly among the legal options of every decision, for any game."""

    name = "random"
    params: ClassVar[dict[str, ParamValue]] = {}

    def choose(self, decision: Decision, view: object, rng: GameRandom) -> object:
        options = decision.options
        return options[rng.below(len(options))]
