"""What a ship takes at port, each time checked for completion: contracts and containers.

One layer of ImportExportGame (rules.py; the layers are listed in game_base.py).
"""

from __future__ import annotations

from typing import Any

from simulator.core.narration import seat
from simulator.core.protocol import Flow
from simulator.games.import_export import narration as tell
from simulator.games.import_export import variants
from simulator.games.import_export.cards import PAIRED
from simulator.games.import_export.fulfilment import FulfilmentRules
from simulator.games.import_export.state import IEState, Ship


class LoadingRules(FulfilmentRules):
    """What a ship takes at port, each time checked for completion: contracts and containers."""

    def place_contract(
        self, s: IEState, p: int, card: int, contract_id: int, i: int, source: Any = None
    ) -> Flow:
        """Place a hand card (or one of `source`: the Tokyo Port's) as a contract under ship i
        (a contract action, or a power such as Lutefisk); tells the powers, and the ship may
        complete with leftover containers."""
        if s.trace is not None:
            name = self.cards.contract_by_id[contract_id].name
            s.trace.say(f"{seat(p)} places {name} as a contract on {tell.ship_name(s, i)}", p)
        (s.hands[p] if source is None else source).remove(card)
        ship = s.ships[i]
        ship.contracts.append(contract_id)
        s.log[p]["contracted"].append(contract_id)
        yield from self.emit(s, "contract_placed", p, contract_id)
        yield from self.check_complete(s, ship)

    def load_container(self, s: IEState, p: int, ship: Ship, card: int, color: int) -> Flow:
        if s.trace is not None:
            where = tell.ship_name(s, s.ships.index(ship))
            s.trace.say(
                f"{seat(p)} loads {self.names[card]} on {where} as {tell.color_name(color)}", p
            )
        if self.tokens is not None:  # a physical container instead (IE-VAR-5)
            card, color = yield from variants.load_token(self.whole, s, p, ship, card, color)
        else:
            s.log[p]["loaded"].append(card)
        ship.cargo.append(card)
        ship.cargo_colors.append(color)
        yield from self.emit(s, "container_loaded", p, card)
        yield from self.check_complete(s, ship)

    def load_pair(self, s: IEState, p: int, ship: Ship, cards: tuple[int, ...], color: int) -> Flow:
        """Cards of one type loaded together as one container of `color` (Robo-Cats:
        IE-JP-8): the first counts as that colour, the others ride with it (PAIRED: no need
        filled, no room taken) and count only for the payout; each is told as loaded."""
        own = self.color[cards[0]]
        if s.trace is not None:
            names = " + ".join(self.names[c] for c in cards)
            where = tell.ship_name(s, s.ships.index(ship))
            s.trace.say(f"{seat(p)} loads {names} on {where} as one {tell.color_name(color)}", p)
        placed = []
        for card in cards:
            if self.tokens is not None:  # a physical container instead (IE-VAR-5)
                card, _ = yield from variants.load_token(self.whole, s, p, ship, card, own)
            else:
                s.log[p]["loaded"].append(card)
            placed.append(card)
        for k, card in enumerate(placed):
            ship.cargo.append(card)
            ship.cargo_colors.append(color if k == 0 else PAIRED)
        for card in placed:
            yield from self.emit(s, "container_loaded", p, card)
        yield from self.check_complete(s, ship)
