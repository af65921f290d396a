"""The travel game's rules, as one generator that yields every decision.

Rulebook: ../shared/seeds/004 (Italian). Every interpretation is a ruling in
docs/rulings.md; the code names it (e.g. `# T-TRADE-1`). Events live in events.py,
special items in special_items.py; characters are rule overrides (cards.py) plus the
Smuggler's action here.
"""

from __future__ import annotations

import copy
import math
from typing import Any, Final

from simulator.core.cards import CardSheet
from simulator.core.errors import ConfigError, InvariantError
from simulator.core.narration import seat
from simulator.core.protocol import Decision, Flow, Outcome, PlayerOutcome
from simulator.core.seeding import GameRandom
from simulator.core.spec import GameConfig, GameSpec
from simulator.games.travel import events, special_items
from simulator.games.travel import narration as tell
from simulator.games.travel.cards import EXPANSIONS, TravelCards
from simulator.games.travel.game_api import TravelAPI
from simulator.games.travel.special_items import usable
from simulator.games.travel.state import EVENT_NAMES, GameOver, TravelState
from simulator.games.travel.view import TravelView

DONE: Final = -1
"""Option that ends a multi-card choice (cards to give, to ask for, to discard)."""
ACCEPT: Final = "accept"
REJECT: Final = "reject"


class TravelGame:
    """The travel game bound to one config and card sheet."""

    def __init__(self, spec: GameSpec, config: GameConfig, sheet: CardSheet) -> None:

        self.spec = spec
        self.config = config
        self.sheet = sheet
        self.cards = cards = TravelCards.compile(sheet)
        self.view_cards = copy.deepcopy(cards)
        """The card tables the views show, a copy (their dicts are mutable): a bot writing
        into the rules' own would change its worker's later games."""
        mods = set(config.modules)
        self.use_events = "events" in mods
        self.use_specials = "special_items" in mods
        self.use_forbidden = "forbidden_items" in mods
        self.use_postcards = "postcards" in mods
        self.use_characters = "characters" in mods
        deck: list[int] = list(cards.items)
        for module in EXPANSIONS:
            if module in mods and not cards.by_module[module]:
                raise ConfigError(
                    f"--modules: '{module}' is switched on but the card sheet {sheet.path} "
                    f"has no {module} cards"
                )
        n = config.players
        if len(cards.countries) < n + 1 or len(cards.passports) < n:
            raise ConfigError(
                f"--players: {n} players need {n + 1} countries and {n} passports; the card "
                f"sheet {sheet.path} has {len(cards.countries)} and {len(cards.passports)}"
            )
        if self.use_characters and len(cards.characters) < config.players:
            raise ConfigError(
                f"--players: {config.players} players need as many characters; the card sheet "
                f"{sheet.path} has {len(cards.characters)}"
            )
        for module in EXPANSIONS:  # shuffled in after the deal; characters are dealt (T-SETUP-2)
            if module in mods and module != "characters":
                deck.extend(cards.by_module[module])
        self.expansion_deck = tuple(c for c in deck if cards.types[c] != "item")
        self.types = cards.types
        self.is_forbidden = tuple(t == "forbidden" for t in cards.types)
        self.is_passport = tuple(t == "passport" for t in cards.types)
        self.is_postcard = tuple(t == "postcard" for t in cards.types)
        self.is_event = tuple(t == "event" for t in cards.types)
        self.effect = cards.effects
        self.kind_of = cards.kind_of
        self.event_effects = events.EFFECTS
        self.special_actions = special_items.ACTIONS
        self.special_any_time = special_items.ANY_TIME
        # cards with a given effect, for the passive checks on the hot path
        self.effect_cards: dict[str, frozenset[int]] = {}
        for c, e in enumerate(cards.effects):
            if e is not None and cards.types[c] == "special":
                self.effect_cards.setdefault(e, frozenset())
                self.effect_cards[e] = self.effect_cards[e] | {c}
        self.mousetraps = (
            self.effect_cards.get("mousetrap", frozenset()) if self.use_specials else frozenset()
        )

    # ------------------------------------------------------------------ setup

    def new_state(self, rng: GameRandom) -> TravelState:
        """Preparazione 1-4, then the first player (Inizio del gioco)."""
        cards = self.cards
        n = self.config.players
        s = TravelState(n)
        base_rules = cards.rules
        passports = list(cards.passports)
        rng.shuffle(passports)
        characters = list(cards.characters)
        if self.use_characters:
            rng.shuffle(characters)
        s.rules = []
        for p in range(n):
            rules = dict(base_rules)
            if self.use_characters:
                ch = characters[p]
                s.character[p] = ch
                s.log[p]["assigned"].append(ch)
                if cards.effects[ch] == "rule_override":  # T-CHAR-2
                    rules.update({k: int(v) for k, v in cards.params[ch].items()})
            s.rules.append(rules)
            # 1. each player takes a passport (publicly: T-SETUP-1)
            self.take(s, p, passports[p], "opening")
            s.known[p].add(passports[p])
        # 2. countries: one per player, one in the centre, the rest set aside
        countries = list(cards.countries)
        rng.shuffle(countries)
        for p in range(n):
            s.country[p] = countries[p]
            s.log[p]["assigned"].append(countries[p])
        s.central = countries[n]
        s.set_aside_countries = countries[n + 1 :]  # T-SETUP-5
        # 3. the items form the deck, each player draws the start hand
        deck = list(cards.items)
        rng.shuffle(deck)
        for p in range(n):
            for _ in range(base_rules["start_hand"]):
                if deck:
                    self.take(s, p, deck.pop(), "opening")
        # 4. expansion cards are shuffled in after the hands are dealt (T-SETUP-2)
        deck.extend(self.expansion_deck)
        rng.shuffle(deck)
        s.deck = deck
        s.first_player = s.current = self._first_player(s, rng)
        return s

    def _first_player(self, s: TravelState, rng: GameRandom) -> int:
        """Closest country (great-circle distance of capitals) to the central one; T-SETUP-3."""
        centre = self.cards.coords[s.central]
        distances = [_distance_km(self.cards.coords[s.country[p]], centre) for p in range(s.n)]
        best = min(distances)
        tied = [p for p, d in enumerate(distances) if d - best < 1e-6]
        return tied[0] if len(tied) == 1 else tied[rng.below(len(tied))]

    # ------------------------------------------------------------------ the game

    def play(self, s: TravelState, rng: GameRandom) -> Flow:
        """Turns in clockwise order from the current player until someone wins."""
        max_turns = self.config.max_turns
        if s.trace is not None:
            tell.start(self, s)
        try:
            while True:
                if s.turn >= max_turns:
                    s.end_reason = "turn_limit"  # T-END-2
                    if s.trace is not None:
                        s.trace.end(f"The game reaches the turn limit ({max_turns} turns)")
                        tell.final(self, s)
                    return
                s.between_turns = False
                yield from self._turn(s, rng)
                s.between_turns = True
                if s.trace is not None:
                    s.trace.table(tell.turn_table(self, s))
                s.current = (s.current + 1) % s.n
        except GameOver:
            s.between_turns = True
            if s.trace is not None:
                tell.final(self, s)
            return

    def _turn(self, s: TravelState, rng: GameRandom) -> Flow:
        p = s.current
        s.turn += 1
        if s.trace is not None:
            s.trace.new_turn(s.turn, p, tell.turn_text(self, s, p))
        if not s.hands[p]:
            # Mano vuota: draw 3, not an action (T-HAND-2)
            for _ in range(s.rules[p]["empty_hand_draw"]):
                yield from self.draw(s, rng, p)
            yield from self.over_limit(s, p)
        actions = 1  # T-TURN-1
        offers = 0
        while actions > 0:
            options = self._action_options(s, p, offers)
            choice = yield Decision(p, "action", options)
            verb = choice[0]
            if s.trace is not None and verb not in ("draw", "travel", "trade"):  # said apart
                s.trace.say(tell.choice_text(self, s, p, choice), p)
            if verb == "draw":
                yield from self.draw(s, rng, p)
                yield from self.over_limit(s, p)
            elif verb == "travel":
                yield from self._travel(s, rng, p)
            elif verb == "trade":
                done = yield from self._trade(s, rng, p, choice[1])
                if not done:
                    offers += 1  # T-TRADE-2: after a refusal, choose another action
                    continue
            elif verb == "steal":
                if (yield from self._steal(s, rng, p, choice[1])):
                    return  # FAQ Oggetti Speciali: interrupted by a Mousetrap, the turn ends
            elif verb == "recycle":
                yield from self._recycle(s, p)
            elif verb == "dispose":
                yield from self._dispose(s, p, choice[1])
                return  # Oggetti proibiti: getting rid of one is the whole turn (T-FORBID-1)
            elif verb == "smuggle":
                yield from self._smuggle(s, p, choice[1])
            elif verb == "special":
                card = choice[1]
                self.remove(s, p, card)
                s.discard.append(card)  # T-SPECIAL-1: played items go to the discard pile
                s.log[p]["used"].append(card)
                effect = self.effect[card]
                if effect in self.special_any_time:
                    actions += yield from self.special_any_time[effect](self, s, rng, p, card)
                    continue  # any-time items cost no action
                interrupted = yield from self.special_actions[effect](self, s, rng, p, card)
                if interrupted:
                    return
            actions -= 1

    def _action_options(self, s: TravelState, p: int, offers: int) -> tuple[Any, ...]:
        hand = s.hands[p]
        rules = s.rules[p]
        options: list[Any] = [("draw",)]
        if self._can_travel(s, p) is not None:
            options.append(("travel",))
        forbidden_held = [c for c in hand if self.is_forbidden[c]] if self.use_forbidden else []
        payable = len(hand) - len(forbidden_held)
        if payable >= rules["recycle_cost"] and (
            rules["recycle_cost"] > 0 or any(not self.is_event[c] for c in s.discard)
        ):
            options.append(("recycle",))
        if hand and offers < rules["offers_per_turn"]:
            options.extend(("trade", q) for q in range(s.n) if q != p and s.hands[q])
        if payable >= rules["steal_cost"]:
            options.extend(("steal", q) for q in range(s.n) if q != p and s.hands[q])
        if forbidden_held and payable >= 1:
            options.extend(("dispose", c) for c in forbidden_held)
        if forbidden_held and self.use_characters and self.effect[s.character[p]] == "smuggle":
            options.extend(("smuggle", c) for c in forbidden_held)
        if self.use_specials:
            for c in hand:
                effect = self.effect[c]
                if effect in self.special_actions or effect in self.special_any_time:
                    if self._special_usable(s, p, c):
                        options.append(("special", c))
        return tuple(options)

    def _special_usable(self, s: TravelState, p: int, card: int) -> bool:

        return usable(self, s, p, card)

    # ------------------------------------------------------------------ zones

    def take(self, s: TravelState, p: int, card: int, how: str, check: bool = True) -> None:
        """A card enters p's hand; 4 postcards win at once, even off-turn (Cartoline).

        `check=False` when several cards move at once; the caller checks after the move.
        """
        hand = s.hands[p]
        hand.append(card)
        log = s.log[p]
        log[how].append(card)
        log["held"].append(card)
        if check and self.is_postcard[card]:
            self.check_postcards(s, p)

    def check_postcards(self, s: TravelState, p: int) -> None:
        if self.use_postcards:
            hand = s.hands[p]
            if sum(1 for c in hand if self.is_postcard[c]) >= s.rules[p]["postcards_to_win"]:
                self._win(s, p, "postcards")

    def remove(self, s: TravelState, p: int, card: int) -> None:
        s.hands[p].remove(card)
        s.known[p].discard(card)

    def discard(self, s: TravelState, p: int, card: int, how: str = "discarded") -> None:
        self.remove(s, p, card)
        s.discard.append(card)
        s.log[p][how].append(card)

    def _win(self, s: TravelState, p: int, reason: str) -> None:
        s.winners = [p]
        s.end_reason = reason
        if s.trace is not None:
            if reason == "central_country":
                text = "the central country is reached"
            else:
                text = "the postcards that win are in hand"
            s.trace.end(f"{seat(p)} wins: {text}", p)
        raise GameOver

    def draw(self, s: TravelState, rng: GameRandom, p: int) -> Flow:
        """Draw one card; an event resolves at once (Eventi); reshuffle when the deck runs out."""
        deck = s.deck
        if not deck:
            # the deck can be empty with cards in the discard pile when a Local Guide took
            # its last card: shuffle them in now (T-DECK-1)
            if not s.discard:
                return  # deck and discard both empty: nothing to draw
            self._reshuffle(s, rng)
        card = deck.pop()
        if not deck and s.discard:
            self._reshuffle(s, rng)  # Mazzo terminato
        if self.is_event[card]:
            s.log[p]["event"].append(card)
            if s.trace is not None:
                s.trace.say(f"{seat(p)} draws the event {self.cards.names[card]}", p)
            s.resolving.append(card)
            yield from self.event_effects[self.effect[card] or ""](self, s, rng, p, card)
            s.resolving.remove(card)
            s.discard.append(card)  # T-EVENT-1: then the event goes to the discard pile
            return
        if s.trace is not None:
            s.trace.say(f"{seat(p)} draws {self.cards.names[card]}", p)
        self.take(s, p, card, "drawn")

    def _reshuffle(self, s: TravelState, rng: GameRandom) -> None:
        """The discard pile becomes the new deck (T-DECK-1)."""
        if s.trace is not None:
            s.trace.say("the deck ran out: the discard pile is shuffled into a new deck")
        s.deck.extend(s.discard)
        s.discard.clear()
        rng.shuffle(s.deck)

    def over_limit(self, s: TravelState, p: int) -> Flow:
        """Hand limit: discard down to it, never a forbidden item (T-HAND-1, T-FORBID-3)."""
        hand = s.hands[p]
        limit = s.rules[p]["hand_limit"]
        while len(hand) > limit:
            options = tuple(c for c in hand if not self.is_forbidden[c])
            if not options:
                return  # T-FORBID-3: only forbidden items left, keep them
            card = yield Decision(p, "discard_over_limit", options)
            self.discard(s, p, card)

    def _pay(self, s: TravelState, p: int, cost: int, kind: str) -> Flow:
        """Discard `cost` cards of one's choice; never a forbidden item (T-FORBID-2)."""
        for _ in range(cost):
            options = tuple(c for c in s.hands[p] if not self.is_forbidden[c])
            card = yield Decision(p, kind, options)
            self.discard(s, p, card)

    # ------------------------------------------------------------------ actions

    def _can_travel(self, s: TravelState, p: int) -> tuple[list[int], list[int]] | None:
        """The cards to discard to travel now (items, then helpers), or None if one cannot."""
        hand = s.hands[p]
        rules = s.rules[p]
        if rules["needs_passport"] and not any(self.is_passport[c] for c in hand):
            return None
        extra: list[int] = []
        if self.use_forbidden and any(self.is_forbidden[c] for c in hand):
            pouch = self._held_with_effect(hand, "diplomatic_pouch")
            if pouch is None:
                return None  # Oggetti proibiti: no travelling holding one
            extra.append(pouch)
            extra.extend(c for c in hand if self.is_forbidden[c])  # T-SPECIAL-9
        kind_of = self.kind_of
        used = []
        missing = 0
        for kind in self.cards.requires[s.target(p)]:
            for c in hand:
                if kind_of[c] == kind:
                    used.append(c)
                    break
            else:
                missing += 1
        if missing:
            card = self._held_with_effect(hand, "moms_credit_card")
            if card is None or missing > self.cards.params[card]["covers"]:
                return None
            used.append(card)  # T-SPECIAL-3: stands for items, never a passport or postcard
        return used, extra

    def _held_with_effect(self, hand: list[int], effect: str) -> int | None:
        if not self.use_specials:
            return None
        wanted = self.effect_cards.get(effect)
        if not wanted:
            return None
        for c in hand:
            if c in wanted:
                return c
        return None

    def _travel(self, s: TravelState, rng: GameRandom, p: int) -> Flow:
        """Viaggiare: show the hand, discard the items, remove the country, draw (T-TRAVEL-1)."""
        plan = self._can_travel(s, p)
        assert plan is not None
        used, extra = plan
        target = s.target(p)
        if s.trace is not None:
            s.trace.say(f"{seat(p)} travels to {self.cards.names[target]}", p)
        s.known[p] = set(s.hands[p])  # the whole hand is shown
        for c in used:
            self.discard(s, p, c, "travelled")
        for c in extra:
            self.discard(s, p, c, "discarded")
        s.completed[p] += 1
        if s.trace is not None:
            cause = f"travelled to {self.cards.names[target]}"
            s.trace.change(p, 1, s.completed[p], cause)
        if target == s.central:
            self._win(s, p, "central_country")  # T-END-1
        s.country[p] = -1
        for _ in range(s.rules[p]["travel_draw"]):
            yield from self.draw(s, rng, p)
        yield from self.over_limit(s, p)

    def _recycle(self, s: TravelState, p: int) -> Flow:
        """Ricicla: discard 2 (the cost), then take any card but an event (T-RECYCLE-1)."""
        yield from self._pay(s, p, s.rules[p]["recycle_cost"], "recycle_cost")
        options = tuple(dict.fromkeys(c for c in s.discard if not self.is_event[c]))
        if not options:
            return
        card = yield Decision(p, "recycle_take", options)
        s.discard.remove(card)
        self.take(s, p, card, "recycled")
        s.known[p].add(card)  # taken face up from the pile (T-KNOWN-1)
        yield from self.over_limit(s, p)

    def _steal(self, s: TravelState, rng: GameRandom, p: int, q: int) -> Flow:
        """Ruba: discard 1, take a random card from q's hand (T-STEAL-1). True if interrupted."""
        yield from self._pay(s, p, s.rules[p]["steal_cost"], "steal_cost")
        if (yield from self.mousetrap(s, q, p)):
            return True
        yield from self.take_random(s, rng, p, q, 1)
        return False

    def mousetrap(self, s: TravelState, victim: int, thief: int) -> Flow:
        """The victim may spring a Mousetrap: the theft fails and the thief's turn ends."""
        if not self.mousetraps:
            return False
        traps = [c for c in s.hands[victim] if c in self.mousetraps]
        if not traps:
            return False
        # T-SPECIAL-2: sprung after the cost is paid, before the card is taken
        answer = yield Decision(victim, "mousetrap", (ACCEPT, REJECT), context=thief)
        if answer == REJECT:
            return False
        card = traps[0]
        if s.trace is not None:
            s.trace.say(f"{seat(victim)} springs a Mousetrap: {seat(thief)}'s turn ends", victim)
        self.discard(s, victim, card, "used")
        return True

    def take_random(self, s: TravelState, rng: GameRandom, p: int, q: int, count: int) -> Flow:
        """p takes `count` random cards from q's hand (steal, Pickpocket Kit)."""
        for _ in range(count):
            hand = s.hands[q]
            if not hand:
                break
            card = hand[rng.below(len(hand))]
            if s.trace is not None:
                s.trace.say(f"{seat(p)} takes {self.cards.names[card]} from {seat(q)}", p)
            self.remove(s, q, card)
            s.log[q]["lost"].append(card)
            self.take(s, p, card, "stole")
        yield from self.over_limit(s, p)

    def tradeable_asks(self, s: TravelState, p: int, q: int) -> tuple[tuple[int, ...], list[int]]:
        """Kinds p may ask q for (T-TRADE-1): every kind in the order the kinds first appear
        among the cards that can be in hands, and by kind how many copies may be there
        unseen (those above 0 may be asked). A list by kind, not a dict: no boxed counts."""
        kind_of = self.kind_of
        order, totals = self._kind_totals(s)
        unseen = totals.copy()
        for c in s.hands[p]:
            unseen[kind_of[c]] -= 1
        for c in s.discard:
            unseen[kind_of[c]] -= 1
        for r in range(s.n):
            if r != q and r != p:
                for c in s.known[r]:
                    unseen[kind_of[c]] -= 1
        return order, unseen

    def _kind_totals(self, s: TravelState) -> tuple[tuple[int, ...], list[int]]:
        """How many copies of each kind can be in hands in this game (cached per game): the
        kinds in order of first appearance, and the counts by kind (shared: copy to change)."""
        cached = getattr(self, "_totals", None)
        if cached is None or cached[0] is not s:
            kind_of = self.kind_of
            order: list[int] = []
            totals = [0] * (max(kind_of) + 1)
            for c in self.hand_cards(s):
                kind = kind_of[c]
                if not totals[kind]:
                    order.append(kind)
                totals[kind] += 1
            cached = (s, tuple(order), totals)
            self._totals = cached
        return cached[1], cached[2]

    def hand_cards(self, s: TravelState) -> tuple[int, ...]:
        """Every card that can be in a hand in this game: the deck's cards and dealt passports."""
        cached = getattr(self, "_hand_cards", None)
        if cached is None or cached[0] is not s:
            dealt = tuple(c for h in s.log for c in h["opening"] if self.is_passport[c])
            cached = (s, tuple(self.cards.items) + self.expansion_deck + dealt)
            self._hand_cards = cached
        return cached[1]

    def _trade(self, s: TravelState, rng: GameRandom, p: int, q: int) -> Flow:
        """Scambia: p offers cards for named cards; q accepts or refuses. True if completed."""
        hand = s.hands[p]
        give: list[int] = []
        while True:
            options = tuple([c for c in hand if c not in give])
            if give:
                options = options + (DONE,)
            card = yield Decision(p, "trade_give", options, context=q)
            if card == DONE:
                break
            give.append(card)
            if len(give) == len(hand):
                break
        kinds, left = self.tradeable_asks(s, p, q)  # by kind: copies still possibly unasked
        ask: list[int] = []  # kinds, e.g. "a Camera"
        while len(ask) < len(s.hands[q]):
            options = tuple([k for k in kinds if left[k] > 0])
            if ask:
                options = options + (DONE,)
            if not options:
                break
            kind = yield Decision(p, "trade_ask", options, context=(q, tuple(give)))
            if kind == DONE:
                break
            ask.append(kind)
            left[kind] -= 1
        offer = (p, tuple(give), tuple(ask))
        taken = self._cards_of_kinds(s.hands[q], ask)
        answer = yield Decision(
            q, "trade_answer", (ACCEPT, REJECT) if taken is not None else (REJECT,), context=offer
        )
        if s.trace is not None:
            s.trace.say(tell.trade_text(self, p, q, give, ask, answer == ACCEPT), p)
        if answer != ACCEPT or taken is None:
            return False
        for c in give:
            self.remove(s, p, c)
            s.log[p]["given"].append(c)
        for c in taken:
            self.remove(s, q, c)
            s.log[q]["given"].append(c)
        for c in taken:
            self.take(s, p, c, "received", check=False)
            s.known[p].add(c)  # traded face up
        for c in give:
            self.take(s, q, c, "received", check=False)
            s.known[q].add(c)
        self.check_postcards(s, p)  # T-POST-1: the active player is checked first
        self.check_postcards(s, q)
        for _ in range(s.rules[p]["trade_bonus"]):  # T-TRADE-3
            yield from self.draw(s, rng, p)
        yield from self.over_limit(s, p)
        yield from self.over_limit(s, q)
        return True

    def _cards_of_kinds(self, hand: list[int], kinds: list[int]) -> list[int] | None:
        """One distinct card of each kind from the hand, or None if one is missing."""
        chosen: list[int] = []
        kind_of = self.kind_of
        for kind in kinds:
            for c in hand:
                if kind_of[c] == kind and c not in chosen:
                    chosen.append(c)
                    break
            else:
                return None
        return chosen

    def _dispose(self, s: TravelState, p: int, card: int) -> Flow:
        """Oggetti proibiti: discard it with another card, not another forbidden one (FAQ)."""
        self.discard(s, p, card)
        options = tuple(c for c in s.hands[p] if not self.is_forbidden[c])
        other = yield Decision(p, "dispose_with", options, context=card)
        self.discard(s, p, other)

    def _smuggle(self, s: TravelState, p: int, card: int) -> Flow:
        """The Smuggler hands a forbidden item to a player of his choice (FAQ; T-CHAR-1)."""
        others = tuple(q for q in range(s.n) if q != p)
        q = yield Decision(p, "smuggle_to", others, context=card)
        self.remove(s, p, card)
        s.log[p]["given"].append(card)
        self.take(s, q, card, "received")
        s.known[q].add(card)
        yield from self.over_limit(s, q)

    # ------------------------------------------------------------------ results

    def observe(self, s: TravelState, player: int) -> TravelView:
        """The player's view; views are live read-only windows, so one per seat is reused."""
        views = s.views
        if views is None:
            views = s.views = [TravelView(s, p, self.view_cards) for p in range(s.n)]
        return views[player]

    def outcome(self, s: TravelState) -> Outcome:
        ids = self.cards.ids
        winners = s.winners
        players = []
        for p in range(s.n):
            log = s.log[p]
            log["held_at_end"] = list(s.hands[p])
            better = sum(1 for q in range(s.n) if q != p and _rank_key(s, q) > _rank_key(s, p))
            placement = 1 if p in winners else 1 + better
            events = {e: [ids[c] for c in log[e]] for e in EVENT_NAMES}
            extra = {
                "country": ids[next(c for c in log["assigned"] if self.types[c] == "country")],
                "character": ids[s.character[p]] if s.character[p] >= 0 else None,
            }
            players.append(PlayerOutcome(float(s.completed[p]), placement, events, extra))
        return Outcome(
            turns=s.turn,
            first_player=s.first_player,
            winners=list(winners),
            end_reason=s.end_reason,
            players=players,
        )

    def cards_in_game(self) -> list[int]:
        """Sheet ids of the cards in play in this config: what a player could hold or be dealt."""
        cards = (
            tuple(self.cards.items)
            + self.expansion_deck
            + self.cards.passports
            + self.cards.countries
        )
        if self.use_characters:
            cards += self.cards.characters
        return [self.cards.ids[c] for c in cards]

    def check_invariants(self, s: TravelState) -> None:
        """Cards are conserved across zones, none is in two places, limits hold between turns."""
        zones = s.deck + s.discard + s.resolving
        for h in s.hands:
            zones.extend(h)
        expected = sorted(self.hand_cards(s))
        if sorted(zones) != expected:
            raise InvariantError(f"cards not conserved at turn {s.turn}")
        countries = [c for c in s.country if c >= 0] + [s.central] + s.set_aside_countries
        if len(set(countries)) != len(countries):
            raise InvariantError("a country is in two places")
        for p in range(s.n):
            if not s.known[p] <= set(s.hands[p]):
                raise InvariantError(f"player {p}'s known cards are not all in the hand")
            if s.between_turns and not s.winners:
                limit = s.rules[p]["hand_limit"]
                spare = sum(1 for c in s.hands[p] if not self.is_forbidden[c])
                if len(s.hands[p]) > limit and spare > 0:
                    raise InvariantError(
                        f"player {p} holds {len(s.hands[p])} cards over the limit {limit}"
                    )


def _rank_key(s: TravelState, p: int) -> tuple[int, int]:
    return (1 if p in s.winners else 0, s.completed[p])


def _distance_km(a: tuple[float, float] | None, b: tuple[float, float] | None) -> float:
    assert a is not None and b is not None
    lat1, lon1, lat2, lon2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = (
        math.sin((lat2 - lat1) / 2) ** 2
        + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    )
    return 2 * 6371.0 * math.asin(math.sqrt(h))


def _implements_the_api(game: TravelGame) -> TravelAPI:
    """Nothing at run time: here mypy checks that TravelGame implements game_api.TravelAPI,
    what the events, special items and narration rely on."""
    return game
