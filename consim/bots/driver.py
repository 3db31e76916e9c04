"""Driving a game with bots through the public API only."""

from __future__ import annotations

from collections.abc import Mapping

from consim.bots.base import Bot, make_bot
from consim.core.game import Game, State


class DeadEnd(RuntimeError):
    """A game stopped making progress (a seat to act with no legal action) or ran too long."""


def bots_for(game: Game, kinds: Mapping[str, str] | str, seed: int = 0) -> dict[str, Bot]:
    """One bot per seat: ``kinds`` is one kind for all seats or a mapping seat -> kind."""
    out: dict[str, Bot] = {}
    for i, seat in enumerate(game.seats):
        kind = kinds if isinstance(kinds, str) else kinds[seat]
        out[seat] = make_bot(game, kind, seat, seed * 1_000_003 + i)
    return out


def play_out(state: State, bots: Mapping[str, Bot], max_steps: int = 1_000_000) -> int:
    """Let the bots play ``state`` to the end; returns the number of decisions made.

    Seats that choose simultaneously are asked one after another; each sees only its own
    view, so the order does not matter.
    """
    steps = 0
    while True:
        to_act = state.to_act()
        if not to_act:
            return steps
        for seat in to_act:
            bot = bots[seat]
            actions = state.legal_actions(seat)
            if not actions:
                raise DeadEnd(f"{seat} is to act but has no legal action")
            view = state.view(seat) if bot.uses_view else {}
            state.apply(seat, bot.choose(view, actions))
            steps += 1
        if steps > max_steps:
            raise DeadEnd(f"no end after {max_steps} decisions")
