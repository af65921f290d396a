"""docs/rulings.md and the code agree: every ruling id used is documented, and vice versa."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULING = re.compile(r"\b(?:T|IE)-[A-Z]+-\d+\b")


def _ids_in(paths: list[Path]) -> set[str]:
    found: set[str] = set()
    for path in paths:
        found.update(RULING.findall(path.read_text()))
    return found


def test_every_ruling_in_the_code_is_documented_and_every_documented_ruling_is_used() -> None:
    documented = {
        m.group(1)
        for m in re.finditer(
            r"^\| ((?:T|IE)-[A-Z]+-\d+) \|", (ROOT / "docs/rulings.md").read_text(), re.M
        )
    }
    code = _ids_in(
        sorted((ROOT / "simulator").rglob("*.py")) + sorted((ROOT / "strategies").rglob("*.py"))
    )
    assert code - documented == set(), "ruling ids used in code but missing from docs/rulings.md"
    assert documented - code == set(), "rulings documented but named nowhere in the code"


def test_every_faq_ruling_has_a_test() -> None:
    text = (ROOT / "docs/rulings.md").read_text()
    faq = {m.group(1) for m in re.finditer(r"^\| ((?:T|IE)-[A-Z]+-\d+) \| FAQ \|", text, re.M)}
    tested = _ids_in(sorted((ROOT / "tests").rglob("test_*.py")))
    assert faq - tested == set(), "FAQ rulings without a test naming them"
