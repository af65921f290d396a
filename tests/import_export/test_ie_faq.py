"""Every FAQ ruling of docs/rulings.md (Import/Export), tested against the FAQ answer.

Each docstring quotes the FAQ question (Italian rulebook, seeds/000) and names the ruling.
"""

from __future__ import annotations

import pytest

from simulator.games.import_export.cards import (
    BLUE,
    CONTRACT,
    GREEN,
    IMPORT,
    LOAD,
    PIRATE,
    RED,
    SUPPLY,
    YELLOW,
)
from simulator.games.import_export.powers.framework import Power

CARDS = {
    "Jet": "blue contract level=blue:2 cargo=blue:3",
    "Ring": "blue contract level=blue:1 cargo=blue:2",
    "Ring Two": "blue contract level=blue:1 cargo=blue:2",
    "Tower": "green contract level=green:3 cargo=green:2",
    "Mix": "yellow contract cargo=red:2+blue:1",
    "Duo": "black contract cargo=blue:2+red:2",
    "Red Two": "red contract cargo=red:2",
    "Red Four": "red contract cargo=red:4",
    "Red Four B": "red contract cargo=red:4",
    "Blue One": "blue contract cargo=blue:1",
    "Done Deal": "green contract",
    "Done Deal Two": "green contract",
}


@pytest.fixture
def t(ie_table):
    return ie_table(players=3, cards=CARDS)


def _kinds(d, kind):
    return [dec.player for dec, _ in d.history if dec.kind == kind]


# ---------------------------------------------------------------- limits and levels


def test_the_port_gives_one_level_and_limits_of_one_crew_and_two_goods(t):
    """ "Cosa ti dà il colore del tuo Porto, e concede di seguire automaticamente il suo tipo di
    azione?" The port is 1 level of its colour and a printed contract: 1 crew, 2 goods; more
    fulfilled contracts raise both. Ruling: IE-LIMIT-1"""
    t.arrange(
        hands=[["black contract 1", "Ring"], [], []],
        fulfilled={1: ["Done Deal", "Done Deal Two"]},
        ports=[BLUE, YELLOW, RED],
    )
    g, s = t.game, t.state
    assert (g.crew_limit(s, 0), g.goods_limit(s, 0)) == (1, 2)
    assert (g.crew_limit(s, 1), g.goods_limit(s, 1)) == (3, 6)
    d = t.play()
    d.lead(0, CONTRACT, t.c("black contract 1"))
    d.draw(1).draw(2)
    # no blue goods: the blue port alone is Ring's level 1
    d.send((t.c("Ring"), t.cid("Ring"), 0), "contract", 0)
    assert t.ship(0).contracts == [t.cid("Ring")]


def test_the_port_colour_gives_no_automatic_follow(t):
    """ "Cosa ti dà il colore del tuo Porto, e concede di seguire automaticamente il suo tipo di
    azione?" No automatic follow: without a card of the action or a pair, one may only draw
    (and declares nothing without crew). Ruling: IE-LIMIT-1"""
    t.arrange(
        hands=[["red supply 1"], ["blue load 1"], []],
        island=["green load 1"],
        ports=[GREEN, BLUE, RED],
    )
    d = t.play()
    d.lead(0, SUPPLY, t.c("red supply 1"))
    d.expect("follow", 1, options=[("draw",)])
    d.send(("draw",))
    d.expect("declare", 1, options=[0])


def test_supply_beyond_the_crew_limit_takes_the_card_and_discards_it(t):
    """ "Pirateria e Rifornimento funzionano come l'Importazione quando non hai spazio: prendi
    la carta e poi la scarti?" Yes, and cards already there are never replaced; a player
    already over a limit keeps his cards. Ruling: IE-LIMIT-2"""
    crew = ["yellow supply 1", "blue supply 1", "black import 1"]  # three, over the limit 1
    t.arrange(
        hands=[["red supply 1"], [], []],
        crew={0: crew},
        island=["green load 1"],
    )
    d = t.play()
    d.lead(0, SUPPLY, t.c("red supply 1"), declare=2)
    d.draw(1).draw(2)
    d.send(("crew", t.c("green load 1")), "supply", 0)
    assert t.state.island == [] and t.c("green load 1") in t.state.discard
    assert t.state.crew[0] == t.cs(*crew)


def test_import_keeps_what_fits_and_discards_only_without_room(t):
    """ "Pirateria e Rifornimento funzionano come l'Importazione quando non hai spazio..."
    Imported cards must be kept where there is room; with a full crew and one goods space the
    first goes to goods and the second is discarded. Ruling: IE-LIMIT-2"""
    t.arrange(
        hands=[["green import 1"], [], []],
        crew={0: ["yellow supply 1"]},
        goods={0: ["blue supply 1"]},
        ships={3: {"at_sea": True, "cargo": ["red load 1", "red load 2", "red load 3"]}},
    )
    d = t.play()
    d.lead(0, IMPORT, t.c("green import 1"))
    d.draw(1).draw(2)
    d.send(3, "import_ship", 0).send(0, "bid", 0)
    d.send(0, "import_take", 0)
    d.expect("import_place", 0, options=["goods"])
    d.send("goods")
    d.send(0, "import_take", 0)  # neither limit has room: no place to choose, discarded
    assert t.state.goods[0] == t.cs("blue supply 1", "red load 1")
    assert t.state.discard[0] == t.c("red load 2")
    assert t.state.credits[1] == 12


def test_goods_of_other_colours_never_fill_level_pips(t):
    """ "I Beni di altri colori possono riempire i cerchi del Requisito di Livello di un
    Contratto?" No: each pip needs a good of its type (plus the port's own colour).
    Ruling: IE-LEVEL-1"""
    t.arrange(
        hands=[["black contract 1", "Ring", "Red Two"], [], []],
        goods={0: ["green supply 1", "red supply 1", "yellow supply 1", "black supply 1"]},
        ports=[GREEN, YELLOW, RED],
    )
    d = t.play()
    d.lead(0, CONTRACT, t.c("black contract 1"))
    d.draw(1).draw(2)
    assert {card for card, _, _ in d.options("contract", 0)} == {t.c("Red Two")}


def test_one_good_serves_every_contract_placed(t):
    """ "Un singolo Bene può soddisfare il Requisito di Livello di più Contratti nello stesso
    turno?" Yes: goods give a lasting level to every contract placed. Ruling: IE-LEVEL-1"""
    t.arrange(
        hands=[["black contract 1", "Ring", "Ring Two"], [], []],
        crew={0: ["green contract 1"]},
        goods={0: ["blue supply 1"]},
        ports=[GREEN, YELLOW, RED],
    )
    d = t.play()
    d.lead(0, CONTRACT, t.c("black contract 1"), declare=2)
    d.draw(1).draw(2)
    d.send((t.c("Ring"), t.cid("Ring"), 0), "contract", 0)
    d.send((t.c("Ring Two"), t.cid("Ring Two"), 1), "contract", 0)
    assert t.ship(0).contracts == [t.cid("Ring")] and t.ship(1).contracts == [t.cid("Ring Two")]
    assert t.state.goods[0] == [t.c("blue supply 1")]


# ---------------------------------------------------------------- contract actions


@pytest.mark.parametrize(("crew", "offered"), [(1, False), (2, True)])
def test_a_level_two_contract_without_goods_takes_three_actions(t, crew, offered):
    """ "Quante azioni Contratto servono per saltare Livelli quando piazzi un Contratto?" One
    per missing level plus the one placing it: a level-2 contract with no goods takes the
    card played to follow plus 2 from crew. Ruling: IE-CONTRACT-1"""
    t.arrange(
        hands=[["black contract 1"], ["red contract 1", "Jet"], []],
        crew={1: ["green contract 1", "yellow contract 1"][:crew]},
        fulfilled={1: ["Done Deal"]},
        ports=[GREEN, YELLOW, RED],
    )
    d = t.play()
    d.lead(0, CONTRACT, t.c("black contract 1"))
    d.follow(1, t.c("red contract 1"), declare=1 + crew)
    d.draw(2)
    if offered:
        d.expect("contract", 1, options=[(t.c("Jet"), t.cid("Jet"), i) for i in (2, 3)])
    else:
        d.expect("lead", 1)
        assert t.state.hands[1] == [t.c("Jet")]


def test_a_level_three_contract_with_no_goods_takes_four_actions(t):
    """ "Quante azioni Contratto servono per saltare Livelli quando piazzi un Contratto?"
    The rulebook's example: level 3 with no goods, 4 contract actions. Ruling: IE-CONTRACT-1"""
    t.arrange(
        hands=[["black contract 1", "Tower"], [], []],
        crew={0: ["blue contract 1", "yellow contract 1", "red contract 1"]},
        fulfilled={0: ["Done Deal", "Done Deal Two"]},
        ports=[BLUE, YELLOW, RED],
    )
    d = t.play()
    d.send(("lead", CONTRACT), "lead", 0).send(t.c("black contract 1"), "lead_with", 0)
    d.expect("declare", 0, options=[1, 2, 3, 4])
    d.send(4)
    d.draw(1).draw(2)
    d.send((t.c("Tower"), t.cid("Tower"), 0), "contract", 0)
    assert t.ship(0).contracts == [t.cid("Tower")]


def test_a_contract_action_with_nothing_legal_is_wasted_the_others_are_not(t):
    """ "Puoi eseguire un'azione da cui non trai vantaggio, per esempio saccheggiare un
    Container solo per scartarlo?" Yes; the one exception is a contract action with no legal
    contract, which is wasted. A legal placement must be made. Ruling: IE-CONTRACT-1"""
    t.arrange(
        hands=[["black contract 1", "Jet"], ["red contract 1", "Red Two"], []],
        ports=[GREEN, YELLOW, RED],
    )
    d = t.play()
    d.lead(0, CONTRACT, t.c("black contract 1"))
    d.follow(1, t.c("red contract 1"))
    d.draw(2)
    # player 0 cannot place Jet: skipped; player 1 must place (no "pass" among the options)
    d.expect("contract", 1, options=[(t.c("Red Two"), t.cid("Red Two"), i) for i in (2, 3)])


# ---------------------------------------------------------------- cargo


def test_containers_must_match_an_uncovered_need_exactly(t):
    """ "I Container caricati devono corrispondere esattamente al colore di ogni Contratto, e
    come interagiscono con il completamento i Poteri che permettono di caricare qualsiasi
    Container?" 2 blue and 2 red take exactly 2 blue and 2 red. Ruling: IE-CARGO-1"""
    t.arrange(
        hands=[["green load 1", "blue supply 1", "red supply 1", "yellow supply 1"], [], []],
        crew={0: ["black load 1"]},
        ships={0: {"contracts": ["Duo"], "cargo": ["blue load 1"]}},
    )
    d = t.play()
    d.lead(0, LOAD, t.c("green load 1"), declare=2)
    d.draw(1).draw(2)
    blue, red = t.cs("blue supply 1", "red supply 1")
    d.expect("load", 0, options=[(blue, 0, BLUE), (red, 0, RED)])
    d.send((blue, 0, BLUE))
    d.expect("load", 0, options=[(red, 0, RED)])


def test_leftover_containers_count_for_a_new_contract_and_for_the_payment(t):
    """ "Dopo aver scartato un Contratto, cosa succede ai Container già caricati, e come si
    conta il pagamento quando una Nave parte con Container non corrispondenti?" They stay,
    count for a new contract of their colour, and the payment counts every container (5
    loaded pay the 5-6 band). Ruling: IE-CARGO-1"""
    t.arrange(
        hands=[["black contract 1", "Red Two", "red load 1", "red supply 2"], [], []],
        ships={
            0: {
                "contracts": ["Mix"],
                "cargo": ["red supply 1", "blue load 1", "blue load 2", "blue load 3"],
            }
        },
    )
    d = t.play()
    d.send(("discard_contracts", 0), "lead", 0)
    d.lead(0, CONTRACT, t.c("black contract 1"))
    d.draw(1).draw(2)
    d.send((t.c("Red Two"), t.cid("Red Two"), 0), "contract", 0)
    assert len(t.ship(0).cargo) == 4 and not t.ship(0).at_sea
    d.send(("draw",), "lead", 1)
    d.send(("draw",), "lead", 2)
    d.lead(0, LOAD, t.c("red load 1"))
    d.draw(1).draw(2)
    # the leftover red covers one of Red Two's two reds: one more completes it
    d.send((t.c("red supply 2"), 0, RED), "load", 0)
    assert t.ship(0).at_sea and t.state.fulfilled[0] == [t.cid("Red Two")]
    assert t.state.credits[0] == 10 + 14


# ---------------------------------------------------------------- the turn


def test_a_wildcard_may_follow_while_holding_the_real_card_but_nothing_stacks(t):
    """ "Puoi giocare un jolly a due carte mentre hai in mano la carta azione corrispondente, e
    puoi combinare jolly o carte extra per eseguire più azioni?" Yes to the first; no to the
    second: exactly one card or one pair, extra actions only from crew. Ruling: IE-TURN-1"""
    t.arrange(
        hands=[
            ["green load 1"],
            ["blue load 1", "blue supply 1", "red supply 1", "red load 1"],
            [],
        ],
        ships={2: {"contracts": ["Red Two"]}},
    )
    d = t.play()
    d.lead(0, LOAD, t.c("green load 1"))
    d.send(("follow",), "follow", 1)
    blue_pair = tuple(sorted(t.cs("blue load 1", "blue supply 1")))
    red_pair = tuple(sorted(t.cs("red supply 1", "red load 1")))
    d.expect(
        "follow_with",
        1,
        options=[t.c("blue load 1"), t.c("red load 1"), blue_pair, red_pair],
    )
    d.send(blue_pair)
    d.expect("declare", 1, options=[1])  # two cards played, still one action
    d.send(1)
    d.draw(2)
    d.send((t.c("red supply 1"), 2, RED), "load", 1)
    assert t.ship(2).cargo == [t.c("red supply 1")]


def test_crew_cards_stay_after_use(t):
    """ "Le carte Equipaggio restano al loro posto dopo essere state usate?" Yes: only cards
    played on ports from the hand are discarded at the end of the turn. Ruling: IE-TURN-1"""
    t.arrange(
        hands=[["red supply 1", "blue load 1"], [], []],
        crew={0: ["green supply 1", "black supply 1"]},
        fulfilled={0: ["Done Deal", "Done Deal Two"]},
        island=["yellow load 1", "yellow load 2"],
    )
    d = t.play()
    d.lead(0, SUPPLY, t.c("red supply 1"), declare=3)
    d.draw(1).draw(2)
    d.send(("sell", t.c("blue load 1")), "supply", 0)
    d.send(("crew", t.c("yellow load 1")), "supply", 0)
    d.send(("crew", t.c("yellow load 2")), "supply", 0)  # limit 3: discarded
    d.expect("lead", 1)
    assert t.state.crew[0] == t.cs("green supply 1", "black supply 1", "yellow load 1")
    assert t.state.discard == t.cs("yellow load 2", "red supply 1")


def test_a_drawing_follower_declares_crew_and_may_load_a_card_just_drawn(t):
    """ "Se scegli di pescare invece di seguire, puoi comunque eseguire l'azione condotta con le
    carte corrispondenti del tuo Equipaggio, e in quale ordine?" Yes: draw at once, act in
    turn with the crew, so a card just drawn may be loaded. Ruling: IE-TURN-1"""
    t.arrange(
        hands=[["green load 1"], ["blue supply 1"], []],
        crew={1: ["yellow load 1"]},
        ships={2: {"contracts": ["Red Two"]}},
        deck=["red supply 1", "black supply 1", "green supply 1", "yellow supply 2"],
    )
    d = t.play()
    d.lead(0, LOAD, t.c("green load 1"))
    d.send(("draw",), "follow", 1)
    assert t.c("red supply 1") in t.state.hands[1]
    d.expect("declare", 1, options=[0, 1])
    d.send(1)
    d.draw(2)
    d.expect("load", 1, options=[(t.c("red supply 1"), 2, RED)])


def test_a_leader_who_draws_performs_no_action(t):
    """ "Se scegli di pescare invece di seguire, ... ?" A leader who draws ends his turn and
    performs no action, even with crew; nobody follows. Ruling: IE-TURN-1"""
    t.arrange(
        hands=[["green load 1"], ["red load 1"], []],
        crew={0: ["yellow load 1"]},
        ships={0: {"contracts": ["Red Two"]}},
    )
    d = t.play()
    d.send(("draw",), "lead", 0)
    d.expect("lead", 1)
    assert t.ship(0).cargo == [] and len(t.state.hands[0]) == 5


def test_each_player_performs_all_his_actions_before_the_next(t):
    """ "Con più azioni dichiarate, ogni giocatore completa tutte le proprie azioni prima che
    agisca il giocatore successivo?" Yes, in turn order from the leader; Import is the
    exception, as shared bidding rounds. Ruling: IE-TURN-2"""
    t.arrange(
        hands=[
            ["green load 1", "red supply 1", "red supply 2"],
            ["black load 1", "red import 1", "red import 2"],
            [],
        ],
        crew={0: ["blue load 1"], 1: ["yellow load 1"]},
        ships={0: {"contracts": ["Red Four"]}, 2: {"contracts": ["Red Four B"]}},
    )
    d = t.play()
    d.lead(0, LOAD, t.c("green load 1"), declare=2)
    d.follow(1, t.c("black load 1"), declare=2)
    d.draw(2)
    while d.decision.kind in ("load", "any_time"):  # the leader may discard between loads
        d.send(d.decision.options[0])  # (IE-DISCARD-2): "pass"
    assert _kinds(d, "load") == [0, 0, 1, 1]


def test_import_rounds_are_shared_not_one_player_after_the_other(t):
    """ "Con più azioni dichiarate, ogni giocatore completa tutte le proprie azioni prima che
    agisca il giocatore successivo?" The exception: Import bids round by round, every
    bidder in each round. Ruling: IE-TURN-2"""
    t.arrange(
        hands=[["green import 1"], ["blue import 1"], []],
        crew={0: ["yellow import 1"], 1: ["black import 1"]},
        fulfilled={0: ["Done Deal"], 1: ["Done Deal Two"]},
        ships={5: {"at_sea": True, "cargo": ["red load 1", "red load 2", "red load 3"]}},
    )
    d = t.play()
    d.lead(0, IMPORT, t.c("green import 1"), declare=2)
    d.follow(1, t.c("blue import 1"), declare=2)
    d.draw(2)
    for _ in range(2):
        d.send(5, "import_ship", 0)
        d.send(0, "bid", 0).send(1, "bid", 1)
        while d.decision.kind in ("import_take", "import_place"):
            d.send(d.decision.options[-1])
    assert _kinds(d, "bid") == [0, 1, 0, 1]


# ---------------------------------------------------------------- supply


def test_an_empty_island_is_not_refilled_and_one_may_still_sell(t):
    """ "L'Isola dei Rifornimenti si riempie di nuovo se si svuota, e un'azione Rifornimento
    extra va sprecata?" No refill step; with an empty island one may still sell, and an
    extra Supply with nothing left to do is wasted. Ruling: IE-SUPPLY-1"""
    t.arrange(
        hands=[["red supply 1", "blue load 1"], ["green supply 1"], []],
        crew={0: ["yellow supply 1"]},
        island=[],
    )
    d = t.play()
    d.lead(0, SUPPLY, t.c("red supply 1"), declare=2)
    d.follow(1, t.c("green supply 1"))
    d.draw(2)
    d.expect("supply", 0, options=[("sell", t.c("blue load 1"))])
    d.send(("sell", t.c("blue load 1")))
    # the second Supply: cannot sell again, takes the card just sold from the island
    d.expect("supply", 0, options=[("crew", t.c("blue load 1"))])
    d.send(("crew", t.c("blue load 1")))
    # player 1: nothing in hand, nothing on the island: wasted; and nothing refills it
    d.expect("lead", 1)
    assert t.state.island == []


# ---------------------------------------------------------------- import


def test_zero_is_a_valid_bid_and_one_may_bid_without_room(t):
    """ "In un'asta di Importazione, 0 è un'offerta valida, sei vincolato alle azioni che hai
    dichiarato e puoi partecipare senza spazio nel tuo Porto?" Yes to all three: bids run
    from 0, declared rounds must be bid, and a full port may win just to empty a ship.
    Ruling: IE-IMPORT-1"""
    t.arrange(
        hands=[["green import 1"], ["blue import 1"], []],
        crew={1: ["yellow supply 1"]},
        goods={1: ["black supply 1", "black supply 2"]},
        ships={5: {"at_sea": True, "cargo": ["red load 1", "red load 2"]}},
        credits=[10, 0, 10],
    )
    d = t.play()
    d.lead(0, IMPORT, t.c("green import 1"))
    d.follow(1, t.c("blue import 1"))
    d.draw(2)
    d.send(5, "import_ship", 0)
    d.send(0, "bid", 0)
    d.expect("bid", 1, options=[0])  # no credits, still bids
    d.send(0)
    d.send(1, "import_tie", 0)
    d.send(0, "import_take", 1)
    # neither limit has room: both cards discarded; the owner is paid all the same
    assert t.state.discard[:2] == t.cs("red load 1", "red load 2")
    assert t.state.credits == [10, 0, 12]
    assert not t.ship(5).at_sea
    d.expect("lead", 1)


def test_a_lone_bidder_takes_for_free_and_the_owner_is_paid(t):
    """ "Come funzionano le aste di Importazione con un solo offerente, devi tenere le carte
    importate, e qual è l'ordine delle operazioni quando un Contratto viene completato?" A lone
    bidder may bid 0; the owner still gets 2 unless he is the winner. Ruling: IE-IMPORT-1"""
    t.arrange(
        hands=[["green import 1"], [], []],
        ships={3: {"at_sea": True, "cargo": ["red load 1", "red load 2", "red load 3"]}},
    )
    d = t.play()
    d.lead(0, IMPORT, t.c("green import 1"))
    d.draw(1).draw(2)
    d.send(3, "import_ship", 0)
    d.expect("bid", 0, options=range(11))
    d.send(0)
    d.send(0, "import_take", 0)
    # there is room: the card must be placed, discarding is not among the options
    d.expect("import_place", 0, options=["crew", "goods"])
    d.send("crew")
    d.send(0, "import_take", 0)
    d.send("goods", "import_place", 0)
    assert t.state.credits == [10, 12, 10]
    assert t.state.crew[0] == [t.c("red load 1")] and t.state.goods[0] == [t.c("red load 2")]


def test_the_owner_is_paid_even_when_the_cards_go_to_goods(t):
    """ "Se il vincitore dell'Importazione mette entrambe le carte nei Beni, o deve
    scartarle, il proprietario della Nave prende comunque 2 crediti?" Yes.
    Ruling: IE-IMPORT-1"""
    t.arrange(
        hands=[["green import 1"], [], []],
        fulfilled={0: ["Done Deal"]},
        ships={3: {"at_sea": True, "cargo": ["red load 1", "red load 2", "red load 3"]}},
    )
    d = t.play()
    d.lead(0, IMPORT, t.c("green import 1"))
    d.draw(1).draw(2)
    d.send(3, "import_ship", 0).send(2, "bid", 0)
    d.send(1, "import_take", 0).send("goods", "import_place", 0)
    d.send(1, "import_take", 0).send("goods", "import_place", 0)
    assert t.state.goods[0] == t.cs("red load 2", "red load 3")
    assert t.state.credits == [8, 12, 10]


def test_the_leader_chooses_among_tied_bidders(t):
    """ "Cosa significa che il giocatore capofila decide i pareggi nelle aste di
    Importazione?" The leader picks the winner among the tied bidders, himself included if
    tied, or between the others if he is not. Ruling: IE-IMPORT-1"""
    t.arrange(
        hands=[["green import 1"], ["blue import 1"], ["black import 1"]],
        ships={1: {"at_sea": True, "cargo": ["red load 1", "red load 2", "red load 3"]}},
    )
    d = t.play()
    d.lead(0, IMPORT, t.c("green import 1"))
    d.follow(1, t.c("blue import 1")).follow(2, t.c("black import 1"))
    d.send(1, "import_ship", 0)
    d.send(1, "bid", 0).send(3, "bid", 1).send(3, "bid", 2)
    d.expect("import_tie", 0, options=[1, 2])
    d.send(1)
    d.send(0, "import_take", 1).send("goods", "import_place", 1)
    d.send(0, "import_take", 1).send("goods", "import_place", 1)
    assert t.state.credits == [10 + 2, 7, 10]


def test_the_leader_chooses_the_ship_after_everyone_declared(t):
    """ "In un turno di Importazione, quando si sceglie la Nave, chi viene pagato e quanto, e
    chi vince un'offerta in parità?" The ship is chosen after all have declared; the winning
    bid goes to the bank. Ruling: IE-IMPORT-1"""
    t.arrange(
        hands=[["green import 1"], ["blue import 1"], []],
        ships={3: {"at_sea": True, "cargo": ["red load 1", "red load 2", "red load 3"]}},
    )
    d = t.play()
    d.lead(0, IMPORT, t.c("green import 1"))
    d.follow(1, t.c("blue import 1"))
    d.draw(2)
    d.expect("import_ship", 0)
    assert [dec.kind for dec, _ in d.history][-2:] == ["follow", "declare"]
    d.send(3).send(0, "bid", 0).send(4, "bid", 1)
    assert t.state.credits == [10, 6, 10], "the winner (owner) pays the bank only"


def test_a_ship_with_one_card_gives_it_and_returns(t):
    """ "Se una Nave all'asta contiene una sola carta, cosa ne fa il vincitore?" He takes it
    as crew or goods, and the empty ship returns to its owner's port. Ruling: IE-IMPORT-1"""
    t.arrange(
        hands=[["green import 1"], [], []],
        ships={5: {"at_sea": True, "cargo": ["red load 1"]}},
    )
    d = t.play()
    d.lead(0, IMPORT, t.c("green import 1"))
    d.draw(1).draw(2)
    d.send(5, "import_ship", 0).send(0, "bid", 0)
    d.expect("import_place", 0, options=["crew", "goods"])  # no card to choose
    d.send("goods")
    assert t.state.goods[0] == [t.c("red load 1")]
    assert not t.ship(5).at_sea and t.state.credits == [10, 10, 12]


def test_an_import_card_won_to_crew_gives_no_extra_round(t):
    """ "Se ottieni una carta Importazione nel tuo Equipaggio durante un turno di
    Importazione, ti dà un round di offerte extra nello stesso turno?" No: everything is
    declared before anyone acts. Ruling: IE-IMPORT-1"""
    t.arrange(
        hands=[["green import 1"], [], []],
        ships={3: {"at_sea": True, "cargo": ["red import 1", "red load 2", "red load 3"]}},
    )
    d = t.play()
    d.lead(0, IMPORT, t.c("green import 1"))
    d.draw(1).draw(2)
    d.send(3, "import_ship", 0).send(0, "bid", 0)
    d.send(0, "import_take", 0).send("crew", "import_place", 0)
    d.send(0, "import_take", 0).send("goods", "import_place", 0)
    assert t.state.crew[0] == [t.c("red import 1")]
    d.expect("lead", 1)
    assert _kinds(d, "import_ship") == [0]


# ---------------------------------------------------------------- pirate


def test_pirated_containers_only_go_to_a_matching_need_at_the_port(t):
    """ "I Container saccheggiati possono essere caricati sulla tua Nave in mare, o su una
    Nave senza un Contratto corrispondente?" No in both cases: otherwise the container is
    discarded. Emptying one's own ship this way brings it home. Ruling: IE-PIRATE-1"""
    t.arrange(
        hands=[["green pirate 1"], [], []],
        crew={0: ["yellow pirate 1"]},
        ships={
            0: {"contracts": ["Blue One"]},
            1: {"at_sea": True, "cargo": ["red load 1", "blue load 2"]},
        },
    )
    d = t.play()
    d.lead(0, PIRATE, t.c("green pirate 1"), declare=2)
    d.draw(1).draw(2)
    d.send(("ship", 1, 0), "pirate", 0)  # red: no red need anywhere, discarded
    assert t.state.discard == [t.c("red load 1")]
    d.send(("ship", 1, 0), "pirate", 0)  # blue: only the ship at the port, not the one at sea
    # the ship at sea was emptied: it is home before the container is placed
    assert not t.ship(1).at_sea
    assert t.state.credits == [10, 10, 10]
    d.expect("pirate_to", 0, options=[(0, BLUE), "discard"])
    d.send((0, BLUE))
    # Blue One is complete with one container: paid the lowest band, ship 0 sails
    assert t.ship(0).at_sea and t.state.credits[0] == 16


# ---------------------------------------------------------------- fulfilment


def test_the_rulebooks_payouts_not_the_old_summary_cards(t):
    """ "Nella Definitive Edition, il regolamento e le carte riassuntive non concordano sui
    pagamenti dei Container; qual è corretto?" The rulebook: 2 pay 6, 3-4 pay 10, 5-6 pay 14
    (and 1, only through powers, the lowest band). Ruling: IE-PAY-1"""
    rules = t.game.rules
    assert [rules.payout(k) for k in range(1, 7)] == [6, 6, 10, 10, 14, 14]
    t.arrange(
        hands=[["green load 1", "red supply 4"], [], []],
        ships={
            0: {
                "contracts": ["Red Four"],
                "cargo": ["red supply 1", "red supply 2", "red supply 3"],
            }
        },
    )
    d = t.play()
    d.lead(0, LOAD, t.c("green load 1"))
    d.draw(1).draw(2)
    d.send((t.c("red supply 4"), 0, RED), "load", 0)
    assert t.state.credits[0] == 20


def test_fulfilment_pays_then_files_the_contracts_then_sails_then_fills_the_island(t):
    """ "...e qual è l'ordine delle operazioni quando un Contratto viene completato?" Take the
    credits, file the contracts and resolve their powers, move the ship to sea, then one deck
    card to the island. Ruling: IE-FULFIL-1"""
    t.arrange(
        hands=[["green load 1", "blue supply 1"], [], []],
        ships={0: {"contracts": ["Red Two", "Blue One"], "cargo": ["red load 1", "red load 2"]}},
    )
    game, s = t.game, t.state
    ship = t.ship(0)
    seen = []

    def spy(g, state, owner, contract):  # each contract's power, as it resolves
        seen.append(("power", contract.id, state.credits[0], list(state.fulfilled[0]), ship.at_sea))
        seen.append(("island", list(state.island)))
        yield from ()

    for name in ("Red Two", "Blue One"):
        game.powers.by_contract[t.cid(name)] = Power(name, on_fulfil=spy)
    rules_emit = game.emit_step

    def emit_step(state, event, actor, payload):  # every event passes here
        if event == "contract_fulfilled":
            seen.append(("sailed", ship.at_sea, list(state.island)))
        rules_emit(state, event, actor, payload)

    game.emit_step = emit_step
    d = t.play()
    d.lead(0, LOAD, t.c("green load 1"))
    d.draw(1).draw(2)
    top = s.deck[-1]
    d.send((t.c("blue supply 1"), 0, BLUE), "load", 0)
    both = [t.cid("Red Two"), t.cid("Blue One")]
    assert seen == [
        ("power", both[0], 20, both, False),  # paid (3 containers), both filed, still in port
        ("island", []),
        ("power", both[1], 20, both, False),
        ("island", []),
        ("sailed", True, []),  # at sea before the island card
    ]
    assert s.island == [top]


def test_contracts_completed_together_resolve_in_the_order_they_were_met(t):
    """ "...e qual è l'ordine delle operazioni quando un Contratto viene completato?" "i
    Contratti completati simultaneamente si risolvono nell'ordine in cui i loro requisiti di
    carico sono stati soddisfatti". Ruling: IE-FULFIL-1"""
    t.arrange(
        hands=[["green load 1", "red supply 2"], [], []],
        ships={0: {"contracts": ["Red Two", "Blue One"], "cargo": ["blue load 1", "red load 1"]}},
    )
    game = t.game
    order = []

    def spy(g, state, owner, contract):  # each contract's power, as it resolves
        order.append(contract.id)
        yield from ()

    for name in ("Red Two", "Blue One"):
        game.powers.by_contract[t.cid(name)] = Power(name, on_fulfil=spy)
    d = t.play()
    d.lead(0, LOAD, t.c("green load 1"))
    d.draw(1).draw(2)
    d.send((t.c("red supply 2"), 0, RED), "load", 0)
    # Blue One's container came first; Red Two was met by the last load
    assert order == [t.cid("Blue One"), t.cid("Red Two")]
    assert t.state.fulfilled[0] == [t.cid("Blue One"), t.cid("Red Two")]


# ---------------------------------------------------------------- the end


def test_the_end_triggers_when_deck_and_discard_empty_and_the_turn_finishes(t):
    """ "Quando il mazzo di pesca e la pila degli scarti sono entrambi vuoti, come finisce la
    partita, e le carte scartate durante l'ultimo turno vengono rimescolate?" It triggers the
    moment both are empty; the turn finishes with every follower's declared actions, then
    scoring; no evening out of turns. Ruling: IE-END-1"""
    t.arrange(
        hands=[["red supply 1"], ["blue load 1", "green load 1", "black load 1"], []],
        crew={2: ["yellow supply 1"]},
        fulfilled={2: ["Done Deal"]},
        island=["yellow load 1", "yellow load 2"],
        deck=["black supply 1", "black supply 2"],
        rest=("goods", 0),
    )
    d = t.play()
    d.lead(0, SUPPLY, t.c("red supply 1"))
    d.draw(1)  # holds 3: draws the last 2 cards
    assert t.state.end_triggered and t.state.end_reason == "deck_exhausted"
    d.draw(2, declare=1)  # nothing left to draw, still declares his crew
    assert t.state.hands[2] == []
    d.send(("crew", t.c("yellow load 1")), "supply", 0)
    d.send(("crew", t.c("yellow load 2")), "supply", 2)
    assert t.state.crew[2] == t.cs("yellow supply 1", "yellow load 2")
    assert d.over and t.state.turn == 1
    assert t.state.final_credits, "scored"


def test_after_the_end_is_triggered_the_discard_is_not_reshuffled(ie_table):
    """ "Quando il mazzo di pesca e la pila degli scarti sono entrambi vuoti, come finisce la
    partita, e le carte scartate durante l'ultimo turno vengono rimescolate?" No: cards
    discarded during the last turn cannot be drawn again. Ruling: IE-END-2"""
    t = ie_table(players=2, cards=CARDS)
    t.arrange(
        hands=[["green pirate 1"], ["red load 1", "blue load 1", "black load 1", "yellow load 1"]],
        crew={0: ["yellow pirate 1"]},
        ships={0: {"contracts": ["Red Two"], "cargo": ["red supply 1"]}},
        island=["green supply 1", "red supply 2"],
        deck=["green load 1"],
        rest=("goods", 1),
    )
    d = t.play()
    d.lead(0, PIRATE, t.c("green pirate 1"), declare=2)
    d.draw(1)  # the last card: deck and discard empty, the end is triggered
    assert t.state.end_reason == "deck_exhausted"
    d.send(("island", t.c("green supply 1")), "pirate", 0)  # fits nowhere: discarded
    assert t.state.discard == [t.c("green supply 1")]
    d.send(("island", t.c("red supply 2")), "pirate", 0)
    d.send((0, RED), "pirate_to", 0)  # completes Red Two
    assert t.ship(0).at_sea and t.state.credits[0] == 16
    # the island card is not drawn from a reshuffled pile
    assert t.state.island == [] and t.state.deck == []
    assert d.over
    assert t.state.discard == t.cs("green supply 1", "green pirate 1")


def test_illegal_goods_are_worth_two_and_the_most_pay_six(t):
    """ "Quanto valgono di per sé i Beni Illegali a fine partita?" 2 credits each; the player
    with the most illegal goods pays 6 to the bank. Ruling: IE-SCORE-1"""
    t.arrange(
        hands=[[], [], []],
        goods={0: ["red supply 1", "red supply 2", "red supply 3"], 1: ["red load 1"]},
        credits=[0, 0, 0],
    )
    t.game.score(t.state)
    assert t.state.final_credits == [6 - 6, 2, 0]


def test_the_set_bonus_is_ten_once_even_with_two_sets(t):
    """ "Con due Beni di ogni tipo, il bonus di 20 crediti di Artifacts ... si somma al bonus
    del set per 30 in totale, o sono 40?" 30: the standard bonus of 10 is for at least one
    good of each type, once, not per set. Ruling: IE-SCORE-1"""
    two_sets = [
        f"{c} supply {k}" for c in ("green", "yellow", "black", "blue", "red") for k in (1, 2)
    ]
    t.arrange(hands=[[], [], []], goods={0: two_sets}, credits=[0, 0, 0])
    t.game.score(t.state)
    # goods 4 x 2 + 2 x 2 = 12, one set bonus, majorities 6 + 6 + 6 + 8, illegal -6
    assert t.state.final_credits[0] == 12 + 10 + 26 - 6
