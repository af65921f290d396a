"""Tokyo powers (powers/tokyo.py): one or more focused tests per card, on a hand-built table
with the card's real sheet row; expected numbers come from its params. Tables that need the
Tokyo Port turn it on (`game.tokyo_port`); the test sheet's cards are set "base"."""

from __future__ import annotations

import pytest
from test_ie_power_play import fulfil, params, resolve, specs, use, window

from simulator.games.import_export.cards import CONTRACT, LOAD, PIRATE, YELLOW


def _port(t):  # noqa: ANN001, ANN202
    t.game.tokyo_port = True
    return t


def _emit(t, event: str, actor: int, payload, *answers):  # noqa: ANN001, ANN202
    return resolve(t, t.game.emit(t.state, event, actor, payload), *answers)


def _complete(t, ship: int, *answers):  # noqa: ANN001, ANN202
    """A ship whose cargo is all loaded completes (as after its last Load)."""
    return resolve(t, t.game.check_complete(t.state, t.ship(ship)), *answers)


# ---------------------------------------------------------------- Hentai Manga


@pytest.mark.parametrize("where", ["crew", "goods", "fulfilled"])
def test_hentai_manga_puts_a_later_illegal_contract_in_crew_or_goods(ie_table, where) -> None:
    """Ruling: IE-TOKYO-6."""
    t = ie_table(cards=specs("Hentai Manga"))
    t.arrange(
        fulfilled={0: ["Hentai Manga"]},
        ships={0: {"contracts": ["red contract 1"], "cargo": ["red load 1", "red load 2"]}},
    )
    fulfil(t, 0, "Hentai Manga")
    (asked,) = _complete(t, 0, where)
    assert asked.kind == "hentai_manga_place" and asked.context == t.cid("red contract 1")
    assert asked.options == ("fulfilled", "crew", "goods")
    s, card = t.state, t.c("red contract 1")
    assert s.credits[0] == 10 + 6  # paid as usual
    assert s.log[0]["fulfilled"] == [t.cid("red contract 1")]  # it was completed
    if where == "fulfilled":
        assert s.fulfilled[0] == [t.cid("Hentai Manga"), t.cid("red contract 1")]
    else:
        assert s.fulfilled[0] == [t.cid("Hentai Manga")]  # no limit raised
        assert getattr(s, where)[0] == [card]
    assert t.ship(0).at_sea


def test_hentai_manga_offers_a_zone_only_with_room_without_the_contract(ie_table) -> None:
    """Ruling: IE-TOKYO-6 (limits as if never tucked: never over a limit, FAQ Segways)."""
    t = ie_table(cards=specs("Hentai Manga"))
    t.arrange(
        fulfilled={0: ["Hentai Manga"]},
        crew={0: ["green supply 1", "green supply 2"]},  # the limit without it: 2
        ships={0: {"contracts": ["red contract 1"], "cargo": ["red load 1", "red load 2"]}},
    )
    fulfil(t, 0, "Hentai Manga")
    (asked,) = _complete(t, 0, "goods")
    assert asked.options == ("fulfilled", "goods")
    assert t.state.goods[0] == [t.c("red contract 1")]


def test_hentai_manga_ignores_other_colours_and_contracts_completed_with_it(ie_table) -> None:
    """Ruling: IE-TOKYO-6 ("after this one"; illegal contracts only)."""
    t = ie_table(cards=specs("Hentai Manga"))
    t.arrange(
        ships={
            0: {
                "contracts": ["Hentai Manga", "red contract 1"],
                "cargo": ["red load 1", "red load 2", "black load 1", "red load 3", "red load 4"],
            },
            1: {"contracts": ["blue contract 1"], "cargo": ["blue load 1", "blue load 2"]},
        }
    )
    assert _complete(t, 0) == []
    assert t.state.fulfilled[0] == [t.cid("Hentai Manga"), t.cid("red contract 1")]
    assert _complete(t, 1) == []  # a luxury contract: no choice
    assert t.cid("blue contract 1") in t.state.fulfilled[0]


def test_hentai_manga_moved_contract_resolves_only_an_immediate_power(ie_table) -> None:
    """Ruling: IE-TOKYO-6 (an immediate power resolves; an ongoing one does not apply)."""
    t = ie_table(cards=specs("Hentai Manga", "Ammunition", "Pistols"))
    t.arrange(
        fulfilled={0: ["Hentai Manga"]},
        goods={1: ["red supply 1"]},
        ships={
            0: {"contracts": ["Ammunition"], "cargo": ["red load 1", "red load 2"]},
            1: {"contracts": ["Pistols"], "cargo": ["red load 3", "red load 4"]},
        },
    )
    fulfil(t, 0, "Hentai Manga")
    _complete(t, 0, "crew")
    pay = params(t, "Ammunition")["payment"]
    assert t.state.credits[:2] == [10 + 6 + pay, 10 - pay]
    _complete(t, 1, "goods")
    listeners = t.state.hooks.get("contract_fulfilled", [])
    assert t.state.goods[0] == [t.c("Pistols")]
    assert all(cid != t.cid("Pistols") for _, cid in listeners)


# ---------------------------------------------------------------- Jidohanbaiki


@pytest.mark.parametrize("choice", ["credits", "draw"])
def test_jidohanbaiki_lets_a_leader_take_credits_instead_of_drawing(ie_table, choice) -> None:
    """Ruling: IE-TOKYO-7 (still a Draw action: Lumber reacts)."""
    t = ie_table(cards=specs("Jidohanbaiki", "Lumber"))
    t.arrange(fulfilled={0: ["Jidohanbaiki"], 1: ["Lumber"]}, hands=[["green load 1"], [], []])
    fulfil(t, 0, "Jidohanbaiki")
    fulfil(t, 1, "Lumber")
    d = t.play()
    d.send(("draw",), "lead", 0)
    d.expect("jidohanbaiki_use", 0, ("draw", "credits"))
    d.send(choice)
    s = t.state
    if choice == "credits":
        assert s.credits[0] == 10 + params(t, "Jidohanbaiki")["credits"]
        assert s.hands[0] == [t.c("green load 1")]
    else:
        assert s.credits[0] == 10 and len(s.hands[0]) == 5
    d.expect("lumber_draw", 1)


def test_jidohanbaiki_does_nothing_for_a_follower_who_draws(ie_table) -> None:
    """Ruling: IE-TOKYO-7 (only when leading)."""
    t = ie_table(cards=specs("Jidohanbaiki"))
    t.arrange(fulfilled={1: ["Jidohanbaiki"]}, hands=[["green load 1"], ["red load 1"], []])
    fulfil(t, 1, "Jidohanbaiki")
    d = t.play()
    d.lead(0, LOAD, t.c("green load 1"), 1)
    d.draw(1)
    assert len(t.state.hands[1]) == 5 and t.state.credits[1] == 10
    assert d.decision.kind != "jidohanbaiki_use"


# ---------------------------------------------------------------- PlayStations


@pytest.mark.parametrize(("tech", "extra"), [(4, 2), (3, 1), (1, 0)])
def test_playstations_loads_extra_containers_per_two_tech_goods(ie_table, tech, extra) -> None:
    """Ruling: IE-TOKYO-8 (after each Load action; optional, one by one)."""
    t = ie_table(cards={**specs("PlayStations"), "Big Yellow": "yellow contract cargo=yellow:5"})
    t.arrange(
        fulfilled={0: ["PlayStations"]},
        goods={0: [f"green supply {k}" for k in range(1, tech + 1)]},
        hands=[["green load 1", "yellow load 1", "yellow load 2", "yellow load 3"], [], []],
        ships={0: {"contracts": ["Big Yellow"]}, 1: {"at_sea": True, "cargo": ["red load 1"]}},
    )
    fulfil(t, 0, "PlayStations")
    d = t.play()
    d.lead(0, LOAD, t.c("green load 1"))
    d.draw(1).draw(2)
    d.send((t.c("yellow load 1"), 0, YELLOW), "load", 0)
    for k in range(extra):
        left = [t.c(f"yellow load {j}") for j in range(k + 2, 4)]
        d.expect("playstations_load", 0, ["pass", *((c, 0, YELLOW) for c in left)])
        d.send((left[0], 0, YELLOW))
    assert len(t.ship(0).cargo) == 1 + extra
    assert d.decision is None or d.decision.kind != "playstations_load"


def test_playstations_extra_load_may_be_passed(ie_table) -> None:
    """Ruling: IE-TOKYO-8."""
    t = ie_table(cards={**specs("PlayStations"), "Big Yellow": "yellow contract cargo=yellow:5"})
    t.arrange(
        fulfilled={0: ["PlayStations"]},
        goods={0: ["green supply 1", "green supply 2"]},
        hands=[["yellow load 2"], [], []],
        ships={0: {"contracts": ["Big Yellow"], "cargo": ["yellow load 1"]}},
    )
    fulfil(t, 0, "PlayStations")
    (asked,) = _emit(t, "load_action", 0, (), "pass")
    assert asked.kind == "playstations_load"
    assert len(t.ship(0).cargo) == 1
    assert _emit(t, "load_action", 1, ()) == []  # another player's Load


# ---------------------------------------------------------------- Ramen


def test_ramen_takes_the_ports_agricultural_cards_into_goods(ie_table) -> None:
    """Ruling: IE-TOKYO-9 (on completion, within the goods limit, the rest stays)."""
    t = _port(ie_table(cards=specs("Ramen")))
    t.arrange(
        fulfilled={0: ["Ramen"]},
        goods={0: ["blue supply 1", "blue supply 2"]},  # limit 4: room for 2
        island=["yellow load 1", "green load 1", "yellow pirate 1", "yellow supply 1"],
    )
    assert fulfil(t, 0, "Ramen") == []
    s = t.state
    assert s.goods[0][2:] == [t.c("yellow load 1"), t.c("yellow pirate 1")]
    assert s.island == [t.c("green load 1"), t.c("yellow supply 1")]


def test_ramen_keeps_taking_at_the_end_of_every_turn(ie_table) -> None:
    """Ruling: IE-TOKYO-9 (an ongoing power)."""
    t = _port(ie_table(cards=specs("Ramen")))
    t.arrange(fulfilled={0: ["Ramen"]}, hands=[[], [], ["green supply 1", "yellow load 1"]])
    fulfil(t, 0, "Ramen")
    t.state.island.append(t.state.hands[2].pop())  # sold by player 2, say
    _emit(t, "turn_ended", 2, None)
    assert t.state.goods[0] == [t.c("yellow load 1")] and t.state.island == []


def test_ramen_without_the_port_takes_from_the_supply_island(ie_table) -> None:
    """Ruling: IE-TOKYO-5 (FAQ: Ramen with the Supply Island)."""
    t = ie_table(cards=specs("Ramen"))
    assert not t.game.tokyo_port
    t.arrange(fulfilled={0: ["Ramen"]}, island=["yellow load 1", "red load 1"])
    fulfil(t, 0, "Ramen")
    assert t.state.goods[0] == [t.c("yellow load 1")] and t.state.island == [t.c("red load 1")]


# ---------------------------------------------------------------- Spacecraft


def test_spacecraft_must_place_a_port_card_free_not_on_the_leaving_ship(ie_table) -> None:
    """Ruling: IE-TOKYO-10."""
    t = _port(ie_table(cards={**specs("Spacecraft"), "Blue One": "blue load level=blue:1"}))
    t.arrange(
        island=["red load 1", "Blue One"],
        ships={0: {"contracts": ["Spacecraft"], "cargo": [f"green load {k}" for k in (1, 2, 3)]}},
    )
    red = (t.c("red load 1"), t.cid("red load 1"), 1)
    (asked,) = _complete(t, 0, red)
    assert asked.kind == "spacecraft_place" and asked.options == (red,)  # Blue One: level unmet
    assert t.ship(1).contracts == [t.cid("red load 1")] and t.ship(0).at_sea
    assert t.state.credits[0] == 10 + 10  # the payout, and no column cost
    assert t.state.island[0] == t.c("Blue One")


def test_spacecraft_without_a_ship_or_a_card_does_nothing(ie_table) -> None:
    """Ruling: IE-TOKYO-10."""
    t = _port(ie_table(cards=specs("Spacecraft")))
    t.arrange(
        fulfilled={0: ["Spacecraft"]},
        island=["red load 1"],
        ships={1: {"at_sea": True, "cargo": ["red load 2"]}},
    )
    t.ship(0).at_sea = True
    assert fulfil(t, 0, "Spacecraft") == []
    t.ship(0).at_sea = False
    t.state.island.clear()
    t.state.discard.append(t.c("red load 1"))
    assert fulfil(t, 0, "Spacecraft") == []


def test_spacecraft_without_the_port_places_a_supply_island_card(ie_table) -> None:
    """Ruling: IE-TOKYO-5 (its text names the Supply Island; no costs exist)."""
    t = ie_table(cards=specs("Spacecraft"))
    t.arrange(
        fulfilled={0: ["Spacecraft"]},
        island=["red load 1"],
        ships={1: {"at_sea": True, "cargo": ["red load 2"]}},
    )
    fulfil(t, 0, "Spacecraft", (t.c("red load 1"), t.cid("red load 1"), 0))
    assert t.ship(0).contracts == [t.cid("red load 1")] and t.state.island == []


# ---------------------------------------------------------------- Squid Jerky


def test_squid_jerky_swaps_itself_for_a_card_of_the_two_credit_column(ie_table) -> None:
    """Ruling: IE-TOKYO-11 (the card taken resolves its own power)."""
    t = _port(ie_table(cards=specs("Squid Jerky", "Jidohanbaiki")))
    t.arrange(fulfilled={0: ["Squid Jerky"]}, island=["red load 1", "Jidohanbaiki"])
    assert params(t, "Squid Jerky")["column_cost"] == 2
    taken = (t.c("Jidohanbaiki"), t.cid("Jidohanbaiki"))
    (asked,) = fulfil(t, 0, "Squid Jerky", taken)
    assert asked.kind == "squid_jerky_take" and asked.options == (taken,)
    s = t.state
    assert s.fulfilled[0] == [t.cid("Jidohanbaiki")]
    assert s.island == [t.c("red load 1"), t.c("Squid Jerky")]
    assert t.game.port_column(t.c("Squid Jerky")) == 1  # the 2-credit column itself
    assert s.mods[0]["lead_draw_credits"] == params(t, "Jidohanbaiki")["credits"]


def test_squid_jerky_stays_completed_with_an_empty_two_credit_column(ie_table) -> None:
    """Ruling: IE-TOKYO-11."""
    t = _port(ie_table(cards=specs("Squid Jerky")))
    t.arrange(fulfilled={0: ["Squid Jerky"]}, island=["red load 1"])  # level 0: 1 credit
    assert fulfil(t, 0, "Squid Jerky") == []
    assert t.state.fulfilled[0] == [t.cid("Squid Jerky")]


def test_squid_jerky_without_the_port_stays_completed(ie_table) -> None:
    """Ruling: IE-TOKYO-5 (no 2-credit column without the Port)."""
    t = ie_table(cards=specs("Squid Jerky", "Jidohanbaiki"))
    t.arrange(fulfilled={0: ["Squid Jerky"]}, island=["Jidohanbaiki"])
    assert fulfil(t, 0, "Squid Jerky") == []
    assert t.state.fulfilled[0] == [t.cid("Squid Jerky")]


# ---------------------------------------------------------------- Toto Toilets


def _toto_table(ie_table, port: bool):  # noqa: ANN001, ANN202
    t = ie_table(cards=specs("Toto Toilets"))
    if port:
        _port(t)
    t.arrange(
        fulfilled={0: ["Toto Toilets"]},
        hands=[["green contract 1"], ["green contract 2"], []],
        island=["red load 1"],
        ships={
            1: {"at_sea": True, "cargo": ["black pirate 1"]},
            3: {"at_sea": True, "cargo": ["black pirate 2"]},
        },
    )
    fulfil(t, 0, "Toto Toilets")
    return t


def test_toto_toilets_contracts_from_the_port_without_paying(ie_table) -> None:
    """Ruling: IE-TOKYO-12 (the others still pay)."""
    t = _toto_table(ie_table, port=True)
    assert t.game.port_cost(t.state, 0, t.c("red load 1")) == 0
    assert t.game.port_cost(t.state, 1, t.c("red load 1")) == 1
    d = t.play()
    d.lead(0, CONTRACT, t.c("green contract 1"))
    d.draw(1).draw(2)
    d.send((t.c("red load 1"), t.cid("red load 1"), 0), "contract", 0)
    assert t.state.credits[0] == 10 and t.ship(0).contracts == [t.cid("red load 1")]


def test_toto_toilets_without_the_port_opens_the_island_to_its_owner_only(ie_table) -> None:
    """Ruling: IE-TOKYO-5."""
    t = _toto_table(ie_table, port=False)
    d = t.play()
    d.lead(0, CONTRACT, t.c("green contract 1"))
    d.follow(1, t.c("green contract 2")).draw(2)
    d.expect("contract", 0, ["stop", (t.c("red load 1"), t.cid("red load 1"), 0)])
    d.send("stop")
    assert t.game.port_contract_options(t.state, 1, 1) == []
    assert d.decision is None or d.decision.kind != "contract"


# ---------------------------------------------------------------- Toyota


def test_toyota_draws_when_one_of_the_owners_ships_returns(ie_table) -> None:
    """Ruling: IE-TOKYO-13."""
    t = ie_table(cards=specs("Toyota"))
    t.arrange(
        fulfilled={0: ["Toyota"]},
        ships={1: {"at_sea": True}, 3: {"at_sea": True}},
    )
    fulfil(t, 0, "Toyota")
    resolve(t, t.game.ship_home(t.state, t.ship(3)))  # another player's ship
    assert t.state.hands[0] == []
    resolve(t, t.game.ship_home(t.state, t.ship(1)))
    assert len(t.state.hands[0]) == params(t, "Toyota")["cards"] and not t.ship(1).at_sea


def test_toyota_draws_when_a_plunder_empties_the_owners_ship(ie_table) -> None:
    """Ruling: IE-TOKYO-13 (any way a ship comes home)."""
    t = ie_table(cards=specs("Toyota"))
    t.arrange(
        fulfilled={0: ["Toyota"]},
        hands=[[], ["red pirate 1"], []],
        ships={1: {"at_sea": True, "cargo": ["blue load 1"]}},
        leader=1,
    )
    fulfil(t, 0, "Toyota")
    d = t.play()
    d.send(("lead", PIRATE), "lead", 1)
    d.send(t.c("red pirate 1"), "lead_with", 1)
    d.send(1, "declare", 1)
    d.draw(2).draw(0)
    hand = len(t.state.hands[0])
    d.send(("ship", 1, 0), "pirate", 1)
    assert len(t.state.hands[0]) == hand + params(t, "Toyota")["cards"]


# ---------------------------------------------------------------- Tsukiji Fish


def test_tsukiji_fish_places_luxury_and_agricultural_contracts_at_turn_start(ie_table) -> None:
    """Ruling: IE-TOKYO-14."""
    t = ie_table(cards={**specs("Tsukiji Fish"), "Blue Two": "blue load level=blue:2"})
    t.arrange(
        fulfilled={0: ["Tsukiji Fish"]},
        hands=[["blue contract 1", "yellow load 1", "green load 1", "Blue Two"], [], []],
        ships={1: {"at_sea": True, "cargo": ["red load 1"]}},
    )
    fulfil(t, 0, "Tsukiji Fish")
    d = t.play()
    blue = use(t, "Tsukiji Fish", t.c("blue contract 1"), t.cid("blue contract 1"), 0)
    yellow = use(t, "Tsukiji Fish", t.c("yellow load 1"), t.cid("yellow load 1"), 0)
    d.expect("any_time", 0, ["pass", blue, yellow])  # level met, lux/agri only
    d.send(blue)
    d.expect("any_time", 0, ["pass", yellow])
    d.send(yellow)
    assert t.ship(0).contracts == [t.cid("blue contract 1"), t.cid("yellow load 1")]
    d.expect("lead", 0)  # no action spent: he still leads


def test_tsukiji_fish_is_offered_in_the_owners_turn_only(ie_table) -> None:
    """Ruling: IE-TOKYO-14 ("on your turn": any window of his own turn, none of another's)."""
    t = ie_table(cards=specs("Tsukiji Fish"))
    t.arrange(
        fulfilled={0: ["Tsukiji Fish"]},
        hands=[["yellow load 1"], ["blue load 1"], []],
        ships={0: {"at_sea": True, "cargo": ["red load 1"]}},
    )
    fulfil(t, 0, "Tsukiji Fish")
    t.ship(0).at_sea = False
    t.ship(0).cargo, t.ship(0).cargo_colors = [], []
    t.state.discard.append(t.c("red load 1"))
    t.state.leader = 1
    assert resolve(t, window(t, "turn_end", 1)) == []
    assert resolve(t, window(t, "before_scoring", 1)) == []
    t.state.leader = 0
    option = use(t, "Tsukiji Fish", t.c("yellow load 1"), t.cid("yellow load 1"), 0)
    (asked,) = resolve(t, window(t, "before_action", 0, LOAD), option)
    assert asked.kind == "any_time" and t.ship(0).contracts == [option.args[1]]


# ---------------------------------------------------------------- Yakuza Art


@pytest.mark.parametrize(
    ("goods", "cards", "credits"),
    [
        (["black supply 1", "green supply 1"], True, True),
        (["green supply 1"], False, True),
        (["black supply 1", "red supply 1"], True, False),
        (["blue supply 1"], False, False),
    ],
)
def test_yakuza_art_draws_for_a_consumer_good_and_pays_for_a_tech_good(
    ie_table, goods, cards, credits
) -> None:
    t = ie_table(cards=specs("Yakuza Art"))
    t.arrange(fulfilled={0: ["Yakuza Art"]}, goods={0: goods})
    p = params(t, "Yakuza Art")
    assert fulfil(t, 0, "Yakuza Art") == []
    assert len(t.state.hands[0]) == (p["cards"] if cards else 0)
    assert t.state.credits[0] == 10 + (p["credits"] if credits else 0)
