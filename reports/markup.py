"""The building blocks every report shares: escaped markup, number formats, tables, style.

`Html` marks a string this package built from escaped parts; anything else put in a page goes
through `esc`, because card names, strategy texts and paths are user data and a report is a
web page. No scripts anywhere: the reports are static HTML.
"""

from __future__ import annotations

import html
import math
import os
from collections.abc import Iterable, Sequence
from pathlib import Path

from simulator.core.errors import RunFolderError

DASH = "\u2014"


class Html(str):
    """Markup this module built from escaped parts; any other str put in a page is escaped."""


def esc(value: object) -> Html:
    """Escape a value from data for HTML text or attributes."""
    return Html(html.escape(str(value), quote=True))


def fmt_pct(rate: float, lo: float, hi: float) -> str:
    """A proportion with its interval, as '52.3% [50.1, 54.4]'."""
    if rate is None or math.isnan(rate):
        return DASH
    return f"{100 * rate:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"


def fmt_pp(diff: float, lo: float, hi: float) -> str:
    """A difference of proportions in points of win rate, as '+5.9 points [+1.2, +10.6]'."""
    if diff is None or math.isnan(diff):
        return DASH
    return f"{100 * diff:+.1f} points [{100 * lo:+.1f}, {100 * hi:+.1f}]"


def fmt_int(n: int) -> str:
    """Counts with thousands separators: 12,400 reads faster than 12400."""
    return f"{n:,}"


def fmt_q(q: float | None) -> Html:
    if q is None or math.isnan(q):
        return Html(DASH)
    text = "&lt;0.001" if q < 0.001 else f"{q:.3f}"
    return Html(f'<span class="sig">{text}</span>' if q < 0.05 else text)


def table(
    headers: Sequence[str],
    rows: Iterable[Sequence[object]],
    table_id: str | None = None,
    numeric_from: int = 1,
) -> Html:
    """An HTML table; cells that are not `Html` are escaped, columns from `numeric_from` on
    are right-aligned."""
    head = "".join(
        f"<th{' class=num' if i >= numeric_from else ''}>{cell(h)}</th>"
        for i, h in enumerate(headers)
    )
    body = []
    for row in rows:
        cells = "".join(
            f"<td{' class=num' if i >= numeric_from else ''}>{cell(c)}</td>"
            for i, c in enumerate(row)
        )
        body.append(f"<tr>{cells}</tr>")
    ident = f' id="{esc(table_id)}"' if table_id else ""
    return Html(
        f'<div class="scroll"><table{ident}><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table></div>"
    )


def cell(value: object) -> str:
    """A table cell: markup as is, anything else escaped."""
    return value if isinstance(value, Html) else esc(value)


def figure(uri: str, alt: str) -> Html:
    """An embedded figure (a data URI: reports have no side files)."""
    return Html(f'<figure><img src="{uri}" alt="{esc(alt)}"></figure>')


def folded(summary: str, content: str, open_: bool = False, ident: str | None = None) -> Html:
    """A long block folded under a one-line summary (`<details>`: no script needed)."""
    attrs = (f' id="{esc(ident)}"' if ident else "") + (" open" if open_ else "")
    return Html(f"<details{attrs}><summary>{esc(summary)}</summary>{content}</details>")


def html_page(title: str, body: str, footer: str, css: str = "") -> str:
    """A whole report page: the one shell every report shares (the style sheet, then `css`;
    no scripts), `body` as given, `footer` as text."""
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{esc(title)}</title><style>{CSS}{css}</style></head><body>"
        f"{body}<footer>{esc(footer)}</footer></body></html>\n"
    )


def write_page(path: Path, page_text: str, what: str = "the report") -> Path:
    """Write a page atomically (a temporary file renamed into place, so a reader never sees
    half a page); a place that cannot be written (a read-only run folder, a parent that is a
    file, a full disk) is a one-line error that says to pass --out, and leaves nothing."""
    tmp = path.with_name(path.name + ".tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_text(page_text, encoding="utf-8")
        os.replace(tmp, path)
    except OSError as exc:
        if tmp.parent.is_dir():
            tmp.unlink(missing_ok=True)
        raise RunFolderError(
            f"cannot write {what} to {path} ({exc.strerror or exc}); "
            "pass --out FILE to write it somewhere writable"
        ) from None
    return path


def with_contents(parts: Sequence[tuple[str, str, str]]) -> Html:
    """(anchor, title, content) sections with a table of contents in front of them."""
    toc = "".join(f'<a href="#{key}">{esc(title)}</a>' for key, title, _ in parts)
    body = "".join(
        f'<section id="{key}"><h2>{esc(title)}</h2>{content}</section>'
        for key, title, content in parts
    )
    return Html(f"<nav>{toc}</nav>{body}")


def para(text: str) -> Html:
    """A paragraph of plain text, escaped."""
    return Html(f"<p>{esc(text)}</p>")


CSS = """
:root { --ink: #1f2328; --muted: #656d76; --line: #d0d7de; --band: #f6f8fa; --accent: #0b5cad; }
* { box-sizing: border-box; }
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif;
  color: var(--ink); margin: 0 auto; max-width: 1180px; padding: 24px 28px 60px;
  line-height: 1.45; font-size: 14px; }
h1 { font-size: 26px; margin: 0 0 4px; }
h2 { font-size: 20px; margin: 36px 0 10px; padding-bottom: 4px; border-bottom: 2px solid
  var(--line); }
h3 { font-size: 16px; margin: 24px 0 6px; }
h3 .count { color: var(--muted); font-weight: normal; font-size: 13px; }
p { margin: 6px 0 10px; max-width: 900px; }
p.sub { color: var(--muted); margin-top: 0; }
p.warn { background: #fff8c5; border: 1px solid #d4a72c; padding: 8px 12px; border-radius: 6px; }
p.legend { color: var(--muted); font-size: 12px; }
nav { position: sticky; top: 0; background: #fff; border-bottom: 1px solid var(--line);
  padding: 8px 0; margin: 18px 0 0; z-index: 2; }
nav a { color: var(--accent); text-decoration: none; margin-right: 16px; font-weight: 600; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12px;
  background: var(--band); padding: 1px 4px; border-radius: 4px; word-break: break-all; }
.scroll { overflow-x: auto; max-width: 100%; margin: 8px 0 12px; }
/* a wide table scrolls inside its box, its first column (the card's name) kept in view */
.scroll td:first-child, .scroll th:first-child { position: sticky; left: 0; z-index: 1;
  background: #fff; box-shadow: 1px 0 0 var(--line); }
.scroll thead th:first-child { background: var(--band); }
.scroll tbody tr:nth-child(even) td:first-child { background: #fbfcfd; }
table { border-collapse: collapse; font-size: 13px; }
th, td { border-bottom: 1px solid var(--line); padding: 5px 10px; text-align: left;
  vertical-align: top; }
thead th { background: var(--band); border-bottom: 2px solid var(--line); max-width: 14em; }
tbody tr:nth-child(even) td { background: #fbfcfd; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
/* a header wraps within its column (at most 14em) instead of running into its neighbour */
thead th, thead th.num { white-space: normal; overflow-wrap: break-word; }
td .n { display: block; color: var(--muted); font-size: 11px; }
td .na { color: var(--muted); }
.sig { font-weight: 700; color: #a40e26; }
.flag { font-weight: 700; white-space: nowrap; }
.flag.over { color: #a40e26; }
.flag.under { color: #0b5cad; }
table.meta th { background: none; width: 170px; color: var(--muted); font-weight: 600;
  border-bottom: 1px solid var(--band); }
table.meta td { border-bottom: 1px solid var(--band); }
table.meta ul, table.meta ol { margin: 0; padding-left: 20px; }
abbr { text-decoration: underline dotted; cursor: help; }
figure { margin: 10px 0 18px; }
figure img { max-width: 100%; height: auto; border: 1px solid var(--band); }
dl { display: grid; grid-template-columns: 230px 1fr; gap: 4px 16px; max-width: 1000px; }
dt { font-weight: 600; }
dd { margin: 0; }
footer { margin-top: 40px; color: var(--muted); font-size: 12px; }
"""


def engine_text(engine: dict[str, str] | None) -> str:
    """Which engine played a run's last session or an experiment, and why (the manifest's or
    the experiment's "engine"; runs before the native core have none: Python played them)."""
    if not engine:
        return "python (the only engine when this run was played)"
    return f"{engine['engine']}: {engine['why']}"
