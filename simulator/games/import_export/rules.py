"""Import/Export: `ImportExportGame`, the rules (core.spec.Game) as steps on the state's
stack (core/machine.py): a turn is data, so a game can be copied at any decision; a card
power stays a generator frame, written as the rulebook reads.

The class is assembled from one module per concern (game_base.py lists the layers): a card
power reaches the game through its public methods. Rulebook: ../shared/seeds/000-003 (the
same text in Italian, Spanish, French, German; FAQ in the Italian and Spanish files).
Interpretations are rulings in docs/rulings.md, named in the code as `IE-...`. Card powers
live in powers/ and are reached through hooks indexed per game, so only cards in play are
ever consulted.
"""

from __future__ import annotations

from simulator.core.protocol import Flow, Outcome, PlayerOutcome
from simulator.core.seeding import GameRandom
from simulator.core.spec import Game
from simulator.games.import_export.game_api import GameAPI
from simulator.games.import_export.game_base import SUPPORTED_SETS, SUPPORTED_VARIANTS
from simulator.games.import_export.limits import NO_LIMIT
from simulator.games.import_export.state import EVENT_NAMES, IEState, Scoring
from simulator.games.import_export.turn import TurnRules
from simulator.games.import_export.view import IEView

__all__ = [
    "NO_LIMIT",
    "SUPPORTED_SETS",
    "SUPPORTED_VARIANTS",
    "Flow",
    "ImportExportGame",
    "Scoring",
]


class ImportExportGame(TurnRules):
    """Import/Export bound to one config and card sheet."""

    def copy_state(self, s: IEState) -> IEState:
        """A deep copy with a random stream of its own that draws what the original would."""
        other = s.copy()
        other.rng = s.rng.copy()
        return other

    def redeal(self, s: IEState, seat: int, rng: GameRandom) -> None:
        """What `seat` cannot see, the other hands and the deck's order (FAQ: all but hands
        and bids is public), shuffled among the other hands (each keeping its size) and the
        deck; a deck Yerba Mate turned face up for the seat keeps its top card."""
        deck = s.deck
        top = deck[-1:] if deck and s.mods[seat].get("deck_face_up") else []
        pool = deck[: len(deck) - len(top)]
        others = [q for q in range(s.n) if q != seat]
        for q in others:
            pool.extend(s.hands[q])
        rng.shuffle(pool)
        k = 0
        for q in others:
            size = len(s.hands[q])
            s.hands[q][:] = pool[k : k + size]
            k += size
        deck[:] = pool[k:] + top

    def observe(self, s: IEState, player: int) -> IEView:
        """The player's view; views are live read-only windows, so one per seat is reused."""
        views = s.views
        if views is None:
            views = s.views = [IEView(s, p, self, self.facts) for p in range(s.n)]
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
                    events[e] = [sheet_id[card] for card in log[e]]
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


def _implements_the_api(game: ImportExportGame) -> GameAPI:
    """Nothing at run time: here mypy checks that the assembled rules implement everything
    game_api.GameAPI promises to the powers, windows, variants, views and narration."""
    return game


def _implements_the_contract(game: ImportExportGame) -> Game[IEState]:
    """Nothing at run time: here mypy checks that the rules implement the game contract
    (core.spec.Game) for their state, as the engine and the forward model play them."""
    return game
