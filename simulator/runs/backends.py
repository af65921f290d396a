"""Where chunks are played: this machine (loky, threads, in-process) or a Dask or Ray cluster.

Every backend offers the same three calls, so the runner has one loop for all of them:
`share(value)` puts a large read-only argument (the card sheet) where workers can read it
once, `submit(fn, *args)` starts one task and returns a handle, and `wait(handles)` blocks
until at least one is done. `result(handle)` returns the task's value or raises the
task's own exception (a StrategyError from a worker reads the same on every backend).

Workers return their results to the client; they never need the run folder (see
docs/architecture.md, "Backends").
"""

from __future__ import annotations

import abc
import concurrent.futures as cf
import logging
import os
import threading
import time
import warnings
from collections.abc import Callable, Iterable
from typing import Any

from simulator.core.errors import ConfigError

LOCAL_BACKENDS = ("loky", "threading", "sequential")
CLUSTER_BACKENDS = ("dask", "ray")
BACKENDS = LOCAL_BACKENDS + CLUSTER_BACKENDS

_MISSING = (
    "--backend {name} needs the optional cluster dependencies, which are not installed: "
    "pip install 'deckhand[cluster]' (or pip install {package})"
)


class Backend(abc.ABC):
    """Runs tasks somewhere; a context manager that releases what it started. Each backend
    says how it submits a task; waiting and results default to concurrent.futures."""

    name = "base"
    workers = 1
    """How many tasks run at once (the runner keeps about twice as many in flight)."""
    where = "this process"
    """A short description for messages and the manifest."""

    @property
    def in_flight(self) -> int:
        """Tasks to keep submitted: twice the workers, so none idles while results are
        written; enough to keep a cluster busy, few enough to keep memory flat."""
        return 2 * self.workers

    def share(self, value: Any) -> Any:
        return value

    @abc.abstractmethod
    def submit(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Start `fn(*args)`; return a handle that `wait` and `result` understand."""

    def wait(self, handles: Iterable[Any]) -> set[Any]:
        """Block until at least one of the handles is done; return the done ones."""
        done, _ = cf.wait(list(handles), return_when=cf.FIRST_COMPLETED)
        return set(done)

    def result(self, handle: Any) -> Any:
        return handle.result()

    def cancel(self, handles: Iterable[Any]) -> None:
        for handle in handles:
            handle.cancel()

    def abort(self) -> None:
        """Stop what still runs after an error (tasks of a failed run are not wanted).
        Nothing to stop by default: in-process backends have finished by then."""
        return None

    def close(self) -> None:
        """Release what the backend started; nothing by default."""
        return None

    def __enter__(self) -> Backend:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class InlineBackend(Backend):
    """Plays each task in this process when it is submitted (`sequential`, or one job)."""

    name = "sequential"

    @property
    def in_flight(self) -> int:
        return 1  # a task runs when submitted: submitting ahead would only play ahead

    def submit(self, fn: Callable[..., Any], *args: Any) -> cf.Future:
        future: cf.Future = cf.Future()
        try:
            future.set_result(fn(*args))
        except Exception as exc:  # handed to the caller by result(), as a pool would
            future.set_exception(exc)
        return future


def exit_with_parent(parent: int, every: float = 1.0) -> None:
    """A worker's watch on the process that started it: when that process is gone (killed
    with no chance to stop its workers), the worker exits instead of idling for minutes."""

    def watch() -> None:
        while True:
            time.sleep(every)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="deckhand-parent-watch", daemon=True).start()


class ExecutorBackend(Backend):
    """A concurrent.futures executor: loky worker processes or threads of this process."""

    def __init__(self, name: str, jobs: int) -> None:
        self.name = name
        self.workers = jobs
        if name == "loky":
            from joblib.externals.loky import get_reusable_executor

            # reused across runs of one process, as joblib does; shut down at exit. Workers
            # end themselves within a second or two if this process dies (kill -9).
            self.executor = get_reusable_executor(
                max_workers=jobs, initializer=exit_with_parent, initargs=(os.getpid(),)
            )
            self.where = f"{jobs} loky worker processes"
            self._shutdown = False
        else:
            self.executor = cf.ThreadPoolExecutor(max_workers=jobs)
            self.where = f"{jobs} threads"
            self._shutdown = True

    def submit(self, fn: Callable[..., Any], *args: Any) -> cf.Future:
        return self.executor.submit(fn, *args)

    def abort(self) -> None:
        if self.name == "loky":
            self.executor.shutdown(wait=False, kill_workers=True)  # the next run starts anew
        else:
            self.executor.shutdown(wait=False, cancel_futures=True)
            self._shutdown = False

    def close(self) -> None:
        if self._shutdown:
            self.executor.shutdown(wait=True, cancel_futures=True)


class DaskBackend(Backend):
    """Dask distributed: a running scheduler at `address`, or a LocalCluster started here."""

    name = "dask"

    def __init__(self, address: str | None, jobs: int) -> None:
        try:
            import distributed
        except ImportError:
            raise ConfigError(_MISSING.format(name="dask", package="'dask[distributed]'")) from None
        self._distributed = distributed
        self.cluster = None
        try:
            if address:
                self.client = distributed.Client(address, timeout="30s")
                self.where = f"Dask scheduler {address}"
            else:
                with warnings.catch_warnings():
                    # its HTTP server takes another port when 8787 is busy, and says so
                    warnings.filterwarnings("ignore", message="Port .* is already in use")
                    self.cluster = distributed.LocalCluster(
                        n_workers=jobs,
                        threads_per_worker=1,
                        processes=True,
                        dashboard_address=None,
                        silence_logs=logging.ERROR,
                    )
                self.client = distributed.Client(self.cluster)
                self.where = f"local Dask cluster of {jobs} workers"
        except OSError as exc:
            raise ConfigError(f"--scheduler: cannot reach the Dask scheduler: {exc}") from None
        threads = sum(
            w.get("nthreads", 1)
            for w in self.client.scheduler_info(n_workers=-1).get("workers", {}).values()
        )
        self.workers = max(1, threads)

    def share(self, value: Any) -> Any:
        # one copy on the cluster; a task that receives the future gets the value
        return self.client.scatter(value, broadcast=False, hash=True)

    def submit(self, fn: Callable[..., Any], *args: Any) -> Any:
        return self.client.submit(fn, *args, pure=False)

    def wait(self, handles: Iterable[Any]) -> set[Any]:
        done, _ = self._distributed.wait(list(handles), return_when="FIRST_COMPLETED")
        return set(done)

    def cancel(self, handles: Iterable[Any]) -> None:
        handles = list(handles)
        if handles:
            self.client.cancel(handles)

    def close(self) -> None:
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()


class RayBackend(Backend):
    """Ray: the cluster at `address`, the instance this process already joined, or a new
    local one (`ray.init`) with `jobs` CPUs."""

    name = "ray"

    def __init__(self, address: str | None, jobs: int) -> None:
        try:
            import ray
        except ImportError:
            raise ConfigError(_MISSING.format(name="ray", package="ray")) from None
        self._ray = ray
        self._started = False
        if not ray.is_initialized():
            kwargs: dict[str, Any] = {
                "include_dashboard": False,
                "log_to_driver": False,
                "logging_level": logging.ERROR,
            }
            if address:
                kwargs["address"] = address
            else:
                kwargs["num_cpus"] = jobs
            try:
                ray.init(**kwargs)
            except (ConnectionError, RuntimeError, ValueError) as exc:
                raise ConfigError(f"--address: cannot start or reach Ray: {exc}") from None
            self._started = True
        self.where = f"Ray cluster {address}" if address else "local Ray instance"
        self.workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        self._remote: dict[Callable[..., Any], Any] = {}

    def share(self, value: Any) -> Any:
        return self._ray.put(value)

    def submit(self, fn: Callable[..., Any], *args: Any) -> Any:
        remote = self._remote.get(fn)
        if remote is None:
            remote = self._remote[fn] = self._ray.remote(num_cpus=1)(fn)
        return remote.remote(*args)

    def wait(self, handles: Iterable[Any]) -> set[Any]:
        done, _ = self._ray.wait(list(handles), num_returns=1)
        return set(done)

    def result(self, handle: Any) -> Any:
        from ray.exceptions import RayTaskError

        try:
            return self._ray.get(handle)
        except RayTaskError as exc:
            cause = getattr(exc, "cause", None)
            if isinstance(cause, Exception):
                raise cause from None  # the task's own error, without Ray's wrapping
            raise

    def cancel(self, handles: Iterable[Any]) -> None:
        for handle in handles:
            self._ray.cancel(handle)

    def close(self) -> None:
        if self._started:
            self._ray.shutdown()


def open_backend(name: str, jobs: int = 1, address: str | None = None) -> Backend:
    """The backend `name` with `jobs` workers (-1: every core of this machine).

    `address` is a Dask scheduler or a Ray cluster; without one, `dask` starts a LocalCluster
    of `jobs` worker processes and `ray` starts (or joins, when this process already called
    ray.init) a local Ray instance with `jobs` CPUs.
    """
    if name not in BACKENDS:
        raise ConfigError(f"--backend: '{name}' is not one of: {', '.join(BACKENDS)}")
    if jobs == 0 or jobs < -1:
        raise ConfigError("--jobs: a positive number of workers, or -1 for every core")
    if address and name not in CLUSTER_BACKENDS:
        raise ConfigError(
            f"--scheduler/--address: only for --backend dask or ray, not '{name}' "
            "(which runs on this machine)"
        )
    if jobs == -1:
        jobs = os.cpu_count() or 1
    if name == "dask":
        return DaskBackend(address, jobs)
    if name == "ray":
        return RayBackend(address, jobs)
    if name == "sequential" or jobs == 1:
        return InlineBackend()  # one job plays in this process, as joblib does
    return ExecutorBackend(name, jobs)
