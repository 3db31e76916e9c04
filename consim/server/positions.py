"""The games a server process holds: the most recently used, each with who plays its seats,
and the steps another process's changes are replayed with to bring one up to date.

Each change a server saves is kept with its game as the steps that made it (``["act", seat,
action]``, ``["undo", seat]``, ``["say", seat, recipients, text]``), its last :data:`RECENT`
changes in the game's row. A process holding an older revision replays them rather than
restoring the whole position, which is saved only every :data:`SAVE_EVERY` changes.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple, TypeVar

from consim.bots.base import bot_label
from consim.core.game import State
from consim.server.db import GameRow

__all__ = [
    "CACHED_GAMES",
    "MAX_STEPS",
    "RECENT",
    "SAVE_EVERY",
    "Entry",
    "Recent",
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
