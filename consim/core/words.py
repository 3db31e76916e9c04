"""Small helpers for the words games put in their logs, prompts and screens."""

from __future__ import annotations

from collections.abc import Sequence


def listing(items: Sequence[str], word: str = "and") -> str:
    """Names in a sentence: "Idlib", "Idlib and Azaz", "Idlib, Azaz and East Ghouta".

    >>> listing(["Idlib", "Azaz", "East Ghouta"]), listing(["a", "b"], "or"), listing([])
    ('Idlib, Azaz and East Ghouta', 'a or b', '')
    """
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word} " + items[-1]
