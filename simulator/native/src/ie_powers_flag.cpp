// Flag powers (simulator/games/import_export/powers/flag.py): the dual-contract expansion, two
// contracts per card, one name each. Each function ports the Python power of the same name line
// by line: the same decisions with their options in the same order, the same draws, the same
// effects; numbers from the card's sheet row (`c.whole(...)`, the Python `params=` names).
// Rulings IE-FLAGP-n (docs/rulings.md, "Card powers (Flag)"). The rules these powers switch on
// read the owner's Mods (ie_state.hpp): pirate_ban (pirate_banned, the turn's start),
// contracts_unlimited (contract_actions), level_per_tech_good (level), luxury_pair
// (goods_limit, goods_fit), crew_as (crew_count); deck_face_up is read by views only.
#include <string>

#include "ie_powers.hpp"

namespace deckhand::ie {
namespace {

inline std::size_t at(int i) { return static_cast<std::size_t>(i); }

constexpr int kPass = -1;  // "pass" or "stop" in a power's options
// Options of Dragon Fruit's question, as Python's ("draw", "credits").
constexpr int kDraw = 0;
constexpr int kCredits = 1;

std::string pass_or(const Option& o, const std::string& rest) { return o.a == kPass ? "'pass'" : rest; }
std::string load_option(const Game&, const Option& o, int) {
    return pass_or(o, "(" + std::to_string(o.a) + ", " + std::to_string(o.b) + ", " + std::to_string(o.c) + ")");
}
std::string ship_color_option(const Game&, const Option& o, int) {
    return pass_or(o, "(" + std::to_string(o.a) + ", " + std::to_string(o.b) + ")");
}
std::string contract_option(const Game&, const Option& o, int) {
    return o.a == kPass ? "'stop'" : "(" + std::to_string(o.a) + ", " + std::to_string(o.b) + ", " + std::to_string(o.c) + ")";
}
std::string dragon_option(const Game&, const Option& o, int) { return o.a == kDraw ? "'draw'" : "'credits'"; }

bool holds(const Game& g, int owner, const Contract& c) {
    return g.s.fulfilled[at(owner)].contains(static_cast<ContractId>(c.id));
}

// ---------------------------------------------------------------- any time

// Iceland Water (IE-FLAGP-1): at any time, in anyone's turn, the owner may sell agricultural
// cards from his hand (a Flag card by its first side, IE-FLAG-3) to the supply island for
// `price` each, one use a card; not his Supply sale of the turn.
void iceland_water(const Game& g, int owner, const Contract&, const Moment&, std::vector<UseArgs>& uses) {
    for (Card card : g.s.hands[at(owner)])
        if (g.table().color[at(card)] == YELLOW) uses.push_back(use_args(card));
}

void iceland_water_sell(Game& g, int owner, const Contract& c, const UseArgs& args, const Moment&) {
    const Card card = args[0];
    g.s.hands[at(owner)].remove(card);
    g.s.island.push_back(card);
    g.s.log_event(owner, Logged::sold, card);
    gain(g, owner, c.whole("price"));
}

// Maple Syrup (IE-FLAGP-3, IE-FLAGP-4): after each Load action its holder performs with at
// least `min_credits` credits, he may also load Maple Syrup from his hand, as either colour
// that fits, for free: no action spent, no Flag fee. Options (maple_syrup_load, context: the
// card): {-1}: pass; then {ship, colour}.
void maple_syrup(Game& g, const Contract& c, int card, int holder, int actor, const Payload&) {
    State& s = g.s;
    if (actor != holder || s.credits[at(holder)] < c.whole("min_credits")) return;
    Zone one;
    one.push_back(static_cast<Card>(card));
    Options loads;
    load_options(g, holder, one, loads, false);
    if (loads.empty()) return;
    Options options{opt(kPass)};
    for (const Option& o : loads) options.push_back(opt(o.b, o.c));
    const Option choice = options[at(g.ask(holder, Kind::maple_syrup_load, options, card))];
    if (choice.a == kPass) return;
    s.hands[at(holder)].remove(static_cast<Card>(card));
    load_container(g, holder, choice.a, card, choice.b);
}

// Olive Oil (IE-FLAGP-18): at any time on his own turn, before the game ends, the owner may
// discard Olive Oil from his completed contracts for `payment`; his limits fall with it. A
// copy (Wind Turbines) has no card to discard.
void olive_oil(const Game& g, int owner, const Contract& c, const Moment&, std::vector<UseArgs>& uses) {
    if (holds(g, owner, c)) uses.push_back(use_args());
}

void olive_oil_discard(Game& g, int owner, const Contract& c, const UseArgs&, const Moment&) {
    lost(g, owner, c.id);
    leave_fulfilled(g, owner, c.id);
    const int card = g.table().card_of(c.id);
    g.s.discard.push_back(static_cast<Card>(card));
    g.s.log_event(owner, Logged::discarded, card);
    gain(g, owner, c.whole("payment"));
}

// Legos (IE-FLAGP-21): a ship with Legos among its contracts has no capacity limit on
// contracts or containers (the rule reads the table's unlimited_ship); the payout keeps its
// bands, whose top is the cap.

// ---------------------------------------------------------------- immediate

// Surströmming (IE-FLAGP-2): no player, the owner included, may perform a Pirate action until
// the owner's next turn starts (pirate_banned; lifted at his turn's start).
void surstromming(Game& g, int owner, const Contract&) { g.s.mods[at(owner)].pirate_ban = true; }

// Avocado (IE-FLAGP-6): Avocado leaves the completed contracts for the owner's crew; with the
// crew at its limit it is discarded instead. A copy has no card to move.
void avocado(Game& g, int owner, const Contract& c) {
    if (!holds(g, owner, c)) return;
    leave_fulfilled(g, owner, c.id);
    to_crew(g, owner, g.table().card_of(c.id));
}

// Yerba Mate (IE-FLAGP-9): the deck is face up for the rest of the game: every player sees
// its top card (views).
void yerba_mate(Game& g, int, const Contract&) {
    for (int q = 0; q < g.s.n; ++q) g.s.mods[at(q)].deck_face_up = true;
}

// Rooibos Tea (IE-FLAGP-8): every player drinking tea takes `payment`: the seats of the
// rules' `tea_drinkers`, nobody by default.
void rooibos_tea(Game& g, int, const Contract& c) {
    for (int q : g.rules().tea_drinkers)
        if (0 <= q && q < g.s.n) gain(g, q, c.whole("payment"));
}

// Tej (IE-FLAGP-10): crew cards minus `minus`, rounded up to an even number, in credits;
// nothing when that is not above zero.
void tej(Game& g, int owner, const Contract& c) {
    const int credits = g.s.crew[at(owner)].size() - c.whole("minus");
    if (credits > 0) gain(g, owner, credits + credits % 2);
}

// Muay Thai Shorts (IE-FLAGP-13): on its own completion, `pay_per_contract` for each
// contract of its ship, itself included. A copy has no ship: nothing.
void muay_thai_shorts(Game& g, int owner, const Contract& c, int actor, const Payload& payload) {
    if (actor == owner && payload.contracts.contains(static_cast<ContractId>(c.id)))
        gain(g, owner, c.whole("pay_per_contract") * payload.contracts.size());
}

// Merino Wool (IE-FLAGP-17): draw as many cards as the hand holds (fewer if the deck runs out).
void merino_wool(Game& g, int owner, const Contract&) { draw(g, owner, g.s.hands[at(owner)].size()); }

// Unpasteurized Cheese (IE-FLAGP-19): completed, the card moves into the owner's crew, even
// over the crew limit, as a Pirate crew card whatever its printed action. A copy has no card.
void unpasteurized_cheese(Game& g, int owner, const Contract& c) {
    if (!holds(g, owner, c)) return;
    leave_fulfilled(g, owner, c.id);
    const int card = g.table().card_of(c.id);
    State& s = g.s;
    s.crew[at(owner)].push_back(static_cast<Card>(card));  // allow_over_limit: no native invariant check
    s.log_event(owner, Logged::crew, card);
    if (g.table().action[at(card)] != PIRATE)
        s.mods[at(owner)].crew_as.push_back({static_cast<Card>(card), static_cast<std::int8_t>(PIRATE)});
}

// ---------------------------------------------------------------- ongoing

// Dragon Fruit (IE-FLAGP-7): leading a Pirate action, once all have declared: draw `cards` or
// take `credits`. Options (dragon_fruit_choice): {kDraw}, {kCredits}.
void dragon_fruit(Game& g, int owner, const Contract& c, int actor, const Payload& payload) {
    if (actor != owner || payload.action != PIRATE) return;
    if (g.ask(owner, Kind::dragon_fruit_choice, {opt(kDraw), opt(kCredits)}) == kCredits)
        gain(g, owner, c.whole("credits"));
    else
        draw(g, owner, c.whole("cards"));
}

// Jasmine Tea (IE-FLAGP-12): each Contract action of the owner places as many cards as he
// likes; a missing level still costs an extra action (contract_actions).
void jasmine_tea(Game& g, int owner, const Contract&) { g.s.mods[at(owner)].contracts_unlimited = true; }
void jasmine_tea_lost(Game& g, int owner, const Contract&) { g.s.mods[at(owner)].contracts_unlimited = false; }

// Volkswagen (IE-FLAGP-15): tech goods count `level_per_tech_good` each toward the owner's
// level requirements (level).
void volkswagen(Game& g, int owner, const Contract& c) {
    g.s.mods[at(owner)].level_per_tech_good = c.whole("level_per_tech_good");
}
void volkswagen_lost(Game& g, int owner, const Contract&) { g.s.mods[at(owner)].level_per_tech_good = 0; }

// Paprika (IE-FLAGP-16, IE-FLAGP-4): each contract the owner places (by any means) lets him
// load `containers` hand card(s) onto a ship at his port, for free: no action, no Flag fee.
// Options (paprika_load): {-1}: pass; then {card, ship, colour}.
void paprika(Game& g, int owner, const Contract& c, int actor, const Payload&) {
    if (actor != owner) return;
    State& s = g.s;
    for (int k = 0; k < c.whole("containers"); ++k) {
        Options options{opt(kPass)};
        load_options(g, owner, s.hands[at(owner)], options, false);
        if (options.size() == 1) return;
        const Option choice = options[at(g.ask(owner, Kind::paprika_load, options))];
        if (choice.a == kPass) return;
        s.hands[at(owner)].remove(choice.a);
        load_container(g, owner, choice.b, choice.a, choice.c);
    }
}

// Scotch (IE-FLAGP-20): every `luxury_goods` luxury goods count as `counts_as` toward the
// owner's goods limit (goods_limit, goods_fit); taken away, every good counts 1 again.
void scotch(Game& g, int owner, const Contract& c) {
    g.s.mods[at(owner)].luxury_pair = std::make_pair(c.whole("luxury_goods"), c.whole("counts_as"));
}
void scotch_lost(Game& g, int owner, const Contract&) { g.s.mods[at(owner)].luxury_pair.reset(); }

// ---------------------------------------------------------------- end of game

using Counts = std::array<std::array<int, 6>, kMaxPlayers>;

// The owner's credits from goods, the set bonus and the majorities, for these counts.
int own_score(const Game& g, const Scoring& sc, int owner, const Counts& counts) {
    const Rules& rules = g.rules();
    const auto& mine = counts[at(owner)];
    const auto& value = sc.good_value[at(owner)];
    int total = 0;
    bool every = true;
    for (int c : GOOD_COLORS) {
        total += mine[at(c)] * value[at(c)];
        every = every && mine[at(c)] >= 1;
    }
    if (every) total += rules.set_bonus;
    const std::array<int, 4> majority_colors = {GREEN, YELLOW, BLACK, BLUE};
    for (std::size_t k = 0; k < 4; ++k)
        for (auto [q, share] : majority_shares(counts, g.s.n, majority_colors[k], rules.majority[k]))
            if (q == owner) total += share;
    for (auto [q, share] : majority_shares(counts, g.s.n, RED, rules.illegal_penalty))
        if (q == owner) total -= share;
    return total;
}

// Teslas (IE-FLAGP-5): the owner's Supply crew cards count as goods of one type, the same for
// all, declared before the majorities; the type scoring him most against the others' counts as
// they stand (the first such in GOOD_COLORS).
void teslas(Game& g, int owner, const Contract&, Scoring& sc) {
    const int supply = crew_count(g, owner, SUPPLY);
    if (supply == 0) return;
    int best = -1;
    int best_gain = 0;
    for (int color : GOOD_COLORS) {
        Counts counts = sc.counts;
        counts[at(owner)][at(color)] += supply;
        const int gained = own_score(g, sc, owner, counts);
        if (best < 0 || gained > best_gain) {
            best = color;
            best_gain = gained;
        }
    }
    sc.counts[at(owner)][at(best)] += supply;
}

// Champagne (IE-FLAGP-11): `payment` for strictly the most completed contracts: a tie pays
// nothing, and cards that left the completed area do not count; Foxes wins the tie.
void champagne(Game& g, int owner, const Contract& c, Scoring& sc) {
    std::array<int, kMaxPlayers> completed{};
    for (int q = 0; q < g.s.n; ++q) completed[at(q)] = g.s.fulfilled[at(q)].size();
    if (has_most(g, owner, completed)) sc.final[at(owner)] += c.whole("payment");
}

// Cologne (IE-FLAGP-14): `pay_per_card` for each crew card of the action the owner has most
// of; with Cannons the others' Pirate crew count as his. Fridges' virtual crew are not cards.
void cologne(Game& g, int owner, const Contract& c, Scoring& sc) {
    int best = 0;
    for (int action = 0; action < 6; ++action) {
        int count = crew_count(g, owner, action);
        if (action == PIRATE && g.s.mods[at(owner)].shared_pirate_crew)
            for (int q = 0; q < g.s.n; ++q)
                if (q != owner) count += crew_count(g, q, PIRATE);
        best = std::max(best, count);
    }
    sc.final[at(owner)] += c.whole("pay_per_card") * best;
}

const PowerRegistration registered[] = {
    power("Iceland Water").any_time(AnyTimeFrom::fulfilled, iceland_water, iceland_water_sell).params({"price"}),
    power("Maple Syrup")
        .in_hand(Event::load_action, maple_syrup)
        .params({"min_credits"})
        .render(Kind::maple_syrup_load, ship_color_option),
    power("Olive Oil").any_time(AnyTimeFrom::fulfilled, olive_oil, olive_oil_discard, true).params({"payment"}),
    power("Legos").unlimited_ship(),
    power("Surströmming").on_fulfil(surstromming),
    power("Avocado").on_fulfil(avocado),
    power("Yerba Mate").on_fulfil(yerba_mate),
    power("Rooibos Tea").on_fulfil(rooibos_tea).params({"payment"}),
    power("Tej").on_fulfil(tej).params({"minus"}),
    power("Muay Thai Shorts").hook(Event::contract_fulfilled, muay_thai_shorts).params({"pay_per_contract"}),
    power("Merino Wool").on_fulfil(merino_wool),
    power("Unpasteurized Cheese").on_fulfil(unpasteurized_cheese),
    power("Dragon Fruit")
        .hook(Event::action_declared, dragon_fruit)
        .params({"cards", "credits"})
        .render(Kind::dragon_fruit_choice, dragon_option),
    power("Jasmine Tea")
        .on_fulfil(jasmine_tea)
        .on_lose(jasmine_tea_lost)
        .render(Kind::jasmine_tea_place, contract_option),
    power("Volkswagen").on_fulfil(volkswagen).on_lose(volkswagen_lost).params({"level_per_tech_good"}),
    power("Paprika")
        .hook(Event::contract_placed, paprika)
        .params({"containers"})
        .render(Kind::paprika_load, load_option),
    power("Scotch").on_fulfil(scotch).on_lose(scotch_lost).params({"luxury_goods", "counts_as"}),
    power("Teslas").end(EndStageName::counts, teslas),
    power("Champagne").end(EndStageName::game, champagne).params({"payment"}),
    power("Cologne").end(EndStageName::game, cologne).params({"pay_per_card"}),
};

// Flag's rules (multi-colour cards, the Flag fee, Jasmine Tea's placements) and every power
// of its cards are native, checked game for game (tests/native/test_powers_flag.py).
const ModuleRegistration flag_module("flag");

}  // namespace
}  // namespace deckhand::ie
