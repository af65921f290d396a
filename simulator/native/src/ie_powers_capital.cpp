// Capital's powers (simulator/games/import_export/powers/capital.py; Rulings IE-CAP-n): the 15
// grey cards. Each function ports the Python power of the same name line by line: the same
// decisions with their options in the same order (asked only where Python asks: a power that
// takes a lone ship without asking does so here too), the same draws, the same effects.
// Numbers come from the card's sheet row (`c.whole(...)`, the Python `params=` names). Several
// cards put themselves somewhere unusual: as a grey (wild) container on a ship (IE-CAP-7), as
// an extra ship (Diesel Engine), under a ship (Yen), or join two ships (Partnership); their
// records are the owner's CapitalMods (ie_capital.hpp), read by the rules in ie_capital.cpp.
#include <string>

#include "ie_powers.hpp"
#include "ie_variants.hpp"

namespace deckhand::ie {
namespace {

inline std::size_t at(int i) { return static_cast<std::size_t>(i); }
CapitalMods& capital_of(Game& g, int p) { return g.s.mods[at(p)].capital; }

// Options of the questions where a card moves itself, as Python's strings and ("load", i).
constexpr int kKeep = 0;
constexpr int kCrew = 1;
constexpr int kGoods = 2;
constexpr int kHand = 3;
constexpr int kLoad = 4;  // {kLoad, ship}
constexpr int kPass = -1;

std::string place_option(const Game&, const Option& o, int) {
    switch (o.a) {
        case kKeep: return "'keep'";
        case kCrew: return "'crew'";
        case kGoods: return "'goods'";
        case kHand: return "'hand'";
        default: return "('load', " + std::to_string(o.b) + ")";
    }
}
std::string int_option(const Game&, const Option& o, int) { return std::to_string(o.a); }
std::string pass_or_int(const Game&, const Option& o, int) {
    return o.a == kPass ? "'pass'" : std::to_string(o.a);
}
std::string pair_option(const Game&, const Option& o, int) {
    return "(" + std::to_string(o.a) + ", " + std::to_string(o.b) + ")";
}

// ---------------------------------------------------------------- shared steps

// The card of a contract in the owner's fulfilled area, or -1 (a copied power, or a card
// already gone: such a power does not move it; IE-POWER-40, IE-CAP-11).
int own_card(const Game& g, int owner, const Contract& c) {
    if (!g.s.fulfilled[at(owner)].contains(static_cast<ContractId>(c.id))) return -1;
    return c.card;
}

// Take the contract's card out of the owner's fulfilled area (the limits fall).
int take_out(Game& g, int owner, const Contract& c) {
    leave_fulfilled(g, owner, c.id);
    return c.card;
}

// Discard the card instead of keeping it in the completed contracts (FAQ on Champagne: such
// Capital cards do not count there; IE-CAP-20).
void discard_self(Game& g, int owner, const Contract& c) {
    if (own_card(g, owner, c) >= 0) to_discard(g, owner, take_out(g, owner, c));
}

// A ship in play: at port, or at sea with containers (not a retired single-use ship nor the
// hidden half of a Super Ship).
bool live(const Ship& ship) { return !ship.at_sea || !ship.cargo.empty(); }

// p's ships at port where a grey (wild) container fills an uncovered need.
SmallVec<std::int8_t, kMaxShips> loadable(const Game& g, int p, int exclude = -1) {
    SmallVec<std::int8_t, kMaxShips> out;
    for (auto i : ships_in_port(g, p))
        if (i != exclude && fits(g, g.s.ships[i], GREY)) out.push_back(i);
    return out;
}

// Whether a ship at port takes one more container: one filling a need, or a leftover within
// the capacity (IE-CARGO-1). Its contracts' cargo as contract_cargo gives it (Yen, Partnership
// waived), without a power's rainbow colours (the totals are the same).
bool has_room(const Game& g, int i) {
    const Ship& ship = g.s.ships[i];
    if (fits(g, ship, GREY)) return true;
    int unmatched = 0;
    remaining(g, ship, &unmatched);
    int cargo = 0;
    for (int k = 0; k < ship.contracts.size(); ++k) {
        Needs need = cargo_of(g, ship.contracts[k], 0);
        if (capital_cargo_mods(g, ship.owner)) capital_cargo(g, ship, i, k, ship.contracts[k], need);
        cargo += need.total();
    }
    return cargo + unmatched + 1 <= capacity(g, ship.owner);
}

// Put a Capital card on a ship as a grey container (wild: IE-CAP-7): a load (logged, told to
// the powers, a ship at port may complete); or, `loaded` false, only placed on a ship at sea
// (Euros).
void place_grey(Game& g, int p, int ship, int card, bool loaded = true) {
    if (loaded) {
        load_container(g, p, ship, card, GREY);
        return;
    }
    g.s.ships[ship].cargo.push_back(static_cast<Card>(card));
    g.s.ships[ship].cargo_colors.push_back(static_cast<std::int8_t>(GREY));
}

// Where the card fits once it leaves p's fulfilled contracts: crew, goods (the limits
// without it; FAQ on Segways). Appends {kCrew} and {kGoods} options.
void room_out_of_fulfilled(Game& g, int p, const Contract& c, int card, Options& out) {
    auto& fulfilled = g.s.fulfilled[at(p)];
    const int k = fulfilled.index_of(static_cast<ContractId>(c.id));
    fulfilled.pop_at(k);
    if (g.s.crew[at(p)].size() < crew_limit(g, p)) out.push_back(opt(kCrew));
    if (goods_fit(g, p, card)) out.push_back(opt(kGoods));
    fulfilled.insert(k, static_cast<ContractId>(c.id));
}

// Move the fulfilled card to crew, goods, hand, or onto ship `where.b` as grey.
void move_own(Game& g, int owner, const Contract& c, const Option& where) {
    const int card = take_out(g, owner, c);
    if (where.a == kCrew) {
        if (to_crew(g, owner, card) && listening(g, Event::crew_added)) {
            Payload payload;
            payload.card = card;
            emit(g, Event::crew_added, owner, payload);
        }
    } else if (where.a == kGoods) {
        to_goods(g, owner, card);
    } else if (where.a == kHand) {
        g.s.hands[at(owner)].push_back(static_cast<Card>(card));
    } else {
        place_grey(g, owner, where.b, card);
    }
}

// For a card that loads itself as a grey container (Automation, GPS): the port ship with an
// uncovered need the owner picks (asked as `kind` when there is a choice); with no such ship
// the card is discarded. Returns the ship, or -1.
int grey_ship_or_discard(Game& g, int owner, const Contract& c, Kind kind) {
    if (own_card(g, owner, c) < 0) return -1;
    const auto ships = loadable(g, owner);
    if (ships.empty()) {
        discard_self(g, owner, c);
        return -1;
    }
    if (ships.size() == 1) return ships[0];
    Options options;  // {ship}
    for (auto i : ships) options.push_back(opt(i));
    return options[at(g.ask(owner, kind, options))].a;
}

// ---------------------------------------------------------------- the card moves itself

// The Algorithm (IE-CAP-12): to the crew (with room), or loaded as a grey container on a ship
// at port with an uncovered need; otherwise, or if he does neither, it stays completed.
// Options (algorithm_place): {kKeep}, {kCrew}, {kLoad, ship}...
void the_algorithm(Game& g, int owner, const Contract& c) {
    const int card = own_card(g, owner, c);
    if (card < 0) return;
    Options options = {opt(kKeep)};
    Options room;
    room_out_of_fulfilled(g, owner, c, card, room);
    for (const Option& o : room)
        if (o.a == kCrew) options.push_back(o);
    for (auto i : loadable(g, owner)) options.push_back(opt(kLoad, i));
    if (options.size() == 1) return;
    const Option where = options[at(g.ask(owner, Kind::algorithm_place, options))];
    if (where.a != kKeep) move_own(g, owner, c, where);
}

// Automation (IE-CAP-13): loaded as a grey (rainbow) container on a ship at the owner's port
// with an uncovered need; with none, discarded.
void automation(Game& g, int owner, const Contract& c) {
    const int i = grey_ship_or_discard(g, owner, c, Kind::automation_ship);
    if (i >= 0) move_own(g, owner, c, opt(kLoad, i));
}

// Automation as a container (IE-CAP-13; IE-VAR-6, IE-VAR-11): when a ship carrying it
// completes, it moves on to another ship at its owner's port with an uncovered need, if any;
// otherwise it sails with the ship. Options (automation_ship): {ship}.
void automation_moves_on(Game& g, const Contract&, int card, int ship, const SmallVec<ContractId, kMaxShipContracts>&,
                         int) {
    const int owner = g.s.ships[ship].owner;
    const auto ships = loadable(g, owner, ship);
    if (ships.empty() || !g.s.ships[ship].cargo.contains(static_cast<Card>(card))) return;
    int i = ships[0];
    if (ships.size() > 1) {
        Options options;
        for (auto k : ships) options.push_back(opt(k));
        i = options[at(g.ask(owner, Kind::automation_ship, options))].a;
    }
    Ship& sailing = g.s.ships[ship];
    const int j = sailing.cargo.index_of(static_cast<Card>(card));
    sailing.cargo.pop_at(j);
    sailing.cargo_colors.pop_at(j);
    g.s.moving.push_back(static_cast<Card>(card));
    ship_home(g, ship);  // it was the last container
    g.s.moving.remove(static_cast<Card>(card));
    place_grey(g, owner, i, card);
}

// Cheap Labor (IE-CAP-14): loaded as a grey container on a ship at the owner's port, even one
// with no contract (a leftover a later contract may use); with no ship with room it stays
// completed. Options (cheap_labor_ship): {ship}.
void cheap_labor(Game& g, int owner, const Contract& c) {
    if (own_card(g, owner, c) < 0) return;
    SmallVec<std::int8_t, kMaxShips> ships;
    for (auto i : ships_in_port(g, owner))
        if (has_room(g, i)) ships.push_back(i);
    if (ships.empty()) return;
    int i = ships[0];
    if (ships.size() > 1) {
        Options options;
        for (auto k : ships) options.push_back(opt(k));
        i = options[at(g.ask(owner, Kind::cheap_labor_ship, options))].a;
    }
    move_own(g, owner, c, opt(kLoad, i));
}

// Container Factory (IE-CAP-15): stays completed, or moves to the crew or the goods (with
// room), onto a ship at port as a grey container (an uncovered need), or back to the hand.
// Options (container_factory_place): {kKeep}, {kCrew}, {kGoods}, {kLoad, ship}..., {kHand}.
void container_factory(Game& g, int owner, const Contract& c) {
    const int card = own_card(g, owner, c);
    if (card < 0) return;
    Options options = {opt(kKeep)};
    room_out_of_fulfilled(g, owner, c, card, options);
    for (auto i : loadable(g, owner)) options.push_back(opt(kLoad, i));
    options.push_back(opt(kHand));
    const Option where = options[at(g.ask(owner, Kind::container_factory_place, options))];
    if (where.a != kKeep) move_own(g, owner, c, where);
}

// Diesel Engine (IE-CAP-16): `extra_ships` extra ship(s) at the owner's port; once sailed and
// emptied it is discarded, not returned (ie_capital.cpp, capital_home).
void diesel_engine(Game& g, int owner, const Contract& c) {
    if (own_card(g, owner, c) < 0) return;
    const int card = take_out(g, owner, c);
    CapitalMods& m = capital_of(g, owner);
    for (int k = 0; k < c.whole("extra_ships"); ++k) {
        Ship ship;
        ship.owner = static_cast<std::int8_t>(owner);
        g.s.ships.push_back(ship);
        m.single_use_ships.push_back({static_cast<std::int8_t>(g.s.ships.size() - 1), static_cast<Card>(card)});
    }
    m.held_cards.push_back(static_cast<Card>(card));
}

// Euros (IE-CAP-17): a grey container on any ship at sea, whoever owns it; only an import
// takes it off. With no ship at sea it stays completed. Options (euros_ship): {ship}.
void euros(Game& g, int owner, const Contract& c) {
    if (own_card(g, owner, c) < 0) return;
    Options options;
    for (int i = 0; i < g.s.ships.size(); ++i)
        if (g.s.ships[i].at_sea && !g.s.ships[i].cargo.empty()) options.push_back(opt(i));
    if (options.empty()) return;
    const int i = options[at(g.ask(owner, Kind::euros_ship, options))].a;
    const int card = take_out(g, owner, c);
    place_grey(g, owner, i, card, false);
}

// GPS (IE-CAP-19): loaded as a grey (rainbow) container on a ship at the owner's port with an
// uncovered need, else discarded; its loading arms it (gps_loaded).
void gps(Game& g, int owner, const Contract& c) {
    const int i = grey_ship_or_discard(g, owner, c, Kind::gps_ship);
    if (i >= 0) move_own(g, owner, c, opt(kLoad, i));
}

// The GPS card itself loaded (IE-CAP-19; IE-VAR-6, IE-VAR-11): when it is the last container
// of its ship at sea, GPS is discarded and the ship comes home (the ship owner's homing cards,
// read by ship_home).
void gps_loaded(Game& g, const Contract&, int card, int, const Payload&) {
    for (const Ship& ship : g.s.ships) {
        if (!ship.cargo.contains(static_cast<Card>(card))) continue;
        if (ship.owner >= 0) {
            auto& homing = capital_of(g, ship.owner).homing_cards;
            if (!homing.contains(static_cast<Card>(card))) homing.push_back(static_cast<Card>(card));
        }
        return;
    }
}

// Yen (IE-CAP-25): under one of the owner's ships for good: the first contract of each of its
// loads needs `cargo_reduction` container(s) fewer. Options (yen_ship): {ship}.
void yen(Game& g, int owner, const Contract& c) {
    if (own_card(g, owner, c) < 0) return;
    SmallVec<std::int8_t, kMaxShips> ships;
    for (int i = 0; i < g.s.ships.size(); ++i)
        if (g.s.ships[i].owner == owner && live(g.s.ships[i])) ships.push_back(static_cast<std::int8_t>(i));
    if (ships.empty()) return;
    int i = ships[0];
    if (ships.size() > 1) {
        Options options;
        for (auto k : ships) options.push_back(opt(k));
        i = options[at(g.ask(owner, Kind::yen_ship, options))].a;
    }
    const int card = take_out(g, owner, c);
    CapitalMods& m = capital_of(g, owner);
    m.held_cards.push_back(static_cast<Card>(card));
    m.first_contract_cut.push_back(
        {static_cast<std::int8_t>(i), static_cast<std::int8_t>(c.whole("cargo_reduction"))});
    check_complete(g, i);  // its first contract may be met now
}

// ---------------------------------------------------------------- credits and cards

// Fake Money (IE-CAP-18): from each loaded ship of every opponent (at sea or at port), take
// `containers_per_ship` container(s), never a grey one (only an import takes those); load it
// on a ship at one's port where it fits if one can, else keep it in the hand. An emptied ship
// at sea comes home, its owner unpaid. Options: fake_money_take {j} (context: the ship);
// fake_money_load {ship, colour} (context: the card).
void fake_money(Game& g, int owner, const Contract& c) {
    State& s = g.s;
    for (auto q : other_players(g, owner)) {
        for (int i = 0; i < s.ships.size(); ++i) {
            if (s.ships[i].owner != q || s.departing.contains(static_cast<std::int8_t>(i))) continue;
            for (int n = 0; n < c.whole("containers_per_ship"); ++n) {
                const auto& loaded = s.ships[i].cargo_colors;
                Options options;
                for (int j = 0; j < loaded.size(); ++j) {
                    const bool paired = loaded[j] == PAIRED || (j + 1 < loaded.size() && loaded[j + 1] == PAIRED);
                    if (loaded[j] != GREY && (s.ships[i].at_sea || !paired)) options.push_back(opt(j));  // IE-JP-8
                }
                if (options.empty()) break;
                int j = options[0].a;
                if (options.size() > 1) j = options[at(g.ask(owner, Kind::fake_money_take, options, i))].a;
                const int card = s.ships[i].cargo.pop_at(j);
                const int color = s.ships[i].cargo_colors.pop_at(j);
                s.moving.push_back(static_cast<Card>(card));
                ship_home(g, i);
                Options targets;
                for (auto k : ships_in_port(g, owner))
                    if (fits(g, s.ships[k], color)) targets.push_back(opt(k, color));
                if (!targets.empty()) {
                    const int k = targets[at(g.ask(owner, Kind::fake_money_load, targets, card))].a;
                    s.moving.remove(static_cast<Card>(card));
                    load_container(g, owner, k, card, color);
                    continue;
                }
                s.moving.remove(static_cast<Card>(card));
                const int kept = as_card(g, card);  // a physical container: IE-VAR-8
                if (kept >= 0) s.hands[at(owner)].push_back(static_cast<Card>(kept));
            }
        }
    }
}

// Import Tax (IE-CAP-20, IE-POWER-1): every other player pays `payment` to the bank, or
// nothing if he cannot; then Import Tax is discarded.
void import_tax(Game& g, int owner, const Contract& c) {
    for (auto q : other_players(g, owner)) pay(g, q, c.whole("payment"));
    discard_self(g, owner, c);
}

// Interest (IE-CAP-21): every other player with goods gives `goods_per_player` good(s) of his
// choice; the owner keeps those his goods limit allows, choosing which, and discards the
// rest. Options: interest_give {card} per good (context: the owner); interest_keep {card}.
void interest(Game& g, int owner, const Contract& c) {
    State& s = g.s;
    Zone given;
    for (auto q : other_players(g, owner)) {
        for (int n = 0; n < c.whole("goods_per_player"); ++n) {
            if (s.goods[at(q)].empty()) break;
            Options options;
            for (Card card : s.goods[at(q)]) options.push_back(opt(card));
            const int card = options[at(g.ask(q, Kind::interest_give, options, owner))].a;
            s.goods[at(q)].remove(static_cast<Card>(card));
            s.moving.push_back(static_cast<Card>(card));
            given.push_back(static_cast<Card>(card));
        }
    }
    const bool choose = given.size() > goods_limit(g, owner) - s.goods[at(owner)].size();
    while (!given.empty()) {
        Options fitting;
        for (Card card : given)
            if (goods_fit(g, owner, card)) fitting.push_back(opt(card));
        if (fitting.empty()) break;
        int card = fitting[0].a;
        if (choose && fitting.size() > 1) card = fitting[at(g.ask(owner, Kind::interest_keep, fitting))].a;
        given.remove(static_cast<Card>(card));
        s.moving.remove(static_cast<Card>(card));
        to_goods(g, owner, card);
    }
    for (Card card : given) {
        s.moving.remove(card);
        to_discard(g, owner, card);
    }
}

// Lucky Cards (IE-CAP-22, IE-POWER-1): once, on completion: pay `cost` to the bank (or nothing
// happens), name a good type and draw a card; a match pays `prize`. Options
// (lucky_cards_type): {type} per good type.
void lucky_cards(Game& g, int owner, const Contract& c) {
    if (!pay(g, owner, c.whole("cost"))) return;
    Options options;
    for (auto t : good_types(g)) options.push_back(opt(t));
    const int named = options[at(g.ask(owner, Kind::lucky_cards_type, options))].a;
    const auto drawn = draw(g, owner, 1);
    if (!drawn.empty() && g.table().color[at(drawn[0])] == named) gain(g, owner, c.whole("prize"));
}

// Market Data (IE-CAP-20): every other player gives `cards_per_player` hand cards of his
// choice, or as many as he has; then Market Data is discarded. Options (market_data_give):
// {card} per hand card (context: the owner).
void market_data(Game& g, int owner, const Contract& c) {
    State& s = g.s;
    for (auto q : other_players(g, owner)) {
        for (int n = 0; n < c.whole("cards_per_player"); ++n) {
            if (s.hands[at(q)].empty()) break;
            Options options;
            for (Card card : s.hands[at(q)]) options.push_back(opt(card));
            const int card = options[at(g.ask(q, Kind::market_data_give, options, owner))].a;
            s.hands[at(q)].remove(static_cast<Card>(card));
            s.hands[at(owner)].push_back(static_cast<Card>(card));
        }
    }
    discard_self(g, owner, c);
}

// US Dollars (IE-CAP-24): stays completed; discarded at any time it is a crew card of any
// action for this turn. Crew counts only when actions are declared, so it is usable as its
// owner is about to declare. A copy (Wind Turbines) has no card to discard.
void us_dollars(const Game& g, int owner, const Contract& c, const Moment& moment, std::vector<UseArgs>& uses) {
    if (moment.name == MomentName::declaring && moment.actor == owner &&
        g.s.fulfilled[at(owner)].contains(static_cast<ContractId>(c.id)))
        uses.push_back(use_args());
}

// Discarded, it adds one crew card of any action this turn (virtual_crew: (turn, count), read
// by crew_actions), outside the crew limit.
void us_dollars_use(Game& g, int owner, const Contract& c, const UseArgs&, const Moment&) {
    lost(g, owner, c.id);
    to_discard(g, owner, take_out(g, owner, c));
    auto& crew = capital_of(g, owner).virtual_crew;
    const int turn = crew ? crew->first : g.s.turn;
    const int count = crew ? crew->second : 0;
    crew = std::make_pair(g.s.turn, turn == g.s.turn ? count + 1 : 1);
}

// ---------------------------------------------------------------- Partnership

// Partnership (IE-CAP-23): placed on a ship at its placer's port that already has contracts,
// it may join it with another of his ships at port with contracts, their contracts needing at
// most `max_combined_cargo` containers together: one Super Ship, Partnership its contract
// with no cargo of its own, up to `super_ship_capacity` containers of contracts; it pays
// `payout_multiplier` times, another player importing from it pays its owner
// `import_compensation`, and once emptied at sea the two ships come home apart. Declined,
// Partnership is an ordinary contract. Options (partnership_join): {kPass}, {ship}...
void partnership(Game& g, const Contract& c, int, int actor, const Payload&) {
    State& s = g.s;
    int index = -1;
    for (int i = 0; i < s.ships.size() && index < 0; ++i)
        if (s.ships[i].contracts.contains(static_cast<ContractId>(c.id)) && !s.ships[i].at_sea) index = i;
    if (index < 0) return;
    SmallVec<ContractId, kMaxShipContracts> others;
    for (ContractId cid : s.ships[index].contracts)
        if (cid != c.id) others.push_back(cid);
    if (others.empty() || s.ships[index].owner != actor) return;
    Options options = {opt(kPass)};
    for (int i = 0; i < s.ships.size(); ++i) {
        const Ship& mate = s.ships[i];
        if (mate.owner != actor || mate.at_sea || i == index || mate.contracts.empty()) continue;
        if (s.departing.contains(static_cast<std::int8_t>(i))) continue;
        Ship trial;  // not on the table: no power waives its cargo
        trial.owner = static_cast<std::int8_t>(actor);
        int total = 0;
        for (ContractId cid : others) trial.contracts.push_back(cid);
        for (ContractId cid : mate.contracts) trial.contracts.push_back(cid);
        for (ContractId cid : trial.contracts) total += g.table().contract(cid).cargo_total;
        if (total > c.whole("max_combined_cargo")) continue;
        trial.cargo.extend(s.ships[index].cargo);
        trial.cargo.extend(mate.cargo);
        trial.cargo_colors.extend(s.ships[index].cargo_colors);
        trial.cargo_colors.extend(mate.cargo_colors);
        int unmatched = 0;
        remaining(g, trial, &unmatched);
        if (total + unmatched <= c.whole("super_ship_capacity")) options.push_back(opt(i));
    }
    if (options.size() == 1) return;
    const int mate_index = options[at(g.ask(actor, Kind::partnership_join, options))].a;
    if (mate_index == kPass) return;
    Ship& ship = s.ships[index];
    Ship& mate = s.ships[mate_index];
    ship.contracts.clear();
    ship.contracts.extend(others);
    ship.contracts.extend(mate.contracts);
    ship.contracts.push_back(static_cast<ContractId>(c.id));
    ship.cargo.extend(mate.cargo);
    ship.cargo_colors.extend(mate.cargo_colors);
    mate.contracts.clear();
    mate.cargo.clear();
    mate.cargo_colors.clear();
    mate.at_sea = true;  // out of play, at sea and empty, until the Super Ship comes home
    capital_of(g, actor).super_ships.push_back(
        SuperShip{static_cast<std::int8_t>(index), static_cast<std::int8_t>(mate_index), static_cast<ContractId>(c.id),
                  static_cast<std::int16_t>(c.whole("payout_multiplier")),
                  static_cast<std::int16_t>(c.whole("import_compensation"))});
}

const PowerRegistration registered[] = {
    power("The Algorithm").on_fulfil(the_algorithm).render(Kind::algorithm_place, place_option),
    power("Automation")
        .on_fulfil(automation)
        .on_cargo(automation_moves_on)
        .render(Kind::automation_ship, int_option),
    power("Cheap Labor").on_fulfil(cheap_labor).render(Kind::cheap_labor_ship, int_option),
    power("Container Factory").on_fulfil(container_factory).render(Kind::container_factory_place, place_option),
    power("Diesel Engine").on_fulfil(diesel_engine).params({"extra_ships"}),
    power("Euros").on_fulfil(euros).render(Kind::euros_ship, int_option),
    power("GPS")
        .on_fulfil(gps)
        .card_hook(Event::container_loaded, gps_loaded)
        .render(Kind::gps_ship, int_option),
    power("Yen").on_fulfil(yen).params({"cargo_reduction"}).render(Kind::yen_ship, int_option),
    power("Fake Money")
        .on_fulfil(fake_money)
        .params({"containers_per_ship"})
        .render(Kind::fake_money_take, int_option)
        .render(Kind::fake_money_load, pair_option),
    power("Import Tax").on_fulfil(import_tax).params({"payment"}),
    power("Interest")
        .on_fulfil(interest)
        .params({"goods_per_player"})
        .render(Kind::interest_give, int_option)
        .render(Kind::interest_keep, int_option),
    power("Lucky Cards").on_fulfil(lucky_cards).params({"cost", "prize"}).render(Kind::lucky_cards_type, int_option),
    power("Market Data").on_fulfil(market_data).params({"cards_per_player"}).render(Kind::market_data_give, int_option),
    power("US Dollars").any_time(AnyTimeFrom::fulfilled, us_dollars, us_dollars_use),
    power("Partnership")
        .card_hook(Event::contract_placed, partnership)
        .params({"max_combined_cargo", "super_ship_capacity", "payout_multiplier", "import_compensation"})
        .render(Kind::partnership_join, pass_or_int),
};

}  // namespace

// Capital plays natively: its rules (ie_capital.cpp and the base files' Capital branches) and
// every power of its 15 cards (above).
const ModuleRegistration capital_module("capital");

}  // namespace deckhand::ie
