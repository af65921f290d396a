// Tokyo powers (simulator/games/import_export/powers/tokyo.py), one function per card, and
// Hentai Manga's tucking (fulfilment._tuck_elsewhere). Each ports the Python power of the same
// name line by line: the same decisions with their options in the same order, the same draws,
// the same effects; numbers from the card's sheet row (`c.whole(...)`). The Tokyo Port itself
// is ie_tokyo_port.cpp; Jidohanbaiki's question is asked by ie_turn.cpp's draw_action.
// Rulings: docs/rulings.md, "Tokyo rules and powers" (IE-TOKYO-n).
#include <string>

#include "ie_powers.hpp"

namespace deckhand::ie {
namespace {

inline std::size_t at(int i) { return static_cast<std::size_t>(i); }

std::string triple(const Option& o) {
    return "(" + std::to_string(o.a) + ", " + std::to_string(o.b) + ", " + std::to_string(o.c) + ")";
}
std::string pair(const Option& o) { return "(" + std::to_string(o.a) + ", " + std::to_string(o.b) + ")"; }

// How the options read, as Python's repr writes them (the differential test compares them).
std::string placement_option(const Game&, const Option& o, int) { return triple(o); }
std::string take_option(const Game&, const Option& o, int) { return pair(o); }
std::string hentai_option(const Game&, const Option& o, int) {
    return o.a == 0 ? "'fulfilled'" : o.a == 1 ? "'crew'" : "'goods'";
}
std::string jidohanbaiki_option(const Game&, const Option& o, int) { return o.a == 0 ? "'draw'" : "'credits'"; }
std::string load_or_pass(const Game&, const Option& o, int) { return o.a < 0 ? "'pass'" : triple(o); }

// ---------------------------------------------------------------- immediate powers

// Spacecraft (IE-TOKYO-10): with a ship at his port able to take one, the owner must place a
// Tokyo Port (or Supply Island) card whose level he meets as a contract, free; the ship
// completing Spacecraft cannot take it. Options (spacecraft_place): {card, contract id, ship}.
void spacecraft(Game& g, int owner, const Contract&) {
    State& s = g.s;
    const Zone island = s.island;
    Options options;
    contract_options(g, owner, 1, 1, options, &island);
    if (options.empty()) return;
    const Option o = options[at(g.ask(owner, Kind::spacecraft_place, options))];
    place_contract(g, owner, o.a, o.b, o.c, &s.island);
}

// Squid Jerky (IE-TOKYO-11, IE-TOKYO-5): it goes to the Tokyo Port and a different card of the
// `column_cost`-credit column joins the owner's completed contracts, its own power resolving;
// with none there (or no Port) Squid Jerky stays completed. Options (squid_jerky_take):
// {card, contract id}, island order, each side of a card.
void squid_jerky(Game& g, int owner, const Contract& c) {
    State& s = g.s;
    if (!g.rules().tokyo_port || !s.fulfilled[at(owner)].contains(static_cast<ContractId>(c.id))) return;
    const auto& costs = g.rules().tokyo_column_costs;
    const int wanted = c.whole("column_cost");
    Options options;
    for (Card card : s.island)
        if (costs[at(port_column(g, card))] == wanted)
            for (ContractId cid : g.table().contracts_of[at(card)]) options.push_back(opt(card, cid));
    if (options.empty()) return;
    const Option o = options[at(g.ask(owner, Kind::squid_jerky_take, options))];
    leave_fulfilled(g, owner, c.id);
    s.island.remove(static_cast<Card>(o.a));
    s.island.push_back(static_cast<Card>(c.card));
    s.fulfilled[at(owner)].push_back(static_cast<ContractId>(o.b));
    s.log_event(owner, Logged::fulfilled, o.b);
    fulfilled(g, owner, o.b);
}

// Yakuza Art: with a consumer good, draw `cards`; with a tech good, take `credits`; both if
// both (goods_count: IE-CAP-26).
void yakuza_art(Game& g, int owner, const Contract& c) {
    if (goods_count(g, owner, BLACK)) draw(g, owner, c.whole("cards"));
    if (goods_count(g, owner, GREEN)) gain(g, owner, c.whole("credits"));
}

// ---------------------------------------------------------------- rule modifiers

// Hentai Manga (IE-TOKYO-6): each illegal contract the owner completes afterwards may go to
// his crew or goods instead of his completed contracts (tuck_elsewhere below).
void hentai_manga(Game& g, int owner, const Contract&) { g.s.mods[at(owner)].tuck_illegal = true; }
void hentai_manga_lost(Game& g, int owner, const Contract&) { g.s.mods[at(owner)].tuck_illegal = false; }

// Jidohanbaiki (IE-TOKYO-7): leading, the owner may declare a Draw action and take `credits`
// instead of drawing (ie_turn.cpp's draw_action).
void jidohanbaiki(Game& g, int owner, const Contract& c) {
    g.s.mods[at(owner)].lead_draw_credits = c.whole("credits");
}
void jidohanbaiki_lost(Game& g, int owner, const Contract&) { g.s.mods[at(owner)].lead_draw_credits.reset(); }

// Toto Toilets (IE-TOKYO-12): the owner's Contract actions place Tokyo Port cards without
// paying (without the Port, Supply Island cards: port_cost, port_contract_options).
void toto_toilets(Game& g, int owner, const Contract&) { g.s.mods[at(owner)].port_contract_free = true; }
void toto_toilets_lost(Game& g, int owner, const Contract&) { g.s.mods[at(owner)].port_contract_free = false; }

// ---------------------------------------------------------------- ongoing hooks

// PlayStations (IE-TOKYO-8): after each of his Load actions the owner may load one extra
// container from his hand per `tech_goods_per_extra` tech goods (`extra_containers` each).
// Options (playstations_load): {-1}: pass; then the load options {card, ship, colour}.
void playstations(Game& g, int owner, const Contract& c, int actor, const Payload&) {
    if (actor != owner) return;
    State& s = g.s;
    const int extra = goods_count(g, owner, GREEN) / c.whole("tech_goods_per_extra") * c.whole("extra_containers");
    for (int k = 0; k < extra; ++k) {
        Options options = {opt(-1)};
        load_options(g, owner, s.hands[at(owner)], options);
        if (options.size() == 1) return;
        const Option o = options[at(g.ask(owner, Kind::playstations_load, options))];
        if (o.a < 0) return;
        if (g.table().colors[at(o.a)].size() > 1) pay(g, owner, g.rules().flag_load_cost);
        s.hands[at(owner)].remove(o.a);
        load_container(g, owner, o.b, o.a, o.c);
    }
}

// Ramen (IE-TOKYO-9, IE-TOKYO-5): the agricultural cards on the Tokyo Port (or Supply Island)
// join the owner's goods, within his limit, oldest first; an ongoing power, applied on
// completion and again at the end of every turn.
void ramen_take(Game& g, int owner) {
    State& s = g.s;
    Zone agricultural;
    for (Card card : s.island)
        if (g.table().color[at(card)] == YELLOW) agricultural.push_back(card);
    for (Card card : agricultural) {
        if (!goods_fit(g, owner, card)) return;
        s.island.remove(card);
        to_goods(g, owner, card);
    }
}
void ramen(Game& g, int owner, const Contract&) { ramen_take(g, owner); }
void ramen_turn_ended(Game& g, int owner, const Contract&, int, const Payload&) { ramen_take(g, owner); }

// Toyota (IE-TOKYO-13): each time one of the owner's ships returns to his port, he draws
// `cards`.
void toyota(Game& g, int owner, const Contract& c, int actor, const Payload&) {
    if (actor == owner) draw(g, owner, c.whole("cards"));
}

// Tsukiji Fish (IE-TOKYO-14): at any moment of his own turn the owner may place luxury and
// agricultural contracts from his hand, their level met, without an action: one use a
// placement {card, contract id, ship}.
void tsukiji_fish(const Game& g, int owner, const Contract&, const Moment&, std::vector<UseArgs>& uses) {
    Options options;
    contract_options(g, owner, 1, 1, options);
    for (const Option& o : options) {
        const int color = g.table().contract(o.b).color;
        if (color == BLUE || color == YELLOW) uses.push_back(use_args(o.a, o.b, o.c));
    }
}
void tsukiji_fish_place(Game& g, int owner, const Contract&, const UseArgs& args, const Moment&) {
    place_contract(g, owner, args[0], args[1], args[2]);
}

const PowerRegistration registered[] = {
    power("Spacecraft").on_fulfil(spacecraft).render(Kind::spacecraft_place, placement_option),
    power("Squid Jerky")
        .on_fulfil(squid_jerky)
        .params({"column_cost"})
        .render(Kind::squid_jerky_take, take_option),
    power("Yakuza Art").on_fulfil(yakuza_art).params({"cards", "credits"}),
    power("Hentai Manga")
        .on_fulfil(hentai_manga)
        .on_lose(hentai_manga_lost)
        .render(Kind::hentai_manga_place, hentai_option),
    power("Jidohanbaiki")
        .on_fulfil(jidohanbaiki)
        .on_lose(jidohanbaiki_lost)
        .params({"credits"})
        .render(Kind::jidohanbaiki_use, jidohanbaiki_option),
    power("Toto Toilets").on_fulfil(toto_toilets).on_lose(toto_toilets_lost),
    power("PlayStations")
        .hook(Event::load_action, playstations)
        .params({"tech_goods_per_extra", "extra_containers"})
        .render(Kind::playstations_load, load_or_pass),
    power("Ramen").on_fulfil(ramen).hook(Event::turn_ended, ramen_turn_ended),
    power("Toyota").hook(Event::ship_returned, toyota).params({"cards"}),
    power("Tsukiji Fish").any_time(AnyTimeFrom::fulfilled, tsukiji_fish, tsukiji_fish_place, true),
};

}  // namespace

// fulfilment._tuck_elsewhere (IE-TOKYO-6): each illegal contract p just completed may go to
// his crew or goods instead of his completed contracts, where it has room as if never
// tucked; only its immediate power then resolves. Options (hentai_manga_place, context: the
// contract): {0: fulfilled}, {1: crew}, {2: goods}, those with room.
void tuck_elsewhere(Game& g, int p, const SmallVec<ContractId, kMaxShipContracts>& contracts,
                    SmallVec<ContractId, kMaxShipContracts>& moved) {
    State& s = g.s;
    for (ContractId cid : contracts) {
        if (g.table().contract(cid).color != RED) continue;
        const int card = g.table().card_of(cid);
        auto& done = s.fulfilled[at(p)];
        const int k = done.index_of(cid);
        done.pop_at(k);  // the limits without it, then back in place
        Options options = {opt(0)};
        if (s.crew[at(p)].size() < crew_limit(g, p)) options.push_back(opt(1));
        if (goods_fit(g, p, card)) options.push_back(opt(2));
        done.insert(k, cid);
        if (options.size() == 1) continue;
        const int where = options[at(g.ask(p, Kind::hentai_manga_place, options, cid))].a;
        if (where == 0) continue;
        leave_fulfilled(g, p, cid);
        moved.push_back(cid);
        if (where == 1) {
            if (to_crew(g, p, card) && listening(g, Event::crew_added)) {
                Payload payload;
                payload.card = card;
                emit(g, Event::crew_added, p, payload);
            }
        } else {
            to_goods(g, p, card);
        }
    }
}

const ModuleRegistration tokyo_module("tokyo");

}  // namespace deckhand::ie
