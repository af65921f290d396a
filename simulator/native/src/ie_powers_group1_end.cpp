// Native powers of simulator/games/import_export/powers/base_end.py: the end-of-game powers,
// at the scoring stages of score() (`prepare` moves cards, `counts` changes goods counts and
// values, `awards` changes the majority awards, `game` adds credits). One function per
// card, written as the Python power reads; numbers from the sheet.
#include <algorithm>

#include "ie_powers.hpp"
#include "powers/group1.hpp"

namespace deckhand::ie {
namespace {

using group1::at;
using group1::floordiv;

// Apple Watch: each set of `luxury_per_set` luxury + `consumer_per_set` consumer goods pays
// `pay_per_set` (goods as counted for scoring, Ceramics' included).
void apple_watch(Game&, int owner, const Contract& c, Scoring& sc) {
    const auto& counts = sc.counts[at(owner)];
    const int sets = std::min(floordiv(counts[at(BLUE)], c.whole("luxury_per_set")),
                              floordiv(counts[at(BLACK)], c.whole("consumer_per_set")));
    sc.final[at(owner)] += c.whole("pay_per_set") * sets;
}

// Artifacts: `bonus` for `goods_per_type` goods of every type, on top of the usual set
// bonus (FAQ: 10 + 20 = 30, not 40: IE-POWER-6).
void artifacts(Game&, int owner, const Contract& c, Scoring& sc) {
    for (const int color : GOOD_COLORS)
        if (sc.counts[at(owner)][at(color)] < c.whole("goods_per_type")) return;
    sc.final[at(owner)] += c.whole("bonus");
}

// Ceramics: every `consumer_goods_per_luxury` consumer goods add `luxury_added` luxury
// good(s) to the count (values, majorities, set bonus); they take no goods-limit room.
void ceramics(Game&, int owner, const Contract& c, Scoring& sc) {
    auto& counts = sc.counts[at(owner)];
    counts[at(BLUE)] += floordiv(counts[at(BLACK)], c.whole("consumer_goods_per_luxury")) *
                        c.whole("luxury_added");
}

// Cheap Shirts: crew cards move into the goods up to the goods limit; scoring asks no
// questions, so the crew moves in the order it was taken (IE-POWER-14). Not logged.
void cheap_shirts(Game& g, int owner, const Contract&, Scoring&) {
    auto& crew = g.s.crew[at(owner)];
    auto& goods = g.s.goods[at(owner)];
    int room = goods_limit(g, owner) - goods.size();
    while (room > 0 && !crew.empty()) {
        goods.push_back(crew.pop_at(0));
        --room;
    }
}

// Whether a contract's power in this game has an end-game part (Python: `entries[cid].end`).
bool scores_at_end(const Game& g, int contract_id) {
    const PowerDef* def = g.table().contract(contract_id).power;
    if (def == nullptr) return false;
    for (const EndStage stage : def->end)
        if (stage != nullptr) return true;
    return false;
}

// Diamonds: may move `contracts` fulfilled contracts into the goods, within the goods limit
// (which each move lowers). Chosen for the owner: never one with an end-game power, Diamonds
// included; one of a type he holds fewest of first, illegal before the others on a tie
// (IE-POWER-15). Not logged.
void diamonds(Game& g, int owner, const Contract& c, Scoring&) {
    auto& fulfilled = g.s.fulfilled[at(owner)];
    const int moves = c.whole("contracts");
    for (int move = 0; move < moves; ++move) {
        const auto counts = good_counts(g, owner);
        int best = -1;
        int best_count = 0;
        bool best_not_red = false;
        for (const ContractId cid : fulfilled) {
            if (cid == c.id || scores_at_end(g, cid)) continue;
            const int color = g.table().contract(cid).color;
            const int count = counts[at(color)];
            const bool not_red = color != RED;
            // min() keeps the first of the least (count, not illegal)
            if (best < 0 || count < best_count || (count == best_count && !not_red && best_not_red)) {
                best = cid;
                best_count = count;
                best_not_red = not_red;
            }
        }
        if (best < 0) return;
        leave_fulfilled(g, owner, best);
        if (g.s.goods[at(owner)].size() >= goods_limit(g, owner)) {  // the limit the move lowered
            fulfilled.push_back(static_cast<ContractId>(best));
            return;
        }
        g.s.goods[at(owner)].push_back(static_cast<Card>(g.table().card_of(best)));
    }
}

// Ivory: holding the most illegal goods takes `credits` instead of paying the penalty;
// tied, one takes the share one would have paid (IE-POWER-16).
void ivory(Game&, int owner, const Contract& c, Scoring& sc) {
    int penalties = 0;
    for (const Award& award : sc.awards) penalties += award.color == RED && award.credits < 0;
    for (Award& award : sc.awards) {
        if (award.color != RED || award.credits >= 0) continue;
        if (award.player == owner) award.credits = penalties == 1 ? c.whole("credits") : -award.credits;
    }
}

// Long Coats: each luxury good is worth `value` instead of `base_value`.
void long_coats(Game&, int owner, const Contract& c, Scoring& sc) {
    sc.good_value[at(owner)][at(BLUE)] = c.whole("value");
}

// Nice Suits: `payment` for the most containers on one's ships, at sea included; a tie pays
// nothing (IE-POWER-17), unless the owner wins ties (Foxes: IE-JP-3).
void nice_suits(Game& g, int owner, const Contract& c, Scoring& sc) {
    std::array<int, kMaxPlayers> loaded{};
    for (const Ship& ship : g.s.ships)
        if (ship.owner >= 0) loaded[at(ship.owner)] += ship.cargo.size();
    if (has_most(g, owner, loaded)) sc.final[at(owner)] += c.whole("payment");
}

// Sauna: every majority award of the owner is multiplied by `multiplier`, the illegal
// penalty included.
void sauna(Game&, int owner, const Contract& c, Scoring& sc) {
    for (Award& award : sc.awards)
        if (award.player == owner) award.credits *= c.whole("multiplier");
}

// Velvet Robes: each card in the hand is worth `pay_per_card`.
void velvet_robes(Game& g, int owner, const Contract& c, Scoring& sc) {
    sc.final[at(owner)] += c.whole("pay_per_card") * g.s.hands[at(owner)].size();
}

const PowerRegistration registered[] = {
    power("Apple Watch")
        .end(EndStageName::game, apple_watch)
        .params({"luxury_per_set", "consumer_per_set", "pay_per_set"}),
    power("Artifacts").end(EndStageName::game, artifacts).params({"goods_per_type", "bonus"}),
    power("Ceramics")
        .end(EndStageName::counts, ceramics)
        .params({"consumer_goods_per_luxury", "luxury_added"}),
    power("Cheap Shirts").end(EndStageName::prepare, cheap_shirts),
    power("Diamonds").end(EndStageName::prepare, diamonds).params({"contracts"}),
    power("Ivory").end(EndStageName::awards, ivory).params({"credits"}),
    power("Long Coats").end(EndStageName::counts, long_coats).params({"value"}),
    power("Nice Suits").end(EndStageName::game, nice_suits).params({"payment"}),
    power("Sauna").end(EndStageName::awards, sauna).params({"multiplier"}),
    power("Velvet Robes").end(EndStageName::game, velvet_robes).params({"pay_per_card"}),
};

}  // namespace
}  // namespace deckhand::ie
