"""Terminal rendering of views: each game's own ``present`` module, plus a generic fallback
for a game that has none."""

from __future__ import annotations

import importlib
import inspect
import json
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any

from rich.console import RenderableType
from rich.panel import Panel
from rich.text import Text

from consim.core.action import Action
from consim.core.game import Outcome
from consim.core.registry import GAMES

Renderer = Callable[[Mapping[str, Any]], RenderableType]


def _generic(view: Mapping[str, Any]) -> RenderableType:
    return Panel(Text(json.dumps(view, indent=1, default=str)), title="view")


def present_module(game_id: str) -> ModuleType | None:
    """The game's own terminal rendering, ``consim.games.<id>.present``, if it has one."""
    try:
        module_name = GAMES[game_id].partition(":")[0]
    except KeyError:
        return None
    try:
        return importlib.import_module(f"{module_name}.present")
    except ModuleNotFoundError as exc:
        if exc.name not in (f"{module_name}.present", module_name):
            raise  # the game has a present module, and it is broken: say so
        return None


def render_view(
    view: Mapping[str, Any],
    *,
    room: int | None = None,
    refused: Mapping[str, str] | None = None,
    actions: Sequence[Action] | None = None,
) -> RenderableType:
    """A view drawn for the terminal by its game's ``present.render``. A ``render`` that takes
    them also gets ``room``, the lines the board may fill (it may take more for what must be
    seen: the session then shows it in pages), ``refused``, the engine's reasons for the
    actions of :func:`game_looked_for` that are not among the choices, and ``actions``, the
    seat's choices at this prompt (what it is deciding: the board may show what that needs)."""
    game_id = str(view.get("game"))
    module = present_module(game_id)
    if module is not None and hasattr(module, "render"):
        fn = module.render
        params = inspect.signature(fn).parameters
        extra: dict[str, Any] = {}
        if room is not None and "room" in params:
            extra["room"] = room
        if refused and "refused" in params:
            extra["refused"] = refused
        if actions is not None and "actions" in params:
            extra["actions"] = actions
        rendered: RenderableType = fn(view, **extra)
        return rendered
    return _generic(view)


def takes_room(game_id: str) -> bool:
    """Whether the game's ``present.render`` fits the board to the room it is given (and takes
    more only for what must be seen)."""
    module = present_module(game_id)
    fn = getattr(module, "render", None) if module is not None else None
    return callable(fn) and "room" in inspect.signature(fn).parameters


#: a choice of the menu in the game's words: (view, action) -> what the menu shows
Labeller = Callable[[Mapping[str, Any], Action], str]


def game_labeller(game_id: str) -> Labeller | None:
    """``present.choice_label(view, action)``: how the game words a choice in the menu (where
    a unit is, what a card will do), or ``None`` (the action's text)."""
    module = present_module(game_id)
    found = getattr(module, "choice_label", None) if module is not None else None
    return found if callable(found) else None


def game_looked_for(game_id: str) -> Callable[[Mapping[str, Any], Sequence[Action]], list[str]] | None:
    """``present.looked_for(view, actions)``: the actions a player may look for at a prompt
    offering ``actions``, as text (the cards of his hand, say), whether or not they are legal;
    the session asks the engine why each missing one is refused and passes the reasons to
    ``render``."""
    module = present_module(game_id)
    found = getattr(module, "looked_for", None) if module is not None else None
    return found if callable(found) else None


def game_changes(game_id: str) -> Callable[[Mapping[str, Any], Mapping[str, Any]], list[str]] | None:
    """``present.changes(before, after)``: what changed between two views of one seat, in a few
    lines (a summary of the turns of others when their log does not fit the screen)."""
    module = present_module(game_id)
    found = getattr(module, "changes", None) if module is not None else None
    return found if callable(found) else None


#: a game-specific command of the play screen: (view, the rest of the typed line) -> what to show
GameCommand = Callable[[Mapping[str, Any], str], RenderableType]


def game_commands(game_id: str) -> dict[str, GameCommand]:
    """The game's own play-screen commands (``present.COMMANDS``: name -> function), if any."""
    module = present_module(game_id)
    found = getattr(module, "COMMANDS", None) if module is not None else None
    if not isinstance(found, Mapping):
        return {}
    return {str(name).lower(): fn for name, fn in found.items() if callable(fn)}


def game_examples(game_id: str) -> list[str]:
    """Typed examples the game's present module offers for ``help`` (``present.EXAMPLES``)."""
    module = present_module(game_id)
    found = getattr(module, "EXAMPLES", None) if module is not None else None
    if not isinstance(found, list | tuple):
        return []
    return [str(x) for x in found]


# -- the end of a game ------------------------------------------------------------------------


def render_outcome(
    game_id: str, outcome: Outcome, view: Mapping[str, Any] | None = None
) -> RenderableType | None:
    """The game's own end-of-game breakdown, or ``None`` if it has no outcome renderer. A
    game's ``present.render_outcome`` that takes a ``view`` parameter also gets the final
    public view (to say why the game ended as it did), when the caller has one."""
    module = present_module(game_id)
    if module is not None and hasattr(module, "render_outcome"):
        fn = module.render_outcome
        takes_view = "view" in inspect.signature(fn).parameters
        shown: RenderableType | None = (
            fn(outcome, view=view) if takes_view and view is not None else fn(outcome)
        )
        return shown
    return None


# -- what a game offers besides the play screen -------------------------------------------------


def game_description(game_id: str) -> RenderableType | None:
    """The game's own description for ``consim list GAME`` (``present.describe()``: its
    scenarios, say), or ``None``."""
    module = present_module(game_id)
    describe = getattr(module, "describe", None) if module is not None else None
    if not callable(describe):
        return None
    shown: RenderableType = describe()
    return shown


#: draws a view as a picture (SVG text)
Picture = Callable[[Mapping[str, Any]], str]


def game_picture(game_id: str) -> Picture | None:
    """The game's board as a picture, ``consim.games.<id>.draw.board_for(view) -> SVG``, if it
    has one."""
    try:
        module_name = GAMES[game_id].partition(":")[0]
    except KeyError:
        return None
    try:
        module = importlib.import_module(f"{module_name}.draw")
    except ModuleNotFoundError as exc:
        if exc.name not in (f"{module_name}.draw", module_name):
            raise
        return None
    found = getattr(module, "board_for", None)
    return found if callable(found) else None


#: reads a simulated game's per-seat scores (and their unit) as victory levels
LevelReader = Callable[[Mapping[str, float], str], Mapping[str, str]]


def game_levels(game_id: str) -> LevelReader | None:
    """``present.levels_of(scores, unit) -> {seat: level}`` for games whose seats each reach
    a victory level (Fitna), used by ``consim simulate`` to count the levels reached."""
    module = present_module(game_id)
    found = getattr(module, "levels_of", None) if module is not None else None
    return found if callable(found) else None
