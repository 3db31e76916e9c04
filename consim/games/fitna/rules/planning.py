"""The Planning segment (12.1 step 3, 16.0): one or two cards spent for their Operation
Points, or the Strategic Depot (11.0); then the OPs split between movement and combat,
announced once. Turn 1's free OPs (13.0) and OPs gained by events this phase are added."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from consim.core.action import Action
from consim.core.flow import Frame
from consim.games.fitna.rules import R_DEPOT, R_PLANNING, R_TURN1
from consim.games.fitna.rules.common import Step, card_in_hand, cname, discard_card, take_from_hand
from consim.games.fitna.state import Card, FitnaState, Seat

#: [16.0] at most two cards for OPs
MAX_OPS_CARDS = 2


@dataclass(slots=True)
class Planning(Step):
    """[16.0] ``seat`` spends cards for OPs (or declares the Strategic Depot, 11.0), then
    allocates them: each movement OP moves 2 units (17.0), each combat OP launches one
    offensive (18.0)."""

    name = "planning"
    rule = R_PLANNING
    seat: Seat
    cards: list[Card] = field(default_factory=list)
    stage: Literal["cards", "split"] = "cards"
    depot: bool = False
    total: int = 0
    #: [7.1] the player bid no card for the initiative: the Strategic Depot or nothing
    no_cards: bool = False

    def seats(self, st: FitnaState) -> tuple[str, ...]:
        return (self.seat,)

    def _max_cards(self, st: FitnaState) -> int:
        i = st.tables.seat_index[self.seat]
        if any(e.kind == "one_ops_card" and e.other == i for e in st.data.effects):
            return 1  # a restriction (provenance/cards.md section 8)
        return MAX_OPS_CARDS

    def _extra(self, st: FitnaState) -> int:
        t = st.tables
        free = t.seat_free_ops[t.seat_index[self.seat]] if st.data.turn == 1 else 0
        return free + st.data.bonus_ops

    def prompt(self, st: FitnaState, seat: str) -> tuple[str, str]:
        if self.stage == "split":
            base = " on top of the Strategic Depot's 2 moves and 1 offensive" if self.depot else ""
            return (
                f"Allocate your {self.total} OPs{base} between movement and combat "
                "('allocate M-C': M movement OPs move 2 units each, C combat OPs launch an "
                "offensive each). The choice is final.",
                R_PLANNING,
            )
        chosen = ", ".join(f"{cname(st, c)} ({st.tables.card_ops[c]})" for c in self.cards)
        if chosen:
            return (f"Planning: spent {chosen}. Spend a second card for OPs, or 'done'.", R_PLANNING)
        extra = self._extra(st)
        more = f" ({extra} OPs are yours besides)" if extra else ""
        if self.no_cards:
            return (
                "Planning: you bid no card for the initiative (7.1), so you spend none now: use "
                f"the Strategic Depot (move 2 units and launch 1 offensive), or 'none'{more}.",
                R_PLANNING,
            )
        return (
            "Planning: spend one or two cards for their OPs (4, 6 or 8), or use the Strategic "
            f"Depot (move 2 units and launch 1 offensive without a card), or 'none'{more}.",
            R_PLANNING,
        )

    def legal(self, st: FitnaState, seat: str) -> list[Action]:
        t = st.tables
        if self.stage == "split":
            return [t.action("allocate", f"{m}-{self.total - m}") for m in range(self.total + 1)]
        out: list[Action] = []
        if not self.cards:
            out.append(t.action("depot"))
        if len(self.cards) < self._max_cards(st) and not self.no_cards:
            seen: set[str] = set()
            for c in st.data.hands[self.seat]:
                label = f"{cname(st, c)}"
                if label not in seen:
                    seen.add(label)
                    out.append(t.action("ops", label))
        out.append(t.action("done" if self.cards else "none"))
        return out

    def act(self, st: FitnaState, seat: str, action: Action) -> None:
        verb = action.verb
        if verb == "allocate":
            m, c = (int(x) for x in action.args[0].split("-"))
            self._finish(st, m, c)
            return
        if verb == "ops":
            card = card_in_hand(st, seat, action.args[0])
            take_from_hand(st, seat, card)
            discard_card(st, card)
            self.cards.append(card)
            st.emit(
                f"{seat} spends {cname(st, card)} for {st.tables.card_ops[card]} OPs.",
                R_PLANNING,
                refs=(("card", cname(st, card)),),
            )
            st.mark_reveal()
            if len(self.cards) < self._max_cards(st):
                return
        if verb == "depot":
            self.depot = True
            st.emit(f"{seat} uses the Strategic Depot: 2 moves and 1 offensive.", R_DEPOT)
        self.total = sum(st.tables.card_ops[c] for c in self.cards) + self._extra(st)
        if st.data.turn == 1 and st.tables.seat_free_ops[st.tables.seat_index[seat]]:
            st.emit(f"{seat} has {st.tables.seat_free_ops[st.tables.seat_index[seat]]} free OPs.", R_TURN1)
        if self.total == 0:
            self._finish(st, 0, 0)
        else:
            self.stage = "split"

    def _finish(self, st: FitnaState, move_ops: int, combat_ops: int) -> None:
        st.remove(self)
        moves, offensives = 2 * move_ops, combat_ops
        if self.depot:
            moves += 2
            offensives += 1
        st.emit(
            f"{self.seat} allocates its OPs: {moves} unit move{'s' if moves != 1 else ''}, {offensives} "
            f"offensive{'s' if offensives != 1 else ''}.",
            R_PLANNING,
        )
        st.push_named("offensives", seat=self.seat, left=offensives)
        st.push_named("movement", seat=self.seat, left=moves)


FRAMES: tuple[type[Frame[Any]], ...] = (Planning,)
