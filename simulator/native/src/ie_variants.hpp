// variants.py: the optional ways to play (`--variant`), native. The Market's goods markers
// (State::market) and the physical containers: a *token* is a Card id at or above the table's
// n_cards, `n_cards + 6 * colour + action`, whose colour and action the table's per-card
// arrays are extended to (configure_variants), so every reader of cargo, crew and goods by
// colour or action works unchanged. A token never enters a hand, the deck, the island or the
// discard pile, and it is never logged. Rulings IE-VAR-n. The rules call in at a few places,
// each behind one table flag, so a game without variants pays nothing.
#pragma once

#include "ie_game.hpp"

namespace deckhand::ie {

constexpr int kMarketTypes = GREY;  // markers for the five good types; grey has none (IE-VAR-1)
constexpr int kMarketTop = 2;
constexpr int kMarketBottom = -2;
constexpr int kTokenColors = 6;  // variants.TOKEN_COLORS: every colour, grey too (a Capital card's container)
constexpr int kActions = 6;  // game_api.KINDS: token ids per colour

// Extend the per-card tables to the tokens (variants.configure); called by finish_table.
void configure_variants(Table& t);
// The markers start at 0; the cards dealt under the ships at sea become containers (IE-VAR-5).
void variants_setup(Game& g);

inline bool is_token(const Game& g, int card) { return card >= g.table().n_cards; }
inline int token_of(const Table& t, int color, int action) { return t.n_cards + kActions * color + action; }

// The Market: a good placed moves its type's marker up (IE-VAR-1).
void market_good(Game& g, int card);
// Pay a completed ship its `payout` plus the markers, then move the markers down (IE-VAR-2..4).
int market_payout(Game& g, int ship, int payout);

// A card about to be loaded on ship i becomes a physical container (IE-VAR-5); `color` may be
// chosen (a grey card: IE-VAR-9). Returns what goes on the ship.
int load_token(Game& g, int p, int ship, int card, int& color);
// What a container taken off a ship into a hand, crew or goods brings: the card, or for a
// token the first card of its colour from the top of the discard pile, -1 if none (IE-VAR-8).
int as_card(Game& g, int card);
// containers_all: a card joining p's crew or goods becomes a token (IE-VAR-10).
int as_token(Game& g, int p, int card, Logged zone);

}  // namespace deckhand::ie
