"""Saving and resuming terminal games: atomic writes of the record (with who plays each seat),
a default file name that never overwrites another game, and reading a record back to resume
it, with one-line errors.

>>> import consim, tempfile, pathlib
>>> state = consim.load_game("iraq", players=2).new_game(seed=5)
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> path = folder / "g.json"
>>> write_record(path, session_record(state, {"US": "human", "Insurgent": "heuristic"}, 5))
>>> record = load_record(path, "iraq")
>>> record.players, record.bot_seed
({'US': 'human', 'Insurgent': 'bot:heuristic'}, 5)
>>> sorted(p.name for p in folder.iterdir())   # no temporary file is left behind
['g.json']
"""

from __future__ import annotations

import contextlib
import json
import os
import shlex
import tempfile
from collections.abc import Mapping
from pathlib import Path

from consim.core.game import State
from consim.core.record import Record

_UMASK = os.umask(0o022)
os.umask(_UMASK)


def session_record(state: State, players: Mapping[str, str], bot_seed: int) -> Record:
    """The state's record with who plays each seat (``"human"`` or ``"bot:KIND"``) and the
    bots' seed, so that a resumed game seats them again."""
    record = state.record()
    record.players = {seat: who if who == "human" else f"bot:{who}" for seat, who in players.items()}
    record.bot_seed = bot_seed
    return record


def write_record(path: Path, record: Record) -> None:
    """Write ``record`` to ``path`` atomically (see :func:`write_atomic`)."""
    write_atomic(path, json.dumps(record.to_dict(), indent=1) + "\n")


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically: a temporary file in the same folder, then
    ``os.replace``, so a game killed at any moment leaves the previous save or the new one,
    never half a file. Raises ``OSError`` if it cannot be written."""
    folder = path.parent if str(path.parent) else Path(".")
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.chmod(temp, 0o666 & ~_UMASK)  # mkstemp makes it private; a save is an ordinary file
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def default_save_path(game_id: str, seed: int, folder: Path | None = None) -> Path:
    """``consim-<game>-<seed>.json`` in the current folder, or ``...-2.json``, ``-3`` ... if
    that name is taken: a new game never overwrites an earlier one."""
    folder = folder or Path(".")
    path = folder / f"consim-{game_id}-{seed}.json"
    n = 2
    while path.exists():
        path = folder / f"consim-{game_id}-{seed}-{n}.json"
        n += 1
    return path


def resume_hint(game_id: str, path: Path) -> str:
    """The command that continues the game saved in ``path``."""
    return f"consim play {game_id} --resume {shlex.quote(str(path))}"


def load_record(path: Path, game_id: str) -> Record:
    """Read a record to resume; ``ValueError`` in one line if it is missing, unreadable, not
    a record, or a record of another game."""
    record = Record.load(path)  # raises ValueError with one line naming the file
    if record.game != game_id:
        raise ValueError(
            f"{path} is a saved game of {record.game}, not {game_id}: {resume_hint(record.game, path)}"
        )
    return record


def players_of(record: Record) -> dict[str, str]:
    """Who played each seat in a record: seat -> ``"human"`` or a bot kind."""
    return {seat: who.removeprefix("bot:") for seat, who in record.players.items()}
