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
from reports.markup import DASH, Html, esc, fmt_int, fmt_pp, fmt_q, html_page, table, write_page
from simulator.experiments.ablation import load_ablation
from simulator.experiments.robustness import PLAN_FILE, ROBUSTNESS_FILE, counts

ABLATION_REPORT = "ablation.html"
ROBUSTNESS_REPORT = "robustness.html"


def _page(title: str, sub: str, meta: list[tuple[str, str]], body: str, footer: str) -> str:
    rows = "".join(f"<tr><th>{esc(k)}</th><td>{esc(v)}</td></tr>" for k, v in meta)
    header = (
        f'<header><h1>{esc(title)}</h1><p class="sub">{esc(sub)}</p>'
        f'<table class="meta">{rows}</table></header>'
    )
    return html_page(title, header + body, footer, EXTRA_CSS)


def _f(v: Any) -> float:
    return math.nan if v is None else float(v)


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
    top = cards.filter(pl.col("effect").is_not_null())
    findings = []
    for label, frame in (("Strongest", top.head(5)), ("Weakest", top.tail(5).reverse())):
        items = ", ".join(
            f"{r['card']} {100 * _f(r['effect']):+.1f} pp" for r in frame.iter_rows(named=True)
        )
        if items:
            findings.append(f"<li>{esc(label)}: {esc(items)}</li>")
    flagged = cards.filter(pl.col("flag").is_not_null())
    findings.append(
        f"<li>{flagged.height} of {cards.height} cards have an effect with q &lt; 0.05.</li>"
    )
    body_html = (
        f'<section id="findings"><h2>Findings</h2><ul>{"".join(findings)}</ul>'
        + (f'<figure><img src="{uri}" alt="ablation forest plot"></figure>' if uri else "")
        + "</section>"
        f'<section id="cards"><h2>Cards, ranked by effect</h2>'
        f"{table(headers, body, 'ablation-table', 2)}"
        + "".join(f"<p>{esc(t)}</p>" for t in notes)
        + "</section>"
    )
    game = meta["game"]
    page = _page(
        f"Ablation: {game['game']}",
        "What each card's power is worth: the same deals with the power on and off",
        [
            ("design", design),
            ("players", str(game["players"])),
            ("sets", ", ".join(game["modules"]) or "default"),
            ("strategies", ", ".join(meta["strategies"])),
            ("games", f"{meta.get('games_played', 0):,}"),
            ("seed", str(meta["seed"])),
            ("wall time", f"{meta.get('seconds', 0):.0f} s on {meta.get('jobs', 1)} worker(s)"),
        ],
        body_html,
        f"Deckhand ablation report of {folder}.",
    )
    return write_page(Path(out) if out is not None else folder / ABLATION_REPORT, page)


def build_robustness_report(folder: str | Path, out: str | Path | None = None) -> Path:
    """Write the report of a robustness folder (default <folder>/robustness.html)."""
    import json

    folder = Path(folder)
    meta = json.loads((folder / PLAN_FILE).read_text())
    frame = pl.read_parquet(folder / ROBUSTNESS_FILE)
    names = [p["name"] for p in meta["pools"]]
    tally = counts(frame)
    headers = ["card", "across pools", *names]
    body = []
    for r in frame.iter_rows(named=True):
        cells: list[object] = [r["card"], r["class"]]
        for n in names:
            verdict = r[f"{n}_verdict"]
            figure = fmt_pp(_f(r[f"{n}_pp"]), _f(r[f"{n}_lo"]), _f(r[f"{n}_hi"]))
            cells.append(Html(f'{esc(verdict)}<span class="n">{esc(figure)}</span>'))
        body.append(cells)
    pools = "; ".join(f"{p['name']} = {' + '.join(p['strategies'])}" for p in meta["pools"])
    findings = (
        f"<li>{tally['kept']} of {tally['cards']} cards keep their verdict under every pool "
        f"({tally['robust over']} robustly over, {tally['robust under']} robustly under, "
        f"{tally['balanced']} balanced throughout).</li>"
        f"<li>{tally['flips']} flip (over under one pool, under under another) and "
        f"{tally['disagrees']} disagree (flagged under some pools only): listed first, since "
        "there the bots, not the card, may be speaking.</li>"
        f"<li>{tally['incomplete']} lack a figure under some pool and {tally['no figure']} under "
        "every pool (too few games with the card: play more games).</li>"
    )
    notes = [
        "Verdict under a pool: the adjusted contribution of owning the card's power "
        "(docs/metrics.md), over or under when its BH q < 0.05, balanced otherwise, no figure "
        "below the minimum sample; the figure under it is that contribution with its 95% "
        "interval. Each pool is one run folder played with the same seed.",
    ]
    page = _page(
        f"Verdicts across strategies: {meta['game']}",
        "Each card's verdict under several strategy pools",
        [("pools", pools), ("games per pool", f"{meta['games']:,}"), ("seed", str(meta["seed"]))],
        f'<section id="findings"><h2>Findings</h2><ul>{findings}</ul></section>'
        f'<section id="cards"><h2>Cards</h2>{table(headers, body, "robustness-table", 2)}'
        + "".join(f"<p>{esc(t)}</p>" for t in notes)
        + "</section>",
        f"Deckhand robustness report of {folder}.",
    )
    return write_page(Path(out) if out is not None else folder / ROBUSTNESS_REPORT, page)
