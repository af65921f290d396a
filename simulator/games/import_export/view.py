"""What one Import/Export player may see: own hand and bids; everything else on the table
is public (FAQ: all but hands and bids), except the deck (but its top card once Yerba Mate
turned it face up) and all but the top discard."""

from __future__ import annotations

from collections.abc import Sequence

from simulator.core.view import SeatView
from simulator.games.import_export.cards import IECards
from simulator.games.import_export.game_api import GameAPI
from simulator.games.import_export.mods import SHIP_RULE_MODS
from simulator.games.import_export.rule_book import BaseRules
from simulator.games.import_export.state import IEState, ShipLike


class GameFacts:
    """What any player may know of the game his table plays, and nothing that changes it:
    the card tables, the rule numbers, and the cargo rules applied to a bot's own records of
    ships (without the state, so no owner's power modifiers). One per game; bots key their
    per-game tables on it."""

    __slots__ = (
        "_game",
        "cards",
        "rules",
        "color",
        "actions",
        "n_cards",
        "tokyo_port",
        "unlimited_ship",
    )

    def __init__(self, game: GameAPI) -> None:
        self._game = game
        self.cards: IECards = game.cards.copy()
        """A copy of the card tables (their dicts are mutable): a bot writing into the rules'
        own would change its worker's later games."""
        self.rules: BaseRules = game.rules
        """The rule numbers (rule_book.BaseRules, with the run's --rule overrides), as
        printed: those of mods.RULE_NUMBER_MODS are a seat's only while no power of his
        changes them, so a bot asks its view for a seat's own (`IEView.draws_to`, ...)."""
        self.color: tuple[int, ...] = game.color
        """A card's (or physical container's) colour as a good, crew, wildcard."""
        self.actions: tuple[int, ...] = game.actions
        self.n_cards: int = game.n_cards
        self.tokyo_port: bool = game.tokyo_port
        self.unlimited_ship: frozenset[int] = game.powers.unlimited_ship
        """Contract ids whose ship has no capacity (Legos: IE-FLAGP-21): a card's power,
        printed on the card, so known to all."""

    def remaining(self, ship: ShipLike, extra: int | None = None) -> tuple[dict[int, int], int]:
        """A ship's uncovered cargo needs (with `extra` contract added) and the containers
        matching none, by the cards' own rules (rules.remaining without the state)."""
        return self._game.remaining(ship, extra)

    def can_hold(self, ship: ShipLike, contract_id: int) -> bool:
        """Whether the ship could take the contract, by the cards' own rules."""
        return self._game.can_hold(ship, contract_id)

    def fits(self, ship: ShipLike, color: int) -> bool:
        """Whether a container of this colour fills an uncovered need of the ship."""
        return self._game.fits(ship, color)


class IEView(SeatView):
    """A read-only window for one player: what the table shows, the queries the rules
    answer for this seat (levels, limits, costs), the rule facts of any seat with his
    powers applied (hand size, end credits, goods limit, payouts, compensation: all public,
    since every fulfilled power is), and `facts` (GameFacts). The game itself stays
    private: no method of a view changes the state."""

    __slots__ = ("_s", "_game", "facts")

    def __init__(self, state: IEState, player: int, game: GameAPI, facts: GameFacts) -> None:
        super().__init__(state, player)
        self._s = state
        """The seat's `_state`, typed: the compiled build reads its fields (and each ship's)
        directly instead of looking their names up."""
        self._game = game
        self.facts = facts

    @property
    def credits(self) -> tuple[int, ...]:
        return tuple(self._s.credits)

    def crew(self, player: int) -> tuple[int, ...]:
        return tuple(self._s.crew[player])

    def goods(self, player: int) -> tuple[int, ...]:
        return tuple(self._s.goods[player])

    def fulfilled(self, player: int) -> tuple[int, ...]:
        return tuple(self._s.fulfilled[player])

    @property
    def island(self) -> tuple[int, ...]:
        """The cards on the Supply Island, or on the Tokyo Port when it is in play."""
        return tuple(self._s.island)

    @property
    def tokyo_port(self) -> bool:
        """Whether the Tokyo Port replaces the Supply Island (IE-TOKYO-1)."""
        return self._game.tokyo_port

    @property
    def port_columns(self) -> tuple[tuple[int, ...], ...]:
        """The Tokyo Port's cards column by column (public; costs: `port_column_costs`)."""
        return self._game.port_columns(self._s)

    @property
    def port_column_costs(self) -> tuple[int, ...]:
        return self._game.rules.tokyo_column_costs

    def port_cost(self, card: int) -> int:
        """What I would pay to place this Port card as a contract (0 with Toto Toilets)."""
        return self._game.port_cost(self._s, self.player, card)

    @property
    def ships(
        self,
    ) -> tuple[tuple[int, bool, tuple[int, ...], tuple[int, ...], tuple[int, ...]], ...]:
        """(owner, at_sea, contract ids, cargo cards, cargo colours) per ship."""
        return tuple(
            [
                (s.owner, s.at_sea, tuple(s.contracts), tuple(s.cargo), tuple(s.cargo_colors))
                for s in self._s.ships
            ]
        )

    def ship(self, index: int) -> object:
        """A copy of one ship, for the rule helpers (`rules.remaining(view.ship(i))`)."""
        return self._s.ships[index].copy()

    @property
    def port(self) -> tuple[int, ...]:
        return tuple(self._s.port)

    @property
    def market(self) -> tuple[int, ...] | None:
        """The Market variant's goods markers, public (-2..+2 per good type, by colour), or
        None without the variant (variants.py)."""
        market = self._s.market
        return None if market is None else tuple(market)

    def is_container(self, item: int) -> bool:
        """Whether a cargo, crew or goods item is a physical container rather than a card
        (the container variants); `rules.color` and `rules.actions` cover both."""
        return item >= self._game.n_cards

    @property
    def deck_size(self) -> int:
        return len(self._s.deck)

    @property
    def deck_top(self) -> int | None:
        """The deck's top card once Yerba Mate turned the deck face up (IE-FLAGP-9), else
        None: the rest of the deck stays hidden."""
        s = self._s
        if s.deck and s.mods[self.player].get("deck_face_up"):
            return s.deck[-1]
        return None

    def load_to_island_payment(self) -> int | None:
        """What my Smart Cars (or a Wind Turbines copying it) pays for a hand card put on the
        island instead of a Load, or None without the power: my own power, so public to me."""
        pay: int | None = self._s.mods[self.player].get("load_to_island")
        return pay

    @property
    def discard_top(self) -> int | None:
        return self._s.discard[-1] if self._s.discard else None

    @property
    def leader(self) -> int:
        return self._s.leader

    def level(self, color: int, player: int | None = None) -> int:
        return self._game.level(self._s, self.player if player is None else player, color)

    def good_end_value(self, card: int) -> int:
        """What my final score would lose if this good of mine left now (its value, the set
        bonus, my majorities; power bonuses aside)."""
        return self._game.good_end_value(self._s, self.player, card)

    def good_counts(self, player: int) -> list[int]:
        """A player's goods by the colour each counts as at scoring (a grey Capital good as
        his leftmost other type, Joe Wiggins' counted goods): public."""
        return self._game.good_counts(self._s, player)

    def goods_score(self, counts: list[list[int]], player: int) -> int:
        """A player's end-game credits from goods (points, set bonus, majorities, the
        illegal penalty; Foxes' ties; powers aside) if every player's goods counted `counts`,
        by the rules' own scoring: a power's goods move weighed without re-deriving it."""
        return self._game.goods_score_of(self._s, counts, player)

    @property
    def end_triggered(self) -> bool:
        """Whether the end is triggered: the current turn is the last (IE-END-1)."""
        return self._s.end_triggered

    def missing_levels(self, contract_id: int, player: int | None = None) -> int:
        """The levels a seat (me by default) lacks to place this contract: by the rules'
        own levels (limits.missing_levels: port, goods, Volkswagen, Joe Wiggins)."""
        p = self.player if player is None else player
        return self._game.missing_levels(self._s, p, contract_id)

    def crew_actions(self, action: int) -> int:
        """The crew actions of this type I may add to a declaration: my crew cards of it and
        what my powers add (Fridges, Cannons, US Dollars, Rice Cookers, Chopsticks, shared
        Pirate crew, crew counting as another type), by the rules' own count
        (limits.crew_actions)."""
        return self._game.crew_actions(self._s, self.player, action)

    def crew_actions_by_type(self) -> list[int]:
        """`crew_actions` of every action type at once (SUPPLY..BARTER), one list."""
        return self._game.crew_actions_by_type(self._s, self.player)

    def ship_mods(self) -> tuple[object, ...]:
        """What my powers change of what my ships need, hold or pay (the values of
        mods.SHIP_RULE_MODS that are set: Tablets, the wild and rainbow colours, Yen,
        Partnership), empty when nothing: where not empty, the `ship_*` queries below
        answer otherwise than `facts` (the printed rules) would."""
        mods = self._s.mods[self.player]
        if not mods:
            return ()
        return tuple([(key, mods[key]) for key in SHIP_RULE_MODS if mods.get(key)])

    def wild_colors(self) -> tuple[int, ...]:
        """Container colours wild on my ships (Big Cats, Impalas, Soap, Televisions, Wheat:
        IE-POWER-7), in colour order."""
        return tuple(sorted(self._game.wild_colors(self._s, self.player)))

    def ship_needs(self, index: int, extra: int | None = None) -> tuple[dict[int, int], int]:
        """A ship's uncovered cargo needs (with contract `extra` added) and the containers
        matching none, by the rules with its owner's powers (rules.remaining with the
        state; a fresh dict)."""
        return self._game.remaining(self._s.ships[index], extra, self._s)

    def ship_can_hold(self, index: int, contract_id: int) -> bool:
        """Whether the ship could take the contract now, its owner's powers counted."""
        return self._game.can_hold(self._s.ships[index], contract_id, self._s)

    def ship_room(self, index: int) -> int:
        """The containers the ship could still add for new contracts (cargo.room)."""
        return self._game.room(self._s.ships[index], self._s)

    def ship_payout(self, containers: int, owner: int | None = None) -> int:
        """What a ship of a seat's (mine by default) leaving with this many containers pays,
        his powers applied (Tablets' bands): game_base.payout, which the rules pay by (a
        Partnership Super Ship then multiplies it)."""
        return self._game.payout(self._s, self.player if owner is None else owner, containers)

    def ship_capacity(self, owner: int | None = None) -> int:
        """The containers a ship of a seat's (mine by default) may carry, his powers applied
        (Tablets): game_base.capacity, as the rules read it."""
        return self._game.capacity(self._s, self.player if owner is None else owner)

    def compensation_to(self, owner: int) -> int:
        """What the owner of a ship takes when another player imports from it, his powers
        applied (Pants): game_base.compensation_to, which the rules pay (a Partnership
        Super Ship pays its own)."""
        return self._game.compensation_to(self._s, owner)

    def draws_to(self, player: int | None = None) -> int:
        """The hand size a seat's (mine by default) Draw fills up to, his powers applied
        (Mineral Fuels; one card at or above it): game_base.draws_to, as the rules draw."""
        return self._game.draws_to(self._s, self.player if player is None else player)

    def end_credits_for(self, player: int | None = None) -> int | None:
        """The credits at which a seat's (mine by default) credits end the game, his powers
        applied (MRI Machine sets every seat's), or None where his credits never end it (Can
        Openers): game_base.end_threshold, the rules' own test."""
        return self._game.end_threshold(self._s, self.player if player is None else player)

    def crew_room(self) -> int:
        return self._game.crew_limit(self._s, self.player) - len(self._s.crew[self.player])

    def play_options(self, action: int, following: bool = False) -> tuple[object, ...]:
        """The cards (and wildcard pairs) of my hand that may declare an action, with my
        powers' ways to count cards (3D Printers, Rice Cookers, Chopsticks)."""
        return self._game.play_options(self._s, self.player, action, following)

    def goods_limit(self, player: int | None = None) -> int:
        """The goods a seat (me by default) may hold, his powers applied (Scotch's luxury
        pairs): limits.goods_limit, which the rules hold him to."""
        return self._game.goods_limit(self._s, self.player if player is None else player)

    def goods_room(self, player: int | None = None) -> int:
        """The goods a seat (me by default) may still add before the limit."""
        p = self.player if player is None else player
        return self._game.goods_limit(self._s, p) - len(self._s.goods[p])

    def goods_types(self, player: int | None = None) -> tuple[int, ...]:
        """The type each of a seat's goods counts as, in order (a grey Capital good as his
        leftmost other type: IE-CAP-3): limits.goods_colors, the rules' reading."""
        return tuple(self._game.goods_colors(self._s, self.player if player is None else player))

    def types_of_goods(self, goods: Sequence[int]) -> list[int]:
        """The type each of these goods would count as in a goods area holding them in this
        order (a good joining or leaving one, weighed before it moves): limits.types_of_goods,
        the rules' reading (IE-CAP-3, IE-CAP-4). A fresh list."""
        return self._game.types_of_goods(list(goods))
