"""[Initiative Phase] the turn begins; before bidding anyone may take the Initiative with a
Political Maneuver or a Surge/Jihad (the last one played keeps it); otherwise the players bid,
and every bidder pays; the winner names the First Player, and the turn's order runs to the
right from him."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from consim.core.action import Action
from consim.core.flow import ForcedChoice, Frame
from consim.games.baghdad.board import combo_pairs, promised
from consim.games.baghdad.content import DrawArmsBazaar, Effect, ExtraMoves, WinInitiative
from consim.games.baghdad.rules import R_INIT, R_PM
from consim.games.baghdad.rules.common import (
    BaghdadDecision,
    card_in_hand,
    discard_from_hand,
    draw_card,
    gain_cards,
    names,
    names_with_timing,
    pay,
)
from consim.games.baghdad.state import BaghdadState, Promise, Seat


@dataclass(slots=True)
class Maneuver(BaghdadDecision):
    """[Initiative Phase; Arms Bazaar Cards: Political Maneuver] the window before bidding.
    Seats holding cards are asked in turn from the first bidder; after any play the round goes
    on until everyone has passed since the last play ("a game of chicken"). Seats with empty
    hands are passed over (hand sizes are public)."""

    name = "maneuver"
    rule = R_PM
    #: the seat asked, as a place in the seating
    pos: int = 0
    #: seats that have passed since the last play
    since: int = 0
    #: who holds the Initiative from a play so far
    last: Seat | None = None

    def begin(self, st: BaghdadState) -> None:
        """The turn begins: this turn's order starts from the seating again; Truces and extra
        moves of the last turn lapse."""
        d = st.data
        d.turn += 1
        d.initiative = None
        d.first = None
        d.order = d.table[:]
        d.extra = {}
        d.truces = []
        d.turned = []
        st.emit(f"Turn {d.turn} begins.", R_INIT)
        self.pos = d.table.index(d.first_bidder)

    def seats(self, st: BaghdadState) -> tuple[str, ...]:
        if self.since >= st.tables.n:
            return ()
        seat = st.data.table[self.pos]
        if not st.data.hands[seat]:
            return ()  # nothing to play with (hand sizes are public)
        if st.data.promises and _no_outbid(st, seat) is not None:
            return ()  # [Coalition Phase] a public promise not to contest the Initiative
        return (seat,)

    def skip(self, st: BaghdadState) -> None:
        t = st.tables
        if self.since < t.n:
            self.since += 1  # no card to play, or a promise not to (both public)
            self.pos = (self.pos + 1) % t.n
            return
        d = st.data
        last = self.last
        if last is not None:
            # [Political Maneuver] the last one played wins; nobody bid, so cards cost 1 (NOTES 3)
            d.initiative = last
            d.price = t.rules.no_bid_card_price
            d.first_bidder = last
            st.emit(f"{last} takes the Initiative without bidding.", R_PM)
            st.replace(self, FirstPlayer())
            return
        # [Initiative Phase] bidding starts with the previous winner (the Shi'ite on turn 1)
        st.replace(self, Bidding(pos=d.table.index(d.first_bidder)))

    def prompt(self, st: BaghdadState, seat: str) -> tuple[str, str]:
        text = (
            f"Turn {st.data.turn}, Initiative Phase: before the bidding, you may take the Initiative "
            "with a Political Maneuver (a Connections card and a Hearts card together) or a "
            "Surge/Jihad (the last one played keeps it), or pass."
        )
        if len(self.legal(st, seat)) == 1:
            p = _no_outbid(st, seat)
            why = (
                f"you promised not to contest the Initiative ({p.to[0]})"
                if p is not None
                else "you hold no Surge/Jihad and no Connections + Hearts pair"
            )
            text += f" Not possible now: {why}."
        return text, R_PM

    def legal(self, st: BaghdadState, seat: str) -> list[Action]:
        t = st.tables
        acts = [t.a_pass]
        if st.data.promises and _no_outbid(st, seat) is not None:
            return acts  # [Coalition Phase] a promise not to contest the Initiative
        book = t.acts
        acts.extend([book("maneuver", a, b) for a, b in combo_pairs(st, seat, "political_maneuver")])
        a_play = t.a_play
        acts.extend([a_play[n] for n in names_with_timing(st, seat, "initiative")])
        return acts

    def breaks(self, st: BaghdadState, seat: str, action: Action) -> Promise | None:
        return _no_outbid(st, seat) if action.verb in ("maneuver", "play") else None

    def _claim(self, seat: str, effects: Sequence[Effect]) -> None:
        """[Political Maneuver] among several plays the last one wins (as the card says)."""
        win = next((e for e in effects if isinstance(e, WinInitiative)), None)
        if self.last is None or win is None or win.last_played_wins:
            self.last = seat
        self.since = 0

    def act(self, st: BaghdadState, seat: str, action: Action) -> None:
        t = st.tables
        verb, args = action[0], action[1]
        if verb == "pass":
            self.since += 1
        elif verb == "maneuver":
            for nm in args:
                discard_from_hand(st, seat, card_in_hand(st, seat, nm))
            combo = t.combo_by_id["political_maneuver"]
            self._claim(seat, combo.effects)
            st.emit(f"{seat} plays {args[0]} and {args[1]}: a Political Maneuver.", R_PM)
            st.mark_reveal()
            # [Political Maneuver] draw the extra card after playing the two (NOTES 14)
            count = sum(e.count for e in combo.effects if isinstance(e, DrawArmsBazaar))
            drawn = [c for c in (draw_card(st) for _ in range(count)) if c is not None]
            if drawn:
                st.emit(f"You draw {names(st, drawn)}.", R_PM, (seat,))
                what = (
                    "an extra Arms Bazaar card"
                    if len(drawn) == 1
                    else f"{len(drawn)} extra Arms Bazaar cards"
                )
                st.emit(f"{seat} draws {what}.", R_PM)
                st.mark_reveal((seat,))
                gain_cards(st, seat, drawn)
        else:  # play Surge/Jihad
            card = card_in_hand(st, seat, args[0])
            discard_from_hand(st, seat, card)
            d = t.card_of[card]
            self._claim(seat, d.effects)
            extra = sum(e.count for e in d.effects if isinstance(e, ExtraMoves))
            st.data.extra[seat] = st.data.extra.get(seat, 0) + extra
            st.emit(
                f"{seat} plays {d.name}: it claims the Initiative and gains {extra} extra move(s).", R_INIT
            )
            st.mark_reveal()
        self.pos = (self.pos + 1) % t.n


def _no_outbid(st: BaghdadState, seat: str) -> Promise | None:
    """[Coalition Phase] a promise of ``seat`` not to contest the next Initiative."""
    for p in st.data.promises:
        if p.sender == seat and p.kind == "no-outbid":
            return p
    return None


@dataclass(slots=True)
class Bidding(ForcedChoice[BaghdadState], BaghdadDecision):
    """[Initiative Phase] bids go round to the right; a player may pass and bid again later.
    Bidding ends when, after a bid, every other player has passed in a row; nobody bidding, the
    first bidder wins at no cost. Every bidder pays his highest bid (NOTES 4)."""

    name = "bid"
    rule = R_INIT
    pos: int = 0
    high: int = -1
    #: the high bidder
    hb: Seat | None = None
    #: seats that have passed in a row
    since: int = 0
    #: each bidder's highest bid, in the order they first bid
    bids: dict[Seat, int] = field(default_factory=dict)

    def chooser(self, st: BaghdadState) -> str:
        # a player who cannot outbid (PP and promises are public) passes without being asked
        return st.data.table[self.pos]

    def prompt(self, st: BaghdadState, seat: str) -> tuple[str, str]:
        turn = st.data.turn
        pp = st.data.pp[seat]
        if self.hb is None:
            text = (
                f"Turn {turn}, Initiative Phase: bid 0 to {pp} PP for the Initiative, or pass. "
                "Every bidder pays his bid; the winner names the First Player."
            )
        else:
            text = (
                f"Turn {turn}, Initiative Phase: {self.hb} bids {self.high} PP. Bid more (you hold "
                f"{pp} PP) or pass. Every bidder pays his bid."
            )
            if self._promise(st, seat) is not None:
                text += f" Not possible now: you promised {self.hb} not to outbid them."
            elif pp <= self.high:
                text += f" Not possible now: a higher bid, you hold only {pp} PP."
        return text, R_INIT

    def _promise(self, st: BaghdadState, seat: str) -> Promise | None:
        """[Coalition Phase] a promise not to outbid the high bidder."""
        if self.hb is None or not st.data.promises:
            return None
        return promised(st, seat, "no-outbid", self.hb)

    def legal(self, st: BaghdadState, seat: str) -> list[Action]:
        t = st.tables
        if self._promise(st, seat) is not None:
            return [t.a_pass]
        return [t.a_pass, *t.acts.numbers("bid", self.high + 1, st.data.pp[seat])]

    def breaks(self, st: BaghdadState, seat: str, action: Action) -> Promise | None:
        return self._promise(st, seat) if action.verb == "bid" else None

    def act(self, st: BaghdadState, seat: str, action: Action) -> None:
        n = st.tables.n
        if action[0] == "bid":
            v = int(action[1][0])
            self.high, self.hb, self.since = v, seat, 0
            self.bids[seat] = v
            st.emit(f"{seat} bids {v} PP for the Initiative.", R_INIT)
        else:
            self.since += 1
            st.emit(f"{seat} passes.", R_INIT)
        self.pos = (self.pos + 1) % n
        if self.hb is not None and self.since >= n - 1:
            self._end(st, self.hb, self.high)
        elif self.hb is None and self.since >= n:
            # [Initiative Phase] nobody bid: the first who could have bid wins, free
            self._end(st, st.data.first_bidder, None)

    def _end(self, st: BaghdadState, winner: str, high: int | None) -> None:
        t = st.tables
        d = st.data
        # [Initiative Phase] everyone pays what he bid (his highest bid; NOTES 4), in the order
        # of the seats (never the order a saved position happens to list the bids in)
        for f in t.seats:
            v = self.bids.get(f, 0)
            if v:
                pay(st, f, v)
                st.emit(f"{f} pays {v} PP to the bank for its bid.", R_INIT)
        if high is None:
            price = t.rules.no_bid_card_price
            st.emit(f"Nobody bid: {winner} wins the Initiative at no cost.", R_INIT)
        else:
            price = high if t.opts.zero_bid_price == "bid" else max(high, 1)
            st.emit(f"{winner} wins the Initiative with a bid of {high}.", R_INIT)
        d.price = price
        d.initiative = winner
        d.first_bidder = winner
        st.replace(self, FirstPlayer())


@dataclass(slots=True)
class FirstPlayer(BaghdadDecision):
    """[Initiative Phase] the winner names the First Player; this turn's order runs from him
    to the right (counter-clockwise: the next seat in the seating)."""

    name = "first"
    rule = R_INIT

    def seats(self, st: BaghdadState) -> tuple[str, ...]:
        initiative = st.data.initiative
        assert initiative is not None
        return (initiative,)

    def prompt(self, st: BaghdadState, seat: str) -> tuple[str, str]:
        return (f"Turn {st.data.turn}: you won the Initiative. Name the First Player for this turn.", R_INIT)

    def legal(self, st: BaghdadState, seat: str) -> list[Action]:
        a_first = st.tables.a_first
        return [a_first[f] for f in st.data.table]

    def act(self, st: BaghdadState, seat: str, action: Action) -> None:
        d = st.data
        first = action[1][0]
        k = d.table.index(first)
        d.first = first
        d.order = d.table[k:] + d.table[:k]
        st.emit(
            f"{seat} names {first} First Player; this turn's order: {', '.join(d.order)}. "
            f"Arms Bazaar cards cost {d.price} PP this turn.",
            R_INIT,
        )
        st.next_phase(self)


FRAMES: tuple[type[Frame[Any]], ...] = (Maneuver, Bidding, FirstPlayer)
