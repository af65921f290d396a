"""Self-contained HTML reports of an ablation (`deckhand ablate`) and of verdicts across
strategy pools (`deckhand robustness`): ranked tables and a forest plot, no scripts, every
string from the card sheet escaped."""

from __future__ import annotations

import json
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
    engine_text,
    esc,
    fmt_int,
    fmt_q,
    folded,
    para,
    table,
    write_page,
)
from simulator.analysis.power_worth import is_power_table
from simulator.analysis.verdicts import (
    BALANCED,
    DOES_NOTHING,
    DOES_SOMETHING,
    STRONGER,
    UNCLEAR,
    WEAKER,
    WORTH_CHECKS,
    Tolerances,
    Verdict,
)
from simulator.experiments.ablation import load_ablation
from simulator.experiments.robustness import PLAN_FILE, ROBUSTNESS_FILE, counts, is_floor
from simulator.folders import run_folder

ABLATION_REPORT = run_folder.ABLATION_REPORT
ROBUSTNESS_REPORT = "robustness.html"


def _f(v: Any) -> float:
    return math.nan if v is None else float(v)


def _figure(row: dict[str, Any]) -> float | None:
    """The figure a row's verdict judges: a power's worth against the typical power's, or a
    number's effect against the printed value (`ablate --param`)."""
    return row.get("vs_typical") if "vs_typical" in row else row.get("effect")


def card_verdict(row: dict[str, Any]) -> Verdict:
    """The verdict of one ablation row (points), as judged in the table."""
    return Verdict(
        row.get("verdict") or UNCLEAR,
        _f(_figure(row)),
        _f(row.get("lo")),
        _f(row.get("hi")),
        _f(row.get("tolerance")),
        row.get("games_to_decide"),
    )


THAN = "the typical power of its kind"
"""What an ablation's card verdict compares a card with, for Verdict.words."""
THAN_PRINTED = "at the printed value"
"""What a number's ablation (`--param`) compares the new value with."""


def _card_words(row: dict[str, Any], than: str = THAN) -> str:
    """'Almonds: stronger than the typical power of its kind: +14.2 points, not within ±3
    (95% interval +8.9 to +19.4)': the card, its one verdict with the tolerance, the
    interval."""
    if _figure(row) is None:
        if row.get("typical_note"):
            return f"{row['card']}: no verdict ({row['typical_note']})"
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
    powers = is_power_table(cards)
    figure = "vs_typical" if powers else "effect"
    than = THAN if powers else THAN_PRINTED
    shown = cards.filter(pl.col(figure).is_not_null())
    uri = (
        plots.iwd_forest(
            shown["card"].to_list(),
            ["card"] * shown.height,
            ["card"],
            [_f(v) / 100 for v in shown[figure]],
            [_f(v) / 100 for v in shown["lo"]],
            [_f(v) / 100 for v in shown["hi"]],
            xlabel="the power's worth to its owner less the typical power's (points), 95% interval"
            if powers
            else "owner's win rate, the value minus the printed one (points), 95% interval",
        )
        if shown.height
        else ""
    )
    headers = [
        "rank",
        "card",
        "verdict",
        *(
            [
                "against the typical power [95% interval]",
                "worth to its owner (on \u2212 off) [95% interval]",
                "does the power do anything?",
            ]
            if powers
            else ["effect (value \u2212 printed) [95% interval]"]
        ),
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
        if r[figure] is not None:
            words = card_verdict(r).words(than)
        else:
            words = r.get("typical_note") or "no figure (owned too rarely)"
        figures: list[object] = [_points(r[figure], r["lo"], r["hi"])]
        if powers:
            figures += [
                _points(r["worth"], r["worth_lo"], r["worth_hi"]),
                r["worth_check"] or DASH,
            ]
        body.append(
            [
                r["rank"],
                r["card"],
                Html(
                    f'<span class="flag {esc(r["verdict"] or "")}">{esc(r["verdict"] or DASH)}'
                    f'</span><span class="n">{esc(words)}</span>'
                ),
                *figures,
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
            "two games are the same until the power first matters. A power's worth is the "
            "owner's win rate as printed minus with the power off."
        )
    tol = _tolerance_of(cards)
    notes = [
        how,
        "Owner: the player who owned the power (Import/Export: fulfilled the contract). The "
        "owner's win rate is compared between games with and without the power; the interval "
        "is 95%, from a cluster-robust variance over deals. Cards owned fewer than 20 times in "
        "either arm have no figure.",
        *(
            [
                "Two figures per power. Its worth to its owner (on minus off) answers \u201cdoes "
                "the power do anything?\u201d: does something, does nothing (the whole "
                f"interval within \u00b1{tol:g} points) or unclear; a power that works is worth "
                "something, and that is not a problem. The card verdict compares the worth "
                "with the typical power of its kind: the precision-weighted mean of the middle "
                "half of the other powers' worths (a quarter of them dropped at each end), "
                "measured on the same deals; its uncertainty and its covariance with the "
                "card's worth (the powers share deals) are in the card's interval "
                "(docs/metrics.md, \u201cThe typical card\u201d).",
            ]
            if powers
            else []
        ),
        f"Verdict (docs/metrics.md, \u201cVerdicts: four answers\u201d): balanced when the "
        f"whole interval lies within \u00b1{tol:g} points (the tolerance, --tolerance); "
        "stronger or weaker "
        + ("than the typical power of its kind " if powers else "")
        + "when it does not and the difference from zero survives the "
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
            "Every card against the typical power" if powers else "Every card's effect",
            Html(f'<figure><img src="{uri}" alt="ablation forest plot"></figure>')
            if uri
            else para("No card has a figure yet."),
        ),
        (
            "cards",
            "Cards, ranked against the typical power" if powers else "Cards, ranked by effect",
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
                    ("engine", engine_text(meta.get("engine"))),
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


def ablation_summary_line(meta: dict[str, Any], cards: pl.DataFrame, tolerance: float) -> str:
    """What `deckhand ablate` prints when it is done: the games, the cards with a figure, the
    verdicts against the typical power (a number's: against the printed value) and, for
    powers, how many do anything."""
    powers = is_power_table(cards)
    than = THAN if powers else THAN_PRINTED
    tally = ", ".join(
        f"{int((cards['verdict'] == word).sum())} {word}" for word in (STRONGER, WEAKER)
    )
    tally += f" than {than}, " + ", ".join(
        f"{int((cards['verdict'] == word).sum())} {word}" for word in (BALANCED, UNCLEAR)
    )
    figure = "vs_typical" if powers else "effect"
    line = (
        f"{meta['games_played']:,} games"
        + _held(meta)
        + f" in {meta['seconds']:.0f} s; {cards[figure].is_not_null().sum()} of "
        f"{cards.height} cards with a figure; {tally} (tolerance \u00b1{tolerance:g} points)"
    )
    if powers:
        checks = {c: int((cards["worth_check"] == c).sum()) for c in WORTH_CHECKS}
        line += (
            f"; worth to their owners: {checks[DOES_SOMETHING]} do something, "
            f"{checks[DOES_NOTHING]} do nothing, {checks[UNCLEAR]} unclear"
        )
    return line


def report_ablation(folder: str | Path, tolerance: float) -> str:
    """Write an ablation folder's report; return what `deckhand ablate` says: its summary
    line at `tolerance` and where the report is."""
    report = build_ablation_report(folder)
    meta, cards = load_ablation(folder)
    return f"{ablation_summary_line(meta, cards, tolerance)}; report written to {report}"


def _held(meta: dict[str, Any]) -> str:
    now = meta.get("played_now", meta["games_played"])
    return f" ({now:,} of them played by its last call)" if now < meta["games_played"] else ""


def _glossary(tolerance: float) -> Html:
    """The terms the tables use and the summary avoids."""
    terms = [
        (
            "worth to its owner",
            "the owner's win rate with the power on minus with it off, in points of win "
            "rate (3 points: 53% instead of 50%). It answers \u201cdoes the power do "
            "anything?\u201d, not \u201cis the card too strong?\u201d.",
        ),
        (
            "against the typical power",
            "the card's worth less the worth of the typical power of its kind: the "
            "precision-weighted mean of the middle half of the other powers' worths. This is "
            "the card's verdict.",
        ),
        (
            "effect",
            "(a number's ablation) the owner's win rate at the new value less at the printed one.",
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


def _ranked(rated: pl.DataFrame, positive: bool, figure: str) -> pl.DataFrame:
    """The cards on one side of zero, those with a verdict of that side first, then by the
    size of the figure: each card is on one side only."""
    side = rated.filter(pl.col(figure) > 0) if positive else rated.filter(pl.col(figure) < 0)
    word = STRONGER if positive else WEAKER
    return side.with_columns((pl.col("verdict") != word).alias("_later")).sort(
        ["_later", figure], descending=[False, positive]
    )


def _listed(frame: pl.DataFrame, limit: int, than: str) -> str:
    return "; ".join(_card_words(r, than) for r in frame.head(limit).iter_rows(named=True))


def ablation_findings(cards: pl.DataFrame, limit: int = 5) -> list[Finding]:
    """The headline of an ablation in plain words: the powers most above the typical power of
    their kind (positive figures only) and those most below it (negative only), so no card is
    in both lists, each with its verdict and tolerance and 'top k of n' when the list is cut;
    red only for cards outside the tolerance of the typical power. Then what the powers are
    worth to their owners (does each do anything? never a problem in itself) and how many
    cards are stronger, weaker, balanced and unclear. A number's ablation (`--param`) is
    judged against the printed value instead."""
    powers = is_power_table(cards)
    figure = "vs_typical" if powers else "effect"
    than = THAN if powers else THAN_PRINTED
    rated = cards.filter(pl.col(figure).is_not_null())
    tol = _tolerance_of(cards)
    tally = {w: int((cards["verdict"] == w).sum()) for w in (STRONGER, WEAKER, BALANCED, UNCLEAR)}
    findings = []
    titles = (
        ((True, "Stronger than the typical power"), (False, "Weaker than the typical power"))
        if powers
        else ((True, "Strongest powers"), (False, "Weakest powers"))
    )
    for positive, title in titles:
        side = _ranked(rated, positive, figure)
        word = STRONGER if positive else WEAKER
        sign = "above" if positive else "below"
        shown = min(limit, side.height)
        cut = f"top {shown} of {side.height} {sign} it; all in Cards"
        if not side.height:
            finding, verdict, tone = DASH, f"no power is {sign} {than}", "ok"
        elif tally[word]:
            n = tally[word]
            finding = _listed(side, limit, than)
            verdict = (
                f"{n} power{'s' if n != 1 else ''} {word} than {than}: "
                f"not within \u00b1{tol:g} points ({cut})"
            )
            tone = "warn"
        else:
            finding = _listed(side, limit, than)
            verdict = f"no power is shown to be {word} than {than} ({cut})"
            tone = "ok"
        findings.append(Finding(title, finding, verdict, tone))
    if powers:
        findings.append(_worth_finding(cards, tol))
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


def _worth_finding(cards: pl.DataFrame, tol: float) -> Finding:
    """What the powers are worth to their owners, and how many do anything: information,
    never a warning (a power that works is worth something)."""
    worth = cards["worth"].drop_nulls().sort()
    checks = {c: int((cards["worth_check"] == c).sum()) for c in WORTH_CHECKS}
    typical = cards["typical"].drop_nulls()
    figure = (
        f"median worth {worth[len(worth) // 2]:+.1f} points over {len(worth)} powers"
        + (f"; the typical power's about {typical.median():+.1f}" if typical.len() else "")
        if worth.len()
        else DASH
    )
    return Finding(
        "What the powers are worth to their owners",
        figure,
        f"{checks[DOES_SOMETHING]} do something, {checks[DOES_NOTHING]} do nothing (within "
        f"\u00b1{tol:g} points), {checks[UNCLEAR]} unclear: the power on against off, not a "
        "verdict on the card",
        "info",
    )


def ablation_can_tell(cards: pl.DataFrame) -> list[str]:
    """What the effects can and cannot say: their typical precision, and what they measure."""
    rated = cards.filter(pl.col("lo").is_not_null() & pl.col("hi").is_not_null())
    tol = _tolerance_of(cards)
    powers = is_power_table(cards)
    lines = [
        "A power's worth is its owner's win rate with the power on minus with it off, in "
        "points of win rate (the owner: the player who fulfilled the contract); a card's "
        "verdict compares that worth with the typical power of its kind, on the same deals."
        if powers
        else "An effect is the owner's win rate with the card's number at the new value minus "
        "at the printed one, in points of win rate (the owner: the player who fulfilled the "
        "contract)."
    ]
    if rated.height:
        half = sorted((r["hi"] - r["lo"]) / 2 for r in rated.iter_rows(named=True))
        median = half[len(half) // 2]
        lines.append(
            f"A card's {'figure against the typical power' if powers else 'effect'} is known "
            f"to about \u00b1{median:.1f} points (the median "
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
                f"{tally[f'robust {word}']} cards {word} than the typical card of their kind "
                f"beyond {band} "
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


def report_robustness(folder: str | Path, tolerance: float) -> str:
    """Write a robustness folder's report; return what `deckhand robustness` says."""
    return robustness_summary_line(folder, build_robustness_report(folder), tolerance)


def robustness_summary_line(folder: str | Path, report: str | Path, tolerance: float) -> str:
    """How many cards keep their verdict across the pools at `tolerance`, how many flip,
    disagree or stay unclear, and where the report is."""
    folder = Path(folder)
    pools = len(json.loads((folder / PLAN_FILE).read_text())["pools"])
    tally = counts(pl.read_parquet(folder / ROBUSTNESS_FILE))
    return (
        f"{tally['kept']} of {tally['cards']} cards keep their verdict across "
        f"{pools} pools (tolerance \u00b1{tolerance:g} points); {tally['flips']} "
        f"flip, {tally['disagrees']} disagree, {tally['unclear']} unclear; "
        f"report written to {report}"
    )
