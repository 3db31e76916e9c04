"""A save naming a seat the game does not have is refused as it is restored (issue 30, section
3): every field of a frame that holds a seat's name is typed ``Seat`` or ``SeatOrNone``
(``consim.core.data``), the secret choices' and reaction windows' lists of seats included.
Before, a save with ``"Nobody"`` in the Commitment's ``done`` restored, and the next ``apply``
raised ``ValueError`` deep in the rules."""

from __future__ import annotations

import copy
import dataclasses
import typing
from typing import Any

import pytest

import consim
from consim.core.errors import RestoreError
from consim.core.rng import Rng

#: a seat no game has
NOBODY = "Nobody"

#: the games and options whose frames name seats (Fitna: a scenario with offensives, cards
#: played against an opponent and reaction windows; The First Jihad, a game for one, names none)
CASES = [
    pytest.param("iraq", {"players": 3}, id="iraq"),
    pytest.param("baghdad", {"players": 4}, id="baghdad"),
    pytest.param("fitna", {"scenario": 3}, id="fitna"),
]


def _seat_fields(frame: object) -> list[str]:
    """The fields of ``frame`` typed to hold seats' names (alone or in a list)."""
    hints = typing.get_type_hints(type(frame), include_extras=True)
    return [
        f.name
        for f in dataclasses.fields(frame)  # type: ignore[arg-type]
        if "Name(kind='seat')" in repr(hints.get(f.name))
    ]


def _spoiled(saved: dict[str, Any], index: int, name: str) -> dict[str, Any]:
    """``saved`` with field ``name`` of frame ``index`` naming nobody of the game."""
    out = copy.deepcopy(saved)
    frame = out["stack"][index]
    value = frame.get(name)
    frame[name] = (
        [*value[:-1], NOBODY]
        if isinstance(value, list) and value
        else ([NOBODY] if isinstance(value, list) else NOBODY)
    )
    return out


@pytest.mark.parametrize(("name", "options"), CASES)
def test_a_save_naming_a_seat_the_game_has_not_is_refused(name: str, options: dict[str, Any]) -> None:
    game = consim.load_game(name, **options)
    spoiled: set[tuple[str, str]] = set()
    for seed in range(2):
        state = game.new_game(seed)
        rng = Rng(seed + 900)
        for _ in range(400):
            if state.is_over():
                break
            saved = state.to_dict()
            for index, frame in enumerate(state.stack):
                for field in _seat_fields(frame):
                    key = (type(frame).__name__, field)
                    if key in spoiled:
                        continue  # each field of each frame once is enough
                    with pytest.raises(RestoreError, match=NOBODY):
                        game.restore(_spoiled(saved, index, field))
                    spoiled.add(key)
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randbelow(len(legal))])
    # the Commitment's seats (Iraq), the reaction windows' and the offensive's (Fitna)...
    assert spoiled, f"no frame of {name} named a seat in these games"


def test_the_commitment_saved_as_done_by_nobody_is_refused() -> None:
    """The reproduction of the issue: Iraq's secret Commitment with "Nobody" among the seats
    that are done."""
    game = consim.load_game("iraq", players=3)
    saved = game.new_game(1).to_dict()
    (index,) = [i for i, f in enumerate(saved["stack"]) if f["frame"] == "commitment"]
    saved["stack"][index]["done"] = [NOBODY]
    with pytest.raises(RestoreError, match=NOBODY):
        game.restore(saved)
