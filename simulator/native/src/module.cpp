// The native core's Python module, simulator.native._core (built by setup.py): the random
// streams (tests/native/test_random.py), and Import/Export's base set played natively,
// handed back as columns (numpy arrays, no Python object per event).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "bot_mcts.hpp"
#include "ie_forward.hpp"
#include "ie_game.hpp"
#include "ie_powers.hpp"
#include "ie_render.hpp"
#include "rng.hpp"

namespace py = pybind11;

namespace deckhand::travel {
void bind_travel(py::module_& m);  // travel_module.cpp: the travel game
}

namespace {

using namespace deckhand;
using namespace deckhand::ie;

// The first n uniforms of a stream from its PCG64 state: tests/native/test_random.py checks
// them against seeding.GameRandom.
py::array_t<double> uniforms(std::uint64_t state_hi, std::uint64_t state_lo,
                             std::uint64_t inc_hi, std::uint64_t inc_lo, int n) {
    deckhand::GameRandom rng(state_hi, state_lo, inc_hi, inc_lo);
    py::array_t<double> out(n);
    auto view = out.mutable_unchecked<1>();
    for (py::ssize_t i = 0; i < n; ++i) view(i) = rng.random();
    return out;
}

py::array_t<std::int32_t> belows(std::uint64_t state_hi, std::uint64_t state_lo,
                                 std::uint64_t inc_hi, std::uint64_t inc_lo,
                                 py::array_t<std::int32_t> bounds) {
    deckhand::GameRandom rng(state_hi, state_lo, inc_hi, inc_lo);
    auto in = bounds.unchecked<1>();
    py::array_t<std::int32_t> out(in.shape(0));
    auto view = out.mutable_unchecked<1>();
    for (py::ssize_t i = 0; i < in.shape(0); ++i) view(i) = rng.below(in(i));
    return out;
}

// ---------------------------------------------------------------- the table (ie_table.py)

Needs read_pips(const py::handle& pairs) {
    Needs needs;
    for (const auto& pair : pairs) {
        auto items = pair.cast<py::sequence>();
        needs.add(items[0].cast<int>(), items[1].cast<int>());
    }
    return needs;
}

Timing read_timing(const std::string& text) {
    if (text == "immediate") return Timing::immediate;
    if (text == "any_time") return Timing::any_time;
    if (text == "ongoing") return Timing::ongoing;
    if (text == "end_game") return Timing::end_game;
    throw NativeError("unknown timing '" + text + "'");
}

std::shared_ptr<Table> read_table(const py::dict& d) {
    auto t = std::make_shared<Table>();
    t->players = d["players"].cast<int>();
    t->max_turns = d["max_turns"].cast<int>();
    const auto actions = d["card_action"].cast<std::vector<int>>();
    const auto colors = d["card_colors"].cast<std::vector<std::vector<int>>>();
    const auto contracts_of = d["card_contracts"].cast<std::vector<std::vector<int>>>();
    const auto sheet_id = d["card_sheet_id"].cast<std::vector<int>>();
    t->n_cards = static_cast<int>(actions.size());
    int max_id = 0;
    for (int card = 0; card < t->n_cards; ++card) {
        const auto k = static_cast<std::size_t>(card);
        t->action.push_back(static_cast<std::int8_t>(actions[k]));
        t->color.push_back(static_cast<std::int8_t>(colors[k].at(0)));
        SmallVec<std::int8_t, 2> sides;
        for (int c : colors[k]) sides.push_back(static_cast<std::int8_t>(c));
        t->colors.push_back(sides);
        SmallVec<ContractId, 2> ids;
        for (int id : contracts_of[k]) {
            ids.push_back(static_cast<ContractId>(id));
            max_id = std::max(max_id, id);
        }
        t->contracts_of.push_back(ids);
        t->sheet_id.push_back(static_cast<ContractId>(sheet_id[k]));
    }
    if (max_id > 30000) throw NativeError("contract ids above 30000 are not native");
    t->contract_at.assign(static_cast<std::size_t>(max_id + 1), -1);
    for (const auto& item : d["contracts"]) {
        const auto c = item.cast<py::dict>();
        Contract contract;
        contract.id = c["id"].cast<int>();
        contract.card = c["card"].cast<int>();
        contract.name = c["name"].cast<std::string>();
        contract.color = c["color"].cast<int>();
        contract.level = read_pips(c["level"]);
        contract.cargo = read_pips(c["cargo"]);
        contract.cargo_total = contract.cargo.total();
        contract.level_total = contract.level.total();
        contract.timing = read_timing(c["timing"].cast<std::string>());
        for (const auto& p : c["params"]) {
            auto items = p.cast<py::sequence>();
            contract.params.push_back(
                Param{items[0].cast<std::string>(), items[1].cast<double>(), items[2].cast<bool>()});
        }
        contract.python_power = c["power"].cast<bool>();
        contract.python_any_cargo = c["any_cargo"].cast<bool>();
        contract.python_unlimited_ship = c["unlimited_ship"].cast<bool>();
        if (contract.id < 0 || contract.id > max_id)
            throw NativeError("contract " + contract.name + " is on no card of the table");
        t->contract_at[static_cast<std::size_t>(contract.id)] = static_cast<std::int16_t>(t->contracts.size());
        t->contracts.push_back(contract);
    }
    const auto r = d["rules"].cast<py::dict>();
    Rules& rules = t->rules;
    rules.start_credits = r["start_credits"].cast<int>();
    rules.grey_bonus_at_six = r["grey_bonus_at_six"].cast<int>();
    rules.grey_bonus_capital = r["grey_bonus_capital"].cast<int>();
    rules.start_hand = r["start_hand"].cast<int>();
    rules.draw_to = r["draw_to"].cast<int>();
    rules.sell_price = r["sell_price"].cast<int>();
    rules.owner_compensation = r["owner_compensation"].cast<int>();
    rules.ship_capacity = r["ship_capacity"].cast<int>();
    rules.end_credits = r["end_credits"].cast<int>();
    rules.sea_cards_at_setup = r["sea_cards_at_setup"].cast<int>();
    rules.pay_2 = r["pay_2"].cast<int>();
    rules.pay_3_4 = r["pay_3_4"].cast<int>();
    rules.pay_5_6 = r["pay_5_6"].cast<int>();
    rules.unfulfilled_container = r["unfulfilled_container"].cast<int>();
    rules.set_bonus = r["set_bonus"].cast<int>();
    const auto majority = r["majority"].cast<std::vector<int>>();
    if (majority.size() != 4) throw NativeError("majority: four numbers");
    for (std::size_t k = 0; k < 4; ++k) rules.majority[k] = majority[k];
    rules.illegal_penalty = r["illegal_penalty"].cast<int>();
    rules.flag_load_cost = r["flag_load_cost"].cast<int>();
    rules.card_powers = r["card_powers"].cast<bool>();
    if (d.contains("capital")) {  // Capital (ie_capital.hpp)
        t->capital = d["capital"].cast<bool>();
        for (int id : d["capital_rainbow"].cast<std::vector<int>>()) t->capital_rainbow.push_back(static_cast<ContractId>(id));
    }
    rules.tokyo_port = d["tokyo_port"].cast<bool>();  // Tokyo (ie_tokyo_port.cpp)
    rules.tokyo_column_costs = r["tokyo_column_costs"].cast<std::vector<int>>();
    if (r.contains("tea_drinkers")) rules.tea_drinkers = r["tea_drinkers"].cast<std::vector<int>>();
    if (d.contains("variants")) {  // variants.configure (ie_variants.hpp)
        const auto v = d["variants"].cast<py::dict>();
        t->market = v["market"].cast<bool>();
        t->tokens = v["tokens"].cast<bool>();
        t->all_tokens = v["all_tokens"].cast<bool>();
        t->token_keep.assign(static_cast<std::size_t>(t->n_cards), 0);
        for (const auto& card : v["keep"]) t->token_keep.at(card.cast<std::size_t>()) = 1;
    }
    finish_table(*t);
    return t;
}

// Rule modifiers every game starts with, as powers would set them (mods.py keys and Python
// values): the differential test reaches the rules that read them without the powers.
std::vector<Mods> read_mods(const py::object& given, int players) {
    std::vector<Mods> all(static_cast<std::size_t>(players));
    if (given.is_none()) return all;
    const auto seats = given.cast<py::sequence>();
    if (static_cast<int>(seats.size()) != players) throw NativeError("mods: one dict per seat");
    for (int p = 0; p < players; ++p) {
        Mods& m = all[static_cast<std::size_t>(p)];
        for (const auto& [key_handle, value] : seats[static_cast<std::size_t>(p)].cast<py::dict>()) {
            const auto key = key_handle.cast<std::string>();
            if (key == "draw_to") m.draw_to = value.cast<int>();
            else if (key == "end_credits") m.end_credits = value.cast<int>();
            else if (key == "no_credit_end") m.no_credit_end = value.cast<bool>();
            else if (key == "capacity") m.capacity = value.cast<int>();
            else if (key == "pay_bands") {
                for (const auto& band : value) {
                    auto pair = band.cast<py::sequence>();
                    m.pay_bands.push_back({pair[0].cast<int>(), pair[1].cast<int>()});
                }
            } else if (key == "owner_compensation") m.owner_compensation = value.cast<int>();
            else if (key == "import_take") m.import_take = value.cast<int>();
            else if (key == "wild_colors" || key == "rainbow_colors") {
                std::uint8_t bits = 0;
                for (const auto& c : value) bits = static_cast<std::uint8_t>(bits | (1U << c.cast<int>()));
                (key == "wild_colors" ? m.wild_colors : m.rainbow_colors) = bits;
            } else if (key == "virtual_load_per_tech") m.virtual_load_per_tech = value.cast<int>();
            else if (key == "shared_pirate_crew") m.shared_pirate_crew = value.cast<bool>();
            else if (key == "load_to_island") m.load_to_island = value.cast<int>();
            else if (key == "load_draw") m.load_draw = value.cast<int>();
            else if (key == "plunder_to_goods_cost") m.plunder_to_goods_cost = value.cast<int>();
            else if (key == "win_credit_multiplier") m.win_credit_multiplier = value.cast<double>();
            else if (key == "load_unlimited") m.load_unlimited = value.cast<bool>();
            else if (key == "import_from_island") m.import_from_island = value.cast<bool>();
            else if (key == "pirate_anywhere") m.pirate_anywhere = value.cast<bool>();
            else if (key == "luxury_cargo_fraction") m.luxury_cargo_fraction = value.cast<double>();
            else if (key == "spend_watch") {
                auto pair = value.cast<py::sequence>();
                m.spend_watch = std::make_pair(pair[0].cast<int>(), pair[1].cast<int>());
            } else if (key == "extra_turns") m.extra_turns = value.cast<int>();
            else if (key == "helicopter_credits") m.helicopter_credits = value.cast<int>();
            // Tokyo and J (ie_powers_tokyo.cpp, ie_powers_j.cpp)
            else if (key == "port_contract_free") m.port_contract_free = value.cast<bool>();
            else if (key == "lead_draw_credits") m.lead_draw_credits = value.cast<int>();
            else if (key == "tuck_elsewhere") {
                for (const auto& c : value)
                    if (c.cast<int>() == RED) m.tuck_illegal = true;
                    else throw NativeError("mods: tuck_elsewhere holds only the illegal colour natively");
            } else if (key == "wins_ties") m.wins_ties = value.cast<bool>();
            else if (key == "card_also") {
                for (const auto& pair : value) {
                    auto ab = pair.cast<py::sequence>();
                    m.card_also[static_cast<std::size_t>(ab[0].cast<int>())] |=
                        static_cast<std::uint8_t>(1U << ab[1].cast<int>());
                }
            } else if (key == "follow_as") {
                std::vector<std::array<std::int8_t, 3>> ways;
                for (const auto& way : value) {
                    auto w = way.cast<py::sequence>();
                    ways.push_back({static_cast<std::int8_t>(w[0].cast<int>()), static_cast<std::int8_t>(w[1].cast<int>()),
                                    static_cast<std::int8_t>(w[2].cast<int>())});
                }
                std::sort(ways.begin(), ways.end());
                for (const auto& w : ways) m.follow_as.push_back(w);
            } else if (key == "pair_load") {
                auto pair = value.cast<py::sequence>();
                m.pair_load = std::make_pair(pair[0].cast<int>(), pair[1].cast<int>());
            }
            else throw NativeError("mods: '" + key + "' is no native base-set rule modifier");
        }
    }
    return all;
}

// ---------------------------------------------------------------- playing

struct TraceRows : Recorder {
    int game = 0;
    std::vector<std::int32_t> tr_game;
    std::vector<std::int8_t> tr_seat;
    std::vector<std::int16_t> tr_kind;
    std::vector<std::int32_t> tr_options;
    std::vector<std::int32_t> tr_choice;

    void record(const Game&, const Decision& d, int choice) override {
        tr_game.push_back(game);
        tr_seat.push_back(static_cast<std::int8_t>(d.seat));
        tr_kind.push_back(static_cast<std::int16_t>(d.kind));
        tr_options.push_back(static_cast<std::int32_t>(d.options->size()));
        tr_choice.push_back(choice);
    }
};

struct TextRows : Recorder {
    py::list rows;
    void record(const Game& g, const Decision& d, int choice) override {
        py::list options;
        for (const Option& o : *d.options) options.append(render_option(g, d.kind, o, d.context));
        py::dict row;
        row["turn"] = g.s.turn;
        row["seat"] = d.seat;
        row["kind"] = kind_name(d.kind);
        row["context"] = d.context;
        row["choice"] = choice;
        row["options"] = options;
        // the state when asked, as the Python state names it (a debugging aid)
        const State& s = g.s;
        auto zone = [](const auto& z) {
            py::list out;
            for (int k = 0; k < z.size(); ++k) out.append(static_cast<int>(z[k]));
            return out;
        };
        py::list credits, hands, crew, goods, fulfilled, ships;
        for (int p = 0; p < s.n; ++p) {
            credits.append(s.credits[p]);
            hands.append(zone(s.hands[p]));
            crew.append(zone(s.crew[p]));
            goods.append(zone(s.goods[p]));
            fulfilled.append(zone(s.fulfilled[p]));
        }
        for (int i = 0; i < s.ships.size(); ++i) {
            const Ship& x = s.ships[i];
            ships.append(py::make_tuple(static_cast<int>(x.owner), x.at_sea, zone(x.contracts), zone(x.cargo),
                                        zone(x.cargo_colors)));
        }
        py::dict state;
        state["credits"] = credits;
        state["hands"] = hands;
        state["crew"] = crew;
        state["goods"] = goods;
        state["fulfilled"] = fulfilled;
        state["ships"] = ships;
        state["island"] = zone(s.island);
        state["discard"] = zone(s.discard);
        state["deck"] = zone(s.deck);
        row["credits"] = credits;
        row["state"] = state;
        rows.append(row);
    }
};

GameRandom stream_of(const std::uint64_t* halves) {
    return GameRandom(halves[0], halves[1], halves[2], halves[3]);
}

// A seat's bot with a stopwatch around its choices (deckhand bench --split).
class TimedBot : public Bot {
  public:
    TimedBot(std::unique_ptr<Bot> inner, double& seconds) : inner_(std::move(inner)), seconds_(seconds) {}
    int choose(const Game& game, const Decision& d, GameRandom& rng) override {
        const auto start = std::chrono::steady_clock::now();
        const int choice = inner_->choose(game, d, rng);
        seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        return choice;
    }

  private:
    std::unique_ptr<Bot> inner_;
    double& seconds_;
};

// What plays each seat code: its parameter text (`bots[code]`, from Python: the heuristic's
// parameters and constants, heuristic_table.seat_options; empty: none), and, when timing,
// the clock its choices add to.
struct Seating {
    std::vector<std::string> texts;
    double* bot_seconds = nullptr;
};

// The seats' bots of one game (random: none).
std::vector<std::unique_ptr<Bot>> make_bots(const Table& t, Game& g, const std::int8_t* codes, int players,
                                            const Seating& seating) {
    std::vector<std::unique_ptr<Bot>> bots;
    for (int p = 0; p < players; ++p) {
        const int code = codes[p];
        if (code == 0) continue;
        BotFactory make = bot_factory(code);
        if (make == nullptr) throw NativeError("no native strategy has the code " + std::to_string(code));
        const auto at = static_cast<std::size_t>(code);
        const std::string& text = at < seating.texts.size() ? seating.texts[at] : std::string();
        std::unique_ptr<Bot> bot = make(t, p, text);
        bot->attach(g);  // a searching bot hooks the forward model
        if (seating.bot_seconds != nullptr) bot = std::make_unique<TimedBot>(std::move(bot), *seating.bot_seconds);
        bots.push_back(std::move(bot));
        g.bots[static_cast<std::size_t>(p)] = bots.back().get();
    }
    return bots;
}

void play_one(const Table& t, Game& g, const std::uint64_t* streams, const std::int8_t* seats, int row,
              const std::vector<Mods>& mods, const Seating& seating) {
    try {
        new_state(g, stream_of(streams), stream_of(streams + 4));
        for (std::size_t p = 0; p < mods.size(); ++p) g.s.mods[p] = mods[p];
        const auto bots = make_bots(t, g, seats, g.s.n, seating);
        play_game(g);
    } catch (const std::exception& e) {
        throw NativeError("native game row " + std::to_string(row) + " (turn " + std::to_string(g.s.turn) +
                          "): " + e.what());
    }
}

template <typename T>
py::array_t<T> column(const std::vector<T>& values) {
    py::array_t<T> out(static_cast<py::ssize_t>(values.size()));
    if (!values.empty()) std::memcpy(out.mutable_data(), values.data(), values.size() * sizeof(T));
    return out;
}

py::dict play_import_export(const py::dict& table_dict, int players,
                            py::array_t<std::uint64_t, py::array::c_style | py::array::forcecast> streams,
                            py::array_t<std::int8_t, py::array::c_style | py::array::forcecast> seats,
                            bool trace, const py::object& mods_given, const std::vector<std::string>& bots,
                            bool timing) {
    const auto table = read_table(table_dict);
    const auto mods = read_mods(mods_given, players);
    const Table& t = *table;
    double bot_seconds = 0.0;
    double log_seconds = 0.0;
    Seating seating{bots, timing ? &bot_seconds : nullptr};
    if (players != t.players) throw NativeError("players differ from the table's");
    if (streams.ndim() != 2 || streams.shape(1) != 8) throw NativeError("streams: (games, 8) uint64");
    const auto games = static_cast<int>(streams.shape(0));
    if (seats.ndim() != 2 || seats.shape(0) != games || seats.shape(1) != players)
        throw NativeError("seats: (games, players) int8");
    const std::uint64_t* stream_data = streams.data();
    const std::int8_t* seat_data = seats.data();

    std::vector<std::int32_t> turns, decisions, winners_offsets{0};
    std::vector<std::int8_t> first_player, end_reason, winners;
    std::vector<double> score;
    std::vector<std::int8_t> placement;
    std::vector<std::int64_t> port, credits_in_play;
    std::array<std::vector<std::int32_t>, kLogged> ev;
    std::array<std::vector<std::int32_t>, kLogged> ev_offsets;
    for (auto& o : ev_offsets) o.push_back(0);
    TraceRows rows;
    {
        py::gil_scoped_release unlocked;
        for (int i = 0; i < games; ++i) {
            Game g(t, players);
            rows.game = i;
            if (trace) g.recorder = &rows;
            play_one(t, g, stream_data + 8 * i, seat_data + players * i, i, mods, seating);
            const auto logged_from = std::chrono::steady_clock::now();
            const State& s = g.s;
            turns.push_back(s.turn);
            decisions.push_back(g.asked);
            first_player.push_back(static_cast<std::int8_t>(s.first_player));
            end_reason.push_back(static_cast<std::int8_t>(s.end_reason));
            for (auto w : s.winners) winners.push_back(w);
            winners_offsets.push_back(static_cast<std::int32_t>(winners.size()));
            const auto& final = s.scored ? s.final_credits : s.credits;
            for (int p = 0; p < players; ++p) {
                const auto pp = static_cast<std::size_t>(p);
                int better = 0;
                for (int q = 0; q < players; ++q) {
                    const auto qq = static_cast<std::size_t>(q);
                    const bool q_wins = s.winners.contains(static_cast<std::int8_t>(q));
                    const bool p_wins = s.winners.contains(static_cast<std::int8_t>(p));
                    better += final[qq] > final[pp] || (final[qq] == final[pp] && q_wins && !p_wins);  // Foxes
                }
                score.push_back(static_cast<double>(final[pp]));
                placement.push_back(static_cast<std::int8_t>(1 + better));
                port.push_back(s.port[pp]);
                credits_in_play.push_back(s.credits[pp]);
            }
            // each event's values, player by player, each player's in logging order: counted
            // first, then written straight into their places
            std::array<std::int32_t, kMaxPlayers * kLogged> slots{};
            for (const LogEntry& e : s.log) ++slots[static_cast<std::size_t>(e.player * kLogged + static_cast<int>(e.event))];
            for (int e = 0; e < kLogged; ++e) {
                auto& values = ev[static_cast<std::size_t>(e)];
                auto& offsets = ev_offsets[static_cast<std::size_t>(e)];
                auto end = static_cast<std::int32_t>(values.size());
                for (int p = 0; p < players; ++p) {
                    auto& slot = slots[static_cast<std::size_t>(p * kLogged + e)];
                    const std::int32_t count = slot;
                    slot = end;
                    end += count;
                    offsets.push_back(end);
                }
                values.resize(static_cast<std::size_t>(end));
            }
            for (const LogEntry& e : s.log) {
                const int logged = static_cast<int>(e.event);
                const bool contract = e.event == Logged::contracted || e.event == Logged::fulfilled;
                auto& slot = slots[static_cast<std::size_t>(e.player * kLogged + logged)];
                ev[static_cast<std::size_t>(logged)][static_cast<std::size_t>(slot++)] =
                    contract ? e.card : t.sheet_id[static_cast<std::size_t>(e.card)];
            }
            if (timing)
                log_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - logged_from).count();
        }
    }
    py::dict out;
    out["turns"] = column(turns);
    out["decisions"] = column(decisions);
    out["first_player"] = column(first_player);
    out["end_reason"] = column(end_reason);
    out["winners"] = column(winners);
    out["winners_offsets"] = column(winners_offsets);
    out["score"] = column(score);
    out["placement"] = column(placement);
    out["port"] = column(port);
    out["credits_in_play"] = column(credits_in_play);
    for (int e = 0; e < kLogged; ++e) {
        const std::string name = std::string("ev_") + LOGGED_NAMES[static_cast<std::size_t>(e)];
        out[py::str(name)] = column(ev[static_cast<std::size_t>(e)]);
        out[py::str(name + "_offsets")] = column(ev_offsets[static_cast<std::size_t>(e)]);
    }
    if (timing) {
        out["seconds_bots"] = column(std::vector<double>{bot_seconds});
        out["seconds_logging"] = column(std::vector<double>{log_seconds});
    }
    if (trace) {
        out["tr_game"] = column(rows.tr_game);
        out["tr_seat"] = column(rows.tr_seat);
        out["tr_kind"] = column(rows.tr_kind);
        out["tr_options"] = column(rows.tr_options);
        out["tr_choice"] = column(rows.tr_choice);
    }
    return out;
}

// One game's decisions as text: each a dict (turn, seat, kind, context, choice, options as
// Python's repr writes them). The differential test's message, and a reader's replay.
py::list import_export_decisions(const py::dict& table_dict, int players,
                                 py::array_t<std::uint64_t, py::array::c_style | py::array::forcecast> streams,
                                 py::array_t<std::int8_t, py::array::c_style | py::array::forcecast> seats,
                                 const py::object& mods_given, const std::vector<std::string>& bots) {
    const auto table = read_table(table_dict);
    const auto mods = read_mods(mods_given, players);
    const Seating seating{bots, nullptr};
    if (streams.size() != 8 || seats.size() != players) throw NativeError("one game: 8 stream halves, one seat each");
    Game g(*table, players);
    TextRows rows;
    g.recorder = &rows;
    try {
        play_one(*table, g, streams.data(), seats.data(), 0, mods, seating);
    } catch (const std::exception& e) {
        py::dict row;
        row["error"] = e.what();
        rows.rows.append(row);
    }
    return rows.rows;
}

std::vector<std::string> missing_powers(const py::dict& table_dict) {
    // read before the table is: a table with a missing power is refused
    std::vector<std::string> names;
    for (const auto& item : table_dict["contracts"]) {
        const auto c = item.cast<py::dict>();
        if (c["power"].cast<bool>() && find_power(c["name"].cast<std::string>()) == nullptr)
            names.push_back(c["name"].cast<std::string>());
    }
    return names;
}


// ---------------------------------------------------------------- the forward model, mcts
// (ie_forward.hpp, bot_mcts.hpp): the entry points of tests/native/test_mcts_native.py.

// Every answer of a game, and the copy at its k-th asked decision (more than one option):
// the turn's start and its answers before it, the decision itself.
struct CopyAt final : Recorder {
    explicit CopyAt(int k, const TurnRecord& turn) : k(k), turn(turn) {}
    void record(const Game& /*game*/, const Decision& d, int choice) override {
        if (d.options->size() > 1) {
            if (asked == k) {
                taken = true;
                start = turn.start;
                answers = turn.answers;
                rest_from = choices.size();
                seat = d.seat;
                kind = d.kind;
                options = *d.options;
            }
            ++asked;
        }
        choices.push_back(choice);
    }
    int k;
    const TurnRecord& turn;
    int asked = 0;
    bool taken = false;
    State start;
    std::vector<Answer> answers;
    std::vector<int> choices;
    std::size_t rest_from = 0;
    int seat = 0;
    Kind kind = Kind::lead;
    Options options;
};

bool same_options(const Options& x, const Options& y) {
    if (x.size() != y.size()) return false;
    for (std::size_t i = 0; i < x.size(); ++i)
        if (x[i].a != y[i].a || x[i].b != y[i].b || x[i].c != y[i].c || x[i].d != y[i].d) return false;
    return true;
}

py::tuple fingerprint(const Game& g) {
    const State& s = g.s;
    std::vector<int> credits(s.credits.begin(), s.credits.begin() + s.n);
    std::vector<int> final(s.final_credits.begin(), s.final_credits.begin() + s.n);
    std::vector<int> winners(s.winners.begin(), s.winners.end());
    std::vector<int> log;
    for (const LogEntry& e : s.log) log.push_back((e.player * 16 + static_cast<int>(e.event)) * 1000 + e.card);
    std::vector<int> deck(s.deck.begin(), s.deck.end());
    return py::make_tuple(s.turn, static_cast<int>(s.end_reason), credits, final, winners, log, deck);
}

// A game played as play_import_export's row with its turns recorded and its copy at the
// k-th asked decision taken (forward_check and determinise_at start alike).
struct Recorded {
    TurnRecord turn;
    CopyAt copy_at;
    Recorded(const Table& table, Game& g, const std::uint64_t* streams, const std::int8_t* seats,
             const std::vector<std::string>& bots, int k)
        : copy_at(k, turn) {
        const Seating seating{bots, nullptr};
        g.forward = &turn;
        g.recorder = &copy_at;
        play_one(table, g, streams, seats, 0, {}, seating);
    }
};

// Play a game (as play_import_export's row), take its copy at the k-th asked decision, and
// play the copy on with the original's answers from there: both ends (fingerprints), and
// whether the copy reached the same decision (seat, kind, options).
py::dict forward_check(const py::dict& table_dict, int players,
                       py::array_t<std::uint64_t, py::array::c_style | py::array::forcecast> streams,
                       py::array_t<std::int8_t, py::array::c_style | py::array::forcecast> seats,
                       const std::vector<std::string>& bots, int k) {
    const auto table = read_table(table_dict);
    Game g(*table, players);
    const Recorded recorded(*table, g, streams.data(), seats.data(), bots, k);
    const CopyAt& copy_at = recorded.copy_at;
    py::dict out;
    out["taken"] = copy_at.taken;
    out["original"] = fingerprint(g);
    if (!copy_at.taken) return out;
    struct Continue final : Steered {
        Continue(const CopyAt& c) : Steered(&c.answers), c(c), next(c.rest_from) {}
        void arrived(Game& /*game*/, const Decision& d) override {
            same = d.seat == c.seat && d.kind == c.kind && same_options(*d.options, c.options);
        }
        int decide(Game& /*game*/, const Decision& d) override {
            if (next >= c.choices.size()) throw NativeError("the copy asked more than the original");
            const int choice = c.choices[next++];
            if (choice >= static_cast<int>(d.options->size())) throw NativeError("the copy parted");
            return choice;
        }
        const CopyAt& c;
        std::size_t next;
        bool same = false;
    } hook(copy_at);
    Game copy(*table, players);
    play_copy(copy, copy_at.start, hook);
    out["same_decision"] = hook.same;
    out["copy"] = fingerprint(copy);
    out["answers_left"] = copy_at.choices.size() - hook.next;
    return out;
}

// The determinisation at the k-th asked decision for its seat, drawn from
// from_seed(seed): the hands and deck after the redeal, and the first draws of the copy's
// new rules stream and of the seat's stream after it (Playthrough.for_seat).
py::dict determinise_at(const py::dict& table_dict, int players,
                        py::array_t<std::uint64_t, py::array::c_style | py::array::forcecast> streams,
                        py::array_t<std::int8_t, py::array::c_style | py::array::forcecast> seats,
                        const std::vector<std::string>& bots, int k, std::uint64_t seed) {
    const auto table = read_table(table_dict);
    Game g(*table, players);
    const Recorded recorded(*table, g, streams.data(), seats.data(), bots, k);
    const CopyAt& copy_at = recorded.copy_at;
    py::dict out;
    out["taken"] = copy_at.taken;
    if (!copy_at.taken) return out;
    struct Redeal final : Steered {
        Redeal(const CopyAt& c, std::uint64_t seed) : Steered(&c.answers), c(c), own(GameRandom::from_seed(seed)) {}
        void arrived(Game& game, const Decision& d) override {
            redeal(game.s, d.seat, own);
            game.s.rng = fresh_stream(own);
            for (int p = 0; p < game.s.n; ++p) {
                const Zone& h = game.s.hands[static_cast<std::size_t>(p)];
                hands.emplace_back(h.begin(), h.end());
            }
            deck.assign(game.s.deck.begin(), game.s.deck.end());
            for (int i = 0; i < 5; ++i) rules_draws.push_back(game.s.rng.random());
            for (int i = 0; i < 5; ++i) own_draws.push_back(own.random());
            seat = d.seat;
            throw Stop{};
        }
        int decide(Game& /*game*/, const Decision& /*d*/) override { return 0; }
        const CopyAt& c;
        GameRandom own;
        std::vector<std::vector<int>> hands;
        std::vector<int> deck;
        std::vector<double> rules_draws, own_draws;
        int seat = -1;
    } hook(copy_at, seed);
    Game copy(*table, players);
    try {
        play_copy(copy, copy_at.start, hook);
    } catch (const Stop&) {
    }
    out["seat"] = hook.seat;
    out["kind"] = std::string(kind_name(copy_at.kind));
    out["hands"] = hook.hands;
    out["deck"] = hook.deck;
    out["rules_draws"] = hook.rules_draws;
    out["own_draws"] = hook.own_draws;
    return out;
}

// The first n uniforms of GameRandom.from_seed(seed) (Python's Mersenne Twister).
std::vector<double> twister_uniforms(std::uint64_t seed, int n) {
    GameRandom rng = GameRandom::from_seed(seed);
    std::vector<double> out;
    for (int i = 0; i < n; ++i) out.push_back(rng.random());
    return out;
}

// Games with mcts seats, timed: the iterations the searches ran and the seconds.
py::dict mcts_bench(const py::dict& table_dict, int players,
                    py::array_t<std::uint64_t, py::array::c_style | py::array::forcecast> streams,
                    py::array_t<std::int8_t, py::array::c_style | py::array::forcecast> seats,
                    const std::vector<std::string>& bots) {
    const auto table = read_table(table_dict);
    const Seating seating{bots, nullptr};
    const auto games = static_cast<int>(seats.shape(0));
    long long iterations = 0, decisions = 0, turns = 0;
    const auto start = std::chrono::steady_clock::now();
    for (int row = 0; row < games; ++row) {
        Game g(*table, players);
        new_state(g, stream_of(streams.data() + 8 * row), stream_of(streams.data() + 8 * row + 4));
        const auto made = make_bots(*table, g, seats.data() + players * row, players, seating);
        play_game(g);
        for (const auto& bot : made)
            if (const auto* search = dynamic_cast<const Mcts*>(bot.get())) iterations += search->iterations_done;
        decisions += g.asked;
        turns += g.s.turn;
    }
    py::dict out;
    out["seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    out["iterations"] = iterations;
    out["decisions"] = decisions;
    out["turns"] = turns;
    return out;
}

// The search timed at one position of each game (as bench.search_speed times the Python
// search): the game played by its seats to its first decision `after` asked decisions in of a
// kind the search searches (not any_time: its moment is not kept), then the search run there
// `repeats` times, each from GameRandom.from_seed(seed + iterations so far).
py::dict mcts_at(const py::dict& table_dict, int players,
                 py::array_t<std::uint64_t, py::array::c_style | py::array::forcecast> streams,
                 py::array_t<std::int8_t, py::array::c_style | py::array::forcecast> seats,
                 const std::vector<std::string>& bots, int after, const std::string& search, int repeats,
                 std::uint64_t seed, double min_seconds) {
    const auto table = read_table(table_dict);
    const Seating seating{bots, nullptr};
    const MctsSettings settings = parse_mcts(search);
    const auto games = static_cast<int>(seats.shape(0));
    struct Position {
        State start;
        std::vector<Answer> answers;
        int seat = 0;
        Kind kind = Kind::lead;
        int context = 0;
        Options options;
    };
    struct Finder final : Recorder {
        Finder(int after, const MctsSettings& s, const TurnRecord& turn) : after(after), s(s), turn(turn) {}
        void record(const Game& /*game*/, const Decision& d, int /*choice*/) override {
            if (d.options->size() <= 1 || found) return;
            const bool searched = s.search_all || s.searched[static_cast<std::size_t>(d.kind)];
            if (asked++ >= after && searched && d.kind != Kind::any_time) {
                found = true;
                at = Position{turn.start, turn.answers, d.seat, d.kind, d.context, *d.options};
            }
        }
        int after;
        const MctsSettings& s;
        const TurnRecord& turn;
        int asked = 0;
        bool found = false;
        Position at;
    };
    std::vector<Position> positions;
    for (int row = 0; row < games; ++row) {
        Game g(*table, players);
        TurnRecord turn;
        Finder finder(after, settings, turn);
        g.forward = &turn;
        g.recorder = &finder;
        play_one(*table, g, streams.data() + 8 * row, seats.data() + players * row, 0, {}, seating);
        if (finder.found) positions.push_back(finder.at);
    }
    std::vector<double> rates, ms, cpu_rates;
    std::vector<long long> iterations;
    std::vector<std::string> kinds;
    for (const Position& p : positions) kinds.emplace_back(kind_name(p.kind));
    // Each repeat times whole rounds over the positions until at least `min_seconds` have
    // passed: one round of a few positions lasts a few milliseconds, about a scheduler's time
    // slice, so one preemption on a shared machine would halve a repeat's rate.
    for (int r = 0; r < repeats; ++r) {
        long long done = 0;
        int searches = 0;
        const auto start = std::chrono::steady_clock::now();
        const std::clock_t cpu_start = std::clock();
        double took = 0.0;
        do {
            for (const Position& p : positions) {
                Game holder(*table, players);
                holder.s = p.start;
                TurnRecord record;
                record.start = p.start;
                record.answers = p.answers;
                holder.forward = &record;
                Mcts search(*table, settings);
                search.attach(holder);
                GameRandom rng = GameRandom::from_seed(seed + static_cast<std::uint64_t>(done));
                const Decision d{p.seat, p.kind, p.context, nullptr, &p.options};
                search.choose(holder, d, rng);
                done += search.rollouts_done;  // (the iterations that played a rollout)
                ++searches;
            }
            took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        } while (took < min_seconds && !positions.empty());
        iterations.push_back(done);
        rates.push_back(static_cast<double>(done) / took);
        const double cpu = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
        cpu_rates.push_back(static_cast<double>(done) / std::max(cpu, 1e-9));
        ms.push_back(1000.0 * took / static_cast<double>(std::max(1, searches)));
    }
    py::dict out;
    out["kinds"] = kinds;
    out["rates"] = rates;
    out["cpu_rates"] = cpu_rates;  // per second of this process's CPU (a shared machine)
    out["ms"] = ms;
    out["iterations"] = iterations;  // (each repeat's, its rounds together: bench --instructions)
    return out;
}
}  // namespace

PYBIND11_MODULE(_core, m) {
    m.doc() = "Deckhand's native core: Import/Export's base set, played as the Python engine plays it";
    // setup.py's hash of the sources it built: simulator/native/__init__.py refuses a stale core.
    m.attr("SOURCES") = DECKHAND_SOURCES;
    m.def("uniforms", &uniforms, "The first n uniforms of a PCG64 stream, as GameRandom draws them");
    m.def("belows", &belows, "below(bound) for each bound, as GameRandom draws them");
    m.def("play_import_export", &play_import_export, py::arg("table"), py::arg("players"), py::arg("streams"),
          py::arg("seats"), py::arg("trace") = false, py::arg("mods") = py::none(),
          py::arg("bots") = std::vector<std::string>(), py::arg("timing") = false,
          "Play G games (streams: (G, 8) uint64, seats: (G, players) int8 strategy codes) and return their "
          "tables as columns; `mods` (tests): per seat, rule modifiers every game starts with; `bots`: by "
          "seat code, the strategy's parameter text (heuristic_table.seat_options); `timing`: also the "
          "seconds spent in the bots' choices and in the logging (seconds_bots, seconds_logging)");
    m.def("import_export_decisions", &import_export_decisions, py::arg("table"), py::arg("players"),
          py::arg("streams"), py::arg("seats"), py::arg("mods") = py::none(),
          py::arg("bots") = std::vector<std::string>(),
          "One game's decisions, each with its options as Python's repr writes them");
    m.def("kind_names", []() {
        std::vector<std::string> names;
        for (const char* n : kind_names()) names.emplace_back(n);
        return names;
    }, "The decision kinds, in code order (tr_kind indexes it)");
    m.def("event_names", []() {
        std::vector<std::string> names;
        for (const char* n : LOGGED_NAMES) names.emplace_back(n);
        return names;
    });
    m.def("end_reasons", []() {
        std::vector<std::string> names;
        for (const char* n : END_REASON_NAMES) names.emplace_back(n);
        return names;
    });
    m.def("native_powers", &registered_powers, "The card names with a native power");
    m.def("native_params", []() {
        py::dict out;
        for (const std::string& name : registered_powers()) out[py::str(name)] = find_power(name)->params;
        return out;
    }, "Each native power's sheet numbers, by card name (the names its Python declaration gives)");
    m.def("native_modules", &native_modules,
          "The Import/Export sets and variants the core plays (each registered by its rules file)");
    m.def("power_errors", []() { return power_errors(); }, "Errors in the native powers' registrations");
    m.def("missing_powers", &missing_powers, py::arg("table"),
          "The contracts whose power plays in Python but has no native power");
    deckhand::travel::bind_travel(m);
    m.def("mcts_codes", []() { return py::make_tuple(kMctsFirstCode, kMctsCodes); },
          "The seat codes of the native mcts (bot_mcts.hpp)");
    m.def("forward_check", &forward_check, py::arg("table"), py::arg("players"), py::arg("streams"),
          py::arg("seats"), py::arg("bots"), py::arg("k"),
          "A game and its copy at the k-th asked decision played on with its answers (ie_forward.hpp)");
    m.def("determinise_at", &determinise_at, py::arg("table"), py::arg("players"), py::arg("streams"),
          py::arg("seats"), py::arg("bots"), py::arg("k"), py::arg("seed"),
          "The determinisation at the k-th asked decision for its seat (Playthrough.for_seat)");
    m.def("twister_uniforms", &twister_uniforms, "The first n uniforms of GameRandom.from_seed(seed)");
    m.def("mcts_at", &mcts_at, py::arg("table"), py::arg("players"), py::arg("streams"), py::arg("seats"),
          py::arg("bots"), py::arg("after"), py::arg("search"), py::arg("repeats"), py::arg("seed"),
          py::arg("min_seconds") = 0.0,
          "The native search timed at one position of each game (bench --search), each repeat "
          "searching them round after round for at least min_seconds");
    m.def("mcts_bench", &mcts_bench, py::arg("table"), py::arg("players"), py::arg("streams"), py::arg("seats"),
          py::arg("bots"), "Games with mcts seats: iterations, decisions, turns and seconds");
}
