"""The heuristic bots' valuation: every option of a decision valued in credits from the
seat's `IEView` only (own hand, public table).

- a container that fits a ship at port is worth its share of the ship's payout (more when
  it completes the ship);
- a contract is worth its payout, discounted by how many containers are still missing and
  by how many of their colours can be found (hand, ships at sea, the supply island);
- a good is worth its end-game points, the majority it takes or keeps, its step towards
  the five-colour set bonus and the levels it opens; a crew card is worth the extra
  actions of its type, weighted by the bot's taste for that action;
- a hand card is worth the best of those uses.

`Table` is one decision's valuation, `Weights` the bot's parameters it reads and the values
it keeps from one decision to the next; the tables that hold for the whole match are in
match_tables.py, the decisions that use the values in heuristic.py.

Typed precisely so that mypyc compiles it into native classes (docs/performance.md); as
plain Python it runs the same code.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final, SupportsFloat, cast

from simulator.games.import_export.cards import (
    ANY,
    BLACK,
    BLUE,
    CONTRACT,
    GREEN,
    GREY,
    PIRATE,
    RED,
    SUPPLY,
    YELLOW,
)
from simulator.games.import_export.view import IEView
from strategies.import_export.match_tables import (
    FULFIL_BONUS,
    GOODS,
    MatchTables,
    Port,
    Row,
    Trial,
    fill,
)

MAJORITY_COLORS: Final = (GREEN, YELLOW, BLACK, BLUE)
"""The goods colours with a majority bonus (tech, agriculture, consumer, luxury)."""

NOTHING: Final[frozenset[int]] = frozenset()
"""No contract ids (a Table without `rules_ships` treats no contract as Legos-like)."""

HOLD: Final = 0.6
"""A card in hand is worth this share of what it does once played (it still needs an action)."""

Best = tuple[float, int, int, int]
"""`best_contract`'s answer: (value, contract id, missing levels, ship index)."""

Play = int | tuple[int, int]
"""What declares an action (turn.py's `play_options`): a hand card, or two hand cards of one
colour as a wildcard (IE-TURN-1)."""


def credit_race(view: IEView) -> float:
    """How near its credits bring the game to its end: the largest share any seat holds of
    the credits that end it for him (`view.end_credits_for`: MRI Machine moves every
    seat's; a seat whose credits never end it, Can Openers, counts for nothing)."""
    credits = view.credits
    share = 0.0
    for q in range(len(credits)):
        threshold = view.end_credits_for(q)
        if threshold is not None:
            mine = credits[q] / threshold
            if mine > share:
                share = mine
    return share


class Weights:
    """A heuristic bot's parameters (`IEClassic.params`, described there) as numbers,
    what follows from them (tastes per action and per crew card, the fulfil bonus), and the
    values the valuation keeps from one decision to the next (one per bot, so per seat)."""

    def __init__(self, settings: Mapping[str, SupportsFloat]) -> None:
        self.contract_bias = float(settings["contract_bias"])
        self.load_bias = float(settings["load_bias"])
        self.import_bias = float(settings["import_bias"])
        self.pirate_bias = float(settings["pirate_bias"])
        self.supply_bias = float(settings["supply_bias"])
        self.bid_share = float(settings["bid_share"])
        self.collect = float(settings["collect"])
        self.deny = float(settings["deny"])
        self.draw = float(settings["draw"])
        self.race = float(settings["race"])
        self.pref: tuple[float, ...] = (
            self.supply_bias,
            self.import_bias,
            self.contract_bias,
            self.load_bias,
            self.pirate_bias,
            0.0,
        )
        """Taste per action (SUPPLY..PIRATE, BARTER): action values and crew cards (a
        tuple of any length to mypyc: indexed by a variable, a fixed one is boxed anew)."""
        self.bonus = FULFIL_BONUS * (1.0 + 0.5 * self.collect)
        """Beyond the payout, what fulfilling a contract is worth to me."""
        pref = self.pref
        self.crew_taste = [
            1.0 + 3.0 * pref[a] * (0.5 if a == SUPPLY else 1.0) for a in range(len(pref))
        ]
        """By action: a crew card's worth to me, before the nearness of the end."""
        self.least_costs = self.load_bias >= 0 or self.contract_bias >= 0
        """Whether a card's worth is never under its taste share (its use is never
        negative), so that `IEClassic._least_cost` bounds a play's cost from below."""
        self.rules_ships = False
        """Whether my ships' needs, room and payout are the rules' with my powers (the
        view's `ship_*` queries: Tablets, the wild and rainbow colours, Yen, Partnership,
        Legos) and my wild colours' cards fill any slot, or the printed rules' (the classic
        bot, kept as it played)."""
        self.rules_seats = False
        """Whether the rule numbers a card changes for a seat (the hand size a Draw fills
        to, the credits that end the game) are each seat's own, asked of the view
        (`draws_to`, `end_credits_for`: Mineral Fuels, MRI Machine, Can Openers), or the
        printed ones for every seat (the classic bot, kept as it played)."""
        self.rules_crew = False
        """Whether my crew actions per type are the rules' count (the view's
        `crew_actions`: printed crew and what powers add) or my crew cards' printed types
        only (the classic bot, kept as it played)."""
        self.worth_memo: tuple[tuple[object, ...], dict[int, float]] | None = None
        """The last hand worth and the table it was computed on (lead, then lead_with)."""
        self.taste_memo: tuple[MatchTables, list[float]] | None = None
        """`taste` for the last tables met (hashing the tuple of tastes cost more)."""
        self.levels_memo: tuple[tuple[object, ...], dict[int, int], dict[int, int]] | None = None
        """Missing levels by contract id, levels by colour, and the goods and crew (and
        view: the game) they were computed on."""

    def taste(self, static: MatchTables) -> list[float]:
        """By card: the share of my taste for its action a card in hand is worth anyway."""
        memo = self.taste_memo
        if memo is not None and memo[0] is static:
            return memo[1]
        tastes = static.tastes.get(self.pref)
        if tastes is None:
            pref = self.pref
            tastes = static.tastes[pref] = [0.3 * pref[a] for a in static.cards.actions]
        self.taste_memo = (static, tastes)
        return tastes


class Table:
    """What a decision needs from the view: the hand and credits read at once, every other
    field read or computed on first use (the properties), and every costly value memoised
    for the rest of the decision.

    A hand-colour variant is named by the colour taken out (`drop`, -1 for the whole hand):
    the hand without one card, the card being valued or played."""

    __slots__ = (
        "weights",
        "view",
        "static",
        "cards",
        "base",
        "color",
        "me",
        "bonus",
        "hand",
        "credits",
        "_rows",
        "_island",
        "_port_offers",
        "_crew_room",
        "_goods_room",
        "_my_goods",
        "_my_crew",
        "_hand_colors",
        "_sea",
        "_ports",
        "_crew_actions",
        "_sea_weight",
        "_missing",
        "_levels",
        "_goods_counts",
        "_rival_most",
        "_empty_goods",
        "_level_wants",
        "_late",
        "_crew_values",
        "_worth",
        "_best",
        "_avail",
        "_olds",
        "_goods_values",
        "_ship_values",
        "_home",
        "_slots",
        "_by_action",
        "_pairs",
        "_unlimited",
        "_wild",
        "_ship_mods",
    )

    def __init__(self, weights: Weights, view: IEView, static: MatchTables) -> None:
        self.weights = weights
        self.view = view
        self.static = static
        self.cards = static.cards
        self.base = static.base
        self.color = static.color
        self.me: int = view.player
        self.bonus = weights.bonus
        self.hand: tuple[int, ...] = view.hand
        self.credits: tuple[int, ...] = view.credits
        self._rows: tuple[Row, ...] | None = None
        self._island: tuple[int, ...] | None = None
        self._port_offers: dict[int, int] | None = None
        self._crew_room: int | None = None
        self._goods_room: int | None = None
        self._my_goods: tuple[int, ...] | None = None
        self._my_crew: tuple[int, ...] | None = None
        self._hand_colors: list[int] | None = None
        self._sea: list[int] | None = None
        self._ports: list[Port] | None = None
        self._crew_actions: list[int] | None = None
        self._sea_weight: float | None = None
        self._missing: dict[int, int] | None = None
        self._levels: dict[int, int] | None = None
        self._goods_counts: list[list[int]] | None = None
        self._rival_most: list[int] | None = None
        self._empty_goods: tuple[int, ...] | None = None
        self._level_wants: dict[int, int] | None = None
        self._late: float | None = None
        self._crew_values: list[float] | None = None
        self._worth: dict[int, float] | None = None
        self._best: dict[int, Best] = {}
        """`best_contract` by the int it packs its arguments into."""
        self._avail: list[list[float] | None] = [None] * 8
        """`avail(drop)` by drop + 1 (-1, the whole hand, first)."""
        self._olds: dict[int, float] = {}
        """A port's expected payout without the contract tried, by port index * 8 + the
        `avail` variant read (0..7)."""
        self._goods_values: dict[int, list[float | None]] = {}
        """`goods_values` by room * 8 + the extra colour + 1 (the colour -1..5, -1: none)."""
        self._ship_values: dict[int, float] = {}
        self._home: float | None = None
        self._slots: dict[int, list[float]] | None = None
        self._by_action: list[list[Play]] | None = None
        self._pairs: list[Play] | None = None
        self._unlimited: frozenset[int] = static.unlimited if weights.rules_ships else NOTHING
        """Legos-like contract ids whose trials ask the rules (`rules_ships`; else none)."""
        self._wild: tuple[int, ...] | None = None
        self._ship_mods: tuple[object, ...] | None = None

    # ------------------------------------------------------------------ view fields

    @property
    def rows(self) -> tuple[Row, ...]:
        rows = self._rows
        if rows is None:
            rows = self._rows = self.view.ships
        return rows

    @property
    def island(self) -> tuple[int, ...]:
        island = self._island
        if island is None:
            island = self._island = self.view.island
        return island

    @property
    def port_offers(self) -> dict[int, int]:
        """Tokyo Port cards I could pay to place as contracts, and their cost (IE-TOKYO-4)."""
        offers = self._port_offers
        if offers is None:
            offers = self._port_offers = {}
            view = self.view
            if view.tokyo_port:
                mine = self.credits[self.me]
                for card in self.island:
                    cost = view.port_cost(card)
                    if cost <= mine:
                        offers[card] = cost
        return offers

    @property
    def crew_room(self) -> int:
        room = self._crew_room
        if room is None:
            room = self._crew_room = self.view.crew_room()
        return room

    @property
    def goods_room(self) -> int:
        room = self._goods_room
        if room is None:
            room = self._goods_room = self.view.goods_room()
        return room

    @property
    def my_goods(self) -> tuple[int, ...]:
        goods = self._my_goods
        if goods is None:
            goods = self._my_goods = self.view.goods(self.me)
        return goods

    @property
    def my_crew(self) -> tuple[int, ...]:
        crew = self._my_crew
        if crew is None:
            crew = self._my_crew = self.view.crew(self.me)
        return crew

    @property
    def hand_colors(self) -> list[int]:
        hc = self._hand_colors
        if hc is None:
            hc = self._hand_colors = [0] * 7
            color = self.color
            for c in self.hand:
                hc[color[c]] = hc[color[c]] + 1
        return hc

    @property
    def sea(self) -> list[int]:
        """Per colour, the containers on ships at sea and the cards on the supply island."""
        sea = self._sea
        if sea is None:
            sea = self._sea = [0] * 7
            for row in self.rows:
                if row[1]:
                    for c in row[4]:
                        if c != GREY:
                            sea[c] = sea[c] + 1
            color = self.color
            for card in self.island:
                sea[color[card]] = sea[color[card]] + 1
        return sea

    @property
    def ports(self) -> list[Port]:
        """My ships at port, in ship order: with `rules_ships`, those my powers (or a Legos
        on them) make hold or pay otherwise than printed asked of the rules each decision."""
        ports = self._ports
        if ports is None:
            me = self.me
            static = self.static
            unlimited = self._unlimited
            mods = self.ship_mods
            ports = self._ports = []
            for i, row in enumerate(self.rows):
                if row[0] == me and not row[1]:
                    if mods or (unlimited and not unlimited.isdisjoint(row[2])):
                        ports.append(static.live_port(i, row, mods, self.view))
                    else:
                        ports.append(static.port(i, row))
        return ports

    @property
    def ship_mods(self) -> tuple[object, ...]:
        """My powers' changes to what my ships hold or pay (`view.ship_mods`) with
        `rules_ships`, else none (the printed rules)."""
        mods = self._ship_mods
        if mods is None:
            mods = self._ship_mods = self.view.ship_mods() if self.weights.rules_ships else ()
        return mods

    @property
    def wild(self) -> tuple[int, ...]:
        """Container colours wild on my ships (`rules_ships`; else none): a card of one
        fills a slot of any colour."""
        wild = self._wild
        if wild is None:
            wild = ()
            if self.ship_mods:
                wild = self.view.wild_colors()
            self._wild = wild
        return wild

    def trial(self, port: Port, cid: int) -> Trial:
        """The port's ship with the contract added: asked of the rules for a live port
        (`MatchTables.live_port`) and for a Legos-like contract, else from the shared
        tables."""
        if port.live:
            return self.static.live_trial(port, cid, self.view)
        if cid in self._unlimited:
            return self.static.trial(port, cid, True)
        return port.trials.get(cid) or self.static.trial(port, cid)

    @property
    def crew_actions(self) -> list[int]:
        """My crew actions per action type: the rules' count with `Weights.rules_crew`,
        else my crew cards' printed types."""
        ca = self._crew_actions
        if ca is None and self.weights.rules_crew:
            ca = self._crew_actions = self.view.crew_actions_by_type()
        if ca is None:
            ca = self._crew_actions = [0] * 6
            actions = self.static.actions
            for card in self.my_crew:
                ca[actions[card]] = ca[actions[card]] + 1
        return ca

    @property
    def sea_weight(self) -> float:
        """How much a container at sea or on the island counts as available to me."""
        weight = self._sea_weight
        if weight is None:
            weight = self._sea_weight = min(
                0.9, 0.3 + 0.25 * self.weights.pirate_bias + 0.1 * self.crew_actions[PIRATE]
            )
        return weight

    def _level_memo(self) -> tuple[dict[int, int], dict[int, int]]:
        """(missing levels by contract id, my levels by colour), kept by the bot while my
        goods (what levels come from, with my port), crew and fulfilled contracts (where
        powers live) stay the same, in the same game (the view)."""
        view = self.view
        key = (view, self.my_goods, self.my_crew, view.fulfilled(self.me))
        w = self.weights
        memo = w.levels_memo
        if memo is None or memo[0] != key:
            memo = w.levels_memo = (key, {}, {})
        self._missing = memo[1]
        self._levels = memo[2]
        return memo[1], memo[2]

    def missing_levels(self, cid: int) -> int:
        missing = self._missing
        if missing is None:
            missing = self._level_memo()[0]
        value = missing.get(cid)
        if value is None:
            value = missing[cid] = self.view.missing_levels(cid)
        return value

    def level(self, color: int) -> int:
        levels = self._levels
        if levels is None:
            levels = self._level_memo()[1]
        value = levels.get(color)
        if value is None:
            value = levels[color] = self.view.level(color)
        return value

    # ------------------------------------------------------------------ availability

    def avail(self, drop: int) -> list[float]:
        """Per colour, the containers the hand (without one card of colour `drop`), the sea
        and later draws can be expected to give (`_avail[drop + 1]`, built on first use)."""
        avails = self._avail
        avail = avails[drop + 1]
        if avail is None:
            hc = self.hand_colors
            sea = self.sea
            weight = self.sea_weight
            base = avails[0]
            if base is None:
                base = avails[0] = [hc[c] + weight * sea[c] + 0.35 for c in range(7)]
            if drop < 0:
                return base
            avail = base[:]
            avail[drop] = hc[drop] - 1 + weight * sea[drop] + 0.35
            avails[drop + 1] = avail
        return avail

    # ------------------------------------------------------------------ contracts

    def contract_value(self, cid: int, port: Port, drop: int) -> float | None:
        """What placing this contract on this ship adds (before the contract bias), or None
        when the ship cannot hold it (cargo plus unused leftovers over the capacity)."""
        trial = self.trial(port, cid)
        return self._placed(trial, port, drop) if trial.fits else None

    def _placed(self, trial: Trial, port: Port, drop: int) -> float:
        """`contract_value` computed: the ship's expected payout with the contract less
        without it (a card's colour taken out of the hand only matters where it is read)."""
        avails = self._avail
        bonus = self.bonus
        if trial.left:
            need = trial.need
            seen = need.seen[drop + 1]
            avail = avails[seen] or self.avail(seen - 1)
            gain = trial.pay + trial.contracts * bonus
            new = gain * fill(need, avail) * trial.tempo
        else:  # leftovers already cover it: fulfilled at once
            new = trial.pay + trial.contracts * bonus
        need = port.needs
        seen = need.seen[drop + 1]
        old_key = port.index * 8 + seen
        olds = self._olds
        old = olds.get(old_key)
        if old is None:
            old = 0.0
            if port.left:
                gain = port.pay + port.contracts * bonus
                avail = avails[seen] or self.avail(seen - 1)
                old = gain * fill(need, avail) * port.tempo
            olds[old_key] = old
        return new - old

    def island_worth(self, card: int) -> float:
        """What a supply island card would be worth in my hand (Barter), valued as `worth`
        values a hand card: the best open slot it fills, or its best contract."""
        slots = self.slots()
        rainbow = slots.get(ANY)
        load = 0.0
        wild = self.wild
        for c in self.cards.colors[card]:
            if c in wild:  # fills any slot (IE-POWER-7)
                load = max(load, best_open_slot(slots)[0])
            elif c != GREY:
                own = slots.get(c)
                if own and own[0] > load:
                    load = own[0]
                if rainbow and rainbow[0] > load:
                    load = rainbow[0]
        contract = self.best_contract(card, -1, 1 + self.crew_actions[CONTRACT])[0]
        w = self.weights
        use = max(w.load_bias * load, w.contract_bias * contract)
        return HOLD * use + 0.3 * w.pref[self.static.actions[card]]

    def home_value(self) -> float:
        """What bringing a ship of mine home from sea is worth now: the best contract in
        hand placed on an empty ship, when no ship at port has room for one."""
        home = self._home
        if home is None:
            home = 0.5
            if self.hand and not any(p.room >= 2 for p in self.ports):
                best = 0.0
                budget = 1 + self.crew_actions[CONTRACT]
                card_terms = self.static.card_terms
                color = self.color
                for card in self.hand:
                    drop = color[card]
                    for cid, t in card_terms[card]:
                        avail = self.avail(t.need.seen[drop + 1] - 1)
                        value = (t.pay + self.bonus) * fill(t.need, avail) * t.tempo
                        if self.missing_levels(cid) >= budget:
                            value *= 0.3
                        best = max(best, value)
                home += self.weights.contract_bias * best
            self._home = home
        return home

    def best_contract(self, card: int, drop: int, budget: int, skip: int = -1) -> Best:
        """(value, contract id, missing levels, ship index) of this card's best placement,
        before the contract bias; ship -1 when no ship at port has room (a later ship)."""
        # One int for (card, budget, skip, drop): a tuple key cost an allocation, a hash
        # and a comparison per call. Injective: card and skip + 1 are under `radix` (items,
        # ships), drop + 1 under 8 (a colour or -1), budget outermost (any size).
        radix = self.static.radix
        key = ((budget * radix + skip + 1) * radix + card) * 8 + drop + 1
        best = self._best.get(key)
        if best is not None:
            return best
        best = (0.0, -1, 0, -1)
        ports = self.ports
        missing_levels = self._missing
        if missing_levels is None:
            missing_levels = self._level_memo()[0]
        static = self.static
        unlimited = self._unlimited
        for cid, t in self.static.card_terms[card]:
            missing = missing_levels.get(cid)
            if missing is None:
                missing = missing_levels[cid] = self.view.missing_levels(cid)
            value, where = 0.0, -1
            plain = cid not in unlimited
            for port in ports:
                index = port.index
                if index != skip:
                    if plain and not port.live:  # `trial`'s shared case, inline (hot)
                        trial = port.trials.get(cid) or static.trial(port, cid)
                    else:
                        trial = self.trial(port, cid)
                    if trial.fits:
                        v = self._placed(trial, port, drop)
                        if where < 0 or v > value:
                            value, where = v, index
            if where < 0:  # no room now: worth keeping for a later ship
                gain = t.pay + self.bonus
                need = t.need
                seen = need.seen[drop + 1]
                avail = self._avail[seen] or self.avail(seen - 1)
                value = 0.3 * gain * fill(need, avail) * t.tempo
            if missing >= budget:
                value *= 0.3
            if value > best[0]:
                best = (value, cid, missing, where)
        self._best[key] = best
        return best

    # ------------------------------------------------------------------ hand worth

    def slots(self) -> dict[int, list[float]]:
        """Per colour, the value of each uncovered container need at my ports, best first
        (shared: copy before taking from it)."""
        slots = self._slots
        if slots is None:
            slots = {}
            for port in self.ports:
                for c, v in port.need.items():
                    slots.setdefault(c, []).extend([port.slot] * v)
            for values in slots.values():
                values.sort(reverse=True)
            self._slots = slots
        return slots

    def worth(self) -> dict[int, float]:
        """What keeping each hand card is worth: as a container for a ship at port, as one
        of the contracts I can place next, as a container those contracts will need."""
        worth = self._worth
        if worth is not None:
            return worth
        w = self.weights
        hand = self.hand
        key: tuple[object, ...] = (
            self.view,
            hand,
            self.rows,
            self.island,
            self.credits,
            self.my_goods,
            self.my_crew,
        )
        if w.rules_ships:  # my powers' changes to my ships (they come and go with cards)
            key = (*key, self.ship_mods)
        memo = w.worth_memo
        if memo is not None and memo[0] == key:  # same table as the last decision
            self._worth = memo[1]
            return memo[1]
        static = self.static
        color = self.color
        colors = static.colors
        flag_ok = self.credits[self.me] >= self.base.flag_load_cost
        slots = self.slots()
        load: dict[int, float]
        wild = self.wild
        if slots:
            slots = {c: v[:] for c, v in slots.items()}
            load = {card: _take_slot(slots, colors[card], flag_ok, wild) for card in hand}
        else:
            load = dict.fromkeys(hand, 0.0)
        budget = 1 + self.crew_actions[CONTRACT]
        offers = []
        for card in hand:
            value, cid, _, _ = self.best_contract(card, color[card], budget)
            offers.append((value, card, cid))
        offers.sort(reverse=True)  # (cards are unique: the contract ids are never compared)
        places = 0
        for p in self.ports:
            if p.room >= 2:
                places += 1
        places = max(1, places)
        contract: dict[int, float] = {}
        kept: set[int] = set()
        demand: dict[int, list[float]] = {}
        terms = static.terms
        rank = 0
        for value, card, cid in offers:
            if rank < places and value > 0:
                contract[card] = value
                kept.add(card)
                per = terms[cid].demand
                for c, k in static.cargo[cid]:
                    demand.setdefault(c, []).extend([per] * k)
            else:
                contract[card] = 0.3 * value
            rank += 1
        for values in demand.values():
            values.sort(reverse=True)
        worth = {}
        taste = w.taste(static)
        load_bias = w.load_bias
        contract_bias = w.contract_bias
        for card in hand:
            held = load[card]
            if demand and card not in kept:  # a container the kept contracts will need
                support = _take_slot(demand, colors[card], flag_ok, wild)
                if support > held:
                    held = support
            a, b = load_bias * held, contract_bias * contract[card]
            worth[card] = HOLD * (a if a >= b else b) + taste[card]
        self._worth = worth
        w.worth_memo = (key, worth)
        return worth

    def card_worth(self, card: int) -> float:
        """A card's `worth`, 0 for one not in my hand: what the power rules ask for (the
        hand's worth is computed only if a rule asks)."""
        return self.worth().get(card, 0.0) if self.hand else 0.0

    def play_cost(self, option: Play) -> float:
        worth = self.worth()
        if isinstance(option, tuple):
            return worth[option[0]] + worth[option[1]]
        return worth[option]

    def cheapest_play(self, options: Sequence[Play]) -> tuple[Play, float]:
        best, cost = options[0], float("inf")
        worth = self.worth()
        for option in options:
            c = worth[option[0]] + worth[option[1]] if isinstance(option, tuple) else worth[option]
            if c < cost:
                best, cost = option, c
        return best, cost

    def play_options(self, action: int, following: bool = False) -> list[Play]:
        """The cards (or same-colour pairs) that could declare this action; with none, the
        ways my powers give (3D Printers, Rice Cookers, Chopsticks: the view asks the rules).
        Shared for the decision: never mutate."""
        by_action = self._by_action
        if by_action is None:  # the hand by action, in hand order
            by_action = self._by_action = [[] for _ in range(6)]
            actions = self.cards.actions
            for c in self.hand:
                by_action[actions[c]].append(c)
        singles = by_action[action]
        if singles:
            return singles
        pairs = self._pairs
        if pairs is None:  # wildcards: any two cards of one colour
            hand = self.hand
            color = self.color
            pairs = self._pairs = []
            for i, a in enumerate(hand):
                for b in hand[i + 1 :]:
                    if color[a] == color[b]:
                        pairs.append((a, b))
        # (the view types its plays `object`: they are cards and pairs, turn.py's)
        return pairs or list(cast("tuple[Play, ...]", self.view.play_options(action, following)))

    # ------------------------------------------------------------------ goods and crew

    @property
    def goods_counts(self) -> list[list[int]]:
        """Per player, goods per colour."""
        counts = self._goods_counts
        if counts is None:
            color = self.color
            view = self.view
            counts = self._goods_counts = []
            for p in range(view.n_players):
                c = [0] * 6
                for card in view.goods(p):
                    c[color[card]] = c[color[card]] + 1
                counts.append(c)
        return counts

    @property
    def rival_most(self) -> list[int]:
        """Per colour, the most goods any rival holds."""
        most = self._rival_most
        if most is None:
            most = self._rival_most = [0] * 6
            me = self.me
            for q, counts in enumerate(self.goods_counts):
                if q != me:
                    for c in range(6):
                        if counts[c] > most[c]:
                            most[c] = counts[c]
        return most

    @property
    def empty_goods(self) -> tuple[int, ...]:
        """The goods colours (of the five-colour set) I have none of."""
        empty = self._empty_goods
        if empty is None:
            mine = self.goods_counts[self.me]
            empty = self._empty_goods = tuple(c for c in GOODS if mine[c] == 0)
        return empty

    @property
    def level_wants(self) -> dict[int, int]:
        """Levels still missing, per colour, for the contracts in my hand."""
        wants = self._level_wants
        if wants is None:
            wants = self._level_wants = {}
            card_levels = self.static.card_levels
            for card in self.hand:
                for c, need in card_levels[card]:
                    gap = need - self.level(c)
                    if gap > 0:
                        wants[c] = max(wants.get(c, 0), gap)
        return wants

    @property
    def late(self) -> float:
        """How near its credits bring the game to its end (1.0 at a seat's end threshold):
        each seat's own threshold with `rules_seats` (`credit_race`), else the richest
        player's share of the printed one (the classic bot)."""
        late = self._late
        if late is None:
            if self.weights.rules_seats:
                late = self._late = credit_race(self.view)
            else:
                late = self._late = max(self.credits) / self.base.end_credits
        return late

    @property
    def draws_to(self) -> int:
        """The hand size my Draw fills up to: my seat's (`view.draws_to`: Mineral Fuels)
        with `rules_seats`, else the printed one (the classic bot)."""
        if self.weights.rules_seats:
            return self.view.draws_to()
        return self.base.draw_to

    def goods_value(self, card: int, room: int | None = None, extra: int = -1) -> float:
        """End-game points, majority, set progress and levels a good brings me (0 without
        room); `extra` is a colour of good taken just before it."""
        room = self.goods_room if room is None else room
        if room <= 0:
            return 0.0
        color = self.color[card]
        values = self.goods_values(room, extra)
        value = values[color]
        if value is None:
            value = values[color] = self._goods_value(color, room, extra)
        return value

    def goods_values(self, room: int, extra: int) -> list[float | None]:
        """`goods_value` by colour (None until computed; 0.0 without room)."""
        key = room * 8 + extra + 1  # extra + 1 in 0..7: injective
        values = self._goods_values.get(key)
        if values is None:
            values = self._goods_values[key] = [None] * 6 if room > 0 else [0.0] * 6
        return values

    def _goods_value(self, color: int, room: int, extra: int) -> float:
        w = self.weights
        mine = self.goods_counts[self.me]
        m = mine[color] + (1 if extra == color else 0)
        o = self.rival_most[color]
        value = 2.0 if color == RED else 1.0
        if color in MAJORITY_COLORS:
            bonus = self.static.majority[MAJORITY_COLORS.index(color)]
            weight = 0.3 + 0.4 * min(1.0, self.late)
            value += w.collect * weight * (_share(m + 1, o, bonus) - _share(m, o, bonus))
        elif color == RED:
            penalty = self.base.illegal_penalty
            value -= _share(m + 1, o, penalty) - _share(m, o, penalty)
        if color in GOODS and m == 0:
            empty = self.empty_goods
            missing = len(empty) - (1 if extra in empty else 0)
            if room >= missing:
                value += w.collect * self.base.set_bonus / (missing + 1)
        gap = self.level_wants.get(color, 0) - (1 if extra == color else 0)
        if gap > 0:
            value += w.contract_bias * (2.0 if gap == 1 else 1.0)
        return value

    @property
    def crew_values(self) -> list[float]:
        """What a crew card of each action is worth to me (0 without room)."""
        values = self._crew_values
        if values is None:
            if self.crew_room <= 0:
                values = [0.0] * 6
            else:
                late = max(0.2, 1.0 - self.late)
                values = [crew * late for crew in self.weights.crew_taste]
            self._crew_values = values
        return values

    def crew_value(self, card: int) -> float:
        return self.crew_values[self.static.actions[card]]

    def import_value(self, card: int) -> float:
        return max(self.goods_value(card), self.crew_value(card))

    def ship_import_value(self, index: int) -> float:
        """Two cards of a ship at sea (one at most to crew) for me, chosen greedily."""
        memo = self._ship_values.get(index)
        if memo is not None:
            return memo
        owner, _, _, cargo, _ = self.rows[index]
        color = self.color
        actions = self.static.actions
        crew_values = self.crew_values
        room = self.goods_room
        values = self.goods_values(room, -1)
        best, first, as_crew = 0.0, -1, False
        for card in cargo:
            c = color[card]
            goods = values[c]
            if goods is None:
                goods = values[c] = self._goods_value(c, room, -1)
            crew = crew_values[actions[card]]
            top = crew if crew > goods else goods
            if first < 0 or top > best:
                best, first, as_crew = top, card, crew > goods
        if len(cargo) > 1:
            extra = -1 if as_crew else color[first]
            room -= 0 if as_crew else 1
            values = self.goods_values(room, extra)
            second, found = 0.0, False
            skip = 1  # the first taken once: physical containers of a colour share an id
            for card in cargo:
                if card == first and skip:
                    skip = 0
                else:
                    c = color[card]
                    v = values[c]
                    if v is None:
                        v = values[c] = self._goods_value(c, room, extra)
                    if not as_crew:
                        crew = crew_values[actions[card]]
                        if crew > v:
                            v = crew
                    if not found or v > second:
                        second, found = v, True
            best += second
        if owner == self.me:
            best -= 1.0  # the compensation I would have had
            home = self.home_value()
            best += home if len(cargo) <= 2 else 0.3 * home
        self._ship_values[index] = best
        return best

    # ------------------------------------------------------------------ scores

    def estimate(self, player: int) -> float:
        """Credits plus what a player's goods would score if the game ended now."""
        counts = self.goods_counts
        mine = counts[player]
        others = [c for q, c in enumerate(counts) if q != player]
        goods, complete = 0, True
        for c in GOODS:
            goods += mine[c]
            complete = complete and mine[c] > 0
        score = float(self.credits[player]) + goods + mine[RED]
        if complete:
            score += self.base.set_bonus
        for c, bonus in zip(MAJORITY_COLORS, self.static.majority, strict=True):
            score += _share(mine[c], _most(others, c), bonus)
        score -= _share(mine[RED], _most(others, RED), self.base.illegal_penalty)
        return score

    def rival_needs(self) -> list[int]:
        """Per colour, how many containers rivals' ships at port still need."""
        needs = [0] * 7
        static = self.static
        me = self.me
        for row in self.rows:
            if row[0] != me and not row[1] and row[2]:
                for c, v in static.remaining(row)[0].items():
                    needs[c] = needs[c] + v
        return needs


def _take_slot(
    slots: dict[int, list[float]],
    colors: tuple[int, ...],
    flag_ok: bool,
    wild: tuple[int, ...] = (),
) -> float:
    """Take the best open slot (own colour or rainbow; any, for a card of a colour wild on
    my ships: IE-POWER-7) for a card; its value, or 0."""
    if len(colors) > 1 and not flag_ok:
        return 0.0
    best, pick = 0.0, None
    if wild:
        for c in colors:
            if c in wild:
                best, key = best_open_slot(slots)
                if key >= 0:
                    slots[key].pop(0)
                return best
    rainbow = slots.get(ANY)
    for c in colors:
        if c == GREY:
            continue
        own = slots.get(c)
        if own and own[0] > best:
            best, pick = own[0], own
        if rainbow and rainbow[0] > best:
            best, pick = rainbow[0], rainbow
    if pick is not None:
        pick.pop(0)
    return best


def best_open_slot(slots: dict[int, list[float]]) -> tuple[float, int]:
    """The best open slot of any colour, for a container of a colour wild on my ships
    (IE-POWER-7): its value and its colour's key in `slots` (the first best, in the dict's
    order), or (0, -1) when none is open."""
    best, key = 0.0, -1
    for k, values in slots.items():
        if values and values[0] > best:
            best, key = values[0], k
    return best, key


def _most(counts: list[list[int]], color: int) -> int:
    """The most goods of a colour among these players' counts (0 for none)."""
    most = 0
    for c in counts:
        if c[color] > most:
            most = c[color]
    return most


def _share(mine: int, other: int, amount: int) -> float:
    """A majority bonus (or penalty) held alone, shared with one rival, or not at all."""
    if mine <= 0 or mine < other:
        return 0.0
    if mine > other:
        return float(amount)
    return float(-(-amount // 2))
