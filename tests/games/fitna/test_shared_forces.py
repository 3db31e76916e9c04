"""Forces shared between two players (27.1, scenario 10): the US forces split between Israel
and Turkey at tension 10, each unit with its own controller in the rules, the view and the
reinforcements that follow."""

from __future__ import annotations

from consim.games.fitna.board import owner, unit_sides
from consim.games.fitna.game import FitnaGame
from consim.games.fitna.rules.movement import Movement
from consim.games.fitna.state import FitnaState
from consim.games.fitna.testing import in_segment
from tests.games.fitna.conftest import play, position, texts

WAVE_1 = {
    "75 Para Regt",
    "MEU Regt",
    "1 Para Bde [82 AB Div]",
    "1 Para Bde [101 AB Div]",
    "2 Para Bde [101 AB Div]",
    "3 Arm Regt",
}
WAVE_2 = {"1 MEB", "2 MEB", "1 Arm Bde [3 MD]", "2 Mech Bde [3 MD]", "3 Mech Bde [3 MD]"}


def tension_ten() -> FitnaState:
    def edit(d, st) -> None:  # type: ignore[no-untyped-def]
        d.jokers = dict.fromkeys(st.tables.seats, 0)
        d.tension = 10
        d.levels_done.extend([5, 6])

    return position(
        FitnaGame(scenario=10),
        {"36 Arm Div": "Golan Heights", "4 Arm Div": "Damascus"},
        edit=edit,
        frames=lambda st: in_segment(st, "Israel", [Movement(seat="Israel", left=0)]),
        dice=[6, 6, 6, 6],
    )


def until(st: FitnaState, name: str) -> None:
    for _ in range(50):
        if st.top.name == name:
            return
        seat = st.to_act()[0]
        st.apply(seat, st.legal_actions(seat)[0])
    raise AssertionError(f"never reached {name}")


def seat_of_unit(st: FitnaState, label: str) -> str:
    t = st.tables
    return t.side_names[unit_sides(st)[t.unit_by_label[label]]]


def test_tension_10_shares_the_us_between_israel_and_turkey() -> None:
    """[27.1, scenario 10] Tension 10: each draws a bonus card, Israel takes the US Special
    Joker, Turkey the US Joker; Israel picks 3 of the 6 first-wave units, Turkey 3 of the 5
    second-wave units; each has the rest of the other's pick and places his own."""
    st = tension_ten()
    t = st.tables
    assert "International Tension 10: the United States intervene." in texts(st)
    assert st.data.jokers["Turkey"] == 1 and st.data.jokers["Israel"] == 0  # [27.1] the US Joker
    hands = {s: len(st.data.hands[s]) for s in ("Israel", "Turkey")}
    until(st, "share_us_forces")
    assert {s: len(st.data.hands[s]) for s in ("Israel", "Turkey")} == {s: n + 1 for s, n in hands.items()}
    assert any(x.startswith("US Massive Air Strikes: Israel") for x in texts(st))
    assert st.to_act() == ("Israel",)
    assert {a.args[0] for a in st.legal_actions("Israel")} == WAVE_1
    play(st, 'take "3 Arm Regt"', 'take "MEU Regt"', 'take "75 Para Regt"')
    assert st.to_act() == ("Turkey",)
    assert {a.args[0] for a in st.legal_actions("Turkey") if a.verb == "take"} == WAVE_2
    play(st, 'take "1 MEB"', 'take "2 MEB"', 'take "1 Arm Bde [3 MD]"')
    mine = {"Israel": {"3 Arm Regt", "MEU Regt", "75 Para Regt", "2 Mech Bde [3 MD]", "3 Mech Bde [3 MD]"}}
    mine["Turkey"] = (WAVE_1 | WAVE_2) - mine["Israel"]
    for seat, labels in mine.items():
        for label in labels:
            assert t.side_names[owner(st, t.unit_by_label[label])] == seat, label
    # each places his own first-wave units, on spaces he holds and supplies (14.10: Netanya
    # or H5 for Israel, Incirlik for Turkey)
    assert st.top.name == "intervention_land" and st.to_act() == ("Israel",)
    play(st, "place Haifa", "place Haifa", "place Haifa")
    assert st.to_act() == ("Turkey",)
    spaces = {a.args[0] for a in st.legal_actions("Turkey") if a.verb == "place"}
    assert "Incirlik" in spaces and "Haifa" not in spaces
    play(st, "place Incirlik", "place Incirlik", "place Incirlik")
    for label in ("3 Arm Regt", "MEU Regt", "75 Para Regt"):
        assert seat_of_unit(st, label) == "Israel"
    for label in WAVE_1 - mine["Israel"]:
        assert seat_of_unit(st, label) == "Turkey"
    assert {(t.seats[a.seat], a.wave) for a in st.data.arrivals} >= {("Israel", 2), ("Turkey", 2)}
    # the view: both run (a part of) the US forces; Turkey sees its own US stack
    forces = st.view(None)["forces"]
    assert "US" in forces["Israel"] and "US" in forces["Turkey"]
    incirlik = next(s for s in st.view("Turkey")["spaces"] if s["name"] == "Incirlik")
    assert len(incirlik["stack"]["units"]) == 3
    assert "units" not in next(s for s in st.view("Israel")["spaces"] if s["name"] == "Incirlik")["stack"]


def test_the_second_wave_goes_to_each_owner_in_his_phase() -> None:
    """[27.1] On the following turn each player receives his own second-wave units at the start
    of his phase, and only those."""
    st = tension_ten()
    t = st.tables
    until(st, "share_us_forces")
    play(st, 'take "3 Arm Regt"', 'take "MEU Regt"', 'take "75 Para Regt"')
    play(st, 'take "1 MEB"', 'take "2 MEB"', 'take "1 Arm Bde [3 MD]"')
    play(
        st, "place Haifa", "place Haifa", "place Haifa", "place Incirlik", "place Incirlik", "place Incirlik"
    )
    with st.edit() as d:
        d.turn += 1
        in_segment(st, "Israel", [], step="events")
    assert any(
        x.startswith("Israel receives the next wave: 2 Mech Bde [3 MD], 3 Mech Bde [3 MD]") for x in texts(st)
    )
    assert st.top.name == "intervention_land"
    play(st, "place Netanya", "place Netanya")
    on_map = {t.unit_label[u] for u in t.force_units[t.force_index["us"]] if st.data.units[u].at < t.n_spaces}
    assert not {"1 MEB", "2 MEB", "1 Arm Bde [3 MD]"} & on_map  # Turkey's wait for Turkey's phase
    assert {"2 Mech Bde [3 MD]", "3 Mech Bde [3 MD]"} <= on_map


def test_a_game_saved_during_the_share_restores_exactly() -> None:
    """The intervention's frames (the shared handler, the picks) save and load by name."""
    st = tension_ten()
    until(st, "share_us_forces")
    play(st, 'take "3 Arm Regt"')
    data = st.to_dict()
    restored = st.game.restore(data)
    assert restored.to_dict() == data
    assert restored.legal_actions("Israel") == st.legal_actions("Israel")


def test_a_saved_game_with_bad_unit_owners_is_refused() -> None:
    """A save whose per-unit owners (the shared US forces, 27.1) name a unit or a side the game
    does not have is refused with one clear error, never restored."""
    import pytest

    from consim.core.errors import RestoreError

    game = FitnaGame(scenario=10)
    state = game.new_game(0)
    good = state.to_dict()
    us_unit = state.tables.unit_by_label["75 Para Regt"]
    good["data"]["unit_side"] = {"us_75_para_regt": state.tables.seat_index["Turkey"]}
    restored = game.restore(good)
    assert unit_sides(restored)[us_unit] == state.tables.seat_index["Turkey"]
    for bad in ({"us_75_para_regt": 99}, {"us_75_para_regt": -1}, {"us_75_para_regt": "Turkey"}):
        damaged = {**good, "data": {**good["data"], "unit_side": bad}}
        with pytest.raises(RestoreError, match="unit_side"):
            game.restore(damaged)
