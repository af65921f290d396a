// fulfilment.py and loading.py: what a ship takes at port (contracts, containers), each time
// checked for completion; a ship's contracts met: the payment, the powers, the ship to sea,
// a card to the island; Hentai Manga's tucking (Tokyo, ie_powers_tokyo.cpp); the Market's
// payout and the physical containers (ie_variants.hpp).
#include "ie_game.hpp"
#include "ie_powers.hpp"
#include "ie_variants.hpp"

namespace deckhand::ie {

namespace {

inline std::size_t at(int i) { return static_cast<std::size_t>(i); }

// Pay by containers, contracts to the fulfilled area and their immediate powers, the ship to
// sea with its containers, one deck card to the island (IE-FULFIL-1).
void fulfil(Game& g, int index) {
    State& s = g.s;
    Ship& ship = s.ships[index];
    const int p = ship.owner;
    const int pay = payout(g, p, ship.cargo.size()) * super_multiplier(g, index);  // a Super Ship: IE-CAP-23
    if (!g.table().market) gain(g, p, pay);
    else market_payout(g, index, pay);  // the goods markers change it (IE-VAR-2..4)
    SmallVec<ContractId, kMaxShipContracts> contracts;
    SmallVec<std::int8_t, kMaxShipCargo> filled;
    completion_order(g, ship, contracts, filled);
    ship.contracts.clear();
    for (ContractId cid : contracts) {
        s.fulfilled[at(p)].push_back(cid);
        s.log_event(p, Logged::fulfilled, cid);
    }
    s.departing.push_back(static_cast<std::int8_t>(index));  // no contract under it meanwhile
    SmallVec<ContractId, kMaxShipContracts> elsewhere;  // put in crew or goods (Hentai Manga)
    if (s.mods[at(p)].tuck_illegal) tuck_elsewhere(g, p, contracts, elsewhere);
    // fulfil_powers: the completed contracts' powers, one after the other (those put
    // elsewhere: their immediate power only, IE-TOKYO-6)
    for (ContractId cid : contracts)
        if (g.table().contract(cid).power != nullptr) fulfilled(g, p, cid, elsewhere.contains(cid));
    s.departing.remove(static_cast<std::int8_t>(index));
    s.ships[index].at_sea = true;
    unpair(g, index);  // at sea each card of a Robo-Cats pair is a container (IE-JP-8)
    if (s.mods[at(p)].sea_return_at && *s.mods[at(p)].sea_return_at)  // Aeroponics (IE-KSB-2)
        ship_home(g, index);
    // fulfil_cargo: Bok Choy, the powers of the containers themselves, in their order
    if (g.table().index.any_cargo_cards) {
        const auto cargo = s.ships[index].cargo;  // as it sails
        for (int j = 0; j < cargo.size(); ++j)
            if (g.table().index.cargo_contract[at(cargo[j])] >= 0) {
                if (j >= filled.size()) throw NativeError("fulfil_cargo: a container the completion did not count");
                in_cargo(g, cargo[j], index, contracts, filled[j]);
            }
    }
    if (listening(g, Event::contract_fulfilled)) {
        Payload payload;
        payload.contracts = contracts;
        emit(g, Event::contract_fulfilled, p, payload);
    }
    // fulfil_told: ship_completed, with what each container filled (unknown if a power took
    // containers meanwhile)
    if (listening(g, Event::ship_completed)) {
        Payload payload;
        payload.ship = index;
        payload.contracts = contracts;
        const int left = s.ships[index].cargo.size();
        if (filled.size() == left) {
            payload.filled = filled;
        } else {
            for (int j = 0; j < left; ++j) payload.filled.push_back(-1);
        }
        emit(g, Event::ship_completed, p, payload);
    }
    // island_top
    const int top = deck_pop(g);
    if (top >= 0) s.island.push_back(static_cast<Card>(top));
}

}  // namespace

// A ship at port whose contracts' needs are all met completes; Prefab Home may let its owner
// complete at a share of luxury containers, or wait (IE-POWER-50).
void check_complete(Game& g, int i) {
    const Ship& ship = g.s.ships[i];
    if (ship.at_sea || ship.contracts.empty()) return;
    const Needs need = remaining(g, ship);
    if (need.any_positive()) {
        const auto& fraction = g.s.mods[at(ship.owner)].luxury_cargo_fraction;
        if (!fraction || !luxury_share_met(g, ship, *fraction)) return;
        // Options: {0: wait}, {1: complete}; context: the ship.
        if (g.ask(ship.owner, Kind::prefab_home_complete, {opt(0), opt(1)}, i) == 0) return;
    }
    fulfil(g, i);
}

// Place a card as a contract under ship i, from the hand (or `source`: a list a power holds,
// or the island); tells the powers, and the ship may complete with leftover containers.
void place_contract(Game& g, int p, int card, int contract_id, int i, Zone* source) {
    State& s = g.s;
    if (source == nullptr) s.hands[at(p)].remove(static_cast<Card>(card));
    else source->remove(static_cast<Card>(card));
    s.ships[i].contracts.push_back(static_cast<ContractId>(contract_id));
    s.log_event(p, Logged::contracted, contract_id);
    if (listening(g, Event::contract_placed)) {
        Payload payload;
        payload.contract = contract_id;
        emit(g, Event::contract_placed, p, payload);
    }
    check_complete(g, i);
}

// Load `card` onto ship i as `color`; tells the powers, and the ship may complete.
void load_container(Game& g, int p, int i, int card, int color) {
    State& s = g.s;
    if (g.table().tokens) card = load_token(g, p, i, card, color);  // IE-VAR-5
    else s.log_event(p, Logged::loaded, card);
    Ship& ship = s.ships[i];
    ship.cargo.push_back(static_cast<Card>(card));
    ship.cargo_colors.push_back(static_cast<std::int8_t>(color));
    if (listening(g, Event::container_loaded)) {
        Payload payload;
        payload.card = card;
        emit(g, Event::container_loaded, p, payload);
    }
    check_complete(g, i);
}

}  // namespace deckhand::ie
