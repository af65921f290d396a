"""End-game scoring, and what a good is worth at the end.

One layer of ImportExportGame (rules.py; the layers are listed in game_base.py).
"""

from __future__ import annotations

from simulator.games.import_export import narration as tell
from simulator.games.import_export.cards import BLACK, BLUE, GOOD_COLORS, GREEN, RED, YELLOW
from simulator.games.import_export.state import IEState, Scoring
from simulator.games.import_export.tokyo_port import TokyoPortRules


class ScoringRules(TokyoPortRules):
    """End-game scoring, and what a good is worth at the end."""

    def good_counts(self, s: IEState, p: int) -> list[int]:
        counts = [0] * 6
        for color in self.goods_colors(s, p):  # grey as the leftmost type (IE-CAP-3)
            counts[color] += 1
        for color in self.counted_goods(s, p):  # Joe Wiggins (IE-KS-7)
            counts[color] += 1
        return counts

    def score(self, s: IEState) -> None:
        """End-of-game scoring exactly as the rulebook; ties share wins (IE-SCORE-1).

        Powers take part at four stages (powers/__init__.py): `prepare` may move cards
        (Cheap Shirts), `counts` may change goods counts and values (Ceramics, Long Coats),
        `awards` may change the majority awards (Sauna, Ivory), `game` adds credits.
        """
        rules = self.rules
        sc = Scoring(final=s.credits[:])
        self._score_stage("prepare", s, sc)
        sc.counts = [self.good_counts(s, p) for p in range(s.n)]
        sc.good_value = [[1, 1, 1, 1, 2, 0] for _ in range(s.n)]
        self._score_stage("counts", s, sc)
        final = sc.final
        for p in range(s.n):
            for ship in s.ships_of(p):
                if not ship.at_sea and ship.contracts:
                    final[p] += rules.unfulfilled_container * len(ship.cargo)
            c = sc.counts[p]
            final[p] += sum(c[color] * sc.good_value[p][color] for color in GOOD_COLORS)
            if all(c[color] >= 1 for color in GOOD_COLORS):
                final[p] += rules.set_bonus
        fox = self.tie_winner(s, list(range(s.n)))  # wins the ties he is in (IE-JP-3)
        for color, bonus in zip((GREEN, YELLOW, BLACK, BLUE), rules.majority, strict=True):
            for p, share in self.majority_shares(sc.counts, color, bonus, fox):
                sc.awards.append([p, color, share])
        for p, share in self.majority_shares(sc.counts, RED, rules.illegal_penalty, fox):
            sc.awards.append([p, RED, -share])
        awarded = [a[:] for a in sc.awards] if s.trace is not None else []
        self._score_stage("awards", s, sc)
        for p, _, amount in sc.awards:
            final[p] += amount
        self._score_stage("game", s, sc)
        s.final_credits = final
        best = max(final)
        s.winners = [p for p in range(s.n) if final[p] == best]
        if len(s.winners) > 1 and fox in s.winners:
            s.winners = [fox]  # Foxes wins the tie for the most credits too (IE-JP-3)
        if s.trace is not None:
            tell.scoring_table(self.whole, s, sc, s.credits[:], awarded)

    def _score_stage(self, stage: str, s: IEState, sc: Scoring) -> None:
        """One scoring stage of the powers; a replay notes what each power adds."""
        if s.trace is None:
            self.powers.end_stage(stage, self.whole, s, sc)
        else:
            tell.score_stage(self.whole, s, sc, stage)

    def good_end_value(self, s: IEState, p: int, card: int) -> int:
        """What p's final score would lose if this good left his goods now: its own value,
        the set bonus and his majority awards and penalty (power bonuses aside). What a bot
        weighs against selling a good before scoring (Telescopes, IE-POWER-38)."""
        goods = s.goods[p]
        at = goods.index(card)
        kept = self._goods_score(s, p)
        goods.pop(at)  # as if it had left (a Capital good may then count as another type)
        try:
            return kept - self._goods_score(s, p)
        finally:
            goods.insert(at, card)

    def _goods_score(self, s: IEState, p: int) -> int:
        """p's end-game credits from goods alone (IE-SCORE-1), without the powers."""
        counts = [self.good_counts(s, q) for q in range(s.n)]
        return self.goods_score_of(s, counts, p)

    def goods_score_of(self, s: IEState, counts: list[list[int]], p: int) -> int:
        """p's end-game credits from goods alone (IE-SCORE-1, without the powers) if every
        player's goods counted `counts` (by colour): what a bot weighs a goods move by."""
        rules = self.rules
        mine = counts[p]
        total = sum(mine[color] for color in GOOD_COLORS) + mine[RED]  # illegal goods: 2
        if all(mine[color] >= 1 for color in GOOD_COLORS):
            total += rules.set_bonus
        fox = self.tie_winner(s, list(range(s.n)))
        for color, bonus in zip((GREEN, YELLOW, BLACK, BLUE), rules.majority, strict=True):
            total += sum(
                share for q, share in self.majority_shares(counts, color, bonus, fox) if q == p
            )
        penalty = self.majority_shares(counts, RED, rules.illegal_penalty, fox)
        return total - sum(share for q, share in penalty if q == p)

    @staticmethod
    def majority_shares(
        counts: list[list[int]], color: int, amount: int, favourite: int | None = None
    ) -> list[tuple[int, int]]:
        """Most goods of a colour (at least one); ties split the amount rounding up, unless
        the `favourite` (who wins all ties: Foxes, IE-JP-3) is among them: he takes it all."""
        top = max(c[color] for c in counts)
        if top == 0:
            return []
        holders = [p for p, c in enumerate(counts) if c[color] == top]
        if favourite in holders:
            return [(favourite, amount)]
        share = -(-amount // len(holders))
        return [(p, share) for p in holders]
