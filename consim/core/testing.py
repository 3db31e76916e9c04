"""Support for the games' ``testing.perturb`` hooks (the conformance suite's leak checks)."""

from __future__ import annotations

from collections.abc import Iterable, MutableSequence, Sequence
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


class LoadedDice(Rng):
    """A generator whose die rolls (``randint``) follow a script, for worked examples:
    ``state.rng = LoadedDice([4, 6])``. Other draws (shuffles) use the ordinary generator.

    >>> dice = LoadedDice([4, 6])
    >>> dice.randint(1, 6), dice.randint(1, 6)
    (4, 6)
    >>> dice.randint(1, 6)
    Traceback (most recent call last):
    ...
    IndexError: the scripted dice ran out
    """

    __slots__ = ("rolls",)

    def __init__(self, rolls: Iterable[int], state: int = 0, calls: int = 0) -> None:
        super().__init__(state, calls)
        self.rolls = list(rolls)

    def randint(self, a: int, b: int) -> int:
        if not self.rolls:
            raise IndexError("the scripted dice ran out")
        roll = self.rolls.pop(0)
        if not a <= roll <= b:
            raise ValueError(f"scripted roll {roll} is not between {a} and {b}")
        self.calls += 1
        return roll

    def copy(self) -> LoadedDice:
        return LoadedDice(self.rolls, self.state, self.calls)
