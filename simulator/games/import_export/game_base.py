"""The Import/Export rules, first layer: the game bound to one config and card sheet.

ImportExportGame (rules.py) is one class assembled from one module per concern, each class
extending the one below: game_base (tables, setup, numbers, credits, drawing, zones, emit)
< limits < cargo < ships < tokyo_port < scoring < invariants < fulfilment < loading <
auctions < plunder < actions < turn < rules. Rulebook: ../shared/seeds/000-003; rulings:
docs/rulings.md, named in the code as `IE-...`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any, cast

from simulator.core import machine
from simulator.core.cards import CardSheet
from simulator.core.errors import ConfigError
from simulator.core.machine import Step
from simulator.core.narration import seat
from simulator.core.protocol import Decision, Flow
from simulator.core.rule_numbers import with_overrides
from simulator.core.seeding import GameRandom
from simulator.core.spec import GameConfig, GameSpec
from simulator.games.import_export import narration as tell
from simulator.games.import_export import powers, variants
from simulator.games.import_export.cards import ANY, BLACK, BLUE, GREEN, GREY, RED, YELLOW, IECards
from simulator.games.import_export.game_api import Containers, GameAPI
from simulator.games.import_export.powers import ANY_TIME
from simulator.games.import_export.powers.designer import designed
from simulator.games.import_export.rule_book import BaseRules
from simulator.games.import_export.state import IEState, Ship
from simulator.games.import_export.view import GameFacts

SUPPORTED_SETS = ("base", "capital", "tokyo", "kickstarter", "kickstarter2", "j", "flag")
"""Sets playable: those with their printed attributes, Tokyo with its Tokyo Port
(IE-TOKYO-1) and Capital with its Barter action and grey cards (IE-CAP-1 to IE-CAP-10)."""


SUPPORTED_VARIANTS: tuple[str, ...] = ("market", "containers", "containers_all")
"""Variants whose rules are implemented (the others are refused with a clear error)."""


def _emitting(event: str, player: int, payload: Any) -> machine.MakeFlow:
    """What makes the powers' reactions to an event, when their turn comes."""

    def make(game: GameBase, s: IEState) -> Flow:
        return game.powers.emit(game.whole, s, event, player, payload)

    return make


class GameBase:
    """Import/Export bound to one config and card sheet: its tables, the setup, the rule numbers
    and credits, drawing, the simplest moves between zones, and telling the powers (`emit`)."""

    def __init__(self, spec: GameSpec, config: GameConfig, sheet: CardSheet) -> None:
        self.whole: GameAPI = cast(GameAPI, self)
        """This game as its collaborators see it (game_api.GameAPI), for the powers, windows,
        variants and narration: every instance is an ImportExportGame, whose layers together
        implement the API (rules.py checks it), so a layer hands them `self.whole`."""
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
        greys = sum(1 for colors in cards.colors if colors[0] == GREY)
        if len(cards) < needed + greys:  # a grey card drawn for a ship is replaced (IE-CAP-2)
            grey_note = f", and {greys} more for the grey cards it holds" if greys else ""
            raise ConfigError(
                f"--sets: {config.players} players need at least {needed} cards to set up"
                f"{grey_note} (a grey card drawn for a ship at sea is discarded and replaced: "
                f"IE-CAP-2); {', '.join(sets)} in {sheet.path} has {len(cards)}"
            )
        absent = [q for q in rules.tea_drinkers if q >= config.players]
        if absent:  # Rooibos Tea would silently pay nobody for that seat
            raise ConfigError(
                f"--rule tea_drinkers={','.join(map(str, rules.tea_drinkers))}: seat {absent[0]} "
                f"is not at a {config.players}-player table; allowed: seats 0 to "
                f"{config.players - 1}"
            )
        self.actions = cards.actions
        self.color = tuple(c[0] for c in cards.colors)
        """A card's colour as a good, crew, wildcard or setup container: a Flag card's first
        side (IE-FLAG-3); loaded, it counts as the colour chosen (IE-FLAG-1)."""
        own = designed(config.powers) if config.powers is not None else None
        if own is not None:  # a designer's powers (--powers FILE) and the kinds they ask
            own.check(sheet.rows, str(sheet.path), spec.decision_kinds())
            self.spec = replace(spec, decisions=spec.decisions + own.decisions)
        self.powers = (
            powers.index_for(cards, own.powers if own is not None else None)
            if rules.card_powers
            else powers.PowerIndex({}, cards)
        )
        self._hand_any_time = tuple(self.powers.hand_any_time)
        """Cards whose "at any time" power works from the hand (Lutefisk): a window is
        wanted while one of them is in a hand (window_wanted)."""
        self._works_from_hand = [False] * len(cards)
        """By card id: whether it is one of `_hand_any_time` (hands hold card ids only)."""
        for card in self._hand_any_time:
            self._works_from_hand[card] = True
        self._any_time_possible = bool(self._hand_any_time) or any(
            entry.any_time_from == "fulfilled" for entry in self.powers.by_contract.values()
        )
        """Whether any card of this game has an "at any time" power: without one (powers off,
        or a sheet without such cards) no window is ever wanted."""
        self.n_cards = len(cards)
        """Card ids are below it; physical containers (tokens) at or above it (variants.py)."""
        self._every_card = frozenset(range(len(cards)))
        """Every card id once: what the invariant check finds across the zones."""
        self._sheet_id: list[int] = [ids[0] for ids in cards.ids]
        """Each card's sheet id (its first contract's), as events are reported (outcome)."""
        self.names = cards.names
        """Names of the cards, and of the tokens when they play."""
        self.market = False
        self.tokens: Containers | None = None
        """The physical-container variants (containers, containers_all), or None."""
        self.all_tokens = False
        """containers_all: crew and goods are physical containers too."""
        variants.configure(self.whole)
        self._crew_limit_bonus = 1  # the port's printed contract (IE-LIMIT-1)
        self.tokyo_port = "tokyo" in self.sets and rules.tokyo_port
        """The Tokyo Port replaces the Supply Island (`s.island` holds its cards; IE-TOKYO-1)."""
        last_column = len(rules.tokyo_column_costs) - 1
        self._port_column_of = tuple(
            min(sum(contracts[0].level.values()), last_column) for contracts in cards.contracts
        )
        """By card: its Tokyo Port column (`port_column`, IE-TOKYO-2), read whenever a bot
        prices the Port's cards."""
        self.capital = any(GREY in colors for colors in cards.colors)
        """Capital in play: its grey cards are in the deck (IE-CAP-1 to IE-CAP-10)."""
        self.capital_rainbow = frozenset(
            cid for cid, c in cards.contract_by_id.items() if c.color == GREY and len(c.cargo) > 1
        )
        """Capital contracts with a multicolour cargo: any container fills it (IE-CAP-6)."""
        self._plain_cargo = {
            cid: {ANY: c.cargo_total}
            if cid in self.powers.any_cargo or cid in self.capital_rainbow
            else c.cargo
            for cid, c in cards.contract_by_id.items()
        }
        """Each contract's cargo needs without a power's rainbow colours (_cargo_of)."""
        self._load_colors = tuple(
            tuple(c for c in dict.fromkeys(colors) if c != GREY) for colors in cards.colors
        )
        """The colours each card may be loaded as: either side of a Flag card (IE-FLAG-1),
        never grey (a grey container is placed by its power: IE-CAP-7)."""
        self.facts = GameFacts(self.whole)
        """What the players' views offer of this game (view.GameFacts): read-only; made last,
        once every table it shares is set."""

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
        # 4. ports: grey only at six players (IE-SETUP-1), or at any count with Capital
        colors = [GREEN, YELLOW, BLACK, BLUE, RED]
        if n >= 6 or self.capital:
            colors.append(GREY)
        rng.shuffle(colors)
        for p in range(n):
            s.port[p] = colors[p]
            s.credits[p] = rules.start_credits
            if colors[p] == GREY:  # 4 at six players, 2 more with Capital (IE-CAP-1)
                s.credits[p] += rules.grey_bonus_at_six if n >= 6 else 0
                s.credits[p] += rules.grey_bonus_capital if self.capital else 0
            home, sea = Ship(p), Ship(p)
            sea.at_sea = True
            s.ships.extend((home, sea))
        # 6. four cards under each ship at sea, as containers
        for ship in s.ships:
            if ship.at_sea:
                for _ in range(rules.sea_cards_at_setup):
                    card = deck.pop()
                    while self.color[card] == GREY and deck:  # replaced (IE-CAP-2)
                        s.discard.append(card)
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
        if self.variants:
            variants.setup(self.whole, s)
        return s

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

    def draws_to(self, s: IEState, p: int) -> int:
        """The hand size p's Draw fills up to (Mineral Fuels), or 1 card at or above it."""
        size: int = s.mods[p].get("draw_to", self.rules.draw_to)
        return size

    def compensation_to(self, s: IEState, owner: int) -> int:
        """What the owner of a ship takes when another player imports from it (Pants); a
        Partnership Super Ship pays its own (ships.py, `_super`)."""
        pay: int = s.mods[owner].get("owner_compensation", self.rules.owner_compensation)
        return pay

    def end_threshold(self, s: IEState, p: int) -> int | None:
        """Credits at which p triggers the end (MRI Machine), None if never (Can Openers)."""
        mods = s.mods[p]
        if mods.get("no_credit_end"):
            return None
        return mods.get("end_credits", self.rules.end_credits)

    def _reached_end(self, s: IEState, p: int) -> bool:
        if not s.mods[p]:  # no modifier: the rulebook's threshold (most calls)
            return s.credits[p] >= self.rules.end_credits
        threshold = self.end_threshold(s, p)
        return threshold is not None and s.credits[p] >= threshold

    def _trigger_end(self, s: IEState, reason: str, p: int = -1) -> None:
        """The end is triggered; the current turn finishes (IE-END-1). `p`: who reached the
        credits that end the game (reason "credits")."""
        if not s.end_triggered:
            s.end_triggered = True
            s.end_reason = reason
            s.reshuffle_allowed = False
            if s.trace is not None:
                if reason == "credits" and p >= 0:
                    why = (
                        f"{seat(p)} has {s.credits[p]} credits, at least the "
                        f"{self.end_threshold(s, p)} that end the game"
                    )
                else:
                    why = "the deck and the discard pile are both empty"
                s.trace.end(f"The end is triggered: {why}. This turn finishes, then scoring.", p)

    def gain(self, s: IEState, p: int, amount: int, cause: str = "") -> None:
        """Credits from the bank; reaching the end threshold triggers the end. `cause` is
        for the replay (narration.py's constants); a power's own gain is named after it."""
        s.credits[p] += amount
        if s.trace is not None:
            s.trace.change(p, amount, s.credits[p], cause)
        if self._reached_end(s, p):
            self._trigger_end(s, "credits", p)

    def pay(self, s: IEState, p: int, amount: int, cause: str = "") -> bool:
        """Pay the bank if one can; False (and nothing paid) if one cannot."""
        if s.credits[p] < amount:
            return False
        s.credits[p] -= amount
        if amount > 0:
            if s.trace is not None:
                s.trace.change(p, -amount, s.credits[p], cause)
            for q in range(s.n):  # Fake DVDs (IE-POWER-33)
                watch = s.mods[q].get("spend_watch")
                if watch is not None and q != p and amount >= watch[0]:
                    self.gain(s, q, watch[1], tell.FAKE_DVDS)
        return True

    def deck_pop(self, s: IEState) -> int | None:
        """The top card of the deck; the discard pile is reshuffled when it runs out, unless
        the end was triggered; deck and discard both empty trigger the end (IE-END-2)."""
        if not s.deck and s.discard and s.reshuffle_allowed:
            if s.trace is not None:
                s.trace.say("the deck ran out: the discard pile is shuffled into a new deck")
            s.deck.extend(s.discard)
            s.discard.clear()
            s.rng.shuffle(s.deck)
        if not s.deck:
            return None
        card = s.deck.pop()
        if not s.deck and not s.discard:
            self._trigger_end(s, "deck_exhausted")
        return card

    def to_discard(self, s: IEState, p: int, card: int) -> None:
        """Discard a card (logged); a physical container goes back to the reserve instead
        (IE-VAR-7)."""
        if card < self.n_cards:
            s.discard.append(card)
            s.log[p]["discarded"].append(card)

    def as_card(self, s: IEState, card: int) -> int | None:
        """What a container taken off a ship into a hand, crew or goods brings: the card
        itself, or for a physical container the first card of its colour in the discard
        pile, None if there is none (IE-VAR-8). Every rule or power moving containers off
        ships, or crew and goods, where only cards go (hand, island, deck) calls it."""
        if card < self.n_cards:
            return card
        return variants.claim(self.whole, s, self.color[card])

    def emit(self, s: IEState, event: str, player: int, payload: Any) -> Iterator[Decision]:
        """Tell the ongoing powers in play that something happened (indexed per game). With
        nothing listening (the common case) it returns an empty iterator at once, so a
        caller's `yield from` makes no generator."""
        hooks = s.hooks
        if event in self.powers.card_events or hooks.get(event) or hooks.get("cards_drawn"):
            return self.powers.emit(self.whole, s, event, player, payload)
        return iter(())

    def emit_step(self, s: IEState, event: str, player: int, payload: Any) -> None:
        """Tell the ongoing powers in play that something happened, as the next thing done:
        their reactions are pushed on the state's stack (core/machine.py) when anything
        listens (the common case: nothing does, and nothing is pushed)."""
        hooks = s.hooks
        if event in self.powers.card_events or hooks.get(event) or hooks.get("cards_drawn"):
            machine.push_flow(s, _emitting(event, player, payload))

    def window_wanted(self, s: IEState) -> bool:
        """Whether an "at any time" power is in play: fulfilled (and not lost), or a card
        working from the hand in someone's hand. False means the window would ask nobody,
        whatever the moment, except the leader's discard between his own actions (tested
        apart in _perform); the cheap test keeps games without such cards at full speed."""
        if not self._any_time_possible:
            return False
        if s.hooks.get(ANY_TIME):
            return True
        if self._hand_any_time:
            works_from_hand = self._works_from_hand  # holds_hand_any_time, every hand inline
            for hand in s.hands:
                for card in hand:
                    if works_from_hand[card]:
                        return True
        return False

    def holds_hand_any_time(self, s: IEState, p: int) -> bool:
        """Whether p holds a card whose "at any time" power works from the hand (Lutefisk).
        A flag per card held, not `card in hand`: in the compiled build `in` compares each
        card as a Python object (8% of a random-bot game), a flag is one read."""
        works_from_hand = self._works_from_hand
        for card in s.hands[p]:
            if works_from_hand[card]:
                return True
        return False

    @staticmethod
    def pirate_banned(s: IEState) -> bool:
        """Whether a power forbids every Pirate action for now (Surströmming: IE-FLAGP-2)."""
        for mods in s.mods:
            if mods and mods.get("pirate_ban"):
                return True
        return False

    def tie_winner(self, s: IEState, tied: list[int]) -> int | None:
        """The one of the tied players who wins all ties (mods "wins_ties": Foxes, IE-JP-3),
        or None. Ties so decided: import bids, goods majorities (the illegal penalty too),
        the most credits at the end, and powers' "the most" (Nice Suits, Exotic Fish)."""
        for p in tied:
            if s.mods[p].get("wins_ties"):
                return p
        return None

    def has_most(self, s: IEState, p: int, values: list[int]) -> bool:
        """Whether p has the most of something: more than every other player, or tied for
        the most and winning ties (Foxes: IE-JP-3)."""
        top = max(values)
        if values[p] < top:
            return False
        tied = [q for q in range(len(values)) if values[q] == top]
        return len(tied) == 1 or self.tie_winner(s, tied) == p


def emit_later(g: GameBase, s: IEState, step: Step) -> Decision | None:
    """The step `(emit_later, event, player, payload)`: tell the powers when its turn comes
    (`emit_step` then checks who listens, as the rule's own moment)."""
    g.emit_step(s, step[1], step[2], step[3])
    return None
