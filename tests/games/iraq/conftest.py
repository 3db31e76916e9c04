"""Helpers to build exact Iraq positions from a fresh game (scenario tests from a custom set-up)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pytest

import consim
from consim.games.iraq.game import IraqGame, IraqState


def arrange(
    game: consim.Game,
    seed: int = 0,
    hands: Mapping[str, Iterable[str]] | None = None,
    deck_top: Iterable[str] = (),
) -> IraqState:
    """A new game whose hands hold exactly the named cards (others keep theirs up to 10 less
    the named ones), with ``deck_top`` drawn next: a position built with ``State.edit``."""
    state = game.new_game(seed)
    assert isinstance(state, IraqState)
    ids = state.tables.card_by_name
    hands = {s: [ids[c] for c in h] for s, h in (hands or {}).items()}
    top = [ids[c] for c in deck_top]
    wanted = {c for h in hands.values() for c in h} | set(top)
    with state.edit() as d:
        pool = [c for c in d.deck + d.discard + [c for h in d.hands.values() for c in h] if c not in wanted]
        for seat in game.seats:
            d.hands[seat] = sorted(hands[seat]) if seat in hands else [pool.pop() for _ in range(10)]
        d.discard = []
        d.deck = pool + list(reversed(top))
    return state


@pytest.fixture
def five() -> IraqGame:
    g = consim.load_game("iraq", players=5)
    assert isinstance(g, IraqGame)
    return g


def finish_commitment(state: consim.State) -> None:
    for seat in list(state.to_act()):
        state.apply(seat, "done")
