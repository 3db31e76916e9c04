"""Helpers for the terminal's tests: a session driven by scripted lines on an 80x24 console."""

from __future__ import annotations

import io
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text

from consim.cli.session import Session
from consim.core.game import State
from consim.core.registry import GAMES


@dataclass
class Played:
    code: int
    output: str
    session: Session
    #: what the console showed before each line was read (the prompt included)
    screens: list[str]


def play(
    state: State,
    players: Mapping[str, str],
    lines: Sequence[str | BaseException],
    save: Path,
    *,
    width: int = 80,
    height: int = 24,
    terminal: bool = False,
) -> Played:
    """Run a :class:`Session` on ``state`` with ``lines`` typed in turn (an exception in the
    list is raised by the keyboard instead, such as ``KeyboardInterrupt()``); the input ends
    (EOF) after the last line."""
    buffer = io.StringIO()
    console = Console(
        file=buffer,
        width=width,
        height=height,
        force_terminal=terminal,
        color_system="standard" if terminal else None,
        highlight=False,
    )
    typed = iter(lines)
    screens: list[str] = []

    def read(prompt: Text) -> str:
        console.print(prompt, end="")
        screens.append(buffer.getvalue())
        line = next(typed, None)
        if line is None:
            raise EOFError
        if isinstance(line, BaseException):
            raise line
        console.print(Text(line))  # the terminal echoes what was typed
        return line

    session = Session(state, players, save, bot_seed=1, console=console, read=read)
    code = session.run()
    return Played(code, buffer.getvalue(), session, screens)


@pytest.fixture
def markup_game() -> Iterator[str]:
    """Registers the markup test game as ``markup`` while a test runs."""
    GAMES["markup"] = "tests.cli.markup_game:MarkupGame"
    try:
        yield "markup"
    finally:
        del GAMES["markup"]
