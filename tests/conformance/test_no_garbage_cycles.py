"""A position nobody holds any more is freed at once, by reference counting: no game's state
is a garbage cycle. A server keeps hundreds of positions and drops them as games move on (bots
decide on copies, caches restore); a cycle in each would leave them all to Python's cyclic
collector, whose passes over a server's objects stopped its requests for hundreds of
milliseconds. Fitna's menus once kept their state in the state's own cache."""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator
from typing import Any

import pytest

import consim

CASES = [
    pytest.param("iraq", {"players": 5}, id="iraq"),
    pytest.param("jihad", {"advanced": True}, id="jihad", marks=pytest.mark.slow),
    pytest.param("baghdad", {"players": 4}, id="baghdad", marks=pytest.mark.slow),
    pytest.param("fitna", {"scenario": 1}, id="fitna"),
    pytest.param("fitna", {"scenario": 11}, id="fitna-11", marks=pytest.mark.slow),
]


@pytest.fixture
def collector_off() -> Iterator[None]:
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


@pytest.mark.parametrize(("name", "options"), CASES)
def test_a_dropped_position_leaves_no_garbage_cycle(
    name: str, options: dict[str, Any], collector_off: None
) -> None:
    game = consim.load_game(name, **options)
    state = game.new_game(seed=3)
    rng = random.Random(5)
    for step in range(120):
        if state.is_over():
            break
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        if step % 20 == 0:
            gc.collect()  # what loading the rules and playing left (not what is tested here)
            copy = state.clone()  # as a bot does: decide on a copy, then drop it
            for s in copy.to_act():
                copy.legal_actions(s)
                copy.view(s)
            saved = game.restore(state.to_dict(undo=True))  # as a server's cache does
            saved.legal_actions(saved.to_act()[0])
            del copy, saved
            assert gc.collect() == 0, f"after {step + 1} actions, a dropped position was a garbage cycle"
