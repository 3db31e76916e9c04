"""What ``consim list``, ``consim list GAME`` and ``consim play GAME --help`` say about the
games: one line a game in the list; for one game, its players and seats, the bots that can
take a seat, its scenarios (the game's ``present.describe``) and its options.

>>> lines = summary_rows()
>>> [row[0] for row in lines]
['baghdad', 'fitna', 'iraq', 'jihad']
>>> player_counts("iraq"), player_counts("jihad")
([2, 3, 4, 5], [1])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

import consim
from consim.bots.base import bot_choice, bot_kinds
from consim.cli.render import game_description
from consim.cli.screen import plain
from consim.core.game import Game
from consim.core.registry import game_class


def player_counts(name: str) -> list[int]:
    """The numbers of players ``name`` is played by: its ``players`` option's range, else the
    seats of its game with default options."""
    cls = game_class(name)
    field = cls.Options.model_fields.get("players")
    if field is not None:
        lo = next((m.ge for m in field.metadata if hasattr(m, "ge")), None)
        hi = next((m.le for m in field.metadata if hasattr(m, "le")), None)
        if isinstance(lo, int) and isinstance(hi, int):
            return list(range(lo, hi + 1))
    return [len(cls().seats)]


def players_words(counts: Sequence[int]) -> str:
    """``[2, 3, 4, 5]`` -> "2-5"; ``[1]`` -> "1"."""
    return f"{counts[0]}-{counts[-1]}" if len(counts) > 1 else str(counts[0])


def short_status(status: str) -> str:
    """A game's status in its first words ("complete", "complete and calibrated")."""
    return status.split(":")[0].split(";")[0].strip() or "playable"


def summary_rows() -> list[tuple[str, str, str, str]]:
    """(id, players, status, title) for every game."""
    rows = []
    for name in consim.list_games():
        cls = game_class(name)
        counts = player_counts(name)
        title = f"{cls.title} (solitaire)" if counts == [1] else cls.title
        rows.append((name, players_words(counts), short_status(cls.status), title))
    return rows


def summary(width: int = 80) -> RenderableType:
    """``consim list``: one line a game (game, players, status, title), and where the details
    are."""
    rows = [("game", "players", "status", "title"), *summary_rows()]
    widths = [max(len(row[k]) for row in rows) for k in range(3)]
    lines: list[RenderableType] = []
    for i, (name, players, status, title) in enumerate(rows):
        line = "  ".join(cell.ljust(w) for cell, w in zip((name, players, status), widths, strict=True))
        text = f"{line}  {title}"
        text = text if len(text) <= width else text[: width - 1] + "…"
        lines.append(plain(text, "bold" if i == 0 else ""))
    lines.append(plain("Seats, bots, scenarios and options of one game: consim list GAME", "dim"))
    return Group(*lines)


def _seat_lines(name: str, cls: type[Game]) -> list[str]:
    """The seats, by number of players where that changes them (a game with scenarios says
    its seats scenario by scenario in its description instead)."""
    fields = cls.Options.model_fields
    if "scenario" in fields:
        return []
    counts = player_counts(name)
    if len(counts) == 1:
        return [f"Seats: {', '.join(cls().seats)}."]
    lines = ["Seats by number of players (--players N):"]
    for n in counts:
        try:
            seats = cls(players=n).seats
        except ValueError:
            continue
        lines.append(f"  {n}: {', '.join(seats)}")
    return lines


def bot_lines(name: str) -> list[str]:
    """The kinds of bot that can take a seat (``--seat NAME=bot:KIND``), in words."""
    kinds = bot_kinds(game_class(name)())
    return [f"  bot:{kind:<10} {bot_choice(kind)}" for kind in sorted(kinds, key=_bot_order)]


def _bot_order(kind: str) -> tuple[int, str]:
    return ({"random": 0, "heuristic": 1, "ismcts": 2}.get(kind, 3), kind)


def _shown_default(value: object) -> str:
    """An option's default as a player would type it: ``true``/``false``, and "not set" for
    an option left unset (never Python's ``None`` or ``True``)."""
    if value is None:
        return "not set"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def options_table(name: str) -> Table:
    """The game's options, their defaults and meanings."""
    cls = game_class(name)
    opts = Table(title=f"{name} options (consim play {name} --option KEY=VALUE)", title_justify="left")
    opts.add_column("option", style="cyan")
    opts.add_column("default")
    opts.add_column("meaning")
    for key, field in cls.Options.model_fields.items():
        opts.add_row(plain(key), plain(_shown_default(field.default)), plain(field.description or ""))
    return opts


def details(name: str, options: bool = True) -> RenderableType:
    """One game in full: title, status, players and seats, bots, scenarios, options (with
    ``options``; otherwise their names and where they are explained)."""
    cls = game_class(name)
    counts = player_counts(name)
    players = "solitaire" if counts == [1] else f"{players_words(counts)} players"
    parts: list[Any] = [
        Text(f"{cls.title} ({name}), {players}", style="bold"),
        plain(f"Status: {cls.status}."),
    ]
    parts.extend(plain(line) for line in _seat_lines(name, cls))
    parts.append(plain("Who plays each seat: --seat NAME=human, or --seat NAME=bot:KIND, one of:"))
    parts.extend(plain(line) for line in bot_lines(name))
    parts.append(plain("Seats you do not name are played by bot:heuristic; naming none, you play the first."))
    described = game_description(name)
    if described is not None:
        parts.append(described)
    fields = cls.Options.model_fields
    if options:
        parts.append(options_table(name))
        if "scenario" in fields:
            said = f"'--scenario N' stands for '--option scenario=N' ({name} play and simulate)."
            parts.append(plain(said))
    else:
        keys = ", ".join(fields)
        parts.append(plain(f"Options (--option KEY=VALUE): {keys}; 'consim list {name}' explains each."))
    return Group(*parts)
