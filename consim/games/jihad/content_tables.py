"""The pieces :func:`consim.games.jihad.content.build_tables` assembles a game's
:class:`~consim.games.jihad.content.JihadTables` from: the readings of the options, then one
group of tables each (the Paths, the Theaters and segments, the places, the armies, the
castles, the minor power tracks, the deck, the trade routes, the Empires, the blessings and
Ka'aba, the lone Paths' powers).

Each group is a :class:`typing.TypedDict` whose keys are fields of ``JihadTables``, so that
``JihadTables(**group, ...)`` stays type-checked field by field. This module reads the
content's models, so ``content.py`` imports it where it builds the tables, not at its top.
"""

from __future__ import annotations

from typing import TypedDict

from consim.games.jihad.content import (
    ADVANCED_PATHS,
    ADVANCED_THEATERS,
    AFRICAN,
    BASIC_THEATERS,
    CAUCASUS,
    EAST,
    EMPIRES,
    THEATERS,
    WEST,
    ArmyCounter,
    Capital,
    Card,
    Castle,
    DeckSetup,
    JihadContent,
    JihadOptions,
    Land,
    LastStandChit,
    Power,
    RulershipTable,
    TradeRoute,
)

__all__ = [
    "army_tables",
    "blessing_tables",
    "castle_tables",
    "deck_tables",
    "empire_tables",
    "lone_path_powers",
    "option_readings",
    "path_tables",
    "place_tables",
    "route_tables",
    "theater_tables",
    "track_tables",
]

#: the Theater of each Path
_THEATER_OF = {
    "greek": WEST,
    "med": WEST,
    "indian": EAST,
    "parthian": EAST,
    "african": AFRICAN,
    "caucasus": CAUCASUS,
}


# -- the groups of fields (see JihadTables for what each holds) ------------------------------


class OptionReadings(TypedDict):
    advanced: bool
    disputed_siege: bool
    truce_either: bool
    falls_on_siege: bool
    muster_at_start: bool
    tribal_jihad: bool
    baqt_present: bool
    siege_across: bool
    mecca_counts: bool


class PathTables(TypedDict):
    path_name: tuple[str, ...]
    path_id: dict[str, int]
    path_title: tuple[str, ...]
    path_len: tuple[int, ...]
    path_lands: tuple[tuple[int, ...], ...]
    path_theater: tuple[int, ...]
    crossing_in: tuple[tuple[str, ...], ...]
    lone: tuple[bool, ...]
    greek: int
    med: int
    indian: int
    parthian: int
    african: int
    caucasus: int


class TheaterTables(TypedDict):
    theaters: tuple[int, ...]
    ap_theaters: tuple[int, ...]
    theater_paths: tuple[tuple[int, ...], ...]
    theater_path: tuple[int, ...]
    seg_theater: dict[str, int]
    seg_paths: dict[str, tuple[int, ...]]
    seg_path: dict[str, int]


class PlaceTables(TypedDict):
    place_arg: tuple[str, ...]
    arg_place: dict[str, int]
    n_lands: int
    land: tuple[Land, ...]
    land_path: tuple[int, ...]
    land_index: tuple[int, ...]
    land_title: tuple[str, ...]
    land_round: tuple[bool, ...]
    land_religion: tuple[str, ...]
    on_map: tuple[bool, ...]
    damascus: int
    off: int
    dead: int
    berber_box: int
    out: int
    available: int


class ArmyTables(TypedDict):
    army_name: tuple[str, ...]
    army_id: dict[str, int]
    army_short: tuple[str, ...]
    army_title: tuple[str, ...]
    army_path: tuple[int, ...]
    army_power: tuple[str, ...]
    army_strong: tuple[int, ...]
    army_weak: tuple[int, ...]
    army_barbarian: tuple[bool, ...]
    army_garrison: tuple[bool, ...]
    army_religion: tuple[str | None, ...]
    army_follows_marker: tuple[bool, ...]
    army_rank: tuple[int, ...]
    army_sort_keys: tuple[tuple[tuple[int, int], ...], ...]
    armies_of_path: tuple[tuple[int, ...], ...]
    armies_of_power: dict[str, tuple[int, ...]]


class CastleTables(TypedDict):
    castle_name: tuple[str, ...]
    castle_id: dict[str, int]
    castle_major: tuple[bool, ...]
    castle_strong: tuple[int | None, ...]
    castle_weak: tuple[int, ...]


class TrackTables(TypedDict):
    track_name: tuple[str, ...]
    track_id: dict[str, int]
    track_title: tuple[str, ...]
    face_path: tuple[dict[str, int], ...]
    face_cost: tuple[dict[str, int], ...]
    bulgars: int
    cyprus: int
    tibet: int
    socotra: int
    track_appease: tuple[bool, ...]
    track_target: tuple[int, ...]


class DeckTables(TypedDict):
    cards: tuple[int, ...]
    card: tuple[Card, ...]
    rulership: RulershipTable
    deck: DeckSetup


class RouteTables(TypedDict):
    routes: tuple[TradeRoute, ...]
    route_ids: tuple[str, ...]
    route_arg: tuple[str, ...]
    route_ends: tuple[tuple[int, int], ...]
    route_theaters: tuple[tuple[int, int], ...]


class EmpireTables(TypedDict):
    military_heartland: tuple[tuple[int, int] | None, ...]
    religious_heartland: tuple[tuple[int, int] | None, ...]
    capital_points: tuple[tuple[int, int], ...]
    capital_hits: tuple[int, ...]
    king_max_ap: int
    ap_per_turn: int
    pact_ap: int
    stand_ap: tuple[int, ...]
    stand_skill: tuple[int, ...]


class BlessingTables(TypedDict):
    kaaba_min: int
    kaaba_max: int
    islam_hit: int
    themes_hit: int
    fleet_used_box: bool
    immortals_used_box: bool
    fleet_drm: dict[str, int]


class LonePathPowers(TypedDict):
    country: dict[int, int]
    distant: dict[int, int]


# -- the pieces ------------------------------------------------------------------------------


def option_readings(opts: JihadOptions) -> OptionReadings:
    """The options' choices between readings of the rules, as flags."""
    return OptionReadings(
        advanced=opts.advanced,
        disputed_siege=opts.besieged_land == "disputed",
        truce_either=opts.persian_truce == "either",
        falls_on_siege=opts.constantinople_falls == "siege",
        muster_at_start=opts.syrian_muster == "start",
        tribal_jihad=opts.tribal_jihad,
        baqt_present=opts.baqt_country == "present",
        siege_across=opts.siege_invasion == "across",
        mecca_counts=opts.mecca_counts,
    )


def path_tables(c: JihadContent, path_name: tuple[str, ...], place_id: dict[str, int]) -> PathTables:
    """This game's Paths by id, in their counter-clockwise order: their Lands (as places), their
    Crossings and Theaters, and the id of each Path by name (-1 for one not in this game)."""
    path_id = {p: i for i, p in enumerate(path_name)}
    path_lands = tuple(tuple(place_id[x] for x in c.path(p).lands) for p in path_name)
    crossing_in: list[tuple[str, ...]] = []
    for name in path_name:
        ls = c.path_lands(name)
        cross = ["", c.path(name).mecca_crossing]
        cross.extend(x.crossing_outward or "ordinary" for x in ls[:-1])
        crossing_in.append(tuple(cross))
    return PathTables(
        path_name=path_name,
        path_id=path_id,
        path_title=tuple(c.path(p).name for p in path_name),
        path_len=tuple(len(r) for r in path_lands),
        path_lands=path_lands,
        path_theater=tuple(_THEATER_OF[p] for p in path_name),
        crossing_in=tuple(crossing_in),
        lone=tuple(p in ADVANCED_PATHS for p in path_name),
        greek=path_id["greek"],
        med=path_id["med"],
        indian=path_id["indian"],
        parthian=path_id["parthian"],
        african=path_id.get("african", -1),
        caucasus=path_id.get("caucasus", -1),
    )


def theater_tables(advanced: bool, path_name: tuple[str, ...], path_id: dict[str, int]) -> TheaterTables:
    """This game's Theaters, their Paths, and the segments of the Actions Phase [8.1]: each a
    whole Theater or one Path of a Divided Theater."""
    theater_paths = tuple(
        tuple(path_id[p] for p in ps if p in path_id)
        for ps in (("greek", "med"), ("indian", "parthian"), ("african",), ("caucasus",))
    )
    seg_theater = {"west": WEST, "east": EAST}
    seg_theater.update({p: _THEATER_OF[p] for p in path_name})
    seg_paths = {"west": theater_paths[WEST], "east": theater_paths[EAST]}
    seg_paths.update({p: (path_id[p],) for p in path_name})
    seg_path = {"west": -1, "east": -1}
    seg_path.update(path_id)
    return TheaterTables(
        theaters=ADVANCED_THEATERS if advanced else BASIC_THEATERS,
        ap_theaters=(WEST, EAST, AFRICAN, CAUCASUS) if advanced else (WEST, EAST),
        theater_paths=theater_paths,
        theater_path=(-1, -1, path_id.get("african", -1), path_id.get("caucasus", -1)),
        seg_theater=seg_theater,
        seg_paths=seg_paths,
        seg_path=seg_path,
    )


def place_tables(
    c: JihadContent,
    place_name: tuple[str, ...],
    place_id: dict[str, int],
    path_lands: tuple[tuple[int, ...], ...],
) -> PlaceTables:
    """The places (every Land of the map, then the off-map places): how actions name them,
    each Land's Path and place on it, and the ids of the places the rules name."""
    lands = c.map.lands
    n_lands = len(lands)
    land_path = [-1] * n_lands
    land_index = [0] * n_lands
    for p, row in enumerate(path_lands):
        for i, x in enumerate(row, start=1):
            land_path[x] = p
            land_index[x] = i
    return PlaceTables(
        place_arg=tuple(n.replace("_", "-") for n in place_name),
        arg_place={n.replace("_", "-"): i for i, n in enumerate(place_name)},
        n_lands=n_lands,
        land=tuple(lands),
        land_path=tuple(land_path),
        land_index=tuple(land_index),
        land_title=tuple(x.name for x in lands),
        land_round=tuple(x.ends_of_the_earth for x in lands),
        land_religion=tuple(x.religion for x in lands),
        on_map=tuple(i < n_lands and land_path[i] >= 0 for i in range(len(place_name))),
        damascus=place_id["damascus"],
        off=place_id["off"],
        dead=place_id["dead"],
        berber_box=place_id["berber_revolt_box"],
        out=place_id["out"],
        available=place_id["available"],
    )


def army_tables(
    c: JihadContent, armies: tuple[ArmyCounter, ...], path_name: tuple[str, ...], path_id: dict[str, int]
) -> ArmyTables:
    """The armies of this game by id: their names, Paths, Powers and values, and the orders
    the rules break ties by."""
    army_name = tuple(a.id for a in armies)
    assert len(armies) <= 32, "path_armies packs army ids in 5 bits"
    ranked = sorted(range(len(armies)), key=lambda i: army_name[i])
    army_rank = [0] * len(armies)
    for r, i in enumerate(ranked):
        army_rank[i] = r
    armies_of_power: dict[str, list[int]] = {}
    for i, a in enumerate(armies):
        armies_of_power.setdefault(a.power, []).append(i)
    return ArmyTables(
        army_name=army_name,
        army_id={n: i for i, n in enumerate(army_name)},
        army_short=tuple(a.name for a in armies),
        army_title=tuple(
            f"{a.name} ({c.path(a.path).name})" if sum(b.name == a.name for b in armies) > 1 else a.name
            for a in armies
        ),
        army_path=tuple(path_id[a.path] for a in armies),
        army_power=tuple(a.power for a in armies),
        army_strong=tuple(a.strong if a.strong is not None else a.weak for a in armies),
        army_weak=tuple(a.weak for a in armies),
        army_barbarian=tuple(not c.power(a.power).has_ruler for a in armies),
        army_garrison=tuple(a.garrison for a in armies),
        army_religion=tuple(None if a.sun else a.religion for a in armies),
        army_follows_marker=tuple(a.religion_follows_byzantine_marker for a in armies),
        army_rank=tuple(army_rank),
        army_sort_keys=tuple(
            tuple((i, army_rank[i] << 5 | i) for i, a in enumerate(armies) if a.path == p) for p in path_name
        ),
        armies_of_path=tuple(tuple(i for i, a in enumerate(armies) if a.path == p) for p in path_name),
        armies_of_power={k: tuple(v) for k, v in armies_of_power.items()},
    )


def castle_tables(castles: tuple[Castle, ...]) -> CastleTables:
    """The castles by id, with their kinds and values."""
    return CastleTables(
        castle_name=tuple(x.id for x in castles),
        castle_id={x.id: i for i, x in enumerate(castles)},
        castle_major=tuple(x.kind == "major" for x in castles),
        castle_strong=tuple(x.strong for x in castles),
        castle_weak=tuple(x.weak for x in castles),
    )


def track_tables(c: JihadContent, advanced: bool, path_id: dict[str, int]) -> TrackTables:
    """The minor power tracks of this game, in set-up order: each face's Path and cost, and how
    each track's marker moves right."""
    tracks: tuple[str, ...] = tuple(t.track for t in c.setup.start_tracks(advanced=advanced))
    track_id = {n: i for i, n in enumerate(tracks)}
    minors = [c.minor_power(n) for n in tracks]
    return TrackTables(
        track_name=tracks,
        track_id=track_id,
        track_title=tuple(m.name for m in minors),
        face_path=tuple({f.id: path_id.get(f.affects_path, -1) for f in m.faces} for m in minors),
        face_cost=tuple({f.id: f.appease_cost or 1 for f in m.faces} for m in minors),
        bulgars=track_id["bulgars"],
        cyprus=track_id["cyprus"],
        tibet=track_id["tibet"],
        socotra=track_id.get("socotra", -1),
        track_appease=tuple(m.move_right == "appease" for m in minors),
        track_target=tuple(m.naval_battle_target or 6 for m in minors),
    )


def deck_tables(c: JihadContent, advanced: bool) -> DeckTables:
    """How this game builds its deck, the cards in use, every card by number, and the
    Rulership table."""
    deck = c.setup.setup(advanced=advanced).deck
    return DeckTables(
        cards=tuple(card.number for card in c.cards.cards if not (deck.remove_boxed and card.boxed)),
        card=(c.cards.cards[0], *c.cards.cards),
        rulership=c.setup.rulership_table,
        deck=deck,
    )


def route_tables(c: JihadContent, place_id: dict[str, int]) -> RouteTables:
    """The trade routes, as Trade actions name them, with their end Lands and Theaters."""
    routes = c.map.trade_routes
    return RouteTables(
        routes=routes,
        route_ids=tuple(r.id for r in routes),
        route_arg=tuple(r.id.replace("_", "-") for r in routes),
        route_ends=tuple((place_id[r.ends[0]], place_id[r.ends[1]]) for r in routes),
        route_theaters=tuple((THEATERS.index(r.theaters[0]), THEATERS.index(r.theaters[1])) for r in routes),
    )


def empire_tables(c: JihadContent, path_id: dict[str, int]) -> EmpireTables:
    """The two Empires' Heartlands, Capitals and Last Stand chits, and the Great King's AP."""
    capitals: dict[str, Capital] = {x.empire: x for x in c.powers.capitals}
    stands: dict[str, LastStandChit] = {x.empire: x for x in c.powers.last_stand_chits}
    great_king = c.powers.great_king

    def heartland(empire: str, kind: str) -> tuple[int, int] | None:
        for x in c.map.lands:
            owner = x.military_heartland if kind == "military" else x.religious_heartland
            if owner == empire and x.path in path_id:
                return path_id[x.path], x.index
        return None

    return EmpireTables(
        military_heartland=tuple(heartland(e, "military") for e in EMPIRES),
        religious_heartland=tuple(heartland(e, "religious") for e in EMPIRES),
        capital_points=tuple(
            (capitals[e].strong_outcome_points, capitals[e].weak_outcome_points) for e in EMPIRES
        ),
        capital_hits=tuple(capitals[e].hits_absorbed_per_side for e in EMPIRES),
        king_max_ap=great_king.max_ap,
        ap_per_turn=great_king.ap_per_turn,
        pact_ap=great_king.monophysite_pact_ap,
        stand_ap=tuple(stands[e].ap_bonus for e in EMPIRES),
        stand_skill=tuple(stands[e].skill_bonus for e in EMPIRES),
    )


def blessing_tables(c: JihadContent) -> BlessingTables:
    """Ka'aba's range and Islam's Hit, and what the Greek Fleet, the Themes and the Immortals
    do."""
    blessings = {b.id: b for b in c.powers.blessings}
    fleet = blessings["greek_fleet"]
    themes = next(s for s in blessings["icons"].sides if s.id == "themes")
    return BlessingTables(
        kaaba_min=c.map.mecca.base_syrian_strength,
        kaaba_max=max(x.value for x in c.powers.kaaba_tiles),
        islam_hit=c.map.mecca.islam_hit_bonus,
        themes_hit=themes.hit_modifier or 0,
        fleet_used_box=fleet.goes_to_used_box,
        immortals_used_box=blessings["immortals"].goes_to_used_box,
        fleet_drm={x.id: x.drm or 0 for x in fleet.sides},
    )


def lone_path_powers(
    c: JihadContent, armies: tuple[ArmyCounter, ...], path_id: dict[str, int]
) -> LonePathPowers:
    """[16.3] Each lone Path's Country and more distant power, as army ids by Path."""
    army_of_power = {a.power: i for i, a in reversed(list(enumerate(armies)))}

    def lone_power(powers: list[Power]) -> dict[int, int]:
        """The army of each of these powers, by the Path it stands on."""
        out = {}
        for power in powers:
            if power.id in army_of_power:
                for p in power.paths:
                    if p in path_id:
                        out[path_id[p]] = army_of_power[power.id]
        return out

    return LonePathPowers(
        country=lone_power([x for x in c.powers.powers if x.baqt_country]),
        distant=lone_power([x for x in c.powers.powers if x.more_distant_power]),
    )
