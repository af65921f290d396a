// The native heuristic's match tables and parameters from the Python dicts that
// simulator/native/heuristic_table.py builds (`match_table`, `params_of`).
#pragma once

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <utility>
#include <vector>

#include "heuristic/tables.hpp"

namespace deckhand::heur {

namespace py = pybind11;

inline ColorCounts counts_from(const py::handle& pairs) {
    ColorCounts out;
    for (const auto& item : pairs) {
        const auto pair = item.cast<std::pair<int, int>>();
        if (out.find(pair.first) >= 0) fail("a colour twice in a need");
        out.add(pair.first, pair.second);
    }
    return out;
}

inline BotTables tables_from(const py::dict& d) {
    BotTables t;
    t.n_cards = d["n_cards"].cast<int>();
    t.color = d["color"].cast<std::vector<int>>();
    t.actions = d["actions"].cast<std::vector<int>>();
    t.colors = d["colors"].cast<std::vector<std::vector<int>>>();
    t.card_contracts = d["card_contracts"].cast<std::vector<std::vector<int>>>();
    int max_id = -1;
    for (const auto& item : d["contracts"].cast<py::list>()) {
        const auto c = item.cast<py::dict>();
        ContractData cd;
        cd.id = c["id"].cast<int>();
        cd.color = c["color"].cast<int>();
        cd.level = counts_from(c["level"]);
        cd.cargo = counts_from(c["cargo"]);
        cd.plain_cargo = counts_from(c["plain_cargo"]);
        cd.cargo_total = c["cargo_total"].cast<int>();
        cd.power_bonus = c["power_bonus"].cast<double>();
        cd.price = c["price"].cast<int>();
        if (c.contains("payout_multiplier")) cd.payout_multiplier = c["payout_multiplier"].cast<double>();
        const auto ps = c["power_score"].cast<std::vector<int>>();
        cd.ps_known = true;
        cd.ps_scored = ps.at(0) != 0;
        cd.ps_copy_nothing = ps.at(1) != 0;
        cd.ps_ongoing = ps.at(2) != 0;
        cd.ps_immediate = ps.at(3) != 0;
        cd.ps_end = ps.at(4) != 0;
        cd.ps_level = ps.at(5);
        if (cd.id < 0) fail("a negative contract id");
        if (cd.id > max_id) max_id = cd.id;
        t.contracts.push_back(cd);
    }
    t.index_of.assign(static_cast<std::size_t>(max_id + 1), -1);
    for (std::size_t i = 0; i < t.contracts.size(); ++i)
        t.index_of[static_cast<std::size_t>(t.contracts[i].id)] = static_cast<int>(i);
    t.unlimited.assign(static_cast<std::size_t>(max_id + 1), 0);
    for (int cid : d["unlimited"].cast<std::vector<int>>()) {
        if (cid >= 0 && cid <= max_id) {
            t.unlimited[static_cast<std::size_t>(cid)] = 1;
            t.any_unlimited = true;
        }
    }
    t.tokyo_port = d["tokyo_port"].cast<bool>();
    const auto rn = d["rules"].cast<py::dict>();
    RuleNumbers& n = t.rules;
    n.draw_to = rn["draw_to"].cast<int>();
    n.end_credits = rn["end_credits"].cast<int>();
    n.sell_price = rn["sell_price"].cast<int>();
    n.flag_load_cost = rn["flag_load_cost"].cast<int>();
    n.set_bonus = rn["set_bonus"].cast<int>();
    const auto majority = rn["majority"].cast<std::vector<int>>();
    if (majority.size() != 4) fail("majority: four numbers");
    for (int i = 0; i < 4; ++i) n.majority[i] = majority[static_cast<std::size_t>(i)];
    n.illegal_penalty = rn["illegal_penalty"].cast<int>();
    n.pay_2 = rn["pay_2"].cast<int>();
    n.pay_3_4 = rn["pay_3_4"].cast<int>();
    n.pay_5_6 = rn["pay_5_6"].cast<int>();
    n.ship_capacity = rn["ship_capacity"].cast<int>();
    n.crew_limit_bonus = rn["crew_limit_bonus"].cast<int>();
    const auto k = d["constants"].cast<py::dict>();
    t.k.card_value = k["card_value"].cast<double>();
    t.k.hold = k["hold"].cast<double>();
    t.k.tempo = k["tempo"].cast<double>();
    t.k.fulfil_bonus = k["fulfil_bonus"].cast<double>();
    t.k.lead_shared = k["lead_shared"].cast<double>();
    for (bool& s : t.k.shared_action) s = false;
    for (int a : k["shared_actions"].cast<std::vector<int>>()) t.k.shared_action[a] = true;
    t.k.comfort = k["comfort"].cast<int>();
    t.k.lutefisk_code = k["lutefisk_code"].cast<int>();
    t.k.telescopes_code = k["telescopes_code"].cast<int>();
    t.k.bionic_ears_code = k["bionic_ears_code"].cast<int>();
    t.k.segways_code = k["segways_code"].cast<int>();
    if (k.contains("us_dollars_code")) t.k.us_dollars_code = k["us_dollars_code"].cast<int>();
    const auto r = k["reasons"].cast<py::dict>();
    t.k.swap_margin = r["swap_margin"].cast<double>();
    t.k.crew_card = r["crew_card"].cast<double>();
    t.k.immediate = r["immediate"].cast<double>();
    t.k.ongoing = r["ongoing"].cast<double>();
    t.k.ship_home = r["ship_home"].cast<double>();
    t.k.rival_home = r["rival_home"].cast<double>();
    t.k.short_hand = r["short_hand"].cast<double>();
    t.k.card_to_play = r["card_to_play"].cast<double>();
    t.k.level_short = r["level_short"].cast<double>();
    return t;
}

inline Params params_from(const py::dict& d) {
    Params p;
    p.contract_bias = d["contract_bias"].cast<double>();
    p.load_bias = d["load_bias"].cast<double>();
    p.import_bias = d["import_bias"].cast<double>();
    p.pirate_bias = d["pirate_bias"].cast<double>();
    p.supply_bias = d["supply_bias"].cast<double>();
    p.bid_share = d["bid_share"].cast<double>();
    p.collect = d["collect"].cast<double>();
    p.deny = d["deny"].cast<double>();
    p.draw = d["draw"].cast<double>();
    p.race = d["race"].cast<double>();
    return p;
}

}  // namespace deckhand::heur
