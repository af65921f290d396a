// actions.py: performing the declared actions (Supply, Contract, Load, and the Import and
// Pirate actions of ie_auctions.cpp and ie_plunder.cpp), the leader's contract discard, and
// the powers that replace a Load (Smart Cars, Cell Phones) or extend one (Machine Arms).
// Barter is Capital's (ie_capital.cpp); the Tokyo Port's contracts are here
// (contract_actions), Robo-Cats' pairs in the load replacements.
#include "ie_game.hpp"
#include "ie_powers.hpp"

namespace deckhand::ie {

namespace {

inline std::size_t at(int i) { return static_cast<std::size_t>(i); }

// Options of the supply kind: {0, card}: sell a hand card; {1, card}: an island card to crew.
constexpr int kSell = 0;

// Sell a hand card (once a turn), or take an island card to crew (IE-SUPPLY-1).
void supply(Game& g, int p) {
    State& s = g.s;
    Options options;
    if (!s.sold_this_turn[at(p)])
        for (Card c : s.hands[at(p)]) options.push_back(opt(kSell, c));
    for (Card c : s.island) options.push_back(opt(1, c));
    if (options.empty()) return;
    const Option choice = options[at(g.ask(p, Kind::supply, options))];
    const int card = choice.b;
    if (choice.a == kSell) {
        s.hands[at(p)].remove(static_cast<Card>(card));
        s.island.push_back(static_cast<Card>(card));
        s.sold_this_turn[at(p)] = true;
        s.log_event(p, Logged::sold, card);
        gain(g, p, g.rules().sell_price);
        return;
    }
    s.island.remove(static_cast<Card>(card));
    if (to_crew(g, p, card) && listening(g, Event::crew_added)) {
        Payload payload;
        payload.card = card;
        emit(g, Event::crew_added, p, payload);
    }
}

// Powers replacing one Load: Smart Cars (a hand card to the island for credits, once a turn:
// IE-POWER-52) and Cell Phones (load the top card of the deck; FAQ: IE-POWER-34). Whether the
// Load was used so (`loaded` then holds the cards loaded, maybe none).
bool load_instead(Game& g, int p, SmallVec<Card, kMaxShipCargo>& loaded) {
    State& s = g.s;
    Mods& mods = s.mods[at(p)];
    if (mods.load_to_island && (!mods.load_to_island_turn || *mods.load_to_island_turn != s.turn) &&
        !s.hands[at(p)].empty()) {
        // Options: {-1}: load as usual; {card}: that hand card to the island.
        Options options = {opt(-1)};
        for (Card c : s.hands[at(p)]) options.push_back(opt(c));
        const int choice = options[at(g.ask(p, Kind::smart_cars_use, options))].a;
        if (choice >= 0) {
            s.hands[at(p)].remove(static_cast<Card>(choice));
            s.island.push_back(static_cast<Card>(choice));
            mods.load_to_island_turn = s.turn;
            gain(g, p, *mods.load_to_island);
            return true;
        }
    }
    if (mods.load_draw != 0) {
        bool needs = false;  // a ship of his at port with an uncovered need
        for (const Ship& ship : s.ships) {
            if (ship.owner != p || ship.at_sea || ship.contracts.empty()) continue;
            const Needs need = remaining(g, ship);
            for (int k = 0; k < need.n; ++k) needs = needs || need.count[at(k)] != 0;
            if (needs) break;
        }
        if (needs) {
            // Options: {0: hand}, {1: draw}.
            if (g.ask(p, Kind::cell_phones_use, {opt(0), opt(1)}) == 0) return false;
            const int card = deck_pop(g);
            if (card < 0) return true;
            s.log_event(p, Logged::drawn, card);
            const auto& colors = g.table().colors[at(card)];
            Options targets;  // {ship, colour}; context: the card
            if (colors.size() == 1 || s.credits[at(p)] >= g.rules().flag_load_cost) {
                for (int i = 0; i < s.ships.size(); ++i) {
                    const Ship& ship = s.ships[i];
                    if (ship.owner != p) continue;
                    for (int k = 0; k < colors.size(); ++k) {
                        bool seen = false;
                        for (int j = 0; j < k; ++j) seen = seen || colors[j] == colors[k];
                        if (!seen && colors[k] != GREY && fits(g, ship, colors[k]))
                            targets.push_back(opt(i, colors[k]));
                    }
                }
            }
            if (targets.empty()) {
                s.hands[at(p)].push_back(static_cast<Card>(card));  // not loadable: kept in the hand
                return true;
            }
            s.moving.push_back(static_cast<Card>(card));
            const Option target = targets[at(g.ask(p, Kind::cell_phones_load, targets, card))];
            s.moving.remove(static_cast<Card>(card));
            if (colors.size() > 1) pay(g, p, g.rules().flag_load_cost);
            load_container(g, p, target.a, card, target.b);
            loaded.push_back(static_cast<Card>(card));
            return true;
        }
    }
    return robo_cats_load(g, p, loaded);  // a pair as one container (IE-JP-8)
}

// After his declared Loads, a leader with Machine Arms may go on loading hand cards, one by
// one (IE-POWER-41).
void load_more(Game& g, int p) {
    State& s = g.s;
    while (true) {
        Options options = {opt(-1)};  // {-1}: stop; then the load options {card, ship, colour}
        load_options(g, p, s.hands[at(p)], options);
        if (options.size() == 1) return;
        const Option choice = options[at(g.ask(p, Kind::machine_arms_load, options))];
        if (choice.a < 0) return;
        if (g.table().colors[at(choice.a)].size() > 1) pay(g, p, g.rules().flag_load_cost);
        s.hands[at(p)].remove(choice.a);
        load_container(g, p, choice.b, choice.a, choice.c);
    }
}

// One of p's actions of a type other than Contract (perform_one's `act`).
void act(Game& g, int p, int action) {
    if (action == SUPPLY) supply(g, p);
    else if (action == LOAD) load_action(g, p);
    else if (action == PIRATE) pirate(g, p, false);
    else barter(g, p);  // Capital (ie_capital.cpp)
}

}  // namespace

// Load a hand card onto an uncovered matching need of a ship at one's port; the cards loaded.
// Powers may load otherwise first (Smart Cars, Cell Phones).
SmallVec<Card, kMaxShipCargo> load_from_hand(Game& g, int p) {
    State& s = g.s;
    SmallVec<Card, kMaxShipCargo> loaded;
    if (load_instead(g, p, loaded)) return loaded;
    Options options;  // {card, ship, colour}
    load_options(g, p, s.hands[at(p)], options);
    if (options.empty()) return loaded;
    const Option choice = options[at(g.ask(p, Kind::load, options))];
    if (g.table().colors[at(choice.a)].size() > 1) pay(g, p, g.rules().flag_load_cost);
    s.hands[at(p)].remove(choice.a);
    load_container(g, p, choice.b, choice.a, choice.c);
    loaded.push_back(choice.a);
    return loaded;
}

// One Load action, declared or given by a power: load, then tell the powers which cards it
// loaded (Batteries).
SmallVec<Card, kMaxShipCargo> load_action(Game& g, int p) {
    SmallVec<Card, kMaxShipCargo> loaded = load_from_hand(g, p);
    if (listening(g, Event::load_action)) {
        Payload payload;
        payload.cards = loaded;
        emit(g, Event::load_action, p, payload);
    }
    return loaded;
}

// (card, ship, colour) loads of p; `fee`: a Flag card needs its credits (IE-FLAG-1).
void load_options(const Game& g, int p, const Zone& cards, Options& out, bool fee) {
    const State& s = g.s;
    const Table& t = g.table();
    SmallVec<std::int8_t, kMaxShips> ships;  // as fits(): each ship at port with contracts
    std::array<Needs, kMaxShips> needs;
    for (int i = 0; i < s.ships.size(); ++i) {
        const Ship& ship = s.ships[i];
        if (ship.owner == p && !ship.at_sea && !ship.contracts.empty()) {
            needs[at(ships.size())] = remaining(g, ship);
            ships.push_back(static_cast<std::int8_t>(i));
        }
    }
    if (ships.empty()) return;
    const std::uint8_t wild = s.mods[at(p)].wild_colors;
    for (Card card : cards) {
        if (fee && t.colors[at(card)].size() > 1 && s.credits[at(p)] < t.rules.flag_load_cost) continue;
        for (int k = 0; k < ships.size(); ++k)
            for (auto color : t.load_colors[at(card)])
                if (fits_need(needs[at(k)], color, wild)) out.push_back(opt(card, ships[k], color));
    }
}

// (card, contract id, ship) placements costing `cost` actions plus one per missing level
// within the budget, of p's hand cards (or of `cards`).
void contract_options(const Game& g, int p, int budget, int cost, Options& out, const Zone* cards) {
    const State& s = g.s;
    const Table& t = g.table();
    const auto ships = ships_in_port(g, p);
    std::array<int, kColors> levels;  // p's level per colour, made on first use
    levels.fill(-1);
    for (Card card : cards == nullptr ? s.hands[at(p)] : *cards) {
        for (ContractId cid : t.contracts_of[at(card)]) {
            const Needs& need = t.contract(cid).level;
            int missing = 0;
            for (int k = 0; k < need.n; ++k) {
                const int color = need.color[at(k)];
                if (levels[at(color)] < 0) levels[at(color)] = level(g, p, color);
                if (need.count[at(k)] > levels[at(color)]) missing += need.count[at(k)] - levels[at(color)];
            }
            if (cost + missing > budget) continue;
            for (auto i : ships)
                if (can_hold(g, s.ships[i], cid)) out.push_back(opt(card, cid, i));
        }
    }
}

// The leader discards a ship's unfulfilled contracts; containers stay (FAQ); at his lead
// (IE-DISCARD-1) or in a window between his actions (IE-DISCARD-2).
void discard_contracts(Game& g, int p, int i) {
    State& s = g.s;
    Ship& ship = s.ships[i];
    for (ContractId cid : ship.contracts) {
        const int card = g.table().card_of(cid);
        s.discard.push_back(static_cast<Card>(card));
        s.log_event(p, Logged::discarded, card);
    }
    ship.contracts.clear();
}

// Jasmine Tea: the contract action just performed places further cards, one by one until its
// performer stops; a missing level still costs one more action (actions.contract_more,
// IE-FLAGP-12). Options (jasmine_tea_place): {-1}: stop; then {card, contract id, ship}.
// Returns the actions left.
static int contract_more(Game& g, int p, int budget) {
    while (true) {
        Options options{opt(-1)};
        contract_options(g, p, budget, 0, options);
        if (options.size() == 1) return budget;
        const Option choice = options[at(g.ask(p, Kind::jasmine_tea_place, options))];
        if (choice.a < 0) return budget;
        budget -= missing_levels(g, p, choice.b);
        place_contract(g, p, choice.a, choice.b, choice.c);
    }
}

// Place contracts; extra actions each buy one missing level (IE-CONTRACT-1).
void contract_actions(Game& g, int p, int budget) {
    while (budget > 0) {
        Options hand;  // {card, contract id, ship}: the hand's, then the Tokyo Port's
        contract_options(g, p, budget, 1, hand);
        Options from_port;
        port_contract_options(g, p, budget, from_port);  // IE-TOKYO-4
        if (hand.empty() && from_port.empty()) return;  // a wasted contract action (FAQ)
        // paying for a Port card is never forced: with no hand card, one may stop ({-1})
        Options stop = {opt(-1)};
        Options& options = hand.empty() ? stop : hand;
        const int first_port = static_cast<int>(options.size());
        for (const Option& o : from_port) options.push_back(o);
        const int k = g.ask(p, Kind::contract, options);
        const Option choice = options[at(k)];
        if (choice.a < 0) return;
        budget -= 1 + missing_levels(g, p, choice.b);
        if (k >= first_port) {  // a Port card: its column's credits first
            pay(g, p, port_cost(g, p, choice.a));
            place_contract(g, p, choice.a, choice.b, choice.c, &g.s.island);
        } else {
            place_contract(g, p, choice.a, choice.b, choice.c);
        }
        if (g.s.mods[at(p)].contracts_unlimited) budget = contract_more(g, p, budget);  // Jasmine Tea
    }
}

// p performs his declared actions, a window before each (IE-ANYTIME-1); Contract actions are
// one batch, since extra ones may buy levels (IE-CONTRACT-1).
void perform(Game& g, int p, int action, int count) {
    State& s = g.s;
    if (count <= 0) return;
    if (action == CONTRACT) {
        if (window_wanted(g)) window(g, Moment{MomentName::before_action, p, action, 0});
        contract_actions(g, p, count);
        return;
    }
    for (int k = 0; k < count; ++k) {  // perform_one
        if (stopping(g)) return;  // a search's copy, done
        const bool port_action = p == s.leader && (action == LOAD || action == PIRATE);  // IE-DISCARD-2
        if (window_wanted(g) || (port_action && k > 0))
            window(g, Moment{MomentName::before_action, p, action, k});
        act(g, p, action);
    }
    if (action == LOAD && p == s.leader && s.mods[at(p)].load_unlimited) load_more(g, p);
}

// Perform one action of type `action` alone, as a card power grants it with a card from the
// hand: no crew, nobody follows or draws; a Contract places one contract whose level is met;
// an Import is one round with p the only bidder, who bids 0 (IE-POWER-48, IE-POWER-49).
void solo_action(Game& g, int p, int action) {
    if (action == CONTRACT) {
        contract_actions(g, p, 1);
    } else if (action == SUPPLY) {
        supply(g, p);
    } else if (action == LOAD) {
        load_action(g, p);
    } else if (action == PIRATE) {
        pirate(g, p, false);
    } else if (action == IMPORT) {
        std::array<int, kMaxPlayers> declared{};
        declared[at(p)] = 1;
        SmallVec<std::int8_t, kMaxPlayers> order;
        order.push_back(static_cast<std::int8_t>(p));
        import_rounds(g, order, declared, true);
    } else if (action == BARTER) {
        barter(g, p);  // Capital (ie_capital.cpp)
    }
}

}  // namespace deckhand::ie
