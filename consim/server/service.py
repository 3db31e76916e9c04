"""What the server does with games, through consim's public contract only: create a game with
its seats, find the seat a link's secret opens, show a seat what it may see, and carry out its
actions, undos and messages, each in one database transaction; bots then play until a person
must decide. Bots that decide at once move within the request; a bot that searches (about a
second a move) thinks in a thread of the process afterwards, committing each move as it makes
it. A page read that finds a bot to act and nobody thinking for it in this process wakes one:
after a restart that resumes the game; with several server processes, two may think for the
same game, and the second move to arrive is dropped as stale.

A position is saved whole after every change (``State.to_dict(undo=True)``) and restored from
the database when needed; a small cache keeps the last restored state of each game and is used
only while the database still holds that same revision.
"""

from __future__ import annotations

import json
import logging
import secrets
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session, selectinload

import consim
from consim.bots.base import Bot, bot_kinds, bot_label, decide, make_bot
from consim.core.errors import IllegalAction, OptionError, RestoreError, VersionConflict
from consim.core.game import Game, State
from consim.core.registry import game_class
from consim.server.db import GameRow, SeatRow, Store, hash_token, select

#: how many bot decisions one request may run before the game is declared stuck
MAX_BOT_STEPS = 20_000
#: the longest chat message accepted, in characters
MAX_MESSAGE = 1_000

_log = logging.getLogger("consim.server")


class _Stale(Exception):
    """A searching bot's move was worked out on a position that has changed since."""


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


@dataclass(frozen=True)
class Created:
    """A new game: its number and the secret of each person's seat link."""

    game_id: int
    tokens: dict[str, str]


class Service:
    """Games kept in a :class:`Store`, played through the public contract."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._games: dict[str, Game] = {}
        self._cache: dict[int, tuple[int, State]] = {}
        self._locks: dict[int, threading.Lock] = {}
        self._guard = threading.Lock()
        #: games whose searching bots think in a thread of their own (see _think): the thread,
        #: and whether it was asked to look again after it last found no bot to move
        self._thinking: dict[int, tuple[threading.Thread, bool]] = {}
        #: called with a game's number and new revision after each change committed by this
        #: process (live pages)
        self.on_change: list[Callable[[int, int], None]] = []

    # -- games and states ------------------------------------------------------------------

    def game(self, name: str, options: Mapping[str, Any]) -> Game:
        """The :class:`Game` of ``name`` with ``options`` (loaded once per process)."""
        key = json.dumps([name, dict(options)], sort_keys=True)
        found = self._games.get(key)
        if found is None:
            if name not in consim.list_games():
                raise ServerError(422, f"unknown game {name!r}; games: {', '.join(consim.list_games())}")
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

    def _state(self, row: GameRow) -> State:
        cached = self._cache.get(row.id)
        if cached is not None and cached[0] == row.revision:
            return cached[1]
        game = self.game(row.game, row.options)
        try:
            state = game.restore(row.state)
        except RestoreError as exc:
            raise ServerError(500, f"game {row.id} cannot be restored: {exc}") from None
        if cached is None or cached[0] < row.revision:  # a late reader keeps a newer entry
            self._cache[row.id] = (row.revision, state)
        return state

    @contextmanager
    def _reading(self, game_id: int) -> Iterator[tuple[GameRow, State]]:
        with self.store.reading() as db, db.begin():
            row = db.get(GameRow, game_id)
            if row is None:
                raise ServerError(404, f"there is no game {game_id}")
            with self._lock(game_id):
                yield row, self._state(row)

    @contextmanager
    def _writing(self, game_id: int) -> Iterator[tuple[Session, GameRow, State]]:
        """One transaction with the game's row locked; the caller changes the state, which is
        saved and committed on leaving. On any error nothing is saved and the cached state
        (which may have been changed) is forgotten."""
        with self.store.writing() as db:
            row = db.scalars(select(GameRow).where(GameRow.id == game_id).with_for_update()).one_or_none()
            if row is None:
                raise ServerError(404, f"there is no game {game_id}")
            with self._lock(game_id):
                state = self._state(row)
                try:
                    yield db, row, state
                    self._save(row, state)
                    db.flush()
                except BaseException:
                    self._cache.pop(game_id, None)
                    raise
                self._cache[game_id] = (row.revision, state)
        # committed; if the commit itself failed, the exception leaves the cache entry of a
        # revision the database does not hold, which is never used
        for tell in self.on_change:
            tell(game_id, row.revision)

    @staticmethod
    def _save(row: GameRow, state: State) -> None:
        row.state = state.to_dict(undo=True)
        row.version = state.version
        row.revision = row.revision + 1
        row.status = "over" if state.is_over() else "playing"
        row.to_act = ",".join(state.to_act())[:200]

    # -- creating a game -------------------------------------------------------------------

    def create(
        self, name: str, options: Mapping[str, Any], players: Mapping[str, str], seed: int | None = None
    ) -> Created:
        """A new game of ``name`` with ``options``; ``players`` maps every seat to ``"human"``
        (a person invited by the seat's link, returned here), ``"open"`` (a person's seat left
        free, for anyone in the lobby to claim) or a bot kind (``"random"``, ``"heuristic"``...).
        Bots that act first move at once."""
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
            if who not in _PEOPLE and who not in kinds:
                raise ServerError(
                    422,
                    f"{seat}: {who[:40]!r} is neither 'human', 'open' nor a bot ({', '.join(sorted(kinds))})",
                )
        state = game.new_game(seed)
        bot_seed = secrets.randbits(31)
        tokens: dict[str, str] = {}
        row = GameRow(
            game=name, options=dict(game.options), state={}, version=0, revision=0, bot_seed=bot_seed
        )
        for i, seat in enumerate(game.seats):
            who = players[seat]
            seat_row = SeatRow(position=i, seat=seat, kind="human" if who in _PEOPLE else "bot")
            if who == "human":
                tokens[seat] = secrets.token_urlsafe(24)
                seat_row.token_hash = hash_token(tokens[seat])
            elif who != "open":
                seat_row.bot = who
            row.seats.append(seat_row)
        thinking = self._play_bots(row, state)
        self._save(row, state)
        with self.store.writing() as db:
            db.add(row)
            db.flush()
            game_id = row.id
        self._cache[game_id] = (row.revision, state)
        if thinking:
            self._think_later(game_id)
        return Created(game_id, tokens)

    # -- links -----------------------------------------------------------------------------

    def access(self, game_id: int, token: str | None) -> Access:
        """What ``token`` opens in game ``game_id`` (``None``: the spectator's view). A secret
        that is not one of this game's seat links is refused (403)."""
        with self.store.reading() as db:
            if db.scalar(select(GameRow.id).where(GameRow.id == game_id)) is None:
                raise ServerError(404, f"there is no game {game_id}")
            if token is None:
                return Access(game_id, None)
            found = db.scalars(select(SeatRow).where(SeatRow.token_hash == hash_token(token))).one_or_none()
        if found is None or found.game_id != game_id:
            raise ServerError(403, "this link does not open a seat of this game")
        return Access(game_id, found.seat)

    # -- what a seat sees ------------------------------------------------------------------

    def page(self, access: Access) -> dict[str, Any]:
        """Everything a seat's page shows, from what the seat may know (``view``, its prompt,
        its visible log and the messages it may read)."""
        with self._reading(access.game_id) as (row, state):
            page = _page(row, state, access.seat)
            stalled = self._bot_to_act(row, state) is not None
        if stalled:  # a searching bot's move was lost (a server stopped while it thought)
            self._think_later(access.game_id)
        return page

    def revision(self, game_id: int) -> int:
        """The game's revision (it goes up with every change), for live pages."""
        with self.store.reading() as db:
            found = db.scalar(select(GameRow.revision).where(GameRow.id == game_id))
        if found is None:
            raise ServerError(404, f"there is no game {game_id}")
        return found

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
                    "players": _players(r),
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
        with self._writing(game_id) as (_, row, state):
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
            name = row.game
        return token, name

    def replay(self, game_id: int, seat: str | None, step: int | None) -> dict[str, Any]:
        """A finished game as ``seat`` saw it (``None``: the public) after its first ``step``
        actions (``None``: the end): the view, the log so far and what that seat may know
        of the action just taken (another seat's action is named only by who took it)."""
        with self._reading(game_id) as (row, state):
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

    def act(self, access: Access, action: str, expect_version: int) -> dict[str, Any]:
        """Carry out the seat's ``action`` (its text form) if the position is still
        ``expect_version``; then bots play until a person must decide."""
        seat = _player(access)
        if len(action) > 500:
            raise ServerError(422, "an action is a short text, such as 'done'")
        with self._writing(access.game_id) as (_, row, state):
            if expect_version != state.version:
                raise ServerError(
                    409,
                    f"the position has changed (it is at version {state.version}, not {expect_version}): "
                    "look again before acting",
                )
            if action.split(maxsplit=1)[:1] == ["say"]:
                raise ServerError(422, "messages are sent with the chat, not as actions")
            try:
                state.apply(seat, action, expect_version=expect_version)
            except VersionConflict as exc:
                raise ServerError(409, str(exc)) from None
            except IllegalAction as exc:
                raise ServerError(422, str(exc)) from None
            thinking = self._play_bots(row, state)
            page = _page(row, state, seat, revision=row.revision + 1)
        if thinking:
            self._think_later(access.game_id)
        return page

    def undo(self, access: Access, expect_version: int) -> dict[str, Any]:
        """Take back the seat's last action, and the bots' actions that followed it, within
        the core's rules (not past a die roll, a draw or a reveal)."""
        seat = _player(access)
        with self._writing(access.game_id) as (_, row, state):
            if expect_version != state.version:
                raise ServerError(
                    409, f"the position has changed (version {state.version}, not {expect_version})"
                )
            bots = {s.seat for s in row.seats if s.kind == "bot"}
            trial = state.clone()
            actions = trial.record().actions
            n = len(actions)
            while n and actions[n - 1][0] in bots and trial.can_undo():
                trial.undo()
                n -= 1
            if not n or actions[n - 1][0] != seat or not trial.can_undo(seat):
                raise ServerError(
                    409,
                    "nothing to undo: your last action was followed by a die roll, a draw or a reveal, "
                    "or another player has acted since",
                )
            # the trial succeeded: do the same on the state itself
            for _ in range(len(actions) - n):
                state.undo()
            state.undo(seat)
            return _page(row, state, seat, revision=row.revision + 1)

    def say(self, access: Access, to: list[str] | None, text: str) -> dict[str, Any]:
        """Send a message from the seat to some seats (``None``: the whole table)."""
        seat = _player(access)
        if len(text) > MAX_MESSAGE:
            raise ServerError(422, f"a message is at most {MAX_MESSAGE} characters")
        with self._writing(access.game_id) as (_, row, state):
            try:
                state.say(seat, to, text)
            except IllegalAction as exc:
                raise ServerError(422, str(exc)) from None
            return _page(row, state, seat, revision=row.revision + 1)

    # -- bots ------------------------------------------------------------------------------

    def _play_bots(self, row: GameRow, state: State) -> bool:
        """Bots that decide at once move until nobody is to act or only people are; True if
        then a bot that searches is to act: it thinks outside the request (:meth:`_think`)."""
        for _ in range(MAX_BOT_STEPS):
            seat = self._bot_to_act(row, state)
            if seat is None:
                return False
            bot = self._bot(row, state, seat)
            if hasattr(bot, "choose_with_search"):
                return True
            state.apply(seat, decide(bot, state, seat, state.legal_actions(seat)))
        raise ServerError(500, f"the bots made {MAX_BOT_STEPS} decisions without reaching a person's turn")

    @staticmethod
    def _bot_to_act(row: GameRow, state: State) -> str | None:
        """A seat played by a bot that is to act now, if any."""
        bots = {s.seat for s in row.seats if s.kind == "bot"}
        return next((s for s in state.to_act() if s in bots and state.legal_actions(s)), None)

    @staticmethod
    def _bot(row: GameRow, state: State, seat: str) -> Bot:
        """The bot of ``seat``, made afresh for each decision, from a seed fixed by the game
        and the position."""
        found = next(s for s in row.seats if s.seat == seat)
        seed = row.bot_seed * 1_000_003 + found.position * 7_919 + state.version
        return make_bot(state.game, found.bot or "", seat, seed)

    def _think_later(self, game_id: int) -> None:
        """Let the game's searching bots move in a thread of their own (one a game)."""
        with self._guard:
            running = self._thinking.get(game_id)
            if running is not None:
                self._thinking[game_id] = (running[0], True)  # look again before stopping
                return
            thread = threading.Thread(target=self._think, args=(game_id,), name=f"bots-{game_id}")
            thread.daemon = True
            self._thinking[game_id] = (thread, False)
        thread.start()

    def _think(self, game_id: int) -> None:
        """A game's bots move while one that searches is to act. It searches a copy of the
        position without holding the game, so people may read it and chat meanwhile; its move is
        committed with the quick bots' moves that follow, each move its own revision (open pages
        see it at once), unless the position changed while it thought (an undo): then it looks
        again."""
        try:
            for _ in range(MAX_BOT_STEPS):
                with self._reading(game_id) as (row, state):
                    seat = self._bot_to_act(row, state)
                    if seat is not None:
                        position = state.clone()
                        bot = self._bot(row, position, seat)
                if seat is None:
                    with self._guard:
                        thread, again = self._thinking[game_id]
                        if not again:
                            del self._thinking[game_id]
                            return
                        self._thinking[game_id] = (thread, False)
                    continue
                action = decide(bot, position, seat, position.legal_actions(seat))
                try:
                    with self._writing(game_id) as (_, row, state):
                        if state.version != position.version:
                            raise _Stale
                        state.apply(seat, action)
                        self._play_bots(row, state)
                except _Stale:
                    continue
            _log.error("game %d: %d bot decisions and still no person to act", game_id, MAX_BOT_STEPS)
        except Exception:  # the game stays as committed; the next page read tries again
            _log.exception("game %d: a bot failed to move", game_id)
        with self._guard:
            self._thinking.pop(game_id, None)

    def wait_for_bots(self, timeout: float = 60.0) -> bool:
        """Wait until no bot of any game is thinking (the tests use it); False if some still
        were after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            with self._guard:
                threads = [t for t, _ in self._thinking.values()]
            if not threads:
                return True
            for thread in threads:
                thread.join(max(0.0, deadline - time.monotonic()))
            if time.monotonic() >= deadline:
                with self._guard:
                    return not self._thinking


#: what ``players`` may say of a person's seat: invited by its link, or left free for the lobby
_PEOPLE = ("human", "open")


def _players(row: GameRow) -> dict[str, str]:
    """Who plays each seat, in words: a person, an open seat (nobody yet) or a bot."""
    out = {}
    for s in row.seats:
        if s.kind != "human":
            out[s.seat] = bot_label(s.bot)
        else:
            out[s.seat] = "person" if s.token_hash is not None else "open seat"
    return out


def _player(access: Access) -> str:
    if access.seat is None:
        raise ServerError(403, "a spectator's link can only watch; use your seat's link to play")
    return access.seat


def _waiting(row: GameRow, to_act: list[str], text: str) -> str:
    """A prompt that waits for a search bot says that it is thinking."""
    if not text.startswith("Waiting for"):
        return text
    searching = [s.seat for s in row.seats if s.seat in to_act and (s.bot or "").startswith("ismcts")]
    if not searching:
        return text
    what = "is a search bot" if len(searching) == 1 else "are search bots"
    first, _, rest = text.partition(". ")  # "Waiting for US." and what else the seat may do
    said = f"{first.removesuffix('.')}. {' and '.join(searching)} {what}, thinking (about a second a move)."
    return f"{said} {rest}" if rest else said


def _page(row: GameRow, state: State, seat: str | None, revision: int | None = None) -> dict[str, Any]:
    to_act = list(state.to_act())
    prompt = state.prompt(seat) if seat is not None else None
    page: dict[str, Any] = {
        "game_id": row.id,
        "game": row.game,
        "title": state.game.title,
        "options": dict(row.options),
        "seat": seat,
        "players": _players(row),
        "version": state.version,
        "revision": row.revision if revision is None else revision,
        "to_act": to_act,
        "your_turn": seat is not None and seat in to_act and bool(prompt and prompt.actions),
        "prompt": {"text": _waiting(row, to_act, prompt.text), "rule": prompt.rule}
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
