"""The expansions (Espansioni): events, special items, forbidden items, postcards, characters.

The rulebook names few of these cards; the effects under test are the ones the card sheet
(data/travel_cards.csv) prints, with the numbers read from the sheet where it has them.
Default countries: player 0 Italy, player 1 Japan, player 2 Brazil, Egypt in the centre.
"""

from __future__ import annotations

import pytest

from simulator.games.travel.rules import ACCEPT, DONE, REJECT

EVENTS = ("events",)
SPECIALS = ("special_items",)
FORBIDDEN = ("forbidden_items",)
POSTCARDS = ("postcards",)
THREE_POSTCARDS = ["Postcard from Rome", "Postcard from Kyoto", "Postcard from Cairo"]


# ---------------------------------------------------------------- Eventi


def test_event_is_played_when_drawn_hits_every_player_and_is_discarded(new_table):
    """Eventi: "Deve essere giocato subito appena pescato. Colpisce tutti i giocatori."
    (Duty Free: every player draws 1, starting with whoever drew it)

    Rulings: T-EVENT-1, T-EVENT-2.
    """
    t = new_table(players=3, modules=EVENTS)
    t.arrange(
        [["Passport"], ["Camera"], ["Umbrella"]],
        deck=["Duty Free", "Tea", "Spices", "Binoculars"],
    )
    event = t.card("Duty Free")
    d = t.play()
    d.send(("draw",), "action", 0)
    assert t.hand(0) == ["Passport", "Tea"]
    assert t.hand(1) == ["Camera", "Spices"]
    assert t.hand(2) == ["Binoculars", "Umbrella"]
    assert t.state.discard == [event] and t.state.resolving == []
    assert t.state.log[0]["event"] == [event]
    d.expect("action", 1)


def test_events_cannot_be_recycled(new_table):
    """Eventi: "Non può essere riciclato dalla pila degli scarti."

    Ruling: T-EVENT-1.
    """
    t = new_table(players=2, modules=("events", "special_items"))
    t.arrange(
        [["Passport", "Spices", "Binoculars"], ["Camera"]],
        discard=["Airport Strike", "Lost Luggage", "Tea"],
    )
    d = t.play()
    d.send(("recycle",), "action", 0)
    d.send(t.card("Spices"), "recycle_cost", 0)
    d.send(t.card("Binoculars"), "recycle_cost", 0)
    options = d.options("recycle_take", 0)
    assert set(options) == {t.card("Tea"), t.card("Spices"), t.card("Binoculars")}


def test_lost_and_found_is_not_offered_when_only_events_are_discarded(new_table):
    """Eventi: "Non può essere riciclato dalla pila degli scarti." (nor taken by Lost and
    Found, which would have nothing to take)

    Rulings: T-EVENT-1, T-SPECIAL-7.
    """
    t = new_table(players=2, modules=("events", "special_items"))
    t.arrange([["Lost and Found", "Passport"], ["Camera"]], discard=["Airport Strike", "Duty Free"])
    d = t.play()
    assert ("special", t.card("Lost and Found")) not in d.options("action", 0)


def test_airport_strike_every_player_passes_a_card_to_the_left(new_table):
    """Eventi, Airport Strike (card sheet): "Every player passes one card of their choice to
    the player on their left." (left = the next player in clockwise order)

    Ruling: T-EVENT-3.
    """
    t = new_table(players=3, modules=EVENTS)
    t.arrange([["Passport", "Tea"], ["Camera", "Umbrella"], ["Spices"]], deck=["Airport Strike"])
    d = t.play()
    d.send(("draw",), "action", 0)
    d.expect("strike_pass", 0, options=t.state.hands[0])
    d.send(t.card("Tea"))
    d.send(t.card("Camera"), "strike_pass", 1)
    d.send(t.card("Spices"), "strike_pass", 2)
    assert t.hand(0) == ["Passport", "Spices"]
    assert t.hand(1) == ["Tea", "Umbrella"]
    assert t.hand(2) == ["Camera"]
    d.expect("action", 1)


def test_airport_strike_skips_empty_hands(new_table):
    """Airport Strike: a player with no card passes nothing but still receives one."""
    t = new_table(players=3, modules=EVENTS)
    t.arrange([["Passport", "Tea"], [], ["Spices"]], deck=["Airport Strike"], current=0)
    d = t.play()
    d.send(("draw",), "action", 0)
    d.send(t.card("Tea"), "strike_pass", 0)
    d.send(t.card("Spices"), "strike_pass", 2)
    assert t.hand(0) == ["Passport", "Spices"]
    assert t.hand(1) == ["Tea"]
    assert t.hand(2) == []


def test_lost_luggage_discards_down_to_4_never_a_forbidden_item(new_table):
    """Eventi, Lost Luggage (card sheet): "Every player with more than 4 cards discards down to
    4 (forbidden items cannot be discarded)."

    Ruling: T-FORBID-3.
    """
    t = new_table(players=3, modules=("events", "forbidden_items"))
    keep = t.cards.params[t.card("Lost Luggage")]["keep"]
    six = ["Camera", "Umbrella", "Road Map", "Winter Coat", "Hiking Boots", "Swimsuit"]
    five = ["Fake Watches", "Corkscrew", "Sunglasses", "Phrasebook", "Tea"]
    t.arrange([["Passport", "Spices"], six, five], deck=["Lost Luggage"])
    d = t.play()
    d.send(("draw",), "action", 0)
    for _ in range(len(six) - keep):
        d.send(d.options("luggage_discard", 1)[0])
    options = d.options("luggage_discard", 2)
    assert t.card("Fake Watches") not in options and len(options) == 4
    d.send(t.card("Tea"))
    assert [len(h) for h in t.state.hands] == [2, keep, keep]
    assert "Fake Watches" in t.hand(2)
    d.expect("action", 1)


def test_customs_check_confiscates_forbidden_items_with_a_fine(new_table):
    """Eventi, Customs Check (card sheet): "Every player shows their hand; forbidden items are
    confiscated and each costs its holder 1 more random card."

    Rulings: T-EVENT-2, T-KNOWN-1.
    """
    t = new_table(players=3, modules=("events", "forbidden_items"))
    fine = t.cards.params[t.card("Customs Check")]["fine"]
    t.arrange(
        [["Passport"], ["Fake Watches", "Camera", "Umbrella", "Tea"], ["Spices", "Road Map"]],
        deck=["Customs Check"],
    )
    d = t.play()
    d.send(("draw",), "action", 0)
    s = t.state
    assert "Fake Watches" not in t.hand(1) and t.card("Fake Watches") in s.discard
    assert len(s.hands[1]) == 3 - fine
    assert t.hand(2) == ["Road Map", "Spices"]  # nothing forbidden: nothing taken
    assert s.known[2] == set(s.hands[2]) and s.known[1] == set(s.hands[1])  # shown
    assert len(s.discard) == 1 + 1 + fine  # event, forbidden item, fine


# ---------------------------------------------------------------- Oggetti speciali


def test_passive_special_items_are_never_offered_as_actions(new_table):
    """Oggetti speciali: "Alcuni oggetti speciali spendono un'azione. Altri possono essere giocati
    in qualunque momento." Mousetrap, Mom's Credit Card and Diplomatic Pouch only react.

    Ruling: T-SPECIAL-1.
    """
    t = new_table(players=2, modules=SPECIALS)
    t.arrange([["Mousetrap", "Mom's Credit Card", "Diplomatic Pouch", "Passport"], ["Camera"]])
    assert not [o for o in t.play().options("action", 0) if o[0] == "special"]


def test_mousetrap_may_be_declined_and_the_steal_goes_on(new_table):
    """Mousetrap (card sheet): "When a player steals from you, discard this" (a choice).

    Ruling: T-SPECIAL-2.
    """
    t = new_table(players=2, modules=SPECIALS)
    t.arrange([["Passport", "Tea"], ["Mousetrap"]])
    d = t.play()
    d.send(("steal", 1), "action", 0)
    d.send(t.card("Tea"), "steal_cost", 0)
    d.send(REJECT, "mousetrap", 1)
    assert t.hand(0) == ["Mousetrap", "Passport"]  # the only card, taken


def test_mousetrap_stops_a_pickpocket_kit(new_table):
    """FAQ Oggetti Speciali: "Se interrompi l'azione di un altro giocatore con un oggetto
    speciale (come la Trappola per Topi (Mousetrap)), il suo turno termina."

    Rulings: T-SPECIAL-2, T-SPECIAL-8.
    """
    t = new_table(players=2, modules=SPECIALS)
    t.arrange([["Pickpocket Kit", "Tea"], ["Mousetrap", "Camera", "Umbrella"]])
    d = t.play()
    d.send(("special", t.card("Pickpocket Kit")), "action", 0)
    d.send(1, "pickpocket_target", 0)
    d.send(ACCEPT, "mousetrap", 1)
    assert t.hand(0) == ["Tea"]
    assert t.hand(1) == ["Camera", "Umbrella"]
    d.expect("action", 1)


def test_moms_credit_card_replaces_one_missing_item_and_is_discarded(new_table):
    """Mom's Credit Card (card sheet): "When you travel, it replaces one missing item (not a
    passport, not a postcard); discard it with the items."

    Ruling: T-SPECIAL-3.
    """
    t = new_table(players=2, modules=SPECIALS)
    covers = t.cards.params[t.card("Mom's Credit Card")]["covers"]
    italy = t.needs("Italy")
    t.arrange([["Passport", "Mom's Credit Card", *italy[:2], "Tea"], ["Camera"]], deck=["Spices"])
    d = t.play()
    d.send(("travel",), "action", 0)
    assert t.hand(0) == ["Passport", "Spices", "Tea"]
    assert t.names(t.state.discard) == sorted([*italy[:2], "Mom's Credit Card"])
    assert t.card("Mom's Credit Card") in t.state.log[0]["travelled"]
    # it covers `covers` items, no more
    t.arrange([["Passport", "Mom's Credit Card", *italy[: 3 - covers - 1]], ["Camera"]])
    assert "travel" not in t.play().verbs(0)


def test_moms_credit_card_is_kept_when_every_item_is_there(new_table):
    """Mom's Credit Card replaces a *missing* item only.

    Ruling: T-SPECIAL-3.
    """
    t = new_table(players=2, modules=SPECIALS)
    t.arrange([["Passport", "Mom's Credit Card", *t.needs("Italy")], ["Camera"]], deck=["Tea"])
    d = t.play()
    d.send(("travel",), "action", 0)
    assert t.hand(0) == ["Mom's Credit Card", "Passport", "Tea"]


def test_local_guide_takes_one_of_the_top_3_never_an_event_rest_to_the_bottom(new_table):
    """Local Guide (card sheet): "Action: look at the top 3 cards of the deck, take one that is
    not an event, put the others at the bottom."

    Ruling: T-SPECIAL-4.
    """
    t = new_table(players=2, modules=("special_items", "events"))
    t.arrange(
        [["Local Guide", "Passport"], ["Camera"]],
        deck=["Airport Strike", "Tea", "Spices", "Binoculars"],
    )
    size = len(t.state.deck)
    d = t.play()
    d.send(("special", t.card("Local Guide")), "action", 0)
    guide = d.expect("guide_take", 0, options={t.card("Tea"), t.card("Spices")})
    assert t.card("Airport Strike") in guide.context
    d.send(t.card("Tea"))
    s = t.state
    assert t.hand(0) == ["Passport", "Tea"]
    assert set(s.deck[:2]) == {t.card("Airport Strike"), t.card("Spices")}  # at the bottom
    assert s.deck[-1] == t.card("Binoculars")  # now on top
    assert len(s.deck) == size - 1
    d.expect("action", 1)  # the guide was the action; the event was not triggered


def test_local_guide_taking_the_last_card_still_lets_the_next_player_draw(new_table):
    """Mazzo Terminato: "Quando l'ultima carta del mazzo è stata pescata, rimescola la pila degli
    scarti per creare un nuovo mazzo." (the Local Guide takes the last card of the deck)

    Rulings: T-DECK-1, T-SPECIAL-4.
    """
    t = new_table(players=2, modules=SPECIALS)
    t.arrange([["Local Guide", "Passport"], ["Camera"]], deck=["Tea"], rest="discard")
    d = t.play()
    d.send(("special", t.card("Local Guide")), "action", 0)
    d.send(t.card("Tea"), "guide_take", 0)
    assert t.state.discard  # the cards are there to be reshuffled
    d.send(("draw",), "action", 1)
    assert len(t.state.hands[1]) == 2


def test_trading_post_swaps_up_to_2_cards_and_draws_one_more(new_table):
    """Trading Post (card sheet): "Action: discard up to 2 other cards, then draw that many plus
    1 from the deck." (never a forbidden item: they cannot be discarded to pay)

    Ruling: T-SPECIAL-5.
    """
    t = new_table(players=2, modules=("special_items", "forbidden_items"))
    params = t.cards.params[t.card("Trading Post")]
    assert (params["max"], params["bonus"]) == (2, 1)
    t.arrange(
        [["Trading Post", "Road Map", "Fake Watches", "Passport"], ["Camera"]],
        deck=["Tea", "Spices", "Binoculars"],
    )
    d = t.play()
    d.send(("special", t.card("Trading Post")), "action", 0)
    d.expect(
        "post_discard", 0, options={t.card("Road Map"), t.card("Passport"), DONE}
    )  # no forbidden item
    d.send(t.card("Road Map"))
    d.send(DONE, "post_discard", 0)
    assert t.hand(0) == ["Fake Watches", "Passport", "Spices", "Tea"]
    d.expect("action", 1)


def test_poorly_drawn_map_swaps_a_players_country_for_a_set_aside_one(new_table):
    """Poorly Drawn Map (card sheet): "Action: replace a player's country (not the central one)
    with a random set-aside country."

    Rulings: T-SPECIAL-6, T-SETUP-5.
    """
    t = new_table(players=2, modules=SPECIALS)
    t.arrange([["Poorly Drawn Map", "Passport"], ["Camera"]])
    aside = list(t.state.set_aside_countries)
    d = t.play()
    d.send(("special", t.card("Poorly Drawn Map")), "action", 0)
    d.send(0, "map_target", 0)  # even one's own country
    s = t.state
    assert s.country[0] in aside and s.country[1] == t.card("Japan")
    assert t.card("Italy") in s.set_aside_countries
    assert len(s.set_aside_countries) == len(aside)
    d.expect("action", 1)


def test_lost_and_found_takes_up_to_2_cards_from_the_discard_pile(new_table):
    """Lost and Found (card sheet): "Action: take up to 2 cards of your choice from the discard
    pile (not events)."

    Ruling: T-SPECIAL-7.
    """
    t = new_table(players=2, modules=("special_items", "events"))
    t.arrange(
        [["Lost and Found", "Passport"], ["Camera"]],
        discard=["Airport Strike", "Tea", "Spices", "Binoculars"],
    )
    found = t.card("Lost and Found")
    d = t.play()
    d.send(("special", found), "action", 0)
    first = d.expect("found_take", 0)
    assert set(first.options) == {t.card("Tea"), t.card("Spices"), t.card("Binoculars"), DONE}
    d.send(t.card("Tea"))
    assert t.card("Tea") not in d.options("found_take", 0)
    d.send(t.card("Spices"))
    assert t.hand(0) == ["Passport", "Spices", "Tea"]
    assert t.names(t.state.discard) == ["Airport Strike", "Binoculars", "Lost and Found"]
    d.expect("action", 1)


def test_pickpocket_kit_takes_2_random_cards_at_no_cost(new_table):
    """Pickpocket Kit (card sheet): "Action: take 2 random cards from another player's hand, at
    no cost."

    Ruling: T-SPECIAL-8.
    """
    t = new_table(players=3, modules=SPECIALS)
    t.arrange([["Pickpocket Kit", "Passport"], ["Camera", "Umbrella", "Tea"], []])
    d = t.play()
    d.send(("special", t.card("Pickpocket Kit")), "action", 0)
    assert d.options("pickpocket_target", 0) == (1,)  # not oneself, not an empty hand
    d.send(1)
    assert len(t.state.hands[0]) == 3 and len(t.state.hands[1]) == 1
    assert t.state.discard == [t.card("Pickpocket Kit")]  # nothing else paid
    assert sorted(t.hand(0) + t.hand(1)) == ["Camera", "Passport", "Tea", "Umbrella"]


def test_red_eye_flight_gives_one_more_action(new_table):
    """Red-Eye Flight (card sheet): "Any time on your turn: take 1 more action this turn."

    Ruling: T-SPECIAL-10.
    """
    t = new_table(players=2, modules=SPECIALS)
    t.arrange([["Red-Eye Flight", "Passport"], ["Camera"]], deck=["Tea", "Spices"])
    d = t.play()
    d.send(("special", t.card("Red-Eye Flight")), "action", 0)
    d.send(("draw",), "action", 0)
    d.send(("draw",), "action", 0)
    assert t.hand(0) == ["Passport", "Spices", "Tea"]
    d.expect("action", 1)


def test_diplomatic_pouch_lets_you_travel_with_forbidden_items(new_table):
    """Diplomatic Pouch (card sheet): "You may travel while holding forbidden items; discard the
    pouch and them when you do."

    Ruling: T-SPECIAL-9.
    """
    t = new_table(players=2, modules=("special_items", "forbidden_items"))
    italy = t.needs("Italy")
    hand = ["Passport", "Diplomatic Pouch", "Fake Watches", *italy, "Tea"]
    t.arrange([hand, ["Camera"]], deck=["Spices"])
    d = t.play()
    d.send(("travel",), "action", 0)
    assert t.hand(0) == ["Passport", "Spices", "Tea"]
    assert t.names(t.state.discard) == sorted([*italy, "Diplomatic Pouch", "Fake Watches"])


# ---------------------------------------------------------------- Oggetti proibiti


def test_forbidden_item_blocks_travel(new_table):
    """Oggetti proibiti: "Un giocatore non può viaggiare con un oggetto proibito in mano." """
    t = new_table(players=2, modules=FORBIDDEN)
    t.arrange([["Passport", *t.needs("Italy"), "Fake Watches"], ["Camera"]])
    assert "travel" not in t.play().verbs(0)
    t.arrange([["Passport", *t.needs("Italy"), "Tea"], ["Camera"]])
    assert "travel" in t.play().verbs(0)


def test_getting_rid_of_a_forbidden_item_costs_another_card_and_the_turn(new_table):
    """Oggetti proibiti: "Per liberarti di un oggetto proibito, devi scartare un'altra carta e
    metterle entrambe nella pila degli scarti. Questo è considerato come il tuo turno."

    Ruling: T-FORBID-1.
    """
    t = new_table(players=2, modules=("forbidden_items", "special_items"))
    t.arrange([["Red-Eye Flight", "Fake Watches", "Tea", "Passport"], ["Camera"]])
    fake = t.card("Fake Watches")
    d = t.play()
    d.send(("special", t.card("Red-Eye Flight")), "action", 0)  # an extra action in hand
    d.send(("dispose", fake), "action", 0)
    d.send(t.card("Tea"), "dispose_with", 0)
    assert t.hand(0) == ["Passport"]
    assert t.names(t.state.discard) == ["Fake Watches", "Red-Eye Flight", "Tea"]
    d.expect("action", 1)  # disposing is the whole turn (ruling T-FORBID-1)


# ---------------------------------------------------------------- Cartoline


def test_four_postcards_win_at_once(new_table):
    """Cartoline: "Un giocatore con 4 cartoline in mano vince immediatamente"

    Ruling: T-END-1.
    """
    t = new_table(players=2, modules=POSTCARDS)
    assert t.state.rules[0]["postcards_to_win"] == 4
    t.arrange([[*THREE_POSTCARDS, "Passport"], ["Camera"]], deck=["Postcard from Oslo"])
    d = t.play()
    d.send(("draw",), "action", 0)
    assert d.over
    assert t.state.winners == [0] and t.state.end_reason == "postcards"


def test_three_postcards_do_not_win(new_table):
    """Cartoline: "Un giocatore con 4 cartoline in mano vince" (not 3)."""
    t = new_table(players=2, modules=POSTCARDS)
    t.arrange([THREE_POSTCARDS[:2], ["Camera"]], deck=["Postcard from Oslo"])
    d = t.play()
    d.send(("draw",), "action", 0)
    assert not d.over and t.state.winners == []


def test_four_postcards_win_off_turn_when_received_in_a_trade(new_table):
    """Cartoline: "... vince immediatamente, senza il bisogno di aspettare il proprio turno."

    Rulings: T-END-1, T-POST-1.
    """
    t = new_table(players=2, modules=POSTCARDS)
    t.arrange([["Postcard from Oslo", "Passport"], [*THREE_POSTCARDS, "Tea"]], deck=["Spices"])
    d = t.play()
    d.offer(0, 1, give=[t.card("Postcard from Oslo")], ask=[t.kind("Tea")])
    d.send(ACCEPT)
    assert d.over
    assert t.state.winners == [1] and t.state.end_reason == "postcards"
    assert t.state.current == 0  # on player 0's turn
    assert t.hand(0) == ["Passport", "Tea"]  # the game ended before the bonus card


def test_four_postcards_win_off_turn_through_an_event(new_table):
    """Cartoline: "... vince immediatamente, senza il bisogno di aspettare il proprio turno."
    (a postcard passed by Airport Strike on someone else's turn)

    Rulings: T-END-1, T-POST-1.
    """
    t = new_table(players=2, modules=("postcards", "events"))
    t.arrange(
        [["Postcard from Oslo", "Passport"], [*THREE_POSTCARDS, "Tea"]], deck=["Airport Strike"]
    )
    d = t.play()
    d.send(("draw",), "action", 0)
    d.send(t.card("Postcard from Oslo"), "strike_pass", 0)
    d.send(t.card("Tea"), "strike_pass", 1)
    assert d.over and t.state.winners == [1]


# ---------------------------------------------------------------- Personaggi

OVERRIDES = {
    "Smuggler": {},
    "Backpacker": {"hand_limit": 9},
    "Pickpocket": {"steal_cost": 0},
    "Merchant": {"trade_bonus": 2},
    "Eco Traveller": {"recycle_cost": 1},
    "Diplomat": {"needs_passport": 0},
}


def test_one_face_up_character_per_player(new_table):
    """Personaggi: "Durante la fase 1 della preparazione, metti un personaggio rivolto verso
    l'alto di fronte a ogni giocatore. Metti da parte i personaggi in più."

    Ruling: T-CHAR-2.
    """
    for seed in range(20):
        for players in (2, 6):
            t = new_table(players=players, modules=("characters",), seed=seed)
            chars = t.state.character
            assert len(set(chars)) == players
            assert all(t.cards.types[c] == "character" for c in chars)
            for p, c in enumerate(chars):
                assert t.state.rules[p] == t.rules_for(t.name(c))
            assert t.game.observe(t.state, 1).characters == tuple(chars)  # face up


@pytest.mark.parametrize("name", sorted(OVERRIDES))
def test_each_character_overrides_its_rule(new_table, name):
    """Each character bends one rule (card sheet); all other rules stay the base ones.

    Ruling: T-CHAR-2.
    """
    for seed in range(40):
        t = new_table(players=6, modules=("characters",), seed=seed)
        if t.card(name) in t.state.character:
            p = t.state.character.index(t.card(name))
            assert t.state.rules[p] == {**t.cards.rules, **OVERRIDES[name]}
            return
    pytest.fail(f"{name} never dealt in 40 six-player games")


def test_characters_cannot_be_traded(new_table):
    """Personaggi: "I personaggi non possono venire scambiati."

    Ruling: T-CHAR-2.
    """
    t = new_table(players=2, modules=("characters",))
    t.arrange([["Passport", "Tea"], ["Camera"]], characters=["Merchant", "Backpacker"])
    d = t.play()
    d.send(("trade", 1), "action", 0)
    d.send(t.card("Tea"), "trade_give", 0)
    d.send(DONE, "trade_give", 0)
    character_kinds = {t.cards.kind_of[c] for c in t.cards.characters}
    assert not character_kinds & set(d.options("trade_ask", 0))
    assert not set(t.cards.characters) & set(t.game.hand_cards(t.state))


def test_backpacker_holds_9_cards(new_table):
    """Backpacker (card sheet): "Your hand limit is 9." """
    t = new_table(players=2, modules=("characters",))
    eight = ["Passport", "Tea", "Spices", "Binoculars", "Winter Coat", "Road Map", "Camera"]
    eight.append("Umbrella")
    t.arrange(
        [eight, ["Sun Hat"]],
        deck=["Swimsuit", "Corkscrew", "Sunscreen"],
        characters=["Backpacker", "Merchant"],
    )
    d = t.play()
    d.send(("draw",), "action", 0)  # 9: fine
    d.send(("draw",), "action", 1)
    d.send(("draw",), "action", 0)  # 10: down to 9
    d.expect("discard_over_limit", 0)
    d.send(t.card("Tea"))
    assert len(t.state.hands[0]) == 9


def test_pickpocket_steals_without_paying(new_table):
    """Pickpocket (card sheet): "Stealing costs you no card." """
    t = new_table(players=2, modules=("characters",))
    t.arrange([["Passport"], ["Camera"]], characters=["Pickpocket", "Merchant"])
    d = t.play()
    d.send(("steal", 1), "action", 0)
    assert t.hand(0) == ["Camera", "Passport"]
    assert t.state.discard == []


def test_merchant_draws_2_after_a_trade(new_table):
    """Merchant (card sheet): "A trade you start draws you 2 cards instead of 1." """
    t = new_table(players=2, modules=("characters",))
    t.arrange(
        [["Passport", "Tea"], ["Camera"]],
        deck=["Spices", "Binoculars"],
        characters=["Merchant", "Backpacker"],
    )
    d = t.play()
    d.offer(0, 1, give=[t.card("Tea")], ask=[t.kind("Camera")])
    d.send(ACCEPT)
    assert t.hand(0) == ["Binoculars", "Camera", "Passport", "Spices"]


def test_eco_traveller_recycles_for_one_card(new_table):
    """Eco Traveller (card sheet): "Recycling costs you 1 card instead of 2." """
    t = new_table(players=2, modules=("characters",))
    t.arrange([["Passport"], ["Camera"]], discard=["Tea"], characters=["Eco Traveller", "Merchant"])
    d = t.play()
    d.send(("recycle",), "action", 0)
    d.send(t.card("Passport"), "recycle_cost", 0)
    d.send(t.card("Tea"), "recycle_take", 0)
    assert t.hand(0) == ["Tea"]


def test_diplomat_travels_without_a_passport(new_table):
    """Diplomat (card sheet): "You travel without a passport." """
    t = new_table(players=2, modules=("characters",))
    t.arrange([[*t.needs("Italy")], ["Camera"]], characters=["Diplomat", "Merchant"])
    assert "travel" in t.play().verbs(0)
    t.arrange([[*t.needs("Italy")], ["Camera"]], characters=["Merchant", "Diplomat"])
    assert "travel" not in t.play().verbs(0)


def test_smuggler_gives_a_forbidden_item_as_the_action(new_table):
    """Smuggler (card sheet): "Action: give one forbidden item from your hand to another player of
    your choice." Only the Smuggler may; it ends the turn.

    Ruling: T-CHAR-1.
    """
    t = new_table(players=3, modules=("characters", "forbidden_items"))
    t.arrange(
        [["Fake Watches", "Tea"], ["Exotic Parrot", "Camera"], ["Spices"]],
        characters=["Smuggler", "Merchant", "Diplomat"],
    )
    d = t.play()
    d.send(("smuggle", t.card("Fake Watches")), "action", 0)
    d.expect("smuggle_to", 0, options={1, 2})
    d.send(1)
    assert t.hand(1) == ["Camera", "Exotic Parrot", "Fake Watches"]
    assert t.card("Fake Watches") in t.state.known[1]
    assert "smuggle" not in d.verbs(1)  # the Merchant cannot smuggle
