"""A toy game that uses every construct of the core's flow, for the core's own tests.

Two or three seats play ``rounds`` rounds. Each round: every seat secretly bids 0-3 chips (a
:class:`SecretChoice`, one ``bid`` action then ``done``); the bids are revealed together; the
seats holding a trump card may play it in turn (a :class:`ReactionWindow`; with
``ask_everyone`` every seat is asked, to keep hands secret); the high bidder then rolls a die
and picks a reward from a :class:`Menu`. Highest total wins.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field

from consim.core.action import Action
from consim.core.data import Data, Name, Ref
from consim.core.flow import Decision, Frame, Menu, ReactionWindow, SecretChoice
from consim.core.game import Game, GameOptions, Outcome, State

Card = Annotated[int, Ref("card")]
Seat = Annotated[str, Name("seat")]
CARDS = ("Trump", "Ace", "King", "Queen")


@dataclass(frozen=True)
class ToyTables:
    rounds: int
    ask_everyone: bool


@dataclass(slots=True)
class ToyData(Data):
    score: dict[Seat, int] = field(default_factory=dict)
    chips: dict[Seat, int] = field(default_factory=dict)
    hands: dict[Seat, list[Card]] = field(default_factory=dict)
    round: int = 0
    rolls: list[int] = field(default_factory=list)
    trumped: list[Seat] = field(default_factory=list)
    high: Seat | None = None
    marks: set[Card] = field(default_factory=set)
    phase: Literal["bid", "react", "reward", "over"] = "bid"


class ToyState(State):
    __slots__ = ()
    data: ToyData
    tables: ToyTables
    data_type: ClassVar[type[Data]] = ToyData


@dataclass(slots=True)
class Rounds(Frame[ToyState]):
    name = "rounds"

    def run(self, st: ToyState) -> None:
        d = st.data
        if d.round >= st.tables.rounds:
            d.phase = "over"
            st.emit("The game ends.", "9")
            st.end_game()
            return
        d.round += 1
        d.trumped = []
        st.emit(f"Round {d.round}.", "1", refs=(("round", str(d.round)),))
        st.push(Reward())
        st.push_named("trumps", order=list(st.game.seats))
        st.push(Bids(among=list(st.game.seats)))


@dataclass(slots=True)
class Bids(SecretChoice[ToyState]):
    name = "bids"
    rule = "2"
    bids: dict[Seat, int] = field(default_factory=dict)

    def prompt(self, st: ToyState, seat: str) -> tuple[str, str]:
        return (f"Bid 0-3 chips in secret (now {self.bids.get(seat, 0)}).", "2")

    def options(self, st: ToyState, seat: str) -> list[Action]:
        most = min(3, st.data.chips[seat])
        return [*(st.game.action("bid", str(n)) for n in range(most + 1)), Action("done")]

    def choose(self, st: ToyState, seat: str, action: Action) -> bool:
        if action.verb == "bid":
            self.bids[seat] = int(action.args[0])
            return False
        st.emit(f"You bid {self.bids.get(seat, 0)}.", "2", (seat,))
        return True

    def reveal(self, st: ToyState) -> None:
        d = st.data
        st.mark_reveal()
        for seat in st.game.seats:
            d.chips[seat] -= self.bids.get(seat, 0)
        best = max(self.bids.get(s, 0) for s in st.game.seats)
        d.high = next(s for s in st.game.seats if self.bids.get(s, 0) == best)
        d.phase = "react"
        st.emit("Bids: " + ", ".join(f"{s} {self.bids.get(s, 0)}" for s in st.game.seats) + ".", "2")


@dataclass(slots=True)
class Trumps(ReactionWindow[ToyState]):
    name = "trumps"
    rule = "3"

    def prompt(self, st: ToyState, seat: str) -> tuple[str, str]:
        return ("Play your Trump to take the lead, or pass.", "3")

    def responses(self, st: ToyState, seat: str) -> list[Action]:
        return [Action("trump")] if 0 in st.data.hands[seat] else []

    def always_ask(self, st: ToyState, seat: str) -> bool:
        return st.tables.ask_everyone

    def respond(self, st: ToyState, seat: str, action: Action) -> None:
        d = st.data
        d.hands[seat].remove(0)
        d.trumped.append(seat)
        d.high = seat
        st.emit(f"{seat} plays the Trump.", "3", refs=(("card", "Trump"),))
        st.mark_reveal()
        self.close(st)

    def closed(self, st: ToyState) -> None:
        st.data.phase = "reward"


@dataclass(slots=True)
class Reward(Menu[ToyState]):
    name = "reward"
    rule = "4"

    def seats(self, st: ToyState) -> tuple[str, ...]:
        return () if st.data.high is None else (st.data.high,)

    def prompt(self, st: ToyState, seat: str) -> tuple[str, str]:
        return ("Take 2 points, or roll a die for points.", "4")

    def menu(self, st: ToyState, seat: str) -> dict[Action, Callable[[ToyState], None]]:
        st.cache["menu builds"] = st.cache.get("menu builds", 0) + 1

        def points(st: ToyState) -> None:
            st.data.score[seat] += 2
            st.emit(f"{seat} takes 2 points.", "4.1")
            st.remove(self)

        def roll(st: ToyState) -> None:
            die = st.rng.randint(1, 6)
            st.data.rolls.append(die)
            st.data.score[seat] += die
            st.emit(f"{seat} rolls {die}.", "4.2")
            st.remove(self)

        return {Action("points"): points, Action("roll"): roll}

    def skip(self, st: ToyState) -> None:
        st.remove(self)


@dataclass(slots=True)
class Stuck(Decision[ToyState]):
    """A decision nobody can take: the core skips it."""

    name = "stuck"

    def seats(self, st: ToyState) -> tuple[str, ...]:
        return (st.game.seats[0],)

    def legal(self, st: ToyState, seat: str) -> list[Action]:
        return []


@dataclass(slots=True)
class TwoCases(Decision[ToyState]):
    """Two legal actions that differ only by case."""

    name = "two cases"

    def seats(self, st: ToyState) -> tuple[str, ...]:
        return ("A",)

    def prompt(self, st: ToyState, seat: str) -> tuple[str, str]:
        return ("Pick.", "")

    def legal(self, st: ToyState, seat: str) -> list[Action]:
        return [Action("pick", ("a",)), Action("pick", ("A",))]

    def act(self, st: ToyState, seat: str, action: Action) -> None:
        st.pop()


class ToyOptions(GameOptions):
    players: int = Field(2, ge=2, le=3)
    rounds: int = Field(3, ge=1, le=9)
    ask_everyone: bool = False


class ToyGame(Game):
    id = "toy"
    title = "Toy"
    Options = ToyOptions
    state_class = ToyState
    frames = (Rounds, Bids, Trumps, Reward, Stuck, TwoCases)

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        opts = self.opts
        assert isinstance(opts, ToyOptions)
        self.seats = ("A", "B", "C")[: opts.players]
        self.tables = ToyTables(opts.rounds, opts.ask_everyone)

    def id_tables(self) -> dict[str, tuple[str, ...]]:
        return {"card": CARDS}

    def _setup(self, state: ToyState) -> None:
        deck = list(range(len(CARDS)))
        state.rng.shuffle(deck)
        state.data = ToyData(
            score=dict.fromkeys(self.seats, 0),
            chips=dict.fromkeys(self.seats, 5),
            hands={s: [deck[i]] for i, s in enumerate(self.seats)},
        )
        state.emit("The toy game begins.", "1")
        state.push(Stuck())
        state.push(Rounds())
        state.push(Stuck())

    def _view(self, state: ToyState, seat: str | None) -> dict[str, Any]:
        d = state.data
        out: dict[str, Any] = {"score": dict(d.score), "chips": dict(d.chips), "round": d.round}
        if seat is not None:
            out["hand"] = [CARDS[c] for c in d.hands[seat]]
        return out

    def _outcome(self, state: ToyState) -> Outcome:
        d = state.data
        best = max(d.score.values())
        return Outcome(
            scores={s: float(v) for s, v in d.score.items()},
            winners=tuple(s for s in self.seats if d.score[s] == best),
            result="done",
            turns=d.round,
        )
