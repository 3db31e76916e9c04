"""Upheavals: coups d'état (23.0-23.3), the War in Lebanon (24.0), the PKK rebellion and its
end (26.7), and the upheavals some scenarios begin with (23.3: scenarios 8 and 11; 26.7:
scenarios 3 and 7)."""

from __future__ import annotations

import pytest

from consim.games.fitna.board import stacks, unit_sides
from consim.games.fitna.game import FitnaGame
from consim.games.fitna.rules.common import PKK_ONGOING, PKK_OVER, eliminate, set_control
from consim.games.fitna.rules.deck import event_refusal
from consim.games.fitna.rules.events import EventsSegment
from consim.games.fitna.testing import in_segment
from tests.games.fitna.conftest import fixture_content, play, position, region_game, syria_game, texts, where


def no_jokers(d, st) -> None:  # type: ignore[no-untyped-def]
    d.jokers = dict.fromkeys(st.tables.seats, 0)


def events(seat: str):  # type: ignore[no-untyped-def]
    return lambda st: in_segment(st, seat, [EventsSegment(seat=seat)], step="supply")


def turn(n: int):  # type: ignore[no-untyped-def]
    def edit(d, st) -> None:  # type: ignore[no-untyped-def]
        no_jokers(d, st)
        d.turn = n

    return edit


# =============================================================================================
# 23.0-23.3 coups
# =============================================================================================


def syrian_coup(units: dict[str, str], dice: list[int], reduced: tuple[str, ...] = (), **options: str):  # type: ignore[no-untyped-def]
    game = syria_game(**options) if options else syria_game()
    return position(
        game,
        units,
        reduced=reduced,
        hands={"Rebels": ["Coup in Syria"]},
        edit=turn(3),
        frames=events("Rebels"),
        dice=dice,
    )


def test_coup_card_limits() -> None:
    """[23.0] Not before turn 3; +1 tension; the card leaves the game."""
    st = syrian_coup({"11 Arm Div": "Hama"}, [6])
    with st.edit() as d:
        d.turn = 2
    assert "before turn 3" in (event_refusal(st, "Rebels", st.tables.card_by_name["Coup in Syria"][0]) or "")
    st = syrian_coup({"11 Arm Div": "Hama"}, [6])
    start = st.data.tension
    play(st, 'play "Coup in Syria"')
    assert st.data.tension == start + 1
    assert 66 in st.data.removed
    assert "11 Arm Div on Hama rolls 6 and stays loyal." in texts(st)


def test_coup_outcomes_join_disband_loyal() -> None:
    """[23.1, 23.2] A die per unit that tests its loyalty: 1-2 it joins the rebellion, replaced
    by an equivalent Free Syrian Army unit (same size, same side shown); 3-4 it disbands to
    the replacements section; 5-6 it stays loyal. Loyal "L" units (the Syrian militias among
    them) do not roll."""
    units = {
        "11 Arm Div": "Hama",  # rolls 2: joins
        "18 Arm Div": "Homs",  # rolls 3: disbands
        "47 SF Regt": "Raqqa",  # rolls 5: loyal
        "4 Arm Div": "Damascus",  # loyal (L): no roll
        "NDF Mil": "Aleppo",  # militia (L): no roll
    }
    st = syrian_coup(units, [2, 3, 5], reduced=("11 Arm Div",))
    play(st, 'play "Coup in Syria"')
    t = st.tables
    lines = texts(st)
    assert any(x.startswith("Coup in Syria: Syria rolls for 3 units") for x in lines)
    joined = [x for x in lines if "joins the rebellion" in x]
    assert joined and joined[0].startswith("11 Arm Div on Hama rolls 2 and joins the rebellion: it becomes")
    fsa = [u for u in t.force_units[t.force_index["fsa"]] if st.data.units[u].at == t.space_by_name["Hama"]]
    assert len(fsa) == 1 and t.unit_size[fsa[0]] == "division" and st.data.units[fsa[0]].reduced
    assert st.data.control[t.space_by_name["Hama"]] == t.seat_index["Rebels"]  # the rebels alone hold it
    # [23.1] the defector is replaced on the map by the rebel counter: it leaves the game, and
    # the regime may not rebuild it (only the disbanded go to the replacements section, 23.2)
    assert where(st, "11 Arm Div") == "removed"
    assert joined[0].endswith("(Free Syrian Army) and leaves the game.")
    assert where(st, "18 Arm Div") == "eliminated"  # [23.2] the replacements section
    assert where(st, "47 SF Regt") == "Raqqa"
    assert where(st, "4 Arm Div") == "Damascus" and where(st, "NDF Mil") == "Aleppo"


def test_coup_losses_first_edition_option() -> None:
    """[23.2, first edition] Units failing on 3-4 are removed from the game (option
    ``coup_losses``)."""
    st = syrian_coup({"18 Arm Div": "Homs"}, [4], coup_losses="removed")
    play(st, 'play "Coup in Syria"')
    assert where(st, "18 Arm Div") == "removed"


def test_split_space_loyal_units_hold_and_rebels_withdraw() -> None:
    """[23.2] In a space shared by both camps, the one with the highest defence keeps it (ties
    go to the regime); the other withdraws to the closest allied space free of enemy units."""
    st = syrian_coup(
        {"4 Arm Div": "Hama", "11 Arm Div": "Hama", "13 Div": "Idlib"},
        [1],
    )
    play(st, 'play "Coup in Syria"')
    t = st.tables
    lines = texts(st)
    assert "Hama: the loyal units (defence 8) hold it against the rebels (defence 4), who withdraw." in lines
    assert [a.text for a in st.legal_actions("Rebels")] == ["withdraw Idlib"]
    play(st, "withdraw Idlib")
    rebel = next(
        u
        for u in t.force_units[t.force_index["fsa"]]
        if u != t.unit_by_label["13 Div"] and st.data.units[u].at < t.n_spaces
    )
    assert where(st, t.unit_label[rebel]) == "Idlib"  # the only adjacent rebel space
    assert st.data.control[t.space_by_name["Hama"]] == t.seat_index["Syria"]


def test_split_space_rebels_stronger_take_it() -> None:
    """[23.2] The rebels, stronger in defence, keep the space; the loyal units withdraw."""
    st = syrian_coup({"11 Arm Div": "Hama", "18 Arm Div": "Hama", "47 SF Regt": "Hama"}, [1, 2, 6])
    play(st, 'play "Coup in Syria"')
    t = st.tables
    assert any(
        "Hama: the rebels (defence 8) hold it against the loyal units (defence 3)" in x for x in texts(st)
    )
    assert st.to_act() == ("Syria",)
    play(st, "withdraw Homs")
    assert where(st, "47 SF Regt") == "Homs"
    assert st.data.control[t.space_by_name["Hama"]] == t.seat_index["Rebels"]


def test_tie_goes_to_the_regime() -> None:
    """[23.2] "In event of a tie, the force loyal to the regime keeps control of the space"."""
    st = syrian_coup({"46 SF Regt": "Hama", "47 SF Regt": "Hama"}, [1, 6])
    play(st, 'play "Coup in Syria"')
    line = "Hama: the loyal units (defence 3) hold it against the rebels (defence 3), who withdraw."
    assert line in texts(st)


def test_withdrawal_allied_or_any_space() -> None:
    """[23.2] Second edition: the closest *allied* space free of enemy units (here none is
    adjacent: the nearest, in Turkey); first edition (option ``coup_withdrawal`` ``any``): the
    closest adjacent space free of enemy units, whoever holds it."""
    units = {"4 Arm Div": "Hama", "11 Arm Div": "Hama"}
    st = syrian_coup(units, [1])
    play(st, 'play "Coup in Syria"')
    assert [a.text for a in st.legal_actions("Rebels")] == ["withdraw Hatay"]
    play(st, "withdraw Hatay")
    st = syrian_coup(units, [1], coup_withdrawal="any")
    play(st, 'play "Coup in Syria"')
    assert {a.text for a in st.legal_actions("Rebels")} == {
        "withdraw Homs",
        "withdraw Idlib",
        'withdraw "Jisr al-Shughur"',
        "withdraw Salamiyah",
    }
    play(st, "withdraw Homs")
    t = st.tables
    assert st.data.control[t.space_by_name["Homs"]] == t.seat_index["Rebels"]


def test_defections_in_one_space_of_either_country() -> None:
    """[23.1; #54 Defections] The player picks the country, then one space holding its units;
    only those roll."""
    st = position(
        region_game(),
        {"1 Mech Div": "Mosul", "5 Inf Div": "Kirkuk", "11 Arm Div": "Hama", "Golden Div": "Baghdad"},
        hands={"Turkey": ["Defections"]},
        edit=turn(2),
        frames=events("Turkey"),
        dice=[2],
    )
    play(st, 'play "Defections"')
    assert {a.text for a in st.legal_actions("Turkey")} >= {"country Syria", "country Iraq"}
    play(st, "country Iraq")
    # every space holding the army's units, loyal or not: the stacks do not show which (30.0)
    assert [a.text for a in st.legal_actions("Turkey")] == ["space Baghdad", "space Kirkuk", "space Mosul"]
    play(st, "space Kirkuk")
    assert where(st, "1 Mech Div") == "Mosul"
    assert where(st, "5 Inf Div") == "removed"  # [23.1] replaced by a Free Iraqi Army unit
    assert any("5 Inf Div on Kirkuk rolls 2 and joins the rebellion" in x for x in texts(st))


def test_coup_refused_without_units_or_rebels() -> None:
    """[23.1] No unit of the army on the map, nothing to play; the regime's own player cannot
    raise rebels nobody would run."""
    st = syrian_coup({"Hamza Div": "Azaz"}, [])
    c = st.tables.card_by_name["Coup in Syria"][0]
    assert "no unit on the map" in (event_refusal(st, "Rebels", c) or "")


def test_a_coup_among_loyal_units_only_is_played_and_changes_nothing() -> None:
    """[23.1, 30.0] Whether the army's units on the map would test their loyalty is hidden in
    unseen stacks, so it does not decide whether the card may be played: with only loyal (L)
    units the coup is played and nobody rolls."""
    st = syrian_coup({"4 Arm Div": "Damascus"}, [])
    assert st.tables.unit_loyal[st.tables.unit_by_label["4 Arm Div"]]
    play(st, 'play "Coup in Syria"')
    assert where(st, "4 Arm Div") == "Damascus"
    assert any(x.startswith("Coup in Syria: Syria rolls for 0 units") for x in texts(st))


def test_coup_at_setup_scenario_8() -> None:
    """[23.3] Scenario 8 begins with a coup in Iraq: the Iranian player rolls for the Iraqi
    units; the rebels are the Saudi player's Free Iraqi Army (20.0)."""
    st = FitnaGame(scenario=8).new_game(3)
    t = st.tables
    while st.top.name == "coup_withdraw":
        play(st, st.legal_actions(st.to_act()[0])[0].text)
    lines = texts(st)
    assert "The scenario begins with a coup in Iraq." in lines
    assert any(x.startswith("Coup in Iraq: Iran rolls for 17 units") for x in lines)
    fia = [u for u in t.force_units[t.force_index["fia"]] if st.data.units[u].at < t.n_spaces]
    assert fia and st.data.force_side[t.force_index["fia"]] == t.seat_index["Saudi Arabia"]
    assert where(st, "Golden Div") == "Baghdad"  # loyal (L)
    sides = unit_sides(st)
    for units in stacks(st):
        assert len({sides[u] for u in units}) <= 1  # every split space settled


# =============================================================================================
# 24.0 War in Lebanon
# =============================================================================================


def test_war_in_lebanon() -> None:
    """[24.0] A die per Lebanese Hezbollah unit: 1-2 nothing, 3 reduced, 4-6 eliminated and
    removed from the game; the Iranian Hezbollah units are untouched; +2 tension; not on turn
    1."""
    units = {
        "Hezb Radwan": "South Litani",
        "Hezb Nasr": "South Litani",
        "Hezb Haidar": "Bekaa",
        "Hezb Fatemiyoun": "Damascus",
    }
    st = position(
        syria_game(),
        units,
        hands={"Rebels": ["War in Lebanon"]},
        edit=turn(2),
        frames=events("Rebels"),
        dice=[1, 3, 5],  # Haidar, Nasr, Radwan (by name)
    )
    start = st.data.tension
    play(st, 'play "War in Lebanon"')
    assert st.data.tension == start + 2
    assert (
        where(st, "Hezb Haidar") == "Bekaa"
        and not st.data.units[st.tables.unit_by_label["Hezb Haidar"]].reduced
    )
    assert st.data.units[st.tables.unit_by_label["Hezb Nasr"]].reduced
    assert where(st, "Hezb Radwan") == "removed"
    assert where(st, "Hezb Fatemiyoun") == "Damascus"
    assert (
        "War in Lebanon: Hezb Radwan on South Litani rolls 5: eliminated and removed from the game."
        in texts(st)
    )


@pytest.mark.parametrize("hezbollah", ["Hezb Radwan", "Hezb Fatemiyoun"])
def test_war_in_lebanon_is_offered_whether_unseen_hezbollah_is_lebanese_or_iranian(hezbollah: str) -> None:
    """[24.0, 30.0] The rebels see one Hezbollah unit in Damascus, not which: #41 is offered
    either way (before, only with a Lebanese one on the map, which told them). With no
    Lebanese unit to roll for, only the tension rises."""
    st = position(
        syria_game(),
        {hezbollah: "Damascus"},
        hands={"Rebels": ["War in Lebanon"]},
        edit=turn(2),
        frames=events("Rebels"),
        dice=[6],
    )
    damascus = next(s for s in st.view("Rebels")["spaces"] if s["name"] == "Damascus")["stack"]
    assert damascus == {"side": "Syria", "count": 1, "forces": {"Hezbollah": 1}, "isolated": 0}
    assert 'play "War in Lebanon"' in [a.text for a in st.legal_actions("Rebels")]
    start = st.data.tension
    play(st, 'play "War in Lebanon"')
    assert st.data.tension == start + 2
    lebanese = hezbollah == "Hezb Radwan"
    assert where(st, hezbollah) == ("removed" if lebanese else "Damascus")
    assert (
        "War in Lebanon: no Lebanese Hezbollah unit is on the map; no die is rolled." in texts(st)
    ) is not lebanese


# =============================================================================================
# 26.7 the PKK rebellion
# =============================================================================================


def pkk_position(units: dict[str, str], **kw):  # type: ignore[no-untyped-def]
    def edit(d, st) -> None:  # type: ignore[no-untyped-def]
        no_jokers(d, st)
        t = st.tables
        for u in t.force_units[t.force_index["pkk"]]:
            d.units[u] = d.units[u].__class__(at=t.n_spaces)  # the Kurdish Force Pool

    return position(
        region_game(), units, hands={"Iraq": ["PKK Rebellion"]}, edit=edit, frames=events("Iraq"), **kw
    )


def test_pkk_rebellion_places_garrisons_and_mobile_units() -> None:
    """[26.7] A garrison on every PKK space in Turkey free of Turkish units (its strength the
    player's choice), then the two mobile PKK units on PKK-held spaces free of Turkish units;
    the rest stay in the pool; #24 Kurdish Rivalry cannot cancel it."""
    st = pkk_position({"7 Cps": "Diyarbakır"})
    play(st, 'play "PKK Rebellion"')
    t = st.tables
    assert PKK_ONGOING in st.data.firsts
    assert [a.text for a in st.legal_actions("Iraq")] == ['garrison "defence 3"', 'garrison "defence 2"']
    while 'garrison "defence 3"' in [a.text for a in st.legal_actions("Iraq")]:
        play(st, 'garrison "defence 3"')  # four of strength 3, then the last of strength 2
    held = [s for s in range(t.n_spaces) if st.data.control[s] == t.PKK]
    assert {t.space_id[s] for s in held} == {"batman", "siirt", "cizre", "hakkari", "van"}
    assert st.data.control[t.space_by_id["diyarbakir"]] == t.seat_index["Turkey"]
    play(st, "place Van", "place Siirt")
    assert where(st, "HPG") == "Van" and where(st, "YPS") == "Siirt"
    pool = [u for u in t.force_units[t.force_index["pkk"]] if st.data.units[u].at == t.n_spaces]
    assert len(pool) == 3  # 8 garrisons - 5 placed


def test_pkk_rebellion_too_few_garrisons_the_player_chooses_spaces() -> None:
    """[provenance/cards.md 8] If garrisons run short, the player chooses the spaces."""

    def edit(d, st) -> None:  # type: ignore[no-untyped-def]
        no_jokers(d, st)
        t = st.tables
        for u in t.force_units[t.force_index["pkk"]]:
            d.units[u] = d.units[u].__class__(at=t.n_spaces + 3)
        for label in ("PKK Garrison 1", "PKK Garrison 2", "HPG"):
            u = t.unit_by_label[label]
            d.units[u] = d.units[u].__class__(at=t.n_spaces)

    st = position(region_game(), {}, hands={"Iraq": ["PKK Rebellion"]}, edit=edit, frames=events("Iraq"))
    play(st, 'play "PKK Rebellion"')
    assert [a.text for a in st.legal_actions("Iraq")][:2] == ["space Batman", "space Cizre"]
    play(st, "space Van", "space Hakkari")
    assert where(st, "PKK Garrison 1") in {"Van", "Hakkari"} and where(st, "PKK Garrison 2") in {
        "Van",
        "Hakkari",
    }
    play(st, "place Van")
    assert where(st, "HPG") == "Van"


def test_pkk_rebellion_once_a_game() -> None:
    """[26.7, provenance/cards.md 8] Only if no rebellion has broken out yet."""
    st = pkk_position({})
    with st.edit() as d:
        d.firsts.append(PKK_ONGOING)
    assert "already broken out" in (
        event_refusal(st, "Iraq", st.tables.card_by_name["PKK Rebellion"][0]) or ""
    )


def test_the_rebellion_ends_when_turkey_holds_every_pkk_space() -> None:
    """[26.7] As soon as the Turkish player controls all the PKK spaces in Turkey, the
    rebellion is over: the PKK units in Turkey (and in the pool) leave the game; those in Syria
    or Iraq stay, but never return once eliminated."""
    st = pkk_position({"PKK Garrison 1": "Van", "HPG": "Qandil", "7 Cps": "Diyarbakır"})
    t = st.tables
    turk = t.seat_index["Turkey"]
    with st.edit() as d:
        d.firsts.append(PKK_ONGOING)
        for sid in ("batman", "siirt", "cizre", "hakkari"):
            d.control[t.space_by_id[sid]] = turk
    with st.edit() as d:
        d.units[t.unit_by_label["PKK Garrison 1"]] = d.units[0].__class__(at=t.n_spaces + 1)
        d.units[t.unit_by_label["HPG"]] = d.units[0].__class__(at=t.space_by_id["qandil"])
    set_control(st, t.space_by_id["van"], turk, [t.force_index["turkey"]])
    assert PKK_OVER in st.data.firsts
    assert where(st, "PKK Garrison 1") == "removed" and where(st, "YPS") == "removed"
    assert where(st, "HPG") == "Qandil"
    eliminate(st, t.unit_by_label["HPG"])
    assert where(st, "HPG") == "removed"


def test_pkk_rebellion_at_setup() -> None:
    """[26.7] Scenarios 3 and 7 begin with the rebellion: placed before the opening hands by
    the Kurdish player, or else the first in the order of play."""
    st = FitnaGame(content=fixture_content(), scenario=4).new_game(1)
    t = st.tables
    assert st.to_act() == ("Turkey",)
    while st.stack and st.top.name == "handler_pkk_rebellion_at_setup":
        play(st, st.legal_actions(st.to_act()[0])[0].text)
    assert PKK_ONGOING in st.data.firsts
    assert st.data.control[t.space_by_id["diyarbakir"]] == t.seat_index["Turkey"]
    for sid in ("batman", "siirt", "cizre", "hakkari", "van"):
        assert st.data.control[t.space_by_id[sid]] == t.PKK
    # and the coup in Iraq ran too, the Saudi player's rebels
    assert "The scenario begins with a coup in Iraq." in texts(st)
    st5 = FitnaGame(content=fixture_content(), scenario=5).new_game(1)
    assert st5.to_act() == ("Kurds",)  # the Kurdish player places them (scenario 7)


def test_only_the_kurdish_player_plays_peshmerga_where_there_is_one() -> None:
    """[26.7, scenario 7] Where a player runs the Kurds, only he may play a Peshmerga card as an
    event."""
    st = FitnaGame(content=fixture_content(), scenario=5).new_game(1)
    with st.edit() as d:
        d.turn = 1
    c = st.tables.card_by_name["Peshmerga"][0]
    assert event_refusal(st, "Kurds", c) is None
    assert "only the Kurdish player" in (event_refusal(st, "Turkey", c) or "")
