"""A self-contained HTML report of one run folder.

One file, no side files and nothing fetched from the network (figures are base64 PNGs, the
style sheet is inline), so a report can be mailed, archived next to its run, or opened years
later offline. Every string that comes from data (card names, strategy texts, module names,
paths) goes through `html.escape`: a card sheet is user input, and a report is a web page.
"""

from __future__ import annotations

import math
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any

import polars as pl

from reports import plots
from reports.card_links import CardLinker, card_linker, plain
from reports.card_page import write_card_page
from reports.headline import (
    HEADLINE_CSS,
    balance_answer,
    bullet_list,
    card_plan_line,
    end_reason_finding,
    findings_table,
    first_player_finding,
    has_verdicts,
    length_finding,
    plan_command,
    seat_plan_line,
    standout_cards,
    standout_table,
    strategy_finding,
)
from reports.markup import (
    DASH,
    Html,
    cell,
    engine_text,
    esc,
    figure,
    fmt_int,
    fmt_pct,
    fmt_pp,
    folded,
    html_page,
    para,
    table,
    with_contents,
    write_page,
)
from reports.precision import precision_section
from reports.replay_page import REPLAYS_FOLDER, write_telling_pages
from reports.run_cards import CardSection
from simulator.analysis.adjusted import GIH, AdjustedOptions, column_prefix
from simulator.analysis.deciding import (
    VERDICTS_FILE,
    card_decisions,
    seat_verdict,
    strategy_verdict,
    verdict_rows,
)
from simulator.analysis.degenerate import degenerate_warnings
from simulator.analysis.groups import WinGroup, first_player, win_groups
from simulator.analysis.metrics import (
    SUMMARY_FILE,
    card_table,
    judge_cards,
    read_card_summary,
    summary_chunks,
    verdict_chunks,
    with_adjusted,
    with_verdicts,
    write_cards,
)
from simulator.analysis.ratings import bradley_terry, head_to_head
from simulator.analysis.stats import wilson
from simulator.analysis.verdicts import BALANCED, STRONGER, UNCLEAR, WEAKER, Tolerances
from simulator.catalog import get_game
from simulator.core.errors import CardSheetError, RunFolderError
from simulator.core.plugins import described
from simulator.core.spec import GameSpec
from simulator.folders import run_folder
from simulator.folders.run_folder import (
    completed_chunks,
    load_manifest,
    read_games,
    read_players,
    sheet_rows,
)
from simulator.runs.match import game_of_run

REPORT_FILE = run_folder.REPORT_FILE


def build_report(
    run_folder: str | Path,
    out: str | Path | None = None,
    tolerances: Tolerances | None = None,
    card_pages: bool = False,
) -> Path:
    """Write the HTML report of a run folder and return its path (default <run>/report.html).

    Everything is read back from the folder (manifest, parquet parts, per-card summary), so a
    report can be rebuilt at any time without replaying a game. The verdicts are judged at
    `tolerances` (the documented defaults when None), and cards.parquet's verdict columns are
    rewritten to match when they were judged at another tolerance, so the table on disk says
    what the page says. With `card_pages`, the pages of the cards its summary names are
    written first (`deckhand card`, without replays), so their names link to them; every card
    whose page exists is linked.
    """
    folder = Path(run_folder)
    tolerances = tolerances or Tolerances()
    manifest = load_manifest(folder)
    config = manifest.get("config", {})
    spec = get_game(config["game"]["game"])
    games = read_games(folder)
    players = read_players(folder, REPORT_PLAYER_COLUMNS)
    cards, cards_note = _load_cards(folder, tolerances.card, games.height)
    path = Path(out) if out is not None else folder / REPORT_FILE
    if card_pages and has_verdicts(cards):
        shown, _ = standout_cards(cards)
        for name in shown["name"].to_list():
            write_card_page(folder, name, tolerances.card, replays=False)
    report = _Report(folder, manifest, spec, games, players, cards, cards_note, tolerances)
    report.link = card_linker(folder, path)
    report.telling, report.no_pages = _telling_pages(folder, path)
    page = write_page(path, report.render())
    tmp = folder / (VERDICTS_FILE + ".tmp")  # the seat and strategy verdicts of the page
    report.verdicts.write_parquet(tmp)
    tmp.replace(folder / VERDICTS_FILE)
    return page


def _telling_pages(folder: Path, report: Path) -> tuple[list[tuple[int, str, str]], str]:
    """Replay the run's telling games (runs/replay.telling_games) into one page each beside
    the report (REPORT_DIR/replays/game-N.html); (game id, why, link relative to the
    report), and why there are none when none could be written: a place that cannot be
    written, or a card sheet this Deckhand refuses (an earlier one played it), which leaves
    the games unplayable here while their tables are still read."""
    pages = report.parent / REPLAYS_FOLDER
    try:
        written = write_telling_pages(folder, pages)
    except RunFolderError:
        return [], "the folder beside the report is not writable"
    except CardSheetError as exc:
        first = str(exc).splitlines()[0]
        return [], f"this Deckhand cannot replay the run's games: {first}"
    links = [(game_id, why, f"{REPLAYS_FOLDER}/{path.name}") for game_id, why, path in written]
    return links, ""


REPORT_PLAYER_COLUMNS = (
    "turn_order",
    "strategy",
    "strategy_slot",
    "result",
    "win",
    "score",
    "placement",
)
"""The players-table columns the report reads whole; the per-event card lists (most of a
run's size) are only summarised chunk by chunk."""


def _load_cards(folder: Path, tolerance: float, games: int) -> tuple[pl.DataFrame, str | None]:
    """The per-card summary judged at `tolerance`; computed in memory when a run stopped
    before writing it, and its adjusted or verdict columns added when it was written before
    they existed. A finished summary judged at another tolerance (or by an older rule) is
    written back with the verdicts of this report."""
    if (folder / SUMMARY_FILE).exists():
        summary = read_card_summary(folder)
        missing = [
            what
            for what, column in (("adjusted", "adj_pp"), ("verdict", "verdict_pp"))
            if column not in summary.columns
        ]
        if not missing:
            judged = judge_cards(summary, tolerance, games)
            if not judged.equals(summary):
                write_cards(folder, judged)
            return judged, None
        spec, rows = sheet_rows(folder)  # (no game: today's checks may refuse an old sheet)
        if "adj_pp" not in summary.columns:
            summary = with_adjusted(summary, summary_chunks(folder, spec), spec, rows)
        if "verdict_pp" not in summary.columns:
            summary = with_verdicts(
                summary, verdict_chunks(folder, spec), spec, rows, tolerance=tolerance, games=games
            )
        return judge_cards(summary, tolerance, games), (
            f"{SUMMARY_FILE} predates the {' and '.join(missing)} card columns; they were "
            "computed for this report."
        )
    spec, game = game_of_run(folder)
    summary = card_table(
        folder, spec, [r.values for r in game.sheet.rows], game.cards_in_game(), tolerance
    )
    return summary, (
        f"{SUMMARY_FILE} is missing (the run did not finish); the card tables were computed "
        "for this report from the chunks present."
    )


# ---------------------------------------------------------------------------- formatting


def strength_section(players: pl.DataFrame) -> Html:
    """Head-to-head shares and Bradley–Terry ratings of the strategies (analysis/ratings.py)."""

    if players["strategy"].n_unique() < 2:
        return para("Only one strategy played: nothing to compare.")
    matrix = head_to_head(players)
    rating = bradley_terry(players)
    names = rating["strategy"].to_list()
    share = {(r["strategy"], r["opponent"]): r for r in matrix.iter_rows(named=True)}
    rows = []
    for a in names:
        cells: list[object] = [a]
        for b in names:
            r = share.get((a, b))
            cells.append("—" if r is None else fmt_pct(r["share"], r["lo"], r["hi"]))
        rows.append(cells)
    ratings = [
        (r["strategy"], f"{r['elo']:+.0f} [{r['lo']:+.0f}, {r['hi']:+.0f}]")
        for r in rating.iter_rows(named=True)
    ]
    return Html(
        para(
            "Each cell: how often the row's strategy finished ahead of the column's in games "
            "where both played (ties count half), with a 95% Wilson interval. Pairs of seats "
            "with the same strategy are not compared."
        )
        + table(("", *names), rows, "head-to-head", 1)
        + para(
            "Bradley–Terry rating on the Elo scale (mean zero; 400 points = 10:1 odds of "
            "finishing ahead), 95% interval from a Poisson bootstrap over games: "
            "docs/metrics.md."
        )
        + table(("strategy", "rating [95% CI]"), ratings, "ratings", 1)
    )


def _ordinal(k: int) -> str:
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix}"


# ---------------------------------------------------------------------------- the report


def _first_player_advantage(order: list[WinGroup]) -> str:
    """The win-rate section's line: analysis/groups.first_player, in words."""
    first = first_player(order)
    if first is None:
        return ""
    return (
        "First-player advantage (1st against all later positions): "
        f"{fmt_pp(first.diff, first.lo, first.hi)}, p = {first.p:.3g}."
    )


class _Report:
    """The sections of one report, each rendered from the frames read once in build_report."""

    def __init__(
        self,
        folder: Path,
        manifest: dict[str, Any],
        spec: GameSpec,
        games: pl.DataFrame,
        players: pl.DataFrame,
        cards: pl.DataFrame,
        cards_note: str | None,
        tolerances: Tolerances | None = None,
    ) -> None:
        self.folder = folder
        self.tolerances = tolerances or Tolerances()
        self.link: CardLinker = plain
        """A card's name as HTML: a link to its page where it has one."""
        self.verdicts = verdict_rows(None, None)
        """The seat and strategy verdicts the summary found (written as verdicts.parquet)."""
        self.manifest = manifest
        self.config = manifest.get("config", {})
        self.game_config = self.config.get("game", {})
        self.spec = spec
        self.games = games
        self.players = players
        self.cards = cards.filter(pl.col("in_game"))
        """Cards of the chosen modules only: a card out of play has no numbers to show."""
        self.cards_out_of_play = cards.height - self.cards.height
        self.cards_note = cards_note
        self.n_players = int(self.game_config.get("players") or games["players"][0])
        self.player_games = players.height
        self.total_wins = int(players["win"].sum()) if players.height else 0
        self.average = self.total_wins / self.player_games if self.player_games else math.nan
        events = [GIH, *spec.adjusted_events, *spec.event_names]
        self.adjusted = [
            (e, column_prefix(e))
            for e in dict.fromkeys(events)
            if column_prefix(e) + "pp" in cards.columns
        ]
        """(event set, column prefix) of the adjusted figures in the card summary."""
        self.telling: list[tuple[int, str, str]] = []
        """(game id, why, link) of the games worth reading, each replayed on its own page."""
        self.no_pages = ""
        """Why no game page was written, when none was."""

    def render(self) -> str:
        sections = [
            ("games", "Games to read", self._games_to_read()),
            ("win-rates", "Win rates", self._win_rates()),
            ("strength", "Strategy strength", strength_section(self.players)),
            ("length", "Game length", self._length()),
            ("end-reasons", "End reasons", self._end_reasons()),
            ("outcomes", "Outcomes", self._outcomes()),
            ("cards", "Cards", self._cards()),
            (
                "precision",
                "Precision",
                folded(
                    "the headline interval, --until-ci and duplicate deals",
                    precision_section(self.manifest, self.games, self.players),
                ),
            ),
            (
                "caveats",
                "Reading the card numbers",
                folded("why raw card numbers mislead", self._caveats()),
            ),
            ("glossary", "Glossary", folded("every term and column name", self._glossary())),
            ("run", "Run details", self._run_details()),
        ]
        title = f"{self.spec.title}: {len(self.games):,} games"
        body = self._title() + self._summary() + with_contents(sections)
        return html_page(title, body, f"Deckhand report of {self.folder}.", HEADLINE_CSS)

    def _games_to_read(self) -> Html:
        """Links to a few telling games, each replayed turn by turn on a page of its own
        (`deckhand replay RUN N --html` writes any other)."""
        if not self.telling:
            return Html(
                f"<p>No game pages were written ({esc(self.no_pages or 'no telling game')}); "
                "<code>deckhand replay RUN N --html --out FILE</code> writes one.</p>"
            )
        items = "".join(
            f'<li><a href="{esc(link)}">Game {game_id}</a>: {esc(why)}</li>'
            for game_id, why, link in self.telling
        )
        return Html(
            "<p>Each game replayed turn by turn: every credit change with its cause, every "
            f"card moved, the scoring table. Any other: <code>deckhand replay "
            f"{esc(self.folder)} N --html</code>.</p><ul>{items}</ul>"
        )

    # ------------------------------------------------------------------ headline

    def _title(self) -> Html:
        """The title, the run in one line, and any warning that changes how to read it."""
        played = self.games.height
        configured = int(self.config.get("games") or 0)
        stopped = (self.manifest.get("stop") or {}).get("reason") == "until_ci"
        warnings = []
        if not self.manifest.get("finished") or (
            configured and played < configured and not stopped
        ):
            warnings.append(
                f"This run is incomplete: {played:,} of {configured:,} games are in the folder. "
                "Re-run the same command to finish it."
            )
        if self.cards_note:
            warnings.append(self.cards_note)
        warnings += self.manifest.get("sheet_warnings", [])  # cards that play vanilla
        warn = "".join(f'<p class="warn">{esc(w)}</p>' for w in warnings)
        return Html(
            f"<header><h1>{esc(self.spec.title)}</h1>"
            f'<p class="runline">{esc(self.run_line())}</p>{warn}</header>'
        )

    def run_line(self) -> str:
        """The run in one line: games, players, modules, strategies, seed."""
        g, c = self.game_config, self.config
        modules = g.get("modules") or []
        strategies = c.get("strategies") or []
        if len(set(strategies)) == 1:
            who = f"{strategies[0]} in every seat"
        else:
            who = " vs ".join(strategies) + (
                " (seats rotated)" if c.get("rotate", True) else " (fixed seats)"
            )
        parts = [
            f"{self.games.height:,} games",
            f"{self.n_players} players",
            ("modules: " + ", ".join(modules)) if modules else "base game only",
            who,
            f"seed {c.get('seed', DASH)}",
        ]
        if c.get("duplicate"):
            parts.append("duplicate deals")
        if g.get("card_sheet"):
            parts.append(f"card sheet {Path(g['card_sheet']).name}")
        if g.get("powers"):
            parts.append(f"card powers {Path(g['powers']['file']).name}")
        if g.get("rules"):
            parts.append("rules " + ", ".join(f"{k}={v}" for k, v in g["rules"]))
        return " \u00b7 ".join(parts)

    def _summary(self) -> Html:
        """The answer to "is this game balanced?" in one sentence, then the findings behind
        it, the cards that stand out and what the run can and cannot tell, in plain words
        (the glossary explains the terms); every verdict with its tolerance."""
        first = first_player(self._groups("turn_order", str, lambda part: ""))
        findings = []
        seat = None
        if first is not None:
            counts = (first.first_wins, first.first_n, first.rest_wins, first.rest_n)
            seat = seat_verdict(*counts, self.tolerances.seat)
            findings.append(first_player_finding(*counts, tolerance=self.tolerances.seat))
        strategies = {
            grp.label: (grp.wins, grp.n) for grp in self._groups("strategy", str, lambda part: "")
        }
        strategy = strategy_finding(strategies, self.tolerances.strategy, self.games.height)
        findings.append(strategy)
        findings.append(length_finding(self.games["turns"], self.game_config.get("max_turns")))
        reasons = {str(k): int(v) for k, v in self.games["end_reason"].value_counts().iter_rows()}
        findings.append(end_reason_finding(reasons, self.spec))
        decisions = card_decisions(self.cards)
        judged = strategy_verdict(strategies, self.tolerances.strategy, self.games.height)
        self.verdicts = verdict_rows(seat, judged)
        answer = balance_answer(seat, strategy.verdict if len(strategies) > 1 else None, decisions)
        players = int(self.game_config.get("players") or 0)
        degenerate = degenerate_warnings(
            self.games["turns"], self.game_config.get("max_turns"), players
        )
        parts = [
            "<h2>Summary</h2>",
            *(f'<p class="warn" id="degenerate">Warning: {esc(w)}.</p>' for w in degenerate),
            f'<p class="answer" id="answer">{esc(answer)}</p>',
            para(
                f"Tolerances: {self.tolerances.text()} points of win rate (--tolerance). "
                "Balanced means the whole 95% interval lies within the tolerance; unclear "
                "means this run cannot yet tell (docs/metrics.md, \u201cWhich figure answers "
                "which question\u201d)."
            ),
            findings_table(findings, "verdicts"),
        ]
        parts.append("<h3>Cards that stand out from the typical card of their kind</h3>")
        if has_verdicts(self.cards) and decisions is not None:
            parts.append(standout_table(self.cards, self.spec, link=self.link))
            c = decisions.counts
            parts.append(
                para(
                    f"Of {decisions.judged} cards: {c[STRONGER]} stronger and {c[WEAKER]} "
                    f"weaker than the typical card of their kind by more than the chance of a "
                    "false alarm allows "
                    f"(one in twenty among the flagged), {c[BALANCED]} shown balanced within "
                    f"\u00b1{decisions.tolerance:g} points, {c[UNCLEAR]} still unclear. Each "
                    "kind of card is judged on the measure its game declares, against cards "
                    "of its kind: the Cards section lists every card and says which and why."
                )
            )
        else:
            parts.append(
                para(
                    "No per-card verdict: this game declares no verdict measure "
                    "(GameSpec.card_measures), or the card summary predates them."
                )
            )
        command = plan_command(shlex.quote(str(self.folder)), self.tolerances.options())
        lines = [
            card_plan_line(decisions, self.games.height, command),
            seat_plan_line(seat, self.games.height, command),
            "What no run of bots can tell: how people would play (every decision here is a "
            "bot's), and why a card stands out (the figures are associations, not causes: "
            "deckhand ablate plays the same deals with the power off).",
        ]
        parts.append("<h3>What this run can and cannot tell</h3>")
        parts.append(bullet_list([line for line in lines if line], "can-tell"))
        return Html(f'<section id="summary">{"".join(parts)}</section>')

    # ------------------------------------------------------------------ run details

    def _run_details(self) -> Html:
        """The metadata, at the end: everything needed to reproduce or audit the run."""
        m, c, g = self.manifest, self.config, self.game_config
        modules = g.get("modules") or []
        descriptions = {mod.name: mod.description for mod in self.spec.modules}
        if modules:
            module_html = Html(
                "<ul>"
                + "".join(
                    f"<li><b>{esc(name)}</b>: {esc(descriptions.get(name, '(unknown module)'))}"
                    "</li>"
                    for name in modules
                )
                + "</ul>"
            )
        else:
            module_html = Html("none (base game only)")
        strategies = c.get("strategies") or []
        if len(strategies) == 1:
            strategy_html = Html(f"<code>{esc(strategies[0])}</code> in every seat")
        else:
            rotate = (
                "rotated one seat around the table from game to game"
                if c.get("rotate", True)
                else "fixed to these seats (no rotation)"
            )
            strategy_html = Html(
                "<ol start=0>"
                + "".join(f"<li><code>{esc(s)}</code></li>" for s in strategies)
                + f"</ol>slot k starts in seat k, {esc(rotate)}"
            )
        played = self.games.height
        configured = int(c.get("games") or 0)
        games_text = f"{played:,}"
        stopped = (m.get("stop") or {}).get("reason") == "until_ci"  # reports/precision.py
        if configured and configured != played:
            games_text += (
                f" of at most {configured:,} (stopped by --until-ci)"
                if stopped
                else f" of {configured:,} configured"
            )
        versions = m.get("versions") or {}
        version_text = ", ".join(f"{k} {v}" for k, v in versions.items())
        chunks_done = len(completed_chunks(self.folder))
        rows: list[tuple[str, object]] = [
            ("Game", f"{self.spec.title} ({g.get('game', self.spec.name)})"),
            ("Run folder", Html(f"<code>{esc(self.folder)}</code>")),
            ("Players", str(self.n_players)),
            ("Modules", module_html),
            ("Strategies", strategy_html),
            ("Games", games_text),
            ("Seed", str(c.get("seed", DASH))),
            ("Turn limit", str(g.get("max_turns", DASH))),
            ("Card sheet", Html(f"<code>{esc(m.get('card_sheet') or DASH)}</code>")),
            ("Card sheet SHA-256", Html(f"<code>{esc(m.get('card_sheet_sha256') or DASH)}</code>")),
            (
                "Card powers (--powers)",
                Html(f"<code>{esc(described(g['powers']))}</code>") if g.get("powers") else DASH,
            ),
            ("Versions", version_text or DASH),
            ("Engine", engine_text(m.get("engine"))),
            ("Started", m.get("started") or DASH),
            ("Finished", m.get("finished") or "not finished"),
            (
                "Chunks",
                f"{chunks_done} of {m.get('chunks', '?')} (chunk size {c.get('chunk_size', '?')})",
            ),
            ("Invariant checks", "on" if c.get("check_invariants") else "off"),
            ("Command", Html(f"<code>{esc(self._command())}</code>")),
        ]
        meta = "".join(f"<tr><th>{esc(k)}</th><td>{cell(v)}</td></tr>" for k, v in rows)
        return Html(f'<table class="meta" id="run-details">{meta}</table>')

    def _command(self) -> str:
        """The `deckhand simulate` command line that reproduces this run."""
        c, g = self.config, self.game_config
        args = ["deckhand", "simulate", str(g.get("game", self.spec.name))]
        args += ["--players", str(self.n_players)]
        variant_names = self.spec.names_of_kind("variant")
        modules = [m for m in g.get("modules") or [] if m not in variant_names]
        variants = [m for m in g.get("modules") or [] if m in variant_names]
        if modules:
            args += ["--modules", ",".join(modules)]
        if variants:  # (--modules refuses a variant's name)
            args += ["--variant", ",".join(variants)]
        for key, value in g.get("rules") or []:
            args += ["--rule", f"{key}={value}"]
        for s in c.get("strategies") or []:
            args += ["--strategy", s]
        if g.get("card_sheet"):
            args += ["--card-sheet", g["card_sheet"]]
        if g.get("powers"):  # (the manifest keeps the code itself: config.game.powers)
            args += ["--powers", g["powers"]["file"]]
        max_turns = g.get("max_turns")
        if max_turns is not None and max_turns != self.spec.default_max_turns:
            args += ["--max-turns", str(max_turns)]
        if not c.get("rotate", True):
            args.append("--no-rotate")
        if c.get("duplicate"):
            args.append("--duplicate")
        if c.get("until_ci") is not None:
            args += ["--until-ci", str(c["until_ci"])]
        args += ["--seed", str(c.get("seed", 0)), "--games", str(c.get("games", ""))]
        args += ["--chunk-size", str(c.get("chunk_size", ""))]
        if c.get("check_invariants"):
            args.append("--check-invariants")
        args += ["--out", str(self.folder)]
        return shlex.join(args)

    # ------------------------------------------------------------------ outcomes

    def _outcomes(self) -> Html:
        n_games = self.games.height
        n_winners = self.games.select(pl.col("winners").list.len().alias("k"))["k"]
        sole = int((n_winners == 1).sum())
        shared = int((n_winners > 1).sum())
        none = int((n_winners == 0).sum())
        rows = []
        for label, count in (
            ("one winner", sole),
            ("shared win (2 or more winners)", shared),
            ("no winner", none),
        ):
            lo, hi = wilson(count, n_games)
            rows.append(
                (label, fmt_int(count), fmt_pct(count / n_games if n_games else math.nan, lo, hi))
            )
        if shared:
            sizes = n_winners.filter(n_winners > 1).value_counts().sort(n_winners.name).iter_rows()
            for k, count in sizes:
                rows.append((f"  of which {k} winners", fmt_int(count), DASH))
        explain = (
            "How results are counted. A seat that shares a win gets a full win, like a sole "
            "winner; a game that ends with no winner (for example at the turn limit) counts as a "
            "loss for every seat. So the seat win rates of one game add up to more than 100% "
            "when a win is shared and to 0% when nobody wins. The 1/players line is the fair "
            "share if every game had exactly one winner; the dotted 'average win rate' line "
            f"({self._avg_text()}: all wins over all {self.player_games:,} player-games) is the "
            "fair share once shared and no-winner games are counted as they happened."
        )
        return Html(
            table(("games", "count", "share of games [95% CI]"), rows, "outcomes-table")
            + para(explain)
        )

    def _avg_text(self) -> str:
        return f"{100 * self.average:.1f}%" if not math.isnan(self.average) else DASH

    # ------------------------------------------------------------------ win rates

    def _groups(
        self,
        key: str,
        label: Callable[[Any], str],
        detail: Callable[[pl.DataFrame], str],
    ) -> list[WinGroup]:
        return win_groups(self.players, key, label, detail)

    def _win_rates(self) -> Html:
        def slots_of(part: pl.DataFrame) -> str:
            slots = sorted(set(part["strategy_slot"].to_list()))
            return ("slot " if len(slots) == 1 else "slots ") + ", ".join(map(str, slots))

        def strategies_of(part: pl.DataFrame) -> str:
            return ", ".join(sorted(set(part["strategy"].to_list())))

        seat = self._groups("seat", lambda v: f"seat {v}", strategies_of)
        order = self._groups(
            "turn_order",
            lambda v: f"{_ordinal(int(v) + 1)}" + (" (first player)" if v == 0 else ""),
            strategies_of,
        )
        strategy = self._groups("strategy", str, slots_of)
        parts = [
            para(
                "Each row is a set of player-games (one player in one game). Win rate = wins / "
                "player-games, with a 95% Wilson interval. Shared wins count as wins, no-winner "
                "games as losses (see Outcomes)."
            ),
            self._rate_block(
                "By seat",
                "winrate-seat",
                seat,
                "strategies seen",
                "Seats are positions at the table; the first player is chosen by the rules, "
                "not by seat, so seat effects and turn-order effects are different questions.",
            ),
            self._rate_block(
                "By turn order",
                "winrate-turn-order",
                order,
                "strategies seen",
                "Position in the turn order: 1st is the player who played first in that game. "
                + _first_player_advantage(order),
            ),
            self._rate_block(
                "By strategy",
                "winrate-strategy",
                strategy,
                "strategy slots",
                "Seats playing the same strategy text are pooled into one row."
                + (
                    " Only one strategy played, so this is the overall win rate."
                    if len(strategy) == 1
                    else ""
                ),
            ),
        ]
        texts = self.config.get("strategies") or []
        if len(texts) > 1 and len(set(texts)) < len(texts):
            by_slot = self._groups(
                "strategy_slot", lambda v: f"slot {v}: {texts[int(v)]}", strategies_of
            )
            parts.append(
                self._rate_block(
                    "By strategy slot",
                    "winrate-slot",
                    by_slot,
                    "strategy",
                    "The same strategy in different slots should win at the same rate; a "
                    "difference larger than the intervals points at a seating effect.",
                    chart=False,
                )
            )
        return Html("".join(parts))

    def _rate_block(
        self,
        title: str,
        table_id: str,
        groups: list[WinGroup],
        detail_header: str,
        note: str,
        chart: bool = True,
    ) -> Html:
        rows = []
        for grp in groups:
            lo, hi = grp.interval
            rows.append(
                (
                    grp.label,
                    grp.detail,
                    fmt_int(grp.n),
                    fmt_int(grp.wins),
                    fmt_int(grp.shared),
                    fmt_int(grp.no_winner),
                    fmt_pct(grp.rate, lo, hi),
                )
            )
        headers = (
            "",
            detail_header,
            "player-games (n)",
            "wins",
            "of which shared",
            "in no-winner games",
            "win rate [95% CI]",
        )
        html_parts = [f"<h3>{esc(title)}</h3>", para(note), table(headers, rows, table_id, 2)]
        if chart and groups:
            uri = plots.rate_bars(
                [g.label for g in groups],
                [g.rate for g in groups],
                [g.interval[0] for g in groups],
                [g.interval[1] for g in groups],
                1 / self.n_players,
                self.average,
                f"Win rate {title.lower()} (95% Wilson intervals)",
            )
            html_parts.append(figure(uri, f"bar chart of win rate {title.lower()}"))
        return Html("".join(html_parts))

    # ------------------------------------------------------------------ length

    def _length(self) -> Html:
        turns = self.games["turns"]
        decisions = self.games["decisions"]
        rows = []
        for name, col in (("turns per game", turns), ("decisions per game", decisions)):
            rows.append(
                (
                    name,
                    fmt_int(int(col.min())),
                    f"{col.median():,.1f}",
                    f"{col.mean():,.1f}",
                    f"{col.quantile(0.9, interpolation='linear'):,.1f}",
                    fmt_int(int(col.max())),
                )
            )
        max_turns = self.game_config.get("max_turns")
        capped = int((turns >= max_turns).sum()) if max_turns else 0
        n = self.games.height
        note = (
            "A turn is counted as the game counts it (in travel: one player's turn, so a round "
            f"of {self.n_players} players is {self.n_players} turns). A decision is one choice "
            "asked of a bot. p90: 90% of games were at most this long."
        )
        if max_turns:
            note += (
                f" {capped:,} of {n:,} games ({100 * capped / n:.1f}%) reached the turn limit "
                f"of {max_turns:,}."
            )
        uri = plots.length_histograms(turns.to_numpy(), decisions.to_numpy(), max_turns)
        return Html(
            table(("", "min", "median", "mean", "p90", "max"), rows, "length-table")
            + para(note)
            + figure(uri, "histograms of turns and decisions per game")
        )

    # ------------------------------------------------------------------ end reasons

    def _end_reasons(self) -> Html:
        counts = dict(self.games["end_reason"].value_counts().iter_rows())
        meanings = dict(self.spec.end_reasons)
        reasons = list(meanings) + sorted(r for r in counts if r not in meanings)
        n = self.games.height
        rows = []
        for reason in reasons:
            count = int(counts.get(reason, 0))
            lo, hi = wilson(count, n)
            rows.append(
                (
                    reason,
                    meanings.get(reason, "(not declared by the game)"),
                    fmt_int(count),
                    fmt_pct(count / n if n else math.nan, lo, hi),
                )
            )
        return table(("reason", "meaning", "games", "share [95% CI]"), rows, "end-reasons", 2)

    # ------------------------------------------------------------------ cards

    def _cards(self) -> Html:
        return CardSection(
            self.spec, self.cards, self.adjusted, self.cards_out_of_play, self.cards_note, self.link
        ).render()

    def _caveats(self) -> Html:
        paragraphs = [
            "Raw per-card win rates are biased, and they are not the card's strength. A strong "
            "player (or a strong strategy) draws, trades and steals more, so it touches more "
            "cards: every card it touches inherits its high win rate. In this game a player who "
            "draws more also sees more cards, and long games let every player see almost every "
            "card, which leaves few 'never in hand' player-games and wide GNS and IWD intervals.",
            "IWD compares players who held a card with players in the same run who did not, "
            "which removes the overall win rate but not the skill or luck that decide who gets "
            "to hold a card. Read a large IWD as 'worth a closer look', not as proof; the q-value "
            "says how surprising it is once every card has been tested (q < 0.05 is "
            "highlighted).",
        ]
        if "assigned" in self.spec.event_names:
            paragraphs.append(
                "Cards dealt at random at setup (the 'assigned' event; in travel the countries "
                "and characters) are not chosen by skill, so their rates are the least biased "
                "numbers here, though a country also decides who plays first."
            )
        paragraphs.append(
            "The adjusted contribution removes what the model can see (turn order, player "
            "count, strategy, modules, and the other cards held, since every card is in the "
            "same regression), not what it cannot: skill or luck within one strategy, a player "
            "who draws more seeing more cards, or long games in which everybody sees everything. "
            "With one strategy in every seat it can only remove seat effects, and it is only as "
            "good as the seat rotation: read it, like IWD, as a ranking to investigate. A "
            "card's figure is relative to not holding it, so cards held together often share "
            f"credit, and a prior (sd {AdjustedOptions().prior_sd:g} on the log-odds scale) "
            "shrinks figures backed by few games toward zero."
        )
        return Html("".join(para(t) for t in paragraphs))

    def _glossary(self) -> Html:
        terms = [
            ("player-game", "one player in one game; the unit of every win rate."),
            (
                "win rate [95% CI]",
                "wins / player-games with a 95% Wilson score interval: the range of true win "
                "rates compatible with the data.",
            ),
            (
                "verdict",
                "a card against the other cards of its kind, on the measure the game declares "
                "for that kind (Cards section: which and why): the adjusted difference with the "
                "typical peer in points, with its 95% interval. Balanced when the whole "
                "interval lies within the tolerance (--tolerance, 3 points by default); "
                "stronger / weaker when not, and its Benjamini-Hochberg q is below 0.05; "
                "unclear otherwise, with the games that would decide it (docs/metrics.md, "
                "'Verdicts').",
            ),
            (
                "win rate when in hand (GIH WR)",
                "games-in-hand win rate: win rate of the player-games where the card was in the "
                "hand at some point (opening hand, drawn or acquired).",
            ),
            (
                "in opening hand (OH WR)",
                "opening-hand win rate: the card was in the hand the player started with.",
            ),
            (
                "never in hand (GNS WR)",
                "game-not-seen win rate: the card was in the game but never in this player's hand.",
            ),
            (
                "in hand vs never in hand (IWD)",
                "improvement when drawn = GIH WR - GNS WR, in percentage points, with a Newcombe "
                "interval. Positive: players who held the card won more often.",
            ),
            (
                "q",
                "Benjamini-Hochberg adjusted p-value of IWD across all cards (false discovery "
                "rate), from a two-proportion test.",
            ),
            (
                "n",
                "number of player-games behind a rate; for IWD, the GIH n versus the GNS n; for "
                "the adjusted figure, the player-games with the event versus without.",
            ),
            (
                "adjusted",
                "the card's coefficient in a penalised logistic regression of winning on the "
                "card events, turn order, player count, strategy and modules, in percentage "
                "points at the average win rate, with a 95% interval (docs/metrics.md).",
            ),
            (
                "adj. q",
                "Benjamini-Hochberg q of the adjusted figure's Wald test across the cards that "
                "have one; \u25b2 over / \u25bc under when below 0.05.",
            ),
        ]
        terms += [
            (f"{self.spec.event_label(name)} ({name})", meaning)
            for name, meaning in self.spec.player_events
        ]
        items = "".join(f"<dt>{esc(t)}</dt><dd>{esc(d)}</dd>" for t, d in terms)
        return Html(
            f"<dl>{items}</dl>"
            + para(
                "GIH, OH, GNS and IWD follow the definitions of 17lands. Event names are the "
                "columns of the players table; an event rate is the win rate of the "
                "player-games in which the card had that event at least once."
            )
        )
