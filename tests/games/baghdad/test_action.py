"""Action Phase: the Recruit step and the Move step (rulebook: Recruit Step, Move Step,
Special Moves), and the card combinations played in it."""

from __future__ import annotations

import pytest

from consim.core.errors import IllegalAction
from consim.games.baghdad.board import pool
from consim.games.baghdad.state import BaghdadState

from .conftest import act, clear_hands, clear_map, enter, fresh, give, hand, only, put, texts, units

ORDER3 = ["Shiite", "Sunni", "Government"]
ORDER6 = ["Shiite", "Sunni", "Government", "US", "Jihadist", "NGO"]


def _action(st: BaghdadState) -> dict[str, object]:
    action: dict[str, object] = st.view(None)["action"]
    return action


def test_recruit_costs_and_spawn_rules() -> None:
    """[Recruit Step] Security 2 PP, Infrastructure 1 PP; spawn in affiliated zones, spawn
    zones, or controlled zones holding the other unit type."""
    st = fresh(3)
    with st.edit():
        clear_hands(st)
        clear_map(st)
        put(st, "Shiite", "rusafa", sec=1)  # controlled, Security only
        put(st, "Shiite", "mansour", inf=1)  # controlled, Infrastructure only
        put(st, "Shiite", "karrada", sec=1, inf=1)
        put(st, "Government", "karrada", sec=1)  # not controlled
        enter(st, "action", ORDER3)
    acts = texts(st)
    assert "recruit infrastructure Rusafa" in acts and "recruit security Rusafa" not in acts
    assert "recruit security Mansour" in acts and "recruit infrastructure Mansour" not in acts
    assert not any(a.endswith(" karrada") for a in acts)
    assert 'recruit security "Sadr City"' in acts  # affiliated, even empty
    assert "recruit security Shaab" in acts  # the screen's spawn zone
    pp = st.view(None)["pp"]["Shiite"]
    act(st, 'recruit security "Sadr City"')
    act(st, "recruit infrastructure Rusafa")
    assert st.view(None)["pp"]["Shiite"] == pp - 3
    assert units(st, "Shiite", "rusafa") == (1, 1)


def test_units_recruited_this_step_do_not_open_new_spawn_zones() -> None:
    """[Recruit Step] the unit a spawn needs must be there at the start of the step."""
    st = fresh(3)
    with st.edit():
        clear_hands(st)
        clear_map(st)
        put(st, "Shiite", "rusafa", sec=1)
        enter(st, "action", ORDER3)
    act(st, "recruit infrastructure Rusafa")
    assert "recruit security Rusafa" not in texts(st)


def test_recruit_limited_by_counters_and_pp() -> None:
    st = fresh(3)
    with st.edit():
        clear_hands(st)
        enter(st, "action", ORDER3)
    ps, _ = pool(st, "Shiite")
    with st.edit() as d:
        put(st, "Shiite", "sadr_city", sec=ps)  # the whole pool on the map
        d.pp["Shiite"] = 1
    acts = texts(st)
    assert not any(a.startswith("recruit security") for a in acts)
    assert any(a.startswith("recruit infrastructure") for a in acts)


def test_buy_back_neutralized_command_at_twice_its_value() -> None:
    """[Recruit Step; Glossary: Neutralize] restore a Command for twice its value."""
    st = fresh(3)
    mahdi = st.tables.command_index["shiite_mahdi_army"]
    with st.edit() as d:
        clear_hands(st)
        d.active["Shiite"].remove(mahdi)
        d.neutral["Shiite"].append(mahdi)
        d.pp["Shiite"] = 10
        enter(st, "action", ORDER3)
    assert "Mahdi Army" in st.view(None)["neutralized"]["Shiite"]
    act(st, 'buyback "Mahdi Army"')
    view = st.view(None)
    assert view["pp"]["Shiite"] == 2 and "Mahdi Army" in view["active_commands"]["Shiite"]
    assert view["neutralized"]["Shiite"] == []


def test_buy_cards_at_the_initiative_price_up_to_hand_size() -> None:
    """[Recruit Step] the top card costs the winning bid; the hand never passes its limit."""
    st = fresh(3)
    with st.edit() as d:
        clear_hands(st)
        d.price = 3
        d.pp["Sunni"] = 20
        enter(st, "action", ["Sunni", "Government", "Shiite"])
    max_hand = st.tables.faction["Sunni"].max_hand
    for _ in range(max_hand):
        act(st, "buy")
    assert st.view(None)["pp"]["Sunni"] == 20 - 3 * max_hand
    assert len(hand(st, "Sunni")) == max_hand


def test_a_full_hand_discards_first_to_buy() -> None:
    """[Arms Bazaar Cards] "At any time when there is an opportunity to gain new Arms Bazaar
    cards, cards from a player's hand can be discarded to make room": at its hand limit a
    player may still buy, discarding a card first (before the new one is seen); the hand
    never passes the limit (NOTES: Buying cards at a full hand)."""
    st = fresh(3)
    with st.edit() as d:
        clear_hands(st)
        give(st, "Sunni", "Air Strike", "Curfew", "InfoWar", "Car Bomb", "Network")
        d.price = 2
        d.pp["Sunni"] = 10
        enter(st, "action", ["Sunni", "Government", "Shiite"])
    assert len(hand(st, "Sunni")) == st.tables.faction["Sunni"].max_hand
    assert "buy" in texts(st)
    assert "Your hand is full" in st.prompt("Sunni").text
    act(st, "buy")
    assert st.view("Sunni")["pending"] == {"kind": "discard", "seat": "Sunni", "count": 1, "to_buy": True}
    assert st.view(None)["pp"]["Sunni"] == 10  # nothing paid or drawn yet
    assert texts(st) == [f'discard "{n}"' if " " in n else f"discard {n}" for n in hand(st, "Sunni")]
    act(st, "discard Curfew")
    assert st.view(None)["pp"]["Sunni"] == 8
    assert len(hand(st, "Sunni")) == 5 and "Curfew" not in hand(st, "Sunni")
    assert "pending" not in st.view("Sunni") and "done" in texts(st)


def test_the_prompt_says_why_a_card_cannot_be_bought() -> None:
    """[Recruit Step] the price is the winning bid: with too few PP the prompt says so."""
    st = fresh(3)
    with st.edit() as d:
        clear_hands(st)
        d.price = 3
        d.pp["Sunni"] = 2
        enter(st, "action", ["Sunni", "Government", "Shiite"])
    assert "buy" not in texts(st)
    assert "you cannot afford a card: it costs 3 PP, you have 2" in st.prompt("Sunni").text


def move_ready(
    placed: dict[tuple[str, str], tuple[int, int]], order: list[str], players: int = 3
) -> BaghdadState:
    st = fresh(players)
    with st.edit():
        clear_hands(st)
        clear_map(st)
        for (f, z), (a, b) in placed.items():
            put(st, f, z, sec=a, inf=b)
        enter(st, "action", order)
    act(st, "done")  # end the Recruit step
    return st


def test_stack_moves_up_to_three_zones() -> None:
    """[Move Step] one stack, up to three zones, counts as one move."""
    st = move_ready({("Sunni", "abu_ghraib"): (3, 0)}, ["Sunni", "Shiite", "Government"])
    act(st, 'move "Abu Ghraib"')
    act(st, "units 2")
    act(st, "enter Amiriya")
    act(st, "enter Mansour")
    act(st, "enter Yarmouk")  # the third zone ends the move
    assert units(st, "Sunni", "yarmouk") == (2, 0)
    assert units(st, "Sunni", "abu_ghraib") == (1, 0)
    assert _action(st)["moves_left"] == 1 and "moving" not in _action(st)


def test_infrastructure_never_moves() -> None:
    st = move_ready({("Sunni", "amiriya"): (0, 2)}, ["Sunni", "Shiite", "Government"])
    assert not any(a.startswith("move") for a in texts(st))


def test_entering_other_units_stops_the_move() -> None:
    """[Move Step] entering a zone with another faction's units stops the move."""
    st = move_ready(
        {("Sunni", "abu_ghraib"): (2, 0), ("Government", "amiriya"): (1, 0)},
        ["Sunni", "Shiite", "Government"],
    )
    act(st, 'move "Abu Ghraib"')
    act(st, "units 2")
    act(st, "enter Amiriya")
    assert "moving" not in _action(st) and units(st, "Sunni", "amiriya") == (2, 0)


def test_crossing_the_river_stops_the_move() -> None:
    """[Move Step] crossing the River stops the move on the far bank."""
    st = move_ready({("Shiite", "kadhimiya"): (2, 0)}, ORDER3)
    act(st, "move Kadhimiya")
    act(st, "units 2")
    act(st, "enter Adhamiyah")
    assert "moving" not in _action(st)


def test_pick_up_and_drop_off() -> None:
    """[Move Step] units may be picked up or dropped off in zones passed through; a dropped
    unit moves no further in that move."""
    st = move_ready(
        {("Sunni", "abu_ghraib"): (2, 0), ("Sunni", "amiriya"): (1, 1)}, ["Sunni", "Shiite", "Government"]
    )
    act(st, 'move "Abu Ghraib"')
    act(st, "units 2")
    act(st, "enter Amiriya")
    act(st, "pickup 1")
    assert "drop 1" not in texts(st)  # one adjustment per zone
    act(st, "enter Mansour")
    act(st, "drop 1")
    act(st, "enter Yarmouk")
    assert units(st, "Sunni", "mansour") == (1, 0)
    assert units(st, "Sunni", "yarmouk") == (2, 0)
    assert units(st, "Sunni", "amiriya") == (0, 1)


def test_moves_per_turn_us_three_ngo_one() -> None:
    st = fresh(6)
    with st.edit():
        clear_hands(st)
        enter(st, "action", ["US", "NGO", "Shiite", "Sunni", "Government", "Jihadist"])
    act(st, "done")
    assert _action(st)["moves_left"] == 3
    act(st, "done")  # the US ends its Move step
    act(st, "done")  # the NGO's Recruit step
    assert only(st) == "NGO" and _action(st)["moves_left"] == 1


def test_underground_movement_once_between_affiliated_zones() -> None:
    """[Underground Movement] affiliated zone to affiliated zone, any distance, ignoring the
    River and other units; once a turn; counts as a move."""
    st = move_ready(
        {("Shiite", "shula"): (3, 0), ("Sunni", "kadhimiya"): (2, 0)},
        ORDER3,
    )
    act(st, "underground Shula")
    act(st, "units 3")
    assert "to Zafaraniya" in texts(st) and "to Rusafa" not in texts(st)
    act(st, "to Zafaraniya")
    assert units(st, "Shiite", "zafaraniya") == (3, 0)
    assert not any(a.startswith("underground") for a in texts(st))
    assert _action(st)["moves_left"] == 1


def test_airmobile_needs_an_airport_held_at_end_of_coalition() -> None:
    """[Airmobile Movement] one flight per airport controlled at the end of the Coalition
    Phase, from any zone to any zone."""
    st = fresh(4)
    with st.edit():
        clear_hands(st)
        enter(st, "coalition", ["US", "Shiite", "Sunni", "Government"], begin=True)
    for _ in range(4):
        act(st, "pass")  # nobody offers: the Coalition Phase ends
    assert st.view(None)["airports"]["US"] == 1
    with st.edit() as d:
        d.airports["Government"] = 0
    act(st, "done")
    act(st, 'airmobile "Green Zone"')
    act(st, "units 1")
    act(st, 'to "Sadr City"')
    assert units(st, "US", "sadr_city") == (1, 0)
    assert not any(a.startswith("airmobile") for a in texts(st))


def test_espionage_sees_hand_and_takes_two() -> None:
    """[Espionage] Connections + Minds in the Move step: see a hand, take two cards."""
    st = move_ready({("Shiite", "sadr_city"): (1, 0)}, ORDER3)
    with st.edit():
        give(st, "Shiite", "Tribal Sheikhs", "Informant")
        give(st, "Sunni", "Air Strike", "Safe Houses", "Curfew")
    act(st, 'combine Informant "Tribal Sheikhs"')
    act(st, "target Sunni")
    assert sorted(st.view("Shiite")["action"]["card"]["target_hand"]) == [
        "Air Strike",
        "Curfew",
        "Safe Houses",
    ]
    assert "target_hand" not in st.view("Government")["action"]["card"]
    act(st, 'take "Air Strike"')
    act(st, "take Curfew")
    assert hand(st, "Shiite") == ["Air Strike", "Curfew"]
    assert hand(st, "Sunni") == ["Safe Houses"]


def test_defection_removes_three_and_replaces() -> None:
    """[Glossary: Defection] the target removes three units in the zone (his choice of mix);
    the initiator may replace them with his own of the same type; not a combat."""
    st = move_ready(
        {("Shiite", "sadr_city"): (1, 0), ("Sunni", "adhamiyah"): (2, 2)},
        ORDER3,
    )
    with st.edit():
        give(st, "Shiite", "Humanitarian Aid", "Informant")
    act(st, 'combine "Humanitarian Aid" Informant')
    act(st, "target Sunni")
    act(st, "in Adhamiyah")
    assert only(st) == "Sunni"
    assert texts(st) == ["lose 1 2", "lose 2 1"]
    act(st, "lose 2 1")
    assert units(st, "Sunni", "adhamiyah") == (0, 1)
    assert only(st) == "Shiite"
    act(st, "replace 2 1")
    assert units(st, "Shiite", "adhamiyah") == (2, 1)
    assert "card" not in _action(st)


def test_combination_cards_only_in_the_move_step() -> None:
    st = fresh(3)
    with st.edit():
        clear_hands(st)
        give(st, "Shiite", "Tribal Sheikhs", "Informant")
        enter(st, "action", ORDER3)
    assert not any(a.startswith("combine") for a in texts(st))
    with pytest.raises(IllegalAction, match="Recruit Step"):
        act(st, 'combine Informant "Tribal Sheikhs"')


def test_car_bomb_may_strike_the_sanctuary() -> None:
    """[Glossary: Sanctuary] Arms Bazaar cards may target forces in the Sanctuary."""
    st = move_ready({("Shiite", "sadr_city"): (1, 0), ("Sunni", "grand_mosque"): (2, 0)}, ORDER3)
    with st.edit():
        give(st, "Shiite", "Car Bomb")
    act(st, 'play "Car Bomb"')
    act(st, "target Sunni")
    act(st, 'in "Grand Mosque"')
    act(st, "remove 2 0")
    assert units(st, "Sunni", "grand_mosque") == (0, 0)
