"""The explicit registry of games: adding a game means adding one line here."""

from __future__ import annotations

from pathlib import Path

from simulator.core.cards import read_header
from simulator.core.errors import CardSheetError, ConfigError
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


def game_of_header(header: list[str]) -> str | None:
    """The game whose card-sheet columns a header matches best (most columns in common), or
    None when it names no column of any game: so that `deckhand cards validate my_cards.csv`
    checks an Import/Export sheet as one, and says what is wrong with it, without being told
    the game."""
    names = {name.strip() for name in header}
    scores = {name: len(names & set(spec.card_schema.names)) for name, spec in GAMES.items()}
    best = max(scores, key=lambda name: scores[name])
    return best if scores[best] else None


def game_of_sheet(path: str | Path) -> str | None:
    """The game a sheet's header matches best (`game_of_header`), or None when the file has
    no readable header (`core.cards.read_header` says why) or its header matches no game."""
    try:
        return game_of_header(read_header(path))
    except CardSheetError:
        return None
