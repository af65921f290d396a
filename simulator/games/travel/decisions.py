"""Every kind of decision the travel rules ask a player, declared once.

A `Decision(player, kind, options, context)` of any other kind is a bug: the rules
(rules.py, events.py, special_items.py) and the bots (strategies/travel) use these
constants, never the literal name; the tests check that the rules ask only these kinds and
each of them, and that the heuristic bot answers each one; the random bot answers any. The
text says who is asked, what the options are and what `context` holds.
"""

from __future__ import annotations

from typing import Final, TypeAlias

from simulator.core.decision_kinds import DecisionKinds

KINDS: Final = DecisionKinds("travel")
"""Every decision kind of the travel game and what it asks (GameSpec.decisions)."""

Action: TypeAlias = tuple[str] | tuple[str, int]
"""An option of an ACTION decision: its verb alone, ("draw",), ("travel",), ("recycle",), or
with the player or card it acts on, ("trade", q), ("steal", q), ("dispose", card),
("smuggle", card), ("special", card)."""
Option: TypeAlias = int | str | Action
"""An option of any travel decision: a card, a kind of card, a player or DONE (ints),
ACCEPT or REJECT (strs), or an Action."""

# ---------------------------------------------------------------------- the turn (rules.py)

ACTION: Final = KINDS.declare(
    "action",
    "The player on turn: draw, travel, offer a trade to a player, steal from one, recycle, "
    "dispose of or smuggle a forbidden item, or use a special item (options: tuples led by "
    "the verb, e.g. ('trade', 2)).",
)
DISCARD_OVER_LIMIT: Final = KINDS.declare(
    "discard_over_limit",
    "A player over the hand limit (after a draw, a trade, a theft, ...): which card to "
    "discard (never a forbidden item).",
)
RECYCLE_COST: Final = KINDS.declare(
    "recycle_cost",
    "Recycling: which card to discard as its cost, one decision per card (never a forbidden item).",
)
RECYCLE_TAKE: Final = KINDS.declare(
    "recycle_take",
    "Recycling, once paid: which card of the discard pile to take (never an event).",
)
STEAL_COST: Final = KINDS.declare(
    "steal_cost",
    "Stealing: which card to discard as its cost, one decision per card (never a forbidden item).",
)
MOUSETRAP: Final = KINDS.declare(
    "mousetrap",
    "The victim of a theft holding a Mousetrap: ACCEPT the theft or REJECT it by springing "
    "the trap (context: the thief).",
)
TRADE_GIVE: Final = KINDS.declare(
    "trade_give",
    "The player offering a trade: a hand card to give, or DONE once one is given (context: "
    "the partner).",
)
TRADE_ASK: Final = KINDS.declare(
    "trade_ask",
    "The player offering a trade: a kind of card to ask for, or DONE once one is asked "
    "(context: (the partner, the cards given)).",
)
TRADE_ANSWER: Final = KINDS.declare(
    "trade_answer",
    "The partner of a trade: ACCEPT or REJECT, only REJECT when not holding what is asked "
    "(context: (offerer, cards given, kinds asked)).",
)
DISPOSE_WITH: Final = KINDS.declare(
    "dispose_with",
    "Disposing of a forbidden item: the other card discarded with it (context: the "
    "forbidden item).",
)
SMUGGLE_TO: Final = KINDS.declare(
    "smuggle_to",
    "The Smuggler: the player a forbidden item is handed to (context: the item).",
)

# ---------------------------------------------------------------------- events (events.py)

STRIKE_PASS: Final = KINDS.declare(
    "strike_pass",
    "Airport strike: each player with cards, which one to pass to the left (context: the event).",
)
LUGGAGE_DISCARD: Final = KINDS.declare(
    "luggage_discard",
    "Lost luggage: a player over the kept number, which card to discard (never a forbidden "
    "item; context: the event).",
)

# ---------------------------------------------------------------------- special items

GUIDE_TAKE: Final = KINDS.declare(
    "guide_take",
    "Local Guide: which of the top cards of the deck to take (no event; context: the cards "
    "looked at).",
)
POST_DISCARD: Final = KINDS.declare(
    "post_discard",
    "Trading Post: a card to discard (drawn back with a bonus), or DONE (context: the item).",
)
MAP_TARGET: Final = KINDS.declare(
    "map_target",
    "Poorly Drawn Map: the player whose own country (not yet reached) is replaced, oneself "
    "included (context: the item).",
)
FOUND_TAKE: Final = KINDS.declare(
    "found_take",
    "Lost and Found: a card of the discard pile to take, or DONE (context: the item).",
)
PICKPOCKET_TARGET: Final = KINDS.declare(
    "pickpocket_target",
    "Pickpocket Kit: the player to take random cards from (context: the item).",
)
