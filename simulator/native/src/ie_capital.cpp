// Capital's rules of its own (the grey expansion; Rulings IE-CAP-n): the Barter action and
// the grey cards discarded before a Draw (turn.py, actions.py), the Capital ships that come
// home their own way (ships.py: Super Ships, single-use ships, GPS), and the cargo its
// powers waive (cargo.contract_cargo: Yen, Partnership). The base rule files call these
// where the Python rule reads `game.capital` or a Capital key; the records are CapitalMods
// (ie_capital.hpp). Capital's powers are in ie_powers_capital.cpp.
#include "ie_game.hpp"
#include "ie_powers.hpp"

namespace deckhand::ie {

namespace {
inline std::size_t at(int i) { return static_cast<std::size_t>(i); }
CapitalMods& capital_of(Game& g, int p) { return g.s.mods[at(p)].capital; }
const CapitalMods& capital_of(const Game& g, int p) { return g.s.mods[at(p)].capital; }
}  // namespace

// ---------------------------------------------------------------- the turn (turn.py, actions.py)

// Barter: swap one hand card for one card of the supply island; with an empty hand or island
// nothing happens (IE-CAP-8, IE-CAP-9). Options (barter): {hand card, island card}, hand
// cards outer, as Python's ((h, i) for h in hand for i in island).
void barter(Game& g, int p) {
    State& s = g.s;
    Options options;
    for (Card h : s.hands[at(p)])
        for (Card i : s.island) options.push_back(opt(h, i));
    if (options.empty()) return;
    const Option choice = options[at(g.ask(p, Kind::barter, options))];
    s.hands[at(p)].remove(choice.a);
    s.island.remove(choice.b);
    s.island.push_back(choice.a);
    s.hands[at(p)].push_back(choice.b);
}

// Capital cards may be discarded from the hand at any time and are not replaced until a Draw
// action: offered one by one right before each of p's Draw actions (IE-CAP-10). Options
// (capital_discard): {-1}: pass; {card}: each grey card of the hand, in hand order.
void capital_discard(Game& g, int p) {
    State& s = g.s;
    while (true) {
        Options options = {opt(-1)};
        for (Card c : s.hands[at(p)])
            if (g.table().color[at(c)] == GREY) options.push_back(opt(c));
        if (options.size() == 1) return;
        const int card = options[at(g.ask(p, Kind::capital_discard, options))].a;
        if (card < 0) return;
        s.hands[at(p)].remove(static_cast<Card>(card));
        to_discard(g, p, card);
    }
}

// ---------------------------------------------------------------- cargo (cargo.py)

int ship_index(const Game& g, const Ship& ship) {
    const auto& ships = g.s.ships;
    for (int i = 0; i < ships.size(); ++i)
        if (&ships[i] == &ship) return i;
    return -1;
}

bool capital_cargo_mods(const Game& g, int owner) {
    const CapitalMods& m = capital_of(g, owner);
    return !m.first_contract_cut.empty() || !m.super_ships.empty();
}

// contract_cargo: Partnership's own cargo on its Super Ship is waived (IE-CAP-23); then Yen's
// cut on the ship's first contract (IE-CAP-25): `cut` containers fewer, rainbow slots first,
// then the colour needing the most (the lowest colour among equals: cargo._less).
void capital_cargo(const Game& g, const Ship& ship, int index, int k, ContractId cid, Needs& needs) {
    const CapitalMods& m = capital_of(g, ship.owner);
    for (const SuperShip& r : m.super_ships)
        if (r.ship == index && r.contract == cid) needs = Needs{};
    if (k != 0) return;
    for (const auto& [i, cut] : m.first_contract_cut) {
        if (i != index) continue;
        for (int n = 0; n < cut; ++n) {
            const int any = needs.find(ANY);
            if (any >= 0 && needs.count[at(any)] > 0) {
                --needs.count[at(any)];
            } else if (needs.any_positive()) {
                int best = 0;  // max(need, key=(need[c], -c)): the first of the largest, lowest colour
                for (int j = 1; j < needs.n; ++j) {
                    const bool better = needs.count[at(j)] > needs.count[at(best)] ||
                                        (needs.count[at(j)] == needs.count[at(best)] &&
                                         needs.color[at(j)] < needs.color[at(best)]);
                    if (better) best = j;
                }
                --needs.count[at(best)];
            }
        }
    }
}

// ---------------------------------------------------------------- ships (ships.py)

namespace {
// ships._super: the ship's Super Ship record, or nullptr for any other ship.
const SuperShip* super_of(const Game& g, int ship) {
    const int owner = g.s.ships[ship].owner;
    if (owner < 0) return nullptr;
    for (const SuperShip& r : capital_of(g, owner).super_ships)
        if (r.ship == ship) return &r;
    return nullptr;
}
}  // namespace

int super_multiplier(const Game& g, int ship) {
    const SuperShip* r = super_of(g, ship);
    return r == nullptr ? 1 : r->multiplier;
}

int super_compensation(const Game& g, int ship) {
    const SuperShip* r = super_of(g, ship);
    return r == nullptr ? 0 : r->compensation;
}

bool homing_only(const Game& g, int ship) {
    const Ship& x = g.s.ships[ship];
    if (x.owner < 0) return false;
    const auto& homing = capital_of(g, x.owner).homing_cards;
    if (homing.empty()) return false;
    for (Card c : x.cargo)
        if (!homing.contains(c)) return false;
    return true;
}

void unload_homing(Game& g, int ship) {
    Ship& x = g.s.ships[ship];
    if (x.cargo.empty()) return;
    auto& homing = capital_of(g, x.owner).homing_cards;
    SmallVec<Card, 8> kept;
    for (Card c : homing)
        if (!x.cargo.contains(c)) kept.push_back(c);
    homing = kept;
    for (Card c : x.cargo) to_discard(g, x.owner, c);
    x.cargo.clear();
    x.cargo_colors.clear();
}

// A bare ship at sea comes home the Capital ways: a Super Ship parts into its two ships
// (Partnership, IE-CAP-23); a single-use ship is discarded instead and stays out of play, at
// sea and empty (Diesel Engine, IE-CAP-16); a ship out of play stays so. Whether it applied
// (otherwise the ship comes home as any other).
bool capital_home(Game& g, int index) {
    State& s = g.s;
    const int owner = s.ships[index].owner;
    if (owner < 0) return false;
    CapitalMods& m = capital_of(g, owner);
    if (m.super_ships.empty() && m.single_use_ships.empty() && m.retired_ships.empty()) return false;
    if (m.retired_ships.contains(static_cast<std::int8_t>(index))) return true;  // out of play
    for (const SuperShip& r : m.super_ships)
        if (r.mate == index) return true;  // the hidden half of a Super Ship
    SmallVec<std::int8_t, kMaxShips> indices;
    indices.push_back(static_cast<std::int8_t>(index));
    for (int k = 0; k < m.super_ships.size();) {
        if (m.super_ships[k].ship == index) {
            indices.push_back(m.super_ships[k].mate);
            m.super_ships.pop_at(k);
        } else {
            ++k;
        }
    }
    const auto hulls = m.single_use_ships;  // dict(single_use_ships), as it was
    auto hull_of = [&](int i) {
        int card = -1;  // a dict: the last pair of the ship wins
        for (const auto& [ship, c] : hulls)
            if (ship == i) card = c;
        return card;
    };
    if (indices.size() == 1 && hull_of(index) < 0) return false;
    for (auto i8 : indices) {
        const int i = i8;
        const int hull = hull_of(i);
        if (hull < 0) {
            return_to_port(g, i);
            if (listening(g, Event::ship_returned)) {
                Payload payload;
                payload.ship = i;
                emit(g, Event::ship_returned, s.ships[i].owner, payload);
            }
            continue;
        }
        unload_homing(g, i);
        for (int k = 0; k < m.single_use_ships.size();) {
            if (m.single_use_ships[k].first == i) m.single_use_ships.pop_at(k);
            else ++k;
        }
        m.retired_ships.push_back(static_cast<std::int8_t>(i));
        bool last = true;  // its card's last ship
        for (const auto& entry : m.single_use_ships)
            if (entry.second == hull) last = false;
        if (last) {
            m.held_cards.remove(static_cast<Card>(hull));
            to_discard(g, s.ships[i].owner, hull);
        }
    }
    return true;
}

}  // namespace deckhand::ie
