"""[Situation Phase] drawing from the deck, which is rebuilt from the discards when it runs out."""

from __future__ import annotations

from consim.games.iraq.rules import R_SITUATION
from consim.games.iraq.state import IraqState


def draw(st: IraqState) -> int | None:
    """The top card of the deck; if the deck runs out, the discards are shuffled into a new
    one [Situation Phase]. ``None`` when no card is left anywhere."""
    d = st.data
    if not d.deck:
        if not d.discard:
            return None
        d.deck, d.discard = d.discard, []
        for cards in d.face_down.values():
            cards.clear()  # shuffled in: nobody knows any more where they are
        st.rng.shuffle(d.deck)
        st.emit(
            f"The deck ran out: the {len(d.deck)} discarded cards are shuffled into a new deck.", R_SITUATION
        )
    return d.deck.pop()


def draw_many(st: IraqState, count: int) -> list[int]:
    """The cards ``count`` successive :func:`draw` calls give, in order (fewer if none are
    left anywhere), without a call per card."""
    d = st.data
    out: list[int] = []
    while len(out) < count:
        if not d.deck:
            card = draw(st)  # shuffles the discards into a new deck, or finds nothing left
            if card is None:
                break
            out.append(card)
            continue
        take = min(count - len(out), len(d.deck))
        out.extend(d.deck[-take:][::-1])
        del d.deck[-take:]
    return out
