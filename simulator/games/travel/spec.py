"""The travel game, declared once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from simulator.core.spec import CardMeasure, GameConfig, GameSpec, ModuleSpec
from simulator.games.travel.cards import DEFAULT_SHEET, SCHEMA, load_travel_sheet, param_ranges_of
from simulator.games.travel.decisions import KINDS
from simulator.games.travel.prospects import prospects
from simulator.games.travel.rules import TravelGame
from simulator.games.travel.state import EVENTS

if TYPE_CHECKING:
    from simulator.games.travel.rules import TravelGame


def _make(config: GameConfig) -> TravelGame:

    return TravelGame(TRAVEL, config, load_travel_sheet(config.card_sheet))


IN_HAND = ("win rate when in hand", "GIH WR")

CARD_MEASURES = (
    CardMeasure(
        kinds=("item",),
        event="gih",
        peers="items",
        label=IN_HAND[0],
        term=IN_HAND[1],
        reason="An ordinary item has no power; its one property is which countries need it, "
        "and holding it is the chance to travel with it (Viaggiare) or to trade it. So the "
        "question is whether holding it rather than another item goes with winning, with the "
        "number of items held fixed: against every card, all items looked weak, because a "
        "player still holding many items has not travelled yet. 'Used to travel' is not the "
        "measure: which items a travel spends is fixed by the country, and the travel to the "
        "central country is the win itself, so it says which countries won, not which item "
        "is strong.",
    ),
    CardMeasure(
        kinds=("postcard",),
        event="gih",
        peers="postcards",
        label=IN_HAND[0],
        term=IN_HAND[1],
        reason="Postcards are the other way to win: 4 in hand win at once (Cartoline). Against "
        "other cards a held postcard always looks strong (a player near 4 is near winning), "
        "which says nothing about the card, so each postcard is compared with the other "
        "postcards. Whether postcards as a whole win too often is the 'postcards' end reason.",
    ),
    CardMeasure(
        kinds=("special",),
        event="gih",
        peers="special items",
        label=IN_HAND[0],
        term=IN_HAND[1],
        reason="A special item works from the hand: some are played as an action, some at any "
        "time, and Mom's Credit Card and the Diplomatic Pouch act by themselves when "
        "travelling (Oggetti Speciali), so 'played' misses some of them and depends on the "
        "bot's choice. Holding it is what all nine share; its worth is against holding "
        "another special item.",
    ),
    CardMeasure(
        kinds=("forbidden",),
        event="gih",
        peers="forbidden items",
        label=IN_HAND[0],
        term=IN_HAND[1],
        reason="A forbidden item blocks travelling while it is in the hand and costs a turn "
        "and a card to get rid of (Oggetti Proibiti): holding it is its whole effect, so it is "
        "compared with holding another forbidden item.",
    ),
    CardMeasure(
        kinds=("event",),
        event="event",
        peers="events",
        label="win rate when drawn",
        term="drawn WR",
        reason="An event is resolved as soon as it is drawn and hits every player (Eventi); it "
        "never stays in a hand, so the one fact about a player is having drawn it, compared "
        "with having drawn another event.",
    ),
    CardMeasure(
        kinds=("country",),
        event="assigned",
        peers="countries",
        label="win rate when dealt as own country",
        term="",
        reason="Each player is dealt a country at random (Preparazione 2) and must travel "
        "there first: never chosen, so its win rate against the other countries is the least "
        "biased figure here. It says how hard its three items are to gather; it also decides "
        "who starts (the country nearest the central one).",
    ),
    CardMeasure(
        kinds=("character",),
        event="assigned",
        peers="characters",
        label="win rate when dealt",
        term="",
        reason="One character is dealt face up to each player and cannot be traded "
        "(Personaggi): like a country it is never chosen, so its win rate against the other "
        "characters measures its rule change.",
    ),
    CardMeasure(
        kinds=("passport",),
        event="gih",
        peers="passports",
        label=IN_HAND[0],
        term=IN_HAND[1],
        reason="Every player starts with one and any passport will do (FAQ Viaggiare): the "
        "passports are one card kind, with nothing to compare them with.",
    ),
)

EVENT_LABELS = (
    ("opening", "in opening hand"),
    ("held", "in hand"),
    ("drawn", "drawn"),
    ("recycled", "recycled"),
    ("received", "received in a trade"),
    ("given", "given away"),
    ("stole", "stolen by this player"),
    ("lost", "lost to a thief"),
    ("travelled", "used to travel"),
    ("discarded", "discarded"),
    ("used", "played for its effect"),
    ("event", "drawn event"),
    ("assigned", "dealt at setup"),
    ("held_at_end", "in hand at the end"),
)

TRAVEL = GameSpec(
    name="travel",
    title="Travel card game (countries, items, passports)",
    param_ranges=param_ranges_of,
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
    card_measures=CARD_MEASURES,
    event_labels=EVENT_LABELS,
    decisions=tuple(KINDS.items()),
    evaluation=prospects,
)
