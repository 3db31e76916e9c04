"""Batch simulation: many games with bots, in one process or several, and their figures.

>>> from consim.sim import run_games, summarize, wilson
>>> results = run_games("iraq", {"players": 2, "turns": 1}, games=2, bots="random")
>>> len(summarize(results, ["US", "Insurgent"]).seats)
2
"""

from consim.sim.files import ResultSet, ResultsFileError, read_results
from consim.sim.runner import (
    BACKENDS,
    BotSpec,
    ConflictSeatStats,
    ConflictStats,
    GameResult,
    LengthStats,
    MissingExtra,
    PointsStats,
    SeatStats,
    SimulationError,
    Summary,
    play_one,
    points_stats,
    resolve_bots,
    run_games,
    summarize,
)
from consim.sim.stats import wilson

__all__ = [
    "BACKENDS",
    "BotSpec",
    "ConflictSeatStats",
    "ConflictStats",
    "GameResult",
    "LengthStats",
    "MissingExtra",
    "PointsStats",
    "ResultSet",
    "ResultsFileError",
    "SeatStats",
    "SimulationError",
    "Summary",
    "play_one",
    "points_stats",
    "read_results",
    "resolve_bots",
    "run_games",
    "summarize",
    "wilson",
]
