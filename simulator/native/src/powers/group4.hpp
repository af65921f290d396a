// The second half of base_ongoing.py's powers (Jets .. Shotguns), native: what their
// questions' options hold, for the bots and the debug text (ie_powers_group4.cpp asks them
// and registers how each reads: Python's repr of the same option).
//
// As the rules' own kinds (ie_game.hpp, ie_render.cpp): a question of verbs only numbers
// them in `a` in the order of Python's tuple; "pass" before values is {-1} (PASS), the
// values then start in `a`.
//
//   kind                options, in Python's order                        context
//   jets_take           {PASS}, {card} per container on the ship          the ship
//   flash_drives_take   {PASS}, {card} per container on the ship          the ship
//   paper_import        {PASS}, {ship} per ship at sea with containers    -
//   satellite_use       {0}: "use", {1}: "pass"                           -
//   batteries_use       {0}: "load", {1}: "pass"                          -
//   rope_swap           {PASS}, {island card, hand card}                  -
//   led_lights_swap     {PASS}, then per swap either {given..., taken..., n} (at most 3
//                       cards in all) or {RANKED, i, j, n}, n = how many given + 256 * how
//                       many taken: led_lights_parts reads both           -
//   contraband_use      {0}: "pirate", {1}: "pass"                        -
//   lumber_draw         {0}: "draw", {1}: "pass"                          the acting player
//   chairs_discard      {PASS}, {card} per hand card                      the acting player
//   flour_load          {0}: "pass", {1}: "load"                          -
//   flour_container     {card, ship, colour}: load_options' own options   -
//   shotguns_pay        {0}: "credits" and/or {1}: "cards", in that order  the Shotguns owner
//   shotguns_card       {card} per hand card of the payer                 the Shotguns owner
//
// The any-time uses (Use.args): Telescopes (card), a tech good to sell; Lutefisk (ship).
#pragma once

#include "ie_game.hpp"

namespace deckhand::ie::group4 {

constexpr int PASS = -1;
// LED Lights' swap when its cards do not fit one Option (more than 3 given and taken in
// all: a designer's sheet): i is the rank of the given cards among
// combinations(sorted(hand), cards_given), j of the taken ones among
// combinations(sorted(island), min(cards_taken, len(island))), as Python lists them; read
// against the leader's hand (LED Lights asks its owner leading, before he declares).
constexpr int RANKED = -2;

// LED Lights: the hand cards an option gives and the island cards it takes (Python's
// `out, into = choice`), read against the state the option was offered in.
void led_lights_parts(const Game& g, const Option& option, SmallVec<Card, kMaxCards>& given,
                      SmallVec<Card, kMaxCards>& taken);

}  // namespace deckhand::ie::group4
