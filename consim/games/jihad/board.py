"""Pure queries of a First Jihad position: who holds each Land (2.1.5), the Hit List (7.2),
what an army may do (7.4, 8.x, 9.x), the Syrians, Trade and Truces. Nothing here changes the
state.

Paths, places, armies and castles are ints (``content.JihadTables``). A Path's armies are
listed from Mecca outward (:func:`path_armies`); the first is the player's active army
(2.1.5.1), the others stand Neutral beyond it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from consim.games.jihad.content import (
    AFRICAN,
    BYZANTIUM,
    CAUCASUS,
    EAST,
    EMPIRES,
    MANICHEES,
    PERSIA,
    WEST,
    CaliphUmarI,
    JihadTables,
    TradeRoute,
)
from consim.games.jihad.state import Baqt, GreatKing, JihadState

#: [7.2.2] terrain penalties for the invaded Land's Crossing (Straits: see NOTES.md)
TERRAIN = {"ordinary": 0, "mountain": -1, "river": -2, "straits": -2}
#: [8.3.1] Straits cost by the Cyprus box
STRAITS_COST = {1: 3, 0: 2, -1: 1}
#: [21.4.3.2] Socotra's allotment by its box: +1 none, 0 one AP, -1 unlimited
SOCOTRA_CAP: dict[int, int | None] = {1: 0, 0: 1, -1: None}
#: [17.6.2] where a Jihad against each Empire begins
JIHAD_START = {"persia": "parthian", "byzantium": "greek"}
#: [17.6.3] the Paths a Jihad against each Empire may target
JIHAD_PATHS = {"persia": ("indian", "parthian"), "byzantium": ("greek", "med")}
EMPIRE_ID = {"byzantium": BYZANTIUM, "persia": PERSIA}
EMPIRES_NAME = {"persia": "Persia", "byzantium": "Byzantium"}


# =============================================================================================
# [2.1.5] armies and control
# =============================================================================================


def position(st: JihadState, aid: int) -> tuple[int, int] | None:
    """(path, Land index) of an army on a Path, else None."""
    t = st.tables
    at = st.data.armies[aid].at
    if not t.on_map[at]:
        return None
    return t.land_path[at], t.land_index[at]


def on_map(st: JihadState, aid: int) -> bool:
    return st.tables.on_map[st.data.armies[aid].at]


# =============================================================================================
# Reading a position: what is asked of it many times while nothing changes
# =============================================================================================

#: the key in ``st.cache`` of the memo of a read-only section (see :func:`reading`)
READING = "reading"
#: keys in that memo: each Path's armies (the Path), its limits, the chains from each Theater
_LIMITS = 10
_CHAINS = 20
_ROUTES = 30


class reading:
    """A section that moves no army (its Land, its place on top of a Neutral, its siege),
    signs or breaks no Baqt, and neither sends AP along a Trade Route nor clears the Trade
    Closed markers, though it may change anything else: a menu of legal actions, a view, an
    invasion, most End of Turn steps. Inside it the queries that depend only on those (each
    Path's armies and control limits, the open Trade Routes) are worked out once, in a memo
    that lives as long as the section. Outside such a section every query is worked out
    afresh, so rules code that moves an army and then reads the board always sees it as it is.
    Use: ``with board.reading(st): ...``."""

    __slots__ = ("cache", "outer")

    def __init__(self, st: JihadState) -> None:
        self.cache = st.cache
        self.outer = False

    def __enter__(self) -> None:
        cache = self.cache
        self.outer = READING in cache
        if not self.outer:
            cache[READING] = {}

    def __exit__(self, *exc: object) -> None:
        if not self.outer:
            self.cache.pop(READING, None)


def path_armies(st: JihadState, path: int) -> list[int]:
    """Armies on a Path from Mecca outward; an army sitting on top of a Neutral comes first.
    (Within :func:`reading`, worked out once; callers never change the list.)"""
    memo: dict[int, Any] | None = st.cache.get(READING)
    if memo is not None:
        found: list[int] | None = memo.get(path)
        if found is None:
            found = memo[path] = _path_armies(st, path)
        return found
    return _path_armies(st, path)


def _path_armies(st: JihadState, path: int) -> list[int]:
    # each army on the Path as one int: its Land index, then 0 on top of a Neutral (else 1),
    # then its name's rank, then its id in the low bits (see JihadTables.army_sort_key)
    t = st.tables
    on = t.on_map
    index = t.land_index
    armies = st.data.armies
    keys: list[int] = []
    append = keys.append
    for aid, key in t.army_sort_keys[path]:
        a = armies[aid]
        at = a.at
        if on[at]:
            append((index[at] << 12) | (0 if a.top else 2048) | key)
    n = len(keys)
    if n == 1:
        keys[0] &= 31
    elif n:
        keys.sort()
        return [k & 31 for k in keys]
    return keys


def active(st: JihadState, path: int) -> int | None:
    """[2.1.5.1] the player's Active Army: the army closest to Mecca on the Path."""
    memo: dict[int, Any] | None = st.cache.get(READING)
    if memo is not None:
        armies: list[int] | None = memo.get(path)
        if armies is None:
            armies = memo[path] = _path_armies(st, path)
    else:
        armies = _path_armies(st, path)
    return armies[0] if armies else None


def front(st: JihadState, path: int) -> int:
    """Index of the active army's Land (path length + 1 if the Path is empty)."""
    aid = active(st, path)
    if aid is None:
        return st.tables.path_len[path] + 1
    return st.tables.land_index[st.data.armies[aid].at]


def bounds(st: JihadState, path: int, first: int | None) -> tuple[int, int]:
    """The highest Land index the Arabs occupy and the highest they control on a Path whose
    active army is ``first`` (None: no army on the Path). See :func:`arab_limit` and
    :func:`control_limit`."""
    t = st.tables
    sieged = False
    if first is None:
        limit = t.path_len[path]
    else:
        a = st.data.armies[first]
        sieged = a.sieged
        idx = t.land_index[a.at]
        limit = idx if sieged else idx - 1
    adv = st.data.adv
    if adv is not None:
        baqt = adv.baqt[path]
        if baqt is not None and baqt.kind == "full":
            # [16.3.2, 14.1] the Full Baqt marker keeps the peace in its Land: the Arabs stop
            # short of it, and the Lands beyond stay out of their hands (see NOTES.md)
            limit = min(limit, t.land_index[baqt.at] - 1)
    # [2.1.5, 7.4.3] under besieged_land=disputed a besieged army's Land is held by neither side
    return limit, (limit - 1 if sieged and t.disputed_siege else limit)


def arab_limit(st: JihadState, path: int, armies: list[int] | None = None) -> int:
    """The highest Land index the Arabs occupy [2.1.5.3]: the Land they invade from (7.2).
    A besieged army's Land is included: the Arabs hold the countryside around the Castle
    (7.4.3, 2.1.6.1). ``armies``: the Path's armies if already at hand (:func:`path_armies`)."""
    if armies is None:
        armies = path_armies(st, path)
    return bounds(st, path, armies[0] if armies else None)[0]


def control_limit(st: JihadState, path: int, armies: list[int] | None = None) -> int:
    """The highest Land index the Arabs *control* (conversion 14.3, Outcome Points 5.2 B).
    Under ``besieged_land=disputed`` a besieged army's Land is held by neither side."""
    if armies is None:
        armies = path_armies(st, path)
    return bounds(st, path, armies[0] if armies else None)[1]


def neutral_from(st: JihadState, path: int, armies: list[int] | None = None) -> int:
    """[2.1.5.1] the first Neutral Land index (beyond the path if none)."""
    t = st.tables
    if armies is None:
        armies = path_armies(st, path)
    if len(armies) < 2:
        return t.path_len[path] + 1
    return t.land_index[st.data.armies[armies[1]].at]


def limits(st: JihadState, path: int) -> tuple[int, int, int]:
    """The Path's :func:`arab_limit`, :func:`control_limit` and :func:`neutral_from` (within
    :func:`reading`, worked out once)."""
    memo: dict[int, Any] | None = st.cache.get(READING)
    if memo is not None:
        key = _LIMITS + path
        found: tuple[int, int, int] | None = memo.get(key)
        if found is None:
            found = memo[key] = _limits(st, path)
        return found
    return _limits(st, path)


def _limits(st: JihadState, path: int) -> tuple[int, int, int]:
    t = st.tables
    armies = path_armies(st, path)
    if not armies:
        arab, control = bounds(st, path, None)
        return arab, control, t.path_len[path] + 1
    arab, control = bounds(st, path, armies[0])
    if len(armies) < 2:
        return arab, control, t.path_len[path] + 1
    return arab, control, t.land_index[st.data.armies[armies[1]].at]


def arab_occupied(st: JihadState, land: int) -> bool:
    """[2.1.6.1] Arab-occupied, which includes a Land whose army is besieged in its Castle."""
    t = st.tables
    return t.land_index[land] <= limits(st, t.land_path[land])[0]


def arab_controls(st: JihadState, land: int) -> bool:
    t = st.tables
    return t.land_index[land] <= limits(st, t.land_path[land])[1]


def player_controls(st: JihadState, land: int) -> bool:
    """[2.1.5.2] at or behind the active army, short of any Neutral Land."""
    t = st.tables
    arab, _, neutral = limits(st, t.land_path[land])
    return arab < t.land_index[land] < neutral


def holder(st: JihadState, land: int) -> int | None:
    """The army (active or Neutral) whose side of the Path a non-Arab Land lies on: the army
    nearest to it at or before it, counting outward from Mecca (2.1.5.1-2)."""
    t = st.tables
    path = t.land_path[land]
    idx = t.land_index[land]
    if idx <= arab_limit(st, path):
        return None
    found: int | None = None
    for aid in path_armies(st, path):
        if t.land_index[st.data.armies[aid].at] <= idx:
            found = aid
    return found


def player_lands(st: JihadState, path: int) -> tuple[str | None, range]:
    """[2.1.5.2] the power of the Path's active army and the Land indices it controls there (at
    or behind it, short of any Neutral Land): :func:`controller_power` of a whole Path."""
    arab, _, neutral = limits(st, path)
    if neutral <= arab + 1:
        return None, range(0)
    aid = active(st, path)
    return (None if aid is None else st.tables.army_power[aid]), range(arab + 1, neutral)


def controller_power(st: JihadState, land: int) -> str | None:
    """The power whose active army controls the Land, if the player controls it."""
    if not player_controls(st, land):
        return None
    aid = active(st, st.tables.land_path[land])
    return None if aid is None else st.tables.army_power[aid]


def is_converted(st: JihadState, path: int, idx: int) -> bool:
    """[10.3] converted to Islam: at or before the Islam marker (Disrupted or not)."""
    return idx <= st.data.islam[path].at


def muslim_for_combat(st: JihadState, path: int, idx: int) -> bool:
    """[7.2.3, 10.4, 10.5] Mecca always; firmly Muslim Lands always; the marker's Land unless
    Disrupted."""
    if idx == 0:
        return True
    t = st.tables
    adv = st.data.adv
    if adv is not None and adv.damascus == "capital" and t.path_lands[path][idx - 1] == t.damascus:
        return True  # [2.1.5, 21.2.1] the Islamic Capital, an extension of Mecca
    marker = st.data.islam[path]
    return idx < marker.at or (idx == marker.at and not marker.dis)


def combat_religion(st: JihadState, path: int, idx: int) -> str:
    if muslim_for_combat(st, path, idx):
        return "islam"
    t = st.tables
    return t.land_religion[t.path_lands[path][idx - 1]]


def army_religion(st: JihadState, aid: int) -> str | None:
    """[9.1.1] None for a Not Religious (sun) army. Byzantines are Orthodox in the Basic
    game, of the Byzantine Religion marker's faith in the Advanced (20.3); the Berbers are
    Catholic after Munnuza (card 42)."""
    t = st.tables
    religion = t.army_religion[aid]
    if religion is None:
        return None
    adv = st.data.adv
    if t.army_follows_marker[aid] and adv is not None:
        return adv.religion
    if t.army_power[aid] == "berbers":
        return "catholic" if st.data.berbers_catholic else "kharijite"
    return religion


def army_value(t: JihadTables, aid: int, strength: str) -> int:
    """[9.1.2] the value an attacker must roll above (a Garrison has only its weak side)."""
    return t.army_strong[aid] if strength == "strong" else t.army_weak[aid]


def castle_in(st: JihadState, land: int) -> int | None:
    for cid, castle in enumerate(st.data.castles):
        if castle.at == land:
            return cid
    return None


def castle_value(st: JihadState, cid: int) -> int:
    t = st.tables
    strong = t.castle_strong[cid]
    if st.data.castles[cid].side == "strong" and strong is not None:
        return strong
    return t.castle_weak[cid]


def capital_in(st: JihadState, land: int) -> int | None:
    """The Empire whose Capital stands in the Land."""
    for empire, cap in enumerate(st.data.capitals):
        if cap.at == land:
            return empire
    return None


def persian_on(st: JihadState, path: int) -> bool:
    power = st.tables.army_power
    return any(power[a] == "persia" for a in path_armies(st, path))


# =============================================================================================
# [6.3.1, 11.1, 16.5] Rulers and AP
# =============================================================================================


def theater_ruler(st: JihadState, theater: int) -> int | None:
    """The Ruler rating of the Theater's Empire, if that Ruler is still in the game.
    The African and Caucasus Theaters have no rated Ruler (a Great King has none, 16.5)."""
    if theater not in (WEST, EAST):
        return None
    return st.data.rulers[BYZANTIUM if theater == WEST else PERSIA]


def great_king(st: JihadState, path: int) -> GreatKing | None:
    """[16.5] the Great King leading the active army of an African or Caucasus Path."""
    adv = st.data.adv
    if adv is None:
        return None
    king = adv.great_king
    return king if king is not None and king.path == path else None


def has_ruler(st: JihadState, theater: int) -> bool:
    """[8.15, 21.4.2] a Theater led by a Ruler: the Emperor or the Shah while in the game, or
    a Great King (16.5)."""
    if theater in (WEST, EAST):
        return theater_ruler(st, theater) is not None
    return great_king(st, st.tables.theater_path[theater]) is not None


def ap_limit(st: JihadState, theater: int) -> int:
    """[6.3.1] the AP marker may never reach the Ruler's box; a Theater without a Ruler
    is limited only by the track's top box, 7 (see NOTES.md). [16.5] A Great King holds at
    most 6 AP."""
    if theater not in (WEST, EAST):
        t = st.tables
        return t.king_max_ap if great_king(st, t.theater_path[theater]) is not None else 7
    rating = theater_ruler(st, theater)
    return 7 if rating is None else rating - 1


# =============================================================================================
# [15.5, 16.3] the Stop Sign and the Baqt
# =============================================================================================


def stop_sign(st: JihadState, path: int) -> bool:
    """[15.5] the Arabic Stop Sign lies on this Path this turn."""
    adv = st.data.adv
    return adv is not None and adv.stop_sign == path


def baqt_of(st: JihadState, path: int) -> Baqt | None:
    adv = st.data.adv
    return None if adv is None else adv.baqt[path]


def full_baqt(st: JihadState, path: int) -> bool:
    """[16.3.2] a Full Baqt shuts the whole Path down."""
    baqt = baqt_of(st, path)
    return baqt is not None and baqt.kind == "full"


def islam_reach(st: JihadState, path: int) -> int:
    """[16.3.3] the furthest Land the Islam marker may enter: never the Partial Baqt Land."""
    baqt = baqt_of(st, path)
    if baqt is not None and baqt.kind == "partial":
        return st.tables.land_index[baqt.at] - 1
    return st.tables.path_len[path]


def country_path(t: JihadTables, country: str) -> int:
    """[16.3] the Path of a Country (Armenia, Nubia) by its name."""
    return next(p for p, a in t.country.items() if t.army_name[a] == country)


def flag_land(t: JihadTables, path: int, kind: str) -> int:
    """The Land of the Path's Full or Partial Baqt flag."""
    return next(x for x in t.path_lands[path] if t.land[x].baqt_flag == kind)


def baqt_kind(st: JihadState, path: int) -> str | None:
    """[16.3.1] the Baqt the Country may sign now: it stands in a flag Land that is not
    converted to Islam, as the active army (the default reading) or, under the option
    ``baqt_country=present``, also as a Neutral behind the Garrison (see NOTES.md)."""
    t = st.tables
    adv = st.data.adv
    assert adv is not None
    country = t.country[path]
    if adv.baqt[path] is not None:
        return None
    act = active(st, path)
    if act != country and not t.baqt_present:
        return None
    pos = position(st, country)
    if pos is None:
        return None
    flag = t.land[st.data.armies[country].at].baqt_flag
    if flag is None or is_converted(st, *pos):
        return None
    if act != country and flag != "full":
        return None  # a Neutral Country stands only in its start Land, the Full flag Land
    return flag


# =============================================================================================
# [7.2] the Hit List, [7.4] absorbing Hits
# =============================================================================================


def invasion(st: JihadState, path: int) -> tuple[int, int] | None:
    """(invading Land index, defending Land index); None if the Path has no active army."""
    aid = active(st, path)
    if aid is None:
        return None
    a = st.data.armies[aid]
    t = st.tables
    f = t.land_index[a.at]
    # [7.2, 7.4.3] a besieged army is invaded from its own (Arab-held) Land, with no Crossing
    # between; under siege_invasion=across from the next Land toward Mecca (see NOTES.md)
    source = f if a.sieged and not t.siege_across else f - 1
    return source, f


def islamic_capital(st: JihadState, land: int) -> bool:
    """[21.2.1, 2.1.5] Damascus converted is the Islamic Capital, an extension of Mecca."""
    adv = st.data.adv
    return adv is not None and land == st.tables.damascus and adv.damascus == "capital"


def mujahideen_on(st: JihadState, path: int) -> bool:
    """[17.5] the Mujahideen stand on this Path (not in the Casbah)."""
    adv = st.data.adv
    return adv is not None and adv.muj_at == path


def hit_list(st: JihadState, path: int, base: int) -> list[tuple[str, int]]:
    """[7.2.1] the terms of the Hit List after the Rose number ``base`` (die included)."""
    t = st.tables
    d = st.data
    terms: list[tuple[str, int]] = [("Rose", base)]
    inv = invasion(st, path)
    if inv is None:
        return terms
    source, target = inv
    muslim = muslim_for_combat(st, path, source)
    crossing = "ordinary" if source == target else t.crossing_in[path][target]
    terrain = TERRAIN[crossing]
    # [2.1.5, 21.2.1] Damascus as the Islamic Capital is an extension of Mecca
    capital = source > 0 and islamic_capital(st, t.path_lands[path][source - 1])
    if muslim and terrain and source != 0 and not capital:
        # [7.2.2] Islam cancels out terrain: no terrain penalty, and no +1 for Islam
        terms.append((f"Islam cancels the {crossing} crossing", 0))
    else:
        if muslim:
            always = "Mecca is always Muslim" if source == 0 else "the Islamic Capital is always Muslim"
            terms.append((always if source == 0 or capital else "Islam", t.islam_hit))  # [2.1.5.4, 7.2.1]
        if terrain:
            terms.append((f"{crossing.capitalize()} crossing", terrain))
    if source == 0 or capital:
        terms.append(("Mecca tile", 1 if d.mecca_strong else 0))  # [2.1.5.4]
    for k, track in enumerate(d.tracks):
        if t.face_path[k][track.face] == path and track.box:
            terms.append((t.track_title[k], track.box))  # [13.1]
    aid = active(st, path)
    assert aid is not None
    defending = t.path_lands[path][target - 1]
    if d.themes == defending and t.army_power[aid] == "byzantium":
        terms.append(("Themes", t.themes_hit))  # [12.4]
    adv = d.adv
    jews = adv.jews if adv is not None else None
    if jews is not None and jews.at == defending and player_controls(st, defending):
        terms.append(("Jewish marker", 1 if jews.side == "plus_one" else -1))  # [19.1]
    if adv is not None and adv.muj_at == path:
        terms.append((f"{adv.muj_side.capitalize()} Mujahideen", adv.kaaba))  # [17.5, 17.6.4]
    return terms


def absorb_options(st: JihadState, aid: int, hits: int) -> list[tuple[str, int]]:
    """[7.4] each legal way to absorb the next Hits (its verb), with how many Hits it absorbs."""
    t = st.tables
    a = st.data.armies[aid]
    if hits <= 0 or not t.on_map[a.at]:
        return []
    land = a.at
    options: list[tuple[str, int]] = []
    # [7.4 A] a step loss; a Cursed weak army has no marker left to Shatter it (NOTES.md)
    if a.strength == "strong" or (a.strength == "weak" and not a.cursed):
        options.append(("step", 1))
    capital = capital_in(st, land)
    if capital is not None:
        options.append(("capital", min(hits, t.capital_hits[capital])))  # [7.4.2]
    castle = castle_in(st, land)
    can_leave = not t.land_round[land] and not a.top and capital is None
    if castle is not None:
        value = castle_value(st, castle)
        if not a.sieged:
            options.append(("besiege", min(hits, value)))  # [7.4.3.1] step 2
        elif st.data.castles[castle].side == "strong":
            options.append(("castle", min(hits, value)))  # step 3
        elif can_leave:
            options.append(("retreat", min(hits, value)))  # step 4
    elif can_leave:
        options.append(("retreat", min(hits, 2)))  # [7.4 B, 7.4.1]
    return options


def absorb_words(st: JihadState, aid: int, options: list[tuple[str, int]]) -> list[str]:
    """[7.4] each way to absorb Hits now, in words, as :func:`absorb_options` lists them."""
    t = st.tables
    a = st.data.armies[aid]
    land = a.at
    path, idx = t.land_path[land], t.land_index[land]
    nxt = t.land_title[t.path_lands[path][idx]] if idx < t.path_len[path] else ""
    out = []
    for verb, n in options:
        if verb == "step":
            text = f"step: lose a step, to {'weak' if a.strength == 'strong' else 'shattered'} (1 Hit)"
        elif verb == "capital":
            text = f"capital: the Capital takes it ({n} Hit)"
        elif verb == "besiege":
            text = f"besiege: into the Castle ({n} Hits)"
        elif verb == "castle":
            text = f"castle: the Castle to its weak side ({n} Hits)"
        elif castle_in(st, land) is not None:
            text = f"retreat: leave the Castle for {nxt}; it is destroyed and the army Cursed ({n} Hits)"
        else:
            text = f"retreat: to {nxt} ({n} Hit{'s' if n > 1 else ''})"
        out.append(text)
    return out


def absorb_blocked(st: JihadState, aid: int) -> list[str]:
    """[7.4, 7.4.2, 7.4.3.1, 7.5, 2.1.2] why a step loss or a retreat is not among the choices."""
    t = st.tables
    a = st.data.armies[aid]
    land = a.at
    out = []
    if a.strength == "shattered":
        out.append("no step loss: already shattered (7.3)")
    elif a.strength == "weak" and a.cursed:
        out.append("no step loss: Cursed, with no Shattered marker left (7.6)")
    castle = castle_in(st, land)
    if t.land_round[land]:
        out.append("no retreat from the Ends of the Earth (2.1.2)")
    elif a.top:
        out.append("no retreat off the Neutral army below (7.5)")
    elif capital_in(st, land) is not None:
        out.append("no retreat until the Capital here is destroyed (7.4.2)")
    elif castle is not None and not a.sieged:
        out.append("no retreat past the Castle: into it first (7.4.3.1)")
    elif castle is not None and st.data.castles[castle].side == "strong":
        out.append("no retreat yet: the strong Castle is reduced first (7.4.3.1)")
    return out


def can_retreat(st: JihadState, aid: int) -> bool:
    """Whether an event may push the army one Land back (not out of the Ends of the Earth, off
    a Neutral, from behind another army, or out of a Castle)."""
    t = st.tables
    a = st.data.armies[aid]
    if not t.on_map[a.at]:
        return False
    path = t.land_path[a.at]
    armies = path_armies(st, path)
    others = [x for x in armies if x != aid and st.data.armies[x].at == a.at]
    blocked = a.top or (others and armies[0] != aid)
    return not t.land_round[a.at] and not blocked and castle_in(st, a.at) is None


def bulgars_inverted(st: JihadState) -> bool:
    """[2.1.6.1, 13.3] Constantinople Arab-occupied (besieged included)."""
    t = st.tables
    land = next(x for x in t.path_lands[t.greek] if "bulgar_inversion" in t.land[x].tags)
    return arab_occupied(st, land)


# =============================================================================================
# [8.x, 9.x] what the player's armies may do
# =============================================================================================


def attack_target(st: JihadState, path: int, aid: int | None = None) -> int | None:
    """The Land index attacked: the Arab Land in front, or the army's own Land if besieged
    [9.4]; never Mecca [9.1]. ``aid``: the Path's active army, if already at hand."""
    if aid is None:
        aid = active(st, path)
        if aid is None:
            return None
    a = st.data.armies[aid]
    f = st.tables.land_index[a.at]
    if a.sieged:
        return f
    if f > 1 and islamic_capital(st, st.tables.path_lands[path][f - 2]):
        return None  # [2.1.5, 9.1, 21.2.1] never an attack on Damascus as Islamic Capital
    return f - 1 if f > 1 else None


def in_truce(st: JihadState, power: str) -> bool:
    adv = st.data.adv
    return adv is not None and adv.truce == power


def can_attack(st: JihadState, path: int, aid: int | None = None) -> bool:
    """[9.1.2] a strong or weak army, not Cursed, with an Arab Land to attack. ``aid``: the
    Path's active army, if already at hand."""
    if aid is None:
        aid = active(st, path)
    if aid is None or attack_target(st, path, aid) is None:
        return False
    if in_truce(st, st.tables.army_power[aid]):
        return False  # [22.1 (3)] an Empire in Truce may not attack the Arabs
    a = st.data.armies[aid]
    return not a.cursed and a.strength != "shattered"


def heartland_lost(st: JihadState, aid: int, kind: str) -> bool:
    """[21.5] the attacking or rallying army's Empire (Byzantium or Persia only) has lost its
    Military (horse) or Religious (temple) Heartland to Islam; military control is irrelevant."""
    t = st.tables
    if not t.advanced:
        return False
    power = t.army_power[aid]
    if power not in EMPIRE_ID:
        return False
    where = (t.military_heartland if kind == "military" else t.religious_heartland)[EMPIRE_ID[power]]
    return where is not None and is_converted(st, *where)


def attack_cost(st: JihadState, path: int, aid: int | None = None) -> int:
    """[8.3, 8.3.1] by the Crossing: ordinary or mountain 1, river 2, straits by Cyprus.
    ``aid``: the Path's active army, if already at hand."""
    if aid is None:
        aid = active(st, path)
    assert aid is not None
    a = st.data.armies[aid]
    if a.sieged:
        return 1  # [9.4] attacking the Land the army is in crosses nothing (so no 21.5 either)
    if heartland_lost(st, aid, "military"):
        return 2  # [8.3, 21.5] the Military Heartland has fallen to Islam: always 2 AP
    t = st.tables
    crossing = t.crossing_in[path][t.land_index[a.at]]
    if crossing == "river":
        return 2
    if crossing == "straits":
        return STRAITS_COST[st.data.tracks[t.cyprus].box]
    return 1


def rally_step_cost(st: JihadState, aid: int) -> int:
    """[8.4] 1 AP a step; 2 AP a step once the Religious Heartland is Muslim (21.5)."""
    return 2 if heartland_lost(st, aid, "religious") else 1


def can_rally(st: JihadState, aid: int) -> bool:
    """[8.4, 7.6, 16.2] not Cursed, damaged, and a Garrison never above weak."""
    a = st.data.armies[aid]
    if a.cursed or a.strength == "strong":
        return False
    return not (st.tables.army_garrison[aid] and a.strength == "weak")


def dice_for(st: JihadState, path: int, target: int) -> int:
    """[9.1.2] one die, or two (keep the lower) for a religious army against another faith."""
    aid = active(st, path)
    assert aid is not None
    religion = army_religion(st, aid)
    if religion is None:
        return 1
    return 1 if religion == combat_religion(st, path, target) else 2


def immortal_choices(st: JihadState, path: int) -> list[str]:
    """[9.5.1, 9.5.1.1] the Immortals' DRM options for an attack on this Path."""
    t = st.tables
    im = st.data.immortals
    if im.gone or im.used or path not in (t.indian, t.parthian):
        return []
    aid = active(st, path)
    persian = aid is not None and t.army_power[aid] == "persia"
    if im.side == "elephants" and persian:
        return ["immortals+2", "immortals+1"]
    return ["immortals+1"]


def fleet_ready(st: JihadState, path: int) -> bool:
    """The Greek Fleet can fly a mission for this Path (not Used, or a ▲ event keeps it free)."""
    free = st.data.fleet_free
    return not st.data.fleet.used or (free is not None and path in free.paths)


def fleet_missions(st: JihadState, path: int) -> tuple[str, ...]:
    """[8.5] what the Cyprus box allows: naval always; raid at 0 or -1; landing at -1."""
    d = st.data
    free = d.fleet_free
    if free is not None and free.ignore_cyprus and path in free.paths:
        return ("naval", "raid", "landing")
    box = d.tracks[st.tables.cyprus].box
    if box <= -1:
        return ("naval", "raid", "landing")
    if box <= 0:
        return ("naval", "raid")
    return ("naval",)


def refugee_hosted(st: JihadState, refugee: int) -> bool:
    """[19.2.1] the player controls the Land the Refugee is in; [19.2] one in an Ends of the
    Earth Land benefits the player for the rest of the game."""
    adv = st.data.adv
    if adv is None:
        return False
    at = adv.refugees[refugee]
    t = st.tables
    if not t.on_map[at]:
        return False
    return t.land_round[at] or player_controls(st, at)


def appease_cost(st: JihadState, track: int) -> int:
    """[8.9, 8.10] the face value to move a minor power's marker right; [19.2.1] the Manichees
    make Tibet cost 1."""
    t = st.tables
    cost = t.face_cost[track][st.data.tracks[track].face]
    if track == t.tibet and refugee_hosted(st, MANICHEES):
        cost = 1
    return cost


# =============================================================================================
# [6.2] what some events would do
# =============================================================================================


def free_advance_target(st: JihadState, path: int) -> int | None:
    """The Land the active army would take by a free advance (never Mecca)."""
    aid = active(st, path)
    if aid is None:
        return None
    f = front(st, path)
    if st.data.armies[aid].sieged:
        return f
    if f > 1 and islamic_capital(st, st.tables.path_lands[path][f - 2]):
        return None  # [2.1.5, 21.2.1] Damascus as Islamic Capital is part of Mecca
    return f - 1 if f - 1 >= 1 else None


def capital_sites(st: JihadState, empire: int, lands: list[int]) -> list[int]:
    """[8.8.2] Byzantine-controlled Christian Lands not converted to Islam."""
    t = st.tables
    out = []
    here = st.data.capitals[empire].at
    name = EMPIRES[empire]
    for land in lands:
        christian = t.land_religion[land] in t.christian
        converted = is_converted(st, t.land_path[land], t.land_index[land])
        if land != here and christian and not converted and controller_power(st, land) == name:
            out.append(land)
    return out


def icon_sites(st: JihadState) -> list[int]:
    """[14.7] where the Icons may move: a Byzantine-controlled Christian Land not converted to
    Islam, or back to the Available box."""
    t = st.tables
    icons = st.data.icons
    if icons is None or (icons != t.available and controller_power(st, icons) != "byzantium"):
        return []
    out = []
    for path in range(len(t.path_name)):
        power, held = player_lands(st, path)
        if power != "byzantium":
            continue
        lands = t.path_lands[path]
        for idx in held:
            land = lands[idx - 1]
            if land != icons and t.land_religion[land] in t.christian and not is_converted(st, path, idx):
                out.append(land)
    if icons != t.available:
        out.append(t.available)
    return out


# =============================================================================================
# [17] the Syrians
# =============================================================================================


def live(st: JihadState, empire: str, path: int) -> bool:
    """[17.6.3] a Live Path holds an army of the Jihad's Empire."""
    power = st.tables.army_power
    return any(power[a] == empire for a in path_armies(st, path))


def vengeance_path(st: JihadState) -> tuple[int, str] | None:
    """[14.1] the first Path (in order) whose player army holds a Green Box Land, else the
    first holding a Firmly Muslim Land (10.5); never a Path under the Stop Sign (15.5) or a
    Full Baqt (16.3.2). Returns (path, reason)."""
    t = st.tables
    for check in ("green", "firm"):
        for path in range(len(t.path_name)):
            if stop_sign(st, path) or full_baqt(st, path):
                continue
            aid = active(st, path)
            if aid is None:
                continue
            land = st.data.armies[aid].at
            idx = t.land_index[land]
            name = t.army_title[aid]
            if check == "green" and t.land[land].green_box:
                return path, f"the {name} hold the Green Box Land {t.land_title[land]}"
            if check == "firm" and idx < st.data.islam[path].at:
                return path, f"the {name} hold the Firmly Muslim Land {t.land_title[land]}"
    return None


def syrians_mustered(st: JihadState) -> bool:
    """[17.1.1] the Syrians get their first reinforcements once Damascus is the Islamic Capital
    and Event Card #2 (Caliph Umar I) has been drawn; until then nothing raises the Ka'aba
    Number (see NOTES.md)."""
    adv = st.data.adv
    assert adv is not None
    return st.tables.muster_at_start or (adv.damascus == "capital" and 2 in st.data.played)


def umar_amount(st: JihadState) -> int:
    """[17.1.2] the Syrians Caliph Umar I adds: fewer if Byzantium is Monophysite (data)."""
    effect = next(e for e in st.tables.card[2].events if isinstance(e, CaliphUmarI))
    adv = st.data.adv
    assert adv is not None
    if adv.religion == "monophysite":
        return effect.kaaba_increase_if_monophysite
    return effect.kaaba_increase


# =============================================================================================
# [21] Damascus and Trade
# =============================================================================================


def damascus_bonus_ready(st: JihadState) -> bool:
    """[21.2] Christian Damascus held by the player: 2 purple AP tokens once per turn."""
    adv = st.data.adv
    return (
        adv is not None
        and adv.damascus == "christian"
        and not adv.damascus_bonus
        and player_controls(st, st.tables.damascus)
    )


def route_open(st: JihadState, route: int) -> bool:
    """[21.4.1] the player (or a neutral, which is happy to trade) holds both ends."""
    return not any(arab_controls(st, x) for x in st.tables.route_ends[route])


def route_room(st: JihadState, route: int) -> int | None:
    """AP the route can still carry this turn (None: unlimited) [21.4.3.1-21.4.3.4]."""
    t = st.tables
    r: TradeRoute = t.routes[route]
    if r.capacity == "unlimited":
        return None
    cap = 1 if r.capacity == "one" else SOCOTRA_CAP[st.data.tracks[t.socotra].box]
    if cap is None:
        return None
    adv = st.data.adv
    assert adv is not None
    return cap - adv.trade_used[route]


def usable_routes(st: JihadState) -> list[int]:
    """[21.4.1, 21.4.3] the open Trade Routes with room left this turn."""
    memo: dict[int, Any] | None = st.cache.get(READING)
    if memo is not None:
        found: list[int] | None = memo.get(_ROUTES)
        if found is None:
            found = memo[_ROUTES] = _usable_routes(st)
        return found
    return _usable_routes(st)


def _usable_routes(st: JihadState) -> list[int]:
    return [r for r in range(len(st.tables.routes)) if route_open(st, r) and route_room(st, r) != 0]


def ways(st: JihadState, src: int, dst: int) -> list[tuple[int, ...]]:
    """Every chain of open Trade Routes with room left from one Theater to another (routes by
    id), shortest first, then in the order of their names."""
    return trade_chains(st, src).get(dst, [])


def trade_chains(st: JihadState, src: int) -> dict[int, list[tuple[int, ...]]]:
    """:func:`ways` from one Theater to each other Theater it reaches (within :func:`reading`,
    worked out once)."""
    memo: dict[int, Any] | None = st.cache.get(READING)
    if memo is not None:
        key = _CHAINS + src
        found: dict[int, list[tuple[int, ...]]] | None = memo.get(key)
        if found is None:
            found = memo[key] = _trade_chains(st, src)
        return found
    return _trade_chains(st, src)


def _trade_chains(st: JihadState, src: int) -> dict[int, list[tuple[int, ...]]]:
    t = st.tables
    usable = usable_routes(st)
    found: dict[int, list[tuple[int, ...]]] = {}

    def walk(at: int, seen: tuple[int, ...], chain: tuple[int, ...]) -> None:
        if at != src:
            found.setdefault(at, []).append(chain)
        for r in usable:
            ends = t.route_theaters[r]
            if r in chain or at not in ends:
                continue
            nxt = ends[1] if ends[0] == at else ends[0]
            if nxt not in seen:
                walk(nxt, (*seen, nxt), (*chain, r))

    walk(src, (src,), ())
    ids = t.route_ids
    for chains in found.values():
        chains.sort(key=lambda c: (len(c), tuple(ids[r] for r in c)))
    return found


def ruled(st: JihadState, theater: int) -> bool:
    """[21.4.2] a Theater with a Ruler: the Emperor or the Shah, a Great King, or a Byzantine
    Garrison (ruled by the Emperor for Trade)."""
    if theater in (AFRICAN, CAUCASUS):
        path = st.tables.theater_path[theater]
        aid = active(st, path)
        return aid is not None and (great_king(st, path) is not None or st.tables.army_garrison[aid])
    return has_ruler(st, theater)


def can_bank_later(st: JihadState, theater: int) -> bool:
    """[6.3.2, 21.4.3] an Empire with its Capital, or a Great King, keeps AP past its turn."""
    if theater in (AFRICAN, CAUCASUS):
        return great_king(st, st.tables.theater_path[theater]) is not None
    return st.data.capitals[BYZANTIUM if theater == WEST else PERSIA].at is not None


# =============================================================================================
# [22] Truces
# =============================================================================================


def truce_shields(st: JihadState, path: int) -> bool:
    """[22.1 (6)] the Empire in Truce ignores all Arab Hits on the Paths it holds."""
    aid = active(st, path)
    return aid is not None and in_truce(st, st.tables.army_power[aid])


def may_accept(st: JihadState, empire: str) -> tuple[bool, str]:
    """[22.2, 22.3] whether the Empire may accept, and why not."""
    t = st.tables
    d = st.data
    if d.rulers[EMPIRE_ID[empire]] is None:
        return False, f"{EMPIRES_NAME[empire]} is no longer in the game"
    if empire == "persia":
        # (a) no Zoroastrian Land converted; (b) Persian armies in Nehavend and Yezd. The
        # persian_truce option: both must hold (default), or either will do.
        faith = ""
        for path in range(len(t.path_name)):
            for idx, land in enumerate(t.path_lands[path], start=1):
                if t.land_religion[land] == "zoroastrian" and is_converted(st, path, idx):
                    faith = f"the Zoroastrian Land {t.land_title[land]} has converted to Islam"
        armies = ""
        persians = t.armies_of_power.get("persia", ())
        for name in ("nehavend", "yezd"):
            land = t.place_id[name]
            if not any(d.armies[a].at == land for a in persians):
                armies = f"no Persian army stands in {t.land_title[land]}"
        if t.truce_either:
            return (True, "") if not (faith and armies) else (False, f"{faith} and {armies}")
        return (False, faith or armies) if faith or armies else (True, "")
    for path in (t.greek, t.med):
        if not any(t.army_power[a] == "byzantium" for a in path_armies(st, path)):
            return False, f"no Byzantine army is on the {t.path_title[path]}"
    for path in range(len(t.path_name)):
        for land in t.path_lands[path]:
            if t.land[land].green_box and controller_power(st, land) == "byzantium":
                return False, f"Byzantium holds the Green Box Land {t.land_title[land]}"
    return True, ""


def offered_baqt_paths(st: JihadState) -> Iterator[int]:
    """[16.3] the Paths whose Baqt card was drawn this turn."""
    adv = st.data.adv
    if adv is None:
        return
    for offer in adv.offers:
        if offer.kind == "baqt" and offer.path is not None:
            yield offer.path


# =============================================================================================
# [5.2] Outcome Points
# =============================================================================================

SUDDEN_DEATH_POINTS = 56  # [5.1] "you lose big time": the 56+ level
ARMY_POINTS = {"strong": 3, "weak": 2, "shattered": 1}


def outcome_points(st: JihadState) -> dict[str, Any]:
    """The Outcome Points of the position, broken down by rule 5.2 A-E."""
    t = st.tables
    d = st.data
    a_points = 0
    a_lands = []
    for path in range(len(t.path_name)):
        at = d.islam[path].at
        if at > 0:
            land = t.path_lands[path][at - 1]
            a_points += t.land[land].outcome_points or 0  # [5.2 A]
            a_lands.append(t.place_name[land])
    b_points = sum(
        max(0, min(control_limit(st, p), t.path_len[p])) for p in range(len(t.path_name))
    )  # [5.2 B]
    if t.mecca_counts:
        b_points += 1  # [5.2 B, 2.1.5] option mecca_counts: Mecca is a Land the Arabs control
    c_points = sum(x.box for x in d.tracks)  # [5.2 C]
    armies = 0
    for path in range(len(t.path_name)):
        aid = active(st, path)
        if aid is None:
            continue
        a = d.armies[aid]
        if t.land_round[a.at]:
            armies += 1 if a.strength == "strong" else 0  # [5.2 D]
        else:
            armies += ARMY_POINTS[a.strength]
    castles = sum(castle_value(st, c) for c, x in enumerate(d.castles) if t.on_map[x.at])
    capitals = sum(
        t.capital_points[e][0 if c.side == "strong" else 1]
        for e, c in enumerate(d.capitals)
        if c.at is not None
    )
    e_points = 0
    adv = d.adv
    if adv is not None:
        # [5.2 E] the Ka'aba Number adds or subtracts Outcome Points
        e_points = next(x.points for x in t.content.setup.outcome.kaaba_adjustment if x.kaaba == adv.kaaba)
    total = a_points + b_points + c_points - armies - castles - capitals + e_points
    sudden = d.over == "rome"
    parts_e = {"E_kaaba": e_points} if adv is not None else {}
    return {
        **parts_e,
        "A_islam_circles": a_points,
        "A_lands": a_lands,
        "B_arab_lands": b_points,
        "C_minor_powers": c_points,
        "D_armies": -armies,
        "D_castles": -castles,
        "D_capitals": -capitals,
        "sudden_death": sudden,
        "total": max(total, SUDDEN_DEATH_POINTS) if sudden else total,
    }
