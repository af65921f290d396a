// ships.py: ships coming home from sea; Capital's Super Ships, single-use ships and GPS come
// home their own way (ie_capital.cpp), Kickstarter 2's Aeroponics still loaded.
#include "ie_game.hpp"
#include "ie_powers.hpp"

namespace deckhand::ie {

// ships._return_to_port: the homing cards left aboard discarded (GPS), the ship at port.
void return_to_port(Game& g, int index) {
    unload_homing(g, index);
    Ship& ship = g.s.ships[index];
    ship.at_sea = false;
    ship.cargo.clear();
    ship.cargo_colors.clear();
}

// A ship at sea left without containers (by an import, a plunder or a power) returns to its
// port and tells the powers (ships.ship_home). Nothing happens to a ship at port or one
// still carrying containers, but one of an owner with Aeroponics left with that many
// returns home with them still loaded (IE-KSB-2).
void ship_home(Game& g, int index) {
    Ship& ship = g.s.ships[index];
    if (!ship.at_sea) return;
    if (ship.cargo.empty() || homing_only(g, index)) {  // GPS (IE-CAP-19)
        if (capital_home(g, index)) return;  // Super Ships, single-use ships (IE-CAP-23, IE-CAP-16)
        return_to_port(g, index);
    } else {  // Aeroponics: left with that many containers, home still loaded (IE-KSB-2)
        const auto& at = g.s.mods[static_cast<std::size_t>(ship.owner >= 0 ? ship.owner : 0)].sea_return_at;
        if (ship.owner < 0 || !at || ship.cargo.size() != *at) return;
        ship.at_sea = false;
    }
    if (listening(g, Event::ship_returned)) {
        Payload payload;
        payload.ship = index;
        emit(g, Event::ship_returned, ship.owner, payload);
    }
}

}  // namespace deckhand::ie
