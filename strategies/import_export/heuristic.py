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
"""

from __future__ import annotations

from typing import Any

from simulator.core.protocol import Decision, Strategy
from simulator.core.seeding import GameRandom
from simulator.games.import_export.cards import (
    ANY,
    BLACK,
    BLUE,
    CONTRACT,
    GREEN,
    GREY,
    IMPORT,
    LOAD,
    PIRATE,
    RED,
    SUPPLY,
    YELLOW,
)

GOODS = (GREEN, YELLOW, BLACK, BLUE, RED)
MAJORITY_COLORS = (GREEN, YELLOW, BLACK, BLUE)
CARD_VALUE = 1.5
"""What an unknown card drawn from the deck is worth, in credits."""
TEMPO = 0.8
"""Discount per container still missing on a ship."""
FULFIL_BONUS = 2.0
"""Beyond the payout: one more crew and two more goods slots, an island card, a ship at sea."""
HOLD = 0.6
"""A card in hand is worth this share of what it does once played (it still needs an action)."""


class _Ship:
    """The fields `rules.remaining` reads, built from a `view.ships` row (no copies)."""

    __slots__ = ("owner", "at_sea", "contracts", "cargo", "cargo_colors")

    def __init__(self, owner: int, at_sea: bool, contracts: Any, cargo: Any, colors: Any) -> None:
        self.owner = owner
        self.at_sea = at_sea
        self.contracts = contracts
        self.cargo = cargo
        self.cargo_colors = colors


class _Port:
    """One of my ships at port: uncovered needs, room for more contracts."""

    __slots__ = ("index", "ship", "need", "left", "cargo", "room", "slot")

    def __init__(
        self, index: int, ship: _Ship, need: dict[int, int], room: int, payout: Any
    ) -> None:
        self.index = index
        self.ship = ship
        self.need = need
        self.left = sum(need.values())
        self.cargo = len(ship.cargo)
        self.room = room
        self.slot = 0.0
        """What one more fitting container is worth here."""
        if self.left:
            self.slot = payout(self.cargo + self.left) / self.left
            if self.left == 1:
                self.slot += FULFIL_BONUS


class _Table:
    """What a decision needs from the view, computed once per decision (lazily where costly)."""

    def __init__(self, bot: IEHeuristic, view: Any) -> None:
        self.bot = bot
        self.view = view
        rules = view.rules
        self.rules = rules
        self.cards = cards = rules.cards
        self.base = base = rules.rules
        self.me = me = view.player
        self.hand = hand = view.hand
        self.credits = view.credits
        self.rows = rows = view.ships
        self.island = island = view.island
        colors = cards.colors
        self.hand_colors = hc = [0] * 7
        for c in hand:
            hc[colors[c][0]] += 1
        self.sea = sea = [0] * 7
        self.ports: list[_Port] = []
        payout = base.payout
        by_id = cards.contract_by_id
        for i, (owner, at_sea, contracts, cargo, cargo_colors) in enumerate(rows):
            if at_sea:
                for c in cargo_colors:
                    if c != GREY:
                        sea[c] += 1
            elif owner == me:
                ship = _Ship(owner, at_sea, contracts, cargo, cargo_colors)
                if contracts:
                    need, unmatched = rules.remaining(ship)
                    need = {c: v for c, v in need.items() if v > 0}
                    total = sum(by_id[cid].cargo_total for cid in contracts)
                else:
                    need, unmatched, total = {}, len(cargo), 0
                room = base.ship_capacity - total - unmatched
                self.ports.append(_Port(i, ship, need, room, payout))
        for card in island:
            sea[colors[card][0]] += 1
        crew = view.crew(me)
        actions = cards.actions
        self.crew_actions = ca = [0] * 6
        for card in crew:
            ca[actions[card]] += 1
        self.crew_room = view.crew_room()
        self.goods_room = view.goods_room()
        self.sea_weight = min(0.9, 0.3 + 0.25 * bot.pirate_bias + 0.1 * ca[PIRATE])
        self.bonus = FULFIL_BONUS * (1.0 + 0.5 * bot.collect)
        self._worth: dict[int, float] | None = None
        self._best: dict[tuple[int, ...], tuple[float, int, int, int]] = {}
        self._old: dict[tuple[int, ...], float] = {}
        self._ship_values: dict[int, float] = {}
        self._home: float | None = None
        self._goods: list[list[int]] | None = None
        self._rival_most: list[int] = []
        self._level_wants: dict[int, int] | None = None

    # ------------------------------------------------------------------ availability

    def avail(self, color: int, hand_colors: list[int]) -> float:
        return hand_colors[color] + self.sea_weight * self.sea[color] + 0.35

    def fill(self, need: dict[int, int], hand_colors: list[int]) -> float:
        """The share of these needs the hand, the sea and later draws can be expected to cover."""
        total = got = 0.0
        spare = 0.0
        for c, v in need.items():
            if c == ANY:
                continue
            a = self.avail(c, hand_colors)
            got += min(v, a)
            spare += max(0.0, a - v)
            total += v
        rainbow = need.get(ANY, 0)
        if rainbow:
            for c in GOODS:
                if c not in need:
                    spare += self.avail(c, hand_colors)
            got += min(rainbow, spare)
            total += rainbow
        return got / total if total else 1.0

    def hand_colors_without(self, excluded: tuple[int, ...]) -> list[int]:
        if not excluded:
            return self.hand_colors
        hc = self.hand_colors[:]
        for c in excluded:
            hc[self.cards.colors[c][0]] -= 1
        return hc

    def ship_value(
        self, need: dict[int, int], cargo: int, contracts: int, hand_colors: list[int]
    ) -> float:
        """Payout plus the fulfilment bonus of each contract, discounted by what is missing."""
        left = sum(need.values())
        if not left:
            return 0.0
        gain = self.base.payout(cargo + left) + contracts * self.bonus
        return gain * self.fill(need, hand_colors) * TEMPO**left

    # ------------------------------------------------------------------ contracts

    def contract_value(self, cid: int, port: _Port, hand_colors: list[int]) -> float | None:
        """What placing this contract on this ship adds (before the contract bias), or None
        when the ship cannot hold it (cargo plus unused leftovers over the capacity)."""
        ship = port.ship
        contracts = (*ship.contracts, cid)
        trial = _Ship(ship.owner, False, contracts, ship.cargo, ship.cargo_colors)
        need, unmatched = self.rules.remaining(trial)
        by_id = self.cards.contract_by_id
        if sum(by_id[c].cargo_total for c in contracts) + unmatched > self.base.ship_capacity:
            return None
        need = {c: v for c, v in need.items() if v > 0}
        if need:
            new = self.ship_value(need, port.cargo, len(contracts), hand_colors)
        else:  # leftovers already cover it: fulfilled at once
            new = self.base.payout(port.cargo) + len(contracts) * self.bonus
        key = (port.index, *hand_colors)
        old = self._old.get(key)
        if old is None:
            old = self._old[key] = self.ship_value(
                port.need, port.cargo, len(ship.contracts), hand_colors
            )
        return new - old

    def home_value(self) -> float:
        """What bringing a ship of mine home from sea is worth now: the best contract in
        hand placed on an empty ship, when no ship at port has room for one."""
        if self._home is None:
            self._home = 0.5
            if self.hand and not any(p.room >= 2 for p in self.ports):
                best = 0.0
                view = self.view
                budget = 1 + self.crew_actions[CONTRACT]
                for card in self.hand:
                    hc = self.hand_colors_without((card,))
                    for contract in self.cards.contracts[card]:
                        n = contract.cargo_total
                        gain = self.base.payout(n) + self.bonus
                        value = gain * self.fill(contract.cargo, hc) * TEMPO**n
                        if view.missing_levels(contract.id) >= budget:
                            value *= 0.3
                        best = max(best, value)
                self._home += self.bot.contract_bias * best
        return self._home

    def best_contract(
        self, card: int, hand_colors: list[int], budget: int, skip: int = -1
    ) -> tuple[float, int, int, int]:
        """(value, contract id, missing levels, ship index) of this card's best placement,
        before the contract bias; ship -1 when no ship at port has room (a later ship)."""
        key = (card, budget, skip, *hand_colors)
        best = self._best.get(key)
        if best is not None:
            return best
        best = (0.0, -1, 0, -1)
        view = self.view
        for contract in self.cards.contracts[card]:
            missing = view.missing_levels(contract.id)
            factor = 1.0 if missing < budget else 0.3
            value, where = 0.0, -1
            for port in self.ports:
                if port.index != skip:
                    v = self.contract_value(contract.id, port, hand_colors)
                    if v is not None and (where < 0 or v > value):
                        value, where = v, port.index
            if where < 0:  # no room now: worth keeping for a later ship
                n = contract.cargo_total
                gain = self.base.payout(n) + self.bonus
                value = 0.3 * gain * self.fill(contract.cargo, hand_colors) * TEMPO**n
            value *= factor
            if value > best[0]:
                best = (value, contract.id, missing, where)
        self._best[key] = best
        return best

    # ------------------------------------------------------------------ hand worth

    def slots(self) -> dict[int, list[float]]:
        """Per colour, the value of each uncovered container need at my ports, best first."""
        slots: dict[int, list[float]] = {}
        for port in self.ports:
            for c, v in port.need.items():
                slots.setdefault(c, []).extend([port.slot] * v)
        for values in slots.values():
            values.sort(reverse=True)
        return slots

    def worth(self) -> dict[int, float]:
        """What keeping each hand card is worth: as a container for a ship at port, as one
        of the contracts I can place next, as a container those contracts will need."""
        if self._worth is not None:
            return self._worth
        bot = self.bot
        view = self.view
        key = (
            self.hand,
            self.rows,
            self.island,
            self.credits,
            view.goods(self.me),
            view.crew(self.me),
        )
        memo = bot._worth_memo
        if memo is not None and memo[0] == key:  # same table as the last decision
            self._worth = memo[1]
            return memo[1]
        cards = self.cards
        hand = self.hand
        slots = {c: v[:] for c, v in self.slots().items()}
        budget = 1 + self.crew_actions[CONTRACT]
        flag_ok = self.credits[self.me] >= self.base.flag_load_cost
        load = {card: _take_slot(slots, cards.colors[card], flag_ok) for card in hand}
        offers = []
        for card in hand:
            value, cid, _, _ = self.best_contract(card, self.hand_colors_without((card,)), budget)
            offers.append((value, card, cid))
        offers.sort(reverse=True)
        places = max(1, sum(1 for p in self.ports if p.room >= 2))
        contract: dict[int, float] = {}
        kept: set[int] = set()
        demand: dict[int, list[float]] = {}
        for rank, (value, card, cid) in enumerate(offers):
            if rank < places and value > 0:
                contract[card] = value
                kept.add(card)
                terms = cards.contract_by_id[cid]
                per = 0.6 * self.base.payout(terms.cargo_total) / terms.cargo_total
                for color, k in terms.cargo.items():
                    demand.setdefault(color, []).extend([per] * k)
            else:
                contract[card] = 0.3 * value
        for values in demand.values():
            values.sort(reverse=True)
        worth: dict[int, float] = {}
        for card in hand:
            support = 0.0 if card in kept else _take_slot(demand, cards.colors[card], flag_ok)
            use = max(bot.load_bias * max(load[card], support), bot.contract_bias * contract[card])
            worth[card] = HOLD * use + 0.3 * bot.pref[cards.actions[card]]
        self._worth = worth
        bot._worth_memo = (key, worth)
        return worth

    def play_cost(self, option: Any) -> float:
        worth = self.worth()
        if isinstance(option, tuple):
            return worth[option[0]] + worth[option[1]]
        return worth[option]

    def cheapest_play(self, options: Any) -> tuple[Any, float]:
        best, cost = options[0], float("inf")
        for option in options:
            c = self.play_cost(option)
            if c < cost:
                best, cost = option, c
        return best, cost

    def play_options(self, action: int) -> list[Any]:
        """The cards (or same-colour pairs) that could declare this action."""
        hand = self.hand
        actions = self.cards.actions
        singles = [c for c in hand if actions[c] == action]
        if singles:
            return singles
        colors = self.cards.colors
        pairs = []
        for i, a in enumerate(hand):
            for b in hand[i + 1 :]:
                if colors[a][0] == colors[b][0]:
                    pairs.append((a, b))
        return pairs

    # ------------------------------------------------------------------ goods and crew

    def goods_counts(self) -> list[list[int]]:
        if self._goods is None:
            colors = self.cards.colors
            counts = []
            for p in range(self.view.n_players):
                c = [0] * 6
                for card in self.view.goods(p):
                    c[colors[card][0]] += 1
                counts.append(c)
            self._goods = counts
            me = self.me
            self._rival_most = [
                max((counts[q][c] for q in range(len(counts)) if q != me), default=0)
                for c in range(6)
            ]
        return self._goods

    def level_wants(self) -> dict[int, int]:
        """Levels still missing, per colour, for the contracts in my hand."""
        if self._level_wants is None:
            wants: dict[int, int] = {}
            view = self.view
            for card in self.hand:
                for contract in self.cards.contracts[card]:
                    for c, need in contract.level.items():
                        gap = need - view.level(c)
                        if gap > 0:
                            wants[c] = max(wants.get(c, 0), gap)
            self._level_wants = wants
        return self._level_wants

    def goods_value(self, card: int, room: int | None = None, extra: int = -1) -> float:
        """End-game points, majority, set progress and levels a good brings me (0 without
        room); `extra` is a colour of good taken just before it."""
        room = self.goods_room if room is None else room
        if room <= 0:
            return 0.0
        bot = self.bot
        color = self.cards.colors[card][0]
        counts = self.goods_counts()
        me = self.me
        mine = counts[me]
        m = mine[color] + (1 if extra == color else 0)
        o = self._rival_most[color]
        value = 2.0 if color == RED else 1.0
        if color in MAJORITY_COLORS:
            bonus = self.base.majority[MAJORITY_COLORS.index(color)]
            weight = 0.3 + 0.4 * min(1.0, max(self.credits) / self.base.end_credits)
            value += bot.collect * weight * (_share(m + 1, o, bonus) - _share(m, o, bonus))
        elif color == RED:
            penalty = self.base.illegal_penalty
            value -= _share(m + 1, o, penalty) - _share(m, o, penalty)
        if color in GOODS and m == 0:
            missing = sum(1 for c in GOODS if mine[c] == 0 and c != extra)
            if room >= missing:
                value += bot.collect * self.base.set_bonus / (missing + 1)
        gap = self.level_wants().get(color, 0) - (1 if extra == color else 0)
        if gap > 0:
            value += bot.contract_bias * (2.0 if gap == 1 else 1.0)
        return value

    def crew_value(self, card: int) -> float:
        if self.crew_room <= 0:
            return 0.0
        action = self.cards.actions[card]
        late = max(self.credits) / self.base.end_credits
        scale = 0.5 if action == SUPPLY else 1.0
        return (1.0 + 3.0 * self.bot.pref[action] * scale) * max(0.2, 1.0 - late)

    def import_value(self, card: int) -> float:
        return max(self.goods_value(card), self.crew_value(card))

    def ship_import_value(self, index: int) -> float:
        """Two cards of a ship at sea (one at most to crew) for me, chosen greedily."""
        memo = self._ship_values.get(index)
        if memo is not None:
            return memo
        owner, _, _, cargo, _ = self.rows[index]
        best, first, as_crew = 0.0, -1, False
        for card in cargo:
            goods, crew = self.goods_value(card), self.crew_value(card)
            if first < 0 or max(goods, crew) > best:
                best, first, as_crew = max(goods, crew), card, crew > goods
        if len(cargo) > 1:
            color = -1 if as_crew else self.cards.colors[first][0]
            room = self.goods_room - (0 if as_crew else 1)
            second = []
            for card in cargo:
                if card != first:
                    v = self.goods_value(card, room, color)
                    if not as_crew:
                        v = max(v, self.crew_value(card))
                    second.append(v)
            best += max(second)
        if owner == self.me:
            best -= 1.0  # the compensation I would have had
            home = self.home_value()
            best += home if len(cargo) <= 2 else 0.3 * home
        self._ship_values[index] = best
        return best

    # ------------------------------------------------------------------ scores

    def estimate(self, player: int) -> float:
        """Credits plus what a player's goods would score if the game ended now."""
        counts = self.goods_counts()
        mine = counts[player]
        score = float(self.credits[player]) + sum(mine[c] for c in GOODS) + mine[RED]
        if all(mine[c] for c in GOODS):
            score += self.base.set_bonus
        for c, bonus in zip(MAJORITY_COLORS, self.base.majority, strict=True):
            o = max((counts[q][c] for q in range(len(counts)) if q != player), default=0)
            score += _share(mine[c], o, bonus)
        o = max((counts[q][RED] for q in range(len(counts)) if q != player), default=0)
        score -= _share(mine[RED], o, self.base.illegal_penalty)
        return score

    def rival_needs(self) -> list[int]:
        """Per colour, how many containers rivals' ships at port still need."""
        needs = [0] * 7
        rules = self.rules
        for owner, at_sea, contracts, cargo, colors in self.rows:
            if owner != self.me and not at_sea and contracts:
                need, _ = rules.remaining(_Ship(owner, at_sea, contracts, cargo, colors))
                for c, v in need.items():
                    if v > 0:
                        needs[c] += v
        return needs


def _take_slot(slots: dict[int, list[float]], colors: tuple[int, ...], flag_ok: bool) -> float:
    """Take the best open slot (own colour or rainbow) for a card; its value, or 0."""
    if len(colors) > 1 and not flag_ok:
        return 0.0
    best, pick = 0.0, None
    for c in colors:
        if c == GREY:
            continue
        for key in (c, ANY):
            values = slots.get(key)
            if values and values[0] > best:
                best, pick = values[0], values
    if pick is not None:
        pick.pop(0)
    return best


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

    name = "heuristic"
    params: dict[str, Any] = {
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
        self.pref = (
            self.supply_bias,
            self.import_bias,
            self.contract_bias,
            self.load_bias,
            self.pirate_bias,
            0.0,
        )
        """Taste per action (SUPPLY..PIRATE, BARTER): action values and crew cards."""
        self._worth_memo: tuple[Any, dict[int, float]] | None = None
        """The last hand worth and the table it was computed on (lead, then lead_with)."""
        self._import_turn = -1
        self._import_declared = 0
        self._import_round = 0

    # ------------------------------------------------------------------ dispatch

    def choose(self, decision: Decision, view: Any, rng: GameRandom) -> Any:
        kind = decision.kind
        if kind == "declare" and decision.context not in (SUPPLY, CONTRACT):
            count = decision.options[-1]  # crew actions cost nothing: use them all
            if decision.context == IMPORT:
                self._import_turn, self._import_declared, self._import_round = view.turn, count, 0
            return count
        if kind == "import_tie" and view.player in decision.options:
            return view.player  # the leader breaks ties: itself
        handler = getattr(self, "_" + kind, None)
        if handler is None:  # a decision kind of a later expansion: the first option
            return decision.options[0]
        return handler(decision, _Table(self, view), rng)

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
        return 0.0

    def _load_value(self, t: _Table, count: int, excluded: tuple[int, ...]) -> float:
        slots = t.slots()
        if not slots:
            return 0.0
        slots = {c: v[:] for c, v in slots.items()}
        colors = t.cards.colors
        cards = [c for c in t.hand if c not in excluded]
        total = 0.0
        for _ in range(count):
            best, best_key, best_card = 0.0, -1, -1
            for card in cards:
                for c in colors[card]:
                    if c == GREY:
                        continue
                    for key in (c, ANY):
                        values = slots.get(key)
                        if values and values[0] > best:
                            best, best_key, best_card = values[0], key, card
            if best_card < 0:
                break
            total += best
            slots[best_key].pop(0)
            cards.remove(best_card)
        return total

    def _pirate_value(self, t: _Table, count: int) -> float:
        slots = {c: v[:] for c, v in t.slots().items()}
        sources = [c for c in range(6) for _ in range(t.sea[c]) if c != GREY]
        total = 0.0
        spare = 0
        for _ in range(count):
            best, best_key, best_src = 0.0, -1, -1
            for k, c in enumerate(sources):
                for key in (c, ANY):
                    values = slots.get(key)
                    if values and values[0] > best:
                        best, best_key, best_src = values[0], key, k
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
        for _ in range(2):
            best = None
            for card in cards:  # (the played card's colour still counts: shared memo)
                hc = t.hand_colors_without((card,))
                value, cid, missing, where = t.best_contract(card, hc, count - used, skip)
                if where >= 0 and used + 1 + missing <= count:
                    value -= 0.5 * missing
                    if best is None or value > best[0]:
                        best = (value, card, missing, where)
            if best is None or best[0] < (0.0 if not used else 1.0):
                break
            total += best[0]
            used += 1 + best[2]
            skip = best[3]
            cards.remove(best[1])
            excluded = excluded + (best[1],)
        return total, used

    def _supply_value(self, t: _Table, count: int, excluded: tuple[int, ...]) -> float:
        worth = t.worth()
        rest = [worth[c] for c in t.hand if c not in excluded]
        total = 0.0
        if rest:
            total += max(0.0, t.base.sell_price - min(rest))
            count -= 1
        crews = sorted((t.crew_value(c) for c in t.island), reverse=True)
        total += sum(crews[: min(count, t.crew_room)])
        return total

    def _import_value(self, t: _Table, count: int, leader: bool) -> float:
        ships = [i for i, row in enumerate(t.rows) if row[1] and row[3]]
        if not ships or t.credits[t.me] <= 0 and not leader:
            return 0.0
        values = sorted((t.ship_import_value(i) for i in ships), reverse=True)
        if not leader:
            values = [sum(values) / len(values)] * len(values)
        keep = 1.0 - 0.7 * self.bid_share
        return sum(max(0.0, v) * keep for v in values[:count])

    # ------------------------------------------------------------------ turn decisions

    def _lead(self, d: Decision, t: _Table, rng: GameRandom) -> Any:
        for option in d.options:
            if option[0] == "discard_contracts" and self._stuck(t, option[1]):
                return option
        best, best_value = ("draw",), self._draw_value(t)
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
            for c, v in port.need.items():
                have = (
                    sum(t.hand_colors[:6]) + sum(t.sea[:6])
                    if c == ANY
                    else t.hand_colors[c] + t.sea[c]
                )
                short += max(0, v - have)
            if short >= 2:
                return any(t.best_contract(card, t.hand_colors, 1)[0] > 2.0 for card in t.hand)
        return False

    def _lead_with(self, d: Decision, t: _Table, rng: GameRandom) -> Any:
        return t.cheapest_play(d.options)[0]

    _follow_with = _lead_with

    def _follow(self, d: Decision, t: _Table, rng: GameRandom) -> Any:
        action = d.context
        follow = ("follow",)
        if follow not in d.options:
            return d.options[0]
        play, cost = t.cheapest_play(t.play_options(action))
        excluded = play if isinstance(play, tuple) else (play,)
        crew = t.crew_actions[action]
        gain = (
            self._action_value(t, action, crew + 1, excluded, False)
            - self._action_value(t, action, crew, (), False)
            - cost
        )
        return follow if gain > self._draw_value(t) else ("draw",)

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
        mine = t.estimate(t.me)
        return all(mine >= t.estimate(q) for q in range(t.view.n_players) if q != t.me)

    def _contract(self, d: Decision, t: _Table, rng: GameRandom) -> Any:
        worth = t.worth()
        ports = {p.index: p for p in t.ports}
        best, best_value = d.options[0], float("-inf")
        cache: dict[int, list[int]] = {}
        for option in d.options:
            card, cid, index = option
            hc = cache.get(card)
            if hc is None:
                hc = cache[card] = t.hand_colors_without((card,))
            value = t.contract_value(cid, ports[index], hc) or 0.0
            value -= 1.5 * t.view.missing_levels(cid)  # budget spent on levels
            value -= 0.5 * max(0.0, worth[card] - self.contract_bias * value)
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
        best, best_value = d.options[0], float("-inf")
        for option in d.options:
            if option[0] == "ship":
                _, i, j = option
                owner, _, _, cargo, cargo_colors = rows[i]
                cols: tuple[int, ...] = (cargo_colors[j],)
            else:
                owner, cargo = -1, ()
                cols = colors[option[1]]
            value = 0.0
            for c in cols:
                fit = max((slots.get(c) or [0.0])[0], (slots.get(ANY) or [0.0])[0])
                value = max(value, fit)
            value += self.deny * 0.8 * max(min(rival[c], 2) for c in cols)
            if owner == me:  # each container taken brings my ship nearer home
                value += t.home_value() / len(cargo) - 0.3
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
        if self._import_round <= self._import_declared:
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

    name = "contractor"
    params: dict[str, Any] = {
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

    name = "importer"
    params: dict[str, Any] = {
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

    name = "pirate"
    params: dict[str, Any] = {
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
