"""Combat Phase (rulebook: Combat Phase, Operational Plans, Resolving Combat, Units and
Combat, Fortified Zones; Glossary: Peacekeeping, Ties, Increment)."""

from __future__ import annotations

import pytest

from consim.core.errors import IllegalAction
from consim.games.baghdad.board import commit_choices, controller, unit_value
from consim.games.baghdad.state import BaghdadState

from .conftest import (
    act,
    clear_hands,
    clear_map,
    enter,
    fresh,
    give,
    hand,
    only,
    pass_windows,
    phase,
    put,
    texts,
    units,
    zone,
)

ORDER3 = ["Shiite", "Sunni", "Government"]


def battle(
    placed: dict[tuple[str, str], tuple[int, int]], order: list[str], players: int = 3, **opts: object
) -> BaghdadState:
    st = fresh(players, **opts)
    with st.edit():
        clear_hands(st)
        clear_map(st)
        for (f, z), (a, b) in placed.items():
            put(st, f, z, sec=a, inf=b)
        enter(st, "combat", order)
    return st


def fought(st: BaghdadState, zone: str, foe: str) -> None:
    """One zone to fight in and one opponent that must be fought: the engine took both choices
    without asking (they follow from the units on the map), and both sides now plan."""
    combat = st.view(None)["combat"]
    assert combat["zone"] == zone.lower().replace(" ", "_") and foe in combat["sides"], combat
    assert foe in st.to_act() and len(st.to_act()) == 2


def gained(st: BaghdadState, seat: str) -> list[str]:
    """The combat awards (PP gains from a battle) logged for ``seat``."""
    out = []
    for e in st.log:
        if e.text.startswith(f"{seat} gains ") and "Civic" not in e.rule and "Arab" not in e.rule:
            out.append(e.text[len(seat) + 7 : -1])
    return out


def plan(
    st: BaghdadState, seat: str, command: str, commit: int, offense: str = "", defense: str = ""
) -> None:
    st.apply(seat, f'command "{command}"')
    st.apply(seat, f'offense "{offense}"' if offense else "no-offense")
    st.apply(seat, f'defense "{defense}"' if defense else "no-defense")
    st.apply(seat, f"commit {commit}")


def test_combat_is_mandatory_and_plans_are_secret_until_both_set() -> None:
    st = battle({("Shiite", "rusafa"): (3, 1), ("Sunni", "rusafa"): (2, 0)}, ORDER3)
    # one zone, one opponent and no 'decline' (combat is mandatory): nobody is asked
    assert "Shiite chooses the battle in Rusafa." in [e.text for e in st.log]
    fought(st, "Rusafa", "Sunni")
    assert set(st.to_act()) == {"Shiite", "Sunni"}  # simultaneous, secret
    st.apply("Shiite", 'command "Mahdi Army"')
    st.apply("Shiite", "no-offense")
    view = st.view("Sunni")
    assert "my_plan" in view["combat"] and view["combat"]["my_plan"]["command"] is None
    assert "plans" not in view["combat"]
    assert all("Mahdi" not in e.text for e in st.visible_log("Sunni"))
    assert all("Mahdi" not in e.text for e in st.visible_log(None))
    assert st.view("Shiite")["combat"]["my_plan"]["command"] == "Mahdi Army"


def test_resolution_totals_losses_and_award() -> None:
    """[Resolving Combat] total = committed strength + Command value; the winner loses the
    units it committed and takes 1 PP per enemy unit eliminated; the loser loses all."""
    st = battle({("Shiite", "rusafa"): (3, 1), ("Sunni", "rusafa"): (2, 1)}, ORDER3)
    fought(st, "Rusafa", "Sunni")
    plan(st, "Shiite", "Mahdi Army", 2)  # 2 + 4 = 6
    plan(st, "Sunni", "Association of Muslim Scholars", 3)  # 3 + 2 = 5
    pass_windows(st)
    assert units(st, "Sunni", "rusafa") == (0, 0)
    # Shiite committed 2: it chooses the mix (Security count) among 3S/1I
    assert only(st) == "Shiite" and texts(st) == ["losses 1", "losses 2"]
    act(st, "losses 1")
    assert units(st, "Shiite", "rusafa") == (2, 0)
    assert gained(st, "Shiite") == ["3 PP (battle won)"]


def test_offense_neutralizes_unless_blocked() -> None:
    """[Resolving Combat] an Offense that can hit the enemy Command and is not blocked by its
    Defense Neutralizes it: no Command value, to the Neutralized pile, its value awarded."""
    st = battle({("Shiite", "rusafa"): (2, 0), ("Government", "rusafa"): (3, 0)}, ORDER3)
    with st.edit():
        give(st, "Shiite", "IED Ambush")
        give(st, "Government", "Hardened Headquarters")
    fought(st, "Rusafa", "Government")
    plan(st, "Shiite", "Mahdi Army", 2, offense="IED Ambush")  # 2 + 4 = 6
    # Hardened Headquarters blocks Conventional Offense only: IED Ambush is Unconventional
    plan(st, "Government", "Baghdad Operations Command", 3, defense="Hardened Headquarters")
    pass_windows(st)
    assert "Baghdad Operations Command" in st.view(None)["neutralized"]["Government"]
    assert units(st, "Government", "rusafa") == (0, 0)
    assert gained(st, "Shiite") == ["8 PP (battle won)"]  # 3 units + the Neutralized Command's 5
    # the winner keeps its combat card; the loser's are lost
    assert "IED Ambush" in hand(st, "Shiite")
    assert not hand(st, "Government")


def test_defense_blocks_matching_offense() -> None:
    st = battle({("Shiite", "rusafa"): (2, 0), ("Government", "rusafa"): (3, 0)}, ORDER3)
    with st.edit():
        give(st, "Shiite", "IED Ambush")
        give(st, "Government", "Force Protection")
    fought(st, "Rusafa", "Government")
    plan(st, "Shiite", "Mahdi Army", 2, offense="IED Ambush")
    plan(st, "Government", "Baghdad Operations Command", 3, defense="Force Protection")
    pass_windows(st)
    assert st.view(None)["neutralized"]["Government"] == []
    assert units(st, "Shiite", "rusafa") == (0, 0)  # 2+4=6 < 3+5=8


def test_cards_must_match_the_command_type() -> None:
    """[Operational Plans] Offense/Defense must match the Command's type; a Network allows both."""
    st = battle({("Shiite", "rusafa"): (2, 0), ("Government", "rusafa"): (3, 0)}, ORDER3)
    with st.edit():
        give(st, "Shiite", "Air Strike", "IED Ambush", "Network")
    fought(st, "Rusafa", "Government")
    st.apply("Shiite", 'command "Mahdi Army"')  # Unconventional
    offs = texts(st, "Shiite")
    assert 'offense "IED Ambush"' in offs and 'offense "Air Strike"' not in offs
    with pytest.raises(IllegalAction, match="Operational Plans"):
        st.apply("Shiite", 'offense "Air Strike"')


def test_network_replaces_command_and_allows_both_types() -> None:
    st = battle({("Shiite", "rusafa"): (2, 0), ("Government", "rusafa"): (3, 0)}, ORDER3)
    with st.edit():
        give(st, "Shiite", "Air Strike", "Network")
    fought(st, "Rusafa", "Government")
    st.apply("Shiite", "command Network")
    assert 'offense "Air Strike"' in texts(st, "Shiite")


def test_tie_goes_to_who_acts_sooner() -> None:
    """[Resolving Combat; Glossary: Ties] on a tie the player acting sooner this turn wins."""
    st = battle(
        {("Shiite", "rusafa"): (2, 0), ("Sunni", "rusafa"): (2, 0)}, ["Sunni", "Government", "Shiite"]
    )
    fought(st, "Rusafa", "Shiite")
    plan(st, "Shiite", "Mahdi Army", 2)  # 6
    plan(st, "Sunni", "Islamic Army in Iraq", 2)  # 6
    pass_windows(st)
    assert units(st, "Shiite", "rusafa") == (0, 0)


def test_commitment_limits_us_strength_and_19_cap() -> None:
    """[Units and Combat] US units count 2; no more than 19 may be set (NOTES 1)."""
    st = battle(
        {("US", "rusafa"): (9, 3), ("Shiite", "rusafa"): (1, 0)},
        ["US", "Shiite", "Sunni", "Government"],
        players=4,
    )
    fought(st, "Rusafa", "Shiite")
    assert commit_choices(st, "US", zone(st, "rusafa")) == [0, 2, 4, 6, 8, 10, 12, 14, 16, 18]
    st2 = battle(
        {("US", "rusafa"): (9, 3), ("Shiite", "rusafa"): (1, 0)},
        ["US", "Shiite", "Sunni", "Government"],
        players=4,
        commitment="units",
    )
    assert commit_choices(st2, "US", zone(st2, "rusafa")) == list(range(0, 13))


def test_fortified_zone_increments_the_holder_only() -> None:
    """[Fortified Zones] units of the faction that controlled the Green Zone at the end of
    the Coalition Phase count one more there (US 3)."""
    st = battle(
        {("US", "green_zone"): (3, 0), ("Shiite", "green_zone"): (9, 0)},
        ["US", "Shiite", "Sunni", "Government"],
        players=4,
    )
    with st.edit() as d:
        d.fort = "US"
    green = zone(st, "green_zone")
    assert unit_value(st, "US", green) == 3
    assert unit_value(st, "Shiite", green) == 1
    assert commit_choices(st, "US", green) == [0, 3, 6, 9]


def test_no_combat_in_the_sanctuary() -> None:
    st = battle({("Shiite", "grand_mosque"): (2, 0), ("Sunni", "grand_mosque"): (2, 0)}, ORDER3)
    assert phase(st) != "combat"
    assert units(st, "Shiite", "grand_mosque") == (2, 0) and units(st, "Sunni", "grand_mosque") == (2, 0)


def test_first_player_resolves_his_combats_first_in_his_order() -> None:
    st = battle(
        {
            ("Shiite", "rusafa"): (1, 0),
            ("Sunni", "rusafa"): (1, 0),
            ("Sunni", "mansour"): (1, 0),
            ("Government", "mansour"): (1, 0),
            ("Government", "karrada"): (1, 0),
            ("Shiite", "karrada"): (1, 0),
        },
        ["Sunni", "Government", "Shiite"],
    )
    assert only(st) == "Sunni" and texts(st) == ["battle Mansour", "battle Rusafa"]


def test_three_factions_soonest_chooses_its_opponent() -> None:
    """[Combat Phase] with three or more factions the one acting soonest picks its opponent;
    then the survivors repeat until one faction remains."""
    st = battle(
        {("Shiite", "rusafa"): (1, 0), ("Sunni", "rusafa"): (1, 0), ("Government", "rusafa"): (1, 0)},
        ["Government", "Shiite", "Sunni"],
    )
    assert st.view(None)["combat"]["zone"] == "rusafa"  # the only zone: nobody was asked
    assert only(st) == "Government" and texts(st) == ["fight Shiite", "fight Sunni"]
    act(st, "fight Sunni")
    plan(st, "Government", "Baghdad Operations Command", 1)
    plan(st, "Sunni", "Association of Muslim Scholars", 0)
    pass_windows(st)
    # Government won and lost its one committed unit: Shiite alone remains, no more battles
    assert units(st, "Government", "rusafa") == (0, 0)
    assert phase(st) != "combat"


def test_pair_option_lets_the_chooser_name_two_others() -> None:
    st = battle(
        {("Shiite", "rusafa"): (1, 0), ("Sunni", "rusafa"): (1, 0), ("Government", "rusafa"): (1, 0)},
        ["Government", "Shiite", "Sunni"],
        multi_combat="chooser-names-pair",
    )
    assert st.view(None)["combat"]["zone"] == "rusafa"  # the only zone: nobody was asked
    assert "fight Shiite Sunni" in texts(st)


def test_peacekeeping_is_optional_and_award_goes_to_ngo() -> None:
    """[Glossary: Peacekeeping] nobody must fight the NGOs; whoever attacks them, the NGOs
    take the PP for that battle."""
    order = ["Jihadist", "NGO", "Shiite", "Sunni", "Government", "US"]
    st = battle({("Jihadist", "rusafa"): (4, 0), ("NGO", "rusafa"): (1, 1)}, order, players=6)
    assert st.view(None)["combat"]["zone"] == "rusafa"  # the only zone: nobody was asked
    assert texts(st) == ["fight NGO", "decline"]
    act(st, "fight NGO")
    plan(st, "Jihadist", "Emir of Baghdad", 2)
    plan(st, "NGO", "Local Aid Workers", 0)
    pass_windows(st)
    assert units(st, "NGO", "rusafa") == (0, 0)
    assert gained(st, "NGO") == ["2 PP (Peacekeepers attacked)"]  # the award for two NGO units
    # the NGO beside one faction does not spoil its control
    st2 = battle({("Shiite", "rusafa"): (1, 0), ("NGO", "rusafa"): (1, 0)}, order, players=6)
    assert controller(st2, zone(st2, "rusafa")) == "Shiite"
    assert st2.view(None)["zones"]["rusafa"]["control"] == "Shiite"


def test_declined_peacekeeping_fight_leaves_both() -> None:
    order = ["NGO", "Shiite", "Sunni", "Government", "US", "Jihadist"]
    st = battle({("Shiite", "rusafa"): (1, 0), ("NGO", "rusafa"): (1, 0)}, order, players=6)
    assert st.view(None)["combat"]["zone"] == "rusafa"  # the only zone: nobody was asked
    act(st, "decline")  # the NGO
    assert only(st) == "Shiite"
    act(st, "decline")
    assert units(st, "NGO", "rusafa") == (1, 0) and units(st, "Shiite", "rusafa") == (1, 0)


def test_rules_of_engagement_cancels_the_enemy_offense() -> None:
    st = battle({("Shiite", "rusafa"): (2, 0), ("Government", "rusafa"): (2, 0)}, ORDER3)
    with st.edit():
        give(st, "Shiite", "IED Ambush")
        give(st, "Government", "Rules of Engagement")
    fought(st, "Rusafa", "Government")
    plan(st, "Shiite", "Mahdi Army", 0, offense="IED Ambush")
    plan(st, "Government", "Baghdad Operations Command", 0)
    assert st.to_act() == ("Government",)  # Shiite has no cards left in hand
    st.apply("Government", 'play "Rules of Engagement"')
    assert st.view(None)["neutralized"]["Government"] == []
    assert any(e.text == "Shiite's IED Ambush is cancelled." for e in st.log)


def test_ceasefire_prevents_a_battle() -> None:
    st = fresh(3)
    with st.edit():
        clear_hands(st)
        clear_map(st)
        put(st, "Shiite", "rusafa", sec=1)
        put(st, "Sunni", "rusafa", sec=1)
        give(st, "Sunni", "Ceasefire")
        enter(st, "combat", ORDER3)
    st.apply("Sunni", "play Ceasefire")
    # the one zone with a battle is named without asking: the card was played openly
    assert "Sunni names Rusafa: no battle there this turn." in [e.text for e in st.log]
    assert phase(st) != "combat"
    assert units(st, "Shiite", "rusafa") == (1, 0) and units(st, "Sunni", "rusafa") == (1, 0)


def test_a_plan_may_be_taken_back_until_the_other_side_is_set() -> None:
    """Secret simultaneous plans: a side that has set its plan may retract its commitment
    while the other is still choosing, and set it again."""
    st = battle({("Shiite", "rusafa"): (3, 1), ("Sunni", "rusafa"): (2, 1)}, ORDER3)
    fought(st, "Rusafa", "Sunni")
    plan(st, "Shiite", "Mahdi Army", 2)
    assert st.to_act() == ("Sunni",)
    st.apply("Shiite", "retract")
    assert set(st.to_act()) == {"Shiite", "Sunni"}
    assert texts(st, "Shiite")[0] == "commit 0"
    st.apply("Shiite", "commit 4")
    plan(st, "Sunni", "Association of Muslim Scholars", 3)
    assert any(
        e.text == "Shiite reveals: Mahdi Army (4), no Offense, no Defense, commitment 4." for e in st.log
    )
