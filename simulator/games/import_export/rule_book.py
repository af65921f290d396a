"""The rulebook's numbers for Import/Export, in one place: what a designer overrides with
`--rule KEY=VALUE` (`deckhand rules import-export` lists them). Cards' own numbers are in the
card sheet. Kept apart from the rules so that the card-sheet checks can read them too."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from simulator.core.rule_numbers import Relation, number

MAX_PLAYERS = 6
"""Six ports and twelve ships: two to six players (the grey port only at six, or with
Capital)."""
MAJORITY_TYPES = ("tech", "agriculture", "consumer", "luxury")
"""The good types scored for the most goods, in the order of `BaseRules.majority` (illegal
goods are the penalty instead)."""


@dataclass(frozen=True)
class BaseRules:
    """The rulebook's numbers, in one place (cards' own numbers are in the card sheet). Each
    has its allowed range, meaning and source (`deckhand rules import-export`); `RELATIONS`
    bound the credits a player can hold from the start by the credits that end the game."""

    RELATIONS: ClassVar[tuple[Relation, ...]] = (
        Relation(
            ("start_credits", "grey_bonus_at_six", "grey_bonus_capital"),
            "end_credits",
            "the grey player would start at the credits that end the game",
        ),
        Relation(
            ("start_credits", "sell_price"),
            "end_credits",
            "one sale from the start credits would end the game",
        ),
        Relation(
            ("start_credits", "owner_compensation"),
            "end_credits",
            "one import's compensation from the start credits would end the game",
        ),
    )

    start_credits: int = number(
        10, low=0, doc="credits each player starts with", source="rulebook (it) line 39 (setup 7)"
    )
    grey_bonus_at_six: int = number(
        4,
        low=0,
        doc="extra start credits of the grey player at six players",
        source="rulebook (it) line 39 (setup 7)",
    )
    grey_bonus_capital: int = number(
        2,
        low=0,
        doc="with Capital, the grey player's extra start credits at any count (IE-CAP-1)",
        source="rulebook (it) line 226 (Capital, setup)",
    )
    start_hand: int = number(
        5,
        low=0,
        high=12,
        doc="cards dealt to each hand at setup",
        source="rulebook (it) line 43 (setup 9)",
    )
    draw_to: int = number(
        5,
        low=1,
        high=12,
        doc="a Draw action draws up to this many cards (or 1 at or above it)",
        source="rulebook (it) line 51 (turn, option A)",
    )
    sell_price: int = number(
        4,
        low=0,
        doc="credits for selling a hand card to the supply island (once a turn)",
        source="rulebook (it) line 99 (Supply)",
    )
    owner_compensation: int = number(
        2,
        low=0,
        doc="credits a ship's owner takes when another player imports from it",
        source="rulebook (it) line 127 (Import, step 4)",
    )
    ship_capacity: int = number(
        6,
        low=1,
        high=12,
        doc="most containers a ship's contracts may need together",
        source="rulebook (it) line 143 (Contract)",
    )
    end_credits: int = number(
        50,
        low=1,
        doc="credits in hand that trigger the end of the game",
        source="rulebook (it) line 201 (end of the game)",
    )
    sea_cards_at_setup: int = number(
        4,
        low=0,
        high=8,
        doc="cards dealt under each ship at sea at setup",
        source="rulebook (it) line 37 (setup 6)",
    )
    pay_2: int = number(
        6, low=0, doc="payout of a ship with 2 containers", source="rulebook (it) line 177"
    )
    pay_3_4: int = number(
        10, low=0, doc="payout of a ship with 3-4 containers", source="rulebook (it) line 178"
    )
    pay_5_6: int = number(
        14, low=0, doc="payout of a ship with 5-6 containers", source="rulebook (it) line 179"
    )
    unfulfilled_container: int = number(
        2,
        low=0,
        doc="end credits per container on a contract not fulfilled",
        source="rulebook (it) line 209 (scoring)",
    )
    set_bonus: int = number(
        10,
        low=0,
        doc="end credits for at least one good of every type",
        source="rulebook (it) line 212 (scoring)",
    )
    majority: tuple[int, int, int, int] = number(
        (6, 6, 6, 8),
        low=0,
        length=len(MAJORITY_TYPES),
        doc="end credits for the most goods: tech, agriculture, consumer, luxury",
        source="rulebook (it) line 213-216 (scoring)",
    )
    illegal_penalty: int = number(
        6,
        low=0,
        doc="end credits lost by the player with the most illegal goods",
        source="rulebook (it) line 217 (scoring)",
    )
    flag_load_cost: int = number(
        2,
        low=0,
        doc="credits to load a two-colour Flag card",
        source="rulebook (it) line 260 (Flag)",
    )
    tea_drinkers: tuple[int, ...] = number(
        (),
        low=0,
        high=MAX_PLAYERS - 1,
        distinct=True,
        doc="seats drinking tea at the table (Rooibos Tea pays them); a simulation sees "
        "nobody drinking (IE-FLAGP-8)",
        source="rulebook (it) line 545 (Rooibos Tea)",
    )
    card_powers: bool = number(
        True,
        doc="false plays every card as a vanilla good: what the powers do to the game "
        "and cost in speed",
        source="Deckhand (a baseline, not a rule)",
    )
    tokyo_port: bool = number(
        True,
        doc="with the Tokyo set, the Tokyo Port replaces the Supply Island (IE-TOKYO-1); "
        "false keeps the island (IE-TOKYO-5)",
        source="rulebook (it) line 246-250 (Tokyo)",
    )
    tokyo_column_costs: tuple[int, ...] = number(
        (1, 2, 3, 4),
        low=0,
        min_length=1,  # one column per cost; the last takes every higher level
        doc="credits on top of the Tokyo Port's columns (levels 0, 1, 2, 3+)",
        source="not printed: assumed (IE-TOKYO-2)",
    )

    def payout(self, containers: int) -> int:
        """Payment by containers on the ship; fewer than 2 pays the lowest band (IE-PAY-1)."""
        if containers >= 5:
            return self.pay_5_6
        if containers >= 3:
            return self.pay_3_4
        return self.pay_2 if containers >= 1 else 0
