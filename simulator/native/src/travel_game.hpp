// The travel card game (simulator/games/travel/), played natively as the Python engine plays
// it: the same random draws in the same order, the same decisions with the same options in
// the same order. Cards are the card sheet's row positions; every number comes from the
// table Python builds (simulator/native/travel_table.py), never from here.
//
// The Python rules are a step machine (core/machine.py) so that a state can be copied at any
// decision; the native game need not be copied mid-turn, so each rule is a plain function
// that asks its decisions in the order the steps ask them (travel_game.cpp says which step
// each function is).
#pragma once

#include <array>
#include <bitset>
#include <cstdint>
#include <string>
#include <vector>

#include "rng.hpp"

namespace deckhand::travel {

constexpr int kMaxPlayers = 10;  // spec.py: max_players (T-SETUP-4)
constexpr int kMaxCards = 1000;  // option codes: verb * 1000 + card
using Bits = std::bitset<1024>;

// cards.py CARD_TYPES, in order
enum Type : std::int8_t { T_RULES, T_COUNTRY, T_ITEM, T_PASSPORT, T_EVENT, T_SPECIAL, T_FORBIDDEN, T_POSTCARD, T_CHARACTER };
inline constexpr const char* TYPE_NAMES[] = {"rules",   "country",   "item",     "passport", "event",
                                             "special", "forbidden", "postcard", "character"};

// the `effect` column's values (events.EFFECTS, special_items, cards.CHARACTER_EFFECTS)
enum Effect : std::int8_t {
    E_NONE,
    E_AIRPORT_STRIKE,
    E_LOST_LUGGAGE,
    E_DUTY_FREE,
    E_CUSTOMS_CHECK,
    E_MOUSETRAP,
    E_MOMS_CREDIT_CARD,
    E_LOCAL_GUIDE,
    E_TRADING_POST,
    E_POORLY_DRAWN_MAP,
    E_LOST_AND_FOUND,
    E_PICKPOCKET_KIT,
    E_RED_EYE_FLIGHT,
    E_DIPLOMATIC_POUCH,
    E_SMUGGLE,
    E_RULE_OVERRIDE,
};
inline constexpr const char* EFFECT_NAMES[] = {
    "",           "airport_strike",   "lost_luggage",   "duty_free",      "customs_check",
    "mousetrap",  "moms_credit_card", "local_guide",    "trading_post",   "poorly_drawn_map",
    "lost_and_found", "pickpocket_kit", "red_eye_flight", "diplomatic_pouch", "smuggle",
    "rule_override"};

// cards.py RULE_PARAMS, in order (travel_table.py hands them in this order and checks it)
enum Rule : int {
    R_HAND_LIMIT,
    R_EMPTY_HAND_DRAW,
    R_RECYCLE_COST,
    R_STEAL_COST,
    R_TRADE_BONUS,
    R_TRAVEL_DRAW,
    R_START_HAND,
    R_POSTCARDS_TO_WIN,
    R_OFFERS_PER_TURN,
    R_NEEDS_PASSPORT,
    kRules
};
inline constexpr const char* RULE_NAMES[] = {"hand_limit",    "empty_hand_draw", "recycle_cost",     "steal_cost",
                                             "trade_bonus",   "travel_draw",     "start_hand",       "postcards_to_win",
                                             "offers_per_turn", "needs_passport"};

// decisions.py KINDS, in declaration order
enum Kind : std::int16_t {
    K_ACTION,
    K_DISCARD_OVER_LIMIT,
    K_RECYCLE_COST,
    K_RECYCLE_TAKE,
    K_STEAL_COST,
    K_MOUSETRAP,
    K_TRADE_GIVE,
    K_TRADE_ASK,
    K_TRADE_ANSWER,
    K_DISPOSE_WITH,
    K_SMUGGLE_TO,
    K_STRIKE_PASS,
    K_LUGGAGE_DISCARD,
    K_GUIDE_TAKE,
    K_POST_DISCARD,
    K_MAP_TARGET,
    K_FOUND_TAKE,
    K_PICKPOCKET_TARGET,
    kKinds
};
inline constexpr const char* KIND_NAMES[] = {
    "action",       "discard_over_limit", "recycle_cost", "recycle_take",    "steal_cost",  "mousetrap",
    "trade_give",   "trade_ask",          "trade_answer", "dispose_with",    "smuggle_to",  "strike_pass",
    "luggage_discard", "guide_take",      "post_discard", "map_target",      "found_take",  "pickpocket_target"};

// state.py EVENTS, in order
enum Logged : int {
    L_OPENING,
    L_HELD,
    L_DRAWN,
    L_RECYCLED,
    L_RECEIVED,
    L_GIVEN,
    L_STOLE,
    L_LOST,
    L_TRAVELLED,
    L_DISCARDED,
    L_USED,
    L_EVENT,
    L_ASSIGNED,
    L_HELD_AT_END,
    kLogged
};
inline constexpr const char* LOGGED_NAMES[] = {"opening", "held",      "drawn", "recycled", "received",
                                               "given",   "stole",     "lost",  "travelled", "discarded",
                                               "used",    "event",     "assigned", "held_at_end"};

// spec.py end_reasons, in order
enum End : std::int8_t { END_CENTRAL, END_POSTCARDS, END_TURN_LIMIT, END_NONE };
inline constexpr const char* END_NAMES[] = {"central_country", "postcards", "turn_limit"};

// Option codes. ACTION options: verb * 1000 + the player or card it acts on (0 for none);
// rules.DONE, ACCEPT and REJECT: negative; cards, kinds and players: themselves.
enum Verb : int { V_DRAW, V_TRAVEL, V_RECYCLE, V_TRADE, V_STEAL, V_DISPOSE, V_SMUGGLE, V_SPECIAL };
inline constexpr const char* VERB_NAMES[] = {"draw", "travel", "recycle", "trade", "steal", "dispose", "smuggle", "special"};
constexpr int kDone = -1;
constexpr int kAccept = -2;
constexpr int kReject = -3;
constexpr int action_code(int verb, int arg = 0) { return verb * kMaxCards + arg; }

// An effect's numbers (cards.py EVENT_EFFECTS, SPECIAL_EFFECTS), read from the sheet.
struct Params {
    int keep = 0, cards = 0, fine = 0;                           // events
    int covers = 0, look = 0, max = 0, bonus = 0, take = 0, actions = 0;  // special items
};

struct Table {
    int players = 0;
    int max_turns = 0;
    int n_cards = 0;
    int n_kinds = 0;
    std::vector<int> ids, kind_of;
    std::vector<std::int8_t> type, effect;
    std::vector<Params> params;
    std::vector<std::vector<int>> requires;  // countries: the kinds of item needed
    std::vector<std::vector<std::pair<int, int>>> overrides;  // rule_override characters: (rule, value)
    std::array<int, kRules> rules{};
    std::vector<int> countries, items, passports, characters, expansion_deck;
    std::vector<double> distance;  // n_cards x n_cards, rules._distance_km between countries
    bool use_events = false, use_specials = false, use_forbidden = false, use_postcards = false,
         use_characters = false;
    int passport_kind = 0;
    Bits mousetraps;  // rules.TravelGame.mousetraps: special cards with that effect, when in play
    std::array<Bits, 16> effect_cards;  // rules.effect_cards: special cards by effect
    bool any_mousetrap = false;
};

// What a decision shows beyond its options (decisions.py: `context`).
struct Ctx {
    int a = -1;  // the partner, the thief, the event or item, the offerer
    const std::vector<int>* give = nullptr;
    const std::vector<int>* asked = nullptr;
};

struct State {
    int n = 0;
    std::vector<int> deck, discard, resolving;
    std::array<std::vector<int>, kMaxPlayers> hands;
    std::array<Bits, kMaxPlayers> known;
    std::array<int, kMaxPlayers> country{}, completed{}, character{};
    int central = -1;
    std::vector<int> set_aside;
    std::array<std::array<int, kRules>, kMaxPlayers> rules{};
    int current = 0, turn = 0, first_player = 0;
    std::vector<int> winners;
    int end_reason = END_NONE;
    std::array<std::array<std::vector<int>, kLogged>, kMaxPlayers> log;
    std::vector<int> kind_order, kind_totals;  // rules._kind_totals
    // A new game on the same storage (the vectors keep their capacity: no allocation).
    void clear(int players) {
        n = players;
        deck.clear();
        discard.clear();
        resolving.clear();
        for (auto& h : hands) h.clear();
        for (auto& k : known) k.reset();
        country.fill(-1);
        completed.fill(0);
        character.fill(-1);
        central = -1;
        set_aside.clear();
        current = turn = first_player = 0;
        winners.clear();
        end_reason = END_NONE;
        for (auto& player : log)
            for (auto& cards : player) cards.clear();
        kind_order.clear();
        kind_totals.clear();
    }
    int target(int p) const { return completed[static_cast<std::size_t>(p)] == 0 ? country[static_cast<std::size_t>(p)] : central; }
};

class Game;

struct Bot {
    virtual ~Bot() = default;
    virtual void reset() {}  // a new game (a bot is reused from game to game)
    // The view the next choose() reads from (a search's rollout bot serves every seat of
    // every copy: Python keys the heuristic's offer plan by its view object); a seat's own
    // bot is never told, and reads one view.
    virtual void set_view(long long /*view*/) {}
    // the index of the chosen option
    virtual int choose(const Game& g, int seat, int kind, const std::vector<int>& options, const Ctx& ctx,
                       GameRandom& rng) = 0;
};

struct Recorder {
    virtual ~Recorder() = default;
    virtual void record(const Game& g, int seat, int kind, const std::vector<int>& options, const Ctx& ctx,
                        int choice) = 0;
};

// The forward model's hooks (travel_forward.hpp): a game a search copies records where each
// turn started and every answer since (TurnRecord); a copy is steered by its search.
struct Forward {
    virtual ~Forward() = default;
    virtual void turn_starts(const Game& g) = 0;
    virtual bool steers() const = 0;
    virtual int steer(Game& g, int seat, int kind, const std::vector<int>& options, const Ctx& ctx) = 0;
    virtual void answered(int choice) = 0;
};

class Game {
  public:
    Game(const Table& table, GameRandom rules, GameRandom strategy);
    void play();  // engine.play_game: the setup, then turns until a win or the turn limit
    // The turns from the state as it stands (a turn's start) until a win or the turn limit:
    // a search's copy plays on from a recorded turn start (travel_forward.cpp play_copy).
    void play_turns();
    bool over() const { return over_; }
    void set_over(bool over) { over_ = over; }
    // The next game on this one's storage: its streams, no bots, nothing asked yet.
    void restart(GameRandom rules, GameRandom strategy) {
        rng = rules;
        srng = strategy;
        s.clear(t.players);
        bots.fill(nullptr);
        asked = 0;
        over_ = false;
    }

    const Table& t;
    State s;
    GameRandom rng;   // the rules stream
    GameRandom srng;  // the strategy stream, shared by every seat's bot
    std::array<Bot*, kMaxPlayers> bots{};  // nullptr: random
    Recorder* recorder = nullptr;
    Forward* forward = nullptr;  // the forward model's hooks (none: a plain game)
    int asked = 0;

    bool is(int card, Type type) const { return t.type[static_cast<std::size_t>(card)] == type; }
    int rule(int p, Rule r) const { return s.rules[static_cast<std::size_t>(p)][r]; }
    std::vector<int>& hand(int p) { return s.hands[static_cast<std::size_t>(p)]; }
    const std::vector<int>& hand(int p) const { return s.hands[static_cast<std::size_t>(p)]; }

  private:
    std::vector<int> options_;  // the options being asked (read before the next are built)
    std::vector<int> scratch_;
    // buffers kept from game to game (no allocation in play): setup's shuffles, travel's
    // discards, a trade's cards and kinds
    std::vector<int> setup_a_, setup_b_, used_, extra_, give_, asked_kinds_, taken_;
    bool over_ = false;  // state.GameOver: a win ends the game wherever the rules stand

    int ask(int seat, int kind, const std::vector<int>& options, const Ctx& ctx = {});
    void setup();
    int first_player();
    void turn();
    const std::vector<int>& action_options(int p, int offers);
    bool special_usable(int p, int card) const;
    void take(int p, int card, int how, bool check = true);
    void check_postcards(int p);
    void remove(int p, int card);
    void discard(int p, int card, int how = L_DISCARDED);
    void win(int p, int reason);
    void draw(int p);
    void draw_n(int p, int count);
    void reshuffle();
    void over_limit(int p);
    void pay(int p, int cost, int kind);
    bool can_travel(int p, std::vector<int>* used, std::vector<int>* extra) const;
    int held_with_effect(int p, int effect) const;
    void travel(int p);
    void recycle_take(int p);
    bool steal(int p, int q);
    bool mousetrap(int victim, int thief);
    void take_random(int p, int q, int count);
    bool trade(int p, int q);
    void dispose(int p, int card);
    void smuggle(int p, int card);
    void event(int p, int card);
    bool special(int p, int card);
    // every seat in turn order from one (a fixed array: no allocation)
    struct Order {
        std::array<int, kMaxPlayers> seats{};
        int n = 0;
        const int* begin() const { return seats.data(); }
        const int* end() const { return seats.data() + n; }
    };
    Order from(int drawer) const;
    void kind_totals();
};

// The seat's heuristic (strategies/travel/heuristic.py), with its parameters.
struct HeuristicParams {
    double aggression = 0.3, race_aggression = 0.3, blind_trade = 0.9;
    bool deny = false;
};
Bot* new_heuristic(const HeuristicParams& params);

}  // namespace deckhand::travel
