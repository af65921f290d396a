// One native Import/Export game: the table, the state, the seats' bots, and the rules as
// plain sequential C++ functions, one per rule, named after the Python function they port
// (simulator/games/import_export/*.py; the file comment of each ie_*.cpp names its module).
// Where Python pushes steps on the state's stack, the port calls them in the order the stack
// runs them: "push A, then do B" is "B(); A();". A player decides through Game::ask, which
// takes a decision with one option without asking (engine.play_game) and otherwise asks the
// seat's bot; its answer is an index into the options, built in exactly the order Python
// builds its tuple. This header is the rules' API for the powers (game_api.GameAPI).
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

#include "ie_core.hpp"
#include "ie_state.hpp"
#include "ie_table.hpp"
#include "kinds.hpp"

namespace deckhand::ie {

// One option of a decision: up to four small numbers whose meaning is per kind, written
// beside the rule or power that builds them ("Options:" in its comment). A verb that Python
// writes as a string ("draw", "pass", "stop") is a small code in `a`. (A plain aggregate: an
// array of them costs nothing until filled; make one with opt().)
struct Option {
    std::int16_t a;
    std::int16_t b;
    std::int16_t c;
    std::int16_t d;
};

// A decision's options, in order: held inline up to kInline (no allocation for almost every
// decision), on the heap beyond.
class Options {
  public:
    static constexpr int kInline = 48;

    Options() = default;
    Options(std::initializer_list<Option> items) {
        for (const Option& o : items) push_back(o);
    }
    Options(const Options& other) { *this = other; }
    Options& operator=(const Options& other) {
        if (this == &other) return *this;
        size_ = 0;
        for (const Option& o : other) push_back(o);
        return *this;
    }

    void push_back(const Option& o) {
        if (size_ == capacity_) grow();
        data_[size_++] = o;
    }
    std::size_t size() const { return static_cast<std::size_t>(size_); }
    bool empty() const { return size_ == 0; }
    const Option& operator[](std::size_t i) const { return data_[i]; }
    Option& operator[](std::size_t i) { return data_[i]; }
    const Option* begin() const { return data_; }
    const Option* end() const { return data_ + size_; }

  private:
    void grow() {
        auto bigger = std::make_unique<Option[]>(static_cast<std::size_t>(2 * capacity_));
        std::copy(data_, data_ + size_, bigger.get());
        heap_ = std::move(bigger);
        data_ = heap_.get();
        capacity_ *= 2;
    }

    Option inline_[kInline];
    std::unique_ptr<Option[]> heap_;
    Option* data_ = inline_;
    int size_ = 0;
    int capacity_ = kInline;
};

inline Option opt(int a, int b = 0, int c = 0, int d = 0) {
    return Option{static_cast<std::int16_t>(a), static_cast<std::int16_t>(b),
                  static_cast<std::int16_t>(c), static_cast<std::int16_t>(d)};
}

// moments.MOMENTS: where a reaction window opens (IE-ANYTIME-1).
enum class MomentName : std::int8_t {
    turn_start,
    lead_declared,
    follower_chose,
    declaring,
    before_action,
    import_round,
    turn_end,
    before_scoring,
};
constexpr std::array<const char*, 8> MOMENT_NAMES = {
    "turn_start", "lead_declared", "follower_chose", "declaring",
    "before_action", "import_round", "turn_end", "before_scoring",
};

// moments.Moment: the context of an any_time decision.
struct Moment {
    MomentName name = MomentName::turn_start;
    int actor = 0;
    int action = -1;
    int step = 0;  // before_action: actions of that type the actor performed before this one
};

// What a decision asks, as a bot sees it. `context` is the Python Decision's context where
// it is a number (the led action, a ship, a card, a player; import_ship: ImportContext);
// `moment` is set for any_time decisions.
struct Decision {
    int seat = 0;
    Kind kind = Kind::lead;
    int context = 0;
    const Moment* moment = nullptr;
    const Options* options = nullptr;
};

// decisions.ALONE / BIDDING / NOT_BIDDING: import_ship's context.
enum ImportContext : int { kAlone = 0, kBidding = 1, kNotBidding = 2 };

class Game;

// A seat's strategy. choose() returns an index into d.options; `rng` is the game's strategy
// stream (one for every seat, as engine.play_game draws it). A seat without a Bot plays the
// random strategy (random_strategy.py: options[rng.below(len(options))]).
class Bot {
  public:
    virtual ~Bot() = default;
    virtual int choose(const Game& game, const Decision& d, GameRandom& rng) = 0;
    // Called once the bot sits at `game` (before its first turn): a bot that searches hooks
    // the game's forward model here (Game::forward).
    virtual void attach(Game& /*game*/) {}
    // The next choice reads another game (a search's copy) or seat than the last: drop what
    // the bot keeps keyed on its view (Python keys such memos by the view object, one per
    // state and seat). Only a bot that serves a search's playouts is told.
    virtual void new_view() {}
};
// Makes a seat's bot for a game of this table; `options` is the strategy's parameter text
// (empty: its defaults). Registered once per code (the `seats` codes play_import_export
// takes; 0 is the random bot and is built in).
using BotFactory = std::unique_ptr<Bot> (*)(const Table& table, int seat, const std::string& options);
struct BotRegistration {
    BotRegistration(int code, const char* name, BotFactory make);
};
BotFactory bot_factory(int code);  // nullptr if none is registered
const char* bot_name(int code);

// Told of every decision, the single-option ones included (the trace, the debug text).
class Recorder {
  public:
    virtual ~Recorder() = default;
    virtual void record(const Game& game, const Decision& d, int choice) = 0;
};

// The forward model's hooks (ie_forward.hpp): a game that a search copies records where its
// turn started and every answer since (the copy at any decision is that State played on the
// answers); a copy is steered, every decision answered by the search instead of the bots.
class Forward {
  public:
    virtual ~Forward() = default;
    virtual void turn_starts(const Game& game) = 0;
    virtual bool steers() const = 0;
    virtual int steer(Game& game, const Decision& d) = 0;  // every decision, one option too
    virtual void answered(const Game& game, const Decision& d, int choice) = 0;
    // A search's copy that is done: play_game returns at the next turn's start.
    virtual bool stopped() const { return false; }
};

// The game ended at once (state.GameOver: a card's win condition); play_game catches it.
struct GameOver {
    const char* why;
};

// The end-of-game tally scoring powers read and change, stage by stage (state.Scoring).
struct Award {
    int player = 0;
    int color = 0;
    int credits = 0;
};
struct Scoring {
    std::array<int, kMaxPlayers> final{};
    std::array<std::array<int, 6>, kMaxPlayers> counts{};      // goods per colour per player
    std::array<std::array<int, 6>, kMaxPlayers> good_value{};  // credits per good per colour
    std::vector<Award> awards;  // majority bonuses, and the illegal penalty as negative
};

// Where a plundered card came from (the plundered payload's third item).
enum class PlunderSource : std::int8_t { ship, island, deck, hand };

// What an event tells its listeners (framework.EVENTS); each field says which events set it.
struct Payload {
    int card = -1;      // container_loaded, goods_added, crew_added, plundered, ship_plundered
    int contract = -1;  // contract_placed: the contract id
    int ship = -1;      // imported (-1: the supply island), ship_completed, ship_returned, ship_plundered
    int action = -1;    // action_declared
    int color = -1;     // plundered: the colour it was taken as
    PlunderSource source = PlunderSource::ship;                 // plundered
    SmallVec<Card, kMaxShipCargo> cards;                        // load_action: the cards loaded
    SmallVec<ContractId, kMaxShipContracts> contracts;          // contract_fulfilled, ship_completed
    SmallVec<std::int8_t, kMaxShipCargo> filled;                // ship_completed: per container
    SmallVec<std::int8_t, kMaxPlayers> followers;               // action_declared
    std::array<int, kMaxPlayers> declared{};                    // action_declared: per player
    SmallVec<std::pair<Card, std::int8_t>, kMaxShipCargo> taken;  // imported: (card, colour)
};

class Game {
  public:
    Game(const Table& table, int players);

    const Table& table() const { return *table_; }
    const Rules& rules() const { return table_->rules; }

    // Ask `seat` to choose one of `options` (kinds.hpp names the kind): one option is taken
    // without asking; otherwise the seat's bot answers. Returns the index chosen.
    int ask(int seat, Kind kind, const Options& options, int context = 0,
            const Moment* moment = nullptr);

    State s;
    std::array<Bot*, kMaxPlayers> bots{};  // nullptr: the random strategy
    Recorder* recorder = nullptr;
    Forward* forward = nullptr;  // the forward model's hooks (none: a plain game)
    int asked = 0;  // decisions with more than one option (engine.play_game's count)

    // Where each card working from the hand (the table's hand_any_time, in order) was last
    // seen, so that window_wanted need not scan every hand: a card is in one place at a time,
    // and a spot is believed only after checking that the card is still there.
    struct CardSpot {
        std::int8_t zone = -1;  // -1: unknown; see ie_game_base.cpp (locate_spot)
        std::int8_t owner = 0;  // the player (hand, crew, goods) or the ship (cargo)
        std::int16_t index = 0;
    };
    static constexpr int kSpots = 4;
    mutable std::array<CardSpot, kSpots> spots{};

  private:
    const Table* table_;
};

// A search's copy that is done (Forward::stopped): what it does from here is never read, so
// the turn's rules may skip to its end (ie_forward.hpp, Steered::stop).
inline bool stopping(const Game& g) { return g.forward != nullptr && g.forward->stopped(); }

// ---------------------------------------------------------------- the game (ie_turn.cpp)
// Deal a new game (game_base.new_state) from its two streams.
void new_state(Game& g, const GameRandom& rules_stream, const GameRandom& strategy_stream);
// Play it to the end (turn.next_turn .. score); GameOver ends it at once (IE-POWER-32).
void play_game(Game& g);

// ---------------------------------------------------------------- game_base.py (ie_game_base.cpp)
int capacity(const Game& g, int p);
int payout(const Game& g, int p, int containers);
int draws_to(const Game& g, int p);
int compensation_to(const Game& g, int owner);
std::optional<int> end_threshold(const Game& g, int p);
bool reached_end(const Game& g, int p);
void trigger_end(Game& g, EndReason reason, int p = -1);
void gain(Game& g, int p, int amount);
bool pay(Game& g, int p, int amount);
int deck_pop(Game& g);  // -1: none
void to_discard(Game& g, int p, int card);
bool window_wanted(const Game& g);
bool holds_hand_any_time(const Game& g, int p);
bool pirate_banned(const Game& g);
int tie_winner(const Game& g, const SmallVec<std::int8_t, kMaxPlayers>& tied);  // -1: none
bool has_most(const Game& g, int p, const std::array<int, kMaxPlayers>& values);
// Whether anything listens to an event (game_base.emit's test): without a listener an emit
// does nothing, and callers build no payload.
bool listening(const Game& g, Event event);
// Tell the ongoing powers in play that something happened (framework.PowerIndex.emit).
void emit(Game& g, Event event, int actor, const Payload& payload);
void emit(Game& g, Event event, int actor);  // an event without a payload

// ---------------------------------------------------------------- limits.py (ie_limits.cpp)
int crew_limit(const Game& g, int p);
constexpr int kNoCrewLimit = 1000000;  // limits.NO_LIMIT (Board Games)
std::array<int, 6> counted_goods(const Game& g, int p);    // per colour (Joe Wiggins)
std::array<int, 6> completed_goods(const Game& g, int p);  // per colour (Board Games)
int goods_limit(const Game& g, int p);
bool goods_fit(const Game& g, int p, int card);
int level(const Game& g, int p, int color);
int goods_count(const Game& g, int p, int color = -1);  // -1: all goods
SmallVec<std::int8_t, kMaxCards> types_of_goods(const Game& g, const Zone& goods);
int missing_levels(const Game& g, int p, int contract_id);
int crew_actions(const Game& g, int p, int action);
int crew_count(const Game& g, int p, int action);
bool to_crew(Game& g, int p, int card);  // whether it joined (the caller emits crew_added)
void to_goods(Game& g, int p, int card);  // within the limit, else discarded; tells the powers
int goods_in(Game& g, int p, int card);   // into the goods, logged

// ---------------------------------------------------------------- cargo.py (ie_cargo.cpp)
Needs cargo_of(const Game& g, int contract_id, std::uint8_t rainbow);
Needs remaining(const Game& g, const Ship& ship, int* unmatched = nullptr, int extra = -1);
bool fits_need(const Needs& need, int color, std::uint8_t wild);
bool fits(const Game& g, const Ship& ship, int color);
bool can_hold(const Game& g, const Ship& ship, int contract_id);
int room(const Game& g, const Ship& ship);
bool luxury_share_met(const Game& g, const Ship& ship, double fraction);
// The ship's contracts in completion order, and per container the index (in that order)
// of the contract it filled, -1 for none (cargo._completion_order, IE-FULFIL-1).
void completion_order(const Game& g, const Ship& ship, SmallVec<ContractId, kMaxShipContracts>& order,
                      SmallVec<std::int8_t, kMaxShipCargo>& filled);
SmallVec<std::int8_t, kMaxShips> ships_in_port(const Game& g, int p);

// ---------------------------------------------------------------- ships.py (ie_ships.cpp)
void ship_home(Game& g, int ship);

// ---------------------------------------------------------------- scoring.py (ie_scoring.cpp)
std::array<int, 6> good_counts(const Game& g, int p);
void score(Game& g);
int goods_score_of(const Game& g, const std::array<std::array<int, 6>, kMaxPlayers>& counts, int p);
int good_end_value(const Game& g, int p, int card);
// (player, share) of the most goods of a colour; -1 favourite: none (scoring.majority_shares).
// Held inline: a search values every playout by them.
using Shares = SmallVec<std::pair<int, int>, kMaxPlayers>;
Shares majority_shares(const std::array<std::array<int, 6>, kMaxPlayers>& counts,
                                                 int n, int color, int amount, int favourite = -1);

// ---------------------------------------------------------------- fulfilment.py, loading.py
void check_complete(Game& g, int ship);
// Hentai Manga (ie_powers_tokyo.cpp): p's just completed illegal contracts may go to his crew
// or goods instead (IE-TOKYO-6); `moved` gets the ids put elsewhere.
void tuck_elsewhere(Game& g, int p, const SmallVec<ContractId, kMaxShipContracts>& contracts,
                    SmallVec<ContractId, kMaxShipContracts>& moved);
void place_contract(Game& g, int p, int card, int contract_id, int ship, Zone* source = nullptr);
void load_container(Game& g, int p, int ship, int card, int color);

// ---------------------------------------------------------------- auctions.py, plunder.py
// The Import action's rounds: `order` from the leader, `declared` per player (IE-IMPORT-1).
void import_rounds(Game& g, const SmallVec<std::int8_t, kMaxPlayers>& order,
                   const std::array<int, kMaxPlayers>& declared, bool alone);
// Take up to `count` cards from ship i (the optional ones from `optional_from`: Shampoo);
// the (card, colour) pairs taken. `island`: take from the supply island as a ship (Dark Flight).
SmallVec<std::pair<Card, std::int8_t>, kMaxShipCargo> take_from_ship(Game& g, int p, int ship, int count,
                                                                     int optional_from = -1);
void pirate(Game& g, int p, bool ships_only = false);

// ---------------------------------------------------------------- actions.py (ie_actions.cpp)
// p performs his `count` declared actions of one type, a window before each (IE-ANYTIME-1).
void perform(Game& g, int p, int action, int count);
void contract_actions(Game& g, int p, int budget);
void solo_action(Game& g, int p, int action);
SmallVec<Card, kMaxShipCargo> load_action(Game& g, int p);
SmallVec<Card, kMaxShipCargo> load_from_hand(Game& g, int p);
// (card, ship, colour) loads of p from `cards` (actions.load_options); `fee`: a Flag card
// needs its credits.
void load_options(const Game& g, int p, const Zone& cards, Options& out, bool fee = true);
// (card, contract id, ship) placements costing `cost` plus one per missing level within the
// budget (actions.contract_options).
void contract_options(const Game& g, int p, int budget, int cost, Options& out, const Zone* cards = nullptr);
void discard_contracts(Game& g, int p, int ship);

// ---------------------------------------------------------------- tokyo_port.py (ie_tokyo_port.cpp)
int port_column(const Game& g, int card);
int port_cost(const Game& g, int p, int card);
// (card, contract id, ship) placements of a Contract action from the Tokyo Port (or the
// island for a Toto Toilets owner without it) that p can pay for (IE-TOKYO-4, IE-TOKYO-5).
void port_contract_options(const Game& g, int p, int budget, Options& out);

// ---------------------------------------------------------------- Robo-Cats (J: ie_powers_j.cpp)
// A Load: p may load a pair (or more) of hand cards of one type as one container; whether the
// Load was used so (`loaded`: the cards). actions._load_instead's last part (IE-JP-8).
bool robo_cats_load(Game& g, int p, SmallVec<Card, kMaxShipCargo>& loaded);
// A plundered card of colour `own`: kept aside for a pair, or loaded with the kept ones;
// whether it was (plunder._pirate_pair).
bool robo_cats_plunder(Game& g, int p, int card, int own);
// The end of a turn: cards kept for a pair not made are discarded.
void drop_held_pairs(Game& g);
// A ship sailing: each card of a pair counts as a container of its own type again.
void unpair(Game& g, int ship);

// ---------------------------------------------------------------- turn.py (ie_turn.cpp)
void draw_up(Game& g, int p);
void play_options(const Game& g, int p, int action, bool following, Options& out);

// ---------------------------------------------------------------- windows.py (ie_windows.cpp)
void window(Game& g, const Moment& moment);

}  // namespace deckhand::ie
