// The decisions the heuristic answers and their options, in the shapes the Python rules
// offer them (simulator/games/import_export/decisions.py and the modules that ask): a
// decision's options in the rules' order, the bot's answer an index into them.
#pragma once

#include <vector>

#include "heuristic/power_choices.hpp"
#include "heuristic/valuation.hpp"

namespace deckhand::heur {

enum class Kind {
    LEAD,
    LEAD_WITH,
    FOLLOW,
    FOLLOW_WITH,
    DECLARE,
    SUPPLY_CHOICE,
    BARTER_CHOICE,
    CONTRACT_CHOICE,
    LOAD_CHOICE,
    PIRATE_CHOICE,
    PIRATE_TO,
    IMPORT_SHIP,
    BID,
    IMPORT_TIE,
    IMPORT_TAKE,
    IMPORT_PLACE,
    ANY_TIME,  // a reaction window (IE-ANYTIME-1): "pass", then the uses offered
    POWER,  // a card power's question (power_choices.py, reasons_base.py)
};

// lead: ("draw",), ("lead", action), ("discard_contracts", ship)
struct LeadOption {
    enum Verb { DRAW, LEAD, DISCARD_CONTRACTS } verb = DRAW;
    int arg = -1;
};

// follow: ("follow",), ("draw",), ("follow_as", performed, played)
struct FollowOption {
    enum Verb { FOLLOW, DRAW, FOLLOW_AS } verb = DRAW;
    int performed = -1;
    int played = -1;
};

// supply: ("sell", card), ("crew", card)
struct SupplyOption {
    bool sell = false;
    int card = -1;
};

// contract: (card, contract id, ship), or "stop" (stop == true)
struct ContractOption {
    bool stop = false;
    int card = -1;
    int cid = -1;
    int ship = -1;
};

// load: (card, ship, colour)
struct LoadOption {
    int card = -1;
    int ship = -1;
    int color = -1;
};

// pirate: ("ship", i, j), ("island", card), or Mini Van's ("deck",), ("hand", seat)
struct PirateOption {
    enum Where { SHIP, ISLAND, OTHER } where = OTHER;
    int a = -1;  // ship index, or the island card
    int b = -1;  // the container's position on the ship
};

// pirate_to: (ship, colour), or "discard"
struct PirateToOption {
    bool discard = false;
    int ship = -1;
    int color = -1;
};

// import_ship's context
enum class ImportContext { ALONE, BIDDING, NOT_BIDDING };

// One decision: its kind, asked of `player`, with the options of its kind filled.
struct Decision {
    Kind kind = Kind::LEAD;
    int player = 0;
    int context = -1;  // the action (follow, declare, lead_with, follow_with), the ship (bid),
                       // the card (import_place), the ImportContext (import_ship)
    std::vector<LeadOption> lead;
    std::vector<Play> plays;  // lead_with, follow_with; barter: (given, taken)
    std::vector<FollowOption> follow;
    std::vector<int> ints;  // declare counts, import_ship ships, bid amounts, tie seats,
                            // import_take positions
    std::vector<int> cargo;  // import_take's context
    std::vector<SupplyOption> supply;
    std::vector<ContractOption> contract;
    std::vector<LoadOption> load;
    std::vector<PirateOption> pirate;
    std::vector<PirateToOption> pirate_to;
    std::vector<int> place;  // import_place: 0 "crew", 1 "goods"
    std::vector<int> uses;   // any_time: per option, the power's rule (power_choices.
                             // ANY_TIME_RULES: its index + 1; 0 none, -1 "pass")
    std::vector<int> use_contract;  // any_time: per option, the use's contract id (-1: none)
    std::vector<int> use_arg;       // any_time: per option, the use's first argument (-1: none)
    std::vector<int> use_arg2, use_arg3;  // ... its second and third (Tsukiji Fish)
    bool before_scoring = false;  // any_time: the moment is "before_scoring"
    bool mine_starting = false;   // any_time: the moment is my own turn's start
    int moment_action = -1;       // any_time: the moment's action (-1: none)
    bool turn_end = false;        // any_time: the moment is "turn_end" (Olive Oil)
    PowerQuestion power;          // a card power's question (Kind::POWER)

    int size() const {
        switch (kind) {
            case Kind::LEAD: return static_cast<int>(lead.size());
            case Kind::LEAD_WITH:
            case Kind::FOLLOW_WITH:
            case Kind::BARTER_CHOICE: return static_cast<int>(plays.size());
            case Kind::FOLLOW: return static_cast<int>(follow.size());
            case Kind::SUPPLY_CHOICE: return static_cast<int>(supply.size());
            case Kind::CONTRACT_CHOICE: return static_cast<int>(contract.size());
            case Kind::LOAD_CHOICE: return static_cast<int>(load.size());
            case Kind::PIRATE_CHOICE: return static_cast<int>(pirate.size());
            case Kind::PIRATE_TO: return static_cast<int>(pirate_to.size());
            case Kind::IMPORT_PLACE: return static_cast<int>(place.size());
            case Kind::ANY_TIME: return static_cast<int>(uses.size());
            case Kind::POWER: return power.size();
            default: return static_cast<int>(ints.size());
        }
    }

    // Ready for the next decision of a Decision refilled kind after kind (the native seat's):
    // a decision writes only its own kind's options and fields (size()'s vectors, and
    // any_time's and power's fields), so only the last kind's are cleared; a new Decision
    // starts with all of them empty.
    void clear_own() {
        context = -1;
        switch (kind) {
            case Kind::LEAD: lead.clear(); break;
            case Kind::LEAD_WITH:
            case Kind::FOLLOW_WITH:
            case Kind::BARTER_CHOICE: plays.clear(); break;
            case Kind::FOLLOW: follow.clear(); break;
            case Kind::SUPPLY_CHOICE: supply.clear(); break;
            case Kind::CONTRACT_CHOICE: contract.clear(); break;
            case Kind::LOAD_CHOICE: load.clear(); break;
            case Kind::PIRATE_CHOICE: pirate.clear(); break;
            case Kind::PIRATE_TO: pirate_to.clear(); break;
            case Kind::IMPORT_PLACE: place.clear(); break;
            case Kind::IMPORT_TAKE:
                ints.clear();
                cargo.clear();
                break;
            case Kind::ANY_TIME:
                uses.clear();
                use_contract.clear();
                use_arg.clear();
                use_arg2.clear();
                use_arg3.clear();
                before_scoring = false;
                mine_starting = false;
                moment_action = -1;
                turn_end = false;
                break;
            case Kind::POWER:
                power.options.clear();
                power.decoded = false;
                power.swaps.clear();
                break;
            default: ints.clear(); break;  // declare, import_ship, bid, import_tie
        }
    }
};

}  // namespace deckhand::heur
