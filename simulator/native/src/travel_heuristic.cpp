// The travel game's heuristic bot (strategies/travel/heuristic.py, TravelHeuristic), as the
// Python bot plays it: the same values, the same tie-breaks, the same draws from the
// strategy stream. It reads only what its TravelView shows: its hand, the public table and
// the cards known to be in other hands.
#include <algorithm>
#include <cstddef>
#include <utility>

#include "travel_game.hpp"

namespace deckhand::travel {

namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

constexpr double NEED_NOW = 10.0;
constexpr double NEED_LATER = 4.0;
constexpr double PASSPORT = 9.0;
constexpr double FORBIDDEN = -5.0;

// a plain loop the compiler inlines (std::find's unrolled search is a call per test here, on
// vectors of a few entries)
inline bool contains(const std::vector<int>& v, int x) {
    for (int y : v)
        if (y == x) return true;
    return false;
}

// the same test from the end: where the option looked for (rules.DONE) is added last
inline bool contains_from_end(const std::vector<int>& v, int x) {
    for (auto it = v.rbegin(); it != v.rend(); ++it)
        if (*it == x) return true;
    return false;
}

using Values = std::vector<std::pair<int, double>>;  // card -> worth, in hand order (a dict)

double get(const Values& values, int c) {
    for (const auto& [card, v] : values)
        if (card == c) return v;
    return 0.0;
}

class Heuristic : public Bot {
  public:
    explicit Heuristic(const HeuristicParams& p) : p_(p) {}

    // A new game: the parameters stay, what the bot remembers of a game goes (its buffers
    // keep their capacity).
    void reset() override {
        has_plan_ = false;
        plan_partner_ = -1;
        plan_give_.clear();
        plan_kinds_.clear();
        asked_ = 0;
        plan_key_ = false;
        plan_key_partner_ = -1;
        plan_key_view_ = view_ = 0;
        turn_ = -1;
        refused_.clear();
    }

    // mcts's rollout bot: the view the next choose() reads (the plan's key is (view, partner))
    void set_view(long long view) override { view_ = view; }

    int choose(const Game& g, int seat, int kind, const std::vector<int>& options, const Ctx& ctx,
               GameRandom& rng) override {
        g_ = &g;
        me_ = seat;
        const int choice = decide(kind, options, ctx, rng);
        const auto it = std::find(options.begin(), options.end(), choice);
        return static_cast<int>(it - options.begin());
    }

  private:
    HeuristicParams p_;
    const Game* g_ = nullptr;
    int me_ = 0;
    // the offer being made: (partner, cards to give, kinds to ask for)
    bool has_plan_ = false;
    int plan_partner_ = -1;
    std::vector<int> plan_give_, plan_kinds_;
    std::size_t asked_ = 0;
    bool plan_key_ = false;  // _plan_key: (the view, the partner)
    int plan_key_partner_ = -1;
    long long plan_key_view_ = 0;
    long long view_ = 0;  // a seat's own bot reads one view (set_view: mcts's rollout bot)
    int turn_ = -1;
    std::vector<std::pair<int, int>> refused_;  // (partner, kind) refused this turn
    // buffers (no allocation per decision): each filled by its one function
    Values values_, worth_;
    std::vector<int> spares_, missing_, wanted_, hand_, partners_, kinds_, trades_, steals_;
    std::vector<std::pair<double, int>> picked_;

    const Table& t() const { return g_->t; }
    const State& s() const { return g_->s; }
    const std::vector<int>& hand() const { return s().hands[at(me_)]; }
    int rule(Rule r) const { return s().rules[at(me_)][r]; }

    bool is_refused(int q, int k) const { return contains_pair(q, k); }
    bool contains_pair(int q, int k) const {
        return std::find(refused_.begin(), refused_.end(), std::make_pair(q, k)) != refused_.end();
    }

    // view.known(q): the whole hand for oneself
    template <typename F>
    void each_known(int q, F f) const {
        const auto& h = s().hands[at(q)];
        for (int c : h)
            if (q == me_ || s().known[at(q)].test(at(c))) f(c);
    }

    // _value: a card's worth given what else is held: a needed kind counts once
    double value(int c, const std::vector<int>& now, const std::vector<int>* later, const std::vector<int>& held_kinds,
                 bool passport_held, int postcards, int needs_passport) const {
        const int k = t().kind_of[at(c)];
        if (contains(now, k)) return contains(held_kinds, k) ? 0.0 : NEED_NOW;
        if (later != nullptr && contains(*later, k)) return contains(held_kinds, k) ? 0.0 : NEED_LATER;
        switch (t().type[at(c)]) {
            case T_PASSPORT:
                return !passport_held && needs_passport != 0 ? PASSPORT : 0.5;
            case T_POSTCARD:
                return 1.0 + 2.0 * postcards;
            case T_FORBIDDEN:
                return FORBIDDEN;
            case T_SPECIAL:
                return t().effect[at(c)] == E_MOMS_CREDIT_CARD ? 6.0 : 3.0;
            default:
                return 0.0;
        }
    }

    // _goals: the kinds my next country needs, and the central one's while I have none done
    const std::vector<int>& now() const { return t().requires[at(s().target(me_))]; }
    const std::vector<int>* later() const {
        return s().completed[at(me_)] == 0 ? &t().requires[at(s().central)] : nullptr;
    }

    // _worth: what each card would be worth on top of `h`
    const Values& worth(const std::vector<int>& cards, const std::vector<int>& h) {
        std::vector<int>& held = kinds_;
        held.clear();
        bool passport = false;
        int postcards = 0;
        for (int c : h) {
            held.push_back(t().kind_of[at(c)]);
            passport = passport || t().type[at(c)] == T_PASSPORT;
            postcards += t().type[at(c)] == T_POSTCARD;
        }
        const int needs = rule(R_NEEDS_PASSPORT);
        Values& out = worth_;
        out.clear();
        for (int c : cards)
            if (c != kDone) out.emplace_back(c, value(c, now(), later(), held, passport, postcards, needs));
        return out;
    }

    // _hand_values: each hand card's worth (a second copy is spare)
    const Values& hand_values() {
        const int needs = rule(R_NEEDS_PASSPORT);
        int others = -1;
        for (int c : hand()) others += t().type[at(c)] == T_POSTCARD;
        std::vector<int>& seen = kinds_;
        seen.clear();
        bool passport = false;
        Values& values = values_;
        values.clear();
        for (int c : hand()) {
            values.emplace_back(c, value(c, now(), later(), seen, passport, others, needs));
            seen.push_back(t().kind_of[at(c)]);
            passport = passport || t().type[at(c)] == T_PASSPORT;
        }
        return values;
    }

    // _missing_kinds, sorted (the callers sort or test membership)
    const std::vector<int>& missing_kinds() {
        std::vector<int>& held = kinds_;
        held.clear();
        for (int c : hand()) held.push_back(t().kind_of[at(c)]);
        std::vector<int>& missing = missing_;
        missing.clear();
        for (int k : now())
            if (!contains(held, k) && !contains(missing, k)) missing.push_back(k);
        if (rule(R_NEEDS_PASSPORT) != 0 &&
            std::none_of(hand().begin(), hand().end(), [&](int c) { return t().type[at(c)] == T_PASSPORT; }))
            if (!contains(missing, t().passport_kind)) missing.push_back(t().passport_kind);
        std::sort(missing.begin(), missing.end());
        return missing;
    }

    int distance(int q) const { return ((q - me_) % s().n + s().n) % s().n; }

    // _leader: the opponent closest to winning, as far as public information tells
    int leader(const std::vector<int>& candidates) const {
        int best = -1;
        double best_a = 0.0;
        int best_b = 0;
        for (int q : candidates) {
            const auto& need = t().requires[at(s().target(q))];
            int known = 0;
            each_known(q, [&](int c) { known += contains(need, t().kind_of[at(c)]); });
            const double a = static_cast<double>(s().completed[at(q)] * 3 + known) +
                             0.1 * static_cast<double>(s().hands[at(q)].size());
            const int b = -distance(q);
            if (best < 0 || a > best_a || (a == best_a && b > best_b)) {
                best = q;
                best_a = a;
                best_b = b;
            }
        }
        return best;
    }

    // _cheapest: the option card worth least to me; with `deny`, keep what opponents need
    int cheapest(const std::vector<int>& options) {
        const Values& values = hand_values();
        std::vector<int>& wanted = kinds_;
        wanted.clear();
        if (p_.deny)
            for (int q = 0; q < s().n; ++q)
                if (q != me_)
                    for (int k : t().requires[at(s().target(q))]) wanted.push_back(k);
        int best = -1;
        double bv = 0.0;
        bool bw = false;
        for (int c : options) {
            if (c == kDone) continue;
            const double v = get(values, c);
            const bool w = contains(wanted, t().kind_of[at(c)]);
            if (best < 0 || v < bv || (v == bv && (w < bw || (w == bw && c < best)))) {
                best = c;
                bv = v;
                bw = w;
            }
        }
        return best;
    }

    int decide(int kind, const std::vector<int>& options, const Ctx& ctx, GameRandom& rng) {
        if (kind == K_TRADE_GIVE || kind == K_TRADE_ASK) {
            const int partner = ctx.a;
            if (!plan_key_ || plan_key_partner_ != partner || plan_key_view_ != view_) plan_for(partner);
            return next_planned(options, kind == K_TRADE_GIVE ? 1 : 2);
        }
        plan_key_ = false;
        switch (kind) {
            case K_ACTION:
                return action(options, rng);
            case K_TRADE_ANSWER:
                return answer(options, ctx);
            case K_RECYCLE_TAKE:
            case K_GUIDE_TAKE:
            case K_FOUND_TAKE: {  // TAKE_BEST
                const Values& values = worth(options, hand());
                int best = -1;
                double bv = 0.0;
                for (const auto& [c, v] : values)
                    if (best < 0 || v > bv || (v == bv && c < best)) {
                        best = c;
                        bv = v;
                    }
                if (kind == K_FOUND_TAKE && bv < NEED_LATER) return kDone;
                return best;
            }
            case K_POST_DISCARD: {
                const Values& values = hand_values();
                int junk = -1;
                for (int c : options)
                    if (c != kDone && get(values, c) <= 0.0 && (junk < 0 || c < junk)) junk = c;
                return junk >= 0 ? junk : kDone;
            }
            case K_MOUSETRAP:
                return kAccept;
            case K_SMUGGLE_TO:
            case K_PICKPOCKET_TARGET:  // TARGET_LEADER
                return leader(options);
            case K_MAP_TARGET: {
                std::vector<int> others;
                for (int q : options)
                    if (q != me_) others.push_back(q);
                return others.empty() ? options[0] : leader(others);
            }
            default:  // CHEAPEST_CARD: a card to give up
                return cheapest(options);
        }
    }

    // _next_planned: the planned offer's next card to give (part 1) or kind to ask for (2)
    int next_planned(const std::vector<int>& options, int part) {
        if (has_plan_) {
            if (part == 1) {
                for (int c : plan_give_)
                    if (contains(options, c)) return c;
            } else {
                while (asked_ < plan_kinds_.size()) {
                    const int kind = plan_kinds_[asked_];
                    ++asked_;
                    if (contains(options, kind)) return kind;
                }
            }
        }
        return contains_from_end(options, kDone) ? kDone : options[0];
    }

    int answer(const std::vector<int>& options, const Ctx& ctx) {
        if (!contains(options, kAccept)) return kReject;
        const int offerer = ctx.a;
        std::vector<int>& h = hand_;
        h.assign(hand().begin(), hand().end());
        const Values& values = hand_values();
        double loss = 0.0;
        for (int k : *ctx.asked) {
            int c = -1;
            double cv = 0.0;
            for (int x : h)
                if (t().kind_of[at(x)] == k) {
                    const double v = get(values, x);
                    if (c < 0 || v < cv) {
                        c = x;
                        cv = v;
                    }
                }
            loss += cv;
            h.erase(std::find(h.begin(), h.end(), c));
        }
        const Values& gains = worth(*ctx.give, h);
        double gain = 0.0;
        for (const auto& [c, v] : gains) gain += v;
        if (s().completed[at(offerer)] == 1) {  // never hand the last items to a racer
            const auto& central_need = t().requires[at(s().central)];
            bool needed = false;
            for (int k : *ctx.asked) needed = needed || contains(central_need, k);
            if (needed && gain < NEED_NOW) return kReject;
        }
        return gain > loss || (loss <= 0.0 && gain >= 0.0) ? kAccept : kReject;
    }

    std::vector<int>& spare(const Values& values) {
        auto& picked = picked_;
        picked.clear();
        for (const auto& [c, v] : values)
            if (0.0 <= v && v <= 0.5) picked.emplace_back(v, c);
        std::sort(picked.begin(), picked.end());
        std::vector<int>& out = spares_;
        out.clear();
        for (const auto& [v, c] : picked) out.push_back(c);
        return out;
    }

    int action(const std::vector<int>& options, GameRandom& rng) {
        const int turn = s().turn;
        if (turn != turn_) {
            turn_ = turn;
            refused_.clear();
        } else if (has_plan_) {  // asked again in the same turn after an offer: refused
            for (int k : plan_kinds_)
                if (!contains_pair(plan_partner_, k)) refused_.emplace_back(plan_partner_, k);
        }
        has_plan_ = false;
        bool alone[8] = {};
        std::vector<int>& trades = trades_;
        std::vector<int>& steals = steals_;
        trades.clear();
        steals.clear();
        int smuggle = -1, dispose = -1;
        std::array<int, 16> specials;  // by effect: the last option of that effect (a dict)
        specials.fill(-1);
        for (int o : options) {
            const int verb = o / kMaxCards;
            const int arg = o % kMaxCards;
            switch (verb) {
                case V_DRAW:
                case V_TRAVEL:
                case V_RECYCLE:
                    alone[verb] = true;
                    break;
                case V_TRADE:
                    trades.push_back(arg);
                    break;
                case V_STEAL:
                    steals.push_back(arg);
                    break;
                case V_DISPOSE:
                    if (dispose < 0) dispose = o;
                    break;
                case V_SMUGGLE:
                    if (smuggle < 0) smuggle = o;
                    break;
                default:
                    specials[at(t().effect[at(arg)])] = o;
            }
        }
        if (alone[V_TRAVEL]) return action_code(V_TRAVEL);
        if (specials[E_RED_EYE_FLIGHT] >= 0) return specials[E_RED_EYE_FLIGHT];
        if (smuggle >= 0) return smuggle;
        if (dispose >= 0) return dispose;
        const Values& values = hand_values();
        const std::vector<int>& spares = spare(values);
        const std::vector<int>& missing = missing_kinds();
        if (!missing.empty() && (specials[E_LOST_AND_FOUND] >= 0 || alone[V_RECYCLE])) {
            bool in_discard = false;  // (the first such card settles it)
            for (int c : s().discard)
                if (t().type[at(c)] != T_EVENT && contains(missing, t().kind_of[at(c)])) {
                    in_discard = true;
                    break;
                }
            if (in_discard && specials[E_LOST_AND_FOUND] >= 0) return specials[E_LOST_AND_FOUND];
            if (in_discard && alone[V_RECYCLE] && static_cast<int>(spares.size()) >= rule(R_RECYCLE_COST))
                return action_code(V_RECYCLE);
        }
        const int trade = plan_trade(trades, spares, missing, rng);
        if (trade >= 0) return trade;
        for (int effect : {E_LOCAL_GUIDE, E_TRADING_POST, E_PICKPOCKET_KIT})
            if (specials[at(effect)] >= 0) return specials[at(effect)];
        if (specials[E_POORLY_DRAWN_MAP] >= 0)
            for (int q = 0; q < s().n; ++q)
                if (q != me_ && s().completed[at(q)] == 0) return specials[E_POORLY_DRAWN_MAP];
        if (!steals.empty() && static_cast<int>(spares.size()) >= rule(R_STEAL_COST)) {
            // a hand known to hold what I need is worth a blind grab
            int best = -1;
            double best_odds = 0.0;
            int best_b = 0;
            for (int q : steals) {
                int count = 0;
                each_known(q, [&](int c) { count += contains(missing, t().kind_of[at(c)]); });
                const double odds = static_cast<double>(count) / static_cast<double>(s().hands[at(q)].size());
                const int b = -distance(q);
                if (best < 0 || odds > best_odds || (odds == best_odds && b > best_b)) {
                    best = q;
                    best_odds = odds;
                    best_b = b;
                }
            }
            if (best_odds > 0) return action_code(V_STEAL, best);
            const bool racing = s().completed[at(me_)] == 1;
            if (rng.random() < (racing ? p_.race_aggression : p_.aggression))
                return action_code(V_STEAL, leader(steals));
        }
        return action_code(V_DRAW);
    }

    // _known_wanted: kinds I miss that q is known to hold, not refused this turn, sorted
    const std::vector<int>& known_wanted(int q, const std::vector<int>& missing) {
        std::vector<int>& kinds = kinds_;
        kinds.clear();
        each_known(q, [&](int c) { kinds.push_back(t().kind_of[at(c)]); });
        std::vector<int>& out = wanted_;
        out.clear();
        for (int k : missing)  // (sorted)
            if (contains(kinds, k) && !contains_pair(q, k)) out.push_back(k);
        return out;
    }

    const std::vector<int>& open_kinds(int q, const std::vector<int>& missing) {
        std::vector<int>& out = wanted_;
        out.clear();
        for (int k : missing)
            if (!contains_pair(q, k)) out.push_back(k);
        return out;
    }

    // _plan_trade: a spare card (one the partner needs first) for a needed kind
    int plan_trade(const std::vector<int>& trades, const std::vector<int>& spares, const std::vector<int>& missing,
                   GameRandom& rng) {
        if (trades.empty() || spares.empty() || missing.empty()) return -1;
        std::vector<int>& partners = partners_;
        partners.assign(trades.begin(), trades.end());
        // sorted by distance, ties in option order (a stable insertion sort: a few seats, and
        // no temporary buffer as std::stable_sort allocates)
        for (std::size_t i = 1; i < partners.size(); ++i) {
            const int q = partners[i];
            std::size_t j = i;
            for (; j > 0 && distance(q) < distance(partners[j - 1]); --j) partners[j] = partners[j - 1];
            partners[j] = q;
        }
        for (int q : partners) {
            const std::vector<int>& wanted = known_wanted(q, missing);
            if (!wanted.empty()) return offer(q, spares, wanted[0]);
        }
        if (rng.random() < p_.blind_trade) {
            const int q = partners[at(rng.below(static_cast<int>(partners.size())))];
            const std::vector<int>& wanted = open_kinds(q, missing);
            if (!wanted.empty()) return offer(q, spares, wanted[at(rng.below(static_cast<int>(wanted.size())))]);
        }
        return -1;
    }

    // _plan_for: plan an offer another chose to make, as `action` would have
    void plan_for(int q) {
        if (s().turn != turn_) {
            turn_ = s().turn;
            refused_.clear();
        }
        const Values& values = hand_values();
        std::vector<int>& spares = spare(values);
        if (spares.empty() && !values.empty()) {
            int best = -1;
            double bv = 0.0;
            for (const auto& [c, v] : values)
                if (best < 0 || v < bv || (v == bv && c < best)) {
                    best = c;
                    bv = v;
                }
            spares.assign(1, best);
        }
        const std::vector<int>& missing = missing_kinds();
        if (known_wanted(q, missing).empty()) open_kinds(q, missing);
        offer(q, spares, wanted_.empty() ? -1 : wanted_[0]);
    }

    // wanted: the one kind to ask for (-1: none)
    int offer(int q, const std::vector<int>& spares, int wanted) {
        const auto& their_need = t().requires[at(s().target(q))];
        int give = -1;
        bool g0 = false, g1 = false;
        for (int c : spares) {
            const bool a = !contains(their_need, t().kind_of[at(c)]);
            const bool b = t().type[at(c)] == T_FORBIDDEN;
            if (give < 0 || a < g0 || (a == g0 && (b < g1 || (b == g1 && c < give)))) {
                give = c;
                g0 = a;
                g1 = b;
            }
        }
        has_plan_ = true;
        plan_partner_ = q;
        plan_give_.clear();
        if (give >= 0) plan_give_.push_back(give);
        plan_kinds_.clear();
        if (wanted >= 0) plan_kinds_.push_back(wanted);
        asked_ = 0;
        plan_key_ = true;
        plan_key_partner_ = q;
        plan_key_view_ = view_;
        return action_code(V_TRADE, q);
    }
};

}  // namespace

Bot* new_heuristic(const HeuristicParams& params) { return new Heuristic(params); }

}  // namespace deckhand::travel
