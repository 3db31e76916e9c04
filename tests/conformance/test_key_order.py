"""A saved position means the same whatever order its JSON lists keys in (issue 31, section 4):
a state restored from a save whose every object has its keys reversed plays on exactly as the
original does, log lines in the same order (Battle for Baghdad logged its bid payments in the
order the saved bids happened to be listed)."""

from __future__ import annotations

from typing import Any

import pytest

import consim
from consim.core.rng import Rng


def reversed_keys(value: Any) -> Any:
    """``value`` with the keys of every object, at every depth, in reverse order."""
    if isinstance(value, dict):
        return {k: reversed_keys(value[k]) for k in reversed(list(value))}
    if isinstance(value, list):
        return [reversed_keys(v) for v in value]
    return value


@pytest.mark.parametrize("name", consim.list_games())
def test_a_save_with_its_keys_in_another_order_plays_the_same(name: str) -> None:
    game = consim.load_game(name)
    compared = 0
    every = 12 if name == "fitna" else 4  # Fitna's positions are large: fewer of them
    for seed in range(2):
        state = game.new_game(seed)
        rng = Rng(seed + 500)
        k = 0
        while not state.is_over() and k < 240:
            if k % every == 0:
                twin = game.restore(reversed_keys(state.to_dict()))
                a, b = state.clone(), twin
                moves = Rng(seed * 1_000 + k)
                for _ in range(20):
                    if a.is_over():
                        break
                    seat = a.to_act()[0]
                    legal = a.legal_actions(seat)
                    assert b.legal_actions(seat) == legal
                    choice = legal[moves.randbelow(len(legal))]
                    a.apply(seat, choice)
                    b.apply(seat, choice)
                assert [e.text for e in b.log] == [e.text for e in a.log]
                assert b.to_dict() == a.to_dict()
                compared += 1
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randbelow(len(legal))])
            k += 1
    assert compared > 10
