// core/outcome.py and Playthrough.values natively, for any game's search (ie_forward.cpp,
// travel_forward.cpp): a game says who won, each player's place and score; the values are
// said here once, in Python's order of operations.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>

namespace deckhand::outcome {

constexpr double kMarginShare = 0.01;  // forward.MARGIN_SHARE

// outcome.lead_value: each player's lead over the best of the others, 0 to 1.
template <std::size_t N>
void lead_value(const std::array<double, N>& scores, int n, double spread, std::array<double, N>& out) {
    if (n < 2) {
        for (int p = 0; p < n; ++p) out[static_cast<std::size_t>(p)] = 0.5;
        return;
    }
    for (int p = 0; p < n; ++p) {
        double best_other = 0.0;
        bool first = true;
        for (int q = 0; q < n; ++q) {
            if (q == p) continue;
            const double score = scores[static_cast<std::size_t>(q)];
            if (first || score > best_other) best_other = score;
            first = false;
        }
        const double own = scores[static_cast<std::size_t>(p)];
        out[static_cast<std::size_t>(p)] = 0.5 + 0.5 * std::tanh(2.0 * (own - best_other) / std::max(spread, 1e-9));
    }
}

// Playthrough.values at a game's end: outcome_rewards (`win`: the `winners` share 1; else
// placement, 1 first to 0 last) with MARGIN_SHARE of score_margin (the scores' leads on the
// largest score so far, at least 1).
template <std::size_t N>
void finished_values(int n, const std::array<bool, N>& winner, int winners, const std::array<int, N>& placement,
                     const std::array<double, N>& scores, bool win, std::array<double, N>& out) {
    std::array<double, N> ends{};
    if (win) {
        const double share = winners == 0 ? 0.0 : 1.0 / static_cast<double>(winners);
        for (int p = 0; p < n; ++p) ends[static_cast<std::size_t>(p)] = winner[static_cast<std::size_t>(p)] ? share : 0.0;
    } else if (n == 1) {
        ends[0] = 1.0;
    } else {
        for (int p = 0; p < n; ++p)
            ends[static_cast<std::size_t>(p)] =
                static_cast<double>(n - placement[static_cast<std::size_t>(p)]) / static_cast<double>(n - 1);
    }
    double spread = 1.0;
    for (int p = 0; p < n; ++p) spread = std::max(spread, std::fabs(scores[static_cast<std::size_t>(p)]));
    std::array<double, N> margins{};
    lead_value(scores, n, spread, margins);
    for (int p = 0; p < n; ++p) {
        const std::size_t i = static_cast<std::size_t>(p);
        out[i] = (1.0 - kMarginShare) * ends[i] + kMarginShare * margins[i];
    }
}

}  // namespace deckhand::outcome
