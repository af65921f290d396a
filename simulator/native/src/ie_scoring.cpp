// scoring.py: end-game scoring exactly as the rulebook (IE-SCORE-1), with the powers'
// four stages (prepare, counts, awards, game).
#include "ie_game.hpp"
#include "ie_powers.hpp"

namespace deckhand::ie {

namespace {
inline std::size_t at(int i) { return static_cast<std::size_t>(i); }
}  // namespace

std::array<int, 6> good_counts(const Game& g, int p) {
    std::array<int, 6> counts{};
    for (auto color : types_of_goods(g, g.s.goods[at(p)])) ++counts[at(color)];  // IE-CAP-3
    if (!g.s.mods[at(p)].counted_goods.empty()) {  // Joe Wiggins (IE-KS-7)
        const auto extra = counted_goods(g, p);
        for (int c = 0; c < 6; ++c) counts[at(c)] += extra[at(c)];
    }
    return counts;
}

// Most goods of a colour (at least one); ties split the amount rounding up, unless the
// favourite (who wins all ties: Foxes, IE-JP-3) is among them.
Shares majority_shares(const std::array<std::array<int, 6>, kMaxPlayers>& counts, int n, int color, int amount,
                       int favourite) {
    Shares shares;
    int top = 0;
    for (int p = 0; p < n; ++p) top = std::max(top, counts[at(p)][at(color)]);
    if (top == 0) return shares;
    SmallVec<int, kMaxPlayers> holders;
    for (int p = 0; p < n; ++p)
        if (counts[at(p)][at(color)] == top) holders.push_back(p);
    for (int p : holders)
        if (p == favourite) {
            shares.push_back({favourite, amount});
            return shares;
        }
    const int k = holders.size();
    // -(-amount // k): Python's floor division rounds toward minus infinity
    const int q = -amount / k;
    const int floor_div = (-amount % k != 0 && ((-amount < 0) != (k < 0))) ? q - 1 : q;
    const int share = -floor_div;
    for (int p : holders) shares.push_back({p, share});
    return shares;
}

// p's end-game credits from goods alone (IE-SCORE-1, without the powers) if every player's
// goods counted `counts` (by colour): what a bot weighs a goods move by.
int goods_score_of(const Game& g, const std::array<std::array<int, 6>, kMaxPlayers>& counts, int p) {
    const Rules& rules = g.rules();
    const int n = g.s.n;
    const auto& mine = counts[at(p)];
    int total = mine[at(RED)];  // illegal goods: 2
    bool set = true;
    for (int color : GOOD_COLORS) {
        total += mine[at(color)];
        set = set && mine[at(color)] >= 1;
    }
    if (set) total += rules.set_bonus;
    SmallVec<std::int8_t, kMaxPlayers> everyone;
    for (int q = 0; q < n; ++q) everyone.push_back(static_cast<std::int8_t>(q));
    const int fox = tie_winner(g, everyone);
    const std::array<int, 4> majority_colors = {GREEN, YELLOW, BLACK, BLUE};
    for (std::size_t k = 0; k < 4; ++k)
        for (auto [q, share] : majority_shares(counts, n, majority_colors[k], rules.majority[k], fox))
            if (q == p) total += share;
    for (auto [q, share] : majority_shares(counts, n, RED, rules.illegal_penalty, fox))
        if (q == p) total -= share;
    return total;
}

// What p's final score would lose if this good left his goods now: its own value, the set
// bonus and his majority awards and penalty (power bonuses aside; Telescopes, IE-POWER-38).
int good_end_value(const Game& g, int p, int card) {
    std::array<std::array<int, 6>, kMaxPlayers> counts{};
    for (int q = 0; q < g.s.n; ++q) counts[at(q)] = good_counts(g, q);
    const int kept = goods_score_of(g, counts, p);
    Zone without = g.s.goods[at(p)];  // as if it had left (a Capital good may then count as another type)
    without.remove(static_cast<Card>(card));
    counts[at(p)] = {};
    for (auto color : types_of_goods(g, without)) ++counts[at(p)][at(color)];
    if (!g.s.mods[at(p)].counted_goods.empty()) {  // Joe Wiggins stays (IE-KS-7)
        const auto extra = counted_goods(g, p);
        for (int c = 0; c < 6; ++c) counts[at(p)][at(c)] += extra[at(c)];
    }
    return kept - goods_score_of(g, counts, p);
}

void score(Game& g) {
    State& s = g.s;
    const Rules& rules = g.rules();
    const int n = s.n;
    Scoring sc;
    for (int p = 0; p < n; ++p) sc.final[at(p)] = s.credits[at(p)];
    end_stage(g, EndStageName::prepare, sc);
    for (int p = 0; p < n; ++p) {
        sc.counts[at(p)] = good_counts(g, p);
        sc.good_value[at(p)] = {1, 1, 1, 1, 2, 0};
    }
    end_stage(g, EndStageName::counts, sc);
    auto& final = sc.final;
    for (int p = 0; p < n; ++p) {
        for (const Ship& ship : s.ships)  // ships_of(p), in order
            if (ship.owner == p && !ship.at_sea && !ship.contracts.empty())
                final[at(p)] += rules.unfulfilled_container * ship.cargo.size();
        const auto& c = sc.counts[at(p)];
        int goods = 0;
        for (int color : GOOD_COLORS) goods += c[at(color)] * sc.good_value[at(p)][at(color)];
        final[at(p)] += goods;
        bool set = true;
        for (int color : GOOD_COLORS) set = set && c[at(color)] >= 1;
        if (set) final[at(p)] += rules.set_bonus;
    }
    SmallVec<std::int8_t, kMaxPlayers> everyone;
    for (int p = 0; p < n; ++p) everyone.push_back(static_cast<std::int8_t>(p));
    const int fox = tie_winner(g, everyone);  // wins the ties he is in (IE-JP-3)
    const std::array<int, 4> majority_colors = {GREEN, YELLOW, BLACK, BLUE};
    for (std::size_t k = 0; k < 4; ++k)
        for (auto [p, share] : majority_shares(sc.counts, n, majority_colors[k], rules.majority[k], fox))
            sc.awards.push_back(Award{p, majority_colors[k], share});
    for (auto [p, share] : majority_shares(sc.counts, n, RED, rules.illegal_penalty, fox))
        sc.awards.push_back(Award{p, RED, -share});
    end_stage(g, EndStageName::awards, sc);
    for (const Award& a : sc.awards) final[at(a.player)] += a.credits;
    end_stage(g, EndStageName::game, sc);
    s.final_credits = final;
    s.scored = true;
    int best = final[0];
    for (int p = 1; p < n; ++p) best = std::max(best, final[at(p)]);
    s.winners.clear();
    for (int p = 0; p < n; ++p)
        if (final[at(p)] == best) s.winners.push_back(static_cast<std::int8_t>(p));
    if (s.winners.size() > 1 && fox >= 0 && s.winners.contains(static_cast<std::int8_t>(fox))) {
        s.winners.clear();  // Foxes wins the tie for the most credits too (IE-JP-3)
        s.winners.push_back(static_cast<std::int8_t>(fox));
    }
}

}  // namespace deckhand::ie
