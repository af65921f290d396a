"""One page per card (`deckhand card RUN NAME`): RUN/cards/<slug>.html.

The page answers "is this card too strong?" once: its one verdict, with the tolerance, on the
primary measure (simulator/analysis/evidence.py: an ablation of its power where one was made
from the run, else the run's verdict against its peers), then every piece of evidence side by
side, each labelled with what it measures, the card's sheet row and power text, and the games
in which it mattered (their replay pages beside the run's, RUN/replays/game-N.html). Other
reports link a card name to `card_page_path(run, name)`. No scripts; every string from the
card sheet is escaped.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from reports.card_links import card_page_path
from reports.compare import EXTRA_CSS
from reports.headline import HEADLINE_CSS
from reports.markup import DASH, Html, esc, html_page, para, table, with_contents, write_page
from reports.replay_page import page_path, write_replay_page
from simulator.analysis.evidence import (
    ABLATION,
    MAX_DEPTH,
    PEERS,
    CardEvidence,
    TellingGame,
    gather,
)
from simulator.analysis.verdicts import BALANCED, STRONGER, UNCLEAR, WEAKER, Tolerances, Verdict
from simulator.core.errors import CardSheetError, DeckhandError
from simulator.runs.replay import telling_games

TONE = {BALANCED: "ok", STRONGER: "warn", WEAKER: "warn", UNCLEAR: "info"}


def write_card_page(
    run: str | Path,
    name: str,
    tolerance: float = Tolerances().card,
    evidence: Iterable[str | Path] = (),
    out: str | Path | None = None,
    replays: bool = True,
) -> tuple[Path, CardEvidence]:
    """Gather the card's evidence (evidence.gather) and write its page to `out` (default
    card_page_path); with `replays`, write the replay pages of the games it mattered in
    (RUN/replays/game-N.html) so the page links them. Returns the path and what it shows."""
    found = gather(run, name, tolerance, evidence)
    path = Path(out) if out is not None else card_page_path(run, found.name)
    games = list(found.games)
    try:
        for game_id, why in telling_games(run):
            if found.name in why and all(g.game_id != game_id for g in games):
                games.append(TellingGame(game_id, f"the run report's pick: {why}"))
    except DeckhandError:
        pass
    found.games = games
    pages: dict[int, Path] = {}
    if replays:
        for g in games:
            existing = page_path(run, g.game_id)
            try:
                pages[g.game_id] = (
                    existing if existing.is_file() else write_replay_page(run, g.game_id)
                )
            except (DeckhandError, CardSheetError):
                break  # an unwritable folder or an unplayable sheet: the commands stay
    write_page(path, render(found, path, pages), "the card page")
    return path, found


def summary_line(found: CardEvidence, path: Path) -> str:
    """What `deckhand card` says: the card's one verdict with its basis (or none), how much
    evidence and how many games its page shows, and where the page is."""
    p = found.primary
    answer = verdict_text(p.verdict, p.than) if p and p.verdict else "no verdict"
    basis = f" ({p.title})" if p and p.verdict else ""
    return (
        f"{found.name}: {answer}{basis}; {len(found.evidence)} pieces of evidence, "
        f"{len(found.games)} games to replay; card page written to {path}"
    )


def _link(target: Path, page: Path, text: str) -> Html:
    href = os.path.relpath(target.resolve(), page.parent.resolve())
    return Html(f'<a href="{esc(Path(href).as_posix())}">{esc(text)}</a>')


def verdict_text(v: Verdict, than: str = "") -> str:
    """Verdict.words, or the bare word with its tolerance where no figure was recorded."""
    if v.verdict != UNCLEAR and v.estimate != v.estimate:  # NaN: no figure recorded
        return f"{v.verdict} (tolerance \u00b1{v.tolerance:g} points)"
    return v.words(than)


def headline(found: CardEvidence) -> tuple[str, str]:
    """The one answer in a sentence, and what it rests on."""
    p = found.primary
    if not found.in_game:
        return (
            f"{found.name} was not in play in this run (its set is not among the run's).",
            "No verdict: play a run with its set to measure it.",
        )
    if p is None or p.verdict is None:
        return (
            f"{found.name}: no verdict in this run.",
            next((e.note for e in found.evidence if e.kind == PEERS and e.note), "")
            or "The run gives no figure against the typical card of its kind.",
        )
    answer = f"{found.name} is {verdict_text(p.verdict, p.than)}."
    if p.kind == ABLATION:
        why = (
            f"Primary measure: the ablation in {p.folder} ({p.measures}). It is an experiment "
            "(the same deals with the power on and off), so it is what the power causes as "
            "these bots use it; the other evidence below supports or questions it."
        )
    elif p.kind == PEERS:
        why = (
            f"Primary measure: the run's own verdict ({p.measures}). No experiment on this card "
            "was found, so this is a model of who won, not an experiment."
        )
    else:
        why = f"Primary measure: {p.title} in {p.folder} ({p.measures})."
    return answer, why


def ablate_command(found: CardEvidence) -> str:
    """The `deckhand ablate` command that would give the card's primary measure: every power
    in play switched (the factorial design: one run measures them all, so the card's worth has
    a typical power of its kind to be compared with) on the run's game, sets, rules and bots,
    into a folder under the run (where `deckhand card` finds it and every other card's page
    too)."""
    config = found.config
    game = config.get("game", {})
    parts = ["deckhand ablate", found.spec.name, "--cards all", "-n 20000"]
    parts.append(f"-p {game.get('players')}")
    sets = [m for m in game.get("modules") or () if m not in found.spec.names_of_kind("variant")]
    variants = [m for m in game.get("modules") or () if m in found.spec.names_of_kind("variant")]
    if sets:
        parts.append(f"-m {','.join(sets)}")
    if variants:
        parts.append(f"-V {','.join(variants)}")
    parts += [f"--rule {k}={v}" for k, v in game.get("rules") or ()]
    strategies = list(config.get("strategies") or ())
    if len(set(strategies)) == 1:
        strategies = strategies[:1]
    parts += [f"-s {s}" for s in strategies]
    parts.append(f"-o {found.run / 'ablate-all'}")
    return " ".join(parts)


def _suggestion(found: CardEvidence) -> str:
    """How to get the primary measure when the page has no experiment on the card."""
    if found.primary is not None and found.primary.causal:
        return ""
    if found.spec.power_switch is None or not found.in_game:
        return ""
    return (
        "For an experiment on it (the primary measure), run "
        f"`{ablate_command(found)}`, then deckhand card again."
    )


def _evidence_rows(found: CardEvidence, page: Path) -> list[list[object]]:
    rows: list[list[object]] = []
    for e in found.evidence:
        role = (
            "primary"
            if e is found.primary
            else ("supporting" if e.same_setup else "another setup: not used for the verdict")
        )
        kind = "experiment" if e.causal else "from the run"
        what = Html(f'<b>{esc(e.title)}</b><span class="n">{esc(kind)}: {esc(e.measures)}</span>')
        verdict = (
            Html(
                f'<span class="verdict {TONE.get(e.verdict.verdict, "info")}">'
                f"{esc(verdict_text(e.verdict, e.than))}</span>"
            )
            if e.verdict
            else Html(f'<span class="na">{DASH}</span>')
        )
        where = str(e.folder) if e.folder != found.run else "this run"
        place: Html = esc(where)
        if e.report is not None:
            place = Html(f"{esc(where)}<br>{_link(e.report, page, 'its report')}")
        notes = [role, *([e.note] if e.note else [])]
        rows.append(
            [
                what,
                e.figure or DASH,
                verdict,
                Html(f'{place}<span class="n">{esc("; ".join(notes))}</span>'),
            ]
        )
    return rows


def _sheet_table(found: CardEvidence) -> Html:
    columns = [c for c in found.columns if any(r.get(c) not in (None, "", {}) for r in found.rows)]
    body = []
    for c in columns:
        values = []
        for r in found.rows:
            value = r.get(c)
            if isinstance(value, dict):
                value = "; ".join(f"{k}={v}" for k, v in value.items())
            values.append("" if value is None else str(value))
        shown = values[0] if len(set(values)) == 1 else " | ".join(values)
        body.append([Html(f"<b>{esc(c)}</b>"), shown])
    copies = f" ({len(found.rows)} copies)" if len(found.rows) > 1 else ""
    return Html(
        para(f"As the run's card sheet prints it{copies}:")
        + table(("column", "value"), body, "sheet", 9)
    )


def _games_list(found: CardEvidence, page: Path, pages: dict[int, Path]) -> Html:
    if not found.games:
        return para("No game of the run had a player with this card.")
    items = []
    for g in found.games:
        link = (
            _link(pages[g.game_id], page, f"game {g.game_id}")
            if g.game_id in pages
            else esc(f"game {g.game_id}")
        )
        command = f"deckhand replay {found.run} {g.game_id} --html"
        items.append(f"<li>{link}: {esc(g.why)} <code>{esc(command)}</code></li>")
    return Html(
        f'<ul id="games">{"".join(items)}</ul>'
        + para("Each page replays the game from its seed, turn by turn (deckhand replay).")
    )


def render(found: CardEvidence, page: Path, pages: dict[int, Path] | None = None) -> str:
    """The card's page as HTML (`page`: where it will be written, for relative links)."""
    pages = pages or {}
    answer, why = headline(found)
    tone = TONE.get(found.verdict.verdict, "info") if found.verdict else "info"
    band = f"\u00b1{found.tolerance:g} points"
    summary = (
        "<h2>Is it too strong?</h2>"
        f'<p class="answer"><span class="verdict {tone}">{esc(answer)}</span></p>'
        + para(why)
        + (para(f"Power: {found.power_text}") if found.power_text else "")
        + para(
            f"Tolerance {band}: a difference within it counts as balanced, and a verdict is "
            "balanced only when its whole 95% interval lies within it (--tolerance)."
        )
        + (para(_suggestion(found)) if _suggestion(found) else "")
    )
    headers = ("evidence: what it measures", "figure [95% interval]", "its verdict", "where")
    evidence = (
        table(headers, _evidence_rows(found, page), "evidence", 9)
        if found.evidence
        else para("No figure for this card in the run.")
    )
    searched = ", ".join(str(p) for p in found.searched)
    how = [
        "Where evidence is looked for: the folders under the run folder (up to "
        f"{MAX_DEPTH} levels) and every --evidence PATH with the folders under it; a folder "
        "holding ablation.json and ablation.parquet is an ablation (deckhand ablate), "
        "sweep.json a sweep (deckhand sweep), robustness.json and robustness.parquet a "
        "comparison across bots (deckhand robustness), balance.json a balance search "
        "(deckhand balance). Only folders that name the card are shown; only those played "
        "with the run's game, players, sets and rules, and with the card as the run's sheet "
        f"prints it, count for the verdict. Searched: {searched}.",
        "Which one answers: \u201ctoo strong\u201d means stronger than a typical card of "
        "its kind, never better than no power (a power that works is worth something to its "
        "owner). An ablation of the card's power, where there is one, is the primary measure "
        "(an experiment: the same deals with the power on and off), its worth compared with "
        "the worth of the typical power of its kind; else the run's verdict against the "
        "typical card of its kind (a model of who won). A balance search or a sweep says "
        "what a changed number would do, not whether the printed card is too strong "
        "(docs/metrics.md, \u201cOne page per card\u201d).",
        "Figures are in points of win rate (3 points: 53% instead of 50%) with 95% "
        "intervals; every verdict is judged at the page's tolerance by the one rule of "
        "docs/metrics.md, \u201cVerdicts: four answers\u201d.",
    ]
    sections = [
        ("evidence", "Evidence, side by side", evidence),
        ("sheet", "Card sheet", _sheet_table(found)),
        ("games", "Games in which it mattered", _games_list(found, page, pages)),
        ("how", "How this page is made", Html("".join(para(t) for t in how))),
    ]
    line = " \u00b7 ".join(
        [
            found.setup,
            f"run {found.run}",
            f"{found.games_played:,} games",
            f"tolerance {band}",
        ]
    )
    body = (
        f'<header><h1>{esc(found.name)}</h1><p class="runline">{esc(line)}</p></header>'
        f'<section id="summary">{summary}</section>' + with_contents(sections)
    )
    css = EXTRA_CSS + HEADLINE_CSS + "p.answer { font-size: 17px; margin: 8px 0; }\n"
    return html_page(
        f"{found.name}: card page", body, f"Deckhand card page of {found.name} in {found.run}.", css
    )
