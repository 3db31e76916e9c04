"""What the adapters share: a game from a name or an instance, and rewards from an Outcome.

Every adapter pays its reward once, when the game ends, from the game's
:class:`~consim.Outcome` (nothing before: the games have no agreed running score). Three
ways to turn an outcome into numbers, chosen with ``reward=``:

* ``"win"``: +1 to every winner, -1 to every other seat; 0 to every seat when nobody won.
* ``"score"``: the seat's ``Outcome.scores`` value as it is (VP, Outcome Points, ...), within
  ``GameInfo.min_score`` .. ``max_score``.
* ``"normalized"``: the same score mapped linearly to 0..1 by those bounds.
"""

from __future__ import annotations

import importlib
import io
from typing import Any, Literal, get_args

import numpy as np
from rich.console import Console

from consim.core.errors import OptionError
from consim.core.game import Game
from consim.core.registry import GAMES, load_game
from consim.core.state import State
from consim.core.values import Outcome

RewardMode = Literal["win", "score", "normalized"]

#: the render modes of the adapters: "ansi" returns the text, "human" prints it at every step
RENDER_MODES: tuple[str, ...] = ("ansi", "human")

REWARD_MODES: tuple[str, ...] = get_args(RewardMode)

#: game seeds drawn by the adapters are below this bound (the engine takes any integer)
SEED_BOUND = 2**63


def game_of(game: str | Game, options: dict[str, Any]) -> Game:
    """``game`` itself, or the game of that name built with ``options``."""
    if isinstance(game, Game):
        if options:
            raise OptionError("options go with a game name, not with a Game already built")
        return game
    return load_game(game, **options)


def check_reward_mode(mode: str) -> RewardMode:
    if mode not in REWARD_MODES:
        raise OptionError(f"unknown reward {mode!r}; choose one of {', '.join(REWARD_MODES)}")
    return mode  # type: ignore[return-value]


def reward_bounds(game: Game, mode: RewardMode) -> tuple[float, float]:
    """The lowest and highest reward a seat can receive under ``mode``."""
    if mode == "win":
        return (-1.0, 1.0)
    if mode == "normalized":
        return (0.0, 1.0)
    info = game.info()
    return (float(info.min_score), float(info.max_score))


def final_rewards(game: Game, outcome: Outcome, mode: RewardMode) -> dict[str, float]:
    """Every seat's reward for a finished game."""
    if mode == "win":
        if not outcome.winners:
            return dict.fromkeys(game.seats, 0.0)
        return {s: 1.0 if s in outcome.winners else -1.0 for s in game.seats}
    info = game.info()
    lo, hi = float(info.min_score), float(info.max_score)
    scores = {s: min(hi, max(lo, float(outcome.scores.get(s, lo)))) for s in game.seats}
    if mode == "score":
        return scores
    span = hi - lo
    return {s: (v - lo) / span if span > 0 else 0.0 for s, v in scores.items()}


def draw_seed(rng: np.random.Generator) -> int:
    """A game seed drawn from a NumPy generator (so that a seeded reset fixes the game)."""
    return int(rng.integers(SEED_BOUND, dtype=np.uint64))


def check_render_mode(mode: str | None) -> str | None:
    if mode is not None and mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)} or None, not {mode!r}")
    return mode


def text_of(state: State, seat: str | None, width: int = 100) -> str:
    """What a person watching sees of ``state`` as ``seat`` (``None``: the public table): the
    game's own terminal board when it has one (its ``present.render``, found through the
    registry like the command line's), the last lines of the log, and who is asked what."""
    parts: list[str] = []
    board = _board(state, seat, width)
    if board:
        parts.append(board)
    parts.extend(e.text for e in state.visible_log(seat)[-5:])
    if state.is_over():
        outcome = state.outcome()
        parts.append(f"Game over: {outcome.result if outcome else ''}")
    else:
        asked = [s for s in state.game.seats if s in state.to_act()]
        first = asked[0]
        text = state.prompt(first).text if seat in (None, first) else "Waiting."
        parts.append(f"{first}: {text}" if seat is None else text)
    return "\n".join(parts)


def _board(state: State, seat: str | None, width: int) -> str:
    """The game's own board for the terminal, as plain text ("" if the game draws none)."""
    module_name = GAMES.get(state.game.id, "").partition(":")[0]
    try:
        present = importlib.import_module(f"{module_name}.present")
    except ModuleNotFoundError:
        return ""
    render = getattr(present, "render", None)
    if render is None:
        return ""
    out = io.StringIO()
    Console(file=out, width=width, color_system=None, force_terminal=False).print(render(state.view(seat)))
    return out.getvalue().rstrip()
