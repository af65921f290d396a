"""The native core (C++, simulator/native/src/): Import/Export with every set and variant and
the travel game with every module, with their shipped bots (random, heuristic, classic and
the mcts search: `deckhand engine` lists what the built core plays), played as the Python
engine plays them, bit for bit, many times faster.

The Python engine stays the reference (docs/rulings.md cites it); the native engine plays a
run only when everything in it is native (engine_choice.py), and a differential test checks
the two engines game for game (tests/native/). The core is optional: `CORE` is the built
module or None, and `NOT_BUILT` says why not (no compiler at install, or a build older than
its sources, which is refused rather than trusted).
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
from pathlib import Path
from types import ModuleType

SOURCES = Path(__file__).resolve().parent / "src"
"""The core's C++ sources (present in a source checkout; an installed wheel may lack them)."""


def sources_hash() -> str | None:
    """The SHA-256 of the sources as setup.py computes it, or None where they are absent."""
    if not SOURCES.is_dir():
        return None
    digest = hashlib.sha256()
    root = SOURCES.parents[2]
    for path in sorted(SOURCES.rglob("*")):
        if path.is_file():
            name = path.relative_to(root).as_posix()
            digest.update(name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


_core: ModuleType | None = None
_MISSING = "no compiled module: the install found no working C++17 compiler"
if importlib.util.find_spec("simulator.native._core") is not None:
    try:
        _core = importlib.import_module("simulator.native._core")
    except ImportError as exc:  # built for another Python, or a library missing
        _MISSING = f"its module does not load: {exc}"


def _load() -> tuple[ModuleType | None, str]:
    if _core is None:
        return None, (
            f"the native core is not built ({_MISSING}); reinstall with a C++17 compiler "
            "(pip install -e .) to build it"
        )
    built_from = getattr(_core, "SOURCES", None)
    now = sources_hash()
    if now is not None and built_from != now:
        return None, (
            "the native core was built from other sources than these (edited since); "
            "rebuild it with pip install -e . (or python setup.py build_ext --inplace)"
        )
    return _core, ""


CORE, NOT_BUILT = _load()
"""The compiled module, or None and why not."""


def built() -> bool:
    return CORE is not None
