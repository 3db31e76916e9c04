"""The garbage collector of a server process (a web or bot worker, never a test's process).

A server process keeps hundreds of games' positions, millions of objects, which Python's
collector walks through again and again as new objects are made: with its defaults, a full
pass came about every ten seconds under load and stopped every request of the process for up
to 290 ms, and the passes over young objects (up to 30 ms each, dozens a minute) delayed a few
per cent of all requests. Most of consim's garbage is freed at once by reference counting; the
collector is only needed for the rare cycles. So a server process freezes what it made while
starting (never walked again), keeps the collector's quick passes over young objects, never
lets it start a full pass of its own, and makes one full collection every
:data:`COLLECT_EVERY` seconds in a thread of its own: one pause every few minutes, which few
requests meet, and memory that cycles among old objects hold for that long at most.
"""

from __future__ import annotations

import gc
import logging
import threading
import time

__all__ = ["COLLECT_EVERY", "tune_collector"]

#: how often a server process makes a full collection of its garbage cycles, in seconds
COLLECT_EVERY = 300.0
#: a threshold the collector's count of full-collection candidates never reaches
NEVER = 2**30

_log = logging.getLogger("consim.server")
_started = threading.Event()


def tune_collector(every: float = COLLECT_EVERY) -> None:
    """Freeze what the process has made so far, turn the automatic collector off and collect
    every ``every`` seconds instead (once per process: a second call changes nothing)."""
    if _started.is_set():
        return
    _started.set()
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, NEVER)
    threading.Thread(target=_collect, args=(every,), name="consim-collector", daemon=True).start()


def _collect(every: float) -> None:
    while True:
        time.sleep(every)
        start = time.perf_counter()
        found = gc.collect()
        _log.debug("garbage collected: %d objects in %.0f ms", found, (time.perf_counter() - start) * 1000)
