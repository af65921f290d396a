// The facts the heuristic asks its view (simulator/games/import_export/view.py, IEView), as
// functions over the public state of one seat's table. A `View` points at the state's own
// arrays (no copy); the rule facts are computed as the rules compute them (limits.py,
// game_base.py, cargo.py, turn.py), each function naming the one it mirrors.
//
// A seat's rule modifiers (mods, set by fulfilled powers) change several of these facts;
// `View::mods_free` says none is set for any seat, the case of every game played with
// `--rule card_powers=0` and of many a base game's early turns. Where a modifier is set the
// powers' facts are asked of `powers` (the rules core's), which a game with powers provides.
#pragma once

#include <algorithm>
#include <vector>

#include "heuristic/common.hpp"
#include "heuristic/tables.hpp"

namespace deckhand::heur {

// A `view.ships` row: (owner, at sea, contract ids, cargo cards, cargo colours).
struct ShipRow {
    int owner = -1;
    bool at_sea = false;
    Cards contracts;
    Cards cargo;
    Colors cargo_colors;

    bool operator==(const ShipRow& o) const {
        return owner == o.owner && at_sea == o.at_sea && contracts == o.contracts &&
               cargo == o.cargo && cargo_colors == o.cargo_colors;
    }
};

constexpr int MAX_SHIPS = ie::kMaxShips;  // Diesel Engine's ships too (Capital)
constexpr int MAX_PORTS = 16;  // one player's ships at port (Diesel Engine's too: Capital)

// The rule facts that a seat's modifiers change (Mineral Fuels, MRI Machine, Tablets, ...),
// answered by the rules core with its state, for a game with powers in play.
struct PowerFacts {
    virtual ~PowerFacts() = default;
    virtual int crew_limit(int p) const = 0;
    virtual int goods_limit(int p) const = 0;
    virtual void crew_actions_by_type(int p, int out[N_ACTIONS]) const = 0;
    virtual int level(int p, int color) const = 0;
    virtual int draws_to(int p) const = 0;
    virtual bool end_threshold(int p, int& out) const = 0;  // false: never (Can Openers)
    virtual bool has_ship_mods(int p) const = 0;
    // IEView.ship_mods(): p's SHIP_RULE_MODS values, as numbers (empty: none set)
    virtual void ship_mods(int p, std::vector<int>& out) const = 0;
    // IEView.wild_colors(): the container colours wild on p's ships, ascending
    virtual int wild_colors(int p, int out[8]) const = 0;
    // IEView.ship_needs(index, extra): the ship's needs by the rules with its owner's powers
    // (extra: a contract added, -1 none), in the rules' order; returns the unmatched count
    virtual int ship_needs(int index, int extra, ColorCounts& out) const = 0;
    virtual bool ship_can_hold(int index, int cid) const = 0;
    virtual int ship_room(int index) const = 0;
    virtual int ship_payout(int p, int containers) const = 0;
    // IEView.load_to_island_payment: Smart Cars' payment for p (false: none)
    virtual bool load_to_island(int p, int& pay) const = 0;
    // scoring.goods_score_of and good_end_value by the rules core (false: not given, the
    // View computes them as the base set's rules do)
    virtual bool goods_score_of(const int counts[][6], int p, int& out) const {
        (void)counts, (void)p, (void)out;
        return false;
    }
    virtual bool good_end_value(int p, int card, int& out) const {
        (void)p, (void)card, (void)out;
        return false;
    }
    // scoring.good_counts (IEView.good_counts: Joe Wiggins' counted goods too), false: not
    // given, the goods by colour
    virtual bool good_counts(int p, int out[6]) const {
        (void)p, (void)out;
        return false;
    }
    // view.market[color]: the Market's goods marker of a type (0 without the Market)
    virtual int market_marker(int color) const {
        (void)color;
        return 0;
    }
    // game_base.compensation_to: what an importer pays this ship owner (Pants)
    virtual int compensation_to(int owner) const {
        (void)owner;
        fail("compensation_to is not given");
    }
    // tokyo_port.port_cost: what p pays to place this Tokyo Port card as a contract
    virtual int port_cost(int p, int card) const {
        (void)p, (void)card;
        fail("the Tokyo Port's costs are not given");
    }
    // turn.play_options: the cards and pairs that may declare the action ({card, -1}: one)
    virtual void play_options(int p, int action, bool following,
                              std::vector<std::pair<int, int>>& out) const = 0;
};

struct View {
    const BotTables* tables = nullptr;
    int me = 0;        // view.player
    int n = 0;         // view.n_players
    int turn = 0;      // view.turn
    int leader = 0;    // view.leader
    Cards hand;        // view.hand
    Ints credits;      // view.credits
    Cards island;      // view.island
    int n_ships = 0;
    ShipRow ships[MAX_SHIPS];  // view.ships
    Cards goods[MAX_PLAYERS];
    Cards crew[MAX_PLAYERS];
    Cards fulfilled[MAX_PLAYERS];
    int port[MAX_PLAYERS] = {};  // each seat's port colour
    bool mods_free = true;       // no seat has a rule modifier set
    bool end_triggered = false;  // view.end_triggered
    const PowerFacts* powers = nullptr;

    void need_powers() const {
        if (!mods_free && powers == nullptr)
            fail("a seat's rule modifiers are set but no rules core answers for them");
    }

    // limits.crew_limit
    int crew_limit(int p) const {
        if (!mods_free) {
            need_powers();
            return powers->crew_limit(p);
        }
        return tables->rules.crew_limit_bonus + fulfilled[p].size();
    }
    // limits.goods_limit
    int goods_limit(int p) const {
        if (!mods_free) {
            need_powers();
            return powers->goods_limit(p);
        }
        return 2 * (tables->rules.crew_limit_bonus + fulfilled[p].size());
    }
    // IEView.port_cost: what I would pay to place this Tokyo Port card (0 with Toto Toilets)
    int port_cost(int card) const {
        if (powers == nullptr) fail("the Tokyo Port's costs need the rules core");
        return powers->port_cost(me, card);
    }
    // IEView.crew_room
    int crew_room() const { return crew_limit(me) - crew[me].size(); }
    // IEView.goods_room
    int goods_room() const { return goods_limit(me) - goods[me].size(); }

    // IEView.crew_actions_by_type (limits.crew_actions_by_type): without modifiers, my crew
    // cards by printed action, in one pass.
    void crew_actions_by_type(int out[N_ACTIONS]) const {
        if (!mods_free) {
            need_powers();
            powers->crew_actions_by_type(me, out);
            return;
        }
        for (int a = 0; a < N_ACTIONS; ++a) out[a] = 0;
        const auto& actions = tables->actions;
        for (int c : crew[me]) out[actions[static_cast<std::size_t>(c)]] += 1;
    }

    // limits.goods_count(s, p, color) without Capital and without counted goods.
    int goods_count(int p, int color) const {
        int count = 0;
        const auto& col = tables->color;
        for (int c : goods[p])
            if (col[static_cast<std::size_t>(c)] == color) ++count;
        return count;
    }

    // IEView.level (limits.level) for me.
    int level(int color) const {
        if (!mods_free) {
            need_powers();
            return powers->level(me, color);
        }
        if (color == ANY) return goods[me].size() + (port[me] == GREY ? 1 : 0);
        return goods_count(me, color) + (port[me] == color ? 1 : 0);
    }

    // IEView.missing_levels (limits.missing_levels) for me.
    int missing_levels(int cid) const {
        const ContractData& c = tables->contract(cid);
        int total = 0;
        for (int i = 0; i < c.level.n; ++i) {
            const int gap = c.level.vals[i] - level(c.level.keys[i]);
            total += gap > 0 ? gap : 0;
        }
        return total;
    }

    // IEView.draws_to (game_base.draws_to) for me.
    int draws_to() const {
        if (!mods_free) {
            need_powers();
            return powers->draws_to(me);
        }
        return tables->rules.draw_to;
    }

    // IEView.end_credits_for (game_base.end_threshold): false where the seat's credits never
    // end the game.
    bool end_credits_for(int q, int& out) const {
        if (!mods_free) {
            need_powers();
            return powers->end_threshold(q, out);
        }
        out = tables->rules.end_credits;
        return true;
    }

    // Whether IEView.ship_mods() is not empty (my powers change what my ships need, hold or
    // pay): the live ports' case, answered by the rules core.
    bool has_ship_mods() const {
        if (!mods_free) {
            need_powers();
            return powers->has_ship_mods(me);
        }
        return false;
    }

    // IEView.ship_payout (mine)
    int ship_payout(int containers) const {
        if (!mods_free) {
            need_powers();
            return powers->ship_payout(me, containers);
        }
        return tables->rules.payout(containers);
    }

    // IEView.load_to_island_payment
    bool load_to_island(int& pay) const {
        if (!mods_free) {
            need_powers();
            return powers->load_to_island(me, pay);
        }
        return false;
    }

    // scoring.majority_shares: (player, share) of the most goods of a colour; no favourite
    // in the base set (Foxes: J). Returns p's share.
    int majority_share(const int counts[][6], int color, int amount, int p) const {
        int top = 0;
        for (int q = 0; q < n; ++q) top = counts[q][color] > top ? counts[q][color] : top;
        if (top == 0) return 0;
        int holders = 0;
        for (int q = 0; q < n; ++q) holders += counts[q][color] == top;
        if (counts[p][color] != top) return 0;
        return -py_floordiv(-amount, holders);
    }

    // scoring.goods_score_of (IE-SCORE-1, powers aside): p's end-game credits from goods if
    // every player's goods counted `counts`
    int goods_score_of(const int counts[][6], int p) const {
        int given;
        if (powers != nullptr && powers->goods_score_of(counts, p, given)) return given;
        const RuleNumbers& r = tables->rules;
        const int* mine = counts[p];
        int total = 0;
        for (int c : GOODS) total += mine[c];
        total += mine[RED];  // illegal goods: 2
        bool all = true;
        for (int c : GOODS) all = all && mine[c] >= 1;
        if (all) total += r.set_bonus;
        for (int c = 0; c < 4; ++c) total += majority_share(counts, c, r.majority[c], p);
        return total - majority_share(counts, RED, r.illegal_penalty, p);
    }

    // IEView.good_end_value (scoring.good_end_value): what my final score would lose if this
    // good of mine left now. Goods count by their colour (good_counts in the base set: no
    // grey Capital goods, no counted goods).
    int good_end_value(int card) const {
        int given;
        if (powers != nullptr && powers->good_end_value(me, card, given)) return given;
        int counts[MAX_PLAYERS][6];
        for (int q = 0; q < n; ++q) {
            for (int c = 0; c < 6; ++c) counts[q][c] = 0;
            for (int g : goods[q]) counts[q][tables->color[static_cast<std::size_t>(g)]] += 1;
        }
        const int kept = goods_score_of(counts, me);
        counts[me][tables->color[static_cast<std::size_t>(card)]] -= 1;
        return kept - goods_score_of(counts, me);
    }

    // IEView.ship_mods() as numbers (empty: no modifier of my ships set)
    void ship_mods(std::vector<int>& out) const {
        out.clear();
        if (!mods_free) {
            need_powers();
            powers->ship_mods(me, out);
        }
    }
    int wild_colors(int out[8]) const {
        need_powers();
        return powers == nullptr ? 0 : powers->wild_colors(me, out);
    }

    // IEView.play_options (turn.play_options) without modifiers: my cards of the action in
    // hand order, then the wildcard pairs in the order of combinations(sorted(hand), 2).
    void play_options(int action, bool following, std::vector<std::pair<int, int>>& out) const {
        out.clear();
        if (!mods_free) {
            need_powers();
            powers->play_options(me, action, following, out);
            return;
        }
        const auto& actions = tables->actions;
        for (int c : hand)
            if (actions[static_cast<std::size_t>(c)] == action) out.emplace_back(c, -1);
        if (action == BARTER) return;
        std::vector<int> sorted(hand.begin(), hand.end());
        std::sort(sorted.begin(), sorted.end());
        const auto& col = tables->color;
        for (std::size_t i = 0; i < sorted.size(); ++i)
            for (std::size_t j = i + 1; j < sorted.size(); ++j)
                if (col[static_cast<std::size_t>(sorted[i])] ==
                    col[static_cast<std::size_t>(sorted[j])])
                    out.emplace_back(sorted[i], sorted[j]);
    }
};

}  // namespace deckhand::heur
