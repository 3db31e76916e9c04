"""The Iraq card game at the terminal, 80x24: the table stays on the screen with the choices,
numbers keep their meaning through an offer, and the help's examples can be typed."""

from __future__ import annotations

import re
from io import StringIO
from pathlib import Path

from rich.console import Console

import consim
from consim.core.game import State
from consim.core.record import Record
from consim.games.iraq.present import EXAMPLES, render
from tests.cli.conftest import play

FIVE = {"US": "human"} | dict.fromkeys(("Sunni", "Shia", "Kurd", "Insurgent"), "heuristic")


def five(seed: int = 3) -> State:
    return consim.load_game("iraq", players=5).new_game(seed=seed)


def on_screen(screen: str, height: int = 24) -> list[str]:
    """What a terminal of ``height`` rows shows: the last lines written (the input line last)."""
    return screen.rstrip("\n").split("\n")[-height:]


def table_rows(lines: list[str]) -> list[str]:
    """The lines of the table: its header and a row per seat (the seat's name, then columns)."""
    names = "|".join(["seat", *FIVE])
    return [line for line in lines if re.match(rf"({names})\s{{2,}}\S", line)]


def test_the_table_stays_on_an_80_by_24_screen_with_the_choices(tmp_path: Path) -> None:
    """The VP table, the hand and every choice fit one screen: in the Commitment Phase (the
    choices in columns), in the first turn and the next, and at the negotiation table."""
    result = play(five(), FIVE, ["done", "pass", "decline", "decline", "pass", "quit"], tmp_path / "g.json")
    screens = [on_screen(s) for s in result.screens]
    assert sum("Commitment: choose" in " ".join(s) for s in screens) == 2  # turn 1 and turn 2
    for shown in screens:
        assert shown[-1].startswith("US>")
        assert len(table_rows(shown)) == 6, shown  # the header and every seat's row, with its VP
        assert any(line.startswith("US's hand, usable FV") for line in shown)
        last_choice = 11 if "Commitment: choose" in " ".join(shown) else 3
        assert any(re.search(rf"(^|  )\s*{last_choice}  \S", line) for line in shown), shown


def test_numbers_keep_their_meaning_through_an_offer(tmp_path: Path) -> None:
    """[Negotiations Phase] after naming a card wanted (a list of its own), the offer's choices
    come back with the numbers they had: the number typed is the card that was shown."""
    lines = ["done", "offer Insurgent", "2", "want", "1", "2", "quit"]
    result = play(five(), FIVE, lines, tmp_path / "g.json")
    mine = [text for seat, text in Record.load(tmp_path / "g.json").actions if seat == "US"]
    give_screen = on_screen(result.screens[2])  # the offer's first list, as the player read it
    shown_as_2 = next(line.split("  ")[1].strip() for line in give_screen if line.startswith(" 2  "))
    assert mine[2] == shown_as_2 and mine[3] == "want"
    assert mine[4].startswith("want ")  # the first card of the list of cards to want
    # after the named card, the offer's list again: 2 is no longer there (given), so the
    # number is refused rather than taken as another card
    assert "'2' is not one of the numbers shown" in result.output
    assert len(mine) == 5


def test_want_and_a_card_can_be_typed_at_once(tmp_path: Path) -> None:
    """The help's own example, ``want Propaganda``, names the card in one line; ``want``
    alone still opens the list."""
    assert any(example.startswith("want Propaganda") for example in EXAMPLES)
    lines = ["done", "offer Insurgent", "give hostages", "want Propaganda", "ask 0", "quit"]
    play(five(), FIVE, lines, tmp_path / "g.json")
    mine = [text for seat, text in Record.load(tmp_path / "g.json").actions if seat == "US"]
    assert mine[-3:] == ["want", "want Propaganda", "ask 0"]


def test_a_counter_offer_is_named_with_its_article() -> None:
    state = five()
    for seat in list(state.to_act()):
        state.apply(seat, "done")
    state.apply("US", "offer Kurd")
    state.apply("US", state.legal_actions("US")[0])
    state.apply("US", "ask 1 any")
    state.apply("Kurd", "counter")
    for seat in ("Kurd", "Sunni"):
        console = Console(file=StringIO(), width=80, record=True)
        console.print(render(state.view(seat)))
        text = " ".join(console.export_text().split())
        assert "Kurd is preparing a counter-offer to US" in text
        assert "an counter" not in text
