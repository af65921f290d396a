"""Base-set powers that change a rule for their owner. Each sets one of the owner's rule
modifiers (state.IEState.mods) when fulfilled; the engine reads it where the rule lives
(rules.py: draw-up, end threshold, capacity and payouts, import compensation and take,
wild containers, rainbow contracts, virtual crew). Numbers come from `contract.params`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from simulator.core.cards import Need
from simulator.core.protocol import Flow
from simulator.games.import_export.cards import BLACK, BLUE, GREEN, RED, YELLOW, Contract
from simulator.games.import_export.decisions import KINDS
from simulator.games.import_export.powers.common import add_to_mod, set_mod
from simulator.games.import_export.powers.framework import Reach, Restated, power
from simulator.games.import_export.powers.numbers import COUNT, GROUP, LIMIT, PAY, TIMES
from simulator.games.import_export.sheet_rows import (
    SheetCards,
    SheetProblem,
    number,
)
from simulator.games.import_export.state import IEState

if TYPE_CHECKING:
    from simulator.games.import_export.game_api import GameAPI


@power(
    "MRI Machine",
    on_fulfil=True,
    params={"threshold": LIMIT},
    restates={
        "base_threshold": Restated(
            "the end-of-game credits the power replaces (BaseRules.end_credits)", rule="end_credits"
        )
    },
)
def mri_machine(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """The credit end condition becomes `threshold` instead of 50, for every player: the
    text changes the condition, not the owner's (IE-POWER-23)."""
    for q in range(s.n):
        set_mod(s, q, "end_credits", contract.params["threshold"])
    return
    yield


def tablets_capacity(sc: SheetCards) -> list[SheetProblem]:
    """Tablets' `capacity` reaches its top payout band.

    The power pays `pay_8_9` for 8-9 containers and `pay_10` for 10 (the engine's bands are at
    8 and 10); with a capacity under 10 a ship can never carry 10 and `pay_10` is a number
    the game can never pay (under 8, neither band)."""
    tablets = sc.contract("Tablets")
    if tablets is None:
        return []
    capacity = number(tablets.params, "capacity")
    if capacity is None or capacity >= 10:
        return []
    return [
        sc.problem(
            "tablets_capacity",
            "Tablets",
            "params",
            "is below the 10 containers its power pays pay_10 for: that band can never be reached",
            "capacity at least 10",
            f"capacity={capacity}",
        )
    ]


@power(
    "Tablets",
    on_fulfil=True,
    params={"capacity": LIMIT, "pay_8_9": PAY, "pay_10": PAY},
    checks=(tablets_capacity,),
)
def tablets(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Ships carry up to `capacity`; 8-9 containers pay `pay_8_9`, 10 pay `pay_10`."""
    p = contract.params
    set_mod(s, owner, "capacity", p["capacity"])
    set_mod(s, owner, "pay_bands", ((10, p["pay_10"]), (8, p["pay_8_9"])))
    return
    yield


@power("Tablets", on_lose=True)
def tablets_lost(game: GameAPI, s: IEState, owner: int, contract: Contract) -> None:
    """Taken away (Stolen Documents: IE-POWER-51): the usual capacity and payouts again."""
    s.mods[owner].pop("capacity", None)
    s.mods[owner].pop("pay_bands", None)


def _colour_rule(name: str, key: str, color: int) -> None:
    """Register a power adding `color` to one of its owner's colour-set modifiers, and
    taking it away if the card is taken from him (Stolen Documents: IE-POWER-51)."""

    def grant(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
        add_to_mod(s, owner, key, color)
        return
        yield

    def lose(game: GameAPI, s: IEState, owner: int, contract: Contract) -> None:
        s.mods[owner][key] = frozenset(s.mods[owner].get(key, frozenset())) - {color}

    power(name, on_fulfil=True)(grant)
    power(name, on_lose=True)(lose)


# Containers of a colour become wild on the owner's ships, loaded or pirated (IE-POWER-7).
_colour_rule("Big Cats", "wild_colors", RED)
_colour_rule("Impalas", "wild_colors", BLUE)
_colour_rule("Soap", "wild_colors", BLACK)
_colour_rule("Televisions", "wild_colors", GREEN)
_colour_rule("Wheat", "wild_colors", YELLOW)

# The owner's contracts of a colour take any container: a rainbow requirement (FAQ:
# IE-POWER-8).
_colour_rule("Candy", "rainbow_colors", BLACK)
_colour_rule("Coffee", "rainbow_colors", YELLOW)
_colour_rule("Generators", "rainbow_colors", GREEN)
_colour_rule("Seeds", "rainbow_colors", RED)


@power(
    "Tortillas",
    any_cargo=True,
    own_level="'You must still meet the Level Requirement to place Tortillas'",
)
def tortillas(*_: object) -> None:
    """Tortillas takes containers of any colour while it is a contract (IE-POWER-24)."""


@power(
    "Fake DVDs",
    on_fulfil=True,
    params={
        "threshold": Need(1, why="credits paid at once (a payment is at least 1 credit)"),
        "payment": PAY,
    },
)
def fake_dvds(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Another player paying `threshold`+ credits at once pays the owner `payment` from the
    bank (IE-POWER-33)."""
    p = contract.params
    set_mod(s, owner, "spend_watch", (p["threshold"], p["payment"]))
    return
    yield


def _modifier(name: str, key: str, param: str | None, doc: str, **declared: Any) -> None:
    """Register a power that sets one rule modifier of its owner when fulfilled: the card's
    `param` number, or True for a switch. `declared`: the card's declaration
    (framework.power's `params=`, `asks=`, ...)."""

    def apply(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
        set_mod(s, owner, key, contract.params[param] if param else True)
        return
        yield

    def lose(game: GameAPI, s: IEState, owner: int, contract: Contract) -> None:
        s.mods[owner].pop(key, None)  # the card taken away (IE-POWER-51)

    apply.__doc__ = doc
    power(name, on_fulfil=True, **declared)(apply)
    power(name, on_lose=True)(lose)


# Each of these cards changes one rule of its owner: (card, modifier, parameter or None,
# what it does), and the rest of its declaration.
_modifier(
    "Mineral Fuels",
    "draw_to",
    "hand_size",
    "Draw up to `hand_size` instead of the rulebook's five.",
    params={"hand_size": LIMIT},
    restates={
        "base_hand_size": Restated(
            "the hand size the power replaces (BaseRules.draw_to)", rule="draw_to"
        )
    },
)
_modifier(
    "Can Openers",
    "no_credit_end",
    None,
    "The owner no longer triggers the end by credits (IE-POWER-23).",
    restates={
        "credit_threshold": Restated(
            "the credits that end the game (BaseRules.end_credits), which the power switches "
            "off for its owner",
            rule="end_credits",
        )
    },
)
_modifier(
    "Pants",
    "owner_compensation",
    "payment",
    "Another player importing from the owner's ship pays him `payment` instead of 2.",
    params={"payment": PAY},
    restates={
        "base_payment": Restated(
            "what an importer pays a ship's owner without the power (BaseRules.owner_compensation)",
            rule="owner_compensation",
        )
    },
)
SHAMPOO_TAKE = KINDS.declare(
    "shampoo_take",
    "With Shampoo: take one more card of the ship, or stop (context: cargo).",
)
_modifier(
    "Shampoo",
    "import_take",
    "containers",
    "Importing, one may take `containers` cards instead of 2 (FAQ: IE-POWER-11).",
    params={"containers": COUNT},
    restates={
        "base_containers": Restated(
            "the containers an import takes without the power (the engine's 2)", value=2
        )
    },
    asks=(SHAMPOO_TAKE,),
)
_modifier(
    "Fridges",
    "virtual_load_per_tech",
    "tech_goods_per_action",
    "Every `tech_goods_per_action` tech goods act as one Load crew card, outside "
    "the crew limit (FAQ: IE-POWER-9).",
    params={"tech_goods_per_action": GROUP},
    reaches={"tech_goods_per_action": Reach((GREEN,))},
)
_modifier(
    "Cannons",
    "shared_pirate_crew",
    None,
    "Pirate cards in the others' crews count as the owner's crew too, outside his "
    "crew limit (FAQ: IE-POWER-10).",
)
SMART_CARS_USE = KINDS.declare(
    "smart_cars_use",
    "Smart Cars: this Load as usual, or a hand card to the island for credits.",
)
_modifier(
    "Smart Cars",
    "load_to_island",
    "payment",
    "A Load may instead put any hand card on the island for `payment`, once a turn "
    "(`uses_per_turn`, which the engine applies as one; IE-POWER-52).",
    params={"payment": PAY},
    restates={"uses_per_turn": Restated("its uses a turn (the engine allows one)", value=1)},
    asks=(SMART_CARS_USE,),
)
CELL_PHONES_USE = KINDS.declare(
    "cell_phones_use",
    "Cell Phones: load from the hand, or draw the deck's top card.",
)
CELL_PHONES_LOAD = KINDS.declare(
    "cell_phones_load",
    "Cell Phones: where the drawn card is loaded (context: the card).",
)
_modifier(
    "Cell Phones",
    "load_draw",
    "cards",
    "A Load may instead draw the top card (`cards`), loaded if it can be, else kept"
    " (FAQ: IE-POWER-34).",
    params={"cards": COUNT},
    asks=(CELL_PHONES_USE, CELL_PHONES_LOAD),
)
STEM_CELLS_USE = KINDS.declare(
    "stem_cells_use",
    "Stem Cells: the plundered card to the goods, or pass (context: card).",
)
_modifier(
    "Stem Cells",
    "plunder_to_goods_cost",
    "cost",
    "A plundered container may go to the goods for `cost` (IE-POWER-35).",
    params={"cost": PAY},
    asks=(STEM_CELLS_USE,),
)
_modifier(
    "Exotic Fish",
    "win_credit_multiplier",
    "credit_multiplier",
    "`credit_multiplier` times every other player's credits and the most goods win "
    "the game (checked at the end of each turn: IE-POWER-32).",
    params={"credit_multiplier": Need(1, whole=False, why=TIMES.why)},
)
MACHINE_ARMS_LOAD = KINDS.declare(
    "machine_arms_load",
    "Machine Arms: load one more hand card, or stop (IE-POWER-41).",
)
_modifier(
    "Machine Arms",
    "load_unlimited",
    None,
    "Leading a Load, the owner may load as many hand cards as he wants and can (IE-POWER-41).",
    asks=(MACHINE_ARMS_LOAD,),
)
DARK_FLIGHT_SOURCE = KINDS.declare(
    "dark_flight_source",
    "Dark Flight: the import round on a ship, or on the island.",
)
DARK_FLIGHT_BID = KINDS.declare(
    "dark_flight_bid",
    "Dark Flight: a bid for the island's cards (context: the leader).",
)
_modifier(
    "Dark Flight",
    "import_from_island",
    None,
    "Choosing the ship of an import round, the owner may choose the supply island; "
    "its winning bid is paid to him, even his own (rules._import_island; IE-POWER-46).",
    asks=(DARK_FLIGHT_SOURCE, DARK_FLIGHT_BID),
)
_modifier(
    "Mini Van",
    "pirate_anywhere",
    None,
    "The owner's Pirate actions may also take a container of another player's ship at "
    "port, the deck's top card or a random card of another player's hand; unloaded, "
    "it is discarded (rules.pirate; IE-POWER-47).",
)
PREFAB_HOME_COMPLETE = KINDS.declare(
    "prefab_home_complete",
    "Prefab Home: complete the ship now, or wait (context: the ship).",
)
_modifier(
    "Prefab Home",
    "luxury_cargo_fraction",
    "cargo_fraction",
    "The owner's luxury contracts may complete with `cargo_fraction` of their "
    "containers, rounded up, of the cargo colours of his choice "
    "(rules._luxury_share_met; IE-POWER-50); with the Market every container "
    "loaded toward it adds its marker (variants.filling; IE-VAR-14).",
    params={
        "cargo_fraction": Need(
            0,
            1,
            whole=False,
            above=True,
            why="the share of a luxury contract's containers that completes it",
        )
    },
    asks=(PREFAB_HOME_COMPLETE,),
)
