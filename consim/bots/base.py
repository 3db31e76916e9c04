"""Bots decide like people: from ``state.view(seat)`` and the legal actions, nothing else."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol

from consim.core.action import Action
from consim.core.errors import OptionError

if TYPE_CHECKING:
    from consim.core.game import Game
    from consim.core.rng import Rng
    from consim.core.state import State


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


class SearchBot(Bot, Protocol):
    """A bot that searches: besides its view it may ask for *determinizations*, full positions
    consistent with what its seat knows (``state.determinize(seat, rng)``), never the real one.
    :func:`decide` calls :meth:`choose_with_search` instead of ``choose`` for such bots."""

    def choose_with_search(
        self,
        view: Mapping[str, Any],
        actions: Sequence[Action],
        determinize: Callable[[Rng], State],
    ) -> Action: ...


def decide(bot: Bot, state: State, seat: str, actions: Sequence[Action]) -> Action:
    """``bot``'s choice for ``seat`` among ``actions`` in ``state``: the bot gets the seat's view
    (if it uses one) and, if it searches (has ``choose_with_search``), a function returning
    ``state.determinize(seat, rng)``, which depends on nothing the seat cannot know."""
    view = state.view(seat) if bot.uses_view else _NO_VIEW
    search = getattr(bot, "choose_with_search", None)
    if search is None:
        return bot.choose(view, actions)
    determinize = state.determinize

    def deal(rng: Rng) -> State:
        return determinize(seat, rng)

    chosen: Action = search(view, actions, deal)
    return chosen


_NO_VIEW: Mapping[str, Any] = MappingProxyType({})

#: kinds every game has, beyond ``random``; a kind may carry options after a colon
#: (``ismcts:iterations=400,seconds=0``), parsed by the factory named here
_COMMON: dict[str, str] = {"ismcts": "consim.bots.ismcts:make_ismcts"}


class BotKinds(dict[str, Callable[["Game", str, int], Bot]]):
    """Bot factories by kind. Besides its keys it accepts ``KIND:OPTIONS`` for the kinds that
    take options (``ismcts``); bad options raise :class:`OptionError` with the reason."""

    def _with_options(self, kind: str) -> Callable[[Game, str, int], Bot] | None:
        base, sep, options = kind.partition(":")
        if not sep or base not in _COMMON:
            return None
        build = _factory(_COMMON[base], options)
        _check_options(_COMMON[base], options)
        return build

    def __contains__(self, kind: object) -> bool:
        if super().__contains__(kind):
            return True
        return isinstance(kind, str) and self._with_options(kind) is not None

    def __missing__(self, kind: str) -> Callable[[Game, str, int], Bot]:
        build = self._with_options(kind)
        if build is None:
            raise KeyError(kind)
        return build


def bot_kinds(game: Game) -> BotKinds:
    """Bot factories by kind for ``game``: ``random`` and ``ismcts`` for every game, plus the
    kinds the game names in its ``bots`` table (``"module:Class"``, imported when first asked
    for)."""
    kinds = BotKinds({"random": lambda g, seat, seed: RandomBot(seed)})
    for kind, target in _COMMON.items():
        kinds[kind] = _factory(target, "")
    named: dict[str, str] = dict(game.bots)
    for kind, target in named.items():
        kinds[kind] = _factory(target)
    return kinds


def _check_options(target: str, options: str) -> None:
    module = importlib.import_module(target.partition(":")[0])
    module.parse_options(options)


def _factory(target: str, options: str | None = None) -> Callable[[Game, str, int], Bot]:
    """A factory for ``"module:Class"``; with ``options`` (a text, maybe empty) it is called
    with them as a fourth argument."""

    def build(game: Game, seat: str, seed: int) -> Bot:
        module_name, _, class_name = target.partition(":")
        bot_class = getattr(importlib.import_module(module_name), class_name)
        bot: Bot = bot_class(game, seat, seed) if options is None else bot_class(game, seat, seed, options)
        return bot

    return build


#: what players are told a bot of each kind is (the kinds are names for the command line)
_LABELS: dict[str, str] = {"random": "random bot", "heuristic": "heuristic bot", "ismcts": "search bot"}


def bot_label(kind: str) -> str:
    """A bot kind in words for players: ``"ismcts:iterations=50"`` -> ``"search bot"``.

    >>> bot_label("heuristic"), bot_label("bot:ismcts:seconds=2")
    ('heuristic bot', 'search bot')
    """
    base = kind.removeprefix("bot:").partition(":")[0]
    return _LABELS.get(base, f"{base} bot")


#: how each kind plays, in a few words, for a list to choose from
_HINTS: dict[str, str] = {
    "random": "any legal move, at random",
    "heuristic": "rules of thumb, moves at once",
    "ismcts": "the strongest, looks ahead about a second a move",
}


def bot_choice(kind: str) -> str:
    """A bot kind as a list of players offers it: its name and how it plays.

    >>> bot_choice("ismcts")
    'search bot (the strongest, looks ahead about a second a move)'
    """
    hint = _HINTS.get(kind.removeprefix("bot:").partition(":")[0])
    return f"{bot_label(kind)} ({hint})" if hint else bot_label(kind)


def make_bot(game: Game, kind: str, seat: str, seed: int = 0) -> Bot:
    """A bot of ``kind`` (``random``, ``heuristic``, ``ismcts``, ``ismcts:iterations=50``, ...)
    for ``seat`` of ``game``."""
    kinds = bot_kinds(game)
    if kind not in kinds:
        raise OptionError(f"unknown bot {kind!r} for {game.id}; choose from {', '.join(sorted(kinds))}")
    if seat not in game.seats:
        raise OptionError(f"unknown seat {seat!r}; seats are {', '.join(game.seats)}")
    return kinds[kind](game, seat, seed)
