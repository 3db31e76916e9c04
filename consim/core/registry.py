"""The registry of games: ``list_games`` and ``load_game``."""

from __future__ import annotations

import importlib
from typing import Any

from consim.core.errors import OptionError
from consim.core.game import Game

#: game id -> "module:Class"; a new game joins by adding one line here
GAMES: dict[str, str] = {
    "baghdad": "consim.games.baghdad:BaghdadGame",
    "fitna": "consim.games.fitna:FitnaGame",
    "iraq": "consim.games.iraq:IraqGame",
    "jihad": "consim.games.jihad:JihadGame",
}


def list_games() -> list[str]:
    """Ids of the playable games, sorted."""
    return sorted(GAMES)


def game_class(name: str) -> type[Game]:
    try:
        target = GAMES[name]
    except KeyError:
        raise OptionError(f"unknown game {name!r}; known games: {', '.join(list_games())}") from None
    module_name, _, cls_name = target.partition(":")
    cls: type[Game] = getattr(importlib.import_module(module_name), cls_name)
    return cls


def load_game(name: str, **options: Any) -> Game:
    """A :class:`Game` with the given options (keyword arguments, validated)."""
    return game_class(name)(**options)
