// cargo.py: what a ship's contracts still need, which container fits, which contract a ship
// can hold, the order contracts completed together resolve in, and the ships at port.
// Needs keep Python's dict order (Needs in ie_core.hpp): a wild container fills the first
// of the largest needs in that order. Capital's Yen and Partnership waive needs through
// capital_cargo (ie_capital.cpp); Robo-Cats' pairs are not native.
#include <cmath>

#include "ie_game.hpp"
#include "ie_powers.hpp"

namespace deckhand::ie {

namespace {

inline std::size_t at(int i) { return static_cast<std::size_t>(i); }

// Give containers (their colours) to the needs, which are lowered in place; returns how many
// matched none (IE-CARGO-1). Coloured containers first, then grey and wild ones, so the order
// of loading never costs a slot (IE-VAR-14).
int match(Needs& need, const SmallVec<std::int8_t, kMaxShipCargo>& colors, std::uint8_t wild) {
    int unmatched = 0;
    bool plain = wild == 0;
    if (plain) {
        for (auto c : colors)
            if (c == GREY) plain = false;
    }
    SmallVec<std::int8_t, kMaxShipCargo> flexible;
    for (auto color : colors) {
        if (color == PAIRED) continue;  // rides with the container before it (IE-JP-8)
        if (!plain && (color == GREY || ((wild >> color) & 1U))) {
            flexible.push_back(color);
            continue;
        }
        const int k = need.find(color);
        if (k >= 0 && need.count[at(k)] > 0) {
            --need.count[at(k)];
            continue;
        }
        const int any = need.find(ANY);
        if (any >= 0 && need.count[at(any)] > 0) {
            --need.count[at(any)];
            continue;
        }
        ++unmatched;
    }
    for (auto color : flexible) {
        const int k = need.find(color);
        if (k >= 0 && need.count[at(k)] > 0) {
            --need.count[at(k)];
        } else if (need.any_positive()) {
            // max(need, key=(need[c], c != ANY)): the largest need, a colour before a rainbow
            // slot at equal count, the first in order among equals
            int best = 0;
            for (int j = 1; j < need.n; ++j) {
                const bool better = need.count[at(j)] > need.count[at(best)] ||
                                    (need.count[at(j)] == need.count[at(best)] &&
                                     need.color[at(j)] != ANY && need.color[at(best)] == ANY);
                if (better) best = j;
            }
            --need.count[at(best)];
        } else {
            ++unmatched;
        }
    }
    return unmatched;
}

// The summed needs of these contracts on a ship of `owner` (contract_cargo, summed as
// remaining() sums them), and their total.
Needs summed(const Game& g, const Ship& ship, int extra, int* total) {
    const std::uint8_t rainbow = g.s.mods[at(ship.owner)].rainbow_colors;
    const bool waived = capital_cargo_mods(g, ship.owner);  // Yen, Partnership (contract_cargo)
    const int index = waived ? ship_index(g, ship) : -1;
    Needs need;
    int sum = 0;
    int k = 0;
    for (ContractId cid : ship.contracts) {
        Needs cargo = cargo_of(g, cid, rainbow);
        if (waived) capital_cargo(g, ship, index, k++, cid, cargo);
        need.add_all(cargo);
        sum += cargo.total();
    }
    if (extra >= 0) {
        Needs cargo = cargo_of(g, extra, rainbow);
        if (waived) capital_cargo(g, ship, index, k, static_cast<ContractId>(extra), cargo);
        need.add_all(cargo);
        sum += cargo.total();
    }
    if (total != nullptr) *total = sum;
    return need;
}

}  // namespace

// A contract's cargo needs; all rainbow for Tortillas-like contracts and for the colours a
// power (Candy, Coffee, Generators, Seeds) opens to any container.
Needs cargo_of(const Game& g, int contract_id, std::uint8_t rainbow) {
    if (rainbow != 0) {
        const Contract& contract = g.table().contract(contract_id);
        if ((rainbow >> contract.color) & 1U) {
            Needs any;
            any.add(ANY, contract.cargo_total);
            return any;
        }
    }
    return g.table().plain_cargo[at(contract_id)];
}

// Uncovered cargo needs of a ship's contracts (plus `extra`, a contract id being
// considered), and the containers matching none (IE-CARGO-1).
Needs remaining(const Game& g, const Ship& ship, int* unmatched, int extra) {
    Needs need = summed(g, ship, extra, nullptr);
    const int left = match(need, ship.cargo_colors, g.s.mods[at(ship.owner)].wild_colors);
    if (unmatched != nullptr) *unmatched = left;
    return need;
}

// Whether a container of this colour fills one of the uncovered needs: its own colour or a
// rainbow slot; a grey or wild one any.
bool fits_need(const Needs& need, int color, std::uint8_t wild) {
    if (color == GREY || ((wild >> color) & 1U)) return need.any_positive();
    return need.get(color) > 0 || need.get(ANY) > 0;
}

// Whether a container of this colour may be loaded: an uncovered matching need.
bool fits(const Game& g, const Ship& ship, int color) {
    if (ship.at_sea || ship.contracts.empty()) return false;
    const Needs need = remaining(g, ship);
    return fits_need(need, color, g.s.mods[at(ship.owner)].wild_colors);
}

namespace {
// The room these contracts take on the ship: their cargo plus the containers matching none.
int taken(const Game& g, const Ship& ship, int extra) {
    int total = 0;
    Needs need = summed(g, ship, extra, &total);
    return total + match(need, ship.cargo_colors, g.s.mods[at(ship.owner)].wild_colors);
}

bool unlimited(const Game& g, int contract_id) {
    return g.table().index.unlimited_ship[at(contract_id)] != 0;
}
}  // namespace

// Whether the contract fits the ship: all contracts' cargo plus the leftover containers
// stay within the capacity (IE-CARGO-1); a Legos-like contract lifts it (IE-FLAGP-21).
bool can_hold(const Game& g, const Ship& ship, int contract_id) {
    if (g.table().index.any_unlimited_ship) {
        if (unlimited(g, contract_id)) return true;
        for (ContractId cid : ship.contracts)
            if (unlimited(g, cid)) return true;
    }
    return taken(g, ship, contract_id) <= capacity(g, ship.owner);
}

// The containers a ship's owner could still add for contracts placed on it now.
int room(const Game& g, const Ship& ship) {
    if (g.table().index.any_unlimited_ship) {
        for (ContractId cid : ship.contracts)
            if (unlimited(g, cid)) return 1000000;  // limits.NO_LIMIT
    }
    return capacity(g, ship.owner) - taken(g, ship, -1);
}

// Prefab Home (IE-POWER-50): whether the ship's contracts are met when each luxury contract
// needs only `fraction` of its containers (rounded up), of whichever of its cargo colours
// the loaded containers are (each colour at most as printed).
bool luxury_share_met(const Game& g, const Ship& ship, double fraction) {
    const std::uint8_t rainbow = g.s.mods[at(ship.owner)].rainbow_colors;
    Needs fixed;
    std::vector<std::vector<Needs>> choices;
    for (ContractId cid : ship.contracts) {
        const Needs cargo = cargo_of(g, cid, rainbow);
        if (g.table().contract(cid).color != BLUE) {
            fixed.add_all(cargo);
            continue;
        }
        const int share = std::max(1, static_cast<int>(std::ceil(static_cast<double>(cargo.total()) * fraction)));
        // product(range(min(cargo[c], share) + 1) for c in colors), the first colour slowest
        std::vector<Needs> parts;
        std::array<int, kColors> counts{};
        const int n = cargo.n;
        while (true) {
            int sum = 0;
            for (int k = 0; k < n; ++k) sum += counts[at(k)];
            if (sum == share) {
                Needs part;
                for (int k = 0; k < n; ++k) part.add(cargo.color[at(k)], counts[at(k)]);
                parts.push_back(part);
            }
            int k = n - 1;
            while (k >= 0) {
                if (counts[at(k)] < std::min<int>(cargo.count[at(k)], share)) {
                    ++counts[at(k)];
                    break;
                }
                counts[at(k)] = 0;
                --k;
            }
            if (k < 0) break;
        }
        choices.push_back(parts);
    }
    if (choices.empty()) return false;
    const std::uint8_t wild = g.s.mods[at(ship.owner)].wild_colors;
    // product(*choices), the first contract slowest
    std::vector<std::size_t> pick(choices.size(), 0);
    for (const auto& c : choices)
        if (c.empty()) return false;
    while (true) {
        Needs need = fixed;
        for (std::size_t i = 0; i < choices.size(); ++i) need.add_all(choices[i][pick[i]]);
        match(need, ship.cargo_colors, wild);
        if (!need.any_positive()) return true;
        std::size_t i = choices.size();
        while (i > 0) {
            --i;
            if (++pick[i] < choices[i].size()) break;
            pick[i] = 0;
            if (i == 0) return false;
        }
    }
}

// A ship's contracts in the order their cargo needs were met (FAQ: contracts completed
// together resolve in that order; IE-FULFIL-1): containers, in loading order (coloured ones
// before grey and wild ones), go to the first contract in placement order still needing
// them; a contract is met at the loading of the last container it took. Also, per container,
// the index in that order of the contract it filled, -1 for none.
void completion_order(const Game& g, const Ship& ship, SmallVec<ContractId, kMaxShipContracts>& order,
                      SmallVec<std::int8_t, kMaxShipCargo>& filled) {
    const Mods& mods = g.s.mods[at(ship.owner)];
    const std::uint8_t wild = mods.wild_colors;
    const int nc = ship.contracts.size();
    std::array<Needs, kMaxShipContracts> needs;
    const bool waived = capital_cargo_mods(g, ship.owner);  // Yen, Partnership (contract_cargo)
    const int index = waived ? ship_index(g, ship) : -1;
    for (int k = 0; k < nc; ++k) {
        needs[at(k)] = cargo_of(g, ship.contracts[k], mods.rainbow_colors);
        if (waived) capital_cargo(g, ship, index, k, ship.contracts[k], needs[at(k)]);
    }
    const auto& colors = ship.cargo_colors;
    const int steps = colors.size();
    std::array<int, kMaxShipContracts> met_at{};
    std::array<int, kMaxShipContracts> last{};
    for (int k = 0; k < nc; ++k) {
        met_at[at(k)] = steps;
        last[at(k)] = -1;
    }
    std::array<int, kMaxShipCargo> owner_of{};
    std::array<bool, kMaxShipCargo> flexible{};
    SmallVec<std::int8_t, kMaxShipCargo> sequence;  // plain + flexible
    for (int step = 0; step < steps; ++step) {
        owner_of[at(step)] = -1;
        flexible[at(step)] = colors[step] == GREY || ((wild >> colors[step]) & 1U);
    }
    for (int step = 0; step < steps; ++step)
        if (colors[step] != PAIRED && !flexible[at(step)]) sequence.push_back(static_cast<std::int8_t>(step));
    for (int step = 0; step < steps; ++step)
        if (flexible[at(step)]) sequence.push_back(static_cast<std::int8_t>(step));
    for (auto step8 : sequence) {
        const int step = step8;
        const int color = colors[step];
        for (int k = 0; k < nc; ++k) {
            Needs& need = needs[at(k)];
            int slot = -1;
            if (need.get(color) > 0) slot = color;
            else if (need.get(ANY) > 0) slot = ANY;
            if (slot < 0 && flexible[at(step)]) {
                for (int j = 0; j < need.n; ++j)
                    if (need.count[at(j)] > 0) {
                        slot = need.color[at(j)];
                        break;
                    }
            }
            if (slot >= 0) {
                --need.count[at(need.find(slot))];
                owner_of[at(step)] = k;
                last[at(k)] = std::max(last[at(k)], step);
                if (!need.any_positive()) met_at[at(k)] = last[at(k)];
                break;
            }
        }
    }
    for (int step = 0; step < steps; ++step)
        if (colors[step] == PAIRED) owner_of[at(step)] = owner_of[at(step - 1)];  // IE-JP-8
    // sorted(range(n), key=(met_at[k], k))
    std::array<int, kMaxShipContracts> sorted{};
    for (int k = 0; k < nc; ++k) sorted[at(k)] = k;
    std::stable_sort(sorted.begin(), sorted.begin() + nc,
                     [&](int a, int b) { return met_at[at(a)] < met_at[at(b)]; });
    std::array<int, kMaxShipContracts> rank{};
    order.clear();
    for (int i = 0; i < nc; ++i) {
        rank[at(sorted[at(i)])] = i;
        order.push_back(ship.contracts[sorted[at(i)]]);
    }
    filled.clear();
    for (int step = 0; step < steps; ++step) {
        const int k = owner_of[at(step)];
        filled.push_back(static_cast<std::int8_t>(k >= 0 ? rank[at(k)] : -1));
    }
}

// Indices of p's ships that can take contracts and containers now: at port, and not the
// ship that has just completed and is sailing (IE-POWER-48).
SmallVec<std::int8_t, kMaxShips> ships_in_port(const Game& g, int p) {
    SmallVec<std::int8_t, kMaxShips> out;
    const State& s = g.s;
    for (int i = 0; i < s.ships.size(); ++i) {
        const Ship& ship = s.ships[i];
        if (ship.owner == p && !ship.at_sea && !s.departing.contains(static_cast<std::int8_t>(i)))
            out.push_back(static_cast<std::int8_t>(i));
    }
    return out;
}

}  // namespace deckhand::ie
