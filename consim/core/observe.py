"""Numeric observations and information states, built from what a seat may know.

An :class:`ObservationSpec` is a fixed list of :class:`Field` s, each a named group of numbers
with a documented range, read from ``state.view(seat)`` (never from the full state): the same
layout in every position of a game with fixed options. :meth:`ObservationSpec.encode` turns a
view into a ``float32`` array; values outside a field's range are clipped to it.

An :class:`InformationState` is what one seat has seen and done: its own actions, the public
and private log entries it could read (typed events), and its current view. Its
:meth:`~InformationState.string` is stable across processes and serves as OpenSpiel's
``information_state_string``.

>>> spec = ObservationSpec([scalar("turn", 1, 10, lambda v: v["turn"]),
...                         counts("hand", ("A", "B"), 2, lambda v: v["hand"])])
>>> spec.size, spec.names
(3, ('turn', 'hand[A]', 'hand[B]'))
>>> spec.encode({"turn": 3, "hand": ["B", "B"]}).tolist()
[3.0, 0.0, 2.0]
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

View = Mapping[str, Any]
Reader = Callable[[View], Sequence[float]]


@dataclass(frozen=True, slots=True)
class Field:
    """A named group of numbers in an observation: one label per number, one range for all,
    and the function that reads them from a view."""

    name: str
    labels: tuple[str, ...]
    lo: float
    hi: float
    read: Reader = field(compare=False, repr=False)
    doc: str = ""

    @property
    def size(self) -> int:
        return len(self.labels)

    @property
    def names(self) -> tuple[str, ...]:
        if self.labels == ("",):
            return (self.name,)
        return tuple(f"{self.name}[{label}]" for label in self.labels)


def _num(x: object) -> float:
    if x is None:
        return 0.0
    if isinstance(x, bool):
        return 1.0 if x else 0.0
    if isinstance(x, int | float):
        return float(x)
    raise TypeError(f"expected a number in a view, got {type(x).__name__} {str(x)[:30]!r}")


def scalar(name: str, lo: float, hi: float, get: Callable[[View], object], doc: str = "") -> Field:
    """One number (``None`` reads as 0, a flag as 0 or 1)."""
    return Field(name, ("",), lo, hi, lambda v: (_num(get(v)),), doc)


def one_hot(name: str, words: Sequence[str], get: Callable[[View], object], doc: str = "") -> Field:
    """1 at the position of the word ``get`` returns (all 0 for ``None`` or a word not listed)."""
    pos = {w: i for i, w in enumerate(words)}
    n = len(words)

    def read(v: View) -> Sequence[float]:
        out = [0.0] * n
        k = pos.get(get(v))  # type: ignore[call-overload]
        if k is not None:
            out[k] = 1.0
        return out

    return Field(name, tuple(words), 0.0, 1.0, read, doc)


def counts(
    name: str, words: Sequence[str], hi: float, get: Callable[[View], Iterable[object]], doc: str = ""
) -> Field:
    """How many times each word occurs in what ``get`` returns (a multi-hot when ``hi`` is 1)."""
    pos = {w: i for i, w in enumerate(words)}
    n = len(words)

    def read(v: View) -> Sequence[float]:
        out = [0.0] * n
        for w in get(v) or ():
            k = pos.get(w)  # type: ignore[call-overload]
            if k is not None:
                out[k] += 1.0
        return out

    return Field(name, tuple(words), 0.0, hi, read, doc)


def per_key(
    name: str,
    keys: Sequence[str],
    lo: float,
    hi: float,
    get: Callable[[View], Mapping[str, object] | None],
    doc: str = "",
) -> Field:
    """One number per key of a mapping (a missing key reads as 0)."""
    ks = tuple(keys)

    def read(v: View) -> Sequence[float]:
        found = get(v) or {}
        return [_num(found.get(k)) for k in ks]

    return Field(name, ks, lo, hi, read, doc)


def vector(name: str, labels: Sequence[str], lo: float, hi: float, read: Reader, doc: str = "") -> Field:
    """Any fixed number of values, read by ``read`` (which must return ``len(labels)`` numbers)."""
    return Field(name, tuple(labels), lo, hi, read, doc)


class ObservationSpec:
    """The fixed layout of a game's observation vector."""

    __slots__ = ("fields", "high", "low", "names", "size")

    def __init__(self, fields: Sequence[Field]) -> None:
        self.fields: tuple[Field, ...] = tuple(fields)
        names: list[str] = []
        for f in self.fields:
            names.extend(f.names)
        if len(set(names)) != len(names):
            raise ValueError("two observation fields share a name")
        #: the name of every number, in order (``"vp[US]"``)
        self.names: tuple[str, ...] = tuple(names)
        self.size = len(names)
        self.low = np.concatenate([np.full(f.size, f.lo, np.float32) for f in self.fields])
        self.high = np.concatenate([np.full(f.size, f.hi, np.float32) for f in self.fields])

    def encode(self, view: View) -> npt.NDArray[np.float32]:
        """The observation of ``view``: ``size`` float32 numbers, each clipped to its range."""
        out = np.empty(self.size, np.float32)
        at = 0
        for f in self.fields:
            values = f.read(view)
            if len(values) != f.size:
                raise ValueError(f"observation field {f.name!r} read {len(values)} values, not {f.size}")
            out[at : at + f.size] = values
            at += f.size
        np.clip(out, self.low, self.high, out=out)
        return out

    def describe(self) -> list[dict[str, Any]]:
        """Each field as ``{"name", "offset", "size", "low", "high", "doc"}`` (the documented layout)."""
        rows: list[dict[str, Any]] = []
        at = 0
        for f in self.fields:
            rows.append(
                {"name": f.name, "offset": at, "size": f.size, "low": f.lo, "high": f.hi, "doc": f.doc}
            )
            at += f.size
        return rows


EventKind = Literal["public", "private"]


@dataclass(frozen=True, slots=True)
class Event:
    """A log entry a seat could read: public (every seat read it) or private (only some did)."""

    kind: EventKind
    text: str
    rule: str = ""

    def line(self) -> str:
        tag = "P" if self.kind == "public" else "S"
        rule = f" [{self.rule}]" if self.rule else ""
        return f"{tag} {self.text}{rule}"


@dataclass(frozen=True, slots=True)
class InformationState:
    """What ``seat`` knows: its own actions in order, the log entries it could read in order,
    and its current view (which holds what the log does not: its hand, the board)."""

    seat: str
    actions: tuple[str, ...]
    events: tuple[Event, ...]
    view: Mapping[str, Any]

    def string(self) -> str:
        """A stable text form (OpenSpiel's ``information_state_string``): two positions give the
        same text exactly when this seat cannot tell them apart by what it saw and did."""
        lines = [f"seat {self.seat}"]
        lines.extend(f"A {a}" for a in self.actions)
        lines.extend(e.line() for e in self.events)
        lines.append("view " + json.dumps(self.view, sort_keys=True, separators=(",", ":")))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.string()
