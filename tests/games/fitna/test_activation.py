"""IS and the Kurds activated by cards (25.0-25.6, 26.0-26.8): the Daesh and Peshmerga
cards, the counters they bring in, the OPs they give, IS offensives with face-down counters and
decoys, the cancellations (25.5 Counter-Insurgency, 26.5 Kurdish Rivalry), the Kurdish zones
and factions, and what the commanding player sees."""

from __future__ import annotations

from dataclasses import replace

from consim.games.fitna.board import closed_kurdish_zones, retreat_spaces
from consim.games.fitna.rules.common import POOL
from consim.games.fitna.rules.deck import event_refusal
from consim.games.fitna.rules.events import EventsSegment
from consim.games.fitna.rules.movement import Movement
from consim.games.fitna.testing import control, in_segment
from tests.games.fitna.conftest import play, position, region_game, syria_game, texts, where


def events(seat: str):  # type: ignore[no-untyped-def]
    return lambda st: in_segment(st, seat, [EventsSegment(seat=seat)], step="supply")


def setup(
    pool: tuple[str, ...] = (), reduced: tuple[str, ...] = (), holders: dict[str, list[str]] | None = None
):  # type: ignore[no-untyped-def]
    """Turn 2, no Jokers; ``pool``: IS or Kurdish counters put in their Force Pool; control."""

    def edit(d, st) -> None:  # type: ignore[no-untyped-def]
        t = st.tables
        d.turn = 2
        d.jokers = dict.fromkeys(t.seats, 0)
        for label in pool:
            u = t.unit_by_label[label]
            d.units[u] = replace(d.units[u], at=t.n_spaces + POOL)
        for side, spaces in (holders or {}).items():
            control(d, st, side, spaces)

    return edit


def pass_cancels(st) -> None:  # type: ignore[no-untyped-def]
    """Every other player is asked whether he cancels a Daesh or Peshmerga card (25.5, 26.5)."""
    while st.stack and st.top.name == "cancel_window":
        play(st, "pass")


def face_down(st, seat: str, space: str) -> dict:  # type: ignore[type-arg, no-untyped-def]
    view = st.view(seat)
    return next(s for s in view["spaces"] if s["name"] == space).get("stack", {})


# =============================================================================================
# 25.2 IS activation
# =============================================================================================


IS_POOL = ("Wilayat Ninawa", "Wilayat Homs", "Wilayat Hama", "Wilayat Dimashq", "Al Baghdadi")


def test_daesh_draws_three_face_down_counters_onto_is_spaces() -> None:
    """[25.2] The player of a Daesh card draws 3 counters at random from the IS Force Pool and
    places them on spaces IS holds or empty spaces with the IS symbol, 4 at most a space;
    nobody, he included, sees what they are (25.1); every other player may answer with
    Counter-Insurgency (25.5)."""
    st = position(
        region_game(),
        {"Wilayat Raqqa": "Raqqa", "17 Res Div": "Tabqa"},
        hands={"Iraq": ["Daesh"]},
        edit=setup(IS_POOL),
        frames=events("Iraq"),
    )
    play(st, 'play "Daesh"')
    assert st.top.name == "cancel_window"
    pass_cancels(st)
    t = st.tables
    assert [a.text for a in st.legal_actions("Iraq")] == ['draw "3 counters"', 'bring "Al Baghdadi"']
    play(st, 'draw "3 counters"')
    spaces = [a.text for a in st.legal_actions("Iraq")]
    assert "place Raqqa" in spaces and "place Tabqa" not in spaces  # Tabqa is not empty
    assert "place Palmyra" in spaces and "place Aleppo" not in spaces  # no IS symbol
    play(st, "place Raqqa", "place Raqqa", "place Palmyra")
    assert st.data.control[t.space_by_name["Palmyra"]] == t.IS
    assert "Iraq places an IS counter on Raqqa." in texts(st)
    assert not any("Wilayat" in x for x in texts(st))  # never named
    raqqa = face_down(st, "Iraq", "Raqqa")
    assert raqqa["units"] == [{"name": "IS counter", "face_down": True}] * 3  # the commander's view
    assert face_down(st, "Syria", "Raqqa") == {"side": "IS", "count": 3, "forces": {"IS": 3}, "isolated": 0}
    assert st.view("Syria")["activation"] == [{"seat": "Iraq", "force": "IS"}]
    in_pool = [u for u in t.force_units[t.force_index["is"]] if st.data.units[u].at == t.n_spaces + POOL]
    assert len(in_pool) == 2  # Al Baghdadi and one counter left


def test_al_baghdadi_brought_in_or_restored() -> None:
    """[25.2] If Al Baghdadi is not in play the player may bring him in and draw one other
    counter; if he is reduced, restore him and draw two."""
    st = position(
        region_game(),
        {"Wilayat Raqqa": "Raqqa"},
        hands={"Iraq": ["Daesh"]},
        edit=setup(IS_POOL),
        frames=events("Iraq"),
    )
    play(st, 'play "Daesh"')
    pass_cancels(st)
    play(st, 'bring "Al Baghdadi"', "place Raqqa", "place Raqqa")
    assert where(st, "Al Baghdadi") == "Raqqa"
    assert len([a for a in st.legal_actions("Iraq") if a.verb == "place"]) == 0  # one counter only
    st = position(
        region_game(),
        {"Al Baghdadi": "Raqqa"},
        reduced=("Al Baghdadi",),
        hands={"Iraq": ["Daesh"]},
        edit=setup(IS_POOL[:4]),
        frames=events("Iraq"),
    )
    play(st, 'play "Daesh"')
    pass_cancels(st)
    assert [a.text for a in st.legal_actions("Iraq")] == ['draw "3 counters"', 'restore "Al Baghdadi"']
    play(st, 'restore "Al Baghdadi"', "place Raqqa", "place Raqqa")
    assert not st.data.units[st.tables.unit_by_label["Al Baghdadi"]].reduced


def test_is_ops_two_per_oilfield_or_al_baghdadi_and_one_offensive() -> None:
    """[25.2] 2 OPs per oilfield IS holds, for Al Baghdadi's move (1 OP) and offensives; with
    no oilfield, still Al Baghdadi's move and one offensive."""
    st = position(
        region_game(),
        {"Al Baghdadi": "Raqqa", "Wilayat Raqqa": "Deir ez-Zor", "Wilayat Homs": "Al-Mayadin"},
        hands={"Iraq": ["Daesh"]},
        edit=setup(),
        frames=events("Iraq"),
    )
    play(st, 'play "Daesh"')
    pass_cancels(st)
    assert "IS holds 2 oilfields: 4 OPs." in texts(st)
    assert [a.text for a in st.legal_actions("Iraq")] == ["allocate 0-4", "allocate 1-3"]
    play(st, "allocate 1-3")
    assert st.top.name == "movement" and st.top.left == 1
    assert [a.text for a in st.legal_actions("Iraq")] == ['move "Al Baghdadi"', "done"]
    st = position(
        region_game(),
        {"Al Baghdadi": "Raqqa"},
        hands={"Iraq": ["Daesh"]},
        edit=setup(),
        frames=events("Iraq"),
    )
    play(st, 'play "Daesh"')
    pass_cancels(st)
    assert "IS holds 0 oilfields: 0 OPs." in texts(st)
    assert "IS under Iraq: 1 move of Al Baghdadi, 1 offensive." in texts(st)


def test_the_example_of_25_2_three_oilfields_give_six_ops() -> None:
    """[25.2] The book's example: IS holds 3 oilfields, so its player gets 6 OPs (3 x 2)."""
    st = position(
        region_game(),
        {
            "Al Baghdadi": "Raqqa",
            "Wilayat Raqqa": "Deir ez-Zor",
            "Wilayat Homs": "Al-Mayadin",
            "Wilayat Hama": "Shaddadi",
        },
        hands={"Iraq": ["Daesh"]},
        edit=setup(),
        frames=events("Iraq"),
    )
    play(st, 'play "Daesh"')
    pass_cancels(st)
    assert "IS holds 3 oilfields: 6 OPs." in texts(st)
    assert [a.text for a in st.legal_actions("Iraq")] == ["allocate 0-6", "allocate 1-5"]


def test_is_offensive_with_face_down_counters_and_a_decoy() -> None:
    """[25.1, 18.0] Up to 4 IS counters attack together, chosen face down; a decoy is removed
    when turned over; the counters without movement advance only by winning; then IS goes back
    to its own devices and the player resumes his Events segment (25.6)."""
    st = position(
        region_game(),
        {"Decoy (IS)": "Raqqa", "Wilayat Raqqa": "Raqqa", "Jaysh Dabiq": "Raqqa", "17 Res Div": "Tabqa"},
        hands={"Iraq": ["Daesh"]},
        edit=setup(),
        frames=events("Iraq"),
        dice=[6],
    )
    play(st, 'play "Daesh"')
    pass_cancels(st)
    assert st.top.name == "offensives"
    play(st, "attack_from Raqqa")
    assert [a.text for a in st.legal_actions("Iraq")] == ['add "IS counter"']
    play(st, 'add "IS counter"', 'add "IS counter"', 'add "IS counter"', "attack", "target Tabqa")
    assert "An attacking IS counter from Raqqa is turned over: a decoy, removed." in texts(st)
    assert where(st, "Decoy (IS)") == "removed"
    play(st, "done", "done")  # Syria's Assets, then Iraq's for IS (25.3)
    play(st, 'lose "17 Res Div"', "retreat Salamiyah")  # die 6: DR
    t = st.tables
    assert st.data.control[t.space_by_name["Tabqa"]] == t.IS
    assert where(st, "Wilayat Raqqa") == "Tabqa" and where(st, "Jaysh Dabiq") == "Tabqa"
    assert st.data.force_seat[t.force_index["is"]] == -1
    assert "IS goes back to its own devices; Iraq resumes its Events segment." in texts(st)
    assert st.top.name == "events_segment"


def test_the_commander_of_is_does_not_see_which_counters_he_picks() -> None:
    """[25.1] The player commanding IS picks its counters face down: neither his decision under
    way nor the offensive he launches names them in his view (before, "Decoy (IS)" and "Jaysh
    Dabiq" showed there before the combat was resolved)."""
    import json

    st = position(
        region_game(),
        {"Decoy (IS)": "Raqqa", "Wilayat Raqqa": "Raqqa", "Jaysh Dabiq": "Raqqa", "17 Res Div": "Tabqa"},
        hands={"Iraq": ["Daesh"]},
        edit=setup(),
        frames=events("Iraq"),
        dice=[6],
    )
    play(st, 'play "Daesh"')
    pass_cancels(st)
    play(st, "attack_from Raqqa", 'add "IS counter"', 'add "IS counter"', 'add "IS counter"')
    view = st.view("Iraq")
    assert view["decision"]["chosen"] == ["IS counter"] * 3
    hidden = ("Decoy", "Wilayat Raqqa", "Jaysh Dabiq")
    assert not any(name in json.dumps(view) for name in hidden)
    play(st, "attack", "target Tabqa")  # the decoy is turned over and removed (25.1)
    view = st.view("Iraq")
    assert view["offensive"]["attacking"] == ["IS counter"] * 2
    assert not any(name in json.dumps(view) for name in hidden)


def test_counter_insurgency_cancels_daesh_and_bars_daesh_this_turn() -> None:
    """[25.5] Another player cancels the Daesh card with Counter-Insurgency: it is lost, and no
    Daesh card may be played as an event until the end of the turn (only for OPs)."""
    st = position(
        region_game(),
        {"Wilayat Raqqa": "Raqqa"},
        hands={"Iraq": ["Daesh", "Daesh"], "Israel": ["Counter-Insurgency"]},
        edit=setup(IS_POOL),
        frames=events("Iraq"),
    )
    play(st, 'play "Daesh"', "pass")  # Turkey passes
    play(st, 'cancel "Counter-Insurgency"')
    pass_cancels(st)
    assert "Daesh is cancelled: it has no effect." in texts(st)
    assert st.top.name == "events_segment"
    assert 'play "Daesh"' not in [a.text for a in st.legal_actions("Iraq")]
    daesh = next(c for c in st.data.hands["Iraq"] if st.tables.card_name[c] == "Daesh")
    assert "25.5" in (event_refusal(st, "Iraq", daesh) or "")


def test_no_daesh_card_without_is() -> None:
    """[25.0] Each scenario says whether IS takes part; without it, no Daesh event."""
    st = position(syria_game(), {}, hands={"Syria": ["Daesh"]}, edit=setup(), frames=events("Syria"))
    c = st.tables.card_by_name["Daesh"][0]
    assert "IS takes no part" in (event_refusal(st, "Syria", c) or "")


# =============================================================================================
# 26.2 Kurdish activation
# =============================================================================================


KURDS_HELD = {"PYD": ["Kobane", "Ras al-Ayn", "Qamishli", "Afrin"], "KDP": ["Erbil", "Dahuk", "Zakho"]}


def test_peshmerga_brings_a_unit_onto_its_factions_spaces() -> None:
    """[26.2, 26.8] A unit from the Kurdish Force Pool on a space of its faction the Kurds
    hold, or (KDP, PYD) any empty space of their faction, whoever holds it; then 4 OPs."""
    st = position(
        region_game(),
        {"YPG Kobane": "Kobane", "KDP Unit 80": "Erbil", "11 Arm Div": "Hasakah"},
        hands={"Iraq": ["Peshmerga"]},
        edit=setup(("YPJ", "HPG"), holders=KURDS_HELD),
        frames=events("Iraq"),
    )
    play(st, 'play "Peshmerga"')
    pass_cancels(st)
    assert [a.text for a in st.legal_actions("Iraq")] == ["bring YPJ"]  # HPG: no PKK-held space
    play(st, "bring YPJ")
    spaces = {a.text for a in st.legal_actions("Iraq")}
    assert spaces == {"place Kobane", 'place "Ras al-Ayn"', "place Qamishli", "place Afrin", "place Rmelan"}
    play(st, "place Rmelan")  # [26.8] empty and the regime's: the PYD reappears
    t = st.tables
    assert st.data.control[t.space_by_name["Rmelan"]] == t.PYD
    assert [a.text for a in st.legal_actions("Iraq")][:2] == ["allocate 0-4", "allocate 1-3"]


def test_peshmerga_restores_two_reduced_units() -> None:
    """[26.2] Instead, two reduced Kurdish units on the map are restored."""
    st = position(
        region_game(),
        {"YPG Kobane": "Kobane", "KDP Unit 80": "Erbil"},
        reduced=("YPG Kobane", "KDP Unit 80"),
        hands={"Iraq": ["Peshmerga"]},
        edit=setup(holders=KURDS_HELD),
        frames=events("Iraq"),
    )
    play(st, 'play "Peshmerga"')
    pass_cancels(st)
    play(st, "restore", 'restore "KDP Unit 80"', 'restore "YPG Kobane"')
    t = st.tables
    assert not st.data.units[t.unit_by_label["KDP Unit 80"]].reduced
    assert not st.data.units[t.unit_by_label["YPG Kobane"]].reduced


def test_kurdish_ops_move_and_attack_one_faction_at_a_time() -> None:
    """[26.1, 26.2] The 4 OPs move mobile Kurdish units (2 a movement OP) and launch offensives;
    garrisons never move nor attack; factions never attack together."""
    st = position(
        region_game(),
        {"KDP Unit 80": "Erbil", "KDP Garrison 1": "Dahuk", "66 Mech Bde": "Mosul", "YPG Jazira": "Qamishli"},
        hands={"Iraq": ["Peshmerga"]},
        edit=setup(holders=KURDS_HELD),
        frames=events("Iraq"),
        dice=[6],
    )
    play(st, 'play "Peshmerga"')
    pass_cancels(st)
    play(st, "allocate 1-3")
    moves = [a.text for a in st.legal_actions("Iraq")]
    assert 'move "KDP Unit 80"' in moves and 'move "YPG Jazira"' in moves
    assert not any("Garrison" in m for m in moves)
    play(st, "done")
    assert st.top.name == "offensives"
    assert [a.text for a in st.legal_actions("Iraq")] == ["attack_from Erbil", "done"]  # not Dahuk
    play(st, "attack_from Erbil", 'add "KDP Unit 80"', "attack", "target Mosul", "done", "done")
    assert any("Iraq launches an offensive with KDP from Erbil against Mosul" in x for x in texts(st))


def test_kurdish_rivalry_cancels_a_peshmerga_card_until_next_turn() -> None:
    """[26.5] Another player cancels a Peshmerga card with Kurdish Rivalry; no Peshmerga card
    may be played as an event until the next turn; PKK Rebellion is not affected."""
    st = position(
        region_game(),
        {"YPG Kobane": "Kobane"},
        hands={"Iraq": ["Peshmerga", "Peshmerga"], "Turkey": ["Kurdish Rivalry"]},
        edit=setup(holders=KURDS_HELD),
        frames=events("Iraq"),
    )
    play(st, 'play "Peshmerga"', 'cancel "Kurdish Rivalry"')
    pass_cancels(st)
    assert "No Peshmerga card may be played as an event until the next turn." in texts(st)
    c = next(c for c in st.data.hands["Iraq"] if st.tables.card_name[c] == "Peshmerga")
    assert "26.5" in (event_refusal(st, "Iraq", c) or "")


def test_kurdish_zones_occupied_by_peshmerga_are_closed() -> None:
    """[26.0] "Players are not allowed to move through Kurdish zones occupied by Peshmerga
    units": the Kurdish-held spaces of a faction's zone holding one of its units."""
    st = position(
        region_game(),
        {"YPG Kobane": "Kobane", "YPG Jazira": "Qamishli", "11 Arm Div": "Tell Abyad"},
        edit=setup(holders={"PYD": ["Kobane", "Ras al-Ayn", "Qamishli", "Afrin"]}),
        frames=lambda st: in_segment(st, "Syria", [Movement(seat="Syria", left=2)]),
    )
    t = st.tables
    closed = {t.space_name[s] for s in closed_kurdish_zones(st)}
    assert closed == {"Kobane", "Ras al-Ayn", "Qamishli"}  # Afrin's zone holds no Peshmerga
    play(st, 'move "11 Arm Div"')
    targets = {a.text for a in st.legal_actions("Syria")}
    assert 'to "Ras al-Ayn"' not in targets and "to Raqqa" in targets


def test_kurdish_units_retreat_only_onto_their_factions_spaces() -> None:
    """[26.3] Kurdish units may not retreat outside their faction's spaces; with none, they
    are eliminated."""
    st = position(
        region_game(), {"YPG Kobane": "Kobane", "PYD Garrison 1": "Afrin"}, edit=setup(holders=KURDS_HELD)
    )
    t = st.tables
    u = t.unit_by_label["YPG Kobane"]
    spaces = retreat_spaces(st, u, t.space_by_name["Kobane"], t.PYD, {})
    assert spaces == []  # Kobane's neighbours bear no PYD name
    g = t.unit_by_label["PYD Garrison 1"]
    assert retreat_spaces(st, g, t.space_by_name["Afrin"], t.PYD, {}) == []


def test_garrisons_retreat_onto_their_own_factions_spaces_even_in_scenario_7() -> None:
    """[3.0, 26.1, 26.3] A garrison never moves, but "may only move as the result of combat
    if [it has] been attacked": it retreats after a DR, and only onto a space of its own
    faction (26.3's sentence on garrisons has no exception for scenario 7), or is eliminated.
    The mobile units of the Kurdish player of scenario 7 may retreat onto another faction's
    spaces, or out of the Kurdish lands."""
    from consim.games.fitna.game import FitnaGame
    from tests.games.fitna.conftest import fixture_content

    game = FitnaGame(content=fixture_content(), scenario=5)  # the Kurdish player
    st = position(game, {"PKK Garrison 1": "Qandil", "HPG": "Siirt", "PKK Garrison 2": "Batman"})
    t = st.tables
    kurds = t.seat_index["Kurds"]
    with st.edit() as d:
        control(d, st, "Kurds", ["Soran", "Sulaymaniyah", "Cizre", "Van"])
    garrison = t.unit_by_label["PKK Garrison 1"]
    assert retreat_spaces(st, garrison, t.space_by_name["Qandil"], kurds, {}) == []  # KDP land only
    mobile = t.unit_by_label["HPG"]
    with st.edit() as d:
        d.units[mobile] = replace(d.units[mobile], at=t.space_by_name["Qandil"])
        d.units[garrison] = replace(d.units[garrison], at=t.n_spaces + POOL)
    names = {t.space_name[s] for s in retreat_spaces(st, mobile, t.space_by_name["Qandil"], kurds, {})}
    assert names == {"Soran", "Sulaymaniyah", "Piranshahr"}
    # a garrison next to a space of its faction retreats there
    second = t.unit_by_label["PKK Garrison 2"]
    found = retreat_spaces(st, second, t.space_by_name["Batman"], kurds, {})
    assert {t.space_name[s] for s in found} == {"Diyarbakır", "Siirt"}


def test_losses_of_a_commanded_force_are_named_after_it() -> None:
    """[25.2, 18.5] While Iraq commands IS, an IS counter that loses its step is IS's loss,
    not Iraq's, in the log every player reads."""
    from consim.games.fitna.rules.activation import command
    from consim.games.fitna.rules.common import Losses

    def commanded(st):  # type: ignore[no-untyped-def]
        command(st, ("is",), st.tables.seat_index["Iraq"])
        raqqa = st.tables.space_by_name["Raqqa"]
        unit = st.tables.unit_by_label["Wilayat Raqqa"]
        in_segment(st, "Iraq", [EventsSegment(seat="Iraq")], step="supply")
        st.stack.append(Losses(seat="Iraq", units=[unit], steps=1, space=raqqa, why="test"))

    st = position(region_game(), {"Wilayat Raqqa": "Raqqa"}, edit=setup(), frames=commanded)
    assert "IS loses a step on Raqqa (a unit is eliminated)." in texts(st)
    assert where(st, "Wilayat Raqqa") == "pool"
