"""[Game Setup] seating, the shuffled decks, starting PP, hands and forces; with
``placement="choose"`` each faction spreads its starting units over its affiliated zones."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from consim.core.action import Action
from consim.core.flow import Frame
from consim.games.baghdad.rules import R_SEATING, R_SETUP
from consim.games.baghdad.rules.common import (
    BaghdadDecision,
    add_units,
    draw_card,
    force_text,
    names,
)
from consim.games.baghdad.state import BaghdadState, Seat, new_data


def set_up(st: BaghdadState) -> None:
    """[Game Setup] seat the players, shuffle the decks, deal the starting hands and place the
    starting forces; then the first turn (or the chosen placement) begins."""
    t = st.tables
    seats = list(t.seats)
    st.data = d = new_data(t)
    # [Game Setup: Seating and Play Order] seating need not follow faction order
    seating = t.opts.seating
    if seating == "faction":
        table = seats[:]
    elif seating == "random":
        table = seats[:]
        st.rng.shuffle(table)
    else:
        table = seating.split(",")
    d.table = table
    d.order = table[:]
    d.deck = list(range(len(t.card_of)))
    st.rng.shuffle(d.deck)
    d.street = list(range(len(t.street_of)))
    st.rng.shuffle(d.street)
    first = t.rules.first_bidder_turn_one
    d.first_bidder = first if first in seats else table[0]
    st.emit(
        f"Battle for Baghdad, {t.n} players: {', '.join(seats)}. Seating (counter-clockwise): "
        f"{', '.join(table)}.",
        R_SEATING,
    )
    # [Game Setup: Starting Forces] PP and randomly drawn Arms Bazaar cards
    for f in seats:
        hand = d.hands[f]
        for _ in range(t.faction[f].starting.hand):
            card = draw_card(st)
            if card is not None:
                hand.append(card)
        st.emit(f"You start with {names(st, hand)}.", R_SETUP, (f,))
    st.mark_reveal(seats)
    if t.opts.placement == "fixed":
        # [Game Setup: Starting Forces] placed in faction order, in affiliated zones
        for f in seats:
            for z, u in t.faction[f].starting.forces.items():
                add_units(st, f, t.zone_index[z], u.security, u.infrastructure)
            st.emit(f"{f} places its starting forces: {force_text(st, f)}.", R_SETUP)
        st.begin_phase("maneuver")  # the first turn begins
    else:
        u = t.faction[seats[0]].starting.units
        st.push(Placement(seat=seats[0], sec=u.security, inf=u.infrastructure))


@dataclass(slots=True)
class Placement(BaghdadDecision):
    """[Game Setup: Starting Forces] (``placement="choose"``) each faction, in faction order,
    places its starting units one at a time in its affiliated zones."""

    name = "place"
    rule = R_SETUP
    seat: Seat
    sec: int
    inf: int

    def seats(self, st: BaghdadState) -> tuple[str, ...]:
        return (self.seat,)

    def prompt(self, st: BaghdadState, seat: str) -> tuple[str, str]:
        return (
            f"Place your starting forces in your affiliated zones ({self.sec} Security and "
            f"{self.inf} Infrastructure left).",
            R_SETUP,
        )

    def legal(self, st: BaghdadState, seat: str) -> list[Action]:
        t = st.tables
        zones = t.affiliated[seat]
        out: list[Action] = []
        if self.sec:
            out.extend(map(t.a_place_security.__getitem__, zones))
        if self.inf:
            out.extend(map(t.a_place_infrastructure.__getitem__, zones))
        return out

    def act(self, st: BaghdadState, seat: str, action: Action) -> None:
        t = st.tables
        kind, zone = action[1]
        z = t.zone_by_name[zone]
        if kind == "security":
            add_units(st, seat, z, sec=1)
            self.sec -= 1
        else:
            add_units(st, seat, z, inf=1)
            self.inf -= 1
        if self.sec or self.inf:
            return
        st.emit(f"{seat} places its starting forces: {force_text(st, seat)}.", R_SETUP)
        i = t.seats.index(seat) + 1
        if i < t.n:
            self.seat = t.seats[i]
            u = t.faction[self.seat].starting.units
            self.sec, self.inf = u.security, u.infrastructure
        else:
            st.next_phase(self)  # the first turn begins


FRAMES: tuple[type[Frame[Any]], ...] = (Placement,)
