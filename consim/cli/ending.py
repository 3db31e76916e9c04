"""The end of a game, worded for what it is: a solitaire game has no winner to name (its points,
level and result), a shared victory says the sharers win together, and a game of separate
conflicts (Iraq's Insurgency and Civil War) names each conflict's winners.

>>> from consim.core.game import Conflict, Outcome
>>> out = Outcome({"A": 3.0, "B": 3.0, "C": 1.0}, ("A", "B"), "A and B tie.", unit="VP")
>>> winners_line(out.winners)
'A and B win together.'
>>> winners_line(())
'Nobody wins.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table

from consim.cli.render import render_outcome
from consim.cli.screen import plain
from consim.core.game import Outcome
from consim.core.words import listing


def winners_line(winners: Sequence[str], what: str = "") -> str:
    """One sentence naming who won (``what``: the conflict, if the game has several)."""
    of = f" {what}" if what else ""
    if not winners:
        return f"Nobody wins{of}."
    if len(winners) == 1:
        return f"{winners[0]} wins{of}."
    return f"{listing(winners)} win{of} together."


def _score(value: float) -> str:
    return f"{value:g}"


def _result_cell(seat: str, winners: Sequence[str]) -> str:
    if seat not in winners:
        return ""
    return "wins" if len(winners) == 1 else "wins together"


def _player_cell(seat: str, players: Mapping[str, str]) -> str:
    who = players.get(seat, "")
    return who if who in ("", "human") else f"bot:{who.removeprefix('bot:')}"


def _solitaire(outcome: Outcome) -> list[RenderableType]:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold")
    grid.add_column()
    if outcome.points is not None:
        grid.add_row("points", plain(_score(outcome.points)))
    if outcome.level:
        grid.add_row("level", plain(outcome.level))
    if outcome.turns is not None:
        grid.add_row("turns", plain(str(outcome.turns)))
    return [grid] if grid.row_count else []


def _scores(outcome: Outcome, seats: Sequence[str], players: Mapping[str, str]) -> Table:
    unit = outcome.unit or "score"
    table = Table(title="Final scores", title_justify="left")
    table.add_column("seat")
    table.add_column("player")
    table.add_column(plain(unit), justify="right")
    table.add_column("result")
    groups: list[tuple[str, Sequence[str], Sequence[str]]]
    if outcome.conflicts:
        groups = [(name, c.seats, c.winners) for name, c in outcome.conflicts.items()]
        rest = [s for s in seats if not any(s in c.seats for c in outcome.conflicts.values())]
        if rest:
            groups.append(("", rest, [w for w in outcome.winners if w in rest]))
    else:
        groups = [("", seats, outcome.winners)]
    for i, (name, members, winners) in enumerate(groups):
        if name:
            if i:
                table.add_section()
            table.add_row(plain(name, style="bold"), "", "", "")
        ranked = sorted(members, key=lambda s: -outcome.scores.get(s, 0.0))
        for seat in ranked:
            table.add_row(
                plain(seat),
                plain(_player_cell(seat, players)),
                plain(_score(outcome.scores.get(seat, 0.0))),
                plain(_result_cell(seat, winners), style="bold green"),
            )
    return table


def final_screen(
    game_id: str,
    outcome: Outcome,
    seats: Sequence[str],
    players: Mapping[str, str],
    view: Mapping[str, Any] | None = None,
) -> RenderableType:
    """What the terminal shows when a game ends: the table (or, for a solitaire game, its
    points and level), who won each conflict, the game's own breakdown (given the final public
    ``view`` if the game explains itself with it), and the result."""
    parts: list[RenderableType] = []
    if len(seats) == 1:
        parts.extend(_solitaire(outcome))
    else:
        parts.append(_scores(outcome, seats, players))
        if outcome.conflicts:
            for name, conflict in outcome.conflicts.items():
                parts.append(plain(winners_line(conflict.winners, name)))
        else:
            parts.append(plain(winners_line(outcome.winners)))
    breakdown = render_outcome(game_id, outcome, view)
    if breakdown is not None:
        parts.append(breakdown)
    parts.append(plain(outcome.result, style="bold"))
    return Group(*parts)
