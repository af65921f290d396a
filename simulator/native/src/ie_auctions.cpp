// auctions.py: the Import action, sealed-bid rounds on ships at sea (or the supply island:
// Dark Flight), and taking the cards won.
#include "ie_game.hpp"
#include "ie_powers.hpp"
#include "ie_variants.hpp"

namespace deckhand::ie {

namespace {

inline std::size_t at(int i) { return static_cast<std::size_t>(i); }

// One round's bids and its winner (auctions.py's bidding, shared by a ship's import and Dark
// Flight's island): the bidders bid in turn order, 0 up to their credits (none when the
// leader imports alone); the highest bid wins; a tie goes to the player who wins all ties
// (Foxes), else the leader decides (IE-JP-3). Returns (winner, winning bid).
// Options of `bid_kind`: {b}: a bid of b credits (context: `bid_context`); of import_tie:
// {q}: player q wins (context: `tie_context`, the ship or -1 for the island).
std::pair<int, int> bidding(Game& g, int leader, const SmallVec<std::int8_t, kMaxPlayers>& bidders,
                            bool alone, Kind bid_kind, int bid_context, int tie_context) {
    std::array<int, kMaxPlayers> bids{};
    if (!alone) {
        for (auto q : bidders) {
            Options options;
            for (int b = 0; b <= g.s.credits[at(q)]; ++b) options.push_back(opt(b));
            bids[at(q)] = options[at(g.ask(q, bid_kind, options, bid_context))].a;
        }
    }
    int top = bids[at(bidders[0])];
    for (auto q : bidders) top = std::max(top, bids[at(q)]);
    SmallVec<std::int8_t, kMaxPlayers> tied;
    for (auto q : bidders)
        if (bids[at(q)] == top) tied.push_back(q);
    int winner = tied.size() == 1 ? tied[0] : tie_winner(g, tied);
    if (winner < 0) {
        Options options;
        for (auto q : tied) options.push_back(opt(q));
        winner = options[at(g.ask(leader, Kind::import_tie, options, tie_context))].a;
    }
    return {winner, top};
}

constexpr int kIsland = -1;  // take_from_ship: the supply island seen as a ship (Dark Flight)

using Taken = SmallVec<std::pair<Card, std::int8_t>, kMaxShipCargo>;

// take_from_ship's loop on a ship, or on the island (the island's cards are its cargo, each
// container of its card's colour; a card taken leaves the island).
Taken take_cards(Game& g, int p, int ref, int count, int optional_from) {
    State& s = g.s;
    const Table& t = g.table();
    const bool from_island = ref == kIsland;
    const bool at_sea = from_island || s.ships[ref].at_sea;
    Taken taken;
    bool crewed = false;
    for (int k = 0;; ++k) {
        Zone* island = from_island ? &s.island : nullptr;
        Ship* ship = from_island ? nullptr : &s.ships[ref];
        const int left = from_island ? island->size() : ship->cargo.size();
        if (k >= count || left == 0 || (at_sea && !from_island && !ship->at_sea)) return taken;
        if (optional_from >= 0 && k >= optional_from) {
            // Shampoo (IE-POWER-11). Options: {0: take}, {1: stop}; context: the ship (-1: island).
            if (g.ask(p, Kind::shampoo_take, {opt(0), opt(1)}, ref) == 1) return taken;
        }
        int j = 0;
        if (left > 1) {
            // Options: {j}: the j-th card of the cargo; context: the ship (-1: the island).
            Options options;
            for (int i = 0; i < left; ++i) options.push_back(opt(i));
            j = g.ask(p, Kind::import_take, options, ref);
        }
        int card;
        int color;
        if (from_island) {
            card = island->pop_at(j);
            color = t.color[at(card)];
        } else {
            card = ship->cargo.pop_at(j);
            color = ship->cargo_colors.pop_at(j);
        }
        taken.push_back({static_cast<Card>(card), static_cast<std::int8_t>(color)});
        // _take: a ship at sea still loaded may come home here (GPS: IE-CAP-19; Aeroponics:
        // IE-KSB-2); Python calls ship_home whenever the owner has a rule modifier, and it does
        // nothing to a loaded ship unless one of these two applies.
        if (at_sea && !from_island && !ship->cargo.empty() && ship->owner >= 0 &&
            (s.mods[at(ship->owner)].sea_return_at || homing_only(g, ref))) {
            s.moving.push_back(static_cast<Card>(card));
            ship_home(g, ref);
            s.moving.remove(static_cast<Card>(card));
        }
        // _place_taken: at most one to the crew, the rest goods; what fits is kept
        if (t.tokens) {  // a physical container brings a discarded card, or nothing (IE-VAR-8)
            card = as_card(g, card);
            if (card < 0) continue;
        }
        s.log_event(p, Logged::imported, card);
        Options options;  // {0: crew}, {1: goods}; context: the card
        if (!crewed && s.crew[at(p)].size() < crew_limit(g, p)) options.push_back(opt(0));
        if (goods_fit(g, p, card)) options.push_back(opt(1));
        if (options.empty()) {
            s.discard.push_back(static_cast<Card>(card));  // only when neither limit has room (IE-LIMIT-2)
            s.log_event(p, Logged::discarded, card);
            continue;
        }
        s.moving.push_back(static_cast<Card>(card));
        const int where = options[at(g.ask(p, Kind::import_place, options, card))].a;
        s.moving.remove(static_cast<Card>(card));
        if (where == 0) {
            crewed = true;
            if (to_crew(g, p, card) && listening(g, Event::crew_added)) {
                Payload payload;
                payload.card = card;
                emit(g, Event::crew_added, p, payload);
            }
        } else {
            to_goods(g, p, card);
        }
    }
}

void emit_imported(Game& g, int winner, int ship, const Taken& taken) {
    if (!listening(g, Event::imported)) return;
    Payload payload;
    payload.ship = ship;
    payload.taken = taken;
    emit(g, Event::imported, winner, payload);
}

// Dark Flight: an import round on the supply island's cards, as if they were a ship at sea.
// The winning bid is paid to the leader (the power's owner), who keeps it when it is his
// own; nobody is paid as a ship's owner (IE-POWER-46).
void import_island(Game& g, int leader, const SmallVec<std::int8_t, kMaxPlayers>& bidders, bool alone) {
    State& s = g.s;
    const auto [winner, top] = bidding(g, leader, bidders, alone, Kind::dark_flight_bid, leader, kIsland);
    if (winner != leader) {
        pay(g, winner, top);
        gain(g, leader, top);
    }
    const auto& mods = s.mods[at(winner)];
    const int take = mods.import_take ? *mods.import_take : 2;  // Shampoo (IE-POWER-11)
    const Taken taken = take_cards(g, winner, kIsland, take, 2);
    emit_imported(g, winner, -1, taken);
}

}  // namespace

SmallVec<std::pair<Card, std::int8_t>, kMaxShipCargo> take_from_ship(Game& g, int p, int ship, int count,
                                                                     int optional_from) {
    return take_cards(g, p, ship, count, optional_from);
}

// One sealed-bid round per action, up to the most declared by one player (IE-IMPORT-1).
// `alone`: an Import a power lets one player perform by himself, with no bid asked: a lone
// bidder bids 0 (IE-POWER-49). A leader with Dark Flight may pick the supply island instead
// of a ship (IE-POWER-46): his offer is read at the first round.
void import_rounds(Game& g, const SmallVec<std::int8_t, kMaxPlayers>& order,
                   const std::array<int, kMaxPlayers>& declared, bool alone) {
    State& s = g.s;
    const int leader = order[0];
    const bool from_island = s.mods[at(leader)].import_from_island;
    int most = 0;
    for (int q = 0; q < s.n; ++q) most = std::max(most, declared[at(q)]);
    for (int round = 1;; ++round) {
        if (round > most || stopping(g)) return;  // stopping: a search's copy, done
        SmallVec<std::int8_t, kMaxPlayers> bidders;
        for (auto q : order)
            if (declared[at(q)] >= round) bidders.push_back(q);
        SmallVec<std::int8_t, kMaxShips> ships;  // _import_ships
        for (int i = 0; i < s.ships.size(); ++i)
            if (s.ships[i].at_sea && !s.ships[i].cargo.empty()) ships.push_back(static_cast<std::int8_t>(i));
        if (from_island && !s.island.empty()) {
            // Options: {0: ship}, or {1: pass} without a ship; then {2: island}.
            const Options options = {opt(ships.empty() ? 1 : 0), opt(2)};
            if (options[at(g.ask(leader, Kind::dark_flight_source, options))].a == 2) {
                import_island(g, leader, bidders, alone);
                continue;  // the next round, without a window
            }
        }
        if (ships.empty()) return;  // no ship to import from: the rounds end
        // Options: {i}: ship i; context: kAlone, kBidding or kNotBidding (IE-IMPORT-1: he
        // picks every round's ship, bidding only up to his own declared).
        Options ship_options;
        for (auto i : ships) ship_options.push_back(opt(i));
        const int context = alone ? kAlone : declared[at(leader)] >= round ? kBidding : kNotBidding;
        const int i = ship_options[at(g.ask(leader, Kind::import_ship, ship_options, context))].a;
        // the bidders bid in turn order
        const auto [winner, top] = bidding(g, leader, bidders, alone, Kind::bid, i, i);
        // _import_won
        pay(g, winner, top);
        const auto& mods = s.mods[at(winner)];
        const int take = mods.import_take ? *mods.import_take : 2;  // Shampoo (IE-POWER-11)
        const Taken taken = take_cards(g, winner, i, take, 2);
        // import_taken: the owner compensated, the powers told, the ship home if emptied
        const int owner = s.ships[i].owner;
        if (winner != owner) {  // Partnership (IE-CAP-23), Pants
            const int super = super_compensation(g, i);
            gain(g, owner, super != 0 ? super : compensation_to(g, owner));
        }
        emit_imported(g, winner, i, taken);
        ship_home(g, i);
        // import_round_over: a window, then the next round
        if (window_wanted(g)) window(g, Moment{MomentName::import_round, winner, IMPORT, 0});
    }
}

}  // namespace deckhand::ie
