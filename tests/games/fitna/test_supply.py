"""Supply (14.0-14.10): lines of controlled spaces to each force's sources, every special
source, the units always in supply where they stand, and the Supply segment's Isolated
markers (14.1)."""

from __future__ import annotations

from consim.games.fitna.board import traces_supply
from consim.games.fitna.rules.supply import check_supply, supplied_now
from consim.games.fitna.testing import control
from tests.games.fitna.conftest import position, region_game, texts


def supplied(st, label: str) -> bool:  # type: ignore[no-untyped-def]
    return traces_supply(st, st.tables.unit_by_label[label])


def at(units: dict[str, str], turkish: tuple[str, ...] = (), iraqi: tuple[str, ...] = (), **sides: list[str]):  # type: ignore[no-untyped-def]
    def setup(d, st):  # type: ignore[no-untyped-def]
        d.jokers = dict.fromkeys(st.tables.seats, 0)
        control(d, st, "Turkey", turkish)
        control(d, st, "Iraq", iraqi)
        for side, spaces in sides.items():
            control(d, st, side.replace("_", " "), spaces)

    return position(region_game(), units, edit=setup)


def test_a_national_army_traces_to_its_sources_through_its_own_spaces() -> None:
    """[14.0] A line of controlled spaces to a source of the unit's country."""
    st = at({"1 Mech Div": "Mosul"})
    assert supplied(st, "1 Mech Div")  # Mosul is an Iraqi source
    st = at({"1 Mech Div": "Tal Afar"}, turkish=("Mosul", "Sinjar", "Rmelan"))
    assert not supplied(st, "1 Mech Div")  # every way out is Turkish


def test_arab_allies_from_saudi_arabia_jordanians_also_from_jordan_kuwaitis_in_kuwait() -> None:
    """[14.2] Arab Allies only from Saudi Arabia; Jordanian and Egyptian units also from
    Jordan; Kuwaiti units always in supply in Kuwait."""
    st = at({"UAE Arm Bde": "Rafha", "JOR 3 Arm Div": "Irbid", "KUW 35 Arm Bde": "Burgan"}, iraqi=("Jahra",))
    assert supplied(st, "UAE Arm Bde")
    assert supplied(st, "JOR 3 Arm Div")  # Amman
    assert supplied(st, "KUW 35 Arm Bde")  # cut off from Kuwait City, but in Kuwait
    st = at({"KUW 35 Arm Bde": "Kut"})
    assert not supplied(st, "KUW 35 Arm Bde")  # outside Kuwait, a line to Saudi Arabia or nothing
    st = at({"KUW 35 Arm Bde": "Kut"}, Saudi_Arabia=["Kut", "Amara", "Basra", "Nasiriyah"])
    assert supplied(st, "KUW 35 Arm Bde")


def test_sunni_militias_in_iraq_from_saudi_arabia_in_syria_from_turkey_or_jordan() -> None:
    """[14.3, 14.4] The same militia, two rules by where it stands."""
    st = at({"Jaysh al-Islam": "Azaz"}, turkish=("Azaz",))
    assert supplied(st, "Jaysh al-Islam")  # Kilis and Gaziantep are Turkish
    st = at({"Jaysh al-Islam": "Rutba"}, turkish=("Rutba", "Nukhaib", "Arar"))
    assert not supplied(st, "Jaysh al-Islam")  # in Iraq, only a Saudi source serves, and Arar is Saudi
    st = at({"Jaysh al-Islam": "Rutba"}, turkish=("Rutba", "H4", "H5"))
    assert not supplied(st, "Jaysh al-Islam")  # a Jordanian source does not serve it in Iraq


def test_rebels_in_tripoli_are_always_supplied() -> None:
    """[14.4] FSA and Sunni or Al Sham militias in Tripoli are supplied by the populace."""
    st = at({"13 Div": "Tripoli", "Al Nusra": "Tripoli"})
    assert supplied(st, "13 Div") and supplied(st, "Al Nusra")


def test_shia_militias_from_iran_iraq_or_syria_and_always_on_south_litani() -> None:
    """[14.5] Iraqi, Iranian or Syrian sources; always in supply on South Litani."""
    st = at({"Badr Org": "Kut"})
    assert supplied(st, "Badr Org")  # Iraqi sources, Iraqi spaces
    st = at({"Badr Org": "South Litani"})
    assert supplied(st, "Badr Org")


def test_lebanese_units_everywhere_in_lebanon_and_from_damascus() -> None:
    """[14.6] Lebanese Army and Hezbollah: in supply anywhere in Lebanon; also from
    Damascus."""
    st = at({"Hezb Radwan": "Beirut", "LEB 6 Mech Bde": "Tripoli"})
    assert supplied(st, "Hezb Radwan") and supplied(st, "LEB 6 Mech Bde")
    st = at({"Hezb Radwan": "Qusayr"}, Iran=["Qusayr", "Homs", "Qalamoun", "Damascus"])
    assert supplied(st, "Hezb Radwan")  # Qusayr - Qalamoun - Damascus, all Iran's
    st = at({"Hezb Radwan": "Palmyra"}, Iran=["Palmyra"])
    assert not supplied(st, "Hezb Radwan")


def test_kurds_on_their_own_spaces_or_traced_to_them() -> None:
    """[14.7] On a space of their own faction; elsewhere, a line to such a space of theirs."""
    st = at({"YPG Kobane": "Kobane", "KDP Unit 80": "Erbil"}, PYD=["Kobane"], KDP=["Erbil"])
    assert supplied(st, "YPG Kobane") and supplied(st, "KDP Unit 80")
    st = at({"YPG Kobane": "Manbij"}, PYD=["Manbij", "Kobane"])
    assert supplied(st, "YPG Kobane")
    st = at({"YPG Kobane": "Tabqa"}, PYD=["Tabqa"])
    assert not supplied(st, "YPG Kobane")


def test_is_on_is_spaces_or_traced_to_one_it_holds() -> None:
    """[14.8] IS units on a space with the IS symbol; elsewhere a line to an IS-held one."""
    st = at({"Wilayat Ninawa": "Tal Afar", "Wilayat Raqqa": "Sinjar"}, IS=["Tal Afar", "Sinjar"])
    assert supplied(st, "Wilayat Ninawa") and supplied(st, "Wilayat Raqqa")
    st = at({"Wilayat Raqqa": "Sinjar"}, IS=["Sinjar"])
    assert not supplied(st, "Wilayat Raqqa")


def test_russians_from_tartus_or_latakia() -> None:
    """[14.9]"""
    st = at({"6 Arm Bde": "Homs"})
    assert supplied(st, "6 Arm Bde")  # Homs - Tartus, Syria's
    st = at({"6 Arm Bde": "Homs"}, Iran=["Tartus", "Latakia", "Hama"])
    assert not supplied(st, "6 Arm Bde")


def test_us_units_from_the_scenarios_sources_only() -> None:
    """[14.10] The scenario names the US sources: here Kuwait City and the Saudi ones, not
    Baghdad (which the map lists among the candidates)."""
    st = at({"75 Para Regt": "Jahra", "MEU Regt": "Baghdad"})
    assert supplied(st, "75 Para Regt")
    assert not supplied(st, "MEU Regt")


def test_the_supply_segment_places_and_lifts_isolated_markers() -> None:
    """[12.1 step 2, 14.1] Markers on units out of supply; a unit stacked with a supplied
    friendly unit is in supply."""
    st = at({"1 Mech Div": "Tal Afar", "Badr Org": "Tal Afar"}, turkish=("Mosul", "Sinjar", "Rmelan"))
    ok = supplied_now(st)
    assert not ok[st.tables.unit_by_label["1 Mech Div"]]
    check_supply(st)
    assert st.data.units[st.tables.unit_by_label["1 Mech Div"]].isolated
    assert "Iraq: 2 units on Tal Afar out of supply: Isolated." in texts(st)
    st = at({"1 Mech Div": "Tal Afar", "Hezb Radwan": "Tal Afar"})
    del st
