"""The explicit registry of games: adding a game means adding one line here."""

from __future__ import annotations

from simulator.core.errors import ConfigError
from simulator.core.spec import GameSpec
from simulator.games.import_export.spec import IMPORT_EXPORT
from simulator.games.travel.spec import TRAVEL

GAMES: dict[str, GameSpec] = {spec.name: spec for spec in (TRAVEL, IMPORT_EXPORT)}


def get_game(name: str) -> GameSpec:
    """The spec of a registered game; a clear error lists the games there are."""
    try:
        return GAMES[name]
    except KeyError:
        raise ConfigError(f"unknown game '{name}'; accepted: {', '.join(sorted(GAMES))}") from None
