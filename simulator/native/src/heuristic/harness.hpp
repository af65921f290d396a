// A test harness, not part of the core (setup.py compiles only src/*.cpp): a Python module
// `_heur_harness` that answers one decision of a Python game with the native bot, from a
// snapshot of the seat's table that the test takes at each decision
// (tests/native/test_heuristic_harness.py builds it from a one-line .cpp including this).
// It checks the bot's valuation and the view's facts decision by decision, on the Python
// engine's own games, whatever the state of the native rules.
#pragma once

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "heuristic/bot.hpp"
#include "heuristic/py_tables.hpp"

namespace deckhand::heur {

namespace py = pybind11;

struct HarnessMatch {
    explicit HarnessMatch(const py::dict& d) : tables(tables_from(d)), static_(tables) {}
    BotTables tables;
    MatchTables static_;
};

struct FixedUniform {
    double u = 0.0;
    int drawn = 0;
    double random() {
        ++drawn;
        return u;
    }
};

inline Kind kind_named(const std::string& k) {
    if (k == "lead") return Kind::LEAD;
    if (k == "lead_with") return Kind::LEAD_WITH;
    if (k == "follow") return Kind::FOLLOW;
    if (k == "follow_with") return Kind::FOLLOW_WITH;
    if (k == "declare") return Kind::DECLARE;
    if (k == "supply") return Kind::SUPPLY_CHOICE;
    if (k == "barter") return Kind::BARTER_CHOICE;
    if (k == "contract") return Kind::CONTRACT_CHOICE;
    if (k == "load") return Kind::LOAD_CHOICE;
    if (k == "pirate") return Kind::PIRATE_CHOICE;
    if (k == "pirate_to") return Kind::PIRATE_TO;
    if (k == "import_ship") return Kind::IMPORT_SHIP;
    if (k == "bid") return Kind::BID;
    if (k == "import_tie") return Kind::IMPORT_TIE;
    if (k == "import_take") return Kind::IMPORT_TAKE;
    if (k == "import_place") return Kind::IMPORT_PLACE;
    if (k == "any_time") return Kind::ANY_TIME;
    return Kind::POWER;
}

// The options as the test encodes them: a tuple of ints per option (test_heuristic_harness).
inline void fill_options(Decision& d, const std::vector<std::vector<int>>& opts) {
    for (const auto& o : opts) {
        switch (d.kind) {
            case Kind::LEAD: {
                LeadOption x;
                x.verb = static_cast<LeadOption::Verb>(o.at(0));
                if (o.size() > 1) x.arg = o[1];
                d.lead.push_back(x);
                break;
            }
            case Kind::LEAD_WITH:
            case Kind::FOLLOW_WITH:
            case Kind::BARTER_CHOICE: d.plays.push_back(Play{o.at(0), o.at(1)}); break;
            case Kind::FOLLOW: {
                FollowOption x;
                x.verb = static_cast<FollowOption::Verb>(o.at(0));
                if (o.size() > 2) {
                    x.performed = o[1];
                    x.played = o[2];
                }
                d.follow.push_back(x);
                break;
            }
            case Kind::SUPPLY_CHOICE: d.supply.push_back(SupplyOption{o.at(0) == 0, o.at(1)}); break;
            case Kind::CONTRACT_CHOICE:
                if (o.at(0) < 0)
                    d.contract.push_back(ContractOption{true, -1, -1, -1});
                else
                    d.contract.push_back(ContractOption{false, o.at(0), o.at(1), o.at(2)});
                break;
            case Kind::LOAD_CHOICE: d.load.push_back(LoadOption{o.at(0), o.at(1), o.at(2)}); break;
            case Kind::PIRATE_CHOICE: {
                PirateOption x;
                x.where = static_cast<PirateOption::Where>(o.at(0));
                if (o.size() > 1) x.a = o[1];
                if (o.size() > 2) x.b = o[2];
                d.pirate.push_back(x);
                break;
            }
            case Kind::PIRATE_TO:
                if (o.at(0) < 0)
                    d.pirate_to.push_back(PirateToOption{true, -1, -1});
                else
                    d.pirate_to.push_back(PirateToOption{false, o.at(0), o.at(1)});
                break;
            case Kind::IMPORT_PLACE: d.place.push_back(o.at(0)); break;
            case Kind::ANY_TIME:
                d.uses.push_back(o.at(0));
                d.use_contract.push_back(o.size() > 1 ? o[1] : -1);
                d.use_arg.push_back(o.size() > 2 ? o[2] : -1);
                d.use_arg2.push_back(o.size() > 3 ? o[3] : -1);
                d.use_arg3.push_back(o.size() > 4 ? o[4] : -1);
                break;
            default: d.ints.push_back(o.at(0)); break;
        }
    }
}

// The rule facts a seat's modifiers change, as the Python view answered them at the
// decision (test_heuristic_harness.power_facts); the native game asks its rules core.
class HarnessFacts final : public PowerFacts {
  public:
    int me = 0;
    int crew_limit_ = 0, goods_limit_ = 0, draws_to_ = 0;
    int load_to_island_ = -1;  // -1: None
    std::map<int, int> good_end_values_;  // my goods: Python's view.good_end_value
    std::vector<int> goods_limits_;
    int crew_actions_[N_ACTIONS] = {};
    int levels_[7] = {};
    std::vector<int> end_;  // -1: never
    std::vector<int> ship_mods_;
    std::vector<int> wild_;
    std::vector<int> payout_;
    struct ShipFacts {
        ColorCounts needs;
        int unmatched = 0;
        int room = 0;
        std::map<int, bool> hold;
        std::map<int, ColorCounts> with;
    };
    std::map<int, ShipFacts> ships_;
    std::map<std::pair<int, bool>, std::vector<std::pair<int, int>>> plays_;

    void load(const py::dict& f, int seat) {
        me = seat;
        crew_limit_ = f["crew_limit"].cast<int>();
        goods_limit_ = f["goods_limit"].cast<int>();
        goods_limits_ = f["goods_limits"].cast<std::vector<int>>();
        load_to_island_ = f["load_to_island"].is_none() ? -1 : f["load_to_island"].cast<int>();
        good_end_values_ = f["good_end_values"].cast<std::map<int, int>>();
        draws_to_ = f["draws_to"].cast<int>();
        const auto ca = f["crew_actions"].cast<std::vector<int>>();
        for (int a = 0; a < N_ACTIONS; ++a) crew_actions_[a] = ca.at(static_cast<std::size_t>(a));
        const auto lv = f["levels"].cast<std::vector<int>>();
        for (int c = 0; c < 7; ++c) levels_[c] = lv.at(static_cast<std::size_t>(c));
        end_.clear();
        for (const auto& e : f["end"]) end_.push_back(e.is_none() ? -1 : e.cast<int>());
        ship_mods_ = f["ship_mods"].cast<std::vector<int>>();
        wild_ = f["wild"].cast<std::vector<int>>();
        payout_ = f["payout"].cast<std::vector<int>>();
        ships_.clear();
        for (const auto& item : f["ships"].cast<py::dict>()) {
            ShipFacts sf;
            const auto d = item.second.cast<py::dict>();
            sf.needs = counts_from(d["needs"]);
            sf.unmatched = d["unmatched"].cast<int>();
            sf.room = d["room"].cast<int>();
            for (const auto& h : d["hold"].cast<py::dict>())
                sf.hold[h.first.cast<int>()] = h.second.cast<bool>();
            for (const auto& w : d["with"].cast<py::dict>())
                sf.with[w.first.cast<int>()] = counts_from(w.second);
            ships_[item.first.cast<int>()] = sf;
        }
        plays_.clear();
        for (const auto& item : f["plays"].cast<py::dict>()) {
            const auto key = item.first.cast<std::pair<int, bool>>();
            plays_[key] = item.second.cast<std::vector<std::pair<int, int>>>();
        }
    }

    void mine(int p) const {
        if (p != me) fail("the harness knows the deciding seat's facts only");
    }
    int crew_limit(int p) const override { return mine(p), crew_limit_; }
    int goods_limit(int p) const override { return goods_limits_.at(static_cast<std::size_t>(p)); }
    bool good_end_value(int p, int card, int& out) const override {
        mine(p);
        out = good_end_values_.at(card);
        return true;
    }
    bool load_to_island(int p, int& pay) const override {
        mine(p);
        pay = load_to_island_;
        return load_to_island_ >= 0;
    }
    void crew_actions_by_type(int p, int out[N_ACTIONS]) const override {
        mine(p);
        for (int a = 0; a < N_ACTIONS; ++a) out[a] = crew_actions_[a];
    }
    int level(int p, int color) const override { return mine(p), levels_[color]; }
    int draws_to(int p) const override { return mine(p), draws_to_; }
    bool end_threshold(int p, int& out) const override {
        out = end_.at(static_cast<std::size_t>(p));
        return out >= 0;
    }
    bool has_ship_mods(int p) const override { return mine(p), !ship_mods_.empty(); }
    void ship_mods(int p, std::vector<int>& out) const override {
        mine(p);
        out = ship_mods_;
    }
    int wild_colors(int p, int out[8]) const override {
        mine(p);
        int n = 0;
        for (int c : wild_) out[n++] = c;
        return n;
    }
    const ShipFacts& ship(int index) const {
        const auto found = ships_.find(index);
        if (found == ships_.end()) fail("no facts for ship " + std::to_string(index));
        return found->second;
    }
    int ship_needs(int index, int extra, ColorCounts& out) const override {
        const ShipFacts& sf = ship(index);
        if (extra < 0) {
            out = sf.needs;
            return sf.unmatched;
        }
        const auto found = sf.with.find(extra);
        if (found == sf.with.end()) fail("no facts for contract " + std::to_string(extra));
        out = found->second;
        return 0;
    }
    bool ship_can_hold(int index, int cid) const override {
        const ShipFacts& sf = ship(index);
        const auto found = sf.hold.find(cid);
        if (found == sf.hold.end()) fail("no facts for contract " + std::to_string(cid));
        return found->second;
    }
    int ship_room(int index) const override { return ship(index).room; }
    int ship_payout(int p, int containers) const override {
        mine(p);
        return payout_.at(static_cast<std::size_t>(containers));
    }
    void play_options(int p, int action, bool following,
                      std::vector<std::pair<int, int>>& out) const override {
        mine(p);
        out = plays_.at({action, following});
    }
};

// A seat's bot for one game, with the snapshot storage its views point into.
class HarnessBot {
  public:
    HarnessBot(std::shared_ptr<HarnessMatch> match, const py::dict& params)
        : match_(std::move(match)), bot_(params_from(params), match_->static_) {}

    // The index of the option chosen, and the strategy-stream draws made (0 or 1).
    std::pair<int, int> choose(const py::dict& state, const std::string& kind,
                               const std::vector<std::vector<int>>& options, int context,
                               const std::vector<int>& cargo, double uniform,
                               const std::vector<std::string>& reprs, bool before_scoring,
                               bool mine_starting) {
        load_state(state);
        Decision d;
        d.kind = kind_named(kind);
        d.player = view_.me;
        d.context = context;
        d.cargo = cargo;
        d.before_scoring = before_scoring;
        d.mine_starting = mine_starting;
        if (d.kind == Kind::POWER) {
            d.power.kind = kind;
            d.power.context = context;
            d.power.options = reprs;
        } else {
            fill_options(d, options);
        }
        FixedUniform rng{uniform, 0};
        const int index = bot_.choose(d, view_, rng);
        return {index, rng.drawn};
    }

  private:
    void load_state(const py::dict& s) {
        View& v = view_;
        v = View();
        v.tables = &match_->tables;
        v.me = s["me"].cast<int>();
        v.n = s["n"].cast<int>();
        v.turn = s["turn"].cast<int>();
        hand_ = s["hand"].cast<std::vector<CardT>>();
        credits_ = s["credits"].cast<std::vector<int>>();
        island_ = s["island"].cast<std::vector<CardT>>();
        v.hand = Cards(hand_);
        v.credits = Ints(credits_);
        v.island = Cards(island_);
        const auto ships = s["ships"].cast<py::list>();
        v.n_ships = static_cast<int>(ships.size());
        if (v.n_ships > MAX_SHIPS) fail("too many ships");
        for (int i = 0; i < v.n_ships; ++i) {
            const auto t = ships[static_cast<std::size_t>(i)].cast<py::tuple>();
            ShipStore& st = ships_[i];
            st.contracts = t[2].cast<std::vector<CardT>>();
            st.cargo = t[3].cast<std::vector<CardT>>();
            st.colors = t[4].cast<std::vector<ColorT>>();
            ShipRow& r = v.ships[i];
            r.owner = t[0].cast<int>();
            r.at_sea = t[1].cast<bool>();
            r.contracts = Cards(st.contracts);
            r.cargo = Cards(st.cargo);
            r.cargo_colors = Colors(st.colors);
        }
        const auto goods = s["goods"].cast<std::vector<std::vector<CardT>>>();
        const auto crew = s["crew"].cast<std::vector<std::vector<CardT>>>();
        const auto fulfilled = s["fulfilled"].cast<std::vector<std::vector<CardT>>>();
        const auto port = s["port"].cast<std::vector<int>>();
        for (int p = 0; p < v.n; ++p) {
            goods_[p] = goods[static_cast<std::size_t>(p)];
            crew_[p] = crew[static_cast<std::size_t>(p)];
            fulfilled_[p] = fulfilled[static_cast<std::size_t>(p)];
            v.goods[p] = Cards(goods_[p]);
            v.crew[p] = Cards(crew_[p]);
            v.fulfilled[p] = Cards(fulfilled_[p]);
            v.port[p] = port[static_cast<std::size_t>(p)];
        }
        v.mods_free = s["mods_free"].cast<bool>();
        v.end_triggered = s["end_triggered"].cast<bool>();
        if (!v.mods_free) {
            facts_.load(s["facts"].cast<py::dict>(), v.me);
            v.powers = &facts_;
        }
    }

    struct ShipStore {
        std::vector<CardT> contracts, cargo;
        std::vector<ColorT> colors;
    };

    std::shared_ptr<HarnessMatch> match_;
    HeuristicBot bot_;
    HarnessFacts facts_;
    View view_;
    std::vector<CardT> hand_, island_;
    std::vector<int> credits_;
    ShipStore ships_[MAX_SHIPS];
    std::vector<CardT> goods_[MAX_PLAYERS], crew_[MAX_PLAYERS], fulfilled_[MAX_PLAYERS];
};

}  // namespace deckhand::heur

PYBIND11_MODULE(_heur_harness, m) {
    namespace h = deckhand::heur;
    namespace py = pybind11;
    py::class_<h::HarnessMatch, std::shared_ptr<h::HarnessMatch>>(m, "Match")
        .def(py::init<const py::dict&>());
    py::class_<h::HarnessBot>(m, "Bot")
        .def(py::init<std::shared_ptr<h::HarnessMatch>, const py::dict&>())
        .def("choose", &h::HarnessBot::choose);
}
