// Small helpers of the group-1 powers (ie_powers_group1_*.cpp): Python's arithmetic where
// C++'s differs, and an index cast.
#pragma once

#include <cstddef>

#include "../ie_core.hpp"

namespace deckhand::ie::group1 {

// A player (or colour) as an array index.
inline std::size_t at(int i) { return static_cast<std::size_t>(i); }

// Python's a // b on ints: rounds toward minus infinity (C++'s / truncates toward zero);
// dividing by zero is Python's ZeroDivisionError.
inline int floordiv(int a, int b) {
    if (b == 0) throw NativeError("integer division by zero (a card's number is 0)");
    const int q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

}  // namespace deckhand::ie::group1
