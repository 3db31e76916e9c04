"""Helpers to build exact Iraq positions from a fresh game (scenario tests from a custom set-up)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pytest

import consim
from consim.games.iraq.game import IraqGame, IraqState


def arrange(
    game: consim.Game,
    seed: int = 0,
    hands: Mapping[str, Iterable[str]] | None = None,
    deck_top: Iterable[str] = (),
    **fields: Any,
) -> IraqState:
    """A new game whose hands hold exactly the named cards (others keep theirs up to 10 less
    the named ones), with ``deck_top`` drawn next; extra ``fields`` overwrite state data."""
    state = game.new_game(seed)
    data = state.to_dict()
    d = data["data"]
    hands = {s: list(h) for s, h in (hands or {}).items()}
    wanted = {c for h in hands.values() for c in h} | set(deck_top)
    pool = [
        c for c in d["deck"] + d["discard"] + [c for h in d["hands"].values() for c in h] if c not in wanted
    ]
    new_hands = {}
    for seat in game.seats:
        if seat in hands:
            new_hands[seat] = hands[seat]
        else:
            new_hands[seat] = [pool.pop() for _ in range(10)]
    d["hands"] = new_hands
    d["discard"] = []
    d["deck"] = pool + list(reversed(list(deck_top)))
    d["pending"] = {s: [] for s in game.seats}
    d.update(fields)
    data["log"] = []  # the arranged position has no past of its own
    restored = game.restore(data)
    assert isinstance(restored, IraqState)
    return restored


@pytest.fixture
def five() -> IraqGame:
    g = consim.load_game("iraq", players=5)
    assert isinstance(g, IraqGame)
    return g


def finish_commitment(state: consim.State) -> None:
    for seat in list(state.to_act()):
        state.apply(seat, "done")
