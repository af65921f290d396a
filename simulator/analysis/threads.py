"""Threads for the per-card summary of a large run, with results that do not depend on them.

The summary of a million games reads two thousand parts and makes a few Newton passes over
four million player rows; one core did it in about eight minutes. Polars' readers and
numpy's products release the GIL, so threads of one process share that work without copying
the data. Two rules keep the tables bit for bit the same for any number of threads:
`ordered_map` hands results back in input order (the caller adds them up in that order), and
`one_blas_thread` keeps each matrix product on the thread that asked for it (OpenBLAS's own
threads would split a product in a way that depends on how many there are, and they spin
against ours on a busy machine: measured 6x slower with two of each on two cores)."""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import AbstractContextManager
from typing import TypeVar

from threadpoolctl import threadpool_limits

T = TypeVar("T")
R = TypeVar("R")


def default_threads() -> int:
    """Threads for a summary nobody sized (a report): the cores this process may use."""
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1)


def ordered_map(
    fn: Callable[[T], R], items: Iterable[T], threads: int, ahead: int | None = None
) -> Iterator[R]:
    """fn over items, `threads` at a time, results in the order of `items`. At most `ahead`
    (default: twice the threads) results wait to be taken, so a long run of parts is never
    held in memory at once. One thread: a plain loop."""
    if threads <= 1:
        yield from map(fn, items)
        return
    window = max(ahead or 2 * threads, 1)
    with ThreadPoolExecutor(max_workers=threads) as pool:
        waiting: deque[Future[R]] = deque()
        for item in items:
            waiting.append(pool.submit(fn, item))
            if len(waiting) >= window:
                yield waiting.popleft().result()
        while waiting:
            yield waiting.popleft().result()


def one_blas_thread() -> AbstractContextManager[object]:
    """Within it, numpy's BLAS runs each product on the calling thread."""
    return threadpool_limits(limits=1, user_api="blas")
