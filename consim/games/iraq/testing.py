"""Test support for the conformance suite: re-deal what a seat cannot know.

``perturb(state, seat, rng, include_deck)`` returns a copy of ``state`` in which every card
whose whereabouts ``seat`` cannot know has been permuted (the other hands and their secret
discard choices, and optionally the deck order), plus a function that translates an action
taken in the original into the same action in the copy. A seat's view must be identical in
both; so must the log lines a seat can read, unless an action showed it hidden cards.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from consim.core.action import Action
from consim.core.game import State
from consim.core.rng import Rng
from consim.core.testing import permute_slots
from consim.games.iraq.rules.commitment import Commitment
from consim.games.iraq.rules.negotiation import Negotiation
from consim.games.iraq.state import IraqState


def redeal_choices(other: IraqState, top: object, seat: str | None, pi: Mapping[int, int], rng: Rng) -> None:
    """After a re-deal ``pi`` of hidden cards: the discards other seats have chosen but not yet
    shown follow their cards, their undeclared Civil War sides are drawn again, and the
    position is refreshed."""
    d = other.data
    if isinstance(top, Commitment):
        for s in top.pending:
            if s != seat:
                top.pending[s] = [pi.get(c, c) for c in top.pending[s]]
    for s in list(d.declared):
        if s != seat:
            d.declared[s] = rng.choice(other.tables.either_or)
    other.refresh()


def perturb(
    state: State, seat: str | None, rng: Rng, include_deck: bool = True
) -> tuple[State, Callable[[Action], Action]]:
    assert isinstance(state, IraqState)
    other = state.clone()
    assert isinstance(other, IraqState)
    d = other.data
    top = other.stack[-1] if other.stack else None
    fixed: set[int] = set()
    if isinstance(top, Negotiation) and top.offer is not None:
        fixed.update(top.offer.give, top.offer.taken, top.offer.wanted)
        if top.offer.stage == "fulfil":
            # the responder accepted, so everyone knows it holds the cards asked for: a
            # re-deal must leave them, or the position would contradict its own history
            fixed.update(top.offer.matching(other))
    slots: list[tuple[list[int], int]] = []
    for s, hand in d.hands.items():
        if s == seat:
            continue
        slots.extend((hand, i) for i, c in enumerate(hand) if c not in fixed)
    if include_deck:
        slots.extend((d.deck, i) for i in range(len(d.deck)))
    pi = permute_slots(slots, rng)
    redeal_choices(other, top, seat, pi, rng)
    names = other.tables.card_name
    ids = other.tables.card_by_name

    def translate(action: Action) -> Action:
        if action.verb in ("discard", "give") and action.args and action.args[0] in ids:
            return Action(action.verb, (names[pi.get(ids[action.args[0]], ids[action.args[0]])],))
        return action

    return other, translate
