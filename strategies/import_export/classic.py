"""The classic Import/Export bot (`classic`, the default `heuristic` until Bot II, issue 30;
kept so that runs made with it can be played again and compared): each decision kind's
handler picks the option worth most in credits, by the valuation (valuation.py: `Table`,
one per decision). heuristic.py's bot is this one with its faults mended.

Leading and following compare the value of the action (with the crew it can add) against
drawing; the cheapest cards are played, sold first; bids are a share of what the ship is
worth to me; Import, Load, Contract, Pirate and Barter are valued by what their cards bring.
Weights are `params` (valuation.py's `Weights` says what each does); the archetypes
(archetypes.py) only change their defaults. Card powers' questions go to power_choices.py.

The module is typed precisely (the view as `IEView`, every helper's attributes declared) so
that mypyc can compile it into native classes; as plain Python it runs the same code.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Final, cast

from simulator.core.forward import Playthrough
from simulator.core.protocol import Decision, Lookahead, Scale, Strategy
from simulator.core.seeding import GameRandom
from simulator.games.import_export.cards import (
    ANY,
    BARTER,
    CONTRACT,
    GREY,
    IMPORT,
    LOAD,
    PIRATE,
    SUPPLY,
)
from simulator.games.import_export.decisions import (
    ALONE,
    CAPITAL_DISCARD,
    DECLARE,
    FOLLOW,
    IMPORT_TIE,
)
from simulator.games.import_export.powers.tokyo import JIDOHANBAIKI_USE
from simulator.games.import_export.state import IEState
from simulator.games.import_export.view import IEView
from strategies.import_export import power_choices
from strategies.import_export.match_tables import MatchTables, tables_for
from strategies.import_export.valuation import Play, Table, Weights, best_open_slot
from strategies.short_search import best_by_playouts

CARD_VALUE: Final = 1.5
"""What an unknown card drawn from the deck is worth, in credits."""
WEIGHT_MOST: Final = 3.0
"""The largest weight a bias, `collect`, `deny` or `draw` accepts: three times the credits
an option is valued at already drowns every other consideration (the tuner searches up to
2, the archetypes use up to 1.6); 0 ignores it, and a negative weight would turn the bot
against what it is meant to value."""

Handler = Callable[["IEClassic", Decision, "Table", GameRandom], object]
"""A decision kind's method of the bot (`IEClassic._lead`, ...): one of the decision's
options (`object`, as core's `Strategy.choose` returns; some methods say which, `int`)."""
FollowAnswer = tuple[str] | tuple[str, int, int]
"""An answer to a follow decision: ("follow",), ("draw",), or ("follow_as", performed type,
played type) (turn.py)."""


def _printed_draw_to(view: IEView) -> int:
    """The rule book's hand size a Draw fills up to, whatever a seat's powers make it
    (Mineral Fuels): what the classic bot reads, kept as it played (the heuristic asks
    `view.draws_to`, power_choices.py)."""
    return view.facts.rules.draw_to


def _jidohanbaiki_printed(decision: Decision, view: IEView, worth: power_choices.Worth) -> str:
    """Jidohanbaiki: take the credits when drawing would bring a single card, by the
    printed hand size (the classic bot)."""
    return "credits" if len(view.hand) >= _printed_draw_to(view) - 1 else "draw"


def _capital_discard_printed(
    decision: Decision, view: IEView, worth: power_choices.Worth
) -> object:
    """Before drawing: discard the least useful Capital card when the draw then brings one
    more card (a hand below the printed draw-up size) and the card is worth less than a
    new one (the classic bot)."""
    cards = [o for o in decision.options if isinstance(o, int)]
    if cards and len(view.hand) < _printed_draw_to(view):
        card = min(cards, key=lambda c: (worth(c), c))
        if worth(card) < 1.0:
            return card
    return "pass"


CLASSIC_RULES: Final[dict[str, power_choices.Rule]] = {
    **power_choices.RULES,
    JIDOHANBAIKI_USE: _jidohanbaiki_printed,
    CAPITAL_DISCARD: _capital_discard_printed,
}
"""The classic bot's rules for card powers' questions: power_choices.py's, with the two
that read the hand size a Draw fills to reading the printed one, as the classic bot played
before the heuristic asked each seat's (deckhand 0.2.5)."""


class IEClassic(Strategy):
    """A greedy Import/Export player valuing every option in credits (`classic`).

    Parameters: `contract_bias`, `load_bias`, `import_bias`, `pirate_bias`, `supply_bias`
    scale the value of each action (and of crew cards of its type); `bid_share` is the
    fraction of a ship's estimated value it bids; `collect` weights goods majorities and
    the set bonus; `deny` weights taking what rivals need; `draw` scales the value of
    drawing cards; `race` (0-1) how much it saves credits when it leads near the end.
    `scales` holds each one's accepted range. The valuation reads them as `Weights`
    (valuation.py).
    """

    # ClassVars: to mypyc a plain class-level name declares an instance attribute, and the
    # registry reads `cls.params` and `cls.name`. (The ignore: Strategy declares `name` as
    # an instance attribute, which wrappers such as the benchmark's timer set per instance.)
    name: ClassVar[str] = "classic"  # type: ignore[misc]
    power_rules: ClassVar[dict[str, power_choices.Rule]] = CLASSIC_RULES
    """A card power's question: its rule by decision kind (power_choices.py, as the
    classic bot played: `CLASSIC_RULES`)."""
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
    scales: ClassVar[dict[str, Scale]] = {
        "contract_bias": Scale(0, WEIGHT_MOST, "scales the value of Contract and its crew"),
        "load_bias": Scale(0, WEIGHT_MOST, "scales the value of Load and its crew"),
        "import_bias": Scale(0, WEIGHT_MOST, "scales the value of Import and its crew"),
        "pirate_bias": Scale(0, WEIGHT_MOST, "scales the value of Pirate and its crew"),
        "supply_bias": Scale(0, WEIGHT_MOST, "scales the value of Supply and its crew"),
        "bid_share": Scale(0, 1, "the fraction of a ship's estimated value it bids"),
        "collect": Scale(0, WEIGHT_MOST, "weights goods majorities and the set bonus"),
        "deny": Scale(0, WEIGHT_MOST, "weights taking what rivals need"),
        "draw": Scale(0, WEIGHT_MOST, "scales the value of drawing cards"),
        "race": Scale(0, 1, "how much it saves credits when it leads near the end"),
    }
    """The archetypes (archetypes.py) share these: they only change the defaults."""

    def __init__(self, **overrides: object) -> None:
        super().__init__(**overrides)
        self.weights = Weights(self.settings)
        """The parameters as numbers, and the valuation's memos across decisions."""
        self._static: MatchTables | None = None
        self._handlers: dict[str, Handler | None] = {}
        """By decision kind: the method answering it (None: a card power's question)."""
        self._import_turn = -1
        self._import_declared = 0
        self._import_round = 0
        self._playout_bots: list[IEClassic] = []
        """One per seat, for the playouts of a short search (fresh memos, not this game's)."""
        self._kinds_seen: frozenset[str] | None = None
        self._searches = False
        """`looks_ahead_in`'s last question and answer: a run asks it every game."""

    # ------------------------------------------------------------------ dispatch

    @classmethod
    def answers(cls, kind: str) -> bool:
        """Whether the bot has an answer of its own for this kind of decision: a handler
        method `_KIND`, a card power's rule (`power_rules`), or the two kinds `choose`
        settles at once (declare, import_tie). Anything else raises UnansweredDecision."""
        return (
            kind in (DECLARE, IMPORT_TIE)
            or callable(getattr(cls, "_" + kind, None))
            or kind in cls.power_rules
        )

    def looks_ahead_in(self, kinds: frozenset[str]) -> bool:
        """Yes where the game asks a kind it has no answer of its own for (a designer's new
        power): it answers that kind by a short search, which needs the forward model.
        Elsewhere no, and its games are played as they always were."""
        if kinds is not self._kinds_seen:
            self._kinds_seen = kinds
            self._searches = any(not self.answers(kind) for kind in kinds)
        return self._searches

    def choose_ahead(
        self, decision: Decision, view: IEView, rng: GameRandom, model: Lookahead
    ) -> object:
        """A kind with an answer of its own: that answer. Another: each option played out a
        few times by these same rules and valued by the game's evaluation
        (strategies/short_search.py), the best taken, never a silent first option."""
        if self.answers(decision.kind):
            return self.choose(decision, view, rng)
        return best_by_playouts(decision, model, rng, self._play_on)

    def _play_on(
        self, decision: Decision, playthrough: Playthrough[IEState], rng: GameRandom
    ) -> object:
        """A playout's move: each seat by a fresh copy of this bot; a kind without an answer
        at random (a search inside a search would cost the square)."""
        bots = self._playout_bots
        while len(bots) <= decision.player:
            bots.append(type(self)(**self.settings))
        if not self.answers(decision.kind):
            return decision.options[rng.below(len(decision.options))]
        bot = bots[decision.player]
        view = cast(IEView, playthrough.observe(decision.player))  # (typed as any game's)
        return bot.choose(decision, view, rng)

    def choose(self, decision: Decision, view: IEView, rng: GameRandom) -> object:
        kind = decision.kind
        if kind == DECLARE and decision.context not in (SUPPLY, CONTRACT, BARTER):
            count = decision.options[-1]  # crew actions cost nothing: use them all
            if decision.context == IMPORT:
                self._import_turn, self._import_declared, self._import_round = view.turn, count, 0
            return count
        if kind == IMPORT_TIE and view.player in decision.options:
            return view.player  # the leader breaks ties: itself
        rules = view.facts
        static = self._static
        if static is None or static.rules is not rules:
            static = self._static = tables_for(rules)
        handlers = self._handlers
        if kind in handlers:
            handler = handlers[kind]
        else:  # (the class's function: a bound method would make a cycle)
            handler = handlers[kind] = getattr(type(self), "_" + kind, None)
        if handler is None:  # a card power's question: power_choices.py
            table = Table(self.weights, view, static)
            return power_choices.answer(decision, view, table.card_worth, rng, self.power_rules)
        return handler(self, decision, Table(self.weights, view, static), rng)

    # ------------------------------------------------------------------ action values

    def _draw_value(self, t: Table) -> float:
        n = len(t.hand)
        draw_to = t.draws_to
        if n < draw_to:
            return CARD_VALUE * (draw_to - n) * self.weights.draw
        return CARD_VALUE * max(0.1, 1.0 - 0.3 * (n + 1 - draw_to)) * self.weights.draw

    def _action_value(
        self, t: Table, action: int, count: int, excluded: tuple[int, ...], leader: bool
    ) -> float:
        """What performing `count` actions of a type is worth, without the cards `excluded`."""
        if count <= 0:
            return 0.0
        if action == LOAD:
            return self.weights.load_bias * self._load_value(t, count, excluded)
        if action == PIRATE:
            return self.weights.pirate_bias * self._pirate_value(t, count)
        if action == CONTRACT:
            return self.weights.contract_bias * self._contract_value(t, count, excluded)
        if action == SUPPLY:
            return self.weights.supply_bias * self._supply_value(t, count, excluded)
        if action == IMPORT:
            return self.weights.import_bias * self._import_value(t, count, leader)
        if action == BARTER:
            return self._barter_value(t, count, excluded)
        return 0.0

    def _barter_swaps(
        self, t: Table, count: int, excluded: tuple[int, ...]
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

    def _barter_value(self, t: Table, count: int, excluded: tuple[int, ...]) -> float:
        """What `count` Barter actions are worth: the swaps worth making (IE-CAP-8)."""
        return sum(gain for gain, _, _ in self._barter_swaps(t, count, excluded))

    def _barter(self, d: Decision, t: Table, rng: GameRandom) -> object:
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

    def _barter_follow(self, d: Decision, t: Table, rng: GameRandom) -> FollowAnswer:
        """Following with a Barter card from the hand (IE-CAP-8) against the best of the
        other answers: its swaps, with my Barter crew, less the card played."""
        barter = ("follow_as", BARTER, BARTER)
        rest = tuple(o for o in d.options if o != barter)
        plain = self._follow(Decision(d.player, d.kind, rest, d.context), t, rng)
        plain_value = self._answer_value(t, d.context, plain)
        play, cost = t.cheapest_play(t.play_options(BARTER))
        card = cast(int, play)  # a Barter card of my hand: no pair declares Barter (IE-CAP-8)
        value = self._barter_value(t, 1 + t.crew_actions[BARTER], (card,)) - cost
        return barter if value > plain_value else plain

    def _answer_value(self, t: Table, action: int, answer: FollowAnswer) -> float:
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
        if kind == FOLLOW:
            performed, options = action, t.play_options(action, following=True)
        else:  # ("follow_as", performed, played)
            _, performed, played = cast("tuple[str, int, int]", answer)
            options = t.play_options(played)
        if not options:
            return float("-inf")
        play, cost = t.cheapest_play(options)
        excluded = play if isinstance(play, tuple) else (play,)
        count = 1 + t.crew_actions[performed]
        return self._action_value(t, performed, count, excluded, False) - cost

    def _load_value(self, t: Table, count: int, excluded: tuple[int, ...]) -> float:
        slots = t.slots()
        if not slots:
            return 0.0
        slots = {c: v[:] for c, v in slots.items()}
        colors = t.cards.colors
        cards = [c for c in t.hand if c not in excluded]
        total = 0.0
        rainbow = slots.get(ANY)  # (the lists are taken from in place: this one stays)
        wild = t.wild
        for _ in range(count):
            best, best_key, best_card = 0.0, -1, -1
            for card in cards:
                for c in colors[card]:
                    if c in wild:  # fills any slot on my ships (IE-POWER-7)
                        top, key = best_open_slot(slots)
                        if top > best:
                            best, best_key, best_card = top, key, card
                        continue
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

    def _pirate_value(self, t: Table, count: int) -> float:
        slots = {c: v[:] for c, v in t.slots().items()}
        sea = t.sea
        sources: list[int] = []
        for c in range(6):
            if c != GREY:
                sources += [c] * sea[c]
        total = 0.0
        spare = 0
        rainbow = slots.get(ANY)  # (the lists are taken from in place: this one stays)
        wild = t.wild
        for _ in range(count):
            best, best_key, best_src = 0.0, -1, -1
            for k, c in enumerate(sources):
                if c in wild:  # fills any slot on my ships (IE-POWER-7)
                    top, key = best_open_slot(slots)
                    if top > best:
                        best, best_key, best_src = top, key, k
                    continue
                own = slots.get(c)
                if own and own[0] > best:
                    best, best_key, best_src = own[0], c, k
                if rainbow and rainbow[0] > best:
                    best, best_key, best_src = rainbow[0], ANY, k
            if best_src < 0:
                spare += 1
                total += 0.3 * self.weights.deny  # only denial
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

    def _contract_value(self, t: Table, count: int, excluded: tuple[int, ...]) -> float:
        return self._contract_plan(t, count, excluded)[0]

    def _contract_plan(self, t: Table, count: int, excluded: tuple[int, ...]) -> tuple[float, int]:
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
                    value -= 0.5 * missing + max(0, cost) - self._power_value(t, cid)
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

    def _supply_value(self, t: Table, count: int, excluded: tuple[int, ...]) -> float:
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

    def _import_value(self, t: Table, count: int, leader: bool) -> float:
        ships = [i for i, row in enumerate(t.rows) if row[1] and row[3]]
        if not ships or t.credits[t.me] <= 0 and not leader:
            return 0.0
        values = sorted([t.ship_import_value(i) for i in ships], reverse=True)
        if not leader:
            values = [sum(values) / len(values)] * len(values)
        keep = 1.0 - 0.7 * self.weights.bid_share
        total = 0.0
        for v in values[:count]:
            total += max(0.0, v) * keep
        return total

    # ------------------------------------------------------------------ turn decisions

    def _lead(self, d: Decision, t: Table, rng: GameRandom) -> object:
        for option in d.options:
            if option[0] == "discard_contracts" and self._stuck(t, option[1]):
                return option
        best: object = ("draw",)
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
            value = self._action_value(t, action, count, excluded, True)
            value = value * self._lead_share(action) - cost
            if value > best_value:
                best, best_value = option, value
        return best

    def _stuck(self, t: Table, index: int) -> bool:
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

    def _lead_with(self, d: Decision, t: Table, rng: GameRandom) -> Play:
        return t.cheapest_play(d.options)[0]

    def _follow_with(self, d: Decision, t: Table, rng: GameRandom) -> Play:
        return t.cheapest_play(d.options)[0]

    def _follow(self, d: Decision, t: Table, rng: GameRandom) -> FollowAnswer:
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

    def _follow_or_draw(self, d: Decision, t: Table) -> FollowAnswer:
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
        gains: dict[Play, float] = {}
        if action in (IMPORT, PIRATE, LOAD) and self.weights.least_costs:
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

    def _least_cost(self, t: Table, option: Play) -> float:
        """A floor under `t.play_cost(option)`: each card's worth is at least its share of
        my taste for its action (the rest of it is never negative: see `Weights.least_costs`)."""
        pref = self.weights.pref
        actions = t.cards.actions
        if isinstance(option, tuple):
            return 0.3 * pref[actions[option[0]]] + 0.3 * pref[actions[option[1]]]
        return 0.3 * pref[actions[option]]

    def _declare(self, d: Decision, t: Table, rng: GameRandom) -> int:
        action = d.context
        options = d.options
        count = options[-1]
        if action == SUPPLY:  # a sell worth it, then crew worth taking
            worth = t.worth()
            price = self.weights.supply_bias * t.base.sell_price
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

    def _supply(self, d: Decision, t: Table, rng: GameRandom) -> object:
        worth = t.worth()
        ahead = self._ahead(t)
        best, best_value = d.options[0], float("-inf")
        for option in d.options:
            verb, card = option
            if verb == "sell":
                value = self.weights.supply_bias * t.base.sell_price - worth[card]
                if ahead:
                    value += 1.0
            else:
                value = t.crew_value(card)
                if value <= 0:  # crew full: the card is discarded; deny the most useful
                    value = 0.1 * self.weights.deny * t.goods_value(card, 1)
            if value > best_value:
                best, best_value = option, value
        return best

    def _ahead(self, t: Table) -> bool:
        """Whether I lead on estimated score and the end is near (race for 50)."""
        if t.late < 0.6:
            return False
        me = t.me
        mine = t.estimate(me)
        for q in range(t.view.n_players):
            if q != me and mine < t.estimate(q):
                return False
        return True

    def _contract(self, d: Decision, t: Table, rng: GameRandom) -> object:
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
                value -= 0.5 * max(0.0, worth[card] - self.weights.contract_bias * value)
            else:  # from the Tokyo Port: the hand stays, the column's credits go
                value = t.contract_value(cid, ports[index], -1) or 0.0
                value -= 1.5 * t.missing_levels(cid) + t.view.port_cost(card)
            value += self._power_value(t, cid)
            if value > best_value:
                best, best_value = option, value
        return best

    def _power_value(self, t: Table, cid: int) -> float:
        """What a contract's power adds to placing it: nothing for the classic bot, which
        values a contract by its payment alone (the heuristic counts it: contract_choice.py)."""
        return 0.0

    def _lead_share(self, action: int) -> float:
        """The share of performing an action that leading it is worth: all of it for the
        classic bot (the heuristic discounts Pirate and Supply leads: heuristic.LEAD_SHARED)."""
        return 1.0

    def _load(self, d: Decision, t: Table, rng: GameRandom) -> object:
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

    def _pirate(self, d: Decision, t: Table, rng: GameRandom) -> object:
        slots = t.slots()
        rival = t.rival_needs() if self.weights.deny else [0] * 7
        rows = t.rows
        me = t.me
        colors = t.cards.colors
        deny = self.weights.deny
        fits: dict[int, float] = {}
        rainbow = (slots.get(ANY) or [0.0])[0]
        wild = t.wild
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
                    if c in wild:  # any slot on my ships (IE-POWER-7)
                        top = best_open_slot(slots)[0]
                    else:
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
                value += 0.1 * self.weights.deny * len(cargo)
            else:
                value += 0.2 * self.weights.deny
            if value > best_value:
                best, best_value = option, value
        return best

    def _pirate_to(self, d: Decision, t: Table, rng: GameRandom) -> object:
        """Load the container where it is worth most (the ship nearest completion)."""
        ports = {p.index: p for p in t.ports}
        targets = [o for o in d.options if isinstance(o, tuple)]
        if not targets:  # only "discard" (or an unknown form): take what is offered
            return d.options[0]
        return max(targets, key=lambda o: (ports[o[0]].slot, o[1] != ANY))

    # ------------------------------------------------------------------ imports

    def _import_ship(self, d: Decision, t: Table, rng: GameRandom) -> int:
        """Kept as it played (runs reproducible): the leader counts its own bidding rounds
        from the declare it was asked, so a declare of one option, which is not asked, leaves
        it believing it does not bid. The heuristic reads the rules' answer instead."""
        turn = t.view.turn
        if self._import_turn != turn:
            self._import_turn, self._import_declared, self._import_round = turn, 0, 0
        self._import_round += 1
        if d.context == ALONE or self._import_round <= self._import_declared:
            return max(d.options, key=t.ship_import_value)
        return self._ship_not_bid_on(d, t)

    def _ship_not_bid_on(self, d: Decision, t: Table) -> int:
        """A round the leader does not bid in: my own ship (the others pay me 2 for what they
        take, and it comes home sooner), else the poorest rival's."""
        me = t.me
        rows = t.rows
        mine = [i for i in d.options if rows[i][0] == me]
        if mine:
            return min(mine, key=lambda i: len(rows[i][3]))
        return min(d.options, key=lambda i: (t.credits[rows[i][0]], i))

    def _bid(self, d: Decision, t: Table, rng: GameRandom) -> int:
        credits = t.credits[t.me]
        value = self.weights.import_bias * t.ship_import_value(d.context)
        share = self.weights.bid_share
        if self._ahead(t):
            share *= 1.0 - self.weights.race
        bid = int(share * value + rng.random())
        cap = credits - int(self.weights.race * 0.2 * credits)
        return max(0, min(bid, cap, d.options[-1]))

    def _import_tie(self, d: Decision, t: Table, rng: GameRandom) -> int:
        if t.me in d.options:
            return t.me
        return min(d.options, key=t.estimate)

    def _import_take(self, d: Decision, t: Table, rng: GameRandom) -> int:
        cargo = d.context
        return max(d.options, key=lambda j: t.import_value(cargo[j]))

    def _import_place(self, d: Decision, t: Table, rng: GameRandom) -> str:
        if len(d.options) == 1:
            return d.options[0]
        card = d.context
        return "crew" if t.crew_value(card) > t.goods_value(card) else "goods"
