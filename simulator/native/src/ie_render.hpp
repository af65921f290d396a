// How a decision's options read: Python's repr of the same options, for the turn's kinds
// and the rules' own power kinds; a power's kind reads as its registered render(), else as
// its four numbers.
#pragma once

#include <string>

#include "ie_game.hpp"

namespace deckhand::ie {

std::string render_option(const Game& g, Kind kind, const Option& option, int context);
std::string render_options(const Game& g, Kind kind, const Options& options, int context);

}  // namespace deckhand::ie
