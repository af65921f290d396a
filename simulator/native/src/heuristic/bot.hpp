// strategies/import_export/heuristic.py (IEHeuristic) on strategies/import_export/classic.py
// (IEClassic): each decision kind's handler picks the option worth most in credits, by the
// valuation (valuation.hpp). One method per Python method, same names without the leading
// underscore, same order of operations; each answers the index of its option.
//
// Only the strategy stream's draw of `_bid` (rng.random()) is drawn here: the Python bot
// draws nothing else in the games it plays without a search.
#pragma once

#include <limits>
#include <vector>

#include "heuristic/classic_rules.hpp"
#include "heuristic/options.hpp"
#include "heuristic/reasons_base.hpp"
#include "heuristic/reasons_flag.hpp"
#include "heuristic/reasons_kickstarter.hpp"
#include "heuristic/reasons_tokyo_j.hpp"
#include "heuristic/valuation.hpp"

namespace deckhand::heur {

// `_follow_or_draw`'s dict {play: gain}
struct Gains {
    static constexpr int CAP = 2048;
    int n = 0;
    Play plays[CAP];
    double values[CAP];
    void set(const Play& p, double v) {
        for (int i = 0; i < n; ++i)
            if (plays[i] == p) {
                values[i] = v;
                return;
            }
        if (n >= CAP) fail("too many plays");
        plays[n] = p;
        values[n++] = v;
    }
    bool get(const Play& p, double& out) const {
        for (int i = 0; i < n; ++i)
            if (plays[i] == p) {
                out = values[i];
                return true;
            }
        return false;
    }
};

// The most cards a hand, the island or the sea may hold here (the native core holds at most
// 256 card ids in a game: ie_core.hpp's kMaxCards).
constexpr int CARDS = 256;

class HeuristicBot {
  public:
    HeuristicBot(const Params& params, const MatchTables& st)
        : weights(params, st.tables), static_(st), k(st.tables.k), classic(params.classic) {
        powers.comfort = k.comfort;
        if (classic) weights.rules_ships = weights.rules_seats = weights.rules_crew = false;
    }

    Weights weights;
    const MatchTables& static_;
    const Constants& k;
    PowerChoices powers;  // power_choices.py's rules (their constants from Python)
    // IEClassic itself (heuristic_table: `classic=1`): its own methods where IEHeuristic
    // overrides them (_power_value, _stuck, _import_ship, _lead_share, its power_rules),
    // the printed rules' readings (Weights.rules_*: False), and its import round count
    bool classic = false;
    int import_turn = -1, import_declared = 0, import_round = 0;  // IEClassic._import_*

    // IEClassic.choose (the kinds a card power asks go to reasons_base.py: not here yet)
    template <class Rng>
    int choose(const Decision& d, const View& view, Rng& rng) {
        if (d.kind == Kind::DECLARE && d.context != SUPPLY && d.context != CONTRACT &&
            d.context != BARTER) {
            if (classic && d.context == IMPORT) {  // IEClassic.choose counts its import rounds
                import_turn = view.turn;
                import_declared = d.ints.back();
                import_round = 0;
            }
            return d.size() - 1;  // crew actions cost nothing: use them all
        }
        if (d.kind == Kind::IMPORT_TIE) {
            for (int i = 0, n_options = d.size(); i < n_options; ++i)
                if (d.ints[static_cast<std::size_t>(i)] == view.me) return i;
        }
        Table t(weights, view, static_);
        switch (d.kind) {
            case Kind::LEAD: return lead(d, t);
            case Kind::LEAD_WITH:
            case Kind::FOLLOW_WITH: return play_with(d, t);
            case Kind::FOLLOW: return follow(d, t);
            case Kind::DECLARE: return declare(d, t);
            case Kind::SUPPLY_CHOICE: return supply(d, t);
            case Kind::BARTER_CHOICE: return barter(d, t);
            case Kind::CONTRACT_CHOICE: return contract(d, t);
            case Kind::LOAD_CHOICE: return load(d, t);
            case Kind::PIRATE_CHOICE: return pirate(d, t);
            case Kind::PIRATE_TO: return pirate_to(d, t);
            case Kind::IMPORT_SHIP: return import_ship(d, t);
            case Kind::BID: return bid(d, t, rng.random());
            case Kind::IMPORT_TIE: return import_tie(d, t);
            case Kind::IMPORT_TAKE: return import_take(d, t);
            case Kind::IMPORT_PLACE: return import_place(d, t);
            case Kind::ANY_TIME: return any_time(d, t);
            case Kind::POWER: {  // power_choices.answer(decision, view, table.card_worth, ...)
                if (classic) {  // CLASSIC_RULES: power_choices.RULES' defaults (the base set's)
                    const int c = classic_answer(d.power, t);
                    if (c != -2) return c;
                }
                const int r = reasons_answer(d.power, view, t);
                if (r != -2) return r;
                const int ks = kickstarter_answer(d.power, view, t, powers);  // Kickstarter 1, 2
                if (ks != -2) return ks;
                const int tj = tokyo_j_answer(d.power, view, t);  // Tokyo, J
                if (tj != -2) return tj;
                if (const int f = flag_answer(d.power, view, t); f != -2) return f;  // Flag
                return powers.answer(d.power, view, [&t](int card) { return t.card_worth(card); });
            }
            default: fail("a decision kind the native heuristic does not answer yet");
        }
    }

    // ------------------------------------------------------------------ action values

    // IEClassic._draw_value
    double draw_value(Table& t) {
        const int n = t.hand.size();
        const int draw_to = t.draws_to();
        if (n < draw_to)
            return k.card_value * static_cast<double>(draw_to - n) * weights.draw;
        return k.card_value * py_max(0.1, 1.0 - 0.3 * static_cast<double>(n + 1 - draw_to)) *
               weights.draw;
    }

    // IEClassic._action_value: performing `count` actions of a type, without `excluded`
    double action_value(Table& t, int action, int count, const Play& excluded, bool leader) {
        if (count <= 0) return 0.0;
        if (action == LOAD) return weights.load_bias * load_value(t, count, excluded);
        if (action == PIRATE) return weights.pirate_bias * pirate_value(t, count);
        if (action == CONTRACT) return weights.contract_bias * contract_value(t, count, excluded);
        if (action == SUPPLY) return weights.supply_bias * supply_value(t, count, excluded);
        if (action == IMPORT) return weights.import_bias * import_value(t, count, leader);
        if (action == BARTER) return barter_value(t, count, excluded);
        return 0.0;
    }

    // ------------------------------------------------------------------ Capital's Barter (IE-CAP-8)

    struct Swap {
        double gain;
        int hand, island;
    };

    // IEClassic._barter_swaps: up to `count` swaps worth making (gain, hand card, island
    // card), best first, each card once: an island card's worth in my hand less the hand
    // card's
    std::vector<Swap> barter_swaps(Table& t, int count, const Play& excluded) {
        const WorthMap& worth = t.worth();
        std::vector<int> hand;
        for (int c : t.hand)
            if (!excluded_has(excluded, c)) hand.push_back(c);
        std::vector<int> island;
        std::vector<double> island_value;
        for (int c : t.island()) {
            island.push_back(c);
            island_value.push_back(t.island_worth(c));
        }
        std::vector<Swap> swaps;
        for (int round = 0; round < count; ++round) {
            Swap best{0.5, -1, -1};  // a swap must gain something
            int best_i = -1;
            for (int h : hand)
                for (std::size_t i = 0; i < island.size(); ++i)
                    if (island_value[i] - worth.at(h) > best.gain) {
                        best = Swap{island_value[i] - worth.at(h), h, island[i]};
                        best_i = static_cast<int>(i);
                    }
            if (best.hand < 0) break;
            swaps.push_back(best);
            hand.erase(std::find(hand.begin(), hand.end(), best.hand));
            island.erase(island.begin() + best_i);
            island_value.erase(island_value.begin() + best_i);
        }
        return swaps;
    }

    // IEClassic._barter_value: what `count` Barter actions are worth
    double barter_value(Table& t, int count, const Play& excluded) {
        double total = 0.0;
        for (const Swap& s : barter_swaps(t, count, excluded)) total += s.gain;
        return total;
    }

    // IEClassic._barter: the hand card worth least for the island card worth most (forced:
    // the best swap even when none gains). Options: (given, taken) as plays.
    int barter(const Decision& d, Table& t) {
        const WorthMap& worth = t.worth();
        std::vector<int> seen;
        std::vector<double> seen_value;
        int best = 0;
        double best_value = -std::numeric_limits<double>::infinity();
        for (int i = 0, n_options = d.size(); i < n_options; ++i) {
            const Play& o = d.plays[static_cast<std::size_t>(i)];
            std::size_t k = 0;
            while (k < seen.size() && seen[k] != o.b) ++k;
            if (k == seen.size()) {
                seen.push_back(o.b);
                seen_value.push_back(t.island_worth(o.b));
            }
            const double value = seen_value[k] - worth.at(o.a);
            if (value > best_value) {
                best = i;
                best_value = value;
            }
        }
        return best;
    }

    // IEClassic._answer_value: what an answer to a follow decision on the led `action` is
    // worth: following (its actions less the cheapest play), following as another type
    // (the performed type, played with a card of the played type), or drawing (the draw
    // plus my crew's actions of the led type, or my Barter crew's swaps if better)
    double answer_value(Table& t, int action, const FollowOption& answer) {
        if (answer.verb == FollowOption::DRAW) {
            const double without = action_value(t, action, t.crew_actions()[action], NO_PLAY, false);
            const int bc = t.crew_actions()[BARTER];  // crew declared after drawing is optional
            return draw_value(t) + py_max(without, bc ? barter_value(t, bc, NO_PLAY) : 0.0);
        }
        const int performed = answer.verb == FollowOption::FOLLOW ? action : answer.performed;
        const PlaySpan options = answer.verb == FollowOption::FOLLOW ? t.play_options(action, true)
                                                                     : t.play_options(answer.played);
        if (options.n == 0) return -std::numeric_limits<double>::infinity();
        const auto pc = t.cheapest_play(options);
        const int count = 1 + t.crew_actions()[performed];
        return action_value(t, performed, count, pc.first, false) - pc.second;
    }

    // IEClassic._barter_follow: following with a Barter card from the hand (IE-CAP-8) against
    // the best of the other answers: its swaps, with my Barter crew, less the card played
    int barter_follow(const Decision& d, Table& t) {
        Decision rest = d;  // the options without ("follow_as", BARTER, BARTER)
        rest.follow.clear();
        int barter_at = -1;
        for (int i = 0, n_options = d.size(); i < n_options; ++i) {
            const FollowOption& o = d.follow[static_cast<std::size_t>(i)];
            if (o.verb == FollowOption::FOLLOW_AS && o.performed == BARTER && o.played == BARTER) barter_at = i;
            else rest.follow.push_back(o);
        }
        const int plain_i = follow(rest, t);
        const FollowOption plain = rest.follow[static_cast<std::size_t>(plain_i)];
        const double plain_value = answer_value(t, d.context, plain);
        const auto pc = t.cheapest_play(t.play_options(BARTER));
        const double value = barter_value(t, 1 + t.crew_actions()[BARTER], pc.first) - pc.second;
        if (value > plain_value) return barter_at;
        for (int i = 0, n_options = d.size(); i < n_options; ++i) {
            const FollowOption& o = d.follow[static_cast<std::size_t>(i)];
            if (o.verb == plain.verb && o.performed == plain.performed && o.played == plain.played) return i;
        }
        fail("follow: the answer is not offered");
    }

    static bool excluded_has(const Play& e, int card) { return e.a == card || e.b == card; }

    // IEClassic._load_value
    double load_value(Table& t, int count, const Play& excluded) {
        const Slots& shared = t.slots();
        if (shared.empty()) return 0.0;
        Slots slots;
        slots.copy_from(shared);
        if (t.hand.size() > CARDS) fail("a hand too large");
        int cards[CARDS];
        int nc = 0;
        for (int c : t.hand)
            if (!excluded_has(excluded, c)) cards[nc++] = c;
        double total = 0.0;
        SlotList* rainbow = slots.get(ANY);
        const int* wild;
        int n_wild;
        t.wild(wild, n_wild);
        for (int round = 0; round < count; ++round) {
            double best = 0.0;
            int best_key = -1, best_card = -1;
            for (int i = 0; i < nc; ++i) {
                const int card = cards[i];
                for (int c : t.colors_of(card)) {
                    if (t.is_wild(c)) {
                        int key;
                        const double top = best_open_slot(slots, key);
                        if (top > best) {
                            best = top;
                            best_key = key;
                            best_card = card;
                        }
                        continue;
                    }
                    if (c == GREY) continue;
                    SlotList* own = slots.get(c);
                    if (own && own->nonempty() && own->front() > best) {
                        best = own->front();
                        best_key = c;
                        best_card = card;
                    }
                    if (rainbow && rainbow->nonempty() && rainbow->front() > best) {
                        best = rainbow->front();
                        best_key = ANY;
                        best_card = card;
                    }
                }
            }
            if (best_card < 0) break;
            total += best;
            slots.get(best_key)->pop_front();
            // cards.remove(best_card)
            for (int i = 0; i < nc; ++i)
                if (cards[i] == best_card) {
                    for (int j = i + 1; j < nc; ++j) cards[j - 1] = cards[j];
                    --nc;
                    break;
                }
        }
        (void)wild;
        return total;
    }

    // IEClassic._pirate_value. Python's sources are the containers at sea colour by colour
    // (its list: each colour's containers together, in colour order); those of one colour
    // are alike, so a round weighs each colour once (a later container of the colour would
    // tie, and a tie keeps the first) and takes one container of the best colour: the same
    // rounds as over the list, with counts by colour.
    double pirate_value(Table& t, int count) {
        Slots slots;
        slots.copy_from(t.slots());
        const int* sea = t.sea();
        int left[6];
        int ns = 0;
        for (int c = 0; c < 6; ++c) {
            left[c] = c != GREY ? sea[c] : 0;
            ns += left[c];
        }
        if (ns > CARDS) fail("too many containers at sea");
        double total = 0.0;
        int spare = 0;
        SlotList* rainbow = slots.get(ANY);
        for (int round = 0; round < count; ++round) {
            double best = 0.0;
            int best_key = -1, best_src = -1;
            for (int c = 0; c < 6; ++c) {
                if (left[c] == 0) continue;
                if (t.is_wild(c)) {
                    int key;
                    const double top = best_open_slot(slots, key);
                    if (top > best) {
                        best = top;
                        best_key = key;
                        best_src = c;
                    }
                    continue;
                }
                SlotList* own = slots.get(c);
                if (own && own->nonempty() && own->front() > best) {
                    best = own->front();
                    best_key = c;
                    best_src = c;
                }
                if (rainbow && rainbow->nonempty() && rainbow->front() > best) {
                    best = rainbow->front();
                    best_key = ANY;
                    best_src = c;
                }
            }
            if (best_src < 0) {
                spare += 1;
                total += 0.3 * weights.deny;  // only denial
                continue;
            }
            total += best + 0.5;  // and no hand card spent
            slots.get(best_key)->pop_front();
            left[best_src] -= 1;
        }
        if (spare) {
            bool any = false;
            int least = 0;
            for (int i = 0; i < t.n_rows(); ++i) {
                const ShipRow& r = t.row(i);
                if (r.owner == t.me && r.at_sea && !r.cargo.empty()) {
                    const int len = r.cargo.size();
                    if (!any || len < least) least = len;
                    any = true;
                }
            }
            if (any && least <= spare) total += t.home_value();
        }
        return total;
    }

    // IEClassic._contract_value
    double contract_value(Table& t, int count, const Play& excluded) {
        return contract_plan(t, count, excluded).first;
    }

    // IEClassic._contract_plan: the value of the contracts `count` actions would place, and
    // the actions used
    std::pair<double, int> contract_plan(Table& t, int count, const Play& excluded) {
        double total = 0.0;
        int used = 0, skip = -1;
        if (t.hand.size() > CARDS) fail("a hand too large");
        int cards[CARDS];
        int costs[CARDS];  // -1: a hand card; else a Tokyo Port card's cost (t.port_offers)
        int nc = 0;
        for (int c : t.hand)
            if (!excluded_has(excluded, c)) {
                costs[nc] = -1;
                cards[nc++] = c;
            }
        int spare = t.credits[t.me];
        if (t.tables.tokyo_port)  // Tokyo Port cards, for their cost (IE-TOKYO-4)
            for (int c : t.island()) {
                const int cost = t.view.port_cost(c);
                if (cost > spare) continue;
                if (nc >= CARDS) fail("a hand and Port too large");
                costs[nc] = cost;
                cards[nc++] = c;
            }
        for (int round = 0; round < 2; ++round) {
            if (used >= count) break;
            bool have = false;
            double best_value = 0.0;
            int best_card = -1, best_missing = 0, best_where = -1, best_cost = -1;
            for (int i = 0; i < nc; ++i) {
                const int card = cards[i];
                const int cost = costs[i];
                if (cost > spare) continue;
                const int drop = cost < 0 ? t.color_of(card) : -1;
                const Best b = t.best_contract(card, drop, count - used, skip);
                if (b.where >= 0 && used + 1 + b.missing <= count) {
                    const double value =
                        b.value - (0.5 * static_cast<double>(b.missing) +
                                       static_cast<double>(py_max(0, cost)) -
                                   power_value(t, b.cid));
                    if (!have || value > best_value) {
                        have = true;
                        best_value = value;
                        best_card = card;
                        best_missing = b.missing;
                        best_where = b.where;
                        best_cost = cost;
                    }
                }
            }
            if (!have || best_value < (used == 0 ? 0.0 : 1.0)) break;
            total += best_value;
            used += 1 + best_missing;
            skip = best_where;
            for (int i = 0; i < nc; ++i)
                if (cards[i] == best_card) {
                    for (int j = i + 1; j < nc; ++j) {
                        cards[j - 1] = cards[j];
                        costs[j - 1] = costs[j];
                    }
                    --nc;
                    break;
                }
            spare -= py_max(0, best_cost);
        }
        return {total, used};
    }

    // IEClassic._supply_value
    double supply_value(Table& t, int count, const Play& excluded) {
        const WorthMap& worth = t.worth();
        double total = 0.0;
        bool any = false;
        double least = 0.0;
        for (int c : t.hand)
            if (!excluded_has(excluded, c)) {
                const double w = worth.at(c);
                if (!any || w < least) least = w;
                any = true;
            }
        if (any) {
            total += py_max(0.0, static_cast<double>(t.tables.rules.sell_price) - least);
            count -= 1;
        }
        const double* cv = t.crew_values();
        if (t.island().size() > CARDS) fail("an island too large");
        double crews[CARDS];
        int n = 0;
        for (int c : t.island()) crews[n++] = cv[t.action_of(c)];
        std::sort(crews, crews + n, std::greater<double>());
        const int take = py_slice_len(n, py_min(count, t.crew_room()));
        double s = 0.0;  // sum(): 0 + the first + ... (an empty sum adds int 0)
        for (int i = 0; i < take; ++i) s += crews[i];
        total += s;
        return total;
    }

    // IEClassic._import_value
    double import_value(Table& t, int count, bool leader) {
        int ships[MAX_SHIPS];
        int ns = 0;
        for (int i = 0; i < t.n_rows(); ++i)
            if (t.row(i).at_sea && !t.row(i).cargo.empty()) ships[ns++] = i;
        if (ns == 0 || (t.credits[t.me] <= 0 && !leader)) return 0.0;
        double values[MAX_SHIPS];
        for (int i = 0; i < ns; ++i) values[i] = t.ship_import_value(ships[i]);
        std::sort(values, values + ns, std::greater<double>());
        if (!leader) {
            double s = 0.0;
            for (int i = 0; i < ns; ++i) s += values[i];
            const double mean = s / static_cast<double>(ns);
            for (int i = 0; i < ns; ++i) values[i] = mean;
        }
        const double keep = 1.0 - 0.7 * weights.bid_share;
        double total = 0.0;
        const int take = py_slice_len(ns, count);
        for (int i = 0; i < take; ++i) total += py_max(0.0, values[i]) * keep;
        return total;
    }

    // ------------------------------------------------------------------ turn decisions

    // IEClassic._lead (the heuristic's _stuck is never: no discard at the lead)
    int lead(const Decision& d, Table& t) {
        if (classic)  // IEClassic: discard a stuck ship's contracts
            for (int i = 0, n_options = d.size(); i < n_options; ++i) {
                const LeadOption& o = d.lead[static_cast<std::size_t>(i)];
                if (o.verb == LeadOption::DISCARD_CONTRACTS && stuck(t, o.arg)) return i;
            }
        int best = -1;
        for (int i = 0, n_options = d.size(); i < n_options; ++i)
            if (d.lead[static_cast<std::size_t>(i)].verb == LeadOption::DRAW) {
                best = i;
                break;
            }
        if (best < 0) fail("a lead without a draw");
        double best_value = draw_value(t);
        if (t.hand.size() <= 1) best_value *= 1.3;
        for (int i = 0, n_options = d.size(); i < n_options; ++i) {
            const LeadOption& o = d.lead[static_cast<std::size_t>(i)];
            if (o.verb != LeadOption::LEAD) continue;
            const int action = o.arg;
            const auto pc = t.cheapest_play(t.play_options(action));
            const int count = 1 + t.crew_actions()[action];
            double value = action_value(t, action, count, pc.first, true);
            value = value * lead_share(action) - pc.second;
            if (value > best_value) {
                best = i;
                best_value = value;
            }
        }
        return best;
    }

    // IEClassic._stuck (the heuristic's: never): a ship needing at least two containers
    // that neither my hand nor the sea nor the island holds, while my hand has a good
    // contract
    bool stuck(Table& t, int index) {
        for (const Port* port : t.ports()) {
            if (port->index != index || port->need.n == 0) continue;
            int short_ = 0;
            const int* hc = t.hand_colors();
            const int* sea = t.sea();
            for (int i = 0; i < port->need.n; ++i) {
                const int c = port->need.keys[i], v = port->need.vals[i];
                int have = 0;
                if (c == ANY) {
                    for (int x = 0; x < 6; ++x) have += hc[x] + sea[x];
                } else {
                    have = hc[c] + sea[c];
                }
                short_ += py_max(0, v - have);
            }
            if (short_ >= 2) {
                for (int card : t.hand)
                    if (t.best_contract(card, -1, 1).value > 2.0) return true;
                return false;
            }
        }
        return false;
    }

    // IEClassic._lead_with, IEClassic._follow_with: the cheapest play
    int play_with(const Decision& d, Table& t) {
        int best = 0;
        double cost = std::numeric_limits<double>::infinity();
        for (int i = 0, n_options = d.size(); i < n_options; ++i) {
            const double c = t.worth_of(d.plays[static_cast<std::size_t>(i)]);
            if (c < cost) {
                best = i;
                cost = c;
            }
        }
        return best;
    }

    static int find_follow(const Decision& d, FollowOption::Verb verb) {
        for (int i = 0, n_options = d.size(); i < n_options; ++i)
            if (d.follow[static_cast<std::size_t>(i)].verb == verb) return i;
        return -1;
    }

    // IEClassic._follow: follow, draw, or follow with another type where a power offers one
    // (Neural Units: the best answer by `answer_value`)
    int follow(const Decision& d, Table& t) {
        for (const FollowOption& o : d.follow)
            if (o.verb == FollowOption::FOLLOW_AS && o.performed == BARTER && o.played == BARTER)
                return barter_follow(d, t);  // a Barter card (IE-CAP-8)
        const bool follow_ = follow_or_draw(d, t);
        const int plain = find_follow(d, follow_ ? FollowOption::FOLLOW : FollowOption::DRAW);
        if (plain < 0) fail("follow: the answer is not offered");
        if (find_follow(d, FollowOption::FOLLOW_AS) < 0) return plain;
        int best = plain;
        double best_value = answer_value(t, d.context, d.follow[static_cast<std::size_t>(plain)]);
        for (int i = 0, n_options = d.size(); i < n_options; ++i) {
            const FollowOption& o = d.follow[static_cast<std::size_t>(i)];
            if (o.verb != FollowOption::FOLLOW_AS) continue;
            const double value = answer_value(t, d.context, o);
            if (value > best_value) {
                best = i;
                best_value = value;
            }
        }
        return best;
    }

    // IEClassic._follow_or_draw: true to follow
    bool follow_or_draw(const Decision& d, Table& t) {
        const int action = d.context;
        if (find_follow(d, FollowOption::FOLLOW) < 0) return false;
        const PlaySpan options = t.play_options(action, true);
        const int crew = t.crew_actions()[action];
        const double without = action_value(t, action, crew, NO_PLAY, false);
        const double draw = draw_value(t);
        // gains: by play (the options evaluated; the plays are distinct)
        Gains gains;
        if ((action == IMPORT || action == PIRATE || action == LOAD) && weights.least_costs) {
            if (action == LOAD) {
                bool broke = false;
                for (const Play& option : options) {
                    const double gain =
                        action_value(t, action, crew + 1, option, false) - without;
                    gains.set(option, gain);
                    if (gain - least_cost(t, option) > draw) {
                        broke = true;
                        break;
                    }
                }
                if (!broke) return false;
            } else {
                const double gain = action_value(t, action, crew + 1, NO_PLAY, false) - without;
                bool broke = false;
                for (const Play& option : options)
                    if (gain - least_cost(t, option) > draw) {
                        broke = true;
                        break;
                    }
                if (!broke) return false;
                gains.n = 0;
                for (const Play& option : options) gains.set(option, gain);
            }
        } else if (action != SUPPLY && action != BARTER && worth_at_least()) {
            // Not Python's: the same answer without the hand's worth (Table.worth, the
            // dearest part of a follow) where no play could pass the draw even at its least
            // cost (worth_at_least), as the Load branch above. Supply and Barter values
            // read the worth themselves.
            bool broke = false;
            for (const Play& option : options) {
                const double gain = action_value(t, action, crew + 1, option, false) - without;
                gains.set(option, gain);
                if (gain - least_cost(t, option) > draw) {
                    broke = true;
                    break;
                }
            }
            if (!broke) return false;
        }
        const auto pc = t.cheapest_play(options);
        double gain = 0.0;
        const bool known = gains.get(pc.first, gain);
        if (!known) gain = action_value(t, action, crew + 1, pc.first, false) - without;
        return gain - pc.second > draw;
    }

    // Whether every hand card's worth is at least its least cost (Table.worth: hold *
    // max(load_bias * held, contract_bias * contract) + taste, contract >= 0; taste is
    // _least_cost's 0.3 * pref[action]): then a play's cost (its cards' worth summed) is at
    // least _least_cost of it, in floats too (rounding keeps order), and `gain - cost`
    // at most `gain - least cost`.
    bool worth_at_least() const { return k.hold >= 0.0 && weights.contract_bias >= 0.0; }

    // IEClassic._least_cost
    double least_cost(Table& t, const Play& option) {
        const double* pref = weights.pref;
        if (option.pair())
            return 0.3 * pref[t.action_of(option.a)] + 0.3 * pref[t.action_of(option.b)];
        return 0.3 * pref[t.action_of(option.a)];
    }

    // IEClassic._declare (Supply and Contract: the others take every crew action)
    int declare(const Decision& d, Table& t) {
        const int action = d.context;
        const int first = d.ints.front();
        int count = d.ints.back();
        if (action == SUPPLY) {
            const WorthMap& worth = t.worth();
            const double price =
                weights.supply_bias * static_cast<double>(t.tables.rules.sell_price);
            int useful = 0;
            for (int c : t.hand)
                if (price - worth.at(c) > 0.5) {
                    useful = 1;
                    break;
                }
            int crew = 0;
            for (int c : t.island())
                if (t.crew_value(c) > 0.5) ++crew;
            useful += py_min(t.crew_room(), crew);
            count = py_max(first, py_min(count, useful));
        } else if (action == CONTRACT) {
            const int used = contract_plan(t, count, NO_PLAY).second;
            count = py_max(first, py_min(count, used));
        } else if (action == BARTER) {  // only the swaps worth making (IE-CAP-8)
            const int swaps = static_cast<int>(barter_swaps(t, count, NO_PLAY).size());
            count = py_max(first, py_min(count, swaps));
        } else {
            fail("declare: an action the bot does not declare so");
        }
        for (int i = 0, n_options = d.size(); i < n_options; ++i)
            if (d.ints[static_cast<std::size_t>(i)] == count) return i;
        fail("declare: the count is not offered");
    }

    // ------------------------------------------------------------------ performing

    // IEClassic._supply
    int supply(const Decision& d, Table& t) {
        const WorthMap& worth = t.worth();
        const bool is_ahead = ahead(t);
        int best = 0;
        double best_value = -std::numeric_limits<double>::infinity();
        for (int i = 0, n_options = d.size(); i < n_options; ++i) {
            const SupplyOption& o = d.supply[static_cast<std::size_t>(i)];
            double value;
            if (o.sell) {
                value = weights.supply_bias * static_cast<double>(t.tables.rules.sell_price) -
                        worth.at(o.card);
                if (is_ahead) value += 1.0;
            } else {
                value = t.crew_value(o.card);
                if (value <= 0)  // crew full: the card is discarded; deny the most useful
                    value = 0.1 * weights.deny * t.goods_value(o.card, 1);
            }
            if (value > best_value) {
                best = i;
                best_value = value;
            }
        }
        return best;
    }

    // IEClassic._ahead: whether I lead on estimated score and the end is near
    bool ahead(Table& t) {
        if (t.late() < 0.6) return false;
        const int me = t.me;
        const double mine = t.estimate(me);
        for (int q = 0; q < t.view.n; ++q)
            if (q != me && mine < t.estimate(q)) return false;
        return true;
    }

    static Port* port_at(Table& t, int index) {
        for (Port* p : t.ports())
            if (p->index == index) return p;
        fail("a ship that is not one of my ports");
    }

    // IEClassic._contract (with the heuristic's _power_value)
    int contract(const Decision& d, Table& t) {
        const WorthMap& worth = t.worth();
        t.ports();
        int best = 0;
        double best_value = -std::numeric_limits<double>::infinity();
        if (d.contract.front().stop) best_value = 0.5;
        for (int i = 0, n_options = d.size(); i < n_options; ++i) {
            const ContractOption& o = d.contract[static_cast<std::size_t>(i)];
            if (o.stop) continue;
            double value;
            if (t.hand.contains(o.card)) {
                double got = 0.0;
                const bool fits = t.contract_value(o.cid, *port_at(t, o.ship), t.color_of(o.card), got);
                value = (fits && got != 0.0) ? got : 0.0;  // `or 0.0`
                value -= 1.5 * static_cast<double>(t.missing_levels(o.cid));
                value -= 0.5 * py_max(0.0, worth.at(o.card) - weights.contract_bias * value);
            } else {  // from the Tokyo Port: the hand stays, the column's credits go
                double got = 0.0;
                const bool fits = t.contract_value(o.cid, *port_at(t, o.ship), -1, got);
                value = (fits && got != 0.0) ? got : 0.0;  // `or 0.0`
                value -= 1.5 * static_cast<double>(t.missing_levels(o.cid)) +
                         static_cast<double>(t.view.port_cost(o.card));
            }
            value += power_value(t, o.cid);
            if (value > best_value) {
                best = i;
                best_value = value;
            }
        }
        return best;
    }

    // IEHeuristic._power_value: contract_choice.power_bonus (IEClassic's: nothing)
    double power_value(Table& t, int cid) {
        if (classic) return 0.0;
        return t.tables.contract(cid).power_bonus;
    }

    // IEHeuristic._lead_share (IEClassic's: all of it)
    double lead_share(int action) const {
        if (classic) return 1.0;
        return k.shared_action[action] ? k.lead_shared : 1.0;
    }

    // IEClassic._load
    int load(const Decision& d, Table& t) {
        t.ports();
        int best = 0;
        double best_value = -std::numeric_limits<double>::infinity();
        for (int i = 0, n_options = d.size(); i < n_options; ++i) {
            const LoadOption& o = d.load[static_cast<std::size_t>(i)];
            const Port* port = port_at(t, o.ship);
            const int ncol = static_cast<int>(t.colors_of(o.card).size());
            double value = port->slot - 0.2 * static_cast<double>(ncol);
            if (ncol > 1) value -= static_cast<double>(t.tables.rules.flag_load_cost);
            if (t.action_of(o.card) == LOAD) value -= 0.3;  // keep Load cards to play
            if (value > best_value) {
                best = i;
                best_value = value;
            }
        }
        return best;
    }

    // IEClassic._pirate. A container's value is its colour's part (the best slot it fits,
    // then the denial of the rivals' needs of the colour), worked out once per colour, then
    // its ship's part; the same operations in the same order as Python's per option.
    int pirate(const Decision& d, Table& t) {
        const Slots& slots = t.slots();
        int rival[7] = {};
        if (weights.deny != 0.0) t.rival_needs(rival);
        const int me = t.me;
        const double deny = weights.deny;
        double fits[8];
        bool have_fit[8] = {};
        double part[8];  // a single-coloured container's colour part, by colour
        bool have_part[8] = {};
        const SlotList* rl = slots.get(ANY);
        const double rainbow = (rl && rl->nonempty()) ? rl->front() : 0.0;
        auto fit = [&](int c) {
            if (!have_fit[c]) {
                double top;
                if (t.is_wild(c)) {
                    int key;
                    top = best_open_slot(slots, key);
                } else {
                    const SlotList* own = slots.get(c);
                    top = (own && own->nonempty()) ? own->front() : 0.0;
                }
                fits[c] = rainbow > top ? rainbow : top;
                have_fit[c] = true;
            }
            return fits[c];
        };
        auto deny_part = [&](int most) { return deny * 0.8 * static_cast<double>(most > 2 ? 2 : most); };
        auto single = [&](int c) {
            if (!have_part[c]) {
                double value = 0.0;
                const double f = fit(c);
                if (f > value) value = f;
                value += deny_part(rival[c]);
                part[c] = value;
                have_part[c] = true;
            }
            return part[c];
        };
        int best = 0;
        double best_value = -std::numeric_limits<double>::infinity();
        for (int i = 0, n_options = d.size(); i < n_options; ++i) {
            const PirateOption& o = d.pirate[static_cast<std::size_t>(i)];
            int owner;
            bool at_sea;
            int cargo_len;
            double value;
            if (o.where == PirateOption::SHIP) {
                const ShipRow& r = t.row(o.a);
                owner = r.owner;
                at_sea = r.at_sea;
                cargo_len = r.cargo.size();
                value = single(r.cargo_colors[o.b]);
            } else if (o.where == PirateOption::ISLAND) {
                owner = -1;
                at_sea = true;
                cargo_len = 0;
                const auto& cs = t.colors_of(o.a);
                if (cs.size() == 1) {
                    value = single(cs[0]);
                } else {  // a Flag card: the best of its colours, the most needed of them
                    value = 0.0;
                    for (int c : cs) {
                        const double f = fit(c);
                        if (f > value) value = f;
                    }
                    int most = rival[cs.empty() ? 0 : cs[0]];
                    for (std::size_t j = 1; j < cs.size(); ++j) most = py_max(most, rival[cs[j]]);
                    value += deny_part(most);
                }
            } else {
                continue;  // Mini Van's unseen cards: skipped
            }
            if (owner == me) {  // each container taken brings my ship nearer home
                value += t.home_value() / static_cast<double>(cargo_len) - 0.3;
            } else if (owner >= 0 && !at_sea) {  // Mini Van: a rival's ship at port set back
                value += deny;
            } else if (owner >= 0) {
                if (cargo_len == 1) value -= 1.5;  // it would send a rival's ship home
                value += 0.1 * weights.deny * static_cast<double>(cargo_len);
            } else {
                value += 0.2 * weights.deny;
            }
            if (value > best_value) {
                best = i;
                best_value = value;
            }
        }
        return best;
    }

    // IEClassic._pirate_to: the ship nearest completion
    int pirate_to(const Decision& d, Table& t) {
        int best = -1;
        double best_slot = 0.0;
        bool best_any = false;
        for (int i = 0, n_options = d.size(); i < n_options; ++i) {
            const PirateToOption& o = d.pirate_to[static_cast<std::size_t>(i)];
            if (o.discard) continue;
            const double slot = port_at(t, o.ship)->slot;
            const bool not_any = o.color != ANY;
            // max(targets, key=(slot, colour != ANY)): the first of the greatest
            if (best < 0 || slot > best_slot || (slot == best_slot && not_any > best_any)) {
                best = i;
                best_slot = slot;
                best_any = not_any;
            }
        }
        return best < 0 ? 0 : best;
    }

    // ------------------------------------------------------------------ imports

    // IEHeuristic._import_ship
    int import_ship(const Decision& d, Table& t) {
        if (classic ? !classic_bids(d, t) : d.context == static_cast<int>(ImportContext::NOT_BIDDING))
            return ship_not_bid_on(d, t);
        int best = 0;
        double best_value = 0.0;
        for (int i = 0, n_options = d.size(); i < n_options; ++i) {
            const double v = t.ship_import_value(d.ints[static_cast<std::size_t>(i)]);
            if (i == 0 || v > best_value) {
                best = i;
                best_value = v;
            }
        }
        return best;
    }

    // IEClassic._import_ship's count (kept as it played): the leader counts its bidding
    // rounds from the declare it was asked (a declare of one option, not asked, leaves it
    // believing it does not bid); whether it bids in this round
    bool classic_bids(const Decision& d, Table& t) {
        const int turn = t.view.turn;
        if (import_turn != turn) {
            import_turn = turn;
            import_declared = 0;
            import_round = 0;
        }
        import_round += 1;
        return d.context == static_cast<int>(ImportContext::ALONE) || import_round <= import_declared;
    }

    // IEClassic._ship_not_bid_on
    int ship_not_bid_on(const Decision& d, Table& t) {
        const int me = t.me;
        int best = -1, best_len = 0;
        for (int i = 0, n_options = d.size(); i < n_options; ++i) {
            const ShipRow& r = t.row(d.ints[static_cast<std::size_t>(i)]);
            if (r.owner == me && (best < 0 || r.cargo.size() < best_len)) {
                best = i;
                best_len = r.cargo.size();
            }
        }
        if (best >= 0) return best;
        int best_credits = 0, best_ship = 0;
        for (int i = 0, n_options = d.size(); i < n_options; ++i) {
            const int ship = d.ints[static_cast<std::size_t>(i)];
            const int c = t.credits[t.row(ship).owner];
            if (best < 0 || c < best_credits || (c == best_credits && ship < best_ship)) {
                best = i;
                best_credits = c;
                best_ship = ship;
            }
        }
        return best;
    }

    // IEClassic._bid (`u`: the strategy stream's next uniform, drawn here as Python draws it)
    int bid(const Decision& d, Table& t, double u) {
        const int credits = t.credits[t.me];
        const double value = weights.import_bias * t.ship_import_value(d.context);
        double share = weights.bid_share;
        // (the draw comes after `_ahead`, which draws nothing)
        if (ahead(t)) share *= 1.0 - weights.race;
        const double x = share * value + u;
        const long bid_ = static_cast<long>(x);  // int(): truncation toward zero
        const long cap = credits - static_cast<long>(weights.race * 0.2 * static_cast<double>(credits));
        long out = bid_;
        if (cap < out) out = cap;
        const long top = d.ints.back();
        if (top < out) out = top;
        if (out < 0) out = 0;
        for (int i = 0, n_options = d.size(); i < n_options; ++i)
            if (d.ints[static_cast<std::size_t>(i)] == out) return i;
        fail("bid: the amount is not offered");
    }

    // IEClassic._import_tie (not among the tied: the one estimated poorest)
    int import_tie(const Decision& d, Table& t) {
        int best = 0;
        double best_value = 0.0;
        for (int i = 0, n_options = d.size(); i < n_options; ++i) {
            const double v = t.estimate(d.ints[static_cast<std::size_t>(i)]);
            if (i == 0 || v < best_value) {
                best = i;
                best_value = v;
            }
        }
        return best;
    }

    // IEClassic._import_take
    int import_take(const Decision& d, Table& t) {
        int best = 0;
        double best_value = 0.0;
        for (int i = 0, n_options = d.size(); i < n_options; ++i) {
            const int j = d.ints[static_cast<std::size_t>(i)];
            const double v = t.import_value(d.cargo[static_cast<std::size_t>(j)]);
            if (i == 0 || v > best_value) {
                best = i;
                best_value = v;
            }
        }
        return best;
    }

    // power_choices._any_time: the first power, in the order offered, whose rule finds a use
    // worth making now; otherwise pass. A use without a rule (the leader's discard between
    // his actions, IE-DISCARD-2; Bok Choy, Flour, Yogurt) is never made. Of ANY_TIME_RULES
    // the base set has Lutefisk (code 2): placed as soon as a ship can take it, never at
    // scoring (`_lutefisk`: its first use).
    int any_time(const Decision& d, Table& t) {
        (void)t;
        // by power, in the order of their first use (dict insertion order); each power's
        // first use is its rule's answer where it makes one
        std::vector<int> seen;
        for (int i = 0, n_options = d.size(); i < n_options; ++i) {
            const int code = d.uses[static_cast<std::size_t>(i)];
            if (code <= 0) continue;
            bool first = true;
            for (int c : seen)
                if (c == code) first = false;
            if (!first) continue;
            seen.push_back(code);
            if (code == k.lutefisk_code) {
                if (!d.before_scoring) return i;
                continue;
            }
            if (code == k.us_dollars_code) {  // power_choices._us_dollars
                if (t.view.leader == t.view.me && d.moment_action != SUPPLY) return i;
                continue;
            }
            if (code == k.telescopes_code) {
                const int use = telescopes(d, t, code, i);
                if (use >= 0) return use;
                continue;
            }
            if (code == k.bionic_ears_code || code == k.segways_code) {  // Kickstarter
                const int use = code == k.segways_code ? segways_use(d, code, i) : bionic_ears_use(d, t.view, i);
                if (use >= 0) return use;
                continue;
            }
            const int tj = tokyo_j_any_time(d, t, code, i);  // Tokyo, J
            if (tj >= 0) return tj;
            if (tj == -1) continue;
            const int flag = flag_any_time(d, t, k, code, i);  // Iceland Water, Olive Oil
            if (flag >= 0) return flag;
            if (flag == -1) continue;
            fail("an any-time power's rule is not answered natively yet");
        }
        return 0;  // "pass" (always offered first)
    }

    // power_choices._telescopes: before scoring, sell the tech good whose scoring value is
    // below the price (the least valued, then the lowest card); during the game, at the
    // start of my turn. `first`: the first use of the power. Returns the use, or -1.
    int telescopes(const Decision& d, Table& t, int code, int first) {
        if (d.before_scoring) {
            const int cid = d.use_contract[static_cast<std::size_t>(first)];
            const int price = t.tables.contract(cid).price;
            int best = -1, best_value = 0, best_card = 0;
            for (int i = first, n_options = d.size(); i < n_options; ++i) {
                if (d.uses[static_cast<std::size_t>(i)] != code) continue;
                const int card = d.use_arg[static_cast<std::size_t>(i)];
                const int value = t.view.good_end_value(card);
                if (best < 0 || value < best_value || (value == best_value && card < best_card)) {
                    best = i;
                    best_value = value;
                    best_card = card;
                }
            }
            return t.view.good_end_value(best_card) < price ? best : -1;
        }
        return d.mine_starting ? first : -1;
    }

    // IEClassic._import_place
    int import_place(const Decision& d, Table& t) {
        if (d.size() == 1) return 0;
        const int card = d.context;
        const int want = t.crew_value(card) > t.goods_value(card) ? 0 : 1;  // crew : goods
        for (int i = 0, n_options = d.size(); i < n_options; ++i)
            if (d.place[static_cast<std::size_t>(i)] == want) return i;
        fail("import_place: the answer is not offered");
    }
};

}  // namespace deckhand::heur
