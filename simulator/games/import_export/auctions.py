"""The Import action: sealed-bid rounds on ships at sea (or the island: Dark Flight), and
taking the cards won.

One layer of ImportExportGame (rules.py; the layers are listed in game_base.py).
"""

from __future__ import annotations

from typing import Any

from simulator.core import machine
from simulator.core.machine import Step
from simulator.core.narration import seat
from simulator.core.protocol import Decision, Flow
from simulator.core.seeding import GameRandom
from simulator.games.import_export import narration as tell
from simulator.games.import_export import windows
from simulator.games.import_export.cards import IMPORT
from simulator.games.import_export.decisions import (
    ALONE,
    BID,
    BIDDING,
    IMPORT_PLACE,
    IMPORT_SHIP,
    IMPORT_TAKE,
    IMPORT_TIE,
    NOT_BIDDING,
)
from simulator.games.import_export.limits import to_goods
from simulator.games.import_export.loading import LoadingRules
from simulator.games.import_export.powers.base_modifiers import (
    DARK_FLIGHT_BID,
    DARK_FLIGHT_SOURCE,
    SHAMPOO_TAKE,
)
from simulator.games.import_export.ships import ship_home
from simulator.games.import_export.state import IEState, Ship


class AuctionRules(LoadingRules):
    """The Import action: sealed-bid rounds on ships at sea (or the island: Dark Flight), and
    taking the cards won."""

    def import_rounds(
        self,
        s: IEState,
        rng: GameRandom,
        order: list[int],
        declared: list[int],
        alone: bool = False,
    ) -> Flow:
        """The Import action's rounds (`import_round`, the step), as a generator (powers,
        tests)."""
        return machine.nested(self, s, [(import_round, tuple(order), tuple(declared), alone, 1)])

    def _import_island(self, s: IEState, leader: int, bidders: list[int], alone: bool) -> Flow:
        """Dark Flight: an import round on the supply island's cards, as if they were a ship
        at sea. The winning bid is paid to the leader (the power's owner), who keeps it when
        it is his own; nobody is paid as a ship's owner (IE-POWER-46)."""
        bids = dict.fromkeys(bidders, 0)
        for q in bidders if not alone else ():
            options = tuple(range(s.credits[q] + 1))
            bids[q] = yield Decision(q, DARK_FLIGHT_BID, options, context=leader)
        top = max(bids.values())
        tied = [q for q in bidders if bids[q] == top]
        winner = tied[0] if len(tied) == 1 else self.tie_winner(s, tied)
        if winner is None:  # the leader decides, unless Foxes wins it (IE-JP-3)
            winner = yield Decision(leader, IMPORT_TIE, tuple(tied), context="island")
        if s.trace is not None:
            s.trace.say(
                f"import round on the supply island: bids {tell.bids_text(bids)}; "
                f"{seat(winner)} wins it for {top}",
                winner,
            )
        if winner != leader:
            self.pay(s, winner, top, tell.ISLAND_BID)
            self.gain(s, leader, top, tell.ISLAND_BID_PAID)
        island = Ship(-1)  # the island's own list: a card taken leaves the island
        island.at_sea = True
        island.cargo = s.island
        island.cargo_colors = [self.color[c] for c in s.island]
        take = s.mods[winner].get("import_take", 2)  # Shampoo (IE-POWER-11)
        taken = yield from self.take_from_ship(s, winner, island, take, optional_from=2)
        yield from self.emit(s, "imported", winner, (None, taken))

    def take_from_ship(
        self, s: IEState, p: int, ship: Ship, count: int, optional_from: int | None = None
    ) -> Flow:
        """Take cards from a ship (`take_from_ship`, the step), as a generator; returns the
        (card, container colour) pairs taken. `ship` may be one of the state's, or the
        supply island seen as a ship (Dark Flight)."""
        ref: Any = ship if ship.owner < 0 else s.ships.index(ship)
        step = (take_from_ship, p, ref, count, optional_from, 0, False, (), ship.at_sea)
        return machine.nested(self, s, [step])


# ---------------------------------------------------------------------- steps


def import_round(g: AuctionRules, s: IEState, step: Step) -> Decision | None:
    """One sealed-bid round per action, up to the most declared by one player (IE-IMPORT-1).
    `alone`: an Import a power lets one player perform by himself, with no bid asked: a
    lone bidder bids 0 (IE-POWER-49). A leader with Dark Flight may pick the supply
    island instead of a ship (IE-POWER-46). The step: (import_round, order, declared,
    alone, round), with Dark Flight's offer, read at the first round, as a sixth item."""
    order, declared, alone, round_number = step[1:5]
    leader = order[0]
    if len(step) == 5:
        from_island = bool(s.mods[leader].get("import_from_island"))  # Dark Flight
        step = (import_round, order, declared, alone, round_number, from_island)
    if round_number > max(declared):
        return None
    if step[5] and s.island:
        ships = _import_ships(s)
        options = ("ship" if ships else "pass", "island")
        s.stack.append((dark_flight_source, step))
        return Decision(leader, DARK_FLIGHT_SOURCE, options)
    return _import_ship_ask(g, s, step)


def _import_ships(s: IEState) -> tuple[int, ...]:
    return tuple(i for i, ship in enumerate(s.ships) if ship.at_sea and ship.cargo)


def _bidders(step: Step) -> list[int]:
    order, declared, _, round_number = step[1:5]
    return [q for q in order if declared[q] >= round_number]


def _next_round(step: Step) -> Step:
    return (*step[:4], step[4] + 1, step[5])


def dark_flight_source(g: AuctionRules, s: IEState, step: Step) -> Decision | None:
    rounds = step[1]
    if s.answer == "island":
        s.stack.append(_next_round(rounds))
        machine.push_flow(s, _island_round(rounds[1][0], tuple(_bidders(rounds)), rounds[3]))
        return None
    return _import_ship_ask(g, s, rounds)


def _island_round(leader: int, bidders: tuple[int, ...], alone: bool) -> machine.MakeFlow:
    def make(g: AuctionRules, s: IEState) -> Flow:
        return g._import_island(s, leader, list(bidders), alone)

    return make


def _import_ship_ask(g: AuctionRules, s: IEState, rounds: Step) -> Decision | None:
    ships = _import_ships(s)
    if not ships:
        return None
    s.stack.append((import_ship_chosen, rounds))
    order, declared, alone, round_number = rounds[1:5]
    leader = order[0]
    if alone:
        context = ALONE
    else:  # IE-IMPORT-1: he picks every round's ship, bidding only up to his own declared
        context = BIDDING if declared[leader] >= round_number else NOT_BIDDING
    return Decision(leader, IMPORT_SHIP, ships, context=context)


def import_ship_chosen(g: AuctionRules, s: IEState, step: Step) -> Decision | None:
    """The leader picked the ship (even not bidding); the bidders bid in turn order."""
    rounds = step[1]
    i = s.answer
    return _next_bid(g, s, rounds, i, ())


def _next_bid(
    g: AuctionRules, s: IEState, rounds: Step, i: int, bids: tuple[int, ...]
) -> Decision | None:
    bidders = _bidders(rounds)
    k = len(bids)
    if k < len(bidders) and not rounds[3]:
        q = bidders[k]
        s.stack.append((bid_given, rounds, i, bids))
        return Decision(q, BID, tuple(range(s.credits[q] + 1)), context=i)
    if rounds[3]:  # alone: a lone bidder bids 0
        bids = (0,) * len(bidders)
    top = max(bids)
    tied = [q for q, bid in zip(bidders, bids, strict=True) if bid == top]
    winner = tied[0] if len(tied) == 1 else g.tie_winner(s, tied)
    if winner is None:  # the leader decides, unless Foxes wins it (IE-JP-3)
        s.stack.append((tie_decided, rounds, i, bids))
        return Decision(rounds[1][0], IMPORT_TIE, tuple(tied), context=i)
    return _import_won(g, s, rounds, i, bids, winner)


def bid_given(g: AuctionRules, s: IEState, step: Step) -> Decision | None:
    _, rounds, i, bids = step
    return _next_bid(g, s, rounds, i, (*bids, s.answer))


def tie_decided(g: AuctionRules, s: IEState, step: Step) -> Decision | None:
    _, rounds, i, bids = step
    return _import_won(g, s, rounds, i, bids, s.answer)


def _import_won(
    g: AuctionRules, s: IEState, rounds: Step, i: int, bids: tuple[int, ...], winner: int
) -> Decision | None:
    top = max(bids)
    if s.trace is not None:
        shown = dict(zip(_bidders(rounds), bids, strict=True))
        s.trace.say(
            f"import round {rounds[4]} on {tell.ship_name(s, i)}: bids "
            f"{tell.bids_text(shown)}; {seat(winner)} wins it for {top}",
            winner,
        )
    g.pay(s, winner, top, tell.BID)
    take = s.mods[winner].get("import_take", 2)  # Shampoo (IE-POWER-11)
    s.stack.append((import_taken, rounds, i, winner))
    ship = s.ships[i]
    return take_from_ship(g, s, (take_from_ship, winner, i, take, 2, 0, False, (), ship.at_sea))


def import_taken(g: AuctionRules, s: IEState, step: Step) -> Decision | None:
    """The winner took his cards (`ret`): the owner compensated, the powers told, the
    ship home if emptied, a window, the next round."""
    _, rounds, i, winner = step
    taken = s.ret
    ship = s.ships[i]
    if winner != ship.owner:
        # Partnership (IE-CAP-23), Pants
        compensation = g._super(s, ship, 4, None) or g.compensation_to(s, ship.owner)
        g.gain(s, ship.owner, compensation, tell.COMPENSATION)
    stack = s.stack
    stack.append((import_round_over, rounds, winner))
    stack.append((ship_home, i))
    g.emit_step(s, "imported", winner, (i, taken))
    return None


def import_round_over(g: AuctionRules, s: IEState, step: Step) -> Decision | None:
    _, rounds, winner = step
    following = _next_round(rounds)
    if g.window_wanted(s):
        s.stack.append(following)
        windows.push_window(s, windows.Moment("import_round", winner, IMPORT))
        return None
    return import_round(g, s, following)


def take_from_ship(g: AuctionRules, s: IEState, step: Step) -> Decision | None:
    """Take cards from a ship: at most one to crew, the rest goods; what fits is kept.
    Cards from the `optional_from`-th on are taken only if the taker wants, one by one
    (Shampoo: IE-POWER-11). `ret`: the (card, container colour) pairs taken. The step:
    (take_from_ship, p, ship (index, or the island as a ship), count, optional_from, k
    taken so far, crewed, taken, whether the ship was at sea)."""
    _, p, ref, count, optional_from, k, crewed, taken, at_sea = step
    ship = s.ships[ref] if isinstance(ref, int) else ref
    if k >= count or not ship.cargo or (at_sea and not ship.at_sea):  # came home (IE-KSB-2)
        s.ret = list(taken)
        return None
    if optional_from is not None and k >= optional_from:
        s.stack.append((shampoo_chosen, step))
        return Decision(p, SHAMPOO_TAKE, ("take", "stop"), context=tuple(ship.cargo))
    return _take_which(g, s, step, ship)


def shampoo_chosen(g: AuctionRules, s: IEState, step: Step) -> Decision | None:
    taking = step[1]
    if s.answer == "stop":
        s.ret = list(taking[7])
        return None
    ref = taking[2]
    return _take_which(g, s, taking, s.ships[ref] if isinstance(ref, int) else ref)


def _take_which(g: AuctionRules, s: IEState, taking: Step, ship: Ship) -> Decision | None:
    if len(ship.cargo) > 1:
        s.stack.append((take_chosen, taking))
        return Decision(
            taking[1], IMPORT_TAKE, tuple(range(len(ship.cargo))), context=tuple(ship.cargo)
        )
    return _take(g, s, taking, ship, 0)


def take_chosen(g: AuctionRules, s: IEState, step: Step) -> Decision | None:
    taking = step[1]
    ref = taking[2]
    return _take(g, s, taking, s.ships[ref] if isinstance(ref, int) else ref, s.answer)


def _take(g: AuctionRules, s: IEState, taking: Step, ship: Ship, j: int) -> Decision | None:
    _, p, ref, count, optional_from, k, crewed, taken, at_sea = taking
    card = ship.cargo.pop(j)
    color = ship.cargo_colors.pop(j)
    taken = (*taken, (card, color))
    taking = (take_from_ship, p, ref, count, optional_from, k + 1, crewed, taken, at_sea)
    if at_sea and ship.cargo and ship.owner >= 0 and s.mods[ship.owner]:
        s.moving.append(card)
        s.stack.append((taken_landed, taking, card))
        return ship_home(g, s, (ship_home, ref))  # Aeroponics interrupts (IE-KSB-2)
    return _place_taken(g, s, taking, card)


def taken_landed(g: AuctionRules, s: IEState, step: Step) -> Decision | None:
    _, taking, card = step
    s.moving.remove(card)
    return _place_taken(g, s, taking, card)


def _place_taken(g: AuctionRules, s: IEState, taking: Step, card: int) -> Decision | None:
    p, crewed = taking[1], taking[6]
    if g.tokens is not None:  # a physical container brings a discarded card
        found = g.as_card(s, card)  # IE-VAR-8
        if found is None:
            return take_from_ship(g, s, taking)
        card = found
    s.log[p]["imported"].append(card)
    options = []
    if not crewed and len(s.crew[p]) < g.crew_limit(s, p):
        options.append("crew")
    if g.goods_fit(s, p, card):
        options.append("goods")
    if not options:
        s.discard.append(card)  # only when neither limit has room (IE-LIMIT-2)
        s.log[p]["discarded"].append(card)
        return take_from_ship(g, s, taking)
    s.moving.append(card)
    s.stack.append((taken_placed, taking, card))
    return Decision(p, IMPORT_PLACE, tuple(options), context=card)


def taken_placed(g: AuctionRules, s: IEState, step: Step) -> Decision | None:
    _, taking, card = step
    p = taking[1]
    s.moving.remove(card)
    if s.answer == "crew":
        taking = (*taking[:6], True, *taking[7:])
        s.stack.append(taking)
        if g.to_crew(s, p, card):
            g.emit_step(s, "crew_added", p, card)
        return None
    s.stack.append(taking)
    return to_goods(g, s, (to_goods, p, card))
