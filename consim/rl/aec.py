"""PettingZoo AEC environments for the multi-seat games (Iraq, Battle for Baghdad, Fitna).

>>> from consim.rl.aec import env
>>> e = env("iraq", players=3)
>>> e.reset(seed=1)
>>> e.possible_agents
['Sunni', 'Shia', 'Kurd']

* Agents are the game's seats, by name, in the game's seat order.
* ``observe(agent)`` is a dict: ``"observation"``, the seat's float32 observation vector
  (``state.observation(seat)``, laid out by ``game.observation_spec()`` and read from what the
  seat may know only), and ``"action_mask"``, an int8 vector of ``game.num_actions()`` with 1
  at every action the agent may take now (all zeros for an agent that is not selected).
* Actions are indices into the game's fixed action space (``game.action_at(i)``).
* Turn order: when the engine asks several seats at once (a secret simultaneous choice), the
  environment selects them one after another in the game's seat order. Their choices stay
  hidden from one another until all are in (the engine reveals them together), so this order
  gives nothing away.
* Rewards are paid once, at the end, from the game's Outcome (``reward="win"``, ``"score"``
  or ``"normalized"``: :mod:`consim.rl.common`); every agent is then terminated. A game still
  running after ``max_steps`` decisions (by default ``game.info().max_decisions``) is
  truncated with no reward.
* ``reset(seed=s)`` starts the game the engine would start from a seed drawn from ``s``;
  later resets without a seed continue that sequence, so a seeded run is reproducible.
* ``env.engine`` is the engine's :class:`~consim.State` of the game; ``state()`` (PettingZoo's
  global state) is the public observation, a spectator's, in the same layout.
* ``render_mode="ansi"``: ``render()`` returns the public table as text (the game's board,
  the last log lines, who is asked what); ``"human"`` prints it after every reset and step.

:func:`env` wraps the raw environment as PettingZoo's own environments are: an illegal action
ends the game with ``illegal_reward`` for the seat that played it (``TerminateIllegalWrapper``),
out-of-range actions are refused and the call order is enforced. :func:`parallel_env` gives the
same game through ``turn_based_aec_to_parallel``.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.conversions import turn_based_aec_to_parallel

from consim.core.errors import IllegalAction
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

Observation = dict[str, npt.NDArray[Any]]

#: the games with more than one seat, and the options of a small, quick game of each
MULTI_SEAT_GAMES: tuple[str, ...] = ("baghdad", "fitna", "iraq")


class ConsimAECEnv(AECEnv[str, Observation, int]):  # type: ignore[misc]
    """One consim game as a PettingZoo AEC environment (see the module's documentation)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's convention; each instance names its game
        "render_modes": list(RENDER_MODES),
        "name": "consim_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str | Game,
        *,
        reward: str = "win",
        max_steps: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.game = game_of(game, options)
        if len(self.game.seats) < 2:
            raise ValueError(f"{self.game.id} has one seat: use its Gymnasium environment (consim.rl.gym)")
        self.render_mode = check_render_mode(render_mode)
        self.reward_mode = check_reward_mode(reward)
        info = self.game.info()
        self.max_steps = info.max_decisions if max_steps is None else max_steps
        self.metadata = {**self.metadata, "name": f"consim_{self.game.id}_v0"}
        self.possible_agents: list[str] = list(self.game.seats)
        self._order = {seat: i for i, seat in enumerate(self.game.seats)}
        spec = self.game.observation_spec()
        n = self.game.num_actions()
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(spec.low, spec.high, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, shape=(n,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        #: what ``state()`` returns: the public observation (a spectator's), the same layout
        self.state_space = spaces.Box(spec.low, spec.high, dtype=np.float32)
        self._np_rng: np.random.Generator | None = None
        #: the engine's state of the game being played (``None`` before ``reset``)
        self.engine: State | None = None
        self.steps = 0

    # -- spaces ------------------------------------------------------------------------------

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the cycle ---------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None or self._np_rng is None:
            self._np_rng = np.random.default_rng(seed)
        self.engine = self.game.new_game(draw_seed(self._np_rng))
        self.engine.keep_undo = False  # nothing here takes an action back
        self.steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._selected()
        if self.render_mode == "human":
            self.render()

    def state(self) -> npt.NDArray[np.float32]:
        """The global state PettingZoo's ``state()`` asks for: the public observation (what a
        spectator may know, ``observation(None)``), laid out as every agent's observation."""
        return self._live().observation(None)

    def observe(self, agent: str) -> Observation:
        state = self._live()
        if agent == self.agent_selection and not self._ended():
            mask = state.legal_mask(agent)
        else:
            mask = np.zeros(self.game.num_actions(), np.int8)
        return {"observation": state.observation(agent), "action_mask": mask}

    def step(self, action: int | None) -> None:
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        state = self._live()
        agent = self.agent_selection
        if action is None:
            raise IllegalAction(f"{agent} must choose an action (an index below {self.game.num_actions()})")
        index = int(action)
        if not 0 <= index < self.game.num_actions() or not state.legal_mask(agent)[index]:
            raise IllegalAction(f"action {index} is not legal for {agent} now")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        state.apply(agent, self.game.action_at(index))
        self.steps += 1
        if state.is_over():
            outcome = state.outcome()
            assert outcome is not None
            self.rewards.update(final_rewards(self.game, outcome, self.reward_mode))
            self.terminations = dict.fromkeys(self.agents, True)
            for a in self.agents:
                self.infos[a] = {"outcome": outcome.result}
        elif self.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self._selected()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The public table as text (the game's board, the last log lines, who is asked
        what): returned with ``render_mode="ansi"``, printed with ``"human"`` (which also
        prints it after every ``reset`` and ``step``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; use 'ansi' or 'human'")
            return None
        text = text_of(self._live(), None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.engine = None

    # -- helpers ---------------------------------------------------------------------------------

    def _live(self) -> State:
        if self.engine is None:
            raise RuntimeError("call reset() first")
        return self.engine

    def _ended(self) -> bool:
        return any(self.terminations.values()) or any(self.truncations.values())

    def _selected(self) -> str:
        """The seat to act next: the first, in seat order, of those the engine asks now."""
        return min(self._live().to_act(), key=self._order.__getitem__)


def raw_env(game: str | Game, **kwargs: Any) -> ConsimAECEnv:
    """The environment without PettingZoo's wrappers (its ``step`` refuses illegal actions)."""
    return ConsimAECEnv(game, **kwargs)


def env(game: str | Game, *, illegal_reward: float = -1.0, **kwargs: Any) -> AECEnv[str, Observation, int]:
    """The environment as PettingZoo's own games come: an illegal action ends the game with
    ``illegal_reward`` to the seat that chose it; out-of-range actions and calls out of order
    are refused. Keyword arguments go to :class:`ConsimAECEnv` (``reward``, ``max_steps``,
    ``render_mode``) and the game (``players``, ``scenario``, ...)."""
    wrapped: AECEnv[str, Observation, int] = wrappers.TerminateIllegalWrapper(
        ConsimAECEnv(game, **kwargs), illegal_reward=illegal_reward
    )
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


def parallel_env(game: str | Game, **kwargs: Any) -> ParallelEnv[str, Observation, int | None]:
    """The same game as a PettingZoo parallel environment: :func:`env` through
    ``turn_based_aec_to_parallel``. Each step takes a dict of actions and uses the selected
    agent's (``infos[a]["active_agent"]`` names it); an illegal one ends the game as in
    :func:`env`."""
    parallel: ParallelEnv[str, Observation, int | None] = turn_based_aec_to_parallel(env(game, **kwargs))
    return parallel
