"""Log entries: what happened, which rule made it happen, and who may read it."""

from __future__ import annotations

from typing import Any, NamedTuple


class LogEntry(NamedTuple):
    """One line of the game log.

    ``audience`` is ``None`` for a public entry, or the seats allowed to read it. ``rule`` is the
    rulebook reference (``"18.4"``) or ``""`` when no single rule applies.
    """

    text: str
    rule: str = ""
    audience: frozenset[str] | None = None

    def visible_to(self, seat: str | None) -> bool:
        """True when ``seat`` may read this entry (``None`` = a spectator)."""
        return self.audience is None or (seat is not None and seat in self.audience)

    def to_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "rule": self.rule,
            "audience": None if self.audience is None else sorted(self.audience),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> LogEntry:
        aud = d.get("audience")
        return cls(str(d["text"]), str(d.get("rule", "")), None if aud is None else frozenset(aud))

    def __str__(self) -> str:
        return f"{self.text} [{self.rule}]" if self.rule else self.text
