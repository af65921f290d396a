"""Everything Deckhand knows about one card, gathered for its page (`deckhand card RUN NAME`,
reports/card_page.py): the sheet row, the run's figures, the experiments made from the run,
one verdict, and the games in which the card mattered.

A designer asks one question of a card, "is it too strong?", and the tools answer it with
different measures (docs/metrics.md, "Which figure answers which question"). This module puts
them side by side, each labelled with what it measures, and names ONE of them the primary
measure, so that the card's page gives one answer:

1. an ablation of the card's power (`deckhand ablate`: the power's worth to its owner on the
   same deals, against the worth of the typical power of its kind: "too strong" means
   stronger than a typical card of its kind, never "better than no power") played with the
   run's game and mix; the paired design before the factorial one (it measures the printed
   game), then the one with more games;
2. else the run's own verdict: the card against the typical card of its kind on its game's
   declared measure, adjusted (cards.parquet).

A balance search (`deckhand balance`, balance.json) and a sweep (sweep.parquet) are shown
beside it, never primary: they say where the number would meet the typical card.

An ablation is an experiment (the power on and off, everything else the same); the verdicts
at the printed value of a balance search or a sweep, and the run's, are the peer model of who
won, on runs made for the card. A changed number (`ablate --param`, a sweep's other values)
says what a change would do, not whether the printed card is too strong: shown, never
primary. Every verdict is judged again at the page's tolerance by the one rule
(simulator/analysis/verdicts.py); robustness tables are shown at the tolerance they were
played with.

**Where evidence is looked for** (the discovery rule): the folders under the run folder, to
MAX_DEPTH levels, and every `--evidence PATH` with the folders under it. A folder is an
ablation (ablation.json and ablation.parquet), a sweep (sweep.json), a robustness comparison
(robustness.json and robustness.parquet) or a balance search (balance.json); the search does
not go inside a folder it recognised (an `ablate --param` folder holds its own sweep), nor
inside the run's own tables. A folder counts only when it names the card; it can be the
primary measure only when it was played with the run's game, player count, sets and variants
and rule changes (`same_setup`), and with the card as the run's sheet prints it; others are
listed, marked as another setup.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polars as pl

from simulator.analysis.metrics import SUMMARY_FILE, judge_cards
from simulator.analysis.power_worth import in_points, is_power_table, judge_table
from simulator.analysis.verdicts import (
    STRONGER,
    UNCLEAR,
    WEAKER,
    WORDS,
    Tolerances,
    Verdict,
    decide,
    to_points,
)
from simulator.catalog import get_game
from simulator.core.cards import load_card_sheet, rows_named
from simulator.core.errors import ConfigError, DeckhandError, RunFolderError
from simulator.core.narration import seat_name
from simulator.core.spec import GameSpec
from simulator.folders.run_folder import (
    SHEET_COPY,
    games_in,
    load_manifest,
    read_players,
    sheet_rows,
)

MAX_DEPTH = 3
"""How many folder levels under the run folder (and under each --evidence) are searched."""

SKIPPED = frozenset({"games", "players", "card_events", "parts", "replays", "cards", "sheets"})
"""Folders never searched: a run's own tables, its pages and a sweep's sheets."""

RAW, ADJUSTED, PEERS = "raw", "adjusted", "peers"
ABLATION, NUMBER, SWEEP, BALANCE, ROBUSTNESS = (
    "ablation",
    "number",
    "sweep",
    "balance",
    "robustness",
)
CAUSAL = frozenset({ABLATION, NUMBER, SWEEP, BALANCE})
"""The kinds that are experiments: the card changed on the same deals."""

THAN = {ABLATION: "the typical power of its kind", NUMBER: "at the printed value"}
"""What a verdict compares the card with, per kind (Verdict.words); peers name their own."""


@dataclass(frozen=True)
class Evidence:
    """One piece of evidence about the card, in the page's words."""

    kind: str
    title: str
    """Short: 'ablation, paired design (600 games)'."""
    measures: str
    """What it measures, in plain words."""
    figure: str
    """The figure with its interval (points), or the rows of a sweep joined."""
    verdict: Verdict | None
    folder: Path
    same_setup: bool = True
    note: str = ""
    """Why it cannot be the primary measure, or what to know when reading it."""
    than: str = ""
    report: Path | None = None
    """The folder's own HTML report, when there is one."""
    games: int = 0
    design: str = ""

    @property
    def causal(self) -> bool:
        return self.kind in CAUSAL


@dataclass(frozen=True)
class TellingGame:
    """A game in which the card mattered, and why it was picked."""

    game_id: int
    why: str


@dataclass
class CardEvidence:
    """The card's page, as data: what reports/card_page.py renders."""

    run: Path
    spec: GameSpec
    name: str
    rows: list[dict[str, Any]]
    """The card's sheet rows (its copies), as the run's sheet prints them."""
    columns: list[str]
    power_text: str
    in_game: bool
    tolerance: float
    setup: str
    """The run's game and mix in words."""
    games_played: int
    config: dict[str, Any] = field(default_factory=dict)
    """The run's config (manifest.json), for the commands the page suggests."""
    evidence: list[Evidence] = field(default_factory=list)
    primary: Evidence | None = None
    games: list[TellingGame] = field(default_factory=list)
    searched: list[Path] = field(default_factory=list)

    @property
    def verdict(self) -> Verdict | None:
        return self.primary.verdict if self.primary else None


# ---------------------------------------------------------------------------- the card


def find_card(rows: Sequence[dict[str, Any]], name: str, where: str) -> list[dict[str, Any]]:
    """The sheet rows of the card called `name` (core.cards.rows_named for the NAME argument)."""
    return rows_named(rows, name, "NAME", f"the card sheet of {where}")


def power_text(spec: GameSpec, row: dict[str, Any]) -> str:
    """The card's printed text: Import/Export's `power`, the travel game's `text`."""
    for column in ("power", "text"):
        if row.get(column):
            return str(row[column])
    return ""


def setup_key(game: dict[str, Any]) -> tuple[Any, ...]:
    """What "the same game and mix" compares: game, players, sets and variants, rules."""
    return (
        game.get("game"),
        int(game.get("players") or 0),
        tuple(sorted(game.get("modules") or ())),
        tuple(sorted(tuple(r) for r in game.get("rules") or ())),
    )


def _setup_words(game: dict[str, Any]) -> str:
    sets = ", ".join(game.get("modules") or ()) or "default sets"
    rules = ", ".join(f"{k}={v}" for k, v in game.get("rules") or ())
    return f"{game.get('players')} players, {sets}" + (f", rules {rules}" if rules else "")


def _with_best_other(players: pl.DataFrame) -> pl.DataFrame:
    """The players with `other`: each row's best score among the other seats of its game
    (null alone): the top score, or the second where the row holds the top alone. Window
    sums over the games, the top first (a window inside a window is evaluated game by game);
    the pairing of every seat with every other seat of a million games was most of a card
    page."""
    score, top = pl.col("score"), pl.col("_top")
    tops = (score == top).sum().over("game_id")
    second = pl.when(score < top).then(score).max().over("game_id")
    other = pl.when((score == top) & (tops == 1)).then(second).otherwise(top)
    return (
        players.with_columns(score.max().over("game_id").alias("_top"))
        .with_columns(other.alias("other"))
        .drop("_top")
    )


# ---------------------------------------------------------------------------- gathering


def gather(
    run: str | Path,
    name: str,
    tolerance: float = Tolerances().card,
    evidence: Iterable[str | Path] = (),
) -> CardEvidence:
    """Everything known about card `name` of the run folder `run` (module doc): its sheet
    rows, the run's figures, every experiment found under the run and under `evidence`, the
    primary measure and its verdict at `tolerance` (points), and the games it mattered in."""
    folder = Path(run)
    manifest = load_manifest(folder)
    game = manifest["config"]["game"]
    spec, rows = sheet_rows(folder)
    card_rows = find_card(rows, name, str(folder))
    name = str(card_rows[0]["name"])
    ids = [int(r["id"]) for r in card_rows]
    if not (folder / SUMMARY_FILE).is_file():
        raise RunFolderError(
            f"{folder}: no {SUMMARY_FILE}; the run did not finish (run the same `deckhand "
            "simulate` again to resume it)"
        )
    cards = pl.read_parquet(folder / SUMMARY_FILE)
    games_played = games_in(folder)
    if "verdict_pp" in cards.columns and "verdict_note" in cards.columns:
        cards = judge_cards(cards, tolerance, games_played or None)
    match = cards.filter(pl.col("name") == name)
    row = match.row(0, named=True) if match.height else {}
    out = CardEvidence(
        run=folder,
        spec=spec,
        name=name,
        rows=card_rows,
        columns=[f.name for f in spec.card_schema.fields],
        power_text=power_text(spec, card_rows[0]),
        in_game=bool(row.get("in_game")),
        tolerance=tolerance,
        setup=f"{game['game']}, {_setup_words(game)}",
        games_played=games_played,
        config=manifest["config"],
    )
    if row:
        out.evidence += run_evidence(spec, row, folder, tolerance)
    key = setup_key(game)
    places = [folder, *(Path(p) for p in evidence)]
    out.searched = places
    for kind, place in discover(places):
        try:
            found = _read(kind, place, name, card_rows[0], key, spec, tolerance)
        except (DeckhandError, OSError, ValueError, KeyError, TypeError) as exc:
            found = Evidence(
                kind,
                f"{kind} (unreadable)",
                "",
                "",
                None,
                place,
                same_setup=False,
                note=f"could not be read: {type(exc).__name__}: {exc}",
            )
        if found is not None:
            out.evidence.append(found)
    out.primary = choose_primary(out.evidence)
    if row and out.in_game:
        out.games = mattered(folder, spec, ids, str(row.get("verdict_event") or ""))
    return out


def choose_primary(evidence: Sequence[Evidence]) -> Evidence | None:
    """The primary measure (module doc): of the run's game and mix, an ablation of the power
    against the typical power of its kind (paired first, then more games); else the run's own
    verdict against the typical peer. A sweep's or a balance search's figures are shown beside
    it: they say what a change of the number would do."""

    def usable(kind: str) -> list[Evidence]:
        return [
            e
            for e in evidence
            if e.kind == kind and e.same_setup and e.verdict and math.isfinite(e.verdict.lo)
        ]

    ablations = usable(ABLATION)
    if ablations:
        return sorted(ablations, key=lambda e: (e.design != "paired", -e.games))[0]
    return next((e for e in evidence if e.kind == PEERS and e.verdict), None)


def _points(value: float | None, lo: float | None, hi: float | None) -> str:
    if value is None or not math.isfinite(value):
        return "no figure"
    interval = ""
    if lo is not None and hi is not None and math.isfinite(lo) and math.isfinite(hi):
        interval = f" [{lo:+.1f}, {hi:+.1f}]"
    return f"{value:+.1f} points{interval}"


def _rate(wins: Any, n: Any, lo: Any, hi: Any) -> str:
    if not n:
        return "never"
    return f"{100 * wins / n:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] of {int(n):,} player-games"


def run_evidence(
    spec: GameSpec, row: dict[str, Any], folder: Path, tolerance: float
) -> list[Evidence]:
    """The run's own three figures: the raw win rate with the card's event, the adjusted
    contribution of that event, and the verdict against its peers (cards.parquet)."""
    event = str(
        row.get("verdict_event") or ("fulfilled" if "fulfilled" in spec.event_names else "gih")
    )
    label = spec.event_label(event)
    out = []
    n = row.get(f"{event}_n")
    if n is not None:
        total_n = (row.get("gih_n") or 0) + (row.get("gns_n") or 0)
        total_w = (row.get("gih_wins") or 0) + (row.get("gns_wins") or 0)
        everyone = f"; all player-games {100 * total_w / total_n:.1f}%" if total_n else ""
        out.append(
            Evidence(
                RAW,
                "raw win rate with it",
                f"how often the player-games in which the card was '{label}' were won; no "
                "control for anything (players who get a card may win for other reasons)",
                _rate(row.get(f"{event}_wins"), n, row.get(f"{event}_lo"), row.get(f"{event}_hi"))
                + everyone,
                None,
                folder,
                note="a correlation",
            )
        )
    prefix = "adj_" if event == "gih" else f"adj_{event}_"
    if f"{prefix}pp" in row:
        out.append(
            Evidence(
                ADJUSTED,
                "adjusted, against not having it",
                f"the card's share of winning when '{label}', with seat, strategy, sets and the "
                "other cards held fixed (a logistic model), against not having it",
                _points(
                    to_points(row.get(f"{prefix}pp")),
                    to_points(row.get(f"{prefix}lo")),
                    to_points(row.get(f"{prefix}hi")),
                ),
                None,
                folder,
                note="a model of who won, not an experiment",
            )
        )
    if "verdict_pp" in row:
        peers = str(row.get("verdict_peers") or "cards")
        verdict = None
        if row.get("verdict"):
            verdict = Verdict(
                str(row["verdict"]),
                _nan(to_points(row.get("verdict_pp"))),
                _nan(row.get("lo")),
                _nan(row.get("hi")),
                float(row.get("tolerance") or tolerance),
                row.get("verdict_games_to_decide"),
            )
        note = {
            "too few games": "too few games with it for a figure",
            "no peers": f"no other {peers} in play to compare with",
        }.get(str(row.get("verdict_note")), "")
        out.append(
            Evidence(
                PEERS,
                "adjusted, against its peers (the run's verdict)",
                f"the same model, the card '{label}' against a typical other {peers.rstrip('s')} "
                f"'{label}' instead: is it stronger than cards of its kind?",
                _points(to_points(row.get("verdict_pp")), row.get("lo"), row.get("hi")),
                verdict,
                folder,
                note=note,
                than=f"other {peers}",
            )
        )
    return out


def _nan(value: Any) -> float:
    return math.nan if value is None else float(value)


# ---------------------------------------------------------------------------- discovery


def kind_of(folder: Path) -> str | None:
    """Which experiment a folder holds (module doc), or None."""
    if (folder / "ablation.json").is_file() and (folder / "ablation.parquet").is_file():
        return ABLATION
    if (folder / "robustness.json").is_file() and (folder / "robustness.parquet").is_file():
        return ROBUSTNESS
    if (folder / "balance.json").is_file():
        return BALANCE
    if (folder / "sweep.json").is_file():
        return SWEEP
    return None


def discover(places: Sequence[Path]) -> list[tuple[str, Path]]:
    """Every experiment folder at or under the places (module doc: the discovery rule), each
    once, in the order found."""
    found: list[tuple[str, Path]] = []
    seen: set[Path] = set()

    def walk(folder: Path, depth: int) -> None:
        real = folder.resolve()
        if real in seen or not folder.is_dir():
            return
        seen.add(real)
        kind = kind_of(folder)
        if kind is not None:
            found.append((kind, folder))
            return
        if depth >= MAX_DEPTH:
            return
        for child in sorted(folder.iterdir()):
            if child.is_dir() and child.name not in SKIPPED and not child.name.startswith("."):
                walk(child, depth + 1)

    for place in places:
        if not Path(place).is_dir():
            raise ConfigError(f"--evidence {place}: not a folder")
        walk(Path(place), 0)
    return found


def _read(
    kind: str,
    folder: Path,
    name: str,
    sheet_row: dict[str, Any],
    key: tuple[Any, ...],
    spec: GameSpec,
    tolerance: float,
) -> Evidence | None:
    reader = {
        ABLATION: _ablation,
        SWEEP: _sweep,
        BALANCE: _balance,
        ROBUSTNESS: _robustness,
    }[kind]
    return reader(folder, name, sheet_row, key, spec, tolerance)


def same_card_setup(
    game: dict[str, Any] | None, key: tuple[Any, ...], sheet: Path | None, row: dict[str, Any]
) -> tuple[bool, str]:
    """Whether an experiment was played with the run's game and mix and the card as the run's
    sheet prints it, and if not, why (for the page)."""
    if game is None:
        return False, "it does not record its game and mix"
    if setup_key(game) != key:
        return False, f"another setup: {_setup_words(game)}"
    if sheet is not None and sheet.is_file():
        spec = get_game(str(game["game"]))
        try:
            theirs = [r.values for r in load_card_sheet(sheet, spec.card_schema).rows]
        except DeckhandError:
            return True, ""
        mine = next((r for r in theirs if r["name"] == row["name"]), None)
        if mine is not None and (mine.get("params") or {}) != (row.get("params") or {}):
            return False, "its card sheet prints the card with other numbers than the run's"
    return True, ""


def _sheet_of(spec_name: str, game: dict[str, Any]) -> Path:
    return Path(game.get("card_sheet") or get_game(spec_name).card_sheet)


def read_ablation(folder: Path, tolerance: float) -> tuple[dict[str, Any], pl.DataFrame]:
    """An ablation folder's plan and table as its disk contract says (docs/data-format.md:
    points, led by the verdict columns), judged again at `tolerance` as `deckhand ablate`
    judges it: a power ablation by power_worth.judge_powers (the card against the typical power
    of its kind, and the worth check), a number's by the one rule over its row. A power table
    older than the typical power (issue 46) keeps its worth (renamed so) and has no verdict:
    `deckhand ablate` with the same options summarises it again. A table older than the
    verdicts (fractions) is read in points."""
    meta = json.loads((folder / "ablation.json").read_text())
    table = pl.read_parquet(folder / "ablation.parquet")
    games = int(meta.get("games_played") or 0) or None
    if is_power_table(table):
        return meta, judge_table(table, tolerance, games)
    if "verdict" not in table.columns:  # fractions, before the verdicts
        table = in_points(table)
    if meta.get("design") != "param":  # a power's worth, recorded before the typical power
        return meta, table.rename(
            {"effect": "worth", "lo": "worth_lo", "hi": "worth_hi"}
        ).with_columns(
            pl.lit(None, dtype=pl.Utf8).alias("verdict"),
            pl.lit(None, dtype=pl.Float64).alias("vs_typical"),
            pl.lit(None, dtype=pl.Float64).alias("lo"),
            pl.lit(None, dtype=pl.Float64).alias("hi"),
            pl.lit(tolerance, dtype=pl.Float64).alias("tolerance"),
            pl.lit(None, dtype=pl.Int64).alias("games_to_decide"),
            pl.lit(OLD_ABLATION, dtype=pl.Utf8).alias("typical_note"),
        )
    return meta, judge_table(table, tolerance, games)


OLD_ABLATION = (
    "summarised before the typical power (deckhand 0.2.5): run the same `deckhand ablate` "
    "command again for its verdict (no game is played again)"
)


def _ablation(
    folder: Path,
    name: str,
    row: dict[str, Any],
    key: tuple[Any, ...],
    spec: GameSpec,
    tolerance: float,
) -> Evidence | None:
    meta, table = read_ablation(folder, tolerance)
    match = table.filter(pl.col("card").str.to_lowercase() == name.lower())
    if not match.height:
        return None
    r = match.row(0, named=True)
    game = meta.get("game")
    same, why = same_card_setup(game, key, _sheet_of(spec.name, game) if game else None, row)
    design = str(meta.get("design", "factorial"))
    games = int(meta.get("games_played") or 0)
    strategies = " + ".join(dict.fromkeys(meta.get("strategies") or ()))
    figure = "effect" if design == "param" else "vs_typical"
    verdict = None
    if r.get(figure) is not None:
        verdict = Verdict(
            str(r["verdict"]),
            float(r[figure]),
            float(r["lo"]),
            float(r["hi"]),
            float(r["tolerance"]),
            r.get("games_to_decide"),
        )
    on, off = r.get("owner_wr_on"), r.get("owner_wr_off")
    owners = (
        f"; its owner won {100 * on:.1f}% with it, {100 * off:.1f}% without"
        if on is not None and off is not None
        else ""
    )
    report = folder / "ablation.html"
    if design == "param":
        return Evidence(
            NUMBER,
            f"a number changed: {meta.get('param')} ({games:,} games)",
            f"the number's effect: its owner's win rate with {meta.get('param')} minus with "
            f"the printed value {meta.get('printed')}, on the same deals",
            _points(r.get("effect"), r.get("lo"), r.get("hi")) + owners,
            verdict,
            folder,
            same_setup=same,
            note=why or "what a change would do, not a verdict on the printed card",
            than=THAN[NUMBER],
            report=report if report.is_file() else None,
            games=games,
            design=design,
        )
    context = (
        f"; in games where about {100 * float(meta.get('off_share', 0.5)):.0f}% of the other "
        "powers were off"
        if design == "factorial"
        else ""
    )
    kind = r.get("kind") or "its kind"
    worth = _points(r.get("worth"), r.get("worth_lo"), r.get("worth_hi"))
    check = f" ({r['worth_check']})" if r.get("worth_check") else ""
    typical = (
        f"; the typical power of {kind} is worth {_points(r.get('typical'), None, None)}"
        f" ({r.get('typical_peers')} powers of the middle half)"
        if r.get("typical") is not None
        else ""
    )
    note = why or r.get("typical_note") or ("" if verdict else "owned too rarely for a figure")
    return Evidence(
        ABLATION,
        f"ablation, {design} design ({games:,} games, {strategies})",
        "the power's worth to its owner (its owner's win rate with the card's power on minus "
        f"off{context}) against the worth of the typical power of its kind, on the same deals",
        _points(r.get("vs_typical"), r.get("lo"), r.get("hi"))
        + f" against the typical power; worth to its owner {worth}{check}{typical}{owners}",
        verdict,
        folder,
        same_setup=same,
        note=note,
        than=THAN[ABLATION],
        report=report if report.is_file() else None,
        games=games,
        design=design,
    )


def _first_manifest_game(folders: Iterable[Path]) -> tuple[dict[str, Any] | None, list[str]]:
    for f in folders:
        try:
            config = load_manifest(f)["config"]
        except DeckhandError:
            continue
        return config["game"], list(config.get("strategies") or ())
    return None, []


def _judged(
    word: Any, estimate: Any, lo: Any, hi: Any, recorded: Any, tolerance: float, games: Any
) -> Verdict | None:
    """A recorded verdict (points) at the page's tolerance: as recorded when it was judged at
    it, else decided again from its figure by the one rule. Whether the figure differs from
    zero does not depend on the tolerance, and the experiment decided it over its own family
    (a BH q): a recorded `stronger` / `weaker` was significant, a recorded `unclear` was not;
    only after a recorded `balanced` (decided before significance) does the interval alone
    say."""
    if not all(isinstance(v, int | float) for v in (estimate, lo, hi)):
        if word == UNCLEAR:  # too few games for a figure: unclear at any tolerance
            return Verdict(UNCLEAR, math.nan, math.nan, math.nan, tolerance)
        return None
    if word in WORDS and recorded is not None and float(recorded) == tolerance:
        return Verdict(str(word), float(estimate), float(lo), float(hi), tolerance)
    significant = {STRONGER: True, WEAKER: True, UNCLEAR: False}.get(str(word))
    return decide(
        float(estimate),
        float(lo),
        float(hi),
        tolerance,
        significant=significant,
        games=games or None,
    )


def _sweep_setup(folder: Path) -> tuple[dict[str, Any] | None, dict[str, Any]]:
    """A sweep folder's sweep.json and the game its runs played (sheet left out: every value
    has its own)."""
    meta = json.loads((folder / "sweep.json").read_text())
    game, _ = _first_manifest_game(folder / r["folder"] for r in meta.get("runs", ()))
    return ({**game, "card_sheet": None} if game else None), meta


def _sweep(
    folder: Path,
    name: str,
    row: dict[str, Any],
    key: tuple[Any, ...],
    spec: GameSpec,
    tolerance: float,
) -> Evidence | None:
    game, meta = _sweep_setup(folder)
    if str(meta.get("card", "")).casefold() != name.casefold():
        return None
    param, printed = meta.get("param"), meta.get("original")
    base = Path(meta.get("base_sheet") or "")
    same, why = same_card_setup(game, key, base if base.is_file() else None, row)
    lines = []
    verdict = None
    path = folder / "sweep.parquet"
    games = 0
    if path.is_file():
        for r in pl.read_parquet(path).iter_rows(named=True):
            at_printed = bool(r.get("printed")) or r.get("value") == printed
            judged = _judged(
                r.get("verdict"),
                r.get("measure"),
                r.get("lo"),
                r.get("hi"),
                r.get("tolerance"),
                tolerance,
                r.get("games"),
            )
            games += int(r.get("games") or 0)
            if at_printed:
                verdict = judged
            against = _points(r.get("measure"), r.get("lo"), r.get("hi"))
            effect = _points(r.get("effect_vs_printed"), r.get("effect_lo"), r.get("effect_hi"))
            lines.append(
                f"{param}={r.get('value')}{' (printed)' if at_printed else ''}: against its "
                f"peers {against}, {judged.verdict if judged else 'no verdict'}"
                + ("" if at_printed else f"; the number's effect {effect}")
            )
    else:  # a sweep older than sweep.parquet: its owner's win rate per value, no verdict
        event = "fulfilled" if "fulfilled" in spec.event_names else "gih"
        for entry in meta.get("runs", ()):
            cards = pl.read_parquet(folder / entry["folder"] / SUMMARY_FILE)
            mine = cards.filter(pl.col("name") == row["name"])
            n = int(mine[f"{event}_n"][0]) if mine.height else 0
            wins = int(mine[f"{event}_wins"][0]) if mine.height else 0
            value = entry["value"]
            mark = " (printed)" if value == printed else ""
            rate = f"{100 * wins / n:.1f}%" if n else "never owned"
            lines.append(f"{param}={value}{mark}: owner's win rate {rate} (n={n:,})")
    report = folder / "sweep.html"
    return Evidence(
        SWEEP,
        f"sweep of {param} ({len(lines)} values{f', {games:,} games' if games else ''})",
        f"the number's effect: its owner's win rate at each value of {param} minus at the "
        f"printed {printed}, on the same deals (common random numbers); its verdict: the card "
        "against its peers at the printed value, in the sweep's own runs",
        "; ".join(lines),
        verdict,
        folder,
        same_setup=same,
        note=why,
        than="its peers",
        report=report if report.is_file() else None,
        games=games,
    )


def _balance(
    folder: Path,
    name: str,
    row: dict[str, Any],
    key: tuple[Any, ...],
    spec: GameSpec,
    tolerance: float,
) -> Evidence | None:
    meta = json.loads((folder / "balance.json").read_text())
    if str(meta.get("card", "")).casefold() != name.casefold():
        return None
    sweep = folder / str(meta.get("sweep") or "sweep")
    game = _sweep_setup(sweep)[0] if (sweep / "sweep.json").is_file() else None
    same, why = same_card_setup(game, key, None, row)
    param, printed = meta.get("param"), meta.get("printed")
    games = int(meta.get("games") or 0)
    interval = (
        f" [{meta['lo']:g}, {meta['hi']:g}]"
        if isinstance(meta.get("lo"), int | float) and isinstance(meta.get("hi"), int | float)
        else ""
    )
    suggested = meta.get("suggested")
    figure = (
        f"suggested {param} = {suggested}{interval} (printed {printed})"
        if suggested is not None
        else f"no value of {param} found"
    ) + f"; {games:,} games"
    at: dict[str, Any] = next(
        (e for e in meta.get("evaluations") or () if e.get("value") == printed),
        {},
    )
    verdict = _judged(
        meta.get("verdict_at_printed"),
        at.get("measure"),
        at.get("lo"),
        at.get("hi"),
        meta.get("tolerance"),
        tolerance,
        at.get("games"),
    )
    if at.get("measure") is not None:
        against = _points(at["measure"], at.get("lo"), at.get("hi"))
        figure += f"; at the printed value, against its peers {against}"
    report = folder / "balance.html"
    return Evidence(
        BALANCE,
        f"balance search over {param} ({games:,} games)",
        f"the value of {param} that brings the card level with its peers; its verdict: the "
        "card against its peers at the printed value, in the search's own runs",
        figure,
        verdict,
        folder,
        same_setup=same,
        note=why or (str(meta.get("stop_words") or "")),
        than="its peers",
        report=report if report.is_file() else None,
        games=games,
    )


def _robustness(
    folder: Path,
    name: str,
    row: dict[str, Any],
    key: tuple[Any, ...],
    spec: GameSpec,
    tolerance: float,
) -> Evidence | None:
    meta = json.loads((folder / "robustness.json").read_text())
    table = pl.read_parquet(folder / "robustness.parquet")
    match = table.filter(pl.col("card") == name)
    if not match.height:
        return None
    r = match.row(0, named=True)
    pools = [p["name"] for p in meta.get("pools", ())]
    game, _ = _first_manifest_game(folder / p["folder"] for p in meta.get("pools", ()))
    sheet = folder / meta["pools"][0]["folder"] / SHEET_COPY if meta.get("pools") else None
    same, why = same_card_setup(game, key, sheet, row)
    parts = []
    for pool in pools:
        verdict = r.get(f"{pool}_verdict") or "no figure"
        figure = _points(r.get(f"{pool}_estimate"), r.get(f"{pool}_lo"), r.get(f"{pool}_hi"))
        parts.append(
            f"{pool}: {verdict} ({figure})" if figure != "no figure" else f"{pool}: {verdict}"
        )
    played = r.get("tolerance") or meta.get("tolerance")
    notes = [why] if why else []
    if played is not None and float(played) != tolerance:
        notes.append(f"judged at \u00b1{float(played):g} points, as it was played")
    floor = f" (with random bots: {r['floor']})" if r.get("floor") else ""
    report = folder / "robustness.html"
    return Evidence(
        ROBUSTNESS,
        f"verdict across bots ({len(pools)} pools, {int(meta.get('games') or 0):,} games each)",
        "whether the verdict against its peers holds whichever bots play",
        f"{r['class']}{floor}; " + "; ".join(parts),
        None,
        folder,
        same_setup=same,
        note="; ".join(notes),
        report=report if report.is_file() else None,
    )


# ---------------------------------------------------------------------------- games


def mattered(
    run: Path, spec: GameSpec, ids: Sequence[int], event: str, limit: int = 3
) -> list[TellingGame]:
    """Games worth replaying for this card: the biggest win by a player with it (its
    measure's event: owned, in hand...), the closest win with it and the heaviest defeat of
    a player with it; each game once, at most `limit`. (The card page adds the run report's
    own pick when it names the card.)"""
    events = list(spec.seen_events) if event in ("", "gih") else [event]
    label = spec.event_label(event or "gih")
    players = read_players(run, ["game_id", "seat", "strategy", "win", "score", *events])
    if not players.height:
        return []
    has = pl.any_horizontal(
        [pl.col(c).list.eval(pl.element().is_in(list(ids))).list.any() for c in events]
    )
    with_it = (
        _with_best_other(players)
        .filter(has)
        .with_columns((pl.col("score") - pl.col("other").fill_null(pl.col("score"))).alias("lead"))
    )
    picked: list[TellingGame] = []

    def add(frame: pl.DataFrame, why: str) -> None:
        for r in frame.iter_rows(named=True):
            if all(g.game_id != r["game_id"] for g in picked) and len(picked) < limit:
                who = seat_name(int(r["seat"]), str(r["strategy"]))
                lead = abs(float(r["lead"]))
                gap = f"{lead:g} point{'' if lead == 1 else 's'}"
                won = f"won by {gap}" if lead else "won on equal points with the best other seat"
                picked.append(TellingGame(int(r["game_id"]), why.format(who=who, won=won, gap=gap)))
                return

    # sorted on a unique key: two seats of one game with the card and a shared win tie on
    # (lead, game), and a sort promises no order for ties (the seat named would vary)
    won = with_it.filter(pl.col("win"))
    add(
        won.sort(["lead", "game_id", "seat"], descending=[True, False, False]),
        f"the biggest win with it ({label}): {{who}} {{won}}",
    )
    add(
        won.filter(pl.col("lead") >= 0).sort(["lead", "game_id", "seat"]),
        f"the closest win with it ({label}): {{who}} {{won}}",
    )
    lost = with_it.filter(~pl.col("win"))
    add(
        lost.sort(["lead", "game_id", "seat"]),
        f"the heaviest defeat with it ({label}): {{who}} finished {{gap}} behind the best "
        "other seat",
    )
    return picked
