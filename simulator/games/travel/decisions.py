"""Every kind of decision the travel rules ask a player, declared once.

A decision of any other kind is a bug: the tests check that the rules yield only these kinds
and each of them, and that the heuristic bot answers each one; the random bot answers any.
"""

from __future__ import annotations

DECISIONS: dict[str, str] = {
    "action": "The player on turn: draw, travel, trade with a player, steal, recycle, or use a "
    "special item or a forbidden item's move.",
    "discard_over_limit": "Over the hand limit at the end of the turn: which card to discard.",
    "recycle_cost": "Recycling: which card to discard as its cost (never a forbidden item).",
    "steal_cost": "Stealing: which card to discard as its cost (never a forbidden item).",
    "recycle_take": "Recycling: which card of the discard pile to take.",
    "mousetrap": "The victim of a steal holding a Mousetrap: accept the steal or spring the "
    "trap (context: the thief).",
    "trade_give": "Offering a trade: a card to give, or done (context: the partner).",
    "trade_ask": "Offering a trade: a kind of card to ask for, or done (context: the partner "
    "and the cards given).",
    "trade_answer": "The partner: accept or reject the offer (context: offerer, cards, kinds).",
    "dispose_with": "Disposing of a forbidden item: the other card discarded with it (context: "
    "the forbidden item).",
    "smuggle_to": "A smuggler: the player a forbidden item is passed to (context: the item).",
    "strike_pass": "Airport strike: the card each player passes on (context: the event).",
    "luggage_discard": "Lost luggage: a player over the kept number discards a card (context: "
    "the event).",
    "guide_take": "Local guide: which of the top cards to take (context: the cards seen).",
    "post_discard": "Trading post: a card to discard (drawn back with a bonus), or done "
    "(context: the item).",
    "map_target": "Poorly drawn map: the player whose country is replaced (context: the item).",
    "found_take": "Lost and found: a card of the discard pile to take, or done (context: the "
    "item).",
    "pickpocket_target": "Pickpocket kit: the player to take random cards from (context: the "
    "item).",
}
"""Every decision kind of the travel game and what it asks."""
