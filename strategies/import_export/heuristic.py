"""Import/Export heuristic bots: one parameterised family and three named archetypes.

Every decision is valued in credits from the seat's `IEView` only (own hand, public table):

- a container that fits a ship at port is worth its share of the ship's payout (more when
  it completes the ship);
- a contract is worth its payout, discounted by how many containers are still missing and
  by how many of their colours can be found (hand, ships at sea, the supply island);
- a good is worth its end-game points, the majority it takes or keeps, its step towards
  the five-colour set bonus and the levels it opens; a crew card is worth the extra
  actions of its type, weighted by the archetype's taste for that action;
- a hand card is worth the best of those uses; the cheapest cards are played, sold first.

Leading and following compare the value of the action (with the crew it can add) against
drawing. Weights are `params`; the archetypes only change their defaults:

- `ContractorBot` ("contractor"): contracts it can fill from hand, loads, Load/Contract crew;
- `ImporterBot` ("importer"): wins auctions, goods majorities and the set, Import crew;
- `PirateBot` ("pirate"): pirates the containers it needs, Pirate crew, denies rivals.

The module is typed precisely (the view as `IEView`, the game facts as `GameFacts`, every
helper's attributes declared) so that mypyc can compile it into native classes; as plain
Python it runs the same code.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Final

from simulator.core.protocol import Decision, Strategy
from simulator.core.seeding import GameRandom
from simulator.games.import_export import cards as ie
from simulator.games.import_export.cards import Contract, IECards
from simulator.games.import_export.state import Ship
from simulator.games.import_export.view import GameFacts, IEView
from strategies.import_export import power_choices

if TYPE_CHECKING:
    from simulator.games.import_export.rule_book import BaseRules

# The sheet's colours and actions as Final names of this module: compiled by mypyc, a Final
# is a C constant, where an imported name would be a dictionary lookup at each use.
GREEN: Final = ie.GREEN
YELLOW: Final = ie.YELLOW
BLACK: Final = ie.BLACK
BLUE: Final = ie.BLUE
RED: Final = ie.RED
GREY: Final = ie.GREY
ANY: Final = ie.ANY
SUPPLY: Final = ie.SUPPLY
IMPORT: Final = ie.IMPORT
CONTRACT: Final = ie.CONTRACT
LOAD: Final = ie.LOAD
PIRATE: Final = ie.PIRATE
BARTER: Final = ie.BARTER

GOODS: Final = (GREEN, YELLOW, BLACK, BLUE, RED)
MAJORITY_COLORS: Final = (GREEN, YELLOW, BLACK, BLUE)
CARD_VALUE: Final = 1.5
"""What an unknown card drawn from the deck is worth, in credits."""
TEMPO: Final = 0.8
"""Discount per container still missing on a ship."""
FULFIL_BONUS: Final = 2.0
"""Beyond the payout: one more crew and two more goods slots, an island card, a ship at sea."""
HOLD: Final = 0.6
"""A card in hand is worth this share of what it does once played (it still needs an action)."""


CACHE_LIMIT: Final = 20_000
"""Entries kept per cache of ship contents before it is emptied (memory stays bounded)."""

Row = tuple[int, bool, tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""A `view.ships` row: (owner, at sea, contract ids, cargo cards, cargo colours)."""
Best = tuple[float, int, int, int]
"""`best_contract`'s answer: (value, contract id, missing levels, ship index)."""
Handler = Callable[["IEHeuristic", Decision, "_Table", GameRandom], Any]
"""A decision kind's method of the bot (`IEHeuristic._lead`, ...)."""


def _ship(
    owner: int, contracts: tuple[int, ...], cargo: tuple[int, ...], colors: tuple[int, ...]
) -> Ship:
    """A ship at port with a `view.ships` row's contents, for `rules.remaining` (called only
    when its caches miss)."""
    ship = Ship(owner)
    ship.contracts = list(contracts)
    ship.cargo = list(cargo)
    ship.cargo_colors = list(colors)
    return ship


class _Need:
    """Container needs ready for `_fill`: (colour, count) pairs without rainbow, the rainbow
    count, the goods colours a rainbow slot may also use, and the total."""

    __slots__ = ("items", "rainbow", "others", "total", "seen")

    def __init__(self, need: dict[int, int]) -> None:
        self.items: tuple[tuple[int, float], ...] = tuple(
            (c, float(v)) for c, v in need.items() if c != ANY
        )
        """(colour, count) pairs, the counts as floats: `_fill` mixes them with floats."""
        self.rainbow = float(need.get(ANY, 0))
        self.others: tuple[int, ...] = (
            tuple(c for c in GOODS if c not in need) if self.rainbow else ()
        )
        reads = frozenset(c for c, _ in self.items).union(self.others)
        self.seen: tuple[int, ...] = tuple(d + 1 if d in reads else 0 for d in range(-1, 7))
        """By a hand colour taken out (`drop` + 1): the `avail` variant `_fill` must read,
        `drop` + 1 where it reads that colour, 0 (the whole hand) where it does not."""
        total = 0.0
        for _, v in self.items:
            total += v
        self.total: float = total + self.rainbow


_NEEDS: dict[tuple[tuple[int, int], ...], _Need] = {}


def _need_of(need: dict[int, int]) -> _Need:
    """The `_Need` of these needs (shared by every ship and contract needing the same)."""
    return _need_from(tuple(need.items()))


def _need_from(items: tuple[tuple[int, int], ...]) -> _Need:
    """`_need_of` from the needs' (colour, count) pairs, in the dictionary's order."""
    got = _NEEDS.get(items)
    if got is None:
        if len(_NEEDS) > CACHE_LIMIT:
            _NEEDS.clear()
        got = _NEEDS[items] = _Need(dict(items))
    return got


def _fill(need: _Need, avail: list[float]) -> float:
    """The share of these needs the hand, the sea and later draws can be expected to cover
    (`avail`: per colour, what they can be expected to give)."""
    got = spare = 0.0
    for c, v in need.items:
        a = avail[c]
        got += a if a < v else v
        d = a - v
        if d > 0.0:
            spare += d
    rainbow = need.rainbow
    if rainbow:
        for c in need.others:
            spare += avail[c]
        got += spare if spare < rainbow else rainbow
    total = need.total
    return got / total if total else 1.0


class _Terms:
    """A contract on an empty ship: its needs, the payout once full, the tempo discount."""

    __slots__ = ("need", "pay", "tempo", "demand")

    def __init__(self, contract: Contract, payout: Callable[[int], int]) -> None:
        n = contract.cargo_total
        self.need = _need_of(contract.cargo)
        self.pay: int = payout(n)
        self.tempo: float = TEMPO**n
        self.demand: float = 0.6 * payout(n) / n if n else 0.0
        """What each container it needs is worth to a hand card, once placed."""


class _Trial:
    """A ship at port with one more contract: its needs, the number of containers still
    missing, of contracts, and the payout once full; `fits` false when the ship cannot hold
    the contract (the needs are then empty)."""

    __slots__ = ("need", "left", "contracts", "pay", "tempo", "fits")

    def __init__(self, need: _Need, left: int, contracts: int, pay: int, fits: bool = True) -> None:
        self.need = need
        self.left = left
        self.contracts = contracts
        self.pay = pay
        self.tempo: float = TEMPO**self.left
        self.fits = fits


_NO_ROOM = _Trial(_need_of({}), 0, 0, 0, fits=False)
"""The trial of a contract a ship cannot hold (shared)."""


class _Port:
    """One of my ships at port: uncovered needs, room for more contracts (shared between
    decisions: never mutated but for the contracts tried on it)."""

    __slots__ = (
        "index",
        "row",
        "contracts",
        "need",
        "needs",
        "left",
        "cargo",
        "room",
        "slot",
        "pay",
        "tempo",
        "trials",
        "total",
        "ship",
    )

    def __init__(
        self,
        index: int,
        row: Row,
        need: dict[int, int],
        total: int,
        room: int,
        payout: Callable[[int], int],
    ) -> None:
        self.index = index
        self.row = row
        self.contracts: int = len(row[2])
        self.total = total
        """The containers its contracts need in all."""
        self.need = need
        self.needs = _need_of(need)
        self.left: int = sum(need.values())
        self.cargo: int = len(row[3])
        self.room = room
        self.slot = 0.0
        """What one more fitting container is worth here."""
        self.pay: int = payout(self.cargo + self.left)
        self.tempo: float = TEMPO**self.left
        if self.left:
            self.slot = self.pay / self.left
            if self.left == 1:
                self.slot += FULFIL_BONUS
        self.trials: dict[int, _Trial] = {}
        """By contract id: this ship with that contract added (`_NO_ROOM`: it cannot)."""
        self.ship: Ship | None = None
        """The ship as the rules see it, built for the first trial the caches miss."""


class _Static:
    """What depends only on the rules object (one per match): card data, and the results of
    `rules.remaining` by ship content (a pure function of the ship and the card sheet)."""

    def __init__(self, rules: GameFacts) -> None:
        self.rules = rules
        self.cards: IECards = rules.cards
        self.base: BaseRules = rules.rules
        base = self.base
        cards = self.cards
        self.payout: Callable[[int], int] = base.payout
        self.color: tuple[int, ...] = rules.color
        """A card's colour in hand, as a good or as crew (a Flag card's first side), and a
        physical container's (the container variants)."""
        self.radix: int = len(self.color) + 2
        """Above any card id and any ship index + 1: the base of the int keys of
        `_Table.best_contract`'s memo."""
        self.actions: tuple[int, ...] = rules.actions
        """A card's action, and the action a physical container remembers (IE-VAR-10)."""
        self.capacity: int = base.ship_capacity
        self.majority: tuple[int, ...] = base.majority
        """The majority bonuses by colour (tech, agriculture, consumer, luxury)."""
        self.by_id: dict[int, Contract] = cards.contract_by_id
        self.terms: dict[int, _Terms] = {
            cid: _Terms(c, self.payout) for cid, c in cards.contract_by_id.items()
        }
        terms = self.terms
        self.card_terms: tuple[tuple[tuple[int, _Terms], ...], ...] = tuple(
            tuple((c.id, terms[c.id]) for c in contracts) for contracts in cards.contracts
        )
        """By card: its contracts' (id, terms) pairs."""
        self.card_levels: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple(pair for c in contracts for pair in c.level.items())
            for contracts in cards.contracts
        )
        """By card: its contracts' level requirements as (colour, level) pairs."""
        self.levels: dict[int, tuple[tuple[int, int], ...]] = {
            cid: tuple(c.level.items()) for cid, c in cards.contract_by_id.items()
        }
        """By contract id: its level requirements as (colour, level) pairs."""
        self.colors: tuple[tuple[int, ...], ...] = cards.colors
        """A card's colours as a container (two for a Flag card)."""
        self.cargo: dict[int, tuple[tuple[int, int], ...]] = {
            cid: tuple(c.cargo.items()) for cid, c in cards.contract_by_id.items()
        }
        """By contract id: its cargo needs as (colour, count) pairs."""
        self.tastes: dict[tuple[float, ...], list[float]] = {}
        """By a bot's taste per action: each card's share of it (`IEHeuristic.taste`)."""
        self._remaining: dict[Row, tuple[dict[int, int], int]] = {}
        self._ports: dict[tuple[int, Row], _Port] = {}
        self._trials: dict[tuple[tuple[int, ...], tuple[int, ...], int], _Trial] = {}
        """`trial` by ship content: (contracts with the one tried, colours, containers)."""

    def remaining(self, row: Row) -> tuple[dict[int, int], int]:
        """`rules.remaining` of a ship row: its positive needs (shared: never mutate) and the
        containers matching none."""
        got = self._remaining.get(row)
        if got is None:
            if len(self._remaining) > CACHE_LIMIT:
                self._remaining.clear()
            owner, _, contracts, cargo, colors = row
            need, unmatched = self.rules.remaining(_ship(owner, contracts, cargo, colors))
            got = self._remaining[row] = ({c: v for c, v in need.items() if v > 0}, unmatched)
        return got

    def port(self, index: int, row: Row) -> _Port:
        key = (index, row)
        port = self._ports.get(key)
        if port is None:
            if len(self._ports) > CACHE_LIMIT:
                self._ports.clear()
            contracts = row[2]
            need: dict[int, int]
            if contracts:
                need, unmatched = self.remaining(row)
                by_id = self.by_id
                total = sum(by_id[cid].cargo_total for cid in contracts)
            else:
                need, unmatched, total = {}, len(row[3]), 0
            room = self.capacity - total - unmatched
            port = self._ports[key] = _Port(index, row, need, total, room, self.payout)
        return port

    def trial(self, port: _Port, cid: int) -> _Trial:
        """A port's ship with one more contract, or `_NO_ROOM` when it cannot hold it (cargo
        plus unused leftovers over the capacity)."""
        trial = port.trials.get(cid)
        if trial is not None:
            return trial
        owner, _, contracts, cargo, colors = port.row
        tried = (*contracts, cid)
        # Without the state, `rules.remaining` reads only the contracts and the containers'
        # colours (the owner's modifiers need the state): ships of any seat share trials.
        key = (tried, colors, len(cargo))
        trial = self._trials.get(key)
        if trial is None:
            if len(self._trials) > CACHE_LIMIT:
                self._trials.clear()
            ship = port.ship
            if ship is None:
                ship = port.ship = _ship(owner, contracts, cargo, colors)
            need, unmatched = self.rules.remaining(ship, cid)
            trial = _NO_ROOM
            if port.total + self.by_id[cid].cargo_total + unmatched <= self.capacity:
                # the positive needs as the key of their `_Need`, without a dict between
                items = tuple([(c, v) for c, v in need.items() if v > 0])
                left = 0
                for _, v in items:
                    left += v
                pay = self.payout(port.cargo + left)
                trial = _Trial(_need_from(items), left, len(tried), pay)
            self._trials[key] = trial
        port.trials[cid] = trial
        return trial


_LATEST: list[_Static] = []
"""The tables of the last match's rules, alone: a worker builds a match per chunk, and
keeping older matches' tables (and through them their rules) made it grow by about 43 MB a
chunk (docs/performance.md, "Memory")."""


def _static_for(rules: GameFacts) -> _Static:
    """The tables of these rules, built when a match's bot first meets them."""
    if _LATEST and _LATEST[0].rules is rules:
        return _LATEST[0]
    static = _Static(rules)
    _LATEST.clear()
    _LATEST.append(static)
    return static


class _Table:
    """What a decision needs from the view: the hand and credits read at once, every other
    field read or computed on first use (the properties), and every costly value memoised
    for the rest of the decision.

    A hand-colour variant is named by the colour taken out (`drop`, -1 for the whole hand):
    the hand without one card, the card being valued or played."""

    __slots__ = (
        "bot",
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
    )

    def __init__(self, bot: IEHeuristic, view: IEView, static: _Static) -> None:
        self.bot = bot
        self.view = view
        self.static = static
        self.cards = static.cards
        self.base = static.base
        self.color = static.color
        self.me: int = view.player
        self.bonus = bot.bonus
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
        self._ports: list[_Port] | None = None
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
        self._by_action: list[list[Any]] | None = None
        self._pairs: list[Any] | None = None

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
    def ports(self) -> list[_Port]:
        """My ships at port, in ship order."""
        ports = self._ports
        if ports is None:
            me = self.me
            static = self.static
            ports = self._ports = [
                static.port(i, row)
                for i, row in enumerate(self.rows)
                if row[0] == me and not row[1]
            ]
        return ports

    @property
    def crew_actions(self) -> list[int]:
        """My crew cards per action."""
        ca = self._crew_actions
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
                0.9, 0.3 + 0.25 * self.bot.pirate_bias + 0.1 * self.crew_actions[PIRATE]
            )
        return weight

    def _level_memo(self) -> tuple[dict[int, int], dict[int, int]]:
        """(missing levels by contract id, my levels by colour), kept by the bot while my
        goods (what levels come from, with my port), crew and fulfilled contracts (where
        powers live) stay the same, in the same game (the view)."""
        view = self.view
        key = (view, self.my_goods, self.my_crew, view.fulfilled(self.me))
        bot = self.bot
        memo = bot._levels_memo
        if memo is None or memo[0] != key:
            memo = bot._levels_memo = (key, {}, {})
        self._missing = memo[1]
        self._levels = memo[2]
        return memo[1], memo[2]

    def missing_levels(self, cid: int) -> int:
        missing = self._missing
        if missing is None:
            missing = self._level_memo()[0]
        value = missing.get(cid)
        if value is None:
            value = missing[cid] = self._missing_levels(cid)
        return value

    def _missing_levels(self, cid: int) -> int:
        """`rules.missing_levels` from my levels by colour (each read once per memo)."""
        missing = 0
        for color, need in self.static.levels[cid]:
            gap = need - self.level(color)
            if gap > 0:
                missing += gap
        return missing

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

    def contract_value(self, cid: int, port: _Port, drop: int) -> float | None:
        """What placing this contract on this ship adds (before the contract bias), or None
        when the ship cannot hold it (cargo plus unused leftovers over the capacity)."""
        trial = port.trials.get(cid) or self.static.trial(port, cid)
        return self._placed(trial, port, drop) if trial.fits else None

    def _placed(self, trial: _Trial, port: _Port, drop: int) -> float:
        """`contract_value` computed: the ship's expected payout with the contract less
        without it (a card's colour taken out of the hand only matters where it is read)."""
        avails = self._avail
        bonus = self.bonus
        if trial.left:
            need = trial.need
            seen = need.seen[drop + 1]
            avail = avails[seen] or self.avail(seen - 1)
            gain = trial.pay + trial.contracts * bonus
            new = gain * _fill(need, avail) * trial.tempo
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
                old = gain * _fill(need, avail) * port.tempo
            olds[old_key] = old
        return new - old

    def island_worth(self, card: int) -> float:
        """What a supply island card would be worth in my hand (Barter), valued as `worth`
        values a hand card: the best open slot it fills, or its best contract."""
        slots = self.slots()
        rainbow = slots.get(ANY)
        load = 0.0
        for c in self.cards.colors[card]:
            if c != GREY:
                own = slots.get(c)
                if own and own[0] > load:
                    load = own[0]
                if rainbow and rainbow[0] > load:
                    load = rainbow[0]
        contract = self.best_contract(card, -1, 1 + self.crew_actions[CONTRACT])[0]
        bot = self.bot
        use = max(bot.load_bias * load, bot.contract_bias * contract)
        return HOLD * use + 0.3 * bot.pref[self.static.actions[card]]

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
                        value = (t.pay + self.bonus) * _fill(t.need, avail) * t.tempo
                        if self.missing_levels(cid) >= budget:
                            value *= 0.3
                        best = max(best, value)
                home += self.bot.contract_bias * best
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
        for cid, t in self.static.card_terms[card]:
            missing = missing_levels.get(cid)
            if missing is None:
                missing = missing_levels[cid] = self._missing_levels(cid)
            value, where = 0.0, -1
            for port in ports:
                index = port.index
                if index != skip:
                    trial = port.trials.get(cid) or static.trial(port, cid)
                    if trial.fits:
                        v = self._placed(trial, port, drop)
                        if where < 0 or v > value:
                            value, where = v, index
            if where < 0:  # no room now: worth keeping for a later ship
                gain = t.pay + self.bonus
                need = t.need
                seen = need.seen[drop + 1]
                avail = self._avail[seen] or self.avail(seen - 1)
                value = 0.3 * gain * _fill(need, avail) * t.tempo
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
        bot = self.bot
        hand = self.hand
        key = (self.view, hand, self.rows, self.island, self.credits, self.my_goods, self.my_crew)
        memo = bot._worth_memo
        if memo is not None and memo[0] == key:  # same table as the last decision
            self._worth = memo[1]
            return memo[1]
        static = self.static
        color = self.color
        colors = static.colors
        flag_ok = self.credits[self.me] >= self.base.flag_load_cost
        slots = self.slots()
        load: dict[int, float]
        if slots:
            slots = {c: v[:] for c, v in slots.items()}
            load = {card: _take_slot(slots, colors[card], flag_ok) for card in hand}
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
        taste = bot.taste(static)
        load_bias = bot.load_bias
        contract_bias = bot.contract_bias
        for card in hand:
            held = load[card]
            if demand and card not in kept:  # a container the kept contracts will need
                support = _take_slot(demand, colors[card], flag_ok)
                if support > held:
                    held = support
            a, b = load_bias * held, contract_bias * contract[card]
            worth[card] = HOLD * (a if a >= b else b) + taste[card]
        self._worth = worth
        bot._worth_memo = (key, worth)
        return worth

    def card_worth(self, card: int) -> float:
        """A card's `worth`, 0 for one not in my hand: what the power rules ask for (the
        hand's worth is computed only if a rule asks)."""
        return self.worth().get(card, 0.0) if self.hand else 0.0

    def play_cost(self, option: Any) -> float:
        worth = self.worth()
        if isinstance(option, tuple):
            return worth[option[0]] + worth[option[1]]
        return worth[option]

    def cheapest_play(self, options: Any) -> tuple[Any, float]:
        best, cost = options[0], float("inf")
        worth = self.worth()
        for option in options:
            c = worth[option[0]] + worth[option[1]] if isinstance(option, tuple) else worth[option]
            if c < cost:
                best, cost = option, c
        return best, cost

    def play_options(self, action: int, following: bool = False) -> list[Any]:
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
        return pairs or list(self.view.play_options(action, following))

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
        """How near the end the richest player is (1.0 at the end threshold)."""
        late = self._late
        if late is None:
            late = self._late = max(self.credits) / self.base.end_credits
        return late

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
        bot = self.bot
        mine = self.goods_counts[self.me]
        m = mine[color] + (1 if extra == color else 0)
        o = self.rival_most[color]
        value = 2.0 if color == RED else 1.0
        if color in MAJORITY_COLORS:
            bonus = self.static.majority[MAJORITY_COLORS.index(color)]
            weight = 0.3 + 0.4 * min(1.0, self.late)
            value += bot.collect * weight * (_share(m + 1, o, bonus) - _share(m, o, bonus))
        elif color == RED:
            penalty = self.base.illegal_penalty
            value -= _share(m + 1, o, penalty) - _share(m, o, penalty)
        if color in GOODS and m == 0:
            empty = self.empty_goods
            missing = len(empty) - (1 if extra in empty else 0)
            if room >= missing:
                value += bot.collect * self.base.set_bonus / (missing + 1)
        gap = self.level_wants.get(color, 0) - (1 if extra == color else 0)
        if gap > 0:
            value += bot.contract_bias * (2.0 if gap == 1 else 1.0)
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
                values = [crew * late for crew in self.bot.crew_taste]
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


def _take_slot(slots: dict[int, list[float]], colors: tuple[int, ...], flag_ok: bool) -> float:
    """Take the best open slot (own colour or rainbow) for a card; its value, or 0."""
    if len(colors) > 1 and not flag_ok:
        return 0.0
    best, pick = 0.0, None
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


class IEHeuristic(Strategy):
    """A greedy Import/Export player valuing every option in credits.

    Parameters: `contract_bias`, `load_bias`, `import_bias`, `pirate_bias`, `supply_bias`
    scale the value of each action (and of crew cards of its type); `bid_share` is the
    fraction of a ship's estimated value it bids; `collect` weights goods majorities and
    the set bonus; `deny` weights taking what rivals need; `draw` scales the value of
    drawing cards; `race` (0-1) how much it saves credits when it leads near the end.
    """

    # ClassVars: to mypyc a plain class-level name declares an instance attribute, and the
    # registry reads `cls.params` and `cls.name`. (The ignore: Strategy declares `name` as
    # an instance attribute, which wrappers such as the benchmark's timer set per instance.)
    name: ClassVar[str] = "heuristic"  # type: ignore[misc]
    params: ClassVar[dict[str, Any]] = {
        "contract_bias": 1.0,
        "load_bias": 1.0,
        "import_bias": 1.0,
        "pirate_bias": 1.0,
        "supply_bias": 1.0,
        "bid_share": 0.5,
        "collect": 1.0,
        "deny": 0.5,
        "draw": 1.0,
        "race": 0.5,
    }

    def __init__(self, **overrides: Any) -> None:
        super().__init__(**overrides)
        s = self.settings
        self.contract_bias = float(s["contract_bias"])
        self.load_bias = float(s["load_bias"])
        self.import_bias = float(s["import_bias"])
        self.pirate_bias = float(s["pirate_bias"])
        self.supply_bias = float(s["supply_bias"])
        self.bid_share = float(s["bid_share"])
        self.collect = float(s["collect"])
        self.deny = float(s["deny"])
        self.draw = float(s["draw"])
        self.race = float(s["race"])
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
        self._worth_memo: tuple[tuple[object, ...], dict[int, float]] | None = None
        """The last hand worth and the table it was computed on (lead, then lead_with)."""
        self._static: _Static | None = None
        self._taste_memo: tuple[_Static, list[float]] | None = None
        """`taste` for the last tables met (hashing the tuple of tastes cost more)."""
        self._levels_memo: tuple[tuple[object, ...], dict[int, int], dict[int, int]] | None = None
        """Missing levels by contract id, levels by colour, and the goods and crew (and
        view: the game) they were computed on."""
        self.bonus = FULFIL_BONUS * (1.0 + 0.5 * self.collect)
        """Beyond the payout, what fulfilling a contract is worth to me."""
        pref = self.pref
        self.crew_taste = [
            1.0 + 3.0 * pref[a] * (0.5 if a == SUPPLY else 1.0) for a in range(len(pref))
        ]
        """By action: a crew card's worth to me, before the nearness of the end."""
        self._least_costs = self.load_bias >= 0 or self.contract_bias >= 0
        """Whether a card's worth is never under its taste share (its use is never
        negative), so that `_least_cost` bounds a play's cost from below."""
        self._handlers: dict[str, Handler | None] = {}
        """By decision kind: the method answering it (None: a card power's question)."""
        self._import_turn = -1
        self._import_declared = 0
        self._import_round = 0

    def taste(self, static: _Static) -> list[float]:
        """By card: the share of my taste for its action a card in hand is worth anyway."""
        memo = self._taste_memo
        if memo is not None and memo[0] is static:
            return memo[1]
        tastes = static.tastes.get(self.pref)
        if tastes is None:
            pref = self.pref
            tastes = static.tastes[pref] = [0.3 * pref[a] for a in static.cards.actions]
        self._taste_memo = (static, tastes)
        return tastes

    # ------------------------------------------------------------------ dispatch

    @classmethod
    def answers(cls, kind: str) -> bool:
        """Whether the bot has an answer of its own for this kind of decision: a handler
        method `_KIND`, a card power's rule (power_choices.RULES), or the two kinds `choose`
        settles at once (declare, import_tie). Anything else raises UnansweredDecision."""
        return (
            kind in ("declare", "import_tie")
            or callable(getattr(cls, "_" + kind, None))
            or kind in power_choices.RULES
        )

    def choose(self, decision: Decision, view: IEView, rng: GameRandom) -> Any:
        kind = decision.kind
        if kind == "declare" and decision.context not in (SUPPLY, CONTRACT, BARTER):
            count = decision.options[-1]  # crew actions cost nothing: use them all
            if decision.context == IMPORT:
                self._import_turn, self._import_declared, self._import_round = view.turn, count, 0
            return count
        if kind == "import_tie" and view.player in decision.options:
            return view.player  # the leader breaks ties: itself
        rules = view.facts
        static = self._static
        if static is None or static.rules is not rules:
            static = self._static = _static_for(rules)
        handlers = self._handlers
        if kind in handlers:
            handler = handlers[kind]
        else:  # (the class's function: a bound method would make a cycle)
            handler = handlers[kind] = getattr(type(self), "_" + kind, None)
        if handler is None:  # a card power's question: power_choices.py
            table = _Table(self, view, static)
            return power_choices.answer(decision, view, table.card_worth, rng)
        return handler(self, decision, _Table(self, view, static), rng)

    # ------------------------------------------------------------------ action values

    def _draw_value(self, t: _Table) -> float:
        n = len(t.hand)
        if n < t.base.draw_to:
            return CARD_VALUE * (t.base.draw_to - n) * self.draw
        return CARD_VALUE * max(0.1, 1.0 - 0.3 * (n + 1 - t.base.draw_to)) * self.draw

    def _action_value(
        self, t: _Table, action: int, count: int, excluded: tuple[int, ...], leader: bool
    ) -> float:
        """What performing `count` actions of a type is worth, without the cards `excluded`."""
        if count <= 0:
            return 0.0
        if action == LOAD:
            return self.load_bias * self._load_value(t, count, excluded)
        if action == PIRATE:
            return self.pirate_bias * self._pirate_value(t, count)
        if action == CONTRACT:
            return self.contract_bias * self._contract_value(t, count, excluded)
        if action == SUPPLY:
            return self.supply_bias * self._supply_value(t, count, excluded)
        if action == IMPORT:
            return self.import_bias * self._import_value(t, count, leader)
        if action == BARTER:
            return self._barter_value(t, count, excluded)
        return 0.0

    def _barter_swaps(
        self, t: _Table, count: int, excluded: tuple[int, ...]
    ) -> list[tuple[float, int, int]]:
        """Up to `count` Barter swaps worth making (gain, hand card, island card), best first,
        each card once: an island card's worth in my hand less the hand card's."""
        worth = t.worth()
        hand = [c for c in t.hand if c not in excluded]
        island = {c: t.island_worth(c) for c in t.island}
        swaps: list[tuple[float, int, int]] = []
        for _ in range(count):
            best = (0.5, -1, -1)  # a swap must gain something
            for h in hand:
                for i, value in island.items():
                    if value - worth[h] > best[0]:
                        best = (value - worth[h], h, i)
            if best[1] < 0:
                break
            swaps.append(best)
            hand.remove(best[1])
            del island[best[2]]
        return swaps

    def _barter_value(self, t: _Table, count: int, excluded: tuple[int, ...]) -> float:
        """What `count` Barter actions are worth: the swaps worth making (IE-CAP-8)."""
        return sum(gain for gain, _, _ in self._barter_swaps(t, count, excluded))

    def _barter(self, d: Decision, t: _Table, rng: GameRandom) -> Any:
        """Give the hand card worth least for the island card worth most (forced: the best
        swap even when none gains)."""
        worth = t.worth()
        island: dict[int, float] = {}
        best, best_value = d.options[0], float("-inf")
        for option in d.options:
            given, taken = option
            if taken not in island:
                island[taken] = t.island_worth(taken)
            value = island[taken] - worth[given]
            if value > best_value:
                best, best_value = option, value
        return best

    def _barter_follow(self, d: Decision, t: _Table, rng: GameRandom) -> Any:
        """Following with a Barter card from the hand (IE-CAP-8) against the best of the
        other answers: its swaps, with my Barter crew, less the card played."""
        barter = ("follow_as", BARTER, BARTER)
        rest = tuple(o for o in d.options if o != barter)
        plain = self._follow(Decision(d.player, d.kind, rest, d.context), t, rng)
        plain_value = self._answer_value(t, d.context, plain)
        card, cost = t.cheapest_play(t.play_options(BARTER))
        value = self._barter_value(t, 1 + t.crew_actions[BARTER], (card,)) - cost
        return barter if value > plain_value else plain

    def _answer_value(self, t: _Table, action: int, answer: Any) -> float:
        """What an answer to a follow decision on the led `action` is worth, valued as
        `_follow` and `_lead` value actions: ("follow",) its actions (the card and my crew of
        the action) less the cheapest play; ("follow_as", performed, played) the same for
        the performed type, played with a card of the played type (Neural Units, Chopsticks:
        IE-KSB-6, IE-JP-2); ("draw",) the draw plus my crew's actions of the led type, or
        with Barter crew its swaps if better (IE-CAP-8)."""
        kind = answer[0]
        if kind == "draw":
            without = self._action_value(t, action, t.crew_actions[action], (), False)
            bc = t.crew_actions[BARTER]  # crew declared after drawing is optional: >= 0
            return self._draw_value(t) + max(without, self._barter_value(t, bc, ()) if bc else 0.0)
        if kind == "follow":
            performed, options = action, t.play_options(action, following=True)
        else:
            _, performed, played = answer
            options = t.play_options(played)
        if not options:
            return float("-inf")
        play, cost = t.cheapest_play(options)
        excluded = play if isinstance(play, tuple) else (play,)
        count = 1 + t.crew_actions[performed]
        return self._action_value(t, performed, count, excluded, False) - cost

    def _load_value(self, t: _Table, count: int, excluded: tuple[int, ...]) -> float:
        slots = t.slots()
        if not slots:
            return 0.0
        slots = {c: v[:] for c, v in slots.items()}
        colors = t.cards.colors
        cards = [c for c in t.hand if c not in excluded]
        total = 0.0
        rainbow = slots.get(ANY)  # (the lists are taken from in place: this one stays)
        for _ in range(count):
            best, best_key, best_card = 0.0, -1, -1
            for card in cards:
                for c in colors[card]:
                    if c == GREY:
                        continue
                    own = slots.get(c)
                    if own and own[0] > best:
                        best, best_key, best_card = own[0], c, card
                    if rainbow and rainbow[0] > best:
                        best, best_key, best_card = rainbow[0], ANY, card
            if best_card < 0:
                break
            total += best
            slots[best_key].pop(0)
            cards.remove(best_card)
        return total

    def _pirate_value(self, t: _Table, count: int) -> float:
        slots = {c: v[:] for c, v in t.slots().items()}
        sea = t.sea
        sources: list[int] = []
        for c in range(6):
            if c != GREY:
                sources += [c] * sea[c]
        total = 0.0
        spare = 0
        rainbow = slots.get(ANY)  # (the lists are taken from in place: this one stays)
        for _ in range(count):
            best, best_key, best_src = 0.0, -1, -1
            for k, c in enumerate(sources):
                own = slots.get(c)
                if own and own[0] > best:
                    best, best_key, best_src = own[0], c, k
                if rainbow and rainbow[0] > best:
                    best, best_key, best_src = rainbow[0], ANY, k
            if best_src < 0:
                spare += 1
                total += 0.3 * self.deny  # only denial
                continue
            total += best + 0.5  # and no hand card spent
            slots[best_key].pop(0)
            sources.pop(best_src)
        if spare:
            me = t.me
            own = [len(r[3]) for r in t.rows if r[0] == me and r[1] and r[3]]
            if own and min(own) <= spare:
                total += t.home_value()  # empty my own ship at sea: it comes home
        return total

    def _contract_value(self, t: _Table, count: int, excluded: tuple[int, ...]) -> float:
        return self._contract_plan(t, count, excluded)[0]

    def _contract_plan(self, t: _Table, count: int, excluded: tuple[int, ...]) -> tuple[float, int]:
        """The value of the contracts `count` actions would place, and the actions used: the
        best placement, then one more on another ship if it is worth it."""
        total, used, skip = 0.0, 0, -1
        cards = [c for c in t.hand if c not in excluded]
        port = t.port_offers  # Tokyo Port cards, for their cost (IE-TOKYO-4)
        if port:
            cards += port
        spare = t.credits[t.me]
        color = t.color
        for _ in range(2):
            if used >= count:  # no action left for another contract
                break
            best = None
            for card in cards:  # (the played card's colour still counts: shared memo)
                cost = port.get(card, -1) if port else -1
                if cost > spare:
                    continue
                drop = color[card] if cost < 0 else -1
                value, cid, missing, where = t.best_contract(card, drop, count - used, skip)
                if where >= 0 and used + 1 + missing <= count:
                    value -= 0.5 * missing + max(0, cost)
                    if best is None or value > best[0]:
                        best = (value, card, missing, where)
            if best is None or best[0] < (0.0 if not used else 1.0):
                break
            total += best[0]
            used += 1 + best[2]
            skip = best[3]
            cards.remove(best[1])
            spare -= max(0, port.get(best[1], -1)) if port else 0
            excluded = excluded + (best[1],)
        return total, used

    def _supply_value(self, t: _Table, count: int, excluded: tuple[int, ...]) -> float:
        worth = t.worth()
        rest = [worth[c] for c in t.hand if c not in excluded]
        total = 0.0
        if rest:
            total += max(0.0, t.base.sell_price - min(rest))
            count -= 1
        crew_values = t.crew_values
        actions = t.static.actions
        crews = sorted([crew_values[actions[c]] for c in t.island], reverse=True)
        total += sum(crews[: min(count, t.crew_room)])
        return total

    def _import_value(self, t: _Table, count: int, leader: bool) -> float:
        ships = [i for i, row in enumerate(t.rows) if row[1] and row[3]]
        if not ships or t.credits[t.me] <= 0 and not leader:
            return 0.0
        values = sorted([t.ship_import_value(i) for i in ships], reverse=True)
        if not leader:
            values = [sum(values) / len(values)] * len(values)
        keep = 1.0 - 0.7 * self.bid_share
        total = 0.0
        for v in values[:count]:
            total += max(0.0, v) * keep
        return total

    # ------------------------------------------------------------------ turn decisions

    def _lead(self, d: Decision, t: _Table, rng: GameRandom) -> Any:
        for option in d.options:
            if option[0] == "discard_contracts" and self._stuck(t, option[1]):
                return option
        best: Any = ("draw",)
        best_value = self._draw_value(t)
        if len(t.hand) <= 1:
            best_value *= 1.3
        for option in d.options:
            if option[0] != "lead":
                continue
            action = option[1]
            play, cost = t.cheapest_play(t.play_options(action))
            excluded = play if isinstance(play, tuple) else (play,)
            count = 1 + t.crew_actions[action]
            value = self._action_value(t, action, count, excluded, True) - cost
            if value > best_value:
                best, best_value = option, value
        return best

    def _stuck(self, t: _Table, index: int) -> bool:
        """A ship needing at least two containers that neither my hand nor the sea nor the
        island holds, while my hand has a good contract: discard (the containers stay)."""
        for port in t.ports:
            if port.index != index or not port.need:
                continue
            short = 0
            hc = t.hand_colors
            sea = t.sea
            for c, v in port.need.items():
                have = sum(hc[:6]) + sum(sea[:6]) if c == ANY else hc[c] + sea[c]
                short += max(0, v - have)
            if short >= 2:
                return any(t.best_contract(card, -1, 1)[0] > 2.0 for card in t.hand)
        return False

    def _lead_with(self, d: Decision, t: _Table, rng: GameRandom) -> Any:
        return t.cheapest_play(d.options)[0]

    def _follow_with(self, d: Decision, t: _Table, rng: GameRandom) -> Any:
        return t.cheapest_play(d.options)[0]

    def _follow(self, d: Decision, t: _Table, rng: GameRandom) -> Any:
        """Follow, draw, or follow with another type where a power offers one (Barter cards:
        `_barter_follow`; Neural Units, Chopsticks: the best answer by `_answer_value`)."""
        if ("follow_as", BARTER, BARTER) in d.options:
            return self._barter_follow(d, t, rng)
        plain = self._follow_or_draw(d, t)
        ways = [o for o in d.options if o[0] == "follow_as"]
        if not ways:
            return plain
        action = d.context
        best, best_value = plain, self._answer_value(t, action, plain)
        for option in ways:
            value = self._answer_value(t, action, option)
            if value > best_value:
                best, best_value = option, value
        return best

    def _follow_or_draw(self, d: Decision, t: _Table) -> Any:
        """Follow the led action or draw, whichever is worth more (shortcuts: the hand's
        worth only when following can beat drawing)."""
        action = d.context
        follow = ("follow",)
        if follow not in d.options:
            return ("draw",)
        options = t.play_options(action, following=True)
        crew = t.crew_actions[action]
        without = self._action_value(t, action, crew, (), False)
        draw = self._draw_value(t)
        gains: dict[Any, float] = {}
        if action in (IMPORT, PIRATE, LOAD) and self._least_costs:
            # The hand's worth (the costly part) only when following can beat drawing: a
            # card played costs at least its share of my taste for its action.
            if action == LOAD:
                for option in options:
                    excluded = option if isinstance(option, tuple) else (option,)
                    gain = self._action_value(t, action, crew + 1, excluded, False) - without
                    gains[option] = gain
                    if gain - self._least_cost(t, option) > draw:
                        break
                else:
                    return ("draw",)
            else:  # the value does not depend on the cards played
                gain = self._action_value(t, action, crew + 1, (), False) - without
                for option in options:
                    if gain - self._least_cost(t, option) > draw:
                        break
                else:
                    return ("draw",)
                gains = dict.fromkeys(options, gain)
        play, cost = t.cheapest_play(options)
        known = gains.get(play)
        if known is None:
            excluded = play if isinstance(play, tuple) else (play,)
            gain = self._action_value(t, action, crew + 1, excluded, False) - without
        else:
            gain = known
        return follow if gain - cost > draw else ("draw",)

    def _least_cost(self, t: _Table, option: Any) -> float:
        """A floor under `t.play_cost(option)`: each card's worth is at least its share of
        my taste for its action (the rest of it is never negative: see `_least_costs`)."""
        pref = self.pref
        actions = t.cards.actions
        if isinstance(option, tuple):
            return 0.3 * pref[actions[option[0]]] + 0.3 * pref[actions[option[1]]]
        return 0.3 * pref[actions[option]]

    def _declare(self, d: Decision, t: _Table, rng: GameRandom) -> Any:
        action = d.context
        options = d.options
        count = options[-1]
        if action == SUPPLY:  # a sell worth it, then crew worth taking
            worth = t.worth()
            price = self.supply_bias * t.base.sell_price
            useful = 1 if any(price - worth[c] > 0.5 for c in t.hand) else 0
            useful += min(t.crew_room, sum(1 for c in t.island if t.crew_value(c) > 0.5))
            count = max(options[0], min(count, useful))
        elif action == CONTRACT:  # a declared contract action must place one if it can
            used = self._contract_plan(t, count, ())[1]
            count = max(options[0], min(count, used))
        elif action == IMPORT:
            self._import_turn = t.view.turn
            self._import_declared = count
            self._import_round = 0
        elif action == BARTER:  # only the swaps worth making (IE-CAP-8)
            count = max(options[0], min(count, len(self._barter_swaps(t, count, ()))))
        return count

    # ------------------------------------------------------------------ performing

    def _supply(self, d: Decision, t: _Table, rng: GameRandom) -> Any:
        worth = t.worth()
        ahead = self._ahead(t)
        best, best_value = d.options[0], float("-inf")
        for option in d.options:
            verb, card = option
            if verb == "sell":
                value = self.supply_bias * t.base.sell_price - worth[card]
                if ahead:
                    value += 1.0
            else:
                value = t.crew_value(card)
                if value <= 0:  # crew full: the card is discarded; deny the most useful
                    value = 0.1 * self.deny * t.goods_value(card, 1)
            if value > best_value:
                best, best_value = option, value
        return best

    def _ahead(self, t: _Table) -> bool:
        """Whether I lead on estimated score and the end is near (race for 50)."""
        if max(t.credits) < 0.6 * t.base.end_credits:
            return False
        me = t.me
        mine = t.estimate(me)
        for q in range(t.view.n_players):
            if q != me and mine < t.estimate(q):
                return False
        return True

    def _contract(self, d: Decision, t: _Table, rng: GameRandom) -> Any:
        worth = t.worth()
        ports = {p.index: p for p in t.ports}
        best, best_value = d.options[0], float("-inf")
        if best == "stop":  # only Tokyo Port cards: buy one only if it is worth its cost
            best_value = 0.5
        color = t.color
        hand = t.hand
        for option in d.options:
            if option == "stop":
                continue
            card, cid, index = option
            if card in hand:
                value = t.contract_value(cid, ports[index], color[card]) or 0.0
                value -= 1.5 * t.missing_levels(cid)  # budget spent on levels
                value -= 0.5 * max(0.0, worth[card] - self.contract_bias * value)
            else:  # from the Tokyo Port: the hand stays, the column's credits go
                value = t.contract_value(cid, ports[index], -1) or 0.0
                value -= 1.5 * t.missing_levels(cid) + t.view.port_cost(card)
            if value > best_value:
                best, best_value = option, value
        return best

    def _load(self, d: Decision, t: _Table, rng: GameRandom) -> Any:
        ports = {p.index: p for p in t.ports}
        colors = t.cards.colors
        best, best_value = d.options[0], float("-inf")
        for option in d.options:
            card, index, _ = option
            port = ports[index]
            value = port.slot - 0.2 * len(colors[card])
            if len(colors[card]) > 1:
                value -= t.base.flag_load_cost
            if t.cards.actions[card] == LOAD:
                value -= 0.3  # keep Load cards to play
            if value > best_value:
                best, best_value = option, value
        return best

    def _pirate(self, d: Decision, t: _Table, rng: GameRandom) -> Any:
        slots = t.slots()
        rival = t.rival_needs() if self.deny else [0] * 7
        rows = t.rows
        me = t.me
        colors = t.cards.colors
        deny = self.deny
        fits: dict[int, float] = {}
        rainbow = (slots.get(ANY) or [0.0])[0]
        best, best_value = d.options[0], float("-inf")
        for option in d.options:
            if option[0] == "ship":
                i: int = option[1]
                j: int = option[2]
                owner, at_sea, _, cargo, cargo_colors = rows[i]
                cols: tuple[int, ...] = (cargo_colors[j],)
            elif option[0] == "island":
                owner, at_sea, cargo = -1, True, ()
                cols = colors[option[1]]
            else:  # Mini Van's unseen cards (the deck's top, a random hand card): skipped
                continue
            value = 0.0
            for c in cols:
                fit = fits.get(c)
                if fit is None:  # the best open slot it fits, own colour or rainbow
                    top = (slots.get(c) or [0.0])[0]
                    fit = fits[c] = rainbow if rainbow > top else top
                if fit > value:
                    value = fit
            if len(cols) == 1:
                most = rival[cols[0]]
            else:
                most = max(rival[c] for c in cols)
            value += deny * 0.8 * (2 if most > 2 else most)
            if owner == me:  # each container taken brings my ship nearer home
                value += t.home_value() / len(cargo) - 0.3
            elif owner >= 0 and not at_sea:  # Mini Van: a rival's ship at port set back
                value += deny
            elif owner >= 0:
                if len(cargo) == 1:
                    value -= 1.5  # it would send a rival's ship home
                value += 0.1 * self.deny * len(cargo)
            else:
                value += 0.2 * self.deny
            if value > best_value:
                best, best_value = option, value
        return best

    def _pirate_to(self, d: Decision, t: _Table, rng: GameRandom) -> Any:
        """Load the container where it is worth most (the ship nearest completion)."""
        ports = {p.index: p for p in t.ports}
        targets = [o for o in d.options if isinstance(o, tuple)]
        if not targets:  # only "discard" (or an unknown form): take what is offered
            return d.options[0]
        return max(targets, key=lambda o: (ports[o[0]].slot, o[1] != ANY))

    # ------------------------------------------------------------------ imports

    def _import_ship(self, d: Decision, t: _Table, rng: GameRandom) -> Any:
        turn = t.view.turn
        if self._import_turn != turn:
            self._import_turn, self._import_declared, self._import_round = turn, 0, 0
        self._import_round += 1
        if d.context == "alone" or self._import_round <= self._import_declared:
            return max(d.options, key=t.ship_import_value)
        me = t.me
        rows = t.rows
        mine = [i for i in d.options if rows[i][0] == me]
        if mine:  # others take from my ship: 2 credits, and it comes home sooner
            return min(mine, key=lambda i: len(rows[i][3]))
        return min(d.options, key=lambda i: (t.credits[rows[i][0]], i))

    def _bid(self, d: Decision, t: _Table, rng: GameRandom) -> Any:
        credits = t.credits[t.me]
        value = self.import_bias * t.ship_import_value(d.context)
        share = self.bid_share
        if self._ahead(t):
            share *= 1.0 - self.race
        bid = int(share * value + rng.random())
        cap = credits - int(self.race * 0.2 * credits)
        return max(0, min(bid, cap, d.options[-1]))

    def _import_tie(self, d: Decision, t: _Table, rng: GameRandom) -> Any:
        if t.me in d.options:
            return t.me
        return min(d.options, key=t.estimate)

    def _import_take(self, d: Decision, t: _Table, rng: GameRandom) -> Any:
        cargo = d.context
        return max(d.options, key=lambda j: t.import_value(cargo[j]))

    def _import_place(self, d: Decision, t: _Table, rng: GameRandom) -> Any:
        if len(d.options) == 1:
            return d.options[0]
        card = d.context
        return "crew" if t.crew_value(card) > t.goods_value(card) else "goods"


class ContractorBot(IEHeuristic):
    """Places contracts it can fill from hand and loads them; keeps Load and Contract crew."""

    name: ClassVar[str] = "contractor"  # type: ignore[misc]
    params: ClassVar[dict[str, Any]] = {
        **IEHeuristic.params,
        "contract_bias": 1.3,
        "load_bias": 1.3,
        "import_bias": 0.6,
        "pirate_bias": 0.8,
        "supply_bias": 1.1,
        "bid_share": 0.35,
        "collect": 0.6,
        "deny": 0.2,
    }


class ImporterBot(IEHeuristic):
    """Wins auctions, builds goods majorities and the set; keeps Import crew."""

    name: ClassVar[str] = "importer"  # type: ignore[misc]
    params: ClassVar[dict[str, Any]] = {
        **IEHeuristic.params,
        "contract_bias": 0.9,
        "load_bias": 0.9,
        "import_bias": 1.3,
        "pirate_bias": 0.7,
        "supply_bias": 1.15,
        "bid_share": 0.4,
        "collect": 1.3,
        "deny": 0.3,
    }


class PirateBot(IEHeuristic):
    """Pirates the containers it needs from ships at sea; keeps Pirate crew; denies rivals."""

    name: ClassVar[str] = "pirate"  # type: ignore[misc]
    params: ClassVar[dict[str, Any]] = {
        **IEHeuristic.params,
        "contract_bias": 1.1,
        "load_bias": 0.9,
        "import_bias": 0.7,
        "pirate_bias": 1.6,
        "supply_bias": 0.9,
        "bid_share": 0.4,
        "collect": 0.8,
        "deny": 1.2,
    }
