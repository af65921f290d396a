"""A card sheet checked as a run would read it (`deckhand cards validate`): loaded with its
game's schema (the game named, else the one whose columns its header matches), built into
the game at its smallest table with a designer's powers file if one is given, and the
game's warnings about it. Errors name the file, line and field; one found while reading the
sheet as a guessed game says it was a guess."""

from __future__ import annotations

from dataclasses import dataclass

from simulator.catalog import GAMES, game_of_header, get_game
from simulator.core.cards import load_card_sheet, read_header
from simulator.core.errors import CardSheetError


@dataclass(frozen=True)
class SheetCheck:
    """A valid card sheet: its game, how many rows, its hash, and the game's warnings."""

    path: str
    game: str
    guessed: bool
    """The game is its header's, not one named."""
    rows: int
    sha256: str
    powers: str | None
    warnings: tuple[str, ...]

    def line(self) -> str:
        """`PATH: valid GAME card sheet ..., N rows, sha256 ...`."""
        how = " (its header's game)" if self.guessed else ""
        with_code = f", with the powers of {self.powers}" if self.powers is not None else ""
        return (
            f"{self.path}: valid {self.game} card sheet{how}{with_code}, {self.rows} rows, "
            f"sha256 {self.sha256[:12]}"
        )


def check_sheet(path: str, game: str | None = None, powers: str | None = None) -> SheetCheck:
    """Check the sheet at `path` as `game` plays it (default: the game its header matches; a
    header that names no game's column is an error), with the `powers` file if given."""
    told = game is not None
    exact = True
    if game is None:
        header = read_header(path)  # no readable header (empty, not UTF-8): said, not guessed
        game = game_of_header(header)
        if game is None:
            raise CardSheetError(
                path,
                1,
                None,
                f"the header names no column of a card sheet of {' or '.join(sorted(GAMES))} "
                "(`deckhand cards list GAME --format csv` shows one); --game to choose",
            )
        exact = set(header) == set(GAMES[game].card_schema.names)
    spec = get_game(game)
    try:
        sheet = load_card_sheet(path, spec.card_schema)
    except CardSheetError as exc:
        if told or exact:  # the header is the game's own: the guess is not in question
            raise
        raise CardSheetError(
            exc.path,
            exc.line,
            exc.field,
            f"{exc.reason} (read as a sheet of {game}, the game its header matches best; "
            "--game to choose)",
        ) from None
    config = spec.make_config(spec.min_players, ("all",), card_sheet=path, powers=powers)
    if powers is not None:  # the game built as a run would build it, at its smallest table
        spec.factory(config)
    warnings = spec.sheet_warnings(config) if spec.sheet_warnings is not None else []
    return SheetCheck(path, game, not told, len(sheet.rows), sheet.sha256, powers, tuple(warnings))
