// plunder.py: the Pirate action, a container taken from a ship at sea or the island, then
// loaded (Surströmming's ban: pirate_banned); Robo-Cats' pairs (J) through ie_powers_j.cpp;
// Water Notepad's protected ships.
#include "ie_game.hpp"
#include "ie_powers.hpp"
#include "ie_variants.hpp"

namespace deckhand::ie {

namespace {

inline std::size_t at(int i) { return static_cast<std::size_t>(i); }

// What pirate() offers (Options of the pirate kind): {0, ship, j}: the j-th container of a
// ship; {1, card}: an island card; {2}: the deck's top card; {3, q}: a random card of q's
// hand (the last two with Mini Van).
constexpr int kFromShip = 0;
constexpr int kFromIsland = 1;
constexpr int kFromDeck = 2;
constexpr int kFromHand = 3;

// Load a pirated card onto a matching need at one's port, or discard it (IE-PIRATE-1).
void pirate_to(Game& g, int p, int card, const SmallVec<std::int8_t, 2>& colors) {
    State& s = g.s;
    // Options: {ship, colour}: load it there as that colour; then {-1}: discard.
    Options targets;
    for (int i = 0; i < s.ships.size(); ++i) {
        const Ship& ship = s.ships[i];
        if (ship.owner != p) continue;
        for (int k = 0; k < colors.size(); ++k) {
            bool seen = false;  // dict.fromkeys(colors)
            for (int j = 0; j < k; ++j) seen = seen || colors[j] == colors[k];
            if (!seen && fits(g, ship, colors[k])) targets.push_back(opt(i, colors[k]));
        }
    }
    if (targets.empty()) {
        to_discard(g, p, card);
        return;
    }
    targets.push_back(opt(-1));
    s.moving.push_back(static_cast<Card>(card));
    const Option target = targets[at(g.ask(p, Kind::pirate_to, targets, card))];
    s.moving.remove(static_cast<Card>(card));
    if (target.a < 0) {  // IE-PIRATE-1: "Puoi piazzarlo": loading is allowed, not forced
        to_discard(g, p, card);
        return;
    }
    load_container(g, p, target.a, card, target.b);
}

// pirate_place: Stem Cells may pay to add it to the goods instead (IE-POWER-35).
void pirate_place(Game& g, int p, int card, const SmallVec<std::int8_t, 2>& colors) {
    State& s = g.s;
    // Robo-Cats may keep it for a pair (IE-JP-8)
    if (s.mods[at(p)].pair_load && colors.size() == 1 && robo_cats_plunder(g, p, card, colors[0])) return;
    const auto& cost = s.mods[at(p)].plunder_to_goods_cost;
    if (cost && s.credits[at(p)] >= *cost && goods_fit(g, p, card)) {
        s.moving.push_back(static_cast<Card>(card));
        // Options: {0: pass}, {1: goods}; context: the card.
        const int choice = g.ask(p, Kind::stem_cells_use, {opt(0), opt(1)}, card);
        s.moving.remove(static_cast<Card>(card));
        if (choice == 1) {
            const int good = as_card(g, card);  // a physical container: IE-VAR-8
            if (good < 0) return;
            pay(g, p, *cost);
            to_goods(g, p, good);
            return;
        }
    }
    pirate_to(g, p, card, colors);
}

}  // namespace

// Take a container from a ship at sea or the island; load it if it fits (IE-PIRATE-1).
// `ships_only`: a power's extra plunder from ships at sea (Contraband). Mini Van adds the
// other players' ships at port, the deck's top card and a random card of another player's
// hand (IE-POWER-47).
void pirate(Game& g, int p, bool ships_only) {
    State& s = g.s;
    const Table& t = g.table();
    if (pirate_banned(g)) return;
    Options options;
    const bool anywhere = !ships_only && s.mods[at(p)].pirate_anywhere;  // Mini Van
    for (int i = 0; i < s.ships.size(); ++i) {
        const Ship& ship = s.ships[i];
        const bool reachable =
            ship.at_sea || (anywhere && ship.owner != p && !s.departing.contains(static_cast<std::int8_t>(i)));
        if (!reachable) continue;
        // Water Notepad (IE-KS-14); an ownerless ship reads the last seat's, as Python's [-1]
        if (s.mods[at(ship.owner >= 0 ? ship.owner : s.n - 1)].no_plunder) continue;
        const auto& loaded = ship.cargo_colors;
        for (int j = 0; j < loaded.size(); ++j) {
            // grey containers cannot be pirated; nor a pair at port apart (IE-JP-8)
            const bool paired = loaded[j] == PAIRED || (j + 1 < loaded.size() && loaded[j + 1] == PAIRED);
            if (loaded[j] != GREY && (ship.at_sea || !paired)) options.push_back(opt(kFromShip, i, j));
        }
    }
    if (!ships_only) {
        for (Card c : s.island)  // grey cards are never pirated, from the island either (IE-CAP-7)
            if (t.color[at(c)] != GREY) options.push_back(opt(kFromIsland, c));
    }
    if (anywhere) {
        if (!s.deck.empty() || (!s.discard.empty() && s.reshuffle_allowed)) options.push_back(opt(kFromDeck));
        for (int q = 0; q < s.n; ++q)
            if (q != p && !s.hands[at(q)].empty()) options.push_back(opt(kFromHand, q));
    }
    if (options.empty()) return;
    const Option choice = options[at(g.ask(p, Kind::pirate, options))];
    // pirated
    int card;
    SmallVec<std::int8_t, 2> colors;
    int ship_index = -1;
    PlunderSource source = PlunderSource::ship;
    if (choice.a == kFromShip) {
        ship_index = choice.b;
        Ship& ship = s.ships[ship_index];
        card = ship.cargo.pop_at(choice.c);
        colors.push_back(ship.cargo_colors.pop_at(choice.c));
        s.moving.push_back(static_cast<Card>(card));
        ship_home(g, ship_index);  // if emptied; no owner compensation
        s.moving.remove(static_cast<Card>(card));
    } else if (choice.a == kFromIsland) {
        card = choice.b;
        s.island.remove(static_cast<Card>(card));
        colors = t.colors[at(card)];  // IE-FLAG-2: either colour from the island
        source = PlunderSource::island;
    } else {  // Mini Van: the deck's top card, or a random card of a player's hand
        int taken = -1;
        if (choice.a == kFromDeck) {
            taken = deck_pop(g);
            source = PlunderSource::deck;
        } else {
            Zone& hand = s.hands[at(choice.b)];
            taken = hand.pop_at(s.rng.below(hand.size()));
            source = PlunderSource::hand;
        }
        if (taken < 0) return;
        card = taken;
        colors = t.colors[at(card)];  // not yet loaded: either colour (IE-FLAG-2)
    }
    // _plundered
    if (!is_token(g, card)) s.log_event(p, Logged::pirated, card);  // a token is not logged
    pirate_place(g, p, card, colors);
    // plunder_told: ship_plundered, then plundered
    if (choice.a == kFromShip && listening(g, Event::ship_plundered)) {
        Payload payload;
        payload.ship = ship_index;
        payload.card = card;
        emit(g, Event::ship_plundered, p, payload);
    }
    if (listening(g, Event::plundered)) {
        Payload payload;
        payload.card = card;
        payload.color = colors[0];
        payload.source = source;
        emit(g, Event::plundered, p, payload);
    }
}

}  // namespace deckhand::ie
