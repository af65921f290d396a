// numpy's SeedSequence (numpy/random/bit_generator.pyx: the pool of 4 words mixed from the
// entropy and the spawn key, generate_state) and PCG64's seeding from it (pcg64.pyx:
// generate_state(4, uint64), then pcg_setseq_128_srandom_r), so a chunk's streams are
// started here instead of one numpy SeedSequence and PCG64 object per stream
// (simulator/native/seeds.py: game_streams; tests/native/test_seed_sequence.py checks every
// state against numpy's).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <cstdint>
#include <vector>

#include "rng.hpp"

namespace py = pybind11;

namespace deckhand {

namespace {

constexpr std::uint32_t INIT_A = 0x43b0d7e5U;
constexpr std::uint32_t MULT_A = 0x931e8875U;
constexpr std::uint32_t INIT_B = 0x8b51f9ddU;
constexpr std::uint32_t MULT_B = 0x58f38dedU;
constexpr std::uint32_t MIX_MULT_L = 0xca01f9ddU;
constexpr std::uint32_t MIX_MULT_R = 0x4973f715U;
constexpr int XSHIFT = 16;
constexpr std::size_t POOL = 4;

std::uint32_t hashmix(std::uint32_t value, std::uint32_t& hash_const) {
    value ^= hash_const;
    hash_const *= MULT_A;
    value *= hash_const;
    value ^= value >> XSHIFT;
    return value;
}

std::uint32_t mix(std::uint32_t x, std::uint32_t y) {
    std::uint32_t result = MIX_MULT_L * x - MIX_MULT_R * y;
    result ^= result >> XSHIFT;
    return result;
}

// _int_to_uint32_array: little-endian 32-bit words, [0] for 0
void words_of(std::uint64_t n, std::vector<std::uint32_t>& out) {
    if (n == 0) {
        out.push_back(0);
        return;
    }
    while (n > 0) {
        out.push_back(static_cast<std::uint32_t>(n & 0xffffffffU));
        n >>= 32;
    }
}

// The PCG64 (state, inc) of SeedSequence(entropy=seed words, spawn_key=(index, stream)).
std::array<std::uint64_t, 4> stream_state(const std::vector<std::uint32_t>& seed_words, std::uint64_t index,
                                          std::uint64_t stream) {
    std::vector<std::uint32_t> entropy(seed_words);
    if (entropy.size() < POOL) entropy.resize(POOL, 0);  // a spawn key follows: pad the run entropy
    words_of(index, entropy);
    words_of(stream, entropy);
    std::array<std::uint32_t, POOL> pool{};
    std::uint32_t hash_const = INIT_A;
    for (std::size_t i = 0; i < POOL; ++i) pool[i] = hashmix(i < entropy.size() ? entropy[i] : 0, hash_const);
    for (std::size_t src = 0; src < POOL; ++src)
        for (std::size_t dst = 0; dst < POOL; ++dst)
            if (src != dst) pool[dst] = mix(pool[dst], hashmix(pool[src], hash_const));
    for (std::size_t src = POOL; src < entropy.size(); ++src)
        for (std::size_t dst = 0; dst < POOL; ++dst) pool[dst] = mix(pool[dst], hashmix(entropy[src], hash_const));
    // generate_state(4, uint64): 8 words cycling the pool, paired low word first
    std::array<std::uint32_t, 8> state{};
    std::uint32_t h = INIT_B;
    for (std::size_t i = 0; i < 8; ++i) {
        std::uint32_t v = pool[i % POOL];
        v ^= h;
        h *= MULT_B;
        v *= h;
        v ^= v >> XSHIFT;
        state[i] = v;
    }
    std::array<std::uint64_t, 4> seed{};
    for (std::size_t i = 0; i < 4; ++i)
        seed[i] = static_cast<std::uint64_t>(state[2 * i]) | (static_cast<std::uint64_t>(state[2 * i + 1]) << 32);
    // pcg64_set_seed: initstate = seed[0]:seed[1], initseq = seed[2]:seed[3]; srandom
    const u128 initstate = make_u128(seed[0], seed[1]);
    const u128 initseq = make_u128(seed[2], seed[3]);
    Pcg64 bits;
    bits.state = 0;
    bits.inc = (initseq << 1) | 1U;
    bits.next64();
    bits.state += initstate;
    bits.next64();
    return {static_cast<std::uint64_t>(bits.state >> 64), static_cast<std::uint64_t>(bits.state),
            static_cast<std::uint64_t>(bits.inc >> 64), static_cast<std::uint64_t>(bits.inc)};
}

// seeds.game_streams: (games, 8) uint64, each game's rules stream (from its deal) then its
// strategy stream (from its own index).
py::array_t<std::uint64_t> game_streams(const std::vector<std::uint32_t>& seed_words,
                                        const std::vector<std::uint64_t>& indices,
                                        const std::vector<std::uint64_t>& deals, int rules_stream,
                                        int strategy_stream) {
    if (indices.size() != deals.size()) throw std::invalid_argument("game_streams: one deal per game");
    py::array_t<std::uint64_t> out({static_cast<py::ssize_t>(indices.size()), static_cast<py::ssize_t>(8)});
    auto view = out.mutable_unchecked<2>();
    for (std::size_t row = 0; row < indices.size(); ++row) {
        const auto rules = stream_state(seed_words, deals[row], static_cast<std::uint64_t>(rules_stream));
        const auto strategy = stream_state(seed_words, indices[row], static_cast<std::uint64_t>(strategy_stream));
        const auto r = static_cast<py::ssize_t>(row);
        for (py::ssize_t k = 0; k < 4; ++k) {
            view(r, k) = rules[static_cast<std::size_t>(k)];
            view(r, k + 4) = strategy[static_cast<std::size_t>(k)];
        }
    }
    return out;
}

}  // namespace

void bind_seed_sequence(py::module_& m) {
    m.def("game_streams", &game_streams, py::arg("seed_words"), py::arg("indices"), py::arg("deals"),
          py::arg("rules_stream"), py::arg("strategy_stream"),
          "seeds.game_streams computed here: numpy's SeedSequence(master seed as little-endian 32-bit words, "
          "spawn_key=(game, stream)) and PCG64's seeding from it, for every game");
}

}  // namespace deckhand
