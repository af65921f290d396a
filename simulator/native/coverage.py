"""What the native core covers: which cards' powers it plays (`_core.native_powers()`), and
which cards of a game have a Python power but no native one."""

from __future__ import annotations

from simulator.games.import_export.rules import ImportExportGame
from simulator.native import CORE


def native_powers() -> frozenset[str]:
    """The names of the cards whose power the built core plays (none without a core)."""
    listed = getattr(CORE, "native_powers", None)
    return frozenset(listed()) if listed is not None else frozenset()


def python_powers(game: ImportExportGame) -> list[str]:
    """The contracts of this game whose power the Python engine plays, by name in contract
    order (a Flag card prints two contracts, each with its own power); none with the rule
    card_powers off: every card plays vanilla."""
    if not game.rules.card_powers:
        return []
    by_id = game.cards.contract_by_id
    return list(dict.fromkeys(by_id[cid].name for cid in sorted(game.powers.by_contract)))


def missing_powers(game: ImportExportGame) -> list[str]:
    """The cards of this game with a Python power and no native one."""
    have = native_powers()
    return [name for name in python_powers(game) if name not in have]
