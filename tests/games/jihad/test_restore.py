"""A save is refused as it is restored when a name it holds as text is none of the game's
(issue 30, section 3): a minor power's face, a Great King's name, the Greek Fleet's side and
the segments of an Actions Phase are checked against the game's content. Before, such a save
restored, and the rules failed later, deep in a lookup."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import consim
from consim.core.errors import RestoreError
from consim.core.rng import Rng
from consim.games.jihad.rules.events import RevoltChoice


def _saved(advanced: bool = True, seed: int = 3) -> tuple[Any, dict[str, Any]]:
    game = consim.load_game("jihad", advanced=advanced)
    state = game.new_game(seed)
    return game, state.to_dict()


def test_a_track_with_a_face_no_minor_power_has_is_refused() -> None:
    game, saved = _saved()
    spoiled = copy.deepcopy(saved)
    spoiled["data"]["tracks"][0]["face"] = "martian"
    with pytest.raises(
        RestoreError, match=r"tracks\[0\]\.face: expected the name of a minor power's face, got 'martian'"
    ):
        game.restore(spoiled)
    game.restore(saved)  # the save as it was restores


def test_a_greek_fleet_on_a_side_it_has_not_is_refused() -> None:
    game, saved = _saved()
    spoiled = copy.deepcopy(saved)
    spoiled["data"]["fleet"]["side"] = "minus_two"
    with pytest.raises(RestoreError, match=r"fleet\.side.*'minus_two'"):
        game.restore(spoiled)
    saved["data"]["fleet"]["side"] = "greek_fire"  # [12.1] its other side
    assert game.restore(saved).data.fleet.side == "greek_fire"


def test_a_great_king_no_card_brings_is_refused() -> None:
    game, saved = _saved()
    king = {"path": "caucasus", "name": "Barjik", "army": "khazars", "new": False}
    saved["data"]["adv"]["great_king"] = king
    assert game.restore(saved).data.adv.great_king.name == "Barjik"
    saved["data"]["adv"]["great_king"] = {**king, "name": "Ashot"}
    with pytest.raises(
        RestoreError, match=r"great_king\.name: expected the name of a Great King, got 'Ashot'"
    ):
        game.restore(saved)


def test_a_revolt_choice_naming_an_unknown_king_is_refused() -> None:
    game, saved = _saved()
    t = game.tables
    choice = game.codec.dump(RevoltChoice(path=t.african, king="Mercurios", ap=3))
    saved["stack"].append({**choice, "frame": "revolt"})
    with pytest.raises(RestoreError, match=r"revolt.*king.*'Mercurios'"):
        game.restore(saved)


def test_an_actions_phase_with_an_unknown_segment_is_refused() -> None:
    """The segments are the Theaters and, once divided or in the Advanced Game, the Paths
    [8.1]; a random game is played until its Actions Phase."""
    game = consim.load_game("jihad", advanced=True)
    state = game.new_game(5)
    rng = Rng(5)
    while not any(type(f).__name__ == "Actions" for f in state.stack):
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randbelow(len(legal))])
    saved = state.to_dict()
    index = next(i for i, f in enumerate(state.stack) if type(f).__name__ == "Actions")
    assert set(saved["stack"][index]["segs"]) <= set(game.id_tables()["segment of the Actions Phase"])
    spoiled = copy.deepcopy(saved)
    spoiled["stack"][index]["segs"][-1] = "north"
    with pytest.raises(RestoreError, match=r"segs.*'north'"):
        game.restore(spoiled)
    assert game.restore(saved).to_dict() == saved
