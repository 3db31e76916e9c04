"""Actions: small immutable values with a text form that parses back.

>>> a = Action("discard", ("Roadside Bombs",))
>>> a.text
'discard "Roadside Bombs"'
>>> Action.parse(a.text) == a
True
>>> Action.parse("offer Kurd").args
('Kurd',)
"""

from __future__ import annotations

from typing import Any

from consim.core.errors import MalformedAction

_PLAIN = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.:+/&'")


def _quote(arg: str) -> str:
    if arg and all(ch in _PLAIN for ch in arg):
        return arg
    return '"' + arg.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _tokenize(text: str) -> list[str]:
    tokens: list[str] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace():
            i += 1
            continue
        if ch == '"':
            i += 1
            buf: list[str] = []
            while True:
                if i >= n:
                    raise MalformedAction(f"unclosed quote in {text!r}")
                ch = text[i]
                if ch == "\\" and i + 1 < n:
                    buf.append(text[i + 1])
                    i += 2
                    continue
                if ch == '"':
                    i += 1
                    break
                buf.append(ch)
                i += 1
            tokens.append("".join(buf))
            continue
        start = i
        while i < n and not text[i].isspace() and text[i] != '"':
            i += 1
        tokens.append(text[start:i])
    return tokens


class Action:
    """One atomic decision: a verb and its arguments.

    Actions compare equal by ``(verb, args)``. The text form quotes any argument that holds
    characters other than letters, digits and ``-_.:+/&'``.
    """

    __slots__ = ("args", "text", "verb")

    verb: str
    args: tuple[str, ...]
    text: str

    def __init__(self, verb: str, args: tuple[str, ...] = ()) -> None:
        if not verb or not all(ch in _PLAIN for ch in verb):
            raise MalformedAction(f"bad action verb {verb!r}")
        object.__setattr__(self, "verb", verb)
        object.__setattr__(self, "args", tuple(args))
        text = " ".join([verb, *(_quote(a) for a in args)])
        object.__setattr__(self, "text", text)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Action is immutable")

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action from its text form; raises :class:`MalformedAction`."""
        if not isinstance(text, str):
            raise MalformedAction(f"an action must be text or an Action, not {type(text).__name__}")
        tokens = _tokenize(text.strip())
        if not tokens:
            raise MalformedAction("empty action text")
        return cls(tokens[0], tuple(tokens[1:]))

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, Action):
            return self.verb == other.verb and self.args == other.args
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.verb, self.args))

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    def __str__(self) -> str:
        return self.text

    def __reduce__(self) -> tuple[Any, ...]:
        return (Action, (self.verb, self.args))
