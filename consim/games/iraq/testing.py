"""Test support for the conformance suite: re-deal what a seat cannot know.

``perturb(state, seat, rng, include_deck)`` returns a copy of ``state`` in which everything
``seat`` cannot know has been dealt again (:func:`consim.games.iraq.hidden.redeal`: the other
hands, their face-down discards and secret choices, the hidden terms of an open offer and,
with ``include_deck``, the deck), keeping what it learnt this turn, plus a function that
translates an action taken in the original into the same action in the copy (a card of a
re-dealt hand becomes the card dealt in its place). A seat's view must be identical in both;
so must the log lines a seat can read, unless an action showed it hidden cards.
"""

from __future__ import annotations

from collections.abc import Callable

from consim.core.action import Action
from consim.core.game import State
from consim.core.rng import Rng
from consim.games.iraq.hidden import redeal
from consim.games.iraq.state import IraqState


def perturb(
    state: State, seat: str | None, rng: Rng, include_deck: bool = True
) -> tuple[State, Callable[[Action], Action]]:
    assert isinstance(state, IraqState)
    other = redeal(state, seat, rng, include_deck)
    pi: dict[int, int] = {}
    for s, old in state.data.hands.items():
        new = other.data.hands[s]
        kept = set(old) & set(new)
        pi.update(zip([c for c in old if c not in kept], [c for c in new if c not in kept], strict=True))
    names = other.tables.card_name
    ids = other.tables.card_by_name

    def translate(action: Action) -> Action:
        if action.verb in ("discard", "give") and action.args and action.args[0] in ids:
            return Action(action.verb, (names[pi.get(ids[action.args[0]], ids[action.args[0]])],))
        return action

    return other, translate
