"""Shared fixtures of the Fitna rule tests: the game's own scenario 1, and the test fixture's
scenarios (``fixtures/scenarios.yaml``): a small Syrian war (1) and the whole region with
every nation in play (2), on which tests build their own positions."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from consim.core.content import load_model
from consim.core.testing import LoadedDice
from consim.games.fitna.content import (
    CONTENT_DIR,
    CardsFile,
    CountersFile,
    FitnaContent,
    MapFile,
    load_scenarios,
)
from consim.games.fitna.game import FitnaGame
from consim.games.fitna.state import FitnaState
from consim.games.fitna.testing import clear_map, empty_hands, give, put

FIXTURES = Path(__file__).parent / "fixtures" / "scenarios.yaml"
#: the source of every record of the fixture (its values are invented for testing only)
FIXTURE_SOURCE = "a test fixture (tests/games/fitna/fixtures)"


@cache
def fixture_content() -> FitnaContent:
    game_map = load_model(CONTENT_DIR / "map.yaml", MapFile)
    counters = load_model(CONTENT_DIR / "counters.yaml", CountersFile)
    cards = load_model(CONTENT_DIR / "cards.yaml", CardsFile)
    return FitnaContent(
        map=game_map,
        counters=counters,
        cards=cards,
        scenarios=load_scenarios(FIXTURES, game_map, counters, cards, default_source=FIXTURE_SOURCE),
    )


@cache
def region_game(**options: Any) -> FitnaGame:
    return FitnaGame(content=fixture_content(), scenario=2, **options)


@cache
def syria_game(**options: Any) -> FitnaGame:
    return FitnaGame(content=fixture_content(), scenario=1, **options)


def position(
    game: FitnaGame,
    units: Mapping[str, str],
    *,
    reduced: Iterable[str] = (),
    hands: Mapping[str, Iterable[str]] | None = None,
    frames: Callable[[FitnaState], None] | None = None,
    edit: Callable[[Any, FitnaState], None] | None = None,
    dice: Iterable[int] = (),
    seed: int = 1,
) -> FitnaState:
    """A position built by hand: the map cleared, these units placed (their side takes their
    spaces), hands dealt, the stack set by ``frames``, then the dice scripted."""
    st = game.new_game(seed)
    assert isinstance(st, FitnaState)
    with st.edit() as d:
        d.turn = 1
        clear_map(d, st)
        put(d, st, units, reduced)
        empty_hands(d, st)
        for seat, names in (hands or {}).items():
            give(d, st, seat, names)
        if edit is not None:
            edit(d, st)
        if frames is not None:
            frames(st)
    st.rng = LoadedDice(list(dice), st.rng.state, st.rng.calls)
    return st


def play(st: FitnaState, *moves: str) -> None:
    """Apply actions, each by the seat now to act."""
    for text in moves:
        seat = st.to_act()[0]
        st.apply(seat, text)


def texts(st: FitnaState) -> list[str]:
    return [e.text for e in st.log]


def where(st: FitnaState, label: str) -> str:
    t = st.tables
    u = t.unit_by_label[label]
    at = st.data.units[u].at
    return t.space_name[at] if at < t.n_spaces else t.place_names[at]


@pytest.fixture
def region() -> FitnaGame:
    return region_game()


def scenarios(numbers: Iterable[int]) -> list[Any]:
    """Test parameters for scenarios ``numbers``: the first in every run, the others marked
    ``slow`` (a full run's, CI's: see ``tests/conftest.py``)."""
    return [pytest.param(n, marks=[pytest.mark.slow] if i else []) for i, n in enumerate(numbers)]
