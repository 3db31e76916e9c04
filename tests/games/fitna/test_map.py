"""Fitna's map (content/map.yaml): the schema, the facts the rules and public sources give, and
the geography of the reconstruction (lengths, crossings, connectivity, supply, Kurdish and IS
zones, the Mediterranean coast)."""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable
from functools import cache

import pytest

from consim.core.content import load_model
from consim.games.fitna.content import CONTENT_DIR, Country, Force, MapFile, Space

#: the longest link allowed, great-circle km. The longest real stretches between neighbouring
#: places on the map's desert highways are about 280 km (Ramadi-Rutba on Highway 1, the stages
#: of the Tapline road in Saudi Arabia, Rafha-Najaf); anything longer would jump over a place
#: the map should show.
MAX_LINK_KM = 300.0

#: the fields a space may list as reconstructed ("id" and "name": its existence and name)
RECONSTRUCTIBLE = {
    "id",
    "name",
    "country",
    "terrain",
    "city",
    "oilfield",
    "holy",
    "objective",
    "defence",
    "is_symbol",
    "kurdish",
    "supply",
    "coastal",
}

#: each country's own army (rule 14.0: supplied from a source in its colour)
OWN_FORCE: dict[Country, Force] = {
    "iraq": "iraq",
    "syria": "syria",
    "lebanon": "lebanese_army",
    "kuwait": "kuwait",
    "israel": "israel",
    "turkey": "turkey",
    "iran": "iran",
    "jordan": "jordan",
    "saudi_arabia": "saudi_arabia",
}

#: a rough box (lat, lon) around each country's part of the map: catches swapped or mistyped
#: coordinates and spaces filed under the wrong country
BOXES: dict[Country, tuple[float, float, float, float]] = {
    "iraq": (29.0, 37.4, 38.7, 48.6),
    "syria": (32.3, 37.4, 35.6, 42.4),
    "lebanon": (33.0, 34.7, 35.0, 36.7),
    "israel": (29.5, 33.4, 34.2, 35.9),
    "jordan": (29.2, 33.4, 34.9, 39.4),
    "saudi_arabia": (27.0, 32.2, 34.5, 50.0),
    "kuwait": (28.5, 30.1, 46.5, 48.5),
    "turkey": (35.8, 40.0, 33.0, 45.0),
    "iran": (29.5, 40.0, 44.0, 50.0),
}


@cache
def board() -> MapFile:
    return load_model(CONTENT_DIR / "map.yaml", MapFile)


def spaces() -> dict[str, Space]:
    return {s.id: s for s in board().spaces}


def adjacency(m: MapFile) -> dict[str, set[str]]:
    adj: dict[str, set[str]] = {s.id: set() for s in m.spaces}
    for a, b in m.links:
        adj[a].add(b)
        adj[b].add(a)
    return adj


def great_circle_km(a: Space, b: Space) -> float:
    la1, lo1, la2, lo2 = map(math.radians, (a.lat, a.lon, b.lat, b.lon))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 2 * 6371.0 * math.asin(math.sqrt(h))


def too_long(m: MapFile) -> list[tuple[str, str, int]]:
    by_id = {s.id: s for s in m.spaces}
    return [
        (a, b, round(great_circle_km(by_id[a], by_id[b])))
        for a, b in m.links
        if great_circle_km(by_id[a], by_id[b]) > MAX_LINK_KM
    ]


def crossings(m: MapFile) -> list[tuple[str, str, str, str]]:
    """Pairs of links that cross, in the equirectangular projection the board is drawn in."""
    by_id = {s.id: s for s in m.spaces}
    lat0 = math.radians(sum(s.lat for s in m.spaces) / len(m.spaces))

    def xy(sid: str) -> tuple[float, float]:
        return (by_id[sid].lon * math.cos(lat0), by_id[sid].lat)

    def side(p: tuple[float, float], q: tuple[float, float], r: tuple[float, float]) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    found = []
    links = list(m.links)
    for i, (a, b) in enumerate(links):
        for c, d in links[i + 1 :]:
            if len({a, b, c, d}) < 4:
                continue
            pa, pb, pc, pd = xy(a), xy(b), xy(c), xy(d)
            if side(pc, pd, pa) * side(pc, pd, pb) < 0 and side(pa, pb, pc) * side(pa, pb, pd) < 0:
                found.append((a, b, c, d))
    return found


def reachable(adj: dict[str, set[str]], start: str, allowed: Iterable[str] | None = None) -> set[str]:
    ok = set(adj) if allowed is None else set(allowed)
    seen = {start}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for there in adj[here]:
            if there in ok and there not in seen:
                seen.add(there)
                todo.append(there)
    return seen


# =============================================================================================
# The file and its size
# =============================================================================================


def test_loads_through_the_schema_with_115_spaces() -> None:
    m = board()
    assert len(m.spaces) == 115  # rule 2.1
    assert m.provenance.sources and m.provenance.reconstructed
    assert set(OWN_FORCE) == {s.country for s in m.spaces}  # every country of 2.1 has ground


def test_country_sizes_fit_the_brief() -> None:
    count = {c: sum(1 for s in board().spaces if s.country == c) for c in OWN_FORCE}
    assert 2 <= count["kuwait"] <= 3
    assert count["lebanon"] <= 6
    # the main area (31.1: Iraq, Syria, Lebanon, Kuwait) holds most of the map
    assert count["iraq"] + count["syria"] + count["lebanon"] + count["kuwait"] >= 70


def test_reconstruction_is_marked_on_every_space() -> None:
    for s in board().spaces:
        assert set(s.reconstructed) <= RECONSTRUCTIBLE, s.id
        assert s.note, f"{s.id} has no note"


def test_coordinates_lie_in_their_country() -> None:
    for s in board().spaces:
        la0, la1, lo0, lo1 = BOXES[s.country]
        assert la0 <= s.lat <= la1 and lo0 <= s.lon <= lo1, f"{s.id} ({s.lat}, {s.lon}) not in {s.country}"


# =============================================================================================
# Facts stated by the rules and public sources
# =============================================================================================

NAMED = [
    "mosul",
    "dahuk",
    "baghdad",
    "karbala",
    "najaf",
    "kuwait_city",
    "damascus",
    "aleppo",
    "tartus",
    "latakia",
    "kobane",
    "jarabulus",
    "beirut",
    "tripoli",
    "south_litani",
    "incirlik",
    "haifa",
    "netanya",
    "h4",
    "h5",
    "golan_heights",
]


@pytest.mark.parametrize("sid", NAMED)
def test_every_named_space_is_on_the_map(sid: str) -> None:
    assert sid in spaces()


def test_named_spaces_sit_in_the_right_country() -> None:
    where = {
        "mosul": "iraq",
        "dahuk": "iraq",
        "baghdad": "iraq",
        "karbala": "iraq",
        "najaf": "iraq",
        "kuwait_city": "kuwait",
        "damascus": "syria",
        "aleppo": "syria",
        "tartus": "syria",
        "latakia": "syria",
        "kobane": "syria",
        "jarabulus": "syria",
        "beirut": "lebanon",
        "tripoli": "lebanon",
        "south_litani": "lebanon",
        "incirlik": "turkey",
        "haifa": "israel",
        "netanya": "israel",
        "h4": "jordan",
        "h5": "jordan",
    }
    for sid, country in where.items():
        assert spaces()[sid].country == country, sid


def test_mosul_and_dahuk() -> None:
    s = spaces()
    assert s["mosul"].objective and s["mosul"].oilfield  # 31.1: 3 VP as both
    assert s["dahuk"].defence == 1  # 18.2: -1, one column shift
    assert "mosul" in adjacency(board())["dahuk"]  # 18.2: Mosul's stack attacks Dahuk
    for sid, field in (("mosul", "objective"), ("mosul", "oilfield"), ("dahuk", "defence")):
        assert field not in s[sid].reconstructed, f"{sid}.{field} is sourced"


def test_religious_cities() -> None:
    s = spaces()
    # 31.1: the religious cities are Karbala and Najaf, and no other space
    assert {x.id for x in board().spaces if x.holy} == {"karbala", "najaf"}
    for sid in ("karbala", "najaf", "baghdad", "aleppo", "damascus"):
        assert s[sid].city, sid  # 22.0 calls them cities
    assert "holy" not in s["karbala"].reconstructed and "holy" not in s["najaf"].reconstructed


def test_russian_supply_only_at_tartus_and_latakia() -> None:
    s = spaces()
    assert {x.id for x in board().spaces if "russia" in x.supply} == {"tartus", "latakia"}  # 14.9
    assert s["tartus"].coastal and s["latakia"].coastal


def test_us_western_supply_candidates() -> None:
    s = spaces()
    saudi_sources = {x.id for x in board().spaces if x.country == "saudi_arabia" and x.supply}
    assert saudi_sources, "14.2 and 14.10 need supply sources in Saudi Arabia"
    candidates = {"incirlik", "netanya", "h5", "baghdad", "kuwait_city"} | saudi_sources  # 14.10
    for force in ("us", "france", "uk"):
        assert {x.id for x in board().spaces if force in x.supply} == candidates, force
    assert "us" in s["incirlik"].supply and "us" in s["netanya"].supply and "us" in s["h5"].supply


def test_lebanese_forces_draw_on_damascus() -> None:
    assert {"lebanese_army", "hezbollah"} <= set(spaces()["damascus"].supply)  # 14.6


def test_kobane_is_pyd_and_next_to_jarabulus() -> None:
    assert spaces()["kobane"].kurdish == "PYD"
    assert "jarabulus" in adjacency(board())["kobane"]


def test_allied_supply_from_saudi_arabia_and_jordan() -> None:
    saudi = [x for x in board().spaces if x.country == "saudi_arabia" and x.supply]
    for x in saudi:  # 14.2, 14.3: Arab Allies, Free Iraqi Army, Iraqi Sunni militias
        assert {"saudi_arabia", "egypt", "uae", "fia", "sunni_militia"} <= set(x.supply), x.id
    jordan = [x for x in board().spaces if x.country == "jordan" and x.supply]
    assert {x.id for x in jordan} >= {"h4", "h5"}  # 15.0: Jordanian and Egyptian arrivals
    for x in jordan:  # 14.2: Jordanians and Egyptians also from Jordan; 14.4: the FSA
        assert {"jordan", "egypt", "fsa"} <= set(x.supply), x.id
    turkish = [x for x in board().spaces if x.country == "turkey" and x.supply]
    assert turkish and all("fsa" in x.supply for x in turkish)  # 14.4


def test_each_country_supplies_its_own_army() -> None:
    for country, force in OWN_FORCE.items():
        sources = [x for x in board().spaces if force in x.supply]
        assert sources, f"no supply source for {force}"
        if country != "lebanon":  # 14.6: Lebanese units are supplied anywhere in Lebanon
            assert any(x.country == country for x in sources), f"{country} has no source at home"
    # 14.5: Iran, Iraq and Syria have sources of their own, open to the Shia militias
    for country in ("iran", "iraq", "syria"):
        assert any(x.country == country and "shia_militia" in x.supply for x in board().spaces)


def test_reinforcement_borders_exist() -> None:
    """15.0 speaks of Saudi spaces bordering Iraq and Turkish spaces bordering Syria."""
    s, adj = spaces(), adjacency(board())

    def borders(a: Country, b: Country) -> bool:
        return any(s[n].country == b for x in board().spaces if x.country == a for n in adj[x.id])

    assert borders("saudi_arabia", "iraq")
    assert borders("turkey", "syria")
    assert borders("jordan", "syria") and borders("jordan", "iraq")
    assert borders("iran", "iraq") and borders("israel", "lebanon") and borders("israel", "syria")
    assert borders("kuwait", "iraq") and borders("kuwait", "saudi_arabia")


# =============================================================================================
# Geography
# =============================================================================================


def test_connected() -> None:
    adj = adjacency(board())
    assert reachable(adj, "baghdad") == set(adj)


def test_links_join_neighbours() -> None:
    assert too_long(board()) == []


def test_no_two_links_cross() -> None:
    assert crossings(board()) == []


def test_degrees_are_sensible() -> None:
    adj = adjacency(board())
    degrees = {sid: len(n) for sid, n in adj.items()}
    assert min(degrees.values()) >= 2, [k for k, v in degrees.items() if v < 2]
    assert max(degrees.values()) <= 6, [k for k, v in degrees.items() if v > 6]
    most = sum(1 for v in degrees.values() if 2 <= v <= 5)
    assert most >= 0.9 * len(degrees)


def test_the_checks_catch_a_bad_link() -> None:
    """The geography checks can fail: a link from Basra to Aleppo is far too long and crosses
    the Euphrates valley's lines."""
    m = board()
    bad = m.model_copy(update={"links": [*m.links, ("basra", "aleppo")]})
    assert [(a, b) for a, b, _ in too_long(bad)] == [("basra", "aleppo")]
    assert any({"basra", "aleppo"} <= set(c) for c in crossings(bad))
    cut = m.model_copy(update={"links": [(a, b) for a, b in m.links if "netanya" not in (a, b)]})
    assert "netanya" not in reachable(adjacency(cut), "baghdad")


def test_a_mediterranean_coastal_chain() -> None:
    coastal = {x.id for x in board().spaces if x.coastal}
    assert {"latakia", "tartus", "beirut", "haifa", "netanya"} <= coastal
    assert {x.country for x in board().spaces if x.coastal} <= {"syria", "lebanon", "israel", "turkey"}
    # Latakia to Haifa along the coast, through coastal spaces only
    assert "haifa" in reachable(adjacency(board()), "latakia", coastal)


def test_victory_bonus_lines_can_exist() -> None:
    """31.1: Iran can reach the Mediterranean coast and Saudi Arabia can reach Turkey."""
    adj = adjacency(board())
    iran = next(x.id for x in board().spaces if x.country == "iran")
    assert reachable(adj, iran) & {x.id for x in board().spaces if x.coastal}
    saudi = next(x.id for x in board().spaces if x.country == "saudi_arabia")
    assert any(spaces()[x].country == "turkey" for x in reachable(adj, saudi))


def test_kurdish_zones() -> None:
    kurds = [x for x in board().spaces if x.kurdish]
    assert {x.country for x in kurds if x.kurdish == "KDP"} == {"iraq"}
    assert {x.country for x in kurds if x.kurdish == "PYD"} == {"syria"}
    pkk = [x for x in kurds if x.kurdish == "PKK"]
    assert {x.country for x in pkk} <= {"turkey", "iraq"}
    assert sum(1 for x in pkk if x.country == "turkey") >= 4  # 26.7: PKK spaces in Turkey
    # Scenario 7 (public report): the Kurds hold at least 7 fortified bases in the mountains
    assert sum(1 for x in kurds if x.terrain == "mountain") >= 7
    assert {"afrin", "kobane", "qamishli", "erbil", "dahuk"} <= {x.id for x in kurds}


def test_is_zones() -> None:
    marked = {x.id for x in board().spaces if x.is_symbol}
    assert {x.country for x in board().spaces if x.is_symbol} == {"iraq", "syria"}
    assert {"raqqa", "mosul", "deir_ez_zor", "fallujah", "ramadi", "tal_afar", "palmyra"} <= marked
    # the Kurdish and Shia heartlands, the capitals and the holy cities carry no IS symbol
    for sid in ("erbil", "dahuk", "kobane", "qamishli", "karbala", "najaf", "basra", "baghdad", "damascus"):
        assert sid not in marked, sid
    assert not any(x.is_symbol and x.kurdish for x in board().spaces)


def test_objectives_and_oilfields_where_the_wars_aimed() -> None:
    objectives = {x.id for x in board().spaces if x.objective}
    for sid in (
        "baghdad",
        "damascus",
        "beirut",
        "kuwait_city",
        "mosul",
        "kirkuk",
        "basra",
        "raqqa",
        "deir_ez_zor",
        "aleppo",
        "homs",
        "erbil",
    ):
        assert sid in objectives, sid
    oil = {x.id for x in board().spaces if x.oilfield}
    for sid in ("mosul", "kirkuk", "basra", "baiji", "qayyarah", "deir_ez_zor", "rmelan", "burgan", "ahvaz"):
        assert sid in oil, sid
    # the defence bonus is kept for a few mountain, marsh and river strongholds
    defended = [x for x in board().spaces if x.defence]
    assert len(defended) <= 25
    assert all(x.terrain in ("mountain", "marsh") or x.id == "haditha" for x in defended)
