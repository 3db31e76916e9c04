"""Test support for the conformance suite: the only hidden information of this solitaire game
is the order of the undrawn cards.

``perturb(state, seat, rng, include_deck)`` returns a copy whose undrawn cards are reshuffled
within their era (the fixed first cards of each era and card 50 stay in place, 3.3), and an
identity translation (no action names a hidden card).
"""

from __future__ import annotations

from collections.abc import Callable

from consim.core.action import Action
from consim.core.legacy import State
from consim.core.rng import Rng
from consim.games.jihad.game import JihadState

FIXED = (1, 13, 25, 37, 50)


def perturb(
    state: State, seat: str | None, rng: Rng, include_deck: bool = True
) -> tuple[State, Callable[[Action], Action]]:
    assert isinstance(state, JihadState)
    other = state.clone()
    assert isinstance(other, JihadState)
    if include_deck:
        deck: list[int] = other.s["deck"]
        content = other.g.content
        for era in ("green", "yellow", "red", "black"):
            slots = [i for i, n in enumerate(deck) if content.card(n).era == era and n not in FIXED]
            cards = [deck[i] for i in slots]
            rng.shuffle(cards)
            for i, n in zip(slots, cards, strict=True):
                deck[i] = n
    other._after_change()

    def translate(action: Action) -> Action:
        return action

    return other, translate
