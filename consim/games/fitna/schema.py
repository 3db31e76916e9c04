"""Fitna's content schema: typed models of its files (the map, the counters, the cards and
the scenarios), validated at load time with file:line errors, and their loading.

The printed components are not public. Every value that is not stated by the rulebooks or a
public source is a reconstruction, marked in the data (``reconstructed`` lists the fields
reconstructed, ``note`` says why: :class:`consim.core.content.Sourced`) and argued in
``content/PROVENANCE.md``.

Identifiers are lower-case snake case (``mosul``, ``iraq_9_arm_div``); names are what a
player reads. ``consim.games.fitna.content`` re-exports every public name of this module.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal, get_args

from pydantic import Field, ValidationInfo, field_validator, model_validator

from consim.core.content import FileProvenance, Sourced, load_model
from consim.games.fitna.vocabulary import (
    CardTag,
    ColourGroup,
    Country,
    Force,
    Handler,
    KurdishFaction,
    Terrain,
    UnitSize,
    VictoryHandler,
    _Strict,
)

CONTENT_DIR = Path(__file__).parent / "content"

# =============================================================================================
# The map [2.1]
# =============================================================================================


class Space(Sourced):
    """One of the 115 spaces."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str = Field(min_length=1)
    country: Country
    terrain: Terrain
    #: [2.1] what the space contains
    city: bool = False
    oilfield: bool = False
    #: [2.1, 31.1] a holy site (Karbala and Najaf are the religious cities worth 4 VP)
    holy: bool = False
    #: [2.1, 31.1] outlined in red: a political, economic or strategic objective (3 VP)
    objective: bool = False
    #: [2.1, 18.2] the printed defence bonus: 1 or 2 column shifts in the defender's favour
    defence: Literal[0, 1, 2] = 0
    #: [14.8, 25.2] the IS symbol (Sunni tribal areas)
    is_symbol: bool = False
    #: [14.7, 26.0] the Kurdish faction whose name the space bears
    kurdish: KurdishFaction | None = None
    #: [14.x] the forces for which this space is a supply source (a "source in the country's
    #: colour"); special sources (Tartus for Russia, Incirlik for the US...) are listed here too
    supply: list[Force] = Field(default_factory=list)
    #: [31.1] on the Mediterranean coast (the Iranian bonus)
    coastal: bool = False
    #: where the space lies, for drawing the map and checking its geography: real latitude and
    #: longitude of the place the space stands for (degrees)
    lat: float = Field(ge=27.0, le=40.0)
    lon: float = Field(ge=33.0, le=50.0)


class MapFile(_Strict):
    provenance: FileProvenance
    spaces: list[Space]
    #: [2.1] the dark grey lines: pairs of space ids, each link once
    links: list[tuple[str, str]]

    @model_validator(mode="after")
    def _consistent(self) -> MapFile:
        ids = [s.id for s in self.spaces]
        if len(set(ids)) != len(ids):
            dupes = sorted({i for i in ids if ids.count(i) > 1})
            raise ValueError(f"space ids used twice: {', '.join(dupes)}")
        known = set(ids)
        seen: set[frozenset[str]] = set()
        for a, b in self.links:
            for end in (a, b):
                if end not in known:
                    raise ValueError(f"link {a}-{b} names an unknown space {end!r}")
            if a == b:
                raise ValueError(f"link {a}-{b} joins a space to itself")
            pair = frozenset((a, b))
            if pair in seen:
                raise ValueError(f"link {a}-{b} is listed twice")
            seen.add(pair)
        return self


# =============================================================================================
# The counters [3.0-3.3, 25.1, 26.1]
# =============================================================================================


class Values(_Strict):
    """Printed combat values of one side of a counter."""

    #: [3.2] attack strength; ``None`` for a static garrison, which may not attack (26.1)
    attack: int | None = Field(default=None, ge=0, le=20)
    defence: int = Field(ge=0, le=20)
    #: [3.2] movement allowance; ``None`` for IS counters ("X": they move only by winning an
    #: offensive, 25.1) and for static garrisons (26.1); airmobile units move 3 normally (17.2)
    movement: int | None = Field(default=None, ge=0, le=8)


class Counter(Sourced):
    """A combat unit counter (markers are counted separately)."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    #: the unit's designation as printed ("9 Arm Div", "Al Baghdadi")
    name: str = Field(min_length=1)
    force: Force
    colour: ColourGroup
    size: UnitSize
    full: Values
    #: the reduced side (pale strip); ``None`` for one-step units (IS counters, decoys)
    reduced: Values | None = None
    #: [17.2] "A": airmobile (standard airmobile movement or airmobile assault)
    airmobile: bool = False
    #: [3.0, 18.4] armour (tank silhouette, red movement factor): may exploit a breakthrough
    armour: bool = False
    #: [23.1] "L": stays loyal in a coup
    loyal: bool = False
    #: [25.1] an IS decoy: removed when turned over for combat
    decoy: bool = False
    #: [25.1] the Al Baghdadi counter (IS staff and elite division; 2 steps, moves with OPs)
    al_baghdadi: bool = False
    #: [27.1, 28.0] the wave of a US or Russian intervention it arrives with (1: at once,
    #: 2: the following turn)
    wave: Literal[1, 2] | None = None
    #: [15.0, 24.0] an Iranian Hezbollah unit (arrives anywhere friendly; not hit by the War in
    #: Lebanon, which strikes the Lebanese Hezbollah)
    iranian: bool = False

    @property
    def steps(self) -> int:
        """[3.0, 18.5] two steps, or one for a counter without a reduced side."""
        return 1 if self.reduced is None else 2

    @property
    def static(self) -> bool:
        """[26.1] a garrison: may not attack, moves only when forced to retreat."""
        return self.size == "garrison"


class MarkerSet(Sourced):
    """How many of one kind of marker the game holds (they count in the 288 counters)."""

    kind: Literal[
        "turn",
        "tension",
        "isolated",
        "entrenchment",
        "joker",
        "ops_movement",
        "ops_combat",
        "card_effect",
        "control",
        "other",
    ]
    #: for a Joker counter, the force it belongs to (9.0: one per nationality)
    force: Force | None = None
    count: int = Field(ge=1, le=60)
    name: str = ""


class CountersFile(_Strict):
    provenance: FileProvenance
    counters: list[Counter]
    markers: list[MarkerSet]

    @model_validator(mode="after")
    def _consistent(self) -> CountersFile:
        ids = [c.id for c in self.counters]
        if len(set(ids)) != len(ids):
            dupes = sorted({i for i in ids if ids.count(i) > 1})
            raise ValueError(f"counter ids used twice: {', '.join(dupes)}")
        return self


# =============================================================================================
# The cards [8.0-10.0]
# =============================================================================================

#: [8.1, 25.3, 26.3] the symbols that let IS and the Kurds use an Asset card
CardSymbol = Literal["is", "kurdish"]


class ColumnShift(_Strict):
    """[18.2, 18.3] Asset: column shifts in the favour of the side that plays it, for one
    offensive (or the whole turn, ``lasts: turn``)."""

    type: Literal["shift"] = "shift"
    columns: int = Field(ge=1, le=5)
    #: who may play it: the attacker, the defender, or either
    side: Literal["attacker", "defender", "either"] = "either"
    lasts: Literal["offensive", "turn"] = "offensive"


class Cancel(_Strict):
    """Reaction: cancels a card an opponent has just played (it is lost), e.g. an Asset in an
    offensive, or an Event (Counter-Insurgency, 25.5; Kurdish Rivalry, 26.5)."""

    type: Literal["cancel"] = "cancel"
    #: what it cancels: card names, or tags ("air" for air-power cards, ...), checked at load
    targets: list[str] = Field(min_length=1)
    #: a further effect of the cancellation (provenance/cards.md section 7)
    then: Literal["", "no_daesh_this_turn", "no_peshmerga_until_next_turn", "hackers_strike_back"] = ""

    @field_validator("targets")
    @classmethod
    def _named(cls, targets: list[str], info: ValidationInfo) -> list[str]:
        # the deck's names, when the cards file is read with a context (its line is then given)
        names = (info.context or {}).get("card_names")
        if names is not None:
            for target in targets:
                if target not in names and target not in get_args(CardTag):
                    raise ValueError(
                        f"{target!r} is neither a card's name nor a tag ({', '.join(get_args(CardTag))})"
                    )
        return targets


class Strike(_Strict):
    """Event (or Asset before an offensive): strikes on enemy spaces, each removing steps."""

    type: Literal["strike"] = "strike"
    spaces: int = Field(ge=1, le=6)
    steps: int = Field(ge=1, le=3)
    #: how far from a friendly unit the space may be (None: anywhere on the map)
    reach: int | None = Field(default=None, ge=1, le=10)


class Reinforcements(_Strict):
    """[15.0] Event: draw a card, then take the next batch of reinforcements (once a turn) or
    replacements (rebuild one destroyed unit, or restore two reduced units)."""

    type: Literal["reinforcements"] = "reinforcements"


class Entrench(_Strict):
    """[19.0] Event: place entrenchments on supplied, controlled spaces."""

    type: Literal["entrench"] = "entrench"
    count: int = Field(ge=1, le=3)


class TensionChange(_Strict):
    """[22.0] International Tension moves by ``change``."""

    type: Literal["tension"] = "tension"
    change: int = Field(ge=-3, le=3)


class DrawCards(_Strict):
    """The player draws cards from the piles of his choice."""

    type: Literal["draw"] = "draw"
    count: int = Field(ge=1, le=3)


class OpponentLosesCards(_Strict):
    """An opponent chosen by the player loses cards from his hand (at random, or chosen by
    the player who plays the card; ``take``: the player keeps them)."""

    type: Literal["lose_cards"] = "lose_cards"
    count: int = Field(ge=1, le=3)
    random: bool = True
    take: bool = False


class ExtraOps(_Strict):
    """Operation Points beyond those of the cards spent in Planning (16.0)."""

    type: Literal["extra_ops"] = "extra_ops"
    amount: int = Field(ge=1, le=8)


class RevealStack(_Strict):
    """[30.0] Reveal the composition of enemy stacks (Armed Drones)."""

    type: Literal["reveal"] = "reveal"
    stacks: int = Field(ge=1, le=3)


Effect = Annotated[
    ColumnShift
    | Cancel
    | Strike
    | Reinforcements
    | Entrench
    | TensionChange
    | DrawCards
    | OpponentLosesCards
    | ExtraOps
    | RevealStack
    | Handler,
    Field(discriminator="type"),
]


class Card(Sourced):
    """One of the 95 cards."""

    number: int = Field(ge=1, le=95)
    name: str = Field(min_length=1)
    #: [8.1, 8.2] Asset (red title) or Event (blue title)
    kind: Literal["asset", "event"]
    #: [8.0, 16.0] Operation Points
    ops: Literal[4, 6, 8]
    #: [8.3] a High International Tension card (in play from tension 5)
    high_tension: bool = False
    #: [8.1] IS / Kurdish symbols
    symbols: list[CardSymbol] = Field(default_factory=list)
    #: forces whose player alone may play it (empty: anyone; #19: Syria and IS, 8.1)
    usable_by: list[Force] = Field(default_factory=list)
    #: [8.2, 13.0] may not be played before this turn
    min_turn: int = Field(default=1, ge=1, le=12)
    #: [8.2] may be played only after these cards have been played
    requires: list[int] = Field(default_factory=list)
    #: [8.2] removed from the game once played as an event
    removed_after_event: bool = False
    #: scenarios where its event may be played (empty: all); #41, #67, #68 (23.2, 23.3, 24.0)
    scenarios: list[int] = Field(default_factory=list)
    #: [34.0] may not be cancelled by another card
    negatable: bool = True
    #: the card's text, in our own words: what a player reads
    text: str = Field(min_length=1)
    #: what it does
    effects: list[Effect] = Field(min_length=1)


class SpecialJoker(Sourced):
    """[10.0] A Special Joker card: strikes without standard cards, cannot be cancelled,
    removed once played."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    #: the force whose player holds it (Israel, Iran, Hezbollah, Russia, US)
    force: Force
    text: str = Field(min_length=1)
    effects: list[Effect] = Field(min_length=1)


class CardsFile(_Strict):
    provenance: FileProvenance
    #: the cards of each tag (the ``asset`` tag is worked out: every Asset that may be cancelled)
    tags: dict[Literal["air", "missile", "drone", "cyber", "terror"], list[int]]
    cards: list[Card]
    special_jokers: list[SpecialJoker]

    @model_validator(mode="before")
    @classmethod
    def _names(cls, data: Any, info: ValidationInfo) -> Any:
        """Hand the cards' names to the Cancel effects' checks (through the context)."""
        if isinstance(info.context, dict) and isinstance(data, dict) and isinstance(data.get("cards"), list):
            info.context["card_names"] = {c.get("name") for c in data["cards"] if isinstance(c, dict)}
        return data

    @model_validator(mode="after")
    def _consistent(self) -> CardsFile:
        numbers = [c.number for c in self.cards]
        if sorted(numbers) != list(range(1, len(numbers) + 1)):
            missing = sorted(set(range(1, 96)) - set(numbers))
            raise ValueError(f"card numbers must run 1..95 once each (missing or repeated: {missing[:10]})")
        for c in self.cards:
            for n in c.requires:
                if n not in numbers:
                    raise ValueError(f"card #{c.number} requires unknown card #{n}")
        for tag, members in self.tags.items():
            unknown = sorted(set(members) - set(numbers))
            if unknown:
                raise ValueError(f"tag {tag!r} lists unknown cards {unknown}")
        names = {c.name for c in self.cards}
        tags = set(get_args(CardTag))
        for c in self.cards:
            for e in c.effects:
                if isinstance(e, Cancel):
                    for target in e.targets:
                        if target not in names and target not in tags:
                            raise ValueError(
                                f"card #{c.number} cancels {target!r}, neither a card's name nor a tag "
                                f"({', '.join(sorted(tags))})"
                            )
        return self


# =============================================================================================
# The scenarios [32.0, 33.0]
# =============================================================================================


class SeatDef(Sourced):
    """A player of a scenario and what he plays."""

    #: the seat's name, as players and the engine use it ("Syria", "Israel", "Coalition")
    name: str = Field(pattern=r"^[A-Z][A-Za-z ]*$")
    #: [20.0] the forces this player controls at the start (militias and rebels by the rules of
    #: 20.0 unless the scenario says otherwise; the US and Russia may come later, 27.1, 28.0)
    forces: list[Force] = Field(min_length=1)
    #: [5.0] the countries whose empty spaces this player controls at the start
    countries: list[Country] = Field(default_factory=list)
    #: [9.0] Joker counters at the start (two for each player in some 2-player scenarios)
    jokers: int = Field(default=1, ge=0, le=3)
    #: [10.0] the ids of the Special Jokers this player holds at the start
    special_jokers: list[str] = Field(default_factory=list)
    #: [13.0, 16.0] free Operation Points in the first turn
    free_ops_turn1: int = Field(default=0, ge=0, le=16)


def _known(kind: str, value: str, info: ValidationInfo) -> str:
    """Check a reference to another content file (map spaces, counters) when loading with
    the other files at hand (``load_content`` passes them as the validation context)."""
    context = info.context or {}
    names: set[str] | None = context.get(kind)
    if names is not None and value not in names:
        raise ValueError(f"unknown {kind[:-1]} {value!r}")
    return value


class Placement(_Strict):
    """[6.0] A counter set up on the map (or left in the force pool's replacements section)."""

    counter: str
    #: the space it starts on; ``None``: eliminated at the start (rebuildable, 15.0)
    space: str | None
    reduced: bool = False

    @field_validator("counter")
    @classmethod
    def _counter(cls, v: str, info: ValidationInfo) -> str:
        return _known("counters", v, info)

    @field_validator("space")
    @classmethod
    def _space(cls, v: str | None, info: ValidationInfo) -> str | None:
        return None if v is None else _known("spaces", v, info)


class Batch(Sourced):
    """[15.0] A batch of reinforcements: the counters that arrive together."""

    counters: list[str] = Field(min_length=1)

    @field_validator("counters")
    @classmethod
    def _counters(cls, v: list[str], info: ValidationInfo) -> list[str]:
        return [_known("counters", c, info) for c in v]


def _spaces(v: list[str], info: ValidationInfo) -> list[str]:
    return [_known("spaces", s, info) for s in v]


class ControlSpaces(_Strict):
    """The seat controls these spaces (all of them, or at least ``count``)."""

    type: Literal["control"] = "control"
    spaces: list[str] = Field(min_length=1)
    count: int | None = Field(default=None, ge=1)

    _check = field_validator("spaces")(_spaces)


class ControlCount(_Strict):
    """The seat controls at least ``count`` spaces of these countries (31.0: "13 Syrian
    spaces")."""

    type: Literal["control_count"] = "control_count"
    countries: list[Country] = Field(min_length=1)
    count: int = Field(ge=1, le=115)


class DenySpaces(_Strict):
    """None of ``spaces`` is controlled by ``by`` (a seat name, or "is" / "kurds")."""

    type: Literal["deny"] = "deny"
    spaces: list[str] = Field(min_length=1)
    by: str

    _check = field_validator("spaces")(_spaces)


class HoldUnits(_Strict):
    """At least ``count`` units of ``forces`` are on the map (on spaces of the given Kurdish
    faction names, if any: the Kurdish "bases" of scenario 7)."""

    type: Literal["hold_units"] = "hold_units"
    forces: list[Force] = Field(min_length=1)
    count: int = Field(ge=1, le=60)
    on_kurdish: list[KurdishFaction] = Field(default_factory=list)


class VPMargin(_Strict):
    """[31.1] The seat leads every other seat by at least ``margin`` Victory Points."""

    type: Literal["vp_margin"] = "vp_margin"
    margin: int = Field(ge=1, le=60)


Condition = Annotated[
    ControlSpaces | ControlCount | DenySpaces | HoldUnits | VPMargin | VictoryHandler,
    Field(discriminator="type"),
]


class SeatVictory(Sourced):
    """[31.0] A seat's victory: prerequisites that must all hold for any level, then the
    conditions of each level (all of a level's conditions must hold)."""

    seat: str
    #: [31.0] in a two-player version, the scenario's seat whose table this is (its player
    #: plays several); "" otherwise
    part: str = ""
    prerequisites: list[Condition] = Field(default_factory=list)
    minor: list[Condition] = Field(min_length=1)
    major: list[Condition] = Field(min_length=1)
    decisive: list[Condition] = Field(min_length=1)


class Intervention(_Strict):
    """[27.1, 28.0] Who receives the US (or Russian) forces, and on what trigger."""

    #: "tension_10", "kuwait_attacked", "jordan_attacked", "israel_attacked" (Haifa or
    #: Netanya attacked or occupied by non-Israeli units), "incirlik_attacked", "setup"
    trigger: Literal[
        "tension_10", "kuwait_attacked", "jordan_attacked", "israel_attacked", "incirlik_attacked", "setup"
    ]
    seat: str


class TwoPlayerSeat(Sourced):
    """[31.0, 32.0] One player of a scenario's two-player version and the seats he plays."""

    name: str = Field(pattern=r"^[A-Z][A-Za-z ]*$")
    seats: list[str] = Field(min_length=1)
    #: victory tables of this version only, each replacing the scenario's table of one of
    #: ``seats`` (the scenario's own arrangements for two players, 31.0): where one player
    #: holds two of three countries, his armies no longer fight each other and the pair
    #: needs a harder table, or the lone player an easier one
    victory: list[SeatVictory] = Field(default_factory=list)


class EntryBan(_Strict):
    """A scenario rule closing countries to some units: they may neither enter nor attack
    spaces there ("Turkey and Jordan are the rebels' rear: only rebel units may enter them").
    ``open_to``: only units of these seats may; ``forces``: units of these forces may not."""

    countries: list[Country] = Field(min_length=1)
    open_to: list[str] = Field(default_factory=list)
    forces: list[Force] = Field(default_factory=list)


class ExtraSupply(_Strict):
    """A scenario rule giving some forces supply sources beyond their own (14.x): Russian units
    tracing to Iranian sources where Tartus and Latakia are out of play (scenario 8), Iranian
    units to Damascus where Iran is (scenario 9), the Free Iraqi Army and Iraq's Sunni militias
    to Turkish sources where Saudi Arabia is out of play (scenarios 2, 3, 6, 7). Units of
    ``forces`` may also trace a line to any of ``spaces`` their side controls."""

    forces: list[Force] = Field(min_length=1)
    spaces: list[str] = Field(min_length=1)

    _check = field_validator("spaces")(_spaces)


class Scenario(Sourced):
    """[32.0] One scenario: players, set-up, reinforcements, special rules and victory."""

    number: int = Field(ge=1, le=99)
    title: str
    dates: str = ""
    #: a short introduction for players: the situation and each side's aims
    briefing: str = Field(min_length=1)
    turns: int = Field(ge=1, le=12)
    seats: list[SeatDef] = Field(min_length=2, max_length=6)
    #: [7.0] the order of play, first player (the initiative) first
    initiative: list[str]
    #: [22.0] International Tension at the start
    tension: int = Field(ge=0, le=10)
    #: [8.2] cards withdrawn before play
    removed_cards: list[int] = Field(default_factory=list)
    #: countries whose spaces are out of play (nobody may enter them)
    out_of_play: list[Country] = Field(default_factory=list)
    setup: list[Placement] = Field(default_factory=list)
    #: [5.0] spaces a seat controls at the start beyond its countries' empty spaces; "is",
    #: "kdp", "pyd", "pkk" may be used as seat names here for IS and Kurdish control
    control: dict[str, list[str]] = Field(default_factory=dict)
    #: [19.0] spaces whose units start entrenched (one marker a space, lost with the space)
    entrenched: list[str] = Field(default_factory=list)
    #: [15.0] each seat's batches of reinforcements, in the order they arrive
    reinforcements: dict[str, list[Batch]] = Field(default_factory=dict)
    #: [14.10] the US / Western supply sources of this scenario
    us_supply: list[str] = Field(default_factory=list)
    #: [27.1] who gets the US forces, on which triggers
    us_intervention: list[Intervention] = Field(default_factory=list)
    #: [28.0] who controls the Russian forces on the map (empty: none on the map) and who gets
    #: them at tension 10 if Russia has not intervened yet
    russia_controller: str = ""
    russia_at_tension_10: str = ""
    #: [25.0, 26.0] IS and Kurdish units in this scenario
    is_present: bool = False
    kurds_present: bool = False
    #: [26.7] a PKK rebellion at set-up (scenarios 3 and 7); [23.3] a coup in Iraq at set-up
    #: (scenarios 8 and 11)
    pkk_rebellion_at_setup: bool = False
    coup_in_iraq_at_setup: bool = False
    #: [26.0, scenario 7] one player runs the Kurds: KDP, PYD and PKK stack, move and supply
    #: together
    kurds_united: bool = False
    #: countries closed to some units by a special rule (``EntryBan``)
    entry_bans: list[EntryBan] = Field(default_factory=list)
    #: [20.0] pairs of forces that may never stack or fight together, beyond the rules' own
    no_stacking: list[tuple[Force, Force]] = Field(default_factory=list)
    #: [14.x] supply sources some forces may use beyond their own (``ExtraSupply``)
    extra_supply: list[ExtraSupply] = Field(default_factory=list)
    #: special rules in plain words, each with the flag the engine reads ("" if text only)
    special_rules: list[str] = Field(default_factory=list)
    victory: list[SeatVictory] = Field(default_factory=list)
    #: [31.0, 32.0] who plays what when two people play a scenario of more players: every seat
    #: to exactly one of the two (empty: a scenario of two players)
    two_players: list[TwoPlayerSeat] = Field(default_factory=list)
    #: [2.0 part 2] complete and playable (part 1: scenarios 1, 5, 8 and 9)
    playable: bool = False

    @field_validator("us_supply")
    @classmethod
    def _us_supply(cls, v: list[str], info: ValidationInfo) -> list[str]:
        return _spaces(v, info)

    @field_validator("entrenched")
    @classmethod
    def _entrenched(cls, v: list[str], info: ValidationInfo) -> list[str]:
        return _spaces(v, info)

    @field_validator("control")
    @classmethod
    def _control(cls, v: dict[str, list[str]], info: ValidationInfo) -> dict[str, list[str]]:
        return {k: _spaces(spaces, info) for k, spaces in v.items()}

    @model_validator(mode="after")
    def _against_the_other_files(self, info: ValidationInfo) -> Scenario:
        """[4.0, 6.0] with the map and counters at hand: each counter placed once, stacking
        respected at set-up, no enemies stacked together, cards and Special Jokers known."""
        context = info.context or {}
        counters: dict[str, Counter] | None = context.get("counter_records")
        if counters is None:
            return self
        placed: dict[str, str] = {}
        for p in self.setup:
            if p.counter in placed:
                raise ValueError(f"scenario {self.number}: counter {p.counter!r} is set up twice")
            placed[p.counter] = p.space or ""
        for batches in self.reinforcements.values():
            for batch in batches:
                for c in batch.counters:
                    if c in placed:
                        raise ValueError(
                            f"scenario {self.number}: counter {c!r} is both set up and a reinforcement"
                        )
                    placed[c] = ""
        seat_of = {f: s.name for s in self.seats for f in s.forces}
        stacks: dict[str, list[Counter]] = {}
        for p in self.setup:
            if p.space is not None:
                stacks.setdefault(p.space, []).append(counters[p.counter])
        for i, sid in enumerate(self.entrenched):
            where = f"scenario {self.number}: {sid}"
            if sid in self.entrenched[:i]:
                raise ValueError(f"{where} is entrenched twice (one marker a space, 19.0)")
            if sid not in stacks:
                raise ValueError(f"{where}: no unit is set up there to hold its entrenchment (19.0)")
        for space, units in stacks.items():
            limit = 4 if all(u.force == "is" for u in units) else 3
            if len(units) > limit:
                raise ValueError(
                    f"scenario {self.number}: {len(units)} units on {space} (at most {limit}, 4.0)"
                )
            if sum(1 for u in units if u.size == "corps") > 1:
                raise ValueError(f"scenario {self.number}: two corps on {space} (4.0)")
            owners = {seat_of.get(u.force, u.force) for u in units}
            if len(owners) > 1:
                raise ValueError(
                    f"scenario {self.number}: enemy units stacked on {space}: {sorted(owners)} (4.0)"
                )
        cards: set[int] | None = context.get("card_numbers")
        if cards is not None:
            for n in self.removed_cards:
                if n not in cards:
                    raise ValueError(f"scenario {self.number}: removes unknown card #{n}")
        jokers: set[str] | None = context.get("special_jokers")
        if jokers is not None:
            for seat in self.seats:
                for j in seat.special_jokers:
                    if j not in jokers:
                        raise ValueError(
                            f"scenario {self.number}: seat {seat.name} holds unknown Special Joker {j!r}"
                        )
        return self

    @model_validator(mode="after")
    def _seats_named(self) -> Scenario:
        names = [s.name for s in self.seats]
        if len(set(names)) != len(names):
            raise ValueError(f"scenario {self.number}: two seats share a name")
        if sorted(self.initiative) != sorted(names):
            raise ValueError(f"scenario {self.number}: the initiative order must list every seat once")
        for v in self.victory:
            if v.seat not in names:
                raise ValueError(f"scenario {self.number}: victory for unknown seat {v.seat!r}")
        for i in self.us_intervention:
            if i.seat not in names:
                raise ValueError(f"scenario {self.number}: US intervention for unknown seat {i.seat!r}")
        for seat in (self.russia_controller, self.russia_at_tension_10):
            if seat and seat not in names:
                raise ValueError(f"scenario {self.number}: Russian forces go to unknown seat {seat!r}")
        for seat in self.reinforcements:
            if seat not in names:
                raise ValueError(f"scenario {self.number}: reinforcements for unknown seat {seat!r}")
        for ban in self.entry_bans:
            for seat in ban.open_to:
                if seat not in names:
                    raise ValueError(f"scenario {self.number}: entry ban open to unknown seat {seat!r}")
        if self.two_players:
            given = [x for p in self.two_players for x in p.seats]
            if len(self.two_players) != 2 or sorted(given) != sorted(names):
                raise ValueError(
                    f"scenario {self.number}: two_players must give every seat to exactly one of two players"
                )
            for p in self.two_players:
                tables = [v.seat for v in p.victory]
                for seat in tables:
                    if seat not in p.seats:
                        raise ValueError(
                            f"scenario {self.number}: the two-player table for {seat!r} is not one of "
                            f"{p.name}'s seats (31.0)"
                        )
                    if tables.count(seat) > 1:
                        raise ValueError(
                            f"scenario {self.number}: {p.name} gives two tables for {seat!r} (31.0)"
                        )
        return self


class ScenariosFile(_Strict):
    provenance: FileProvenance
    scenarios: list[Scenario]


# =============================================================================================
# Everything
# =============================================================================================


class FitnaContent(_Strict):
    map: MapFile
    counters: CountersFile
    cards: CardsFile
    scenarios: ScenariosFile


def load_content(directory: Path = CONTENT_DIR) -> FitnaContent:
    """Read and validate every Fitna content file (raises ``ContentError`` with file:line)."""
    game_map = load_model(directory / "map.yaml", MapFile)
    counters = load_model(directory / "counters.yaml", CountersFile)
    cards = load_model(directory / "cards.yaml", CardsFile, {})
    return FitnaContent(
        map=game_map,
        counters=counters,
        cards=cards,
        scenarios=load_scenarios(directory / "scenarios.yaml", game_map, counters, cards),
    )


def load_scenarios(
    path: Path, game_map: MapFile, counters: CountersFile, cards: CardsFile, default_source: str | None = None
) -> ScenariosFile:
    """Read a scenarios file (the game's, or a player's own, 33.0), checking every reference to
    the map, the counters and the cards (file:line for each problem). ``default_source`` is the
    ``source`` of each record that names none and is not reconstructed (a file of one's own);
    without it, every record must say where it comes from."""
    context: dict[str, object] = {
        "default_source": default_source,
        "spaces": {s.id for s in game_map.spaces},
        "counters": {c.id for c in counters.counters},
        "counter_records": {c.id: c for c in counters.counters},
        "card_numbers": {c.number for c in cards.cards},
        "special_jokers": {j.id for j in cards.special_jokers},
    }
    return load_model(path, ScenariosFile, context)


@cache
def default_content() -> FitnaContent:
    return load_content()
