// Base-set powers, the worked examples of the native power API (ie_powers.hpp): Python's
// powers/base.py (Almonds: immediate; Onions: an ongoing hook; Gold Stuff: end-game scoring),
// and one power of each other shape: Mineral Fuels (a rule modifier, undone when lost),
// Potatoes (an immediate power that asks) and Drones (a hook that asks). Numbers come from
// the sheet (`c.whole(...)`), never from here.
#include "ie_powers.hpp"

namespace deckhand::ie {

namespace {

inline std::size_t at(int i) { return static_cast<std::size_t>(i); }

// Almonds (base.py): after payment, at most `threshold` credits takes `low_pay`, otherwise
// `high_pay`.
void almonds(Game& g, int owner, const Contract& c) {
    const bool poor = g.s.credits[at(owner)] <= c.whole("threshold");
    gain(g, owner, poor ? c.whole("low_pay") : c.whole("high_pay"));
}

// Onions (base.py): each agriculture contract the owner fulfils (this one included) pays
// `payment`.
void onions(Game& g, int owner, const Contract& c, int actor, const Payload& fulfilled) {
    if (actor != owner) return;
    for (ContractId cid : fulfilled.contracts)
        if (g.table().contract(cid).color == YELLOW) gain(g, owner, c.whole("payment"));
}

// Gold Stuff (base.py): at the end, `pay_per_contract` per fulfilled luxury contract.
void gold_stuff(Game& g, int owner, const Contract& c, Scoring& sc) {
    int luxury = 0;
    for (ContractId cid : g.s.fulfilled[at(owner)]) luxury += g.table().contract(cid).color == BLUE;
    sc.final[at(owner)] += c.whole("pay_per_contract") * luxury;
}

// Mineral Fuels (base_modifiers.py): draw up to `hand_size` instead of the rulebook's five;
// taken away (Stolen Documents: IE-POWER-51), the rulebook's again.
void mineral_fuels(Game& g, int owner, const Contract& c) {
    g.s.mods[at(owner)].draw_to = c.whole("hand_size");
}
void mineral_fuels_lost(Game& g, int owner, const Contract&) { g.s.mods[at(owner)].draw_to.reset(); }

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

const PowerRegistration registered[] = {
    power("Almonds").on_fulfil(almonds).params({"threshold", "low_pay", "high_pay"}),
    power("Onions").hook(Event::contract_fulfilled, onions).params({"payment"}),
    power("Gold Stuff").end(EndStageName::game, gold_stuff).params({"pay_per_contract"}),
    power("Mineral Fuels").on_fulfil(mineral_fuels).on_lose(mineral_fuels_lost).params({"hand_size"}),
    power("Potatoes").on_fulfil(potatoes).params({"credits", "cards"}).render(Kind::potatoes_choice, potatoes_option),
    power("Drones").hook(Event::contract_placed, drones).params({"cards"}).render(Kind::drones_draw, drones_option),
};

}  // namespace

}  // namespace deckhand::ie
