// strategies/import_export/reasons_base.py: the heuristic's reasoned answers to the base
// set's power questions (IEHeuristic.power_rules over power_choices.RULES), each weighing its
// options from the bot's view and `worth` (Table.card_worth) as the Python rule does: one
// function per Python function, same order of floating-point operations.
//
// Options are read from their repr (power_choices.hpp: the rules core renders each option as
// Python's repr writes it).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "heuristic/match_tables.hpp"
#include "heuristic/power_choices.hpp"
#include "heuristic/valuation.hpp"

namespace deckhand::heur {

// A Python value read back from its repr: an int, a string, or a tuple of them.
struct PyValue {
    enum Type { INT, STR, TUPLE } type = INT;
    int i = 0;
    std::string s;
    std::vector<PyValue> items;

    bool is_tuple() const { return type == TUPLE; }
    bool is_int() const { return type == INT; }
    bool is_str(const char* w) const { return type == STR && s == w; }
    const PyValue& operator[](std::size_t k) const { return items.at(k); }
};

inline PyValue parse_value(const std::string& t, std::size_t& i) {
    while (i < t.size() && t[i] == ' ') ++i;
    PyValue v;
    if (t[i] == '(') {
        v.type = PyValue::TUPLE;
        ++i;
        while (i < t.size()) {
            while (i < t.size() && (t[i] == ' ' || t[i] == ',')) ++i;
            if (t[i] == ')') {
                ++i;
                break;
            }
            v.items.push_back(parse_value(t, i));
        }
    } else if (t[i] == '\'' || t[i] == '"') {
        const char q = t[i];
        const std::size_t end = t.find(q, i + 1);
        v.type = PyValue::STR;
        v.s = t.substr(i + 1, end - i - 1);
        i = end + 1;
    } else {
        char* end = nullptr;
        v.type = PyValue::INT;
        v.i = static_cast<int>(std::strtol(t.c_str() + i, &end, 10));
        i = static_cast<std::size_t>(end - t.c_str());
    }
    return v;
}

inline PyValue parse_py(const std::string& t) {
    std::size_t i = 0;
    return parse_value(t, i);
}

using Counts = std::vector<std::array<int, 6>>;  // per player, goods per type
// (a need dict of `remaining`, its order kept)
using NeedDict = ColorCounts;

class ReasonsBase {
  public:
    ReasonsBase(const View& v, Table& t)
        : view(v), table(t), tables(*v.tables), st(t.static_), k(tables.k) {}

    const View& view;
    Table& table;
    const BotTables& tables;
    const MatchTables& st;
    const Constants& k;

    double worth(int card) { return table.card_worth(card); }

    // ---------------------------------------------------------------- what things are worth

    // reasons_base._late
    double late() const {  // (Constants holds reasons_base's numbers)
        if (view.end_triggered) return 1.0;
        return py_min(1.0, credit_race(view));
    }

    // reasons_base._power_score
    double power_score(int cid, bool copy) const {
        const ContractData& p = tables.contract(cid);
        if (!p.ps_known) fail("no power reading for contract " + std::to_string(cid));
        if (!p.ps_scored || (copy && p.ps_copy_nothing)) return -1.0;
        double score = static_cast<double>(p.ps_level);
        if (p.ps_immediate) score += k.immediate;
        if (p.ps_end) score += k.immediate;
        if (p.ps_ongoing) score += k.ongoing * (1.0 - late());
        return score;
    }

    // reasons_base.goods_counts (view.good_counts: the rules core's where it answers, with
    // Joe Wiggins' counted goods and Capital's types; else by type, a grey Capital good as the
    // leftmost other: capital::types_tally)
    Counts goods_counts() const {
        Counts c(static_cast<std::size_t>(view.n));
        for (int q = 0; q < view.n; ++q) {
            int given[6];
            if (view.powers != nullptr && view.powers->good_counts(q, given)) {
                c[static_cast<std::size_t>(q)].fill(0);
                for (int k = 0; k < 6; ++k) c[static_cast<std::size_t>(q)][static_cast<std::size_t>(k)] = given[k];
                continue;
            }
            c[static_cast<std::size_t>(q)] = capital::types_tally(tables, view.goods[q]);
        }
        return c;
    }

    // reasons_base._area_types (view.types_of_goods, tallied: capital::types_tally)
    std::array<int, 6> area_types(const std::vector<int>& goods) const {
        return capital::types_tally(tables, goods);
    }

    // reasons_base._regoods
    Counts regoods(const Counts& counts, int p, const std::vector<int>& before,
                   const std::vector<int>& after) const {
        const auto old = area_types(before), neu = area_types(after);
        Counts moved = counts;
        for (std::size_t c = 0; c < 6; ++c)
            moved[static_cast<std::size_t>(p)][c] = counts[static_cast<std::size_t>(p)][c] - old[c] + neu[c];
        return moved;
    }

    int goods_score(const Counts& counts, int p) const {
        int raw[MAX_PLAYERS][6];
        for (int q = 0; q < view.n; ++q)
            for (int c = 0; c < 6; ++c) raw[q][c] = counts[static_cast<std::size_t>(q)][static_cast<std::size_t>(c)];
        return view.goods_score_of(raw, p);
    }

    // reasons_base._goods_value
    double goods_value(const Counts& counts, int p) const {
        double score = static_cast<double>(goods_score(counts, p));
        int types = 0;
        for (int c : GOODS) types += counts[static_cast<std::size_t>(p)][static_cast<std::size_t>(c)] > 0;
        if (types < 5)
            score += static_cast<double>(tables.rules.set_bonus * types) / 5.0;
        return score;
    }

    // reasons_base._good_gain
    double good_gain(const Counts& counts, int p, const std::vector<int>& goods, int item) const {
        std::vector<int> with = goods;
        with.push_back(item);
        const Counts after = regoods(counts, p, goods, with);
        return goods_value(after, p) - goods_value(counts, p);
    }

    static std::vector<int> ints(Cards c) { return std::vector<int>(c.begin(), c.end()); }

    // reasons_base._take_gain (source -1: None)
    double take_gain(Counts counts, int item, int source) const {
        double value = 0.0;
        if (source >= 0) {
            const std::vector<int> his = ints(view.goods[source]);
            std::vector<int> left;
            for (int c : his)
                if (c != item) left.push_back(c);
            const Counts after = regoods(counts, source, his, left);
            value = goods_value(counts, source) - goods_value(after, source);
            counts = after;
        }
        if (view.goods_room() > 0) value += good_gain(counts, view.me, ints(view.goods[view.me]), item);
        return value;
    }

    // reasons_base._crew_worth
    double crew_worth(int card) const {
        const double value = k.crew_card * py_max(0.2, 1.0 - late());
        return tables.actions[static_cast<std::size_t>(card)] == SUPPLY ? value / 2 : value;
    }

    // reasons_base.import_worth
    double import_worth(const Counts& counts, int card) const {
        bool any = false;
        double best = 0.0;
        if (view.goods_room() > 0) {
            best = take_gain(counts, card, -1);
            any = true;
        }
        if (view.crew_room() > 0) {
            const double c = crew_worth(card);
            if (!any || c > best) best = c;
            any = true;
        }
        return any ? best : 0.0;
    }

    // reasons_base._emptied
    double emptied(int index) const {
        const ShipRow& r = view.ships[index];
        if (r.cargo.size() != 1) return 0.0;
        return r.owner == view.me ? k.ship_home : -k.rival_home;
    }

    // reasons_base._colors (a span into the tables: a card's colours, or a physical
    // container's one colour)
    Ints colors(int card) const {
        if (card < tables.n_cards) {
            const std::vector<int>& cs = tables.colors[static_cast<std::size_t>(card)];
            return Ints(cs.data(), static_cast<int>(cs.size()));
        }
        return Ints(&tables.color[static_cast<std::size_t>(card)], 1);
    }

    // reasons_base._slot
    double slot(const NeedDict& need, int cargo) const {
        int left = 0;
        for (int i = 0; i < need.n; ++i)
            if (need.vals[i] > 0) left += need.vals[i];
        if (left <= 0) return 0.0;
        const double s =
            static_cast<double>(view.ship_payout(cargo + left)) / static_cast<double>(left);
        return left == 1 ? s + tables.k.fulfil_bonus : s;
    }

    // reasons_base._covers: the need a container of these colours fills (-1: None)
    static int covers(const NeedDict& need, Ints colors) {
        for (int color : colors)
            if (color != GREY && need.get(color, 0) > 0) return color;
        return need.get(ANY, 0) > 0 ? ANY : -1;
    }
    static void lower(NeedDict& need, int color) {
        const int i = need.find(color);
        need.vals[i] -= 1;
    }

    // reasons_base._my_needs: (needs, containers) of my ships at port with contracts
    std::vector<std::pair<NeedDict, int>> my_needs() const {
        std::vector<std::pair<NeedDict, int>> out;
        for (int i = 0; i < view.n_ships; ++i) {
            const ShipRow& r = view.ships[i];
            if (r.owner == view.me && !r.at_sea && !r.contracts.empty()) {
                NeedDict need;
                st.remaining(r, -1, need);
                out.emplace_back(need, r.cargo.size());
            }
        }
        return out;
    }

    using Ports = std::vector<std::pair<double, NeedDict>>;

    // reasons_base._ports
    Ports ports(const std::vector<int>& hand) const {
        Ports ps;
        for (const auto& [need, cargo] : my_needs()) ps.emplace_back(slot(need, cargo), need);
        std::stable_sort(ps.begin(), ps.end(),
                         [](const auto& a, const auto& b) { return -a.first < -b.first; });
        for (int card : hand) {
            const Ints cs = colors(card);
            for (auto& port : ps) {
                const int covered = covers(port.second, cs);
                if (covered >= 0) {
                    lower(port.second, covered);
                    break;
                }
            }
        }
        return ps;
    }

    // reasons_base._fill_worth
    double fill_worth(const Ports& ps, int card) const {
        const Ints cs = colors(card);
        bool any = false;
        double best = 0.0;
        for (const auto& port : ps)
            if (covers(port.second, cs) >= 0) {
                if (!any || port.first > best) best = port.first;
                any = true;
            }
        return tables.k.hold * (any ? best : 0.0);
    }

    using Loads = std::vector<Ints>;  // the colours of the cards loaded, in order

    // What _contract_value reads of a contract that holds for the whole decision (its
    // payout and bonus, whether its levels are beyond my contract actions), by its index
    struct ContractFacts {
        bool known = false;
        bool short_levels = false;
        double gain = 0.0;  // view.ship_payout(contract.cargo_total) + FULFIL_BONUS
    };
    std::vector<ContractFacts> contract_facts_;

    const ContractFacts& contract_facts(int cid) {
        const auto index = static_cast<std::size_t>(tables.index_of[static_cast<std::size_t>(cid)]);
        if (contract_facts_.empty()) contract_facts_.resize(tables.contracts.size());
        ContractFacts& f = contract_facts_[index];
        if (!f.known) {
            const ContractData& c = tables.contract(cid);
            f.gain = static_cast<double>(view.ship_payout(c.cargo_total)) + tables.k.fulfil_bonus;
            f.short_levels = table.missing_levels(cid) >= 1 + table.crew_actions()[CONTRACT];
            f.known = true;
        }
        return f;
    }

    // reasons_base._contract_value
    double contract_value(int cid, const Loads& loads) {
        const ContractData& c = tables.contract(cid);
        NeedDict need = c.cargo;
        for (const Ints& cs : loads) {
            const int covered = covers(need, cs);
            if (covered >= 0) lower(need, covered);
        }
        int left = 0;
        for (int i = 0; i < need.n; ++i)
            if (need.vals[i] > 0) left += need.vals[i];
        const ContractFacts& f = contract_facts(cid);
        double value = f.gain * st.tempo(left);
        if (f.short_levels) value *= k.level_short;
        return value;
    }

    // facts.can_hold(ship, cid) of the decision's one empty ship, by contract index
    const ShipRow* hold_ship_ = nullptr;
    std::vector<signed char> hold_;  // -1 unknown, else 0/1

    bool can_hold(const ShipRow& ship, int cid) {
        if (&ship != hold_ship_) {
            hold_ship_ = &ship;
            hold_.assign(tables.contracts.size(), -1);
        }
        signed char& h = hold_[static_cast<std::size_t>(tables.index_of[static_cast<std::size_t>(cid)])];
        if (h < 0) h = st.can_hold(ship, cid) ? 1 : 0;
        return h != 0;
    }

    // reasons_base._best_contract (on the empty ship `ship`)
    double best_contract(int card, const Loads& loads, const ShipRow& ship) {
        if (card >= tables.n_cards) return 0.0;
        bool any = false;
        double best = 0.0;
        for (int cid : tables.card_contracts[static_cast<std::size_t>(card)]) {
            if (!can_hold(ship, cid)) continue;
            const double v = contract_value(cid, loads);
            if (!any || v > best) best = v;
            any = true;
        }
        return any ? best : 0.0;
    }

    // reasons_base._empty_ship: how many of my ships at port are empty, and the first (-1)
    int empty_ship(int& first) const {
        int count = 0;
        first = -1;
        for (int i = 0; i < view.n_ships; ++i) {
            const ShipRow& r = view.ships[i];
            if (r.owner == view.me && !r.at_sea && r.contracts.empty()) {
                if (first < 0) first = i;
                ++count;
            }
        }
        return count;
    }

    void loads_of(const std::vector<int>& cards, int skip_card, Loads& out) const {
        out.clear();
        for (int c : cards)
            if (c != skip_card) out.push_back(colors(c));
    }

    // reasons_base._contract_bar
    double contract_bar(const std::vector<int>& kept, int empty, const ShipRow& ship) {
        std::vector<double> rivals;
        Loads loads;
        for (int c : kept) {
            loads_of(kept, c, loads);
            rivals.push_back(best_contract(c, loads, ship));
        }
        std::stable_sort(rivals.begin(), rivals.end(), std::greater<double>());
        return static_cast<int>(rivals.size()) >= empty ? rivals[static_cast<std::size_t>(empty - 1)] : 0.0;
    }

    // reasons_base.Known: what _island_worth works out once per set of kept hand cards
    // within one decision (the ports, the empty ships, the bar once asked), and the kept
    // cards' loads
    struct Known {
        std::vector<int> kept;
        Ports ports;
        int empty = 0;
        int first = -1;
        bool have_bar = false;
        double bar = 0.0;
        Loads loads;
    };
    std::vector<Known> known_;
    int last_known_ = -1;
    std::vector<std::pair<std::uint64_t, int>> kept_masks_;  // (best_swap's scratch)
    static constexpr int PLACE_CARDS = 256;  // card ids best_swap's places cover (kMaxCards)
    std::uint64_t place_[PLACE_CARDS] = {};  // (best_swap's: a hand card's places; zero after)

    int known_for(const std::vector<int>& kept) {
        if (last_known_ >= 0 && known_[static_cast<std::size_t>(last_known_)].kept == kept)
            return last_known_;
        for (std::size_t i = 0; i < known_.size(); ++i)
            if (known_[i].kept == kept) return last_known_ = static_cast<int>(i);
        known_.emplace_back();
        Known& e = known_.back();
        e.kept = kept;
        e.empty = empty_ship(e.first);
        e.ports = ports(kept);
        loads_of(kept, -1, e.loads);
        return last_known_ = static_cast<int>(known_.size() - 1);
    }

    // reasons_base._island_worth (with its `known` cache, which is pure: kept for every
    // call within the decision)
    double island_worth(int card, const std::vector<int>& kept) { return island_worth_at(card, known_for(kept)); }

    // _island_worth with the kept cards' Known entry found (known_for)
    double island_worth_at(int card, int at) {
        double as_contract = 0.0;
        {
            Known& e = known_[static_cast<std::size_t>(at)];
            if (e.first >= 0 && card < tables.n_cards) {
                const ShipRow& ship = view.ships[e.first];
                const double own = best_contract(card, e.loads, ship);
                if (own > 0.0) {
                    if (!e.have_bar) {
                        e.bar = contract_bar(e.kept, e.empty, ship);
                        e.have_bar = true;
                    }
                    as_contract = tables.k.hold * py_max(0.0, own - e.bar);
                }
            }
        }
        // max(worth(card), _fill_worth(...), as_contract): the first of the greatest
        double best = worth(card);
        const double f = fill_worth(known_[static_cast<std::size_t>(at)].ports, card);
        if (f > best) best = f;
        if (as_contract > best) best = as_contract;
        return best;
    }

    // reasons_base._flag_fee
    int flag_fee(int card) const {
        return colors(card).size() > 1 ? tables.rules.flag_load_cost : 0;
    }

    // reasons_base._fits_any
    bool fits_any() const {
        for (const auto& [need, cargo] : my_needs())
            for (int card : view.hand)
                if (covers(need, colors(card)) >= 0) return true;
        return false;
    }

    std::vector<int> hand() const { return ints(view.hand); }

    // ---------------------------------------------------------------- the rules

    // reasons_base._apples
    int apples(const std::vector<PyValue>& o) {
        int best = -1;
        double bv = 0.0;
        int bcid = 0;
        for (std::size_t i = 0; i < o.size(); ++i) {
            if (!o[i].is_tuple()) continue;
            const int card = o[i][0].i, cid = o[i][1].i;
            const double v = power_score(cid, false) - worth(card);
            if (best < 0 || v > bv || (v == bv && -cid > -bcid)) {
                best = static_cast<int>(i);
                bv = v;
                bcid = cid;
            }
        }
        return best < 0 ? 0 : best;
    }

    // reasons_base._wind_turbines
    int wind_turbines(const std::vector<PyValue>& o) {
        int best = 0;
        double bv = 0.0;
        int bcid = 0;
        for (std::size_t i = 0; i < o.size(); ++i) {
            const int cid = o[i].i;
            const double v = power_score(cid, true);
            if (i == 0 || v > bv || (v == bv && -cid > -bcid)) {
                best = static_cast<int>(i);
                bv = v;
                bcid = cid;
            }
        }
        return best;
    }

    // reasons_base._insects_target
    int insects_target(const std::vector<PyValue>& o) {
        const int me = view.me;
        const Counts counts = goods_counts();
        const std::vector<int> mine = ints(view.goods[me]);
        std::vector<int> illegal, kept;
        int first = GREY;  // view.types_of_goods(mine): a grey good as the leftmost other (IE-CAP-3)
        for (int c : mine)
            if (first == GREY && tables.color[static_cast<std::size_t>(c)] != GREY) first = tables.color[static_cast<std::size_t>(c)];
        for (int c : mine) {
            const int type = tables.color[static_cast<std::size_t>(c)];
            if ((type == GREY ? first : type) == RED) illegal.push_back(c);
        }
        for (int c : mine)
            if (std::find(illegal.begin(), illegal.end(), c) == illegal.end()) kept.push_back(c);
        const int room = view.goods_limit(me) - static_cast<int>(kept.size());
        const Counts given = regoods(counts, me, mine, kept);
        int best = 0;
        double b0 = 0.0;
        int b1 = 0, b2 = 0;
        for (std::size_t i = 0; i < o.size(); ++i) {
            const int q = o[i].i;
            const std::vector<int> his = ints(view.goods[q]);
            const int his_room = view.goods_limit(q) - view.goods[q].size();
            std::vector<int> received = his;
            const int extra = py_slice_len(static_cast<int>(illegal.size()), py_max(0, his_room));
            for (int k2 = 0; k2 < extra; ++k2) received.push_back(illegal[static_cast<std::size_t>(k2)]);
            const Counts after = regoods(given, q, his, received);
            const double his_value = goods_value(after, q);
            const double gift = his_value - goods_value(given, q);
            bool any = false;
            double top = 0.0;
            for (int item : received) {
                std::vector<int> left;
                for (int c : received)
                    if (c != item) left.push_back(c);
                const Counts lost = regoods(after, q, received, left);
                double gain = his_value - goods_value(lost, q);
                if (room > 0) gain += good_gain(lost, me, kept, item);
                if (!any || gain > top) top = gain;
                any = true;
            }
            const double s0 = (any ? top : 0.0) - gift;
            const int s1 = view.credits[q], s2 = -q;
            const bool greater = i == 0 || s0 > b0 || (s0 == b0 && (s1 > b1 || (s1 == b1 && s2 > b2)));
            if (greater) {
                best = static_cast<int>(i);
                b0 = s0;
                b1 = s1;
                b2 = s2;
            }
        }
        return best;
    }

    // reasons_base._paper_import
    int paper_import(const std::vector<PyValue>& o) {
        const Counts counts = goods_counts();
        int best = -1;
        double best_value = 0.0;
        for (std::size_t i = 0; i < o.size(); ++i) {
            if (!o[i].is_int()) continue;
            const int index = o[i].i;
            bool any = false;
            double value = 0.0;
            for (int c : view.ships[index].cargo) {
                const double v = import_worth(counts, c);
                if (!any || v > value) value = v;
                any = true;
            }
            value += emptied(index);
            if (value > best_value) {
                best = static_cast<int>(i);
                best_value = value;
            }
        }
        return best;  // -1: "pass"
    }

    // reasons_base._flour_container
    int flour_container(const std::vector<PyValue>& o) {
        int best = -1;
        double b0 = 0.0;
        int b1 = 0, b2 = 0;
        for (std::size_t i = 0; i < o.size(); ++i) {
            if (!o[i].is_tuple()) continue;
            const int card = o[i][0].i, ship = o[i][1].i, color = o[i][2].i;
            NeedDict need;
            st.remaining(view.ships[ship], -1, need);
            const double s0 = worth(card) + static_cast<double>(flag_fee(card));
            const int s1 = -need.get(color, 0), s2 = card;
            if (best < 0 || s0 < b0 || (s0 == b0 && (s1 < b1 || (s1 == b1 && s2 < b2)))) {
                best = static_cast<int>(i);
                b0 = s0;
                b1 = s1;
                b2 = s2;
            }
        }
        return best < 0 ? 0 : best;
    }

    // reasons_base._best_swap: the option chosen, -1 for "pass"
    int best_swap(const Swaps& swaps) {
        const std::vector<int> h = hand();
        int best = -1;
        double best_gain = k.swap_margin;
        std::vector<int> kept;
        // the kept cards' Known entry by which hand places they hold (a mask while the hand
        // has at most 64 cards): found once per set of kept cards, not once per card taken
        const bool masked = h.size() <= 64;
        kept_masks_.clear();
        // masked, with every hand card's id below PLACE_CARDS: the kept mask is the hand's
        // less its given cards' places (place_), and the kept cards (in hand order) are
        // listed only for a new mask
        bool by_place = masked;
        for (std::size_t j = 0; by_place && j < h.size(); ++j)
            by_place = h[j] >= 0 && h[j] < PLACE_CARDS;
        std::uint64_t full = 0;
        double card_worth[PLACE_CARDS];                // a given card's worth(), once
        std::uint64_t have_worth[PLACE_CARDS / 64] = {};  // (which card_worth holds)
        if (by_place)
            for (std::size_t j = 0; j < h.size(); ++j) {
                place_[h[j]] |= std::uint64_t{1} << j;
                full |= std::uint64_t{1} << j;
            }
        for (int i = 0; i < swaps.size(); ++i) {
            const int* given = swaps.given(i);
            const int ng = swaps.n_given[static_cast<std::size_t>(i)];
            const int* taken = swaps.taken(i);
            const int nt = swaps.n_taken[static_cast<std::size_t>(i)];
            std::uint64_t mask = 0;
            if (by_place) {
                mask = full;
                for (int g = 0; g < ng; ++g)
                    if (given[g] >= 0 && given[g] < PLACE_CARDS) mask &= ~place_[given[g]];
            } else {
                kept.clear();
                for (std::size_t j = 0; j < h.size(); ++j)
                    if (std::find(given, given + ng, h[j]) == given + ng) {
                        kept.push_back(h[j]);
                        if (masked) mask |= std::uint64_t{1} << j;
                    }
            }
            int at = -1;
            if (masked)
                for (const auto& [m, a] : kept_masks_)
                    if (m == mask) at = a;
            if (at < 0) {
                if (by_place) {
                    kept.clear();
                    for (std::size_t j = 0; j < h.size(); ++j)
                        if (mask >> j & 1) kept.push_back(h[j]);
                }
                at = known_for(kept);
                if (masked) kept_masks_.emplace_back(mask, at);
            }
            double gain = 0.0;  // sum(): 0 + the first + ...
            for (int t = 0; t < nt; ++t) gain += island_worth_at(taken[t], at);
            double given_worth = 0.0;
            for (int g = 0; g < ng; ++g) {
                const int c = given[g];
                if (c < 0 || c >= PLACE_CARDS) {
                    given_worth += worth(c);
                    continue;
                }
                // a card's worth (a Table memo's: the same all through) looked up once
                const std::uint64_t bit = std::uint64_t{1} << (c & 63);
                if (!(have_worth[c >> 6] & bit)) {
                    card_worth[c] = worth(c);
                    have_worth[c >> 6] |= bit;
                }
                given_worth += card_worth[c];
            }
            gain -= given_worth;
            if (gain > best_gain) {
                best = swaps.option[static_cast<std::size_t>(i)];
                best_gain = gain;
            }
        }
        if (by_place)
            for (int c : h) place_[c] = 0;
        return best;
    }

    // reasons_base._rope_swap: ("swap", island card, hand card)
    int rope_swap(const std::vector<PyValue>& o) {
        Swaps swaps;
        for (std::size_t i = 0; i < o.size(); ++i)
            if (o[i].is_tuple()) {
                swaps.begin_swap(static_cast<int>(i));
                swaps.give(o[i][2].i);
                swaps.take(o[i][1].i);
            }
        return best_swap(swaps);
    }

    // reasons_base._led_lights_swap: ((hand cards given), (island cards taken))
    int led_lights_swap(const std::vector<PyValue>& o) {
        Swaps swaps;
        for (std::size_t i = 0; i < o.size(); ++i)
            if (o[i].is_tuple()) {
                swaps.begin_swap(static_cast<int>(i));
                for (const PyValue& v : o[i][0].items) swaps.give(v.i);
                for (const PyValue& v : o[i][1].items) swaps.take(v.i);
            }
        return best_swap(swaps);
    }

    // reasons_base._machine_arms_load ((card, ship, colour); -1: "stop")
    int machine_arms_load(const std::vector<PyValue>& o) {
        int best = -1;
        double best_gain = 0.0;
        for (std::size_t i = 0; i < o.size(); ++i) {
            if (!o[i].is_tuple()) continue;
            const int card = o[i][0].i, ship = o[i][1].i;
            NeedDict need;
            st.remaining(view.ships[ship], -1, need);
            const double s = slot(need, view.ships[ship].cargo.size());
            const double gain = s - worth(card) - static_cast<double>(flag_fee(card));
            if (gain > best_gain) {
                best = static_cast<int>(i);
                best_gain = gain;
            }
        }
        return best;
    }

    // reasons_base._smart_cars_use ("load", ("island", card)): the index, or -1 for "load"
    int smart_cars_use(const std::vector<PyValue>& o) {
        int pay;
        const bool has = view.load_to_island(pay);
        bool cards = false;
        for (const PyValue& v : o) cards = cards || v.is_tuple();
        if (!has || !cards || fits_any()) return -1;
        int best = -1, best_card = 0;
        double bw = 0.0;
        for (std::size_t i = 0; i < o.size(); ++i) {
            if (!o[i].is_tuple()) continue;
            const int card = o[i][1].i;
            const double w = worth(card);
            if (best < 0 || w < bw || (w == bw && card < best_card)) {
                best = static_cast<int>(i);
                bw = w;
                best_card = card;
            }
        }
        return worth(best_card) < static_cast<double>(pay) ? best : -1;
    }

    // reasons_base._cell_phones_load ((ship, colour))
    int cell_phones_load(const std::vector<PyValue>& o) {
        int best = 0;
        double bv = 0.0;
        int bs = 0;
        for (std::size_t i = 0; i < o.size(); ++i) {
            const int ship = o[i][0].i;
            NeedDict need;
            st.remaining(view.ships[ship], -1, need);
            const double v = slot(need, view.ships[ship].cargo.size());
            if (i == 0 || v > bv || (v == bv && -ship > -bs)) {
                best = static_cast<int>(i);
                bv = v;
                bs = ship;
            }
        }
        return best;
    }

    // reasons_base._antiquities_take
    int antiquities_take(const std::vector<PyValue>& o) {
        const std::vector<int> h = hand();
        int best = 0;
        double bv = 0.0;
        int bc = 0;
        for (std::size_t i = 0; i < o.size(); ++i) {
            const int c = o[i].i;
            const double v = island_worth(c, h);
            if (i == 0 || v > bv || (v == bv && -c > -bc)) {
                best = static_cast<int>(i);
                bv = v;
                bc = c;
            }
        }
        return best;
    }

    // reasons_base._insects_take (context: the rival the goods come from)
    int insects_take(const std::vector<PyValue>& o, int source) {
        const Counts counts = goods_counts();
        int best = 0;
        double bv = 0.0;
        int bc = 0;
        for (std::size_t i = 0; i < o.size(); ++i) {
            const int c = o[i].i;
            const double v = take_gain(counts, c, source);
            if (i == 0 || v > bv || (v == bv && -c > -bc)) {
                best = static_cast<int>(i);
                bv = v;
                bc = c;
            }
        }
        return best;
    }

    // reasons_base._jets_take (context: my completed ship; -1: "pass")
    int jets_take(const std::vector<PyValue>& o, int index) {
        const Counts counts = goods_counts();
        int best = -1;
        double best_value = 0.0;
        for (std::size_t i = 0; i < o.size(); ++i) {
            if (!o[i].is_int()) continue;
            const double value = take_gain(counts, o[i].i, -1) + emptied(index);
            if (value > best_value) {
                best = static_cast<int>(i);
                best_value = value;
            }
        }
        return best;
    }

    // GameFacts.fits (cargo.fits without the state): an uncovered matching need
    bool fits(const ShipRow& ship, int color) const {
        if (ship.at_sea || ship.contracts.empty()) return false;
        NeedDict need;
        st.remaining(ship, -1, need);
        if (color == GREY) return need.any_positive();
        return need.get(color, 0) > 0 || need.get(ANY, 0) > 0;
    }

    // power_choices._platinum_rings: play, the least useful first, a card whose action
    // helps now (in the order Contract, Load, Pirate, Import, Supply); -1: "stop"
    int platinum_rings(const std::vector<PyValue>& o) {
        const int me = view.me;
        std::vector<int> ports;
        for (int i = 0; i < view.n_ships; ++i)
            if (view.ships[i].owner == me && !view.ships[i].at_sea) ports.push_back(i);
        std::vector<int> sea;
        for (int i = 0; i < view.n_ships; ++i)
            if (view.ships[i].at_sea)
                for (int c : view.ships[i].cargo_colors)
                    if (c != GREY) sea.push_back(c);
        for (int card : view.island)
            for (int c : tables.colors[static_cast<std::size_t>(card)]) sea.push_back(c);
        const std::vector<int> h = hand();
        auto helps = [&](int card, int action) {
            std::vector<int> rest;
            for (int c : h)
                if (c != card) rest.push_back(c);
            if (action == CONTRACT) {
                for (int r : rest)
                    for (int cid : tables.card_contracts[static_cast<std::size_t>(r)])
                        for (int i : ports)
                            if (view.missing_levels(cid) == 0 && st.can_hold(view.ships[i], cid))
                                return true;
                return false;
            }
            if (action == LOAD || action == PIRATE) {
                std::vector<int> cols;
                if (action == PIRATE) {
                    cols = sea;
                } else {
                    for (int r : rest)
                        for (int c : tables.colors[static_cast<std::size_t>(r)]) cols.push_back(c);
                }
                for (int c : cols)
                    for (int i : ports)
                        if (c != GREY && fits(view.ships[i], c)) return true;
                return false;
            }
            if (action == IMPORT) {
                const bool room = view.crew_room() > 0 || view.goods_room() > 0;
                if (!room) return false;
                for (int i = 0; i < view.n_ships; ++i)
                    if (view.ships[i].at_sea && !view.ships[i].cargo.empty()) return true;
                return false;
            }
            return action == SUPPLY && !view.island.empty() && view.crew_room() > 0;
        };
        for (int action : {CONTRACT, LOAD, PIRATE, IMPORT, SUPPLY}) {
            int best = -1, best_card = 0;
            double bw = 0.0;
            bool first = true;
            for (std::size_t i = 0; i < o.size(); ++i) {
                if (!o[i].is_int()) continue;
                const int c = o[i].i;
                if (tables.actions[static_cast<std::size_t>(c)] != action || !helps(c, action)) continue;
                const double w = worth(c);
                if (first || w < bw || (w == bw && c < best_card)) {
                    best = static_cast<int>(i);
                    bw = w;
                    best_card = c;
                    first = false;
                }
            }
            if (best >= 0) return best;
        }
        return -1;
    }

    // reasons_base._flash_drives_take (context: my completed ship; -1: "pass")
    int flash_drives_take(const std::vector<PyValue>& o, int index) {
        const std::vector<int> h = hand();
        const double floor = static_cast<double>(h.size()) <= k.short_hand ? k.card_to_play : 0.0;
        int best = -1;
        double best_value = 0.0;
        for (std::size_t i = 0; i < o.size(); ++i) {
            if (!o[i].is_int()) continue;
            const double value = py_max(island_worth(o[i].i, h), floor) + emptied(index);
            if (value > best_value) {
                best = static_cast<int>(i);
                best_value = value;
            }
        }
        return best;
    }
};

}  // namespace deckhand::heur

namespace deckhand::heur {

// IEHeuristic.power_rules for the kinds reasons_base.py answers: the index chosen, or -2
// where the kind is not one of them (power_choices.hpp answers it).
inline int reasons_answer(const PowerQuestion& q, const View& v, Table& t) {
    static constexpr std::string_view KINDS[] = {
        "apples_choice",   "wind_turbines_copy", "insects_target",   "paper_import",
        "flour_container", "rope_swap",          "led_lights_swap",  "machine_arms_load",
        "smart_cars_use",  "cell_phones_use",    "cell_phones_load", "antiquities_take",
        "insects_take",    "jets_take",          "flash_drives_take", "platinum_rings_play"};
    bool mine = false;
    for (const std::string_view k : KINDS) mine = mine || std::string_view(q.kind) == k;
    if (!mine) return -2;
    if (q.decoded) {  // rope_swap, led_lights_swap read from the rules' options
        if (q.kind != "rope_swap" && q.kind != "led_lights_swap")
            fail("decoded options of '" + q.kind + "'");
        ReasonsBase r(v, t);
        const int i = r.best_swap(q.swaps);
        if (i >= 0) return i;
        if (q.swaps.pass < 0) fail(std::string("the answer 'pass' is not offered at ") + q.kind);
        return q.swaps.pass;
    }
    std::vector<PyValue> o;
    for (const std::string& text : q.options) o.push_back(parse_py(text));
    auto literal = [&q](const char* word) {
        const std::string quoted = std::string("'") + word + "'";
        for (std::size_t i = 0; i < q.options.size(); ++i)
            if (q.options[i] == quoted) return static_cast<int>(i);
        fail(std::string("the answer '") + word + "' is not offered at " + q.kind);
    };
    ReasonsBase r(v, t);
    const KindText k{q.kind};
    if (k == "apples_choice") return r.apples(o);
    if (k == "wind_turbines_copy") return r.wind_turbines(o);
    if (k == "insects_target") return r.insects_target(o);
    if (k == "paper_import") {
        const int i = r.paper_import(o);
        return i < 0 ? literal("pass") : i;
    }
    if (k == "flour_container") return r.flour_container(o);
    if (k == "rope_swap" || k == "led_lights_swap") {
        const int i = k == "rope_swap" ? r.rope_swap(o) : r.led_lights_swap(o);
        return i < 0 ? literal("pass") : i;
    }
    if (k == "machine_arms_load") {
        const int i = r.machine_arms_load(o);
        return i < 0 ? literal("stop") : i;
    }
    if (k == "smart_cars_use") {
        const int i = r.smart_cars_use(o);
        return i < 0 ? literal("load") : i;
    }
    if (k == "cell_phones_use") return literal(r.fits_any() ? "hand" : "draw");
    if (k == "cell_phones_load") return r.cell_phones_load(o);
    if (k == "antiquities_take") return r.antiquities_take(o);
    if (k == "insects_take") return r.insects_take(o, q.context);
    if (k == "platinum_rings_play") {  // (power_choices._platinum_rings)
        const int i = r.platinum_rings(o);
        return i < 0 ? literal("stop") : i;
    }
    const int i = k == "jets_take" ? r.jets_take(o, q.context) : r.flash_drives_take(o, q.context);
    return i < 0 ? literal("pass") : i;
}

}  // namespace deckhand::heur
