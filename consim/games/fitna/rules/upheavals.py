"""Upheavals: coups d'état (23.0-23.3: #67 Coup in Syria, #68 Coup in Iraq, #54 Defections,
and the coup in Iraq at the set-up of scenarios 8 and 11), the War in Lebanon (24.0, #41) and
the PKK rebellion (26.7: #75, and at the set-up of scenarios 3 and 7, with its end when
Turkey holds every PKK space in Turkey, ``common.pkk_check``).

Each is a handler frame (``handler_<name>``, provenance/cards.md section 8) pushed with the
card's player, the card and the effect's index; the set-up ones with no card (-1).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any, Literal, get_args

from consim.core.action import Action
from consim.core.flow import Frame
from consim.games.fitna.board import (
    defence_points,
    has_enemy,
    may_enter,
    room_for,
    stacks,
    unit_sides,
)
from consim.games.fitna.content import COUNTRY_LABEL, FORCE_LABEL
from consim.games.fitna.rules import R_COUP, R_COUP_IRAQ, R_COUP_SYRIA, R_LEBANON, R_LOYAL, R_PKK, possessive
from consim.games.fitna.rules.common import (
    ELIMINATED,
    PKK_ONGOING,
    PKK_OVER,
    POOL,
    REMOVED,
    UNUSED,
    Step,
    eliminate,
    everyone,
    lose_step,
    pkk_check,
    pkk_spaces_in_turkey,
    place,
    refs_space,
    rejoin,
    set_control,
    side_name,
    sname,
    uname,
)
from consim.games.fitna.rules.deck import handler_params
from consim.games.fitna.state import FitnaState, Seat, UnitId
from consim.games.fitna.vocabulary import Country, CoupParams, NoParams

#: the countries by their keys, typed (a coup's country is one of them)
_COUNTRIES: tuple[Country, ...] = get_args(Country)

# =============================================================================================
# Coups d'état [23.0-23.3]
# =============================================================================================

#: [23.1] forces that never test their loyalty (militias)
MILITIAS = frozenset({"shia_militia", "sunni_militia", "al_sham_militia"})
#: [23.1] the rebellion each army's defectors join
REBELS = {"syria": "fsa", "iraq": "fia"}
#: [23.1] "an equivalent unit": the same size, or the nearest
SIZES = ("corps", "division", "brigade", "regiment", "group", "garrison")
COUP_RULE = {"syria": R_COUP_SYRIA, "iraq": R_COUP_IRAQ}


#: [23.3] a coup with no card (card -1): every unit of Iraq's army tests its loyalty
COUP_WITHOUT_CARD = CoupParams(country="iraq", scope="all")


def coup_params(st: FitnaState, card: int, effect: int) -> CoupParams:
    if card < 0:
        return COUP_WITHOUT_CARD
    return handler_params(st, card, effect, CoupParams)


def army_on_map(st: FitnaState, country: str, space: int = -1) -> list[int]:
    """The units of ``country``'s army on the map (on ``space`` only, if given), by space and
    label."""
    t = st.tables
    f = t.force_index[country]
    d = st.data
    out = []
    for u in t.force_units[f]:
        at = d.units[u].at
        if at >= t.n_spaces or (space >= 0 and at != space):
            continue
        out.append(u)
    return sorted(out, key=lambda u: (t.space_name[d.units[u].at], t.unit_label[u]))


def testable(st: FitnaState, country: str, space: int = -1) -> list[int]:
    """[23.1] The units of ``country``'s army on the map that test their loyalty (on ``space``
    only, if given): not the loyal "L" units (the Syrian militias among them) nor militias.
    Which units these are is hidden from a player who has not seen their stacks (30.0): a
    choice offered to him may depend only on ``army_on_map``."""
    t = st.tables
    return [u for u in army_on_map(st, country, space) if not t.unit_loyal[u]]


def rebel_side(st: FitnaState, country: str, seat: str) -> int:
    """[20.0, provenance/cards.md section 11] Who runs the rebels: the player of the Free Syrian
    (Free Iraqi) Army; if nobody, the player of the card, unless he runs the regime (-1)."""
    t = st.tables
    d = st.data
    side = d.force_side[t.force_index[REBELS[country]]]
    if side < len(t.seats):
        return side
    me = t.seat_index[seat] if seat else -1
    regime = d.force_side[t.force_index[country]]
    if me >= 0 and me != regime:
        return me
    others = [t.seat_index[s] for s in t.initiative if t.seat_index[s] != regime]
    return others[0] if others and not seat else -1


def coup_refusal(st: FitnaState, seat: str, country: str, scope: str) -> str | None:
    t = st.tables
    for c in ("syria", "iraq") if country == "either" else (country,):
        if st.data.force_side[t.force_index[c]] >= len(t.seats):
            continue
        if army_on_map(st, c) and rebel_side(st, c, seat) >= 0:
            return None
    if country == "either":
        return "neither Syria's nor Iraq's army has a unit on the map (23.1)"
    label = COUNTRY_LABEL[country]
    return f"{possessive(label)} army has no unit on the map, or nobody would run the rebels (23.1, 20.0)"


def replacement(st: FitnaState, rebel: int, u: int) -> int:
    """[23.1] The rebel counter that replaces ``u``: of the same size or the nearest, taken
    first from the counters not in the scenario, then from the replacements section, then
    from a batch still to come (-1: none left)."""
    t = st.tables
    d = st.data
    n = t.n_spaces
    rank = {place_: i for i, place_ in enumerate((n + UNUSED, n + ELIMINATED, n + POOL))}
    size = SIZES.index(t.unit_size[u])
    best: tuple[int, int, int] | None = None
    found = -1
    for v in t.force_units[rebel]:
        at = d.units[v].at
        if at not in rank:
            continue
        key = (abs(SIZES.index(t.unit_size[v]) - size), rank[at], v)
        if best is None or key < best:
            best, found = key, v
    return found


@dataclass(slots=True)
class Coup(Step):
    """[23.0-23.3] A coup d'état (#67 Syria, #68 Iraq, #54 Defections in one space of either):
    the player of the regime's army rolls a die for every unit that tests its loyalty: 1-2 it
    joins the rebellion (replaced by an equivalent Free Syrian or Free Iraqi Army unit), 3-4 it
    is eliminated (the first edition: removed from the game, option ``coup_losses``), 5-6 it
    stays loyal. Where both camps now share a space, the stronger in defence keeps it (ties: the
    regime) and the other withdraws (``Withdraw``)."""

    name = "handler_coup"
    rule = R_COUP
    seat: Seat
    card: int
    effect: int
    country: Country | Literal[""] = ""  # ("": not chosen yet)
    space: int = -1
    stage: Literal["country", "space", "roll"] = "country"

    @classmethod
    def refusal(cls, st: FitnaState, seat: str, card: int, params: CoupParams) -> str | None:
        return coup_refusal(st, seat, params.country, params.scope)

    def params(self, st: FitnaState) -> CoupParams:
        return coup_params(st, self.card, self.effect)

    def _countries(self, st: FitnaState) -> list[Country]:
        t = st.tables
        armies: tuple[Country, ...] = ("syria", "iraq")
        return [
            c
            for c in armies
            if st.data.force_side[t.force_index[c]] < len(t.seats)
            and army_on_map(st, c)
            and rebel_side(st, c, self.seat) >= 0
        ]

    def seats(self, st: FitnaState) -> tuple[str, ...]:
        p = self.params(st)
        if self.stage == "country" and p.country == "either" and len(self._countries(st)) > 1:
            return (self.seat,)
        if self.stage == "space" and p.scope == "one_space" and self._spaces(st):
            return (self.seat,)
        return ()

    def _spaces(self, st: FitnaState) -> list[int]:
        """The spaces holding units of the army (what every stack shows, 30.0), whether or not
        any of them would test its loyalty (which only the regime's player may know)."""
        d = st.data
        return sorted({d.units[u].at for u in army_on_map(st, self.country)})

    def prompt(self, st: FitnaState, seat: str) -> tuple[str, str]:
        label = st.tables.card_label[self.card] if self.card >= 0 else "The coup"
        if self.stage == "country":
            return (f"{label}: in which country do the officers rise, Syria or Iraq?", R_COUP)
        return (f"{label}: choose the space whose units test their loyalty.", R_LOYAL)

    def legal(self, st: FitnaState, seat: str) -> list[Action]:
        t = st.tables
        if self.stage == "country":
            return [t.action("country", COUNTRY_LABEL[c]) for c in self._countries(st)]
        spaces = sorted(self._spaces(st), key=lambda s: t.space_name[s])
        return [t.action("space", t.space_name[s]) for s in spaces]

    def act(self, st: FitnaState, seat: str, action: Action) -> None:
        t = st.tables
        if action.verb == "country":
            self.country = next(c for c in _COUNTRIES if COUNTRY_LABEL[c] == action.args[0])
            self.stage = "space"
            return
        self.space = t.space_by_name[action.args[0]]
        self.stage = "roll"

    def run(self, st: FitnaState) -> None:
        p = self.params(st)
        if self.stage == "country":
            if not self.country:
                found = self._countries(st)
                wanted = p.country
                self.country = wanted if wanted != "either" else (found[0] if found else "")
            self.stage = "space"
            return
        if self.stage == "space":
            if p.scope == "one_space":
                spaces = self._spaces(st)
                if self.space < 0 and spaces:
                    self.space = spaces[0]
            self.stage = "roll"
            return
        st.remove(self)
        if self.country:
            carry_out_coup(st, self.country, self.seat, self.space)


def carry_out_coup(st: FitnaState, country: str, seat: str, space: int = -1) -> None:
    """[23.1-23.3] Roll for every unit that tests its loyalty, then settle the split spaces."""
    t = st.tables
    d = st.data
    rule = COUP_RULE[country]
    regime = d.force_side[t.force_index[country]]
    rebel_force = t.force_index[REBELS[country]]
    rebels = rebel_side(st, country, seat)
    if rebels < 0:
        return
    if d.force_side[rebel_force] != rebels:
        d.force_side[rebel_force] = rebels  # [provenance/cards.md 11] the card's player runs them
        st.cache.clear()
    roller = side_name(st, regime)
    where = f" on {sname(st, space)}" if space >= 0 else ""
    units = testable(st, country, space)
    st.emit(
        f"Coup in {COUNTRY_LABEL[country]}{where}: {roller} rolls for {len(units)} unit"
        f"{'s' if len(units) != 1 else ''} testing {'their' if len(units) != 1 else 'its'} loyalty; "
        "defectors go over to "
        f"{side_name(st, rebels)}.",
        rule,
    )
    st.mark_reveal()
    touched: set[int] = set()
    n = t.n_spaces
    for u in units:
        at = d.units[u].at
        touched.add(at)
        die = st.rng.randint(1, 6)
        if die <= 2:
            v = replacement(st, rebel_force, u)
            if v < 0:
                eliminate(st, u)
                st.emit(
                    f"{uname(st, u)} on {sname(st, at)} rolls {die}: it would join the rebellion, but no "
                    f"{FORCE_LABEL[REBELS[country]]} unit is left; it is eliminated.",
                    rule,
                    refs=refs_space(st, at),
                )
                continue
            for batch in d.batches.values():
                for b in batch:
                    if v in b:
                        b.remove(v)
            rec = d.units[u]
            place(st, v, at, everyone(st))  # [30.0] named to all, as the unit it replaces
            st.set_unit(v, reduced=rec.reduced and t.unit_steps[v] == 2, isolated=rec.isolated)
            # [23.1] "replaced on the map by an equivalent unit": its men now fight as the rebel
            # counter, so the regime's counter leaves the game (only the units "eliminated as a
            # result of the coup" go to the replacements section, 23.2, 23.3; NOTES.md)
            place(st, u, n + REMOVED)
            st.set_unit(u, reduced=False, isolated=False, assault=False)
            st.emit(
                f"{uname(st, u)} on {sname(st, at)} rolls {die} and joins the rebellion: it becomes "
                f"{uname(st, v)} ({FORCE_LABEL[REBELS[country]]}) and leaves the game.",
                rule,
                refs=refs_space(st, at),
            )
        elif die <= 4:
            gone = t.opts.coup_losses == "removed"
            if gone:
                place(st, u, n + REMOVED, everyone(st))
                st.set_unit(u, reduced=False, isolated=False)
            else:
                eliminate(st, u)
            what = "removed from the game" if gone else "eliminated (to the replacements section)"
            st.emit(f"{uname(st, u)} on {sname(st, at)} rolls {die}: it disbands, {what}.", rule)
        else:
            st.emit(f"{uname(st, u)} on {sname(st, at)} rolls {die} and stays loyal.", rule)
    settle(st, sorted(touched), regime, rebels, rule)


def settle(st: FitnaState, spaces: list[int], regime: int, rebels: int, rule: str) -> None:
    """[23.2, 23.3] In each space now shared by the two camps the one with the highest
    defence keeps it (ties: the regime) and the other withdraws; a space left to the rebels
    alone becomes theirs."""
    t = st.tables
    sides = unit_sides(st)
    for s in spaces:
        units = stacks(st)[s]
        loyal = [u for u in units if sides[u] != rebels]
        rebel = [u for u in units if sides[u] == rebels]
        if not rebel:
            continue
        rebel_force = {t.unit_force[u] for u in rebel}
        if not loyal:
            set_control(st, s, rebels, rebel_force)
            continue
        a, b = defence_points(st, loyal), defence_points(st, rebel)
        if b > a:
            st.emit(
                f"{sname(st, s)}: the rebels (defence {b}) hold it against the loyal units (defence {a}), "
                "who withdraw.",
                rule,
                refs=refs_space(st, s),
            )
            st.push(Withdraw(units=loyal, frm=s, side=regime, then=rebels, cite=rule))
        else:
            st.emit(
                f"{sname(st, s)}: the loyal units (defence {a}) hold it against the rebels (defence {b}), "
                "who withdraw.",
                rule,
                refs=refs_space(st, s),
            )
            st.push(Withdraw(units=rebel, frm=s, side=rebels, then=-1, cite=rule))


def withdrawal_spaces(st: FitnaState, u: int, frm: int, side: int) -> list[int]:
    """[23.2, 23.3] "The closest allied adjacent space free of any enemy units": the adjacent
    spaces of the unit's side (the first edition, option ``coup_withdrawal`` ``any``: any
    adjacent space) free of enemy units, with room; failing that the nearest such spaces,
    reached through spaces free of enemy units. Empty: the unit is eliminated."""
    t = st.tables
    control = st.data.control
    allied = t.opts.coup_withdrawal == "allied"

    def ok(s: int) -> bool:
        return (
            (not allied or control[s] == side)
            and not has_enemy(st, s, side)
            and may_enter(st, u, s)
            and room_for(st, s, [u])
        )

    seen = {frm}
    frontier = deque([frm])
    while frontier:
        layer = list(frontier)
        frontier.clear()
        found: list[int] = []
        for s in layer:
            for nb in t.adj[s]:
                if nb in seen or nb in t.out_of_play or has_enemy(st, nb, side):
                    continue
                seen.add(nb)
                frontier.append(nb)
                if ok(nb):
                    found.append(nb)
        if found:
            return sorted(found)
    return []


@dataclass(slots=True)
class Withdraw(Step):
    """[23.2, 23.3] The camp that lost a shared space withdraws, unit by unit, each chosen by
    its player among the closest spaces (``withdrawal_spaces``); ``then``: the side that takes
    the space once they are gone (-1: it stays as it is)."""

    name = "coup_withdraw"
    rule = R_COUP
    units: list[UnitId]
    frm: int
    side: int
    then: int = -1
    #: the rule cited: 23.2 (Syria) or 23.3 (Iraq)
    cite: str = R_COUP

    def _current(self, st: FitnaState) -> int:
        return next((u for u in self.units if st.data.units[u].at == self.frm), -1)

    def seats(self, st: FitnaState) -> tuple[str, ...]:
        u = self._current(st)
        if u < 0:
            return ()
        seat = st.seat_of(self.side)
        return (seat,) if seat and withdrawal_spaces(st, u, self.frm, self.side) else ()

    def prompt(self, st: FitnaState, seat: str) -> tuple[str, str]:
        u = self._current(st)
        return (f"{uname(st, u)} must withdraw from {sname(st, self.frm)}: choose where.", self.cite)

    def legal(self, st: FitnaState, seat: str) -> list[Action]:
        t = st.tables
        spaces = withdrawal_spaces(st, self._current(st), self.frm, self.side)
        return [t.action("withdraw", t.space_name[s]) for s in sorted(spaces, key=lambda x: t.space_name[x])]

    def anytime(self, st: FitnaState, seat: str) -> tuple[Action, ...]:
        return ()  # the Joker is not offered beside this choice

    def act(self, st: FitnaState, seat: str, action: Action) -> None:
        self._go(st, self._current(st), st.tables.space_by_name[action.args[0]])

    def run(self, st: FitnaState) -> None:
        u = self._current(st)
        if u < 0:
            st.remove(self)
            if self.then >= 0 and stacks(st)[self.frm]:
                forces = {st.tables.unit_force[x] for x in stacks(st)[self.frm]}
                set_control(st, self.frm, self.then, forces)
            return
        spaces = withdrawal_spaces(st, u, self.frm, self.side)
        if spaces:
            self._go(st, u, spaces[0])
            return
        eliminate(st, u)
        st.emit(f"{uname(st, u)} cannot withdraw from {sname(st, self.frm)} and is eliminated.", self.cite)

    def _go(self, st: FitnaState, u: int, dest: int) -> None:
        t = st.tables
        place(st, u, dest, st.data.known[self.frm])  # [30.0] named to all
        if st.data.control[dest] != self.side:
            set_control(st, dest, self.side, [t.unit_force[u]])
        st.emit(
            f"{uname(st, u)} withdraws from {sname(st, self.frm)} to {sname(st, dest)}.",
            self.cite,
            refs=refs_space(st, self.frm, dest),
        )
        rejoin(st, dest)  # [14.1]


@dataclass(slots=True)
class CoupAtSetup(Frame[FitnaState]):
    """[23.3] Scenarios 8 and 11 begin with a coup in Iraq: the player of the Iraqi army rolls
    for its units before the opening hands (#68 read for its context)."""

    name = "handler_coup_at_setup"
    rule = R_COUP_IRAQ

    def run(self, st: FitnaState) -> None:
        st.pop()
        st.emit("The scenario begins with a coup in Iraq.", R_COUP_IRAQ)
        carry_out_coup(st, "iraq", "")


# =============================================================================================
# The War in Lebanon [24.0]
# =============================================================================================


@dataclass(slots=True)
class WarInLebanon(Frame[FitnaState]):
    """[24.0] #41: Israel strikes Hezbollah in Lebanon; no unit is placed. A die for each
    Lebanese Hezbollah unit on the map (not the Iranian Hezbollah units): 1-2 no effect, 3 it
    loses a step, 4-6 it is eliminated and removed from the game.

    [24.0, 30.0] The card may be played whether or not a Lebanese Hezbollah unit is on the map
    (its printed limits are the scenario and the turn): which Hezbollah units on an unseen
    stack are Lebanese and which Iranian is hidden, so whether it may be played must not
    depend on it. With none on the map, only the tension rises."""

    name = "handler_war_in_lebanon"
    rule = R_LEBANON
    seat: Seat
    card: int
    effect: int

    def run(self, st: FitnaState) -> None:
        st.pop()
        st.mark_reveal()
        n = st.tables.n_spaces
        targets = lebanese_hezbollah(st)
        if not targets:
            st.emit("War in Lebanon: no Lebanese Hezbollah unit is on the map; no die is rolled.", R_LEBANON)
        for u in targets:
            at = st.data.units[u].at
            die = st.rng.randint(1, 6)
            if die <= 2:
                st.emit(
                    f"War in Lebanon: {uname(st, u)} on {sname(st, at)} rolls {die}, no effect.", R_LEBANON
                )
            elif die == 3:
                gone = lose_step(st, u, everyone(st))
                what = "already reduced, it is eliminated" if gone else "it is reduced"
                st.emit(f"War in Lebanon: {uname(st, u)} on {sname(st, at)} rolls 3: {what}.", R_LEBANON)
            else:
                place(st, u, n + REMOVED, everyone(st))
                st.set_unit(u, reduced=False, isolated=False)
                st.emit(
                    f"War in Lebanon: {uname(st, u)} on {sname(st, at)} rolls {die}: eliminated and "
                    "removed from the game.",
                    R_LEBANON,
                    refs=refs_space(st, at),
                )


def lebanese_hezbollah(st: FitnaState) -> list[int]:
    """[24.0] Hezbollah units on the map, except the Iranian Hezbollah units (15.0)."""
    t = st.tables
    d = st.data
    units = [
        u
        for u in t.force_units[t.force_index["hezbollah"]]
        if d.units[u].at < t.n_spaces and not t.unit_iranian[u]
    ]
    return sorted(units, key=lambda u: t.unit_label[u])


# =============================================================================================
# The PKK rebellion [26.7]
# =============================================================================================


def pkk_pool(st: FitnaState, garrison: bool) -> list[int]:
    """PKK units in the Kurdish Force Pool (not on the map nor out of the game)."""
    t = st.tables
    n = t.n_spaces
    d = st.data
    return [
        u
        for u in t.force_units[t.force_index["pkk"]]
        if d.units[u].at in (n + POOL, n + ELIMINATED) and t.unit_garrison[u] == garrison
    ]


def rebellion_refusal(st: FitnaState) -> str | None:
    t = st.tables
    if PKK_ONGOING in st.data.firsts or PKK_OVER in st.data.firsts:
        return "a PKK rebellion has already broken out in this game (26.7)"
    if not pkk_spaces_in_turkey(st) or all(s in t.out_of_play for s in pkk_spaces_in_turkey(st)):
        return "Turkey is not in play (26.7)"
    if not pkk_pool(st, True) and not pkk_pool(st, False):
        return "no PKK unit is in the Kurdish Force Pool (26.7)"
    return None


@dataclass(slots=True)
class PkkRebellion(Step):
    """[26.7] A general PKK rebellion in Turkey (#75): a PKK garrison from the Kurdish Force
    Pool on every PKK space in Turkey free of Turkish units (if garrisons run short, the player
    chooses the spaces), then the two mobile PKK units on PKK-held spaces free of Turkish units.
    The spaces occupied become the PKK's; the rebellion lasts until Turkey holds every PKK space
    in Turkey (``common.pkk_check``). #24 Kurdish Rivalry cannot cancel it (26.5)."""

    name = "handler_pkk_rebellion"
    rule = R_PKK
    seat: Seat
    card: int
    effect: int
    stage: Literal["garrisons", "mobile"] = "garrisons"
    space: int = -1
    started: bool = False

    @classmethod
    def refusal(cls, st: FitnaState, seat: str, card: int, params: NoParams) -> str | None:
        return rebellion_refusal(st)

    def _side(self, st: FitnaState) -> int:
        return st.data.force_side[st.tables.force_index["pkk"]]

    def _open(self, st: FitnaState) -> list[int]:
        """PKK spaces in Turkey free of Turkish units and still without a garrison: empty ones
        (nobody stacks with the Kurds, 20.0)."""
        t = st.tables
        return [s for s in pkk_spaces_in_turkey(st) if s not in t.out_of_play and not stacks(st)[s]]

    def _mobile_spaces(self, st: FitnaState, u: int) -> list[int]:
        t = st.tables
        side = self._side(st)
        control = st.data.control
        return [
            s
            for s in range(t.n_spaces)
            if control[s] == side
            and not has_enemy(st, s, side)
            and may_enter(st, u, s)
            and room_for(st, s, [u])
        ]

    def seats(self, st: FitnaState) -> tuple[str, ...]:
        if not self.started:
            return ()
        if self.stage == "garrisons":
            if self.space >= 0:
                return (self.seat,) if len(self._garrison_kinds(st)) > 1 else ()
            left = pkk_pool(st, True)
            spaces = self._open(st)
            return (self.seat,) if left and spaces and len(left) < len(spaces) else ()
        mobile = pkk_pool(st, False)
        return (self.seat,) if mobile and len(self._mobile_spaces(st, mobile[0])) > 1 else ()

    def _garrison_kinds(self, st: FitnaState) -> dict[str, int]:
        """The garrisons left, one of each strength (they differ only in their values)."""
        t = st.tables
        kinds: dict[str, int] = {}
        for u in pkk_pool(st, True):
            kinds.setdefault(f"{t.unit_defence[u][0]}", u)
        return kinds

    def prompt(self, st: FitnaState, seat: str) -> tuple[str, str]:
        if self.stage == "garrisons":
            if self.space >= 0:
                return (f"PKK rebellion: which garrison goes to {sname(st, self.space)}?", R_PKK)
            return ("PKK rebellion: too few garrisons; choose a PKK space in Turkey to receive one.", R_PKK)
        u = pkk_pool(st, False)[0]
        return (f"PKK rebellion: place {uname(st, u)} on a PKK-held space free of Turkish units.", R_PKK)

    def legal(self, st: FitnaState, seat: str) -> list[Action]:
        t = st.tables
        if self.stage == "garrisons":
            if self.space >= 0:
                return [
                    t.action("garrison", f"defence {k}")
                    for k in sorted(self._garrison_kinds(st), reverse=True)
                ]
            return [
                t.action("space", t.space_name[s])
                for s in sorted(self._open(st), key=lambda x: t.space_name[x])
            ]
        u = pkk_pool(st, False)[0]
        spaces = sorted(self._mobile_spaces(st, u), key=lambda x: t.space_name[x])
        return [t.action("place", t.space_name[s]) for s in spaces]

    def act(self, st: FitnaState, seat: str, action: Action) -> None:
        t = st.tables
        if action.verb == "space":
            self.space = t.space_by_name[action.args[0]]
        elif action.verb == "garrison":
            u = self._garrison_kinds(st)[action.args[0].split()[-1]]
            self._put(st, u, self.space)
            self.space = -1
        else:
            self._put(st, pkk_pool(st, False)[0], t.space_by_name[action.args[0]])

    def run(self, st: FitnaState) -> None:
        if not self.started:
            self.started = True
            if not self.seat:
                self.seat = setup_placer(st)
            if PKK_ONGOING not in st.data.firsts:
                st.data.firsts.append(PKK_ONGOING)
            st.emit("A general PKK rebellion breaks out in Turkey.", R_PKK)
            return
        if self.stage == "garrisons":
            garrisons = pkk_pool(st, True)
            spaces = self._open(st)
            if self.space >= 0 and garrisons:
                kinds = self._garrison_kinds(st)
                self._put(st, next(iter(kinds.values())), self.space)
                self.space = -1
                return
            if garrisons and spaces:
                self.space = spaces[0]  # every space gets one (or the player chose): now which
                return
            self.stage = "mobile"
            return
        mobile = pkk_pool(st, False)
        if mobile:
            spaces = self._mobile_spaces(st, mobile[0])
            if spaces:
                self._put(st, mobile[0], spaces[0])
                return
        st.remove(self)
        left = len(pkk_pool(st, True))
        st.emit(f"The rebellion is placed; {left} PKK garrisons stay in the Kurdish Force Pool.", R_PKK)
        pkk_check(st)

    def _put(self, st: FitnaState, u: int, s: int) -> None:
        t = st.tables
        side = self._side(st)
        place(st, u, s, everyone(st))  # [30.0] named to all, at full strength
        st.set_unit(u, reduced=False, isolated=False)
        if st.data.control[s] != side:
            set_control(st, s, side, [t.unit_force[u]])
        st.emit(f"{uname(st, u)} rises on {sname(st, s)}.", R_PKK, refs=refs_space(st, s))
        rejoin(st, s)  # [14.1]


@dataclass(slots=True)
class PkkRebellionAtSetup(PkkRebellion):
    """[26.7] Scenarios 3 and 7 begin with the PKK rebellion, placed by the Kurdish player
    (scenario 7) or else by the first player in the order of play."""

    name = "handler_pkk_rebellion_at_setup"
    seat: Seat = ""
    card: int = -1
    effect: int = 0


def setup_placer(st: FitnaState) -> str:
    t = st.tables
    owner = st.seat_of(st.data.force_side[t.force_index["pkk"]])
    return owner or t.initiative[0]


FRAMES: tuple[type[Frame[Any]], ...] = (
    Coup,
    Withdraw,
    CoupAtSetup,
    WarInLebanon,
    PkkRebellion,
    PkkRebellionAtSetup,
)
