"""Small helpers for the words games put in their logs, prompts and screens."""

from __future__ import annotations

import unicodedata
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


#: letters that keep no base letter when their accents are taken off (Turkish dotless i, ...)
_PLAIN_LETTERS = str.maketrans(
    {"ı": "i", "ø": "o", "đ": "d", "ł": "l", "ħ": "h", "þ": "th", "æ": "ae", "œ": "oe"}
)


def fold(text: str) -> str:
    """``text`` as typed matches it: case and accents ignored, so a player may type a name
    without the letters of another alphabet ("Diyarbakır" as ``diyarbakir``, "Şanlıurfa" as
    ``sanliurfa``).

    >>> fold("Diyarbakır"), fold("ŞANLIURFA"), fold("Straße")
    ('diyarbakir', 'sanliurfa', 'strasse')
    """
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return plain.translate(_PLAIN_LETTERS)
