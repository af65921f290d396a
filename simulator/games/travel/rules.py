"""The travel game's rules (core.spec.Game), steps that stop at every decision.

Rulebook: ../shared/seeds/004 (Italian). Every interpretation is a ruling in
docs/rulings.md; the code names it (e.g. `# T-TRADE-1`). Events live in events.py,
special items in special_items.py; characters are rule overrides (cards.py) plus the
Smuggler's action here.
"""

from __future__ import annotations

import copy
import math
from typing import Final

from simulator.core import machine
from simulator.core.cards import CardSheet
from simulator.core.decision import DecisionKind
from simulator.core.errors import ConfigError, InvariantError
from simulator.core.machine import Step
from simulator.core.narration import seat
from simulator.core.protocol import Decision, Flow, Outcome, PlayerOutcome
from simulator.core.seeding import GameRandom
from simulator.core.spec import Game, GameConfig, GameSpec
from simulator.games.travel import events, special_items
from simulator.games.travel import narration as tell
from simulator.games.travel.cards import EXPANSIONS, TravelCards
from simulator.games.travel.decisions import (
    ACTION,
    DISCARD_OVER_LIMIT,
    DISPOSE_WITH,
    MOUSETRAP,
    RECYCLE_COST,
    RECYCLE_TAKE,
    SMUGGLE_TO,
    STEAL_COST,
    TRADE_ANSWER,
    TRADE_ASK,
    TRADE_GIVE,
    Action,
)
from simulator.games.travel.game_api import Effect, TravelAPI
from simulator.games.travel.special_items import usable
from simulator.games.travel.state import EVENT_NAMES, GameOver, TravelState
from simulator.games.travel.view import TravelView

DONE: Final = -1
"""Option that ends a multi-card choice (cards to give, to ask for, to discard)."""
ACCEPT: Final = "accept"
REJECT: Final = "reject"


class TravelGame:
    """The travel game bound to one config and card sheet."""

    def begin(self, s: TravelState) -> None:
        """Push a new game's first step (core.forward.Playthrough.start)."""
        if s.trace is not None:
            tell.start(self, s)
        s.stack.append(NEXT_TURN)

    def copy_state(self, s: TravelState) -> TravelState:
        """A deep copy with a random stream of its own that draws what the original would."""
        other = s.copy()
        other.rng = s.rng.copy()
        return other

    def ended_at_once(self, s: TravelState, over: Exception) -> None:
        """A win ended the game (GameOver, raised wherever the rules stood)."""
        s.between_turns = True
        if s.trace is not None:
            tell.final(self, s)

    def redeal(self, s: TravelState, seat: int, rng: GameRandom) -> None:
        """What `seat` cannot see, the deck's order and the cards of the other hands that
        nobody saw enter them (`known` stays where it is), shuffled among those places: each
        hidden place of a hand takes a card of the pool, the deck the rest. A card a pending
        step holds (the cards of a trade offer on the table, shown to the player it is made to)
        stays too: the step will look for it there."""
        pool = list(s.deck)
        others = [q for q in range(s.n) if q != seat]
        held = _offered(s.stack)
        for q in others:
            known = s.known[q]
            pool.extend(c for c in s.hands[q] if c not in known and c not in held)
        rng.shuffle(pool)
        k = 0
        for q in others:
            known = s.known[q]
            hand = s.hands[q]
            for i, c in enumerate(hand):
                if c not in known and c not in held:
                    hand[i] = pool[k]
                    k += 1
        s.deck[:] = pool[k:]

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

    def _action_options(self, s: TravelState, p: int, offers: int) -> tuple[Action, ...]:
        hand = s.hands[p]
        rules = s.rules[p]
        options: list[Action] = [("draw",)]
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
        """Draw one card (`draw`, the step), as a generator (events, special items)."""
        return machine.nested(self, s, [(draw, p)])

    def _reshuffle(self, s: TravelState, rng: GameRandom) -> None:
        """The discard pile becomes the new deck (T-DECK-1)."""
        if s.trace is not None:
            s.trace.say("the deck ran out: the discard pile is shuffled into a new deck")
        s.deck.extend(s.discard)
        s.discard.clear()
        rng.shuffle(s.deck)

    def over_limit(self, s: TravelState, p: int) -> Flow:
        """Discard down to the hand limit (`over_limit`, the step), as a generator."""
        return machine.nested(self, s, [(over_limit, p)])

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

    def mousetrap(self, s: TravelState, victim: int, thief: int) -> Flow:
        """The victim may spring a Mousetrap (`mousetrap`, the step), as a generator;
        returns whether he did (the theft fails and the thief's turn ends)."""
        return machine.nested(self, s, [(mousetrap, victim, thief)])

    def take_random(self, s: TravelState, rng: GameRandom, p: int, q: int, count: int) -> Flow:
        """p takes `count` random cards from q's hand (steal, Pickpocket Kit), then keeps to
        his hand limit; as a generator."""
        return machine.nested(self, s, [(take_random, p, q, count)])

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


def _offered(stack: list[Step]) -> set[int]:
    """The cards of a trade being made (`give`, and `taken` once asked): offered face up
    (T-TRADE-1, Scambia "a faccia in su"), so every seat sees them, and a redealt copy must
    find them where the pending steps will take them."""
    cards: set[int] = set()
    for step in stack:
        if step[0] in _TRADE_STEPS:
            cards.update(step[3])
            if step[0] is trade_answered and step[5] is not None:
                cards.update(step[5])
    return cards


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


# ---------------------------------------------------------------------- the turn as steps
# Each step is `function(game, state, step)` (core/machine.py); `step` is the tuple pushed,
# (function, *arguments). A step that asks pushes the step taking the answer and returns
# the Decision; a step that produces something hands it on in `state.ret`.


def next_turn(g: TravelGame, s: TravelState, step: Step) -> Decision | None:
    """The next player's turn, or the end at the turn limit (T-END-2)."""
    max_turns = g.config.max_turns
    if s.turn >= max_turns:
        s.end_reason = "turn_limit"  # T-END-2
        if s.trace is not None:
            s.trace.end(f"The game reaches the turn limit ({max_turns} turns)")
            tell.final(g, s)
        return None
    s.between_turns = False
    s.stack.append(AFTER_TURN)
    return turn_start(g, s, step)


NEXT_TURN: Final[Step] = (next_turn,)


def after_turn(g: TravelGame, s: TravelState, step: Step) -> Decision | None:
    """Turns go clockwise."""
    s.between_turns = True
    if s.trace is not None:
        s.trace.table(tell.turn_table(g, s))
    s.current = (s.current + 1) % s.n
    s.stack.append(NEXT_TURN)
    return None


AFTER_TURN: Final[Step] = (after_turn,)


def turn_start(g: TravelGame, s: TravelState, step: Step) -> Decision | None:
    """One action a turn (T-TURN-1); with an empty hand, first draw 3, not an action
    (T-HAND-2)."""
    p = s.current
    s.turn += 1
    if s.trace is not None:
        s.trace.new_turn(s.turn, p, tell.turn_text(g, s, p))
    if not s.hands[p]:
        stack = s.stack
        stack.append((action_ask, p, 1, 0))
        stack.append((over_limit, p))
        return draw_n(g, s, (draw_n, p, s.rules[p]["empty_hand_draw"]))
    return action_ask(g, s, (action_ask, p, 1, 0))


def action_ask(g: TravelGame, s: TravelState, step: Step) -> Decision | None:
    """p chooses an action, while he has one left; `offers`: trade offers refused this
    turn (T-TRADE-2)."""
    p: int = step[1]
    actions: int = step[2]
    offers: int = step[3]
    if actions <= 0:
        return None
    s.stack.append((action_chosen, p, actions, offers))
    return Decision(p, ACTION, g._action_options(s, p, offers))


def action_chosen(g: TravelGame, s: TravelState, step: Step) -> Decision | None:
    p: int = step[1]
    actions: int = step[2]
    offers: int = step[3]
    choice = s.answer
    verb = choice[0]
    stack = s.stack
    if s.trace is not None and verb not in ("draw", "travel", "trade"):  # said apart
        s.trace.say(tell.choice_text(g, s, p, choice), p)
    next_action = (action_ask, p, actions - 1, offers)
    if verb == "draw":
        stack.append(next_action)
        stack.append((over_limit, p))
        return draw(g, s, (draw, p))
    if verb == "travel":
        stack.append(next_action)
        return travel(g, s, (travel, p))
    if verb == "trade":
        stack.append((traded, p, actions, offers))
        return trade_give(g, s, (trade_give, p, choice[1], ()))
    if verb == "steal":
        stack.append((stolen, p, actions, offers))
        return steal(g, s, (steal, p, choice[1]))
    if verb == "recycle":
        stack.append(next_action)
        stack.append((recycle_take, p))
        return pay(g, s, (pay, p, s.rules[p]["recycle_cost"], RECYCLE_COST))
    if verb == "dispose":  # getting rid of one is the whole turn (T-FORBID-1)
        return dispose(g, s, (dispose, p, choice[1]))
    if verb == "smuggle":
        stack.append(next_action)
        return smuggle(g, s, (smuggle, p, choice[1]))
    # a special item
    card = choice[1]
    g.remove(s, p, card)
    s.discard.append(card)  # T-SPECIAL-1: played items go to the discard pile
    s.log[p]["used"].append(card)
    effect = g.effect[card]
    if effect in g.special_any_time:  # any-time items cost no action: `ret` adds some
        stack.append((special_any_time_used, p, actions, offers))
        machine.push_flow(s, _special(g.special_any_time[effect], p, card))
        return None
    stack.append((special_used, p, actions, offers))
    machine.push_flow(s, _special(g.special_actions[effect], p, card))
    return None


def _special(effect: Effect, p: int, card: int) -> machine.MakeFlow:
    def make(g: TravelGame, s: TravelState) -> Flow:
        flow: Flow = effect(g, s, s.rng, p, card)
        return flow

    return make


def special_any_time_used(g: TravelGame, s: TravelState, step: Step) -> Decision | None:
    p: int = step[1]
    actions: int = step[2]
    offers: int = step[3]
    return action_ask(g, s, (action_ask, p, actions + s.ret, offers))


def special_used(g: TravelGame, s: TravelState, step: Step) -> Decision | None:
    """After a special item's action (its `ret`: whether a Mousetrap ended the turn)."""
    if s.ret:
        return None
    p: int = step[1]
    actions: int = step[2]
    offers: int = step[3]
    return action_ask(g, s, (action_ask, p, actions - 1, offers))


def traded(g: TravelGame, s: TravelState, step: Step) -> Decision | None:
    """After a trade offer (`ret`: completed): a refused offer costs no action, but counts
    against the offers a turn allows (T-TRADE-2)."""
    p: int = step[1]
    actions: int = step[2]
    offers: int = step[3]
    if not s.ret:
        return action_ask(g, s, (action_ask, p, actions, offers + 1))
    return action_ask(g, s, (action_ask, p, actions - 1, offers))


def stolen(g: TravelGame, s: TravelState, step: Step) -> Decision | None:
    """After a theft (`ret`: interrupted by a Mousetrap, which ends the turn: FAQ)."""
    if s.ret:
        return None
    p: int = step[1]
    actions: int = step[2]
    offers: int = step[3]
    return action_ask(g, s, (action_ask, p, actions - 1, offers))


def draw_n(g: TravelGame, s: TravelState, step: Step) -> Decision | None:
    """Draw `count` cards, one after the other."""
    p: int = step[1]
    count: int = step[2]
    if count <= 0:
        return None
    s.stack.append((draw_n, p, count - 1))
    return draw(g, s, (draw, p))


def draw(g: TravelGame, s: TravelState, step: Step) -> Decision | None:
    """Draw one card; an event resolves at once (Eventi); reshuffle when the deck runs out."""
    p: int = step[1]
    deck = s.deck
    if not deck:
        # the deck can be empty with cards in the discard pile when a Local Guide took
        # its last card: shuffle them in now (T-DECK-1)
        if not s.discard:
            return None  # deck and discard both empty: nothing to draw
        g._reshuffle(s, s.rng)
    card = deck.pop()
    if not deck and s.discard:
        g._reshuffle(s, s.rng)  # Mazzo terminato
    if g.is_event[card]:
        s.log[p]["event"].append(card)
        if s.trace is not None:
            s.trace.say(f"{seat(p)} draws the event {g.cards.names[card]}", p)
        s.resolving.append(card)
        s.stack.append((event_resolved, card))
        machine.push_flow(s, _event(g.event_effects[g.effect[card] or ""], p, card))
        return None
    if s.trace is not None:
        s.trace.say(f"{seat(p)} draws {g.cards.names[card]}", p)
    g.take(s, p, card, "drawn")
    return None


def _event(effect: Effect, p: int, card: int) -> machine.MakeFlow:
    def make(g: TravelGame, s: TravelState) -> Flow:
        flow: Flow = effect(g, s, s.rng, p, card)
        return flow

    return make


def event_resolved(g: TravelGame, s: TravelState, step: Step) -> Decision | None:
    card: int = step[1]
    s.resolving.remove(card)
    s.discard.append(card)  # T-EVENT-1: then the event goes to the discard pile
    return None


def over_limit(g: TravelGame, s: TravelState, step: Step) -> Decision | None:
    """Hand limit: discard down to it, never a forbidden item (T-HAND-1, T-FORBID-3)."""
    p: int = step[1]
    hand = s.hands[p]
    if len(hand) <= s.rules[p]["hand_limit"]:
        return None
    options = tuple(c for c in hand if not g.is_forbidden[c])
    if not options:
        return None  # T-FORBID-3: only forbidden items left, keep them
    s.stack.append((over_limit_chosen, p))
    return Decision(p, DISCARD_OVER_LIMIT, options)


def over_limit_chosen(g: TravelGame, s: TravelState, step: Step) -> Decision | None:
    p: int = step[1]
    g.discard(s, p, s.answer)
    return over_limit(g, s, step)


def pay(g: TravelGame, s: TravelState, step: Step) -> Decision | None:
    """Discard `cost` cards of one's choice; never a forbidden item (T-FORBID-2)."""
    p: int = step[1]
    cost: int = step[2]
    kind: DecisionKind = step[3]
    if cost <= 0:
        return None
    options = tuple(c for c in s.hands[p] if not g.is_forbidden[c])
    s.stack.append((paid, p, cost, kind))
    return Decision(p, kind, options)


def paid(g: TravelGame, s: TravelState, step: Step) -> Decision | None:
    p: int = step[1]
    cost: int = step[2]
    kind: DecisionKind = step[3]
    g.discard(s, p, s.answer)
    return pay(g, s, (pay, p, cost - 1, kind))


def travel(g: TravelGame, s: TravelState, step: Step) -> Decision | None:
    """Viaggiare: show the hand, discard the items, remove the country, draw (T-TRAVEL-1)."""
    p: int = step[1]
    plan = g._can_travel(s, p)
    assert plan is not None
    used, extra = plan
    target = s.target(p)
    if s.trace is not None:
        s.trace.say(f"{seat(p)} travels to {g.cards.names[target]}", p)
    s.known[p] = set(s.hands[p])  # the whole hand is shown
    for c in used:
        g.discard(s, p, c, "travelled")
    for c in extra:
        g.discard(s, p, c, "discarded")
    s.completed[p] += 1
    if s.trace is not None:
        cause = f"travelled to {g.cards.names[target]}"
        s.trace.change(p, 1, s.completed[p], cause)
    if target == s.central:
        g._win(s, p, "central_country")  # T-END-1
    s.country[p] = -1
    s.stack.append((over_limit, p))
    return draw_n(g, s, (draw_n, p, s.rules[p]["travel_draw"]))


def recycle_take(g: TravelGame, s: TravelState, step: Step) -> Decision | None:
    """Ricicla, once its cost is paid: take any card but an event (T-RECYCLE-1)."""
    p: int = step[1]
    options = tuple(dict.fromkeys(c for c in s.discard if not g.is_event[c]))
    if not options:
        return None
    s.stack.append((recycle_taken, p))
    return Decision(p, RECYCLE_TAKE, options)


def recycle_taken(g: TravelGame, s: TravelState, step: Step) -> Decision | None:
    p: int = step[1]
    card = s.answer
    s.discard.remove(card)
    g.take(s, p, card, "recycled")
    s.known[p].add(card)  # taken face up from the pile (T-KNOWN-1)
    return over_limit(g, s, (over_limit, p))


def steal(g: TravelGame, s: TravelState, step: Step) -> Decision | None:
    """Ruba: discard 1, take a random card from q's hand (T-STEAL-1); `ret`: whether a
    Mousetrap interrupted it."""
    p: int = step[1]
    q: int = step[2]
    s.stack.append((steal_after_cost, p, q))
    return pay(g, s, (pay, p, s.rules[p]["steal_cost"], STEAL_COST))


def steal_after_cost(g: TravelGame, s: TravelState, step: Step) -> Decision | None:
    p: int = step[1]
    q: int = step[2]
    s.stack.append((steal_unless_trapped, p, q))
    return mousetrap(g, s, (mousetrap, q, p))


def steal_unless_trapped(g: TravelGame, s: TravelState, step: Step) -> Decision | None:
    if s.ret:
        return None  # `ret` stays True: interrupted
    p: int = step[1]
    q: int = step[2]
    s.stack.append((machine_returns, False))
    return take_random(g, s, (take_random, p, q, 1))


def machine_returns(g: TravelGame, s: TravelState, step: Step) -> Decision | None:
    """Hand `step[1]` to the next step (`ret`)."""
    s.ret = step[1]
    return None


def mousetrap(g: TravelGame, s: TravelState, step: Step) -> Decision | None:
    """The victim may spring a Mousetrap: the theft fails and the thief's turn ends;
    `ret`: whether he did."""
    victim: int = step[1]
    thief: int = step[2]
    s.ret = False
    if not g.mousetraps:
        return None
    traps = [c for c in s.hands[victim] if c in g.mousetraps]
    if not traps:
        return None
    # T-SPECIAL-2: sprung after the cost is paid, before the card is taken
    s.stack.append((mousetrap_chosen, victim, thief, traps[0]))
    return Decision(victim, MOUSETRAP, (ACCEPT, REJECT), context=thief)


def mousetrap_chosen(g: TravelGame, s: TravelState, step: Step) -> Decision | None:
    victim: int = step[1]
    thief: int = step[2]
    card: int = step[3]
    if s.answer == REJECT:
        s.ret = False
        return None
    if s.trace is not None:
        s.trace.say(f"{seat(victim)} springs a Mousetrap: {seat(thief)}'s turn ends", victim)
    g.discard(s, victim, card, "used")
    s.ret = True
    return None


def take_random(g: TravelGame, s: TravelState, step: Step) -> Decision | None:
    """p takes `count` random cards from q's hand (steal, Pickpocket Kit)."""
    p: int = step[1]
    q: int = step[2]
    count: int = step[3]
    for _ in range(count):
        hand = s.hands[q]
        if not hand:
            break
        card = hand[s.rng.below(len(hand))]
        if s.trace is not None:
            s.trace.say(f"{seat(p)} takes {g.cards.names[card]} from {seat(q)}", p)
        g.remove(s, q, card)
        s.log[q]["lost"].append(card)
        g.take(s, p, card, "stole")
    return over_limit(g, s, (over_limit, p))


def trade_give(g: TravelGame, s: TravelState, step: Step) -> Decision | None:
    """Scambia: p offers cards (one by one until DONE, or his whole hand), asks for kinds,
    and q accepts or refuses; `ret`: whether the trade was completed."""
    p: int = step[1]
    q: int = step[2]
    give: tuple[int, ...] = step[3]
    hand = s.hands[p]
    if give and len(give) == len(hand):
        return _trade_asks(g, s, p, q, give)
    options = tuple([c for c in hand if c not in give])
    if give:
        options = options + (DONE,)
    s.stack.append((trade_given, p, q, give))
    return Decision(p, TRADE_GIVE, options, context=q)


def trade_given(g: TravelGame, s: TravelState, step: Step) -> Decision | None:
    p: int = step[1]
    q: int = step[2]
    give: tuple[int, ...] = step[3]
    card = s.answer
    if card == DONE:
        return _trade_asks(g, s, p, q, give)
    return trade_give(g, s, (trade_give, p, q, (*give, card)))


def _trade_asks(
    g: TravelGame, s: TravelState, p: int, q: int, give: tuple[int, ...]
) -> Decision | None:
    kinds, left = g.tradeable_asks(s, p, q)  # by kind: copies still possibly unasked
    return trade_ask(g, s, (trade_ask, p, q, give, kinds, tuple(left), ()))


def trade_ask(g: TravelGame, s: TravelState, step: Step) -> Decision | None:
    """The kinds asked for (e.g. "a Camera"), one by one, at most q's hand size."""
    p: int = step[1]
    q: int = step[2]
    give: tuple[int, ...] = step[3]
    kinds: tuple[int, ...] = step[4]
    left: tuple[int, ...] = step[5]
    ask: tuple[int, ...] = step[6]
    if len(ask) < len(s.hands[q]):
        options = tuple([k for k in kinds if left[k] > 0])
        if ask:
            options = options + (DONE,)
        if options:
            s.stack.append((trade_asked, p, q, give, kinds, left, ask))
            return Decision(p, TRADE_ASK, options, context=(q, give))
    return _trade_offer(g, s, p, q, give, ask)


def trade_asked(g: TravelGame, s: TravelState, step: Step) -> Decision | None:
    p: int = step[1]
    q: int = step[2]
    give: tuple[int, ...] = step[3]
    kinds: tuple[int, ...] = step[4]
    left: tuple[int, ...] = step[5]
    ask: tuple[int, ...] = step[6]
    kind = s.answer
    if kind == DONE:
        return _trade_offer(g, s, p, q, give, ask)
    counts = list(left)
    counts[kind] -= 1
    return trade_ask(g, s, (trade_ask, p, q, give, kinds, tuple(counts), (*ask, kind)))


def _trade_offer(
    g: TravelGame, s: TravelState, p: int, q: int, give: tuple[int, ...], ask: tuple[int, ...]
) -> Decision:
    offer = (p, give, ask)
    taken = g._cards_of_kinds(s.hands[q], list(ask))
    s.stack.append((trade_answered, p, q, give, ask, None if taken is None else tuple(taken)))
    options = (ACCEPT, REJECT) if taken is not None else (REJECT,)
    return Decision(q, TRADE_ANSWER, options, context=offer)


def trade_answered(g: TravelGame, s: TravelState, step: Step) -> Decision | None:
    p: int = step[1]
    q: int = step[2]
    give: tuple[int, ...] = step[3]
    ask: tuple[int, ...] = step[4]
    taken: tuple[int, ...] | None = step[5]
    answer = s.answer
    if s.trace is not None:
        s.trace.say(tell.trade_text(g, p, q, list(give), list(ask), answer == ACCEPT), p)
    if answer != ACCEPT or taken is None:
        s.ret = False
        return None
    for c in give:
        g.remove(s, p, c)
        s.log[p]["given"].append(c)
    for c in taken:
        g.remove(s, q, c)
        s.log[q]["given"].append(c)
    for c in taken:
        g.take(s, p, c, "received", check=False)
        s.known[p].add(c)  # traded face up
    for c in give:
        g.take(s, q, c, "received", check=False)
        s.known[q].add(c)
    g.check_postcards(s, p)  # T-POST-1: the active player is checked first
    g.check_postcards(s, q)
    stack = s.stack
    stack.append((machine_returns, True))
    stack.append((over_limit, q))
    stack.append((over_limit, p))
    return draw_n(g, s, (draw_n, p, s.rules[p]["trade_bonus"]))  # T-TRADE-3


def dispose(g: TravelGame, s: TravelState, step: Step) -> Decision | None:
    """Oggetti proibiti: discard it with another card, not another forbidden one (FAQ)."""
    p: int = step[1]
    card: int = step[2]
    g.discard(s, p, card)
    options = tuple(c for c in s.hands[p] if not g.is_forbidden[c])
    s.stack.append((disposed_with, p))
    return Decision(p, DISPOSE_WITH, options, context=card)


def disposed_with(g: TravelGame, s: TravelState, step: Step) -> Decision | None:
    g.discard(s, step[1], s.answer)
    return None


def smuggle(g: TravelGame, s: TravelState, step: Step) -> Decision | None:
    """The Smuggler hands a forbidden item to a player of his choice (FAQ; T-CHAR-1)."""
    p: int = step[1]
    card: int = step[2]
    others = tuple(q for q in range(s.n) if q != p)
    s.stack.append((smuggled, p, card))
    return Decision(p, SMUGGLE_TO, others, context=card)


def smuggled(g: TravelGame, s: TravelState, step: Step) -> Decision | None:
    p: int = step[1]
    card: int = step[2]
    q = s.answer
    g.remove(s, p, card)
    s.log[p]["given"].append(card)
    g.take(s, q, card, "received")
    s.known[q].add(card)
    return over_limit(g, s, (over_limit, q))


_TRADE_STEPS: Final = (trade_give, trade_given, trade_ask, trade_asked, trade_answered)
"""The steps of a trade in progress, whose fourth item is the offered cards (`_offered`)."""


def _implements_the_contract(game: TravelGame) -> Game[TravelState]:
    """Nothing at run time: here mypy checks that the rules implement the game contract
    (core.spec.Game) for their state, as the engine and the forward model play them."""
    return game
