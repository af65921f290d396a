// game_base.py: the setup, the rule numbers and the payout, credits, drawing, the simplest
// moves between zones, asking the players; and the bots' registry.
#include <map>

#include "ie_game.hpp"
#include "ie_powers.hpp"
#include "ie_variants.hpp"

namespace deckhand::ie {

// ---------------------------------------------------------------- asking

Game::Game(const Table& table, int players) : table_(&table) { s.n = players; }

namespace {
// Game::ask's errors, out of its way (a search's copies ask at every decision).
[[noreturn]] __attribute__((noinline, cold)) void no_option(Kind kind) {
    throw NativeError(std::string("a decision with no option: ") + kind_name(kind));
}
}  // namespace

int Game::ask(int seat, Kind kind, const Options& options, int context, const Moment* moment) {
    const int n = static_cast<int>(options.size());
    if (n == 0) no_option(kind);
    Decision d{seat, kind, context, moment, &options};
    if (forward != nullptr && forward->steers()) return forward->steer(*this, d);  // a search's copy
    int choice = 0;
    if (n > 1) {  // a single option is taken without asking (engine.play_game)
        ++asked;
        Bot* bot = bots[static_cast<std::size_t>(seat)];
        choice = bot == nullptr ? s.strategy_rng.below(n) : bot->choose(*this, d, s.strategy_rng);
        if (choice < 0 || choice >= n)
            throw NativeError(std::string("a bot answered option ") + std::to_string(choice) + " of " +
                              std::to_string(n) + " at " + kind_name(kind));
    }
    if (recorder != nullptr) recorder->record(*this, d, choice);
    if (forward != nullptr) forward->answered(*this, d, choice);
    return choice;
}

namespace {

struct BotEntry {
    const char* name;
    BotFactory make;
};

std::map<int, BotEntry>& bot_registry() {
    static std::map<int, BotEntry> bots;
    return bots;
}

}  // namespace

BotRegistration::BotRegistration(int code, const char* name, BotFactory make) {
    bot_registry()[code] = BotEntry{name, make};
}

BotFactory bot_factory(int code) {
    auto found = bot_registry().find(code);
    return found == bot_registry().end() ? nullptr : found->second.make;
}

const char* bot_name(int code) {
    if (code == 0) return "random";
    auto found = bot_registry().find(code);
    return found == bot_registry().end() ? "?" : found->second.name;
}

// ---------------------------------------------------------------- setup (new_state)

void new_state(Game& g, const GameRandom& rules_stream, const GameRandom& strategy_stream) {
    State& s = g.s;
    const Table& t = g.table();
    const Rules& rules = t.rules;
    const int n = s.n;
    s.rng = rules_stream;
    s.strategy_rng = strategy_stream;
    s.log.reserve(1024);
    Zone& deck = s.deck;
    for (int c = 0; c < t.n_cards; ++c) deck.push_back(static_cast<Card>(c));
    s.rng.shuffle(deck);
    // 3. the supply island: one card per player
    for (int i = 0; i < n; ++i) s.island.push_back(deck.pop_back());
    // 4. ports: grey only at six players (IE-SETUP-1), or at any count with Capital
    SmallVec<std::int8_t, 6> colors;
    for (int c : {GREEN, YELLOW, BLACK, BLUE, RED}) colors.push_back(static_cast<std::int8_t>(c));
    if (n >= 6 || t.capital) colors.push_back(GREY);
    s.rng.shuffle(colors);
    for (int p = 0; p < n; ++p) {
        s.port[static_cast<std::size_t>(p)] = colors[p];
        s.credits[static_cast<std::size_t>(p)] = rules.start_credits;
        if (colors[p] == GREY) {  // at six players, and more with Capital (IE-CAP-1)
            s.credits[static_cast<std::size_t>(p)] += n >= 6 ? rules.grey_bonus_at_six : 0;
            s.credits[static_cast<std::size_t>(p)] += t.capital ? rules.grey_bonus_capital : 0;
        }
        Ship home, sea;
        home.owner = sea.owner = static_cast<std::int8_t>(p);
        sea.at_sea = true;
        s.ships.push_back(home);
        s.ships.push_back(sea);
    }
    // 6. cards under each ship at sea, as containers (IE-SETUP-2)
    for (Ship& ship : s.ships) {
        if (!ship.at_sea) continue;
        for (int k = 0; k < rules.sea_cards_at_setup; ++k) {
            Card card = deck.pop_back();
            while (t.color[static_cast<std::size_t>(card)] == GREY && !deck.empty()) {  // IE-CAP-2
                s.discard.push_back(card);
                card = deck.pop_back();
            }
            ship.cargo.push_back(card);
            ship.cargo_colors.push_back(t.color[static_cast<std::size_t>(card)]);
        }
    }
    // 9. the opening hands
    for (int p = 0; p < n; ++p) {
        for (int k = 0; k < rules.start_hand; ++k) {
            const Card card = deck.pop_back();
            s.hands[static_cast<std::size_t>(p)].push_back(card);
            s.log_event(p, Logged::opening, card);
        }
    }
    s.first_player = s.leader = s.rng.below(n);
    if (t.market || t.tokens) variants_setup(g);
}

// ---------------------------------------------------------------- rule numbers

// Containers a ship of p may carry (Tablets).
int capacity(const Game& g, int p) {
    const auto& m = g.s.mods[static_cast<std::size_t>(p)];
    return m.capacity ? *m.capacity : g.rules().ship_capacity;
}

// The payment for a ship of p leaving with `containers` (Tablets' higher bands).
int payout(const Game& g, int p, int containers) {
    for (const auto& [least, pay] : g.s.mods[static_cast<std::size_t>(p)].pay_bands)
        if (containers >= least) return pay;
    return g.rules().payout(containers);
}

// The hand size p's Draw fills up to (Mineral Fuels).
int draws_to(const Game& g, int p) {
    const auto& m = g.s.mods[static_cast<std::size_t>(p)];
    return m.draw_to ? *m.draw_to : g.rules().draw_to;
}

// What the owner of a ship takes when another player imports from it (Pants).
int compensation_to(const Game& g, int owner) {
    const auto& m = g.s.mods[static_cast<std::size_t>(owner)];
    return m.owner_compensation ? *m.owner_compensation : g.rules().owner_compensation;
}

// Credits at which p triggers the end (MRI Machine), none if never (Can Openers).
std::optional<int> end_threshold(const Game& g, int p) {
    const auto& m = g.s.mods[static_cast<std::size_t>(p)];
    if (m.no_credit_end) return std::nullopt;
    return m.end_credits ? *m.end_credits : g.rules().end_credits;
}

bool reached_end(const Game& g, int p) {
    const auto threshold = end_threshold(g, p);
    return threshold.has_value() && g.s.credits[static_cast<std::size_t>(p)] >= *threshold;
}

// The end is triggered; the current turn finishes (IE-END-1).
void trigger_end(Game& g, EndReason reason, int /*p*/) {
    State& s = g.s;
    if (!s.end_triggered) {
        s.end_triggered = true;
        s.end_reason = reason;
        s.reshuffle_allowed = false;
    }
}

// ---------------------------------------------------------------- credits

// Credits from the bank; reaching the end threshold triggers the end.
void gain(Game& g, int p, int amount) {
    g.s.credits[static_cast<std::size_t>(p)] += amount;
    if (reached_end(g, p)) trigger_end(g, EndReason::credits, p);
}

// Pay the bank if one can; false (and nothing paid) if one cannot.
bool pay(Game& g, int p, int amount) {
    State& s = g.s;
    if (s.credits[static_cast<std::size_t>(p)] < amount) return false;
    s.credits[static_cast<std::size_t>(p)] -= amount;
    if (amount > 0) {
        for (int q = 0; q < s.n; ++q) {  // Fake DVDs (IE-POWER-33)
            const auto& watch = s.mods[static_cast<std::size_t>(q)].spend_watch;
            if (watch && q != p && amount >= watch->first) gain(g, q, watch->second);
        }
    }
    return true;
}

// ---------------------------------------------------------------- cards

// The top card of the deck (-1: none); the discard pile is reshuffled when it runs out,
// unless the end was triggered; deck and discard both empty trigger the end (IE-END-2).
int deck_pop(Game& g) {
    State& s = g.s;
    if (s.deck.empty() && !s.discard.empty() && s.reshuffle_allowed) {
        s.deck.extend(s.discard);
        s.discard.clear();
        s.rng.shuffle(s.deck);
    }
    if (s.deck.empty()) return -1;
    const int card = s.deck.pop_back();
    if (s.deck.empty() && s.discard.empty()) trigger_end(g, EndReason::deck_exhausted);
    return card;
}

// Discard a card (logged); a physical container goes back to the reserve instead (IE-VAR-7).
void to_discard(Game& g, int p, int card) {
    if (is_token(g, card)) return;
    g.s.discard.push_back(static_cast<Card>(card));
    g.s.log_event(p, Logged::discarded, card);
}

// ---------------------------------------------------------------- powers' reach

namespace {

// Where a card can lie: a zone of cards, or (kContracts, kFulfilled) a list of contract ids
// holding the card's contract.
enum SpotZone : std::int8_t {
    kUnknown = -1, kDeck, kDiscard, kIsland, kInPlay, kHand, kCrew, kGoods, kCargo, kContracts, kFulfilled
};

// Whether `card` lies at `index` of these cards.
template <class Cards>
bool at_spot(const Cards& cards, int index, Card card) {
    return index < cards.size() && cards[index] == card;
}

inline __attribute__((always_inline)) bool spot_holds(const State& s, const Game::CardSpot& spot, Card card,
                                                      ContractId cid) {
    const auto o = static_cast<std::size_t>(spot.owner);
    switch (spot.zone) {
        case kDeck: return at_spot(s.deck, spot.index, card);
        case kDiscard: return at_spot(s.discard, spot.index, card);
        case kIsland: return at_spot(s.island, spot.index, card);
        case kInPlay: return at_spot(s.in_play, spot.index, card);
        case kHand: return spot.owner < s.n && at_spot(s.hands[o], spot.index, card);
        case kCrew: return spot.owner < s.n && at_spot(s.crew[o], spot.index, card);
        case kGoods: return spot.owner < s.n && at_spot(s.goods[o], spot.index, card);
        case kCargo: return spot.owner < s.ships.size() && at_spot(s.ships[spot.owner].cargo, spot.index, card);
        case kContracts:
            return spot.owner < s.ships.size() && at_spot(s.ships[spot.owner].contracts, spot.index, cid);
        case kFulfilled: return spot.owner < s.n && at_spot(s.fulfilled[o], spot.index, cid);
        default: return false;
    }
}

template <class Cards, class Value>
bool find_in(const Cards& cards, Value card, SpotZone zone, int owner, Game::CardSpot& spot) {
    const int i = cards.index_of(card);
    if (i < 0) return false;
    spot = Game::CardSpot{zone, static_cast<std::int8_t>(owner), static_cast<std::int16_t>(i)};
    return true;
}

// hand_holding, the card not where it was last seen: looked for everywhere.
__attribute__((noinline)) int find_holder(const Game& g, Card card, ContractId cid, Game::CardSpot& spot) {
    const State& s = g.s;
    for (int p = 0; p < s.n; ++p)
        if (find_in(s.hands[static_cast<std::size_t>(p)], card, kHand, p, spot)) return p;
    // not in a hand: remember where it is, so the next test is one look
    if (find_in(s.deck, card, kDeck, 0, spot) || find_in(s.discard, card, kDiscard, 0, spot) ||
        find_in(s.island, card, kIsland, 0, spot) || find_in(s.in_play, card, kInPlay, 0, spot))
        return -1;
    for (int p = 0; p < s.n; ++p)
        if (find_in(s.crew[static_cast<std::size_t>(p)], card, kCrew, p, spot) ||
            find_in(s.goods[static_cast<std::size_t>(p)], card, kGoods, p, spot) ||
            find_in(s.fulfilled[static_cast<std::size_t>(p)], cid, kFulfilled, p, spot))
            return -1;
    for (int i = 0; i < s.ships.size(); ++i)
        if (find_in(s.ships[i].cargo, card, kCargo, i, spot) || find_in(s.ships[i].contracts, cid, kContracts, i, spot))
            return -1;
    spot.zone = kUnknown;  // somewhere else (in play, moving): looked for again next time
    return -1;
}

// The hand holding `card` (-1: none), from its remembered spot, found again if it moved.
// `cid`: the card's contract (under a ship or fulfilled, the card is there as it).
inline __attribute__((always_inline)) int hand_holding(const Game& g, Card card, ContractId cid,
                                                       Game::CardSpot& spot) {
    if (spot_holds(g.s, spot, card, cid)) return spot.zone == kHand ? spot.owner : -1;
    return find_holder(g, card, cid, spot);
}

bool scan_hand(const Game& g, int p) {
    const auto& works = g.table().index.works_from_hand;
    for (Card c : g.s.hands[static_cast<std::size_t>(p)])
        if (works[static_cast<std::size_t>(c)]) return true;
    return false;
}

}  // namespace

// Whether an "at any time" power is in play: fulfilled, or a card working from the hand in
// someone's hand (the cheap test in front of every window).
bool window_wanted(const Game& g) {
    const PowerIndex& index = g.table().index;
    if (!index.any_time_possible) return false;
    if (!g.s.hooks[kAnyTimeHooks].empty()) return true;
    const auto& cards = index.hand_any_time;
    if (cards.empty()) return false;
    if (cards.size() > static_cast<std::size_t>(Game::kSpots)) {
        for (int p = 0; p < g.s.n; ++p)
            if (scan_hand(g, p)) return true;
        return false;
    }
    for (std::size_t i = 0; i < cards.size(); ++i)
        if (hand_holding(g, cards[i].first, cards[i].second, g.spots[i]) >= 0) return true;
    return false;
}

// Whether p holds a card whose "at any time" power works from the hand (Lutefisk).
bool holds_hand_any_time(const Game& g, int p) {
    const auto& cards = g.table().index.hand_any_time;
    if (cards.size() > static_cast<std::size_t>(Game::kSpots)) return scan_hand(g, p);
    for (std::size_t i = 0; i < cards.size(); ++i)
        if (hand_holding(g, cards[i].first, cards[i].second, g.spots[i]) == p) return true;
    return false;
}

// Whether a power forbids every Pirate action for now (Surströmming: IE-FLAGP-2).
bool pirate_banned(const Game& g) {
    for (int q = 0; q < g.s.n; ++q)
        if (g.s.mods[static_cast<std::size_t>(q)].pirate_ban) return true;
    return false;
}

// The one of the tied players who wins all ties (Foxes, J: not native): none.
// The one of the tied players who wins all ties (Foxes, IE-JP-3), or -1.
int tie_winner(const Game& g, const SmallVec<std::int8_t, kMaxPlayers>& tied) {
    for (auto p : tied)
        if (g.s.mods[static_cast<std::size_t>(p)].wins_ties) return p;
    return -1;
}

// Whether p has the most of something: more than every other player, or tied for the most
// and winning ties (IE-JP-3).
bool has_most(const Game& g, int p, const std::array<int, kMaxPlayers>& values) {
    int top = values[0];
    for (int q = 1; q < g.s.n; ++q) top = std::max(top, values[static_cast<std::size_t>(q)]);
    if (values[static_cast<std::size_t>(p)] < top) return false;
    SmallVec<std::int8_t, kMaxPlayers> tied;
    for (int q = 0; q < g.s.n; ++q)
        if (values[static_cast<std::size_t>(q)] == top) tied.push_back(static_cast<std::int8_t>(q));
    return tied.size() == 1 || tie_winner(g, tied) == p;
}

}  // namespace deckhand::ie
