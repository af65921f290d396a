// The heuristic's answers to Flag's power questions (strategies/import_export/
// reasons_expansions.py's Flag rules over power_choices.py's): Maple Syrup's and Paprika's free
// loads (_maple_syrup_load, _paprika_load, _free_load), Jasmine Tea's further contracts
// (_to_an_empty_ship), Dragon Fruit (_potatoes), and the windows' uses of Iceland Water and
// Olive Oil (_iceland_water, _olive_oil). One function per Python function, the same keys
// compared in the same order. Options are read from their repr (power_choices.hpp).
#pragma once

#include <array>
#include <string>
#include <vector>

#include "heuristic/hand_cover.hpp"
#include "heuristic/options.hpp"
#include "heuristic/reasons_base.hpp"

namespace deckhand::heur {

class ReasonsFlag {
  public:
    ReasonsFlag(const View& v, Table& t) : view(v), table(t), tables(*v.tables), st(t.static_) {}

    const View& view;
    Table& table;
    const BotTables& tables;
    const MatchTables& st;

    // (short, left, -payout): reasons_expansions.Outlook
    using Outlook = std::array<int, 3>;

    // _needs of a ship row with containers of `extra` colours loaded on a copy (_after's
    // trial): the uncovered needs by the cards' own rules, positive only.
    ColorCounts needs(const ShipRow& row, const std::vector<ColorT>& extra) const {
        ColorCounts need;
        for (int cid : row.contracts) {
            const ColorCounts& cargo = tables.contract(cid).plain_cargo;
            for (int i = 0; i < cargo.n; ++i) need.add(cargo.keys[i], cargo.vals[i]);
        }
        std::vector<ColorT> colors(row.cargo_colors.begin(), row.cargo_colors.end());
        colors.insert(colors.end(), extra.begin(), extra.end());
        match_containers(need, Colors(colors.data(), static_cast<int>(colors.size())));
        return need.positive();
    }

    // _outlook of my ship row after loading `extra` (_after; none: _outlook itself)
    Outlook outlook(const ShipRow& row, const std::vector<ColorT>& extra, int skip) const {
        const ColorCounts need = needs(row, extra);
        int left = 0;
        for (int i = 0; i < need.n; ++i) left += need.vals[i];
        const int shortfall = left - hand_cover(view, need, &skip, skip >= 0 ? 1 : 0);
        const int containers = row.cargo_colors.size() + static_cast<int>(extra.size()) + left;
        return {shortfall, left, -view.ship_payout(containers)};  // my ship: view.ship_payout
    }

    // _per_container: one container's share of my ship's payout
    double per_container(int index) const {
        const ShipRow& row = view.ships[index];
        const Outlook o = outlook(row, {}, -1);
        return static_cast<double>(-o[2]) / static_cast<double>(py_max(1, row.cargo_colors.size() + o[1]));
    }

    // _free_load over (card, ship, colour) loads, each with its option's index: the load whose
    // container is worth more on its ship than the card in the hand, leaving a ship nearest
    // completion, the card worth least; -1: none (pass)
    int free_load(const std::vector<std::array<int, 4>>& loads) {
        int best = -1;
        std::array<double, 8> best_key{};
        for (const auto& l : loads) {
            const int card = l[0], ship = l[1], color = l[2];
            const double w = table.card_worth(card);
            if (!(per_container(ship) > w)) continue;
            const Outlook o = outlook(view.ships[ship], {static_cast<ColorT>(color)}, card);
            const std::array<double, 8> key = {static_cast<double>(o[0]), static_cast<double>(o[1]),
                                               static_cast<double>(o[2]), static_cast<double>(ship), w,
                                               static_cast<double>(card), static_cast<double>(ship),
                                               static_cast<double>(color)};
            if (best < 0 || key < best_key) {
                best = l[3];
                best_key = key;
            }
        }
        return best;
    }

    // _maple_syrup_load (context: the card; options 'pass', (ship, colour))
    int maple_syrup_load(const std::vector<PyValue>& o, int card) {
        std::vector<std::array<int, 4>> loads;
        for (std::size_t i = 0; i < o.size(); ++i)
            if (o[i].is_tuple()) loads.push_back({card, o[i][0].i, o[i][1].i, static_cast<int>(i)});
        return free_load(loads);
    }

    // _paprika_load (options 'pass', (card, ship, colour))
    int paprika_load(const std::vector<PyValue>& o) {
        std::vector<std::array<int, 4>> loads;
        for (std::size_t i = 0; i < o.size(); ++i)
            if (o[i].is_tuple()) loads.push_back({o[i][0].i, o[i][1].i, o[i][2].i, static_cast<int>(i)});
        return free_load(loads);
    }

    // power_choices._to_an_empty_ship (Jasmine Tea; options 'stop', (card, contract, ship)): a
    // further contract only for a ship of mine without one, the card I value least
    int to_an_empty_ship(const std::vector<PyValue>& o) {
        int best = -1;
        std::array<double, 3> best_key{};
        for (std::size_t i = 0; i < o.size(); ++i) {
            if (!o[i].is_tuple() || !view.ships[o[i][2].i].contracts.empty()) continue;
            const std::array<double, 3> key = {table.card_worth(o[i][0].i), static_cast<double>(o[i][0].i),
                                               static_cast<double>(o[i][2].i)};
            if (best < 0 || key < best_key) {
                best = static_cast<int>(i);
                best_key = key;
            }
        }
        return best < 0 ? 0 : best;
    }
};

// The Flag kinds' answers (bot.hpp's POWER dispatch, beside reasons_answer); -2: not a Flag
// kind.
inline int flag_answer(const PowerQuestion& q, const View& v, Table& t) {
    const KindText k{q.kind};
    const bool maple = k == "maple_syrup_load", paprika = k == "paprika_load";
    if (!maple && !paprika && k != "jasmine_tea_place" && k != "dragon_fruit_choice") return -2;
    std::vector<PyValue> o;
    for (const std::string& text : q.options) o.push_back(parse_py(text));
    auto literal = [&q](const char* word) {
        const std::string quoted = std::string("'") + word + "'";
        for (std::size_t i = 0; i < q.options.size(); ++i)
            if (q.options[i] == quoted) return static_cast<int>(i);
        fail(std::string("the answer '") + word + "' is not offered at " + q.kind);
    };
    if (k == "dragon_fruit_choice") return literal(v.hand.size() <= 3 ? "draw" : "credits");  // _potatoes
    ReasonsFlag r(v, t);
    if (k == "jasmine_tea_place") return r.to_an_empty_ship(o);
    const int i = maple ? r.maple_syrup_load(o, q.context) : r.paprika_load(o);
    return i < 0 ? literal("pass") : i;
}

// power_choices._iceland_water and _olive_oil in a window (bot.hpp's any_time): the use to
// make of power `code` (its uses from option `first` on), -1 none, -2 not a Flag power.
inline int flag_any_time(const Decision& d, Table& t, const Constants& k, int code, int first) {
    const View& view = t.view;
    if (code == k.iceland_water_code) {
        // the least useful agricultural card: (worth, card) least
        int best = -1, best_card = 0;
        double best_worth = 0.0;
        for (int i = first; i < d.size(); ++i) {
            if (d.uses[static_cast<std::size_t>(i)] != code) continue;
            const int card = d.use_arg[static_cast<std::size_t>(i)];
            const double w = t.card_worth(card);
            if (best < 0 || w < best_worth || (w == best_worth && card < best_card)) {
                best = i;
                best_worth = w;
                best_card = card;
            }
        }
        if (d.before_scoring) return best;
        const int price = t.tables.contract(d.use_contract[static_cast<std::size_t>(best)]).price;
        return d.mine_starting && t.card_worth(best_card) < static_cast<double>(price) ? best : -1;
    }
    if (code == k.olive_oil_code) {
        // keep the limits it gives until the race for the end is on; cash it in the last turn
        if (d.turn_end && view.end_triggered) return first;
        int most = view.credits[0];
        for (int p = 1; p < view.n; ++p) most = py_max(most, view.credits[p]);
        return d.mine_starting && most >= k.late_credits ? first : -1;
    }
    return -2;
}

}  // namespace deckhand::heur
