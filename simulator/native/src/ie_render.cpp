// How a decision's options read, as Python's repr writes the same option (the differential
// test compares them, and names the first decision where the engines part with both).
#include "ie_render.hpp"

#include "ie_powers.hpp"

namespace deckhand::ie {

namespace {

std::string str(int v) { return std::to_string(v); }
std::string quoted(const char* s) { return std::string("'") + s + "'"; }
std::string tuple1(const std::string& a) { return "(" + a + ",)"; }
std::string tuple(std::initializer_list<std::string> items) {
    std::string out = "(";
    bool first = true;
    for (const auto& item : items) {
        out += (first ? "" : ", ") + item;
        first = false;
    }
    return out + ")";
}
std::string verb_of(const Option& o, std::initializer_list<const char*> verbs) {
    int k = 0;
    for (const char* v : verbs) {
        if (k == o.a) return quoted(v);
        ++k;
    }
    return "?" + str(o.a);
}

}  // namespace

std::string render_option(const Game& g, Kind kind, const Option& o, int context) {
    switch (kind) {
        case Kind::lead:
            if (o.a == 0) return tuple1(quoted("draw"));
            if (o.a == 1) return tuple({quoted("lead"), str(o.b)});
            return tuple({quoted("discard_contracts"), str(o.b)});
        case Kind::lead_with:
        case Kind::follow_with:
            return o.b < 0 ? str(o.a) : tuple({str(o.a), str(o.b)});
        case Kind::follow:
            if (o.a == 2) return tuple({quoted("follow_as"), str(o.b), str(o.c)});
            return tuple1(o.a == 0 ? quoted("follow") : quoted("draw"));
        case Kind::declare:
        case Kind::bid:
        case Kind::dark_flight_bid:
        case Kind::import_ship:
        case Kind::import_tie:
        case Kind::import_take:
        case Kind::container_color:  // a physical container's colour (ie_variants.cpp)
            return str(o.a);
        case Kind::any_time: {
            if (o.a == -1) return quoted("pass");
            if (o.a == -2) return "Use(power='discard_contracts', contract=-1, args=(" + str(o.b) + ",))";
            const Contract& c = g.table().contract(o.a);
            if (c.power != nullptr && c.power->render_use != nullptr) return c.power->render_use(g, o, context);
            std::string args;
            int used = 0;
            for (int v : {o.b, o.c, o.d}) {
                if (v == kNoArg) continue;
                args += (used++ ? ", " : "") + str(v);
            }
            if (used == 1) args += ",";
            return "Use(power='" + c.name + "', contract=" + str(o.a) + ", args=(" + args + "))";
        }
        case Kind::supply:
            return tuple({o.a == 0 ? quoted("sell") : quoted("crew"), str(o.b)});
        case Kind::contract:
            if (o.a < 0) return quoted("stop");  // only Tokyo Port cards (IE-TOKYO-4)
            return tuple({str(o.a), str(o.b), str(o.c)});
        case Kind::load:
            return tuple({str(o.a), str(o.b), str(o.c)});
        case Kind::pirate:
            if (o.a == 0) return tuple({quoted("ship"), str(o.b), str(o.c)});
            if (o.a == 1) return tuple({quoted("island"), str(o.b)});
            if (o.a == 2) return tuple1(quoted("deck"));
            return tuple({quoted("hand"), str(o.b)});
        case Kind::pirate_to:
        case Kind::cell_phones_load:
            return o.a < 0 ? quoted("discard") : tuple({str(o.a), str(o.b)});
        case Kind::import_place:
            return verb_of(o, {"crew", "goods"});
        case Kind::shampoo_take:
            return o.a == 0 ? quoted("take") : quoted("stop");
        case Kind::smart_cars_use:
            return o.a < 0 ? quoted("load") : tuple({quoted("island"), str(o.a)});
        case Kind::cell_phones_use:
            return verb_of(o, {"hand", "draw"});
        case Kind::stem_cells_use:
            return verb_of(o, {"pass", "goods"});
        case Kind::machine_arms_load:
            return o.a < 0 ? quoted("stop") : tuple({str(o.a), str(o.b), str(o.c)});
        case Kind::dark_flight_source:
            return verb_of(o, {"ship", "pass", "island"});
        case Kind::prefab_home_complete:
            return verb_of(o, {"wait", "complete"});
        case Kind::barter:  // Capital (ie_capital.cpp)
            return tuple({str(o.a), str(o.b)});
        case Kind::capital_discard:
            return o.a < 0 ? quoted("pass") : str(o.a);
        default:
            break;
    }
    if (RenderOption render = find_render(kind)) return render(g, o, context);
    return "<" + str(o.a) + ", " + str(o.b) + ", " + str(o.c) + ", " + str(o.d) + ">";
}

std::string render_options(const Game& g, Kind kind, const Options& options, int context) {
    std::string out = "(";
    for (std::size_t k = 0; k < options.size(); ++k)
        out += (k ? ", " : "") + render_option(g, kind, options[k], context);
    if (options.size() == 1) out += ",";
    return out + ")";
}

}  // namespace deckhand::ie
