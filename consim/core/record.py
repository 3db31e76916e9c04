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
        return data

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Record:
        if not isinstance(d, dict):
            raise ValueError("a record must be a JSON object")
        fmt = d.get("format", FORMAT)
        if fmt != FORMAT and fmt not in _OLD_FORMATS:
            raise ValueError(f"unknown record format {fmt!r} (expected {FORMAT})")
        for key in ("game", "seed", "actions"):
            if key not in d:
                raise ValueError(f"record is missing {key!r}")
        actions = []
        for i, pair in enumerate(d["actions"]):
            if not (isinstance(pair, list | tuple) and len(pair) == 2):
                raise ValueError(f"record action #{i} must be [seat, action text], got {str(pair)[:60]}")
            actions.append((str(pair[0]), str(pair[1])))
        start = d.get("start")
        if start is not None and not isinstance(start, dict):
            raise ValueError("record 'start' must be a saved position (a JSON object)")
        chat = d.get("chat") or []
        if not isinstance(chat, list) or not all(isinstance(m, dict) for m in chat):
            raise ValueError("record 'chat' must be a list of messages")
        return cls(
            game=str(d["game"]),
            options=dict(d.get("options") or {}),
            seed=int(d["seed"]),
            actions=actions,
            result=d.get("result"),
            engine=str(d.get("engine", "")),
            content=str(d.get("content", "")),
            start=start,
            chat=list(chat),
        )

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_dict(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise ValueError(f"{path}: not a JSON record ({exc})") from exc
        return cls.from_dict(data)
