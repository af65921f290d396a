// Capital (the grey expansion): its rule modifiers (mods.py's Capital keys) as plain values,
// and the rules of its own that the base rule files call where the Python rule reads
// `game.capital` or a Capital key (turn.py: Barter and capital_discard; ships.py:
// `_capital_home`, `_super`, `_homing_only`; cargo.py: Yen's cut and Partnership's own cargo;
// limits.py: US Dollars' virtual crew). The powers are in ie_powers_capital.cpp.
#pragma once

#include <cstdint>
#include <optional>
#include <utility>

#include "ie_core.hpp"

namespace deckhand::ie {

// A Super Ship (mods "super_ships" record; Partnership, IE-CAP-23).
struct SuperShip {
    std::int8_t ship = 0;        // the ship carrying both ships' contracts
    std::int8_t mate = 0;        // the joined ship, out of play at sea until they part
    ContractId contract = 0;     // Partnership's contract id
    std::int16_t multiplier = 1; // its payout multiplier
    std::int16_t compensation = 0;  // what another player importing from it pays its owner
    bool operator==(const SuperShip& o) const {
        return ship == o.ship && mate == o.mate && contract == o.contract && multiplier == o.multiplier &&
               compensation == o.compensation;
    }
};

// One player's Capital modifiers (mods.py, section Capital). Empty lists: the key absent (the
// rules read an absent key and an empty tuple alike).
struct CapitalMods {
    SmallVec<Card, 8> held_cards;                                // cards kept aside (Diesel Engine, Yen)
    SmallVec<std::pair<std::int8_t, Card>, 20> single_use_ships;  // (ship index, card): Diesel Engine
    SmallVec<std::int8_t, 20> retired_ships;                      // single-use ships out of play
    SmallVec<SuperShip, 4> super_ships;                          // Partnership
    SmallVec<Card, 8> homing_cards;                              // GPS
    SmallVec<std::pair<std::int8_t, std::int8_t>, 8> first_contract_cut;  // (ship index, containers): Yen
    std::optional<std::pair<int, int>> virtual_crew;             // (turn, count): US Dollars

    bool any() const {
        return !held_cards.empty() || !single_use_ships.empty() || !retired_ships.empty() ||
               !super_ships.empty() || !homing_cards.empty() || !first_contract_cut.empty() || virtual_crew;
    }
};

struct Ship;
class Game;

// ---------------------------------------------------------------- ie_capital.cpp
// A Barter action: one hand card for one supply-island card (IE-CAP-8, IE-CAP-9).
void barter(Game& g, int p);
// Before p's Draw action, his grey cards may be discarded one by one (IE-CAP-10).
void capital_discard(Game& g, int p);
// The index of `ship` in the state's ships (-1: a ship not on the table, a trial one).
int ship_index(const Game& g, const Ship& ship);
// cargo.contract_cargo: what powers waive of the k-th contract's needs on this ship (Yen's cut
// on the first, Partnership's own cargo on its Super Ship); `needs` is cargo_of's.
void capital_cargo(const Game& g, const Ship& ship, int index, int k, ContractId cid, Needs& needs);
// Whether the owner's Capital records can change a ship's cargo needs (the fast path's test).
bool capital_cargo_mods(const Game& g, int owner);
// ships._super: a Super Ship's payout multiplier (1 for any other ship) and compensation (0).
int super_multiplier(const Game& g, int ship);
int super_compensation(const Game& g, int ship);
// ships._homing_only: the ship's only containers are cards that bring it home (GPS).
bool homing_only(const Game& g, int ship);
// ships._unload_homing: the homing cards left on a ship coming home are discarded.
void unload_homing(Game& g, int ship);
// ships._return_to_port (ie_ships.cpp): the homing cards aboard discarded, the ship at port.
void return_to_port(Game& g, int ship);
// ships._capital_home: a bare ship comes home the Capital ways; whether it applied.
bool capital_home(Game& g, int ship);

}  // namespace deckhand::ie
