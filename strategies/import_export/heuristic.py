"""The default Import/Export bot (`heuristic`, Bot II: issue 30): the classic bot's valuation
(classic.py) with what it got wrong mended, so that verdicts rest on a bot that plays every
card as the rules let it. The classic bot stays as `classic`, its runs reproducible.
"""

from __future__ import annotations

from typing import ClassVar

from strategies.import_export.classic import IEClassic


class IEHeuristic(IEClassic):
    """The default Import/Export bot: the classic valuation, mended (module docstring)."""

    name: ClassVar[str] = "heuristic"  # type: ignore[misc]
