// Base-set powers, the worked examples of the native power API (ie_powers.hpp): Python's
// powers/base.py (Almonds: immediate; Onions: an ongoing hook; Gold Stuff: end-game scoring),
// and one power of each other shape: Mineral Fuels (a rule modifier, undone when lost),
// Potatoes (an immediate power that asks) and Drones (a hook that asks). Numbers come from
// the sheet (`c.whole(...)`), never from here.
#include "ie_powers.hpp"

namespace deckhand::ie {

namespace {

inline std::size_t at(int i) { return static_cast<std::size_t>(i); }

// group1: Almonds, Onions, Gold Stuff (base.py) and Mineral Fuels (base_modifiers.py) are
// registered in ie_powers_group1_*.cpp (one registration per card).

// Potatoes (base_immediate.py): take `credits` or draw `cards`.
// Options of potatoes_choice: {0}: draw; {1}: credits (Python's ("draw", "credits")).
void potatoes(Game& g, int owner, const Contract& c) {
    if (g.ask(owner, Kind::potatoes_choice, {opt(0), opt(1)}) == 1) gain(g, owner, c.whole("credits"));
    else draw(g, owner, c.whole("cards"));
}
std::string potatoes_option(const Game&, const Option& o, int) { return o.a == 0 ? "'draw'" : "'credits'"; }

// Drones (base_ongoing.py): the owner may draw `cards` for each contract he places (FAQ:
// IE-POWER-20).
// Options of drones_draw: {0}: draw; {1}: pass (Python's ("draw", "pass")).
void drones(Game& g, int owner, const Contract& c, int actor, const Payload&) {
    if (actor != owner) return;
    if (g.ask(owner, Kind::drones_draw, {opt(0), opt(1)}) == 0) draw(g, owner, c.whole("cards"));
}
std::string drones_option(const Game&, const Option& o, int) { return o.a == 0 ? "'draw'" : "'pass'"; }

// The base set's rules and its hundred powers are native (ie_powers.hpp, native_modules).
const ModuleRegistration base_module("base");

const PowerRegistration registered[] = {
    power("Potatoes").on_fulfil(potatoes).params({"credits", "cards"}).render(Kind::potatoes_choice, potatoes_option),
    power("Drones").hook(Event::contract_placed, drones).params({"cards"}).render(Kind::drones_draw, drones_option),
};

}  // namespace

}  // namespace deckhand::ie
