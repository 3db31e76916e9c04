"""[Commitment Phase] every player secretly chooses up to five cards to discard and redraws;
[Three Player Game] with the ``declare`` reading, each first declares in secret which side's
cards it will count this turn."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from consim.core.action import Action
from consim.core.flow import Frame, SecretChoice
from consim.games.iraq.content import SIDE_NAME
from consim.games.iraq.rules import MAX_DISCARD, R_COMMIT, R_THREE
from consim.games.iraq.rules.deck import draw_many
from consim.games.iraq.state import Card, IraqState, Seat

_SIDE_LETTER = {v.casefold(): k for k, v in SIDE_NAME.items()}


@dataclass(slots=True)
class Commitment(SecretChoice[IraqState]):
    """Each seat picks its discards one card at a time, then ``done``. Simultaneous by default
    (the choices are carried out together, in seat order, when the last seat is done); with
    the ``sequential`` option each seat chooses and redraws in turn."""

    name = "commitment"
    rule = R_COMMIT
    #: the cards each seat has chosen so far (its secret until it redraws)
    pending: dict[Seat, list[Card]] = field(default_factory=dict)
    sequential: bool = False

    def one_at_a_time(self, st: IraqState) -> bool:
        return self.sequential

    def prompt(self, st: IraqState, seat: str) -> tuple[str, str]:
        n = len(self.pending.get(seat, ()))
        return (
            f"Turn {st.data.turn}, Commitment: choose cards to discard and redraw "
            f"({n} chosen, up to {MAX_DISCARD}); 'done' when finished.",
            R_COMMIT,
        )

    def options(self, st: IraqState, seat: str) -> list[Action]:
        t = st.tables
        pend = self.pending.get(seat, [])
        acts: list[Action] = []
        if len(pend) < MAX_DISCARD:
            a_discard = t.a_discard
            acts = [a_discard[c] for c in st.data.hands[seat] if c not in pend]
        acts.append(t.a_done)
        return acts

    def choose(self, st: IraqState, seat: str, action: Action) -> bool:
        if action[0] == "discard":  # (action.verb, read without the property: every discard)
            self.pending.setdefault(seat, []).append(st.tables.card_by_name[action[1][0]])
            return False
        if self.sequential:
            self._redraw(st, seat)
        return True

    def can_retract(self, seat: str) -> bool:
        # in turn order a seat redraws as soon as it is done: there is nothing left to take back
        return not self.sequential and SecretChoice.can_retract(self, seat)

    def reveal(self, st: IraqState) -> None:
        if not self.sequential:
            for seat in st.tables.seats:  # everyone has chosen: carried out in seat order
                self._redraw(st, seat)

    def _redraw(self, st: IraqState, seat: str) -> None:
        d = st.data
        chosen = self.pending.pop(seat, [])
        hand = d.hands[seat]
        for card in chosen:
            hand.remove(card)
        d.discard.extend(chosen)
        d.face_down[seat].extend(chosen)  # face down: only this seat knows them (NOTES.md)
        drawn = draw_many(st, len(chosen))
        hand.extend(drawn)
        hand.sort()  # hands are kept in card-list order (grouped by use letter)
        # how many cards it chose was its secret until now; what it draws shows it its cards
        st.mark_reveal()
        if chosen:
            st.emit(
                f"You discard {st.names(chosen)} and draw {st.names(drawn)}.",
                R_COMMIT,
                (seat,),
                st.card_refs(chosen + drawn),
            )
        st.emit(f"{seat} discards {len(chosen)} card(s) and draws {len(drawn)}.", R_COMMIT)

    def why_illegal(self, st: IraqState, seat: str, action: Action) -> str:
        t = st.tables
        if action.verb == "discard":
            name = action.args[0] if action.args else ""
            card = t.card_by_name.get(name)
            shown = name if len(name) <= 40 else name[:37] + "..."
            if card is None:
                return f"no card named {shown!r} [{R_COMMIT}]"
            if card not in st.data.hands[seat]:
                return f"{shown!r} is not in your hand [{R_COMMIT}]"
            if card in self.pending.get(seat, ()):
                return f"{shown!r} is already chosen for discard [{R_COMMIT}]"
            return f"you may discard at most {MAX_DISCARD} cards [{R_COMMIT}]"
        return f"in the Commitment Phase you may only 'discard \"CARD\"' or 'done' [{R_COMMIT}]"


@dataclass(slots=True)
class Declare(SecretChoice[IraqState]):
    """[Three Player Game] each player declares in secret whether it counts US or Insurgent
    cards this turn (the ``declare`` reading of ``civil_war_side``)."""

    name = "declare"
    rule = R_THREE

    def prompt(self, st: IraqState, seat: str) -> tuple[str, str]:
        return (
            f"Turn {st.data.turn}: declare whether you will count US cards or Insurgent cards "
            "this turn (secret until the Ground Phase).",
            R_THREE,
        )

    def options(self, st: IraqState, seat: str) -> list[Action]:
        t = st.tables
        return [t.a_declare[letter] for letter in t.either_or]

    def choose(self, st: IraqState, seat: str, action: Action) -> bool:
        st.data.declared[seat] = _SIDE_LETTER[action.args[0].casefold()]
        return True

    def reopen(self, st: IraqState, seat: str) -> None:
        del st.data.declared[seat]

    def reveal(self, st: IraqState) -> None:
        st.emit("Every player has declared a side for this turn (secret).", R_THREE)


FRAMES: tuple[type[Frame[Any]], ...] = (Commitment, Declare)
