"""deckhand robustness: pools, the classes of agreement, the table and the report."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner

from cli import main
from simulator.core.errors import ConfigError
from simulator.experiments.robustness import (
    ORDER,
    classify,
    classify_pools,
    counts,
    default_pools,
    is_floor,
    parse_pools,
)


@pytest.mark.parametrize(
    "verdicts,expected",
    [
        (["over", "over", "over"], "robust over"),
        (["under", "under"], "robust under"),
        (["balanced", "balanced"], "balanced"),
        (["over", "balanced", "under"], "flips"),
        (["over", "no figure", "under"], "flips"),
        (["over", "balanced"], "disagrees"),
        (["over", "no figure"], "incomplete"),
        (["no figure", "no figure"], "no figure"),
    ],
)
def test_classes(verdicts: list[str], expected: str) -> None:
    assert classify(verdicts) == expected


@pytest.mark.parametrize(
    "random,expected",
    [
        ("over", ("robust over", "holds")),
        ("balanced", ("robust over", "rewards skill")),
        ("under", ("robust over", "reverses")),
        ("no figure", ("robust over", "no figure")),
    ],
)
def test_the_random_pool_is_a_floor_not_a_judge(random: str, expected: tuple) -> None:
    """Random bots find nearly every card balanced: counted as a judge, they would leave no
    card robust. The class is taken over the bots that play; the floor is told apart."""
    by_pool = {"default": "over", "mix": "over", "tuned": "over", "random": random}
    assert classify_pools(by_pool, {"random"}) == expected
    assert classify_pools(by_pool, set()) == (classify(list(by_pool.values())), None)
    assert classify_pools({**by_pool, "mix": "balanced"}, {"random"}) == ("disagrees", None)
    assert classify_pools({"a": "balanced", "b": "under"}, {"a", "b"}) == ("disagrees", None)
    assert is_floor(("random",)) and is_floor(("random", "random:x=1"))
    assert not is_floor(("heuristic", "random")) and not is_floor(("heuristic@tuned-base-4p",))


def test_default_pools() -> None:
    pools = default_pools("import-export", 4, ["base"])
    assert pools["default"] == ("heuristic",)
    assert pools["mix"] == ("heuristic", "contractor", "importer", "pirate")
    assert pools["random"] == ("random",)
    assert list(pools)[0] == "default" and list(pools)[-1] == "random"
    assert "mix" not in default_pools("travel", 4, [])


def test_pool_errors() -> None:
    with pytest.raises(ConfigError, match="unknown pool 'best'"):
        parse_pools("travel", 4, [], ["best", "default"])
    with pytest.raises(ConfigError, match="at least two pools"):
        parse_pools("travel", 4, [], ["default"])
    with pytest.raises(ConfigError, match="given twice"):
        parse_pools("travel", 4, [], ["default", "default"])
    custom = parse_pools("travel", 4, [], ["default", "mine=heuristic:aggression=0.9+random"])
    assert custom[1].strategies == ("heuristic:aggression=0.9", "random")


def test_robustness_end_to_end(tmp_path: Path) -> None:
    out = tmp_path / "rob"
    result = CliRunner().invoke(
        main,
        [
            "robustness", "travel", "-p", "3", "-n", "120", "--chunk-size", "60",
            "--pool", "default", "--pool", "random", "-o", str(out), "-q",
            "--backend", "sequential",
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "keep their verdict across 2 pools" in result.output
    table = pl.read_parquet(out / "robustness.parquet")
    assert {"card", "class", "floor", "default_verdict", "random_verdict", "default_pp"} <= set(
        table.columns
    )
    order = [ORDER.index(c) for c in table["class"]]
    assert order == sorted(order)  # flips and disagreements first
    in_play = pl.read_parquet(out / "default" / "cards.parquet").filter(pl.col("in_game"))
    assert sorted(table["card"]) == sorted(in_play["name"].unique())  # no card of other sets
    tally = counts(table)
    assert tally["cards"] == table.height and sum(tally[c] for c in ORDER) == table.height
    assert (out / "default" / "cards.parquet").exists() and (
        out / "random" / "manifest.json"
    ).exists()
    page = (out / "robustness.html").read_text()
    assert "keep their verdict" in page
    bad = CliRunner().invoke(main, ["robustness", "travel", "-s", "random", "-o", str(out)])
    assert bad.exit_code == 2 and "takes its strategies from --pool" in bad.output
