"""A time limit on a block of code: over it, the block raises :class:`Overrun`.

The limit is a POSIX interval timer on the main thread. Python checks signals
between bytecodes and the ``re`` engine checks them while it matches, so a
detector stuck in a regex or a loop is stopped where it is: a hang fails its
test instead of hanging the suite.
"""

from __future__ import annotations

import gc
import signal
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType


class Overrun(Exception):
    """The block ran past its limit."""


@contextmanager
def limit(seconds: float, *, cpu: bool = False) -> Iterator[None]:
    """Raise :class:`Overrun` in the block after ``seconds`` (of this process's CPU time
    with ``cpu``, which other load on the machine does not use up; of wall time otherwise)."""
    timer, signum = (
        (signal.ITIMER_VIRTUAL, signal.SIGVTALRM) if cpu else (signal.ITIMER_REAL, signal.SIGALRM)
    )

    def overrun(_signum: int, _frame: FrameType | None) -> None:
        raise Overrun(f"still running after {seconds:.2f} s")

    previous = signal.signal(signum, overrun)
    signal.setitimer(timer, seconds)
    try:
        yield
    finally:
        signal.setitimer(timer, 0)
        signal.signal(signum, previous)


def cpu_time(
    call: Callable[[], object], *, repeat: int, limit_s: float, first: bool = False
) -> float:
    """The least CPU time of ``repeat`` calls, each stopped after ``limit_s`` (with
    ``first``, of the calls up to the first that finishes within it: a test of a bound
    needs no more).

    One slow call (a busy machine) is not enough: only when every call runs past the
    limit does this raise :class:`Overrun`. The cyclic garbage collector is off during
    each call (and run between them): a test worker's heap, grown by the sites other
    tests built in its process, would be walked again and again inside a call that
    allocates much, and that is the heap's cost, not the call's. That heap is frozen
    for the calls (``gc.freeze``): the collections between them walk what the calls
    left, not the whole heap again each time.
    """
    best = float("inf")
    gc.freeze()
    try:
        for _ in range(repeat):
            gc.collect()
            gc.disable()
            try:
                with limit(limit_s, cpu=True):
                    start = time.process_time()
                    call()
            except Overrun:
                continue
            finally:
                gc.enable()
            best = min(best, time.process_time() - start)
            if first:
                break
    finally:
        gc.unfreeze()
    if best == float("inf"):
        raise Overrun(f"each of {repeat} tries ran past {limit_s:.2f} s")
    return best


def linear(
    small: Callable[[], object],
    large: Callable[[], object],
    *,
    what: str = "the input",
    small_limit: float = 5.0,
    floor: float = 0.05,
) -> None:
    """Fail the test unless ``large`` (four times ``small``'s input) takes less than ten
    times ``small``'s CPU time: linear time takes four, quadratic sixteen.

    ``small`` is timed as the least of two tries (the first may compile what a rule
    compiles on first use); ``large`` is tried until one try ends within the bound, each
    try stopped at it, so quadratic code fails the test instead of hanging it. ``floor``
    is the least bound, for inputs read in microseconds.
    """
    import pytest

    try:
        took = cpu_time(small, repeat=2, limit_s=small_limit)
    except Overrun:
        pytest.fail(f"{what} took more than {small_limit} s of CPU time")
    bound = max(10 * took, floor)
    try:
        cpu_time(large, repeat=3, limit_s=bound, first=True)
    except Overrun:
        pytest.fail(f"4× {what} took more than 10× the time ({took:.4f} s → over {bound:.4f} s)")
