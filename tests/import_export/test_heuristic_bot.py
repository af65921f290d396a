"""The default Import/Export bot (Bot II, issue 30): what it mends of the classic bot.

- every decision kind the game declares has an answer, and none of a card power's is a
  default (the first option that does something, or never);
- its crew actions are the rules' count, powers included (Fridges, IE-POWER-9; Cannons,
  IE-POWER-10), where the classic bot counts printed crew only;
- its contract plan counts a contract's power, and its Pirate and Supply leads are
  discounted (contract_choice.py, heuristic.LEAD_SHARED).
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_ie_power_play import fulfil, params, specs

from simulator.catalog import get_game
from simulator.core.forward import Playthrough
from simulator.core.seeding import GameRandom
from simulator.games.import_export.cards import BARTER, CONTRACT, IMPORT, LOAD, PIRATE, SUPPLY
from strategies.import_export import power_choices
from strategies.import_export.classic import IEClassic
from strategies.import_export.contract_choice import power_bonus
from strategies.import_export.heuristic import LEAD_SHARED, IEHeuristic
from strategies.import_export.match_tables import tables_for
from strategies.import_export.valuation import Table


def test_every_declared_kind_has_a_reasoned_answer() -> None:
    kinds = get_game("import-export").decision_kinds()
    unanswered = sorted(k for k in kinds if not IEHeuristic.answers(k))
    by_default = sorted(
        k for k, rule in IEHeuristic.power_rules.items() if rule in power_choices.BY_DEFAULT
    )
    assert unanswered == []
    assert by_default == []
    # the classic bot keeps its defaults (its games stay as they were)
    assert any(rule in power_choices.BY_DEFAULT for rule in IEClassic.power_rules.values())


def _crew(bot: IEClassic, view: object) -> list[int]:
    return Table(bot.weights, view, tables_for(view.facts)).crew_actions  # type: ignore[attr-defined]


def test_its_crew_is_the_rules_count_with_fridges(ie_table) -> None:  # noqa: ANN001
    """Ruling: IE-POWER-9 (Fridges: tech goods act as virtual Load crew)."""
    t = ie_table(cards=specs("Fridges"))
    tech = ["green supply 1", "green supply 2", "green pirate 1"]
    t.arrange(fulfilled={0: ["Fridges"]}, goods={0: tech}, crew={0: ["red load 1"]})
    fulfil(t, 0, "Fridges")
    view = t.game.observe(t.state, 0)
    per = params(t, "Fridges")["tech_goods_per_action"]
    assert _crew(IEHeuristic(), view)[LOAD] == 1 + len(tech) // per
    assert _crew(IEClassic(), view)[LOAD] == 1  # the printed crew only


def test_its_crew_is_the_rules_count_with_cannons(ie_table) -> None:  # noqa: ANN001
    """Ruling: IE-POWER-10 (Cannons: the other players' Pirate crew counts as mine)."""
    t = ie_table(cards=specs("Cannons"))
    t.arrange(
        fulfilled={0: ["Cannons"]},
        crew={0: ["red pirate 1"], 1: ["green pirate 1", "red load 1"], 2: ["blue pirate 1"]},
    )
    fulfil(t, 0, "Cannons")
    view = t.game.observe(t.state, 0)
    assert _crew(IEHeuristic(), view)[PIRATE] == t.game.crew_actions(t.state, 0, PIRATE) == 3
    assert _crew(IEClassic(), view)[PIRATE] == 1


@given(seed=st.integers(0, 2**20), walk=st.integers(0, 2**20))
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_crew_by_type_is_the_rules_count_of_each_type(seed: int, walk: int) -> None:
    """`crew_actions_by_type` (the bot's one call a decision) equals `crew_actions` of each
    type, for every player at every decision of a random all-sets game: its shortcut
    without modifiers counts what the rules count."""
    spec = get_game("import-export")  # made here: a module-level game would outlive the test
    game = spec.factory(spec.make_config(4, ("all",), max_turns=80))
    pt = Playthrough.start(game, seed, 0)
    rng = GameRandom.from_seed(walk)
    s, checked = pt.state, 0
    while pt.decision is not None:
        for p in range(s.n):
            each = [game.crew_actions(s, p, a) for a in range(BARTER + 1)]
            assert game.crew_actions_by_type(s, p) == each
            checked += 1
        options = pt.decision.options
        pt.apply(options[rng.below(len(options))])
    assert checked > 0


class _Unmended(IEHeuristic):
    """The heuristic without its contract plan and lead discount (the classic hooks)."""

    def _power_value(self, t: Table, cid: int) -> float:
        return IEClassic._power_value(self, t, cid)

    def _lead_share(self, action: int) -> float:
        return IEClassic._lead_share(self, action)

    def _stuck(self, t: Table, index: int) -> bool:
        return IEClassic._stuck(self, t, index)


def test_it_leads_pirate_and_supply_less_and_places_contracts_with_powers() -> None:
    """At the same decisions of real base games, where the heuristic and the same bot without
    its mends differ: a lead it declines is a Pirate or Supply lead (LEAD_SHARED) or a
    discard of a ship's contracts (it keeps them), or the lead it takes is a Contract (its
    plan counts the powers of the contracts it would place), and a
    contract it places instead has a power that counts (contract_choice.power_bonus)."""
    spec = get_game("import-export")
    game = spec.factory(spec.make_config(2, ("base",)))
    bot, plain = IEHeuristic(), _Unmended()
    by_id = game.cards.contract_by_id
    leads = contracts = 0
    for index in range(12):
        pt = Playthrough.start(game, 21, index)
        rng = GameRandom.from_seed(index)
        while pt.decision is not None:
            d = pt.decision
            if len(d.options) == 1:
                pt.apply(d.options[0])
                continue
            view = pt.observe(d.player)
            mine = bot.choose(d, view, rng)
            if d.kind in ("lead", "contract"):
                other = plain.choose(d, view, rng)
                if d.kind == "lead" and mine != other:
                    shared = other in (("lead", PIRATE), ("lead", SUPPLY))
                    planned = mine == ("lead", CONTRACT)  # a power's worth in the plan
                    assert shared or planned or other[0] == "discard_contracts", (mine, other)
                    leads += 1
                if d.kind == "contract" and mine != other and mine != "stop":
                    assert power_bonus(by_id[mine[1]]) > power_bonus(by_id[other[1]])
                    contracts += 1
            pt.apply(mine)
    assert leads >= 5 and contracts >= 1, (leads, contracts)


def test_the_classic_bot_keeps_its_plan() -> None:
    """The hooks the heuristic changes are neutral in the classic bot (its games stay)."""
    view_free = IEClassic()
    assert view_free._lead_share(PIRATE) == view_free._lead_share(SUPPLY) == 1.0
    assert IEHeuristic()._lead_share(PIRATE) == LEAD_SHARED < 1.0
    assert IEHeuristic()._lead_share(LOAD) == 1.0


def _import_auction(ie_table):  # noqa: ANN001, ANN202
    """Three players, a ship of each at sea; p0 leads Import with no crew, so his declare (one
    option) is not asked; p2 declares three, so rounds 2 and 3 are held without p0."""
    t = ie_table(players=3)
    t.arrange(
        hands=[["green import 1"], ["blue import 1"], []],
        crew={2: ["red import 1", "red import 2", "red import 3"]},
        ships={
            1: {"at_sea": True, "cargo": ["red load 1", "red load 2"]},
            3: {"at_sea": True, "cargo": ["blue load 1", "blue load 2", "blue load 3"]},
            5: {"at_sea": True, "cargo": ["yellow load 1", "yellow load 2", "yellow load 3"]},
        },
        fulfilled={p: [f"black supply {p + 1}"] for p in range(3)},
        credits=[10, 8, 6],
    )
    d = t.play()
    d.lead(0, IMPORT, t.c("green import 1"))
    d.follow(1, t.c("blue import 1"))
    d.draw(2, declare=3)
    return t, d


def _answer(bot: IEClassic, t, d) -> int:  # noqa: ANN001
    return bot.choose(d.decision, t.game.observe(t.state, 0), GameRandom.from_seed(0))


def test_the_leader_bids_on_the_ship_worth_most_even_after_a_declare_not_asked(ie_table) -> None:  # noqa: ANN001
    """The rules say whether the leader bids (import_ship's context). The classic bot counted
    its rounds from the declares it was asked, so here it believes it is not bidding."""
    t, d = _import_auction(ie_table)
    decision = d.expect("import_ship", 0, options=[1, 3, 5])
    assert decision.context == "bidding"
    bot = IEHeuristic()
    view = t.game.observe(t.state, 0)
    table = Table(bot.weights, view, tables_for(view.facts))
    worth = {i: table.ship_import_value(i) for i in decision.options}
    best = max(decision.options, key=worth.__getitem__)
    assert _answer(bot, t, d) == best
    not_bidding = IEClassic()._ship_not_bid_on(decision, table)
    assert worth[not_bidding] < worth[best], "the scene must tell the two rules apart"
    assert _answer(IEClassic(), t, d) == not_bidding  # kept as it played (classic.py)
    # the same bot, asked again, answers the same: it keeps no count of its own
    assert _answer(bot, t, d) == best


def test_the_leader_not_bidding_picks_as_the_classic_bot(ie_table) -> None:  # noqa: ANN001
    t, d = _import_auction(ie_table)
    d.send(3, "import_ship", 0)
    d.send(0, "bid", 0).send(0, "bid", 1).send(1, "bid", 2)
    while d.decision.kind != "import_ship":  # p2 takes his two cards
        d.send(d.decision.options[0])
    decision = d.expect("import_ship", 0)
    assert decision.context == "not bidding"
    view = t.game.observe(t.state, 0)
    table = Table(IEHeuristic().weights, view, tables_for(view.facts))
    assert _answer(IEHeuristic(), t, d) == IEClassic()._ship_not_bid_on(decision, table)
