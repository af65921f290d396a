// The travel game's forward model (core/forward.py's Playthrough, for travel): a copy at any
// decision, the determinisation for one seat (Playthrough.for_seat: rules.redeal and the
// fresh rules stream) and how a search values a game where it stands (Playthrough.values
// with travel's prospects.py), as ie_forward.hpp does for Import/Export.
//
// The native rules are sequential C++ (a decision is a call to Game::ask inside a rule), so a
// copy at a decision is the State and rules stream as the turn started and the answers given
// since: a copy replays them through a steered Game (Game::forward) and reaches the same
// decision with the same call stack, then goes on with its own chooser. A search ends a
// playout by throwing Stop, which unwinds the copy's rules.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "travel_game.hpp"

namespace deckhand::travel {

// The real game's hook: where the turn started (state and rules stream) and the index of
// every answer since (single options too: Python's playthrough answers them as well).
class TurnRecord final : public Forward {
  public:
    void turn_starts(const Game& g) override {
        start = g.s;
        start_rng = g.rng;
        answers.clear();
    }
    bool steers() const override { return false; }
    int steer(Game& /*g*/, int /*seat*/, int /*kind*/, const std::vector<int>& /*options*/,
              const Ctx& /*ctx*/) override {
        return 0;
    }
    void answered(int choice) override { answers.push_back(choice); }

    State start;
    GameRandom start_rng;
    std::vector<int> answers;
};

// Thrown by a copy's chooser to end a playout where it stands (never escapes the search).
struct Stop {};

// A copy's hook: replays `answers` by index (the copy at that decision), then hands every
// decision to decide(); arrived() is told once, at the decision the answers lead to, before
// deciding it (where a search determinises).
class Steered : public Forward {
  public:
    explicit Steered(const std::vector<int>* answers) : answers_(answers) {}
    void turn_starts(const Game& /*g*/) override {}
    bool steers() const override { return true; }
    void answered(int /*choice*/) override {}
    int steer(Game& g, int seat, int kind, const std::vector<int>& options, const Ctx& ctx) override {
        if (next_ < answers_->size()) return (*answers_)[next_++];  // the copy replays
        if (!arrived_) {
            arrived_ = true;
            arrived(g);
        }
        return decide(g, seat, kind, options, ctx);
    }

    virtual void arrived(Game& g) = 0;
    virtual int decide(Game& g, int seat, int kind, const std::vector<int>& options, const Ctx& ctx) = 0;

  private:
    const std::vector<int>* answers_;
    std::size_t next_ = 0;
    bool arrived_ = false;
};

// The game `record` was taken from, copied into `copy` (a game of the same table) at the
// recorded turn's start and played on, steered by `hook`: returns at the game's end, or
// throws what the hook throws (Stop).
void play_copy(Game& copy, const TurnRecord& record, Steered& hook);

// rules.redeal: what `seat` cannot see (the deck's order, the cards of the other hands that
// nobody saw enter them) shuffled among those places from `rng`. (No trade offer is pending
// at the decisions the native search copies at: rules._offered holds nothing there.)
void redeal(State& s, int seat, GameRandom& rng);
// (then the copy's rules stream: rng.hpp's fresh_stream, forward._fresh_stream)

// Playthrough.values: each player's value where the game stands, 0 to 1: at its end the
// outcome's rewards (`win`: winners share 1; else placement) with MARGIN_SHARE of the score
// margin; before it, the game's evaluation (prospects.prospects).
void values(const Game& g, bool over, bool win, std::array<double, kMaxPlayers>& out);

}  // namespace deckhand::travel
