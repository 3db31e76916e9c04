"""The game-agnostic engine: :class:`Game`, :class:`State`, :class:`Prompt`, :class:`Outcome`.

A game package subclasses :class:`Game` (options, seats, static tables, and the hooks that set
up, show and score a position) and :class:`State` (naming the types of its tables and of its
typed state :attr:`State.data`). The sequence of play is a stack of frames
(:mod:`consim.core.flow`) that the base :class:`State` runs: it asks the frame on top who acts,
what is asked, what is legal and what each action does. The base classes own everything that is
the same for every game: input parsing and validation, the log and its audiences, the action
record, the random generator, undo, cloning and serialisation.

>>> import consim
>>> state = consim.load_game("iraq", players=2).new_game(seed=1)
>>> state.to_act()
('US', 'Insurgent')
>>> state.prompt("US").actions[-1].text
'done'
>>> v = state.version
>>> _ = state.apply("US", "done")
>>> state.version == v + 1
True
"""

from __future__ import annotations

import hashlib
import importlib
import secrets
import sys
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from pydantic import ValidationError

from consim.core.action import Action
from consim.core.data import Codec, Data
from consim.core.encoding import ActionSpace
from consim.core.errors import ContentError, OptionError, RestoreError
from consim.core.flow import Frame
from consim.core.log import ChatMessage, LogEntry
from consim.core.observe import ObservationSpec
from consim.core.research import GameInfo, Research, action_of, research_of
from consim.core.rng import Rng
from consim.core.state import (
    STATE_FORMAT,
    State,
    _action_pair,
    _count,
    _rng,
    _Snapshot,
)
from consim.core.table import ActionWords, CardShelf, OptionChoice, StatusLine, plain_words
from consim.core.values import Conflict, GameOptions, Outcome, Prompt, Standing, normal_seed

#: what a damaged position raises when it is asked something
_PROBLEMS = (KeyError, TypeError, ValueError, IndexError, AttributeError, AssertionError, RuntimeError)

__all__ = ["Conflict", "Game", "GameOptions", "Outcome", "Prompt", "Standing", "State", "normal_seed"]


class Game(ABC):
    """A game with fixed options: seats, static tables, and the factory of states.

    Subclasses set the class attributes, build ``seats`` and ``tables`` in ``__init__`` and
    implement the hooks :meth:`_setup`, :meth:`_view` and :meth:`_outcome`.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    Options: ClassVar[type[GameOptions]]
    #: the State subclass of this game
    state_class: ClassVar[type[State]]
    #: every frame class of the game's sequence of play (saved states name them)
    frames: ClassVar[tuple[type[Frame[Any]], ...]] = ()
    #: one line for ``consim list``: what can be played and how complete it is
    status: ClassVar[str] = ""
    #: bot kinds besides ``random``: kind -> ``"module:Class"``, built as ``Class(game, seat, seed)``
    bots: ClassVar[Mapping[str, str]] = {}
    #: when the players may send messages, in words, for a game whose table talk is not always
    #: open (:meth:`chat_open`): "during the Coalition Phase"; empty when always open
    chat_when: ClassVar[str] = ""
    #: the declarative sequence of phases: the frame name of each phase -> the phase that follows
    #: it (``State.next_phase``); empty for a game whose frames push their successors themselves
    sequence: ClassVar[Mapping[str, str]] = {}
    #: the shape of ``view(seat)``: a ``TypedDict`` derived from ``consim.core.views.SeatView``
    #: (mypy checks the code that reads it; ``consim schema`` publishes its JSON Schema)
    view_type: ClassVar[type | None] = None

    #: seats in the game's canonical order; set by each subclass in ``__init__``
    seats: tuple[str, ...]
    #: the static, id-indexed tables states share (content and options); set in ``__init__``
    tables: Any

    def __init__(self, **options: Any) -> None:
        try:
            self.opts = self.Options(**options)
        except ValidationError as exc:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in err['loc']) or 'options'}: {err['msg']}" for err in exc.errors()
            )
            raise OptionError(f"bad options for {self.id}: {problems}") from None
        self.options: dict[str, Any] = self.opts.model_dump(mode="json")
        self._codec: Codec | None = None
        self._interned: dict[tuple[str, tuple[str, ...]], Action] = {}
        self._research: Research | None = None

    # -- hooks ----------------------------------------------------------------------------

    @abstractmethod
    def _setup(self, state: Any) -> None:
        """Set up ``state.data`` and push the first frames (may use ``state.rng``)."""

    @abstractmethod
    def _view(self, state: Any, seat: str | None) -> Mapping[str, Any]:
        """What ``seat`` may know (``None`` = spectator), as JSON-ready data: the game's part of
        its ``view_type`` (the core adds ``game``, ``seat`` and ``to_act``)."""

    @abstractmethod
    def _outcome(self, state: Any) -> Outcome | None:
        """The outcome once the game is over."""

    def _turn(self, state: Any) -> int | None:
        """The number of the turn being played (see :meth:`State.turn`); ``None`` if the game
        has no turns."""
        return None

    def _standing(self, state: Any) -> Standing | None:
        """The turn and every seat's score if the game ended now (see :meth:`State.standing`);
        ``None`` if the game reports none."""
        return None

    def _check(self, state: Any) -> None:  # noqa: B027 - optional hook
        """Raise ``RestoreError`` if a restored position breaks an invariant the types alone do
        not express (every card in exactly one place, ...)."""

    def id_tables(self) -> Mapping[str, Sequence[str]]:
        """The names of each kind of content id (``{"card": (...)}``) used by ``Ref`` fields."""
        return {}

    def search_defaults(self) -> str:
        """The options ``bot:ismcts`` starts from in this game and these options, before the
        ones its kind names (``ismcts:iterations=50`` overrides only the iterations): the
        settings measured strongest against the game's heuristic bot (README, "The search
        bot"). Empty: the plain tree search with its own defaults."""
        return ""

    @property
    def factions(self) -> tuple[str, ...]:
        """What is played, as opposed to who plays it; by default one faction per seat."""
        return self.seats

    def controller(self, state: Any, faction: str) -> str:
        """The seat that controls ``faction`` in ``state`` (by default the seat of that name)."""
        return faction

    def chat_open(self, state: Any, seat: str) -> bool:
        """Whether ``seat`` may send messages now (see :attr:`chat_when`)."""
        return True

    # -- the table in words (consim.core.table) ------------------------------------------------

    def describe_actions(self, view: Mapping[str, Any], actions: Sequence[Action]) -> list[ActionWords]:
        """Each of ``actions`` (legal for ``view``'s seat) as a player would say it, with the
        group it belongs to and the names on the board it is about (:class:`ActionWords`).
        Made from ``view`` (``view(seat)``) and the static content alone, so it tells the seat
        nothing its view does not. By default the verb and arguments in plain words
        (:func:`~consim.core.table.plain_words`); games override it with their own sentences.

        >>> import consim
        >>> state = consim.load_game("iraq", players=2).new_game(seed=1)
        >>> done = state.game.action("done")
        >>> state.game.describe_action(state.view("US"), done).text
        'Done choosing cards to discard'
        """
        return [plain_words(a) for a in actions]

    def describe_action(self, view: Mapping[str, Any], action: Action) -> ActionWords:
        """One action in words (see :meth:`describe_actions`, which does many at once)."""
        return self.describe_actions(view, [action])[0]

    def describe_cards(self, view: Mapping[str, Any]) -> list[CardShelf]:
        """The cards ``view``'s seat may read, on shelves: its hand (every card's full text)
        first, then the cards in play or played that everyone may read. From the view and the
        static content alone. None by default."""
        return []

    def describe_status(self, view: Mapping[str, Any]) -> list[StatusLine]:
        """A compact status of the position for the side of the board (the turn, the scores,
        the hands' sizes...), from the view alone. None by default."""
        return []

    @classmethod
    def option_choices(cls) -> dict[str, list[OptionChoice]]:
        """The values of options whose meaning a new-game form should spell out (a scenario
        by its name and description), option by option. None by default: a form lists the
        values of an option of fixed choices as they are."""
        return {}

    # -- states ---------------------------------------------------------------------------

    @property
    def codec(self) -> Codec:
        """Writes and reads this game's typed state (ids by name, frames by name)."""
        if self._codec is None:
            frames: dict[str, type[Data]] = {}
            for cls in self.frames:
                if cls.name in frames and frames[cls.name] is not cls:
                    raise TypeError(f"two frames of {self.id} share the name {cls.name!r}")
                frames[cls.name] = cls
            tables = {k: tuple(v) for k, v in self.id_tables().items()}
            tables.setdefault("seat", self.seats)
            tables.setdefault("faction", self.factions)
            self._codec = Codec(tables, frames)
        return self._codec

    def new_game(self, seed: object = None) -> State:
        """Start a game. Everything random in it derives from ``seed`` (any integer-like value;
        a random one if omitted)."""
        used = secrets.randbits(32) if seed is None else normal_seed(seed)
        state = self.state_class(self, used)
        self._setup(state)
        state._advance()
        state._settled()  # what the set-up shows comes before any undoable action
        return state

    def restore(self, data: Mapping[str, Any]) -> State:
        """Rebuild a state from :meth:`State.to_dict`; raises ``RestoreError`` if inconsistent."""
        return self._restore(data)

    def _restore(self, data: Mapping[str, Any], rng: Rng | None = None) -> State:
        """:meth:`restore`, with ``rng`` (if given) driving the automatic steps that follow: a
        position built by hand keeps the scripted dice a test gave it."""
        try:
            fmt = data.get("format")
            if fmt != STATE_FORMAT:
                raise RestoreError(
                    f"not a consim state of this engine (format {fmt!r}, expected {STATE_FORMAT})"
                )
            if data.get("game") != self.id:
                raise RestoreError(f"state is for game {data.get('game')!r}, not {self.id!r}")
            if data.get("options") != self.options:
                raise RestoreError(
                    f"state options {data.get('options')!r} differ from this game's {self.options!r}"
                )
            codec = self.codec
            state = self.state_class(self, normal_seed(data["seed"]))
            state.rng = _rng(data["rng"], "rng")
            state.version = _count(data.get("version", 0), "version")
            state._log = [LogEntry.from_dict(e) for e in data.get("log", [])]
            state._actions = [_action_pair(p, i) for i, p in enumerate(data["actions"])]
            state._chat = [ChatMessage.from_dict(m) for m in data.get("chat", [])]
            state._floor = _count(data["undo_floor"], "undo_floor")
            if not 0 <= state._floor <= len(state._actions):
                raise RestoreError("undo_floor is outside the list of actions")
            state.stack = codec.load_value(list[Frame[Any]], data["stack"], "stack")
            state.data = codec.load(state.data_type, data["data"], "data")
            undo = data.get("undo")
            if undo is not None:
                state._snap = _Snapshot(
                    codec.load(state.data_type, undo["data"], "undo.data"),
                    codec.load_value(list[Frame[Any]], undo["stack"], "undo.stack"),
                    _rng(undo["rng"], "undo.rng"),
                    _count(undo["log_len"], "undo.log_len"),
                    _count(undo["actions_len"], "undo.actions_len"),
                )
                if state._snap.actions_len != state._floor or state._snap.log_len > len(state._log):
                    raise RestoreError("the undo snapshot does not match the undo floor")
            # without the snapshot (a plain to_dict) the actions since the floor cannot be taken
            # back; undo starts again at the next draw, die roll or reveal
            start = data.get("start")
            state._start = dict(start) if isinstance(start, Mapping) else None
            self._check(state)
        except RestoreError:
            raise
        except (
            KeyError,
            TypeError,
            ValueError,
            IndexError,
            AttributeError,
            OverflowError,
            RecursionError,
        ) as exc:
            raise RestoreError(f"cannot restore {self.id} state: {exc!r}"[:300]) from exc
        if rng is not None:
            state.rng = rng
        try:
            state._advance()
            state._settled()
            # a position that passes every check must also answer every question
            for seat in state.to_act():
                state.legal_actions(seat)
                state.prompt(seat)
            state.view(None)
            for seat in self.seats:
                state.view(seat)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, AssertionError) as exc:
            raise RestoreError(f"the saved {self.id} position is inconsistent: {exc!r}"[:300]) from exc
        if state._snap is not None:
            self._check_undo(state)
        return state

    def _check_undo(self, state: State) -> None:
        """The undo snapshot of a restored state is checked as a position is: the game's
        invariants hold in it, and taking the last action back (which replays the actions since
        it) works and comes back to a position that answers every question."""
        snap = state._snap
        assert snap is not None
        probe = state.clone()
        try:
            probe.data = snap.data.clone()
            probe.stack = [f.clone() for f in snap.stack]
            self._check(probe)
            probe = state.clone()
            probe.keep_undo = True
            probe.undo()
            for seat in probe.to_act():
                probe.legal_actions(seat)
            probe.view(None)
        except RestoreError as exc:
            raise RestoreError(f"the undo snapshot: {exc}"[:300]) from exc
        except _PROBLEMS as exc:  # (an action since the snapshot that does not replay: a ValueError)
            raise RestoreError(f"the saved {self.id} undo snapshot does not replay: {exc!r}"[:300]) from exc

    def action(self, verb: str, *args: str) -> Action:
        """The one :class:`Action` of this text, built once per game (legal-action lists reuse it)."""
        key = (verb, args)
        found = self._interned.get(key)
        if found is None:
            found = self._interned[key] = Action(verb, args)
        return found

    # -- the research contract (consim.core.research) ---------------------------------------

    def info(self) -> GameInfo:
        """Players, seats, utility kind, score range, the bound on decisions, chance mode."""
        return research_of(self).info()

    @property
    def action_space(self) -> ActionSpace:
        """The fixed, numbered set of every action of this game and options."""
        return research_of(self).space

    def num_actions(self) -> int:
        """The number of actions in :attr:`action_space` (the length of every legal mask)."""
        return research_of(self).space.size

    def action_index(self, action: Action | str) -> int:
        """The fixed index of ``action``; raises ``NotInActionSpace`` (an ``IllegalAction``)
        for an action this game can never offer."""
        return research_of(self).space.index(action_of(self, action))

    def action_at(self, index: int) -> Action:
        """The action numbered ``index`` (the inverse of :meth:`action_index`)."""
        found = research_of(self).space.at(index)
        return self.action(found.verb, *found.args)

    def observation_spec(self) -> ObservationSpec:
        """The fixed layout of ``state.observation(seat)``: names and ranges of its numbers."""
        return research_of(self).spec

    # -- content and variants -------------------------------------------------------------

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
    def content_dir(cls) -> Path | None:
        """The folder of the game's content files (``content/`` beside its package)."""
        module = sys.modules.get(cls.__module__) or importlib.import_module(cls.__module__)
        if module.__file__ is None:  # pragma: no cover
            return None
        folder = Path(module.__file__).resolve().parent / "content"
        return folder if folder.is_dir() else None

    _content_hashes: ClassVar[dict[str, str]] = {}

    @classmethod
    def content_hash(cls) -> str:
        """A short hash of every content file of the game (records carry it)."""
        cached = Game._content_hashes.get(cls.id)
        if cached is None:
            digest = hashlib.sha256()
            folder = cls.content_dir()
            if folder is not None:
                for path in sorted(
                    p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts
                ):
                    digest.update(path.relative_to(folder).as_posix().encode())
                    digest.update(b"\0")
                    digest.update(path.read_bytes().replace(b"\r\n", b"\n"))
                    digest.update(b"\0")
            cached = Game._content_hashes[cls.id] = digest.hexdigest()[:16]
        return cached

    @classmethod
    def variants(cls) -> list[dict[str, Any]]:
        """Option sets that together cover the game's scenarios and readings; the conformance
        suite and benchmarks run each of them."""
        return [{}]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.id} {self.options}>"
