"""A small, fully serializable random number generator.

The whole generator state is one integer, so it round-trips through JSON and clones for
free. The algorithm is SplitMix64 (Steele, Lea & Flood 2014), which is fast in pure Python and
statistically sound for game use. Results are identical on every platform and Python version.

>>> r = Rng(7)
>>> [r.randbelow(6) + 1 for _ in range(5)]
[4, 1, 1, 4, 5]
"""

from __future__ import annotations

import operator
import random as _random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

import numpy as np

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
#: from this length on, :meth:`Rng.shuffle` draws with numpy (the same draws, faster)
_VECTOR_FROM = 48
_U_GOLDEN, _U_MIX1, _U_MIX2 = np.uint64(_GOLDEN), np.uint64(_MIX1), np.uint64(_MIX2)
_U27, _U30, _U31, _U32 = np.uint64(27), np.uint64(30), np.uint64(31), np.uint64(32)
_U_LOW = np.uint64(0xFFFFFFFF)


#: per list length n, the tables of :meth:`Rng._shuffle_long` that depend on n alone
_LONG: dict[int, tuple[np.ndarray, np.ndarray]] = {}


def _long_tables(n: int) -> tuple[np.ndarray, np.ndarray]:
    """The k-th draw's offset from the state, k * the constant for k = 1 .. n-1, and i + 1
    for i = n - 1 down to 1 (worked out once per length: decks come in a few sizes)."""
    tables = _LONG.get(n)
    if tables is None:
        tables = (np.arange(1, n, dtype=np.uint64) * _U_GOLDEN, np.arange(n, 1, -1, dtype=np.uint64))
        for table in tables:
            table.flags.writeable = False  # shared by every shuffle of that length
        _LONG[n] = tables
    return tables


class Rng:
    """Deterministic generator. ``calls`` counts draws so callers can tell if any happened."""

    __slots__ = ("calls", "state")

    def __init__(self, seed: int = 0, calls: int = 0) -> None:
        self.state = seed & _MASK
        self.calls = calls

    def next64(self) -> int:
        self.calls += 1
        self.state = s = (self.state + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        if n == 1:
            return 0
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def randint(self, a: int, b: int) -> int:
        """A uniform integer in ``[a, b]``, both ends included."""
        return a + self.randbelow(b - a + 1)

    def random(self) -> float:
        """A float in ``[0, 1)``."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise IndexError("choice from an empty sequence")
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates; one 64-bit draw per swap, index by multiply-shift,
        whose bias is below 2**-56 for any list a game holds)."""
        s = self.state
        n = len(items)
        if n >= _VECTOR_FROM:
            self._shuffle_long(items)
            return
        for i in range(n - 1, 0, -1):
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * _MIX1) & _MASK
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = s
        self.calls += max(n - 1, 0)

    def _shuffle_long(self, items: MutableSequence[T]) -> None:
        """:meth:`shuffle` of a long list, the same swaps: the draws do not depend on one
        another (the k-th state is the seed plus k times the constant), so they are worked out
        together in 64-bit arrays, whose products wrap like the ``& _MASK`` above. The index
        ``(z * (i + 1)) >> 64`` is taken from z's 32-bit halves, which cannot overflow."""
        n = len(items)
        steps, m = _long_tables(n)
        s = steps + np.uint64(self.state)
        z = (s ^ (s >> _U30)) * _U_MIX1
        z = (z ^ (z >> _U27)) * _U_MIX2
        z ^= z >> _U31
        i = n - 1
        for j in (((z >> _U32) * m + (((z & _U_LOW) * m) >> _U32)) >> _U32).tolist():
            items[i], items[j] = items[j], items[i]
            i -= 1
        self.state = (self.state + (n - 1) * _GOLDEN) & _MASK
        self.calls += n - 1

    def copy(self) -> Rng:
        return Rng(self.state, self.calls)


def as_rng(source: object) -> Rng:
    """A generator from what a caller has at hand: an :class:`Rng` itself (drawn from, so
    successive uses differ), an integer seed (``int`` or a NumPy integer), a standard-library
    ``random.Random`` or a NumPy ``Generator`` (each gives one 64-bit seed, so it advances).

    >>> as_rng(7).next64() == Rng(7).next64()
    True
    >>> r = as_rng(_random.Random(1)); type(r).__name__
    'Rng'
    >>> as_rng("7")
    Traceback (most recent call last):
    ...
    TypeError: expected an Rng, an integer seed, a random.Random or a numpy Generator, not str
    """
    if isinstance(source, Rng):
        return source
    if isinstance(source, _random.Random):
        return Rng(source.getrandbits(64))
    if isinstance(source, np.random.Generator):
        return Rng(int(source.integers(0, 2**64, dtype=np.uint64)))
    if not isinstance(source, bool | str | bytes | float):
        try:
            return Rng(operator.index(source))  # type: ignore[arg-type]
        except TypeError:
            pass
    raise TypeError(
        f"expected an Rng, an integer seed, a random.Random or a numpy Generator, not {type(source).__name__}"
    )
