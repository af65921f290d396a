"""The travel game's card sheet: its schema, its cross-row checks, and the compiled tables.

Cards are small ints (their row position); every attribute lives in a tuple indexed by
that int, so the rules never look a card up by name on the hot path.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from simulator.core.cards import CardSchema, CardSheet, Field, load_card_sheet, require_params

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

EVENT_EFFECTS: dict[str, tuple[str, ...]] = {
    "airport_strike": (),
    "lost_luggage": ("keep",),
    "duty_free": ("cards",),
    "customs_check": ("fine",),
}
SPECIAL_EFFECTS: dict[str, tuple[str, ...]] = {
    "mousetrap": (),
    "moms_credit_card": ("covers",),
    "local_guide": ("look",),
    "trading_post": ("max", "bonus"),
    "poorly_drawn_map": (),
    "lost_and_found": ("take",),
    "pickpocket_kit": ("take",),
    "red_eye_flight": ("actions",),
    "diplomatic_pouch": (),
}
CHARACTER_EFFECTS: dict[str, tuple[str, ...]] = {"smuggle": (), "rule_override": ()}
RULE_PARAMS = (
    "hand_limit",
    "empty_hand_draw",
    "recycle_cost",
    "steal_cost",
    "trade_bonus",
    "travel_draw",
    "start_hand",
    "postcards_to_win",
    "offers_per_turn",
    "needs_passport",
)
MODULE_OF_TYPE = {
    "event": "events",
    "special": "special_items",
    "forbidden": "forbidden_items",
    "postcard": "postcards",
    "character": "characters",
}

DEFAULT_SHEET = Path(__file__).parent / "data" / "travel_cards.csv"


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
            if len(req) != 3 or len(set(req)) != 3:
                raise sheet.error(
                    row,
                    "requires",
                    "a country needs exactly 3 different item names, separated by |",
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
        effects: dict[str, tuple[str, ...]] | None = {
            "event": EVENT_EFFECTS,
            "special": SPECIAL_EFFECTS,
            "character": CHARACTER_EFFECTS,
        }.get(kind)
        if effects is not None:
            effect = row["effect"]
            if effect not in effects:
                raise sheet.error(row, "effect", f"'{effect}' is not one of: {', '.join(effects)}")
            require_params(sheet, row, effects[effect])
            if effect == "rule_override":
                for key in row["params"]:
                    if key not in RULE_PARAMS:
                        raise sheet.error(
                            row,
                            "params",
                            f"'{key}' is not a rule parameter; accepted: {', '.join(RULE_PARAMS)}",
                        )
    if counts["country"] < 3:
        raise sheet.error(sheet.rows[-1], "type", "the sheet needs at least 3 countries")
    if counts["passport"] < 2:
        raise sheet.error(sheet.rows[-1], "type", "the sheet needs at least 2 passports")


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
