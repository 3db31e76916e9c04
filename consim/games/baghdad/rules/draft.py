"""[Arms Bazaar Phase] the First Player draws one card per player, keeps one (or none) and
passes the rest to his right; each player in turn does the same; cards nobody takes are
discarded face down. Only the holder sees the packet."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from consim.core.action import Action
from consim.core.flow import Frame
from consim.games.baghdad.rules import R_BAZAAR
from consim.games.baghdad.rules.common import (
    BaghdadDecision,
    draw_card,
    gain_cards,
    names,
)
from consim.games.baghdad.state import BaghdadState, Card


@dataclass(slots=True)
class Draft(BaghdadDecision):
    """[Arms Bazaar Phase] the packet goes round in this turn's order."""

    name = "draft"
    rule = R_BAZAAR
    packet: list[Card] = field(default_factory=list)
    #: the holder of the packet, as a place in this turn's order
    pos: int = 0

    def begin(self, st: BaghdadState) -> None:
        d = st.data
        for _ in range(st.tables.n):
            c = draw_card(st)
            if c is not None:
                self.packet.append(c)
        holder = d.order[0]
        st.emit(f"{holder} draws {len(self.packet)} Arms Bazaar cards for the draft.", R_BAZAAR)
        if self.packet:
            st.emit(f"You draw for the draft: {names(st, self.packet)}.", R_BAZAAR, (holder,))
            st.mark_reveal((holder,))
        else:
            st.next_phase(self)  # the Coalition Phase

    def holder(self, st: BaghdadState) -> str:
        return st.data.order[self.pos]

    def seats(self, st: BaghdadState) -> tuple[str, ...]:
        return (st.data.order[self.pos],)

    def prompt(self, st: BaghdadState, seat: str) -> tuple[str, str]:
        text = (
            f"Turn {st.data.turn}, Arms Bazaar draft: take one card from the packet (the rest go on "
            "to the right), or take none."
        )
        limit = st.tables.faction[seat].max_hand
        if len(st.data.hands[seat]) >= limit:
            text += f" Your hand is full ({limit}): a card taken means one discarded."
        return text, R_BAZAAR

    def legal(self, st: BaghdadState, seat: str) -> list[Action]:
        t = st.tables
        card_name = t.card_name
        a_take = t.a_take
        return [*[a_take[n] for n in sorted({card_name[c] for c in self.packet})], t.a_decline]

    def act(self, st: BaghdadState, seat: str, action: Action) -> None:
        t = st.tables
        d = st.data
        packet = self.packet
        if action[0] == "take":
            name = action[1][0]
            card = next(c for c in packet if t.card_name[c] == name)
            packet.remove(card)
            st.emit(f"You take {name}.", R_BAZAAR, (seat,))
            st.emit(f"{seat} takes a card.", R_BAZAAR)
            gain_cards(st, seat, [card])
        else:
            st.emit(f"{seat} takes no card.", R_BAZAAR)
        self.pos += 1
        if self.pos < t.n and packet:
            nxt = d.order[self.pos]
            st.emit(f"{seat} passes {len(packet)} card(s) to {nxt}.", R_BAZAAR)
            st.emit(f"You receive: {names(st, packet)}.", R_BAZAAR, (nxt,))
            st.mark_reveal((nxt,))
            return
        if packet:
            d.discard.extend(packet)
            st.emit(f"{len(packet)} card(s) nobody took are discarded.", R_BAZAAR)
            self.packet = []
        st.next_phase(self)  # the Coalition Phase


FRAMES: tuple[type[Frame[Any]], ...] = (Draft,)
