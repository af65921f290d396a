"""The parameter ranges `deckhand tune` searches, per game and strategy: data, not code of
the bots (a parameter not listed here is kept at its starting value)."""

from __future__ import annotations

SPACES: dict[tuple[str, str], dict[str, tuple[float, float]]] = {
    ("import-export", "heuristic"): {
        "contract_bias": (0.4, 2.0),
        "load_bias": (0.4, 2.0),
        "import_bias": (0.4, 2.0),
        "pirate_bias": (0.4, 2.0),
        "supply_bias": (0.4, 2.0),
        "bid_share": (0.1, 0.9),
        "collect": (0.2, 2.0),
        "deny": (0.0, 1.5),
        "draw": (0.3, 2.0),
        "race": (0.0, 1.0),
    },
    ("travel", "heuristic"): {
        "aggression": (0.0, 1.0),
        "race_aggression": (0.0, 1.0),
        "blind_trade": (0.0, 1.0),
        "deny": (0, 1),
    },
}
"""(game, strategy) -> parameter -> (low, high). Whole-number bounds on a parameter whose
default is a whole number make it a whole-number (or 0/1) parameter."""


def space_for(game: str, strategy: str) -> dict[str, tuple[float, float]]:
    """The ranges for a strategy; an empty dict when it has none declared."""
    return dict(SPACES.get((game, strategy), {}))
