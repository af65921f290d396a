// forward.py (Playthrough.for_seat, values), rules.redeal and prospects.py for the travel
// game: the copy at any decision and the determinisation for one seat (travel_forward.hpp
// says how), and how a search values a game where it stands.
#include "travel_forward.hpp"

#include "outcome.hpp"

#include <algorithm>
#include <cmath>

namespace deckhand::travel {

namespace {
inline std::size_t at(int i) { return static_cast<std::size_t>(i); }

constexpr int kTripsToWin = 2;         // prospects.TRIPS_TO_WIN (T-END-1)
constexpr double kReady = 0.75;        // prospects.READY
constexpr double kNearSpread = 0.25;   // prospects.prospects: lead_value's spread

// prospects.nearness: from 0 (nothing yet) to 1 (won): the trips made plus the share of the
// next trip's needs the hand covers, or, if nearer, the share of the winning postcards held.
double nearness(const Game& g, int p) {
    const Table& t = g.t;
    const State& s = g.s;
    const std::vector<int>& hand = s.hands[at(p)];
    int covered = 0;
    const std::vector<int>& needs = t.requires[at(s.target(p))];
    for (int kind : needs)  // (a kind needed twice counts twice, as Python's sum does)
        for (int c : hand)
            if (t.kind_of[at(c)] == kind) {
                ++covered;
                break;
            }
    int total = static_cast<int>(needs.size());
    if (g.rule(p, R_NEEDS_PASSPORT) != 0) {
        total += 1;
        covered += std::any_of(hand.begin(), hand.end(), [&](int c) { return t.type[at(c)] == T_PASSPORT; }) ? 1 : 0;
    }
    const double trips = (static_cast<double>(s.completed[at(p)]) +
                          kReady * static_cast<double>(covered) / static_cast<double>(std::max(total, 1))) /
                         static_cast<double>(kTripsToWin);
    if (!t.use_postcards) return std::min(trips, 1.0);
    int postcards = 0;
    for (int c : hand) postcards += t.type[at(c)] == T_POSTCARD;
    const double share =
        static_cast<double>(postcards) / static_cast<double>(std::max(g.rule(p, R_POSTCARDS_TO_WIN), 1));
    return std::min(std::max(trips, share), 1.0);
}
}  // namespace

void play_copy(Game& copy, const TurnRecord& record, Steered& hook) {
    copy.s = record.start;
    copy.rng = record.start_rng;
    copy.set_over(false);
    copy.forward = &hook;
    copy.play_turns();
}

void redeal(State& s, int seat, GameRandom& rng) {
    std::vector<int> pool = s.deck;
    for (int q = 0; q < s.n; ++q) {
        if (q == seat) continue;
        for (int c : s.hands[at(q)])
            if (!s.known[at(q)].test(at(c))) pool.push_back(c);
    }
    rng.shuffle(pool);
    std::size_t k = 0;
    for (int q = 0; q < s.n; ++q) {
        if (q == seat) continue;
        for (int& c : s.hands[at(q)])
            if (!s.known[at(q)].test(at(c))) c = pool[k++];
    }
    s.deck.assign(pool.begin() + static_cast<std::ptrdiff_t>(k), pool.end());
}

void values(const Game& g, bool over, bool win, std::array<double, kMaxPlayers>& out) {
    const State& s = g.s;
    const int n = s.n;
    if (!over) {  // prospects.prospects: nearness to winning against the nearest other
        std::array<double, kMaxPlayers> near{};
        for (int p = 0; p < n; ++p) near[at(p)] = nearness(g, p);
        outcome::lead_value(near, n, kNearSpread, out);
        return;
    }
    std::array<bool, kMaxPlayers> winner{};
    for (int w : s.winners) winner[at(w)] = true;
    // TravelGame.outcome's placement: a winner first, then by trips made; the score: trips
    std::array<int, kMaxPlayers> placement{};
    std::array<double, kMaxPlayers> scores{};
    for (int p = 0; p < n; ++p) {
        int place = 1;
        if (!winner[at(p)]) {
            for (int q = 0; q < n; ++q) {
                if (q == p) continue;
                const int kq = winner[at(q)], kp = winner[at(p)];
                place += kq > kp || (kq == kp && s.completed[at(q)] > s.completed[at(p)]);
            }
        }
        placement[at(p)] = place;
        scores[at(p)] = static_cast<double>(s.completed[at(p)]);
    }
    outcome::finished_values(n, winner, static_cast<int>(s.winners.size()), placement, scores, win, out);
}

}  // namespace deckhand::travel
