// strategies/import_export/classic.py's CLASSIC_RULES for the base set's questions: where
// IEHeuristic.power_rules lays a reasoned rule (reasons_base.py, reasons_expansions.py) over
// power_choices.RULES, the classic bot keeps power_choices.RULES' own answer, which weighs
// no option by the valuation ("the first option that did something", never swap, the card
// worth most). Every other kind is answered as the heuristic answers it (the same
// power_choices.RULES entry): `classic_answer` returns -2 for those.
//
// The classic bot plays natively in the base set only, with any variant
// (heuristic_table.CLASSIC_MODULES):
// Capital's discard and Tokyo's Jidohanbaiki (CLASSIC_RULES' own printed-hand rules) and the
// expansions' kinds reasons_expansions.py answers have no classic answer here.
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

// power_choices._best_card: the card option worth most to me, (worth, -card) greatest,
// skipping 'pass'; none: the first option
inline int classic_best_card(const PowerQuestion& q, Table& t) {
    int best = -1, best_card = 0;
    double best_worth = 0.0;
    for (std::size_t i = 0; i < q.options.size(); ++i) {
        int card;
        if (!PowerChoices::plain_int(q.options[i], card)) continue;  // isinstance(o, int)
        const double w = t.card_worth(card);
        if (best < 0 || w > best_worth || (w == best_worth && card < best_card)) {
            best = static_cast<int>(i);
            best_worth = w;
            best_card = card;
        }
    }
    return best < 0 ? 0 : best;
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

// CLASSIC_RULES' answer to the kinds IEHeuristic answers otherwise (-2: any other kind)
inline int classic_answer(const PowerQuestion& q, Table& t) {
    const std::string& k = q.kind;
    if (k == "apples_choice" || k == "wind_turbines_copy" || k == "insects_target" ||
        k == "paper_import" || k == "flour_container" || k == "machine_arms_load" ||
        k == "container_color") {
        if (q.decoded) fail("classic: decoded options of '" + k + "'");
        return classic_first_real(q);
    }
    if (k == "rope_swap" || k == "led_lights_swap") return classic_first_of(q, "pass");  // _never_swap
    if (k == "smart_cars_use") return classic_first_of(q, "load");
    if (k == "cell_phones_use") return classic_first_of(q, "hand");
    if (k == "cell_phones_load") return classic_cell_phones_load(q);
    if (k == "antiquities_take" || k == "insects_take" || k == "jets_take" || k == "flash_drives_take")
        return classic_best_card(q, t);
    return -2;
}

}  // namespace deckhand::heur
