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
    STACK_LIMIT,
    STACK_LIMIT_IS,
    attack_points,
    banned_between,
    commanded_sides,
    defence_points,
    has_enemy,
    may_attack_space,
    may_hit,
    may_stand,
    may_strike_space,
    runs_force,
    seat_nation,
    stacks,
    stand_refusal,
    unit_sides,
)
from consim.games.fitna.content import CRT, CRT_COLUMNS, FORCE_LABEL, ColumnShift, Handler, Strike, crt_column
from consim.games.fitna.content import FORCES as FORCE_NAMES
from consim.games.fitna.rules import (
    R_ADVANCE,
    R_ASSET_PLAY,
    R_CRT,
    R_LOSSES,
    R_OFFENSIVE,
    R_RESULTS,
    R_SHIFTS,
    R_US_APPROVAL,
    possessive,
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
from consim.games.fitna.rules.deck import (
    cancels,
    handler_frame,
    only_if,
    reaction_refusal,
    segment_cards,
    timing_refusal,
)
from consim.games.fitna.state import ActiveEffect, Card, FitnaState, Seat, UnitId

#: [18.3] results under which the attacker takes the space
WINS = ("DR", "DR*", "DS")


# =============================================================================================
# Who may attack what [18.0, 20.0, 21.0]
# =============================================================================================


def can_attack(st: FitnaState, u: int) -> bool:
    """A unit that may take part in an offensive: it has an attack value (26.1: garrisons
    never attack); every IS counter may, face down (a decoy is only found out when turned
    over, 25.1)."""
    t = st.tables
    if t.unit_is[u]:
        return True
    return not t.unit_garrison[u] and t.unit_attack[u][0] > 0


def attackers_at(st: FitnaState, side: int, s: int) -> list[int]:
    sides = unit_sides(st)
    return [u for u in stacks(st)[s] if sides[u] == side and can_attack(st, u)]


def targets_for(st: FitnaState, seat: str, source: int, units: list[int], side: int = -1) -> list[int]:
    """[18.0, 21.0] Adjacent spaces holding enemy units that all of ``units`` may attack.
    ``side``: the attacking side when it is not the seat's own (IS or the Kurds it activates,
    25.2, 26.2), which never attack a side the seat commands (a reading, NOTES.md)."""
    t = st.tables
    me = t.seat_index[seat]
    side = me if side < 0 else side
    mine = {me, *commanded_sides(st, me)}
    sides = unit_sides(st)
    out = []
    for s in t.adj[source]:
        if s in t.out_of_play or not has_enemy(st, s, side):
            continue
        foe = sides[stacks(st)[s][0]]
        if foe in mine or not may_attack_space(st, units, s):
            continue
        if not all(may_stand(st, a, s) for a in units):
            # [18.7] the attackers must be able to occupy the space they win: [21.0] no Russian
            # offensive into Turkey, whoever defends it; [26.0, 26.3] no Kurdish one into
            # another faction's territory
            continue
        if foe < len(t.seats) and banned_between(st, me, foe):
            continue
        out.append(s)
    return out


def target_refusal(st: FitnaState, seat: str, source: int, units: list[int], s: int, side: int = -1) -> str:
    """Why ``units`` on ``source`` may not attack space ``s`` (the checks of ``targets_for``,
    in words with their rules), or "" if they may."""
    t = st.tables
    me = t.seat_index[seat]
    side = me if side < 0 else side
    name = t.space_name[s]
    if s not in t.adj[source]:
        return f"{name} is not adjacent to {t.space_name[source]} (18.0)"
    if s in t.out_of_play:
        return f"{name} is out of play in this scenario (32.0)"
    if not has_enemy(st, s, side):
        return f"{name} holds no enemy unit (18.0)"
    foe = unit_sides(st)[stacks(st)[s][0]]
    if foe in {me, *commanded_sides(st, me)}:
        return f"you command the units on {name} (25.2, 26.2)"
    for a in units:
        reason = stand_refusal(st, a, s)
        if reason:
            return f"the attackers must be able to occupy {name} (18.7): {reason}"
        for f in sorted({t.unit_force[u] for u in stacks(st)[s]}):
            if not may_hit(st, t.unit_force[a], f, s):
                who, whom = (FORCE_LABEL[FORCE_NAMES[x]] for x in (t.unit_force[a], f))
                return f"{who} units may not attack {whom} units on {name} (21.0)"
    if foe < len(t.seats) and banned_between(st, me, foe):
        return f"a restriction forbids offensives between you and {t.seats[foe]}"
    return ""


def sources_for(st: FitnaState, seat: str, sides: list[int]) -> list[int]:
    """Spaces the seat may launch an offensive from with units of ``sides`` (its own, or those
    it activates): some unit there can attack some target."""
    t = st.tables
    out = []
    for s in range(t.n_spaces):
        side = st.data.control[s]
        if side not in sides:
            continue
        units = attackers_at(st, side, s)
        if any(targets_for(st, seat, s, [u], side) for u in units):
            out.append(s)
    return out


def stack_limit(st: FitnaState, side: int) -> int:
    """[4.0, 18.0] At most 3 units in an offensive, 4 for IS."""
    return STACK_LIMIT_IS if side == st.tables.IS else STACK_LIMIT


# =============================================================================================
# The segment and the launching of an offensive
# =============================================================================================


@dataclass(slots=True)
class Offensives(MenuStep):
    """[18.0] ``seat`` launches up to ``left`` offensives (one per combat OP), any stack, as
    often as it likes; then Isolated markers come off units in supply again (12.1 step 5).
    ``sides``: the sides whose units attack when they are not the seat's own (IS or the Kurds
    during an activation, 25.2, 26.2)."""

    name = "offensives"
    rule = R_OFFENSIVE
    seat: Seat
    left: int
    launched: int = 0
    sides: list[int] = field(default_factory=list)

    def who(self, st: FitnaState) -> str | None:
        return self.seat if self.left > 0 else None

    def _sides(self, st: FitnaState) -> list[int]:
        return self.sides or [st.tables.seat_index[self.seat]]

    def prompt(self, st: FitnaState, seat: str) -> tuple[str, str]:
        whose = f" with {side_list(st, self.sides)}" if self.sides else ""
        return (
            f"Offensives{whose}: choose the space to attack from ({self.left} offensives left), or 'done'.",
            R_OFFENSIVE,
        )

    def menu(self, st: FitnaState, seat: str) -> dict[Action, Callable[[], None]]:
        t = st.tables
        out: dict[Action, Callable[[], None]] = {}
        for s in sorted(sources_for(st, seat, self._sides(st)), key=lambda x: t.space_name[x]):
            out[t.action("attack_from", t.space_name[s])] = self._launcher(st, s)
        if not self.launched and not self.sides:
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
            side = st.data.control[s]
            own = side == st.tables.seat_index[self.seat]
            st.push(OffensiveSetup(seat=self.seat, source=s, side=-1 if own else side))

        return launch

    def advance(self, st: FitnaState) -> None:
        st.remove(self)
        if not self.sides:
            st.push_named("lift_isolation")

    def why_illegal(self, st: FitnaState, seat: str, action: Action) -> str:
        t = st.tables
        if action.verb == "attack_from" and action.args and action.args[0] in t.space_by_name:
            s = t.space_by_name[action.args[0]]
            name = t.space_name[s]
            side = st.data.control[s]
            units = attackers_at(st, side, s) if side in self._sides(st) else []
            if not units:
                return f"you have no unit on {name} that may attack [{R_OFFENSIVE}]"
            foes = [x for x in t.adj[s] if stacks(st)[x] and has_enemy(st, x, side)]
            if not foes:
                return f"no enemy unit is adjacent to {name} [{R_OFFENSIVE}]"
            why = "; ".join(
                f"{t.space_name[x]}: {target_refusal(st, seat, s, units[:1], x, side)}" for x in foes
            )
            return f"no unit on {name} may attack an adjacent space [{R_OFFENSIVE}]: {why}"
        return MenuStep.why_illegal(self, st, seat, action)


def side_list(st: FitnaState, sides: list[int]) -> str:
    return " and ".join(side_name(st, x) for x in sides)


@dataclass(slots=True)
class OffensiveSetup(Step):
    """[18.0, 18.1] The units of one offensive, one at a time (3 at most, 4 for IS), then the
    target: an adjacent space held by the enemy that every one of them may attack (21.0). IS
    counters are face down: the player adds "an IS counter", not a named one (25.1)."""

    name = "offensive_setup"
    rule = R_OFFENSIVE
    seat: Seat
    source: int
    chosen: list[UnitId] = field(default_factory=list)
    stage: Literal["units", "target"] = "units"
    side: int = -1

    def _side(self, st: FitnaState) -> int:
        return st.tables.seat_index[self.seat] if self.side < 0 else self.side

    def who(self, st: FitnaState) -> str | None:
        return self.seat

    def prompt(self, st: FitnaState, seat: str) -> tuple[str, str]:
        if self.stage == "target":
            return (f"Choose the space {self._names(st)} attack.", R_OFFENSIVE)
        chosen = self._names(st) if self.chosen else "none yet"
        most = stack_limit(st, self._side(st))
        return (
            f"Offensive from {sname(st, self.source)}: add units one at a time (chosen: {chosen}; at "
            f"most {most}), then 'attack'. Units left behind stay on the space.",
            R_OFFENSIVE,
        )

    def _names(self, st: FitnaState) -> str:
        return names(st, self.chosen) if self._side(st) != st.tables.IS else is_names(st, self.chosen)

    def options(self, st: FitnaState, seat: str) -> list[Action]:
        t = st.tables
        side = self._side(st)
        if self.stage == "target":
            return [
                t.action("target", t.space_name[s])
                for s in sorted(
                    targets_for(st, seat, self.source, self.chosen, side), key=lambda x: t.space_name[x]
                )
            ]
        out: list[Action] = []
        if len(self.chosen) < stack_limit(st, side):
            seen: set[str] = set()
            for u in sorted(attackers_at(st, side, self.source), key=lambda x: t.unit_label[x]):
                label = face_label(st, u)
                if u in self.chosen or label in seen:
                    continue
                if targets_for(st, seat, self.source, [*self.chosen, u], side):
                    seen.add(label)
                    out.append(t.action("add", label))
        if self.chosen:
            out.append(t.action("attack"))
        return out

    def choose(self, st: FitnaState, seat: str, action: Action) -> None:
        t = st.tables
        if action.verb == "add":
            label = action.args[0]
            if label == IS_COUNTER:
                # [25.1] the counters are face down: the first one not yet chosen
                side = self._side(st)
                u = next(
                    x
                    for x in attackers_at(st, side, self.source)
                    if x not in self.chosen and face_label(st, x) == IS_COUNTER
                )
            else:
                u = t.unit_by_label[label]
            self.chosen.append(u)
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
                    side=self.side,
                )
            )

    def why_illegal(self, st: FitnaState, seat: str, action: Action) -> str:
        t = st.tables
        side = self._side(st)
        if action.verb == "target" and action.args and action.args[0] in t.space_by_name and self.chosen:
            reason = target_refusal(st, seat, self.source, self.chosen, t.space_by_name[action.args[0]], side)
            if reason:
                return f"{self._names(st)} may not attack {action.args[0]} [{R_OFFENSIVE}]: {reason}"
        if action.verb == "add" and action.args and action.args[0] in t.unit_by_label:
            u = t.unit_by_label[action.args[0]]
            if u in attackers_at(st, side, self.source) and u not in self.chosen:
                group = [*self.chosen, u]
                foes = [x for x in t.adj[self.source] if stacks(st)[x] and has_enemy(st, x, side)]
                src = self.source
                why = "; ".join(
                    f"{t.space_name[x]}: {target_refusal(st, seat, src, group, x, side)}" for x in foes
                )
                return f"with {uname(st, u)} the offensive could attack no space [{R_OFFENSIVE}]: {why}"
        return Step.why_illegal(self, st, seat, action)


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
    #: the attacking side when it is not the seat's own (IS or the Kurds, 25.2, 26.2)
    side: int = -1

    def _side(self, st: FitnaState) -> int:
        return st.tables.seat_index[self.seat] if self.side < 0 else self.side

    # -- who is asked --------------------------------------------------------------------------

    def who(self, st: FitnaState) -> str | None:
        if self.stage == "defender":
            return self.defender or None
        if self.stage == "attacker":
            return self.seat
        if self.stage == "answer":
            seat = self.defender if self.answering == "D" else self.seat
            if self.answering == "D" and self.blinded(st):
                return None
            return seat if seat and self._answer_targets(st, self.answering) else None
        return None

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
        role = "A" if seat == self.seat else "D"
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

    def options(self, st: FitnaState, seat: str) -> list[Action]:
        t = st.tables
        role = "D" if self.stage == "defender" or (self.stage == "answer" and self.answering == "D") else "A"
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
            role = "A" if seat == self.seat else "D"
            lasting = {t.card_name[e.card] for r, e in self.standing(st) if r == role}
            if name in self.committed_names(st, role) or name in lasting:
                return (
                    f"{name} already counts for you in this offensive: no player may play two identical "
                    f"cards in one offensive [{R_ASSET_PLAY}]"
                )
        return Step.why_illegal(self, st, seat, action)

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

    def committed_names(self, st: FitnaState, role: str, effective: bool = False) -> set[str]:
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


# =============================================================================================
# Assets [18.3]
# =============================================================================================


def commit_options(st: FitnaState, off: Offensive, seat: str, role: str) -> list[int]:
    """[18.3] The Assets ``seat`` may commit as attacker ("A") or defender ("D"): one card of a
    name per side, shifts for its side, strikes on the target for the attacker; the card's own
    limits (8.1, 8.2) and gates (provenance/cards.md section 8)."""
    t = st.tables
    mine_forces = {t.unit_force[u] for u in off.attackers} if role == "A" else stack_forces(st, off.target)
    against = t.seat_index.get(off.defender, -1) if role == "A" else t.seat_index[off.seat]
    # [18.3] no two identical cards in one offensive: not a second copy of a card committed
    # here, nor of a card lasting the turn already counting here for this side
    used = off.committed_names(st, role) | {t.card_name[e.card] for r, e in off.standing(st) if r == role}
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
        kurdish_only = mine_forces and mine_forces <= kurds and "kurdish" not in t.card_symbols[c]
        if kurdish_only and not (role == "A" and name == CLOSE_AIR_SUPPORT):
            continue  # [8.1, 26.3] the Kurds with the Kurdish-symbol Assets only (and air support)
        if tag_barred(st, c, against):
            continue  # a restriction (Iron Dome, S-300) closes the sky to this card
        ok = True
        for e in effects:
            if isinstance(e, Handler):
                if e.name == "only_if":
                    ok = ok and only_if(st, off.attackers, off.target, str(e.params.get("condition", "")))
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


#: [26.3] the Asset the Kurds may receive from a supporting player
CLOSE_AIR_SUPPORT = "Close Air Support"


def tag_barred(st: FitnaState, card: int, against: int) -> bool:
    """[provenance/cards.md section 8 ``no_tag_against``] A card carrying a tag a restriction
    forbids against the units of seat ``against``."""
    if against < 0:
        return False
    tags = st.tables.card_tags[card]
    return any(e.kind == "no_tag_against" and e.other == against and e.tag in tags for e in st.data.effects)


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
# US approval [27.2]
# =============================================================================================

#: [27.2] approval on a die at most this, by the player's nationality
APPROVAL = {"israel": 4, "turkey": 3, "saudi_arabia": 2}
#: [27.2] "Anyone attacking IS: approval on 1-5"
APPROVAL_AGAINST_IS = 5
#: [20.0] the rebels whose player is "the Turkish player" where no seat runs the Turkish army
#: (scenarios 1 and 2: the rebels' patron, whose Joker counters they use)
TURKISH_PATRONAGE = ("fsa", "fia")


def nationalities(st: FitnaState, seat: str) -> list[str]:
    """[27.2] The nationalities of 27.2's table a player has: the national armies of Israel,
    Turkey and Saudi Arabia he runs (several for a player of a two-player version, 31.0); a
    player who runs none of them but the Free Syrian or Free Iraqi Army is the Turkish player
    of 20.0 ("the Turkish player controls the units of the Free Syrian Army")."""
    t = st.tables
    i = t.seat_index[seat]
    found = [n for n in APPROVAL if runs_force(st, i, t.force_index[n])]
    if not found and any(runs_force(st, i, t.force_index[f]) for f in TURKISH_PATRONAGE):
        found = ["turkey"]
    return found


def approval_needed(st: FitnaState, seat: str, off: Offensive) -> int | None:
    """[27.2] The highest die that approves #33 or #82 for ``seat`` in this offensive: 6 (no
    roll) for the player controlling the US forces; 5 against IS; else by the player's
    nationality, whatever units attack (Israel 4, Turkey 3, Saudi Arabia 2; a player with two
    of them rolls for the more favourable); None: refused ("the test fails automatically for
    any other situation or player")."""
    t = st.tables
    if runs_force(st, t.seat_index[seat], t.force_index["us"]):
        return 6
    if any(t.unit_is[u] for u in stacks(st)[off.target]):
        return APPROVAL_AGAINST_IS
    return max((APPROVAL[n] for n in nationalities(st, seat)), default=None)


def current_offensive(st: FitnaState) -> Offensive | None:
    return next((f for f in reversed(st.stack) if isinstance(f, Offensive)), None)


@dataclass(slots=True)
class UsApproval(Frame[FitnaState]):
    """[27.2] #33 Mother of All Bombs and #82 Carpet Bombing need the United States' approval
    as they are committed: the player controlling the US needs none; otherwise a die by the
    player's nationality (any attack on IS 1-5, Israel 1-4, Turkey 1-3, Saudi Arabia 1-2). A
    refused card is lost (discarded) and has no effect."""

    name = "handler_us_approval"
    rule = R_US_APPROVAL
    seat: Seat
    card: Card
    effect: int

    @classmethod
    def refusal(cls, st: FitnaState, seat: str, card: int, params: dict[str, Any]) -> str | None:
        off = current_offensive(st)
        if off is None or off.seat != seat:
            return "it needs the United States' approval as the attacker commits it in an offensive (27.2)"
        if approval_needed(st, seat, off) is None:
            return (
                "the United States approve it only for the Israeli, Turkish or Saudi player, or "
                "against IS (27.2)"
            )
        return None

    def run(self, st: FitnaState) -> None:
        st.pop()
        off = current_offensive(st)
        label = cname(st, self.card)
        if off is None or self.card not in off.cards:
            return
        need = approval_needed(st, self.seat, off)
        if need == 6:
            st.emit(f"{self.seat} controls the US forces: {label} needs no approval.", R_US_APPROVAL)
            return
        die = st.rng.randint(1, 6)
        if need is not None and die <= need:
            st.emit(f"US approval for {label}: die {die}, approved (1-{need}).", R_US_APPROVAL)
            return
        i = off.cards.index(self.card)
        del off.cards[i], off.by[i], off.cancels[i]
        st.data.in_play.remove(self.card)
        discard_card(st, self.card)
        st.emit(f"US approval for {label}: die {die}, refused; the card is lost.", R_US_APPROVAL)


FRAMES: tuple[type[Frame[Any]], ...] = (Offensives, OffensiveSetup, Offensive, UsApproval)
