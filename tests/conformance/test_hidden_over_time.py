"""The leak check over time, for every game and variant (``hidden.follow_twins``): after a
position is perturbed for a seat, the following actions show that seat the same view, log
lines, turn order and choices as in the original."""

from __future__ import annotations

from typing import Any

import pytest

from consim.core.rng import Rng
from tests.conformance.hidden import follow_twins
from tests.conformance.test_conformance import CASES, perturber, sample
from tests.depth import depth


@pytest.mark.parametrize(("name", "opts"), CASES)
def test_what_a_seat_is_shown_later_does_not_depend_on_hidden_information(
    name: str, opts: dict[str, Any]
) -> None:
    perturb = perturber(name)
    rng = Rng(29)
    compared = 0
    seeds = depth(1, 2)
    for seed in range(seeds):
        for state, _, _ in sample(name, opts, seed, every=15):
            for seat in [None, *state.game.seats]:
                compared += follow_twins(state, seat, perturb, rng)
    assert compared > 50 * seeds
