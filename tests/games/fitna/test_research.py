"""Fitna's research surface (issue 31): every legal action has an index in the action space and
comes back from it, and ``determinize`` depends on nothing the seat cannot know.

``FITNA_RESEARCH_SEEDS`` raises the number of random games per variant (3 by default)."""

from __future__ import annotations

import os
import random
from dataclasses import replace
from typing import Any

import pytest

from consim.bots.base import decide, make_bot
from consim.core.game import State
from consim.core.rng import Rng
from consim.games.fitna.board import stacks
from consim.games.fitna.game import FitnaGame
from consim.games.fitna.rules.common import ELIMINATED, POOL
from consim.games.fitna.rules.events import EventsSegment
from consim.games.fitna.state import FitnaState, Unit
from consim.games.fitna.testing import in_segment, perturb
from tests.games.fitna.conftest import play, position, region_game, scenarios

VARIANTS = [
    pytest.param(
        opts, id="-".join(f"{k}={v}" for k, v in opts.items()), marks=[pytest.mark.slow] if i else []
    )
    for i, opts in enumerate(FitnaGame.variants())
]
SEEDS = range(int(os.environ.get("FITNA_RESEARCH_SEEDS", "3")))


def check_indices(state: State, seat: str) -> int:
    """Every legal action of ``seat`` has an index that gives it back, and the mask is the legal
    set; returns how many actions were checked."""
    game = state.game
    legal = state.legal_actions(seat)
    for action in legal:
        assert game.action_at(game.action_index(action)) == action, action.text
    assert int(state.legal_mask(seat).sum()) == len(set(legal))
    return len(legal)


def test_kremlin_escalates_rebuild_on_a_space_has_an_index() -> None:
    """#87 Kremlin Escalates offers 'rebuild UNIT on SPACE', which the grammar could not form:
    legal_mask raised NotInActionSpace and every adapter died mid-episode."""

    def edit(d: Any, st: Any) -> None:
        t = st.tables
        d.jokers = dict.fromkeys(t.seats, 0)
        d.tension = 5
        u = t.unit_by_label["810 Marine Bde"]
        d.units[u] = replace(d.units[u], at=t.n_spaces + ELIMINATED)

    st = position(
        region_game(),
        {"56 Para Bde": "Latakia"},
        hands={"Syria": ["Kremlin Escalates"]},
        edit=edit,
        frames=lambda st: in_segment(st, "Syria", [EventsSegment(seat="Syria")], step="supply"),
    )
    play(st, 'play "Kremlin Escalates"')
    legal = [a.text for a in st.legal_actions("Syria")]
    assert 'rebuild "810 Marine Bde" on Tartus' in legal
    assert check_indices(st, "Syria") == len(legal)


@pytest.mark.parametrize("opts", VARIANTS)
def test_every_legal_action_has_an_index_that_gives_it_back(opts: dict[str, Any]) -> None:
    """Every legal action of every decision, in random games and a game of heuristic bots of
    each variant, has an index in the action space, and ``action_at`` gives the action back."""
    game = FitnaGame(**opts)
    checked = 0
    for seed in SEEDS:
        state = game.new_game(seed)
        state.keep_undo = False
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            checked += check_indices(state, seat)
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
    state = game.new_game(100)
    state.keep_undo = False
    bots = {s: make_bot(game, "heuristic", s, i) for i, s in enumerate(game.seats)}
    while not state.is_over():
        seat = state.to_act()[0]
        checked += check_indices(state, seat)
        state.apply(seat, decide(bots[seat], state, seat, state.legal_actions(seat)))
    assert checked > 1000


# =============================================================================================
# determinize depends on nothing the seat cannot know (issue 31 section 2)
# =============================================================================================


def same_deals(state: State, twin: State, seat: str | None, deals: int = 3) -> bool:
    return all(
        state.determinize(seat, Rng(n)).to_dict() == twin.determinize(seat, Rng(n)).to_dict()
        for n in range(deals)
    )


@pytest.mark.parametrize("scenario", scenarios(range(1, 12)))
def test_positions_a_seat_cannot_tell_apart_give_the_same_deals(scenario: int) -> None:
    """Two positions a seat cannot tell apart (the second made by ``perturb``, which re-deals
    hands, piles, face-down discards, unseen units, their reduced sides and the IS counters)
    determinize identically for the same generator, for every seat and a spectator, at
    positions along a random game. Before, the unseen units' reduced sides and sizes, the IS
    counters of a stack the seat had attacked and the face-down discards carried over into
    the deals."""
    game = FitnaGame(scenario=scenario)
    state = game.new_game(scenario)
    state.keep_undo = False
    rng = random.Random(scenario)
    every = 40 * max(1, len(game.seats) * game.tables.scenario.turns // 12)
    checked = decisions = 0
    while not state.is_over():
        seat = state.to_act()[0]
        if decisions % every == 0:
            for who in [None, *game.seats]:
                twin, _ = perturb(state, who, Rng(decisions), True)
                assert same_deals(state, twin, who, 2), f"{who}, decision {decisions}"
                checked += 1
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
        decisions += 1
    assert checked > 20


def hidden_position() -> FitnaState:
    """Turkey has vetoed with Peace Talks (a card only it saw go); Syria has a reduced unit and
    two full ones in stacks nobody has seen; IS has two counters on a stack Iraq has attacked
    and two in its Force Pool; Turkey two stacks Iraq has not seen, one with a corps."""

    def edit(d: Any, st: Any) -> None:
        t = st.tables
        d.jokers = dict.fromkeys(t.seats, 0)
        known = t.space_by_name["Raqqa"]
        d.known[known] = 1 << t.seat_index["Iraq"]
        c = t.card_by_name["Peace Talks"][0]
        d.hands["Turkey"].remove(c)
        d.event_discard.append(c)
        d.discard_seen[c] = 1 << t.seat_index["Turkey"]
        for label in ("Wilayat Ninawa", "Decoy (IS)"):  # in the IS Force Pool, face down
            d.units[t.unit_by_label[label]] = Unit(at=t.n_spaces + POOL)

    return position(
        region_game(),
        {
            "5 Mech Div": "Homs",
            "7 Mech Div": "Homs",
            "10 Mech Div": "Hama",
            "Wilayat Raqqa": "Raqqa",
            "Jaysh Dabiq": "Raqqa",
            "4 Cps": "Kilis",
            "1 Cdo Bde": "Hatay",
            "3 Cdo Bde (Turkey)": "Hatay",
            "1 Mech Div": "Mosul",
        },
        reduced=("5 Mech Div",),
        hands={"Turkey": ["Peace Talks", "Arms Deliveries"], "Syria": ["Terror Attack"]},
        edit=edit,
    )


def test_perturb_and_determinize_re_deal_every_hidden_value() -> None:
    """What Iraq cannot know is re-dealt: which Syrian unit is reduced (one of the three, as
    before), where the Turkish corps stands (alone or with a brigade), which IS counters stand
    on Raqqa although Iraq has seen the stack (they are face down again), and the card Turkey
    discarded face down (it may be in a hand in a deal); Turkey's own deals keep its discard.
    Twins give Iraq the same deals."""
    st = hidden_position()
    t = st.tables
    data = st.data
    reduced, corps_alone, raqqa, discard = set(), set(), set(), set()
    peace = t.card_by_name["Peace Talks"][0]
    for n in range(40):
        twin, _ = perturb(st, "Iraq", Rng(n), True)
        assert isinstance(twin, FitnaState)
        d = twin.data
        syrians = [t.unit_by_label[x] for x in ("5 Mech Div", "7 Mech Div", "10 Mech Div")]
        assert sum(d.units[u].reduced for u in syrians) == 1
        reduced.update(t.unit_label[u] for u in syrians if d.units[u].reduced)
        corps = d.units[t.unit_by_label["4 Cps"]].at
        corps_alone.add(len(stacks(twin)[corps]) == 1)
        raqqa.update(t.unit_label[u] for u in stacks(twin)[t.space_by_name["Raqqa"]])
        discard.add(t.card_name[d.event_discard[-1]])
        assert twin.view("Iraq") == st.view("Iraq")
        assert same_deals(st, twin, "Iraq", 1)
        turkey, _ = perturb(st, "Turkey", Rng(n), True)
        assert turkey.data.event_discard[-1] == peace  # type: ignore[attr-defined]
    assert reduced == {"5 Mech Div", "7 Mech Div", "10 Mech Div"}
    assert corps_alone == {True, False}
    assert len(raqqa) > 2 and discard > {"Peace Talks"}
    assert data.event_discard[-1] == peace and data.units[t.unit_by_label["5 Mech Div"]].reduced
    deals = [st.determinize("Iraq", Rng(n)) for n in range(40)]
    assert any(peace in x.data.hands["Turkey"] for x in deals)  # type: ignore[attr-defined]
    assert all(
        x.data.event_discard[-1] == peace for x in (st.determinize("Turkey", Rng(n)) for n in range(10))
    )  # type: ignore[attr-defined]


def test_a_veto_discards_a_card_only_its_player_knows() -> None:
    """[#90, 30.0] The vetoing player's card goes face down: only he knows it (the others'
    deals may hold it in a hand)."""
    from consim.games.fitna.testing import give

    def edit(d: Any, st: Any) -> None:
        t = st.tables
        d.jokers = dict.fromkeys(t.seats, 0)
        d.turn = 3
        d.tension = 8

    st = position(
        region_game(),
        {"56 Para Bde": "Latakia"},
        hands={"Iraq": ["UN Security Council"]},
        edit=edit,
        frames=lambda st: in_segment(st, "Iraq", [EventsSegment(seat="Iraq")], step="supply"),
    )
    with st.edit() as d:
        give(d, st, "Syria", ["Peace Talks"])
    play(st, 'play "UN Security Council"', 'veto "Peace Talks"')
    t = st.tables
    card = st.data.event_discard[-1]
    assert t.card_name[card] == "Peace Talks"
    assert st.data.discard_seen == {card: 1 << t.seat_index["Syria"]}
    assert "You discard Peace Talks." in [e.text for e in st.visible_log("Syria")]
    assert "You discard Peace Talks." not in [e.text for e in st.visible_log("Iraq")]


def test_positions_saved_before_the_face_down_discards_were_recorded_still_restore() -> None:
    """A saved position without ``discard_seen`` (saved before it existed) restores with none;
    one naming a card that is not on a discard pile is refused."""
    from consim.core.errors import RestoreError

    st = FitnaGame(scenario=1).new_game(0)
    play(st, 'take "2 Assets, 2 Events"')
    saved = st.to_dict(undo=True)
    old = {**saved, "data": dict(saved["data"])}
    del old["data"]["discard_seen"]
    if "undo" in saved:
        old["undo"] = {**saved["undo"], "data": dict(saved["undo"]["data"])}
        del old["undo"]["data"]["discard_seen"]
    assert st.game.restore(old).to_dict(undo=True) == saved
    card = saved["data"]["asset_pile"][0]
    bad = {**saved, "data": {**saved["data"], "discard_seen": {card: 1}}}
    with pytest.raises(RestoreError, match="discard_seen"):
        st.game.restore(bad)
