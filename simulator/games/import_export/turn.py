"""The turn: the leader leads or draws, the others follow or draw, everyone declares and
performs; drawing, the options to lead and follow with, and declaring.

One layer of ImportExportGame (rules.py; the layers are listed in game_base.py).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, Final

from simulator.core.narration import seat
from simulator.core.protocol import Decision, Flow
from simulator.core.seeding import GameRandom
from simulator.games.import_export import narration as tell
from simulator.games.import_export import windows
from simulator.games.import_export.actions import ActionRules
from simulator.games.import_export.cards import (
    BARTER,
    CONTRACT,
    GREY,
    IMPORT,
    LOAD,
    PIRATE,
    SUPPLY,
)
from simulator.games.import_export.powers import ANY_TIME, note_draw
from simulator.games.import_export.state import GameOver, IEState, clockwise

LEAD_ANY: Final = tuple(("lead", a) for a in (SUPPLY, IMPORT, CONTRACT, LOAD, PIRATE))
"""Every lead a same-colour pair allows: any of the five actions (IE-TURN-1)."""


_COUNTS: Final = tuple(
    tuple(tuple(range(base, base + extra + 1)) for extra in range(16)) for base in (0, 1)
)
"""The options of a declare decision, made once: _COUNTS[base][extra] counts base..base+extra."""


class TurnRules(ActionRules):
    """The turn: the leader leads or draws, the others follow or draw, everyone declares and
    performs; drawing, the options to lead and follow with, and declaring."""

    def play(self, s: IEState, rng: GameRandom) -> Flow:
        if s.trace is not None:
            tell.start(self.whole, s)
        try:
            while True:
                if s.turn >= self.config.max_turns:
                    s.end_reason = s.end_reason or "turn_limit"  # IE-END-3
                    if s.trace is not None:
                        s.trace.end(
                            f"The game reaches the turn limit ({self.config.max_turns} turns) "
                            "without ending: it is scored as it stands."
                        )
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
        except GameOver as over:
            s.between_turns = True
            if s.trace is not None:
                tell.ended_at_once(self.whole, s, str(over))
            return
        s.between_turns = True
        if self.window_wanted(s):  # Telescopes, Segways, ... "before the bonuses" (IE-ANYTIME-1)
            if s.trace is not None:
                s.trace.say("Before scoring: the powers usable at any time may still be used")
            yield from windows.window(self.whole, s, windows.Moment("before_scoring", s.leader))
        self.score(s)

    def _turn(self, s: IEState, rng: GameRandom) -> Flow:
        p = s.leader
        s.turn += 1
        s.sold_this_turn = [False] * s.n
        if s.mods[p].get("pirate_ban"):  # set by p's Surströmming: ends now (IE-FLAGP-2)
            del s.mods[p]["pirate_ban"]
        if s.trace is not None:
            s.trace.new_turn(s.turn, p, tell.turn_text(self.whole, s, p))
        yield from self.emit(s, "turn_started", p, None)
        if self.window_wanted(s):
            yield from windows.window(self.whole, s, windows.Moment("turn_start", p))
        while True:
            options = self._lead_options(s, p)
            choice = yield Decision(p, "lead", options)
            if choice[0] != "discard_contracts":
                break
            self.discard_contracts(s, p, choice[1])  # IE-DISCARD-1: any time as leader
        if choice[0] == "draw":
            if s.trace is not None:
                s.trace.say(f"{seat(p)} draws instead of leading an action", p)
            yield from self._draw_action(s, rng, p, leading=True)
            if self.window_wanted(s):
                yield from windows.window(self.whole, s, windows.Moment("lead_declared", p))
            yield from self._turn_end(s, p)
            return
        action = choice[1]
        if s.trace is not None:
            s.trace.say(f"{seat(p)} leads {tell.action_name(action)}", p)
        yield from self._play_for_action(s, p, action, "lead_with")
        declared = [0] * s.n
        declared[p] = yield from self._declare(s, p, action, 1)
        if self.window_wanted(s):
            yield from windows.window(self.whole, s, windows.Moment("lead_declared", p, action))
        order = clockwise(p, s.n)  # turn order from the leader
        followers = []
        acts = [action] * s.n  # the type each player performs: one a turn (IE-KSB-6, IE-JP-2)
        for q in order[1:] if action != BARTER else ():  # Barter: nobody follows (IE-CAP-8)
            answers: tuple[Any, ...] = (("draw",),)
            if self._can_play_for(s, q, action, following=True):
                answers = (("follow",), ("draw",))
            answers += self._follow_as_options(s, q, action)
            answer = yield Decision(q, "follow", answers, context=action)
            if s.trace is not None:
                if answer[0] == "follow_as":
                    how = f"follows with a {tell.action_name(answer[1])} action instead"
                elif answer[0] == "follow":
                    how = "follows"
                else:
                    how = "draws instead of following"
                s.trace.say(f"{seat(q)} {how}", q)
            if answer[0] == "follow":
                followers.append(q)
                yield from self._play_for_action(s, q, action, "follow_with", following=True)
                declared[q] = yield from self._declare(s, q, action, 1)
            elif answer[0] == "follow_as":  # Neural Units, Chopsticks: another type instead
                followers.append(q)
                _, acts[q], played = answer
                yield from self._play_for_action(s, q, played, "follow_with")
                declared[q] = yield from self._declare(s, q, acts[q], 1)
            else:
                yield from self._draw_action(s, rng, q)  # drawn now, before anyone acts (FAQ)
                if self.capital and self.crew_actions(s, q, BARTER):  # then barter (IE-CAP-8)
                    declared[q] = yield from self._declare(s, q, BARTER, 0)
                    acts[q] = BARTER if declared[q] else action
                if acts[q] != BARTER:
                    declared[q] = yield from self._declare(s, q, action, 0)
            if self.window_wanted(s):
                yield from windows.window(
                    self.whole, s, windows.Moment("follower_chose", q, acts[q])
                )
        if s.trace is not None:
            s.trace.say(tell.declared_text(s, order, acts, declared))
        led = tuple([declared[q] if acts[q] == action else 0 for q in range(s.n)])
        yield from self.emit(s, "action_declared", p, (action, tuple(followers), led))
        if action == IMPORT:
            yield from self.import_rounds(s, rng, order, list(led))
        # IE-TURN-2: each player performs all his actions in turn (imports: the rounds above)
        for q in order:
            if acts[q] != IMPORT:
                yield from self._perform(s, rng, q, acts[q], declared[q])
        yield from self._turn_end(s, p)

    def _turn_end(self, s: IEState, p: int) -> Flow:
        """The turn's last window, the powers told, then the end-of-turn checks."""
        if self.window_wanted(s):
            yield from windows.window(self.whole, s, windows.Moment("turn_end", p))
        yield from self.emit(s, "turn_ended", p, None)
        self._end_of_turn(s)
        if s.trace is not None:
            s.trace.table(tell.turn_table(self.whole, s))

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
                    raise GameOver("Exotic Fish")
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

    def _draw_action(self, s: IEState, rng: GameRandom, p: int, leading: bool = False) -> Flow:
        """A Draw action (a leader or a follower drawing instead of acting); tells the powers.
        Jidohanbaiki: a leader may take credits instead of drawing (IE-TOKYO-7)."""
        credits = s.mods[p].get("lead_draw_credits") if leading else None
        if credits is not None and (
            (yield Decision(p, "jidohanbaiki_use", ("draw", "credits"))) == "credits"
        ):
            self.gain(s, p, credits, tell.JIDOHANBAIKI)
        else:
            if self.capital and GREY in [self.color[c] for c in s.hands[p]]:
                yield from self._capital_discard(s, p)
            self.draw_up(s, rng, p)
        yield from self.emit(s, "draw_action", p, None)

    def _capital_discard(self, s: IEState, p: int) -> Flow:
        """Capital cards may be discarded from the hand at any time and are not replaced until
        a Draw action: offered one by one right before each of p's Draw actions, when it
        changes what the draw brings (IE-CAP-10)."""
        while True:
            grey = [c for c in s.hands[p] if self.color[c] == GREY]
            if not grey:
                return
            card = yield Decision(p, "capital_discard", ("pass", *grey))
            if card == "pass":
                return
            s.hands[p].remove(card)
            self.to_discard(s, p, card)

    def draw_up(self, s: IEState, rng: GameRandom, p: int) -> None:
        """Draw up to five, or one if holding five or more (Turn, option A)."""
        hand = s.hands[p]
        count = max(1, s.mods[p].get("draw_to", self.rules.draw_to) - len(hand))
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

    def _play_for_action(
        self, s: IEState, p: int, action: int, kind: str, following: bool = False
    ) -> Flow:
        """Play one card of the action, or two cards of one colour as a wildcard (IE-TURN-1)."""
        options = self.play_options(s, p, action, following)
        choice = yield Decision(p, kind, options, context=action)
        cards = choice if isinstance(choice, tuple) else (choice,)
        event = "wildcard" if len(cards) == 2 else "played"
        for c in cards:
            s.hands[p].remove(c)
            s.in_play.append(c)
            s.log[p][event].append(c)

    def _declare(self, s: IEState, p: int, action: int, base: int) -> Flow:
        """How many actions: the card played, plus any matching crew chosen (optional). Just
        before, p alone may use his any-time powers that add crew (US Dollars: IE-CAP-24)."""
        if s.hooks.get(ANY_TIME):
            yield from windows.window(self.whole, s, windows.Moment("declaring", p, action))
        extra = self.crew_actions(s, p, action)
        if 0 <= extra < len(_COUNTS[base]):
            options = _COUNTS[base][extra]
        else:
            options = tuple(range(base, base + extra + 1))
        count = yield Decision(p, "declare", options, context=action)
        return count
