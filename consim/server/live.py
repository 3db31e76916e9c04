"""Live pages: what the server-sent event streams of one server process follow.

Each open stream follows one game and is woken when that game's revision goes up: at once
for a change this process committed (:meth:`Live.changed`, called from the thread that
committed it), and within :data:`POLL` seconds for a change made by another server process
on the same database, found by one query for all the games followed (not one per stream).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from starlette.concurrency import run_in_threadpool

__all__ = ["POLL", "Live"]

#: how often the database is asked for changes made by other server processes, in seconds
POLL = 0.5

_log = logging.getLogger("consim.server")


class Live:
    """The games followed by this process's open streams, and the newest revision known of
    each; ``revisions`` reads the revisions of several games from the database."""

    def __init__(self, revisions: Callable[[list[int]], dict[int, int]], poll: float = POLL) -> None:
        self._revisions = revisions
        self.poll = poll
        self._streams: dict[int, set[asyncio.Event]] = {}
        self._latest: dict[int, int] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._poller: asyncio.Task[None] | None = None

    def changed(self, game_id: int, revision: int) -> None:
        """A change committed (from any thread): wake the streams that follow the game."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._tell, game_id, revision)

    def latest(self, game_id: int) -> int | None:
        """The newest revision known of a followed game."""
        return self._latest.get(game_id)

    @contextmanager
    def follow(self, game_id: int, revision: int) -> Iterator[asyncio.Event]:
        """Follow a game (at ``revision`` now) while inside: the event is set at each change."""
        self._loop = asyncio.get_running_loop()
        event = asyncio.Event()
        self._streams.setdefault(game_id, set()).add(event)
        self._tell(game_id, revision)
        if self._poller is None or self._poller.done():
            self._poller = self._loop.create_task(self._poll())
        try:
            yield event
        finally:
            followers = self._streams.get(game_id, set())
            followers.discard(event)
            if not followers:
                self._streams.pop(game_id, None)
                self._latest.pop(game_id, None)

    def _tell(self, game_id: int, revision: int) -> None:
        if revision > self._latest.get(game_id, -1):
            self._latest[game_id] = revision
            for event in self._streams.get(game_id, ()):
                event.set()

    async def _poll(self) -> None:
        """While streams are open: one query for the revisions of every game they follow."""
        while self._streams:
            await asyncio.sleep(self.poll)
            games = list(self._streams)
            if not games:
                break
            try:
                found = await run_in_threadpool(self._revisions, games)
            except Exception:  # the database is away for a moment: try again at the next round
                _log.exception("reading the revisions of %d games failed", len(games))
                continue
            for game_id, revision in found.items():
                self._tell(game_id, revision)
