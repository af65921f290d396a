"""How far ahead each player is, for a search that stops a rollout early.

Rules-side facts only: credits, the measure the rules end and rank the game by (IE-END-1),
against the threshold that ends it. Contracts in hand and cargo at sea are worth credits
later, but what they are worth is a bot's judgement; a search learns it from its rollouts.
"""

from __future__ import annotations

from simulator.core.protocol import lead_value
from simulator.games.import_export.rules import ImportExportGame
from simulator.games.import_export.state import IEState

DECISIVE_SHARE = 0.5
"""A lead of half the credits that end the game is nearly decisive (`lead_value` ~0.98)."""


def prospects(g: ImportExportGame, s: IEState) -> list[float]:
    """Each player's prospects, 0 to 1: credits against the best other player's."""
    return lead_value([float(c) for c in s.credits], DECISIVE_SHARE * g.rules.end_credits)
