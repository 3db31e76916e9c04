"""The typed records of a First Jihad view: what ``view(seat)`` shows (``view.py`` builds them,
the bots, presenters and the research encoding read them, ``docs/schemas/jihad-view.json``
publishes them).

The game has one seat and hides only the order of the undrawn cards, so a spectator's view has
the same keys as the player's (the card's ``happened`` lists the log entries each may read).
The ``advanced`` record is there only in the Advanced Game; ``frame`` names the decision in
progress, one record per kind of decision told apart by its ``k``. Ids are written as names
(``greek`` for a Path, ``upper_egypt`` for a Land, ``byzantium`` for an Empire).
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from consim.core.views import SeatView, ViewRecord
from consim.games.jihad.content import Crossing, Era, ReligionId
from consim.games.jihad.state import Empire, Strength

__all__ = [
    "AbsorbFrame",
    "ActionsFrame",
    "AdvanceFrame",
    "AdvancedView",
    "ArmyView",
    "AttackView",
    "BaqtFrame",
    "BaqtOfferView",
    "BaqtView",
    "BareFrame",
    "CapitalMoveFrame",
    "CapitalView",
    "CardView",
    "CastleView",
    "ChooseFrame",
    "Control",
    "EraFrame",
    "FleetView",
    "FrameView",
    "FrontView",
    "GreatKingView",
    "ImmortalsView",
    "IslamView",
    "JewsView",
    "JihadSeatView",
    "JihadView",
    "JihadWarView",
    "LandView",
    "LastStandView",
    "LootFrame",
    "MujahideenView",
    "OfferView",
    "OutcomeNowView",
    "PathView",
    "RevoltFrame",
    "RouteView",
    "ThemesFrame",
    "TrackView",
    "TruceFrame",
    "TruceOfferView",
]

#: who holds a Land: the Arabs, the player, or neither (a Neutral army stands there)
Control = Literal["arab", "player", "neutral"]
#: the side a Castle or a Capital shows
Side = Literal["strong", "weak"]


# =============================================================================================
# This turn's card
# =============================================================================================


class CardView(ViewRecord):
    """The card drawn this turn: what is printed on it, in words, and what it did so far."""

    number: int
    """The card's printed number, 1 to 50 (the game ends with card 50)."""
    title: str
    """The card's title."""
    era: Era
    """The era the card belongs to (green, yellow, red or black, drawn in that order)."""
    rose: dict[str, str] | None
    """The Hits the card's Rose throws at each Path, keyed by Path id, as printed: a number,
    r and a number (a red number: add a die in the Basic Game), F (a Fitna, no Hits) or F3;
    null for a card without a Rose."""
    rose_words: dict[str, str] | None
    """The same Rose entries explained in words, keyed by Path id; null without a Rose."""
    ap: list[int] | None
    """The Action Points the card gives: [West, East]; null for a card without a Rose."""
    events: list[str]
    """The titles of the card's events in this game (Advanced-only events left out of the Basic
    Game)."""
    events_words: list[str]
    """What each of those events does, in words, in the same order."""
    text: str
    """The card's historical text."""
    happened: list[str]
    """The log entries this seat may read from the card's draw up to the Arab Phase, each with
    its rule number in brackets when it has one."""
    pending: list[str]
    """The titles of the card's events still waiting to be played in this turn's Actions Phase
    (those marked with a triangle)."""


# =============================================================================================
# The Paths and their Lands
# =============================================================================================


class LandView(ViewRecord):
    """One Land of a Path: what is printed on it and what stands there now."""

    id: str
    """The Land's id, as actions and other records name it (with hyphens in actions)."""
    name: str
    """The Land's name."""
    index: int
    """How far the Land lies from Mecca along its Path (1 for the Land next to Mecca)."""
    religion: ReligionId
    """The id of the Land's own religion (before any conversion to Islam)."""
    religion_name: str
    """The name of that religion."""
    faith: str
    """The first word of that religion's name, for tables (Orthodox, Zoroastrian)."""
    apostasy: int
    """The Land's apostasy number: a conversion die at or below it turns the Land Muslim (0: it
    can never be converted)."""
    points: int | None
    """The Outcome Points the Land counts while the Islam marker stands in it; null for a Land
    without them."""
    round: bool
    """Whether the Land is one of the Ends of the Earth (a round Land: never conquered or
    converted, no retreat out of it)."""
    crossing_in: Crossing
    """The kind of Crossing between this Land and the one before it (towards Mecca)."""
    green_box: bool
    """Whether the Land is a Green Box Land (it draws the Mujahideen; Advanced Game)."""
    baqt_flag: Literal["full", "partial"] | None
    """The Baqt flag printed in the Land, if any: where a Full or Partial Baqt is signed."""
    military_heartland: Empire | None
    """The Empire whose Military Heartland this Land is, if any."""
    religious_heartland: Empire | None
    """The Empire whose Religious Heartland this Land is, if any."""
    converted: bool
    """Whether the Land is Muslim now (the Path's Islam marker has reached it)."""
    firmly_muslim: bool
    """Whether the Land is Muslim and behind the Islam marker (Muslim even if it is Disrupted)."""
    castle: str | None
    """The id of the Castle standing in the Land (a key of the view's castles), if any."""
    capital: Empire | None
    """The Empire whose Capital stands in the Land, if any."""
    armies: list[str]
    """The ids of the armies standing in the Land (keys of the view's armies)."""
    control: Control
    """Who holds the Land now: the Arabs, the player, or a Neutral."""


class IslamView(ViewRecord):
    """A Path's Islam marker."""

    at: int
    """The index of the Land the marker stands in (0: still in Mecca)."""
    dis: bool
    """Whether the marker is Disrupted (its Land does not count as Muslim in battle)."""


class AttackView(ViewRecord):
    """What an attack by the Path's army would take now."""

    land: str
    """The name of the Land the attack would retake."""
    cost: int
    """The Action Points the attack costs."""
    dice: int
    """How many dice the attack rolls (with two, the lower one counts)."""
    beat: int
    """The roll plus modifiers must be more than this number (the army's value) to win."""
    possible: bool
    """Whether the army may attack now at all (not Cursed, not shattered)."""


# "from" is a Python keyword: the field is declared the other way, with its description.
_FrontFrom = TypedDict(
    "_FrontFrom",
    {"from": Annotated[str, Field(description="The name of the Land the Arabs invade from, or Mecca.")]},
)


class FrontView(_FrontFrom, ViewRecord):
    """Where the Arabs invade a Path's army from, and what an attack out of its Land would take."""

    crossing: str
    """The Crossing the next invasion comes across (ordinary, mountain, river or straits), or
    "none (besieged)" when the army is besieged in its own Land."""
    muslim: bool
    """Whether the Land the Arabs invade from counts as Muslim in battle."""
    attack: AttackView | None
    """What an attack would take now; null when there is no Land the army could attack."""


class PathView(ViewRecord):
    """One Path out of Mecca: its Lands, its army and Islam marker, and this turn's Hits."""

    id: str
    """The Path's id (greek, med, african, indian, parthian, caucasus)."""
    name: str
    """The Path's name."""
    theater: str
    """The name of the Theater whose Action Points the Path uses (West, East, Africa,
    Caucasus)."""
    active: str | None
    """The id of the army the Arabs face on this Path (a key of the view's armies); null when
    the Path has no army left."""
    islam: IslamView
    """The Path's Islam marker."""
    lands: list[LandView]
    """The Path's Lands, from Mecca outward."""
    front: FrontView | None
    """Where the next invasion comes from and what an attack would take; null when the Path
    has no army."""
    hit_list: list[list[str | int]]
    """What every Arab invasion of this Path adds to the Rose's number now: pairs [what, Hits],
    the Hits a whole number (negative when it takes Hits away); empty without an army."""
    hits: int | None
    """The Hits the Arabs threw on this Path this turn (0 for a Fitna, a Truce or a Full Baqt);
    null until the Arab Phase reaches the Path."""
    full_baqt: bool
    """Whether a Full Baqt keeps the Path at peace (no Hits, no Action Points)."""
    truce: bool
    """Whether the Empire holding the Path is in Truce, so the Path takes no Hits."""


# =============================================================================================
# The pieces
# =============================================================================================


class ArmyView(ViewRecord):
    """One army tile of the player's: where it stands, its face and markers, its value."""

    at: str
    """The id of the place it stands in: a Land, or off (off the map), dead (out of the game) or
    berber_revolt_box."""
    str: Strength
    """Its strength: strong, weak or shattered."""
    cursed: bool
    """Whether it is Cursed (it may not attack)."""
    sieged: bool
    """Whether it is besieged in the Castle of its Land."""
    top: bool
    """Whether it stands on top of a Neutral army."""
    name: str
    """What the player calls it (Byzantines)."""
    title: str
    """Its name told apart from another army of that name by its Path."""
    path: str
    """The id of the Path it belongs to."""
    value: int
    """Its value now: an attack against it must roll more than this."""
    garrison: bool
    """Whether it is a Byzantine Garrison (weak side only)."""
    religion: str | None
    """The name of its faith in battle; null for an army that is Not Religious."""


class CastleView(ViewRecord):
    """A Castle tile: where it is, its side, its owner and its value."""

    at: str
    """The id of the Land it stands in, or out when it is out of play."""
    side: Side
    """The side it shows: strong or weak."""
    owner: Empire
    """The Empire that owns it."""
    kind: Literal["major", "minor"]
    """Whether it is a Major or a Minor Castle."""
    value: int
    """The Hits it absorbs and the Outcome Points it takes away now."""


class CapitalView(ViewRecord):
    """An Empire's Capital."""

    at: str | None
    """The id of the Land it stands in; null once it is destroyed."""
    side: Side
    """The side it shows: strong or weak."""
    value: int
    """The Outcome Points it takes away on the side it shows (while it stands)."""


class TrackView(ViewRecord):
    """A minor power's track: where its marker stands and which face it shows."""

    box: int
    """The box the marker is in: +1 (an extra Hit for the Arabs), 0, or -1."""
    face: str
    """The id of the face the marker shows."""
    name: str
    """The minor power's name."""
    path: str | None
    """The id of the Path whose invasions the marker changes with that face up; null when that
    Path is not in this game."""
    cost: int | None
    """The Action Points needed to appease it (move the marker one box the player's way); null
    for a minor power moved by a Naval Battle instead."""


class FleetView(ViewRecord):
    """The Greek Fleet Blessing."""

    side: str
    """The id of the side it shows: plus_one, or greek_fire (+3)."""
    used: bool
    """Whether it has been used this turn."""


class ImmortalsView(ViewRecord):
    """The Persian Immortals Blessing."""

    side: Literal["elephants", "horse"]
    """The side it shows: elephants (+2) or horse (+1)."""
    used: bool
    """Whether it has been used this turn."""
    gone: bool
    """Whether it has left the game."""


class LastStandView(ViewRecord):
    """An Empire's Last Stand chit."""

    side: Literal["ap", "skill"]
    """The side it shows: extra Action Points, or a point on the Ruler's rating."""
    used: bool
    """Whether it has been cashed (it comes back at the next End of an Era)."""
    gone: bool
    """Whether it has left the game."""


class OutcomeNowView(ViewRecord):
    """The Outcome Points if the game ended now, part by part (fewer is better for the player)."""

    E_kaaba: NotRequired[int]
    """What the Ka'aba Number adds or takes away; only in the Advanced Game."""
    A_islam_circles: int
    """The points of the Lands holding an Islam marker."""
    B_arab_lands: int
    """One point per Land the Arabs control."""
    C_minor_powers: int
    """The sum of the minor powers' boxes."""
    D_armies: int
    """Minus the points of the army each Path's Arabs face (by its strength)."""
    D_castles: int
    """Minus the values of the Castles on the map."""
    D_capitals: int
    """Minus the points of the Capitals standing."""
    sudden_death: bool
    """Whether the player has been driven out of Rome (the game is lost)."""
    total: int
    """The total (at least 56 after a sudden death)."""


# =============================================================================================
# The Advanced Game
# =============================================================================================


class MujahideenView(ViewRecord):
    """The Syrian Mujahideen."""

    at: str
    """The id of the Path they stand on, or casbah when they are at home."""
    side: Literal["tribal", "syrian"]
    """The side they show: tribal or syrian."""


class JihadWarView(ViewRecord):
    """A Jihad in progress."""

    target: Empire
    """The Empire the Jihad is waged against."""
    mode: Literal["alternating", "one_front"]
    """Whether it alternates between the Empire's Paths or stays on one."""
    path: str
    """The id of the Path the Mujahideen fight on now."""
    stop: bool
    """Whether a Fitna stopped the Jihad this turn (an Arabic Stop Sign on its marker)."""


class JewsView(ViewRecord):
    """The Jewish marker."""

    at: str
    """The id of the Land it stands in."""
    side: Literal["plus_one", "minus_one"]
    """The side it shows: one more Hit (plus_one) or one fewer (minus_one) on invasions there
    while the player holds the Land."""


class GreatKingView(ViewRecord):
    """A Great King leading the army of the African or Caucasus Path."""

    path: str
    """The id of the Path he leads on."""
    name: str
    """His name."""
    army: str
    """The id of the army he leads (a key of the view's armies)."""
    new: bool
    """Whether he appeared this turn (no Action Points from him yet)."""


class BaqtView(ViewRecord):
    """A Baqt signed on a Path."""

    kind: Literal["full", "partial"]
    """Whether it is a Full or a Partial Baqt."""
    at: str
    """The id of its flag Land."""


class BaqtOfferView(ViewRecord):
    """A Baqt offered on a Path this turn, for the Diplomacy Step."""

    kind: Literal["baqt"]
    """Always baqt."""
    path: str
    """The id of the Path the Baqt is offered on."""


class TruceOfferView(ViewRecord):
    """A Truce offered to an Empire this turn, for the Diplomacy Step."""

    kind: Literal["truce"]
    """Always truce."""
    empire: Empire
    """The Empire the Truce is offered to."""


#: an offer drawn this turn: a Baqt on a Path or a Truce to an Empire
OfferView = BaqtOfferView | TruceOfferView


class RouteView(ViewRecord):
    """A Trade Route."""

    name: str
    """The route's name."""
    ends: list[str]
    """The names of the two Lands at its ends."""
    open: bool
    """Whether it is open now (the Arabs hold neither end)."""
    room: int | None
    """The Action Points it may still carry this turn; null for no limit."""


class AdvancedView(ViewRecord):
    """The Advanced Game's own pieces and markers."""

    kaaba: int
    """The Ka'aba Number (2 to 8)."""
    kaaba_points: int
    """The Outcome Points the Ka'aba Number adds (or takes away) at the end."""
    syrians_mustered: bool
    """Whether the Syrians have mustered (Damascus converted and card 2 drawn), so that the
    Ka'aba Number may rise."""
    muj: MujahideenView
    """The Mujahideen."""
    jihad: JihadWarView | None
    """The Jihad in progress; null when there is none."""
    stop_sign: str | None
    """The id of the Path under the Arabic Stop Sign this turn, if any."""
    damascus: Literal["christian", "capital"]
    """Whether Damascus is still Christian or has become the Islamic Capital."""
    damascus_bonus: bool
    """Whether the two purple Action Point tokens of Christian Damascus were taken this turn."""
    navy: bool
    """Whether the Muslim Navy is active."""
    sharia: Literal["none", "pending", "active"]
    """Sharia Law: not played, played this turn (rolls from the next), or active."""
    sharia_turn: int | None
    """The turn Sharia Law was played; null before that."""
    jews: JewsView | None
    """The Jewish marker; null until it comes onto the map."""
    zabulistan: Literal["defiant", "subdued", "gone"] | None
    """The Zabulistan marker, placed when the Persian Empire collapses: defiant, subdued or gone;
    null until then."""
    great_king: GreatKingView | None
    """The Great King in play; null when there is none."""
    refugees: dict[str, str]
    """Where each group of Refugees is, by Refugee id: the id of a place."""
    refugees_hosted: dict[str, bool]
    """Whether each group of Refugees benefits the player now, by Refugee id."""
    religion: Literal["orthodox", "catholic", "monophysite"]
    """Byzantium's religion."""
    schism: bool
    """Whether Byzantium is in Schism (its Religion marker shows that side)."""
    baqt: dict[str, BaqtView | None]
    """The Baqt signed on each African or Caucasus Path, by Path id; null where none is."""
    truce: Empire | None
    """The Empire in Truce; null when neither is."""
    jihad_fresh: bool
    """Whether the Jihad was set up this turn and starts only next turn."""
    offers: list[OfferView]
    """The Truce and Baqt offers drawn this turn."""
    trade_used: dict[str, int]
    """The Action Points sent along each Trade Route this turn, by route id (routes not used are
    left out)."""
    routes: dict[str, RouteView]
    """Every Trade Route, by route id."""
    set_aside: list[int]
    """The numbers of the red-star cards set aside for the Rightly Guided Army."""
    umar: bool
    """Whether Caliph Umar I waits for Damascus to be converted."""
    first_turn: bool
    """Whether this is still the first turn (the Monophysite Axis Pact is possible only then)."""


# =============================================================================================
# The decision in progress
# =============================================================================================


class AbsorbFrame(ViewRecord):
    """The player's army absorbs the Hits the Arabs threw, one choice at a time."""

    k: Literal["absorb"]
    """The kind of decision: absorbing Hits."""
    path: str
    """The id of the Path invaded."""
    army: str
    """The id of the army absorbing the Hits."""
    hits: int
    """The Hits still to absorb."""
    curse: bool
    """Whether the army will be Cursed once all Hits are absorbed (it abandoned a Castle)."""


class ActionsFrame(ViewRecord):
    """The Actions Phase: the player spends Action Points, one Theater or Path at a time."""

    k: Literal["actions"]
    """The kind of decision: the Actions Phase."""
    segs: list[str]
    """The parts of the phase in the order they act: a Theater (west, east) or a Path id."""
    seg: int
    """The index in segs of the part acting now."""


class LootFrame(ViewRecord):
    """After a won attack, a weak army may loot."""

    k: Literal["loot"]
    """The kind of decision: whether to loot."""
    army: str
    """The id of the army that won."""


class TruceFrame(ViewRecord):
    """The Arabs offer an Empire a Truce: accept or reject it."""

    k: Literal["truce"]
    """The kind of decision: a Truce offer."""
    empire: Empire
    """The Empire offered the Truce."""


class BaqtFrame(ViewRecord):
    """A Baqt is offered on some Paths: sign or refuse each."""

    k: Literal["baqt"]
    """The kind of decision: a Baqt offer."""
    paths: list[str]
    """The ids of the Paths where a Baqt may be signed, the one decided now first."""


class EraFrame(ViewRecord):
    """An End of an Era: which side each returning Last Stand chit shows."""

    k: Literal["era"]
    """The kind of decision: the sides of the Last Stand chits."""
    empires: list[Empire]
    """The Empires whose chit is still to be turned, the one decided now first."""


class ChooseFrame(ViewRecord):
    """An event lets the player pick one of its options."""

    k: Literal["choose"]
    """The kind of decision: one option of an event."""
    ref: list[int]
    """Where the event is: the card's number, then the event's index on it (and, within a
    choice, the option and the effect inside it)."""


class ThemesFrame(ViewRecord):
    """Iconoclasm: the Byzantine Themes may be raised in one of some Lands."""

    k: Literal["themes"]
    """The kind of decision: where to raise the Themes."""
    lands: list[str]
    """The ids of the Lands the Themes may be raised in."""


class CapitalMoveFrame(ViewRecord):
    """An event lets the player move an Empire's Capital."""

    k: Literal["capital_move"]
    """The kind of decision: where the Capital goes."""
    empire: Empire
    """The Empire whose Capital may move."""
    lands: list[str]
    """The ids of the Lands it may move to."""


class AdvanceFrame(ViewRecord):
    """Retrenchment: where a conversion roll failed, an army may advance for free."""

    k: Literal["advance"]
    """The kind of decision: a free advance."""
    paths: list[str]
    """The ids of the Paths still to decide on, where a conversion roll failed this turn."""


class RevoltFrame(ViewRecord):
    """A Revolt or a Great King may break the Full Baqt on a Path."""

    k: Literal["revolt"]
    """The kind of decision: break the Full Baqt or keep the peace."""
    path: str
    """The id of the Path under the Full Baqt."""
    ap: int
    """The Action Points of the Great King the Revolt would bring."""
    name: str
    """The name of the Great King the Revolt would bring; empty when none."""


class BareFrame(ViewRecord):
    """A decision that needs nothing more than its kind: the Ecumenical Council (Byzantium's
    religion), breaking a Truce, or moving the Icons."""

    k: Literal["council", "violate", "icons"]
    """The kind of decision: council, violate (break a Truce) or icons (move the Icons)."""


#: the decision in progress, told apart by its ``k``
FrameView = Annotated[
    AbsorbFrame
    | ActionsFrame
    | LootFrame
    | TruceFrame
    | BaqtFrame
    | EraFrame
    | ChooseFrame
    | ThemesFrame
    | CapitalMoveFrame
    | AdvanceFrame
    | RevoltFrame
    | BareFrame,
    Field(discriminator="k"),
]


# =============================================================================================
# The whole view
# =============================================================================================


class JihadView(ViewRecord):
    """What the player (or a spectator) may know of a First Jihad position: the whole board, the
    card of this turn, how many cards of each era are left (never their order), and what the
    rules make of the position now."""

    advanced: NotRequired[AdvancedView]
    """The Advanced Game's pieces; only in the Advanced Game."""
    turn: int
    """The turn number: each turn draws a card (0 before the first)."""
    card: CardView | None
    """The card drawn this turn; null before the first draw."""
    played: list[int]
    """The numbers of the cards drawn so far, in the order drawn (this turn's card last)."""
    deck_remaining: dict[str, int]
    """How many undrawn cards of each era are left, by era (green, yellow, red, black)."""
    paths: list[PathView]
    """Every Path of the game, in the order of the Rose (counter-clockwise from the Greek
    Path)."""
    armies: dict[str, ArmyView]
    """Every army tile of the player's, by army id."""
    castles: dict[str, CastleView]
    """Every Castle tile, by Castle id."""
    capitals: dict[str, CapitalView]
    """Each Empire's Capital, by Empire (byzantium, persia)."""
    tracks: dict[str, TrackView]
    """Each minor power's track, by its id (bulgars, cyprus, tibet, socotra)."""
    rulers: dict[str, int | None]
    """Each Empire's Ruler rating, by Empire; null once it has no Ruler any more."""
    ruler_titles: dict[str, str]
    """Each Empire's Ruler as the player reads it (Byzantine Emperor, Persian Shah), by Empire."""
    ap: dict[str, int]
    """The Action Points banked in each Theater of the game, by Theater id (west, east, and in
    the Advanced Game african and caucasus)."""
    ap_limits: dict[str, int]
    """The most Action Points each Theater may hold now, by Theater id."""
    divided: dict[str, bool]
    """Whether the West and the East are Divided, by Theater id (west, east)."""
    fleet: FleetView
    """The Greek Fleet."""
    fleet_drm: int
    """What the Greek Fleet adds to a die on the side it shows."""
    immortals: ImmortalsView
    """The Persian Immortals."""
    icons: str | None
    """The id of the place the Icons are in (available: the Available Blessings box); null once
    they are lost."""
    themes: str | None
    """The id of the Land of the Byzantine Themes; null while they are not raised."""
    last_stand: dict[str, LastStandView]
    """Each Empire's Last Stand chit, by Empire."""
    tokens: dict[str, int]
    """The bonus Action Point tokens held, by colour (red, blue, purple)."""
    mecca_strong: bool
    """Whether the Mecca tile shows its strong side (one more Hit on invasions out of Mecca)."""
    berbers_catholic: bool
    """Whether the Berbers have turned Catholic (after the Munnuza event)."""
    landing: bool
    """Whether an Amphibious Landing waits to add 1 to the next Greek or Med attack."""
    spent: dict[str, int]
    """The Action Points spent on each Path this turn, by Path id."""
    pending_events: list[list[int]]
    """The events waiting to be played in the Actions Phase, each as [card number, event
    index] (or a longer path into a choice)."""
    frame: FrameView | None
    """The decision the player faces now; null when the player is not deciding (the game is
    over, or between decisions)."""
    over: Literal["rome", "card50"] | None
    """How the game ended: driven out of Rome (rome) or with card 50 (card50); null while it
    goes on."""
    outcome_now: OutcomeNowView
    """The Outcome Points if the game ended now."""


class JihadSeatView(JihadView, SeatView):
    """The whole of state.view(seat) in The First Jihad: the game's view and the keys the
    core adds (the game, the seat, who acts)."""
