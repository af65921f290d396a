"""A designer's own Python code for a run (`--powers FILE`): read once where the run starts,
carried whole in the run's config, run again wherever a game is built.

The code travels as its text, not as a path: a worker on another machine (Dask, Ray) has no
copy of the designer's file, and a resumed run must play the code it started with, so the
text is part of the config (the manifest keeps it, and a changed file is a different config).
A game that takes such code (Import/Export's card powers) says what the code may declare;
this module only reads the file and runs its text, naming the file and line of any error.
"""

from __future__ import annotations

import hashlib
import traceback
import types
from dataclasses import dataclass
from pathlib import Path

from simulator.core.errors import ConfigError


@dataclass(frozen=True)
class PluginCode:
    """A Python file's text, its name (for errors and reports) and its hash (what identifies
    it: two runs with equal hashes played the same code)."""

    file: str
    sha256: str
    source: str

    @classmethod
    def read(cls, path: str | Path, option: str = "--powers") -> PluginCode:
        """The file's text; errors name the option and the file."""
        p = Path(path)
        if p.suffix != ".py":
            raise ConfigError(f"{option}: {p} is not a Python file (.py)")
        try:
            data = p.read_bytes()
        except OSError as e:
            raise ConfigError(f"{option}: cannot read {p}: {e.strerror or e}") from None
        try:
            source = data.decode("utf-8")
        except UnicodeDecodeError as e:
            raise ConfigError(f"{option}: {p} is not UTF-8 text ({e.reason})") from None
        return cls(str(p.resolve()), hashlib.sha256(data).hexdigest(), source)

    def to_json(self) -> dict[str, str]:
        return {"file": self.file, "sha256": self.sha256, "source": self.source}

    @classmethod
    def from_json(cls, data: dict[str, str]) -> PluginCode:
        return cls(data["file"], data["sha256"], data["source"])


_RUN_FILES: set[str] = set()
"""The designer files run in this process: an error whose traceback passes through one of
them is told as that file's (`blame`), not as the rules' or a bot's."""


def blame(error: BaseException) -> str | None:
    """`FILE, line N (function)` of the deepest frame of a designer's file in the error's
    traceback, or None when the error did not pass through one."""
    last = _deepest_frame_in(error, _RUN_FILES)
    return None if last is None else f"{last.filename}, line {last.lineno} ({last.name})"


def _deepest_frame_in(error: BaseException, files: set[str]) -> traceback.FrameSummary | None:
    if not files:
        return None
    frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename in files]
    return frames[-1] if frames else None


def run_plugin(code: PluginCode, option: str = "--powers") -> types.ModuleType:
    """Run the code as a module of its own (not in sys.modules: two runs' files never share
    a name); an error, while compiling or running it, names the file and the line."""
    module = types.ModuleType(f"deckhand_plugin_{code.sha256[:16]}")
    module.__file__ = code.file
    _RUN_FILES.add(code.file)
    try:
        compiled = compile(code.source, code.file, "exec")
    except SyntaxError as e:
        raise ConfigError(f"{option}: {code.file}, line {e.lineno}: {e.msg}") from None
    try:
        exec(compiled, module.__dict__)
    except Exception as e:
        raise ConfigError(f"{option}: {code.file}, line {_line_in(code, e)}: {_said(e)}") from e
    return module


def _line_in(code: PluginCode, error: BaseException) -> int | str:
    """The line of the designer's file the error came from (its deepest frame there)."""
    last = _deepest_frame_in(error, {code.file})
    return last.lineno if last is not None and last.lineno is not None else "?"


def _said(error: BaseException) -> str:
    text = str(error)
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def described(value: object) -> str:
    """A config value as a difference or a report shows it: a plugin by file and hash."""
    if isinstance(value, dict) and "sha256" in value and "file" in value:
        return f"{value['file']} (sha256 {str(value['sha256'])[:12]})"
    return str(value)
