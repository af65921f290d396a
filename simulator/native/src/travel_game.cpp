// The travel game's rules (simulator/games/travel/rules.py, events.py, special_items.py),
// one function per rule as the Python reads; each names the Python step or effect it
// plays and the ruling it follows (docs/rulings.md).
#include <algorithm>
#include <cstddef>

#include "ie_core.hpp"
#include "travel_game.hpp"

namespace deckhand::travel {

namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

void erase_first(std::vector<int>& v, int card) {
    auto it = std::find(v.begin(), v.end(), card);
    if (it == v.end()) throw deckhand::ie::NativeError("travel: a card is not where the rules look for it");
    v.erase(it);
}

// a plain loop the compiler inlines, on vectors of a few entries
inline bool contains(const std::vector<int>& v, int x) {
    for (int y : v)
        if (y == x) return true;
    return false;
}

const std::vector<int> kAcceptReject{kAccept, kReject};
const std::vector<int> kRejectOnly{kReject};

}  // namespace

Game::Game(const Table& table, GameRandom rules, GameRandom strategy) : t(table), rng(rules), srng(strategy) {
    s.n = table.players;
}

int Game::ask(int seat, int kind, const std::vector<int>& options, const Ctx& ctx) {
    int index = 0;
    if (options.empty()) throw deckhand::ie::NativeError(std::string("travel: no option at ") + KIND_NAMES[kind]);
    if (forward != nullptr && forward->steers()) {  // a search's copy: its search answers
        index = forward->steer(*this, seat, kind, options, ctx);
    } else if (options.size() != 1) {  // engine.play_game: a single option is taken without asking
        ++asked;
        Bot* bot = bots[at(seat)];
        index = bot != nullptr ? bot->choose(*this, seat, kind, options, ctx, srng)
                               : srng.below(static_cast<int>(options.size()));  // RandomStrategy
    }
    if (forward != nullptr) forward->answered(index);  // (single options too, as Python answers them)
    if (recorder != nullptr) recorder->record(*this, seat, kind, options, ctx, index);
    return options[at(index)];
}

// ---------------------------------------------------------------- setup (TravelGame.new_state)

void Game::setup() {
    const int n = s.n;
    std::vector<int>& passports = setup_a_;  // (buffers: no allocation from game to game)
    passports.assign(t.passports.begin(), t.passports.end());
    rng.shuffle(passports);
    std::vector<int>& characters = setup_b_;
    characters.assign(t.characters.begin(), t.characters.end());
    if (t.use_characters) rng.shuffle(characters);
    for (int p = 0; p < n; ++p) {
        auto& rules = s.rules[at(p)];
        rules = t.rules;
        s.character[at(p)] = -1;
        s.country[at(p)] = -1;
        if (t.use_characters) {
            const int ch = characters[at(p)];
            s.character[at(p)] = ch;
            s.log[at(p)][L_ASSIGNED].push_back(ch);
            if (t.effect[at(ch)] == E_RULE_OVERRIDE)  // T-CHAR-2
                for (const auto& [r, v] : t.overrides[at(ch)]) rules[at(r)] = v;
        }
        take(p, passports[at(p)], L_OPENING);  // 1. a passport each, publicly (T-SETUP-1)
        s.known[at(p)].set(at(passports[at(p)]));
    }
    // 2. countries: one per player, one in the centre, the rest set aside (T-SETUP-5)
    std::vector<int>& countries = setup_a_;
    countries.assign(t.countries.begin(), t.countries.end());
    rng.shuffle(countries);
    for (int p = 0; p < n; ++p) {
        s.country[at(p)] = countries[at(p)];
        s.log[at(p)][L_ASSIGNED].push_back(countries[at(p)]);
    }
    s.central = countries[at(n)];
    s.set_aside.assign(countries.begin() + n + 1, countries.end());
    // 3. the items form the deck, each player draws the start hand
    std::vector<int>& deck = s.deck;
    deck.assign(t.items.begin(), t.items.end());
    rng.shuffle(deck);
    for (int p = 0; p < n; ++p)
        for (int k = 0; k < t.rules[R_START_HAND]; ++k)
            if (!deck.empty()) {
                const int c = deck.back();
                deck.pop_back();
                take(p, c, L_OPENING);
            }
    // 4. expansion cards are shuffled in after the hands are dealt (T-SETUP-2)
    deck.insert(deck.end(), t.expansion_deck.begin(), t.expansion_deck.end());
    rng.shuffle(deck);
    s.first_player = s.current = first_player();
    kind_totals();
}

// Closest country to the central one (T-SETUP-3), the distances as Python computes them.
int Game::first_player() {
    std::array<double, kMaxPlayers> d{};
    for (int p = 0; p < s.n; ++p) d[at(p)] = t.distance[at(s.country[at(p)] * t.n_cards + s.central)];
    const double best = *std::min_element(d.begin(), d.begin() + s.n);
    std::array<int, kMaxPlayers> tied{};
    int ties = 0;
    for (int p = 0; p < s.n; ++p)
        if (d[at(p)] - best < 1e-6) tied[at(ties++)] = p;
    return ties == 1 ? tied[0] : tied[at(rng.below(ties))];
}

// rules._kind_totals / hand_cards: the kinds that can be in hands, in order of first
// appearance among the items, the expansion deck and the dealt passports.
void Game::kind_totals() {
    s.kind_order.clear();
    s.kind_totals.assign(at(t.n_kinds), 0);
    auto add = [&](int c) {
        const int k = t.kind_of[at(c)];
        if (s.kind_totals[at(k)] == 0) s.kind_order.push_back(k);
        ++s.kind_totals[at(k)];
    };
    for (int c : t.items) add(c);
    for (int c : t.expansion_deck) add(c);
    for (int p = 0; p < s.n; ++p)
        for (int c : s.log[at(p)][L_OPENING])
            if (is(c, T_PASSPORT)) add(c);
}

// ---------------------------------------------------------------- the loop

void Game::play() {
    setup();
    if (over_) throw deckhand::ie::NativeError("travel: a win during the setup");
    play_turns();
}

void Game::play_turns() {
    while (true) {
        if (s.turn >= t.max_turns) {  // next_turn: T-END-2
            s.end_reason = END_TURN_LIMIT;
            break;
        }
        if (forward != nullptr) forward->turn_starts(*this);  // a search's game: the turn's start
        turn();
        if (over_) break;
        s.current = (s.current + 1) % s.n;  // after_turn: clockwise
    }
}

// turn_start and action_ask/action_chosen: one action a turn (T-TURN-1); an empty hand first
// draws (T-HAND-2).
void Game::turn() {
    const int p = s.current;
    ++s.turn;
    if (hand(p).empty()) {
        draw_n(p, rule(p, R_EMPTY_HAND_DRAW));
        if (over_) return;
        over_limit(p);
    }
    int actions = 1;
    int offers = 0;
    while (actions > 0) {
        const int choice = ask(p, K_ACTION, action_options(p, offers));
        const int verb = choice / kMaxCards;
        const int arg = choice % kMaxCards;
        switch (verb) {
            case V_DRAW:
                draw(p);
                if (over_) return;
                over_limit(p);
                --actions;
                break;
            case V_TRAVEL:
                travel(p);
                if (over_) return;
                --actions;
                break;
            case V_TRADE: {  // traded: a refused offer costs no action, but counts (T-TRADE-2)
                const bool traded = trade(p, arg);
                if (over_) return;
                if (traded)
                    --actions;
                else
                    ++offers;
                break;
            }
            case V_STEAL: {  // stolen: a Mousetrap ends the turn (FAQ)
                const bool trapped = steal(p, arg);
                if (over_ || trapped) return;
                --actions;
                break;
            }
            case V_RECYCLE:
                pay(p, rule(p, R_RECYCLE_COST), K_RECYCLE_COST);
                recycle_take(p);
                if (over_) return;
                --actions;
                break;
            case V_DISPOSE:  // getting rid of one is the whole turn (T-FORBID-1)
                dispose(p, arg);
                return;
            case V_SMUGGLE:
                smuggle(p, arg);
                if (over_) return;
                --actions;
                break;
            default: {  // a special item: to the discard pile (T-SPECIAL-1)
                remove(p, arg);
                s.discard.push_back(arg);
                s.log[at(p)][L_USED].push_back(arg);
                if (t.effect[at(arg)] == E_RED_EYE_FLIGHT) {  // any time: more actions (T-SPECIAL-10)
                    actions += t.params[at(arg)].actions;
                    break;
                }
                const bool trapped = special(p, arg);
                if (over_ || trapped) return;  // special_used: a Mousetrap ended the turn
                --actions;
            }
        }
    }
}

const std::vector<int>& Game::action_options(int p, int offers) {
    const auto& h = hand(p);
    std::vector<int>& options = options_;
    options.clear();
    // (an lvalue push_back: inlined, where the rvalue one is a call for every option)
    const auto add = [&options](const int& code) { options.push_back(code); };
    add(action_code(V_DRAW));
    if (can_travel(p, nullptr, nullptr)) add(action_code(V_TRAVEL));
    std::vector<int>& forbidden = scratch_;
    forbidden.clear();
    if (t.use_forbidden)
        for (int c : h)
            if (is(c, T_FORBIDDEN)) forbidden.push_back(c);
    const int payable = static_cast<int>(h.size() - forbidden.size());
    const int recycle_cost = rule(p, R_RECYCLE_COST);
    if (payable >= recycle_cost) {
        bool ok = recycle_cost > 0;
        if (!ok)
            for (int c : s.discard)
                if (!is(c, T_EVENT)) ok = true;
        if (ok) add(action_code(V_RECYCLE));
    }
    if (!h.empty() && offers < rule(p, R_OFFERS_PER_TURN))
        for (int q = 0; q < s.n; ++q)
            if (q != p && !hand(q).empty()) add(action_code(V_TRADE, q));
    if (payable >= rule(p, R_STEAL_COST))
        for (int q = 0; q < s.n; ++q)
            if (q != p && !hand(q).empty()) add(action_code(V_STEAL, q));
    if (!forbidden.empty() && payable >= 1)
        for (int c : forbidden) add(action_code(V_DISPOSE, c));
    if (!forbidden.empty() && t.use_characters && t.effect[at(s.character[at(p)])] == E_SMUGGLE)
        for (int c : forbidden) add(action_code(V_SMUGGLE, c));
    if (t.use_specials)
        for (int c : h) {
            const int e = t.effect[at(c)];
            const bool action = e == E_LOCAL_GUIDE || e == E_TRADING_POST || e == E_POORLY_DRAWN_MAP ||
                                e == E_LOST_AND_FOUND || e == E_PICKPOCKET_KIT || e == E_RED_EYE_FLIGHT;
            if (action && special_usable(p, c)) add(action_code(V_SPECIAL, c));
        }
    return options;
}

// special_items.usable
bool Game::special_usable(int p, int card) const {
    switch (t.effect[at(card)]) {
        case E_LOCAL_GUIDE:
        case E_TRADING_POST:
            return !s.deck.empty();
        case E_POORLY_DRAWN_MAP: {
            if (s.set_aside.empty()) return false;
            for (int q = 0; q < s.n; ++q)
                if (s.country[at(q)] >= 0) return true;
            return false;
        }
        case E_LOST_AND_FOUND:
            for (int c : s.discard)
                if (!is(c, T_EVENT)) return true;
            return false;
        case E_PICKPOCKET_KIT:
            for (int q = 0; q < s.n; ++q)
                if (q != p && !hand(q).empty()) return true;
            return false;
        default:
            return t.effect[at(card)] == E_RED_EYE_FLIGHT;
    }
}

// ---------------------------------------------------------------- zones

// TravelGame.take: 4 postcards win at once, even off-turn (Cartoline)
void Game::take(int p, int card, int how, bool check) {
    hand(p).push_back(card);
    auto& log = s.log[at(p)];
    log[at(how)].push_back(card);
    log[L_HELD].push_back(card);
    if (check && is(card, T_POSTCARD)) check_postcards(p);
}

void Game::check_postcards(int p) {
    if (!t.use_postcards) return;
    int count = 0;
    for (int c : hand(p)) count += is(c, T_POSTCARD);
    if (count >= rule(p, R_POSTCARDS_TO_WIN)) win(p, END_POSTCARDS);
}

void Game::remove(int p, int card) {
    erase_first(hand(p), card);
    s.known[at(p)].reset(at(card));
}

void Game::discard(int p, int card, int how) {
    remove(p, card);
    s.discard.push_back(card);
    s.log[at(p)][at(how)].push_back(card);
}

// state.GameOver: every rule that may lead here returns at once when `over_` is set, up to
// play() (a flag, not an exception: a throw costs more than a game's other setup)
void Game::win(int p, int reason) {
    s.winners.assign(1, p);
    s.end_reason = reason;
    over_ = true;
}

// draw: an event resolves at once (Eventi); reshuffle when the deck runs out (T-DECK-1)
void Game::draw(int p) {
    if (s.deck.empty()) {
        if (s.discard.empty()) return;  // nothing to draw
        reshuffle();                    // a Local Guide took the last card
    }
    const int card = s.deck.back();
    s.deck.pop_back();
    if (s.deck.empty() && !s.discard.empty()) reshuffle();  // Mazzo terminato
    if (is(card, T_EVENT)) {
        s.log[at(p)][L_EVENT].push_back(card);
        s.resolving.push_back(card);
        event(p, card);
        if (over_) return;
        erase_first(s.resolving, card);  // event_resolved: then to the discard pile (T-EVENT-1)
        s.discard.push_back(card);
        return;
    }
    take(p, card, L_DRAWN);
}

void Game::draw_n(int p, int count) {
    for (int k = 0; k < count && !over_; ++k) draw(p);
}

void Game::reshuffle() {
    s.deck.insert(s.deck.end(), s.discard.begin(), s.discard.end());
    s.discard.clear();
    rng.shuffle(s.deck);
}

// over_limit: discard down to the limit, never a forbidden item (T-HAND-1, T-FORBID-3)
void Game::over_limit(int p) {
    while (static_cast<int>(hand(p).size()) > rule(p, R_HAND_LIMIT)) {
        std::vector<int>& options = options_;
        options.clear();
        for (int c : hand(p))
            if (!is(c, T_FORBIDDEN)) options.push_back(c);
        if (options.empty()) return;
        discard(p, ask(p, K_DISCARD_OVER_LIMIT, options));
    }
}

// pay: discard `cost` cards of one's choice, never a forbidden item (T-FORBID-2)
void Game::pay(int p, int cost, int kind) {
    for (int k = 0; k < cost; ++k) {
        std::vector<int>& options = options_;
        options.clear();
        for (int c : hand(p))
            if (!is(c, T_FORBIDDEN)) options.push_back(c);
        discard(p, ask(p, kind, options));
    }
}

// ---------------------------------------------------------------- actions

int Game::held_with_effect(int p, int effect) const {
    if (!t.use_specials) return -1;
    const Bits& wanted = t.effect_cards[at(effect)];
    for (int c : hand(p))
        if (wanted.test(at(c))) return c;
    return -1;
}

// _can_travel: the cards to discard (items, then helpers), or false
bool Game::can_travel(int p, std::vector<int>* used, std::vector<int>* extra) const {
    const auto& h = hand(p);
    if (rule(p, R_NEEDS_PASSPORT) != 0 &&
        std::none_of(h.begin(), h.end(), [&](int c) { return is(c, T_PASSPORT); }))
        return false;
    if (t.use_forbidden && std::any_of(h.begin(), h.end(), [&](int c) { return is(c, T_FORBIDDEN); })) {
        const int pouch = held_with_effect(p, E_DIPLOMATIC_POUCH);
        if (pouch < 0) return false;  // Oggetti proibiti: no travelling holding one
        if (extra != nullptr) {
            extra->push_back(pouch);
            for (int c : h)
                if (is(c, T_FORBIDDEN)) extra->push_back(c);  // T-SPECIAL-9
        }
    }
    int missing = 0;
    for (int kind : t.requires[at(s.target(p))]) {
        bool found = false;
        for (int c : h)
            if (t.kind_of[at(c)] == kind) {
                if (used != nullptr) used->push_back(c);
                found = true;
                break;
            }
        missing += !found;
    }
    if (missing > 0) {
        const int card = held_with_effect(p, E_MOMS_CREDIT_CARD);
        if (card < 0 || missing > t.params[at(card)].covers) return false;
        if (used != nullptr) used->push_back(card);  // T-SPECIAL-3
    }
    return true;
}

// travel: show the hand, discard the items, remove the country, draw (T-TRAVEL-1)
void Game::travel(int p) {
    std::vector<int>& used = used_;
    std::vector<int>& extra = extra_;
    used.clear();
    extra.clear();
    can_travel(p, &used, &extra);
    const int target = s.target(p);
    auto& known = s.known[at(p)];
    for (int c : hand(p)) known.set(at(c));  // the whole hand is shown
    for (int c : used) discard(p, c, L_TRAVELLED);
    for (int c : extra) discard(p, c, L_DISCARDED);
    ++s.completed[at(p)];
    if (target == s.central) return win(p, END_CENTRAL);  // T-END-1
    s.country[at(p)] = -1;
    draw_n(p, rule(p, R_TRAVEL_DRAW));
    if (over_) return;
    over_limit(p);
}

// recycle_take: any card of the discard pile but an event (T-RECYCLE-1)
void Game::recycle_take(int p) {
    std::vector<int>& options = options_;
    options.clear();
    for (int c : s.discard)
        if (!is(c, T_EVENT) && !contains(options, c)) options.push_back(c);
    if (options.empty()) return;
    const int card = ask(p, K_RECYCLE_TAKE, options);
    erase_first(s.discard, card);
    take(p, card, L_RECYCLED);
    if (over_) return;
    s.known[at(p)].set(at(card));  // taken face up (T-KNOWN-1)
    over_limit(p);
}

// steal: pay, then the victim may spring a Mousetrap, else a random card (T-STEAL-1);
// true: a Mousetrap interrupted it
bool Game::steal(int p, int q) {
    pay(p, rule(p, R_STEAL_COST), K_STEAL_COST);
    if (mousetrap(q, p)) return true;
    take_random(p, q, 1);
    return false;
}

// mousetrap: sprung after the cost is paid, before the card is taken (T-SPECIAL-2)
bool Game::mousetrap(int victim, int thief) {
    if (!t.any_mousetrap) return false;
    int trap = -1;
    for (int c : hand(victim))
        if (t.mousetraps.test(at(c))) {
            trap = c;
            break;
        }
    if (trap < 0) return false;
    Ctx ctx;
    ctx.a = thief;
    if (ask(victim, K_MOUSETRAP, kAcceptReject, ctx) == kReject) return false;
    discard(victim, trap, L_USED);
    return true;
}

// take_random: p takes `count` random cards from q's hand (steal, Pickpocket Kit)
void Game::take_random(int p, int q, int count) {
    for (int k = 0; k < count; ++k) {
        auto& h = hand(q);
        if (h.empty()) break;
        const int card = h[at(rng.below(static_cast<int>(h.size())))];
        remove(q, card);
        s.log[at(q)][L_LOST].push_back(card);
        take(p, card, L_STOLE);
        if (over_) return;
    }
    over_limit(p);
}

// trade_give .. trade_answered (Scambia, T-TRADE-1..3): true when completed
bool Game::trade(int p, int q) {
    std::vector<int>& give = give_;  // (buffers: a trade never starts inside a trade)
    give.clear();
    Ctx ctx;
    ctx.a = q;
    while (!(!give.empty() && give.size() == hand(p).size())) {
        std::vector<int>& options = options_;
        options.clear();
        for (int c : hand(p))
            if (!contains(give, c)) options.push_back(c);
        if (!give.empty()) options.push_back(kDone);
        const int card = ask(p, K_TRADE_GIVE, options, ctx);
        if (card == kDone) break;
        give.push_back(card);
    }
    // tradeable_asks: by kind, the copies that may be in q's hand unseen by p
    std::vector<int>& left = scratch_;
    left.assign(s.kind_totals.begin(), s.kind_totals.end());
    for (int c : hand(p)) --left[at(t.kind_of[at(c)])];
    for (int c : s.discard) --left[at(t.kind_of[at(c)])];
    for (int r = 0; r < s.n; ++r)
        if (r != q && r != p)
            for (int c : hand(r))
                if (s.known[at(r)].test(at(c))) --left[at(t.kind_of[at(c)])];
    std::vector<int>& asked_kinds = asked_kinds_;
    asked_kinds.clear();
    ctx.give = &give;
    // the options: the kinds left (in kind order), then DONE once one is asked; built once
    // and kept as the asks take kinds (a kind whose copies run out leaves them)
    std::vector<int>& options = options_;
    options.clear();
    for (int k : s.kind_order)
        if (left[at(k)] > 0) options.push_back(k);
    while (asked_kinds.size() < hand(q).size()) {
        if (options.empty()) break;
        const int kind = ask(p, K_TRADE_ASK, options, ctx);
        if (kind == kDone) break;
        --left[at(kind)];
        if (!asked_kinds.empty()) options.pop_back();  // DONE
        asked_kinds.push_back(kind);
        if (left[at(kind)] == 0) options.erase(std::find(options.begin(), options.end(), kind));
        options.push_back(kDone);
    }
    // _trade_offer: q accepts only holding a distinct card of each kind asked
    std::vector<int>& taken = taken_;
    taken.clear();
    bool holds = true;
    for (int kind : asked_kinds) {
        bool found = false;
        for (int c : hand(q))
            if (t.kind_of[at(c)] == kind && !contains(taken, c)) {
                taken.push_back(c);
                found = true;
                break;
            }
        if (!found) {
            holds = false;
            break;
        }
    }
    Ctx offer;
    offer.a = p;
    offer.give = &give;
    offer.asked = &asked_kinds;
    const std::vector<int>& answers = holds ? kAcceptReject : kRejectOnly;
    if (ask(q, K_TRADE_ANSWER, answers, offer) != kAccept || !holds) return false;
    for (int c : give) {
        remove(p, c);
        s.log[at(p)][L_GIVEN].push_back(c);
    }
    for (int c : taken) {
        remove(q, c);
        s.log[at(q)][L_GIVEN].push_back(c);
    }
    for (int c : taken) {
        take(p, c, L_RECEIVED, false);
        s.known[at(p)].set(at(c));  // traded face up
    }
    for (int c : give) {
        take(q, c, L_RECEIVED, false);
        s.known[at(q)].set(at(c));
    }
    check_postcards(p);  // T-POST-1: the active player first
    if (over_) return true;
    check_postcards(q);
    if (over_) return true;
    draw_n(p, rule(p, R_TRADE_BONUS));  // T-TRADE-3
    if (over_) return true;
    over_limit(p);
    over_limit(q);
    return true;
}

// dispose: discard it with another card, not another forbidden one (FAQ)
void Game::dispose(int p, int card) {
    discard(p, card);
    std::vector<int>& options = options_;
    options.clear();
    for (int c : hand(p))
        if (!is(c, T_FORBIDDEN)) options.push_back(c);
    Ctx ctx;
    ctx.a = card;
    discard(p, ask(p, K_DISPOSE_WITH, options, ctx));
}

// smuggle: the Smuggler hands a forbidden item to a player of his choice (FAQ; T-CHAR-1)
void Game::smuggle(int p, int card) {
    std::vector<int>& others = options_;
    others.clear();
    for (int q = 0; q < s.n; ++q)
        if (q != p) others.push_back(q);
    Ctx ctx;
    ctx.a = card;
    const int q = ask(p, K_SMUGGLE_TO, others, ctx);
    remove(p, card);
    s.log[at(p)][L_GIVEN].push_back(card);
    take(q, card, L_RECEIVED);
    if (over_) return;
    s.known[at(q)].set(at(card));
    over_limit(q);
}

// ---------------------------------------------------------------- events (events.py)

// _from_drawer: every player in turn order from whoever drew the event (T-EVENT-2)
Game::Order Game::from(int drawer) const {
    Order order;
    order.n = s.n;
    for (int k = 0; k < s.n; ++k) order.seats[at(k)] = (drawer + k) % s.n;
    return order;
}

void Game::event(int drawer, int card) {
    const Params& params = t.params[at(card)];
    Ctx ctx;
    ctx.a = card;
    switch (t.effect[at(card)]) {
        case E_AIRPORT_STRIKE: {  // each passes a card to the left (T-EVENT-3)
            std::array<int, kMaxPlayers> passed{};
            passed.fill(-1);
            for (int p : from(drawer))
                if (!hand(p).empty()) passed[at(p)] = ask(p, K_STRIKE_PASS, hand(p), ctx);
            for (int p = 0; p < s.n; ++p)
                if (passed[at(p)] >= 0) {
                    remove(p, passed[at(p)]);
                    s.log[at(p)][L_GIVEN].push_back(passed[at(p)]);
                }
            for (int p = 0; p < s.n; ++p)
                if (passed[at(p)] >= 0) take((p + 1) % s.n, passed[at(p)], L_RECEIVED, false);
            for (int p : from(drawer)) {
                check_postcards(p);
                if (over_) return;
            }
            return;
        }
        case E_LOST_LUGGAGE:  // down to `keep`, never a forbidden item (T-FORBID-3)
            for (int p : from(drawer))
                while (static_cast<int>(hand(p).size()) > params.keep) {
                    std::vector<int>& options = options_;
                    options.clear();
                    for (int c : hand(p))
                        if (!is(c, T_FORBIDDEN)) options.push_back(c);
                    if (options.empty()) break;
                    discard(p, ask(p, K_LUGGAGE_DISCARD, options, ctx));
                }
            return;
        case E_DUTY_FREE:  // every player draws `cards`, from the drawer
            for (int p : from(drawer)) {
                draw_n(p, params.cards);
                if (over_) return;
            }
            for (int p : from(drawer)) over_limit(p);
            return;
        case E_CUSTOMS_CHECK:  // hands shown; forbidden items seized, each fining random cards
            for (int p : from(drawer)) {
                auto& h = hand(p);
                auto& known = s.known[at(p)];
                for (int c : h) known.set(at(c));
                std::vector<int> seized;
                for (int c : h)
                    if (is(c, T_FORBIDDEN)) seized.push_back(c);
                for (int c : seized) discard(p, c);
                for (std::size_t k = 0; k < static_cast<std::size_t>(params.fine) * seized.size(); ++k)
                    if (!h.empty()) discard(p, h[at(rng.below(static_cast<int>(h.size())))]);
            }
            return;
        default:
            throw deckhand::ie::NativeError("travel: an event card without a native effect");
    }
}

// ---------------------------------------------------------------- special items

// An action item's effect (special_items.ACTIONS); true: a Mousetrap ended the turn.
bool Game::special(int p, int card) {
    const Params& params = t.params[at(card)];
    Ctx ctx;
    ctx.a = card;
    switch (t.effect[at(card)]) {
        case E_LOCAL_GUIDE: {  // the deck only, never the discard pile (T-SPECIAL-4)
            const int look = std::min(params.look, static_cast<int>(s.deck.size()));
            std::vector<int> top(s.deck.rbegin(), s.deck.rbegin() + look);
            std::vector<int> options;
            for (int c : top)
                if (!is(c, T_EVENT)) options.push_back(c);
            int chosen = -1;
            if (!options.empty()) chosen = ask(p, K_GUIDE_TAKE, options, ctx);
            s.deck.resize(s.deck.size() - top.size());
            std::vector<int> rest;
            for (int c : top)
                if (c != chosen) rest.push_back(c);
            s.deck.insert(s.deck.begin(), rest.rbegin(), rest.rend());
            if (chosen >= 0) take(p, chosen, L_DRAWN);
            if (over_) return false;
            over_limit(p);
            return false;
        }
        case E_TRADING_POST: {  // discard up to `max`, draw that many plus `bonus` (T-SPECIAL-5)
            int swapped = 0;
            while (swapped < params.max) {
                std::vector<int> options;
                for (int c : hand(p))
                    if (!is(c, T_FORBIDDEN)) options.push_back(c);
                if (options.empty()) break;
                options.push_back(kDone);
                const int c = ask(p, K_POST_DISCARD, options, ctx);
                if (c == kDone) break;
                discard(p, c);
                ++swapped;
            }
            draw_n(p, swapped + params.bonus);
            if (over_) return false;
            over_limit(p);
            return false;
        }
        case E_POORLY_DRAWN_MAP: {  // a random set-aside country, never the central (T-SPECIAL-6)
            std::vector<int> targets;
            for (int q = 0; q < s.n; ++q)
                if (s.country[at(q)] >= 0) targets.push_back(q);
            const int q = ask(p, K_MAP_TARGET, targets, ctx);
            const int old = s.country[at(q)];
            const int i = rng.below(static_cast<int>(s.set_aside.size()));
            const int fresh = s.set_aside[at(i)];
            s.set_aside.erase(s.set_aside.begin() + i);
            s.set_aside.push_back(old);
            s.country[at(q)] = fresh;
            return false;
        }
        case E_LOST_AND_FOUND: {  // up to `take` cards of the discard pile, no event (T-SPECIAL-7)
            for (int k = 0; k < params.take; ++k) {
                std::vector<int> options;
                for (int c : s.discard)
                    if (!is(c, T_EVENT) && c != card && !contains(options, c)) options.push_back(c);
                if (options.empty()) break;
                options.push_back(kDone);
                const int chosen = ask(p, K_FOUND_TAKE, options, ctx);
                if (chosen == kDone) break;
                erase_first(s.discard, chosen);
                take(p, chosen, L_RECYCLED);
                if (over_) return false;
                s.known[at(p)].set(at(chosen));
            }
            over_limit(p);
            return false;
        }
        case E_PICKPOCKET_KIT: {  // `take` random cards from another hand, no cost (T-SPECIAL-8)
            std::vector<int> targets;
            for (int q = 0; q < s.n; ++q)
                if (q != p && !hand(q).empty()) targets.push_back(q);
            const int q = ask(p, K_PICKPOCKET_TARGET, targets, ctx);
            if (mousetrap(q, p)) return true;
            take_random(p, q, params.take);
            return false;
        }
        default:
            throw deckhand::ie::NativeError("travel: a special item without a native effect");
    }
}

}  // namespace deckhand::travel
