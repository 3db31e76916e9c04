"""Playing cards (8.0-10.0, 12.1, 13.0, 15.0, 19.0, 29.0; provenance/cards.md section 5):
opening hands, events and their limits, the High Tension cards, reshuffles, Jokers at any
time, Special Jokers, the card exchange, cancellation, every structured effect, reinforcements
and replacements, and the handlers not yet implemented."""

from __future__ import annotations

from dataclasses import replace

import pytest

from consim.core.errors import IllegalAction
from consim.games.fitna.game import FitnaGame
from consim.games.fitna.rules.deck import event_refusal
from consim.games.fitna.rules.events import EventsSegment
from consim.games.fitna.rules.turn import reshuffle
from consim.games.fitna.testing import control, in_segment
from tests.games.fitna.conftest import play, position, region_game, syria_game, texts, where


def no_jokers(d, st) -> None:  # type: ignore[no-untyped-def]
    d.jokers = dict.fromkeys(st.tables.seats, 0)


def events(seat: str):  # type: ignore[no-untyped-def]
    return lambda st: in_segment(st, seat, [EventsSegment(seat=seat)], step="supply")


def card(st, number: int) -> int:  # type: ignore[no-untyped-def]
    return number - 1


def options(st, seat: str | None = None) -> list[str]:  # type: ignore[no-untyped-def]
    return [a.text for a in st.legal_actions(seat or st.to_act()[0])]


# =============================================================================================
# 7.0 opening hands, 8.2 piles, reshuffles, 8.3 High Tension
# =============================================================================================


def test_opening_hands_chosen_in_the_order_of_play() -> None:
    """[6.0, 7.0] In the order of play each player says how many Assets and Events he takes;
    they are drawn at random from each pile."""
    st = syria_game().new_game(4)
    assert st.to_act() == ("Syria",)
    assert options(st)[0] == 'take "4 Assets, 0 Events"'
    play(st, 'take "1 Asset, 3 Events"')
    t = st.tables
    hand = st.data.hands["Syria"]
    assert sum(t.card_asset[c] for c in hand) == 1 and len(hand) == 4
    assert st.to_act() == ("Rebels",)
    assert "Syria takes 1 Asset and 3 Event cards." in texts(st)


def test_high_tension_cards_wait_for_tension_5_and_stay() -> None:
    """[8.3] The 15 High Tension cards join their piles, shuffled, when tension reaches 5 and
    stay if it falls again."""
    st = region_game().new_game(2)
    t = st.tables
    assert sorted(st.data.aside) == sorted(t.high_tension)
    assert not set(t.high_tension) & set(st.data.asset_pile + st.data.event_pile)
    st = position(
        region_game(),
        {},
        hands={"Iraq": ["Border Incident", "Peace Talks"]},
        edit=lambda d, st: (no_jokers(d, st), setattr(d, "tension", 4)),
        frames=events("Iraq"),
    )
    play(st, 'play "Border Incident"', "draw Event")
    assert st.data.tension == 5
    assert any("High Tension cards join their piles" in x for x in texts(st))
    assert not st.data.aside and 5 in st.data.levels_done
    assert set(t.high_tension) <= set(st.data.asset_pile + st.data.event_pile + st.data.hands["Iraq"])
    with st.edit() as d:
        d.turn = 2
    play(st, 'play "Peace Talks"')
    assert st.data.tension == 3 and not st.data.aside  # they stay


def test_reshuffle_on_turns_3_6_9_12() -> None:
    """[8.2] Discards go back into their piles, shuffled."""
    st = region_game().new_game(3)
    with st.edit() as d:
        d.asset_discard.append(d.asset_pile.pop())
        d.event_discard.append(d.event_pile.pop())
    n = len(st.data.asset_pile) + len(st.data.event_pile)
    reshuffle(st)
    assert not st.data.asset_discard and not st.data.event_discard
    assert len(st.data.asset_pile) + len(st.data.event_pile) == n + 2
    from consim.games.fitna.rules import RESHUFFLE_TURNS

    assert RESHUFFLE_TURNS == (3, 6, 9, 12)


def test_a_full_game_reshuffles_at_the_start_of_turn_3() -> None:
    import random

    st = syria_game().new_game(5)
    rng = random.Random(5)
    while st.data.turn < 3 and not st.is_over():
        seat = st.to_act()[0]
        acts = st.legal_actions(seat)
        st.apply(seat, acts[rng.randrange(len(acts))])
    lines = texts(st)
    i = lines.index("Turn 3 of 3 begins.")
    assert lines[i + 1].startswith("The discards are shuffled back")


# =============================================================================================
# 8.2, 13.0 limits on events
# =============================================================================================


def test_event_limits_turn_earlier_card_scenario_player() -> None:
    """[8.1, 8.2, 13.0] A card's turn, the card it requires, its scenarios and who may use it;
    every card can still be spent for OPs."""
    st = position(
        region_game(), {}, hands={"Iraq": ["Peace Talks", "Kalibr Cruise Missiles"]}, edit=no_jokers
    )
    assert event_refusal(st, "Iraq", card(st, 66)) == "it cannot be played before turn 2 (8.2, 13.0)"
    assert "only a player who controls" in (event_refusal(st, "Iraq", card(st, 83)) or "")
    assert event_refusal(st, "Syria", card(st, 83)) is None
    assert event_refusal(st, "Iraq", card(st, 84)) == "it may be played only after #19 Chemical Weapons (8.2)"
    with st.edit() as d:
        d.played.append(18)
    assert "no space holds units it may strike" in (event_refusal(st, "Iraq", card(st, 84)) or "")
    st5 = FitnaGame(scenario=5).new_game(1)
    with st5.edit() as d:
        d.turn = 2
    assert (
        event_refusal(st5, "Iraq", card(st5, 41))
        == "its event belongs to scenarios 1, 2, 3, 4, 6, 7 only (8.2)"
    )


def test_an_asset_is_not_an_event_but_engineers_and_drones_have_an_event_use() -> None:
    """[8.1, 19.0, 30.0]"""
    st = position(
        region_game(), {}, hands={"Iraq": ["Close Air Support", "Combat Engineers", "Armed Drones"]}
    )
    assert "committed in an offensive" in (event_refusal(st, "Iraq", card(st, 1)) or "")
    assert event_refusal(st, "Iraq", card(st, 10)) is None
    assert event_refusal(st, "Iraq", card(st, 91)) is None


def test_a_game_whose_rules_lack_a_handler_is_refused_as_it_is_made() -> None:
    """Handler effects run in frames named handler_<name>: a game without one of them fails as
    it is made (naming the handler), never later in play with a card that cannot be played."""
    from typing import Any, ClassVar

    from consim.core.flow import Frame

    class Without(FitnaGame):
        frames: ClassVar[tuple[type[Frame[Any]], ...]] = tuple(
            f for f in FitnaGame.frames if f.name != "handler_mobilise"
        )

    with pytest.raises(TypeError, match="mobilise"):
        Without(content=region_game().tables.content, scenario=2)


def test_removed_after_its_event() -> None:
    """[8.2] Great-Power Summit leaves the game once played; tension -3."""
    st = position(
        region_game(),
        {},
        hands={"Iraq": ["Great-Power Summit"]},
        edit=lambda d, st: (no_jokers(d, st), setattr(d, "tension", 6)),
        frames=events("Iraq"),
    )
    play(st, 'play "Great-Power Summit"')
    assert st.data.tension == 3
    assert 87 in st.data.removed and 87 in st.data.played


# =============================================================================================
# 9.0 Jokers, 10.0 Special Jokers
# =============================================================================================


def test_joker_at_any_of_ones_own_decisions_and_in_others_phases() -> None:
    """[9.0] A Joker draws 2 cards, at any time, even in an opponent's phase (before the
    Assets of an offensive against it, at the end of another's phase)."""
    st = position(region_game(), {"1 Mech Div": "Mosul", "66 Mech Bde": "Tal Afar"}, frames=events("Iraq"))
    assert "joker" in options(st, "Iraq")
    play(st, "joker", "draw Asset", "draw Event")
    assert st.data.jokers["Iraq"] == 0 and len(st.data.hands["Iraq"]) == 2
    from consim.games.fitna.testing import offensives

    st = position(
        region_game(),
        {"1 Mech Div": "Mosul", "66 Mech Bde": "Tal Afar"},
        frames=lambda st: offensives(st, "Iraq", 1),
        edit=lambda d, st: d.jokers.update({s: 0 for s in st.tables.seats if s not in ("Iraq", "Turkey")}),
        dice=[3],
    )
    play(st, "attack_from Mosul", 'add "1 Mech Div"', "attack", 'target "Tal Afar"')
    assert st.to_act() == ("Turkey",) and options(st) == ["pass", "joker"]  # before the Assets
    play(st, "joker", "draw Asset", "draw Asset")
    assert len(st.data.hands["Turkey"]) == 2 and st.to_act() == ("Turkey",)


def test_special_joker_strikes_cannot_be_cancelled_and_leaves_the_game() -> None:
    """[10.0] Iran's Special Joker: 4 spaces lose a step each (its holder's Events segment);
    tension +2; gone once played."""
    st = position(
        region_game(),
        {
            "36 Arm Div": "Haifa",
            "Golani Bde": "Golan Heights",
            "4 Cps": "Kilis",
            "66 Mech Bde": "Hatay",
            "16 Arm Div": "Urmia",
        },
        hands={"Israel": ["Electronic Warfare"]},
        edit=no_jokers,
        frames=events("Iran"),
    )
    assert 'special "Hezbollah Rocket Arsenal"' not in options(st)  # no Hezbollah unit on the map
    play(st, 'special "Iranian Missile Arsenal"')
    assert {a.args[0] for a in st.legal_actions("Iran")} >= {"Haifa", "Golan Heights", "Kilis", "Hatay"}
    play(st, "strike Haifa", 'strike "Golan Heights"', "strike Kilis", "strike Hatay")
    assert st.to_act() == ("Israel",)
    play(st, 'lose "36 Arm Div"', 'lose "Golani Bde"', 'lose "4 Cps"', 'lose "66 Mech Bde"')
    assert st.data.tension == 5  # +2 for the Joker, +1: Iranian strikes first hit Turkish units (22.0)
    assert "iran_turkey" in st.data.firsts
    assert st.data.special["Iran"] == [st.tables.joker_by_name["Hezbollah Rocket Arsenal"]]


# =============================================================================================
# 29.0 the card exchange
# =============================================================================================


def test_one_exchange_both_agree_public_that_it_happened_secret_which_cards() -> None:
    """[12.1, 29.0]"""
    st = position(
        region_game(),
        {},
        hands={"Iraq": ["Peace Talks"], "Turkey": ["Arms Deliveries"]},
        edit=no_jokers,
        frames=events("Iraq"),
    )
    play(st, "exchange Turkey", 'give "Peace Talks"')
    assert st.to_act() == ("Turkey",) and options(st) == ["accept", "refuse"]
    play(st, "accept", 'give "Arms Deliveries"')
    t = st.tables
    assert [t.card_name[c] for c in st.data.hands["Iraq"]] == ["Arms Deliveries"]
    assert [t.card_name[c] for c in st.data.hands["Turkey"]] == ["Peace Talks"]
    public = [e.text for e in st.log if e.audience is None]
    assert "Iraq and Turkey exchange a card." in public
    assert not any("Peace Talks" in x for x in public)
    assert not any(x.startswith("exchange") for x in options(st, "Iraq"))  # one per segment
    seen = [e.text for e in st.visible_log("Syria")]
    assert not any("Arms Deliveries" in x for x in seen)


def test_a_refused_exchange() -> None:
    st = position(
        region_game(),
        {},
        hands={"Iraq": ["Peace Talks"], "Turkey": ["Arms Deliveries"]},
        edit=no_jokers,
        frames=events("Iraq"),
    )
    play(st, "exchange Turkey", 'give "Peace Talks"', "refuse")
    assert "Turkey refuses the exchange." in texts(st)
    assert [st.tables.card_name[c] for c in st.data.hands["Iraq"]] == ["Peace Talks"]


# =============================================================================================
# Cancellation [5.3], strikes, lose_cards, draw, reveal, entrench [5.4]
# =============================================================================================


def test_a_struck_player_may_cancel_the_event() -> None:
    """[5.3 of provenance/cards.md] Electronic Warfare cancels a missile card played against
    the player's units; the card has no effect and is discarded."""
    st = position(
        region_game(),
        {"36 Arm Div": "Haifa", "16 Arm Div": "Urmia"},
        hands={"Iran": ["Ballistic Missiles"], "Israel": ["Electronic Warfare"]},
        edit=no_jokers,
        frames=events("Iran"),
    )
    play(st, 'play "Ballistic Missiles"', "strike Haifa")
    assert st.to_act() == ("Israel",)
    assert options(st) == ["pass", 'cancel "Electronic Warfare"']
    play(st, 'cancel "Electronic Warfare"')
    assert st.to_act() == ("Iran",) and options(st) == ["pass"]  # the chain: Iran could answer
    play(st, "pass")
    assert "Ballistic Missiles is cancelled: it has no effect." in texts(st)
    assert not st.data.units[st.tables.unit_by_label["36 Arm Div"]].reduced
    assert 41 in st.data.event_discard and 41 not in st.data.played


def test_the_struck_player_is_asked_even_without_a_cancel_card() -> None:
    """His hand stays secret: he is asked all the same."""
    st = position(
        region_game(),
        {"36 Arm Div": "Haifa", "16 Arm Div": "Urmia"},
        hands={"Iran": ["Ballistic Missiles"]},
        edit=no_jokers,
        frames=events("Iran"),
    )
    play(st, 'play "Ballistic Missiles"', "strike Haifa")
    assert st.to_act() == ("Israel",) and options(st) == ["pass"]
    play(st, "pass", 'lose "36 Arm Div"')
    assert st.data.units[st.tables.unit_by_label["36 Arm Div"]].reduced


def test_terror_attack_and_spy_ring() -> None:
    """lose_cards: at random (Terror Attack, tension +1), or chosen and taken (Spy Ring)."""
    st = position(
        region_game(),
        {},
        hands={"Iraq": ["Terror Attack", "Spy Ring"], "Turkey": ["Peace Talks", "Arms Deliveries"]},
        edit=no_jokers,
        frames=events("Iraq"),
    )
    play(st, 'play "Terror Attack"', "name Turkey", "pass")  # Turkey may cancel (terror): it passes
    assert len(st.data.hands["Turkey"]) == 1 and st.data.tension == 3
    play(st, 'play "Spy Ring"', "name Turkey")
    left = st.tables.card_name[st.data.hands["Turkey"][0]]
    assert options(st) == [f'take "{left}"' if " " in left else f"take {left}"]
    play(st, options(st)[0])
    assert not st.data.hands["Turkey"] and len(st.data.hands["Iraq"]) == 1


def test_armed_drones_reveal_then_strike_a_revealed_stack() -> None:
    """[30.0] Reveal up to 2 enemy stacks (only to the player), then strike one of them."""
    st = position(
        region_game(),
        {"1 Mech Div": "Mosul", "4 Cps": "Kilis", "66 Mech Bde": "Hatay", "36 Arm Div": "Haifa"},
        hands={"Iraq": ["Armed Drones"]},
        edit=no_jokers,
        frames=events("Iraq"),
    )
    play(st, 'play "Armed Drones"', "reveal Kilis", "reveal Hatay")
    assert st.to_act() == ("Turkey",)  # the owner of the stacks may cancel
    play(st, "pass")
    assert sorted(a.args[0] for a in st.legal_actions("Iraq")) == ["Hatay", "Kilis"]
    play(st, "strike Kilis", 'lose "4 Cps"')
    t = st.tables
    iraq = 1 << t.seat_index["Iraq"]
    assert st.data.known[t.space_by_name["Hatay"]] & iraq
    assert st.view("Iraq")["spaces"][t.space_by_name["Hatay"]]["stack"]["units"][0]["name"] == "66 Mech Bde"
    assert "units" not in st.view("Israel")["spaces"][t.space_by_name["Hatay"]]["stack"]


def test_combat_engineers_in_the_events_segment_entrench_two_spaces() -> None:
    """[19.0] Two entrenchments on supplied spaces the player controls."""
    st = position(
        region_game(),
        {"1 Mech Div": "Mosul"},
        hands={"Iraq": ["Combat Engineers"]},
        edit=no_jokers,
        frames=events("Iraq"),
    )
    play(st, 'play "Combat Engineers"', "entrench Mosul")
    assert "entrench Mosul" not in options(st)
    play(st, "entrench Baghdad")
    t = st.tables
    assert st.data.entrenched[t.space_by_name["Mosul"]] and st.data.entrenched[t.space_by_name["Baghdad"]]


def test_combat_engineers_supplied_spaces_are_judged_for_every_force_of_the_player() -> None:
    """[19.0, 14.4] A "supplied" space is one from which a unit of any of the player's forces
    would be in supply, not only the force of his first unit: Turkey holds Mafraq and H5 in
    Jordan, which his Free Syrian Army draws on (14.4) though his army cannot; a Turkish space
    with no line for any of his forces is not offered."""

    def setup(d, st):  # type: ignore[no-untyped-def]
        no_jokers(d, st)
        control(d, st, "Turkey", ["Mafraq", "H5", "Daraa", "Palmyra"])

    st = position(
        region_game(),
        {"66 Mech Bde": "Hatay", "Hamza Div": "Daraa"},
        hands={"Turkey": ["Combat Engineers"]},
        edit=setup,
        frames=events("Turkey"),
    )
    play(st, 'play "Combat Engineers"')
    offered = {a.args[0] for a in st.legal_actions("Turkey")}
    assert {"Mafraq", "H5", "Daraa", "Hatay", "Incirlik"} <= offered
    assert "Palmyra" not in offered  # cut off from every source of his forces


# =============================================================================================
# 15.0 reinforcements and replacements
# =============================================================================================


def test_reinforcements_batch_once_a_turn_then_replacements() -> None:
    """[15.0] Draw a card, then the next batch (one a turn) or replacements; units arrive on
    controlled, supplied spaces of their country within stacking."""

    def setup(d, st):  # type: ignore[no-untyped-def]
        no_jokers(d, st)
        u = st.tables.unit_by_label["61 Inf Bde"]
        d.units[u] = replace(d.units[u], at=st.tables.n_spaces + 1)  # destroyed

    st = position(
        syria_game(),
        {"4 Arm Div": "Damascus", "5 Mech Div": "Homs"},
        reduced=["5 Mech Div"],
        hands={"Syria": ["Reinforcements", "Reinforcements"]},
        edit=setup,
        frames=events("Syria"),
    )
    play(st, 'play "Reinforcements"', "draw Event")
    assert options(st) == ["batch", "replacements"]
    play(st, "batch")
    spaces = {a.args[0] for a in st.legal_actions("Syria")}
    assert "Damascus" in spaces and "Gaziantep" not in spaces  # Syrian spaces only
    play(st, "place Damascus", "place Homs")
    assert where(st, "3 Arm Div") == "Damascus" and where(st, "7 Mech Div") == "Homs"
    play(st, 'play "Reinforcements"', "draw Event")
    assert options(st) == ["replacements"]  # one batch a turn
    play(st, "replacements")
    assert options(st) == ['rebuild "61 Inf Bde"', 'restore "5 Mech Div"']
    play(st, 'restore "5 Mech Div"', "done")
    assert not st.data.units[st.tables.unit_by_label["5 Mech Div"]].reduced


def test_shia_militia_arrives_in_iraq_or_syria_where_its_player_holds() -> None:
    """[15.0] Arrival spaces depend on the force."""
    from consim.games.fitna.board import arrival_spaces

    st = position(region_game(), {"1 Mech Div": "Baghdad"}, edit=no_jokers)
    t = st.tables
    badr = t.unit_by_label["Badr Org"]
    spaces = {t.space_name[s] for s in arrival_spaces(st, badr, t.seat_index["Iraq"])}
    assert "Basra" in spaces and "Kermanshah" not in spaces
    para = t.unit_by_label["55 Para Bde"]  # [15.0] Iranian paratroops: anywhere friendly
    st2 = position(
        region_game(), {"Badr Org": "Baghdad"}, edit=lambda d, st: control(d, st, "Iran", ["Baghdad"])
    )
    para_spaces = {t.space_name[s] for s in arrival_spaces(st2, para, t.seat_index["Iran"])}
    assert "Kermanshah" in para_spaces and "Beirut" not in para_spaces  # Beirut: no supply line
    russ = t.unit_by_label["6 Arm Bde"]  # [15.0] Russians at Tartus or Latakia
    assert {t.space_name[s] for s in arrival_spaces(st2, russ, t.seat_index["Syria"])} == {
        "Latakia",
        "Tartus",
    }


def test_rebels_arrive_in_syria_or_on_their_sources() -> None:
    """Scenario 1: FSA reinforcements on rebel-held supplied spaces in Syria or their sources
    in Turkey and Jordan; not on a full stack (4.0: Idlib and Azaz hold three units each)."""
    from consim.games.fitna.board import arrival_spaces

    st = FitnaGame(scenario=1).new_game(1)
    t = st.tables
    spaces = {t.space_name[s] for s in arrival_spaces(st, t.unit_by_label["13 Div"], t.seat_index["Rebels"])}
    assert {"Al-Bab", "Gaziantep", "Amman"} <= spaces
    assert not spaces & {"Kilis", "Idlib", "Azaz"}


def test_other_arab_allies_arrive_in_saudi_arabia() -> None:
    """[15.0] "Other Arab Allied reinforcements arrive in Saudi Arabia" (scenario 8: before,
    the UAE armoured brigade was placed on Basra); the UAE airmobile brigade anywhere its
    player holds in supply; Kuwaitis in Saudi Arabia or Kuwait (a reading, NOTES.md);
    Jordanians and Egyptians on H4 or H5."""
    from consim.games.fitna.board import arrival_spaces
    from consim.games.fitna.content import COUNTRIES

    st = FitnaGame(scenario=8).new_game(0)
    t = st.tables
    saudi = t.seat_index["Saudi Arabia"]

    def spaces(label: str) -> set[str]:
        return {t.space_name[s] for s in arrival_spaces(st, t.unit_by_label[label], saudi)}

    def country(name: str) -> str:
        return COUNTRIES[t.space_country[t.space_by_name[name]]]

    for label in ("UAE Arm Bde", "QAT Mech Bde", "BAH Mech Bde", "OMN Inf Bde", "YEM Inf Bde"):
        found = spaces(label)
        assert found and {country(x) for x in found} == {"saudi_arabia"}, (label, found)
    assert "Basra" in spaces("UAE Airmobile Bde")  # [15.0] air transported
    assert {country(x) for x in spaces("KUW 35 Arm Bde")} == {"saudi_arabia", "kuwait"}
    assert spaces("EGY 4 Arm Div") == spaces("JOR 3 Arm Div") == {"H4", "H5"}
    # the refusal says where the unit may arrive, with the rule
    from consim.games.fitna.rules.cards import PlaceUnits

    with st.edit():
        uae = t.unit_by_label["UAE Arm Bde"]
        in_segment(st, "Saudi Arabia", [PlaceUnits(seat="Saudi Arabia", units=[uae])])
    with pytest.raises(IllegalAction, match=r"UAE Arm Bde arrives on a space you hold in supply in Saudi"):
        st.apply("Saudi Arabia", "place Basra")
    with pytest.raises(IllegalAction, match=r"\(15\.0\)"):
        st.apply("Saudi Arabia", "place Basra")


def test_sunni_and_al_sham_militias_arrive_on_border_spaces() -> None:
    """[15.0] Sunni and Al Sham militias arrive in Iraq or Syria, or on a Turkish space
    bordering Syria (scenario 6: Kilis, Şanlıurfa, Mardin and Cizre, not Incirlik or Diyarbakır,
    Turkish supply sources that do not border Syria), or a Saudi space bordering Iraq (8)."""
    from consim.games.fitna.board import arrival_spaces
    from consim.games.fitna.content import COUNTRIES

    st = FitnaGame(scenario=6).new_game(0)
    t = st.tables
    for label in ("Anbar Tribal Mil", "Al Nusra"):
        found = {t.space_name[s] for s in arrival_spaces(st, t.unit_by_label[label], t.seat_index["Turkey"])}
        assert {"Kilis", "Şanlıurfa", "Mardin", "Cizre", "Hatay", "Gaziantep"} <= found
        assert not found & {"Incirlik", "Diyarbakır"}
    st = FitnaGame(scenario=8).new_game(0)
    t = st.tables
    found = {
        t.space_name[s]
        for s in arrival_spaces(st, t.unit_by_label["Anbar Tribal Mil"], t.seat_index["Saudi Arabia"])
    }
    saudi = {x for x in found if COUNTRIES[t.space_country[t.space_by_name[x]]] == "saudi_arabia"}
    assert saudi == {"Arar", "Rafha"}  # the Saudi spaces bordering Iraq (Turaif borders Jordan)


def test_a_militia_arrives_only_where_it_would_be_its_players() -> None:
    """[20.0, 15.0] Scenario 11: the Sunni militias are the Saudi player's in Iraq and the
    Turkish player's in Syria, so the Saudi player's militia never arrives in Syria (before, it
    was placed on an empty Syrian space, which it then held for Saudi Arabia as Turkey's unit:
    a space held by one player with another's unit on it)."""
    from consim.games.fitna.board import arrival_spaces
    from consim.games.fitna.content import COUNTRIES

    st = FitnaGame(scenario=11).new_game(0)
    t = st.tables
    u = t.unit_by_label["Nineveh Gd Mil"]
    countries = {COUNTRIES[t.space_country[s]] for s in arrival_spaces(st, u, t.seat_index["Saudi Arabia"])}
    assert "iraq" in countries and "syria" not in countries


# =============================================================================================
# The dispatch of handler effects
# =============================================================================================


def test_a_registered_handler_frame_makes_the_card_playable() -> None:
    """Handler effects are carried out by the frame named ``handler_<name>``, pushed with the
    seat, the card and the effect's index; its ``refusal`` says when it may not be played."""
    from dataclasses import dataclass
    from typing import Any, ClassVar

    from consim.core.flow import Frame
    from consim.games.fitna.rules.deck import handler_params
    from consim.games.fitna.state import FitnaState
    from consim.games.fitna.vocabulary import OilRevenueParams

    @dataclass(slots=True)
    class OilRevenue(Frame[FitnaState]):
        name = "handler_oil_revenue"
        seat: str
        card: int
        effect: int

        @classmethod
        def refusal(cls, st: FitnaState, seat: str, card: int, params: OilRevenueParams) -> str | None:
            return None if params.max == 4 else "bad params"

        def run(self, st: FitnaState) -> None:
            st.pop()
            st.data.bonus_ops += handler_params(st, self.card, self.effect, OilRevenueParams).max

    class WithOil(FitnaGame):
        frames: ClassVar[tuple[type[Frame[Any]], ...]] = (
            *(f for f in FitnaGame.frames if f.name != "handler_oil_revenue"),
            OilRevenue,
        )

    game = WithOil(content=region_game().tables.content, scenario=2)
    st = position(game, {}, hands={"Iraq": ["Oil Revenues"]}, edit=no_jokers, frames=events("Iraq"))
    play(st, 'play "Oil Revenues"')
    assert st.data.bonus_ops == 4
    assert 75 in st.data.played
