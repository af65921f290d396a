// The heuristic's answers to Capital's questions (IEHeuristic.power_rules for Capital's
// kinds): reasons_expansions.py's reasoned rules (Automation, GPS, Cheap Labor, Yen, Fake
// Money's take and load, Partnership) and power_choices.py's (the grey discard before a
// Draw, The Algorithm and Container Factory, Euros, Interest, Lucky Cards, Market Data).
// Barter itself, following with a Barter card and US Dollars are the bot's (bot.hpp:
// IEClassic._barter, _barter_follow; power_choices._us_dollars).
//
// Options are read as Python's repr writes them (ie_render.cpp, ie_powers_capital.cpp), so
// each rule reads them as the Python rule does. Included by power_choices.hpp (after
// PowerQuestion), whose `answer` calls `capital_answer`.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "heuristic/common.hpp"
#include "heuristic/hand_cover.hpp"
#include "heuristic/match_tables.hpp"
#include "heuristic/view.hpp"

namespace deckhand::heur {
namespace capital {

// reasons_expansions.HOPE
constexpr double HOPE = 0.5;

// A ship as the rule helpers read it (view.ship(i), a copy): its owner, contracts, and
// containers by colour (the cards themselves are never read).
struct ShipCopy {
    int owner = -1;
    bool at_sea = false;
    std::vector<int> contracts;
    std::vector<std::int8_t> colors;
};

inline ShipCopy ship_of(const View& v, int index) {
    const ShipRow& r = v.ships[index];
    ShipCopy s;
    s.owner = r.owner;
    s.at_sea = r.at_sea;
    for (int c : r.contracts) s.contracts.push_back(c);
    for (int c : r.cargo_colors) s.colors.push_back(static_cast<std::int8_t>(c));
    return s;
}

// view.facts.remaining(ship): the needs by the cards' own rules (no state: no power's wild
// or rainbow colours, no Yen, no Partnership), summed in order, the containers matched.
inline ColorCounts printed_remaining(const View& v, const ShipCopy& ship) {
    ColorCounts need;
    for (int cid : ship.contracts) {
        const ColorCounts& cargo = v.tables->contract(cid).plain_cargo;
        for (int i = 0; i < cargo.n; ++i) need.add(cargo.keys[i], cargo.vals[i]);
    }
    match_containers(need, Colors(ship.colors.data(), static_cast<int>(ship.colors.size())));
    return need;
}

// reasons_expansions._needs: the uncovered needs by colour, the positive ones, in order
inline ColorCounts needs(const View& v, const ShipCopy& ship) {
    const ColorCounts need = printed_remaining(v, ship);
    ColorCounts out;
    for (int i = 0; i < need.n; ++i)
        if (need.vals[i] > 0) out.add(need.keys[i], need.vals[i]);
    return out;
}

inline int total(const ColorCounts& c) {
    int t = 0;
    for (int i = 0; i < c.n; ++i) t += c.vals[i];
    return t;
}

// view.facts.fits(ship, color): an uncovered need it fills (no wild colours)
inline bool fits(const View& v, const ShipCopy& ship, int color) {
    if (ship.at_sea || ship.contracts.empty()) return false;
    const ColorCounts need = printed_remaining(v, ship);
    if (color == GREY) return need.any_positive();
    return need.get(color) > 0 || need.get(ANY) > 0;
}

// reasons_expansions._outlook: (short, left, -payout), smaller better
struct Outlook {
    int short_ = 0, left = 0, pay = 0;
    bool operator<(const Outlook& o) const {
        return std::tie(short_, left, pay) < std::tie(o.short_, o.left, o.pay);
    }
    bool operator==(const Outlook& o) const {
        return short_ == o.short_ && left == o.left && pay == o.pay;
    }
};

inline Outlook outlook(const View& v, const ShipCopy& ship) {
    const ColorCounts need = needs(v, ship);
    const int left = total(need);
    Outlook o;
    o.left = left;
    o.short_ = left - hand_cover(v, need);
    v.need_powers();
    o.pay = -v.powers->ship_payout(ship.owner, static_cast<int>(ship.colors.size()) + left);
    return o;
}

// reasons_expansions._load_key: (*_after(ship, colors), index)
struct LoadKey {
    Outlook o;
    int index = 0;
    bool operator<(const LoadKey& k) const { return o < k.o || (o == k.o && index < k.index); }
    bool operator==(const LoadKey& k) const { return o == k.o && index == k.index; }
};

inline LoadKey load_key(const View& v, int index, std::initializer_list<int> colors) {
    ShipCopy trial = ship_of(v, index);
    for (int c : colors) trial.colors.push_back(static_cast<std::int8_t>(c));
    return LoadKey{outlook(v, trial), index};
}

// An option's text as an int (false: not a plain int)
inline bool int_option(const std::string& text, int& out) {
    const std::size_t n = text.size();
    std::size_t i = n && text[0] == '-' ? 1 : 0;
    if (i >= n) return false;
    for (std::size_t k = i; k < n; ++k)
        if (text[k] < '0' || text[k] > '9') return false;
    out = static_cast<int>(std::strtol(text.c_str(), nullptr, 10));
    return true;
}

// "(a, b)": the two ints
inline bool pair_option(const std::string& text, int& a, int& b) {
    if (text.size() < 5 || text[0] != '(' || text[1] == '\'') return false;
    char* end = nullptr;
    a = static_cast<int>(std::strtol(text.c_str() + 1, &end, 10));
    if (*end != ',') return false;
    b = static_cast<int>(std::strtol(end + 1, nullptr, 10));
    return true;
}

template <class Q>
std::vector<std::pair<int, int>> int_options(const Q& q) {  // (index, value) of the int options
    std::vector<std::pair<int, int>> out;
    for (std::size_t i = 0; i < q.options.size(); ++i) {
        int x;
        if (int_option(q.options[i], x)) out.emplace_back(static_cast<int>(i), x);
    }
    return out;
}

// _nearest_completion (Automation, GPS): the ship the wild container leaves nearest completion
template <class Q>
int nearest_completion(const Q& q, const View& v) {
    const auto ships = int_options(q);
    if (ships.empty()) return 0;
    int best = 0;
    LoadKey key{};
    for (std::size_t k = 0; k < ships.size(); ++k) {
        const LoadKey x = load_key(v, ships[k].second, {GREY});
        if (k == 0 || x < key) {
            best = ships[k].first;
            key = x;
        }
    }
    return best;
}

// _cheap_labor_ship: a ship it fills a need of, the nearest completion; else a leftover on
// the ship with the fewest containers
template <class Q>
int cheap_labor_ship(const Q& q, const View& v) {
    const auto ships = int_options(q);
    if (ships.empty()) return 0;
    int best = -1;
    LoadKey key{};
    for (const auto& [i, ship] : ships) {
        if (!fits(v, ship_of(v, ship), GREY)) continue;
        const LoadKey x = load_key(v, ship, {GREY});
        if (best < 0 || x < key) {
            best = i;
            key = x;
        }
    }
    if (best >= 0) return best;
    int fewest = 0, ship_of_best = 0;  // min(ships, key=(len(cargo), i))
    for (const auto& [i, ship] : ships) {
        const int n = v.ships[ship].cargo.size();
        if (best < 0 || n < fewest || (n == fewest && ship < ship_of_best)) {
            best = i;
            fewest = n;
            ship_of_best = ship;
        }
    }
    return best;
}

// _yen_ship: a ship at port whose first contract it cuts now, the nearest completion; else a
// ship at port for its next contract; a dealt ship before a Diesel Engine's
template <class Q>
int yen_ship(const Q& q, const View& v) {
    const auto ships = int_options(q);
    if (ships.empty()) return 0;
    const int dealt = 2 * v.n;
    auto key = [&](int i) {
        const ShipRow& r = v.ships[i];
        if (r.at_sea) return std::make_tuple(i >= dealt, 2, 0, i);
        if (r.contracts.empty()) return std::make_tuple(i >= dealt, 1, 0, i);
        return std::make_tuple(i >= dealt, 0, outlook(v, ship_of(v, i)).left, i);
    };
    int best = ships[0].first;
    auto best_key = key(ships[0].second);
    for (std::size_t k = 1; k < ships.size(); ++k) {
        const auto x = key(ships[k].second);
        if (x < best_key) {
            best = ships[k].first;
            best_key = x;
        }
    }
    return best;
}

// reasons_expansions._my_ports
inline std::vector<int> my_ports(const View& v) {
    std::vector<int> out;
    for (int i = 0; i < v.n_ships; ++i)
        if (v.ships[i].owner == v.me && !v.ships[i].at_sea) out.push_back(i);
    return out;
}

// reasons_expansions._container_color: a grey card's physical container (IE-VAR-9): the colour
// that leaves the ship being loaded nearest completion (a need of its own colour before a
// rainbow slot a hand card could fill), then the Market's best marker, then a colour my
// hand's contracts need. The ship being loaded: the one whose fitting colours the options
// list first (all my ships at port when none does).
template <class Q>
int container_color(const Q& q, const View& v) {
    std::vector<int> colors, at;  // the int options, and where each is offered
    for (std::size_t i = 0; i < q.options.size(); ++i) {
        int c;
        if (int_option(q.options[i], c)) {
            colors.push_back(c);
            at.push_back(static_cast<int>(i));
        }
    }
    if (colors.empty()) return 0;
    std::vector<ShipCopy> ports;
    for (int i : my_ports(v)) ports.push_back(ship_of(v, i));
    std::vector<ShipCopy> loaded;
    for (const ShipCopy& ship : ports) {
        std::vector<int> order;  // fit + [c for c in kinds if c not in fit]
        for (int c = 0; c < GREY; ++c)
            if (fits(v, ship, c)) order.push_back(c);
        for (int c = 0; c < GREY; ++c)
            if (!fits(v, ship, c)) order.push_back(c);
        if (order == colors) loaded.push_back(ship);
    }
    const std::vector<ShipCopy>& ships = loaded.empty() ? ports : loaded;
    std::array<int, GREY> wanted{};
    for (int card : v.hand)
        for (int cid : v.tables->card_contracts[static_cast<std::size_t>(card)]) {
            const ColorCounts& cargo = v.tables->contract(cid).cargo;
            for (int i = 0; i < cargo.n; ++i)
                if (cargo.keys[i] >= 0 && cargo.keys[i] < GREY) wanted[static_cast<std::size_t>(cargo.keys[i])] += cargo.vals[i];
        }
    v.need_powers();
    int best = -1;
    bool best_none = true;
    Outlook best_outlook;
    int best_marker = 0, best_wants = 0, best_color = 0;
    for (std::size_t k = 0; k < colors.size(); ++k) {
        const int c = colors[k];
        bool none = true;
        Outlook least;
        for (const ShipCopy& ship : ships) {
            if (!fits(v, ship, c)) continue;
            ShipCopy trial = ship;  // _after(view, ship, (c,))
            trial.colors.push_back(static_cast<std::int8_t>(c));
            const Outlook o = outlook(v, trial);
            if (none || o < least) least = o;
            none = false;
        }
        const int marker = v.powers->market_marker(c);
        const int wants = c >= 0 && c < GREY ? wanted[static_cast<std::size_t>(c)] : 0;
        // key: (not outlooks, min(outlooks), -marker, -wants, c), the least
        bool less = best < 0;
        if (!less) {
            if (none != best_none) less = !none;
            else if (!none && !(least == best_outlook)) less = least < best_outlook;
            else if (marker != best_marker) less = marker > best_marker;
            else if (wants != best_wants) less = wants > best_wants;
            else less = c < best_color;
        }
        if (less) {
            best = at[k];
            best_none = none;
            best_outlook = least;
            best_marker = marker;
            best_wants = wants;
            best_color = c;
        }
    }
    return best;
}

// _fake_money_take: the container a ship of mine needs (loaded where it leaves a ship nearest
// completion); then one whose loss sets the rival's ship at port back. Context: the ship.
template <class Q>
int fake_money_take(const Q& q, const View& v) {
    const int index = q.context;
    const ShipRow& row = v.ships[index];
    const auto mine = my_ports(v);
    const ShipCopy rival = ship_of(v, index);
    const int before = total(needs(v, rival));
    // key: (not fits, min(fits) or (), -hurt, j)
    int best = -1;
    bool best_none = false;
    LoadKey best_fit{};
    int best_hurt = 0, best_j = 0;
    for (std::size_t i = 0; i < q.options.size(); ++i) {
        int j = 0;
        int_option(q.options[i], j);
        const int color = row.cargo_colors[j];
        bool any = false;
        LoadKey fit{};
        for (int k : mine) {
            if (!fits(v, ship_of(v, k), color)) continue;
            const LoadKey x = load_key(v, k, {color});
            if (!any || x < fit) fit = x;
            any = true;
        }
        int hurt = 0;
        if (!row.at_sea) {
            ShipCopy trial = rival;
            trial.colors.erase(trial.colors.begin() + j);
            hurt = total(needs(v, trial)) - before;
        }
        const bool none = !any;
        bool less = best < 0;
        if (!less) {
            if (none != best_none) less = none < best_none;
            else if (!none && !(fit == best_fit)) less = fit < best_fit;
            else if (hurt != best_hurt) less = -hurt < -best_hurt;
            else less = j < best_j;
        }
        if (less) {
            best = static_cast<int>(i);
            best_none = none;
            best_fit = fit;
            best_hurt = hurt;
            best_j = j;
        }
    }
    return best < 0 ? 0 : best;
}

// _fake_money_load: where the taken container leaves a ship of mine nearest completion
template <class Q>
int fake_money_load(const Q& q, const View& v) {
    int best = 0;
    LoadKey key{};
    for (std::size_t i = 0; i < q.options.size(); ++i) {
        int ship = 0, color = 0;
        pair_option(q.options[i], ship, color);
        const LoadKey x = load_key(v, ship, {color});
        if (i == 0 || x < key) {
            best = static_cast<int>(i);
            key = x;
        }
    }
    return best;
}

// _partnership_join: join the ship whose Super Ship pays most per container still needed,
// when that beats the two ships apart; otherwise pass
template <class Q>
int partnership_join(const Q& q, const View& v) {
    const auto mates = int_options(q);
    int pass = 0;
    for (std::size_t i = 0; i < q.options.size(); ++i)
        if (q.options[i] == "'pass'") pass = static_cast<int>(i);
    int index = -1, cid = -1;
    for (int i : my_ports(v)) {
        bool mate = false;
        for (const auto& m : mates) mate = mate || m.second == i;
        if (mate) continue;
        for (int c : v.ships[i].contracts)
            if (v.tables->contract(c).payout_multiplier >= 0) {
                index = i;
                cid = c;
            }
    }
    if (index < 0 || mates.empty()) return pass;
    const double times = v.tables->contract(cid).payout_multiplier;
    const ShipCopy ship = ship_of(v, index);
    const Outlook a = outlook(v, ship);
    double best_gain = 0.0;
    int best_neg = 0, best = -1;
    for (const auto& [k, i] : mates) {
        const ShipCopy mate = ship_of(v, i);
        const Outlook b = outlook(v, mate);
        const double pay_apart = static_cast<double>(-a.pay) * std::pow(HOPE, a.short_) -
                                 static_cast<double>(b.pay) * std::pow(HOPE, b.short_);
        const double apart = pay_apart / static_cast<double>(std::max(1, a.left + b.left));
        ShipCopy trial = ship;
        trial.contracts.clear();
        for (int c : ship.contracts)
            if (c != cid) trial.contracts.push_back(c);
        for (int c : mate.contracts) trial.contracts.push_back(c);
        for (auto c : mate.colors) trial.colors.push_back(c);
        const Outlook j = outlook(v, trial);
        const double joined =
            static_cast<double>(-j.pay) * times * std::pow(HOPE, j.short_) / static_cast<double>(std::max(1, j.left));
        const double gain = joined - apart;
        // max((gain, -i)): the greatest gain, the lowest ship among equals
        if (best < 0 || gain > best_gain || (gain == best_gain && -i > best_neg)) {
            best = k;
            best_gain = gain;
            best_neg = -i;
        }
    }
    return best_gain > 0 ? best : pass;
}

// power_choices._capital_discard: before drawing, the least useful Capital card when the draw
// then brings one more card and it is worth less than a new one
template <class Q, class Worth>
int capital_discard(const Q& q, const View& v, Worth&& worth) {
    int pass = 0, best = -1, best_card = 0;
    double best_worth = 0.0;
    for (std::size_t i = 0; i < q.options.size(); ++i) {
        int card;
        if (!int_option(q.options[i], card)) {
            if (q.options[i] == "'pass'") pass = static_cast<int>(i);
            continue;
        }
        const double w = worth(card);
        if (best < 0 || w < best_worth || (w == best_worth && card < best_card)) {
            best = static_cast<int>(i);
            best_worth = w;
            best_card = card;
        }
    }
    if (best >= 0 && v.hand.size() < v.draws_to() && worth(best_card) < 1.0) return best;
    return pass;
}

// power_choices._capital_place (The Algorithm, Container Factory): load where a ship needs
// one; otherwise keep it completed
template <class Q>
int capital_place(const Q& q) {
    for (std::size_t i = 0; i < q.options.size(); ++i)
        if (q.options[i].rfind("('load', ", 0) == 0) return static_cast<int>(i);
    for (std::size_t i = 0; i < q.options.size(); ++i)
        if (q.options[i] == "'keep'") return static_cast<int>(i);
    return 0;
}

// power_choices._euros_ship: strand a ship of the richest rival; my own only if nothing else
template <class Q>
int euros_ship(const Q& q, const View& v) {
    int best = -1;
    std::tuple<int, int, int> key{};
    for (const auto& [k, i] : int_options(q)) {
        const ShipRow& r = v.ships[i];
        if (r.owner == v.me) continue;
        const auto x = std::make_tuple(static_cast<int>(v.credits[r.owner]), r.cargo.size(), -i);
        if (best < 0 || x > key) {
            best = k;
            key = x;
        }
    }
    return best < 0 ? 0 : best;
}

// power_choices._goods_by_count (Interest): the good of the type I hold most (give) or fewest
// (keep) of, key (count, not grey, -card)
template <class Q>
int goods_by_count(const Q& q, const View& v, bool most) {
    const auto& color = v.tables->color;
    int best = -1;
    std::tuple<int, bool, int> key{};
    for (const auto& [k, card] : int_options(q)) {
        const int c = color[static_cast<std::size_t>(card)];
        int count = 0;
        for (int g : v.goods[v.me]) count += color[static_cast<std::size_t>(g)] == c;
        const auto x = std::make_tuple(count, c != GREY, -card);
        if (best < 0 || (most ? x > key : x < key)) {
            best = k;
            key = x;
        }
    }
    return best < 0 ? 0 : best;
}

// limits.types_of_goods tallied by type: a goods area holding these cards in this order, a
// grey Capital good counted as the leftmost other good (GREY while there is none: IE-CAP-3,
// IE-CAP-4); the base set's goods by their colour
template <class Goods>
std::array<int, 6> types_tally(const BotTables& tables, const Goods& goods) {
    std::array<int, 6> tally{};
    int first = GREY;
    for (int g : goods) {
        const int c = tables.color[static_cast<std::size_t>(g)];
        if (first == GREY && c != GREY) first = c;
    }
    for (int g : goods) {
        const int c = tables.color[static_cast<std::size_t>(g)];
        tally[static_cast<std::size_t>(c == GREY ? first : c)] += 1;
    }
    return tally;
}

}  // namespace capital

// The heuristic's answer to a Capital question: true (and `out`) for Capital's kinds. `pc`
// is the PowerChoices (its name_a_type, cheapest_card).
template <class PC, class Q, class Worth>
bool capital_answer(const PC& pc, const Q& q, const View& v, Worth&& worth, int& out) {
    const KindText k{q.kind};
    if (k == "automation_ship" || k == "gps_ship") out = capital::nearest_completion(q, v);
    else if (k == "cheap_labor_ship") out = capital::cheap_labor_ship(q, v);
    else if (k == "yen_ship") out = capital::yen_ship(q, v);
    else if (k == "fake_money_take") out = capital::fake_money_take(q, v);
    else if (k == "fake_money_load") out = capital::fake_money_load(q, v);
    else if (k == "partnership_join") out = capital::partnership_join(q, v);
    else if (k == "container_color") out = capital::container_color(q, v);  // the variants (IE-VAR-9)
    else if (k == "capital_discard") out = capital::capital_discard(q, v, worth);
    else if (k == "algorithm_place" || k == "container_factory_place") out = capital::capital_place(q);
    else if (k == "euros_ship") out = capital::euros_ship(q, v);
    else if (k == "interest_give") out = capital::goods_by_count(q, v, true);
    else if (k == "interest_keep") out = capital::goods_by_count(q, v, false);
    else if (k == "lucky_cards_type") out = pc.name_a_type(q, v);
    else if (k == "market_data_give") out = pc.cheapest_card(q, worth);
    else return false;
    return true;
}

}  // namespace deckhand::heur
