// The native power framework (powers/framework.py, powers/common.py): each card's power is
// a few short C++ functions registered for its card name, reading its numbers from the
// sheet (`c.whole("payment")`, never a literal), written as the rulebook reads and naming
// its ruling, as the Python powers are.
//
// How to add a power (a file of your own, simulator/native/src/ie_powers_<group>.cpp; no
// other file changes: registration is by a static object, so setup.py's glob is the list):
//
//     #include "ie_powers.hpp"
//     namespace deckhand::ie {
//     namespace {
//     // Potatoes: take `credits` or draw `cards` (base_immediate.py).
//     void potatoes(Game& g, int owner, const Contract& c) {
//         // Options: {0: draw}, {1: credits}, as Python's ("draw", "credits").
//         const int choice = g.ask(owner, Kind::potatoes_choice, {opt(0), opt(1)});
//         if (choice == 1) gain(g, owner, c.whole("credits"));
//         else draw(g, owner, c.whole("cards"));
//     }
//     const PowerRegistration registered[] = {
//         power("Potatoes").on_fulfil(potatoes).params({"credits", "cards"}),
//     };
//     }  // namespace
//     }  // namespace deckhand::ie
//
// A card's parts (an on-fulfil function, hooks, scoring stages, an on-lose, ...) are chained
// on one `power(name)`: one registration per card, as Python's one declaration per card. A
// second registration of a name, or a declared number missing from a sheet row, is an error
// play_import_export reports (`_core.power_errors()` lists registration errors). A question a
// power asks is a Kind (kinds.hpp lists every Python kind already); build its options in
// exactly the order the Python power builds its tuple, and document what each holds. A
// power that needs a rule calls it from ie_game.hpp (the rules' API: gain, pay, pirate,
// take_from_ship, load_from_hand, ...), and the shared operations below (draw, transfer,
// add_goods, ...). A power may `throw GameOver{...}` after setting s.winners and
// s.end_reason (Rolls Royce). Optionally register a text for its options with
// `.render(kind, fn)` (the differential test's message shows it).
#pragma once

#include <initializer_list>
#include <string>
#include <vector>

#include "ie_game.hpp"

namespace deckhand::ie {

// Handler signatures (framework.Power's fields).
// on_fulfil: once, when the contract is fulfilled (or copied, or stolen: see fulfilled()).
using OnFulfil = void (*)(Game& g, int owner, const Contract& c);
// hook: an event while fulfilled; `actor` is who acted (see Event in ie_state.hpp).
using Hook = void (*)(Game& g, int owner, const Contract& c, int actor, const Payload& payload);
// end: a scoring stage (prepare, counts, awards, game).
using EndStage = void (*)(Game& g, int owner, const Contract& c, Scoring& sc);
// card_hook: the event concerns this physical card, whoever owns it (Yogurt, Flour):
// container_loaded, plundered, contract_placed (framework.CARD_OF).
using CardHook = void (*)(Game& g, const Contract& c, int card, int actor, const Payload& payload);
// in_hand: an event while the card is in a hand (`holder`).
using HandHook = void (*)(Game& g, const Contract& c, int card, int holder, int actor,
                          const Payload& payload);
// any_time: the uses `player` can make now at `moment` (each up to three numbers, the
// Python use's `args`, the unused ones kNoArg); empty: not usable. use: perform one of them.
using UseArgs = std::array<std::int16_t, 3>;
constexpr std::int16_t kNoArg = -32768;
inline UseArgs use_args(int a = kNoArg, int b = kNoArg, int c = kNoArg) {
    return UseArgs{static_cast<std::int16_t>(a), static_cast<std::int16_t>(b), static_cast<std::int16_t>(c)};
}
using AnyTimeUses = void (*)(const Game& g, int player, const Contract& c, const Moment& moment,
                             std::vector<UseArgs>& uses);
using AnyTimeUse = void (*)(Game& g, int player, const Contract& c, const UseArgs& args,
                            const Moment& moment);
// on_lose: the fulfilled contract leaves its owner with its power (Stolen Documents).
using OnLose = void (*)(Game& g, int owner, const Contract& c);
// on_cargo: a ship carrying this card as a container completes (Bok Choy); `filled` is the
// index in `contracts` of the contract the card filled, or -1.
using OnCargo = void (*)(Game& g, const Contract& c, int card, int ship,
                         const SmallVec<ContractId, kMaxShipContracts>& contracts, int filled);
// How one option of a power's question reads (the debug text).
using RenderOption = std::string (*)(const Game& g, const Option& option, int context);

enum class EndStageName : std::int8_t { prepare, counts, awards, game };
constexpr int kEndStages = 4;

enum class AnyTimeFrom : std::int8_t { none, fulfilled, hand };

// The handlers and declared numbers of one card's power (framework.Power).
struct PowerDef {
    std::string name;
    OnFulfil on_fulfil = nullptr;
    std::array<Hook, kEvents> hooks{};
    std::array<EndStage, kEndStages> end{};
    std::array<CardHook, kEvents> card_hooks{};
    std::array<HandHook, kEvents> hand_hooks{};
    bool any_cargo = false;       // its contract takes any container while placed (Tortillas)
    bool unlimited_ship = false;  // a ship with its contract has no capacity (Legos)
    AnyTimeUses any_time = nullptr;
    AnyTimeFrom any_time_from = AnyTimeFrom::none;
    bool own_turn = false;  // usable only on its owner's own turn
    AnyTimeUse use = nullptr;
    OnLose on_lose = nullptr;
    OnCargo on_cargo = nullptr;
    std::vector<std::string> params;  // the numbers it reads (checked in every table)
    std::vector<std::pair<Kind, RenderOption>> renders;
    RenderOption render_use = nullptr;  // how its any-time uses read, where not numbers (Segways)

    bool has_hooks() const {
        for (auto h : hooks)
            if (h != nullptr) return true;
        return false;
    }
};

// power("Name").on_fulfil(f).hook(Event::x, h).params({...}): one card's power, registered
// by a static `PowerRegistration` (see the file comment).
class PowerBuilder {
  public:
    explicit PowerBuilder(const char* name) { def_.name = name; }
    PowerBuilder& on_fulfil(OnFulfil f) { def_.on_fulfil = f; return *this; }
    PowerBuilder& hook(Event event, Hook h) { def_.hooks[static_cast<std::size_t>(event)] = h; return *this; }
    PowerBuilder& end(EndStageName stage, EndStage f) { def_.end[static_cast<std::size_t>(stage)] = f; return *this; }
    PowerBuilder& card_hook(Event event, CardHook h);
    PowerBuilder& in_hand(Event event, HandHook h) { def_.hand_hooks[static_cast<std::size_t>(event)] = h; return *this; }
    PowerBuilder& any_cargo() { def_.any_cargo = true; return *this; }
    PowerBuilder& unlimited_ship() { def_.unlimited_ship = true; return *this; }
    PowerBuilder& any_time(AnyTimeFrom from, AnyTimeUses uses, AnyTimeUse use, bool own_turn = false) {
        def_.any_time_from = from;
        def_.any_time = uses;
        def_.use = use;
        def_.own_turn = own_turn;
        return *this;
    }
    PowerBuilder& on_lose(OnLose f) { def_.on_lose = f; return *this; }
    PowerBuilder& on_cargo(OnCargo f) { def_.on_cargo = f; return *this; }
    PowerBuilder& params(std::initializer_list<const char*> names) {
        for (const char* n : names) def_.params.emplace_back(n);
        return *this;
    }
    PowerBuilder& render(Kind kind, RenderOption f) { def_.renders.emplace_back(kind, f); return *this; }
    PowerBuilder& render_use(RenderOption f) { def_.render_use = f; return *this; }
    const PowerDef& def() const { return def_; }

  private:
    PowerDef def_;
};
inline PowerBuilder power(const char* name) { return PowerBuilder(name); }

struct PowerRegistration {
    PowerRegistration(const PowerBuilder& builder);  // NOLINT: implicit, for the arrays above
};

// The sets and variants the core plays (`_core.native_modules()`): a set's or variant's
// rules file registers its name once its rules and every power of its cards are native, e.g.
// `const ModuleRegistration capital_module("capital");` (a static object, as the powers
// are). simulator/native/ie_table.py plays a game natively only when each of its sets and
// variants is registered.
struct ModuleRegistration {
    explicit ModuleRegistration(const char* name);
};
std::vector<std::string> native_modules();

// The registry (filled at load time by every ie_powers_*.cpp).
const PowerDef* find_power(const std::string& name);
std::vector<std::string> registered_powers();
const std::vector<std::string>& power_errors();
RenderOption find_render(Kind kind);

// ---------------------------------------------------------------- the framework (framework.py)
// `owner` fulfilled a contract: its hooks from now on, its on-fulfil power now.
// `immediate_only`: completed but put elsewhere (Hentai Manga): only an immediate power.
void fulfilled(Game& g, int owner, int contract_id, bool immediate_only = false);
// `owner` gains a copy of a contract's power (Wind Turbines).
void copied(Game& g, int owner, int contract_id);
// `owner` loses a fulfilled contract's power (Stolen Documents): hooks stop, on_lose runs.
void lost(Game& g, int owner, int contract_id);
// `owner` gains a fulfilled contract's power without completing it (Railguns).
void gained(Game& g, int owner, int contract_id);
// One scoring stage for every fulfilled contract (and copy) with a handler for it.
void end_stage(Game& g, EndStageName stage, Scoring& sc);
// A ship carrying `card` (which has an on_cargo power) completed `contracts`.
void in_cargo(Game& g, int card, int ship, const SmallVec<ContractId, kMaxShipContracts>& contracts,
              int filled);
// p drew cards into his hand: noted for the cards_drawn event while a power listens.
void note_draw(Game& g, int p);

// ---------------------------------------------------------------- shared operations (common.py)
SmallVec<std::int8_t, kMaxPlayers> other_players(const Game& g, int owner);
// Draw up to `count` cards into p's hand (fewer if the deck runs out); the cards drawn.
SmallVec<Card, kMaxCards> draw(Game& g, int p, int count);
// `payer` pays `payee` in full, or nothing if he cannot (IE-POWER-1).
bool transfer(Game& g, int payer, int payee, int amount);
// The good types a player may name: the five, and capital where grey cards play.
SmallVec<std::int8_t, 6> good_types(const Game& g);
// p's goods that count as `color` now (goods_types: IE-CAP-26).
Zone goods_of_type(const Game& g, int p, int color);
// A card into p's goods (over the limit only where a power says so); tells the powers.
void add_goods(Game& g, int p, int card, bool over_limit = false);
// A fulfilled contract's card into its owner's goods, even over the limit (IE-POWER-4).
void fulfilled_to_goods(Game& g, int owner, int contract_id);
// A contract leaves p's fulfilled contracts (invariants.leave_fulfilled).
void leave_fulfilled(Game& g, int p, int contract_id);
// A power takes a container off a ship: the card (then the ship home if emptied).
int take_container(Game& g, int ship, int card);

}  // namespace deckhand::ie
