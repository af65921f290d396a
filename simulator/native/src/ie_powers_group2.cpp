// Group 2 of the native base powers: every immediate power of
// simulator/games/import_export/powers/base_immediate.py, one function per card, run once
// when the contract is fulfilled (IE-FULFIL-1). Each reads its numbers from the card sheet
// (the same names as the Python `params=`), asks the same questions in the same order with
// the same options in the same order, and draws from the same streams at the same points.
// (Potatoes, also of base_immediate.py, is the rules' worked example in ie_powers_base.cpp.)
//
// Options of the kinds asked here (the Python tuple each mirrors, in its order):
//   antiquities_take            {card}                      a red card of the deck, deck order
//   apples_choice               {card, contract id}         (card, c.id), hand order
//   beer_choice                 {0: island}, {1: keep}      ("island", "keep")
//   insects_target              {player}                    other_players, clockwise
//   insects_take                {card}                      the target's goods, in order
//   opposition_leaflets_discard {card}                      the hand, in order
//   rolls_royce_type            {colour}                    good_types
//   sculptures_give             {card}                      the giver's hand, in order
//   showers_type                {colour}                    good_types
//   vacuums_give                {0: hand}, {1, card}        ("hand",), ("luxury", card)...
//   vacuums_give_more           {card}                      the luxury goods not given yet
//   bird_feed_buy               {0: pass}, {1: buy}         ("pass", "buy")
//   wind_turbines_copy          {contract id}               fulfilled contracts, seat order
//   platinum_rings_play         {0: stop}, {1, card}        ("stop", *hand)
//   stolen_documents_take       {player, contract id}       (victim, cid)
#include <algorithm>
#include <string>

#include "ie_powers.hpp"

namespace deckhand::ie {
namespace {

// Verbs of the options (Python's strings), as the comment above lists them.
constexpr int kIsland = 0, kKeep = 1;
constexpr int kHand = 0, kLuxury = 1;
constexpr int kPass = 0, kBuy = 1;
constexpr int kStop = 0, kPlay = 1;

int color_of(const Game& g, int card) { return g.table().color[card]; }

// The option `seat` chooses (Game::ask answers with its index).
Option choose(Game& g, int seat, Kind kind, const Options& options, int context = 0) {
    return options[static_cast<std::size_t>(g.ask(seat, kind, options, context))];
}

// Ammunition: every other player with at least `min_illegal_goods` illegal goods pays the
// owner `payment` (in full or nothing: IE-POWER-1; goods as they count: IE-CAP-26).
void ammunition(Game& g, int owner, const Contract& c) {
    for (int q : other_players(g, owner))
        if (goods_count(g, q, RED) >= c.whole("min_illegal_goods"))
            transfer(g, q, owner, c.whole("payment"));
}

// Antiquities: take `cards` illegal card(s) of one's choice from the deck, then shuffle it.
void antiquities(Game& g, int owner, const Contract& c) {
    State& s = g.s;
    const int cards = c.whole("cards");
    for (int k = 0; k < cards; ++k) {
        Options options;
        for (Card card : s.deck)
            if (color_of(g, card) == RED) options.push_back(opt(card));
        if (options.empty()) break;
        const int card = choose(g, owner, Kind::antiquities_take, options).a;
        s.deck.remove(static_cast<Card>(card));
        s.hands[owner].push_back(static_cast<Card>(card));
        s.log_event(owner, Logged::drawn, card);
    }
    s.rng.shuffle(s.deck);
}

// Apples: `cards` agricultural card(s) from the hand join one's fulfilled contracts, with
// no level requirement, and resolve their own power as if just fulfilled (IE-POWER-12).
void apples(Game& g, int owner, const Contract& c) {
    State& s = g.s;
    const int cards = c.whole("cards");
    for (int k = 0; k < cards; ++k) {
        Options options;
        for (Card card : s.hands[owner])
            for (ContractId cid : g.table().contracts_of[card])
                if (g.table().contract(cid).color == YELLOW) options.push_back(opt(card, cid));
        if (options.empty()) return;
        const Option chosen = choose(g, owner, Kind::apples_choice, options);
        s.hands[owner].remove(chosen.a);
        s.fulfilled[owner].push_back(chosen.b);
        s.log_event(owner, Logged::fulfilled, chosen.b);
        fulfilled(g, owner, chosen.b);
    }
}

// Beer: keep Beer fulfilled, or put it on the supply island for `payment` credits (a copy
// moves nothing: IE-POWER-40).
void beer(Game& g, int owner, const Contract& c) {
    State& s = g.s;
    const int choice = g.ask(owner, Kind::beer_choice, {opt(kIsland), opt(kKeep)});
    if (choice == kIsland && s.fulfilled[owner].contains(static_cast<ContractId>(c.id))) {
        leave_fulfilled(g, owner, c.id);
        s.island.push_back(static_cast<Card>(c.card));
        gain(g, owner, c.whole("payment"));
    }
}

// Cups: draw `cards` cards.
void cups(Game& g, int owner, const Contract& c) { draw(g, owner, c.whole("cards")); }

// Flowers: every player, the owner first, takes `payment` from the bank.
void flowers(Game& g, int owner, const Contract& c) {
    for (int q = 0; q < g.s.n; ++q) gain(g, (owner + q) % g.s.n, c.whole("payment"));
}

// Hawaiian Salt: take every agricultural card from the others' hands, `pay_per_card` each.
void hawaiian_salt(Game& g, int owner, const Contract& c) {
    State& s = g.s;
    int taken = 0;
    for (int q : other_players(g, owner)) {
        Zone cards;
        for (Card card : s.hands[q])
            if (color_of(g, card) == YELLOW) cards.push_back(card);
        for (Card card : cards) {
            s.hands[q].remove(card);
            s.hands[owner].push_back(card);
        }
        taken += cards.size();
    }
    gain(g, owner, c.whole("pay_per_card") * taken);
}

// Honey: `pay_per_good` for each agricultural good of all players (IE-CAP-26).
void honey(Game& g, int owner, const Contract& c) {
    int count = 0;
    for (int q = 0; q < g.s.n; ++q) count += goods_count(g, q, YELLOW);
    gain(g, owner, c.whole("pay_per_good") * count);
}

// Insects: give all one's illegal goods to another player (kept up to his goods limit, the
// rest discarded), then take `goods_taken` of his goods into one's own (IE-POWER-13); the
// illegal goods are judged together, before any leaves (IE-CAP-26).
void insects(Game& g, int owner, const Contract& c) {
    State& s = g.s;
    Options players;
    for (int q : other_players(g, owner)) players.push_back(opt(q));
    const int target = choose(g, owner, Kind::insects_target, players).a;
    const Zone illegal = goods_of_type(g, owner, RED);
    for (Card card : illegal) {
        s.goods[owner].remove(card);
        add_goods(g, target, card);
    }
    const int goods_taken = c.whole("goods_taken");
    for (int k = 0; k < goods_taken; ++k) {
        if (s.goods[target].empty()) return;
        Options options;
        for (Card card : s.goods[target]) options.push_back(opt(card));
        const int card = choose(g, owner, Kind::insects_take, options, target).a;
        s.goods[target].remove(static_cast<Card>(card));
        add_goods(g, owner, card);
    }
}

// Massage Tables: reveal until `matching_cards` of one type show (or the deck runs out);
// `credits_per_card` per card revealed, rounded up to an even number; every revealed card
// goes to the hand (IE-POWER-2).
void massage_tables(Game& g, int owner, const Contract& c) {
    std::array<int, kColors> seen{};
    int revealed = 0;
    while (true) {
        const auto cards = draw(g, owner, 1);
        if (cards.empty()) break;
        ++revealed;
        const int color = color_of(g, cards[0]);
        if (++seen[color] >= c.whole("matching_cards")) break;
    }
    const int credits = revealed * c.whole("credits_per_card");
    gain(g, owner, credits + ((credits % 2) + 2) % 2);  // Python's credits % 2, never negative
}

// Opposition Leaflets: every player, the owner first, discards `cards` card(s) of his choice.
void opposition_leaflets(Game& g, int owner, const Contract& c) {
    State& s = g.s;
    const int cards = c.whole("cards");
    for (int k = 0; k < s.n; ++k) {
        const int q = (owner + k) % s.n;
        Zone& hand = s.hands[q];
        for (int j = 0; j < cards; ++j) {
            if (hand.empty()) break;
            Options options;
            for (Card card : hand) options.push_back(opt(card));
            const int card = choose(g, q, Kind::opposition_leaflets_discard, options).a;
            hand.remove(static_cast<Card>(card));
            s.discard.push_back(static_cast<Card>(card));
            s.log_event(q, Logged::discarded, card);
        }
    }
}

// Pens: `pay_per_good` for each consumer good in all players' ports (IE-CAP-26).
void pens(Game& g, int owner, const Contract& c) {
    int count = 0;
    for (int q = 0; q < g.s.n; ++q) count += goods_count(g, q, BLACK);
    gain(g, owner, c.whole("pay_per_good") * count);
}

// Pillows: `pay_per_card` per card in one's fulfilled contracts, Pillows not counted (FAQ:
// IE-POWER-3).
void pillows(Game& g, int owner, const Contract& c) {
    int others = 0;
    for (ContractId cid : g.s.fulfilled[owner]) others += cid != c.id;
    gain(g, owner, c.whole("pay_per_card") * others);
}

// The good types a player may name (common.good_types), as options.
Options type_options(const Game& g) {
    Options options;
    for (int color : good_types(g)) options.push_back(opt(color));
    return options;
}

// Rolls Royce: name a good type and reveal the top `cards` card(s) into the hand: a match
// wins the game at once.
void rolls_royce(Game& g, int owner, const Contract& c) {
    State& s = g.s;
    const Options types = type_options(g);
    const int named = choose(g, owner, Kind::rolls_royce_type, types).a;
    for (Card card : draw(g, owner, c.whole("cards"))) {
        if (color_of(g, card) == named) {
            s.winners.clear();
            s.winners.push_back(static_cast<std::int8_t>(owner));
            s.end_reason = EndReason::card;
            throw GameOver{"Rolls Royce"};
        }
    }
}

// Sculptures: the others draw `cards_drawn`, then each gives the owner `cards_given` cards
// of his choice; one holding fewer gives nothing (IE-POWER-1).
void sculptures(Game& g, int owner, const Contract& c) {
    State& s = g.s;
    const auto others = other_players(g, owner);
    for (int q : others) draw(g, q, c.whole("cards_drawn"));
    const int given = c.whole("cards_given");
    for (int q : others) {
        Zone& hand = s.hands[q];
        if (hand.size() < given) continue;
        for (int k = 0; k < given; ++k) {
            Options options;
            for (Card card : hand) options.push_back(opt(card));
            const int card = choose(g, q, Kind::sculptures_give, options, owner).a;
            hand.remove(static_cast<Card>(card));
            s.hands[owner].push_back(static_cast<Card>(card));
        }
    }
}

// Showers: name a good type and draw `cards`; if any matches, take `payment`.
void showers(Game& g, int owner, const Contract& c) {
    const Options types = type_options(g);
    const int named = choose(g, owner, Kind::showers_type, types).a;
    bool match = false;
    for (Card card : draw(g, owner, c.whole("cards"))) match = match || color_of(g, card) == named;
    if (match) gain(g, owner, c.whole("payment"));
}

// Small Poodles: moves into one's goods as soon as it is fulfilled, even over the limit
// (FAQ: IE-POWER-4).
void small_poodles(Game& g, int owner, const Contract& c) { fulfilled_to_goods(g, owner, c.id); }

// Solar Panels: pay `cost`, then move into one's goods; without the credits the power does
// not resolve and it stays fulfilled (IE-POWER-1, IE-POWER-4).
void solar_panels(Game& g, int owner, const Contract& c) {
    if (pay(g, owner, c.whole("cost"))) fulfilled_to_goods(g, owner, c.id);
}

// Vaccines: take every card of the supply island into one's hand.
void vaccines(Game& g, int owner, const Contract&) {
    State& s = g.s;
    s.hands[owner].extend(s.island);
    s.island.clear();
}

// Vacuums: every other player gives the owner his whole hand or `luxury_goods` luxury
// good(s), his choice; the goods join the owner's goods within his limit (IE-POWER-5). The
// luxury goods are those counting as luxury when he is asked, and leave together (IE-CAP-26).
void vacuums(Game& g, int owner, const Contract& c) {
    State& s = g.s;
    const int need = c.whole("luxury_goods");
    for (int q : other_players(g, owner)) {
        Zone& hand = s.hands[q];
        const Zone luxury = goods_of_type(g, q, BLUE);
        Options options;
        if (!hand.empty()) options.push_back(opt(kHand));
        if (luxury.size() >= need)
            for (Card card : luxury) options.push_back(opt(kLuxury, card));
        if (options.empty()) continue;
        const Option choice = choose(g, q, Kind::vacuums_give, options, owner);
        if (choice.a == kHand) {
            s.hands[owner].extend(hand);
            hand.clear();
            continue;
        }
        Zone given;
        given.push_back(choice.b);
        while (given.size() < need) {  // more than one good asked: the rest of his choice
            Options rest;
            for (Card card : luxury)
                if (!given.contains(card)) rest.push_back(opt(card));
            given.push_back(choose(g, q, Kind::vacuums_give_more, rest, owner).a);
        }
        for (Card card : given) {
            s.goods[q].remove(card);
            add_goods(g, owner, card);
        }
    }
}

// Glasses: `actions` free Import action(s) by oneself: one picks the ship and bids alone (0
// is a valid bid; an owner taking from his own ship is not paid; IE-POWER-49).
void glasses(Game& g, int owner, const Contract& c) {
    std::array<int, kMaxPlayers> declared{};
    declared[owner] = c.whole("actions");
    SmallVec<std::int8_t, kMaxPlayers> order;
    order.push_back(static_cast<std::int8_t>(owner));
    import_rounds(g, order, declared, false);
}

// Bird Feed: after the payout, the other players in turn from the owner's left may buy it
// for `price`; the first who does takes it into his fulfilled contracts (FAQ: IE-POWER-36).
void bird_feed(Game& g, int owner, const Contract& c) {
    State& s = g.s;
    const int price = c.whole("price");
    for (int q : other_players(g, owner)) {
        if (s.credits[q] < price ||
            !s.fulfilled[owner].contains(static_cast<ContractId>(c.id)))
            continue;
        if (g.ask(q, Kind::bird_feed_buy, {opt(kPass), opt(kBuy)}, owner) == kBuy) {
            transfer(g, q, owner, price);
            leave_fulfilled(g, owner, c.id);
            s.fulfilled[q].push_back(static_cast<ContractId>(c.id));
            return;
        }
    }
}

// Pirates: the others pay `payment` to the bank, or all they have; the owner takes
// `extra_turns` more turn(s) at the end of his own turn (IE-POWER-39).
void pirates(Game& g, int owner, const Contract& c) {
    State& s = g.s;
    for (int q : other_players(g, owner))
        pay(g, q, std::min(c.whole("payment"), s.credits[q]));
    s.mods[owner].extra_turns += c.whole("extra_turns");
}

// Wind Turbines: copy the power of any player's other fulfilled contract of level
// `max_level` or less, chosen now and fixed (FAQ: IE-POWER-40).
void wind_turbines(Game& g, int owner, const Contract& c) {
    State& s = g.s;
    Options options;
    for (int q = 0; q < s.n; ++q)
        for (ContractId cid : s.fulfilled[q]) {
            if (cid == c.id || g.table().contract(cid).level_total > c.whole("max_level")) continue;
            bool seen = false;  // each once, first place kept (dict.fromkeys)
            for (const Option& o : options) seen = seen || o.a == cid;
            if (!seen) options.push_back(opt(cid));
        }
    if (options.empty()) return;
    copied(g, owner, choose(g, owner, Kind::wind_turbines_copy, options).a);
}

// Platinum Rings: draw up to `hand_size`, then play hand cards one at a time, each
// discarded as it is played, performing its printed action alone (FAQ: IE-POWER-48;
// rules.solo_action).
void platinum_rings(Game& g, int owner, const Contract& c) {
    State& s = g.s;
    Zone& hand = s.hands[owner];
    draw(g, owner, c.whole("hand_size") - hand.size());
    while (!hand.empty()) {
        Options options{opt(kStop)};
        for (Card card : hand) options.push_back(opt(kPlay, card));
        const Option choice = choose(g, owner, Kind::platinum_rings_play, options);
        if (choice.a == kStop) return;
        hand.remove(choice.b);
        s.discard.push_back(choice.b);
        s.log_event(owner, Logged::played, choice.b);
        solo_action(g, owner, g.table().action[choice.b]);
    }
}

// Stolen Documents: take another player's fulfilled tech contract into one's fulfilled
// contracts, where its power resolves as if just fulfilled; Stolen Documents takes its
// place among the victim's, with no power (IE-POWER-51).
void stolen_documents(Game& g, int owner, const Contract& c) {
    State& s = g.s;
    Options options;
    for (int q : other_players(g, owner))
        for (ContractId cid : s.fulfilled[q])
            if (g.table().contract(cid).color == GREEN) options.push_back(opt(q, cid));
    auto& mine = s.fulfilled[owner];
    if (options.empty() || !mine.contains(static_cast<ContractId>(c.id))) return;
    const Option chosen = choose(g, owner, Kind::stolen_documents_take, options);
    const int victim = chosen.a;
    const ContractId cid = chosen.b;
    lost(g, victim, cid);
    auto& theirs = s.fulfilled[victim];
    theirs[theirs.index_of(cid)] = static_cast<ContractId>(c.id);
    mine[mine.index_of(static_cast<ContractId>(c.id))] = cid;
    s.log_event(owner, Logged::fulfilled, cid);
    fulfilled(g, owner, cid);
}


// ---------------------------------------------------------------- options as Python's repr

std::string str(int v) { return std::to_string(v); }
std::string quoted(const char* s) { return std::string("'") + s + "'"; }
// A card, a player, a contract id or a colour: Python's int.
std::string number_option(const Game&, const Option& o, int) { return str(o.a); }
// (card, contract id), (player, contract id): Python's pair.
std::string pair_option(const Game&, const Option& o, int) { return "(" + str(o.a) + ", " + str(o.b) + ")"; }
std::string beer_option(const Game&, const Option& o, int) { return quoted(o.a == kIsland ? "island" : "keep"); }
std::string bird_feed_option(const Game&, const Option& o, int) { return quoted(o.a == kPass ? "pass" : "buy"); }
std::string vacuums_option(const Game&, const Option& o, int) {
    return o.a == kHand ? "('hand',)" : "('luxury', " + str(o.b) + ")";
}
std::string platinum_rings_option(const Game&, const Option& o, int) {
    return o.a == kStop ? quoted("stop") : str(o.b);
}

const PowerRegistration registered[] = {
    power("Ammunition").on_fulfil(ammunition).params({"min_illegal_goods", "payment"}),
    power("Antiquities").on_fulfil(antiquities).params({"cards"})
        .render(Kind::antiquities_take, number_option),
    power("Apples").on_fulfil(apples).params({"cards"})
        .render(Kind::apples_choice, pair_option),
    power("Beer").on_fulfil(beer).params({"payment"})
        .render(Kind::beer_choice, beer_option),
    power("Cups").on_fulfil(cups).params({"cards"}),
    power("Flowers").on_fulfil(flowers).params({"payment"}),
    power("Hawaiian Salt").on_fulfil(hawaiian_salt).params({"pay_per_card"}),
    power("Honey").on_fulfil(honey).params({"pay_per_good"}),
    power("Insects").on_fulfil(insects).params({"goods_taken"})
        .render(Kind::insects_target, number_option)
        .render(Kind::insects_take, number_option),
    power("Massage Tables").on_fulfil(massage_tables).params({"matching_cards", "credits_per_card"}),
    power("Opposition Leaflets").on_fulfil(opposition_leaflets).params({"cards"})
        .render(Kind::opposition_leaflets_discard, number_option),
    power("Pens").on_fulfil(pens).params({"pay_per_good"}),
    power("Pillows").on_fulfil(pillows).params({"pay_per_card"}),
    power("Rolls Royce").on_fulfil(rolls_royce).params({"cards"})
        .render(Kind::rolls_royce_type, number_option),
    power("Sculptures").on_fulfil(sculptures).params({"cards_drawn", "cards_given"})
        .render(Kind::sculptures_give, number_option),
    power("Showers").on_fulfil(showers).params({"cards", "payment"})
        .render(Kind::showers_type, number_option),
    power("Small Poodles").on_fulfil(small_poodles),
    power("Solar Panels").on_fulfil(solar_panels).params({"cost"}),
    power("Vaccines").on_fulfil(vaccines),
    power("Vacuums").on_fulfil(vacuums).params({"luxury_goods"})
        .render(Kind::vacuums_give, vacuums_option)
        .render(Kind::vacuums_give_more, number_option),
    power("Glasses").on_fulfil(glasses).params({"actions"}),
    power("Bird Feed").on_fulfil(bird_feed).params({"price"})
        .render(Kind::bird_feed_buy, bird_feed_option),
    power("Pirates").on_fulfil(pirates).params({"payment", "extra_turns"}),
    power("Wind Turbines").on_fulfil(wind_turbines).params({"max_level"})
        .render(Kind::wind_turbines_copy, number_option),
    power("Platinum Rings").on_fulfil(platinum_rings).params({"hand_size"})
        .render(Kind::platinum_rings_play, platinum_rings_option),
    power("Stolen Documents").on_fulfil(stolen_documents)
        .render(Kind::stolen_documents_take, pair_option),
};

}  // namespace
}  // namespace deckhand::ie
