"""The native core (C++, simulator/native/src/): Import/Export's base set and its default
bots, played as the Python engine plays them, bit for bit, many times faster.

The Python engine stays the reference (docs/rulings.md cites it); the native engine plays a
run only when everything in it is native (engine_choice.py), and a differential test checks
the two engines game for game (tests/native/). The core is optional: `built()` says whether
this install has it and, if not, why.
"""

from __future__ import annotations

from types import ModuleType


def _load() -> tuple[ModuleType | None, str]:
    try:
        from simulator.native import _core  # type: ignore[attr-defined]
    except ImportError as exc:
        return None, (
            f"the native core is not built ({exc}); reinstall with a C++17 compiler "
            "(pip install -e .) to build it"
        )
    return _core, ""


CORE, NOT_BUILT = _load()
"""The compiled module, or None and why not."""


def built() -> bool:
    return CORE is not None
