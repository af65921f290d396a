// The Kickstarter expansion's 15 powers (powers/kickstarter.py), one function per card (two
// where Python registers two), as the rulebook reads; rulings IE-KS-n (docs/rulings.md,
// "Card powers (Kickstarter)"). The rules they change are read where the rule lives:
// Board Games' crew limit and Joe Wiggins' counted goods in ie_limits.cpp, Water Notepad in
// ie_plunder.cpp (Mods in ie_state.hpp).
#include "ie_powers.hpp"
#include "ie_variants.hpp"

namespace deckhand::ie {
namespace {

inline std::size_t at(int i) { return static_cast<std::size_t>(i); }

// Whether the owner still has this power: the contract fulfilled, or copied (_in_play).
bool in_play(const Game& g, int owner, const Contract& c) {
    const auto cid = static_cast<ContractId>(c.id);
    return g.s.fulfilled[at(owner)].contains(cid) || g.s.mods[at(owner)].copied_powers.contains(cid);
}

// ---------------------------------------------------------------- immediate powers

// Danger Pets: every other player gives the owner `payment`; one who cannot pays nothing
// (IE-KS-4).
void danger_pets(Game& g, int owner, const Contract& c) {
    for (int q : other_players(g, owner)) transfer(g, q, owner, c.whole("payment"));
}

// Dino Bones: every player, the owner first and clockwise, puts `goods_given` good(s) of his
// choice on the supply island; then the owner takes `cards_taken` island cards of his choice
// into his goods, within the limit (IE-KS-5). (A physical container's card, IE-VAR-8, is
// the variants' and not native: here a good is a card.)
void dino_bones(Game& g, int owner, const Contract& c) {
    State& s = g.s;
    for (int k = 0; k < s.n; ++k) {
        const int q = (owner + k) % s.n;
        for (int i = 0; i < c.whole("goods_given"); ++i) {
            if (s.goods[at(q)].empty()) break;
            // Options: {card}: a good of his, in goods order; context: the owner.
            Options options;
            for (Card card : s.goods[at(q)]) options.push_back(opt(card));
            const int card = options[at(g.ask(q, Kind::dino_bones_give, options, owner))].a;
            s.goods[at(q)].remove(static_cast<Card>(card));
            const int given = as_card(g, card);  // a goods container brings a card (IE-VAR-8)
            if (given >= 0) s.island.push_back(static_cast<Card>(given));
        }
    }
    for (int i = 0; i < c.whole("cards_taken"); ++i) {
        if (s.island.empty()) return;
        Options options;  // {card}: an island card, in island order
        for (Card card : s.island) options.push_back(opt(card));
        const int card = options[at(g.ask(owner, Kind::dino_bones_take, options))].a;
        s.island.remove(static_cast<Card>(card));
        add_goods(g, owner, card);
    }
}

// Flametorch: a coin from the game's generator: heads, every other player pays the owner
// `heads_pay` (one who cannot pays nothing); tails, the owner pays `tails_pay` to each other
// player, in full or not at all (IE-KS-8).
void flametorch(Game& g, int owner, const Contract& c) {
    State& s = g.s;
    const auto others = other_players(g, owner);
    if (s.rng.below(2) == 0) {  // heads
        for (int q : others) transfer(g, q, owner, c.whole("heads_pay"));
    } else if (s.credits[at(owner)] >= c.whole("tails_pay") * others.size()) {
        for (int q : others) transfer(g, owner, q, c.whole("tails_pay"));
    }
}

// Stretch Goal: once, when fulfilled, every player, the owner first and clockwise, draws
// `cards`, takes `credits` and imports `goods` container(s) of his choice from ships at sea
// into his goods (FAQ: IE-KS-13). No bid, no payment to the ship's owner.
void stretch_goal(Game& g, int owner, const Contract& c) {
    State& s = g.s;
    for (int k = 0; k < s.n; ++k) {
        const int q = (owner + k) % s.n;
        draw(g, q, c.whole("cards"));
        gain(g, q, c.whole("credits"));
        for (int i = 0; i < c.whole("goods"); ++i) {
            Options options;  // {ship, card}: a container of a ship at sea
            for (int j = 0; j < s.ships.size(); ++j)
                if (s.ships[j].at_sea)
                    for (Card card : s.ships[j].cargo) options.push_back(opt(j, card));
            if (options.empty()) break;
            const Option chosen = options[at(g.ask(q, Kind::stretch_goal_import, options))];
            const int good = take_container(g, chosen.a, chosen.b);
            if (good < 0) continue;  // a physical container that brings no card (IE-VAR-8)
            s.log_event(q, Logged::imported, good);
            add_goods(g, q, good);
        }
    }
}

// ---------------------------------------------------------------- ongoing powers

// Backpacks: each time any player's ship returns to port from the open sea, the owner may
// draw `cards` (an ongoing power despite its immediate icon: IE-KS-1).
void backpacks(Game& g, int owner, const Contract& c, int, const Payload& payload) {
    // Options: {0}: pass, {1}: draw; context: the ship that came home.
    if (g.ask(owner, Kind::backpacks_draw, {opt(0), opt(1)}, payload.ship) == 1)
        draw(g, owner, c.whole("cards"));
}

// Big Ammunition: each Pirate action of the owner taking a container from another player's
// ship at sea takes `cards` random card(s) from that player's hand (FAQ: IE-KS-2).
void big_ammunition(Game& g, int owner, const Contract& c, int actor, const Payload& payload) {
    State& s = g.s;
    const int victim = s.ships[payload.ship].owner;
    if (actor != owner || victim == owner) return;
    for (int i = 0; i < c.whole("cards"); ++i) {
        Zone& hand = s.hands[at(victim)];
        if (hand.empty()) return;
        s.hands[at(owner)].push_back(hand.pop_at(s.rng.below(hand.size())));
    }
}

// Bionic Ears: at any time, in anyone's turn, the owner may take Bionic Ears from his
// fulfilled contracts into his hand (IE-KS-3). A copy (Wind Turbines) has no card to take.
void bionic_ears(const Game& g, int owner, const Contract& c, const Moment&, std::vector<UseArgs>& uses) {
    if (g.s.fulfilled[at(owner)].contains(static_cast<ContractId>(c.id))) uses.push_back(use_args());
}

// Its power goes with it and its limits fall (IE-KS-3, IE-LIMIT-2).
void bionic_ears_take(Game& g, int owner, const Contract& c, const UseArgs&, const Moment&) {
    lost(g, owner, c.id);
    leave_fulfilled(g, owner, c.id);
    g.s.hands[at(owner)].push_back(static_cast<Card>(c.card));
}

// Board Games: with `goods_per_type` good(s) of every type among one's fulfilled contracts,
// the crew has no limit (read in crew_limit; IE-KS-6).
void board_games(Game& g, int owner, const Contract& c) {
    g.s.mods[at(owner)].no_crew_limit = std::make_pair(c.id, c.whole("goods_per_type"));
}

// Joe Wiggins: while fulfilled, counts as one tech, agricultural, illegal and consumer good
// each, outside the goods area and its limit (read in counted_goods; IE-KS-7).
void joe_wiggins(Game& g, int owner, const Contract& c) {
    auto& entries = g.s.mods[at(owner)].counted_goods;
    for (const auto& entry : entries)
        if (entry.first == c.id) return;
    std::array<std::int8_t, 6> colors{};
    colors[at(GREEN)] = static_cast<std::int8_t>(c.whole("tech_goods"));
    colors[at(YELLOW)] = static_cast<std::int8_t>(c.whole("agriculture_goods"));
    colors[at(RED)] = static_cast<std::int8_t>(c.whole("illegal_goods"));
    colors[at(BLACK)] = static_cast<std::int8_t>(c.whole("consumer_goods"));
    entries.push_back({static_cast<ContractId>(c.id), colors});
}

// Water Notepad: nobody, the owner included, may plunder the owner's ships (pirate;
// IE-KS-14).
void water_notepad(Game& g, int owner, const Contract&) { g.s.mods[at(owner)].no_plunder = true; }

// ---------------------------------------------------------------- end of the game

// Import/Export Definitive Edition: at the end, `pay_per_contract` per fulfilled luxury
// contract, itself included (IE-KS-16).
void definitive_edition(Game& g, int owner, const Contract& c, Scoring& sc) {
    int luxury = 0;
    for (ContractId cid : g.s.fulfilled[at(owner)]) luxury += g.table().contract(cid).color == BLUE;
    sc.final[at(owner)] += c.whole("pay_per_contract") * luxury;
}

// ---------------------------------------------------------------- immediate wins
// Checked when the card is fulfilled and after each of goods_added, crew_added,
// contract_fulfilled, turn_ended (WIN_EVENTS): met, its owner wins at once (IE-KS-9).

using WinCondition = bool (*)(const Game& g, int owner, const Contract& c);

template <WinCondition met>
void win_check(Game& g, int owner, const Contract& c) {
    if (!in_play(g, owner, c) || !met(g, owner, c)) return;
    g.s.winners.clear();
    g.s.winners.push_back(static_cast<std::int8_t>(owner));
    g.s.end_reason = EndReason::card;
    throw GameOver{c.name.c_str()};
}

template <WinCondition met>
void win_event(Game& g, int owner, const Contract& c, int, const Payload&) {
    win_check<met>(g, owner, c);
}

template <WinCondition met>
PowerBuilder immediate_win(const char* name) {
    PowerBuilder b = power(name);
    b.on_fulfil(win_check<met>);
    for (Event e : {Event::goods_added, Event::crew_added, Event::contract_fulfilled, Event::turn_ended})
        b.hook(e, win_event<met>);
    return b;
}

// Graphics Cards: strictly the most goods (at least one; tied, only by winning ties) in
// `good_types` of the five types wins (IE-KS-10); goods as counted everywhere (IE-KS-7).
bool graphics_cards(const Game& g, int owner, const Contract& c) {
    int most = 0;
    for (int color : GOOD_COLORS) {
        std::array<int, kMaxPlayers> counts{};
        for (int q = 0; q < g.s.n; ++q) counts[at(q)] = goods_count(g, q, color);
        if (counts[at(owner)] > 0 && has_most(g, owner, counts)) ++most;  // ties: Foxes only
    }
    return most >= c.whole("good_types");
}

// Improbability: a card of each of the five colours in the crew, in the fulfilled contracts
// and in the goods wins; grey Capital cards count for nothing (IE-KS-11).
bool improbability(const Game& g, int owner, const Contract&) {
    const State& s = g.s;
    const Table& t = g.table();
    unsigned crew = 0, contracts = 0, goods = 0;
    for (Card card : s.crew[at(owner)]) crew |= 1U << t.color[at(card)];
    for (ContractId cid : s.fulfilled[at(owner)]) contracts |= 1U << t.contract(cid).color;
    for (Card card : s.goods[at(owner)]) goods |= 1U << t.color[at(card)];
    unsigned all = 0;
    for (int color : GOOD_COLORS) all |= 1U << color;
    return (crew & all) == all && (contracts & all) == all && (goods & all) == all;
}

// Mother Load: `illegal_goods` illegal goods or more win (IE-KS-12); goods as counted
// everywhere (IE-KS-7).
bool mother_load(const Game& g, int owner, const Contract& c) {
    return goods_count(g, owner, RED) >= c.whole("illegal_goods");
}

// ---------------------------------------------------------------- options as Python's repr

std::string str(int v) { return std::to_string(v); }
std::string number_option(const Game&, const Option& o, int) { return str(o.a); }
std::string pair_option(const Game&, const Option& o, int) { return "(" + str(o.a) + ", " + str(o.b) + ")"; }
std::string pass_draw_option(const Game&, const Option& o, int) { return o.a == 0 ? "'pass'" : "'draw'"; }

const PowerRegistration registered[] = {
    power("Danger Pets").on_fulfil(danger_pets).params({"payment"}),
    power("Dino Bones").on_fulfil(dino_bones).params({"goods_given", "cards_taken"})
        .render(Kind::dino_bones_give, number_option)
        .render(Kind::dino_bones_take, number_option),
    power("Flametorch").on_fulfil(flametorch).params({"heads_pay", "tails_pay"}),
    power("Stretch Goal").on_fulfil(stretch_goal).params({"cards", "credits", "goods"})
        .render(Kind::stretch_goal_import, pair_option),
    power("Backpacks").hook(Event::ship_returned, backpacks).params({"cards"})
        .render(Kind::backpacks_draw, pass_draw_option),
    power("Big Ammunition").hook(Event::ship_plundered, big_ammunition).params({"cards"}),
    power("Bionic Ears").any_time(AnyTimeFrom::fulfilled, bionic_ears, bionic_ears_take),
    power("Board Games").on_fulfil(board_games).params({"goods_per_type"}),
    power("Joe Wiggins").on_fulfil(joe_wiggins)
        .params({"tech_goods", "agriculture_goods", "illegal_goods", "consumer_goods"}),
    power("Water Notepad").on_fulfil(water_notepad),
    power("Souvenirs"),  // does nothing: a fulfilled consumer contract like any other (IE-KS-15)
    power("Import/Export Definitive Edition").end(EndStageName::game, definitive_edition)
        .params({"pay_per_contract"}),
    immediate_win<graphics_cards>("Graphics Cards").params({"good_types"}),
    immediate_win<improbability>("Improbability"),
    immediate_win<mother_load>("Mother Load").params({"illegal_goods"}),
};

}  // namespace

const ModuleRegistration kickstarter_module("kickstarter");

}  // namespace deckhand::ie
