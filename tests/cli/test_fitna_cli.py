"""Fitna at the command line: --scenario for play and simulate (and --option scenario=N),
'consim list fitna' explaining the scenarios, a game played at an 80x24 terminal with the
game's own commands, the end of a game explained, 'consim replay --svg' drawing the board turn
by turn as one seat saw it, and 'consim simulate' counting the victory levels."""

from __future__ import annotations

import io
import json
import re
import tempfile
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console, RenderableType
from rich.text import Text
from typer.testing import CliRunner

import consim
from consim.bots.driver import bots_for
from consim.cli.main import app
from consim.cli.session import Session
from consim.core.action import Action
from consim.core.game import State
from consim.games.fitna.content import playable_scenarios
from consim.games.fitna.game import FitnaGame
from consim.games.fitna.present import COMMANDS
from tests.cli.conftest import play

runner = CliRunner()


def render_lines(thing: RenderableType) -> list[str]:
    console = Console(file=io.StringIO(), width=80, color_system=None, record=True)
    console.print(thing)
    return console.export_text().splitlines()


def test_list_fitna_explains_the_scenarios_and_options() -> None:
    result = runner.invoke(app, ["list", "fitna"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Fitna scenarios (consim play fitna --scenario N)" in out
    assert "1. The civil war in Syria - 2 players, 6 turns (playable)" in out
    # [7.0] seats in the order of play: the Rebels have the initiative in scenario 1
    assert "Seats, first to play first: Rebels (" in out
    later = [n for n in range(1, 12) if n not in playable_scenarios()]
    assert ("not yet playable" in out) == bool(later)
    assert "dr_star_split" in out and "'--scenario N' stands for '--option scenario=N'" in out
    plain = runner.invoke(app, ["list"])
    assert "Fitna scenarios" not in plain.output  # only with the game named


def test_play_takes_a_scenario(tmp_path: Path) -> None:
    save = tmp_path / "f.json"
    typed = "\n".join(["map Quneitra", "card 57", "scenario", "quit"]) + "\n"
    result = runner.invoke(
        app,
        ["play", "fitna", "--scenario", "9", "--seat", "Israel=human", "--seed", "2", "--save", str(save)],
        input=typed,
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Fitna 9 - before turn 1" in out
    assert "Quneitra (Syria):" in out and "Neighbours:" in out
    assert "#57 Reinforcements - Event, 8 OPs" in out
    assert "Scenario 9: Tsahal vs. Hezbollah" in out
    record = consim.Record.load(save)
    assert record.options["scenario"] == 9
    again = runner.invoke(
        app,
        [
            "play",
            "fitna",
            "--option",
            "scenario=9",
            "--seat",
            "Israel=human",
            "--seed",
            "2",
            "--save",
            str(save),
        ],
        input="quit\n",
    )
    assert again.exit_code == 0 and "Fitna 9" in again.output


def test_scenario_arguments_are_checked() -> None:
    clash = runner.invoke(app, ["play", "fitna", "--scenario", "1", "--option", "scenario=5"])
    assert clash.exit_code == 2 and "--scenario 1 and --option scenario=5 disagree" in clash.output
    none = runner.invoke(app, ["play", "iraq", "--scenario", "2"])
    assert none.exit_code == 2 and "iraq has no scenarios" in none.output
    data_only = [n for n in range(1, 12) if n not in playable_scenarios()]
    if data_only:  # a scenario whose data is not checked yet is refused, and says so
        later = runner.invoke(app, ["play", "fitna", "--scenario", str(data_only[0])])
        assert later.exit_code == 2 and "not playable yet" in later.output
    unknown = runner.invoke(app, ["play", "fitna", "--scenario", "12"])
    assert unknown.exit_code == 2 and "scenario" in unknown.output and "11" in unknown.output
    sim = runner.invoke(app, ["simulate", "iraq", "--scenario", "1", "--games", "1"])
    assert sim.exit_code == 2 and "no scenarios" in sim.output


def test_a_phase_at_an_80x24_terminal_fits_and_is_worded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The screens of a human seat's decisions: the board and the prompt fit 80 columns."""
    state = FitnaGame(scenario=1).new_game(3)
    monkeypatch.chdir(tmp_path)  # a short file name: the typed command is echoed on the screen too
    lines = ['take "2 Assets, 2 Events"', "map Damascus", "hand", "stacks", "board pic.svg"]
    # numbers keep their meaning while a decision lasts (a chosen Asset's number is not reused),
    # so the script mixes numbers with the words that close a decision
    lines += ["1", "done", "2", "pass", "3"] * 60 + ["quit"]
    played = play(state, {"Syria": "human", "Rebels": "heuristic"}, lines, tmp_path / "g.json")
    assert played.code == 0
    for screen in played.screens:
        for line in screen.splitlines():
            assert len(line) <= 80, line
            assert "None" not in line
    text = played.output
    assert "Your hand (4 cards):" in text and "Your stacks:" in text
    assert "Damascus (Syria): clear" in text
    assert "The board as you see it:" in text
    assert any("Your phase: Planning" in s for s in played.screens)
    assert any("Your phase: Movement - " in s for s in played.screens)


def test_the_end_of_a_game_says_why(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    result = runner.invoke(
        app,
        [
            "play",
            "fitna",
            "--scenario",
            "5",
            "--seat",
            "Iraq=bot:heuristic",
            "--seat",
            "Coalition=bot:heuristic",
            "--seed",
            "1",
            "--save",
            str(save),
        ],
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Game over" in out and "Final scores" in out
    assert "Why (+ held at the end, - not):" in out
    assert "Iraq always:" in out and "Coalition minor:" in out


@pytest.mark.slow  # (a full run's, CI's: tests/conftest.py)
def test_replay_draws_the_board_turn_by_turn(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    made = runner.invoke(
        app,
        [
            "play",
            "fitna",
            "--scenario",
            "1",
            "--seat",
            "Syria=bot:heuristic",
            "--seat",
            "Rebels=bot:heuristic",
            "--seed",
            "5",
            "--save",
            str(save),
        ],
    )
    assert made.exit_code == 0, made.output
    pictures = tmp_path / "pics"
    shown = runner.invoke(app, ["replay", str(save), "--no-step", "--as", "Syria", "--svg", str(pictures)])
    assert shown.exit_code == 0, shown.output
    names = sorted(p.name for p in pictures.iterdir())
    turns = consim.replay(consim.Record.load(save)).view(None)["turn"]
    assert names == sorted([*(f"turn-{n:02d}-Syria.svg" for n in range(1, turns + 1)), "end-Syria.svg"])
    assert f"{len(names)} pictures of the board, as Syria saw it" in shown.output
    end = ET.fromstring((pictures / "end-Syria.svg").read_text())
    words = [t.text or "" for t in end.iter("{http://www.w3.org/2000/svg}text")]
    assert "Game over." in words and f"Turn {turns} of 6 - as Syria sees it" in words
    public = runner.invoke(app, ["replay", str(save), "--no-step", "--svg", str(tmp_path / "pub")])
    assert public.exit_code == 0
    assert (tmp_path / "pub" / "end-public.svg").exists()
    iraq = tmp_path / "iraq.json"
    runner.invoke(
        app,
        ["play", "iraq", "--players", "2", "--seat", "US=bot:random", "--seat", "Insurgent=bot:random",
         "--seed", "1", "--option", "turns=1", "--save", str(iraq)],
    )  # fmt: skip
    drawn = runner.invoke(app, ["replay", str(iraq), "--no-step", "--svg", str(tmp_path / "x")])
    assert drawn.exit_code == 0, drawn.output  # every game draws its board now
    assert (tmp_path / "x" / "end-public.svg").exists()


def test_simulate_reports_the_victory_levels(tmp_path: Path) -> None:
    out = tmp_path / "sim.json"
    result = runner.invoke(
        app,
        ["simulate", "fitna", "--scenario", "1", "--games", "3", "--bot", "random", "--json", str(out)],
    )
    assert result.exit_code == 0, result.output
    text = result.output
    assert "fitna (scenario=1): 3 games" in text
    assert "victory levels reached" in text
    assert "decisive" in text and "no victory" in text
    assert "nobody wins (stalemate):" in text
    assert "game length: 6.0 turns" in text
    data = json.loads(out.read_text())
    levels = data["levels"]
    assert levels["games"] == 3 and set(levels["seats"]) == {"Syria", "Rebels"}
    for row in levels["seats"].values():
        assert sum(row.values()) == 3


def test_play_keeps_a_picture_of_the_board_up_to_date(tmp_path: Path) -> None:
    picture = tmp_path / "board.svg"
    result = runner.invoke(
        app,
        ["play", "fitna", "--scenario", "9", "--seat", "Israel=human", "--seed", "2",
         "--save", str(tmp_path / "f.json"), "--svg", str(picture)],
        input='take "2 Assets, 2 Events"\nquit\n',
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "The board is drawn as a picture (SVG) in" in result.output
    words = [
        t.text or "" for t in ET.fromstring(picture.read_text()).iter("{http://www.w3.org/2000/svg}text")
    ]
    assert "Turn 1 of 6 - as Israel sees it" in words
    iraq = runner.invoke(
        app,
        ["play", "iraq", "--players", "2", "--seat", "US=human", "--seed", "1",
         "--svg", str(tmp_path / "x.svg")],
        input="quit\n",
    )  # fmt: skip
    assert iraq.exit_code == 0, iraq.output
    ET.fromstring((tmp_path / "x.svg").read_text())  # the Iraq table, well formed


# -- a game played at the terminal by a bot at the keyboard ---------------------------------------


@dataclass
class Screens:
    """The screens of a seat played at the terminal, by the heuristic bot typing its choices."""

    output: str
    #: (the view the screen was drawn from, what the screen showed): one a decision
    shown: list[tuple[dict[str, Any], str]]
    #: the choices of each of those decisions
    choices: list[list[Action]]


def bot_at_the_keyboard(state: State, seat: str, decisions: int, height: int = 24) -> Screens:
    """``seat`` played at an ``height``-line terminal: at each of its prompts the heuristic bot's
    choice is typed in full, for ``decisions`` decisions; the other seats are bots."""
    buffer = io.StringIO()
    console = Console(file=buffer, width=80, height=height, color_system=None, highlight=False)
    bot = bots_for(state.game, "heuristic", 7)[seat]
    shown: list[tuple[dict[str, Any], str]] = []
    choices: list[list[Action]] = []
    last = [0]

    def read(prompt: Text) -> str:
        console.print(prompt, end="")
        if not str(prompt).startswith(f"{seat}>"):
            return "y"
        if len(shown) >= decisions:
            raise EOFError
        shown.append((state.view(seat), buffer.getvalue()[last[0] :]))
        choices.append(state.legal_actions(seat))
        last[0] = len(buffer.getvalue())
        choice = bot.choose(state.view(seat), state.legal_actions(seat)).text
        console.print(Text(choice))
        return choice

    players = {s: "human" if s == seat else "heuristic" for s in state.game.seats}
    # never /dev/null: a save writes a new file and renames it over the path, which would put a
    # regular file in the device's place
    with tempfile.TemporaryDirectory() as folder:
        session = Session(state, players, Path(folder) / "game.json", bot_seed=1, console=console, read=read)
        session.saving = False
        session._save_now = lambda announce=False: None  # type: ignore[method-assign]
        session.run()
    return Screens(buffer.getvalue(), shown, choices)


@pytest.fixture(scope="module")
def rebels_turns() -> Screens:
    """Two turns of scenario 1 as the Rebels, at 80x24."""
    state = FitnaGame(scenario=1).new_game(5)
    return bot_at_the_keyboard(state, "Rebels", decisions=120)


def test_the_hand_is_read_in_full_in_the_seats_events_and_planning(rebels_turns: Screens) -> None:
    """[8.2, 16.0] Every card's whole text is on the screen when the seat chooses cards to play
    or spend in its Events and Planning, however tall the terminal, and the cards that cannot
    be played as events say why."""
    checked = 0
    for (view, screen), actions in zip(rebels_turns.shown, rebels_turns.choices, strict=True):
        if view.get("active") != "Rebels" or view.get("segment") not in ("Events", "Planning"):
            continue
        if not {a.verb for a in actions} & {"play", "ops"}:
            continue  # placing a reinforcement, allocating OPs: the hand is not in question
        words = " ".join(screen.split())
        for card in view["hand"]:
            assert " ".join(card["text"].split()) in words, card["name"]
        assert "more ('hand')" not in words
        checked += 1
    assert checked >= 4
    events = next(s for v, s in rebels_turns.shown if (v.get("segment"), v["active"]) == ("Events", "Rebels"))
    words = " ".join(events.split())
    assert "Not as events now: #16 Anti-Tank Missiles and #30 Night Raid: an Asset card is committed" in words
    assert "#41 War in Lebanon: it cannot be played before turn 2 (8.2, 13.0)" in words


def test_move_and_redeploy_choices_say_where_each_unit_is(rebels_turns: Screens) -> None:
    lines = [line for _, s in rebels_turns.shown for line in s.splitlines()]
    moves = [line for line in lines if re.match(r"\s*\d+  move ", line)]
    placed = re.compile(r"move .+ \(on [A-Z][\w' -]+(, (reduced|isolated))*\)$")
    assert moves and all(placed.search(m) for m in moves)
    redeploys = [line for _, s in rebels_turns.shown for line in s.splitlines() if "  redeploy " in line]
    assert redeploys and all("(on " in r for r in redeploys)


def test_the_enemy_phase_is_summed_up_from_the_seats_view(rebels_turns: Screens) -> None:
    """The screens in Syria's phase: when its log does not fit, a summary built from the
    Rebels' views says what changed (spaces taken, units lost, the units Syria has on the map);
    the choices taken for the Rebels as their only choice are said in one line a screen."""
    summaries = [s for v, s in rebels_turns.shown if v.get("active") == "Syria" and "In short: " in s]
    assert summaries
    words = " ".join(" ".join(summaries).split())
    assert re.search(r"Syria took [A-Z]|Units on the map: Syria \d+ \(was \d+\)", words), words
    for _, screen in rebels_turns.shown:
        assert screen.count("taken for you") <= 1
    assert "taken for you, each time your only choice" in rebels_turns.output
    for line in rebels_turns.output.splitlines():
        assert len(line) <= 80, line


def test_the_region_map_shows_only_what_the_seat_may_see() -> None:
    """[30.0] 'map SPACE' draws the region from the seat's view: the holders and how many
    units stand on each space, never the names of enemy units the seat has not seen."""
    state = FitnaGame(scenario=1).new_game(3)
    view = state.view("Rebels")
    shown = "\n".join(line for line in render_lines(COMMANDS["map"](view, "aleppo")))
    assert "[Aleppo S2]" in shown and "Azaz R3" in shown and "R you (Rebels)" in shown
    seen = json.dumps(view)
    hidden = [n for n in state.game.tables.unit_label if n not in seen]
    assert hidden and not any(n in shown for n in hidden)


def test_the_readme_names_each_scenarios_seats_in_the_order_of_play() -> None:
    """[7.0] README's table of Fitna scenarios lists the seats "first to play first" as the
    engine plays them (scenario 1: the Rebels; scenario 7: Iraq)."""
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\d+) [^|]+\| ([^|]+) \| (\d+) \|$", readme, flags=re.MULTILINE)
    assert len(rows) == 11
    for number, seats, _turns in rows:
        order = FitnaGame(scenario=int(number)).new_game(0).view(None)["order"]
        assert [s.strip() for s in seats.split(",")] == order, number
