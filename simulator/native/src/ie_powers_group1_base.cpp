// Native powers of simulator/games/import_export/powers/base.py: Almonds, Onions, Gold
// Stuff. One function per card, written as the Python power reads; numbers from the sheet.
#include "ie_powers.hpp"
#include "powers/group1.hpp"

namespace deckhand::ie {
namespace {

// Almonds: after the payout, at most `threshold` credits takes `low_pay`, otherwise
// `high_pay`.
void almonds(Game& g, int owner, const Contract& c) {
    const bool poor = g.s.credits[group1::at(owner)] <= c.whole("threshold");
    gain(g, owner, poor ? c.whole("low_pay") : c.whole("high_pay"));
}

// Onions: each agriculture contract the owner fulfils (this one included: its hook is
// listening before contract_fulfilled is told) pays `payment`.
void onions(Game& g, int owner, const Contract& c, int actor, const Payload& payload) {
    if (actor != owner) return;
    for (const ContractId cid : payload.contracts)
        if (g.table().contract(cid).color == YELLOW) gain(g, owner, c.whole("payment"));
}

// Gold Stuff: at the end, `pay_per_contract` per fulfilled luxury contract.
void gold_stuff(Game& g, int owner, const Contract& c, Scoring& sc) {
    int luxury = 0;
    for (const ContractId cid : g.s.fulfilled[group1::at(owner)])
        luxury += g.table().contract(cid).color == BLUE;
    sc.final[group1::at(owner)] += c.whole("pay_per_contract") * luxury;
}

const PowerRegistration registered[] = {
    power("Almonds").on_fulfil(almonds).params({"threshold", "low_pay", "high_pay"}),
    power("Onions").hook(Event::contract_fulfilled, onions).params({"payment"}),
    power("Gold Stuff").end(EndStageName::game, gold_stuff).params({"pay_per_contract"}),
};

}  // namespace
}  // namespace deckhand::ie
