"""The First Jihad at the terminal, 80x24: the board stands whole above the question and its
choices, in the Basic Game at every decision and in the Advanced Game whenever the choices are
few; help names the commands that explain the Advanced actions."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text

import consim
from consim.bots.driver import bots_for
from consim.cli.session import Session
from tests.cli.conftest import play


def screens(advanced: bool, seed: int, decisions: int, tmp_path: Path) -> list[list[str]]:
    """What an 80x24 terminal shows at each of the first decisions, the heuristic bot typing."""
    game = consim.load_game("jihad", advanced=advanced)
    bot = bots_for(game, "heuristic", seed)["player"]
    buffer = io.StringIO()
    console = Console(file=buffer, width=80, height=24, highlight=False)
    shown: list[list[str]] = []

    def read(prompt: Text) -> str:
        console.print(prompt, end="")
        shown.append(buffer.getvalue().rstrip("\n").split("\n")[-24:])
        if len(shown) > decisions:
            raise EOFError
        state = session.state
        action = bot.choose(state.view("player"), state.legal_actions("player"))
        console.print(Text(action.text))
        return action.text

    seats = {"player": "human"}
    session = Session(game.new_game(seed), seats, tmp_path / "g.json", bot_seed=1, console=console, read=read)
    session.run()
    return shown


def whole(screen: list[str]) -> bool:
    """The board's first line (the card) and its table of Paths are on the screen."""
    return any(re.match(r"Turn \d+: card", line) for line in screen) and any(
        line.startswith("Path ") for line in screen
    )


def asked(screen: list[str]) -> tuple[int, int]:
    """How many lines the question takes, and how many choices follow it."""
    rule = max(i for i, line in enumerate(screen) if line.startswith("───") and "player" in line)
    below = screen[rule + 1 : -1]
    first = next((i for i, line in enumerate(below) if re.match(r"\s*\d+  \S", line)), len(below))
    return first, sum(1 for line in below[first:] for _ in re.finditer(r"(?:^|  )\s*\d+  \S", line))


@pytest.mark.parametrize("seed", [3, 5])
def test_the_basic_board_stands_whole_with_every_question(seed: int, tmp_path: Path) -> None:
    shown = screens(False, seed, 120, tmp_path)
    assert len(shown) > 100
    assert all(whole(s) for s in shown), next("\n".join(s) for s in shown if not whole(s))


def test_the_advanced_board_stands_whole_when_the_choices_are_few(tmp_path: Path) -> None:
    """Advanced Game (up to 21 lines of board before): whole above a question of up to three
    lines with up to three choices; a long list (Trade) takes the screen in pages."""
    shown = screens(True, 3, 150, tmp_path)
    few = [s for s in shown if asked(s)[0] <= 3 and asked(s)[1] <= 3]
    assert len(few) > 60
    assert all(whole(s) for s in few), next("\n".join(s) for s in few if not whole(s))


def test_help_points_to_the_actions_explained(tmp_path: Path) -> None:
    state = consim.load_game("jihad", advanced=True).new_game(3)
    lines = ["help", "actions trade", "actions damascus", "quit"]
    result = play(state, {"player": "human"}, lines, tmp_path / "g.json")
    out = result.output
    assert "actions" in out and "trade east bank" in out and "damascus" in out
    assert "1 AP sent along open Trade Routes" in out and "(21.4)" in out
    assert "2 purple AP tokens" in out and "(21.2)" in out
