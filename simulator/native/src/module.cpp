// The native core's Python module, simulator.native._core (built by setup.py).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstdint>

#include "rng.hpp"

namespace py = pybind11;

namespace {

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

}  // namespace

PYBIND11_MODULE(_core, m) {
    m.doc() = "Deckhand's native core: Import/Export's base set, played as the Python engine plays it";
    // setup.py's hash of the sources it built: simulator/native/__init__.py refuses a stale core.
    m.attr("SOURCES") = DECKHAND_SOURCES;
    m.def("uniforms", &uniforms, "The first n uniforms of a PCG64 stream, as GameRandom draws them");
    m.def("belows", &belows, "below(bound) for each bound, as GameRandom draws them");
}
