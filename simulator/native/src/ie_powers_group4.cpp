// Base-set ongoing powers, second half (simulator/games/import_export/powers/base_ongoing.py,
// "Jets" to the end): hooks on the engine's events while the card is fulfilled, the powers of
// the Yogurt and Flour cards themselves, and the "at any time" powers of Telescopes and
// Lutefisk. One function per card (two where Python registers two), as the rulebook reads;
// what each question's options hold: powers/group4.hpp.
#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "ie_powers.hpp"
#include "powers/group4.hpp"

namespace deckhand::ie {
namespace group4 {

namespace {

inline std::size_t at(int i) { return static_cast<std::size_t>(i); }

// The combinations of `k` items of `items` (itertools.combinations: lexicographic by
// position), each handed to `visit` until it returns false.
template <typename Visit>
void combinations(const std::vector<Card>& items, int k, Visit visit) {
    const int n = static_cast<int>(items.size());
    if (k > n || k < 0) return;
    std::vector<int> pos(at(k));  // the positions picked, increasing
    for (int i = 0; i < k; ++i) pos[at(i)] = i;
    std::vector<Card> picked(at(k));
    while (true) {
        for (int i = 0; i < k; ++i) picked[at(i)] = items[at(pos[at(i)])];
        if (!visit(picked)) return;
        int i = k - 1;
        while (i >= 0 && pos[at(i)] == i + n - k) --i;
        if (i < 0) return;
        ++pos[at(i)];
        for (int j = i + 1; j < k; ++j) pos[at(j)] = pos[at(j - 1)] + 1;
    }
}

template <typename Z>
std::vector<Card> sorted_cards(const Z& zone) {
    std::vector<Card> cards(zone.begin(), zone.end());
    std::sort(cards.begin(), cards.end());
    return cards;
}

// One LED Lights swap as an Option (powers/group4.hpp): its cards when they fit, else the
// ranks of its two combinations.
using Combos = std::vector<std::vector<Card>>;
Option led_lights_option(const Combos& given, const Combos& wanted, std::size_t i, std::size_t j) {
    const int give = static_cast<int>(given[i].size());
    const int take = static_cast<int>(wanted[j].size());
    if (give + take > 3) {
        if (i > 32767 || j > 32767) throw NativeError("LED Lights: more swaps than native options number");
        return opt(RANKED, static_cast<int>(i), static_cast<int>(j), give + 256 * take);
    }
    std::array<int, 3> cards{};
    int n = 0;
    for (Card x : given[i]) cards[at(n++)] = x;
    for (Card x : wanted[j]) cards[at(n++)] = x;
    return opt(cards[0], cards[1], cards[2], give + 256 * take);
}

int turn_uses(const std::optional<TurnUses>& record, int turn) {
    return record && record->turn == turn ? record->uses : 0;
}

// --------------------------------------------------------------------------- the powers

// Jets: completing a ship, the owner may put `containers` of its containers into his goods,
// within the limit (IE-POWER-28).
void jets(Game& g, int owner, const Contract& c, int actor, const Payload& payload) {
    const int index = payload.ship;
    if (actor != owner) return;
    for (int k = 0; k < c.whole("containers"); ++k) {
        if (g.s.ships[index].cargo.empty()) break;
        Options options{opt(PASS)};
        for (Card card : g.s.ships[index].cargo) options.push_back(opt(card));
        const int card = options[at(g.ask(owner, Kind::jets_take, options, index))].a;
        if (card == PASS) break;
        const int good = take_container(g, index, card);
        if (good >= 0) add_goods(g, owner, good);
    }
}

// Flash Drives: completing a ship, after the payout, the owner may take
// `containers_per_ship` of its containers into his hand (IE-POWER-28).
void flash_drives(Game& g, int owner, const Contract& c, int actor, const Payload& payload) {
    const int index = payload.ship;
    if (actor != owner) return;
    for (int k = 0; k < c.whole("containers_per_ship"); ++k) {
        if (g.s.ships[index].cargo.empty()) break;
        Options options{opt(PASS)};
        for (Card card : g.s.ships[index].cargo) options.push_back(opt(card));
        const int card = options[at(g.ask(owner, Kind::flash_drives_take, options, index))].a;
        if (card == PASS) break;
        const int taken = take_container(g, index, card);
        if (taken >= 0) g.s.hands[at(owner)].push_back(static_cast<Card>(taken));
    }
}

// Paper: each consumer contract the owner completes (Paper included) lets him import
// `containers` from a ship at sea into goods or crew, its owner unpaid (IE-POWER-29).
void paper(Game& g, int owner, const Contract& c, int actor, const Payload& fulfilled) {
    if (actor != owner) return;
    for (ContractId cid : fulfilled.contracts) {
        if (g.table().contract(cid).color != BLACK) continue;
        Options options{opt(PASS)};
        for (int i = 0; i < g.s.ships.size(); ++i)
            if (g.s.ships[i].at_sea && !g.s.ships[i].cargo.empty()) options.push_back(opt(i));
        if (options.size() == 1) return;
        const int index = options[at(g.ask(owner, Kind::paper_import, options))].a;
        if (index == PASS) continue;
        take_from_ship(g, owner, index, c.whole("containers"));
        ship_home(g, index);
    }
}

// Satellite: each ship that completes (anyone's) lets the owner draw `cards`, then load
// `containers` from his hand if he can (IE-POWER-28).
void satellite(Game& g, int owner, const Contract& c, int, const Payload&) {
    if (g.ask(owner, Kind::satellite_use, {opt(0), opt(1)}) == 1) return;  // "use", "pass"
    draw(g, owner, c.whole("cards"));
    for (int k = 0; k < c.whole("containers"); ++k) load_from_hand(g, owner);
}

// Batteries: after a Load action the owner may pay `cost` to load `extra_containers` more,
// `uses_per_turn` a turn.
void batteries(Game& g, int owner, const Contract& c, int actor, const Payload&) {
    State& s = g.s;
    if (actor != owner || s.credits[at(owner)] < c.whole("cost")) return;
    const int used = turn_uses(s.mods[at(owner)].batteries, s.turn);
    if (used >= c.whole("uses_per_turn")) return;
    Options loads;
    load_options(g, owner, s.hands[at(owner)], loads);
    if (loads.empty()) return;
    if (g.ask(owner, Kind::batteries_use, {opt(0), opt(1)}) == 1) return;  // "load", "pass"
    s.mods[at(owner)].batteries = TurnUses{s.turn, used + 1};
    pay(g, owner, c.whole("cost"));
    for (int k = 0; k < c.whole("extra_containers"); ++k) load_from_hand(g, owner);
}

// Rope: leading, before declaring, the owner may swap a hand card with an island card,
// `uses_per_turn` a turn (FAQ: IE-POWER-27).
void rope(Game& g, int owner, const Contract& c, int actor, const Payload&) {
    State& s = g.s;
    Zone& hand = s.hands[at(owner)];
    if (actor != owner) return;
    for (int k = 0; k < c.whole("uses_per_turn"); ++k) {
        if (s.island.empty() || hand.empty()) return;
        Options options{opt(PASS)};
        for (Card i : s.island)
            for (Card h : hand) options.push_back(opt(i, h));
        const Option swap = options[at(g.ask(owner, Kind::rope_swap, options))];
        if (swap.a == PASS) return;
        s.island.remove(swap.a);
        hand.remove(swap.b);
        s.island.push_back(swap.b);
        hand.push_back(swap.a);
    }
}

// LED Lights: on his turn (leading, before declaring) the owner may give `cards_given` hand
// cards to the island for `cards_taken` island card(s), once (IE-POWER-27).
void led_lights(Game& g, int owner, const Contract& c, int actor, const Payload&) {
    State& s = g.s;
    Zone& hand = s.hands[at(owner)];
    const int give = c.whole("cards_given");
    if (actor != owner || hand.size() < give || s.island.empty()) return;
    const int take = std::min(c.whole("cards_taken"), s.island.size());
    Combos given;  // combinations(sorted(hand), cards_given)
    Combos wanted;  // combinations(sorted(island), min(cards_taken, len(island)))
    combinations(sorted_cards(hand), give, [&](const std::vector<Card>& x) {
        given.push_back(x);
        return true;
    });
    combinations(sorted_cards(s.island), take, [&](const std::vector<Card>& x) {
        wanted.push_back(x);
        return true;
    });
    Options options{opt(PASS)};  // then product(given, wanted)
    for (std::size_t i = 0; i < given.size(); ++i)
        for (std::size_t j = 0; j < wanted.size(); ++j)
            options.push_back(led_lights_option(given, wanted, i, j));
    const int k = g.ask(owner, Kind::led_lights_swap, options);
    if (k == 0) return;  // "pass"
    const std::vector<Card>& out = given[at(k - 1) / wanted.size()];
    const std::vector<Card>& into = wanted[at(k - 1) % wanted.size()];
    for (Card card : out) hand.remove(card);
    for (Card card : into) {
        s.island.remove(card);
        hand.push_back(card);
    }
    for (Card card : out) s.island.push_back(card);
}

// Contraband: after one's Pirate action, `extra_containers` more from a ship at sea,
// `uses_per_turn` a turn.
void contraband(Game& g, int owner, const Contract& c, int actor, const Payload&) {
    State& s = g.s;
    if (actor != owner) return;
    const int used = turn_uses(s.mods[at(owner)].contraband, s.turn);
    if (used >= c.whole("uses_per_turn")) return;
    bool at_sea = false;
    for (const Ship& ship : s.ships) at_sea = at_sea || (ship.at_sea && !ship.cargo.empty());
    if (!at_sea) return;
    if (g.ask(owner, Kind::contraband_use, {opt(0), opt(1)}) == 1) return;  // "pirate", "pass"
    s.mods[at(owner)].contraband = TurnUses{s.turn, used + 1};
    for (int k = 0; k < c.whole("extra_containers"); ++k) pirate(g, owner, /*ships_only=*/true);
}

// Lumber: another player's Draw action lets the owner perform one too; his own draw
// triggers nothing further (IE-POWER-37).
void lumber(Game& g, int owner, const Contract&, int actor, const Payload&) {
    if (actor == owner) return;
    if (g.ask(owner, Kind::lumber_draw, {opt(0), opt(1)}, actor) == 0) draw_up(g, owner);  // "draw", "pass"
}

// Chairs: another player's Draw action lets the owner discard `cards` hand card(s)
// (IE-POWER-37).
void chairs(Game& g, int owner, const Contract& c, int actor, const Payload&) {
    State& s = g.s;
    Zone& hand = s.hands[at(owner)];
    if (actor == owner) return;
    for (int k = 0; k < c.whole("cards"); ++k) {
        if (hand.empty()) return;
        Options options{opt(PASS)};
        for (Card card : hand) options.push_back(opt(card));
        const int card = options[at(g.ask(owner, Kind::chairs_discard, options, actor))].a;
        if (card == PASS) return;
        hand.remove(static_cast<Card>(card));
        s.discard.push_back(static_cast<Card>(card));
        s.log_event(owner, Logged::discarded, card);
    }
}

// Telescopes: at any time, before the end-game bonuses, the owner may sell a tech good (a
// Capital good counting as tech too: IE-CAP-26) to the bank for `price` (IE-POWER-38); what
// the goods count as is read afresh at each window.
void telescopes(const Game& g, int owner, const Contract&, const Moment&, std::vector<UseArgs>& uses) {
    for (Card card : goods_of_type(g, owner, GREEN)) uses.push_back(use_args(card));
}

void telescopes_sell(Game& g, int owner, const Contract& c, const UseArgs& args, const Moment&) {
    const int card = args[0];
    g.s.goods[at(owner)].remove(static_cast<Card>(card));
    to_discard(g, owner, card);  // a physical container to the reserve (IE-VAR-7)
    gain(g, owner, c.whole("price"));
}

// Yogurt: whoever loads or plunders the Yogurt card draws `cards_self`, then every other
// player, clockwise, draws `cards_others` (FAQ: the physical card; IE-POWER-42).
void yogurt_draws(Game& g, const Contract& c, int player) {
    draw(g, player, c.whole("cards_self"));
    for (int k = 1; k < g.s.n; ++k) draw(g, (player + k) % g.s.n, c.whole("cards_others"));
}

void yogurt_loaded(Game& g, const Contract& c, int, int actor, const Payload&) { yogurt_draws(g, c, actor); }

// Plundering Yogurt works the same, once: a plunder that loads it counted already.
void yogurt_plundered(Game& g, const Contract& c, int card, int actor, const Payload&) {
    for (const Ship& ship : g.s.ships)
        if (ship.cargo.contains(static_cast<Card>(card))) return;
    yogurt_draws(g, c, actor);
}

// Lutefisk: from the hand, with its level met, it may be placed on a valid ship at its
// holder's port without a contract action, at any time, in anyone's turn (FAQ:
// IE-POWER-43): one use per ship that can hold it.
void lutefisk(const Game& g, int holder, const Contract& c, const Moment&, std::vector<UseArgs>& uses) {
    if (missing_levels(g, holder, c.id)) return;
    for (std::int8_t i : ships_in_port(g, holder))
        if (can_hold(g, g.s.ships[i], c.id)) uses.push_back(use_args(i));
}

void lutefisk_place(Game& g, int holder, const Contract& c, const UseArgs& args, const Moment&) {
    place_contract(g, holder, c.card, c.id, args[0]);
}

// Flour: placing Flour with its level met and `containers` valid containers in hand, one
// may load them all at once (IE-POWER-44).
void flour(Game& g, const Contract& c, int, int actor, const Payload&) {
    State& s = g.s;
    const int need = c.whole("containers");
    if (missing_levels(g, actor, c.id)) return;
    int index = 0;  // Flour's ship: its contract was just placed under it
    const auto flour_id = static_cast<ContractId>(c.id);
    while (index < s.ships.size() && !s.ships[index].contracts.contains(flour_id)) ++index;
    if (index == s.ships.size()) throw NativeError("Flour: its contract is under no ship (a rule bug)");
    Options valid_loads;
    load_options(g, actor, s.hands[at(actor)], valid_loads);
    SmallVec<Card, kMaxCards> valid;  // the distinct hand cards loadable on Flour's ship
    for (const Option& o : valid_loads)
        if (o.b == index && !valid.contains(o.a)) valid.push_back(o.a);
    if (valid.size() < need) return;
    if (g.ask(actor, Kind::flour_load, {opt(0), opt(1)}) == 0) return;  // "pass", "load"
    for (int k = 0; k < need; ++k) {
        Options loads;
        load_options(g, actor, s.hands[at(actor)], loads);
        Options options;
        for (const Option& o : loads)
            if (o.b == index) options.push_back(o);
        if (options.empty() || s.ships[index].at_sea) return;
        const Option load = options[at(g.ask(actor, Kind::flour_container, options))];
        if (g.table().colors[at(load.a)].size() > 1) pay(g, actor, g.rules().flag_load_cost);
        s.hands[at(actor)].remove(load.a);
        load_container(g, actor, index, load.a, load.c);
    }
}

// Shotguns, as the actions are declared: note who performs Pirate actions before the owner
// this turn (IE-POWER-45).
void shotguns_declared(Game& g, int owner, const Contract&, int actor, const Payload& payload) {
    State& s = g.s;
    s.mods[at(owner)].shotguns.reset();
    if (payload.action != PIRATE || !payload.declared[at(owner)]) return;
    TurnPlayers before{s.turn, {}};
    for (std::int8_t q : clockwise(actor, s.n)) {
        if (q == owner) break;
        if (payload.declared[at(q)]) before.players.push_back(q);
    }
    if (!before.players.empty()) s.mods[at(owner)].shotguns = before;
}

// Shotguns: each player performing Pirate actions before the owner this turn gives him
// `credits` credits or `cards` hand cards, his choice, once; unable to give either, nothing
// (IE-POWER-45).
void shotguns(Game& g, int owner, const Contract& c, int actor, const Payload&) {
    State& s = g.s;
    std::optional<TurnPlayers>& record = s.mods[at(owner)].shotguns;
    const auto payer = static_cast<std::int8_t>(actor);
    if (!record || record->turn != s.turn || !record->players.contains(payer)) return;
    record->players.remove(payer);  // each is listed once
    Options options;
    if (s.credits[at(actor)] >= c.whole("credits")) options.push_back(opt(0));
    if (s.hands[at(actor)].size() >= c.whole("cards")) options.push_back(opt(1));
    if (options.empty()) return;
    if (options[at(g.ask(actor, Kind::shotguns_pay, options, owner))].a == 0) {  // "credits"
        transfer(g, actor, owner, c.whole("credits"));
        return;
    }
    for (int k = 0; k < c.whole("cards"); ++k) {
        Options cards;
        for (Card card : s.hands[at(actor)]) cards.push_back(opt(card));
        const auto card = static_cast<Card>(cards[at(g.ask(actor, Kind::shotguns_card, cards, owner))].a);
        s.hands[at(actor)].remove(card);
        s.hands[at(owner)].push_back(card);
    }
}

// --------------------------------------------------------------------------- how options read
// (Python's repr of the same option: the differential test compares them)

std::string str(int v) { return std::to_string(v); }
std::string card_or_pass(const Game&, const Option& o, int) { return o.a == PASS ? "'pass'" : str(o.a); }
std::string use_or_pass(const Game&, const Option& o, int) { return o.a == 0 ? "'use'" : "'pass'"; }
std::string load_or_pass(const Game&, const Option& o, int) { return o.a == 0 ? "'load'" : "'pass'"; }
std::string pirate_or_pass(const Game&, const Option& o, int) { return o.a == 0 ? "'pirate'" : "'pass'"; }
std::string draw_or_pass(const Game&, const Option& o, int) { return o.a == 0 ? "'draw'" : "'pass'"; }
std::string pass_or_load(const Game&, const Option& o, int) { return o.a == 0 ? "'pass'" : "'load'"; }
std::string credits_or_cards(const Game&, const Option& o, int) { return o.a == 0 ? "'credits'" : "'cards'"; }
std::string a_card(const Game&, const Option& o, int) { return str(o.a); }
std::string rope_option(const Game&, const Option& o, int) {
    return o.a == PASS ? "'pass'" : "('swap', " + str(o.a) + ", " + str(o.b) + ")";
}
std::string a_load(const Game&, const Option& o, int) {
    return "(" + str(o.a) + ", " + str(o.b) + ", " + str(o.c) + ")";
}
std::string cards_tuple(const SmallVec<Card, kMaxCards>& cards) {
    std::string out = "(";
    for (int k = 0; k < cards.size(); ++k) out += (k ? ", " : "") + str(cards[k]);
    return out + (cards.size() == 1 ? ",)" : ")");
}
std::string led_lights_text(const Game& g, const Option& o, int) {
    if (o.a == PASS) return "'pass'";
    SmallVec<Card, kMaxCards> given;
    SmallVec<Card, kMaxCards> taken;
    led_lights_parts(g, o, given, taken);
    return "(" + cards_tuple(given) + ", " + cards_tuple(taken) + ")";
}

const PowerRegistration registered[] = {
    power("Jets")
        .hook(Event::ship_completed, jets)
        .params({"containers"})
        .render(Kind::jets_take, card_or_pass),
    power("Flash Drives")
        .hook(Event::ship_completed, flash_drives)
        .params({"containers_per_ship"})
        .render(Kind::flash_drives_take, card_or_pass),
    power("Paper")
        .hook(Event::contract_fulfilled, paper)
        .params({"containers"})
        .render(Kind::paper_import, card_or_pass),
    power("Satellite")
        .hook(Event::ship_completed, satellite)
        .params({"cards", "containers"})
        .render(Kind::satellite_use, use_or_pass),
    power("Batteries")
        .hook(Event::load_action, batteries)
        .params({"cost", "extra_containers", "uses_per_turn"})
        .render(Kind::batteries_use, load_or_pass),
    power("Rope")
        .hook(Event::turn_started, rope)
        .params({"uses_per_turn"})
        .render(Kind::rope_swap, rope_option),
    power("LED Lights")
        .hook(Event::turn_started, led_lights)
        .params({"cards_given", "cards_taken"})
        .render(Kind::led_lights_swap, led_lights_text),
    power("Contraband")
        .hook(Event::plundered, contraband)
        .params({"extra_containers", "uses_per_turn"})
        .render(Kind::contraband_use, pirate_or_pass),
    power("Lumber").hook(Event::draw_action, lumber).render(Kind::lumber_draw, draw_or_pass),
    power("Chairs")
        .hook(Event::draw_action, chairs)
        .params({"cards"})
        .render(Kind::chairs_discard, card_or_pass),
    power("Telescopes").any_time(AnyTimeFrom::fulfilled, telescopes, telescopes_sell).params({"price"}),
    power("Yogurt")
        .card_hook(Event::container_loaded, yogurt_loaded)
        .card_hook(Event::plundered, yogurt_plundered)
        .params({"cards_self", "cards_others"}),
    power("Lutefisk").any_time(AnyTimeFrom::hand, lutefisk, lutefisk_place),
    power("Flour")
        .card_hook(Event::contract_placed, flour)
        .params({"containers"})
        .render(Kind::flour_load, pass_or_load)
        .render(Kind::flour_container, a_load),
    power("Shotguns")
        .hook(Event::action_declared, shotguns_declared)
        .hook(Event::plundered, shotguns)
        .params({"credits", "cards"})
        .render(Kind::shotguns_pay, credits_or_cards)
        .render(Kind::shotguns_card, a_card),
};

}  // namespace

// LED Lights' option read back (powers/group4.hpp).
void led_lights_parts(const Game& g, const Option& o, SmallVec<Card, kMaxCards>& given,
                      SmallVec<Card, kMaxCards>& taken) {
    given.clear();
    taken.clear();
    if (o.a == PASS) return;
    if (o.a != RANKED) {
        const std::array<int, 3> cards{o.a, o.b, o.c};
        int k = 0;
        for (; k < o.d % 256; ++k) given.push_back(static_cast<Card>(cards[at(k)]));
        for (; k < o.d % 256 + o.d / 256; ++k) taken.push_back(static_cast<Card>(cards[at(k)]));
        return;
    }
    const int give = o.d % 256;
    const int take = o.d / 256;
    int rank = 0;
    combinations(sorted_cards(g.s.hands[at(g.s.leader)]), give, [&](const std::vector<Card>& x) {
        if (rank++ != o.b) return true;
        for (Card card : x) given.push_back(card);
        return false;
    });
    rank = 0;
    combinations(sorted_cards(g.s.island), take, [&](const std::vector<Card>& x) {
        if (rank++ != o.c) return true;
        for (Card card : x) taken.push_back(card);
        return false;
    });
}

}  // namespace group4
}  // namespace deckhand::ie
