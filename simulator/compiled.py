"""The optional compiled build: the hot modules compiled by mypyc into C extensions.

`deckhand compile` builds them in place, beside their sources: Python imports an extension
module before a `.py` of the same name, so the compiled build is used by every command and
every worker from then on, and `deckhand compile --clean` removes it to fall back to pure
Python (the default). The sources are the same; the compiled modules must give the same
games bit for bit (tests/test_compiled_build.py checks the golden games with both builds).
The build records each hot module's source hash (SOURCES), so that a source edited after it
is noticed (`stale_sources`) and the CLI refuses to run other code than the sources say.

It needs a C compiler and the `compiled` extra (`pip install -e ".[compiled]"`: mypy, which
ships mypyc, and setuptools). mypyc compiles only code that type-checks, and it is fastest
where the types are precise: see docs/performance.md.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
"""The folder holding the `simulator` and `strategies` packages (the project's root)."""

HOT_MODULES: tuple[str, ...] = (
    "simulator/core/decision.py",
    "simulator/core/engine.py",
    "simulator/core/machine.py",
    "simulator/core/forward.py",
    "simulator/core/seeding.py",
    "simulator/core/view.py",
    "simulator/games/import_export/state.py",
    "simulator/games/import_export/game_base.py",
    "simulator/games/import_export/limits.py",
    "simulator/games/import_export/cargo.py",
    "simulator/games/import_export/ships.py",
    "simulator/games/import_export/tokyo_port.py",
    "simulator/games/import_export/scoring.py",
    "simulator/games/import_export/invariants.py",
    "simulator/games/import_export/fulfilment.py",
    "simulator/games/import_export/loading.py",
    "simulator/games/import_export/auctions.py",
    "simulator/games/import_export/plunder.py",
    "simulator/games/import_export/actions.py",
    "simulator/games/import_export/turn.py",
    "simulator/games/import_export/rules.py",
    "simulator/games/import_export/windows.py",
    "simulator/games/import_export/powers/framework.py",
    "simulator/games/import_export/view.py",
    "simulator/games/travel/state.py",
    "simulator/games/travel/rules.py",
    "simulator/games/travel/events.py",
    "simulator/games/travel/special_items.py",
    "simulator/games/travel/view.py",
    "strategies/random_strategy.py",
    "strategies/travel/heuristic.py",
    "strategies/import_export/match_tables.py",
    "strategies/import_export/valuation.py",
    "strategies/import_export/classic.py",
    "strategies/import_export/heuristic.py",
    "strategies/import_export/archetypes.py",
    "strategies/import_export/power_choices.py",
)
"""The modules compiled: the decision object, the play loop, the random streams, each game's
state, rules and views, and the bots (where a game's time goes; docs/performance.md has the
profile)."""

GROUP = "simulator.mypyc_group"
"""The shared library of the compiled group (`simulator/mypyc_group__mypyc...so`), inside a
package so that an installed `deckhand` finds it wherever it runs. (Not `simulator.native`:
that package is the C++ core, built by pip install, which this build leaves alone.)"""

NATIVE_CORE = Path("simulator") / "native"
"""The C++ core's package (simulator/native/): its extension is not part of this build."""


MYPY_OPTIONS = ("--ignore-missing-imports", "--follow-imports=silent")
"""Type errors in the compiled modules stop the build; the modules they import are read
for their types only (numpy and polars have no stubs worth checking against here)."""

SCRATCH = Path("build") / "mypyc"
"""Where the build keeps its generated C and objects, relative to the root."""


SOURCES = Path("simulator") / "compiled_sources.json"
"""Written by the build, relative to the root: the SHA-256 of each hot module's source as
compiled, so that a source edited after `deckhand compile` is noticed (`stale_sources`)."""


class CompileError(RuntimeError):
    """The compiled build could not be made (no compiler, no mypyc, a type error)."""


def extension_files(root: Path = ROOT) -> list[Path]:
    """The compiled extension files present under `root` (the build in place)."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    found = []
    native = root / NATIVE_CORE
    for pattern in ("simulator/**/*", "strategies/**/*"):
        found += [
            p for p in root.glob(pattern) if p.name.endswith(suffixes) and native not in p.parents
        ]
    return sorted(found)


def compiled_modules() -> list[str]:
    """The hot modules that this interpreter would import compiled (empty: pure Python)."""
    names = []
    for path in HOT_MODULES:
        name = path.removesuffix(".py").replace("/", ".")
        spec = importlib.util.find_spec(name)
        if spec is not None and isinstance(spec.loader, importlib.machinery.ExtensionFileLoader):
            names.append(name)
    return names


def build_label() -> str:
    """One word for reports and benchmarks: `compiled` (all hot modules), `partly
    compiled`, or `pure`."""
    compiled = compiled_modules()
    if not compiled:
        return "pure"
    return "compiled" if len(compiled) == len(HOT_MODULES) else "partly compiled"


def build(root: Path = ROOT, quiet: bool = True) -> list[Path]:
    """Compile the hot modules in place under `root`; returns the extension files made.

    The work happens in a child interpreter (setuptools' build_ext with mypyc's
    `mypycify`), in `root/build/mypyc/` (generated C, objects); a failure raises
    CompileError with the compiler's last lines, and leaves the pure build as it was."""
    try:
        import mypyc  # noqa: F401
    except ImportError:
        raise CompileError(
            "the compiled build needs mypyc: pip install -e '.[compiled]' (mypy, setuptools)"
        ) from None
    clean(root)
    script = (
        "import sys\n"
        "from setuptools import setup\n"
        "from mypyc.build import mypycify\n"
        f"setup(name='deckhand-native', ext_modules=mypycify({[*MYPY_OPTIONS, *HOT_MODULES]!r}, "
        f"group_name={GROUP!r}, opt_level='3', target_dir={str(SCRATCH)!r}), "
        f"script_args=['build_ext', '--inplace', '--build-temp', {str(SCRATCH / 'temp')!r}])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=root, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-15:])
        clean(root)
        raise CompileError(f"mypyc failed (exit {done.returncode}):\n{tail}")
    if not quiet:
        print(done.stdout[-2000:])
    (root / SOURCES).write_text(json.dumps(_source_hashes(root), indent=1) + "\n")
    return extension_files(root)


def _source_hashes(root: Path) -> dict[str, str]:
    return {path: hashlib.sha256((root / path).read_bytes()).hexdigest() for path in HOT_MODULES}


def stale_sources(root: Path = ROOT) -> list[str]:
    """The hot modules whose source changed since the compiled build in place was made (all
    of them when the build left no record): Python would still import the compiled module,
    so the edit would silently not play. Empty for a pure build or an up-to-date one."""
    if not extension_files(root):
        return []
    try:
        built = json.loads((root / SOURCES).read_text())
    except (OSError, ValueError):
        return list(HOT_MODULES)
    now = _source_hashes(root)
    return [path for path in HOT_MODULES if built.get(path) != now[path]]


def clean(root: Path = ROOT) -> list[Path]:
    """Remove the compiled build (back to pure Python); returns the files removed."""
    removed = extension_files(root)
    for path in removed:
        path.unlink()
    (root / SOURCES).unlink(missing_ok=True)
    shutil.rmtree(root / SCRATCH, ignore_errors=True)
    return removed
