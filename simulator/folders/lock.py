"""One writer per folder: `simulate`, `ablate`, `sweep`, `tune` and `balance` hold
FOLDER/.deckhand.lock while they write, so a second command into the same folder stops
with a message naming the holder instead of playing every game again beside it.

The lock is an advisory `flock` on the lock file, which the system releases when the holder
dies however it dies (kill -9 included); the file also says who holds it (process id, host,
command, start time) for the message. A lock file left by a process that is gone is taken
over with a note. A lock held on another host cannot be checked from here: the message says
which host and process, and that removing the file is safe once that process is gone.
"""

from __future__ import annotations

import fcntl
import json
import os
import socket
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from simulator.core.errors import RunFolderError

LOCK_FILE = ".deckhand.lock"

_held: dict[Path, int] = {}
"""Folders this process holds, with how many nested holds (a command that locks a folder
may call another that locks it again; the lock is released when the outermost ends)."""


def _note(text: str) -> None:
    print(f"note: {text}", file=sys.stderr)


def _holder(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _described(holder: dict[str, Any]) -> str:
    if not holder:
        return "another process (its lock file is being written)"
    return (
        f"`deckhand {holder.get('command', '?')}` (process {holder.get('pid', '?')} on "
        f"{holder.get('host', '?')}, since {holder.get('started', '?')})"
    )


def _cannot_write(folder: Path, exc: OSError) -> RunFolderError:
    return RunFolderError(
        f"{exc.filename or folder}: cannot write ({exc.strerror or exc}); nothing in {folder} "
        "was changed: make it writable or choose another --out"
    )


@contextmanager
def folder_lock(
    folder: str | Path, command: str, note: Callable[[str], None] = _note
) -> Iterator[Path]:
    """Hold FOLDER's lock while the block runs (creating FOLDER if it does not exist);
    a folder held by a live process is a RunFolderError naming it."""
    folder = Path(folder)
    key = folder.resolve()
    if key in _held:
        _held[key] += 1
        try:
            yield folder
        finally:
            _held[key] -= 1
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:  # an unwritable parent, a parent that is a file, a full disk
        raise RunFolderError(
            f"--out {folder}: cannot create the folder ({exc.strerror or exc}); "
            "choose a writable place"
        ) from None
    path = folder / LOCK_FILE
    fd = _acquire(folder, path, command, note)
    _held[key] = 1
    try:
        yield folder
    finally:
        del _held[key]
        try:
            path.unlink(missing_ok=True)
        finally:
            os.close(fd)


def _acquire(folder: Path, path: Path, command: str, note: Callable[[str], None]) -> int:
    """Open and flock the lock file (retrying if the file was replaced between the open and
    the lock) and write this process into it; returns the open descriptor."""
    while True:
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise _cannot_write(folder, exc) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise RunFolderError(
                f"{folder}: in use by {_described(_holder(path))}; wait for it to finish, "
                "or choose another --out"
            ) from None
        try:
            same = os.fstat(fd).st_ino == os.stat(path).st_ino
        except FileNotFoundError:
            same = False  # its holder removed it as it finished: try again
        if same:
            break
        os.close(fd)
    left = _holder(path)
    here = socket.gethostname()
    if left and left.get("host") not in (None, here):
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)
        raise RunFolderError(
            f"{folder}: locked by {_described(left)}, which cannot be checked from {here}; "
            f"if that process is gone, remove {path} and try again"
        )
    if left:
        note(f"{folder}: took over the lock left by {_described(left)}, which is gone")
    record = {
        "pid": os.getpid(),
        "host": here,
        "command": command,
        "started": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    os.ftruncate(fd, 0)
    os.pwrite(fd, (json.dumps(record) + "\n").encode(), 0)
    return fd
