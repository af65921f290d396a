"""The table the native travel game reads (`_core.play_travel`): the card sheet as the Python
rules compile it (simulator/games/travel/cards.py TravelCards), the config's modules and turn
limit, and the first-player distances as rules._distance_km computes them, so the core holds
no card data and no number of its own."""

from __future__ import annotations

from typing import Any

from simulator.games.travel.cards import RULE_PARAMS
from simulator.games.travel.rules import TravelGame, _distance_km
from strategies.travel.heuristic import TravelHeuristic

_CACHE_KEY = "_native_travel_table"


def travel_table(game: TravelGame) -> dict[str, Any]:
    """The native table of this game (built once per game object)."""
    cached: dict[str, Any] | None = getattr(game, _CACHE_KEY, None)
    if cached is not None:
        return cached
    cards = game.cards
    n = len(cards.ids)
    distance = [0.0] * (n * n)
    for a in cards.countries:
        for b in cards.countries:
            distance[a * n + b] = _distance_km(cards.coords[a], cards.coords[b])
    table: dict[str, Any] = {
        "players": game.config.players,
        "max_turns": game.config.max_turns,
        "ids": list(cards.ids),
        "kind_of": list(cards.kind_of),
        "types": list(cards.types),
        "effects": [e or "" for e in cards.effects],
        "params": [{k: int(v) for k, v in p.items()} for p in cards.params],
        "requires": [list(r) for r in cards.requires],
        "rule_names": list(RULE_PARAMS),
        "rules": [int(cards.rules[k]) for k in RULE_PARAMS],
        "countries": list(cards.countries),
        "items": list(cards.items),
        "passports": list(cards.passports),
        "characters": list(cards.characters),
        "expansion_deck": list(game.expansion_deck),
        "distance": distance,
        "modules": list(game.config.modules),
    }
    setattr(game, _CACHE_KEY, table)
    return table


HEURISTIC_PARAMS = ("aggression", "race_aggression", "blind_trade", "deny")
"""The travel heuristic's parameters, in the order the core reads them (a seat's and a
search's rollout alike)."""


def heuristic_numbers(bot: TravelHeuristic) -> list[float]:
    """The heuristic's parameters as the core reads them: HEURISTIC_PARAMS' order, as floats."""
    return [float(getattr(bot, name)) for name in HEURISTIC_PARAMS]
