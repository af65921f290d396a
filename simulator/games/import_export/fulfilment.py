"""A ship's contracts met: the payment, the powers, the ship to sea, a card to the island.

One layer of ImportExportGame (rules.py; the layers are listed in game_base.py).
"""

from __future__ import annotations

from simulator.core.protocol import Decision, Flow
from simulator.games.import_export import narration as tell
from simulator.games.import_export import variants
from simulator.games.import_export.cards import PAIRED
from simulator.games.import_export.invariants import InvariantRules
from simulator.games.import_export.state import IEState, Ship


class FulfilmentRules(InvariantRules):
    """A ship's contracts met: the payment, the powers, the ship to sea, a card to the island."""

    def check_complete(self, s: IEState, ship: Ship) -> Flow:
        if ship.at_sea or not ship.contracts:
            return
        need, _ = self.remaining(ship, s=s)
        if any(v > 0 for v in need.values()):
            fraction = s.mods[ship.owner].get("luxury_cargo_fraction")  # Prefab Home
            if fraction is None or not self._luxury_share_met(ship, s, fraction):
                return
            index = s.ships.index(ship)
            options = ("wait", "complete")
            if (yield Decision(ship.owner, "prefab_home_complete", options, index)) == "wait":
                return
        yield from self._fulfil(s, ship)

    def _fulfil(self, s: IEState, ship: Ship) -> Flow:
        """Pay by containers, contracts to the fulfilled area and their immediate powers,
        the ship to sea with its containers, one deck card to the island (IE-FULFIL-1)."""
        p = ship.owner
        # a Super Ship pays double (Partnership: IE-CAP-23)
        pay = self.payout(s, p, len(ship.cargo)) * self._super(s, ship, 3, 1)
        if s.trace is not None:
            names = ", ".join(self.cards.contract_by_id[c].name for c in ship.contracts)
            s.trace.say(
                f"{tell.ship_name(s, s.ships.index(ship))} completes {names} with "
                f"{len(ship.cargo)} containers and sails",
                p,
            )
        if s.market is None:
            self.gain(s, p, pay, tell.PAYOUT)
        else:  # the goods markers change the payment, then move down (IE-VAR-2, IE-VAR-4)
            variants.market_payout(self.whole, s, ship, pay)
        contracts, filled = self._completion_order(ship, s)
        ship.contracts.clear()
        for cid in contracts:
            s.fulfilled[p].append(cid)
            s.log[p]["fulfilled"].append(cid)
        index = s.ships.index(ship)
        s.departing.append(index)  # no contract under it while its powers resolve
        elsewhere = yield from self._tuck_elsewhere(s, p, contracts)  # Hentai Manga
        for cid in contracts:
            if cid in elsewhere:  # completed, but not among the fulfilled (IE-TOKYO-6)
                yield from self.powers.fulfilled(self.whole, s, p, cid, immediate_only=True)
            else:
                yield from self.powers.fulfilled(self.whole, s, p, cid)
        s.departing.remove(index)
        ship.at_sea = True
        if PAIRED in ship.cargo_colors:  # at sea each card is a container (IE-JP-8)
            self._unpair(ship)
        if s.mods[p].get("sea_return_at"):  # Aeroponics: a lone container returns (IE-KSB-2)
            yield from self.ship_home(s, ship)
        cargo_cards = self.powers.cargo_cards
        if cargo_cards:  # Bok Choy: powers of the containers themselves
            for j, card in enumerate(list(ship.cargo)):
                if card in cargo_cards:
                    yield from self.powers.in_cargo(
                        s=s,
                        game=self.whole,
                        card=card,
                        ship=index,
                        contracts=contracts,
                        filled=filled[j],
                    )
        yield from self.emit(s, "contract_fulfilled", p, contracts)
        if len(filled) != len(ship.cargo):  # a power took containers: none filled known
            filled = [-1] * len(ship.cargo)
        yield from self.emit(s, "ship_completed", p, (index, contracts, filled))
        top = self.deck_pop(s)
        if top is not None:
            s.island.append(top)

    def _tuck_elsewhere(self, s: IEState, p: int, contracts: list[int]) -> Flow:
        """Hentai Manga (mods "tuck_elsewhere": contract colours): each such contract p just
        completed may go to his crew or goods instead of his completed contracts, where it has
        room as if never tucked; only its immediate power then resolves (IE-TOKYO-6).
        Returns the contract ids moved."""
        colors = s.mods[p].get("tuck_elsewhere")
        moved: set[int] = set()
        if not colors:
            return moved
        for cid in contracts:
            if self.cards.contract_by_id[cid].color not in colors:
                continue
            card = self.cards.card_of_contract[cid]
            k = s.fulfilled[p].index(cid)
            s.fulfilled[p].pop(k)  # the limits without it, then back in place
            options = ["fulfilled"]
            if len(s.crew[p]) < self.crew_limit(s, p):
                options.append("crew")
            if self.goods_fit(s, p, card):
                options.append("goods")
            s.fulfilled[p].insert(k, cid)
            if len(options) == 1:
                continue
            where = yield Decision(p, "hentai_manga_place", tuple(options), context=cid)
            if where == "fulfilled":
                continue
            self.leave_fulfilled(s, p, cid)
            moved.add(cid)
            if where == "crew":
                if self.to_crew(s, p, card):
                    yield from self.emit(s, "crew_added", p, card)
            else:
                yield from self.to_goods(s, p, card)
        return moved
