"""Support for the games' ``testing.perturb`` hooks (the conformance suite's leak checks)."""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Any

from consim.core.rng import Rng


def permute_slots(slots: Sequence[tuple[MutableSequence[Any], Any]], rng: Rng) -> dict[Any, Any]:
    """Shuffle the items held in ``slots`` (pairs of container and index) among those slots,
    in place, and return the permutation as {old item: new item}.

    >>> a, b = [1, 2], [3]
    >>> pi = permute_slots([(a, 0), (a, 1), (b, 0)], Rng(1))
    >>> sorted(a + b), sorted(pi) == sorted(pi.values())
    ([1, 2, 3], True)
    """
    items = [box[i] for box, i in slots]
    shuffled = items[:]
    rng.shuffle(shuffled)
    for (box, i), item in zip(slots, shuffled, strict=True):
        box[i] = item
    return dict(zip(items, shuffled, strict=True))
