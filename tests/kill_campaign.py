"""Kill campaign: SIGKILL `simulate`, `ablate` and `sweep` at random moments, resume, and
compare every table with an uninterrupted run (issue 28, item 6).

Each command first plays a reference run; then, K times, the same command is started into a
fresh folder in its own process group, the whole group (workers included) is killed after a
random delay (uniform over 0 .. 1.1 x the reference's wall time, from a seeded numpy
Generator), sometimes killed a second time when it is started again, and then run to the end.
The result must hold exactly the reference's tables and JSON (times left out), no temporary
file and no lock. A resume that refuses is a failure, its message printed: a kill must never
leave a folder its own command will not finish.

    .venv/bin/python tests/kill_campaign.py --kills 20 --seed 0
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl
from polars.testing import assert_frame_equal

from simulator.folders.run_folder import (
    completed_chunks,
    read_card_events,
    read_games,
    read_players,
)

LOCK_NAME = ".deckhand.lock"
TIME_FIELDS = frozenset({"seconds", "started", "finished", "date", "last_backend", "played_now"})
"""JSON fields and table columns that hold times or what the last call did (its backend, the
games it played): they differ between any two runs."""
OUT = "{out}"
"""Stands for the output folder in a command's arguments."""

PRESETS: dict[str, dict[str, list[str]]] = {
    "full": {
        "simulate": ["simulate", "travel", "-n", "400", "--chunk-size", "25", "--seed", "3"]
        + ["-q", "--out", OUT],
        "ablate": ["ablate", "import-export", "-p", "2", "-n", "600", "--seed", "3", "-q"]
        + ["-o", OUT],
        "sweep": ["sweep", "travel", "-m", "special_items", "--card", "Trading Post"]
        + ["--param", "bonus=0,2", "-n", "200", "--chunk-size", "25", "--seed", "3", "-q"]
        + ["-o", OUT],
    },
    "ci": {
        "simulate": ["simulate", "travel", "-n", "150", "--chunk-size", "25", "--seed", "3"]
        + ["-q", "--out", OUT],
        "ablate": ["ablate", "import-export", "-p", "2", "--cards", "Almonds,Beer"]
        + ["--design", "paired", "-n", "30", "--seed", "3", "-q", "-o", OUT],
        "sweep": ["sweep", "travel", "-m", "special_items", "--card", "Trading Post"]
        + ["--param", "bonus=0,2", "-n", "75", "--chunk-size", "25", "--seed", "3", "-q"]
        + ["-o", OUT],
    },
}
"""Small but real configs per command: `full` for the campaign by hand (each reference
under ~10 s on 2 cores), `ci` for tests/test_kill_campaign.py."""
COMMANDS = ("simulate", "ablate", "sweep")


def command_line(preset: str, command: str, out: Path, jobs: int) -> list[str]:
    """The full argv of one command of a preset, into OUT, with `jobs` workers."""
    args = [str(out) if a == OUT else a for a in PRESETS[preset][command]]
    return [sys.executable, "-m", "simulator", *args, "-j", str(jobs)]


# ---------------------------------------------------------------------- processes


@dataclass
class Finished:
    """How one start of a command ended: on its own (rc) or killed (rc None)."""

    rc: int | None
    seconds: float
    stderr: str
    escaped: int = 0
    """Descendants outside the process group that had to be killed one by one."""
    survivors: int = 0
    """Processes of the killed family still running 10 s after the kill."""


def _proc_table() -> dict[int, tuple[int, int, str]]:
    """pid -> (parent pid, process group, state) of every process, from /proc."""
    table: dict[int, tuple[int, int, str]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            text = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = text[text.rindex(")") + 2 :].split()
        table[int(entry)] = (int(fields[1]), int(fields[2]), fields[0])
    return table


def _descendants(pid: int) -> set[int]:
    table = _proc_table()
    found, frontier = set(), {pid}
    while frontier:
        frontier = {p for p, (ppid, _, _) in table.items() if ppid in frontier} - found
        found |= frontier
    return found


def _alive(pids: set[int], group: int) -> set[int]:
    """Which of PIDS, or members of GROUP, still run (zombies do not count)."""
    return {
        p
        for p, (_, pgrp, state) in _proc_table().items()
        if (p in pids or pgrp == group) and state not in ("Z", "X")
    }


def kill_group(proc: subprocess.Popen[bytes]) -> tuple[int, int]:
    """SIGKILL the process group PROC leads, and any descendant that left it; wait (10 s at
    most) until none runs. Returns how many descendants were outside the group, and how
    many processes still run."""
    family = _descendants(proc.pid)
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    escaped = 0
    for pid in family:
        try:
            if os.getpgid(pid) != proc.pid:
                escaped += 1
                os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    proc.wait()
    deadline = time.monotonic() + 10
    while _alive(family, proc.pid) and time.monotonic() < deadline:
        time.sleep(0.02)
    return escaped, len(_alive(family, proc.pid))


def start(argv: Sequence[str], log: Path) -> tuple[subprocess.Popen[bytes], Any]:
    """Start ARGV in a new session (its own process group), stderr to LOG."""
    err = log.open("wb")
    proc = subprocess.Popen(
        list(argv),
        stdout=subprocess.DEVNULL,
        stderr=err,
        start_new_session=True,
        cwd=Path(__file__).resolve().parent.parent,
    )
    return proc, err


def play(argv: Sequence[str], log: Path, kill_after: float | None, timeout: float) -> Finished:
    """Run ARGV; SIGKILL its group after `kill_after` seconds unless it ended first (None:
    run to the end, killed only past `timeout` and then reported as rc 124)."""
    proc, err = start(argv, log)
    began = time.monotonic()
    limit = timeout if kill_after is None else kill_after
    escaped = survivors = 0
    try:
        while proc.poll() is None and time.monotonic() - began < limit:
            time.sleep(0.005)
        rc = proc.poll()
        if rc is None:
            escaped, survivors = kill_group(proc)
            rc = 124 if kill_after is None else None
    finally:
        err.close()
    text = log.read_text(errors="replace")
    return Finished(rc, time.monotonic() - began, text, escaped, survivors)


def last_line(text: str) -> str:
    """The one-line message of a failed command (its last non-empty stderr line)."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1] if lines else "(no message)"


# ---------------------------------------------------------------------- folder state


def run_folders(root: Path) -> list[Path]:
    """ROOT and every folder under it that is a run folder (has a games table)."""
    if not root.is_dir():
        return []
    found = {p.parent for p in root.rglob("games") if p.is_dir()}
    found |= {p.parent for p in root.rglob("manifest.json")}
    return sorted(found)


def leftovers(root: Path) -> list[str]:
    """Temporary files and lock files under ROOT, relative to it."""
    if not root.is_dir():
        return []
    return sorted(
        str(p.relative_to(root))
        for p in root.rglob("*")
        if p.name == LOCK_NAME
        or (p.name.startswith(".") and ".tmp" in p.name)
        or p.name.endswith(".tmp")
    )


def _files(root: Path) -> set[str]:
    """Every file under ROOT (relative), but for temporary and lock files."""
    skip = set(leftovers(root))
    return {
        str(p.relative_to(root)) for p in root.rglob("*") if p.is_file() or p.is_symlink()
    } - skip


def describe_state(root: Path, reference: Path) -> str:
    """What a kill left in ROOT, against the finished REFERENCE: chunks per run folder,
    the reference's files missing, temporary files, the lock."""
    if not root.exists():
        return "no folder"
    if not any(root.iterdir()):
        return "empty folder"
    parts = []
    for run in run_folders(reference):
        rel = run.relative_to(reference)
        total = len(completed_chunks(run))
        done = len(completed_chunks(root / rel))
        name = "" if str(rel) == "." else f"{rel} "
        parts.append(f"{name}{done}/{total} chunks")
    missing = sorted(
        p for p in _files(reference) - _files(root) if not any(s in p for s in ("part-", "/"))
    )
    if missing:
        parts.append("lacks " + ",".join(missing))
    left = leftovers(root)
    tmp = [p for p in left if not p.endswith(LOCK_NAME)]
    if tmp:
        parts.append(f"{len(tmp)} tmp")
    if len(tmp) < len(left):
        parts.append("lock")
    return "; ".join(parts) or "every file in place"


# ---------------------------------------------------------------------- comparison


def _normalised(value: Any, roots: Sequence[str]) -> Any:
    """A JSON value without its time fields, its folder's own paths written <OUT>."""
    if isinstance(value, dict):
        return {
            k: _normalised(v, roots)
            for k, v in value.items()
            if k not in TIME_FIELDS or isinstance(v, bool)  # "finished": true is a state
        }
    if isinstance(value, list):
        return [_normalised(v, roots) for v in value]
    if isinstance(value, str):
        for root in roots:
            value = value.replace(root, "<OUT>")
    return value


def _json_difference(ref: Path, got: Path, ref_root: Path, got_root: Path) -> str | None:
    try:
        got_data = json.loads(got.read_text())
    except ValueError as exc:
        return f"unreadable JSON ({exc})"
    want = _normalised(json.loads(ref.read_text()), [str(ref_root.resolve()), str(ref_root)])
    have = _normalised(got_data, [str(got_root.resolve()), str(got_root)])
    if want == have:
        return None
    if isinstance(want, dict) and isinstance(have, dict):
        keys = sorted(k for k in want.keys() | have.keys() if want.get(k) != have.get(k))
        shown = ", ".join(f"{k}: {want.get(k)!r} != {have.get(k)!r}" for k in keys[:3])
        return f"fields differ: {shown[:300]}"
    return "differs"


def _sortable(frame: pl.DataFrame) -> list[str]:
    return [c for c, t in frame.schema.items() if not t.is_nested() and t != pl.Object]


def frame_difference(ref: pl.DataFrame, got: pl.DataFrame) -> str | None:
    """None when the frames are equal (exactly, times left out), sorting by every column
    if the rows alone are in another order; else what differs, in one line."""
    ref = ref.drop([c for c in ref.columns if c in TIME_FIELDS])
    got = got.drop([c for c in got.columns if c in TIME_FIELDS])
    try:
        assert_frame_equal(ref, got, check_exact=True)
        return None
    except AssertionError as exc:
        first = " ".join(str(exc).split())
    keys = _sortable(ref)
    if keys and ref.columns == got.columns:
        try:
            assert_frame_equal(ref.sort(keys), got.sort(keys), check_exact=True)
            return None
        except AssertionError:
            pass
    return first[:300]


def compare_run_folder(ref: Path, got: Path) -> list[str]:
    """Differences of a run folder's tables (as the readers give them) and cards.parquet."""
    out: list[str] = []
    readers: dict[str, Callable[[Path], pl.DataFrame]] = {
        "games": read_games,
        "players": read_players,
        "card_events": read_card_events,
        "cards.parquet": lambda f: pl.read_parquet(f / "cards.parquet"),
    }
    for name, read in readers.items():
        try:
            diff = frame_difference(read(ref), read(got))
        except Exception as exc:  # noqa: BLE001 - a table that cannot be read is a difference
            diff = f"cannot read ({type(exc).__name__}: {' '.join(str(exc).split())[:200]})"
        if diff:
            out.append(f"{name}: {diff}")
    return out


def compare_folders(ref: Path, got: Path) -> list[str]:
    """Every difference between a finished folder and the reference: the file set, each
    Parquet file as a frame, each JSON file without times, other data files byte for byte
    (HTML pages hold dates and are only required to exist), and each run folder's tables."""
    out: list[str] = []
    if not got.is_dir():
        return ["no folder"]
    want, have = _files(ref), _files(got)
    if want - have:
        out.append("missing: " + ", ".join(sorted(want - have)[:5]))
    if have - want:
        out.append("extra: " + ", ".join(sorted(have - want)[:5]))
    for rel in sorted(want & have):
        a, b = ref / rel, got / rel
        if rel.endswith(".parquet"):
            try:
                diff = frame_difference(pl.read_parquet(a), pl.read_parquet(b))
            except Exception as exc:  # noqa: BLE001 - a broken file is a difference
                diff = f"cannot read ({type(exc).__name__}: {exc})"
        elif rel.endswith(".json"):
            diff = _json_difference(a, b, ref, got)
        elif rel.endswith(".html"):
            diff = None
        else:
            diff = None if a.read_bytes() == b.read_bytes() else "bytes differ"
        if diff:
            out.append(f"{rel}: {diff}")
    for run in run_folders(ref):
        rel = run.relative_to(ref)
        prefix = "" if str(rel) == "." else f"{rel}/"
        if (got / rel).is_dir():
            out.extend(prefix + d for d in compare_run_folder(run, got / rel))
    return out


# ---------------------------------------------------------------------- the campaign


@dataclass
class Try:
    """One try: its kills (delay, what each left), the resume, and the verdict."""

    command: str
    index: int
    delays: list[float] = field(default_factory=list)
    states: list[str] = field(default_factory=list)
    kills: int = 0
    finished_early: bool = False
    """The command ended on its own before a planned kill (nothing to resume)."""
    resume_rc: int | None = None
    resume_seconds: float = 0.0
    message: str = ""
    differences: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.resume_rc == 0 and not self.differences and not self.message

    def line(self) -> str:
        kills = " + ".join(f"{d:.2f}s" for d in self.delays)
        left = " | ".join(self.states) or "-"
        head = f"{self.command:<8} try {self.index:>2}  kill at {kills:<14} left: {left}"
        if self.finished_early:
            head += " (finished before the kill)"
        tail = f"resume rc {self.resume_rc} ({self.resume_seconds:.1f} s)"
        if self.ok:
            return f"{head}  {tail}  identical: yes"
        why = self.message or self.differences[0]
        more = f" (+{len(self.differences) - 1} more)" if len(self.differences) > 1 else ""
        return f"{head}  {tail}  identical: NO: {why}{more}"


@dataclass
class Reference:
    command: str
    folder: Path
    argv: list[str]
    seconds: float


def reference_run(preset: str, command: str, work: Path, jobs: int) -> Reference:
    """Play the command uninterrupted into WORK/COMMAND/reference, timing it; a reference
    that fails stops the campaign of that command (RuntimeError with its message)."""
    folder = work / command / "reference"
    shutil.rmtree(folder, ignore_errors=True)
    folder.parent.mkdir(parents=True, exist_ok=True)
    argv = command_line(preset, command, folder, jobs)
    done = play(argv, work / command / "reference.log", None, timeout=600)
    if done.rc != 0:
        raise RuntimeError(f"{command}: the reference run failed: {last_line(done.stderr)}")
    return Reference(command, folder, argv, done.seconds)


def kill_try(
    ref: Reference,
    preset: str,
    index: int,
    delays: Sequence[float],
    work: Path,
    jobs: int,
    timeout: float | None = None,
) -> Try:
    """Start the command into a fresh folder and SIGKILL it after each of DELAYS in turn
    (each delay a new start, resuming the last), then run it to the end and compare."""
    out = work / ref.command / f"try-{index:02d}"
    shutil.rmtree(out, ignore_errors=True)
    argv = command_line(preset, ref.command, out, jobs)
    log = work / ref.command / f"try-{index:02d}"
    result = Try(ref.command, index)
    limit = timeout or max(120.0, 10 * ref.seconds)
    ended: Finished | None = None
    for n, delay in enumerate(delays):
        result.delays.append(delay)
        done = play(argv, log.with_suffix(f".kill{n}.log"), delay, limit)
        if done.rc is not None:  # it ended before the kill: that start is the resume
            result.finished_early = n == 0 and done.rc == 0
            ended = done
            break
        result.kills += 1
        state = describe_state(out, ref.folder)
        if done.escaped:
            state += f"; {done.escaped} descendants outside the group"
        if done.survivors:
            state += f"; {done.survivors} processes survived the kill"
            result.differences.append(f"{done.survivors} processes survived the kill")
        result.states.append(state)
    if ended is None:
        ended = play(argv, log.with_suffix(".resume.log"), None, limit)
    result.resume_rc, result.resume_seconds = ended.rc, ended.seconds
    if ended.rc == 124:
        result.message = f"resume timed out after {limit:.0f} s"
    elif ended.rc != 0:
        what = "resume refused" if result.kills else "command failed"
        result.message = f"{what} (rc {ended.rc}): {last_line(ended.stderr)}"
    left = leftovers(out)
    if left:
        result.differences.append("left behind: " + ", ".join(left[:5]))
    if ended.rc == 0:
        result.differences.extend(compare_folders(ref.folder, out))
    return result


@dataclass
class Tally:
    command: str
    tries: int = 0
    kills: int = 0
    identical: int = 0
    failures: int = 0
    results: list[Try] = field(default_factory=list)


def run_campaign(
    commands: Sequence[str],
    kills: int | dict[str, int],
    seed: int = 0,
    preset: str = "full",
    jobs: int = 2,
    work: Path | None = None,
    second_share: float = 0.25,
    baseline: bool = True,
    echo: Callable[[str], None] = print,
) -> list[Tally]:
    """Run the campaign for each command (`kills` tries each, or per command) in WORK
    (a temporary folder, removed after, when None) and return the tallies. Delays and
    second kills come from numpy's Generator seeded by (seed, command), so a command's
    draws do not depend on which other commands run. A reference that fails counts as one
    failure of its command and the campaign goes on with the others."""
    own = work is None
    root = Path(tempfile.mkdtemp(prefix="kill-campaign-")) if own else Path(work)
    tallies = []
    try:
        for command in commands:
            tally = Tally(command)
            tallies.append(tally)
            count = kills if isinstance(kills, int) else kills.get(command, 0)
            try:
                ref = reference_run(preset, command, root, jobs)
            except RuntimeError as exc:
                echo(str(exc))
                tally.failures += 1
                continue
            echo(f"{command}: reference {ref.seconds:.1f} s: {' '.join(ref.argv[1:])}")
            if baseline:
                again = kill_try(ref, preset, 0, [], root, jobs)
                echo(again.line().replace("kill at", "no kill"))
                if not again.ok:
                    tally.failures += 1
            rng = np.random.default_rng([seed, COMMANDS.index(command)])
            for i in range(1, count + 1):
                first, second = rng.uniform(0, 1.1 * ref.seconds, size=2)
                twice = rng.random() < second_share
                one = kill_try(ref, preset, i, [first, second] if twice else [first], root, jobs)
                echo(one.line())
                tally.results.append(one)
                tally.tries += 1
                tally.kills += one.kills
                tally.identical += one.ok
                tally.failures += not one.ok
    finally:
        if own:
            shutil.rmtree(root, ignore_errors=True)
    return tallies


def count_table(tallies: Sequence[Tally]) -> str:
    """The final counts, one row per command."""
    rows = [f"{'command':<9}{'tries':>6}{'kills':>7}{'identical':>11}{'failures':>10}"]
    for t in tallies:
        rows.append(f"{t.command:<9}{t.tries:>6}{t.kills:>7}{t.identical:>11}{t.failures:>10}")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--commands",
        default=",".join(COMMANDS),
        help="comma-separated, of simulate, ablate, sweep (default: all)",
    )
    parser.add_argument("--kills", type=int, default=20, help="tries per command (default 20)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the delays (default 0)")
    parser.add_argument("--preset", choices=sorted(PRESETS), default="full")
    parser.add_argument("--jobs", "-j", type=int, default=2, help="workers (default 2)")
    parser.add_argument(
        "--second-kill", type=float, default=0.25, help="share of tries killed twice (0.25)"
    )
    parser.add_argument(
        "--no-baseline",
        action="store_true",
        help="skip the uninterrupted second run that checks the reference is reproducible",
    )
    parser.add_argument(
        "--work", type=Path, help="keep every folder and log here (default: a temp folder)"
    )
    args = parser.parse_args(argv)
    commands = [c.strip() for c in args.commands.split(",") if c.strip()]
    unknown = [c for c in commands if c not in COMMANDS]
    if unknown:
        parser.error(f"--commands: unknown {', '.join(unknown)}; accepted: {', '.join(COMMANDS)}")
    began = time.monotonic()
    tallies = run_campaign(
        commands,
        args.kills,
        seed=args.seed,
        preset=args.preset,
        jobs=args.jobs,
        work=args.work,
        second_share=args.second_kill,
        baseline=not args.no_baseline,
    )
    print()
    print(count_table(tallies))
    print(f"wall time {time.monotonic() - began:.0f} s")
    return 1 if any(t.failures for t in tallies) else 0


if __name__ == "__main__":
    sys.exit(main())
