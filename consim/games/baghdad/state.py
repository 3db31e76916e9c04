"""The mutable state of a Battle for Baghdad game, as typed records (no rules here).

Zones, cards and Command cards are ints (their place in the content tables), written by name
in saved games; seats are faction names. What a step of the sequence of play is doing (the
bidding, the draft packet, a deal being built, a move, a battle) lives in that step's frame
(``rules/``); what lasts from step to step lives here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, ClassVar

from consim.core.data import Data, Ref, Seat
from consim.core.game import State
from consim.games.baghdad.content import BaghdadTables, PromiseKind

Zone = Annotated[int, Ref("zone")]
#: one physical Arms Bazaar card
Card = Annotated[int, Ref("card")]
#: one physical Arab Street card
StreetCard = Annotated[int, Ref("street")]
Command = Annotated[int, Ref("command")]
#: an Arms Bazaar card type or a combination of two, whose effects are carried out
Source = Annotated[int, Ref("source")]


@dataclass(frozen=True, slots=True)
class Promise(Data):
    """[Coalition Phase] a promise made in a deal: recorded and shown until the next Coalition
    Phase, never enforced."""

    sender: Seat
    to: tuple[Seat, ...]
    kind: PromiseKind
    turn: int


@dataclass(frozen=True, slots=True)
class TurnRecord(Data):
    """[Victory Conditions] the standing at the end of one turn."""

    turn: int
    scores: dict[Seat, int]
    #: factions meeting a Victory Condition then, with which ("standard" or "special")
    winners: dict[Seat, str]


@dataclass(frozen=True, slots=True)
class Result(Data):
    """[Victory Conditions; Stalemate] how the game ended."""

    winners: tuple[Seat, ...]
    how: dict[Seat, str]
    stalemate: bool


@dataclass(slots=True)
class BaghdadData(Data):
    """The position between two decisions."""

    turn: int = 0
    #: [Seating and Play Order] the counter-clockwise seating
    table: list[Seat] = field(default_factory=list)
    #: this turn's acting order, from the First Player
    order: list[Seat] = field(default_factory=list)
    #: Political Points behind each screen
    pp: dict[Seat, int] = field(default_factory=dict)
    #: Security and Infrastructure counters of each faction, per zone
    sec: dict[Seat, list[int]] = field(default_factory=dict)
    inf: dict[Seat, list[int]] = field(default_factory=dict)
    #: PP markers on the map, per zone
    zpp: list[int] = field(default_factory=list)
    hands: dict[Seat, list[Card]] = field(default_factory=dict)
    #: the Arms Bazaar deck (drawn from the end) and its discards
    deck: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    #: the Arab Street deck (turned from the end), the cards turned in the game and this turn
    street: list[StreetCard] = field(default_factory=list)
    street_used: list[StreetCard] = field(default_factory=list)
    turned: list[StreetCard] = field(default_factory=list)
    #: [Signals Intercept] the next Arab Street cards a faction has seen, in drawing order
    known: dict[Seat, list[StreetCard]] = field(default_factory=dict)
    #: [Command Cards] each faction's active and Neutralized Command cards
    active: dict[Seat, list[Command]] = field(default_factory=dict)
    neutral: dict[Seat, list[Command]] = field(default_factory=dict)
    #: [Initiative Phase] who bids first (the previous winner; the Shi'ite on turn 1)
    first_bidder: Seat = ""
    initiative: Seat | None = None
    first: Seat | None = None
    #: [Recruit Step] this turn's price of an Arms Bazaar card
    price: int = 1
    promises: list[Promise] = field(default_factory=list)
    #: [Glossary: Truces] pairs of factions in truce this turn, each pair sorted by name
    truces: list[tuple[Seat, Seat]] = field(default_factory=list)
    #: [Fortified Zones] the faction Incremented in the Fortified zone this turn
    fort: Seat | None = None
    #: [Airmobile Movement] airports each airmobile faction controls this turn
    airports: dict[Seat, int] = field(default_factory=dict)
    #: [Surge/Jihad] extra moves this turn
    extra: dict[Seat, int] = field(default_factory=dict)
    history: list[TurnRecord] = field(default_factory=list)
    result: Result | None = None


class BaghdadState(State):
    """A position of Battle for Baghdad."""

    __slots__ = ()
    data: BaghdadData
    tables: BaghdadTables
    data_type: ClassVar[type[Data]] = BaghdadData


def new_data(t: BaghdadTables) -> BaghdadData:
    """The empty position before the set-up."""
    nz = len(t.zone_ids)
    seats = t.seats
    return BaghdadData(
        pp={f: t.faction[f].starting.pp for f in seats},
        sec={f: [0] * nz for f in seats},
        inf={f: [0] * nz for f in seats},
        zpp=[0] * nz,
        hands={f: [] for f in seats},
        known={f: [] for f in seats},
        active={f: list(t.starting_commands[f]) for f in seats},
        neutral={f: [] for f in seats},
    )


__all__ = [
    "BaghdadData",
    "BaghdadState",
    "Card",
    "Command",
    "Promise",
    "Result",
    "Seat",
    "Source",
    "StreetCard",
    "TurnRecord",
    "Zone",
    "new_data",
]
