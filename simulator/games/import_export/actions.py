"""Performing declared actions: Supply, Contract, Load, Barter, and the Import and Pirate
actions of auctions.py and plunder.py; the leader's contract discard.

One layer of ImportExportGame (rules.py; the layers are listed in game_base.py).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from simulator.core import machine
from simulator.core.machine import Step
from simulator.core.narration import seat
from simulator.core.protocol import Decision, Flow
from simulator.core.seeding import GameRandom
from simulator.games.import_export import narration as tell
from simulator.games.import_export import windows
from simulator.games.import_export.auctions import import_round
from simulator.games.import_export.cards import BARTER, CONTRACT, GREY, IMPORT, LOAD, PIRATE, SUPPLY
from simulator.games.import_export.cargo import _fits_need
from simulator.games.import_export.decisions import (
    BARTER_CHOICE,
    CONTRACT_CHOICE,
    LOAD_CHOICE,
    SUPPLY_CHOICE,
)
from simulator.games.import_export.loading import (
    FROM_HAND,
    FROM_ISLAND,
    load_container,
    place_contract,
)
from simulator.games.import_export.plunder import PlunderRules, pirate
from simulator.games.import_export.powers.base_modifiers import (
    CELL_PHONES_LOAD,
    CELL_PHONES_USE,
    MACHINE_ARMS_LOAD,
    SMART_CARS_USE,
)
from simulator.games.import_export.powers.flag import JASMINE_TEA_PLACE
from simulator.games.import_export.powers.j import ROBO_CATS_PAIR
from simulator.games.import_export.state import IEState


class ActionRules(PlunderRules):
    """Performing declared actions: Supply, Contract, Load, Barter, and the Import and Pirate
    actions of auctions.py and plunder.py; the leader's contract discard."""

    def solo_action(self, s: IEState, rng: GameRandom, p: int, action: int) -> Flow:
        """Perform one action of type `action` alone, as a card power grants it with a card
        from the hand (the caller takes the card): no crew adds actions, nobody follows or
        draws, and nothing "leading" triggers (Books, Machine Arms). A Contract action places
        one contract whose level is met (no extra actions buy levels); a Supply sells only if
        p has not sold this turn; an Import is one round with p the only bidder, who bids 0
        (IE-POWER-49). Used by Platinum Rings (IE-POWER-48), and meant for Kickstarter 2's AR
        Glasses ("perform 2 actions using cards from your hand, no crew, nobody follows or
        draws")."""
        if action == CONTRACT:
            step: Step = (contract_actions, p, 1)
        elif action == SUPPLY:
            step = (supply, p)
        elif action == LOAD:
            step = (load_action, p)
        elif action == PIRATE:
            step = (pirate, p, False)
        elif action == IMPORT:
            declared = tuple(1 if q == p else 0 for q in range(s.n))
            step = (import_round, (p,), declared, True, 1)
        elif action == BARTER:
            step = (barter, p)
        else:
            return machine.done()
        return machine.nested(self, s, [step])

    def _supply(self, s: IEState, p: int) -> Flow:
        """A Supply action, as a generator (tests)."""
        return machine.nested(self, s, [(supply, p)])

    def load_action(self, s: IEState, p: int) -> Flow:
        """One Load action, declared or given by a power (Nanobots' free one): load, then
        tell the powers which cards it loaded (Batteries; Fixie Bikes: IE-KSB-4)."""
        return machine.nested(self, s, [(load_action, p)])

    def load_from_hand(self, s: IEState, rng: GameRandom, p: int) -> Flow:
        """Load a hand card onto an uncovered matching need of a ship at one's port. Returns
        the cards loaded (a power may load otherwise: `_load_instead`)."""
        return machine.nested(self, s, [(load_from_hand, p)])

    def contract_options(
        self, s: IEState, p: int, budget: int, cost: int, cards: list[int] | None = None
    ) -> list[Any]:
        """(card, contract id, ship) placements costing `cost` actions plus one per missing
        level within the budget, of p's hand cards (or of `cards`)."""
        options = []
        ships = self.ships_in_port(s, p)
        held: dict[int, Any] = {}  # ship index -> its own needs (_held_needs), made once
        levels: dict[int, int] = {}  # p's level per colour, as missing_levels counts it
        for card in s.hands[p] if cards is None else cards:
            for contract in self.cards.contracts[card]:
                missing = 0
                for color, need in contract.level.items():
                    level = levels.get(color)
                    if level is None:
                        level = levels[color] = self.level(s, p, color)
                    if need > level:
                        missing += need - level
                if cost + missing > budget:
                    continue
                for i, ship in ships:
                    if self._can_hold_at(held, i, ship, contract.id, s):
                        options.append((card, contract.id, i))
        return options

    def port_contract_options(self, s: IEState, p: int, budget: int) -> list[Any]:
        """(card, contract id, ship) placements of a Contract action from the Tokyo Port
        (IE-TOKYO-4), or from the island for a Toto Toilets owner without it (IE-TOKYO-5):
        the cards p can pay for."""
        if not (self.tokyo_port or s.mods[p].get("port_contract_free")):
            return []
        cards = [c for c in s.island if s.credits[p] >= self.port_cost(s, p, c)]
        return self.contract_options(s, p, budget, 1, cards) if cards else []

    def load_options(
        self, s: IEState, p: int, cards: list[int], fee: bool = True
    ) -> tuple[Any, ...]:
        """(card, ship, colour) loads of p; `fee`: a Flag card needs its 2 credits (a free
        load waives them: IE-FLAGP-4)."""
        # as fits(): each of p's ships at port with contracts, its needs computed once
        needs = [
            (i, self.remaining(ship, s=s)[0])
            for i, ship in enumerate(s.ships)
            if ship.owner == p and not ship.at_sea and ship.contracts
        ]
        if not needs:
            return ()
        wild = self.wild_colors(s, p)
        options = []
        for card in cards:
            if (
                fee
                and len(self.cards.colors[card]) > 1
                and s.credits[p] < self.rules.flag_load_cost
            ):
                continue  # IE-FLAG-1: a Flag card costs 2 to load
            for i, need in needs:
                for color in self._load_colors[card]:
                    if _fits_need(need, color, wild):
                        options.append((card, i, color))
        return tuple(options)

    def _load_instead(self, s: IEState, p: int) -> Flow:
        """Powers replacing one Load: Smart Cars (a hand card to the island for credits, once
        a turn, any card: IE-POWER-52), Cell Phones (load the top card of the deck; FAQ:
        IE-POWER-34) and Robo-Cats (a pair of cards as one container: IE-JP-8). Returns the
        cards loaded if the Load was used so (maybe none), else None."""
        mods = s.mods[p]
        island_pay = mods.get("load_to_island")
        if island_pay is not None and mods.get("load_to_island_turn") != s.turn and s.hands[p]:
            options = ("load", *(("island", c) for c in s.hands[p]))
            choice = yield Decision(p, SMART_CARS_USE, options)
            if choice != "load":
                s.hands[p].remove(choice[1])
                s.island.append(choice[1])
                mods["load_to_island_turn"] = s.turn
                self.gain(s, p, island_pay, tell.SMART_CARS)
                return ()
        if mods.get("load_draw") and any(
            not ship.at_sea and ship.contracts and any(self.remaining(ship, s=s)[0].values())
            for ship in s.ships_of(p)
        ):
            if (yield Decision(p, CELL_PHONES_USE, ("hand", "draw"))) == "hand":
                return None
            card = self.deck_pop(s)
            if card is None:
                return ()
            s.log[p]["drawn"].append(card)
            targets = []
            colors = self.cards.colors[card]
            if len(colors) == 1 or s.credits[p] >= self.rules.flag_load_cost:
                targets = [
                    (i, color)
                    for i, ship in enumerate(s.ships)
                    if ship.owner == p
                    for color in dict.fromkeys(colors)
                    if color != GREY and self.fits(ship, color, s)
                ]
            if not targets:
                s.hands[p].append(card)  # not loadable: kept in the hand
                return ()
            s.moving.append(card)
            i, color = yield Decision(p, CELL_PHONES_LOAD, tuple(targets), context=card)
            s.moving.remove(card)
            if len(colors) > 1:
                self.pay(s, p, self.rules.flag_load_cost, tell.FLAG_FEE)
            yield from self.load_container(s, p, s.ships[i], card, color)
            return (card,)
        pair = mods.get("pair_load")  # Robo-Cats (IE-JP-8)
        if pair is not None:
            pairs = self._pair_options(s, p, s.hands[p], *pair)
            if pairs:
                choice = yield Decision(p, ROBO_CATS_PAIR, ("pass", *pairs))
                if choice != "pass":
                    cards, i = choice
                    for card in cards:
                        s.hands[p].remove(card)
                    yield from self.load_pair(s, p, s.ships[i], cards, pair[0])
                    return cards
        return None

    def _pair_options(
        self, s: IEState, p: int, cards: list[int], color: int, per: int
    ) -> list[tuple[tuple[int, ...], int]]:
        """(cards, ship): `per` cards of one type p may load together as one container of
        `color` on a ship of his with a need it fits (Robo-Cats: IE-JP-8). Only single-colour
        cards pair (a Flag card has no one type)."""
        ships = [i for i, sh in enumerate(s.ships) if sh.owner == p and self.fits(sh, color, s)]
        if not ships:
            return []
        by_type: dict[int, list[int]] = {}
        for card in cards:
            if len(self.cards.colors[card]) == 1 and self.color[card] != GREY:
                by_type.setdefault(self.color[card], []).append(card)
        return [
            (group, i)
            for same in by_type.values()
            for group in combinations(sorted(same), per)
            for i in ships
        ]

    def discard_contracts(self, s: IEState, p: int, i: int) -> None:
        """The leader discards a ship's unfulfilled contracts; containers stay (FAQ); at his
        lead (IE-DISCARD-1) or in a window between his actions (IE-DISCARD-2)."""
        ship = s.ships[i]
        if s.trace is not None:
            s.trace.say(f"{seat(p)} discards the contracts on {tell.ship_name(s, i)}", p)
        for cid in ship.contracts:
            card = self.cards.card_of_contract[cid]
            s.discard.append(card)
            s.log[p]["discarded"].append(card)
        ship.contracts.clear()


# ---------------------------------------------------------------------- the actions as steps
# (core/machine.py: each step is `function(game, state, step)`, `step` the tuple pushed)


def perform(g: ActionRules, s: IEState, step: Step) -> Decision | None:
    """p performs his declared actions, a window before each (IE-ANYTIME-1); Contract
    actions are one batch, since extra ones may buy levels (IE-CONTRACT-1)."""
    p: int = step[1]
    action: int = step[2]
    count: int = step[3]
    if count <= 0:
        return None
    if action == CONTRACT:
        if g.window_wanted(s):
            s.stack.append((contract_actions, p, count))
            windows.push_window(s, windows.Moment("before_action", p, action))
            return None
        return contract_actions(g, s, (contract_actions, p, count))
    return perform_one(g, s, (perform_one, p, action, count, 0))


def perform_one(g: ActionRules, s: IEState, step: Step) -> Decision | None:
    """The k-th of p's `count` actions of one type; after the last, Machine Arms' extra
    loads (IE-POWER-41)."""
    p: int = step[1]
    action: int = step[2]
    count: int = step[3]
    k: int = step[4]
    stack = s.stack
    if k == count:
        if action == LOAD and p == s.leader and s.mods[p].get("load_unlimited"):
            return load_more(g, s, (load_more, p))
        return None
    stack.append((perform_one, p, action, count, k + 1))
    if action == SUPPLY:
        act: Step = (supply, p)
    elif action == LOAD:
        act = (load_action, p)
    elif action == PIRATE:
        act = (pirate, p, False)
    else:
        act = (barter, p)
    port_action = p == s.leader and action in (LOAD, PIRATE)  # the discard (IE-DISCARD-2)
    if g.window_wanted(s) or (port_action and k):
        stack.append(act)
        windows.push_window(s, windows.Moment("before_action", p, action, k))
        return None
    return act[0](g, s, act)  # type: ignore[no-any-return]


def supply(g: ActionRules, s: IEState, step: Step) -> Decision | None:
    """Sell a hand card for 4 (once a turn), or take an island card to crew (IE-SUPPLY-1)."""
    p: int = step[1]
    options: list[Any] = []
    if not s.sold_this_turn[p]:
        options.extend(("sell", c) for c in s.hands[p])
    options.extend(("crew", c) for c in s.island)
    if not options:
        return None
    s.stack.append((supplied, p))
    return Decision(p, SUPPLY_CHOICE, tuple(options))


def supplied(g: ActionRules, s: IEState, step: Step) -> Decision | None:
    p: int = step[1]
    verb, card = s.answer
    if verb == "sell":
        if s.trace is not None:
            where = tell.island_name(g.whole)
            s.trace.say(f"{seat(p)} sells {g.names[card]} to {where}", p)
        s.hands[p].remove(card)
        s.island.append(card)
        s.sold_this_turn[p] = True
        s.log[p]["sold"].append(card)
        g.gain(s, p, g.rules.sell_price, tell.SALE)
        return None
    if s.trace is not None:
        where = tell.island_name(g.whole)
        s.trace.say(f"{seat(p)} takes {g.names[card]} from {where} to crew", p)
    s.island.remove(card)
    if g.to_crew(s, p, card):
        g.emit_step(s, "crew_added", p, card)
    return None


def barter(g: ActionRules, s: IEState, step: Step) -> Decision | None:
    """Barter: swap one hand card for one card of the supply island (`s.island`, which
    holds the Tokyo Port's cards when it replaces the island); with an empty hand or
    island nothing happens (IE-CAP-8, IE-CAP-9)."""
    p: int = step[1]
    options = tuple((h, i) for h in s.hands[p] for i in s.island)
    if not options:
        return None
    s.stack.append((bartered, p))
    return Decision(p, BARTER_CHOICE, options)


def bartered(g: ActionRules, s: IEState, step: Step) -> Decision | None:
    p: int = step[1]
    given, taken = s.answer
    if s.trace is not None:
        s.trace.say(f"{seat(p)} barters {g.names[given]} for {g.names[taken]}", p)
    s.hands[p].remove(given)
    s.island.remove(taken)
    s.island.append(given)
    s.hands[p].append(taken)
    return None


def contract_actions(g: ActionRules, s: IEState, step: Step) -> Decision | None:
    """Place contracts; extra actions each buy one missing level (IE-CONTRACT-1)."""
    p: int = step[1]
    budget: int = step[2]
    if budget <= 0:
        return None
    options = g.contract_options(s, p, budget, 1)
    from_port = g.port_contract_options(s, p, budget)  # IE-TOKYO-4
    if not options and not from_port:
        return None  # a contract action with nothing legal is wasted (FAQ)
    # paying for a Port card is never forced: with no hand card, one may stop
    offered = (*options, *from_port) if options else ("stop", *from_port)
    s.stack.append((contract_chosen, p, budget))
    return Decision(p, CONTRACT_CHOICE, offered)


def contract_chosen(g: ActionRules, s: IEState, step: Step) -> Decision | None:
    p: int = step[1]
    budget: int = step[2]
    choice = s.answer
    if choice == "stop":
        return None
    card, contract_id, i = choice
    budget -= 1 + g.missing_levels(s, p, contract_id)
    s.stack.append((contract_placed, p, budget))
    if card in s.island:
        g.pay(s, p, g.port_cost(s, p, card), tell.PORT_COST)
        return place_contract(g, s, (place_contract, p, card, contract_id, i, FROM_ISLAND))
    return place_contract(g, s, (place_contract, p, card, contract_id, i, FROM_HAND))


def contract_placed(g: ActionRules, s: IEState, step: Step) -> Decision | None:
    """After a placement: Jasmine Tea places more (IE-FLAGP-12), then the next action."""
    p: int = step[1]
    budget: int = step[2]
    if s.mods[p].get("contracts_unlimited"):
        s.stack.append((contract_actions_left, p))
        return contract_more(g, s, (contract_more, p, budget))
    return contract_actions(g, s, (contract_actions, p, budget))


def contract_actions_left(g: ActionRules, s: IEState, step: Step) -> Decision | None:
    """The Contract actions left after Jasmine Tea's placements (its `ret`)."""
    return contract_actions(g, s, (contract_actions, step[1], s.ret))


def contract_more(g: ActionRules, s: IEState, step: Step) -> Decision | None:
    """Jasmine Tea: the contract action just performed places further cards, one by one
    until its performer stops; a missing level still costs one more action (IE-FLAGP-12).
    Returns (`ret`) the actions left."""
    p: int = step[1]
    budget: int = step[2]
    options = g.contract_options(s, p, budget, 0)
    if not options:
        s.ret = budget
        return None
    s.stack.append((contract_more_chosen, p, budget))
    return Decision(p, JASMINE_TEA_PLACE, ("stop", *options))


def contract_more_chosen(g: ActionRules, s: IEState, step: Step) -> Decision | None:
    p: int = step[1]
    budget: int = step[2]
    choice = s.answer
    if choice == "stop":
        s.ret = budget
        return None
    card, contract_id, i = choice
    budget -= g.missing_levels(s, p, contract_id)
    s.stack.append((contract_more, p, budget))
    return place_contract(g, s, (place_contract, p, card, contract_id, i, FROM_HAND))


def load_action(g: ActionRules, s: IEState, step: Step) -> Decision | None:
    """One Load action: load, then tell the powers which cards it loaded (its `ret`)."""
    p: int = step[1]
    s.stack.append((load_action_told, p))
    return load_from_hand(g, s, (load_from_hand, p))


def load_action_told(g: ActionRules, s: IEState, step: Step) -> Decision | None:
    g.emit_step(s, "load_action", step[1], s.ret)
    return None


def load_from_hand(g: ActionRules, s: IEState, step: Step) -> Decision | None:
    """Load a hand card onto an uncovered matching need of a ship at one's port; `ret`:
    the cards loaded. Powers may load otherwise first (`_load_instead`: Smart Cars, Cell
    Phones, Robo-Cats)."""
    p: int = step[1]
    if s.mods[p]:
        s.stack.append((load_from_hand_rest, p))
        machine.push_flow(s, _load_instead_of(p))
        return None
    return _ask_load(g, s, p)


def _load_instead_of(p: int) -> machine.MakeFlow:
    def make(g: ActionRules, s: IEState) -> Flow:
        return g._load_instead(s, p)

    return make


def load_from_hand_rest(g: ActionRules, s: IEState, step: Step) -> Decision | None:
    if s.ret is not None:  # a power loaded instead (maybe nothing): its cards are `ret`
        return None
    return _ask_load(g, s, step[1])


def _ask_load(g: ActionRules, s: IEState, p: int) -> Decision | None:
    options = g.load_options(s, p, s.hands[p])
    if not options:
        s.ret = ()
        return None
    s.stack.append((loaded_from_hand, p))
    return Decision(p, LOAD_CHOICE, options)


def loaded_from_hand(g: ActionRules, s: IEState, step: Step) -> Decision | None:
    p: int = step[1]
    card, i, color = s.answer
    if len(g.cards.colors[card]) > 1:
        g.pay(s, p, g.rules.flag_load_cost, tell.FLAG_FEE)
    s.hands[p].remove(card)
    s.stack.append((returns, (card,)))
    return load_container(g, s, (load_container, p, i, card, color))


def returns(g: ActionRules, s: IEState, step: Step) -> Decision | None:
    """Hand `step[1]` to the next step (`ret`): what a step's steps produced."""
    s.ret = step[1]
    return None


def load_more(g: ActionRules, s: IEState, step: Step) -> Decision | None:
    """After his declared Loads, a leader may go on loading hand cards, one by one."""
    p: int = step[1]
    options = g.load_options(s, p, s.hands[p])
    if not options:
        return None
    s.stack.append((loaded_more, p))
    return Decision(p, MACHINE_ARMS_LOAD, ("stop", *options))


def loaded_more(g: ActionRules, s: IEState, step: Step) -> Decision | None:
    p: int = step[1]
    choice = s.answer
    if choice == "stop":
        return None
    card, i, color = choice
    if len(g.cards.colors[card]) > 1:
        g.pay(s, p, g.rules.flag_load_cost, tell.FLAG_FEE)
    s.hands[p].remove(card)
    s.stack.append((load_more, p))
    return load_container(g, s, (load_container, p, i, card, color))
