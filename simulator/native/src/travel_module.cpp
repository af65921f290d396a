// The travel game's entry points of simulator.native._core (module.cpp calls bind_travel):
// play_travel plays G games and hands their tables back as columns; travel_names says how
// the core numbers kinds, events, end reasons and effects.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "ie_core.hpp"
#include "travel_game.hpp"
#include "travel_mcts.hpp"

namespace py = pybind11;

namespace deckhand {
void bind_seed_sequence(py::module_& m);  // seed_sequence.cpp: the streams' starting states
}

namespace deckhand::travel {

namespace {

using deckhand::ie::NativeError;

std::size_t at(int i) { return static_cast<std::size_t>(i); }

int code_of(const char* const* names, int count, const std::string& name, const char* what) {
    for (int i = 0; i < count; ++i)
        if (name == names[i]) return i;
    throw NativeError(std::string("travel table: unknown ") + what + " '" + name + "'");
}

// The table travel_table.py builds from the card sheet and the config.
std::shared_ptr<Table> read_table(const py::dict& d) {
    auto t = std::make_shared<Table>();
    t->players = d["players"].cast<int>();
    t->max_turns = d["max_turns"].cast<int>();
    if (t->players < 2 || t->players > kMaxPlayers) throw NativeError("travel table: players out of range");
    t->ids = d["ids"].cast<std::vector<int>>();
    t->kind_of = d["kind_of"].cast<std::vector<int>>();
    t->n_cards = static_cast<int>(t->ids.size());
    if (t->n_cards >= kMaxCards) throw NativeError("travel table: too many cards for the native core");
    t->n_kinds = 0;
    for (int k : t->kind_of) t->n_kinds = std::max(t->n_kinds, k + 1);
    const auto types = d["types"].cast<std::vector<std::string>>();
    const auto effects = d["effects"].cast<std::vector<std::string>>();
    const auto params = d["params"].cast<std::vector<py::dict>>();
    t->requires = d["requires"].cast<std::vector<std::vector<int>>>();
    const auto rule_names = d["rule_names"].cast<std::vector<std::string>>();
    const auto rules = d["rules"].cast<std::vector<int>>();
    if (rule_names.size() != kRules || rules.size() != kRules) throw NativeError("travel table: rule numbers");
    for (int r = 0; r < kRules; ++r) {
        if (rule_names[at(r)] != RULE_NAMES[r]) throw NativeError("travel table: rule names out of order");
        t->rules[at(r)] = rules[at(r)];
    }
    for (int c = 0; c < t->n_cards; ++c) {
        t->type.push_back(static_cast<std::int8_t>(code_of(TYPE_NAMES, 9, types[at(c)], "card type")));
        t->effect.push_back(static_cast<std::int8_t>(code_of(EFFECT_NAMES, 16, effects[at(c)], "effect")));
        Params p;
        std::vector<std::pair<int, int>> over;
        for (const auto& item : params[at(c)]) {
            const auto key = item.first.cast<std::string>();
            const int value = item.second.cast<int>();
            if (t->effect[at(c)] == E_RULE_OVERRIDE) {
                over.emplace_back(code_of(RULE_NAMES, kRules, key, "rule"), value);
                continue;
            }
            if (key == "keep") p.keep = value;
            else if (key == "cards") p.cards = value;
            else if (key == "fine") p.fine = value;
            else if (key == "covers") p.covers = value;
            else if (key == "look") p.look = value;
            else if (key == "max") p.max = value;
            else if (key == "bonus") p.bonus = value;
            else if (key == "take") p.take = value;
            else if (key == "actions") p.actions = value;
            else if (t->type[at(c)] != T_RULES) throw NativeError("travel table: unknown parameter '" + key + "'");
        }
        t->params.push_back(p);
        t->overrides.push_back(std::move(over));
    }
    t->countries = d["countries"].cast<std::vector<int>>();
    t->items = d["items"].cast<std::vector<int>>();
    t->passports = d["passports"].cast<std::vector<int>>();
    t->characters = d["characters"].cast<std::vector<int>>();
    t->expansion_deck = d["expansion_deck"].cast<std::vector<int>>();
    t->distance = d["distance"].cast<std::vector<double>>();
    if (t->distance.size() != at(t->n_cards) * at(t->n_cards)) throw NativeError("travel table: distance matrix");
    const auto modules = d["modules"].cast<std::vector<std::string>>();
    for (const auto& m : modules) {
        if (m == "events") t->use_events = true;
        else if (m == "special_items") t->use_specials = true;
        else if (m == "forbidden_items") t->use_forbidden = true;
        else if (m == "postcards") t->use_postcards = true;
        else if (m == "characters") t->use_characters = true;
        else throw NativeError("travel table: unknown module '" + m + "'");
    }
    if (t->passports.empty()) throw NativeError("travel table: no passport");
    t->passport_kind = t->kind_of[at(t->passports[0])];
    for (int c = 0; c < t->n_cards; ++c)
        if (t->type[at(c)] == T_SPECIAL) t->effect_cards[at(t->effect[at(c)])].set(at(c));
    if (t->use_specials) t->mousetraps = t->effect_cards[E_MOUSETRAP];
    t->any_mousetrap = t->mousetraps.any();
    return t;
}

struct Rows : Recorder {
    int game = 0;
    std::vector<std::int32_t> tr_game, tr_options, tr_choice, tr_values, tr_values_offsets{0};
    std::vector<std::int8_t> tr_seat;
    std::vector<std::int16_t> tr_kind;

    void record(const Game&, int seat, int kind, const std::vector<int>& options, const Ctx&, int choice) override {
        tr_game.push_back(game);
        tr_seat.push_back(static_cast<std::int8_t>(seat));
        tr_kind.push_back(static_cast<std::int16_t>(kind));
        tr_options.push_back(static_cast<std::int32_t>(options.size()));
        tr_choice.push_back(choice);
        tr_values.insert(tr_values.end(), options.begin(), options.end());
        tr_values_offsets.push_back(static_cast<std::int32_t>(tr_values.size()));
    }
};

template <typename T>
py::array_t<T> column(const std::vector<T>& values) {
    py::array_t<T> out(static_cast<py::ssize_t>(values.size()));
    if (!values.empty()) std::memcpy(out.mutable_data(), values.data(), values.size() * sizeof(T));
    return out;
}

GameRandom stream_of(const std::uint64_t* h) { return GameRandom(h[0], h[1], h[2], h[3]); }

// bots[code]: (aggression, race_aggression, blind_trade, deny) of a heuristic seat code; code 0
// (or an empty entry) plays random. searches[code], where not empty: that code is an mcts
// seat, its search's text (travel_mcts.hpp).
py::dict play_travel(const py::dict& table_dict, int players,
                     py::array_t<std::uint64_t, py::array::c_style | py::array::forcecast> streams,
                     py::array_t<std::int8_t, py::array::c_style | py::array::forcecast> seats, bool trace,
                     const std::vector<std::vector<double>>& bots, const std::vector<std::string>& searches) {
    const auto table = read_table(table_dict);
    const Table& t = *table;
    if (players != t.players) throw NativeError("players differ from the table's");
    if (streams.ndim() != 2 || streams.shape(1) != 8) throw NativeError("streams: (games, 8) uint64");
    const auto games = static_cast<int>(streams.shape(0));
    if (seats.ndim() != 2 || seats.shape(0) != games || seats.shape(1) != players)
        throw NativeError("seats: (games, players) int8");
    std::vector<HeuristicParams> params(bots.size());
    for (std::size_t k = 0; k < bots.size(); ++k) {
        if (bots[k].empty()) continue;
        if (bots[k].size() != 4) throw NativeError("bots: (aggression, race_aggression, blind_trade, deny)");
        params[k] = HeuristicParams{bots[k][0], bots[k][1], bots[k][2], bots[k][3] != 0.0};
    }
    if (searches.size() > bots.size()) throw NativeError("searches: one entry per seat code at most");
    std::vector<MctsSettings> search_settings(searches.size());
    for (std::size_t k = 0; k < searches.size(); ++k)
        if (!searches[k].empty()) search_settings[k] = parse_mcts(searches[k]);
    auto is_search = [&](int code) { return at(code) < searches.size() && !searches[at(code)].empty(); };
    const std::uint64_t* stream_data = streams.data();
    const std::int8_t* seat_data = seats.data();
    std::vector<std::int32_t> turns, decisions, winners_offsets{0}, country, character;
    std::vector<std::int8_t> first_player, end_reason, winners, placement;
    std::vector<double> score;
    std::array<std::vector<std::int32_t>, kLogged> ev;
    std::array<std::vector<std::int32_t>, kLogged> ev_offsets;
    for (auto& o : ev_offsets) o.push_back(0);
    Rows rows;
    {
        py::gil_scoped_release unlocked;
        Game g(t, GameRandom(), GameRandom());  // one game's storage, every game in turn
        TurnRecord record;  // a search's forward model (where the turn started, the answers since)
        // each seat's bot of each code, made once and reset for every game
        std::vector<std::vector<std::unique_ptr<Bot>>> made(at(players));
        for (auto& seat : made) seat.resize(bots.size());
        for (int i = 0; i < games; ++i) {
            g.restart(stream_of(stream_data + 8 * i), stream_of(stream_data + 8 * i + 4));
            g.forward = nullptr;
            for (int p = 0; p < players; ++p) {
                const int code = seat_data[players * i + p];
                if (code == 0) continue;
                if (code < 0 || at(code) >= bots.size() || (bots[at(code)].empty() && !is_search(code)))
                    throw NativeError("no native travel strategy has the code " + std::to_string(code));
                auto& bot = made[at(p)][at(code)];
                if (!bot && is_search(code)) bot = std::make_unique<Mcts>(search_settings[at(code)]);
                if (!bot) bot.reset(new_heuristic(params[at(code)]));
                if (is_search(code)) g.forward = &record;  // the game a search copies
                bot->reset();
                g.bots[at(p)] = bot.get();
            }
            rows.game = i;
            if (trace) g.recorder = &rows;
            try {
                g.play();
            } catch (const std::exception& e) {
                throw NativeError("native travel game row " + std::to_string(i) + " (turn " +
                                  std::to_string(g.s.turn) + "): " + e.what());
            }
            State& s = g.s;
            turns.push_back(s.turn);
            decisions.push_back(g.asked);
            first_player.push_back(static_cast<std::int8_t>(s.first_player));
            end_reason.push_back(static_cast<std::int8_t>(s.end_reason));
            for (int w : s.winners) winners.push_back(static_cast<std::int8_t>(w));
            winners_offsets.push_back(static_cast<std::int32_t>(winners.size()));
            for (int p = 0; p < players; ++p) {
                const auto pp = at(p);
                auto won = [&](int q) { return std::find(s.winners.begin(), s.winners.end(), q) != s.winners.end(); };
                int better = 0;
                for (int q = 0; q < players; ++q) {
                    if (q == p) continue;
                    const int kq = won(q), kp = won(p);
                    better += kq > kp || (kq == kp && s.completed[at(q)] > s.completed[pp]);
                }
                placement.push_back(static_cast<std::int8_t>(won(p) ? 1 : 1 + better));
                score.push_back(static_cast<double>(s.completed[pp]));
                int own = -1;
                for (int c : s.log[pp][L_ASSIGNED])
                    if (t.type[at(c)] == T_COUNTRY) {
                        own = c;
                        break;
                    }
                country.push_back(t.ids[at(own)]);
                character.push_back(s.character[pp] >= 0 ? t.ids[at(s.character[pp])] : -1);
                s.log[pp][L_HELD_AT_END] = s.hands[pp];
                for (int e = 0; e < kLogged; ++e) {
                    auto& values = ev[at(e)];
                    for (int c : s.log[pp][at(e)]) values.push_back(t.ids[at(c)]);
                    ev_offsets[at(e)].push_back(static_cast<std::int32_t>(values.size()));
                }
            }
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
    out["country"] = column(country);
    out["character"] = column(character);
    for (int e = 0; e < kLogged; ++e) {
        const std::string name = std::string("ev_") + LOGGED_NAMES[e];
        out[py::str(name)] = column(ev[at(e)]);
        out[py::str(name + "_offsets")] = column(ev_offsets[at(e)]);
    }
    if (trace) {
        out["tr_game"] = column(rows.tr_game);
        out["tr_seat"] = column(rows.tr_seat);
        out["tr_kind"] = column(rows.tr_kind);
        out["tr_options"] = column(rows.tr_options);
        out["tr_choice"] = column(rows.tr_choice);
        out["tr_values"] = column(rows.tr_values);
        out["tr_values_offsets"] = column(rows.tr_values_offsets);
    }
    return out;
}

py::dict travel_names() {
    py::dict out;
    auto list = [](const char* const* names, int n) {
        std::vector<std::string> v;
        for (int i = 0; i < n; ++i) v.emplace_back(names[i]);
        return v;
    };
    out["kinds"] = list(KIND_NAMES, kKinds);
    out["events"] = list(LOGGED_NAMES, kLogged);
    out["end_reasons"] = list(END_NAMES, 3);
    out["effects"] = list(EFFECT_NAMES + 1, 15);
    out["verbs"] = list(VERB_NAMES, 8);
    out["rules"] = list(RULE_NAMES, kRules);
    // the modules whose rules and cards travel_game.cpp plays, every one checked against Python
    // (tests/native/test_travel_native.py)
    out["modules"] = std::vector<std::string>{"events", "special_items", "forbidden_items", "postcards", "characters"};
    out["max_cards"] = kMaxCards;
    out["done"] = kDone;
    out["accept"] = kAccept;
    out["reject"] = kReject;
    return out;
}

}  // namespace

void bind_travel(py::module_& m) {
    m.def("play_travel", &play_travel, py::arg("table"), py::arg("players"), py::arg("streams"), py::arg("seats"),
          py::arg("trace") = false, py::arg("bots") = std::vector<std::vector<double>>(),
          py::arg("searches") = std::vector<std::string>(),
          "Play G travel games (streams: (G, 8) uint64, seats: (G, players) int8 strategy codes) and return "
          "their tables as columns; `bots`: by seat code, a heuristic's (aggression, race_aggression, "
          "blind_trade, deny), empty for random; `searches`: by seat code, an mcts seat's text (travel_mcts.hpp); `trace`: every decision (tr_*), options as codes");
    deckhand::bind_seed_sequence(m);
    m.def("travel_names", &travel_names, "How the travel core numbers kinds, events, end reasons, effects, verbs");
}

}  // namespace deckhand::travel
