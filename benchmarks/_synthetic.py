"""A synthetic position the size of Fitna's (115 spaces, 250 units, 100 cards, six factions),
built on the engine's typed state, to measure what the core's copies cost at that size before
Fitna exists. Its layout is the one Fitna uses: units are frozen records (a change replaces
the unit's record, so a copy of the position shares the records), per-space state is a few
int lists, cards are int lists.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Annotated, Any, ClassVar

from consim.core.action import Action
from consim.core.data import Data, Name, Ref
from consim.core.flow import Decision, Frame
from consim.core.game import Game, GameOptions, Outcome, State
from consim.core.rng import Rng

SPACES = 115
UNITS = 250
CARDS = 100
FACTIONS = ("US", "Russia", "Iran", "Turkey", "Saudi Arabia", "Islamic State")

Space = Annotated[int, Ref("space")]
Card = Annotated[int, Ref("card")]
Seat = Annotated[str, Name("seat")]


@dataclass(frozen=True, slots=True)
class Unit(Data):
    kind: Annotated[int, Ref("counter")]
    space: Space
    owner: int
    steps: int = 2
    face_down: bool = False
    moved: bool = False


@dataclass(slots=True)
class SyntheticData(Data):
    turn: int = 1
    tension: int = 3
    units: list[Unit] = field(default_factory=list)
    control: list[int] = field(default_factory=list)
    entrenched: list[int] = field(default_factory=list)
    markers: list[int] = field(default_factory=list)
    deck: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    removed: list[Card] = field(default_factory=list)
    hands: dict[Seat, list[Card]] = field(default_factory=dict)
    vp: dict[Seat, int] = field(default_factory=dict)
    initiative: list[Seat] = field(default_factory=list)


class SyntheticState(State):
    __slots__ = ()
    data: SyntheticData
    data_type: ClassVar[type[Data]] = SyntheticData


@dataclass(slots=True)
class Turn(Frame[SyntheticState]):
    name = "turn"
    step: int = 0


@dataclass(slots=True)
class Battle(Frame[SyntheticState]):
    name = "battle"
    space: Space = 0
    attackers: list[int] = field(default_factory=list)
    defenders: list[int] = field(default_factory=list)
    hits: int = 0


@dataclass(slots=True)
class Play(Decision[SyntheticState]):
    name = "play"
    seat: Seat = "US"

    def seats(self, st: SyntheticState) -> tuple[str, ...]:
        return (self.seat,)

    def prompt(self, st: SyntheticState, seat: str) -> tuple[str, str]:
        return ("Play a card.", "10.0")

    def legal(self, st: SyntheticState, seat: str) -> list[Action]:
        return [st.game.action("move", str(i)) for i in range(20)]

    def act(self, st: SyntheticState, seat: str, action: Action) -> None:
        d = st.data
        i = int(action.args[0]) * 7 % UNITS
        d.units[i] = replace(d.units[i], space=(d.units[i].space + 1) % SPACES, moved=True)
        st.emit(f"{seat} moves a unit.", "12.1")


class SyntheticGame(Game):
    id = "synthetic"
    title = "A synthetic Fitna-sized position"
    Options = GameOptions
    state_class = SyntheticState
    frames = (Turn, Battle, Play)

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.seats = FACTIONS
        self.tables = None

    def id_tables(self) -> dict[str, tuple[str, ...]]:
        return {
            "space": tuple(f"space {i}" for i in range(SPACES)),
            "card": tuple(f"card {i}" for i in range(CARDS)),
            "counter": tuple(f"counter {i}" for i in range(UNITS)),
        }

    def _setup(self, state: SyntheticState) -> None:
        rng = Rng(1)
        units = [
            Unit(kind=i, space=rng.randbelow(SPACES), owner=i % 12, steps=1 + i % 2, face_down=i % 9 == 0)
            for i in range(UNITS)
        ]
        cards = list(range(CARDS))
        rng.shuffle(cards)
        hands = {f: cards[i * 6 : i * 6 + 6] for i, f in enumerate(FACTIONS)}
        state.data = SyntheticData(
            units=units,
            control=[rng.randbelow(12) for _ in range(SPACES)],
            entrenched=[rng.randbelow(3) for _ in range(SPACES)],
            markers=[rng.randbelow(16) for _ in range(SPACES)],
            deck=cards[36:],
            discard=[],
            removed=[],
            hands=hands,
            vp=dict.fromkeys(FACTIONS, 0),
            initiative=list(FACTIONS),
        )
        state.push(Turn())
        state.push(Battle(space=3, attackers=[1, 2, 3], defenders=[4, 5]))
        state.push(Play(seat="US"))

    def _view(self, state: SyntheticState, seat: str | None) -> dict[str, Any]:
        return {"turn": state.data.turn}

    def _outcome(self, state: SyntheticState) -> Outcome:
        return Outcome(dict.fromkeys(self.seats, 0.0), (), "synthetic")


def synthetic_state() -> SyntheticState:
    """A mid-game synthetic position with some history (40 moves)."""
    state = SyntheticGame().new_game(1)
    assert isinstance(state, SyntheticState)
    for i in range(40):
        state.apply("US", f"move {i % 20}")
    return state
