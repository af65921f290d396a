"""The page shared by the experiments' reports (ablation, robustness, ladder): a title and
the run in one line, the summary, the folded detail, and the run details last; figures in
points with their intervals."""

from __future__ import annotations

import math
from typing import Any

from reports.compare import EXTRA_CSS
from reports.headline import HEADLINE_CSS
from reports.markup import DASH, esc, html_page, with_contents


def page(
    title: str, line: str, summary: str, sections: list[tuple[str, str, str]], footer: str
) -> str:
    """Title and the run in one line, the summary, then the folded detail (run details last):
    the same order as every other report."""
    header = f'<header><h1>{esc(title)}</h1><p class="runline">{esc(line)}</p></header>'
    body = header + f'<section id="summary">{summary}</section>' + with_contents(sections)
    return html_page(title, body, footer, EXTRA_CSS + HEADLINE_CSS)


def details(meta: list[tuple[str, str]]) -> str:
    """The run details: one row a setting."""
    rows = "".join(f"<tr><th>{esc(k)}</th><td>{esc(v)}</td></tr>" for k, v in meta)
    return f'<table class="meta">{rows}</table>'


def points(value: Any, lo: Any, hi: Any) -> str:
    """A figure already in points with its interval: '+5.9 points [+1.2, +10.6]'."""
    if value is None or math.isnan(float(value)):
        return DASH
    return f"{float(value):+.1f} points [{_number(lo):+.1f}, {_number(hi):+.1f}]"


def _number(v: Any) -> float:
    return math.nan if v is None else float(v)
