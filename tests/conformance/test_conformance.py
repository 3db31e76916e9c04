"""The shared conformance suite: every registered game, every variant it declares.

Checks, through the public API: random playouts reach the end without dead ends and within a
bounded length; outcomes are well formed; to_dict/restore round trips (through JSON) and
clones are exact and independent; records replay to the identical state; views and the log
lines a seat can read do not depend on anything that seat cannot know; junk input raises
IllegalAction and leaves the state unchanged.

A game joins by registering in ``consim.core.registry`` and providing
``consim.games.<id>.testing.perturb`` (see the Iraq game's for the contract).
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import consim
from consim import Action, IllegalAction, State
from consim.bots.driver import bots_for, play_out
from consim.core.rng import Rng
from tests.depth import THOROUGH, depth, lighter, variant_cases

CASES = variant_cases()
SEEDS = range(12)

MAX_DECISIONS = 200_000


def walk(name: str, opts: dict[str, Any], seed: int) -> Iterator[tuple[State, str, Action]]:
    """Yield (state, seat, action) before each random decision of a whole game."""
    game = consim.load_game(name, **opts)
    state = game.new_game(seed)
    rng = Rng(seed + 991)
    steps = 0
    while not state.is_over():
        for seat in state.to_act():
            actions = state.legal_actions(seat)
            assert actions, f"{seat} is to act with no legal action (dead end)"
            action = actions[rng.randbelow(len(actions))]
            yield state, seat, action
            state.apply(seat, action)
            steps += 1
        assert steps < MAX_DECISIONS, "game does not end"


def stride(name: str, opts: dict[str, Any]) -> int:
    """How much sparser to sample a variant whose games are long: Fitna's scenarios run from 2
    players and 6 turns to 6 players and 12 turns (about 400 to 2,800 random decisions), so a
    scenario samples about as many positions as the 2-player, 6-turn ones (1 elsewhere)."""
    if name != "fitna":
        return 1
    game = consim.load_game(name, **opts)
    return max(1, len(game.seats) * game.tables.scenario.turns // 12)  # type: ignore[attr-defined]


def sample(name: str, opts: dict[str, Any], seed: int, every: int) -> Iterator[tuple[State, str, Action]]:
    every *= stride(name, opts)
    for i, item in enumerate(walk(name, opts, seed)):
        if i % every == 0:
            yield item


def perturber(name: str) -> Callable[..., tuple[State, Callable[[Action], Action]]]:
    module = importlib.import_module(f"consim.games.{name}.testing")
    fn: Callable[..., tuple[State, Callable[[Action], Action]]] = module.perturb
    return fn


@pytest.mark.parametrize(("name", "opts"), CASES)
def test_random_playouts_end_with_a_valid_outcome(name: str, opts: dict[str, Any]) -> None:
    game = consim.load_game(name, **opts)
    for seed in SEEDS[: depth(6, 12)]:
        state = game.new_game(seed)
        decisions = play_out(state, bots_for(game, "random", seed), max_steps=MAX_DECISIONS)
        assert state.is_over() and decisions > 0
        assert state.to_act() == ()
        out = state.outcome()
        assert out is not None
        assert set(out.scores) == set(game.seats)
        assert all(isinstance(v, float | int) for v in out.scores.values())
        assert set(out.winners) <= set(game.seats)
        assert out.result and isinstance(out.result, str)
        json.dumps(out.to_dict())
        with pytest.raises(IllegalAction):
            state.apply(game.seats[0], "pass")


@pytest.mark.parametrize(("name", "opts"), CASES)
def test_heuristic_bots_finish_every_variant(name: str, opts: dict[str, Any]) -> None:
    game = consim.load_game(name, **opts)
    for seed in range(depth(2, 3)):
        state = game.new_game(seed)
        play_out(state, bots_for(game, "heuristic", seed), max_steps=MAX_DECISIONS)
        assert state.outcome() is not None


_PLAY_EVERYWHERE = """
import hashlib, json, sys
import consim
from consim.bots.driver import bots_for, play_out
from consim.core.registry import game_class
out = []
for i, opts in enumerate(game_class(sys.argv[1]).variants()):
    game = consim.load_game(sys.argv[1], **opts)
    # (Fitna's heuristic games are long: its first variant's, every variant's under "thorough")
    for bot in ("random", "heuristic") if i == 0 or sys.argv[3] == "all" else ("random",):
        for seed in range(int(sys.argv[2])):
            state = game.new_game(seed)
            play_out(state, bots_for(game, bot, seed))
            text = json.dumps(state.to_dict())  # key order included: dicts must be built in a fixed order
            out.append(hashlib.sha256(text.encode()).hexdigest())
print(json.dumps(out))
"""


@pytest.mark.parametrize(
    "name", [pytest.param(n, marks=[] if n == "iraq" else pytest.mark.slow) for n in consim.list_games()]
)
def test_games_are_identical_in_every_process(name: str) -> None:
    """Whole games (every variant with random bots, and with heuristic ones: every variant of
    the other games, Fitna's first, every Fitna variant under ``CONSIM_TESTS=thorough``) give
    the same ``to_dict()``, log included, whatever the process's hash seed: no rule, view or
    bot may depend on the order of a set or dict of strings, which changes with each process's
    hash seed."""
    import os
    import subprocess
    import sys

    runs = []
    seeds = depth(1, 2) if name == "fitna" else 2  # Fitna's games are long
    hash_seeds = ("0", "1", "4") if THOROUGH else ("1", "4")  # 1 and 4 order small sets differently
    for hash_seed in hash_seeds:
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        bots = "all" if THOROUGH or name != "fitna" else "first"
        cmd = [sys.executable, "-c", _PLAY_EVERYWHERE, name, str(seeds), bots]
        runs.append(subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stdout)
    assert all(run == runs[0] for run in runs[1:])


@pytest.mark.parametrize(("name", "opts"), CASES)
def test_same_seed_same_game(name: str, opts: dict[str, Any]) -> None:
    game = consim.load_game(name, **opts)
    a, b = game.new_game(42), game.new_game(42)
    play_out(a, bots_for(game, "random", 1))
    play_out(b, bots_for(game, "random", 1))
    assert a.to_dict() == b.to_dict()
    assert game.new_game(1).to_dict() != game.new_game(2).to_dict()


@pytest.mark.parametrize(("name", "opts"), CASES)
def test_round_trip_and_clone(name: str, opts: dict[str, Any]) -> None:
    game = consim.load_game(name, **opts)
    for seed in SEEDS[: depth(2, 4)]:
        for state, seat, action in sample(name, opts, seed, every=13 if lighter(name, opts) else 7):
            data = state.to_dict()
            text = json.dumps(data)
            restored = game.restore(json.loads(text))
            assert restored.to_dict() == data
            assert restored.to_act() == state.to_act()
            for s in game.seats:
                assert restored.view(s) == state.view(s)
                assert restored.legal_actions(s) == state.legal_actions(s)
            # both continue identically
            restored.apply(seat, action)
            twin = state.clone()
            twin.apply(seat, action)
            assert restored.to_dict() == twin.to_dict()
            # and the clone did not touch the original
            assert state.to_dict() == data


@pytest.mark.parametrize(("name", "opts"), CASES)
def test_replay_is_exact(name: str, opts: dict[str, Any], tmp_path: Path) -> None:
    game = consim.load_game(name, **opts)
    for seed in SEEDS[: depth(2, 4)]:
        state = game.new_game(seed)
        play_out(state, bots_for(game, "random", seed))
        record = state.record()
        assert consim.replay(record).to_dict() == state.to_dict()
        path = tmp_path / f"{seed}.json"
        record.save(path)
        again = consim.replay(consim.Record.load(path))
        assert again.to_dict() == state.to_dict()
        half = len(record.actions) // 2
        partial = consim.replay(record, upto=half)
        assert len(partial.record().actions) == half


@pytest.mark.parametrize(("name", "opts"), CASES)
def test_prompt_matches_legal_actions_and_actions_parse_back(name: str, opts: dict[str, Any]) -> None:
    for state, seat, _ in sample(name, opts, 3, every=3):
        prompt = state.prompt(seat)
        assert prompt.actions == state.legal_actions(seat)
        assert prompt.text
        assert len({a.text for a in prompt.actions}) == len(prompt.actions), "duplicate actions"
        for a in prompt.actions:
            assert Action.parse(a.text) == a
        for other in state.game.seats:
            if other not in state.to_act():
                assert state.legal_actions(other) == []


@pytest.mark.parametrize(("name", "opts"), CASES)
def test_every_legal_action_applies(name: str, opts: dict[str, Any]) -> None:
    for state, seat, _ in sample(name, opts, 5, every=11):
        for a in state.legal_actions(seat):
            twin = state.clone()
            twin.apply(seat, a.text)  # through the text form


JUNK: list[Any] = [
    "",
    "   ",
    "xyzzy",
    "discard",
    'discard "No Such Card At All"',
    'give "Nothing Like This"',
    "offer Nobody",
    "ask 99 any",
    "ask -1",
    '"unclosed',
    "done done done",
    "say",
    12345,
    None,
    Action("bogus", ("x",)),
]


@pytest.mark.parametrize(("name", "opts"), CASES)
def test_junk_is_rejected_and_changes_nothing(name: str, opts: dict[str, Any]) -> None:
    for state, seat, _ in sample(name, opts, 7, every=13):
        before = json.dumps(state.to_dict(), sort_keys=True)
        legal = {a.text for a in state.legal_actions(seat)}
        for junk in JUNK:
            if isinstance(junk, str) and junk in legal:
                continue
            with pytest.raises(IllegalAction) as info:
                state.apply(seat, junk)
            assert str(info.value)
        with pytest.raises(IllegalAction):
            state.apply("Nobody", "pass")
        for other in state.game.seats:
            if other not in state.to_act():
                for a in state.legal_actions(seat)[:3]:
                    with pytest.raises(IllegalAction, match="not to act"):
                        state.apply(other, a)
        assert json.dumps(state.to_dict(), sort_keys=True) == before


@pytest.mark.parametrize(("name", "opts"), CASES)
def test_views_do_not_depend_on_hidden_information(name: str, opts: dict[str, Any]) -> None:
    perturb = perturber(name)
    rng = Rng(5)
    checked = 0
    for seed in SEEDS[: depth(2, 4)]:
        for state, _, _ in sample(name, opts, seed, every=5):
            for seat in [None, *state.game.seats]:
                other, _ = perturb(state, seat, rng, True)
                assert other.view(seat) == state.view(seat), f"view of {seat} leaks hidden information"
                assert other.visible_log(seat) == state.visible_log(seat)
                checked += 1
    assert checked > 50


@pytest.mark.parametrize(("name", "opts"), CASES)
def test_log_lines_do_not_leak_hidden_information(name: str, opts: dict[str, Any]) -> None:
    """The lines a seat can read after another seat's action must be the same whatever the
    cards it cannot see, unless the action showed it those cards."""
    perturb = perturber(name)
    rng = Rng(9)
    compared = 0
    # Fitna's and Baghdad's games are long: two of them give every other variant plenty of
    # positions (the shorter games keep three, for their floor below)
    seeds = 2 if lighter(name, opts) and name in ("fitna", "baghdad") else depth(3, 6)
    for seed in SEEDS[:seeds]:
        for state, actor, action in sample(name, opts, seed, every=2):
            for seat in [None, *state.game.seats]:
                if seat == actor:
                    continue
                other, translate = perturb(state, seat, rng, False)
                mirrored = translate(action)
                if mirrored not in other.legal_actions(actor):
                    continue  # the action depends on cards that differ; nothing to compare
                a, b = state.clone(), other
                calls_a = a.rng.calls
                new_a = [e for e in a.apply(actor, action) if e.visible_to(seat)]
                new_b = [e for e in b.apply(actor, mirrored) if e.visible_to(seat)]
                if seat is not None and a.last_action_revealed_to(seat):
                    continue
                if seat is None and a.last_action_revealed_to("__public__"):
                    continue
                if a.rng.calls != calls_a:
                    continue  # a reshuffle: later draws legitimately differ
                assert [e.text for e in new_a] == [e.text for e in new_b], (
                    f"{actor}'s {action.text} shows {seat} hidden information"
                )
                if seat is not None:
                    assert a.view(seat) == b.view(seat)
                compared += 1
    assert compared > 100
