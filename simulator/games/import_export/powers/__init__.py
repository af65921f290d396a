"""Import/Export card powers: one small function per card, registered by name.

framework.py is the machinery (the `@power` registry, the per-game index, hooks, scoring
stages); every other module holds the powers of one part of the game and registers them
when it is imported, which importing this package does. Where is a card's power?
`grep -rn '"Hawaiian Salt"' simulator/games/import_export/powers`.
"""

from simulator.games.import_export.powers import (  # noqa: F401 - each registers its powers
    base,
    base_end,
    base_immediate,
    base_modifiers,
    base_ongoing,
    capital,
    flag,
    j,
    kickstarter,
    kickstarter2,
    tokyo,
)
from simulator.games.import_export.powers.framework import (
    ANY_TIME,
    EVENTS,
    POWER_OFF,
    POWERS,
    Power,
    PowerIndex,
    index_for,
    missing_powers,
    note_draw,
    power,
    told,
    unplayed,
)

__all__ = [
    "ANY_TIME",
    "EVENTS",
    "POWERS",
    "POWER_OFF",
    "Power",
    "PowerIndex",
    "index_for",
    "missing_powers",
    "note_draw",
    "unplayed",
    "power",
    "told",
]
