"""The native core's build: simulator/native/src/*.cpp into simulator.native._core.

Everything else about the package is in pyproject.toml. The core is optional: where no C++
compiler (or no working one) exists, the install still succeeds, says once why the core was
not built, and every run plays with the Python engine (`deckhand engine` says the same).
Flags: C++17, warnings as errors, no fast-math and no floating-point contraction, so that
the native engine sums floats exactly as the Python reference does (docs/performance.md).
"""

from __future__ import annotations

import hashlib
import os
import sys
from glob import glob
from pathlib import Path

from pybind11.setup_helpers import ParallelCompile, Pybind11Extension
from setuptools import setup
from setuptools.command.build_ext import build_ext

FLAGS = ["-O3", "-Wall", "-Wextra", "-Werror", "-ffp-contract=off", "-fno-fast-math"]
SANITIZE = ["-fsanitize=address,undefined", "-fno-sanitize-recover=undefined", "-g", "-O1"]
"""DECKHAND_NATIVE_SANITIZE=1 builds with AddressSanitizer and UBSan (CI's bounded
differential test; run it with the sanitizers' runtime preloaded: tests/native/README)."""


def _flags() -> tuple[list[str], list[str]]:
    if os.environ.get("DECKHAND_NATIVE_SANITIZE") == "1":
        flags = [f for f in FLAGS if f != "-O3"] + SANITIZE
        return flags, ["-fsanitize=address,undefined"]
    return FLAGS, []


class OptionalBuildExt(build_ext):
    """Build the native core if a compiler allows; otherwise say so once and go on."""

    failed = False

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # no compiler at all, or the copy of what was not built
            self._said(exc)

    def build_extension(self, ext: Pybind11Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as exc:
            self._said(exc)

    def _said(self, exc: Exception) -> None:
        if OptionalBuildExt.failed:
            return
        OptionalBuildExt.failed = True
        why = str(exc).strip().splitlines()[-1][-200:] if str(exc).strip() else ""
        print(
            f"deckhand: the native core was not built ({type(exc).__name__}: {why}); "
            "every run will play with the Python engine (`deckhand engine` says why)",
            file=sys.stderr,
        )


def sources_hash() -> str:
    """The SHA-256 of the core's sources (every file under simulator/native/src, by path):
    built into the module, so that a build older than its sources is noticed
    (simulator/native/__init__.py computes the same and refuses a stale core)."""
    digest = hashlib.sha256()
    for path in sorted(Path("simulator/native/src").rglob("*")):
        if path.is_file():
            digest.update(path.as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


compile_flags, link_flags = _flags()
ParallelCompile("DECKHAND_BUILD_JOBS", default=0).install()  # every core; the env var caps it
setup(
    ext_modules=[
        Pybind11Extension(
            "simulator.native._core",
            sorted(glob("simulator/native/src/*.cpp")),
            include_dirs=["simulator/native/src"],
            # the headers too: a header edited alone must rebuild the core (setuptools compares
            # the dates of sources and depends with the built module's)
            depends=sorted(glob("simulator/native/src/**/*.hpp", recursive=True)),
            cxx_std=17,
            extra_compile_args=compile_flags,
            extra_link_args=link_flags,
            define_macros=[("DECKHAND_SOURCES", f'"{sources_hash()}"')],
        )
    ],
    cmdclass={"build_ext": OptionalBuildExt},
)
