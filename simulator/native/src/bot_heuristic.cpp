// The native `heuristic` bot in the native game (strategies/import_export/heuristic.py):
// registered as strategy code 1 of _core.play_import_export (ie_game.hpp's BotRegistration),
// it reads the seat's table from the game's state (no copy: heuristic/view.hpp's spans point
// into it), asks the rules core for every rule fact a seat's powers change, and answers
// through heuristic/bot.hpp, which mirrors the Python bot function for function.
//
// Its parameters and the Python modules' constants come from Python as a text
// (simulator/native/heuristic_table.py, `seat_options`), which a seat's factory receives
// as its `options`: `key=value` items joined by ';', each float written as Python's repr
// (which reads back exactly), passed per seat code by play_import_export's `bots`:
// nothing the bot weighs is written in C++.
#include <array>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <vector>

#include "heuristic/bot.hpp"
#include "ie_game.hpp"
#include "ie_render.hpp"
#include "powers/group4.hpp"

namespace deckhand::heur {

namespace {

namespace ie = deckhand::ie;

// ------------------------------------------------------------------ the options text

struct SeatSettings {
    Params params;
    Constants k;
    double power_bonus[4] = {0, 0, 0, 0};  // by ie::Timing: contract_choice.POWER_BONUS
    std::vector<std::string> any_time_powers;  // power_choices.ANY_TIME_RULES, in order
    // by contract id: reasons_base._power_score's reading (heuristic_table.power_score_parts)
    std::map<int, std::vector<int>> power_scores;
};

double number(const std::map<std::string, std::string>& items, const char* key) {
    const auto found = items.find(key);
    if (found == items.end())
        throw ie::NativeError(std::string("heuristic: its parameter text lacks '") + key + "'");
    char* end = nullptr;
    const double v = std::strtod(found->second.c_str(), &end);
    if (end == found->second.c_str() || *end != '\0')
        throw ie::NativeError("heuristic: '" + found->second + "' is not a number (" + key + ")");
    return v;
}

std::vector<std::string> split(const std::string& text, char sep) {
    std::vector<std::string> out;
    std::string item;
    std::istringstream in(text);
    while (std::getline(in, item, sep))
        if (!item.empty()) out.push_back(item);
    return out;
}

SeatSettings parse(const std::string& text) {
    std::map<std::string, std::string> items;
    for (const std::string& item : split(text, ';')) {
        const auto eq = item.find('=');
        if (eq == std::string::npos)
            throw ie::NativeError("heuristic: '" + item + "' is not key=value");
        items[item.substr(0, eq)] = item.substr(eq + 1);
    }
    SeatSettings s;
    Params& p = s.params;
    p.contract_bias = number(items, "contract_bias");
    p.load_bias = number(items, "load_bias");
    p.import_bias = number(items, "import_bias");
    p.pirate_bias = number(items, "pirate_bias");
    p.supply_bias = number(items, "supply_bias");
    p.bid_share = number(items, "bid_share");
    p.collect = number(items, "collect");
    p.deny = number(items, "deny");
    p.draw = number(items, "draw");
    p.race = number(items, "race");
    p.classic = items.count("classic") != 0 && number(items, "classic") != 0.0;  // IEClassic
    Constants& k = s.k;
    k.card_value = number(items, "card_value");
    k.hold = number(items, "hold");
    k.tempo = number(items, "tempo");
    k.fulfil_bonus = number(items, "fulfil_bonus");
    k.lead_shared = number(items, "lead_shared");
    for (bool& b : k.shared_action) b = false;
    for (const std::string& a : split(items["shared_actions"], ',')) {
        const int action = std::atoi(a.c_str());
        if (action < 0 || action >= N_ACTIONS) throw ie::NativeError("heuristic: shared_actions");
        k.shared_action[action] = true;
    }
    s.power_bonus[static_cast<int>(ie::Timing::immediate)] = number(items, "power_bonus.immediate");
    s.power_bonus[static_cast<int>(ie::Timing::any_time)] = number(items, "power_bonus.any_time");
    s.power_bonus[static_cast<int>(ie::Timing::ongoing)] = number(items, "power_bonus.ongoing");
    s.power_bonus[static_cast<int>(ie::Timing::end_game)] = number(items, "power_bonus.end_game");
    s.any_time_powers = split(items["any_time_powers"], '|');
    k.comfort = static_cast<int>(number(items, "comfort"));
    k.lutefisk_code = static_cast<int>(number(items, "lutefisk_code"));
    k.telescopes_code = static_cast<int>(number(items, "telescopes_code"));
    k.bionic_ears_code = static_cast<int>(number(items, "bionic_ears_code"));
    k.segways_code = static_cast<int>(number(items, "segways_code"));
    k.us_dollars_code = static_cast<int>(number(items, "us_dollars_code"));
    for (std::size_t i = 0; i < s.any_time_powers.size(); ++i) {  // Tokyo, J (their codes)
        if (s.any_time_powers[i] == "Tsukiji Fish") k.tsukiji_fish_code = static_cast<int>(i) + 1;
        if (s.any_time_powers[i] == "Sushi Knives") k.sushi_knives_code = static_cast<int>(i) + 1;
    }
    k.iceland_water_code = static_cast<int>(number(items, "iceland_water_code"));  // Flag
    k.olive_oil_code = static_cast<int>(number(items, "olive_oil_code"));
    k.late_credits = static_cast<int>(number(items, "late_credits"));
    k.swap_margin = number(items, "reasons.swap_margin");
    k.crew_card = number(items, "reasons.crew_card");
    k.immediate = number(items, "reasons.immediate");
    k.ongoing = number(items, "reasons.ongoing");
    k.ship_home = number(items, "reasons.ship_home");
    k.rival_home = number(items, "reasons.rival_home");
    k.short_hand = number(items, "reasons.short_hand");
    k.card_to_play = number(items, "reasons.card_to_play");
    k.level_short = number(items, "reasons.level_short");
    k.hope = number(items, "expansions.hope");  // reasons_expansions.HOPE (J)
    for (const std::string& entry : split(items["power_scores"], '|')) {
        const auto colon = entry.find(':');
        std::vector<int> parts;
        for (const std::string& v : split(entry.substr(colon + 1), ',')) parts.push_back(std::atoi(v.c_str()));
        if (parts.size() != 6) throw ie::NativeError("heuristic: power_scores");
        s.power_scores[std::atoi(entry.substr(0, colon).c_str())] = parts;
    }
    return s;
}


// ------------------------------------------------------------------ the match's tables

ColorCounts counts_of(const ie::Needs& n) {
    ColorCounts out;
    for (int k = 0; k < n.n; ++k)
        out.add(n.color[static_cast<std::size_t>(k)], n.count[static_cast<std::size_t>(k)]);
    return out;
}

// view.GameFacts of a native table, as match_table() builds it in Python.
BotTables tables_of(const ie::Table& t, const SeatSettings& settings) {
    BotTables b;
    b.n_cards = t.n_cards;
    b.color.assign(t.color.begin(), t.color.end());
    b.actions.assign(t.action.begin(), t.action.end());
    b.colors.resize(static_cast<std::size_t>(t.n_cards));
    b.card_contracts.resize(static_cast<std::size_t>(t.n_cards));
    for (int c = 0; c < t.n_cards; ++c) {
        const auto k = static_cast<std::size_t>(c);
        for (auto col : t.colors[k]) b.colors[k].push_back(col);
        for (auto id : t.contracts_of[k]) b.card_contracts[k].push_back(id);
    }
    const int max_id = t.max_contract_id();
    b.index_of.assign(static_cast<std::size_t>(max_id + 1), -1);
    b.unlimited.assign(static_cast<std::size_t>(max_id + 1), 0);
    for (const ie::Contract& c : t.contracts) {
        ContractData d;
        d.id = c.id;
        d.color = c.color;
        d.level = counts_of(c.level);
        d.cargo = counts_of(c.cargo);
        d.plain_cargo = counts_of(t.plain_cargo[static_cast<std::size_t>(c.id)]);
        d.cargo_total = c.cargo_total;
        d.power_bonus = settings.power_bonus[static_cast<int>(c.timing)];
        d.price = c.has("price") ? c.whole("price") : -1;
        d.payout_multiplier = c.has("payout_multiplier") ? c.number("payout_multiplier") : -1;  // Partnership
        d.immediate_timing = c.timing == ie::Timing::immediate;
        const auto ps = settings.power_scores.find(c.id);
        if (ps != settings.power_scores.end()) {
            d.ps_known = true;
            d.ps_scored = ps->second[0] != 0;
            d.ps_copy_nothing = ps->second[1] != 0;
            d.ps_ongoing = ps->second[2] != 0;
            d.ps_immediate = ps->second[3] != 0;
            d.ps_end = ps->second[4] != 0;
            d.ps_level = ps->second[5];
        }
        b.index_of[static_cast<std::size_t>(c.id)] = static_cast<int>(b.contracts.size());
        b.contracts.push_back(d);
        const auto id = static_cast<std::size_t>(c.id);
        if (id < t.index.unlimited_ship.size() && t.index.unlimited_ship[id]) {
            b.unlimited[id] = 1;
            b.any_unlimited = true;
        }
    }
    b.tokyo_port = t.rules.tokyo_port;  // game.tokyo_port (IE-TOKYO-1)
    const ie::Rules& r = t.rules;
    RuleNumbers& n = b.rules;
    n.draw_to = r.draw_to;
    n.end_credits = r.end_credits;
    n.sell_price = r.sell_price;
    n.flag_load_cost = r.flag_load_cost;
    n.set_bonus = r.set_bonus;
    for (int i = 0; i < 4; ++i) n.majority[i] = r.majority[static_cast<std::size_t>(i)];
    n.illegal_penalty = r.illegal_penalty;
    n.pay_2 = r.pay_2;
    n.pay_3_4 = r.pay_3_4;
    n.pay_5_6 = r.pay_5_6;
    n.ship_capacity = r.ship_capacity;
    n.crew_limit_bonus = t.crew_limit_bonus;
    b.k = settings.k;
    return b;
}

// What the seats of one table and one parameter text share (MatchTables: built once).
struct Shared {
    Shared(const ie::Table& t, const std::string& text)
        : settings(parse(text)), tables(tables_of(t, settings)), static_(tables) {
        any_time_code.assign(t.contracts.size(), 0);
        for (std::size_t i = 0; i < t.contracts.size(); ++i)
            for (std::size_t k = 0; k < settings.any_time_powers.size(); ++k)
                if (t.contracts[i].name == settings.any_time_powers[k])
                    any_time_code[i] = static_cast<int>(k) + 1;
    }
    SeatSettings settings;
    BotTables tables;
    MatchTables static_;
    std::vector<int> any_time_code;  // by contract index: its ANY_TIME_RULES code (0: none)
};

// A fingerprint of what the bot reads of a table (FNV-1a): the cache's check that a table
// met at the address of an earlier one is the same.
std::uint64_t fingerprint(const ie::Table& t) {
    std::uint64_t h = 1469598103934665603ULL;
    auto mix = [&h](std::uint64_t v) {
        h ^= v;
        h *= 1099511628211ULL;
    };
    auto block = [&mix](const void* data, std::size_t bytes) {
        const auto* p = static_cast<const unsigned char*>(data);
        std::size_t i = 0;
        for (; i + 8 <= bytes; i += 8) {
            std::uint64_t w;
            std::memcpy(&w, p + i, 8);
            mix(w);
        }
        for (; i < bytes; ++i) mix(p[i]);
    };
    mix(static_cast<std::uint64_t>(t.n_cards));
    block(t.action.data(), t.action.size());
    block(t.color.data(), t.color.size());
    block(t.colors.data(), t.colors.size() * sizeof(t.colors[0]));
    block(t.contracts_of.data(), t.contracts_of.size() * sizeof(t.contracts_of[0]));
    block(t.plain_cargo.data(), t.plain_cargo.size() * sizeof(t.plain_cargo[0]));
    block(t.index.unlimited_ship.data(), t.index.unlimited_ship.size());
    for (const ie::Contract& c : t.contracts) {
        mix(static_cast<std::uint64_t>(c.id) << 32 | static_cast<std::uint64_t>(c.color) << 8 |
            static_cast<std::uint64_t>(c.timing));
        block(&c.level, sizeof(c.level));
        block(&c.cargo, sizeof(c.cargo));
        if (c.timing == ie::Timing::any_time) block(c.name.data(), c.name.size());
    }
    const ie::Rules& r = t.rules;
    for (int v : {r.draw_to, r.end_credits, r.sell_price, r.flag_load_cost, r.set_bonus,
                  r.illegal_penalty, r.pay_2, r.pay_3_4, r.pay_5_6, r.ship_capacity,
                  t.crew_limit_bonus})
        mix(static_cast<std::uint64_t>(v));
    for (int v : r.majority) mix(static_cast<std::uint64_t>(v));
    mix(static_cast<std::uint64_t>(r.tokyo_port));  // Tokyo (IE-TOKYO-1)
    return h;
}

// The last tables built, by table and text: a chunk's games and seats share them.
std::mutex shared_lock;
const ie::Table* shared_table = nullptr;
std::uint64_t shared_print = 0;
std::uint64_t shared_serial = 0;
std::string shared_text;
std::shared_ptr<const Shared> shared_last;

std::shared_ptr<const Shared> shared_for(const ie::Table& t, const std::string& text) {
    std::lock_guard<std::mutex> hold(shared_lock);
    // the same table (its serial: a finished table is never changed) and text: no hashing
    if (shared_last && t.serial != 0 && shared_table == &t && shared_serial == t.serial && shared_text == text)
        return shared_last;
    const std::uint64_t print = fingerprint(t);
    if (shared_last && shared_table == &t && shared_print == print && shared_text == text) {
        shared_serial = t.serial;
        return shared_last;
    }
    shared_last = std::make_shared<const Shared>(t, text);
    shared_table = &t;
    shared_print = print;
    shared_serial = t.serial;
    shared_text = text;
    return shared_last;
}

// ------------------------------------------------------------------ the rule facts

// The facts a seat's powers change, asked of the rules core (the view's queries).
class GameFacts final : public PowerFacts {
  public:
    const ie::Game* g = nullptr;
    int crew_limit(int p) const override { return ie::crew_limit(*g, p); }
    int market_marker(int color) const override {
        return g->table().market && color >= 0 && color < 5 ? g->s.market[static_cast<std::size_t>(color)] : 0;
    }
    int goods_limit(int p) const override { return ie::goods_limit(*g, p); }
    // limits.crew_actions_by_type: without a modifier adding crew, the crew cards by
    // printed action in one pass (what crew_actions counts for each type then)
    void crew_actions_by_type(int p, int out[N_ACTIONS]) const override {
        const ie::Mods& m = g->s.mods[static_cast<std::size_t>(p)];
        bool also = false;  // Rice Cookers, Chopsticks: crew counting as another action
        for (auto bits : m.card_also) also = also || bits != 0;
        if (m.virtual_load_per_tech == 0 && !m.shared_pirate_crew && !m.capital.virtual_crew && !also) {
            for (int a = 0; a < N_ACTIONS; ++a) out[a] = 0;
            const auto& action = g->table().action;
            for (ie::Card c : g->s.crew[static_cast<std::size_t>(p)])
                out[action[static_cast<std::size_t>(c)]] += 1;
            return;
        }
        for (int a = 0; a < N_ACTIONS; ++a) out[a] = ie::crew_actions(*g, p, a);
    }
    int level(int p, int color) const override { return ie::level(*g, p, color); }
    int port_cost(int p, int card) const override { return ie::port_cost(*g, p, card); }
    int compensation_to(int owner) const override { return ie::compensation_to(*g, owner); }
    int draws_to(int p) const override { return ie::draws_to(*g, p); }
    bool end_threshold(int p, int& out) const override {
        const auto t = ie::end_threshold(*g, p);
        if (!t) return false;
        out = *t;
        return true;
    }
    // IEView.ship_mods() not empty: a SHIP_RULE_MODS key set (truthy) for p
    bool has_ship_mods(int p) const override {
        const ie::Mods& m = g->s.mods[static_cast<std::size_t>(p)];
        return (m.capacity && *m.capacity != 0) || !m.pay_bands.empty() || m.wild_colors != 0 ||
               m.rainbow_colors != 0 || !m.capital.first_contract_cut.empty() || !m.capital.super_ships.empty();
    }
    // IEView.ship_mods(): ((key, value), ...) for the keys of mods.SHIP_RULE_MODS set, in
    // its order (capacity, pay_bands, wild_colors, rainbow_colors), as numbers
    void ship_mods(int p, std::vector<int>& out) const override {
        out.clear();
        const ie::Mods& m = g->s.mods[static_cast<std::size_t>(p)];
        if (has_ship_mods(p)) write_ship_mods(m, out);  // (the common case, none: no call)
    }

  private:
    // ship_mods' keys for a seat with some set (out empty)
    __attribute__((noinline)) static void write_ship_mods(const ie::Mods& m, std::vector<int>& out) {
        if (m.capacity && *m.capacity != 0) {
            out.push_back(0);
            out.push_back(*m.capacity);
        }
        if (!m.pay_bands.empty()) {
            out.push_back(1);
            out.push_back(m.pay_bands.size());
            for (const auto& band : m.pay_bands) {
                out.push_back(band.first);
                out.push_back(band.second);
            }
        }
        if (m.wild_colors != 0) {
            out.push_back(2);
            out.push_back(m.wild_colors);
        }
        if (m.rainbow_colors != 0) {
            out.push_back(3);
            out.push_back(m.rainbow_colors);
        }
        if (!m.capital.first_contract_cut.empty()) {  // Yen (Capital)
            out.push_back(4);
            out.push_back(m.capital.first_contract_cut.size());
            for (const auto& [ship, cut] : m.capital.first_contract_cut) {
                out.push_back(ship);
                out.push_back(cut);
            }
        }
        if (!m.capital.super_ships.empty()) {  // Partnership (Capital)
            out.push_back(5);
            out.push_back(m.capital.super_ships.size());
            for (const auto& r : m.capital.super_ships) {
                out.push_back(r.ship);
                out.push_back(r.mate);
                out.push_back(r.contract);
                out.push_back(r.multiplier);
                out.push_back(r.compensation);
            }
        }
    }

  public:
    int wild_colors(int p, int out[8]) const override {
        const ie::Mods& m = g->s.mods[static_cast<std::size_t>(p)];
        int n = 0;
        for (int c = 0; c < 8; ++c)
            if (m.wild(c)) out[n++] = c;
        return n;
    }
    int ship_needs(int index, int extra, ColorCounts& out) const override {
        int unmatched = 0;
        const ie::Needs need = ie::remaining(*g, g->s.ships[index], &unmatched, extra);
        out = counts_of(need);
        return unmatched;
    }
    bool ship_can_hold(int index, int cid) const override {
        return ie::can_hold(*g, g->s.ships[index], cid);
    }
    int ship_room(int index) const override { return ie::room(*g, g->s.ships[index]); }
    int ship_payout(int p, int containers) const override { return ie::payout(*g, p, containers); }
    bool goods_score_of(const int counts[][6], int p, int& out) const override {
        std::array<std::array<int, 6>, ie::kMaxPlayers> c{};
        for (int q = 0; q < g->s.n; ++q)
            for (int k = 0; k < 6; ++k) c[static_cast<std::size_t>(q)][static_cast<std::size_t>(k)] = counts[q][k];
        out = ie::goods_score_of(*g, c, p);
        return true;
    }
    bool good_end_value(int p, int card, int& out) const override {
        out = ie::good_end_value(*g, p, card);
        return true;
    }
    bool good_counts(int p, int out[6]) const override {
        const auto counts = ie::good_counts(*g, p);
        for (int c = 0; c < 6; ++c) out[c] = counts[static_cast<std::size_t>(c)];
        return true;
    }
    bool load_to_island(int p, int& pay) const override {
        const ie::Mods& m = g->s.mods[static_cast<std::size_t>(p)];
        if (!m.load_to_island) return false;
        pay = *m.load_to_island;
        return true;
    }
    void play_options(int p, int action, bool following,
                      std::vector<std::pair<int, int>>& out) const override {
        ie::Options raw;
        ie::play_options(*g, p, action, following, raw);
        out.clear();
        for (const ie::Option& o : raw) out.emplace_back(o.a, o.b);
    }
};

// ------------------------------------------------------------------ the seat's bot

class HeuristicSeat final : public ie::Bot {
  public:
    explicit HeuristicSeat(std::shared_ptr<const Shared> shared)
        : shared_(std::move(shared)), bot_(shared_->settings.params, shared_->static_) {}

    int choose(const ie::Game& game, const ie::Decision& d, GameRandom& rng) override {
        view_of(game, d.seat);
        decision_of(game, d);
        return bot_.choose(decision_, view_, rng);
    }

    // valuation.Weights' worth_memo holds the view in its key (Python); the levels memos
    // are kept by seat and content (valuation.hpp's Weights::LevelsMemo says why)
    void new_view() override { bot_.weights.worth_memo_set = false; }

  private:
    // IEView over the game's state: spans into its zones
    void view_of(const ie::Game& game, int seat) {
        const ie::State& s = game.s;
        View& v = view_;
        v.tables = &shared_->tables;
        v.me = seat;
        v.n = s.n;
        v.turn = s.turn;
        v.leader = s.leader;
        v.end_triggered = s.end_triggered;
        const auto& hand = s.hands[static_cast<std::size_t>(seat)];
        v.hand = Cards(hand.begin(), hand.size());
        v.credits = Ints(s.credits.data(), s.n);
        v.island = Cards(s.island.begin(), s.island.size());
        v.n_ships = s.ships.size();
        // The zones live inline in the game's state (ie::SmallVec), so a span's start is
        // fixed by the game's address: for the game of the last view (an mcts copy is the
        // same game from one iteration to the next), with as many seats and ships, only
        // the lengths are written.
        if (spans_game_ == &game && spans_n_ == s.n && spans_ships_ == v.n_ships) {
            for (int i = 0; i < v.n_ships; ++i) {
                const ie::Ship& ship = s.ships[i];
                ShipRow& r = v.ships[i];
                r.owner = ship.owner;
                r.at_sea = ship.at_sea;
                r.contracts.len = ship.contracts.size();
                r.cargo.len = ship.cargo.size();
                r.cargo_colors.len = ship.cargo_colors.size();
            }
            for (int p = 0; p < s.n; ++p) {
                const auto k = static_cast<std::size_t>(p);
                v.goods[p].len = s.goods[k].size();
                v.crew[p].len = s.crew[k].size();
                v.fulfilled[p].len = s.fulfilled[k].size();
                v.port[p] = s.port[k];
            }
        } else {
            for (int i = 0; i < v.n_ships; ++i) {
                const ie::Ship& ship = s.ships[i];
                ShipRow& r = v.ships[i];
                r.owner = ship.owner;
                r.at_sea = ship.at_sea;
                r.contracts = Cards(ship.contracts.begin(), ship.contracts.size());
                r.cargo = Cards(ship.cargo.begin(), ship.cargo.size());
                r.cargo_colors = Colors(ship.cargo_colors.begin(), ship.cargo_colors.size());
            }
            for (int p = 0; p < s.n; ++p) {
                const auto k = static_cast<std::size_t>(p);
                v.goods[p] = Cards(s.goods[k].begin(), s.goods[k].size());
                v.crew[p] = Cards(s.crew[k].begin(), s.crew[k].size());
                v.fulfilled[p] = Cards(s.fulfilled[k].begin(), s.fulfilled[k].size());
                v.port[p] = s.port[k];
            }
            spans_game_ = &game;
            spans_n_ = s.n;
            spans_ships_ = v.n_ships;
        }
        facts_.g = &game;
        v.mods_free = false;  // every rule fact from the rules core, powers or not
        v.powers = &facts_;
    }

    // out[i] = make(options[i]) for every option, in order (the vector's room kept from
    // one decision to the next: sized once, then written in place)
    template <class T, class Make>
    static void each(std::vector<T>& out, const ie::Options& options, Make make) {
        out.resize(options.size());
        std::size_t i = 0;
        for (const ie::Option& o : options) out[i++] = make(o);
    }
    static int first(const ie::Option& o) { return o.a; }

    // The decision in the bot's shapes (heuristic/options.hpp) from the core's options
    // (each kind's encoding: the comment where the rules build it)
    void decision_of(const ie::Game& game, const ie::Decision& d) {
        Decision& out = decision_;
        out.clear_own();  // (only the last decision's kind wrote anything)
        out.player = d.seat;
        out.context = d.context;
        const ie::Options& options = *d.options;
        switch (d.kind) {
            case ie::Kind::lead:
                out.kind = Kind::LEAD;
                each(out.lead, options, [](const ie::Option& o) {
                    return LeadOption{static_cast<LeadOption::Verb>(o.a), o.b};
                });
                break;
            case ie::Kind::lead_with:
            case ie::Kind::follow_with:
                out.kind = d.kind == ie::Kind::lead_with ? Kind::LEAD_WITH : Kind::FOLLOW_WITH;
                each(out.plays, options, [](const ie::Option& o) { return Play{o.a, o.b}; });
                break;
            case ie::Kind::follow:
                out.kind = Kind::FOLLOW;
                each(out.follow, options, [](const ie::Option& o) {
                    return FollowOption{static_cast<FollowOption::Verb>(o.a), o.b, o.c};
                });
                break;
            case ie::Kind::declare:
                out.kind = Kind::DECLARE;
                each(out.ints, options, first);
                break;
            case ie::Kind::barter:  // Capital: {hand card, island card}
                out.kind = Kind::BARTER_CHOICE;
                for (const ie::Option& o : options) out.plays.push_back(Play{o.a, o.b});
                break;
            case ie::Kind::supply:
                out.kind = Kind::SUPPLY_CHOICE;
                each(out.supply, options, [](const ie::Option& o) { return SupplyOption{o.a == 0, o.b}; });
                break;
            case ie::Kind::contract:
                out.kind = Kind::CONTRACT_CHOICE;
                each(out.contract, options, [](const ie::Option& o) {  // {-1}: "stop" (Tokyo Port)
                    return ContractOption{o.a < 0, o.a, o.b, o.c};
                });
                break;
            case ie::Kind::load:
                out.kind = Kind::LOAD_CHOICE;
                each(out.load, options, [](const ie::Option& o) { return LoadOption{o.a, o.b, o.c}; });
                break;
            case ie::Kind::pirate:
                out.kind = Kind::PIRATE_CHOICE;
                each(out.pirate, options, [](const ie::Option& o) {
                    PirateOption x;
                    // {0: ship, 1: island, else other}: the enum's own order (SHIP 0, ISLAND 1)
                    static_assert(PirateOption::SHIP == 0 && PirateOption::ISLAND == 1);
                    x.where = static_cast<unsigned>(o.a) < 2u ? static_cast<PirateOption::Where>(o.a)
                                                              : PirateOption::OTHER;
                    x.a = o.b;
                    x.b = o.c;
                    return x;
                });
                break;
            case ie::Kind::pirate_to:
                out.kind = Kind::PIRATE_TO;
                for (const ie::Option& o : options)
                    out.pirate_to.push_back(o.a < 0 ? PirateToOption{true, -1, -1}
                                                    : PirateToOption{false, o.a, o.b});
                break;
            case ie::Kind::import_ship:
                out.kind = Kind::IMPORT_SHIP;
                each(out.ints, options, first);
                break;
            case ie::Kind::bid:
                out.kind = Kind::BID;
                each(out.ints, options, first);
                break;
            case ie::Kind::import_tie:
                out.kind = Kind::IMPORT_TIE;
                each(out.ints, options, first);
                break;
            case ie::Kind::import_take: {
                // the context is the ship (-1: the supply island, Dark Flight); Python's is
                // its cargo, read here as it stands before the card leaves
                out.kind = Kind::IMPORT_TAKE;
                each(out.ints, options, first);
                const ie::State& s = game.s;
                if (d.context < 0) {
                    out.cargo.assign(s.island.begin(), s.island.end());
                } else {
                    const auto& cargo = s.ships[d.context].cargo;
                    out.cargo.assign(cargo.begin(), cargo.end());
                }
                break;
            }
            case ie::Kind::import_place:
                out.kind = Kind::IMPORT_PLACE;
                each(out.place, options, first);
                break;
            case ie::Kind::any_time: {
                out.kind = Kind::ANY_TIME;
                out.before_scoring = d.moment != nullptr && d.moment->name == ie::MomentName::before_scoring;
                out.mine_starting = d.moment != nullptr && d.moment->name == ie::MomentName::turn_start &&
                                    d.moment->actor == d.seat;
                out.moment_action = d.moment != nullptr ? d.moment->action : -1;
                out.turn_end = d.moment != nullptr && d.moment->name == ie::MomentName::turn_end;
                const ie::Table& t = game.table();
                // {-1}: pass; {-2, ship}: the leader's discard; {contract id, args...}
                for (const ie::Option& o : options) {
                    if (o.a == -1) {
                        out.uses.push_back(-1);  // pass
                        out.use_contract.push_back(-1);
                        out.use_arg.push_back(-1);
                    } else if (o.a < 0) {
                        out.uses.push_back(0);  // the leader's discard: no rule
                        out.use_contract.push_back(-1);
                        out.use_arg.push_back(-1);
                    } else {
                        out.uses.push_back(shared_->any_time_code[static_cast<std::size_t>(
                            t.contract_at[static_cast<std::size_t>(o.a)])]);
                        out.use_contract.push_back(o.a);
                        out.use_arg.push_back(o.b);
                    }
                    out.use_arg2.push_back(o.a < 0 ? -1 : o.c);
                    out.use_arg3.push_back(o.a < 0 ? -1 : o.d);
                }
                break;
            }
            default:  // a card power's question: its options as Python's repr writes them
                out.kind = Kind::POWER;
                out.power.kind = ie::kind_name(d.kind);
                out.power.context = d.context;
                if (d.kind == ie::Kind::rope_swap || d.kind == ie::Kind::led_lights_swap) {
                    swaps_of(game, d.kind, options, out.power);
                    break;
                }
                for (const ie::Option& o : options)
                    out.power.options.push_back(ie::render_option(game, d.kind, o, d.context));
                break;
        }
    }

    // Rope's and LED Lights' options read as reasons_base's swap parts, from the numbers
    // their repr is written from (powers/group4.hpp; ie_powers_group4.cpp's rope_option,
    // led_lights_text): "pass" is {PASS}; Rope's ('swap', island card, hand card) is
    // {island card, hand card}; LED Lights' (given, taken) is what led_lights_parts reads.
    void swaps_of(const ie::Game& game, ie::Kind kind, const ie::Options& options, PowerQuestion& q) {
        q.decoded = true;
        Swaps& swaps = q.swaps;
        swaps.n_options = static_cast<int>(options.size());
        for (std::size_t i = 0; i < options.size(); ++i) {
            const ie::Option& o = options[i];
            if (o.a == ie::group4::PASS) {
                if (swaps.pass < 0) swaps.pass = static_cast<int>(i);
                continue;
            }
            swaps.begin_swap(static_cast<int>(i));
            if (kind == ie::Kind::rope_swap) {
                swaps.give(o.b);
                swaps.take(o.a);
                continue;
            }
            ie::group4::led_lights_parts(game, o, given_, taken_);
            for (int k = 0; k < given_.size(); ++k) swaps.give(given_[k]);
            for (int k = 0; k < taken_.size(); ++k) swaps.take(taken_[k]);
        }
    }

    std::shared_ptr<const Shared> shared_;
    const ie::Game* spans_game_ = nullptr;  // the game view_'s zone spans point into
    int spans_n_ = -1, spans_ships_ = -1;   // (its seats and ships then)
    ie::SmallVec<ie::Card, ie::kMaxCards> given_, taken_;  // (scratch)
    HeuristicBot bot_;
    View view_;
    GameFacts facts_;
    Decision decision_;
};

std::unique_ptr<ie::Bot> make_heuristic(const ie::Table& table, const std::string& options) {
    if (options.empty())
        throw ie::NativeError(
            "the native heuristic needs its parameters from Python "
            "(simulator/native/heuristic_table.py: seat_codes, passed as play_import_export's bots)");
    return std::make_unique<HeuristicSeat>(shared_for(table, options));
}

template <int Code>
std::unique_ptr<ie::Bot> factory(const ie::Table& table, int /*seat*/, const std::string& options) {
    return make_heuristic(table, options);
}

// Code 1 is `heuristic` (heuristic_table.STRATEGY_CODE); codes 2..15 are free for a run's
// other heuristic parameter sets (presets, overrides), registered with their texts.
const ie::BotRegistration registrations[] = {
    {1, "heuristic", &factory<1>},   {2, "heuristic", &factory<2>},
    {3, "heuristic", &factory<3>},   {4, "heuristic", &factory<4>},
    {5, "heuristic", &factory<5>},   {6, "heuristic", &factory<6>},
    {7, "heuristic", &factory<7>},   {8, "heuristic", &factory<8>},
    {9, "heuristic", &factory<9>},   {10, "heuristic", &factory<10>},
    {11, "heuristic", &factory<11>}, {12, "heuristic", &factory<12>},
    {13, "heuristic", &factory<13>}, {14, "heuristic", &factory<14>},
    {15, "heuristic", &factory<15>},
};

}  // namespace

}  // namespace deckhand::heur
