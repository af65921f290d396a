"""Ships coming home from sea, and the Capital ships that come home their own way (Super
Ships, single-use ships, GPS).

One layer of ImportExportGame (rules.py; the layers are listed in game_base.py).
"""

from __future__ import annotations

from typing import Any

from simulator.core import machine
from simulator.core.machine import Step
from simulator.core.protocol import Decision, Flow
from simulator.games.import_export import narration as tell
from simulator.games.import_export.cargo import CargoRules
from simulator.games.import_export.state import IEState, Ship


class ShipRules(CargoRules):
    """Ships coming home from sea, and the Capital ships that come home their own way (Super
    Ships, single-use ships, GPS)."""

    def ship_home(self, s: IEState, ship: Ship) -> Flow:
        """A ship at sea left without containers comes home (`ship_home`, the step), as a
        generator."""
        return machine.nested(self, s, [(ship_home, s.ships.index(ship))])

    def _return_to_port(self, s: IEState, ship: Ship) -> None:
        if s.trace is not None:
            name = tell.ship_name(s, s.ships.index(ship))
            s.trace.say(f"{name} returns to port", ship.owner)
        self._unload_homing(s, ship)
        ship.at_sea = False
        ship.cargo.clear()
        ship.cargo_colors.clear()

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
                name = tell.ship_name(s, i)
                s.trace.say(f"{name}, a single-use ship, is out of play", other.owner)
            if all(h[1] != hull for h in mods["single_use_ships"]):  # its card's last ship
                held = list(mods.get("held_cards", ()))
                held.remove(hull)
                mods["held_cards"] = tuple(held)
                self.to_discard(s, other.owner, hull)
        return True


# ---------------------------------------------------------------------- steps


def ship_home(g: ShipRules, s: IEState, step: Step) -> Decision | None:
    """A ship at sea left without containers (by an import, a plunder or a power) returns
    to its port; tells the powers (Backpacks: IE-KS-1). Does nothing to a ship at port or
    one still carrying containers, but one of an owner with Aeroponics (mods
    "sea_return_at") left with that many returns home with them still loaded (IE-KSB-2).
    A ship whose only containers bring it home (GPS) counts as emptied (IE-CAP-19);
    Super Ships and single-use ships come home their own way (`_capital_home`)."""
    index = step[1]
    ship = s.ships[index]
    if not ship.at_sea:
        return None
    if not ship.cargo or g._homing_only(s, ship):
        mods = s.mods[ship.owner] if ship.owner >= 0 else None
        if mods and ("super_ships" in mods or "single_use_ships" in mods):
            s.stack.append((capital_home_done, index))
            machine.push_flow(s, _capital_home_of(index))
            return None
        g._return_to_port(s, ship)
    elif ship.owner >= 0 and len(ship.cargo) == s.mods[ship.owner].get("sea_return_at"):
        ship.at_sea = False
        if s.trace is not None:
            s.trace.say(f"{tell.ship_name(s, index)} returns to port, still loaded", ship.owner)
    else:
        return None
    g.emit_step(s, "ship_returned", ship.owner, index)
    return None


def _capital_home_of(index: int) -> machine.MakeFlow:
    def make(g: ShipRules, s: IEState) -> Flow:
        return g._capital_home(s, s.ships[index])

    return make


def capital_home_done(g: ShipRules, s: IEState, step: Step) -> Decision | None:
    """After `_capital_home` (its `ret`: whether it brought the ship home its own way)."""
    if s.ret:
        return None
    index = step[1]
    ship = s.ships[index]
    g._return_to_port(s, ship)
    g.emit_step(s, "ship_returned", ship.owner, index)
    return None
