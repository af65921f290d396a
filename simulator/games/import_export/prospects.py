"""How far ahead each player is, for a search that stops a rollout early.

Rules-side facts only, read through the rules' own helpers: what each player would have if
the game were scored now (credits, plus what his goods score at the end: points, the set
bonus, majorities and the illegal penalty, IE-END-2), plus the contracts he has placed on
his ships at port, each worth a share of the payment the ship will bring (the payment for
its containers, `payout`), a share that grows as the ship is loaded. The leads are then
taken against the best other player (`lead_value`), on half the credits that end the game.

Why not credits alone (the first evaluation, 2026-12-05): a rollout stopped after twenty
decisions rarely reaches a payment, so credits told a search nothing of a well-placed
contract, a loaded ship or a good taken: the heuristic searching its lead decisions by
credits won 37.3% of 300 two-player games against itself unsearched, and by this measure
81.5% (docs/performance.md, "Search that beats the heuristic").
"""

from __future__ import annotations

from typing import Final

from simulator.core.protocol import lead_value
from simulator.games.import_export.rules import ImportExportGame
from simulator.games.import_export.state import IEState

DECISIVE_SHARE: Final = 0.5
"""A lead of half the credits that end the game is nearly decisive (`lead_value` ~0.98)."""

PLACED_SHARE: Final = 0.3
"""A contract placed on an empty ship is worth this share of the payment it would bring:
the containers are still to be found."""

LOADED_SHARE: Final = 0.5
"""The share a fully loaded ship adds to PLACED_SHARE (a loaded ship completes, and pays,
at once: the rest is the chance that a rival's Pirate or an import takes from it first)."""


def standing(g: ImportExportGame, s: IEState) -> list[float]:
    """Each player's credits if the game were scored now, plus his contracts in progress."""
    n = s.n
    counts = [g.good_counts(s, p) for p in range(n)]
    values = [float(s.credits[p] + g.goods_score_of(s, counts, p)) for p in range(n)]
    for ship in s.ships:
        if ship.at_sea or not ship.contracts:
            continue
        need, _ = g.remaining(ship, s=s)
        missing = sum(v for v in need.values() if v > 0)
        loaded = len(ship.cargo)
        total = loaded + missing
        if total <= 0:
            continue
        share = PLACED_SHARE + LOADED_SHARE * (loaded / total)
        values[ship.owner] += share * g.payout(s, ship.owner, total)
    return values


def prospects(g: ImportExportGame, s: IEState) -> list[float]:
    """Each player's prospects, 0 to 1: his standing against the best other player's."""
    return lead_value(standing(g, s), DECISIVE_SHARE * g.rules.end_credits)
