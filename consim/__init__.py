"""consim: conflict simulations of the Middle East, playable and analyzable in Python.

>>> import consim
>>> "iraq" in consim.list_games()
True
"""

# first: puts in place the compiled build of the hottest modules, where a fresh one was built
from consim import _speedups  # noqa: F401  (consim/_speedups.py)
from consim.core import (
    Action,
    AmbiguousAction,
    ContentError,
    Game,
    IllegalAction,
    LogEntry,
    MalformedAction,
    OptionError,
    Outcome,
    Prompt,
    Record,
    RestoreError,
    Rng,
    State,
    list_games,
    load_game,
    replay,
)
from consim.core.version import __version__

__all__ = [
    "Action",
    "AmbiguousAction",
    "ContentError",
    "Game",
    "IllegalAction",
    "LogEntry",
    "MalformedAction",
    "OptionError",
    "Outcome",
    "Prompt",
    "Record",
    "RestoreError",
    "Rng",
    "State",
    "__version__",
    "list_games",
    "load_game",
    "replay",
]
