// turn.py: the turn. The leader leads or draws, the others follow or draw, everyone declares
// and performs; drawing, the options to lead and follow with, and declaring; the game from
// its first turn to scoring. Each function is the Python step of the same name, its pushed
// steps called in the order the stack runs them: Capital's Barter and grey cards, Tokyo's
// Jidohanbaiki, J's Rice Cookers, Chopsticks and Robo-Cats' kept cards, Kickstarter 2's 3D
// Printers and Neural Units too.
#include "ie_game.hpp"
#include "ie_powers.hpp"

namespace deckhand::ie {

namespace {

inline std::size_t at(int i) { return static_cast<std::size_t>(i); }

// Options of the lead kind: {0}: draw; {1, action}: lead it; {2, ship}: discard the
// contracts of that ship (IE-DISCARD-1).
constexpr int kDraw = 0;
constexpr int kLead = 1;
constexpr int kDiscardContracts = 2;
// Options of the follow kind: {0}: follow; {1}: draw; {2, performed, played}: follow as.
constexpr int kFollow = 0;
constexpr int kFollowAs = 2;

bool has_pair(const Game& g, const Zone& hand) {
    std::array<bool, kColors> seen{};
    for (Card c : hand) {
        const int color = g.table().color[at(c)];
        if (seen[at(color)]) return true;
        seen[at(color)] = true;
    }
    return false;
}

// With Capital, whether p holds a Barter card (IE-CAP-8).
bool holds_barter(const Game& g, int p) {
    if (!g.table().capital) return false;
    for (Card c : g.s.hands[at(p)])
        if (g.table().action[at(c)] == BARTER) return true;
    return false;
}

void lead_options(const Game& g, int p, Options& options) {
    const State& s = g.s;
    const Zone& hand = s.hands[at(p)];
    options.push_back(opt(kDraw));
    if (has_pair(g, hand)) {  // a wildcard pair can lead anything (IE-TURN-1)
        for (int a : {SUPPLY, IMPORT, CONTRACT, LOAD, PIRATE}) options.push_back(opt(kLead, a));
    } else {
        std::array<bool, 6> held{};
        for (Card c : hand) held[at(g.table().action[at(c)])] = true;
        const auto& also = s.mods[at(p)].card_also;  // Rice Cookers, Chopsticks (IE-JP-6, IE-JP-2)
        std::array<bool, 6> printed = held;
        for (int own = 0; own < 6; ++own)
            if (printed[at(own)])
                for (int a = 0; a < 6; ++a) held[at(a)] = held[at(a)] || ((also[at(own)] >> a) & 1U);
        for (int a : {SUPPLY, IMPORT, CONTRACT, LOAD, PIRATE})
            if (held[at(a)]) options.push_back(opt(kLead, a));
    }
    if (holds_barter(g, p)) options.push_back(opt(kLead, BARTER));  // a Barter card, never a pair (IE-CAP-8)
    if (pirate_banned(g)) {  // Surströmming (IE-FLAGP-2)
        Options kept;
        for (const Option& o : options)
            if (!(o.a == kLead && o.b == PIRATE)) kept.push_back(o);
        options = kept;
    }
    for (int i = 0; i < s.ships.size(); ++i) {
        const Ship& ship = s.ships[i];
        if (ship.owner == p && !ship.at_sea && !ship.contracts.empty()) options.push_back(opt(kDiscardContracts, i));
    }
}

// Whether p holds a card (or a wildcard pair) to declare the action with; 3D Printers lets
// any card follow (IE-KSB-1).
bool can_play_for(const Game& g, int p, int action, bool following = false) {
    const Zone& hand = g.s.hands[at(p)];
    const auto& also = g.s.mods[at(p)].card_also;  // Rice Cookers, Chopsticks (IE-JP-6, IE-JP-2)
    for (Card c : hand)
        if (g.table().action[at(c)] == action || ((also[at(g.table().action[at(c)])] >> action) & 1U))
            return true;
    if (following && !hand.empty() && g.s.mods[at(p)].follow_any_card) return true;  // IE-KSB-1
    return has_pair(g, hand);
}

// ("follow_as", performed, played) follow options: a card of the `played` type follows the
// led action, performing `performed` actions instead (mods follow_as: (led or -1 for any,
// performed, played), in sorted order; Neural Units: IE-KSB-6, Chopsticks: IE-JP-2).
void follow_as_options(const Game& g, int q, int action, Options& answers) {
    // with Capital, a Barter card from the hand follows any action with Barter (IE-CAP-8)
    if (holds_barter(g, q)) answers.push_back(opt(kFollowAs, BARTER, BARTER));
    auto ways = g.s.mods[at(q)].follow_as;
    if (ways.empty()) return;
    for (int i = 1; i < ways.size(); ++i)  // sorted(ways): an insertion sort of a few
        for (int j = i; j > 0 && ways[j] < ways[j - 1]; --j) std::swap(ways[j], ways[j - 1]);
    for (const auto& [led, performed, played] : ways) {
        if ((led != action && led != -1) || performed == action || !can_play_for(g, q, played)) continue;
        bool seen = false;  // dict.fromkeys: each once
        for (const Option& o : answers) seen = seen || (o.a == kFollowAs && o.b == performed && o.c == played);
        if (!seen) answers.push_back(opt(kFollowAs, performed, played));
    }
}

// How many actions: the card played, plus any matching crew chosen (optional). Just before,
// p alone may use his any-time powers (US Dollars: IE-CAP-24).
void declare(Game& g, int p, int action, int base) {
    State& s = g.s;
    if (!s.hooks[kAnyTimeHooks].empty()) window(g, Moment{MomentName::declaring, p, action, 0});
    const int extra = crew_actions(g, p, action);
    // Options: {count}: base up to base + matching crew; context: the action.
    Options options;
    for (int k = base; k <= base + extra; ++k) options.push_back(opt(k));
    s.t_declared[at(p)] = options[at(g.ask(p, Kind::declare, options, action))].a;
}

// Play one card of the action, or two cards of one colour as a wildcard (IE-TURN-1), then
// declare the actions of type `declaring`.
void play_for_action(Game& g, int p, int action, Kind kind, bool following, int declaring) {
    State& s = g.s;
    Options options;
    play_options(g, p, action, following, options);
    const Option choice = options[at(g.ask(p, kind, options, action))];
    const bool pair = choice.b >= 0;
    const Logged event = pair ? Logged::wildcard : Logged::played;
    for (int c : {static_cast<int>(choice.a), static_cast<int>(choice.b)}) {
        if (c < 0) continue;
        s.hands[at(p)].remove(static_cast<Card>(c));
        s.in_play.push_back(static_cast<Card>(c));
        s.log_event(p, event, c);
    }
    declare(g, p, declaring, 1);
}

// A follower who drew declares crew actions of the led type; with Capital, Barter crew may
// declare Barter actions instead (IE-CAP-8): none declared, he declares the led type.
void drew_then_declare(Game& g, int q, int action) {
    State& s = g.s;
    if (g.table().capital && crew_actions(g, q, BARTER) != 0) {
        declare(g, q, BARTER, 0);
        s.t_acts[at(q)] = s.t_declared[at(q)] != 0 ? BARTER : action;  // bartered_or_declare
        if (s.t_acts[at(q)] == BARTER) return;
    }
    declare(g, q, action, 0);
}

// A Draw action (a leader or a follower drawing instead of acting); tells the powers.
// Jidohanbaiki: a leader may take credits instead of drawing (IE-TOKYO-7); options
// (jidohanbaiki_use): {0: draw}, {1: credits}.
void draw_action(Game& g, int p, bool leading = false) {
    const auto& credits = g.s.mods[at(p)].lead_draw_credits;
    if (leading && credits && g.ask(p, Kind::jidohanbaiki_use, {opt(0), opt(1)}) == 1) {
        gain(g, p, *credits);
    } else {
        if (g.table().capital) capital_discard(g, p);  // grey cards first (IE-CAP-10)
        draw_up(g, p);
    }
    if (listening(g, Event::draw_action)) emit(g, Event::draw_action, p);
}

void window_if_wanted(Game& g, const Moment& moment) {
    if (window_wanted(g)) window(g, moment);
}

// The turn's last window, the powers told, then the end-of-turn checks (turn_end,
// turn_ended, end_checks: _end_of_turn).
void turn_end(Game& g, int p) {
    State& s = g.s;
    if (stopping(g)) return;  // a search's copy, done: the rest is never read
    window_if_wanted(g, Moment{MomentName::turn_end, p, -1, 0});
    if (listening(g, Event::turn_ended)) emit(g, Event::turn_ended, p);
    s.discard.extend(s.in_play);
    s.in_play.clear();
    drop_held_pairs(g);  // Robo-Cats (IE-JP-8)
    for (int q = 0; q < s.n; ++q) {  // Exotic Fish's rich win (IE-POWER-32)
        const auto& multiplier = s.mods[at(q)].win_credit_multiplier;
        if (!multiplier) continue;
        // at least `multiplier` times every other player's credits (and some credits), and
        // the most goods (tied, only by winning ties: Foxes, IE-JP-3)
        bool rich = s.credits[at(q)] > 0;
        for (int o = 0; o < s.n && rich; ++o)
            if (o != q) rich = static_cast<double>(s.credits[at(q)]) >= *multiplier * s.credits[at(o)];
        if (rich) {
            std::array<int, kMaxPlayers> goods{};
            for (int o = 0; o < s.n; ++o) goods[at(o)] = goods_count(g, o);
            rich = has_most(g, q, goods);
        }
        if (rich) {
            s.winners.clear();
            s.winners.push_back(static_cast<std::int8_t>(q));
            s.end_reason = EndReason::card;
            throw GameOver{"win_credit_multiplier"};
        }
    }
    if (!s.end_triggered) {
        for (int q = 0; q < s.n; ++q)
            if (reached_end(g, q)) {
                trigger_end(g, EndReason::credits, q);
                break;
            }
    }
}

// Everyone declared: the powers told, the Import rounds, then each player performs his
// actions in turn from the leader (IE-TURN-2), then the turn's end.
void followed(Game& g, int p, int action) {
    State& s = g.s;
    const int n = s.n;
    std::array<int, kMaxPlayers> led{};
    for (int q = 0; q < n; ++q) led[at(q)] = s.t_acts[at(q)] == action ? s.t_declared[at(q)] : 0;
    if (listening(g, Event::action_declared)) {
        Payload payload;
        payload.action = action;
        payload.followers = s.t_followers;
        payload.declared = led;
        emit(g, Event::action_declared, p, payload);
    }
    if (action == IMPORT) import_rounds(g, clockwise(p, n), led, false);
    for (int k = 0; k < n; ++k) {  // perform_in_turn
        if (stopping(g)) return;  // a search's copy, done
        const int q = (p + k) % n;
        if (s.t_acts[at(q)] != IMPORT && s.t_declared[at(q)] > 0) perform(g, q, s.t_acts[at(q)], s.t_declared[at(q)]);
    }
    turn_end(g, p);
}

// The leader led: a window, then the others follow in turn, each a window after.
void follow_round(Game& g, int p, int action) {
    State& s = g.s;
    const int n = s.n;
    window_if_wanted(g, Moment{MomentName::lead_declared, p, action, 0});
    for (int k = 1; k < n && action != BARTER; ++k) {  // follow_ask, ...; Barter: nobody follows (IE-CAP-8)
        if (stopping(g)) return;  // a search's copy, done
        const int q = (p + k) % n;
        // Options: {0}: follow; {1}: draw; context: the led action.
        Options answers;
        if (can_play_for(g, q, action, true)) answers.push_back(opt(kFollow));
        answers.push_back(opt(1));
        follow_as_options(g, q, action, answers);  // {2, performed, played}
        const Option chosen = answers[at(g.ask(q, Kind::follow, answers, action))];
        const int answer = chosen.a;
        if (answer == kFollow) {
            s.t_followers.push_back(static_cast<std::int8_t>(q));
            play_for_action(g, q, action, Kind::follow_with, true, action);
        } else if (answer == kFollowAs) {  // Neural Units, Chopsticks, Barter: another type
            s.t_followers.push_back(static_cast<std::int8_t>(q));
            s.t_acts[at(q)] = chosen.b;
            play_for_action(g, q, chosen.c, Kind::follow_with, false, chosen.b);
        } else {
            draw_action(g, q);  // drawn now, before anyone acts (FAQ)
            drew_then_declare(g, q, action);
        }
        window_if_wanted(g, Moment{MomentName::follower_chose, q, s.t_acts[at(q)], 0});
    }
    followed(g, p, action);
}

// A turn begins: the powers told, the turn's first window, then the lead (turn_start,
// lead_ask, lead_answer).
void play_turn(Game& g) {
    State& s = g.s;
    const int p = s.leader;
    s.turn += 1;
    s.sold_this_turn.fill(false);
    s.mods[at(p)].pirate_ban = false;  // set by p's Surströmming: ends now (IE-FLAGP-2)
    if (listening(g, Event::turn_started)) emit(g, Event::turn_started, p);
    window_if_wanted(g, Moment{MomentName::turn_start, p, -1, 0});
    while (true) {
        Options options;
        lead_options(g, p, options);
        const Option choice = options[at(g.ask(p, Kind::lead, options))];
        if (choice.a == kDiscardContracts) {
            discard_contracts(g, p, choice.b);  // IE-DISCARD-1: any time as leader
            continue;
        }
        if (choice.a == kDraw) {
            draw_action(g, p, true);
            window_if_wanted(g, Moment{MomentName::lead_declared, p, -1, 0});
            turn_end(g, p);
            return;
        }
        const int action = choice.b;
        s.t_action = action;
        s.t_declared.fill(0);
        s.t_acts.fill(action);  // the type each player performs: one a turn (IE-KSB-6)
        s.t_followers.clear();
        play_for_action(g, p, action, Kind::lead_with, false, action);
        follow_round(g, p, action);
        return;
    }
}

// The game is over: a last window "before the bonuses" (IE-ANYTIME-1), then scoring.
void game_end(Game& g) {
    g.s.between_turns = true;
    window_if_wanted(g, Moment{MomentName::before_scoring, g.s.leader, -1, 0});
    score(g);
}

}  // namespace

// Draw up to five (the hand size of draws_to), or one if holding that many or more.
void draw_up(Game& g, int p) {
    State& s = g.s;
    Zone& hand = s.hands[at(p)];
    int count = std::max(1, draws_to(g, p) - hand.size());
    if (s.deck.size() > count) {  // the deck outlasts the draw: no reshuffle, no end (deck_pop)
        for (int k = 0; k < count; ++k) {
            const Card card = s.deck.pop_back();  // the top card first, as deck_pop takes them
            hand.push_back(card);
            s.log_event(p, Logged::drawn, card);
        }
        note_draw(g, p);
        return;
    }
    for (int k = 0; k < count; ++k) {
        const int card = deck_pop(g);
        if (card < 0) {
            count = k;
            break;
        }
        hand.push_back(static_cast<Card>(card));
        s.log_event(p, Logged::drawn, card);
    }
    if (count > 0) note_draw(g, p);  // told to the powers at the next emit (IE-KSB-5)
}

// The cards of p's hand that declare the action, then the wildcard pairs, in the order of
// combinations(sorted(hand), 2). Options: {card, -1}: one card; {a, b}: a pair.
void play_options(const Game& g, int p, int action, bool following, Options& out) {
    const Zone& hand = g.s.hands[at(p)];
    const Table& t = g.table();
    const bool any_card = following && g.s.mods[at(p)].follow_any_card;  // 3D Printers (IE-KSB-1)
    const auto& also = g.s.mods[at(p)].card_also;  // Rice Cookers, Chopsticks (IE-JP-6, IE-JP-2)
    for (Card c : hand)
        if (any_card || t.action[at(c)] == action || ((also[at(t.action[at(c)])] >> action) & 1U))
            out.push_back(opt(c, -1));
    if (action == BARTER) return;  // two matching cards are no wildcard for Barter (IE-CAP-8)
    // a pair is two cards of one colour, so only the cards sharing their colour with
    // another are sorted: their order in sorted(hand) is their order among themselves
    std::array<int, kColors> held{};
    for (Card c : hand) ++held[at(t.color[at(c)])];
    std::array<Card, kMaxCards> sorted;  // sorted(hand), those cards
    int n = 0;
    for (Card c : hand)
        if (held[at(t.color[at(c)])] > 1) sorted[at(n++)] = c;
    if (n == 0) return;
    std::sort(sorted.begin(), sorted.begin() + n);
    // each colour's cards in that order, and where each card stands among them: a card pairs
    // with the cards of its colour after it
    std::array<std::array<Card, kMaxCards>, kColors> same;
    std::array<int, kColors> count{};
    std::array<int, kMaxCards> place;
    for (int i = 0; i < n; ++i) {
        const int color = t.color[at(sorted[at(i)])];
        place[at(i)] = count[at(color)];
        same[at(color)][at(count[at(color)]++)] = sorted[at(i)];
    }
    for (int i = 0; i < n; ++i) {
        const int color = t.color[at(sorted[at(i)])];
        for (int j = place[at(i)] + 1; j < count[at(color)]; ++j) out.push_back(opt(sorted[at(i)], same[at(color)][at(j)]));
    }
}

// The game from its first turn to scoring, or to a card's win (GameOver: no scoring,
// IE-POWER-32).
void play_game(Game& g) {
    State& s = g.s;
    try {
        while (true) {
            if (g.forward != nullptr) {
                g.forward->turn_starts(g);  // a search copies from here
                if (g.forward->stopped()) return;  // a search's copy, done (ie_forward.hpp)
            }
            // next_turn: the next turn, or the end at the turn limit (IE-END-3)
            if (s.turn >= g.table().max_turns) {
                if (s.end_reason == EndReason::none) s.end_reason = EndReason::turn_limit;
                game_end(g);
                return;
            }
            s.between_turns = false;
            play_turn(g);
            if (stopping(g)) return;  // a search's copy, done (ie_forward.hpp)
            // after_turn: the end triggered ends the game after this turn (IE-END-1);
            // Pirates give the leader another turn (IE-POWER-39)
            s.between_turns = true;
            if (s.end_triggered) {
                game_end(g);
                return;
            }
            int& extra = s.mods[at(s.leader)].extra_turns;
            if (extra != 0) extra -= 1;
            else s.leader = (s.leader + 1) % s.n;
        }
    } catch (const GameOver&) {
        s.between_turns = true;  // ended_at_once
    }
}

}  // namespace deckhand::ie
