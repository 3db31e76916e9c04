"""The typed records of a Battle for Baghdad view: what ``view(seat)`` shows (``view.py``
builds them, the bots, presenters and encoding read them, ``docs/schemas/baghdad-view.json``
publishes them).

Everyone sees the map, PP held, card counts, Command cards, the Arab Street cards turned,
bids, deals' public terms, Truces and promises, the standing and whose turn it is. A seat's own
view adds its hand, its hand limit, the Arab Street cards it has peeked at and what it is asked
now (``decision``), and, in the step that shows them, the draft packet it holds, the terms of
a deal it is party to, its secret battle plan before the reveal and a hand it searches. The
records of one step of the turn (``bidding``, ``deal``, ``action``, ``combat``, ...) are there
only while that step is in progress. Factions are keys and values by their id ("Shiite"),
zones by their id ("sadr_city"), cards by their printed name.

The strings under the fields are their descriptions in the JSON Schema (inherited fields
included: :func:`consim.core.views.view_schema`).

This module imports the content alone (``board.py`` builds ``GoalView``): the words of the
rules' steps below are written out, and mypy checks that what the rules produce is among them.
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from consim.core.views import SeatView, ViewRecord
from consim.games.baghdad.content import GainSource, PromiseKind

__all__ = [
    "ActionView",
    "ActorStep",
    "BaghdadSeatView",
    "BaghdadView",
    "BiddingView",
    "CardPlayView",
    "CoalitionView",
    "CombatStage",
    "CombatView",
    "DealStage",
    "DealView",
    "DecisionStage",
    "DecisionStep",
    "DecisionView",
    "DraftView",
    "GoalJoin",
    "GoalPartView",
    "GoalView",
    "HowWon",
    "ManeuverView",
    "MoveMode",
    "MoveView",
    "MyPlanView",
    "PendingCeasefireView",
    "PendingDefectView",
    "PendingDiscardView",
    "PendingInfoWarView",
    "PendingView",
    "PendingWindowView",
    "Phase",
    "PlacingView",
    "PlanStep",
    "PlanView",
    "PromiseView",
    "ResultView",
    "StandardVictoryView",
    "TurnRecordView",
    "VictoryKind",
    "WindowTiming",
    "ZoneView",
]

#: the phase in progress, by the name of its step of the sequence of play ("over" at the end)
Phase = Literal[
    "place",
    "maneuver",
    "bid",
    "first",
    "street",
    "draft",
    "coalition",
    "action",
    "combat",
    "civic",
    "end",
    "over",
]
#: the step of the sequence of play that asks a seat something (the name of its decision)
DecisionStep = Literal[
    "infowar",
    "discard",
    "place",
    "maneuver",
    "bid",
    "first",
    "street-window",
    "draft",
    "coalition",
    "actor",
    "make-room",
    "move",
    "effects",
    "defect",
    "battle-zone",
    "battle-foe",
    "plans",
    "casualties",
    "combat-window",
    "ceasefire",
]
#: the stage a decision is at: the Action Phase's steps, a move's, a card effect's, a deal's,
#: a battle plan's and a card window's timing (in this order: ``view.DECISION_STAGES``)
DecisionStage = Literal[
    "recruit",
    "move",
    "units",
    "go",
    "top",
    "target",
    "take",
    "zone",
    "remove",
    "replace",
    "place",
    "offer",
    "build",
    "respond",
    "fulfil",
    "command",
    "offense",
    "defense",
    "commit",
    "ready",
    "arab_street",
    "combat_phase",
    "combat_reveal",
    "after_combat",
]
#: the step of a faction's Action Phase
ActorStep = Literal["recruit", "move"]
#: how a move goes: a normal move, Underground Movement or an Airmobile move
MoveMode = Literal["move", "underground", "airmobile"]
#: how far a deal has got: written by its sender, answered by its recipients, its cards given
DealStage = Literal["build", "respond", "fulfil"]
#: what a battle plan still needs ("ready" once it is complete)
PlanStep = Literal["command", "offense", "defense", "commit", "ready"]
#: the step of the Combat Phase
CombatStage = Literal["pick_zone", "pick_foe", "plan", "resolve", "casualties"]
#: the moment of a card window
WindowTiming = Literal["arab_street", "combat_phase", "combat_reveal", "after_combat"]
#: how the parts of a special victory condition combine: all of them, any one, or a single part
GoalJoin = Literal["all", "any", "one"]
#: which victory condition a faction met
VictoryKind = Literal["standard", "special"]
#: how a faction won the game: by a victory condition, or as the stalemate rule's winner
HowWon = Literal["standard", "special", "stalemate"]


# -- the map and the standing ----------------------------------------------------------------


class ZoneView(ViewRecord):
    """One zone of the map: its PP markers, the units in it and who controls it."""

    pp: int
    """The PP markers on the zone, collected by the factions with units there."""
    units: dict[str, list[int]]
    """Each faction's units there, as [Security, Infrastructure] (factions without units are left out)."""
    control: str | None
    """The faction controlling the zone (its units alone are there); null when nobody does."""


class StandardVictoryView(ViewRecord):
    """The standard victory condition, the same for every faction."""

    pp: int
    """The victory score that wins at the end of a turn."""
    per_zone: int
    """What each controlled zone adds to a faction's victory score, on top of the PP it holds."""


class GoalPartView(ViewRecord):
    """One part of a faction's special victory condition, with what it counts now."""

    label: str
    """A short name for the part (a zone's name, "built and held", "kept apart", ...)."""
    text: str
    """The part in words."""
    have: int
    """How much the part counts now (zones held or built in; for "kept apart", 1 when kept)."""
    need: int
    """How much the part needs to be met."""
    met: bool
    """Whether the part is met now."""
    zones: list[str]
    """The zones counted, by printed name; for "kept apart", the zones that spoil it."""


class GoalView(ViewRecord):
    """A faction's special victory condition, part by part, and how near it is."""

    text: str
    """The whole condition in words."""
    join: GoalJoin
    """How the parts combine: "all" of them, "any" one, or "one" (a single part)."""
    parts: list[GoalPartView]
    """The parts of the condition, each with its count now."""
    met: bool
    """Whether the whole condition is met now (it wins if still met at the end of the turn)."""


# "from" is a Python keyword: the records with a "from" field take it from these bases, which
# declare it the other way, with its description
_PromiseSender = TypedDict(
    "_PromiseSender",
    {"from": Annotated[str, Field(description="The faction that made the promise.")]},
)
_DealSender = TypedDict(
    "_DealSender",
    {"from": Annotated[str, Field(description="The faction offering the deal.")]},
)


class PromiseView(_PromiseSender, ViewRecord):
    """A promise made in a deal this turn: public, binding until the next Coalition Phase."""

    to: list[str]
    """The factions the promise was made to."""
    kind: PromiseKind
    """What was promised: no attack, no entry to their zones, no cards against them, or no outbidding."""
    turn: int
    """The turn the promise was made."""
    text: str
    """The promise in words."""


class TurnRecordView(ViewRecord):
    """The standing at the end of one finished turn."""

    turn: int
    """The turn's number."""
    scores: dict[str, int]
    """Each faction's victory score then (PP held plus the worth of the zones it controlled)."""
    winners: dict[str, VictoryKind]
    """The factions meeting a victory condition then, with which ("standard" or "special")."""


# -- the steps of the turn ---------------------------------------------------------------------


class BiddingView(ViewRecord):
    """The Initiative bidding in progress."""

    high: int | None
    """The highest bid so far, in PP; null before any bid."""
    high_bidder: str | None
    """The faction that made the highest bid; null before any bid."""
    bids: dict[str, int]
    """The highest bid of each faction that has bid (every bidder pays its highest bid)."""
    passes: int
    """How many factions have passed in a row since the last bid."""


class ManeuverView(ViewRecord):
    """The Political Maneuver window at the start of the Initiative Phase."""

    last: str | None
    """The faction that last took the Initiative with a card; null while nobody has."""
    passes: int
    """How many factions have passed in a row since."""


class DraftView(ViewRecord):
    """The Arms Bazaar draft in progress."""

    holder: str
    """The faction holding the packet and choosing a card from it."""
    cards: int
    """How many cards the packet holds."""
    packet: NotRequired[list[str]]
    """The cards of the packet, by name: in the holder's own view only."""


class CoalitionView(ViewRecord):
    """The Coalition Phase in progress."""

    round: int
    """The round of deals, from 1."""
    pos: int
    """Whose turn it is to offer a deal, as a place in this turn's order (0 for the first)."""
    offers: int
    """How many deals have been sent so far this round."""


class DealView(_DealSender, ViewRecord):
    """The deal on the table. Everyone sees who offers it to whom and how far it has got; its
    terms are shown to everyone once it is sent, to its sender alone while it is written. The
    cards given are named to its parties only."""

    to: list[str]
    """The factions the deal is offered to."""
    stage: DealStage
    """How far it has got: "build" (written), "respond" (awaiting answers), "fulfil" (awaiting cards)."""
    answers: list[str]
    """The recipients that have accepted the deal so far."""
    give_pp: NotRequired[int]
    """The PP the sender gives each recipient; shown once the deal is sent, and to its sender."""
    ask_pp: NotRequired[int]
    """The PP the sender asks of the recipient; shown once the deal is sent, and to its sender."""
    ask_cards: NotRequired[int]
    """How many cards of its choice the recipient must give; shown once sent, and to its sender."""
    truce: NotRequired[bool]
    """Whether the deal makes a Truce for this turn; shown once the deal is sent, and to its sender."""
    promises: NotRequired[list[PromiseKind]]
    """The promises the sender makes in the deal; shown once the deal is sent, and to its sender."""
    give_cards: NotRequired[int]
    """How many cards the sender gives; shown to everyone once the deal is sent."""
    terms: NotRequired[str]
    """The whole deal in words: to its sender, and to its recipients once it is sent."""
    give: NotRequired[list[str]]
    """The cards the sender gives, by name: to its sender, and to its recipients once it is sent."""
    taken: NotRequired[list[str]]
    """The cards given so far for the cards asked, by name: in the view of the first recipient only."""


class MoveView(ViewRecord):
    """The move being made in the Action Phase."""

    mode: MoveMode
    """How the units move: "move" (normal), "underground" or "airmobile"."""
    at: str
    """The zone the moving units are in now."""
    units: int
    """How many Security units move (0 until chosen)."""
    steps: int
    """How many zones the move has entered so far."""
    path: list[str]
    """The zones entered so far, in order."""


class CardPlayView(ViewRecord):
    """A card (or a combination of two) whose effects are being carried out in an Action Phase."""

    source: str
    """The card or combination played, by name."""
    target: str | None
    """The faction its effect is aimed at; null while none is (or when it aims at nobody)."""
    zone: str | None
    """The zone its effect concerns; null while none is (or when it concerns none)."""
    target_hand: NotRequired[list[str]]
    """The target's hand, by name, while the player takes cards from it: in the player's view only."""
    peek: NotRequired[list[str]]
    """The next Arab Street cards, by name, while the player orders them: in the player's view only."""


class ActionView(ViewRecord):
    """A faction's turn in the Action Phase."""

    faction: str
    """The faction whose turn it is."""
    step: ActorStep
    """The step of its turn: "recruit" or "move"."""
    moves_left: int
    """How many moves it may still make."""
    underground_used: int
    """How many Underground moves it has made this turn."""
    airmobile_used: int
    """How many Airmobile moves it has made this turn."""
    spawn_security: list[str]
    """The zones where it may recruit Security."""
    spawn_infrastructure: list[str]
    """The zones where it may recruit Infrastructure."""
    playable: NotRequired[list[str]]
    """The cards of its hand it may play now, by name: in its own view only."""
    moving: NotRequired[MoveView]
    """The move it is making, if one is under way."""
    card: NotRequired[CardPlayView]
    """The card it is playing, if one is being carried out (and no move is under way)."""


class PlanView(ViewRecord):
    """A battle plan: the Command, the combat cards and the strength committed."""

    command: str | None
    """The Command card (or the Network card standing in for one), by name; null if none."""
    offense: str | None
    """The Offense card, by name; null if none."""
    defense: str | None
    """The Defense card, by name; null if none."""
    commit: int | None
    """The strength committed; null until chosen."""


class MyPlanView(PlanView):
    """The seat's own battle plan while it is being made (secret until the reveal)."""

    step: PlanStep
    """What the plan needs next: "command", "offense", "defense", "commit", or "ready" when complete."""


class CombatView(ViewRecord):
    """The Combat Phase in progress, and the battle being fought."""

    stage: CombatStage
    """The step: "pick_zone", "pick_foe", "plan" (secret plans), "resolve" or "casualties" (losses)."""
    zone: str | None
    """The zone of the battle; null while none is chosen."""
    ceasefire: list[str]
    """The zones where no battle is fought this turn (Ceasefire)."""
    sides: NotRequired[list[str]]
    """The two factions fighting: present once a battle is set."""
    started_by: NotRequired[str]
    """The faction that started the battle: present once a battle is set."""
    ready: NotRequired[list[str]]
    """The sides whose plans are complete: present once a battle is set."""
    plans: NotRequired[dict[str, PlanView]]
    """Both sides' plans, once revealed: keyed by side."""
    my_plan: NotRequired[MyPlanView]
    """The seat's own plan before the reveal: in the view of a side only."""
    totals: NotRequired[dict[str, int]]
    """Each side's total strength, once the battle is decided."""
    winner: NotRequired[str | None]
    """The side that won the battle, once decided (also while the losses are taken)."""
    neutralized: NotRequired[dict[str, bool]]
    """Whether each side's Command was Neutralized in the battle, once decided."""
    losses: NotRequired[int]
    """How many units the winner loses, while it chooses which."""


# -- interruptions: one record by kind (their "kind" tells them apart) -------------------------


class PendingWindowView(ViewRecord):
    """A card window: cards of one timing may be played, face down, by everyone asked."""

    kind: Literal["window"]
    """What is pending: a card window."""
    timing: WindowTiming
    """When: after an Arab Street card, as combat begins, after plans are revealed, or after a battle."""
    waiting: list[str]
    """The factions still to answer."""


class PendingInfoWarView(ViewRecord):
    """A faction may play InfoWar on a gain of PP."""

    kind: Literal["infowar"]
    """What is pending: an InfoWar chance."""
    seat: str
    """The faction that gained the PP."""
    amount: int
    """How many PP it gained (InfoWar would take as much again from the bank)."""
    source: GainSource
    """Where the gain came from (a battle, Civic Action on the map or off it, a card, the elections)."""


class PendingDiscardView(ViewRecord):
    """A faction discards down to its hand limit, or to make room for a card it buys."""

    kind: Literal["discard"]
    """What is pending: a discard."""
    seat: str
    """The faction discarding."""
    count: int
    """How many cards it discards."""
    to_buy: NotRequired[bool]
    """Present, and true, when it discards to make room for a card it buys."""


class PendingDefectView(ViewRecord):
    """A faction chooses which of its units defect."""

    kind: Literal["defect"]
    """What is pending: a Defection."""
    seat: str
    """The faction whose units defect."""
    count: int
    """How many of its units defect."""


class PendingCeasefireView(ViewRecord):
    """A faction names the zone of its Ceasefire."""

    kind: Literal["ceasefire"]
    """What is pending: a Ceasefire."""
    seat: str
    """The faction naming the zone."""
    count: None
    """Always null (no number concerns a Ceasefire)."""


#: an interruption being answered, told apart by its "kind"
PendingView = Annotated[
    PendingWindowView | PendingInfoWarView | PendingDiscardView | PendingDefectView | PendingCeasefireView,
    Field(discriminator="kind"),
]


class PlacingView(ViewRecord):
    """A faction placing its starting forces (with the option to choose placements)."""

    f: str
    """The faction placing."""
    sec: int
    """The Security units it still has to place."""
    inf: int
    """The Infrastructure units it still has to place."""


class ResultView(ViewRecord):
    """How the game ended."""

    winners: list[str]
    """The winning factions (several share a victory; none in a stalemate nobody wins)."""
    how: dict[str, HowWon]
    """How each winner won: by the "standard" or its "special" condition, or the "stalemate" rule."""
    stalemate: bool
    """Whether the game ended in a stalemate (the Arab Street deck ran out with no victory)."""


class DecisionView(ViewRecord):
    """What the seat is asked now (its prompt says as much): the step asking, its stage, and the
    zone, faction and number of units it concerns."""

    step: DecisionStep
    """The step of the sequence of play asking."""
    stage: DecisionStage | None
    """The stage of that step (of a move, a card's effect, a deal, a plan, a window); null if none."""
    zone: str | None
    """The zone the question concerns; null if none."""
    faction: str | None
    """The other faction the question concerns (the target, the foe, the other party); null if none."""
    units: int | None
    """The number of units (or cards) the question concerns; null if none."""
    steps: int | None
    """For a move, how many zones it has entered so far; null otherwise."""


# -- the whole view ------------------------------------------------------------------------------


class BaghdadView(ViewRecord):
    """What a seat (or a spectator) of Battle for Baghdad may know, as the game builds it."""

    turn: int
    """The turn in progress, from 1 (0 during the set-up)."""
    phase: Phase
    """The phase in progress, by the name of its step ("over" once the game has ended)."""
    players: int
    """The number of factions in play."""
    factions: list[str]
    """The factions in play, in the game's order."""
    table: list[str]
    """The seating around the table, counter-clockwise."""
    order: list[str]
    """This turn's acting order, from the First Player."""
    initiative: str | None
    """The faction holding the Initiative this turn; null before it is decided."""
    first_player: str | None
    """The First Player this turn; null before it is named."""
    first_bidder: str
    """The faction that bids first for the Initiative."""
    card_price: int
    """This turn's price of an Arms Bazaar card, in PP."""
    pp: dict[str, int]
    """The PP each faction holds."""
    hand_counts: dict[str, int]
    """How many cards each faction holds (counting those set face down in a plan or a window)."""
    pools: dict[str, list[int]]
    """Each faction's units not on the map, as [Security, Infrastructure]."""
    active_commands: dict[str, list[str]]
    """Each faction's active Command cards, by name."""
    neutralized: dict[str, list[str]]
    """Each faction's Neutralized Command cards, by name."""
    zones: dict[str, ZoneView]
    """Every zone of the map, by zone id."""
    deck_size: int
    """The cards left in the Arms Bazaar deck."""
    discard_size: int
    """The cards in the Arms Bazaar discard pile."""
    street_left: int
    """The Arab Street cards left in their deck (the game ends after the turn they run out)."""
    street_turned: list[str]
    """The Arab Street cards turned this turn, by name."""
    fortified_holder: str | None
    """The faction holding the Fortified zone this turn (it fights there Incremented); null if none."""
    airports: dict[str, int]
    """The airports each airmobile faction controls this turn."""
    truces: list[list[str]]
    """The pairs of factions in Truce this turn, each pair in name order."""
    promises: list[PromiseView]
    """The promises made in this turn's deals."""
    scores: dict[str, int]
    """Each faction's victory score now: the PP it holds plus the worth of the zones it controls."""
    zones_held: dict[str, int]
    """How many zones each faction controls."""
    standard_victory: StandardVictoryView
    """The standard victory condition."""
    goals: dict[str, GoalView]
    """Each faction's special victory condition and how near it is."""
    progress: dict[str, float]
    """How near each faction is to its special condition, from 0 to 1 (rounded to 3 places)."""
    history: list[TurnRecordView]
    """The standing at the end of each finished turn."""
    extra_moves: dict[str, int]
    """The extra moves factions have this turn (Surge/Jihad)."""
    bidding: NotRequired[BiddingView]
    """The Initiative bidding, while it is in progress."""
    maneuver: NotRequired[ManeuverView]
    """The Political Maneuver window, while it is open."""
    draft: NotRequired[DraftView]
    """The Arms Bazaar draft, while it is in progress."""
    coalition: NotRequired[CoalitionView]
    """The Coalition Phase, while it is in progress."""
    deal: NotRequired[DealView]
    """The deal on the table, while one is being made in the Coalition Phase."""
    action: NotRequired[ActionView]
    """The faction's turn in the Action Phase, while one is in progress."""
    combat: NotRequired[CombatView]
    """The Combat Phase, once its battles are being chosen or fought."""
    pending: NotRequired[PendingView]
    """The interruption being answered (card window, InfoWar, discard, Defection, Ceasefire), if any."""
    placing: NotRequired[PlacingView]
    """The placing of starting forces, while a faction chooses them."""
    result: NotRequired[ResultView]
    """How the game ended, once it has."""
    can_retract: NotRequired[bool]
    """Present, and true, while the seat may still take back its secret answer (never for a spectator)."""
    hand: NotRequired[list[str]]
    """The seat's hand, by name, in name order: in a seat's view only."""
    max_hand: NotRequired[int]
    """The most cards the seat may hold: in a seat's view only."""
    street_known: NotRequired[list[str]]
    """The next Arab Street cards the seat has seen, in drawing order: in a seat's view only."""
    decision: NotRequired[DecisionView]
    """What the seat is asked now: in the view of a seat that must act only."""


class BaghdadSeatView(BaghdadView, SeatView):
    """The whole of state.view(seat) in Battle for Baghdad: the game's view and the keys the
    core adds (the game, the seat, who must act)."""
