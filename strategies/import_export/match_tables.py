"""The heuristic valuation's tables for one match: what depends only on the rules object.

Contract terms by id (`Terms`), and the results of `rules.remaining` by ship content, a
pure function of the ship and the card sheet, kept across decisions and seats: a ship of
mine at port with its uncovered needs (`Port`), and the same ship with one contract more
(`Trial`). `Need` holds container needs in the form `fill` reads them.

Typed precisely so that mypyc compiles it into native classes (docs/performance.md); as
plain Python it runs the same code.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from simulator.games.import_export.cards import (
    ANY,
    BLACK,
    BLUE,
    GREEN,
    RED,
    YELLOW,
    Contract,
    IECards,
)
from simulator.games.import_export.state import Ship
from simulator.games.import_export.view import GameFacts, IEView

if TYPE_CHECKING:
    from simulator.games.import_export.rule_book import BaseRules

GOODS: Final = (GREEN, YELLOW, BLACK, BLUE, RED)
"""The goods colours of the five-colour set."""

TEMPO: Final = 0.8
"""Discount per container still missing on a ship."""
FULFIL_BONUS: Final = 2.0
"""Beyond the payout: one more crew and two more goods slots, an island card, a ship at sea."""

CACHE_LIMIT: Final = 20_000
"""Entries kept per cache of ship contents before it is emptied (memory stays bounded)."""

Row = tuple[int, bool, tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""A `view.ships` row: (owner, at sea, contract ids, cargo cards, cargo colours)."""


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


class Need:
    """Container needs ready for `fill`: (colour, count) pairs without rainbow, the rainbow
    count, the goods colours a rainbow slot may also use, and the total."""

    __slots__ = ("items", "rainbow", "others", "total", "seen")

    def __init__(self, need: dict[int, int]) -> None:
        self.items: tuple[tuple[int, float], ...] = tuple(
            (c, float(v)) for c, v in need.items() if c != ANY
        )
        """(colour, count) pairs, the counts as floats: `fill` mixes them with floats."""
        self.rainbow = float(need.get(ANY, 0))
        self.others: tuple[int, ...] = (
            tuple(c for c in GOODS if c not in need) if self.rainbow else ()
        )
        reads = frozenset(c for c, _ in self.items).union(self.others)
        self.seen: tuple[int, ...] = tuple(d + 1 if d in reads else 0 for d in range(-1, 7))
        """By a hand colour taken out (`drop` + 1): the `avail` variant `fill` must read,
        `drop` + 1 where it reads that colour, 0 (the whole hand) where it does not."""
        total = 0.0
        for _, v in self.items:
            total += v
        self.total: float = total + self.rainbow


_NEEDS: dict[tuple[tuple[int, int], ...], Need] = {}


def need_of(need: dict[int, int]) -> Need:
    """The `Need` of these needs (shared by every ship and contract needing the same)."""
    return need_from(tuple(need.items()))


def need_from(items: tuple[tuple[int, int], ...]) -> Need:
    """`need_of` from the needs' (colour, count) pairs, in the dictionary's order."""
    got = _NEEDS.get(items)
    if got is None:
        if len(_NEEDS) > CACHE_LIMIT:
            _NEEDS.clear()
        got = _NEEDS[items] = Need(dict(items))
    return got


def fill(need: Need, avail: list[float]) -> float:
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


class Terms:
    """A contract on an empty ship: its needs, the payout once full, the tempo discount."""

    __slots__ = ("need", "pay", "tempo", "demand")

    def __init__(self, contract: Contract, payout: Callable[[int], int]) -> None:
        n = contract.cargo_total
        self.need = need_of(contract.cargo)
        self.pay: int = payout(n)
        self.tempo: float = TEMPO**n
        self.demand: float = 0.6 * payout(n) / n if n else 0.0
        """What each container it needs is worth to a hand card, once placed."""


class Trial:
    """A ship at port with one more contract: its needs, the number of containers still
    missing, of contracts, and the payout once full; `fits` false when the ship cannot hold
    the contract (the needs are then empty)."""

    __slots__ = ("need", "left", "contracts", "pay", "tempo", "fits")

    def __init__(self, need: Need, left: int, contracts: int, pay: int, fits: bool = True) -> None:
        self.need = need
        self.left = left
        self.contracts = contracts
        self.pay = pay
        self.tempo: float = TEMPO**self.left
        self.fits = fits


NO_ROOM = Trial(need_of({}), 0, 0, 0, fits=False)
"""The trial of a contract a ship cannot hold (shared)."""


class Port:
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
        "live",
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
        self.needs = need_of(need)
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
        self.trials: dict[int, Trial] = {}
        """By contract id: this ship with that contract added (`NO_ROOM`: it cannot)."""
        self.ship: Ship | None = None
        """The ship as the rules see it, built for the first trial the caches miss."""
        self.live = False
        """Whether the port was built with its owner's powers counted (`MatchTables.live_port`):
        its trials then ask the rules through the deciding seat's view."""


class MatchTables:
    """What depends only on the rules object (one per match): card data, and the results of
    `rules.remaining` by ship content (a pure function of the ship and the card sheet)."""

    def __init__(self, rules: GameFacts) -> None:
        self.rules = rules
        self.cards: IECards = rules.cards
        self.base: BaseRules = rules.rules
        base = self.base
        cards = self.cards
        self.printed_payout: Callable[[int], int] = base.payout
        """The rule book's payouts: a ship's whose owner has no power changing them (Tablets,
        Partnership). The heuristic asks the rules for the others (`live_port`: its view's
        `ship_payout`); the classic bot, kept as it played, reads these for every ship."""
        self.color: tuple[int, ...] = rules.color
        """A card's colour in hand, as a good or as crew (a Flag card's first side), and a
        physical container's (the container variants)."""
        self.radix: int = len(self.color) + 2
        """Above any card id and any ship index + 1: the base of the int keys of
        `Table.best_contract`'s memo."""
        self.actions: tuple[int, ...] = rules.actions
        """A card's action, and the action a physical container remembers (IE-VAR-10)."""
        self.printed_capacity: int = base.ship_capacity
        """The rule book's ship capacity: a ship's whose owner has no power changing it
        (Tablets), as `printed_payout`."""
        self.majority: tuple[int, ...] = base.majority
        """The majority bonuses by colour (tech, agriculture, consumer, luxury)."""
        self.by_id: dict[int, Contract] = cards.contract_by_id
        self.terms: dict[int, Terms] = {
            cid: Terms(c, self.printed_payout) for cid, c in cards.contract_by_id.items()
        }
        terms = self.terms
        self.card_terms: tuple[tuple[tuple[int, Terms], ...], ...] = tuple(
            tuple((c.id, terms[c.id]) for c in contracts) for contracts in cards.contracts
        )
        """By card: its contracts' (id, terms) pairs."""
        self.card_levels: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple(pair for c in contracts for pair in c.level.items())
            for contracts in cards.contracts
        )
        """By card: its contracts' level requirements as (colour, level) pairs."""
        self.colors: tuple[tuple[int, ...], ...] = cards.colors
        """A card's colours as a container (two for a Flag card)."""
        self.cargo: dict[int, tuple[tuple[int, int], ...]] = {
            cid: tuple(c.cargo.items()) for cid, c in cards.contract_by_id.items()
        }
        """By contract id: its cargo needs as (colour, count) pairs."""
        self.tastes: dict[tuple[float, ...], list[float]] = {}
        """By a bot's taste per action: each card's share of it (`Weights.taste`)."""
        self._remaining: dict[Row, tuple[dict[int, int], int]] = {}
        self._ports: dict[tuple[int, Row], Port] = {}
        self._trials: dict[tuple[tuple[int, ...], tuple[int, ...], int], Trial] = {}
        """`trial` by ship content: (contracts with the one tried, colours, containers)."""
        self.unlimited: frozenset[int] = rules.unlimited_ship
        """Contract ids whose ship has no capacity (Legos: IE-FLAGP-21)."""
        self._unlimited_trials: dict[tuple[tuple[int, ...], tuple[int, ...], int], Trial] = {}
        """`trial` of Legos-like contracts by ship content, apart from `_trials`, which keep
        the classic bot's capacity check (its runs reproducible)."""
        self._live_ports: dict[tuple[int, Row, tuple[object, ...]], Port] = {}
        """`live_port` by ship index, content and the owner's ship modifiers (all its
        answers depend on)."""

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

    def port(self, index: int, row: Row) -> Port:
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
            room = self.printed_capacity - total - unmatched
            port = self._ports[key] = Port(index, row, need, total, room, self.printed_payout)
        return port

    def trial(self, port: Port, cid: int, unlimited: bool = False) -> Trial:
        """A port's ship with one more contract, or `NO_ROOM` when it cannot hold it (cargo
        plus unused leftovers over the capacity). `unlimited`: the contract is Legos-like
        (`self.unlimited`; the heuristic's `rules_ships`) and fits whatever the ship holds
        (IE-FLAGP-21), as the rules' `can_hold` says; such trials keep a cache of their own,
        since this one's are the classic bot's, which keep the printed capacity."""
        if not unlimited:
            trial = port.trials.get(cid)
            if trial is not None:
                return trial
        owner, _, contracts, cargo, colors = port.row
        tried = (*contracts, cid)
        # Without the state, `rules.remaining` reads only the contracts and the containers'
        # colours (the owner's modifiers need the state): ships of any seat share trials.
        key = (tried, colors, len(cargo))
        cache = self._unlimited_trials if unlimited else self._trials
        trial = cache.get(key)
        if trial is None:
            if len(cache) > CACHE_LIMIT:
                cache.clear()
            ship = port.ship
            if ship is None:
                ship = port.ship = _ship(owner, contracts, cargo, colors)
            need, unmatched = self.rules.remaining(ship, cid)
            trial = NO_ROOM
            total = port.total + self.by_id[cid].cargo_total + unmatched
            if unlimited or total <= self.printed_capacity:
                trial = _trial_of(need, len(tried), cargo, self.printed_payout)
            cache[key] = trial
        if not unlimited:
            port.trials[cid] = trial
        return trial

    def live_port(self, index: int, row: Row, mods: tuple[object, ...], view: IEView) -> Port:
        """One of my ships at port as the rules see it with my powers (Tablets, wild and
        rainbow colours, Yen, Partnership, a Legos on it): its needs, room and payout asked
        through the view (`ship_*`), its trials too (`live_trial`). Kept by the ship's
        index, its row and `mods` (my `view.ship_mods()`), which are all the rules read."""
        key = (index, row, mods)
        port = self._live_ports.get(key)
        if port is None:
            if len(self._live_ports) > CACHE_LIMIT:
                self._live_ports.clear()
            need, _ = view.ship_needs(index)
            positive = {c: v for c, v in need.items() if v > 0}
            port = Port(index, row, positive, 0, view.ship_room(index), view.ship_payout)
            port.live = True
            self._live_ports[key] = port
        return port

    def live_trial(self, port: Port, cid: int, view: IEView) -> Trial:
        """`trial` of a `live_port`: whether the ship can hold the contract, its needs and
        payout with it, by the rules with my powers, asked through the deciding seat's view
        (whose ship at the port's index is the port's row)."""
        trial = port.trials.get(cid)
        if trial is None:
            trial = NO_ROOM
            if view.ship_can_hold(port.index, cid):
                need, _ = view.ship_needs(port.index, cid)
                trial = _trial_of(need, port.contracts + 1, port.row[3], view.ship_payout)
            port.trials[cid] = trial
        return trial


def _trial_of(
    need: dict[int, int], contracts: int, cargo: tuple[int, ...], payout: Callable[[int], int]
) -> Trial:
    """A `Trial` of a ship that holds the contract tried: its positive needs (the key of
    their `Need`, without a dict between), the containers missing, its contracts, and the
    payout once full."""
    items = tuple([(c, v) for c, v in need.items() if v > 0])
    left = 0
    for _, v in items:
        left += v
    return Trial(need_from(items), left, contracts, payout(len(cargo) + left))


_LATEST: list[MatchTables] = []
"""The tables of the last match's rules, alone: a worker builds a match per chunk, and
keeping older matches' tables (and through them their rules) made it grow by about 43 MB a
chunk (docs/performance.md, "Memory")."""


def tables_for(rules: GameFacts) -> MatchTables:
    """The tables of these rules, built when a match's bot first meets them."""
    if _LATEST and _LATEST[0].rules is rules:
        return _LATEST[0]
    static = MatchTables(rules)
    _LATEST.clear()
    _LATEST.append(static)
    return static
