"""Game records: the game, its options, the seed and every action, enough to replay exactly."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FORMAT = "consim-record/1"


@dataclass
class Record:
    """Everything needed to reproduce a game: ``consim.replay(record)`` rebuilds the state."""

    game: str
    options: dict[str, Any]
    seed: int
    actions: list[tuple[str, str]] = field(default_factory=list)
    result: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "options": dict(self.options),
            "seed": self.seed,
            "actions": [[seat, text] for seat, text in self.actions],
            "result": self.result,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Record:
        if not isinstance(d, dict):
            raise ValueError("a record must be a JSON object")
        if d.get("format", FORMAT) != FORMAT:
            raise ValueError(f"unknown record format {d.get('format')!r} (expected {FORMAT})")
        for key in ("game", "seed", "actions"):
            if key not in d:
                raise ValueError(f"record is missing {key!r}")
        actions = []
        for i, pair in enumerate(d["actions"]):
            if not (isinstance(pair, list | tuple) and len(pair) == 2):
                raise ValueError(f"record action #{i} must be [seat, action text], got {pair!r}")
            actions.append((str(pair[0]), str(pair[1])))
        return cls(
            game=str(d["game"]),
            options=dict(d.get("options") or {}),
            seed=int(d["seed"]),
            actions=actions,
            result=d.get("result"),
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
