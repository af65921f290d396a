// limits.py: crew and goods limits, levels, goods counted by type, crew counted by action,
// and the moves into the crew and the goods that the limits govern. The expansions' keys
// (Board Games, Scotch, Volkswagen, Joe Wiggins, Rice Cookers, US Dollars, Unpasteurized
// Cheese) are not native: a base game never sets them.
#include "ie_game.hpp"
#include "ie_powers.hpp"
#include "ie_variants.hpp"

namespace deckhand::ie {

namespace {
inline std::size_t at(int i) { return static_cast<std::size_t>(i); }
}  // namespace

// The port's printed contract plus the fulfilled ones (IE-LIMIT-1).
int crew_limit(const Game& g, int p) {
    return g.table().crew_limit_bonus + g.s.fulfilled[at(p)].size();
}

// Twice the crew limit, in cards.
int goods_limit(const Game& g, int p) {
    return 2 * (g.table().crew_limit_bonus + g.s.fulfilled[at(p)].size());
}

// Whether `card` may join p's goods: under the limit.
bool goods_fit(const Game& g, int p, int /*card*/) {
    return g.s.goods[at(p)].size() < goods_limit(g, p);
}

// Goods of a colour plus the port's own colour (IE-LEVEL-1).
int level(const Game& g, int p, int color) {
    return goods_count(g, p, color) + (g.s.port[at(p)] == color ? 1 : 0);
}

// p's goods of a colour (all of them if -1).
int goods_count(const Game& g, int p, int color) {
    const Zone& goods = g.s.goods[at(p)];
    if (color < 0) return goods.size();
    int count = 0;
    for (Card c : goods) count += g.table().color[at(c)] == color;
    return count;
}

// The types a goods area holding these cards would count them as: a grey Capital good as
// the leftmost other good (IE-CAP-3).
SmallVec<std::int8_t, kMaxCards> types_of_goods(const Game& g, const Zone& goods) {
    SmallVec<std::int8_t, kMaxCards> colors;
    int first = GREY;
    for (Card c : goods) {
        const int color = g.table().color[at(c)];
        colors.push_back(static_cast<std::int8_t>(color));
        if (first == GREY && color != GREY) first = color;
    }
    for (auto& c : colors)
        if (c == GREY) c = static_cast<std::int8_t>(first);
    return colors;
}

int missing_levels(const Game& g, int p, int contract_id) {
    const Needs& need = g.table().contract(contract_id).level;
    int missing = 0;
    for (int k = 0; k < need.n; ++k)
        missing += std::max(0, need.count[at(k)] - level(g, p, need.color[at(k)]));
    return missing;
}

// Matching crew, plus virtual crew of powers (Fridges: IE-POWER-9; Cannons: IE-POWER-10),
// which never counts toward the crew limit.
int crew_actions(const Game& g, int p, int action) {
    int count = crew_count(g, p, action);
    const Mods& mods = g.s.mods[at(p)];
    if (action == LOAD && mods.virtual_load_per_tech != 0)
        count += goods_count(g, p, GREEN) / mods.virtual_load_per_tech;
    if (action == PIRATE && mods.shared_pirate_crew) {
        for (int q = 0; q < g.s.n; ++q)
            if (q != p) count += crew_count(g, q, PIRATE);
    }
    return count;
}

// p's crew cards of an action.
int crew_count(const Game& g, int p, int action) {
    int count = 0;
    for (Card c : g.s.crew[at(p)]) count += g.table().action[at(c)] == action;
    return count;
}

// Crew up to the limit; beyond it the card is discarded (IE-LIMIT-2). Whether it joined
// the crew (the caller then emits crew_added).
bool to_crew(Game& g, int p, int card) {
    State& s = g.s;
    if (s.crew[at(p)].size() < crew_limit(g, p)) {
        if (g.table().all_tokens) card = as_token(g, p, card, Logged::crew);  // IE-VAR-10
        else s.log_event(p, Logged::crew, card);
        s.crew[at(p)].push_back(static_cast<Card>(card));
        return true;
    }
    to_discard(g, p, card);
    return false;
}

// Goods up to the limit (beyond it the card is discarded); tells the powers (limits.to_goods).
void to_goods(Game& g, int p, int card) {
    if (goods_fit(g, p, card)) {
        card = goods_in(g, p, card);
        if (listening(g, Event::goods_added)) {
            Payload payload;
            payload.card = card;
            emit(g, Event::goods_added, p, payload);
        }
    } else {
        to_discard(g, p, card);
    }
}

// Put a card into p's goods, logged, with the variants' effects: containers_all places a
// physical container instead (IE-VAR-10); the Market moves the good's marker up (IE-VAR-1).
// Returns what was placed.
int goods_in(Game& g, int p, int card) {
    if (g.table().all_tokens) card = as_token(g, p, card, Logged::goods);
    else g.s.log_event(p, Logged::goods, card);
    g.s.goods[at(p)].push_back(static_cast<Card>(card));
    if (g.table().market) market_good(g, card);
    return card;
}

}  // namespace deckhand::ie
