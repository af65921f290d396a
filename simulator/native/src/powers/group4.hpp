// The second half of base_ongoing.py's powers (Jets .. Shotguns), native: what their
// questions' options hold, for the bots and the debug text (ie_powers_group4.cpp asks them).
//
// Every option is an Option (ie_game.hpp) whose `a` is a verb, the values after it:
//
//   kind                options, in Python's order                       context
//   jets_take           {PASS}, {TAKE, card} per container on the ship   the ship
//   flash_drives_take   {PASS}, {TAKE, card} per container on the ship   the ship
//   paper_import        {PASS}, {TAKE, ship} per ship at sea with cargo  -
//   satellite_use       {USE}, {PASS}                                    -
//   batteries_use       {USE}, {PASS}   (Python: "load", "pass")         -
//   rope_swap           {PASS}, {SWAP, island card, hand card}           -
//   led_lights_swap     {PASS}, {SWAP, given..., taken...} or {SWAP_RANKED, i, j}: see below
//   contraband_use      {USE}, {PASS}   (Python: "pirate", "pass")       -
//   lumber_draw         {USE}, {PASS}   (Python: "draw", "pass")         the acting player
//   chairs_discard      {PASS}, {TAKE, card} per hand card               the acting player
//   flour_load          {PASS}, {USE}   (Python: "pass", "load")         -
//   flour_container     {card, ship, colour}: load_options' own options  -
//   shotguns_pay        {CREDITS} and/or {CARDS}, in that order          the Shotguns owner
//   shotguns_card       {card} per hand card of the payer                the Shotguns owner
//
// The any-time uses: Telescopes {card} (a tech good to sell), Lutefisk {ship}.
#pragma once

#include "ie_game.hpp"

namespace deckhand::ie::group4 {

constexpr int PASS = 0;
constexpr int USE = 1;   // "use", "load", "pirate", "draw": the power's one verb
constexpr int TAKE = 1;  // a card (or ship) follows in b
constexpr int SWAP = 1;
// LED Lights' swap when its cards do not fit one Option (more than 3 given and taken in
// all: a designer's sheet): b is the rank of the given cards among
// combinations(sorted(hand), cards_given), c of the taken ones among
// combinations(sorted(island), min(cards_taken, len(island))), as Python lists them.
constexpr int SWAP_RANKED = 2;
constexpr int CREDITS = 1;
constexpr int CARDS = 2;

// LED Lights: the hand cards an option gives and the island cards it takes (Python's
// `out, into = choice`), read against the state the option was offered in.
void led_lights_parts(const Game& g, int owner, const Contract& led_lights, const Option& option,
                      SmallVec<Card, kMaxCards>& given, SmallVec<Card, kMaxCards>& taken);

}  // namespace deckhand::ie::group4
