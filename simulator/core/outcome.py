"""The result of a game, and what a search makes of one: each seat's outcome, its reward, its
lead. Part of the API between the rules and the strategies (core/protocol.py re-exports it),
kept apart so that the forward model, which scores playthroughs, sits below that API."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass
class PlayerOutcome:
    """What one seat did and got, in card-sheet ids."""

    score: float
    placement: int
    events: dict[str, list[int]]
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass
class Outcome:
    """The result of one game."""

    turns: int
    first_player: int
    winners: list[int]
    end_reason: str
    players: list[PlayerOutcome]


def lead_value(scores: Sequence[float], spread: float) -> list[float]:
    """Each player's lead over the best of the others, as a value from 0 to 1: 0.5 level,
    towards 1 ahead, towards 0 behind; `spread` is the lead worth about 0.98 (tanh 2).

    How a search scores a position it stops short of the end: it ranks the leaders as the
    outcome would, and a wide lead above a narrow one (a place alone cannot tell them)."""
    n = len(scores)
    if n < 2:
        return [0.5] * n
    values = []
    for p, own in enumerate(scores):
        best_other = max(score for q, score in enumerate(scores) if q != p)
        values.append(0.5 + 0.5 * math.tanh(2.0 * (own - best_other) / max(spread, 1e-9)))
    return values


def outcome_rewards(outcome: Outcome, value: str = "placement") -> list[float]:
    """Each player's reward in 0..1 from a finished game's outcome. `placement`:
    (players - place) / (players - 1), 1 for first and 0 for last, ties sharing the place;
    `win`: 1 for a winner, shared by ties."""
    n = len(outcome.players)
    if value == "win":
        winners = outcome.winners
        share = 1.0 / len(winners) if winners else 0.0
        return [share if p in winners else 0.0 for p in range(n)]
    if n == 1:
        return [1.0]
    return [(n - player.placement) / (n - 1) for player in outcome.players]


def score_margin(outcome: Outcome) -> list[float]:
    """The default evaluation of a game stopped before its end: each player's score margin
    (`lead_value`), on the spread of the largest score so far (at least 1)."""
    scores = [player.score for player in outcome.players]
    return lead_value(scores, max(1.0, *(abs(s) for s in scores)))
