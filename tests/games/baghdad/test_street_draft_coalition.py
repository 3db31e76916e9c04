"""Arab Street Phase, Arms Bazaar draft and Coalition Phase deals (rulebook: Arab Street
Phase, Arms Bazaar Phase, Coalition Phase; Glossary: Truces)."""

from __future__ import annotations

import pytest

from consim.core.errors import IllegalAction
from consim.games.baghdad.board import control_map, stops_move
from consim.games.baghdad.state import Promise

from .conftest import (
    act,
    clear_hands,
    clear_map,
    enter,
    fresh,
    give,
    hand,
    only,
    phase,
    put,
    street_top,
    texts,
    zone,
)

ORDER3 = ["Shiite", "Sunni", "Government"]


def _pp_on_map(st: object, z: str) -> int:
    return int(st.view(None)["zones"][z]["pp"])  # type: ignore[attr-defined]


def test_arab_street_places_each_zones_printed_value() -> None:
    """[Arab Street Phase] three cards a turn; a zone gets its printed PP value (Q&A 1)."""
    st = fresh(3)
    with st.edit():
        clear_hands(st)
        street_top(st, "power_cuts", "market_bombing", "death_squads")
        enter(st, "street", ORDER3)
    z = st.tables.content.zone
    assert _pp_on_map(st, "sadr_city") == z("sadr_city").pp * 2  # Power Cuts and Death Squads
    assert _pp_on_map(st, "rusafa") == z("rusafa").pp
    assert len(st.view(None)["street_turned"]) == 3 and phase(st) == "draft"


def test_stopper_card_ends_the_draws() -> None:
    st = fresh(3)
    with st.edit():
        clear_hands(st)
        street_top(st, "sandstorm", "power_cuts")
        enter(st, "street", ORDER3)
    assert len(st.view(None)["street_turned"]) == 1 and _pp_on_map(st, "sadr_city") == 0


def test_curfew_window_after_each_card_stops_further_draws() -> None:
    """[Arab Street Phase] an Arms Bazaar card may stop further draws; every player holding
    cards is asked at once (so asking reveals nothing)."""
    st = fresh(3)
    with st.edit():
        clear_hands(st)
        give(st, "Sunni", "Curfew")
        give(st, "Government", "Air Strike")
        street_top(st, "power_cuts", "market_bombing", "death_squads")
        enter(st, "street", ORDER3)
    assert set(st.to_act()) == {"Sunni", "Government"}
    assert st.view("Shiite")["pending"]["waiting"] == ["Sunni", "Government"]
    st.apply("Government", "pass")
    st.apply("Sunni", "play Curfew")
    assert len(st.view(None)["street_turned"]) == 1 and phase(st) == "draft"
    assert any("No more Arab Street cards" in e.text for e in st.log)


def test_elections_pay_per_zone_and_bonus_to_most() -> None:
    st = fresh(3)
    with st.edit() as d:
        clear_hands(st)
        street_top(st, "elections")
        d.street = d.street[-1:]  # only this card left: one draw
        d.street_used = [i for i in range(len(st.tables.street_of)) if i not in d.street]
        enter(st, "street", ORDER3)
        before = dict(d.pp)
        control = control_map(st)
    counts = {f: sum(1 for c in control if c == f) for f in ORDER3}
    best = max(counts.values())
    top = next(f for f in ORDER3 if counts[f] == best)
    pp = st.view(None)["pp"]
    for f in ORDER3:
        assert pp[f] - before[f] == counts[f] + (5 if f == top else 0)


def test_draft_packet_passes_right_and_stays_secret() -> None:
    """[Arms Bazaar Phase] the First Player draws one card per player, keeps one and passes
    the rest to his right; nobody else sees them; cards not taken are discarded."""
    st = fresh(3)
    with st.edit():
        clear_hands(st)
        enter(st, "draft", ["Sunni", "Government", "Shiite"], begin=True)
    assert only(st) == "Sunni" and st.view(None)["draft"]["cards"] == 3
    assert "packet" in st.view("Sunni")["draft"] and "packet" not in st.view("Government")["draft"]
    first_pick = texts(st)[0]
    act(st, first_pick)
    assert only(st) == "Government" and st.view(None)["draft"]["cards"] == 2
    assert st.view("Government")["draft"]["packet"] and "packet" not in st.view("Sunni")["draft"]
    act(st, "decline")  # never required to take one
    act(st, texts(st)[0])
    view = st.view(None)
    assert view["phase"] == "coalition"
    assert view["hand_counts"]["Government"] == 0 and view["discard_size"] >= 1


def test_draft_over_hand_limit_forces_a_discard() -> None:
    """[Arms Bazaar Cards] the hand limit may never be exceeded: discard to make room."""
    st = fresh(3)
    with st.edit():
        clear_hands(st)
        give(st, "Shiite", "Air Strike", "Night Raid", "Safe Houses", "Network", "Curfew")
        enter(st, "draft", ORDER3, begin=True)
    act(st, texts(st)[0])
    assert st.view(None)["pending"]["kind"] == "discard" and only(st) == "Shiite"
    act(st, texts(st)[0])
    assert len(hand(st, "Shiite")) == 5


def coalition_ready(players: int = 3, **opts: object) -> object:
    st = fresh(players, **opts)
    with st.edit():
        clear_hands(st)
        enter(st, "coalition", ORDER3, begin=True)
    return st


def test_deal_transfers_pp_and_cards_when_accepted() -> None:
    """[Coalition Phase] an offer built item by item, sent, accepted: the engine moves the
    PP and cards; the recipient chooses the cards asked for."""
    st = fresh(3)
    with st.edit():
        clear_hands(st)
        give(st, "Shiite", "Air Strike")
        give(st, "Sunni", "Safe Houses", "Curfew")
        enter(st, "coalition", ORDER3, begin=True)
    pp = dict(st.view(None)["pp"])
    act(st, "offer Sunni")
    act(st, "give-pp 3")
    act(st, 'give "Air Strike"')
    act(st, "ask-cards 1")
    act(st, "send")
    assert only(st) == "Sunni"
    assert "Air Strike" in st.view("Sunni")["deal"]["terms"]
    assert "terms" not in st.view("Government")["deal"]
    act(st, "accept")
    act(st, 'give "Curfew"')
    view = st.view(None)
    assert view["pp"]["Shiite"] == pp["Shiite"] - 3 and view["pp"]["Sunni"] == pp["Sunni"] + 3
    assert hand(st, "Shiite") == ["Curfew"]
    assert hand(st, "Sunni") == ["Air Strike", "Safe Houses"]
    assert only(st) == "Sunni"  # next dealer


def test_declined_offer_changes_nothing_and_accept_needs_means() -> None:
    st = fresh(3)
    with st.edit() as d:
        clear_hands(st)
        enter(st, "coalition", ORDER3, begin=True)
        d.pp["Sunni"] = 2
    act(st, "offer Sunni")
    with pytest.raises(IllegalAction, match="Coalition Phase"):
        act(st, "ask-pp 3")
    act(st, "ask-pp 2")
    act(st, "send")
    with st.edit() as d:
        d.pp["Sunni"] = 1  # it can no longer pay (cannot happen in play; checks the guard)
    assert texts(st) == ["decline"]
    act(st, "decline")
    assert "deal" not in st.view(None)


def test_truce_lets_units_pass_through_during_move_then_lapses() -> None:
    """[Glossary: Truces] truce partners' units do not stop a move; the truce lasts for the
    Move step of this turn only."""
    st = fresh(3)
    with st.edit():
        clear_hands(st)
        clear_map(st)
        put(st, "Shiite", "sadr_city", sec=2)
        put(st, "Sunni", "adhamiyah", sec=1)
        enter(st, "coalition", ORDER3, begin=True)
    act(st, "offer Sunni")
    act(st, "truce")
    act(st, "promise no-attack")
    act(st, "send")
    act(st, "accept")
    view = st.view(None)
    assert ["Shiite", "Sunni"] in view["truces"]
    assert view["promises"][0]["kind"] == "no-attack"
    assert not stops_move(st, "Shiite", zone(st, "adhamiyah"))
    assert stops_move(st, "Government", zone(st, "adhamiyah"))
    with st.edit():
        enter(st, "maneuver", begin=True)  # the next turn begins
    assert st.view(None)["truces"] == []


def test_offer_to_several_needs_every_acceptance() -> None:
    st = coalition_ready()
    act(st, "offer Sunni")
    act(st, "to Government")
    act(st, "truce")
    act(st, "send")
    act(st, "accept")  # Sunni
    act(st, "decline")  # Government
    view = st.view(None)
    assert view["truces"] == [] and "deal" not in view


def test_promises_last_until_the_next_coalition_phase() -> None:
    st = fresh(3)
    with st.edit() as d:
        d.promises = [Promise(sender="Shiite", to=("Sunni",), kind="no-entry", turn=1)]
    (promise,) = st.view(None)["promises"]
    assert promise["from"] == "Shiite" and promise["to"] == ["Sunni"] and promise["kind"] == "no-entry"
    assert promise["text"] == "Shiite will not move, recruit or place units in zones holding units of Sunni"
    with st.edit():
        enter(st, "coalition", ORDER3, begin=True)
    assert st.view(None)["promises"] == []


def test_coalition_rounds_are_bounded() -> None:
    """Everyone passing ends the phase; otherwise it ends after deal_rounds rounds."""
    st = coalition_ready(deal_rounds=1)
    act(st, "offer Sunni")
    act(st, "truce")
    act(st, "send")
    act(st, "decline")
    act(st, "pass")
    act(st, "pass")
    assert phase(st) == "action"


def test_chat_is_open_in_the_coalition_phase_only() -> None:
    st = fresh(3)
    with st.edit():
        clear_hands(st)
    with pytest.raises(IllegalAction):
        st.apply("Shiite", 'say Sunni "hello"')
    with st.edit():
        enter(st, "coalition", ORDER3, begin=True)
    st.apply("Shiite", 'say Sunni "let us share Rusafa"')
    assert st.chat("Sunni")[-1].text.endswith("let us share Rusafa")
    assert not st.chat("Government")


def test_a_card_played_in_an_open_window_stays_secret_until_all_answer() -> None:
    """Simultaneous choices: the public hand size does not drop until the window closes."""
    st = fresh(3)
    with st.edit():
        clear_hands(st)
        give(st, "Sunni", "Curfew")
        give(st, "Government", "Air Strike")
        street_top(st, "power_cuts", "market_bombing", "death_squads")
        enter(st, "street", ORDER3)
    before = st.view("Government")
    st.apply("Sunni", "play Curfew")
    after = st.view("Government")
    assert after["hand_counts"] == before["hand_counts"]
    assert not any("Curfew" in e.text for e in st.visible_log("Government")[-2:])
    st.apply("Government", "pass")
    assert st.view("Government")["hand_counts"]["Sunni"] == 0


def test_a_window_play_may_be_taken_back_until_all_have_answered() -> None:
    """Simultaneous choices: a seat may retract its answer while others are still choosing;
    its card is back in its hand and it is asked again."""
    st = fresh(3)
    with st.edit():
        clear_hands(st)
        give(st, "Sunni", "Curfew")
        give(st, "Government", "Air Strike")
        street_top(st, "power_cuts", "market_bombing", "death_squads")
        enter(st, "street", ORDER3)
    st.apply("Sunni", "play Curfew")
    assert st.to_act() == ("Government",) and st.view("Sunni")["can_retract"]
    st.apply("Sunni", "retract")
    assert set(st.to_act()) == {"Sunni", "Government"} and hand(st, "Sunni") == ["Curfew"]
    st.apply("Sunni", "pass")
    st.apply("Government", "pass")
    assert len(st.view(None)["street_turned"]) == 2
