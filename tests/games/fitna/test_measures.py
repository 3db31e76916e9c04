"""The other handler cards (provenance/cards.md section 8): restrictions (#38, #65, #71, #72,
#73, #86, #93), Cyber War (#37), mobilisations (#47-49), Oil Revenues (#76), the Siege
Evacuation Deal (#78), targeted strikes (#80, #84, #85), Strategic Airlift (#89) and the UN
Security Council (#90)."""

from __future__ import annotations

from dataclasses import replace

from consim.games.fitna.rules.cards import batch_refusal
from consim.games.fitna.rules.combat import Offensives, targets_for
from consim.games.fitna.rules.common import ELIMINATED
from consim.games.fitna.rules.deck import event_refusal
from consim.games.fitna.rules.events import EventsSegment
from consim.games.fitna.rules.planning import Planning
from consim.games.fitna.rules.turn import end_of_phase
from consim.games.fitna.state import FitnaState
from consim.games.fitna.testing import in_segment, offensives
from tests.games.fitna.conftest import play, position, region_game, texts, where


def turn2(d, st) -> None:  # type: ignore[no-untyped-def]
    d.jokers = dict.fromkeys(st.tables.seats, 0)
    d.turn = 2


def events(seat: str):  # type: ignore[no-untyped-def]
    return lambda st: in_segment(st, seat, [EventsSegment(seat=seat)], step="supply")


def options(st: FitnaState, seat: str | None = None) -> list[str]:
    return [a.text for a in st.legal_actions(seat or st.to_act()[0]) if a.text != "joker"]


def pass_all(st: FitnaState) -> None:
    while st.stack and st.top.name == "cancel_window":
        play(st, "pass")


def card(st: FitnaState, name: str) -> int:
    return st.tables.card_by_name[name][0]


# =============================================================================================
# restriction
# =============================================================================================


def test_hostage_crisis_no_events_until_the_end_of_the_opponents_next_phase() -> None:
    """[cards.md 8 restriction no_events, end_of_next_phase] The opponent named plays no Event
    card (Reinforcements excepted) until the end of his next phase."""
    st = position(
        region_game(),
        {},
        hands={"Iraq": ["Hostage Crisis"], "Turkey": ["Ballistic Missiles"]},
        edit=turn2,
        frames=events("Iraq"),
    )
    play(st, 'play "Hostage Crisis"', "name Turkey")
    pass_all(st)
    assert (
        "#71 Hostage Crisis: Turkey may play no Event card but Reinforcements until the end of "
        "Turkey's next phase." in texts(st)
    )
    assert "restriction forbids" in (event_refusal(st, "Turkey", card(st, "Ballistic Missiles")) or "")
    assert event_refusal(st, "Turkey", card(st, "Reinforcements")) is None
    end_of_phase(st, "Israel")
    assert event_refusal(st, "Turkey", card(st, "Ballistic Missiles")) is not None
    end_of_phase(st, "Turkey")
    assert event_refusal(st, "Turkey", card(st, "Ballistic Missiles")) is None


def test_ceasefire_no_offensives_or_strikes_between_the_two() -> None:
    """[cards.md 8 no_offensives_between] Neither may attack or strike the other this turn;
    tension -1."""
    st = position(
        region_game(),
        {"1 Mech Div": "Mosul", "66 Mech Bde": "Tal Afar"},
        hands={"Iraq": ["Ceasefire"]},
        edit=turn2,
        frames=events("Iraq"),
    )
    start = st.data.tension
    assert targets_for(st, "Iraq", st.tables.space_by_name["Mosul"], [st.tables.unit_by_label["1 Mech Div"]])
    play(st, 'play "Ceasefire"', "name Turkey")
    pass_all(st)
    assert st.data.tension == start - 1
    assert not targets_for(
        st, "Iraq", st.tables.space_by_name["Mosul"], [st.tables.unit_by_label["1 Mech Div"]]
    )


def test_naval_blockade_no_batch_until_the_end_of_next_turn() -> None:
    """[cards.md 8 no_batch] The opponent may take no batch (replacements allowed) until the end
    of the next turn; tension +1."""
    st = position(region_game(), {}, hands={"Iraq": ["Naval Blockade"]}, edit=turn2, frames=events("Iraq"))
    play(st, 'play "Naval Blockade"', "name Turkey")
    pass_all(st)
    with st.edit() as d:
        d.batches["Turkey"] = [[st.tables.unit_by_label["1 Arm Bde"]]]
    assert batch_refusal(st, "Turkey", False) == "a restriction forbids you a batch this turn"
    assert batch_refusal(st, "Turkey", True) is None  # the free batches of 22.1 are not barred
    effect = next(e for e in st.data.effects if e.kind == "no_batch")
    assert effect.until_turn == 3


def test_international_sanctions_one_card_for_ops() -> None:
    """[cards.md 8 one_ops_card] In his next Planning the opponent spends one card for OPs."""
    st = position(
        region_game(),
        {},
        hands={"Iraq": ["International Sanctions"], "Turkey": ["Peace Talks", "Border Incident"]},
        edit=turn2,
        frames=events("Iraq"),
    )
    play(st, 'play "International Sanctions"', "name Turkey")
    pass_all(st)
    with st.edit():
        st.stack.append(Planning(seat="Turkey"))
    assert st.to_act() == ("Turkey",)
    play(st, 'ops "Peace Talks"')
    assert st.top.stage == "split"  # type: ignore[attr-defined]


def test_iron_dome_cancels_a_missile_and_shields_israel_for_the_turn() -> None:
    """[#38, cards.md 8 no_tag_against] Iron Dome cancels a missile card played against
    Israel's units; no missile card may be played against them for the rest of the turn."""
    st = position(
        region_game(),
        {"36 Arm Div": "Golan Heights", "Golani Bde": "Haifa", "4 Arm Div": "Quneitra"},
        hands={"Syria": ["Ballistic Missiles", "Rocket Barrage"], "Israel": ["Iron Dome"]},
        edit=turn2,
        frames=events("Syria"),
    )
    play(st, 'play "Ballistic Missiles"', 'strike "Golan Heights"', "strike Haifa")
    play(st, 'cancel "Iron Dome"')
    pass_all(st)  # Syria could answer Iron Dome with Deception
    assert "Ballistic Missiles is cancelled: it has no effect." in texts(st)
    assert (
        "#38 Iron Dome: no missile card may be played against Israel's units until the end of the turn."
        in texts(st)
    )
    play(st, 'play "Rocket Barrage"')  # within reach of Quneitra, but Israel is shielded
    assert not any(o.startswith("strike") for o in options(st, "Syria"))


# =============================================================================================
# cyber_war
# =============================================================================================


def test_cyber_war_before_the_first_offensive() -> None:
    """[#37, cards.md 8 cyber_war] At the start of his Offensives segment the player names an
    opponent, who loses a card at random and rolls (5-6: the player loses one too); this phase
    the player's offensives against him gain 2 columns and he may commit no Asset."""
    st = position(
        region_game(),
        {"1 Mech Div": "Mosul", "66 Mech Bde": "Tal Afar"},
        hands={"Iraq": ["Cyber War", "Peace Talks"], "Turkey": ["Close Air Support", "Border Incident"]},
        edit=turn2,
        frames=lambda st: in_segment(st, "Iraq", [Offensives(seat="Iraq", left=1)]),
        dice=[6, 1],
    )
    assert options(st) == ["attack_from Mosul", 'play "Cyber War"', "done"]
    play(st, 'play "Cyber War"', "name Turkey", "pass")
    lines = texts(st)
    assert "Turkey loses a card." in lines and "Turkey rolls 6: the hackers strike back." in lines
    assert "Iraq loses a card." in lines
    play(st, "attack_from Mosul", 'add "1 Mech Div"', "attack", 'target "Tal Afar"')
    assert options(st, "Turkey") == ["done"]  # blinded: no Asset
    play(st, "done", "done")
    assert any("Cyber War +2" in x for x in texts(st))


# =============================================================================================
# mobilise, oil revenue, extra batch
# =============================================================================================


def test_popular_mobilisation_from_the_pool_or_a_batch() -> None:
    """[#47, cards.md 8 mobilise] Up to 2 Shia militias from the player's own Force Pool (the
    replacements section or a batch to come, struck off it), placed as reinforcements."""

    def edit(d, st) -> None:  # type: ignore[no-untyped-def]
        turn2(d, st)
        t = st.tables
        u = t.unit_by_label["Badr Org"]
        d.units[u] = replace(d.units[u], at=t.n_spaces + ELIMINATED)
        nujaba = t.unit_by_label["Nujaba"]
        d.units[nujaba] = replace(d.units[nujaba], at=t.n_spaces)
        d.batches["Iraq"] = [[nujaba, t.unit_by_label["2 Inf Div"]]]

    st = position(
        region_game(),
        {"1 Mech Div": "Baghdad"},
        hands={"Iraq": ["Popular Mobilisation"]},
        edit=edit,
        frames=events("Iraq"),
    )
    play(st, 'play "Popular Mobilisation"')
    assert options(st) == ['mobilise "Badr Org"', "mobilise Nujaba", "done"]
    play(st, "mobilise Nujaba", "place Baghdad", 'mobilise "Badr Org"', "place Baghdad")
    assert where(st, "Nujaba") == "Baghdad" and where(st, "Badr Org") == "Baghdad"
    assert st.data.batches["Iraq"] == [[st.tables.unit_by_label["2 Inf Div"]]]


def test_oil_revenues_one_op_per_oilfield_at_most_four() -> None:
    """[#76] 1 OP per oilfield the player holds, at most 4, for this phase's Planning."""
    st = position(
        region_game(),
        {"1 Mech Div": "Baghdad"},
        hands={"Iraq": ["Oil Revenues"]},
        edit=turn2,
        frames=events("Iraq"),
    )
    play(st, 'play "Oil Revenues"')
    assert st.data.bonus_ops == 4  # Iraq holds Kirkuk, Mosul, Qayyarah, Baiji, Amara, Basra
    assert any(x.startswith("Oil Revenues: Iraq holds 6 oilfields and gains 4 OPs") for x in texts(st))


def test_strategic_airlift_a_second_batch_or_replacements() -> None:
    """[#89 extra_batch] The next batch at once even after one this turn; barred or none left:
    replacements instead."""

    def edit(d, st) -> None:  # type: ignore[no-untyped-def]
        turn2(d, st)
        d.tension = 5
        t = st.tables
        u = t.unit_by_label["2 Inf Div"]
        d.units[u] = replace(d.units[u], at=t.n_spaces)
        d.batches["Iraq"] = [[u]]
        d.batch_turn["Iraq"] = 2

    st = position(
        region_game(),
        {"1 Mech Div": "Baghdad"},
        hands={"Iraq": ["Strategic Airlift"]},
        edit=edit,
        frames=events("Iraq"),
    )
    play(st, 'play "Strategic Airlift"', "place Baghdad")
    assert where(st, "2 Inf Div") == "Baghdad" and not st.data.batches["Iraq"]


# =============================================================================================
# evacuation_deal, targeted_strike
# =============================================================================================


def test_siege_evacuation_deal() -> None:
    """[#78] The besieged (all Isolated) units of a space next to the player's units leave for
    their Force Pool; the player takes the space."""

    def edit(d, st) -> None:  # type: ignore[no-untyped-def]
        turn2(d, st)
        t = st.tables
        u = t.unit_by_label["66 Mech Bde"]
        d.units[u] = replace(d.units[u], isolated=True)

    st = position(
        region_game(),
        {"1 Mech Div": "Mosul", "66 Mech Bde": "Tal Afar"},
        hands={"Iraq": ["Siege Evacuation Deal"]},
        edit=edit,
        frames=events("Iraq"),
    )
    play(st, 'play "Siege Evacuation Deal"')
    pass_all(st)
    play(st, 'evacuate "Tal Afar"')
    t = st.tables
    assert where(st, "66 Mech Bde") == "eliminated"
    assert st.data.control[t.space_by_name["Tal Afar"]] == t.seat_index["Iraq"]


def test_shadow_war_strikes_only_irans_forces() -> None:
    """[#80 targeted_strike] Israel strikes spaces in Syria, Lebanon or Iraq holding Iranian,
    Hezbollah or Shia militia units, and only those lose steps."""
    st = position(
        region_game(),
        {
            "36 Arm Div": "Golan Heights",
            "1 Al Qods Bde": "Damascus",
            "Hezb Radwan": "South Litani",
            "4 Arm Div": "Homs",
            "16 Arm Div": "Kermanshah",
        },
        hands={"Israel": ["Shadow War"]},
        edit=turn2,
        frames=events("Israel"),
    )
    play(st, 'play "Shadow War"')
    assert options(st) == ["strike Damascus", 'strike "South Litani"']  # not Homs nor Iran
    play(st, "strike Damascus", 'strike "South Litani"')
    pass_all(st)
    while st.top.name == "losses":
        play(st, options(st)[0])
    t = st.tables
    assert st.data.units[t.unit_by_label["1 Al Qods Bde"]].reduced


def test_coalition_air_campaign_hits_is_counters_at_random() -> None:
    """[#85] The US (21.0) strike three IS spaces; a counter drawn at random loses its step."""
    st = position(
        region_game(),
        {"Wilayat Raqqa": "Raqqa", "1 Mech Div": "Mosul"},
        hands={"Iraq": ["Coalition Air Campaign"]},
        edit=lambda d, st: (turn2(d, st), setattr(d, "tension", 5)),
        frames=events("Iraq"),
    )
    play(st, 'play "Coalition Air Campaign"', "strike Raqqa")
    pass_all(st)
    assert where(st, "Wilayat Raqqa") == "pool"


# =============================================================================================
# security_council
# =============================================================================================


def council(tension: int, dice: list[int], russians: bool):  # type: ignore[no-untyped-def]
    units = {"56 Para Bde": "Latakia"} if russians else {}
    return position(
        region_game(),
        units,
        hands={"Iraq": ["UN Security Council"], "Syria": ["Peace Talks"]},
        edit=lambda d, st: (turn2(d, st), setattr(d, "tension", tension), setattr(d, "turn", 3)),
        frames=events("Iraq"),
        dice=dice,
    )


def test_security_council_veto() -> None:
    """[#90] A player holding Russian (or US) forces may veto by discarding a card: tension
    -1, the game goes on."""
    st = council(8, [], True)
    play(st, 'play "UN Security Council"')
    assert options(st, "Syria") == ["pass", 'veto "Peace Talks"']
    play(st, 'veto "Peace Talks"')
    assert st.data.tension == 7 and not st.data.ended and 89 in st.data.removed


def test_security_council_ends_the_game() -> None:
    """[#90] Without a veto, a die at most tension - 4 imposes a cease-fire: the game ends at
    once and victory is judged (31.0); otherwise tension -1."""
    st = council(8, [4], False)
    play(st, 'play "UN Security Council"')
    assert st.is_over() and st.data.ended.startswith("UN Security Council cease-fire")
    assert st.outcome().ending.startswith("UN Security Council")  # type: ignore[union-attr]
    st = council(8, [5], False)
    play(st, 'play "UN Security Council"')
    assert not st.is_over() and st.data.tension == 7


# =============================================================================================
# the restrictions and the strike not tested above: #72, #86, #84
# =============================================================================================


def test_refugee_crisis_a_lost_card_and_no_batch_this_turn() -> None:
    """[#72, cards.md 8 no_batch end_of_turn] The opponent named loses a card at random and may
    take no batch until the end of this turn."""
    st = position(
        region_game(),
        {},
        hands={"Iraq": ["Refugee Crisis"], "Turkey": ["Peace Talks", "Border Incident"]},
        edit=turn2,
        frames=events("Iraq"),
    )
    play(st, 'play "Refugee Crisis"', "name Turkey")
    pass_all(st)
    assert len(st.data.hands["Turkey"]) == 1
    with st.edit() as d:
        d.batches["Turkey"] = [[st.tables.unit_by_label["1 Arm Bde"]]]
    assert batch_refusal(st, "Turkey", False) == "a restriction forbids you a batch this turn"
    effect = next(e for e in st.data.effects if e.kind == "no_batch")
    assert effect.until_turn == 2  # this turn only (Naval Blockade: the next one too)


def test_s300_cancels_an_air_card_and_closes_the_sky_for_the_turn() -> None:
    """[#86, cards.md 8 no_tag_against air] Syria cancels Israel's Close Air Support; no air
    card may then be committed against Syria's units until the turn ends."""
    st = position(
        region_game(),
        {
            "36 Arm Div": "Golan Heights",
            "4 Arm Div": "Quneitra",
            "162 Arm Div": "Upper Galilee",
            "11 Arm Div": "South Litani",
        },
        hands={
            "Israel": ["Close Air Support", "Close Air Support"],
            "Syria": ["S-300/S-400 Air Defence"],
        },
        edit=turn2,
        frames=lambda st: offensives(st, "Israel", 2),
        dice=[6, 6],
    )
    play(st, 'attack_from "Golan Heights"', 'add "36 Arm Div"', "attack", "target Quneitra")
    play(st, "done", 'commit "Close Air Support"', "done")
    assert 'cancel "Close Air Support" with "S-300/S-400 Air Defence"' in options(st, "Syria")
    play(st, 'cancel "Close Air Support" with "S-300/S-400 Air Defence"')
    while st.top.name != "offensives":
        choices = options(st)
        play(st, "done" if "done" in choices else choices[0])
    assert any(e.kind == "no_tag_against" and e.tag == "air" for e in st.data.effects)
    play(st, 'attack_from "Upper Galilee"', 'add "162 Arm Div"', "attack", 'target "South Litani"', "done")
    assert st.to_act() == ("Israel",)
    assert 'commit "Close Air Support"' not in options(st, "Israel")


def test_red_line_strikes_hit_syrian_units_but_never_beside_the_russians() -> None:
    """[#84 targeted_strike, 21.0] Once Chemical Weapons has been played, the US strike two
    spaces holding Syrian units; a space with Russian units cannot be struck by the US."""
    st = position(
        region_game(),
        {"4 Arm Div": "Homs", "11 Arm Div": "Latakia", "56 Para Bde": "Latakia", "18 Arm Div": "Aleppo"},
        hands={"Iraq": ["Red Line Strikes"]},
        edit=lambda d, st: (
            turn2(d, st),
            setattr(d, "tension", 5),
            d.played.append(card(st, "Chemical Weapons")),
        ),
        frames=events("Iraq"),
    )
    play(st, 'play "Red Line Strikes"')
    assert options(st) == ["strike Aleppo", "strike Homs"]
    play(st, "strike Aleppo", "strike Homs")
    pass_all(st)
    while st.top.name == "losses":
        play(st, options(st)[0])
    t = st.tables
    assert st.data.units[t.unit_by_label["4 Arm Div"]].reduced
    assert st.data.units[t.unit_by_label["18 Arm Div"]].reduced
