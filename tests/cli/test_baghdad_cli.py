"""Battle for Baghdad at the terminal: a number keeps its meaning through the lists a card
opens in the middle of a Recruit step."""

from __future__ import annotations

import re
from pathlib import Path

from consim.games.baghdad.testing import clear_hands, enter, fresh, give
from tests.cli.conftest import play


def numbers(screen: str) -> dict[str, int]:
    """The numbered choices of the last menu on the screen, by their text."""
    last = screen.rstrip("\n").split("\n")[-14:]
    found: dict[str, int] = {}
    for line in last:
        for m in re.finditer(r"(?:^|  )\s*(\d+)  (\S(?:\S| (?! ))*)", line):
            found[m.group(2).strip()] = int(m.group(1))
    return found


def test_recruit_numbers_come_back_after_a_cards_own_lists(tmp_path: Path) -> None:
    """[Recruit Step] Reconstruction Contract asks for a zone, then for the units: when the
    Recruit step's choices come back, each keeps the number it had."""
    st = fresh(3)
    with st.edit():
        clear_hands(st)
        give(st, "Shiite", "Reconstruction Contract")
        enter(st, "action", ["Shiite", "Sunni", "Government"])
    lines = ['play "Reconstruction Contract"', "in Shaab", "place 0 2", "quit"]
    seats = {"Shiite": "human", "Sunni": "heuristic", "Government": "heuristic"}
    result = play(st, seats, lines, tmp_path / "g.json", height=60)
    first, last = numbers(result.screens[0]), numbers(result.screens[3])
    assert "done" in first and 'play "Reconstruction Contract"' in first
    assert 'play "Reconstruction Contract"' not in last
    assert last["done"] == first["done"]
    assert all(last[text] == n for text, n in first.items() if text in last)
