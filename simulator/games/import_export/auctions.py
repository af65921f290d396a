"""The Import action: sealed-bid rounds on ships at sea (or the island: Dark Flight), and
taking the cards won.

One layer of ImportExportGame (rules.py; the layers are listed in game_base.py).
"""

from __future__ import annotations

from simulator.core.narration import seat
from simulator.core.protocol import Decision, Flow
from simulator.core.seeding import GameRandom
from simulator.games.import_export import narration as tell
from simulator.games.import_export import windows
from simulator.games.import_export.cards import IMPORT
from simulator.games.import_export.loading import LoadingRules
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
        """One sealed-bid round per action, up to the most declared by one player (IE-IMPORT-1).
        `alone`: an Import a power lets one player perform by himself, with no bid asked: a
        lone bidder bids 0 (IE-POWER-49). A leader with Dark Flight may pick the supply
        island instead of a ship (IE-POWER-46)."""
        leader = order[0]
        from_island = s.mods[leader].get("import_from_island")  # Dark Flight
        for round_number in range(1, max(declared) + 1):
            ships = tuple(i for i, ship in enumerate(s.ships) if ship.at_sea and ship.cargo)
            bidders = [q for q in order if declared[q] >= round_number]
            if from_island and s.island:
                options = ("ship" if ships else "pass", "island")
                source = yield Decision(leader, "dark_flight_source", options)
                if source == "island":
                    yield from self._import_island(s, leader, bidders, alone)
                    continue
            if not ships:
                return
            i = yield Decision(leader, "import_ship", ships, context="alone" if alone else None)
            ship = s.ships[i]  # the leader picks, even not bidding
            bids = dict.fromkeys(bidders, 0)
            for q in bidders if not alone else ():
                bids[q] = yield Decision(q, "bid", tuple(range(s.credits[q] + 1)), context=i)
            top = max(bids.values())
            tied = [q for q in bidders if bids[q] == top]
            winner = tied[0] if len(tied) == 1 else self.tie_winner(s, tied)
            if winner is None:  # the leader decides, unless Foxes wins it (IE-JP-3)
                winner = yield Decision(leader, "import_tie", tuple(tied), context=i)
            if s.trace is not None:
                s.trace.say(
                    f"import round {round_number} on {tell.ship_name(s, i)}: bids "
                    f"{tell.bids_text(bids)}; {seat(winner)} wins it for {top}",
                    winner,
                )
            self.pay(s, winner, top, tell.BID)
            take = s.mods[winner].get("import_take", 2)  # Shampoo (IE-POWER-11)
            taken = yield from self.take_from_ship(s, winner, ship, take, optional_from=2)
            if winner != ship.owner:
                compensation = self._super(s, ship, 4, None) or s.mods[ship.owner].get(
                    "owner_compensation", self.rules.owner_compensation
                )  # Partnership (IE-CAP-23), Pants
                self.gain(s, ship.owner, compensation, tell.COMPENSATION)
            yield from self.emit(s, "imported", winner, (i, taken))
            yield from self.ship_home(s, ship)
            if self.window_wanted(s):
                yield from windows.window(
                    self.whole, s, windows.Moment("import_round", winner, IMPORT)
                )

    def _import_island(self, s: IEState, leader: int, bidders: list[int], alone: bool) -> Flow:
        """Dark Flight: an import round on the supply island's cards, as if they were a ship
        at sea. The winning bid is paid to the leader (the power's owner), who keeps it when
        it is his own; nobody is paid as a ship's owner (IE-POWER-46)."""
        bids = dict.fromkeys(bidders, 0)
        for q in bidders if not alone else ():
            options = tuple(range(s.credits[q] + 1))
            bids[q] = yield Decision(q, "dark_flight_bid", options, context=leader)
        top = max(bids.values())
        tied = [q for q in bidders if bids[q] == top]
        winner = tied[0] if len(tied) == 1 else self.tie_winner(s, tied)
        if winner is None:  # the leader decides, unless Foxes wins it (IE-JP-3)
            winner = yield Decision(leader, "import_tie", tuple(tied), context="island")
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
        """Take cards from a ship: at most one to crew, the rest goods; what fits is kept.
        Cards from the `optional_from`-th on are taken only if the taker wants, one by one
        (Shampoo: IE-POWER-11). Returns the (card, container colour) pairs taken."""
        crewed = False
        taken: list[tuple[int, int]] = []
        at_sea = ship.at_sea
        for k in range(count):
            if not ship.cargo or (at_sea and not ship.at_sea):  # came home (IE-KSB-2)
                return taken
            if optional_from is not None and k >= optional_from:
                more = yield Decision(
                    p, "shampoo_take", ("take", "stop"), context=tuple(ship.cargo)
                )
                if more == "stop":
                    return taken
            j = 0
            if len(ship.cargo) > 1:
                j = yield Decision(
                    p, "import_take", tuple(range(len(ship.cargo))), context=tuple(ship.cargo)
                )
            card = ship.cargo.pop(j)
            color = ship.cargo_colors.pop(j)
            taken.append((card, color))
            if at_sea and ship.cargo and ship.owner >= 0 and s.mods[ship.owner]:
                s.moving.append(card)
                yield from self.ship_home(s, ship)  # Aeroponics interrupts (IE-KSB-2)
                s.moving.remove(card)
            if self.tokens is not None:  # a physical container brings a discarded card
                found = self.as_card(s, card)  # IE-VAR-8
                if found is None:
                    continue
                card = found
            s.log[p]["imported"].append(card)
            options = []
            if not crewed and len(s.crew[p]) < self.crew_limit(s, p):
                options.append("crew")
            if self.goods_fit(s, p, card):
                options.append("goods")
            if not options:
                s.discard.append(card)  # only when neither limit has room (IE-LIMIT-2)
                s.log[p]["discarded"].append(card)
                continue
            s.moving.append(card)
            where = yield Decision(p, "import_place", tuple(options), context=card)
            s.moving.remove(card)
            if where == "crew":
                crewed = True
                if self.to_crew(s, p, card):
                    yield from self.emit(s, "crew_added", p, card)
            else:
                yield from self.to_goods(s, p, card)
        return taken
