"""Helpers to build exact First Jihad positions: the builders of ``consim.games.jihad.testing``
(on top of ``State.edit``), scripted dice (``LoadedDice``), and a few name-based shortcuts."""

from __future__ import annotations

from consim.core.testing import LoadedDice
from consim.games.jihad import board
from consim.games.jihad.state import JihadState
from consim.games.jihad.testing import (
    Position,
    absorbing,
    acting,
    arrange,
    game,
    muster,
    on,
    run,
    settle,
    texts,
)

__all__ = [
    "LoadedDice",
    "Position",
    "absorbing",
    "acting",
    "arrange",
    "game",
    "hits",
    "muster",
    "on",
    "run",
    "settle",
    "texts",
]


def hits(state: JihadState, path: str, base: int) -> int:
    """[7.2.1] the Hit List total on a Path after the Rose number ``base``."""
    return sum(v for _, v in board.hit_list(state, state.tables.path_id[path], base))
