"""Nothing lost: atomic saves after every action, resuming with the same seats, one-line
errors for bad files, and a game killed with SIGKILL or stopped with Ctrl-C (SIGINT) resumes
at its last action."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

import consim
from consim.cli.main import app
from consim.cli.saving import default_save_path, write_atomic
from consim.core.record import Record

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]


def _start(tmp_path: Path, *args: str) -> list[str]:
    return ["play", "iraq", *args, "--save", str(tmp_path / "g.json")]


# -- resume --------------------------------------------------------------------------------------


def test_a_resumed_game_seats_the_same_humans_and_bots(tmp_path: Path) -> None:
    first = runner.invoke(
        app, _start(tmp_path, "--players", "3", "--seat", "Shia=human", "--seed", "4"), input="1\nquit\n"
    )
    assert first.exit_code == 0, first.output
    record = Record.load(tmp_path / "g.json")
    assert record.players == {"Sunni": "bot:heuristic", "Shia": "human", "Kurd": "bot:heuristic"}
    assert record.bot_seed == 4
    again = runner.invoke(app, ["play", "iraq", "--resume", str(tmp_path / "g.json")], input="quit\n")
    assert again.exit_code == 0, again.output
    assert "Shia>" in again.output and "Sunni>" not in again.output
    assert "Resuming" in again.output
    assert Record.load(tmp_path / "g.json").actions[: len(record.actions)] == record.actions


def test_seat_overrides_the_saved_players_when_resuming(tmp_path: Path) -> None:
    runner.invoke(
        app, _start(tmp_path, "--players", "3", "--seat", "Shia=human", "--seed", "4"), input="quit\n"
    )
    again = runner.invoke(
        app,
        [
            "play",
            "iraq",
            "--resume",
            str(tmp_path / "g.json"),
            "--seat",
            "Shia=bot:random",
            "--seat",
            "kurd=human",
        ],
        input="quit\n",
    )
    assert again.exit_code == 0, again.output
    assert "Kurd>" in again.output and "Shia>" not in again.output
    players = Record.load(tmp_path / "g.json").players
    assert players == {"Sunni": "bot:heuristic", "Shia": "bot:random", "Kurd": "human"}


def test_a_record_without_players_is_seated_as_a_new_game(tmp_path: Path) -> None:
    state = consim.load_game("iraq", players=3).new_game(seed=2)
    state.record().save(tmp_path / "old.json")
    result = runner.invoke(app, ["play", "iraq", "--resume", str(tmp_path / "old.json")], input="quit\n")
    assert result.exit_code == 0, result.output
    assert "Sunni>" in result.output


@pytest.mark.parametrize(
    ("make", "game", "message"),
    [
        (lambda p: None, "iraq", "cannot read it"),
        (lambda p: p.write_text("{not json"), "iraq", "not a JSON record"),
        (lambda p: p.write_text('{"game": "iraq"}'), "iraq", "missing"),
        (
            lambda p: consim.load_game("iraq", players=2).new_game(seed=1).record().save(p),
            "baghdad",
            "saved game of iraq, not baghdad",
        ),
    ],
)
def test_a_bad_file_to_resume_gives_one_line(
    tmp_path: Path, make: Callable[[Path], object], game: str, message: str
) -> None:
    path = tmp_path / "r.json"
    make(path)
    result = runner.invoke(app, ["play", game, "--resume", str(path)])
    assert result.exit_code == 2
    assert message in result.output
    assert result.output.strip().count("\n") == 0, result.output
    assert "Traceback" not in result.output


def test_options_that_contradict_the_saved_game_are_refused(tmp_path: Path) -> None:
    runner.invoke(app, _start(tmp_path, "--players", "3", "--seed", "4"), input="quit\n")
    wrong = runner.invoke(app, ["play", "iraq", "--players", "2", "--resume", str(tmp_path / "g.json")])
    assert wrong.exit_code == 2 and "players=3" in wrong.output
    wrong = runner.invoke(app, ["play", "iraq", "--seed", "5", "--resume", str(tmp_path / "g.json")])
    assert wrong.exit_code == 2 and "seed 4" in wrong.output
    same = runner.invoke(
        app, ["play", "iraq", "--players", "3", "--resume", str(tmp_path / "g.json")], input="quit\n"
    )
    assert same.exit_code == 0, same.output


def test_a_record_made_with_other_content_says_so(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    state = consim.load_game("iraq", players=2).new_game(seed=1)
    data = state.record().to_dict()
    data["content"] = "0000000000000000"
    path.write_text(json.dumps(data))
    result = runner.invoke(app, ["play", "iraq", "--resume", str(path)], input="quit\n")
    assert result.exit_code == 0, result.output
    assert "other iraq content files" in result.output


# -- files ---------------------------------------------------------------------------------------


def test_writes_are_atomic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "g.json"
    write_atomic(path, "first\n")

    def broken(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError):
        write_atomic(path, "second\n")
    assert path.read_text() == "first\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json"]


def test_a_new_game_never_overwrites_an_earlier_save(tmp_path: Path) -> None:
    first = default_save_path("iraq", 7, tmp_path)
    first.write_text("{}")
    second = default_save_path("iraq", 7, tmp_path)
    assert first.name == "consim-iraq-7.json" and second.name == "consim-iraq-7-2.json"


def test_the_start_says_where_the_game_is_saved(tmp_path: Path) -> None:
    result = runner.invoke(app, _start(tmp_path, "--players", "2", "--seed", "1"), input="quit\n")
    assert "saved after every move in" in result.output
    assert "consim play iraq --resume" in result.output


# -- killed and interrupted games ----------------------------------------------------------------


def _consim(tmp_path: Path, *args: str) -> subprocess.Popen[str]:
    env = dict(os.environ, COLUMNS="80", LINES="24", PYTHONUNBUFFERED="1")
    return subprocess.Popen(
        [sys.executable, "-m", "consim", *args],
        cwd=tmp_path,
        stdin=subprocess.PIPE,
        stdout=(tmp_path / "out.txt").open("w"),
        stderr=(tmp_path / "err.txt").open("w"),
        text=True,
        env=env,
        # Ctrl-C as at a terminal even when the tests were started in the background, whose
        # children inherit an ignored SIGINT (Python then never raises KeyboardInterrupt)
        preexec_fn=_interruptible,
    )


def _interruptible() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _wait_for(path: Path, seat: str, count: int, proc: subprocess.Popen[str]) -> Record:
    """The saved record once ``seat`` has ``count`` actions in it."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if path.exists():
            try:
                record = Record.load(path)
            except ValueError:  # never happens with atomic writes; tolerated while polling
                record = None
            if record is not None and sum(1 for s, _ in record.actions if s == seat) >= count:
                return record
        assert proc.poll() is None, (path.parent / "err.txt").read_text()
        time.sleep(0.05)
    raise AssertionError(f"{seat} never reached {count} actions")


def test_a_game_killed_with_sigkill_resumes_at_its_last_action(tmp_path: Path) -> None:
    save = tmp_path / "killed.json"
    proc = _consim(
        tmp_path,
        "play",
        "iraq",
        "--players",
        "3",
        "--seat",
        "Kurd=human",
        "--seed",
        "11",
        "--save",
        str(save),
    )
    assert proc.stdin is not None
    typed = ["1", "2", "done"]
    for i, line in enumerate(typed, 1):
        proc.stdin.write(line + "\n")
        proc.stdin.flush()
        record = _wait_for(save, "Kurd", i, proc)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    record = Record.load(save)
    kurd = [text for seat, text in record.actions if seat == "Kurd"]
    assert len(kurd) == 3 and kurd[0].startswith("discard") and kurd[2] == "done"
    assert record.players["Kurd"] == "human"
    state = consim.replay(record)
    assert state.record().actions == record.actions
    # and it goes on from there, with the same seats
    again = runner.invoke(app, ["play", "iraq", "--resume", str(save)], input="quit\n")
    assert again.exit_code == 0, again.output
    assert f"Resuming {save}: {len(record.actions)} actions" in again.output.replace("\n", "")
    assert Record.load(save).actions[: len(record.actions)] == record.actions


def test_ctrl_c_in_a_terminal_game_saves_and_exits_with_one_line(tmp_path: Path) -> None:
    save = tmp_path / "stopped.json"
    proc = _consim(
        tmp_path, "play", "iraq", "--players", "2", "--seat", "US=human", "--seed", "2", "--save", str(save)
    )
    assert proc.stdin is not None
    proc.stdin.write("1\n")
    proc.stdin.flush()
    _wait_for(save, "US", 1, proc)
    time.sleep(0.3)  # at the prompt again
    proc.send_signal(signal.SIGINT)
    assert proc.wait(timeout=30) == 130
    out = (tmp_path / "out.txt").read_text()
    err = (tmp_path / "err.txt").read_text()
    assert "Interrupted. To continue: consim play iraq --resume" in out
    assert "Traceback" not in out + err
    assert [s for s, _ in Record.load(save).actions].count("US") == 1
