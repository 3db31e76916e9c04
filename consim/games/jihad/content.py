"""The First Jihad's content: typed models of its component data (map, powers, cards, set-up),
its options, and the static tables one set of options gives (shared by every state of a game).

The printed components (map, tiles, cards, Player Aid) are not public. The YAML files in
``content/`` hold every value the rulebook states or implies, plus reconstructions for the rest;
every record says which is which (see :class:`consim.core.content.Sourced` and
``content/PROVENANCE.md``), so an owner of the physical game can correct a value in data alone.

>>> content = load_default_content()
>>> content.land("jerusalem").apostasy
2
>>> [land.id for land in content.path_lands("greek")][:3]
['damascus', 'jerusalem', 'cilicia']
>>> content.card(45).title
'The Great Berber Revolt'

Validation happens in two layers: each file is checked on its own (shapes, ranges, orderings),
then :class:`JihadContent` checks every cross-reference between files. Errors raise
``consim.ContentError`` naming file, line and field.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated, Any, ClassVar, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError, model_validator

from consim.core.action import Action
from consim.core.content import FileProvenance, Sourced, load_model, read_yaml
from consim.core.errors import ContentError
from consim.core.game import GameOptions

CONTENT_DIR = Path(__file__).parent / "content"

#: content fields no rule reads, each with the reason it stays in the data
UNREAD_FIELDS: dict[str, str] = {
    "Capital.rebuild_rule": "where a Capital may be rebuilt, in words for people (8.8.2, 8.8.3 are "
    "rules/actions.py's _capital_actions)",
    "CaliphUmarI.kaaba_increase_optional_rule": "the optional rule of 17.1.2 is not published, so it "
    "is not offered (NOTES.md)",
    "DarAlIslamRow.rule": "the rule each result follows, for people; the code of each result cites it "
    "(rules/dar.py)",
    "GreatKing.revolt_ap": "the figure 16.4.3 gives; each Revolt card carries its own great_king_ap",
    "HitListItem.applies": "the Hit List (7.2.1) in words, for people and front ends",
    "Land.alt_names": "other spellings of a Land's name, for people and front ends",
    "Land.symbols": "the printed map symbols a front end draws (the rules read the Land's tags and "
    "the Trade Routes)",
    "Outcome.scoring": "the scoring rules (5.2) in words, for people",
    "PathDef.border_colour": "the Path's printed colour, which a front end draws",
    "Refugee.benefit": "the Refugee's benefit (19.2.1) in words, for people",
    "Ruler.truce_side": "component data: the Ruler tile's Truce side (22.1), which a front end draws",
    "SequenceStep.rule": "the reconstructed Sequence of Play (4.1) in words, for people",
    "TradeRoute.optional_unlimited": "the optional unlimited Nile (21.4.3.3) is not offered (NOTES.md)",
}

# ---------------------------------------------------------------------------------------------
# Fixed vocabularies (they are rules, not component values)
# ---------------------------------------------------------------------------------------------

PathId = Literal["greek", "med", "african", "indian", "parthian", "caucasus"]
#: [2.1.1] counter-clockwise from the Greek Path: the order of the Rose, of invasions and actions
PATH_ORDER: tuple[PathId, ...] = ("greek", "med", "african", "indian", "parthian", "caucasus")
ADVANCED_PATHS: frozenset[str] = frozenset({"african", "caucasus"})

#: [10.1] religious colours, plus Islam (Mecca, and converted Lands)
ReligionId = Literal[
    "nestorian",
    "orthodox",
    "arian",
    "catholic",
    "monophysite",
    "zoroastrian",
    "buddhist",
    "chinese",
    "hindu",
    "khazar",
    "tengrist",
    "islam",
]
Crossing = Literal["ordinary", "mountain", "river", "straits"]
EmpireId = Literal["byzantium", "persia"]
TheaterId = Literal["west", "east", "african", "caucasus"]
TrackId = Literal["bulgars", "cyprus", "tibet", "socotra"]
Strength = Literal["strong", "weak"]
LandTag = Literal[
    "byzantine_capital_site",  # [8.8.2] the Byzantine Capital may be rebuilt here
    "major_castle_forbidden",  # [8.7.1] no Major Castle rebuild here
    "themes_fallback",  # [2.1.6.2] the Themes go here when Constantinople falls
    "bulgar_inversion",  # [2.1.6.1] Arab-held: "<- Bulgars" events are inverted
    "muslim_navy_trigger",  # [14.10 step 2] its conversion activates the Muslim Navy
    "christian_damascus",  # [21.2] holds the Christian Damascus / Islamic Capital marker
    "persian_truce_land",  # [22.2] a Persian army must stand here to accept the Persian Truce
    "sudden_death",  # [5.1] being driven out of this Land loses the game
    "berber_entry",  # [14.5] where the Berber Revolt puts the Berber army
]
ID_PATTERN = r"^[a-z][a-z0-9_]*$"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# ---------------------------------------------------------------------------------------------
# map.yaml
# ---------------------------------------------------------------------------------------------


class ReligionDef(Sourced):
    id: ReligionId
    name: str
    colour: str
    christian: bool


class Mecca(Sourced):
    id: Literal["mecca"]
    name: str
    religion: Literal["islam"]
    base_syrian_strength: int = Field(ge=2, le=2)
    islam_hit_bonus: int = Field(ge=1, le=1)
    boxes: tuple[str, ...]


class Land(Sourced):
    """One Land of a Path. ``index`` counts from Mecca (1 = the Land next to Mecca)."""

    id: str = Field(pattern=ID_PATTERN)
    name: str
    alt_names: tuple[str, ...] = ()
    path: PathId
    index: int = Field(ge=1)
    religion: ReligionId
    apostasy: int = Field(ge=0, le=6)
    outcome_points: int | None = Field(default=None, ge=1, le=20)
    shape: Literal["square", "round"]
    crossing_outward: Crossing | None
    green_box: bool = False
    military_heartland: EmpireId | None = None
    religious_heartland: EmpireId | None = None
    baqt_flag: Literal["full", "partial"] | None = None
    trade_route_ends: tuple[str, ...] = ()
    symbols: tuple[Literal["eagle", "fire"], ...] = ()
    critical_city: bool = False
    advanced_only: bool = False
    tags: tuple[LandTag, ...] = ()

    @property
    def ends_of_the_earth(self) -> bool:
        """[2.1.2] round Lands are the Ends of the Earth."""
        return self.shape == "round"


class PathDef(Sourced):
    id: PathId
    name: str
    border_colour: str
    theater: TheaterId
    advanced_only: bool
    mecca_crossing: Crossing
    lands: tuple[str, ...] = Field(min_length=2)


class TheaterDef(Sourced):
    id: TheaterId
    name: str
    paths: tuple[PathId, ...] = Field(min_length=1)
    advanced_only: bool


class TradeRoute(Sourced):
    id: str = Field(pattern=ID_PATTERN)
    name: str
    ends: tuple[str, str]
    theaters: tuple[TheaterId, TheaterId]
    #: 'unlimited', a fixed per-turn cap, or read from the Socotra track [21.4.3.x]
    capacity: Literal["unlimited", "one", "socotra_track"]
    optional_unlimited: bool = False


class Box(Sourced):
    """An off-path holding box or status box printed on the map."""

    id: str = Field(pattern=ID_PATTERN)
    name: str
    advanced_only: bool = False


class MapFile(_Strict):
    provenance: FileProvenance
    religions: tuple[ReligionDef, ...]
    mecca: Mecca
    theaters: tuple[TheaterDef, ...]
    paths: tuple[PathDef, ...]
    lands: tuple[Land, ...]
    trade_routes: tuple[TradeRoute, ...]
    boxes: tuple[Box, ...]

    @model_validator(mode="after")
    def _check_map(self) -> MapFile:
        problems: list[str] = []
        religion_ids = [r.id for r in self.religions]
        if len(set(religion_ids)) != len(religion_ids):
            problems.append("religions: duplicate id")
        order = tuple(p.id for p in self.paths)
        if order != PATH_ORDER:
            problems.append(f"paths must be listed counter-clockwise {PATH_ORDER} [2.1.1], got {order}")
        lands: dict[str, Land] = {}
        for each in self.lands:
            if each.id in lands or each.id == "mecca":
                problems.append(f"lands: duplicate land id {each.id!r}")
            lands[each.id] = each
        listed: set[str] = set()
        for path in self.paths:
            if path.advanced_only != (path.id in ADVANCED_PATHS):
                want = path.id in ADVANCED_PATHS
                problems.append(f"path {path.id}: advanced_only must be {want}")
            for i, land_id in enumerate(path.lands, start=1):
                land = lands.get(land_id)
                if land is None:
                    problems.append(f"path {path.id}: unknown land {land_id!r}")
                    continue
                listed.add(land_id)
                if land.path != path.id:
                    problems.append(f"land {land_id}: path is {land.path!r} but listed on {path.id!r}")
                if land.index != i:
                    problems.append(
                        f"land {land_id}: index {land.index} but it is land {i} out from Mecca "
                        f"on the {path.id} path"
                    )
                if land.advanced_only != path.advanced_only:
                    problems.append(f"land {land_id}: advanced_only must match its path")
                last = i == len(path.lands)
                if last != (land.crossing_outward is None):
                    problems.append(
                        f"land {land_id}: crossing_outward must be empty exactly on the path's last land"
                    )
                # [2.1.2] five paths end in round Lands; [2.1.2.1] Rome is the exception
                want_round = last and path.id != "greek"
                if (land.shape == "round") != want_round:
                    problems.append(
                        f"land {land_id}: shape must be {'round' if want_round else 'square'} [2.1.2]"
                    )
                if land.shape == "round" and land.outcome_points is not None:
                    problems.append(f"land {land_id}: Ends of the Earth cannot hold Islam [2.1.2]")
                if land.shape == "square" and land.outcome_points is None:
                    problems.append(f"land {land_id}: every convertible land needs a tan circle [5.2 A]")
        for land_id in lands:
            if land_id not in listed:
                problems.append(f"land {land_id}: not listed on its path")
        for empire in ("byzantium", "persia"):
            for kind in ("military_heartland", "religious_heartland"):
                holders = [x.id for x in self.lands if getattr(x, kind) == empire]
                if len(holders) != 1:
                    problems.append(f"{empire} needs exactly one {kind} [21.5], got {holders}")
        for path_id in ("african", "caucasus"):
            flags = {x.baqt_flag: x for x in self.lands if x.path == path_id and x.baqt_flag}
            if (
                set(flags) != {"full", "partial"}
                or len([x for x in self.lands if x.path == path_id and x.baqt_flag]) != 2
            ):
                problems.append(f"path {path_id}: needs one full and one partial Baqt flag land [16.3]")
            elif flags["full"].index >= flags["partial"].index:
                problems.append(f"path {path_id}: the full-Baqt land must be nearer Mecca")
        for land in self.lands:
            if land.baqt_flag and land.path not in ADVANCED_PATHS:
                problems.append(f"land {land.id}: Baqt flags exist only on African/Caucasus paths")
        route_ids = {r.id for r in self.trade_routes}
        path_theater = {p.id: p.theater for p in self.paths}
        for route in self.trade_routes:
            for end, theater in zip(route.ends, route.theaters, strict=True):
                if end not in lands:
                    problems.append(f"trade route {route.id}: unknown end land {end!r}")
                    continue
                if route.id not in lands[end].trade_route_ends:
                    problems.append(f"land {end}: should list trade route {route.id!r}")
                if path_theater[lands[end].path] != theater:
                    problems.append(f"trade route {route.id}: {end} is not in the {theater} theater")
        for land in self.lands:
            for rid in land.trade_route_ends:
                if rid not in route_ids:
                    problems.append(f"land {land.id}: unknown trade route {rid!r}")
                else:
                    route = next(r for r in self.trade_routes if r.id == rid)
                    if land.id not in route.ends:
                        problems.append(f"land {land.id}: is not an end of trade route {rid!r}")
        theater_paths = [p for t in self.theaters for p in t.paths]
        if sorted(theater_paths) != sorted(PATH_ORDER):
            problems.append("theaters: every path belongs to exactly one theater")
        for path in self.paths:
            t = next((t for t in self.theaters if path.id in t.paths), None)
            if t is not None and t.id != path.theater:
                problems.append(f"path {path.id}: theater {path.theater!r} but listed under {t.id!r}")
        box_ids = [b.id for b in self.boxes]
        if len(set(box_ids)) != len(box_ids) or set(box_ids) & set(lands):
            problems.append("boxes: ids must be unique and differ from land ids")
        for box in self.mecca.boxes:
            if box not in box_ids:
                problems.append(f"mecca: unknown box {box!r}")
        if problems:
            raise ValueError("; ".join(problems))
        return self


# ---------------------------------------------------------------------------------------------
# powers.yaml
# ---------------------------------------------------------------------------------------------


class Power(Sourced):
    """One of the fourteen nations the player commands [1.0, 2.3.1]."""

    id: str = Field(pattern=ID_PATTERN)
    name: str
    kind: Literal["empire", "foreign_empire", "kingdom", "khaganate", "tribes", "city_states", "province"]
    paths: tuple[PathId, ...] = Field(min_length=1)
    religion: ReligionId
    #: [8.2.2] armies without a Ruler are 'Barbarians'; Great Kings and Garrisons are not
    has_ruler: bool
    baqt_country: bool = False
    more_distant_power: bool = False
    advanced_only: bool = False


class ArmyCounter(Sourced):
    """An army tile. Values: the attacker must roll higher than the face-up value [9.1.2]."""

    id: str = Field(pattern=ID_PATTERN)
    #: what the player calls the army (the Path tells apart two armies of one name)
    name: str
    power: str
    path: PathId
    strong: int | None = Field(ge=1, le=6)
    weak: int = Field(ge=1, le=6)
    #: [9.1.1] a sun symbol: Not Religious, always rolls one die
    sun: bool
    religion: ReligionId
    #: [9.1.1, 20.3] Byzantine armies take the religion on the Byzantine Religion marker
    religion_follows_byzantine_marker: bool = False
    garrison: bool = False
    advanced_only: bool = False

    @model_validator(mode="after")
    def _check_values(self) -> ArmyCounter:
        if self.garrison != (self.strong is None):
            raise ValueError(f"army {self.id}: garrisons (only) have no strong side [16.2]")
        if self.strong is not None and self.strong > self.weak:
            raise ValueError(f"army {self.id}: strong value must not be worse than weak [7.3]")
        return self


class Castle(Sourced):
    id: str = Field(pattern=ID_PATTERN)
    kind: Literal["major", "minor"]
    owner: EmpireId
    #: a minor castle's red back is the Persian side [8.7.2]
    back_owner: EmpireId | None
    strong: int | None = Field(ge=1, le=6)
    weak: int = Field(ge=1, le=6)
    forbidden_paths: tuple[PathId, ...] = ()

    @model_validator(mode="after")
    def _check_castle(self) -> Castle:
        if (self.kind == "minor") != (self.strong is None):
            raise ValueError(f"castle {self.id}: minor castles (only) have no strong side [7.4.3]")
        return self


class Capital(Sourced):
    id: str = Field(pattern=ID_PATTERN)
    empire: EmpireId
    #: where the Capital stands at the start (Player Aid set-up)
    start_land: str
    strong_outcome_points: int
    weak_outcome_points: int
    hits_absorbed_per_side: int
    rebuild_lands: tuple[str, ...] = ()
    rebuild_rule: str


class SkillTrack(Sourced):
    id: Literal["west", "east"]
    name: str
    colour: str
    boxes: tuple[int, ...]


class Ruler(Sourced):
    id: str = Field(pattern=ID_PATTERN)
    name: str
    empire: EmpireId
    track: Literal["west", "east"]
    min_rating: int
    max_rating: int
    truce_side: bool


class GreatKing(Sourced):
    id: str = Field(pattern=ID_PATTERN)
    sides: tuple[Literal["african", "caucasus"], ...]
    track: Literal["west"]
    max_ap: int
    revolt_ap: int
    monophysite_pact_ap: int
    ap_per_turn: int


class BlessingSide(_Strict):
    id: str = Field(pattern=ID_PATTERN)
    name: str
    drm: int | None = None
    hit_modifier: int | None = None


class Blessing(Sourced):
    id: str = Field(pattern=ID_PATTERN)
    name: str
    empire: EmpireId
    sides: tuple[BlessingSide, ...] = Field(min_length=1, max_length=2)
    goes_to_used_box: bool


class LastStandChit(Sourced):
    id: str = Field(pattern=ID_PATTERN)
    empire: EmpireId
    sides: tuple[Literal["ap", "skill"], Literal["ap", "skill"]]
    ap_bonus: int
    skill_bonus: int


class MinorPowerFace(_Strict):
    id: str = Field(pattern=ID_PATTERN)
    name: str
    #: AP to move the marker one box right, or None when it is moved by a die roll instead
    appease_cost: int | None = None
    #: the Path whose Arab invasions the marker modifies while this face is up
    affects_path: PathId


class MinorPower(Sourced):
    """A minor power and its three-box track: +1 (green) | 0 (white) | -1 (red) [13.1]."""

    id: TrackId
    name: str
    faces: tuple[MinorPowerFace, ...] = Field(min_length=1, max_length=2)
    #: how the player moves it right: appease (pay the face value) or a naval battle (6+)
    move_right: Literal["appease", "naval_battle"]
    naval_battle_target: int | None = None
    advanced_only: bool = False


class Refugee(Sourced):
    id: str = Field(pattern=ID_PATTERN)
    name: str
    path: PathId
    benefit: str


class KaabaTile(Sourced):
    value: int = Field(ge=3, le=8)


class Marker(Sourced):
    """Any other tile or marker the rules name."""

    id: str = Field(pattern=ID_PATTERN)
    name: str
    sides: tuple[str, ...] = Field(min_length=1, max_length=2)
    count: int = Field(ge=1)
    advanced_only: bool = False


class PowersFile(_Strict):
    provenance: FileProvenance
    powers: tuple[Power, ...]
    armies: tuple[ArmyCounter, ...]
    castles: tuple[Castle, ...]
    capitals: tuple[Capital, ...]
    skill_tracks: tuple[SkillTrack, ...]
    rulers: tuple[Ruler, ...]
    great_king: GreatKing
    blessings: tuple[Blessing, ...]
    last_stand_chits: tuple[LastStandChit, ...]
    minor_powers: tuple[MinorPower, ...]
    refugees: tuple[Refugee, ...]
    kaaba_tiles: tuple[KaabaTile, ...]
    markers: tuple[Marker, ...]

    @model_validator(mode="after")
    def _check_powers(self) -> PowersFile:
        problems: list[str] = []
        power_ids = [p.id for p in self.powers]
        if len(power_ids) != 14 or len(set(power_ids)) != 14:
            problems.append(f"need 14 distinct powers [1.0], got {len(set(power_ids))}")
        powers = {p.id: p for p in self.powers}
        all_ids: list[str] = []
        for army in self.armies:
            all_ids.append(army.id)
            power = powers.get(army.power)
            if power is None:
                problems.append(f"army {army.id}: unknown power {army.power!r}")
            elif army.path not in power.paths:
                problems.append(f"army {army.id}: path {army.path} is not among {power.id}'s paths")
            if army.path in ADVANCED_PATHS and not army.advanced_only:
                problems.append(f"army {army.id}: armies of the {army.path} path are Advanced-only")
        for power in self.powers:
            if not any(a.power == power.id for a in self.armies):
                problems.append(f"power {power.id}: has no army counter")
        groups = (self.castles, self.capitals, self.rulers, self.blessings, self.refugees)
        for group in (*groups, self.markers):
            all_ids.extend(x.id for x in group)
        all_ids.extend(m.id for m in self.minor_powers)
        all_ids.extend(c.id for c in self.last_stand_chits)
        dupes = sorted({i for i in all_ids if all_ids.count(i) > 1})
        if dupes:
            problems.append(f"duplicate piece ids {dupes}")
        if sorted(t.value for t in self.kaaba_tiles) != [3, 4, 5, 6, 7, 8]:
            problems.append("need six Ka'aba tiles numbered 3-8 [17.2]")
        if sorted(m.id for m in self.minor_powers) != ["bulgars", "cyprus", "socotra", "tibet"]:
            problems.append("minor powers are Bulgars, Cyprus, Tibet and Socotra [13.0]")
        if sorted(t.id for t in self.skill_tracks) != ["east", "west"]:
            problems.append("need the West and East skill tracks [11.1]")
        if problems:
            raise ValueError("; ".join(problems))
        return self


# ---------------------------------------------------------------------------------------------
# cards.yaml: the Hits and Actions Rose and the structured event vocabulary
# ---------------------------------------------------------------------------------------------


class RoseEntry(_Strict):
    """One outer hex [7.1.2]: hits (a red number adds 1d6 in the Basic game), F or F3."""

    hits: int = Field(default=0, ge=0, le=9)
    red: bool = False
    fitna: bool = False
    #: F3: three Hits if a Persian army is on the Path, otherwise a Fitna
    f3: bool = False

    @model_validator(mode="after")
    def _check_entry(self) -> RoseEntry:
        # (F3 placement on the Persian paths is checked by Rose)
        if self.fitna and (self.f3 or self.red or self.hits):
            raise ValueError("an F hex carries no number [7.1.2]")
        if self.f3 and (self.red or self.hits != 3):
            raise ValueError("an F3 hex is written {f3: true, hits: 3} [7.1.2]")
        return self

    def code(self) -> str:
        """The hex as printed: '3', 'r3' (red), 'F' or 'F3'."""
        if self.fitna:
            return "F"
        if self.f3:
            return "F3"
        return f"r{self.hits}" if self.red else str(self.hits)


class Rose(_Strict):
    greek: RoseEntry
    med: RoseEntry
    african: RoseEntry
    indian: RoseEntry
    parthian: RoseEntry
    caucasus: RoseEntry

    @model_validator(mode="after")
    def _check_f3(self) -> Rose:
        for path in PATH_ORDER:
            if self.entry(path).f3 and path not in ("indian", "parthian"):
                raise ValueError(f"F3 on the {path} path: only Persian paths can hold a Persian army")
        return self

    def entry(self, path: str) -> RoseEntry:
        value: RoseEntry = getattr(self, path)
        return value

    def codes(self) -> tuple[str, ...]:
        return tuple(self.entry(p).code() for p in PATH_ORDER)


class ActionPoints(_Strict):
    """The centre hex of the Rose: West / East AP [6.3]."""

    west: int = Field(ge=0, le=7)
    east: int = Field(ge=0, le=7)


class ArmyIn(_Strict):
    army: str
    lands: tuple[str, ...] = Field(min_length=1)


class RulerAtMost(_Strict):
    empire: EmpireId
    rating: int = Field(ge=3, le=7)


class Condition(_Strict):
    """All given parts must hold when the event resolves; otherwise the effect is skipped."""

    arab_controls: tuple[str, ...] = ()
    muslim: tuple[str, ...] = ()
    army_in: ArmyIn | None = None
    ruler_at_most: RulerAtMost | None = None

    @model_validator(mode="after")
    def _not_empty(self) -> Condition:
        if not (self.arab_controls or self.muslim or self.army_in or self.ruler_at_most):
            raise ValueError("an empty condition")
        return self

    def references(self) -> Iterator[tuple[str, str]]:
        for land in (*self.arab_controls, *self.muslim):
            yield ("land", land)
        if self.army_in is not None:
            yield ("army", self.army_in.army)
            for land in self.army_in.lands:
                yield ("land", land)


class _EffectBase(_Strict):
    #: the event's printed-style label, e.g. "Ruler: Byzantium", "← Bulgars", "Sharia Law"
    label: str | None = None
    #: the effect is ignored in the Basic game
    advanced_only: bool = False
    #: a ▲ event: optional, played at a time of the player's choosing in the Actions Phase [8.13]
    action_phase: bool = False
    condition: Condition | None = None
    note: str | None = None

    #: effect types that only exist in the Advanced rules (15.0-22.0)
    ADVANCED_CONCEPT: ClassVar[bool] = False

    def references(self) -> Iterator[tuple[str, str]]:
        """(kind, id) pairs this effect names; kind is land, army, power or path."""
        if self.condition is not None:
            yield from self.condition.references()

    def children(self) -> tuple[Effect, ...]:
        return ()


class EndOfEra(_EffectBase):
    """[6.4] Last Stand chits return and are re-chosen; Jihad, Schism and Truce end."""

    type: Literal["end_of_era"]


class GameEnd(_EffectBase):
    """[1.0, 5.2] the Abbasids oust the Umayyads: score Outcome Points."""

    type: Literal["game_end"]


class RulerChange(_EffectBase):
    """[11.2] roll a new Ruler: 1d6 + old rating + modifier (and the 11.2 modifiers)."""

    type: Literal["ruler_change"]
    empire: EmpireId
    modifier: int = Field(default=0, ge=-3, le=3)


class RulerSkill(_EffectBase):
    """Move a Ruler's rating up or down directly, within 3-7 [11.1]."""

    type: Literal["ruler_skill"]
    empire: EmpireId
    amount: int = Field(ge=-2, le=2)


class MinorPowerShift(_EffectBase):
    """[13.1] '← X' moves a track marker left (towards +1 Hit), '→ X' right."""

    type: Literal["minor_power_shift"]
    track: TrackId
    direction: Literal["left", "right"]
    steps: int = Field(default=1, ge=1, le=2)


class MinorPowerFlip(_EffectBase):
    """Flip a minor power marker to the named face (changes its appeasement cost)."""

    type: Literal["minor_power_face"]
    track: Literal["bulgars", "tibet"]
    face: str


class Kaaba(_EffectBase):
    """[17.3] the Ka'aba symbol: a new Caliph or general raises the Ka'aba Number (max 8)."""

    type: Literal["kaaba"]
    amount: int = Field(ge=1, le=3)
    leader: str
    ADVANCED_CONCEPT: ClassVar[bool] = True


class CaliphUmarI(_EffectBase):
    """[17.1.2] Syrians reinforced, now or when Damascus becomes the Islamic Capital."""

    type: Literal["caliph_umar_i"]
    kaaba_increase: int = Field(ge=3, le=5)
    kaaba_increase_if_monophysite: int = Field(ge=3, le=5)
    kaaba_increase_optional_rule: int = Field(ge=3, le=5)
    ADVANCED_CONCEPT: ClassVar[bool] = True


class ShariaLaw(_EffectBase):
    """[18.1] Dar al-Islam rolls begin on the next turn."""

    type: Literal["sharia_law"]
    ADVANCED_CONCEPT: ClassVar[bool] = True


class RightlyGuidedArmy(_EffectBase):
    """[3.2.1] the set-aside red-star cards are shuffled into the rest of the green deck."""

    type: Literal["rightly_guided_army"]
    ADVANCED_CONCEPT: ClassVar[bool] = True


class TruceOffer(_EffectBase):
    """[22.0] ● a Truce is offered; decided in the Diplomacy Step."""

    type: Literal["truce_offer"]
    empire: EmpireId
    ADVANCED_CONCEPT: ClassVar[bool] = True


class Jihad(_EffectBase):
    """[17.6] a Jihad against an Empire, One Front or Alternating."""

    type: Literal["jihad"]
    target: EmpireId
    mode: Literal["alternating", "one_front"]
    ADVANCED_CONCEPT: ClassVar[bool] = True


class BaqtOffer(_EffectBase):
    """[16.3] a Baqt may be signed in the Diplomacy Step if the country holds a flag Land."""

    type: Literal["baqt_offer"]
    country: str
    ADVANCED_CONCEPT: ClassVar[bool] = True

    def references(self) -> Iterator[tuple[str, str]]:
        yield from super().references()
        yield ("power", self.country)


class Revolt(_EffectBase):
    """[16.4] Armenia or Nubia revolts: breaks a Baqt, creates a Great King with AP."""

    type: Literal["revolt"]
    country: str
    great_king_ap: int = Field(default=3, ge=1, le=6)
    ADVANCED_CONCEPT: ClassVar[bool] = True

    def references(self) -> Iterator[tuple[str, str]]:
        yield from super().references()
        yield ("power", self.country)


class GreatKingEvent(_EffectBase):
    """[16.5] a Great King appears for the active army of a Path (replacing any other)."""

    type: Literal["great_king"]
    path: Literal["african", "caucasus"]
    ap: int = Field(ge=1, le=6)
    name: str
    ADVANCED_CONCEPT: ClassVar[bool] = True


class EcumenicalCouncil(_EffectBase):
    """[20.2] the player may change the Byzantine religion (then Schism side up)."""

    type: Literal["ecumenical_council"]
    ADVANCED_CONCEPT: ClassVar[bool] = True


class Schism(_EffectBase):
    """Flip the Byzantine Religion marker to its Schism side (-1 on Byzantine ruler rolls)."""

    type: Literal["schism"]
    ADVANCED_CONCEPT: ClassVar[bool] = True


class GreekFireEvent(_EffectBase):
    """[12.1] the Greek Fleet flips to its +3 side."""

    type: Literal["greek_fire"]


class SardinianRaids(_EffectBase):
    """[13.2] Cyprus flips to its Med side."""

    type: Literal["sardinian_raids"]


class Iconoclasm(_EffectBase):
    """[12.3] the Icons are lost; the Themes (their back) may be raised in a listed Land."""

    type: Literal["iconoclasm"]
    themes_lands: tuple[str, ...] = Field(min_length=1)

    def references(self) -> Iterator[tuple[str, str]]:
        yield from super().references()
        for land in self.themes_lands:
            yield ("land", land)


class Munnuza(_EffectBase):
    """[8.5.3] the Berbers become Catholic for the rest of the game."""

    type: Literal["munnuza"]


class DrawNextCard(_EffectBase):
    """This card has no Rose: draw the next card at once and play it as this turn's card."""

    type: Literal["draw_next_card"]


class JewishMarker(_EffectBase):
    """[19.1] place the Jewish marker in a Land, '+1 Hit' or '-1 Hit' side up."""

    type: Literal["jewish_marker"]
    land: str
    side: Literal["plus_one", "minus_one"]
    ADVANCED_CONCEPT: ClassVar[bool] = True

    def references(self) -> Iterator[tuple[str, str]]:
        yield from super().references()
        yield ("land", self.land)


class BerberRevolt(_EffectBase):
    """[14.5] the Berbers leave the Berber Revolt box and enter the Med path as active army."""

    type: Literal["berber_revolt"]
    land: str

    def references(self) -> Iterator[tuple[str, str]]:
        yield from super().references()
        yield ("land", self.land)


class ArmyStepLoss(_EffectBase):
    """The army loses steps (strong->weak->shattered); a shattered army retreats a Land."""

    type: Literal["army_step_loss"]
    army: str
    steps: int = Field(default=1, ge=1, le=2)

    def references(self) -> Iterator[tuple[str, str]]:
        yield from super().references()
        yield ("army", self.army)


class ArmyRetreat(_EffectBase):
    """The army moves Lands away from Mecca (no effect in an Ends of the Earth Land)."""

    type: Literal["army_retreat"]
    army: str
    lands: int = Field(default=1, ge=1, le=2)

    def references(self) -> Iterator[tuple[str, str]]:
        yield from super().references()
        yield ("army", self.army)


class ArmyAdvance(_EffectBase):
    """An army (or a Path's active army) moves Lands toward Mecca without battle.

    It never enters Mecca or the Islamic Capital, and stops on meeting another army.
    """

    type: Literal["army_advance"]
    army: str | None = None
    path: PathId | None = None
    lands: int = Field(default=1, ge=1, le=2)

    @model_validator(mode="after")
    def _one_target(self) -> ArmyAdvance:
        if (self.army is None) == (self.path is None):
            raise ValueError("army_advance names either an army or a path")
        return self

    def references(self) -> Iterator[tuple[str, str]]:
        yield from super().references()
        if self.army is not None:
            yield ("army", self.army)


class ArmyReplace(_EffectBase):
    """One army tile replaces another in the same Land (if the old one is on the map)."""

    type: Literal["army_replace"]
    path: PathId
    old: str
    new: str
    new_strength: Strength = "strong"

    def references(self) -> Iterator[tuple[str, str]]:
        yield from super().references()
        yield ("army", self.old)
        yield ("army", self.new)


class RemoveCastle(_EffectBase):
    """Remove the castle in a Land to the Units Out of Play box (it may be rebuilt)."""

    type: Literal["remove_castle"]
    land: str

    def references(self) -> Iterator[tuple[str, str]]:
        yield from super().references()
        yield ("land", self.land)


class IslamAdvance(_EffectBase):
    """The face-up Islam marker of a Path advances.

    It never enters a player-held, Baqt or round Land.
    """

    type: Literal["islam_advance"]
    path: PathId
    #: all the way to the Arab-held Land facing the player's active army
    to_front: bool = False


class DisruptIslam(_EffectBase):
    """Flip Islam markers to Disrupted [10.4] (never in Mecca)."""

    type: Literal["disrupt_islam"]
    paths: tuple[PathId, ...] = Field(min_length=1)
    #: the player chooses this many of the listed paths; None = all listed paths
    choose: int | None = Field(default=None, ge=1)


class UndisruptIslam(_EffectBase):
    """Flip Disrupted Islam markers face up, except those in player-controlled Lands."""

    type: Literal["undisrupt_islam"]
    paths: tuple[PathId, ...] = Field(min_length=1)


class ConversionRoll(_EffectBase):
    """An extra Conversion roll [14.3] on each listed Path that has an eligible Land."""

    type: Literal["conversion_roll"]
    paths: tuple[PathId, ...] = Field(min_length=1)
    #: a Land converted by this roll receives the marker on its Disrupted side
    disrupted_on_success: bool = True
    #: where the roll fails, the Path's active army may advance one Land free
    active_army_advances_on_failure: bool = False


class CapitalMove(_EffectBase):
    """The player may move the Capital to another listed, controlled, Christian Land."""

    type: Literal["capital_move"]
    empire: EmpireId
    lands: tuple[str, ...] = Field(min_length=2)

    def references(self) -> Iterator[tuple[str, str]]:
        yield from super().references()
        for land in self.lands:
            yield ("land", land)


class BonusAP(_EffectBase):
    """[6.3.3] gain bonus AP tokens (red = East, blue = West, purple = anywhere)."""

    type: Literal["bonus_ap"]
    colour: Literal["red", "blue", "purple"]
    amount: int = Field(ge=1, le=3)


class TheaterAP(_EffectBase):
    """Raise a Theater's AP marker (subject to the Rulership limit, 6.3.1)."""

    type: Literal["theater_ap"]
    theater: Literal["west", "east"]
    amount: int = Field(ge=1, le=3)


class FreeAttack(_EffectBase):
    """▲ one attack on the Path at no AP cost (by one of the listed armies if active)."""

    type: Literal["free_attack"]
    path: PathId
    armies: tuple[str, ...] = ()
    drm: int = Field(default=0, ge=0, le=2)

    def references(self) -> Iterator[tuple[str, str]]:
        yield from super().references()
        for army in self.armies:
            yield ("army", army)


class FreeRally(_EffectBase):
    """▲ rally one of the listed armies (if active, not Cursed) by ``steps`` at no AP cost."""

    type: Literal["free_rally"]
    armies: tuple[str, ...] = Field(min_length=1)
    steps: int = Field(default=1, ge=1, le=2)

    def references(self) -> Iterator[tuple[str, str]]:
        yield from super().references()
        for army in self.armies:
            yield ("army", army)


class FleetFreeUse(_EffectBase):
    """▲ this turn the Greek Fleet may act on the listed Paths without going to 'Used'."""

    type: Literal["fleet_free_use"]
    paths: tuple[Literal["greek", "med"], ...] = Field(min_length=1)
    #: the Cyprus position does not limit which fleet missions are allowed [8.5]
    ignore_cyprus: bool = False


class ChoiceEffect(_EffectBase):
    """The player picks one option (a list of effects) when the event resolves."""

    type: Literal["choice"]
    options: tuple[tuple[Effect, ...], ...] = Field(min_length=2)

    def children(self) -> tuple[Effect, ...]:
        return tuple(e for option in self.options for e in option)


class FirstPossible(_EffectBase):
    """Apply the first listed effect that would change anything; ignore the rest."""

    type: Literal["first_possible"]
    effects: tuple[Effect, ...] = Field(min_length=2)

    def children(self) -> tuple[Effect, ...]:
        return self.effects


Effect = Annotated[
    EndOfEra
    | GameEnd
    | RulerChange
    | RulerSkill
    | MinorPowerShift
    | MinorPowerFlip
    | Kaaba
    | CaliphUmarI
    | ShariaLaw
    | RightlyGuidedArmy
    | TruceOffer
    | Jihad
    | BaqtOffer
    | Revolt
    | GreatKingEvent
    | EcumenicalCouncil
    | Schism
    | GreekFireEvent
    | SardinianRaids
    | Iconoclasm
    | Munnuza
    | DrawNextCard
    | JewishMarker
    | BerberRevolt
    | ArmyStepLoss
    | ArmyRetreat
    | ArmyAdvance
    | ArmyReplace
    | RemoveCastle
    | IslamAdvance
    | DisruptIslam
    | UndisruptIslam
    | ConversionRoll
    | CapitalMove
    | BonusAP
    | TheaterAP
    | FreeAttack
    | FreeRally
    | FleetFreeUse
    | ChoiceEffect
    | FirstPossible,
    Field(discriminator="type"),
]

ChoiceEffect.model_rebuild()
FirstPossible.model_rebuild()

EFFECT_CLASSES: tuple[type[_EffectBase], ...] = (
    EndOfEra,
    GameEnd,
    RulerChange,
    RulerSkill,
    MinorPowerShift,
    MinorPowerFlip,
    Kaaba,
    CaliphUmarI,
    ShariaLaw,
    RightlyGuidedArmy,
    TruceOffer,
    Jihad,
    BaqtOffer,
    Revolt,
    GreatKingEvent,
    EcumenicalCouncil,
    Schism,
    GreekFireEvent,
    SardinianRaids,
    Iconoclasm,
    Munnuza,
    DrawNextCard,
    JewishMarker,
    BerberRevolt,
    ArmyStepLoss,
    ArmyRetreat,
    ArmyAdvance,
    ArmyReplace,
    RemoveCastle,
    IslamAdvance,
    DisruptIslam,
    UndisruptIslam,
    ConversionRoll,
    CapitalMove,
    BonusAP,
    TheaterAP,
    FreeAttack,
    FreeRally,
    FleetFreeUse,
    ChoiceEffect,
    FirstPossible,
)


def effect_type_name(cls: type[_EffectBase]) -> str:
    """The ``type:`` tag of an effect class."""
    annotation = cls.model_fields["type"].annotation
    args: tuple[str, ...] = getattr(annotation, "__args__", ())
    return args[0]


EFFECT_TYPES: frozenset[str] = frozenset(effect_type_name(c) for c in EFFECT_CLASSES)


def revolt_king(power: str) -> str:
    """[16.4.3] the Great King a Revolt of ``power`` (its name: "Armenians") brings."""
    return f"the leader of the {power} in revolt"


def great_king_names(content: JihadContent) -> tuple[str, ...]:
    """[16.4.3, 16.5] the names of the Great Kings the cards can bring: a Great King card's,
    and the leader of each Revolt."""
    names: list[str] = []
    for card in content.cards.cards:
        for effect in walk_effects(card.events):
            if isinstance(effect, GreatKingEvent):
                names.append(effect.name)
            elif isinstance(effect, Revolt):
                names.append(revolt_king(content.power(effect.country).name))
    return tuple(dict.fromkeys(names))


def walk_effects(effects: tuple[Effect, ...]) -> Iterator[Effect]:
    """Every effect in ``effects``, depth first, including those nested in choices."""
    for effect in effects:
        yield effect
        yield from walk_effects(effect.children())


Era = Literal["green", "yellow", "red", "black"]
#: [3.2] the card numbers of each era
ERA_RANGES: dict[str, range] = {
    "green": range(1, 13),
    "yellow": range(13, 25),
    "red": range(25, 37),
    "black": range(37, 51),
}


class Card(Sourced):
    number: int = Field(ge=1, le=50)
    title: str = Field(min_length=1)
    era: Era
    #: [2.2, 15.4] a boxed number: Advanced game only
    boxed: bool = False
    #: [3.2.1] Advanced game: set aside until the Rightly Guided Army event
    red_star: bool = False
    rose: Rose | None
    ap: ActionPoints | None
    events: tuple[Effect, ...] = ()
    text: str = Field(min_length=1)

    @model_validator(mode="after")
    def _check_card(self) -> Card:
        if self.number not in ERA_RANGES[self.era]:
            raise ValueError(f"card {self.number}: not in the {self.era} era's range [3.2]")
        if (self.rose is None) != (self.ap is None):
            raise ValueError(f"card {self.number}: the AP hex is the centre of the Rose [6.3]")
        for effect in walk_effects(self.events):
            if effect.ADVANCED_CONCEPT and not effect.advanced_only:
                raise ValueError(
                    f"card {self.number}: a {effect_type_name(type(effect))} event exists only "
                    "in the Advanced game; mark it advanced_only: true"
                )
        return self

    @property
    def basic(self) -> bool:
        """[3.2.1] used in the Basic game (every card without a boxed number)."""
        return not self.boxed


class CardsFile(_Strict):
    provenance: FileProvenance
    #: documentation of every effect type, checked against the models
    effect_types: dict[str, str]
    cards: tuple[Card, ...]

    @model_validator(mode="after")
    def _check_cards(self) -> CardsFile:
        problems: list[str] = []
        numbers = [c.number for c in self.cards]
        if numbers != list(range(1, 51)):
            problems.append("cards must be numbered 1-50, each once, in order [2.2]")
        if sum(c.boxed for c in self.cards) != 12:
            problems.append("exactly 12 boxed (Advanced) cards [2.2]")
        documented = set(self.effect_types)
        if documented != EFFECT_TYPES:
            problems.append(
                "effect_types must document exactly the model's types: missing "
                f"{sorted(EFFECT_TYPES - documented)}, unknown {sorted(documented - EFFECT_TYPES)}"
            )
        by_number = {c.number: c for c in self.cards}
        for first in (13, 25, 37):
            card = by_number.get(first)
            if card is not None and not any(e.type == "end_of_era" for e in card.events):
                problems.append(f"card {first}: the first card of an era is an End of an Era [6.4]")
        for card in self.cards:
            if card.number not in (13, 25, 37) and any(e.type == "end_of_era" for e in card.events):
                problems.append(f"card {card.number}: End of an Era only on #13, #25, #37 [6.4]")
        last = by_number.get(50)
        if last is not None and not any(e.type == "game_end" for e in last.events):
            problems.append("card 50 ends the game [1.0]")
        if problems:
            raise ValueError("; ".join(problems))
        return self


# ---------------------------------------------------------------------------------------------
# setup.yaml
# ---------------------------------------------------------------------------------------------


class ArmyStart(_Strict):
    army: str
    at: str
    strength: Strength


class PiecePlacement(_Strict):
    piece: str
    at: str
    side: str | None = None


class TrackStart(_Strict):
    track: TrackId
    box: Literal[1, 0, -1]
    face: str


class DeckSetup(_Strict):
    remove_boxed: bool
    set_aside_red_star: bool
    fixed_first: tuple[int, ...]
    fixed_last: int


class Setup(Sourced):
    id: Literal["basic", "advanced"]
    extends: Literal["basic"] | None = None
    armies: tuple[ArmyStart, ...]
    pieces: tuple[PiecePlacement, ...]
    ruler_ratings: dict[str, int]
    ap: dict[str, int]
    minor_powers: tuple[TrackStart, ...]
    kaaba_number: int | None = Field(default=None, ge=2, le=8)
    deck: DeckSetup


class HitListItem(Sourced):
    order: int = Field(ge=1)
    id: str = Field(pattern=ID_PATTERN)
    name: str
    modifier: str
    applies: str


class RulershipRow(Sourced):
    """[11.2] the red (modified total) row -> the green (new rating) row."""

    total: int
    rating: int = Field(ge=3, le=7)


class RulershipTable(Sourced):
    below_range_rating: int = Field(ge=3, le=7)
    above_range_rating: int = Field(ge=3, le=7)
    rows: tuple[RulershipRow, ...]

    @model_validator(mode="after")
    def _check_rows(self) -> RulershipTable:
        totals = [r.total for r in self.rows]
        if totals != list(range(totals[0], totals[0] + len(totals))):
            raise ValueError("rulership rows must cover consecutive totals in order")
        return self

    def new_rating(self, total: int) -> int:
        """The green number for a modified total (totals off the table use the end values)."""
        if total < self.rows[0].total:
            return self.below_range_rating
        if total > self.rows[-1].total:
            return self.above_range_rating
        return next(r.rating for r in self.rows if r.total == total)


DarResult = Literal[
    "mardaite_move",
    "manichee_move",
    "parsee_move",
    "zabulistan",
    "icons_baqt",
    "mardaite_raid",
    "kharijites_n",
    "kharijites_s",
]


class DarAlIslamRow(Sourced):
    total: int = Field(ge=4, le=20)
    result: DarResult
    rule: str


class DarAlIslamTable(Sourced):
    dice: Literal["2d6+kaaba"]
    rows: tuple[DarAlIslamRow, ...]

    @model_validator(mode="after")
    def _check_rows(self) -> DarAlIslamTable:
        if [r.total for r in self.rows] != list(range(4, 21)):
            raise ValueError("the Dar al-Islam table needs one row for each total 4-20 [18.1]")
        if {r.result for r in self.rows} != set(get_args(DarResult)):
            raise ValueError("every Dar al-Islam result [18.2-18.6] must appear on the table")
        return self

    def result(self, total: int) -> DarAlIslamRow:
        return next(r for r in self.rows if r.total == min(max(total, 4), 20))


class OutcomeBand(Sourced):
    min_points: int | None
    max_points: int | None
    result: str


class KaabaAdjustment(Sourced):
    kaaba: int = Field(ge=2, le=8)
    points: int


class Outcome(_Strict):
    bands: tuple[OutcomeBand, ...]
    kaaba_adjustment: tuple[KaabaAdjustment, ...]
    scoring: tuple[str, ...]

    def band(self, points: int) -> OutcomeBand:
        for band in self.bands:
            if (band.min_points is None or points >= band.min_points) and (
                band.max_points is None or points <= band.max_points
            ):
                return band
        raise ValueError(f"no band for {points} Outcome Points")


class SequenceStep(_Strict):
    id: str
    name: str
    rule: str
    advanced_only: bool = False
    reconstructed: bool = False
    note: str | None = None
    steps: tuple[SequenceStep, ...] = ()


class SetupFile(_Strict):
    provenance: FileProvenance
    setups: tuple[Setup, ...]
    hit_list: tuple[HitListItem, ...]
    rulership_table: RulershipTable
    dar_al_islam_table: DarAlIslamTable
    outcome: Outcome
    sequence_of_play: tuple[SequenceStep, ...]

    @model_validator(mode="after")
    def _check_setup_file(self) -> SetupFile:
        if [s.id for s in self.setups] != ["basic", "advanced"]:
            raise ValueError("setups: basic then advanced")
        if [h.order for h in self.hit_list] != list(range(1, len(self.hit_list) + 1)):
            raise ValueError("hit_list: order must run 1, 2, 3, ...")
        if [s.id for s in self.sequence_of_play] != ["A", "B", "C", "D", "E"]:
            raise ValueError("sequence_of_play: steps A-E [4.1]")
        return self

    def setup(self, advanced: bool) -> Setup:
        """The set-up record itself (the Advanced one lists only what it adds)."""
        return self.setups[1 if advanced else 0]

    def _layers(self, advanced: bool) -> tuple[Setup, ...]:
        """The set-up records one game uses, the one it extends first."""
        top = self.setup(advanced)
        base = tuple(s for s in self.setups if s.id == top.extends)
        return (*base, top)

    def start_armies(self, advanced: bool) -> tuple[ArmyStart, ...]:
        """Every army's start, the Advanced additions included when ``advanced``."""
        return tuple(a for layer in self._layers(advanced) for a in layer.armies)

    def start_pieces(self, advanced: bool) -> tuple[PiecePlacement, ...]:
        return tuple(p for layer in self._layers(advanced) for p in layer.pieces)

    def start_tracks(self, advanced: bool) -> tuple[TrackStart, ...]:
        return tuple(t for layer in self._layers(advanced) for t in layer.minor_powers)

    def start_ruler_ratings(self, advanced: bool) -> dict[str, int]:
        ratings: dict[str, int] = {}
        for layer in self._layers(advanced):
            ratings.update(layer.ruler_ratings)
        return ratings

    def start_ap(self, advanced: bool) -> dict[str, int]:
        ap: dict[str, int] = {}
        for layer in self._layers(advanced):
            ap.update(layer.ap)
        return ap


# ---------------------------------------------------------------------------------------------
# The whole content: cross-references between files
# ---------------------------------------------------------------------------------------------


class Problem(_Strict):
    """A cross-reference problem: the file, the key path inside it, and what is wrong."""

    file: str
    loc: tuple[str | int, ...]
    message: str

    def __str__(self) -> str:
        where = ".".join(str(p) for p in self.loc)
        return f"{self.file}: {where}: {self.message}"


class ContentReferenceError(ValueError):
    """Raised by :class:`JihadContent` validation; carries the structured problems."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


class JihadContent(_Strict):
    map: MapFile
    powers: PowersFile
    cards: CardsFile
    setup: SetupFile

    _lands: dict[str, Land] = PrivateAttr(default_factory=dict)
    _armies: dict[str, ArmyCounter] = PrivateAttr(default_factory=dict)
    _powers: dict[str, Power] = PrivateAttr(default_factory=dict)

    def model_post_init(self, context: Any, /) -> None:
        self._lands = {land.id: land for land in self.map.lands}
        self._armies = {army.id: army for army in self.powers.armies}
        self._powers = {power.id: power for power in self.powers.powers}

    @model_validator(mode="after")
    def _check_references(self) -> JihadContent:
        problems = list(reference_problems(self))
        if problems:
            raise ContentReferenceError(problems)
        return self

    # -- lookups -------------------------------------------------------------------------------

    def land(self, land_id: str) -> Land:
        return self._lands[land_id]

    def path(self, path_id: str) -> PathDef:
        return next(p for p in self.map.paths if p.id == path_id)

    def path_lands(self, path_id: str) -> list[Land]:
        """The Lands of a Path in order from Mecca outward."""
        return [self._lands[i] for i in self.path(path_id).lands]

    def army(self, army_id: str) -> ArmyCounter:
        return self._armies[army_id]

    def power(self, power_id: str) -> Power:
        return self._powers[power_id]

    def card(self, number: int) -> Card:
        return self.cards.cards[number - 1]

    def minor_power(self, track: str) -> MinorPower:
        return next(m for m in self.powers.minor_powers if m.id == track)

    def piece_ids(self) -> set[str]:
        """Every identifier a set-up may place."""
        p = self.powers
        ids: set[str] = {a.id for a in p.armies}
        for group in (p.castles, p.capitals, p.rulers, p.blessings, p.refugees, p.markers):
            ids.update(x.id for x in group)
        ids.update(c.id for c in p.last_stand_chits)
        ids.add(p.great_king.id)
        ids.update(f"kaaba_{t.value}" for t in p.kaaba_tiles)
        return ids

    def piece_sides(self, piece_id: str) -> set[str] | None:
        """The side names a set-up may give a piece (None: not a two-sided piece we track)."""
        p = self.powers
        for marker in p.markers:
            if marker.id == piece_id:
                return set(marker.sides)
        for blessing in p.blessings:
            if blessing.id == piece_id:
                return {s.id for s in blessing.sides}
        for castle in p.castles:
            if castle.id == piece_id:
                if castle.kind == "major":
                    return {"strong", "weak"}
                return {castle.owner, castle.back_owner or castle.owner}
        if any(c.id == piece_id for c in p.capitals):
            return {"strong", "weak"}
        for chit in p.last_stand_chits:
            if chit.id == piece_id:
                return set(chit.sides)
        return None

    def place_ids(self) -> set[str]:
        """Every Land, Mecca, and every box a piece may sit in."""
        return {*self._lands, "mecca", *(b.id for b in self.map.boxes)}


def _effect_problems(content: JihadContent, effect: Effect) -> Iterator[str]:
    lands = content._lands
    armies = content._armies
    powers = content._powers
    for kind, ref in effect.references():
        if kind == "land" and ref not in lands:
            yield f"unknown land {ref!r}"
        elif kind == "army" and ref not in armies:
            yield f"unknown army {ref!r}"
        elif kind == "power" and ref not in powers:
            yield f"unknown power {ref!r}"
    if isinstance(effect, BaqtOffer | Revolt):
        power = powers.get(effect.country)
        if power is not None and not power.baqt_country:
            yield f"{effect.country!r} cannot sign a Baqt or revolt; only Armenia and Nubia [16.4]"
    if isinstance(effect, MinorPowerFlip):
        faces = {f.id for f in content.minor_power(effect.track).faces}
        if effect.face not in faces:
            yield f"{effect.track} has no face {effect.face!r} (faces: {sorted(faces)})"
    if isinstance(effect, ArmyReplace):
        for army_id in (effect.old, effect.new):
            army = armies.get(army_id)
            if army is not None and army.path != effect.path:
                yield f"army {army_id!r} is not a {effect.path} path army"
    if isinstance(effect, FreeAttack):
        for army_id in effect.armies:
            army = armies.get(army_id)
            if army is not None and army.path != effect.path:
                yield f"army {army_id!r} is not a {effect.path} path army"
    socotra = isinstance(effect, MinorPowerShift) and effect.track == "socotra"
    if socotra and not effect.advanced_only:
        yield "Socotra exists only in the Advanced game [13.0]; mark advanced_only: true"
    if isinstance(effect, JewishMarker | BerberRevolt | RemoveCastle):
        land = lands.get(effect.land)
        if land is not None and land.shape == "round":
            yield f"{effect.land!r} is an Ends of the Earth Land"
    if isinstance(effect, BerberRevolt):
        land = lands.get(effect.land)
        if land is not None and land.path != "med":
            yield "the Berbers enter the Med path [14.5]"
    if isinstance(effect, CapitalMove) and effect.empire == "byzantium":
        for land_id in effect.lands:
            land = lands.get(land_id)
            if land is not None and "byzantine_capital_site" not in land.tags:
                yield f"{land_id!r} is not a Byzantine Capital site [8.8.2]"


def reference_problems(content: JihadContent) -> Iterator[Problem]:
    """Every dangling or inconsistent reference across the four files."""
    lands = content._lands
    armies = content._armies
    powers = content._powers

    # map <-> powers
    for power in content.powers.powers:
        for path in power.paths:
            if path in ADVANCED_PATHS and not power.advanced_only and power.id != "byzantium":
                yield Problem(
                    file="powers.yaml",
                    loc=("powers", power.id),
                    message=f"{path} path powers are Advanced-only",
                )
    for i, castle in enumerate(content.powers.castles):
        for path in castle.forbidden_paths:
            if path not in PATH_ORDER:
                yield Problem(file="powers.yaml", loc=("castles", i), message=f"unknown path {path}")
    for i, capital in enumerate(content.powers.capitals):
        basic_pieces = content.setup.start_pieces(advanced=False)
        placed_at = [p.at for p in basic_pieces if p.piece == capital.id]
        if placed_at != [capital.start_land]:
            yield Problem(
                file="powers.yaml",
                loc=("capitals", i, "start_land"),
                message=f"{capital.id} starts in {capital.start_land}; set-up says {placed_at}",
            )
        for land_id in capital.rebuild_lands:
            if land_id not in lands:
                yield Problem(
                    file="powers.yaml",
                    loc=("capitals", i, "rebuild_lands"),
                    message=f"unknown land {land_id!r}",
                )
    for land in content.map.lands:
        for kind in ("military_heartland", "religious_heartland"):
            empire = getattr(land, kind)
            if empire is not None and empire in powers and land.path not in powers[empire].paths:
                yield Problem(
                    file="map.yaml",
                    loc=("lands", content.map.lands.index(land), kind),
                    message=f"{land.id} is not on a {empire} path [21.5]",
                )
    for i, each_ruler in enumerate(content.powers.rulers):
        tracks = content.powers.skill_tracks
        skill_track = next((t for t in tracks if t.id == each_ruler.track), None)
        if skill_track is None or each_ruler.max_rating not in skill_track.boxes:
            yield Problem(
                file="powers.yaml",
                loc=("rulers", i),
                message=f"ruler {each_ruler.id}: the {each_ruler.track} track has no box "
                f"{each_ruler.max_rating}",
            )

    # cards
    for c, card in enumerate(content.cards.cards):
        for e, effect in enumerate(card.events):
            for nested in walk_effects((effect,)):
                for message in _effect_problems(content, nested):
                    yield Problem(
                        file="cards.yaml",
                        loc=("cards", c, "events", e),
                        message=f"card {card.number} ({card.title}): {message}",
                    )

    # setup
    pieces = content.piece_ids()
    places = content.place_ids()
    for s, setup in enumerate(content.setup.setups):
        for a, start in enumerate(setup.armies):
            army = armies.get(start.army)
            loc: tuple[str | int, ...] = ("setups", s, "armies", a)
            if army is None:
                yield Problem(file="setup.yaml", loc=loc, message=f"unknown army {start.army!r}")
                continue
            if start.at not in places:
                yield Problem(file="setup.yaml", loc=loc, message=f"unknown place {start.at!r}")
            elif start.at in lands and lands[start.at].path != army.path:
                yield Problem(
                    file="setup.yaml",
                    loc=loc,
                    message=f"army {army.id} starts in {start.at}, off its {army.path} path",
                )
            if start.strength == "strong" and army.strong is None:
                yield Problem(file="setup.yaml", loc=loc, message=f"{army.id} has no strong side")
            if army.advanced_only and setup.id == "basic":
                yield Problem(file="setup.yaml", loc=loc, message=f"{army.id} is Advanced-only")
        for p, placement in enumerate(setup.pieces):
            loc = ("setups", s, "pieces", p)
            if placement.piece not in pieces:
                yield Problem(file="setup.yaml", loc=loc, message=f"unknown piece {placement.piece!r}")
            if placement.at not in places:
                yield Problem(file="setup.yaml", loc=loc, message=f"unknown place {placement.at!r}")
            sides = content.piece_sides(placement.piece)
            if placement.side is not None and sides is not None and placement.side not in sides:
                yield Problem(
                    file="setup.yaml",
                    loc=loc,
                    message=f"{placement.piece} has no side {placement.side!r} (sides: {sorted(sides)})",
                )
        for ruler_id, rating in setup.ruler_ratings.items():
            ruler = next((r for r in content.powers.rulers if r.id == ruler_id), None)
            if ruler is None:
                yield Problem(
                    file="setup.yaml",
                    loc=("setups", s, "ruler_ratings", ruler_id),
                    message=f"unknown ruler {ruler_id!r}",
                )
            elif not ruler.min_rating <= rating <= ruler.max_rating:
                yield Problem(
                    file="setup.yaml",
                    loc=("setups", s, "ruler_ratings", ruler_id),
                    message=f"rating {rating} outside {ruler.min_rating}-{ruler.max_rating} [11.1]",
                )
        for theater, ap in setup.ap.items():
            ruler = next((r for r in content.powers.rulers if r.track == theater), None)
            if ruler is None:
                yield Problem(file="setup.yaml", loc=("setups", s, "ap", theater), message="unknown theater")
            elif ap >= setup.ruler_ratings.get(ruler.id, 8):
                yield Problem(
                    file="setup.yaml",
                    loc=("setups", s, "ap", theater),
                    message="AP may never reach the Ruler's box [6.3.1]",
                )
        for t, track in enumerate(setup.minor_powers):
            faces = {f.id for f in content.minor_power(track.track).faces}
            if track.face not in faces:
                yield Problem(
                    file="setup.yaml",
                    loc=("setups", s, "minor_powers", t),
                    message=f"{track.track} has no face {track.face!r}",
                )
    # the Advanced set-up adds to the Basic one: together they place every army tile once
    placed = [a.army for setup in content.setup.setups for a in setup.armies]
    for army_id in sorted({a for a in placed if placed.count(a) > 1}):
        yield Problem(file="setup.yaml", loc=("setups",), message=f"army {army_id} placed twice")
    for army_id in sorted(set(armies) - set(placed)):
        yield Problem(file="setup.yaml", loc=("setups",), message=f"army {army_id} never placed")
    put = [p.piece for setup in content.setup.setups for p in setup.pieces]
    for piece_id in sorted({p for p in put if put.count(p) > 1}):
        yield Problem(file="setup.yaml", loc=("setups",), message=f"piece {piece_id} placed twice")
    advanced_markers = {m.id for m in content.powers.markers if m.advanced_only}
    advanced_markers.update(r.id for r in content.powers.refugees)
    for p, placement in enumerate(content.setup.setup(advanced=False).pieces):
        if placement.piece in advanced_markers:
            yield Problem(
                file="setup.yaml",
                loc=("setups", 0, "pieces", p),
                message=f"{placement.piece} is an Advanced-game piece [2.3, 15.3]",
            )


def _format_problems(directory: Path, problems: list[Problem]) -> str:
    lines_by_file: dict[str, dict[tuple[Any, ...], int]] = {}
    out: list[str] = []
    for problem in problems:
        if problem.file not in lines_by_file:
            _, lines_by_file[problem.file] = read_yaml(directory / problem.file)
        lines = lines_by_file[problem.file]
        line = None
        for cut in range(len(problem.loc), -1, -1):
            line = lines.get(problem.loc[:cut])
            if line is not None:
                break
        where = f"{directory / problem.file}:{line}" if line else str(directory / problem.file)
        field = ".".join(str(p) for p in problem.loc)
        out.append(f"{where}: {field}: {problem.message}")
    return "\n".join(out)


def load_content(directory: Path = CONTENT_DIR) -> JihadContent:
    """Read and validate the four content files; raises ``ContentError`` naming file and line."""
    map_file = load_model(directory / "map.yaml", MapFile)
    powers = load_model(directory / "powers.yaml", PowersFile)
    cards = load_model(directory / "cards.yaml", CardsFile)
    setup = load_model(directory / "setup.yaml", SetupFile)
    try:
        return JihadContent(map=map_file, powers=powers, cards=cards, setup=setup)
    except ValidationError as exc:
        for err in exc.errors():
            cause = err.get("ctx", {}).get("error")
            if isinstance(cause, ContentReferenceError):
                raise ContentError(_format_problems(directory, cause.problems)) from None
        raise ContentError(str(exc)) from None


@cache
def load_default_content() -> JihadContent:
    """The shipped content, loaded once and shared (it is immutable)."""
    return load_content()


# =============================================================================================
# Options
# =============================================================================================


class JihadOptions(GameOptions):
    """Options of The First Jihad: the Basic Game (rules 1-14) or the Advanced Game (15-22);
    the other options each pick one of two plausible readings of an unclear rule (the defaults
    are the readings argued for in NOTES.md)."""

    advanced: bool = Field(
        False,
        description=(
            "[15.0] play the Advanced Game (rules 15-22): six Paths with the African and Caucasus "
            "Paths, all 50 cards, the Syrians and Jihads, the Dar al-Islam Table, Jews and Refugees, "
            "Byzantine Religion, Critical Cities and Trade, and Truces."
        ),
    )

    persian_truce: Literal["both", "either"] = Field(
        "both",
        description=(
            "[22.2, Advanced Game] when Persia may accept the Persian Truce: 'both' needs no "
            "Zoroastrian Land converted AND Persian armies in Nehavend and Yezd; 'either' lets "
            "either condition do ('if neither applies, Persia must reject')."
        ),
    )
    syrian_muster: Literal["damascus", "start"] = Field(
        "damascus",
        description=(
            "[17.1.1, Advanced Game] when Ka'aba symbols start to count: 'damascus' only once "
            "Damascus is the Islamic Capital and card #2 has been drawn (the Syrians 'first get "
            "reinforcements' then); 'start' from the first turn."
        ),
    )
    baqt_country: Literal["active", "present"] = Field(
        "active",
        description=(
            "[16.3, Advanced Game] who may sign a Baqt: 'active' - the Country (Armenia or Nubia) "
            "as the Path's active army in a flag Land; 'present' - also while it still stands "
            "neutral in its start Land behind the Byzantine Garrison (a Full Baqt; the Garrison "
            "stays where it is)."
        ),
    )
    tribal_jihad: bool = Field(
        False,
        description=(
            "[17.2, 17.6.5, Advanced Game] may a Jihad start while the Ka'aba Number is 2? false: "
            "no (only the Syrian side is ready for Jihad, and a Number of 2 ends one); true: yes, "
            "with the Tribal Mujahideen (2 Hits a turn, and the Number never falls)."
        ),
    )
    besieged_land: Literal["arab", "disputed"] = Field(
        "arab",
        description=(
            "[2.1.5, 7.4.3] who holds the Land of an army besieged in its Castle: 'arab' counts "
            "the disputed Land as Arab-held (conversion may enter it, it scores 5.2 B); "
            "'disputed' gives it to neither side until the siege is raised or the army leaves. "
            "Either way the Arabs invade from that Land and the Bulgar inversion (2.1.6.1) applies."
        ),
    )
    siege_invasion: Literal["within", "across"] = Field(
        "within",
        description=(
            "[7.2, 7.4.3] where the Hits on an army besieged in its Castle come from: 'within' - "
            "from the Arabs in its own disputed Land, so no Crossing lies between (no terrain, and "
            "that Land's faith decides the +1 for Islam); 'across' - from the next Land toward "
            "Mecca over the Crossing, as for an army outside a Castle."
        ),
    )
    mecca_counts: bool = Field(
        False,
        description=(
            "[5.2 B] count Mecca among the Lands the Arabs control (+1 Outcome Point in every "
            "game): false - only the Lands of the Paths count; true - Mecca, 'always controlled "
            "by the Arabs' (2.1.5), counts too."
        ),
    )
    constantinople_falls: Literal["retreat", "siege"] = Field(
        "retreat",
        description=(
            "[2.1.6.2] when Constantinople 'falls' (Icons lost, Themes raised in Greece): "
            "'retreat' when the Byzantine army leaves it; 'siege' already when the army is driven "
            "into its Castle, since the Arabs then hold the countryside (military control)."
        ),
    )


# =============================================================================================
# The tables of one game: every content id is a small int
# =============================================================================================

SEAT = "player"
#: [2.1.1, 7.1.1] counter-clockwise from the Greek Path (Basic game Paths)
BASIC_PATHS: tuple[str, ...] = ("greek", "med", "indian", "parthian")
#: [2.1.1, 7.1.1, 7.2, 14.1] the Advanced Game's six Paths, counter-clockwise from the Greek Path
ADVANCED_PATH_ORDER: tuple[str, ...] = PATH_ORDER
#: the Theaters by id: [2.1.3] West and East; [21.4] the African and Caucasus Paths are each a
#: Theater of their own (ids in the order of the AP markers)
THEATERS: tuple[str, ...] = ("west", "east", "african", "caucasus")
WEST, EAST, AFRICAN, CAUCASUS = 0, 1, 2, 3
#: the Theaters as the player reads them
THEATER_TITLE: tuple[str, ...] = ("West", "East", "Africa", "Caucasus")
#: [8.1] the strategic order of the Theaters, counter-clockwise from the West
BASIC_THEATERS = (WEST, EAST)
ADVANCED_THEATERS = (WEST, AFRICAN, EAST, CAUCASUS)
#: the two Empires (they have Rulers, Capitals and Last Stand chits)
EMPIRES: tuple[str, ...] = ("byzantium", "persia")
BYZANTIUM, PERSIA = 0, 1
EMPIRE_NAME = ("Byzantium", "Persia")
EMPIRE_ADJECTIVE = ("Byzantine", "Persian")
#: [11.1] the two Rulers
RULER_TITLE = ("Emperor", "Shah")
#: [6.3.3] bonus AP token colours
COLOURS: tuple[str, ...] = ("red", "blue", "purple")
RED, BLUE, PURPLE = 0, 1, 2
#: places that are not Lands, after the Lands in the place table
OFF_PLACES: tuple[str, ...] = ("off", "dead", "berber_revolt_box", "out", "available")
#: [19.2] the Refugees, in the order of the set-up
REFUGEES: tuple[str, ...] = ("mardaites", "parsees", "manichees")
MARDAITES, PARSEES, MANICHEES = 0, 1, 2
#: [7.3] army levels, best first
LEVELS: tuple[str, ...] = ("strong", "weak", "shattered")
#: [8.1] the segments of the Actions Phase: a Theater, or one Path of a Divided Theater
SEGMENTS: tuple[str, ...] = ("west", "east", "greek", "med", "indian", "parthian", "african", "caucasus")


@dataclass(frozen=True, slots=True, eq=False)
class JihadTables:
    """Everything static about one game: the content, the options and their readings, and the
    id tables. Paths are ints in this game's counter-clockwise order; places are ints (every
    Land of the map, then the off-map places of :data:`OFF_PLACES`); armies and castles are
    ints in content order; cards are their numbers."""

    opts: JihadOptions
    content: JihadContent
    advanced: bool
    #: [2.1.5, 7.4.3] a besieged army's Land is disputed (held by neither side)
    disputed_siege: bool
    #: [22.2] Persia may accept a Truce if either condition holds (else both must)
    truce_either: bool
    #: [2.1.6.2] Constantinople falls when its army is besieged, not only when it retreats
    falls_on_siege: bool
    #: [17.1.1] Ka'aba symbols count from the start (else once the Syrians muster)
    muster_at_start: bool
    #: [17.2, 17.6.5] a Jihad may start while the Ka'aba Number is 2
    tribal_jihad: bool
    #: [16.3] a Neutral Country in its Full flag Land may sign a Baqt too
    baqt_present: bool
    #: [7.2, 7.4.3] a besieged army is invaded across the Crossing from the next Land (else
    #: from within its own Land)
    siege_across: bool
    #: [5.2 B] Mecca counts as a Land the Arabs control
    mecca_counts: bool
    # -- Paths ---------------------------------------------------------------------------------
    path_name: tuple[str, ...]
    path_id: dict[str, int]
    #: the Path's printed name ("Greek Path")
    path_title: tuple[str, ...]
    path_len: tuple[int, ...]
    #: the Lands of each Path from Mecca outward, as place ids (Land i at [i - 1])
    path_lands: tuple[tuple[int, ...], ...]
    path_theater: tuple[int, ...]
    #: [2.1.4] the Crossing into Land j from Land j - 1 (0 = Mecca), "" at 0
    crossing_in: tuple[tuple[str, ...], ...]
    #: [16.1] the African and Caucasus Paths (each a Theater of its own)
    lone: tuple[bool, ...]
    greek: int
    med: int
    indian: int
    parthian: int
    african: int
    caucasus: int
    # -- Theaters ------------------------------------------------------------------------------
    #: this game's Theaters in the strategic order (8.1)
    theaters: tuple[int, ...]
    #: this game's Theaters in the order of their AP markers (what the view lists)
    ap_theaters: tuple[int, ...]
    theater_paths: tuple[tuple[int, ...], ...]
    #: the Path of a lone Theater (-1 for West and East)
    theater_path: tuple[int, ...]
    # -- Places --------------------------------------------------------------------------------
    place_name: tuple[str, ...]
    place_id: dict[str, int]
    #: a place as actions name it: its id with hyphens for underscores ("upper-egypt")
    place_arg: tuple[str, ...]
    arg_place: dict[str, int]
    n_lands: int
    land: tuple[Land, ...]
    #: this game's Path of each Land (-1 if the Land is not in this game)
    land_path: tuple[int, ...]
    land_index: tuple[int, ...]
    land_title: tuple[str, ...]
    #: [2.1.2] round Lands are the Ends of the Earth
    land_round: tuple[bool, ...]
    land_religion: tuple[str, ...]
    #: each place is a Land of one of this game's Paths
    on_map: tuple[bool, ...]
    #: [21.2] Damascus (the Christian Damascus marker, the Islamic Capital)
    damascus: int
    off: int
    dead: int
    berber_box: int
    out: int
    available: int
    # -- Armies --------------------------------------------------------------------------------
    army_name: tuple[str, ...]
    army_id: dict[str, int]
    #: what the player calls each army ("Byzantines"), and the same told apart from another
    #: army of that name by its Path ("Byzantines (Greek Path)"), for the log
    army_short: tuple[str, ...]
    army_title: tuple[str, ...]
    army_path: tuple[int, ...]
    army_power: tuple[str, ...]
    #: [9.1.2] the face-up value: strong (weak for a Garrison) and weak
    army_strong: tuple[int, ...]
    army_weak: tuple[int, ...]
    #: [8.2.2] an army without a Ruler
    army_barbarian: tuple[bool, ...]
    #: [16.2] a Byzantine Garrison: weak only
    army_garrison: tuple[bool, ...]
    #: [9.1.1] the army's religion (None: Not Religious, a sun); the Berbers' and the
    #: Byzantines' are read from the state (8.5.3, 20.3)
    army_religion: tuple[str | None, ...]
    army_follows_marker: tuple[bool, ...]
    #: the order of army names (ties on a Path are broken by name)
    army_rank: tuple[int, ...]
    #: each Path's armies with the low bits of their sort key: name rank << 5 | id
    army_sort_keys: tuple[tuple[tuple[int, int], ...], ...]
    #: every army of a Path (2.1.1: an army never leaves its Path), in content order
    armies_of_path: tuple[tuple[int, ...], ...]
    #: the armies of each Power, by power id
    armies_of_power: dict[str, tuple[int, ...]]
    # -- Castles and the rest ------------------------------------------------------------------
    castle_name: tuple[str, ...]
    castle_id: dict[str, int]
    castle_major: tuple[bool, ...]
    castle_strong: tuple[int | None, ...]
    castle_weak: tuple[int, ...]
    #: the minor power tracks of this game, in set-up order
    track_name: tuple[str, ...]
    track_id: dict[str, int]
    track_title: tuple[str, ...]
    #: [13.1] the Path each face of a track affects (-1 if not in this game), by face id
    face_path: tuple[dict[str, int], ...]
    #: [8.9, 8.10] the AP to move the marker right, by face id
    face_cost: tuple[dict[str, int], ...]
    bulgars: int
    cyprus: int
    tibet: int
    socotra: int
    #: [3.2.1, 15.4] the cards in use (numbers)
    cards: tuple[int, ...]
    #: cards by number (index 0 unused)
    card: tuple[Card, ...]
    rulership: RulershipTable
    routes: tuple[TradeRoute, ...]
    route_ids: tuple[str, ...]
    #: a route as Trade actions name it ("silk-road")
    route_arg: tuple[str, ...]
    #: [21.4.1] each route's end Lands and Theaters, as ids
    route_ends: tuple[tuple[int, int], ...]
    route_theaters: tuple[tuple[int, int], ...]
    #: [21.5] the Military and Religious Heartland of each Empire: (path, index), if in this game
    military_heartland: tuple[tuple[int, int] | None, ...]
    religious_heartland: tuple[tuple[int, int] | None, ...]
    #: [5.2 D, 7.4.2] each Empire's Capital: Outcome Points (strong, weak), Hits a side absorbs
    capital_points: tuple[tuple[int, int], ...]
    capital_hits: tuple[int, ...]
    #: [6.3.2, 16.5] a Great King's AP limit; [16.1] the AP a lone Path's army gets a turn;
    #: [20.4] the Pact's Great King's AP
    king_max_ap: int
    ap_per_turn: int
    pact_ap: int
    #: [8.14] each Empire's Last Stand chit: the AP and the Ruler rating it adds
    stand_ap: tuple[int, ...]
    stand_skill: tuple[int, ...]
    #: [17.2] the Ka'aba Number without a tile in Mecca, and the highest tile
    kaaba_min: int
    kaaba_max: int
    #: [2.1.5.4, 7.2.1] the Hit an undisrupted Muslim invading Land adds
    islam_hit: int
    #: [12.4] the Themes' Hit modifier
    themes_hit: int
    #: [8.5, 8.9-8.11] how each track's marker moves right: by appeasement, or a naval battle
    #: won on this number or more
    track_appease: tuple[bool, ...]
    track_target: tuple[int, ...]
    #: [12.1] the Greek Fleet and the Immortals go to the Used box when used
    fleet_used_box: bool
    immortals_used_box: bool
    #: [3.2.1, 3.3] how this game builds its deck
    deck: DeckSetup
    #: [16.3] each lone Path's Country and more distant power (army ids, by Path)
    country: dict[int, int]
    distant: dict[int, int]
    #: [10.1] the Christian faiths
    christian: frozenset[str]
    #: [8.1] each segment of the Actions Phase: its Theater, its Paths, and its Path (-1 for
    #: a whole Theater)
    seg_theater: dict[str, int]
    seg_paths: dict[str, tuple[int, ...]]
    seg_path: dict[str, int]
    #: [12.1] the Greek Fleet's DRM by side
    fleet_drm: dict[str, int]
    a_done: Action
    a_decline: Action


def build_tables(opts: JihadOptions, content: JihadContent | None = None) -> JihadTables:
    """The static tables of a game with these options, assembled from the groups of
    :mod:`consim.games.jihad.content_tables`."""
    # imported here, not at the top: that module reads this one's models
    from consim.games.jihad import content_tables as part

    c = content or load_default_content()
    advanced = opts.advanced
    path_name = ADVANCED_PATH_ORDER if advanced else BASIC_PATHS
    place_name = (*(x.id for x in c.map.lands), *OFF_PLACES)
    place_id = {n: i for i, n in enumerate(place_name)}
    paths = part.path_tables(c, path_name, place_id)
    path_id = paths["path_id"]
    armies = tuple(a for a in c.powers.armies if advanced or not a.advanced_only)
    return JihadTables(
        opts=opts,
        content=c,
        **part.option_readings(opts),
        **paths,
        **part.theater_tables(advanced, path_name, path_id),
        place_name=place_name,
        place_id=place_id,
        **part.place_tables(c, place_name, place_id, paths["path_lands"]),
        **part.army_tables(c, armies, path_name, path_id),
        **part.castle_tables(c.powers.castles),
        **part.track_tables(c, advanced, path_id),
        **part.deck_tables(c, advanced),
        **part.route_tables(c, place_id),
        **part.empire_tables(c, path_id),
        **part.blessing_tables(c),
        **part.lone_path_powers(c, armies, path_id),
        christian=frozenset(r.id for r in c.map.religions if r.christian),
        a_done=Action("done"),
        a_decline=Action("decline"),
    )
