"""[Hidden information] what a seat cannot know of an Iraq position, and a re-deal of it.

A seat knows its own hand, its own face-down discards and its own secret choices; everything
revealed at a Ground Phase (those hands are now in the discard pile); what the open offer
shows it; and what it learnt of other hands this turn (:class:`~consim.games.iraq.rules.
negotiation.Clue`: cards it saw offered, asked for by name or handed over, and who may hold
them now). It does not know:

* the other hands, the deck, and the cards the others discarded face down (NOTES.md #6);
* how many cards, and which, each other seat has chosen so far in the secret Commitment;
* the other seats' secret declarations (three players, ``civil_war_side=declare``);
* the terms of an offer it is not party to (a third seat sees who offers to whom and how far
  the offer has gone), the terms of an offer being built to it, and, as the offerer, which
  cards the partner has picked so far in return;
* what the other seats learnt of hands this turn.

:func:`redeal` deals all of that again from a generator, keeping what the seat knows: the
hidden cards are dealt by place (each other hand, the deck, each seat's face-down discards),
a card the seat has a clue about only to one of its possible holders, and a partner that has
accepted an offer the seat made holds enough of the cards asked for. It depends on the hidden
cards only as a collection, so with a generator that sorts before it shuffles
(:class:`~consim.core.research.CanonicalRng`) two positions the seat cannot tell apart give
the same deal: ``state.determinize`` uses it that way, and ``testing.perturb`` with an
ordinary generator to build such positions for the leak checks.
"""

from __future__ import annotations

from collections.abc import Callable

from consim.core.rng import Rng
from consim.games.iraq.board import matching
from consim.games.iraq.content import IraqTables
from consim.games.iraq.rules import MAX_DISCARD
from consim.games.iraq.rules.commitment import Commitment
from consim.games.iraq.rules.negotiation import Negotiation, Offer
from consim.games.iraq.state import IraqState

#: how many deals are tried before one meets an accepted request (seldom more than a few)
_TRIES = 10_000


class NoDeal(RuntimeError):
    """No re-deal met what the seat knows (never seen: the real position is one)."""


def sees_terms(offer: Offer, seat: str | None) -> bool:
    """Whether ``seat`` sees the cards and the request of ``offer`` (as the view shows them)."""
    return seat == offer.sender or (seat == offer.to and offer.stage not in ("give", "want"))


def redeal(state: IraqState, seat: str | None, rng: Rng, include_deck: bool = True) -> IraqState:
    """A copy of ``state`` with everything ``seat`` cannot know dealt again from ``rng`` (the
    module's documentation says what). ``include_deck=False`` leaves the deck as it is."""
    other = state.clone()
    assert isinstance(other, IraqState)
    d = other.data
    t = other.tables
    top = other.stack[-1] if other.stack else None
    neg = top if isinstance(top, Negotiation) else None
    offer = neg.offer if neg is not None else None
    others = [s for s in t.seats if s != seat]
    allowed: dict[int, list[str]] = {}
    if neg is not None:
        allowed = {k.card: list(k.holders) for k in neg.clues if k.seat == seat}
        # what the others learnt this turn is theirs: a re-deal keeps only the seat's own
        neg.clues = [k for k in neg.clues if k.seat == seat]
    # the places of hidden cards, in a fixed order: each other hand, the deck, each other
    # seat's face-down discards (their places in the pile are public: when, and how many)
    sizes = {s: len(d.hands[s]) for s in others}
    down_at = {s: [d.discard.index(c) for c in d.face_down[s]] for s in others}
    hidden = [c for s in others for c in d.hands[s]]
    hidden += [c for s in others for c in d.face_down[s]]
    if include_deck:
        hidden += d.deck
    hidden.sort()
    asked = _accepted_request(t, offer, seat)
    for _ in range(_TRIES):
        dealt = _deal(hidden, allowed, sizes, rng)
        if dealt is None:
            continue
        hands, rest = dealt
        if asked is not None and not asked(hands):
            continue
        break
    else:  # pragma: no cover - the real position is one such deal
        raise NoDeal(f"no re-deal agrees with what {seat} knows")
    for s in others:
        d.hands[s] = sorted(hands[s])
    at = 0
    if include_deck:
        d.deck[:] = rest[: len(d.deck)]
        at = len(d.deck)
    for s in others:
        cards = rest[at : at + len(down_at[s])]
        at += len(cards)
        for i, c in zip(down_at[s], cards, strict=True):
            d.discard[i] = c
        d.face_down[s] = list(cards)
    assert at == len(rest)
    if isinstance(top, Commitment):
        _redraw_picks(other, top, seat, rng)
    if offer is not None:
        _redraw_terms(other, offer, seat, rng)
    for s in list(d.declared):
        if s != seat:
            d.declared[s] = rng.choice(t.either_or)
    other.refresh()
    return other


def _deal(
    hidden: list[int], allowed: dict[int, list[str]], sizes: dict[str, int], rng: Rng
) -> tuple[dict[str, list[int]], list[int]] | None:
    """The hidden cards dealt to the other hands (``sizes``), a card with a clue to one of its
    possible holders; the rest, shuffled, for the deck and the face-down discards. ``None``
    when the clues could not all be met this time (the caller deals again)."""
    hands: dict[str, list[int]] = {s: [] for s in sizes}
    # the most constrained first: a card one seat may hold before one of two seats
    for c in sorted((c for c in hidden if c in allowed), key=lambda c: (len(allowed[c]), c)):
        room = [s for s in allowed[c] if s in hands and len(hands[s]) < sizes[s]]
        if not room:
            return None
        hands[room[rng.randbelow(len(room))]].append(c)
    free = [c for c in hidden if c not in allowed]
    rng.shuffle(free)
    at = 0
    for s, n in sizes.items():
        k = n - len(hands[s])
        hands[s].extend(free[at : at + k])
        at += k
    return hands, free[at:]


def _accepted_request(
    t: IraqTables, offer: Offer | None, seat: str | None
) -> Callable[[dict[str, list[int]]], bool] | None:
    """For the offerer of an accepted request: whether a deal leaves the partner enough of the
    cards asked for besides those named (it accepted, so it holds them)."""
    if offer is None or offer.stage != "fulfil" or seat != offer.sender:
        return None
    partner, sender, kind, ask, named = offer.to, offer.sender, offer.kind, offer.ask, set(offer.wanted)

    def enough(hands: dict[str, list[int]]) -> bool:
        return sum(1 for c in matching(t, hands[partner], sender, kind) if c not in named) >= ask

    return enough


def _redraw_picks(st: IraqState, top: Commitment, seat: str | None, rng: Rng) -> None:
    """[Commitment Phase] the cards the other seats have chosen so far, which only they know:
    a number from 0 to 5 of their cards, again. In turn order only the seat choosing now has
    chosen any (those before it have redrawn, those after it have not begun)."""
    hands = st.data.hands
    if top.sequential:
        waiting = [s for s in top.among if s not in top.done]
        choosing = waiting[:1]
    else:
        choosing = list(top.among)
    for s in choosing:
        if s == seat:
            continue
        hand = sorted(hands[s])
        k = rng.randint(0, min(MAX_DISCARD, len(hand)))
        rng.shuffle(hand)
        if k:
            top.pending[s] = hand[:k]
        else:
            top.pending.pop(s, None)


def _redraw_terms(st: IraqState, offer: Offer, seat: str | None, rng: Rng) -> None:
    """[Negotiations Phase] what ``seat`` does not see of the open offer, drawn again: all its
    terms for a third seat (or the partner while it is being built), and the cards the partner
    has picked so far for the offerer."""
    t = st.tables
    hands = st.data.hands
    most = t.opts.max_trade_cards
    if not sees_terms(offer, seat):
        mine = sorted(hands[offer.sender])
        rng.shuffle(mine)
        n = rng.randint(0, min(most, len(mine)))
        offer.give = sorted(mine[:n])
        offer.wanted = []
        offer.taken = []
        offer.kind = "any"
        if offer.stage in ("give", "want"):
            offer.ask = 0
            return
        room = min(most, len(hands[offer.to]))
        lo = 1 if not offer.give or offer.stage == "fulfil" else 0
        offer.ask = rng.randint(lo, room) if room >= lo else 0
        if offer.ask == 0 and not offer.give and mine:
            offer.give = [min(mine)]  # an offer asks for something or gives something
    if offer.stage == "fulfil" and seat != offer.to:
        # the cards the partner has picked so far (it tells nobody until the trade)
        answer = matching(t, hands[offer.to], offer.sender, offer.kind)
        left = sorted(c for c in answer if c not in offer.wanted)
        rng.shuffle(left)
        offer.taken = left[: rng.randint(0, max(0, min(offer.ask - 1, len(left))))]
