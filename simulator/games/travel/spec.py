"""The travel game, declared once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from simulator.core.spec import GameConfig, GameSpec, ModuleSpec
from simulator.games.travel.cards import DEFAULT_SHEET, SCHEMA, load_travel_sheet
from simulator.games.travel.state import EVENTS

if TYPE_CHECKING:
    from simulator.games.travel.rules import TravelGame


def _make(config: GameConfig) -> TravelGame:
    from simulator.games.travel.rules import TravelGame

    return TravelGame(TRAVEL, config, load_travel_sheet(config.card_sheet))


TRAVEL = GameSpec(
    name="travel",
    title="Travel card game (countries, items, passports)",
    min_players=2,
    max_players=10,  # T-SETUP-4
    modules=(
        ModuleSpec("events", "4 events, resolved when drawn, hitting every player"),
        ModuleSpec("special_items", "9 special items: action, any-time and passive powers"),
        ModuleSpec("forbidden_items", "3 forbidden items: no travelling while holding one"),
        ModuleSpec("postcards", "6 postcards: holding 4 wins at once, even off-turn"),
        ModuleSpec(
            "characters", "6 characters, one per player, each bending one rule", max_players=6
        ),
    ),
    card_sheet=DEFAULT_SHEET,
    card_schema=SCHEMA,
    player_events=EVENTS,
    seen_events=("held",),
    opening_event="opening",
    end_reasons=(
        ("central_country", "a player travelled to the central country"),
        ("postcards", "a player held 4 postcards"),
        ("turn_limit", "the turn limit was reached with no winner"),
    ),
    factory=_make,
)
