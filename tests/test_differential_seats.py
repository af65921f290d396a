"""The differential CLIs' --strategies items (simulator/runs/differential.seat_strategies):
a seat list is comma-separated, and so are a strategy's own parameters, so a strategy with
several parameters must stay one seat's strategy."""

from __future__ import annotations

import pytest

from simulator.native import CORE, NOT_BUILT
from simulator.runs import travel_differential
from simulator.runs.differential import seat_strategies


def test_one_strategy_for_every_seat() -> None:
    assert seat_strategies("heuristic", 4) == ("heuristic",)
    assert seat_strategies("mcts:iterations=4,rollout=heuristic", 3) == (
        "mcts:iterations=4,rollout=heuristic",
    )


def test_a_seat_list_is_cycled_to_the_table() -> None:
    assert seat_strategies("heuristic,random", 3) == ("heuristic", "random", "heuristic")


def test_a_strategy_with_several_parameters_is_one_seat() -> None:
    text = "mcts@guided:iterations=4,rollout_decisions=20,heuristic"
    assert seat_strategies(text, 2) == (
        "mcts@guided:iterations=4,rollout_decisions=20",
        "heuristic",
    )
    text = "random,mcts:iterations=2,rollout=heuristic,search=action"
    assert seat_strategies(text, 3) == (
        "random",
        "mcts:iterations=2,rollout=heuristic,search=action",
        "random",
    )


@pytest.mark.skipif(CORE is None, reason=NOT_BUILT)
def test_the_travel_differential_takes_a_search_with_parameters(
    capsys: pytest.CaptureFixture[str],
) -> None:
    travel_differential.main(
        [
            "--games", "2", "--players", "2", "--modules", "none",
            "--strategies", "mcts@guided:iterations=2,rollout_decisions=5,heuristic",
        ]
    )  # fmt: skip
    out = capsys.readouterr().out
    assert "bots=mcts@guided:iterations=2,rollout_decisions=5,heuristic" in out
    assert "identical: 1 chunks, 2 games" in out
