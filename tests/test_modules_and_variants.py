"""Choosing what is played: --sets all, --variant, and the errors for names not accepted."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cli import main
from simulator.catalog import get_game
from simulator.core.errors import ConfigError


def test_all_means_every_set_and_no_variant() -> None:
    spec = get_game("import-export")
    config = spec.make_config(4, ["all"])
    assert config.modules == spec.names_of_kind("module")
    assert "market" not in config.modules


def test_variants_join_the_modules_so_manifests_and_datasets_record_them() -> None:
    spec = get_game("import-export")
    config = spec.make_config(4, ["base", "flag"], variants=["market"])
    assert config.modules == ("base", "flag", "market")


def test_a_variant_given_as_a_set_is_refused_and_vice_versa() -> None:
    spec = get_game("import-export")
    with pytest.raises(ConfigError, match="--modules: unknown module 'market'.*accepted: base"):
        spec.make_config(4, ["base", "market"])
    with pytest.raises(ConfigError, match="--variant: unknown variant 'flag'.*accepted: market"):
        spec.make_config(4, ["base"], variants=["flag"])


def test_cli_lists_variants_and_names_the_accepted_ones_on_a_typo(tmp_path) -> None:
    runner = CliRunner()
    listed = runner.invoke(main, ["games"])
    assert "market [--variant]" in listed.output
    bad = runner.invoke(
        main, ["simulate", "import-export", "-n", "2", "-V", "markt", "-o", str(tmp_path / "r")]
    )
    assert bad.exit_code != 0
    assert "--variant: unknown variant 'markt'" in bad.output
    assert not (tmp_path / "r").exists()


def test_a_rule_number_override_changes_the_game_and_is_recorded() -> None:
    from simulator.core.seeding import GameRandom

    spec = get_game("import-export")
    config = spec.make_config(4, ["base"], rules=[("start_credits", "30"), ("majority", "1,2,3,4")])
    assert config.rules == (("start_credits", "30"), ("majority", "1,2,3,4"))
    assert type(config).from_json(config.to_json()) == config
    game = spec.factory(config)
    assert game.rules.majority == (1, 2, 3, 4)
    state = game.new_state(GameRandom.for_game(0, 0, 0))
    assert state.credits == [30] * 4


def test_rule_overrides_name_the_key_and_the_accepted_ones(tmp_path) -> None:
    spec = get_game("import-export")
    with pytest.raises(
        ConfigError, match="unknown rule number 'sell_prize'; accepted: .*sell_price"
    ):
        spec.make_config(4, rules=[("sell_prize", "5")])
    with pytest.raises(ConfigError, match="--rule sell_price=five: expected int"):
        spec.make_config(4, rules=[("sell_price", "five")])
    with pytest.raises(ConfigError, match="travel keeps its rule numbers in the card sheet"):
        get_game("travel").make_config(4, rules=[("a", "1")])
    runner = CliRunner()
    bad = runner.invoke(
        main, ["simulate", "import-export", "-n", "2", "--rule", "sell_price", "-o", str(tmp_path)]
    )
    assert bad.exit_code != 0 and "expected KEY=VALUE" in bad.output
    listed = runner.invoke(main, ["rules", "import-export"])
    assert "sell_price=4  (at least 0; and start_credits + sell_price below end_credits)" in (
        listed.output
    )
    assert "credits for selling a hand card to the supply island" in listed.output
    assert "source: rulebook (it) line 99 (Supply)" in listed.output


@pytest.mark.parametrize(
    ("rule", "allowed"),
    [
        ("sell_price=-5", "at least 0"),
        ("draw_to=0", "1 to 12"),
        ("majority=6,6,-1,8", "each at least 0"),
        ("tea_drinkers=7", "each 0 to 5"),
    ],
)
def test_a_rule_number_out_of_its_range_is_refused(rule: str, allowed: str) -> None:
    key, value = rule.split("=")
    with pytest.raises(ConfigError, match=f"--rule {rule}: out of range; allowed: {allowed}"):
        get_game("import-export").make_config(4, rules=[(key, value)])


def test_every_rule_number_says_what_it_means_and_where_from() -> None:
    from simulator.core.rule_numbers import describe

    for rule in describe(get_game("import-export").rule_numbers):
        assert rule.doc and rule.source and rule.allowed, rule
