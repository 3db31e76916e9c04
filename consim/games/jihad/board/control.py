"""Pure queries of a First Jihad position, the ground the others stand on: each Path's armies
from Mecca outward and who holds each Land (2.1.5), faiths in battle (7.2.3, 9.1.1, 10.5), army,
Castle and Capital values, Rulers and their AP limits (6.3.1, 11.1, 16.5), the Stop Sign and
Baqts (15.5, 16.3); and :class:`reading`, the memo of a section that moves no army.
"""

from __future__ import annotations

from typing import Any

from consim.games.jihad.content import (
    BYZANTIUM,
    EAST,
    PERSIA,
    WEST,
    JihadTables,
)
from consim.games.jihad.state import Baqt, GreatKing, JihadState

EMPIRE_ID = {"byzantium": BYZANTIUM, "persia": PERSIA}


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
#: keys in that memo: each Path's armies (the Path), its limits (+ the Path), the Trade chains
#: from each Theater (+ the Theater) and the open Trade Routes (see :mod:`.advanced`)
MEMO_LIMITS = 10
MEMO_CHAINS = 20
MEMO_ROUTES = 30


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
        key = MEMO_LIMITS + path
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
