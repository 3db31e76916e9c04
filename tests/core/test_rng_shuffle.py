"""Rng.shuffle draws long lists with numpy: the swaps must be exactly those of the plain
Fisher-Yates loop it replaces (saved games and golden records depend on them)."""

from __future__ import annotations

import random

from consim.core.rng import Rng

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _reference(state: int, items: list[int]) -> int:
    """The scalar definition: one SplitMix64 draw per swap, index by multiply-shift."""
    s = state
    for i in range(len(items) - 1, 0, -1):
        s = (s + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        j = ((z ^ (z >> 31)) * (i + 1)) >> 64
        items[i], items[j] = items[j], items[i]
    return s


def test_shuffle_matches_the_scalar_definition_at_every_length() -> None:
    picks = random.Random(3)
    seeds = [0, 1, _MASK, _MASK - _GOLDEN, *(picks.getrandbits(64) for _ in range(6))]
    for seed in seeds:
        for n in range(0, 130):
            rng = Rng(seed, calls=5)
            got = list(range(n))
            rng.shuffle(got)
            want = list(range(n))
            state = _reference(seed, want)
            assert got == want, (seed, n)
            assert rng.state == state and rng.calls == 5 + max(n - 1, 0), (seed, n)


def test_shuffle_then_draws_continue_alike() -> None:
    a, b = Rng(99), Rng(99)
    a.shuffle(list(range(200)))
    _reference(99, list(range(200)))
    b.state = (99 + 199 * _GOLDEN) & _MASK
    assert [a.randbelow(1000) for _ in range(5)] == [b.randbelow(1000) for _ in range(5)]
