"""Secrets (issue #4 §3): the draft packet, deals and Operational Plans stay hidden from
those the rules do not show them to; and the bots play every faction from the view."""

from __future__ import annotations

import json

import pytest

import consim
from consim.bots.driver import bots_for, play_out
from consim.core.rng import Rng
from consim.games.baghdad.bots import HeuristicBot
from consim.games.baghdad.state import BaghdadState
from consim.games.baghdad.testing import perturb
from tests.depth import depth


def _phase_key(st: BaghdadState) -> str | None:
    view = st.view(None)
    if view["phase"] == "draft" and view["draft"]["cards"]:
        return "draft"
    if view["phase"] == "coalition" and "deal" in view:
        return "coalition"
    combat = view.get("combat")
    if combat and combat["stage"] == "plan":
        steps = [st.view(side)["combat"]["my_plan"]["step"] for side in combat["sides"]]
        if any(step != "command" for step in steps):
            return "plan"
    return None


@pytest.mark.slow  # (a full run's, CI's: tests/conftest.py)
def test_views_hide_packet_deals_and_plans() -> None:
    """Re-dealing everything a seat cannot see leaves its view and readable log unchanged,
    in the draft, in the Coalition Phase and before the Operational Plans are revealed."""
    checked = {"draft": 0, "coalition": 0, "plan": 0}
    rng = Rng(3)
    for players in (3, 4, 5, 6):
        game = consim.load_game("baghdad", players=players)
        for seed in range(depth(1, 3)):
            st = game.new_game(seed)
            bots = bots_for(game, "random", seed)
            while not st.is_over():
                assert isinstance(st, BaghdadState)
                key = _phase_key(st)
                if key is not None:
                    for seat in [None, *game.seats]:
                        other, _ = perturb(st, seat, rng, True)
                        assert other.view(seat) == st.view(seat), (key, seat)
                        assert other.visible_log(seat) == st.visible_log(seat)
                    checked[key] += 1
                seat = st.to_act()[0]
                st.apply(seat, bots[seat].choose(st.view(seat), st.legal_actions(seat)))
    assert all(n >= 5 for n in checked.values()), checked


def test_perturb_really_changes_hidden_cards() -> None:
    """The leak check has teeth: other hands do change under perturb."""
    st = consim.load_game("baghdad", players=6).new_game(1)
    other, _ = perturb(st, "Shiite", Rng(1), True)
    assert isinstance(other, BaghdadState) and isinstance(st, BaghdadState)
    assert other.data.hands["Shiite"] == st.data.hands["Shiite"]
    assert other.data.hands != st.data.hands


def test_heuristic_bot_uses_only_the_view() -> None:
    """The bot is given a JSON copy of the view: it cannot reach the state."""
    game = consim.load_game("baghdad", players=4)
    st = game.new_game(2)
    bots = {s: HeuristicBot(game, s, 1) for s in game.seats}
    steps = 0
    while not st.is_over():
        seat = st.to_act()[0]
        view = json.loads(json.dumps(st.view(seat)))
        st.apply(seat, bots[seat].choose(view, st.legal_actions(seat)))
        steps += 1
    assert st.outcome() is not None and steps > 50


@pytest.mark.slow  # (a full run's, CI's: tests/conftest.py)
def test_every_faction_plays_with_heuristic_bots_at_six() -> None:
    game = consim.load_game("baghdad", players=6)
    for seed in range(3):
        st = game.new_game(seed)
        play_out(st, bots_for(game, "heuristic", seed))
        out = st.outcome()
        assert out is not None and set(out.scores) == set(game.seats)


def test_every_log_line_cites_its_rule() -> None:
    """Every log entry names the rulebook section behind it (chat lines excepted)."""
    for players in (3, 6):
        game = consim.load_game("baghdad", players=players)
        st = game.new_game(4)
        play_out(st, bots_for(game, "random", 4))
        missing = [e.text for e in st.log if not e.rule]
        assert not missing, missing[:3]


def test_illegal_actions_cite_the_rule_and_change_nothing() -> None:
    game = consim.load_game("baghdad", players=4)
    st = game.new_game(1)
    seat = st.to_act()[0]
    before = json.dumps(st.to_dict(), sort_keys=True)
    for junk in ("bid 999", "move nowhere", 'play "No Such Card"', "first Nobody"):
        with pytest.raises(consim.IllegalAction, match=r"\[Initiative Phase|\[Arms Bazaar Cards"):
            st.apply(seat, junk)
    assert json.dumps(st.to_dict(), sort_keys=True) == before


def test_an_offer_being_built_is_dealt_again_for_the_others() -> None:
    """[Coalition Phase] the terms of an offer are its sender's secret until it is sent: a third
    faction's re-deal for search does not depend on them (issue 31, section 2), and sending it
    shows the table its public terms (a reveal: no undo past it)."""
    from .conftest import act, enter, fresh

    st = fresh(3, seed=2)
    with st.edit() as d:
        d.pp = {"Shiite": 9, "Sunni": 9, "Government": 9}
        enter(st, "coalition", ["Shiite", "Sunni", "Government"])
    for text in ("offer Sunni", "give-pp 2"):
        act(st, text)
    twin = st.clone()
    twin.data.pp["Shiite"] = 9
    deal = twin.stack[-1].deal  # type: ignore[attr-defined]
    deal.give_pp, deal.ask_pp = 0, 3
    twin.refresh()
    assert twin.view("Government") == st.view("Government")
    assert twin.view("Sunni") == st.view("Sunni")  # the recipient sees nothing before it is sent
    for seed in range(10):
        a, b = st.determinize("Government", Rng(seed)), twin.determinize("Government", Rng(seed))
        assert a.to_dict() == b.to_dict()
    mine = st.determinize("Shiite", Rng(0)).stack[-1].deal  # type: ignore[attr-defined]
    assert mine.give_pp == 2  # the sender knows its own terms
    act(st, "send")
    assert not st.can_undo()
