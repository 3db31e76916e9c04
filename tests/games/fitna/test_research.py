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
from consim.games.fitna.game import FitnaGame
from consim.games.fitna.rules.common import ELIMINATED
from consim.games.fitna.rules.events import EventsSegment
from consim.games.fitna.testing import in_segment
from tests.games.fitna.conftest import play, position, region_game

VARIANTS = [
    pytest.param(opts, id="-".join(f"{k}={v}" for k, v in opts.items())) for opts in FitnaGame.variants()
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
