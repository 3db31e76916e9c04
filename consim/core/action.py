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

from operator import itemgetter
from typing import TYPE_CHECKING

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


class Action(tuple[str, tuple[str, ...], str]):
    """One atomic decision: a verb and its arguments.

    Actions compare equal by ``(verb, args)`` (the text is derived from them). The text form
    quotes any argument that holds characters other than letters, digits and ``-_.:+/&'``.
    Actions are tuples underneath so that comparing and hashing them is fast.
    """

    __slots__ = ()

    def __new__(cls, verb: str, args: tuple[str, ...] = ()) -> Action:
        if type(verb) is not str or not verb or not all(ch in _PLAIN for ch in verb):
            raise MalformedAction(f"bad action verb {str(verb)[:30]!r}")
        if not isinstance(args, tuple | list) or not all(type(a) is str for a in args):
            raise MalformedAction(f"the arguments of {verb!r} must be a tuple of texts")
        args = tuple(args)
        text = " ".join([verb, *(_quote(a) for a in args)])
        return tuple.__new__(cls, (verb, args, text))

    def well_formed(self) -> bool:
        """Whether this is an action as :meth:`Action` builds it (a tuple made by hand with
        ``tuple.__new__`` may not be): a verb, a tuple of texts, and the text form."""
        return (
            len(self) == 3
            and type(self[0]) is str
            and type(self[1]) is tuple
            and all(type(a) is str for a in self[1])
            and type(self[2]) is str
        )

    if TYPE_CHECKING:

        @property
        def verb(self) -> str: ...

        @property
        def args(self) -> tuple[str, ...]: ...

        @property
        def text(self) -> str: ...

    else:  # C-level getters: these are read on every decision
        verb = property(itemgetter(0), doc="the verb, e.g. 'discard'")
        args = property(itemgetter(1), doc="the arguments, e.g. ('Roadside Bombs',)")
        text = property(itemgetter(2), doc="the text form, which parses back to this action")

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action from its text form; raises :class:`MalformedAction`."""
        if not isinstance(text, str):
            raise MalformedAction(f"an action must be text or an Action, not {type(text).__name__}")
        tokens = _tokenize(text.strip())
        if not tokens:
            raise MalformedAction("empty action text")
        return cls(tokens[0], tuple(tokens[1:]))

    def __repr__(self) -> str:
        return f"Action({self[2]!r})"

    def __str__(self) -> str:
        return self[2]

    def __getnewargs__(self) -> tuple[str, tuple[str, ...]]:
        return (self[0], self[1])
