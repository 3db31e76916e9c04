"""A tiny game for the terminal's tests: every name, prompt, action and log line holds rich
markup or emoji codes (a seat named ``[red]``, a card ``[bold]x[/]``), which the terminal must
print as plain text. ``pattern`` sets who decides each turn and how many choices it has
("A3 B1" = seat A chooses among 3 cards, then seat B has a single choice), to test the
only-choice rule."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from consim.core.action import Action
from consim.core.data import Data
from consim.core.flow import Decision
from consim.core.game import Game, GameOptions, Outcome, State

CARDS = ("[red]", "[bold]x[/]", ":smile:", "[/]", "plain")
SEATS = ("[red]", "B")


@dataclass(slots=True)
class MarkupData(Data):
    played: list[str] = field(default_factory=list)


class MarkupState(State):
    __slots__ = ()
    data: MarkupData
    data_type: ClassVar[type[Data]] = MarkupData


def _turns(st: MarkupState) -> list[tuple[str, int]]:
    turns = []
    for item in st.game.options["pattern"].split():
        seat = SEATS[0] if item[0] == "A" else SEATS[1]
        turns.append((seat, int(item[1:])))
    return turns


@dataclass(slots=True)
class Turns(Decision[MarkupState]):
    name = "turns"

    def seats(self, st: MarkupState) -> tuple[str, ...]:
        return (_turns(st)[len(st.data.played)][0],)

    def prompt(self, st: MarkupState, seat: str) -> tuple[str, str]:
        return ("Pick [bold]one[/bold] card :smile: [/]", "[1]")

    def legal(self, st: MarkupState, seat: str) -> list[Action]:
        count = _turns(st)[len(st.data.played)][1]
        return [st.game.action("play", card) for card in CARDS[:count]]

    def act(self, st: MarkupState, seat: str, action: Action) -> None:
        st.data.played.append(action.args[0])
        st.emit(f"{seat} plays {action.args[0]} [/]", "[2]")
        st.emit(f"[secret] {seat} only: {action.args[0]}", "", to=(seat,))
        if len(st.data.played) >= len(_turns(st)):
            st.emit("The end [/]", "")
            st.end_game()


class MarkupOptions(GameOptions):
    pattern: str = "A3 B3 A3 B3"


class MarkupGame(Game):
    id = "markup"
    title = "[blink]Markup[/blink] :smile:"
    Options = MarkupOptions
    state_class = MarkupState
    frames = (Turns,)

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.seats = SEATS
        self.tables = None

    def _setup(self, state: MarkupState) -> None:
        state.data = MarkupData()
        state.emit("Set up [i]done[/i] :smile:", "[0]")
        state.push(Turns())

    def _view(self, state: MarkupState, seat: str | None) -> dict[str, Any]:
        return {"played": list(state.data.played), "cards": list(CARDS)}

    def _outcome(self, state: MarkupState) -> Outcome:
        return Outcome(
            {s: 1.0 for s in self.seats}, tuple(self.seats), "[red] and B [/] tie :smile:", unit="[pts]"
        )
