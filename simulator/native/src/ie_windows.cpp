// windows.py: reaction windows, where "at any time" powers and the leader's contract discard
// are used (IE-ANYTIME-1, IE-ANYTIME-2, IE-DISCARD-2). In a window the players are asked in
// turn order from the leader (only the actor at `declaring`); each uses his usable powers one
// use at a time until he passes.
//
// Options of the any_time kind: {-1}: pass; {-2, ship}: the leader discards that ship's
// contracts (Use(DISCARD_CONTRACTS, -1, (ship,))); {contract id, args...}: a use of that
// contract's power with its args (Use(power, contract, args)). The moment is the context.
#include "ie_game.hpp"
#include "ie_powers.hpp"

namespace deckhand::ie {

namespace {

inline std::size_t at(int i) { return static_cast<std::size_t>(i); }

constexpr int kPass = -1;
constexpr int kDiscard = -2;

bool owns_one(const SmallVec<HookEntry, kMaxHooks>& fulfilled, int q) {
    for (const HookEntry& h : fulfilled)
        if (h.owner == q) return true;
    return false;
}

Option use_option(int contract_id, const UseArgs& args) {
    return Option{static_cast<std::int16_t>(contract_id), args[0], args[1], args[2]};
}

// Every use q can make now: powers of his fulfilled contracts (and copies), powers of cards
// in his hand that work from there (Lutefisk), and the leader's discard.
void uses_for(const Game& g, int q, const Moment& moment, Options& found) {
    const State& s = g.s;
    const Table& t = g.table();
    const auto& fulfilled = s.hooks[kAnyTimeHooks];
    std::vector<UseArgs> uses;
    if (!fulfilled.empty()) {
        // OWN_TURN: every moment but before_scoring belongs to the leader's turn
        const bool on_own_turn = moment.name != MomentName::before_scoring && s.leader == q;
        for (const HookEntry& h : fulfilled) {
            if (h.owner != q) continue;
            const Contract& c = t.contract(h.contract);
            if (c.power->own_turn && !on_own_turn) continue;
            uses.clear();
            c.power->any_time(g, q, c, moment, uses);
            for (const UseArgs& args : uses) found.push_back(use_option(h.contract, args));
        }
    }
    for (const auto& [card, cid] : t.index.hand_any_time) {
        if (!s.hands[at(q)].contains(card)) continue;
        const Contract& c = t.contract(cid);
        uses.clear();
        c.power->any_time(g, q, c, moment, uses);
        for (const UseArgs& args : uses) found.push_back(use_option(cid, args));
    }
    // leader_discards: besides his lead (IE-DISCARD-1) the leader's discard changes what
    // happens next only before his second and later Load or Pirate action (IE-DISCARD-2)
    if (q == s.leader && moment.name == MomentName::before_action && moment.actor == q && moment.step != 0 &&
        (moment.action == LOAD || moment.action == PIRATE)) {
        for (int i = 0; i < s.ships.size(); ++i) {
            const Ship& ship = s.ships[i];
            if (ship.owner == q && !ship.at_sea && !ship.contracts.empty()) found.push_back(opt(kDiscard, i));
        }
    }
}

}  // namespace

void window(Game& g, const Moment& moment) {
    State& s = g.s;
    const int n = s.n;
    const bool actor_only = moment.name == MomentName::declaring;  // ACTOR_ONLY
    const int first = actor_only ? moment.actor : s.leader;
    const int asked = actor_only ? 1 : n;
    const bool before_action = moment.name == MomentName::before_action;
    bool again = false;  // the same player once more, after a use (no pre-test)
    for (int i = 0; i < asked;) {
        const int q = (first + i) % n;
        if (!again) {  // the cheap tests first: uses_for would offer q nothing
            const auto& fulfilled = s.hooks[kAnyTimeHooks];
            if (!(!fulfilled.empty() && owns_one(fulfilled, q)) && !(q == s.leader && before_action) &&
                !holds_hand_any_time(g, q)) {
                ++i;
                continue;
            }
        }
        again = false;
        Options options = {opt(kPass)};
        uses_for(g, q, moment, options);
        if (options.size() == 1) {
            ++i;
            continue;
        }
        const Option choice = options[at(g.ask(q, Kind::any_time, options, moment.actor, &moment))];
        if (choice.a == kPass) {
            ++i;
            continue;
        }
        again = true;
        if (choice.a == kDiscard) {
            discard_contracts(g, q, choice.b);
            continue;
        }
        const Contract& c = g.table().contract(choice.a);
        c.power->use(g, q, c, UseArgs{choice.b, choice.c, choice.d}, moment);
    }
}

}  // namespace deckhand::ie
