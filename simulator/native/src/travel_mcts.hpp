// strategies/mcts.py natively for the travel game: single-observer information-set MCTS over
// the native travel forward model (travel_forward.hpp), drawing what the Python search draws,
// in the same order, so that the same seed gives the same decisions. A seat of
// _core.play_travel whose code has a search text (simulator/native/travel_chunk.py): the
// search's settings as `key=value` items joined by ';' on the first line, and the rollout
// heuristic's parameters (aggression,race_aggression,blind_trade,deny) on the second (empty:
// a random rollout).
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "mcts_settings.hpp"
#include "mcts_tree.hpp"
#include "travel_forward.hpp"

namespace deckhand::travel {

// MCTS.params, as the Python class reads them (mcts_settings.hpp), and the rollout
// heuristic's parameters read from its text.
struct MctsSettings : mcts::Settings {
    HeuristicParams rollout;
};
MctsSettings parse_mcts(const std::string& text);

// The search as a seat's bot: choose() as MCTS.choose_ahead, from the game's recorded turn
// (its Game::forward, a TurnRecord).
class Mcts final : public Bot {
  public:
    explicit Mcts(const MctsSettings& settings);
    void reset() override;
    int choose(const Game& g, int seat, int kind, const std::vector<int>& options, const Ctx& ctx,
               GameRandom& rng) override;

    long long iterations_done = 0;  // MCTS.iterations_done

  private:
    friend class MctsIteration;
    int policy(const Game& g, int seat, int kind, const std::vector<int>& options, const Ctx& ctx,
               GameRandom& rng);
    bool iterate(const Game& g, const TurnRecord& record, GameRandom& own);  // true: settled

    MctsSettings settings_;
    std::unique_ptr<Bot> rollout_;
    mcts::Tree tree_;
    std::vector<long long> root_keys_;
    std::vector<long long> keys_buffer_;
    std::vector<int> untried_buffer_, children_buffer_;
    std::vector<std::pair<int, int>> path_buffer_;
    std::unique_ptr<Game> copy_;
    int seat_ = 0;
    int remaining_ = 0;  // the iterations after the one in hand
    long long copies_ = 0;  // the copies made so far (each a new state, new views)
};

// mcts._key of a travel option: the option's value (actions are tuples, the rest ints and
// the strings accept/reject), as one integer: equal values, equal keys.
inline long long option_key(int kind, int option) {
    return kind == K_ACTION ? (1LL << 32) + option : static_cast<long long>(option);
}

}  // namespace deckhand::travel
