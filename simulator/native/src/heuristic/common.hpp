// The native heuristic bot's small building blocks: the game's colour and action numbers
// (simulator/games/import_export/cards.py), a read-only span, the ordered small maps that
// stand for the Python dicts whose insertion order the bot's sums and ties depend on, and
// Python's max/min/slice semantics where they differ from C++'s.
//
// Every file under heuristic/ mirrors a Python module function for function, in the same
// order of floating-point operations (the build has -ffp-contract=off and no fast-math), so
// that the native bot makes the Python bot's decisions bit for bit.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>

#include "ie_core.hpp"

namespace deckhand::heur {

// cards.py: the colours and actions, as the rules core numbers them (ie_core.hpp).
using ie::ANY;
using ie::BARTER;
using ie::BLACK;
using ie::BLUE;
using ie::CONTRACT;
using ie::GREEN;
using ie::GREY;
using ie::IMPORT;
using ie::LOAD;
using ie::PAIRED;
using ie::PIRATE;
using ie::RED;
using ie::SUPPLY;
using ie::YELLOW;
constexpr int N_ACTIONS = 6;

// match_tables.GOODS: the goods colours of the five-colour set, in this order.
constexpr int GOODS[5] = {GREEN, YELLOW, BLACK, BLUE, RED};
inline bool in_goods(int c) { return c >= GREEN && c <= RED; }
// valuation.MAJORITY_COLORS = (GREEN, YELLOW, BLACK, BLUE): MAJORITY_COLORS.index(c) == c.
inline bool in_majority(int c) { return c >= GREEN && c <= BLUE; }

constexpr int MAX_PLAYERS = ie::kMaxPlayers;

[[noreturn]] inline void fail(const std::string& what) {
    throw std::logic_error("native heuristic: " + what);
}

// A power question's kind name as its dispatch compares it with the names it answers:
// the lengths first, then the bytes (a string literal's length is known when compiled),
// where std::string == const char* measures the literal and compares through the library.
struct KindText {
    const std::string& s;

    template <std::size_t N>
    bool operator==(const char (&name)[N]) const {
        return s.size() == N - 1 && std::memcmp(s.data(), name, N - 1) == 0;
    }
    template <std::size_t N>
    bool operator!=(const char (&name)[N]) const {
        return !(*this == name);
    }
};

// A read-only view of contiguous numbers (a hand, a ship's cargo, ...), pointing into the
// state's own arrays: cards and contract ids are int16, colours int8, credits int.
template <class T>
struct SpanOf {
    const T* ptr = nullptr;
    int len = 0;

    SpanOf() = default;
    SpanOf(const T* p, int n) : ptr(p), len(n) {}
    template <class V>
    explicit SpanOf(const V& v) : ptr(v.data()), len(static_cast<int>(v.size())) {}

    int size() const { return len; }
    bool empty() const { return len == 0; }
    int operator[](int i) const { return ptr[i]; }
    const T* begin() const { return ptr; }
    const T* end() const { return ptr + len; }
    bool contains(int x) const {
        for (int i = 0; i < len; ++i)
            if (ptr[i] == x) return true;
        return false;
    }
    bool operator==(const SpanOf& o) const {
        if (len != o.len) return false;
        for (int i = 0; i < len; ++i)
            if (ptr[i] != o.ptr[i]) return false;
        return true;
    }
};

using CardT = std::int16_t;   // a card, a contract id (ie::Card, ie::ContractId)
using ColorT = std::int8_t;   // a container's colour
using Cards = SpanOf<CardT>;
using Colors = SpanOf<ColorT>;
using Ints = SpanOf<int>;

// A Python dict {colour: int} of at most 8 keys, in insertion order (cargo needs).
struct ColorCounts {
    int n = 0;
    int keys[8] = {};
    int vals[8] = {};

    int find(int c) const {
        for (int i = 0; i < n; ++i)
            if (keys[i] == c) return i;
        return -1;
    }
    int get(int c, int dflt = 0) const {
        const int i = find(c);
        return i < 0 ? dflt : vals[i];
    }
    // need[c] = need.get(c, 0) + k
    void add(int c, int k) {
        const int i = find(c);
        if (i >= 0) {
            vals[i] += k;
            return;
        }
        if (n >= 8) fail("more than 8 colours in a need");
        keys[n] = c;
        vals[n] = k;
        ++n;
    }
    bool any_positive() const {
        for (int i = 0; i < n; ++i)
            if (vals[i] > 0) return true;
        return false;
    }
    // {c: v for c, v in need.items() if v > 0}
    ColorCounts positive() const {
        ColorCounts out;
        for (int i = 0; i < n; ++i)
            if (vals[i] > 0) {
                out.keys[out.n] = keys[i];
                out.vals[out.n] = vals[i];
                ++out.n;
            }
        return out;
    }
    bool operator==(const ColorCounts& o) const {
        if (n != o.n) return false;
        for (int i = 0; i < n; ++i)
            if (keys[i] != o.keys[i] || vals[i] != o.vals[i]) return false;
        return true;
    }
};

// Python's max(a, b) and min(a, b): the first argument unless the second compares
// strictly greater (less). Differs from std::max only for equal values (the sign of a zero).
inline double py_max(double a, double b) { return b > a ? b : a; }
inline double py_min(double a, double b) { return b < a ? b : a; }
inline int py_max(int a, int b) { return b > a ? b : a; }
inline int py_min(int a, int b) { return b < a ? b : a; }

// len(seq[:k]) for a sequence of n items (a negative k counts from the end).
inline int py_slice_len(int n, int k) {
    if (k >= 0) return k < n ? k : n;
    const int m = n + k;
    return m > 0 ? m : 0;
}

// Python's a // b for ints (floor division).
inline int py_floordiv(int a, int b) {
    int q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
    return q;
}

}  // namespace deckhand::heur
