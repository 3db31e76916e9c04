"""The end of a game, worded for what it is: solitaire, shared victory, separate conflicts."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

import consim
from consim.bots.driver import bots_for, play_out
from consim.cli.ending import final_screen
from consim.core.game import Conflict, Outcome


def _shown(game_id: str, outcome: Outcome, seats: tuple[str, ...], players: dict[str, str]) -> str:
    console = Console(width=80, record=True, file=io.StringIO())
    console.print(final_screen(game_id, outcome, seats, players))
    text = console.export_text()
    assert all(len(line) <= 80 for line in text.splitlines())
    return text


def test_a_solitaire_game_shows_points_level_and_result_without_a_winner() -> None:
    outcome = Outcome(
        {"player": -23.0},
        ("player",),
        "23 Outcome Points (16 to 25): the historical result.",
        unit="Outcome Points (negated: fewer is better)",
        points=23.0,
        level="16 to 25",
        turns=37,
    )
    text = _shown("solo", outcome, ("player",), {"player": "human"})
    assert "points" in text and "23" in text and "16 to 25" in text
    assert "the historical result" in text
    assert "winner" not in text.lower() and "wins" not in text
    assert "-23" not in text  # not the negated score


def test_a_shared_victory_says_the_winners_win_together() -> None:
    outcome = Outcome({"A": 5.0, "B": 5.0, "C": 1.0}, ("A", "B"), "A and B share it.", unit="PP")
    text = _shown("x", outcome, ("A", "B", "C"), {"A": "human", "B": "heuristic", "C": "random"})
    assert "A and B win together." in text
    assert "wins together" in text and "bot:heuristic" in text


def test_a_single_winner_and_nobody() -> None:
    text = _shown("x", Outcome({"A": 5.0, "B": 1.0}, ("A",), "A wins."), ("A", "B"), {})
    assert "A wins." in text
    text = _shown("x", Outcome({"A": 1.0, "B": 1.0}, (), "Stalemate."), ("A", "B"), {})
    assert "Nobody wins." in text


def test_each_conflict_lists_its_own_winners() -> None:
    outcome = Outcome(
        {"US": 40.0, "Insurgent": 30.0, "Sunni": 35.0, "Shia": 35.0, "Kurd": 20.0},
        ("US", "Sunni", "Shia"),
        "US wins the Insurgency; Sunni and Shia share the Civil War.",
        unit="VP",
        conflicts={
            "the Insurgency": Conflict(("US", "Insurgent"), ("US",)),
            "the Civil War": Conflict(("Sunni", "Shia", "Kurd"), ("Sunni", "Shia")),
        },
    )
    seats = ("US", "Sunni", "Shia", "Kurd", "Insurgent")
    text = _shown("iraq", outcome, seats, dict.fromkeys(seats, "human"))
    assert "US wins the Insurgency." in text
    assert "Sunni and Shia win the Civil War together." in text
    assert text.index("the Insurgency") < text.index("Insurgent")


def test_a_real_iraq_game_ends_with_its_conflicts(tmp_path: Path) -> None:
    game = consim.load_game("iraq", players=5, turns=1)
    state = game.new_game(seed=3)
    play_out(state, bots_for(game, "heuristic", seed=3))
    out = state.outcome()
    assert out is not None
    text = _shown("iraq", out, game.seats, {})
    for name, conflict in out.conflicts.items():
        assert name in text
        for winner in conflict.winners:
            assert winner in text
    assert out.result.split()[0] in text
