"""Every kind of decision the Import/Export rules ask a player, declared once (`KINDS`).

The turn's and the actions' kinds are declared here; a card's own questions are declared
with its power, beside its first registration (powers/*.py: `INSECTS_TARGET =
KINDS.declare(...)` and `asks=(INSECTS_TARGET, ...)`), so `KINDS` is complete once the
powers package is imported (the game's spec does). Rules and bots use the constants, never
the strings. A `Decision(player, kind, options, context)` of any other kind is a bug: the
tests check that the rules ask only these kinds and ask each of them, and that the heuristic
bot answers each one (strategies/import_export); the random bot answers any kind. The text
says who is asked, what the options are and what `context` holds.
"""

from __future__ import annotations

from typing import Final

from simulator.core.decision_kinds import DecisionKinds

ALONE: Final = "alone"
"""import_ship's context: an Import a power lets one player perform alone (IE-POWER-49)."""
BIDDING: Final = "bidding"
"""import_ship's context: the leader's own declared Imports reach this round (IE-IMPORT-1)."""
NOT_BIDDING: Final = "not bidding"
"""import_ship's context: the round is held for the others; the leader picks without bidding."""

KINDS = DecisionKinds("import-export")
"""Every decision kind of Import/Export and what it asks (the powers' own included once the
powers package is imported)."""

# ---------------------------------------------------------------- the turn and the actions
# (turn.py, actions.py, auctions.py, plunder.py, variants.py, windows.py)

LEAD = KINDS.declare(
    "lead",
    "The leader: draw, lead an action with a card or a same-colour pair, or discard the "
    "contracts of a ship at port (IE-DISCARD-1).",
)
LEAD_WITH = KINDS.declare(
    "lead_with",
    "The leader: which card (or pair) declares the led action (context: action).",
)
FOLLOW = KINDS.declare(
    "follow",
    "Each other player in turn: follow the led action, draw, or follow with another type a power "
    "allows (context: the led action).",
)
FOLLOW_WITH = KINDS.declare(
    "follow_with",
    "A follower: which card (or pair) declares the action (context: action).",
)
DECLARE = KINDS.declare(
    "declare",
    "How many actions to perform: the card played plus any matching crew (context: the action).",
)
CAPITAL_DISCARD = KINDS.declare(
    "capital_discard",
    "Before a Draw: discard a Capital card from the hand, or pass (IE-CAP-10).",
)
ANY_TIME_USE = KINDS.declare(
    "any_time",
    "A reaction window (IE-ANYTIME-1): pass, or use an any-time power (context: the moment).",
)
SUPPLY_CHOICE = KINDS.declare(
    "supply",
    "A Supply action: sell a hand card, or take an island card to crew.",
)
BARTER_CHOICE = KINDS.declare(
    "barter",
    "A Barter action: a hand card for an island card (IE-CAP-8).",
)
CONTRACT_CHOICE = KINDS.declare(
    "contract",
    "A Contract action: which card as which contract under which ship ('stop' when only Tokyo "
    "Port cards are offered).",
)
LOAD_CHOICE = KINDS.declare(
    "load",
    "A Load action: which card onto which ship, as which colour.",
)
PIRATE_CHOICE = KINDS.declare(
    "pirate",
    "A Pirate action: which container of a ship at sea, or island card, to take.",
)
PIRATE_TO = KINDS.declare(
    "pirate_to",
    "Where a pirated card is loaded, or 'discard' (context: the card).",
)
IMPORT_SHIP = KINDS.declare(
    "import_ship",
    "The leader: which ship at sea the import round is held on (context: ALONE, BIDDING or "
    "NOT_BIDDING, above).",
)
BID = KINDS.declare(
    "bid",
    "A sealed bid in an import round, 0 up to one's credits (context: the ship).",
)
IMPORT_TIE = KINDS.declare(
    "import_tie",
    "The leader: who wins a tied import round (context: the ship).",
)
IMPORT_TAKE = KINDS.declare(
    "import_take",
    "The round's winner: which card of the ship to take next (context: cargo).",
)
IMPORT_PLACE = KINDS.declare(
    "import_place",
    "A card won in an import: to the crew or the goods (context: the card).",
)
CONTAINER_COLOR = KINDS.declare(
    "container_color",
    "Physical containers: the colour a Flag card's container takes (context: the card).",
)

TURN_KINDS: Final = tuple(KINDS)
"""The turn's and the actions' kinds (declared above, before any power's)."""
DECISIONS = KINDS
"""Every decision kind of Import/Export and what it asks (a mapping kind -> text)."""
