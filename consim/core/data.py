"""Typed game state: slotted dataclasses whose copy, serialisation and checks derive from the types.

A game declares its mutable state once, as dataclasses that subclass :class:`Data`::

    @dataclass(slots=True)
    class Army(Data):
        at: Annotated[int, Ref("land")]     # a content id, held as a small int
        strength: Literal["strong", "weak"]

From those declarations the core derives, per class and once:

* ``clone()``: a deep copy generated as straight-line code (lists of scalars are sliced, nested
  records cloned, frozen records shared), so a state with hundreds of units copies in
  microseconds;
* :meth:`Codec.dump` / :meth:`Codec.load`: JSON-ready data with content ids written as their
  names, and a loader that checks every value against its declared type (a wrong type, an
  unknown id or a bad literal raises :class:`~consim.core.errors.RestoreError` naming the path).

Supported field types: ``int``, ``float``, ``str``, ``bool``, ``None``, ``Literal[...]``,
``Annotated[int, Ref(kind)]`` (a content id), ``Annotated[str, Name(kind)]`` (a name checked
against a table, e.g. a seat), ``Annotated[int, Bounded(lo, hi)]`` (a plain ``int`` is bounded
by +-(2**31 - 1)), ``X | None``, ``list[X]``, ``dict[K, X]`` (scalar keys),
``tuple[X, ...]``, ``tuple[X, Y]``, ``frozenset[X]`` and ``set[X]`` of ints or ids (sets of
strings would iterate in a different order in each process), nested :class:`Data`, and frames
(:class:`consim.core.flow.Frame`, written with their registered name).

Annotations are resolved with :func:`typing.get_type_hints`, so every type a field names must
be importable at module level (not only under ``TYPE_CHECKING``).

>>> from dataclasses import dataclass, field
>>> @dataclass(slots=True)
... class Hand(Data):
...     owner: str
...     cards: list[int] = field(default_factory=list)
>>> a = Hand("US", [3, 1])
>>> b = a.clone()
>>> b.cards.append(7)
>>> a.cards, b.cards
([3, 1], [3, 1, 7])
>>> codec = Codec()
>>> codec.dump(a)
{'owner': 'US', 'cards': [3, 1]}
>>> codec.load(Hand, {"owner": "US", "cards": [3, "x"]})
Traceback (most recent call last):
...
consim.core.errors.RestoreError: Hand.cards[1]: expected an integer, got 'x'
"""

from __future__ import annotations

import contextlib
import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeVar, Union, get_args, get_origin

from consim.core.errors import RestoreError

if TYPE_CHECKING:
    from typing import Self

T = TypeVar("T")
D = TypeVar("D", bound="Data")

__all__ = ["Bounded", "Codec", "Data", "Name", "Ref", "Seat", "SeatOrNone"]


@dataclass(frozen=True, slots=True)
class Ref:
    """Marks an ``int`` field as a content id of ``kind`` (an index into the game's table of
    that kind's names): ``Annotated[int, Ref("card")]``. Serialised as the name."""

    kind: str


@dataclass(frozen=True, slots=True)
class Bounded:
    """Marks an ``int`` field with its range, checked on restore:
    ``Annotated[int, Bounded(0, 99)]``. A plain ``int`` may hold up to 2**31 - 1 either way."""

    lo: int
    hi: int


@dataclass(frozen=True, slots=True)
class Name:
    """Marks a ``str`` field whose value must be one of the names of ``kind`` (e.g. a seat):
    ``Annotated[str, Name("seat")]``. Serialised as is; checked on load."""

    kind: str


#: a seat's name, checked on restore against the game's seats (``Name("seat")``)
Seat = Annotated[str, Name("seat")]
#: a seat's name or "" (none: nobody's units, no opponent named yet), checked on restore
SeatOrNone = Seat | Literal[""]


class Data:
    """Base of every record of mutable game state (use with ``@dataclass(slots=True)``).

    ``clone()`` is generated for each class on first use from its fields' types.
    """

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # every class compiles its own copier on first use (a parent's would copy the wrong fields)
        cls.clone = Data.clone  # type: ignore[method-assign]

    def clone(self) -> Self:
        """An independent deep copy."""
        cls = type(self)
        copier = _compile_clone(cls)
        cls.clone = copier  # type: ignore[method-assign,assignment]
        result: Self = copier(self)
        return result


# =============================================================================================
# Type nodes: what each declared type means for copying, dumping and loading
# =============================================================================================

_SCALARS = (int, float, str, bool, type(None))


class _Node:
    """How one declared type is copied, written and read."""

    immutable = True

    def clone_expr(self, expr: str, depth: int) -> str:
        return expr

    def dump(self, value: Any, codec: Codec) -> Any:
        return value

    def load(self, raw: Any, codec: Codec, path: str) -> Any:
        raise NotImplementedError


def _fail(path: str, what: str, raw: Any) -> RestoreError:
    shown = repr(raw)
    if len(shown) > 60:
        shown = shown[:57] + "..."
    return RestoreError(f"{path}: expected {what}, got {shown}")


#: the range of a plain ``int`` field unless it declares its own with :class:`Bounded`: no
#: count, index or score of a board game comes near it, and a restored state must not carry a
#: number so large that a rule would loop or allocate on it
INT_LIMIT = 2**31 - 1


class _Int(_Node):
    def __init__(self, lo: int = -INT_LIMIT, hi: int = INT_LIMIT) -> None:
        self.lo = lo
        self.hi = hi

    def load(self, raw: Any, codec: Codec, path: str) -> Any:
        if type(raw) is not int:
            raise _fail(path, "an integer", raw)
        if not self.lo <= raw <= self.hi:
            raise _fail(path, f"an integer from {self.lo} to {self.hi}", raw)
        return raw


class _Float(_Node):
    def load(self, raw: Any, codec: Codec, path: str) -> Any:
        if type(raw) not in (int, float) or not -1e15 <= raw <= 1e15:
            raise _fail(path, "a number", raw)
        return float(raw)


class _Str(_Node):
    def load(self, raw: Any, codec: Codec, path: str) -> Any:
        if type(raw) is not str:
            raise _fail(path, "text", raw)
        return raw


class _Bool(_Node):
    def load(self, raw: Any, codec: Codec, path: str) -> Any:
        if type(raw) is not bool:
            raise _fail(path, "true or false", raw)
        return raw


class _None(_Node):
    def load(self, raw: Any, codec: Codec, path: str) -> Any:
        if raw is not None:
            raise _fail(path, "null", raw)
        return None


class _Literal(_Node):
    def __init__(self, values: tuple[Any, ...]) -> None:
        self.values = values

    def load(self, raw: Any, codec: Codec, path: str) -> Any:
        for v in self.values:
            if raw == v and type(raw) is type(v):
                return v
        raise _fail(path, "one of " + ", ".join(repr(v) for v in self.values), raw)


class _Ref(_Node):
    def __init__(self, kind: str) -> None:
        self.kind = kind

    def dump(self, value: Any, codec: Codec) -> Any:
        return codec.names(self.kind)[value]

    def load(self, raw: Any, codec: Codec, path: str) -> Any:
        index = codec.index(self.kind).get(raw) if type(raw) is str else None
        if index is None:
            raise _fail(path, f"the name of a {self.kind}", raw)
        return index


class _Name(_Node):
    def __init__(self, kind: str) -> None:
        self.kind = kind

    def load(self, raw: Any, codec: Codec, path: str) -> Any:
        if type(raw) is not str or raw not in codec.index(self.kind):
            raise _fail(path, f"the name of a {self.kind}", raw)
        return raw


class _Optional(_Node):
    def __init__(self, inner: _Node) -> None:
        self.inner = inner
        self.immutable = inner.immutable

    def clone_expr(self, expr: str, depth: int) -> str:
        if self.immutable:
            return expr
        return f"(None if {expr} is None else {self.inner.clone_expr(expr, depth)})"

    def dump(self, value: Any, codec: Codec) -> Any:
        return None if value is None else self.inner.dump(value, codec)

    def load(self, raw: Any, codec: Codec, path: str) -> Any:
        return None if raw is None else self.inner.load(raw, codec, path)


class _ScalarUnion(_Node):
    """A union of scalar types (``int | str``): the first that accepts the value wins."""

    def __init__(self, options: list[_Node]) -> None:
        self.options = options

    def load(self, raw: Any, codec: Codec, path: str) -> Any:
        for option in self.options:
            try:
                return option.load(raw, codec, path)
            except RestoreError:
                continue
        raise _fail(path, "a value of the declared types", raw)


class _List(_Node):
    immutable = False

    def __init__(self, inner: _Node) -> None:
        self.inner = inner

    def clone_expr(self, expr: str, depth: int) -> str:
        if self.inner.immutable:
            return f"{expr}[:]"
        x = f"_x{depth}"
        return f"[{self.inner.clone_expr(x, depth + 1)} for {x} in {expr}]"

    def dump(self, value: Any, codec: Codec) -> Any:
        inner = self.inner
        if isinstance(inner, _Int | _Str | _Bool):
            return list(value)
        return [inner.dump(v, codec) for v in value]

    def load(self, raw: Any, codec: Codec, path: str) -> Any:
        if type(raw) is not list:
            raise _fail(path, "a list", raw)
        inner = self.inner
        return [inner.load(v, codec, f"{path}[{i}]") for i, v in enumerate(raw)]


class _Tuple(_Node):
    def __init__(self, items: list[_Node] | None, rest: _Node | None) -> None:
        self.items = items  # fixed-length tuple[A, B]
        self.rest = rest  # tuple[X, ...]
        nodes = items if items is not None else [rest]
        self.immutable = all(n is not None and n.immutable for n in nodes)

    def _node(self, i: int) -> _Node:
        if self.items is not None:
            return self.items[i]
        assert self.rest is not None
        return self.rest

    def clone_expr(self, expr: str, depth: int) -> str:
        if self.immutable:
            return expr
        x = f"_x{depth}"
        if self.items is None:
            assert self.rest is not None
            return f"tuple({self.rest.clone_expr(x, depth + 1)} for {x} in {expr})"
        parts = ", ".join(n.clone_expr(f"{expr}[{i}]", depth + 1) for i, n in enumerate(self.items))
        return f"({parts},)"

    def dump(self, value: Any, codec: Codec) -> Any:
        return [self._node(i).dump(v, codec) for i, v in enumerate(value)]

    def load(self, raw: Any, codec: Codec, path: str) -> Any:
        if type(raw) is not list or (self.items is not None and len(raw) != len(self.items)):
            n = "" if self.items is None else f" of {len(self.items)}"
            raise _fail(path, f"a list{n}", raw)
        return tuple(self._node(i).load(v, codec, f"{path}[{i}]") for i, v in enumerate(raw))


class _Set(_Node):
    def __init__(self, inner: _Node, frozen: bool) -> None:
        self.inner = inner
        self.frozen = frozen
        self.immutable = frozen

    def clone_expr(self, expr: str, depth: int) -> str:
        return expr if self.frozen else f"{expr}.copy()"

    def dump(self, value: Any, codec: Codec) -> Any:
        return [self.inner.dump(v, codec) for v in sorted(value)]

    def load(self, raw: Any, codec: Codec, path: str) -> Any:
        if type(raw) is not list:
            raise _fail(path, "a list", raw)
        items = [self.inner.load(v, codec, f"{path}[{i}]") for i, v in enumerate(raw)]
        return frozenset(items) if self.frozen else set(items)


class _Dict(_Node):
    immutable = False

    def __init__(self, key: _Node, value: _Node) -> None:
        self.key = key
        self.value = value

    def clone_expr(self, expr: str, depth: int) -> str:
        if self.value.immutable:
            return f"{expr}.copy()"
        k, x = f"_k{depth}", f"_x{depth}"
        return f"{{{k}: {self.value.clone_expr(x, depth + 1)} for {k}, {x} in {expr}.items()}}"

    def _dump_key(self, key: Any, codec: Codec) -> str:
        if isinstance(self.key, _Ref):
            return str(self.key.dump(key, codec))
        if isinstance(self.key, _Str | _Name | _Literal) and type(key) is str:
            return str(key)
        if type(key) is bool:
            return "true" if key else "false"
        return str(key)

    def _load_key(self, raw: str, codec: Codec, path: str) -> Any:
        node = self.key
        if isinstance(node, _Int):
            try:
                return int(raw)
            except ValueError:
                raise _fail(path, "an integer key", raw) from None
        if isinstance(node, _Bool):
            if raw not in ("true", "false"):
                raise _fail(path, "a true/false key", raw)
            return raw == "true"
        if isinstance(node, _Literal) and any(type(v) is int for v in node.values):
            try:
                return node.load(int(raw), codec, path)
            except ValueError:
                pass
        return node.load(raw, codec, path)

    def dump(self, value: Any, codec: Codec) -> Any:
        v = self.value
        return {self._dump_key(k, codec): v.dump(x, codec) for k, x in value.items()}

    def load(self, raw: Any, codec: Codec, path: str) -> Any:
        if type(raw) is not dict:
            raise _fail(path, "an object", raw)
        out = {}
        for k, x in raw.items():
            key = self._load_key(k, codec, f"{path} key")
            out[key] = self.value.load(x, codec, f"{path}[{k!r}]")
        return out


class _Record(_Node):
    """A nested :class:`Data` of one concrete class. A frozen dataclass is a record that is
    never changed once made (a turn's score, say): copies share it."""

    def __init__(self, cls: type[Data]) -> None:
        self.cls = cls
        params = getattr(cls, "__dataclass_params__", None)
        self.immutable = bool(params is not None and params.frozen)

    def clone_expr(self, expr: str, depth: int) -> str:
        return expr if self.immutable else f"{expr}.clone()"

    def dump(self, value: Any, codec: Codec) -> Any:
        return codec.dump(value)

    def load(self, raw: Any, codec: Codec, path: str) -> Any:
        return codec.load(self.cls, raw, path)


class _Polymorphic(_Node):
    """A frame (or any class with named subclasses): written with its name under ``frame``."""

    immutable = False

    def __init__(self, base: type[Data]) -> None:
        self.base = base

    def clone_expr(self, expr: str, depth: int) -> str:
        return f"{expr}.clone()"

    def dump(self, value: Any, codec: Codec) -> Any:
        data = codec.dump(value)
        return {"frame": type(value).name, **data}

    def load(self, raw: Any, codec: Codec, path: str) -> Any:
        if type(raw) is not dict or type(raw.get("frame")) is not str:
            raise _fail(path, "a frame (an object with its name under 'frame')", raw)
        cls = codec.frames.get(raw["frame"])
        if cls is None:
            raise _fail(path, "the name of one of this game's frames", raw["frame"])
        if not issubclass(cls, self.base):
            raise _fail(path, f"a {self.base.__name__} frame", raw["frame"])
        fields = {k: v for k, v in raw.items() if k != "frame"}
        return codec.load(cls, fields, f"{path}<{raw['frame']}>")


def _is_polymorphic(cls: type) -> bool:
    return any(getattr(base, "_polymorphic", False) for base in cls.__mro__)


_NODE_CACHE: dict[Any, _Node] = {}


def _node(tp: Any, owner: str) -> _Node:
    try:
        return _NODE_CACHE[tp]
    except (KeyError, TypeError):
        pass
    node = _build_node(tp, owner)
    with contextlib.suppress(TypeError):  # an unhashable annotation is not cached
        _NODE_CACHE[tp] = node
    return node


def _build_node(tp: Any, owner: str) -> _Node:
    origin = get_origin(tp)
    args = get_args(tp)
    if origin is typing.Annotated:
        base, *marks = args
        for mark in marks:
            if isinstance(mark, Ref):
                if base is not int:
                    raise TypeError(f"{owner}: Ref({mark.kind!r}) marks an int, not {base!r}")
                return _Ref(mark.kind)
            if isinstance(mark, Name):
                if base is not str:
                    raise TypeError(f"{owner}: Name({mark.kind!r}) marks a str, not {base!r}")
                return _Name(mark.kind)
            if isinstance(mark, Bounded):
                if base is not int:
                    raise TypeError(f"{owner}: Bounded marks an int, not {base!r}")
                return _Int(mark.lo, mark.hi)
        return _node(base, owner)
    if tp is int:
        return _Int()
    if tp is float:
        return _Float()
    if tp is str:
        return _Str()
    if tp is bool:
        return _Bool()
    if tp is type(None) or tp is None:
        return _None()
    if origin is Literal:
        return _Literal(args)
    if origin in (Union, types.UnionType):
        members = [a for a in args if a is not type(None)]
        if len(members) < len(args) and len(members) == 1:
            return _Optional(_node(members[0], owner))
        nodes = [_node(a, owner) for a in members]
        if not all(n.immutable and not isinstance(n, _Tuple) for n in nodes):
            raise TypeError(f"{owner}: unions may only join scalar types or None, not {tp!r}")
        union = _ScalarUnion(nodes)
        return _Optional(union) if len(members) < len(args) else union
    if origin is list:
        return _List(_node(args[0], owner))
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _Tuple(None, _node(args[0], owner))
        return _Tuple([_node(a, owner) for a in args], None)
    if origin in (set, frozenset):
        inner = _node(args[0], owner)
        if not isinstance(inner, _Int | _Ref):
            raise TypeError(
                f"{owner}: sets may hold only ints or content ids ({tp!r}): sets of strings "
                "iterate in a different order in every process; use a list or a dict"
            )
        return _Set(inner, frozen=origin is frozenset)
    if origin is dict:
        key = _node(args[0], owner)
        if not (key.immutable and not isinstance(key, _Tuple | _Optional | _None | _Float)):
            raise TypeError(
                f"{owner}: dict keys must be ints, text, literals or content ids, not {args[0]!r}"
            )
        return _Dict(key, _node(args[1], owner))
    if isinstance(origin, type) and issubclass(origin, Data):
        tp = origin  # a generic record such as Frame[SomeState]
    if isinstance(tp, type) and issubclass(tp, Data):
        if _is_polymorphic(tp):
            return _Polymorphic(tp)
        return _Record(tp)
    raise TypeError(f"{owner}: unsupported type {tp!r} in game state")


# =============================================================================================
# Per-class compilation
# =============================================================================================


@dataclass(frozen=True, slots=True)
class _Field:
    name: str
    node: _Node


_FIELDS_CACHE: dict[type, tuple[_Field, ...]] = {}


def _fields(cls: type) -> tuple[_Field, ...]:
    cached = _FIELDS_CACHE.get(cls)
    if cached is not None:
        return cached
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"{cls.__qualname__} must be a @dataclass(slots=True) to be game state")
    if "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__qualname__} must be declared with @dataclass(slots=True)")
    hints = typing.get_type_hints(cls, include_extras=True)
    out = []
    for f in dataclasses.fields(cls):
        out.append(_Field(f.name, _node(hints[f.name], f"{cls.__qualname__}.{f.name}")))
    result = tuple(out)
    _FIELDS_CACHE[cls] = result
    return result


def _compile_clone(cls: type[D]) -> Callable[[D], D]:
    params = getattr(cls, "__dataclass_params__", None)
    if params is not None and params.frozen:
        _fields(cls)  # checks the declaration
        return _same  # a frozen record is never changed: the copy is the record itself
    lines = ["def clone(self):", "    o = _new(_cls)"]
    for f in _fields(cls):
        lines.append(f"    o.{f.name} = {f.node.clone_expr('self.' + f.name, 0)}")
    lines.append("    return o")
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    exec("\n".join(lines), scope)
    fn: Callable[[D], D] = scope["clone"]
    fn.__qualname__ = f"{cls.__qualname__}.clone"
    fn.__doc__ = "An independent deep copy (generated from the field types)."
    return fn


def _same(record: D) -> D:
    return record


# =============================================================================================
# The codec: names for ids, and the frames a game registers
# =============================================================================================


class Codec:
    """Writes and reads typed state as JSON-ready data for one game.

    ``tables`` maps an id kind to the names of its ids in order (``{"card": ("Bomb", ...)}``);
    ``frames`` maps a frame name to its class.
    """

    def __init__(
        self,
        tables: Mapping[str, tuple[str, ...]] | None = None,
        frames: Mapping[str, type[Data]] | None = None,
    ) -> None:
        self._names: dict[str, tuple[str, ...]] = {k: tuple(v) for k, v in (tables or {}).items()}
        self._index: dict[str, dict[str, int]] = {}
        for kind, names in self._names.items():
            index = {n: i for i, n in enumerate(names)}
            if len(index) != len(names):
                raise ValueError(f"the names of {kind} are not unique")
            self._index[kind] = index
        self.frames: dict[str, type[Data]] = dict(frames or {})

    def names(self, kind: str) -> tuple[str, ...]:
        try:
            return self._names[kind]
        except KeyError:
            raise KeyError(f"no id table {kind!r} in this game's codec") from None

    def index(self, kind: str) -> dict[str, int]:
        try:
            return self._index[kind]
        except KeyError:
            raise KeyError(f"no id table {kind!r} in this game's codec") from None

    def dump(self, record: Data) -> dict[str, Any]:
        """A record as JSON-ready data (ids as names)."""
        return {f.name: f.node.dump(getattr(record, f.name), self) for f in _fields(type(record))}

    def load(self, cls: type[D], raw: Any, path: str | None = None) -> D:
        """Read a record of ``cls``, checking every value against its declared type."""
        where = path or cls.__qualname__
        if type(raw) is not dict:
            raise _fail(where, "an object", raw)
        fields = _fields(cls)
        known = {f.name for f in fields}
        extra = [k for k in raw if k not in known]
        if extra:
            raise RestoreError(f"{where}: unknown field {extra[0]!r}")
        obj = object.__new__(cls)
        for f in fields:
            if f.name not in raw:
                raise RestoreError(f"{where}: missing field {f.name!r}")
            object.__setattr__(obj, f.name, f.node.load(raw[f.name], self, f"{where}.{f.name}"))
        return obj

    def dump_value(self, tp: Any, value: Any) -> Any:
        """Write a value of any supported type ``tp`` (e.g. ``list[Frame]``)."""
        return _node(tp, "value").dump(value, self)

    def load_value(self, tp: Any, raw: Any, path: str) -> Any:
        """Read a value of any supported type ``tp``, checking it."""
        return _node(tp, path).load(raw, self, path)


def polymorphic(cls: type[D]) -> type[D]:
    """Mark a Data base class whose subclasses are stored by name (``frame``) wherever the base
    is declared; used by :class:`consim.core.flow.Frame`."""
    cls._polymorphic = True  # type: ignore[attr-defined]
    return cls
