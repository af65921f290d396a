"""Crew and goods limits, levels, goods counted by type, crew counted by action, and the
moves into the crew and the goods that the limits govern.

One layer of ImportExportGame (rules.py; the layers are listed in game_base.py).
"""

from __future__ import annotations

from typing import Final

from simulator.core import machine
from simulator.core.machine import Step
from simulator.core.protocol import Decision, Flow
from simulator.games.import_export import variants
from simulator.games.import_export.cards import (
    ANY,
    BARTER,
    BLUE,
    GOOD_COLORS,
    GREEN,
    GREY,
    LOAD,
    PIRATE,
)
from simulator.games.import_export.game_base import GameBase
from simulator.games.import_export.state import IEState

TECHLIKE: Final = (GREEN, GREY)
"""Goods Volkswagen counts double toward a level: tech, and grey Capital (IE-FLAGP-15)."""


NO_LIMIT: Final = 10**6
"""A crew limit that no longer applies (Board Games)."""


class LimitsAndLevels(GameBase):
    """Crew and goods limits, levels, goods counted by type, crew counted by action, and the
    moves into the crew and the goods that the limits govern."""

    def crew_limit(self, s: IEState, p: int) -> int:
        lifted = s.mods[p].get("no_crew_limit")  # Board Games (IE-KS-6)
        if lifted is not None and lifted[0] in s.fulfilled[p]:
            if min(self.completed_goods(s, p)[: len(GOOD_COLORS)]) >= lifted[1]:
                return NO_LIMIT
        return self._crew_limit_bonus + len(s.fulfilled[p])

    def goods_limit(self, s: IEState, p: int) -> int:
        """Twice the crew limit, in cards; Scotch's luxury pairs count less (IE-FLAGP-20)."""
        limit = 2 * (self._crew_limit_bonus + len(s.fulfilled[p]))
        if s.mods[p].get("luxury_pair"):
            limit += self._pair_room(s, p, s.goods[p])
        return limit

    def _pair_room(self, s: IEState, p: int, goods: list[int]) -> int:
        """Scotch: every `per` luxury goods (a Capital good counting as luxury too: IE-CAP-26)
        count as `counts` toward the goods limit, so the limit holds that many more cards."""
        per, counts = s.mods[p]["luxury_pair"]
        return self.types_of_goods(goods).count(BLUE) // per * (per - counts)

    def goods_fit(self, s: IEState, p: int, card: int) -> bool:
        """Whether `card` may join p's goods: under the limit, or, with Scotch, a luxury good
        completing a pair that counts less (IE-FLAGP-20)."""
        if len(s.goods[p]) < self.goods_limit(s, p):
            return True
        if not s.mods[p].get("luxury_pair"):
            return False
        joined = [*s.goods[p], card]
        if self.types_of_goods(joined)[-1] != BLUE:  # as the type it would count as
            return False
        base = 2 * (self._crew_limit_bonus + len(s.fulfilled[p]))
        return len(joined) <= base + self._pair_room(s, p, joined)

    def level(self, s: IEState, p: int, color: int) -> int:
        """Goods of a colour plus the port's own colour (IE-LEVEL-1), Capital goods as the
        leftmost other good (IE-CAP-3); ANY, a Capital level, counts all goods and the grey
        port (IE-CAP-5). Volkswagen: tech (and grey) goods count `level_per_tech_good` each
        (IE-FLAGP-15). Goods a completed contract counts as (Joe Wiggins) count too (IE-KS-7)."""
        per_tech = s.mods[p].get("level_per_tech_good")
        if color == ANY:
            level = self.goods_count(s, p) + (1 if s.port[p] == GREY else 0)
            if per_tech:
                level += (per_tech - 1) * sum(1 for c in s.goods[p] if self.color[c] in TECHLIKE)
                level += (per_tech - 1) * self.counted_goods(s, p).count(GREEN)
            return level
        count = self.goods_count(s, p, color)
        if per_tech and color == GREEN:
            count *= per_tech
        return count + (1 if s.port[p] == color else 0)

    def counted_goods(self, s: IEState, p: int) -> tuple[int, ...]:
        """The colours of the goods p's completed contracts count as, outside the goods area
        and its limit: mods "counted_goods", (contract id, colours) pairs, each while the
        contract stays fulfilled (Joe Wiggins: IE-KS-7)."""
        entries = s.mods[p].get("counted_goods")
        if not entries:
            return ()
        return tuple(c for cid, colors in entries if cid in s.fulfilled[p] for c in colors)

    def goods_count(self, s: IEState, p: int, color: int | None = None) -> int:
        """p's goods of a colour (all of them if None) as rules and powers counting goods see
        them: the goods cards plus the goods completed contracts count as (IE-KS-7)."""
        extra = self.counted_goods(s, p) if s.mods[p] else ()
        if color is None:
            return len(s.goods[p]) + len(extra)
        if self.capital:  # grey goods count as another type (IE-CAP-3)
            return self.goods_colors(s, p).count(color) + extra.count(color)
        color_of = self.color
        return [color_of[c] for c in s.goods[p]].count(color) + extra.count(color)

    def goods_colors(self, s: IEState, p: int) -> list[int]:
        """The type each of p's goods counts as, in order: a grey Capital good counts as p's
        leftmost (first placed) non-Capital good (FAQ: IE-CAP-3); while p has none, as no
        type (GREY: no points, no majority, not in the set; IE-CAP-4)."""
        return self.types_of_goods(s.goods[p])

    def types_of_goods(self, goods: list[int]) -> list[int]:
        """The types a goods area holding these cards would count them as (IE-CAP-3)."""
        color = self.color
        colors = [color[c] for c in goods]
        if GREY in colors:
            first = next((c for c in colors if c != GREY), GREY)
            colors = [first if c == GREY else c for c in colors]
        return colors

    def completed_goods(self, s: IEState, p: int) -> list[int]:
        """Goods per colour in p's completed contracts: each contract as a good of its type,
        plus the goods one counts as (Joe Wiggins; Board Games: IE-KS-6)."""
        counts = [0] * 6
        by_id = self.cards.contract_by_id
        for cid in s.fulfilled[p]:
            counts[by_id[cid].color] += 1
        for color in self.counted_goods(s, p):
            counts[color] += 1
        return counts

    def missing_levels(self, s: IEState, p: int, contract_id: int) -> int:
        contract = self.cards.contract_by_id[contract_id]
        return sum(max(0, need - self.level(s, p, color)) for color, need in contract.level.items())

    def crew_actions(self, s: IEState, p: int, action: int) -> int:
        """Matching crew, plus virtual crew of powers (Fridges: IE-POWER-9; Cannons:
        IE-POWER-10), which never counts toward the crew limit."""
        count = self.crew_count(s, p, action)
        mods = s.mods[p]
        if mods:
            also = mods.get("card_also")  # Rice Cookers, Chopsticks (IE-JP-6, IE-JP-2)
            if also:
                count += sum(1 for c in s.crew[p] if (self.actions[c], action) in also)
            per_tech = mods.get("virtual_load_per_tech")
            if action == LOAD and per_tech:
                count += self.goods_count(s, p, GREEN) // per_tech
            virtual = mods.get("virtual_crew")  # US Dollars spent this turn (IE-CAP-24)
            if virtual and virtual[0] == s.turn:
                count += virtual[1]
            if action == PIRATE and mods.get("shared_pirate_crew"):
                for q in range(s.n):
                    if q != p:
                        count += self.crew_count(s, q, PIRATE)
        return count

    def crew_actions_by_type(self, s: IEState, p: int) -> list[int]:
        """`crew_actions` of every action type (SUPPLY..BARTER) at once: without powers'
        modifiers, p's crew cards by printed type, in one pass."""
        if s.mods[p]:
            return [self.crew_actions(s, p, a) for a in range(BARTER + 1)]
        counts = [0] * (BARTER + 1)
        actions = self.actions
        for c in s.crew[p]:
            counts[actions[c]] += 1
        return counts

    def crew_count(self, s: IEState, p: int, action: int) -> int:
        """p's crew cards of an action; mods "crew_as", (card, action) pairs, make a crew
        card count as another action (Unpasteurized Cheese: IE-FLAGP-19)."""
        crew = s.crew[p]
        if not crew:
            return 0
        actions = self.actions
        count = [actions[c] for c in crew].count(action)
        crew_as = s.mods[p].get("crew_as")
        if crew_as:
            for card, as_action in crew_as:
                if card in s.crew[p]:
                    count += (as_action == action) - (self.actions[card] == action)
        return count

    def to_crew(self, s: IEState, p: int, card: int) -> bool:
        """Crew up to the limit; beyond it the card is discarded (IE-LIMIT-2). Returns whether
        it joined the crew (the caller then emits crew_added)."""
        if len(s.crew[p]) < self.crew_limit(s, p):
            if self.all_tokens:  # a physical container instead (IE-VAR-10)
                card = variants.as_token(self.whole, s, p, card, "crew")
            else:
                s.log[p]["crew"].append(card)
            s.crew[p].append(card)
            return True
        self.to_discard(s, p, card)
        return False

    def to_goods(self, s: IEState, p: int, card: int) -> Flow:
        """Goods up to the limit (beyond it the card is discarded); tells the powers
        (`to_goods`, the step), as a generator."""
        return machine.nested(self, s, [(to_goods, p, card)])

    def goods_in(self, s: IEState, p: int, card: int) -> int:
        """Put a card into p's goods, logged, with the variants' effects: containers_all
        places a physical container instead (IE-VAR-10); the Market moves the good's marker
        up (IE-VAR-1). Returns what was placed."""
        if self.all_tokens:
            card = variants.as_token(self.whole, s, p, card, "goods")
        else:
            s.log[p]["goods"].append(card)
        s.goods[p].append(card)
        if s.market is not None:
            variants.market_good(self.whole, s, card)
        return card


def to_goods(g: LimitsAndLevels, s: IEState, step: Step) -> Decision | None:
    """Goods up to the limit (beyond it the card is discarded); tells the powers."""
    p: int = step[1]
    card: int = step[2]
    if g.goods_fit(s, p, card):
        card = g.goods_in(s, p, card)
        g.emit_step(s, "goods_added", p, card)
    else:
        g.to_discard(s, p, card)
    return None
