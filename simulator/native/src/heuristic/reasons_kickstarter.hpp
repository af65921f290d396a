// The heuristic's answers to the Kickstarter and Kickstarter 2 powers' questions
// (IEHeuristic.power_rules: power_choices.RULES' Kickstarter entries, with reasons_base.py's
// Dino Bones and Stretch Goal over them) and its "at any time" rules for Bionic Ears and
// Segways (power_choices.ANY_TIME_RULES). Options are read from their repr, as
// power_choices.hpp reads them (the rules core renders each as Python's repr).
#pragma once

#include <string>
#include <vector>

#include "heuristic/options.hpp"
#include "heuristic/power_choices.hpp"
#include "heuristic/reasons_base.hpp"

namespace deckhand::heur {

namespace kick {

inline int index_of(const PowerQuestion& q, const char* word) {
    const std::string quoted = std::string("'") + word + "'";
    for (std::size_t i = 0; i < q.options.size(); ++i)
        if (q.options[i] == quoted) return static_cast<int>(i);
    return -1;
}

inline int literal(const PowerQuestion& q, const char* word) {
    const int i = index_of(q, word);
    if (i < 0) fail(std::string("the answer '") + word + "' is not offered at " + q.kind);
    return i;
}

// reasons_base._dino_bones_take: the island card that adds most to my goods score, by
// (gain, -card) (the take is compulsory; beyond my goods limit the card is discarded:
// IE-KS-5)
inline int dino_bones_take(ReasonsBase& r, const std::vector<PyValue>& o) {
    const Counts counts = r.goods_counts();
    int best = 0;
    double best_value = 0.0;
    int best_card = 0;
    for (std::size_t i = 0; i < o.size(); ++i) {
        const int card = o[i].i;
        const double value = r.take_gain(counts, card, -1);
        if (i == 0 || value > best_value || (value == best_value && -card > -best_card)) {
            best = static_cast<int>(i);
            best_value = value;
            best_card = card;
        }
    }
    return best;
}

// reasons_base._stretch_goal_import: the container of a ship at sea that adds most to my
// goods score, its last container taken sending the ship home (mine freed, a rival's back
// to him), by (value, -card); the import is compulsory (IE-KS-13). Options: (ship, card).
inline int stretch_goal_import(ReasonsBase& r, const std::vector<PyValue>& o) {
    const Counts counts = r.goods_counts();
    int best = 0;
    double best_value = 0.0;
    int best_card = 0;
    for (std::size_t i = 0; i < o.size(); ++i) {
        const int index = o[i][0].i, card = o[i][1].i;
        const double value = r.take_gain(counts, card, -1) + r.emptied(index);
        if (i == 0 || value > best_value || (value == best_value && -card > -best_card)) {
            best = static_cast<int>(i);
            best_value = value;
            best_card = card;
        }
    }
    return best;
}

// power_choices._railguns: credits with some to spare, else two goods, else a completed
// contract (the last completed, whose limits matter least), else whatever is asked
inline int railguns(const PowerQuestion& q, const View& v, int comfort) {
    const int credits = index_of(q, "credits");
    if (credits >= 0 && v.credits[v.me] >= comfort) return credits;
    const int goods = index_of(q, "goods");
    if (goods >= 0) return goods;
    int last_contract = -1;
    for (std::size_t i = 0; i < q.options.size(); ++i)
        if (!q.options[i].empty() && q.options[i][0] == '(') last_contract = static_cast<int>(i);
    if (last_contract >= 0 && credits < 0) return last_contract;
    return credits >= 0 ? credits : 0;
}

}  // namespace kick

// The index chosen for a Kickstarter or Kickstarter 2 power's question, or -2 where the kind
// is not one of theirs.
inline int kickstarter_answer(const PowerQuestion& q, const View& v, Table& t, const PowerChoices& pc) {
    const KindText k{q.kind};
    auto worth = [&t](int card) { return t.card_worth(card); };
    if (k == "backpacks_draw") return pc.first_of(q, "draw");  // _first_of("draw")
    if (k == "nanobots_load") return pc.first_of(q, "load");   // _first_of("load")
    if (k == "dino_bones_give" || k == "railguns_good" || k == "sanitizer_discard_crew" ||
        k == "sanitizer_discard_goods")
        return pc.cheapest_card(q, worth);  // _cheapest_card
    if (k == "oat_milk_take") return kick::literal(q, v.hand.size() <= 3 ? "draw" : "credits");  // _draw_if_short
    if (k == "railguns_give") return kick::railguns(q, v, pc.comfort);
    if (k != "dino_bones_take" && k != "stretch_goal_import" && k != "ar_glasses_play") return -2;
    std::vector<PyValue> o;
    for (const std::string& text : q.options) o.push_back(parse_py(text));
    ReasonsBase r(v, t);
    if (k == "dino_bones_take") return kick::dino_bones_take(r, o);
    if (k == "stretch_goal_import") return kick::stretch_goal_import(r, o);
    const int i = r.platinum_rings(o);  // AR Glasses: power_choices._platinum_rings
    return i < 0 ? kick::literal(q, "stop") : i;
}

// power_choices._bionic_ears: back to the hand (to sell or play again) at the start of my
// turn, only with a short hand and the crew and goods room it gives unused. `first`: the
// power's first use; returns the use, or -1.
inline int bionic_ears_use(const Decision& d, const View& v, int first) {
    const bool spare = v.crew_room() >= 1 && v.goods_room() >= 2;
    return d.mine_starting && spare && v.hand.size() <= 2 ? first : -1;
}

// power_choices._segways: load it on a ship that needs it; otherwise keep it completed (the
// limits it gives) until scoring, then move it into the goods (a good scores, a contract
// does not). Its uses' first argument: 0 crew, 1 goods, 2 load (ie_powers_kickstarter2.cpp).
inline int segways_use(const Decision& d, int code, int first) {
    int goods = -1;
    for (int i = first; i < d.size(); ++i) {
        if (d.uses[static_cast<std::size_t>(i)] != code) continue;
        const int what = d.use_arg[static_cast<std::size_t>(i)];
        if (what == 2) return i;
        if (what == 1 && goods < 0) goods = i;
    }
    return goods >= 0 && d.before_scoring ? goods : -1;
}

}  // namespace deckhand::heur
