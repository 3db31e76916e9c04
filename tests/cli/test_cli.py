"""The consim command as a person uses it: list, validate, play (with typed input), replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import consim
from consim.cli.main import app

runner = CliRunner()


def test_list_is_one_line_a_game_and_details_come_with_the_game() -> None:
    result = runner.invoke(app, ["list"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert len(lines) == 2 + len(consim.list_games())  # the heading, a line a game, the pointer
    assert lines[0].split() == ["game", "players", "status", "title"]
    rows = {line.split()[0]: line for line in lines[1:-1]}
    assert sorted(rows) == consim.list_games()
    assert rows["iraq"].split()[1] == "2-5" and rows["baghdad"].split()[1] == "3-6"
    assert rows["fitna"].split()[1] == "2-6" and rows["jihad"].split()[1] == "1"
    assert "consim list GAME" in lines[-1]
    assert all(len(line) <= 80 for line in lines)
    result = runner.invoke(app, ["list", "iraq"])
    assert "two_player_removal" in result.output
    assert "5: US, Sunni, Shia, Kurd, Insurgent" in result.output  # the seats by players
    assert "bot:heuristic" in result.output and "bot:ismcts" in result.output
    # defaults as a player types them: no Python None, True or False on screen
    result = runner.invoke(app, ["list", "fitna"])
    assert "not set" in result.output and "None" not in result.output
    result = runner.invoke(app, ["list", "jihad"])
    assert "false" in result.output and "False" not in result.output
    result = runner.invoke(app, ["list", "chess"])
    assert result.exit_code == 2 and "unknown game" in result.output


@pytest.mark.parametrize("game", consim.list_games())
def test_play_help_names_the_games_seats_bots_and_options(game: str) -> None:
    result = runner.invoke(app, ["play", game, "--help"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Usage:" in out and "--seat" in out  # the command's own help first
    assert "bot:random" in out and "bot:heuristic" in out and "bot:ismcts" in out
    assert f"'consim list {game}' explains each" in out and f"For example: consim play {game}" in out
    seats = consim.load_game(game, **({"scenario": 1} if game == "fitna" else {})).seats
    assert all(seat in out for seat in seats)
    if game == "fitna":
        assert "Fitna scenarios (consim play fitna --scenario N):" in out
        assert "11. Fitna: Global War in the Middle East - 6 players" in out
    plain = runner.invoke(app, ["play", "--help"])
    assert plain.exit_code == 0 and "'consim play GAME --help' for one" in plain.output


def test_validate_checks_content() -> None:
    result = runner.invoke(app, ["validate", "iraq"])
    assert result.exit_code == 0 and "content OK" in result.output


def test_schema_prints_the_published_json_schema_of_a_view() -> None:
    result = runner.invoke(app, ["schema", "iraq"])
    assert result.exit_code == 0, result.output
    schema = json.loads(result.output)
    assert schema["title"] == "IraqSeatView" and schema["additionalProperties"] is False
    assert {"game", "seat", "to_act", "vp", "hand_sizes"} <= set(schema["properties"])
    assert "hand" not in schema["required"]  # a spectator's view has no hand
    published = Path(__file__).resolve().parents[2] / "docs" / "schemas" / "iraq-view.json"
    assert result.output == published.read_text(encoding="utf-8")
    result = runner.invoke(app, ["schema", "chess"])
    assert result.exit_code == 2 and "unknown game 'chess'" in result.output


def test_play_a_few_moves_save_and_replay(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    typed = (
        "\n".join(["help", "view --json", "log 3", "xyzzy", "99", "1", "undo", "1", "done", "save", "quit"])
        + "\n"
    )
    result = runner.invoke(
        app,
        ["play", "iraq", "--players", "2", "--seat", "US=human", "--seed", "3", "--save", str(save)],
        input=typed,
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Commands at any prompt" in out  # help
    assert '"hand"' in out  # view --json prints the data
    assert "'xyzzy' is not one of the choices" in out  # junk is refused, not fatal
    assert "'99' is not one of the numbers shown" in out
    assert "Undone: discard" in out
    assert "Saved to" in out
    record = consim.Record.load(save)
    assert record.game == "iraq" and record.seed == 3
    mine = [text for seat, text in record.actions if seat == "US"]
    assert len(mine) == 2 and mine[0].startswith("discard") and mine[1] == "done"
    state = consim.replay(record)
    assert state.view(None)["phase"] in ("commitment", "negotiation")

    replayed = runner.invoke(app, ["replay", str(save), "--no-step"])
    assert replayed.exit_code == 0
    assert "US: done" in replayed.output
    secret = runner.invoke(app, ["replay", str(save), "--no-step", "--as", "Insurgent"])
    assert secret.exit_code == 0, secret.output
    # no line at all for another seat's action, only what the Insurgents could read
    assert "US:" not in secret.output and "(acts)" not in secret.output
    assert "US discards 1 card(s)" in secret.output


def test_hot_seat_asks_to_pass_the_keyboard(tmp_path: Path) -> None:
    typed = "\n".join(["", "done", "", "quit"]) + "\n"
    result = runner.invoke(
        app,
        [
            "play",
            "iraq",
            "--players",
            "2",
            "--seat",
            "US=human",
            "--seat",
            "Insurgent=human",
            "--seed",
            "1",
            "--save",
            str(tmp_path / "g.json"),
        ],
        input=typed,
    )
    assert result.exit_code == 0, result.output
    assert "Pass the keyboard to US" in result.output
    assert "Pass the keyboard to Insurgent" in result.output


def test_bots_play_a_whole_game_to_the_end(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        [
            "play",
            "iraq",
            "--players",
            "3",
            "--seat",
            "Sunni=bot:random",
            "--seat",
            "Shia=bot:heuristic",
            "--seat",
            "Kurd=bot:heuristic",
            "--seed",
            "2",
            "--option",
            "turns=2",
            "--save",
            str(tmp_path / "g.json"),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output and "Final scores" in result.output
    assert consim.replay(consim.Record.load(tmp_path / "g.json")).is_over()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seat", "Nobody=human"], "unknown seat"),
        (["--seat", "US=wizard"], "unknown player"),
        (["--option", "turns=0"], "turns"),
        (["--option", "bogus"], "KEY=VALUE"),
    ],
)
def test_bad_play_arguments_give_one_clear_line(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["play", "iraq", *args])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_jihad_ends_with_the_outcome_points_breakdown(tmp_path: Path) -> None:
    save = tmp_path / "jihad.json"
    result = runner.invoke(
        app, ["play", "jihad", "--seat", "player=bot:heuristic", "--seed", "4", "--save", str(save)]
    )
    assert result.exit_code == 0, result.output
    state = consim.replay(consim.Record.load(save))
    out = state.outcome()
    assert out is not None
    parts = out.details["breakdown"]
    text = result.output
    assert "Game over" in text and "Outcome Points (5.2)" in text
    for label, key in (
        ("A  tan circles", "A_islam_circles"),
        ("B  Lands controlled by the Arabs", "B_arab_lands"),
        ("C  Minor Power Tracks", "C_minor_powers"),
        ("D  player armies", "D_armies"),
        ("D  Castles", "D_castles"),
        ("D  Capitals", "D_capitals"),
    ):
        line = next(x for x in text.splitlines() if label in x)
        assert f"{parts[key]:+d}" in line, line
    assert out.points is not None
    points, level = int(out.points), out.level
    assert f"Total: {points} Outcome Points. Level reached: {level}." in text


def test_advanced_flag_selects_the_advanced_game_where_there_is_one(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        [
            "play",
            "jihad",
            "--advanced",
            "--seat",
            "player=bot:random",
            "--seed",
            "4",
            "--save",
            str(tmp_path / "j.json"),
        ],
    )
    assert result.exit_code == 0, result.output
    assert consim.Record.load(tmp_path / "j.json").options["advanced"] is True
    refused = runner.invoke(app, ["play", "iraq", "--advanced"])
    assert refused.exit_code == 2 and "advanced" in refused.output
