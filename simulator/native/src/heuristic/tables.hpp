// What the native heuristic reads that holds for a whole match: the card tables and rule
// numbers it reads through its view's `facts` (view.GameFacts, match_tables.MatchTables'
// inputs), the bot's parameters (its `settings`, valuation.Weights' inputs) and the Python
// modules' constants the valuation uses. All of it is built from the Python objects by
// simulator/native/heuristic_table.py and handed over; nothing here is hard-coded.
#pragma once

#include <vector>

#include "heuristic/common.hpp"

namespace deckhand::heur {

// cards.Contract, compiled, with the game's own cargo reading (`_plain_cargo`).
struct ContractData {
    int id = -1;
    int color = 0;
    ColorCounts level;        // contract.level, in the sheet's order
    ColorCounts cargo;        // contract.cargo, in the sheet's order
    ColorCounts plain_cargo;  // game._plain_cargo[id]: what rules.remaining reads without a state
    int cargo_total = 0;
    double power_bonus = 0.0;  // contract_choice.power_bonus(contract)
    int price = -1;            // its power's `price` parameter (Telescopes), -1: none
    double payout_multiplier = -1;  // its `payout_multiplier` (Partnership), -1: none
    bool immediate_timing = false;  // contract.timing == "immediate" (Hentai Manga's rule)
    // reasons_base._power_score's reading of its power (heuristic_table.power_score_parts):
    // scored at all, a copy does nothing, ongoing, immediate, at the end; its level pips
    bool ps_known = false;
    bool ps_scored = false, ps_copy_nothing = false, ps_ongoing = false, ps_immediate = false,
         ps_end = false;
    int ps_level = 0;
};

// rule_book.BaseRules (with the run's --rule overrides).
struct RuleNumbers {
    int draw_to = 5;
    int end_credits = 50;
    int sell_price = 4;
    int flag_load_cost = 2;
    int set_bonus = 10;
    int majority[4] = {6, 6, 6, 8};
    int illegal_penalty = 6;
    int pay_2 = 6;
    int pay_3_4 = 10;
    int pay_5_6 = 14;
    int ship_capacity = 6;
    int crew_limit_bonus = 1;  // game._crew_limit_bonus

    // BaseRules.payout
    int payout(int containers) const {
        if (containers >= 5) return pay_5_6;
        if (containers >= 3) return pay_3_4;
        return containers >= 1 ? pay_2 : 0;
    }
};

// The Python modules' constants the valuation reads (classic.py, valuation.py,
// match_tables.py, heuristic.py), handed over from Python.
struct Constants {
    double card_value = 1.5;    // classic.CARD_VALUE
    double hold = 0.6;          // valuation.HOLD
    double tempo = 0.8;         // match_tables.TEMPO
    double fulfil_bonus = 2.0;  // match_tables.FULFIL_BONUS
    double lead_shared = 0.5;   // heuristic.LEAD_SHARED
    bool shared_action[N_ACTIONS] = {true, false, false, false, true, false};  // SHARED_ACTIONS
    int lutefisk_code = -1;    // power_choices.ANY_TIME_RULES: Lutefisk's index + 1
    int us_dollars_code = -1;  // ... and US Dollars' (Capital)
    int telescopes_code = -1;  // ... and Telescopes' 
    int bionic_ears_code = -1;  // ... Bionic Ears' and Segways' (Kickstarter)
    int segways_code = -1;
    int tsukiji_fish_code = -1;  // ... and Tsukiji Fish's, Sushi Knives' (reasons_tokyo_j.hpp)
    int sushi_knives_code = -1;
    int comfort = 12;        // power_choices.COMFORT
    int iceland_water_code = -1, olive_oil_code = -1;  // Flag's ANY_TIME_RULES codes
    int late_credits = 40;                             // power_choices.LATE_CREDITS
    // reasons_base.py's constants
    double swap_margin = 0.5, crew_card = 2.0, immediate = 1.0, ongoing = 2.0;
    double ship_home = 1.0, rival_home = 1.5, short_hand = 3.0, card_to_play = 0.5;
    double level_short = 0.3;
    double hope = 0.5;  // reasons_expansions.HOPE (reasons_tokyo_j.hpp)
};

// The bot's parameters (IEClassic.params, a preset's, or a run's overrides).
struct Params {
    double contract_bias = 0, load_bias = 0, import_bias = 0, pirate_bias = 0, supply_bias = 0;
    double bid_share = 0, collect = 0, deny = 0, draw = 0, race = 0;
    bool classic = false;  // IEClassic, not IEHeuristic (the seat text's `classic=1`)
};

// One match's cards and rules, as the bot's view offers them (GameFacts).
struct BotTables {
    int n_cards = 0;
    std::vector<int> color;                 // rules.color (cards and physical containers)
    std::vector<int> actions;               // rules.actions
    std::vector<std::vector<int>> colors;   // cards.colors: a card's container colours
    std::vector<std::vector<int>> card_contracts;  // cards.ids: a card's contract ids
    std::vector<ContractData> contracts;    // by index; `index_of` maps an id to it
    std::vector<int> index_of;              // contract id -> index in `contracts` (-1: none)
    std::vector<char> unlimited;            // by contract id: rules.unlimited_ship (Legos)
    bool any_unlimited = false;
    bool tokyo_port = false;
    RuleNumbers rules;
    Constants k;

    const ContractData& by_id(int cid) const {
        if (cid < 0 || cid >= static_cast<int>(index_of.size()) || index_of[cid] < 0)
            fail("unknown contract id " + std::to_string(cid));
        return contracts[static_cast<std::size_t>(index_of[cid])];
    }
    // by_id without its check: a contract id read from the state or the table
    const ContractData& contract(int cid) const {
        return contracts[static_cast<std::size_t>(index_of[static_cast<std::size_t>(cid)])];
    }
    bool is_unlimited(int cid) const {
        return any_unlimited && cid >= 0 && cid < static_cast<int>(unlimited.size()) &&
               unlimited[static_cast<std::size_t>(cid)];
    }
};

}  // namespace deckhand::heur
