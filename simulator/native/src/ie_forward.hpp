// The forward model of a native game (core/forward.py's Playthrough): a copy at any
// decision, and the determinisation for one seat (Playthrough.for_seat).
//
// The rules are sequential C++ (a decision is a call to Game::ask deep inside a rule), so a
// game cannot be copied in the middle of a turn by copying its State alone. A copy at a
// decision is instead the State as the turn started (a plain value) and the answers given
// since: a copy replays those answers through a steered Game (Game::forward) and reaches the
// same decision with the same call stack, then goes on with its own chooser (as Keldon
// Jones' RFTG engine replays a power from its recorded answers). A search runs inside the
// copy's Game::ask; it ends a playout by throwing Stop, which unwinds the copy's rules.
#pragma once

#include <cstdint>
#include <vector>

#include "ie_game.hpp"

namespace deckhand::ie {

// One answer given: who, to what kind, the option chosen (its value, as Python's answers
// are values) and its index.
struct Answer {
    std::int8_t seat = 0;
    Kind kind = Kind::lead;
    Option chosen{};
    std::int16_t index = 0;
};

// The real game's hook: where the turn started and every answer since (single options too:
// Python's playthrough answers them as well).
class TurnRecord final : public Forward {
  public:
    void turn_starts(const Game& game) override {
        start = game.s;
        answers.clear();
    }
    bool steers() const override { return false; }
    int steer(Game& /*game*/, const Decision& /*d*/) override { return 0; }
    void answered(const Game& /*game*/, const Decision& d, int choice) override {
        answers.push_back(Answer{static_cast<std::int8_t>(d.seat), d.kind, (*d.options)[static_cast<std::size_t>(choice)],
                                 static_cast<std::int16_t>(choice)});
    }

    State start;
    std::vector<Answer> answers;
};

// Thrown by a copy's chooser to end a playout where it stands (never escapes the search).
struct Stop {};

// A copy's hook: replays `answers` by index (the copy at that decision), then hands every
// decision to decide(); arrived() is told once, at the decision the answers lead to, before
// deciding it (where a search determinises).
//
// A chooser that is done with the copy (a playout's last decision, valued where it stands)
// calls stop() instead of throwing Stop from the rules: an exception's unwinding cost about
// a third of a search's iteration. A stopped copy answers every later decision with its
// first option, unasked, the turn's loops skip to its end (stopping(g): ie_game.hpp) and
// play_game returns (Forward::stopped); what the copy does meanwhile is never read
// (kMaxDrained decisions at most, then Stop where it stands).
class Steered : public Forward {
  public:
    explicit Steered(const std::vector<Answer>* answers) : answers_(answers) {}
    void turn_starts(const Game& /*game*/) override {}
    bool steers() const override { return true; }
    void answered(const Game& /*game*/, const Decision& /*d*/, int /*choice*/) override {}
    int steer(Game& game, const Decision& d) override;
    bool stopped() const override { return stopped_; }

    virtual void arrived(Game& game, const Decision& d) = 0;
    virtual int decide(Game& game, const Decision& d) = 0;

  protected:
    // The copy is done: the answer to give the decision at hand (its first option).
    int stop() {
        stopped_ = true;
        return 0;
    }

    static constexpr int kMaxDrained = 1000;
    const std::vector<Answer>* answers_;
    std::size_t next_ = 0;
    bool arrived_ = false;
    bool stopped_ = false;
    int drained_ = 0;
};

// Copy `start` into `copy` (a game of the same table and players), steered by `hook`, and
// play it: the hook replays, then decides; returns normally at the game's end or at the
// turn's start after the hook stopped, or throws whatever the hook throws (Stop).
void play_copy(Game& copy, const State& start, Steered& hook);

// Playthrough.for_seat's redeal (rules.redeal): the other hands and the deck shuffled
// together from `rng`, each hand keeping its size; then the rules' stream a fresh one drawn
// from `rng` (forward._fresh_stream: rng.hpp's fresh_stream).
void redeal(State& s, int seat, GameRandom& rng);

// Playthrough.values: each player's value where the game stands, 0 to 1: at its end the
// outcome's rewards (`win`: winners share 1; else placement) with MARGIN_SHARE of the score
// margin; before it, the game's evaluation (prospects.prospects).
void values(const Game& g, bool over, bool win, std::array<double, kMaxPlayers>& out);

}  // namespace deckhand::ie
