"""The Movement segment (12.1 step 4, 17.0-17.2) and Strategic Movement (12.1 step 6, 17.3).

A move is atomic: pick a unit, then a destination among every legal one. A unit may stop on
its way and go on with the movement points it has left (each leg takes a shortest path), so
any path can be taken; it must end where stacking allows (4.0; NOTES.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from consim.core.action import Action
from consim.core.flow import Frame
from consim.games.fitna.board import (
    assault_reach,
    has_enemy,
    may_enter,
    movement_allowance,
    overstacked,
    path_to,
    reach,
    room_for,
    stack_ok,
    stacks,
    stand_refusal,
    strategic_spaces,
    traces_supply,
    unit_sides,
)
from consim.games.fitna.rules import R_AIRLIFT, R_ASSAULT, R_MOVEMENT, R_STRATEGIC
from consim.games.fitna.rules.common import (
    A_DONE,
    A_PASS,
    MenuStep,
    Pick,
    Step,
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


def my_units(st: FitnaState, seat: str, of: list[int] | None = None) -> list[int]:
    """The seat's units on the map (20.0: a Shia militia by the stack it is in), or those of
    the sides ``of`` it commands (IS or the Kurds during an activation, 25.2, 26.2)."""
    wanted = set(of) if of else {st.tables.seat_index[seat]}
    sides = unit_sides(st)
    return [u for units in stacks(st) for u in units if sides[u] in wanted]


def airlift_spaces(st: FitnaState, u: int, segment: Movement | None = None) -> list[int]:
    """[17.2.1] From a supplied space: any space of its side linked to its supply sources."""
    t = st.tables
    rec = st.data.units[u]
    if not t.unit_airmobile[u] or rec.isolated or not traces_supply(st, u):
        return []
    side = unit_sides(st)[u]
    control = st.data.control
    return [
        s
        for s in range(t.n_spaces)
        if s != rec.at
        and control[s] == side
        and may_enter(st, u, s)
        and not has_enemy(st, s, side)
        and traces_supply(st, u, s, side)
        and fits(st, u, s, segment)
    ]


def assault_spaces(st: FitnaState, u: int, segment: Movement | None = None) -> list[int]:
    """[17.2.2] Up to 6 links over enemy spaces, landing clear of enemy units, with room."""
    t = st.tables
    rec = st.data.units[u]
    if not t.unit_airmobile[u] or rec.isolated:
        return []
    return [s for s in assault_reach(st, u, rec.at) if fits(st, u, s, segment)]


def may_overstack(st: FitnaState, u: int, s: int, segment: Movement | None) -> bool:
    """[4.0, 17.1] Stacking limits apply at the end of the Movement segment: a unit may end
    its move over the limit if a move is left and a unit of that stack that has not moved yet
    could then leave it (to a space with room) and so put it right."""
    if segment is None or segment.left < 1:
        return False
    here = [v for v in stacks(st)[s] if v != u]
    for v in here:
        if v in segment.moved:
            continue
        rest = [x for x in here if x != v]
        if stack_ok(st, [*rest, u]) and can_leave(st, v, s, u):
            return True
    return False


def can_leave(st: FitnaState, v: int, s: int, mover: int) -> bool:
    """[4.0, 17.1] Whether unit ``v`` on ``s`` could end a move on another space with room
    once ``mover`` stands on ``s`` too: a route out and back to ``s`` puts nothing right, and
    room is judged with ``mover`` gone from where it is now. Asked before ``mover`` arrives, so
    that a move may end over the limit only when the segment can still put it right."""
    t = st.tables
    mp = movement_allowance(st, v)

    def room(x: int) -> bool:
        if x == s:
            return False
        others = [w for w in stacks(st)[x] if w != mover]
        return not others or stack_ok(st, [*others, v])

    if mp > 0 and any(room(x) for x in reach(st, v, s, mp)):
        return True
    return bool(t.unit_airmobile[v] and (airlift_spaces(st, v) or assault_spaces(st, v)))


def fits(st: FitnaState, u: int, s: int, segment: Movement | None) -> bool:
    return room_for(st, s, [u]) or may_overstack(st, u, s, segment)


def leg_spaces(st: FitnaState, u: int, mp: int, segment: Movement | None = None) -> dict[int, int]:
    """[17.1] Where the next leg of a move may end: every space within ``mp`` from which the
    unit can still end its move within stacking (4.0, or over it while the segment can still
    put it right: ``may_overstack``). {space: previous space on the path}."""
    start = st.data.units[u].at
    parent = reach(st, u, start, mp)
    dist: dict[int, int] = {start: 0}
    for s in parent:
        if s != start:
            dist[s] = len(path_to(parent, s))
    ok: dict[int, int] = {}
    for s, p in parent.items():
        if s == start:
            continue
        if room_for(st, s, [u]) or (segment is not None and may_overstack(st, u, s, segment)):
            ok[s] = p
            continue
        left = mp - dist[s]
        if left > 0 and any(x != s and room_for(st, x, [u]) for x in reach(st, u, s, left)):
            ok[s] = p
    return ok


def can_move(st: FitnaState, u: int, mp: int) -> bool:
    """Whether the unit has at least one legal move (cheap cases first)."""
    t = st.tables
    at = st.data.units[u].at
    side = unit_sides(st)[u]
    if mp > 0:
        for s in t.adj[at]:
            if not has_enemy(st, s, side) and may_enter(st, u, s) and room_for(st, s, [u]):
                return True
        if leg_spaces(st, u, mp):
            return True
    return bool(t.unit_airmobile[u] and (airlift_spaces(st, u) or assault_spaces(st, u)))


@dataclass(slots=True)
class Movement(MenuStep):
    """[17.0] ``seat`` moves up to ``left`` units, one at a time (2 per movement OP).
    ``sides``: the sides whose units move when they are not the seat's own (IS or the Kurds
    during an activation, 25.2, 26.2)."""

    name = "movement"
    rule = R_MOVEMENT
    seat: Seat
    left: int
    moved: list[UnitId] = field(default_factory=list)
    sides: list[int] = field(default_factory=list)

    def _over(self, st: FitnaState) -> list[int]:
        sides = self.sides or [st.tables.seat_index[self.seat]]
        return sorted({s for side in sides for s in overstacked(st, side)})

    def seats(self, st: FitnaState) -> tuple[str, ...]:
        return (self.seat,) if self.left > 0 else ()

    def prompt(self, st: FitnaState, seat: str) -> tuple[str, str]:
        return (
            f"Movement: choose a unit to move ({self.left} moves left, 2 per movement OP), or "
            f"'done'. All movement ends before the offensives.{self.prompt_over(st)}",
            R_MOVEMENT,
        )

    def menu(self, st: FitnaState, seat: str) -> dict[Action, Pick]:
        t = st.tables
        out: dict[Action, Pick] = {}
        # [4.0] while a stack is over the limit, the segment cannot end, and only a unit of
        # such a stack may move (one of them can: may_overstack)
        over = self._over(st)
        for u in sorted(my_units(st, seat, self.sides), key=lambda x: t.unit_label[x]):
            if u in self.moved or (over and st.data.units[u].at not in over):
                continue
            mp = movement_allowance(st, u)
            if not can_move(st, u, mp):
                continue
            out[t.action("move", uname(st, u))] = self._picker(u, mp)
        if not over:
            out[A_DONE] = self._done
        return out

    def prompt_over(self, st: FitnaState) -> str:
        over = self._over(st)
        if not over:
            return ""
        return f" Over the stacking limit on {', '.join(sname(st, s) for s in over)}: move a unit out (4.0)."

    def _picker(self, u: int, mp: int) -> Pick:
        def pick(st: FitnaState) -> None:
            self.left -= 1
            self.moved.append(u)
            st.push(UnitMove(seat=self.seat, unit=u, mp=mp, start=st.data.units[u].at))

        return pick

    def _done(self, st: FitnaState) -> None:
        st.remove(self)
        whose = "" if not self.sides else " with " + " and ".join(side_name(st, x) for x in self.sides)
        st.emit(f"{self.seat} ends its movement{whose}.", R_MOVEMENT)


@dataclass(slots=True)
class UnitMove(Step):
    """[17.1, 17.2] One unit's move: legs to any reachable space while movement points last,
    or one airmobile flight (standard movement or assault, which ends the move); after legs,
    'stop' ends it, also when no movement point is left (30.0: the others must not learn the
    unit's allowance from when its move ends)."""

    name = "unit_move"
    rule = R_MOVEMENT
    seat: Seat
    unit: UnitId
    mp: int
    start: int
    legs: int = 0
    path: list[int] = field(default_factory=list)

    def seats(self, st: FitnaState) -> tuple[str, ...]:
        # a strike set off by the move itself (27.1 Haifa occupied, 22.1 tension 10) may have
        # destroyed the unit: its move is then over
        return (self.seat,) if st.data.units[self.unit].at < st.tables.n_spaces else ()

    def run(self, st: FitnaState) -> None:
        st.remove(self)
        st.emit(f"{uname(st, self.unit)} is destroyed during its move.", R_MOVEMENT)

    def prompt(self, st: FitnaState, seat: str) -> tuple[str, str]:
        here = sname(st, st.data.units[self.unit].at)
        if self.legs == 0:
            return (
                f"Move {uname(st, self.unit)} from {here} ({self.mp} movement points): choose where "
                "('to' moves along spaces free of enemy units; 'airlift' and 'assault' fly, 17.2).",
                R_MOVEMENT,
            )
        if self.mp == 0:
            return (f"{uname(st, self.unit)} is on {here} with no movement points left: 'stop'.", R_MOVEMENT)
        return (
            f"{uname(st, self.unit)} is on {here} with {self.mp} movement points left: go on, or 'stop'.",
            R_MOVEMENT,
        )

    def segment(self, st: FitnaState) -> Movement | None:
        for f in reversed(st.stack):
            if isinstance(f, Movement):
                return f
        return None

    def legal(self, st: FitnaState, seat: str) -> list[Action]:
        t = st.tables
        u = self.unit
        seg = self.segment(st)
        out: list[Action] = []
        # with no point left the leg itself was allowed to end here (leg_spaces)
        if self.legs > 0 and (self.mp == 0 or fits(st, u, st.data.units[u].at, seg)):
            out.append(t.action("stop"))
        if self.mp > 0:
            for s in sorted(leg_spaces(st, u, self.mp, seg), key=lambda x: t.space_name[x]):
                out.append(t.action("to", t.space_name[s]))
        if self.legs == 0:
            for s in sorted(airlift_spaces(st, u, seg), key=lambda x: t.space_name[x]):
                out.append(t.action("airlift", t.space_name[s]))
            for s in sorted(assault_spaces(st, u, seg), key=lambda x: t.space_name[x]):
                out.append(t.action("assault", t.space_name[s]))
        return out

    def anytime(self, st: FitnaState, seat: str) -> tuple[Action, ...]:
        return ()  # the Joker waits until the move is over

    def why_illegal(self, st: FitnaState, seat: str, action: Action) -> str:
        t = st.tables
        if action.verb in ("to", "airlift", "assault") and action.args and action.args[0] in t.space_by_name:
            reason = stand_refusal(st, self.unit, t.space_by_name[action.args[0]])
            if reason:
                return f"{uname(st, self.unit)} may not go to {action.args[0]} [{R_MOVEMENT}]: {reason}"
        return Step.why_illegal(self, st, seat, action)

    def act(self, st: FitnaState, seat: str, action: Action) -> None:
        t = st.tables
        u = self.unit
        verb = action.verb
        if verb == "stop":
            self._finish(st)
            return
        dest = t.space_by_name[action.args[0]]
        side = unit_sides(st)[u]
        force = t.unit_force[u]
        if verb == "to":
            parent = reach(st, u, st.data.units[u].at, self.mp)
            path = path_to(parent, dest)
            for s in path:
                set_control(st, s, side, [force])  # [5.0] the last to move through a space
            on_enter(st, side, path)
            place(st, u, dest)
            self.mp -= len(path)
            self.path.extend(path)
            self.legs += 1
            # [30.0] the move ends only by 'stop', even with no movement point left: ending it
            # at once would tell the others the unit's movement allowance (a public line now,
            # or a silent wait for another leg)
            return
        # [17.2] a flight is the whole move
        place(st, u, dest)
        set_control(st, dest, side, [force])
        on_enter(st, side, [dest])
        self.path.append(dest)
        self.legs += 1
        self.mp = 0
        if verb == "assault":
            st.set_unit(u, assault=True, isolated=False)  # [17.2.2] in supply until combat ends
        self._finish(st, R_ASSAULT if verb == "assault" else R_AIRLIFT, verb)

    def _finish(self, st: FitnaState, rule: str = R_MOVEMENT, how: str = "") -> None:
        st.remove(self)
        u = self.unit
        end = st.data.units[u].at
        if end == self.start:
            st.emit(f"{self.seat} moves a unit on {sname(st, end)} and brings it back.", rule)
            return
        via: list[int] = []
        for s in self.path[:-1]:
            if s not in (end, self.start) and s not in via:
                via.append(s)
        route = f" via {', '.join(sname(st, s) for s in via)}" if via else ""
        kind = {"assault": " by airmobile assault", "airlift": " by air"}.get(how, "")
        st.emit(
            f"{self.seat} moves a unit from {sname(st, self.start)} to {sname(st, end)}{route}{kind}.",
            rule,
            refs=refs_space(st, self.start, end),
        )
        st.emit(f"{uname(st, u)} moves to {sname(st, end)}.", rule, to=(self.seat,))
        rejoin(st, end)


@dataclass(slots=True)
class Strategic(Step):
    """[17.3] Strategic Movement: one supplied unit on a controlled space may go to any
    controlled, supplied space through controlled, supplied spaces, even if it has moved or
    fought this phase."""

    name = "strategic"
    rule = R_STRATEGIC
    seat: Seat
    unit: UnitId | None = None

    def seats(self, st: FitnaState) -> tuple[str, ...]:
        return (self.seat,)

    def prompt(self, st: FitnaState, seat: str) -> tuple[str, str]:
        if self.unit is not None:
            return (f"Strategic Movement: where does {uname(st, self.unit)} go?", R_STRATEGIC)
        return ("Strategic Movement: choose one supplied unit to redeploy, or pass.", R_STRATEGIC)

    def legal(self, st: FitnaState, seat: str) -> list[Action]:
        t = st.tables
        if self.unit is not None:
            return [
                t.action("to", t.space_name[s])
                for s in sorted(strategic_spaces(st, self.unit), key=lambda x: t.space_name[x])
            ]
        out = [A_PASS]
        d = st.data
        for u in sorted(my_units(st, seat), key=lambda x: t.unit_label[x]):
            rec = d.units[u]
            if rec.isolated or t.unit_move[u][0] <= 0 or not traces_supply(st, u):
                continue
            if d.control[rec.at] != t.seat_index[seat]:
                continue
            if strategic_spaces(st, u, first=True):
                out.append(t.action("redeploy", uname(st, u)))
        return out

    def act(self, st: FitnaState, seat: str, action: Action) -> None:
        t = st.tables
        if action == A_PASS:
            st.remove(self)
            return
        if action.verb == "redeploy":
            self.unit = t.unit_by_label[action.args[0]]
            return
        u = self.unit
        assert u is not None
        frm = st.data.units[u].at
        dest = t.space_by_name[action.args[0]]
        place(st, u, dest)
        st.remove(self)
        st.emit(
            f"{seat} redeploys a unit from {sname(st, frm)} to {sname(st, dest)}.",
            R_STRATEGIC,
            refs=refs_space(st, frm, dest),
        )
        st.emit(f"{uname(st, u)} redeploys to {sname(st, dest)}.", R_STRATEGIC, to=(seat,))
        rejoin(st, dest)


FRAMES: tuple[type[Frame[Any]], ...] = (Movement, UnitMove, Strategic)
