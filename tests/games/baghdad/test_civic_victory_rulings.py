"""Civic Action, the end of the game, and the designers' published rulings
(components.md §3(a): zone PP value, Collateral Damage, Oil Ministry with InfoWar, two
InfoWars stacking)."""

from __future__ import annotations

import consim
from consim.bots.driver import bots_for, play_out
from consim.games.baghdad.board import control_map, winners_now
from consim.games.baghdad.state import BaghdadState

from .conftest import (
    act,
    clear_hands,
    clear_map,
    enter,
    fresh,
    give,
    only,
    put,
    set_order,
    set_pp_markers,
    street_top,
    texts,
)

ORDER3 = ["Shiite", "Sunni", "Government"]


def test_civic_action_first_player_collects_first_at_basic_rates() -> None:
    """[Civic Action Phase] 1 PP per Security, 3 per Infrastructure; the First Player takes
    first; then off-map income."""
    st = fresh(4)
    pp = dict(st.view(None)["pp"])
    with st.edit():
        clear_hands(st)
        clear_map(st)
        set_order(st, ["Sunni", "Government", "US", "Shiite"])
        put(st, "Shiite", "rusafa", sec=1, inf=1)
        put(st, "Sunni", "rusafa", sec=2)
        put(st, "US", "mansour", sec=1)  # US units count 2 in combat, 1 for collecting
        set_pp_markers(st, {"rusafa": 4, "mansour": 3})
        enter(st, "civic")
    t = st.tables
    view = st.view(None)
    assert view["pp"]["Sunni"] - pp["Sunni"] == 2 + t.faction["Sunni"].civic_income
    assert view["pp"]["Shiite"] - pp["Shiite"] == 2 + t.faction["Shiite"].civic_income
    assert view["pp"]["US"] - pp["US"] == 1 + t.faction["US"].civic_income
    assert {z: info["pp"] for z, info in view["zones"].items() if info["pp"]} == {"mansour": 2}


def test_standard_victory_counts_ten_per_controlled_zone() -> None:
    """[Victory Conditions] 120 PP, each controlled zone counting 10."""
    st = fresh(3)
    zones = sum(1 for c in control_map(st) if c == "Sunni")
    with st.edit() as d:
        d.pp["Sunni"] = 120 - 10 * zones
    assert winners_now(st) == {"Sunni": "standard"}
    with st.edit() as d:
        d.pp["Sunni"] -= 1
    assert "Sunni" not in winners_now(st)


def test_special_victory_and_shared_win() -> None:
    """[Victory Conditions; Multiplayer Win] each faction's own condition; several winners
    at once win together."""
    st = fresh(4)
    with st.edit() as d:
        clear_map(st)
        for z in ("green_zone", "baghdad_airport"):
            put(st, "US", z, sec=1)
        for z in ("rusafa", "mansour", "new_baghdad"):
            put(st, "US", z, sec=1, inf=1)
        for z in ("haifa_street", "shaab", "zayouna"):
            put(st, "Government", z, sec=1)
        d.pp["Shiite"] = 200
    won = winners_now(st)
    assert won == {"Shiite": "standard", "US": "special"}
    with st.edit():
        enter(st, "end")
    out = st.outcome()
    assert out is not None and out.winners == ("Shiite", "US") and out.details["shared"]


def test_stalemate_winner_by_player_count() -> None:
    """[Stalemate] nobody wins at 3-4 players; the Jihadists at 5; the NGOs at 6."""
    for players, winner in ((3, ()), (4, ()), (5, ("Jihadist",)), (6, ("NGO",))):
        st = fresh(players)
        with st.edit() as d:
            clear_map(st)
            d.street_used.extend(d.street)
            d.street = []
            enter(st, "end")
        out = st.outcome()
        assert out is not None and out.winners == winner and out.details["stalemate"]


def test_game_ends_after_the_turn_the_arab_street_deck_runs_out() -> None:
    game = consim.load_game("baghdad", players=3)
    st = game.new_game(5)
    assert isinstance(st, BaghdadState)
    play_out(st, bots_for(game, "random", 5))
    out = st.outcome()
    assert out is not None
    assert out.details["stalemate"] == (st.view(None)["street_left"] == 0 and not winners_now(st))


# ------------------------------------------------------------------ designer rulings


def test_ruling_zone_pp_value_is_what_arab_street_places() -> None:
    """Q&A (1): a zone's printed PP value is the number of PP an Arab Street card puts there."""
    st = fresh(3)
    with st.edit():
        clear_hands(st)
        street_top(st, "refugees_from_anbar", "sandstorm")
        enter(st, "street", ORDER3)
    zones = st.view(None)["zones"]
    for z in ("abu_ghraib", "baghdad_airport", "amiriya", "dora"):
        assert zones[z]["pp"] == st.tables.content.zone(z).pp


def _fight_to_after_combat(st: BaghdadState) -> None:
    assert set(st.to_act()) == {"Shiite", "Government"}  # one zone, one foe: no question
    for seat, cmd, commit in (
        ("Shiite", "Mahdi Army", 2),
        ("Government", "Facilities Protection Service", 0),
    ):
        st.apply(seat, f'command "{cmd}"')
        st.apply(seat, "no-offense")
        st.apply(seat, "no-defense")
        st.apply(seat, f"commit {commit}")


def test_ruling_collateral_damage_only_by_participants() -> None:
    """Q&A (2): Collateral Damage may only be played by a side in the battle; it gives the
    battle's PP to the loser."""
    st = fresh(3)
    with st.edit():
        clear_hands(st)
        clear_map(st)
        put(st, "Shiite", "rusafa", sec=3)
        put(st, "Government", "rusafa", sec=2)
        give(st, "Sunni", "Collateral Damage")
        give(st, "Government", "Collateral Damage")
        enter(st, "combat", ORDER3)
    pending = st.view(None)["pending"]
    assert pending["timing"] == "combat_phase"  # the Ceasefire chance, to card holders
    for seat in st.to_act():
        st.apply(seat, "pass")
    _fight_to_after_combat(st)
    # plans revealed: the reveal window asks only the Government (the Shiite hand is empty)
    assert st.to_act() == ("Government",)
    st.apply("Government", "pass")
    assert st.view(None)["pending"]["timing"] == "after_combat"
    assert st.to_act() == ("Government",)  # the Sunni, not in the battle, is never asked
    st.apply("Government", 'play "Collateral Damage"')
    lines = [e.text for e in st.log]
    assert "Government gains 2 PP (Collateral Damage)." in lines
    assert not any(ln.startswith("Shiite gains") and "battle" in ln for ln in lines)


def test_ruling_oil_ministry_with_infowar_doubles_from_the_bank() -> None:
    """Q&A (3): Oil Ministry makes each player pay its holder 2 PP; an InfoWar after it
    doubles the take, the extra coming from the bank, not from the players."""
    st = fresh(3)
    with st.edit():
        clear_hands(st)
        give(st, "Shiite", "Oil Ministry", "InfoWar")
        enter(st, "action", ORDER3)
    pp = dict(st.view(None)["pp"])
    act(st, 'play "Oil Ministry"')
    now = st.view(None)["pp"]
    assert now["Sunni"] == pp["Sunni"] - 2 and now["Government"] == pp["Government"] - 2
    assert now["Shiite"] == pp["Shiite"] + 4
    assert only(st) == "Shiite" and "play InfoWar" in texts(st)
    act(st, "play InfoWar")
    now = st.view(None)["pp"]
    assert now["Shiite"] == pp["Shiite"] + 8
    assert now["Sunni"] == pp["Sunni"] - 2 and now["Government"] == pp["Government"] - 2


def test_ruling_two_infowars_stack_17_to_68() -> None:
    """Q&A (4): 17 PP won, then two InfoWars: 17 + 17 + 34 = 68."""
    st = fresh(3)
    pp = st.view(None)["pp"]["Shiite"]
    with st.edit():
        clear_hands(st)
        clear_map(st)
        put(st, "Shiite", "rusafa", inf=6)
        set_pp_markers(st, {"rusafa": 17})
        give(st, "Shiite", "InfoWar", "InfoWar")
        enter(st, "civic", ORDER3)
    assert only(st) == "Shiite" and st.view(None)["pending"]["amount"] == 17
    act(st, "play InfoWar")
    act(st, "play InfoWar")
    assert st.view(None)["pp"]["Shiite"] - pp == 68 + st.tables.faction["Shiite"].civic_income
