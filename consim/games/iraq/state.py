"""The mutable state of an Iraq game, as typed records (no rules here).

Cards are ints (their position in the card list), written by name in saved games. What a frame
of the sequence of play is doing (the discards a seat has chosen, the offer on the table) lives
in that frame (``rules/``); what lasts from turn to turn lives here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, ClassVar

from consim.core.data import Data, Ref, Seat
from consim.core.game import State
from consim.games.iraq.content import IraqTables

Card = Annotated[int, Ref("card")]


@dataclass(frozen=True, slots=True)
class TurnScore(Data):
    """[Ground Phase, Score Phase] what one turn showed and scored (public once revealed;
    never changed afterwards, so copies of the state share it)."""

    turn: int
    fv: dict[Seat, int]
    vp: dict[Seat, int]
    #: [Three Player Game] the side each seat counted, by name ("US" or "Insurgent")
    sides: dict[Seat, str]
    hands: dict[Seat, list[Card]]


@dataclass(slots=True)
class IraqData(Data):
    """The position between two decisions."""

    turn: int = 0
    deck: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    #: [Commitment Phase] the cards of the discard pile each seat discarded face down (only it
    #: knows them), until the pile is shuffled into a new deck; the rest of the pile is the
    #: hands revealed at the Ground Phases
    face_down: dict[Seat, list[Card]] = field(default_factory=dict)
    hands: dict[Seat, list[Card]] = field(default_factory=dict)
    vp: dict[Seat, int] = field(default_factory=dict)
    #: [Three Player Game] this turn's secret declarations: seat -> use letter ("U" or "I")
    declared: dict[Seat, str] = field(default_factory=dict)
    history: list[TurnScore] = field(default_factory=list)


class IraqState(State):
    """A position of the Iraq card game."""

    __slots__ = ()
    data: IraqData
    tables: IraqTables
    data_type: ClassVar[type[Data]] = IraqData

    def names(self, cards: list[int], with_values: bool = False) -> str:
        """Card names for log lines, in the given order."""
        t = self.tables
        names = t.card_label if with_values else t.card_name
        return ", ".join([names[c] for c in cards])

    def card_refs(self, cards: list[int]) -> tuple[tuple[str, str], ...]:
        """Log references to these cards."""
        refs = self.tables.card_ref
        return tuple([refs[c] for c in cards])


def new_data(seats: tuple[str, ...]) -> IraqData:
    """The empty position before the deal."""
    return IraqData(
        hands={s: [] for s in seats}, vp=dict.fromkeys(seats, 0), face_down={s: [] for s in seats}
    )


__all__ = ["Card", "IraqData", "IraqState", "Seat", "TurnScore", "new_data"]
