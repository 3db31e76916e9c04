"""A fixed, numbered action space for a game with fixed options (the research contract).

Every action of a game is a verb and a few arguments (:class:`~consim.core.action.Action`).
An :class:`ActionSpace` numbers all the actions a game's grammar can form, once per
:class:`~consim.core.game.Game`, so that a learning agent sees the same index for the same
action in every position and a mask of one fixed length.

The grammar is *factored*: each verb has one or more :class:`Form` s, each a tuple of argument
:class:`Vocab` s (the cards, the spaces, the seats, a bounded range of numbers ...), and a
form's block of indices is the product of its vocabularies' sizes, numbered in mixed radix
(the last argument varies fastest). An argument is never a free text or an unbounded number:
numbers are drawn from a range whose bound each game documents, and composite arguments
(lists, pairs) are split into one argument per part with an explicit "none" word where a part
may be absent.

>>> cards = Vocab("card", ("Ambush", "Curfew"))
>>> space = ActionSpace([Form("pass"), Form("discard", (cards,)), Form("bid", (Vocab.numbers("n", 0, 3),))])
>>> space.size
7
>>> space.index(Action("discard", ("Curfew",)))
2
>>> space.at(5)
Action('bid 2')
"""

from __future__ import annotations

import math
import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from consim.core.action import Action
from consim.core.errors import IllegalAction


class NotInActionSpace(IllegalAction):
    """An action the game's action space has no index for (a gap in its grammar)."""


class BadActionIndex(NotInActionSpace, IndexError):
    """An action index that is not a whole number from 0 to the space's size less one."""


@dataclass(frozen=True, slots=True)
class Vocab:
    """The words one argument may take: a name (``"card"``) and the words in a fixed order."""

    name: str
    words: tuple[str, ...]
    _pos: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        pos: dict[str, int] = {}
        for i, w in enumerate(self.words):
            pos.setdefault(w, i)
        if len(pos) != len(self.words):
            dupes = sorted({w for w in self.words if self.words.count(w) > 1})
            raise ValueError(f"vocabulary {self.name!r} repeats {dupes[:5]}")
        object.__setattr__(self, "_pos", pos)

    @classmethod
    def of(cls, name: str, words: Iterable[str]) -> Vocab:
        """A vocabulary of these words, duplicates dropped, first occurrence kept."""
        return cls(name, tuple(dict.fromkeys(words)))

    @classmethod
    def numbers(cls, name: str, lo: int, hi: int) -> Vocab:
        """The numbers ``lo`` to ``hi`` (both included), written in decimal."""
        if hi < lo:
            raise ValueError(f"empty number range {lo}..{hi} for {name!r}")
        return cls(name, tuple(str(n) for n in range(lo, hi + 1)))

    def __len__(self) -> int:
        return len(self.words)

    def position(self, word: str) -> int:
        """The index of ``word``, or -1."""
        return self._pos.get(word, -1)


@dataclass(frozen=True, slots=True)
class Form:
    """One shape of a verb: the verb and the vocabulary of each argument."""

    verb: str
    args: tuple[Vocab, ...] = ()

    @property
    def size(self) -> int:
        return math.prod(len(v) for v in self.args)

    def describe(self) -> str:
        """``'discard <card:100>'``: the verb with each argument's vocabulary and size."""
        return " ".join([self.verb, *(f"<{v.name}:{len(v)}>" for v in self.args)])


class ActionSpace:
    """Numbers every action of a grammar: :meth:`index` and :meth:`at` are inverse.

    Forms are laid out one after another in the order given; an action takes the index of the
    first form of its verb and argument count whose vocabularies hold every argument.
    """

    __slots__ = ("_by_shape", "_cache", "forms", "offsets", "size")

    def __init__(self, forms: Sequence[Form]) -> None:
        self.forms: tuple[Form, ...] = tuple(forms)
        offsets: list[int] = []
        total = 0
        seen: set[tuple[str, tuple[tuple[str, ...], ...]]] = set()
        for f in self.forms:
            key = (f.verb, tuple(v.words for v in f.args))
            if key in seen:
                raise ValueError(f"form {f.describe()} is listed twice")
            seen.add(key)
            if f.size == 0:
                raise ValueError(f"form {f.describe()} has an empty vocabulary")
            offsets.append(total)
            total += f.size
        self.offsets: tuple[int, ...] = tuple(offsets)
        #: the number of actions (the length of every legal mask)
        self.size = total
        self._by_shape: dict[tuple[str, int], list[int]] = {}
        for k, f in enumerate(self.forms):
            self._by_shape.setdefault((f.verb, len(f.args)), []).append(k)
        self._cache: dict[Action, int] = {}

    def __len__(self) -> int:
        return self.size

    def find(self, action: Action) -> int:
        """The index of ``action``, or -1 when the grammar cannot form it."""
        try:
            cached = self._cache.get(action)
        except TypeError:  # a tuple made by hand, holding a list
            return -1
        if cached is not None:
            return cached
        if not isinstance(action, Action) or not action.well_formed():
            return -1
        verb, args = action[0], action[1]
        for k in self._by_shape.get((verb, len(args)), ()):
            form = self.forms[k]
            index = 0
            for vocab, word in zip(form.args, args, strict=True):
                p = vocab.position(word)
                if p < 0:
                    break
                index = index * len(vocab) + p
            else:
                found = self.offsets[k] + index
                if len(self._cache) < 1_000_000:
                    self._cache[action] = found
                return found
        return -1

    def index(self, action: Action) -> int:
        """The index of ``action``; raises :class:`NotInActionSpace` if it has none."""
        found = self.find(action)
        if found < 0:
            formed = isinstance(action, Action) and action.well_formed()
            shown = repr(action.text[:60]) if formed else "a malformed action"
            raise NotInActionSpace(f"{shown} has no index in this game's action space")
        return found

    def at(self, i: int) -> Action:
        """The action numbered ``i`` (``0 <= i < size``; a NumPy integer will do); raises
        :class:`BadActionIndex` (an ``IllegalAction`` and an ``IndexError``) otherwise."""
        if isinstance(i, bool | str | bytes | float):
            raise BadActionIndex(f"an action index is a whole number, not {str(i)[:20]!r}")
        try:
            i = operator.index(i)
        except TypeError:
            raise BadActionIndex(f"an action index is a whole number, not {type(i).__name__}") from None
        if not 0 <= i < self.size:
            raise BadActionIndex(f"action index {i} is outside 0..{self.size - 1}")
        # the last form whose offset is <= i (binary search over the offsets)
        lo, hi = 0, len(self.offsets) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.offsets[mid] <= i:
                lo = mid
            else:
                hi = mid - 1
        form = self.forms[lo]
        rest = i - self.offsets[lo]
        words: list[str] = []
        for vocab in reversed(form.args):
            rest, p = divmod(rest, len(vocab))
            words.append(vocab.words[p])
        return Action(form.verb, tuple(reversed(words)))

    def table(self) -> list[tuple[int, int, str]]:
        """Each form as ``(offset, size, description)``: the documentation of the layout."""
        return [(o, f.size, f.describe()) for o, f in zip(self.offsets, self.forms, strict=True)]


def forms_of(actions: Iterable[Action], names: dict[tuple[str, int], str] | None = None) -> list[Form]:
    """Forms covering ``actions`` (those a game's tables build once from its content): one form
    per verb and argument count, each argument's vocabulary the words seen in that place, in
    first-seen order. ``names`` names the vocabularies by ``(verb, position)``.

    >>> [f.describe() for f in forms_of([Action("move", ("a",)), Action("move", ("b",)), Action("done")])]
    ['move <move.0:2>', 'done']
    """
    words: dict[tuple[str, int], dict[int, dict[str, None]]] = {}
    for a in actions:
        places = words.setdefault((a[0], len(a[1])), {k: {} for k in range(len(a[1]))})
        for k, w in enumerate(a[1]):
            places[k][w] = None
    named = names or {}
    return [
        Form(verb, tuple(Vocab(named.get((verb, k), f"{verb}.{k}"), tuple(places[k])) for k in range(n)))
        for (verb, n), places in words.items()
    ]
