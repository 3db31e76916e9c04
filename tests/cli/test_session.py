"""The play screen: hot-seat secrecy, typed input and numbered menus, commands, the only
choice, what is shown since a seat's last turn, plain text, and 80 columns."""

from __future__ import annotations

import io
import json
import re
import types
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text

import consim
from consim.bots.driver import bots_for
from consim.cli import render
from consim.cli.screen import CLEAR_ALL, menu_pages
from consim.cli.session import Session
from consim.core.action import Action
from consim.core.game import Prompt, State
from consim.core.record import Record
from tests.cli.conftest import play

US_ONLY = {"US": "human", "Insurgent": "heuristic"}


def iraq(players: int = 2, seed: int = 3) -> State:
    return consim.load_game("iraq", players=players).new_game(seed=seed)


def saved(path: Path) -> Record:
    return Record.load(path)


# -- hot-seat ------------------------------------------------------------------------------------


def test_hot_seat_clears_the_screen_and_its_scrollback_between_players(tmp_path: Path) -> None:
    state = iraq()
    us_dealt = next(str(e) for e in state.visible_log("US") if e.audience == frozenset({"US"}))
    result = play(
        state,
        {"US": "human", "Insurgent": "human"},
        ["", "done", "", "quit"],
        tmp_path / "g.json",
        terminal=True,
    )
    out = result.output
    assert "Pass the keyboard to US" in out and "Pass the keyboard to Insurgent" in out
    assert out.count(CLEAR_ALL) >= 4  # before and after each hand-over
    us_hand_cut = us_dealt.split(",")[0]  # "You are dealt: <first US card>"
    assert us_hand_cut in out
    # once the keyboard is passed, everything the US saw is gone, scrollback included
    insurgent_part = out[out.index("Pass the keyboard to Insurgent") :]
    after_clear = insurgent_part[insurgent_part.index(CLEAR_ALL) :]
    assert us_hand_cut not in after_clear


def test_no_escape_codes_when_not_writing_to_a_terminal(tmp_path: Path) -> None:
    result = play(
        iraq(), {"US": "human", "Insurgent": "human"}, ["", "done", "", "quit"], tmp_path / "g.json"
    )
    assert "\x1b[" not in result.output
    assert "Pass the keyboard to Insurgent" in result.output


# -- input ---------------------------------------------------------------------------------------


def test_numbers_keep_their_meaning_within_a_decision(tmp_path: Path) -> None:
    state = iraq()
    first = [a.text for a in state.prompt("US").actions]
    result = play(state, US_ONLY, ["3", "3", "4", "quit"], tmp_path / "g.json")
    assert "'3' is not one of the numbers shown" in result.output
    mine = [text for seat, text in saved(tmp_path / "g.json").actions if seat == "US"]
    assert mine == [first[2], first[3]]  # the cards that were 3 and 4 on the first screen


def test_short_forms_near_misses_and_long_junk(tmp_path: Path) -> None:
    state = iraq()
    card = next(a for a in state.prompt("US").actions if a.verb == "discard" and " " in a.args[0])
    short = f"discard {card.args[0].split()[0].lower()}"
    junk = "discard " + "x" * 200
    typo = "dicsard " + card.args[0].lower()
    result = play(state, US_ONLY, [typo, junk, short, "quit"], tmp_path / "g.json")
    out = result.output
    assert "did you mean" in out
    refusal = next(line for line in out.splitlines() if "xxx" in line and "not one of" in line)
    assert len(refusal) < 80  # what was typed is quoted only in part
    mine = [text for seat, text in saved(tmp_path / "g.json").actions if seat == "US"]
    assert mine[0] == card.text or mine[0].startswith("discard")


def test_a_long_menu_is_laid_out_to_fit_80_by_24() -> None:
    entries = [(i, f'give "Card number {i} with a long name"') for i in range(1, 70)]
    pages = menu_pages(entries, width=80, height=20)
    assert len(pages) > 1
    assert [n for page in pages for n, _ in page.entries] == list(range(1, 70))
    for page in pages:
        assert page.rows <= 20
    short = [(i, f"bid {i}") for i in range(1, 41)]
    (page,) = menu_pages(short, width=80, height=20)
    assert page.columns > 1 and page.rows <= 20


def test_a_menu_taller_than_the_terminal_is_paged(tmp_path: Path) -> None:
    state = iraq(players=5, seed=9)
    result = play(
        state,
        {"US": "human"} | {s: "heuristic" for s in state.game.seats[1:]},
        ["done", "offer kurd", "more", "quit"],
        tmp_path / "g.json",
        height=14,
    )
    out = result.output
    assert "page 1 of" in out and "page 2 of" in out
    for screen in result.screens:
        tail = screen.splitlines()[-14:]
        assert all(len(line) <= 80 for line in tail)


# -- commands ------------------------------------------------------------------------------------


def test_commands_at_a_prompt(tmp_path: Path) -> None:
    lines = ["help", "view", "view --json", "log 3", "log many", "say Nobody hi", "undo", "quit"]
    result = play(iraq(), US_ONLY, lines, tmp_path / "g.json")
    out = result.output
    for command in ("view", "log [N]", "undo", "say SEAT text", "save [FILE]", "quit"):
        assert command in out
    assert "For example:" in out
    assert "US's hand" in out  # view: the board
    assert '"hand"' in out  # view --json: the data
    assert "log takes a number" in out
    assert "no seat 'Nobody'" in out
    assert "Nothing to undo" in out


def test_help_examples_are_typed_forms_that_work(tmp_path: Path) -> None:
    result = play(iraq(), US_ONLY, ["help", "quit"], tmp_path / "g.json")
    block = result.output.split("For example:")[1].split("Elsewhere in this game")[0]
    typed = [line.split("  ")[1].strip() for line in block.strip().splitlines()]
    state = iraq()
    from consim.cli.resolve import resolve

    for form in typed[1:]:  # the first example is a number
        resolve(form, state.prompt("US").actions)


def test_long_output_on_a_terminal_comes_a_screenful_at_a_time(tmp_path: Path) -> None:
    # Help is taller than 18 rows (the board is not): on a terminal it stops after each screenful and asks.
    result = play(iraq(), US_ONLY, ["help", "", "quit"], tmp_path / "g.json", height=18, terminal=True)
    asked = [s for s in result.screens if s.rstrip().endswith("-- more") or "Enter, or q to stop" in s[-80:]]
    assert asked, "help taller than the screen was not paged"
    assert "save and stop" in result.output  # Enter showed the rest, down to the last commands
    # 'q' stops the paging and goes back to the prompt; the next line is a command again
    stopped = play(iraq(), US_ONLY, ["help", "q", "quit"], tmp_path / "h.json", height=18, terminal=True)
    assert "save and stop" not in stopped.output
    assert stopped.code == 0 and "Stopped" in stopped.output


def test_a_board_taller_than_the_terminal_comes_in_pages_ending_with_the_question(tmp_path: Path) -> None:
    # the board of a two-player Iraq game takes 10 lines: taller than a terminal of 11 less
    # the line of the "more" question
    result = play(iraq(), US_ONLY, ["", "quit"], tmp_path / "g.json", height=11, terminal=True)
    first, second = result.screens[0], result.screens[1]
    assert "Enter, or q to stop" in first[-120:]  # the board stopped at a screenful
    after = second[len(first) :]
    assert "US>" in after[-40:]  # then the rest of it, the question and the menu
    # the last page of the board and the question share one screen of 11 lines
    assert len(after.strip("\n").splitlines()) <= 11


def test_long_output_is_not_paged_when_not_writing_to_a_terminal(tmp_path: Path) -> None:
    result = play(iraq(), US_ONLY, ["help", "quit"], tmp_path / "g.json", height=12)
    assert "Enter, or q to stop" not in result.output
    assert "Commands at any prompt" in result.output


def test_a_games_own_commands_and_examples(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from consim.games.iraq import present

    def cards(view: Any, rest: str) -> Text:
        """how many cards each seat holds"""
        return Text(f"cards asked about {rest!r}: {view['hand_sizes']}")

    fake = types.SimpleNamespace(
        render=present.render, COMMANDS={"cards": cards}, EXAMPLES=["discard blackwater", "done"]
    )
    monkeypatch.setattr(render, "present_module", lambda game_id: fake)
    result = play(iraq(), US_ONLY, ["help", "cards [red]", "quit"], tmp_path / "g.json")
    out = result.output
    assert "cards" in out and "how many cards each seat holds" in out
    assert "discard blackwater" in out
    assert "cards asked about '[red]'" in out


def test_a_failing_game_command_is_reported_and_play_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fault in a game's own screen (an exception with no message of its own) is named in
    one line, and the game goes on."""
    from consim.games.iraq import present

    def broken(view: Any, rest: str) -> Text:
        """a command with a fault"""
        return Text(next(iter(())))

    fake = types.SimpleNamespace(render=present.render, COMMANDS={"broken": broken}, EXAMPLES=[])
    monkeypatch.setattr(render, "present_module", lambda game_id: fake)
    result = play(iraq(), US_ONLY, ["broken", "1", "quit"], tmp_path / "g.json")
    assert "broken: it failed (StopIteration), a fault of this program; the game goes on." in result.output
    assert [seat for seat, _ in saved(tmp_path / "g.json").actions].count("US") == 1


def test_say_shows_messages_to_the_recipient_at_its_turn(tmp_path: Path) -> None:
    lines = ["", "say insurgent meet me [b]later[/b]", "done", "", "quit"]
    result = play(iraq(), {"US": "human", "Insurgent": "human"}, lines, tmp_path / "g.json")
    out = result.output
    assert "you to Insurgent: meet me [b]later[/b]" in out
    insurgent_part = out[out.index("Pass the keyboard to Insurgent") :]
    assert "US to you: meet me [b]later[/b]" in insurgent_part
    assert saved(tmp_path / "g.json").chat[0]["text"] == "meet me [b]later[/b]"


def test_undo_takes_back_the_last_choice(tmp_path: Path) -> None:
    result = play(iraq(), US_ONLY, ["1", "undo", "2", "quit"], tmp_path / "g.json")
    assert "Undone: discard" in result.output
    mine = [text for seat, text in saved(tmp_path / "g.json").actions if seat == "US"]
    assert len(mine) == 1


def test_save_to_an_unwritable_place_reports_and_play_goes_on(tmp_path: Path) -> None:
    bad = tmp_path / "no" / "such" / "folder" / "g.json"
    result = play(
        iraq(), US_ONLY, [f"save {bad}", "1", f"save {tmp_path / 'copy.json'}", "quit"], tmp_path / "g.json"
    )
    out = result.output
    assert "Cannot save to" in out and "Play goes on" in out
    assert "Traceback" not in out
    assert len(saved(tmp_path / "copy.json").actions) == len(saved(tmp_path / "g.json").actions)


def test_an_unwritable_save_file_does_not_stop_the_game(tmp_path: Path) -> None:
    bad = tmp_path / "missing" / "g.json"
    good = tmp_path / "good.json"
    result = play(iraq(), US_ONLY, ["1", f"save {good}", "2", "quit"], bad)
    out = result.output
    assert "Cannot save to" in out and "goes on" in out
    # a file that can be written takes the place of the one that cannot
    assert len([a for a in saved(good).actions if a[0] == "US"]) == 2


# -- saving as the game goes ---------------------------------------------------------------------


def test_the_record_is_written_after_every_action(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from consim.cli import session as session_module

    written: list[int] = []
    real_write = session_module.write_record

    def spy(path: Path, record: Record) -> None:
        written.append(len(record.actions))
        real_write(path, record)

    monkeypatch.setattr(session_module, "write_record", spy)
    path = tmp_path / "g.json"
    state = iraq(players=3, seed=4)
    lines = ["1", "2", "done", "pass", "pass", "quit"]
    result = play(state, {"Sunni": "human", "Shia": "heuristic", "Kurd": "random"}, lines, path)
    assert result.code == 0
    record = saved(path)
    total = len(record.actions)
    assert total > 5
    assert set(range(total + 1)) <= set(written)  # after each action, bots' and the human's
    assert record.players == {"Sunni": "human", "Shia": "bot:heuristic", "Kurd": "bot:random"}
    assert record.bot_seed == 1
    assert not list(tmp_path.glob(".*.tmp"))  # no temporary file left behind


def test_ctrl_c_saves_and_says_how_to_resume(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    result = play(iraq(), US_ONLY, ["1", "2", KeyboardInterrupt()], path)
    assert result.code == 130
    assert "Interrupted. To continue: consim play iraq --resume" in result.output
    assert "Traceback" not in result.output
    assert len([a for a in saved(path).actions if a[0] == "US"]) == 2


# -- the only choice -----------------------------------------------------------------------------


def test_the_only_choice_is_taken_for_a_lone_human(tmp_path: Path, markup_game: str) -> None:
    state = consim.load_game(markup_game, pattern="A1 B3 A3 B1").new_game(seed=1)
    result = play(state, {"[red]": "human", "B": "random"}, ["1"], tmp_path / "g.json")
    out = result.output
    assert '[red]: play "[red]" - taken for you, your only choice' in out
    assert result.code == 0 and state.is_over()
    assert len(result.screens) == 1  # asked once: the turn with three choices


def test_in_hot_seat_even_the_only_choice_is_asked(tmp_path: Path, markup_game: str) -> None:
    state = consim.load_game(markup_game, pattern="A1 B3 A3 B1").new_game(seed=1)
    lines = ["", "1", "", "1", "", "1", "", "1"]
    result = play(state, {"[red]": "human", "B": "human"}, lines, tmp_path / "g.json")
    assert "taken for you" not in result.output
    assert state.is_over()


def test_no_choice_is_taken_while_the_last_one_can_be_undone(tmp_path: Path) -> None:
    # five discards leave only 'done': the player may still undo the fifth
    result = play(iraq(), US_ONLY, ["1", "2", "3", "4", "5", "undo", "quit"], tmp_path / "g.json")
    assert "taken for you" not in result.output
    assert "Undone" in result.output


def test_an_only_choice_taken_for_you_is_not_undone_alone(tmp_path: Path, markup_game: str) -> None:
    # undoing it would only see it taken again: undo reaches back to a choice of the player's own
    state = consim.load_game(markup_game, pattern="A1 A3 B1").new_game(seed=1)
    result = play(state, {"[red]": "human", "B": "random"}, ["undo", "2"], tmp_path / "g.json")
    out = result.output
    assert out.count("taken for you") == 1
    assert "Nothing to undo" in out
    assert [t for _, t in saved(tmp_path / "g.json").actions][:2] == ['play "[red]"', 'play "[bold]x[/]"']


# -- the screen ----------------------------------------------------------------------------------


def _iraq_session(tmp_path: Path) -> str:
    state = iraq(players=3, seed=4)
    lines = ["1", "2", "done", "pass", "log 5", "pass", "done", "quit"]
    return play(
        state, {"Sunni": "human", "Shia": "heuristic", "Kurd": "heuristic"}, lines, tmp_path / "g.json"
    ).output


def test_the_screen_fits_80_columns_and_shows_no_python(tmp_path: Path) -> None:
    out = _iraq_session(tmp_path)
    for line in out.splitlines():
        assert len(line) <= 80, line
    assert not re.search(r"\bNone\b|Action\(|<\w+ object|LogEntry\(|\{'", out)


def test_no_log_line_is_shown_twice(tmp_path: Path) -> None:
    out = _iraq_session(tmp_path).split("Sunni> log 5")[0]  # 'log' shows lines again, on purpose
    state = consim.replay(saved(tmp_path / "g.json"))
    texts = [str(e)[:50] for e in state.visible_log("Sunni")]
    assert texts
    for text in set(texts):
        assert out.count(text) <= texts.count(text), text


def test_since_your_last_turn_is_cut_to_fit_with_a_pointer_to_log(tmp_path: Path) -> None:
    game = consim.load_game("iraq", players=5)
    state = game.new_game(seed=2)
    bots = bots_for(game, "heuristic", seed=2)
    while len(state.visible_log("Kurd")) < 40 or state.to_act() != ("Kurd",):
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    total = len(state.visible_log("Kurd"))
    players = {"Kurd": "human"} | {s: "heuristic" for s in game.seats if s != "Kurd"}
    result = play(state, players, ["quit"], tmp_path / "g.json")
    first_screen = result.screens[0]
    found = re.search(r"\((\d+) earlier lines: type 'log (\d+)'\)", first_screen)
    assert found is not None and int(found.group(2)) == total
    shown = first_screen.split(found.group(0))[1].split("Full Scale Conflict")[0]
    entries = [str(e) for e in state.visible_log("Kurd")]
    assert entries[-1][:40] in " ".join(shown.split())
    assert 0 < int(found.group(1)) < total


# -- plain text ----------------------------------------------------------------------------------


def test_markup_in_names_prompts_actions_logs_and_chat_is_printed_as_typed(
    tmp_path: Path, markup_game: str
) -> None:
    state = consim.load_game(markup_game).new_game(seed=1)
    lines = ["say all [/] [bold]hi :smile:", "2", "view", "help", "4", "quit"]
    for terminal in (False, True):
        result = play(
            consim.load_game(markup_game).new_game(seed=1),
            {"[red]": "human", "B": "random"},
            lines,
            tmp_path / f"g{terminal}.json",
            terminal=terminal,
        )
        out = result.output
        assert result.code == 0
        for literal in (
            "[red]>",
            "Pick [bold]one[/bold] card :smile: [/]",
            'play "[bold]x[/]"',
            "[/] [bold]hi :smile:",
        ):
            assert literal in out, literal
        assert "Set up [i]done[/i] :smile:" in out
        assert "😄" not in out
    assert state.seed == 1


def test_final_screen_of_a_game_with_markup(tmp_path: Path, markup_game: str) -> None:
    state = consim.load_game(markup_game, pattern="A2 B2").new_game(seed=1)
    result = play(state, {"[red]": "human", "B": "random"}, ["1"], tmp_path / "g.json")
    out = result.output
    assert "Game over" in out and "[red] and B win together." in out
    assert "[red] and B [/] tie :smile:" in out and "[pts]" in out
    assert json.loads((tmp_path / "g.json").read_text())["result"] == "[red] and B [/] tie :smile:"


def test_a_run_of_choices_taken_for_you_is_said_in_one_line(tmp_path: Path, markup_game: str) -> None:
    """Only-choice decisions in a row (passes while others play) are said once, on the
    seat's next screen, so that they do not push what happened off the screen."""
    state = consim.load_game(markup_game, pattern="A3 B1 A1 B1 A1 B1 A1 B1 A3").new_game(seed=1)
    result = play(state, {"[red]": "human", "B": "random"}, ["1", "1"], tmp_path / "g.json")
    out = result.output
    assert out.count("taken for you") == 1
    assert '[red]: taken for you, each time your only choice: play "[red]" (3 times)' in out
    last = result.screens[-1]
    assert "taken for you" in last[len(result.screens[0]) :]  # on the screen of the next decision


def test_numbers_are_kept_only_while_most_choices_are_the_same(tmp_path: Path) -> None:
    """A question that follows another under the same rule keeps its numbers only if most of
    its choices were on the last screen: Fitna's target of an offensive, asked after its units
    and sharing only the Joker with them, is numbered from 1."""
    session = Session(iraq(), US_ONLY, tmp_path / "g.json", bot_seed=1, console=Console(file=io.StringIO()))
    units = [Action("add", ("4 Arm Div",)), Action("add", ("Pr Gd Div",)), Action("joker")]
    first = session._numbered("US", Prompt("US", "add units", units, "18.0"))
    assert [n for n, _ in first] == [1, 2, 3]
    fewer = session._numbered("US", Prompt("US", "add units", [*units[1:], Action("attack")], "18.0"))
    assert [(n, a.text) for n, a in fewer] == [(2, 'add "Pr Gd Div"'), (3, "joker"), (4, "attack")]
    targets = [Action("target", ("Idlib",)), Action("joker")]
    target = session._numbered("US", Prompt("US", "target", targets, "18.0"))
    assert [(n, a.text) for n, a in target] == [(1, "target Idlib"), (2, "joker")]
