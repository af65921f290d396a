"""Errors a user can act on: each names what was wrong and what would be accepted."""

from __future__ import annotations


class DeckhandError(Exception):
    """Base class for errors that the CLI prints without a traceback."""


class ConfigError(DeckhandError):
    """A bad option or configuration value (names the option and the accepted values)."""


class CardSheetError(DeckhandError):
    """A card sheet that does not validate; names file, line and field."""

    def __init__(self, path: str, line: int | None, field: str | None, message: str) -> None:
        self.path = str(path)
        self.line = line
        self.field = field
        self.reason = message
        where = self.path
        if line is not None:
            where += f", line {line}"
        if field is not None:
            where += f", field '{field}'"
        super().__init__(f"{where}: {message}")


class PluginError(DeckhandError):
    """A designer's own code (`--powers FILE`) raised while a game was played: names the
    file, the line and the game to replay."""


class StrategyError(DeckhandError):
    """A strategy raised or answered with an option that was not offered."""


class RunFolderError(DeckhandError):
    """A run folder that cannot be used (different config, missing manifest)."""


class InvariantError(AssertionError):
    """A game's state broke a rule that must always hold (a bug, never a player's doing):
    raised by a game's `check_invariants`."""
