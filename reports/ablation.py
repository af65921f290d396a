"""Self-contained HTML reports of an ablation (`deckhand ablate`) and of verdicts across
strategy pools (`deckhand robustness`): ranked tables and a forest plot, no scripts, every
string from the card sheet escaped."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import polars as pl

from reports import plots
from reports.compare import EXTRA_CSS
from reports.headline import HEADLINE_CSS, Finding, bullet_list, findings_table
from reports.markup import (
    DASH,
    Html,
    esc,
    fmt_int,
    fmt_pp,
    fmt_q,
    folded,
    html_page,
    para,
    table,
    with_contents,
    write_page,
)
from simulator.experiments.ablation import load_ablation
from simulator.experiments.robustness import PLAN_FILE, ROBUSTNESS_FILE, counts, is_floor

ABLATION_REPORT = "ablation.html"
ROBUSTNESS_REPORT = "robustness.html"


def _page(
    title: str, line: str, summary: str, sections: list[tuple[str, str, str]], footer: str
) -> str:
    """Title and the run in one line, the summary, then the folded detail (run details last):
    the same order as every other report."""
    header = f'<header><h1>{esc(title)}</h1><p class="runline">{esc(line)}</p></header>'
    body = header + f'<section id="summary">{summary}</section>' + with_contents(sections)
    return html_page(title, body, footer, EXTRA_CSS + HEADLINE_CSS)


def _f(v: Any) -> float:
    return math.nan if v is None else float(v)


def _details(meta: list[tuple[str, str]]) -> str:
    rows = "".join(f"<tr><th>{esc(k)}</th><td>{esc(v)}</td></tr>" for k, v in meta)
    return f'<table class="meta">{rows}</table>'


def build_ablation_report(folder: str | Path, out: str | Path | None = None) -> Path:
    """Write the report of an ablation folder (default <folder>/ablation.html)."""

    folder = Path(folder)
    meta, cards = load_ablation(folder)
    design = meta.get("design", "factorial")
    shown = cards.filter(pl.col("effect").is_not_null())
    uri = (
        plots.iwd_forest(
            shown["card"].to_list(),
            ["card"] * shown.height,
            ["card"],
            [_f(v) for v in shown["effect"]],
            [_f(v) for v in shown["lo"]],
            [_f(v) for v in shown["hi"]],
            xlabel="owner's win rate, power on minus off (percentage points), 95% interval",
        )
        if shown.height
        else ""
    )
    headers = [
        "rank",
        "card",
        "effect (on \u2212 off)",
        "q",
        "owner win rate on",
        "owner win rate off",
        "game length (turns, on \u2212 off)",
        "precision per game",
    ]
    body = []
    for r in cards.iter_rows(named=True):
        on = f"{100 * _f(r['owner_wr_on']):.1f}%" if r["owner_wr_on"] is not None else DASH
        off = f"{100 * _f(r['owner_wr_off']):.1f}%" if r["owner_wr_off"] is not None else DASH
        turns = r["turns_effect"]
        body.append(
            [
                r["rank"],
                r["card"],
                fmt_pp(_f(r["effect"]), _f(r["lo"]), _f(r["hi"])),
                fmt_q(r["q"]),
                Html(f'{esc(on)}<span class="n">n={fmt_int(int(r["n_on"]))}</span>'),
                Html(f'{esc(off)}<span class="n">n={fmt_int(int(r["n_off"]))}</span>'),
                DASH
                if turns is None
                else f"{turns:+.2f} [{_f(r['turns_lo']):+.2f}, {_f(r['turns_hi']):+.2f}]",
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
            "treats the runs as independent: conservative under common random numbers); q is "
            "its two-proportion p."
        )
    else:
        how = (
            f"Paired design: each of {meta['deals']:,} deals was played as printed and once per "
            "card with that card's power off, with the same rules and strategy streams, so the "
            "two games are the same until the power first matters. The effect is the owner's "
            "win rate as printed minus with the power off."
        )
    notes = [
        how,
        "Owner: the player who owned the power (Import/Export: fulfilled the contract). The "
        "owner's win rate is compared between games with and without the power; the interval "
        "is 95%, from a cluster-robust variance over deals; q is Benjamini\u2013Hochberg over "
        "the cards. Cards owned fewer than 20 times in either arm have no figure.",
        "Game length: the change of the mean number of turns with the power on.",
        "Precision per game: 1 / (se\u00b2 \u00d7 games charged to the card) \u2014 all the "
        "games in a factorial design (one run measures every card), the card's two arms in a "
        "paired one. Higher is better; compare designs with it.",
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
                table(headers, body, "ablation-table", 2),
                open_=True,
            ),
        ),
        ("how", "How it was measured", Html("".join(f"<p>{esc(t)}</p>" for t in notes))),
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


def _q_text(q: Any) -> str:
    return DASH if q is None else ("< 0.001" if q < 0.001 else f"{q:.3f}")


def _named(frame: pl.DataFrame) -> str:
    return "; ".join(
        f"{r['card']} {fmt_pp(_f(r['effect']), _f(r['lo']), _f(r['hi']))} (q {_q_text(r['q'])})"
        for r in frame.iter_rows(named=True)
    )


def _powers(n: int, verb: str) -> str:
    return f"{n} power {verb}s" if n == 1 else f"{n} powers {verb}"


def ablation_findings(cards: pl.DataFrame, limit: int = 5) -> list[Finding]:
    """The headline of an ablation: the powers that measurably help and hurt their owners
    (BH q < 0.05, strongest first), and how many cards could be measured."""
    rated = cards.filter(pl.col("effect").is_not_null())
    sure = rated.filter(pl.col("q").is_not_null() & (pl.col("q") < 0.05))
    helps = sure.filter(pl.col("effect") > 0).sort("effect", descending=True)
    hurts = sure.filter(pl.col("effect") < 0).sort("effect")
    findings = [
        Finding(
            "Strongest powers",
            _named(helps.head(limit)) or DASH,
            _powers(helps.height, "help") + " their owners measurably"
            if helps.height
            else "no power measurably helps its owner",
            "warn" if helps.height else "ok",
        )
    ]
    if hurts.height:
        findings.append(
            Finding(
                "Weakest powers",
                _named(hurts.head(limit)),
                _powers(hurts.height, "hurt") + " their owners measurably",
                "warn",
            )
        )
    else:
        lowest = rated.sort("effect").head(min(3, rated.height))
        findings.append(
            Finding(
                "Weakest powers",
                ("the lowest estimates: " + _named(lowest)) if lowest.height else DASH,
                "no power measurably hurts its owner",
                "ok",
            )
        )
    missing = cards.height - rated.height
    findings.append(
        Finding(
            "Cards measured",
            f"{rated.height} of {cards.height} cards"
            + (f"; {missing} owned too rarely for a figure" if missing else ""),
            f"{sure.height} with an effect (q < 0.05), {rated.height - sure.height} "
            "without a detectable one",
            "info",
        )
    )
    return findings


def ablation_can_tell(cards: pl.DataFrame) -> list[str]:
    """What the effects can and cannot say: their typical precision, and what they measure."""
    rated = cards.filter(pl.col("lo").is_not_null() & pl.col("hi").is_not_null())
    lines = [
        "An effect is the owner's win rate with the card's power on minus with it off, in "
        "percentage points (the owner: the player who fulfilled the contract)."
    ]
    if rated.height:
        half = sorted((r["hi"] - r["lo"]) / 2 for r in rated.iter_rows(named=True))
        median = half[len(half) // 2]
        lines.append(
            f"A card's effect is known to about \u00b1{100 * median:.1f} points (the median "
            "half-width of the 95% intervals): more games, or --design paired for a few "
            "cards, for a sharper figure. Cards owned in few games have wide intervals even "
            "when their estimate is large."
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


def _floor_tally(frame: pl.DataFrame, flag: str) -> str:
    notes = frame.filter(pl.col("class") == f"robust {flag}")["floor"].drop_nulls()
    return ", ".join(f"{n} {note}" for note, n in notes.value_counts().iter_rows()) or DASH


def build_robustness_report(folder: str | Path, out: str | Path | None = None) -> Path:
    """Write the report of a robustness folder (default <folder>/robustness.html)."""
    import json

    folder = Path(folder)
    meta = json.loads((folder / PLAN_FILE).read_text())
    frame = pl.read_parquet(folder / ROBUSTNESS_FILE)
    names = [p["name"] for p in meta["pools"]]
    tally = counts(frame)
    floors = [p["name"] for p in meta["pools"] if is_floor(p["strategies"])]
    headers = ["card", "across pools", *(["with random bots"] if floors else []), *names]
    body = []
    for r in frame.iter_rows(named=True):
        cells: list[object] = [r["card"], r["class"]]
        if floors:
            cells.append(r.get("floor") or DASH)
        for n in names:
            verdict = r[f"{n}_verdict"]
            figure = fmt_pp(_f(r[f"{n}_pp"]), _f(r[f"{n}_lo"]), _f(r[f"{n}_hi"]))
            cells.append(Html(f'{esc(verdict)}<span class="n">{esc(figure)}</span>'))
        body.append(cells)
    pools = "; ".join(f"{p['name']} = {' + '.join(p['strategies'])}" for p in meta["pools"])
    flips = frame.filter(pl.col("class").is_in(["flips", "disagrees"]))
    shown = ", ".join(flips["card"].head(8).to_list())
    more = f" and {flips.height - 8} more" if flips.height > 8 else ""
    judges = [n for n in names if n not in floors] or names
    findings = [
        Finding(
            "Cards that keep their verdict",
            f"{tally['kept']} of {tally['cards']} cards under every pool of bots that play "
            f"({', '.join(judges)}): {tally['robust over']} robustly over, "
            f"{tally['robust under']} robustly under, {tally['balanced']} balanced",
            f"{tally['kept']} verdicts hold whichever of these bots play",
            "ok",
        ),
        *[
            Finding(
                f"Robustly {flag}",
                _with_floor(frame.filter(pl.col("class") == f"robust {flag}")),
                f"{tally[f'robust {flag}']} cards"
                + (f"; with random bots: {_floor_tally(frame, flag)}" if floors else ""),
                "warn",
            )
            for flag in ("over", "under")
            if tally[f"robust {flag}"]
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
            "No figure",
            f"{tally['incomplete']} under some pool, {tally['no figure']} under every pool",
            "too few games with the card: play more games"
            if tally["incomplete"] or tally["no figure"]
            else "every card measured",
            "info",
        ),
    ]
    notes = [
        "Verdict under a pool: that run's verdict for the card (the card against its peers on "
        "the measure its game declares, Import/Export owning the power: docs/metrics.md, "
        "\u201cVerdicts\u201d), over or under when its BH q < 0.05, balanced otherwise, no "
        "figure below the minimum sample (a run summarised before verdicts existed falls back "
        "on the adjusted contribution of owning the power); the figure under it is that "
        "contribution with its 95% interval. Each pool is one run folder played with the same "
        "seed. Flips and disagreements are listed first. The classes are taken over the pools "
        "of bots that play; a pool of random bots is a floor, told apart: under it nearly "
        "every card is balanced, since random bots use no power well. A card robustly "
        "flagged 'holds' down to random play, 'rewards skill' when random bots find it "
        "balanced, 'reverses' when they find the opposite.",
    ]
    summary = "<h2>Summary</h2>" + findings_table(findings, "verdicts")
    page = _page(
        f"Verdicts across strategies: {meta['game']}",
        f"{len(names)} strategy pools \u00b7 {meta['games']:,} games each \u00b7 "
        f"seed {meta['seed']}",
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
                        ("folder", str(folder)),
                    ]
                ),
            ),
        ],
        f"Deckhand robustness report of {folder}.",
    )
    return write_page(Path(out) if out is not None else folder / ROBUSTNESS_REPORT, page)
