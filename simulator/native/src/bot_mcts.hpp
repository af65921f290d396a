// strategies/mcts.py natively: single-observer information-set MCTS over the native forward
// model (ie_forward.hpp), drawing what the Python search draws, in the same order, so that
// the same seed gives the same decisions. Registered as strategy codes kMctsFirstCode.. of
// _core.play_import_export; its parameter text (simulator/native/mcts_table.py) is the
// search's settings as `key=value` items joined by ';' on the first line, and the rollout
// policy's heuristic text (heuristic_table.seat_options) on the second (empty: random).
#pragma once

#include <array>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "ie_forward.hpp"
#include "ie_render.hpp"
#include "mcts_settings.hpp"
#include "mcts_tree.hpp"

namespace deckhand::ie {

constexpr int kMctsFirstCode = 16;  // codes 16..23 (1..15 are the heuristic's)
constexpr int kMctsCodes = 8;

// MCTS.params, as the Python class reads them (mcts_settings.hpp); the rollout text is the
// heuristic's seat options.
using MctsSettings = mcts::Settings;
MctsSettings parse_mcts(const std::string& text);

// The search, usable without a seat (tests, the benchmark): choose() as the Python
// MCTS.choose_ahead, from the game's recorded turn (its Game::forward, a TurnRecord).
class Mcts final : public Bot {
  public:
    Mcts(const Table& table, const MctsSettings& settings);
    int choose(const Game& game, const Decision& d, GameRandom& rng) override;
    void attach(Game& game) override;

    long long iterations_done = 0;  // MCTS.iterations_done
    long long rollouts_done = 0;    // MCTS.rollouts_done

  private:
    friend class MctsIteration;
    void keys_of(const Game& game, const Decision& d, std::vector<int>& out);
    int key_of(const Game& game, Kind kind, const Option& o, int context);
    int policy(const Game& game, const Decision& d, GameRandom& rng);
    bool iterate(const Game& game, GameRandom& own);  // true: the answer is settled

    MctsSettings settings_;
    std::unique_ptr<Bot> rollout_;
    std::unique_ptr<TurnRecord> own_record_;
    TurnRecord* record_ = nullptr;
    // The tree (mcts_tree.hpp). A node's edge is keyed as Python keys it (mcts._key): by the
    // option's value, whatever decision offers it, so an option is written as Python's repr
    // writes it (ie_render), and each written text numbered once (equal texts, one number:
    // one edge).
    mcts::Tree tree_;
    std::vector<int> root_keys_;  // the root decision's options' keys
    // an iteration's buffers (MctsIteration), kept from one to the next
    std::vector<int> keys_buffer_, untried_buffer_, children_buffer_;
    std::vector<std::pair<int, int>> path_buffer_;
    // The number of each option's text: render_option reads the option, its kind and context
    // and the table only, so a text is written once per (kind, option, context) and table.
    struct Asked {
        std::uint64_t option;  // a, b, c, d
        std::uint64_t kind_context;
        bool operator==(const Asked& o) const { return option == o.option && kind_context == o.kind_context; }
    };
    struct AskedHash {
        std::size_t operator()(const Asked& k) const {
            return static_cast<std::size_t>((k.option ^ (k.kind_context * 0x9E3779B97F4A7C15ULL)) * 0xBF58476D1CE4E5B9ULL >> 17);
        }
    };
    std::unordered_map<Asked, int, AskedHash> key_numbers_;
    std::unordered_map<std::string, int> text_numbers_;
    const Table* keys_table_ = nullptr;
    std::unique_ptr<Game> copy_;
    int seat_ = 0;
    int remaining_ = 0;         // the iterations after the one in hand
    long long copies_ = 0;     // the copies made so far (each a new state, a new view)
    long long last_view_ = -1;  // the view the rollout bot last read
};

}  // namespace deckhand::ie
