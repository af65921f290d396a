// The heuristic's answers to the questions the Tokyo and J powers ask (IEHeuristic.power_rules:
// power_choices.py's rules, replaced by reasons_base.py's and reasons_expansions.py's where
// they have one), and their any-time powers' rules (power_choices.ANY_TIME_RULES: Tsukiji
// Fish, Sushi Knives). Each function names the Python rule it ports. The options are read as
// Python's repr writes them (ie_powers_tokyo.cpp, ie_powers_j.cpp render them so).
#pragma once

#include <string>
#include <vector>

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
    static const char* const KINDS[] = {"hentai_manga_place", "jidohanbaiki_use", "playstations_load",
                                        "spacecraft_place", "squid_jerky_take"};
    bool mine = false;
    for (const char* k : KINDS) mine = mine || q.kind == k;
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
    const std::string& k = q.kind;
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
    return r.squid_jerky_take(o);
}

// power_choices.ANY_TIME_RULES for the Tokyo and J powers: the use chosen, -1 for none
// (the next power's rule is asked), or -2 where the code is not one of theirs.
inline int tokyo_j_any_time(const Decision& d, Table& t, int code, int first) {
    const Constants& k = t.tables.k;
    if (code == k.tsukiji_fish_code) return ReasonsTokyoJ(t.view, t).tsukiji_fish(d, code, first);
    return -2;
}

}  // namespace deckhand::heur
