"""A ship's contracts met: the payment, the powers, the ship to sea, a card to the island.

One layer of ImportExportGame (rules.py; the layers are listed in game_base.py).
"""

from __future__ import annotations

from typing import Final

from simulator.core import machine
from simulator.core.machine import Step
from simulator.core.protocol import Decision, Flow
from simulator.games.import_export import narration as tell
from simulator.games.import_export import variants
from simulator.games.import_export.cards import PAIRED
from simulator.games.import_export.invariants import InvariantRules
from simulator.games.import_export.powers.base_modifiers import PREFAB_HOME_COMPLETE
from simulator.games.import_export.powers.tokyo import HENTAI_MANGA_PLACE
from simulator.games.import_export.ships import ship_home
from simulator.games.import_export.state import IEState, Ship


class FulfilmentRules(InvariantRules):
    """A ship's contracts met: the payment, the powers, the ship to sea, a card to the island."""

    def check_complete(self, s: IEState, ship: Ship) -> Flow:
        """Whether a ship at port completes its contracts (`check_complete`, the step), as a
        generator."""
        return machine.nested(self, s, [(check_complete, s.ships.index(ship))])

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
            where = yield Decision(p, HENTAI_MANGA_PLACE, tuple(options), context=cid)
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


# ---------------------------------------------------------------------- steps


def check_complete(g: FulfilmentRules, s: IEState, step: Step) -> Decision | None:
    """A ship at port whose contracts' needs are all met completes (Prefab Home may let
    its owner complete at a share of luxury containers, or wait)."""
    i = step[1]
    ship = s.ships[i]
    if ship.at_sea or not ship.contracts:
        return None
    need, _ = g.remaining(ship, s=s)
    if any(v > 0 for v in need.values()):
        fraction = s.mods[ship.owner].get("luxury_cargo_fraction")  # Prefab Home
        if fraction is None or not g._luxury_share_met(ship, s, fraction):
            return None
        s.stack.append((prefab_home_chosen, i))
        return Decision(ship.owner, PREFAB_HOME_COMPLETE, ("wait", "complete"), i)
    return fulfil(g, s, (fulfil, i))


def prefab_home_chosen(g: FulfilmentRules, s: IEState, step: Step) -> Decision | None:
    if s.answer == "wait":
        return None
    return fulfil(g, s, (fulfil, step[1]))


def fulfil(g: FulfilmentRules, s: IEState, step: Step) -> Decision | None:
    """Pay by containers, contracts to the fulfilled area and their immediate powers,
    the ship to sea with its containers, one deck card to the island (IE-FULFIL-1)."""
    index = step[1]
    ship = s.ships[index]
    p = ship.owner
    # a Super Ship pays double (Partnership: IE-CAP-23)
    pay = g.payout(s, p, len(ship.cargo)) * g._super(s, ship, 3, 1)
    if s.trace is not None:
        names = ", ".join(g.cards.contract_by_id[c].name for c in ship.contracts)
        s.trace.say(
            f"{tell.ship_name(s, index)} completes {names} with "
            f"{len(ship.cargo)} containers and sails",
            p,
        )
    if s.market is None:
        g.gain(s, p, pay, tell.PAYOUT)
    else:  # the goods markers change the payment, then move down (IE-VAR-2, IE-VAR-4)
        variants.market_payout(g.whole, s, ship, pay)
    contracts, filled = g._completion_order(ship, s)
    ship.contracts.clear()
    for cid in contracts:
        s.fulfilled[p].append(cid)
        s.log[p]["fulfilled"].append(cid)
    s.departing.append(index)  # no contract under it while its powers resolve
    done = (index, p, tuple(contracts), tuple(filled))
    if s.mods[p].get("tuck_elsewhere"):  # Hentai Manga
        s.stack.append((fulfil_powers_after_tucking, done))
        machine.push_flow(s, _tucking(p, tuple(contracts)))
        return None
    return fulfil_powers(g, s, (fulfil_powers, done, 0, frozenset()))


def _tucking(p: int, contracts: tuple[int, ...]) -> machine.MakeFlow:
    def make(g: FulfilmentRules, s: IEState) -> Flow:
        return g._tuck_elsewhere(s, p, list(contracts))

    return make


def fulfil_powers_after_tucking(g: FulfilmentRules, s: IEState, step: Step) -> Decision | None:
    """The powers, once Hentai Manga put contracts elsewhere (its `ret`: their ids)."""
    return fulfil_powers(g, s, (fulfil_powers, step[1], 0, frozenset(s.ret)))


def fulfil_powers(g: FulfilmentRules, s: IEState, step: Step) -> Decision | None:
    """The completed contracts' powers, one after the other from the k-th (those Hentai
    Manga put elsewhere: their immediate power only, IE-TOKYO-6); then the ship sails."""
    _, done, k, elsewhere = step
    index, p, contracts, filled = done
    by_contract = g.powers.by_contract
    cards = g.cards
    while k < len(contracts):
        cid = contracts[k]
        k += 1
        entry = by_contract.get(cid)
        if entry is None:
            continue
        immediate_only = cid in elsewhere
        if immediate_only and cards.contract_by_id[cid].timing != "immediate":
            continue
        s.stack.append((fulfil_powers, done, k, elsewhere))
        machine.push_flow(s, _fulfilled(p, cid, immediate_only))
        return None
    s.departing.remove(index)
    ship = s.ships[index]
    ship.at_sea = True
    if PAIRED in ship.cargo_colors:  # at sea each card is a container (IE-JP-8)
        g._unpair(ship)
    s.stack.append((fulfil_cargo, done, -1, ()))
    if s.mods[p].get("sea_return_at"):  # Aeroponics: a lone container returns (IE-KSB-2)
        return ship_home(g, s, (ship_home, index))
    return None


def _fulfilled(p: int, cid: int, immediate_only: bool) -> machine.MakeFlow:
    def make(g: FulfilmentRules, s: IEState) -> Flow:
        return g.powers.fulfilled(g.whole, s, p, cid, immediate_only=immediate_only)

    return make


def fulfil_cargo(g: FulfilmentRules, s: IEState, step: Step) -> Decision | None:
    """Bok Choy: the powers of the containers themselves, in their order on the ship when
    it sails; then the powers told, and a deck card to the island."""
    _, done, j, cargo = step
    index, p, contracts, filled = done
    cargo_cards = g.powers.cargo_cards
    if j < 0:
        j = 0
        cargo = tuple(s.ships[index].cargo) if cargo_cards else ()
    while j < len(cargo):
        card = cargo[j]
        j += 1
        if card in cargo_cards:
            s.stack.append((fulfil_cargo, done, j, cargo))
            machine.push_flow(s, _in_cargo(card, index, contracts, filled[j - 1]))
            return None
    s.stack.append((fulfil_told, done))
    g.emit_step(s, "contract_fulfilled", p, list(contracts))
    return None


def _in_cargo(card: int, index: int, contracts: tuple[int, ...], filled: int) -> machine.MakeFlow:
    def make(g: FulfilmentRules, s: IEState) -> Flow:
        return g.powers.in_cargo(
            s=s, game=g.whole, card=card, ship=index, contracts=list(contracts), filled=filled
        )

    return make


def fulfil_told(g: FulfilmentRules, s: IEState, step: Step) -> Decision | None:
    index, p, contracts, filled = step[1]
    ship = s.ships[index]
    shown = list(filled)
    if len(shown) != len(ship.cargo):  # a power took containers: none filled known
        shown = [-1] * len(ship.cargo)
    s.stack.append(ISLAND_TOP)
    g.emit_step(s, "ship_completed", p, (index, list(contracts), shown))
    return None


def island_top(g: FulfilmentRules, s: IEState, step: Step) -> Decision | None:
    top = g.deck_pop(s)
    if top is not None:
        s.island.append(top)
    return None


ISLAND_TOP: Final[Step] = (island_top,)
