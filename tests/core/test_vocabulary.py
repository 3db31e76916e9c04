"""The core's vocabulary for a sequence of play, through a small game that uses all of it
(``docs/ENGINE.md`` teaches it with this game): phases declared in order (``Game.sequence``)
that ``begin`` when they start and follow each other with ``st.next_phase``, a forced public
choice the core takes by itself (``ForcedChoice``), and an action offered beside every choice
of a kind of decision (``Decision.anytime``, as Fitna's Joker is).

A tug of war: two seats take turns pulling the rope 1 or 2 steps their way; a seat with the
rope on its side may then press or rest, and must rest when the rope is in the middle (one
choice, which everyone can see: nobody is asked). When the rope passes 2 steps, the seat losing
must grunt before anything else. Each seat may shout once, at any of its pulls, for a point.
The game ends when the rope is 3 steps from the middle or after 6 pulls.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

import pytest

import consim
from consim import IllegalAction
from consim.core.action import Action
from consim.core.data import Data
from consim.core.flow import Decision, ForcedChoice
from consim.core.game import Game, GameOptions, Outcome, State

SHOUT = Action("shout")


@dataclass(slots=True)
class TugData(Data):
    rope: int = 0  # steps toward A (negative: toward B)
    pulls: int = 0
    shouts: dict[str, int] = field(default_factory=dict)
    points: dict[str, int] = field(default_factory=dict)


class TugState(State):
    __slots__ = ()
    data: TugData
    data_type: ClassVar[type[Data]] = TugData


def puller(st: TugState) -> str:
    return "AB"[st.data.pulls % 2]


@dataclass(slots=True)
class Pull(Decision[TugState]):
    name = "pull"
    rule = "1"

    def begin(self, st: TugState) -> None:
        st.emit(f"Pull {st.data.pulls + 1}: {puller(st)} takes the rope.", "1")

    def seats(self, st: TugState) -> tuple[str, ...]:
        return (puller(st),)

    def prompt(self, st: TugState, seat: str) -> tuple[str, str]:
        return ("Pull 1 or 2 steps.", "1")

    def legal(self, st: TugState, seat: str) -> list[Action]:
        return [Action("pull", ("1",)), Action("pull", ("2",))]

    def act(self, st: TugState, seat: str, action: Action) -> None:
        d = st.data
        d.rope += int(action.args[0]) * (1 if seat == "A" else -1)
        d.pulls += 1
        st.emit(f"{seat} pulls {action.args[0]}: the rope is at {d.rope}.", "1")
        if abs(d.rope) >= 3 or d.pulls >= 6:
            st.end_game()
            return
        st.next_phase(self)  # Rest begins now, below the grunt if there is one
        if abs(d.rope) == 2:
            st.push(Grunt(seat="B" if d.rope > 0 else "A"))

    def anytime(self, st: TugState, seat: str) -> tuple[Action, ...]:
        return (SHOUT,) if st.data.shouts[seat] else ()

    def act_anytime(self, st: TugState, seat: str, action: Action) -> None:
        st.data.shouts[seat] -= 1
        st.data.points[seat] += 1
        st.emit(f"{seat} shouts.", "3")


@dataclass(slots=True)
class Rest(ForcedChoice[TugState]):
    name = "rest"
    rule = "2"

    def begin(self, st: TugState) -> None:
        st.emit("The pullers catch their breath.", "2")

    def chooser(self, st: TugState) -> str:
        return "A" if st.data.rope >= 0 else "B"

    def prompt(self, st: TugState, seat: str) -> tuple[str, str]:
        return ("Press or rest.", "2")

    def legal(self, st: TugState, seat: str) -> list[Action]:
        return [Action("rest")] if st.data.rope == 0 else [Action("press"), Action("rest")]

    def act(self, st: TugState, seat: str, action: Action) -> None:
        if action.verb == "press":
            st.data.points[seat] += 1
        st.emit(f"{seat} chooses to {action.verb}.", "2")
        st.next_phase(self)


@dataclass(slots=True)
class Grunt(Decision[TugState]):
    name = "grunt"
    rule = "4"
    seat: str = "A"

    def seats(self, st: TugState) -> tuple[str, ...]:
        return (self.seat,)

    def prompt(self, st: TugState, seat: str) -> tuple[str, str]:
        return ("Grunt.", "4")

    def legal(self, st: TugState, seat: str) -> list[Action]:
        return [Action("grunt")]

    def act(self, st: TugState, seat: str, action: Action) -> None:
        st.emit(f"{seat} grunts.", "4")
        st.pop()


class TugGame(Game):
    id = "tug"
    title = "Tug of war"
    Options = GameOptions
    state_class = TugState
    frames = (Pull, Rest, Grunt)
    sequence: ClassVar[dict[str, str]] = {"pull": "rest", "rest": "pull"}  # [5] the order of play

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.seats = ("A", "B")
        self.tables = None

    def _setup(self, state: TugState) -> None:
        state.data = TugData(shouts={"A": 1, "B": 1}, points={"A": 0, "B": 0})
        state.begin_phase("pull")

    def _view(self, state: TugState, seat: str | None) -> dict[str, Any]:
        return {"rope": state.data.rope, "points": dict(state.data.points)}

    def _outcome(self, state: TugState) -> Outcome:
        d = state.data
        score = {"A": d.rope + d.points["A"], "B": -d.rope + d.points["B"]}
        best = max(score.values())
        return Outcome(scores=score, winners=tuple(s for s in "AB" if score[s] == best), result="done")


def texts(state: State) -> list[str]:
    return [e.text for e in state.log]


def test_a_phase_begins_when_it_starts_and_the_sequence_names_the_next() -> None:
    state = TugGame().new_game(1)
    assert texts(state) == ["Pull 1: A takes the rope."]  # begun by st.begin_phase at set-up
    state.apply("A", "pull 1")
    assert texts(state)[-1] == "The pullers catch their breath."  # Rest began (sequence: pull -> rest)
    assert state.to_act() == ("A",) and [a.text for a in state.legal_actions("A")] == ["press", "rest"]
    state.apply("A", "rest")
    assert texts(state)[-1] == "Pull 2: B takes the rope."  # and Pull again


def test_a_forced_public_choice_is_taken_without_asking() -> None:
    state = TugGame().new_game(1)
    state.apply("A", "pull 1")
    state.apply("A", "rest")
    state.apply("B", "pull 1")  # the rope back in the middle: resting is the only choice
    assert state.to_act() == ("A",)  # nobody was asked to rest: A pulls again
    assert "A chooses to rest." in texts(state)
    assert texts(state)[-1] == "Pull 3: A takes the rope."


def test_the_next_phase_begins_below_what_interrupted_the_one_before() -> None:
    state = TugGame().new_game(1)
    state.apply("A", "pull 2")  # the rope at 2: B must grunt first
    assert state.to_act() == ("B",) and [a.text for a in state.legal_actions("B")] == ["grunt"]
    # Rest has already begun (its line is logged), under the grunt
    assert texts(state)[-1] == "The pullers catch their breath."
    assert [f.name for f in state.stack] == ["rest", "grunt"]
    state.apply("B", "grunt")
    assert state.to_act() == ("A",) and [a.text for a in state.legal_actions("A")] == ["press", "rest"]


def test_an_action_offered_at_every_choice_of_a_kind_of_decision() -> None:
    state = TugGame().new_game(1)
    assert [a.text for a in state.legal_actions("A")] == ["pull 1", "pull 2", "shout"]
    state.apply("A", "shout")  # the decision stays: A still pulls
    assert state.to_act() == ("A",) and state.view("A")["points"] == {"A": 1, "B": 0}
    assert [a.text for a in state.legal_actions("A")] == ["pull 1", "pull 2"]  # shouted once
    with pytest.raises(IllegalAction):
        state.apply("A", "shout")
    state.apply("A", "pull 1")
    assert "shout" not in [a.text for a in state.legal_actions("A")]  # not beside Rest's choices


def test_the_games_of_the_example_replay_restore_and_undo() -> None:
    game = TugGame()
    state = game.new_game(4)
    while not state.is_over():
        seat = state.to_act()[0]
        before = state.to_dict()
        state.apply(seat, state.legal_actions(seat)[-1])  # shouting first, pressing, pulling 2
        again = game.restore(state.to_dict())
        assert again.to_dict() == state.to_dict() and again.to_act() == state.to_act()
        if not state.is_over():
            state.undo()
            assert {**state.to_dict(), "version": 0} == {**before, "version": 0}  # (undo is a change)
            state.apply(seat, state.legal_actions(seat)[-1])
    assert "A shouts." in texts(state) and "B shouts." in texts(state)
    assert game.restore(state.to_dict()).outcome() == state.outcome()


def test_a_decision_asks_the_only_seat_of_a_solitaire_by_default() -> None:
    jihad = consim.load_game("jihad").new_game(1)  # The First Jihad: one seat, "player"
    top = jihad.stack[-1]
    assert isinstance(top, Decision) and "seats" not in type(top).__dict__  # the core's default
    assert jihad.to_act() == ("player",)
    assert jihad.view("player")["frame"] == top.describe(jihad)  # what the view shows of it
    tug = TugGame().new_game(1)
    with pytest.raises(NotImplementedError, match="names no seats"):
        Decision.seats(tug.stack[-1], tug)  # two seats: a decision must name its own
