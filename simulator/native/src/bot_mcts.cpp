// strategies/mcts.py: the MCTS strategy (MCTS.choose_ahead, _iterate, _expanded, _may_widen,
// _select, _rollout, _policy), as bot_mcts.hpp says. One iteration is one copy of the game
// at the decision (ie_forward.hpp: the turn's start replayed on its answers), determinised
// for the seat there, walked down the tree and played out by the rollout policy inside the
// copy's Game::ask, then backed up.
#include "bot_mcts.hpp"

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace deckhand::ie {

namespace {
inline std::size_t at(int i) { return static_cast<std::size_t>(i); }

}  // namespace

MctsSettings parse_mcts(const std::string& text) {
    MctsSettings s = mcts::parse_settings(text, kind_names(), "mcts");
    if (s.heuristic_rollout && s.rollout_text.empty())
        throw NativeError("mcts: a heuristic rollout needs the heuristic's parameters from Python");
    return s;
}

Mcts::Mcts(const Table& table, const MctsSettings& settings) : settings_(settings) {
    if (settings_.heuristic_rollout) {
        BotFactory make = bot_factory(1);  // heuristic_table.STRATEGY_CODE
        if (make == nullptr) throw NativeError("mcts: no native heuristic for the rollouts");
        rollout_ = make(table, 0, settings_.rollout_text);
    }
}

void Mcts::attach(Game& game) {
    if (game.forward == nullptr) {
        own_record_ = std::make_unique<TurnRecord>();
        game.forward = own_record_.get();
    }
    record_ = dynamic_cast<TurnRecord*>(game.forward);
    if (record_ == nullptr) throw NativeError("mcts: the game's forward hook is not a turn record");
}

int Mcts::key_of(const Game& game, Kind kind, const Option& o, int context) {
    if (keys_table_ != &game.table()) {
        key_numbers_.clear();
        text_numbers_.clear();
        keys_table_ = &game.table();
    }
    auto word = [](std::int16_t v) { return static_cast<std::uint64_t>(static_cast<std::uint16_t>(v)); };
    const Asked asked{word(o.a) | word(o.b) << 16 | word(o.c) << 32 | word(o.d) << 48,
                      static_cast<std::uint64_t>(static_cast<std::uint16_t>(kind)) << 32 | static_cast<std::uint32_t>(context)};
    const auto found = key_numbers_.find(asked);
    if (found != key_numbers_.end()) return found->second;
    const auto text = text_numbers_.emplace(render_option(game, kind, o, context), static_cast<int>(text_numbers_.size()));
    key_numbers_.emplace(asked, text.first->second);
    return text.first->second;
}

void Mcts::keys_of(const Game& game, const Decision& d, std::vector<int>& out) {
    out.clear();
    for (const Option& o : *d.options) out.push_back(key_of(game, d.kind, o, d.context));
}

// _policy / _policy_answer: random, or the heuristic's choice (from the seat's view).
int Mcts::policy(const Game& game, const Decision& d, GameRandom& rng) {
    if (!rollout_) return rng.below(static_cast<int>(d.options->size()));
    // the view Python's rollout bot reads: one per state (the game, each iteration's copy)
    // and seat, the key of its memos
    const long long view = (&game == copy_.get() ? copies_ : 0) * kMaxPlayers + d.seat;
    if (view != last_view_) {
        rollout_->new_view();
        last_view_ = view;
    }
    return rollout_->choose(game, d, rng);
}

// One iteration's copy: replays the turn to the decision, determinises it there
// (Playthrough.for_seat), then walks the tree (the loop of _iterate) and plays out
// (Playthrough.play_out) inside the copy's asks.
class MctsIteration final : public Steered {
  public:
    MctsIteration(Mcts& search, GameRandom& own)
        : Steered(&search.record_->answers), path(search.path_buffer_), m_(search), own_(own),
          untried_(search.untried_buffer_), children_(search.children_buffer_) {
        path.clear();
    }

    void arrived(Game& game, const Decision& /*d*/) override {
        redeal(game.s, m_.seat_, own_);
        game.s.rng = fresh_stream(own_);
    }

    int decide(Game& game, const Decision& d) override {
        const int n = static_cast<int>(d.options->size());
        if (!rolling_) {
            if (n == 1) return 0;  // _next_asked: taken, not a node
            const int depth = m_.settings_.depth;
            if (!(depth != 0 && static_cast<int>(path.size()) >= depth)) return tree(game, d);
            rolling_ = true;
        }
        if (!checked_) return before_rollout(game, d);
        // play_out: stop after `rollout_decisions` decisions asked (the next one not taken)
        const int cutoff = m_.settings_.cutoff;
        if (cutoff > 0 && played_ >= cutoff) {  // valued here, as the copy stands (Steered::stop)
            values(game, false, m_.settings_.win, rewards);
            return stop();
        }
        if (n == 1) return 0;
        ++played_;
        return m_.policy(game, d, own_);
    }

    std::vector<std::pair<int, int>>& path;  // (node, the player who chose the edge to it)
    std::array<double, kMaxPlayers> rewards{};  // the values where the playout stopped
    bool settled = false;  // the answer settled before the rollout: none played

  private:
    // _iterate's check before its rollout (Tree::settles_with); then the rollout's first
    // decision
    [[gnu::noinline]] int before_rollout(Game& game, const Decision& d) {
        checked_ = true;
        if (!path.empty() && m_.tree_.settles_with(m_.root_keys_, m_.remaining_, path.front().first)) {
            settled = true;
            return stop();
        }
        return decide(game, d);
    }

    // (out of line: decide, which every rollout decision calls, stays small)
    [[gnu::noinline]] int tree(Game& game, const Decision& d) {
        if (node_ == 0) {
            keys_ = &m_.root_keys_;  // the root: the same decision every iteration
        } else {
            m_.keys_of(game, d, m_.keys_buffer_);
            keys_ = &m_.keys_buffer_;
        }
        const mcts::Tree::Step step = m_.tree_.descend(
            node_, *keys_, m_.settings_.widen, m_.settings_.c, children_, untried_,
            [&] { return expanded(game, d); }, [&](int n) { return own_.below(n); });
        path.emplace_back(step.child, d.seat);
        if (step.expanded) rolling_ = true;  // break: the rollout from the next decision
        else node_ = step.child;
        return step.option;
    }

    // _expanded: the policy's own choice while untried (expand=policy), else one at random.
    int expanded(Game& game, const Decision& d) {
        if (m_.settings_.expand_policy) {
            const int wanted = key(m_.policy(game, d, own_));
            for (int i : untried_)
                if (key(i) == wanted) return i;
        }
        return untried_[at(own_.below(static_cast<int>(untried_.size())))];
    }

    Mcts& m_;
    GameRandom& own_;
    int node_ = 0;
    bool rolling_ = false;
    bool checked_ = false;
    int played_ = 0;
    int key(int i) const { return (*keys_)[at(i)]; }

    std::vector<int>& untried_;  // the search's buffers, kept from one iteration to the next
    std::vector<int>& children_;
    const std::vector<int>* keys_ = nullptr;  // the options' keys at the decision in hand
};

bool Mcts::iterate(const Game& game, GameRandom& own) {
    MctsIteration it(*this, own);
    ++copies_;
    if (!copy_ || copy_->s.n != game.s.n || &copy_->table() != &game.table())
        copy_ = std::make_unique<Game>(game.table(), game.s.n);
    try {
        play_copy(*copy_, record_->start, it);
    } catch (const Stop&) {
    } catch (const NativeError&) {
        if (!it.stopped()) throw;  // only what a stopped copy did after its playout: never read
    }
    tree_.at(0).visits += 1;
    if (it.settled) return true;  // (its visit counted by Tree::settles_with)
    ++rollouts_done;
    std::array<double, kMaxPlayers>& rewards = it.rewards;
    if (!it.stopped()) values(*copy_, true, settings_.win, rewards);  // the game's end
    for (const auto& [child, player] : it.path) {
        mcts::Node& node = tree_.at(child);
        node.visits += 1;
        node.total += rewards[at(player)];
    }
    return false;
}

// MCTS.choose_ahead: a kind not searched is answered by the rollout policy; otherwise a tree
// grown from the seat's decision on a stream of its own, and the most visited option.
int Mcts::choose(const Game& game, const Decision& d, GameRandom& rng) {
    if (!settings_.searches(static_cast<int>(d.kind))) return policy(game, d, rng);
    if (record_ == nullptr) throw NativeError("mcts: not attached to its game (Bot::attach)");
    GameRandom own = GameRandom::from_seed(below_2_31(rng));
    seat_ = d.seat;
    tree_.clear();
    keys_of(game, d, root_keys_);
    const bool timed = settings_.ms > 0;
    const auto deadline = std::chrono::steady_clock::now() +
                          std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                              std::chrono::duration<double, std::milli>(timed ? settings_.ms : 0.0));
    for (int k = 0; k < settings_.iterations; ++k) {
        remaining_ = settings_.iterations - k - 1;
        if (iterate(game, own)) break;  // settled
        if (timed && std::chrono::steady_clock::now() >= deadline) break;
    }
    iterations_done += tree_.at(0).visits;
    return tree_.most_visited(root_keys_);
}

namespace {
std::unique_ptr<Bot> make_mcts(const Table& table, int /*seat*/, const std::string& options) {
    return std::make_unique<Mcts>(table, parse_mcts(options));
}

template <int Code>
std::unique_ptr<Bot> factory(const Table& table, int seat, const std::string& options) {
    return make_mcts(table, seat, options);
}

const BotRegistration registrations[] = {
    {16, "mcts", &factory<16>}, {17, "mcts", &factory<17>}, {18, "mcts", &factory<18>},
    {19, "mcts", &factory<19>}, {20, "mcts", &factory<20>}, {21, "mcts", &factory<21>},
    {22, "mcts", &factory<22>}, {23, "mcts", &factory<23>},
};
}  // namespace

}  // namespace deckhand::ie
