"""docs/architecture.md's map lists every module: a new module without its line there
fails, so the map stays the place a newcomer finds where things are."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_map_names_every_module() -> None:
    doc = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    modules = [
        path
        for package in ("simulator", "strategies", "reports")
        for path in sorted((ROOT / package).rglob("*.py"))
        if "__pycache__" not in path.parts
    ] + sorted(ROOT.glob("cli*.py"))
    unmapped = [str(p.relative_to(ROOT)) for p in modules if p.name not in doc]
    assert unmapped == []
