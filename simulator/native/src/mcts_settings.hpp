// MCTS.params as both native searches read them (bot_mcts.cpp, travel_mcts.cpp): the text
// mcts_table.settings_text writes, `key=value` items joined by ';' on its first line, and the
// rollout policy's own text on the second (each game reads that line its own way).
#pragma once

#include <cstddef>
#include <cstdlib>
#include <string>
#include <vector>

#include "ie_core.hpp"

namespace deckhand::mcts {

inline std::vector<std::string> split(const std::string& text, char by) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = text.find(by, start);
        if (end == std::string::npos) {
            parts.push_back(text.substr(start));
            break;
        }
        parts.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return parts;
}

struct Settings {
    int iterations = 200;
    double ms = 0.0;
    double c = 0.7;
    double widen = 0.0;
    bool heuristic_rollout = false;  // rollout: random, or the heuristic (its text below)
    int cutoff = 120;                // rollout_decisions
    bool win = false;                // value: placement or win
    std::vector<bool> searched;      // by the game's decision kind
    bool search_all = true;          // search: empty
    int depth = 0;
    bool expand_policy = false;      // expand: random or policy
    std::string rollout_text;        // the second line: the rollout heuristic's own text

    // MCTS.choose_ahead: whether a decision of this kind is searched (else the policy answers)
    bool searches(int kind) const { return search_all || searched[static_cast<std::size_t>(kind)]; }
};

// The settings from their text; `names` are the game's decision kinds in order (a kind the
// game never asks is never searched), `who` names the search in an error.
template <typename Names>
Settings parse_settings(const std::string& text, const Names& names, const std::string& who) {
    using ie::NativeError;
    Settings s;
    s.searched.assign(std::size(names), false);
    const std::size_t line = text.find('\n');
    const std::string first = text.substr(0, line);
    if (line != std::string::npos) s.rollout_text = text.substr(line + 1);
    for (const std::string& item : split(first, ';')) {
        if (item.empty()) continue;
        const std::size_t eq = item.find('=');
        if (eq == std::string::npos) throw NativeError(who + ": an item without '=': " + item);
        const std::string key = item.substr(0, eq), value = item.substr(eq + 1);
        if (key == "iterations") s.iterations = std::atoi(value.c_str());
        else if (key == "ms") s.ms = std::strtod(value.c_str(), nullptr);
        else if (key == "c") s.c = std::strtod(value.c_str(), nullptr);
        else if (key == "widen") s.widen = std::strtod(value.c_str(), nullptr);
        else if (key == "rollout_decisions") s.cutoff = std::atoi(value.c_str());
        else if (key == "depth") s.depth = std::atoi(value.c_str());
        else if (key == "rollout") {
            if (value != "random" && value != "heuristic")
                throw NativeError(who + ": the native rollout is random or heuristic, not " + value);
            s.heuristic_rollout = value == "heuristic";
        } else if (key == "value") {
            if (value != "placement" && value != "win") throw NativeError(who + ": value " + value);
            s.win = value == "win";
        } else if (key == "expand") {
            if (value != "random" && value != "policy") throw NativeError(who + ": expand " + value);
            s.expand_policy = value == "policy";
        } else if (key == "search") {
            for (const std::string& kind : split(value, '/')) {
                if (kind.empty()) continue;
                s.search_all = false;
                std::size_t k = 0;
                for (const char* name : names) {  // a kind the game never asks: never searched
                    if (kind == name) s.searched[k] = true;
                    ++k;
                }
            }
        } else {
            throw NativeError(who + ": unknown parameter " + key);
        }
    }
    return s;
}

}  // namespace deckhand::mcts
