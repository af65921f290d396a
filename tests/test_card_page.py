"""deckhand card: one page per card, its one verdict on the primary measure (an ablation made
from the run before the run's own verdict against its peers), the evidence side by side, the
discovery rule, the games to replay and the error for an unknown name."""

from __future__ import annotations

import json
import math
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import main
from reports.card_links import slug
from reports.card_page import card_page_path, write_card_page
from simulator.analysis.evidence import (
    ABLATION,
    BALANCE,
    PEERS,
    SWEEP,
    Evidence,
    choose_primary,
    discover,
    gather,
)
from simulator.analysis.verdicts import Verdict
from simulator.catalog import get_game
from simulator.experiments.ablation import make_plan, run_ablation
from simulator.folders.config import make_run_config
from simulator.runs.runner import run_simulation
from simulator.runs.sweep import SweepPlan

CARD = "Almonds"
OTHERS = ("Opposition Leaflets", "Solar Panels", "Ivory", "Velvet Robes", "Beer")


@pytest.fixture(scope="module")
def ie_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small Import/Export run (2 players, 150 games) with a factorial ablation of Almonds
    and five often-owned cards (1,600 deals: the default bot's short games give Almonds too
    few owners with fewer for a figure; five others make a typical power of its kind) made
    from it, in a folder under the run (where `deckhand card` looks)."""
    folder = tmp_path_factory.mktemp("card") / "run"
    config = make_run_config("import-export", 2, ("base",), ("heuristic",), games=150, seed=4)
    run_simulation(config, folder, jobs=1, backend="sequential", progress=False)
    plan = make_plan(
        config.game, ("heuristic",), cards=",".join((CARD, *OTHERS)), design="factorial", deals=1600
    )
    run_ablation(plan, folder / "experiments" / "abl", backend="sequential", progress=False)
    return folder


def test_slug_and_path() -> None:
    assert slug("Velvet Robes") == "velvet-robes"
    assert slug("<script>alert(1)</script>") == "script-alert-1-script"
    assert slug("Café Crème") == "cafe-creme" and slug("!!!") == "card"
    assert card_page_path("runs/ie", "Velvet Robes") == Path("runs/ie/cards/velvet-robes.html")


def test_the_ablation_is_the_primary_measure(ie_run: Path) -> None:
    path, found = write_card_page(ie_run, CARD.lower())
    assert path == card_page_path(ie_run, CARD) and path.is_file()
    assert found.name == CARD  # the sheet's spelling
    kinds = [e.kind for e in found.evidence]
    assert kinds[:3] == ["raw", "adjusted", PEERS] and ABLATION in kinds
    assert found.primary is not None and found.primary.kind == ABLATION
    assert found.primary.folder == ie_run / "experiments" / "abl"
    assert found.verdict is not None and found.verdict.tolerance == 3.0
    page = path.read_text()
    summary = page[page.index('id="summary"') : page.index("<nav>")]
    assert "Primary measure: the ablation in" in summary
    assert found.verdict.words("the typical power of its kind") in summary.replace("&#x27;", "'")
    assert "against the typical power; worth to its owner" in page
    assert "\u00b13 points" in summary
    assert "After this Contract" in summary  # the power text
    rows = page[page.index('id="evidence"') :]
    assert rows.index("ablation, factorial design") < rows.index("primary")
    assert "high_pay=4" in page  # the sheet row
    for game in found.games:  # the replays, written beside the run's and linked
        assert (ie_run / "replays" / f"game-{game.game_id}.html").is_file()
        assert f'href="../replays/game-{game.game_id}.html"' in page
        assert f"deckhand replay {ie_run} {game.game_id} --html" in page


def test_the_tolerance_is_the_pages(ie_run: Path, tmp_path: Path) -> None:
    out = tmp_path / "almonds.html"
    result = CliRunner().invoke(
        main, ["card", str(ie_run), CARD, "--tolerance", "card=40", "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert f"card page written to {out}" in result.output
    page = out.read_text()
    assert "\u00b140 points" in page and "\u00b13 points" not in page
    found = gather(ie_run, CARD, tolerance=40.0)
    assert found.primary is not None and found.primary.kind == ABLATION
    verdict = found.verdict
    assert verdict is not None and verdict.tolerance == 40.0
    if verdict.verdict == "balanced":  # the invariant, on the page's own figure
        assert -40 <= verdict.lo and verdict.hi <= 40


def test_the_discovery_rule(ie_run: Path, tmp_path: Path) -> None:
    """Folders under the run are found; others only with --evidence; an ablation of another
    setup is shown but never primary; a folder that does not name the card is not shown."""
    assert [kind for kind, _ in discover([ie_run])] == [ABLATION]
    elsewhere = tmp_path / "elsewhere"
    shutil.copytree(ie_run / "experiments" / "abl", elsewhere / "abl")
    meta = json.loads((elsewhere / "abl" / "ablation.json").read_text())
    meta["game"]["players"] = 3
    (elsewhere / "abl" / "ablation.json").write_text(json.dumps(meta))
    shutil.copytree(ie_run / "experiments" / "abl", elsewhere / "same")
    found = gather(ie_run, CARD, evidence=[elsewhere])
    ablations = [e for e in found.evidence if e.kind == ABLATION]
    assert len(ablations) == 3
    other = next(e for e in ablations if e.folder == elsewhere / "abl")
    assert not other.same_setup and "another setup: 3 players" in other.note
    assert found.primary is not None and found.primary.same_setup
    assert not any(e.kind == ABLATION for e in gather(ie_run, "Pistols").evidence)


def test_without_an_experiment_the_runs_verdict_answers(small_run: Path) -> None:
    spec = get_game("travel")
    name = next(
        str(r["name"])
        for r in spec.factory(spec.make_config(4, ())).sheet.rows
        if r["type"] == "special" and r.get("text")
    )
    path, found = write_card_page(small_run, name, replays=False)
    assert found.primary is not None and found.primary.kind == PEERS
    page = path.read_text()
    assert "Primary measure: the run&#x27;s own verdict" in page
    assert "For an experiment on it" not in page  # travel has no power switch to ablate


def test_a_card_out_of_play_says_so(ie_run: Path) -> None:
    _, found = write_card_page(ie_run, "The Algorithm", replays=False)
    assert not found.in_game and found.primary is None and not found.games
    assert "was not in play in this run" in card_page_path(ie_run, "The Algorithm").read_text()


def test_an_unknown_card_is_a_clear_error(ie_run: Path) -> None:
    result = CliRunner().invoke(main, ["card", str(ie_run), "Almondz"])
    assert result.exit_code == 2
    assert "no card named 'Almondz'" in result.output and "did you mean: Almonds?" in result.output
    assert "Traceback" not in result.output


def test_without_an_ablation_the_page_says_how_to_make_one(ie_run: Path, tmp_path: Path) -> None:
    bare = tmp_path / "bare"
    shutil.copytree(ie_run, bare, ignore=shutil.ignore_patterns("experiments", "cards"))
    path, found = write_card_page(bare, CARD, replays=False)
    assert found.primary is not None and found.primary.kind == PEERS
    page = path.read_text().replace("&quot;", '"')
    command = "deckhand ablate import-export --cards all -n 20000 -p 2 -m base"
    assert command in page and f"-o {bare / 'ablate-all'}" in page


def test_the_order_of_the_primary_measures() -> None:
    """An ablation of the same setup first (paired before factorial: its worth against the
    typical power of its kind), else the run's own verdict against the typical card; a
    balance search or a sweep is never primary (it says what a changed number would do),
    nor an ablation of another setup or without a figure."""
    folder = Path(".")

    def piece(kind: str, same: bool = True, design: str = "", games: int = 0, lo: float = -1.0):
        verdict = Verdict("unclear", 1.0, lo, 9.0, 3.0)
        return Evidence(kind, kind, "", "", verdict, folder, same, design=design, games=games)

    peers = piece(PEERS)
    sweep, balance = piece(SWEEP), piece(BALANCE)
    factorial = piece(ABLATION, design="factorial", games=9000)
    paired = piece(ABLATION, design="paired", games=100)
    assert choose_primary([peers, sweep, balance, factorial, paired]) is paired
    assert choose_primary([peers, sweep, balance, factorial]) is factorial
    assert choose_primary([peers, sweep, balance, piece(ABLATION, same=False)]) is peers
    assert choose_primary([peers, sweep, piece(ABLATION, lo=math.nan)]) is peers
    assert choose_primary([sweep, balance]) is None
    assert choose_primary([]) is None


def test_a_sweep_of_another_setup_is_shown_not_used(ie_run: Path, ie_sweep: SweepPlan) -> None:
    found = gather(ie_run, CARD, evidence=[ie_sweep.out])
    sweep = next(e for e in found.evidence if e.kind == SWEEP)
    assert not sweep.same_setup and "another setup: 4 players, base" in sweep.note
    assert "high_pay=4 (printed)" in sweep.figure and "high_pay=12" in sweep.figure
    assert found.primary is not None and found.primary.kind == ABLATION


def test_a_recorded_verdict_judged_at_another_tolerance_keeps_its_familys_significance() -> None:
    """An experiment decided 'differs from zero' over its own family (BH q): re-judged at the
    page's tolerance, an unclear figure whose interval excludes zero must not become stronger,
    and a stronger one stays stronger unless the wider band now holds it."""
    from simulator.analysis.evidence import _judged

    unclear = _judged("unclear", 6.0, 1.0, 11.0, 3.0, 5.0, 1000)
    assert unclear is not None and unclear.verdict == "unclear"
    stronger = _judged("stronger", 6.0, 1.0, 11.0, 3.0, 5.0, 1000)
    assert stronger is not None and stronger.verdict == "stronger"
    held = _judged("stronger", 2.0, 0.5, 3.5, 3.0, 4.0, 1000)
    assert held is not None and held.verdict == "balanced"
    assert _judged("unclear", None, None, None, 3.0, 5.0, 1000).verdict == "unclear"  # type: ignore[union-attr]
