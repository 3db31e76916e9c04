"""Arab Street Phase, Arms Bazaar draft and Coalition Phase deals (rulebook: Arab Street
Phase, Arms Bazaar Phase, Coalition Phase; Glossary: Truces)."""

from __future__ import annotations

import pytest

from consim.core.errors import IllegalAction

from .conftest import (
    act,
    clear_hands,
    clear_map,
    enter_phase,
    fresh,
    give,
    only,
    put,
    street_top,
    texts,
)

ORDER3 = ["Shiite", "Sunni", "Government"]


def test_arab_street_places_each_zones_printed_value() -> None:
    """[Arab Street Phase] three cards a turn; a zone gets its printed PP value (Q&A 1)."""
    st = fresh(3)
    clear_hands(st)
    street_top(st, "power_cuts", "market_bombing", "death_squads")
    enter_phase(st, "street", ORDER3)
    z = st.g.zone
    assert st.s["zpp"]["sadr_city"] == z["sadr_city"].pp * 2  # Power Cuts and Death Squads
    assert st.s["zpp"]["rusafa"] == z["rusafa"].pp
    assert st.s["draws"] == 3 and st.s["phase"] == "draft"


def test_stopper_card_ends_the_draws() -> None:
    st = fresh(3)
    clear_hands(st)
    street_top(st, "sandstorm", "power_cuts")
    enter_phase(st, "street", ORDER3)
    assert st.s["draws"] == 1 and "sadr_city" not in st.s["zpp"]


def test_curfew_window_after_each_card_stops_further_draws() -> None:
    """[Arab Street Phase] an Arms Bazaar card may stop further draws; every player holding
    cards is asked at once (so asking reveals nothing)."""
    st = fresh(3)
    clear_hands(st)
    give(st, "Sunni", "Curfew")
    give(st, "Government", "Air Strike")
    street_top(st, "power_cuts", "market_bombing", "death_squads")
    enter_phase(st, "street", ORDER3)
    assert set(st.to_act()) == {"Sunni", "Government"}
    assert st.view("Shiite")["pending"]["waiting"] == ["Sunni", "Government"]
    st.apply("Government", "pass")
    st.apply("Sunni", "play Curfew")
    assert st.s["stopped"] and st.s["draws"] == 1 and st.s["phase"] == "draft"


def test_elections_pay_per_zone_and_bonus_to_most() -> None:
    st = fresh(3)
    clear_hands(st)
    street_top(st, "elections")
    st.s["street"] = st.s["street"][-1:]  # only this card left: one draw
    st.s["street_used"] = [i for i in range(len(st.g.street_cards)) if i not in st.s["street"]]
    before = dict(st.s["pp"])
    control = st.control_map()
    enter_phase(st, "street", ORDER3)
    counts = {f: sum(1 for c in control.values() if c == f) for f in ORDER3}
    best = max(counts.values())
    top = next(f for f in ORDER3 if counts[f] == best)
    for f in ORDER3:
        assert st.s["pp"][f] - before[f] == counts[f] + (5 if f == top else 0)


def test_draft_packet_passes_right_and_stays_secret() -> None:
    """[Arms Bazaar Phase] the First Player draws one card per player, keeps one and passes
    the rest to his right; nobody else sees them; cards not taken are discarded."""
    st = fresh(3)
    clear_hands(st)
    set_first = ["Sunni", "Government", "Shiite"]
    st.s["order"] = set_first
    st._start_draft()
    st._after_change()
    assert only(st) == "Sunni" and len(st.s["packet"]) == 3
    assert "packet" in st.view("Sunni")["draft"] and "packet" not in st.view("Government")["draft"]
    first_pick = texts(st)[0]
    act(st, first_pick)
    assert only(st) == "Government" and len(st.s["packet"]) == 2
    assert st.view("Government")["draft"]["packet"] and "packet" not in st.view("Sunni")["draft"]
    act(st, "decline")  # never required to take one
    act(st, texts(st)[0])
    assert st.s["phase"] == "coalition"
    assert len(st.s["hands"]["Government"]) == 0 and len(st.s["discard"]) >= 1


def test_draft_over_hand_limit_forces_a_discard() -> None:
    """[Arms Bazaar Cards] the hand limit may never be exceeded: discard to make room."""
    st = fresh(3)
    clear_hands(st)
    give(st, "Shiite", "Air Strike", "Night Raid", "Safe Houses", "Network", "Curfew")
    st.s["order"] = ORDER3
    st._start_draft()
    st._after_change()
    act(st, texts(st)[0])
    assert st.s["stack"][-1]["k"] == "discard" and only(st) == "Shiite"
    act(st, texts(st)[0])
    assert len(st.s["hands"]["Shiite"]) == 5


def test_deal_transfers_pp_and_cards_when_accepted() -> None:
    """[Coalition Phase] an offer built item by item, sent, accepted: the engine moves the
    PP and cards; the recipient chooses the cards asked for."""
    st = fresh(3)
    clear_hands(st)
    give(st, "Shiite", "Air Strike")
    give(st, "Sunni", "Safe Houses", "Curfew")
    st.s["order"] = ORDER3
    st._start_coalition()
    st._after_change()
    pp = dict(st.s["pp"])
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
    assert st.s["pp"]["Shiite"] == pp["Shiite"] - 3 and st.s["pp"]["Sunni"] == pp["Sunni"] + 3
    names = st.g.card_name
    assert [names[c] for c in st.s["hands"]["Shiite"]] == ["Curfew"]
    assert sorted(names[c] for c in st.s["hands"]["Sunni"]) == ["Air Strike", "Safe Houses"]
    assert only(st) == "Sunni"  # next dealer


def test_declined_offer_changes_nothing_and_accept_needs_means() -> None:
    st = fresh(3)
    clear_hands(st)
    st.s["order"] = ORDER3
    st._start_coalition()
    st.s["pp"]["Sunni"] = 2
    st._after_change()
    act(st, "offer Sunni")
    with pytest.raises(IllegalAction, match="Coalition Phase"):
        act(st, "ask-pp 3")
    act(st, "ask-pp 2")
    act(st, "send")
    st.s["pp"]["Sunni"] = 1  # it can no longer pay (cannot happen in play; checks the guard)
    st._after_change()
    assert texts(st) == ["decline"]
    act(st, "decline")
    assert st.s["deal"] is None


def test_truce_lets_units_pass_through_during_move_then_lapses() -> None:
    """[Glossary: Truces] truce partners' units do not stop a move; the truce lasts for the
    Move step of this turn only."""
    st = fresh(3)
    clear_hands(st)
    clear_map(st)
    put(st, "Shiite", "sadr_city", sec=2)
    put(st, "Sunni", "adhamiyah", sec=1)
    st.s["order"] = ORDER3
    st._start_coalition()
    st._after_change()
    act(st, "offer Sunni")
    act(st, "truce")
    act(st, "promise no-attack")
    act(st, "send")
    act(st, "accept")
    assert ["Shiite", "Sunni"] in st.s["truces"]
    assert st.s["promises"][0]["kind"] == "no-attack"
    assert not st._stops_move("Shiite", "adhamiyah")
    assert st._stops_move("Government", "adhamiyah")
    st._start_turn()
    assert st.s["truces"] == []


def test_offer_to_several_needs_every_acceptance() -> None:
    st = fresh(3)
    clear_hands(st)
    st.s["order"] = ORDER3
    st._start_coalition()
    st._after_change()
    act(st, "offer Sunni")
    act(st, "to Government")
    act(st, "truce")
    act(st, "send")
    act(st, "accept")  # Sunni
    act(st, "decline")  # Government
    assert st.s["truces"] == [] and st.s["deal"] is None


def test_promises_last_until_the_next_coalition_phase() -> None:
    st = fresh(3)
    st.s["promises"] = [{"from": "Shiite", "to": ["Sunni"], "kind": "no-entry", "turn": 1}]
    st.s["order"] = ORDER3
    st._start_coalition()
    assert st.s["promises"] == []


def test_coalition_rounds_are_bounded() -> None:
    """Everyone passing ends the phase; otherwise it ends after deal_rounds rounds."""
    st = fresh(3, deal_rounds=1)
    clear_hands(st)
    st.s["order"] = ORDER3
    st._start_coalition()
    st._after_change()
    act(st, "offer Sunni")
    act(st, "truce")
    act(st, "send")
    act(st, "decline")
    act(st, "pass")
    act(st, "pass")
    assert st.s["phase"] == "action"


def test_chat_is_open_in_the_coalition_phase_only() -> None:
    st = fresh(3)
    clear_hands(st)
    with pytest.raises(IllegalAction):
        st.apply("Shiite", 'say Sunni "hello"')
    st.s["order"] = ORDER3
    st._start_coalition()
    st._after_change()
    st.apply("Shiite", 'say Sunni "let us share Rusafa"')
    assert st.visible_log("Sunni")[-1].text.endswith("let us share Rusafa")
    assert st.visible_log("Government")[-1].text != st.visible_log("Sunni")[-1].text


def test_a_card_played_in_an_open_window_stays_secret_until_all_answer() -> None:
    """Simultaneous choices: the public hand size does not drop until the window closes."""
    st = fresh(3)
    clear_hands(st)
    give(st, "Sunni", "Curfew")
    give(st, "Government", "Air Strike")
    street_top(st, "power_cuts", "market_bombing", "death_squads")
    enter_phase(st, "street", ORDER3)
    before = st.view("Government")
    st.apply("Sunni", "play Curfew")
    after = st.view("Government")
    assert after["hand_counts"] == before["hand_counts"]
    assert not any("Curfew" in e.text for e in st.visible_log("Government")[-2:])
    st.apply("Government", "pass")
    assert st.view("Government")["hand_counts"]["Sunni"] == 0
