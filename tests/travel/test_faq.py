"""Every answer of the rulebook's FAQ ("Domande frequenti") as at least one test.

Each docstring quotes the Italian sentence it checks. Tables are built by hand with
`new_table(...).arrange(...)` (see conftest.py); the default countries are player 0 Italy,
player 1 Japan, player 2 Brazil and Egypt in the centre.
"""

from __future__ import annotations

import pytest

from simulator.games.travel.rules import ACCEPT, DONE, REJECT

# ---------------------------------------------------------------- Viaggiare


def test_any_passport_works_even_one_dealt_to_another_player(new_table):
    """FAQ Viaggiare: "Puoi viaggiare con qualsiasi passaporto."

    Ruling: T-TRAVEL-1.
    """
    t = new_table(players=2)
    theirs = next(c for c in t.state.log[1]["opening"] if t.game.is_passport[c])
    t.arrange([[theirs, *t.needs("Italy")], ["Tea"]], deck=["Spices"])
    d = t.play()
    assert ("travel",) in d.options("action", 0)
    d.send(("travel",))
    assert t.state.completed[0] == 1
    assert theirs in t.state.hands[0]  # kept after travelling
    assert t.hand(0) == ["Passport", "Spices"]


def test_lost_passport_can_be_replaced_by_stealing_one(new_table):
    """FAQ Viaggiare: "Se perdi il tuo, fai un accordo o rubane un altro." (rubane)

    Rulings: T-TRAVEL-1, T-STEAL-1.
    """
    t = new_table(players=2)
    t.arrange(
        [[*t.needs("Italy"), "Tea"], ["Passport"]],
        deck=["Spices", "Binoculars", "Winter Coat", "Road Map"],
    )
    d = t.play()
    assert "travel" not in d.verbs(0)  # no passport, no travel
    d.send(("steal", 1), "action", 0)
    d.send(t.card("Tea"), "steal_cost", 0)
    assert "Passport" in t.hand(0)
    # player 1, now empty-handed, draws 3 and takes an action; then player 0 may travel
    d.send(("draw",), "action", 1)
    assert ("travel",) in d.options("action", 0)


def test_lost_passport_can_be_replaced_by_a_deal(new_table):
    """FAQ Viaggiare: "Se perdi il tuo, fai un accordo o rubane un altro." (fai un accordo)

    Rulings: T-TRAVEL-1, T-TRADE-1.
    """
    t = new_table(players=2)
    t.arrange([[*t.needs("Italy"), "Tea"], ["Passport", "Spices"]], deck=["Road Map", "Binoculars"])
    d = t.play()
    assert "travel" not in d.verbs(0)
    d.offer(0, 1, give=[t.card("Tea")], ask=[t.kind("Passport")])
    d.send(ACCEPT, "trade_answer", 1)
    d.send(("draw",), "action", 1)
    assert ("travel",) in d.options("action", 0)


# ---------------------------------------------------------------- Pescare


def test_may_draw_with_a_full_hand_then_discard_down_to_7(new_table):
    """FAQ Pescare: "Puoi pescare carte se la tua mano è piena, ma in seguito devi scartarne
    fino ad averne 7."

    Ruling: T-HAND-1.
    """
    t = new_table(players=2)
    full = ["Passport", "Tea", "Spices", "Binoculars", "Winter Coat", "Road Map", "Hiking Boots"]
    t.arrange([full, ["Camera"]], deck=["Corkscrew"])
    d = t.play()
    assert ("draw",) in d.options("action", 0)
    d.send(("draw",))
    drawn = t.card("Corkscrew")
    discard = d.expect("discard_over_limit", 0)
    assert len(discard.options) == 8 and drawn in discard.options
    d.send(t.state.hands[0][0])  # any card may go, even the passport
    assert len(t.state.hands[0]) == 7 and drawn in t.state.hands[0]
    assert t.hand(0).count("Passport") == 0
    d.expect("action", 1)


# ---------------------------------------------------------------- Riciclare


def test_recycle_may_take_any_card_of_the_discard_pile(new_table):
    """FAQ Riciclare: "Puoi cercare nella pila degli scarti qualsiasi cosa ti serva."

    Ruling: T-RECYCLE-1.
    """
    t = new_table(players=2)
    pile = ["Corkscrew", "Tea", "Spices", "Binoculars"]  # Corkscrew at the very bottom
    t.arrange([["Passport", "Road Map", "Winter Coat"], ["Camera"]], discard=pile)
    bottom = t.state.discard[0]
    d = t.play()
    d.send(("recycle",), "action", 0)
    d.send(t.card("Road Map"), "recycle_cost", 0)
    d.send(t.card("Winter Coat"), "recycle_cost", 0)
    take = d.expect("recycle_take", 0)
    assert set(take.options) == set(t.state.discard)  # the whole pile, not just the top
    d.send(bottom)
    assert t.hand(0) == ["Corkscrew", "Passport"]
    assert bottom not in t.state.discard


# ---------------------------------------------------------------- Scambio


def test_traded_cards_must_be_the_agreed_ones(new_table):
    """FAQ Scambio: "Puoi bluffare sulle carte nella tua mano, ma le carte scambiate devono
    essere quelle pattuite in precedenza."

    Ruling: T-TRADE-1.
    """
    t = new_table(players=2)
    t.arrange([["Passport", "Spices"], ["Camera", "Umbrella", "Tea"]], deck=["Road Map"])
    d = t.play()
    answer = d.offer(0, 1, give=[t.card("Spices")], ask=[t.kind("Camera")])
    assert answer.context == (0, (t.card("Spices"),), (t.kind("Camera"),))
    d.send(ACCEPT)
    assert t.hand(0) == ["Camera", "Passport", "Road Map"]  # exactly the asked card (+ bonus)
    assert t.hand(1) == ["Spices", "Tea", "Umbrella"]  # exactly the offered card


def test_a_player_cannot_accept_an_offer_asking_for_cards_they_lack(new_table):
    """FAQ Scambio: "... le carte scambiate devono essere quelle pattuite in precedenza."
    (a bluffing partner who lacks the asked card can only refuse)

    Ruling: T-TRADE-1.
    """
    t = new_table(players=2)
    t.arrange([["Passport", "Spices"], ["Umbrella", "Tea"]])
    d = t.play()
    d.send(("trade", 1), "action", 0)
    d.send(t.card("Spices"), "trade_give", 0)
    d.send(DONE, "trade_give", 0)
    assert t.kind("Camera") in d.options("trade_ask", 0)  # p0 cannot see p1's hand
    d.send(t.kind("Camera"))
    d.send(DONE, "trade_ask", 0)
    assert d.options("trade_answer", 1) == (REJECT,)


def test_trade_counts_may_differ_give_3_get_2(new_table):
    """FAQ Scambio: "Il numero di carte scambiate non deve necessariamente essere uguale. Per
    esempio, puoi dare 3 carte e riceverne 2: è sufficiente che entrambi i giocatori siano
    d'accordo."

    Ruling: T-TRADE-1.
    """
    t = new_table(players=2)
    t.arrange(
        [["Passport", "Tea", "Spices", "Binoculars"], ["Corkscrew", "Sunglasses", "Road Map"]],
        deck=["Hiking Boots"],
    )
    d = t.play()
    give = [t.card(name) for name in ("Tea", "Spices", "Binoculars")]
    d.offer(0, 1, give=give, ask=[t.kind("Corkscrew"), t.kind("Sunglasses")])
    d.send(ACCEPT, "trade_answer", 1)
    assert t.hand(0) == ["Corkscrew", "Hiking Boots", "Passport", "Sunglasses"]
    assert t.hand(1) == ["Binoculars", "Road Map", "Spices", "Tea"]


def test_refused_offer_lets_the_player_choose_another_action(new_table):
    """FAQ Scambio: "Lo scambio è completato solo dopo che le carte sono state scambiate. Se
    l'altro giocatore non accetta un'offerta, puoi scegliere un'altra azione."

    Ruling: T-TRADE-2.
    """
    t = new_table(players=2)
    t.arrange([["Passport", "Tea"], ["Camera", "Umbrella"]], deck=["Spices"])
    d = t.play()
    d.offer(0, 1, give=[t.card("Tea")], ask=[t.kind("Camera")])
    d.send(REJECT, "trade_answer", 1)
    # nothing changed hands and it is still player 0's turn, with an action to take
    assert t.hand(0) == ["Passport", "Tea"] and t.hand(1) == ["Camera", "Umbrella"]
    assert d.verbs(0) >= {"draw", "trade"}
    d.send(("draw",))
    assert t.hand(0) == ["Passport", "Spices", "Tea"]
    d.expect("action", 1)


@pytest.mark.parametrize("answer", [ACCEPT, REJECT])
def test_bonus_card_only_for_a_completed_trade_started_on_your_turn(new_table, answer):
    """FAQ Scambio: "Puoi pescare una carta bonus solo se lo scambio è riuscito e se è stato
    iniziato duranto il tuo turno."

    Ruling: T-TRADE-3.
    """
    t = new_table(players=2)
    t.arrange([["Passport", "Tea"], ["Camera", "Umbrella"]], deck=["Spices", "Binoculars"])
    deck_before = len(t.state.deck)
    d = t.play()
    d.offer(0, 1, give=[t.card("Tea")], ask=[t.kind("Camera")])
    d.send(answer, "trade_answer", 1)
    if answer == ACCEPT:
        # the starter draws the bonus card; the partner (not on their turn) draws none
        assert t.hand(0) == ["Camera", "Passport", "Spices"]
        assert t.hand(1) == ["Tea", "Umbrella"]
        assert len(t.state.deck) == deck_before - 1
        d.expect("action", 1)
    else:
        assert t.hand(0) == ["Passport", "Tea"]
        assert len(t.state.deck) == deck_before
        d.expect("action", 0)


# ---------------------------------------------------------------- Oggetti Proibiti

FORBIDDEN = ("forbidden_items",)


def test_forbidden_item_cannot_pay_the_steal_cost(new_table):
    """FAQ Oggetti Proibiti: "Non puoi scartare un oggetto proibito per pagare le azioni
    riciclo o furto." (furto)

    Ruling: T-FORBID-2.
    """
    t = new_table(players=2, modules=FORBIDDEN)
    t.arrange([["Fake Watches", "Tea"], ["Camera"]], discard=["Spices"])
    d = t.play()
    assert "recycle" not in d.verbs(0)  # only 1 card could pay a cost of 2
    d.send(("steal", 1), "action", 0)
    assert d.options("steal_cost", 0) == (t.card("Tea"),)


def test_forbidden_item_cannot_pay_the_recycle_cost(new_table):
    """FAQ Oggetti Proibiti: "Non puoi scartare un oggetto proibito per pagare le azioni
    riciclo o furto." (riciclo)

    Ruling: T-FORBID-2.
    """
    t = new_table(players=2, modules=FORBIDDEN)
    t.arrange([["Fake Watches", "Tea", "Spices"], ["Camera"]], discard=["Corkscrew"])
    fake = t.card("Fake Watches")
    d = t.play()
    d.send(("recycle",), "action", 0)
    assert fake not in d.options("recycle_cost", 0)
    d.send(t.card("Tea"))
    assert d.options("recycle_cost", 0) == (t.card("Spices"),)


def test_forbidden_item_cannot_be_discarded_over_the_hand_limit(new_table):
    """FAQ Oggetti Proibiti: "Se hai troppe carte nella tua mano e devi scartare, non puoi
    scartare un oggetto proibito."

    Rulings: T-FORBID-3, T-HAND-1.
    """
    t = new_table(players=2, modules=FORBIDDEN)
    hand = ["Fake Watches", "Passport", "Tea", "Spices", "Binoculars", "Winter Coat", "Road Map"]
    t.arrange([hand, ["Camera"]], deck=["Hiking Boots"])
    d = t.play()
    d.send(("draw",), "action", 0)
    options = d.options("discard_over_limit", 0)
    assert t.card("Fake Watches") not in options
    assert len(options) == 7


def test_forbidden_item_cannot_be_disposed_of_with_another_forbidden_item(new_table):
    """FAQ Oggetti Proibiti: "Non puoi scartare un oggetto proibito per scartare un altro
    oggetto proibito."

    Ruling: T-FORBID-1.
    """
    t = new_table(players=2, modules=FORBIDDEN)
    t.arrange([["Fake Watches", "Exotic Parrot", "Tea"], ["Camera"]])
    fake, parrot = t.card("Fake Watches"), t.card("Exotic Parrot")
    d = t.play()
    d.send(("dispose", fake), "action", 0)
    assert d.options("dispose_with", 0) == (t.card("Tea"),)
    d.send(t.card("Tea"))
    assert t.state.hands[0] == [parrot]


def test_two_forbidden_items_alone_cannot_be_disposed_of(new_table):
    """FAQ Oggetti Proibiti: "Non puoi scartare un oggetto proibito per scartare un altro
    oggetto proibito." (with no other card, no disposal is offered)

    Ruling: T-FORBID-1.
    """
    t = new_table(players=2, modules=FORBIDDEN)
    t.arrange([["Fake Watches", "Exotic Parrot"], ["Camera"]])
    d = t.play()
    assert "dispose" not in d.verbs(0)


def test_other_players_may_steal_forbidden_items(new_table):
    """FAQ Oggetti Proibiti: "Gli altri giocatori possono rubare i tuoi oggetti proibiti."

    Ruling: T-FORBID-2.
    """
    t = new_table(players=2, modules=FORBIDDEN)
    t.arrange([["Passport", "Tea"], ["Fake Watches"]])
    d = t.play()
    assert ("steal", 1) in d.options("action", 0)
    d.send(("steal", 1))
    d.send(t.card("Tea"), "steal_cost", 0)
    assert t.hand(0) == ["Fake Watches", "Passport"]
    assert "Fake Watches" not in t.hand(1)


@pytest.mark.parametrize("answer", [ACCEPT, REJECT])
def test_forbidden_item_can_be_traded_only_if_the_partner_accepts(new_table, answer):
    """FAQ Oggetti Proibiti: "Puoi scambiare un oggetto proibito con un altro giocatore, ma
    solo se accetta lo scambio."

    Ruling: T-FORBID-2.
    """
    t = new_table(players=2, modules=FORBIDDEN)
    t.arrange([["Passport", "Fake Watches"], ["Camera", "Tea"]], deck=["Spices"])
    fake = t.card("Fake Watches")
    d = t.play()
    d.offer(0, 1, give=[fake], ask=[t.kind("Camera")])
    assert set(d.options("trade_answer", 1)) == {ACCEPT, REJECT}
    d.send(answer)
    holder = 1 if answer == ACCEPT else 0
    assert fake in t.state.hands[holder]
    assert fake not in t.state.hands[1 - holder]


# ---------------------------------------------------------------- Oggetti Speciali

SPECIALS = ("special_items",)


def test_mousetrap_interrupts_a_steal_and_ends_the_thiefs_turn(new_table):
    """FAQ Oggetti Speciali: "Se interrompi l'azione di un altro giocatore con un oggetto
    speciale (come la Trappola per Topi (Mousetrap)), il suo turno termina."

    Ruling: T-SPECIAL-2.
    """
    t = new_table(players=2, modules=SPECIALS)
    t.arrange([["Red-Eye Flight", "Tea", "Spices"], ["Mousetrap", "Corkscrew"]])
    d = t.play()
    d.send(("special", t.card("Red-Eye Flight")), "action", 0)  # 2 actions this turn
    d.send(("steal", 1), "action", 0)
    d.send(t.card("Tea"), "steal_cost", 0)
    trap = d.expect("mousetrap", 1, options={ACCEPT, REJECT})
    assert trap.context == 0
    d.send(ACCEPT)
    # the theft failed and player 0's turn is over although an action was left
    assert t.hand(0) == ["Spices"]
    assert t.hand(1) == ["Corkscrew"]
    assert t.card("Mousetrap") in t.state.discard
    d.expect("action", 1)


def test_moms_credit_card_cannot_replace_a_passport(new_table):
    """FAQ Oggetti Speciali: "Carta di Credito di Mamma (Mom's Credit Card) non può
    rimpiazzare un passaporto o una cartolina." (passaporto)

    Ruling: T-SPECIAL-3.
    """
    t = new_table(players=2, modules=SPECIALS)
    italy = t.needs("Italy")
    t.arrange([["Mom's Credit Card", *italy[:2]], ["Camera"]])
    assert "travel" not in t.play().verbs(0)
    t.arrange([["Mom's Credit Card", *italy], ["Camera"]])  # even with all 3 items
    assert "travel" not in t.play().verbs(0)
    t.arrange([["Mom's Credit Card", "Passport", *italy[:2]], ["Camera"]])  # control
    assert "travel" in t.play().verbs(0)


def test_moms_credit_card_cannot_replace_a_postcard(new_table):
    """FAQ Oggetti Speciali: "Carta di Credito di Mamma (Mom's Credit Card) non può
    rimpiazzare un passaporto o una cartolina." (cartolina)

    Ruling: T-SPECIAL-3.
    """
    t = new_table(players=2, modules=("special_items", "postcards"))
    three = ["Postcard from Rome", "Postcard from Kyoto", "Postcard from Cairo"]
    t.arrange([[*three, "Mom's Credit Card", "Tea"], ["Spices"]], deck=["Road Map"])
    d = t.play()
    # every completed trade checks both players' postcards
    d.offer(0, 1, give=[t.card("Tea")], ask=[t.kind("Spices")])
    d.send(ACCEPT, "trade_answer", 1)
    assert not d.over and t.state.winners == []  # 3 postcards + the card are not 4
    d.expect("action", 1)
    # control: a real fourth postcard in the same trade wins at once
    t.arrange([[*three, "Mom's Credit Card", "Tea"], ["Postcard from Oslo"]], deck=["Road Map"])
    d = t.play()
    d.offer(0, 1, give=[t.card("Tea")], ask=[t.kind("Postcard from Oslo")])
    d.send(ACCEPT)
    assert d.over and t.state.winners == [0]


def test_local_guide_searches_the_deck_not_the_discard_pile(new_table):
    """FAQ Oggetti Speciali: "La Guida Locale (Local Guide) e l'Emporio (Trading Post) si
    applicano solo al mazzo, non alla pila degli scarti." (Guida Locale)

    Ruling: T-SPECIAL-4.
    """
    t = new_table(players=2, modules=SPECIALS)
    t.arrange(
        [["Local Guide", "Passport"], ["Camera"]],
        deck=["Tea", "Spices", "Binoculars", "Hiking Boots"],
        discard=["Corkscrew", "Sunglasses"],
    )
    pile = list(t.state.discard)
    top3 = t.state.deck[-3:]
    d = t.play()
    d.send(("special", t.card("Local Guide")), "action", 0)
    guide = d.expect("guide_take", 0)
    assert set(guide.options) == set(top3)
    assert not set(guide.options) & set(pile)
    d.send(t.card("Spices"))
    assert t.hand(0) == ["Passport", "Spices"]
    assert t.state.discard == [*pile, t.card("Local Guide")]


def test_trading_post_draws_from_the_deck_not_the_discard_pile(new_table):
    """FAQ Oggetti Speciali: "La Guida Locale (Local Guide) e l'Emporio (Trading Post) si
    applicano solo al mazzo, non alla pila degli scarti." (Emporio)

    Ruling: T-SPECIAL-5.
    """
    t = new_table(players=2, modules=SPECIALS)
    t.arrange(
        [["Trading Post", "Road Map", "Winter Coat", "Passport"], ["Camera"]],
        deck=["Tea", "Spices", "Binoculars"],
        discard=["Corkscrew"],
    )
    d = t.play()
    d.send(("special", t.card("Trading Post")), "action", 0)
    d.send(t.card("Road Map"), "post_discard", 0)
    d.send(t.card("Winter Coat"), "post_discard", 0)
    assert t.hand(0) == ["Binoculars", "Passport", "Spices", "Tea"]  # the deck's top 3
    assert t.names(t.state.discard) == ["Corkscrew", "Road Map", "Trading Post", "Winter Coat"]


def test_poorly_drawn_map_cannot_target_the_central_country(new_table):
    """FAQ Oggetti Speciali: "La Mappa Disegnata Approssimativamente (Poorly Drawn Map) non può
    essere utilizzata sul paese centrale, ma solo su quelle dei giocatori."

    Ruling: T-SPECIAL-6.
    """
    for seed in range(12):
        t = new_table(players=3, modules=SPECIALS)
        # player 1 already went to Japan and now heads for the central country
        t.arrange(
            [["Poorly Drawn Map", "Tea"], ["Camera"], ["Spices"]],
            countries=["Italy", None, "Brazil"],
        )
        central = t.state.central
        d = t.play(seed=seed)
        d.send(("special", t.card("Poorly Drawn Map")), "action", 0)
        assert set(d.options("map_target", 0)) == {0, 2}  # not player 1's (central) target
        d.send(2)
        assert t.state.central == central
        assert t.state.country[2] not in (t.card("Brazil"), central)
        assert t.state.target(1) == central
        assert t.card("Brazil") in t.state.set_aside_countries


# ---------------------------------------------------------------- Personaggi


def test_smuggler_may_hand_out_only_forbidden_items(new_table):
    """FAQ Personaggi: "Il Contrabbandiere (Smuggler) può distribuire dalla sua mano solo
    oggetti proibiti."

    Ruling: T-CHAR-1.
    """
    t = new_table(players=3, modules=("forbidden_items", "characters"))
    t.arrange(
        [["Fake Watches", "Tea", "Passport"], ["Camera"], ["Spices"]],
        characters=["Smuggler", "Backpacker", "Merchant"],
    )
    fake = t.card("Fake Watches")
    d = t.play()
    smuggles = [o for o in d.options("action", 0) if o[0] == "smuggle"]
    assert smuggles == [("smuggle", fake)]
    d.send(("smuggle", fake))
    d.send(2, "smuggle_to", 0)
    assert t.hand(0) == ["Passport", "Tea"]
    assert t.hand(2) == ["Fake Watches", "Spices"]
