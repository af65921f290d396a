"""The explicit registry of games: adding a game means adding one line here."""

from __future__ import annotations

import csv
from pathlib import Path

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


def game_of_sheet(path: str | Path) -> str | None:
    """The game whose card-sheet columns a CSV header matches best (most columns in common),
    or None when the header names no column of any game (or cannot be read): so that
    `deckhand cards validate my_cards.csv` checks an Import/Export sheet as one, and says
    what is wrong with it, without being told the game."""
    try:
        with open(path, encoding="utf-8-sig", newline="") as handle:
            header = {name.strip() for name in next(csv.reader(handle), [])}
    except (OSError, UnicodeDecodeError, csv.Error):
        return None
    scores = {name: len(header & set(spec.card_schema.names)) for name, spec in GAMES.items()}
    best = max(scores, key=lambda name: scores[name])
    return best if scores[best] else None
