// The game's random streams, drawn exactly as simulator/core/seeding.py's GameRandom draws
// them: numpy's PCG64 (XSL-RR 128/64, numpy's default multiplier), uniforms as numpy's
// Generator.random makes them ((next64 >> 11) * 2^-53), filled 256 at a time and consumed
// from the end of the buffer (Python's list.pop()), below(n) = int(u * n).
//
// A stream starts from the PCG64 state numpy derives from SeedSequence(master_seed,
// spawn_key=(game_index, stream)): Python computes it (simulator/native/seeds.py) and
// hands the 128-bit state and increment over, so the seeding is numpy's own.
#pragma once

#include <algorithm>
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

// CPython's random.Random (Modules/_randommodule.c): MT19937 seeded by init_by_array from an
// integer's 32-bit words, random() from two draws (53 bits). GameRandom.from_seed draws from
// it: a determinised copy's rules stream and a search's own stream (core/seeding.py).
struct Twister {
    // Left unset until seeded (by_genrand, by_array: every word) and twisted: a search makes
    // a stream for every iteration, and most are never drawn from.
    std::array<std::uint32_t, 624> mt;
    std::array<std::uint32_t, 624> out;  // mt tempered, as drawn
    int index = 625;

    void seed(std::uint64_t value) {  // in place (its words unset until now: never copied)
        std::array<std::uint32_t, 2> key{static_cast<std::uint32_t>(value), static_cast<std::uint32_t>(value >> 32)};
        by_short_array(key, (value >> 32) != 0 ? 2 : 1);
    }

    // by_genrand(19650218): where every init_by_array starts (computed once).
    static const std::array<std::uint32_t, 624>& array_start() {
        static const std::array<std::uint32_t, 624> start = [] {
            Twister t;
            t.by_genrand(19650218U);
            return t.mt;
        }();
        return start;
    }

    // by_array for a key of one or two words (seed's), its loops unrolled at their wraps: the
    // same words. A search seeds a stream for every copy that draws (its deck's reshuffle).
    void by_short_array(const std::array<std::uint32_t, 2>& key, int length) {
        if (length == 2) by_key<2>(key);
        else by_key<1>(key);
    }
    template <int Length>
    void by_key(const std::array<std::uint32_t, 2>& key) {
        mt = array_start();
        const std::uint32_t add0 = key[0], add1 = key[1] + 1U;  // key[j] + j
        std::uint32_t prev = mt[0];
        auto first = [&](std::size_t i, std::uint32_t add) {
            prev = mt[i] = (mt[i] ^ ((prev ^ (prev >> 30)) * 1664525U)) + add;
        };
        // the first loop: 624 steps from i = 1 (step s adds key[s % length] + s % length),
        // wrapping once after i = 623
        if (Length == 2) {
            for (std::size_t i = 1; i < 623; i += 2) {
                first(i, add0);
                first(i + 1, add1);
            }
            first(623, add0);
            mt[0] = prev;
            first(1, add1);
        } else {
#pragma GCC unroll 4
            for (std::size_t i = 1; i < 624; ++i) first(i, add0);
            mt[0] = prev;
            first(1, add0);
        }
        // the second loop: 623 steps from i = 2, wrapping once after i = 623
        auto second = [&](std::size_t i) {
            prev = mt[i] = (mt[i] ^ ((prev ^ (prev >> 30)) * 1566083941U)) - static_cast<std::uint32_t>(i);
        };
#pragma GCC unroll 4
        for (std::size_t i = 2; i < 624; ++i) second(i);
        mt[0] = prev;
        second(1);
        mt[0] = 0x80000000U;
        index = 624;
    }

    void by_genrand(std::uint32_t s) {
        mt[0] = s;
        for (index = 1; index < 624; ++index) {
            const std::uint32_t prev = mt[static_cast<std::size_t>(index - 1)];
            mt[static_cast<std::size_t>(index)] =
                1812433253U * (prev ^ (prev >> 30)) + static_cast<std::uint32_t>(index);
        }
    }

    void by_array(const std::uint32_t* key, int length) {
        by_genrand(19650218U);
        std::size_t i = 1, j = 0;
        const std::size_t n = 624, len = static_cast<std::size_t>(length);
        for (std::size_t k = n > len ? n : len; k > 0; --k) {
            mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525U)) + key[j] + static_cast<std::uint32_t>(j);
            ++i;
            ++j;
            if (i >= n) {
                mt[0] = mt[n - 1];
                i = 1;
            }
            if (j >= len) j = 0;
        }
        for (std::size_t k = n - 1; k > 0; --k) {
            mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941U)) - static_cast<std::uint32_t>(i);
            ++i;
            if (i >= n) {
                mt[0] = mt[n - 1];
                i = 1;
            }
        }
        mt[0] = 0x80000000U;
        index = 624;
    }

    // genrand_uint32's twist of the 624 words, then all of them tempered at once (`out`, the
    // words drawn): branch-free loops the compiler vectorises.
    static std::uint32_t step(std::uint32_t cur, std::uint32_t next, std::uint32_t far) {
        const std::uint32_t y = (cur & 0x80000000U) | (next & 0x7fffffffU);
        return far ^ (y >> 1) ^ ((0U - (y & 1U)) & 0x9908b0dfU);
    }
    static std::uint32_t temper(std::uint32_t y) {
        y ^= (y >> 11);
        y ^= (y << 7) & 0x9d2c5680U;
        y ^= (y << 15) & 0xefc60000U;
        y ^= (y >> 18);
        return y;
    }
    void twist() {  // each word tempered as it is twisted (one pass)
        std::size_t kk = 0;
        auto put = [this](std::size_t i, std::uint32_t word) {
            mt[i] = word;
            out[i] = temper(word);
        };
        for (; kk < 224; ++kk) put(kk, step(mt[kk], mt[kk + 1], mt[kk + 397]));  // 4 at a time
        for (; kk < 624 - 397; ++kk) put(kk, step(mt[kk], mt[kk + 1], mt[kk + 397]));
        for (; kk < 623; ++kk) put(kk, step(mt[kk], mt[kk + 1], mt[kk + 397 - 624]));
        put(623, step(mt[623], mt[0], mt[396]));
        index = 0;
    }

    std::uint32_t next32() {
        if (index >= 624) twist();
        return out[static_cast<std::size_t>(index++)];
    }

    // random_random: (a * 2^26 + b) / 2^53
    static double to_double(std::uint32_t high, std::uint32_t low) {
        return (static_cast<double>(high >> 5) * 67108864.0 + static_cast<double>(low >> 6)) * (1.0 / 9007199254740992.0);
    }
    double next_double() {
        const std::uint32_t a = next32(), b = next32();
        return to_double(a, b);
    }

    // next_double() `count` times into `into`, in order: whole pairs of words straight from
    // the tempered block (a loop the compiler vectorises), a twist between blocks.
    void fill_doubles(double* into, int count) {
        int k = 0;
        while (k < count) {
            if (index >= 624) twist();
            if (624 - index < 2) {  // a pair across two blocks (never, drawn in pairs only)
                into[k++] = next_double();
                continue;
            }
            const int take = std::min((624 - index) / 2, count - k);
            const std::uint32_t* words = out.data() + index;
            for (int t = 0; t < take; ++t) into[k + t] = to_double(words[2 * t], words[2 * t + 1]);
            index += 2 * take;
            k += take;
        }
    }
};

// seeding.GameRandom: the buffered uniforms. `left` counts the unconsumed entries of
// `buffer`; the next draw is buffer[left - 1] (list.pop() takes the last).
class GameRandom {
  public:
    static constexpr int kBuffer = 256;

    GameRandom() = default;
    // A copy copies what the stream will read: the numbers left in the buffer (drawn from its
    // end) and the twister's state once seeded (a state is copied for every search iteration).
    GameRandom(const GameRandom& other) { *this = other; }
    GameRandom& operator=(const GameRandom& other) {
        if (this == &other) return *this;
        bits_ = other.bits_;
        left_ = other.left_;
        twister_ = other.twister_;
        seeded_ = other.seeded_;
        seed_ = other.seed_;
        std::copy(other.buffer_.begin(), other.buffer_.begin() + left_, buffer_.begin());
        if (twister_ && seeded_) mt_ = other.mt_;
        return *this;
    }
    GameRandom(std::uint64_t state_hi, std::uint64_t state_lo, std::uint64_t inc_hi,
               std::uint64_t inc_lo) {
        bits_.state = make_u128(state_hi, state_lo);
        bits_.inc = make_u128(inc_hi, inc_lo);
    }

    // seeding.GameRandom.from_seed: a stream of Python's Mersenne Twister seeded with `seed`
    // (a non-negative integer below 2^64).
    static GameRandom from_seed(std::uint64_t seed) {
        GameRandom r;
        r.twister_ = true;
        r.seed_ = seed;  // seeded at the first draw: most copies never draw their stream
        return r;
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
        if (twister_) {
            if (!seeded_) {
                mt_.seed(seed_);
                seeded_ = true;
            }
            mt_.fill_doubles(buffer_.data(), kBuffer);
            left_ = kBuffer;
            return;
        }
        for (auto& u : buffer_) u = bits_.next_double();
        left_ = kBuffer;
    }

    Pcg64 bits_{};
    std::array<double, kBuffer> buffer_;  // read only below left_, each entry written first
    int left_ = 0;
    bool twister_ = false;
    bool seeded_ = false;
    std::uint64_t seed_ = 0;
    Twister mt_;  // read only once seeded
};

// int(rng.random() * 2**31): GameRandom.below(2**31), as a search draws its own stream's seed.
inline std::uint64_t below_2_31(GameRandom& rng) {
    return static_cast<std::uint64_t>(rng.random() * 2147483648.0);
}

// core/forward.py _fresh_stream: a copy's rules stream, from_seed(below(2**31) << 31 |
// below(2**31)) drawn from `rng` (both games' determinisations).
inline GameRandom fresh_stream(GameRandom& rng) {
    const std::uint64_t high = below_2_31(rng);
    const std::uint64_t low = below_2_31(rng);
    return GameRandom::from_seed(high << 31 | low);
}

}  // namespace deckhand
