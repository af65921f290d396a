// Native powers of simulator/games/import_export/powers/base_modifiers.py: each changes a rule
// for its owner by setting one of his rule modifiers (State::mods, mods.py) when fulfilled,
// and, where Python registers an on_lose, clearing it if the card is taken from him (Stolen
// Documents: IE-POWER-51). The rules read the modifier where the rule lives (ie_*.cpp, as
// Python's rules do). Numbers come from the sheet.
#include "ie_powers.hpp"
#include "powers/group1.hpp"

namespace deckhand::ie {
namespace {

using group1::at;

Mods& mods_of(Game& g, int p) { return g.s.mods[at(p)]; }

// MRI Machine: the credit end condition becomes `threshold` instead of 50, for every
// player: the text changes the condition, not the owner's (IE-POWER-23).
void mri_machine(Game& g, int, const Contract& c) {
    for (int q = 0; q < g.s.n; ++q) mods_of(g, q).end_credits = c.whole("threshold");
}

// Tablets: ships carry up to `capacity`; 8-9 containers pay `pay_8_9`, 10 pay `pay_10`.
void tablets(Game& g, int owner, const Contract& c) {
    Mods& mods = mods_of(g, owner);
    mods.capacity = c.whole("capacity");
    mods.pay_bands.clear();
    mods.pay_bands.push_back({10, c.whole("pay_10")});
    mods.pay_bands.push_back({8, c.whole("pay_8_9")});
}

// Tablets taken away (Stolen Documents: IE-POWER-51): the usual capacity and payouts again.
void tablets_lost(Game& g, int owner, const Contract&) {
    Mods& mods = mods_of(g, owner);
    mods.capacity.reset();
    mods.pay_bands.clear();
}

// The colour powers: containers of a colour become wild on the owner's ships, loaded or
// pirated (IE-POWER-7); or the owner's contracts of a colour take any container, a rainbow
// requirement (FAQ: IE-POWER-8). Each is the colour's bit in one set of the owner's, and
// leaves it if the card is taken from him (IE-POWER-51).
template <int Color>
void wild(Game& g, int owner, const Contract&) {
    mods_of(g, owner).wild_colors |= static_cast<std::uint8_t>(1U << Color);
}
template <int Color>
void wild_lost(Game& g, int owner, const Contract&) {
    mods_of(g, owner).wild_colors &= static_cast<std::uint8_t>(~(1U << Color));
}
template <int Color>
void rainbow(Game& g, int owner, const Contract&) {
    mods_of(g, owner).rainbow_colors |= static_cast<std::uint8_t>(1U << Color);
}
template <int Color>
void rainbow_lost(Game& g, int owner, const Contract&) {
    mods_of(g, owner).rainbow_colors &= static_cast<std::uint8_t>(~(1U << Color));
}

// Fake DVDs: another player paying `threshold`+ credits at once pays the owner `payment` from
// the bank (IE-POWER-33). (Python registers no on_lose: a tech contract alone can be stolen.)
void fake_dvds(Game& g, int owner, const Contract& c) {
    mods_of(g, owner).spend_watch = std::make_pair(c.whole("threshold"), c.whole("payment"));
}

// Mineral Fuels: draw up to `hand_size` instead of the rulebook's five.
void mineral_fuels(Game& g, int owner, const Contract& c) {
    mods_of(g, owner).draw_to = c.whole("hand_size");
}
void mineral_fuels_lost(Game& g, int owner, const Contract&) { mods_of(g, owner).draw_to.reset(); }

// Can Openers: the owner no longer triggers the end by credits (IE-POWER-23).
void can_openers(Game& g, int owner, const Contract&) { mods_of(g, owner).no_credit_end = true; }
void can_openers_lost(Game& g, int owner, const Contract&) { mods_of(g, owner).no_credit_end = false; }

// Pants: another player importing from the owner's ship pays him `payment` instead of 2.
void pants(Game& g, int owner, const Contract& c) {
    mods_of(g, owner).owner_compensation = c.whole("payment");
}
void pants_lost(Game& g, int owner, const Contract&) { mods_of(g, owner).owner_compensation.reset(); }

// Shampoo: importing, one may take `containers` cards instead of 2 (FAQ: IE-POWER-11); the
// import rounds ask shampoo_take.
void shampoo(Game& g, int owner, const Contract& c) { mods_of(g, owner).import_take = c.whole("containers"); }
void shampoo_lost(Game& g, int owner, const Contract&) { mods_of(g, owner).import_take.reset(); }

// Fridges: every `tech_goods_per_action` tech goods act as one Load crew card, outside the
// crew limit (FAQ: IE-POWER-9).
void fridges(Game& g, int owner, const Contract& c) {
    mods_of(g, owner).virtual_load_per_tech = c.whole("tech_goods_per_action");
}
void fridges_lost(Game& g, int owner, const Contract&) { mods_of(g, owner).virtual_load_per_tech = 0; }

// Cannons: Pirate cards in the others' crews count as the owner's crew too, outside his crew
// limit (FAQ: IE-POWER-10).
void cannons(Game& g, int owner, const Contract&) { mods_of(g, owner).shared_pirate_crew = true; }
void cannons_lost(Game& g, int owner, const Contract&) { mods_of(g, owner).shared_pirate_crew = false; }

// Smart Cars: a Load may instead put any hand card on the island for `payment`, once a turn
// (`uses_per_turn`, which the engine applies as one; IE-POWER-52); the Load asks
// smart_cars_use.
void smart_cars(Game& g, int owner, const Contract& c) { mods_of(g, owner).load_to_island = c.whole("payment"); }
void smart_cars_lost(Game& g, int owner, const Contract&) { mods_of(g, owner).load_to_island.reset(); }

// Cell Phones: a Load may instead draw the top card (`cards`), loaded if it can be, else kept
// (FAQ: IE-POWER-34); the Load asks cell_phones_use and cell_phones_load.
void cell_phones(Game& g, int owner, const Contract& c) { mods_of(g, owner).load_draw = c.whole("cards"); }
void cell_phones_lost(Game& g, int owner, const Contract&) { mods_of(g, owner).load_draw = 0; }

// Stem Cells: a plundered container may go to the goods for `cost` (IE-POWER-35); the
// Pirate action asks stem_cells_use.
void stem_cells(Game& g, int owner, const Contract& c) {
    mods_of(g, owner).plunder_to_goods_cost = c.whole("cost");
}
void stem_cells_lost(Game& g, int owner, const Contract&) { mods_of(g, owner).plunder_to_goods_cost.reset(); }

// Exotic Fish: `credit_multiplier` times every other player's credits and the most goods win
// the game (checked at the end of each turn: IE-POWER-32). A number, not only a whole one.
void exotic_fish(Game& g, int owner, const Contract& c) {
    mods_of(g, owner).win_credit_multiplier = c.number("credit_multiplier");
}
void exotic_fish_lost(Game& g, int owner, const Contract&) { mods_of(g, owner).win_credit_multiplier.reset(); }

// Machine Arms: leading a Load, the owner may load as many hand cards as he wants and can
// (IE-POWER-41); the Load asks machine_arms_load.
void machine_arms(Game& g, int owner, const Contract&) { mods_of(g, owner).load_unlimited = true; }
void machine_arms_lost(Game& g, int owner, const Contract&) { mods_of(g, owner).load_unlimited = false; }

// Dark Flight: choosing the ship of an import round, the owner may choose the supply island;
// its winning bid is paid to him, even his own (IE-POWER-46); the import asks
// dark_flight_source and dark_flight_bid.
void dark_flight(Game& g, int owner, const Contract&) { mods_of(g, owner).import_from_island = true; }
void dark_flight_lost(Game& g, int owner, const Contract&) { mods_of(g, owner).import_from_island = false; }

// Mini Van: the owner's Pirate actions may also take a container of another player's ship at
// port, the deck's top card or a random card of another player's hand; unloaded, it is
// discarded (IE-POWER-47).
void mini_van(Game& g, int owner, const Contract&) { mods_of(g, owner).pirate_anywhere = true; }
void mini_van_lost(Game& g, int owner, const Contract&) { mods_of(g, owner).pirate_anywhere = false; }

// Prefab Home: the owner's luxury contracts may complete with `cargo_fraction` of their
// containers, rounded up, of the cargo colours of his choice (IE-POWER-50); the completion
// asks prefab_home_complete. A number, not only a whole one.
void prefab_home(Game& g, int owner, const Contract& c) {
    mods_of(g, owner).luxury_cargo_fraction = c.number("cargo_fraction");
}
void prefab_home_lost(Game& g, int owner, const Contract&) { mods_of(g, owner).luxury_cargo_fraction.reset(); }

// Tortillas takes containers of any colour while it is a contract (IE-POWER-24): a flag the
// cargo rules read, no function.

const PowerRegistration registered[] = {
    power("MRI Machine").on_fulfil(mri_machine).params({"threshold"}),
    power("Tablets").on_fulfil(tablets).on_lose(tablets_lost).params({"capacity", "pay_8_9", "pay_10"}),
    power("Big Cats").on_fulfil(wild<RED>).on_lose(wild_lost<RED>),
    power("Impalas").on_fulfil(wild<BLUE>).on_lose(wild_lost<BLUE>),
    power("Soap").on_fulfil(wild<BLACK>).on_lose(wild_lost<BLACK>),
    power("Televisions").on_fulfil(wild<GREEN>).on_lose(wild_lost<GREEN>),
    power("Wheat").on_fulfil(wild<YELLOW>).on_lose(wild_lost<YELLOW>),
    power("Candy").on_fulfil(rainbow<BLACK>).on_lose(rainbow_lost<BLACK>),
    power("Coffee").on_fulfil(rainbow<YELLOW>).on_lose(rainbow_lost<YELLOW>),
    power("Generators").on_fulfil(rainbow<GREEN>).on_lose(rainbow_lost<GREEN>),
    power("Seeds").on_fulfil(rainbow<RED>).on_lose(rainbow_lost<RED>),
    power("Tortillas").any_cargo(),
    power("Fake DVDs").on_fulfil(fake_dvds).params({"threshold", "payment"}),
    power("Mineral Fuels").on_fulfil(mineral_fuels).on_lose(mineral_fuels_lost).params({"hand_size"}),
    power("Can Openers").on_fulfil(can_openers).on_lose(can_openers_lost),
    power("Pants").on_fulfil(pants).on_lose(pants_lost).params({"payment"}),
    power("Shampoo").on_fulfil(shampoo).on_lose(shampoo_lost).params({"containers"}),
    power("Fridges").on_fulfil(fridges).on_lose(fridges_lost).params({"tech_goods_per_action"}),
    power("Cannons").on_fulfil(cannons).on_lose(cannons_lost),
    power("Smart Cars").on_fulfil(smart_cars).on_lose(smart_cars_lost).params({"payment"}),
    power("Cell Phones").on_fulfil(cell_phones).on_lose(cell_phones_lost).params({"cards"}),
    power("Stem Cells").on_fulfil(stem_cells).on_lose(stem_cells_lost).params({"cost"}),
    power("Exotic Fish").on_fulfil(exotic_fish).on_lose(exotic_fish_lost).params({"credit_multiplier"}),
    power("Machine Arms").on_fulfil(machine_arms).on_lose(machine_arms_lost),
    power("Dark Flight").on_fulfil(dark_flight).on_lose(dark_flight_lost),
    power("Mini Van").on_fulfil(mini_van).on_lose(mini_van_lost),
    power("Prefab Home").on_fulfil(prefab_home).on_lose(prefab_home_lost).params({"cargo_fraction"}),
};

}  // namespace
}  // namespace deckhand::ie
