// strategies/mcts.py for the travel game (MCTS.choose_ahead, _iterate, _expanded,
// _may_widen, _select, _rollout, _policy), as travel_mcts.hpp says. One iteration is one copy
// of the game at the decision (travel_forward.hpp: the turn's start replayed on its
// answers), determinised for the seat there, walked down the tree and played out by the
// rollout policy inside the copy's Game::ask, then backed up.
#include "travel_mcts.hpp"

#include <chrono>
#include <cstdlib>

#include "ie_core.hpp"

namespace deckhand::travel {

namespace {
inline std::size_t at(int i) { return static_cast<std::size_t>(i); }
using deckhand::ie::NativeError;

}  // namespace

MctsSettings parse_mcts(const std::string& text) {
    MctsSettings s;
    static_cast<mcts::Settings&>(s) = mcts::parse_settings(text, KIND_NAMES, "travel mcts");
    if (s.heuristic_rollout) {
        const std::vector<std::string> numbers = mcts::split(s.rollout_text, ',');
        if (numbers.size() != 4) throw NativeError("travel mcts: a heuristic rollout needs its 4 parameters");
        s.rollout = HeuristicParams{std::strtod(numbers[0].c_str(), nullptr), std::strtod(numbers[1].c_str(), nullptr),
                                    std::strtod(numbers[2].c_str(), nullptr),
                                    std::strtod(numbers[3].c_str(), nullptr) != 0.0};
    }
    return s;
}

Mcts::Mcts(const MctsSettings& settings) : settings_(settings) {
    if (settings_.heuristic_rollout) rollout_.reset(new_heuristic(settings_.rollout));
}

// A new game: Python builds the seat's MCTS (and its rollout bot) afresh for every game.
void Mcts::reset() {
    if (rollout_) rollout_->reset();
}

// _policy / _policy_answer: random, or the heuristic's choice from the seat's view (views are
// per state: the real game's, each copy's).
int Mcts::policy(const Game& g, int seat, int kind, const std::vector<int>& options, const Ctx& ctx,
                 GameRandom& rng) {
    if (!rollout_) return rng.below(static_cast<int>(options.size()));
    const long long view = (&g == copy_.get() ? copies_ : 0) * kMaxPlayers + seat;
    rollout_->set_view(view);
    return rollout_->choose(g, seat, kind, options, ctx, rng);
}

// One iteration's copy: replays the turn to the decision, determinises it there
// (Playthrough.for_seat), then walks the tree (the loop of _iterate) and plays out
// (Playthrough.play_out) inside the copy's asks.
class MctsIteration final : public Steered {
  public:
    MctsIteration(Mcts& search, const TurnRecord& record, GameRandom& own)
        : Steered(&record.answers), path(search.path_buffer_), m_(search), own_(own) {
        path.clear();
    }

    void arrived(Game& g) override {
        redeal(g.s, m_.seat_, own_);
        g.rng = fresh_stream(own_);
    }

    int decide(Game& g, int seat, int kind, const std::vector<int>& options, const Ctx& ctx) override {
        const int n = static_cast<int>(options.size());
        if (!rolling_) {
            if (n == 1) return 0;  // _next_asked: taken, not a node
            const int depth = m_.settings_.depth;
            if (!(depth != 0 && static_cast<int>(path.size()) >= depth)) return tree(g, seat, kind, options, ctx);
            rolling_ = true;
        }
        if (!checked_) return before_rollout(g, seat, kind, options, ctx);
        // play_out: stop after `rollout_decisions` decisions asked (the next one not taken)
        const int cutoff = m_.settings_.cutoff;
        if (cutoff > 0 && played_ >= cutoff) {  // valued here, as the copy stands
            values(g, false, m_.settings_.win, rewards);
            stopped = true;
            throw Stop{};
        }
        if (n == 1) return 0;
        ++played_;
        return m_.policy(g, seat, kind, options, ctx, own_);
    }

    std::vector<std::pair<int, int>>& path;  // (node, the player who chose the edge to it)
    std::array<double, kMaxPlayers> rewards{};  // the values where the playout stopped
    bool stopped = false;
    bool settled = false;  // the answer settled before the rollout: none played

  private:
    // _iterate's check before its rollout (Tree::settles_with); then the rollout's first
    // decision
    [[gnu::noinline]] int before_rollout(Game& g, int seat, int kind, const std::vector<int>& options,
                                         const Ctx& ctx) {
        checked_ = true;
        if (!path.empty() && m_.tree_.settles_with(m_.root_keys_, m_.remaining_, path.front().first)) {
            settled = true;
            throw Stop{};
        }
        return decide(g, seat, kind, options, ctx);
    }

    // (out of line: decide, which every rollout decision calls, stays small)
    [[gnu::noinline]] int tree(Game& g, int seat, int kind, const std::vector<int>& options, const Ctx& ctx) {
        if (node_ == 0) {
            keys_ = &m_.root_keys_;  // the root: the same decision every iteration
        } else {
            m_.keys_buffer_.clear();
            for (int o : options) m_.keys_buffer_.push_back(option_key(kind, o));
            keys_ = &m_.keys_buffer_;
        }
        std::vector<int>& untried = m_.untried_buffer_;
        const mcts::Tree::Step step = m_.tree_.descend(
            node_, *keys_, m_.settings_.widen, m_.settings_.c, m_.children_buffer_, untried,
            [&] { return expanded(g, seat, kind, options, ctx, untried); },
            [&](int n) { return own_.below(n); });
        path.emplace_back(step.child, seat);
        if (step.expanded) rolling_ = true;  // break: the rollout from the next decision
        else node_ = step.child;
        return step.option;
    }

    // _expanded: the policy's own choice while untried (expand=policy), else one at random.
    int expanded(Game& g, int seat, int kind, const std::vector<int>& options, const Ctx& ctx,
                 const std::vector<int>& untried) {
        if (m_.settings_.expand_policy) {
            const long long wanted = key(m_.policy(g, seat, kind, options, ctx, own_));
            for (int i : untried)
                if (key(i) == wanted) return i;
        }
        return untried[at(own_.below(static_cast<int>(untried.size())))];
    }

    long long key(int i) const { return (*keys_)[at(i)]; }

    Mcts& m_;
    GameRandom& own_;
    int node_ = 0;
    bool rolling_ = false;
    bool checked_ = false;
    int played_ = 0;
    const std::vector<long long>* keys_ = nullptr;  // the options' keys at the decision in hand
};

bool Mcts::iterate(const Game& g, const TurnRecord& record, GameRandom& own) {
    MctsIteration it(*this, record, own);
    ++copies_;
    if (!copy_ || &copy_->t != &g.t) copy_ = std::make_unique<Game>(g.t, GameRandom(), GameRandom());
    bool over = false;
    try {
        play_copy(*copy_, record, it);
        over = true;  // the game's end: its outcome's values
    } catch (const Stop&) {
    }
    tree_.at(0).visits += 1;
    if (it.settled) return true;  // (its visit counted by Tree::settles_with)
    if (over) values(*copy_, true, settings_.win, it.rewards);
    for (const auto& [child, player] : it.path) {
        mcts::Node& node = tree_.at(child);
        node.visits += 1;
        node.total += it.rewards[at(player)];
    }
    return false;
}

// MCTS.choose_ahead: a kind not searched is answered by the rollout policy; otherwise a tree
// grown from the seat's decision on a stream of its own, and the most visited option.
int Mcts::choose(const Game& g, int seat, int kind, const std::vector<int>& options, const Ctx& ctx,
                 GameRandom& rng) {
    if (!settings_.searches(kind)) return policy(g, seat, kind, options, ctx, rng);
    const auto* record = dynamic_cast<const TurnRecord*>(g.forward);
    if (record == nullptr) throw NativeError("travel mcts: the game records no turn (Game::forward)");
    GameRandom own = GameRandom::from_seed(below_2_31(rng));
    seat_ = seat;
    tree_.clear();
    root_keys_.clear();
    for (int o : options) root_keys_.push_back(option_key(kind, o));
    const bool timed = settings_.ms > 0;
    const auto deadline = std::chrono::steady_clock::now() +
                          std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                              std::chrono::duration<double, std::milli>(timed ? settings_.ms : 0.0));
    for (int k = 0; k < settings_.iterations; ++k) {
        remaining_ = settings_.iterations - k - 1;
        if (iterate(g, *record, own)) break;  // settled
        if (timed && std::chrono::steady_clock::now() >= deadline) break;
    }
    iterations_done += tree_.at(0).visits;
    return tree_.most_visited(root_keys_);
}

}  // namespace deckhand::travel
