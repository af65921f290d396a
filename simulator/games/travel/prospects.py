"""How near each traveller is to winning, for a search that stops a rollout early.

Rules-side facts only, read from the state: the two trips that win (one's own country, then
the central one, T-END-1) and, with Postcards, the postcards that win at once (also T-END-1).
A random rollout of travel rarely reaches an end within a search's budget, so without this
every stopped rollout would score level and a search could not tell its options apart.
"""

from __future__ import annotations

from simulator.core.protocol import lead_value
from simulator.games.travel.rules import TravelGame
from simulator.games.travel.state import TravelState

TRIPS_TO_WIN = 2
"""One's own country, then the central one (T-END-1)."""
READY = 0.75
"""A hand that covers a trip's needs is worth this share of the trip made: the trip is an
action away, which may yet be stolen, so making it must score higher than being ready."""


def nearness(g: TravelGame, s: TravelState, p: int) -> float:
    """From 0 (nothing yet) to 1 (won): the trips made, plus the share of the next trip's
    needs (its item kinds, and the passport where one is needed) the hand covers (`READY`
    of a trip for all of them); or, if
    nearer, the share of the winning postcards held. Ignores Mom's Credit Card and forbidden
    items, which bend a trip's needs: an estimate, not a rule."""
    hand = s.hands[p]
    rules = s.rules[p]
    kinds = {g.kind_of[c] for c in hand}
    needs = g.cards.requires[s.target(p)]
    covered = sum(1 for kind in needs if kind in kinds)
    total = len(needs)
    if rules["needs_passport"]:
        total += 1
        covered += any(g.is_passport[c] for c in hand)
    trips = (s.completed[p] + READY * covered / max(total, 1)) / TRIPS_TO_WIN
    if not g.use_postcards:
        return min(trips, 1.0)
    postcards = sum(1 for c in hand if g.is_postcard[c]) / max(rules["postcards_to_win"], 1)
    return min(max(trips, postcards), 1.0)


def prospects(g: TravelGame, s: TravelState) -> list[float]:
    """Each player's prospects, 0 to 1: nearness to winning against the nearest other
    (`lead_value`; a lead of half a trip is nearly decisive)."""
    return lead_value([nearness(g, s, p) for p in range(s.n)], 0.25)
