"""PostgreSQL's LISTEN/NOTIFY for the server's processes: a change committed by any process is
announced (``Store.notify``) and every process that listens hears of it at once, over one
connection of its own, in a thread of its own.

Two channels: ``consim_changes`` (payload ``"GAME REVISION"``: live pages follow the game) and
``consim_bots`` (payload ``"GAME"``: a game's bots are due; bot workers wake up). A lost
connection is opened again; what was said meanwhile is missed, which is why live pages and bot
workers also look at the database now and then.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Mapping

from sqlalchemy.engine import make_url

__all__ = ["Listener", "libpq_address"]

_log = logging.getLogger("consim.server")

#: how long the listening thread waits for a notification before it checks it should stop
_TICK = 1.0


def libpq_address(url: str) -> str:
    """The address psycopg connects to, from SQLAlchemy's.

    >>> libpq_address("postgresql+psycopg://consim@/games?host=/tmp/pg")
    'postgresql://consim@/games?host=%2Ftmp%2Fpg'
    """
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class Listener:
    """Listens on PostgreSQL channels and calls ``handlers[channel](payload)`` for each
    notification, from its own thread (handlers must be quick and thread-safe)."""

    def __init__(self, url: str, handlers: Mapping[str, Callable[[str], None]]) -> None:
        self._address = libpq_address(url)
        self._handlers = dict(handlers)
        self._stop = threading.Event()
        #: set once the thread listens (a test may wait for it)
        self.listening = threading.Event()
        self._thread = threading.Thread(target=self._run, name="consim-listen", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(_TICK * 3)

    def _run(self) -> None:
        import psycopg

        while not self._stop.is_set():
            try:
                with psycopg.connect(self._address, autocommit=True) as connection:
                    for channel in self._handlers:
                        connection.execute(f"LISTEN {channel}")  # (names of our own, not input)
                    self.listening.set()
                    while not self._stop.is_set():
                        for note in connection.notifies(timeout=_TICK):
                            handler = self._handlers.get(note.channel)
                            if handler is not None:
                                try:
                                    handler(note.payload)
                                except Exception:
                                    _log.exception("handling a notification on %s failed", note.channel)
            except Exception:  # the database is away for a moment: listen again
                self.listening.clear()
                if not self._stop.is_set():
                    _log.warning("listening to PostgreSQL failed; trying again", exc_info=True)
                    self._stop.wait(_TICK)
