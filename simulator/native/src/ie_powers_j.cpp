// J powers (simulator/games/import_export/powers/j.py), one function per card, and the rules
// Robo-Cats changes (actions._load_instead's pair, loading.load_pair, plunder._pirate_pair,
// plunder._drop_held_pairs, cargo._unpair). Each ports the Python code of the same name line
// by line: the same decisions with their options in the same order, the same draws, the same
// effects; numbers from the card's sheet row (`c.whole(...)`). The rules Rice Cookers,
// Chopsticks and Foxes change read their modifiers where the rule lives (ie_turn.cpp,
// ie_limits.cpp, ie_game_base.cpp's tie_winner). Rulings: docs/rulings.md, "Card powers (J)"
// (IE-JP-n).
#include <string>

#include "ie_powers.hpp"
#include "ie_variants.hpp"

namespace deckhand::ie {
namespace {

inline std::size_t at(int i) { return static_cast<std::size_t>(i); }

// Options of robo_cats_pair: {kPass}; {kShip, ship} (a plundered pair: Python's ship index);
// {a, b, c, ship} (a Load: the cards a, b and c, -1 for none, loaded on the ship: Python's
// ((a, b), ship)).
constexpr int kPass = -1;
constexpr int kShip = -2;

std::string pass_or_int(const Game&, const Option& o, int) { return o.a == kPass ? "'pass'" : std::to_string(o.a); }
std::string int_option(const Game&, const Option& o, int) { return std::to_string(o.a); }
std::string soy_sauce_option(const Game&, const Option& o, int) { return o.a == 0 ? "'pass'" : "'transfer'"; }
std::string keep_option(const Game&, const Option& o, int) { return o.a == 0 ? "'pass'" : "'keep'"; }
std::string pair_option(const Game&, const Option& o, int) {
    if (o.a == kPass) return "'pass'";
    if (o.a == kShip) return std::to_string(o.b);
    std::string cards = "(" + std::to_string(o.a) + ", " + std::to_string(o.b);
    if (o.c >= 0) cards += ", " + std::to_string(o.c);
    return "(" + cards + "), " + std::to_string(o.d) + ")";
}

// The cards a Robo-Cats pair option loads.
SmallVec<Card, kMaxShipCargo> pair_cards(const Option& o) {
    SmallVec<Card, kMaxShipCargo> cards;
    for (int c : {static_cast<int>(o.a), static_cast<int>(o.b), static_cast<int>(o.c)})
        if (c >= 0) cards.push_back(static_cast<Card>(c));
    return cards;
}

// Cards of one type loaded together as one container of `color` (loading.load_pair,
// IE-JP-8): the first counts as that colour, the others ride with it (PAIRED: no need filled,
// no room taken) and count only for the payout; each is told as loaded.
void load_pair(Game& g, int p, int i, const SmallVec<Card, kMaxShipCargo>& cards, int color) {
    State& s = g.s;
    const int own = g.table().color[at(cards[0])];
    SmallVec<Card, kMaxShipCargo> placed;
    for (Card card : cards) {
        if (g.table().tokens) {  // a physical container instead, of the pair's own colour (IE-VAR-5)
            int as = own;
            placed.push_back(static_cast<Card>(load_token(g, p, i, card, as)));
        } else {
            s.log_event(p, Logged::loaded, card);
            placed.push_back(card);
        }
    }
    Ship& ship = s.ships[i];
    for (int k = 0; k < placed.size(); ++k) {
        ship.cargo.push_back(placed[k]);
        ship.cargo_colors.push_back(static_cast<std::int8_t>(k == 0 ? color : PAIRED));
    }
    if (listening(g, Event::container_loaded))
        for (Card card : placed) {
            Payload payload;
            payload.card = card;
            emit(g, Event::container_loaded, p, payload);
        }
    check_complete(g, i);
}

// p's ships that fit a container of `color` (the pair's ships).
SmallVec<std::int8_t, kMaxShips> pair_ships(const Game& g, int p, int color) {
    SmallVec<std::int8_t, kMaxShips> ships;
    for (int i = 0; i < g.s.ships.size(); ++i)
        if (g.s.ships[i].owner == p && fits(g, g.s.ships[i], color)) ships.push_back(static_cast<std::int8_t>(i));
    return ships;
}

// actions._pair_options: (cards, ship): `per` cards of one type p may load together as one
// container of `color` on a ship of his with a need it fits; only single-colour cards pair.
// Groups as itertools.combinations(sorted(same), per), types in the order first held.
void pair_options(const Game& g, int p, int color, int per, Options& out) {
    const auto ships = pair_ships(g, p, color);
    if (ships.empty()) return;
    const Table& t = g.table();
    SmallVec<std::int8_t, kColors> types;  // by_type's keys, in insertion order
    for (Card card : g.s.hands[at(p)])
        if (t.colors[at(card)].size() == 1 && t.color[at(card)] != GREY && !types.contains(t.color[at(card)]))
            types.push_back(t.color[at(card)]);
    for (auto type : types) {
        std::vector<int> same;
        for (Card card : g.s.hands[at(p)])
            if (t.colors[at(card)].size() == 1 && t.color[at(card)] == type) same.push_back(card);
        std::sort(same.begin(), same.end());
        const int n = static_cast<int>(same.size());
        if (n < per) continue;
        if (per > 3) throw NativeError("Robo-Cats: containers_per_tech above 3 is not native");
        std::vector<int> idx(static_cast<std::size_t>(per));
        for (int k = 0; k < per; ++k) idx[at(k)] = k;
        while (true) {  // combinations in lexicographic order
            const int a = same[at(idx[0])], b = per > 1 ? same[at(idx[1])] : -1, c = per > 2 ? same[at(idx[2])] : -1;
            for (auto i : ships) out.push_back(opt(a, b, c, i));
            int k = per - 1;
            while (k >= 0 && idx[at(k)] == n - per + k) --k;
            if (k < 0) break;
            ++idx[at(k)];
            for (int j = k + 1; j < per; ++j) idx[at(j)] = idx[at(j - 1)] + 1;
        }
    }
}

// ---------------------------------------------------------------- immediate powers

// Bamboo (IE-JP-1): as soon as it is completed, the owner may place Bamboo again as a
// contract, with no action, on a ship of his at port that can hold it, its level met; the
// ship it completed on is sailing. It leaves the completed contracts. Options (bamboo_place):
// {kPass}, then {ship}.
void bamboo(Game& g, int owner, const Contract& c) {
    State& s = g.s;
    if (!s.fulfilled[at(owner)].contains(static_cast<ContractId>(c.id)) || missing_levels(g, owner, c.id)) return;
    Options options = {opt(kPass)};
    for (auto i : ships_in_port(g, owner))
        if (can_hold(g, s.ships[i], c.id)) options.push_back(opt(i));
    if (options.size() == 1) return;
    const int i = options[at(g.ask(owner, Kind::bamboo_place, options, c.id))].a;  // context: Bamboo (the bot's)
    if (i == kPass) return;
    leave_fulfilled(g, owner, c.id);
    Zone source;
    source.push_back(static_cast<Card>(c.card));
    place_contract(g, owner, c.card, c.id, i, &source);
}

// Muji Pens (IE-JP-4): the owner's whole hand goes face up to the supply island; then he
// takes `cards_per_player` random cards from each other player's hand, clockwise, all of a
// smaller hand (the rules' stream). Taking them is not drawing.
void muji_pens(Game& g, int owner, const Contract& c) {
    State& s = g.s;
    s.island.extend(s.hands[at(owner)]);
    s.hands[at(owner)].clear();
    for (auto q : other_players(g, owner)) {
        Zone& hand = s.hands[at(q)];
        const int take = std::min(c.whole("cards_per_player"), hand.size());
        for (int k = 0; k < take; ++k) s.hands[at(owner)].push_back(hand.pop_at(s.rng.below(hand.size())));
    }
}

// Pocky (IE-JP-5): take `credits`, draw `cards`, then import `containers` container(s) from
// a ship at sea of one's choice, as in an import: the ship's owner paid unless it is one's
// own ship, the powers told of the import; an emptied ship returns home. Options
// (pocky_import): {ship}.
void pocky(Game& g, int owner, const Contract& c) {
    State& s = g.s;
    gain(g, owner, c.whole("credits"));
    draw(g, owner, c.whole("cards"));
    Options ships;
    for (int i = 0; i < s.ships.size(); ++i)
        if (s.ships[i].at_sea && !s.ships[i].cargo.empty()) ships.push_back(opt(i));
    if (ships.empty()) return;
    const int i = ships[at(g.ask(owner, Kind::pocky_import, ships))].a;
    const auto taken = take_from_ship(g, owner, i, c.whole("containers"));
    const int ship_owner = s.ships[i].owner;
    if (!taken.empty() && ship_owner != owner) gain(g, ship_owner, compensation_to(g, ship_owner));
    if (listening(g, Event::imported)) {
        Payload payload;
        payload.ship = i;
        payload.taken = taken;
        emit(g, Event::imported, owner, payload);
    }
    ship_home(g, i);
}

// Rice (IE-JP-7): `pay_per_contract` for each agricultural contract among one's completed
// contracts, Rice included.
void rice(Game& g, int owner, const Contract& c) {
    int count = 0;
    for (ContractId cid : g.s.fulfilled[at(owner)]) count += g.table().contract(cid).color == YELLOW;
    gain(g, owner, c.whole("pay_per_contract") * count);
}

// Soy Sauce (IE-JP-9): the owner may move his whole crew into his goods, `pay_per_card` for
// each card moved; in the order the crew was taken, the cards beyond the goods limit are
// discarded, and paid for too. Options (soy_sauce_use): {0: pass}, {1: transfer}.
void soy_sauce(Game& g, int owner, const Contract& c) {
    State& s = g.s;
    Zone& crew = s.crew[at(owner)];
    if (crew.empty() || g.ask(owner, Kind::soy_sauce_use, {opt(0), opt(1)}) == 0) return;
    const Zone moved = crew;
    crew.clear();
    s.moving.extend(moved);
    gain(g, owner, c.whole("pay_per_card") * moved.size());
    for (Card card : moved) {
        s.moving.remove(card);
        to_goods(g, owner, card);
    }
}

// ---------------------------------------------------------------- rule modifiers

// j.CHOPSTICKS_CARDS, CHOPSTICKS_FOLLOW, RICE_COOKERS_CARDS: (card action, action it also
// counts as) and (led, performed, played).
void grant_also(Game& g, int owner, int own, int as) { g.s.mods[at(owner)].card_also[at(own)] |= static_cast<std::uint8_t>(1U << as); }
void revoke_also(Game& g, int owner, int own, int as) {
    g.s.mods[at(owner)].card_also[at(own)] &= static_cast<std::uint8_t>(~(1U << as));
}
void grant_follow(Game& g, int owner, int led, int performed, int played) {
    auto& ways = g.s.mods[at(owner)].follow_as;
    const std::array<std::int8_t, 3> way{static_cast<std::int8_t>(led), static_cast<std::int8_t>(performed),
                                         static_cast<std::int8_t>(played)};
    if (ways.contains(way)) return;
    int k = 0;  // kept sorted, as Python's sorted(ways) reads them
    while (k < ways.size() && ways[k] < way) ++k;
    ways.insert(k, way);
}
void revoke_follow(Game& g, int owner, int led, int performed, int played) {
    auto& ways = g.s.mods[at(owner)].follow_as;
    const std::array<std::int8_t, 3> way{static_cast<std::int8_t>(led), static_cast<std::int8_t>(performed),
                                         static_cast<std::int8_t>(played)};
    if (ways.contains(way)) ways.remove(way);
}

// Chopsticks (IE-JP-2): the owner's Import cards, from the hand or the crew, may be used as
// Contract or Load actions, leading or following a Contract or a Load, or following an
// Import with one and performing Contract or Load actions instead.
void chopsticks(Game& g, int owner, const Contract&) {
    grant_also(g, owner, IMPORT, CONTRACT);
    grant_also(g, owner, IMPORT, LOAD);
    grant_follow(g, owner, IMPORT, CONTRACT, IMPORT);
    grant_follow(g, owner, IMPORT, LOAD, IMPORT);
}
void chopsticks_lost(Game& g, int owner, const Contract&) {
    revoke_also(g, owner, IMPORT, CONTRACT);
    revoke_also(g, owner, IMPORT, LOAD);
    revoke_follow(g, owner, IMPORT, CONTRACT, IMPORT);
    revoke_follow(g, owner, IMPORT, LOAD, IMPORT);
}

// Rice Cookers (FAQ: IE-JP-6): for the owner alone, Load cards count as Contract cards and
// vice versa, in the hand and in the crew, leading or following.
void rice_cookers(Game& g, int owner, const Contract&) {
    grant_also(g, owner, LOAD, CONTRACT);
    grant_also(g, owner, CONTRACT, LOAD);
}
void rice_cookers_lost(Game& g, int owner, const Contract&) {
    revoke_also(g, owner, LOAD, CONTRACT);
    revoke_also(g, owner, CONTRACT, LOAD);
}

// Foxes (FAQ: IE-JP-3): the owner wins every tie he is in (tie_winner).
void foxes(Game& g, int owner, const Contract&) { g.s.mods[at(owner)].wins_ties = true; }
void foxes_lost(Game& g, int owner, const Contract&) { g.s.mods[at(owner)].wins_ties = false; }

// Robo-Cats (IE-JP-8): one Load may load `containers_per_tech` hand cards of one type
// together as one tech container; Pirate actions may gather them, one each, kept aside until
// the pair is made that turn (robo_cats_load, robo_cats_plunder below).
void robo_cats(Game& g, int owner, const Contract& c) {
    g.s.mods[at(owner)].pair_load = std::make_pair(static_cast<int>(GREEN), c.whole("containers_per_tech"));
}
void robo_cats_lost(Game& g, int owner, const Contract&) { g.s.mods[at(owner)].pair_load.reset(); }

// ---------------------------------------------------------------- any time

// Sushi Knives (IE-JP-10): at any time, in anyone's turn, as often as he can, the owner may
// discard `cards` luxury cards from his hand (printed colour) for `payment`; which ones is
// asked card by card (sushi_knives_card: {card}).
void sushi_knives(const Game& g, int owner, const Contract& c, const Moment&, std::vector<UseArgs>& uses) {
    int luxury = 0;
    for (Card card : g.s.hands[at(owner)]) luxury += g.table().color[at(card)] == BLUE;
    if (luxury >= c.whole("cards")) uses.push_back(use_args());
}
void sushi_knives_use(Game& g, int owner, const Contract& c, const UseArgs&, const Moment&) {
    State& s = g.s;
    const int k = c.whole("cards");
    Zone luxury;
    for (Card card : s.hands[at(owner)])
        if (g.table().color[at(card)] == BLUE) luxury.push_back(card);
    Zone chosen;
    if (luxury.size() == k) chosen = luxury;
    while (chosen.size() < k) {
        Options rest;
        for (Card card : luxury)
            if (!chosen.contains(card)) rest.push_back(opt(card));
        chosen.push_back(static_cast<Card>(rest[at(g.ask(owner, Kind::sushi_knives_card, rest))].a));
    }
    for (Card card : chosen) {
        s.hands[at(owner)].remove(card);
        to_discard(g, owner, card);
    }
    gain(g, owner, c.whole("payment"));
}

const PowerRegistration registered[] = {
    power("Bamboo").on_fulfil(bamboo).render(Kind::bamboo_place, pass_or_int),
    power("Muji Pens").on_fulfil(muji_pens).params({"cards_per_player"}),
    power("Pocky").on_fulfil(pocky).params({"credits", "cards", "containers"}).render(Kind::pocky_import, int_option),
    power("Rice").on_fulfil(rice).params({"pay_per_contract"}),
    power("Soy Sauce").on_fulfil(soy_sauce).params({"pay_per_card"}).render(Kind::soy_sauce_use, soy_sauce_option),
    power("Chopsticks").on_fulfil(chopsticks).on_lose(chopsticks_lost),
    power("Rice Cookers").on_fulfil(rice_cookers).on_lose(rice_cookers_lost),
    power("Foxes").on_fulfil(foxes).on_lose(foxes_lost),
    power("Robo-Cats")
        .on_fulfil(robo_cats)
        .on_lose(robo_cats_lost)
        .params({"containers_per_tech"})
        .render(Kind::robo_cats_pair, pair_option)
        .render(Kind::robo_cats_keep, keep_option),
    power("Sushi Knives")
        .any_time(AnyTimeFrom::fulfilled, sushi_knives, sushi_knives_use)
        .params({"cards", "payment"})
        .render(Kind::sushi_knives_card, int_option),
};

}  // namespace

bool robo_cats_load(Game& g, int p, SmallVec<Card, kMaxShipCargo>& loaded) {
    State& s = g.s;
    const auto& pair = s.mods[at(p)].pair_load;
    if (!pair) return false;
    Options options = {opt(kPass)};
    pair_options(g, p, pair->first, pair->second, options);
    if (options.size() == 1) return false;
    const Option choice = options[at(g.ask(p, Kind::robo_cats_pair, options))];
    if (choice.a == kPass) return false;
    const auto cards = pair_cards(choice);
    for (Card card : cards) s.hands[at(p)].remove(card);
    load_pair(g, p, choice.d, cards, pair->first);
    loaded = cards;
    return true;
}

// plunder._pirate_pair (IE-JP-8): a plundered container may be kept aside while p has a ship
// needing a container of the pair's colour; once his plunders this turn bring enough of one
// type, they load together. Options: robo_cats_keep {0: pass}, {1: keep}; robo_cats_pair
// {kPass}, {kShip, ship}; context: the card.
bool robo_cats_plunder(Game& g, int p, int card, int own) {
    State& s = g.s;
    Mods& mods = s.mods[at(p)];
    const int color = mods.pair_load->first, per = mods.pair_load->second;
    const int kind = mods.pair_held ? mods.pair_held_type : own;
    const auto ships = pair_ships(g, p, color);
    if (ships.empty() || kind != own) return false;
    const int held = mods.pair_held ? mods.pair_held_cards.size() : 0;
    s.moving.push_back(static_cast<Card>(card));
    int ship = kPass;
    bool keep = false;
    if (held + 1 < per) {
        keep = g.ask(p, Kind::robo_cats_keep, {opt(0), opt(1)}, card) == 1;
    } else {
        Options options = {opt(kPass)};
        for (auto i : ships) options.push_back(opt(kShip, i));
        const Option o = options[at(g.ask(p, Kind::robo_cats_pair, options, card))];
        if (o.a == kShip) ship = o.b;
    }
    s.moving.remove(static_cast<Card>(card));
    if (keep) {
        if (!mods.pair_held) mods.pair_held_cards.clear();
        mods.pair_held = true;
        mods.pair_held_type = own;
        mods.pair_held_cards.push_back(static_cast<Card>(card));
        return true;
    }
    if (ship == kPass) return false;
    SmallVec<Card, kMaxShipCargo> cards;
    if (mods.pair_held) cards.extend(mods.pair_held_cards);
    cards.push_back(static_cast<Card>(card));
    mods.pair_held = false;
    mods.pair_held_cards.clear();
    load_pair(g, p, ship, cards, color);
    return true;
}

void drop_held_pairs(Game& g) {
    State& s = g.s;
    for (int p = 0; p < s.n; ++p) {
        Mods& mods = s.mods[at(p)];
        if (!mods.pair_held) continue;
        const auto held = mods.pair_held_cards;
        mods.pair_held = false;
        mods.pair_held_cards.clear();
        for (Card card : held) to_discard(g, p, card);
    }
}

void unpair(Game& g, int i) {
    Ship& ship = g.s.ships[i];
    auto& colors = ship.cargo_colors;
    if (!colors.contains(static_cast<std::int8_t>(PAIRED))) return;
    for (int j = colors.size() - 1; j > 0; --j) {
        if (colors[j] != PAIRED) continue;
        colors[j] = g.table().color[at(ship.cargo[j])];
        if (colors[j - 1] != PAIRED) colors[j - 1] = colors[j];
    }
}

const ModuleRegistration j_module("j");

}  // namespace deckhand::ie
