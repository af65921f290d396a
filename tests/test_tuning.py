"""deckhand tune and presets: the pool's rotation, common random numbers between candidates,
the optimisers, the confirmation, and presets loading (shipped, from a file, overridden)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import main
from simulator.analysis.stats import clustered_share, wilson
from simulator.catalog import get_game
from simulator.core.errors import ConfigError
from simulator.experiments.robustness import default_pools
from simulator.experiments.tuning import (
    SEARCH,
    Evaluator,
    Param,
    head_to_head,
    judge_head_to_head,
    parse_space,
    pool_tables,
    strategy_text,
    tune,
    write_result,
)
from strategies.registry import PRESETS, load_preset, preset_names, resolve


def test_pool_rotates_the_candidate_seat_and_the_opponents() -> None:
    pool = ("heuristic", "contractor", "importer", "pirate")
    listed = pool_tables(4, "X", pool, 8)
    assert [seat for _, seat in listed] == [0, 1, 2, 3, 0, 1, 2, 3]
    for table, seat in listed:
        assert table.seats[seat] == "X" and table.seats.count("X") == 1
        assert table.deal == table.stream
    met = {s for table, _ in listed for s in table.seats if s != "X"}
    assert met == set(pool)


def test_candidates_play_the_same_games(tmp_path: Path) -> None:
    """Common random numbers: the same parameters score the same on the same seed; another
    seed plays other deals."""
    config = get_game("travel").make_config(3, ())
    evaluate = Evaluator(config, "heuristic", ("heuristic",), 12, seed=4, backend="sequential")
    a = evaluate({"aggression": 0.3})
    assert evaluate({"aggression": 0.3}) == a
    assert evaluate({"aggression": 0.3}, seed=5) != a
    assert evaluate.played == 36


def test_space_overrides_and_errors() -> None:
    defaults = resolve("import-export", "heuristic").cls.params
    space = parse_space("import-export", "heuristic", defaults, ["race=0.2:0.4", "deny=fixed"])
    names = {p.name: p for p in space}
    assert "deny" not in names and (names["race"].low, names["race"].high) == (0.2, 0.4)
    for bad, expected in (
        (["boldness=0:1"], "unknown parameter 'boldness'"),
        (["race=0.5:0.1"], "LOW < HIGH"),
        (["race"], "expected KEY=LOW:HIGH"),
    ):
        with pytest.raises(ConfigError, match=expected):
            parse_space("import-export", "heuristic", defaults, bad)
    travel = parse_space("travel", "heuristic", resolve("travel", "heuristic").cls.params)
    assert {p.name: p.whole for p in travel}["deny"] is True


@pytest.mark.parametrize("name", sorted(SEARCH))
def test_each_optimiser_climbs_a_noisy_hill(name: str) -> None:
    space = [Param("a", 0.0, 1.0), Param("b", 0.0, 1.0), Param("c", 0, 4, whole=True)]
    rng = __import__("numpy").random.default_rng(0)

    def noisy(params: dict) -> tuple[float, float]:
        true = 1 - (params["a"] - 0.8) ** 2 - (params["b"] - 0.2) ** 2 - 0.05 * abs(params["c"] - 3)
        return true + rng.normal(0, 0.01), 0.01

    start = {"a": 0.0, "b": 1.0, "c": 0}
    found = SEARCH[name](space, start, 40, 1, noisy, 9)
    assert len(found) == 40
    kept = found[0] if name == "ntbea" else max(found, key=lambda t: t.score)
    assert abs(kept.params["a"] - 0.8) < 0.3 and abs(kept.params["b"] - 0.2) < 0.3
    assert found[0].params == start or name == "ntbea"  # the start is trial 0


def test_head_to_head_swaps_seats_per_deal() -> None:
    config = get_game("travel").make_config(2, ())
    same = head_to_head(config, "heuristic", "heuristic", 40, seed=2, backend="sequential")
    assert same["games"] == 40 and same["deals"] == 20
    assert same["lo"] <= 0.5 <= same["hi"]
    weak = head_to_head(config, "random", "heuristic", 40, seed=2, backend="sequential")
    assert weak["score"] < 0.3 and weak["hi"] < 0.5


def test_head_to_head_at_four_players_seats_the_candidate_once_per_seat() -> None:
    """Beyond two players each deal is played once per seat, the candidate in that seat and
    the opponent in the others; the figure is against parity (1/4), clustered over deals."""
    config = get_game("travel").make_config(4, ())
    weak = head_to_head(config, "random", "heuristic", 42, seed=5, backend="sequential")
    assert weak["games"] == 40 and weak["deals"] == 10 and weak["parity"] == 0.25
    assert weak["hi"] < 0.25 and judge_head_to_head(weak, 3.0).verdict == "weaker"
    same = head_to_head(config, "heuristic", "heuristic", 40, seed=5, backend="sequential")
    assert same["lo"] <= 0.25 <= same["hi"]
    # the candidate sat in every seat: its share is the mean over seats of the seat's wins
    assert 0.0 <= same["score"] <= 1.0 and "each seat in turn" in same["interval"]


def test_a_head_to_head_verdict_needs_its_interval() -> None:
    """Four answers, on the share less parity: a share whose interval covers parity is not
    'balanced' unless the interval lies within the tolerance."""

    def record(score: float, lo: float, hi: float) -> dict[str, float]:
        return {"score": score, "lo": lo, "hi": hi, "parity": 0.5, "games": 400}

    assert judge_head_to_head(record(0.6, 0.55, 0.65), 3.0).verdict == "stronger"
    assert judge_head_to_head(record(0.4, 0.35, 0.45), 3.0).verdict == "weaker"
    assert judge_head_to_head(record(0.5, 0.48, 0.52), 3.0).verdict == "balanced"
    unclear = judge_head_to_head(record(0.51, 0.45, 0.57), 3.0)
    assert unclear.verdict == "unclear" and unclear.games_to_decide > 400


def test_a_clean_sweep_is_not_certainty() -> None:
    """Every deal won by one side gives a clustered spread of zero: the interval is Wilson's
    there (one deal of two games, both won, does not exclude parity), and a clustered one
    stays within 0..1."""
    share, lo, hi = clustered_share([1.0] * 2, 2)
    assert share == 1.0 and hi == 1.0 and lo == pytest.approx(wilson(2, 2)[0]) and lo < 0.5
    share, lo, hi = clustered_share([0.0] * 40, 2)
    assert share == 0.0 and lo == 0.0 and 0.0 < hi < 0.1
    share, lo, hi = clustered_share([1.0] * 38 + [0.0, 1.0], 2)
    assert 0.0 <= lo < share < hi <= 1.0


def test_cli_versus_prints_the_share_the_verdict_and_writes_the_record(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "v.json"
    args = ["versus", "travel", "heuristic", "random", "-p", "2", "-n", "40", "--json", str(out)]
    result = runner.invoke(main, args)
    assert result.exit_code == 0, result.output
    assert "heuristic against random, 2 players, 40 games (20 deals, seed 0)" in result.output
    assert "stronger than random" in result.output
    data = json.loads(out.read_text())
    assert data["verdict"] == "stronger" and data["games"] == 40 and data["players"] == 2
    assert data["seed"] == 0 and data["tolerance"] == 3.0 and data["parity"] == 0.5
    for extra, expected in (
        (["-p", "4", "-n", "42"], "--games 42: a whole number of deals of 4 games each"),
        (["-s", "random"], "give the two bots as CANDIDATE and OPPONENT"),
    ):
        bad = runner.invoke(main, ["versus", "travel", "heuristic", "random", *extra])
        assert bad.exit_code == 2 and expected in bad.output, bad.output
    unknown = runner.invoke(main, ["versus", "travel", "heuristic", "nobody", "-p", "2"])
    assert unknown.exit_code == 2 and "nobody" in unknown.output


def test_tune_end_to_end_and_the_preset_loads(tmp_path: Path) -> None:
    config = get_game("travel").make_config(3, ())
    result = tune(
        config,
        "heuristic",
        optimiser="random",
        trials=4,
        games_per_trial=10,
        validate_top=2,
        validate_games=10,
        confirm_games=22,
        seed=3,
        name="tiny",
        backend="sequential",
    )
    assert len(result.trials) == 4 and len(result.validation) == 3
    assert result.validation[0].source == "validation"
    c = result.confirmation
    assert c["games"] == 21 and c["opponent"] == "heuristic" and "met" in c
    assert c["players"] == 3 and c["parity"] == pytest.approx(1 / 3)  # its own player count
    assert c["target"] == "lower 95% bound above 0.35" and c["met"] == (c["lo"] > 1.04 / 3)
    assert c["candidate"] == strategy_text("heuristic", result.params)
    assert result.provenance["budget_games"] == 4 * 10 + 3 * 10 + 21
    path = write_result(result, tmp_path)
    data = json.loads(path.read_text())
    assert data["strategy"] == "heuristic" and data["params"] == result.params
    choice = resolve("travel", f"heuristic@{path}")
    assert choice.params == result.params
    over = resolve("travel", f"heuristic@{path}:aggression=0.9")
    assert over.params["aggression"] == 0.9
    assert not math.isnan(data["confirmation"]["score"])


def test_preset_errors_name_the_option(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no preset 'nope' for travel; accepted"):
        resolve("travel", "heuristic@nope")
    other = tmp_path / "p.json"
    other.write_text(json.dumps({"strategy": "contractor", "params": {}}))
    with pytest.raises(ConfigError, match="is for 'contractor', not 'heuristic'"):
        resolve("import-export", f"heuristic@{other}")
    broken = tmp_path / "b.json"
    broken.write_text("{")
    with pytest.raises(ConfigError, match="is not a preset file"):
        resolve("import-export", f"heuristic@{broken}")
    bad = tmp_path / "k.json"
    bad.write_text(json.dumps({"strategy": "heuristic", "params": {"boldness": 1}}))
    with pytest.raises(ConfigError, match="unknown parameter 'boldness'"):
        resolve("import-export", f"heuristic@{bad}")


def test_shipped_presets_load_and_carry_their_confirmation() -> None:
    assert {"classic@tuned-base-4p", "classic@tuned-all-4p"} <= set(preset_names("import-export"))
    assert "heuristic@tuned-all-4p" in preset_names("travel")
    for game in ("import-export", "travel"):
        assert "mcts@guided" in preset_names(game)
    for game in ("import-export", "travel"):
        for text in preset_names(game):
            strategy, name = text.split("@")
            data = load_preset(game, strategy, name)
            choice = resolve(game, text)
            assert choice.params == data["params"]
            c = data["confirmation"]
            assert c["lo"] <= c["score"] <= c["hi"]
            # confirmed at the player count it is for (tune's presets before 2026-12-05: 2)
            assert c["players"] in (2, data["provenance"]["players"])
            if strategy == "mcts":  # chosen by screening head-to-heads, confirmed on 1,000
                # issue 31's bar at 2 players (55%); beyond, the same margin over parity
                bar = 0.55 if c["players"] == 2 else 1.1 / c["players"]
                assert c["games"] >= 1000 and c["met"] == (c["lo"] >= bar)
                assert data["provenance"]["screening"]
            else:  # tuned (deckhand tune), confirmed on 4,000
                assert c["games"] >= 4000 and data["provenance"]["trials"] >= 1
            assert (PRESETS / game / strategy / f"{name}.json").is_file()


def test_cli_tune_errors(tmp_path: Path) -> None:
    runner = CliRunner()
    for args, expected in (
        (["-s", "heuristic", "-s", "random"], "give the one strategy to tune"),
        (["--trials", "0"], "--trials: must be at least 1"),
        (["--space", "x=1:2"], "unknown parameter 'x'"),
        (["-s", "random"], "has no parameters to tune"),
    ):
        result = runner.invoke(main, ["tune", "travel", "-o", str(tmp_path / "t"), *args])
        assert result.exit_code == 2, result.output
        assert expected in result.output and "Traceback" not in result.output


def test_the_default_bot_plays_its_tuned_base_numbers() -> None:
    """Issue 30: the heuristic's defaults are its own tuned base preset (deckhand 0.2.2), so
    robustness has no separate `tuned` pool for the base set: it would replay `default`."""
    choice = resolve("import-export", "heuristic@tuned-base-4p")
    assert choice.params == choice.cls.params
    data = load_preset("import-export", "heuristic", "tuned-base-4p")
    assert all(f["lo"] > f["parity"] for f in data["four_players"])  # its evidence: 4 players
    assert "tuned" not in default_pools("import-export", 4, ["base"])
    assert default_pools("import-export", 4, ["all"])["tuned"] == ("heuristic@tuned-all-4p",)
    listed = CliRunner().invoke(main, ["strategies", "import-export"])
    assert "one seat against three classic@tuned-base-4p: 37.1% [35.7, 38.5]" in listed.output
    assert (
        "against three classic@tuned-base-4p, deckhand 0.2.3: 40.3% [38.8, 41.8]" in listed.output
    )
    all_sets = next(
        line for line in listed.output.splitlines() if line.startswith("heuristic@tuned-all-4p")
    )
    assert "one seat against three heuristic, deckhand 0.2.3: 27.9% [26.5, 29.2]" in all_sets


def test_the_travel_preset_differs_from_the_default_and_is_checked_against_it() -> None:
    """Issue 30, item 4: the travel default stays its own (docs/metrics.md, "Travel's
    heuristic"), so robustness and ladders keep a `tuned` pool for travel, and the preset
    lists its four-player check against the 0.2.3 default, whose lower bound is over parity."""
    choice = resolve("travel", "heuristic@tuned-all-4p")
    assert {**choice.cls.params, **choice.params} != choice.cls.params
    assert default_pools("travel", 4, ["all"])["tuned"] == ("heuristic@tuned-all-4p",)
    data = load_preset("travel", "heuristic", "tuned-all-4p")
    check = data["four_players"][-1]
    assert check["deckhand"] == "0.2.3" and check["lo"] > check["parity"]
    listed = CliRunner().invoke(main, ["strategies", "travel"])
    assert "one seat against three heuristic, deckhand 0.2.3: 27.8% [26.5, 29.0]" in listed.output


def test_the_search_pool_takes_the_preset_confirmed_at_its_player_count() -> None:
    """mcts@guided was chosen and confirmed at 2 players and loses at 4 (rollouts of 20
    decisions see less than two four-player turns): a four-player ladder's or robustness run's
    `search` is mcts@guided-4p, confirmed one seat against three heuristics."""
    assert default_pools("import-export", 4, ["base"])["search"] == ("mcts@guided-4p",)
    assert default_pools("import-export", 2, ["base"])["search"] == ("mcts@guided",)
    assert default_pools("travel", 4, [])["search"] == ("mcts@guided",)  # none for 4 yet
    data = load_preset("import-export", "mcts", "guided-4p")
    c = data["confirmation"]
    assert c["players"] == 4 and c["games"] >= 1000 and c["parity"] == 0.25
    assert data["params"] == {
        **load_preset("import-export", "mcts", "guided")["params"],
        "rollout_decisions": 60,
    }
