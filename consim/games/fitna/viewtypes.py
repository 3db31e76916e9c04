"""The shape of a Fitna view, ``state.view(seat)``, as typed records (``consim.core.views``).

``view.py`` builds them and mypy checks that it builds them right; the bots and the front ends
read the view through them (``cast(FitnaSeatView, view)`` where the generic API hands them a
mapping), so that mypy checks every key they read. ``FitnaSeatView`` is the whole view, the
game's ``view_type``: ``docs/schemas/fitna-view.json`` is its JSON Schema.

Three keys are named ``from``, which a class cannot declare: each is written in a small record
of its own made the other way (``TypedDict("...", {"from": ...})``), with its description in
``Field``, and the record that has it derives from that one as well.

The string under each field is its description in the JSON Schema (inherited fields included:
:func:`consim.core.views.view_schema`).
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired, final

from pydantic import Field
from typing_extensions import TypedDict

from consim.core.views import SeatView, ViewRecord
from consim.games.fitna.state import EffectKind, FirstKey
from consim.games.fitna.vocabulary import KurdishFaction

# =============================================================================================
# Words of a small fixed set
# =============================================================================================

#: [12.1] the segment of a phase, as a player names it ("" outside a phase)
Segment = Literal[
    "Events",
    "Supply",
    "Planning",
    "Movement",
    "Offensives",
    "Strategic Movement",
    "Adjust Cards",
    "end of the phase",
    "",
]
#: [31.0] a victory level ("none": no victory)
VictoryLevel = Literal["none", "minor", "major", "decisive"]
#: [31.0] the parts of a seat's victory table
TablePart = Literal["prerequisites", "minor", "major", "decisive"]
#: [27.1, 28.0] what brings in the US (or Russian) forces
InterventionTrigger = Literal[
    "tension_10", "kuwait_attacked", "jordan_attacked", "israel_attacked", "incirlik_attacked", "setup"
]

# =============================================================================================
# The scenario
# =============================================================================================


class InterventionView(ViewRecord):
    """[27.1] One way the US forces enter the game, and who receives them."""

    trigger: InterventionTrigger
    """What brings them in: tension reaching 10, an attack on a given country, or the set-up."""
    seat: str
    """The seat that receives them."""


class ScenarioView(ViewRecord):
    """[32.0] The scenario being played, as its booklet presents it."""

    number: int
    """The scenario's number (1 to 11 for the published ones)."""
    title: str
    """The scenario's title."""
    dates: str
    """The historical period it covers ("" if none is given)."""
    turns: int
    """How many game turns it lasts."""
    briefing: str
    """A short introduction to the situation and each side's aims."""
    special_rules: list[str]
    """The scenario's special rules, each in plain words."""
    us_intervention: list[InterventionView]
    """Who receives the US forces, and on which event."""
    russia_at_tension_10: str
    """The seat that receives the Russian forces when tension reaches 10 ("" if nobody)."""
    free_ops_turn1: dict[str, int]
    """Each seat's free Operation Points on turn 1, by seat (0 for none)."""


# =============================================================================================
# The cards
# =============================================================================================


class PilesView(ViewRecord):
    """[8.0-8.3] How many cards lie in each pile (their order and faces stay hidden)."""

    assets: int
    """Cards in the Asset draw pile."""
    events: int
    """Cards in the Event draw pile."""
    asset_discards: int
    """Cards on the Asset discard pile."""
    event_discards: int
    """Cards on the Event discard pile."""
    high_tension_aside: int
    """High Tension cards set aside until tension reaches 5."""


class EffectView(ViewRecord):
    """A card's effect that lasts beyond its play (a column shift, a ban, a restriction)."""

    card: str
    """The name of the card that made it."""
    seat: str | None
    """The seat it applies to, or null when it applies to no seat in particular."""
    kind: EffectKind
    """What it does: a column shift, Cyber War's shift, a ban after a cancellation, or a restriction."""
    columns: int
    """The column shift it gives in combat (0 for effects that shift nothing)."""
    until_turn: int
    """The last turn it lasts, at most (past the game's last turn if a seat's next phase ends it)."""


class CardView(ViewRecord):
    """One card of the viewing seat's hand."""

    name: str
    """The card's name (several cards may share one)."""
    number: int
    """The card's number, unique in the deck."""
    kind: Literal["Asset", "Event"]
    """Whether it is an Asset or an Event card."""
    ops: int
    """The Operation Points it gives when spent for operations."""
    text: str
    """What the card does, as printed."""


# =============================================================================================
# Forces, units and stacks
# =============================================================================================


class ActivationView(ViewRecord):
    """[25.2, 26.2] A force a seat commands for now without owning it (IS or a Kurdish
    faction, during an activation)."""

    seat: str
    """The seat commanding it."""
    force: str
    """The force it commands."""


class ArrivalView(ViewRecord):
    """[27.1, 28.0] A wave of an intervention still to arrive."""

    seat: str
    """The seat that receives the units."""
    force: str
    """The force the units belong to."""
    wave: int
    """Which wave of that force's counters arrives."""
    turn: int
    """The turn at the start of whose phase they arrive."""


@final
class UnitView(ViewRecord):
    """A unit the viewer sees face up, with its current values."""

    name: str
    """The counter's name, unique in the game."""
    force: str
    """The force it belongs to."""
    colour: str
    """The colour group of its counter (for drawing)."""
    attack: int
    """Its attack factor on the side now showing."""
    defence: int
    """Its defence factor on the side now showing."""
    movement: int
    """Its movement allowance on the side now showing (0: it cannot move)."""
    reduced: bool
    """Whether it shows its reduced-strength side."""
    isolated: bool
    """Whether it is marked Isolated (out of supply)."""
    airmobile: NotRequired[bool]
    """Present and true for an airmobile unit."""
    armour: NotRequired[bool]
    """Present and true for an armoured unit (it may exploit a victory)."""
    assault: NotRequired[bool]
    """Present and true after an airmobile assault this phase: in supply until its combat ends."""


@final
class FaceDownUnitView(ViewRecord):
    """[25.1] An IS counter, always face down: nobody sees which it is."""

    name: Literal["IS counter"]
    """Always "IS counter"."""
    face_down: Literal[True]
    """Always true."""


#: a unit of a stack the viewer sees unit by unit
StackUnitView = UnitView | FaceDownUnitView


@final
class SeenStackView(ViewRecord):
    """[30.0] A stack the viewer sees unit by unit: its own, or one it has seen since it last
    changed."""

    side: str
    """The side the stack belongs to (a seat, IS, a Kurdish faction)."""
    count: int
    """How many units it holds."""
    units: list[StackUnitView]
    """Its units in counter order, the face-down IS counters last."""


@final
class HiddenStackView(ViewRecord):
    """[30.0] An enemy stack the viewer has not seen since it last changed: only its side, its
    size, its forces and how many of its units are isolated."""

    side: str
    """The side the stack belongs to (a seat, IS, a Kurdish faction)."""
    count: int
    """How many units it holds."""
    forces: dict[str, int]
    """How many of its units belong to each force, by force name."""
    isolated: int
    """How many of its units are marked Isolated."""


#: a stack as the viewer may see it
StackView = SeenStackView | HiddenStackView


def seen_units(stack: StackView | None) -> list[StackUnitView]:
    """The units of ``stack`` the viewer sees unit by unit: none for a stack it sees only as
    forces, or for no stack."""
    return stack["units"] if stack is not None and "units" in stack else []


class SpaceView(ViewRecord):
    """One space of the map, in the map's order."""

    name: str
    """The space's name."""
    control: str
    """The side controlling it ("Neutral" for none)."""
    entrenched: NotRequired[bool]
    """Present and true when an entrenchment marker lies on it."""
    stack: NotRequired[StackView]
    """The units on it, as the viewer may see them; absent when it is empty."""
    in_supply: NotRequired[bool]
    """Whether the viewer's main national force could trace supply here; absent for a spectator."""


class PoolView(ViewRecord):
    """[15.0, 20.0] A seat's Force Pool: the reinforcements to come and the destroyed units."""

    batches: list[list[str]]
    """The batches of reinforcements still to come, in order, each as its units' names."""
    destroyed: list[str]
    """The seat's destroyed units, which may be rebuilt."""
    last_batch_turn: int
    """The last turn the seat took a batch (0 if never)."""


# =============================================================================================
# An offensive and a card exchange under way
# =============================================================================================

#: the space an offensive starts from (a key a class cannot declare)
_OffensiveFrom = TypedDict(
    "_OffensiveFrom", {"from": Annotated[str, Field(description="The space the attack starts from.")]}
)


class CommittedCardView(ViewRecord):
    """[18.3] A card committed to the offensive under way."""

    card: str
    """The card's name."""
    by: Literal["attacker", "defender"]
    """Which side committed it."""
    cancels: int
    """The place in this list of the card it cancels, or -1 if it cancels none."""


class OffensiveView(_OffensiveFrom, ViewRecord):
    """[18.0-18.7] The offensive under way."""

    attacker: str
    """The seat attacking."""
    defender: str | None
    """The seat defending, or null when no seat does (IS, the Kurds, an empty space)."""
    against: str
    """The space attacked."""
    units: int
    """How many units attack."""
    cards: list[CommittedCardView]
    """The cards committed so far, in order."""
    result: str | None
    """The combat result (AR*, AR, EX, EX*, DR, DR*, DS; "empty": undefended); null before the roll."""
    die: int | None
    """The die roll, or null before it."""
    attacking: NotRequired[list[str]]
    """The attacking units' names, IS counters face down; in the attacker's view only."""


#: the seat proposing an exchange (a key a class cannot declare)
_ExchangeFrom = TypedDict(
    "_ExchangeFrom", {"from": Annotated[str, Field(description="The seat proposing the exchange.")]}
)


class ExchangeView(_ExchangeFrom, ViewRecord):
    """[29.0] A proposed exchange of one card each between two seats."""

    to: str
    """The seat it is proposed to."""
    stage: Literal["offer", "answer", "give"]
    """Where it stands: the proposer picks a card, the partner answers, or the partner picks his."""
    offered: NotRequired[str]
    """The card offered; only in the two parties' views, once it is chosen."""


# =============================================================================================
# The phase and the viewer's own decision
# =============================================================================================


class OpsView(ViewRecord):
    """[16.0-18.0] The Operation Points of the phase under way (public: they are announced);
    each group is present once its step has begun."""

    spent: NotRequired[list[str]]
    """The cards spent for Operation Points this phase."""
    depot: NotRequired[bool]
    """Whether the Strategic Depot was used instead of a card."""
    total: NotRequired[int]
    """The Operation Points gained."""
    moves_left: NotRequired[int]
    """The moves still to make."""
    moves: NotRequired[int]
    """The moves allocated."""
    offensives_left: NotRequired[int]
    """The offensives still to launch."""
    offensives: NotRequired[int]
    """The offensives allocated."""


@final
class BidDecisionView(ViewRecord):
    """[7.1] The viewer's own secret initiative bid, as picked so far."""

    bid: list[str]
    """The cards picked for the bid."""
    bid_ops: int
    """Their Operation Points together."""


#: where the moving unit started (a key a class cannot declare)
_MoveFrom = TypedDict(
    "_MoveFrom", {"from": Annotated[str, Field(description="The space the unit started its move from.")]}
)


@final
class MoveDecisionView(_MoveFrom, ViewRecord):
    """[17.1, 17.2] The unit the viewer is moving."""

    moving: str
    """The unit's name."""
    at: str
    """The space it stands on now."""
    mp: int
    """The movement points it has left."""


@final
class SetupDecisionView(ViewRecord):
    """[18.0] The offensive the viewer is putting together."""

    attack_from: str
    """The space it attacks from."""
    chosen: list[str]
    """The units chosen so far (IS counters face down)."""
    stage: Literal["units", "target"]
    """Whether the units or the target are being chosen."""


@final
class PlaceDecisionView(ViewRecord):
    """[15.0] The units the viewer is placing on the map, one at a time."""

    placing: str
    """The unit being placed now."""
    then: list[str]
    """The units to place after it, in order."""


@final
class RedeployDecisionView(ViewRecord):
    """[17.3] The unit the viewer is moving by Strategic Movement."""

    redeploying: str
    """The unit's name."""


#: what a seat knows of its own decision under way
DecisionView = (
    BidDecisionView | MoveDecisionView | SetupDecisionView | PlaceDecisionView | RedeployDecisionView
)


class PhaseView(ViewRecord):
    """[12.1] The phase under way, the tension levels done, the forces each seat runs and the
    viewer's own decision."""

    segment: Segment
    """The segment of the phase under way, as a player names it ("" outside a phase)."""
    ops: OpsView | None
    """The Operation Points of the phase, or null before any is allocated."""
    reshuffles: list[int]
    """The turns at whose start the decks are reshuffled."""
    levels_done: list[int]
    """The tension levels (5, 6, 10) whose effects have been carried out."""
    forces: dict[str, list[str]]
    """The forces each seat runs now, wholly or in part, by seat."""
    decision: NotRequired[DecisionView]
    """The viewer's own decision under way (unit moved or placed, offensive formed, bid); else absent."""


# =============================================================================================
# Victory
# =============================================================================================


class ConditionBase(ViewRecord):
    """What every victory condition says: whether it holds, and for which seat of a merged
    player."""

    held: bool
    """Whether it holds now."""
    part: NotRequired[str]
    """In a two-player version, the scenario's seat whose table the condition comes from."""


@final
class ControlConditionView(ConditionBase):
    """[31.0] Control of the given spaces (all of them, or at least a number)."""

    type: Literal["control"]
    """The kind of condition."""
    spaces: list[str]
    """The spaces named."""
    need: int
    """How many of them must be controlled."""
    have: int
    """How many of them the seat controls now."""


@final
class ControlCountConditionView(ConditionBase):
    """[31.0] Control of a number of spaces in the given countries."""

    type: Literal["control_count"]
    """The kind of condition."""
    countries: list[str]
    """The countries named."""
    need: int
    """How many of their spaces must be controlled."""
    have: int
    """How many the seat controls now."""


@final
class HoldUnitsConditionView(ConditionBase):
    """[31.0] A number of units of the given forces on the map (on the given Kurdish
    factions' spaces, if any)."""

    type: Literal["hold_units"]
    """The kind of condition."""
    forces: list[str]
    """The forces whose units count."""
    on: list[KurdishFaction]
    """The Kurdish factions on whose spaces the units must stand (empty: anywhere)."""
    need: int
    """How many units must be there."""
    have: int
    """How many are there now."""


@final
class DenyConditionView(ConditionBase):
    """[31.0] None of the given spaces held by another side."""

    type: Literal["deny"]
    """The kind of condition."""
    spaces: list[str]
    """The spaces named."""
    by: str
    """The side that must hold none of them (a seat, "is" or "kurds")."""


@final
class VPMarginConditionView(ConditionBase):
    """[31.1] A lead in Victory Points over every other seat."""

    type: Literal["vp_margin"]
    """The kind of condition."""
    margin: int
    """The lead required."""


#: a link condition's first country (a key a class cannot declare)
_LinkFrom = TypedDict(
    "_LinkFrom", {"from": Annotated[str, Field(description="The country the line of supply starts in.")]}
)


class LinkParamsView(_LinkFrom, ViewRecord):
    """[31.1] The parameters of a "link" condition, as the scenario writes them."""

    to: str
    """The country the line must reach ("mediterranean": a coastal space)."""
    by: NotRequired[str]
    """The seat whose line counts, when not the seat of the condition."""
    negate: NotRequired[bool]
    """Present and true when the condition holds if there is no such line."""


@final
class HandlerConditionView(ConditionBase):
    """[31.1] A condition the rules check by name: a line of supply between two countries."""

    type: Literal["handler"]
    """The kind of condition."""
    name: Literal["link"]
    """The check's name."""
    params: LinkParamsView
    """The check's parameters."""


#: one condition of a seat's victory table, told apart by its ``type``
ConditionView = Annotated[
    ControlConditionView
    | ControlCountConditionView
    | HoldUnitsConditionView
    | DenyConditionView
    | VPMarginConditionView
    | HandlerConditionView,
    Field(discriminator="type"),
]


class SeatVictoryView(ViewRecord):
    """[31.0, 31.1] A seat's victory table and how it stands now."""

    level: VictoryLevel
    """The level it would reach if the game ended now."""
    vp: int
    """Its Victory Points now."""
    bonuses: list[str]
    """The bonuses counted in its Victory Points, in words."""
    prerequisites: NotRequired[list[ConditionView]]
    """The conditions that must hold for any level; absent for a seat with no victory table."""
    minor: NotRequired[list[ConditionView]]
    """The conditions of a minor victory; absent for a seat with no victory table."""
    major: NotRequired[list[ConditionView]]
    """The conditions of a major victory; absent for a seat with no victory table."""
    decisive: NotRequired[list[ConditionView]]
    """The conditions of a decisive victory; absent for a seat with no victory table."""


class VictoryView(ViewRecord):
    """[31.0, 31.1] Where every seat stands toward victory (public)."""

    method: Literal["scenario", "points"]
    """How victory is judged: the scenario's tables, or Victory Points."""
    seats: dict[str, SeatVictoryView]
    """Each seat's table and standing, by seat."""


# =============================================================================================
# The whole view
# =============================================================================================


class BoardView(ViewRecord):
    """[30.0] The position as everyone sees it, and the offensive or card exchange under way."""

    scenario: ScenarioView
    """The scenario being played."""
    turn: int
    """The game turn (0 before the first)."""
    tension: int
    """International Tension, 0 to 10."""
    seats: list[str]
    """The seats of this game."""
    order: list[str]
    """This turn's order of play, the first to play first."""
    active: str | None
    """The seat whose phase is under way, or null outside a phase."""
    step: str
    """The name of the step asking for a decision ("over" once the game has ended)."""
    hand_sizes: dict[str, int]
    """How many cards each seat holds, by seat."""
    piles: PilesView
    """The sizes of the draw and discard piles."""
    removed_cards: list[str]
    """The cards out of the game, as "#number name"."""
    played: list[str]
    """The cards whose effect has been carried out, in order, as "#number name"."""
    in_play: list[str]
    """The cards being resolved now, as "#number name"."""
    jokers: dict[str, int]
    """How many Jokers each seat holds, by seat."""
    special_jokers: dict[str, list[str]]
    """The Special Jokers each seat holds, by seat."""
    effects: list[EffectView]
    """The lasting effects of cards now in force."""
    firsts: list[FirstKey]
    """The one-off events that have happened (first-time tension triggers, captures...)."""
    activation: list[ActivationView]
    """The forces seats command for an activation under way."""
    arrivals: list[ArrivalView]
    """The waves of interventions still to arrive."""
    spaces: list[SpaceView]
    """Every space of the map, in the map's order."""
    pools: dict[str, PoolView]
    """Each seat's Force Pool, by seat."""
    is_pool: int
    """How many IS counters wait in the pool."""
    kurdish_pool: int
    """How many Kurdish units wait in the pool."""
    out_of_game: list[str]
    """The units out of the game, by name (IS counters not listed)."""
    places: list[str]
    """The names of the places off the map where units may be."""
    offensive: NotRequired[OffensiveView]
    """The offensive under way; absent when there is none."""
    exchange: NotRequired[ExchangeView]
    """The card exchange under way; absent when there is none."""


class HandView(ViewRecord):
    """The viewer's own cards."""

    hand: NotRequired[list[CardView]]
    """The viewing seat's hand; absent in a spectator's view."""


class FitnaView(BoardView, PhaseView, HandView):
    """[30.0] What a seat (or a spectator) may know of a Fitna position: the game's part of
    the view."""

    victory: VictoryView
    """Where every seat stands toward victory."""


class FitnaSeatView(FitnaView, SeatView):
    """[30.0] Everything a seat (or a spectator) may know of a Fitna position:
    state.view(seat)."""


__all__ = [
    "ActivationView",
    "ArrivalView",
    "BidDecisionView",
    "BoardView",
    "CardView",
    "CommittedCardView",
    "ConditionBase",
    "ConditionView",
    "ControlConditionView",
    "ControlCountConditionView",
    "DecisionView",
    "DenyConditionView",
    "EffectView",
    "ExchangeView",
    "FaceDownUnitView",
    "FitnaSeatView",
    "FitnaView",
    "HandView",
    "HandlerConditionView",
    "HiddenStackView",
    "HoldUnitsConditionView",
    "InterventionTrigger",
    "InterventionView",
    "LinkParamsView",
    "MoveDecisionView",
    "OffensiveView",
    "OpsView",
    "PhaseView",
    "PilesView",
    "PlaceDecisionView",
    "PoolView",
    "RedeployDecisionView",
    "ScenarioView",
    "SeatVictoryView",
    "SeenStackView",
    "Segment",
    "SetupDecisionView",
    "SpaceView",
    "StackUnitView",
    "StackView",
    "TablePart",
    "UnitView",
    "VPMarginConditionView",
    "VictoryLevel",
    "VictoryView",
    "ViewRecord",
    "seen_units",
]
