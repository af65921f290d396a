"""The rulebook's numbers for Import/Export, in one place: what a designer overrides with
`--rule KEY=VALUE` (`deckhand rules import-export` lists them). Cards' own numbers are in the
card sheet. Kept apart from the rules so that the card-sheet checks can read them too."""

from __future__ import annotations

from dataclasses import dataclass

MAX_PLAYERS = 6
"""Six ports and twelve ships: two to six players (the grey port only at six, or with
Capital)."""


@dataclass(frozen=True)
class BaseRules:
    """The rulebook's numbers, in one place (cards' own numbers are in the card sheet)."""

    start_credits: int = 10
    grey_bonus_at_six: int = 4
    grey_bonus_capital: int = 2
    """With Capital, the grey player's extra start credits, at any player count (IE-CAP-1)."""
    start_hand: int = 5
    draw_to: int = 5
    sell_price: int = 4
    owner_compensation: int = 2
    ship_capacity: int = 6
    end_credits: int = 50
    sea_cards_at_setup: int = 4
    pay_2: int = 6
    pay_3_4: int = 10
    pay_5_6: int = 14
    unfulfilled_container: int = 2
    set_bonus: int = 10
    majority: tuple[int, int, int, int] = (6, 6, 6, 8)
    illegal_penalty: int = 6
    flag_load_cost: int = 2
    tea_drinkers: tuple[int, ...] = ()
    """Seats whose players are drinking tea at the table (Rooibos Tea); a simulation sees
    nobody drinking (IE-FLAGP-8). A designer may list seats to play it otherwise."""
    card_powers: bool = True
    """False plays every card as a vanilla good with no power: a baseline to measure what the
    powers do to the game (and what they cost in speed: `deckhand bench --rule
    card_powers=false`)."""
    tokyo_port: bool = True
    """With the Tokyo set, the island's Tokyo Port side is up (IE-TOKYO-1); false plays the
    Tokyo cards with the Supply Island, their Port references then naming it (IE-TOKYO-5)."""
    tokyo_column_costs: tuple[int, ...] = (1, 2, 3, 4)
    """The credits printed on top of the Tokyo Port's columns: column k holds the cards of
    level k, the last one those of its level and more (not in the rulebook: IE-TOKYO-2)."""

    def payout(self, containers: int) -> int:
        """Payment by containers on the ship; fewer than 2 pays the lowest band (IE-PAY-1)."""
        if containers >= 5:
            return self.pay_5_6
        if containers >= 3:
            return self.pay_3_4
        return self.pay_2 if containers >= 1 else 0
