"""Pure queries of a First Jihad position for the Advanced Game: the Syrians and Jihads (17),
Damascus and the Trade Routes (21), Truces and the Baqts offered (22, 16.3).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

from consim.games.jihad.board.combat import in_truce
from consim.games.jihad.board.control import (
    EMPIRE_ID,
    MEMO_CHAINS,
    MEMO_ROUTES,
    READING,
    active,
    arab_controls,
    controller_power,
    full_baqt,
    great_king,
    has_ruler,
    is_converted,
    limits,
    path_armies,
    player_controls,
    stop_sign,
)
from consim.games.jihad.content import (
    AFRICAN,
    BYZANTIUM,
    CAUCASUS,
    PERSIA,
    WEST,
    CaliphUmarI,
    TradeRoute,
)
from consim.games.jihad.state import JihadState

#: [21.4.3.2] Socotra's allotment by its box: +1 none, 0 one AP, -1 unlimited
SOCOTRA_CAP: dict[int, int | None] = {1: 0, 0: 1, -1: None}
#: [17.6.2] where a Jihad against each Empire begins
JIHAD_START = {"persia": "parthian", "byzantium": "greek"}
#: [17.6.3] the Paths a Jihad against each Empire may target
JIHAD_PATHS = {"persia": ("indian", "parthian"), "byzantium": ("greek", "med")}
EMPIRES_NAME = {"persia": "Persia", "byzantium": "Byzantium"}


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
        found: list[int] | None = memo.get(MEMO_ROUTES)
        if found is None:
            found = memo[MEMO_ROUTES] = _usable_routes(st)
        return found
    return _usable_routes(st)


def _usable_routes(st: JihadState) -> list[int]:
    # route_open, written out: neither end Land controlled by the Arabs [21.4.1]
    t = st.tables
    land_path = t.land_path
    land_index = t.land_index
    out: list[int] = []
    for r, (a, b) in enumerate(t.route_ends):
        if land_index[a] <= limits(st, land_path[a])[1] or land_index[b] <= limits(st, land_path[b])[1]:
            continue
        if route_room(st, r) != 0:
            out.append(r)
    return out


def ways(st: JihadState, src: int, dst: int) -> list[tuple[int, ...]]:
    """Every chain of open Trade Routes with room left from one Theater to another (routes by
    id), shortest first, then in the order of their names."""
    return trade_chains(st, src).get(dst, [])


def trade_chains(st: JihadState, src: int) -> dict[int, list[tuple[int, ...]]]:
    """:func:`ways` from one Theater to each other Theater it reaches (within :func:`reading`,
    worked out once)."""
    memo: dict[int, Any] | None = st.cache.get(READING)
    if memo is not None:
        key = MEMO_CHAINS + src
        found: dict[int, list[tuple[int, ...]]] | None = memo.get(key)
        if found is None:
            found = memo[key] = _trade_chains(st, src)
        return found
    return _trade_chains(st, src)


def _trade_chains(st: JihadState, src: int) -> dict[int, list[tuple[int, ...]]]:
    t = st.tables
    return _chains(t.route_theaters, t.route_ids, src, tuple(usable_routes(st)))


@cache
def _chains(
    route_theaters: tuple[tuple[int, int], ...], ids: tuple[str, ...], src: int, usable: tuple[int, ...]
) -> dict[int, list[tuple[int, ...]]]:
    """The chains of routes from ``src`` to each Theater over the ``usable`` routes: a pure
    function of the map, worked out once for each set of usable routes (callers never change
    what it returns)."""
    found: dict[int, list[tuple[int, ...]]] = {}

    def walk(at: int, seen: tuple[int, ...], chain: tuple[int, ...]) -> None:
        if at != src:
            found.setdefault(at, []).append(chain)
        for r in usable:
            ends = route_theaters[r]
            if r in chain or at not in ends:
                continue
            nxt = ends[1] if ends[0] == at else ends[0]
            if nxt not in seen:
                walk(nxt, (*seen, nxt), (*chain, r))

    walk(src, (src,), ())
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
