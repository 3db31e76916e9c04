"""Gymnasium environments for The First Jihad, the solitaire game (the rules run the Arabs).

Importing this module registers ``consim/Jihad-v0`` (the Basic Game) and
``consim/JihadAdvanced-v0`` (the Advanced Game):

>>> import gymnasium
>>> import consim.rl.gym
>>> e = gymnasium.make("consim/Jihad-v0")
>>> obs, info = e.reset(seed=3)
>>> obs.shape == e.observation_space.shape, info["action_mask"].dtype.name
(True, 'int8')

* Observations: the player's float32 observation vector (``state.observation("player")``,
  laid out by ``game.observation_spec()``), in a ``Box`` of its documented ranges.
* Actions: ``Discrete(game.num_actions())``, indices into the game's fixed action space.
* Action masks: ``info["action_mask"]`` (int8, 1 where legal) after every ``reset`` and
  ``step``, and :meth:`JihadEnv.action_masks` (booleans), which sb3-contrib's ``MaskablePPO``
  calls.
* Reward: paid once, at the end, from the Outcome: by default the seat's score
  (``reward="score"``), which is minus the Outcome Points (the player wants few of them), in
  -200..200; ``"normalized"`` maps it to 0..1, ``"win"`` gives +1 for a win (below the
  historical band) and -1 otherwise (:mod:`consim.rl.common`). ``info["outcome_points"]``
  and ``info["level"]`` report the result at the end.
* An illegal action leaves the position unchanged and costs ``illegal_reward`` (default -1);
  ``info["illegal"]`` is then true. Masked agents never choose one; unmasked ones learn to
  avoid them.
* Truncation: after ``max_steps`` steps (default ``game.info().max_decisions``), illegal
  ones included.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from consim.core.game import Game
from consim.core.state import State
from consim.rl.common import (
    RENDER_MODES,
    check_render_mode,
    check_reward_mode,
    draw_seed,
    final_rewards,
    game_of,
    text_of,
)

ObsArray = npt.NDArray[np.float32]

#: the id of each registered environment, and the options of its game
ENVIRONMENTS: dict[str, dict[str, Any]] = {
    "consim/Jihad-v0": {"advanced": False},
    "consim/JihadAdvanced-v0": {"advanced": True},
}


class JihadEnv(gymnasium.Env[ObsArray, np.int64]):
    """The First Jihad as a Gymnasium environment (see the module's documentation)."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES)}  # noqa: RUF012 - Gymnasium's convention

    def __init__(
        self,
        advanced: bool = False,
        *,
        reward: str = "score",
        illegal_reward: float = -1.0,
        max_steps: int | None = None,
        render_mode: str | None = None,
        game: Game | None = None,
    ) -> None:
        self.game = game if game is not None else game_of("jihad", {"advanced": advanced})
        if len(self.game.seats) != 1:
            raise ValueError(
                f"{self.game.id} has several seats: use its PettingZoo environment (consim.rl.aec)"
            )
        self.render_mode = check_render_mode(render_mode)
        self.seat = self.game.seats[0]
        self.reward_mode = check_reward_mode(reward)
        self.illegal_reward = float(illegal_reward)
        self.max_steps = self.game.info().max_decisions if max_steps is None else max_steps
        spec = self.game.observation_spec()
        self.observation_space = spaces.Box(spec.low, spec.high, dtype=np.float32)
        self.action_space = spaces.Discrete(self.game.num_actions())
        self.state: State | None = None
        self.steps = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsArray, dict[str, Any]]:
        super().reset(seed=seed)
        self.state = self.game.new_game(draw_seed(self.np_random))
        self.state.keep_undo = False  # nothing here takes an action back
        self.steps = 0
        if self.render_mode == "human":
            self.render()
        return self.state.observation(self.seat), self._info(self.state)

    def step(self, action: np.int64 | int) -> tuple[ObsArray, float, bool, bool, dict[str, Any]]:
        state = self._live()
        if state.is_over():
            raise RuntimeError("the game is over: call reset()")
        index = int(action)
        self.steps += 1
        reward = 0.0
        legal = 0 <= index < self.game.num_actions() and bool(state.legal_mask(self.seat)[index])
        if legal:
            state.apply(self.seat, self.game.action_at(index))
        else:
            reward = self.illegal_reward
        terminated = state.is_over()
        info = self._info(state)
        info["illegal"] = not legal
        if terminated:
            outcome = state.outcome()
            assert outcome is not None
            reward += final_rewards(self.game, outcome, self.reward_mode)[self.seat]
            info["outcome"] = outcome.result
            info["outcome_points"] = outcome.points
            info["level"] = outcome.level
        truncated = not terminated and self.steps >= self.max_steps
        if self.render_mode == "human":
            self.render()
        return state.observation(self.seat), reward, terminated, truncated, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now, as booleans (what sb3-contrib's ``MaskablePPO`` asks for)."""
        return self._live().legal_mask(self.seat).astype(bool)

    def render(self) -> str | None:
        """The player's table as text (the board, the last log lines, what is asked): returned
        with ``render_mode="ansi"``, printed with ``"human"`` (also after every reset and step)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; use 'ansi' or 'human'")
            return None
        text = text_of(self._live(), self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.state = None

    def _live(self) -> State:
        if self.state is None:
            raise RuntimeError("call reset() first")
        return self.state

    def _info(self, state: State) -> dict[str, Any]:
        return {"action_mask": state.legal_mask(self.seat)}


def register() -> None:
    """Register the environments with Gymnasium (done on import; calling it again is harmless)."""
    for env_id, kwargs in ENVIRONMENTS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point="consim.rl.gym:JihadEnv", kwargs=dict(kwargs))


register()
