"""Log entries: what happened, which rule made it happen, who may read it, and what it names.

>>> e = LogEntry(3, "The Kurds take Mosul.", "12.1", None, (("space", "Mosul"), ("seat", "Kurd")))
>>> e.visible_to("US"), str(e)
(True, 'The Kurds take Mosul. [12.1]')
>>> LogEntry.from_dict(e.to_dict()) == e
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple


class LogEntry(NamedTuple):
    """One entry of the game log.

    ``seq`` is the entry's number in the log (0 for the first); ``audience`` is ``None`` for a
    public entry, or the seats allowed to read it; ``rule`` is the rulebook reference (``"18.4"``)
    or ``""`` when no single rule applies; ``refs`` names the things the entry mentions as
    ``(kind, id)`` pairs (``("space", "Mosul")``, ``("card", "Roadside Bombs")``), so a front end
    can link them.
    """

    seq: int
    text: str
    rule: str = ""
    audience: frozenset[str] | None = None
    refs: tuple[tuple[str, str], ...] = ()

    def visible_to(self, seat: str | None) -> bool:
        """True when ``seat`` may read this entry (``None`` = a spectator)."""
        return self.audience is None or (seat is not None and seat in self.audience)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "seq": self.seq,
            "text": self.text,
            "rule": self.rule,
            "audience": None if self.audience is None else sorted(self.audience),
        }
        if self.refs:
            data["refs"] = [list(r) for r in self.refs]
        return data

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> LogEntry:
        aud = d.get("audience")
        refs = tuple((str(k), str(v)) for k, v in d.get("refs", ()))
        return cls(
            int(d["seq"]),
            str(d["text"]),
            str(d.get("rule", "")),
            None if aud is None else frozenset(str(a) for a in aud),
            refs,
        )

    def __str__(self) -> str:
        return f"{self.text} [{self.rule}]" if self.rule else self.text


@dataclass(frozen=True, slots=True)
class ChatMessage:
    """A free message between players: recorded and delivered, never enforced, and not part
    of the game (it neither changes the position nor blocks undo).

    ``to`` is ``None`` for the whole table, else the seats addressed.
    """

    seq: int
    sender: str
    to: tuple[str, ...] | None
    text: str
    #: the number of game actions taken when it was sent (where it falls in the game)
    at_action: int = 0

    def visible_to(self, seat: str | None) -> bool:
        return self.to is None or (seat is not None and (seat == self.sender or seat in self.to))

    def to_dict(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "from": self.sender,
            "to": None if self.to is None else list(self.to),
            "text": self.text,
            "at_action": self.at_action,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> ChatMessage:
        to = d.get("to")
        return cls(
            int(d["seq"]),
            str(d["from"]),
            None if to is None else tuple(str(t) for t in to),
            str(d["text"]),
            int(d.get("at_action", 0)),
        )

    def __str__(self) -> str:
        where = "everyone" if self.to is None else ", ".join(self.to)
        return f"{self.sender} to {where}: {self.text}"
