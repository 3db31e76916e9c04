"""Stacking (4.0, 20.0), control (5.0), movement (17.0-17.2.2), strategic movement (17.3)
and the entry limits of the caveats (21.0)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from consim.core.errors import IllegalAction
from consim.games.fitna.board import overstacked, stack_ok
from consim.games.fitna.rules.movement import Movement, Strategic
from consim.games.fitna.testing import control, in_segment
from tests.games.fitna.conftest import play, position, region_game, syria_game, texts, where


def no_jokers(d, st) -> None:  # type: ignore[no-untyped-def]
    d.jokers = dict.fromkeys(st.tables.seats, 0)


def moving(seat: str, left: int = 4):  # type: ignore[no-untyped-def]
    return lambda st: in_segment(st, seat, [Movement(seat=seat, left=left)], step="strategic")


def options(st) -> list[str]:  # type: ignore[no-untyped-def]
    return [a.text for a in st.legal_actions(st.to_act()[0])]


# =============================================================================================
# 4.0 and 20.0 stacking
# =============================================================================================


def units(st, *labels: str) -> list[int]:  # type: ignore[no-untyped-def]
    return [st.tables.unit_by_label[x] for x in labels]


def test_stacking_limits() -> None:
    """[4.0] Three units, four if all are IS counters, one corps; [20.0] the bans."""
    st = region_game().new_game(1)
    assert stack_ok(st, units(st, "1 Mech Div", "5 Inf Div", "9 Arm Div (Iraq)"))
    assert not stack_ok(st, units(st, "1 Mech Div", "5 Inf Div", "9 Arm Div (Iraq)", "2 Inf Div"))
    assert stack_ok(st, units(st, "Wilayat Ninawa", "Wilayat Raqqa", "Jaysh Dabiq", "Al Baghdadi"))
    assert not stack_ok(
        st, units(st, "Wilayat Ninawa", "Wilayat Raqqa", "Jaysh Dabiq", "Al Baghdadi", "Wilayat Homs")
    )
    assert not stack_ok(st, units(st, "4 Cps", "6 Cps"))  # one corps
    assert stack_ok(st, units(st, "4 Cps", "66 Mech Bde"))
    assert not stack_ok(st, units(st, "1 Mech Div", "4 Arm Div"))  # Iraq and Syria (and enemies)
    assert not stack_ok(st, units(st, "Badr Org", "6 Arm Bde"))  # Shia militia never with Russia
    assert not stack_ok(st, units(st, "LEB 6 Mech Bde", "4 Arm Bde (Saudi Arabia)"))
    assert stack_ok(st, units(st, "LEB 6 Mech Bde", "Hezb Radwan"))
    assert not stack_ok(st, units(st, "Wilayat Ninawa", "1 Mech Div"))  # nobody stacks with IS
    assert not stack_ok(st, units(st, "YPG Kobane", "KDP Unit 80"))  # Kurdish factions apart


def test_russia_and_iran_stack_only_under_one_player() -> None:
    """[20.0] Russian and Iranian units never stack, unless one player runs both."""
    st = region_game().new_game(1)
    with st.edit() as d:
        d.force_side[st.tables.force_index["iran"]] = st.tables.seat_index["Syria"]
    assert stack_ok(st, units(st, "6 Arm Bde", "16 Arm Div"))
    with st.edit() as d:
        d.force_side[st.tables.force_index["iran"]] = st.tables.seat_index["Iran"]
    assert not stack_ok(st, units(st, "6 Arm Bde", "16 Arm Div"))


def test_shia_militia_belongs_to_whom_it_stacks_with() -> None:
    """[20.0] A Shia militia is controlled by the player whose Iranian, Iraqi or Syrian units
    it stacks with."""
    from consim.games.fitna.board import unit_sides

    st = position(region_game(), {"Badr Org": "Homs", "4 Arm Div": "Homs"}, edit=no_jokers)
    t = st.tables
    assert unit_sides(st)[t.unit_by_label["Badr Org"]] == t.seat_index["Syria"]
    st = position(region_game(), {"Badr Org": "Basra"}, edit=no_jokers)
    assert unit_sides(st)[t.unit_by_label["Badr Org"]] == t.seat_index["Iraq"]


# =============================================================================================
# 5.0 control
# =============================================================================================


def test_control_at_the_start_and_by_moving_through() -> None:
    """[5.0] Each player controls the empty spaces of his country at the start; an empty
    space belongs to the last player to move through it."""
    st = syria_game().new_game(3)
    t = st.tables
    syria = t.seat_index["Syria"]
    assert st.data.control[t.space_by_name["Palmyra"]] == syria  # empty, in Syria
    assert st.data.control[t.space_by_name["Gaziantep"]] == t.seat_index["Rebels"]  # his country
    st = position(region_game(), {"1 Mech Div": "Mosul"}, edit=no_jokers, frames=moving("Iraq"))
    t = st.tables
    assert st.data.control[t.space_by_name["Rmelan"]] == t.seat_index["Syria"]
    play(st, 'move "1 Mech Div"', "to Qamishli", "stop")
    assert where(st, "1 Mech Div") == "Qamishli"
    assert st.data.control[t.space_by_name["Rmelan"]] == t.seat_index["Iraq"]  # moved through
    assert "Iraq moves a unit from Mosul to Qamishli via Tal Afar, Rmelan." in texts(st)


# =============================================================================================
# 17.1 normal movement
# =============================================================================================


def test_a_move_lists_every_reachable_space_and_may_go_on_in_legs() -> None:
    """[17.0, 17.1] 2 moves per OP; a unit moves its allowance along spaces free of enemy
    units; it may stop on the way and go on (any path); 'stop' ends its move."""
    st = position(
        region_game(),
        {"1 Mech Div": "Mosul", "66 Mech Bde": "Tal Afar"},
        edit=no_jokers,
        frames=moving("Iraq", left=2),
    )
    play(st, 'move "1 Mech Div"')
    reachable = {a.args[0] for a in st.legal_actions("Iraq")}
    assert "Tal Afar" not in reachable and "Sinjar" not in reachable  # only past the enemy
    assert {"Dahuk", "Erbil", "Qayyarah", "Baiji", "Kirkuk", "Zakho"} <= reachable  # 4 movement points
    play(st, "to Qayyarah")
    assert st.prompt("Iraq").text.startswith("1 Mech Div is on Qayyarah with 3 movement points left")
    play(st, "to Baiji", "stop")
    assert where(st, "1 Mech Div") == "Baiji"
    assert st.to_act() == ("Iraq",) and 'move "1 Mech Div"' not in options(st)  # once a segment


@pytest.mark.parametrize("leg", ["to Samarra", "to Tikrit"])
def test_a_move_ends_only_by_stop_whether_or_not_points_are_left(leg: str) -> None:
    """[30.0, 17.1] A leg that spends the unit's last movement point (Mosul to Samarra: 4 of the
    Mechanised Division's 4) looks to the others exactly like one that leaves some (to Tikrit,
    3): no public line, the mover still to act, until 'stop' ends the move. Ending it at once
    told them the unit's movement allowance."""
    st = position(region_game(), {"1 Mech Div": "Mosul"}, edit=no_jokers, frames=moving("Iraq", left=2))
    play(st, 'move "1 Mech Div"')
    before = {seat: len(st.visible_log(seat)) for seat in (None, "Turkey", "Syria")}
    play(st, leg)
    for seat, n in before.items():
        assert st.visible_log(seat)[n:] == [], seat
        assert st.view(seat)["step"] == "unit_move"
    assert st.to_act() == ("Iraq",)
    assert "stop" in options(st) and (leg == "to Tikrit" or options(st) == ["stop"])
    play(st, "stop")
    end = leg.removeprefix("to ")
    assert [e.text for e in st.visible_log("Turkey")[before["Turkey"] :]] == [
        f"Iraq moves a unit from Mosul to {end} via Qayyarah, Baiji{', Tikrit' if end == 'Samarra' else ''}."
    ]


def test_the_examples_of_17_0_and_17_1() -> None:
    """[17.0] 4 OPs for movement (of 6, 4-2) move 8 units (4 x 2); [17.1] an armoured division with 4
    movement points moves 4 spaces, not 5."""
    from consim.games.fitna.rules.planning import Planning

    st = position(
        region_game(),
        {"9 Arm Div (Iraq)": "Mosul"},
        hands={"Iraq": ["Close Air Support"]},
        edit=no_jokers,
        frames=lambda st: in_segment(st, "Iraq", [Planning(seat="Iraq")], step="strategic"),
    )
    play(st, 'ops "Close Air Support"', "done", "allocate 4-2")
    assert st.top.name == "movement" and st.top.left == 8  # type: ignore[attr-defined]
    t = st.tables
    assert t.unit_move[t.unit_by_label["9 Arm Div (Iraq)"]] == (4, 4)  # full, reduced
    play(st, 'move "9 Arm Div (Iraq)"')
    reachable = {a.args[0] for a in st.legal_actions("Iraq") if a.verb == "to"}
    # Mosul - Qayyarah - Baiji - Tikrit - Samarra: four spaces; Baghdad is a fifth
    assert {"Qayyarah", "Baiji", "Tikrit", "Samarra"} <= reachable
    assert "Baghdad" not in reachable


def test_a_unit_destroyed_during_its_move_ends_it() -> None:
    """[17.1, 27.1] Entering Haifa may bring the US in at once, whose strikes may destroy the
    moving unit: its move ends there and the segment goes on."""
    from consim.games.fitna.rules.common import ELIMINATED

    st = position(region_game(), {"1 Mech Div": "Mosul"}, edit=no_jokers, frames=moving("Iraq", left=2))
    play(st, 'move "1 Mech Div"', "to Qayyarah")
    assert st.top.name == "unit_move"
    t = st.tables
    u = t.unit_by_label["1 Mech Div"]
    with st.edit() as d:
        d.units[u] = replace(d.units[u], at=t.n_spaces + ELIMINATED)
    assert st.top.name == "movement"
    assert "1 Mech Div is destroyed during its move." in texts(st)


def test_isolated_units_move_two() -> None:
    """[14.1, 17.1] Isolated units have a movement allowance of 2."""

    def cut_off(d, st):  # type: ignore[no-untyped-def]
        no_jokers(d, st)
        u = st.tables.unit_by_label["1 Mech Div"]
        d.units[u] = replace(d.units[u], isolated=True)

    st = position(region_game(), {"1 Mech Div": "Mosul"}, edit=cut_off, frames=moving("Iraq"))
    play(st, 'move "1 Mech Div"')
    reachable = {a.args[0] for a in st.legal_actions("Iraq")}
    assert "Baiji" in reachable and "Haditha" not in reachable and "Hawija" not in reachable


def test_stacking_counts_at_the_end_of_the_segment() -> None:
    """[4.0, 17.1] "Stacking limits apply only at the end of the movement segment": two full
    stacks may swap units; while a stack is over the limit only its units may move and the
    segment cannot end."""
    full = {"1 Mech Div": "Mosul", "5 Inf Div": "Mosul", "2 Inf Div": "Mosul"}
    other = {"3 Inf Div": "Qayyarah", "4 Inf Div": "Qayyarah", "6 Inf Div": "Qayyarah"}
    st = position(region_game(), {**full, **other}, edit=no_jokers, frames=moving("Iraq", left=2))
    play(st, 'move "1 Mech Div"')
    assert "to Qayyarah" in options(st)
    play(st, "to Qayyarah", "stop")
    assert "done" not in options(st)
    assert sorted(options(st)) == ['move "3 Inf Div"', 'move "4 Inf Div"', 'move "6 Inf Div"']
    play(st, 'move "3 Inf Div"', "to Mosul", "stop")
    assert where(st, "3 Inf Div") == "Mosul" and where(st, "1 Mech Div") == "Qayyarah"


def test_no_overstacking_without_a_move_left_to_put_it_right() -> None:
    """[4.0] With no move left, a unit may pass through a full stack but not end there."""
    st = position(
        region_game(),
        {"1 Mech Div": "Mosul", "2 Inf Div": "Qayyarah", "3 Inf Div": "Qayyarah", "4 Inf Div": "Qayyarah"},
        edit=no_jokers,
        frames=moving("Iraq", left=1),
    )
    play(st, 'move "1 Mech Div"')
    reachable = {a.args[0] for a in st.legal_actions("Iraq")}
    assert "Baiji" in reachable  # through Qayyarah
    assert "Qayyarah" in reachable  # a leg may stop there: the unit can still go on
    play(st, "to Qayyarah")
    assert "stop" not in options(st)


def test_russia_never_enters_turkey() -> None:
    """[21.0] Russian units may not penetrate into Turkey."""
    st = position(region_game(), {"6 Arm Bde": "Azaz"}, edit=no_jokers, frames=moving("Syria"))
    play(st, 'move "6 Arm Bde"')
    reachable = {a.args[0] for a in st.legal_actions("Syria")}
    assert "Kilis" not in reachable and "Aleppo" in reachable


# =============================================================================================
# 17.2 airmobile movement
# =============================================================================================


def test_airlift_to_any_controlled_supplied_space() -> None:
    """[17.2.1] From a supplied space of its side to any space of its side linked to its
    supply sources."""
    st = position(region_game(), {"55 Para Bde": "Kermanshah"}, edit=no_jokers, frames=moving("Iran"))
    play(st, 'move "55 Para Bde"')
    airlift = {a.args[0] for a in st.legal_actions("Iran") if a.verb == "airlift"}
    assert "Ahvaz" in airlift and "Beirut" not in airlift  # Lebanon is not linked to Iran's sources
    play(st, "airlift Ahvaz")
    assert where(st, "55 Para Bde") == "Ahvaz"


def test_airmobile_assault_six_spaces_over_the_enemy_but_not_over_turkey_israel_iran_saudi() -> None:
    """[17.2.2] Six links over enemy spaces, landing free of enemy units; never over Turkey,
    Israel, Iran or Saudi Arabia, except for those countries' own units; in supply until the
    end of the combat segment."""
    st = position(
        region_game(),
        {"1 Para Bde [101 AB Div]": "Kuwait City", "66 Mech Bde": "Basra"},
        edit=no_jokers,
        frames=moving("Saudi Arabia"),
    )
    play(st, 'move "1 Para Bde [101 AB Div]"')
    assault = {a.args[0] for a in st.legal_actions("Saudi Arabia") if a.verb == "assault"}
    assert "Amara" in assault  # over Basra, held by the enemy
    assert "Basra" not in assault  # never onto the enemy
    assert "Khorramshahr" not in assault and "Hoveyzeh Marshes" not in assault  # Iran
    assert "Rafha" not in assault  # Saudi Arabia, for a US unit
    play(st, "assault Amara")
    u = st.tables.unit_by_label["1 Para Bde [101 AB Div]"]
    assert st.data.units[u].assault
    # the Saudi airborne brigade may fly over Saudi Arabia
    st = position(region_game(), {"AB Bde": "Hafr al-Batin"}, edit=no_jokers, frames=moving("Saudi Arabia"))
    play(st, 'move "AB Bde"')
    assert "Rafha" in {a.args[0] for a in st.legal_actions("Saudi Arabia") if a.verb == "assault"}


def test_assault_unit_without_a_line_is_isolated_at_the_end_of_the_phase() -> None:
    """[17.2.2] At the end of its player's phase the unit needs a supply line or is
    isolated."""
    from consim.games.fitna.rules.turn import end_of_phase

    st = position(
        region_game(),
        {"1 Para Bde [101 AB Div]": "Kuwait City", "66 Mech Bde": "Basra", "2 Inf Div": "Nasiriyah"},
        edit=no_jokers,
        frames=moving("Saudi Arabia"),
    )
    play(st, 'move "1 Para Bde [101 AB Div]"', "assault Amara")
    end_of_phase(st, "Saudi Arabia")
    u = st.tables.unit_by_label["1 Para Bde [101 AB Div]"]
    assert st.data.units[u].isolated and not st.data.units[u].assault


# =============================================================================================
# 17.3 strategic movement
# =============================================================================================


def test_strategic_movement_through_controlled_supplied_spaces() -> None:
    """[17.3] One supplied unit, any distance through controlled and supplied spaces."""

    def setup(d, st):  # type: ignore[no-untyped-def]
        no_jokers(d, st)
        control(d, st, "Turkey", ["Tikrit"])

    st = position(
        region_game(),
        {"1 Mech Div": "Basra"},
        edit=setup,
        frames=lambda st: in_segment(st, "Iraq", [Strategic(seat="Iraq")], step="adjust"),
    )
    play(st, 'redeploy "1 Mech Div"')
    dest = {a.args[0] for a in st.legal_actions("Iraq")}
    assert {"Baghdad", "Mosul", "Rutba"} <= dest
    assert "Tikrit" not in dest and "Amman" not in dest
    play(st, "to Mosul")
    assert where(st, "1 Mech Div") == "Mosul"


def test_no_joker_in_the_middle_of_a_move() -> None:
    st = position(region_game(), {"1 Mech Div": "Mosul"}, frames=moving("Iraq"))
    assert "joker" in options(st)
    play(st, 'move "1 Mech Div"')
    assert "joker" not in options(st)
    with pytest.raises(IllegalAction):
        st.apply("Iraq", "joker")


def test_a_scenarios_entry_ban() -> None:
    """A scenario may close countries to some units (scenario 1: Turkey is the rebels' rear):
    they may neither enter nor attack there."""
    from consim.games.fitna.testing import offensives

    st = position(
        syria_game(),
        {"4 Arm Div": "Aleppo", "Tawhid Bde": "Kilis"},
        edit=no_jokers,
        frames=moving("Syria"),
    )
    play(st, 'move "4 Arm Div"')
    reachable = {a.args[0] for a in st.legal_actions("Syria")}
    assert "Azaz" in reachable and not reachable & {"Kilis", "Gaziantep", "Hatay"}
    with pytest.raises(IllegalAction, match=r"may not go to Hatay \[17\.1\]: the scenario closes Hatay"):
        st.apply("Syria", "to Hatay")

    st = position(
        syria_game(),
        {"4 Arm Div": "Azaz", "Tawhid Bde": "Kilis"},
        edit=no_jokers,
        frames=lambda st: offensives(st, "Syria", 1),
    )
    assert [a.text for a in st.legal_actions("Syria")] == ["done"]


def test_russian_units_never_move_into_turkey() -> None:
    """[21.0] "Nor may they penetrate into Turkey": no Turkish space is offered to a Russian
    unit's move, and asking for one is refused with the rule."""
    st = position(region_game(), {"56 Para Bde": "Azaz"}, edit=no_jokers, frames=moving("Syria"))
    play(st, 'move "56 Para Bde"')
    reachable = {a.args[0] for a in st.legal_actions("Syria")}
    assert "Aleppo" in reachable and not reachable & {"Kilis", "Gaziantep", "Hatay"}
    with pytest.raises(IllegalAction, match=r"may not go to Kilis \[17\.1\]: .*\(21\.0\)"):
        st.apply("Syria", "to Kilis")


def _crowded_qayyarah(isolated: bool):  # type: ignore[no-untyped-def]
    """Qayyarah full of Iraqi infantry, every way out of it full or held by IS, and the 1st
    Mechanised Division three spaces away at Samarra, beyond the reach of an isolated unit."""
    iraqi = {
        **dict.fromkeys(("2 Inf Div", "3 Inf Div", "4 Inf Div"), "Qayyarah"),
        **dict.fromkeys(("5 Inf Div", "6 Inf Div", "7 Inf Div"), "Baiji"),
        **dict.fromkeys(("8 Inf Div", "10 Inf Div", "11 Inf Div"), "Tikrit"),
        "1 Mech Div": "Samarra",
    }
    enemy = {"Wilayat Ninawa": "Mosul", "Wilayat Kirkuk": "Erbil", "Wilayat Salahuddin": "Hawija"}
    enemy["Wilayat al-Anbar"] = "Haditha"

    def edit(d, st) -> None:  # type: ignore[no-untyped-def]
        no_jokers(d, st)
        if isolated:
            for u in units(st, "2 Inf Div", "3 Inf Div", "4 Inf Div"):
                d.units[u] = replace(d.units[u], isolated=True)

    return position(region_game(), {**iraqi, **enemy}, edit=edit, frames=moving("Iraq", left=2))


def test_a_stack_may_end_over_the_limit_only_if_one_of_its_units_can_really_leave() -> None:
    """[4.0, 17.1] A move may end over the limit only while a unit of that stack could still
    leave it for another space with room. Going out and coming back puts nothing right, so
    isolated units (2 movement points, 17.0) that can only step into full Baiji and return
    do not count: the Mechanised Division may not end its move in Qayyarah."""
    st = _crowded_qayyarah(isolated=True)
    play(st, 'move "1 Mech Div"')
    assert "to Qayyarah" not in options(st)
    assert "to Baiji" in options(st)  # a leg may pass on through a full stack


def test_the_segment_never_ends_over_the_limit() -> None:
    """[4.0] With 3 movement points the infantry can reach Samarra, which the Mechanised
    Division leaves: the division may end in Qayyarah, and then the segment cannot end until
    a unit of the over-full stack has left it."""
    st = _crowded_qayyarah(isolated=False)
    play(st, 'move "1 Mech Div"', "to Qayyarah", "stop")
    assert stack_ok(st, units(st, "2 Inf Div", "3 Inf Div", "4 Inf Div", "1 Mech Div")) is False
    assert "done" not in options(st)
    assert sorted(options(st)) == ['move "2 Inf Div"', 'move "3 Inf Div"', 'move "4 Inf Div"']
    play(st, 'move "2 Inf Div"')
    assert "to Samarra" in options(st)
    play(st, "to Samarra", "stop")
    assert where(st, "2 Inf Div") == "Samarra"
    assert stack_ok(st, units(st, "3 Inf Div", "4 Inf Div", "1 Mech Div"))
    assert not any(isinstance(f, Movement) for f in st.stack)  # both moves spent, all in order


def test_a_mixed_stack_over_the_limit_is_each_sides_to_put_right() -> None:
    """[4.0] A space where two sides' units stand together (after a force changes hands,
    27.1) breaks the limit for both of them, whichever counter is listed first."""
    st = position(region_game(), {"1 Mech Div": "Mosul", "66 Mech Bde": "Mosul"}, edit=no_jokers)
    t = st.tables
    mosul = t.space_by_name["Mosul"]
    assert not stack_ok(st, units(st, "1 Mech Div", "66 Mech Bde"))
    for seat in ("Iraq", "Turkey"):
        assert overstacked(st, t.seat_index[seat]) == [mosul]
    assert overstacked(st, t.seat_index["Syria"]) == []
