"""International Tension (22.0-22.1): every trigger, the "first time" ones firing once, and
the effects of levels 5, 6 and 10."""

from __future__ import annotations

from consim.games.fitna.rules.common import change_tension, on_fight, push_levels, set_control
from consim.games.fitna.rules.movement import Movement
from consim.games.fitna.testing import in_segment, offensives
from tests.games.fitna.conftest import play, position, region_game, texts


def no_jokers(d, st) -> None:  # type: ignore[no-untyped-def]
    d.jokers = dict.fromkeys(st.tables.seats, 0)


def moving(seat: str):  # type: ignore[no-untyped-def]
    return lambda st: in_segment(st, seat, [Movement(seat=seat, left=4)])


def forces(st, *names: str) -> set[int]:  # type: ignore[no-untyped-def]
    return {st.tables.force_index[n] for n in names}


def test_first_time_triggers_fire_once() -> None:
    """[22.0] Israeli and Iranian units fighting on the ground: +2, the first time only;
    Russian and Iranian units attacking or striking each other: +1; Iranian and Turkish: +1;
    Iranian and Saudi or Arab Allied: +2; Russia attacking a Turkish unit in Iraq or Syria: +2."""
    st = region_game().new_game(1)
    t = st.tables
    s = t.space_by_name["Quneitra"]
    start = st.data.tension
    on_fight(st, forces(st, "israel"), forces(st, "iran"), s, False)
    on_fight(st, forces(st, "iran"), forces(st, "israel"), s, False)
    assert st.data.tension == start + 2
    on_fight(st, forces(st, "israel"), forces(st, "iran"), s, True)  # a strike is not a fight on the ground
    assert st.data.tension == start + 2
    on_fight(st, forces(st, "russia"), forces(st, "iran"), s, True)
    assert st.data.tension == start + 3
    on_fight(st, forces(st, "iran"), forces(st, "uae"), t.space_by_name["Basra"], False)
    assert st.data.tension == start + 5
    on_fight(st, forces(st, "russia"), forces(st, "turkey"), t.space_by_name["Aleppo"], False)
    assert st.data.tension == start + 7
    assert "russia_hit_turkey_abroad" in st.data.firsts  # [21.0] Turkey may now answer


def test_captures_that_raise_tension() -> None:
    """[22.0] First Israeli capture of Damascus +2 and of Beirut +1; first Turkish capture of
    Aleppo +1; every IS capture of Baghdad, Karbala, Najaf, Aleppo, Damascus or a Turkish space
    +1 (each time)."""
    st = region_game().new_game(1)
    t = st.tables
    start = st.data.tension
    set_control(st, t.space_by_name["Damascus"], t.seat_index["Israel"], forces(st, "israel"))
    assert st.data.tension == start + 2
    set_control(st, t.space_by_name["Beirut"], t.seat_index["Israel"], forces(st, "israel"))
    set_control(st, t.space_by_name["Aleppo"], t.seat_index["Turkey"], forces(st, "turkey"))
    assert st.data.tension == start + 4
    set_control(st, t.space_by_name["Aleppo"], t.IS, forces(st, "is"))
    set_control(st, t.space_by_name["Aleppo"], t.seat_index["Turkey"], forces(st, "turkey"))
    set_control(st, t.space_by_name["Aleppo"], t.IS, forces(st, "is"))
    assert st.data.tension == start + 6  # IS twice; Turkey's second capture adds nothing
    set_control(st, t.space_by_name["Kilis"], t.IS, forces(st, "is"))
    assert st.data.tension == start + 7


def test_syrian_units_entering_turkey() -> None:
    """[22.0] Units of the Syrian, Iraqi or Iranian player entering Turkey: +2, once."""
    st = position(region_game(), {"4 Arm Div": "Aleppo"}, edit=no_jokers, frames=moving("Syria"))
    start = st.data.tension
    play(st, 'move "4 Arm Div"', "to Kilis", "stop")
    assert st.data.tension == start + 2
    assert any("attacks or enters Turkey" in x for x in texts(st))


def test_an_offensive_against_turkish_territory() -> None:
    """[22.0] Attacking Turkish territory counts as entering it."""
    st = position(
        region_game(),
        {"4 Arm Div": "Azaz", "66 Mech Bde": "Kilis"},
        edit=no_jokers,
        frames=lambda st: offensives(st, "Syria", 1),
        dice=[3],
    )
    start = st.data.tension
    play(st, "attack_from Azaz", 'add "4 Arm Div"', "attack", "target Kilis")
    assert st.data.tension == start + 2


def test_tension_never_leaves_0_to_10() -> None:
    st = region_game().new_game(1)
    change_tension(st, -20, "test")
    assert st.data.tension == 0
    change_tension(st, 30, "test")
    assert st.data.tension == 10


def test_level_6_gives_every_player_a_batch_or_replacements() -> None:
    """[22.1] Level 6: every player, in the order of play, takes his next batch (it does not
    count against the one a turn) or replacements."""
    st = position(
        region_game(),
        {"1 Mech Div": "Baghdad"},
        edit=lambda d, st: (no_jokers(d, st), setattr(d, "tension", 6), d.levels_done.append(5)),
        frames=moving("Iraq"),
    )
    with st.edit() as d:
        d.batches["Iraq"] = [[st.tables.unit_by_label["2 Inf Div"]]]
        d.levels_done.clear()
        d.levels_done.append(5)
        push_levels(st)
    assert st.to_act() == ("Iraq",)
    assert [a.text for a in st.legal_actions("Iraq")] == ["batch"]
    play(st, "batch", "place Baghdad")
    assert 6 in st.data.levels_done
    assert any(x.startswith("Tension 6: every player receives") for x in texts(st))


def test_level_10_batches_and_the_interventions_hook() -> None:
    """[22.1] Level 10: batches for everyone; the US and Russian interventions follow through
    the frame ``handler_tension_10`` (tested in ``test_powers``)."""
    st = position(
        region_game(),
        {"1 Mech Div": "Baghdad"},
        edit=lambda d, st: (no_jokers(d, st), setattr(d, "tension", 10), d.levels_done.extend([5, 6])),
        frames=moving("Iraq"),
    )
    with st.edit():
        push_levels(st)
    assert 10 in st.data.levels_done
    assert any("Russia heightens its involvement" in x for x in texts(st))  # [28.0]
