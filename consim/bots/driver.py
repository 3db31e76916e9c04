"""Driving a game with bots through the public API only."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from consim.bots.base import Bot, decide, make_bot
from consim.core.game import Game, State

_NO_VIEW: Mapping[str, object] = MappingProxyType({})


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

    Seats that choose simultaneously are asked one after another (the first listed seat
    until it is done); each sees only its own view, so the order does not matter. Nobody will
    undo a game the bots play to its end, so the state stops keeping what undo needs
    (``state.keep_undo = False``), which saves a copy of the position at every undo floor.
    A bot that searches (``choose_with_search``) is asked through
    :func:`consim.bots.base.decide`, which hands it determinizations, never the state.
    """
    state.keep_undo = False
    steps = 0
    # bots that search are handed determinizations of their seat's information (see decide)
    searching = {seat for seat, bot in bots.items() if hasattr(bot, "choose_with_search")}
    to_act, legal_actions, apply, view = state.to_act, state.legal_actions, state.apply, state.view
    while True:
        seats = to_act()
        if not seats:
            return steps
        seat = seats[0]
        bot = bots[seat]
        actions = legal_actions(seat)
        if not actions:
            raise DeadEnd(f"{seat} is to act but has no legal action")
        if seat in searching:
            apply(seat, decide(bot, state, seat, actions))
        else:
            apply(seat, bot.choose(view(seat) if bot.uses_view else _NO_VIEW, actions))
        steps += 1
        if steps > max_steps:
            raise DeadEnd(f"no end after {max_steps} decisions")
