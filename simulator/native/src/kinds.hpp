// Every decision kind of Import/Export, in the order the Python engine declares them
// (simulator/games/import_export/decisions.py KINDS, the powers' kinds included: every set's,
// so a power ported later needs no new entry here). `kind_names()` gives the strings in
// this order; tests/native check them against KINDS. What each option of a kind holds is
// documented where the rule or power that asks it builds them (Option: ie_game.hpp).
#pragma once

#include <array>
#include <cstdint>

namespace deckhand::ie {

#define DECKHAND_IE_KINDS(X) \
    X(lead) /* the turn and the actions */ \
    X(lead_with) /* the turn and the actions */ \
    X(follow) /* the turn and the actions */ \
    X(follow_with) /* the turn and the actions */ \
    X(declare) /* the turn and the actions */ \
    X(capital_discard) /* the turn and the actions */ \
    X(any_time) /* the turn and the actions */ \
    X(supply) /* the turn and the actions */ \
    X(barter) /* the turn and the actions */ \
    X(contract) /* the turn and the actions */ \
    X(load) /* the turn and the actions */ \
    X(pirate) /* the turn and the actions */ \
    X(pirate_to) /* the turn and the actions */ \
    X(import_ship) /* the turn and the actions */ \
    X(bid) /* the turn and the actions */ \
    X(import_tie) /* the turn and the actions */ \
    X(import_take) /* the turn and the actions */ \
    X(import_place) /* the turn and the actions */ \
    X(container_color) /* the turn and the actions */ \
    X(antiquities_take) /* Antiquities (base_immediate.py) */ \
    X(apples_choice) /* Apples (base_immediate.py) */ \
    X(beer_choice) /* Beer (base_immediate.py) */ \
    X(insects_target) /* Insects (base_immediate.py) */ \
    X(insects_take) /* Insects (base_immediate.py) */ \
    X(opposition_leaflets_discard) /* Opposition Leaflets (base_immediate.py) */ \
    X(potatoes_choice) /* Potatoes (base_immediate.py) */ \
    X(rolls_royce_type) /* Rolls Royce (base_immediate.py) */ \
    X(sculptures_give) /* Sculptures (base_immediate.py) */ \
    X(showers_type) /* Showers (base_immediate.py) */ \
    X(vacuums_give) /* Vacuums (base_immediate.py) */ \
    X(vacuums_give_more) /* Vacuums (base_immediate.py) */ \
    X(bird_feed_buy) /* Bird Feed (base_immediate.py) */ \
    X(wind_turbines_copy) /* Wind Turbines (base_immediate.py) */ \
    X(platinum_rings_play) /* Platinum Rings (base_immediate.py) */ \
    X(stolen_documents_take) /* Stolen Documents (base_immediate.py) */ \
    X(shampoo_take) /* Shampoo (base_modifiers.py) */ \
    X(smart_cars_use) /* Smart Cars (base_modifiers.py) */ \
    X(cell_phones_use) /* Cell Phones (base_modifiers.py) */ \
    X(cell_phones_load) /* Cell Phones (base_modifiers.py) */ \
    X(stem_cells_use) /* Stem Cells (base_modifiers.py) */ \
    X(machine_arms_load) /* Machine Arms (base_modifiers.py) */ \
    X(dark_flight_source) /* Dark Flight (base_modifiers.py) */ \
    X(dark_flight_bid) /* Dark Flight (base_modifiers.py) */ \
    X(prefab_home_complete) /* Prefab Home (base_modifiers.py) */ \
    X(small_tank_give) /* A Small Tank (base_ongoing.py) */ \
    X(drones_draw) /* Drones (base_ongoing.py) */ \
    X(shoes_draw) /* Shoes (base_ongoing.py) */ \
    X(protractors_take) /* Protractors (base_ongoing.py) */ \
    X(jets_take) /* Jets (base_ongoing.py) */ \
    X(flash_drives_take) /* Flash Drives (base_ongoing.py) */ \
    X(paper_import) /* Paper (base_ongoing.py) */ \
    X(satellite_use) /* Satellite (base_ongoing.py) */ \
    X(batteries_use) /* Batteries (base_ongoing.py) */ \
    X(rope_swap) /* Rope (base_ongoing.py) */ \
    X(led_lights_swap) /* LED Lights (base_ongoing.py) */ \
    X(contraband_use) /* Contraband (base_ongoing.py) */ \
    X(lumber_draw) /* Lumber (base_ongoing.py) */ \
    X(chairs_discard) /* Chairs (base_ongoing.py) */ \
    X(flour_load) /* Flour (base_ongoing.py) */ \
    X(flour_container) /* Flour (base_ongoing.py) */ \
    X(shotguns_pay) /* Shotguns (base_ongoing.py) */ \
    X(shotguns_card) /* Shotguns (base_ongoing.py) */ \
    X(algorithm_place) /* The Algorithm (capital.py) */ \
    X(automation_ship) /* Automation (capital.py) */ \
    X(cheap_labor_ship) /* Cheap Labor (capital.py) */ \
    X(container_factory_place) /* Container Factory (capital.py) */ \
    X(euros_ship) /* Euros (capital.py) */ \
    X(gps_ship) /* GPS (capital.py) */ \
    X(yen_ship) /* Yen (capital.py) */ \
    X(fake_money_take) /* Fake Money (capital.py) */ \
    X(fake_money_load) /* Fake Money (capital.py) */ \
    X(interest_give) /* Interest (capital.py) */ \
    X(interest_keep) /* Interest (capital.py) */ \
    X(lucky_cards_type) /* Lucky Cards (capital.py) */ \
    X(market_data_give) /* Market Data (capital.py) */ \
    X(partnership_join) /* Partnership (capital.py) */ \
    X(maple_syrup_load) /* Maple Syrup (flag.py) */ \
    X(dragon_fruit_choice) /* Dragon Fruit (flag.py) */ \
    X(jasmine_tea_place) /* Jasmine Tea (flag.py) */ \
    X(paprika_load) /* Paprika (flag.py) */ \
    X(bamboo_place) /* Bamboo (j.py) */ \
    X(pocky_import) /* Pocky (j.py) */ \
    X(soy_sauce_use) /* Soy Sauce (j.py) */ \
    X(robo_cats_pair) /* Robo-Cats (j.py) */ \
    X(robo_cats_keep) /* Robo-Cats (j.py) */ \
    X(sushi_knives_card) /* Sushi Knives (j.py) */ \
    X(dino_bones_give) /* Dino Bones (kickstarter.py) */ \
    X(dino_bones_take) /* Dino Bones (kickstarter.py) */ \
    X(stretch_goal_import) /* Stretch Goal (kickstarter.py) */ \
    X(backpacks_draw) /* Backpacks (kickstarter.py) */ \
    X(ar_glasses_play) /* AR Glasses (kickstarter2.py) */ \
    X(railguns_give) /* Railguns (kickstarter2.py) */ \
    X(railguns_good) /* Railguns (kickstarter2.py) */ \
    X(sanitizer_discard_crew) /* Sanitizer (kickstarter2.py) */ \
    X(sanitizer_discard_goods) /* Sanitizer (kickstarter2.py) */ \
    X(nanobots_load) /* Nanobots (kickstarter2.py) */ \
    X(oat_milk_take) /* Oat Milk (kickstarter2.py) */ \
    X(spacecraft_place) /* Spacecraft (tokyo.py) */ \
    X(squid_jerky_take) /* Squid Jerky (tokyo.py) */ \
    X(hentai_manga_place) /* Hentai Manga (tokyo.py) */ \
    X(jidohanbaiki_use) /* Jidohanbaiki (tokyo.py) */ \
    X(playstations_load) /* PlayStations (tokyo.py) */

enum class Kind : std::int16_t {
#define DECKHAND_IE_KIND_ENUM(name) name,
    DECKHAND_IE_KINDS(DECKHAND_IE_KIND_ENUM)
#undef DECKHAND_IE_KIND_ENUM
};

constexpr int kKinds = 0
#define DECKHAND_IE_KIND_COUNT(name) +1
    DECKHAND_IE_KINDS(DECKHAND_IE_KIND_COUNT)
#undef DECKHAND_IE_KIND_COUNT
    ;

inline const std::array<const char*, kKinds>& kind_names() {
    static const std::array<const char*, kKinds> names = {
#define DECKHAND_IE_KIND_NAME(name) #name,
        DECKHAND_IE_KINDS(DECKHAND_IE_KIND_NAME)
#undef DECKHAND_IE_KIND_NAME
    };
    return names;
}

inline const char* kind_name(Kind kind) { return kind_names()[static_cast<std::size_t>(kind)]; }

}  // namespace deckhand::ie
