"""A match: one run's game and its seats' strategies, built once, playing any game by index.

Workers build one per chunk, the benchmark one per configuration, `deckhand replay` one from
a run folder; `game_of_run` builds only the game of a run folder, for the analysis of it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from simulator.catalog import get_game
from simulator.core.engine import play_game
from simulator.core.narration import Narrator
from simulator.core.protocol import Outcome, Strategy
from simulator.core.spec import Game, GameSpec
from simulator.folders.config import RunConfig, seat_slots
from simulator.folders.run_folder import SHEET_COPY, load_manifest
from strategies.registry import resolve

__all__ = ["Match", "game_of_run", "replay_match"]


class Match:
    """A game and its strategies, built once per worker, that plays any game by index.

    `card_sheet` replaces the config's sheet path with a copy of the same bytes (a worker's
    local copy, or the one in a run folder)."""

    def __init__(self, config: RunConfig, card_sheet: str | None = None) -> None:
        self.config = config
        self.spec: GameSpec = get_game(config.game.game)
        game_config = config.game
        if card_sheet is not None:
            game_config = replace(game_config, card_sheet=card_sheet)
        self.game: Game = self.spec.factory(game_config)
        self.choices = [resolve(config.game.game, s) for s in config.strategies]

    def play(
        self,
        game_index: int,
        on_decision: Callable[..., Any] | None = None,
        trace: Narrator | None = None,
        seat_wrapper: Callable[[Strategy], Strategy] | None = None,
    ) -> tuple[Outcome, int, list[int]]:
        """Play one game; returns its outcome, the decisions asked and which strategy sat
        in each seat. `seat_wrapper` wraps each seat's strategy (the benchmark times the
        bots' share with it)."""
        slots = seat_slots(self.config, game_index)
        seats: list[Strategy] = [self.choices[s].build() for s in slots]
        if seat_wrapper is not None:
            seats = [seat_wrapper(seat) for seat in seats]
        outcome, decisions = play_game(
            self.game,
            seats,
            self.config.seed,
            game_index,
            check_invariants=self.config.check_invariants,
            on_decision=on_decision,
            trace=trace,
            deal=self.config.deal(game_index),
        )
        return outcome, decisions, slots


def _config_of(folder: str | Path) -> RunConfig:
    return RunConfig.from_json(load_manifest(folder)["config"])


def replay_match(folder: str | Path) -> Match:
    """The match of a run folder, built from its manifest and the card sheet copied into it."""
    return Match(_config_of(folder), str(Path(folder) / SHEET_COPY))


def game_of_run(folder: str | Path) -> tuple[GameSpec, Game]:
    """The spec and the game (no strategies) a run folder was played with: its manifest's
    config and the card sheet copied into it."""
    config = _config_of(folder)
    spec = get_game(config.game.game)
    return spec, spec.factory(replace(config.game, card_sheet=str(Path(folder) / SHEET_COPY)))
