// strategies/import_export/match_tables.py: the valuation's tables for one match (contract
// terms, card levels) and the cargo arithmetic on ship rows (`Need`, `fill`, `Port`,
// `Trial`), with rules.remaining as GameFacts answers it (without the state).
//
// The Python module keeps its results in caches across decisions and seats; they are pure
// functions of their keys, so here they are computed when asked (a decision's Table keeps
// its own).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "heuristic/common.hpp"
#include "heuristic/tables.hpp"
#include "heuristic/view.hpp"

namespace deckhand::heur {

// match_tables.Need: container needs ready for `fill`.
struct Need {
    double counts[8];  // the counts as floats: `fill` mixes them with floats
    double rainbow = 0.0;
    double total = 0.0;
    std::int8_t n_items = 0;
    std::int8_t colors[8];
    std::int8_t n_others = 0;
    std::int8_t others[5];
    std::int8_t seen[8];  // by a hand colour taken out (drop + 1): the avail variant fill reads
};

// Need.seen by the bit set of colours fill reads: seen[d + 1] = d + 1 where colour d is
// read, else 0 (seen[0], no hand colour taken out: 0)
struct SeenTable {
    std::int8_t v[128][8];
    constexpr SeenTable() : v() {
        for (int r = 0; r < 128; ++r)
            for (int d = 0; d < 7; ++d) v[r][d + 1] = static_cast<std::int8_t>((r >> d) & 1 ? d + 1 : 0);
    }
};
inline constexpr SeenTable kSeen{};

// Need.__init__ (need_of / need_from: the dict's items in its order), in one pass over
// the items: the colours read kept as a bit set, the total summed in the items' order
inline Need need_of(const ColorCounts& need) {
    Need out;
    unsigned reads = 0;  // bit c: fill reads avail[c] (a colour of the items, or of others)
    double total = 0.0;
    int rainbow = 0;
    int n_items = 0;
    for (int i = 0; i < need.n; ++i) {
        const int key = need.keys[i];
        if (key != ANY) {
            const double count = static_cast<double>(need.vals[i]);
            out.colors[n_items] = static_cast<std::int8_t>(key);
            out.counts[n_items] = count;
            ++n_items;
            total += count;
            if (key >= 0 && key < 8) reads |= 1u << key;
        } else {
            rainbow = need.vals[i];
        }
    }
    out.n_items = static_cast<std::int8_t>(n_items);
    out.rainbow = static_cast<double>(rainbow);
    if (rainbow != 0) {
        int n_others = 0;
        for (int c : GOODS)
            if (need.find(c) < 0) {
                out.others[n_others++] = static_cast<std::int8_t>(c);
                reads |= 1u << c;
            }
        out.n_others = static_cast<std::int8_t>(n_others);
    }
    std::memcpy(out.seen, kSeen.v[reads & 127u], sizeof out.seen);
    out.total = total + out.rainbow;
    return out;
}

// match_tables.fill
inline double fill(const Need& need, const double* avail) {
    double got = 0.0, spare = 0.0;
    for (int i = 0; i < need.n_items; ++i) {
        const double v = need.counts[i];
        const double a = avail[need.colors[i]];
        got += a < v ? a : v;
        const double d = a - v;
        if (d > 0.0) spare += d;
    }
    const double rainbow = need.rainbow;
    if (rainbow != 0.0) {
        for (int i = 0; i < need.n_others; ++i) spare += avail[need.others[i]];
        got += spare < rainbow ? spare : rainbow;
    }
    const double total = need.total;
    return total != 0.0 ? got / total : 1.0;
}

// match_tables.Terms: a contract on an empty ship.
struct Terms {
    Need need;
    int pay = 0;
    double tempo = 1.0;
    double demand = 0.0;
};

// match_tables.Trial: a ship at port with one contract more.
struct Trial {
    Need need;
    int left = 0;
    int contracts = 0;
    int pay = 0;
    double tempo = 1.0;
    bool fits = false;
};

// cargo._match without wild colours or with the owner's (`wild`, sorted or not): give the
// containers to the needs, lowered in place; the containers matching none.
inline int match_containers(ColorCounts& need, Colors colors, const int* wild = nullptr,
                            int n_wild = 0) {
    auto is_wild = [&](int c) {
        for (int i = 0; i < n_wild; ++i)
            if (wild[i] == c) return true;
        return false;
    };
    int unmatched = 0;
    int flexible[256];
    int n_flex = 0;
    const bool plain = n_wild == 0 && !colors.contains(GREY);
    for (int color : colors) {
        if (color == PAIRED) continue;
        if (!plain && (color == GREY || is_wild(color))) {
            if (n_flex >= 256) fail("too many containers");
            flexible[n_flex++] = color;
        } else {
            const int i = need.find(color);
            if (i >= 0 && need.vals[i] > 0) {
                need.vals[i] -= 1;
            } else {
                const int a = need.find(ANY);
                if (a >= 0 && need.vals[a] > 0)
                    need.vals[a] -= 1;
                else
                    ++unmatched;
            }
        }
    }
    for (int f = 0; f < n_flex; ++f) {
        const int color = flexible[f];
        const int i = need.find(color);
        if (i >= 0 && need.vals[i] > 0) {
            need.vals[i] -= 1;
        } else if (need.any_positive()) {
            // max(need, key=lambda c: (need[c], c != ANY)): the first key of the greatest
            int best = 0;
            for (int k = 1; k < need.n; ++k) {
                const bool gt = need.vals[k] > need.vals[best] ||
                                (need.vals[k] == need.vals[best] &&
                                 (need.keys[k] != ANY) > (need.keys[best] != ANY));
                if (gt) best = k;
            }
            need.vals[best] -= 1;
        } else {
            ++unmatched;
        }
    }
    return unmatched;
}

// match_tables.MatchTables: what depends only on the rules object.
class MatchTables {
  public:
    explicit MatchTables(const BotTables& t) : tables(t) {
        // TEMPO**k (float ** int: pow of the int as a float), the same call made once
        for (int k = 0; k < TEMPOS; ++k) tempo_pow[k] = std::pow(t.k.tempo, static_cast<double>(k));
        terms.resize(t.contracts.size());
        for (std::size_t i = 0; i < t.contracts.size(); ++i) {
            const ContractData& c = t.contracts[i];
            Terms& terms_i = terms[i];
            const int n = c.cargo_total;
            terms_i.need = need_of(c.cargo);
            terms_i.pay = t.rules.payout(n);
            terms_i.tempo = tempo(n);
            // 0.6 * payout(n) / n if n else 0.0
            terms_i.demand = n ? 0.6 * static_cast<double>(t.rules.payout(n)) /
                                     static_cast<double>(n)
                               : 0.0;
        }
    }

    const BotTables& tables;
    std::vector<Terms> terms;  // by contract index
    static constexpr int TEMPOS = 64;
    double tempo_pow[TEMPOS];

    // TEMPO ** k
    double tempo(int k) const {
        return k >= 0 && k < TEMPOS ? tempo_pow[k] : std::pow(tables.k.tempo, static_cast<double>(k));
    }

    const Terms& terms_of(int cid) const {
        return terms[static_cast<std::size_t>(tables.index_of[static_cast<std::size_t>(cid)])];
    }
    const ContractData& contract(int cid) const { return tables.contract(cid); }

    int printed_payout(int containers) const { return tables.rules.payout(containers); }

    // GameFacts.remaining (cargo.remaining without the state) of a ship row, with contract
    // `extra` added (-1: none): the summed needs, lowered by the containers, and the count
    // of containers matching none.
    int remaining(const ShipRow& row, int extra, ColorCounts& need) const {
        need = ColorCounts();
        for (int cid : row.contracts) {
            const ColorCounts& cargo = tables.contract(cid).plain_cargo;
            for (int i = 0; i < cargo.n; ++i) need.add(cargo.keys[i], cargo.vals[i]);
        }
        if (extra >= 0) {
            const ColorCounts& cargo = tables.contract(extra).plain_cargo;
            for (int i = 0; i < cargo.n; ++i) need.add(cargo.keys[i], cargo.vals[i]);
        }
        return match_containers(need, row.cargo_colors);
    }

    // GameFacts.can_hold (cargo.can_hold without the state): a Legos-like contract fits any
    // ship; else its cargo, the ship's contracts' and the leftovers within the printed
    // capacity.
    bool can_hold(const ShipRow& row, int cid) const {
        if (tables.any_unlimited) {
            if (tables.is_unlimited(cid)) return true;
            for (int c : row.contracts)
                if (tables.is_unlimited(c)) return true;
        }
        ColorCounts need;
        const int unmatched = remaining(row, cid, need);
        int total = 0;
        for (int c : row.contracts) {
            const ColorCounts& cargo = tables.contract(c).plain_cargo;
            for (int i = 0; i < cargo.n; ++i) total += cargo.vals[i];
        }
        const ColorCounts& cargo = tables.contract(cid).plain_cargo;
        for (int i = 0; i < cargo.n; ++i) total += cargo.vals[i];
        return total + unmatched <= tables.rules.ship_capacity;
    }

    // MatchTables.remaining: the positive needs and the unmatched count.
    int remaining_positive(const ShipRow& row, ColorCounts& positive) const {
        ColorCounts need;
        const int unmatched = remaining(row, -1, need);
        positive = need.positive();
        return unmatched;
    }

    // _trial_of
    Trial trial_of(const ColorCounts& need, int contracts, int cargo) const {
        const ColorCounts items = need.positive();
        int left = 0;
        for (int i = 0; i < items.n; ++i) left += items.vals[i];
        Trial t;
        t.need = need_of(items);
        t.left = left;
        t.contracts = contracts;
        t.pay = printed_payout(cargo + left);
        t.tempo = tempo(left);
        t.fits = true;
        return t;
    }

    // NO_ROOM
    static Trial no_room() {
        Trial t;
        t.need = need_of(ColorCounts());
        t.fits = false;
        return t;
    }
};

// match_tables.Port: one of my ships at port.
struct Port {
    int index = -1;
    const ShipRow* row = nullptr;
    int contracts = 0;
    int total = 0;
    ColorCounts need;  // positive needs
    Need needs;
    int left = 0;
    int cargo = 0;
    int room = 0;
    double slot = 0.0;
    int pay = 0;
    double tempo = 1.0;
    bool live = false;
    // Port.trials: by contract id (kept with the port while its ship stays the same); the
    // slot of each contract's trial by its index in the table (-1: none yet). The trials'
    // room is taken on first use (a port never used costs nothing to make); a reset clears
    // only the slots it set.
    static constexpr int TRIALS = 64;
    int n_trials = 0;
    std::vector<std::int8_t> slot_of;
    std::vector<Trial> trials;  // TRIALS reserved: a kept trial never moves
    int kept_index[TRIALS];     // (read below n_trials) the table index of each kept trial

    void reset_trials(std::size_t contracts) {
        if (slot_of.size() != contracts) {
            slot_of.assign(contracts, -1);
        } else {
            for (int k = 0; k < n_trials; ++k) slot_of[static_cast<std::size_t>(kept_index[k])] = -1;
        }
        if (trials.capacity() < static_cast<std::size_t>(TRIALS)) trials.reserve(TRIALS);
        n_trials = 0;
    }
    const Trial* cached(int index) const {
        const int k = slot_of[static_cast<std::size_t>(index)];
        return k < 0 ? nullptr : &trials[static_cast<std::size_t>(k)];
    }
    // The room of a trial to keep, to be written before the next ask (none once full: the
    // next asks compute it again, as pure)
    Trial* make(int index) {
        if (n_trials >= TRIALS || n_trials >= static_cast<int>(trials.capacity())) return nullptr;
        slot_of[static_cast<std::size_t>(index)] = static_cast<std::int8_t>(n_trials);
        kept_index[n_trials] = index;
        const auto k = static_cast<std::size_t>(n_trials++);
        if (k >= trials.size()) trials.emplace_back();
        return &trials[k];
    }
};

// Port.__init__
inline void init_port(Port& port, const MatchTables& st, int index, const ShipRow& row,
                      const ColorCounts& need, int total, int room) {
    port.reset_trials(st.tables.contracts.size());
    port.live = false;
    port.index = index;
    port.row = &row;
    port.contracts = row.contracts.size();
    port.total = total;
    port.need = need;
    port.needs = need_of(need);
    int left = 0;
    for (int i = 0; i < need.n; ++i) left += need.vals[i];
    port.left = left;
    port.cargo = row.cargo.size();
    port.room = room;
    port.slot = 0.0;
    port.pay = st.printed_payout(port.cargo + port.left);
    port.tempo = st.tempo(port.left);
    if (port.left) {
        port.slot = static_cast<double>(port.pay) / static_cast<double>(port.left);
        if (port.left == 1) port.slot += st.tables.k.fulfil_bonus;
    }
}

// MatchTables.port
inline void static_port(Port& port, const MatchTables& st, int index, const ShipRow& row) {
    ColorCounts need;
    int unmatched, total;
    if (!row.contracts.empty()) {
        unmatched = st.remaining_positive(row, need);
        total = 0;
        for (int cid : row.contracts) total += st.tables.contract(cid).cargo_total;
    } else {
        unmatched = row.cargo.size();
        total = 0;
    }
    const int room = st.tables.rules.ship_capacity - total - unmatched;
    init_port(port, st, index, row, need, total, room);
}

// MatchTables.live_port: one of my ships at port as the rules see it with my powers (its
// needs, room and payout asked through the view)
inline void live_port(Port& port, const MatchTables& st, int index, const ShipRow& row,
                      const View& view) {
    ColorCounts need;
    view.powers->ship_needs(index, -1, need);
    const ColorCounts positive = need.positive();
    const int room = view.powers->ship_room(index);
    // Port(index, row, positive, 0, view.ship_room(index), view.ship_payout)
    port.reset_trials(st.tables.contracts.size());
    port.index = index;
    port.row = &row;
    port.contracts = row.contracts.size();
    port.total = 0;
    port.need = positive;
    port.needs = need_of(positive);
    int left = 0;
    for (int i = 0; i < positive.n; ++i) left += positive.vals[i];
    port.left = left;
    port.cargo = row.cargo.size();
    port.room = room;
    port.slot = 0.0;
    port.pay = view.powers->ship_payout(view.me, port.cargo + port.left);
    port.tempo = st.tempo(port.left);
    if (port.left) {
        port.slot = static_cast<double>(port.pay) / static_cast<double>(port.left);
        if (port.left == 1) port.slot += st.tables.k.fulfil_bonus;
    }
    port.live = true;
}

// MatchTables.live_trial
inline Trial live_trial(const MatchTables& st, const Port& port, int cid, const View& view) {
    if (!view.powers->ship_can_hold(port.index, cid)) return MatchTables::no_room();
    ColorCounts need;
    view.powers->ship_needs(port.index, cid, need);
    // _trial_of(need, port.contracts + 1, port.row[3], view.ship_payout)
    const ColorCounts items = need.positive();
    int left = 0;
    for (int i = 0; i < items.n; ++i) left += items.vals[i];
    Trial t;
    t.need = need_of(items);
    t.left = left;
    t.contracts = port.contracts + 1;
    t.pay = view.powers->ship_payout(view.me, port.row->cargo.size() + left);
    t.tempo = st.tempo(left);
    t.fits = true;
    return t;
}

// MatchTables.trial
inline Trial static_trial(const MatchTables& st, const Port& port, int cid, bool unlimited) {
    ColorCounts need;
    const int unmatched = st.remaining(*port.row, cid, need);
    const int total = port.total + st.tables.contract(cid).cargo_total + unmatched;
    if (unlimited || total <= st.tables.rules.ship_capacity)
        return st.trial_of(need, port.contracts + 1, port.row->cargo.size());
    return MatchTables::no_room();
}

}  // namespace deckhand::heur
