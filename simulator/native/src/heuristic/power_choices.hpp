// strategies/import_export/power_choices.py: the heuristic's answers to the questions the
// base set's powers ask, for the rules there that weigh no option by the valuation's helpers
// (reasons_base.py's reasoned rules are not here yet: a kind without a rule is refused).
//
// A power's options are read as Python's repr writes them (the rules core renders every
// option so: ie_render.hpp, checked by the rules' differential), so each rule reads the
// options as the Python rule does, whatever numbers the native power encodes them with.
#pragma once

#include <cstdlib>
#include <string>
#include <vector>

#include "heuristic/common.hpp"
#include "heuristic/view.hpp"

namespace deckhand::heur {

// One option read back from its repr: a string ('draw'), an int (12), or a tuple of them
// (('luxury', 12)). `words` holds the strings, `ints` the numbers, in order.
struct PyOption {
    bool tuple = false;
    std::vector<std::string> words;
    std::vector<int> ints;
    std::vector<char> is_int;  // per item, in order: an int (1) or a string (0)
    std::vector<int> item;     // per item: its index in ints or words
};

inline PyOption parse_repr(const std::string& text) {
    PyOption out;
    std::size_t i = 0;
    const std::size_t n = text.size();
    if (n && text[0] == '(') {
        out.tuple = true;
        i = 1;
    }
    while (i < n) {
        const char ch = text[i];
        if (ch == '\'' || ch == '"') {
            const std::size_t end = text.find(ch, i + 1);
            out.item.push_back(static_cast<int>(out.words.size()));
            out.is_int.push_back(0);
            out.words.push_back(text.substr(i + 1, end - i - 1));
            i = end + 1;
        } else if (ch == '-' || (ch >= '0' && ch <= '9')) {
            char* end = nullptr;
            const long v = std::strtol(text.c_str() + i, &end, 10);
            out.item.push_back(static_cast<int>(out.ints.size()));
            out.is_int.push_back(1);
            out.ints.push_back(static_cast<int>(v));
            i = static_cast<std::size_t>(end - text.c_str());
        } else {
            ++i;  // ( ) , and spaces
        }
    }
    return out;
}

// The swaps a Rope or LED Lights question offers (reasons_base._best_swap's `parts`): per
// swap, the option's index, then its hand cards given and island cards taken, in order.
struct Swaps {
    std::vector<int> option;  // per swap: its index among the options
    std::vector<int> start;   // per swap: where its cards start in `cards`
    std::vector<int> n_given, n_taken;
    std::vector<int> cards;   // per swap: given..., taken...
    int n_options = 0;        // every option, "pass" included
    int pass = -1;            // the first "pass" option (-1: none)

    int size() const { return static_cast<int>(option.size()); }
    void clear() {
        option.clear();
        start.clear();
        n_given.clear();
        n_taken.clear();
        cards.clear();
        n_options = 0;
        pass = -1;
    }
    void begin_swap(int index) {
        option.push_back(index);
        start.push_back(static_cast<int>(cards.size()));
        n_given.push_back(0);
        n_taken.push_back(0);
    }
    void give(int card) {
        cards.push_back(card);
        ++n_given.back();
    }
    void take(int card) {
        cards.push_back(card);
        ++n_taken.back();
    }
    const int* given(int i) const { return cards.data() + start[static_cast<std::size_t>(i)]; }
    const int* taken(int i) const { return given(i) + n_given[static_cast<std::size_t>(i)]; }
};

// A power question as the bot reads it: its kind's name (decisions.py) and its options.
// Rope's and LED Lights' options may come read already (`decoded`: from the rules core's own
// encoding of them, which their repr only writes out): then `swaps` holds them and
// `options` is empty.
struct PowerQuestion {
    std::string kind;
    std::vector<std::string> options;  // as Python's repr writes each
    int context = 0;                   // a number context (the owner, a card, ...)
    bool decoded = false;
    Swaps swaps;

    int size() const { return decoded ? swaps.n_options : static_cast<int>(options.size()); }
};

}  // namespace deckhand::heur

#include "heuristic/reasons_capital.hpp"  // Capital's rules (capital_answer), on PowerQuestion

namespace deckhand::heur {

constexpr int COMFORT_DEFAULT = 12;

class PowerChoices {
  public:
    int comfort = COMFORT_DEFAULT;  // power_choices.COMFORT (from Python)

    // An int's repr ("12", "-1"): its value, as parse_repr reads it (no tuple, one int, no
    // word), without parse_repr's allocations; false for any other text
    static bool plain_int(const std::string& text, int& out) {
        const std::size_t n = text.size();
        std::size_t i = n && text[0] == '-' ? 1 : 0;
        if (i >= n || n - i > 9) return false;
        for (std::size_t k = i; k < n; ++k)
            if (text[k] < '0' || text[k] > '9') return false;
        out = static_cast<int>(std::strtol(text.c_str(), nullptr, 10));
        return true;
    }

    int index_of(const PowerQuestion& q, const char* word) const {
        const std::string quoted = std::string("'") + word + "'";
        for (std::size_t i = 0; i < q.options.size(); ++i)
            if (q.options[i] == quoted) return static_cast<int>(i);
        return -1;
    }

    // _first_of(*wanted): the first of `wanted` offered, else the first option
    int first_of(const PowerQuestion& q, const char* wanted) const {
        const int i = index_of(q, wanted);
        return i < 0 ? 0 : i;
    }

    int literal(const PowerQuestion& q, const char* word) const {
        const int i = index_of(q, word);
        if (i < 0) fail(std::string("the answer '") + word + "' is not offered at " + q.kind);
        return i;
    }

    // _if_rich(yes, no)
    int if_rich(const PowerQuestion& q, const View& v, const char* yes, const char* no) const {
        const bool rich = v.credits[v.me] >= comfort;
        return rich && index_of(q, yes) >= 0 ? index_of(q, yes) : literal(q, no);
    }

    // _cheapest_card: the card option worth least to me, (worth, card) ascending
    template <class Worth>
    int cheapest_card(const PowerQuestion& q, Worth&& worth) const {
        int best = -1;
        double best_worth = 0.0;
        int best_card = 0;
        for (std::size_t i = 0; i < q.options.size(); ++i) {
            int card;
            if (!plain_int(q.options[i], card)) {
                const PyOption o = parse_repr(q.options[i]);
                if (o.tuple || o.ints.size() != 1 || !o.words.empty()) continue;
                card = o.ints[0];
            }
            const double w = worth(card);
            if (best < 0 || w < best_worth || (w == best_worth && card < best_card)) {
                best = static_cast<int>(i);
                best_worth = w;
                best_card = card;
            }
        }
        return best < 0 ? 0 : best;
    }

    // _potatoes (and Dragon Fruit's)
    int potatoes(const PowerQuestion& q, const View& v) const {
        return literal(q, v.hand.size() <= 3 ? "draw" : "credits");
    }

    // _discard_if_crowded (Chairs)
    template <class Worth>
    int discard_if_crowded(const PowerQuestion& q, const View& v, Worth&& worth) const {
        if (v.hand.size() > 6) return cheapest_card(q, worth);
        const int pass = index_of(q, "pass");
        return pass < 0 ? 0 : pass;
    }

    // _vacuums: one luxury good rather than a hand of three or more cards
    int vacuums(const PowerQuestion& q, const View& v) const {
        int best = -1, best_card = 0;
        for (std::size_t i = 0; i < q.options.size(); ++i) {
            const PyOption o = parse_repr(q.options[i]);
            if (!o.words.empty() && o.words[0] == "luxury" && !o.ints.empty()) {
                if (best < 0 || o.ints[0] < best_card) {
                    best = static_cast<int>(i);
                    best_card = o.ints[0];
                }
            }
        }
        if (best >= 0 && v.hand.size() >= 3) return best;
        for (std::size_t i = 0; i < q.options.size(); ++i)
            if (q.options[i] == "('hand',)") return static_cast<int>(i);
        return 0;
    }

    // _shotguns
    int shotguns(const PowerQuestion& q, const View& v) const {
        const bool rich = v.credits[v.me] >= comfort;
        if (rich && index_of(q, "credits") >= 0) return index_of(q, "credits");
        const int cards = index_of(q, "cards");
        return cards < 0 ? 0 : cards;
    }

    // _name_a_type (Rolls Royce, Showers): the colour least seen on the table
    int name_a_type(const PowerQuestion& q, const View& v) const {
        std::vector<int> opts;
        for (const std::string& s : q.options) opts.push_back(parse_repr(s).ints.at(0));
        std::vector<int> seen(opts.size(), 0);
        auto see = [&](int card) {
            const int c = v.tables->color[static_cast<std::size_t>(card)];
            for (std::size_t i = 0; i < opts.size(); ++i)
                if (opts[i] == c) {
                    seen[i] += 1;
                    break;  // (the dict's key: options are distinct)
                }
        };
        for (int c : v.hand) see(c);
        for (int c : v.island) see(c);
        for (int p = 0; p < v.n; ++p) {
            for (int c : v.goods[p]) see(c);
            for (int c : v.crew[p]) see(c);
        }
        for (int i = 0; i < v.n_ships; ++i)
            for (int c : v.ships[i].cargo) see(c);
        // min(options, key=(seen, str(o))): the first least
        int best = 0;
        for (std::size_t i = 1; i < opts.size(); ++i) {
            const std::string si = std::to_string(opts[i]), sb = std::to_string(opts[static_cast<std::size_t>(best)]);
            if (seen[i] < seen[static_cast<std::size_t>(best)] ||
                (seen[i] == seen[static_cast<std::size_t>(best)] && si < sb))
                best = static_cast<int>(i);
        }
        return best;
    }

    // _dark_flight_bid: its owner (the context) bids all he has, any other bidder nothing
    int dark_flight_bid(const PowerQuestion& q, const View& v) const {
        return q.context == v.me ? static_cast<int>(q.options.size()) - 1 : 0;
    }

    // _stolen_documents: the tech contract of the highest level, the richest victim on a tie
    int stolen_documents(const PowerQuestion& q, const View& v) const {
        int best = 0;
        long key[4] = {0, 0, 0, 0};
        for (std::size_t i = 0; i < q.options.size(); ++i) {
            const PyOption o = parse_repr(q.options[i]);
            const int victim = o.ints.at(0), cid = o.ints.at(1);
            const ColorCounts& level = v.tables->contract(cid).level;
            long pips = 0;
            for (int k = 0; k < level.n; ++k) pips += level.vals[k];
            const long k2[4] = {pips, v.credits[victim], -victim, -cid};
            bool greater = i == 0;
            for (int k = 0; k < 4 && !greater; ++k) {
                if (k2[k] != key[k]) {
                    greater = k2[k] > key[k];
                    break;
                }
            }
            if (greater) {
                best = static_cast<int>(i);
                for (int k = 0; k < 4; ++k) key[k] = k2[k];
            }
        }
        return best;
    }

    // power_choices.answer for the heuristic's rules (IEHeuristic.power_rules) of the base
    // kinds answered here; `worth` is Table.card_worth.
    template <class Worth>
    int answer(const PowerQuestion& q, const View& v, Worth&& worth) const {
        const KindText k{q.kind};
        if (k == "drones_draw" || k == "shoes_draw" || k == "lumber_draw") return first_of(q, "draw");
        if (k == "satellite_use") return first_of(q, "use");
        if (k == "contraband_use") return first_of(q, "pirate");
        if (k == "protractors_take" || k == "shampoo_take") return first_of(q, "take");
        if (k == "flour_load") return first_of(q, "load");
        if (k == "beer_choice" || k == "dark_flight_source") return first_of(q, "island");
        if (k == "prefab_home_complete") return first_of(q, "complete");
        if (k == "potatoes_choice") return potatoes(q, v);
        if (k == "batteries_use") return if_rich(q, v, "load", "pass");
        if (k == "stem_cells_use") return if_rich(q, v, "goods", "pass");
        if (k == "bird_feed_buy") return if_rich(q, v, "buy", "pass");
        if (k == "opposition_leaflets_discard" || k == "sculptures_give" ||
            k == "small_tank_give" || k == "shotguns_card" || k == "vacuums_give_more")
            return cheapest_card(q, worth);
        if (k == "chairs_discard") return discard_if_crowded(q, v, worth);
        if (k == "vacuums_give") return vacuums(q, v);
        if (k == "shotguns_pay") return shotguns(q, v);
        if (k == "rolls_royce_type" || k == "showers_type") return name_a_type(q, v);
        if (k == "dark_flight_bid") return dark_flight_bid(q, v);
        if (k == "stolen_documents_take") return stolen_documents(q, v);
        if (int r; capital_answer(*this, q, v, worth, r)) return r;  // reasons_capital.hpp
        fail("the native heuristic has no rule for '" + q.kind + "' yet (reasons_base.py)");
    }
};

}  // namespace deckhand::heur
