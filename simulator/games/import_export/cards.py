"""The Import/Export card sheet: schema, strict checks, and the compiled card tables.

One row per contract name (180 for 170 physical cards: each Flag card prints two contracts).
Cards in play are physical cards (small ints); a card's attributes are read from its
contract rows. Colours are small ints; `ANY` marks a rainbow (multicolour) slot.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from simulator.core.cards import CardSchema, CardSheet, Field

COLORS = ("green", "yellow", "black", "blue", "red", "grey")
# Final: the compiled build reads these as constants, not from the module's dictionary
GREEN: Final = 0
YELLOW: Final = 1
BLACK: Final = 2
BLUE: Final = 3
RED: Final = 4
GREY: Final = 5
ANY: Final = 6
"""A rainbow cargo slot (any colour), or a Capital level counted over all goods."""
PAIRED: Final = 7
"""A ship's container colour: the card rides with the container before it, the two loaded
as one (Robo-Cats); it fills no need and takes no room, but counts for the payout."""
GOOD_COLORS: Final = (GREEN, YELLOW, BLACK, BLUE, RED)
"""The five good types a player scores and collects for the set (tech, agriculture,
consumer, luxury, illegal): grey Capital goods count as another type (IE-CAP-3)."""
GOOD_TYPES = ("tech", "agriculture", "consumer", "luxury", "illegal", "capital")
ACTIONS = ("supply", "import", "contract", "load", "pirate", "barter")
SUPPLY: Final = 0
IMPORT: Final = 1
CONTRACT: Final = 2
LOAD: Final = 3
PIRATE: Final = 4
BARTER: Final = 5
SETS = ("base", "capital", "tokyo", "kickstarter", "kickstarter2", "j", "flag")
SET_SIZES = {
    "base": 100,
    "capital": 15,
    "tokyo": 10,
    "kickstarter": 15,
    "kickstarter2": 10,
    "j": 10,
    "flag": 10,
}
TIMINGS = ("immediate", "any_time", "ongoing", "end_game")
DEFAULT_SHEET = Path(__file__).parent / "data" / "import_export_cards.csv"


def parse_pips(text: str) -> dict[int, int]:
    """`green:1+blue:1` or `any:3` -> {colour index (ANY=6): count}."""
    pips: dict[int, int] = {}
    if not text.strip():
        return pips
    for part in text.split("+"):
        if ":" not in part:
            raise ValueError(f"'{part}' is not colour:count (e.g. yellow:2, any:3)")
        color, count = (s.strip() for s in part.split(":", 1))
        names = COLORS + ("any",)
        if color not in names:
            raise ValueError(f"'{color}' is not one of: {', '.join(names)}")
        try:
            n = int(count)
        except ValueError:
            raise ValueError(f"'{count}' is not a whole number") from None
        if n < 0:
            raise ValueError(f"'{count}' is negative")
        index = names.index(color)
        if index in pips:
            raise ValueError(f"colour '{color}' is given twice")
        pips[index] = n
    return pips


def _check(sheet: CardSheet) -> None:
    by_card: dict[int, list[Any]] = {}
    names: dict[str, int] = {}
    for row in sheet.rows:
        for column, limit in (("level", 9), ("cargo", 6)):
            try:
                pips = parse_pips(row[column] or "")
            except ValueError as exc:
                raise sheet.error(row, column, str(exc)) from None
            if sum(pips.values()) > limit:
                raise sheet.error(row, column, f"totals {sum(pips.values())}, more than {limit}")
            row.values[f"_{column}"] = pips
        if not row.values["_cargo"]:
            raise sheet.error(row, "cargo", "a contract needs at least one container")
        if ANY in row.values["_level"] and len(row.values["_level"]) > 1:
            raise sheet.error(
                row, "level", "'any' (counted over all goods) cannot be mixed with colours"
            )
        if row["name"] in names:
            raise sheet.error(row, "name", f"name used twice (line {names[row['name']]})")
        names[row["name"]] = row.line
        by_card.setdefault(row["card"], []).append(row)
    for rows in by_card.values():
        first = rows[0]
        if len(rows) > 2:
            raise sheet.error(rows[2], "card", "a physical card has at most two contracts")
        sides = sorted(r["side"] or "" for r in rows)
        if len(rows) == 2 and sides != ["a", "b"]:
            raise sheet.error(rows[1], "side", "the two contracts of one card are sides a and b")
        if len(rows) == 1 and sides != [""]:
            raise sheet.error(first, "side", "a card with one contract has no side")
        for r in rows[1:]:
            for column in ("set", "action"):
                if r[column] != first[column]:
                    raise sheet.error(r, column, f"differs from the other side (line {first.line})")


COLUMNS = CardSchema(
    fields=(
        Field("id", "int", doc="unique contract id, used in every dataset"),
        Field("card", "int", doc="physical card number; the two contracts of a Flag card share it"),
        Field("name", "str", doc="contract name as printed"),
        Field("set", "choice", choices=SETS, doc="base or the expansion"),
        Field(
            "side", "choice", required=False, choices=("a", "b"), doc="Flag cards: which contract"
        ),
        Field(
            "color", "choice", choices=COLORS, doc="good type: green tech, yellow agriculture, ..."
        ),
        Field("action", "choice", choices=ACTIONS, doc="the action symbol on the left"),
        Field("level", "str", required=False, doc="level requirement, colour:count joined by +"),
        Field("cargo", "str", doc="containers needed, colour:count joined by +; any = rainbow"),
        Field("timing", "choice", choices=TIMINGS, doc="when the power works"),
        Field("params", "params", required=False, doc="the power's numbers, key=value;..."),
        Field("power", "str", doc="the power text"),
        Field("provenance", "str", doc="rulebook / inferred / assumed, per attribute"),
    ),
    check=_check,
)
"""The sheet's columns and its rows' own consistency; sheet_checks.SCHEMA adds the checks of
each row against its power, and is what the game loads sheets with."""


@dataclass(frozen=True)
class Contract:
    """One contract row, compiled."""

    id: int
    name: str
    color: int
    level: dict[int, int]
    cargo: dict[int, int]
    cargo_total: int
    timing: str
    params: dict[str, Any]


@dataclass(frozen=True)
class IECards:
    """Physical cards (ints 0..N-1) with their contracts and attributes."""

    names: tuple[str, ...]
    sets: tuple[str, ...]
    actions: tuple[int, ...]
    colors: tuple[tuple[int, ...], ...]
    """The container colours a card can count as (two for a Flag card)."""
    contracts: tuple[tuple[Contract, ...], ...]
    ids: tuple[tuple[int, ...], ...]
    contract_by_id: dict[int, Contract]
    card_of_contract: dict[int, int]

    def copy(self) -> IECards:
        """The same tables with dicts of their own (the views' copy: a bot that wrote into
        the rules' own would change its worker's later games). Written out, not deepcopy:
        a factorial ablation builds a game, and so a copy, for almost every game."""
        by_id = {
            cid: Contract(
                c.id,
                c.name,
                c.color,
                dict(c.level),
                dict(c.cargo),
                c.cargo_total,
                c.timing,
                dict(c.params),
            )
            for cid, c in self.contract_by_id.items()
        }
        return IECards(
            self.names,
            self.sets,
            self.actions,
            self.colors,
            tuple(tuple(by_id[c.id] for c in side) for side in self.contracts),
            self.ids,
            by_id,
            dict(self.card_of_contract),
        )

    @classmethod
    def compile(cls, sheet: CardSheet, sets: tuple[str, ...]) -> IECards:
        by_card: dict[int, list[Any]] = {}
        for row in sheet.rows:
            if row["set"] in sets:
                by_card.setdefault(row["card"], []).append(row)
        names, set_names, actions, colors, contracts, ids = [], [], [], [], [], []
        contract_by_id: dict[int, Contract] = {}
        card_of_contract: dict[int, int] = {}
        for index, card in enumerate(sorted(by_card)):
            rows = sorted(by_card[card], key=lambda r: r["side"] or "")
            compiled = tuple(
                Contract(
                    id=r["id"],
                    name=r["name"],
                    color=COLORS.index(r["color"]),
                    level=dict(r.values["_level"]),
                    cargo=dict(r.values["_cargo"]),
                    cargo_total=sum(r.values["_cargo"].values()),
                    timing=r["timing"],
                    params=dict(r["params"]),
                )
                for r in rows
            )
            names.append(" / ".join(c.name for c in compiled))
            set_names.append(rows[0]["set"])
            actions.append(ACTIONS.index(rows[0]["action"]))
            colors.append(tuple(c.color for c in compiled))
            contracts.append(compiled)
            ids.append(tuple(c.id for c in compiled))
            for c in compiled:
                contract_by_id[c.id] = c
                card_of_contract[c.id] = index
        return cls(
            names=tuple(names),
            sets=tuple(set_names),
            actions=tuple(actions),
            colors=tuple(colors),
            contracts=tuple(contracts),
            ids=tuple(ids),
            contract_by_id=contract_by_id,
            card_of_contract=card_of_contract,
        )

    def __len__(self) -> int:
        return len(self.names)
