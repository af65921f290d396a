// The game's random streams, drawn exactly as simulator/core/seeding.py's GameRandom draws
// them: numpy's PCG64 (XSL-RR 128/64, numpy's default multiplier), uniforms as numpy's
// Generator.random makes them ((next64 >> 11) * 2^-53), filled 256 at a time and consumed
// from the end of the buffer (Python's list.pop()), below(n) = int(u * n).
//
// A stream starts from the PCG64 state numpy derives from SeedSequence(master_seed,
// spawn_key=(game_index, stream)): Python computes it (simulator/native/seeds.py) and
// hands the 128-bit state and increment over, so the seeding is numpy's own.
#pragma once

#include <array>
#include <cstdint>
#include <utility>

namespace deckhand {

using u128 = unsigned __int128;

inline u128 make_u128(std::uint64_t hi, std::uint64_t lo) {
    return (static_cast<u128>(hi) << 64) | static_cast<u128>(lo);
}

// numpy/random/src/pcg64/pcg64.h: pcg_setseq_128_xsl_rr_64_random_r.
struct Pcg64 {
    u128 state = 0;
    u128 inc = 0;

    static constexpr u128 kMultiplier =
        (static_cast<u128>(2549297995355413924ULL) << 64) | 4865540595714422341ULL;

    std::uint64_t next64() {
        state = state * kMultiplier + inc;
        const auto hi = static_cast<std::uint64_t>(state >> 64);
        const auto lo = static_cast<std::uint64_t>(state);
        const auto rot = static_cast<unsigned>(state >> 122);
        const std::uint64_t x = hi ^ lo;
        return (x >> rot) | (x << ((64U - rot) & 63U));
    }

    // numpy's next_double: 53 random bits scaled to [0, 1).
    double next_double() {
        return static_cast<double>(next64() >> 11) * (1.0 / 9007199254740992.0);
    }
};

// seeding.GameRandom: the buffered uniforms. `left` counts the unconsumed entries of
// `buffer`; the next draw is buffer[left - 1] (list.pop() takes the last).
class GameRandom {
  public:
    static constexpr int kBuffer = 256;

    GameRandom() = default;
    GameRandom(std::uint64_t state_hi, std::uint64_t state_lo, std::uint64_t inc_hi,
               std::uint64_t inc_lo) {
        bits_.state = make_u128(state_hi, state_lo);
        bits_.inc = make_u128(inc_hi, inc_lo);
    }

    double random() {
        if (left_ == 0) refill();
        return buffer_[static_cast<std::size_t>(--left_)];
    }

    // int(u * n) in Python: truncation of a non-negative double.
    int below(int n) { return static_cast<int>(random() * static_cast<double>(n)); }

    // seeding.GameRandom.shuffle: Fisher-Yates from the end on below(i + 1).
    template <typename Items>
    void shuffle(Items& items) {
        for (int i = static_cast<int>(items.size()) - 1; i > 0; --i) {
            const int j = below(i + 1);
            std::swap(items[static_cast<std::size_t>(i)], items[static_cast<std::size_t>(j)]);
        }
    }

  private:
    void refill() {
        for (auto& u : buffer_) u = bits_.next_double();
        left_ = kBuffer;
    }

    Pcg64 bits_{};
    std::array<double, kBuffer> buffer_{};
    int left_ = 0;
};

}  // namespace deckhand
