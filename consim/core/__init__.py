"""The game-agnostic engine."""

from consim.core.action import Action
from consim.core.errors import (
    AmbiguousAction,
    ContentError,
    IllegalAction,
    MalformedAction,
    OptionError,
    RestoreError,
)
from consim.core.game import Game, GameOptions, Outcome, Prompt, State
from consim.core.log import LogEntry
from consim.core.record import Record
from consim.core.registry import game_class, list_games, load_game
from consim.core.replay import replay
from consim.core.rng import Rng

__all__ = [
    "Action",
    "AmbiguousAction",
    "ContentError",
    "Game",
    "GameOptions",
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
    "game_class",
    "list_games",
    "load_game",
    "replay",
]
