"""The invariant check (--check-invariants) and what powers tell it about the limits.

One layer of ImportExportGame (rules.py; the layers are listed in game_base.py).
"""

from __future__ import annotations

from simulator.games.import_export import variants
from simulator.games.import_export.scoring import ScoringRules
from simulator.games.import_export.state import IEState


class InvariantRules(ScoringRules):
    """The invariant check (--check-invariants) and what powers tell it about the limits."""

    def check_invariants(self, s: IEState) -> None:
        """Cards conserved across zones, no card twice, credits never negative, crew and goods
        within their limits except where a ruling allows (see _check_limits)."""
        card_of = self.cards.card_of_contract
        tokens = self.tokens
        # the zones no physical container may enter, and those it may (variants.py: on
        # ships, in transit, held by a power, and in crew and goods with containers_all)
        fixed = [*s.deck, *s.discard, *s.island]
        open_ = [*s.in_play, *s.moving]
        crew_and_goods = open_ if tokens is not None and tokens.everywhere else fixed
        for p in range(s.n):
            fixed += s.hands[p]
            fixed.extend(map(card_of.__getitem__, s.fulfilled[p]))
            crew_and_goods += s.crew[p]
            crew_and_goods += s.goods[p]
        for ship in s.ships:
            open_ += ship.cargo
            if ship.contracts:
                fixed.extend(map(card_of.__getitem__, ship.contracts))
            if len(ship.cargo) != len(ship.cargo_colors):
                raise AssertionError("a container without its colour")
        if any(s.mods):
            open_ += self.powers.held_cards(s)
        if self.variants:  # markers in range, physical containers in place (variants.py)
            open_ = variants.check(self.whole, s, fixed, open_)
        # every card exactly once: as many as there are cards, and each of them (a set is
        # cheaper than sorting them, and the same test)
        zones = fixed + open_
        if len(zones) != self.n_cards or set(zones) != self._every_card:
            raise AssertionError(f"cards not conserved at turn {s.turn}")
        if min(s.credits) < 0:
            raise AssertionError(f"negative credits at turn {s.turn}: {s.credits}")
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
        if marks is None:
            s.limit_marks = [[len(s.crew[p]), len(s.goods[p]), 0, 0] for p in range(s.n)]
            return
        bonus = self._crew_limit_bonus
        for p in range(s.n):
            crew, goods = len(s.crew[p]), len(s.goods[p])
            mark = marks[p]
            floor = bonus + len(s.fulfilled[p])  # no limit is lower (crew_limit, goods_limit)
            if crew > floor:
                limit = self.crew_limit(s, p)
                if crew > limit and crew > mark[0] + mark[2]:
                    raise AssertionError(
                        f"player {p} has {crew} crew over the limit {limit} at turn {s.turn} "
                        "(powers: allow_over_limit, leave_fulfilled)"
                    )
            if goods > 2 * floor:
                limit = self.goods_limit(s, p)
                if goods > limit and goods > mark[1] + mark[3]:
                    raise AssertionError(
                        f"player {p} has {goods} goods over the limit {limit} at turn {s.turn} "
                        "(powers: allow_over_limit, leave_fulfilled)"
                    )
            mark[0], mark[1], mark[2], mark[3] = crew, goods, 0, 0
