"""Game records: the game, its options, the seed and every action, enough to replay exactly.

A record also names the engine that made it and a hash of the game's content files, so that a
replay under other rules data can say so instead of silently going another way. A position
built by hand (``State.edit``) has no seed to start from: its record carries the starting
position itself (``start``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FORMAT = "consim-record/2"
_OLD_FORMATS = ("consim-record/1",)


@dataclass
class Record:
    """Everything needed to reproduce a game: ``consim.replay(record)`` rebuilds the state."""

    game: str
    options: dict[str, Any]
    seed: int
    actions: list[tuple[str, str]] = field(default_factory=list)
    result: str | None = None
    #: the engine that made the record ("consim 0.2.0")
    engine: str = ""
    #: hash of the game's content files when the record was made ("" if unknown)
    content: str = ""
    #: the starting position (``State.to_dict``) of a position built by hand, else ``None``
    start: dict[str, Any] | None = None
    #: the players' messages ([{"seq", "from", "to", "text", "at_action"}]), not part of the game
    chat: list[dict[str, Any]] = field(default_factory=list)
    #: who played each seat, as a front end saved it: seat -> "human" or "bot:KIND" (empty if
    #: unknown); a resumed game seats them again
    players: dict[str, str] = field(default_factory=dict)
    #: the seed the bots were made with (``None`` if unknown)
    bot_seed: int | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game,
            "options": dict(self.options),
            "seed": self.seed,
            "engine": self.engine,
            "content": self.content,
            "actions": [[seat, text] for seat, text in self.actions],
            "result": self.result,
        }
        if self.start is not None:
            data["start"] = self.start
        if self.chat:
            data["chat"] = list(self.chat)
        if self.players:
            data["players"] = dict(self.players)
        if self.bot_seed is not None:
            data["bot_seed"] = self.bot_seed
        return data

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Record:
        """Read a record, checking every part; a bad one raises ``ValueError`` in one line."""
        if not isinstance(d, dict):
            raise ValueError("a record must be a JSON object")
        fmt = d.get("format", FORMAT)
        if fmt != FORMAT and fmt not in _OLD_FORMATS:
            raise ValueError(f"unknown record format {fmt!r} (expected {FORMAT})")
        for key in ("game", "seed", "actions"):
            if key not in d:
                raise ValueError(f"record is missing {key!r}")
        if type(d["game"]) is not str:
            raise ValueError("record 'game' must be a game id, such as \"iraq\"")
        seed = d["seed"]
        if type(seed) is not int or not -(2**63) <= seed < 2**64:
            raise ValueError(f"record 'seed' must be a whole number, not {str(seed)[:30]}")
        options = d.get("options") or {}
        if not isinstance(options, dict):
            raise ValueError("record 'options' must be an object of option names and values")
        if not isinstance(d["actions"], list):
            raise ValueError("record 'actions' must be a list of [seat, action text] pairs")
        actions = []
        for i, pair in enumerate(d["actions"]):
            if not (isinstance(pair, list | tuple) and len(pair) == 2 and all(type(x) is str for x in pair)):
                raise ValueError(f"record action #{i} must be [seat, action text], got {str(pair)[:60]}")
            actions.append((pair[0], pair[1]))
        result = d.get("result")
        if result is not None and type(result) is not str:
            raise ValueError("record 'result' must be text or null")
        start = d.get("start")
        if start is not None and not isinstance(start, dict):
            raise ValueError("record 'start' must be a saved position (a JSON object)")
        chat = d.get("chat") or []
        if not isinstance(chat, list):
            raise ValueError("record 'chat' must be a list of messages")
        for i, message in enumerate(chat):
            _check_message(message, i)
        players = d.get("players") or {}
        if not isinstance(players, dict) or not all(
            type(k) is str and type(v) is str for k, v in players.items()
        ):
            raise ValueError('record \'players\' must map seats to "human" or "bot:KIND"')
        bot_seed = d.get("bot_seed")
        if bot_seed is not None and (type(bot_seed) is not int or not 0 <= bot_seed < 2**64):
            raise ValueError("record 'bot_seed' must be a whole number")
        return cls(
            game=d["game"],
            options=dict(options),
            seed=seed,
            actions=actions,
            result=result,
            engine=str(d.get("engine", "")),
            content=str(d.get("content", "")),
            start=start,
            chat=list(chat),
            players=dict(players),
            bot_seed=bot_seed,
        )

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_dict(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """Read a saved record; any problem (missing file, not JSON, a bad part) raises
        ``ValueError`` with one line that names the file."""
        try:
            text = Path(path).read_text(encoding="utf-8-sig")  # a byte-order mark is forgiven
        except OSError as exc:
            raise ValueError(f"{path}: cannot read it ({exc.strerror or exc})") from None
        except UnicodeDecodeError:
            raise ValueError(f"{path}: not a text file") from None
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, RecursionError) as exc:
            raise ValueError(f"{path}: not a JSON record ({str(exc)[:80]})") from None
        try:
            return cls.from_dict(data)
        except ValueError as exc:
            raise ValueError(f"{path}: {exc}") from None
        except (TypeError, KeyError, OverflowError, RecursionError) as exc:
            raise ValueError(f"{path}: not a consim record ({str(exc)[:80]})") from None


def _check_message(m: object, i: int) -> None:
    """A saved message: ``{"seq", "from", "to", "text", "at_action"}``, each of its type
    (``ValueError`` naming the message and the part that is wrong)."""
    where = f"record message #{i + 1}"
    if not isinstance(m, dict):
        raise ValueError(f"{where} must be an object with 'from', 'to', 'text' and 'at_action'")
    for key in ("seq", "from", "text", "at_action"):
        if key not in m:
            raise ValueError(f"{where} has no '{key}'")
    for key in ("seq", "at_action"):
        value = m[key]
        if type(value) is not int or not 0 <= value < 2**31:
            raise ValueError(f"{where}: '{key}' must be a whole number from 0, not {_shown(value)}")
    for key in ("from", "text"):
        if type(m[key]) is not str:
            raise ValueError(f"{where}: '{key}' must be text, not {_shown(m[key])}")
    to = m.get("to")
    if to is not None and not (isinstance(to, list) and all(type(x) is str for x in to)):
        raise ValueError(f"{where}: 'to' must be a list of seats or null (the whole table)")


def _shown(value: object) -> str:
    """A value as the JSON file writes it, cut short."""
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):  # pragma: no cover - what json.loads gives always dumps
        text = type(value).__name__
    return text if len(text) <= 30 else text[:27] + "..."
