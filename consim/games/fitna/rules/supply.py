"""The Supply segment (12.1 step 2, 14.0-14.10): every unit on the map, of every player,
traces its line of supply; those that cannot are isolated (14.1)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from consim.core.flow import Frame
from consim.games.fitna.board import is_supplied, stacks, unit_sides
from consim.games.fitna.rules import R_SUPPLY
from consim.games.fitna.rules.common import names, refs_space, side_name, sname
from consim.games.fitna.state import FitnaState, Seat


def supplied_now(st: FitnaState) -> list[bool]:
    """[14.0, 14.1] Each unit on the map: in supply by its own line (or an airmobile assault),
    or stacked with a friendly unit that is (14.1)."""
    t = st.tables
    sides = unit_sides(st)
    out = [False] * t.n_units
    for units in stacks(st):
        own = {u: is_supplied(st, u) for u in units}
        for u in units:
            out[u] = own[u] or any(own[v] and sides[v] == sides[u] for v in units)
    return out


def check_supply(st: FitnaState) -> None:
    """[12.1 step 2] Isolated markers on every unit out of supply, off every unit in supply."""
    d = st.data
    ok = supplied_now(st)
    sides = unit_sides(st)
    changed: dict[tuple[int, int, bool], list[int]] = {}
    for s, units in enumerate(stacks(st)):
        for u in units:
            isolated = not ok[u]
            if d.units[u].isolated != isolated:
                changed.setdefault((s, sides[u], isolated), []).append(u)
    for (s, side, isolated), units in sorted(changed.items()):
        for u in units:
            st.set_unit(u, isolated=isolated)
        what = "out of supply: Isolated" if isolated else "back in supply"
        seat = st.seat_of(side)
        count = f"{len(units)} unit{'s' if len(units) > 1 else ''}"
        st.emit(f"{side_name(st, side)}: {count} on {sname(st, s)} {what}.", R_SUPPLY, refs=refs_space(st, s))
        if seat is not None:
            st.emit(f"{what.capitalize()}: {names(st, units)}.", R_SUPPLY, to=(seat,))


def lift_isolation(st: FitnaState) -> None:
    """[12.1 step 5, 14.1] Isolated markers come off units whose supply is re-established."""
    d = st.data
    n = st.tables.n_spaces
    isolated = [u for u, rec in enumerate(d.units) if rec.isolated and rec.at < n]
    if not isolated:
        return
    sides = unit_sides(st)
    here = stacks(st)
    # [14.1] in supply by its own line, or stacked with a friendly unit that is (the units
    # without a marker need no check of their own)
    lifted = [
        u
        for u in isolated
        if is_supplied(st, u) or any(sides[v] == sides[u] and is_supplied(st, v) for v in here[d.units[u].at])
    ]
    for u in lifted:
        st.set_unit(u, isolated=False)


@dataclass(slots=True)
class SupplySegment(Frame[FitnaState]):
    """[12.1 step 2] The Supply segment of ``seat``'s phase."""

    name = "supply_segment"
    rule = R_SUPPLY
    seat: Seat

    def run(self, st: FitnaState) -> None:
        st.pop()
        check_supply(st)


@dataclass(slots=True)
class LiftIsolation(Frame[FitnaState]):
    """[12.1 step 5] At the end of the Offensives segment, units whose lines are open again
    lose their Isolated markers."""

    name = "lift_isolation"
    rule = R_SUPPLY

    def run(self, st: FitnaState) -> None:
        st.pop()
        lift_isolation(st)


FRAMES: tuple[type[Frame[Any]], ...] = (SupplySegment, LiftIsolation)
