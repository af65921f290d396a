"""Strategies that misbehave on purpose, plugged in by import path in tests."""

from __future__ import annotations

from typing import Any

from simulator.core.protocol import Decision, Strategy
from simulator.core.seeding import GameRandom


class RaisesOnTrade(Strategy):
    """Plays like the first option, but raises when asked to answer a trade."""

    name = "raises-on-trade"

    def choose(self, decision: Decision, view: Any, rng: GameRandom) -> Any:
        if decision.kind == "trade_answer":
            raise RuntimeError("cannot decide")
        return decision.options[rng.below(len(decision.options))]
