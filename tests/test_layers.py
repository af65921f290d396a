"""The layering holds: the core knows no game, no bot and no report; no module imports one
above it; no circle of imports, at run time or for type hints; no import hidden in a function
(cli.py aside: it imports lazily so that `deckhand --help` starts fast); and every module
imports on its own in a fresh interpreter. docs/architecture.md draws the layers."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TOPS = ("simulator", "strategies", "reports")

LAYERS: tuple[tuple[str, ...], ...] = (
    ("simulator", "simulator.core"),
    ("simulator.games",),
    ("strategies",),
    ("simulator.catalog",),
    ("simulator.folders",),
    ("simulator.analysis",),
    ("simulator.native",),
    ("simulator.runs",),
    ("simulator.experiments",),
    ("reports",),
    ("cli", "simulator.__main__", "simulator.compiled"),
)
"""Bottom to top: a module may import its own layer and those below (a name ending in "!"
is that module alone, not its package). The storage of a run (simulator.folders: its config,
its folder, its lock) sits under the analysis, which reads run folders but never plays them;
simulator.runs plays games into them and sits above it."""

LAZY_IMPORTS_ALLOWED = {"cli"}


def _modules() -> dict[str, Path]:
    found = {"cli": ROOT / "cli.py"}
    for top in TOPS:
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).with_suffix("")
            name = ".".join(rel.parts)
            found[name.removesuffix(".__init__")] = path
    return found


MODULES = _modules()


def _resolve(name: str) -> str | None:
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _imports(module: str) -> tuple[set[str], set[str], list[str]]:
    """(run-time imports, imports for type hints only, imports inside functions) of a module."""
    path = MODULES[module]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    typing_only: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            typing_only.update(id(n) for n in ast.walk(node))
    in_functions: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            in_functions.update(id(n) for n in ast.walk(node))
    runtime: set[str] = set()
    hinted: set[str] = set()
    lazy: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*parts, base] if base else parts)
            names = [base, *(f"{base}.{a.name}" for a in node.names)]
        else:
            continue
        targets = {t for n in names if n.split(".")[0] in (*TOPS, "cli") if (t := _resolve(n))}
        targets.discard(module)
        if not targets:
            continue
        if id(node) in typing_only:
            hinted |= targets
        else:
            runtime |= targets
            if id(node) in in_functions:
                lazy.append(f"{module}:{node.lineno}")
    return runtime, hinted, lazy


GRAPH = {m: _imports(m) for m in MODULES}


def _layer(module: str) -> int:
    best, depth = -1, -1
    for level, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            if prefix.endswith("!"):
                if module == prefix[:-1]:
                    return level
            elif (module == prefix or module.startswith(prefix + ".")) and len(prefix) > depth:
                best, depth = level, len(prefix)
    assert best >= 0, f"{module} is in no layer of LAYERS"
    return best


def _circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in edges:
        if v not in index:
            visit(v)
    return found


def test_every_module_is_in_a_layer() -> None:
    for module in MODULES:
        _layer(module)


def test_no_module_imports_a_layer_above_it() -> None:
    breaks = [
        f"{m} (layer {_layer(m)}) imports {t} (layer {_layer(t)})"
        for m, (runtime, hinted, _) in GRAPH.items()
        for t in sorted(runtime | hinted)
        if _layer(t) > _layer(m)
    ]
    assert breaks == []


def test_a_game_imports_only_the_core_and_itself() -> None:
    breaks = []
    for m, (runtime, hinted, _) in GRAPH.items():
        if m.startswith("simulator.games."):
            own = ".".join(m.split(".")[:3])
            for t in runtime | hinted:
                if not (t.startswith("simulator.core") or t == own or t.startswith(own + ".")):
                    breaks.append(f"{m} imports {t}")
    assert breaks == []


def test_no_circle_of_imports_at_run_time() -> None:
    assert _circles({m: runtime for m, (runtime, _, _) in GRAPH.items()}) == []


def test_no_circle_of_imports_with_type_hints_counted() -> None:
    assert _circles({m: runtime | hinted for m, (runtime, hinted, _) in GRAPH.items()}) == []


def test_no_import_hidden_in_a_function() -> None:
    lazy = [
        place
        for m, (_, _, places) in GRAPH.items()
        if m not in LAZY_IMPORTS_ALLOWED
        for place in places
    ]
    assert lazy == []


def _import_alone(module: str) -> tuple[str, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", f"import {module}"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    return module, done.stderr.strip().splitlines()[-1] if done.returncode else ""


@pytest.mark.parametrize("chunk", range(4))
def test_every_module_imports_alone_in_a_fresh_interpreter(chunk: int) -> None:
    mine = sorted(MODULES)[chunk::4]
    with ThreadPoolExecutor(max_workers=2) as pool:
        failed = [f"{m}: {err}" for m, err in pool.map(_import_alone, mine) if err]
    assert failed == []
