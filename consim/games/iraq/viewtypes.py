"""The typed records of an Iraq view: what ``view(seat)`` shows (``view.py`` builds them, the
bots and presenters read them, ``docs/schemas/iraq-view.json`` publishes them).

A seat's view adds its own hand, usable Force Value, pending discards and secret choices to
the public part a spectator sees; the ``negotiation`` record is there only while trade offers
are being made. Cards are shown by name, with their Force Value and use letter.
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from consim.core.views import SeatView, ViewRecord
from consim.games.iraq.content import SideName, UseLetter

__all__ = [
    "AskFilter",
    "IraqCard",
    "IraqNegotiation",
    "IraqOffer",
    "IraqSeatView",
    "IraqTurnScore",
    "IraqView",
    "OfferStage",
    "Phase",
    "SideName",
    "UseLetter",
]

#: the phase in progress ("over" once the game has ended)
Phase = Literal["commitment", "declare", "negotiation", "over"]
#: where an offer stands: the offerer adds cards (give) or names a card it wants (want), the
#: partner answers (respond), the partner picks the cards of its choice (fulfil)
OfferStage = Literal["give", "want", "respond", "fulfil"]
#: which of the partner's cards answer a request: any, or those the offerer can count
AskFilter = Literal["any", "usable"]


class IraqCard(ViewRecord):
    """One card as the view shows it: its name, Force Value and use letter."""

    name: str
    """The card's name, which is also how actions refer to it."""
    fv: int
    """The card's Force Value (1 to 5)."""
    use: UseLetter
    """The use letter printed on the card: which factions may count it (see use_letters)."""
    usable: NotRequired[bool]
    """Whether the viewing seat could count this card (one of its letters or an either-or letter)."""


class IraqTurnScore(ViewRecord):
    """What one finished turn showed and scored (public once the hands were revealed)."""

    turn: int
    """The turn's number (1 for the first)."""
    fv: dict[str, int]
    """Each seat's total usable Force Value that turn."""
    vp: dict[str, int]
    """The victory points each seat gained that turn."""
    sides: dict[str, SideName]
    """The side whose cards each seat counted that turn (three-player game; empty otherwise)."""


# "from" is a Python keyword: the field is declared the other way, with its description.
_OfferSender = TypedDict(
    "_OfferSender",
    {"from": Annotated[str, Field(description="The seat that makes the offer.")]},
)


class IraqOffer(_OfferSender, ViewRecord):
    """The trade offer on the table. Everyone sees who offers to whom and how far it has got;
    the cards and the request are shown only to the two parties (to the partner once the offer
    is sent), and the cards the partner picks in return only to the partner."""

    to: str
    """The seat the offer is made to."""
    stage: OfferStage
    """Being built (give, want), awaiting the partner's answer (respond) or its picks (fulfil)."""
    counter: NotRequired[bool]
    """Present (and true) when this is a counter-offer, which can only be accepted or declined."""
    give: NotRequired[list[IraqCard]]
    """The cards the offerer gives; shown to the parties only."""
    ask: NotRequired[int]
    """How many cards of the partner's choice it asks for besides named ones; parties only."""
    filter: NotRequired[AskFilter]
    """Which cards answer that request: any, or only those the offerer can count; parties only."""
    wanted: NotRequired[list[IraqCard]]
    """The cards the offerer asks for by name, when it names any; shown to the parties only."""
    taken: NotRequired[list[IraqCard]]
    """The cards the partner has picked so far to give in return; shown to the partner only."""


class IraqNegotiation(ViewRecord):
    """The Negotiations Phase in progress: its round, whose turn it is and the offer made."""

    round: int
    """The round of offers in progress (1 for the first)."""
    rounds: int
    """The most rounds the phase may last."""
    order: list[str]
    """The seats in the order they make offers."""
    turn_of: str
    """The seat whose turn it is to offer or pass."""
    offer: IraqOffer | None
    """The offer being made or answered; null between offers."""


class IraqView(ViewRecord):
    """What one seat (or a spectator) may know of an Iraq position: the public table, and for a
    seat its own hand and secret choices."""

    scenario: str
    """The scenario's name, set by the number of players."""
    players: int
    """The number of players (2 to 5)."""
    turn: int
    """The turn (hand) in progress, from 1."""
    turns: int
    """The number of turns the game lasts."""
    phase: Phase
    """The phase in progress: discard and redraw, declare a side, trade offers, or game over."""
    seats: list[str]
    """The factions in play, in seat order."""
    uses: dict[str, list[UseLetter]]
    """The use letters each seat may always count."""
    either_or: list[UseLetter]
    """Letters a seat may also count, one of them per turn (three-player game; empty otherwise)."""
    use_letters: dict[UseLetter, str]
    """What each use letter on the cards in play stands for."""
    conflicts: dict[str, list[str]]
    """Each conflict decided at the end, with the seats that contest it."""
    vp: dict[str, int]
    """Each seat's victory points so far."""
    hand_sizes: dict[str, int]
    """How many cards each seat holds."""
    deck_size: int
    """How many cards are left in the deck."""
    discard_size: int
    """How many cards are in the discard pile."""
    committed: list[str]
    """Seats done choosing discards this turn (all once that phase is over, none while declaring)."""
    declared: list[str]
    """The seats that have secretly declared a side this turn, in alphabetical order."""
    history: list[IraqTurnScore]
    """What every finished turn showed and scored, oldest first."""
    last_reveal: dict[str, list[str]]
    """The cards each seat revealed at the end of the last finished turn (empty before that)."""
    negotiation: NotRequired[IraqNegotiation]
    """The Negotiations Phase, present only while it is in progress."""
    hand: NotRequired[list[IraqCard]]
    """The seat's own hand; absent in a spectator's view."""
    usable_fv: NotRequired[int]
    """The total Force Value the seat could count with its hand now; absent for a spectator."""
    side: NotRequired[SideName]
    """The side whose cards that total counts, declared or else the better (three-player game)."""
    pending_discards: NotRequired[list[str]]
    """The cards the seat has chosen to discard so far (empty outside that phase); by name."""
    my_declaration: NotRequired[SideName]
    """The side the seat has secretly declared this turn, once it has; absent otherwise."""
    can_retract: NotRequired[bool]
    """Present (and true) when the seat may take back the secret choice it has made."""


class IraqSeatView(IraqView, SeatView):
    """A seat's (or a spectator's) whole view of an Iraq game: the game's part and the common keys."""
