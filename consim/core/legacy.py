"""The first engine's Game and State, kept only while the games move to the flow engine
(:mod:`consim.core.game`); removed when the last game has moved.

The game-agnostic engine: :class:`Game`, :class:`State`, :class:`Prompt`, :class:`Outcome`.

A game package subclasses :class:`Game` (static content and options, shared by every state) and
:class:`State` (the mutable position). The base classes own everything that is the same for
every game: input parsing and validation, the log and its audiences, the action record, the
random generator, undo, cloning and serialization. A game fills in a few narrow hooks that
follow its rulebook's sequence of play.

>>> import consim
>>> state = consim.load_game("iraq", players=2).new_game(seed=1)
>>> state.to_act()
('US', 'Insurgent')
>>> state.prompt("US").actions[-1].text
'done'
"""

from __future__ import annotations

import importlib
import secrets
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from pydantic import ValidationError

from consim.core.action import Action
from consim.core.errors import (
    AmbiguousAction,
    ContentError,
    IllegalAction,
    MalformedAction,
    OptionError,
    RestoreError,
)
from consim.core.game import GameOptions, Outcome, Prompt
from consim.core.log import LogEntry
from consim.core.record import Record
from consim.core.rng import Rng

if TYPE_CHECKING:
    from consim.bots.base import Bot

T = TypeVar("T")

STATE_FORMAT = "consim-state/1"
__all__ = ["Game", "GameOptions", "Outcome", "Prompt", "State"]
_new_entry = tuple.__new__
_NO_SEATS: frozenset[str] = frozenset()


class Game(ABC):
    """A game with fixed options: static content, seats and the factory of states."""

    id: ClassVar[str]
    title: ClassVar[str]
    Options: ClassVar[type[GameOptions]]
    #: seats in the game's canonical order; set by each subclass in ``__init__``
    seats: tuple[str, ...]

    def __init__(self, **options: Any) -> None:
        try:
            self.opts = self.Options(**options)
        except ValidationError as exc:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in err['loc']) or 'options'}: {err['msg']}" for err in exc.errors()
            )
            raise OptionError(f"bad options for {self.id}: {problems}") from None
        self.options: dict[str, Any] = self.opts.model_dump(mode="json")

    # -- states ---------------------------------------------------------------------------

    @abstractmethod
    def _blank_state(self, seed: int) -> State:
        """A state object with base fields set and game data not yet initialised."""

    def new_game(self, seed: int | None = None) -> State:
        """Start a game. Everything random in it derives from ``seed``."""
        if seed is None:
            seed = secrets.randbits(32)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an integer, not {seed!r}")
        state = self._blank_state(seed)
        state._setup()
        state._revealed = False  # what the set-up shows comes before any undoable action
        state._reveal_seats = frozenset()
        state._after_change()
        return state

    def restore(self, data: Mapping[str, Any]) -> State:
        """Rebuild a state from :meth:`State.to_dict`; raises ``RestoreError`` if inconsistent."""
        try:
            if data.get("format") != STATE_FORMAT:
                raise RestoreError(f"not a consim state (format {data.get('format')!r})")
            if data.get("game") != self.id:
                raise RestoreError(f"state is for game {data.get('game')!r}, not {self.id!r}")
            if data.get("options") != self.options:
                raise RestoreError(
                    f"state options {data.get('options')!r} differ from this game's {self.options!r}"
                )
            state = self._blank_state(int(data["seed"]))
            state.rng = Rng(int(data["rng"]["state"]), int(data["rng"]["calls"]))
            state._log = [LogEntry.from_dict({"seq": i, **e}) for i, e in enumerate(data["log"])]
            state._actions = [(str(s), str(t)) for s, t in data["actions"]]
            state._undo_floor = int(data["undo_floor"])
            state._load(data["data"])
            state._check()
        except RestoreError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise RestoreError(f"cannot restore {self.id} state: {exc!r}") from exc
        state._after_change()
        return state

    #: one line for ``consim list``: what can be played and how complete it is
    status: ClassVar[str] = ""

    #: ``"module:Class"`` of the game's heuristic bot, offered as bot kind ``heuristic``;
    #: the class is built as ``Class(game, seat, seed)``
    heuristic_bot: ClassVar[str | None] = None

    @classmethod
    def load_content(cls) -> object:
        """Read and validate the game's content files; raises ``ContentError`` naming the
        file and line of each problem. Games with content files override this."""
        return None

    @classmethod
    def validate_content(cls) -> list[str]:
        """Load and check every content file; returns error messages (file:line: problem)."""
        try:
            cls.load_content()
        except ContentError as exc:
            return str(exc).splitlines()
        return []

    @classmethod
    def variants(cls) -> list[dict[str, Any]]:
        """Option sets that together cover the game's scenarios and readings; the conformance
        suite and benchmarks run each of them."""
        return [{}]

    # -- bots -----------------------------------------------------------------------------

    def bot_kinds(self) -> dict[str, Callable[[Game, str, int], Bot]]:
        """Bot factories by kind name; every game has at least ``random`` and ``heuristic``."""
        from consim.bots.base import RandomBot

        kinds: dict[str, Callable[[Game, str, int], Bot]] = {
            "random": lambda game, seat, seed: RandomBot(seed)
        }
        if self.heuristic_bot is not None:
            module_name, _, class_name = self.heuristic_bot.partition(":")
            bot_class = getattr(importlib.import_module(module_name), class_name)
            kinds["heuristic"] = lambda game, seat, seed: bot_class(game, seat, seed)
        return kinds

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.id} {self.options}>"


class State(ABC):
    """A position in a game. Mutated only through :meth:`apply`."""

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.seed = seed
        self.rng = Rng(seed)
        self._log: list[LogEntry] = []
        self._actions: list[tuple[str, str]] = []
        self._undo_floor = 0
        self._revealed = False
        self._reveal_seats: frozenset[str] | None = frozenset()
        self._last_reveal: frozenset[str] | None = frozenset()
        self._to_act_cache: tuple[str, ...] | None = None
        self._legal_cache: dict[str, list[Action]] = {}
        self._memo: dict[str, Any] = {}

    # -- hooks each game implements -------------------------------------------------------

    @abstractmethod
    def _setup(self) -> None:
        """Set up the initial position (may use ``self.rng``)."""

    @abstractmethod
    def _compute_to_act(self) -> tuple[str, ...]:
        """Seats that must decide now; empty when the game is over."""

    @abstractmethod
    def _legal(self, seat: str) -> list[Action]:
        """Legal actions of a seat that is to act."""

    @abstractmethod
    def _prompt_text(self, seat: str) -> tuple[str, str]:
        """(question, rule reference) for a seat that is to act."""

    @abstractmethod
    def _act(self, seat: str, action: Action) -> None:
        """Carry out a legal action. Emits log entries with :meth:`emit`."""

    @abstractmethod
    def _outcome(self) -> Outcome | None:
        """The outcome when the game is over, else ``None``."""

    @abstractmethod
    def _view(self, seat: str | None) -> dict[str, Any]:
        """What ``seat`` may know (``None`` = spectator), as JSON-ready data."""

    @abstractmethod
    def _dump(self) -> dict[str, Any]:
        """The game-specific part of the state as JSON-ready data."""

    @abstractmethod
    def _load(self, data: Mapping[str, Any]) -> None:
        """Inverse of :meth:`_dump`."""

    @abstractmethod
    def _copy_data_to(self, other: State) -> None:
        """Copy the game-specific data into ``other`` (for :meth:`clone`); no sharing of
        mutable containers."""

    def _check(self) -> None:  # noqa: B027 - optional hook
        """Raise ``RestoreError`` if the restored data breaks an invariant."""

    def _why_illegal(self, seat: str, action: Action) -> str:
        """Explain why a well-formed action is refused; games override to cite rules."""
        return f"{action.text!r} is not a legal choice for {seat} now"

    def _chat_open(self, seat: str) -> bool:
        """Whether ``seat`` may send free-form messages (``say``) now."""
        return False

    # -- the public surface ----------------------------------------------------------------

    def to_act(self) -> tuple[str, ...]:
        """Seats that must decide now. Several at once means a secret simultaneous choice."""
        if self._to_act_cache is None:
            self._to_act_cache = self._compute_to_act()
        return self._to_act_cache

    def legal_actions(self, seat: str) -> list[Action]:
        """The legal actions of ``seat`` now (empty if it is not to act)."""
        cached = self._legal_cache.get(seat)
        if cached is None:
            if seat not in self.to_act():
                self._check_seat(seat)
                return []
            cached = self._legal_cache[seat] = self._legal(seat)
        return list(cached)

    def prompt(self, seat: str) -> Prompt:
        """What ``seat`` is asked now, with the legal actions."""
        self._check_seat(seat)
        if seat not in self.to_act():
            if self.is_over():
                return Prompt(seat, "The game is over.", [])
            waiting = ", ".join(self.to_act())
            return Prompt(seat, f"Waiting for {waiting}.", [])
        text, rule = self._prompt_text(seat)
        return Prompt(seat, text, self.legal_actions(seat), rule)

    def apply(self, seat: str, action: Action | str) -> list[LogEntry]:
        """Carry out ``seat``'s action (an :class:`Action` or its text form).

        Returns the new log entries (all audiences). Raises :class:`IllegalAction` and leaves
        the state unchanged if the input is malformed, ambiguous or illegal now.
        """
        if seat not in self.game.seats:
            self._check_seat(seat)
        if type(action) is not Action:
            if isinstance(action, str):
                action = Action.parse(action)
            elif not isinstance(action, Action):
                raise MalformedAction(f"expected an Action or its text, got {type(action).__name__}")
        if action[0] == "say":
            return self._say(seat, action)
        to_act = self._to_act_cache
        if to_act is None:
            to_act = self._to_act_cache = self._compute_to_act()
        if seat not in to_act:
            if not to_act:
                raise IllegalAction("the game is over; no more actions are accepted")
            raise IllegalAction(f"{seat} is not to act now; waiting for {', '.join(to_act)}")
        legal = self._legal_cache.get(seat)
        if legal is None:
            legal = self._legal_cache[seat] = self._legal(seat)
        if action not in legal:
            action = self._match(seat, action, legal)
        log = self._log
        start = len(log)
        calls = self.rng.calls
        self._act(seat, action)
        self._actions.append((seat, action[2]))
        if self._revealed:
            self._undo_floor = len(self._actions)
            self._revealed = False
            self._last_reveal, self._reveal_seats = self._reveal_seats, frozenset()
        else:
            if self.rng.calls != calls:
                self._undo_floor = len(self._actions)
            self._last_reveal = _NO_SEATS  # the previous action's reveal (if any) is over
        self._to_act_cache = None
        if self._legal_cache:
            self._legal_cache = {}
        return self._log[start:]

    def is_over(self) -> bool:
        return not self.to_act()

    def outcome(self) -> Outcome | None:
        """The :class:`Outcome` once the game is over, else ``None``."""
        if not self.is_over():
            return None
        return self._outcome()

    def view(self, seat: str | None = None) -> dict[str, Any]:
        """Everything ``seat`` may know, as JSON-ready data; ``None`` is a spectator."""
        if seat is not None:
            self._check_seat(seat)
        data = self._view(seat)
        data["game"] = self.game.id
        data["seat"] = seat
        data["to_act"] = list(self.to_act())
        return data

    @property
    def log(self) -> list[LogEntry]:
        """The full log, every audience (an omniscient record; use :meth:`visible_log`)."""
        return list(self._log)

    def visible_log(self, seat: str | None) -> list[LogEntry]:
        """The log entries ``seat`` may read (``None`` = spectator: public entries only)."""
        if seat is not None:
            self._check_seat(seat)
        return [e for e in self._log if e.audience is None or (seat is not None and seat in e.audience)]

    def clone(self) -> State:
        """An independent copy; cheap enough for search."""
        other = object.__new__(type(self))
        other.game = self.game
        other.seed = self.seed
        self._copy_base_to(other)
        other._to_act_cache = self._to_act_cache
        return other

    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (RNG included); :meth:`Game.restore` reads it."""
        return {
            "format": STATE_FORMAT,
            "game": self.game.id,
            "options": dict(self.game.options),
            "seed": self.seed,
            "rng": {"state": self.rng.state, "calls": self.rng.calls},
            "actions": [[s, t] for s, t in self._actions],
            "undo_floor": self._undo_floor,
            "log": [e.to_dict() for e in self._log],
            "data": self._dump(),
        }

    def record(self) -> Record:
        """The game id, options, seed and every action: replays to this exact state."""
        result = None
        if self.is_over():
            out = self.outcome()
            result = out.result if out else None
        return Record(self.game.id, dict(self.game.options), self.seed, list(self._actions), result)

    # -- undo ------------------------------------------------------------------------------

    def can_undo(self, seat: str | None = None) -> bool:
        """True if the last action may be taken back: no die roll, draw or reveal since, and
        (if ``seat`` is given) it was that seat's own action."""
        if len(self._actions) <= self._undo_floor:
            return False
        return seat is None or self._actions[-1][0] == seat

    def undo(self, seat: str | None = None) -> None:
        """Take back the last action (see :meth:`can_undo`)."""
        if not self.can_undo(seat):
            raise IllegalAction(
                "nothing to undo: the last action was followed by a die roll, card draw or "
                "reveal, or was not yours"
            )
        fresh = self.game.new_game(self.seed)
        for s, text in self._actions[:-1]:
            fresh.apply(s, text)
        fresh._copy_base_to(self)

    def _copy_base_to(self, other: State) -> None:
        other.rng = self.rng.copy()
        other._log = list(self._log)
        other._actions = list(self._actions)
        other._undo_floor = self._undo_floor
        other._revealed = False
        other._reveal_seats = frozenset()
        other._last_reveal = self._last_reveal
        other._to_act_cache = None
        other._legal_cache = {}
        other._memo = {}
        self._copy_data_to(other)

    # -- helpers for games -----------------------------------------------------------------

    def emit(self, text: str, rule: str = "", to: Sequence[str] | frozenset[str] | None = None) -> None:
        """Append a log entry; ``to`` limits its audience to those seats."""
        # tuple.__new__ skips the NamedTuple's Python-level constructor (this runs very often)
        self._log.append(
            _new_entry(LogEntry, (len(self._log), text, rule, None if to is None else frozenset(to), ()))
        )

    def mark_reveal(self, to: Sequence[str] | None = None) -> None:
        """Hidden information was shown (to ``to``, or to everyone): actions before this point
        can no longer be undone."""
        self._revealed = True
        if to is None or self._reveal_seats is None:
            self._reveal_seats = None
        else:
            self._reveal_seats = self._reveal_seats.union(to)

    def last_action_revealed_to(self, seat: str) -> bool:
        """True if the last action showed ``seat`` hidden information (a reveal, a trade).
        Draws are not reveals; the conformance suite uses this to know which log lines may
        legitimately depend on hidden information."""
        return self._last_reveal is None or seat in self._last_reveal

    def _after_change(self) -> None:
        self._to_act_cache = None
        self._legal_cache.clear()
        self._memo.clear()

    def memo(self, key: str, build: Callable[[], T]) -> T:
        """Work a game does for the current decision, such as a menu of actions with the code
        that carries each out, which both :meth:`legal_actions` and :meth:`apply` need.

        ``build()`` runs once; the result is kept until the game drops it. The core drops every
        entry on :meth:`clone`, :meth:`undo`, restore and ``_after_change``; a game that uses
        this must clear ``self._memo`` itself whenever its ``_act`` changes the position, before
        it looks for the next decision.
        """
        if key not in self._memo:
            self._memo[key] = build()
        value: T = self._memo[key]
        return value

    def _check_seat(self, seat: object) -> None:
        if seat not in self.game.seats:
            raise IllegalAction(f"unknown seat {seat!r}; this game's seats are {', '.join(self.game.seats)}")

    def _match(self, seat: str, action: Action, legal: list[Action]) -> Action:
        """Accept text typed loosely: case-insensitive, unquoted names with spaces."""
        key = _loose(action)
        found = [a for a in legal if _loose(a) == key]
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            raise AmbiguousAction(
                f"{action.text!r} matches several actions: {', '.join(a.text for a in found)}"
            )
        raise IllegalAction(self._why_illegal(seat, action))

    def _say(self, seat: str, action: Action) -> list[LogEntry]:
        """Free-form message (``say SEAT[,SEAT] "text"`` or ``say all "text"``): recorded and
        delivered, never enforced."""
        if len(action.args) < 2:
            raise MalformedAction('say needs recipients and text: say Kurd "meet me later"')
        if not self._chat_open(seat):
            raise IllegalAction("messages can only be sent while negotiation is open")
        targets = action.args[0]
        if targets.lower() == "all":
            audience: frozenset[str] | None = None
        else:
            names = [t for t in targets.split(",") if t]
            bad = [t for t in names if t not in self.game.seats]
            if bad or seat in names:
                raise IllegalAction(
                    f"bad message recipients {targets!r}; seats: {', '.join(self.game.seats)}"
                )
            audience = frozenset([seat, *names])
        message = " ".join(action.args[1:])
        start = len(self._log)
        where = "everyone" if audience is None else ", ".join(sorted(audience - {seat}))
        self._log.append(LogEntry(len(self._log), f"{seat} to {where}: {message}", "", audience))
        self._actions.append((seat, action.text))
        return self._log[start:]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game.id} seed={self.seed} actions={len(self._actions)}>"


def _loose(action: Action) -> str:
    return " ".join([action.verb, *action.args]).casefold()
