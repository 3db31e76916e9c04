"""The optional initiative rule (7.1): secret OP bids at the start of the turn, the order of
play they give (ties in the scenario's order), the cards discarded at once and their OPs
spent in Planning, and the last-turn variant."""

from __future__ import annotations

import pytest

from consim.bots.driver import bots_for
from consim.core.errors import IllegalAction, OptionError
from consim.games.fitna.game import FitnaGame
from consim.games.fitna.rules.bids import bid_order
from consim.games.fitna.rules.turn import Campaign
from consim.games.fitna.state import FitnaState
from consim.games.fitna.testing import empty_hands, give


def start(initiative: str = "bids", scenario: int = 3, seed: int = 2) -> FitnaState:
    """A game past its set-up and opening hands (7.0), at the first bids (or, without bids on
    turn 1, at the first Events segment)."""
    st = FitnaGame(scenario=scenario, initiative=initiative).new_game(seed)
    assert isinstance(st, FitnaState)
    while st.view(st.to_act()[0])["step"] not in ("initiative_bids", "events_segment"):
        seat = st.to_act()[0]
        st.apply(seat, st.legal_actions(seat)[0])
    return st


def cards_of(st: FitnaState, ops: int, n: int) -> list[str]:
    """``n`` different cards of the deck worth ``ops`` OPs."""
    t = st.tables
    names = sorted({t.card_name[c] for c in t.deck if t.card_ops[c] == ops})
    return names[:n]


def deal(st: FitnaState, hands: dict[str, list[str]]) -> None:
    with st.edit() as d:
        empty_hands(d, st)
        for seat, names in hands.items():
            give(d, st, seat, names)


def test_ties_keep_the_scenarios_order() -> None:
    # [7.1] the most OPs first; equal totals in the order of 7.0
    assert bid_order(["Turkey", "Syria", "Iraq"], {"Turkey": 8, "Syria": 8, "Iraq": 10}) == [
        "Iraq",
        "Turkey",
        "Syria",
    ]
    assert bid_order(["A", "B", "C"], {"A": 0, "B": 0, "C": 0}) == ["A", "B", "C"]


def test_two_player_scenarios_refuse_the_option() -> None:
    with pytest.raises(OptionError, match=r"three or more players.*\[7\.1\]"):
        FitnaGame(scenario=1, initiative="bids")


def test_bids_set_the_order_and_are_spent_in_planning() -> None:
    st = start()
    t = st.tables
    first, second, third = t.initiative
    eights, sixes, fours = cards_of(st, 8, 3), cards_of(st, 6, 2), cards_of(st, 4, 3)
    deal(
        st,
        {
            first: [eights[0], fours[0], fours[1]],
            second: [eights[1], fours[2]],
            third: [sixes[0], fours[0] if fours[0] != fours[2] else sixes[1], eights[2]],
        },
    )
    assert set(st.to_act()) == set(t.initiative)
    assert st.view(first)["step"] == "initiative_bids"
    # the third player bids 6 + 4 = 10, the second 8, the first 8: a tie the scenario breaks
    third_bid = [sixes[0], st.data.hands[third] and t.card_name[st.data.hands[third][1]]]
    before = {s: st.view(s) for s in (first, second, None)}
    log_before = {s: st.visible_log(s) for s in (first, second, None)}
    for name in third_bid:
        st.apply(third, t.action("bid", str(name)))
    assert st.view(third)["decision"] == {"bid": third_bid, "bid_ops": 10}
    for s in (first, second, None):  # nobody else learns anything of the bid so far
        assert st.view(s) == before[s]
        assert st.visible_log(s) == log_before[s]
    st.apply(third, t.action("commit"))
    st.apply(second, t.action("bid", eights[1]))
    st.apply(second, t.action("commit"))
    st.apply(first, t.action("bid", eights[0]))
    st.apply(first, t.action("commit"))
    assert st.view(None)["order"] == [third, first, second]
    lines = [e.text for e in st.log if e.rule == "7.1"]
    assert any(line.startswith(f"Initiative bids: {third} 10 OPs") for line in lines)
    assert f"Order of play for turn 1: {third}, {first}, {second}." in lines
    # [7.1] the cards bid are discarded at once
    d = st.data
    assert sorted(t.card_name[c] for c in d.hands[third]) == [eights[2]]
    assert all(any(t.card_name[c] == n for c in d.asset_discard + d.event_discard) for n in third_bid)
    # the third player's phase comes first; its Planning allocates the 10 OPs bid
    assert st.view(third)["active"] == third
    for _ in range(20):
        step = st.view(third)["step"]
        if step == "planning":
            break
        assert step == "events_segment"
        st.apply(third, t.action("done"))
    free = t.seat_free_ops[t.seat_index[third]]
    assert st.view(third)["ops"]["total"] == 10 + free
    allocs = [a for a in st.legal_actions(third) if a.verb == "allocate"]
    assert len(allocs) == 10 + free + 1
    assert not any(a.verb == "ops" for a in st.legal_actions(third))


def test_a_bid_of_nothing_leaves_the_depot_or_nothing() -> None:
    st = start()
    t = st.tables
    first = t.initiative[0]
    for seat in t.initiative:
        st.apply(seat, t.action("commit"))
    assert st.view(None)["order"] == list(t.initiative)
    for _ in range(20):
        if st.view(first)["step"] == "planning":
            break
        st.apply(first, t.action("done"))
    verbs = {a.verb for a in st.legal_actions(first)}
    assert "ops" not in verbs
    assert {"depot", "none"} <= verbs
    assert "bid no card" in st.prompt(first).text


def test_a_bid_may_be_cleared_before_it_is_committed() -> None:
    st = start()
    t = st.tables
    a, b = t.initiative[0], t.initiative[1]
    name = t.card_name[st.data.hands[a][0]]
    st.apply(a, t.action("bid", name))
    assert st.view(a)["decision"]["bid"] == [name]
    st.apply(a, t.action("clear"))
    assert "decision" not in st.view(a)
    assert t.action("bid", name) in st.legal_actions(a)
    st.apply(a, t.action("commit"))
    assert a not in st.to_act() and b in st.to_act()
    with pytest.raises(IllegalAction, match=r"not to act|7\.1"):
        st.apply(a, t.action("bid", name))


def test_the_last_turn_variant_bids_only_on_the_last_turn() -> None:
    st = start("last_turn_bids")
    t = st.tables
    assert st.view(t.initiative[0])["step"] != "initiative_bids"
    assert st.data.turn == 1
    with st.edit() as d:
        d.turn = t.scenario.turns - 1
        st.stack = [Campaign(step="turns")]
    assert st.data.turn == t.scenario.turns
    assert set(st.to_act()) == set(t.initiative)
    assert st.view(t.initiative[0])["step"] == "initiative_bids"


def test_the_heuristic_bot_bids_from_its_hand() -> None:
    """The bot picks at most two cards of its own hand and commits; someone bids a card."""
    st = start(seed=5)
    t = st.tables
    bots = bots_for(st.game, "heuristic", 5)
    hands = {s: sorted(t.card_name[c] for c in st.data.hands[s]) for s in t.seats}
    steps = 0
    while st.to_act() and st.view(st.to_act()[0])["step"] == "initiative_bids":
        seat = st.to_act()[0]
        action = bots[seat].choose(st.view(seat), st.legal_actions(seat))
        if action.verb == "bid":
            assert action.args[0] in hands[seat]
        st.apply(seat, action)
        steps += 1
        assert steps < 20
    line = next(e.text for e in st.log if e.text.startswith("Initiative bids:"))
    assert any(f"{s} 0 OPs" not in line for s in t.seats)
    for s in t.seats:
        spent = len(hands[s]) - len(st.data.hands[s])
        assert 0 <= spent <= 2
