"""Cargo: what a ship's contracts still need, which container fits, which contract a ship
can hold, the order contracts completed together resolve in, and the ships at port.

One layer of ImportExportGame (rules.py; the layers are listed in game_base.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from math import ceil
from typing import Any

from simulator.games.import_export.cards import ANY, BLUE, GREY, PAIRED
from simulator.games.import_export.limits import NO_LIMIT, LimitsAndLevels
from simulator.games.import_export.state import IEState, Ship, ShipLike


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


def _fits_need(need: dict[int, int], color: int, wild: Any) -> bool:
    """Whether a container of this colour fills one of a ship's uncovered needs (as
    `remaining` gives them): its own colour or a rainbow slot; a grey or wild one any."""
    if color == GREY or color in wild:
        return any(v > 0 for v in need.values())
    return need.get(color, 0) > 0 or need.get(ANY, 0) > 0


class CargoRules(LimitsAndLevels):
    """Cargo: what a ship's contracts still need, which container fits, which contract a ship
    can hold, the order contracts completed together resolve in, and the ships at port."""

    def _cargo_of(self, cid: int, rainbow: Any) -> dict[int, int]:
        """A contract's cargo needs; all rainbow for Tortillas-like contracts and for the
        colours a power (Candy, Coffee, Generators, Seeds) opens to any container, and for
        Capital contracts with a multicolour cargo (IE-CAP-6)."""
        if rainbow:
            contract = self.cards.contract_by_id[cid]
            if contract.color in rainbow:
                return {ANY: contract.cargo_total}
        return self._plain_cargo[cid]

    def contract_cargo(
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

    def wild_colors(self, s: IEState | None, owner: int) -> Any:
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
        wild = self.wild_colors(s, ship.owner)
        for cargo in self.contract_cargo(ship, contracts, s, rainbow):
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
        wild = self.wild_colors(s, ship.owner)
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
        return _fits_need(need, color, self.wild_colors(s, ship.owner))

    def can_hold(self, ship: ShipLike, contract_id: int, s: IEState | None = None) -> bool:
        """Whether the contract fits the ship: all contracts' cargo plus the leftover
        containers that none of them uses stay within the capacity (IE-CARGO-1). A ship with
        a Legos-like contract (or taking one) has no limit (IE-FLAGP-21)."""
        unlimited = self.powers.unlimited_ship
        if unlimited and (contract_id in unlimited or not unlimited.isdisjoint(ship.contracts)):
            return True
        return self._taken(ship, [*ship.contracts, contract_id], s) <= self.capacity(s, ship.owner)

    def room(self, ship: ShipLike, s: IEState) -> int:
        """The containers a ship's owner could still add for contracts placed on it now:
        its capacity (Tablets) less its contracts' cargo (Yen, Partnership) and the leftover
        containers none of them uses, as `can_hold` counts them (IE-CARGO-1); NO_LIMIT on
        a ship with a Legos-like contract (IE-FLAGP-21). A bot reads it through its view."""
        unlimited = self.powers.unlimited_ship
        if unlimited and not unlimited.isdisjoint(ship.contracts):
            return NO_LIMIT
        return self.capacity(s, ship.owner) - self._taken(ship, ship.contracts, s)

    def _taken(self, ship: ShipLike, contracts: Sequence[int], s: IEState | None) -> int:
        """The room these contracts take on the ship: their cargo (a rainbow contract needs
        as many containers as its printed cargo) plus the containers matching none, as
        remaining(ship, ..., s) matches them."""
        rainbow = s.mods[ship.owner].get("rainbow_colors") if s is not None else None
        need: dict[int, int] = {}
        total = 0
        for cargo in self.contract_cargo(ship, contracts, s, rainbow):
            for color, k in cargo.items():
                need[color] = need.get(color, 0) + k
                total += k
        return total + self._match(need, ship.cargo_colors, self.wild_colors(s, ship.owner))

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
        unmatched = self._match(need, ship.cargo_colors, self.wild_colors(s, ship.owner))
        return total + unmatched <= self.capacity(s, ship.owner)

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
        wild = self.wild_colors(s, ship.owner)
        needs = [dict(c) for c in self.contract_cargo(ship, ship.contracts, s, rainbow)]
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

    def ships_in_port(self, s: IEState, p: int) -> list[tuple[int, Ship]]:
        """(index, ship) of p's ships that can take contracts and containers now: at port,
        and not the ship that has just completed and is sailing (IE-POWER-48)."""
        return [
            (i, ship)
            for i, ship in enumerate(s.ships)
            if ship.owner == p and not ship.at_sea and i not in s.departing
        ]

    def _unpair(self, ship: Ship) -> None:
        """A ship sailing: each card of a pair counts as a container of the pair's own type
        again (IE-JP-8)."""
        colors = ship.cargo_colors
        for j in range(len(colors) - 1, 0, -1):
            if colors[j] == PAIRED:
                colors[j] = self.color[ship.cargo[j]]
                if colors[j - 1] != PAIRED:
                    colors[j - 1] = colors[j]
