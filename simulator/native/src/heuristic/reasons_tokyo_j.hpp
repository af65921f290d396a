// The heuristic's answers to the questions the Tokyo and J powers ask (IEHeuristic.power_rules:
// power_choices.py's rules, replaced by reasons_base.py's and reasons_expansions.py's where
// they have one), and their any-time powers' rules (power_choices.ANY_TIME_RULES: Tsukiji
// Fish, Sushi Knives). Each function names the Python rule it ports. The options are read as
// Python's repr writes them (ie_powers_tokyo.cpp, ie_powers_j.cpp render them so).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "heuristic/hand_cover.hpp"
#include "heuristic/options.hpp"
#include "heuristic/power_choices.hpp"
#include "heuristic/reasons_base.hpp"
#include "heuristic/valuation.hpp"

namespace deckhand::heur {

class ReasonsTokyoJ {
  public:
    ReasonsTokyoJ(const View& v, Table& t) : view(v), table(t), tables(*v.tables) {}

    const View& view;
    Table& table;
    const BotTables& tables;

    // power_choices._cargo_in_hand: how many hand cards could fill this contract's cargo
    int cargo_in_hand(int cid) const {
        const ColorCounts& cargo = tables.by_id(cid).cargo;
        if (cargo.find(ANY) >= 0) return view.hand.size();
        int n = 0;
        for (int c : view.hand) {
            bool fills = false;
            for (int color : tables.colors[static_cast<std::size_t>(c)]) fills = fills || cargo.find(color) >= 0;
            n += fills;
        }
        return n;
    }

    // power_choices._contract_with_cargo (Spacecraft, a forced placement): the contract the
    // hand can best fill, max by (cargo in hand, -contract id, -ship)
    int contract_with_cargo(const std::vector<PyOption>& o) const {
        int best = -1;
        int key[3] = {0, 0, 0};
        for (std::size_t i = 0; i < o.size(); ++i) {
            if (!o[i].tuple) continue;
            const int k0 = cargo_in_hand(o[i].ints[1]), k1 = -o[i].ints[1], k2 = -o[i].ints[2];
            if (best < 0 || k0 > key[0] || (k0 == key[0] && (k1 > key[1] || (k1 == key[1] && k2 > key[2])))) {
                best = static_cast<int>(i);
                key[0] = k0, key[1] = k1, key[2] = k2;
            }
        }
        return best < 0 ? 0 : best;
    }

    // power_choices._load_cheapest (PlayStations' free extra load): the hand card worth least
    // to keep, min by (worth, card, ship); "pass" with no load offered
    int load_cheapest(const std::vector<PyOption>& o) {
        int best = -1;
        double w0 = 0.0;
        int k1 = 0, k2 = 0;
        for (std::size_t i = 0; i < o.size(); ++i) {
            if (!o[i].tuple) continue;
            const int card = o[i].ints[0], ship = o[i].ints[1];
            const double w = table.card_worth(card);
            if (best < 0 || w < w0 || (w == w0 && (card < k1 || (card == k1 && ship < k2)))) {
                best = static_cast<int>(i);
                w0 = w, k1 = card, k2 = ship;
            }
        }
        return best < 0 ? 0 : best;
    }

    // reasons_base._squid_jerky_take: the Port card whose power is worth most to me now, max
    // by (power score, -contract id)
    int squid_jerky_take(const std::vector<PyOption>& o) {
        ReasonsBase r(view, table);
        int best = -1;
        double k0 = 0.0;
        int k1 = 0;
        for (std::size_t i = 0; i < o.size(); ++i) {
            if (!o[i].tuple) continue;
            const int cid = o[i].ints[1];
            const double s = r.power_score(cid, false);
            if (best < 0 || s > k0 || (s == k0 && -cid > k1)) {
                best = static_cast<int>(i);
                k0 = s, k1 = -cid;
            }
        }
        return best < 0 ? 0 : best;
    }

    // ------------------------------------------------------------ J: ships at port

    // reasons_expansions._outlook of ship `index` as a trial ship (containers of `colors`
    // loaded, contract `extra` placed): (short, left, -payout), `skip` kept out of the hand
    struct Outlook {
        int short_ = 0, left = 0, pay = 0;
    };
    Outlook outlook(int index, const int* colors, int n, int extra, const int* skip, int n_skip) const {
        ColorCounts need;
        trial_needs(index, colors, n, extra, need);
        Outlook o;
        ColorCounts left;  // _needs: the positive ones
        for (int i = 0; i < need.n; ++i)
            if (need.vals[i] > 0) {
                left.add(need.keys[i], need.vals[i]);
                o.left += need.vals[i];
            }
        o.short_ = o.left - hand_cover(view, left, skip, n_skip);
        const int containers = view.ships[index].cargo_colors.size() + n + o.left;
        o.pay = -view.ship_payout(containers);
        return o;
    }

    // GameFacts.remaining (the cards' own rules, without the state) of a copy of ship `index`
    // with containers of `colors` loaded and contract `extra` placed (-1: none)
    int trial_needs(int index, const int* colors, int n, int extra, ColorCounts& need) const {
        ShipRow trial = view.ships[index];
        std::vector<ColorT> loaded(trial.cargo_colors.begin(), trial.cargo_colors.end());
        for (int k = 0; k < n; ++k) loaded.push_back(static_cast<ColorT>(colors[k]));
        trial.cargo_colors = Colors(loaded.data(), static_cast<int>(loaded.size()));
        return table.static_.remaining(trial, extra, need);
    }

    // GameFacts.fits (cargo.fits without the state): an uncovered matching need
    bool fits(int index, int color) const {
        const ShipRow& row = view.ships[index];
        if (row.at_sea || row.contracts.empty()) return false;
        ColorCounts need;
        table.static_.remaining(row, -1, need);
        if (color == GREY) {
            for (int i = 0; i < need.n; ++i)
                if (need.vals[i] > 0) return true;
            return false;
        }
        return need.get(color) > 0 || need.get(ANY) > 0;
    }

    // reasons_expansions._load_key: (short, left, pay, index), smaller is better
    std::array<int, 4> load_key(int index, const int* skip, int n_skip) const {
        const int pair[2] = {GREEN, PAIRED};
        const Outlook o = outlook(index, pair, 2, -1, skip, n_skip);
        return {o.short_, o.left, o.pay, index};
    }

    // reasons_expansions._expected: a ship's payout weighed by HOPE per need no hand card fills
    double expected(int index, int extra) const {
        const Outlook o = outlook(index, nullptr, 0, extra, nullptr, 0);
        return -static_cast<double>(o.pay) * std::pow(tables.k.hope, o.short_);
    }

    // reasons_expansions._my_ports
    std::vector<int> my_ports() const {
        std::vector<int> out;
        for (int i = 0; i < view.n_ships; ++i)
            if (view.ships[i].owner == view.me && !view.ships[i].at_sea) out.push_back(i);
        return out;
    }

    // reasons_expansions._bamboo_place: placed again on the ship whose expected payout it
    // raises most; pass in the last turn, when leaving the completed contracts would put me
    // over a limit, or where no ship gains. `cid`: Bamboo (the question's context).
    int bamboo_place(const std::vector<PyOption>& o, int cid, int pass) const {
        bool any = false;
        for (const PyOption& x : o) any = any || (!x.tuple && x.words.empty());
        if (!any || view.end_triggered || view.crew_room() < 1 || view.goods_room() < 2) return pass;
        double best_value = 0.0;
        int best_i = 0, best = -1;
        for (std::size_t k = 0; k < o.size(); ++k) {
            if (o[k].tuple || !o[k].words.empty()) continue;
            const int i = o[k].ints[0];
            const double before = view.ships[i].contracts.empty() ? 0.0 : expected(i, -1);
            const double value = expected(i, cid) - before;
            if (best < 0 || value > best_value || (value == best_value && -i > -best_i)) {
                best = static_cast<int>(k);
                best_value = value;
                best_i = i;
            }
        }
        return best_value > 0 ? best : pass;
    }

    // reasons_expansions._pocky_import: the ship at sea whose best container is worth most to
    // me, less the compensation its owner takes; the poorer owner on a tie
    int pocky_import(const std::vector<PyOption>& o) {
        ReasonsBase r(view, table);
        const Counts counts = r.goods_counts();
        int best = -1;
        double k0 = 0.0;
        int k1 = 0, k2 = 0;
        for (std::size_t k = 0; k < o.size(); ++k) {
            const int i = o[k].ints[0];
            const ShipRow& row = view.ships[i];
            double top = 0.0;
            bool first = true;
            for (int card : row.cargo) {
                const double w = r.import_worth(counts, card);
                if (first || w > top) top = w;
                first = false;
            }
            const int cost = row.owner == view.me ? 0 : view.powers->compensation_to(row.owner);
            const double v0 = top - static_cast<double>(cost);
            const int v1 = row.owner != view.me ? -view.credits[row.owner] : 1;
            const int v2 = -i;
            if (best < 0 || v0 > k0 || (v0 == k0 && (v1 > k1 || (v1 == k1 && v2 > k2)))) {
                best = static_cast<int>(k);
                k0 = v0, k1 = v1, k2 = v2;
            }
        }
        return best < 0 ? 0 : best;
    }

    // reasons_expansions._robo_cats_pair: a plundered pair always loads, nearest a ship's
    // completion; in a Load, a pair only when its extra card lifts the payout by more than it
    // is worth kept (the whole pair's worth when no single card could load), else pass
    int robo_cats_pair(const std::vector<PyOption>& o, int pass) {
        int best = -1;
        std::array<int, 4> best_key{};
        for (std::size_t k = 0; k < o.size(); ++k) {  // a plundered pair: ship options
            if (o[k].tuple || !o[k].words.empty()) continue;
            const auto key = load_key(o[k].ints[0], nullptr, 0);
            if (best < 0 || key < best_key) {
                best = static_cast<int>(k);
                best_key = key;
            }
        }
        if (best >= 0) return best;
        const auto ports = my_ports();
        bool single = false;
        for (int card : view.hand)
            for (int c : tables.colors[static_cast<std::size_t>(card)])
                if (c != GREY)
                    for (int i : ports) single = single || fits(i, c);
        double best_value = 0.0;
        std::array<int, 4> best_near{};
        for (std::size_t k = 0; k < o.size(); ++k) {
            if (!o[k].tuple) continue;
            const std::vector<int>& ints = o[k].ints;  // the cards, then the ship
            const int n_cards = static_cast<int>(ints.size()) - 1;
            const int i = ints.back();
            const Outlook out = outlook(i, nullptr, 0, -1, nullptr, 0);
            const int n = view.ships[i].cargo_colors.size() + out.left;
            const double band = static_cast<double>(view.ship_payout(n + n_cards - 1) + out.pay);
            double sum = 0.0, top = 0.0;
            for (int j = 0; j < n_cards; ++j) {
                const double w = table.card_worth(ints[static_cast<std::size_t>(j)]);
                sum += w;
                top = j == 0 ? w : py_max(top, w);
            }
            const double value = single ? band - (sum - top)
                                        : band - static_cast<double>(out.pay) / static_cast<double>(py_max(1, n)) - sum;
            const auto near = load_key(i, ints.data(), n_cards);
            // max by (value, [-k for k in nearest]): the larger value, then the smaller key
            if (best < 0 || value > best_value || (value == best_value && near < best_near)) {
                best = static_cast<int>(k);
                best_value = value;
                best_near = near;
            }
        }
        if (best < 0) return pass;
        return best_value > 0 ? best : pass;
    }

    // reasons_expansions._robo_cats_keep: keep a plundered container for a pair only when no
    // ship of mine takes it alone and another of its type is at sea or on the island
    bool robo_cats_keep(int card) const {
        const int own = tables.color[static_cast<std::size_t>(card)];
        for (int i : my_ports())
            if (fits(i, own)) return false;
        bool sea = false;
        for (int i = 0; i < view.n_ships; ++i)
            if (view.ships[i].at_sea)
                for (int c : view.ships[i].cargo_colors) sea = sea || c == own;
        bool island = false;
        for (int c : view.island) {
            const auto& cs = tables.colors[static_cast<std::size_t>(c)];
            island = island || (cs.size() == 1 && cs[0] == own);
        }
        return sea || island;
    }

    // power_choices._tsukiji_fish: a free placement, only on a ship with no contract yet,
    // the contract whose cargo my hand covers best, max by (cargo in hand, -contract id,
    // -ship); -1: none. `first`: the power's first use among the options.
    int tsukiji_fish(const Decision& d, int code, int first) const {
        int best = -1;
        int key[3] = {0, 0, 0};
        for (int i = first; i < d.size(); ++i) {
            const auto k = static_cast<std::size_t>(i);
            if (d.uses[k] != code) continue;
            const int cid = d.use_arg2[k], ship = d.use_arg3[k];
            if (!view.ships[ship].contracts.empty()) continue;  // not fresh
            const int k0 = cargo_in_hand(cid), k1 = -cid, k2 = -ship;
            if (best < 0 || k0 > key[0] || (k0 == key[0] && (k1 > key[1] || (k1 == key[1] && k2 > key[2])))) {
                best = i;
                key[0] = k0, key[1] = k1, key[2] = k2;
            }
        }
        return best;
    }
};

// IEHeuristic.power_rules for the Tokyo and J kinds: the index chosen, or -2 where the kind
// is not one of them.
inline int tokyo_j_answer(const PowerQuestion& q, const View& v, Table& t) {
    static constexpr std::string_view KINDS[] = {"hentai_manga_place", "jidohanbaiki_use", "playstations_load",
                                        "spacecraft_place",   "squid_jerky_take", "bamboo_place",
                                        "pocky_import",       "soy_sauce_use",    "robo_cats_pair",
                                        "robo_cats_keep",     "sushi_knives_card"};
    bool mine = false;
    for (const std::string_view k : KINDS) mine = mine || std::string_view(q.kind) == k;
    if (!mine) return -2;
    auto index_of = [&q](const char* word) {
        const std::string quoted = std::string("'") + word + "'";
        for (std::size_t i = 0; i < q.options.size(); ++i)
            if (q.options[i] == quoted) return static_cast<int>(i);
        return -1;
    };
    auto literal = [&q, &index_of](const char* word) {
        const int i = index_of(word);
        if (i < 0) fail(std::string("the answer '") + word + "' is not offered at " + q.kind);
        return i;
    };
    std::vector<PyOption> o;
    for (const std::string& text : q.options) o.push_back(parse_repr(text));
    ReasonsTokyoJ r(v, t);
    const KindText k{q.kind};
    if (k == "hentai_manga_place") {
        // power_choices._hentai_manga: an illegal contract whose immediate power is spent
        // goes to the crew while the crew has room to spare; otherwise it stays completed
        const bool immediate = v.tables->by_id(q.context).immediate_timing;
        if (index_of("crew") >= 0 && immediate && v.crew_room() >= 2) return literal("crew");
        return literal("fulfilled");
    }
    if (k == "jidohanbaiki_use")  // power_choices._jidohanbaiki
        return literal(v.hand.size() >= v.draws_to() - 1 ? "credits" : "draw");
    if (k == "playstations_load") return r.load_cheapest(o);
    if (k == "spacecraft_place") return r.contract_with_cargo(o);
    if (k == "squid_jerky_take") return r.squid_jerky_take(o);
    if (k == "bamboo_place") return r.bamboo_place(o, q.context, literal("pass"));
    if (k == "pocky_import") return r.pocky_import(o);
    if (k == "soy_sauce_use") {  // power_choices._soy_sauce: when the goods have room for all
        const int crew = v.crew[v.me].size();
        return literal(0 < crew && crew <= v.goods_room() ? "transfer" : "pass");
    }
    if (k == "robo_cats_pair") return r.robo_cats_pair(o, index_of("pass"));
    if (k == "robo_cats_keep")
        return literal(r.robo_cats_keep(q.context) && index_of("keep") >= 0 ? "keep" : "pass");
    // sushi_knives_card: power_choices._cheapest_card
    return PowerChoices().cheapest_card(q, [&t](int card) { return t.card_worth(card); });
}

// power_choices.ANY_TIME_RULES for the Tokyo and J powers: the use chosen, -1 for none
// (the next power's rule is asked), or -2 where the code is not one of theirs.
inline int tokyo_j_any_time(const Decision& d, Table& t, int code, int first) {
    const Constants& k = t.tables.k;
    if (code == k.tsukiji_fish_code) return ReasonsTokyoJ(t.view, t).tsukiji_fish(d, code, first);
    if (code == k.sushi_knives_code) {
        // power_choices._sushi_knives: four luxury cards for credits from a crowded hand, and
        // always before scoring (hand cards score nothing)
        if (d.before_scoring) return first;
        return d.mine_starting && t.view.hand.size() > 6 ? first : -1;
    }
    return -2;
}

}  // namespace deckhand::heur
