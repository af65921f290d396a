"""A designer's own card powers (`--powers FILE`, issue 31): a card added to a sheet with a
power written outside the tree, played by every worker, judged by the usual tools, and its
code kept with the run; bad files refused naming the file, line and field.

The example is the one docs/designer-powers.md walks through (docs/examples/harbour_master.py).
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner
from ie_helpers import shipped_rows, write_rows

from cli import main
from simulator.catalog import get_game
from simulator.core.errors import ConfigError
from simulator.core.plugins import PluginCode
from simulator.folders.config import make_run_config
from simulator.games.import_export.powers import POWERS
from simulator.games.import_export.powers.designer import designed
from simulator.runs.match import replay_match

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "harbour_master.py"
CARD = "Harbour Master"
KIND = "harbour_master_buy"


def _sheet(tmp_path: Path, params: str = "cost=2;cards=2", name: str = CARD) -> Path:
    """The shipped sheet with Pistols renamed into the new card, as the walk-through does."""
    rows = shipped_rows()
    for row in rows:
        if row["name"] == "Pistols":
            row.update(name=name, timing="ongoing", params=params, provenance="designer")
            row["power"] = (
                "When another player completes a ship, you may pay him 2 credits to draw 2."
            )
    return write_rows(tmp_path / "sheet.csv", rows)


def _simulate(tmp_path: Path, out: str, *extra: str, powers: Path = EXAMPLE) -> object:
    args = [
        "simulate", "import-export", "-p", "4", "--sets", "base", "--card-sheet",
        str(_sheet(tmp_path)), "--powers", str(powers), "-o", str(tmp_path / out), "-q",
        "--seed", "3", *extra,
    ]  # fmt: skip
    return CliRunner().invoke(main, args)


def _asked(folder: Path, games: int) -> dict[str, int]:
    """How the new decision was answered in a run's first games, replayed from its folder."""
    match = replay_match(folder)
    answers: dict[str, int] = {}

    def record(decision: object, choice: object) -> None:
        if decision.kind == KIND:  # type: ignore[attr-defined]
            answers[str(choice)] = answers.get(str(choice), 0) + 1

    for index in range(games):
        match.play(index, on_decision=record)
    return answers


def test_a_new_card_plays_its_designers_power_on_every_worker(tmp_path: Path) -> None:
    loky = _simulate(tmp_path, "loky", "-n", "40", "-j", "2", "--backend", "loky")
    assert loky.exit_code == 0, loky.output
    alone = _simulate(tmp_path, "alone", "-n", "40", "--backend", "sequential")
    assert alone.exit_code == 0, alone.output
    # the same games, bit for bit, on two worker processes and in this one
    for table in ("games", "players"):
        a, b = (pl.read_parquet(tmp_path / run / table) for run in ("loky", "alone"))
        keys = [k for k in ("game_id", "seat") if k in a.columns]
        assert a.sort(keys).equals(b.sort(keys)), table
    # the code travels whole in the manifest, and the power is met and answered both ways
    manifest = json.loads((tmp_path / "loky" / "manifest.json").read_text())
    powers = manifest["config"]["game"]["powers"]
    assert powers["source"] == EXAMPLE.read_text() and powers["file"] == str(EXAMPLE)
    answers = _asked(tmp_path / "loky", 40)
    assert answers.get("buy", 0) >= 1 and answers.get("pass", 0) >= 1, answers
    # the shipped registry never saw it: the same sheet without --powers plays a vanilla card
    assert CARD not in POWERS
    report = CliRunner().invoke(main, ["report", str(tmp_path / "loky")])
    assert report.exit_code == 0, report.output
    page = (tmp_path / "loky" / "report.html").read_text()
    assert "--powers" in page and powers["sha256"][:12] in page


def test_a_run_refuses_to_resume_with_other_code(tmp_path: Path) -> None:
    first = _simulate(tmp_path, "run", "-n", "8", "--backend", "sequential")
    assert first.exit_code == 0, first.output
    changed = tmp_path / "harbour_master.py"
    changed.write_text(EXAMPLE.read_text().replace('int(contract.params["cards"])', "1"))
    again = _simulate(tmp_path, "run", "-n", "8", "--backend", "sequential", powers=changed)
    assert again.exit_code != 0
    assert "--powers" in again.output and "different config" in again.output
    assert "def harbour_master" not in again.output  # named by file and hash, not its code


def test_the_ablation_judges_the_new_power(tmp_path: Path) -> None:
    out = tmp_path / "abl"
    result = CliRunner().invoke(
        main,
        [
            "ablate", "import-export", "-p", "4", "--sets", "base", "--card-sheet",
            str(_sheet(tmp_path)), "--powers", str(EXAMPLE), "--cards", CARD, "--design",
            "paired", "-n", "80", "-o", str(out), "-q", "--backend", "sequential",
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    table = pl.read_parquet(out / "ablation.parquet")
    assert table["card"].to_list() == [CARD]
    games = pl.read_parquet(out / "games.parquet")
    # with the power on and off the same deals play differently: the power did something
    on = games.filter(pl.col("arm") == -1).sort("deal")["turns"]
    off = games.filter(pl.col("arm") != -1).sort("deal")["turns"]
    assert on.len() == off.len() == 80 and not on.equals(off)


def _config(tmp_path: Path, powers: Path, sheet: Path | None = None) -> object:
    return make_run_config(
        "import-export", 4, ("base",), card_sheet=str(sheet or _sheet(tmp_path)), powers=str(powers)
    )


def _file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "mine.py"
    path.write_text(text)
    return path


HEADER = (
    "from simulator.core.protocol import Decision\n"
    "from simulator.games.import_export.powers import power\n"
)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (HEADER + "def broken(:\n", "mine.py, line 3: invalid syntax"),
        (HEADER + "x = 1\nraise RuntimeError('no')\n", "mine.py, line 4: RuntimeError: no"),
        (HEADER + "x = 1\n", "registers no power"),
        (
            HEADER + "@power('Harbour Mastr', on_fulfil=True)\ndef f(game, s, owner, c):\n"
            "    yield from ()\n",
            "'Harbour Mastr', and no card of the sheet",
        ),
        (
            EXAMPLE.read_text().replace('"harbour_master_buy"', '"lumber_draw"', 1),
            "declares the decision kind 'lumber_draw', which the game already asks",
        ),
        (
            EXAMPLE.read_text().replace('("cost", "cards")', '("cost", "card")'),
            "'cards' is not a number its power reads (did you mean 'card'?)",
        ),
        (
            EXAMPLE.read_text().replace('PARAMS = {"Harbour Master": ("cost", "cards")}', ""),
            "declares none for it: add PARAMS",
        ),
        (EXAMPLE.read_text() + "\nDECISIONS = ['a list']\n", "DECISIONS must map"),
    ],
)
def test_a_bad_powers_file_is_refused_naming_what_is_wrong(
    tmp_path: Path, text: str, said: str
) -> None:
    with pytest.raises(ConfigError) as error:
        _config(tmp_path, _file(tmp_path, text))
    assert said in str(error.value)
    assert "--powers" in str(error.value) or "field 'params'" in str(error.value)


def test_a_sheet_row_missing_a_declared_number_is_refused_by_line(tmp_path: Path) -> None:
    sheet = _sheet(tmp_path, params="cost=2")
    with pytest.raises(ConfigError) as error:
        _config(tmp_path, EXAMPLE, sheet)
    line = 1 + next(
        i
        for i, row in enumerate(csv.DictReader(sheet.open(encoding="utf-8")), start=1)
        if row["name"] == CARD
    )
    assert f"sheet.csv, line {line}, field 'params': {CARD} needs cards" in str(error.value)


def test_games_without_powers_of_their_own_refuse_the_option(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="--powers: travel takes no code"):
        get_game("travel").make_config(4, powers=str(EXAMPLE))
    with pytest.raises(ConfigError, match="is not a Python file"):
        _config(tmp_path, _sheet(tmp_path))
    with pytest.raises(ConfigError, match="cannot read"):
        _config(tmp_path, tmp_path / "absent.py")


def test_a_shipped_cards_power_is_replaced_for_that_run_only(tmp_path: Path) -> None:
    mine = _file(
        tmp_path,
        HEADER + "@power('Almonds', on_fulfil=True)\n"
        "def almonds(game, s, owner, contract):\n"
        "    game.gain(s, owner, contract.params['high_pay'])\n"
        "    yield from ()\n",
    )
    shipped = POWERS["Almonds"]
    config = make_run_config("import-export", 4, ("base",), powers=str(mine))
    game = get_game("import-export").factory(config.game)
    almonds = next(c.id for cs in game.cards.contracts for c in cs if c.name == "Almonds")
    assert game.powers.by_contract[almonds] is not shipped
    assert game.powers.by_contract[almonds].on_fulfil.__module__.startswith("deckhand_plugin_")
    plain = get_game("import-export").factory(make_run_config("import-export", 4, ("base",)).game)
    assert plain.powers.by_contract[almonds] is shipped and POWERS["Almonds"] is shipped


def test_cards_validate_checks_a_sheet_with_its_powers(tmp_path: Path) -> None:
    sheet = _sheet(tmp_path)
    good = CliRunner().invoke(main, ["cards", "validate", str(sheet), "--powers", str(EXAMPLE)])
    assert good.exit_code == 0 and "with the powers of" in good.output
    typo = _sheet(tmp_path, params="cost=2;cardz=2")
    bad = CliRunner().invoke(main, ["cards", "validate", str(typo), "--powers", str(EXAMPLE)])
    assert bad.exit_code != 0
    assert "field 'params'" in bad.output and "did you mean 'cards'?" in bad.output
    # without the file the sheet alone is valid: its new card's numbers are the code's
    assert CliRunner().invoke(main, ["cards", "validate", str(typo)]).exit_code == 0


def test_a_card_whose_power_no_code_plays_is_said_to_play_vanilla(tmp_path: Path) -> None:
    """Before, a sheet's new card with a power text and no --powers file played as a vanilla
    card without a word, and every verdict on it judged a card the designer did not write."""
    sheet = _sheet(tmp_path)
    runner = CliRunner()
    alone = runner.invoke(main, ["cards", "validate", str(sheet)])
    assert alone.exit_code == 0
    assert "warning: 1 card(s) of the sheet print a power that no code plays" in alone.output
    assert f"vanilla cards: {CARD}." in alone.output and "--powers" in alone.output
    coded = runner.invoke(main, ["cards", "validate", str(sheet), "--powers", str(EXAMPLE)])
    assert coded.exit_code == 0 and "warning" not in coded.output
    shipped = runner.invoke(main, ["cards", "validate", str(get_game("import-export").card_sheet)])
    assert shipped.exit_code == 0 and "warning" not in shipped.output  # every power has code
    args = ["simulate", "import-export", "-p", "4", "--sets", "base", "--card-sheet", str(sheet)]
    run = runner.invoke(main, [*args, "-n", "8", "-o", str(tmp_path / "run"), "-q"])
    assert run.exit_code == 0 and f"vanilla cards: {CARD}." in run.output
    manifest = json.loads((tmp_path / "run" / "manifest.json").read_text())
    assert manifest["sheet_warnings"] and CARD in manifest["sheet_warnings"][0]
    report = runner.invoke(main, ["report", str(tmp_path / "run")])
    assert report.exit_code == 0, report.output
    page = (tmp_path / "run" / "report.html").read_text(encoding="utf-8")
    assert "print a power that no code plays" in page
    # a power switched off on purpose (power_off=1, an ablation's vanilla arm) is not
    off = _sheet(tmp_path, params="cost=2;cards=2;power_off=1")
    quiet = runner.invoke(main, ["cards", "validate", str(off)])
    assert quiet.exit_code == 0 and "warning" not in quiet.output


@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_a_power_that_fails_in_play_is_named_by_file_and_line(tmp_path: Path, bot: str) -> None:
    """The rules running it (random bots) or a bot looking ahead through it (the heuristic's
    short search): either way the error names the designer's file, line and function and
    the game to replay, not the rules or the bot."""
    buggy = tmp_path / "buggy.py"
    buggy.write_text(EXAMPLE.read_text().replace('params["cards"]', 'params["cardss"]'))
    line = 1 + buggy.read_text().splitlines().index(
        next(t for t in buggy.read_text().splitlines() if "cardss" in t)
    )
    result = _simulate(
        tmp_path, "run", "-s", bot, "-n", "100", "--backend", "sequential", powers=buggy
    )
    assert result.exit_code == 1
    assert f"the code in {buggy}, line {line} (harbour_master) raised KeyError('cardss')" in (
        result.output
    )
    assert "deckhand replay RUN" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize(
    ("asked", "said"),
    [
        ('"oops"', "asked 'oops'"),
        (
            'Decision(owner, "undeclared_kind", ("a", "b"))',
            "asked a decision of the kind 'undeclared_kind'",
        ),
    ],
)
def test_a_power_asks_only_decisions_of_declared_kinds(
    tmp_path: Path, asked: str, said: str
) -> None:
    """What a designed power yields is checked as it is asked: anything but a Decision of a
    kind the game asks or the file declares stops the run naming the file and function
    (else a bot would answer it, or none would, without a word)."""
    question = 'Decision(owner, "harbour_master_buy", ("pass", "buy"), context=actor)'
    text = EXAMPLE.read_text().replace(f"(yield {question})", f"(yield {asked})")
    assert text != EXAMPLE.read_text()
    result = _simulate(
        tmp_path, "run", "-n", "60", "--backend", "sequential", powers=_file(tmp_path, text)
    )
    assert result.exit_code == 1 and f"mine.py (harbour_master) {said}" in result.output


def test_a_power_without_yield_asks_nothing_and_does_its_work() -> None:
    code = PluginCode(
        "plain.py",
        "0" * 64,
        HEADER + "@power('Almonds', on_fulfil=True)\n"
        "def almonds(game, s, owner, contract):\n"
        "    game.gain(s, owner, 7)\n",
    )
    gained: list[tuple[int, int]] = []

    class Game:
        def gain(self, s: object, owner: int, amount: int) -> None:
            gained.append((owner, amount))

    flow = designed(code).powers["Almonds"].on_fulfil
    assert flow is not None and list(flow(Game(), None, 2, None)) == [] and gained == [(2, 7)]


DECLARED = (
    EXAMPLE.read_text()
    .replace(
        'PARAMS = {"Harbour Master": ("cost", "cards")}',
        "from simulator.games.import_export.powers.numbers import COUNT, PAY",
    )
    .replace(
        '@power("Harbour Master", hook="ship_completed")',
        '@power("Harbour Master", hook="ship_completed", params={"cost": PAY, "cards": COUNT})',
    )
)


def test_a_designer_may_declare_numbers_as_the_shipped_cards_do(tmp_path: Path) -> None:
    """`params=` on the card's first registration is the same declaration as PARAMS: the
    row is held to it, and giving both is refused."""
    assert "PARAMS =" not in DECLARED and "params={" in DECLARED
    _config(tmp_path, _file(tmp_path, DECLARED))  # the row cost=2;cards=2 matches
    with pytest.raises(ConfigError, match="needs cards"):
        _config(tmp_path, _file(tmp_path, DECLARED), _sheet(tmp_path, params="cost=2"))
    both = DECLARED + '\nPARAMS = {"Harbour Master": ("cost", "cards")}\n'
    with pytest.raises(ConfigError, match="declares the numbers of Harbour Master twice"):
        _config(tmp_path, _file(tmp_path, both))
