"""Victory levels reached by each seat, for games whose seats each reach one (Fitna: minor,
major, decisive); the game's ``present.levels_of(scores, unit)`` reads them from the scores.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from consim.core.registry import GAMES
from consim.sim.runner import GameResult

#: ``(scores, unit) -> {seat: level}``
LevelReader = Callable[[Mapping[str, float], str], Mapping[str, str]]

#: victory levels from the lowest to the highest, as ``present.levels_of`` names them
LEVEL_ORDER = ("none", "minor", "major", "decisive")


def levels_reader(game_id: str) -> LevelReader | None:
    """The game's ``present.levels_of``, or ``None`` when its seats reach no levels.

    >>> levels_reader("iraq") is None, levels_reader("fitna") is not None
    (True, True)
    """
    target = GAMES.get(game_id)
    if target is None:
        return None
    module_name = target.partition(":")[0]
    try:
        module = importlib.import_module(f"{module_name}.present")
    except ModuleNotFoundError as exc:
        if exc.name != f"{module_name}.present":
            raise
        return None
    found = getattr(module, "levels_of", None)
    return found if callable(found) else None


def level_counts(results: Sequence[GameResult], seats: Sequence[str], reader: LevelReader) -> dict[str, Any]:
    """How often each seat reached each victory level, and how often nobody won.

    >>> rs = [GameResult(i, {"A": a, "B": b}, [], "", {}, 1, unit="victory level")
    ...       for i, (a, b) in enumerate([(1, 0), (0, 0), (3, 1)])]
    >>> counts = level_counts(rs, ["A", "B"], lambda s, u: {k: LEVEL_ORDER[int(v)] for k, v in s.items()})
    >>> counts["seats"]["A"], counts["nobody"], counts["several"]
    ({'none': 1, 'minor': 1, 'major': 0, 'decisive': 1}, 1, 1)
    """
    per_seat = {s: dict.fromkeys(LEVEL_ORDER, 0) for s in seats}
    nobody = several = 0
    for r in results:
        levels = reader(r.scores, r.unit)
        won = 0
        for s in seats:
            level = levels.get(s, "none")
            level = level if level in LEVEL_ORDER else "none"
            per_seat[s][level] += 1
            won += level != "none"
        nobody += won == 0
        several += won > 1
    return {"games": len(results), "seats": per_seat, "nobody": nobody, "several": several}
