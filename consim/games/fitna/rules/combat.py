"""The Offensives segment (12.1 step 5, 18.0-18.7).

An offensive is launched in atomic steps: the space attacked from, the units (one at a time,
then 'attack'), the target. Then the defender announces his Assets, the attacker his (and
his cancellations of the defender's), and each side may answer the other's cards with
cancellations (18.3; provenance/cards.md section 5.3); Assets that strike hit the target; the
die is rolled on the CRT as printed, the column capped at both ends (18.1, 18.2); losses,
retreats, the advance after combat and the exploitation by armour follow (18.4-18.7).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from consim.core.action import Action
from consim.core.flow import Frame
from consim.games.fitna.board import (
    attack_points,
    banned_between,
    defence_points,
    has_enemy,
    may_attack_space,
    may_enter,
    may_strike_space,
    retreat_spaces,
    room_for,
    seat_nation,
    stacks,
    unit_sides,
)
from consim.games.fitna.content import CRT, CRT_COLUMNS, ColumnShift, Handler, Strike, crt_column
from consim.games.fitna.rules import (
    R_ADVANCE,
    R_ASSET_PLAY,
    R_CRT,
    R_LOSSES,
    R_OFFENSIVE,
    R_RESULTS,
    R_RETREAT,
    R_SHIFTS,
)
from consim.games.fitna.rules.common import (
    A_DONE,
    Losses,
    MenuStep,
    Step,
    card_in_hand,
    cname,
    discard_card,
    eliminate,
    joker_window,
    lose_step,
    names,
    on_attack_space,
    on_enter,
    on_fight,
    owner_seat,
    place,
    push_levels,
    refs_space,
    set_control,
    side_name,
    sname,
    stack_forces,
    take_from_hand,
    uname,
)
from consim.games.fitna.rules.deck import cancels, handler_frame, reaction_refusal, timing_refusal
from consim.games.fitna.state import ActiveEffect, Card, FitnaState, Seat, UnitId

#: [18.3] results under which the attacker takes the space
WINS = ("DR", "DR*", "DS")


# =============================================================================================
# Who may attack what [18.0, 20.0, 21.0]
# =============================================================================================


def segment_cards(st: FitnaState, seat: str) -> list[int]:
    """Cards played at the start of the Offensives segment, before the first offensive (#37
    Cyber War): those whose handler frame says ``timing = "offensives"`` and allows it."""
    t = st.tables
    out: list[int] = []
    seen: set[str] = set()
    for c in st.data.hands[seat]:
        if t.card_name[c] in seen or timing_refusal(st, seat, c):
            continue
        handlers = [e for e in t.card_effects[c] if isinstance(e, Handler)]
        if not handlers:
            continue
        ok = True
        for e in handlers:
            cls = handler_frame(st, e.name)
            if cls is None or getattr(cls, "timing", "") != "offensives":
                ok = False
                break
            check = getattr(cls, "refusal", None)
            if check is not None and check(st, seat, c, dict(e.params)) is not None:
                ok = False
                break
        if ok:
            seen.add(t.card_name[c])
            out.append(c)
    return out


def can_attack(st: FitnaState, u: int) -> bool:
    """A unit that may take part in an offensive: it has an attack value (26.1: garrisons
    never attack)."""
    t = st.tables
    return not t.unit_garrison[u] and t.unit_attack[u][0] > 0 and not t.unit_is[u]


def attackers_at(st: FitnaState, seat: str, s: int) -> list[int]:
    side = st.tables.seat_index[seat]
    sides = unit_sides(st)
    return [u for u in stacks(st)[s] if sides[u] == side and can_attack(st, u)]


def targets_for(st: FitnaState, seat: str, source: int, units: list[int]) -> list[int]:
    """[18.0, 21.0] Adjacent spaces holding enemy units that all of ``units`` may attack."""
    t = st.tables
    side = t.seat_index[seat]
    out = []
    for s in t.adj[source]:
        if s in t.out_of_play or not has_enemy(st, s, side):
            continue
        if not may_attack_space(st, units, s):
            continue
        foe = unit_sides(st)[stacks(st)[s][0]]
        if foe < len(t.seats) and banned_between(st, side, foe):
            continue
        out.append(s)
    return out


def sources_for(st: FitnaState, seat: str) -> list[int]:
    """Spaces the seat may launch an offensive from: some unit there can attack some target."""
    t = st.tables
    side = t.seat_index[seat]
    out = []
    for s in range(t.n_spaces):
        if st.data.control[s] != side:
            continue
        units = attackers_at(st, seat, s)
        if any(targets_for(st, seat, s, [u]) for u in units):
            out.append(s)
    return out


# =============================================================================================
# The segment and the launching of an offensive
# =============================================================================================


@dataclass(slots=True)
class Offensives(MenuStep):
    """[18.0] ``seat`` launches up to ``left`` offensives (one per combat OP), any stack, as
    often as it likes; then Isolated markers come off units in supply again (12.1 step 5)."""

    name = "offensives"
    rule = R_OFFENSIVE
    seat: Seat
    left: int
    launched: int = 0

    def who(self, st: FitnaState) -> str | None:
        return self.seat if self.left > 0 else None

    def prompt(self, st: FitnaState, seat: str) -> tuple[str, str]:
        return (
            f"Offensives: choose the space to attack from ({self.left} offensives left), or 'done'.",
            R_OFFENSIVE,
        )

    def menu(self, st: FitnaState, seat: str) -> dict[Action, Callable[[], None]]:
        t = st.tables
        out: dict[Action, Callable[[], None]] = {}
        for s in sorted(sources_for(st, seat), key=lambda x: t.space_name[x]):
            out[t.action("attack_from", t.space_name[s])] = self._launcher(st, s)
        if not self.launched:
            for c in segment_cards(st, seat):
                out[t.action("play", t.card_name[c])] = self._player(st, c)
        out[A_DONE] = lambda: self.advance(st)
        return out

    def _player(self, st: FitnaState, card: int) -> Callable[[], None]:
        def play() -> None:
            st.push_named("play_card", seat=self.seat, card=card)

        return play

    def _launcher(self, st: FitnaState, s: int) -> Callable[[], None]:
        def launch() -> None:
            self.left -= 1
            self.launched += 1
            st.push(OffensiveSetup(seat=self.seat, source=s))

        return launch

    def advance(self, st: FitnaState) -> None:
        st.remove(self)
        st.push_named("lift_isolation")


@dataclass(slots=True)
class OffensiveSetup(Step):
    """[18.0, 18.1] The units of one offensive, one at a time (3 at most, 4 for IS), then the
    target: an adjacent space held by the enemy that every one of them may attack (21.0)."""

    name = "offensive_setup"
    rule = R_OFFENSIVE
    seat: Seat
    source: int
    chosen: list[UnitId] = field(default_factory=list)
    stage: Literal["units", "target"] = "units"

    def who(self, st: FitnaState) -> str | None:
        return self.seat

    def prompt(self, st: FitnaState, seat: str) -> tuple[str, str]:
        if self.stage == "target":
            return (f"Choose the space {names(st, self.chosen)} attack.", R_OFFENSIVE)
        chosen = names(st, self.chosen) if self.chosen else "none yet"
        return (
            f"Offensive from {sname(st, self.source)}: add units one at a time (chosen: {chosen}; at "
            "most 3), then 'attack'. Units left behind stay on the space.",
            R_OFFENSIVE,
        )

    def options(self, st: FitnaState, seat: str) -> list[Action]:
        t = st.tables
        if self.stage == "target":
            return [
                t.action("target", t.space_name[s])
                for s in sorted(
                    targets_for(st, seat, self.source, self.chosen), key=lambda x: t.space_name[x]
                )
            ]
        out: list[Action] = []
        if len(self.chosen) < 3:
            for u in sorted(attackers_at(st, seat, self.source), key=lambda x: t.unit_label[x]):
                if u not in self.chosen and targets_for(st, seat, self.source, [*self.chosen, u]):
                    out.append(t.action("add", uname(st, u)))
        if self.chosen:
            out.append(t.action("attack"))
        return out

    def choose(self, st: FitnaState, seat: str, action: Action) -> None:
        t = st.tables
        if action.verb == "add":
            self.chosen.append(t.unit_by_label[action.args[0]])
        elif action.verb == "attack":
            self.stage = "target"
        else:
            st.remove(self)
            st.push(
                Offensive(
                    seat=seat,
                    source=self.source,
                    target=t.space_by_name[action.args[0]],
                    attackers=self.chosen,
                )
            )


# =============================================================================================
# One offensive [18.1-18.7]
# =============================================================================================

Stage = Literal[
    "declare",
    "defender",
    "attacker",
    "answer",
    "strikes",
    "roll",
    "losses",
    "retreat",
    "advance",
    "exploit",
    "end",
]


@dataclass(slots=True)
class Offensive(Step):
    """[18.1-18.7] One offensive from ``source`` against ``target`` with ``attackers``."""

    name = "offensive"
    rule = R_OFFENSIVE
    seat: Seat
    source: int
    target: int
    attackers: list[UnitId]
    defender: str = ""
    defenders: list[UnitId] = field(default_factory=list)
    stage: Stage = "declare"
    #: [18.3] the cards committed, who committed each ("A"/"D") and what each cancels (-1)
    cards: list[Card] = field(default_factory=list)
    by: list[str] = field(default_factory=list)
    cancels: list[int] = field(default_factory=list)
    #: whose turn it is to answer the other side's cards, and whether the last answer was empty
    answering: str = "D"
    answered: int = 0
    result: str = ""
    column: int = -1
    die: int = 0

    # -- who is asked --------------------------------------------------------------------------

    def who(self, st: FitnaState) -> str | None:
        if self.stage == "defender":
            return self.defender or None
        if self.stage == "attacker":
            return self.seat
        if self.stage == "answer":
            seat = self.defender if self.answering == "D" else self.seat
            return seat if seat and self._answer_targets(st, self.answering) else None
        return None

    def prompt(self, st: FitnaState, seat: str) -> tuple[str, str]:
        target = sname(st, self.target)
        mine = [
            cname(st, c)
            for c, b in zip(self.cards, self.by, strict=True)
            if (b == "A") == (seat == self.seat)
        ]
        theirs = [
            cname(st, c)
            for c, b, ok in zip(self.cards, self.by, self._effective(), strict=True)
            if (b == "A") != (seat == self.seat) and ok
        ]
        shown = f" Yours: {', '.join(mine) or 'none'}; theirs: {', '.join(theirs) or 'none'}."
        if self.stage == "defender":
            return (
                f"{self.seat} attacks {target} from {sname(st, self.source)}. Commit your Assets one at "
                f"a time (the defender announces first), or 'done'.{shown}",
                R_ASSET_PLAY,
            )
        if self.stage == "attacker":
            return (
                f"Your offensive against {target}: commit Assets or cancel the defender's, one at a "
                f"time, or 'done'.{shown}",
                R_ASSET_PLAY,
            )
        return (f"Offensive against {target}: cancel the other side's cards, or 'done'.{shown}", R_ASSET_PLAY)

    def options(self, st: FitnaState, seat: str) -> list[Action]:
        t = st.tables
        role = "D" if self.stage == "defender" or (self.stage == "answer" and self.answering == "D") else "A"
        out: list[Action] = []
        if self.stage in ("defender", "attacker"):
            for c in commit_options(st, self, seat, role):
                out.append(t.action("commit", cname(st, c)))
        foes = self._answer_targets(st, role)
        if foes and (self.stage in ("attacker", "answer")):
            for c in reaction_cards(st, seat, self):
                for i in foes:
                    if cancels(st, c, self.cards[i]):
                        out.append(t.action("cancel", cname(st, self.cards[i]), "with", cname(st, c)))
        out.append(A_DONE)
        return out

    def choose(self, st: FitnaState, seat: str, action: Action) -> None:
        role = "D" if self.stage == "defender" or (self.stage == "answer" and self.answering == "D") else "A"
        if action == A_DONE:
            self._next_stage(st, role)
            return
        if action.verb == "commit":
            card = card_in_hand(st, seat, action.args[0])
            self._commit(st, seat, card, role, -1)
            st.emit(
                f"{seat} commits {cname(st, card)} to the offensive on {sname(st, self.target)}.",
                R_ASSET_PLAY,
            )
        else:  # cancel TARGET with CARD
            card = card_in_hand(st, seat, action.args[2])
            effective = self._effective()
            target = next(
                i
                for i, c in enumerate(self.cards)
                if cname(st, c) == action.args[0] and self.by[i] != role and effective[i]
            )
            self._commit(st, seat, card, role, target)
            st.emit(f"{seat} cancels {action.args[0]} with {cname(st, card)}.", R_ASSET_PLAY)
            if self.stage == "answer":
                self.answered = 0
        st.mark_reveal()

    def _commit(self, st: FitnaState, seat: str, card: int, role: str, target: int) -> None:
        take_from_hand(st, seat, card)
        st.data.in_play.append(card)
        self.cards.append(card)
        self.by.append(role)
        self.cancels.append(target)

    def _next_stage(self, st: FitnaState, role: str) -> None:
        if self.stage == "defender":
            self.stage = "attacker"
        elif self.stage == "attacker":
            self.stage = "answer"
            self.answering = "D"
            self.answered = 0
        else:
            self._pass_answer()

    def _pass_answer(self) -> None:
        self.answered += 1
        if self.answered >= 2:
            self.stage = "strikes"
        else:
            self.answering = "A" if self.answering == "D" else "D"

    def _effective(self) -> list[bool]:
        """[5.3 of provenance/cards.md] Chains resolve last played, first resolved."""
        eff = [True] * len(self.cards)
        for i in range(len(self.cards) - 1, -1, -1):
            if eff[i] and self.cancels[i] >= 0:
                eff[self.cancels[i]] = False
        return eff

    def _answer_targets(self, st: FitnaState, role: str) -> list[int]:
        """The other side's cards still in force that some card could cancel."""
        eff = self._effective()
        t = st.tables
        return [i for i, b in enumerate(self.by) if b != role and eff[i] and t.card_negatable[self.cards[i]]]

    # -- the automatic stages --------------------------------------------------------------------

    def advance(self, st: FitnaState) -> None:
        stage = self.stage
        if stage == "declare":
            self._declare(st)
        elif stage == "defender":
            self.stage = "attacker"
        elif stage == "answer":
            self._pass_answer()
        elif stage == "strikes":
            self._strikes(st)
        elif stage == "roll":
            self._roll(st)
        elif stage == "losses":
            self._losses(st)
        elif stage == "retreat":
            self._retreat(st)
        elif stage == "advance":
            self._advance(st)
        elif stage == "exploit":
            self._exploit(st)
        else:
            self._end(st)

    def _declare(self, st: FitnaState) -> None:
        t = st.tables
        side = t.seat_index[self.seat]
        self.defender = owner_seat(st, self.target)
        foe = unit_sides(st)[stacks(st)[self.target][0]]
        st.emit(
            f"{self.seat} launches an offensive from {sname(st, self.source)} against "
            f"{sname(st, self.target)} ({side_name(st, foe)}) with {len(self.attackers)} unit"
            f"{'s' if len(self.attackers) > 1 else ''}.",
            R_OFFENSIVE,
            refs=refs_space(st, self.source, self.target),
        )
        st.emit(f"Attacking: {names(st, self.attackers)}.", R_OFFENSIVE, to=(self.seat,))
        on_attack_space(st, side, self.target)
        on_fight(
            st, {t.unit_force[u] for u in self.attackers}, stack_forces(st, self.target), self.target, False
        )
        # [25.1] IS counters are turned over to resolve the combat: decoys are removed
        if any(t.unit_is[u] for u in stacks(st)[self.target]):
            st.mark_reveal()
        for u in list(stacks(st)[self.target]):
            if t.unit_decoy[u]:
                eliminate(st, u)
                st.emit(
                    f"An IS counter on {sname(st, self.target)} is turned over: a decoy, removed.", "25.1"
                )
        self.defenders = list(stacks(st)[self.target])
        self.stage = "defender" if self.defenders else "strikes"
        joker_window(st, [s for s in t.initiative if s != self.seat], "Before the Assets of an offensive")

    def _strikes(self, st: FitnaState) -> None:
        """[18.3] Assets that strike hit the target before the die (Air Strike, Carpet
        Bombing); turn-long Assets take effect."""
        t = st.tables
        self.stage = "roll"
        eff = self._effective()
        nation = seat_nation(st, t.seat_index[self.seat])
        for c, b, ok in zip(self.cards, self.by, eff, strict=True):
            if not ok or b != "A":
                continue
            for e in t.card_effects[c]:
                if isinstance(e, Strike) and stacks(st)[self.target]:
                    st.push(
                        Losses(
                            seat=owner_seat(st, self.target),
                            units=list(stacks(st)[self.target]),
                            steps=e.steps,
                            space=self.target,
                            why=f"{cname(st, c)} strikes {sname(st, self.target)}",
                            witnesses=[s for s in (self.defender,) if s],
                        )
                    )
                    on_fight(st, {nation}, stack_forces(st, self.target), self.target, True)

    def _shifts(self, st: FitnaState) -> tuple[int, list[str]]:
        """[18.2] The net column shift (positive: towards the attacker) and its parts."""
        t = st.tables
        parts: list[str] = []
        net = 0
        d = t.space_defence[self.target]
        if d:
            net -= d
            parts.append(f"defence of {sname(st, self.target)} -{d}")
        if st.data.entrenched[self.target]:
            net -= 1
            parts.append("entrenchment -1")
        units = st.data.units
        if any(units[u].isolated for u in self.attackers):
            net -= 2
            parts.append("attackers isolated -2")
        if any(units[u].isolated for u in stacks(st)[self.target]):
            net += 2
            parts.append("defenders isolated +2")
        for c, b, ok in zip(self.cards, self.by, self._effective(), strict=True):
            if not ok:
                continue
            for e in t.card_effects[c]:
                if isinstance(e, ColumnShift):
                    sign = 1 if b == "A" else -1
                    net += sign * e.columns
                    parts.append(f"{cname(st, c)} {'+' if sign > 0 else '-'}{e.columns}")
        a, dfn = t.seat_index[self.seat], t.seat_index.get(self.defender, -1)
        att_forces = {t.unit_force[u] for u in self.attackers}
        def_forces = stack_forces(st, self.target)
        for e in st.data.effects:
            if e.kind != "shift":
                continue
            mine = e.seat == a and e.side in ("attacker", "either") and e.space < 0
            theirs = e.seat == dfn and e.side in ("defender", "either") and e.space in (-1, self.target)
            if mine and (not e.forces or att_forces & set(e.forces)):
                net += e.columns
                parts.append(f"{t.card_name[e.card]} +{e.columns}")
            elif theirs and (not e.forces or def_forces & set(e.forces)):
                net -= e.columns
                parts.append(f"{t.card_name[e.card]} -{e.columns}")
        return net, parts

    def _roll(self, st: FitnaState) -> None:
        t = st.tables
        defenders = list(stacks(st)[self.target])
        attackers = [u for u in self.attackers if st.data.units[u].at == self.source]
        if not defenders or not attackers:
            self.result = "" if not attackers else "empty"
            self.stage = "advance" if defenders == [] and attackers else "end"
            if self.result == "empty":
                st.emit(f"{sname(st, self.target)} is empty: the attackers enter it.", R_ADVANCE)
            return
        att, dfn = attack_points(st, attackers), defence_points(st, defenders)
        base = crt_column(att - dfn)
        shift, parts = self._shifts(st)
        col = max(0, min(len(CRT_COLUMNS) - 1, base + shift))
        self.column = col
        self.die = st.rng.randint(1, 6)
        self.result = CRT[self.die - 1][col]
        diff = att - dfn
        detail = (
            f"Attack {att} against defence {dfn}: {'+' if diff >= 0 else ''}{diff}, column "
            f"{CRT_COLUMNS[base][1]}; shifts {', '.join(parts) or 'none'} (net {shift:+d}); final column "
            f"{CRT_COLUMNS[col][1]}."
        )
        witnesses = sorted({self.seat, *([self.defender] if self.defender else [])})
        st.emit(detail, R_SHIFTS, to=witnesses)
        st.emit(f"Defending on {sname(st, self.target)}: {names(st, defenders)}.", R_CRT, to=witnesses)
        st.mark_reveal(witnesses)
        st.emit(
            f"Offensive on {sname(st, self.target)}: die {self.die}, result {self.result}.",
            R_RESULTS,
            refs=refs_space(st, self.target),
        )
        # the turn-long Assets committed here go on working (8.1)
        a = t.seat_index[self.seat]
        for c, b, ok in zip(self.cards, self.by, self._effective(), strict=True):
            for e in t.card_effects[c]:
                if ok and isinstance(e, ColumnShift) and e.lasts == "turn":
                    seat = a if b == "A" else t.seat_index.get(self.defender, -1)
                    space = self.target if e.side == "defender" else -1
                    forces = tuple(sorted(t.card_usable_by[c]))
                    st.data.effects.append(
                        ActiveEffect(
                            kind="shift",
                            card=c,
                            seat=seat,
                            columns=e.columns,
                            side="defender" if b == "D" else e.side,
                            space=space,
                            forces=forces,
                            until_turn=st.data.turn,
                        )
                    )
        self.stage = "losses"

    def _losses(self, st: FitnaState) -> None:
        """[18.4, 18.5] Step losses by result; each owner chooses his units."""
        t = st.tables
        self.stage = "retreat"
        r = self.result
        attackers = [u for u in self.attackers if st.data.units[u].at == self.source]
        defenders = list(stacks(st)[self.target])
        witnesses = sorted({self.seat, *([self.defender] if self.defender else [])})
        if r == "AR*":
            for u in attackers:
                gone = lose_step(st, u)
                st.emit(
                    f"{uname(st, u)} {'is eliminated' if gone else 'is reduced'}.", R_LOSSES, to=witnesses
                )
            st.emit(f"{self.seat}'s attacking units each lose a step.", R_RESULTS)
            return
        if r == "DS":
            for u in defenders:
                eliminate(st, u)
            st.emit(f"The defenders of {sname(st, self.target)} surrender: all eliminated.", R_RESULTS)
            return
        att_steps = {"AR": 1, "EX": 1, "EX*": 2, "DR*": 1}.get(r, 0)
        def_steps = {"EX": 1, "EX*": 2, "DR": 1, "DR*": 2}.get(r, 0)
        if att_steps:
            st.push(
                Losses(
                    seat=self.seat,
                    units=attackers,
                    steps=att_steps,
                    space=self.source,
                    why=f"{r}: the attacker loses {att_steps} step{'s' if att_steps > 1 else ''}",
                    witnesses=witnesses,
                )
            )
        if def_steps:
            st.push(
                Losses(
                    seat=self.defender,
                    units=defenders,
                    steps=def_steps,
                    space=self.target,
                    why=f"{r}: the defender loses {def_steps} step{'s' if def_steps > 1 else ''}",
                    witnesses=witnesses,
                    split=r == "DR*" and t.opts.dr_star_split == "if_possible",
                )
            )

    def _retreat(self, st: FitnaState) -> None:
        self.stage = "advance"
        if self.result in ("DR", "DR*"):
            survivors = list(stacks(st)[self.target])
            if survivors:
                side = unit_sides(st)[survivors[0]]
                st.push(Retreat(seat=self.defender, units=survivors, frm=self.target, side=side))

    def _advance(self, st: FitnaState) -> None:
        """[18.4, 18.7] A victorious attack: every surviving engaged unit must enter."""
        t = st.tables
        side = t.seat_index[self.seat]
        survivors = [u for u in self.attackers if st.data.units[u].at == self.source]
        cleared = not stacks(st)[self.target]
        self.stage = "end"
        won = self.result in WINS or (self.result in ("EX", "EX*", "empty") and cleared)
        if not won or not cleared:
            return
        for u in survivors:
            place(st, u, self.target)
        if survivors or self.result in WINS:
            set_control(st, self.target, side, {t.unit_force[u] for u in survivors})
            on_enter(st, side, [self.target])
        if survivors:
            st.emit(
                f"{self.seat} advances into {sname(st, self.target)} with {len(survivors)} unit"
                f"{'s' if len(survivors) > 1 else ''}.",
                R_ADVANCE,
                refs=refs_space(st, self.target),
            )
        armour = [u for u in survivors if t.unit_armour[u] and not st.data.units[u].isolated]
        if self.result in WINS and armour:
            self.stage = "exploit"
            st.push(Exploit(seat=self.seat, units=armour, frm=self.target))

    def _exploit(self, st: FitnaState) -> None:
        self.stage = "end"

    def _end(self, st: FitnaState) -> None:
        t = st.tables
        st.remove(self)
        for c, ok in zip(self.cards, self._effective(), strict=True):
            st.data.in_play.remove(c)
            discard_card(st, c)
            if ok:
                st.data.played.append(c)  # [8.2] it counts as played for the cards that require it
        side = t.seat_index[self.seat]
        if stacks(st)[self.target] and space_owner(st, self.target) != side:
            st.data.known[self.target] |= 1 << side  # [30.0] the attacker has seen the stack
        push_levels(st)


def space_owner(st: FitnaState, s: int) -> int:
    units = stacks(st)[s]
    return unit_sides(st)[units[0]] if units else -1


# =============================================================================================
# Assets [18.3]
# =============================================================================================


def _only_if(st: FitnaState, off: Offensive, condition: str) -> bool:
    """provenance/cards.md section 8 ``only_if``: the conditions some Assets need."""
    t = st.tables
    s = off.target
    if condition == "attacker_has_armour":
        return any(t.unit_armour[u] for u in off.attackers)
    if condition == "space_is_city":
        return t.space_city[s]
    if condition == "space_is_mountain":
        return t.space_terrain[s] == "mountain"
    if condition == "space_has_is_symbol":
        return t.space_is_symbol[s]
    return False


def commit_options(st: FitnaState, off: Offensive, seat: str, role: str) -> list[int]:
    """[18.3] The Assets ``seat`` may commit as attacker ("A") or defender ("D"): one card of a
    name per side, shifts for its side, strikes on the target for the attacker; the card's own
    limits (8.1, 8.2) and gates (provenance/cards.md section 8)."""
    t = st.tables
    mine_forces = {t.unit_force[u] for u in off.attackers} if role == "A" else stack_forces(st, off.target)
    used = {t.card_name[c] for c, b in zip(off.cards, off.by, strict=True) if b == role}
    want = "attacker" if role == "A" else "defender"
    out: list[int] = []
    seen: set[str] = set()
    for c in st.data.hands[seat]:
        name = t.card_name[c]
        if not t.card_asset[c] or name in used or name in seen:
            continue
        effects = t.card_effects[c]
        kinds = {e.type for e in effects}
        if "cancel" in kinds or "reveal" in kinds:
            continue  # reactions are played against a card; Armed Drones outside offensives (5.5)
        useful = any(
            (isinstance(e, ColumnShift) and e.side in (want, "either"))
            or (isinstance(e, Strike) and role == "A" and e.reach == 1)
            for e in effects
        )
        if not useful or timing_refusal(st, seat, c):
            continue
        if t.card_usable_by[c] and not (t.card_usable_by[c] & mine_forces):
            continue  # [8.1] his side of the offensive must include a unit of a listed force
        if mine_forces and mine_forces <= {t.force_index["is"]} and "is" not in t.card_symbols[c]:
            continue  # [8.1, 25.3] IS fights with the IS-symbol Assets only
        kurds = {t.force_index[k] for k in ("kdp", "pyd", "pkk")}
        if mine_forces and mine_forces <= kurds and "kurdish" not in t.card_symbols[c]:
            continue  # [8.1, 26.3] the Kurds with the Kurdish-symbol Assets only
        ok = True
        for e in effects:
            if isinstance(e, Handler):
                if e.name == "only_if":
                    ok = ok and _only_if(st, off, str(e.params.get("condition", "")))
                else:
                    cls = handler_frame(st, e.name)
                    check = getattr(cls, "refusal", None) if cls is not None else None
                    ok = (
                        ok
                        and cls is not None
                        and (check is None or check(st, seat, c, dict(e.params)) is None)
                    )
            if isinstance(e, Strike) and role == "A":
                nation = seat_nation(st, t.seat_index[seat])
                ok = ok and may_strike_space(st, nation, off.target)
        if ok:
            seen.add(name)
            out.append(c)
    return out


def reaction_cards(st: FitnaState, seat: str, off: Offensive) -> list[int]:
    """Cancelling cards of ``seat``'s hand it may play now, one per name."""
    seen: set[str] = set()
    out = []
    for c in st.data.hands[seat]:
        name = st.tables.card_name[c]
        if name in seen or reaction_refusal(st, seat, c):
            continue
        if any(e.type == "cancel" for e in st.tables.card_effects[c]):
            seen.add(name)
            out.append(c)
    return out


# =============================================================================================
# Retreat and exploitation [18.6, 18.7]
# =============================================================================================


@dataclass(slots=True)
class Retreat(Step):
    """[18.6] The defender's surviving units withdraw one by one: to an adjacent space free of
    enemy units with room, else to the nearest space of their side reached through their
    side's spaces; a unit that cannot is eliminated."""

    name = "retreat"
    rule = R_RETREAT
    seat: str
    units: list[UnitId]
    frm: int
    side: int

    def _current(self, st: FitnaState) -> int:
        for u in self.units:
            if st.data.units[u].at == self.frm:
                return u
        return -1

    def who(self, st: FitnaState) -> str | None:
        u = self._current(st)
        if u < 0 or not self.seat or st.tables.unit_is[u]:
            return None
        return self.seat if retreat_spaces(st, u, self.frm, self.side, {}) else None

    def prompt(self, st: FitnaState, seat: str) -> tuple[str, str]:
        u = self._current(st)
        return (f"{uname(st, u)} must retreat from {sname(st, self.frm)}: choose where.", R_RETREAT)

    def options(self, st: FitnaState, seat: str) -> list[Action]:
        t = st.tables
        u = self._current(st)
        spaces = retreat_spaces(st, u, self.frm, self.side, {})
        return [t.action("retreat", t.space_name[s]) for s in sorted(spaces, key=lambda x: t.space_name[x])]

    def legal(self, st: FitnaState, seat: str) -> list[Action]:
        return self.options(st, seat)

    def choose(self, st: FitnaState, seat: str, action: Action) -> None:
        self._go(st, self._current(st), st.tables.space_by_name[action.args[0]])

    def advance(self, st: FitnaState) -> None:
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

    def who(self, st: FitnaState) -> str | None:
        return self.seat if self.units else None

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

    def options(self, st: FitnaState, seat: str) -> list[Action]:
        t = st.tables
        if self.unit is not None:
            return [
                t.action("to", t.space_name[s])
                for s in sorted(self._spaces(st, self.unit), key=lambda x: t.space_name[x])
            ]
        out = [t.action("exploit", uname(st, u)) for u in self.units if self._spaces(st, u)]
        return [*out, A_DONE]

    def choose(self, st: FitnaState, seat: str, action: Action) -> None:
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


FRAMES: tuple[type[Frame[Any]], ...] = (Offensives, OffensiveSetup, Offensive, Retreat, Exploit)
