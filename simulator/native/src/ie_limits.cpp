// limits.py: crew and goods limits, levels, goods counted by type, crew counted by action,
// and the moves into the crew and the goods that the limits govern, with the expansions'
// keys (Kickstarter's Board Games and Joe Wiggins; Flag's Scotch, Volkswagen, Unpasteurized
// Cheese; Capital's grey goods and US Dollars; J's Rice Cookers).
#include "ie_game.hpp"
#include "ie_powers.hpp"
#include "ie_variants.hpp"

namespace deckhand::ie {

namespace {
inline std::size_t at(int i) { return static_cast<std::size_t>(i); }
}  // namespace

// The port's printed contract plus the fulfilled ones (IE-LIMIT-1). Board Games: with its
// goods per type in the fulfilled contracts, no limit (IE-KS-6).
int crew_limit(const Game& g, int p) {
    const auto& lifted = g.s.mods[at(p)].no_crew_limit;
    if (lifted && g.s.fulfilled[at(p)].contains(static_cast<ContractId>(lifted->first))) {
        const auto counts = completed_goods(g, p);
        int least = counts[0];
        for (int color = 1; color < 5; ++color) least = std::min(least, counts[at(color)]);
        if (least >= lifted->second) return kNoCrewLimit;
    }
    return g.table().crew_limit_bonus + g.s.fulfilled[at(p)].size();
}

// The colours p's completed contracts count as goods, outside the goods area and its limit,
// per colour: each entry while its contract stays fulfilled (Joe Wiggins: IE-KS-7).
std::array<int, 6> counted_goods(const Game& g, int p) {
    std::array<int, 6> counts{};
    for (const auto& [cid, colors] : g.s.mods[at(p)].counted_goods)
        if (g.s.fulfilled[at(p)].contains(cid))
            for (int color = 0; color < 6; ++color) counts[at(color)] += colors[at(color)];
    return counts;
}

// Goods per colour in p's completed contracts: each contract as a good of its type, plus the
// goods one counts as (Joe Wiggins; Board Games: IE-KS-6).
std::array<int, 6> completed_goods(const Game& g, int p) {
    std::array<int, 6> counts = counted_goods(g, p);
    for (ContractId cid : g.s.fulfilled[at(p)]) ++counts[at(g.table().contract(cid).color)];
    return counts;
}

// Scotch: every `per` luxury goods count as `counts` toward the goods limit, so the limit
// holds that many more cards (limits._pair_room, IE-FLAGP-20).
int pair_room(const Game& g, int p, const Zone& goods) {
    const auto [per, counts] = *g.s.mods[at(p)].luxury_pair;
    return static_cast<int>(types_of_goods(g, goods).count(BLUE)) / per * (per - counts);
}

// Twice the crew limit, in cards; Scotch's luxury pairs count less (IE-FLAGP-20).
int goods_limit(const Game& g, int p) {
    int limit = 2 * (g.table().crew_limit_bonus + g.s.fulfilled[at(p)].size());
    if (g.s.mods[at(p)].luxury_pair) limit += pair_room(g, p, g.s.goods[at(p)]);
    return limit;
}

// Whether `card` may join p's goods: under the limit, or, with Scotch, a luxury good
// completing a pair that counts less (IE-FLAGP-20).
bool goods_fit(const Game& g, int p, int card) {
    if (g.s.goods[at(p)].size() < goods_limit(g, p)) return true;
    if (!g.s.mods[at(p)].luxury_pair) return false;
    Zone joined = g.s.goods[at(p)];
    joined.push_back(static_cast<Card>(card));
    if (types_of_goods(g, joined).back() != BLUE) return false;  // as the type it would count as
    const int base = 2 * (g.table().crew_limit_bonus + g.s.fulfilled[at(p)].size());
    return joined.size() <= base + pair_room(g, p, joined);
}

// Goods of a colour plus the port's own colour (IE-LEVEL-1), Capital goods as the leftmost
// other good (IE-CAP-3); ANY, a Capital level, counts all goods and the grey port (IE-CAP-5).
// Volkswagen: tech (and grey) goods count `level_per_tech_good` each (IE-FLAGP-15).
int level(const Game& g, int p, int color) {
    const int per_tech = g.s.mods[at(p)].level_per_tech_good;
    if (color == ANY) {
        int count = goods_count(g, p) + (g.s.port[at(p)] == GREY ? 1 : 0);
        if (per_tech != 0) {
            int tech = 0;  // limits.TECHLIKE
            for (Card c : g.s.goods[at(p)]) tech += g.table().color[at(c)] == GREEN || g.table().color[at(c)] == GREY;
            count += (per_tech - 1) * tech + (per_tech - 1) * counted_goods(g, p)[at(GREEN)];
        }
        return count;
    }
    int count = goods_count(g, p, color);
    if (per_tech != 0 && color == GREEN) count *= per_tech;
    return count + (g.s.port[at(p)] == color ? 1 : 0);
}

// p's goods of a colour (all of them if -1), plus the goods completed contracts count as
// (IE-KS-7); with Capital, grey goods count as another type (IE-CAP-3).
int goods_count(const Game& g, int p, int color) {
    const Zone& goods = g.s.goods[at(p)];
    int count = 0;
    if (!g.s.mods[at(p)].counted_goods.empty()) {
        const auto extra = counted_goods(g, p);
        for (int c = 0; c < 6; ++c) count += color < 0 || c == color ? extra[at(c)] : 0;
    }
    if (color < 0) return count + goods.size();
    if (g.table().capital) return count + types_of_goods(g, goods).count(static_cast<std::int8_t>(color));
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
    bool also = false;  // Rice Cookers, Chopsticks (IE-JP-6, IE-JP-2)
    for (auto bits : mods.card_also) also = also || bits != 0;
    if (also)
        for (Card c : g.s.crew[at(p)]) count += (mods.card_also[at(g.table().action[at(c)])] >> action) & 1U;
    if (action == LOAD && mods.virtual_load_per_tech != 0)
        count += goods_count(g, p, GREEN) / mods.virtual_load_per_tech;
    const auto& virtual_crew = mods.capital.virtual_crew;  // US Dollars spent this turn (IE-CAP-24)
    if (virtual_crew && virtual_crew->first == g.s.turn) count += virtual_crew->second;
    if (action == PIRATE && mods.shared_pirate_crew) {
        for (int q = 0; q < g.s.n; ++q)
            if (q != p) count += crew_count(g, q, PIRATE);
    }
    return count;
}

// p's crew cards of an action; "crew_as" pairs make a crew card count as another action
// (Unpasteurized Cheese: IE-FLAGP-19).
int crew_count(const Game& g, int p, int action) {
    const Zone& crew = g.s.crew[at(p)];
    if (crew.empty()) return 0;
    const auto& actions = g.table().action;
    int count = 0;
    for (Card c : crew) count += actions[at(c)] == action;
    for (const auto& [card, as_action] : g.s.mods[at(p)].crew_as)
        if (crew.contains(card)) count += (as_action == action) - (actions[at(card)] == action);
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
