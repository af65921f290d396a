// tokyo_port.py: the Tokyo Port, which replaces the Supply Island when the Tokyo set plays
// (`s.island` holds its cards; IE-TOKYO-1): its columns and what a card on it costs to place
// as a contract (IE-TOKYO-2 to IE-TOKYO-5). The Contract action offering its cards is
// ie_actions.cpp's contract_actions.
#include "ie_game.hpp"

namespace deckhand::ie {

namespace {
inline std::size_t at(int i) { return static_cast<std::size_t>(i); }
}  // namespace

// Each card's column: its level requirement (all its pips; a Flag card has none), the last
// column taking every higher level (IE-TOKYO-2); game_base._port_column_of.
void index_port_columns(Table& t) {
    const int last = static_cast<int>(t.rules.tokyo_column_costs.size()) - 1;
    t.port_column.assign(at(t.n_cards), 0);
    for (int card = 0; card < t.n_cards; ++card) {
        const int pips = t.contract(t.contracts_of[at(card)][0]).level_total;
        t.port_column[at(card)] = static_cast<std::int8_t>(std::max(0, std::min(pips, last)));
    }
}

int port_column(const Game& g, int card) { return g.table().port_column[at(card)]; }

// What p pays to place this Tokyo Port card as a contract: the credits on top of its column
// (IE-TOKYO-4); nothing with Toto Toilets, or from the Supply Island.
int port_cost(const Game& g, int p, int card) {
    if (!g.rules().tokyo_port || g.s.mods[at(p)].port_contract_free) return 0;
    return g.rules().tokyo_column_costs[at(port_column(g, card))];
}

void port_contract_options(const Game& g, int p, int budget, Options& out) {
    const State& s = g.s;
    if (!(g.rules().tokyo_port || s.mods[at(p)].port_contract_free)) return;
    Zone cards;
    for (Card c : s.island)
        if (s.credits[at(p)] >= port_cost(g, p, c)) cards.push_back(c);
    if (!cards.empty()) contract_options(g, p, budget, 1, out, &cards);
}

}  // namespace deckhand::ie
