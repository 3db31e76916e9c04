"""The mutable state of a Fitna game, as typed records (no rules here).

Spaces, counters, cards and Special Jokers are ints (their index in the content lists),
written by name in saved games. A unit is a frozen record replaced whenever it changes, so a
copy of the position shares the records of every unit that did not change (docs/ENGINE.md
section 2). Per-space state is a few int lists; cards are int lists. What a frame of the
sequence of play is doing (OPs left, the unit being moved, the offensive under way) lives in
that frame (``rules/``); what lasts from phase to phase lives here.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Annotated, ClassVar, Literal

from consim.core.data import Bounded, Data, Ref, Seat
from consim.core.game import State
from consim.games.fitna.content import FitnaTables
from consim.games.fitna.vocabulary import CardTag, RestrictionRule

Card = Annotated[int, Ref("card")]
Space = Annotated[int, Ref("space")]
#: a space, or one of the places off the map (``OFF_MAP``)
Place = Annotated[int, Ref("place")]
UnitId = Annotated[int, Ref("unit")]
Joker = Annotated[int, Ref("joker")]
#: a side (5.0): a seat's index, or IS, KDP, PYD, PKK, Neutral after the seats
Side = Annotated[int, Bounded(0, 10)]


@dataclass(frozen=True, slots=True)
class Unit(Data):
    """Where one counter is and which side of it shows (3.0); replaced when it changes."""

    at: Place
    #: [3.0, 18.5] on its reduced-strength side
    reduced: bool = False
    #: [14.0] under an Isolated marker
    isolated: bool = False
    #: [17.2.2] made an airmobile assault this phase: in supply until the end of its
    #: player's combat segment
    assault: bool = False


#: what a lasting effect does: a column shift, #37 Cyber War's, the bans of #25.5 and #26.5, or
#: a card's restriction (``RestrictionRule``)
EffectKind = Literal["shift", "cyber", "no_daesh", "no_peshmerga", RestrictionRule]
#: [22.0] the "first time" triggers that have fired, and the one-off facts of the game kept with
#: them (the PKK rebellion under way or over, 26.7; the US and Russian interventions, 27.1, 28.0)
FirstKey = Literal[
    "russia_hit_israel",
    "russia_hit_turkey_abroad",
    "russia_attacks_turkey",
    "israel_iran",
    "iran_saudi",
    "russia_iran",
    "iran_turkey",
    "enter_turkey",
    "israel_took_damascus",
    "israel_took_beirut",
    "turkey_took_aleppo",
    "pkk_rebellion",
    "pkk_rebellion_over",
    "us_intervened",
    "russia_intervened",
]


@dataclass(frozen=True, slots=True)
class ActiveEffect(Data):
    """A card's effect that outlasts its play (8.1: an Asset lasting the turn; 25.5, 26.5: the
    bans after a cancellation; the restrictions of provenance/cards.md section 8).

    ``kind`` names what it does: ``shift`` (column shifts for ``seat`` in every offensive it
    fights, ``side`` attacker, defender or either; on ``space`` only when it is not -1),
    or the name of a ban or restriction read by the rule it changes.
    """

    kind: EffectKind
    card: int
    seat: int
    columns: int = 0
    side: Literal["attacker", "defender", "either"] = "either"
    space: int = -1
    #: the forces the seat's side must include for the shift to count (Quds Force, #34)
    forces: tuple[int, ...] = ()
    #: another seat the effect names (a restriction's opponent)
    other: int = -1
    #: the turn at whose end it expires
    until_turn: int = 0
    #: the seat at the end of whose next own phase it expires (-1: it lasts to ``until_turn``)
    phase_of: int = -1
    #: the card tag it concerns (``no_tag_against``: "missile", "air"...)
    tag: CardTag | Literal[""] = ""


@dataclass(frozen=True, slots=True)
class Arrival(Data):
    """[27.1, 28.0] Units of an intervention still to come: the counters of ``force`` marked
    with ``wave`` arrive for ``seat`` at the start of its phase of turn ``turn``."""

    seat: int
    force: int
    wave: int
    turn: int


@dataclass(slots=True)
class FitnaData(Data):
    """The position between two decisions."""

    turn: int = 0
    #: [22.0] International Tension, 0-10
    tension: Annotated[int, Bounded(0, 10)] = 0
    #: one record per counter of the game, by counter index
    units: list[Unit] = field(default_factory=list)
    #: [5.0] the side controlling each space
    control: list[Side] = field(default_factory=list)
    #: [19.0] an entrenchment on the space
    entrenched: list[bool] = field(default_factory=list)
    #: [30.0] per space, a bit per seat that has seen the stack there since it last changed
    known: list[int] = field(default_factory=list)
    # -- the cards [8.0-8.3] --------------------------------------------------------------------
    asset_pile: list[Card] = field(default_factory=list)
    event_pile: list[Card] = field(default_factory=list)
    asset_discard: list[Card] = field(default_factory=list)
    event_discard: list[Card] = field(default_factory=list)
    #: [8.2, 30.0] the cards on a discard pile that not every player saw go there, with a bit
    #: for each seat that did (a card discarded to veto the UN Security Council, a card lost
    #: from a hand): to the others each is only a card of that pile
    discard_seen: dict[Card, int] = field(default_factory=dict)
    #: [8.3] the High Tension cards waiting for tension 5
    aside: list[Card] = field(default_factory=list)
    #: [8.2] withdrawn by the scenario or removed after their event
    removed: list[Card] = field(default_factory=list)
    hands: dict[Seat, list[Card]] = field(default_factory=dict)
    #: cards out of every hand and pile while they are being resolved (an event, an Asset
    #: committed to an offensive)
    in_play: list[Card] = field(default_factory=list)
    #: [8.2] cards whose effect has been carried out, in order (for cards that require another)
    played: list[Card] = field(default_factory=list)
    # -- Jokers [9.0, 10.0] -------------------------------------------------------------------
    jokers: dict[Seat, int] = field(default_factory=dict)
    special: dict[Seat, list[Joker]] = field(default_factory=dict)
    #: [22.1, 28.0] Special Jokers set aside after play that may return (the Russian one)
    special_aside: list[Joker] = field(default_factory=list)
    # -- forces and reinforcements [15.0, 20.0, 27.1, 28.0] --------------------------------------
    #: the side each force belongs to now (changes when the US or Russia intervene)
    force_side: list[Side] = field(default_factory=list)
    #: [27.1 scenario 10] units whose seat differs from their force's (the US forces shared
    #: between two players): unit -> side; every other unit follows ``force_side``
    unit_side: dict[UnitId, Side] = field(default_factory=dict)
    #: [25.2, 26.2] the seat commanding a force it does not own (IS, the Kurds) for the
    #: activation under way, -1 otherwise; per force
    force_seat: list[int] = field(default_factory=list)
    #: [27.1, 28.0] the waves of the interventions still to arrive
    arrivals: list[Arrival] = field(default_factory=list)
    #: [15.0] each seat's batches still to come, in order
    batches: dict[Seat, list[list[UnitId]]] = field(default_factory=dict)
    #: [15.0] the last turn each seat took a batch (one a turn)
    batch_turn: dict[Seat, int] = field(default_factory=dict)
    # -- International Tension [22.0-22.1] -------------------------------------------------------
    #: the "first time" triggers already fired, and other one-off facts (captures, caveats)
    firsts: list[FirstKey] = field(default_factory=list)
    #: the levels (5, 6, 10) whose effects have been carried out
    levels_done: list[int] = field(default_factory=list)
    effects: list[ActiveEffect] = field(default_factory=list)
    #: Operation Points gained by an event this phase, added in Planning (16.0)
    bonus_ops: int = 0
    #: how the game ended early, if it did ("" while it runs)
    ended: str = ""


class FitnaState(State):
    """A position of Fitna."""

    __slots__ = ()
    data: FitnaData
    tables: FitnaTables
    data_type: ClassVar[type[Data]] = FitnaData

    def set_unit(self, u: int, **changes: object) -> None:
        """Replace counter ``u``'s record (records are never changed in place)."""
        units = self.data.units
        units[u] = replace(units[u], **changes)  # type: ignore[arg-type]
        self.cache.clear()

    def seat_of(self, side: int) -> str | None:
        """The seat of a side, or None for IS, the Kurds and Neutral."""
        seats = self.tables.seats
        return seats[side] if 0 <= side < len(seats) else None


__all__ = [
    "ActiveEffect",
    "Arrival",
    "Card",
    "FitnaData",
    "FitnaState",
    "Joker",
    "Place",
    "Seat",
    "Side",
    "Space",
    "Unit",
    "UnitId",
]
