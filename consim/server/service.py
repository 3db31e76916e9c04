"""What the server does with games, through consim's public contract only: create a game with
its seats, find the seat a link's secret opens, show a seat what it may see, and carry out its
actions, undos and messages, each in one database transaction.

Bots never move inside a person's request. A change that leaves a bot to act marks the game's
bots as due (``games.bot_due``); bot workers (:mod:`consim.server.botwork`: a few threads of a
server process, or separate processes) take due games from that queue in the database, one at a
time each, under a lease (``games.lease_owner``/``lease_until``) that keeps any other worker, in
any process, from moving the same game's bots meanwhile. A worker works out the bots' moves on a
copy of the position, without holding the game (people read it, chat and make their own secret
choices meanwhile), and commits them, each search bot's move on its own, quick bots' moves
together, for at most :data:`BOT_SLICE` seconds before the game goes back to the end of the
queue. A move worked out on a position that has changed since in a way that concerns it (not
merely another seat's secret choice) is dropped and worked out again.

A position is saved whole (``State.to_dict(undo=True)``) every :data:`SAVE_EVERY` changes, and
each change is kept with the game as the steps that made it (its last :data:`RECENT` changes:
actions, undos, messages, bot moves); a game is restored from its saved position and the
changes since. The whole position is saved by a thread of its own
(:class:`~consim.server.positions.Saver`), after the change that made it due has been committed
and answered: writing it made one move in eight 10-14 ms slower (its JSON made and sent, and
PostgreSQL storing some 70 KiB). A change saves it itself only when the saver has fallen
:data:`RECENT` changes behind, when the game ends, and after a change that cannot be replayed.

A cache keeps each game as this process last had it, with who plays its seats: it is used as it
is while the database holds that same revision, and brought up to a newer one by replaying the
changes another process made since (a restore only when they are no longer all kept). Each
request costs as few round trips to the database as it can: the seat a link opens is remembered
once found (a link never changes seat), and what a page reads is one query.
"""

from __future__ import annotations

import json
import logging
import secrets
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import case, exists, func, inspect, or_, update
from sqlalchemy.orm import Session, selectinload, undefer

import consim
from consim.bots.base import Bot, bot_kinds, decide, make_bot
from consim.core.action import Action
from consim.core.errors import IllegalAction, OptionError, RestoreError
from consim.core.flow import SecretChoice
from consim.core.game import Game, State
from consim.core.registry import game_class
from consim.server.botseats import BotSeat, bot_seats, bot_to_act, capped, search_options
from consim.server.db import GameRow, SeatRow, Store, hash_token, select
from consim.server.positions import (
    CACHED_GAMES,
    MAX_STEPS,
    RECENT,
    SAVE_EVERY,
    Entry,
    Recent,
    Saver,
    Seated,
    players_of,
    replay_step,
    waiting_words,
)
from consim.server.settings import Settings

#: the longest chat message accepted, in characters
MAX_MESSAGE = 1_000
#: the highest game number there can be (the database's integers): any other is not a game
MAX_GAME_ID = 2**31 - 1
#: how long a bot worker moves one game's quick bots before it commits and lets other games
#: have their turn (an all-bot game is played in slices of this), in seconds
BOT_SLICE = 0.25
#: how long a game whose bot failed (a bug) waits before its bots are tried again, in seconds
BOT_RETRY = 60.0

_log = logging.getLogger("consim.server")


class _Discard(Exception):
    """A change that saves nothing (a bot's move found stale): the transaction is rolled back."""


class ServerError(Exception):
    """A request the server refuses: an HTTP status and a message in plain words."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass(frozen=True)
class Access:
    """What a link opens: a game and a seat (``None``: a spectator)."""

    game_id: int
    seat: str | None


#: every column of a game's row, the saved position included
_ROW_FIELDS = [c.key for c in inspect(GameRow).column_attrs]

#: a seat's page after a change (None when not asked for)
Answer = dict[str, Any] | None


@dataclass(frozen=True)
class Created:
    """A new game: its number and the secret of each person's seat link."""

    game_id: int
    tokens: dict[str, str]


@dataclass
class Change:
    """A game being changed in one transaction (:meth:`Service._writing`): its row, locked, and
    its state, which the caller changes in place or replaces; ``keep`` False saves nothing."""

    db: Session
    row: GameRow
    state: State
    seated: tuple[Seated, ...]
    keep: bool = field(default=True)
    #: what the caller did to the state, step by step, for other processes to replay (see
    #: ``GameRow.recent``); None: a change they must restore the game after
    steps: list[list[Any]] | None = field(default_factory=list)


class Service:
    """Games kept in a :class:`Store`, played through the public contract."""

    def __init__(self, store: Store, settings: Settings | None = None) -> None:
        self.store = store
        self.settings = settings or Settings()
        self._games: dict[str, Game] = {}
        self._cache: Recent[int, Entry] = Recent(CACHED_GAMES)
        #: the seat each link's secret opens (by the secret's hash), once found: a link never
        #: changes its game or seat, so a link already seen costs no query
        self._links: Recent[str, Access] = Recent(20 * CACHED_GAMES)
        self._locks: dict[int, threading.Lock] = {}
        self._guard = threading.Lock()
        #: bot turns running in this process (see bot_turn)
        self._busy = 0
        #: called with a game's number and new revision after each change committed by this
        #: process (live pages)
        self.on_change: list[Callable[[int, int], None]] = []
        #: called after a change committed by this process left a game's bots due (the bot
        #: workers of this process wake up)
        self.on_bots_due: list[Callable[[], None]] = []
        #: saves whole positions after their change (None: in the change itself, on an SQLite
        #: database in memory, whose one connection the threads share)
        self._saver = None if store.memory else Saver(self._checkpoint)

    # -- games and states ------------------------------------------------------------------

    def game(self, name: str, options: Mapping[str, Any]) -> Game:
        """The :class:`Game` of ``name`` with ``options`` (loaded once per process)."""
        key = json.dumps([name, dict(options)], sort_keys=True, default=str)
        found = self._games.get(key)
        if found is None:
            if name not in consim.list_games():
                raise ServerError(422, f"unknown game {name[:40]!r}; games: {', '.join(consim.list_games())}")
            for opt in local_only(name):
                if options.get(opt):  # a path on this machine: never from a player of the server
                    raise ServerError(422, f"option {opt} names a file: it is for the command line only")
            try:
                found = consim.load_game(name, **options)
            except OptionError as exc:
                raise ServerError(422, str(exc)) from None
            self._games[key] = found
        return found

    def _lock(self, game_id: int) -> threading.Lock:
        with self._guard:
            return self._locks.setdefault(game_id, threading.Lock())

    def _entry(self, row: GameRow) -> Entry:
        """The game of ``row`` as restored at the row's revision: from the cache if it holds
        that revision, else restored from the database (the saved position and the seats, in
        the transaction that read ``row``)."""
        cached = self._cache.get(row.id)
        if cached is not None and cached.revision == row.revision:
            return cached
        if cached is not None and cached.revision < row.revision:
            caught_up = self._catch_up(cached, row)
            if caught_up is not None:
                return caught_up
        # the row and its saved position in one statement, so that they agree (a reader's
        # statements each see the database as it is when they run)
        inspect(row).session.refresh(row, _ROW_FIELDS)  # type: ignore[union-attr]
        entry = Entry(row.revision, self._restore(row), Seated.of(row))
        if cached is None or cached.revision < row.revision:  # a late reader keeps a newer entry
            self._cache[row.id] = entry
        return entry

    def _restore(self, row: GameRow) -> State:
        """The game of ``row`` (every column loaded) at the row's revision: its saved position
        (at ``state_revision``) and the changes made since, replayed."""
        game = self.game(row.game, row.options)
        try:
            state = game.restore(row.state)
        except RestoreError as exc:
            raise ServerError(500, f"game {row.id} cannot be restored: {exc}") from None
        steps = {revision: done for revision, done in row.recent or ()}
        try:
            for revision in range(row.state_revision + 1, row.revision + 1):
                for step in steps[revision]:
                    replay_step(state, step)
        except Exception as exc:  # the saved changes do not lead to the saved version: a bug
            _log.exception("game %d: its saved changes could not be replayed", row.id)
            raise ServerError(500, f"game {row.id} cannot be restored: {exc}") from None
        if state.version != row.version:
            raise ServerError(500, f"game {row.id} cannot be restored: it reached version {state.version}")
        return state

    def stored(self, game_id: int) -> State:
        """The game as the database holds it now, restored afresh (not from this process's
        cache): what any other process would make of it."""
        _check_id(game_id)
        with self.store.reading() as db, db.begin():
            row = db.get(GameRow, game_id, options=[undefer(GameRow.state)])
            if row is None:
                raise ServerError(404, f"there is no game {game_id}")
            inspect(row).session.refresh(row, _ROW_FIELDS)  # type: ignore[union-attr]
            return self._restore(row)

    def _catch_up(self, cached: Entry, row: GameRow) -> Entry | None:
        """The cached game brought up to the row's revision by replaying the changes made
        since (by other processes: ``row.recent``) on it, or None if they are not all there or
        cannot be replayed (the game is then restored). The replay is checked: it must reach
        the row's version."""
        steps = {revision: done for revision, done in row.recent or ()}
        wanted = range(cached.revision + 1, row.revision + 1)
        if any(steps.get(revision) is None for revision in wanted):
            return None
        self._cache.pop(row.id)  # changed in place from here: no longer the older revision
        state = cached.state
        try:
            for revision in wanted:
                for step in steps[revision]:
                    replay_step(state, step)
        except Exception:  # a cache: any failure is answered by restoring the game
            _log.exception("game %d: its changes could not be replayed; it is restored", row.id)
            return None
        if state.version != row.version:
            _log.error(
                "game %d: replayed to version %d, not %d; it is restored", row.id, state.version, row.version
            )
            return None
        entry = Entry(row.revision, state, cached.seated)
        self._cache[row.id] = entry
        return entry

    @contextmanager
    def _reading(self, game_id: int) -> Iterator[tuple[GameRow, State, tuple[Seated, ...]]]:
        """The game's row, state and seats, for reading only (one query when the cache holds
        the game's revision)."""
        _check_id(game_id)
        with self.store.reading() as db, db.begin():
            row = db.get(GameRow, game_id)
            if row is None:
                raise ServerError(404, f"there is no game {game_id}")
            with self._lock(game_id):
                entry = self._entry(row)
                yield row, entry.state, entry.seated

    @contextmanager
    def _writing(self, game_id: int) -> Iterator[Change]:
        """One transaction with the game's row locked; the caller changes the state (or
        replaces ``change.state``), which is saved and committed on leaving. On any error
        nothing is saved and the cached state (which may have been changed) is forgotten."""
        _check_id(game_id)
        # restore the game (and load its rules) before taking the write lock, not while
        # holding it: that can take long, and the lock keeps every other writer waiting (a
        # game this process has restored before has its rules loaded: only the position,
        # if it has changed, is restored under the lock)
        if game_id not in self._cache:
            with self._reading(game_id):
                pass
        due = checkpoint = False
        try:
            with self.store.writing() as db:
                row = db.scalars(select(GameRow).where(GameRow.id == game_id).with_for_update()).one_or_none()
                if row is None:
                    raise ServerError(404, f"there is no game {game_id}")
                with self._lock(game_id):
                    entry = self._entry(row)
                    change = Change(db, row, entry.state, entry.seated)
                    try:
                        yield change
                        if not change.keep:
                            raise _Discard
                        # the seats as they are now, if the change looked at them (a claim)
                        seated = entry.seated if "seats" in inspect(row).unloaded else Seated.of(row)
                        checkpoint = self._save(row, change.state, seated, change.steps)
                        # the other processes hear of it from the database itself (PostgreSQL:
                        # a trigger of the games table, migration 0004)
                        due = row.bot_due is not None and row.bot_due <= time.time()
                        db.flush()
                    except _Discard:
                        raise  # the state was left as it was: its cache entry stands
                    except BaseException:
                        self._cache.pop(game_id, None)
                        raise
                    self._cache[game_id] = Entry(row.revision, change.state, seated)
        except _Discard:
            return
        # committed; if the commit itself failed, the exception leaves the cache entry of a
        # revision the database does not hold, which is never used
        if checkpoint and self._saver is not None:
            self._saver.ask(game_id, row.revision)
        for tell in self.on_change:
            tell(game_id, row.revision)
        if due:
            self._wake()

    def _save(
        self, row: GameRow, state: State, seated: tuple[Seated, ...], steps: list[list[Any]] | None
    ) -> bool:
        """Write the change to ``row``; True if the whole position is now due to be saved
        (by the saver, once the change is committed)."""
        row.version = state.version
        row.revision = row.revision + 1
        replayable = steps if steps is not None and len(steps) <= MAX_STEPS else None
        row.recent = [*(row.recent or [])[1 - RECENT :], [row.revision, replayable]]
        # the changes kept in ``recent`` lead from the saved position to this one; the whole
        # position is saved here when they would no longer all be kept (the saver behind), at
        # the end, and after a change that cannot be replayed; else by the saver, every
        # SAVE_EVERY changes
        behind = row.revision - row.state_revision
        if (
            replayable is None
            or state.is_over()
            or behind >= RECENT
            or (self._saver is None and behind >= SAVE_EVERY)
        ):
            row.state = state.to_dict(undo=True)
            row.state_revision = row.revision
            behind = 0
        row.status = "over" if state.is_over() else "playing"
        row.to_act = ",".join(state.to_act())[:200]
        if bot_to_act(bot_seats(seated), state) is None:
            row.bot_due = None
        elif row.bot_due is None or row.bot_due > time.time():  # (later: a failed bot's pause)
            row.bot_due = time.time()
        return behind >= SAVE_EVERY

    def _checkpoint(self, game_id: int, revision: int) -> None:
        """Save the whole position of a game at ``revision`` (the saver's work), if this
        process still holds the game at that revision and the database has not a newer one
        saved. Without the game's row lock: the saved position and ``state_revision`` are
        written in one statement, which only moves them forward."""
        with self._lock(game_id):
            entry = self._cache.get(game_id)
            if entry is None or entry.revision != revision:
                return  # changed since (that change asks again) or no longer held
            saved = entry.state.to_dict(undo=True)
        with self.store.writing() as db:
            db.execute(
                update(GameRow)
                .where(GameRow.id == game_id, GameRow.state_revision < revision, GameRow.revision >= revision)
                .values(state=saved, state_revision=revision, updated=GameRow.updated)
            )

    def close(self) -> None:
        """Save the positions that are due (the saver's last work) and stop the saver."""
        if self._saver is not None:
            self._saver.stop()

    def saved(self, timeout: float = 10.0) -> bool:
        """Wait until the saver has saved every position that was due (tests)."""
        return self._saver is None or self._saver.wait(timeout)

    def _wake(self) -> None:
        for wake in self.on_bots_due:
            wake()

    # -- creating a game -------------------------------------------------------------------

    def create(
        self, name: str, options: Mapping[str, Any], players: Mapping[str, str], seed: int | None = None
    ) -> Created:
        """A new game of ``name`` with ``options``; ``players`` maps every seat to ``"human"``
        (a person invited by the seat's link, returned here), ``"open"`` (a person's seat left
        free, for anyone in the lobby to claim) or a bot kind (``"random"``, ``"heuristic"``...).
        Bots that act first are due at once: the bot workers move them (a game of bots alone
        is played to its end that way, in the background)."""
        game = self.game(name, options)
        missing = [s for s in game.seats if s not in players]
        extra = [s for s in players if s not in game.seats]
        if missing or extra:
            problems = []
            if missing:
                problems.append(f"no player for {', '.join(missing)}")
            if extra:
                problems.append(f"no seat {', '.join(repr(s)[:40] for s in extra)}")
            raise ServerError(422, f"{'; '.join(problems)}: the seats are {', '.join(game.seats)}")
        kinds = bot_kinds(game)
        for seat, who in players.items():
            try:
                known = who in _PEOPLE or who in kinds
            except OptionError as exc:  # a bot kind with options it does not take
                raise ServerError(422, f"{seat}: {exc}") from None
            if not known:
                raise ServerError(
                    422,
                    f"{seat}: {who[:40]!r} is neither 'human', 'open' nor a bot ({', '.join(sorted(kinds))})",
                )
            if who not in _PEOPLE:
                self._check_limits(game, seat, who)
        state = game.new_game(seed)
        bot_seed = secrets.randbits(31)
        tokens: dict[str, str] = {}
        row = GameRow(
            game=name,
            options=dict(game.options),
            state={},
            state_revision=0,
            version=0,
            revision=0,
            bot_seed=bot_seed,
            unchanged_since={},
        )
        for i, seat in enumerate(game.seats):
            who = players[seat]
            seat_row = SeatRow(position=i, seat=seat, kind="human" if who in _PEOPLE else "bot", bot="")
            if who == "human":
                tokens[seat] = secrets.token_urlsafe(24)
                seat_row.token_hash = hash_token(tokens[seat])
            elif who != "open":
                seat_row.bot = who
            row.seats.append(seat_row)
        seated = Seated.of(row)
        self._save(row, state, seated, None)
        with self.store.writing() as db:
            db.add(row)
            db.flush()
            game_id = row.id
            if row.bot_due is not None:
                self.store.notify(db, ("consim_bots", str(game_id)))
        self._cache[game_id] = Entry(row.revision, state, seated)
        for seat, token in tokens.items():
            self._links[hash_token(token)] = Access(game_id, seat)
        if row.bot_due is not None:
            self._wake()
        return Created(game_id, tokens)

    def _check_limits(self, game: Game, seat: str, kind: str) -> None:
        """A search bot asking to think longer than this server allows is refused (422)."""
        asked = search_options(game, kind)
        if asked is None:
            return
        limits = self.settings
        iterations, seconds = asked
        if iterations > limits.bot_iterations or seconds > limits.bot_seconds:
            raise ServerError(
                422,
                f"{seat}: a search bot on this server runs at most {limits.bot_iterations} iterations "
                f"and {limits.bot_seconds:g} seconds a move (asked: {iterations} iterations, "
                f"{f'{seconds:g} seconds' if seconds else 'no time limit'})",
            )

    # -- links -----------------------------------------------------------------------------

    def access(self, game_id: int, token: str | None) -> Access:
        """What ``token`` opens in game ``game_id`` (``None``: the spectator's view). A secret
        that is not one of this game's seat links is refused (403)."""
        _check_id(game_id)
        hashed = hash_token(token) if token is not None else ""
        known = self._links.get(hashed)
        if known is not None and known.game_id == game_id:
            return known
        with self.store.reading() as db:
            if token is not None:  # one query for a good link (its seat's game exists)
                found = db.execute(
                    select(SeatRow.game_id, SeatRow.seat).where(SeatRow.token_hash == hashed)
                ).one_or_none()
                if found is not None and found.game_id == game_id:
                    opened = self._links[hashed] = Access(game_id, found.seat)
                    return opened
            if db.scalar(select(GameRow.id).where(GameRow.id == game_id)) is None:
                raise ServerError(404, f"there is no game {game_id}")
        if token is None:
            return Access(game_id, None)
        raise ServerError(403, "this link does not open a seat of this game")

    # -- what a seat sees ------------------------------------------------------------------

    def page(self, access: Access) -> dict[str, Any]:
        """Everything a seat's page shows, from what the seat may know (``view``, its prompt,
        its visible log and the messages it may read)."""
        with self._reading(access.game_id) as (row, state, seated):
            page = _page(row, state, seated, access.seat)
            stalled = _unattended(row)
        if stalled:  # bots due that no worker holds (a server stopped while they thought)
            self._wake()
        return page

    def revision(self, game_id: int) -> int:
        """The game's revision (it goes up with every change), for live pages; a game whose
        bots are due and held by no worker (a server stopped meanwhile) wakes the bot workers."""
        _check_id(game_id)
        with self.store.reading() as db:
            found = db.execute(
                select(GameRow.revision, GameRow.bot_due, GameRow.lease_until).where(GameRow.id == game_id)
            ).one_or_none()
        if found is None:
            raise ServerError(404, f"there is no game {game_id}")
        revision, due, until = found
        now = time.time()
        if due is not None and due <= now and (until is None or until < now):
            self.nudge(game_id)
        return int(revision)

    def nudge(self, game_id: int) -> None:
        """Wake the bot workers for a game (this process's at once; on PostgreSQL every
        process's), e.g. when its page is open and its bots were left due by a stopped server."""
        self._wake()
        if not self.store.sqlite:
            with self.store.writing() as db:
                self.store.notify(db, ("consim_bots", str(game_id)))

    def revisions(self, game_ids: list[int]) -> dict[int, int]:
        """The revision of each of these games (one query), for live pages."""
        with self.store.reading() as db:
            rows = db.execute(select(GameRow.id, GameRow.revision).where(GameRow.id.in_(game_ids))).all()
        return {game_id: revision for game_id, revision in rows}

    def lobby(self) -> list[dict[str, Any]]:
        """The open games, newest first: those still being played that have a person's seat
        nobody has claimed yet (``free``), with their options, who plays and whose turn it is."""
        free = select(SeatRow.game_id).where(SeatRow.kind == "human", SeatRow.token_hash.is_(None))
        return self._listing(GameRow.status == "playing", GameRow.id.in_(free))

    def finished(self) -> list[dict[str, Any]]:
        """The finished games, newest first, for their replays."""
        return self._listing(GameRow.status == "over")

    def _listing(self, *where: Any) -> list[dict[str, Any]]:
        with self.store.reading() as db:
            query = select(GameRow).where(*where).order_by(GameRow.id.desc()).limit(200)
            rows = db.scalars(query.options(selectinload(GameRow.seats))).all()
            return [
                {
                    "id": r.id,
                    "game": r.game,
                    "options": dict(r.options),
                    "players": players_of(Seated.of(r)),
                    "free": [s.seat for s in r.seats if s.kind == "human" and s.token_hash is None],
                    "to_act": [s for s in r.to_act.split(",") if s],
                    "status": r.status,
                    "revision": r.revision,
                }
                for r in rows
            ]

    def claim(self, game_id: int, seat: str) -> tuple[str, str]:
        """Give a free person's seat of a game still being played to whoever asks first: the
        secret of the seat's new link, said once (only its hash is kept), and the game's name.
        A seat already taken, or a bot's, is refused (409)."""
        token = secrets.token_urlsafe(24)
        with self._writing(game_id) as change:
            row, state = change.row, change.state
            found = next((s for s in row.seats if s.seat == seat), None)
            if found is None:
                seats = ", ".join(s.seat for s in row.seats)
                raise ServerError(422, f"there is no seat {seat[:40]!r} in game {game_id}; seats: {seats}")
            if state.is_over():
                raise ServerError(409, "the game is over: its seats can no longer be taken")
            if found.kind != "human":
                raise ServerError(409, f"{seat} is played by a bot")
            if found.token_hash is not None:
                raise ServerError(409, f"{seat} has been taken already")
            found.token_hash = hash_token(token)
            change.steps = None  # the seats changed: other processes read them again
            name = row.game
        return token, name

    def replay(self, game_id: int, seat: str | None, step: int | None) -> dict[str, Any]:
        """A finished game as ``seat`` saw it (``None``: the public) after its first ``step``
        actions (``None``: the end): the view, the log so far and what that seat may know
        of the action just taken (another seat's action is named only by who took it)."""
        with self._reading(game_id) as (row, state, _):
            if not state.is_over():
                raise ServerError(409, "the game is not over: it can be replayed once it has ended")
            record = state.record()
            game = state.game
        if seat is not None and seat not in game.seats:
            raise ServerError(422, f"there is no seat {seat[:40]!r}; seats: {', '.join(game.seats)}")
        total = len(record.actions)
        step = total if step is None else step
        if not 0 <= step <= total:
            raise ServerError(422, f"step must be between 0 and {total}")
        at = consim.replay(record, upto=step, game=game)
        last = None
        if step:
            actor, text = record.actions[step - 1]
            last = {"seat": actor, "action": text if actor == seat else None}
        return {
            "game_id": game_id,
            "game": row.game,
            "options": dict(row.options),
            "title": game.title,
            "seat": seat,
            "seats": list(game.seats),
            "step": step,
            "steps": total,
            "last": last,
            "view": at.view(seat),
            "log": [{"seq": e.seq, "text": e.text, "rule": e.rule} for e in at.visible_log(seat)],
        }

    # -- changes ---------------------------------------------------------------------------

    def act(self, access: Access, action: str, expect_version: int, answer: bool = True) -> Answer:
        """Carry out the seat's ``action`` (its text form) if it was chosen on the position
        as it stands for that seat: ``expect_version`` is the current version, or an older one
        from which only other seats' secret choices have changed the position (see
        :func:`_apply`). Bots left to act move afterwards, outside this request. Returns the
        seat's page after the action (``answer`` False: nothing, for a form answered with a
        redirect to the page)."""
        seat = _player(access)
        if len(action) > 500:
            raise ServerError(422, "an action is a short text, such as 'done'")
        with self._writing(access.game_id) as change:
            row, state = change.row, change.state
            since = (row.unchanged_since or {}).get(seat, state.version)
            if not since <= expect_version <= state.version:
                raise ServerError(
                    409,
                    f"the position has changed (it is at version {state.version}, not {expect_version}): "
                    "look again before acting",
                )
            if action.split(maxsplit=1)[:1] == ["say"]:
                raise ServerError(422, "messages are sent with the chat, not as actions")
            try:
                row.unchanged_since = _apply(state, seat, action, row.unchanged_since)
            except IllegalAction as exc:
                raise ServerError(422, str(exc)) from None
            _record(change, ["act", seat, action])
            return _page(row, state, change.seated, seat, revision=row.revision + 1) if answer else None

    def undo(self, access: Access, expect_version: int, answer: bool = True) -> Answer:
        """Take back the seat's last action, exactly as the engine lets a person at a table of
        people (``State.can_undo(seat)``): only while it is the last action of the game, with
        no die roll, draw or reveal since. A bot is a seat like any other: an action of it
        after the person's (a bot's answer to a bid) is never taken back to reach theirs.
        Returns the page as :meth:`act` does."""
        seat = _player(access)
        with self._writing(access.game_id) as change:
            row, state = change.row, change.state
            if expect_version != state.version:
                raise ServerError(
                    409, f"the position has changed (version {state.version}, not {expect_version})"
                )
            if not state.can_undo(seat):
                if state.can_undo():  # the last action may be taken back, by the one who took it
                    why = "another player has acted since your last action"
                else:
                    why = "you have no action to take back since the last die roll, card draw or reveal"
                raise ServerError(409, f"nothing to undo: {why}")
            state.undo(seat)
            _record(change, ["undo", seat])
            row.unchanged_since = {}
            return _page(row, state, change.seated, seat, revision=row.revision + 1) if answer else None

    def say(self, access: Access, to: list[str] | None, text: str, answer: bool = True) -> Answer:
        """Send a message from the seat to some seats (``None``: the whole table); returns the
        page as :meth:`act` does."""
        seat = _player(access)
        if len(text) > MAX_MESSAGE:
            raise ServerError(422, f"a message is at most {MAX_MESSAGE} characters")
        with self._writing(access.game_id) as change:
            try:
                change.state.say(seat, to, text)
            except IllegalAction as exc:
                raise ServerError(422, str(exc)) from None
            _record(change, ["say", seat, to, text])
            if not answer:
                return None
            return _page(change.row, change.state, change.seated, seat, revision=change.row.revision + 1)

    # -- bots ------------------------------------------------------------------------------

    def claim_bot_work(self, owner: str) -> int | None:
        """Take the lease of a game whose bots are due and that no live lease holds, for
        ``owner`` (a bot worker): games with a person's seat first, then the longest due.
        Returns its number, or None when there is nothing to do."""
        now = time.time()
        people = exists().where(SeatRow.game_id == GameRow.id, SeatRow.kind == "human")
        free = or_(GameRow.lease_until.is_(None), GameRow.lease_until < now)
        with self.store.reading() as db:
            found = db.scalars(
                select(GameRow.id)
                .where(GameRow.bot_due <= now, free)
                .order_by(case((people, 0), else_=1), GameRow.bot_due)
                .limit(8)
            ).all()
        for game_id in found:
            until = time.time() + self.settings.lease_seconds
            with self.store.writing() as db:
                taken = db.scalar(
                    update(GameRow)
                    .where(GameRow.id == game_id, GameRow.bot_due.is_not(None), free)
                    .values(lease_owner=owner, lease_until=until, updated=GameRow.updated)
                    .returning(GameRow.id)
                )
            if taken is not None:
                return game_id
        return None

    def renew_leases(self, owner: str, game_ids: list[int]) -> None:
        """Keep ``owner``'s leases of these games alive (a worker thinking for them)."""
        if not game_ids:
            return
        until = time.time() + self.settings.lease_seconds
        with self.store.writing() as db:
            db.execute(
                update(GameRow)
                .where(GameRow.id.in_(game_ids), GameRow.lease_owner == owner)
                .values(lease_until=until, updated=GameRow.updated)
            )

    def release_bot_work(self, game_id: int, owner: str) -> None:
        """Give up ``owner``'s lease of a game (a worker stopping), its bots left due."""
        self._release(game_id, owner)

    def bot_turn(self, game_id: int, owner: str, seconds: float = BOT_SLICE) -> None:
        """Move a game's bots for about ``seconds`` (a search bot: one decision, however long
        its budget) while ``owner`` holds the game's lease, then give the lease up, putting
        the game back at the end of the queue if its bots are still due. Each bot decides on a
        copy of the position, outside any lock; its moves are committed unless the position
        changed meanwhile in a way that concerns them (then they are worked out again), or the
        lease was lost (then nothing is saved). A bot that fails (a bug) is logged, and its
        game tried again after :data:`BOT_RETRY` seconds."""
        deadline = time.monotonic() + seconds
        with self._guard:
            self._busy += 1
        try:
            while True:
                with self._reading(game_id) as (row, state, seated):
                    bots = bot_seats(seated)
                    seat = bot_to_act(bots, state)
                    read = (row.revision, state.version)
                    if seat is not None:
                        since = dict(row.unchanged_since or {})
                        position = state.clone()
                        bot_seed = row.bot_seed
                if seat is None:  # no bot to act (any more): the game leaves the queue
                    self._release(game_id, owner, clear_at=read[0])
                    return
                moves, since = self._decide(bots, bot_seed, position, seat, since, deadline)
                outcome = self._commit_moves(game_id, owner, moves, position, since, read)
                if outcome == "lost":
                    return
                if outcome == "done" and time.monotonic() >= deadline:
                    self._release(game_id, owner, due=time.time())  # to the end of the queue
                    return
        except Exception:
            _log.exception("game %d: a bot failed to move; its bots are tried again later", game_id)
            self._release(game_id, owner, due=time.time() + BOT_RETRY)
        finally:
            with self._guard:
                self._busy -= 1

    def _release(
        self, game_id: int, owner: str, due: float | None = None, clear_at: int | None = None
    ) -> None:
        """Give up ``owner``'s lease of a game. ``due``: its bots (if still due) go back in the
        queue for that time; ``clear_at``: no bot is due, if the game is still at that
        revision."""
        values: dict[str, Any] = {"lease_owner": None, "lease_until": None, "updated": GameRow.updated}
        if due is not None:
            values["bot_due"] = case((GameRow.bot_due.is_(None), None), else_=due)
        elif clear_at is not None:
            values["bot_due"] = case((GameRow.revision == clear_at, None), else_=GameRow.bot_due)
        with self.store.writing() as db:
            db.execute(
                update(GameRow).where(GameRow.id == game_id, GameRow.lease_owner == owner).values(**values)
            )

    def _decide(
        self,
        bots: dict[str, BotSeat],
        bot_seed: int,
        position: State,
        seat: str | None,
        since: dict[str, int],
        deadline: float,
    ) -> tuple[list[tuple[str, Action]], dict[str, int]]:
        """The bots' moves from ``position`` (which they are applied to), starting with
        ``seat``'s: quick bots' until a person or a search bot is to act or the time is up;
        a search bot's one decision alone."""
        moves: list[tuple[str, Action]] = []
        while seat is not None:
            bot = self._bot(position, bots[seat], seat, bot_seed)
            searching = hasattr(bot, "choose_with_search")
            if searching and moves:
                break  # commit the quick bots' moves first: pages show them while it thinks
            action = decide(bot, position, seat, position.legal_actions(seat))
            since = _apply(position, seat, action, since)
            moves.append((seat, action))
            if searching or time.monotonic() >= deadline:
                break
            seat = bot_to_act(bots, position)
        return moves, since

    def _commit_moves(
        self,
        game_id: int,
        owner: str,
        moves: list[tuple[str, Action]],
        position: State,
        since: dict[str, int],
        read: tuple[int, int],
    ) -> str:
        """Save the bots' moves: "done", "stale" (the position changed in a way that concerns
        them: nothing saved) or "lost" (another worker holds the game now: nothing saved)."""
        revision, version = read
        with self._writing(game_id) as change:
            row, state = change.row, change.state
            if row.lease_owner != owner:
                change.keep = False
                return "lost"
            if row.revision == revision:  # nothing happened meanwhile: the copy is the game
                change.state = position
                row.unchanged_since = since
                for seat, action in moves:
                    _record(change, ["act", seat, action.text])
                return "done"
            if state.version == version:  # only messages: the same moves on the same position
                for seat, action in moves:
                    row.unchanged_since = _apply(state, seat, action, row.unchanged_since)
                    _record(change, ["act", seat, action.text])
                return "done"
            # others acted meanwhile: the first move stands if only other seats' secret
            # choices came since (the rest were worked out without them: worked out again)
            seat, action = moves[0]
            allowed_from = (row.unchanged_since or {}).get(seat, state.version)
            if allowed_from <= version <= state.version and seat in state.to_act():
                try:
                    row.unchanged_since = _apply(state, seat, action, row.unchanged_since)
                except IllegalAction:
                    change.keep = False
                    return "stale"
                _record(change, ["act", seat, action.text])
                return "done"
            change.keep = False
            return "stale"

    def _bot(self, state: State, bot: BotSeat, seat: str, bot_seed: int) -> Bot:
        """The bot of ``seat``, made afresh for each decision from a seed fixed by the game and
        the position, a search bot within this server's limits."""
        seed = bot_seed * 1_000_003 + bot.position * 7_919 + state.version
        kind = capped(state.game, bot.kind, self.settings)
        return make_bot(state.game, kind, seat, seed)

    def bots_due(self) -> int:
        """How many games have bots due now (waiting for a worker, or being moved)."""
        with self.store.reading() as db:
            due = select(func.count()).select_from(GameRow).where(GameRow.bot_due <= time.time())
            return int(db.scalar(due) or 0)

    def wait_for_bots(self, timeout: float = 60.0) -> bool:
        """Wait until no game of the database has bots due and no bot turn runs in this
        process (the tests use it); False if some still were after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            with self._guard:
                busy = self._busy
            if not busy and not self.bots_due():
                return True
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.005)


def _check_id(game_id: int) -> None:
    """A game number outside the database's integers names no game (404, not a failure)."""
    if not 0 < game_id <= MAX_GAME_ID:
        raise ServerError(404, f"there is no game {str(game_id)[:30]}")


def _unattended(row: GameRow) -> bool:
    """Bots due now that no live lease holds."""
    now = time.time()
    due = row.bot_due is not None and row.bot_due <= now
    return due and (row.lease_until is None or row.lease_until < now)


def _record(change: Change, step: list[Any]) -> None:
    """Note a step of ``change`` for other processes to replay (unless it is not replayable)."""
    if change.steps is not None:
        change.steps.append(step)


def _apply(state: State, seat: str, action: Action | str, since: Mapping[str, int] | None) -> dict[str, int]:
    """Carry out ``seat``'s action and return the game's new ``unchanged_since`` (from
    ``since``, the old): an action toward a secret simultaneous choice that leaves the choice
    open (its frame still on top: nothing revealed) changes nothing the other seats of the
    choice may see or do, so each of them may still act on the version it last saw; any other
    change (and an undo) makes every seat look again."""
    top = state.stack[-1] if state.stack else None
    secret = isinstance(top, SecretChoice) and not top.one_at_a_time(state)
    before = state.version
    state.apply(seat, action)
    if secret and state.stack and state.stack[-1] is top:
        known = since or {}
        after = {s: known.get(s, before) for s in state.game.seats}
        after[seat] = state.version
        return after
    return {}


#: what ``players`` may say of a person's seat: invited by its link, or left free for the lobby
_PEOPLE = ("human", "open")


def _player(access: Access) -> str:
    if access.seat is None:
        raise ServerError(403, "a spectator's link can only watch; use your seat's link to play")
    return access.seat


def _page(
    row: GameRow, state: State, seated: tuple[Seated, ...], seat: str | None, revision: int | None = None
) -> dict[str, Any]:
    to_act = list(state.to_act())
    prompt = state.prompt(seat) if seat is not None else None
    page: dict[str, Any] = {
        "game_id": row.id,
        "game": row.game,
        "title": state.game.title,
        "options": dict(row.options),
        "seat": seat,
        "players": players_of(seated),
        "version": state.version,
        "revision": row.revision if revision is None else revision,
        "to_act": to_act,
        "your_turn": seat is not None and seat in to_act and bool(prompt and prompt.actions),
        "prompt": {"text": waiting_words(seated, to_act, prompt.text), "rule": prompt.rule}
        if prompt is not None
        else None,
        "actions": [a.text for a in prompt.actions] if prompt is not None else [],
        "can_undo": seat is not None and state.can_undo(seat),
        # whether the seat may send messages now (some games close the table talk at times)
        "chat_open": seat is not None and state.game.chat_open(state, seat),
        "view": state.view(seat),
        "log": [{"seq": e.seq, "text": e.text, "rule": e.rule} for e in state.visible_log(seat)],
        "chat": [
            {"from": m.sender, "to": list(m.to) if m.to is not None else None, "text": m.text}
            for m in state.chat(seat)
        ],
        "over": state.is_over(),
        "outcome": None,
    }
    outcome = state.outcome()
    if outcome is not None:
        page["outcome"] = {
            "result": outcome.result,
            "winners": list(outcome.winners),
            "scores": dict(outcome.scores),
            "unit": outcome.unit,
        }
    return page


def local_only(name: str) -> list[str]:
    """The options of game ``name`` that only the machine running it may set (a file's path,
    such as Fitna's ``scenario_file``): the server neither offers nor accepts them."""
    fields = game_class(name).Options.model_fields
    return [
        k
        for k, f in fields.items()
        if isinstance(f.json_schema_extra, dict) and f.json_schema_extra.get("local_only")
    ]
