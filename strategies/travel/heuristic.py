"""A sensible travel-game bot: collect the next country's items, trade for them, steal late.

It values each card for itself (an item kind it needs now, one for the central country,
one passport, postcards when they can win) and plays the best legal action. It sees only
its TravelView: its hand, the public table and the cards known to be in other hands.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar, Final, TypeAlias

from simulator.core.cards import ParamValue
from simulator.core.decision import DecisionKind
from simulator.core.protocol import Decision, Scale, Strategy
from simulator.core.seeding import GameRandom
from simulator.games.travel.cards import TravelCards
from simulator.games.travel.decisions import (
    ACTION,
    DISCARD_OVER_LIMIT,
    DISPOSE_WITH,
    FOUND_TAKE,
    GUIDE_TAKE,
    LUGGAGE_DISCARD,
    MAP_TARGET,
    MOUSETRAP,
    PICKPOCKET_TARGET,
    POST_DISCARD,
    RECYCLE_COST,
    RECYCLE_TAKE,
    SMUGGLE_TO,
    STEAL_COST,
    STRIKE_PASS,
    TRADE_ANSWER,
    TRADE_ASK,
    TRADE_GIVE,
    Action,
    Option,
)
from simulator.games.travel.rules import ACCEPT, DONE, REJECT
from simulator.games.travel.view import TravelView

_ValuesKey: TypeAlias = tuple[object, ...]
"""What `_hand_values` is computed from: the sheet, the hand, the goals now and later, and
whether a passport is needed. A plain tuple, compared as one: the compiled build compares a
typed one part by part, without the identity check that spares comparing the sheet (a
dataclass) field by field."""

NEED_NOW: Final = 10.0
NEED_LATER: Final = 4.0
PASSPORT: Final = 9.0
FORBIDDEN: Final = -5.0


CHEAPEST_CARD: Final = frozenset(
    {DISCARD_OVER_LIMIT, RECYCLE_COST, STEAL_COST, LUGGAGE_DISCARD, STRIKE_PASS, DISPOSE_WITH}
)
"""Decisions that give up a card (costs, the hand limit, lost luggage, the strike,
disposing of a forbidden item): the heuristic gives the one worth least to it."""
TAKE_BEST: Final = frozenset({RECYCLE_TAKE, GUIDE_TAKE, FOUND_TAKE})
"""Decisions that take a card (recycling, the Local Guide, Lost and Found): the one worth
most to it."""
TARGET_LEADER: Final = frozenset({SMUGGLE_TO, PICKPOCKET_TARGET})
"""Decisions that pick a player to hurt (a forbidden item handed on, a pickpocket): the
opponent closest to winning."""
ANSWERED: Final = frozenset(
    {ACTION, TRADE_GIVE, TRADE_ASK, TRADE_ANSWER, POST_DISCARD, MOUSETRAP, MAP_TARGET}
    | TAKE_BEST
    | TARGET_LEADER
)
"""Decisions `choose` answers by a rule of their own."""


class TravelHeuristic(Strategy):
    """Greedy collector with trading and some aggression.

    Parameters (`scales` holds each one's accepted range): `aggression` (0-1), the chance to
    steal from the leader instead of drawing when it has a spare card (`race_aggression`
    once it races for the central country); `blind_trade` (0-1), the chance to offer a trade
    for a needed item nobody is known to hold; `deny` (0/1), keep cards opponents need when
    discarding.
    """

    name = "heuristic"
    params: ClassVar[dict[str, ParamValue]] = {
        "aggression": 0.3,
        "race_aggression": 0.3,
        "blind_trade": 0.9,
        "deny": 0,
    }
    scales: ClassVar[dict[str, Scale]] = {
        "aggression": Scale(0, 1, "the chance to steal from the leader instead of drawing"),
        "race_aggression": Scale(0, 1, "the chance to steal once racing for the central country"),
        "blind_trade": Scale(0, 1, "the chance to offer a trade nobody is known to answer"),
        "deny": Scale(0, 1, "1 keeps cards opponents need when discarding, 0 does not", True),
    }

    def __init__(self, **overrides: ParamValue) -> None:
        super().__init__(**overrides)
        self.aggression = float(self.settings["aggression"])
        self.race_aggression = float(self.settings["race_aggression"])
        self.blind_trade = float(self.settings["blind_trade"])
        self.deny = bool(self.settings["deny"])
        self._plan: tuple[int, list[int], list[int]] | None = None
        """The offer being made: (partner, cards to give, kinds to ask for)."""
        self._asked = 0
        """How many of the plan's kinds have been asked for: each is asked for once."""
        self._plan_key: tuple[TravelView, int] | None = None
        """The offer the plan is for: (the seat's view, the partner), set by my `action` and
        cleared by any answer but an offer's steps (which follow it, one after the other).
        Steps asked with another view or partner, or after another answer, belong to an offer
        another chose: a search that picks ("trade", q) itself and asks this bot for the
        steps (mcts with `search=action`, whose rollouts share one bot for every seat, each
        determinisation with views of its own). That offer is planned then (`_plan_for`)."""
        self._turn = -1
        self._refused: set[tuple[int, int]] = set()
        """(partner, kind) offers refused this turn: not asked again."""
        self._values_memo: tuple[_ValuesKey, dict[int, float]] | None = None
        """The last `_hand_values`, with what it was computed from."""

    # ------------------------------------------------------------------ values

    @staticmethod
    def _value(
        cards: TravelCards,
        c: int,
        k: int,
        t: str,
        now: tuple[int, ...] | set[int],
        later: tuple[int, ...] | set[int],
        held_kinds: set[int],
        passport_held: bool,
        postcards: int,
        needs_passport: int,
    ) -> float:
        """A card's worth given what else is held: a needed kind counts once. `k` and `t`
        are the card's kind and type (the callers read the sheet's tables once)."""
        if k in now:
            return 0.0 if k in held_kinds else NEED_NOW
        if k in later:
            return 0.0 if k in held_kinds else NEED_LATER
        if t == "passport":
            return PASSPORT if not passport_held and needs_passport else 0.5
        if t == "postcard":
            return 1.0 + 2.0 * postcards
        if t == "forbidden":
            return FORBIDDEN
        if t == "special":
            return 6.0 if cards.effects[c] == "moms_credit_card" else 3.0
        return 0.0

    def _goals(self, view: TravelView) -> tuple[TravelCards, tuple[int, ...], tuple[int, ...]]:
        """The sheet, the kinds my next country needs, and those of the central one while
        I have completed none. Typed: the callers index the sheet's tables natively."""
        cards = view.cards
        me = view.player
        later = cards.requires[view.central] if view.completed[me] == 0 else ()
        return cards, cards.requires[view.target(me)], later

    def _worth(
        self, view: TravelView, cards_: Iterable[int], hand: tuple[int, ...] | list[int]
    ) -> dict[int, float]:
        """What each card of `cards_` would be worth on top of `hand`."""
        cards, now, later = self._goals(view)
        kind_of, types = cards.kind_of, cards.types  # read once: the sheet is not compiled
        held = {kind_of[c] for c in hand}
        passport = any(types[c] == "passport" for c in hand)
        postcards = sum(1 for c in hand if types[c] == "postcard")
        needs = view.rule("needs_passport")
        return {
            c: self._value(
                cards, c, kind_of[c], types[c], now, later, held, passport, postcards, needs
            )
            for c in cards_
            if c != DONE
        }

    def _hand_values(self, view: TravelView) -> dict[int, float]:
        """Each hand card's worth: what losing it would cost (a second copy is spare).
        Shared with the next decisions while the hand and the goals stay the same (a bot
        plays one game): never mutate."""
        cards, now, later = self._goals(view)
        hand = view.hand
        needs = view.rule("needs_passport")
        key: _ValuesKey = (cards, hand, now, later, needs)
        memo = self._values_memo
        if memo is not None and memo[0] == key:
            return memo[1]
        kind_of, types = cards.kind_of, cards.types
        others = sum(1 for c in hand if types[c] == "postcard") - 1
        seen: set[int] = set()
        passport = False
        values: dict[int, float] = {}
        for c in hand:
            k, t = kind_of[c], types[c]
            values[c] = self._value(cards, c, k, t, now, later, seen, passport, others, needs)
            seen.add(k)
            passport = passport or t == "passport"
        self._values_memo = (key, values)
        return values

    def _missing_kinds(self, view: TravelView) -> set[int]:
        """Item kinds still missing for the next country, and the passport if it has none."""
        cards = view.cards
        hand = view.hand
        kind_of, types = cards.kind_of, cards.types
        held = {kind_of[c] for c in hand}
        missing = set(cards.requires[view.target(view.player)]) - held
        if view.rule("needs_passport") and not any(types[c] == "passport" for c in hand):
            missing.add(kind_of[cards.passports[0]])
        return missing

    def _leader(self, view: TravelView, candidates: Sequence[int]) -> int:
        """The opponent closest to winning, as far as public information tells."""
        cards = view.cards
        kind_of = cards.kind_of
        sizes = view.hand_sizes

        def threat(q: int) -> tuple[float, int]:
            need = set(cards.requires[view.target(q)])
            known = sum(1 for c in view.known(q) if kind_of[c] in need)
            return (view.completed[q] * 3 + known + 0.1 * sizes[q], -self._distance(view, q))

        return max(candidates, key=threat)

    @staticmethod
    def _distance(view: TravelView, q: int) -> int:
        """Seats clockwise from me to q: ties broken by it are the same from every seat."""
        return (q - view.player) % view.n_players

    def _cheapest(self, view: TravelView, options: Sequence[int]) -> int:
        """The option card worth least to me; with `deny`, keep what opponents need."""
        values = self._hand_values(view)
        wanted: set[int] = set()
        if self.deny:
            for q in range(view.n_players):
                if q != view.player:
                    wanted.update(view.cards.requires[view.target(q)])
        kind_of = view.cards.kind_of
        return min(
            (c for c in options if c != DONE),
            key=lambda c: (values.get(c, 0.0), kind_of[c] in wanted, c),
        )

    # ------------------------------------------------------------------ decisions

    def choose(self, decision: Decision, view: TravelView, rng: GameRandom) -> Option:
        kind = decision.kind
        options = decision.options
        if kind == TRADE_GIVE or kind == TRADE_ASK:
            partner = decision.context if kind == TRADE_GIVE else decision.context[0]
            key = self._plan_key
            if key is None or key[0] is not view or key[1] != partner:
                self._plan_for(view, partner)
            return self._next_planned(options, 1 if kind == TRADE_GIVE else 2)
        self._plan_key = None  # any other answer: the offer's steps are over
        if kind == ACTION:
            return self._action(options, view, rng)
        if kind == TRADE_ANSWER:
            return self._answer(decision, view)
        if kind in TAKE_BEST:
            values = self._worth(view, options, view.hand)
            best = max(values, key=lambda c: (values[c], -c))
            if kind == FOUND_TAKE and values[best] < NEED_LATER:
                return DONE
            return best
        if kind == POST_DISCARD:
            values = self._hand_values(view)
            junk = [c for c in options if c != DONE and values.get(c, 0.0) <= 0.0]
            return min(junk) if junk else DONE
        if kind == MOUSETRAP:
            return ACCEPT
        if kind in TARGET_LEADER:
            return self._leader(view, options)
        if kind == MAP_TARGET:
            others = [q for q in options if q != view.player]
            return self._leader(view, others) if others else options[0]
        if kind in CHEAPEST_CARD:  # a card to give up: the one worth least to me
            return self._cheapest(view, options)
        raise LookupError(
            f"no answer for decision kind '{kind}': add it to TravelHeuristic.choose "
            "(strategies/travel/heuristic.py)"
        )

    @classmethod
    def answers(cls, kind: DecisionKind) -> bool:
        """Whether `choose` has an answer of its own for this kind of decision."""
        return kind in ANSWERED or kind in CHEAPEST_CARD

    def _next_planned(self, options: Sequence[int], part: int) -> int:
        """The planned offer's next card to give (part 1) or kind to ask for (part 2), then
        done. Each kind is asked for once: the plan needs one card of it (a kind counts
        once), and a partner can accept only holding every copy asked for (T-TRADE-1)."""
        plan = self._plan
        if plan is not None:
            if part == 1:  # (a card given leaves the options)
                for c in plan[1]:
                    if c in options:
                        return c
            else:
                wanted = plan[2]
                while self._asked < len(wanted):
                    kind = wanted[self._asked]
                    self._asked += 1
                    if kind in options:
                        return kind
        return DONE if DONE in options else options[0]

    def _answer(self, decision: Decision, view: TravelView) -> str:
        if ACCEPT not in decision.options:
            return REJECT
        offerer, give, ask_kinds = decision.context
        cards = view.cards
        hand = list(view.hand)
        values = self._hand_values(view)
        loss = 0.0
        kind_of = cards.kind_of
        for k in ask_kinds:
            copies = [c for c in hand if kind_of[c] == k]
            c = min(copies, key=lambda x: values[x])
            loss += values[c]
            hand.remove(c)
        gain_values = self._worth(view, give, hand)
        gain = sum(gain_values.values())
        # never hand the last items to someone heading for the central country
        if view.completed[offerer] == 1:
            central_need = set(cards.requires[view.central])
            if any(k in central_need for k in ask_kinds) and gain < NEED_NOW:
                return REJECT
        # junk for junk costs nothing and keeps the game moving
        return ACCEPT if gain > loss or (loss <= 0.0 and gain >= 0.0) else REJECT

    def _action(self, options: Sequence[Action], view: TravelView, rng: GameRandom) -> Action:
        if view.turn != self._turn:
            self._turn = view.turn
            self._refused.clear()
        elif self._plan is not None:
            # asked again in the same turn after an offer: it was refused
            partner, _, kinds = self._plan
            self._refused.update((partner, k) for k in kinds)
        self._plan = None
        alone: set[str] = set()  # the verbs offered alone: ("draw",), ("travel",), ...
        by_verb: dict[str, list[tuple[str, int]]] = {}  # the others: ("trade", q), ...
        for o in options:
            if len(o) == 1:
                alone.add(o[0])
                continue
            group = by_verb.get(o[0])
            if group is None:
                by_verb[o[0]] = [o]
            else:
                group.append(o)
        if "travel" in alone:
            return ("travel",)
        cards = view.cards
        specials = {cards.effects[o[1]]: o for o in by_verb.get("special", ())}
        if "red_eye_flight" in specials:
            return specials["red_eye_flight"]
        if "smuggle" in by_verb:
            return by_verb["smuggle"][0]
        if "dispose" in by_verb:
            return by_verb["dispose"][0]
        values = self._hand_values(view)
        spare = self._spare(values)
        missing = self._missing_kinds(view)
        kind_of, types = cards.kind_of, cards.types  # read once: the sheet is not compiled
        if missing and ("lost_and_found" in specials or "recycle" in alone):
            # a kind I miss lies in the discard (events excepted): what both actions fetch
            in_discard = any(kind_of[c] in missing and types[c] != "event" for c in view.discard)
            if in_discard and "lost_and_found" in specials:
                return specials["lost_and_found"]
            if in_discard and "recycle" in alone and len(spare) >= view.rule("recycle_cost"):
                return ("recycle",)
        trade = self._plan_trade(view, by_verb.get("trade", ()), spare, missing, rng)
        if trade is not None:
            return trade
        for effect in ("local_guide", "trading_post", "pickpocket_kit"):
            if effect in specials:
                return specials[effect]
        if "poorly_drawn_map" in specials:
            others = [
                q for q in range(view.n_players) if q != view.player and view.completed[q] == 0
            ]
            if others:
                return specials["poorly_drawn_map"]
        steals = by_verb.get("steal", ())
        if steals and len(spare) >= view.rule("steal_cost"):
            targets = [o[1] for o in steals]
            sizes = view.hand_sizes
            # a hand known to hold what I need is worth a blind grab
            odds = {
                q: sum(1 for c in view.known(q) if kind_of[c] in missing) / sizes[q]
                for q in targets
            }
            best = max(targets, key=lambda q: (odds[q], -self._distance(view, q)))
            if odds[best] > 0:
                return ("steal", best)
            racing = view.completed[view.player] == 1
            if rng.random() < (self.race_aggression if racing else self.aggression):
                return ("steal", self._leader(view, targets))
        return ("draw",)

    def _plan_trade(
        self,
        view: TravelView,
        trades: Sequence[tuple[str, int]],
        spare: list[int],
        missing: set[int],
        rng: GameRandom,
    ) -> Action | None:
        """Offer a spare card (one the partner needs first) for a needed kind."""
        if not trades or not spare or not missing:
            return None
        partners = sorted((o[1] for o in trades), key=lambda q: self._distance(view, q))
        for q in partners:
            wanted = self._known_wanted(view, q, missing)
            if wanted:
                return self._offer(view, q, spare, wanted[:1])
        if rng.random() < self.blind_trade:
            q = partners[rng.below(len(partners))]
            wanted = self._open_kinds(q, missing)
            if wanted:
                return self._offer(view, q, spare, [wanted[rng.below(len(wanted))]])
        return None

    def _known_wanted(self, view: TravelView, q: int, missing: set[int]) -> list[int]:
        """The kinds I miss that q is known to hold and has not refused me this turn (the
        filter of `_open_kinds` written out: this runs for every partner at every action)."""
        kind_of = view.cards.kind_of
        refused = self._refused
        return sorted(
            k for k in missing & {kind_of[c] for c in view.known(q)} if (q, k) not in refused
        )

    def _open_kinds(self, q: int, kinds: set[int]) -> list[int]:
        """The kinds q has not refused me this turn, in order."""
        refused = self._refused
        return sorted(k for k in kinds if (q, k) not in refused)

    def _plan_for(self, view: TravelView, q: int) -> None:
        """Plan an offer to q that another chose to make (see `_plan_key`), as `_action`
        would have for that partner: my spare cards (else the one worth least) for a kind I
        miss, one q is known to hold first, one q has not refused this turn."""
        if view.turn != self._turn:  # refusals are of a turn (a rollout's bot moves on)
            self._turn = view.turn
            self._refused.clear()
        values = self._hand_values(view)
        spare = self._spare(values)
        if not spare and values:
            spare = [min(values, key=lambda c: (values[c], c))]
        missing = self._missing_kinds(view)
        wanted = self._known_wanted(view, q, missing) or self._open_kinds(q, missing)
        self._offer(view, q, spare, wanted[:1])

    @staticmethod
    def _spare(values: dict[int, float]) -> list[int]:
        """The hand cards I can give up for little (worth 0 to 0.5), least worth first."""
        return sorted(
            (c for c, v in values.items() if 0.0 <= v <= 0.5), key=lambda c: (values[c], c)
        )

    def _offer(
        self, view: TravelView, q: int, spare: list[int], wanted: list[int]
    ) -> tuple[str, int]:
        cards = view.cards
        their_need = set(cards.requires[view.target(q)])
        kind_of, types = cards.kind_of, cards.types
        give = sorted(
            spare,
            key=lambda c: (kind_of[c] not in their_need, types[c] == "forbidden", c),
        )[:1]
        self._plan = (q, give, wanted)
        self._asked = 0
        self._plan_key = (view, q)
        return ("trade", q)
