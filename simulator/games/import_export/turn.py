"""The turn: the leader leads or draws, the others follow or draw, everyone declares and
performs; drawing, the options to lead and follow with, and declaring.

One layer of ImportExportGame (rules.py; the layers are listed in game_base.py).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, Final

from simulator.core import machine
from simulator.core.decision import DecisionKind
from simulator.core.machine import Step
from simulator.core.narration import seat
from simulator.core.protocol import Decision
from simulator.core.seeding import GameRandom
from simulator.games.import_export import narration as tell
from simulator.games.import_export import windows
from simulator.games.import_export.actions import ActionRules, perform
from simulator.games.import_export.auctions import import_round
from simulator.games.import_export.cards import (
    BARTER,
    CONTRACT,
    GREY,
    IMPORT,
    LOAD,
    PIRATE,
    SUPPLY,
)
from simulator.games.import_export.decisions import (
    CAPITAL_DISCARD,
    DECLARE,
    FOLLOW,
    FOLLOW_WITH,
    LEAD,
    LEAD_WITH,
)
from simulator.games.import_export.powers import ANY_TIME, note_draw
from simulator.games.import_export.powers.tokyo import JIDOHANBAIKI_USE
from simulator.games.import_export.state import GameOver, IEState, clockwise

LEAD_ANY: Final = tuple(("lead", a) for a in (SUPPLY, IMPORT, CONTRACT, LOAD, PIRATE))
"""Every lead a same-colour pair allows: any of the five actions (IE-TURN-1)."""


_COUNTS: Final = tuple(
    tuple(tuple(range(base, base + extra + 1)) for extra in range(16)) for base in (0, 1)
)
"""The options of a declare decision, made once: _COUNTS[base][extra] counts base..base+extra."""


class TurnRules(ActionRules):
    """The turn: the leader leads or draws, the others follow or draw, everyone declares and
    performs; drawing, the options to lead and follow with, and declaring. The turn is steps
    (core/machine.py), the module's functions below the class."""

    def begin(self, s: IEState) -> None:
        """Push a new game's first step (core.forward.Playthrough.start)."""
        if s.trace is not None:
            tell.start(self.whole, s)
        s.stack.append(NEXT_TURN)

    def ended_at_once(self, s: IEState, over: machine.GameEnded) -> None:
        """A card's win condition ended the game (GameOver): no scoring (IE-POWER-32)."""
        s.between_turns = True
        if s.trace is not None:
            tell.ended_at_once(self.whole, s, str(over))

    def _end_of_turn(self, s: IEState) -> None:
        if s.trace is not None:
            s.trace.flush()  # the turn's moves before the played cards' discard
        s.discard.extend(s.in_play)
        s.in_play.clear()
        if any(s.mods):  # only powers set rule modifiers
            if any("pair_held" in mods for mods in s.mods):  # Robo-Cats (IE-JP-8)
                self._drop_held_pairs(s)
            for p in range(s.n):
                multiplier = s.mods[p].get("win_credit_multiplier")
                if multiplier is not None and self._rich_win(s, p, multiplier):
                    s.winners = [p]
                    s.end_reason = "card"
                    raise GameOver("win_credit_multiplier")  # Exotic Fish's rich win
        if not s.end_triggered:
            for p in range(s.n):
                if self._reached_end(s, p):
                    self._trigger_end(s, "credits", p)
                    break

    def _rich_win(self, s: IEState, p: int, multiplier: int) -> bool:
        """Exotic Fish: at least `multiplier` times every other player's credits (and some
        credits), and the most goods (tied, only by winning ties: Foxes, IE-JP-3); checked
        at the end of each turn (IE-POWER-32)."""
        others = [q for q in range(s.n) if q != p]
        return (
            s.credits[p] > 0
            and all(s.credits[p] >= multiplier * s.credits[q] for q in others)
            and self.has_most(s, p, [self.goods_count(s, q) for q in range(s.n)])
        )

    def draw_up(self, s: IEState, rng: GameRandom, p: int) -> None:
        """Draw up to five, or one if holding five or more (Turn, option A)."""
        hand = s.hands[p]
        count = max(1, self.draws_to(s, p) - len(hand))
        deck = s.deck
        if len(deck) > count:  # the deck outlasts the draw: no reshuffle, no end (deck_pop)
            drawn = deck[-count:]
            del deck[-count:]
            drawn.reverse()  # the top card first, as deck_pop takes them
            hand.extend(drawn)
            s.log[p]["drawn"].extend(drawn)
            note_draw(s, p)
            return
        for k in range(count):
            card = self.deck_pop(s)
            if card is None:
                count = k
                break
            hand.append(card)
            s.log[p]["drawn"].append(card)
        if count:
            note_draw(s, p)  # told to the powers at the next emit (Nanobots: IE-KSB-5)

    def _lead_options(self, s: IEState, p: int) -> tuple[Any, ...]:
        options: list[Any] = [("draw",)]
        hand = s.hands[p]
        colors = [self.color[c] for c in hand]
        if len(colors) != len(set(colors)):  # a wildcard pair can lead anything
            options.extend(LEAD_ANY)
        else:
            held = {self.actions[c] for c in hand}
            also = s.mods[p].get("card_also")  # Rice Cookers, Chopsticks (IE-JP-6, IE-JP-2)
            if also:
                held |= {a for own, a in also if own in held}
            options.extend(
                ("lead", a) for a in (SUPPLY, IMPORT, CONTRACT, LOAD, PIRATE) if a in held
            )
        if self.capital and BARTER in [self.actions[c] for c in hand]:
            options.append(("lead", BARTER))  # a Barter card, never a pair (IE-CAP-8)
        if self.pirate_banned(s):  # Surströmming (IE-FLAGP-2)
            options = [o for o in options if o != ("lead", PIRATE)]
        for i, ship in enumerate(s.ships):
            if ship.owner == p and not ship.at_sea and ship.contracts:
                options.append(("discard_contracts", i))
        return tuple(options)

    def _can_play_for(self, s: IEState, p: int, action: int, following: bool = False) -> bool:
        """Whether p holds a card (or a wildcard pair) to declare the action with; powers
        let other cards count (mods "card_also", and "follow_any_card" when following)."""
        hand = s.hands[p]
        actions = self.actions
        if action in [actions[c] for c in hand]:
            return True
        mods = s.mods[p]
        if mods:
            if following and hand and mods.get("follow_any_card"):  # 3D Printers (IE-KSB-1)
                return True
            also = mods.get("card_also")  # Rice Cookers, Chopsticks (IE-JP-6, IE-JP-2)
            if also and any((self.actions[c], action) in also for c in hand):
                return True
        colors = [self.color[c] for c in hand]
        return len(colors) != len(set(colors))  # a two-card same-colour wildcard

    def play_options(
        self, s: IEState, p: int, action: int, following: bool = False
    ) -> tuple[Any, ...]:
        """The cards of p's hand that declare the action (3D Printers: any card to follow;
        Rice Cookers, Chopsticks: cards counting as it), then the wildcard pairs."""
        hand = s.hands[p]
        mods = s.mods[p]
        also = mods.get("card_also") if mods else None
        if following and mods and mods.get("follow_any_card"):  # IE-KSB-1
            singles = list(hand)
        elif also:  # IE-JP-6, IE-JP-2
            singles = [c for c in hand if (a := self.actions[c]) == action or (a, action) in also]
        else:
            actions = self.actions
            singles = [c for c in hand if actions[c] == action]
        if action == BARTER:  # two matching cards are no wildcard for Barter (IE-CAP-8)
            return tuple(singles)
        return tuple(singles) + self.wildcard_pairs(hand)

    def wildcard_pairs(self, hand: list[int]) -> tuple[tuple[int, int], ...]:
        """Two cards of one colour, a wildcard for any action (IE-TURN-1), in the order of
        combinations(sorted(hand), 2). (Grouping by colour first was measured slower: hands
        hold 5 or 6 cards and four in five of them have a pair.)"""
        color = self.color
        return tuple([(a, b) for a, b in combinations(sorted(hand), 2) if color[a] == color[b]])

    def _follow_as_options(self, s: IEState, q: int, action: int) -> tuple[Any, ...]:
        """("follow_as", performed, played): q may follow the led action by playing a card
        of the `played` type and performing `performed` actions instead (mods "follow_as":
        (led action or -1 for any, performed, played) triples; Neural Units: IE-KSB-6,
        Chopsticks: IE-JP-2). With Capital, a Barter card from the hand follows any action
        with a Barter action (FAQ: IE-CAP-8)."""
        ways = s.mods[q].get("follow_as")
        barter = self.capital and BARTER in [self.actions[c] for c in s.hands[q]]
        if not ways and not barter:
            return ()
        options = [("follow_as", BARTER, BARTER)] if barter else []
        for led, performed, played in sorted(ways or ()):
            if led in (action, -1) and performed != action and self._can_play_for(s, q, played):
                options.append(("follow_as", performed, played))
        return tuple(dict.fromkeys(options))


# ---------------------------------------------------------------------- the turn as steps
# Each step is `function(game, state, step)` (core/machine.py); `step` is the tuple pushed,
# (function, *arguments). A step that asks pushes the step taking the answer and returns
# the Decision. The turn's own numbers (the led action, who followed, what each declared)
# are the state's `t_*` fields.


def next_turn(g: TurnRules, s: IEState, step: Step) -> Decision | None:
    """The next turn, or the end at the turn limit (IE-END-3)."""
    if s.turn >= g.config.max_turns:
        s.end_reason = s.end_reason or "turn_limit"  # IE-END-3
        if s.trace is not None:
            s.trace.end(
                f"The game reaches the turn limit ({g.config.max_turns} turns) without "
                "ending: it is scored as it stands."
            )
        s.stack.append(GAME_END)
        return None
    s.between_turns = False
    s.stack.append(AFTER_TURN)
    return turn_start(g, s, step)


NEXT_TURN: Final[Step] = (next_turn,)


def after_turn(g: TurnRules, s: IEState, step: Step) -> Decision | None:
    """Between turns: the end triggered ends the game after this turn (IE-END-1); Pirates
    give the leader another turn (IE-POWER-39); else the next player leads."""
    s.between_turns = True
    if s.end_triggered:
        s.stack.append(GAME_END)
        return None
    extra = s.mods[s.leader].get("extra_turns")
    if extra:
        s.mods[s.leader]["extra_turns"] = extra - 1
    else:
        s.leader = (s.leader + 1) % s.n
    s.stack.append(NEXT_TURN)
    return None


AFTER_TURN: Final[Step] = (after_turn,)


def game_end(g: TurnRules, s: IEState, step: Step) -> Decision | None:
    """The game is over: a last window "before the bonuses" (Telescopes, Segways, ...:
    IE-ANYTIME-1), then scoring."""
    s.between_turns = True
    s.stack.append(SCORE)
    if g.window_wanted(s):
        if s.trace is not None:
            s.trace.say("Before scoring: the powers usable at any time may still be used")
        windows.push_window(s, windows.Moment("before_scoring", s.leader))
    return None


GAME_END: Final[Step] = (game_end,)


def score(g: TurnRules, s: IEState, step: Step) -> Decision | None:
    g.score(s)
    return None


SCORE: Final[Step] = (score,)


def turn_start(g: TurnRules, s: IEState, step: Step) -> Decision | None:
    """A turn begins: the powers told, the turn's first window, then the lead."""
    p = s.leader
    s.turn += 1
    s.sold_this_turn = [False] * s.n
    if s.mods[p].get("pirate_ban"):  # set by p's Surströmming: ends now (IE-FLAGP-2)
        del s.mods[p]["pirate_ban"]
    if s.trace is not None:
        s.trace.new_turn(s.turn, p, tell.turn_text(g.whole, s, p))
    stack = s.stack
    if s.hooks or g.powers.card_events or g._any_time_possible:
        stack.append((lead_ask, p))
        stack.append((window_if_wanted, windows.Moment("turn_start", p)))
        g.emit_step(s, "turn_started", p, None)
        return None
    return lead_ask(g, s, (lead_ask, p))


def window_if_wanted(g: TurnRules, s: IEState, step: Step) -> Decision | None:
    """A reaction window at `step[1]` (a Moment), if an any-time power is in play."""
    if g.window_wanted(s):
        windows.push_window(s, step[1])
    return None


def lead_ask(g: TurnRules, s: IEState, step: Step) -> Decision | None:
    p: int = step[1]
    s.stack.append((lead_answer, p))
    return Decision(p, LEAD, g._lead_options(s, p))


def lead_answer(g: TurnRules, s: IEState, step: Step) -> Decision | None:
    """The leader led, drew, or discarded a ship's contracts (then leads again)."""
    p: int = step[1]
    choice = s.answer
    stack = s.stack
    verb = choice[0]
    if verb == "discard_contracts":
        g.discard_contracts(s, p, choice[1])  # IE-DISCARD-1: any time as leader
        return lead_ask(g, s, step)
    if verb == "draw":
        if s.trace is not None:
            s.trace.say(f"{seat(p)} draws instead of leading an action", p)
        stack.append((turn_end, p))
        stack.append((window_if_wanted, windows.Moment("lead_declared", p)))
        return draw_action(g, s, (draw_action, p, True))
    action = choice[1]
    if s.trace is not None:
        s.trace.say(f"{seat(p)} leads {tell.action_name(action)}", p)
    n = s.n
    s.t_action = action
    s.t_declared = [0] * n
    s.t_acts = [action] * n  # the type each player performs: one a turn (IE-KSB-6, IE-JP-2)
    s.t_followers = []
    stack.append((after_lead, p, action))
    return play_for_action(g, s, (play_for_action, p, action, LEAD_WITH, False, action))


def after_lead(g: TurnRules, s: IEState, step: Step) -> Decision | None:
    """The leader declared: a window, then the others follow in turn (not Barter: IE-CAP-8)."""
    p: int = step[1]
    action: int = step[2]
    if g.window_wanted(s):
        s.stack.append((follow_ask, p, action, 1))
        windows.push_window(s, windows.Moment("lead_declared", p, action))
        return None
    return follow_ask(g, s, (follow_ask, p, action, 1))


def follow_ask(g: TurnRules, s: IEState, step: Step) -> Decision | None:
    """The k-th player from the leader chooses: follow, draw, or follow as another type."""
    p: int = step[1]
    action: int = step[2]
    k: int = step[3]
    n = s.n
    if k >= n or action == BARTER:  # Barter: nobody follows (IE-CAP-8)
        return followed(g, s, p, action)
    q = (p + k) % n
    answers: tuple[Any, ...] = (("draw",),)
    if g._can_play_for(s, q, action, following=True):
        answers = (("follow",), ("draw",))
    answers += g._follow_as_options(s, q, action)
    s.stack.append((follow_answer, p, action, k))
    return Decision(q, FOLLOW, answers, context=action)


def follow_answer(g: TurnRules, s: IEState, step: Step) -> Decision | None:
    p: int = step[1]
    action: int = step[2]
    k: int = step[3]
    q = (p + k) % s.n
    answer = s.answer
    stack = s.stack
    if s.trace is not None:
        if answer[0] == "follow_as":
            how = f"follows with a {tell.action_name(answer[1])} action instead"
        elif answer[0] == "follow":
            how = "follows"
        else:
            how = "draws instead of following"
        s.trace.say(f"{seat(q)} {how}", q)
    stack.append((follower_done, p, action, k))
    if answer[0] == "follow":
        s.t_followers.append(q)
        return play_for_action(g, s, (play_for_action, q, action, FOLLOW_WITH, True, action))
    if answer[0] == "follow_as":  # Neural Units, Chopsticks: another type instead
        s.t_followers.append(q)
        _, performed, played = answer
        s.t_acts[q] = performed
        return play_for_action(g, s, (play_for_action, q, played, FOLLOW_WITH, False, performed))
    stack.append((drew_then_declare, q, action))
    return draw_action(g, s, (draw_action, q, False))  # drawn now, before anyone acts (FAQ)


def drew_then_declare(g: TurnRules, s: IEState, step: Step) -> Decision | None:
    """A follower who drew declares crew actions of the led type; with Capital, Barter crew
    may declare Barter actions instead (IE-CAP-8)."""
    q: int = step[1]
    action: int = step[2]
    if g.capital and g.crew_actions(s, q, BARTER):
        s.stack.append((bartered_or_declare, q, action))
        return declare(g, s, (declare, q, BARTER, 0))
    return declare(g, s, (declare, q, action, 0))


def bartered_or_declare(g: TurnRules, s: IEState, step: Step) -> Decision | None:
    q: int = step[1]
    action: int = step[2]
    s.t_acts[q] = BARTER if s.t_declared[q] else action
    if s.t_acts[q] != BARTER:
        return declare(g, s, (declare, q, action, 0))
    return None


def follower_done(g: TurnRules, s: IEState, step: Step) -> Decision | None:
    """The k-th follower chose and declared: a window, then the next one."""
    p: int = step[1]
    action: int = step[2]
    k: int = step[3]
    if g.window_wanted(s):
        q = (p + k) % s.n
        s.stack.append((follow_ask, p, action, k + 1))
        windows.push_window(s, windows.Moment("follower_chose", q, s.t_acts[q]))
        return None
    return follow_ask(g, s, (follow_ask, p, action, k + 1))


def followed(g: TurnRules, s: IEState, p: int, action: int) -> Decision | None:
    """Everyone declared: the powers told, the Import rounds, then each player performs his
    actions in turn from the leader (IE-TURN-2)."""
    n = s.n
    acts = s.t_acts
    declared = s.t_declared
    if s.trace is not None:
        s.trace.say(tell.declared_text(s, clockwise(p, n), acts, declared))
    led = tuple([declared[q] if acts[q] == action else 0 for q in range(n)])
    stack = s.stack
    stack.append((perform_in_turn, p, 0))
    if action == IMPORT:
        stack.append((import_round, tuple(clockwise(p, n)), led, False, 1))
    g.emit_step(s, "action_declared", p, (action, tuple(s.t_followers), led))
    return None


def perform_in_turn(g: TurnRules, s: IEState, step: Step) -> Decision | None:
    """The k-th player from the leader performs his declared actions (imports were the
    rounds); after the last, the turn's end."""
    p: int = step[1]
    k: int = step[2]
    n = s.n
    acts = s.t_acts
    declared = s.t_declared
    while k < n:
        q = (p + k) % n
        k += 1
        if acts[q] != IMPORT and declared[q] > 0:
            s.stack.append((perform_in_turn, p, k))
            return perform(g, s, (perform, q, acts[q], declared[q]))
    return turn_end(g, s, (turn_end, p))


def turn_end(g: TurnRules, s: IEState, step: Step) -> Decision | None:
    """The turn's last window, the powers told, then the end-of-turn checks."""
    p: int = step[1]
    if g.window_wanted(s):
        s.stack.append((turn_ended, p))
        windows.push_window(s, windows.Moment("turn_end", p))
        return None
    return turn_ended(g, s, (turn_ended, p))


def turn_ended(g: TurnRules, s: IEState, step: Step) -> Decision | None:
    p: int = step[1]
    s.stack.append(END_CHECKS)
    g.emit_step(s, "turn_ended", p, None)
    return None


def end_checks(g: TurnRules, s: IEState, step: Step) -> Decision | None:
    g._end_of_turn(s)
    if s.trace is not None:
        s.trace.table(tell.turn_table(g.whole, s))
    return None


END_CHECKS: Final[Step] = (end_checks,)


def draw_action(g: TurnRules, s: IEState, step: Step) -> Decision | None:
    """A Draw action (a leader or a follower drawing instead of acting); tells the powers.
    Jidohanbaiki: a leader may take credits instead of drawing (IE-TOKYO-7)."""
    p: int = step[1]
    leading: bool = step[2]
    credits = s.mods[p].get("lead_draw_credits") if leading else None
    if credits is not None:
        s.stack.append((jidohanbaiki_answer, p, credits))
        return Decision(p, JIDOHANBAIKI_USE, ("draw", "credits"))
    return _draw_instead(g, s, p)


def jidohanbaiki_answer(g: TurnRules, s: IEState, step: Step) -> Decision | None:
    p: int = step[1]
    credits: int = step[2]
    if s.answer == "credits":
        g.gain(s, p, credits, tell.JIDOHANBAIKI)
        s.stack.append((draw_told, p))
        return None
    return _draw_instead(g, s, p)


def _draw_instead(g: TurnRules, s: IEState, p: int) -> Decision | None:
    s.stack.append((draw_told, p))
    if g.capital and GREY in [g.color[c] for c in s.hands[p]]:
        s.stack.append((draw_up_step, p))
        return capital_discard(g, s, (capital_discard, p))
    g.draw_up(s, s.rng, p)
    return None


def draw_up_step(g: TurnRules, s: IEState, step: Step) -> Decision | None:
    g.draw_up(s, s.rng, step[1])
    return None


def draw_told(g: TurnRules, s: IEState, step: Step) -> Decision | None:
    g.emit_step(s, "draw_action", step[1], None)
    return None


def capital_discard(g: TurnRules, s: IEState, step: Step) -> Decision | None:
    """Capital cards may be discarded from the hand at any time and are not replaced until
    a Draw action: offered one by one right before each of p's Draw actions, when it
    changes what the draw brings (IE-CAP-10)."""
    p: int = step[1]
    grey = [c for c in s.hands[p] if g.color[c] == GREY]
    if not grey:
        return None
    s.stack.append((capital_discarded, p))
    return Decision(p, CAPITAL_DISCARD, ("pass", *grey))


def capital_discarded(g: TurnRules, s: IEState, step: Step) -> Decision | None:
    p: int = step[1]
    card = s.answer
    if card == "pass":
        return None
    s.hands[p].remove(card)
    g.to_discard(s, p, card)
    return capital_discard(g, s, step)


def play_for_action(g: TurnRules, s: IEState, step: Step) -> Decision | None:
    """Play one card of the action, or two cards of one colour as a wildcard (IE-TURN-1),
    then declare the actions of type `declaring` (the card's own, or the one a power lets
    it follow as)."""
    p: int = step[1]
    action: int = step[2]
    kind: DecisionKind = step[3]
    following: bool = step[4]
    declaring: int = step[5]
    s.stack.append((played_for_action, p, declaring))
    return Decision(p, kind, g.play_options(s, p, action, following), context=action)


def played_for_action(g: TurnRules, s: IEState, step: Step) -> Decision | None:
    p: int = step[1]
    declaring: int = step[2]
    choice = s.answer
    cards = choice if isinstance(choice, tuple) else (choice,)
    event = "wildcard" if len(cards) == 2 else "played"
    hand = s.hands[p]
    log = s.log[p][event]
    for c in cards:
        hand.remove(c)
        s.in_play.append(c)
        log.append(c)
    return declare(g, s, (declare, p, declaring, 1))


def declare(g: TurnRules, s: IEState, step: Step) -> Decision | None:
    """How many actions: the card played, plus any matching crew chosen (optional). Just
    before, p alone may use his any-time powers that add crew (US Dollars: IE-CAP-24)."""
    p: int = step[1]
    action: int = step[2]
    base: int = step[3]
    if s.hooks.get(ANY_TIME):
        s.stack.append((declare_after_window, p, action, base))
        windows.push_window(s, windows.Moment("declaring", p, action))
        return None
    return _ask_declare(g, s, p, action, base)


def declare_after_window(g: TurnRules, s: IEState, step: Step) -> Decision | None:
    p: int = step[1]
    action: int = step[2]
    base: int = step[3]
    return _ask_declare(g, s, p, action, base)


def _ask_declare(g: TurnRules, s: IEState, p: int, action: int, base: int) -> Decision:
    extra = g.crew_actions(s, p, action)
    if 0 <= extra < len(_COUNTS[base]):
        options = _COUNTS[base][extra]
    else:
        options = tuple(range(base, base + extra + 1))
    s.stack.append((declared, p))
    return Decision(p, DECLARE, options, context=action)


def declared(g: TurnRules, s: IEState, step: Step) -> Decision | None:
    s.t_declared[step[1]] = s.answer
    return None
