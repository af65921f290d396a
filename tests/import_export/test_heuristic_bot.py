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
from simulator.games.import_export.cards import BARTER, CONTRACT, LOAD, PIRATE, SUPPLY
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
