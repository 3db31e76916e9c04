"""Bot workers: a bounded pool that moves the bots of every game kept in one database.

The queue is the database itself: a game whose bots are due has ``games.bot_due`` set
(:class:`~consim.server.service.Service` sets it whenever a change leaves a bot to act). Each
worker takes one due game at a time (games with a person's seat first, then the longest
waiting), under a lease in the database, moves its bots for a short slice
(:meth:`Service.bot_turn`) and takes the next. While it thinks, the pool renews its leases; a
worker that dies (its process killed) frees its games when the lease expires, and any live
worker, in any process, takes them over. So no two workers ever move one game's bots at once,
a game of bots alone is played in the background slice by slice, and a person's request never
waits for a bot.

Workers are woken at once by changes made in their own process, on PostgreSQL by changes made
in any process (``LISTEN consim_bots``), and otherwise look for due games every ``poll``
seconds (a restarted server resumes its games that way, whether or not a page is open).

``consim serve`` runs the workers as separate processes (``python -m consim.server.botwork``,
at a lower priority than the web processes), a server built by ``create_app`` alone as threads
of its own process.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import secrets
import signal
import socket
import sys
import threading
import time
from collections.abc import Sequence
from types import FrameType

from consim.server.collector import tune_collector
from consim.server.db import Store
from consim.server.listen import Listener
from consim.server.service import Service
from consim.server.settings import Settings

__all__ = ["BotPool", "main"]

_log = logging.getLogger("consim.server")

#: how often a worker process of SQLite looks for due games (nothing wakes it), in seconds
SQLITE_POLL = 0.1


def worker_name() -> str:
    """A name for this process's workers, unique among all (the lease owner)."""
    return f"{socket.gethostname()[:30]}:{os.getpid()}:{secrets.token_hex(4)}"


class BotPool:
    """``workers`` threads moving the bots of ``service``'s games."""

    def __init__(self, service: Service, workers: int, poll: float | None = None) -> None:
        self.service = service
        self.workers = workers
        self.poll = service.settings.sweep_seconds if poll is None else poll
        self.owner = worker_name()
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._held: set[int] = set()
        self._held_guard = threading.Lock()
        self._threads: list[threading.Thread] = []

    def start(self) -> None:
        """Start the workers (and the thread that renews their leases)."""
        if self._threads or self.workers <= 0:
            return
        for i in range(self.workers):
            thread = threading.Thread(target=self._work, name=f"consim-bots-{i}", daemon=True)
            self._threads.append(thread)
        self._threads.append(threading.Thread(target=self._renew, name="consim-leases", daemon=True))
        for thread in self._threads:
            thread.start()

    def wake(self) -> None:
        """Some game's bots are due: idle workers look at once."""
        self._wake.set()

    def stop(self, timeout: float | None = None) -> None:
        """Stop taking work, let a decision under way finish (for at most ``timeout`` seconds:
        by default a search bot's longest) and give up the leases still held."""
        self._stop.set()
        self._wake.set()
        wait = self.service.settings.bot_seconds + 1.0 if timeout is None else timeout
        deadline = time.monotonic() + wait
        for thread in self._threads:
            thread.join(max(0.0, deadline - time.monotonic()))
        with self._held_guard:
            held = list(self._held)
        for game_id in held:  # a decision still under way will find its lease gone
            with contextlib.suppress(Exception):
                self.service.release_bot_work(game_id, self.owner)
        self._threads = []

    def _work(self) -> None:
        while not self._stop.is_set():
            self._wake.wait(self.poll)
            self._wake.clear()
            while not self._stop.is_set():
                try:
                    game_id = self.service.claim_bot_work(self.owner)
                except Exception:  # the database is away for a moment
                    _log.exception("looking for bot work failed")
                    break
                if game_id is None:
                    break
                with self._held_guard:
                    self._held.add(game_id)
                try:
                    self.service.bot_turn(game_id, self.owner)
                except Exception:
                    _log.exception("game %d: the bot worker failed", game_id)
                finally:
                    with self._held_guard:
                        self._held.discard(game_id)

    def _renew(self) -> None:
        every = self.service.settings.lease_seconds / 3
        while not self._stop.wait(every):
            with self._held_guard:
                held = list(self._held)
            try:
                self.service.renew_leases(self.owner, held)
            except Exception:
                _log.exception("renewing the leases of %d games failed", len(held))


def main(argv: Sequence[str] | None = None) -> int:
    """A bot worker process: ``python -m consim.server.botwork --db URL [--settings JSON]
    [--parent PID]``; it stops on SIGTERM or SIGINT, and when its parent process is gone."""
    parser = argparse.ArgumentParser(prog="consim-bot-worker", description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True, help="the database's SQLAlchemy address")
    parser.add_argument("--settings", default="{}", help="the server's settings, as JSON")
    parser.add_argument("--parent", type=int, default=0, help="stop when this process is gone")
    parser.add_argument("--nice", type=int, default=10, help="how much lower to run than the server")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="bot worker %(process)d: %(levelname)s %(message)s")
    if args.nice:
        with contextlib.suppress(OSError):
            os.nice(args.nice)  # people's requests before bots' thinking
    settings = Settings.from_json(args.settings)
    store = Store(args.db)
    service = Service(store, settings)
    pool = BotPool(service, workers=1, poll=SQLITE_POLL if store.sqlite else settings.sweep_seconds)
    stopping = threading.Event()

    def stop(_signal: int, _frame: FrameType | None) -> None:
        stopping.set()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    listener = None
    if not store.sqlite:
        listener = Listener(args.db, {"consim_bots": lambda _payload: pool.wake()})
        listener.start()
    tune_collector()
    pool.start()
    pool.wake()  # games left due by a server that stopped
    try:
        while not stopping.wait(1.0):
            if args.parent and os.getppid() != args.parent:
                break  # the server that started us is gone
    finally:
        pool.stop()
        service.close()
        if listener is not None:
            listener.stop()
        store.dispose()
    return 0


if __name__ == "__main__":
    sys.exit(main())
