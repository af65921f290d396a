// strategies/import_export/valuation.py: every option of a decision valued in credits from
// the seat's view only. `Weights` is the bot's parameters and the values it keeps from one
// decision to the next; `Table` is one decision's valuation, each field computed on first use
// as the Python properties are (the order of first uses decides nothing but the memos the
// bot keeps across decisions, which are kept exactly as Python keeps them).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "heuristic/common.hpp"
#include "heuristic/match_tables.hpp"
#include "heuristic/slots.hpp"
#include "heuristic/tables.hpp"
#include "heuristic/view.hpp"

namespace deckhand::heur {

// valuation.credit_race
inline double credit_race(const View& view) {
    double share = 0.0;
    for (int q = 0; q < view.credits.size(); ++q) {
        int threshold;
        if (view.end_credits_for(q, threshold)) {
            const double mine =
                static_cast<double>(view.credits[q]) / static_cast<double>(threshold);
            if (mine > share) share = mine;
        }
    }
    return share;
}

// A ship row owned by a memo key (the view's rows are spans into the live state).
struct OwnedRow {
    int owner = -1;
    bool at_sea = false;
    std::vector<CardT> contracts, cargo;
    std::vector<ColorT> cargo_colors;

    void assign(const ShipRow& r) {
        owner = r.owner;
        at_sea = r.at_sea;
        contracts.assign(r.contracts.begin(), r.contracts.end());
        cargo.assign(r.cargo.begin(), r.cargo.end());
        cargo_colors.assign(r.cargo_colors.begin(), r.cargo_colors.end());
    }
    bool same(const ShipRow& r) const {
        return owner == r.owner && at_sea == r.at_sea && Cards(contracts) == r.contracts &&
               Cards(cargo) == r.cargo && Colors(cargo_colors) == r.cargo_colors;
    }
    // what a static port reads of its row: the contracts, the containers' colours and count
    bool same_static(const ShipRow& r) const {
        return static_cast<int>(cargo.size()) == r.cargo.size() &&
               Cards(contracts) == r.contracts && Colors(cargo_colors) == r.cargo_colors;
    }
};

// A hash of what a port is a function of (see Table.cached_port)
inline unsigned port_hash(const ShipRow& r, int index, const std::vector<int>& mods) {
    unsigned h = 2166136261u;
    auto mix = [&h](int x) { h = (h ^ static_cast<unsigned>(x)) * 16777619u; };
    for (int c : r.contracts) mix(c);
    mix(-1);
    for (int c : r.cargo_colors) mix(c);
    mix(r.cargo.size());
    mix(index);
    for (int m : mods) mix(m);
    return h ^ (h >> 15);
}

template <class T>
inline bool same_ints(const std::vector<T>& a, SpanOf<T> b) {
    return SpanOf<T>(a) == b;
}

// A memo key's sequence, after its length.
template <class T>
inline int* flat(int* out, SpanOf<T> items) {
    *out++ = items.size();
    for (int i = 0; i < items.size(); ++i) *out++ = items[i];
    return out;
}

// Table.worth's dict {card: worth}, in hand order, with each card's place in it by card id
// (`place`: -1 for a card not in it; a lookup is one load, not a scan of the hand).
struct WorthMap {
    std::vector<int> cards;
    std::vector<double> values;
    std::vector<int> place;  // by card id: index in `cards`, or -1

    // Set the cards (the values zeroed, to be written): the last cards' places cleared.
    void set_cards(Cards hand, int n_cards) {
        if (place.size() != static_cast<std::size_t>(n_cards))
            place.assign(static_cast<std::size_t>(n_cards), -1);
        for (int c : cards) place[static_cast<std::size_t>(c)] = -1;
        cards.assign(hand.begin(), hand.end());
        values.assign(cards.size(), 0.0);
        for (std::size_t i = 0; i < cards.size(); ++i)
            place[static_cast<std::size_t>(cards[i])] = static_cast<int>(i);
    }
    int find(int card) const {
        return card >= 0 && static_cast<std::size_t>(card) < place.size()
                   ? place[static_cast<std::size_t>(card)]
                   : -1;
    }
    double at(int card) const {
        const int i = find(card);
        if (i < 0) fail("worth of a card not in the hand");
        return values[static_cast<std::size_t>(i)];
    }
};

// valuation.Weights
class Weights {
  public:
    Weights(const Params& p, const BotTables& tables) {
        contract_bias = p.contract_bias;
        load_bias = p.load_bias;
        import_bias = p.import_bias;
        pirate_bias = p.pirate_bias;
        supply_bias = p.supply_bias;
        bid_share = p.bid_share;
        collect = p.collect;
        deny = p.deny;
        draw = p.draw;
        race = p.race;
        pref[0] = supply_bias;
        pref[1] = import_bias;
        pref[2] = contract_bias;
        pref[3] = load_bias;
        pref[4] = pirate_bias;
        pref[5] = 0.0;
        bonus = tables.k.fulfil_bonus * (1.0 + 0.5 * collect);
        for (int a = 0; a < N_ACTIONS; ++a)
            crew_taste[a] = 1.0 + 3.0 * pref[a] * (a == SUPPLY ? 0.5 : 1.0);
        least_costs = load_bias >= 0 || contract_bias >= 0;
        // Weights.taste: by card, 0.3 * pref[action]
        taste.resize(static_cast<std::size_t>(tables.n_cards));
        for (int c = 0; c < tables.n_cards; ++c)
            taste[static_cast<std::size_t>(c)] =
                0.3 * pref[tables.actions[static_cast<std::size_t>(c)]];
    }

    double contract_bias, load_bias, import_bias, pirate_bias, supply_bias;
    double bid_share, collect, deny, draw, race;
    double pref[N_ACTIONS];
    double bonus;
    double crew_taste[N_ACTIONS];
    bool least_costs;
    std::vector<double> taste;
    // The heuristic's flags (IEHeuristic.__init__)
    bool rules_ships = true;
    bool rules_seats = true;
    bool rules_crew = true;

    // worth_memo: the last hand worth and the table it was computed on, by seat (one bot
    // may serve every seat in turn: an mcts rollout). The key is by content (what worth
    // reads), so a seat's memo kept while others play holds what a recomputation gives.
    // `worth_memo_set` false (new_view) drops every seat's.
    bool worth_memo_set = false;
    struct WorthMemo {
        bool set = false;
        std::vector<int> key;  // (hand, my credits, my rows at port, the rows at sea,
                               // island, my goods, my crew, ship_mods) flattened, each
                               // sequence after its length (Table.memo_key_matches)
        WorthMap worth;
    };
    WorthMemo worth_memos[MAX_PLAYERS];
    std::vector<int> key_scratch;
    std::vector<int> ship_mods_scratch;  // a decision's Table.ship_mods values (its capacity kept)

    // My ports as MatchTables keeps them across decisions, with their trials: a static port
    // (`port`) by its row's contracts, container colours and count (a pure function of
    // them: any ship of any seat with that row shares it), a live one (`live_port`) by ship
    // index, row and my ship modifiers. Kept in sets of ways by a hash of the key; one bot
    // may serve every seat (an mcts rollout), and a ports() call never evicts nor hands out
    // twice a port it already handed out (`stamp`: the call that last handed it out).
    struct PortCacheEntry {
        bool valid = false;
        bool live = false;
        unsigned hash = 0;
        unsigned stamp = 0;
        int index = -1;
        OwnedRow row;
        std::vector<int> mods;
        Port port;
    };
    static constexpr int kPortSets = 16, kPortWays = 4;
    static constexpr int kPortCache = kPortSets * kPortWays;
    static_assert(kPortCache - kPortWays >= MAX_PORTS, "a ports() call's ports fit");
    PortCacheEntry port_cache[kPortCache];
    int port_cache_next[kPortSets] = {};
    unsigned port_stamp = 0;

    // levels_memo (Table._level_memo): missing levels by contract index and levels by colour,
    // kept while my goods, crew and fulfilled contracts stay the same. Python keys it by the
    // view too (one memo, lost at each new view and seat: an mcts rollout's bot serves every
    // seat of every copy); here each seat keeps its own, keyed by content: the seat, my port
    // and what Python's key holds. My levels are a function of that (limits.level: my goods,
    // my port, and the level keys my fulfilled contracts' powers set: Volkswagen, Joe
    // Wiggins), so a memo kept across views holds what a recomputation gives.
    struct LevelsMemo {
        bool set = false;
        std::vector<int> key;      // (my port, my goods, my crew, my fulfilled) flattened
        std::vector<int> missing;  // by contract index, known where its stamp is the memo's
        std::vector<unsigned> stamp;  // by contract index: the generation it was set in
        unsigned generation = 0;      // (a new key starts a generation: no refill)
        int levels[8] = {};           // by colour, -1 unknown
    };
    LevelsMemo levels_memos[MAX_PLAYERS];  // by seat
    std::vector<int> levels_scratch;
};

// Table.best_contract's answer: (value, contract id, missing levels, ship index).
struct Best {
    double value = 0.0;
    int cid = -1;
    int missing = 0;
    int where = -1;
};

// What declares an action: a card (b == -1) or two cards of one colour.
// (No member initializers: arrays of plays are scratch space; `NO_PLAY` excludes nothing.)
struct Play {
    int a;
    int b;
    bool pair() const { return b >= 0; }
    bool operator==(const Play& o) const { return a == o.a && b == o.b; }
};
constexpr Play NO_PLAY{-1, -1};

// A decision's plays (Table.play_options), read only.
struct PlaySpan {
    const Play* ptr = nullptr;
    int n = 0;
    const Play* begin() const { return ptr; }
    const Play* end() const { return ptr + n; }
};

// valuation._share
inline double share_of(int mine, int other, int amount) {
    if (mine <= 0 || mine < other) return 0.0;
    if (mine > other) return static_cast<double>(amount);
    return static_cast<double>(-py_floordiv(-amount, 2));
}

// Table.ports: my ships at port, in ship order (the ports live in the bot's cache)
struct PortList {
    Port* items[MAX_PORTS];
    int n = 0;
    Port** begin() { return items; }
    Port** end() { return items + n; }
};

// valuation.Table
class Table {
  public:
    Table(Weights& w, const View& v, const MatchTables& st)
        : weights(w), view(v), static_(st), tables(st.tables), me(v.me),
          ship_mods_values_(w.ship_mods_scratch) {
        hand = v.hand;
        credits = v.credits;
        bonus = w.bonus;
    }

    Weights& weights;
    const View& view;
    const MatchTables& static_;
    const BotTables& tables;
    int me;
    double bonus;
    Cards hand;
    Ints credits;

    int color_of(int card) const { return tables.color[static_cast<std::size_t>(card)]; }
    int action_of(int card) const { return tables.actions[static_cast<std::size_t>(card)]; }
    const std::vector<int>& colors_of(int card) const {
        return tables.colors[static_cast<std::size_t>(card)];
    }

    // ------------------------------------------------------------------ view fields

    int n_rows() const { return view.n_ships; }
    const ShipRow& row(int i) const { return view.ships[i]; }
    Cards island() const { return view.island; }

    int crew_room() {
        if (!have_crew_room_) {
            crew_room_ = view.crew_room();
            have_crew_room_ = true;
        }
        return crew_room_;
    }
    int goods_room() {
        if (!have_goods_room_) {
            goods_room_ = view.goods_room();
            have_goods_room_ = true;
        }
        return goods_room_;
    }
    Cards my_goods() const { return view.goods[me]; }
    Cards my_crew() const { return view.crew[me]; }

    const int* hand_colors() {
        if (!have_hc_) make_hand_colors();
        return hc_;
    }
    [[gnu::noinline]] void make_hand_colors() {
        for (int& x : hc_) x = 0;
        for (int c : hand) hc_[color_of(c)] += 1;
        have_hc_ = true;
    }

    // Table.sea: per colour, the containers on ships at sea and the cards on the island
    const int* sea() {
        if (!have_sea_) make_sea();
        return sea_;
    }
    [[gnu::noinline]] void make_sea() {
        for (int& x : sea_) x = 0;
        for (int i = 0; i < n_rows(); ++i) {
            const ShipRow& r = row(i);
            if (r.at_sea)
                for (int c : r.cargo_colors)
                    if (c != GREY) sea_[c] += 1;
        }
        for (int card : island()) sea_[color_of(card)] += 1;
        have_sea_ = true;
    }

    // Table.ship_mods (rules_ships): whether my powers change my ships (their values:
    // `ship_mods_values_`, the worth memo's key)
    bool ship_mods() {
        if (!have_ship_mods_) {
            if (weights.rules_ships) view.ship_mods(ship_mods_values_);
            else ship_mods_values_.clear();
            ship_mods_ = !ship_mods_values_.empty();
            have_ship_mods_ = true;
        }
        return ship_mods_;
    }

    // Table.wild: container colours wild on my ships
    void wild(const int*& ptr, int& n) {
        if (!have_wild_) {
            n_wild_ = 0;
            if (ship_mods()) n_wild_ = view.wild_colors(wild_);
            have_wild_ = true;
        }
        ptr = wild_;
        n = n_wild_;
    }
    bool is_wild(int c) {
        const int* w;
        int n;
        wild(w, n);
        for (int i = 0; i < n; ++i)
            if (w[i] == c) return true;
        return false;
    }

    // Table.ports: my ships at port, in ship order (static_port, or live_port where my powers
    // change my ships or a Legos-like contract is on one), kept across decisions in the bot
    PortList& ports() {
        if (!have_ports_) make_ports();
        return ports_;
    }
    [[gnu::noinline]] void make_ports() {
        const bool mods = ship_mods();
        const unsigned stamp = ++weights.port_stamp;
        ports_.n = 0;
        for (int i = 0; i < n_rows(); ++i) {
            const ShipRow& r = row(i);
            if (r.owner == me && !r.at_sea) {
                if (ports_.n >= MAX_PORTS) fail("more than 16 ships of one player at port");
                ports_.items[ports_.n++] = cached_port(i, r, mods, stamp);
            }
        }
        have_ports_ = true;
    }

    Port* cached_port(int i, const ShipRow& r, bool mods, unsigned stamp) {
        Weights& w = weights;
        bool unl = false;
        if (tables.any_unlimited && weights.rules_ships)  // (classic: no Legos-like trials)
            for (int cid : r.contracts)
                if (tables.is_unlimited(cid)) unl = true;
        const bool live = mods || unl;
        const unsigned h = port_hash(r, live ? i : -1, ship_mods_values_);
        const int set = static_cast<int>(h & static_cast<unsigned>(Weights::kPortSets - 1));
        Weights::PortCacheEntry* ways = &w.port_cache[set * Weights::kPortWays];
        for (int k = 0; k < Weights::kPortWays; ++k) {
            Weights::PortCacheEntry& e = ways[k];
            if (e.valid && e.hash == h && e.stamp != stamp && e.live == live &&
                (live ? e.index == i && e.row.same(r) : e.row.same_static(r)) &&
                e.mods == ship_mods_values_) {
                e.stamp = stamp;
                e.index = i;
                e.port.index = i;
                e.port.row = &r;
                return &e.port;
            }
        }
        Weights::PortCacheEntry* slot = nullptr;
        for (int k = 0; k < Weights::kPortWays && slot == nullptr; ++k)
            if (!ways[k].valid) slot = &ways[k];
        for (int k = 0; k < Weights::kPortWays && slot == nullptr; ++k) {
            Weights::PortCacheEntry& e = ways[w.port_cache_next[set]];
            w.port_cache_next[set] = (w.port_cache_next[set] + 1) % Weights::kPortWays;
            if (e.stamp != stamp) slot = &e;
        }
        for (int k = 0; k < Weights::kPortCache && slot == nullptr; ++k)  // (every way handed out)
            if (w.port_cache[k].stamp != stamp) slot = &w.port_cache[k];
        if (live)
            live_port(slot->port, static_, i, r, view);
        else
            static_port(slot->port, static_, i, r);
        slot->valid = true;
        slot->live = live;
        slot->hash = h;
        slot->stamp = stamp;
        slot->index = i;
        slot->row.assign(r);
        slot->mods = ship_mods_values_;
        return &slot->port;
    }

    // Table.trial
    const Trial& trial(Port& port, int cid) {
        const int index = tables.index_of[static_cast<std::size_t>(cid)];
        if (!port.live && weights.rules_ships && tables.is_unlimited(cid)) {
            scratch_trial_ = static_trial(static_, port, cid, true);
            return scratch_trial_;
        }
        const Trial* got = port.cached(index);
        if (got) return *got;
        Trial* kept = port.make(index);  // (none once full: computed again when asked)
        Trial& out = kept ? *kept : scratch_trial_;
        out = port.live ? live_trial(static_, port, cid, view) : static_trial(static_, port, cid, false);
        return out;
    }

    // Table.crew_actions
    const int* crew_actions() {
        if (!have_ca_) make_crew_actions();
        return ca_;
    }
    [[gnu::noinline]] void make_crew_actions() {
        if (weights.rules_crew) {
            view.crew_actions_by_type(ca_);
        } else {
            for (int& x : ca_) x = 0;
            for (int card : my_crew()) ca_[action_of(card)] += 1;
        }
        have_ca_ = true;
    }

    // Table.sea_weight
    double sea_weight() {
        if (!have_sea_weight_) {
            sea_weight_ = py_min(0.9, 0.3 + 0.25 * weights.pirate_bias +
                                          0.1 * static_cast<double>(crew_actions()[PIRATE]));
            have_sea_weight_ = true;
        }
        return sea_weight_;
    }

    // Table._level_memo
    void level_memo() {
        const Cards goods = my_goods(), crew = my_crew(), fulfilled = view.fulfilled[me];
        const std::size_t size =
            static_cast<std::size_t>(4 + goods.size() + crew.size() + fulfilled.size());
        Weights::LevelsMemo& m = weights.levels_memos[me];
        // the kept key compared in place (the key is built only where it differs)
        bool same = m.set && m.key.size() == size && m.key[0] == view.port[me];
        const int* k = m.key.data() + 1;
        for (Cards part : {goods, crew, fulfilled}) {
            if (!same) break;
            if (*k++ != part.size()) {
                same = false;
                break;
            }
            for (int i = 0; i < part.size(); ++i)
                if (*k++ != part[i]) {
                    same = false;
                    break;
                }
        }
        if (!same) {
            std::vector<int>& key = weights.levels_scratch;
            key.resize(size);
            int* out = key.data();
            *out++ = view.port[me];
            out = flat(out, goods);
            out = flat(out, crew);
            flat(out, fulfilled);
            m.set = true;
            m.key.swap(key);
            if (m.missing.size() != tables.contracts.size()) {
                m.missing.assign(tables.contracts.size(), -1);
                m.stamp.assign(tables.contracts.size(), 0);
                m.generation = 0;
            }
            if (++m.generation == 0) {  // (wrapped: every stamp is stale again)
                std::fill(m.stamp.begin(), m.stamp.end(), 0u);
                m.generation = 1;
            }
            for (int& x : m.levels) x = -1;
        }
        levels_ = &m;
    }

    // Table.missing_levels
    int missing_levels(int cid) {
        const auto index = static_cast<std::size_t>(tables.index_of[static_cast<std::size_t>(cid)]);
        if (levels_ != nullptr && levels_->stamp[index] == levels_->generation)
            return levels_->missing[index];
        return make_missing_levels(cid, index);
    }
    [[gnu::noinline]] int make_missing_levels(int cid, std::size_t index) {
        if (levels_ == nullptr) level_memo();
        Weights::LevelsMemo& m = *levels_;
        if (m.stamp[index] != m.generation) {
            // view.missing_levels(cid), its levels read through the memo (the same ints)
            const ContractData& c = tables.contract(cid);
            int total = 0;
            for (int i = 0; i < c.level.n; ++i) {
                const int gap = c.level.vals[i] - level(c.level.keys[i]);
                total += gap > 0 ? gap : 0;
            }
            m.missing[index] = total;
            m.stamp[index] = m.generation;
        }
        return m.missing[index];
    }

    // Table.level
    int level(int color) {
        if (levels_ == nullptr) level_memo();
        int& slot = levels_->levels[color];
        if (slot < 0) slot = view.level(color);
        return slot;
    }

    // ------------------------------------------------------------------ availability

    // Table.avail
    const double* avail(int drop) {
        if (!have_avail_[drop + 1]) {
            if (!have_avail_[0]) {  // (hand_colors, sea and sea_weight kept from here on)
                const int* hc = hand_colors();
                const int* by_color = sea();
                const double weight = sea_weight();
                for (int c = 0; c < 7; ++c)
                    avail_[0][c] = static_cast<double>(hc[c]) +
                                   weight * static_cast<double>(by_color[c]) + 0.35;
                have_avail_[0] = true;
            }
            if (drop < 0) return avail_[0];
            for (int c = 0; c < 7; ++c) avail_[drop + 1][c] = avail_[0][c];
            avail_[drop + 1][drop] = static_cast<double>(hc_[drop] - 1) +
                                     sea_weight_ * static_cast<double>(sea_[drop]) + 0.35;
            have_avail_[drop + 1] = true;
        }
        return avail_[drop + 1];
    }
    // `avails[seen] or self.avail(seen - 1)`
    const double* avail_seen(int seen) {
        return have_avail_[seen] ? avail_[seen] : avail(seen - 1);
    }

    // ------------------------------------------------------------------ contracts

    // Table.contract_value: false where the ship cannot hold the contract (None)
    bool contract_value(int cid, Port& port, int drop, double& out) {
        const Trial& t = trial(port, cid);
        if (!t.fits) return false;
        out = placed(t, port, drop);
        return true;
    }

    // Table._placed
    double placed(const Trial& trial, const Port& port, int drop) {
        double new_;
        if (trial.left) {
            const Need& need = trial.need;
            const int seen = need.seen[drop + 1];
            const double* av = avail_seen(seen);
            const double gain =
                static_cast<double>(trial.pay) + static_cast<double>(trial.contracts) * bonus;
            new_ = gain * fill(need, av) * trial.tempo;
        } else {
            new_ = static_cast<double>(trial.pay) + static_cast<double>(trial.contracts) * bonus;
        }
        const Need& need = port.needs;
        const int seen = need.seen[drop + 1];
        const int old_key = port.index * 8 + seen;
        for (int i = 0; i < n_olds_; ++i)
            if (olds_key_[i] == old_key) return new_ - olds_val_[i];
        double old = 0.0;
        if (port.left) {
            const double gain =
                static_cast<double>(port.pay) + static_cast<double>(port.contracts) * bonus;
            const double* av = avail_seen(seen);
            old = gain * fill(need, av) * port.tempo;
        }
        if (n_olds_ < OLDS) {
            olds_key_[n_olds_] = old_key;
            olds_val_[n_olds_++] = old;
        }
        return new_ - old;
    }

    // Table.island_worth (Barter)
    double island_worth(int card) {
        const Slots& sl = slots();
        const SlotList* rainbow = sl.get(ANY);
        double load = 0.0;
        for (int c : colors_of(card)) {
            if (is_wild(c)) {
                int key;
                load = py_max(load, best_open_slot(sl, key));
            } else if (c != GREY) {
                const SlotList* own = sl.get(c);
                if (own && own->nonempty() && own->front() > load) load = own->front();
                if (rainbow && rainbow->nonempty() && rainbow->front() > load)
                    load = rainbow->front();
            }
        }
        const double contract = best_contract(card, -1, 1 + crew_actions()[CONTRACT]).value;
        const double use = py_max(weights.load_bias * load, weights.contract_bias * contract);
        return tables.k.hold * use + 0.3 * weights.pref[action_of(card)];
    }

    // Table.home_value
    double home_value() {
        if (!have_home_) {
            double home = 0.5;
            bool room = false;
            for (const Port* p : ports())
                if (p->room >= 2) room = true;
            if (!hand.empty() && !room) {
                double best = 0.0;
                const int budget = 1 + crew_actions()[CONTRACT];
                for (int card : hand) {
                    const int drop = color_of(card);
                    for (int cid : tables.card_contracts[static_cast<std::size_t>(card)]) {
                        const Terms& t = static_.terms_of(cid);
                        const double* av = avail(t.need.seen[drop + 1] - 1);
                        double value = (static_cast<double>(t.pay) + bonus) * fill(t.need, av) *
                                       t.tempo;
                        if (missing_levels(cid) >= budget) value *= 0.3;
                        best = py_max(best, value);
                    }
                }
                home += weights.contract_bias * best;
            }
            home_ = home;
            have_home_ = true;
        }
        return home_;
    }

    // Table.best_contract
    Best best_contract(int card, int drop, int budget, int skip = -1) {
        if (!have_best_heads_) {
            std::memset(best_head_, -1, sizeof best_head_);
            have_best_heads_ = true;
        }
        const unsigned bucket = best_bucket(card, drop, budget, skip);
        for (int i = best_head_[bucket]; i >= 0; i = best_next_[i]) {
            const BestEntry& e = best_memo_[i];
            if (e.card == card && e.drop == drop && e.budget == budget && e.skip == skip) {
                Best b;
                b.value = e.value;
                b.cid = e.cid;
                b.missing = e.missing;
                b.where = e.where;
                return b;
            }
        }
        Best best;
        PortList& ps = ports();
        if (levels_ == nullptr) level_memo();
        for (int cid : tables.card_contracts[static_cast<std::size_t>(card)]) {
            const Terms& t = static_.terms_of(cid);
            const int missing = missing_levels(cid);
            double value = 0.0;
            int where = -1;
            for (Port* pp : ps) {
                Port& port = *pp;
                const int index = port.index;
                if (index != skip) {
                    const Trial& tr = trial(port, cid);
                    if (tr.fits) {
                        const double v = placed(tr, port, drop);
                        if (where < 0 || v > value) {
                            value = v;
                            where = index;
                        }
                    }
                }
            }
            if (where < 0) {
                const double gain = static_cast<double>(t.pay) + bonus;
                const int seen = t.need.seen[drop + 1];
                const double* av = avail_seen(seen);
                value = 0.3 * gain * fill(t.need, av) * t.tempo;
            }
            if (missing >= budget) value *= 0.3;
            if (value > best.value) {
                best.value = value;
                best.cid = cid;
                best.missing = missing;
                best.where = where;
            }
        }
        if (n_best_ < BESTS) {
            best_memo_[n_best_] =
                BestEntry{card, drop, budget, skip, best.value, best.cid, best.missing, best.where};
            best_next_[n_best_] = best_head_[bucket];
            best_head_[bucket] = static_cast<std::int8_t>(n_best_);
            ++n_best_;
        }
        return best;
    }

    // ------------------------------------------------------------------ hand worth

    // Table.slots: per colour, the value of each uncovered container need at my ports
    const Slots& slots() {
        if (!have_slots_) make_slots();
        return slots_;
    }
    [[gnu::noinline]] void make_slots() {
        slots_.n = 0;
        for (const Port* port : ports())
            for (int i = 0; i < port->need.n; ++i)
                slots_.setdefault(port->need.keys[i]).push_n(port->slot, port->need.vals[i]);
        for (int i = 0; i < slots_.n; ++i) slots_.lists[i].sort_desc();
        have_slots_ = true;
    }

    // Table.worth: what keeping each hand card is worth
    const WorthMap& worth() {
        if (worth_ != nullptr) return *worth_;
        Weights& w = weights;
        // the key: (view, hand, rows, island, credits, my_goods, my_crew, ship_mods)
        ship_mods();  // (its values are in the key)
        const bool flag_ok = credits[me] >= tables.rules.flag_load_cost;
        if (memo_key_matches(flag_ok)) {
            worth_ = &w.worth_memos[me].worth;
            return *worth_;
        }
        const Slots& sl = slots();
        const int* wl;
        int nw;
        wild(wl, nw);
        const int nh = hand.size();
        constexpr int HANDS = 256;
        double load[HANDS];
        if (nh > HANDS) fail("hand too large");
        if (!sl.empty()) {
            Slots copy;
            copy.copy_from(sl);
            for (int i = 0; i < nh; ++i) load[i] = take_slot(copy, colors_of(hand[i]), flag_ok, wl, nw);
        } else {
            for (int i = 0; i < nh; ++i) load[i] = 0.0;
        }
        const int budget = 1 + crew_actions()[CONTRACT];
        struct Offer {
            double value;
            int card;
            int cid;
            int hand_index;
        };
        Offer offers[HANDS];
        for (int i = 0; i < nh; ++i) {
            const int card = hand[i];
            const Best b = best_contract(card, color_of(card), budget);
            offers[i] = {b.value, card, b.cid, i};
        }
        // offers.sort(reverse=True): by value, then card (cards are unique)
        std::sort(offers, offers + nh, [](const Offer& x, const Offer& y) {
            if (x.value != y.value) return x.value > y.value;
            return x.card > y.card;
        });
        int places = 0;
        for (const Port* p : ports())
            if (p->room >= 2) ++places;
        places = py_max(1, places);
        double contract[HANDS];
        bool kept[HANDS];
        for (int i = 0; i < nh; ++i) kept[i] = false;
        Slots demand;
        int rank = 0;
        for (int k = 0; k < nh; ++k) {
            const Offer& o = offers[k];
            if (rank < places && o.value > 0) {
                contract[o.hand_index] = o.value;
                kept[o.hand_index] = true;
                const double per = static_.terms_of(o.cid).demand;
                const ColorCounts& cargo = tables.contract(o.cid).cargo;
                for (int i = 0; i < cargo.n; ++i) demand.setdefault(cargo.keys[i]).push_n(per, cargo.vals[i]);
            } else {
                contract[o.hand_index] = 0.3 * o.value;
            }
            ++rank;
        }
        for (int i = 0; i < demand.n; ++i) demand.lists[i].sort_desc();
        Weights::WorthMemo& memo = w.worth_memos[me];
        WorthMap& out = memo.worth;
        out.set_cards(hand, tables.n_cards);
        const double load_bias = w.load_bias, contract_bias = w.contract_bias;
        for (int i = 0; i < nh; ++i) {
            const int card = hand[i];
            double held = load[i];
            if (!demand.empty() && !kept[i]) {
                const double support = take_slot(demand, colors_of(card), flag_ok, wl, nw);
                if (support > held) held = support;
            }
            const double a = load_bias * held, b = contract_bias * contract[i];
            out.values[static_cast<std::size_t>(i)] =
                tables.k.hold * (a >= b ? a : b) + w.taste[static_cast<std::size_t>(card)];
        }
        // w.worth_memo = (key, worth)
        if (!w.worth_memo_set) {  // (a new view: the other seats' memos are dropped)
            for (Weights::WorthMemo& m : w.worth_memos) m.set = false;
            w.worth_memo_set = true;
        }
        memo.set = true;
        memo.key.swap(w.key_scratch);  // (the key built by memo_key_matches)
        worth_ = &out;
        return out;
    }

    // Table.card_worth
    double card_worth(int card) {
        if (hand.empty()) return 0.0;
        const WorthMap& w = worth();
        const int i = w.find(card);
        return i < 0 ? 0.0 : w.values[static_cast<std::size_t>(i)];
    }

    double worth_of(const Play& p) {
        const WorthMap& w = worth();
        return p.pair() ? w.at(p.a) + w.at(p.b) : w.at(p.a);
    }

    // Table.cheapest_play
    std::pair<Play, double> cheapest_play(PlaySpan options) {
        Play best = options.ptr[0];
        double cost = std::numeric_limits<double>::infinity();
        const WorthMap& w = worth();
        for (int i = 0; i < options.n; ++i) {
            const Play& o = options.ptr[i];
            const double c = o.pair() ? w.at(o.a) + w.at(o.b) : w.at(o.a);
            if (c < cost) {
                best = o;
                cost = c;
            }
        }
        return {best, cost};
    }

    // Table.play_options: my cards of the action in hand order, else same-colour pairs in
    // hand order, else the ways my powers give (the view's)
    PlaySpan play_options(int action, bool following = false) {
        if (!have_by_action_) {
            for (int& n : n_by_action_) n = 0;
            for (int c : hand) {
                const int a = action_of(c);
                if (n_by_action_[a] >= HAND) fail("a hand too large");
                by_action_[a][n_by_action_[a]++] = Play{c, -1};
            }
            have_by_action_ = true;
        }
        if (n_by_action_[action]) return PlaySpan{by_action_[action], n_by_action_[action]};
        if (!have_pairs_) {
            n_pairs_ = 0;
            for (int i = 0; i < hand.size(); ++i)
                for (int j = i + 1; j < hand.size(); ++j)
                    if (color_of(hand[i]) == color_of(hand[j])) {
                        if (n_pairs_ >= PAIRS) fail("a hand too large");
                        pairs_[n_pairs_++] = Play{hand[i], hand[j]};
                    }
            have_pairs_ = true;
        }
        if (n_pairs_) return PlaySpan{pairs_, n_pairs_};
        std::vector<std::pair<int, int>> raw;
        view.play_options(action, following, raw);
        view_plays_.clear();
        for (const auto& r : raw) view_plays_.push_back(Play{r.first, r.second});
        return PlaySpan{view_plays_.data(), static_cast<int>(view_plays_.size())};
    }

    // ------------------------------------------------------------------ goods and crew

    // Table.goods_counts: per player, goods per colour
    const int* goods_counts(int p) {
        if (!have_goods_counts_) make_goods_counts();
        return goods_counts_[p];
    }
    [[gnu::noinline]] void make_goods_counts() {
        for (int q = 0; q < view.n; ++q) {
            int* c = goods_counts_[q];
            for (int k = 0; k < 6; ++k) c[k] = 0;
            for (int card : view.goods[q]) c[color_of(card)] += 1;
        }
        have_goods_counts_ = true;
    }

    // Table.rival_most
    const int* rival_most() {
        if (!have_rival_most_) {
            for (int& x : rival_most_) x = 0;
            for (int q = 0; q < view.n; ++q) {
                if (q == me) continue;
                const int* counts = goods_counts(q);
                for (int c = 0; c < 6; ++c)
                    if (counts[c] > rival_most_[c]) rival_most_[c] = counts[c];
            }
            have_rival_most_ = true;
        }
        return rival_most_;
    }

    // Table.empty_goods: the set colours I have none of (a bitmask) and how many
    int empty_goods_count() {
        empty_goods_mask();
        return n_empty_;
    }
    unsigned empty_goods_mask() {
        if (!have_empty_) {
            const int* mine = goods_counts(me);
            empty_ = 0;
            n_empty_ = 0;
            for (int c : GOODS)
                if (mine[c] == 0) {
                    empty_ |= 1u << c;
                    ++n_empty_;
                }
            have_empty_ = true;
        }
        return empty_;
    }

    // Table.level_wants: levels still missing, per colour, for the contracts in my hand
    int level_want(int color) {
        if (!have_level_wants_) {
            for (int& x : level_wants_) x = 0;
            for (int card : hand)
                for (int cid : tables.card_contracts[static_cast<std::size_t>(card)]) {
                    const ColorCounts& lv = tables.contract(cid).level;
                    for (int i = 0; i < lv.n; ++i) {
                        const int c = lv.keys[i];
                        const int gap = lv.vals[i] - level(c);
                        if (gap > 0) level_wants_[c] = py_max(level_wants_[c], gap);
                    }
                }
            have_level_wants_ = true;
        }
        return level_wants_[color];
    }

    // Table.late
    double late() {
        if (!have_late_) make_late();
        return late_;
    }
    [[gnu::noinline]] void make_late() {
        if (weights.rules_seats) {
            late_ = credit_race(view);
        } else {
            int most = credits[0];
            for (int c : credits) most = py_max(most, c);
            late_ = static_cast<double>(most) / static_cast<double>(tables.rules.end_credits);
        }
        have_late_ = true;
    }

    // Table.draws_to
    int draws_to() {
        if (weights.rules_seats) return view.draws_to();
        return tables.rules.draw_to;
    }

    // Table.goods_value
    double goods_value(int card, int room = std::numeric_limits<int>::min(), int extra = -1) {
        if (room == std::numeric_limits<int>::min()) room = goods_room();
        if (room <= 0) return 0.0;
        const int color = color_of(card);
        GoodsValues& values = goods_values(room, extra);
        if (!values.known[color]) {
            values.v[color] = goods_value_of(color, room, extra);
            values.known[color] = true;
        }
        return values.v[color];
    }

    struct GoodsValues {  // (plain: set whole where made)
        int key;
        double v[6];
        bool known[6];
    };

    // Table.goods_values
    GoodsValues& goods_values(int room, int extra) {
        const int key = room * 8 + extra + 1;
        for (int i = 0; i < n_goods_values_; ++i)
            if (goods_values_[i].key == key) return goods_values_[i];
        if (n_goods_values_ >= GOODS_VALUES) fail("too many goods value variants");
        GoodsValues& e = goods_values_[n_goods_values_++];
        e.key = key;
        for (int c = 0; c < 6; ++c) {
            e.v[c] = 0.0;
            e.known[c] = false;
        }
        if (room <= 0)
            for (bool& k : e.known) k = true;  // [0.0] * 6
        return e;
    }

    // Table._goods_value
    double goods_value_of(int color, int room, int extra) {
        Weights& w = weights;
        const int* mine = goods_counts(me);
        const int m = mine[color] + (extra == color ? 1 : 0);
        const int o = rival_most()[color];
        double value = color == RED ? 2.0 : 1.0;
        if (in_majority(color)) {
            const int bonus_ = tables.rules.majority[color];
            const double weight = 0.3 + 0.4 * py_min(1.0, late());
            value += w.collect * weight * (share_of(m + 1, o, bonus_) - share_of(m, o, bonus_));
        } else if (color == RED) {
            const int penalty = tables.rules.illegal_penalty;
            value -= share_of(m + 1, o, penalty) - share_of(m, o, penalty);
        }
        if (in_goods(color) && m == 0) {
            const unsigned empty = empty_goods_mask();
            const bool extra_empty = extra >= 0 && extra < 32 && (empty & (1u << extra));
            const int missing = empty_goods_count() - (extra_empty ? 1 : 0);
            if (room >= missing)
                value += w.collect * static_cast<double>(tables.rules.set_bonus) /
                         static_cast<double>(missing + 1);
        }
        const int gap = level_want(color) - (extra == color ? 1 : 0);
        if (gap > 0) value += w.contract_bias * (gap == 1 ? 2.0 : 1.0);
        return value;
    }

    // Table.crew_values
    const double* crew_values() {
        if (!have_crew_values_) make_crew_values();
        return crew_values_;
    }
    [[gnu::noinline]] void make_crew_values() {
        if (crew_room() <= 0) {
            for (double& x : crew_values_) x = 0.0;
        } else {
            const double l = py_max(0.2, 1.0 - late());
            for (int a = 0; a < N_ACTIONS; ++a) crew_values_[a] = weights.crew_taste[a] * l;
        }
        have_crew_values_ = true;
    }

    double crew_value(int card) { return crew_values()[action_of(card)]; }

    // Table.import_value
    double import_value(int card) { return py_max(goods_value(card), crew_value(card)); }

    // Table.ship_import_value: two cards of a ship at sea (one at most to crew), greedily
    double ship_import_value(int index) {
        if (have_ship_value_[index]) return ship_value_[index];
        const ShipRow& r = row(index);
        const Cards cargo = r.cargo;
        const double* cv = crew_values();
        int room = goods_room();
        GoodsValues* values = &goods_values(room, -1);  // (an array's entry: never moves)
        double best = 0.0;
        int first = -1;
        bool as_crew = false;
        for (int card : cargo) {
            const int c = color_of(card);
            if (!values->known[c]) {
                values->v[c] = goods_value_of(c, room, -1);
                values->known[c] = true;
            }
            const double goods = values->v[c];
            const double crew = cv[action_of(card)];
            const double top = crew > goods ? crew : goods;
            if (first < 0 || top > best) {
                best = top;
                first = card;
                as_crew = crew > goods;
            }
        }
        if (cargo.size() > 1) {
            const int extra = as_crew ? -1 : color_of(first);
            room -= as_crew ? 0 : 1;
            GoodsValues& vals = goods_values(room, extra);
            double second = 0.0;
            bool found = false;
            int skip = 1;
            for (int card : cargo) {
                if (card == first && skip) {
                    skip = 0;
                } else {
                    const int c = color_of(card);
                    if (!vals.known[c]) {
                        vals.v[c] = goods_value_of(c, room, extra);
                        vals.known[c] = true;
                    }
                    double v = vals.v[c];
                    if (!as_crew) {
                        const double crew = cv[action_of(card)];
                        if (crew > v) v = crew;
                    }
                    if (!found || v > second) {
                        second = v;
                        found = true;
                    }
                }
            }
            best += second;
        }
        if (r.owner == me) {
            best -= 1.0;
            const double home = home_value();
            best += cargo.size() <= 2 ? home : 0.3 * home;
        }
        ship_value_[index] = best;
        have_ship_value_[index] = true;
        return best;
    }

    // ------------------------------------------------------------------ scores

    // Table.estimate
    double estimate(int player) {
        const int* mine = goods_counts(player);
        int goods = 0;
        bool complete = true;
        for (int c : GOODS) {
            goods += mine[c];
            complete = complete && mine[c] > 0;
        }
        double score = static_cast<double>(credits[player]) + static_cast<double>(goods);
        score = score + static_cast<double>(mine[RED]);
        if (complete) score += static_cast<double>(tables.rules.set_bonus);
        for (int c = 0; c < 4; ++c)
            score += share_of(mine[c], most_of_others(player, c), tables.rules.majority[c]);
        score -= share_of(mine[RED], most_of_others(player, RED), tables.rules.illegal_penalty);
        return score;
    }

    // valuation._most over the other players' counts
    int most_of_others(int player, int color) {
        int most = 0;
        for (int q = 0; q < view.n; ++q) {
            if (q == player) continue;
            const int v = goods_counts(q)[color];
            if (v > most) most = v;
        }
        return most;
    }

    // Table.rival_needs: per colour, how many containers rivals' ships at port still need
    void rival_needs(int needs[7]) {
        for (int c = 0; c < 7; ++c) needs[c] = 0;
        for (int i = 0; i < n_rows(); ++i) {
            const ShipRow& r = row(i);
            if (r.owner != me && !r.at_sea && !r.contracts.empty()) {
                ColorCounts pos;
                static_.remaining_positive(r, pos);
                for (int k = 0; k < pos.n; ++k) needs[pos.keys[k]] += pos.vals[k];
            }
        }
    }

  private:
    // Build the worth memo's key of this decision into the bot's scratch, and compare it
    // with the seat's last one kept. The key holds what Table.worth reads (a pure function
    // of it): my hand, whether my credits pay the Flag's load cost, my port colour, my ships
    // at port (their index and row: the ports, their trials and slots), the containers at
    // sea and on the island by colour (Table.sea: all avail reads of them), my goods, crew
    // and fulfilled contracts (levels, crew actions) and my ship modifiers. Python's key is
    // wider (every row and every seat's credits): the memo here is kept where only what
    // worth does not read has changed, and worth's values are the same as a
    // recomputation's.
    // (compared in place with the seat's kept key, built only where it differs)
    bool memo_key_matches(bool flag_ok) {
        Weights& w = weights;
        const Weights::WorthMemo& m = w.worth_memos[me];
        if (w.worth_memo_set && m.set && key_equals(m.key, flag_ok)) return true;
        build_key(flag_ok);
        return false;
    }

    // Whether `key` is the key build_key would write, read in its order
    bool key_equals(const std::vector<int>& key, bool flag_ok) {
        const int* k = key.data();
        const int* const end = k + key.size();
        auto one = [&](int v) {
            if (k == end || *k != v) return false;
            ++k;
            return true;
        };
        auto seq = [&](auto items) {
            const int n = items.size();
            if (end - k < n + 1 || *k != n) return false;
            ++k;
            for (int i = 0; i < n; ++i)
                if (k[i] != items[i]) return false;
            k += n;
            return true;
        };
        if (!seq(hand) || !one(flag_ok ? 1 : 0) || !one(view.port[me])) return false;
        for (int i = 0; i < n_rows(); ++i) {
            const ShipRow& r = row(i);
            if (r.owner == me && !r.at_sea)
                if (!one(i) || !seq(r.contracts) || !seq(r.cargo) || !seq(r.cargo_colors))
                    return false;
        }
        if (!one(-1)) return false;
        const int* by_color = sea();
        for (int c = 0; c < 7; ++c)
            if (!one(by_color[c])) return false;
        if (!seq(my_goods()) || !seq(my_crew()) || !seq(view.fulfilled[me])) return false;
        if (!one(static_cast<int>(ship_mods_values_.size()))) return false;
        for (int v : ship_mods_values_)
            if (!one(v)) return false;
        return k == end;
    }

    // The worth memo's key of this decision, into the bot's scratch
    void build_key(bool flag_ok) {
        Weights& w = weights;
        const Cards fulfilled = view.fulfilled[me];
        std::size_t size = 17 + static_cast<std::size_t>(hand.size() + my_goods().size() +
                                                         my_crew().size() + fulfilled.size()) +
                           ship_mods_values_.size();
        for (int i = 0; i < n_rows(); ++i) {
            const ShipRow& r = row(i);
            if (r.owner == me && !r.at_sea)
                size += 5 + static_cast<std::size_t>(r.contracts.size() + r.cargo.size() +
                                                     r.cargo_colors.size());
        }
        std::vector<int>& key = w.key_scratch;
        key.resize(size);
        int* const start = key.data();
        int* out = start;
        out = flat(out, hand);
        *out++ = flag_ok ? 1 : 0;
        *out++ = view.port[me];
        for (int i = 0; i < n_rows(); ++i) {
            const ShipRow& r = row(i);
            if (r.owner == me && !r.at_sea) {
                *out++ = i;
                out = flat(out, r.contracts);
                out = flat(out, r.cargo);
                out = flat(out, r.cargo_colors);
            }
        }
        *out++ = -1;  // (the rows' end)
        const int* by_color = sea();
        for (int c = 0; c < 7; ++c) *out++ = by_color[c];
        out = flat(out, my_goods());
        out = flat(out, my_crew());
        out = flat(out, fulfilled);
        *out++ = static_cast<int>(ship_mods_values_.size());
        for (int v : ship_mods_values_) *out++ = v;
        key.resize(static_cast<std::size_t>(out - start));
    }

    struct BestEntry {  // (plain: an array of them is scratch space)
        int card, drop, budget, skip;
        double value;
        int cid, missing, where;
    };

    bool have_crew_room_ = false, have_goods_room_ = false, have_hc_ = false, have_sea_ = false;
    int crew_room_ = 0, goods_room_ = 0;
    int hc_[7];  // (read once its flag is set)
    int sea_[7];  // (read once its flag is set)
    bool have_ship_mods_ = false, ship_mods_ = false;
    std::vector<int>& ship_mods_values_;  // (the bot's scratch: read once ship_mods() is asked)
    bool have_wild_ = false;
    int wild_[8];  // (read once its flag is set)
    int n_wild_ = 0;
    bool have_ports_ = false;
    PortList ports_;
    Trial scratch_trial_;
    bool have_ca_ = false;
    int ca_[N_ACTIONS];  // (read once its flag is set)
    bool have_sea_weight_ = false;
    double sea_weight_ = 0.0;
    Weights::LevelsMemo* levels_ = nullptr;  // my levels memo, once asked
    bool have_avail_[8] = {};
    double avail_[8][7];  // (read once its flag is set)
    static constexpr int OLDS = 32;
    int n_olds_ = 0;
    int olds_key_[OLDS];
    double olds_val_[OLDS];
    bool have_home_ = false;
    double home_ = 0.0;
    static constexpr int BESTS = 96;
    int n_best_ = 0;
    BestEntry best_memo_[BESTS];
    // the memo's entries chained by a hash of their key (each key is kept once)
    static constexpr int BEST_BUCKETS = 64;
    static unsigned best_bucket(int card, int drop, int budget, int skip) {
        const auto h = static_cast<unsigned>(card) * 31u + static_cast<unsigned>(drop) * 7u +
                       static_cast<unsigned>(budget) * 3u + static_cast<unsigned>(skip);
        return h & static_cast<unsigned>(BEST_BUCKETS - 1);
    }
    bool have_best_heads_ = false;
    std::int8_t best_head_[BEST_BUCKETS];  // (set once have_best_heads_) -1: empty
    std::int8_t best_next_[BESTS];         // (read below n_best_)
    bool have_slots_ = false;
    Slots slots_;
    const WorthMap* worth_ = nullptr;
    bool have_by_action_ = false, have_pairs_ = false;
    static constexpr int HAND = 160;
    static constexpr int PAIRS = 2048;
    int n_by_action_[N_ACTIONS];
    Play by_action_[N_ACTIONS][HAND];
    int n_pairs_ = 0;
    Play pairs_[PAIRS];
    std::vector<Play> view_plays_;
    bool have_goods_counts_ = false;
    int goods_counts_[MAX_PLAYERS][6];  // (read once its flag is set)
    bool have_rival_most_ = false;
    int rival_most_[6];  // (read once its flag is set)
    bool have_empty_ = false;
    unsigned empty_ = 0;
    int n_empty_ = 0;
    bool have_level_wants_ = false;
    int level_wants_[8];  // (read once its flag is set)
    bool have_late_ = false;
    double late_ = 0.0;
    bool have_crew_values_ = false;
    double crew_values_[N_ACTIONS];  // (read once its flag is set)
    static constexpr int GOODS_VALUES = 32;
    int n_goods_values_ = 0;
    GoodsValues goods_values_[GOODS_VALUES];
    bool have_ship_value_[MAX_SHIPS] = {};
    double ship_value_[MAX_SHIPS];  // (read once its flag is set)
};

}  // namespace deckhand::heur
