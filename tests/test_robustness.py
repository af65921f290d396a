"""deckhand robustness: pools, the classes of agreement, the table and the report."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner

from cli import main
from simulator.analysis.verdicts import BALANCED, WORDS
from simulator.core.errors import ConfigError
from simulator.experiments.robustness import (
    KEPT,
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
        (["stronger", "stronger", "stronger"], "robust stronger"),
        (["weaker", "weaker"], "robust weaker"),
        (["balanced", "balanced"], "balanced"),
        (["stronger", "balanced", "weaker"], "flips"),
        (["stronger", "no figure", "weaker"], "flips"),
        (["stronger", "balanced"], "disagrees"),
        (["stronger", "balanced", "unclear"], "disagrees"),
        (["stronger", "no figure"], "incomplete"),
        (["stronger", "unclear"], "unclear"),
        (["balanced", "unclear"], "unclear"),
        (["unclear", "unclear"], "unclear"),
        (["no figure", "no figure"], "no figure"),
    ],
)
def test_classes(verdicts: list[str], expected: str) -> None:
    assert classify(verdicts) == expected


def test_unclear_is_never_balanced() -> None:
    """A card not decided under some pool has not been shown balanced: it is `unclear`, and
    does not count among the cards that keep their verdict."""
    assert classify(["balanced", "balanced", "unclear"]) == "unclear"
    assert "unclear" not in KEPT and "balanced" in KEPT
    table = pl.DataFrame({"class": ["balanced", "unclear", "robust stronger"]})
    tally = counts(table)
    assert tally["kept"] == 2 and tally["unclear"] == 1


@pytest.mark.parametrize(
    "random,expected",
    [
        ("stronger", ("robust stronger", "holds")),
        ("balanced", ("robust stronger", "rewards skill")),
        ("weaker", ("robust stronger", "reverses")),
        ("unclear", ("robust stronger", "unclear")),
        ("no figure", ("robust stronger", "no figure")),
    ],
)
def test_the_random_pool_is_a_floor_not_a_judge(random: str, expected: tuple) -> None:
    """Random bots find nearly every card balanced: counted as a judge, they would leave no
    card robust. The class is taken over the bots that play; the floor is told apart."""
    by_pool = {"default": "stronger", "mix": "stronger", "tuned": "stronger", "random": random}
    assert classify_pools(by_pool, {"random"}) == expected
    assert classify_pools(by_pool, set()) == (classify(list(by_pool.values())), None)
    assert classify_pools({**by_pool, "mix": "balanced"}, {"random"}) == ("disagrees", None)
    assert classify_pools({"a": "balanced", "b": "weaker"}, {"a", "b"}) == ("disagrees", None)
    assert is_floor(("random",)) and is_floor(("random", "random:x=1"))
    assert not is_floor(("heuristic", "random")) and not is_floor(("heuristic@tuned-base-4p",))


def test_default_pools() -> None:
    pools = default_pools("import-export", 4, ["base"])
    assert pools["default"] == ("heuristic",)
    assert pools["mix"] == ("heuristic", "contractor", "importer", "pirate")
    assert pools["random"] == ("random",)
    assert pools["classic"] == ("classic",)  # the default before Bot II
    assert list(pools)[0] == "default" and "random" in pools
    assert "mix" not in default_pools("travel", 4, [])
    assert pools["search"] == ("mcts@guided-4p",)  # the search bot for 4: by name only
    played = [pool.name for pool in parse_pools("import-export", 4, ["base"], [])]
    assert "search" not in played and "default" in played and "random" in played
    named = parse_pools("import-export", 4, ["base"], ["default", "search"])
    assert named[1].strategies == ("mcts@guided-4p",)


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
            "--backend", "sequential", "--tolerance", "card=5",
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "keep their verdict across 2 pools (tolerance \u00b15 points)" in result.output
    table = pl.read_parquet(out / "robustness.parquet")
    per_pool = {f"default_{c}" for c in ("verdict", "estimate", "lo", "hi", "tolerance", "q")}
    assert {"card", "class", "floor", "tolerance", "random_verdict", *per_pool} <= set(
        table.columns
    )
    assert set(table["tolerance"]) == {5.0}
    for pool in ("default", "random"):
        assert set(table[f"{pool}_verdict"]) <= {*WORDS, "no figure"}
        assert set(table[f"{pool}_tolerance"].drop_nulls()) <= {5.0}
        balanced = table.filter(pl.col(f"{pool}_verdict") == BALANCED)
        for r in balanced.iter_rows(named=True):  # the disk contract, in points
            assert -5 <= r[f"{pool}_lo"] and r[f"{pool}_hi"] <= 5
    order = [ORDER.index(c) for c in table["class"]]
    assert order == sorted(order)  # flips and disagreements first
    in_play = pl.read_parquet(out / "default" / "cards.parquet").filter(pl.col("in_game"))
    assert sorted(table["card"]) == sorted(in_play["name"].unique())  # no card of other sets
    assert set(in_play["tolerance"].drop_nulls()) == {5.0}  # the pool's table says the same
    tally = counts(table)
    assert tally["cards"] == table.height and sum(tally[c] for c in ORDER) == table.height
    assert (out / "default" / "cards.parquet").exists() and (
        out / "random" / "manifest.json"
    ).exists()
    page = (out / "robustness.html").read_text()
    assert "keep their verdict" in page and "\u00b15 points" in page
    bad = CliRunner().invoke(main, ["robustness", "travel", "-s", "random", "-o", str(out)])
    assert bad.exit_code == 2 and "takes its strategies from --pool" in bad.output
