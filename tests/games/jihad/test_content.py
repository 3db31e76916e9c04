"""The First Jihad content data: it loads, it holds every rulebook fact, and bad data fails.

Each test cites the rule (or components.md 2(b) entry) whose fact it checks. The worked examples
of the rulebook are replayed against the data: the positions they describe must be expressible
and the numbers they use must come out of the data.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

from consim.core.errors import ContentError
from consim.games.jihad.content import (
    CONTENT_DIR,
    EFFECT_TYPES,
    PATH_ORDER,
    BaqtOffer,
    CaliphUmarI,
    Card,
    EcumenicalCouncil,
    EndOfEra,
    GameEnd,
    GreatKingEvent,
    GreekFireEvent,
    Iconoclasm,
    Jihad,
    JihadContent,
    Kaaba,
    Land,
    MinorPowerShift,
    Munnuza,
    Revolt,
    RightlyGuidedArmy,
    SardinianRaids,
    ShariaLaw,
    TruceOffer,
    load_content,
    load_default_content,
    walk_effects,
)

# ---------------------------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def content() -> JihadContent:
    return load_default_content()


def names(lands: list[Land]) -> list[str]:
    return [land.name for land in lands]


def crossing(content: JihadContent, a: str, b: str) -> str | None:
    """The crossing between two adjacent Lands of one Path (either order)."""
    la, lb = content.land(a), content.land(b)
    assert la.path == lb.path, f"{a} and {b} are on different paths"
    inner, outer = (la, lb) if la.index < lb.index else (lb, la)
    assert outer.index == inner.index + 1, f"{a} and {b} are not adjacent"
    return inner.crossing_outward


def next_outward(content: JihadContent, land_id: str, steps: int = 1) -> str:
    land = content.land(land_id)
    return content.path(land.path).lands[land.index - 1 + steps]


def arab_lands(content: JihadContent, path: str, army_land: str) -> list[str]:
    """[2.1.5.3] Lands between Mecca and the active army are Arab-controlled."""
    return list(content.path(path).lands[: content.land(army_land).index - 1])


TERRAIN = {"ordinary": 0, "mountain": -1, "river": -2}


def hits(
    content: JihadContent,
    rose: int,
    invading: str,
    defending: str,
    invading_muslim: bool,
    tracks: int = 0,
) -> int:
    """The Hit List [7.2] for the terms the examples use: Islam +1, terrain, minor powers;
    'Islam cancels terrain' [7.2.2]; totals below zero mean no Hits [7.2.4]."""
    cross = crossing(content, invading, defending)
    assert cross is not None
    total = rose + tracks
    if not invading_muslim:
        total += TERRAIN.get(cross, -2)
    elif cross == "ordinary":
        total += 1  # the +1 stands only when there is no terrain to cancel it
    return max(total, 0)


def setup_position(content: JihadContent, advanced: bool = False) -> dict[str, str]:
    basic = {a.army: a.at for a in content.setup.setup(False).armies}
    if advanced:
        basic.update({a.army: a.at for a in content.setup.setup(True).armies})
    return basic


def piece_at(content: JihadContent, piece: str, advanced: bool = False) -> tuple[str, str | None]:
    setups = [content.setup.setup(False), *([content.setup.setup(True)] if advanced else [])]
    for setup in setups:
        for placement in setup.pieces:
            if placement.piece == piece:
                return placement.at, placement.side
    raise KeyError(piece)


E = TypeVar("E")


def effects_of(card: Card, kind: type[E]) -> list[E]:
    return [e for e in walk_effects(card.events) if isinstance(e, kind)]


# ---------------------------------------------------------------------------------------------
# loading
# ---------------------------------------------------------------------------------------------


def test_content_loads_and_validates() -> None:
    content = load_content(CONTENT_DIR)
    assert len(content.cards.cards) == 50
    assert len(content.powers.powers) == 14
    assert [p.id for p in content.map.paths] == list(PATH_ORDER)


def test_default_content_is_shared() -> None:
    assert load_default_content() is load_default_content()


def test_every_effect_type_is_documented_and_used(content: JihadContent) -> None:
    assert set(content.cards.effect_types) == EFFECT_TYPES
    used = {e.type for card in content.cards.cards for e in walk_effects(card.events)}
    assert used == EFFECT_TYPES


# ---------------------------------------------------------------------------------------------
# the map [2.1], components.md 2(b) "Path order" and "Land sequences"
# ---------------------------------------------------------------------------------------------


def test_path_order_colours_and_theaters(content: JihadContent) -> None:
    # [2.1.1] counter-clockwise from the Greek Path, identified by border colour
    colours = {p.id: p.border_colour for p in content.map.paths}
    assert colours == {
        "greek": "purple",
        "med": "blue",
        "african": "brown",
        "indian": "gray",
        "parthian": "black",
        "caucasus": "yellow",
    }
    # [2.1.3, 21.4] West = Greek + Med; East = Indian + Parthian; the others are their own
    theaters = {t.id: t.paths for t in content.map.theaters}
    assert theaters["west"] == ("greek", "med")
    assert theaters["east"] == ("indian", "parthian")
    assert theaters["african"] == ("african",)
    assert theaters["caucasus"] == ("caucasus",)
    assert {p.id for p in content.map.paths if p.advanced_only} == {"african", "caucasus"}


def test_first_lands_of_each_path(content: JihadContent) -> None:
    # [2.1.1] "starts at ..."
    first = {p.id: p.lands[0] for p in content.map.paths}
    assert first == {
        "greek": "damascus",
        "med": "alexandria",
        "african": "upper_egypt",
        "indian": "khuzestan",
        "parthian": "ctesiphon",
        "caucasus": "nisibis",
    }


def test_greek_path_is_complete(content: JihadContent) -> None:
    # [2.1.5.2, 2.1.5.3, 14.3] the whole list
    assert names(content.path_lands("greek")) == [
        "Damascus",
        "Jerusalem",
        "Cilicia",
        "Anatolia",
        "Constantinople",
        "Greece",
        "Rome",
    ]


def test_parthian_path_is_complete(content: JihadContent) -> None:
    # [2.1.5.2, 2.1.5.3] Ctesiphon ... Kushiññe
    assert names(content.path_lands("parthian")) == [
        "Ctesiphon",
        "Nehavend",
        "Esfahan",
        "Khorasan",
        "Transoxiana",
        "Fergana Valley",
        "Kushiññe",
    ]
    assert "Isfahan" in content.land("esfahan").alt_names


def test_med_path_sequence(content: JihadContent) -> None:
    lands = content.path("med").lands
    # [10.5, 7.4.3.1, 8.3] Alexandria..Tingitana complete, Hispania next across the Straits
    assert lands[:6] == ("alexandria", "libya", "sufetula", "carthage", "tingitana", "hispania")
    # [2.1.5.1, 2.1.3] Aquitaine lies beyond Hispania, the path ends at Paris
    assert lands.index("aquitaine") > lands.index("hispania")
    assert lands[-1] == "paris"


def test_indian_path_sequence(content: JihadContent) -> None:
    lands = content.path("indian").lands
    # [10.3] Khuzestan-Yezd-Seistan; [14.1] Sindh beyond Seistan; [7.2.4, 9.1.1.1] Sindh,
    # Mulasthana, Rajasthan in a row; [2.1.3] ends at Kannauj
    assert lands[:3] == ("khuzestan", "yezd", "seistan")
    i = lands.index("sindh")
    assert i > 2
    assert lands[i : i + 3] == ("sindh", "mulasthana", "rajasthan")
    assert lands[-1] == "kannauj"


def test_african_and_caucasus_fragments(content: JihadContent) -> None:
    african = content.path("african").lands
    caucasus = content.path("caucasus").lands
    # [14.1, 21.4.1, 16.3.2] Nobatia and Adulis are African lands; Axum is the far power
    assert {"nobatia", "adulis"} <= set(african)
    # [14.1, 21.4.1] Vaspurakan and Balanjar are Caucasus lands
    assert {"vaspurakan", "balanjar"} <= set(caucasus)
    assert content.land(african[-1]).ends_of_the_earth
    assert content.land(caucasus[-1]).ends_of_the_earth


def test_ends_of_the_earth(content: JihadContent) -> None:
    # [2.1.2] five paths end in round Lands; [2.1.2.1] Rome is the exception and is square
    round_lands = [land for land in content.map.lands if land.shape == "round"]
    assert len(round_lands) == 5
    assert {"paris", "kannauj", "kushinne"} <= {land.id for land in round_lands}
    for path in content.map.paths:
        last = content.land(path.lands[-1])
        assert last.ends_of_the_earth == (path.id != "greek")
    assert content.land("rome").shape == "square"
    # [2.1.2] Islam never reaches them, so they carry no tan circle
    assert all(land.outcome_points is None for land in round_lands)


def test_jerusalem_apostasy(content: JihadContent) -> None:
    # [14.3 example] Jerusalem's Apostasy level is 2: converts on a 1 or 2
    jerusalem = content.land("jerusalem")
    assert jerusalem.apostasy == 2
    assert jerusalem.is_confirmed("apostasy")
    assert sum(1 for roll in range(1, 7) if roll <= jerusalem.apostasy) == 2


def test_named_straits_are_the_only_straits(content: JihadContent) -> None:
    # [8.3] Rome-Greece, Greece-Constantinople, Constantinople-Anatolia, Hispania-Tingitana
    named = {("greece", "rome"), ("constantinople", "greece"), ("anatolia", "constantinople")}
    named.add(("tingitana", "hispania"))
    for a, b in named:
        assert crossing(content, a, b) == "straits"
    straits = {
        (land.id, next_outward(content, land.id))
        for land in content.map.lands
        if land.crossing_outward == "straits"
    }
    assert straits == named


def test_named_rivers_and_mountains(content: JihadContent) -> None:
    assert crossing(content, "khorasan", "transoxiana") == "river"  # [7.5.1] the Oxus
    assert crossing(content, "sindh", "mulasthana") == "river"  # [7.2.4 ex. 3] the Indus
    assert crossing(content, "transoxiana", "fergana_valley") == "mountain"  # [7.2.4 ex. 1]
    assert crossing(content, "libya", "sufetula") == "ordinary"  # [7.2.4 ex. 2]
    # [9.1.2] both attacks cost 1 AP, so ordinary or mountain
    assert crossing(content, "esfahan", "nehavend") in ("ordinary", "mountain")
    assert crossing(content, "yezd", "khuzestan") in ("ordinary", "mountain")
    # [13.1] the Jerusalem-Cilicia invasion has no terrain term
    assert crossing(content, "jerusalem", "cilicia") == "ordinary"


def test_religions_named_in_the_rules(content: JihadContent) -> None:
    expected = {
        "damascus": "monophysite",  # 21.2
        "cilicia": "monophysite",  # 14.1
        "alexandria": "monophysite",  # 9.4
        "libya": "monophysite",  # 7.2.4
        "carthage": "catholic",  # 14.1
        "khuzestan": "nestorian",  # 9.1.2
        "yezd": "zoroastrian",  # 10.3
        "nehavend": "zoroastrian",  # 9.1.2
        "khorasan": "zoroastrian",  # 14.1
        "mulasthana": "hindu",  # 9.1.1.1
    }
    assert {k: content.land(k).religion for k in expected} == expected
    # [10.1 note 3] there are no Arian Lands
    assert not [land for land in content.map.lands if land.religion == "arian"]
    # [22.2] red Zoroastrian Lands exist in the East
    assert any(land.religion == "zoroastrian" for land in content.path_lands("indian"))


def test_green_boxes(content: JihadContent) -> None:
    # [21.3] exactly these eight
    green = {land.id for land in content.map.lands if land.green_box}
    assert green == {
        "jerusalem",
        "damascus",
        "alexandria",
        "upper_egypt",
        "nisibis",
        "vaspurakan",
        "ctesiphon",
        "khuzestan",
    }
    assert not content.land("nobatia").green_box  # [14.1 example]


def test_heartlands_baqt_symbols_and_trade(content: JihadContent) -> None:
    assert content.land("anatolia").military_heartland == "byzantium"  # [21.5]
    assert content.land("yezd").religious_heartland == "persia"  # [21.5]
    assert content.land("vaspurakan").baqt_flag == "full"  # [14.1]
    assert content.land("constantinople").symbols == ("eagle",)  # [2.1.6]
    assert content.land("balanjar").symbols == ("fire",)  # [21.4.3.1]
    routes = {r.id: set(r.ends) for r in content.map.trade_routes}  # [21.4.1]
    assert routes == {
        "pontic": {"constantinople", "balanjar"},
        "silk_road": {"balanjar", "transoxiana"},
        "nile": {"alexandria", "upper_egypt"},
        "socotra": {"adulis", "rajasthan"},
    }
    capacity = {r.id: r.capacity for r in content.map.trade_routes}
    assert capacity["silk_road"] == "one"  # [21.4.3.4]
    assert capacity["pontic"] == "unlimited"  # [21.4.3.1]
    # [8.8.2] the Byzantine Capital's rebuild sites
    sites = {land.id for land in content.map.lands if "byzantine_capital_site" in land.tags}
    assert sites == {"constantinople", "rome", "carthage"}
    # [8.7.1] no Major Castle rebuilt in Nisibis or Upper Egypt
    banned = {land.id for land in content.map.lands if "major_castle_forbidden" in land.tags}
    assert banned == {"nisibis", "upper_egypt"}
    # [22.2] the Persian Truce needs Persian armies in Nehavend and Yezd
    truce = {land.id for land in content.map.lands if "persian_truce_land" in land.tags}
    assert truce == {"nehavend", "yezd"}


# ---------------------------------------------------------------------------------------------
# powers, tiles [2.3, 7.3, 7.4.3, 8.7-8.14, 12, 13, 17, 19]
# ---------------------------------------------------------------------------------------------


def test_the_fourteen_powers(content: JihadContent) -> None:
    assert {p.name.split()[0] for p in content.powers.powers} >= {"Byzantine", "Persian"}
    assert {p.id for p in content.powers.powers} == {
        "byzantium",
        "persia",
        "exarchate",
        "visigoths",
        "franks",
        "berbers",
        "chinese",
        "turgesh",
        "pratihara",
        "sogdians",
        "armenians",
        "khazars",
        "nubians",
        "axum",
    }
    # [8.2.2] only the Emperor and the Shah are Rulers
    assert {p.id for p in content.powers.powers if p.has_ruler} == {"byzantium", "persia"}
    # [16.4] only Armenia and Nubia sign a Baqt or revolt
    assert {p.id for p in content.powers.powers if p.baqt_country} == {"armenians", "nubians"}


def test_the_three_example_army_values(content: JihadContent) -> None:
    assert content.army("byzantine_med").strong == 2  # [9.4]
    assert content.army("persian_parthian").strong == 3  # [9.1.2 ex. 2]
    assert content.army("persian_indian").weak == 4  # [9.1.2 ex. 1]


def test_army_religions_and_sun(content: JihadContent) -> None:
    assert content.army("visigoths").religion == "arian"  # [10.1 n. 3]
    assert content.army("pratihara").religion == "hindu"  # [9.1.1.1]
    assert content.army("sogdians").religion == "zoroastrian"  # [21.5]
    assert content.army("byzantine_greek").religion == "orthodox"  # [9.1.1]
    assert content.army("byzantine_greek").religion_follows_byzantine_marker  # [20.3]
    assert content.army("berbers").religion != "catholic"  # [8.5.3] until Munnuza
    # [9.1.1] the sun marks non-religious armies; no Byzantine or Persian army has it
    for army in content.powers.armies:
        if army.power in ("byzantium", "persia"):
            assert not army.sun
    # [16.2] the Garrisons are weak-only
    garrisons = [a for a in content.powers.armies if a.garrison]
    assert {a.path for a in garrisons} == {"african", "caucasus"}
    assert all(a.strong is None for a in garrisons)


def test_castles_capitals_rulers(content: JihadContent) -> None:
    majors = [c for c in content.powers.castles if c.kind == "major"]
    minors = [c for c in content.powers.castles if c.kind == "minor"]
    assert majors and all((c.strong, c.weak) == (4, 3) for c in majors)  # [7.4.3.1]
    assert len(minors) == 2  # [8.7.2]
    assert all(c.strong is None and c.back_owner == "persia" for c in minors)
    assert all(set(c.forbidden_paths) == {"african", "caucasus"} for c in minors)
    for capital in content.powers.capitals:  # [5.2 D]
        assert (capital.strong_outcome_points, capital.weak_outcome_points) == (2, 1)
        assert piece_at(content, capital.id)[0] == capital.start_land
    byzantine = next(c for c in content.powers.capitals if c.empire == "byzantium")
    assert byzantine.start_land in byzantine.rebuild_lands  # [8.8.2]
    persian = next(c for c in content.powers.capitals if c.empire == "persia")
    assert content.land(persian.start_land).path in ("indian", "parthian")
    for ruler in content.powers.rulers:  # [11.1]
        assert (ruler.min_rating, ruler.max_rating) == (3, 7)
    gk = content.powers.great_king  # [16.4.3, 16.5, 20.4]
    assert (gk.max_ap, gk.revolt_ap, gk.monophysite_pact_ap) == (6, 3, 2)


def test_blessings_minor_powers_refugees_kaaba(content: JihadContent) -> None:
    blessings = {b.id: b for b in content.powers.blessings}
    assert [s.drm for s in blessings["greek_fleet"].sides] == [1, 3]  # [12.1]
    assert sorted(s.drm or 0 for s in blessings["immortals"].sides) == [1, 2]  # [9.5.1]
    assert blessings["icons"].sides[1].id == "themes"  # [12.4]
    assert blessings["icons"].sides[1].hit_modifier == -1
    costs = {
        m.id: sorted(f.appease_cost for f in m.faces if f.appease_cost is not None)
        for m in content.powers.minor_powers
    }
    assert costs["bulgars"] == [1, 2]  # [8.9]
    assert costs["tibet"] == [1, 2]  # [8.10]
    sides = {m.id: {f.affects_path for f in m.faces} for m in content.powers.minor_powers}
    assert sides["cyprus"] == {"greek", "med"}  # [13.2]
    assert sides["socotra"] == {"african", "indian"}  # [13.5]
    assert content.minor_power("socotra").advanced_only
    refugees = {r.id: r.path for r in content.powers.refugees}  # [19.2]
    assert refugees == {"manichees": "parthian", "parsees": "indian", "mardaites": "greek"}
    assert sorted(t.value for t in content.powers.kaaba_tiles) == [3, 4, 5, 6, 7, 8]  # [17.2]


# ---------------------------------------------------------------------------------------------
# set-up [2.1.5.1, 3.1, 8.7.2, 12.0, 16.2, 17.1.1, 19.1, 20.1, 21.1, 21.2]
# ---------------------------------------------------------------------------------------------


def test_basic_start_positions(content: JihadContent) -> None:
    pos = setup_position(content)
    assert pos["byzantine_greek"] == "damascus"
    assert pos["byzantine_med"] == "alexandria"
    assert pos["exarchate"] == "tingitana"
    assert pos["visigoths"] == "hispania"
    assert pos["franks"] == "aquitaine"
    assert pos["persian_indian"] == "khuzestan"
    assert pos["persian_parthian"] == "ctesiphon"
    assert pos["sogdians"] == "transoxiana"
    assert pos["chinese"] in ("fergana_valley", "kushinne")
    assert pos["berbers"] == "berber_revolt_box"  # [14.5]
    # [2.1.5.1] on each path the army nearest Mecca is active; the Persians on the Indian path
    pratihara = content.land(pos["pratihara"])
    assert pratihara.path == "indian"
    assert pratihara.index > content.land("khuzestan").index


def test_advanced_start_positions(content: JihadContent) -> None:
    pos = setup_position(content, advanced=True)
    # [16.2] Garrisons in Nisibis and Upper Egypt; Armenians and Nubians next to them
    assert pos["byzantine_garrison_caucasus"] == "nisibis"
    assert pos["byzantine_garrison_african"] == "upper_egypt"
    assert content.land(pos["armenians"]).index == 2
    assert content.land(pos["nubians"]).index == 2
    # [2.1.5.1] the Khazars and Axum stand beyond them
    assert content.land(pos["khazars"]).index > content.land(pos["armenians"]).index
    assert content.land(pos["axum"]).index > content.land(pos["nubians"]).index
    garrisons = [a for a in content.setup.setup(True).armies if "garrison" in a.army]
    assert all(a.strength == "weak" for a in garrisons)


def test_start_pieces(content: JihadContent) -> None:
    assert piece_at(content, "minor_castle_1")[0] in ("jerusalem", "alexandria")  # [8.7.2]
    assert {piece_at(content, "minor_castle_1")[0], piece_at(content, "minor_castle_2")[0]} == {
        "jerusalem",
        "alexandria",
    }
    for blessing in ("greek_fleet", "immortals", "icons"):  # [12.0]
        assert piece_at(content, blessing)[0] == "available_blessings"
    assert piece_at(content, "greek_fleet")[1] == "plus_one"  # [12.1]
    assert piece_at(content, "byzantine_religion") == ("religion_orthodox", "regular")  # [20.1]
    assert piece_at(content, "mujahideen", True) == ("casbah", "tribal")  # [17.1.1]
    assert content.setup.setup(True).kaaba_number == 2  # [17.1.1]
    assert piece_at(content, "jewish_marker", True)[0] == "off_map"  # [19.1]
    assert piece_at(content, "muslim_navy", True) == ("muslim_navy_box", "no_muslim_navy")  # [21.1]
    assert piece_at(content, "christian_damascus", True) == ("damascus", "christian_damascus")
    for path in ("greek", "med", "indian", "parthian"):  # [2.1.5.4] Islam markers start in Mecca
        assert piece_at(content, f"islam_marker_{path}")[0] == "mecca"
    ratings = content.setup.setup(False).ruler_ratings
    ap = content.setup.setup(False).ap
    assert ap["west"] < ratings["byzantine_emperor"]  # [6.3.1]
    assert ap["east"] < ratings["persian_shah"]


def test_merged_setups(content: JihadContent) -> None:
    basic = content.setup.start_armies(advanced=False)
    advanced = content.setup.start_armies(advanced=True)
    assert len(basic) == 12 and len(advanced) == 18  # every army tile, once
    assert {a.army for a in advanced} == {a.id for a in content.powers.armies}
    assert content.setup.start_ruler_ratings(True) == content.setup.start_ruler_ratings(False)
    tracks = {t.track: t.box for t in content.setup.start_tracks(True)}
    assert set(tracks) == {"bulgars", "cyprus", "tibet", "socotra"}
    assert "socotra" not in {t.track for t in content.setup.start_tracks(False)}


def test_deck_setup(content: JihadContent) -> None:
    basic, advanced = content.setup.setup(False).deck, content.setup.setup(True).deck
    assert basic.remove_boxed and not basic.set_aside_red_star  # [3.2.1]
    assert advanced.set_aside_red_star and not advanced.remove_boxed
    assert basic.fixed_first == (1, 13, 25, 37)  # [3.3.1]
    assert basic.fixed_last == 50  # [3.3.2]


# ---------------------------------------------------------------------------------------------
# cards [2.2, 3.2, 3.3, components.md 2(b) card table]
# ---------------------------------------------------------------------------------------------


def test_card_numbers_and_eras(content: JihadContent) -> None:
    cards = content.cards.cards
    assert [c.number for c in cards] == list(range(1, 51))
    eras = {era: [c.number for c in cards if c.era == era] for era in ("green", "yellow", "red")}
    eras["black"] = [c.number for c in cards if c.era == "black"]
    assert eras["green"] == list(range(1, 13))  # [3.2]
    assert eras["yellow"] == list(range(13, 25))
    assert eras["red"] == list(range(25, 37))
    assert eras["black"] == list(range(37, 51))
    assert sum(c.basic for c in cards) == 38  # [2.2]


def test_titles_named_by_the_rules(content: JihadContent) -> None:
    titles = {
        1: "Chained and Nailed by Fear",
        2: "Farewell, Syria",
        12: "The Battle of the Camel",
        13: "The Umayyad Caliphate",
        17: "Greek Fire!",
        25: "Revolt of the Zanj Slaves",
        30: "Armenia Betrayed",
        32: "The Army of Peacocks",
        37: "Shame and Degradation",
        40: "Iconoclasm",
        45: "The Great Berber Revolt",
        50: "I am the Destroying Avenger and the Pitiless Blood-Shedder!",
    }
    assert {n: content.card(n).title for n in titles} == titles
    assert len({c.title for c in content.cards.cards}) == 50


def test_boxed_and_red_star_cards(content: JihadContent) -> None:
    assert content.card(5).boxed and content.card(30).boxed  # [15.4, 3.2.1]
    assert sum(c.boxed for c in content.cards.cards) == 12  # [2.2]
    assert content.card(12).red_star and not content.card(12).boxed  # [3.2.1]
    # red-star cards join the green deck later, and never include the fixed first card
    red_star = [c for c in content.cards.cards if c.red_star]
    assert all(c.era == "green" for c in red_star)
    assert not content.card(1).red_star and not content.card(2).red_star
    for fixed in (1, 13, 25, 37, 50):  # fixed cards are used in both games
        assert not content.card(fixed).boxed


def test_end_of_era_and_last_card(content: JihadContent) -> None:
    with_era_end = [c.number for c in content.cards.cards if effects_of(c, EndOfEra)]
    assert with_era_end == [13, 25, 37]  # [6.4]
    assert effects_of(content.card(50), GameEnd)  # [3.3.2]
    assert content.card(50).rose is None


def test_card_45_ap_hex(content: JihadContent) -> None:
    # [6.3 example] West AP 1 + 4 = 5, East AP 0 + 3 = 3
    ap = content.card(45).ap
    assert ap is not None and (ap.west, ap.east) == (4, 3)
    assert (1 + ap.west, 0 + ap.east) == (5, 3)


def test_card_32_the_army_of_peacocks(content: JihadContent) -> None:
    card = content.card(32)
    assert card.rose is not None and card.rose.greek.hits == 2  # [13.1]
    assert not card.rose.greek.red and not card.rose.greek.fitna
    shifts = effects_of(card, MinorPowerShift)
    assert any(e.track == "bulgars" and e.direction == "left" for e in shifts)
    kaaba = effects_of(card, Kaaba)  # [17.3] +2 (Prince Maslama)
    assert [(e.amount, "Maslama" in e.leader) for e in kaaba] == [(2, True)]
    assert effects_of(card, Jihad)  # [17.6]


def test_card_event_facts(content: JihadContent) -> None:
    two = content.card(2)  # [17.1.2, 18.1, 22.2]
    assert effects_of(two, CaliphUmarI)
    assert effects_of(two, ShariaLaw)
    assert [e.empire for e in effects_of(two, TruceOffer)] == ["persia"]
    assert effects_of(two, RightlyGuidedArmy)  # [3.2.1] on the green deck's second card
    assert effects_of(content.card(1), EcumenicalCouncil)  # [20.1, 20.4]
    assert effects_of(content.card(17), GreekFireEvent)  # [12.1]
    assert effects_of(content.card(37), SardinianRaids)  # [13.2]
    assert effects_of(content.card(40), Iconoclasm)  # [12.3]
    assert effects_of(content.card(42), Munnuza)  # [8.5.3]
    baqt = {
        c.number: [e.country for e in effects_of(c, BaqtOffer)]
        for c in content.cards.cards
        if effects_of(c, BaqtOffer)
    }
    assert baqt == {7: ["armenians"], 10: ["nubians"]}  # [16.3]
    revolt = effects_of(content.card(29), Revolt)  # [16.4] "Revolt: Nubia"
    assert [(e.country, e.label) for e in revolt] == [("nubians", "Revolt: Nubia")]
    # [16.5] a Great King emerges on exactly these cards
    kings = {
        c.number
        for c in content.cards.cards
        if len(effects_of(c, GreatKingEvent)) + len(effects_of(c, Revolt)) > 0
    }
    assert kings == {22, 29, 30, 41, 48}
    # [22.0] Truce events on exactly two cards, one for each Empire
    truces = {e.empire: c.number for c in content.cards.cards for e in effects_of(c, TruceOffer)}
    assert len(truces) == 2 and truces["persia"] == 2


def test_the_sample_rose_exists(content: JihadContent) -> None:
    # [7.1.1] Greek 3, Med 1, African 2, Indian 3, Parthian F3, Caucasus 0
    sample = ("3", "1", "2", "3", "F3", "0")
    assert any(c.rose is not None and c.rose.codes() == sample for c in content.cards.cards)


def test_advanced_concepts_are_flagged(content: JihadContent) -> None:
    advanced = {
        "kaaba",
        "jihad",
        "truce_offer",
        "baqt_offer",
        "revolt",
        "great_king",
        "ecumenical_council",
        "schism",
        "sharia_law",
        "caliph_umar_i",
        "rightly_guided_army",
        "jewish_marker",
    }
    for card in content.cards.cards:
        for effect in walk_effects(card.events):
            if effect.type in advanced:
                assert effect.advanced_only, (card.number, effect.type)


# ---------------------------------------------------------------------------------------------
# worked examples of the rulebook, replayed on the data
# ---------------------------------------------------------------------------------------------


def test_example_2_1_5_control(content: JihadContent) -> None:
    # [2.1.5.2-3] Byzantines in Cilicia: Jerusalem and Damascus are Arab
    assert arab_lands(content, "greek", "cilicia") == ["damascus", "jerusalem"]
    greek = content.path("greek").lands
    held = ("cilicia", "anatolia", "constantinople", "greece", "rome")
    assert greek[greek.index("cilicia") :] == held
    # Persians in Nehavend, Sogdians in Transoxiana: the player holds Nehavend..Khorasan
    parthian = content.path("parthian").lands
    assert parthian[parthian.index("nehavend") : parthian.index("transoxiana")] == (
        "nehavend",
        "esfahan",
        "khorasan",
    )
    assert arab_lands(content, "parthian", "nehavend") == ["ctesiphon"]


def test_example_7_2_4_hit_totals(content: JihadContent) -> None:
    # Ex. 1: Rose 2, Tibet +1, mountain -1 (Transoxiana not Muslim) = 2
    assert hits(content, 2, "transoxiana", "fergana_valley", invading_muslim=False, tracks=1) == 2
    # Ex. 2: Rose 3, Islam +1 from Libya into Sufetula = 4
    assert hits(content, 3, "libya", "sufetula", invading_muslim=True) == 4
    # Ex. 3: Islam in Sindh cancels the Indus: 2; with the marker Disrupted: 2 - 2 = 0
    assert hits(content, 2, "sindh", "mulasthana", invading_muslim=True) == 2
    assert hits(content, 2, "sindh", "mulasthana", invading_muslim=False) == 0


def test_example_13_1_bulgars_and_cyprus(content: JihadContent) -> None:
    # card 32: Greek 2 Hits, Bulgars +1 and Cyprus +1: 4 Hits from Jerusalem into Cilicia
    rose = content.card(32).rose
    assert rose is not None
    total = hits(content, rose.greek.hits, "jerusalem", "cilicia", invading_muslim=False, tracks=2)
    assert total == 4


def test_example_7_4_retreats(content: JihadContent) -> None:
    # Examples IV-V: two retreats from Nehavend reach Khorasan, three reach Transoxiana, where
    # the neutral Sogdians stand at the start
    assert next_outward(content, "nehavend", 2) == "khorasan"
    assert next_outward(content, "nehavend", 3) == "transoxiana"
    assert setup_position(content)["sogdians"] == "transoxiana"
    # [7.4.1] Libya retreats to Sufetula, Yezd to Seistan
    assert next_outward(content, "libya") == "sufetula"
    assert next_outward(content, "yezd") == "seistan"


def test_example_7_4_3_1_castle_retreat(content: JihadContent) -> None:
    # a 4-strength Major Castle in Carthage; Sufetula -> Carthage -> Tingitana absorbs 13 Hits
    at, side = piece_at(content, "major_castle_2")
    assert (at, side) == ("carthage", "strong")
    castle = next(c for c in content.powers.castles if c.id == "major_castle_2")
    assert castle.strong is not None
    assert 2 + castle.strong + castle.strong + castle.weak == 13
    assert next_outward(content, "sufetula") == "carthage"
    assert next_outward(content, "carthage") == "tingitana"
    assert setup_position(content)["exarchate"] == "tingitana"  # the neutral Exarchate


def test_example_9_1_2_attacks(content: JihadContent) -> None:
    # Ex. 1: weak Persians (4) in Yezd attack Nestorian Khuzestan for 1 AP with two dice
    persian = content.army("persian_indian")
    assert persian.weak == 4
    assert crossing(content, "yezd", "khuzestan") in ("ordinary", "mountain")  # 1 AP [8.3]
    assert content.land("khuzestan").religion != persian.religion
    # with the Immortals (+2) a lower die of 2 gives 4: not higher than 4, the attack fails
    assert persian.weak >= 2 + 2
    # Ex. 2: strong Persians (3) in Esfahan retake Zoroastrian Nehavend with one die
    parthian = content.army("persian_parthian")
    assert parthian.strong == 3
    assert content.land("nehavend").religion == parthian.religion
    assert parthian.strong < 6


def test_example_9_1_1_1_pratihara(content: JihadContent) -> None:
    # Pratihara attack from Rajasthan into Hindu Mulasthana: one die unless it converted
    assert next_outward(content, "mulasthana") == "rajasthan"
    assert content.land("mulasthana").religion == content.army("pratihara").religion == "hindu"


def test_example_9_4_raising_a_siege(content: JihadContent) -> None:
    # strong (2) Orthodox Byzantines under the Minor Castle at Monophysite Alexandria: two
    # dice, a lower die of 3 wins, and the Arabs are driven back to Mecca
    army = content.army("byzantine_med")
    assert army.strong == 2 and army.religion != content.land("alexandria").religion
    assert army.strong < 3
    assert content.land("alexandria").index == 1
    castles = {piece_at(content, "minor_castle_1")[0], piece_at(content, "minor_castle_2")[0]}
    assert "alexandria" in castles


def test_example_10_3_and_10_5(content: JihadContent) -> None:
    # 10.3: Persians in Seistan, Islam in Khuzestan: Arabs hold Khuzestan and Yezd
    assert arab_lands(content, "indian", "seistan") == ["khuzestan", "yezd"]
    # 10.5: Islam marker in Tingitana: the firmly Muslim Lands
    med = content.path("med").lands
    assert set(med[: med.index("tingitana")]) == {"carthage", "sufetula", "libya", "alexandria"}


def test_example_11_2_rulership(content: JihadContent) -> None:
    # rating 4 + roll 3 = red 7 -> green 6
    table = content.setup.rulership_table
    assert table.new_rating(4 + 3) == 6
    assert all(3 <= table.new_rating(t) <= 7 for t in range(-5, 20))


def test_example_14_1_syrian_vengeance(content: JihadContent) -> None:
    # armies in Cilicia, Carthage, Nobatia, Seistan, Khorasan, Nisibis: the first Green Box
    # occupied in path order is Nisibis, on the Caucasus path
    armies = {
        "greek": "cilicia",
        "med": "carthage",
        "african": "nobatia",
        "indian": "seistan",
        "parthian": "khorasan",
        "caucasus": "nisibis",
    }
    first_green = next(p for p in PATH_ORDER if content.land(armies[p]).green_box)
    assert first_green == "caucasus"
    # Seistan lies between Mecca and Sindh, so it is firmly Muslim with Islam in Sindh
    assert content.land("seistan").index < content.land("sindh").index
    assert content.land("cilicia").religion == "monophysite"
    assert content.land("carthage").religion == "catholic"


def test_example_14_4_icons_adjacent(content: JihadContent) -> None:
    # Icons in Anatolia stop the Islam marker in Cilicia from recovering: they are adjacent
    assert next_outward(content, "cilicia") == "anatolia"


def test_example_17_6_5_and_21_4(content: JihadContent) -> None:
    # 17.6.5: the Parthian Persians are thrown back onto the Sogdians in Transoxiana
    assert setup_position(content)["sogdians"] == "transoxiana"
    # 21.4: Socotra at 0 allows 1 AP; the Silk Road always 1; the Pontic route is unlimited
    routes = {r.id: r for r in content.map.trade_routes}
    assert routes["socotra"].capacity == "socotra_track"
    assert routes["silk_road"].capacity == "one"
    assert routes["pontic"].capacity == "unlimited"


def test_example_7_1_2_red_number(content: JihadContent) -> None:
    # a red number adds a die in the Basic game; several cards carry one
    reds = [
        (c.number, p)
        for c in content.cards.cards
        if c.rose is not None
        for p in PATH_ORDER
        if c.rose.entry(p).red
    ]
    assert reds
    assert all(p in ("greek", "indian", "parthian") for _, p in reds)


# ---------------------------------------------------------------------------------------------
# tables
# ---------------------------------------------------------------------------------------------


def test_outcome_tables(content: JihadContent) -> None:
    adj = {k.kaaba: k.points for k in content.setup.outcome.kaaba_adjustment}  # [5.2 E]
    assert adj == {8: 20, 7: 15, 6: 10, 5: 5, 4: 0, 3: -5, 2: -10}
    band = content.setup.outcome.band
    assert "historical" in band(20).result.lower()  # [5.2] 16-25
    assert band(16).min_points == 16 and band(25).max_points == 25
    assert band(-16).max_points == -16
    assert band(56).max_points is None
    for points in range(-40, 80):  # every total falls in exactly one band
        matches = [
            b
            for b in content.setup.outcome.bands
            if (b.min_points is None or points >= b.min_points)
            and (b.max_points is None or points <= b.max_points)
        ]
        assert len(matches) == 1, points


def test_dar_al_islam_table(content: JihadContent) -> None:
    table = content.setup.dar_al_islam_table  # [18.1] 2d6 + Ka'aba 2-8: 4..20
    assert [r.total for r in table.rows] == list(range(4, 21))
    results = {r.result for r in table.rows}
    assert {"kharijites_n", "kharijites_s", "zabulistan", "icons_baqt", "mardaite_raid"} <= results
    assert table.result(2).total == 4 and table.result(30).total == 20


def test_hit_list_and_sequence(content: JihadContent) -> None:
    ids = [h.id for h in content.setup.hit_list]
    terms = ("rose", "islam", "mecca_tile", "minor_powers", "mujahideen", "jews", "terrain")
    for term in (*terms, "themes"):
        assert term in ids
    assert ids[-1] == "total"
    steps = {s.id: s for s in content.setup.sequence_of_play}
    assert steps["C"].name == "Arab Phase" and steps["D"].name == "Actions Phase"  # [8.1]
    events = [s.id for s in steps["A"].steps]
    assert "A6" in events  # [22.4] "Step 6": violate a Truce
    end = [s.rule for s in steps["E"].steps]
    assert end[:3] == ["14.1", "14.2", "14.3, 14.3.3"]


# ---------------------------------------------------------------------------------------------
# balance guard [5.2]: a position like the historical one of 750 scores 16-25
# ---------------------------------------------------------------------------------------------


def outcome_points(
    content: JihadContent,
    fronts: dict[str, tuple[str, str, str]],
    islam: dict[str, str],
    tracks: int,
    castles: int,
    capitals: int,
) -> int:
    """Basic-game scoring [5.2 A-D]. fronts: path -> (army land, army id, strength)."""
    a = sum(content.land(land).outcome_points or 0 for land in islam.values())
    b = sum(len(arab_lands(content, path, front[0])) for path, front in fronts.items())
    d = 0
    for land_id, _army, strength in fronts.values():
        land = content.land(land_id)
        if land.shape == "square":
            d += {"strong": 3, "weak": 2, "shattered": 1}[strength]
        elif strength == "strong":
            d += 1
    return a + b + tracks - d - castles - capitals


def test_historical_position_scores_in_the_historical_band(content: JihadContent) -> None:
    fronts = {
        "greek": ("anatolia", "byzantine_greek", "strong"),
        "med": ("aquitaine", "franks", "strong"),
        "indian": ("rajasthan", "pratihara", "strong"),
        "parthian": ("fergana_valley", "chinese", "strong"),
    }
    islam = {"greek": "jerusalem", "med": "carthage", "indian": "seistan", "parthian": "khorasan"}
    # Constantinople's Major Castle (4) and a strong Byzantine Capital (2) remain
    points = outcome_points(content, fronts, islam, tracks=2, castles=4, capitals=2)
    assert 16 <= points <= 25, points


def test_extreme_positions_score_at_the_extremes(content: JihadContent) -> None:
    # the Arabs never leave Mecca: classical world recovers (< -15)
    start = setup_position(content)
    fronts = {
        "greek": (start["byzantine_greek"], "byzantine_greek", "strong"),
        "med": (start["byzantine_med"], "byzantine_med", "strong"),
        "indian": (start["persian_indian"], "persian_indian", "strong"),
        "parthian": (start["persian_parthian"], "persian_parthian", "strong"),
    }
    low = outcome_points(content, fronts, {}, tracks=-1, castles=4 + 4 + 3 + 3, capitals=4)
    assert low < -15
    # the Arabs at the gates of Greece, Paris, Kannauj and Kushiññe: 41-55
    fronts = {
        "greek": ("greece", "byzantine_greek", "strong"),
        "med": ("paris", "franks", "strong"),
        "indian": ("kannauj", "pratihara", "strong"),
        "parthian": ("kushinne", "chinese", "strong"),
    }
    islam = {
        "greek": "constantinople",
        "med": "aquitaine",
        "indian": "rajasthan",
        "parthian": "fergana_valley",
    }
    high = outcome_points(content, fronts, islam, tracks=3, castles=0, capitals=0)
    assert 41 <= high <= 55, high


# ---------------------------------------------------------------------------------------------
# provenance
# ---------------------------------------------------------------------------------------------


def test_every_record_carries_provenance(content: JihadContent) -> None:
    records = [
        *content.map.lands,
        *content.map.paths,
        *content.powers.powers,
        *content.powers.armies,
        *content.cards.cards,
        *content.setup.setups,
        *content.setup.rulership_table.rows,
        *content.setup.dar_al_islam_table.rows,
    ]
    for record in records:
        assert record.source or record.reconstructed, record
    # what is confirmed is marked so, what is not is marked reconstructed
    assert not content.land("jerusalem").is_confirmed("outcome_points")
    assert content.land("khorasan").is_confirmed("crossing_outward")
    assert content.card(45).is_confirmed("ap") and not content.card(45).is_confirmed("rose")
    assert content.setup.rulership_table.rows[5].total == 7
    assert not content.setup.rulership_table.rows[5].reconstructed


def test_file_headers_have_provenance() -> None:
    for name in ("map.yaml", "powers.yaml", "cards.yaml", "setup.yaml"):
        text = (CONTENT_DIR / name).read_text(encoding="utf-8")
        assert re.search(r"(?m)^provenance:", text), name
    assert (CONTENT_DIR / "PROVENANCE.md").exists()


# ---------------------------------------------------------------------------------------------
# invalid data is rejected with a clear error (file, line, what is wrong)
# ---------------------------------------------------------------------------------------------


@pytest.fixture
def broken(tmp_path: Path) -> Callable[[str, str, str], ContentError]:
    """Copy the content, replace one snippet in one file, and return the load error."""

    def load_with(file: str, old: str, new: str) -> ContentError:
        target = tmp_path / "content"
        shutil.copytree(CONTENT_DIR, target)
        path = target / file
        text = path.read_text(encoding="utf-8")
        assert old in text, f"snippet not found in {file}: {old!r}"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
        with pytest.raises(ContentError) as info:
            load_content(target)
        return info.value

    return load_with


Broken = Callable[[str, str, str], ContentError]


def test_unknown_land_in_a_card_is_rejected(broken: Broken) -> None:
    err = broken("cards.yaml", "land: jerusalem, side: plus_one", "land: jerusalme, side: plus_one")
    message = str(err)
    assert "cards.yaml:" in message
    assert "unknown land 'jerusalme'" in message
    assert "card 5" in message
    found = re.search(r"cards\.yaml:(\d+)", message)
    assert found is not None
    line = int(found.group(1))
    source = (CONTENT_DIR / "cards.yaml").read_text(encoding="utf-8").splitlines()
    assert "jerusalem" in source[line - 1]  # the line points at the faulty event


def test_unknown_army_in_setup_is_rejected(broken: Broken) -> None:
    err = broken("setup.yaml", "{army: franks, at: aquitaine", "{army: frank, at: aquitaine")
    assert "unknown army 'frank'" in str(err) and "setup.yaml:" in str(err)


def test_army_off_its_path_is_rejected(broken: Broken) -> None:
    err = broken("setup.yaml", "{army: franks, at: aquitaine", "{army: franks, at: sindh")
    assert "off its med path" in str(err)


def test_advanced_piece_in_basic_setup_is_rejected(broken: Broken) -> None:
    err = broken(
        "setup.yaml",
        "      - {piece: bonus_ap_purple, at: units_out_of_play}\n",
        "      - {piece: bonus_ap_purple, at: units_out_of_play}\n"
        "      - {piece: mujahideen, at: casbah, side: tribal}\n",
    )
    message = str(err)
    assert "mujahideen is an Advanced-game piece" in message
    assert "placed twice" in message


def test_duplicate_card_number_is_rejected(broken: Broken) -> None:
    err = broken("cards.yaml", "  - number: 4\n", "  - number: 3\n")
    assert "numbered 1-50" in str(err)


def test_path_order_is_enforced(broken: Broken) -> None:
    err = broken("map.yaml", "lands: [damascus, jerusalem, cilicia,", "lands: [jerusalem, damascus, cilicia,")
    assert "index" in str(err) and "map.yaml" in str(err)


def test_bad_rose_hex_is_rejected(broken: Broken) -> None:
    err = broken("cards.yaml", "parthian: {f3: true, hits: 3}", "parthian: {f3: true, hits: 2}")
    assert "F3" in str(err)


def test_missing_provenance_is_rejected(broken: Broken) -> None:
    err = broken(
        "powers.yaml",
        '     has_ruler: true, source: "2.1.5.1, 8.8.3, 9.1.2, 14.6.2"}',
        "     has_ruler: true}",
    )
    assert "needs a `source`" in str(err)


def test_unknown_reconstructed_field_is_rejected(broken: Broken) -> None:
    tail = "\n    external_fields: [apostasy, crossing_outward]\n  - id: jerusalem"
    err = broken(
        "map.yaml",
        "reconstructed: [apostasy, outcome_points, crossing_outward]" + tail,
        "reconstructed: [apostasy, outcome_pionts, crossing_outward]" + tail,
    )
    assert "`outcome_pionts` is not a field of Land" in str(err)


def test_advanced_concept_without_flag_is_rejected(
    broken: Callable[[str, str, str], ContentError],
) -> None:
    err = broken(
        "cards.yaml",
        '{type: kaaba, label: "Ka\'aba +2 (Prince Maslama)", advanced_only: true,',
        '{type: kaaba, label: "Ka\'aba +2 (Prince Maslama)",',
    )
    assert "Advanced" in str(err) and "card 32" in str(err)


def test_unknown_effect_type_is_rejected(broken: Broken) -> None:
    old = "{type: greek_fire, label: Greek Fire}"
    err = broken("cards.yaml", old, old.replace("greek_fire", "greek_fyre"))
    assert "greek_fyre" in str(err) and "cards.yaml" in str(err)


def test_unknown_minor_power_face_is_rejected(broken: Broken) -> None:
    err = broken("cards.yaml", "track: bulgars, face: wild}", "track: bulgars, face: savage}")
    assert "no face 'savage'" in str(err)
