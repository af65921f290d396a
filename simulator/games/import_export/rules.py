"""Import/Export base rules as one generator that yields every decision.

Rulebook: ../shared/seeds/000-003 (the same text in Italian, Spanish, French, German; FAQ in
the Italian and Spanish files). Interpretations are rulings in docs/rulings.md, named in
the code as `IE-...`. Card powers live in powers/ and are reached through hooks indexed
per game, so only cards in play are ever consulted.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations, product
from math import ceil
from typing import Any

from simulator.core.cards import CardSheet
from simulator.core.errors import ConfigError
from simulator.core.protocol import Decision, Outcome, PlayerOutcome
from simulator.core.rule_numbers import with_overrides
from simulator.core.seeding import GameRandom
from simulator.core.spec import GameConfig, GameSpec
from simulator.games.import_export import variants, windows
from simulator.games.import_export.cards import (
    ACTIONS,
    ANY,
    BARTER,
    BLACK,
    BLUE,
    COLORS,
    CONTRACT,
    GREEN,
    GREY,
    IMPORT,
    LOAD,
    PAIRED,
    PIRATE,
    RED,
    SUPPLY,
    YELLOW,
    IECards,
)
from simulator.games.import_export.powers import ANY_TIME, note_draw
from simulator.games.import_export.rule_book import BaseRules
from simulator.games.import_export.state import EVENT_NAMES, GameOver, IEState, Ship, ShipLike

Flow = Generator[Decision, Any, Any]

GOOD_COLORS = (GREEN, YELLOW, BLACK, BLUE, RED)
TECHLIKE = (GREEN, GREY)
"""Goods Volkswagen counts double toward a level: tech, and grey Capital (IE-FLAGP-15)."""
SUPPORTED_SETS = ("base", "capital", "tokyo", "kickstarter", "kickstarter2", "j", "flag")
"""Sets playable: those with their printed attributes, Tokyo with its Tokyo Port
(IE-TOKYO-1) and Capital with its Barter action and grey cards (IE-CAP-1 to IE-CAP-10)."""
SUPPORTED_VARIANTS: tuple[str, ...] = ("market", "containers", "containers_all")
"""Variants whose rules are implemented (the others are refused with a clear error)."""
NO_LIMIT = 10**6
"""A crew limit that no longer applies (Board Games)."""
LEAD_ANY = tuple(("lead", a) for a in (SUPPLY, IMPORT, CONTRACT, LOAD, PIRATE))
"""Sets whose special rules are implemented; the others need the expansion rules (issue 5)."""


@dataclass
class Scoring:
    """The end-of-game tally that scoring powers read and change, stage by stage."""

    final: list[int]
    counts: list[list[int]] = field(default_factory=list)
    """Goods per colour per player, as counted for values and majorities."""
    good_value: list[list[int]] = field(default_factory=list)
    """Credits per good per colour per player (1, and 2 for illegal)."""
    awards: list[list[int]] = field(default_factory=list)
    """[player, colour, credits]: majority bonuses, and the illegal penalty as negative."""


def _less(need: dict[int, int], cut: int) -> dict[int, int]:
    """Cargo needs with `cut` containers fewer: rainbow slots first, then the colour needing
    the most (Yen: IE-CAP-25)."""
    need = dict(need)
    for _ in range(cut):
        if need.get(ANY, 0) > 0:
            need[ANY] -= 1
        elif any(v > 0 for v in need.values()):
            need[max(need, key=lambda c: (need[c], -c))] -= 1
    return need


_COUNTS = tuple(
    tuple(tuple(range(base, base + extra + 1)) for extra in range(16)) for base in (0, 1)
)
"""The options of a declare decision, made once: _COUNTS[base][extra] counts base..base+extra."""


def _fits_need(need: dict[int, int], color: int, wild: Any) -> bool:
    """Whether a container of this colour fills one of a ship's uncovered needs (as
    `remaining` gives them): its own colour or a rainbow slot; a grey or wild one any."""
    if color == GREY or color in wild:
        return any(v > 0 for v in need.values())
    return need.get(color, 0) > 0 or need.get(ANY, 0) > 0


class ImportExportGame:
    """Import/Export bound to one config and card sheet."""

    def __init__(self, spec: GameSpec, config: GameConfig, sheet: CardSheet) -> None:
        from simulator.games.import_export import powers

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
        if len(cards) < needed:
            raise ConfigError(
                f"--sets: {config.players} players need at least {needed} cards to set up; "
                f"{', '.join(sets)} in {sheet.path} has {len(cards)}"
            )
        self.actions = cards.actions
        self.color = tuple(c[0] for c in cards.colors)
        """A card's colour as a good, crew, wildcard or setup container: a Flag card's first
        side (IE-FLAG-3); loaded, it counts as the colour chosen (IE-FLAG-1)."""
        self.powers = powers.index_for(cards) if rules.card_powers else powers.PowerIndex({}, cards)
        self._hand_any_time = tuple(self.powers.hand_any_time)
        """Cards whose "at any time" power works from the hand (Lutefisk): a window is
        wanted while one of them is in a hand (window_wanted)."""
        self._any_time_possible = bool(self._hand_any_time) or any(
            entry.any_time_from == "fulfilled" for entry in self.powers.by_contract.values()
        )
        """Whether any card of this game has an "at any time" power: without one (powers off,
        or a sheet without such cards) no window is ever wanted."""
        self.n_cards = len(cards)
        self._sheet_id = tuple(ids[0] for ids in cards.ids)
        """Each card's sheet id (its first contract's), as events are reported (outcome)."""
        """Card ids are below it; physical containers (tokens) at or above it (variants.py)."""
        self.names = cards.names
        """Names of the cards, and of the tokens when they play."""
        self.market = False
        self.tokens: variants.Containers | None = None
        """The physical-container variants (containers, containers_all), or None."""
        self.all_tokens = False
        """containers_all: crew and goods are physical containers too."""
        variants.configure(self)
        self._crew_limit_bonus = 1  # the port's printed contract (IE-LIMIT-1)
        self.tokyo_port = "tokyo" in self.sets and rules.tokyo_port
        """The Tokyo Port replaces the Supply Island (`s.island` holds its cards; IE-TOKYO-1)."""
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

    # ------------------------------------------------------------------ setup

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
            variants.setup(self, s)
        return s

    # ------------------------------------------------------------------ limits and levels

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

    # ------------------------------------------------------------------ the Tokyo Port

    def port_column(self, card: int) -> int:
        """The Tokyo Port column of a card: its level requirement (all its pips; a Flag card
        has none), the last column taking every higher level (IE-TOKYO-2). A card sold or
        added to the Port is thus in its column; crew may come from any (IE-TOKYO-3)."""
        level = sum(self.cards.contracts[card][0].level.values())
        return min(level, len(self.rules.tokyo_column_costs) - 1)

    def port_columns(self, s: IEState) -> tuple[tuple[int, ...], ...]:
        """The cards on the Tokyo Port, column by column (public information)."""
        columns: list[list[int]] = [[] for _ in self.rules.tokyo_column_costs]
        for card in s.island:
            columns[self.port_column(card)].append(card)
        return tuple(tuple(c) for c in columns)

    def port_cost(self, s: IEState, p: int, card: int) -> int:
        """What p pays to place this Tokyo Port card as a contract: the credits on top of its
        column (IE-TOKYO-4); nothing with Toto Toilets, or from the Supply Island."""
        if not self.tokyo_port or s.mods[p].get("port_contract_free"):
            return 0
        return self.rules.tokyo_column_costs[self.port_column(card)]

    def port_contract_options(self, s: IEState, p: int, budget: int) -> list[Any]:
        """(card, contract id, ship) placements of a Contract action from the Tokyo Port
        (IE-TOKYO-4), or from the island for a Toto Toilets owner without it (IE-TOKYO-5):
        the cards p can pay for."""
        if not (self.tokyo_port or s.mods[p].get("port_contract_free")):
            return []
        cards = [c for c in s.island if s.credits[p] >= self.port_cost(s, p, c)]
        return self._contract_options(s, p, budget, 1, cards) if cards else []

    # ------------------------------------------------------------------ ships

    def _cargo_of(self, cid: int, rainbow: Any) -> dict[int, int]:
        """A contract's cargo needs; all rainbow for Tortillas-like contracts and for the
        colours a power (Candy, Coffee, Generators, Seeds) opens to any container, and for
        Capital contracts with a multicolour cargo (IE-CAP-6)."""
        if rainbow:
            contract = self.cards.contract_by_id[cid]
            if contract.color in rainbow:
                return {ANY: contract.cargo_total}
        return self._plain_cargo[cid]

    def _contract_cargo(
        self, ship: ShipLike, contracts: Sequence[int], s: IEState | None, rainbow: Any
    ) -> list[dict[int, int]]:
        """Each contract's cargo needs on this ship (shared dicts: never mutate), less what
        powers waive there (mods of the owner): Yen's cut on the ship's first contract
        ("first_contract_cut": (ship index, containers) pairs; IE-CAP-25), and Partnership's
        own cargo on its Super Ship ("super_ships" records; IE-CAP-23)."""
        needs = [self._cargo_of(cid, rainbow) for cid in contracts]
        if s is None or not contracts:
            return needs
        mods = s.mods[ship.owner]
        if mods and ("first_contract_cut" in mods or "super_ships" in mods):
            index = next((i for i, x in enumerate(s.ships) if x is ship), -1)
            for a, _, cid, _, _ in mods.get("super_ships", ()):
                if a == index and cid in contracts:
                    needs[contracts.index(cid)] = {}
            for i, cut in mods.get("first_contract_cut", ()):
                if i == index:
                    needs[0] = _less(needs[0], cut)
        return needs

    def _wild(self, s: IEState | None, owner: int) -> Any:
        """Container colours wild on this owner's ships (Big Cats, Impalas, ...; IE-POWER-7)."""
        return s.mods[owner].get("wild_colors", ()) if s is not None else ()

    def remaining(
        self, ship: ShipLike, extra: int | None = None, s: IEState | None = None
    ) -> tuple[dict[int, int], int]:
        """Uncovered cargo needs of a ship's contracts (plus `extra`, a contract id being
        considered), and the containers matching none.

        Containers fill their own colour first, then rainbow slots; grey containers are
        wild (IE-CARGO-1). Leftover containers still take room (FAQ on discarded contracts).
        With the state `s`, the owner's rule modifiers apply (wild colours, rainbow
        contracts); without it (a bot's estimate) only the cards' own rainbows do.
        """
        need: dict[int, int] = {}
        contracts = ship.contracts if extra is None else [*ship.contracts, extra]
        rainbow = s.mods[ship.owner].get("rainbow_colors") if s is not None else None
        wild = self._wild(s, ship.owner)
        for cargo in self._contract_cargo(ship, contracts, s, rainbow):
            for color, k in cargo.items():
                need[color] = need.get(color, 0) + k
        return need, self._match(need, ship.cargo_colors, wild)

    @staticmethod
    def _match(need: dict[int, int], colors: Sequence[int], wild: Any) -> int:
        """Give containers (their colours) to the needs, which are lowered in place; returns
        how many matched none (IE-CARGO-1). Coloured containers first, then grey and wild
        ones, so the order of loading never costs a slot (IE-VAR-14)."""
        unmatched = 0
        flexible = []
        plain = not wild and GREY not in colors  # the common case: one pass, nothing deferred
        for color in colors:
            if color == PAIRED:  # rides with the container before it (Robo-Cats: IE-JP-8)
                continue
            if not plain and (color == GREY or color in wild):
                flexible.append(color)
            elif need.get(color, 0) > 0:
                need[color] -= 1
            elif need.get(ANY, 0) > 0:
                need[ANY] -= 1
            else:
                unmatched += 1
        for color in flexible:
            if need.get(color, 0) > 0:
                need[color] -= 1
            elif any(v > 0 for v in need.values()):
                best = max(need, key=lambda c: (need[c], c != ANY))
                need[best] -= 1
            else:
                unmatched += 1
        return unmatched

    def _luxury_share_met(self, ship: Ship, s: IEState, fraction: float) -> bool:
        """Prefab Home (IE-POWER-50): whether the ship's contracts are met when each luxury
        contract needs only `fraction` of its containers (rounded up), of whichever of its
        cargo colours the loaded containers are (each colour at most as printed)."""
        rainbow = s.mods[ship.owner].get("rainbow_colors")
        fixed: dict[int, int] = {}
        choices: list[list[dict[int, int]]] = []
        for cid in ship.contracts:
            cargo = self._cargo_of(cid, rainbow)
            if self.cards.contract_by_id[cid].color != BLUE:
                for color, k in cargo.items():
                    fixed[color] = fixed.get(color, 0) + k
                continue
            share = max(1, ceil(sum(cargo.values()) * fraction))
            colors = list(cargo)
            choices.append(
                [
                    dict(zip(colors, counts, strict=True))
                    for counts in product(*(range(min(cargo[c], share) + 1) for c in colors))
                    if sum(counts) == share
                ]
            )
        if not choices:
            return False
        wild = self._wild(s, ship.owner)
        for parts in product(*choices):
            need = dict(fixed)
            for part in parts:
                for color, k in part.items():
                    need[color] = need.get(color, 0) + k
            self._match(need, ship.cargo_colors, wild)
            if not any(v > 0 for v in need.values()):
                return True
        return False

    def fits(self, ship: ShipLike, color: int, s: IEState | None = None) -> bool:
        """Whether a container of this colour may be loaded: an uncovered matching need."""
        if ship.at_sea or not ship.contracts:
            return False
        need, _ = self.remaining(ship, s=s)
        return _fits_need(need, color, self._wild(s, ship.owner))

    def can_hold(self, ship: ShipLike, contract_id: int, s: IEState | None = None) -> bool:
        """Whether the contract fits the ship: all contracts' cargo plus the leftover
        containers that none of them uses stay within the capacity (IE-CARGO-1). A ship with
        a Legos-like contract (or taking one) has no limit (IE-FLAGP-21)."""
        unlimited = self.powers.unlimited_ship
        if unlimited and (contract_id in unlimited or not unlimited.isdisjoint(ship.contracts)):
            return True
        # as remaining(ship, contract_id, s), totalling the needs on the way (a rainbow
        # contract needs as many containers as its printed cargo)
        rainbow = s.mods[ship.owner].get("rainbow_colors") if s is not None else None
        contracts = [*ship.contracts, contract_id]
        need: dict[int, int] = {}
        total = 0
        for cargo in self._contract_cargo(ship, contracts, s, rainbow):
            for color, k in cargo.items():
                need[color] = need.get(color, 0) + k
                total += k
        unmatched = self._match(need, ship.cargo_colors, self._wild(s, ship.owner))
        return total + unmatched <= self.capacity(s, ship.owner)

    # ------------------------------------------------------------------ rule modifiers

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

    def end_threshold(self, s: IEState, p: int) -> int | None:
        """Credits at which p triggers the end (MRI Machine), None if never (Can Openers)."""
        mods = s.mods[p]
        if mods.get("no_credit_end"):
            return None
        return mods.get("end_credits", self.rules.end_credits)

    def _reached_end(self, s: IEState, p: int) -> bool:
        threshold = self.end_threshold(s, p)
        return threshold is not None and s.credits[p] >= threshold

    # ------------------------------------------------------------------ the game

    def play(self, s: IEState, rng: GameRandom) -> Flow:
        try:
            while True:
                if s.turn >= self.config.max_turns:
                    s.end_reason = s.end_reason or "turn_limit"  # IE-END-3
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
        except GameOver:
            s.between_turns = True
            return
        s.between_turns = True
        if self.window_wanted(s):  # Telescopes, Segways, ... "before the bonuses" (IE-ANYTIME-1)
            yield from windows.window(self, s, windows.Moment("before_scoring", s.leader))
        self.score(s)

    def _say(self, s: IEState, text: str) -> None:
        """Narrate a step (deckhand replay). Callers test `s.trace` first, so that the text
        is formatted only when someone listens (formatting it cost ~3% of a game)."""
        if s.trace is not None:
            s.trace(text)

    def _turn(self, s: IEState, rng: GameRandom) -> Flow:
        p = s.leader
        s.turn += 1
        s.sold_this_turn = [False] * s.n
        if s.mods[p].get("pirate_ban"):  # set by p's Surströmming: ends now (IE-FLAGP-2)
            del s.mods[p]["pirate_ban"]
        if s.trace is not None:
            self._say(
                s,
                f"-- turn {s.turn}: player {p} leads ({s.credits[p]} credits, "
                f"hand {self.card_list(s.hands[p])})",
            )
        yield from self.emit(s, "turn_started", p, None)
        if self.window_wanted(s):
            yield from windows.window(self, s, windows.Moment("turn_start", p))
        while True:
            options = self._lead_options(s, p)
            choice = yield Decision(p, "lead", options)
            if choice[0] != "discard_contracts":
                break
            self.discard_contracts(s, p, choice[1])  # IE-DISCARD-1: any time as leader
        if choice[0] == "draw":
            if s.trace is not None:
                self._say(s, f"   player {p} draws")
            yield from self._draw_action(s, rng, p, leading=True)
            if self.window_wanted(s):
                yield from windows.window(self, s, windows.Moment("lead_declared", p))
            yield from self._turn_end(s, p)
            return
        action = choice[1]
        if s.trace is not None:
            self._say(s, f"   player {p} leads {ACTIONS[action]}")
        yield from self._play_for_action(s, p, action, "lead_with")
        declared = [0] * s.n
        declared[p] = yield from self._declare(s, p, action, 1)
        if self.window_wanted(s):
            yield from windows.window(self, s, windows.Moment("lead_declared", p, action))
        order = [*range(p, s.n), *range(p)]  # turn order from the leader
        followers = []
        acts = [action] * s.n  # the type each player performs: one a turn (IE-KSB-6, IE-JP-2)
        for q in order[1:] if action != BARTER else ():  # Barter: nobody follows (IE-CAP-8)
            answers: tuple[Any, ...] = (("draw",),)
            if self._can_play_for(s, q, action, following=True):
                answers = (("follow",), ("draw",))
            answers += self._follow_as_options(s, q, action)
            answer = yield Decision(q, "follow", answers, context=action)
            if s.trace is not None:
                self._say(s, f"   player {q} {'draws' if answer[0] == 'draw' else 'follows'}")
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
                yield from windows.window(self, s, windows.Moment("follower_chose", q, acts[q]))
        if s.trace is not None:
            self._say(s, f"   {ACTIONS[action]} declared: {declared}")
        led = tuple([declared[q] if acts[q] == action else 0 for q in range(s.n)])
        yield from self.emit(s, "action_declared", p, (action, tuple(followers), led))
        if action == IMPORT:
            yield from self._import_rounds(s, rng, order, list(led))
        # IE-TURN-2: each player performs all his actions in turn (imports: the rounds above)
        for q in order:
            if acts[q] != IMPORT:
                yield from self._perform(s, rng, q, acts[q], declared[q])
        yield from self._turn_end(s, p)

    def _turn_end(self, s: IEState, p: int) -> Flow:
        """The turn's last window, the powers told, then the end-of-turn checks."""
        if self.window_wanted(s):
            yield from windows.window(self, s, windows.Moment("turn_end", p))
        yield from self.emit(s, "turn_ended", p, None)
        self._end_of_turn(s)

    def window_wanted(self, s: IEState) -> bool:
        """Whether an "at any time" power is in play: fulfilled (and not lost), or a card
        working from the hand in someone's hand. False means the window would ask nobody,
        whatever the moment, except the leader's discard between his own actions (tested
        apart in _perform); the cheap test keeps games without such cards at full speed."""
        if not self._any_time_possible:
            return False
        if s.hooks.get(ANY_TIME):
            return True
        for card in self._hand_any_time:
            for hand in s.hands:
                if card in hand:
                    return True
        return False

    def _end_of_turn(self, s: IEState) -> None:
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
                    self._trigger_end(s, "credits")
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

    def _trigger_end(self, s: IEState, reason: str) -> None:
        """The end is triggered; the current turn finishes (IE-END-1)."""
        if not s.end_triggered:
            s.end_triggered = True
            s.end_reason = reason
            s.reshuffle_allowed = False
            if s.trace is not None:
                self._say(s, f"** the end is triggered ({reason}); the turn finishes")

    def gain(self, s: IEState, p: int, amount: int) -> None:
        """Credits from the bank; reaching the end threshold triggers the end."""
        s.credits[p] += amount
        if self._reached_end(s, p):
            self._trigger_end(s, "credits")

    def pay(self, s: IEState, p: int, amount: int) -> bool:
        """Pay the bank if one can; False (and nothing paid) if one cannot."""
        if s.credits[p] < amount:
            return False
        s.credits[p] -= amount
        if amount > 0:
            for q in range(s.n):  # Fake DVDs (IE-POWER-33)
                watch = s.mods[q].get("spend_watch")
                if watch is not None and q != p and amount >= watch[0]:
                    self.gain(s, q, watch[1])
        return True

    # ------------------------------------------------------------------ drawing

    def deck_pop(self, s: IEState) -> int | None:
        """The top card of the deck; the discard pile is reshuffled when it runs out, unless
        the end was triggered; deck and discard both empty trigger the end (IE-END-2)."""
        if not s.deck and s.discard and s.reshuffle_allowed:
            s.deck.extend(s.discard)
            s.discard.clear()
            s.rng.shuffle(s.deck)
            self._say(s, "   the discard pile is shuffled into a new deck")
        if not s.deck:
            return None
        card = s.deck.pop()
        if not s.deck and not s.discard:
            self._trigger_end(s, "deck_exhausted")
        return card

    def _draw_action(self, s: IEState, rng: GameRandom, p: int, leading: bool = False) -> Flow:
        """A Draw action (a leader or a follower drawing instead of acting); tells the powers.
        Jidohanbaiki: a leader may take credits instead of drawing (IE-TOKYO-7)."""
        credits = s.mods[p].get("lead_draw_credits") if leading else None
        if credits is not None and (
            (yield Decision(p, "jidohanbaiki_use", ("draw", "credits"))) == "credits"
        ):
            self.gain(s, p, credits)
        else:
            if self.capital and GREY in [self.color[c] for c in s.hands[p]]:
                yield from self._capital_discard(s, p)
            self._draw_up(s, rng, p)
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

    def _draw_up(self, s: IEState, rng: GameRandom, p: int) -> None:
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

    # ------------------------------------------------------------------ declaring

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

    @staticmethod
    def pirate_banned(s: IEState) -> bool:
        """Whether a power forbids every Pirate action for now (Surströmming: IE-FLAGP-2)."""
        for mods in s.mods:
            if mods and mods.get("pirate_ban"):
                return True
        return False

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

    def _play_options(
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
        options = self._play_options(s, p, action, following)
        choice = yield Decision(p, kind, options, context=action)
        cards = choice if isinstance(choice, tuple) else (choice,)
        event = "wildcard" if len(cards) == 2 else "played"
        for c in cards:
            s.hands[p].remove(c)
            s.in_play.append(c)
            s.log[p][event].append(c)

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

    def _declare(self, s: IEState, p: int, action: int, base: int) -> Flow:
        """How many actions: the card played, plus any matching crew chosen (optional). Just
        before, p alone may use his any-time powers that add crew (US Dollars: IE-CAP-24)."""
        if s.hooks.get(ANY_TIME):
            yield from windows.window(self, s, windows.Moment("declaring", p, action))
        extra = self.crew_actions(s, p, action)
        if 0 <= extra < len(_COUNTS[base]):
            options = _COUNTS[base][extra]
        else:
            options = tuple(range(base, base + extra + 1))
        count = yield Decision(p, "declare", options, context=action)
        return count

    # ------------------------------------------------------------------ performing

    def _perform(self, s: IEState, rng: GameRandom, p: int, action: int, count: int) -> Flow:
        """p performs his declared actions, a window before each (IE-ANYTIME-1); Contract
        actions are one batch, since extra ones may buy levels (IE-CONTRACT-1)."""
        if count <= 0:
            return
        if action == CONTRACT:
            if self.window_wanted(s):
                yield from windows.window(self, s, windows.Moment("before_action", p, action))
            yield from self._contract_actions(s, p, count)
            return
        port_action = p == s.leader and action in (LOAD, PIRATE)  # the discard (IE-DISCARD-2)
        for step in range(count):
            if self.window_wanted(s) or (port_action and step):
                yield from windows.window(self, s, windows.Moment("before_action", p, action, step))
            if action == SUPPLY:
                yield from self._supply(s, p)
            elif action == LOAD:
                yield from self.load_action(s, p)
            elif action == PIRATE:
                yield from self._pirate(s, rng, p)
            elif action == BARTER:
                yield from self._barter(s, p)
        if action == LOAD and p == s.leader and s.mods[p].get("load_unlimited"):
            yield from self._load_more(s, p)  # Machine Arms (IE-POWER-41)

    def _barter(self, s: IEState, p: int) -> Flow:
        """Barter: swap one hand card for one card of the supply island (`s.island`, which
        holds the Tokyo Port's cards when it replaces the island); with an empty hand or
        island nothing happens (IE-CAP-8, IE-CAP-9)."""
        options = tuple((h, i) for h in s.hands[p] for i in s.island)
        if not options:
            return
        given, taken = yield Decision(p, "barter", options)
        s.hands[p].remove(given)
        s.island.remove(taken)
        s.island.append(given)
        s.hands[p].append(taken)
        if s.trace is not None:
            self._say(s, f"   player {p} barters {self.names[given]} for {self.names[taken]}")

    def solo_action(self, s: IEState, rng: GameRandom, p: int, action: int) -> Flow:
        """Perform one action of type `action` alone, as a card power grants it with a card
        from the hand (the caller takes the card): no crew adds actions, nobody follows or
        draws, and nothing "leading" triggers (Books, Machine Arms). A Contract action places
        one contract whose level is met (no extra actions buy levels); a Supply sells only if
        p has not sold this turn; an Import is one round with p the only bidder, who bids 0
        (IE-POWER-49). Used by Platinum Rings (IE-POWER-48), and meant for Kickstarter 2's AR
        Glasses ("perform 2 actions using cards from your hand, no crew, nobody follows or
        draws")."""
        if action == CONTRACT:
            yield from self._contract_actions(s, p, 1)
        elif action == SUPPLY:
            yield from self._supply(s, p)
        elif action == LOAD:
            yield from self.load_action(s, p)
        elif action == PIRATE:
            yield from self._pirate(s, rng, p)
        elif action == IMPORT:
            declared = [0] * s.n
            declared[p] = 1
            yield from self._import_rounds(s, rng, [p], declared, alone=True)
        elif action == BARTER:
            yield from self._barter(s, p)

    def _supply(self, s: IEState, p: int) -> Flow:
        """Sell a hand card for 4 (once a turn), or take an island card to crew (IE-SUPPLY-1)."""
        options: list[Any] = []
        if not s.sold_this_turn[p]:
            options.extend(("sell", c) for c in s.hands[p])
        options.extend(("crew", c) for c in s.island)
        if not options:
            return
        verb, card = yield Decision(p, "supply", tuple(options))
        if verb == "sell":
            s.hands[p].remove(card)
            s.island.append(card)
            s.sold_this_turn[p] = True
            s.log[p]["sold"].append(card)
            self.gain(s, p, self.rules.sell_price)
            if s.trace is not None:
                self._say(s, f"   player {p} sells {self.cards.names[card]}")
        else:
            s.island.remove(card)
            if s.trace is not None:
                self._say(s, f"   player {p} takes {self.cards.names[card]} to crew")
            if self._to_crew(s, p, card):
                yield from self.emit(s, "crew_added", p, card)

    def _to_crew(self, s: IEState, p: int, card: int) -> bool:
        """Crew up to the limit; beyond it the card is discarded (IE-LIMIT-2). Returns whether
        it joined the crew (the caller then emits crew_added)."""
        if len(s.crew[p]) < self.crew_limit(s, p):
            if self.all_tokens:  # a physical container instead (IE-VAR-10)
                card = variants.as_token(self, s, p, card, "crew")
            else:
                s.log[p]["crew"].append(card)
            s.crew[p].append(card)
            return True
        self.to_discard(s, p, card)
        return False

    def _to_goods(self, s: IEState, p: int, card: int) -> Flow:
        """Goods up to the limit (beyond it the card is discarded); tells the powers."""
        if self.goods_fit(s, p, card):
            card = self.goods_in(s, p, card)
            yield from self.emit(s, "goods_added", p, card)
        else:
            self.to_discard(s, p, card)

    def goods_in(self, s: IEState, p: int, card: int) -> int:
        """Put a card into p's goods, logged, with the variants' effects: containers_all
        places a physical container instead (IE-VAR-10); the Market moves the good's marker
        up (IE-VAR-1). Returns what was placed."""
        if self.all_tokens:
            card = variants.as_token(self, s, p, card, "goods")
        else:
            s.log[p]["goods"].append(card)
        s.goods[p].append(card)
        if s.market is not None:
            variants.market_good(self, s, card)
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
        return variants.claim(self, s, self.color[card])

    def _contract_actions(self, s: IEState, p: int, budget: int) -> Flow:
        """Place contracts; extra actions each buy one missing level (IE-CONTRACT-1)."""
        while budget > 0:
            options = self._contract_options(s, p, budget, 1)
            from_port = self.port_contract_options(s, p, budget)  # IE-TOKYO-4
            if not options and not from_port:
                return  # a contract action with nothing legal is wasted (FAQ)
            # paying for a Port card is never forced: with no hand card, one may stop
            offered = (*options, *from_port) if options else ("stop", *from_port)
            choice = yield Decision(p, "contract", offered)
            if choice == "stop":
                return
            card, contract_id, i = choice
            budget -= 1 + self.missing_levels(s, p, contract_id)
            if card in s.island:
                self.pay(s, p, self.port_cost(s, p, card))
                yield from self.place_contract(s, p, card, contract_id, i, source=s.island)
            else:
                yield from self.place_contract(s, p, card, contract_id, i)
            if s.mods[p].get("contracts_unlimited"):
                budget = yield from self._contract_more(s, p, budget)

    def _contract_options(
        self, s: IEState, p: int, budget: int, cost: int, cards: list[int] | None = None
    ) -> list[Any]:
        """(card, contract id, ship) placements costing `cost` actions plus one per missing
        level within the budget, of p's hand cards (or of `cards`)."""
        options = []
        ships = self.ships_in_port(s, p)
        held: dict[int, Any] = {}  # ship index -> its own needs (_held_needs), made once
        levels: dict[int, int] = {}  # p's level per colour, as missing_levels counts it
        for card in s.hands[p] if cards is None else cards:
            for contract in self.cards.contracts[card]:
                missing = 0
                for color, need in contract.level.items():
                    level = levels.get(color)
                    if level is None:
                        level = levels[color] = self.level(s, p, color)
                    if need > level:
                        missing += need - level
                if cost + missing > budget:
                    continue
                for i, ship in ships:
                    if self._can_hold_at(held, i, ship, contract.id, s):
                        options.append((card, contract.id, i))
        return options

    def _held_needs(self, ship: Ship, s: IEState) -> tuple[dict[int, int], int] | None:
        """The summed cargo needs of a ship's contracts and their total, computed once to
        test many contracts against the ship (_can_hold_at); None where powers make the
        needs depend on the contract added (Yen's cut: IE-CAP-25; Partnership's Super Ship:
        IE-CAP-23) or lift the capacity (Legos: IE-FLAGP-21): can_hold decides there."""
        mods = s.mods[ship.owner]
        if mods and ("first_contract_cut" in mods or "super_ships" in mods):
            return None
        unlimited = self.powers.unlimited_ship
        if unlimited and not unlimited.isdisjoint(ship.contracts):
            return None
        rainbow = mods.get("rainbow_colors")
        need: dict[int, int] = {}
        total = 0
        for cid in ship.contracts:
            for color, k in self._cargo_of(cid, rainbow).items():
                need[color] = need.get(color, 0) + k
                total += k
        return need, total

    def _can_hold_at(
        self, held: dict[int, Any], i: int, ship: Ship, contract_id: int, s: IEState
    ) -> bool:
        """can_hold(ship, contract_id, s) for ship i, with the ship's own needs taken from
        `held` (ship index -> _held_needs, filled on first use) instead of summed again for
        each contract tested: the state does not change while options are listed."""
        if i not in held:
            held[i] = self._held_needs(ship, s)
        base = held[i]
        if base is None or contract_id in self.powers.unlimited_ship:
            return self.can_hold(ship, contract_id, s)
        need = dict(base[0])  # the same order of colours as remaining() builds
        total = base[1]
        owner_mods = s.mods[ship.owner]
        for color, k in self._cargo_of(contract_id, owner_mods.get("rainbow_colors")).items():
            need[color] = need.get(color, 0) + k
            total += k
        unmatched = self._match(need, ship.cargo_colors, self._wild(s, ship.owner))
        return total + unmatched <= self.capacity(s, ship.owner)

    def _contract_more(self, s: IEState, p: int, budget: int) -> Flow:
        """Jasmine Tea: the contract action just performed places further cards, one by one
        until its performer stops; a missing level still costs one more action (IE-FLAGP-12).
        Returns the actions left."""
        while True:
            options = self._contract_options(s, p, budget, 0)
            if not options:
                return budget
            choice = yield Decision(p, "jasmine_tea_place", ("stop", *options))
            if choice == "stop":
                return budget
            card, contract_id, i = choice
            budget -= self.missing_levels(s, p, contract_id)
            yield from self.place_contract(s, p, card, contract_id, i)

    def place_contract(
        self, s: IEState, p: int, card: int, contract_id: int, i: int, source: Any = None
    ) -> Flow:
        """Place a hand card (or one of `source`: the Tokyo Port's) as a contract under ship i
        (a contract action, or a power such as Lutefisk); tells the powers, and the ship may
        complete with leftover containers."""
        (s.hands[p] if source is None else source).remove(card)
        ship = s.ships[i]
        ship.contracts.append(contract_id)
        s.log[p]["contracted"].append(contract_id)
        if s.trace is not None:
            self._say(s, f"   player {p} contracts {self.cards.contract_by_id[contract_id].name}")
        yield from self.emit(s, "contract_placed", p, contract_id)
        yield from self._check_complete(s, ship)

    def _load_options(
        self, s: IEState, p: int, cards: list[int], fee: bool = True
    ) -> tuple[Any, ...]:
        """(card, ship, colour) loads of p; `fee`: a Flag card needs its 2 credits (a free
        load waives them: IE-FLAGP-4)."""
        # as fits(): each of p's ships at port with contracts, its needs computed once
        needs = [
            (i, self.remaining(ship, s=s)[0])
            for i, ship in enumerate(s.ships)
            if ship.owner == p and not ship.at_sea and ship.contracts
        ]
        if not needs:
            return ()
        wild = self._wild(s, p)
        options = []
        for card in cards:
            if (
                fee
                and len(self.cards.colors[card]) > 1
                and s.credits[p] < self.rules.flag_load_cost
            ):
                continue  # IE-FLAG-1: a Flag card costs 2 to load
            for i, need in needs:
                for color in self._load_colors[card]:
                    if _fits_need(need, color, wild):
                        options.append((card, i, color))
        return tuple(options)

    def load_action(self, s: IEState, p: int) -> Flow:
        """One Load action, declared or given by a power (Nanobots' free one): load, then
        tell the powers which cards it loaded (Batteries; Fixie Bikes: IE-KSB-4)."""
        loaded = yield from self._load(s, s.rng, p)
        yield from self.emit(s, "load_action", p, loaded)

    def _load(self, s: IEState, rng: GameRandom, p: int) -> Flow:
        """Load a hand card onto an uncovered matching need of a ship at one's port. Returns
        the cards loaded (a power may load otherwise: `_load_instead`)."""
        if s.mods[p]:
            done = yield from self._load_instead(s, p)
            if done is not None:
                return done
        options = self._load_options(s, p, s.hands[p])
        if not options:
            return ()
        card, i, color = yield Decision(p, "load", options)
        if len(self.cards.colors[card]) > 1:
            self.pay(s, p, self.rules.flag_load_cost)
        s.hands[p].remove(card)
        yield from self.load_container(s, p, s.ships[i], card, color)
        return (card,)

    def _load_more(self, s: IEState, p: int) -> Flow:
        """After his declared Loads, a leader may go on loading hand cards, one by one."""
        while True:
            options = self._load_options(s, p, s.hands[p])
            if not options:
                return
            choice = yield Decision(p, "machine_arms_load", ("stop", *options))
            if choice == "stop":
                return
            card, i, color = choice
            if len(self.cards.colors[card]) > 1:
                self.pay(s, p, self.rules.flag_load_cost)
            s.hands[p].remove(card)
            yield from self.load_container(s, p, s.ships[i], card, color)

    def _load_instead(self, s: IEState, p: int) -> Flow:
        """Powers replacing one Load: Smart Cars (a hand card to the island for credits, once
        a turn), Cell Phones (load the top card of the deck; FAQ: IE-POWER-34) and Robo-Cats
        (a pair of cards as one container: IE-JP-8). Returns the cards loaded if the Load was
        used so (maybe none), else None."""
        mods = s.mods[p]
        island_pay = mods.get("load_to_island")
        if island_pay is not None and mods.get("load_to_island_turn") != s.turn and s.hands[p]:
            options = ("load", *(("island", c) for c in s.hands[p]))
            choice = yield Decision(p, "smart_cars_use", options)
            if choice != "load":
                s.hands[p].remove(choice[1])
                s.island.append(choice[1])
                mods["load_to_island_turn"] = s.turn
                self.gain(s, p, island_pay)
                return ()
        if mods.get("load_draw") and any(
            not ship.at_sea and ship.contracts and any(self.remaining(ship, s=s)[0].values())
            for ship in s.ships_of(p)
        ):
            if (yield Decision(p, "cell_phones_use", ("hand", "draw"))) == "hand":
                return None
            card = self.deck_pop(s)
            if card is None:
                return ()
            s.log[p]["drawn"].append(card)
            targets = []
            colors = self.cards.colors[card]
            if len(colors) == 1 or s.credits[p] >= self.rules.flag_load_cost:
                targets = [
                    (i, color)
                    for i, ship in enumerate(s.ships)
                    if ship.owner == p
                    for color in dict.fromkeys(colors)
                    if color != GREY and self.fits(ship, color, s)
                ]
            if not targets:
                s.hands[p].append(card)  # not loadable: kept in the hand
                return ()
            s.moving.append(card)
            i, color = yield Decision(p, "cell_phones_load", tuple(targets), context=card)
            s.moving.remove(card)
            if len(colors) > 1:
                self.pay(s, p, self.rules.flag_load_cost)
            yield from self.load_container(s, p, s.ships[i], card, color)
            return (card,)
        pair = mods.get("pair_load")  # Robo-Cats (IE-JP-8)
        if pair is not None:
            pairs = self._pair_options(s, p, s.hands[p], *pair)
            if pairs:
                choice = yield Decision(p, "robo_cats_pair", ("pass", *pairs))
                if choice != "pass":
                    cards, i = choice
                    for card in cards:
                        s.hands[p].remove(card)
                    yield from self.load_pair(s, p, s.ships[i], cards, pair[0])
                    return cards
        return None

    def _pair_options(
        self, s: IEState, p: int, cards: list[int], color: int, per: int
    ) -> list[tuple[tuple[int, ...], int]]:
        """(cards, ship): `per` cards of one type p may load together as one container of
        `color` on a ship of his with a need it fits (Robo-Cats: IE-JP-8). Only single-colour
        cards pair (a Flag card has no one type)."""
        ships = [i for i, sh in enumerate(s.ships) if sh.owner == p and self.fits(sh, color, s)]
        if not ships:
            return []
        by_type: dict[int, list[int]] = {}
        for card in cards:
            if len(self.cards.colors[card]) == 1 and self.color[card] != GREY:
                by_type.setdefault(self.color[card], []).append(card)
        return [
            (group, i)
            for same in by_type.values()
            for group in combinations(sorted(same), per)
            for i in ships
        ]

    def load_pair(self, s: IEState, p: int, ship: Ship, cards: tuple[int, ...], color: int) -> Flow:
        """Cards of one type loaded together as one container of `color` (Robo-Cats:
        IE-JP-8): the first counts as that colour, the others ride with it (PAIRED: no need
        filled, no room taken) and count only for the payout; each is told as loaded."""
        own = self.color[cards[0]]
        placed = []
        for card in cards:
            if self.tokens is not None:  # a physical container instead (IE-VAR-5)
                card, _ = yield from variants.load_token(self, s, p, ship, card, own)
            else:
                s.log[p]["loaded"].append(card)
            placed.append(card)
        for k, card in enumerate(placed):
            ship.cargo.append(card)
            ship.cargo_colors.append(color if k == 0 else PAIRED)
        if s.trace is not None:
            names = " + ".join(self.names[c] for c in placed)
            self._say(s, f"   player {p} loads {names} as one {COLORS[color]}")
        for card in placed:
            yield from self.emit(s, "container_loaded", p, card)
        yield from self._check_complete(s, ship)

    def _unpair(self, ship: Ship) -> None:
        """A ship sailing: each card of a pair counts as a container of the pair's own type
        again (IE-JP-8)."""
        colors = ship.cargo_colors
        for j in range(len(colors) - 1, 0, -1):
            if colors[j] == PAIRED:
                colors[j] = self.color[ship.cargo[j]]
                if colors[j - 1] != PAIRED:
                    colors[j - 1] = colors[j]

    def load_container(self, s: IEState, p: int, ship: Ship, card: int, color: int) -> Flow:
        if self.tokens is not None:  # a physical container instead (IE-VAR-5)
            card, color = yield from variants.load_token(self, s, p, ship, card, color)
        else:
            s.log[p]["loaded"].append(card)
        ship.cargo.append(card)
        ship.cargo_colors.append(color)
        if s.trace is not None:
            self._say(s, f"   player {p} loads {self.names[card]} as {COLORS[color]}")
        yield from self.emit(s, "container_loaded", p, card)
        yield from self._check_complete(s, ship)

    def _pirate(self, s: IEState, rng: GameRandom, p: int, ships_only: bool = False) -> Flow:
        """Take a container from a ship at sea or the island; load it if it fits (IE-PIRATE-1).
        `ships_only`: a power's extra plunder from ships at sea (Contraband). Mini Van adds
        the other players' ships at port, the deck's top card and a random card of another
        player's hand (IE-POWER-47)."""
        if self.pirate_banned(s):
            return
        options: list[Any] = []
        anywhere = not ships_only and s.mods[p].get("pirate_anywhere")  # Mini Van
        for i, ship in enumerate(s.ships):
            reachable = ship.at_sea or (anywhere and ship.owner != p and i not in s.departing)
            if reachable and not s.mods[ship.owner].get("no_plunder"):  # Water Notepad
                loaded = ship.cargo_colors
                for j, color in enumerate(loaded):
                    # grey containers cannot be pirated; nor a pair at port apart (IE-JP-8)
                    if color != GREY and (ship.at_sea or PAIRED not in loaded[j : j + 2]):
                        options.append(("ship", i, j))
        if not ships_only:
            # grey cards are never pirated, from the island either (IE-CAP-7)
            options.extend(("island", c) for c in s.island if self.color[c] != GREY)
        if anywhere:
            if s.deck or (s.discard and s.reshuffle_allowed):
                options.append(("deck",))
            options.extend(("hand", q) for q in range(s.n) if q != p and s.hands[q])
        if not options:
            return
        choice = yield Decision(p, "pirate", tuple(options))
        if choice[0] == "ship":
            ship = s.ships[choice[1]]
            card = ship.cargo.pop(choice[2])
            colors: tuple[int, ...] = (ship.cargo_colors.pop(choice[2]),)
            s.moving.append(card)
            yield from self.ship_home(s, ship)  # if emptied; no compensation for the owner
            s.moving.remove(card)
        elif choice[0] == "island":
            card = choice[1]
            s.island.remove(card)
            colors = self.cards.colors[card]  # IE-FLAG-2: either colour from the island
        else:  # Mini Van: the deck's top card, or a random card of a player's hand
            taken = self.deck_pop(s) if choice[0] == "deck" else None
            if choice[0] == "hand":
                hand = s.hands[choice[1]]
                taken = hand.pop(s.rng.below(len(hand)))
            if taken is None:
                return
            card = taken
            colors = self.cards.colors[card]  # not yet loaded: either colour (IE-FLAG-2)
        if card < self.n_cards:  # a physical container is not logged (variants.py)
            s.log[p]["pirated"].append(card)
        yield from self._pirate_place(s, p, card, colors)
        if choice[0] == "ship":
            yield from self.emit(s, "ship_plundered", p, (choice[1], card))
        yield from self.emit(s, "plundered", p, (card, colors[0], choice[0]))

    def _pirate_place(self, s: IEState, p: int, card: int, colors: tuple[int, ...]) -> Flow:
        """Load a pirated card onto a matching need at one's port, or discard it; Stem Cells
        may pay to add it to the goods instead (IE-POWER-35); Robo-Cats may keep it for a
        pair (IE-JP-8)."""
        pair = s.mods[p].get("pair_load")
        if pair is not None and len(colors) == 1:
            kept = yield from self._pirate_pair(s, p, card, colors[0], *pair)
            if kept:
                return
        cost = s.mods[p].get("plunder_to_goods_cost")
        if cost is not None and s.credits[p] >= cost and self.goods_fit(s, p, card):
            s.moving.append(card)
            choice = yield Decision(p, "stem_cells_use", ("pass", "goods"), context=card)
            s.moving.remove(card)
            if choice == "goods":
                good = self.as_card(s, card)  # a physical container: IE-VAR-8
                if good is None:
                    return
                self.pay(s, p, cost)
                yield from self._to_goods(s, p, good)
                return
        targets = [
            (i, color)
            for i, ship in enumerate(s.ships)
            if ship.owner == p
            for color in dict.fromkeys(colors)
            if self.fits(ship, color, s)
        ]
        if not targets:
            self.to_discard(s, p, card)
            if s.trace is not None:
                self._say(s, f"   player {p} pirates {self.names[card]} and discards it")
            return
        s.moving.append(card)
        target = yield Decision(p, "pirate_to", (*targets, "discard"), context=card)
        s.moving.remove(card)
        if target == "discard":  # IE-PIRATE-1: "Puoi piazzarlo": loading is allowed, not forced
            self.to_discard(s, p, card)
            return
        i, color = target
        yield from self.load_container(s, p, s.ships[i], card, color)

    def _pirate_pair(self, s: IEState, p: int, card: int, own: int, color: int, per: int) -> Flow:
        """Robo-Cats with Pirate actions (IE-JP-8): a plundered container may be kept aside
        (mods "pair_held": type, cards; "held_cards") while p has a ship needing a
        `color` container; once his plunders this turn bring `per` of one type, they load
        together as one container of `color`. Kept cards unpaired at the end of the turn are
        discarded. Returns whether the card was kept or loaded so."""
        mods = s.mods[p]
        kind, held = mods.get("pair_held", (own, ()))
        ships = [i for i, sh in enumerate(s.ships) if sh.owner == p and self.fits(sh, color, s)]
        if not ships or kind != own:
            return False
        s.moving.append(card)
        if len(held) + 1 < per:
            choice = yield Decision(p, "robo_cats_keep", ("pass", "keep"), context=card)
        else:
            choice = yield Decision(p, "robo_cats_pair", ("pass", *ships), context=card)
        s.moving.remove(card)
        if choice == "pass":
            return False
        if choice == "keep":
            mods["pair_held"] = (own, (*held, card))
            mods["held_cards"] = (*mods.get("held_cards", ()), card)
            return True
        del mods["pair_held"]
        mods["held_cards"] = tuple(c for c in mods.get("held_cards", ()) if c not in held)
        yield from self.load_pair(s, p, s.ships[choice], (*held, card), color)
        return True

    def _drop_held_pairs(self, s: IEState) -> None:
        """The end of a turn: containers Robo-Cats kept for a pair not made are discarded."""
        for p in range(s.n):
            mods = s.mods[p]
            if "pair_held" in mods:
                _, held = mods.pop("pair_held")
                mods["held_cards"] = tuple(c for c in mods.get("held_cards", ()) if c not in held)
                for card in held:
                    self.to_discard(s, p, card)

    def ships_in_port(self, s: IEState, p: int) -> list[tuple[int, Ship]]:
        """(index, ship) of p's ships that can take contracts and containers now: at port,
        and not the ship that has just completed and is sailing (IE-POWER-48)."""
        return [
            (i, ship)
            for i, ship in enumerate(s.ships)
            if ship.owner == p and not ship.at_sea and i not in s.departing
        ]

    def ship_home(self, s: IEState, ship: Ship) -> Flow:
        """A ship at sea left without containers (by an import, a plunder or a power) returns
        to its port; tells the powers (Backpacks: IE-KS-1). Does nothing to a ship at port or
        one still carrying containers, but one of an owner with Aeroponics (mods
        "sea_return_at") left with that many returns home with them still loaded (IE-KSB-2).
        A ship whose only containers bring it home (GPS) counts as emptied (IE-CAP-19);
        Super Ships and single-use ships come home their own way (`_capital_home`)."""
        if not ship.at_sea:
            return
        if not ship.cargo or self._homing_only(s, ship):
            if (yield from self._capital_home(s, ship)):
                return
            self._return_to_port(s, ship)
        elif ship.owner >= 0 and len(ship.cargo) == s.mods[ship.owner].get("sea_return_at"):
            ship.at_sea = False
            if s.trace is not None:
                self._say(s, f"   player {ship.owner}'s ship returns to port, still loaded")
        else:
            return
        yield from self.emit(s, "ship_returned", ship.owner, s.ships.index(ship))

    def _return_to_port(self, s: IEState, ship: Ship) -> None:
        self._unload_homing(s, ship)
        ship.at_sea = False
        ship.cargo.clear()
        ship.cargo_colors.clear()
        if s.trace is not None:
            self._say(s, f"   player {ship.owner}'s ship returns to port")

    def _super(self, s: IEState, ship: Ship, field: int, default: Any) -> Any:
        """A field of the ship's Super Ship record (mods "super_ships": (ship index, joined
        ship index, Partnership's contract id, payout multiplier, import compensation);
        Partnership, IE-CAP-23), or `default` for any other ship."""
        records = s.mods[ship.owner].get("super_ships") if ship.owner >= 0 else None
        if records:
            index = s.ships.index(ship)
            for record in records:
                if record[0] == index:
                    return record[field]
        return default

    def _homing_only(self, s: IEState, ship: Ship) -> bool:
        """Whether the ship's only containers are cards that bring it home (mods
        "homing_cards" of its owner: GPS, IE-CAP-19)."""
        homing = s.mods[ship.owner].get("homing_cards") if ship.owner >= 0 else None
        if not homing:
            return False
        return all(c in homing for c in ship.cargo)

    def _unload_homing(self, s: IEState, ship: Ship) -> None:
        """Discard the homing cards left on a ship coming home (GPS: IE-CAP-19)."""
        if ship.cargo:
            mods = s.mods[ship.owner]
            homing = mods.get("homing_cards", ())
            mods["homing_cards"] = tuple(c for c in homing if c not in ship.cargo)
            for card in ship.cargo:
                self.to_discard(s, ship.owner, card)
            ship.cargo.clear()
            ship.cargo_colors.clear()

    def _capital_home(self, s: IEState, ship: Ship) -> Flow:
        """A bare ship at sea comes home the Capital ways: a Super Ship parts into its two
        ships (mods "super_ships": Partnership, IE-CAP-23); a single-use ship is discarded
        instead and stays out of play, at sea and empty (mods "single_use_ships": (ship index,
        card) pairs, then "retired_ships"; Diesel Engine, IE-CAP-16); a ship out of play
        stays so. Returns whether it applied."""
        mods = s.mods[ship.owner] if ship.owner >= 0 else {}
        if not mods or ("super_ships" not in mods and "single_use_ships" not in mods):
            return False
        index = s.ships.index(ship)
        if index in mods.get("retired_ships", ()) or any(
            r[1] == index for r in mods.get("super_ships", ())
        ):
            return True  # out of play: it stays at sea, empty
        indices = [index]
        for record in mods.get("super_ships", ()):
            if record[0] == index:
                indices.append(record[1])
                mods["super_ships"] = tuple(r for r in mods["super_ships"] if r != record)
        hulls = dict(mods.get("single_use_ships", ()))
        if len(indices) == 1 and index not in hulls:
            return False
        for i in indices:
            other = s.ships[i]
            hull = hulls.get(i)
            if hull is None:
                self._return_to_port(s, other)
                yield from self.emit(s, "ship_returned", other.owner, i)
                continue
            self._unload_homing(s, other)
            mods["single_use_ships"] = tuple(h for h in mods["single_use_ships"] if h[0] != i)
            mods["retired_ships"] = (*mods.get("retired_ships", ()), i)
            if s.trace is not None:
                self._say(s, f"   player {other.owner}'s single-use ship is out of play")
            if all(h[1] != hull for h in mods["single_use_ships"]):  # its card's last ship
                held = list(mods.get("held_cards", ()))
                held.remove(hull)
                mods["held_cards"] = tuple(held)
                self.to_discard(s, other.owner, hull)
        return True

    def _import_rounds(
        self,
        s: IEState,
        rng: GameRandom,
        order: list[int],
        declared: list[int],
        alone: bool = False,
    ) -> Flow:
        """One sealed-bid round per action, up to the most declared by one player (IE-IMPORT-1).
        `alone`: an Import a power lets one player perform by himself, with no bid asked: a
        lone bidder bids 0 (IE-POWER-49). A leader with Dark Flight may pick the supply
        island instead of a ship (IE-POWER-46)."""
        leader = order[0]
        from_island = s.mods[leader].get("import_from_island")  # Dark Flight
        for round_number in range(1, max(declared) + 1):
            ships = tuple(i for i, ship in enumerate(s.ships) if ship.at_sea and ship.cargo)
            bidders = [q for q in order if declared[q] >= round_number]
            if from_island and s.island:
                options = ("ship" if ships else "pass", "island")
                source = yield Decision(leader, "dark_flight_source", options)
                if source == "island":
                    yield from self._import_island(s, leader, bidders, alone)
                    continue
            if not ships:
                return
            i = yield Decision(leader, "import_ship", ships, context="alone" if alone else None)
            ship = s.ships[i]  # the leader picks, even not bidding
            bids = dict.fromkeys(bidders, 0)
            for q in bidders if not alone else ():
                bids[q] = yield Decision(q, "bid", tuple(range(s.credits[q] + 1)), context=i)
            top = max(bids.values())
            tied = [q for q in bidders if bids[q] == top]
            winner = tied[0] if len(tied) == 1 else self.tie_winner(s, tied)
            if winner is None:  # the leader decides, unless Foxes wins it (IE-JP-3)
                winner = yield Decision(leader, "import_tie", tuple(tied), context=i)
            self.pay(s, winner, top)
            if s.trace is not None:
                self._say(s, f"   bids {bids}: player {winner} wins ship {i} for {top}")
            take = s.mods[winner].get("import_take", 2)  # Shampoo (IE-POWER-11)
            taken = yield from self._take_from_ship(s, winner, ship, take, optional_from=2)
            if winner != ship.owner:
                compensation = self._super(s, ship, 4, None) or s.mods[ship.owner].get(
                    "owner_compensation", self.rules.owner_compensation
                )  # Partnership (IE-CAP-23), Pants
                self.gain(s, ship.owner, compensation)
            yield from self.emit(s, "imported", winner, (i, taken))
            yield from self.ship_home(s, ship)
            if self.window_wanted(s):
                yield from windows.window(self, s, windows.Moment("import_round", winner, IMPORT))

    def _import_island(self, s: IEState, leader: int, bidders: list[int], alone: bool) -> Flow:
        """Dark Flight: an import round on the supply island's cards, as if they were a ship
        at sea. The winning bid is paid to the leader (the power's owner), who keeps it when
        it is his own; nobody is paid as a ship's owner (IE-POWER-46)."""
        bids = dict.fromkeys(bidders, 0)
        for q in bidders if not alone else ():
            options = tuple(range(s.credits[q] + 1))
            bids[q] = yield Decision(q, "dark_flight_bid", options, context=leader)
        top = max(bids.values())
        tied = [q for q in bidders if bids[q] == top]
        winner = tied[0] if len(tied) == 1 else self.tie_winner(s, tied)
        if winner is None:  # the leader decides, unless Foxes wins it (IE-JP-3)
            winner = yield Decision(leader, "import_tie", tuple(tied), context="island")
        if winner != leader:
            self.pay(s, winner, top)
            self.gain(s, leader, top)
        if s.trace is not None:
            self._say(s, f"   bids {bids}: player {winner} wins the island for {top}")
        island = Ship(-1)  # the island's own list: a card taken leaves the island
        island.at_sea = True
        island.cargo = s.island
        island.cargo_colors = [self.color[c] for c in s.island]
        take = s.mods[winner].get("import_take", 2)  # Shampoo (IE-POWER-11)
        taken = yield from self._take_from_ship(s, winner, island, take, optional_from=2)
        yield from self.emit(s, "imported", winner, (None, taken))

    def _take_from_ship(
        self, s: IEState, p: int, ship: Ship, count: int, optional_from: int | None = None
    ) -> Flow:
        """Take cards from a ship: at most one to crew, the rest goods; what fits is kept.
        Cards from the `optional_from`-th on are taken only if the taker wants, one by one
        (Shampoo: IE-POWER-11). Returns the (card, container colour) pairs taken."""
        crewed = False
        taken: list[tuple[int, int]] = []
        at_sea = ship.at_sea
        for k in range(count):
            if not ship.cargo or (at_sea and not ship.at_sea):  # came home (IE-KSB-2)
                return taken
            if optional_from is not None and k >= optional_from:
                more = yield Decision(
                    p, "shampoo_take", ("take", "stop"), context=tuple(ship.cargo)
                )
                if more == "stop":
                    return taken
            j = 0
            if len(ship.cargo) > 1:
                j = yield Decision(
                    p, "import_take", tuple(range(len(ship.cargo))), context=tuple(ship.cargo)
                )
            card = ship.cargo.pop(j)
            color = ship.cargo_colors.pop(j)
            taken.append((card, color))
            if at_sea and ship.cargo and ship.owner >= 0 and s.mods[ship.owner]:
                s.moving.append(card)
                yield from self.ship_home(s, ship)  # Aeroponics interrupts (IE-KSB-2)
                s.moving.remove(card)
            if self.tokens is not None:  # a physical container brings a discarded card
                found = self.as_card(s, card)  # IE-VAR-8
                if found is None:
                    continue
                card = found
            s.log[p]["imported"].append(card)
            options = []
            if not crewed and len(s.crew[p]) < self.crew_limit(s, p):
                options.append("crew")
            if self.goods_fit(s, p, card):
                options.append("goods")
            if not options:
                s.discard.append(card)  # only when neither limit has room (IE-LIMIT-2)
                s.log[p]["discarded"].append(card)
                continue
            s.moving.append(card)
            where = yield Decision(p, "import_place", tuple(options), context=card)
            s.moving.remove(card)
            if where == "crew":
                crewed = True
                if self._to_crew(s, p, card):
                    yield from self.emit(s, "crew_added", p, card)
            else:
                yield from self._to_goods(s, p, card)
        return taken

    def discard_contracts(self, s: IEState, p: int, i: int) -> None:
        """The leader discards a ship's unfulfilled contracts; containers stay (FAQ); at his
        lead (IE-DISCARD-1) or in a window between his actions (IE-DISCARD-2)."""
        ship = s.ships[i]
        for cid in ship.contracts:
            card = self.cards.card_of_contract[cid]
            s.discard.append(card)
            s.log[p]["discarded"].append(card)
        ship.contracts.clear()
        if s.trace is not None:
            self._say(s, f"   player {p} discards the contracts of ship {i}")

    # ------------------------------------------------------------------ fulfilment

    def _check_complete(self, s: IEState, ship: Ship) -> Flow:
        if ship.at_sea or not ship.contracts:
            return
        need, _ = self.remaining(ship, s=s)
        if any(v > 0 for v in need.values()):
            fraction = s.mods[ship.owner].get("luxury_cargo_fraction")  # Prefab Home
            if fraction is None or not self._luxury_share_met(ship, s, fraction):
                return
            index = s.ships.index(ship)
            options = ("wait", "complete")
            if (yield Decision(ship.owner, "prefab_home_complete", options, index)) == "wait":
                return
        yield from self._fulfil(s, ship)

    def _fulfil(self, s: IEState, ship: Ship) -> Flow:
        """Pay by containers, contracts to the fulfilled area and their immediate powers,
        the ship to sea with its containers, one deck card to the island (IE-FULFIL-1)."""
        p = ship.owner
        # a Super Ship pays double (Partnership: IE-CAP-23)
        pay = self.payout(s, p, len(ship.cargo)) * self._super(s, ship, 3, 1)
        if s.market is None:
            self.gain(s, p, pay)
        else:  # the goods markers change the payment, then move down (IE-VAR-2, IE-VAR-4)
            variants.market_payout(self, s, ship, pay)
        contracts, filled = self._completion_order(ship, s)
        ship.contracts.clear()
        for cid in contracts:
            s.fulfilled[p].append(cid)
            s.log[p]["fulfilled"].append(cid)
        if s.trace is not None:
            names = [self.cards.contract_by_id[c].name for c in contracts]
            self._say(s, f"   player {p} fulfils {names}")
        index = s.ships.index(ship)
        s.departing.append(index)  # no contract under it while its powers resolve
        elsewhere = yield from self._tuck_elsewhere(s, p, contracts)  # Hentai Manga
        for cid in contracts:
            if cid in elsewhere:  # completed, but not among the fulfilled (IE-TOKYO-6)
                yield from self.powers.fulfilled(self, s, p, cid, immediate_only=True)
            else:
                yield from self.powers.fulfilled(self, s, p, cid)
        s.departing.remove(index)
        ship.at_sea = True
        if PAIRED in ship.cargo_colors:  # at sea each card is a container (IE-JP-8)
            self._unpair(ship)
        if s.mods[p].get("sea_return_at"):  # Aeroponics: a lone container returns (IE-KSB-2)
            yield from self.ship_home(s, ship)
        cargo_cards = self.powers.cargo_cards
        if cargo_cards:  # Bok Choy: powers of the containers themselves
            for j, card in enumerate(list(ship.cargo)):
                if card in cargo_cards:
                    yield from self.powers.in_cargo(
                        s=s, game=self, card=card, ship=index, contracts=contracts, filled=filled[j]
                    )
        yield from self.emit(s, "contract_fulfilled", p, contracts)
        if len(filled) != len(ship.cargo):  # a power took containers: none filled known
            filled = [-1] * len(ship.cargo)
        yield from self.emit(s, "ship_completed", p, (index, contracts, filled))
        top = self.deck_pop(s)
        if top is not None:
            s.island.append(top)

    def _tuck_elsewhere(self, s: IEState, p: int, contracts: list[int]) -> Flow:
        """Hentai Manga (mods "tuck_elsewhere": contract colours): each such contract p just
        completed may go to his crew or goods instead of his completed contracts, where it has
        room as if never tucked; only its immediate power then resolves (IE-TOKYO-6).
        Returns the contract ids moved."""
        colors = s.mods[p].get("tuck_elsewhere")
        moved: set[int] = set()
        if not colors:
            return moved
        for cid in contracts:
            if self.cards.contract_by_id[cid].color not in colors:
                continue
            card = self.cards.card_of_contract[cid]
            k = s.fulfilled[p].index(cid)
            s.fulfilled[p].pop(k)  # the limits without it, then back in place
            options = ["fulfilled"]
            if len(s.crew[p]) < self.crew_limit(s, p):
                options.append("crew")
            if self.goods_fit(s, p, card):
                options.append("goods")
            s.fulfilled[p].insert(k, cid)
            if len(options) == 1:
                continue
            where = yield Decision(p, "hentai_manga_place", tuple(options), context=cid)
            if where == "fulfilled":
                continue
            self.leave_fulfilled(s, p, cid)
            moved.add(cid)
            if where == "crew":
                if self._to_crew(s, p, card):
                    yield from self.emit(s, "crew_added", p, card)
            else:
                yield from self._to_goods(s, p, card)
        return moved

    def _completion_order(
        self, ship: Ship, s: IEState | None = None
    ) -> tuple[list[int], list[int]]:
        """A ship's contracts in the order their cargo needs were met (FAQ: contracts
        completed together resolve in that order; IE-FULFIL-1). Containers are given, in
        loading order (coloured ones before grey and wild ones), to the first contract in
        placement order that still needs them; a contract is met at the loading of the last
        container it took.
        Also, per container, the index (in the returned order) of the contract it filled,
        or -1 for a container that filled none (left by a discarded contract)."""
        rainbow = s.mods[ship.owner].get("rainbow_colors") if s is not None else None
        wild = self._wild(s, ship.owner)
        needs = [dict(c) for c in self._contract_cargo(ship, ship.contracts, s, rainbow)]
        colors = ship.cargo_colors
        met_at = [len(colors)] * len(needs)
        last = [-1] * len(needs)
        owner_of = [-1] * len(colors)
        flexible = [step for step, c in enumerate(colors) if c == GREY or c in wild]
        plain = [step for step, c in enumerate(colors) if c != PAIRED and step not in flexible]
        for step in plain + flexible:  # coloured containers first (as _match; IE-VAR-14)
            color = colors[step]
            for k, need in enumerate(needs):
                slot = color if need.get(color, 0) > 0 else ANY if need.get(ANY, 0) > 0 else None
                if slot is None and step in flexible:
                    slot = next((c for c, v in need.items() if v > 0), None)
                if slot is not None:
                    need[slot] -= 1
                    owner_of[step] = k
                    last[k] = max(last[k], step)
                    if not any(v > 0 for v in need.values()):
                        met_at[k] = last[k]
                    break
        for step, color in enumerate(colors):
            if color == PAIRED:  # filled what the container before it filled (IE-JP-8)
                owner_of[step] = owner_of[step - 1]
        order = sorted(range(len(needs)), key=lambda k: (met_at[k], k))
        rank = {k: i for i, k in enumerate(order)}
        filled = [rank[k] if k >= 0 else -1 for k in owner_of]
        return [ship.contracts[k] for k in order], filled

    def emit(self, s: IEState, event: str, player: int, payload: Any) -> Iterator[Decision]:
        """Tell the ongoing powers in play that something happened (indexed per game). With
        nothing listening (the common case) it returns an empty iterator at once, so a
        caller's `yield from` makes no generator."""
        powers = self.powers
        hooks = s.hooks
        if (
            hooks.get(event)
            or powers.card_hooks.get(event)
            or powers.hand_hooks.get(event)
            or hooks.get("cards_drawn")
        ):
            return powers.emit(self, s, event, player, payload)
        return iter(())

    # ------------------------------------------------------------------ scoring

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
        self.powers.end_stage("prepare", self, s, sc)
        sc.counts = [self.good_counts(s, p) for p in range(s.n)]
        sc.good_value = [[1, 1, 1, 1, 2, 0] for _ in range(s.n)]
        self.powers.end_stage("counts", self, s, sc)
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
            for p, share in self._majority(sc.counts, color, bonus, fox):
                sc.awards.append([p, color, share])
        for p, share in self._majority(sc.counts, RED, rules.illegal_penalty, fox):
            sc.awards.append([p, RED, -share])
        self.powers.end_stage("awards", self, s, sc)
        for p, _, amount in sc.awards:
            final[p] += amount
        self.powers.end_stage("game", self, s, sc)
        s.final_credits = final
        best = max(final)
        s.winners = [p for p in range(s.n) if final[p] == best]
        if len(s.winners) > 1 and fox in s.winners:
            s.winners = [fox]  # Foxes wins the tie for the most credits too (IE-JP-3)

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
        rules = self.rules
        counts = [self.good_counts(s, q) for q in range(s.n)]
        mine = counts[p]
        total = sum(mine[color] for color in GOOD_COLORS) + mine[RED]  # illegal goods: 2
        if all(mine[color] >= 1 for color in GOOD_COLORS):
            total += rules.set_bonus
        fox = self.tie_winner(s, list(range(s.n)))
        for color, bonus in zip((GREEN, YELLOW, BLACK, BLUE), rules.majority, strict=True):
            total += sum(share for q, share in self._majority(counts, color, bonus, fox) if q == p)
        penalty = self._majority(counts, RED, rules.illegal_penalty, fox)
        return total - sum(share for q, share in penalty if q == p)

    @staticmethod
    def _majority(
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

    # ------------------------------------------------------------------ protocol

    def observe(self, s: IEState, player: int) -> Any:
        """The player's view; views are live read-only windows, so one per seat is reused."""
        views = s.views
        if views is None:
            from simulator.games.import_export.view import IEView

            views = s.views = [IEView(s, p, self) for p in range(s.n)]
        return views[player]

    def outcome(self, s: IEState) -> Outcome:
        sheet_id = self._sheet_id
        players = []
        final = s.final_credits or s.credits
        for p in range(s.n):
            log = s.log[p]
            events = {}
            for e in EVENT_NAMES:
                if e in ("contracted", "fulfilled"):
                    events[e] = list(log[e])  # already contract ids
                else:
                    events[e] = list(map(sheet_id.__getitem__, log[e]))
            better = sum(
                1
                for q in range(s.n)
                if final[q] > final[p]
                or (final[q] == final[p] and q in s.winners and p not in s.winners)  # Foxes
            )
            players.append(
                PlayerOutcome(
                    float(final[p]),
                    1 + better,
                    events,
                    {"port": s.port[p], "credits_in_play": s.credits[p]},
                )
            )
        return Outcome(s.turn, s.first_player, list(s.winners), s.end_reason, players)

    def cards_in_game(self) -> list[int]:
        return [cid for ids in self.cards.ids for cid in ids]

    def check_invariants(self, s: IEState) -> None:
        """Cards conserved across zones, no card twice, credits never negative, crew and goods
        within their limits except where a ruling allows (see _check_limits)."""
        zones = s.deck + s.discard + s.island + s.in_play + s.moving
        for p in range(s.n):
            zones += s.hands[p] + s.crew[p] + s.goods[p]
            zones += [self.cards.card_of_contract[c] for c in s.fulfilled[p]]
        for ship in s.ships:
            zones += ship.cargo + [self.cards.card_of_contract[c] for c in ship.contracts]
            if len(ship.cargo) != len(ship.cargo_colors):
                raise AssertionError("a container without its colour")
        zones += self.powers.held_cards(s)
        if self.variants:  # markers in range, physical containers apart (variants.py)
            zones = variants.check(self, s, zones)
        if sorted(zones) != list(range(len(self.cards))):
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
        sizes = [[len(s.crew[p]), len(s.goods[p])] for p in range(s.n)]
        if marks is not None:
            for p in range(s.n):
                crew, goods = sizes[p]
                last_crew, last_goods, crew_ok, goods_ok = marks[p]
                limit = self.crew_limit(s, p)
                if crew > limit and crew > last_crew + crew_ok:
                    raise AssertionError(
                        f"player {p} has {crew} crew over the limit {limit} at turn {s.turn} "
                        "(powers: allow_over_limit, leave_fulfilled)"
                    )
                limit = self.goods_limit(s, p)
                if goods > limit and goods > last_goods + goods_ok:
                    raise AssertionError(
                        f"player {p} has {goods} goods over the limit {limit} at turn {s.turn} "
                        "(powers: allow_over_limit, leave_fulfilled)"
                    )
        s.limit_marks = [[crew, goods, 0, 0] for crew, goods in sizes]

    def card_list(self, cards: list[int]) -> str:
        return ", ".join(self.cards.names[c] for c in cards) or "nothing"
