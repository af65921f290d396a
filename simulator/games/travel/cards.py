"""The travel game's card sheet: its schema, its cross-row checks, and the compiled tables.

Cards are small ints (their row position); every attribute lives in a tuple indexed by
that int, so the rules never look a card up by name on the hot path.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from simulator.core.cards import (
    CardRow,
    CardSchema,
    CardSheet,
    Field,
    Need,
    load_card_sheet,
    require_params,
)

CARD_TYPES = (
    "rules",
    "country",
    "item",
    "passport",
    "event",
    "special",
    "forbidden",
    "postcard",
    "character",
)
EXPANSIONS = ("events", "special_items", "forbidden_items", "postcards", "characters")
"""The expansion modules, in the spec's order (spec.py declares each with its description;
tests/travel/test_spec_modules.py keeps the two the same): what `--modules all` switches on."""
MODULES = ("base", *EXPANSIONS)
TIMINGS = ("action", "any_time", "travel", "on_draw", "passive")

ITEMS_PER_COUNTRY = 3
"""The items a country requires (the sheet check below holds every country to it)."""

EVENT_EFFECTS: dict[str, dict[str, Need]] = {
    "airport_strike": {},
    "lost_luggage": {"keep": Need(0, why="the cards each player keeps")},
    "duty_free": {"cards": Need(1, why="the cards each player draws")},
    "customs_check": {
        "fine": Need(0, why="the random cards each confiscated forbidden item costs its holder")
    },
}
SPECIAL_EFFECTS: dict[str, dict[str, Need]] = {
    "mousetrap": {},
    "moms_credit_card": {
        "covers": Need(
            1,
            ITEMS_PER_COUNTRY,
            why=f"the missing items it stands for (a country needs {ITEMS_PER_COUNTRY})",
        )
    },
    "local_guide": {"look": Need(1, why="the top cards of the deck looked at")},
    "trading_post": {
        "max": Need(1, why="the other cards discarded at most"),
        "bonus": Need(0, why="the cards drawn beyond those discarded"),
    },
    "poorly_drawn_map": {},
    "lost_and_found": {"take": Need(1, why="the cards taken from the discard pile")},
    "pickpocket_kit": {"take": Need(1, why="the random cards taken from another hand")},
    "red_eye_flight": {"actions": Need(1, why="the extra actions this turn")},
    "diplomatic_pouch": {},
}
"""Per effect, the parameters it reads and their meaningful ranges (docs/data-format.md)."""
RULE_RANGES: dict[str, Need] = {
    "hand_limit": Need(
        ITEMS_PER_COUNTRY,
        why=f"the cards a hand keeps; travelling shows a country's {ITEMS_PER_COUNTRY} items "
        "(and a passport) at once",
    ),
    "empty_hand_draw": Need(0, why="the cards drawn by a player whose turn starts empty-handed"),
    "recycle_cost": Need(0, why="the cards discarded to recycle"),
    "steal_cost": Need(0, why="the cards discarded to steal"),
    "trade_bonus": Need(0, why="the cards the player who starts a trade draws"),
    "travel_draw": Need(0, why="the cards drawn after travelling"),
    "start_hand": Need(0, why="the items dealt to each hand at setup"),
    "postcards_to_win": Need(1, why="the postcards in hand that win at once"),
    "offers_per_turn": Need(0, why="the trade offers a turn allows (0: no trading)"),
    "needs_passport": Need(0, 1, why="1: travelling needs a passport in hand; 0: it does not"),
}
"""The rule numbers of the `rules` row (a `rule_override` character's too) and their ranges."""
RULE_PARAMS = tuple(RULE_RANGES)
WITHIN_HAND_LIMIT = (
    "empty_hand_draw",
    "recycle_cost",
    "steal_cost",
    "trade_bonus",
    "travel_draw",
    "start_hand",
)
"""Rule numbers at most `hand_limit`: cards drawn beyond it are discarded at once, and a cost
above it can never be paid from a hand."""
CHARACTER_EFFECTS: dict[str, dict[str, Need]] = {"smuggle": {}, "rule_override": RULE_RANGES}
MODULE_OF_TYPE = {
    "event": "events",
    "special": "special_items",
    "forbidden": "forbidden_items",
    "postcard": "postcards",
    "character": "characters",
}

DEFAULT_SHEET = Path(__file__).parent / "data" / "travel_cards.csv"


def param_ranges_of(row: CardRow) -> dict[str, Need]:
    """The parameters a row's card reads, with their ranges: the rules row's rule numbers,
    an effect's own numbers, none for any other card (the game's `GameSpec.param_ranges`)."""
    if row["type"] == "rules":
        return RULE_RANGES
    effects = {"event": EVENT_EFFECTS, "special": SPECIAL_EFFECTS}.get(row["type"])
    if row["type"] == "character":
        effects = CHARACTER_EFFECTS
    return (effects or {}).get(row["effect"], {})


def _check_params(sheet: CardSheet, row: CardRow, accepted: dict[str, Need]) -> None:
    """Every parameter of the row is one its card reads (a note belongs in provenance), and
    in its range."""
    for key, value in row["params"].items():
        if key not in accepted:
            close = difflib.get_close_matches(key, accepted, n=1, cutoff=0.6)
            hint = f"did you mean '{close[0]}'? " if close else ""
            reads = ", ".join(accepted) or "no parameter"
            raise sheet.error(
                row,
                "params",
                f"{row['name']}: unknown parameter '{key}' ({hint}its card reads {reads}; a "
                "note belongs in provenance)",
            )
        need = accepted[key]
        fault = need.fault(value)
        if fault is not None:
            raise sheet.error(
                row,
                "params",
                f"{row['name']}: {key}={value} {fault}: {key} is {need.why}; accepted: "
                f"{need.text()}",
            )


def _check_rules(sheet: CardSheet, row: CardRow, rules: dict[str, int], postcards: int) -> None:
    """The rule numbers a player plays by (the rules row's, or with a character's
    overrides) mean something together: draws and costs within the hand limit, a hand that
    can hold a travel's cards, no more postcards to win than the sheet has."""
    limit = rules["hand_limit"]
    whose = row["name"]
    for key in WITHIN_HAND_LIMIT:
        if rules[key] > limit:
            raise sheet.error(
                row,
                "params",
                f"{whose}: {key}={rules[key]} is above hand_limit={limit} (cards drawn beyond "
                f"it are discarded at once, a cost above it can never be paid); accepted: "
                f"{key} at most {limit}",
            )
    shown = ITEMS_PER_COUNTRY + rules["needs_passport"]
    if limit < shown:
        raise sheet.error(
            row,
            "params",
            f"{whose}: hand_limit={limit} is below the {shown} cards a travel shows at once "
            f"({ITEMS_PER_COUNTRY} items{' and a passport' if rules['needs_passport'] else ''}, "
            f"needs_passport={rules['needs_passport']}); accepted: hand_limit at least {shown}",
        )
    if postcards and rules["postcards_to_win"] > postcards:
        raise sheet.error(
            row,
            "params",
            f"{whose}: postcards_to_win={rules['postcards_to_win']} is above the {postcards} "
            f"postcards of the sheet (no one could ever win by them); accepted: "
            f"postcards_to_win at most {postcards}",
        )


def _check(sheet: CardSheet) -> None:
    items = {r["name"]: r for r in sheet.rows if r["type"] == "item"}
    rules_rows = [r for r in sheet.rows if r["type"] == "rules"]
    if len(rules_rows) != 1:
        where = rules_rows[1] if rules_rows else sheet.rows[0]
        raise sheet.error(
            where, "type", f"the sheet needs exactly one 'rules' row, found {len(rules_rows)}"
        )
    require_params(sheet, rules_rows[0], RULE_PARAMS)
    counts = {t: 0 for t in CARD_TYPES}
    for row in sheet.rows:
        kind = row["type"]
        counts[kind] += 1
        expected_module = MODULE_OF_TYPE.get(kind, "base")
        if row["module"] != expected_module:
            raise sheet.error(row, "module", f"a {kind} card belongs to module '{expected_module}'")
        if kind == "country":
            req = row["requires"]
            if len(req) != ITEMS_PER_COUNTRY or len(set(req)) != ITEMS_PER_COUNTRY:
                raise sheet.error(
                    row,
                    "requires",
                    f"a country needs exactly {ITEMS_PER_COUNTRY} different item names, "
                    "separated by |",
                )
            for name in req:
                if name not in items:
                    raise sheet.error(
                        row, "requires", f"'{name}' is not the name of an item card in this sheet"
                    )
            for coord in ("lat", "lon"):
                if row[coord] is None:
                    raise sheet.error(
                        row,
                        coord,
                        "a country needs coordinates (first player is the closest country)",
                    )
        elif row["requires"]:
            raise sheet.error(
                row, "requires", f"only a country requires items: a {kind} card leaves it empty"
            )
        effects: dict[str, dict[str, Need]] | None = {
            "event": EVENT_EFFECTS,
            "special": SPECIAL_EFFECTS,
            "character": CHARACTER_EFFECTS,
        }.get(kind)
        if effects is not None:
            effect = row["effect"]
            if effect not in effects:
                raise sheet.error(row, "effect", f"'{effect}' is not one of: {', '.join(effects)}")
            if effect != "rule_override":  # an override names only the rules it changes
                require_params(sheet, row, tuple(effects[effect]))
        _check_params(sheet, row, param_ranges_of(row))
    if counts["country"] < 3:
        raise sheet.error(sheet.rows[-1], "type", "the sheet needs at least 3 countries")
    if counts["passport"] < 2:
        raise sheet.error(sheet.rows[-1], "type", "the sheet needs at least 2 passports")
    base = dict(rules_rows[0]["params"])
    _check_rules(sheet, rules_rows[0], base, counts["postcard"])
    for row in sheet.rows:
        if row["type"] == "character" and row["effect"] == "rule_override":
            _check_rules(sheet, row, {**base, **row["params"]}, counts["postcard"])


SCHEMA = CardSchema(
    fields=(
        Field("id", "int", doc="unique whole number; the id used in every dataset"),
        Field("type", "choice", choices=CARD_TYPES, doc="what kind of card"),
        Field("name", "str", doc="the printed name"),
        Field(
            "module", "choice", choices=MODULES, doc="base, or the expansion the card comes with"
        ),
        Field(
            "requires", "names", required=False, doc="countries: the 3 item names, separated by |"
        ),
        Field("lat", "float", required=False, doc="countries: latitude of the capital"),
        Field("lon", "float", required=False, doc="countries: longitude of the capital"),
        Field(
            "effect",
            "str",
            required=False,
            doc="events, special items, characters: the implemented effect",
        ),
        Field("timing", "choice", required=False, choices=TIMINGS, doc="when the effect is used"),
        Field(
            "params", "params", required=False, doc="the numbers of the effect, key=value;key=value"
        ),
        Field(
            "suit",
            "str",
            required=False,
            doc="the standard playing-card suit printed in the corner",
        ),
        Field(
            "rank",
            "str",
            required=False,
            doc="the standard playing-card rank printed in the corner",
        ),
        Field("text", "str", required=False, doc="the card's text as a designer would print it"),
        Field("provenance", "str", doc="rulebook (with section), inferred: reason, or assumed"),
    ),
    check=_check,
)


def load_travel_sheet(path: str | Path | None = None) -> CardSheet:
    return load_card_sheet(path or DEFAULT_SHEET, SCHEMA)


@dataclass(frozen=True)
class TravelCards:
    """The compiled card sheet: per-card tuples indexed by the card's row position."""

    ids: tuple[int, ...]
    names: tuple[str, ...]
    kind_of: tuple[int, ...]
    """Cards with the same name are copies of one kind (two Cameras, twelve Passports)."""
    kind_names: tuple[str, ...]
    types: tuple[str, ...]
    modules: tuple[str, ...]
    effects: tuple[str | None, ...]
    params: tuple[dict[str, Any], ...]
    requires: tuple[tuple[int, ...], ...]
    """Countries: the kinds of item needed; other cards: ()."""
    coords: tuple[tuple[float, float] | None, ...]
    rules: dict[str, int]
    countries: tuple[int, ...]
    items: tuple[int, ...]
    passports: tuple[int, ...]
    characters: tuple[int, ...]
    by_module: dict[str, tuple[int, ...]]

    @classmethod
    def compile(cls, sheet: CardSheet) -> TravelCards:
        rows = sheet.rows
        kind_names: list[str] = []
        kind_index: dict[tuple[str, str], int] = {}
        kind_of = []
        for r in rows:
            key = (r["type"], r["name"])
            if key not in kind_index:
                kind_index[key] = len(kind_names)
                kind_names.append(r["name"])
            kind_of.append(kind_index[key])
        types = tuple(r["type"] for r in rows)

        def of(kind: str) -> tuple[int, ...]:
            return tuple(i for i, t in enumerate(types) if t == kind)

        by_module: dict[str, tuple[int, ...]] = {}
        for kind, module in MODULE_OF_TYPE.items():
            by_module[module] = of(kind)
        rules_row = next(r for r in rows if r["type"] == "rules")
        return cls(
            ids=tuple(r["id"] for r in rows),
            names=tuple(r["name"] for r in rows),
            kind_of=tuple(kind_of),
            kind_names=tuple(kind_names),
            types=types,
            modules=tuple(r["module"] for r in rows),
            effects=tuple(r["effect"] for r in rows),
            params=tuple(dict(r["params"]) for r in rows),
            requires=tuple(tuple(kind_index[("item", n)] for n in r["requires"]) for r in rows),
            coords=tuple((r["lat"], r["lon"]) if r["lat"] is not None else None for r in rows),
            rules={k: int(v) for k, v in rules_row["params"].items()},
            countries=of("country"),
            items=of("item"),
            passports=of("passport"),
            characters=of("character"),
            by_module=by_module,
        )
