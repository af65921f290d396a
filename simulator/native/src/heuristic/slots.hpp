// The valuation's dicts of slot values by colour (valuation.Table.slots, the contracts'
// `demand` in Table.worth): {colour: [value, ...]} in insertion order, each list best
// first once sorted, taken from the front (list.pop(0)); `_take_slot` and
// `best_open_slot` read them in the dict's order.
#pragma once

#include <algorithm>
#include <functional>

#include "heuristic/common.hpp"

namespace deckhand::heur {

struct SlotList {
    static constexpr int CAP = 40;
    int head = 0;
    int n = 0;
    double v[CAP];  // (scratch: only [head, n) is read)

    bool nonempty() const { return head < n; }  // `if own` / `if values`
    double front() const { return v[head]; }
    void pop_front() { ++head; }
    void push(double x) {
        if (n >= CAP) fail("too many slots of one colour");
        v[n++] = x;
    }
    void push_n(double x, int k) {
        for (int i = 0; i < k; ++i) push(x);
    }
    // values.sort(reverse=True): equal floats are indistinguishable, so any stable order
    void sort_desc() { std::sort(v + head, v + n, std::greater<double>()); }
};

struct Slots {
    int n = 0;
    int keys[8];  // (only [0, n) is read)
    SlotList lists[8];

    bool empty() const { return n == 0; }  // `if slots` (a dict with a key is truthy)
    SlotList* get(int c) {
        for (int i = 0; i < n; ++i)
            if (keys[i] == c) return &lists[i];
        return nullptr;
    }
    const SlotList* get(int c) const {
        for (int i = 0; i < n; ++i)
            if (keys[i] == c) return &lists[i];
        return nullptr;
    }
    // dict.setdefault(c, [])
    SlotList& setdefault(int c) {
        SlotList* got = get(c);
        if (got) return *got;
        if (n >= 8) fail("more than 8 slot colours");
        keys[n] = c;
        lists[n].head = 0;
        lists[n].n = 0;
        return lists[n++];
    }
    // {c: v[:] for c, v in slots.items()}
    void copy_from(const Slots& o) {
        n = o.n;
        for (int i = 0; i < n; ++i) {
            keys[i] = o.keys[i];
            SlotList& d = lists[i];
            const SlotList& s = o.lists[i];
            d.head = 0;
            d.n = s.n - s.head;
            std::copy(s.v + s.head, s.v + s.n, d.v);
        }
    }
};

// valuation.best_open_slot: the best open slot of any colour (the first best in the dict's
// order), or (0, -1).
inline double best_open_slot(const Slots& slots, int& key) {
    double best = 0.0;
    key = -1;
    for (int i = 0; i < slots.n; ++i) {
        const SlotList& values = slots.lists[i];
        if (values.nonempty() && values.front() > best) {
            best = values.front();
            key = slots.keys[i];
        }
    }
    return best;
}

// valuation._take_slot: take the best open slot (own colour or rainbow; any, for a card of a
// colour wild on my ships) for a card of these colours; its value, or 0.
inline double take_slot(Slots& slots, const std::vector<int>& colors, bool flag_ok,
                        const int* wild, int n_wild) {
    if (colors.size() > 1 && !flag_ok) return 0.0;
    double best = 0.0;
    SlotList* pick = nullptr;
    if (n_wild) {
        for (int c : colors) {
            bool is_wild = false;
            for (int w = 0; w < n_wild; ++w)
                if (wild[w] == c) is_wild = true;
            if (is_wild) {
                int key;
                best = best_open_slot(slots, key);
                if (key >= 0) slots.get(key)->pop_front();
                return best;
            }
        }
    }
    SlotList* rainbow = slots.get(ANY);
    for (int c : colors) {
        if (c == GREY) continue;
        SlotList* own = slots.get(c);
        if (own && own->nonempty() && own->front() > best) {
            best = own->front();
            pick = own;
        }
        if (rainbow && rainbow->nonempty() && rainbow->front() > best) {
            best = rainbow->front();
            pick = rainbow;
        }
    }
    if (pick != nullptr) pick->pop_front();
    return best;
}

}  // namespace deckhand::heur
