"""The base game of the rulebook (REGOLAMENTO): setup, the five actions, travel, limits, deck.

Tables are built by hand with `new_table(...).arrange(...)` (see conftest.py); the default
countries are player 0 Italy, player 1 Japan, player 2 Brazil and Egypt in the centre.
"""

from __future__ import annotations

import math

import pytest

from simulator.catalog import get_game
from simulator.core.errors import ConfigError
from simulator.core.seeding import GameRandom
from simulator.games.travel.cards import EXPANSIONS
from simulator.games.travel.rules import ACCEPT, REJECT

NO_CHARACTERS = tuple(m for m in EXPANSIONS if m != "characters")


def _km(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Great-circle distance, written independently of the rules' own helper."""
    (la1, lo1), (la2, lo2) = (map(math.radians, a)), (map(math.radians, b))
    cos = math.sin(la1) * math.sin(la2) + math.cos(la1) * math.cos(la2) * math.cos(lo2 - lo1)
    return 6371.0 * math.acos(max(-1.0, min(1.0, cos)))


# ---------------------------------------------------------------- Preparazione


@pytest.mark.parametrize(
    ("players", "modules"),
    [(2, ()), (3, ()), (5, ()), (10, ()), (4, NO_CHARACTERS), (6, EXPANSIONS), (9, NO_CHARACTERS)],
)
def test_setup_counts(new_table, players, modules):
    """Preparazione 1-3: a passport each, the rest set aside; one country per player and one
    in the centre, the rest set aside; the items make the deck and each player draws 3.

    Rulings: T-SETUP-1, T-SETUP-5.
    """
    for seed in range(5):
        t = new_table(players=players, modules=modules, seed=seed)
        s, cards, g = t.state, t.cards, t.game
        for hand in s.hands:
            types = sorted(cards.types[c] for c in hand)
            assert types == ["item", "item", "item", "passport"]
        # only the dealt passports are in play: the rest are put away
        in_play = s.deck + s.discard + [c for h in s.hands for c in h]
        assert sum(g.is_passport[c] for c in in_play) == players
        # countries: one per player, one central, all distinct, the rest set aside
        placed = [*s.country, s.central]
        assert len(set(placed)) == players + 1
        assert sorted(placed + s.set_aside_countries) == sorted(cards.countries)
        assert s.completed == [0] * players
        expansion = sum(len(cards.by_module[m]) for m in modules if m != "characters")
        assert len(s.deck) == len(cards.items) - 3 * players + expansion
        assert s.discard == []
        g.check_invariants(s)


def test_base_sheet_has_the_rulebook_card_counts(new_table):
    """Tipi di Carte Base: "PAESI (x13) OGGETTI (x32) PASSAPORTI (x12)"; expansions:
    eventi x4, oggetti speciali x9, oggetti proibiti x3, cartoline x6, personaggi x6."""
    cards = new_table().cards
    assert (len(cards.countries), len(cards.items), len(cards.passports)) == (13, 32, 12)
    counts = {m: len(cards.by_module[m]) for m in EXPANSIONS}
    assert counts == {
        "events": 4,
        "special_items": 9,
        "forbidden_items": 3,
        "postcards": 6,
        "characters": 6,
    }
    assert all(len(cards.requires[c]) == 3 for c in cards.countries)


def test_expansion_cards_are_shuffled_in_after_the_opening_hands(new_table):
    """Espansioni: "Dopo la fase 3 della preparazione, mescola nel mazzo ..." so no
    expansion card is ever in an opening hand, and all of them are in the deck.

    Ruling: T-SETUP-2.
    """
    for seed in range(30):
        t = new_table(players=6, modules=EXPANSIONS, seed=seed)
        s, g = t.state, t.game
        for hand in s.hands:
            assert {t.cards.types[c] for c in hand} <= {"item", "passport"}
        assert set(g.expansion_deck) <= set(s.deck)
        assert not set(t.cards.characters) & set(s.deck)  # characters are not cards in play


def test_expansion_cards_are_shuffled_into_the_deck_not_stacked(new_table):
    """Espansioni: "Mescola nel mazzo qualunque carta espansione desiderata" (shuffled among
    the remaining items, neither all on top nor all at the bottom).

    Ruling: T-SETUP-2.
    """
    for seed in range(10):
        t = new_table(players=4, modules=NO_CHARACTERS, seed=seed)
        is_item = [t.cards.types[c] == "item" for c in t.state.deck]
        changes = sum(a != b for a, b in zip(is_item, is_item[1:], strict=False))
        assert changes > 1  # not one block of items and one block of expansion cards


def test_passports_are_dealt_face_up(new_table):
    """Preparazione 1: "Ogni giocatore prende un passaporto." (openly: ruling T-SETUP-1)"""
    t = new_table(players=3)
    for p in range(3):
        (passport,) = [c for c in t.state.hands[p] if t.game.is_passport[c]]
        assert t.state.known[p] == {passport}
        assert passport in t.game.observe(t.state, (p + 1) % 3).known(p)


def test_first_player_has_the_country_closest_to_the_central_one(new_table):
    """Inizio del gioco: "Il giocatore con la carta paese più vicina, nel mondo reale, alla carta
    paese centrale comincia per primo."

    Ruling: T-SETUP-3.
    """
    t = new_table(players=3)
    t.arrange([[], [], []], countries=["Japan", "France", "Brazil"], central="Italy")
    assert t.game._first_player(t.state, GameRandom.for_game(0, 0, 0)) == 1
    t.arrange([[], [], []], countries=["Japan", "Mexico", "China"], central="India")
    assert t.game._first_player(t.state, GameRandom.for_game(0, 0, 0)) == 2
    # and over many random deals, checked against an independent distance
    coords = t.cards.coords
    for seed in range(40):
        s = new_table(players=4, seed=seed).state
        dist = [_km(coords[c], coords[s.central]) for c in s.country]
        assert s.first_player == s.current == dist.index(min(dist))
        d = new_table(players=4, seed=seed).play()
        assert d.expect("action").player == s.first_player


def test_play_goes_clockwise_one_action_per_turn(new_table):
    """Inizio del gioco: "Il gioco si svolge in senso orario." Azioni: "Dopo aver completato
    un'azione, il tuo turno termina."

    Ruling: T-TURN-1.
    """
    t = new_table(players=3)
    t.arrange([["Passport"], ["Passport"], ["Passport"]], current=2)
    d = t.play()
    seen = []
    for _ in range(5):
        seen.append(d.expect("action").player)
        d.send(("draw",))
    assert seen == [2, 0, 1, 2, 0]
    assert [len(h) for h in t.state.hands] == [3, 2, 3]  # exactly one card per turn


# ---------------------------------------------------------------- Azioni


def test_draw_takes_the_top_card_of_the_deck(new_table):
    """Azioni 1. PESCA: "Pesca 1 carta dal mazzo." """
    t = new_table(players=2)
    t.arrange([["Passport"], ["Passport"]], deck=["Tea", "Spices"])
    deck_size = len(t.state.deck)
    d = t.play()
    d.send(("draw",), "action", 0)
    assert t.hand(0) == ["Passport", "Tea"]
    assert len(t.state.deck) == deck_size - 1
    assert t.card("Tea") in t.state.log[0]["drawn"]


def test_recycle_costs_two_cards_and_takes_one_from_the_discard_pile(new_table):
    """Azioni 2. RICICLA: "Costo: scarta 2 carte dalla tua mano. Prendi una carta a tua scelta
    dalla pila degli scarti."

    Ruling: T-RECYCLE-1.
    """
    t = new_table(players=2)
    t.arrange([["Passport", "Tea", "Spices"], ["Camera"]], discard=["Corkscrew"])
    d = t.play()
    d.send(("recycle",), "action", 0)
    d.send(t.card("Tea"), "recycle_cost", 0)
    d.send(t.card("Spices"), "recycle_cost", 0)
    d.send(t.card("Corkscrew"), "recycle_take", 0)
    assert t.hand(0) == ["Corkscrew", "Passport"]
    assert t.names(t.state.discard) == ["Spices", "Tea"]
    assert t.card("Corkscrew") in t.state.known[0]  # taken face up (T-KNOWN-1)
    d.expect("action", 1)


def test_recycle_needs_two_cards_to_pay(new_table):
    """Azioni 2. RICICLA: "Costo: scarta 2 carte dalla tua mano." """
    t = new_table(players=2)
    t.arrange([["Passport"], ["Camera"]], discard=["Corkscrew"])
    assert "recycle" not in t.play().verbs(0)
    t.arrange([["Passport", "Tea"], ["Camera"]], discard=["Corkscrew"])
    assert "recycle" in t.play().verbs(0)


def test_trade_swaps_cards_face_up(new_table):
    """Azioni 3. SCAMBIA: "Scambia 1 o più carte con 1 altro giocatore. Devono essere scambiate
    a faccia in su!" (everybody sees them: they enter the public `known` cards)

    Rulings: T-TRADE-1, T-KNOWN-1.
    """
    t = new_table(players=3)
    t.arrange([["Passport", "Tea"], ["Camera", "Umbrella"], ["Spices"]], deck=["Road Map"])
    d = t.play()
    d.offer(0, 1, give=[t.card("Tea")], ask=[t.kind("Camera")])
    d.send(ACCEPT)
    view2 = t.game.observe(t.state, 2)
    assert t.card("Camera") in view2.known(0)
    assert t.card("Tea") in view2.known(1)
    assert t.card("Road Map") not in view2.known(0)  # the bonus card is drawn face down
    assert len(view2.hand) == 1 and view2.hand_sizes == (3, 2, 1)


def test_trade_must_give_at_least_one_card(new_table):
    """Azioni 3. SCAMBIA: "Scambia 1 o più carte" (DONE is offered only after one card).

    Ruling: T-TRADE-1.
    """
    t = new_table(players=2)
    t.arrange([["Passport", "Tea"], ["Camera"]])
    d = t.play()
    d.send(("trade", 1), "action", 0)
    assert set(d.options("trade_give", 0)) == set(t.state.hands[0])


def test_refused_offers_per_turn_are_limited_by_the_sheet(new_table):
    """Ruling T-TRADE-2 (assumed, not in the rulebook): at most `offers_per_turn` offers a turn,
    so a refusal loop cannot stall the game."""
    t = new_table(players=2)
    t.arrange([["Passport", "Tea"], ["Camera", "Umbrella"]])
    limit = t.state.rules[0]["offers_per_turn"]
    d = t.play()
    for _ in range(limit):
        d.offer(0, 1, give=[t.card("Tea")], ask=[t.kind("Camera")])
        d.send(REJECT)
    assert "trade" not in d.verbs(0)
    assert "draw" in d.verbs(0)


def test_trade_partner_over_the_limit_discards_too(new_table):
    """Altre regole: "Se a un certo punto hai più di 7 carte in mano, scarta quelle in più per
    averne solo 7." (also the partner of a trade, off-turn)

    Ruling: T-HAND-1.
    """
    t = new_table(players=2)
    seven = ["Camera", "Umbrella", "Road Map", "Winter Coat", "Hiking Boots", "Swimsuit", "Tea"]
    t.arrange([["Passport", "Spices", "Binoculars"], seven], deck=["Sun Hat"])
    d = t.play()
    d.offer(0, 1, give=[t.card("Spices"), t.card("Binoculars")], ask=[t.kind("Camera")])
    d.send(ACCEPT)
    d.expect("discard_over_limit", 1)
    assert len(t.state.hands[1]) == 8
    d.send(t.card("Spices"))
    assert len(t.state.hands[1]) == 7
    d.expect("action", 1)


def test_steal_costs_one_card_and_takes_a_random_card(new_table):
    """Azioni 4. RUBA: "Costo: scarta 1 carta dalla tua mano. Prendi 1 carta a caso dalla mano
    di un altro giocatore."

    Ruling: T-STEAL-1.
    """
    taken = set()
    for seed in range(16):
        t = new_table(players=3)
        t.arrange([["Passport", "Tea"], ["Camera", "Umbrella"], []])
        d = t.play(seed=seed)
        assert ("steal", 1) in d.options("action", 0)
        assert ("steal", 2) not in d.options("action", 0)  # nothing to take from player 2
        d.send(("steal", 1))
        assert d.options("steal_cost", 0) == tuple(t.state.hands[0])
        d.send(t.card("Tea"))
        assert t.state.discard == [t.card("Tea")]
        assert len(t.state.hands[0]) == 2 and len(t.state.hands[1]) == 1
        got = (set(t.hand(0)) - {"Passport"}).pop()
        assert {got, *t.hand(1)} == {"Camera", "Umbrella"}
        taken.add(got)
    assert taken == {"Camera", "Umbrella"}  # at random, not the thief's choice


# ---------------------------------------------------------------- Viaggiare


def test_travel_discards_the_3_items_keeps_the_rest_removes_the_country_and_draws_1(new_table):
    """Viaggiare: "Fai vedere agli altri giocatori tutte le carte che hai in mano. Scarta i 3
    oggetti usati per viaggiare. Tieni il passaporto e il resto di carte. Rimuovi il paese
    completato dal tavolo da gioco. Pesca 1 carta gratuita dal mazzo."

    Ruling: T-TRAVEL-1.
    """
    t = new_table(players=2)
    italy = t.needs("Italy")
    t.arrange([["Passport", *italy, "Tea"], ["Camera"]], deck=["Spices"])
    d = t.play()
    d.send(("travel",), "action", 0)
    s = t.state
    assert t.hand(0) == ["Passport", "Spices", "Tea"]
    assert t.names(s.discard) == sorted(italy)
    assert s.country[0] == -1 and s.completed[0] == 1
    assert s.target(0) == s.central
    assert {t.card("Passport"), t.card("Tea")} <= s.known[0]  # the hand was shown
    assert t.card("Spices") not in s.known[0]  # the free card is drawn after showing
    assert s.winners == []
    d.expect("action", 1)


@pytest.mark.parametrize("missing", [0, 1, 2])
def test_travel_needs_every_item_of_the_country(new_table, missing):
    """Viaggiare: "Tutti gli oggetti richiesti da quel paese" """
    t = new_table(players=2)
    items = t.needs("Italy")
    del items[missing]
    t.arrange([["Passport", *items, "Tea", "Spices"], ["Camera"]])
    assert "travel" not in t.play().verbs(0)


def test_travel_needs_a_passport(new_table):
    """Viaggiare: "Il passaporto" / Scopo del gioco: "Devi possedere questi oggetti e il tuo
    passaporto per viaggiarci." """
    t = new_table(players=2)
    t.arrange([[*t.needs("Italy"), "Tea"], ["Camera"]])
    assert "travel" not in t.play().verbs(0)
    t.arrange([["Passport", *t.needs("Italy")], ["Camera"]])
    assert "travel" in t.play().verbs(0)


def test_own_country_comes_before_the_central_one(new_table):
    """Scopo del gioco: "Ma, per prima cosa, ogni giocatore deve viaggiare attraverso il proprio
    paese."

    Ruling: T-TRAVEL-1.
    """
    t = new_table(players=2)
    t.arrange([["Passport", *t.needs("Egypt")], ["Camera"]])  # Italy not done yet
    assert "travel" not in t.play().verbs(0)
    assert t.state.target(0) == t.card("Italy")


def test_first_to_travel_to_the_central_country_wins(new_table):
    """Scopo del gioco: "Il primo giocatore a "viaggiare" nel paese centrale vince."
    Viaggiare: "Se sei il primo a viaggiare nel paese centrale, complimenti! Hai vinto!"

    Ruling: T-END-1.
    """
    t = new_table(players=3)
    t.arrange(
        [["Camera"], ["Passport", *t.needs("Egypt")], ["Spices"]],
        countries=["Italy", None, "Brazil"],
        current=1,
    )
    d = t.play()
    d.send(("travel",), "action", 1)
    assert d.over
    assert t.state.winners == [1]
    assert t.state.end_reason == "central_country"
    assert t.state.completed[1] == 2
    assert t.hand(1) == ["Passport"]  # no free card after the winning trip (T-END-1)
    outcome = t.game.outcome(t.state)
    assert outcome.winners == [1] and outcome.players[1].placement == 1


def test_turn_limit_ends_the_game_without_a_winner(new_table):
    """Ruling T-END-2 (simulator only): at the turn limit the game stops with no winner."""
    t = new_table(players=2, max_turns=3)
    t.arrange([["Passport"], ["Passport"]])
    d = t.play()
    for _ in range(3):
        d.send(("draw",), "action")
    assert d.over
    assert t.state.winners == [] and t.state.end_reason == "turn_limit"


# ---------------------------------------------------------------- Altre regole


def test_hand_limit_is_7_including_passports(new_table):
    """Altre regole: "Puoi avere in mano al massimo 7 carte (inclusi i passaporti e gli oggetti
    speciali)."

    Ruling: T-HAND-1.
    """
    t = new_table(players=2)
    six = ["Passport", "Tea", "Spices", "Binoculars", "Winter Coat", "Road Map"]
    t.arrange([six, ["Camera"]], deck=["Hiking Boots", "Swimsuit"])
    assert t.state.rules[0]["hand_limit"] == 7
    d = t.play()
    d.send(("draw",), "action", 0)  # 7 cards: fine
    d.send(("draw",), "action", 1)
    d.send(("draw",), "action", 0)  # 8 cards: discard one, the passport counts
    over = d.expect("discard_over_limit", 0)
    assert t.card("Passport") in over.options
    d.send(t.card("Tea"))
    assert len(t.state.hands[0]) == 7


def test_empty_hand_draws_3_at_turn_start_and_that_is_not_the_action(new_table):
    """Mano vuota: "Se all'inizio del tuo turno non hai niente in mano, pesca 3 carte. Questa non
    è considerata un'azione."

    Ruling: T-HAND-2.
    """
    t = new_table(players=2)
    t.arrange([[], ["Camera"]], deck=["Tea", "Spices", "Binoculars", "Road Map"])
    d = t.play()
    d.expect("action", 0)
    assert t.hand(0) == ["Binoculars", "Spices", "Tea"]
    d.send(("draw",))  # the action is still to take
    assert t.hand(0) == ["Binoculars", "Road Map", "Spices", "Tea"]
    d.expect("action", 1)


def test_the_discard_pile_becomes_the_deck_when_the_last_card_is_drawn(new_table):
    """Mazzo Terminato: "Quando l'ultima carta del mazzo è stata pescata, rimescola la pila degli
    scarti per creare un nuovo mazzo."

    Ruling: T-DECK-1.
    """
    t = new_table(players=2)
    t.arrange([["Passport"], ["Camera"]], deck=["Tea"], rest="discard")
    pile = sorted(t.state.discard)
    assert len(t.state.deck) == 1 and pile
    d = t.play()
    d.send(("draw",), "action", 0)
    assert t.hand(0) == ["Passport", "Tea"]
    assert sorted(t.state.deck) == pile
    assert t.state.discard == []


def test_drawing_from_an_empty_deck_reshuffles_a_non_empty_discard_pile(new_table):
    """Mazzo Terminato: "Quando l'ultima carta del mazzo è stata pescata, rimescola la pila degli
    scarti per creare un nuovo mazzo." The deck can be empty while the pile is not (the last
    card drawn when the pile was empty, or taken by the Local Guide); a draw must then use the
    pile, as the code's own comment says: "deck and discard both empty: nothing to draw".

    Ruling: T-DECK-1.
    """
    t = new_table(players=2)
    t.arrange([["Passport"], ["Camera"]], rest="discard")
    assert t.state.deck == [] and t.state.discard
    d = t.play()
    d.send(("draw",), "action", 0)
    assert len(t.state.hands[0]) == 2


def test_players_per_config():
    """Twelve passports (Tipi di Carte Base) but a playable deck caps the table (T-SETUP-4);
    characters are one per player and there are six (Personaggi).

    Ruling: T-SETUP-4.
    """
    spec = get_game("travel")
    spec.make_config(2)
    spec.make_config(6, ("characters",))
    spec.make_config(10)
    with pytest.raises(ConfigError):
        spec.make_config(1)
    with pytest.raises(ConfigError):
        spec.make_config(11)
    with pytest.raises(ConfigError):
        spec.make_config(7, ("characters",))
