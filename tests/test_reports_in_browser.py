"""The HTML reports render in a real browser: headless Chromium takes a screenshot of the run
report, a comparison and a sweep report; the screenshot must not be blank, the browser's
console must stay silent, and the parsed page must hold no <script> element (the card sheet
has a card named `<script>alert(1)</script>`).

Skipped, with the reason, where Chromium is not installed (`apt-get install -y chromium` on
Debian; .ci/run installs it when it runs as root with apt-get available).

`python tests/test_reports_in_browser.py REPORT.html SHOT.png` saves the first screen
(1280x800, what a designer sees before scrolling) of any report with the same browser flags.
"""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
from matplotlib.image import imread
from report_runs import EVIL

from reports.compare import build_compare_report
from reports.html import build_report
from reports.sweep import build_sweep_report
from simulator.runs.mixes import Mix
from simulator.runs.sweep import SweepPlan

BROWSER = next(
    (p for p in map(shutil.which, ("chromium", "chromium-browser", "google-chrome")) if p), None
)
pytestmark = pytest.mark.skipif(
    BROWSER is None,
    reason="Chromium is not installed: `apt-get install -y chromium` (Debian) to run the "
    "headless-browser checks of the HTML reports",
)
CONSOLE = re.compile(r":CONSOLE[(:]")
"""How Chromium's --enable-logging=stderr marks a message of the page's console."""


FIRST_SCREEN = (1280, 800)


def render(
    page: Path, folder: Path, size: tuple[int, int] = (1280, 1800)
) -> tuple[np.ndarray, str, list[str]]:
    """Screenshot (RGB array), parsed DOM and console lines of a page in headless Chromium."""
    assert BROWSER is not None
    folder.mkdir(parents=True, exist_ok=True)
    shot = folder / f"{page.stem}.png"
    command = [
        BROWSER,
        "--headless",
        "--disable-gpu",
        "--no-sandbox",
        "--no-first-run",
        "--disable-extensions",
        "--hide-scrollbars",
        f"--user-data-dir={folder / 'profile'}",
        f"--window-size={size[0]},{size[1]}",
        f"--screenshot={shot}",
        "--dump-dom",
        "--enable-logging=stderr",
        "--v=0",
        page.resolve().as_uri(),
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    console = [line for line in done.stderr.splitlines() if CONSOLE.search(line)]
    return imread(str(shot))[:, :, :3], done.stdout, console


def assert_renders(page: Path, folder: Path) -> str:
    image, dom, console = render(page, folder)
    assert console == [], "\n".join(console)
    assert image.shape[:2] == (1800, 1280)
    ink = (image < 0.9).any(axis=2)  # pixels that are not (nearly) white
    assert ink.mean() > 0.03, f"{page.name}: the screenshot is (nearly) blank"
    rgb = (image[::4, ::4] * 255).astype(np.uint32)
    colours = np.unique(rgb[..., 0] << 16 | rgb[..., 1] << 8 | rgb[..., 2])
    assert len(colours) > 50  # text, tables and figures, not one flat colour
    assert dom.lstrip().lower().startswith("<!doctype html>")
    assert "<script" not in dom.lower()  # the renamed card is text, not an element
    assert EVIL not in dom
    return dom


def first_screen(page: Path, shot: Path) -> Path:
    """Save the first screen of a report as a PNG (for reviewing how a report reads)."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        image, _, _ = render(page, Path(tmp), FIRST_SCREEN)
        shot.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(Path(tmp) / f"{page.stem}.png", shot)
    assert image.shape[:2] == (FIRST_SCREEN[1], FIRST_SCREEN[0])
    return shot


HEADER_CHECK = """<script>
(() => {
  for (const d of document.querySelectorAll("details")) d.open = true;
  const bad = [];
  let checked = 0;
  for (const th of document.querySelectorAll("thead th")) {
    const box = th.getBoundingClientRect();
    if (!box.width || !th.textContent.trim()) continue;
    checked++;
    const range = document.createRange();
    range.selectNodeContents(th);
    const text = range.getBoundingClientRect();
    const next = th.nextElementSibling && th.nextElementSibling.getBoundingClientRect();
    if (th.scrollWidth > th.clientWidth + 1 || text.left < box.left - 1
        || text.right > box.right + 1 || (next && text.right > next.left + 1))
      bad.push(th.closest("table").id + ": " + th.textContent.trim());
  }
  const out = document.createElement("pre");
  out.id = "header-check";
  out.textContent = JSON.stringify({checked, bad});
  document.body.append(out);
})();
</script>"""
"""Measures every table header cell of a page (every <details> opened) after layout: its text
must lie inside its own box, not run into the next cell; writes what it found into the page."""


def header_overflows(page: Path, folder: Path) -> tuple[int, list[str]]:
    """(header cells measured, those whose text overflows: 'table id: header text') of a
    report in headless Chromium at 1280 pixels wide. The check runs in a copy of the page (the
    reports themselves have no scripts)."""
    folder.mkdir(parents=True, exist_ok=True)
    copy = folder / page.name
    text = page.read_text(encoding="utf-8")
    copy.write_text(text.replace("</body>", HEADER_CHECK + "</body>"), encoding="utf-8")
    _, dom, console = render(copy, folder)
    assert console == [], "\n".join(console)
    found = re.search(r'<pre id="header-check">(.*?)</pre>', dom, re.S)
    assert found, "the header check did not run"
    result = json.loads(html.unescape(found.group(1)))
    return result["checked"], result["bad"]


def test_the_first_screen_holds_the_headline(
    travel_mixes: tuple[list[Mix], list[Path]], tmp_path: Path
) -> None:
    """At 1280x800 the run report's first screen is the headline: its top part is not blank,
    and the summary box's tinted background (#fbfcfd) fills over 40% of it (the report before the
    headline: 19-24%, the metadata table's striped rows)."""
    page = build_report(travel_mixes[1][1], tmp_path / "report.html")
    image, _, console = render(page, tmp_path / "first", FIRST_SCREEN)
    assert console == []
    box = (np.abs(image * 255 - np.array([0xFB, 0xFC, 0xFD])) < 1.5).all(axis=2)
    assert box.mean() > 0.4, "the summary box does not fill the first screen"  # old: 0.19-0.24
    ink = (image < 0.9).any(axis=2)
    assert ink[: FIRST_SCREEN[1] // 2].mean() > 0.03


def test_the_detector_sees_console_errors(tmp_path: Path) -> None:
    """A page that logs and throws is caught, so a silent console means something."""
    page = tmp_path / "bad.html"
    page.write_text(
        "<!DOCTYPE html><html><body><p>bad</p>"
        "<script>console.error('boom'); missing_function();</script></body></html>",
        encoding="utf-8",
    )
    _, _, console = render(page, tmp_path / "shot")
    assert any("boom" in line for line in console)
    assert any("missing_function" in line for line in console)


def test_run_report_renders(travel_mixes: tuple[list[Mix], list[Path]], tmp_path: Path) -> None:
    page = build_report(travel_mixes[1][1], tmp_path / "report.html")
    dom = assert_renders(page, tmp_path / "shot")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in dom


def test_compare_report_renders(travel_mixes: tuple[list[Mix], list[Path]], tmp_path: Path) -> None:
    page = build_compare_report(travel_mixes[1], tmp_path / "compare.html")
    dom = assert_renders(page, tmp_path / "shot")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in dom and "base+special_items" in dom


def test_header_cells_wrap_instead_of_running_into_their_neighbours(
    travel_mixes: tuple[list[Mix], list[Path]], tmp_path: Path
) -> None:
    """The wide tables' headers (the run report's card tables, "with it (raw)"; the
    comparison's "A: against its peers [95% CI]", "mean change vs reference [95% CI]", "median
    turns [95% CI]") wrap within their columns: no header's text leaves its cell."""
    pages = [
        build_report(travel_mixes[1][1], tmp_path / "report.html"),
        build_compare_report(travel_mixes[1], tmp_path / "compare.html"),
    ]
    for page in pages:
        checked, bad = header_overflows(page, tmp_path / f"check-{page.stem}")
        assert checked > 20, page.name
        assert bad == [], f"{page.name}: headers running into their neighbours: {bad}"


def test_the_header_check_sees_an_overflowing_header(tmp_path: Path) -> None:
    """A header that cannot wrap in a narrow column is caught, so a pass means something."""
    page = tmp_path / "narrow.html"
    page.write_text(
        "<!DOCTYPE html><html><body><table id=t style='table-layout: fixed; width: 200px'>"
        "<thead><tr><th style='white-space: nowrap'>a long header that cannot wrap</th>"
        "<th>next</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>"
        "</body></html>",
        encoding="utf-8",
    )
    assert header_overflows(page, tmp_path / "check") == (2, ["t: a long header that cannot wrap"])


def test_sweep_report_renders(travel_sweep: SweepPlan, tmp_path: Path) -> None:
    page = build_sweep_report(travel_sweep.out, tmp_path / "sweep.html")
    dom = assert_renders(page, tmp_path / "shot")
    assert "<h1>&lt;script&gt;alert(1)&lt;/script&gt;: bonus swept over 0, 1, 2</h1>" in dom


if __name__ == "__main__":
    import sys

    if BROWSER is None or len(sys.argv) != 3:
        raise SystemExit(
            "usage (needs Chromium): tests/test_reports_in_browser.py REPORT.html SHOT.png"
        )
    print(first_screen(Path(sys.argv[1]), Path(sys.argv[2])))
