"""Import/Export, declared once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from simulator.core.cards import CardSheet
from simulator.core.spec import CardMeasure, GameConfig, GameSpec, ModuleSpec
from simulator.games.import_export.cards import DEFAULT_SHEET
from simulator.games.import_export.decisions import DECISIONS
from simulator.games.import_export.powers import POWER_OFF
from simulator.games.import_export.powers import unplayed as unplayed_powers
from simulator.games.import_export.prospects import prospects
from simulator.games.import_export.rule_book import MAX_PLAYERS, BaseRules
from simulator.games.import_export.rules import ImportExportGame
from simulator.games.import_export.sheet_checks import (
    SCHEMA,
    load_import_export_sheet,
    param_ranges_of,
)
from simulator.games.import_export.state import EVENTS

if TYPE_CHECKING:
    from simulator.games.import_export.rules import ImportExportGame


def _make(config: GameConfig) -> ImportExportGame:

    return ImportExportGame(IMPORT_EXPORT, config, load_import_export_sheet(config.card_sheet))


def _build(config: GameConfig, sheet: CardSheet) -> ImportExportGame:

    return ImportExportGame(IMPORT_EXPORT, config, sheet)


def _sheet_warnings(config: GameConfig) -> list[str]:
    """A card whose power text no code plays plays vanilla: said, not refused (a sheet's
    vanilla test cards carry power texts too)."""
    game = _make(config)  # the cards in play and the powers indexed, as a run builds them
    texts = {int(r["id"]): r["power"] for r in game.sheet.rows}
    unplayed = unplayed_powers(game.cards, game.powers, texts) if game.rules.card_powers else []
    if not unplayed:
        return []
    more = f" and {len(unplayed) - 8} more" if len(unplayed) > 8 else ""
    names = ", ".join(unplayed[:8]) + more
    return [
        f"{len(unplayed)} card(s) of the sheet print a power that no code plays, so they play "
        f"as vanilla cards: {names}. Write their powers in a file of your own and pass it "
        "with --powers (docs/designer-powers.md)"
    ]


def _rule_numbers() -> BaseRules:
    return BaseRules()


CARD_MEASURES = (
    CardMeasure(
        kinds=("*",),
        event="fulfilled",
        peers="contracts",
        label="win rate when power owned",
        term="",
        reason="A card's power, the part a designer tunes (Almonds' payout, Sauna's points), "
        "works only once its contract is fulfilled; in hand every card of a colour is the same "
        "action and cargo. Fulfilling any contract scores, so each card is compared with "
        "owning another contract's power, of any colour (every card can be a contract), with "
        "the number of contracts owned held fixed.",
    ),
)

EVENT_LABELS = (
    ("opening", "in opening hand"),
    ("drawn", "drawn"),
    ("played", "played for an action"),
    ("wildcard", "played in a wildcard pair"),
    ("contracted", "placed as a contract"),
    ("fulfilled", "power owned"),
    ("loaded", "loaded as a container"),
    ("crew", "taken as crew"),
    ("goods", "taken as goods"),
    ("sold", "sold to the island"),
    ("pirated", "pirated"),
    ("imported", "won at an import auction"),
    ("discarded", "discarded"),
)

IMPORT_EXPORT = GameSpec(
    name="import-export",
    title="Import/Export (Definitive Edition)",
    min_players=2,
    max_players=MAX_PLAYERS,
    modules=(
        ModuleSpec("base", "the 100 base goods cards"),
        ModuleSpec("capital", "15 grey Capital cards, the Barter action"),
        ModuleSpec("tokyo", "10 cards and the Tokyo Port"),
        ModuleSpec("kickstarter", "15 Kickstarter cards"),
        ModuleSpec("kickstarter2", "10 Kickstarter 2 cards"),
        ModuleSpec("j", "10 J cards"),
        ModuleSpec("flag", "10 two-contract Flag cards"),
        ModuleSpec(
            "market", "the Market variant: goods markers adjust contract payouts", kind="variant"
        ),
        ModuleSpec(
            "containers",
            "alternate play 1: loaded cards become physical containers",
            kind="variant",
        ),
        ModuleSpec(
            "containers_all",
            "alternate play 2: crew and goods are physical containers too",
            kind="variant",
        ),
    ),
    card_sheet=DEFAULT_SHEET,
    card_schema=SCHEMA,
    player_events=EVENTS,
    seen_events=("opening", "drawn"),
    opening_event="opening",
    end_reasons=(
        ("credits", "a player reached 50 credits; the turn finished"),
        ("deck_exhausted", "the deck and the discard pile were both empty"),
        ("card", "a card's win condition"),
        ("turn_limit", "the turn limit was reached (simulation safeguard)"),
    ),
    factory=_make,
    rule_numbers=_rule_numbers(),
    default_max_turns=400,
    card_group="color",
    adjusted_events=("gih", "fulfilled"),
    activity_events=("fulfilled",),
    power_switch=POWER_OFF,
    param_ranges=param_ranges_of,
    physical_card_column="card",
    build_with_sheet=_build,
    sheet_warnings=_sheet_warnings,
    card_measures=CARD_MEASURES,
    event_labels=EVENT_LABELS,
    decisions=tuple(DECISIONS.items()),
    plugin_help="card powers of your own: @power functions for cards of the sheet, DECISIONS "
    "for the new kinds they ask (docs/designer-powers.md)",
    evaluation=prospects,
)
