"""OpenSpiel Python games (issue 14, section 2): every game registered, pyspiel's random
simulation test with serialisation on, observations and information states, cloning and
pickling that keep the engine's randomness."""

from __future__ import annotations

import pickle
from typing import Any

import numpy as np
import pyspiel
import pytest

import consim
from consim.rl.spiel import DEFAULT_SEEDS, short_name

#: every game, small variants (one simulation each: pyspiel asks every player's observation
#: and information state, strings and tensors, and serialises the state at every node)
CASES: list[tuple[str, dict[str, Any]]] = [
    ("iraq", {"players": 2}),
    ("iraq", {"players": 3}),
    ("jihad", {}),
    ("jihad", {"advanced": True}),
    ("baghdad", {"players": 3}),
    ("fitna", {"scenario": 1}),
]


def test_every_game_is_registered() -> None:
    names = set(pyspiel.registered_names())
    assert {short_name(g) for g in consim.list_games()} <= names
    assert sorted({g for g, _ in CASES}) == consim.list_games()


@pytest.mark.parametrize(
    ("name", "params"),
    [pytest.param(n, p, marks=[pytest.mark.slow] if n in ("baghdad", "fitna") else []) for n, p in CASES],
)
def test_random_sim_test_with_serialisation(name: str, params: dict[str, Any]) -> None:
    game = pyspiel.load_game(short_name(name), params)
    engine = consim.load_game(name, **params)
    assert game.num_players() == len(engine.seats)
    assert game.num_distinct_actions() == engine.num_actions()
    assert game.max_chance_outcomes() == DEFAULT_SEEDS
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def _advance(state: Any, steps: int, rng: np.random.Generator) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        if state.is_chance_node():
            state.apply_action(int(rng.integers(len(state.chance_outcomes()))))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))


def test_history_fixes_the_position_and_serialisation_keeps_it() -> None:
    game = pyspiel.load_game("consim_iraq", {"players": 3})
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == DEFAULT_SEEDS
    _advance(state, 60, np.random.default_rng(7))
    # replaying the history (what OpenSpiel's default deserialisation does) gives the same game
    again = game.new_initial_state()
    for a in state.history():
        again.apply_action(a)
    for p in range(game.num_players()):
        assert again.information_state_string(p) == state.information_state_string(p)
        assert again.observation_tensor(p) == state.observation_tensor(p)
        assert again.legal_actions(p) == state.legal_actions(p)
    _, restored = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    unpickled = pickle.loads(pickle.dumps(state))
    for other in (restored, unpickled):
        assert other.history() == state.history()
        assert other.engine.to_dict() == state.engine.to_dict()
        assert other.information_state_tensor(1) == state.information_state_tensor(1)
    # a clone is independent and shares the future the seed fixes
    clone = state.clone()
    action = state.legal_actions()[0]
    state.apply_action(action)
    assert clone.history() == state.history()[:-1]
    clone.apply_action(action)
    assert clone.engine.to_dict() == state.engine.to_dict()


def test_observations_come_from_the_seat_view() -> None:
    game = pyspiel.load_game("consim_iraq", {"players": 2, "reward": "score"})
    state = game.new_initial_state()
    _advance(state, 30, np.random.default_rng(2))
    engine = state.engine
    n = engine.game.num_actions()
    for p, seat in enumerate(engine.game.seats):
        obs = np.array(state.observation_tensor(p), np.float32)
        assert np.array_equal(obs, engine.observation(seat))
        info = np.array(state.information_state_tensor(p), np.float32)
        assert info.shape == (obs.size + n,)
        assert np.array_equal(info[: obs.size], obs)
        taken = [engine.game.action_index(t) for s, t in engine.record().actions if s == seat]
        assert np.array_equal(info[obs.size :], np.bincount(taken, minlength=n))
        assert state.information_state_string(p) == engine.information_state(seat).string()
        assert f'"seat":"{seat}"' in state.observation_string(p)
    public = game.make_py_observer(
        pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
    )
    public.set_from(state, 0)
    assert np.array_equal(public.tensor, engine.observation(None))


def test_returns_follow_the_reward_mode() -> None:
    for reward in ("win", "score", "normalized"):
        game = pyspiel.load_game("consim_iraq", {"players": 2, "reward": reward})
        state = game.new_initial_state()
        _advance(state, 100_000, np.random.default_rng(3))
        assert state.is_terminal()
        outcome = state.engine.outcome()
        seats = state.engine.game.seats
        returns = state.returns()
        if reward == "score":
            assert returns == [outcome.scores[s] for s in seats]
        elif reward == "win" and outcome.winners:
            assert returns == [1.0 if s in outcome.winners else -1.0 for s in seats]
        assert all(game.min_utility() <= r <= game.max_utility() for r in returns)
    jihad = pyspiel.load_game("consim_jihad")
    assert (jihad.min_utility(), jihad.max_utility()) == (-200.0, 200.0)  # Outcome Points by default


def test_unsupported_observer_and_bad_parameters() -> None:
    game = pyspiel.load_game("consim_iraq", {"players": 2})
    with pytest.raises(ValueError, match="every seat"):
        game.make_py_observer(
            pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS)
        )
    with pytest.raises(ValueError):
        pyspiel.load_game("consim_iraq", {"players": 2, "seeds": 0})


def test_resampling_keeps_what_the_player_knows_and_feeds_ismcts() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("consim_iraq", {"players": 3})
    state = game.new_initial_state()
    _advance(state, 40, np.random.default_rng(5))
    player = state.current_player()
    sampler = np.random.default_rng(0).random
    guesses = [state.resample_from_infostate(player, sampler) for _ in range(3)]
    for guess in guesses:
        assert guess.information_state_string(player) == state.information_state_string(player)
        assert guess.observation_tensor(player) == state.observation_tensor(player)
        assert guess.legal_actions(player) == state.legal_actions(player)
        assert guess.engine is not state.engine
    others = [p for p in range(game.num_players()) if p != player]
    # the other seats' hidden cards are re-dealt: some guess differs from the real position
    assert all(g.engine.view(None) == state.engine.view(None) for g in guesses)
    assert any(
        g.engine.view(game_seat) != state.engine.view(game_seat)
        for g in guesses
        for game_seat in (state.engine.game.seats[p] for p in others)
    )
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(
        game, evaluator, 2.0, 8, random_state=np.random.RandomState(0), allow_inconsistent_action_sets=True
    )
    assert bot.step(state) in state.legal_actions(player)


def test_fitna_scores_are_victory_levels_and_rewards_reach_one() -> None:
    """[31.0] Fitna's outcome scores a victory level from 0 to 3 (with the points option, VP
    up to 200): the declared bounds say so, so a decisive victory normalises to 1 and
    OpenSpiel's utility bounds are the levels' (issue 31, section 3)."""
    from consim.core.values import Outcome
    from consim.rl.common import final_rewards

    game = consim.load_game("fitna", scenario=1)
    info = game.info()
    assert (info.min_score, info.max_score, info.score_unit) == (0.0, 3.0, "victory level")
    seats = game.seats
    decisive = Outcome(scores={seats[0]: 3.0, seats[1]: 1.0}, winners=(seats[0],), result="x")
    assert final_rewards(game, decisive, "normalized") == {seats[0]: 1.0, seats[1]: pytest.approx(1 / 3)}
    spiel = pyspiel.load_game("consim_fitna", {"scenario": 1, "reward": "score"})
    assert (spiel.min_utility(), spiel.max_utility()) == (0.0, 3.0)
    points = consim.load_game("fitna", scenario=1, victory="points").info()
    assert (points.max_score, points.score_unit) == (200.0, "VP")


#: every game, and Battle for Baghdad with a list in an option (commas in its value)
SIM_CASES: list[tuple[str, dict[str, Any]]] = [
    *CASES,
    ("baghdad", {"factions": "Shiite,Sunni,Government,US,NGO", "multi_combat": "chooser-names-pair"}),
]


@pytest.mark.parametrize(("name", "params"), SIM_CASES)
def test_openspiel_own_sim_test_passes(name: str, params: dict[str, Any]) -> None:
    """OpenSpiel's own Python simulation test (``games_sim_test.GamesSimTest.sim_game``), which
    pickles the game and its type, reloads the game from its string, and pickles, clones and
    serialises states as it plays (issue 31, section 3): the game classes live at module level,
    so pickle finds them, and a list in an option survives the game string."""
    from open_spiel.python.tests.games_sim_test import GamesSimTest

    game = pyspiel.load_game(short_name(name), params)
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game) and again.num_distinct_actions() == game.num_distinct_actions()
    assert pickle.loads(pickle.dumps(game.get_type())) == game.get_type()
    reloaded = pyspiel.load_game(str(game))
    assert str(reloaded) == str(game)
    assert reloaded.consim.options == consim.load_game(name, **params).options
    GamesSimTest("sim_game").sim_game(game)
