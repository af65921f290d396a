// The numbers a native game reads, all of them data: the card tables (cards.IECards), each
// contract's power parameters from the sheet, and the rulebook's numbers (rule_book.BaseRules
// with the run's --rule overrides). simulator/native/ie_table.py extracts them from a built
// Python game; module.cpp reads that dict into a Table; finish_table() checks it and indexes
// the native powers of its cards (ie_powers.hpp). The core hard-codes no number a sheet or
// the rule book holds.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ie_core.hpp"

namespace deckhand::ie {

struct PowerDef;  // ie_powers.hpp

// cards.py TIMINGS.
enum class Timing : std::int8_t { immediate, any_time, ongoing, end_game };

// One number of a contract's `params` cell.
struct Param {
    std::string name;
    double value = 0;
    bool whole = true;  // written as an integer in the sheet (Python holds an int)
};

// One contract row, compiled (cards.Contract).
struct Contract {
    int id = 0;
    int card = 0;  // the physical card printing it
    std::string name;
    int color = 0;
    Needs level;  // level requirement, in the sheet's order
    Needs cargo;  // cargo requirement, in the sheet's order
    int cargo_total = 0;
    int level_total = 0;  // all its level pips (Wind Turbines, the Tokyo Port's column)
    Timing timing = Timing::immediate;
    std::vector<Param> params;

    // What the Python game's power index holds for it (framework.PowerIndex): whether its
    // power plays (a shipped power, not switched off, card powers on), and the two flags the
    // rules read. The native registry must hold a power for every contract whose power plays.
    bool python_power = false;
    bool python_any_cargo = false;
    bool python_unlimited_ship = false;

    const PowerDef* power = nullptr;  // the native power, set by finish_table

    bool has(const char* param) const;
    // A number of the power's `params`; a missing one (or, for whole(), a fractional one) is
    // a NativeError naming the card and the parameter.
    double number(const char* param) const;
    int whole(const char* param) const;
};

// rule_book.BaseRules: the rulebook's numbers, after --rule overrides.
struct Rules {
    int start_credits = 0;
    int grey_bonus_at_six = 0;
    int grey_bonus_capital = 0;
    int start_hand = 0;
    int draw_to = 0;
    int sell_price = 0;
    int owner_compensation = 0;
    int ship_capacity = 0;
    int end_credits = 0;
    int sea_cards_at_setup = 0;
    int pay_2 = 0;
    int pay_3_4 = 0;
    int pay_5_6 = 0;
    int unfulfilled_container = 0;
    int set_bonus = 0;
    std::array<int, 4> majority{};  // tech, agriculture, consumer, luxury
    int illegal_penalty = 0;
    int flag_load_cost = 0;
    bool card_powers = true;
    bool tokyo_port = false;  // the game's: the Tokyo set in play and the rule on (IE-TOKYO-1)
    std::vector<int> tokyo_column_costs;  // credits on top of the Port's columns (IE-TOKYO-2)
    std::vector<int> tea_drinkers;  // Rooibos Tea's seats (IE-FLAGP-8)

    // BaseRules.payout: by containers on the ship; fewer than 2 pays the lowest band
    // (IE-PAY-1).
    int payout(int containers) const {
        if (containers >= 5) return pay_5_6;
        if (containers >= 3) return pay_3_4;
        return containers >= 1 ? pay_2 : 0;
    }
};

// The powers of one game's cards (framework.PowerIndex), built once per table.
struct PowerIndex {
    std::vector<std::uint8_t> any_cargo;       // by contract id: a rainbow while placed (Tortillas)
    std::vector<std::uint8_t> unlimited_ship;  // by contract id: no capacity (Legos)
    bool any_unlimited_ship = false;
    std::vector<std::int16_t> cargo_contract;  // by card: the contract whose on_cargo it has, or -1
    bool any_cargo_cards = false;
    // event -> (card, contract id) of card hooks and hand hooks, in the index's order.
    std::vector<std::vector<std::pair<Card, ContractId>>> card_hooks;
    std::vector<std::vector<std::pair<Card, ContractId>>> hand_hooks;
    std::vector<std::pair<Card, ContractId>> hand_any_time;  // Lutefisk
    std::vector<std::uint8_t> works_from_hand;  // by card
    std::vector<std::uint8_t> card_events;      // by event: a card or hand hook hears it
    bool any_time_possible = false;             // game_base._any_time_possible
};

struct Table {
    std::uint64_t serial = 0;  // distinct for every table finished in this process (finish_table)
    int players = 0;
    int max_turns = 0;
    int n_cards = 0;
    std::vector<std::int8_t> action;                  // by card
    std::vector<std::int8_t> color;                   // by card: its first side's colour
    std::vector<SmallVec<std::int8_t, 2>> colors;     // by card: each side's colour
    std::vector<SmallVec<std::int8_t, 2>> load_colors;  // by card: colours it may be loaded as
    std::vector<SmallVec<ContractId, 2>> contracts_of;  // by card: its contract ids, side order
    std::vector<ContractId> sheet_id;                 // by card: its first contract's id
    std::vector<Contract> contracts;                  // in card order, side order
    std::vector<std::int16_t> contract_at;            // by contract id: index in contracts, or -1
    std::vector<Needs> plain_cargo;                   // by contract id (game_base._plain_cargo)
    std::vector<std::int8_t> port_column;             // by card: its Tokyo Port column (IE-TOKYO-2)
    Rules rules;
    PowerIndex index;
    int crew_limit_bonus = 1;  // the port's printed contract (IE-LIMIT-1)
    bool capital = false;      // game_base.capital: grey cards in the deck (IE-CAP-1 to IE-CAP-10)
    std::vector<ContractId> capital_rainbow;  // game_base.capital_rainbow: any container fills them (IE-CAP-6)
    // The variants (ie_variants.hpp): the Market; physical containers (the per-card arrays
    // then run on past n_cards over the tokens); crew and goods as containers too.
    bool market = false;
    bool tokens = false;
    bool all_tokens = false;
    std::vector<std::uint8_t> token_keep;  // by card: stays a card as a container (IE-VAR-6, 11)

    const Contract& contract(int id) const {
        return contracts[static_cast<std::size_t>(contract_at[static_cast<std::size_t>(id)])];
    }
    int card_of(int contract_id) const { return contract(contract_id).card; }
    int max_contract_id() const { return static_cast<int>(contract_at.size()) - 1; }
};

// Check a table read from Python and index its native powers: the contracts whose Python
// power plays must each have a native one (else a NativeError naming them), every number a
// native power declares must be in its row, and the flags must agree with Python's.
void finish_table(Table& table);

// Each card's Tokyo Port column (ie_tokyo_port.cpp; game_base._port_column_of).
void index_port_columns(Table& table);

// The contracts of a table whose power plays in Python but has no native power.
std::vector<std::string> missing_native_powers(const Table& table);

}  // namespace deckhand::ie
