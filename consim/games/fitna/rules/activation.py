"""IS and the Kurds, activated by cards (25.0-25.6, 26.0-26.8): the Daesh cards (#50-53)
and the Peshmerga cards (#43-46) give the player who plays them command of IS or of the
Kurdish factions for the activation only (``data.force_seat``).

An activation brings units in (IS counters drawn face down from the IS Force Pool, 25.2; a
Kurdish unit from the Kurdish Force Pool, or two reduced ones restored, 26.2, 26.8), gives
OPs (2 per IS oilfield, at least Al Baghdadi's move and one offensive; 4 for the Kurds), which
the player allocates between movement and offensives; the Movement and Offensives frames then
run with the IS or Kurdish sides; then the player goes back to his own Events segment (25.6,
26.6). The cancellations (#27 Counter-Insurgency, #24 Kurdish Rivalry) are those of
``cards.CancelWindow`` (25.5, 26.5).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from consim.core.action import Action
from consim.core.flow import Frame
from consim.games.fitna.board import (
    STACK_LIMIT_IS,
    can_reach_any,
    may_enter,
    movement_allowance,
    room_for_side,
    stacks,
)
from consim.games.fitna.content import FORCES
from consim.games.fitna.rules import (
    R_IS_ACTIVATION,
    R_IS_NORMALITY,
    R_KURD_ACTIVATION,
    R_KURD_NORMALITY,
    R_PLANNING,
    R_PYD_KDP,
)
from consim.games.fitna.rules.common import (
    A_DONE,
    ELIMINATED,
    POOL,
    Step,
    everyone,
    place,
    refs_space,
    rejoin,
    restore,
    set_control,
    side_name,
    sname,
    uname,
)
from consim.games.fitna.rules.deck import handler_params
from consim.games.fitna.state import FitnaState, Seat
from consim.games.fitna.vocabulary import IsActivationParams, KurdishActivationParams

#: [26.0] the Kurdish forces
KURDS = ("kdp", "pyd", "pkk")


def command(st: FitnaState, forces: tuple[str, ...], seat: int) -> None:
    """[25.2, 26.2] ``seat`` (or nobody, -1) commands these forces now; the cached queries
    that depend on it are forgotten."""
    t = st.tables
    d = st.data
    for f in forces:
        i = t.force_index[f]
        if d.force_side[i] >= len(t.seats):
            d.force_seat[i] = seat
    st.cache.clear()


def allocations(total: int, max_moves: int) -> list[str]:
    return [f"{m}-{total - m}" for m in range(min(total, max_moves) + 1)]


# =============================================================================================
# IS [25.0-25.6]
# =============================================================================================


def is_pool(st: FitnaState) -> list[int]:
    """[25.1] The IS counters in the IS Force Pool (Al Baghdadi comes in only by choice)."""
    t = st.tables
    pool = t.n_spaces + POOL
    d = st.data
    return [u for u in t.force_units[t.force_index["is"]] if d.units[u].at == pool and not t.unit_baghdadi[u]]


def baghdadi(st: FitnaState) -> int:
    t = st.tables
    return next(u for u in t.force_units[t.force_index["is"]] if t.unit_baghdadi[u])


def is_spaces(st: FitnaState, u: int) -> list[int]:
    """[25.2] Where a new IS counter may go: a space IS controls or an unoccupied space with
    the IS symbol, within stacking (4 IS counters, 4.0) and the scenario's bans."""
    t = st.tables
    d = st.data
    out = []
    for s in range(t.n_spaces):
        if s in t.out_of_play or not may_enter(st, u, s):
            continue
        here = stacks(st)[s]
        if d.control[s] == t.IS:
            if len(here) < STACK_LIMIT_IS and room_for_side(st, s, u, t.IS):
                out.append(s)
        elif t.space_is_symbol[s] and not here:
            out.append(s)
    return out


def is_oilfields(st: FitnaState) -> int:
    t = st.tables
    return sum(1 for s in range(t.n_spaces) if t.space_oil[s] and st.data.control[s] == t.IS)


@dataclass(slots=True)
class IsActivation(Step):
    """[25.2] A Daesh card: the player commands IS. He draws ``counters`` (3) counters at
    random from the IS Force Pool; or brings Al Baghdadi into play and draws one other; or
    restores a reduced Al Baghdadi and draws two; places them face down on spaces IS holds or
    empty spaces with the IS symbol; then has 2 OPs per oilfield IS holds (none: still Al
    Baghdadi's move and one offensive) for Al Baghdadi's move (1 OP) and IS offensives (1 OP
    each). Nobody, the player included, sees the counters' values before combat (25.1)."""

    name = "handler_is_activation"
    rule = R_IS_ACTIVATION
    seat: Seat
    card: int
    effect: int
    stage: Literal["start", "draw", "place", "ops", "act", "end"] = "start"
    to_place: int = 0
    baghdadi_in: bool = False
    ops: int = 0

    @classmethod
    def refusal(cls, st: FitnaState, seat: str, card: int, params: IsActivationParams) -> str | None:
        if not st.tables.scenario.is_present:
            return "IS takes no part in this scenario (25.0)"
        return None

    def _counters(self, st: FitnaState) -> int:
        if self.card < 0:
            return 3
        return handler_params(st, self.card, self.effect, IsActivationParams).counters

    def _draw_options(self, st: FitnaState) -> list[Action]:
        t = st.tables
        b = baghdadi(st)
        rec = st.data.units[b]
        out = [t.action("draw", f"{self._counters(st)} counters")]
        if rec.at == t.n_spaces + POOL and is_spaces(st, b):
            out.append(t.action("bring", "Al Baghdadi"))
        elif rec.at < t.n_spaces and rec.reduced:
            out.append(t.action("restore", "Al Baghdadi"))
        return out

    def seats(self, st: FitnaState) -> tuple[str, ...]:
        if self.stage == "draw":
            return (self.seat,) if len(self._draw_options(st)) > 1 else ()
        if self.stage == "place":
            if self.baghdadi_in:
                return (self.seat,)
            pool = is_pool(st)
            return (self.seat,) if self.to_place > 0 and pool and is_spaces(st, pool[0]) else ()
        if self.stage == "ops":
            return (self.seat,) if len(self._splits(st)) > 1 else ()
        return ()

    def _splits(self, st: FitnaState) -> list[str]:
        b = baghdadi(st)
        t = st.tables
        movable = st.data.units[b].at < t.n_spaces and movement_allowance(st, b) > 0 and can_reach_any(st, b)
        if self.ops == 0:
            return ["1-1" if movable else "0-1"]
        return allocations(self.ops, 1 if movable else 0)

    def prompt(self, st: FitnaState, seat: str) -> tuple[str, str]:
        if self.stage == "draw":
            return (
                f"Daesh: draw {self._counters(st)} IS counters at random, or bring Al Baghdadi into play "
                "(and draw one other), or restore a reduced Al Baghdadi (and draw two).",
                R_IS_ACTIVATION,
            )
        if self.stage == "place":
            what = (
                "Al Baghdadi" if self.baghdadi_in else f"an IS counter, face down ({self.to_place} to place)"
            )
            return (
                f"Daesh: place {what} on a space IS controls or an empty space with the IS symbol.",
                R_IS_ACTIVATION,
            )
        return (
            f"Daesh: allocate IS's {self.ops} OPs between moving Al Baghdadi (1 OP) and IS offensives "
            "('allocate M-C').",
            R_PLANNING,
        )

    def legal(self, st: FitnaState, seat: str) -> list[Action]:
        t = st.tables
        if self.stage == "draw":
            return self._draw_options(st)
        if self.stage == "place":
            u = baghdadi(st) if self.baghdadi_in else is_pool(st)[0]
            return [
                t.action("place", t.space_name[s])
                for s in sorted(is_spaces(st, u), key=lambda x: t.space_name[x])
            ]
        return [t.action("allocate", x) for x in self._splits(st)]

    def act(self, st: FitnaState, seat: str, action: Action) -> None:
        t = st.tables
        n = self._counters(st)
        verb = action.verb
        if verb == "draw":
            self.to_place = n
        elif verb == "bring":
            self.baghdadi_in = True
            self.to_place = max(0, n - 2)
            st.emit(f"{seat} brings Al Baghdadi into play.", R_IS_ACTIVATION)
        elif verb == "restore":
            b = baghdadi(st)
            restore(st, b, everyone(st))
            self.to_place = max(0, n - 1)
            st.emit(f"{seat} restores Al Baghdadi to full strength.", R_IS_ACTIVATION)
        elif verb == "place":
            self._place(st, t.space_by_name[action.args[0]])
            return
        else:
            m, c = (int(x) for x in action.args[0].split("-"))
            self._act(st, m, c)
            return
        self.stage = "place"

    def _place(self, st: FitnaState, s: int) -> None:
        t = st.tables
        if self.baghdadi_in:
            u = baghdadi(st)
            self.baghdadi_in = False
            what = "Al Baghdadi"
        else:
            pool = is_pool(st)
            u = pool[st.rng.randbelow(len(pool))]  # [25.2] drawn at random, face down
            self.to_place -= 1
            what = "an IS counter"
        place(st, u, s)
        st.set_unit(u, reduced=False if not t.unit_baghdadi[u] else st.data.units[u].reduced, isolated=False)
        if st.data.control[s] != t.IS:
            set_control(st, s, t.IS, [t.unit_force[u]])
        st.emit(f"{self.seat} places {what} on {sname(st, s)}.", R_IS_ACTIVATION, refs=refs_space(st, s))
        rejoin(st, s)  # [14.1]

    def _act(self, st: FitnaState, moves: int, offensives: int) -> None:
        t = st.tables
        self.stage = "end"
        st.emit(
            f"IS under {self.seat}: {moves} move{'s' if moves != 1 else ''} of Al Baghdadi, {offensives} "
            f"offensive{'s' if offensives != 1 else ''}.",
            R_IS_ACTIVATION,
        )
        st.push_named("offensives", seat=self.seat, left=offensives, sides=[t.IS])
        if moves:
            st.push_named("movement", seat=self.seat, left=moves, sides=[t.IS])

    def run(self, st: FitnaState) -> None:
        t = st.tables
        if self.stage == "start":
            command(st, ("is",), t.seat_index[self.seat])
            st.mark_reveal((self.seat,))  # he sees IS's stacks as his own (face down, 25.1)
            st.emit(f"{self.seat} takes command of IS for this activation.", R_IS_ACTIVATION)
            self.stage = "draw"
            return
        if self.stage == "draw":
            self.to_place = self._counters(st)
            self.stage = "place"
            return
        if self.stage == "place":
            if self.to_place > 0:
                st.emit(
                    f"{self.to_place} IS counters find no space or no counter left in the pool.",
                    R_IS_ACTIVATION,
                )
            self.to_place = 0
            self.baghdadi_in = False
            self.stage = "ops"
            oil = is_oilfields(st)
            self.ops = 2 * oil
            st.emit(f"IS holds {oil} oilfield{'s' if oil != 1 else ''}: {self.ops} OPs.", R_IS_ACTIVATION)
            return
        if self.stage == "ops":
            m, c = (int(x) for x in self._splits(st)[0].split("-"))
            self._act(st, m, c)
            return
        st.remove(self)
        command(st, ("is",), -1)
        st.emit(f"IS goes back to its own devices; {self.seat} resumes its Events segment.", R_IS_NORMALITY)


# =============================================================================================
# The Kurds [26.0-26.8]
# =============================================================================================


def kurd_sides(st: FitnaState) -> list[int]:
    t = st.tables
    fs = st.data.force_side
    return sorted({fs[t.force_index[f]] for f in KURDS})


def kurd_pool(st: FitnaState) -> list[int]:
    """[26.1] The Kurdish Force Pool (PKK units gone for good are out of the game, 26.7)."""
    t = st.tables
    n = t.n_spaces
    d = st.data
    return [
        u
        for f in KURDS
        for u in t.force_units[t.force_index[f]]
        if d.units[u].at in (n + POOL, n + ELIMINATED)
    ]


def kurd_spaces(st: FitnaState, u: int) -> list[int]:
    """[26.2, 26.8] Where a Kurdish unit from the pool may go: a space of its own faction its
    side holds, within stacking; a KDP or PYD unit also on any space of its faction that no
    unit occupies."""
    t = st.tables
    d = st.data
    side = d.force_side[t.unit_force[u]]
    faction = t.unit_kurd_side[u]
    reappear = FORCES[t.unit_force[u]] in ("kdp", "pyd")
    out = []
    for s in range(t.n_spaces):
        sk = t.space_kurd_side[s]
        if s in t.out_of_play or not (sk == faction or (t.scenario.kurds_united and sk >= 0)):
            continue
        if not may_enter(st, u, s):
            continue
        here = stacks(st)[s]
        if (d.control[s] == side and room_for_side(st, s, u, side)) or (reappear and not here):
            out.append(s)
    return out


def kurd_restorable(st: FitnaState) -> list[int]:
    t = st.tables
    d = st.data
    return [
        u
        for f in KURDS
        for u in t.force_units[t.force_index[f]]
        if d.units[u].at < t.n_spaces and d.units[u].reduced and not d.units[u].isolated
    ]


@dataclass(slots=True)
class KurdishActivation(Step):
    """[26.2] A Peshmerga card: the player commands the Kurds. He places one unit from the
    Kurdish Force Pool on a space of its faction the Kurds hold (26.8: a KDP or PYD unit on any
    empty space of its faction), or restores two reduced Kurdish units; then has ``ops`` OPs
    for the mobile Kurdish units (1 OP moves 2 units, 1 OP an offensive); garrisons never move
    nor attack (26.1), factions never stack nor attack together (26.2)."""

    name = "handler_kurdish_activation"
    rule = R_KURD_ACTIVATION
    seat: Seat
    card: int
    effect: int
    stage: Literal["start", "choose", "place", "restore", "ops", "end"] = "start"
    unit: int = -1
    restored: int = 0

    @classmethod
    def refusal(cls, st: FitnaState, seat: str, card: int, params: KurdishActivationParams) -> str | None:
        t = st.tables
        if not t.scenario.kurds_present:
            return "the Kurds take no part in this scenario (26.0)"
        owners = {s for s in kurd_sides(st) if s < len(t.seats)}
        if owners and t.seat_index[seat] not in owners:
            return "only the Kurdish player may play a Peshmerga card as an event in this scenario (26.7)"
        return None

    def _ops(self, st: FitnaState) -> int:
        return handler_params(st, self.card, self.effect, KurdishActivationParams).ops

    def _bring(self, st: FitnaState) -> list[int]:
        return [u for u in kurd_pool(st) if kurd_spaces(st, u)]

    def seats(self, st: FitnaState) -> tuple[str, ...]:
        if self.stage == "choose":
            return (self.seat,) if self._bring(st) or kurd_restorable(st) else ()
        if self.stage == "place":
            return (self.seat,)
        if self.stage == "restore":
            return (self.seat,) if self.restored < 2 and kurd_restorable(st) else ()
        if self.stage == "ops":
            return (self.seat,)
        return ()

    def prompt(self, st: FitnaState, seat: str) -> tuple[str, str]:
        if self.stage == "choose":
            return (
                "Peshmerga: bring a unit from the Kurdish Force Pool into play, or restore two reduced "
                "Kurdish units.",
                R_KURD_ACTIVATION,
            )
        if self.stage == "place":
            return (
                f"Peshmerga: place {uname(st, self.unit)} on a space of its faction the Kurds hold (or, "
                "for the KDP and the PYD, any empty space of their faction).",
                R_PYD_KDP,
            )
        if self.stage == "restore":
            return (
                f"Peshmerga: restore a reduced Kurdish unit ({self.restored} of 2), or 'done'.",
                R_KURD_ACTIVATION,
            )
        return (
            f"Peshmerga: allocate the Kurds' {self._ops(st)} OPs between movement (2 units per OP) and "
            "offensives ('allocate M-C').",
            R_PLANNING,
        )

    def legal(self, st: FitnaState, seat: str) -> list[Action]:
        t = st.tables
        if self.stage == "choose":
            out = [
                t.action("bring", uname(st, u))
                for u in sorted(self._bring(st), key=lambda x: t.unit_label[x])
            ]
            if kurd_restorable(st):
                out.append(t.action("restore"))
            return out
        if self.stage == "place":
            spaces = sorted(kurd_spaces(st, self.unit), key=lambda x: t.space_name[x])
            return [t.action("place", t.space_name[s]) for s in spaces]
        if self.stage == "restore":
            units = sorted(kurd_restorable(st), key=lambda x: t.unit_label[x])
            return [*(t.action("restore", uname(st, u)) for u in units), A_DONE]
        return [t.action("allocate", x) for x in allocations(self._ops(st), self._ops(st))]

    def act(self, st: FitnaState, seat: str, action: Action) -> None:
        t = st.tables
        verb = action.verb
        if self.stage == "choose":
            if verb == "bring":
                self.unit = t.unit_by_label[action.args[0]]
                self.stage = "place"
            else:
                self.stage = "restore"
            return
        if self.stage == "place":
            s = t.space_by_name[action.args[0]]
            u = self.unit
            side = st.data.force_side[t.unit_force[u]]
            place(st, u, s, everyone(st))  # [30.0] named to all, at full strength
            st.set_unit(u, reduced=False, isolated=False)
            if st.data.control[s] != side:
                set_control(st, s, side, [t.unit_force[u]])
            st.emit(
                f"{seat} brings {uname(st, u)} ({side_name(st, side)}) onto {sname(st, s)}.",
                R_KURD_ACTIVATION,
            )
            rejoin(st, s)  # [14.1]
            self.stage = "ops"
            return
        if self.stage == "restore":
            if action == A_DONE:
                self.stage = "ops"
                return
            u = t.unit_by_label[action.args[0]]
            restore(st, u)
            self.restored += 1
            at = st.data.units[u].at
            # [30.0] which counter it was stays hidden from those who have not seen the stack
            st.emit(f"{seat} restores a Kurdish unit on {sname(st, at)} to full strength.", R_KURD_ACTIVATION)
            st.emit(f"{uname(st, u)} is back to full strength.", R_KURD_ACTIVATION, to=(seat,))
            return
        m, c = (int(x) for x in action.args[0].split("-"))
        self.stage = "end"
        sides = kurd_sides(st)
        st.emit(
            f"The Kurds under {seat}: {2 * m} unit move{'s' if 2 * m != 1 else ''}, {c} offensive"
            f"{'s' if c != 1 else ''}.",
            R_KURD_ACTIVATION,
        )
        own = sides == [t.seat_index[seat]]
        st.push_named("offensives", seat=seat, left=c, sides=[] if own else sides)
        if m:
            st.push_named("movement", seat=seat, left=2 * m, sides=[] if own else sides)

    def run(self, st: FitnaState) -> None:
        t = st.tables
        if self.stage == "start":
            command(st, KURDS, t.seat_index[self.seat])
            st.mark_reveal((self.seat,))  # he sees the Kurdish stacks as his own
            st.emit(f"{self.seat} takes command of the Kurds for this activation.", R_KURD_ACTIVATION)
            self.stage = "choose"
            return
        if self.stage in ("choose", "restore"):
            self.stage = "ops"
            return
        st.remove(self)
        command(st, KURDS, -1)
        st.emit(
            f"The Kurds go back to their own devices; {self.seat} resumes its Events segment.",
            R_KURD_NORMALITY,
        )


FRAMES: tuple[type[Frame[Any]], ...] = (IsActivation, KurdishActivation)
