"""The Actions Phase menu is built once per position and kept in ``State.cache`` (see
``rules.actions.Actions.menu``). A stale menu would offer actions of a position that is gone, so at
every decision of whole games the live state must offer exactly what a state rebuilt from its
saved form offers, and a clone must go its own way without touching the original."""

from __future__ import annotations

import random

import pytest

import consim


@pytest.mark.parametrize("advanced", [False, True])
def test_the_memoised_menu_always_matches_a_fresh_state(advanced: bool) -> None:
    game = consim.load_game("jihad", advanced=advanced)
    state = game.new_game(11)
    pick = random.Random(11)
    decisions = 0
    while state.to_act():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        assert legal == game.restore(state.to_dict()).legal_actions(seat), decisions
        action = pick.choice(legal)
        if decisions % 17 == 0:
            twin = state.clone()
            twin.apply(seat, action)
            assert state.legal_actions(seat) == legal  # the clone's move leaves the original alone
        state.apply(seat, action)
        decisions += 1
    assert decisions > 200
