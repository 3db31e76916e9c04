"""PettingZoo AEC environments (issue 14, section 2): PettingZoo's own API, seed and parallel
tests for every multi-seat game, and games played to the end through the environment."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

import consim
from consim.core.errors import IllegalAction, OptionError
from consim.rl.aec import MULTI_SEAT_GAMES, ConsimAECEnv, env, parallel_env, raw_env

#: small, quick games of every multi-seat game
CASES: list[tuple[str, dict[str, Any]]] = [
    ("iraq", {"players": 2}),
    ("iraq", {"players": 3}),
    ("baghdad", {"players": 3}),
    ("fitna", {"scenario": 1}),
]


def test_every_multi_seat_game_is_covered() -> None:
    multi = sorted(g for g in consim.list_games() if len(consim.load_game(g).seats) > 1)
    assert sorted(MULTI_SEAT_GAMES) == multi
    assert sorted({name for name, _ in CASES}) == multi


def _seeded(e: Any) -> Any:
    """``e`` with its action spaces seeded, so that PettingZoo's tests sample the same games on
    every run."""
    for i, agent in enumerate(e.possible_agents):
        e.action_space(agent).seed(i)
    return e


@pytest.mark.parametrize(("name", "options"), CASES)
def test_pettingzoo_api_and_seed_tests(name: str, options: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        # PettingZoo recommends agent names like "player_0"; ours are the seats' names
        warnings.simplefilter("ignore")
        api_test(_seeded(env(name, **options)), num_cycles=200)
        seed_test(lambda: env(name, **options), num_cycles=200)


@pytest.mark.parametrize(("name", "options"), CASES)
def test_parallel_api_and_seed_tests(name: str, options: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_api_test(_seeded(parallel_env(name, **options)), num_cycles=200)
        parallel_seed_test(lambda: parallel_env(name, **options), num_cycles=200)
        played = _masked_parallel_seed_test(lambda: parallel_env(name, **options), num_cycles=100)
    assert played >= 100, f"the seed test played {played} engine actions"


def _masked_parallel_seed_test(make: Any, num_cycles: int) -> int:
    """PettingZoo's ``parallel_seed_test`` with the actions drawn under each agent's mask (its
    own draws ignore the mask, so nearly every game there ends at its first, illegal, action):
    two environments reset with one seed play identically. Returns the engine actions played."""
    from gymnasium.utils.env_checker import data_equivalence

    envs = [make(), make()]
    observations = [e.reset(seed=42)[0] for e in envs]
    for e in envs:
        for i, agent in enumerate(e.possible_agents):
            e.action_space(agent).seed(42 + i)
    played = 0
    sample = [{a: e.action_space(a).sample for a in e.possible_agents} for e in envs]
    for _ in range(num_cycles * len(envs[0].possible_agents)):
        if not envs[0].agents:
            break
        chosen = []
        for e, obs in zip(envs, observations, strict=True):
            masks = {a: obs[a]["action_mask"] for a in e.agents}
            draw = sample[envs.index(e)]
            chosen.append({a: draw[a](mask=m) if m.any() else None for a, m in masks.items()})
        assert data_equivalence(chosen[0], chosen[1]), "the same seed drew other actions"
        results = [e.step(c) for e, c in zip(envs, chosen, strict=True)]
        for part in zip(*results, strict=True):
            assert data_equivalence(part[0], part[1]), "the same seed played differently"
        observations = [r[0] for r in results]
        played += 1
        if any(results[0][2].values()) or any(results[0][3].values()):
            break
    state = envs[0].unwrapped.engine
    assert state is not None and len(state.record().actions) == played
    return played


def _play(e: ConsimAECEnv, rng: np.random.Generator) -> dict[str, float]:
    """Play masked random actions to the end; the total reward of every agent."""
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        assert obs["action_mask"].dtype == np.int8
        assert obs["observation"].dtype == np.float32
        legal = np.flatnonzero(obs["action_mask"])
        # the selected agent is the first asked seat, in seat order
        state = e.engine
        assert state is not None
        asked = [s for s in e.possible_agents if s in state.to_act()]
        assert agent == asked[0]
        assert sorted(e.game.action_index(a) for a in state.legal_actions(agent)) == list(legal)
        e.step(int(rng.choice(legal)))
    return totals


@pytest.mark.parametrize(("name", "options"), [CASES[1], CASES[2]])
def test_a_whole_game_pays_the_outcome(name: str, options: dict[str, Any]) -> None:
    e = raw_env(name, **options)
    e.reset(seed=5)
    totals = _play(e, np.random.default_rng(0))
    state = e.engine
    assert state is not None and state.is_over()
    outcome = state.outcome()
    assert outcome is not None
    if outcome.winners:
        assert totals == {s: 1.0 if s in outcome.winners else -1.0 for s in e.possible_agents}
    else:  # nobody won
        assert totals == dict.fromkeys(e.possible_agents, 0.0)
    assert e.agents == []


def test_score_rewards_and_same_seed_same_game() -> None:
    finals = []
    for _ in range(2):
        e = raw_env("iraq", players=2, reward="score")
        e.reset(seed=11)
        totals = _play(e, np.random.default_rng(4))
        assert e.engine is not None
        outcome = e.engine.outcome()
        assert outcome is not None
        assert totals == outcome.scores
        finals.append(e.engine.to_dict(log=False))
    assert finals[0] == finals[1]


def test_normalized_rewards_lie_in_zero_one() -> None:
    e = raw_env("iraq", players=2, reward="normalized")
    e.reset(seed=2)
    totals = _play(e, np.random.default_rng(1))
    info = e.game.info()
    assert e.engine is not None
    outcome = e.engine.outcome()
    assert outcome is not None
    for seat, value in totals.items():
        assert 0.0 <= value <= 1.0
        expected = (outcome.scores[seat] - info.min_score) / (info.max_score - info.min_score)
        assert value == pytest.approx(expected)


def test_secret_choices_are_taken_in_seat_order() -> None:
    """Battle for Baghdad asks several seats at once; the environment takes them in seat order."""
    e = raw_env("baghdad", players=3)
    e.reset(seed=3)
    rng = np.random.default_rng(3)
    seen_several = False
    for agent in e.agent_iter(max_iter=400):
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        assert e.engine is not None
        asked = e.engine.to_act()
        if len(asked) > 1:
            seen_several = True
            assert agent == min(asked, key=e.possible_agents.index)
            for other in asked:
                if other != agent:
                    assert not e.observe(other)["action_mask"].any()
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert seen_several


def test_illegal_actions() -> None:
    e = raw_env("iraq", players=2)
    e.reset(seed=1)
    mask = e.observe(e.agent_selection)["action_mask"]
    with pytest.raises(IllegalAction):
        e.step(int(np.flatnonzero(mask == 0)[0]))
    wrapped = env("iraq", players=2, illegal_reward=-5.0)
    wrapped.reset(seed=1)
    agent = wrapped.agent_selection
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        wrapped.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(wrapped.terminations.values())
    assert wrapped.rewards[agent] == -5.0


def test_truncation_after_max_steps() -> None:
    e = raw_env("fitna", scenario=1, max_steps=10)
    e.reset(seed=0)
    rng = np.random.default_rng(0)
    steps = 0
    for _ in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            assert truncated and not terminated
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    assert steps == 10


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="one seat"):
        raw_env("jihad")
    with pytest.raises(OptionError):
        raw_env("iraq", reward="money")
    with pytest.raises(OptionError):
        raw_env(consim.load_game("iraq"), players=3)


def test_render_ansi() -> None:
    e = raw_env("iraq", players=2, render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert text is not None and text.splitlines()[-1].startswith(f"{e.agent_selection}: ")


def test_state_is_the_public_observation_and_not_shadowed() -> None:
    """PettingZoo's ``state()`` is a method: the engine's state is ``env.engine`` (before, an
    attribute named ``state`` made ``env.state()`` a TypeError)."""
    e = raw_env("iraq", players=3)
    e.reset(seed=4)
    assert e.engine is not None
    global_state = e.state()
    assert np.array_equal(global_state, e.engine.observation(None))
    assert e.state_space.contains(global_state)
    wrapped = env("iraq", players=3)
    wrapped.reset(seed=4)
    assert np.array_equal(wrapped.state(), global_state)
    assert parallel_env("iraq", players=3).unwrapped.state_space == e.state_space


def test_render_human_prints_the_board(capsys: pytest.CaptureFixture[str]) -> None:
    e = raw_env("baghdad", players=3, render_mode="human")
    e.reset(seed=1)
    first = capsys.readouterr().out
    assert "Battle for Baghdad" in first or "Turn 1" in first
    assert e.render() is None
    obs = e.observe(e.agent_selection)
    e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert capsys.readouterr().out.strip()
    with pytest.raises(ValueError, match="render_mode"):
        raw_env("iraq", players=2, render_mode="rgb_array")
