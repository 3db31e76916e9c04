"""The Events segment (12.1 step 1): the active player plays Event cards (and the Events
uses of some Assets, 19.0, 30.0), his Special Jokers (10.0), takes reinforcements through
Reinforcements cards (15.0), and may propose one card exchange to another player (12.1, 29.0):
public that it happens, secret which cards; the other player accepts or refuses."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from consim.core.action import Action
from consim.core.flow import Frame
from consim.games.fitna.board import strike_spaces, units_of
from consim.games.fitna.content import Strike
from consim.games.fitna.rules import R_ALLIANCES, R_EVENTS
from consim.games.fitna.rules.common import A_DONE, MenuStep, Pick, Step, cname, take_from_hand
from consim.games.fitna.rules.deck import event_refusal
from consim.games.fitna.state import Card, FitnaState, Seat


def special_refusal(st: FitnaState, seat: str, joker: int) -> str | None:
    """[10.0] A Special Joker is played in its holder's Events segment against at least one
    space it may strike (the Hezbollah one needs a Hezbollah unit on the map)."""
    t = st.tables
    side = t.seat_index[seat]
    nation = t.joker_force[joker]
    for e in t.joker_effects[joker]:
        if isinstance(e, Strike):
            origins = sorted({st.data.units[u].at for u in units_of(st, side) if t.unit_force[u] == nation})
            if e.reach is not None and not origins:
                return f"{t.joker_name[joker]} needs a unit of its force on the map (10.0)"
            if not strike_spaces(st, side, nation, e.reach, origins):
                return f"{t.joker_name[joker]} has no space it may strike (21.0)"
    return None


@dataclass(slots=True)
class EventsSegment(MenuStep):
    """[12.1 step 1] ``seat`` plays any number of cards for their effect, one at a time, each
    resolved completely before the next; at most one card exchange; then 'done'."""

    name = "events_segment"
    rule = R_EVENTS
    seat: Seat
    exchanged: bool = False

    def seats(self, st: FitnaState) -> tuple[str, ...]:
        return (self.seat,)

    def prompt(self, st: FitnaState, seat: str) -> tuple[str, str]:
        return (
            "Events segment: play an Event card (or Combat Engineers or Armed Drones for their "
            "event use), a Special Joker, propose a card exchange, or 'done'.",
            R_EVENTS,
        )

    def menu(self, st: FitnaState, seat: str) -> dict[Action, Pick]:
        t = st.tables
        d = st.data
        out: dict[Action, Pick] = {}
        seen: set[str] = set()
        for c in sorted(d.hands[seat], key=lambda x: t.card_name[x]):
            name = t.card_name[c]
            if name in seen:
                continue
            seen.add(name)
            if event_refusal(st, seat, c) is None:
                out[t.action("play", name)] = self._play(c)
        for j in d.special[seat]:
            if special_refusal(st, seat, j) is None:
                out[t.action("special", t.joker_name[j])] = self._special(j)
        if not self.exchanged and d.hands[seat]:
            for other in t.initiative:
                if other != seat and d.hands[other]:
                    out[t.action("exchange", other)] = self._exchange(other)
        out[A_DONE] = self._done
        return out

    def _done(self, st: FitnaState) -> None:
        st.remove(self)

    def _play(self, card: int) -> Pick:
        def play(st: FitnaState) -> None:
            st.push_named("play_card", seat=self.seat, card=card)

        return play

    def _special(self, joker: int) -> Pick:
        def play(st: FitnaState) -> None:
            st.push_named("play_card", seat=self.seat, card=joker, special=True)

        return play

    def _exchange(self, other: str) -> Pick:
        def propose(st: FitnaState) -> None:
            self.exchanged = True
            st.emit(f"{self.seat} proposes a card exchange to {other}.", R_ALLIANCES)
            st.push(Exchange(seat=self.seat, partner=other))

        return propose

    def why_illegal(self, st: FitnaState, seat: str, action: Action) -> str:
        t = st.tables
        if action.verb == "play" and action.args and action.args[0] in t.card_by_name:
            cards = [c for c in st.data.hands[seat] if t.card_name[c] == action.args[0]]
            if not cards:
                return f"{action.args[0]} is not in your hand [{R_EVENTS}]"
            reason = event_refusal(st, seat, cards[0])
            if reason:
                return f"{action.args[0]} cannot be played for its effect now: {reason}"
        if action.verb == "exchange":
            return f"one card exchange per Events segment, with a player holding cards [{R_ALLIANCES}]"
        return Step.why_illegal(self, st, seat, action)


@dataclass(slots=True)
class Exchange(Step):
    """[12.1 step 1, 29.0] A proposed exchange of one card each: the proposer picks the card
    he gives; the partner, who sees it, accepts (and picks his own) or refuses. Everyone
    learns whether it happened; only the two learn the cards."""

    name = "exchange"
    rule = R_ALLIANCES
    seat: Seat
    partner: Seat
    stage: Literal["offer", "answer", "give"] = "offer"
    offered: Card | None = None

    def seats(self, st: FitnaState) -> tuple[str, ...]:
        return (self.seat if self.stage == "offer" else self.partner,)

    def prompt(self, st: FitnaState, seat: str) -> tuple[str, str]:
        if self.stage == "offer":
            return (f"Choose the card you offer {self.partner}.", R_ALLIANCES)
        offered = cname(st, self.offered) if self.offered is not None else "a card"
        if self.stage == "answer":
            return (
                f"{self.seat} offers you {offered} for one of your cards: accept or refuse?",
                R_ALLIANCES,
            )
        return (f"Choose the card you give {self.seat} for {offered}.", R_ALLIANCES)

    def legal(self, st: FitnaState, seat: str) -> list[Action]:
        t = st.tables
        if self.stage == "answer":
            return [t.action("accept"), t.action("refuse")]
        names = sorted({t.card_name[c] for c in st.data.hands[seat]})
        return [t.action("give", n) for n in names]

    def anytime(self, st: FitnaState, seat: str) -> tuple[Action, ...]:
        return ()  # the Joker is not offered beside this choice

    def act(self, st: FitnaState, seat: str, action: Action) -> None:
        t = st.tables
        d = st.data
        if self.stage == "offer":
            self.offered = next(c for c in d.hands[seat] if t.card_name[c] == action.args[0])
            self.stage = "answer"
            st.emit(f"You offer {cname(st, self.offered)} to {self.partner}.", R_ALLIANCES, to=(self.seat,))
            st.emit(f"{self.seat} offers you {cname(st, self.offered)}.", R_ALLIANCES, to=(self.partner,))
            st.mark_reveal((self.partner,))
            return
        if self.stage == "answer":
            if action.verb == "refuse":
                st.remove(self)
                st.emit(f"{self.partner} refuses the exchange.", R_ALLIANCES)
                return
            self.stage = "give"
            return
        given = next(c for c in d.hands[seat] if t.card_name[c] == action.args[0])
        offered = self.offered
        assert offered is not None
        take_from_hand(st, self.seat, offered)
        take_from_hand(st, self.partner, given)
        d.hands[self.partner].append(offered)
        d.hands[self.seat].append(given)
        st.remove(self)
        st.emit(f"{self.seat} and {self.partner} exchange a card.", R_ALLIANCES)
        st.emit(
            f"Exchange: {self.seat} gives {cname(st, offered)}, {self.partner} gives {cname(st, given)}.",
            R_ALLIANCES,
            to=(self.seat, self.partner),
        )
        st.mark_reveal((self.seat, self.partner))


FRAMES: tuple[type[Frame[Any]], ...] = (EventsSegment, Exchange)
