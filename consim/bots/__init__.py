"""Game-agnostic bots and the bot factory."""

from consim.bots.base import Bot, RandomBot, make_bot

__all__ = ["Bot", "RandomBot", "make_bot"]
