// The Kickstarter 2 expansion's 10 powers (powers/kickstarter2.py), one function per card
// (two where Python registers two), as the rulebook reads; rulings IE-KSB-n (docs/rulings.md,
// "Card powers (Kickstarter 2)"). The rules they change are read where the rule lives,
// through the owner's modifiers (Mods in ie_state.hpp): follow_any_card (3D Printers) and
// follow_as (Neural Units) in ie_turn.cpp, sea_return_at (Aeroponics) in ie_ships.cpp,
// ie_fulfilment.cpp and ie_auctions.cpp; draws reach Nanobots through cards_drawn, loads
// reach Fixie Bikes through load_action.
#include "ie_powers.hpp"

namespace deckhand::ie {
namespace {

inline std::size_t at(int i) { return static_cast<std::size_t>(i); }

constexpr int kStop = -1;  // AR Glasses' "stop"
// Railguns' answers: {0}: credits; {1, contract id}: a completed contract; {2}: goods.
constexpr int kCredits = 0;
constexpr int kContract = 1;
constexpr int kGoods = 2;
// Neural Units' way to follow: any led action, performing Load actions, with a Load card.
constexpr std::array<std::int8_t, 3> NEURAL_FOLLOW = {-1, LOAD, LOAD};

// ---------------------------------------------------------------- immediate powers

// AR Glasses: perform up to `actions` actions alone, each with a card from the hand
// performing its printed action (no wildcard pairs), no crew added, nobody following or
// drawing; played cards go to the discard pile (IE-KSB-3; solo_action, as Platinum Rings).
void ar_glasses(Game& g, int owner, const Contract& c) {
    State& s = g.s;
    for (int k = 0; k < c.whole("actions"); ++k) {
        Zone& hand = s.hands[at(owner)];
        if (hand.empty()) return;
        Options options{opt(kStop)};  // "stop", then the hand's cards in order
        for (Card card : hand) options.push_back(opt(card));
        const int card = options[at(g.ask(owner, Kind::ar_glasses_play, options))].a;
        if (card == kStop) return;
        hand.remove(static_cast<Card>(card));
        to_discard(g, owner, card);
        s.log_event(owner, Logged::played, card);
        solo_action(g, owner, g.table().action[at(card)]);
    }
}

// A completed contract changes hands: the giver loses its power (hooks, modifiers), the
// taker gains its ongoing part; an immediate power does not resolve again (IE-KSB-8).
void take_contract(Game& g, int giver, int taker, int cid) {
    lost(g, giver, cid);
    leave_fulfilled(g, giver, cid);
    g.s.fulfilled[at(taker)].push_back(static_cast<ContractId>(cid));
    gained(g, taker, cid);
}

// Railguns: every other player, clockwise, gives the owner `credits` credits, one of his
// completed contracts, or `goods` of his goods (which join the owner's goods within the
// limit), his choice among those he can give in full; one who can give none gives nothing
// (IE-KSB-8).
void railguns(Game& g, int owner, const Contract& c) {
    State& s = g.s;
    for (int q : other_players(g, owner)) {
        Options options;
        if (s.credits[at(q)] >= c.whole("credits")) options.push_back(opt(kCredits));
        for (ContractId cid : s.fulfilled[at(q)]) options.push_back(opt(kContract, cid));
        if (s.goods[at(q)].size() >= c.whole("goods")) options.push_back(opt(kGoods));
        if (options.empty()) continue;
        // context: the owner
        const Option choice = options[at(g.ask(q, Kind::railguns_give, options, owner))];
        if (choice.a == kCredits) {
            transfer(g, q, owner, c.whole("credits"));
        } else if (choice.a == kGoods) {
            for (int k = 0; k < c.whole("goods"); ++k) {
                Options goods;  // {card}: a good of his, in goods order; context: the owner
                for (Card card : s.goods[at(q)]) goods.push_back(opt(card));
                const int card = goods[at(g.ask(q, Kind::railguns_good, goods, owner))].a;
                s.goods[at(q)].remove(static_cast<Card>(card));
                add_goods(g, owner, card);
            }
        } else {
            take_contract(g, q, owner, choice.b);
        }
    }
}

// Sanitizer: the owner discards cards of his choice (asked as `kind`) until `cards` fit
// the limit.
Zone trim(Game& g, int owner, Zone cards, int limit, Kind kind) {
    State& s = g.s;
    while (cards.size() > limit) {
        Options options;  // {card}, in order
        for (Card card : cards) options.push_back(opt(card));
        const int card = options[at(g.ask(owner, kind, options))].a;
        cards.remove(static_cast<Card>(card));
        s.moving.remove(static_cast<Card>(card));
        to_discard(g, owner, card);
    }
    return cards;
}

// Sanitizer: the whole crew and the whole goods swap places; then the owner discards cards
// of his choice from each that is over its limit. Cards joining the goods are told to the
// powers once the discards are done (IE-KSB-9), placed as any good (goods_in).
void sanitizer(Game& g, int owner, const Contract&) {
    State& s = g.s;
    const Zone crew = s.crew[at(owner)];
    const Zone goods = s.goods[at(owner)];
    s.crew[at(owner)].clear();
    s.goods[at(owner)].clear();
    s.moving.extend(crew);  // swapped first, then trimmed (the rulebook's order)
    s.moving.extend(goods);
    const Zone new_crew = trim(g, owner, goods, crew_limit(g, owner), Kind::sanitizer_discard_crew);
    const Zone new_goods = trim(g, owner, crew, goods_limit(g, owner), Kind::sanitizer_discard_goods);
    for (Card card : new_crew) {
        s.moving.remove(card);
        s.crew[at(owner)].push_back(card);
        if (card < g.table().n_cards) s.log_event(owner, Logged::crew, card);  // a container is not logged (IE-VAR-5)
    }
    Zone placed;
    for (Card card : new_goods) {
        s.moving.remove(card);
        placed.push_back(static_cast<Card>(goods_in(g, owner, card)));
    }
    if (!listening(g, Event::goods_added)) return;
    for (Card card : placed) {
        Payload payload;
        payload.card = card;
        emit(g, Event::goods_added, owner, payload);
    }
}

// ---------------------------------------------------------------- rule modifiers

// 3D Printers: following, the owner may play any card of his hand to declare the led
// action, which he still performs; leading, his cards count as usual (IE-KSB-1).
void three_d_printers(Game& g, int owner, const Contract&) { g.s.mods[at(owner)].follow_any_card = true; }
void three_d_printers_lost(Game& g, int owner, const Contract&) { g.s.mods[at(owner)].follow_any_card = false; }

// Aeroponics: a ship of the owner at sea left with `containers_left` container(s) comes home
// at once with it still loaded, in the middle of an action if need be (IE-KSB-2). Ships
// already so come home as it is completed.
void aeroponics(Game& g, int owner, const Contract& c) {
    g.s.mods[at(owner)].sea_return_at = c.whole("containers_left");
    for (int i = 0; i < g.s.ships.size(); ++i)
        if (g.s.ships[i].owner == owner) ship_home(g, i);
}
void aeroponics_lost(Game& g, int owner, const Contract&) { g.s.mods[at(owner)].sea_return_at.reset(); }

// Neural Units: the owner may follow any led action by playing a Load card (or a wildcard
// pair) and then performs Load actions only (with his Load crew), not the led action
// (IE-KSB-6).
void neural_units(Game& g, int owner, const Contract&) {
    auto& ways = g.s.mods[at(owner)].follow_as;
    if (!ways.contains(NEURAL_FOLLOW)) ways.push_back(NEURAL_FOLLOW);
}
void neural_units_lost(Game& g, int owner, const Contract&) {
    auto& ways = g.s.mods[at(owner)].follow_as;
    if (ways.contains(NEURAL_FOLLOW)) ways.remove(NEURAL_FOLLOW);
}

// ---------------------------------------------------------------- ongoing hooks

// Fixie Bikes: `payment` for each container any player (the owner too) loads with a Load
// action: declared, or a power's Load action (Nanobots, AR Glasses); not a Pirate action's
// or a power's extra load (IE-KSB-4).
void fixie_bikes(Game& g, int owner, const Contract& c, int, const Payload& payload) {
    gain(g, owner, c.whole("payment") * payload.cards.size());
}

// Nanobots: each time the owner draws cards (a Draw action or a power's draw), once they are
// in his hand, he may perform `free_loads` free Load action(s) if a hand card can be loaded;
// nobody follows it (FAQ: IE-KSB-5).
void nanobots(Game& g, int owner, const Contract& c, int actor, const Payload&) {
    if (actor != owner) return;
    for (int k = 0; k < c.whole("free_loads"); ++k) {
        Options loads;
        load_options(g, owner, g.s.hands[at(owner)], loads);
        if (loads.empty()) return;
        // Options: {0}: pass, {1}: load.
        if (g.ask(owner, Kind::nanobots_load, {opt(0), opt(1)}) == 0) return;
        load_action(g, owner);
    }
}

// The colour a container just loaded counts as (-1 if it is on no ship).
int loaded_as(const Game& g, int card) {
    for (const Ship& ship : g.s.ships) {
        const int j = ship.cargo.index_of(static_cast<Card>(card));
        if (j >= 0) return ship.cargo_colors[j];
    }
    return -1;
}

// Oat Milk: whenever any player (the owner too) loads a container as agricultural onto his
// ship (any Load, a plunder, a power), the owner may take `credits` or draw `cards`
// (IE-KSB-7).
void oat_milk(Game& g, int owner, const Contract& c, int actor, const Payload& payload) {
    if (loaded_as(g, payload.card) != YELLOW) return;
    // Options: {0}: pass, {1}: credits, {2}: draw; context: the loading player.
    const int choice = g.ask(owner, Kind::oat_milk_take, {opt(0), opt(1), opt(2)}, actor);
    if (choice == 1) gain(g, owner, c.whole("credits"));
    else if (choice == 2) draw(g, owner, c.whole("cards"));
}

// Segways' uses: {0}: to the crew, {1}: to the goods, {2, ship, colour}: loaded.
constexpr int kToCrew = 0;
constexpr int kToGoods = 1;
constexpr int kLoad = 2;

// Segways: once completed, it may move to the owner's crew or goods, each only with room
// under its limit once Segways has left the completed contracts (FAQ), or be loaded as a
// container on a ship of his at port with a need it fits (not a Load action); at any time,
// in anyone's turn and "even at the end of the game", before scoring. Leaving lowers his
// limits; nothing is discarded for it (FAQ: IE-KSB-10).
void segways(const Game& g, int owner, const Contract& c, const Moment&, std::vector<UseArgs>& uses) {
    const auto cid = static_cast<ContractId>(c.id);
    // the limits as they are once Segways has left (and back, as Python's pop and insert)
    auto& fulfilled = const_cast<Game&>(g).s.fulfilled[at(owner)];
    const int where = fulfilled.index_of(cid);
    if (where < 0) return;  // a copy (Wind Turbines) has no card to move
    const int card = c.card;
    fulfilled.pop_at(where);
    if (g.s.crew[at(owner)].size() < crew_limit(g, owner)) uses.push_back(use_args(kToCrew));
    if (goods_fit(g, owner, card)) uses.push_back(use_args(kToGoods));
    fulfilled.insert(where, cid);
    for (std::int8_t i : ships_in_port(g, owner)) {
        SmallVec<std::int8_t, 4> seen;  // dict.fromkeys(colors): each colour once
        for (auto color : g.table().colors[at(card)]) {
            if (seen.contains(color)) continue;
            seen.push_back(color);
            if (color != GREY && fits(g, g.s.ships[i], color)) uses.push_back(use_args(kLoad, i, color));
        }
    }
}

void segways_move(Game& g, int owner, const Contract& c, const UseArgs& args, const Moment&) {
    lost(g, owner, c.id);
    leave_fulfilled(g, owner, c.id);
    if (args[0] == kToCrew) to_crew(g, owner, c.card);
    else if (args[0] == kToGoods) add_goods(g, owner, c.card);
    else load_container(g, owner, args[1], c.card, args[2]);
}

// ---------------------------------------------------------------- options as Python's repr

std::string str(int v) { return std::to_string(v); }
std::string number_option(const Game&, const Option& o, int) { return str(o.a); }
std::string ar_glasses_option(const Game&, const Option& o, int) { return o.a == kStop ? "'stop'" : str(o.a); }
std::string railguns_option(const Game&, const Option& o, int) {
    if (o.a == kCredits) return "'credits'";
    if (o.a == kGoods) return "'goods'";
    return "('contract', " + str(o.b) + ")";
}
std::string nanobots_option(const Game&, const Option& o, int) { return o.a == 0 ? "'pass'" : "'load'"; }
std::string oat_milk_option(const Game&, const Option& o, int) {
    return o.a == 0 ? "'pass'" : o.a == 1 ? "'credits'" : "'draw'";
}
// Use(power='Segways', contract=.., args=('crew',) | ('goods',) | ('load', ship, colour))
std::string segways_use(const Game&, const Option& o, int) {
    std::string args = o.b == kToCrew ? "('crew',)" : o.b == kToGoods ? "('goods',)"
                                      : "('load', " + str(o.c) + ", " + str(o.d) + ")";
    return "Use(power='Segways', contract=" + str(o.a) + ", args=" + args + ")";
}

const PowerRegistration registered[] = {
    power("AR Glasses").on_fulfil(ar_glasses).params({"actions"})
        .render(Kind::ar_glasses_play, ar_glasses_option),
    power("Railguns").on_fulfil(railguns).params({"credits", "goods"})
        .render(Kind::railguns_give, railguns_option)
        .render(Kind::railguns_good, number_option),
    power("Sanitizer").on_fulfil(sanitizer)
        .render(Kind::sanitizer_discard_crew, number_option)
        .render(Kind::sanitizer_discard_goods, number_option),
    power("3D Printers").on_fulfil(three_d_printers).on_lose(three_d_printers_lost),
    power("Aeroponics").on_fulfil(aeroponics).on_lose(aeroponics_lost).params({"containers_left"}),
    power("Neural Units").on_fulfil(neural_units).on_lose(neural_units_lost),
    power("Fixie Bikes").hook(Event::load_action, fixie_bikes).params({"payment"}),
    power("Nanobots").hook(Event::cards_drawn, nanobots).params({"free_loads"})
        .render(Kind::nanobots_load, nanobots_option),
    power("Oat Milk").hook(Event::container_loaded, oat_milk).params({"credits", "cards"})
        .render(Kind::oat_milk_take, oat_milk_option),
    power("Segways").any_time(AnyTimeFrom::fulfilled, segways, segways_move).render_use(segways_use),
};

}  // namespace

const ModuleRegistration kickstarter2_module("kickstarter2");

}  // namespace deckhand::ie
