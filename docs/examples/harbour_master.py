"""Harbour Master: a card power of a designer's own, played with `--powers` (see
docs/designer-powers.md). Nothing in Deckhand's tree knows this card.

Printed text (the designer's): "When another player completes a ship, you may pay him
`cost` credits to draw `cards` cards." Its numbers come from the card sheet's `params`
column (cost=2;cards=2), so "pay 3 for 3" is a sheet edit, not a code edit.
"""

from simulator.core.protocol import Decision
from simulator.games.import_export.powers import power
from simulator.games.import_export.powers.common import draw

DECISIONS = {
    "harbour_master_buy": "Harbour Master: pay the owner of the ship just completed for "
    "cards, or pass (context: that player).",
}
PARAMS = {"Harbour Master": ("cost", "cards")}


@power("Harbour Master", hook="ship_completed")
def harbour_master(game, s, owner, contract, actor, payload):
    """Another player completed a ship: the owner may pay him `cost` for `cards` cards."""
    cost = int(contract.params["cost"])
    if actor == owner or s.credits[owner] < cost:
        return
    if (yield Decision(owner, "harbour_master_buy", ("pass", "buy"), context=actor)) == "buy":
        game.pay(s, owner, cost, "Harbour Master")
        game.gain(s, actor, cost, "Harbour Master")
        draw(game, s, owner, int(contract.params["cards"]))
