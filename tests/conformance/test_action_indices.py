"""Every legal action of every decision has an index in its game's action space, and the index
gives the action back (issue 31, section 1): in every game and variant, over many random games
and heuristic ones. A gap in a grammar makes ``legal_mask`` raise ``NotInActionSpace`` and ends
every learning episode that reaches it, so the check covers whole games, not samples.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import consim
from consim.bots.driver import bots_for
from consim.core.rng import Rng
from tests.depth import depth, variant_cases

CASES = variant_cases()

#: random games per variant, and heuristic ones (Fitna's are long: fewer); CONSIM_TESTS=thorough
#: plays 16 and 3 (Fitna 8 and 2)
RANDOM_GAMES = {"fitna": depth(2, 8), "other": depth(4, 16)}
HEURISTIC_GAMES = {"fitna": depth(1, 2), "other": depth(1, 3)}


def _check_every_decision(game: consim.Game, state: consim.State, choose: Any) -> int:
    """Play ``state`` to the end with ``choose(state, seat, legal)``, checking every legal action
    of every seat asked; returns how many actions were checked."""
    space = game.action_space
    checked = 0
    state.keep_undo = False
    while not state.is_over():
        seat = state.to_act()[0]
        for asked in state.to_act():
            legal = state.legal_actions(asked)
            indices = []
            for action in legal:
                index = game.action_index(action)  # NotInActionSpace for a gap in the grammar
                assert game.action_at(index) == action, f"{action.text} does not round-trip"
                indices.append(index)
            assert len(set(indices)) == len(legal), "two legal actions share an index"
            mask = state.legal_mask(asked)
            assert mask.shape == (space.size,) and int(mask.sum()) == len(legal)
            assert sorted(np.flatnonzero(mask).tolist()) == sorted(indices)
            checked += len(legal)
        state.apply(seat, choose(state, seat, state.legal_actions(seat)))
    return checked


def _random(seed: int) -> Any:
    rng = Rng(seed + 7_000)
    return lambda state, seat, legal: legal[rng.randbelow(len(legal))]


def _heuristic(game: consim.Game, seed: int) -> Any:
    bots = bots_for(game, "heuristic", seed)

    def choose(state: consim.State, seat: str, legal: list[consim.Action]) -> consim.Action:
        bot = bots[seat]
        return bot.choose(state.view(seat) if bot.uses_view else {}, legal)

    return choose


@pytest.mark.parametrize(("name", "opts"), CASES)
def test_every_legal_action_has_an_index_that_gives_it_back(name: str, opts: dict[str, Any]) -> None:
    game = consim.load_game(name, **opts)
    checked = 0
    for seed in range(RANDOM_GAMES.get(name, RANDOM_GAMES["other"])):
        checked += _check_every_decision(game, game.new_game(seed), _random(seed))
    for seed in range(HEURISTIC_GAMES.get(name, HEURISTIC_GAMES["other"])):
        checked += _check_every_decision(game, game.new_game(1_000 + seed), _heuristic(game, seed))
    assert checked > 1_000
