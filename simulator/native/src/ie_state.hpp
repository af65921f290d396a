// Everything on an Import/Export table (state.IEState), as a plain value: small ints in
// fixed-capacity arrays, the rule modifiers powers set (mods.py) as typed fields, the game's
// two random streams. Copying a State copies the game exactly as it stands (the next issue's
// search copies it); nothing in it points anywhere.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "ie_capital.hpp"
#include "ie_core.hpp"
#include "rng.hpp"

namespace deckhand::ie {

// state.EVENT_NAMES: what outcome() reports per player, in this order.
enum class Logged : std::int8_t {
    opening,
    drawn,
    played,
    wildcard,
    contracted,
    fulfilled,
    loaded,
    crew,
    goods,
    sold,
    pirated,
    imported,
    discarded,
};
constexpr int kLogged = 13;
constexpr std::array<const char*, kLogged> LOGGED_NAMES = {
    "opening", "drawn",  "played", "wildcard", "contracted", "fulfilled", "loaded",
    "crew",    "goods",  "sold",   "pirated",  "imported",   "discarded",
};

// spec END_REASONS, as outcome() names them; `none` until the end is triggered.
enum class EndReason : std::int8_t { none = -1, credits = 0, deck_exhausted, card, turn_limit };
constexpr std::array<const char*, 4> END_REASON_NAMES = {"credits", "deck_exhausted", "card",
                                                         "turn_limit"};

// framework.EVENTS: what ongoing hooks hear, each emitted at one place (the payload of each:
// Payload in ie_powers.hpp). The last list of State::hooks is ANY_TIME: the fulfilled
// "at any time" powers, kept like an event's listeners.
enum class Event : std::int8_t {
    turn_started,
    draw_action,
    action_declared,
    contract_placed,
    container_loaded,
    load_action,
    plundered,
    imported,
    contract_fulfilled,
    ship_completed,
    goods_added,
    crew_added,
    ship_returned,
    ship_plundered,
    turn_ended,
    cards_drawn,
};
constexpr int kEvents = 16;
constexpr int kAnyTimeHooks = kEvents;  // State::hooks[kAnyTimeHooks]: framework.ANY_TIME
constexpr std::array<const char*, kEvents> EVENT_NAMES = {
    "turn_started",  "draw_action",      "action_declared", "contract_placed",
    "container_loaded", "load_action",   "plundered",       "imported",
    "contract_fulfilled", "ship_completed", "goods_added",   "crew_added",
    "ship_returned", "ship_plundered",   "turn_ended",      "cards_drawn",
};

// A ship: at its owner's port (taking contracts and cargo) or at sea (cargo to import).
struct Ship {
    std::int8_t owner = 0;
    bool at_sea = false;
    SmallVec<ContractId, kMaxShipContracts> contracts;  // placed under it, in order
    SmallVec<Card, kMaxShipCargo> cargo;                // loaded, in loading order
    SmallVec<std::int8_t, kMaxShipCargo> cargo_colors;  // the colour each container counts as
};

// One listener of an event: a fulfilled contract's ongoing power and its owner.
struct HookEntry {
    std::int8_t owner = 0;
    ContractId contract = 0;
    bool operator==(const HookEntry& o) const { return owner == o.owner && contract == o.contract; }
};
constexpr int kMaxHooks = 24;

// (turn, count) records powers keep to use themselves once a turn (mods.py).
struct TurnUses {
    int turn = -1;
    int uses = 0;
};
// (turn, players) records: who a power has charged, or may still charge, this turn.
struct TurnPlayers {
    int turn = -1;
    SmallVec<std::int8_t, 2 * kMaxPlayers> players;
};

// One player's rule modifiers (mods.MODS), set by his fulfilled powers and read where the
// rule lives. Each base-set key is a field named as the key; an absent key is an empty
// optional (or false, 0, empty, as the Python rule reads it: each field says). Keys of the
// expansions are here as each set is ported (Flag's: the last fields).
struct Mods {
    std::optional<int> draw_to;             // Mineral Fuels: hand size a Draw fills up to
    std::optional<int> end_credits;         // MRI Machine: credits that trigger the end
    bool no_credit_end = false;             // Can Openers: never triggers the end by credits
    std::optional<int> capacity;            // Tablets: containers a ship carries
    SmallVec<std::pair<int, int>, 4> pay_bands;  // Tablets: (containers, payment), first met pays
    std::optional<int> owner_compensation;  // Pants: what an importer pays the ship's owner
    std::optional<int> import_take;         // Shampoo: cards an import round may take
    std::uint8_t wild_colors = 0;           // Big Cats, ...: bit per colour wild on his ships
    std::uint8_t rainbow_colors = 0;        // Candy, ...: bit per contract colour taking any container
    int virtual_load_per_tech = 0;          // Fridges: tech goods per virtual Load crew (0: none)
    bool shared_pirate_crew = false;        // Cannons
    std::optional<int> load_to_island;      // Smart Cars: the payment
    std::optional<int> load_to_island_turn; // Smart Cars: the turn it was last used
    int load_draw = 0;                      // Cell Phones: its `cards` (0: none; read as truth)
    std::optional<int> plunder_to_goods_cost;  // Stem Cells
    std::optional<double> win_credit_multiplier;  // Exotic Fish
    bool load_unlimited = false;            // Machine Arms
    bool import_from_island = false;        // Dark Flight
    bool pirate_anywhere = false;           // Mini Van
    std::optional<double> luxury_cargo_fraction;  // Prefab Home
    std::optional<std::pair<int, int>> spend_watch;  // Fake DVDs: (amount, reward)
    int extra_turns = 0;                    // Pirates: turns the owner plays again
    std::optional<TurnUses> batteries;      // Batteries
    std::optional<TurnUses> contraband;     // Contraband
    std::optional<int> helicopter_credits;  // Helicopter: credits added at scoring
    std::optional<TurnPlayers> poison_bottles;  // Poison Bottles: who paid this turn
    std::optional<TurnPlayers> shotguns;    // Shotguns: who may still be charged this turn
    bool drew_cards = false;                // note_draw: a draw to tell at the next emit
    SmallVec<ContractId, 8> copied_powers;  // Wind Turbines: end-game powers copied
    CapitalMods capital;                    // Capital's keys (ie_capital.hpp)

    // Kickstarter and Kickstarter 2 (mods.py; ie_powers_kickstarter*.cpp)
    std::optional<std::pair<int, int>> no_crew_limit;  // Board Games: (contract id, goods per type)
    // Joe Wiggins: (contract id, goods it counts as per colour), each while it stays fulfilled
    SmallVec<std::pair<ContractId, std::array<std::int8_t, 6>>, 2> counted_goods;
    bool no_plunder = false;                // Water Notepad
    bool follow_any_card = false;           // 3D Printers
    std::optional<int> sea_return_at;       // Aeroponics: containers a ship at sea comes home with
    // Neural Units: (led action or -1 for any, performed, played) ways to follow, a set
    SmallVec<std::array<std::int8_t, 3>, 8> follow_as;  // and Chopsticks' (J)
    // Tokyo (ie_powers_tokyo.cpp)
    bool port_contract_free = false;        // Toto Toilets: Port (or island) contracts cost nothing
    std::optional<int> lead_draw_credits;   // Jidohanbaiki: a leader's Draw may take these instead
    bool tuck_illegal = false;              // Hentai Manga: "tuck_elsewhere" holds RED
    // J (ie_powers_j.cpp)
    std::array<std::uint8_t, 6> card_also{};  // Rice Cookers, Chopsticks: by a card's action, a
                                              // bit per action it also counts as
    bool wins_ties = false;                 // Foxes
    std::optional<std::pair<int, int>> pair_load;  // Robo-Cats: (colour, cards a container)
    bool pair_held = false;                 // Robo-Cats: plundered cards kept for a pair ...
    int pair_held_type = 0;                 // ... of this type
    SmallVec<Card, 8> pair_held_cards;      // ... these, in order
    // Flag (ie_powers_flag.cpp)
    bool pirate_ban = false;                // Surströmming: no Pirate until the owner's next turn
    bool deck_face_up = false;              // Yerba Mate: the deck's top card is shown (views)
    bool contracts_unlimited = false;       // Jasmine Tea: a Contract action places more
    int level_per_tech_good = 0;            // Volkswagen: level per tech good (0: none)
    std::optional<std::pair<int, int>> luxury_pair;      // Scotch: (luxury_goods, counts_as)
    SmallVec<std::pair<Card, std::int8_t>, 8> crew_as;   // Unpasteurized Cheese: (card, action)

    bool wild(int color) const { return (wild_colors >> color) & 1U; }
    bool rainbow(int color) const { return (rainbow_colors >> color) & 1U; }
};

// One entry of the event logs (state.EVENTS): in which player's list, which, and the card
// (a contract id for contracted and fulfilled). outcome() reads them back in order.
struct LogEntry {
    std::int8_t player = 0;
    Logged event = Logged::opening;
    std::int16_t card = 0;
};

struct State {
    int n = 0;
    Zone deck;
    Zone discard;
    Zone island;
    std::array<Zone, kMaxPlayers> hands;
    std::array<Zone, kMaxPlayers> crew;
    std::array<Zone, kMaxPlayers> goods;
    std::array<SmallVec<ContractId, kMaxCards>, kMaxPlayers> fulfilled;  // contract ids
    std::array<int, kMaxPlayers> credits{};
    SmallVec<Ship, kMaxShips> ships;
    std::array<std::int8_t, kMaxPlayers> port{};  // each player's port colour
    int leader = 0;
    int turn = 0;
    int first_player = 0;
    EndReason end_reason = EndReason::none;
    bool end_triggered = false;
    bool reshuffle_allowed = true;
    SmallVec<std::int8_t, kMaxPlayers> winners;
    bool scored = false;  // final_credits is set (Python: a non-empty list)
    std::array<int, kMaxPlayers> final_credits{};
    std::array<bool, kMaxPlayers> sold_this_turn{};
    std::vector<LogEntry> log;
    bool between_turns = true;
    Zone in_play;  // cards played on ports this turn, discarded at its end
    std::array<SmallVec<HookEntry, kMaxHooks>, kEvents + 1> hooks;  // + ANY_TIME
    std::array<Mods, kMaxPlayers> mods;
    Zone moving;  // cards in transit while their taker decides where they go
    SmallVec<std::int8_t, kMaxShips> departing;  // ships whose completion is resolving
    // This turn's numbers (state.t_*).
    int t_action = -1;
    std::array<int, kMaxPlayers> t_declared{};
    std::array<int, kMaxPlayers> t_acts{};
    SmallVec<std::int8_t, kMaxPlayers> t_followers;
    // The game's random streams: the rules' (deal) and the strategies' (engine.play_game).
    GameRandom rng;
    GameRandom strategy_rng;
    std::array<std::int8_t, 5> market{};  // the Market's goods markers (ie_variants.hpp)

    void log_event(int p, Logged event, int card) {
        log.push_back(LogEntry{static_cast<std::int8_t>(p), event, static_cast<std::int16_t>(card)});
    }
};

}  // namespace deckhand::ie
