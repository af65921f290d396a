"""Reaction windows (IE-ANYTIME-1, IE-ANYTIME-2, IE-DISCARD-2): where they open, who is
asked, in what order, and that games without an any-time card ask nothing more."""

from __future__ import annotations

from collections import Counter
from typing import Any

from test_ie_power_play import fulfil, resolve, specs, use, window

from simulator.catalog import get_game
from simulator.core.engine import play_game
from simulator.core.protocol import Decision
from simulator.games.import_export.cards import BLUE, GREEN, IMPORT, LOAD
from simulator.games.import_export.moments import DISCARD_CONTRACTS, MOMENTS, Moment, Use
from strategies.import_export.classic import IEClassic
from strategies.import_export.power_choices import ANY_TIME_RULES
from strategies.random_strategy import RandomStrategy


def _windows(d: Any) -> list[Moment]:
    return [dec.context for dec, _ in d.history if dec.kind == "any_time"]


def test_a_window_opens_at_every_moment_of_a_turn(ie_table) -> None:
    """Ruling: IE-ANYTIME-1 (after the lead, each follower, before each action, the end)."""
    t = ie_table(cards=specs("Telescopes"))
    t.arrange(
        fulfilled={1: ["Telescopes"]},
        goods={1: ["green supply 1"]},
        hands=[["red load 1"], ["blue load 1"], []],
        crew={0: ["yellow load 1"]},
    )
    fulfil(t, 1, "Telescopes")
    d = t.play()
    d.send("pass", "any_time", 1)
    d.send(("lead", LOAD), "lead", 0)
    d.send(t.c("red load 1"), "lead_with", 0)
    d.send(2, "declare", 0)
    d.send("pass", "any_time", 1)
    d.send(("follow",), "follow", 1)
    d.send(t.c("blue load 1"), "follow_with", 1)
    d.send("pass", "any_time", 1)  # before declaring: his own powers (IE-CAP-24's moment)
    d.send(1, "declare", 1)
    while d.decision.kind != "lead":  # pass, draw, declare nothing, load as offered
        d.send(d.decision.options[0])
    assert _windows(d) == [
        Moment("turn_start", 0),
        Moment("lead_declared", 0, LOAD),
        Moment("declaring", 1, LOAD),
        Moment("follower_chose", 1, LOAD),
        Moment("follower_chose", 2, LOAD),
        Moment("before_action", 0, LOAD, 0),
        Moment("before_action", 0, LOAD, 1),
        Moment("before_action", 1, LOAD, 0),
        Moment("turn_end", 0),
        Moment("turn_start", 1),
    ]
    assert {m.name for m in _windows(d)} <= set(MOMENTS)


def test_a_window_after_each_import_round(ie_table) -> None:
    """Ruling: IE-ANYTIME-1 (after each import round)."""
    t = ie_table(cards=specs("Telescopes"))
    t.arrange(
        fulfilled={0: ["Telescopes"]},
        goods={0: ["green supply 1"]},
        hands=[["red import 1"], [], []],
        crew={0: ["yellow import 1"]},
        ships={3: {"at_sea": True, "cargo": t_cards(4)}},
    )
    fulfil(t, 0, "Telescopes")
    d = t.play()
    d.send(("lead", IMPORT), "lead", 0)
    d.send(t.c("red import 1"), "lead_with", 0)
    d.send(2, "declare", 0)
    for _ in range(2):
        d.send(("draw",), "follow")
        d.send(0, "declare")
    for _round in range(2):
        d.send(3, "import_ship", 0)
        d.send(0, "bid", 0)
        while d.decision.kind == "import_take" or d.decision.kind.startswith("import"):
            d.send(d.decision.options[0])
        assert d.expect("any_time", 0).context == Moment("import_round", 0, IMPORT)
        d.send("pass")


def t_cards(n: int) -> list[str]:
    return [f"black supply {k}" for k in range(1, n + 1)]


def test_players_are_asked_in_turn_order_from_the_leader_each_until_he_passes(
    ie_table,
) -> None:
    """Ruling: IE-ANYTIME-2."""
    t = ie_table(cards=specs("Telescopes", "Iceland Water"))
    t.arrange(
        fulfilled={0: ["Telescopes"], 2: ["Iceland Water"]},
        goods={0: ["green supply 1", "green supply 2"]},
        hands=[[], [], ["yellow load 1"]],
        leader=2,
    )
    fulfil(t, 0, "Telescopes")
    fulfil(t, 2, "Iceland Water")
    sell = [use(t, "Telescopes", c) for c in t.cs("green supply 1", "green supply 2")]
    water = use(t, "Iceland Water", t.c("yellow load 1"))
    asked = resolve(t, window(t, "lead_declared", 2), water, sell[0], sell[1])
    assert [(a.player, a.options) for a in asked] == [
        (2, ("pass", water)),  # the leader first
        (0, ("pass", *sell)),  # then clockwise; he goes on until he passes
        (0, ("pass", sell[1])),
    ]


def test_only_owners_of_usable_powers_are_asked(ie_table) -> None:
    """Ruling: IE-ANYTIME-1 (a power with nothing to use asks nobody)."""
    t = ie_table(cards=specs("Telescopes", "Lutefisk"))
    t.arrange(fulfilled={0: ["Telescopes"]}, hands=[[], ["Lutefisk"], []])
    fulfil(t, 0, "Telescopes")
    s = t.state
    for ship in s.ships:
        ship.at_sea = ship.owner == 1  # Lutefisk's holder has no ship at port
    assert t.game.window_wanted(s)  # cards in play ...
    assert resolve(t, window(t, "turn_start", 0)) == []  # ... but nothing usable


def test_the_leader_may_discard_contracts_between_his_own_loads(ie_table) -> None:
    """Ruling: IE-DISCARD-2 (not before his first action: his lead offered it)."""
    t = ie_table()
    t.arrange(
        hands=[["red load 1", "blue supply 1", "blue supply 2"], [], []],
        crew={0: ["green load 1"]},
        ships={0: {"contracts": ["blue load 2"]}, 1: {"contracts": ["yellow load 2"]}},
    )
    s = t.state
    d = t.play()
    d.lead(0, LOAD, t.c("red load 1"), declare=2)
    d.draw(1).draw(2)
    d.send((t.c("blue supply 1"), 0, BLUE), "load", 0)  # no window before the first
    assert _windows(d) == []
    discard = [Use(DISCARD_CONTRACTS, -1, (0,)), Use(DISCARD_CONTRACTS, -1, (1,))]
    decision = d.expect("any_time", 0, ["pass", *discard])
    assert decision.context == Moment("before_action", 0, LOAD, 1)
    d.send(discard[1])
    assert t.ship(1).contracts == [] and t.c("yellow load 2") in s.discard
    d.expect("any_time", 0, ["pass", discard[0]])
    d.send("pass")
    d.send((t.c("blue supply 2"), 0, BLUE), "load", 0)
    assert t.cid("blue load 2") in s.fulfilled[0]


def test_random_games_without_powers_ask_no_power_in_a_window() -> None:
    """IE-ANYTIME-1: with powers off (vanilla cards) windows offer only the leader's discard
    (IE-DISCARD-2); with every set's powers on, only the registered any-time powers."""
    spec = get_game("import-export")
    for sets, rules in ((("base",), (("card_powers", "false"),)), (("all",), ())):
        game = spec.factory(spec.make_config(4, sets, max_turns=200, rules=rules))
        offered: Counter[str] = Counter()

        def seen(decision: Decision, choice: Any, offered: Counter[str] = offered) -> None:
            if decision.kind == "any_time":
                offered.update(option.power for option in decision.options[1:])

        for i in range(6):
            play_game(game, [RandomStrategy()] * 4, 11, i, check_invariants=True, on_decision=seen)
        if rules:
            assert set(offered) == {DISCARD_CONTRACTS}  # random leaders load several times
        else:
            assert set(offered) <= {DISCARD_CONTRACTS, *ANY_TIME_RULES}


def test_every_any_time_power_has_a_heuristic_rule() -> None:
    """Every power registered as usable in windows is answered by the heuristic's own rule,
    not by a default."""
    from simulator.games.import_export.powers import POWERS

    registered = {name for name, entry in POWERS.items() if entry.any_time is not None}
    assert registered == set(ANY_TIME_RULES)
    assert all(POWERS[name].use is not None for name in registered)


def test_the_heuristic_passes_a_window_it_has_no_use_for(ie_table) -> None:
    t = ie_table(cards=specs("Telescopes"))
    t.arrange(fulfilled={0: ["Telescopes"]}, goods={0: ["green supply 1"]}, leader=1)
    fulfil(t, 0, "Telescopes")
    s = t.state
    sell = use(t, "Telescopes", t.c("green supply 1"))
    bot = IEClassic()
    mid = Decision(0, "any_time", ("pass", sell), context=Moment("lead_declared", 1))
    assert bot.choose(mid, t.game.observe(s, 0), s.rng) == "pass"
    s.leader = 0
    start = Decision(0, "any_time", ("pass", sell), context=Moment("turn_start", 0))
    assert bot.choose(start, t.game.observe(s, 0), s.rng) == sell
    assert s.goods[0] and t.game.color[s.goods[0][0]] == GREEN
