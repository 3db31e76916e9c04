"""The handler cards that are neither upheavals, activations nor great-power moves
(provenance/cards.md section 8): ``restriction`` (#38, #65, #71, #72, #73, #86, #93),
``cyber_war`` (#37), ``mobilise`` (#47-49), ``oil_revenue`` (#76), ``evacuation_deal``
(#78), ``targeted_strike`` (#80, #84, #85), ``extra_batch`` (#89) and ``security_council``
(#90, which may end the game at once).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from consim.core.action import Action
from consim.core.data import SeatOrNone
from consim.core.flow import Frame
from consim.games.fitna.board import (
    arrival_spaces,
    banned_between,
    commanded_sides,
    may_attack_space,
    owner,
    runs_force,
    seat_nation,
    stacks,
    strike_spaces,
    unit_sides,
    units_of,
)
from consim.games.fitna.rules import R_EVENTS, R_REINFORCE, possessive
from consim.games.fitna.rules.common import (
    A_PASS,
    ELIMINATED,
    Losses,
    Step,
    change_tension,
    cname,
    discard_card,
    eliminate,
    on_fight,
    owner_seat,
    refs_space,
    set_control,
    sname,
    strike_witnesses,
    take_from_hand,
    touch,
    uname,
)
from consim.games.fitna.rules.deck import handler_params
from consim.games.fitna.state import ActiveEffect, FitnaState, Seat, Space
from consim.games.fitna.vocabulary import (
    CyberWarParams,
    MobiliseParams,
    NoParams,
    OilRevenueParams,
    RestrictionParams,
    SecurityCouncilParams,
    TargetedStrikeParams,
)


def label(st: FitnaState, card: int) -> str:
    return st.tables.card_label[card]


# =============================================================================================
# restriction [#38, #65, #71, #72, #73, #86, #93]
# =============================================================================================


def until(st: FitnaState, when: str, bound: int) -> tuple[int, int]:
    """(until_turn, phase_of) of a restriction lasting ``when``."""
    d = st.data
    if when == "end_of_next_turn":
        return d.turn + 1, -1
    if when == "end_of_next_phase":
        return st.tables.scenario.turns + 1, bound
    return d.turn, -1


@dataclass(slots=True)
class Restriction(Frame[FitnaState]):
    """A restriction on a player (``who``: the card's player, an opponent he names, or both
    toward each other), read by the rule it changes: ``no_offensives_between`` (offensives and
    strikes), ``no_tag_against`` (cards of a tag against the player's units), ``no_batch``
    (15.0), ``one_ops_card`` (16.0), ``no_events`` (12.1 step 1), until the end of the turn,
    of the next turn, or of the bound player's next phase."""

    name = "handler_restriction"
    rule = R_EVENTS
    seat: Seat
    card: int
    effect: int
    opponent: SeatOrNone = ""

    @classmethod
    def names_opponent(cls, params: RestrictionParams) -> bool:
        return params.who in ("chosen_opponent", "both")

    def run(self, st: FitnaState) -> None:
        st.pop()
        t = st.tables
        p = handler_params(st, self.card, self.effect, RestrictionParams)
        me = t.seat_index[self.seat]
        other = t.seat_index[self.opponent] if self.opponent else me
        bound = me if p.who == "self" else other
        rule = p.rule
        tag = p.tag or ""
        until_turn, phase_of = until(st, p.until, bound)
        st.data.effects.append(
            ActiveEffect(
                kind=rule,
                card=self.card,
                seat=me,
                other=bound,
                until_turn=until_turn,
                phase_of=phase_of,
                tag=tag,
            )
        )
        whom = t.seats[bound]
        text = {
            "no_offensives_between": f"{self.seat} and {whom} may not attack or strike each other",
            "no_tag_against": f"no {tag} card may be played against {possessive(whom)} units",
            "no_batch": f"{whom} may take no batch of reinforcements",
            "one_ops_card": f"{whom} may spend only one card for OPs",
            "no_events": f"{whom} may play no Event card but Reinforcements",
        }.get(rule, rule)
        span = {
            "end_of_next_turn": "until the end of the next turn",
            "end_of_next_phase": f"until the end of {possessive(whom)} next phase",
        }.get(p.until, "until the end of the turn")
        st.emit(f"{label(st, self.card)}: {text} {span}.", R_EVENTS)


# =============================================================================================
# cyber_war [#37]
# =============================================================================================


@dataclass(slots=True)
class CyberWar(Frame[FitnaState]):
    """#37 Cyber War, at the start of the Offensives segment: the opponent named loses a card
    at random and rolls a die (5-6: his hackers strike back, the Cyber War player loses a card
    at random); until the end of the phase the player's offensives against that opponent's
    units gain 2 column shifts and the opponent may commit no Asset to them."""

    name = "handler_cyber_war"
    rule = R_EVENTS
    timing = "offensives"
    seat: Seat
    card: int
    effect: int
    opponent: SeatOrNone = ""
    stage: Literal["hit", "roll", "end"] = "hit"

    @classmethod
    def names_opponent(cls, params: CyberWarParams) -> bool:
        return True

    def run(self, st: FitnaState) -> None:
        t = st.tables
        p = handler_params(st, self.card, self.effect, CyberWarParams)
        if not self.opponent:
            st.pop()
            return
        if self.stage == "hit":
            self.stage = "roll"
            me = t.seat_index[self.seat]
            st.data.effects.append(
                ActiveEffect(
                    kind="cyber",
                    card=self.card,
                    seat=me,
                    other=t.seat_index[self.opponent],
                    columns=p.shift,
                    until_turn=t.scenario.turns + 1,
                    phase_of=me,
                )
            )
            st.emit(
                f"Cyber War: {possessive(self.opponent)} networks are down; "
                f"{possessive(self.seat)} offensives against them gain {p.shift} column "
                "shifts this phase, and they may commit no Asset.",
                R_EVENTS,
            )
            st.push_named("lose_cards", seat=self.seat, opponent=self.opponent, count=p.opponent_loses)
            return
        if self.stage == "roll":
            self.stage = "end"
            die = st.rng.randint(1, 6)
            if die in p.backfire_on:
                st.emit(f"{self.opponent} rolls {die}: the hackers strike back.", R_EVENTS)
                st.push_named(
                    "lose_cards",
                    seat=self.opponent,
                    opponent=self.seat,
                    count=p.backfire_loses,
                )
            else:
                st.emit(f"{self.opponent} rolls {die}: no answer from the hackers.", R_EVENTS)
            return
        st.pop()


# =============================================================================================
# mobilise [#47-49]
# =============================================================================================


@dataclass(slots=True)
class Mobilise(Step):
    """Take up to ``units`` units of the listed forces from the player's own Force Pool (the
    replacements section, or a batch still to come, struck off it) and place each as a
    reinforcement of its kind (15.0); not a batch (neither one a turn nor ``no_batch``)."""

    name = "handler_mobilise"
    rule = R_REINFORCE
    seat: Seat
    card: int
    effect: int
    left: int = -1

    def _units(self, st: FitnaState) -> list[int]:
        t = st.tables
        d = st.data
        me = t.seat_index[self.seat]
        forces = {t.force_index[f] for f in handler_params(st, self.card, self.effect, MobiliseParams).forces}
        box = t.n_spaces + ELIMINATED
        coming = {u for b in d.batches[self.seat] for u in b}
        return [
            u
            for f in sorted(forces)
            for u in t.force_units[f]
            if owner(st, u) == me and (d.units[u].at == box or u in coming) and arrival_spaces(st, u, me)
        ]

    def seats(self, st: FitnaState) -> tuple[str, ...]:
        if self.left < 0:
            return ()
        return (self.seat,) if self.left > 0 and self._units(st) else ()

    def prompt(self, st: FitnaState, seat: str) -> tuple[str, str]:
        return (
            f"{label(st, self.card)}: take a unit from your Force Pool ({self.left} left), or 'done'.",
            R_REINFORCE,
        )

    def legal(self, st: FitnaState, seat: str) -> list[Action]:
        t = st.tables
        units = sorted(self._units(st), key=lambda x: t.unit_label[x])
        return [*(t.action("mobilise", uname(st, u)) for u in units), t.action("done")]

    def act(self, st: FitnaState, seat: str, action: Action) -> None:
        t = st.tables
        if action.verb == "done":
            st.remove(self)
            return
        u = t.unit_by_label[action.args[0]]
        self.left -= 1
        batches = st.data.batches[self.seat]
        for b in batches:
            if u in b:
                b.remove(u)
        batches[:] = [b for b in batches if b]
        st.emit(f"{seat} mobilises {uname(st, u)}.", R_REINFORCE)
        st.push_named("place_units", seat=seat, units=[u], rebuild=True)

    def run(self, st: FitnaState) -> None:
        if self.left < 0:
            self.left = handler_params(st, self.card, self.effect, MobiliseParams).units
            return
        st.remove(self)


# =============================================================================================
# oil_revenue [#76], extra_batch [#89]
# =============================================================================================


@dataclass(slots=True)
class OilRevenue(Frame[FitnaState]):
    """#76: OPs for this phase's Planning, ``per_oilfield`` for each oilfield the player
    holds, at most ``max``."""

    name = "handler_oil_revenue"
    rule = R_EVENTS
    seat: Seat
    card: int
    effect: int

    def run(self, st: FitnaState) -> None:
        st.pop()
        t = st.tables
        p = handler_params(st, self.card, self.effect, OilRevenueParams)
        me = t.seat_index[self.seat]
        fields = sum(1 for s in range(t.n_spaces) if t.space_oil[s] and st.data.control[s] == me)
        gain = min(p.max, p.per_oilfield * fields)
        st.data.bonus_ops += gain
        st.emit(
            f"Oil Revenues: {self.seat} holds {fields} oilfield{'s' if fields != 1 else ''} and gains {gain} "
            "OPs for this phase's Planning.",
            "16.0",
        )


@dataclass(slots=True)
class ExtraBatch(Frame[FitnaState]):
    """#89: the player takes his next batch at once, even if he already took one this turn (it
    counts as his batch of the turn); with no batch left, or barred by a restriction, he takes
    replacements instead (15.0)."""

    name = "handler_extra_batch"
    rule = R_REINFORCE
    seat: Seat
    card: int
    effect: int

    def run(self, st: FitnaState) -> None:
        st.pop()
        t = st.tables
        d = st.data
        me = t.seat_index[self.seat]
        barred = any(e.kind == "no_batch" and e.other == me for e in d.effects)
        if d.batches[self.seat] and not barred:
            batch = d.batches[self.seat].pop(0)
            d.batch_turn[self.seat] = d.turn
            shown = ", ".join(uname(st, u) for u in batch)
            st.emit(f"{self.seat} takes a batch of reinforcements at once: {shown}.", R_REINFORCE)
            st.push_named("place_units", seat=self.seat, units=batch)
            return
        st.emit(f"{self.seat} has no batch to take: replacements instead.", R_REINFORCE)
        st.push_named("reinforce", seat=self.seat)


# =============================================================================================
# evacuation_deal [#78]
# =============================================================================================


def evacuable(st: FitnaState, seat: str) -> list[int]:
    """Spaces whose units are all of one other side (a player, IS or one Kurdish faction),
    all Isolated, next to a unit of the player that could legally attack them."""
    t = st.tables
    d = st.data
    me = t.seat_index[seat]
    mine = {me, *commanded_sides(st, me)}
    sides = unit_sides(st)
    mine_at = {d.units[u].at: u for u in units_of(st, me)}
    out = []
    for s, units in enumerate(stacks(st)):
        if not units or s in t.out_of_play:
            continue
        side = sides[units[0]]
        if side in mine or any(sides[u] != side or not d.units[u].isolated for u in units):
            continue
        if side < len(t.seats) and banned_between(st, me, side):
            continue
        near = [mine_at[a] for a in t.adj[s] if a in mine_at]
        if any(may_attack_space(st, [u], s) for u in near):
            out.append(s)
    return out


@dataclass(slots=True)
class EvacuationDeal(Step):
    """#78: the isolated units of one space next to the player's units leave it for their
    Force Pool (IS counters face down to the IS pool, Kurds to the Kurdish pool); its
    entrenchment goes; the player takes the empty space (a capture for 22.0 and victory)."""

    name = "handler_evacuation_deal"
    rule = R_EVENTS
    seat: Seat
    card: int
    effect: int

    @classmethod
    def refusal(cls, st: FitnaState, seat: str, card: int, params: NoParams) -> str | None:
        if not evacuable(st, seat):
            return "no besieged space (all its units Isolated) lies next to your units (14.1)"
        return None

    def seats(self, st: FitnaState) -> tuple[str, ...]:
        return (self.seat,) if evacuable(st, self.seat) else ()

    def prompt(self, st: FitnaState, seat: str) -> tuple[str, str]:
        return ("Siege Evacuation Deal: choose the besieged space whose units leave.", R_EVENTS)

    def legal(self, st: FitnaState, seat: str) -> list[Action]:
        t = st.tables
        return [
            t.action("evacuate", t.space_name[s])
            for s in sorted(evacuable(st, seat), key=lambda x: t.space_name[x])
        ]

    def act(self, st: FitnaState, seat: str, action: Action) -> None:
        t = st.tables
        s = t.space_by_name[action.args[0]]
        st.remove(self)
        units = list(stacks(st)[s])
        for u in units:
            eliminate(st, u)
        touch(st, s)
        st.emit(
            f"Siege Evacuation Deal: the {len(units)} besieged units leave {sname(st, s)} for their "
            f"Force Pool; {seat} takes the space.",
            R_EVENTS,
            refs=refs_space(st, s),
        )
        if st.data.entrenched[s]:
            st.data.entrenched[s] = False
        set_control(st, s, t.seat_index[seat], [seat_nation(st, t.seat_index[seat])])


# =============================================================================================
# targeted_strike [#80, #84, #85]
# =============================================================================================


def striking_nation(st: FitnaState, seat: str, card: int) -> int:
    """[21.0, provenance/cards.md section 8] Israel for #80 (the card's own force), the United
    States for #84 and #85 (cards anyone may play)."""
    t = st.tables
    me = t.seat_index[seat]
    for f in sorted(t.card_usable_by[card]):
        if runs_force(st, me, f):
            return f
    return t.force_index["us"]


def target_spaces(st: FitnaState, seat: str, card: int, params: TargetedStrikeParams) -> list[int]:
    t = st.tables
    side = t.seat_index[seat]
    forces = {t.force_index[f] for f in params.forces}
    countries = {t.country_index[c] for c in params.countries}
    reach = params.reach
    origins = sorted({st.data.units[u].at for u in units_of(st, side)})
    spaces = strike_spaces(st, side, striking_nation(st, seat, card), reach, origins)
    return [
        s
        for s in spaces
        if any(t.unit_force[u] in forces for u in stacks(st)[s])
        and (not countries or t.space_country[s] in countries)
    ]


@dataclass(slots=True)
class TargetedStrike(Frame[FitnaState]):
    """A strike (provenance/cards.md 5.4) on spaces holding units of the listed forces (in the
    listed countries), the steps taken from those units only; the striking nationality is the
    card's force (Israel for #80) or the United States (#84, #85), bound by the caveats (21.0)."""

    name = "handler_targeted_strike"
    rule = R_EVENTS
    picks_spaces = True
    seat: Seat
    card: int
    effect: int
    spaces: list[Space]

    @classmethod
    def space_choices(cls, st: FitnaState, seat: str, card: int, params: TargetedStrikeParams) -> list[int]:
        return target_spaces(st, seat, card, params)

    @classmethod
    def space_count(cls, params: TargetedStrikeParams) -> int:
        return params.spaces

    @classmethod
    def space_steps(cls, params: TargetedStrikeParams) -> int:
        return params.steps

    @classmethod
    def refusal(cls, st: FitnaState, seat: str, card: int, params: TargetedStrikeParams) -> str | None:
        if not target_spaces(st, seat, card, params):
            return "no space holds units it may strike (21.0)"
        return None

    def run(self, st: FitnaState) -> None:
        st.pop()
        t = st.tables
        p = handler_params(st, self.card, self.effect, TargetedStrikeParams)
        forces = {t.force_index[f] for f in p.forces}
        nation = striking_nation(st, self.seat, self.card)
        for s in reversed(self.spaces):
            units = [u for u in stacks(st)[s] if t.unit_force[u] in forces]
            if not units:
                continue
            owner = owner_seat(st, s)
            on_fight(st, {nation}, {t.unit_force[u] for u in units}, s, True)
            st.push(
                Losses(
                    seat=owner,
                    units=units,
                    steps=p.steps,
                    space=s,
                    why=f"{cname(st, self.card)} strikes {sname(st, s)}",
                    cite=R_EVENTS,
                    witnesses=strike_witnesses(st, s, owner, self.seat),
                )
            )


# =============================================================================================
# security_council [#90]
# =============================================================================================


def vetoers(st: FitnaState, seat: str, forces: list[str]) -> list[str]:
    """Players other than ``seat``, in the order of play after him, who control units of a
    veto power on the map or are promised them by the scenario (27.1, 28.0)."""
    t = st.tables
    sc = t.scenario
    promised: dict[str, set[str]] = {
        "us": {i.seat for i in sc.us_intervention},
        "russia": {x for x in (sc.russia_controller, sc.russia_at_tension_10) if x},
    }
    order = list(t.initiative)
    i = order.index(seat)
    out = []
    for other in order[i + 1 :] + order[:i]:
        k = t.seat_index[other]
        for f in forces:
            fi = t.force_index[f]
            on_map = any(t.unit_force[u] == fi for u in units_of(st, k))
            if (runs_force(st, k, fi) and on_map) or other in promised.get(f, set()):
                out.append(other)
                break
    return out


@dataclass(slots=True)
class SecurityCouncil(Step):
    """#90: every player who holds a veto power's forces (or is promised them) may veto by
    discarding ``veto_cost`` card; the first veto ends it (tension changes by
    ``else_tension``). Without a veto a die at most tension - 4 imposes a general cease-fire:
    the game ends at once and victory is judged (31.0); otherwise tension changes by
    ``else_tension``."""

    name = "handler_security_council"
    rule = R_EVENTS
    seat: Seat
    card: int
    effect: int
    at: int = 0
    vetoed: bool = False

    def _order(self, st: FitnaState) -> list[str]:
        p = handler_params(st, self.card, self.effect, SecurityCouncilParams)
        return vetoers(st, self.seat, list(p.veto_by))

    def _next(self, st: FitnaState) -> int:
        """The next player from ``at`` who may veto (he has the cards to pay), or -1."""
        order = self._order(st)
        cost = handler_params(st, self.card, self.effect, SecurityCouncilParams).veto_cost
        for i in range(self.at, len(order)):
            if len(st.data.hands[order[i]]) >= cost:
                return i
        return -1

    def seats(self, st: FitnaState) -> tuple[str, ...]:
        i = -1 if self.vetoed else self._next(st)
        return (self._order(st)[i],) if i >= 0 else ()

    def prompt(self, st: FitnaState, seat: str) -> tuple[str, str]:
        return ("UN Security Council: veto the resolution by discarding a card, or pass.", R_EVENTS)

    def legal(self, st: FitnaState, seat: str) -> list[Action]:
        t = st.tables
        names = sorted({t.card_name[c] for c in st.data.hands[seat]})
        return [A_PASS, *(t.action("veto", n) for n in names)]

    def act(self, st: FitnaState, seat: str, action: Action) -> None:
        t = st.tables
        if action == A_PASS:
            self.at = self._next(st) + 1
            st.emit(f"{seat} does not veto.", R_EVENTS)
            return
        c = next(x for x in st.data.hands[seat] if t.card_name[x] == action.args[0])
        take_from_hand(st, seat, c)
        discard_card(st, c, [seat])  # [30.0] face down: only he knows which card
        self.vetoed = True
        st.emit(f"{seat} vetoes the resolution and discards a card.", R_EVENTS)
        st.emit(f"You discard {cname(st, c)}.", R_EVENTS, to=(seat,))

    def run(self, st: FitnaState) -> None:
        d = st.data
        p = handler_params(st, self.card, self.effect, SecurityCouncilParams)
        st.remove(self)
        change = p.else_tension
        if self.vetoed:
            change_tension(st, change, "UN Security Council vetoed")
            return
        die = st.rng.randint(1, 6)
        if die <= d.tension - 4:
            st.emit(
                f"UN Security Council: die {die} (at most {d.tension - 4} with tension {d.tension}): the "
                "powers impose a general cease-fire and the game ends now.",
                R_EVENTS,
            )
            end_now(st, self.card, f"UN Security Council cease-fire ({label(st, self.card)})")
            return
        st.emit(f"UN Security Council: die {die}, the resolution fails.", R_EVENTS)
        change_tension(st, change, "UN Security Council")


def end_now(st: FitnaState, card: int, why: str) -> None:
    """The game ends at once: the card is carried out and leaves the game, every procedure
    under way stops, and victory is judged as after the last turn (31.0)."""
    d = st.data
    d.ended = why
    for c in list(d.in_play):
        d.in_play.remove(c)
        if c == card:
            d.played.append(c)
            d.removed.append(c)
        else:
            discard_card(st, c)
    while len(st.stack) > 1:
        st.pop()


FRAMES: tuple[type[Frame[Any]], ...] = (
    Restriction,
    CyberWar,
    Mobilise,
    OilRevenue,
    ExtraBatch,
    EvacuationDeal,
    TargetedStrike,
    SecurityCouncil,
)
