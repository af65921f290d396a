// ships.py: ships coming home from sea (Kickstarter 2's Aeroponics too). Capital's Super
// Ships, single-use ships and GPS are not native (a base game never sets their keys).
#include "ie_game.hpp"
#include "ie_powers.hpp"

namespace deckhand::ie {

namespace {
void return_to_port(Ship& ship) {
    ship.at_sea = false;
    ship.cargo.clear();
    ship.cargo_colors.clear();
}
}  // namespace

// A ship at sea left without containers (by an import, a plunder or a power) returns to its
// port and tells the powers (ships.ship_home). Nothing happens to a ship at port or one
// still carrying containers, but one of an owner with Aeroponics left with that many
// returns home with them still loaded (IE-KSB-2).
void ship_home(Game& g, int index) {
    Ship& ship = g.s.ships[index];
    if (!ship.at_sea) return;
    if (ship.cargo.empty()) {
        return_to_port(ship);
    } else {
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
