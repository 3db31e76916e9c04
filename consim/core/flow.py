"""The sequence of play: frames on a stack, automatic steps and decisions.

Every game expresses its sequence of play with the classes here, and the core's
:class:`~consim.core.game.State` runs them; no game keeps phase strings or progress flags.

* A :class:`Frame` is one step or procedure of the sequence of play (a turn, a phase, a battle,
  the event of a card), a typed slotted dataclass kept on the state's ``stack`` and saved with
  it under its registered :attr:`Frame.name`. The frame on top is the one in progress.
* An automatic frame's :meth:`Frame.run` advances it: it changes the position, pushes a frame
  for a nested procedure, changes its own fields to move to its next step, or pops itself.
* A :class:`Decision` asks seats to choose: it says who acts (:meth:`Decision.seats`), what is
  asked and under which rule (:meth:`Decision.prompt`), the legal actions
  (:meth:`Decision.legal`) and what each does (:meth:`Decision.act`). The prompt's list is the
  single statement of what may be done: bots, front ends, the fuzzer and the research adapters
  all use it.
* After every action the core runs automatic frames until a decision with a legal action is on
  top, or the stack is empty (the game is over). A decision with nobody to ask is *skipped*
  (by default it ends).

Two decisions every game needs are written here once:

* :class:`ReactionWindow`: the seats that may respond are asked in turn; a seat with nothing it
  could play passes without being asked, unless asking it anyway keeps its hand secret (the
  game decides with :meth:`ReactionWindow.always_ask`).
* :class:`SecretChoice`: every seat chooses in secret, one or several atomic actions each,
  ending with a commitment; a seat may take back its commitment (``retract``) until the last
  seat commits, and then all choices are revealed together.

A :class:`Menu` is a decision whose options each carry the code that carries them out, built
once per position and shared by ``legal`` and ``act``.

Frames of one game reach frames of another rules module by name (``state.push_named("battle",
space=...)``), so rules modules need not import one another.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from consim.core.action import Action
from consim.core.data import Data, Seat, polymorphic

if TYPE_CHECKING:
    from consim.core.game import State

S = TypeVar("S", bound="State")

PASS = Action("pass")
DONE = Action("done")
RETRACT = Action("retract")


@polymorphic
class Frame(Data, Generic[S]):
    """A step of the sequence of play on the state's stack (subclass with
    ``@dataclass(slots=True)``). ``name`` identifies the class in saved states: keep it stable."""

    __slots__ = ()

    #: the registered name, unique within a game (defaults to the class name)
    name: ClassVar[str] = ""
    #: the rule this step follows, for log entries and errors
    rule: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not cls.__dict__.get("name"):
            cls.name = cls.__name__

    def run(self, st: S) -> None:
        """Advance this automatic step: change the position, push a nested frame, move to the
        next step, or pop this frame. It must make progress."""
        raise NotImplementedError(f"frame {self.name!r} is neither automatic nor a decision")

    def begin(self, st: S) -> None:
        """What a phase does the moment it begins (log lines, its set-up), before anything that
        interrupted the phase before it is answered: called by :meth:`State.begin_phase` and
        :meth:`State.next_phase`. Nothing by default."""


class Decision(Frame[S]):
    """A frame that asks seats to choose."""

    __slots__ = ()

    def seats(self, st: S) -> tuple[str, ...]:
        """The seats that must choose now (several at once: a secret simultaneous choice).
        Empty when nobody is asked: the core then calls :meth:`skip`. In a game of one seat (a
        solitaire), that seat by default."""
        seats: tuple[str, ...] = st.game.seats
        if len(seats) == 1:
            return seats
        raise NotImplementedError(f"the decision {self.name!r} names no seats")

    def prompt(self, st: S, seat: str) -> tuple[str, str]:
        """What ``seat`` is asked, in plain words, and the rule (``("Absorb 3 Hits.", "7.3")``)."""
        raise NotImplementedError

    def legal(self, st: S, seat: str) -> list[Action]:
        """The legal actions of ``seat`` (a seat from :meth:`seats`)."""
        raise NotImplementedError

    def act(self, st: S, seat: str, action: Action) -> None:
        """Carry out a legal action (the core has checked it). Log with ``st.emit``."""
        raise NotImplementedError

    def skip(self, st: S) -> None:
        """Nobody has a legal action here: the step does not apply. By default the frame ends."""
        st.remove(self)

    def describe(self, st: S) -> Mapping[str, Any]:
        """What a seat's view shows of this decision while it is asked: its kind and what it is
        about, with ids as names (The First Jihad's view shows it as ``frame``). Nothing by
        default: a game may describe its decisions in its view instead."""
        return {}

    def anytime(self, st: S, seat: str) -> Sequence[Action]:
        """Actions offered beside every choice of this kind of decision, whatever is asked
        (Fitna's Joker, which a player may play "at any point in the game"). They are offered
        only beside a choice of the decision's own: alone they do not keep it from being
        skipped. None by default."""
        return ()

    def act_anytime(self, st: S, seat: str, action: Action) -> None:
        """Carry out one of the :meth:`anytime` actions (the core has checked it)."""
        raise NotImplementedError(f"{self.name!r} offers no action beside its own")

    def on_offer(self, st: S, seat: str) -> list[Action]:
        """What the core offers ``seat``: :meth:`legal`, then the :meth:`anytime` actions."""
        legal = self.legal(st, seat)
        if legal:
            extra = self.anytime(st, seat)
            if extra:
                return [*legal, *extra]
        return legal

    def carry_out(self, st: S, seat: str, action: Action) -> None:
        """Carry out an offered action: one of the :meth:`anytime` actions by
        :meth:`act_anytime`, any other by :meth:`act`."""
        extra = self.anytime(st, seat)
        if extra and action in extra:
            self.act_anytime(st, seat, action)
        else:
            self.act(st, seat, action)

    def why_illegal(self, st: S, seat: str, action: Action) -> str:
        """Why a well-formed action is refused here (names the rule and the question)."""
        text, rule = self.prompt(st, seat)
        where = f" [{rule}]" if rule else ""
        shown = action.text if len(action.text) <= 40 else action.text[:37] + "..."
        return f"{shown!r} is not a legal choice now{where}: {text}"


class Menu(Decision[S]):
    """A decision whose options each carry the code that carries them out.

    :meth:`menu` is built once per position and seat and shared by :meth:`legal` and
    :meth:`act`, so the rules of what may be done and what it does are written side by side.
    Each option's code is given the state it is chosen in (it must not keep a state of its
    own: the menu is kept in the state's cache, and a state kept there would make the state a
    garbage cycle).
    """

    __slots__ = ()

    def menu(self, st: S, seat: str) -> dict[Action, Callable[[S], None]]:
        """Every legal action of ``seat`` with the code that carries it out, in display order."""
        raise NotImplementedError

    def _menu(self, st: S, seat: str) -> dict[Action, Callable[[S], None]]:
        key = ("menu", id(self), seat)
        cache = st.cache
        built: dict[Action, Callable[[S], None]] | None = cache.get(key)
        if built is None:
            built = cache[key] = self.menu(st, seat)
        return built

    def legal(self, st: S, seat: str) -> list[Action]:
        return list(self._menu(st, seat))

    def act(self, st: S, seat: str, action: Action) -> None:
        self._menu(st, seat)[action](st)


class ForcedChoice(Decision[S]):
    """A decision of one seat that the core takes by itself when it has exactly one legal
    choice and that choice follows from what every player can see: nobody is asked a question
    with one answer, and nothing hidden is revealed by not asking (a choice forced by the cards
    in a hand is still asked). Subclasses name the seat (:meth:`chooser`) and say when its
    choices depend on public information only (:meth:`public`)."""

    __slots__ = ()

    def chooser(self, st: S) -> str:
        """The seat that makes this choice."""
        raise NotImplementedError

    def public(self, st: S, seat: str) -> bool:
        """Whether ``seat``'s legal choices here depend only on public information."""
        return True

    def seats(self, st: S) -> tuple[str, ...]:
        seat = self.chooser(st)
        if len(self.legal(st, seat)) == 1 and self.public(st, seat):
            return ()
        return (seat,)

    def skip(self, st: S) -> None:
        seat = self.chooser(st)
        legal = self.legal(st, seat)
        if len(legal) != 1:
            st.remove(self)
            return
        self.act(st, seat, legal[0])


@dataclass(slots=True)
class ReactionWindow(Decision[S]):
    """Seats that may respond to something are asked one after another.

    ``order`` lists the seats in the order they are asked; ``at`` is the seat being asked.
    A seat with no :meth:`responses` is passed over without a question, unless
    :meth:`always_ask` says asking keeps its hand secret (then it may only ``pass``). After the
    last seat, the window ends and :meth:`closed` runs.
    """

    order: list[Seat]
    at: int = field(default=0, kw_only=True)

    def responses(self, st: S, seat: str) -> list[Action]:
        """What ``seat`` could play here, besides ``pass``."""
        raise NotImplementedError

    def respond(self, st: S, seat: str, action: Action) -> None:
        """Carry out a response. Call :meth:`close` to end the window at once."""
        raise NotImplementedError

    def always_ask(self, st: S, seat: str) -> bool:
        """Ask ``seat`` even when it has nothing to play (so that passing over it would not
        show the table what it holds)."""
        return False

    def closed(self, st: S) -> None:
        """Runs once every seat has been asked (or :meth:`close` was called)."""

    def seats(self, st: S) -> tuple[str, ...]:
        if self.at >= len(self.order):
            return ()
        seat = self.order[self.at]
        if self.always_ask(st, seat) or self.responses(st, seat):
            return (seat,)
        return ()

    def legal(self, st: S, seat: str) -> list[Action]:
        return [PASS, *self.responses(st, seat)]

    def act(self, st: S, seat: str, action: Action) -> None:
        if action != PASS:
            self.respond(st, seat, action)
        if st.has(self):
            self._next(st)

    def skip(self, st: S) -> None:
        self._next(st)

    def close(self, st: S) -> None:
        """End the window now, whoever has not been asked yet."""
        if st.has(self):
            st.remove(self)
            self.closed(st)

    def _next(self, st: S) -> None:
        self.at += 1
        if self.at >= len(self.order):
            self.close(st)


@dataclass(slots=True)
class SecretChoice(Decision[S]):
    """Every seat in ``among`` chooses in secret; the choices are revealed together.

    A seat's choice may take several atomic actions; :meth:`choose` records each (where only
    that seat can see it) and says when the seat has committed. Until the last seat commits, a
    committed seat may take its commitment back with ``retract`` (then it is asked again, its
    choice as it was). When all have committed the frame ends and :meth:`reveal` carries the
    choices out, in the order of ``among`` whatever order they were made in.
    """

    among: list[Seat]
    done: list[Seat] = field(default_factory=list, kw_only=True)

    def options(self, st: S, seat: str) -> list[Action]:
        """The actions ``seat`` may take towards its choice now (its commitment included)."""
        raise NotImplementedError

    def choose(self, st: S, seat: str, action: Action) -> bool:
        """Record one action of ``seat``'s secret choice; True when the seat has committed."""
        raise NotImplementedError

    def reopen(self, st: S, seat: str) -> None:
        """``seat`` took back its commitment: undo whatever committing did (its choice so far
        is kept, and it is asked again)."""

    def reveal(self, st: S) -> None:
        """All seats have committed (the frame is already off the stack): carry out the
        choices."""
        raise NotImplementedError

    def one_at_a_time(self, st: S) -> bool:
        """True to ask the seats in turn rather than all at once (a sequential variant)."""
        return False

    def seats(self, st: S) -> tuple[str, ...]:
        done = self.done
        waiting = tuple([s for s in self.among if s not in done])
        return waiting[:1] if waiting and self.one_at_a_time(st) else waiting

    def legal(self, st: S, seat: str) -> list[Action]:
        return self.options(st, seat)

    def act(self, st: S, seat: str, action: Action) -> None:
        if self.choose(st, seat, action):
            done = self.done
            done.append(seat)
            # kept in the order of ``among``: the position must not depend on who chose first
            done.sort(key=self.among.index)
            if len(done) == len(self.among):
                st.remove(self)
                self.reveal(st)

    def can_retract(self, seat: str) -> bool:
        return seat in self.done and len(self.done) < len(self.among)

    def retract(self, st: S, seat: str) -> None:
        self.done.remove(seat)
        self.reopen(st, seat)
