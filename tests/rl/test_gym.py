"""Gymnasium environments of The First Jihad (issue 14, section 2): Gymnasium's own checker,
action masks, rewards from the Outcome and the registered ids."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from consim.core.errors import OptionError
from consim.rl.gym import ENVIRONMENTS, JihadEnv

IDS = sorted(ENVIRONMENTS)


@pytest.mark.parametrize("env_id", IDS)
def test_check_env(env_id: str) -> None:
    e = gymnasium.make(env_id)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # no render fps: the environment renders text
        check_env(e.unwrapped)
    unwrapped = e.unwrapped
    assert isinstance(unwrapped, JihadEnv)
    assert unwrapped.game.options["advanced"] is ENVIRONMENTS[env_id]["advanced"]


@pytest.mark.parametrize("env_id", IDS)
def test_masked_random_episode_pays_outcome_points(env_id: str) -> None:
    e = gymnasium.make(env_id)
    unwrapped = e.unwrapped
    assert isinstance(unwrapped, JihadEnv)
    obs, info = e.reset(seed=8)
    rng = np.random.default_rng(8)
    total, steps = 0.0, 0
    while True:
        mask = info["action_mask"]
        assert mask.dtype == np.int8 and mask.shape == (unwrapped.game.num_actions(),)
        assert np.array_equal(unwrapped.action_masks(), mask.astype(bool))
        assert e.observation_space.contains(obs)
        obs, reward, terminated, truncated, info = e.step(int(rng.choice(np.flatnonzero(mask))))
        assert not info["illegal"]
        total += float(reward)
        steps += 1
        if terminated or truncated:
            break
    assert terminated and not truncated
    state = unwrapped.state
    assert state is not None and state.is_over()
    outcome = state.outcome()
    assert outcome is not None
    # the score is minus the Outcome Points: the player wants few of them
    assert total == outcome.scores["player"] == -info["outcome_points"]
    assert info["level"] == outcome.level
    assert not info["action_mask"].any()
    assert steps == len(state.record().actions)


def test_illegal_action_costs_and_changes_nothing() -> None:
    e = JihadEnv(illegal_reward=-3.0)
    _, info = e.reset(seed=1)
    assert e.state is not None
    before = e.state.to_dict(log=False)
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = e.step(bad)
    assert (reward, terminated, truncated, info["illegal"]) == (-3.0, False, False, True)
    assert e.state.to_dict(log=False) == before


def test_seeded_resets_repeat_and_unseeded_ones_differ() -> None:
    a, b = JihadEnv(), JihadEnv()
    assert np.array_equal(a.reset(seed=5)[0], b.reset(seed=5)[0])
    assert a.state is not None and b.state is not None
    assert a.state.seed == b.state.seed
    first = a.state.seed
    a.reset()
    assert a.state.seed != first


def test_win_reward_and_truncation() -> None:
    e = JihadEnv(advanced=True, reward="win", max_steps=5)
    _, info = e.reset(seed=2)
    rng = np.random.default_rng(2)
    for step in range(5):
        _, reward, terminated, truncated, info = e.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        assert reward == 0.0 and not terminated
        assert truncated == (step == 4)


def test_bad_arguments() -> None:
    with pytest.raises(OptionError):
        JihadEnv(reward="gold")
    with pytest.raises(ValueError, match="render_mode"):
        JihadEnv(render_mode="rgb_array")  # "ansi" and "human" are the modes (issue 31)


def test_render_ansi() -> None:
    e = JihadEnv(render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert text is not None
    assert e.state is not None and text.splitlines()[-1] == e.state.prompt("player").text
