"""What a server process runs besides answering requests, started and stopped with the
application (its lifespan): its bot workers (threads, when ``Settings.bot_threads`` asks for
some), what its live pages follow, and on PostgreSQL the listener that hears of changes made by
the other processes on the same database at once."""

from __future__ import annotations

import logging
import os
import signal
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import anyio.to_thread
from starlette.concurrency import run_in_threadpool

from consim.server.botwork import BotPool
from consim.server.listen import Listener
from consim.server.live import POLL, Live
from consim.server.service import Service

__all__ = ["PG_POLL", "Background"]

#: on PostgreSQL the live pages hear of other processes' changes at once (LISTEN); they still
#: look at the database this often, in case a notification was missed (seconds)
PG_POLL = 2.0

_log = logging.getLogger("consim.server")


class Background:
    """The bot pool, the live pages and the listener of one server process."""

    def __init__(self, service: Service, parent: int | None = None) -> None:
        self.service = service
        #: the process that started this one: when it is gone, this one stops too
        self.parent = parent
        sqlite = service.store.sqlite
        self.live = Live(service.revisions, POLL if sqlite else PG_POLL)
        service.on_change.append(self.live.changed)
        self.pool = BotPool(service, service.settings.bot_threads)
        service.on_bots_due.append(self.pool.wake)
        self.listener: Listener | None = None
        if not sqlite:
            handlers = {"consim_changes": self._changed, "consim_bots": self._bots_due}
            self.listener = Listener(service.store.url, handlers)
        self._stop = threading.Event()

    def _changed(self, payload: str) -> None:
        """A change committed by some process: ``"GAME REVISION"``."""
        game, _, revision = payload.partition(" ")
        if game.isdigit() and revision.isdigit():
            self.live.changed(int(game), int(revision))

    def _bots_due(self, _payload: str) -> None:
        self.pool.wake()

    def _watch_parent(self) -> None:
        """Stop this process when the one that started it is gone (killed)."""
        while not self._stop.wait(1.0):
            if os.getppid() != self.parent:
                _log.warning("the server's main process is gone: stopping")
                os.kill(os.getpid(), signal.SIGTERM)
                return

    @asynccontextmanager
    async def lifespan(self, _app: Any) -> AsyncIterator[None]:
        # the request handlers' threads (Settings.web_threads), for this process's event loop
        anyio.to_thread.current_default_thread_limiter().total_tokens = self.service.settings.web_threads
        self.pool.start()
        self.pool.wake()  # games whose bots a stopped server left due
        if self.listener is not None:
            self.listener.start()
        if self.parent is not None:
            threading.Thread(target=self._watch_parent, name="consim-parent", daemon=True).start()
        try:
            yield
        finally:
            self._stop.set()
            await run_in_threadpool(self.pool.stop)
            await run_in_threadpool(self.service.close)  # the positions due to be saved
            if self.listener is not None:
                await run_in_threadpool(self.listener.stop)
