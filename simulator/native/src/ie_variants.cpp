// variants.py: the Market and the physical containers (ie_variants.hpp). Each variant's name is
// registered here once its rules are native and checked (tests/native/test_variants.py).
#include "ie_variants.hpp"

#include "ie_capital.hpp"
#include "ie_powers.hpp"

namespace deckhand::ie {

namespace {

inline std::size_t at(int i) { return static_cast<std::size_t>(i); }

// A need of a summed cargo, taken once (the dict's `need[slot] -= 1`).
void take_need(Needs& need, int slot) {
    const int k = need.find(slot);
    need.count[at(k)] = static_cast<std::int16_t>(need.count[at(k)] - 1);
}

// Each container's colour as loaded, the rider of a Robo-Cats pair taking its pair's: for the
// Market a pair is two containers loaded as tech (IE-VAR-13).
SmallVec<std::int8_t, kMaxShipCargo> loaded_colors(const Ship& ship) {
    SmallVec<std::int8_t, kMaxShipCargo> colors = ship.cargo_colors;
    for (int j = 1; j < colors.size(); ++j)
        if (colors[j] == PAIRED) colors[j] = colors[j - 1];
    return colors;
}

// Per container of a completing ship, whether it filled a need of its contracts (variants.
// filling): containers of their own colour first, then rainbow slots; wild colours and grey
// containers last, into any slot left (IE-VAR-11). A container matching none is a leftover of
// a discarded contract (IE-VAR-2); the rider of a Robo-Cats pair fills what its pair's first
// card filled (IE-VAR-13).
SmallVec<std::int8_t, kMaxShipCargo> filling(const Game& g, const Ship& ship) {
    const Mods& mods = g.s.mods[at(ship.owner)];
    // the needs as contract_cargo gives them: Yen's cut on the first contract and
    // Partnership's own cargo on its Super Ship waived (IE-CAP-25, IE-CAP-23)
    const bool waived = capital_cargo_mods(g, ship.owner);
    const int index = waived ? ship_index(g, ship) : -1;
    Needs need;
    for (int k = 0; k < ship.contracts.size(); ++k) {
        Needs cargo = cargo_of(g, ship.contracts[k], mods.rainbow_colors);
        if (waived) capital_cargo(g, ship, index, k, ship.contracts[k], cargo);
        need.add_all(cargo);
    }
    const auto& colors = ship.cargo_colors;
    SmallVec<std::int8_t, kMaxShipCargo> filled;
    for (int j = 0; j < colors.size(); ++j) filled.push_back(0);
    auto late = [&](int c) { return c == GREY || mods.wild(c); };
    for (int pass = 0; pass < 2; ++pass) {  // own colour first, then rainbow slots
        for (int j = 0; j < colors.size(); ++j) {
            if (colors[j] == PAIRED || late(colors[j])) continue;
            const int slot = pass == 0 ? colors[j] : ANY;
            if (!filled[j] && need.get(slot) > 0) {
                take_need(need, slot);
                filled[j] = 1;
            }
        }
    }
    for (int j = 0; j < colors.size(); ++j) {
        if (colors[j] == PAIRED || !late(colors[j])) continue;
        int slot = need.get(colors[j]) > 0 ? colors[j] : ANY;
        if (need.get(slot) <= 0) {
            slot = -1;
            for (int k = 0; k < need.n && slot < 0; ++k)
                if (need.count[at(k)] > 0) slot = need.color[at(k)];
        }
        if (slot >= 0) {
            take_need(need, slot);
            filled[j] = 1;
        }
    }
    for (int j = 1; j < colors.size(); ++j)
        if (colors[j] == PAIRED) filled[j] = filled[j - 1];
    return filled;
}

}  // namespace

void configure_variants(Table& t) {
    if (!t.tokens) return;
    if (static_cast<int>(t.token_keep.size()) != t.n_cards) throw NativeError("variants: token_keep by card");
    for (int k = 0; k < kTokenColors * kActions; ++k) {
        const auto color = static_cast<std::int8_t>(k / kActions);
        t.action.push_back(static_cast<std::int8_t>(k % kActions));
        t.color.push_back(color);
        SmallVec<std::int8_t, 2> sides;
        sides.push_back(color);
        t.colors.push_back(sides);
        t.load_colors.push_back(sides);
        t.contracts_of.push_back({});
        t.sheet_id.push_back(-1);
        t.index.cargo_contract.push_back(-1);
        t.index.works_from_hand.push_back(0);
    }
}

void variants_setup(Game& g) {
    const Table& t = g.table();
    State& s = g.s;
    if (t.market) s.market.fill(0);  // the markers start at 0 (IE-VAR-1)
    if (!t.tokens) return;
    // the cards dealt under the ships at sea are discarded, in dealing order, for containers
    // of their colour (IE-VAR-5); a grey card becomes a container of a drawn colour (IE-VAR-9)
    for (Ship& ship : s.ships) {
        for (int j = 0; j < ship.cargo.size(); ++j) {
            const int card = ship.cargo[j];
            if (t.token_keep[at(card)]) continue;
            int color = ship.cargo_colors[j];
            if (color == GREY) {
                color = s.rng.below(GREY);
                ship.cargo_colors[j] = static_cast<std::int8_t>(color);
            }
            s.discard.push_back(static_cast<Card>(card));
            ship.cargo[j] = static_cast<Card>(token_of(t, color, t.action[at(card)]));
        }
    }
}

// ---------------------------------------------------------------- the Market

void market_good(Game& g, int card) {
    const int color = g.table().color[at(card)];
    auto& market = g.s.market;
    if (color < kMarketTypes && market[at(color)] < kMarketTop) ++market[at(color)];
}

int market_payout(Game& g, int index, int payout) {
    const Ship& ship = g.s.ships[index];
    const auto colors = loaded_colors(ship);
    const auto filled = filling(g, ship);
    auto& market = g.s.market;
    int modifier = 0;  // market_modifier (IE-VAR-2, IE-VAR-13, IE-VAR-14)
    for (int j = 0; j < colors.size(); ++j)
        if (filled[j] && colors[j] < kMarketTypes) modifier += market[at(colors[j])];
    const int pay = std::max(0, payout + modifier);  // never below 0 (IE-VAR-3)
    gain(g, ship.owner, pay);
    for (auto color : colors)  // every container moves its marker down (IE-VAR-4)
        if (color < kMarketTypes && market[at(color)] > kMarketBottom) --market[at(color)];
    return pay;
}

// ---------------------------------------------------------------- physical containers

int load_token(Game& g, int p, int ship, int card, int& color) {
    const Table& t = g.table();
    State& s = g.s;
    if (card >= t.n_cards) return card;  // a token (plundered) stays as it is
    s.log_event(p, Logged::loaded, card);
    if (t.token_keep[at(card)]) return card;  // Yogurt, Bok Choy, GPS, Automation (IE-VAR-6, 11)
    if (color == GREY) {
        // a grey card's container takes a colour its loader chooses, those fitting the ship
        // first (IE-VAR-9). Options: {colour}; context: the card.
        Options options;
        for (int c = 0; c < GREY; ++c)
            if (fits(g, s.ships[ship], c)) options.push_back(opt(c));
        for (int c = 0; c < GREY; ++c)
            if (!fits(g, s.ships[ship], c)) options.push_back(opt(c));
        s.moving.push_back(static_cast<Card>(card));
        color = options[at(g.ask(p, Kind::container_color, options, card))].a;
        s.moving.remove(static_cast<Card>(card));
    }
    s.discard.push_back(static_cast<Card>(card));
    return token_of(t, color, t.action[at(card)]);
}

int as_card(Game& g, int card) {
    const Table& t = g.table();
    if (card < t.n_cards) return card;
    // claim: the discard pile searched from the top for the first card of the token's colour
    // (a Flag card: its first side's); the others keep their order (IE-VAR-8)
    Zone& pile = g.s.discard;
    const int color = t.color[at(card)];
    for (int k = pile.size() - 1; k >= 0; --k)
        if (t.color[at(pile[k])] == color) return pile.pop_at(k);
    return -1;
}

int as_token(Game& g, int p, int card, Logged zone) {
    const Table& t = g.table();
    if (card >= t.n_cards) return card;  // a container already (a good moved between players)
    g.s.log_event(p, zone, card);
    g.s.discard.push_back(static_cast<Card>(card));
    return token_of(t, t.color[at(card)], t.action[at(card)]);
}

}  // namespace deckhand::ie

namespace deckhand::ie {
namespace {
// The variants the core plays, each checked game for game against Python
// (tests/native/test_variants.py).
const ModuleRegistration market_module("market");
const ModuleRegistration containers_module("containers");
const ModuleRegistration containers_all_module("containers_all");
}  // namespace
}  // namespace deckhand::ie
