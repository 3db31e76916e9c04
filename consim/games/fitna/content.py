"""Fitna's content: typed models of its files (the map, the counters, the cards and the
scenarios), validated at load time with file:line errors.

The printed components are not public. Every value that is not stated by the rulebooks or a
public source is a reconstruction, marked in the data (``reconstructed`` lists the fields
reconstructed, ``note`` says why) and argued in ``content/PROVENANCE.md``.

Identifiers are lower-case snake case (``mosul``, ``iraq_9_arm_div``); names are what a
player reads.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator

from consim.core.action import Action
from consim.core.content import load_model
from consim.core.errors import OptionError
from consim.core.game import GameOptions

CONTENT_DIR = Path(__file__).parent / "content"

# =============================================================================================
# Vocabulary
# =============================================================================================

#: [2.1] the countries of the map
Country = Literal["iraq", "syria", "lebanon", "kuwait", "israel", "turkey", "iran", "jordan", "saudi_arabia"]
#: [2.1] the three terrains (terrain itself has no effect on movement, 17.1)
Terrain = Literal["clear", "mountain", "marsh"]
#: [26.0] the three Kurdish factions
KurdishFaction = Literal["KDP", "PYD", "PKK"]

#: the forces a counter belongs to: who may stack with whom (20.0), who supplies it (14.x),
#: who controls it (20.0, 27.1, 28.0) and who may attack it (21.0) depend on it
Force = Literal[
    # national armies
    "syria",
    "iraq",
    "iran",
    "israel",
    "turkey",
    "saudi_arabia",
    "russia",
    "us",
    "france",
    "uk",
    # [3.3, 14.2] the Arab Allied armies
    "jordan",
    "egypt",
    "kuwait",
    "uae",
    "bahrain",
    "qatar",
    "oman",
    "yemen",
    # [14.6, 20.0] Lebanon
    "lebanese_army",
    "hezbollah",
    # [14.3-14.5, 20.0, 23.1] militias and rebels
    "shia_militia",
    "sunni_militia",
    "al_sham_militia",
    "fsa",
    "fia",
    # [26.0] the Kurdish Peshmergas and [25.0] IS
    "kdp",
    "pyd",
    "pkk",
    "is",
]

#: [3.1] the sixteen colour groups of the counters
ColourGroup = Literal[
    "saudi_army",
    "arab_allied_armies",
    "us",
    "french",
    "british",
    "israeli_army",
    "turkish_army",
    "sunni_militias",
    "iranian_army",
    "iraqi_army",
    "syrian_army",
    "shia_militias",
    "hezbollah_lebanese_army",
    "russian_forces",
    "kurdish_peshmerga",
    "is",
]

#: [3.0] unit sizes: corps (XXX, Turkish only), division, brigade, regiment; Kurdish and IS
#: counters are groups; a garrison is a static Kurdish village garrison (26.1)
UnitSize = Literal["corps", "division", "brigade", "regiment", "group", "garrison"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _Sourced(_Strict):
    """Where a record came from: ``reconstructed`` names each field that no rulebook or public
    source gives (an owner of the physical game can replace it in data alone); ``note`` gives
    the reason for the values chosen."""

    reconstructed: list[str] = Field(default_factory=list)
    note: str = ""


# =============================================================================================
# The map [2.1]
# =============================================================================================


class Space(_Sourced):
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
    provenance: dict[str, Any]
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


class Counter(_Sourced):
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


class MarkerSet(_Sourced):
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
    provenance: dict[str, Any]
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
    #: what it cancels: card names, or tags ("air" for air-power cards, ...)
    targets: list[str] = Field(min_length=1)
    #: a further effect of the cancellation, by name (e.g. "no_daesh_this_turn", 25.5)
    then: str = ""


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


class Handler(_Strict):
    """An effect with rules of its own, carried out by the named handler in the rules code
    (IS activation 25.2, Peshmerga 26.2, coups 23.x, War in Lebanon 24.0, PKK rebellion
    26.7, UN Security Council...)."""

    type: Literal["handler"] = "handler"
    name: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    #: the handler's parameters, as it documents them
    params: dict[str, Any] = Field(default_factory=dict)


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


class Card(_Sourced):
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


class SpecialJoker(_Sourced):
    """[10.0] A Special Joker card: strikes without standard cards, cannot be cancelled,
    removed once played."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    #: the force whose player holds it (Israel, Iran, Hezbollah, Russia, US)
    force: Force
    text: str = Field(min_length=1)
    effects: list[Effect] = Field(min_length=1)


class CardsFile(_Strict):
    provenance: dict[str, Any]
    cards: list[Card]
    special_jokers: list[SpecialJoker]

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
        return self


# =============================================================================================
# The scenarios [32.0, 33.0]
# =============================================================================================


class SeatDef(_Sourced):
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


class Batch(_Sourced):
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
    ControlSpaces | ControlCount | DenySpaces | HoldUnits | VPMargin | Handler,
    Field(discriminator="type"),
]


class SeatVictory(_Sourced):
    """[31.0] A seat's victory: prerequisites that must all hold for any level, then the
    conditions of each level (all of a level's conditions must hold)."""

    seat: str
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


class Scenario(_Sourced):
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
    #: [2.0 part 2] complete and playable (part 1: scenarios 1, 5, 8 and 9)
    playable: bool = False

    @field_validator("us_supply")
    @classmethod
    def _us_supply(cls, v: list[str], info: ValidationInfo) -> list[str]:
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
        return self


class ScenariosFile(_Strict):
    provenance: dict[str, Any]
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
    cards = load_model(directory / "cards.yaml", CardsFile)
    return FitnaContent(
        map=game_map,
        counters=counters,
        cards=cards,
        scenarios=load_scenarios(directory / "scenarios.yaml", game_map, counters, cards),
    )


def load_scenarios(path: Path, game_map: MapFile, counters: CountersFile, cards: CardsFile) -> ScenariosFile:
    """Read a scenarios file (the game's, or a player's own, 33.0), checking every reference to
    the map, the counters and the cards (file:line for each problem)."""
    context = {
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


# =============================================================================================
# Options [31.1 and the first edition's readings]
# =============================================================================================


class FitnaOptions(GameOptions):
    """Options of a Fitna game: the scenario, the way victory is judged, and the readings of
    the first edition (``fitna-rules.txt``) where it differs from the second (NOTES.md)."""

    scenario: int = Field(1, ge=1, le=11, description="the scenario (32.0); playable: see consim list")
    victory: Literal["scenario", "points"] = Field(
        "scenario",
        description="judge victory by the scenario's conditions (31.0) or by Victory Points (31.1)",
    )
    dr_star_split: Literal["if_possible", "owner_choice"] = Field(
        "if_possible",
        description="DR*: the two steps must fall on two units if possible (2nd edition, 18.4) "
        "or may (1st edition: 'can be split')",
    )
    reinforcements: Literal["supplied_from_country", "in_country"] = Field(
        "supplied_from_country",
        description="15.0: reinforcements arrive on controlled spaces supplied from their own "
        "country (2nd edition) or on controlled, supplied spaces in it (1st edition)",
    )
    vp_own_country: Literal["excluded", "counted"] = Field(
        "excluded",
        description="31.1: a player's own country scores no VP except for Syria and Iraq "
        "(2nd edition), or every controlled space scores (1st edition)",
    )
    coup_losses: Literal["pool", "removed"] = Field(
        "pool",
        description="23.2-23.3: units that fail a coup test on 3-4 go to the Force Pool "
        "(2nd edition) or leave the game (1st edition)",
    )
    coup_withdrawal: Literal["allied", "any"] = Field(
        "allied",
        description="23.2-23.3: the losing camp withdraws to the closest allied space free of "
        "enemies (2nd edition) or the closest space free of enemies (1st edition)",
    )


# =============================================================================================
# The tables of one game: everything static, as ints and tuples
# =============================================================================================

FORCES: tuple[str, ...] = get_args(Force)
COUNTRIES: tuple[str, ...] = get_args(Country)
#: [26.0] the Kurdish factions in side order
FACTIONS: tuple[str, ...] = ("KDP", "PYD", "PKK")
KURD_FORCE = {"KDP": "kdp", "PYD": "pyd", "PKK": "pkk"}
#: where a unit that is not on the map is (the place table continues the space table)
OFF_MAP = ("pool", "eliminated", "removed", "unused")
OFF_MAP_NAMES = ("Force Pool", "replacements section", "out of the game", "not in this scenario")

#: how forces are named in text a player reads
FORCE_LABEL: dict[str, str] = {
    "syria": "Syria",
    "iraq": "Iraq",
    "iran": "Iran",
    "israel": "Israel",
    "turkey": "Turkey",
    "saudi_arabia": "Saudi Arabia",
    "russia": "Russia",
    "us": "US",
    "france": "France",
    "uk": "UK",
    "jordan": "Jordan",
    "egypt": "Egypt",
    "kuwait": "Kuwait",
    "uae": "UAE",
    "bahrain": "Bahrain",
    "qatar": "Qatar",
    "oman": "Oman",
    "yemen": "Yemen",
    "lebanese_army": "Lebanese Army",
    "hezbollah": "Hezbollah",
    "shia_militia": "Shia militia",
    "sunni_militia": "Sunni militia",
    "al_sham_militia": "Al Sham militia",
    "fsa": "Free Syrian Army",
    "fia": "Free Iraqi Army",
    "kdp": "KDP",
    "pyd": "PYD",
    "pkk": "PKK",
    "is": "IS",
}
COUNTRY_LABEL: dict[str, str] = {
    "iraq": "Iraq",
    "syria": "Syria",
    "lebanon": "Lebanon",
    "kuwait": "Kuwait",
    "israel": "Israel",
    "turkey": "Turkey",
    "iran": "Iran",
    "jordan": "Jordan",
    "saudi_arabia": "Saudi Arabia",
}
#: [14.2] the Arab Allied armies (supplied from Saudi Arabia; Jordan and Egypt also from Jordan)
ARAB_ALLIES = frozenset({"jordan", "egypt", "kuwait", "uae", "bahrain", "qatar", "oman", "yemen"})
#: [14.10, 21.0] the Western forces
WESTERN = frozenset({"us", "france", "uk"})
#: [15.0] the country whose spaces a force's reinforcements arrive in; forces absent here
#: arrive by their own rule (15.0 list) or anywhere friendly
HOME: dict[str, str] = {
    "syria": "syria",
    "iraq": "iraq",
    "iran": "iran",
    "israel": "israel",
    "turkey": "turkey",
    "saudi_arabia": "saudi_arabia",
    "kuwait": "kuwait",
    "jordan": "jordan",
    "egypt": "jordan",
    "uae": "saudi_arabia",
    "bahrain": "saudi_arabia",
    "qatar": "saudi_arabia",
    "oman": "saudi_arabia",
    "yemen": "saudi_arabia",
    "lebanese_army": "lebanon",
    "hezbollah": "lebanon",
    "fsa": "syria",
    "fia": "iraq",
}
#: [17.2.2] airmobile assaults never fly over these countries, except for their own units
NO_OVERFLIGHT: dict[str, str] = {
    "turkey": "turkey",
    "israel": "israel",
    "iran": "iran",
    "saudi_arabia": "saudi_arabia",
}
#: [18.1] the CRT's columns: (lowest difference, label), left to right
CRT_COLUMNS: tuple[tuple[int, str], ...] = (
    (-(10**6), "-8 or less"),
    (-7, "-5 to -7"),
    (-4, "-2 to -4"),
    (-1, "-1 to +1"),
    (2, "+2 to +4"),
    (5, "+5 to +7"),
    (8, "+8 to +10"),
    (11, "+11 to +13"),
    (14, "+14 to +17"),
    (18, "+18 or more"),
)
#: [18.1] the Combat Resolution Table as printed: CRT[die - 1][column]
CRT: tuple[tuple[str, ...], ...] = (
    ("AR*", "AR*", "AR", "AR", "AR", "AR", "AR", "EX", "EX", "DR"),
    ("AR*", "AR", "AR", "AR", "AR", "EX", "EX", "EX", "DR", "DR"),
    ("AR", "AR", "AR", "EX", "EX", "EX*", "EX", "DR", "DR", "DR*"),
    ("AR", "AR", "EX", "EX*", "EX*", "DR", "DR", "DR", "DR*", "DS"),
    ("AR", "EX", "EX*", "EX*", "DR", "DR", "DR", "DR*", "DS", "DS"),
    ("EX", "EX*", "DR", "DR", "DR", "DR", "DR*", "DS", "DS", "DS"),
)


def crt_column(difference: int) -> int:
    """[18.1] The CRT column (0 = "-8 or less" .. 9 = "+18 or more") of an attack-minus-defence
    difference.

    >>> crt_column(15), crt_column(-8), crt_column(0), crt_column(40)
    (8, 0, 3, 9)
    """
    col = 0
    for i, (low, _) in enumerate(CRT_COLUMNS):
        if difference >= low:
            col = i
    return col


def space_vp(s: Space) -> int:
    """[31.1] The Victory Points a controlled space is worth.

    Religious city 4, objective 3 (Mosul, an objective with an oilfield, counts 3), oilfield 2,
    any other space 1.
    """
    if s.holy:
        return 4
    if s.objective:
        return 3
    if s.oilfield:
        return 2
    return 1


@dataclass(frozen=True, slots=True, eq=False)
class FitnaTables:
    """Everything static about one game: content, options and scenario turned into ints and
    tuples (spaces, counters, cards, forces and sides by index), and the interned actions that
    legal-action lists reuse."""

    opts: FitnaOptions
    content: FitnaContent
    scenario: Scenario
    # -- seats and sides [1.0, 5.0, docs/fitna-design.md section 1] -------------------------------
    seats: tuple[str, ...]
    initiative: tuple[str, ...]
    seat_index: dict[str, int]
    #: seats, then IS, KDP, PYD, PKK and Neutral
    side_names: tuple[str, ...]
    IS: int
    KDP: int
    PYD: int
    PKK: int
    NEUTRAL: int
    seat_forces: tuple[frozenset[int], ...]
    seat_countries: tuple[frozenset[int], ...]
    seat_jokers: tuple[int, ...]
    seat_special: tuple[tuple[int, ...], ...]
    seat_free_ops: tuple[int, ...]
    # -- forces ------------------------------------------------------------------------------------
    force_index: dict[str, int]
    #: the side each force belongs to at the start (NEUTRAL: not in play)
    force_side: tuple[int, ...]
    # -- spaces [2.1] --------------------------------------------------------------------------------
    n_spaces: int
    space_id: tuple[str, ...]
    space_name: tuple[str, ...]
    space_by_name: dict[str, int]
    space_by_id: dict[str, int]
    place_names: tuple[str, ...]
    country_index: dict[str, int]
    space_country: tuple[int, ...]
    space_defence: tuple[int, ...]
    space_terrain: tuple[str, ...]
    space_city: tuple[bool, ...]
    space_oil: tuple[bool, ...]
    space_holy: tuple[bool, ...]
    space_objective: tuple[bool, ...]
    space_is_symbol: tuple[bool, ...]
    #: [26.0] the Kurdish faction's side of the space's faction name, or -1
    space_kurd_side: tuple[int, ...]
    space_coastal: tuple[bool, ...]
    space_vp: tuple[int, ...]
    #: [14.x] the forces each space supplies
    space_supplies: tuple[frozenset[int], ...]
    adj: tuple[tuple[int, ...], ...]
    #: spaces of the countries the scenario leaves out of play
    out_of_play: frozenset[int]
    #: [14.10] the US and Western sources of this scenario
    us_supply: frozenset[int]
    # -- counters [3.0] --------------------------------------------------------------------------
    n_units: int
    unit_id: tuple[str, ...]
    unit_label: tuple[str, ...]
    unit_by_label: dict[str, int]
    unit_by_id: dict[str, int]
    unit_force: tuple[int, ...]
    #: the counters of each force
    force_units: tuple[tuple[int, ...], ...]
    #: (full, reduced) values; a one-step counter repeats its full values
    unit_attack: tuple[tuple[int, int], ...]
    unit_defence: tuple[tuple[int, int], ...]
    unit_move: tuple[tuple[int, int], ...]
    #: [3.1] the colour group of each counter (for drawing)
    unit_colour: tuple[str, ...]
    unit_steps: tuple[int, ...]
    unit_airmobile: tuple[bool, ...]
    unit_armour: tuple[bool, ...]
    unit_corps: tuple[bool, ...]
    #: [3.0, 23.1] corps, division, brigade, regiment, group or garrison
    unit_size: tuple[str, ...]
    unit_garrison: tuple[bool, ...]
    unit_decoy: tuple[bool, ...]
    unit_baghdadi: tuple[bool, ...]
    unit_is: tuple[bool, ...]
    #: [26.0] the Kurdish side of a Kurdish unit, or -1
    unit_kurd_side: tuple[int, ...]
    unit_loyal: tuple[bool, ...]
    unit_wave: tuple[int, ...]
    unit_iranian: tuple[bool, ...]
    # -- cards [8.0-10.0] --------------------------------------------------------------------------
    n_cards: int
    card_name: tuple[str, ...]
    card_label: tuple[str, ...]
    card_by_name: dict[str, tuple[int, ...]]
    card_asset: tuple[bool, ...]
    card_ops: tuple[int, ...]
    card_ht: tuple[bool, ...]
    card_symbols: tuple[frozenset[str], ...]
    card_usable_by: tuple[frozenset[int], ...]
    card_min_turn: tuple[int, ...]
    card_requires: tuple[tuple[int, ...], ...]
    card_removed: tuple[bool, ...]
    card_scenarios: tuple[frozenset[int], ...]
    card_negatable: tuple[bool, ...]
    card_effects: tuple[tuple[Any, ...], ...]
    card_tags: tuple[frozenset[str], ...]
    card_text: tuple[str, ...]
    #: the cards in this game (the scenario's removals taken out) and the High Tension ones
    deck: tuple[int, ...]
    high_tension: tuple[int, ...]
    # -- Special Jokers [10.0] ---------------------------------------------------------------------
    joker_id: tuple[str, ...]
    joker_name: tuple[str, ...]
    joker_force: tuple[int, ...]
    joker_effects: tuple[tuple[Any, ...], ...]
    joker_by_name: dict[str, int]
    # -- the scenario's reinforcements [15.0] -----------------------------------------------------
    batches: dict[str, tuple[tuple[int, ...], ...]]
    #: [19.0] entrenchment markers in the box (they may all be on the map at once)
    entrenchments: int
    #: per space, the forces barred from it and the seats it is open to (None: all), by the
    #: scenario's entry bans
    space_barred: tuple[frozenset[int], ...]
    space_open_to: tuple[frozenset[int] | None, ...]
    no_stacking: frozenset[tuple[int, int]]
    #: [14.x] per force, the extra supply sources the scenario gives it (``ExtraSupply``)
    extra_sources: tuple[frozenset[int], ...]
    _interned: dict[tuple[str, tuple[str, ...]], Action] = field(default_factory=dict)

    def action(self, verb: str, *args: str) -> Action:
        """The one :class:`Action` of this text, built once per game."""
        key = (verb, args)
        found = self._interned.get(key)
        if found is None:
            found = self._interned[key] = Action(verb, args)
        return found

    def force(self, name: str) -> int:
        return self.force_index[name]

    def unit_values(self, u: int, reduced: bool) -> tuple[int, int, int]:
        """(attack, defence, movement) of counter ``u`` on the side shown."""
        k = 1 if reduced else 0
        return self.unit_attack[u][k], self.unit_defence[u][k], self.unit_move[u][k]


def _unit_labels(counters: list[Counter]) -> tuple[str, ...]:
    """Names as printed, made unique with the force where two counters share one
    ("7 Arm Bde (Israel)", "7 Arm Bde (UK)")."""
    seen: dict[str, int] = {}
    for c in counters:
        seen[c.name] = seen.get(c.name, 0) + 1
    labels: list[str] = []
    used: set[str] = set()
    for c in counters:
        label = c.name if seen[c.name] == 1 else f"{c.name} ({FORCE_LABEL[c.force]})"
        n = 2
        base = label
        while label in used:
            label = f"{base} {n}"
            n += 1
        used.add(label)
        labels.append(label)
    return tuple(labels)


def _open_to(sc: Scenario, country: str, seats: tuple[str, ...]) -> frozenset[int] | None:
    found: frozenset[int] | None = None
    for b in sc.entry_bans:
        if country in b.countries and b.open_to:
            allowed = frozenset(seats.index(x) for x in b.open_to)
            found = allowed if found is None else found & allowed
    return found


def playable_scenarios(content: FitnaContent | None = None) -> tuple[int, ...]:
    """The numbers of the scenarios marked playable."""
    content = content or default_content()
    return tuple(s.number for s in content.scenarios.scenarios if s.playable)


def build_tables(opts: FitnaOptions, content: FitnaContent | None = None) -> FitnaTables:
    """The static tables of a game with these options (``content``: the game's own files by
    default, or another set such as a test fixture)."""
    content = content or default_content()
    found = [s for s in content.scenarios.scenarios if s.number == opts.scenario]
    if not found:
        known = ", ".join(str(s.number) for s in content.scenarios.scenarios) or "none"
        raise OptionError(f"fitna has no scenario {opts.scenario} (known: {known})")
    sc = found[0]
    if not sc.playable:
        playable = ", ".join(str(n) for n in playable_scenarios(content)) or "none yet"
        raise OptionError(f"fitna scenario {sc.number} is not playable yet (playable: {playable}) [32.0]")
    seat_defs = sc.seats
    seats = tuple(s.name for s in seat_defs)
    n = len(seats)
    is_side, kdp, pyd, pkk, neutral = n, n + 1, n + 2, n + 3, n + 4
    side_names = (*seats, "IS", "KDP", "PYD", "PKK", "Neutral")
    force_index = {f: i for i, f in enumerate(FORCES)}
    country_index = {c: i for i, c in enumerate(COUNTRIES)}

    force_side = [neutral] * len(FORCES)
    force_side[force_index["is"]] = is_side
    force_side[force_index["kdp"]] = kdp
    force_side[force_index["pyd"]] = pyd
    force_side[force_index["pkk"]] = pkk
    for i, sd in enumerate(seat_defs):
        for f in sd.forces:
            force_side[force_index[f]] = i

    spaces = content.map.spaces
    space_by_id = {s.id: i for i, s in enumerate(spaces)}
    neighbours: list[set[int]] = [set() for _ in spaces]
    for a, b in content.map.links:
        neighbours[space_by_id[a]].add(space_by_id[b])
        neighbours[space_by_id[b]].add(space_by_id[a])
    kurd_side = {"KDP": kdp, "PYD": pyd, "PKK": pkk}
    out_countries = set(sc.out_of_play)

    counters = content.counters.counters
    labels = _unit_labels(counters)

    def sides(c: Counter) -> tuple[Values, Values]:
        return c.full, c.reduced if c.reduced is not None else c.full

    cards = content.cards.cards
    tags_raw = content.cards.provenance.get("tags", {})
    card_tags: list[frozenset[str]] = []
    for c in cards:
        tags = {tag for tag, numbers in tags_raw.items() if isinstance(numbers, list) and c.number in numbers}
        if c.kind == "asset" and c.negatable:
            tags.add("asset")
        card_tags.append(frozenset(tags))
    by_name: dict[str, list[int]] = {}
    for i, c in enumerate(cards):
        by_name.setdefault(c.name, []).append(i)
    removed = {n - 1 for n in sc.removed_cards}
    deck = tuple(i for i in range(len(cards)) if i not in removed)
    jokers = content.cards.special_jokers
    joker_index = {j.id: i for i, j in enumerate(jokers)}
    unit_by_id = {c.id: i for i, c in enumerate(counters)}

    return FitnaTables(
        opts=opts,
        content=content,
        scenario=sc,
        seats=seats,
        initiative=tuple(sc.initiative),
        seat_index={s: i for i, s in enumerate(seats)},
        side_names=side_names,
        IS=is_side,
        KDP=kdp,
        PYD=pyd,
        PKK=pkk,
        NEUTRAL=neutral,
        seat_forces=tuple(frozenset(force_index[f] for f in sd.forces) for sd in seat_defs),
        seat_countries=tuple(frozenset(country_index[c] for c in sd.countries) for sd in seat_defs),
        seat_jokers=tuple(sd.jokers for sd in seat_defs),
        seat_special=tuple(tuple(joker_index[j] for j in sd.special_jokers) for sd in seat_defs),
        seat_free_ops=tuple(sd.free_ops_turn1 for sd in seat_defs),
        force_index=force_index,
        force_side=tuple(force_side),
        n_spaces=len(spaces),
        space_id=tuple(s.id for s in spaces),
        space_name=tuple(s.name for s in spaces),
        space_by_name={s.name: i for i, s in enumerate(spaces)},
        space_by_id=space_by_id,
        place_names=(*(s.id for s in spaces), *OFF_MAP),
        country_index=country_index,
        space_country=tuple(country_index[s.country] for s in spaces),
        space_defence=tuple(s.defence for s in spaces),
        space_terrain=tuple(s.terrain for s in spaces),
        space_city=tuple(s.city for s in spaces),
        space_oil=tuple(s.oilfield for s in spaces),
        space_holy=tuple(s.holy for s in spaces),
        space_objective=tuple(s.objective for s in spaces),
        space_is_symbol=tuple(s.is_symbol for s in spaces),
        space_kurd_side=tuple(kurd_side[s.kurdish] if s.kurdish else -1 for s in spaces),
        space_coastal=tuple(s.coastal for s in spaces),
        space_vp=tuple(space_vp(s) for s in spaces),
        space_supplies=tuple(frozenset(force_index[f] for f in s.supply) for s in spaces),
        adj=tuple(tuple(sorted(nb)) for nb in neighbours),
        out_of_play=frozenset(i for i, s in enumerate(spaces) if s.country in out_countries),
        us_supply=frozenset(space_by_id[s] for s in sc.us_supply),
        n_units=len(counters),
        unit_id=tuple(c.id for c in counters),
        unit_label=labels,
        unit_by_label={lab: i for i, lab in enumerate(labels)},
        unit_by_id=unit_by_id,
        unit_force=tuple(force_index[c.force] for c in counters),
        force_units=tuple(tuple(i for i, c in enumerate(counters) if c.force == f) for f in FORCES),
        unit_attack=tuple((f.attack or 0, r.attack or 0) for f, r in map(sides, counters)),
        unit_defence=tuple((f.defence, r.defence) for f, r in map(sides, counters)),
        unit_move=tuple((f.movement or 0, r.movement or 0) for f, r in map(sides, counters)),
        unit_colour=tuple(c.colour for c in counters),
        unit_steps=tuple(c.steps for c in counters),
        unit_airmobile=tuple(c.airmobile for c in counters),
        unit_armour=tuple(c.armour for c in counters),
        unit_corps=tuple(c.size == "corps" for c in counters),
        unit_size=tuple(c.size for c in counters),
        unit_garrison=tuple(c.static for c in counters),
        unit_decoy=tuple(c.decoy for c in counters),
        unit_baghdadi=tuple(c.al_baghdadi for c in counters),
        unit_is=tuple(c.force == "is" for c in counters),
        unit_kurd_side=tuple({"kdp": kdp, "pyd": pyd, "pkk": pkk}.get(c.force, -1) for c in counters),
        unit_loyal=tuple(c.loyal for c in counters),
        unit_wave=tuple(c.wave or 0 for c in counters),
        unit_iranian=tuple(c.iranian for c in counters),
        n_cards=len(cards),
        card_name=tuple(c.name for c in cards),
        card_label=tuple(f"#{c.number} {c.name}" for c in cards),
        card_by_name={k: tuple(v) for k, v in by_name.items()},
        card_asset=tuple(c.kind == "asset" for c in cards),
        card_ops=tuple(c.ops for c in cards),
        card_ht=tuple(c.high_tension for c in cards),
        card_symbols=tuple(frozenset(c.symbols) for c in cards),
        card_usable_by=tuple(frozenset(force_index[f] for f in c.usable_by) for c in cards),
        card_min_turn=tuple(c.min_turn for c in cards),
        card_requires=tuple(tuple(r - 1 for r in c.requires) for c in cards),
        card_removed=tuple(c.removed_after_event for c in cards),
        card_scenarios=tuple(frozenset(c.scenarios) for c in cards),
        card_negatable=tuple(c.negatable for c in cards),
        card_effects=tuple(tuple(c.effects) for c in cards),
        card_tags=tuple(card_tags),
        card_text=tuple(c.text for c in cards),
        deck=deck,
        high_tension=tuple(i for i in deck if cards[i].high_tension),
        joker_id=tuple(j.id for j in jokers),
        joker_name=tuple(j.name for j in jokers),
        joker_force=tuple(force_index[j.force] for j in jokers),
        joker_effects=tuple(tuple(j.effects) for j in jokers),
        joker_by_name={j.name: i for i, j in enumerate(jokers)},
        batches={
            seat: tuple(tuple(unit_by_id[c] for c in b.counters) for b in bs)
            for seat, bs in sc.reinforcements.items()
        },
        entrenchments=sum(m.count for m in content.counters.markers if m.kind == "entrenchment"),
        space_barred=tuple(
            frozenset(force_index[f] for b in sc.entry_bans if s.country in b.countries for f in b.forces)
            for s in spaces
        ),
        space_open_to=tuple(_open_to(sc, s.country, seats) for s in spaces),
        no_stacking=frozenset(
            (min(force_index[a], force_index[b]), max(force_index[a], force_index[b]))
            for a, b in sc.no_stacking
        ),
        extra_sources=tuple(
            frozenset(space_by_id[s] for x in sc.extra_supply if f in x.forces for s in x.spaces)
            for f in FORCES
        ),
    )
