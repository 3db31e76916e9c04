"""Damaged saves never crash the engine: a record or a saved state with any part replaced by
junk is refused with one clear error (``ValueError`` / ``RestoreError``), or, if it still makes
sense, loads into a state that answers every question."""

from __future__ import annotations

import json
import warnings
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import consim
from consim.bots.driver import bots_for, play_out
from consim.core.errors import IllegalAction, OptionError, RestoreError
from consim.core.replay import ContentChanged

JUNK: list[Any] = [None, 5, -1, 2**70, 1e400, -1e400, "x", "", [], {}, [[[[]]]], True, {"a": [1, {}]}, 0.5]


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(node, dict):
        for k, v in node.items():
            out.extend(_paths(v, (*path, k)))
    elif isinstance(node, list):
        for i, v in enumerate(node[:6]):
            out.extend(_paths(v, (*path, i)))
    return out


def _damaged(data: Any, path: tuple[Any, ...], junk: Any) -> Any:
    data = json.loads(json.dumps(data))
    if not path:
        return junk
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = junk
    return data


def _game_and_state() -> tuple[consim.Game, consim.State]:
    game = consim.load_game("iraq", players=3, turns=2)
    state = game.new_game(4)
    while len(state.record().actions) < 30:  # into the Negotiations Phase, an offer on the table
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[len(legal) // 2])
    return game, state


GAME, STATE = _game_and_state()
SAVED = STATE.to_dict()
STATE_PATHS = _paths(SAVED)
FINISHED = GAME.new_game(5)
play_out(FINISHED, bots_for(GAME, "random", 5))
RECORD = FINISHED.record().to_dict()
RECORD_PATHS = _paths(RECORD)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(STATE_PATHS), st.sampled_from(JUNK))
def test_a_damaged_state_is_refused_or_answers_every_question(path: tuple[Any, ...], junk: Any) -> None:
    data = _damaged(SAVED, path, junk)
    try:
        state = GAME.restore(data)
    except RestoreError as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    for seat in state.to_act():
        state.legal_actions(seat)
    for seat in (None, *GAME.seats):
        json.dumps(state.view(seat))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(RECORD_PATHS), st.sampled_from(JUNK))
def test_a_damaged_record_is_refused_or_replays(path: tuple[Any, ...], junk: Any) -> None:
    data = _damaged(RECORD, path, junk)
    try:
        record = consim.Record.from_dict(data)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ContentChanged)  # a damaged content hash says so
            consim.replay(record)
    except (ValueError, IllegalAction, OptionError, RestoreError) as exc:
        assert str(exc)


def test_a_record_file_with_a_bom_or_junk_is_one_clear_line(tmp_path: Any) -> None:
    path = tmp_path / "r.json"
    path.write_text("\ufeff" + json.dumps(RECORD), encoding="utf-8")
    assert consim.Record.load(path).actions == FINISHED.record().actions
    for text in (
        '{"game": "iraq", "seed": null, "actions": []}',
        '{"game": "iraq", "seed": 1, "actions": 5}',
        '{"game": "iraq", "seed": 1e400, "actions": []}',
        "[" * 100_000,
        '{"options": 5}',
    ):
        path.write_text(text, encoding="utf-8")
        try:
            consim.Record.load(path)
        except ValueError as exc:
            assert str(exc).startswith(str(path)) and "\n" not in str(exc)
        else:
            raise AssertionError(f"accepted {text[:40]}")
    try:
        consim.Record.load(tmp_path / "missing.json")
    except ValueError as exc:
        assert "cannot read" in str(exc)


def test_huge_numbers_in_a_state_are_refused() -> None:
    data = json.loads(json.dumps(SAVED))
    data["data"]["vp"]["Sunni"] = 10**30
    try:
        GAME.restore(data)
    except RestoreError as exc:
        assert "vp" in str(exc)
    else:
        raise AssertionError("a state with 10**30 VP was restored")


def test_read_only_calls_reject_junk_seats_cleanly() -> None:
    for junk in (["Sunni"], None, 3, "Nobody", {"a": 1}):
        for call in (STATE.legal_actions, STATE.prompt, STATE.can_undo):
            try:
                call(junk)  # type: ignore[arg-type]
            except IllegalAction:
                continue
            if junk is None and call.__name__ == "can_undo":  # None: anyone's last action
                continue
            raise AssertionError(f"{call.__name__}({junk!r}) was accepted")


def test_a_damaged_undo_snapshot_is_refused_when_restored() -> None:
    """``restore`` checks the undo snapshot as it checks the position: one that breaks the
    game's invariants, or whose replay breaks at the first ``undo()``, is refused with a
    RestoreError (issue 31, section 4)."""
    game = consim.load_game("iraq", players=2)
    state = game.new_game(1)
    first, second = state.legal_actions("US")[:2]
    state.apply("US", first)
    state.apply("US", second)
    saved = state.to_dict(undo=True)
    again = game.restore(json.loads(json.dumps(saved)))
    again.undo("US")  # a sound snapshot takes the last action back
    # the first card discarded is not in the US hand of the snapshot: undo cannot replay it
    swapped = json.loads(json.dumps(saved))
    hands = swapped["undo"]["data"]["hands"]
    name, other = first.args[0], hands["Insurgent"][0]
    hands["US"] = [other if c == name else c for c in hands["US"]]
    hands["Insurgent"] = [name if c == other else c for c in hands["Insurgent"]]
    with pytest.raises(RestoreError, match="undo snapshot"):
        game.restore(swapped)
    # a card in two places at once
    doubled = json.loads(json.dumps(saved))
    doubled["undo"]["data"]["hands"]["US"][0] = doubled["undo"]["data"]["deck"][0]
    with pytest.raises(RestoreError, match="undo snapshot"):
        game.restore(doubled)


def test_a_battle_missing_a_side_is_refused_when_restored() -> None:
    """[Resolving Combat] a Battle for Baghdad battle whose Neutralized table lacks a side
    would fail at its resolution: restore refuses it."""
    from consim.core.rng import Rng

    game = consim.load_game("baghdad", players=3)
    rng = Rng(2)
    for seed in range(20):
        state = game.new_game(seed)
        while not state.is_over():
            saved = state.to_dict()
            battles = [f for f in saved["stack"] if f.get("battle") and f["battle"].get("neut")]
            if battles:
                battle = battles[0]["battle"]
                battle["neut"].pop(battle["a"])
                with pytest.raises(RestoreError, match="neut"):
                    game.restore(saved)
                return
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randbelow(len(legal))])
    raise AssertionError("no battle was resolved")
