"""What a ship takes at port, each time checked for completion: contracts and containers.

One layer of ImportExportGame (rules.py; the layers are listed in game_base.py).
"""

from __future__ import annotations

from typing import Any, Final

from simulator.core import machine
from simulator.core.machine import Step
from simulator.core.narration import seat
from simulator.core.protocol import Decision, Flow
from simulator.games.import_export import narration as tell
from simulator.games.import_export import variants
from simulator.games.import_export.cards import PAIRED
from simulator.games.import_export.fulfilment import FulfilmentRules, check_complete
from simulator.games.import_export.state import IEState, Ship


class LoadingRules(FulfilmentRules):
    """What a ship takes at port, each time checked for completion: contracts and containers."""

    def place_contract(
        self, s: IEState, p: int, card: int, contract_id: int, i: int, source: Any = None
    ) -> Flow:
        """Place a hand card (or one of `source`: the Tokyo Port's) as a contract under ship i
        (a contract action, or a power such as Lutefisk); tells the powers, and the ship may
        complete with leftover containers."""
        if source is None:
            step: Step = (place_contract, p, card, contract_id, i, FROM_HAND)
        elif source is s.island:
            step = (place_contract, p, card, contract_id, i, FROM_ISLAND)
        else:
            step = (place_contract, p, card, contract_id, i, source)
        return machine.nested(self, s, [step])

    def load_container(self, s: IEState, p: int, ship: Ship, card: int, color: int) -> Flow:
        """Load a container onto a ship (`load_container`, the step), as a generator."""
        return machine.nested(self, s, [(load_container, p, s.ships.index(ship), card, color)])

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


# ---------------------------------------------------------------------- steps
FROM_HAND: Final = 0
"""place_contract: the card comes from the placing player's hand."""
FROM_ISLAND: Final = 1
"""place_contract: the card comes from the supply island (the Tokyo Port's cards)."""


def place_contract(g: LoadingRules, s: IEState, step: Step) -> Decision | None:
    """Place a card as a contract under ship i, taken from the hand, the island, or a list
    a power holds (`source`); tells the powers, and the ship may complete with leftover
    containers."""
    p: int = step[1]
    card: int = step[2]
    contract_id: int = step[3]
    i: int = step[4]
    source = step[5]
    if s.trace is not None:
        name = g.cards.contract_by_id[contract_id].name
        s.trace.say(f"{seat(p)} places {name} as a contract on {tell.ship_name(s, i)}", p)
    if source == FROM_HAND:
        s.hands[p].remove(card)
    elif source == FROM_ISLAND:
        s.island.remove(card)
    else:
        source.remove(card)
    s.ships[i].contracts.append(contract_id)
    s.log[p]["contracted"].append(contract_id)
    s.stack.append((check_complete, i))
    g.emit_step(s, "contract_placed", p, contract_id)
    return None


def load_container(g: LoadingRules, s: IEState, step: Step) -> Decision | None:
    """Load `card` onto ship i as `color` (a physical container instead, with the
    variants: IE-VAR-5); tells the powers, and the ship may complete."""
    p: int = step[1]
    i: int = step[2]
    card: int = step[3]
    color = step[4]
    if s.trace is not None:
        s.trace.say(
            f"{seat(p)} loads {g.names[card]} on {tell.ship_name(s, i)} as "
            f"{tell.color_name(color)}",
            p,
        )
    if g.tokens is not None:  # a physical container instead (IE-VAR-5)
        s.stack.append((token_loaded, p, i))
        machine.push_flow(s, _token_for(p, i, card, color))
        return None
    s.log[p]["loaded"].append(card)
    return _on_ship(g, s, p, i, card, color)


def _token_for(p: int, i: int, card: int, color: int) -> machine.MakeFlow:
    def make(g: LoadingRules, s: IEState) -> Flow:
        return variants.load_token(g.whole, s, p, s.ships[i], card, color)

    return make


def token_loaded(g: LoadingRules, s: IEState, step: Step) -> Decision | None:
    card, color = s.ret
    return _on_ship(g, s, step[1], step[2], card, color)


def _on_ship(g: LoadingRules, s: IEState, p: int, i: int, card: int, color: int) -> Decision | None:
    ship = s.ships[i]
    ship.cargo.append(card)
    ship.cargo_colors.append(color)
    s.stack.append((check_complete, i))
    g.emit_step(s, "container_loaded", p, card)
    return None
