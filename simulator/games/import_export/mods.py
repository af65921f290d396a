"""Rule modifiers: the per-player settings that card powers change (`IEState.mods[p]`).

A power changes a rule for its owner by setting a key of his modifiers when it is fulfilled
(and removing it if the card leaves him); the rules read the key where the rule lives. Every
key is declared here once, with what it means, which powers set it and which modules read
it, so `grep` finds both ends, and setting an undeclared key is an error (`Mods`). Values are
immutable (numbers, tuples, frozensets), so a state copy can share them.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Mod(NamedTuple):
    """One rule modifier."""

    meaning: str
    set_by: str
    """The powers (card names) or rules that set it."""
    read_in: str
    """The modules that read it."""


MODS: dict[str, Mod] = {
    # ------------------------------------------------------------------ base set
    "draw_to": Mod("hand size a Draw action fills up to", "Mineral Fuels", "game_base"),
    "end_credits": Mod("credits that trigger the end", "MRI Machine (every player)", "game_base"),
    "no_credit_end": Mod("the owner never triggers the end by credits", "Can Openers", "game_base"),
    "capacity": Mod("containers a ship of the owner carries", "Tablets", "game_base"),
    "pay_bands": Mod(
        "(containers, payment) bands beyond the rulebook's payouts", "Tablets", "game_base"
    ),
    "owner_compensation": Mod(
        "what another player importing from the owner's ship pays him", "Pants", "game_base, j"
    ),
    "import_take": Mod("cards an import round may take", "Shampoo", "auctions"),
    "wild_colors": Mod(
        "container colours wild on the owner's ships",
        "Big Cats, Impalas, Soap, Televisions, Wheat",
        "cargo",
    ),
    "rainbow_colors": Mod(
        "contract colours whose cargo takes any container",
        "Candy, Coffee, Generators, Seeds",
        "cargo, variants",
    ),
    "virtual_load_per_tech": Mod("tech goods per virtual Load crew card", "Fridges", "limits"),
    "shared_pirate_crew": Mod("the others' Pirate crew counts as the owner's", "Cannons", "limits"),
    "load_to_island": Mod(
        "a Load may put a hand card on the island for this payment", "Smart Cars", "actions"
    ),
    "load_to_island_turn": Mod(
        "the turn Smart Cars was last used (once a turn)", "actions", "actions"
    ),
    "load_draw": Mod("a Load may load the deck's top card instead", "Cell Phones", "actions"),
    "plunder_to_goods_cost": Mod(
        "what moving a plundered container to the goods costs", "Stem Cells", "plunder"
    ),
    "win_credit_multiplier": Mod(
        "credits over every other player's, times this, win the game", "Exotic Fish", "turn"
    ),
    "load_unlimited": Mod(
        "leading a Load, load as many hand cards as wanted", "Machine Arms", "actions"
    ),
    "import_from_island": Mod(
        "an import round may be held on the supply island", "Dark Flight", "auctions"
    ),
    "pirate_anywhere": Mod(
        "Pirate may also take from ports, the deck's top, a hand", "Mini Van", "plunder"
    ),
    "luxury_cargo_fraction": Mod(
        "share of a luxury contract's containers that completes it", "Prefab Home", "fulfilment"
    ),
    "spend_watch": Mod(
        "(amount, reward): paid when another player spends at least the amount",
        "Fake DVDs",
        "game_base",
    ),
    "extra_turns": Mod("turns the owner plays again after his own", "Pirates, turn", "turn"),
    "batteries": Mod("(turn, uses): Batteries used this turn", "Batteries", "base_ongoing"),
    "contraband": Mod("(turn, uses): Contraband used this turn", "Contraband", "base_ongoing"),
    "helicopter_credits": Mod("credits Helicopter adds at scoring", "Helicopter", "base_ongoing"),
    "poison_bottles": Mod(
        "(turn, players): who has paid Poison Bottles this turn", "Poison Bottles", "base_ongoing"
    ),
    "shotguns": Mod(
        "(turn, players): who Shotguns may still charge this turn", "Shotguns", "base_ongoing"
    ),
    "drew_cards": Mod(
        "a draw to tell the powers at the next event", "powers (note_draw)", "powers"
    ),
    "copied_powers": Mod(
        "end-game powers copied (Wind Turbines)", "Wind Turbines", "powers, kickstarter"
    ),
    # ------------------------------------------------------------------ Kickstarter
    "no_crew_limit": Mod(
        "(contract, goods per type): no crew limit while it holds", "Board Games", "limits"
    ),
    "counted_goods": Mod(
        "(contract, colours): goods a completed contract counts as", "Joe Wiggins", "limits"
    ),
    # ------------------------------------------------------------------ Kickstarter 2
    "follow_any_card": Mod("any hand card may follow", "3D Printers", "turn, kickstarter2"),
    "follow_as": Mod(
        "(led, performed, played) ways to follow with another type", "Neural Units", "turn"
    ),
    "sea_return_at": Mod(
        "containers left at which a ship at sea comes home", "Aeroponics", "ships, fulfilment"
    ),
    # ------------------------------------------------------------------ J
    "card_also": Mod(
        "(card action, action) pairs: a card counts as another action",
        "Chopsticks, Rice Cookers",
        "limits, turn",
    ),
    "wins_ties": Mod("the owner wins every tie", "Foxes", "game_base, j"),
    "pair_load": Mod(
        "(colour, cards): cards of one type load as one container", "Robo-Cats", "actions"
    ),
    "pair_held": Mod(
        "(type, cards) plundered and kept for a pair this turn", "plunder", "plunder, turn"
    ),
    # ------------------------------------------------------------------ Flag
    "pirate_ban": Mod("no Pirate action until the owner's next turn", "Surströmming", "turn"),
    "deck_face_up": Mod("the deck's top card is shown", "Yerba Mate", "view"),
    "contracts_unlimited": Mod(
        "a Contract action may place more contracts", "Jasmine Tea", "actions"
    ),
    "level_per_tech_good": Mod(
        "levels each tech (or grey) good counts for", "Volkswagen", "limits"
    ),
    "luxury_pair": Mod(
        "(per, counts): luxury goods counting less toward the goods limit", "Scotch", "limits"
    ),
    "crew_as": Mod(
        "(card, action) pairs: a crew card counts as another action",
        "Unpasteurized Cheese",
        "limits",
    ),
    "no_plunder": Mod("the owner's ships cannot be plundered", "Water Notepad", "plunder"),
    # ------------------------------------------------------------------ Capital
    "held_cards": Mod(
        "cards a power keeps aside (conserved by the invariant check)",
        "Diesel Engine, Yen, plunder, ships",
        "powers, ships",
    ),
    "single_use_ships": Mod(
        "(ship index, card): ships discarded when they come home", "Diesel Engine", "ships"
    ),
    "retired_ships": Mod("ships out of play", "ships", "ships"),
    "super_ships": Mod(
        "(ship, joined ship, contract, payout multiplier, compensation) records",
        "Partnership",
        "cargo, ships",
    ),
    "homing_cards": Mod("cards whose ship comes home when only they are left", "GPS", "ships"),
    "first_contract_cut": Mod(
        "(ship index, containers) less on a ship's first contract", "Yen", "cargo"
    ),
    "virtual_crew": Mod("(turn, count) crew spent this turn", "US Dollars", "limits"),
    # ------------------------------------------------------------------ Tokyo
    "tuck_elsewhere": Mod(
        "contract colours placed in crew or goods when completed", "Hentai Manga", "fulfilment"
    ),
    "lead_draw_credits": Mod("a leader's Draw may take credits instead", "Jidohanbaiki", "turn"),
    "port_contract_free": Mod(
        "Tokyo Port (or island) contracts cost nothing", "Toto Toilets", "tokyo_port, actions"
    ),
}
"""Every rule modifier key, declared once."""

SHIP_RULE_MODS: tuple[str, ...] = (
    "capacity",
    "pay_bands",
    "wild_colors",
    "rainbow_colors",
    "first_contract_cut",
    "super_ships",
)
"""The keys that change what the owner's ships need, hold or pay (Tablets, the wild and
rainbow colours, Yen, Partnership): where one is set, a bot must ask the rules about that
player's ships with the state (the view's `ship_*` queries), not about the printed rules."""


RULE_NUMBER_MODS: dict[str, tuple[str, ...]] = {
    "draw_to": ("draw_to",),
    "end_credits": ("end_credits", "no_credit_end"),
    "ship_capacity": ("capacity",),
    "pay_2": ("pay_bands", "super_ships"),
    "pay_3_4": ("pay_bands", "super_ships"),
    "pay_5_6": ("pay_bands", "super_ships"),
    "payout": ("pay_bands", "super_ships"),
    "owner_compensation": ("owner_compensation", "super_ships"),
    "tokyo_column_costs": ("port_contract_free",),
}
"""The printed rule numbers (rule_book.BaseRules attributes; `payout` reads the pay bands)
that a player's modifiers change for him, with the keys that change them: Mineral Fuels'
hand size, MRI Machine's and Can Openers' end, Tablets' capacity and payouts, Partnership's
Super Ship, Pants' compensation, Toto Toilets' free Port contracts. A number here is the
rule only for a seat without those keys, so a bot asks its view for a seat's own (`IEView`:
`draws_to`, `end_credits_for`, `ship_capacity`, `ship_payout`, `compensation_to`,
`port_cost`), never the printed one (tests/import_export/test_bots_ask_the_rules.py)."""


class Mods(dict[str, Any]):
    """One player's rule modifiers: a dict whose keys must be declared in MODS (reading
    is a plain dict's; writing an undeclared key raises KeyError naming it)."""

    def __setitem__(self, key: str, value: Any) -> None:
        if key not in MODS:
            raise KeyError(f"rule modifier '{key}' is not declared in mods.MODS")
        super().__setitem__(key, value)

    def setdefault(self, key: str, default: Any = None) -> Any:
        if key not in MODS:
            raise KeyError(f"rule modifier '{key}' is not declared in mods.MODS")
        return super().setdefault(key, default)

    def update(self, *args: Any, **kwargs: Any) -> None:
        for key, value in dict(*args, **kwargs).items():
            self[key] = value
