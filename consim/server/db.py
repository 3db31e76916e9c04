"""The server's tables and its connection to the database (SQLite by default, PostgreSQL in
production), with SQLAlchemy 2.0.

The tables are made and changed by migrations (``consim/server/migrations``, alembic), run
when the server starts. A game row keeps the whole position (``State.to_dict(undo=True)``:
seed, RNG, every action, the log, the chat and what undo needs) as it was a few changes ago,
the changes since (the actions, undos and messages that made them, replayed on it to restore
the game), and a ``revision`` that goes up with every change. A seat row keeps who plays a seat and, for a
person, the SHA-256 hash of the secret in that seat's link: the secret itself is never stored.

>>> store = Store("sqlite://")
>>> with store.session() as db:
...     _ = db.add(GameRow(game="iraq", options={"players": 2}, state={}, version=0))
...     db.commit()
...     db.scalar(select(GameRow.game))
'iraq'
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    create_engine,
    event,
    select,
    text,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, relationship, sessionmaker
from sqlalchemy.pool import StaticPool

__all__ = ["Base", "GameRow", "SeatRow", "Store", "hash_token", "select"]


def _now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    """One game: which game and options, the saved position, and its versions."""

    __tablename__ = "games"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: State.to_dict(undo=True): restores the position exactly, undo included; loaded only
    #: when asked for (a server whose cache holds the revision never reads it)
    state: Mapped[dict[str, Any]] = mapped_column(JSON, deferred=True)
    #: the revision at which ``state`` was saved: it is saved every few changes, and the
    #: changes since are in ``recent``
    state_revision: Mapped[int] = mapped_column(Integer, default=0)
    #: the engine's version of the position (State.version): what expect_version is checked against
    version: Mapped[int] = mapped_column(Integer)
    #: goes up by one with every change (actions, undo, messages): what live pages watch
    revision: Mapped[int] = mapped_column(Integer, default=0)
    #: the seed the bots of this game are made with
    bot_seed: Mapped[int] = mapped_column(Integer, default=0)
    #: "playing" or "over"
    status: Mapped[str] = mapped_column(String(20), default="playing")
    #: seats to act now, comma-separated (for the lobby, without restoring the game)
    to_act: Mapped[str] = mapped_column(String(200), default="")
    #: during a secret simultaneous choice, for each seat the oldest version its actions may
    #: still be based on: the changes since were other seats' secret choices, which change
    #: nothing that seat may see or do (empty: every seat must be at the current version)
    unchanged_since: Mapped[dict[str, int]] = mapped_column(JSON, default=dict)
    #: the last changes (at most ``RECENT``), oldest first, as ``[revision, steps]``: the steps
    #: that made that revision from the one before (``["act", seat, action]``, ``["undo",
    #: seat]``, ``["say", seat, recipients, text]``), or None for a change that cannot be
    #: replayed so (a seat claimed, too many bot moves at once). A process holding an older
    #: revision of the game replays them instead of restoring the whole position.
    recent: Mapped[list[Any]] = mapped_column(JSON, default=list)
    #: bot work: when this game's bots may next move (seconds since the epoch; None: no bot is
    #: to act). Bot workers take due games oldest first, those with a person's seat before
    #: games of bots alone; a slice of work put back goes to the end of the queue.
    bot_due: Mapped[float | None] = mapped_column(Float, default=None, index=True)
    #: the bot worker that holds the game's bot work (a lease, so that no two workers, in any
    #: process, think for the same game at once) and until when (seconds since the epoch);
    #: a live worker renews it while it thinks, an expired lease is free to take
    lease_owner: Mapped[str | None] = mapped_column(String(64), default=None)
    lease_until: Mapped[float | None] = mapped_column(Float, default=None)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now, onupdate=_now)

    seats: Mapped[list[SeatRow]] = relationship(
        back_populates="game_row", cascade="all, delete-orphan", order_by="SeatRow.position"
    )


class SeatRow(Base):
    """Who plays one seat of a game: a person (with the hash of their link's secret) or a bot."""

    __tablename__ = "seats"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    seat: Mapped[str] = mapped_column(String(40))
    #: "human" or "bot"
    kind: Mapped[str] = mapped_column(String(10))
    #: the bot's kind ("random", "heuristic"...), empty for a person
    bot: Mapped[str] = mapped_column(String(40), default="")
    #: SHA-256 of the link's secret (a person's seat), else None
    token_hash: Mapped[str | None] = mapped_column(String(64), unique=True, index=True, default=None)

    game_row: Mapped[GameRow] = relationship(back_populates="seats")


def hash_token(token: str) -> str:
    """What is stored of a link's secret: its SHA-256, in hex."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class Store:
    """The database: an engine, sessions, and the tables created on first use.

    SQLite transactions start with ``BEGIN IMMEDIATE`` (one writer at a time, across
    processes too) and commit with ``synchronous=FULL``: a game acknowledged to a player is on
    disk. PostgreSQL locks the game's row (``SELECT ... FOR UPDATE``) for the same effect.
    Sessions that only read (:meth:`reading`) start a plain ``BEGIN`` on SQLite, so that
    readers never wait for a writer's lock nor hold one (WAL gives them a consistent snapshot).

    On SQLite the writers of one process also queue on a lock of their own (:meth:`writing`):
    a thread that finds the database locked would otherwise wait in SQLite's busy handler,
    which sleeps in steps of up to 100 ms however soon the lock is free, and under load that
    sleep was most of an action's worst latency. Writers in other processes still meet at
    the database's lock, with the busy handler as before.
    """

    def __init__(self, url: str) -> None:
        self.url = url
        self.sqlite = url.startswith("sqlite")
        #: an SQLite database in memory: one connection, which every thread shares
        self.memory = url in ("sqlite://", "sqlite:///:memory:")
        if self.sqlite:
            self.engine: Engine = create_engine(
                url,
                connect_args={"check_same_thread": False, "timeout": 30, "isolation_level": None},
                poolclass=StaticPool if self.memory else None,
            )
            _immediate_transactions(self.engine)
        else:
            self.engine = create_engine(url)
            _ping_after_idle(self.engine)
        upgrade(self.engine)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._writer = threading.Lock()
        # PostgreSQL: a reader's statements commit one by one (no BEGIN and COMMIT round trips;
        # each statement sees a consistent snapshot of its own, which is what they need: a
        # page is read in one statement)
        readers = self.engine.execution_options(consim_read=True)
        if not self.sqlite:
            readers = readers.execution_options(isolation_level="AUTOCOMMIT")
        self._readers = sessionmaker(readers, expire_on_commit=False)

    def session(self) -> Session:
        return self._sessions()

    @contextmanager
    def writing(self) -> Iterator[Session]:
        """One write transaction, committed on leaving (rolled back on an error); on SQLite,
        one at a time in this process (see the class)."""
        with self._writer if self.sqlite else nullcontext(), self.session() as db, db.begin():
            yield db

    def reading(self) -> Session:
        """A session for reading only (it must change nothing)."""
        return self._readers()

    def notify(self, db: Session, *messages: tuple[str, str]) -> None:
        """PostgreSQL: tell every process that listens on a channel (LISTEN), when ``db``'s
        transaction commits, each ``(channel, payload)`` of ``messages`` (one statement for
        all of them); nothing on SQLite (its processes look)."""
        if self.sqlite or not messages:
            return
        calls = ", ".join(f"pg_notify(:c{i}, :p{i})" for i in range(len(messages)))
        values = {f"{k}{i}": v for i, m in enumerate(messages) for k, v in zip("cp", m, strict=True)}
        db.execute(text(f"SELECT {calls}"), values)

    def dispose(self) -> None:
        self.engine.dispose()


def upgrade(engine: Engine) -> None:
    """Bring the database's tables up to the newest migration (alembic), creating them in
    an empty database; one transaction, so two servers starting at once do not collide."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", "consim.server:migrations")
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


#: a pooled connection unused for longer than this is checked before it is used again, in seconds
IDLE_PING = 5.0


def _ping_after_idle(engine: Engine) -> None:
    """PostgreSQL: check a pooled connection (one round trip) before it is used again only if
    it has been idle for :data:`IDLE_PING` seconds, so that a database restarted while the
    server was quiet costs no failed request; a busy server's connections, back in the pool
    within milliseconds, are not pinged at every use. (A restart under load fails the
    requests that were on the old connections; the pool is then renewed.)"""

    @event.listens_for(engine, "checkin")
    def _checkin(_dbapi_connection: Any, record: Any) -> None:
        record.info["consim_idle_since"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _checkout(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        since = record.info.pop("consim_idle_since", None)
        if since is None or time.monotonic() - since < IDLE_PING:
            return
        try:
            engine.dialect.do_ping(dbapi_connection)
        except engine.dialect.loaded_dbapi.Error as exc:
            raise DisconnectionError(f"a pooled connection was lost: {exc}") from exc


def _immediate_transactions(engine: Engine) -> None:
    """SQLite: let SQLAlchemy start transactions itself, as ``BEGIN IMMEDIATE`` (the pysqlite
    driver's own transaction handling is turned off by ``isolation_level=None``)."""

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection: Any) -> None:
        reader = connection.get_execution_options().get("consim_read", False)
        connection.exec_driver_sql("BEGIN" if reader else "BEGIN IMMEDIATE")
