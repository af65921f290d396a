// reasons_expansions._hand_cover, once for every expansion's reasons (Capital, Flag, Tokyo
// and J call it): how many of a ship's needs my hand cards could fill, one card each: a colour
// of their own first, then rainbow slots; grey hand cards load nowhere (IE-CAP-7); Flag cards
// (two colours) last; `skip`: cards left out of the hand.
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

#include "heuristic/common.hpp"
#include "heuristic/view.hpp"

namespace deckhand::heur {

inline int hand_cover(const View& v, ColorCounts left, const int* skip = nullptr, int n_skip = 0) {
    const auto& colors = v.tables->colors;
    std::vector<int> cards(v.hand.begin(), v.hand.end());
    std::sort(cards.begin(), cards.end(), [&colors](int a, int b) {  // (len(colors[c]), c)
        const auto la = colors[static_cast<std::size_t>(a)].size(), lb = colors[static_cast<std::size_t>(b)].size();
        return la != lb ? la < lb : a < b;
    });
    int filled = 0, loose = 0;
    for (int card : cards) {
        bool skipped = false;
        for (int k = 0; k < n_skip; ++k) skipped = skipped || skip[k] == card;
        if (skipped) continue;
        int match = -1;
        bool any = false;
        for (int c : colors[static_cast<std::size_t>(card)]) {
            if (c == GREY) continue;
            any = true;
            if (match < 0 && left.get(c) > 0) match = c;
        }
        if (match >= 0) {
            left.add(match, -1);
            ++filled;
        } else if (any) {
            ++loose;
        }
    }
    return filled + py_min(loose, left.get(ANY));
}

}  // namespace deckhand::heur
