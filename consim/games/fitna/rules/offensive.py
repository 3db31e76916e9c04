"""One offensive (18.1-18.7).

An offensive is launched in atomic steps (``combat.py``): the space attacked from, the units
(one at a time, then 'attack'), the target. Then the defender announces his Assets, the
attacker his (and his cancellations of the defender's), and each side may answer the other's
cards with cancellations (18.3; provenance/cards.md section 5.3); Assets that strike hit the
target; the die is rolled on the CRT as printed, the column capped at both ends (18.1, 18.2);
losses, retreats, the advance after combat and the exploitation by armour follow (18.4-18.7).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from consim.core.action import Action
from consim.core.data import SeatOrNone
from consim.games.fitna.board import attack_points, defence_points, seat_nation, stacks, unit_sides
from consim.games.fitna.content import CRT, CRT_COLUMNS, ColumnShift, CrtResult, Handler, Strike, crt_column
from consim.games.fitna.rules import (
    R_ADVANCE,
    R_ASSET_PLAY,
    R_CRT,
    R_LOSSES,
    R_OFFENSIVE,
    R_RESULTS,
    R_SHIFTS,
    possessive,
)
from consim.games.fitna.rules.assets import commit_options, reaction_cards
from consim.games.fitna.rules.common import (
    A_DONE,
    Losses,
    Step,
    card_in_hand,
    cname,
    discard_card,
    eliminate,
    everyone,
    intervention_check,
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
    seat_bits,
    set_control,
    side_name,
    sname,
    stack_forces,
    take_from_hand,
    uname,
)
from consim.games.fitna.rules.deck import cancels, handler_frame
from consim.games.fitna.state import ActiveEffect, Card, FitnaState, Seat, UnitId

#: [18.3] results under which the attacker takes the space
WINS = ("DR", "DR*", "DS")


#: [25.1] how a face-down IS counter is named in actions and prompts
IS_COUNTER = "IS counter"


def face_label(st: FitnaState, u: int) -> str:
    """A unit as its player may name it: IS counters other than Al Baghdadi are face down."""
    t = st.tables
    if t.unit_is[u] and not t.unit_baghdadi[u]:
        return IS_COUNTER
    return t.unit_label[u]


def is_names(st: FitnaState, units: list[int]) -> str:
    n = sum(1 for u in units if face_label(st, u) == IS_COUNTER)
    named = [uname(st, u) for u in units if face_label(st, u) != IS_COUNTER]
    if n:
        named.append(f"{n} IS counter{'s' if n > 1 else ''}")
    return ", ".join(named) or "no unit"


# =============================================================================================
# One offensive [18.1-18.7]
# =============================================================================================

#: [18.3] the side of an offensive a card or an answer belongs to: the attacker, the defender
Role = Literal["A", "D"]

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
    defender: SeatOrNone = ""
    defenders: list[UnitId] = field(default_factory=list)
    stage: Stage = "declare"
    #: [18.3] the cards committed, who committed each ("A"/"D") and what each cancels (-1)
    cards: list[Card] = field(default_factory=list)
    by: list[Role] = field(default_factory=list)
    cancels: list[int] = field(default_factory=list)
    #: whose turn it is to answer the other side's cards, and whether the last answer was empty
    answering: Role = "D"
    answered: int = 0
    #: [18.4] the CRT's result once rolled ("empty": the defenders had left; "" before the roll)
    result: CrtResult | Literal["", "empty"] = ""
    column: int = -1
    die: int = 0
    #: the attacking side when it is not the seat's own (IS or the Kurds, 25.2, 26.2)
    side: int = -1

    def _side(self, st: FitnaState) -> int:
        return st.tables.seat_index[self.seat] if self.side < 0 else self.side

    # -- who is asked --------------------------------------------------------------------------

    def seats(self, st: FitnaState) -> tuple[str, ...]:
        if self.stage == "defender":
            return (self.defender,) if self.defender else ()
        if self.stage == "attacker":
            return (self.seat,)
        if self.stage == "answer":
            seat = self.defender if self.answering == "D" else self.seat
            if self.answering == "D" and self.blinded(st):
                return ()
            return (seat,) if seat and self._answer_targets(st, self.answering) else ()
        return ()

    def blinded(self, st: FitnaState) -> bool:
        """[#37 Cyber War, provenance/cards.md section 8] The defender may commit no Asset (nor
        cancel) against the offensives of the player who played Cyber War against him."""
        t = st.tables
        dfn = t.seat_index.get(self.defender, -1)
        a = t.seat_index[self.seat]
        return dfn >= 0 and any(e.kind == "cyber" and e.seat == a and e.other == dfn for e in st.data.effects)

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
        role: Role = "A" if seat == self.seat else "D"
        lasting = [
            f"{cname(st, e.card)} ({'yours' if r == role else 'theirs'})" for r, e in self.standing(st)
        ]
        if lasting:
            shown += f" In force this turn: {', '.join(lasting)}."
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

    def legal(self, st: FitnaState, seat: str) -> list[Action]:
        t = st.tables
        role: Role = (
            "D" if self.stage == "defender" or (self.stage == "answer" and self.answering == "D") else "A"
        )
        out: list[Action] = []
        if role == "D" and self.blinded(st):
            return [A_DONE]
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

    def act(self, st: FitnaState, seat: str, action: Action) -> None:
        role: Role = (
            "D" if self.stage == "defender" or (self.stage == "answer" and self.answering == "D") else "A"
        )
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
            t = st.tables
            for i, e in enumerate(t.card_effects[card]):
                # gates with rules of their own (27.2 US approval) act as the card is committed
                if isinstance(e, Handler) and e.name != "only_if" and handler_frame(st, e.name) is not None:
                    st.push_named(f"handler_{e.name}", seat=seat, card=card, effect=i)
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

    def why_illegal(self, st: FitnaState, seat: str, action: Action) -> str:
        t = st.tables
        asking = self.stage in ("defender", "attacker", "answer")
        if action.verb == "commit" and action.args and asking:
            name = action.args[0]
            role: Role = "A" if seat == self.seat else "D"
            lasting = {t.card_name[e.card] for r, e in self.standing(st) if r == role}
            if name in self.committed_names(st, role) or name in lasting:
                return (
                    f"{name} already counts for you in this offensive: no player may play two identical "
                    f"cards in one offensive [{R_ASSET_PLAY}]"
                )
        return Step.why_illegal(self, st, seat, action)

    def _commit(self, st: FitnaState, seat: str, card: int, role: Role, target: int) -> None:
        take_from_hand(st, seat, card)
        st.data.in_play.append(card)
        self.cards.append(card)
        self.by.append(role)
        self.cancels.append(target)

    def _next_stage(self, st: FitnaState, role: Role) -> None:
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

    def _answer_targets(self, st: FitnaState, role: Role) -> list[int]:
        """The other side's cards still in force that some card could cancel."""
        eff = self._effective()
        t = st.tables
        return [i for i, b in enumerate(self.by) if b != role and eff[i] and t.card_negatable[self.cards[i]]]

    # -- the automatic stages --------------------------------------------------------------------

    def run(self, st: FitnaState) -> None:
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
        side = self._side(st)
        self.defender = owner_seat(st, self.target)
        foe = unit_sides(st)[stacks(st)[self.target][0]]
        whose = "" if self.side < 0 else f" with {side_name(st, side)}"
        st.emit(
            f"{self.seat} launches an offensive{whose} from {sname(st, self.source)} against "
            f"{sname(st, self.target)} ({side_name(st, foe)}) with {len(self.attackers)} unit"
            f"{'s' if len(self.attackers) > 1 else ''}.",
            R_OFFENSIVE,
            refs=refs_space(st, self.source, self.target),
        )
        shown = is_names(st, self.attackers) if side == t.IS else names(st, self.attackers)
        st.emit(f"Attacking: {shown}.", R_OFFENSIVE, to=(self.seat,))
        on_attack_space(st, side, self.target)
        on_fight(
            st, {t.unit_force[u] for u in self.attackers}, stack_forces(st, self.target), self.target, False
        )
        intervention_check(st, self.target, side, "attack")  # [27.1]
        # [25.1] IS counters are turned over to resolve the combat: decoys are removed
        if any(t.unit_is[u] for u in [*stacks(st)[self.target], *self.attackers]):
            st.mark_reveal()
        for u in list(stacks(st)[self.target]):
            if t.unit_decoy[u]:
                eliminate(st, u, everyone(st))
                st.emit(
                    f"An IS counter on {sname(st, self.target)} is turned over: a decoy, removed.", "25.1"
                )
        for u in list(self.attackers):
            if t.unit_decoy[u]:
                eliminate(st, u, everyone(st))
                self.attackers.remove(u)
                st.emit(
                    f"An attacking IS counter from {sname(st, self.source)} is turned over: a decoy, "
                    "removed.",
                    "25.1",
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
        # a cancelling card that stood carries out its handler now (#38 Iron Dome, #86 S-300)
        for c, b, ok, target in zip(self.cards, self.by, eff, self.cancels, strict=True):
            player = self.seat if b == "A" else self.defender
            for i, e in enumerate(t.card_effects[c]):
                if ok and target >= 0 and player and isinstance(e, Handler) and handler_frame(st, e.name):
                    st.push_named(f"handler_{e.name}", seat=player, card=c, effect=i)
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
        for e in st.data.effects:
            if e.kind == "cyber" and e.seat == a and e.other == dfn:
                net += e.columns
                parts.append(f"{t.card_name[e.card]} +{e.columns}")
        # [18.3] "a player cannot play two identical cards during the same offensive": a card
        # lasting the turn counts once per side, even beside a copy committed here or another
        # copy still in force
        counted = {(role, x) for role in ("A", "D") for x in self.committed_names(st, role, effective=True)}
        for role, e in self.standing(st):
            name = t.card_name[e.card]
            if (role, name) in counted:
                continue
            counted.add((role, name))
            sign = 1 if role == "A" else -1
            net += sign * e.columns
            parts.append(f"{name} {'+' if sign > 0 else '-'}{e.columns}")
        return net, parts

    def committed_names(self, st: FitnaState, role: Role, effective: bool = False) -> set[str]:
        """The names of the cards ``role`` ("A"/"D") has committed to this offensive (with
        ``effective``: those still in force that shift columns)."""
        t = st.tables
        eff = self._effective()
        return {
            t.card_name[c]
            for c, b, ok in zip(self.cards, self.by, eff, strict=True)
            if b == role
            and (not effective or (ok and any(isinstance(e, ColumnShift) for e in t.card_effects[c])))
        }

    def standing(self, st: FitnaState) -> list[tuple[str, ActiveEffect]]:
        """[8.1, 18.3] The turn-long Assets played earlier that count in this offensive, with
        the side ("A"/"D") they favour: the attacker's wherever he attacks (for the forces they
        name), the defender's where he defends (a defender card lasting the turn stays with its
        space)."""
        t = st.tables
        a, dfn = t.seat_index[self.seat], t.seat_index.get(self.defender, -1)
        att_forces = {t.unit_force[u] for u in self.attackers}
        def_forces = stack_forces(st, self.target)
        out: list[tuple[str, ActiveEffect]] = []
        for e in st.data.effects:
            if e.kind != "shift":
                continue
            mine = e.seat == a and e.side in ("attacker", "either") and e.space < 0
            theirs = e.seat == dfn and e.side in ("defender", "either") and e.space in (-1, self.target)
            if mine and (not e.forces or att_forces & set(e.forces)):
                out.append(("A", e))
            elif theirs and (not e.forces or def_forces & set(e.forces)):
                out.append(("D", e))
        return out

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
        # [30.0] the two sides see the numbers; the result read by all depends on them too
        st.mark_reveal()
        # [30.0] the attacker discovers the defending stack, and follows what it goes through
        st.data.known[self.target] |= seat_bits(st, [self.seat])
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
                gone = lose_step(st, u, seat_bits(st, witnesses))
                st.emit(
                    f"{uname(st, u)} {'is eliminated' if gone else 'is reduced'}.", R_LOSSES, to=witnesses
                )
            st.emit(f"{possessive(self.seat)} attacking units each lose a step.", R_RESULTS)
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
                st.push_named("retreat", seat=self.defender, units=survivors, frm=self.target, side=side)

    def _advance(self, st: FitnaState) -> None:
        """[18.4, 18.7] A victorious attack: every surviving engaged unit must enter."""
        t = st.tables
        side = self._side(st)
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
            st.push_named("exploit", seat=self.seat, units=armour, frm=self.target)

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
        side = self._side(st)
        if stacks(st)[self.target] and space_owner(st, self.target) != side:
            # [30.0] the attacker has seen the stack
            st.data.known[self.target] |= 1 << t.seat_index[self.seat]
        push_levels(st)


def space_owner(st: FitnaState, s: int) -> int:
    units = stacks(st)[s]
    return unit_sides(st)[units[0]] if units else -1
