"""[5.1, 5.2] Both ends of the victory scale are reached in real play, with every rule in force,
not only in hand-built positions (those are in test_content.py).

The dice decide how far a sound player can go. With every die showing 6 each attack of the
player's wins, no Land converts to Islam and every new Ruler is the best; the heuristic bot then
holds the Arabs to the bottom of the scale. With every die showing 1 the opposite happens and
Rome falls.
"""

from __future__ import annotations

import pytest

import consim
from consim.bots.driver import play_out
from consim.core.game import Outcome
from consim.core.rng import Rng
from consim.games.jihad.bots import HeuristicBot
from consim.games.jihad.state import JihadState


class FixedDie(Rng):
    """A generator whose d6 always shows one face; shuffles and other draws stay random."""

    __slots__ = ("face",)

    def __init__(self, seed: int = 0, calls: int = 0, face: int = 6) -> None:
        super().__init__(seed, calls)
        self.face = face

    def randint(self, a: int, b: int) -> int:
        if (a, b) == (1, 6):
            self.calls += 1
            return self.face
        return super().randint(a, b)

    def copy(self) -> FixedDie:
        return FixedDie(self.state, self.calls, self.face)


def play(face: int, seed: int, advanced: bool) -> Outcome:
    game = consim.load_game("jihad", advanced=advanced)
    state = game.new_game(seed)
    assert isinstance(state, JihadState)
    state.rng = FixedDie(state.rng.state, state.rng.calls, face)
    play_out(state, {"player": HeuristicBot(game, "player", seed)})
    outcome = state.outcome()
    assert outcome is not None
    return outcome


def test_5_2_the_advanced_game_reaches_the_lowest_level_in_play() -> None:
    outcome = play(6, seed=0, advanced=True)
    assert outcome.ending == "card 50 (5.2)"
    assert outcome.points is not None and outcome.points < -15, outcome
    assert outcome.level == "-16 or lower"
    assert outcome.details["breakdown"]["E_kaaba"] == -10  # the Syrians end broken (Ka'aba 2)
    assert outcome.winners == ("player",)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_5_2_the_basic_game_reaches_the_two_lowest_levels_in_play(seed: int) -> None:
    outcome = play(6, seed=seed, advanced=False)
    assert outcome.ending == "card 50 (5.2)"
    assert outcome.points is not None and outcome.points <= 0, outcome


@pytest.mark.parametrize("advanced", [False, True])
def test_5_1_with_every_die_a_one_rome_falls(advanced: bool) -> None:
    outcome = play(1, seed=0, advanced=advanced)
    assert outcome.ending == "driven out of Rome (5.1)"
    assert outcome.points is not None and outcome.points >= 56
