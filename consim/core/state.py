"""The position of a game: :class:`State`, which runs the game's frames (the flow), keeps the
log, the record, the random generator and undo, and copies and saves itself.

>>> import consim
>>> state = consim.load_game("iraq", players=2).new_game(seed=1)
>>> v = state.version
>>> _ = state.apply("US", "done")
>>> state.version == v + 1
True
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, TypeVar

import numpy as np
import numpy.typing as npt

from consim.core.action import Action
from consim.core.data import Data
from consim.core.errors import (
    AmbiguousAction,
    IllegalAction,
    MalformedAction,
    RestoreError,
    VersionConflict,
)
from consim.core.flow import RETRACT, Decision, Frame, SecretChoice
from consim.core.log import ChatMessage, LogEntry
from consim.core.observe import Event, InformationState
from consim.core.record import Record
from consim.core.research import CanonicalRng, research_of
from consim.core.rng import Rng, as_rng
from consim.core.values import Outcome, Prompt, Standing
from consim.core.version import ENGINE
from consim.core.words import fold

if TYPE_CHECKING:
    from consim.core.game import Game

T = TypeVar("T")

STATE_FORMAT = "consim-state/2"
_new_entry = tuple.__new__
_NO_SEATS: frozenset[str] = frozenset()
_MAX_STEPS = 1_000_000
#: groups of seats as frozensets, shared: a game names the same few groups again and again in
#: log entries and reveals (emptied if it ever grows large)
_AUDIENCES: dict[tuple[str, ...], frozenset[str]] = {}


def _audience(to: Sequence[str] | frozenset[str]) -> frozenset[str]:
    """``to`` as a frozenset (shared with earlier calls naming the same seats in that order)."""
    if type(to) is not tuple:
        return frozenset(to)
    found = _AUDIENCES.get(to)
    if found is None:
        if len(_AUDIENCES) > 4096:
            _AUDIENCES.clear()
        found = _AUDIENCES[to] = frozenset(to)
    return found


class _Snapshot(NamedTuple):
    """The position at the undo floor: undo returns here and replays the actions since."""

    data: Data
    stack: list[Frame[Any]]
    rng: Rng
    log_len: int
    actions_len: int


class State:
    """A position in a game. Changed only through :meth:`apply` (and :meth:`undo`).

    Rules code reads the game's static tables in :attr:`tables` and its typed mutable state in
    :attr:`data`; the sequence of play is :attr:`stack` (frames, the top one in progress).
    """

    __slots__ = (
        "_actions",
        "_chat",
        "_floor",
        "_handled",
        "_last_reveal",
        "_legal",
        "_log",
        "_reveal_seats",
        "_revealed",
        "_shared",
        "_snap",
        "_start",
        "_to_act",
        "cache",
        "data",
        "game",
        "keep_undo",
        "rng",
        "seed",
        "stack",
        "tables",
        "version",
    )

    #: the class of :attr:`data` (each game's State subclass sets it)
    data_type: ClassVar[type[Data]]

    #: the game's typed mutable state (each game's subclass names its type)
    data: Data
    #: the game's static tables, shared by every state of one Game (each subclass names the type)
    tables: Any

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.tables = game.tables
        self.seed = seed
        self.rng = Rng(seed)
        self.stack: list[Frame[Any]] = []
        #: increases by one with every change of the position (apply, undo, retract)
        self.version = 0
        #: scratch space for queries of the current position; the core empties it whenever
        #: the position changes (after every step of the sequence of play)
        self.cache: dict[Any, Any] = {}
        self._log: list[LogEntry] = []
        self._actions: list[tuple[str, str]] = []
        self._chat: list[ChatMessage] = []
        self._shared = False
        self._floor = 0
        self._snap: _Snapshot | None = None
        #: keep what undo needs (a copy of the position at each undo floor); batch play that
        #: never undoes, such as ``consim.bots.driver.play_out``, turns it off to save the copies
        self.keep_undo = True
        self._start: dict[str, Any] | None = None
        self._revealed = False
        self._reveal_seats: frozenset[str] | None = frozenset()
        self._last_reveal: frozenset[str] | None = frozenset()
        self._to_act: tuple[str, ...] | None = None
        self._legal: dict[str, list[Action]] = {}
        self._handled: list[LogEntry] = []

    # -- the public surface ----------------------------------------------------------------

    def to_act(self) -> tuple[str, ...]:
        """Seats that must decide now. Several at once means a secret simultaneous choice."""
        if self._to_act is None:
            self._to_act = self._top_seats()
        return self._to_act

    def legal_actions(self, seat: str) -> list[Action]:
        """The legal actions of ``seat`` now (empty if it is not to act)."""
        cached = self._legal.get(seat) if type(seat) is str else None
        if cached is None:
            self._check_seat(seat)
            if seat not in self.to_act():
                return []
            top = self.stack[-1]
            assert isinstance(top, Decision)
            cached = self._legal[seat] = top.on_offer(self, seat)
        return cached[:]

    def prompt(self, seat: str) -> Prompt:
        """What ``seat`` is asked now, with the legal actions."""
        self._check_seat(seat)
        if seat not in self.to_act():
            if self.is_over():
                return Prompt(seat, "The game is over.", [])
            waiting = ", ".join(self.to_act())
            text = f"Waiting for {waiting}."
            top = self.stack[-1]
            if isinstance(top, SecretChoice) and top.can_retract(seat):
                text += " You have made your choice; 'retract' takes it back until the others have chosen."
            return Prompt(seat, text, [])
        top = self.stack[-1]
        assert isinstance(top, Decision)
        text, rule = top.prompt(self, seat)
        return Prompt(seat, text, self.legal_actions(seat), rule)

    def apply(self, seat: str, action: Action | str, *, expect_version: int | None = None) -> list[LogEntry]:
        """Carry out ``seat``'s action (an :class:`Action` or its text form).

        Returns the new log entries (all audiences). Raises :class:`IllegalAction` and leaves
        the state unchanged if the input is malformed, ambiguous or illegal now, or if
        ``expect_version`` is given and the position is no longer that version.
        """
        if expect_version is not None and expect_version != self.version:
            raise VersionConflict(
                f"the position has changed (version {self.version}, not {expect_version}): "
                "someone acted first; look again"
            )
        # the fast path: the very object of one of the legal actions, from a seat to act (an
        # identity scan: far cheaper than comparing the actions as tuples one by one)
        legal = self._legal.get(seat) if type(seat) is str else None
        chosen: Action | None = None
        if legal is not None:
            for candidate in legal:
                if candidate is action:
                    chosen = candidate
                    break
        if chosen is None:
            chosen = self._accept(seat, action)
            if chosen is None:  # a message or a take-back: handled
                return self._handled
        top: Decision[Any] = self.stack[-1]  # type: ignore[assignment]
        return self._perform(seat, chosen, top.carry_out)

    def explain(self, seat: str, action: Action | str) -> str | None:
        """Why :meth:`apply` would refuse ``seat``'s ``action`` now, in the engine's words (the
        :class:`IllegalAction` message, with its rule and any deal it would break), or ``None``
        if it would be accepted. The state is not changed: the action is tried on a copy.

        >>> import consim
        >>> state = consim.load_game("iraq", players=2).new_game(seed=1)
        >>> state.explain("US", "done") is None
        True
        >>> state.explain("US", 'discard "Nothing"')
        "no card named 'Nothing' [Commitment Phase]"
        """
        trial = self.clone()
        trial.keep_undo = False
        try:
            trial.apply(seat, action)
        except IllegalAction as exc:
            return str(exc)
        return None

    def _accept(self, seat: str, action: object) -> Action | None:
        """Check input that is not plainly one of the legal actions: parse text, refuse what is
        malformed or illegal with the reason, match loosely typed text, and handle messages and
        take-backs (returns ``None`` then, with their log entries in ``_handled``)."""
        if seat not in self.game.seats:
            self._check_seat(seat)
        if type(action) is not Action:
            if isinstance(action, str):
                action = Action.parse(action)
            elif not isinstance(action, Action):
                raise MalformedAction(f"expected an Action or its text, got {type(action).__name__}")
        assert isinstance(action, Action)
        if not action.well_formed():
            raise MalformedAction("a malformed action: an Action is a verb and a tuple of texts")
        verb = action[0]
        if verb == "say":
            self._say_action(seat, action)
            self._handled = []
            return None
        to_act = self.to_act()
        if verb == "retract" and (seat not in to_act or action not in self.legal_actions(seat)):
            self._handled = self._retract(seat, action)
            return None
        if seat not in to_act:
            if not to_act:
                raise IllegalAction("the game is over; no more actions are accepted")
            raise IllegalAction(f"{seat} is not to act now; waiting for {', '.join(to_act)}")
        top: Decision[Any] = self.stack[-1]  # type: ignore[assignment]
        legal = self._legal.get(seat)
        if legal is None:
            legal = self._legal[seat] = top.on_offer(self, seat)
        if action not in legal:
            action = self._match(seat, action, legal, top)
        return action

    def is_over(self) -> bool:
        return not self.to_act()

    def outcome(self) -> Outcome | None:
        """The :class:`Outcome` once the game is over, else ``None``."""
        if not self.is_over():
            return None
        return self.game._outcome(self)

    def turn(self) -> int | None:
        """The number of the turn being played, as the game counts turns (``None`` if it has
        none). Public information: every player sees the turn marker."""
        return self.game._turn(self)

    def standing(self) -> Standing | None:
        """The turn being played and each seat's score if the game ended now (``None`` for a
        game that reports none). It reads the whole position, hidden parts included: a bot
        may call it only on positions it searches (determinizations), never on the real one."""
        return self.game._standing(self)

    def view(self, seat: str | None = None) -> dict[str, Any]:
        """Everything ``seat`` may know, as JSON-ready data; ``None`` is a spectator."""
        if seat is not None:
            self._check_seat(seat)
        data = dict(self.game._view(self, seat))
        data["game"] = self.game.id
        data["seat"] = seat
        data["to_act"] = list(self.to_act())
        return data

    @property
    def log(self) -> list[LogEntry]:
        """The full log, every audience (an omniscient record; use :meth:`visible_log`)."""
        return list(self._log)

    def visible_log(self, seat: str | None, since: int = 0) -> list[LogEntry]:
        """The log entries ``seat`` may read (``None`` = spectator: public entries only),
        from entry number ``since`` on."""
        if seat is not None:
            self._check_seat(seat)
        _check_since(since)
        return [
            e for e in self._log[since:] if e.audience is None or (seat is not None and seat in e.audience)
        ]

    def chat(self, seat: str | None, since: int = 0) -> list[ChatMessage]:
        """The messages ``seat`` may read (``None``: those to the whole table)."""
        if seat is not None:
            self._check_seat(seat)
        _check_since(since)
        return [m for m in self._chat[since:] if m.visible_to(seat)]

    def say(self, seat: str, to: Sequence[str] | None, text: str) -> ChatMessage:
        """Send a message from ``seat`` to some seats (``None``: the whole table). Messages are
        recorded and delivered, never enforced, and not part of the game: they neither change
        the position nor stop an undo."""
        self._check_seat(seat)
        if not self.game.chat_open(self, seat):
            raise IllegalAction("messages cannot be sent now")
        if type(text) is not str or (to is not None and not isinstance(to, list | tuple)):
            raise IllegalAction("a message is text, to a list of seats or to None (the table)")
        if not text.strip():
            raise IllegalAction("an empty message")
        targets: tuple[str, ...] | None = None
        if to is not None:
            bad = [t for t in to if t not in self.game.seats]
            if bad or seat in to or not to:
                shown = ", ".join(t[:20] for t in to)
                raise IllegalAction(f"bad message recipients {shown!r}; seats: {', '.join(self.game.seats)}")
            targets = tuple(s for s in self.game.seats if s in to)
        self._own()
        msg = ChatMessage(len(self._chat), seat, targets, text.strip(), len(self._actions))
        self._chat.append(msg)
        return msg

    def clone(self) -> State:
        """An independent copy; cheap enough for search."""
        other = object.__new__(type(self))
        other.game = self.game
        other.tables = self.tables
        other.seed = self.seed
        other.rng = self.rng.copy()
        other.data = self.data.clone()
        other.stack = [f.clone() for f in self.stack]
        other.version = self.version
        other.cache = {}
        # the history is shared until either copy writes to it
        other._log = self._log
        other._actions = self._actions
        other._chat = self._chat
        self._shared = other._shared = True
        other._floor = self._floor
        other._snap = self._snap  # never changed in place
        other.keep_undo = self.keep_undo
        other._start = self._start
        other._revealed = False
        other._reveal_seats = frozenset()
        other._last_reveal = self._last_reveal
        other._to_act = self._to_act
        other._legal = self._legal.copy()
        return other

    def to_dict(self, log: bool = True, undo: bool = False) -> dict[str, Any]:
        """The whole state as JSON-ready data (RNG included); :meth:`Game.restore` reads it.
        ``log=False`` leaves out the log (for stores that keep it elsewhere); ``undo=True``
        adds what undo needs (a copy of the position at the undo floor), so that a restored
        state can still take back the actions since: a server that keeps games between
        requests wants it. Without it the restored state starts undo afresh."""
        codec = self.game.codec
        data: dict[str, Any] = {
            "format": STATE_FORMAT,
            "game": self.game.id,
            "options": dict(self.game.options),
            "engine": ENGINE,
            "seed": self.seed,
            "version": self.version,
            "rng": {"state": self.rng.state, "calls": self.rng.calls},
            "actions": [[s, t] for s, t in self._actions],
            "undo_floor": self._floor,
        }
        if log:
            data["log"] = [e.to_dict() for e in self._log]
        data["chat"] = [m.to_dict() for m in self._chat]
        data["stack"] = codec.dump_value(list[Frame[Any]], self.stack)
        data["data"] = codec.dump(self.data)
        snap = self._snap
        if undo and snap is not None and self._floor < len(self._actions):
            data["undo"] = {
                "data": codec.dump(snap.data),
                "stack": codec.dump_value(list[Frame[Any]], snap.stack),
                "rng": {"state": snap.rng.state, "calls": snap.rng.calls},
                "log_len": snap.log_len,
                "actions_len": snap.actions_len,
            }
        if self._start is not None:
            data["start"] = self._start
        return data

    def record(self) -> Record:
        """The game id, options, seed and every action: replays to this exact state."""
        result = None
        if self.is_over():
            out = self.outcome()
            result = out.result if out else None
        return Record(
            self.game.id,
            dict(self.game.options),
            self.seed,
            list(self._actions),
            result,
            engine=ENGINE,
            content=self.game.content_hash(),
            start=self._start,
            chat=[m.to_dict() for m in self._chat],
        )

    def controller(self, faction: str) -> str:
        """The seat that plays ``faction`` now (forces may change hands during a game)."""
        if type(faction) is not str or faction not in self.game.factions:
            shown = repr(faction)[:30]
            raise IllegalAction(f"unknown faction {shown}; factions: {', '.join(self.game.factions)}")
        return self.game.controller(self, faction)

    # -- the research contract (consim.core.research) ----------------------------------------

    def legal_mask(self, seat: str) -> npt.NDArray[np.int8]:
        """1 at the :meth:`Game.action_index` of every legal action of ``seat``, 0 elsewhere;
        always ``game.num_actions()`` long."""
        space = self.game.action_space
        mask = np.zeros(space.size, np.int8)
        for a in self.legal_actions(seat):
            mask[space.index(a)] = 1
        return mask

    def observation(self, seat: str | None) -> npt.NDArray[np.float32]:
        """What ``seat`` may know as numbers, laid out by ``game.observation_spec()``; read
        from :meth:`view` alone."""
        return self.game.observation_spec().encode(self.view(seat))

    def information_state(self, seat: str) -> InformationState:
        """What ``seat`` has done and seen: its own actions, the log entries it could read
        (public or private) and its view. ``.string()`` is OpenSpiel's
        ``information_state_string``."""
        self._check_seat(seat)
        events = tuple(
            Event("public" if e.audience is None else "private", e.text, e.rule)
            for e in self._log
            if e.audience is None or seat in e.audience
        )
        own = tuple(text for who, text in self._actions if who == seat)
        return InformationState(seat, own, events, self.view(seat))

    def determinize(self, seat: str | None, rng: Rng | int | random.Random | np.random.Generator) -> State:
        """A full position consistent with everything ``seat`` knows, for search: what it
        cannot know (other hands, deck order, other seats' secret choices) re-dealt and the
        generator reseeded, all from ``rng``; the result depends on nothing hidden. It keeps
        only the log and messages ``seat`` could read, has no history of actions and no undo,
        and its :meth:`record` starts from the re-dealt position and replays to it.

        ``rng`` is the engine's :class:`~consim.Rng` (drawn from: two calls with one generator
        give two deals), an integer seed, a ``random.Random`` or a NumPy ``Generator``."""
        if seat is not None:
            self._check_seat(seat)
        try:
            rng = as_rng(rng)
        except TypeError as exc:
            raise IllegalAction(f"determinize: {exc}") from None
        canonical = CanonicalRng(rng.next64())
        other = research_of(self.game).resample(self, seat, canonical)
        other._own()
        other.seed = rng.next64()
        other.rng = Rng(rng.next64())
        other._log = [e for e in other._log if e.visible_to(seat)]
        # the messages it could read all came before the re-dealt position's first action
        other._chat = [dataclasses.replace(m, at_action=0) for m in other._chat if m.visible_to(seat)]
        other._actions = []
        other._floor = 0
        other._snap = None
        other.keep_undo = False
        other._last_reveal = _NO_SEATS
        other._changed()
        # the record starts from the re-dealt position with its log and messages, so that it
        # replays to this very state (a view may read the log: The First Jihad's card shows
        # what happened since it was drawn)
        other._start = None
        start = other.to_dict()
        start.update(actions=[], undo_floor=0)
        other._start = start
        return other

    def apply_joint(self, actions: Mapping[str, Action | str]) -> list[LogEntry]:
        """Carry out one action of each of several seats asked at once (a secret simultaneous
        choice), in the game's seat order whatever the mapping's order. Every action is checked
        first: if one is illegal, nothing is applied."""
        if not isinstance(actions, Mapping):
            raise IllegalAction(f"apply_joint takes seats and their actions, not {type(actions).__name__}")
        to_act = self.to_act()
        for seat, action in actions.items():
            self._check_seat(seat)
            if seat not in to_act:
                raise IllegalAction(f"{seat} is not to act now; waiting for {', '.join(to_act)}")
            self._accept(seat, action)
        entries: list[LogEntry] = []
        for seat in self.game.seats:
            if seat in actions:
                entries.extend(self.apply(seat, actions[seat]))
        return entries

    # -- undo ------------------------------------------------------------------------------

    def can_undo(self, seat: str | None = None) -> bool:
        """True if the last action may be taken back: no die roll, draw or reveal since, and
        (if ``seat`` is given) it was that seat's own action. Never while :attr:`keep_undo` is
        off."""
        if seat is not None:
            self._check_seat(seat)
        if len(self._actions) <= self._floor or self._snap is None:
            return False
        return seat is None or self._actions[-1][0] == seat

    def undo(self, seat: str | None = None) -> None:
        """Take back the last action (see :meth:`can_undo`): the position returns to the last
        undo floor and the actions since, but the last, are applied again."""
        if not self.can_undo(seat):
            raise IllegalAction(
                "nothing to undo: the last action was followed by a die roll, card draw or "
                "reveal, or was not yours"
            )
        snap = self._snap
        assert snap is not None
        again = self._actions[snap.actions_len : -1]
        self._own()
        self.data = snap.data.clone()
        self.stack = [f.clone() for f in snap.stack]
        self.rng = snap.rng.copy()
        del self._log[snap.log_len :]
        del self._actions[snap.actions_len :]
        self._changed()
        self._to_act = None
        version = self.version
        for seat_, text in again:
            self.apply(seat_, text)
        self.version = version + 1

    # -- building positions by hand ----------------------------------------------------------

    @contextmanager
    def edit(self) -> Iterator[Any]:
        """Set up a position by hand (tests, scenario designers): change ``state.data`` (and
        ``state.stack``) inside the block; on leaving it the state is checked like a restored
        one and starts a new history here (:meth:`rebase`). Scripted dice set on ``state.rng``
        before the block drive the automatic steps that follow it.

        >>> import consim
        >>> state = consim.load_game("iraq", players=2).new_game(seed=1)
        >>> with state.edit() as data:
        ...     data.vp["US"] = 12
        >>> state.view("US")["vp"]["US"], len(state.record().actions)
        (12, 0)
        """
        yield self.data
        self.rebase()

    def rebase(self) -> None:
        """Make the current position (edited by hand) a new starting point: it is checked (the
        types of every field and the game's invariants), the log, actions and undo are
        cleared, automatic steps run, and the record starts from this position."""
        start = self.to_dict()
        start.update(log=[], actions=[], undo_floor=0, chat=[], version=self.version + 1)
        start.pop("undo", None)
        start.pop("start", None)
        fresh = self.game._restore(start, rng=self.rng)
        fresh._start = start
        self._become(fresh)
        self._changed()  # what restoring asked of the position belongs to the discarded copy

    def refresh(self) -> None:
        """Forget what was computed from the position (who acts, legal actions, cached queries)
        after ``data`` was changed by hand while keeping the history, as the conformance suite's
        leak checks do when they re-deal hidden cards. The sequence of play is not advanced.
        Prefer :meth:`edit` to set up positions."""
        self._changed()

    # -- the sequence of play (for rules code) ------------------------------------------------

    @property
    def top(self) -> Frame[Any]:
        """The frame in progress."""
        return self.stack[-1]

    def push(self, frame: Frame[Any]) -> None:
        """Start a nested procedure: ``frame`` runs before the one now on top continues."""
        self.stack.append(frame)

    def push_named(self, name: str, **fields: Any) -> Frame[Any]:
        """Push a frame of another rules module by its registered name."""
        cls = self.game.codec.frames.get(name)
        if cls is None:
            raise KeyError(f"{self.game.id} has no frame named {name!r}")
        frame: Frame[Any] = cls(**fields)  # type: ignore[assignment]
        self.stack.append(frame)
        return frame

    def pop(self) -> Frame[Any]:
        """End the frame on top."""
        return self.stack.pop()

    def has(self, frame: Frame[Any]) -> bool:
        """Whether this very frame is still on the stack."""
        return any(f is frame for f in self.stack)

    def replace(self, old: Frame[Any], new: Frame[Any]) -> None:
        """Put ``new`` where ``old`` is on the stack (below whatever interrupted ``old``)."""
        stack = self.stack
        for i in range(len(stack) - 1, -1, -1):
            if stack[i] is old:
                stack[i] = new
                return
        raise ValueError(f"frame {old.name!r} is not on the stack")

    def begin_phase(self, name: str) -> Frame[Any]:
        """Push the phase ``name`` (a registered frame) and :meth:`~Frame.begin` it."""
        frame = self.push_named(name)
        frame.begin(self)
        return frame

    def next_phase(self, current: Frame[Any]) -> Frame[Any]:
        """End the phase ``current`` and begin the one that follows it in the game's
        :attr:`~consim.core.game.Game.sequence`, in its place: the next phase's opening happens
        now, as the sequence of play has it, while whatever interrupted ``current`` (a discard
        to the hand limit, a card played in a window) is still answered first."""
        cls = self.game.codec.frames[self.game.sequence[current.name]]
        frame: Frame[Any] = cls()  # type: ignore[assignment]
        self.replace(current, frame)
        frame.begin(self)
        return frame

    def remove(self, frame: Frame[Any]) -> None:
        """End this very frame, wherever it is on the stack."""
        stack = self.stack
        for i in range(len(stack) - 1, -1, -1):
            if stack[i] is frame:
                del stack[i]
                return
        raise ValueError(f"frame {frame.name!r} is not on the stack")

    def end_game(self) -> None:
        """The game is over: no frame remains."""
        self.stack.clear()

    def cached(self, key: Any, build: Callable[[], T]) -> T:
        """A query of the current position, computed once until the position changes."""
        cache = self.cache
        if key in cache:
            value: T = cache[key]
            return value
        value = cache[key] = build()
        return value

    # -- helpers for rules code --------------------------------------------------------------

    def emit(
        self,
        text: str,
        rule: str = "",
        to: Sequence[str] | frozenset[str] | None = None,
        refs: tuple[tuple[str, str], ...] = (),
    ) -> None:
        """Append a log entry; ``to`` limits its audience to those seats; ``refs`` names what
        it mentions as ``(kind, id)`` pairs."""
        if self._shared:
            self._own()
        log = self._log
        audience = None if to is None else _audience(to)
        # tuple.__new__ skips the NamedTuple's Python-level constructor (this runs very often)
        log.append(_new_entry(LogEntry, (len(log), text, rule, audience, refs)))

    def mark_reveal(self, to: Sequence[str] | None = None) -> None:
        """Hidden information was shown (to ``to``, or to everyone): actions before this point
        can no longer be undone."""
        self._revealed = True
        seen = self._reveal_seats
        if to is None or seen is None:
            self._reveal_seats = None
        else:
            self._reveal_seats = seen.union(to) if seen else _audience(to)

    def last_action_revealed_to(self, seat: str) -> bool:
        """True if the last action showed ``seat`` hidden information (a reveal, a trade).
        Draws are not reveals; the conformance suite uses this to know which log lines may
        legitimately depend on hidden information."""
        return self._last_reveal is None or seat in self._last_reveal

    # -- internals ---------------------------------------------------------------------------

    def _top_seats(self) -> tuple[str, ...]:
        if not self.stack:
            return ()
        top = self.stack[-1]
        return top.seats(self) if isinstance(top, Decision) else ()

    def _advance(self) -> None:
        """Run automatic frames until a decision with a legal action is on top, or the game
        is over; then set who is to act and what the single seat to act may do. (Until then
        both still describe the position before: the frames run here never ask for them.)"""
        stack = self.stack
        cache = self.cache
        steps = 0
        while stack:
            top = stack[-1]
            if isinstance(top, Decision):
                seats = top.seats(self)
                if seats:
                    if len(seats) > 1:
                        self._to_act = seats
                        self._legal = {}
                        return
                    legal = top.on_offer(self, seats[0])
                    if legal:
                        self._to_act = seats
                        self._legal = {seats[0]: legal}
                        return
                top.skip(self)
            else:
                top.run(self)
            cache.clear()
            steps += 1
            if steps > _MAX_STEPS:
                raise RuntimeError(f"the sequence of play makes no progress (frame {top.name!r})")
        self._to_act = ()
        self._legal = {}

    def _settled(self) -> None:
        """A starting point (a new game, a restored or rebased position): what was shown in
        getting here is not an action of its own."""
        self._revealed = False
        self._reveal_seats = frozenset()

    def _changed(self) -> None:
        self._to_act = None
        self._legal = {}
        self.cache.clear()

    def _perform(
        self, seat: str, action: Action, carry_out: Callable[[Any, str, Action], None]
    ) -> list[LogEntry]:
        """Carry out an accepted action and move the undo floor."""
        if self._snap is None and len(self._actions) == self._floor and self.keep_undo:
            self._snap = self._snapshot()
        if self._shared:
            self._own()
        log = self._log
        start = len(log)
        calls = self.rng.calls
        carry_out(self, seat, action)
        self._actions.append((seat, action[2]))
        self.cache.clear()
        self._advance()  # (which sets _legal afresh)
        if self._revealed:
            self._moved_floor()
        else:
            if self.rng.calls != calls:
                self._floor = len(self._actions)
                self._snap = None
            self._last_reveal = _NO_SEATS  # the previous action's reveal (if any) is over
        self.version += 1
        return log[start:]

    def _moved_floor(self) -> None:
        """The last action showed hidden information: it can no longer be taken back."""
        self._floor = len(self._actions)
        self._snap = None
        self._revealed = False
        self._last_reveal, self._reveal_seats = self._reveal_seats, frozenset()

    def _snapshot(self) -> _Snapshot:
        return _Snapshot(
            self.data.clone(),
            [f.clone() for f in self.stack],
            self.rng.copy(),
            len(self._log),
            len(self._actions),
        )

    def _own(self) -> None:
        """Stop sharing the history with a clone before writing to it."""
        if self._shared:
            self._log = list(self._log)
            self._actions = list(self._actions)
            self._chat = list(self._chat)
            self._shared = False

    def _retract(self, seat: str, action: Action) -> list[LogEntry]:
        self._check_seat(seat)
        if action.args:
            raise MalformedAction("retract takes no arguments")
        top = self.stack[-1] if self.stack else None
        if not isinstance(top, SecretChoice) or not top.can_retract(seat):
            raise IllegalAction(
                f"{seat} has nothing to take back: 'retract' withdraws a secret choice already made "
                "while others are still choosing"
            )

        def carry_out(state: Any, who: str, _: Action) -> None:
            top.retract(state, who)

        return self._perform(seat, RETRACT, carry_out)

    def _say_action(self, seat: str, action: Action) -> None:
        """``say SEAT[,SEAT] text`` or ``say all text``: a message, not a game action."""
        if len(action.args) < 2:
            raise MalformedAction('say needs recipients and text: say SEAT "meet me later" (or say all ...)')
        targets = action.args[0]
        names = None if targets.lower() == "all" else [t for t in targets.split(",") if t]
        self.say(seat, names, " ".join(action.args[1:]))

    def _become(self, other: State) -> None:
        for cls in type(other).__mro__:
            for slot in cls.__dict__.get("__slots__", ()):
                if hasattr(other, slot):
                    setattr(self, slot, getattr(other, slot))

    def _check_seat(self, seat: object) -> None:
        if type(seat) is not str or seat not in self.game.seats:
            shown = repr(seat) if len(repr(seat)) <= 30 else repr(seat)[:27] + "..."
            raise IllegalAction(f"unknown seat {shown}; this game's seats are {', '.join(self.game.seats)}")

    def _match(self, seat: str, action: Action, legal: list[Action], top: Decision[Any]) -> Action:
        """Accept text typed loosely: case-insensitive, unquoted names with spaces."""
        key = _loose(action)
        found = [a for a in legal if _loose(a) == key]
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            raise AmbiguousAction(
                f"{action.text[:40]!r} matches several actions: {', '.join(a.text for a in found)}"
            )
        raise IllegalAction(top.why_illegal(self, seat, action))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game.id} seed={self.seed} actions={len(self._actions)}>"


def _count(raw: object, what: str) -> int:
    """A count read from saved data: a non-negative int within bounds."""
    if type(raw) is not int or not 0 <= raw <= 2**31 - 1:
        raise RestoreError(f"{what}: expected a whole number from 0, got {str(raw)[:30]!r}")
    return raw


def _rng(raw: object, what: str) -> Rng:
    """A generator read from saved data: its 64-bit state and its count of draws."""
    if not isinstance(raw, dict) or type(raw.get("state")) is not int or not 0 <= raw["state"] < 2**64:
        raise RestoreError(f"{what}: expected {{'state': a 64-bit number, 'calls': a count}}")
    return Rng(raw["state"], _count(raw.get("calls"), f"{what}.calls"))


def _action_pair(raw: object, i: int) -> tuple[str, str]:
    if not (isinstance(raw, list | tuple) and len(raw) == 2 and all(type(x) is str for x in raw)):
        raise RestoreError(f"actions[{i}]: expected [seat, action text], got {str(raw)[:40]}")
    return raw[0], raw[1]


def _check_since(since: object) -> None:
    if type(since) is not int or since < 0:
        raise IllegalAction(f"'since' must be an entry number, 0 or more, not {str(since)[:20]!r}")


def _loose(action: Action) -> str:
    return fold(" ".join([action.verb, *action.args]))
