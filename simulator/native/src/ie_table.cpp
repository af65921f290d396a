// A table read from Python, checked, with its native powers indexed (framework.index_for,
// PowerIndex; game_base's _plain_cargo and _load_colors).
#include <atomic>
#include <cmath>

#include "ie_powers.hpp"
#include "ie_table.hpp"
#include "ie_variants.hpp"

namespace deckhand::ie {

namespace {
inline std::size_t at(int i) { return static_cast<std::size_t>(i); }
}  // namespace

bool Contract::has(const char* param) const {
    for (const Param& p : params)
        if (p.name == param) return true;
    return false;
}

double Contract::number(const char* param) const {
    for (const Param& p : params)
        if (p.name == param) return p.value;
    throw NativeError(name + ": the sheet gives no parameter '" + param + "' its native power reads");
}

int Contract::whole(const char* param) const {
    for (const Param& p : params) {
        if (p.name != param) continue;
        if (!p.whole)
            throw NativeError(name + ": its parameter '" + param + "' is " + std::to_string(p.value) +
                              ", and its native power reads a whole number");
        return static_cast<int>(p.value);
    }
    throw NativeError(name + ": the sheet gives no parameter '" + param + "' its native power reads");
}

std::vector<std::string> missing_native_powers(const Table& table) {
    std::vector<std::string> missing;
    for (const Contract& c : table.contracts)
        if (c.python_power && find_power(c.name) == nullptr) missing.push_back(c.name);
    return missing;
}

void finish_table(Table& t) {
    static std::atomic<std::uint64_t> tables_finished{0};
    t.serial = ++tables_finished;  // what the bots' shared tables are keyed by (bot_heuristic.cpp)
    if (t.players < 2 || t.players > kMaxPlayers)
        throw NativeError("the native core plays 2 to 6 players, not " + std::to_string(t.players));
    if (t.n_cards + (t.tokens ? kTokenColors * kActions : 0) > kMaxCards)
        throw NativeError("the native core holds " + std::to_string(kMaxCards) + " cards, the table has " +
                          std::to_string(t.n_cards));
    if (!power_errors().empty()) throw NativeError("native power registrations: " + power_errors()[0]);
    bool capital_native = false;
    for (const std::string& name : native_modules()) capital_native = capital_native || name == "capital";
    for (int card = 0; card < t.n_cards && !capital_native; ++card)
        for (auto color : t.colors[at(card)])
            if (color == GREY)
                throw NativeError("grey cards (Capital) are not native: card " + std::to_string(card));
    // the native powers of the cards whose power plays
    const auto missing = missing_native_powers(t);
    if (!missing.empty()) {
        std::string names;
        for (std::size_t k = 0; k < missing.size() && k < 12; ++k) names += (k ? ", " : "") + missing[k];
        if (missing.size() > 12) names += " and " + std::to_string(missing.size() - 12) + " more";
        throw NativeError(std::to_string(missing.size()) + " card(s) of this game have a power the native core "
                          "does not play yet: " + names);
    }
    index_port_columns(t);  // Tokyo (IE-TOKYO-2)
    const int ids = t.max_contract_id() + 1;
    PowerIndex& index = t.index;
    index.any_cargo.assign(at(ids), 0);
    index.unlimited_ship.assign(at(ids), 0);
    index.cargo_contract.assign(at(t.n_cards), -1);
    index.card_hooks.assign(kEvents, {});
    index.hand_hooks.assign(kEvents, {});
    index.hand_any_time.clear();
    index.works_from_hand.assign(at(t.n_cards), 0);
    index.card_events.assign(kEvents, 0);
    index.any_time_possible = false;
    index.any_unlimited_ship = false;
    index.any_cargo_cards = false;
    for (Contract& c : t.contracts) {
        c.power = c.python_power ? find_power(c.name) : nullptr;
        const PowerDef* def = c.power;
        if (def == nullptr) continue;
        for (const std::string& param : def->params)
            if (!c.has(param.c_str()))
                throw NativeError(c.name + ": the sheet gives no parameter '" + param + "' its native power reads");
        if (def->any_cargo != c.python_any_cargo || def->unlimited_ship != c.python_unlimited_ship)
            throw NativeError(c.name + ": its native power's any_cargo/unlimited_ship differ from Python's");
        const auto cid = static_cast<ContractId>(c.id);
        const auto card = static_cast<Card>(c.card);
        if (def->any_cargo) index.any_cargo[at(c.id)] = 1;
        if (def->unlimited_ship) {
            index.unlimited_ship[at(c.id)] = 1;
            index.any_unlimited_ship = true;
        }
        if (def->on_cargo != nullptr) {
            index.cargo_contract[at(c.card)] = cid;
            index.any_cargo_cards = true;
        }
        for (int e = 0; e < kEvents; ++e) {
            if (def->card_hooks[at(e)] != nullptr) {
                index.card_hooks[at(e)].emplace_back(card, cid);
                index.card_events[at(e)] = 1;
            }
            if (def->hand_hooks[at(e)] != nullptr) {
                auto& hooks = index.hand_hooks[at(e)];  // a dict card -> contract: first place, last value
                bool replaced = false;
                for (auto& entry : hooks)
                    if (entry.first == card) {
                        entry.second = cid;
                        replaced = true;
                    }
                if (!replaced) hooks.emplace_back(card, cid);
                index.card_events[at(e)] = 1;
            }
        }
        if (def->any_time_from == AnyTimeFrom::hand) {
            bool replaced = false;
            for (auto& entry : index.hand_any_time)
                if (entry.first == card) {
                    entry.second = cid;
                    replaced = true;
                }
            if (!replaced) index.hand_any_time.emplace_back(card, cid);
            index.works_from_hand[at(c.card)] = 1;
            index.any_time_possible = true;
        }
        if (def->any_time_from == AnyTimeFrom::fulfilled) index.any_time_possible = true;
    }
    // each contract's cargo needs without a power's rainbow colours (_plain_cargo)
    t.plain_cargo.assign(at(ids), Needs{});
    for (const Contract& c : t.contracts) {
        Needs cargo = c.cargo;
        bool rainbow = index.any_cargo[at(c.id)] != 0;
        for (ContractId cid : t.capital_rainbow) rainbow = rainbow || cid == c.id;  // IE-CAP-6
        if (rainbow) {
            cargo = Needs{};
            cargo.add(ANY, c.cargo_total);
        }
        t.plain_cargo[at(c.id)] = cargo;
    }
    // the colours each card may be loaded as: either side of a Flag card, never grey
    t.load_colors.assign(at(t.n_cards), {});
    for (int card = 0; card < t.n_cards; ++card)
        for (auto color : t.colors[at(card)])
            if (color != GREY && !t.load_colors[at(card)].contains(color)) t.load_colors[at(card)].push_back(color);
    configure_variants(t);  // the tokens' colours and actions (variants.configure)
}

}  // namespace deckhand::ie
