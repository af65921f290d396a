// forward.py (Playthrough.clone, for_seat, values), rules.redeal and prospects.py: the copy
// at any decision and the determinisation for one seat (ie_forward.hpp says how), and how a
// search values a game where it stands.
#include "ie_forward.hpp"

#include "outcome.hpp"

#include <cmath>

namespace deckhand::ie {

namespace {
inline std::size_t at(int i) { return static_cast<std::size_t>(i); }

constexpr double kDecisiveShare = 0.5;   // prospects.DECISIVE_SHARE
constexpr double kPlacedShare = 0.3;     // prospects.PLACED_SHARE
constexpr double kLoadedShare = 0.5;     // prospects.LOADED_SHARE

// prospects.standing: credits if scored now, plus the contracts in progress.
void standing(const Game& g, std::array<double, kMaxPlayers>& values) {
    const State& s = g.s;
    const int n = s.n;
    std::array<std::array<int, 6>, kMaxPlayers> counts{};
    for (int p = 0; p < n; ++p) counts[at(p)] = good_counts(g, p);
    for (int p = 0; p < n; ++p) values[at(p)] = static_cast<double>(s.credits[at(p)] + goods_score_of(g, counts, p));
    for (const Ship& ship : s.ships) {
        if (ship.at_sea || ship.contracts.empty()) continue;
        const Needs need = remaining(g, ship);
        int missing = 0;
        for (int k = 0; k < need.n; ++k)
            if (need.count[at(k)] > 0) missing += need.count[at(k)];
        const int loaded = ship.cargo.size();
        const int total = loaded + missing;
        if (total <= 0) continue;
        const double share = kPlacedShare + kLoadedShare * (static_cast<double>(loaded) / static_cast<double>(total));
        values[at(ship.owner)] += share * static_cast<double>(payout(g, ship.owner, total));
    }
}
}  // namespace

int Steered::steer(Game& game, const Decision& d) {
    if (next_ < answers_->size()) return (*answers_)[next_++].index;  // the copy replays
    if (stopped_) {  // done: run on to the turn's end (Steered::stop)
        if (++drained_ > kMaxDrained) throw Stop{};
        return 0;
    }
    if (!arrived_) {
        arrived_ = true;
        arrived(game, d);
    }
    return decide(game, d);
}

void play_copy(Game& copy, const State& start, Steered& hook) {
    copy.s = start;
    copy.forward = &hook;
    for (auto& spot : copy.spots) spot = Game::CardSpot{};
    play_game(copy);
}

// rules.redeal: what `seat` cannot see (the other hands, the deck's order) shuffled among the
// other hands, each keeping its size, and the deck. (Yerba Mate's face-up top card is an
// expansion's mod: no base-set key.)
void redeal(State& s, int seat, GameRandom& rng) {
    // a deck Yerba Mate turned face up for the seat keeps its top card (IE-FLAGP-9: the
    // seat sees it), as rules.redeal does
    const bool top_seen = s.deck.size() > 0 && s.mods[at(seat)].deck_face_up;
    const int hidden = s.deck.size() - (top_seen ? 1 : 0);
    SmallVec<Card, kMaxCards> pool;
    for (int i = 0; i < hidden; ++i) pool.push_back(s.deck[i]);
    for (int q = 0; q < s.n; ++q)
        if (q != seat) pool.extend(s.hands[at(q)]);
    rng.shuffle(pool);
    int k = 0;
    for (int q = 0; q < s.n; ++q) {
        if (q == seat) continue;
        Zone& hand = s.hands[at(q)];
        const int size = hand.size();
        for (int i = 0; i < size; ++i) hand[i] = pool[k + i];
        k += size;
    }
    const Card top = top_seen ? s.deck[hidden] : Card{};
    s.deck.clear();
    for (int i = k; i < pool.size(); ++i) s.deck.push_back(pool[i]);
    if (top_seen) s.deck.push_back(top);
}

void values(const Game& g, bool over, bool win, std::array<double, kMaxPlayers>& out) {
    const State& s = g.s;
    const int n = s.n;
    if (!over) {  // prospects.prospects
        std::array<double, kMaxPlayers> scores{};
        standing(g, scores);
        outcome::lead_value(scores, n, kDecisiveShare * static_cast<double>(g.rules().end_credits), out);
        return;
    }
    const std::array<int, kMaxPlayers>& final = s.scored ? s.final_credits : s.credits;
    std::array<bool, kMaxPlayers> winner{};
    for (auto w : s.winners) winner[at(w)] = true;
    // the place: 1 + the players ahead (ties on credits to a winner: Foxes)
    std::array<int, kMaxPlayers> placement{};
    std::array<double, kMaxPlayers> scores{};
    for (int p = 0; p < n; ++p) {
        int better = 0;
        for (int q = 0; q < n; ++q)
            if (final[at(q)] > final[at(p)] || (final[at(q)] == final[at(p)] && winner[at(q)] && !winner[at(p)])) ++better;
        placement[at(p)] = 1 + better;
        scores[at(p)] = static_cast<double>(final[at(p)]);
    }
    outcome::finished_values(n, winner, s.winners.size(), placement, scores, win, out);
}

}  // namespace deckhand::ie
