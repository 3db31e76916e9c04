"""Reading what a player types at a prompt: a number, an action as shown, or any unambiguous
short form of one (its first words, each word typed a prefix of the action's word, case
ignored), with a "did you mean" for a near miss.

>>> from consim.core.action import Action
>>> from consim.core.errors import IllegalAction
>>> menu = [Action("discard", ("Interim Government",)), Action("discard", ("Insurgency",)), Action("done")]
>>> resolve("discard interim", menu).text
'discard "Interim Government"'
>>> resolve("2", menu).text
'discard Insurgency'
>>> resolve("don", menu).text
'done'
>>> resolve("discard in", menu)
Traceback (most recent call last):
...
consim.core.errors.AmbiguousAction: 'discard in' could be: discard "Interim Government", discard Insurgency
>>> try:
...     resolve("dicsard insurgency", menu)
... except IllegalAction as exc:
...     print(exc)
'dicsard insurgency' is not one of the choices; did you mean: discard Insurgency?
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence

from consim.core.action import Action, _tokenize
from consim.core.errors import AmbiguousAction, IllegalAction, MalformedAction
from consim.core.words import fold

#: how much of what was typed an error message repeats
SHOWN = 40


def shown(text: str) -> str:
    """What was typed, cut to a short prefix for an error message."""
    text = text.strip()
    return repr(text if len(text) <= SHOWN else text[: SHOWN - 3] + "...")


def _words(action: Action) -> list[str]:
    return [fold(w) for part in (action.verb, *action.args) for w in part.split()]


def _abbreviates(typed: list[str], words: list[str]) -> bool:
    """Each typed word starts the action's word in its place; later words may be left out."""
    return len(typed) <= len(words) and all(w.startswith(t) for w, t in zip(words, typed, strict=False))


def resolve(line: str, actions: Sequence[Action]) -> Action:
    """The legal action ``line`` stands for; raises ``IllegalAction`` (or ``AmbiguousAction``)
    naming the problem and the nearest choices."""
    text = line.strip()
    if not text:
        raise MalformedAction("type a number or an action")
    if text.isdigit():
        k = int(text)
        if not 1 <= k <= len(actions):
            raise IllegalAction(f"choose a number from 1 to {len(actions)}")
        return actions[k - 1]
    try:
        typed = [fold(w) for token in _tokenize(text) for w in token.split()]  # case and accents ignored
    except MalformedAction:
        raise MalformedAction(f"{shown(text)}: a quote is not closed") from None
    exact = [a for a in actions if _words(a) == typed]
    if len(exact) == 1:
        return exact[0]
    prefixed = [a for a in actions if _abbreviates(typed, _words(a))]
    if len(prefixed) == 1:
        return prefixed[0]
    if len(exact) > 1 or len(prefixed) > 1:
        options = exact or prefixed
        listed = ", ".join(a.text for a in options[:6]) + (", ..." if len(options) > 6 else "")
        raise AmbiguousAction(f"{shown(text)} could be: {listed}")
    near = difflib.get_close_matches(" ".join(typed), [" ".join(_words(a)) for a in actions], n=3, cutoff=0.6)
    by_words = {" ".join(_words(a)): a for a in actions}
    hint = f"; did you mean: {', '.join(by_words[n].text for n in near)}?" if near else ""
    raise IllegalAction(f"{shown(text)} is not one of the choices{hint}")
