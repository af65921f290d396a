"""What one Import/Export player may see: own hand and bids; everything else on the table
is public (FAQ: all but hands and bids), except the deck (but its top card once Yerba Mate
turned it face up) and all but the top discard."""

from __future__ import annotations

from simulator.core.view import SeatView
from simulator.games.import_export.game_api import GameAPI
from simulator.games.import_export.state import IEState


class IEView(SeatView):
    """A read-only window for one player. `rules` gives the rule helpers (levels, fits)."""

    __slots__ = ("rules",)

    def __init__(self, state: IEState, player: int, rules: GameAPI) -> None:
        super().__init__(state, player)
        self.rules = rules

    @property
    def credits(self) -> tuple[int, ...]:
        return tuple(self._state.credits)

    def crew(self, player: int) -> tuple[int, ...]:
        return tuple(self._state.crew[player])

    def goods(self, player: int) -> tuple[int, ...]:
        return tuple(self._state.goods[player])

    def fulfilled(self, player: int) -> tuple[int, ...]:
        return tuple(self._state.fulfilled[player])

    @property
    def island(self) -> tuple[int, ...]:
        """The cards on the Supply Island, or on the Tokyo Port when it is in play."""
        return tuple(self._state.island)

    @property
    def tokyo_port(self) -> bool:
        """Whether the Tokyo Port replaces the Supply Island (IE-TOKYO-1)."""
        return self.rules.tokyo_port

    @property
    def port_columns(self) -> tuple[tuple[int, ...], ...]:
        """The Tokyo Port's cards column by column (public; costs: `port_column_costs`)."""
        return self.rules.port_columns(self._state)

    @property
    def port_column_costs(self) -> tuple[int, ...]:
        return self.rules.rules.tokyo_column_costs

    def port_cost(self, card: int) -> int:
        """What I would pay to place this Port card as a contract (0 with Toto Toilets)."""
        return self.rules.port_cost(self._state, self.player, card)

    @property
    def ships(
        self,
    ) -> tuple[tuple[int, bool, tuple[int, ...], tuple[int, ...], tuple[int, ...]], ...]:
        """(owner, at_sea, contract ids, cargo cards, cargo colours) per ship."""
        return tuple(
            (s.owner, s.at_sea, tuple(s.contracts), tuple(s.cargo), tuple(s.cargo_colors))
            for s in self._state.ships
        )

    def ship(self, index: int) -> object:
        """A copy of one ship, for the rule helpers (`rules.remaining(view.ship(i))`)."""
        return self._state.ships[index].copy()

    @property
    def port(self) -> tuple[int, ...]:
        return tuple(self._state.port)

    @property
    def market(self) -> tuple[int, ...] | None:
        """The Market variant's goods markers, public (-2..+2 per good type, by colour), or
        None without the variant (variants.py)."""
        market = self._state.market
        return None if market is None else tuple(market)

    def is_container(self, item: int) -> bool:
        """Whether a cargo, crew or goods item is a physical container rather than a card
        (the container variants); `rules.color` and `rules.actions` cover both."""
        return item >= self.rules.n_cards

    @property
    def deck_size(self) -> int:
        return len(self._state.deck)

    @property
    def deck_top(self) -> int | None:
        """The deck's top card once Yerba Mate turned the deck face up (IE-FLAGP-9), else
        None: the rest of the deck stays hidden."""
        s = self._state
        if s.deck and s.mods[self.player].get("deck_face_up"):
            return s.deck[-1]
        return None

    @property
    def discard_top(self) -> int | None:
        return self._state.discard[-1] if self._state.discard else None

    @property
    def leader(self) -> int:
        return self._state.leader

    def level(self, color: int, player: int | None = None) -> int:
        return self.rules.level(self._state, self.player if player is None else player, color)

    def good_end_value(self, card: int) -> int:
        """What my final score would lose if this good of mine left now (its value, the set
        bonus, my majorities; power bonuses aside)."""
        return self.rules.good_end_value(self._state, self.player, card)

    @property
    def end_triggered(self) -> bool:
        """Whether the end is triggered: the current turn is the last (IE-END-1)."""
        return self._state.end_triggered

    def missing_levels(self, contract_id: int) -> int:
        return self.rules.missing_levels(self._state, self.player, contract_id)

    def crew_room(self) -> int:
        return self.rules.crew_limit(self._state, self.player) - len(self._state.crew[self.player])

    def play_options(self, action: int, following: bool = False) -> tuple[object, ...]:
        """The cards (and wildcard pairs) of my hand that may declare an action, with my
        powers' ways to count cards (3D Printers, Rice Cookers, Chopsticks)."""
        return self.rules.play_options(self._state, self.player, action, following)

    def goods_room(self) -> int:
        return self.rules.goods_limit(self._state, self.player) - len(
            self._state.goods[self.player]
        )
