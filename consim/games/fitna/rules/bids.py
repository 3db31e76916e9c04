"""The optional initiative rule (7.1): at the start of a turn every player picks, in secret,
the card(s) he will spend for Operation Points in his phase; the picks are shown together,
the highest total of OPs plays first, ties in the scenario's order of play (7.0). The cards
are discarded at once (no event can take them any more) and their OPs are spent in the
player's Planning segment (16.0).

The ``initiative`` option says when: ``bids`` every turn, ``last_turn_bids`` on the last
turn only (the variant of 7.1's second paragraph), ``scenario`` never. Readings in NOTES.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from consim.core.action import Action
from consim.core.flow import Frame, SecretChoice
from consim.games.fitna.rules import R_INITIATIVE_BIDS, R_PLANNING, R_TURN1
from consim.games.fitna.rules.common import cname, discard_card, take_from_hand
from consim.games.fitna.state import Card, FitnaState, Seat

#: [16.0] at most two cards for OPs
BID_CARDS = 2


def bids_this_turn(st: FitnaState) -> bool:
    """[7.1] Whether the players bid for the order of play at the start of this turn."""
    mode = st.tables.opts.initiative
    return mode == "bids" or (mode == "last_turn_bids" and st.data.turn == st.tables.scenario.turns)


def max_bid_cards(st: FitnaState, seat: str) -> int:
    """[16.0] Two cards, or one under a restriction of a card (provenance/cards.md section 8)."""
    i = st.tables.seat_index[seat]
    if any(e.kind == "one_ops_card" and e.other == i for e in st.data.effects):
        return 1
    return BID_CARDS


def bid_order(initiative: list[str], ops: dict[str, int]) -> list[str]:
    """[7.1] The most OPs plays first; equal bids keep the scenario's order (7.0)."""
    return sorted(initiative, key=lambda s: (-ops[s], initiative.index(s)))


@dataclass(slots=True)
class InitiativeBids(SecretChoice[FitnaState]):
    """[7.1] Each seat picks up to two cards of its hand ('bid "CARD"'), then 'commit' (no card:
    a bid of 0 OPs). Nobody sees another's picks until all have committed; a committed seat may
    take its bid back while others are still choosing."""

    name = "initiative_bids"
    rule = R_INITIATIVE_BIDS
    #: the cards each seat has picked so far (its secret until the reveal)
    picks: dict[Seat, list[Card]] = field(default_factory=dict)

    def prompt(self, st: FitnaState, seat: str) -> tuple[str, str]:
        mine = self.picks.get(seat, [])
        t = st.tables
        if mine:
            ops = sum(t.card_ops[c] for c in mine)
            chosen = ", ".join(f"{cname(st, c)} ({t.card_ops[c]})" for c in mine)
            return (
                f"Initiative bid: {chosen}, {ops} OPs. Add a card, 'clear' to start again, or "
                "'commit'. The most OPs plays first this turn; the cards are spent for your "
                "Planning.",
                R_INITIATIVE_BIDS,
            )
        return (
            f"Initiative bid for turn {st.data.turn}: choose in secret up to "
            f"{max_bid_cards(st, seat)} cards whose OPs you will spend this turn ('bid CARD'), "
            "then 'commit' ('commit' with no card bids 0 OPs). The most OPs plays first.",
            R_INITIATIVE_BIDS,
        )

    def options(self, st: FitnaState, seat: str) -> list[Action]:
        t = st.tables
        mine = self.picks.get(seat, [])
        out: list[Action] = []
        if len(mine) < max_bid_cards(st, seat):
            seen: set[str] = set()
            for c in st.data.hands[seat]:
                name = t.card_name[c]
                if c not in mine and name not in seen:
                    seen.add(name)
                    out.append(t.action("bid", name))
        if mine:
            out.append(t.action("clear"))
        out.append(t.action("commit"))
        return out

    def choose(self, st: FitnaState, seat: str, action: Action) -> bool:
        t = st.tables
        mine = self.picks.setdefault(seat, [])
        if action.verb == "bid":
            card = next(c for c in st.data.hands[seat] if c not in mine and t.card_name[c] == action.args[0])
            mine.append(card)
            return False
        if action.verb == "clear":
            mine.clear()
            return False
        return True

    def reveal(self, st: FitnaState) -> None:
        t = st.tables
        d = st.data
        initiative = list(t.initiative)
        ops = {s: sum(t.card_ops[c] for c in self.picks.get(s, [])) for s in initiative}
        order = bid_order(initiative, ops)
        parts = []
        for s in order:
            cards = self.picks.get(s, [])
            named = f" ({', '.join(cname(st, c) for c in cards)})" if cards else ""
            parts.append(f"{s} {ops[s]} OPs{named}")
            for c in cards:
                take_from_hand(st, s, c)
                discard_card(st, c)
        st.emit(f"Initiative bids: {'; '.join(parts)}.", R_INITIATIVE_BIDS)
        st.emit(f"Order of play for turn {d.turn}: {', '.join(order)}.", R_INITIATIVE_BIDS)
        st.mark_reveal()
        turn = next(f for f in reversed(st.stack) if f.name == "turn")
        turn.order = order
        turn.bids = {s: list(self.picks.get(s, [])) for s in initiative}

    def why_illegal(self, st: FitnaState, seat: str, action: Action) -> str:
        t = st.tables
        if action.verb == "bid" and action.args:
            name = action.args[0]
            if not any(t.card_name[c] == name for c in st.data.hands[seat]):
                return f"{name} is not in your hand [{R_INITIATIVE_BIDS}]"
            most = max_bid_cards(st, seat)
            return f"at most {most} cards may be bid for OPs [{R_INITIATIVE_BIDS}, {R_PLANNING}]"
        return SecretChoice.why_illegal(self, st, seat, action)


@dataclass(slots=True)
class BidPlanning(Frame[FitnaState]):
    """[7.1, 16.0] The Planning segment of a turn with bids: the OPs of the cards bid are
    allocated (with the free OPs of turn 1 and those of events, 13.0); a player who bid no
    card may use the Strategic Depot (11.0) or nothing, but spends no card now."""

    name = "bid_planning"
    seat: Seat
    cards: list[Card] = field(default_factory=list)

    def run(self, st: FitnaState) -> None:
        t = st.tables
        d = st.data
        st.pop()
        if not self.cards:
            st.push_named("planning", seat=self.seat, no_cards=True)
            return
        free = t.seat_free_ops[t.seat_index[self.seat]] if d.turn == 1 else 0
        total = sum(t.card_ops[c] for c in self.cards) + free + d.bonus_ops
        spent = ", ".join(f"{cname(st, c)} ({t.card_ops[c]})" for c in self.cards)
        st.emit(f"{self.seat} spends the OPs of its bid: {spent}.", R_INITIATIVE_BIDS)
        if free:
            st.emit(f"{self.seat} has {free} free OPs.", R_TURN1)
        st.push_named("planning", seat=self.seat, cards=list(self.cards), stage="split", total=total)


FRAMES: tuple[type[Frame[Any]], ...] = (InitiativeBids, BidPlanning)
