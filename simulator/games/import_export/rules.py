"""Import/Export base rules as one generator that yields every decision.

Rulebook: ../shared/seeds/000-003 (the same text in Italian, Spanish, French, German; FAQ in
the Italian and Spanish files). Interpretations are rulings in docs/rulings.md, named in
the code as `IE-...`. Card powers live in powers/ and are reached through hooks indexed
per game, so only cards in play are ever consulted.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from simulator.core.cards import CardSheet
from simulator.core.errors import ConfigError
from simulator.core.protocol import Decision, Outcome, PlayerOutcome
from simulator.core.rule_numbers import with_overrides
from simulator.core.seeding import GameRandom
from simulator.core.spec import GameConfig, GameSpec
from simulator.games.import_export.cards import (
    ACTIONS,
    ANY,
    BLACK,
    BLUE,
    COLORS,
    CONTRACT,
    GREEN,
    GREY,
    IMPORT,
    LOAD,
    PIRATE,
    RED,
    SUPPLY,
    YELLOW,
    IECards,
)
from simulator.games.import_export.state import EVENT_NAMES, GameOver, IEState, Ship

Flow = Generator[Decision, Any, Any]

GOOD_COLORS = (GREEN, YELLOW, BLACK, BLUE, RED)
SUPPORTED_SETS = ("base", "kickstarter", "kickstarter2", "j", "flag")
"""Sets playable with their printed attributes. Capital (Barter, grey goods) and Tokyo
(the Tokyo Port) need their expansion rules first, so a run asking for them is refused."""
SUPPORTED_VARIANTS: tuple[str, ...] = ()
"""Variants whose rules are implemented (the others are refused with a clear error)."""
LEAD_ANY = tuple(("lead", a) for a in (SUPPLY, IMPORT, CONTRACT, LOAD, PIRATE))
"""Sets whose special rules are implemented; the others need the expansion rules (issue 5)."""


@dataclass
class Scoring:
    """The end-of-game tally that scoring powers read and change, stage by stage."""

    final: list[int]
    counts: list[list[int]] = field(default_factory=list)
    """Goods per colour per player, as counted for values and majorities."""
    good_value: list[list[int]] = field(default_factory=list)
    """Credits per good per colour per player (1, and 2 for illegal)."""
    awards: list[list[int]] = field(default_factory=list)
    """[player, colour, credits]: majority bonuses, and the illegal penalty as negative."""


@dataclass(frozen=True)
class BaseRules:
    """The rulebook's numbers, in one place (cards' own numbers are in the card sheet)."""

    start_credits: int = 10
    grey_bonus_at_six: int = 4
    start_hand: int = 5
    draw_to: int = 5
    sell_price: int = 4
    owner_compensation: int = 2
    ship_capacity: int = 6
    end_credits: int = 50
    sea_cards_at_setup: int = 4
    pay_2: int = 6
    pay_3_4: int = 10
    pay_5_6: int = 14
    unfulfilled_container: int = 2
    set_bonus: int = 10
    majority: tuple[int, int, int, int] = (6, 6, 6, 8)
    illegal_penalty: int = 6
    flag_load_cost: int = 2

    def payout(self, containers: int) -> int:
        """Payment by containers on the ship; fewer than 2 pays the lowest band (IE-PAY-1)."""
        if containers >= 5:
            return self.pay_5_6
        if containers >= 3:
            return self.pay_3_4
        return self.pay_2 if containers >= 1 else 0


class ImportExportGame:
    """Import/Export bound to one config and card sheet."""

    def __init__(self, spec: GameSpec, config: GameConfig, sheet: CardSheet) -> None:
        from simulator.games.import_export import powers

        self.spec = spec
        self.config = config
        self.sheet = sheet
        variant_names = spec.names_of_kind("variant")
        self.variants = tuple(m for m in config.modules if m in variant_names)
        """Optional ways to play (`--variant`): market, containers, containers_all."""
        sets = tuple(m for m in config.modules if m not in variant_names) or ("base",)
        for v in self.variants:
            if v not in SUPPORTED_VARIANTS:
                raise ConfigError(
                    f"--variant: '{v}' is not implemented yet; accepted now: "
                    f"{', '.join(SUPPORTED_VARIANTS) or 'none'}"
                )
        unsupported = [s for s in sets if s not in SUPPORTED_SETS]
        if unsupported:
            raise ConfigError(
                f"--sets: '{unsupported[0]}' needs its expansion rules, not implemented yet; "
                f"accepted now: {', '.join(SUPPORTED_SETS)}"
            )
        self.sets = tuple(sets)
        self.cards = cards = IECards.compile(sheet, self.sets)
        if not len(cards):
            raise ConfigError(
                f"--sets: the card sheet {sheet.path} has no cards of {', '.join(sets)}"
            )
        self.rules = rules = with_overrides(BaseRules(), config.rules)
        needed = config.players * (1 + rules.sea_cards_at_setup + rules.start_hand)
        if len(cards) < needed:
            raise ConfigError(
                f"--sets: {config.players} players need at least {needed} cards to set up; "
                f"{', '.join(sets)} in {sheet.path} has {len(cards)}"
            )
        self.actions = cards.actions
        self.color = tuple(c[0] for c in cards.colors)
        """A card's colour as a good, crew, wildcard or setup container: a Flag card's first
        side (IE-FLAG-3); loaded, it counts as the colour chosen (IE-FLAG-1)."""
        self.powers = powers.index_for(cards)
        self._crew_limit_bonus = 1  # the port's printed contract (IE-LIMIT-1)

    # ------------------------------------------------------------------ setup

    def new_state(self, rng: GameRandom) -> IEState:
        n = self.config.players
        s = IEState(n)
        s.rng = rng
        rules = self.rules
        deck = list(range(len(self.cards)))
        rng.shuffle(deck)
        s.deck = deck
        # 3. the supply island: one card per player
        for _ in range(n):
            s.island.append(deck.pop())
        # 4. ports: grey only at six players (IE-SETUP-1)
        colors = (
            [GREEN, YELLOW, BLACK, BLUE, RED] if n < 6 else [GREEN, YELLOW, BLACK, BLUE, RED, GREY]
        )
        rng.shuffle(colors)
        for p in range(n):
            s.port[p] = colors[p]
            s.credits[p] = rules.start_credits + (
                rules.grey_bonus_at_six if colors[p] == GREY else 0
            )
            home, sea = Ship(p), Ship(p)
            sea.at_sea = True
            s.ships.extend((home, sea))
        # 6. four cards under each ship at sea, as containers
        for ship in s.ships:
            if ship.at_sea:
                for _ in range(rules.sea_cards_at_setup):
                    card = deck.pop()
                    ship.cargo.append(card)
                    ship.cargo_colors.append(self.color[card])  # IE-SETUP-2
        # 9. hands of five
        for p in range(n):
            for _ in range(rules.start_hand):
                card = deck.pop()
                s.hands[p].append(card)
                s.log[p]["opening"].append(card)
        s.first_player = s.leader = rng.below(n)
        return s

    # ------------------------------------------------------------------ limits and levels

    def crew_limit(self, s: IEState, p: int) -> int:
        return self._crew_limit_bonus + len(s.fulfilled[p])

    def goods_limit(self, s: IEState, p: int) -> int:
        return 2 * (self._crew_limit_bonus + len(s.fulfilled[p]))

    def level(self, s: IEState, p: int, color: int) -> int:
        """Goods of a colour plus the port's own colour (IE-LEVEL-1); ANY counts all goods."""
        if color == ANY:
            return len(s.goods[p]) + (1 if s.port[p] == GREY else 0)
        return sum(1 for c in s.goods[p] if self.color[c] == color) + (
            1 if s.port[p] == color else 0
        )

    def missing_levels(self, s: IEState, p: int, contract_id: int) -> int:
        contract = self.cards.contract_by_id[contract_id]
        return sum(max(0, need - self.level(s, p, color)) for color, need in contract.level.items())

    # ------------------------------------------------------------------ ships

    def _cargo_of(self, cid: int, rainbow: Any) -> dict[int, int]:
        """A contract's cargo needs; all rainbow for Tortillas-like contracts and for the
        colours a power (Candy, Coffee, Generators, Seeds) opens to any container."""
        contract = self.cards.contract_by_id[cid]
        if cid in self.powers.any_cargo or (rainbow and contract.color in rainbow):
            return {ANY: contract.cargo_total}
        return contract.cargo

    def _wild(self, s: IEState | None, owner: int) -> Any:
        """Container colours wild on this owner's ships (Big Cats, Impalas, ...; IE-POWER-7)."""
        return s.mods[owner].get("wild_colors", ()) if s is not None else ()

    def remaining(
        self, ship: Ship, extra: int | None = None, s: IEState | None = None
    ) -> tuple[dict[int, int], int]:
        """Uncovered cargo needs of a ship's contracts (plus `extra`, a contract id being
        considered), and the containers matching none.

        Containers fill their own colour first, then rainbow slots; grey containers are
        wild (IE-CARGO-1). Leftover containers still take room (FAQ on discarded contracts).
        With the state `s`, the owner's rule modifiers apply (wild colours, rainbow
        contracts); without it (a bot's estimate) only the cards' own rainbows do.
        """
        need: dict[int, int] = {}
        contracts = ship.contracts if extra is None else [*ship.contracts, extra]
        rainbow = s.mods[ship.owner].get("rainbow_colors") if s is not None else None
        wild = self._wild(s, ship.owner)
        for cid in contracts:
            for color, k in self._cargo_of(cid, rainbow).items():
                need[color] = need.get(color, 0) + k
        unmatched = 0
        for color in ship.cargo_colors:
            if need.get(color, 0) > 0:
                need[color] -= 1
            elif (color == GREY or color in wild) and any(v > 0 for v in need.values()):
                best = max(need, key=lambda c: (need[c], c != ANY))
                need[best] -= 1
            elif need.get(ANY, 0) > 0:
                need[ANY] -= 1
            else:
                unmatched += 1
        return need, unmatched

    def fits(self, ship: Ship, color: int, s: IEState | None = None) -> bool:
        """Whether a container of this colour may be loaded: an uncovered matching need."""
        if ship.at_sea or not ship.contracts:
            return False
        need, _ = self.remaining(ship, s=s)
        if color == GREY or color in self._wild(s, ship.owner):
            return any(v > 0 for v in need.values())
        return need.get(color, 0) > 0 or need.get(ANY, 0) > 0

    def can_hold(self, ship: Ship, contract_id: int, s: IEState | None = None) -> bool:
        """Whether the contract fits the ship: all contracts' cargo plus the leftover
        containers that none of them uses stay within the capacity (IE-CARGO-1)."""
        _, unmatched = self.remaining(ship, contract_id, s)
        by_id = self.cards.contract_by_id
        total = sum(by_id[c].cargo_total for c in ship.contracts) + by_id[contract_id].cargo_total
        return total + unmatched <= self.capacity(s, ship.owner)

    # ------------------------------------------------------------------ rule modifiers

    def capacity(self, s: IEState | None, p: int) -> int:
        """Containers a ship of p may carry (Tablets)."""
        if s is None:
            return self.rules.ship_capacity
        return s.mods[p].get("capacity", self.rules.ship_capacity)

    def payout(self, s: IEState, p: int, containers: int) -> int:
        """The payment for a ship of p leaving with `containers` (Tablets' higher bands)."""
        for least, pay in s.mods[p].get("pay_bands", ()):
            if containers >= least:
                return pay
        return self.rules.payout(containers)

    def end_threshold(self, s: IEState, p: int) -> int | None:
        """Credits at which p triggers the end (MRI Machine), None if never (Can Openers)."""
        mods = s.mods[p]
        if mods.get("no_credit_end"):
            return None
        return mods.get("end_credits", self.rules.end_credits)

    def _reached_end(self, s: IEState, p: int) -> bool:
        threshold = self.end_threshold(s, p)
        return threshold is not None and s.credits[p] >= threshold

    # ------------------------------------------------------------------ the game

    def play(self, s: IEState, rng: GameRandom) -> Flow:
        try:
            while True:
                if s.turn >= self.config.max_turns:
                    s.end_reason = s.end_reason or "turn_limit"  # IE-END-3
                    break
                s.between_turns = False
                yield from self._turn(s, rng)
                s.between_turns = True
                if s.end_triggered:
                    break
                extra = s.mods[s.leader].get("extra_turns")
                if extra:  # Pirates: another turn at the end of the owner's own (IE-POWER-39)
                    s.mods[s.leader]["extra_turns"] = extra - 1
                    continue
                s.leader = (s.leader + 1) % s.n
        except GameOver:
            s.between_turns = True
            return
        s.between_turns = True
        self.score(s)

    def _say(self, s: IEState, text: str) -> None:
        if s.trace is not None:
            s.trace(text)

    def _turn(self, s: IEState, rng: GameRandom) -> Flow:
        p = s.leader
        s.turn += 1
        s.sold_this_turn = [False] * s.n
        if s.trace is not None:
            self._say(
                s,
                f"-- turn {s.turn}: player {p} leads ({s.credits[p]} credits, "
                f"hand {self.card_list(s.hands[p])})",
            )
        yield from self.emit(s, "turn_started", p, None)
        while True:
            options = self._lead_options(s, p)
            choice = yield Decision(p, "lead", options)
            if choice[0] != "discard_contracts":
                break
            self._discard_contracts(s, p, choice[1])  # IE-DISCARD-1: any time as leader
        if choice[0] == "draw":
            self._say(s, f"   player {p} draws")
            yield from self._draw_action(s, rng, p)
            self._end_of_turn(s)
            return
        action = choice[1]
        self._say(s, f"   player {p} leads {ACTIONS[action]}")
        yield from self._play_for_action(s, p, action, "lead_with")
        declared = [0] * s.n
        declared[p] = yield from self._declare(s, p, action, 1)
        order = [(p + k) % s.n for k in range(s.n)]
        followers = []
        for q in order[1:]:
            options: tuple[Any, ...] = (("draw",),)
            if self._can_play_for(s, q, action):
                options = (("follow",), ("draw",))
            answer = yield Decision(q, "follow", options, context=action)
            self._say(s, f"   player {q} {'follows' if answer[0] == 'follow' else 'draws'}")
            if answer[0] == "follow":
                followers.append(q)
                yield from self._play_for_action(s, q, action, "follow_with")
                declared[q] = yield from self._declare(s, q, action, 1)
            else:
                yield from self._draw_action(s, rng, q)  # drawn now, before anyone acts (FAQ)
                declared[q] = yield from self._declare(s, q, action, 0)
        self._say(s, f"   {ACTIONS[action]} declared: {declared}")
        yield from self.emit(s, "action_declared", p, (action, tuple(followers), tuple(declared)))
        if action == IMPORT:
            yield from self._import_rounds(s, rng, order, declared)
        else:  # IE-TURN-2: each player performs all his actions in turn
            for q in order:
                yield from self._perform(s, rng, q, action, declared[q])
        self._end_of_turn(s)

    def _end_of_turn(self, s: IEState) -> None:
        s.discard.extend(s.in_play)
        s.in_play.clear()
        for p in range(s.n):
            multiplier = s.mods[p].get("win_credit_multiplier")
            if multiplier is not None and self._rich_win(s, p, multiplier):
                s.winners = [p]
                s.end_reason = "card"
                raise GameOver("Exotic Fish")
        if not s.end_triggered and any(self._reached_end(s, p) for p in range(s.n)):
            self._trigger_end(s, "credits")

    def _rich_win(self, s: IEState, p: int, multiplier: int) -> bool:
        """Exotic Fish: at least `multiplier` times every other player's credits (and some
        credits), and strictly the most goods; checked at the end of each turn (IE-POWER-32)."""
        others = [q for q in range(s.n) if q != p]
        return (
            s.credits[p] > 0
            and all(s.credits[p] >= multiplier * s.credits[q] for q in others)
            and all(len(s.goods[p]) > len(s.goods[q]) for q in others)
        )

    def _trigger_end(self, s: IEState, reason: str) -> None:
        """The end is triggered; the current turn finishes (IE-END-1)."""
        if not s.end_triggered:
            s.end_triggered = True
            s.end_reason = reason
            s.reshuffle_allowed = False
            self._say(s, f"** the end is triggered ({reason}); the turn finishes")

    def gain(self, s: IEState, p: int, amount: int) -> None:
        """Credits from the bank; reaching the end threshold triggers the end."""
        s.credits[p] += amount
        if self._reached_end(s, p):
            self._trigger_end(s, "credits")

    def pay(self, s: IEState, p: int, amount: int) -> bool:
        """Pay the bank if one can; False (and nothing paid) if one cannot."""
        if s.credits[p] < amount:
            return False
        s.credits[p] -= amount
        if amount > 0:
            for q in range(s.n):  # Fake DVDs (IE-POWER-33)
                watch = s.mods[q].get("spend_watch")
                if watch is not None and q != p and amount >= watch[0]:
                    self.gain(s, q, watch[1])
        return True

    # ------------------------------------------------------------------ drawing

    def deck_pop(self, s: IEState) -> int | None:
        """The top card of the deck; the discard pile is reshuffled when it runs out, unless
        the end was triggered; deck and discard both empty trigger the end (IE-END-2)."""
        if not s.deck and s.discard and s.reshuffle_allowed:
            s.deck.extend(s.discard)
            s.discard.clear()
            s.rng.shuffle(s.deck)
            self._say(s, "   the discard pile is shuffled into a new deck")
        if not s.deck:
            return None
        card = s.deck.pop()
        if not s.deck and not s.discard:
            self._trigger_end(s, "deck_exhausted")
        return card

    def _draw_action(self, s: IEState, rng: GameRandom, p: int) -> Flow:
        """A Draw action (a leader or a follower drawing instead of acting); tells the powers."""
        self._draw_up(s, rng, p)
        yield from self.emit(s, "draw_action", p, None)

    def _draw_up(self, s: IEState, rng: GameRandom, p: int) -> None:
        """Draw up to five, or one if holding five or more (Turn, option A)."""
        hand = s.hands[p]
        count = max(1, s.mods[p].get("draw_to", self.rules.draw_to) - len(hand))
        for _ in range(count):
            card = self.deck_pop(s)
            if card is None:
                break
            hand.append(card)
            s.log[p]["drawn"].append(card)

    # ------------------------------------------------------------------ declaring

    def _lead_options(self, s: IEState, p: int) -> tuple[Any, ...]:
        options: list[Any] = [("draw",)]
        hand = s.hands[p]
        colors = [self.color[c] for c in hand]
        if len(colors) != len(set(colors)):  # a wildcard pair can lead anything
            options.extend(LEAD_ANY)
        else:
            held = {self.actions[c] for c in hand}
            options.extend(
                ("lead", a) for a in (SUPPLY, IMPORT, CONTRACT, LOAD, PIRATE) if a in held
            )
        for i, ship in enumerate(s.ships):
            if ship.owner == p and not ship.at_sea and ship.contracts:
                options.append(("discard_contracts", i))
        return tuple(options)

    def _can_play_for(self, s: IEState, p: int, action: int) -> bool:
        hand = s.hands[p]
        if any(self.actions[c] == action for c in hand):
            return True
        colors = [self.color[c] for c in hand]
        return len(colors) != len(set(colors))  # a two-card same-colour wildcard

    def _play_options(self, s: IEState, p: int, action: int) -> tuple[Any, ...]:
        hand = s.hands[p]
        singles = [c for c in hand if self.actions[c] == action]
        pairs = [(a, b) for a, b in combinations(sorted(hand), 2) if self.color[a] == self.color[b]]
        return tuple(singles) + tuple(pairs)

    def _play_for_action(self, s: IEState, p: int, action: int, kind: str) -> Flow:
        """Play one card of the action, or two cards of one colour as a wildcard (IE-TURN-1)."""
        choice = yield Decision(p, kind, self._play_options(s, p, action), context=action)
        cards = choice if isinstance(choice, tuple) else (choice,)
        event = "wildcard" if len(cards) == 2 else "played"
        for c in cards:
            s.hands[p].remove(c)
            s.in_play.append(c)
            s.log[p][event].append(c)

    def crew_actions(self, s: IEState, p: int, action: int) -> int:
        """Matching crew, plus virtual crew of powers (Fridges: IE-POWER-9; Cannons:
        IE-POWER-10), which never counts toward the crew limit."""
        count = sum(1 for c in s.crew[p] if self.actions[c] == action)
        mods = s.mods[p]
        if mods:
            per_tech = mods.get("virtual_load_per_tech")
            if action == LOAD and per_tech:
                count += sum(1 for c in s.goods[p] if self.color[c] == GREEN) // per_tech
            if action == PIRATE and mods.get("shared_pirate_crew"):
                for q in range(s.n):
                    if q != p:
                        count += sum(1 for c in s.crew[q] if self.actions[c] == PIRATE)
        return count

    def _declare(self, s: IEState, p: int, action: int, base: int) -> Flow:
        """How many actions: the card played, plus any matching crew chosen (optional)."""
        extra = self.crew_actions(s, p, action)
        options = tuple(range(base, base + extra + 1))
        count = yield Decision(p, "declare", options, context=action)
        return count

    # ------------------------------------------------------------------ performing

    def _perform(self, s: IEState, rng: GameRandom, p: int, action: int, count: int) -> Flow:
        if count <= 0:
            return
        if action == CONTRACT:
            yield from self._contract_actions(s, p, count)
            return
        for _ in range(count):
            if action == SUPPLY:
                yield from self._supply(s, p)
            elif action == LOAD:
                yield from self._load(s, rng, p)
                yield from self.emit(s, "load_action", p, None)
            elif action == PIRATE:
                yield from self._pirate(s, rng, p)
        if action == LOAD and p == s.leader and s.mods[p].get("load_unlimited"):
            yield from self._load_more(s, p)  # Machine Arms (IE-POWER-41)

    def _supply(self, s: IEState, p: int) -> Flow:
        """Sell a hand card for 4 (once a turn), or take an island card to crew (IE-SUPPLY-1)."""
        options: list[Any] = []
        if not s.sold_this_turn[p]:
            options.extend(("sell", c) for c in s.hands[p])
        options.extend(("crew", c) for c in s.island)
        if not options:
            return
        verb, card = yield Decision(p, "supply", tuple(options))
        if verb == "sell":
            s.hands[p].remove(card)
            s.island.append(card)
            s.sold_this_turn[p] = True
            s.log[p]["sold"].append(card)
            self.gain(s, p, self.rules.sell_price)
            self._say(s, f"   player {p} sells {self.cards.names[card]}")
        else:
            s.island.remove(card)
            self._to_crew(s, p, card)
            self._say(s, f"   player {p} takes {self.cards.names[card]} to crew")

    def _to_crew(self, s: IEState, p: int, card: int) -> None:
        """Crew up to the limit; beyond it the card is discarded (IE-LIMIT-2)."""
        if len(s.crew[p]) < self.crew_limit(s, p):
            s.crew[p].append(card)
            s.log[p]["crew"].append(card)
        else:
            s.discard.append(card)
            s.log[p]["discarded"].append(card)

    def _to_goods(self, s: IEState, p: int, card: int) -> Flow:
        """Goods up to the limit (beyond it the card is discarded); tells the powers."""
        if len(s.goods[p]) < self.goods_limit(s, p):
            s.goods[p].append(card)
            s.log[p]["goods"].append(card)
            yield from self.emit(s, "goods_added", p, card)
        else:
            s.discard.append(card)
            s.log[p]["discarded"].append(card)

    def _contract_actions(self, s: IEState, p: int, budget: int) -> Flow:
        """Place contracts; extra actions each buy one missing level (IE-CONTRACT-1)."""
        while budget > 0:
            options = []
            for card in s.hands[p]:
                for contract in self.cards.contracts[card]:
                    missing = self.missing_levels(s, p, contract.id)
                    if 1 + missing > budget:
                        continue
                    for i, ship in enumerate(s.ships):
                        if (
                            ship.owner == p
                            and not ship.at_sea
                            and self.can_hold(ship, contract.id, s)
                        ):
                            options.append((card, contract.id, i))
            if not options:
                return  # a contract action with nothing legal is wasted (FAQ)
            card, contract_id, i = yield Decision(p, "contract", tuple(options))
            budget -= 1 + self.missing_levels(s, p, contract_id)
            yield from self.place_contract(s, p, card, contract_id, i)

    def place_contract(self, s: IEState, p: int, card: int, contract_id: int, i: int) -> Flow:
        """Place a hand card as a contract under ship i (a contract action, or a power such
        as Lutefisk); tells the powers, and the ship may complete with leftover containers."""
        s.hands[p].remove(card)
        ship = s.ships[i]
        ship.contracts.append(contract_id)
        s.log[p]["contracted"].append(contract_id)
        self._say(s, f"   player {p} contracts {self.cards.contract_by_id[contract_id].name}")
        yield from self.emit(s, "contract_placed", p, contract_id)
        yield from self._check_complete(s, ship)

    def _load_options(self, s: IEState, p: int, cards: list[int]) -> tuple[Any, ...]:
        options = []
        for card in cards:
            colors = self.cards.colors[card]
            if len(colors) > 1 and s.credits[p] < self.rules.flag_load_cost:
                continue  # IE-FLAG-1: a Flag card costs 2 to load
            for i, ship in enumerate(s.ships):
                if ship.owner != p:
                    continue
                for color in dict.fromkeys(colors):
                    if color != GREY and self.fits(ship, color, s):
                        options.append((card, i, color))
        return tuple(options)

    def _load(self, s: IEState, rng: GameRandom, p: int) -> Flow:
        """Load a hand card onto an uncovered matching need of a ship at one's port."""
        if s.mods[p]:
            done = yield from self._load_instead(s, p)
            if done:
                return
        options = self._load_options(s, p, s.hands[p])
        if not options:
            return
        card, i, color = yield Decision(p, "load", options)
        if len(self.cards.colors[card]) > 1:
            self.pay(s, p, self.rules.flag_load_cost)
        s.hands[p].remove(card)
        yield from self.load_container(s, p, s.ships[i], card, color)

    def _load_more(self, s: IEState, p: int) -> Flow:
        """After his declared Loads, a leader may go on loading hand cards, one by one."""
        while True:
            options = self._load_options(s, p, s.hands[p])
            if not options:
                return
            choice = yield Decision(p, "machine_arms_load", ("stop", *options))
            if choice == "stop":
                return
            card, i, color = choice
            if len(self.cards.colors[card]) > 1:
                self.pay(s, p, self.rules.flag_load_cost)
            s.hands[p].remove(card)
            yield from self.load_container(s, p, s.ships[i], card, color)

    def _load_instead(self, s: IEState, p: int) -> Flow:
        """Powers replacing one Load: Smart Cars (a hand card to the island for credits, once
        a turn) and Cell Phones (load the top card of the deck; FAQ: IE-POWER-34). Returns
        whether the Load was used."""
        mods = s.mods[p]
        island_pay = mods.get("load_to_island")
        if island_pay is not None and mods.get("load_to_island_turn") != s.turn and s.hands[p]:
            options = ("load", *(("island", c) for c in s.hands[p]))
            choice = yield Decision(p, "smart_cars_use", options)
            if choice != "load":
                s.hands[p].remove(choice[1])
                s.island.append(choice[1])
                mods["load_to_island_turn"] = s.turn
                self.gain(s, p, island_pay)
                return True
        if mods.get("load_draw") and any(
            not ship.at_sea and ship.contracts and any(self.remaining(ship, s=s)[0].values())
            for ship in s.ships_of(p)
        ):
            if (yield Decision(p, "cell_phones_use", ("hand", "draw"))) == "hand":
                return False
            card = self.deck_pop(s)
            if card is None:
                return True
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
                return True
            s.moving.append(card)
            i, color = yield Decision(p, "cell_phones_load", tuple(targets), context=card)
            s.moving.remove(card)
            if len(colors) > 1:
                self.pay(s, p, self.rules.flag_load_cost)
            yield from self.load_container(s, p, s.ships[i], card, color)
            return True
        return False

    def load_container(self, s: IEState, p: int, ship: Ship, card: int, color: int) -> Flow:
        ship.cargo.append(card)
        ship.cargo_colors.append(color)
        s.log[p]["loaded"].append(card)
        self._say(s, f"   player {p} loads {self.cards.names[card]} as {COLORS[color]}")
        yield from self.emit(s, "container_loaded", p, card)
        yield from self._check_complete(s, ship)

    def _pirate(self, s: IEState, rng: GameRandom, p: int, ships_only: bool = False) -> Flow:
        """Take a container from a ship at sea or the island; load it if it fits (IE-PIRATE-1).
        `ships_only`: a power's extra plunder from ships at sea (Contraband)."""
        options: list[Any] = []
        for i, ship in enumerate(s.ships):
            if ship.at_sea:
                for j, color in enumerate(ship.cargo_colors):
                    if color != GREY:  # grey containers cannot be pirated
                        options.append(("ship", i, j))
        if not ships_only:
            options.extend(("island", c) for c in s.island)
        if not options:
            return
        choice = yield Decision(p, "pirate", tuple(options))
        if choice[0] == "ship":
            ship = s.ships[choice[1]]
            card = ship.cargo.pop(choice[2])
            colors: tuple[int, ...] = (ship.cargo_colors.pop(choice[2]),)
            if not ship.cargo:
                self._return_to_port(s, ship)  # no compensation for the owner
        else:
            card = choice[1]
            s.island.remove(card)
            colors = self.cards.colors[card]  # IE-FLAG-2: either colour from the island
        s.log[p]["pirated"].append(card)
        yield from self._pirate_place(s, p, card, colors)
        yield from self.emit(s, "plundered", p, (card, colors[0], choice[0]))

    def _pirate_place(self, s: IEState, p: int, card: int, colors: tuple[int, ...]) -> Flow:
        """Load a pirated card onto a matching need at one's port, or discard it; Stem Cells
        may pay to add it to the goods instead (IE-POWER-35)."""
        cost = s.mods[p].get("plunder_to_goods_cost")
        if cost is not None and s.credits[p] >= cost and len(s.goods[p]) < self.goods_limit(s, p):
            s.moving.append(card)
            choice = yield Decision(p, "stem_cells_use", ("pass", "goods"), context=card)
            s.moving.remove(card)
            if choice == "goods":
                self.pay(s, p, cost)
                yield from self._to_goods(s, p, card)
                return
        targets = [
            (i, color)
            for i, ship in enumerate(s.ships)
            if ship.owner == p
            for color in dict.fromkeys(colors)
            if self.fits(ship, color, s)
        ]
        if not targets:
            s.discard.append(card)
            s.log[p]["discarded"].append(card)
            self._say(s, f"   player {p} pirates {self.cards.names[card]} and discards it")
            return
        s.moving.append(card)
        target = yield Decision(p, "pirate_to", (*targets, "discard"), context=card)
        s.moving.remove(card)
        if target == "discard":  # IE-PIRATE-1: "Puoi piazzarlo": loading is allowed, not forced
            s.discard.append(card)
            s.log[p]["discarded"].append(card)
            return
        i, color = target
        yield from self.load_container(s, p, s.ships[i], card, color)

    def _return_to_port(self, s: IEState, ship: Ship) -> None:
        ship.at_sea = False
        ship.cargo.clear()
        ship.cargo_colors.clear()
        self._say(s, f"   player {ship.owner}'s ship returns to port")

    def _import_rounds(
        self, s: IEState, rng: GameRandom, order: list[int], declared: list[int]
    ) -> Flow:
        """One sealed-bid round per action, up to the most declared by one player (IE-IMPORT-1)."""
        leader = order[0]
        for round_number in range(1, max(declared) + 1):
            ships = tuple(i for i, ship in enumerate(s.ships) if ship.at_sea and ship.cargo)
            if not ships:
                return
            i = yield Decision(leader, "import_ship", ships)  # the leader picks, even not bidding
            ship = s.ships[i]
            bidders = [q for q in order if declared[q] >= round_number]
            bids = {}
            for q in bidders:
                bids[q] = yield Decision(q, "bid", tuple(range(s.credits[q] + 1)), context=i)
            top = max(bids.values())
            tied = [q for q in bidders if bids[q] == top]
            winner = tied[0]
            if len(tied) > 1:
                winner = yield Decision(leader, "import_tie", tuple(tied), context=i)
            self.pay(s, winner, top)
            self._say(s, f"   bids {bids}: player {winner} wins ship {i} for {top}")
            take = s.mods[winner].get("import_take", 2)  # Shampoo (IE-POWER-11)
            taken = yield from self._take_from_ship(s, winner, ship, take, optional_from=2)
            if winner != ship.owner:
                compensation = s.mods[ship.owner].get(
                    "owner_compensation", self.rules.owner_compensation
                )  # Pants
                self.gain(s, ship.owner, compensation)
            yield from self.emit(s, "imported", winner, (i, taken))
            if not ship.cargo and ship.at_sea:
                self._return_to_port(s, ship)

    def _take_from_ship(
        self, s: IEState, p: int, ship: Ship, count: int, optional_from: int | None = None
    ) -> Flow:
        """Take cards from a ship: at most one to crew, the rest goods; what fits is kept.
        Cards from the `optional_from`-th on are taken only if the taker wants, one by one
        (Shampoo: IE-POWER-11). Returns the (card, container colour) pairs taken."""
        crewed = False
        taken: list[tuple[int, int]] = []
        for k in range(count):
            if not ship.cargo:
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
            taken.append((card, ship.cargo_colors.pop(j)))
            s.log[p]["imported"].append(card)
            options = []
            if not crewed and len(s.crew[p]) < self.crew_limit(s, p):
                options.append("crew")
            if len(s.goods[p]) < self.goods_limit(s, p):
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
                self._to_crew(s, p, card)
            else:
                yield from self._to_goods(s, p, card)
        return taken

    def _discard_contracts(self, s: IEState, p: int, i: int) -> None:
        """The leader discards a ship's unfulfilled contracts; containers stay (FAQ)."""
        ship = s.ships[i]
        for cid in ship.contracts:
            card = self.cards.card_of_contract[cid]
            s.discard.append(card)
            s.log[p]["discarded"].append(card)
        ship.contracts.clear()
        self._say(s, f"   player {p} discards the contracts of ship {i}")

    # ------------------------------------------------------------------ fulfilment

    def _check_complete(self, s: IEState, ship: Ship) -> Flow:
        if ship.at_sea or not ship.contracts:
            return
        need, _ = self.remaining(ship, s=s)
        if any(v > 0 for v in need.values()):
            return
        yield from self._fulfil(s, ship)

    def _fulfil(self, s: IEState, ship: Ship) -> Flow:
        """Pay by containers, contracts to the fulfilled area and their immediate powers,
        the ship to sea with its containers, one deck card to the island (IE-FULFIL-1)."""
        p = ship.owner
        self.gain(s, p, self.payout(s, p, len(ship.cargo)))
        contracts, filled = self._completion_order(ship, s)
        ship.contracts.clear()
        for cid in contracts:
            s.fulfilled[p].append(cid)
            s.log[p]["fulfilled"].append(cid)
        self._say(
            s, f"   player {p} fulfils {[self.cards.contract_by_id[c].name for c in contracts]}"
        )
        for cid in contracts:
            yield from self.powers.fulfilled(self, s, p, cid)
        ship.at_sea = True
        index = s.ships.index(ship)
        cargo_cards = self.powers.cargo_cards
        if cargo_cards:  # Bok Choy: powers of the containers themselves
            for j, card in enumerate(list(ship.cargo)):
                if card in cargo_cards:
                    yield from self.powers.in_cargo(
                        s=s, game=self, card=card, ship=index, contracts=contracts, filled=filled[j]
                    )
        yield from self.emit(s, "contract_fulfilled", p, contracts)
        if len(filled) != len(ship.cargo):  # a power took containers: none filled known
            filled = [-1] * len(ship.cargo)
        yield from self.emit(s, "ship_completed", p, (index, contracts, filled))
        card = self.deck_pop(s)
        if card is not None:
            s.island.append(card)

    def _completion_order(
        self, ship: Ship, s: IEState | None = None
    ) -> tuple[list[int], list[int]]:
        """A ship's contracts in the order their cargo needs were met (FAQ: contracts
        completed together resolve in that order; IE-FULFIL-1). Containers are given, in
        loading order, to the first contract in placement order that still needs them.
        Also, per container, the index (in the returned order) of the contract it filled,
        or -1 for a container that filled none (left by a discarded contract)."""
        rainbow = s.mods[ship.owner].get("rainbow_colors") if s is not None else None
        wild = self._wild(s, ship.owner)
        needs = [dict(self._cargo_of(c, rainbow)) for c in ship.contracts]
        met_at = [len(ship.cargo_colors)] * len(needs)
        owner_of = [-1] * len(ship.cargo_colors)
        for step, color in enumerate(ship.cargo_colors):
            for k, need in enumerate(needs):
                slot = color if need.get(color, 0) > 0 else ANY if need.get(ANY, 0) > 0 else None
                if slot is None and (color == GREY or color in wild):
                    slot = next((c for c, v in need.items() if v > 0), None)
                if slot is not None:
                    need[slot] -= 1
                    owner_of[step] = k
                    if not any(v > 0 for v in need.values()):
                        met_at[k] = step
                    break
        order = sorted(range(len(needs)), key=lambda k: (met_at[k], k))
        rank = {k: i for i, k in enumerate(order)}
        filled = [rank[k] if k >= 0 else -1 for k in owner_of]
        return [ship.contracts[k] for k in order], filled

    def emit(self, s: IEState, event: str, player: int, payload: Any) -> Flow:
        """Tell the ongoing powers in play that something happened (indexed per game)."""
        yield from self.powers.emit(self, s, event, player, payload)

    # ------------------------------------------------------------------ scoring

    def good_counts(self, s: IEState, p: int) -> list[int]:
        counts = [0] * 6
        for card in s.goods[p]:
            counts[self.color[card]] += 1
        return counts

    def score(self, s: IEState) -> None:
        """End-of-game scoring exactly as the rulebook; ties share wins (IE-SCORE-1).

        Powers take part at four stages (powers/__init__.py): `prepare` may move cards
        (Cheap Shirts), `counts` may change goods counts and values (Ceramics, Long Coats),
        `awards` may change the majority awards (Sauna, Ivory), `game` adds credits.
        """
        rules = self.rules
        sc = Scoring(final=s.credits[:])
        self.powers.end_stage("prepare", self, s, sc)
        sc.counts = [self.good_counts(s, p) for p in range(s.n)]
        sc.good_value = [[1, 1, 1, 1, 2, 0] for _ in range(s.n)]
        self.powers.end_stage("counts", self, s, sc)
        final = sc.final
        for p in range(s.n):
            for ship in s.ships_of(p):
                if not ship.at_sea and ship.contracts:
                    final[p] += rules.unfulfilled_container * len(ship.cargo)
            c = sc.counts[p]
            final[p] += sum(c[color] * sc.good_value[p][color] for color in GOOD_COLORS)
            if all(c[color] >= 1 for color in GOOD_COLORS):
                final[p] += rules.set_bonus
        for color, bonus in zip((GREEN, YELLOW, BLACK, BLUE), rules.majority, strict=True):
            for p, share in self._majority(sc.counts, color, bonus):
                sc.awards.append([p, color, share])
        for p, share in self._majority(sc.counts, RED, rules.illegal_penalty):
            sc.awards.append([p, RED, -share])
        self.powers.end_stage("awards", self, s, sc)
        for p, _, amount in sc.awards:
            final[p] += amount
        self.powers.end_stage("game", self, s, sc)
        s.final_credits = final
        best = max(final)
        s.winners = [p for p in range(s.n) if final[p] == best]

    @staticmethod
    def _majority(counts: list[list[int]], color: int, amount: int) -> list[tuple[int, int]]:
        """Most goods of a colour (at least one); ties split the amount rounding up."""
        top = max(c[color] for c in counts)
        if top == 0:
            return []
        holders = [p for p, c in enumerate(counts) if c[color] == top]
        share = -(-amount // len(holders))
        return [(p, share) for p in holders]

    # ------------------------------------------------------------------ protocol

    def observe(self, s: IEState, player: int) -> Any:
        """The player's view; views are live read-only windows, so one per seat is reused."""
        views = s.views
        if views is None:
            from simulator.games.import_export.view import IEView

            views = s.views = [IEView(s, p, self) for p in range(s.n)]
        return views[player]

    def outcome(self, s: IEState) -> Outcome:
        ids = self.cards.ids
        players = []
        final = s.final_credits or s.credits
        for p in range(s.n):
            log = s.log[p]
            events = {}
            for e in EVENT_NAMES:
                if e in ("contracted", "fulfilled"):
                    events[e] = list(log[e])  # already contract ids
                else:
                    events[e] = [ids[c][0] for c in log[e]]
            better = sum(1 for q in range(s.n) if final[q] > final[p])
            players.append(
                PlayerOutcome(
                    float(final[p]),
                    1 + better,
                    events,
                    {"port": s.port[p], "credits_in_play": s.credits[p]},
                )
            )
        return Outcome(s.turn, s.first_player, list(s.winners), s.end_reason, players)

    def cards_in_game(self) -> list[int]:
        return [cid for ids in self.cards.ids for cid in ids]

    def check_invariants(self, s: IEState) -> None:
        """Cards conserved across zones, no card twice, credits never negative, crew and goods
        within their limits except where a ruling allows (see _check_limits)."""
        zones = s.deck + s.discard + s.island + s.in_play + s.moving
        for p in range(s.n):
            zones += s.hands[p] + s.crew[p] + s.goods[p]
            zones += [self.cards.card_of_contract[c] for c in s.fulfilled[p]]
        for ship in s.ships:
            zones += ship.cargo + [self.cards.card_of_contract[c] for c in ship.contracts]
            if len(ship.cargo) != len(ship.cargo_colors):
                raise AssertionError("a container without its colour")
        zones += self.powers.held_cards(s)
        if sorted(zones) != list(range(len(self.cards))):
            raise AssertionError(f"cards not conserved at turn {s.turn}")
        if min(s.credits) < 0:
            raise AssertionError(f"negative credits at turn {s.turn}: {s.credits}")

    def card_list(self, cards: list[int]) -> str:
        return ", ".join(self.cards.names[c] for c in cards) or "nothing"
        self._check_limits(s)

    def leave_fulfilled(self, s: IEState, p: int, contract_id: int) -> None:
        """Take a contract out of p's fulfilled area (a power moves it elsewhere). Its limits
        fall; crew and goods already over them stay (IE-LIMIT-2), so the invariant check
        takes their present sizes as allowed."""
        s.fulfilled[p].remove(contract_id)
        marks = s.limit_marks
        if marks is not None:
            marks[p][0] = max(marks[p][0], len(s.crew[p]))
            marks[p][1] = max(marks[p][1], len(s.goods[p]))

    def allow_over_limit(self, s: IEState, p: int, zone: str) -> None:
        """A power adds a card to p's `zone` ("crew" or "goods") over its limit, as a ruling
        allows (Small Poodles: IE-POWER-4); tells the invariant check it is legitimate."""
        if s.limit_marks is not None:
            s.limit_marks[p][2 if zone == "crew" else 3] += 1

    def _check_limits(self, s: IEState) -> None:
        """Crew and goods within their limits (IE-LIMIT-2). A zone may stand over its limit
        only when the limit fell under it (a contract left the fulfilled area: IE-POWER-4) or
        a power put a card there over the limit (`allow_over_limit`); then it may not grow."""
        marks = s.limit_marks
        sizes = [[len(s.crew[p]), len(s.goods[p])] for p in range(s.n)]
        if marks is not None:
            for p in range(s.n):
                crew, goods = sizes[p]
                last_crew, last_goods, crew_ok, goods_ok = marks[p]
                limit = self.crew_limit(s, p)
                if crew > limit and crew > last_crew + crew_ok:
                    raise AssertionError(
                        f"player {p} has {crew} crew over the limit {limit} at turn {s.turn} "
                        "(powers: allow_over_limit, leave_fulfilled)"
                    )
                limit = self.goods_limit(s, p)
                if goods > limit and goods > last_goods + goods_ok:
                    raise AssertionError(
                        f"player {p} has {goods} goods over the limit {limit} at turn {s.turn} "
                        "(powers: allow_over_limit, leave_fulfilled)"
                    )
        s.limit_marks = [[crew, goods, 0, 0] for crew, goods in sizes]
