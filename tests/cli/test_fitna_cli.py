"""Fitna at the command line: --scenario for play and simulate (and --option scenario=N),
'consim list fitna' explaining the scenarios, a game played at an 80x24 terminal with the
game's own commands, the end of a game explained, 'consim replay --svg' drawing the board turn
by turn as one seat saw it, and 'consim simulate' counting the victory levels."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

import consim
from consim.cli.main import app
from consim.games.fitna.content import playable_scenarios
from consim.games.fitna.game import FitnaGame
from tests.cli.conftest import play

runner = CliRunner()


def test_list_fitna_explains_the_scenarios_and_options() -> None:
    result = runner.invoke(app, ["list", "fitna"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Fitna scenarios (consim play fitna --scenario N)" in out
    assert "1. The civil war in Syria - 2 players, 6 turns (playable)" in out
    assert "Seats: Syria" in out
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
