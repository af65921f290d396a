"""The default Import/Export bot (Bot II, issue 30): what it mends of the classic bot.

- every decision kind the game declares has an answer, and none of a card power's is a
  default (the first option that does something, or never);
- its crew actions are the rules' count, powers included (Fridges, IE-POWER-9; Cannons,
  IE-POWER-10), where the classic bot counts printed crew only.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_ie_power_play import fulfil, params, specs

from simulator.catalog import get_game
from simulator.core.forward import Playthrough
from simulator.core.seeding import GameRandom
from simulator.games.import_export.cards import BARTER, LOAD, PIRATE
from strategies.import_export import power_choices
from strategies.import_export.classic import IEClassic
from strategies.import_export.heuristic import IEHeuristic
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
