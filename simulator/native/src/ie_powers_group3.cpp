// Base-set ongoing powers, first half (simulator/games/import_export/powers/base_ongoing.py,
// from A Small Tank to Stolen Tires): hooks on engine events while the card is fulfilled, and
// Bok Choy, whose power works from a ship's cargo. Each function ports the Python power of
// the same name line by line: the same decisions with their options in the same order, the
// same draws, the same effects. Numbers come from the card's sheet row (`c.whole(...)`, the
// Python `params=` names).
#include <algorithm>
#include <string>

#include "ie_powers.hpp"

namespace deckhand::ie {
namespace {

// Options of Shoes' question, as Python's ("draw", "pass"): {kDraw}, {kPass}.
constexpr int kDraw = 0;
constexpr int kPass = 1;
// Options of Protractors' question, as Python's ("take", "pass"): {kTake}, {kPass}.
constexpr int kTake = 0;

inline std::size_t at(int i) { return static_cast<std::size_t>(i); }

// How the options read, as Python's repr writes them (the differential test compares them).
std::string card_option(const Game&, const Option& o, int) { return std::to_string(o.a); }
std::string draw_option(const Game&, const Option& o, int) { return o.a == kDraw ? "'draw'" : "'pass'"; }
std::string take_option(const Game&, const Option& o, int) { return o.a == kTake ? "'take'" : "'pass'"; }

int color_of_contract(const Game& g, int contract_id) { return g.table().contract(contract_id).color; }

// ---------------------------------------------------------------- completing, placing, goods

// A Small Tank (IE-POWER-18, IE-POWER-1): another player completing contracts gives the
// owner `cards` card(s) of his choice per contract; with too few cards he gives nothing.
// Options (small_tank_give, context: the owner): {card} per card of the giver's hand, in
// hand order.
void a_small_tank(Game& g, int owner, const Contract& c, int actor, const Payload& payload) {
    if (actor == owner) return;
    const int k = c.whole("cards");
    Zone& hand = g.s.hands[at(actor)];
    for (int done = 0; done < payload.contracts.size(); ++done) {
        if (hand.size() < k) return;
        for (int i = 0; i < k; ++i) {
            Options options;
            for (Card card : hand) options.push_back(opt(card));
            const Card card = hand[g.ask(actor, Kind::small_tank_give, options, owner)];
            hand.remove(card);
            g.s.hands[at(owner)].push_back(card);
        }
    }
}

// Bok Choy (IE-POWER-19): carried by a ship whose non-agricultural contract completes, it
// pays the ship's owner `bonus`: the contract it filled, or, left by a discarded contract,
// any completed one not agricultural.
void bok_choy(Game& g, const Contract& c, int /*card*/, int ship,
              const SmallVec<ContractId, kMaxShipContracts>& contracts, int filled) {
    bool pays = false;
    if (filled >= 0) {
        pays = color_of_contract(g, contracts[filled]) != YELLOW;
    } else {
        for (ContractId cid : contracts) pays = pays || color_of_contract(g, cid) != YELLOW;
    }
    if (pays) gain(g, g.s.ships[ship].owner, c.whole("bonus"));
}

// The type a good that joined p's goods counts as (powers.common.goods_types, IE-CAP-26):
// its printed colour, or for a grey Capital good the type of p's leftmost non-Capital good
// (GREY while he has none), read from his goods as they stand.
int joined_good_type(const Game& g, int p, int card) {
    const int color = g.table().color[at(card)];
    if (color != GREY) return color;
    const Zone& goods = g.s.goods[at(p)];
    const auto types = types_of_goods(g, goods);
    int found = GREY;  // Python: dict(goods_types(...)).get(card, GREY), the last pair wins
    for (int j = 0; j < goods.size(); ++j)
        if (goods[j] == card) found = types[j];
    return found;
}

// Bubblegum and Chapstick (IE-CAP-26): `payment` whenever a consumer good joins any
// player's goods, a grey Capital good counting as one included; only the good that joined
// pays (base_ongoing._consumer_good).
void consumer_good(Game& g, int owner, const Contract& c, int actor, const Payload& payload) {
    if (joined_good_type(g, actor, payload.card) == BLACK) gain(g, owner, c.whole("payment"));
}

// Drones (IE-POWER-20) is registered in ie_powers_base.cpp, the framework's worked example of
// a hook that asks (the same code as base_ongoing.drones: options ("draw", "pass")); it is
// not registered twice here (a second registration of a name is an error).

// Helicopter (IE-POWER-21): any luxury contract placed sets `credits` aside for the owner,
// taken at the end; they do not count during the game.
void helicopter(Game& g, int owner, const Contract& c, int /*actor*/, const Payload& payload) {
    if (color_of_contract(g, payload.contract) == BLUE) {
        Mods& mods = g.s.mods[at(owner)];
        mods.helicopter_credits = mods.helicopter_credits.value_or(0) + c.whole("credits");
    }
}

// Helicopter at the end (IE-POWER-21): the credits set aside join the owner's final credits.
void helicopter_end(Game& g, int owner, const Contract& /*c*/, Scoring& sc) {
    sc.final[at(owner)] +=
        g.s.mods[at(owner)].helicopter_credits.value_or(0);
}

// Laptops (IE-POWER-22): draw `cards` for each contract one completes with a tech container
// on it: one it filled, or one left on the ship by a discarded contract. The ship's colours
// are read as they stand now, against the payload's `filled` (as Python does).
void laptops(Game& g, int owner, const Contract& c, int actor, const Payload& payload) {
    if (actor != owner) return;
    const auto& colors = g.s.ships[payload.ship].cargo_colors;
    for (int k = 0; k < payload.contracts.size(); ++k) {
        bool tech = false;
        for (int j = 0; j < colors.size() && !tech; ++j) {
            if (colors[j] != GREEN) continue;
            if (j >= payload.filled.size())  // Python's filled[j] would raise IndexError
                throw NativeError("Laptops: the ship carries more containers than it completed with");
            tech = payload.filled[j] == k || payload.filled[j] == -1;
        }
        if (tech) draw(g, owner, c.whole("cards"));
    }
}

// Mouthwash: `payment` for each consumer contract one completes after Mouthwash (not itself).
void mouthwash(Game& g, int owner, const Contract& c, int actor, const Payload& payload) {
    if (actor != owner) return;
    for (ContractId cid : payload.contracts)
        if (cid != c.id && color_of_contract(g, cid) == BLACK) gain(g, owner, c.whole("payment"));
}

// Pistols (IE-POWER-1): another player completing an illegal contract pays the owner
// `payment`, if he can.
void pistols(Game& g, int owner, const Contract& c, int actor, const Payload& payload) {
    if (actor == owner) return;
    for (ContractId cid : payload.contracts)
        if (color_of_contract(g, cid) == RED) transfer(g, actor, owner, c.whole("payment"));
}

// Rare Metals: `bonus` when one ship of the owner completes a tech and a consumer contract
// together.
void rare_metals(Game& g, int owner, const Contract& c, int actor, const Payload& payload) {
    if (actor != owner) return;
    bool tech = false, consumer = false;
    for (ContractId cid : payload.contracts) {
        tech = tech || color_of_contract(g, cid) == GREEN;
        consumer = consumer || color_of_contract(g, cid) == BLACK;
    }
    if (tech && consumer) gain(g, owner, c.whole("bonus"));
}

// Shoes: may draw `cards` each time any contract is completed (Shoes included).
// Options (shoes_draw): {kDraw}, {kPass}, as Python's ("draw", "pass").
void shoes(Game& g, int owner, const Contract& c, int /*actor*/, const Payload& payload) {
    for (int done = 0; done < payload.contracts.size(); ++done)
        if (g.ask(owner, Kind::shoes_draw, {opt(kDraw), opt(kPass)}) == kDraw)
            draw(g, owner, c.whole("cards"));
}

// Sugar: `payment` when one places an agricultural contract.
void sugar(Game& g, int owner, const Contract& c, int actor, const Payload& payload) {
    if (actor == owner && color_of_contract(g, payload.contract) == YELLOW)
        gain(g, owner, c.whole("payment"));
}

// ---------------------------------------------------------------- turn, import, pirate

// Books (IE-POWER-25): leading an Import that at least `min_followers` player(s) follow by
// playing a card pays `payment`, at most `max_per_turn` a turn.
void books(Game& g, int owner, const Contract& c, int actor, const Payload& payload) {
    if (actor == owner && payload.action == IMPORT &&
        payload.followers.size() >= c.whole("min_followers"))
        gain(g, owner, std::min(c.whole("payment"), c.whole("max_per_turn")));
}

// Cannabis (IE-POWER-31, IE-POWER-1): another player taking red containers in an import
// round pays the owner `payment` once for that round, if he can.
void cannabis(Game& g, int owner, const Contract& c, int actor, const Payload& payload) {
    if (actor == owner) return;
    for (const auto& taken : payload.taken) {
        if (taken.second == RED) {
            transfer(g, actor, owner, c.whole("payment"));
            return;
        }
    }
}

// Protractors (IE-POWER-30): after another player's import round, if the ship keeps
// containers, the owner may import `containers` of them for free; its owner is not paid.
// Options (protractors_take, context: the ship): {kTake}, {kPass}, as Python's
// ("take", "pass").
void protractors(Game& g, int owner, const Contract& c, int actor, const Payload& payload) {
    if (payload.ship < 0) return;  // from the supply island (Dark Flight), not a ship at sea
    const Ship& ship = g.s.ships[payload.ship];
    if (actor == owner || !ship.at_sea || ship.cargo.empty()) return;
    if (g.ask(owner, Kind::protractors_take, {opt(kTake), opt(kPass)}, payload.ship) == kTake)
        take_from_ship(g, owner, payload.ship, c.whole("containers"));
}

// Poison Bottles (IE-POWER-26, IE-POWER-1): another player's Pirate action pays the owner
// `payment` (if he can), at most `uses_per_turn` times per player per turn.
void poison_bottles(Game& g, int owner, const Contract& c, int actor, const Payload& /*payload*/) {
    if (actor == owner) return;
    Mods& mods = g.s.mods[at(owner)];
    TurnPlayers paid = mods.poison_bottles.value_or(TurnPlayers{});
    if (paid.turn != g.s.turn) paid.players.clear();
    if (paid.players.count(static_cast<std::int8_t>(actor)) < c.whole("uses_per_turn")) {
        transfer(g, actor, owner, c.whole("payment"));
        paid.turn = g.s.turn;
        paid.players.push_back(static_cast<std::int8_t>(actor));
        mods.poison_bottles = paid;
    }
}

// Stolen Rice: `payment` each time the owner plunders an agricultural container.
void stolen_rice(Game& g, int owner, const Contract& c, int actor, const Payload& payload) {
    if (actor == owner && payload.color == YELLOW) gain(g, owner, c.whole("payment"));
}

// Stolen Tires: each card the owner takes with a Pirate action: draw `cards`, then the next
// deck card goes to the supply island.
void stolen_tires(Game& g, int owner, const Contract& c, int actor, const Payload& /*payload*/) {
    if (actor != owner) return;
    draw(g, owner, c.whole("cards"));
    const int card = deck_pop(g);
    if (card >= 0) g.s.island.push_back(static_cast<Card>(card));
}

const PowerRegistration registered[] = {
    power("A Small Tank")
        .hook(Event::contract_fulfilled, a_small_tank)
        .params({"cards"})
        .render(Kind::small_tank_give, card_option),
    power("Bok Choy").on_cargo(bok_choy).params({"bonus"}),
    power("Bubblegum").hook(Event::goods_added, consumer_good).params({"payment"}),
    power("Chapstick").hook(Event::goods_added, consumer_good).params({"payment"}),
    power("Helicopter")
        .hook(Event::contract_placed, helicopter)
        .end(EndStageName::game, helicopter_end)
        .params({"credits"}),
    power("Laptops").hook(Event::ship_completed, laptops).params({"cards"}),
    power("Mouthwash").hook(Event::contract_fulfilled, mouthwash).params({"payment"}),
    power("Pistols").hook(Event::contract_fulfilled, pistols).params({"payment"}),
    power("Rare Metals").hook(Event::contract_fulfilled, rare_metals).params({"bonus"}),
    power("Shoes")
        .hook(Event::contract_fulfilled, shoes)
        .params({"cards"})
        .render(Kind::shoes_draw, draw_option),
    power("Sugar").hook(Event::contract_placed, sugar).params({"payment"}),
    power("Books")
        .hook(Event::action_declared, books)
        .params({"min_followers", "payment", "max_per_turn"}),
    power("Cannabis").hook(Event::imported, cannabis).params({"payment"}),
    power("Protractors")
        .hook(Event::imported, protractors)
        .params({"containers"})
        .render(Kind::protractors_take, take_option),
    power("Poison Bottles").hook(Event::plundered, poison_bottles).params({"payment", "uses_per_turn"}),
    power("Stolen Rice").hook(Event::plundered, stolen_rice).params({"payment"}),
    power("Stolen Tires").hook(Event::plundered, stolen_tires).params({"cards"}),
};

}  // namespace
}  // namespace deckhand::ie
