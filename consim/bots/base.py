"""Bots decide like people: from ``state.view(seat)`` and the legal actions, nothing else."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from consim.core.action import Action
from consim.core.errors import OptionError

if TYPE_CHECKING:
    from consim.core.game import Game


class Bot(Protocol):
    """A seat's decision maker.

    ``uses_view`` False lets drivers skip building the view (the random bot needs none).
    """

    uses_view: bool

    def choose(self, view: Mapping[str, Any], actions: Sequence[Action]) -> Action: ...


class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded generator.

    The bot's generator is not part of any game state, so it uses the standard library's
    Mersenne Twister (specified, hence the same on every platform) for speed.
    """

    uses_view = False

    def __init__(self, seed: int = 0) -> None:
        self._random = random.Random(seed).random

    def choose(self, view: Mapping[str, Any], actions: Sequence[Action]) -> Action:
        return actions[int(self._random() * len(actions))]


def bot_kinds(game: Game) -> dict[str, Callable[[Game, str, int], Bot]]:
    """Bot factories by kind for ``game``: ``random`` for every game, plus the kinds the game
    names in its ``bots`` table (``"module:Class"``, imported when first asked for)."""
    kinds: dict[str, Callable[[Game, str, int], Bot]] = {"random": lambda g, seat, seed: RandomBot(seed)}
    named: dict[str, str] = dict(game.bots)
    for kind, target in named.items():
        kinds[kind] = _factory(target)
    return kinds


def _factory(target: str) -> Callable[[Game, str, int], Bot]:
    def build(game: Game, seat: str, seed: int) -> Bot:
        module_name, _, class_name = target.partition(":")
        bot_class = getattr(importlib.import_module(module_name), class_name)
        bot: Bot = bot_class(game, seat, seed)
        return bot

    return build


def make_bot(game: Game, kind: str, seat: str, seed: int = 0) -> Bot:
    """A bot of ``kind`` (``random``, ``heuristic``, ...) for ``seat`` of ``game``."""
    kinds = bot_kinds(game)
    if kind not in kinds:
        raise OptionError(f"unknown bot {kind!r} for {game.id}; choose from {', '.join(sorted(kinds))}")
    if seat not in game.seats:
        raise OptionError(f"unknown seat {seat!r}; seats are {', '.join(game.seats)}")
    return kinds[kind](game, seat, seed)
