"""What a front end shows a player beside the board, in words: each legal action as a sentence
(:class:`ActionWords`), the cards (:class:`CardWords` on :class:`CardShelf`), a compact status
(:class:`StatusLine`) and the meanings of option values (:class:`OptionChoice`).

A game describes them through :meth:`consim.core.game.Game.describe_actions`,
:meth:`~consim.core.game.Game.describe_cards` and
:meth:`~consim.core.game.Game.describe_status`, from ``view(seat)`` and static content alone,
so nothing here can tell a seat more than its view does. The defaults below work for any game.

>>> from consim.core.action import Action
>>> words = plain_words(Action("attack_from", ("Hatay",)))
>>> words.text, words.group, words.targets
('Attack from Hatay', 'Attack from', ('Hatay',))
>>> plain_words(Action("done")).text
'Done'
"""

from __future__ import annotations

from dataclasses import dataclass

from consim.core.action import Action

__all__ = ["ActionWords", "CardShelf", "CardWords", "OptionChoice", "StatusLine", "plain_words", "verb_words"]


@dataclass(frozen=True, slots=True)
class ActionWords:
    """One legal action as a player would say it.

    ``text`` is the sentence on the button ("Attack Hama from Idlib"); ``group`` gathers the
    actions that do the same kind of thing ("Attack", "Move a unit"), in the order a page lists
    them; ``targets`` are the names of the things on the board the action is about (spaces,
    units, cards), spelt as the game's picture spells its click targets (``data-target``,
    ``data-unit``), so that clicking one of them finds the actions that name it. ``detail``
    is an optional longer explanation (a card's effect, a cost), shown on hover.
    """

    text: str
    group: str = ""
    targets: tuple[str, ...] = ()
    detail: str = ""


@dataclass(frozen=True, slots=True)
class CardWords:
    """A card as a player reads it: its ``name`` (with its number where the game prints one),
    the card's ``text`` (its effect in full; a new line starts a paragraph), ``facts`` (a
    short line of numbers: OPs, Force Value, value and type) and the name the picture and the
    actions use for it (``target``)."""

    name: str
    text: str = ""
    facts: str = ""
    target: str = ""


@dataclass(frozen=True, slots=True)
class CardShelf:
    """Cards shown together under a ``title``: the seat's hand (``hand=True``: always shown
    with every text), or cards in play, played, or another seat's that everyone may read.
    ``note`` says something about the shelf as a whole ("2 cards in Rebels' hand")."""

    title: str
    cards: tuple[CardWords, ...]
    hand: bool = False
    note: str = ""


@dataclass(frozen=True, slots=True)
class StatusLine:
    """One fact of the compact status beside the board: ``label`` and ``value`` ("Turn",
    "3 of 6"), optionally ``detail`` on hover."""

    label: str
    value: str
    detail: str = ""


@dataclass(frozen=True, slots=True)
class OptionChoice:
    """One value of a game option as the new-game form offers it: the ``value`` sent, its
    ``label`` and what choosing it means (``meaning``)."""

    value: str
    label: str
    meaning: str = ""


def verb_words(verb: str) -> str:
    """A verb of the text form as words: ``"attack_from"`` -> ``"Attack from"``.

    >>> verb_words("build-castle"), verb_words("ops")
    ('Build castle', 'Ops')
    """
    words = verb.replace("_", " ").replace("-", " ").strip()
    return words[:1].upper() + words[1:]


def plain_words(action: Action) -> ActionWords:
    """The words any game can give an action it does not describe itself: the verb as words
    followed by its arguments, grouped by verb, every argument a possible target."""
    group = verb_words(action.verb)
    args = [a.replace("_", " ") for a in action.args]
    return ActionWords(" ".join([group, *args]), group, tuple(action.args))
