"""The seats of a game that bots play, as the server runs them: which bot is to act, and a
search bot's kind held within the server's limits (``Settings.bot_seconds``,
``bot_iterations``)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from consim.core.game import Game, State
from consim.server.positions import Seated
from consim.server.settings import Settings

__all__ = ["BotSeat", "bot_seats", "bot_to_act", "capped", "search_options"]


@dataclass(frozen=True)
class BotSeat:
    """A seat played by a bot: its kind and its place at the table (for its seed)."""

    kind: str
    position: int


def bot_seats(seated: tuple[Seated, ...]) -> dict[str, BotSeat]:
    """The seats played by bots."""
    return {s.seat: BotSeat(s.bot or "random", s.position) for s in seated if s.kind == "bot"}


def bot_to_act(bots: Mapping[str, BotSeat], state: State) -> str | None:
    """A seat played by a bot that is to act now, if any."""
    if not bots:
        return None
    return next((s for s in state.to_act() if s in bots and state.legal_actions(s)), None)


def search_options(game: Game, kind: str) -> tuple[int, float] | None:
    """The iterations and seconds a search bot's kind asks for (seconds 0: no clock of its
    own), None for another kind."""
    base, _, options = kind.removeprefix("bot:").partition(":")
    if base != "ismcts":
        return None
    from consim.bots.ismcts import parse_options

    parsed = parse_options(options, game.search_defaults())
    return parsed.iterations, parsed.seconds


def capped(game: Game, kind: str, settings: Settings) -> str:
    """``kind`` within the server's limits: a search bot thinks at most ``bot_seconds`` and
    ``bot_iterations`` a decision (``seconds=0`` asks for no clock: the limit is its clock);
    other kinds are unchanged.

    >>> import consim
    >>> capped(consim.load_game("jihad"), "ismcts:iterations=99999999,seconds=0", Settings(bot_seconds=2))
    'ismcts:iterations=99999999,seconds=0,iterations=5000,seconds=2'
    """
    asked = search_options(game, kind)
    if asked is None:
        return kind
    iterations, seconds = asked
    iterations = min(iterations, settings.bot_iterations)
    seconds = min(seconds, settings.bot_seconds) if 0 < seconds < math.inf else settings.bot_seconds
    base, _, options = kind.partition(":")
    return f"{base}:{options}{',' if options else ''}iterations={iterations},seconds={seconds:g}"
