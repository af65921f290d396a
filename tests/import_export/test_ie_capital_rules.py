"""Capital's special rules (rules.py): setup, the Barter action, Capital goods and levels,
rainbow cargo, grey containers and the hand discard. Rulings IE-CAP-1 to IE-CAP-10."""

from __future__ import annotations

from simulator.catalog import get_game
from simulator.core.seeding import GameRandom
from simulator.games.import_export.cards import (
    ANY,
    BARTER,
    BLACK,
    BLUE,
    CONTRACT,
    GREEN,
    GREY,
    IMPORT,
    LOAD,
    PIRATE,
    RED,
    YELLOW,
)
from strategies.import_export.classic import IEClassic

SPEC = get_game("import-export")
CAPITAL = {
    "Swap": "grey barter level=any:1 cargo=any:2",
    "Swap 2": "grey barter level=any:1 cargo=any:2",
    "Barter Crew": "grey barter level=any:1 cargo=any:2",
    "Cap A": "grey supply level=any:0 cargo=any:2",
    "Cap B": "grey supply level=any:0 cargo=any:2",
    "Big Cap": "grey contract level=any:3 cargo=any:2",
    "Cap Mix": "grey load level=any:0 cargo=black:2+blue:2",
}


def _table(ie_table, players: int = 3):
    return ie_table(players=players, cards=CAPITAL)


# ---------------------------------------------------------------- setup


def test_capital_deals_the_grey_port_below_six_players_with_two_extra_credits() -> None:
    """Rulings: IE-CAP-1 (grey among the dealt ports, +2; at six, +4 and +2)."""
    game = SPEC.factory(SPEC.make_config(4, ("base", "capital")))
    dealt = set()
    for seed in range(30):
        s = game.new_state(GameRandom.for_game(seed, 0, 0))
        dealt.update(s.port)
        for p in range(4):
            assert s.credits[p] == (12 if s.port[p] == GREY else 10)
    assert GREY in dealt and len(dealt) == 6  # any of the six colours may be dealt
    six = SPEC.factory(SPEC.make_config(6, ("base", "capital")))
    s = six.new_state(GameRandom.for_game(1, 0, 0))
    assert sorted(s.credits) == [10, 10, 10, 10, 10, 16]
    base = SPEC.factory(SPEC.make_config(4, ("base",)))
    assert not base.capital
    assert GREY not in base.new_state(GameRandom.for_game(1, 0, 0)).port


def test_capital_cards_dealt_under_ships_at_sea_are_discarded_and_replaced() -> None:
    """Ruling: IE-CAP-2."""
    game = SPEC.factory(SPEC.make_config(5, ("base", "capital")))
    replaced = 0
    for seed in range(20):
        s = game.new_state(GameRandom.for_game(seed, 0, 0))
        game.check_invariants(s)
        for ship in s.ships:
            assert all(game.color[c] != GREY for c in ship.cargo)
            assert len(ship.cargo) == (4 if ship.at_sea else 0)
        assert all(game.color[c] == GREY for c in s.discard)
        replaced += len(s.discard)
    assert replaced > 0


# ---------------------------------------------------------------- Barter


def test_leading_barter_is_a_solo_action_with_one_swap_per_action(ie_table) -> None:
    """Rulings: IE-CAP-8 (nobody follows or draws; Barter crew adds swaps), IE-CAP-9."""
    t = _table(ie_table)
    t.arrange(
        hands=[["Swap", "red load 1"], ["green load 1"], ["blue load 1"]],
        island=["yellow supply 1", "black supply 1"],
        crew={0: ["Barter Crew"]},
    )
    s = t.state
    d = t.play()
    assert ("lead", BARTER) in d.options("lead", 0)
    d.send(("lead", BARTER))
    assert d.options("lead_with", 0) == (t.c("Swap"),)
    d.send(t.c("Swap"))
    assert d.options("declare", 0) == (1, 2)
    d.send(2)
    red, yellow, black = t.cs("red load 1", "yellow supply 1", "black supply 1")
    d.expect("barter", 0, [(red, yellow), (red, black)])
    d.send((red, black))
    d.expect("barter", 0, [(black, yellow), (black, red)])
    d.send((black, yellow))
    d.expect("lead", 1)  # the turn passed: no follow, no draw
    assert "follow" not in [k for k, _ in d.kinds()]
    assert s.hands == [[yellow], [t.c("green load 1")], [t.c("blue load 1")]]
    assert sorted(s.island) == sorted([red, black])
    assert t.c("Swap") in s.discard


def test_barter_is_never_led_with_a_wildcard_but_two_barter_cards_lead_anything(
    ie_table,
) -> None:
    """Ruling: IE-CAP-8 (two matching cards are no wildcard for Barter; two Barter cards
    are one for any other action)."""
    t = _table(ie_table)
    t.arrange(hands=[["red load 1", "red load 2"], [], []])
    assert ("lead", BARTER) not in t.game._lead_options(t.state, 0)
    t = _table(ie_table)
    t.arrange(hands=[["Swap", "Swap 2"], [], []], island=["yellow supply 1"])
    options = t.game._lead_options(t.state, 0)
    assert {("lead", a) for a in (IMPORT, CONTRACT, LOAD, PIRATE, BARTER)} <= set(options)
    pair = tuple(sorted(t.cs("Swap", "Swap 2")))
    assert pair in t.game.play_options(t.state, 0, IMPORT)
    assert t.game.play_options(t.state, 0, BARTER) == tuple(t.cs("Swap", "Swap 2"))


def test_a_barter_card_from_the_hand_follows_any_action_and_replaces_it(ie_table) -> None:
    """Ruling: IE-CAP-8 (FAQ: a Barter card played from the hand follows any declared
    action; a player who barters performs no other action type)."""
    t = _table(ie_table)
    t.arrange(
        hands=[["red load 1", "red load 2"], ["Swap", "green load 1"], ["blue load 1"]],
        island=["yellow supply 1"],
        crew={1: ["Barter Crew"]},
        ships={0: {"contracts": ["red contract 1"]}, 2: {"contracts": ["green contract 1"]}},
    )
    s = t.state
    d = t.play()
    d.lead(0, LOAD, t.c("red load 1"))
    follow = d.options("follow", 1)
    assert ("follow_as", BARTER, BARTER) in follow and ("follow",) in follow
    d.send(("follow_as", BARTER, BARTER))
    assert d.options("follow_with", 1) == (t.c("Swap"),)  # never a wildcard pair
    d.send(t.c("Swap"))
    assert d.options("declare", 1) == (1, 2)  # the Barter crew adds a swap
    d.send(1)
    d.draw(2)
    d.send((t.c("red load 2"), 0, RED), "load", 0)
    green, yellow = t.cs("green load 1", "yellow supply 1")
    d.send((green, yellow), "barter", 1)  # his barter, in turn order: no load of his own
    d.expect("lead", 1)
    assert s.hands[1] == [yellow] and s.island == [green]
    assert t.ship(2).cargo == []


def test_a_drawing_follower_may_barter_with_his_barter_crew(ie_table) -> None:
    """Ruling: IE-CAP-8 (draw, then one Barter action per Barter crew card)."""
    t = _table(ie_table)
    t.arrange(
        hands=[["red load 1"], ["yellow supply 2"], ["blue load 1"]],
        island=["yellow supply 1"],
        crew={1: ["Barter Crew", "green load 3"]},
        fulfilled={1: ["blue contract 1"]},
        deck=["black supply 1", "black supply 2", "black supply 3", "black supply 4"],
    )
    s = t.state
    d = t.play()
    d.lead(0, LOAD, t.c("red load 1"))
    assert d.options("follow", 1) == (("draw",),)
    d.send(("draw",))
    assert d.options("declare", 1) == (0, 1)
    assert d.decision.context == BARTER
    d.send(1)  # barter: no Load declared
    d.draw(2)
    d.expect("barter", 1)
    assert len(d.options()) == 5  # five hand cards for the one island card
    d.send((t.c("yellow supply 2"), t.c("yellow supply 1")))
    d.expect("lead", 1)
    assert t.c("yellow supply 2") in s.island


def test_a_drawing_follower_declining_to_barter_declares_his_other_crew(ie_table) -> None:
    t = _table(ie_table)
    t.arrange(
        hands=[["red load 1"], ["yellow supply 2"], ["blue load 1"]],
        island=["yellow supply 1"],
        crew={1: ["Barter Crew", "green load 3"]},
        fulfilled={1: ["blue contract 1"]},
    )
    d = t.play()
    d.lead(0, LOAD, t.c("red load 1"))
    d.send(("draw",), "follow", 1)
    d.send(0, "declare", 1)
    assert d.options("declare", 1) == (0, 1) and d.decision.context == LOAD


# ---------------------------------------------------------------- goods and levels


def test_capital_goods_count_as_the_leftmost_non_capital_good(ie_table) -> None:
    """Rulings: IE-CAP-3 (FAQ: for levels, points and majorities; never a type of their
    own for the set bonus)."""
    t = _table(ie_table)
    goods = ["Cap A", "green supply 1", "Cap B", "yellow supply 1", "black supply 1"]
    goods += ["blue supply 1"]
    fulfilled = {0: ["red contract 1", "red contract 2"]}
    t.arrange(goods={0: goods}, ports=[RED, YELLOW, BLACK], fulfilled=fulfilled)
    game, s = t.game, t.state
    assert game.goods_colors(s, 0) == [GREEN, GREEN, GREEN, YELLOW, BLACK, BLUE]
    assert game.level(s, 0, GREEN) == 3 and game.level(s, 0, ANY) == 6
    game.score(s)
    # 6 goods at 1, majorities tech 6, agriculture 6, consumer 6, luxury 8; no set bonus
    # (the Capital goods are tech, and there is no illegal good)
    assert s.final_credits[0] == 10 + 6 + 6 + 6 + 6 + 8


def test_capital_goods_without_a_non_capital_good_count_as_no_type(ie_table) -> None:
    """Ruling: IE-CAP-4."""
    t = _table(ie_table)
    t.arrange(goods={0: ["Cap A", "Cap B"], 1: ["green supply 1"]})
    game, s = t.game, t.state
    assert game.goods_colors(s, 0) == [GREY, GREY]
    assert game.level(s, 0, GREEN) == 1  # his green port only
    assert game.level(s, 0, ANY) == 2  # but a Capital level counts every good
    game.score(s)
    assert s.final_credits[0] == 10 and s.final_credits[1] == 10 + 1 + 6


def test_capital_levels_count_every_good_and_the_grey_port(ie_table) -> None:
    """Ruling: IE-CAP-5 (extra contract actions buy missing levels as usual)."""
    t = _table(ie_table)
    t.arrange(
        hands=[["red contract 1", "Big Cap"], [], []],
        goods={0: ["green supply 1"]},
        crew={0: ["red contract 2", "red contract 3"]},
        fulfilled={0: ["blue supply 1", "blue supply 2"]},
        ports=[GREY, YELLOW, BLACK],
    )
    game, s = t.game, t.state
    cid = t.cid("Big Cap")
    assert game.level(s, 0, ANY) == 2 and game.missing_levels(s, 0, cid) == 1
    d = t.play()
    d.lead(0, CONTRACT, t.c("red contract 1"), declare=2)
    d.draw(1).draw(2)
    d.expect("contract", 0)
    assert (t.c("Big Cap"), cid, 0) in d.options()
    d.send((t.c("Big Cap"), cid, 0))
    d.expect("lead", 1)
    assert t.ship(0).contracts == [cid]


def test_a_capital_multicolour_cargo_takes_any_container(ie_table) -> None:
    """Ruling: IE-CAP-6."""
    t = _table(ie_table)
    t.arrange(ships={0: {"contracts": ["Cap Mix"], "cargo": ["green supply 1"]}})
    game, s = t.game, t.state
    need, unmatched = game.remaining(t.ship(0), s=s)
    assert need == {ANY: 3} and unmatched == 0
    assert game.fits(t.ship(0), YELLOW, s)


def test_a_capital_contract_pays_by_its_containers_as_usual(ie_table) -> None:
    t = _table(ie_table)
    cargo = ["green supply 1", "green supply 2", "blue supply 1"]
    t.arrange(
        hands=[["red load 1", "yellow supply 1"], [], []],
        ships={0: {"contracts": ["Cap Mix"], "cargo": cargo}},
    )
    d = t.play()
    d.lead(0, LOAD, t.c("red load 1"))
    d.draw(1).draw(2)
    d.send((t.c("yellow supply 1"), 0, YELLOW), "load", 0)
    assert t.state.fulfilled[0] == [t.cid("Cap Mix")] and t.ship(0).at_sea
    assert t.state.credits[0] == 10 + t.game.rules.pay_3_4  # four containers


# ---------------------------------------------------------------- grey containers


def test_grey_containers_are_wild_and_neither_loaded_nor_pirated(ie_table) -> None:
    """Ruling: IE-CAP-7 (FAQ: only powers put them on ships; only an import removes them)."""
    t = _table(ie_table)
    t.arrange(
        hands=[["red pirate 1", "Cap A"], [], []],
        island=["Cap B", "yellow supply 1"],
        ships={
            0: {"contracts": ["red contract 1"], "cargo": [("Swap", GREY)]},
            3: {"at_sea": True, "cargo": [("Swap 2", GREY), "blue supply 1"]},
        },
    )
    game, s = t.game, t.state
    assert game.remaining(t.ship(0), s=s)[0] == {RED: 1}  # the grey one filled a red need
    assert game.load_options(s, 0, [t.c("Cap A")]) == ()  # a grey card is never loaded
    d = t.play()
    d.lead(0, PIRATE, t.c("red pirate 1"))
    d.draw(1).draw(2)
    assert set(d.options("pirate", 0)) == {("ship", 3, 1), ("island", t.c("yellow supply 1"))}


def test_an_import_takes_grey_containers(ie_table) -> None:
    """Ruling: IE-CAP-7."""
    t = _table(ie_table)
    t.arrange(
        hands=[["red import 1"], [], []],
        ships={3: {"at_sea": True, "cargo": [("Swap 2", GREY)]}},
    )
    d = t.play()
    d.lead(0, IMPORT, t.c("red import 1"))
    d.draw(1).draw(2)
    d.send(3, "import_ship", 0)
    d.send(0, "bid", 0)
    d.send("goods", "import_place", 0)
    assert t.state.goods[0] == [t.c("Swap 2")] and not t.ship(3).at_sea


# ---------------------------------------------------------------- the hand discard


def test_capital_cards_may_be_discarded_before_a_draw_action(ie_table) -> None:
    """Ruling: IE-CAP-10 (not replaced until the Draw action)."""
    t = _table(ie_table)
    t.arrange(hands=[["Cap A", "Swap", "red load 1"], [], []])
    s = t.state
    d = t.play()
    d.send(("draw",), "lead", 0)
    d.expect("capital_discard", 0, ["pass", t.c("Cap A"), t.c("Swap")])
    d.send(t.c("Cap A"))
    d.expect("capital_discard", 0, ["pass", t.c("Swap")])
    d.send("pass")
    d.expect("lead", 1)
    assert t.c("Cap A") in s.discard and len(s.hands[0]) == 5


# ---------------------------------------------------------------- the heuristic bot


def test_the_heuristic_bot_barters_for_the_container_its_ship_needs(ie_table) -> None:
    """The bot leads Barter when an island card fills its ship, and takes that card."""
    t = _table(ie_table)
    t.arrange(
        hands=[["Swap", "blue supply 1", "blue supply 2", "blue supply 3"], [], []],
        island=["red supply 1", "yellow supply 1"],
        ships={0: {"contracts": ["red contract 1"], "cargo": ["red supply 2"]}},
        ports=[GREEN, YELLOW, BLACK],
    )
    bot, rng = IEClassic(), GameRandom.for_game(0, 0, 1)
    d = t.play()
    view = t.game.observe(t.state, 0)
    assert bot.choose(d.expect("lead", 0), view, rng) == ("lead", BARTER)
    d.send(("lead", BARTER)).send(t.c("Swap"), "lead_with", 0)
    d.send(bot.choose(d.expect("declare", 0), view, rng))
    _, taken = bot.choose(d.expect("barter", 0), view, rng)
    assert taken == t.c("red supply 1")
