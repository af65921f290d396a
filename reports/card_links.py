"""Where a card's page lives (`deckhand card RUN NAME`), and a link to it from any report.

Its own module so that every report can link card names without importing the card page's
builder (which reads the other reports' styles).
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Callable
from pathlib import Path

from reports.markup import Html, esc
from simulator.folders import run_folder

CARDS_FOLDER = run_folder.CARDS_FOLDER


def slug(name: str) -> str:
    """A card name as a file name: lower case ASCII letters and digits joined by hyphens
    ('Velvet Robes' -> 'velvet-robes'); a name with none of them gets 'card'."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-") or "card"


def card_page_path(run_folder: str | Path, card_name: str) -> Path:
    """Where `deckhand card RUN NAME` writes the card's page, for other reports to link."""
    return Path(run_folder) / CARDS_FOLDER / f"{slug(card_name)}.html"


CardLinker = Callable[[str], Html]
"""A card name -> its name as HTML, a link to its page where the page exists."""


def card_linker(run_folder: str | Path, page: str | Path) -> CardLinker:
    """Link card names of `run_folder` from the report at `page`: a name whose page exists
    (written by `deckhand card`, or by `deckhand report` for the cards its summary names)
    becomes a link, relative to the report; any other stays plain text."""
    base = Path(page).resolve().parent

    def link(name: str) -> Html:
        target = card_page_path(run_folder, name)
        if not target.is_file():
            return Html(esc(name))
        href = os.path.relpath(target.resolve(), base)
        return Html(f'<a class="card" href="{esc(href)}">{esc(name)}</a>')

    return link


def plain(name: str) -> Html:
    """The CardLinker of a report with no card pages to link."""
    return Html(esc(name))
