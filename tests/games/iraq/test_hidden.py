"""[Hidden information] a re-deal for search (``state.determinize``) depends on nothing the seat
cannot know and agrees with everything it knows (issue 31, section 2). The twins here are built
by hand, independently of ``testing.perturb``: two positions the seat cannot tell apart must
give the same deal for the same generator."""

from __future__ import annotations

import consim
from consim.games.iraq.rules.commitment import Commitment
from consim.games.iraq.rules.negotiation import Negotiation
from consim.games.iraq.state import IraqState


def _three(seed: int = 3) -> IraqState:
    state = consim.load_game("iraq", players=3).new_game(seed)
    assert isinstance(state, IraqState)
    return state


def _names(state: IraqState, cards: list[int]) -> list[str]:
    return [state.tables.card_name[c] for c in cards]


def _after_commitment(discards: dict[str, int]) -> IraqState:
    """Three players past the Commitment Phase, each seat having discarded its first
    ``discards[seat]`` cards face down."""
    state = _three()
    for seat in state.to_act():
        for name in _names(state, state.data.hands[seat][: discards.get(seat, 0)]):
            state.apply(seat, f'discard "{name}"')
        state.apply(seat, "done")
    assert isinstance(state.stack[-1], Negotiation)
    return state


def test_the_others_face_down_discards_are_dealt_again() -> None:
    """NOTES #6: discards are face down. A rival's discard is one of the cards Sunni cannot
    place: a re-deal may put it in a hand or the deck, and swapping it with a card of another
    hand changes no re-deal."""
    state = _after_commitment({"Sunni": 2, "Shia": 3, "Kurd": 1})
    d = state.data
    assert len(d.face_down["Shia"]) == 3 and len(d.face_down["Sunni"]) == 2
    rival = d.face_down["Shia"][0]
    twin = state.clone()
    assert isinstance(twin, IraqState)
    td = twin.data
    swap = td.hands["Kurd"][0]
    i, j = td.discard.index(rival), td.hands["Kurd"].index(swap)
    td.discard[i], td.hands["Kurd"][j] = swap, rival
    td.face_down["Shia"][0] = swap
    td.hands["Kurd"].sort()
    twin.refresh()
    assert twin.view("Sunni") == state.view("Sunni")
    for seed in range(20):
        assert state.determinize("Sunni", seed).to_dict() == twin.determinize("Sunni", seed).to_dict()
    placed = {"hand": 0, "deck": 0, "pile": 0}
    for seed in range(200):
        det = state.determinize("Sunni", seed)
        dd = det.data
        assert dd.face_down["Sunni"] == d.face_down["Sunni"]  # its own: where it put them
        if any(rival in dd.hands[s] for s in ("Shia", "Kurd")):
            placed["hand"] += 1
        elif rival in dd.deck:
            placed["deck"] += 1
        else:
            placed["pile"] += 1
    assert placed["hand"] > 20 and placed["deck"] > 20


def test_how_many_cards_the_others_have_chosen_is_dealt_again() -> None:
    """[Commitment Phase] the others' choices are secret, their number too: a rival that chose
    one card or three gives the same re-deal, and re-deals vary the number."""
    state = _three()
    assert isinstance(state.stack[-1], Commitment)
    hand = state.data.hands["Shia"]
    state.apply("Shia", f'discard "{_names(state, hand[:1])[0]}"')
    twin = state.clone()
    assert isinstance(twin, IraqState)
    top = twin.stack[-1]
    assert isinstance(top, Commitment)
    top.pending["Shia"] = list(twin.data.hands["Shia"][:3])
    twin.refresh()
    assert twin.view("Sunni") == state.view("Sunni")
    for seed in range(20):
        assert state.determinize("Sunni", seed).to_dict() == twin.determinize("Sunni", seed).to_dict()
    counts = set()
    for seed in range(60):
        det = state.determinize("Sunni", seed)
        pend = det.stack[-1].pending  # type: ignore[attr-defined]
        counts.add(len(pend.get("Shia", ())))
        assert set(pend.get("Shia", ())) <= set(det.data.hands["Shia"])
        # and it plays on: the re-dealt choice is carried out like a real one
        for seat in det.to_act():
            det.apply(seat, "done")
    assert len(counts) >= 4


def _gift(state: IraqState, sender: str, to: str) -> int:
    """``sender`` gives its first card to ``to`` on its negotiation turn; returns the card."""
    card = state.data.hands[sender][0]
    for text in (f"offer {to}", f'give "{state.tables.card_name[card]}"', "ask 0"):
        state.apply(sender, text)
    state.apply(to, "accept")
    return card


def _to_turn_of(state: IraqState, seat: str) -> None:
    while state.to_act() != (seat,):
        state.apply(state.to_act()[0], "pass")


def test_a_card_handed_to_a_rival_stays_where_the_seat_knows_it_is() -> None:
    """[Negotiations Phase] a card Sunni gave Shia this turn is in Shia's hand in every re-deal
    for Sunni (59% of re-deals put it back in the deck before); once Shia trades with the Kurds,
    whom Sunni cannot see, it is in one of their two hands."""
    state = _after_commitment({})
    _to_turn_of(state, "Sunni")
    card = _gift(state, "Sunni", "Shia")
    assert card in state.data.hands["Shia"]
    for seed in range(100):
        det = state.determinize("Sunni", seed)
        assert card in det.data.hands["Shia"]
        other = state.determinize("Kurd", seed)  # the Kurds saw nothing of it
        assert card not in other.data.hands["Kurd"]
    seen_kurd = [state.determinize("Kurd", seed).data.hands["Shia"].count(card) for seed in range(100)]
    assert 0 < sum(seen_kurd) < 100
    # Shia passes the card on to the Kurds: Sunni sees only that one card moved
    _to_turn_of(state, "Shia")
    for text in ("offer Kurd", f'give "{state.tables.card_name[card]}"', "ask 0"):
        state.apply("Shia", text)
    state.apply("Kurd", "accept")
    where = {"Shia": 0, "Kurd": 0}
    for seed in range(100):
        det = state.determinize("Sunni", seed)
        holder = [s for s in ("Shia", "Kurd") if card in det.data.hands[s]]
        assert len(holder) == 1, "the card must be in one of the two hands"
        where[holder[0]] += 1
    assert where["Shia"] > 10 and where["Kurd"] > 10


def test_the_terms_of_an_offer_are_dealt_again_for_a_third_seat() -> None:
    """NOTES #10: only the two parties see an offer's terms; the Kurds, who see that Sunni made
    Shia an offer, get the same re-deal whatever Sunni offered."""
    state = _after_commitment({})
    _to_turn_of(state, "Sunni")
    first, second = state.data.hands["Sunni"][:2]
    for text in ("offer Shia", f'give "{state.tables.card_name[first]}"', "ask 2 any"):
        state.apply("Sunni", text)
    twin = state.clone()
    top = twin.stack[-1]
    assert isinstance(top, Negotiation) and top.offer is not None
    top.offer.give = [second]
    top.offer.ask = 1
    twin.refresh()
    assert twin.view("Kurd") == state.view("Kurd") and twin.view("Shia") != state.view("Shia")
    for seed in range(20):
        assert state.determinize("Kurd", seed).to_dict() == twin.determinize("Kurd", seed).to_dict()
    # Shia saw the offer: its re-deals keep the card offered in Sunni's hand, and the terms
    for seed in range(20):
        det = state.determinize("Shia", seed)
        offer = det.stack[-1].offer  # type: ignore[attr-defined]
        assert offer.give == [first] and offer.ask == 2 and first in det.data.hands["Sunni"]
