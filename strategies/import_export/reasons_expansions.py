"""Reasoned answers to the Capital, J, Flag and container-variant decisions that the classic
bot answered by a default (the first option that does something, or never): where a wild
container goes (the ship it brings nearest completion), which ship Yen, Bamboo or a
Partnership serves, what Fake Money and Pocky take, which colour a grey card's container
takes, when Robo-Cats pairs or keeps a container and when a free load (Maple Syrup, Paprika)
is worth the hand card it spends. Each rule reads the bot's view and its `worth` of hand
cards only, with no search and no copy of the state; the default bot (heuristic.py) uses
`RULES` over the classic ones (power_choices.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, cast

from simulator.core.protocol import Decision
from simulator.games.import_export.cards import ANY, GREEN, GREY, PAIRED
from simulator.games.import_export.decisions import CONTAINER_COLOR
from simulator.games.import_export.powers.capital import (
    AUTOMATION_SHIP,
    CHEAP_LABOR_SHIP,
    FAKE_MONEY_LOAD,
    FAKE_MONEY_TAKE,
    GPS_SHIP,
    PARTNERSHIP_JOIN,
    YEN_SHIP,
)
from simulator.games.import_export.powers.flag import MAPLE_SYRUP_LOAD, PAPRIKA_LOAD
from simulator.games.import_export.powers.j import (
    BAMBOO_PLACE,
    POCKY_IMPORT,
    ROBO_CATS_KEEP,
    ROBO_CATS_PAIR,
)
from simulator.games.import_export.state import Ship
from simulator.games.import_export.view import IEView
from strategies.import_export.power_choices import Rule, Worth
from strategies.import_export.reasons_base import goods_counts, import_worth

HOPE: Final = 0.5
"""The chance the bot gives each container a ship needs that no hand card can fill (a later
draw, import or plunder must bring it): a payout is weighed by HOPE to the power of those."""

Outlook = tuple[int, int, int]
"""A ship at port, as a sort key: (needs no hand card fills, needs left, minus its payout)."""


# ---------------------------------------------------------------- ships at port


def _ship(view: IEView, index: int) -> Ship:
    # (view.ship is typed `object`: it is a copy of the state's Ship)
    return cast(Ship, view.ship(index))


def _my_ports(view: IEView) -> list[int]:
    """My ships at port, by index."""
    me = view.player
    return [i for i, row in enumerate(view.ships) if row[0] == me and not row[1]]


def _needs(view: IEView, ship: Ship) -> dict[int, int]:
    """A ship's uncovered needs by colour (ANY: a rainbow slot), by the cards' own rules."""
    need, _ = view.facts.remaining(ship)
    return {c: k for c, k in need.items() if k > 0}


def _hand_cover(view: IEView, need: dict[int, int], skip: Sequence[int] = ()) -> int:
    """How many of these needs my hand cards could fill, one card each: a colour of their
    own first, then rainbow slots; grey hand cards load nowhere (IE-CAP-7)."""
    colors = view.facts.cards.colors
    left = dict(need)
    filled = loose = 0
    for card in sorted(view.hand, key=lambda c: (len(colors[c]), c)):  # Flag cards last
        if card in skip:
            continue
        match = next((c for c in colors[card] if c != GREY and left.get(c, 0) > 0), None)
        if match is not None:
            left[match] -= 1
            filled += 1
        elif any(c != GREY for c in colors[card]):
            loose += 1
    return filled + min(loose, left.get(ANY, 0))


def _outlook(view: IEView, ship: Ship, skip: Sequence[int] = ()) -> Outlook:
    """(short, left, -payout) of a ship at port: its needs my hand cannot fill, all its
    uncovered needs, and what it pays its owner once they are filled (by its containers
    then, a Robo-Cats pair counting both cards: IE-PAY-1, IE-JP-8; his powers applied:
    `view.ship_payout`, Tablets). Smaller is better."""
    need = _needs(view, ship)
    left = sum(need.values())
    short = left - _hand_cover(view, need, skip)
    return short, left, -view.ship_payout(len(ship.cargo_colors) + left, ship.owner)


def _after(view: IEView, ship: Ship, colors: Sequence[int], skip: Sequence[int] = ()) -> Outlook:
    """The ship's outlook once containers of these colours are loaded on it (a copy)."""
    trial = ship.copy()
    for color in colors:
        trial.cargo.append(-1)
        trial.cargo_colors.append(color)
    return _outlook(view, trial, skip)


def _load_key(
    view: IEView, index: int, colors: Sequence[int], skip: Sequence[int] = ()
) -> tuple[int, int, int, int]:
    """Sort key of loading these containers on my ship `index`: the ship left nearest
    completion (needs my hand cannot fill, then all needs), then the larger payout."""
    short, left, pay = _after(view, _ship(view, index), colors, skip)
    return short, left, pay, index


def _expected(view: IEView, ship: Ship) -> float:
    """What a ship at port with contracts is expected to pay: its payout, weighed by HOPE
    for each need no hand card fills."""
    short, _, pay = _outlook(view, ship)
    return -pay * HOPE**short


def _per_container(view: IEView, index: int) -> float:
    """What one container is worth on my ship `index`: its payout shared by its containers."""
    ship = _ship(view, index)
    _, left, pay = _outlook(view, ship)
    return -pay / max(1, len(ship.cargo_colors) + left)


# ---------------------------------------------------------------- Capital


def _nearest_completion(decision: Decision, view: IEView, worth: Worth) -> object:
    """Automation, GPS: the wild container goes on the ship it leaves nearest completion
    (one completing now pays at once, and Automation moves on), the larger payout first."""
    ships = [o for o in decision.options if isinstance(o, int)]
    if not ships:
        return decision.options[0]
    return min(ships, key=lambda i: _load_key(view, i, (GREY,)))


def _cheap_labor_ship(decision: Decision, view: IEView, worth: Worth) -> object:
    """Cheap Labor: a ship it fills a need of, the nearest completion; else a leftover (wild
    for a later contract) on the ship with the most room."""
    ships = [o for o in decision.options if isinstance(o, int)]
    if not ships:
        return decision.options[0]
    needing = [i for i in ships if view.facts.fits(_ship(view, i), GREY)]
    if needing:
        return min(needing, key=lambda i: _load_key(view, i, (GREY,)))
    rows = view.ships
    return min(ships, key=lambda i: (len(rows[i][3]), i))


def _yen_ship(decision: Decision, view: IEView, worth: Worth) -> object:
    """Yen: a ship at port whose first contract it cuts now, the one nearest completion
    (one container short completes it); else a ship at port for its next contract; one of
    the dealt ships, not a Diesel Engine's single-use one that Yen would leave with."""
    rows = view.ships
    dealt = 2 * view.n_players

    def key(i: int) -> tuple[bool, int, int, int]:
        _, at_sea, contracts, _, _ = rows[i]
        if at_sea:
            return i >= dealt, 2, 0, i
        if not contracts:
            return i >= dealt, 1, 0, i
        _, left, _ = _outlook(view, _ship(view, i))
        return i >= dealt, 0, left, i

    ships = [o for o in decision.options if isinstance(o, int)]
    return min(ships, key=key) if ships else decision.options[0]


def _fake_money_take(decision: Decision, view: IEView, worth: Worth) -> object:
    """Fake Money: the container a ship of mine needs (loaded where it leaves a ship
    nearest completion); then one whose loss sets the rival's ship at port back."""
    index = decision.context
    _, at_sea, _, _, colors = view.ships[index]
    mine = [(i, _ship(view, i)) for i in _my_ports(view)]
    rival = _ship(view, index)
    before = sum(_needs(view, rival).values())

    def key(j: int) -> tuple[bool, tuple[int, ...], int, int]:
        color = colors[j]
        fits = [_load_key(view, i, (color,)) for i, ship in mine if view.facts.fits(ship, color)]
        hurt = 0
        if not at_sea:
            trial = rival.copy()
            trial.cargo.pop(j)
            trial.cargo_colors.pop(j)
            hurt = sum(_needs(view, trial).values()) - before
        return not fits, min(fits) if fits else (), -hurt, j

    return min(decision.options, key=key)


def _fake_money_load(decision: Decision, view: IEView, worth: Worth) -> object:
    """Fake Money: the taken container goes where it leaves a ship of mine nearest
    completion, the larger payout first."""
    return min(decision.options, key=lambda o: _load_key(view, o[0], (o[1],)))


def _partnership_join(decision: Decision, view: IEView, worth: Worth) -> object:
    """Partnership: join the ship whose Super Ship pays most per container still needed
    (its payout multiplied, Partnership's own cargo waived), when that beats the two ships
    apart; otherwise pass."""
    mates = [o for o in decision.options if isinstance(o, int)]
    by_id = view.facts.cards.contract_by_id
    found = None
    for i in _my_ports(view):
        if i in mates:
            continue
        for cid in view.ships[i][2]:
            if "payout_multiplier" in by_id[cid].params:
                found = (i, cid)
    if found is None or not mates:
        return "pass"
    index, cid = found
    times = float(by_id[cid].params["payout_multiplier"])
    ship = _ship(view, index)
    short_a, left_a, pay_a = _outlook(view, ship)

    def apart(mate: Ship) -> float:
        short_b, left_b, pay_b = _outlook(view, mate)
        pay = -pay_a * HOPE**short_a - pay_b * HOPE**short_b
        return pay / max(1, left_a + left_b)

    def joined(mate: Ship) -> float:
        trial = ship.copy()
        trial.contracts = [c for c in ship.contracts if c != cid] + mate.contracts
        trial.cargo += mate.cargo
        trial.cargo_colors += mate.cargo_colors
        short, left, pay = _outlook(view, trial)
        return -pay * times * HOPE**short / max(1, left)

    gains = []
    for i in mates:
        mate = _ship(view, i)
        gains.append((joined(mate) - apart(mate), -i))
    gain, best = max(gains)
    return -best if gain > 0 else "pass"


# ---------------------------------------------------------------- the container variants


def _container_color(decision: Decision, view: IEView, worth: Worth) -> object:
    """A grey card's physical container (IE-VAR-9): the colour that leaves the ship being
    loaded nearest completion (a need of its own colour before a rainbow slot a hand card
    could fill), then the Market's best marker, then a colour my hand's contracts need."""
    options = [o for o in decision.options if isinstance(o, int)]
    if not options:
        return decision.options[0]
    facts = view.facts
    kinds = range(GREY)
    ports = [_ship(view, i) for i in _my_ports(view)]
    # the ship being loaded: the one whose fitting colours the options list first
    loaded = []
    for ship in ports:
        fit = [c for c in kinds if facts.fits(ship, c)]
        if fit + [c for c in kinds if c not in fit] == options:
            loaded.append(ship)
    ships = loaded or ports
    market = view.market
    cards = facts.cards
    wanted = [0] * GREY
    for card in view.hand:
        for contract in cards.contracts[card]:
            for c, k in contract.cargo.items():
                if c < GREY:
                    wanted[c] += k

    def key(c: int) -> tuple[bool, tuple[int, ...], int, int, int]:
        outlooks = [_after(view, ship, (c,)) for ship in ships if facts.fits(ship, c)]
        marker = market[c] if market is not None and c < len(market) else 0
        wants = wanted[c] if c < GREY else 0
        return not outlooks, min(outlooks) if outlooks else (), -marker, -wants, c

    return min(options, key=key)


# ---------------------------------------------------------------- J


def _bamboo_place(decision: Decision, view: IEView, worth: Worth) -> object:
    """Bamboo: placed again on the ship whose expected payout it raises most (an empty ship
    rather than one it would slow down); pass in the last turn, when leaving the completed
    contracts would put me over a limit, or where no ship gains."""
    ships = [o for o in decision.options if isinstance(o, int)]
    if not ships or view.end_triggered or view.crew_room() < 1 or view.goods_room() < 2:
        return "pass"
    by_id = view.facts.cards.contract_by_id
    cid = next((c for c in view.fulfilled(view.player) if by_id[c].name == "Bamboo"), None)
    if cid is None:
        return "pass"

    def gain(i: int) -> tuple[float, int]:
        ship = _ship(view, i)
        before = _expected(view, ship) if ship.contracts else 0.0
        ship.contracts.append(cid)
        return _expected(view, ship) - before, -i

    value, best = max(gain(i) for i in ships)
    return -best if value > 0 else "pass"


def _pocky_import(decision: Decision, view: IEView, worth: Worth) -> object:
    """Pocky: the ship at sea whose best container is worth most to me as a good or crew,
    less the compensation its owner takes (his own: `view.compensation_to`, Pants; none
    from my own ship); the poorer owner on a tie."""
    rows = view.ships
    me = view.player
    credits = view.credits
    counts = goods_counts(view)

    def key(i: int) -> tuple[float, int, int]:
        owner, _, _, cargo, _ = rows[i]
        best = max((import_worth(view, counts, card) for card in cargo), default=0.0)
        cost = 0 if owner == me else view.compensation_to(owner)
        return best - cost, -credits[owner] if owner != me else 1, -i

    return max(decision.options, key=key)


def _robo_cats_pair(decision: Decision, view: IEView, worth: Worth) -> object:
    """Robo-Cats: a plundered pair always loads (else the kept card is lost), nearest a ship's
    completion; in a Load, a pair only when its extra card lifts the payout by more than it
    is worth kept (the whole pair's worth when no single card could load), else pass."""
    ships = [o for o in decision.options if isinstance(o, int)]
    if ships:
        return min(ships, key=lambda i: _load_key(view, i, (GREEN, PAIRED)))
    pairs = [o for o in decision.options if isinstance(o, tuple)]
    if not pairs:
        return "pass"
    colors = view.facts.cards.colors
    ports = [_ship(view, i) for i in _my_ports(view)]
    single = any(
        view.facts.fits(ship, c)
        for card in view.hand
        for c in colors[card]
        if c != GREY
        for ship in ports
    )

    def value(option: tuple[tuple[int, ...], int]) -> float:
        cards, i = option
        ship = _ship(view, i)
        _, left, pay = _outlook(view, ship)
        n = len(ship.cargo_colors) + left
        band = view.ship_payout(n + len(cards) - 1, ship.owner) + pay
        spent = [worth(c) for c in cards]
        if single:
            return band - (sum(spent) - max(spent))
        return band - pay / max(1, n) - sum(spent)

    def key(option: tuple[tuple[int, ...], int]) -> tuple[float, list[int]]:
        nearest = _load_key(view, option[1], (GREEN, PAIRED), option[0])
        return value(option), [-k for k in nearest]

    best = max(pairs, key=key)
    return best if value(best) > 0 else "pass"


def _robo_cats_keep(decision: Decision, view: IEView, worth: Worth) -> str:
    """Robo-Cats: keep a plundered container for a pair only when no ship of mine takes it
    alone (passing would discard it) and another of its type is at sea or on the island
    for a later plunder; otherwise pass and load it now."""
    card = decision.context
    facts = view.facts
    own = facts.color[card]
    if any(facts.fits(_ship(view, i), own) for i in _my_ports(view)):
        return "pass"
    colors = facts.cards.colors
    sea = any(c == own for row in view.ships if row[1] for c in row[4])
    island = any(colors[c] == (own,) for c in view.island)
    return "keep" if (sea or island) and "keep" in decision.options else "pass"


# ---------------------------------------------------------------- Flag


def _free_load(
    view: IEView, loads: list[tuple[int, int, int]], worth: Worth
) -> tuple[int, int, int] | None:
    """(card, ship, colour) loads for free: those whose container is worth more on its ship
    than the card kept in the hand; of them, the one leaving a ship nearest completion, the
    card worth least; none: pass."""
    good = [o for o in loads if _per_container(view, o[1]) > worth(o[0])]
    if not good:
        return None
    return min(good, key=lambda o: (_load_key(view, o[1], (o[2],), (o[0],)), worth(o[0]), o))


def _maple_syrup_load(decision: Decision, view: IEView, worth: Worth) -> object:
    """Maple Syrup: load itself for free where it leaves a ship nearest completion, unless
    the card is worth more kept in the hand than the container it makes."""
    card = decision.context
    loads = [(card, o[0], o[1]) for o in decision.options if isinstance(o, tuple)]
    best = _free_load(view, loads, worth)
    return "pass" if best is None else best[1:]


def _paprika_load(decision: Decision, view: IEView, worth: Worth) -> object:
    """Paprika: the free load leaving a ship nearest completion, of a card worth less kept
    than the container it makes; pass when every card is worth more in the hand."""
    loads = [o for o in decision.options if isinstance(o, tuple)]
    best = _free_load(view, loads, worth)
    return "pass" if best is None else best


RULES: dict[str, Rule] = {
    # Capital (powers/capital.py)
    AUTOMATION_SHIP: _nearest_completion,
    CHEAP_LABOR_SHIP: _cheap_labor_ship,
    GPS_SHIP: _nearest_completion,
    YEN_SHIP: _yen_ship,
    FAKE_MONEY_TAKE: _fake_money_take,
    FAKE_MONEY_LOAD: _fake_money_load,
    PARTNERSHIP_JOIN: _partnership_join,
    # the container variants (variants.py)
    CONTAINER_COLOR: _container_color,
    # J (powers/j.py; Robo-Cats' pairs: actions.py, plunder.py)
    BAMBOO_PLACE: _bamboo_place,
    POCKY_IMPORT: _pocky_import,
    ROBO_CATS_PAIR: _robo_cats_pair,
    ROBO_CATS_KEEP: _robo_cats_keep,
    # Flag (powers/flag.py)
    MAPLE_SYRUP_LOAD: _maple_syrup_load,
    PAPRIKA_LOAD: _paprika_load,
}
"""The default bot's rule for each of these kinds (heuristic.py lays them over
power_choices.RULES)."""
