"""The Pirate action: a container taken from a ship at sea or the island, then loaded.

One layer of ImportExportGame (rules.py; the layers are listed in game_base.py).
"""

from __future__ import annotations

from typing import Any

from simulator.core import machine
from simulator.core.machine import Step
from simulator.core.narration import seat
from simulator.core.protocol import Decision, Flow
from simulator.core.seeding import GameRandom
from simulator.games.import_export import narration as tell
from simulator.games.import_export.auctions import AuctionRules
from simulator.games.import_export.cards import GREY, PAIRED
from simulator.games.import_export.decisions import PIRATE_CHOICE, PIRATE_TO
from simulator.games.import_export.game_base import emit_later
from simulator.games.import_export.limits import to_goods
from simulator.games.import_export.loading import load_container
from simulator.games.import_export.powers.base_modifiers import STEM_CELLS_USE
from simulator.games.import_export.powers.j import ROBO_CATS_KEEP, ROBO_CATS_PAIR
from simulator.games.import_export.ships import ship_home
from simulator.games.import_export.state import IEState


class PlunderRules(AuctionRules):
    """The Pirate action: a container taken from a ship at sea or the island, then loaded."""

    def pirate(self, s: IEState, rng: GameRandom, p: int, ships_only: bool = False) -> Flow:
        """A Pirate action (`pirate`, the step), as a generator (a power's extra plunder:
        Contraband)."""
        return machine.nested(self, s, [(pirate, p, ships_only)])

    def _plunder_text(self, s: IEState, choice: Any) -> str:
        """What a Pirate action takes, in words (the replay)."""
        if choice[0] == "ship":
            ship = s.ships[choice[1]]
            return f"{self.names[ship.cargo[choice[2]]]} from {tell.ship_name(s, choice[1])}"
        if choice[0] == "island":
            return f"{self.names[choice[1]]} from {tell.island_name(self.whole)}"
        if choice[0] == "deck":
            return "the top card of the deck"
        return f"a random card of {seat(choice[1])}'s hand"

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
            choice = yield Decision(p, ROBO_CATS_KEEP, ("pass", "keep"), context=card)
        else:
            choice = yield Decision(p, ROBO_CATS_PAIR, ("pass", *ships), context=card)
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


# ---------------------------------------------------------------------- steps


def pirate(g: PlunderRules, s: IEState, step: Step) -> Decision | None:
    """Take a container from a ship at sea or the island; load it if it fits (IE-PIRATE-1).
    `ships_only`: a power's extra plunder from ships at sea (Contraband). Mini Van adds
    the other players' ships at port, the deck's top card and a random card of another
    player's hand (IE-POWER-47)."""
    p: int = step[1]
    ships_only: bool = step[2]
    if g.pirate_banned(s):
        return None
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
        options.extend(("island", c) for c in s.island if g.color[c] != GREY)
    if anywhere:
        if s.deck or (s.discard and s.reshuffle_allowed):
            options.append(("deck",))
        options.extend(("hand", q) for q in range(s.n) if q != p and s.hands[q])
    if not options:
        return None
    s.stack.append((pirated, p))
    return Decision(p, PIRATE_CHOICE, tuple(options))


def pirated(g: PlunderRules, s: IEState, step: Step) -> Decision | None:
    p: int = step[1]
    choice = s.answer
    if s.trace is not None:
        s.trace.say(f"{seat(p)} plunders {g._plunder_text(s, choice)}", p)
    if choice[0] == "ship":
        ship = s.ships[choice[1]]
        card = ship.cargo.pop(choice[2])
        colors: tuple[int, ...] = (ship.cargo_colors.pop(choice[2]),)
        s.moving.append(card)
        s.stack.append((plunder_landed, p, card, colors, choice))
        return ship_home(g, s, (ship_home, choice[1]))  # if emptied; no owner compensation
    if choice[0] == "island":
        card = choice[1]
        s.island.remove(card)
        colors = g.cards.colors[card]  # IE-FLAG-2: either colour from the island
    else:  # Mini Van: the deck's top card, or a random card of a player's hand
        taken = g.deck_pop(s) if choice[0] == "deck" else None
        if choice[0] == "hand":
            hand = s.hands[choice[1]]
            taken = hand.pop(s.rng.below(len(hand)))
        if taken is None:
            return None
        card = taken
        colors = g.cards.colors[card]  # not yet loaded: either colour (IE-FLAG-2)
    return _plundered(g, s, p, card, colors, choice)


def plunder_landed(g: PlunderRules, s: IEState, step: Step) -> Decision | None:
    """A container taken from a ship, once the ship came home if emptied."""
    p: int = step[1]
    card: int = step[2]
    colors = step[3]
    choice = step[4]
    s.moving.remove(card)
    return _plundered(g, s, p, card, colors, choice)


def _plundered(
    g: PlunderRules, s: IEState, p: int, card: int, colors: tuple[int, ...], choice: Any
) -> Decision | None:
    if card < g.n_cards:  # a physical container is not logged (variants.py)
        s.log[p]["pirated"].append(card)
    s.stack.append((plunder_told, p, card, colors[0], choice))
    return pirate_place(g, s, (pirate_place, p, card, colors))


def plunder_told(g: PlunderRules, s: IEState, step: Step) -> Decision | None:
    p: int = step[1]
    card: int = step[2]
    color = step[3]
    choice = step[4]
    s.stack.append((emit_later, "plundered", p, (card, color, choice[0])))
    if choice[0] == "ship":
        g.emit_step(s, "ship_plundered", p, (choice[1], card))
    return None


def pirate_place(g: PlunderRules, s: IEState, step: Step) -> Decision | None:
    """Load a pirated card onto a matching need at one's port, or discard it; Stem Cells
    may pay to add it to the goods instead (IE-POWER-35); Robo-Cats may keep it for a
    pair (IE-JP-8)."""
    p: int = step[1]
    card: int = step[2]
    colors = step[3]
    pair = s.mods[p].get("pair_load")
    if pair is not None and len(colors) == 1:
        s.stack.append((pirate_place_unpaired, p, card, colors))
        machine.push_flow(s, _pairing(p, card, colors[0], pair))
        return None
    return _pirate_place_rest(g, s, p, card, colors)


def _pairing(p: int, card: int, own: int, pair: tuple[int, int]) -> machine.MakeFlow:
    def make(g: PlunderRules, s: IEState) -> Flow:
        return g._pirate_pair(s, p, card, own, *pair)

    return make


def pirate_place_unpaired(g: PlunderRules, s: IEState, step: Step) -> Decision | None:
    """After Robo-Cats' offer (its `ret`: whether the card was kept or loaded so)."""
    if s.ret:
        return None
    p: int = step[1]
    card: int = step[2]
    colors = step[3]
    return _pirate_place_rest(g, s, p, card, colors)


def _pirate_place_rest(
    g: PlunderRules, s: IEState, p: int, card: int, colors: tuple[int, ...]
) -> Decision | None:
    cost = s.mods[p].get("plunder_to_goods_cost")
    if cost is not None and s.credits[p] >= cost and g.goods_fit(s, p, card):
        s.moving.append(card)
        s.stack.append((stem_cells_chosen, p, card, colors, cost))
        return Decision(p, STEM_CELLS_USE, ("pass", "goods"), context=card)
    return _pirate_to(g, s, p, card, colors)


def stem_cells_chosen(g: PlunderRules, s: IEState, step: Step) -> Decision | None:
    p: int = step[1]
    card: int = step[2]
    colors = step[3]
    cost: int = step[4]
    s.moving.remove(card)
    if s.answer == "goods":
        good = g.as_card(s, card)  # a physical container: IE-VAR-8
        if good is None:
            return None
        g.pay(s, p, cost, tell.STEM_CELLS)
        return to_goods(g, s, (to_goods, p, good))
    return _pirate_to(g, s, p, card, colors)


def _pirate_to(
    g: PlunderRules, s: IEState, p: int, card: int, colors: tuple[int, ...]
) -> Decision | None:
    targets = [
        (i, color)
        for i, ship in enumerate(s.ships)
        if ship.owner == p
        for color in dict.fromkeys(colors)
        if g.fits(ship, color, s)
    ]
    if not targets:
        if s.trace is not None:
            s.trace.say(f"{seat(p)} cannot load {g.names[card]} and discards it", p)
        g.to_discard(s, p, card)
        return None
    s.moving.append(card)
    s.stack.append((pirate_to_chosen, p, card))
    return Decision(p, PIRATE_TO, (*targets, "discard"), context=card)


def pirate_to_chosen(g: PlunderRules, s: IEState, step: Step) -> Decision | None:
    p: int = step[1]
    card: int = step[2]
    s.moving.remove(card)
    target = s.answer
    if target == "discard":  # IE-PIRATE-1: "Puoi piazzarlo": loading is allowed, not forced
        g.to_discard(s, p, card)
        return None
    i, color = target
    return load_container(g, s, (load_container, p, i, card, color))
