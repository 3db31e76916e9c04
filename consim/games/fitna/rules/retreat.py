"""Retreats and the exploitation of a breakthrough (18.6, 18.7), after an offensive's
losses: the defender's surviving units withdraw one by one, and the attacker's armour may
exploit into adjacent spaces free of enemy units. The offensive (``combat``) pushes them by
name."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from consim.core.action import Action
from consim.core.data import SeatOrNone
from consim.core.flow import Frame
from consim.games.fitna.board import has_enemy, may_enter, retreat_spaces, room_for, stand_refusal
from consim.games.fitna.rules import R_ADVANCE, R_RETREAT
from consim.games.fitna.rules.common import (
    A_DONE,
    Step,
    eliminate,
    on_enter,
    place,
    refs_space,
    rejoin,
    set_control,
    side_name,
    sname,
    uname,
)
from consim.games.fitna.state import FitnaState, Seat, UnitId


@dataclass(slots=True)
class Retreat(Step):
    """[18.6] The defender's surviving units withdraw one by one: to an adjacent space free of
    enemy units with room, else to the nearest space of their side reached through their
    side's spaces; a unit that cannot is eliminated."""

    name = "retreat"
    rule = R_RETREAT
    seat: SeatOrNone
    units: list[UnitId]
    frm: int
    side: int

    def _current(self, st: FitnaState) -> int:
        for u in self.units:
            if st.data.units[u].at == self.frm:
                return u
        return -1

    def seats(self, st: FitnaState) -> tuple[str, ...]:
        u = self._current(st)
        if u < 0 or not self.seat or st.tables.unit_is[u]:
            return ()
        return (self.seat,) if retreat_spaces(st, u, self.frm, self.side, {}) else ()

    def prompt(self, st: FitnaState, seat: str) -> tuple[str, str]:
        u = self._current(st)
        return (f"{uname(st, u)} must retreat from {sname(st, self.frm)}: choose where.", R_RETREAT)

    def legal(self, st: FitnaState, seat: str) -> list[Action]:
        t = st.tables
        u = self._current(st)
        spaces = retreat_spaces(st, u, self.frm, self.side, {})
        return [t.action("retreat", t.space_name[s]) for s in sorted(spaces, key=lambda x: t.space_name[x])]

    def anytime(self, st: FitnaState, seat: str) -> tuple[Action, ...]:
        return ()  # the Joker is not offered beside this choice

    def act(self, st: FitnaState, seat: str, action: Action) -> None:
        self._go(st, self._current(st), st.tables.space_by_name[action.args[0]])

    def why_illegal(self, st: FitnaState, seat: str, action: Action) -> str:
        t = st.tables
        u = self._current(st)
        if action.verb == "retreat" and action.args and action.args[0] in t.space_by_name and u >= 0:
            reason = stand_refusal(st, u, t.space_by_name[action.args[0]])
            if reason:
                return f"{uname(st, u)} may not retreat to {action.args[0]} [{R_RETREAT}]: {reason}"
        return Step.why_illegal(self, st, seat, action)

    def run(self, st: FitnaState) -> None:
        u = self._current(st)
        if u < 0:
            st.remove(self)
            return
        spaces = retreat_spaces(st, u, self.frm, self.side, {})
        if spaces:
            self._go(st, u, spaces[0])
            return
        label = "An IS counter" if st.tables.unit_is[u] else uname(st, u)
        eliminate(st, u)
        st.emit(f"{label} cannot retreat from {sname(st, self.frm)} and is eliminated.", R_RETREAT)

    def _go(self, st: FitnaState, u: int, dest: int) -> None:
        t = st.tables
        place(st, u, dest)
        if st.data.control[dest] != self.side:
            set_control(st, dest, self.side, [t.unit_force[u]])
            on_enter(st, self.side, [dest])
        st.emit(
            f"A unit of {side_name(st, self.side)} retreats from {sname(st, self.frm)} to {sname(st, dest)}.",
            R_RETREAT,
            refs=refs_space(st, self.frm, dest),
        )
        rejoin(st, dest)  # [14.1]


@dataclass(slots=True)
class Exploit(Step):
    """[18.4, 18.7] After DR, DR* or DS the attacker's armour may each enter an adjacent space
    free of enemy units."""

    name = "exploit"
    rule = R_ADVANCE
    seat: Seat
    units: list[UnitId]
    frm: int
    unit: UnitId | None = None

    def seats(self, st: FitnaState) -> tuple[str, ...]:
        return (self.seat,) if self.units else ()

    def _spaces(self, st: FitnaState, u: int) -> list[int]:
        t = st.tables
        side = t.seat_index[self.seat]
        return [
            s
            for s in t.adj[self.frm]
            if not has_enemy(st, s, side) and may_enter(st, u, s) and room_for(st, s, [u])
        ]

    def prompt(self, st: FitnaState, seat: str) -> tuple[str, str]:
        if self.unit is not None:
            return (f"Where does {uname(st, self.unit)} exploit?", R_ADVANCE)
        return (
            "Exploitation: choose an armoured unit to exploit into an adjacent space, or 'done'.",
            R_ADVANCE,
        )

    def legal(self, st: FitnaState, seat: str) -> list[Action]:
        t = st.tables
        if self.unit is not None:
            return [
                t.action("to", t.space_name[s])
                for s in sorted(self._spaces(st, self.unit), key=lambda x: t.space_name[x])
            ]
        out = [t.action("exploit", uname(st, u)) for u in self.units if self._spaces(st, u)]
        return [*out, A_DONE]

    def why_illegal(self, st: FitnaState, seat: str, action: Action) -> str:
        t = st.tables
        u = self.unit
        if action.verb == "to" and action.args and action.args[0] in t.space_by_name and u is not None:
            reason = stand_refusal(st, u, t.space_by_name[action.args[0]])
            if reason:
                return f"{uname(st, u)} may not exploit into {action.args[0]} [{R_ADVANCE}]: {reason}"
        return Step.why_illegal(self, st, seat, action)

    def act(self, st: FitnaState, seat: str, action: Action) -> None:
        t = st.tables
        if action == A_DONE:
            st.remove(self)
            return
        if action.verb == "exploit":
            self.unit = t.unit_by_label[action.args[0]]
            return
        u = self.unit
        assert u is not None
        dest = t.space_by_name[action.args[0]]
        side = t.seat_index[self.seat]
        place(st, u, dest)
        set_control(st, dest, side, [t.unit_force[u]])
        on_enter(st, side, [dest])
        self.units.remove(u)
        self.unit = None
        st.emit(
            f"{seat} exploits into {sname(st, dest)} with an armoured unit.",
            R_ADVANCE,
            refs=refs_space(st, dest),
        )
        st.emit(f"{uname(st, u)} exploits into {sname(st, dest)}.", R_ADVANCE, to=(seat,))
        rejoin(st, dest)  # [14.1]


FRAMES: tuple[type[Frame[Any]], ...] = (Retreat, Exploit)
