"""The great powers: the US military intervention (27.1) on its triggers (Kuwait or Jordan
attacked, Haifa, Netanya or Incirlik attacked or occupied: ``common.intervention_check``;
International Tension 10: ``handler_tension_10``), Russia at tension 10 (28.0: its surge, or
its arrival where it has not intervened yet), the waves that come on the following turn, and
#87 Kremlin Escalates (``russian_surge``).

The intervening units are the counters marked with a ``wave`` (counters.yaml): wave 1 at
once, wave 2 at the start of the receiving player's phase on the following turn
(``data.arrivals``, ``Arrivals``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from consim.core.action import Action
from consim.core.data import SeatOrNone
from consim.core.flow import Frame
from consim.games.fitna.board import (
    arrival_spaces,
    has_enemy,
    may_enter,
    owner,
    room_for_side,
    stacks,
    traces_supply,
    units_of,
)
from consim.games.fitna.content import FORCES
from consim.games.fitna.rules import R_RUSSIA, R_TENSION_EFFECTS, R_US_INTERVENTION, possessive
from consim.games.fitna.rules.common import (
    ELIMINATED,
    POOL,
    RUSSIA_IN,
    UNUSED,
    US_IN,
    DrawCards,
    Step,
    change_tension,
    everyone,
    names,
    place,
    push_levels,
    refs_space,
    restore,
    set_control,
    sname,
    uname,
)
from consim.games.fitna.rules.deck import handler_params
from consim.games.fitna.state import Arrival, FitnaState, Seat, UnitId
from consim.games.fitna.vocabulary import RussianSurgeParams

#: [28.0] where the Russians land
RUSSIAN_PORTS = ("tartus", "latakia")


def give_force(st: FitnaState, force: str, seat: str) -> None:
    """The force's units are ``seat``'s from now on (27.1, 28.0)."""
    t = st.tables
    st.data.force_side[t.force_index[force]] = t.seat_index[seat]
    st.cache.clear()


def waiting(st: FitnaState, force: str, wave: int, side: int = -1, only: bool = False) -> list[int]:
    """Counters of ``force`` of waves up to ``wave`` (of that wave alone with ``only``) that are
    not in play yet: not on the map, not destroyed, not out of the game (the backbone leaves
    the intervention counters "not in this scenario"), or still in a batch; with ``side``, only
    those that are that side's (27.1: the US forces shared in scenario 10)."""
    t = st.tables
    n = t.n_spaces
    d = st.data
    return [
        u
        for u in t.force_units[t.force_index[force]]
        if 0 < t.unit_wave[u] <= wave
        and (not only or t.unit_wave[u] == wave)
        and d.units[u].at in (n + UNUSED, n + POOL)
        and (side < 0 or owner(st, u) == side)
    ]


def strike_from_batches(st: FitnaState, units: list[int]) -> None:
    for batches in st.data.batches.values():
        for b in batches:
            for u in units:
                if u in b:
                    b.remove(u)
        batches[:] = [b for b in batches if b]


def landing_spaces(st: FitnaState, u: int, side: int) -> list[int]:
    """[27.1, 28.0] Where an intervening unit is placed: a US unit on any supplied space its
    player controls (15.0's arrival spaces for the US); a Russian unit on Tartus or Latakia if
    its player holds them in supply with room, "or on any supplied controlled space on the map
    if these two spaces are not accessible" (28.0)."""
    t = st.tables
    if t.unit_force[u] != t.force_index["russia"]:
        return arrival_spaces(st, u, side)
    control = st.data.control

    def ok(s: int) -> bool:
        return (
            control[s] == side
            and s not in t.out_of_play
            and may_enter(st, u, s)
            and not has_enemy(st, s, side)
            and traces_supply(st, u, s, side)
            and not any(st.data.units[x].isolated for x in stacks(st)[s])
            and room_for_side(st, s, u, side)
        )

    ports = [t.space_by_id[p] for p in RUSSIAN_PORTS]
    found = [s for s in ports if ok(s)]
    if found:
        return found
    return [s for s in range(t.n_spaces) if ok(s)]


@dataclass(slots=True)
class Land(Step):
    """[27.1, 28.0] ``seat`` places the intervening ``units`` one by one; a unit with nowhere
    to go stays out and comes with the next wave (or, for the last wave, at the start of the
    seat's next phase)."""

    name = "intervention_land"
    rule = R_US_INTERVENTION
    seat: Seat
    units: list[UnitId]
    cite: str = R_US_INTERVENTION

    def _spaces(self, st: FitnaState) -> list[int]:
        return landing_spaces(st, self.units[0], st.tables.seat_index[self.seat])

    def _drop_placed(self, st: FitnaState) -> None:
        n = st.tables.n_spaces
        self.units = [u for u in self.units if st.data.units[u].at >= n]

    def seats(self, st: FitnaState) -> tuple[str, ...]:
        self._drop_placed(st)
        return (self.seat,) if self.units and self._spaces(st) else ()

    def prompt(self, st: FitnaState, seat: str) -> tuple[str, str]:
        return (f"Place {uname(st, self.units[0])}: choose where it arrives.", self.cite)

    def legal(self, st: FitnaState, seat: str) -> list[Action]:
        t = st.tables
        return [
            t.action("place", t.space_name[s])
            for s in sorted(self._spaces(st), key=lambda x: t.space_name[x])
        ]

    def act(self, st: FitnaState, seat: str, action: Action) -> None:
        t = st.tables
        u = self.units.pop(0)
        s = t.space_by_name[action.args[0]]
        side = t.seat_index[seat]
        strike_from_batches(st, [u])
        place(st, u, s, everyone(st))  # [30.0] named to all, at full strength
        st.set_unit(u, reduced=False, isolated=False)
        if st.data.control[s] != side:
            set_control(st, s, side, [t.unit_force[u]])
        st.emit(f"{seat} places {uname(st, u)} on {sname(st, s)}.", self.cite, refs=refs_space(st, s))

    def run(self, st: FitnaState) -> None:
        self._drop_placed(st)
        if not self.units:
            st.remove(self)
            return
        u = self.units.pop(0)
        t = st.tables
        d = st.data
        st.emit(f"{uname(st, u)} finds no space to arrive on and waits for the next turn.", self.cite)
        if d.units[u].at != t.n_spaces + UNUSED and d.units[u].at != t.n_spaces + POOL:
            return  # a destroyed unit stays destroyed
        due(st, t.seat_index[self.seat], t.unit_force[u], t.unit_wave[u], d.turn + 1)


def due(st: FitnaState, seat: int, force: int, wave: int, turn: int) -> None:
    """Record that the waves of ``force`` up to ``wave`` arrive for ``seat`` on ``turn`` (one
    record per seat and force: the latest wave, the earliest turn)."""
    d = st.data
    for i, a in enumerate(d.arrivals):
        if a.seat == seat and a.force == force:
            d.arrivals[i] = Arrival(seat=seat, force=force, wave=max(wave, a.wave), turn=min(turn, a.turn))
            return
    d.arrivals.append(Arrival(seat=seat, force=force, wave=wave, turn=turn))


@dataclass(slots=True)
class UsIntervention(Step):
    """[27.1] The US intervenes for ``seat``: he draws 2 bonus cards, takes the US Joker and
    the US Special Joker and strikes at once with it (4 enemy spaces, within the caveats of
    21.0), places the six units of the first wave on supplied spaces he controls; the second
    wave comes on the following turn. US supply: 14.10 (the scenario's sources)."""

    name = "handler_us_intervention"
    rule = R_US_INTERVENTION
    seat: Seat
    card: int = -1
    effect: int = 0
    stage: Literal["start", "strike", "share", "land", "end"] = "start"
    #: [27.1 scenario 10] the second player sharing the US forces ("" when one player gets all)
    partner: SeatOrNone = ""

    def seats(self, st: FitnaState) -> tuple[str, ...]:
        return ()

    def run(self, st: FitnaState) -> None:
        t = st.tables
        d = st.data
        if self.partner:
            self._shared(st)
            return
        if self.stage == "start":
            if US_IN not in d.firsts:
                d.firsts.append(US_IN)
            give_force(st, "us", self.seat)
            st.emit(
                f"The United States intervene massively: the US forces are {possessive(self.seat)}, "
                "who draws 2 bonus cards and takes the US Joker and the US Special Joker.",
                R_US_INTERVENTION,
            )
            d.jokers[self.seat] = d.jokers.get(self.seat, 0) + 1
            self.stage = "strike"
            st.push(DrawCards(seat=self.seat, count=2, why="US intervention", cite=R_US_INTERVENTION))
            return
        if self.stage == "strike":
            self.stage = "land"
            joker = t.joker_by_name.get(joker_named(st, "us"), -1)
            if joker >= 0:
                d.special[self.seat].append(joker)
                st.push_named("play_card", seat=self.seat, card=joker, special=True)
            return
        if self.stage == "land":
            self.stage = "end"
            units = waiting(st, "us", 1)
            st.emit(f"The first US wave lands: {names(st, units)}.", R_US_INTERVENTION)
            due(st, t.seat_index[self.seat], t.force_index["us"], 2, d.turn + 1)
            st.push(Land(seat=self.seat, units=units))
            return
        st.remove(self)
        push_levels(st)

    def _shared(self, st: FitnaState) -> None:
        """[27.1 scenario 10, special rule] The US forces are shared: each of the two draws one
        bonus card; the first takes the US Special Joker and strikes with it, the partner the
        US Joker; the first picks 3 of the 6 first-wave units, the partner 3 of the 5
        second-wave units; each has the rest of the other's wave."""
        t = st.tables
        d = st.data
        a, b = self.seat, self.partner
        if self.stage == "start":
            if US_IN not in d.firsts:
                d.firsts.append(US_IN)
            give_force(st, "us", a)
            st.emit(
                f"The United States intervene massively, their forces shared between {a} and {b}: each "
                f"draws a bonus card; {a} takes the US Special Joker, {b} the US Joker.",
                R_US_INTERVENTION,
            )
            d.jokers[b] = d.jokers.get(b, 0) + 1
            self.stage = "strike"
            st.push(DrawCards(seat=b, count=1, why="US intervention", cite=R_US_INTERVENTION))
            st.push(DrawCards(seat=a, count=1, why="US intervention", cite=R_US_INTERVENTION))
            return
        if self.stage == "strike":
            self.stage = "share"
            joker = t.joker_by_name.get(joker_named(st, "us"), -1)
            if joker >= 0:
                d.special[a].append(joker)
                st.push_named("play_card", seat=a, card=joker, special=True)
            return
        if self.stage == "share":
            self.stage = "land"
            st.push(ShareUs(seat=b, other=a, wave=2, count=3))
            st.push(ShareUs(seat=a, other=b, wave=1, count=3))
            return
        if self.stage == "land":
            self.stage = "end"
            for who in (b, a):  # pushed in reverse: the first seat places first
                k = t.seat_index[who]
                units = waiting(st, "us", 1, side=k)
                due(st, k, t.force_index["us"], 2, d.turn + 1)
                if units:
                    st.push(Land(seat=who, units=units))
            st.emit(f"The first US wave lands: {names(st, waiting(st, 'us', 1))}.", R_US_INTERVENTION)
            return
        st.remove(self)
        push_levels(st)


@dataclass(slots=True)
class ShareUs(Step):
    """[27.1 scenario 10] ``seat`` picks ``count`` US units of wave ``wave`` one at a time; the
    rest of the wave goes to ``other``."""

    name = "share_us_forces"
    rule = R_US_INTERVENTION
    seat: Seat
    other: Seat
    wave: int
    count: int

    def _free(self, st: FitnaState) -> list[int]:
        return [u for u in waiting(st, "us", self.wave, only=True) if u not in st.data.unit_side]

    def seats(self, st: FitnaState) -> tuple[str, ...]:
        free = self._free(st)
        return (self.seat,) if self.count > 0 and len(free) > 0 else ()

    def prompt(self, st: FitnaState, seat: str) -> tuple[str, str]:
        wave = "first" if self.wave == 1 else "second"
        return (
            f"Take a US unit of the {wave} wave ({self.count} more to take; {self.other} has the rest).",
            R_US_INTERVENTION,
        )

    def legal(self, st: FitnaState, seat: str) -> list[Action]:
        t = st.tables
        return [t.action("take", uname(st, u)) for u in sorted(self._free(st), key=lambda x: t.unit_label[x])]

    def act(self, st: FitnaState, seat: str, action: Action) -> None:
        t = st.tables
        u = t.unit_by_label[action.args[0]]
        st.data.unit_side[u] = t.seat_index[seat]
        st.cache.clear()
        self.count -= 1
        st.emit(f"{seat} takes {uname(st, u)} of the US forces.", R_US_INTERVENTION)

    def run(self, st: FitnaState) -> None:
        t = st.tables
        rest = self._free(st)
        for u in rest:
            st.data.unit_side[u] = t.seat_index[self.other]
        st.cache.clear()
        if rest:
            st.emit(f"{self.other} has the rest of the wave: {names(st, rest)}.", R_US_INTERVENTION)
        st.remove(self)


def joker_named(st: FitnaState, joker_id: str) -> str:
    t = st.tables
    return t.joker_name[t.joker_id.index(joker_id)] if joker_id in t.joker_id else ""


@dataclass(slots=True)
class RussianArrival(Step):
    """[28.0] Tension 10 and Russia has not intervened: ``seat`` (the scenario's) draws a bonus
    card, takes the Russian Joker and the Russian Special Joker, and places 22 Para Regt, 56
    Para Bde and 810 Marine Bde on Tartus or Latakia (or any supplied space he controls if those
    are out of reach); 205 Mech Bde, 6 Arm Bde and 7 Para Div come on the following turn."""

    name = "russian_arrival"
    rule = R_RUSSIA
    seat: Seat
    stage: Literal["start", "land", "end"] = "start"

    def seats(self, st: FitnaState) -> tuple[str, ...]:
        return ()

    def run(self, st: FitnaState) -> None:
        t = st.tables
        d = st.data
        if self.stage == "start":
            self.stage = "land"
            if RUSSIA_IN not in d.firsts:
                d.firsts.append(RUSSIA_IN)
            give_force(st, "russia", self.seat)
            st.emit(
                f"Russia intervenes: the Russian forces are {possessive(self.seat)}, "
                "who draws a bonus card and takes the Russian Joker and the Russian Special Joker.",
                R_RUSSIA,
            )
            d.jokers[self.seat] = d.jokers.get(self.seat, 0) + 1
            joker = t.joker_by_name.get(joker_named(st, "russia"), -1)
            if joker >= 0:
                take_back_joker(st, joker)
                d.special[self.seat].append(joker)
            st.push(DrawCards(seat=self.seat, count=1, why="Russian intervention", cite=R_RUSSIA))
            return
        if self.stage == "land":
            self.stage = "end"
            units = waiting(st, "russia", 1)
            st.emit(f"The first Russian wave lands: {names(st, units)}.", R_RUSSIA)
            due(st, t.seat_index[self.seat], t.force_index["russia"], 2, d.turn + 1)
            st.push(Land(seat=self.seat, units=units, cite=R_RUSSIA))
            return
        st.remove(self)


def take_back_joker(st: FitnaState, joker: int) -> None:
    """A Special Joker leaves whoever holds it or the cards set aside (to be given again)."""
    d = st.data
    if joker in d.special_aside:
        d.special_aside.remove(joker)
    for held in d.special.values():
        if joker in held:
            held.remove(joker)


@dataclass(slots=True)
class RussianSurge(Step):
    """[22.1, 28.0] Tension 10 with Russia in: its player draws a bonus card; every Russian unit
    not yet in play or destroyed is placed on Tartus or Latakia (or, out of reach, on a supplied
    space he controls); reduced Russian units are rebuilt; a Russian Special Joker already
    played comes back to him."""

    name = "russian_surge_at_10"
    rule = R_RUSSIA
    seat: Seat
    stage: Literal["start", "land", "end"] = "start"

    def seats(self, st: FitnaState) -> tuple[str, ...]:
        return ()

    def run(self, st: FitnaState) -> None:
        t = st.tables
        d = st.data
        n = t.n_spaces
        if self.stage == "start":
            self.stage = "land"
            side = t.seat_index[self.seat]
            restored = [
                u
                for u in units_of(st, side)
                if t.unit_force[u] == t.force_index["russia"] and d.units[u].reduced
            ]
            for u in restored:
                restore(st, u, everyone(st))  # every reduced Russian unit: all can follow
            st.mark_reveal()  # [30.0] how many were reduced is announced
            rebuilt = {0: "no Russian unit is reduced", 1: "1 reduced Russian unit is rebuilt"}.get(
                len(restored), f"{len(restored)} reduced Russian units are rebuilt"
            )
            st.emit(f"Russia heightens its involvement: {self.seat} draws a bonus card; {rebuilt}.", R_RUSSIA)
            joker = t.joker_by_name.get(joker_named(st, "russia"), -1)
            if joker >= 0 and joker in d.special_aside:
                take_back_joker(st, joker)
                d.special[self.seat].append(joker)
                st.emit(f"{self.seat} takes the Russian Special Joker back, to be played again.", R_RUSSIA)
            st.push(DrawCards(seat=self.seat, count=1, why="Russian surge", cite=R_RUSSIA))
            return
        if self.stage == "land":
            self.stage = "end"
            russia = t.force_index["russia"]
            units = [
                u for u in t.force_units[russia] if d.units[u].at in (n + UNUSED, n + POOL, n + ELIMINATED)
            ]
            if units:
                st.emit(
                    f"Every Russian unit not yet in play or destroyed comes: {names(st, units)}.", R_RUSSIA
                )
                st.push(Land(seat=self.seat, units=units, cite=R_RUSSIA))
            return
        st.remove(self)


@dataclass(slots=True)
class TensionTen(Frame[FitnaState]):
    """[22.1, 27.1, 28.0] International Tension 10: the US intervene for the player the
    scenario names (if they have not already), and Russia surges (or arrives, if it had not
    intervened yet) for its player. The level's batches (22.1) follow."""

    name = "handler_tension_10"
    rule = R_TENSION_EFFECTS

    def run(self, st: FitnaState) -> None:
        st.pop()
        t = st.tables
        d = st.data
        sc = t.scenario
        russia_side = d.force_side[t.force_index["russia"]]
        # pushed in reverse: the US first, then Russia
        if russia_side < len(t.seats):
            st.push(RussianSurge(seat=t.seats[russia_side]))
        elif sc.russia_at_tension_10:
            st.push(RussianArrival(seat=sc.russia_at_tension_10))
        seats = list(dict.fromkeys(i.seat for i in sc.us_intervention if i.trigger == "tension_10"))
        if seats and US_IN not in d.firsts:
            d.firsts.append(US_IN)
            st.emit("International Tension 10: the United States intervene.", R_US_INTERVENTION)
            st.push(UsIntervention(seat=seats[0], partner=seats[1] if len(seats) > 1 else ""))


@dataclass(slots=True)
class Arrivals(Frame[FitnaState]):
    """[27.1, 28.0] At the start of ``seat``'s phase, the waves due to it arrive."""

    name = "arrivals"
    rule = R_US_INTERVENTION
    seat: Seat

    def run(self, st: FitnaState) -> None:
        st.pop()
        t = st.tables
        d = st.data
        me = t.seat_index[self.seat]
        ready = [a for a in d.arrivals if a.seat == me and a.turn <= d.turn]
        if not ready:
            return
        d.arrivals = [a for a in d.arrivals if a not in ready]
        for a in ready:
            force = FORCES[a.force]
            units = waiting(st, force, a.wave, side=me)
            if not units:
                continue
            rule = R_RUSSIA if force == "russia" else R_US_INTERVENTION
            st.emit(f"{self.seat} receives the next wave: {names(st, units)}.", rule)
            st.push(Land(seat=self.seat, units=units, cite=rule))


# =============================================================================================
# #87 Kremlin Escalates [provenance/cards.md section 8 ``russian_surge``]
# =============================================================================================


@dataclass(slots=True)
class KremlinEscalates(Step):
    """#87: with Russian units on the map, their player rebuilds every reduced Russian unit in
    supply and places up to ``rebuild`` destroyed Russian units on Tartus or Latakia if he holds
    them in supply (stacking applies); without them tension rises by ``else_tension`` (only
    tension 10 brings Russia in, 28.0)."""

    name = "handler_russian_surge"
    rule = R_RUSSIA
    seat: Seat
    card: int
    effect: int
    stage: Literal["start", "rebuild"] = "start"
    left: int = 0

    def _controller(self, st: FitnaState) -> str:
        t = st.tables
        return st.seat_of(st.data.force_side[t.force_index["russia"]]) or ""

    def _destroyed(self, st: FitnaState) -> list[int]:
        t = st.tables
        box = t.n_spaces + ELIMINATED
        return [u for u in t.force_units[t.force_index["russia"]] if st.data.units[u].at == box]

    def _ports(self, st: FitnaState, u: int) -> list[int]:
        t = st.tables
        side = st.data.force_side[t.unit_force[u]]
        return [s for s in landing_spaces(st, u, side) if t.space_id[s] in RUSSIAN_PORTS]

    def seats(self, st: FitnaState) -> tuple[str, ...]:
        if self.stage != "rebuild" or self.left <= 0:
            return ()
        owner = self._controller(st)
        return (owner,) if owner and any(self._ports(st, u) for u in self._destroyed(st)) else ()

    def prompt(self, st: FitnaState, seat: str) -> tuple[str, str]:
        return (
            f"Kremlin Escalates: rebuild a destroyed Russian unit on Tartus or Latakia ({self.left} "
            "left), or 'done'.",
            R_RUSSIA,
        )

    def legal(self, st: FitnaState, seat: str) -> list[Action]:
        t = st.tables
        out = []
        for u in sorted(self._destroyed(st), key=lambda x: t.unit_label[x]):
            for s in sorted(self._ports(st, u), key=lambda x: t.space_name[x]):
                out.append(t.action("rebuild", uname(st, u), "on", t.space_name[s]))
        return [*out, t.action("done")]

    def act(self, st: FitnaState, seat: str, action: Action) -> None:
        t = st.tables
        if action.verb == "done":
            st.remove(self)
            return
        u, s = t.unit_by_label[action.args[0]], t.space_by_name[action.args[2]]
        place(st, u, s, everyone(st))  # [30.0] named to all, at full strength
        st.set_unit(u, reduced=False, isolated=False)
        self.left -= 1
        st.emit(f"{seat} rebuilds {uname(st, u)} on {sname(st, s)}.", R_RUSSIA, refs=refs_space(st, s))

    def run(self, st: FitnaState) -> None:
        t = st.tables
        d = st.data
        if self.stage == "start":
            params = handler_params(st, self.card, self.effect, RussianSurgeParams)
            russia = t.force_index["russia"]
            on_map = [u for u in t.force_units[russia] if d.units[u].at < t.n_spaces]
            if not on_map:
                change_tension(st, params.else_tension, "Kremlin Escalates: no Russian unit on the map")
                st.remove(self)
                return
            rebuilt = [u for u in on_map if d.units[u].reduced and traces_supply(st, u)]
            for u in rebuilt:
                restore(st, u, everyone(st))  # every one in supply: all can follow
            st.mark_reveal()  # [30.0] how many were reduced is announced
            st.emit(
                "Kremlin Escalates: "
                + {
                    0: "no reduced Russian unit in supply to rebuild",
                    1: "1 reduced Russian unit in supply is rebuilt",
                }.get(len(rebuilt), f"{len(rebuilt)} reduced Russian units in supply are rebuilt")
                + ".",
                R_RUSSIA,
            )
            self.stage = "rebuild"
            self.left = params.rebuild
            return
        st.remove(self)


FRAMES: tuple[type[Frame[Any]], ...] = (
    Land,
    UsIntervention,
    ShareUs,
    RussianArrival,
    RussianSurge,
    TensionTen,
    Arrivals,
    KremlinEscalates,
)
