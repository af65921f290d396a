// strategies/import_export/classic.py's CLASSIC_RULES: where IEHeuristic.power_rules lays a
// reasoned rule (reasons_base.py, reasons_expansions.py) over power_choices.RULES, the classic
// bot keeps power_choices.RULES' own answer, which weighs no option by the valuation ("the
// first option that did something", never swap, the card worth most), and its own two rules
// reading the printed hand size a Draw fills to (Capital's discard, Jidohanbaiki). Every other
// kind is answered as the heuristic answers it (the same power_choices.RULES entry):
// `classic_answer` returns -2 for those. The sets these are checked in:
// heuristic_table.CLASSIC_MODULES.
#pragma once

#include <string>

#include "heuristic/power_choices.hpp"
#include "heuristic/valuation.hpp"

namespace deckhand::heur {

// power_choices._first_of(word): the first option that is `word`, else the first option
inline int classic_first_of(const PowerQuestion& q, const char* word) {
    if (q.decoded) return q.swaps.pass >= 0 && std::string(word) == "pass" ? q.swaps.pass : 0;
    const std::string quoted = std::string("'") + word + "'";
    for (std::size_t i = 0; i < q.options.size(); ++i)
        if (q.options[i] == quoted) return static_cast<int>(i);
    return 0;
}

// power_choices._first_real: the first option that is not 'pass', 'stop' or 'keep'
inline int classic_first_real(const PowerQuestion& q) {
    for (std::size_t i = 0; i < q.options.size(); ++i) {
        const std::string& o = q.options[i];
        if (o != "'pass'" && o != "'stop'" && o != "'keep'") return static_cast<int>(i);
    }
    return 0;
}

// the option whose card is worth most to me, (worth, -card) greatest; `card_of(option, card)`
// says whether an option holds a card and which; none does: the first option
template <class CardOf>
inline int classic_most_worth(const PowerQuestion& q, Table& t, CardOf card_of) {
    int best = -1, best_card = 0;
    double best_worth = 0.0;
    for (std::size_t i = 0; i < q.options.size(); ++i) {
        int card;
        if (!card_of(q.options[i], card)) continue;
        const double w = t.card_worth(card);
        if (best < 0 || w > best_worth || (w == best_worth && card < best_card)) {
            best = static_cast<int>(i);
            best_worth = w;
            best_card = card;
        }
    }
    return best < 0 ? 0 : best;
}

// power_choices._best_card: the card option worth most to me, skipping 'pass'
inline int classic_best_card(const PowerQuestion& q, Table& t) {
    return classic_most_worth(q, t, [](const std::string& option, int& card) {
        return PowerChoices::plain_int(option, card);  // isinstance(o, int)
    });
}

// power_choices._cell_phones_load: the first (ship, colour) whose colour is not grey
inline int classic_cell_phones_load(const PowerQuestion& q) {
    for (std::size_t i = 0; i < q.options.size(); ++i) {
        const PyOption o = parse_repr(q.options[i]);
        if (!o.tuple || o.is_int.size() < 2) fail("classic: a Cell Phones load option is not (ship, colour)");
        if (!o.is_int[1] || o.ints[static_cast<std::size_t>(o.item[1])] != GREY) return static_cast<int>(i);
    }
    return 0;
}

// power_choices._stretch_goal_import: the container worth most to me, of (ship, card) options
inline int classic_stretch_goal_import(const PowerQuestion& q, Table& t) {
    return classic_most_worth(q, t, [](const std::string& option, int& card) {
        const PyOption o = parse_repr(option);
        if (!o.tuple || o.is_int.size() < 2 || !o.is_int[1])
            fail("classic: a Stretch Goal option is not (ship, card)");
        card = o.ints[static_cast<std::size_t>(o.item[1])];
        return true;
    });
}

inline int classic_literal(const PowerQuestion& q, const char* word) {
    const std::string quoted = std::string("'") + word + "'";
    for (std::size_t i = 0; i < q.options.size(); ++i)
        if (q.options[i] == quoted) return static_cast<int>(i);
    fail(std::string("classic: the answer '") + word + "' is not offered at " + q.kind);
}

// classic._jidohanbaiki_printed: the credits when drawing would bring a single card, by the
// printed hand size a Draw fills to
inline int classic_jidohanbaiki(const PowerQuestion& q, Table& t) {
    return classic_literal(q, t.hand.size() >= t.tables.rules.draw_to - 1 ? "credits" : "draw");
}

// classic._capital_discard_printed: before drawing, the least useful Capital card when the
// draw then brings one more card (a hand below the printed draw-up size) and the card is
// worth less than a new one; else pass
inline int classic_capital_discard(const PowerQuestion& q, Table& t) {
    int best = -1, best_card = 0;
    double best_worth = 0.0;
    for (std::size_t i = 0; i < q.options.size(); ++i) {
        int card;
        if (!PowerChoices::plain_int(q.options[i], card)) continue;  // isinstance(o, int)
        if (t.hand.size() >= t.tables.rules.draw_to) break;
        const double w = t.card_worth(card);
        if (best < 0 || w < best_worth || (w == best_worth && card < best_card)) {
            best = static_cast<int>(i);
            best_worth = w;
            best_card = card;
        }
    }
    if (best >= 0 && best_worth < 1.0) return best;
    return classic_literal(q, "pass");
}

// CLASSIC_RULES' answer to the kinds IEHeuristic answers otherwise (-2: any other kind)
inline int classic_answer(const PowerQuestion& q, Table& t) {
    static const char* const FIRST_REAL[] = {
        "apples_choice",    "wind_turbines_copy", "insects_target",   "paper_import",
        "flour_container",  "machine_arms_load",  "container_color",  "squid_jerky_take",
        "automation_ship",  "cheap_labor_ship",   "gps_ship",         "yen_ship",
        "fake_money_take",  "fake_money_load",    "partnership_join", "bamboo_place",
        "pocky_import",     "robo_cats_pair",     "maple_syrup_load", "paprika_load"};
    const std::string& k = q.kind;
    for (const char* name : FIRST_REAL)
        if (k == name) {
            if (q.decoded) fail("classic: decoded options of '" + k + "'");
            return classic_first_real(q);
        }
    if (k == "rope_swap" || k == "led_lights_swap" || k == "robo_cats_keep")
        return classic_first_of(q, "pass");  // _never_swap
    if (k == "smart_cars_use") return classic_first_of(q, "load");
    if (k == "cell_phones_use") return classic_first_of(q, "hand");
    if (k == "cell_phones_load") return classic_cell_phones_load(q);
    if (k == "antiquities_take" || k == "insects_take" || k == "jets_take" ||
        k == "flash_drives_take" || k == "dino_bones_take")
        return classic_best_card(q, t);
    if (k == "stretch_goal_import") return classic_stretch_goal_import(q, t);
    if (k == "jidohanbaiki_use") return classic_jidohanbaiki(q, t);
    if (k == "capital_discard") return classic_capital_discard(q, t);
    return -2;
}

}  // namespace deckhand::heur
