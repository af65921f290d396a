"""The experiment commands as a library, called directly (not through click): a command's
shared options (folders/config.py: options_given, RunOptions.game_config), `deckhand
versus` and `tune` (experiments/tuning.py), the checks of `ablate` (experiments/ablation.py)
and what `robustness` and `card` say (reports/ablation.py, reports/card_page.py)."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import polars as pl
import pytest

from reports.ablation import robustness_summary_line
from reports.card_page import summary_line
from simulator.analysis.verdicts import Verdict
from simulator.core.errors import ConfigError
from simulator.experiments.ablation import ablate
from simulator.experiments.robustness import PLAN_FILE, ROBUSTNESS_FILE
from simulator.experiments.tuning import TuneResult, tune_preset, tuned_lines, versus
from simulator.folders.config import RunOptions, options_given

GIVEN: dict[str, Any] = {
    "players": 3,
    "modules": ["events"],
    "variants": (),
    "rules": (),
    "strategies": (),
    "seed": 7,
    "card_sheet": None,
    "powers": None,
    "max_turns": None,
    "trials": 40,  # a command's own option: not a run option
}


def test_a_commands_shared_options_become_run_options() -> None:
    options = options_given("travel", GIVEN, games=50, chunk_size=10)
    assert options == RunOptions(
        "travel", players=3, modules=("events",), seed=7, games=50, chunk_size=10
    )
    assert options.strategies == ("heuristic",)  # none given: the default bot
    two = options_given("travel", {**GIVEN, "strategies": ["random", "heuristic"]})
    assert two.strategies == ("random", "heuristic") and two.games == 1000
    assert options_given("travel", {}) == RunOptions("travel")  # a command without them


def test_the_game_config_is_checked_by_the_game() -> None:
    config = RunOptions("travel", players=3, modules=("events",)).game_config()
    assert (config.game, config.players, config.modules) == ("travel", 3, ("events",))
    with pytest.raises(ConfigError, match="unknown module 'zombies'"):
        RunOptions("travel", modules=("zombies",)).game_config()


def test_versus_judges_and_records_the_head_to_head(tmp_path: Path) -> None:
    out = tmp_path / "v.json"
    options = RunOptions("travel", players=2, seed=3)
    done = versus(
        options, "heuristic", "random", 20, 3.0, command="deckhand versus", json_out=str(out)
    )
    record = done.record
    assert (record["games"], record["deals"], record["seed"], record["players"]) == (20, 10, 3, 2)
    assert record["verdict"] == done.verdict.verdict and record["tolerance"] == 3.0
    assert record["command"] == "deckhand versus" and record["sets"] == []
    assert json.loads(out.read_text()) == record
    lines = done.lines()
    assert lines[0] == (
        f"heuristic against random, 2 players, 20 games (10 deals, seed 3): "
        f"{100 * record['score']:.1f}% [{100 * record['lo']:.1f}, {100 * record['hi']:.1f}], "
        "parity 50%"
    )
    assert lines[1] == done.verdict.words("random")
    engine = record["engine"]
    assert lines[2] == f"engine: {engine['engine']} ({engine['why']})"
    assert engine["engine"] in ("native", "python")  # travel: native once the core plays it
    assert lines[3] == f"record written to {out}"


@pytest.mark.parametrize(
    ("players", "games", "said"),
    [
        (4, 42, "--games 42: a whole number of deals of 4 games each (e.g. 40)"),
        (4, 3, "--games 3: a whole number of deals of 4 games each (e.g. 4)"),
    ],
)
def test_versus_plays_whole_deals(players: int, games: int, said: str) -> None:
    with pytest.raises(ConfigError, match=said.replace("(", r"\(").replace(")", r"\)")):
        versus(RunOptions("travel", players=players), "heuristic", "random", games, 3.0)


def test_versus_names_an_unknown_bot() -> None:
    with pytest.raises(ConfigError, match="nobody"):
        versus(RunOptions("travel", players=2), "heuristic", "nobody", 2, 3.0)


def test_tune_takes_one_strategy(tmp_path: Path) -> None:
    two = RunOptions("travel", strategies=("random", "heuristic"))
    with pytest.raises(ConfigError, match="--strategy: give the one strategy to tune"):
        tune_preset(two, tmp_path / "t")
    assert not (tmp_path / "t").exists()


def test_tune_writes_a_preset_with_its_command(tmp_path: Path) -> None:
    settings: dict[str, Any] = {"trials": 2, "games_per_trial": 4, "validate_top": 1}
    settings |= {"validate_games": 4, "confirm_games": 4, "optimiser": "random", "name": "t1"}
    options = RunOptions("travel", players=2, seed=1)
    result, path = tune_preset(options, tmp_path, "deckhand tune travel", **settings)
    assert path == tmp_path / "t1.json" and path.is_file()
    preset = json.loads(path.read_text())
    assert preset["provenance"]["command"] == "deckhand tune travel"
    assert preset["provenance"]["seed"] == 1 and result.strategy == "heuristic"
    assert tuned_lines(result, path)[0].startswith(f"preset {path}: heuristic with ")


def test_the_words_of_a_tuned_preset() -> None:
    confirmation = {"opponent": "heuristic", "players": 4, "games": 4000, "score": 0.281}
    confirmation |= {"lo": 0.267, "hi": 0.295, "parity": 0.25, "target": "lower 95% bound"}
    result = TuneResult(
        "travel", "heuristic", "tuned", {}, {"deny": 1, "aggression": 0.4}, [], [], {}
    )
    result.confirmation = {**confirmation, "met": True}
    assert tuned_lines(result, "out/tuned.json") == [
        "preset out/tuned.json: heuristic with aggression=0.4, deny=1",
        "head-to-head against heuristic (4 players, 4,000 games): 28.1% [26.7, 29.5] (parity "
        "25%); target lower 95% bound: met",
    ]
    result.confirmation["met"] = False
    assert tuned_lines(result, "p")[1].endswith(": NOT met")


@pytest.mark.parametrize("cards", ["all", "Almonds,Beer"])
def test_ablating_a_number_needs_one_card(cards: str, tmp_path: Path) -> None:
    options = RunOptions("import-export", players=2)
    with pytest.raises(ConfigError, match="--param: name the one card with --cards NAME"):
        ablate(options, tmp_path / "a", cards=cards, param="high_pay=40")
    assert not (tmp_path / "a").exists()


def test_ablating_powers_needs_a_power_switch(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="travel has no per-card power switch"):
        ablate(RunOptions("travel"), tmp_path / "a")


def test_what_robustness_says(tmp_path: Path) -> None:
    pools = [{"name": n, "strategies": [n], "folder": n} for n in ("default", "random", "mix")]
    (tmp_path / PLAN_FILE).write_text(json.dumps({"pools": pools}))
    classes = ["robust stronger", "balanced", "flips", "disagrees", "unclear", "unclear"]
    pl.DataFrame({"card": list("ABCDEF"), "class": classes}).write_parquet(
        tmp_path / ROBUSTNESS_FILE
    )
    assert robustness_summary_line(tmp_path, "r.html", 2.0) == (
        "2 of 6 cards keep their verdict across 3 pools (tolerance \u00b12 points); 1 flip, "
        "1 disagree, 2 unclear; report written to r.html"
    )


def test_what_a_card_page_says() -> None:
    none = SimpleNamespace(name="Italy", primary=None, evidence=[], games=[1, 2])
    assert summary_line(none, Path("cards/italy.html")) == (  # type: ignore[arg-type]
        "Italy: no verdict; 0 pieces of evidence, 2 games to replay; card page written to "
        "cards/italy.html"
    )
    primary = SimpleNamespace(
        verdict=Verdict("balanced", 0.5, -1.0, 2.0, 3.0), than="", title="against its peers"
    )
    found = SimpleNamespace(name="Italy", primary=primary, evidence=[primary], games=[])
    assert summary_line(found, Path("p.html")) == (  # type: ignore[arg-type]
        "Italy: balanced: within \u00b13 points (against its peers); 1 pieces of evidence, "
        "0 games to replay; card page written to p.html"
    )
