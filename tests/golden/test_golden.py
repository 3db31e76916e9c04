"""The golden games still play exactly as recorded (see ``golden.py``): same actions, log,
outcome and views (a view may have gained keys, never lost or changed one). A failure names the
first point where a game went another way."""

from __future__ import annotations

from typing import Any

import pytest

import consim
from tests.depth import THOROUGH
from tests.golden.golden import count, load, normal, path, play

CASES = [
    # the first recorded games of each game in every run; the others in a full run (CI)
    pytest.param(name, i, id=f"{name}-{i}", marks=[pytest.mark.slow] if i >= 4 else [])
    for name in consim.list_games()
    if path(name).exists()  # a game gets its golden file once its behaviour is settled
    for i in range(count(name))
    if THOROUGH or i % 2 == 0  # every other recorded game; all under CONSIM_TESTS=thorough
]


def _first_difference(a: list[Any], b: list[Any]) -> str:
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return f"at #{i}: recorded {x!r}, now {y!r}"
    return f"lengths differ: recorded {len(a)}, now {len(b)}"


def _outcome_matches(recorded: dict[str, Any], now: dict[str, Any]) -> bool:
    """Engine v2 moved some of ``details`` into typed fields (unit, turns, points, level,
    ending, conflicts): every recorded detail must still be reported, in either place."""
    if any(recorded[k] != now[k] for k in ("scores", "winners", "result")):
        return False
    typed = {
        "unit": now.get("unit"),
        "turns": now.get("turns"),
        "outcome_points": now.get("points"),
        "level": now.get("level"),
        "ending": now.get("ending"),
    }
    merged = {**{k: v for k, v in typed.items() if v not in (None, "")}, **now.get("details", {})}
    return all(merged.get(k) == v for k, v in recorded["details"].items())


def _within(recorded: Any, now: Any) -> bool:
    """``now`` says everything ``recorded`` said; views may have gained keys since."""
    if isinstance(recorded, dict):
        return isinstance(now, dict) and all(k in now and _within(v, now[k]) for k, v in recorded.items())
    if isinstance(recorded, list):
        return isinstance(now, list) and len(now) == len(recorded) and all(map(_within, recorded, now))
    return bool(recorded == now)


@pytest.mark.parametrize(("name", "index"), CASES)
def test_golden_game_plays_as_recorded(name: str, index: int) -> None:
    want = load(name, index)
    got = normal(play(name, want["options"], want["bot"], want["seed"]))
    where = f"{name} {want['options']} {want['bot']} seed {want['seed']}"
    assert got["actions"] == want["actions"], (
        f"{where}: actions {_first_difference(want['actions'], got['actions'])}"
    )
    assert got["log"] == want["log"], f"{where}: log {_first_difference(want['log'], got['log'])}"
    assert _outcome_matches(want["outcome"], got["outcome"]), f"{where}: outcome {got['outcome']}"
    for (seat, view, actions), (seat2, view2, actions2) in zip(want["views"], got["views"], strict=True):
        assert (seat, actions) == (seat2, actions2), where
        assert _within(view, view2), f"{where}: view of {seat}"
    assert _within(want["final_views"], got["final_views"]), where
