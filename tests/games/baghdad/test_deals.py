"""Binding deals: "Any agreement made during this phase is considered binding until the next
Coalition Phase" (rulebook: Coalition Phase). Every promise a deal may carry is enforced: an
action that would break one is not offered, and typed anyway it is refused with the deal and
the rule cited (NOTES: Deals)."""

from __future__ import annotations

import pytest

from consim.core.errors import IllegalAction
from consim.games.baghdad.content import PROMISES
from consim.games.baghdad.rules import PROMISE_TEXT
from consim.games.baghdad.state import BaghdadState, Promise

from .conftest import act, clear_hands, clear_map, enter, fresh, give, only, pass_windows, put, texts, units

ORDER3 = ["Shiite", "Sunni", "Government"]
RULE = "Coalition Phase (agreements bind until the next Coalition Phase)"


def promise(kind: str, sender: str = "Shiite", to: tuple[str, ...] = ("Sunni",)) -> Promise:
    return Promise(sender=sender, to=to, kind=kind, turn=1)


def position(
    placed: dict[tuple[str, str], tuple[int, int]],
    promises: list[Promise],
    phase: str = "action",
    order: list[str] | None = None,
    players: int = 3,
) -> BaghdadState:
    st = fresh(players)
    with st.edit() as d:
        clear_hands(st)
        clear_map(st)
        for (f, z), (a, b) in placed.items():
            put(st, f, z, sec=a, inf=b)
        d.promises = list(promises)
        enter(st, phase, order or ORDER3)
    return st


def refused(st: BaghdadState, text: str, seat: str | None = None) -> str:
    """The refusal of ``text``, which must cite the deal and the rule."""
    with pytest.raises(IllegalAction) as err:
        act(st, text, seat)
    message = str(err.value)
    assert "would break a deal" in message and RULE in message, message
    return message


def test_every_promise_has_words() -> None:
    assert set(PROMISES) == set(PROMISE_TEXT)


# ------------------------------------------------------------------ no-entry


def test_no_entry_keeps_moves_and_recruits_out_of_their_zones() -> None:
    """[Coalition Phase] "no-entry": the promiser moves, recruits or places no units in a zone
    holding the recipient's units, not even passing through under a Truce."""
    st = position(
        {("Shiite", "sadr_city"): (3, 0), ("Sunni", "adhamiyah"): (1, 0), ("Sunni", "shaab"): (1, 0)},
        [promise("no-entry")],
    )
    with st.edit() as d:
        d.truces = [("Shiite", "Sunni")]
    assert "recruit security Shaab" not in texts(st)  # Shaab is a Shi'ite spawn zone
    message = refused(st, "recruit security Shaab")
    assert "in the Coalition Phase of turn 1, Shiite will not move, recruit or place units" in message
    act(st, "done")
    act(st, 'move "Sadr City"')
    act(st, "units 3")
    assert "enter Adhamiyah" not in texts(st) and "enter Shaab" not in texts(st)
    refused(st, "enter Adhamiyah")
    act(st, "enter Zayouna")
    act(st, "stop")
    assert units(st, "Shiite", "zayouna") == (3, 0)


def test_a_promise_lapses_at_the_next_coalition_phase() -> None:
    st = position({("Shiite", "sadr_city"): (3, 0), ("Sunni", "shaab"): (1, 0)}, [promise("no-entry")])
    with st.edit():
        enter(st, "coalition", ORDER3, begin=True)
    assert st.view(None)["promises"] == []
    with st.edit():
        enter(st, "action", ORDER3)
    assert "recruit security Shaab" in texts(st)


# ------------------------------------------------------------------ no-attack


def test_no_attack_lets_a_truce_pass_through_but_not_stay() -> None:
    """[Coalition Phase; Glossary: Truces] "no-attack": the promiser brings no units into a zone
    where it would have to fight the recipient. Under a Truce it may pass through, but may
    not stop or drop units there; without one, entering would end the move there."""
    st = position(
        {("Shiite", "sadr_city"): (3, 0), ("Sunni", "zayouna"): (1, 0)},
        [promise("no-attack")],
    )
    act(st, "done")
    act(st, 'move "Sadr City"')
    act(st, "units 3")
    refused(st, "enter Zayouna")  # entering other units ends the move there
    with st.edit() as d:
        d.truces = [("Shiite", "Sunni")]
    assert "enter Zayouna" in texts(st)
    act(st, "enter Zayouna")
    assert "stop" not in texts(st) and not any(t.startswith("drop") for t in texts(st))
    assert "Your promise keeps you from stopping in Zayouna" in st.prompt("Shiite").text
    refused(st, "stop")
    act(st, "enter Rusafa")
    act(st, "stop")
    assert units(st, "Shiite", "rusafa") == (3, 0) and units(st, "Shiite", "zayouna") == (0, 0)


def test_no_attack_allows_the_sanctuary() -> None:
    """[Glossary: Sanctuary] no battle is fought in the Grand Mosque, so entering it attacks
    nobody; "no-entry" still forbids it."""
    placed = {("Shiite", "kadhimiya"): (2, 0), ("Sunni", "grand_mosque"): (1, 0)}
    st = position(placed, [promise("no-attack")])
    act(st, "done")
    act(st, "move Kadhimiya")
    act(st, "units 2")
    act(st, 'enter "Grand Mosque"')
    assert units(st, "Shiite", "grand_mosque") == (2, 0)
    st = position(placed, [promise("no-entry")])
    act(st, "done")
    act(st, "move Kadhimiya")
    act(st, "units 2")
    refused(st, 'enter "Grand Mosque"')


def test_no_attack_leaves_a_mandatory_battle_to_the_other_side() -> None:
    """[Combat Phase] combat is mandatory where two factions meet; a faction that promised not
    to attack does not start it: the other side does (it is the one that started the
    battle)."""
    st = position(
        {("Shiite", "rusafa"): (3, 0), ("Sunni", "rusafa"): (2, 0)}, [promise("no-attack")], phase="combat"
    )
    # one zone, one opponent: nobody is asked, and the Sunni starts the battle
    assert any(e.text == "Battle in Rusafa: Shiite against Sunni (started by Sunni)." for e in st.log)


def test_two_promises_not_to_attack_cannot_stop_a_mandatory_battle() -> None:
    """[Combat Phase] when both sides promised not to attack each other, the rule that combat
    is mandatory prevails: the soonest in turn order starts it (NOTES: Deals)."""
    st = position(
        {("Shiite", "rusafa"): (3, 0), ("Sunni", "rusafa"): (2, 0)},
        [promise("no-attack"), promise("no-attack", "Sunni", ("Shiite",))],
        phase="combat",
    )
    # one zone, one opponent: nobody is asked, and the Shi'ite (soonest) starts it
    assert any(e.text == "Battle in Rusafa: Shiite against Sunni (started by Shiite)." for e in st.log)


def test_no_attack_on_peacekeepers_means_no_battle_with_them() -> None:
    """[Glossary: Peacekeeping] nobody must fight the NGOs; a faction that promised them no
    attack may not start the battle, and if the NGOs decline there is none."""
    order = ["Shiite", "Sunni", "Government", "US", "Jihadist", "NGO"]
    st = position(
        {("Shiite", "rusafa"): (3, 0), ("NGO", "rusafa"): (1, 1)},
        [promise("no-attack", "Shiite", ("NGO",))],
        phase="combat",
        order=order,
        players=6,
    )
    assert only(st) == "NGO" and texts(st) == ["fight Shiite", "decline"]
    act(st, "decline")
    assert not any(e.text.startswith("Battle in Rusafa") for e in st.log)
    assert units(st, "Shiite", "rusafa") == (3, 0) and units(st, "NGO", "rusafa") == (1, 1)


def test_no_attack_refuses_fighting_the_recipient_when_another_foe_is_there() -> None:
    order = ["Shiite", "Sunni", "Government", "US", "Jihadist", "NGO"]
    st = position(
        {
            ("Shiite", "rusafa"): (5, 0),
            ("Sunni", "rusafa"): (1, 0),
            ("Government", "rusafa"): (1, 0),
            ("NGO", "rusafa"): (1, 0),
        },
        [promise("no-attack")],
        phase="combat",
        order=order,
        players=6,
    )
    assert only(st) == "Shiite" and texts(st) == ["fight Government", "fight NGO"]
    message = refused(st, "fight Sunni")
    assert "Shiite will not attack Sunni" in message


# ------------------------------------------------------------------ no-cards


def test_no_cards_protects_the_recipient_from_targeted_cards() -> None:
    """[Coalition Phase] "no-cards": no card aimed at the recipient's hand, PP or units; a card
    that hits every other player (Oil Ministry) is refused altogether."""
    st = position({("Sunni", "adhamiyah"): (2, 0)}, [promise("no-cards")])
    with st.edit():
        give(st, "Shiite", "Corruption", "Oil Ministry", "Car Bomb")
    assert "play Corruption" in texts(st)
    assert 'play "Oil Ministry"' not in texts(st)
    assert "Oil Ministry" in refused(st, 'play "Oil Ministry"')
    act(st, "play Corruption")
    assert texts(st) == ["target Government"]
    refused(st, "target Sunni")
    act(st, "target Government")
    act(st, "done")
    # Car Bomb: the only faction with units is the Sunni, which the promise protects
    assert 'play "Car Bomb"' not in texts(st)
    refused(st, 'play "Car Bomb"')


def test_no_cards_means_no_offense_in_a_battle_with_the_recipient() -> None:
    """[Operational Plans] the promiser may lead with a Command and play Defense, but no
    Offense card against the recipient."""
    st = position(
        {("Shiite", "rusafa"): (3, 0), ("Sunni", "rusafa"): (2, 0)},
        [promise("no-cards")],
        phase="combat",
    )
    with st.edit():
        give(st, "Shiite", "Night Raid", "Cell Structure")
    pass_windows(st)  # then one zone and one opponent: the battle starts without a question
    st.apply("Shiite", 'command "Mahdi Army"')
    assert texts(st, "Shiite") == ["no-offense"]
    with pytest.raises(IllegalAction, match="would break a deal"):
        st.apply("Shiite", 'offense "Night Raid"')
    st.apply("Shiite", "no-offense")
    assert 'defense "Cell Structure"' in texts(st, "Shiite")


# ------------------------------------------------------------------ no-outbid


def test_no_outbid_in_the_next_initiative_phase() -> None:
    """[Coalition Phase; Initiative Phase] "no-outbid": no Political Maneuver or Surge/Jihad,
    and no bid while the recipient holds the high bid."""
    st = fresh(3)
    with st.edit() as d:
        clear_hands(st)
        give(st, "Sunni", "Surge/Jihad")
        give(st, "Shiite", "Air Strike")
        enter(st, "maneuver", ORDER3, begin=True)
        d.promises = [promise("no-outbid", "Sunni", ("Shiite",))]
    # the promise is public, so the Sunni, holding a Surge/Jihad, is not even asked
    while st.view(None)["phase"] == "maneuver":
        assert only(st) != "Sunni"
        act(st, "pass")
    while only(st) != "Shiite":
        act(st, "pass")
    act(st, "bid 1")
    # nor is it asked to outbid the Shi'ite: it passes, and the bidding goes on
    assert only(st) != "Sunni"
    assert [e.text for e in st.log][-2:] == ["Shiite bids 1 PP for the Initiative.", "Sunni passes."]


# ------------------------------------------------------------------ a whole deal


def test_a_promise_made_in_a_deal_binds_the_move_step() -> None:
    """[Coalition Phase] a deal sent and accepted records the promise; the Action Phase then
    refuses what would break it."""
    st = fresh(3)
    with st.edit():
        clear_hands(st)
        clear_map(st)
        put(st, "Shiite", "sadr_city", sec=3)
        put(st, "Sunni", "shaab", sec=1)
        enter(st, "coalition", ORDER3, begin=True)
    act(st, "offer Sunni")
    act(st, "promise no-entry")
    act(st, "send")
    act(st, "accept")
    assert (
        "Shiite will not move, recruit or place units in zones holding units of Sunni"
        in (st.view(None)["promises"][0]["text"])
    )
    while st.view(None)["phase"] == "coalition":
        act(st, "pass")
    assert st.view(None)["phase"] == "action" and only(st) == "Shiite"
    refused(st, "recruit security Shaab")


def test_no_cards_means_no_collateral_damage_against_the_winner() -> None:
    """[Arms Bazaar Cards Post Combat] Collateral Damage played by the loser would take the
    winner's PP: against a faction promised no cards, it is not offered."""
    st = position(
        {("Shiite", "rusafa"): (3, 0), ("Government", "rusafa"): (2, 0)},
        [promise("no-cards", "Government", ("Shiite",))],
        phase="combat",
    )
    with st.edit():
        give(st, "Government", "Collateral Damage", "Rules of Engagement")
    pass_windows(st)  # then one zone and one opponent: the battle starts without a question
    for seat, cmd, commit in (
        ("Shiite", "Mahdi Army", 3),
        ("Government", "Facilities Protection Service", 0),
    ):
        st.apply(seat, f'command "{cmd}"')
        st.apply(seat, "no-offense")
        st.apply(seat, "no-defense")
        st.apply(seat, f"commit {commit}")
    # the reveal window: Rules of Engagement would cancel the Shi'ite plan's card
    assert texts(st, "Government") == ["pass"]
    with pytest.raises(IllegalAction, match="would break a deal"):
        st.apply("Government", 'play "Rules of Engagement"')
    st.apply("Government", "pass")
    assert st.view(None)["pending"]["timing"] == "after_combat"
    assert texts(st, "Government") == ["pass"]
    message = refused(st, 'play "Collateral Damage"', "Government")
    assert "Government will play no Arms Bazaar card against Shiite" in message
