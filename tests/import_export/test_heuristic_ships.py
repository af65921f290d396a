"""The heuristic values its ships as the rules hold and pay them, its powers counted (issue
30: rule facts read through the view, never re-derived): Tablets' capacity and payouts, the
wild and rainbow colours, Legos. The classic bot keeps the printed rules (its runs
reproducible)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_ie_power_play import fulfil, specs

from simulator.catalog import get_game
from simulator.core.forward import Playthrough
from simulator.core.seeding import GameRandom
from simulator.games.import_export.cards import ANY
from simulator.games.import_export.limits import NO_LIMIT
from strategies.import_export.classic import IEClassic
from strategies.import_export.heuristic import IEHeuristic
from strategies.import_export.match_tables import tables_for
from strategies.import_export.valuation import Table


def _table(bot: IEClassic, view: object) -> Table:
    return Table(bot.weights, view, tables_for(view.facts))  # type: ignore[attr-defined]


def _positive(need: dict[int, int]) -> dict[int, int]:
    return {c: v for c, v in need.items() if v > 0}


FULL = ["green supply 1", "blue supply 1", "black supply 1"]
"""Three filler contracts of two containers each: a ship of six, full by the printed rules."""


def test_tablets_ships_hold_ten_and_pay_its_bands(ie_table) -> None:  # noqa: ANN001
    """Tablets (card list line 605): ships carry 10, 8-9 containers pay 18, 10 pay 20."""
    t = ie_table(cards=specs("Tablets"))
    t.arrange(
        fulfilled={0: ["Tablets"]},
        ships={0: {"contracts": FULL}},
        hands=[["red load 1"], [], []],
    )
    fulfil(t, 0, "Tablets")
    view = t.game.observe(t.state, 0)
    cid = t.cid("red load 1")
    heuristic, classic = _table(IEHeuristic(), view), _table(IEClassic(), view)
    port = heuristic.ports[0]
    assert port.room == view.ship_room(0) == 10 - 6
    trial = heuristic.trial(port, cid)
    assert trial.fits and view.ship_can_hold(0, cid)
    assert trial.left == 8 and trial.pay == view.ship_payout(8) == 18
    printed = classic.ports[0]
    assert printed.room == 0 and not classic.trial(printed, cid).fits


def test_a_wild_colour_card_fills_any_slot(ie_table) -> None:  # noqa: ANN001
    """Ruling: IE-POWER-7 (Big Cats: my red containers are wild). A red card in hand is worth
    a green slot of my ship; without the rules' ships (the classic valuation) it is not."""
    t = ie_table(cards=specs("Big Cats"))
    t.arrange(
        fulfilled={0: ["Big Cats"]},
        ships={0: {"contracts": ["green supply 1"]}},
        hands=[["red load 1", "blue load 1"], [], []],
    )
    fulfil(t, 0, "Big Cats")
    view = t.game.observe(t.state, 0)
    red = t.c("red load 1")
    assert t.game.fits(t.state.ships[0], t.game.color[red], t.state)  # the rules agree
    bot = IEHeuristic()
    worth = _table(bot, view).worth()
    printed = IEHeuristic()
    printed.weights.rules_ships = False
    before = _table(printed, view).worth()
    assert _table(bot, view).wild == (t.game.color[red],)
    assert worth[red] > before[red]
    assert worth[t.c("blue load 1")] == before[t.c("blue load 1")]  # not wild: as before


def test_a_rainbow_contract_needs_any_container(ie_table) -> None:  # noqa: ANN001
    """Ruling: IE-POWER-8 (Candy: any container on my consumer contracts)."""
    t = ie_table(cards=specs("Candy"))
    t.arrange(fulfilled={0: ["Candy"]}, ships={0: {"contracts": ["black supply 1"]}})
    fulfil(t, 0, "Candy")
    view = t.game.observe(t.state, 0)
    port = _table(IEHeuristic(), view).ports[0]
    assert port.need == _positive(view.ship_needs(0)[0])
    assert port.needs.rainbow == 2 and not port.needs.items
    assert _table(IEClassic(), view).ports[0].needs.rainbow == 0


def test_legos_takes_any_ship_and_lifts_its_capacity(ie_table) -> None:  # noqa: ANN001
    """Ruling: IE-FLAGP-21 (Legos: its ship has no capacity limit)."""
    t = ie_table(cards=specs("Legos"))
    t.arrange(
        ships={0: {"contracts": FULL}, 1: {"contracts": ["Legos", "yellow supply 1"]}},
        hands=[["red load 1"], [], []],
    )
    view = t.game.observe(t.state, 0)
    heuristic, classic = _table(IEHeuristic(), view), _table(IEClassic(), view)
    full, legos_ship = heuristic.ports
    assert legos_ship.room == view.ship_room(1) == NO_LIMIT
    assert heuristic.trial(full, t.cid("red load 1")).fits is False  # printed: no room
    assert heuristic.trial(legos_ship, t.cid("red load 1")).fits
    assert classic.ports[1].room == 0  # the classic bot sees its printed six, full
    assert not classic.trial(classic.ports[1], t.cid("red load 1")).fits


@given(seed=st.integers(0, 2**20), walk=st.integers(0, 2**20))
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_its_ships_are_the_rules_ships_at_every_decision(seed: int, walk: int) -> None:
    """At every decision of a random all-sets game, for every seat: each of its ships at
    port has the needs, room and payout the rules give it, and each contract of its hand
    fits, needs and pays on it as the rules say (its own powers counted)."""
    spec = get_game("import-export")
    game = spec.factory(spec.make_config(4, ("all",), max_turns=60))
    pt = Playthrough.start(game, seed, 0)
    rng = GameRandom.from_seed(walk)
    bot = IEHeuristic()
    checked = 0
    while pt.decision is not None:
        for p in range(4):
            view = game.observe(pt.state, p)
            table = _table(bot, view)
            for port in table.ports:
                i = port.index
                assert port.need == _positive(view.ship_needs(i)[0])
                assert port.room == view.ship_room(i)
                assert port.pay == view.ship_payout(port.cargo + port.left)
                for card in view.hand:
                    for contract in game.cards.contracts[card]:
                        trial = table.trial(port, contract.id)
                        assert trial.fits == view.ship_can_hold(i, contract.id)
                        if trial.fits:
                            need = _positive(view.ship_needs(i, contract.id)[0])
                            assert trial.need.rainbow == need.pop(ANY, 0)
                            assert trial.need.items == tuple((c, float(v)) for c, v in need.items())
                            assert trial.pay == view.ship_payout(port.cargo + trial.left)
                        checked += 1
        options = pt.decision.options
        pt.apply(options[rng.below(len(options))])
    assert checked > 0
