"""Reading what a player types at a prompt: a number, an action as shown, or an unambiguous
short form of one (each typed word the start of the action's word in its place, later words
left out), case and accents ignored.

Three rules keep a short form from surprising anyone:

* a verb alone never chooses an action that takes arguments (``play`` is not "play the only
  card I may play"): the choices it could mean are listed instead (:class:`BareVerb`);
* among several short-form matches, the one whose typed words are whole words (all but the
  last, which may be cut) wins: ``move "1 Arm"`` is the 1 Arm Div, not the 11th or the 18th;
* :func:`read` tells whether the action was typed in full (a number, or every word as shown),
  so that the terminal can ask before carrying out an abbreviation that cannot be undone.

>>> from consim.core.action import Action
>>> from consim.core.errors import IllegalAction
>>> menu = [Action("discard", ("Interim Government",)), Action("discard", ("Insurgency",)), Action("done")]
>>> resolve("discard interim", menu).text
'discard "Interim Government"'
>>> resolve("2", menu).text
'discard Insurgency'
>>> resolve("don", menu).text
'done'
>>> read("don", menu).in_full, read("Done", menu).in_full
(False, True)
>>> resolve("discard in", menu)
Traceback (most recent call last):
...
consim.cli.resolve.Choices: 'discard in' could be: discard "Interim Government", discard Insurgency
>>> resolve("discard", menu[1:])
Traceback (most recent call last):
...
consim.cli.resolve.BareVerb: 'discard' alone chooses nothing; it could be: discard Insurgency
>>> units = [Action("move", (n,)) for n in ("1 Arm Div", "11 Arm Div", "18 Arm Div")]
>>> resolve('move "1 Arm"', units).text
'move "1 Arm Div"'
>>> resolve("to sanliurfa", [Action("to", ("Şanlıurfa",))]).text
'to "Şanlıurfa"'
>>> try:
...     resolve("dicsard insurgency", menu)
... except IllegalAction as exc:
...     print(exc)
'dicsard insurgency' is not one of the choices; did you mean: discard Insurgency?
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from consim.core.action import Action, _tokenize
from consim.core.encoding import ActionSpace, Form
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


def _abbreviates(typed: Sequence[str], words: Sequence[str]) -> bool:
    """Each typed word starts the action's word in its place; later words may be left out."""
    return len(typed) <= len(words) and all(w.startswith(t) for w, t in zip(words, typed, strict=False))


def _whole_words(typed: Sequence[str], words: Sequence[str]) -> bool:
    """Every typed word but the last is the action's word in full (the last may be cut)."""
    return all(w == t for w, t in zip(words, typed[:-1], strict=False))


def _typed_words(text: str) -> list[str]:
    try:
        return [fold(w) for token in _tokenize(text) for w in token.split()]
    except MalformedAction:
        raise MalformedAction(f"{shown(text)}: a quote is not closed") from None


@dataclass(frozen=True, slots=True)
class Typed:
    """What a typed line stands for: the action, and whether it was typed in full (its number,
    or every word of it as shown), which a terminal carries out without asking."""

    action: Action
    in_full: bool


class Choices(AmbiguousAction):
    """The typed text stands for several actions (``choices``); the message lists them."""

    def __init__(self, message: str, choices: Sequence[Action]) -> None:
        super().__init__(message)
        self.choices: tuple[Action, ...] = tuple(choices)


class BareVerb(Choices):
    """A verb typed alone where the actions it starts take arguments: it chooses none of them,
    even when only one fits (``choices``)."""


def _listed(actions: Sequence[Action]) -> str:
    return ", ".join(a.text for a in actions[:6]) + (", ..." if len(actions) > 6 else "")


def read(line: str, actions: Sequence[Action]) -> Typed:
    """The legal action ``line`` stands for and whether it was typed in full; raises
    ``IllegalAction`` naming the problem: :class:`BareVerb` for a verb alone, :class:`Choices`
    for a short form of several actions, a "did you mean" for a near miss."""
    text = line.strip()
    if not text:
        raise MalformedAction("type a number or an action")
    if text.isdigit():
        k = int(text)
        if not 1 <= k <= len(actions):
            raise IllegalAction(f"choose a number from 1 to {len(actions)}")
        return Typed(actions[k - 1], True)
    typed = _typed_words(text)
    if not typed:
        raise MalformedAction("type a number or an action")
    exact = [a for a in actions if _words(a) == typed]
    if len(exact) == 1:
        return Typed(exact[0], True)
    if len(exact) > 1:
        raise Choices(f"{shown(text)} could be: {_listed(exact)}", exact)
    prefixed = [a for a in actions if _abbreviates(typed, _words(a))]
    if len(prefixed) > 1:  # whole words first: "1 Arm" is not "11 Arm Div"
        whole = [a for a in prefixed if _whole_words(typed, _words(a))]
        prefixed = whole if len(whole) == 1 else prefixed
    if len(typed) == 1 and any(a.args for a in prefixed):
        with_args = [a for a in prefixed if a.args]
        if len(prefixed) == len(with_args):
            raise BareVerb(
                f"{shown(text)} alone chooses nothing; it could be: {_listed(with_args)}", with_args
            )
    if len(prefixed) == 1:
        return Typed(prefixed[0], False)
    if prefixed:
        raise Choices(f"{shown(text)} could be: {_listed(prefixed)}", prefixed)
    raise IllegalAction(f"{shown(text)} is not one of the choices{near_miss(typed, actions)}")


def resolve(line: str, actions: Sequence[Action]) -> Action:
    """The legal action ``line`` stands for (see :func:`read`)."""
    return read(line, actions).action


def near_miss(typed: Sequence[str], actions: Sequence[Action]) -> str:
    """ "; did you mean: ...?" with the choices closest to the typed words, or nothing."""
    by_words = {" ".join(_words(a)): a for a in actions}
    near = difflib.get_close_matches(" ".join(typed), list(by_words), n=3, cutoff=0.6)
    return f"; did you mean: {', '.join(by_words[n].text for n in near)}?" if near else ""


# -- well-formed actions of the game's grammar ----------------------------------------------------

#: the most actions of the grammar a typed line is matched with before it counts as too vague
_MOST = 12


def _vocab_words(form: Form) -> list[list[tuple[list[str], str]]]:
    return [[([fold(x) for x in w.split()] or [""], w) for w in v.words] for v in form.args]


_VOCABS: dict[int, tuple[ActionSpace, list[list[list[tuple[list[str], str]]]]]] = {}


def _folded(space: ActionSpace) -> list[list[list[tuple[list[str], str]]]]:
    """Each form's vocabularies as folded words, worked out once per action space."""
    found = _VOCABS.get(id(space))
    if found is None or found[0] is not space:
        if len(_VOCABS) > 16:
            _VOCABS.clear()
        found = _VOCABS[id(space)] = (space, [_vocab_words(f) for f in space.forms])
    return found[1]


def _fill(
    typed: Sequence[str], vocabs: Sequence[Sequence[tuple[list[str], str]]], start: int
) -> Iterator[tuple[str, ...]]:
    """The arguments ``typed[start:]`` can stand for, one typed run of words per argument,
    each run the start of a word of the argument's vocabulary."""
    if not vocabs:
        if start == len(typed):
            yield ()
        return
    left = len(vocabs) - 1
    for words, word in vocabs[0]:
        for k in range(1, len(words) + 1):
            end = start + k
            if end > len(typed) - left or (not left and end != len(typed)):
                continue
            if all(w.startswith(t) for w, t in zip(words, typed[start:end], strict=False)):
                for rest in _fill(typed, vocabs[1:], end):
                    yield (word, *rest)


def in_grammar(line: str, space: ActionSpace) -> list[Action]:
    """The actions of the game's grammar (every action it can ever offer) that ``line`` spells
    out, verb and every argument, each typed word the start of the action's word; whole words
    win as in :func:`read`. Empty for a line that is no action of the game (a typo), and for
    one too vague to name a few.

    >>> from consim.core.encoding import ActionSpace, Form, Vocab
    >>> space = ActionSpace([Form("done"), Form("enter", (Vocab.of("zone", ["Green Zone", "Sadr City"]),))])
    >>> [a.text for a in in_grammar("enter sadr", space)]
    ['enter "Sadr City"']
    >>> in_grammar("entre sadr", space)
    []
    """
    try:
        typed = _typed_words(line)
    except MalformedAction:
        return []
    if not typed:
        return []
    forms = list(zip(space.forms, _folded(space), strict=True))
    verbs = {fold(f.verb) for f, _ in forms}
    exact_verb = typed[0] in verbs
    found: list[Action] = []
    for form, vocabs in forms:
        verb = fold(form.verb)
        if not (verb == typed[0] if exact_verb else verb.startswith(typed[0])):
            continue
        for args in _fill(typed, vocabs, 1):
            found.append(Action(form.verb, args))
            if len(found) > _MOST:
                return []
    found = list(dict.fromkeys(found))
    exact = [a for a in found if _words(a) == typed]
    if exact:
        return exact
    whole = [a for a in found if _whole_words(typed, _words(a))]
    return whole if len(whole) == 1 else found
