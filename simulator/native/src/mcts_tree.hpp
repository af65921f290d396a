// The game-independent pieces of strategies/mcts.py's tree (Node, _may_widen, _select), for
// a native search of any game whose edges are keyed by an integer (a game's option as
// Python's `_key` keys it, numbered by the game's search): bot_mcts.cpp (Import/Export) and
// travel_mcts.cpp hold one Tree each.
#pragma once

#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

namespace deckhand::mcts {

// mcts.Node: the statistics of the edge that leads to it, and its children by key.
struct Node {
    long long key = -1;
    int visits = 0;
    int available = 0;
    double total = 0.0;
    std::vector<int> children;  // indices into Tree::nodes
};

class Tree {
  public:
    // A new tree: the root alone (node 0). The nodes keep their storage from tree to tree.
    void clear() {
        nodes.clear();
        nodes.push_back(Node{});
    }
    Node& at(int i) { return nodes[static_cast<std::size_t>(i)]; }
    const Node& at(int i) const { return nodes[static_cast<std::size_t>(i)]; }

    int child_of(int node, long long key) const {
        for (int child : at(node).children)
            if (at(child).key == key) return child;
        return -1;
    }
    int add_child(int node, long long key) {
        nodes.push_back(Node{key, 0, 0, 0.0, {}});
        const int child = static_cast<int>(nodes.size()) - 1;
        at(node).children.push_back(child);
        return child;
    }

    // MCTS._may_widen: progressive widening allows another child at this node.
    bool may_widen(int node, double widen) const {
        const auto tried = at(node).children.size();
        if (widen <= 0 || tried == 0) return true;
        return static_cast<double>(tried) < widen * std::sqrt(static_cast<double>(at(node).visits + 1));
    }

    // Each offered option's child (-1: untried), looked up once for the widening and the
    // selection, and the untried options' indices, in option order.
    template <typename Keys>
    void children_of(int node, const Keys& keys, std::vector<int>& children, std::vector<int>& untried) const {
        children.clear();
        untried.clear();
        const int n = static_cast<int>(keys.size());
        for (int i = 0; i < n; ++i) {
            children.push_back(child_of(node, keys[static_cast<std::size_t>(i)]));
            if (children.back() < 0) untried.push_back(i);
        }
    }

    // MCTS._select: UCB1 among the tried options offered here (`children`, from
    // children_of), each counted as available; the first unvisited at once; -1 when none is
    // tried.
    int select(const std::vector<int>& children, double c) {
        int best = -1;
        double best_score = -std::numeric_limits<double>::infinity();
        const int n = static_cast<int>(children.size());
        for (int i = 0; i < n; ++i) {
            const int found = children[static_cast<std::size_t>(i)];
            if (found < 0) continue;
            Node& child = at(found);
            child.available += 1;
            if (child.visits == 0) return i;
            const double explore =
                c * std::sqrt(std::log(static_cast<double>(child.available)) / static_cast<double>(child.visits));
            const double score = child.total / static_cast<double>(child.visits) + explore;
            if (score > best_score) {
                best = i;
                best_score = score;
            }
        }
        return best;
    }

    // One tree decision of MCTS._iterate at `node`, among options keyed `keys`: where an
    // option is untried and progressive widening allows, `expand()` picks one and it becomes
    // a new child (the rollout starts after it); else UCB1's choice, or, where widening
    // allows none tried, an untried option drawn by `below(n)` (the search's own stream).
    struct Step {
        int option;
        int child;
        bool expanded;
    };
    template <typename Keys, typename Expand, typename Below>
    inline __attribute__((always_inline)) Step descend(int node, const Keys& keys, double widen, double c, std::vector<int>& children,
                 std::vector<int>& untried, Expand expand, Below below) {
        children_of(node, keys, children, untried);
        if (!untried.empty() && may_widen(node, widen)) {
            const int i = expand();
            return {i, add_child(node, keys[static_cast<std::size_t>(i)]), true};
        }
        const int i = select(children, c);
        if (i < 0) {  // progressive widening allows no tried option here: widen after all
            const int drawn = untried[static_cast<std::size_t>(below(static_cast<int>(untried.size())))];
            return {drawn, add_child(node, keys[static_cast<std::size_t>(drawn)]), false};
        }
        return {i, children[static_cast<std::size_t>(i)], false};
    }

    // mcts._visits: the visits of the root's child keyed `key` (none: untried)
    int root_visits(long long key) const {
        const int child = child_of(0, key);
        return child >= 0 ? at(child).visits : 0;
    }

    // mcts._most_visited, MCTS.choose_ahead's answer at the root: the offered option (keyed `keys`) whose child
    // has the most visits, the first in option order among equals (an untried option has
    // none).
    template <typename Keys>
    int most_visited(const Keys& keys) const {
        int best = 0, best_visits = -1;
        const int n = static_cast<int>(keys.size());
        for (int i = 0; i < n; ++i) {
            const int visits = root_visits(keys[static_cast<std::size_t>(i)]);
            if (visits > best_visits) {
                best = i;
                best_visits = visits;
            }
        }
        return best;
    }

    // mcts._settled: `remaining` more iterations cannot change most_visited(keys). An
    // iteration adds at most one visit to one child of the root, so another option would
    // need more than the leader's visits (or as many, offered before it) within them.
    // Options keyed as the leader is are its own edge.
    template <typename Keys>
    bool settled(const Keys& keys, int remaining) const {
        const int leader = most_visited(keys);
        const auto leader_key = keys[static_cast<std::size_t>(leader)];
        const int lead = root_visits(leader_key);
        const int n = static_cast<int>(keys.size());
        for (int i = 0; i < n; ++i) {
            const auto key = keys[static_cast<std::size_t>(i)];
            if (key == leader_key) continue;
            const int reach = root_visits(key) + remaining;
            if (reach > lead || (reach == lead && i < leader)) return false;
        }
        return true;
    }

    // MCTS._iterate's check before a rollout: settled, counting the visit this iteration
    // adds to the root's child `child` (kept where it settles: the rollout is not played,
    // since its reward is read only by later iterations' choices).
    template <typename Keys>
    bool settles_with(const Keys& keys, int remaining, int child) {
        Node& first = at(child);
        first.visits += 1;
        if (settled(keys, remaining)) return true;
        first.visits -= 1;
        return false;
    }

    std::vector<Node> nodes;
};

}  // namespace deckhand::mcts
