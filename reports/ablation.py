"""Self-contained HTML reports of an ablation (`deckhand ablate`) and of verdicts across
strategy pools (`deckhand robustness`): ranked tables and a forest plot, no scripts, every
string from the card sheet escaped."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import polars as pl

from reports import plots
from reports.experiment_page import details as _details
from reports.experiment_page import page as _page
from reports.experiment_page import points as _points
from reports.headline import Finding, bullet_list, findings_table
from reports.markup import (
    DASH,
    Html,
    esc,
    fmt_int,
    fmt_q,
    folded,
    para,
    table,
    write_page,
)
from simulator.analysis.verdicts import BALANCED, STRONGER, UNCLEAR, WEAKER, Tolerances, Verdict
from simulator.experiments.ablation import load_ablation
from simulator.experiments.robustness import PLAN_FILE, ROBUSTNESS_FILE, counts, is_floor
from simulator.folders import run_folder

ABLATION_REPORT = run_folder.ABLATION_REPORT
ROBUSTNESS_REPORT = "robustness.html"


def _f(v: Any) -> float:
    return math.nan if v is None else float(v)


def card_verdict(row: dict[str, Any]) -> Verdict:
    """The verdict of one ablation row (points), as judged in the table."""
    return Verdict(
        row.get("verdict") or UNCLEAR,
        _f(row.get("effect")),
        _f(row.get("lo")),
        _f(row.get("hi")),
        _f(row.get("tolerance")),
        row.get("games_to_decide"),
    )


THAN = "without its power"
"""What an ablation compares a card with, for Verdict.words."""


def _card_words(row: dict[str, Any], than: str = THAN) -> str:
    """'Almonds: stronger than without its power: +18.2 points, not within ±3 (95% interval
    +13.9 to +22.4)': the card, its one verdict with the tolerance, the interval."""
    if row.get("effect") is None:
        return f"{row['card']}: no figure (owned too rarely)"
    v = card_verdict(row)
    interval = f"95% interval {_f(row['lo']):+.1f} to {_f(row['hi']):+.1f}"
    if v.verdict in (STRONGER, WEAKER):
        return f"{row['card']}: {v.words(than)} ({interval})"
    return f"{row['card']}: {v.words(than)} ({v.estimate:+.1f} points, {interval})"


def build_ablation_report(
    folder: str | Path, out: str | Path | None = None, tolerance: float | None = None
) -> Path:
    """Write the report of an ablation folder (default <folder>/ablation.html); with
    `tolerance` (points), its verdicts judged at it (the table's own otherwise)."""

    folder = Path(folder)
    meta, cards = load_ablation(folder, tolerance)
    design = meta.get("design", "factorial")
    shown = cards.filter(pl.col("effect").is_not_null())
    uri = (
        plots.iwd_forest(
            shown["card"].to_list(),
            ["card"] * shown.height,
            ["card"],
            [_f(v) / 100 for v in shown["effect"]],
            [_f(v) / 100 for v in shown["lo"]],
            [_f(v) / 100 for v in shown["hi"]],
            xlabel="owner's win rate, power on minus off (points), 95% interval",
        )
        if shown.height
        else ""
    )
    headers = [
        "rank",
        "card",
        "verdict",
        "effect (on \u2212 off) [95% interval]",
        "owner win rate on",
        "owner win rate off",
        "game length (turns, on \u2212 off)",
        "q",
        "precision per game",
    ]
    body = []
    for r in cards.iter_rows(named=True):
        on = f"{100 * _f(r['owner_wr_on']):.1f}%" if r["owner_wr_on"] is not None else DASH
        off = f"{100 * _f(r['owner_wr_off']):.1f}%" if r["owner_wr_off"] is not None else DASH
        turns = r["turns_effect"]
        words = card_verdict(r).words(THAN) if r["effect"] is not None else "no figure"
        body.append(
            [
                r["rank"],
                r["card"],
                Html(
                    f'<span class="flag {esc(r["verdict"] or "")}">{esc(r["verdict"] or DASH)}'
                    f'</span><span class="n">{esc(words)}</span>'
                ),
                _points(r["effect"], r["lo"], r["hi"]),
                Html(f'{esc(on)}<span class="n">n={fmt_int(int(r["n_on"]))}</span>'),
                Html(f'{esc(off)}<span class="n">n={fmt_int(int(r["n_off"]))}</span>'),
                DASH
                if turns is None
                else f"{turns:+.2f} [{_f(r['turns_lo']):+.2f}, {_f(r['turns_hi']):+.2f}]",
                fmt_q(r["q"]),
                DASH if r["precision_per_game"] is None else f"{_f(r['precision_per_game']):.3g}",
            ]
        )
    if design == "factorial":
        how = (
            f"Randomised factorial design: in each of {meta['deals']:,} deals every card's power "
            f"was switched off with probability {meta['off_share']:g}, independently, so one run "
            "measures every card: the effect is the owner's win rate in the games where the "
            "card's power was on minus where it was off (the other cards' switches balance out "
            "between the two). Other cards are vanilla in about that share of the games: the "
            "effect is the power's worth in such games, which can differ from the printed "
            "game's (a paired run of a few cards measures that)."
        )
    elif design == "param":
        how = (
            f"A number instead of the power: {meta['param']} against the printed value "
            f"{meta['printed']}, one run each with the same seed ({meta['deals']:,} games; "
            "deckhand sweep, its report in sweep/sweep.html). The effect is the owner's win "
            "rate at the new value minus at the printed one, with Newcombe's interval (which "
            "treats the runs as independent: conservative under common random numbers); its "
            "q is the two-proportion p."
        )
    else:
        how = (
            f"Paired design: each of {meta['deals']:,} deals was played as printed and once per "
            "card with that card's power off, with the same rules and strategy streams, so the "
            "two games are the same until the power first matters. The effect is the owner's "
            "win rate as printed minus with the power off."
        )
    tol = _tolerance_of(cards)
    notes = [
        how,
        "Owner: the player who owned the power (Import/Export: fulfilled the contract). The "
        "owner's win rate is compared between games with and without the power; the interval "
        "is 95%, from a cluster-robust variance over deals. Cards owned fewer than 20 times in "
        "either arm have no figure.",
        f"Verdict (docs/metrics.md, \u201cVerdicts: four answers\u201d): balanced when the "
        f"whole interval lies within \u00b1{tol:g} points (the tolerance, --tolerance); "
        "stronger or weaker when it does not and the difference from zero survives the "
        "correction for comparing many cards at once (q below 0.05); unclear otherwise, with "
        "about how many games of this design would decide it.",
        "Game length: the change of the mean number of turns with the power on.",
    ]
    game = meta["game"]
    strategies = meta["strategies"]
    who = f"{strategies[0]} in every seat" if len(set(strategies)) == 1 else " vs ".join(strategies)
    line = " \u00b7 ".join(
        [
            f"{design} design",
            f"{game['players']} players",
            "sets: " + (", ".join(game["modules"]) or "default"),
            who,
            f"{meta.get('games_played', 0):,} games",
            f"{meta.get('seconds', 0):.0f} s on {meta.get('jobs', 1)} worker(s)",
            f"tolerance \u00b1{tol:g} points",
        ]
    )
    summary = "<h2>Summary</h2>" + findings_table(ablation_findings(cards), "verdicts")
    summary += "<h3>What this run can and cannot tell</h3>" + bullet_list(
        ablation_can_tell(cards), "can-tell"
    )
    sections = [
        (
            "plot",
            "Every card's effect",
            Html(f'<figure><img src="{uri}" alt="ablation forest plot"></figure>')
            if uri
            else para("No card has a figure yet."),
        ),
        (
            "cards",
            "Cards, ranked by effect",
            folded(
                f"the {cards.height} cards with their owners' win rates",
                table(headers, body, "ablation-table", 3),
                open_=True,
            ),
        ),
        ("how", "How it was measured", Html("".join(f"<p>{esc(t)}</p>" for t in notes))),
        ("glossary", "Glossary", _glossary(tol)),
        (
            "run",
            "Run details",
            _details(
                [
                    ("design", design),
                    ("players", str(game["players"])),
                    ("sets", ", ".join(game["modules"]) or "default"),
                    ("strategies", ", ".join(strategies)),
                    ("games", f"{meta.get('games_played', 0):,}"),
                    ("seed", str(meta["seed"])),
                    ("tolerance", f"\u00b1{tol:g} points"),
                    (
                        "wall time",
                        f"{meta.get('seconds', 0):.0f} s on {meta.get('jobs', 1)} worker(s)",
                    ),
                    ("folder", str(folder)),
                ]
            ),
        ),
    ]
    page = _page(
        f"What each power is worth: {game['game']}",
        line,
        summary,
        sections,
        f"Deckhand ablation report of {folder}.",
    )
    return write_page(Path(out) if out is not None else folder / ABLATION_REPORT, page)


def _tolerance_of(cards: pl.DataFrame) -> float:
    """The tolerance a table was judged at (its `tolerance` column), else the default."""
    if "tolerance" not in cards.columns or not cards["tolerance"].drop_nulls().len():
        return Tolerances().card
    return float(cards["tolerance"].drop_nulls()[0])


def _glossary(tolerance: float) -> Html:
    """The terms the tables use and the summary avoids."""
    terms = [
        (
            "effect",
            "the owner's win rate with the power on minus with it off, in points of win "
            "rate (3 points: 53% instead of 50%).",
        ),
        ("95% interval", "the range of effects compatible with the games played."),
        (
            "tolerance",
            f"the largest effect that still counts as balanced: \u00b1{tolerance:g} "
            "points here (--tolerance).",
        ),
        (
            "q",
            "the Benjamini\u2013Hochberg adjusted p-value over the cards (false discovery "
            "rate): below 0.05, the difference from zero is unlikely to be one of the chance "
            "findings that comparing many cards produces.",
        ),
        ("pp", "percentage points, the unit every figure here is in (called points)."),
        (
            "precision per game",
            "1 / (se\u00b2 \u00d7 games charged to the card), se in points: "
            "all the games in a factorial design (one run measures every card), the card's two "
            "arms in a paired one. Higher is better; compare designs with it.",
        ),
        (
            "games to decide",
            "for an unclear card, about how many games of this design in all "
            "would decide it (the model of deckhand plan).",
        ),
    ]
    items = "".join(f"<dt>{esc(t)}</dt><dd>{esc(d)}</dd>" for t, d in terms)
    return Html(f"<dl>{items}</dl>")


def _ranked(rated: pl.DataFrame, positive: bool) -> pl.DataFrame:
    """The cards on one side of zero, those with a verdict of that side first, then by the
    size of the effect: each card is on one side only."""
    side = rated.filter(pl.col("effect") > 0) if positive else rated.filter(pl.col("effect") < 0)
    word = STRONGER if positive else WEAKER
    return side.with_columns((pl.col("verdict") != word).alias("_later")).sort(
        ["_later", "effect"], descending=[False, positive]
    )


def _listed(frame: pl.DataFrame, limit: int) -> str:
    return "; ".join(_card_words(r) for r in frame.head(limit).iter_rows(named=True))


def ablation_findings(cards: pl.DataFrame, limit: int = 5) -> list[Finding]:
    """The headline of an ablation in plain words: the powers that help their owners most
    (positive effects only) and those that hurt most (negative only), so no card is in both
    lists, each with its verdict and tolerance and 'top k of n' when the list is cut; then
    how many cards are stronger, weaker, balanced and unclear."""
    rated = cards.filter(pl.col("effect").is_not_null())
    tol = _tolerance_of(cards)
    tally = {w: int((cards["verdict"] == w).sum()) for w in (STRONGER, WEAKER, BALANCED, UNCLEAR)}
    findings = []
    for positive, title in ((True, "Strongest powers"), (False, "Weakest powers")):
        side = _ranked(rated, positive)
        word = STRONGER if positive else WEAKER
        sign = "positive" if positive else "negative"
        shown = min(limit, side.height)
        cut = f"top {shown} of {side.height} with a {sign} effect; all in Cards"
        if not side.height:
            finding, verdict, tone = DASH, f"no power has a {sign} effect", "ok"
        elif tally[word]:
            n = tally[word]
            finding = _listed(side, limit)
            verdict = (
                f"{n} power{'s' if n != 1 else ''} {word} than without "
                f"{'them' if n != 1 else 'it'}: not within \u00b1{tol:g} points ({cut})"
            )
            tone = "warn"
        else:
            finding = _listed(side, limit)
            verdict = f"no power is shown to be {word} than without it ({cut})"
            tone = "ok"
        findings.append(Finding(title, finding, verdict, tone))
    missing = cards.height - rated.height
    findings.append(
        Finding(
            "Cards measured",
            f"{rated.height} of {cards.height} cards"
            + (f"; {missing} owned too rarely for a figure" if missing else ""),
            f"{tally[STRONGER]} stronger, {tally[WEAKER]} weaker, {tally[BALANCED]} balanced "
            f"(within \u00b1{tol:g} points), {tally[UNCLEAR]} unclear (more games would decide"
            + (", among them the cards without a figure)" if missing else ")"),
            "info",
        )
    )
    return findings


def ablation_can_tell(cards: pl.DataFrame) -> list[str]:
    """What the effects can and cannot say: their typical precision, and what they measure."""
    rated = cards.filter(pl.col("lo").is_not_null() & pl.col("hi").is_not_null())
    tol = _tolerance_of(cards)
    lines = [
        "An effect is the owner's win rate with the card's power on minus with it off, in "
        "points of win rate (the owner: the player who fulfilled the contract)."
    ]
    if rated.height:
        half = sorted((r["hi"] - r["lo"]) / 2 for r in rated.iter_rows(named=True))
        median = half[len(half) // 2]
        lines.append(
            f"A card's effect is known to about \u00b1{median:.1f} points (the median "
            f"half-width of the 95% intervals); a card is balanced only when its whole "
            f"interval lies within \u00b1{tol:g} points, so intervals wider than that leave it "
            "unclear: more games (or, for a few cards, the paired design) for a sharper figure."
        )
    lines.append(
        "These are experiments: the same deals with the power on and off, so an effect is "
        "caused by the power (as these bots use it), unlike the run report's correlations."
    )
    lines.append(
        "What no run of bots can tell: whether people would use a power as the bots do; a "
        "power the bots misuse looks weak (deckhand robustness compares bot pools)."
    )
    return lines


def _with_floor(frame: pl.DataFrame, limit: int = 12) -> str:
    names = [
        r["card"] + (f" ({r['floor']})" if r.get("floor") else "")
        for r in frame.head(limit).iter_rows(named=True)
    ]
    more = f" and {frame.height - limit} more" if frame.height > limit else ""
    return ", ".join(names) + more


def _floor_tally(frame: pl.DataFrame, word: str) -> str:
    notes = frame.filter(pl.col("class") == f"robust {word}")["floor"].drop_nulls()
    return ", ".join(f"{n} {note}" for note, n in notes.value_counts().iter_rows()) or DASH


def build_robustness_report(folder: str | Path, out: str | Path | None = None) -> Path:
    """Write the report of a robustness folder (default <folder>/robustness.html)."""
    import json

    folder = Path(folder)
    meta = json.loads((folder / PLAN_FILE).read_text())
    frame = pl.read_parquet(folder / ROBUSTNESS_FILE)
    names = [p["name"] for p in meta["pools"]]
    tally = counts(frame)
    tol = _tolerance_of(frame)
    floors = [p["name"] for p in meta["pools"] if is_floor(p["strategies"])]
    headers = ["card", "across pools", *(["with random bots"] if floors else []), *names]
    body = []
    for r in frame.iter_rows(named=True):
        cells: list[object] = [r["card"], r["class"]]
        if floors:
            cells.append(r.get("floor") or DASH)
        for n in names:
            verdict = r[f"{n}_verdict"]
            figure = _points(r[f"{n}_estimate"], r[f"{n}_lo"], r[f"{n}_hi"])
            cells.append(Html(f'{esc(verdict)}<span class="n">{esc(figure)}</span>'))
        body.append(cells)
    pools = "; ".join(f"{p['name']} = {' + '.join(p['strategies'])}" for p in meta["pools"])
    flips = frame.filter(pl.col("class").is_in(["flips", "disagrees"]))
    shown = ", ".join(flips["card"].head(8).to_list())
    more = f" and {flips.height - 8} more" if flips.height > 8 else ""
    judges = [n for n in names if n not in floors] or names
    band = f"\u00b1{tol:g} points"
    findings = [
        Finding(
            "Cards that keep their verdict",
            f"{tally['kept']} of {tally['cards']} cards under every pool of bots that play "
            f"({', '.join(judges)}): {tally[f'robust {STRONGER}']} robustly stronger, "
            f"{tally[f'robust {WEAKER}']} robustly weaker, {tally[BALANCED]} balanced "
            f"(within {band} under every pool)",
            f"{tally['kept']} verdicts hold whichever of these bots play",
            "ok",
        ),
        *[
            Finding(
                f"Robustly {word}",
                _with_floor(frame.filter(pl.col("class") == f"robust {word}")),
                f"{tally[f'robust {word}']} cards {word} than their peers beyond {band} "
                "under every pool"
                + (f"; with random bots: {_floor_tally(frame, word)}" if floors else ""),
                "warn",
            )
            for word in (STRONGER, WEAKER)
            if tally[f"robust {word}"]
        ],
        Finding(
            "Verdicts that depend on the bots",
            (shown + more) if flips.height else DASH,
            f"{tally['flips']} flip, {tally['disagrees']} disagree: the bots, not the card, "
            "may be speaking"
            if flips.height
            else "none",
            "warn" if flips.height else "ok",
        ),
        Finding(
            "Not decided",
            f"{tally[UNCLEAR]} unclear under some pool (not shown within {band}, nor "
            f"outside it); {tally['incomplete']} without a figure under some pool, "
            f"{tally['no figure']} under every pool",
            "more games per pool would decide them; unclear is not balanced"
            if tally[UNCLEAR] or tally["incomplete"] or tally["no figure"]
            else "every card decided under every pool",
            "info",
        ),
    ]
    notes = [
        "Verdict under a pool: that run's verdict for the card (the card against its peers on "
        "the measure its game declares, Import/Export owning the power: docs/metrics.md, "
        "\u201cVerdicts\u201d), judged by the one rule at the tolerance: balanced when the "
        f"whole 95% interval lies within {band}; stronger or weaker when it does not and the "
        "difference survives the correction for comparing many cards (q below 0.05); unclear "
        "otherwise (too few games with the card too); no figure where the run gives none (no "
        "peers). A run summarised before verdicts existed falls back on the adjusted "
        "contribution of owning the power. The figure under each verdict is the card against "
        "its typical peer in points with its 95% interval. Each pool is one run folder played "
        "with the same seed. Flips and disagreements are listed first. The classes are taken "
        "over the pools of bots that play; a pool of random bots is a floor, told apart: "
        "random bots use no power well. A card robustly stronger or weaker 'holds' down to "
        "random play, 'rewards skill' when random bots find it balanced, 'reverses' when they "
        "find the opposite, 'unclear' when they decide nothing.",
    ]
    summary = "<h2>Summary</h2>" + findings_table(findings, "verdicts")
    page = _page(
        f"Verdicts across strategies: {meta['game']}",
        f"{len(names)} strategy pools \u00b7 {meta['games']:,} games each \u00b7 "
        f"seed {meta['seed']} \u00b7 tolerance {band}",
        summary,
        [
            (
                "cards",
                "Cards",
                Html(
                    table(headers, body, "robustness-table", 2)
                    + "".join(f"<p>{esc(t)}</p>" for t in notes)
                ),
            ),
            (
                "run",
                "Run details",
                _details(
                    [
                        ("pools", pools),
                        ("games per pool", f"{meta['games']:,}"),
                        ("seed", str(meta["seed"])),
                        ("tolerance", band),
                        ("folder", str(folder)),
                    ]
                ),
            ),
        ],
        f"Deckhand robustness report of {folder}.",
    )
    return write_page(Path(out) if out is not None else folder / ROBUSTNESS_REPORT, page)
