"""The mutable state of a First Jihad game, as typed records (no rules here).

Content ids are small ints (see ``content.JihadTables``), written by name in saved games: a
``Place`` is a Land of the map or an off-map place (``off``, ``dead``, the Berber Revolt box,
``out`` for a destroyed Castle, ``available`` for the Icons); a ``PathRef`` indexes this game's
Paths; an ``ArmyRef`` its army tiles. Cards are their printed numbers. Empires, Theaters and
bonus-token colours are indexed by the fixed constants of ``content`` (``BYZANTIUM``, ``WEST``,
``RED``...). What a step of the sequence of play is doing lives in its frame (``rules/``); what
lasts from step to step lives here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar, Literal

from consim.core.data import Data, Name, Ref
from consim.core.flow import Frame
from consim.core.game import State
from consim.games.jihad.content import JihadTables

Place = Annotated[int, Ref("place")]
PathRef = Annotated[int, Ref("path")]
ArmyRef = Annotated[int, Ref("army")]
Strength = Literal["strong", "weak", "shattered"]
Empire = Literal["byzantium", "persia"]
#: a reference to an event: (card, effect) or (card, effect, option, effect within it, ...)
EffectRef = tuple[int, ...]


@dataclass(slots=True)
class Army(Data):
    """An army tile: where it is, its face, and its markers [7.3, 7.4.3, 7.5, 7.6]."""

    at: Place
    strength: Strength = "strong"
    cursed: bool = False
    #: [7.4.3] besieged in the Castle of its Land
    sieged: bool = False
    #: [7.5] on top of a Neutral army
    top: bool = False


@dataclass(slots=True)
class Castle(Data):
    """[7.4.3, 8.7] a Castle in a Land, or ``out`` of play."""

    at: Place
    side: Literal["strong", "weak"] = "strong"
    owner: Empire = "byzantium"


@dataclass(slots=True)
class Capital(Data):
    """[7.4.2, 8.8] an Empire's Capital (``at`` None: destroyed)."""

    at: Place | None
    side: Literal["strong", "weak"] = "strong"


@dataclass(slots=True)
class Islam(Data):
    """[10.2] a Path's Islam marker: the Land index it stands in (0 = Mecca), and Disrupted."""

    at: int = 0
    dis: bool = False


#: a minor power's face (its id in the content, as "indian"), checked on restore
Face = Annotated[str, Name("minor power's face")]
#: a Great King's name (a card's, a Revolt's, the Pact's), checked on restore
KingName = Annotated[str, Name("Great King")]


@dataclass(slots=True)
class Track(Data):
    """[13.1] a minor power's marker: its box (+1, 0, -1) and face."""

    box: int
    face: Face


@dataclass(slots=True)
class LastStand(Data):
    """[6.4, 8.14] an Empire's Last Stand chit."""

    side: Literal["ap", "skill"] = "ap"
    used: bool = False
    gone: bool = False


@dataclass(slots=True)
class Fleet(Data):
    """[12.1, 8.5] the Greek Fleet Blessing."""

    side: Annotated[str, Name("side of the Greek Fleet")] = "plus_one"
    used: bool = False


@dataclass(slots=True)
class Immortals(Data):
    """[9.5.1, 8.12] the Immortals Blessing."""

    side: Literal["elephants", "horse"] = "elephants"
    used: bool = False
    gone: bool = False


@dataclass(frozen=True, slots=True)
class FleetFree(Data):
    """[8.13] a ▲ event keeps the Greek Fleet from going to Used this turn on these Paths."""

    paths: tuple[PathRef, ...]
    ignore_cyprus: bool


@dataclass(slots=True)
class JihadWar(Data):
    """[17.6] a Jihad: its target Empire, mode, the Mujahideen's Path, and the Arabic Stop Sign
    placed on the Jihad marker by a Fitna this turn (7.1.2)."""

    target: Empire
    mode: Literal["alternating", "one_front"]
    path: PathRef
    stop: bool = False


@dataclass(frozen=True, slots=True)
class Jews(Data):
    """[19.1] the Jewish marker."""

    at: Place
    side: Literal["plus_one", "minus_one"]


@dataclass(slots=True)
class GreatKing(Data):
    """[16.5] a Great King leading the active army of an African or Caucasus Path; ``new`` on
    the turn he appears (no 16.1 AP then)."""

    path: PathRef
    name: KingName
    army: ArmyRef
    new: bool = True


@dataclass(frozen=True, slots=True)
class Baqt(Data):
    """[16.3] a Baqt signed on a Path: Full or Partial, and its flag Land."""

    kind: Literal["full", "partial"]
    at: Place


@dataclass(frozen=True, slots=True)
class Offer(Data):
    """[14.10] a Truce (``empire``) or Baqt (``path``) offer drawn this turn."""

    kind: Literal["truce", "baqt"]
    empire: Empire | None = None
    path: PathRef | None = None


@dataclass(slots=True)
class Advanced(Data):
    """[15.3] the Advanced Game's extra state (the tiles marked with a red box)."""

    #: [17.1.1, 17.2] the Ka'aba Number, 2-8
    kaaba: int = 2
    #: [17.1, 17.4] the Mujahideen: the Path they stand on (None: the Casbah), and their side
    muj_at: PathRef | None = None
    muj_side: Literal["tribal", "syrian"] = "tribal"
    jihad: JihadWar | None = None
    #: [15.5] the Path under the Arabic Stop Sign this turn
    stop_sign: PathRef | None = None
    #: [21.2] Christian Damascus, or (21.2.1) the Islamic Capital
    damascus: Literal["christian", "capital"] = "christian"
    #: [21.2] the two purple AP taken this turn
    damascus_bonus: bool = False
    #: [21.1] the Muslim Navy is active
    navy: bool = False
    #: [18.1] Sharia Law: none, pending (played this turn, ``sharia_turn``) or active
    sharia: Literal["none", "pending", "active"] = "none"
    sharia_turn: int | None = None
    jews: Jews | None = None
    #: [14.6.2, 18.3]
    zabulistan: Literal["defiant", "subdued", "gone"] | None = None
    great_king: GreatKing | None = None
    #: [19.2] where each Refugee is (by ``REFUGEES``)
    refugees: list[Place] = field(default_factory=list)
    #: [20.1] the Byzantine Religion marker
    religion: Literal["orthodox", "catholic", "monophysite"] = "orthodox"
    #: [20.2] the marker shows its Schism side
    schism: bool = False
    #: [16.3] the Baqt signed on each Path (None on the Paths without one)
    baqt: list[Baqt | None] = field(default_factory=list)
    #: [22.1] the Empire in Truce
    truce: Empire | None = None
    #: [22.2] a Jihad set up in this turn's Truce step starts next turn
    jihad_fresh: bool = False
    #: [14.10] Truce and Baqt offers drawn this turn
    offers: list[Offer] = field(default_factory=list)
    #: [21.4.3] AP sent on each Trade Route this turn (by route)
    trade_used: list[int] = field(default_factory=list)
    #: [3.2.1] red-star cards waiting for the Rightly Guided Army
    set_aside: list[int] = field(default_factory=list)
    #: [17.1.2] Caliph Umar I waits for Damascus to convert
    umar: bool = False
    #: [20.4] the Monophysite Axis Pact is possible on turn 1 only
    first_turn: bool = True


@dataclass(slots=True)
class JihadData(Data):
    """The position between two steps of the sequence of play."""

    turn: int = 0
    #: [3.2, 3.3] the undrawn cards, top first
    deck: list[int] = field(default_factory=list)
    played: list[int] = field(default_factory=list)
    #: this turn's card
    card: int | None = None
    #: the log entry that drew this turn's card: the view shows what happened since (6.0)
    drawn_at: int = 0
    armies: list[Army] = field(default_factory=list)
    castles: list[Castle] = field(default_factory=list)
    #: by Empire
    capitals: list[Capital] = field(default_factory=list)
    #: by Path
    islam: list[Islam] = field(default_factory=list)
    #: by track (set-up order)
    tracks: list[Track] = field(default_factory=list)
    #: [11.1] each Empire's Ruler rating (None: no Ruler any more)
    rulers: list[int | None] = field(default_factory=list)
    #: [6.3] AP by Theater
    ap: list[int] = field(default_factory=list)
    #: [14.6.1] West and East Divided
    divided: list[bool] = field(default_factory=list)
    fleet: Fleet = field(default_factory=Fleet)
    immortals: Immortals = field(default_factory=Immortals)
    #: [12.2] where the Icons are (``available``), or None once lost
    icons: Place | None = None
    #: [12.4] the Land of the Byzantine Themes
    themes: Place | None = None
    #: [12.3, 2.1.6.2] the Themes were raised once (one tile)
    themes_spent: bool = False
    #: by Empire
    last_stand: list[LastStand] = field(default_factory=list)
    #: [6.3.3] bonus AP tokens by colour
    tokens: list[int] = field(default_factory=list)
    #: [8.5.3] after Munnuza (card 42)
    berbers_catholic: bool = False
    #: [2.1.5.4] the Mecca tile shows its Strong side
    mecca_strong: bool = False
    #: [8.13] ▲ events waiting for the Actions Phase
    pending: list[EffectRef] = field(default_factory=list)
    fleet_free: FleetFree | None = None
    #: [8.5.3] an Amphibious Landing waits for the next Greek or Med attack
    landing: bool = False
    #: [8.2.2] AP spent on each Path this turn
    spent: list[int] = field(default_factory=list)
    #: [7.2] the Hits thrown on each Path this turn (0 for a Fitna, a Truce or a Full Baqt;
    #: None until the Arab Phase reaches the Path)
    hits: list[int | None] = field(default_factory=list)
    #: how the game ended: driven out of Rome (5.1) or card 50 (5.2)
    over: Literal["rome", "card50"] | None = None
    adv: Advanced | None = None


class JihadState(State):
    """A position of The First Jihad."""

    __slots__ = ()
    data: JihadData
    tables: JihadTables
    data_type: ClassVar[type[Data]] = JihadData

    def push(self, frame: Frame[Any]) -> None:
        """Start a nested procedure; nothing starts once the game is over (5.1, 5.2)."""
        if self.data.over is None:
            self.stack.append(frame)

    def push_named(self, name: str, **fields: Any) -> Frame[Any]:
        """Push a frame of another rules module by its registered name (unless the game is over)."""
        frame = State.push_named(self, name, **fields)
        if self.data.over is not None:
            self.stack.pop()
        return frame


__all__ = [
    "Advanced",
    "Army",
    "ArmyRef",
    "Baqt",
    "Capital",
    "Castle",
    "EffectRef",
    "Empire",
    "Fleet",
    "FleetFree",
    "GreatKing",
    "Immortals",
    "Islam",
    "Jews",
    "JihadData",
    "JihadState",
    "JihadWar",
    "LastStand",
    "Offer",
    "PathRef",
    "Place",
    "Strength",
    "Track",
]
