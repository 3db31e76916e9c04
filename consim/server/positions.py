"""The games a server process holds: the most recently used, each with who plays its seats,
and the steps another process's changes are replayed with to bring one up to date.

Each change a server saves is kept with its game as the steps that made it (``["act", seat,
action]``, ``["undo", seat]``, ``["say", seat, recipients, text]``), its last :data:`RECENT`
changes in the game's row. A process holding an older revision replays them rather than
restoring the whole position, which is saved only every :data:`SAVE_EVERY` changes, by a
:class:`Saver` thread after the change that made it due.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple, TypeVar

from consim.bots.base import bot_label
from consim.core.game import State
from consim.server.db import GameRow

_log = logging.getLogger("consim.server")

__all__ = [
    "CACHED_GAMES",
    "MAX_STEPS",
    "RECENT",
    "SAVE_EVERY",
    "Entry",
    "Recent",
    "Saver",
    "Seated",
    "players_of",
    "replay_step",
    "waiting_words",
]

#: how many of a game's last changes its row keeps for other processes to replay
RECENT = 16
#: the whole position is saved every this many changes, after the change (the service's
#: saver), and by a change itself once RECENT changes lie between; the changes between are
#: kept in the row's ``recent``, so SAVE_EVERY must be less than RECENT
SAVE_EVERY = 8
#: a change of more steps than this (a long run of bot moves) is not kept for replaying
MAX_STEPS = 64
#: how many games a server process keeps restored (the most recently used; another is restored
#: from the database when it is next asked for)
CACHED_GAMES = 500


K = TypeVar("K")
V = TypeVar("V")


class Recent(Generic[K, V]):
    """A mapping that keeps its ``size`` most recently used entries (safe across threads)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()
        self._guard = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._guard:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def __setitem__(self, key: K, value: V) -> None:
        with self._guard:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def __contains__(self, key: object) -> bool:
        with self._guard:
            return key in self._items

    def __len__(self) -> int:
        return len(self._items)

    def pop(self, key: K, default: V | None = None) -> V | None:
        with self._guard:
            return self._items.pop(key, default)


@dataclass(frozen=True)
class Seated:
    """Who plays a seat, as pages and bots need it (kept with the cached state, so that a
    page reads no seat rows): a person (``taken`` once their link is given) or a bot."""

    seat: str
    position: int
    kind: str  # "human" or "bot"
    bot: str  # the bot's kind, "" for a person
    taken: bool

    @classmethod
    def of(cls, row: GameRow) -> tuple[Seated, ...]:
        return tuple(cls(s.seat, s.position, s.kind, s.bot, s.token_hash is not None) for s in row.seats)


class Entry(NamedTuple):
    """A game as last restored by this process: at which revision, its state, its seats."""

    revision: int
    state: State
    seated: tuple[Seated, ...]


def replay_step(state: State, step: list[Any]) -> None:
    """Do again on ``state`` a step of a change another process made."""
    match step:
        case ["act", str(seat), str(action)]:
            state.apply(seat, action)
        case ["undo", str(seat)]:
            state.undo(seat)
        case ["say", str(seat), to, str(text)]:
            state.say(seat, to, text)
        case _:
            raise ValueError(f"not a step that can be replayed: {step!r}")


def players_of(seated: tuple[Seated, ...]) -> dict[str, str]:
    """Who plays each seat, in words: a person, an open seat (nobody yet) or a bot."""
    out = {}
    for s in seated:
        if s.kind != "human":
            out[s.seat] = bot_label(s.bot)
        else:
            out[s.seat] = "person" if s.taken else "open seat"
    return out


def waiting_words(seated: tuple[Seated, ...], to_act: list[str], text: str) -> str:
    """A prompt that waits for a search bot says that it is thinking."""
    if not text.startswith("Waiting for"):
        return text
    searching = [s.seat for s in seated if s.seat in to_act and (s.bot or "").startswith("ismcts")]
    if not searching:
        return text
    what = "is a search bot" if len(searching) == 1 else "are search bots"
    first, _, rest = text.partition(". ")  # "Waiting for US." and what else the seat may do
    said = f"{first.removesuffix('.')}. {' and '.join(searching)} {what}, thinking (about a second a move)."
    return f"{said} {rest}" if rest else said


class Saver:
    """A thread that saves games' whole positions after the changes that made them due: it is
    asked for a game and a revision, and calls ``save`` with them in its own time (a game asked
    for again before its turn is saved once, at the newest revision asked). It starts when
    first asked; :meth:`stop` lets it finish what is asked and ends it."""

    def __init__(self, save: Callable[[int, int], None]) -> None:
        self._save = save
        self._due: dict[int, int] = {}
        self._busy = False
        self._changed = threading.Condition()
        self._thread: threading.Thread | None = None
        self._stopping = False

    def ask(self, game_id: int, revision: int) -> None:
        with self._changed:
            self._due[game_id] = max(revision, self._due.get(game_id, 0))
            if self._thread is None:
                self._stopping = False
                self._thread = threading.Thread(target=self._run, name="consim-saver", daemon=True)
                self._thread.start()
            self._changed.notify_all()

    def _run(self) -> None:
        while True:
            with self._changed:
                while not self._due and not self._stopping:
                    self._changed.wait()
                if not self._due:
                    self._thread = None
                    self._changed.notify_all()
                    return
                game_id = next(iter(self._due))
                revision = self._due.pop(game_id)
                self._busy = True
            try:
                self._save(game_id, revision)
            except Exception:  # the game is restored from an older position: nothing is lost
                _log.exception(
                    "game %d: its position could not be saved; the next change tries again", game_id
                )
            finally:
                with self._changed:
                    self._busy = False
                    self._changed.notify_all()

    def wait(self, timeout: float) -> bool:
        """Wait until nothing is asked or being saved; False if that took over ``timeout``."""
        with self._changed:
            return self._changed.wait_for(lambda: not self._due and not self._busy, timeout)

    def stop(self, timeout: float = 10.0) -> None:
        with self._changed:
            thread = self._thread
            self._stopping = True
            self._changed.notify_all()
        if thread is not None:
            thread.join(timeout)
