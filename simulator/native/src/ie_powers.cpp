// powers/framework.py and powers/common.py: the registry of native powers, telling them what
// happens (emit), a contract's power gained, copied or lost, the scoring stages, and the
// small operations powers share.
#include <map>

#include "ie_powers.hpp"
#include "ie_variants.hpp"

namespace deckhand::ie {

namespace {

inline std::size_t at(int i) { return static_cast<std::size_t>(i); }

std::map<std::string, PowerDef>& registry() {
    static std::map<std::string, PowerDef> powers;
    return powers;
}

std::vector<std::string>& errors() {
    static std::vector<std::string> found;
    return found;
}

std::map<int, RenderOption>& renders() {
    static std::map<int, RenderOption> found;
    return found;
}

bool is_card_event(Event event) {  // framework.CARD_OF
    return event == Event::container_loaded || event == Event::plundered || event == Event::contract_placed;
}

// The card an event concerns (framework.CARD_OF).
int card_of_event(const Game& g, Event event, const Payload& payload) {
    if (event == Event::contract_placed) return g.table().card_of(payload.contract);
    return payload.card;
}

void tell_draws(Game& g) {
    for (int q = 0; q < g.s.n; ++q) {
        if (g.s.mods[at(q)].drew_cards) {
            g.s.mods[at(q)].drew_cards = false;
            emit(g, Event::cards_drawn, q);
        }
    }
}

}  // namespace

PowerBuilder& PowerBuilder::card_hook(Event event, CardHook h) {
    if (!is_card_event(event))
        errors().push_back(def_.name + ": card hooks listen to container_loaded, plundered, contract_placed");
    def_.card_hooks[static_cast<std::size_t>(event)] = h;
    return *this;
}

PowerRegistration::PowerRegistration(const PowerBuilder& builder) {
    const PowerDef& def = builder.def();
    if (registry().count(def.name) != 0) {
        errors().push_back(def.name + ": registered twice (one power(name) per card, its parts chained)");
        return;
    }
    if ((def.any_time == nullptr) != (def.any_time_from == AnyTimeFrom::none) ||
        (def.any_time != nullptr && def.use == nullptr))
        errors().push_back(def.name + ": an any-time power lists its uses and performs one (any_time)");
    for (const auto& [kind, render] : def.renders) renders()[static_cast<int>(kind)] = render;
    registry()[def.name] = def;
}

const PowerDef* find_power(const std::string& name) {
    auto found = registry().find(name);
    return found == registry().end() ? nullptr : &found->second;
}

namespace {
std::vector<std::string>& modules() {
    static std::vector<std::string> names;
    return names;
}
}  // namespace

ModuleRegistration::ModuleRegistration(const char* name) {
    for (const std::string& known : modules())
        if (known == name) {
            errors().push_back(std::string(name) + ": module registered twice");
            return;
        }
    modules().emplace_back(name);
}

std::vector<std::string> native_modules() { return modules(); }

std::vector<std::string> registered_powers() {
    std::vector<std::string> names;
    for (const auto& [name, def] : registry()) names.push_back(name);
    return names;
}

const std::vector<std::string>& power_errors() { return errors(); }

RenderOption find_render(Kind kind) {
    auto found = renders().find(static_cast<int>(kind));
    return found == renders().end() ? nullptr : found->second;
}

// ---------------------------------------------------------------- telling the powers

bool listening(const Game& g, Event event) {
    const State& s = g.s;
    return g.table().index.card_events[at(static_cast<int>(event))] || !s.hooks[at(static_cast<int>(event))].empty() ||
           !s.hooks[at(static_cast<int>(Event::cards_drawn))].empty();
}

// framework.PowerIndex.emit: the card's own power, the powers working from a hand, then the
// listeners in the order they were fulfilled; then any draws noted meanwhile (Nanobots).
void emit(Game& g, Event event, int actor, const Payload& payload) {
    const Table& t = g.table();
    const PowerIndex& index = t.index;
    const int e = static_cast<int>(event);
    const auto& statics = index.card_hooks[at(e)];
    if (!statics.empty()) {
        const int card = card_of_event(g, event, payload);
        int cid = -1;  // a dict card -> contract: the last registered for the card
        for (const auto& [c, id] : statics)
            if (c == card) cid = id;
        if (cid >= 0) {
            const Contract& c = t.contract(cid);
            c.power->card_hooks[at(e)](g, c, card, actor, payload);
        }
    }
    for (const auto& [card, cid] : index.hand_hooks[at(e)]) {
        int holder = -1;
        for (int q = 0; q < g.s.n && holder < 0; ++q)
            if (g.s.hands[at(q)].contains(card)) holder = q;
        if (holder >= 0) {
            const Contract& c = t.contract(cid);
            c.power->hand_hooks[at(e)](g, c, card, holder, actor, payload);
        }
    }
    if (!g.s.hooks[at(e)].empty()) {
        const auto listeners = g.s.hooks[at(e)];  // list(listeners): as they were now
        for (const HookEntry& h : listeners) {
            const Contract& c = t.contract(h.contract);
            c.power->hooks[at(e)](g, h.owner, c, actor, payload);
        }
    }
    if (!g.s.hooks[at(static_cast<int>(Event::cards_drawn))].empty()) tell_draws(g);
}

void emit(Game& g, Event event, int actor) {
    static const Payload none;
    emit(g, event, actor, none);
}

void note_draw(Game& g, int p) {
    if (!g.s.hooks[at(static_cast<int>(Event::cards_drawn))].empty()) g.s.mods[at(p)].drew_cards = true;
}

// ---------------------------------------------------------------- a contract's power

void fulfilled(Game& g, int owner, int contract_id, bool immediate_only) {
    const Contract& c = g.table().contract(contract_id);
    const PowerDef* def = c.power;
    if (def == nullptr) return;
    if (immediate_only && c.timing != Timing::immediate) return;
    const HookEntry entry{static_cast<std::int8_t>(owner), static_cast<ContractId>(contract_id)};
    if (!immediate_only) {
        for (int e = 0; e < kEvents; ++e)
            if (def->hooks[at(e)] != nullptr) g.s.hooks[at(e)].push_back(entry);
        if (def->any_time_from == AnyTimeFrom::fulfilled) g.s.hooks[kAnyTimeHooks].push_back(entry);
    }
    if (def->on_fulfil != nullptr) {
        def->on_fulfil(g, owner, c);
        if (!g.s.hooks[at(static_cast<int>(Event::cards_drawn))].empty()) tell_draws(g);
    }
}

void copied(Game& g, int owner, int contract_id) {
    g.s.mods[at(owner)].copied_powers.push_back(static_cast<ContractId>(contract_id));
    fulfilled(g, owner, contract_id);
}

void lost(Game& g, int owner, int contract_id) {
    const Contract& c = g.table().contract(contract_id);
    const PowerDef* def = c.power;
    if (def == nullptr) return;
    const HookEntry entry{static_cast<std::int8_t>(owner), static_cast<ContractId>(contract_id)};
    for (int e = 0; e <= kEvents; ++e) {
        if (e < kEvents && def->hooks[at(e)] == nullptr) continue;
        auto& listeners = g.s.hooks[at(e)];
        if (listeners.contains(entry)) listeners.remove(entry);
    }
    if (def->on_lose != nullptr) def->on_lose(g, owner, c);
}

void gained(Game& g, int owner, int contract_id) {
    const Contract& c = g.table().contract(contract_id);
    const PowerDef* def = c.power;
    if (def == nullptr) return;
    const HookEntry entry{static_cast<std::int8_t>(owner), static_cast<ContractId>(contract_id)};
    for (int e = 0; e < kEvents; ++e)
        if (def->hooks[at(e)] != nullptr) g.s.hooks[at(e)].push_back(entry);
    if (def->any_time_from == AnyTimeFrom::fulfilled) g.s.hooks[kAnyTimeHooks].push_back(entry);
    if (def->on_lose != nullptr && def->on_fulfil != nullptr) def->on_fulfil(g, owner, c);
}

void end_stage(Game& g, EndStageName stage, Scoring& sc) {
    const int k = static_cast<int>(stage);
    for (int owner = 0; owner < g.s.n; ++owner) {
        SmallVec<ContractId, kMaxCards + 8> ids;  // [*fulfilled, *copies], as they are now
        ids.extend(g.s.fulfilled[at(owner)]);
        ids.extend(g.s.mods[at(owner)].copied_powers);
        for (ContractId cid : ids) {
            const Contract& c = g.table().contract(cid);
            if (c.power != nullptr && c.power->end[at(k)] != nullptr) c.power->end[at(k)](g, owner, c, sc);
        }
    }
}

void in_cargo(Game& g, int card, int ship, const SmallVec<ContractId, kMaxShipContracts>& contracts, int filled) {
    const Contract& c = g.table().contract(g.table().index.cargo_contract[at(card)]);
    c.power->on_cargo(g, c, card, ship, contracts, filled);
}

// ---------------------------------------------------------------- common.py

SmallVec<std::int8_t, kMaxPlayers> other_players(const Game& g, int owner) {
    SmallVec<std::int8_t, kMaxPlayers> others;
    for (int i = 1; i < g.s.n; ++i) others.push_back(static_cast<std::int8_t>((owner + i) % g.s.n));
    return others;
}

SmallVec<Card, kMaxCards> draw(Game& g, int p, int count) {
    SmallVec<Card, kMaxCards> drawn;
    for (int k = 0; k < count; ++k) {
        const int card = deck_pop(g);
        if (card < 0) break;
        g.s.hands[at(p)].push_back(static_cast<Card>(card));
        g.s.log_event(p, Logged::drawn, card);
        drawn.push_back(static_cast<Card>(card));
    }
    if (!drawn.empty()) note_draw(g, p);
    return drawn;
}

bool transfer(Game& g, int payer, int payee, int amount) {
    if (!pay(g, payer, amount)) return false;
    gain(g, payee, amount);
    return true;
}

SmallVec<std::int8_t, 6> good_types(const Game& g) {
    SmallVec<std::int8_t, 6> types;
    for (int c = 0; c < GREY; ++c) types.push_back(static_cast<std::int8_t>(c));
    if (g.table().capital) types.push_back(GREY);  // Capital's grey goods (IE-CAP-3)
    return types;
}

Zone goods_of_type(const Game& g, int p, int color) {
    Zone found;
    const Zone& goods = g.s.goods[at(p)];
    const auto types = types_of_goods(g, goods);
    for (int k = 0; k < goods.size(); ++k)
        if (types[k] == color) found.push_back(goods[k]);
    return found;
}

void add_goods(Game& g, int p, int card, bool over_limit) {
    if (!over_limit) {
        to_goods(g, p, card);
        return;
    }
    card = goods_in(g, p, card);  // allow_over_limit: the invariant check is not native
    if (listening(g, Event::goods_added)) {
        Payload payload;
        payload.card = card;
        emit(g, Event::goods_added, p, payload);
    }
}

void leave_fulfilled(Game& g, int p, int contract_id) {
    g.s.fulfilled[at(p)].remove(static_cast<ContractId>(contract_id));
}

void fulfilled_to_goods(Game& g, int owner, int contract_id) {
    if (!g.s.fulfilled[at(owner)].contains(static_cast<ContractId>(contract_id))) return;
    leave_fulfilled(g, owner, contract_id);
    add_goods(g, owner, g.table().card_of(contract_id), true);
}

int take_container(Game& g, int ship, int card) {
    Ship& s = g.s.ships[ship];
    const int j = s.cargo.index_of(static_cast<Card>(card));
    if (j < 0) throw NativeError("take_container: a card not on the ship (a power bug)");
    s.cargo.pop_at(j);
    s.cargo_colors.pop_at(j);
    const int taken = as_card(g, card);  // a physical container: a discarded card (IE-VAR-8)
    if (taken >= 0) g.s.moving.push_back(static_cast<Card>(taken));
    ship_home(g, ship);
    if (taken >= 0) g.s.moving.remove(static_cast<Card>(taken));
    return taken;
}

}  // namespace deckhand::ie
