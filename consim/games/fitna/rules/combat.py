"""The Offensives segment (12.1 step 5, 18.0, 18.1): who may attack what (20.0, 21.0), the
segment's menu and the choosing of one offensive's units and target.

The offensive itself is fought in ``offensive.py`` (18.1-18.7), its Assets are offered by
``assets.py`` (18.3) and the United States' approval of the heaviest bombs is ``approval.py``
(27.2).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from consim.core.action import Action
from consim.core.flow import Frame
from consim.games.fitna.board import (
    STACK_LIMIT,
    STACK_LIMIT_IS,
    banned_between,
    commanded_sides,
    has_enemy,
    may_attack_space,
    may_hit,
    may_stand,
    stacks,
    stand_refusal,
    unit_sides,
)
from consim.games.fitna.content import FORCE_LABEL
from consim.games.fitna.content import FORCES as FORCE_NAMES
from consim.games.fitna.rules import R_OFFENSIVE
from consim.games.fitna.rules.approval import UsApproval
from consim.games.fitna.rules.common import A_DONE, MenuStep, Pick, Step, names, side_name, sname, uname
from consim.games.fitna.rules.deck import segment_cards
from consim.games.fitna.rules.offensive import IS_COUNTER, Offensive, face_label, is_names
from consim.games.fitna.state import FitnaState, Seat, UnitId

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

    def seats(self, st: FitnaState) -> tuple[str, ...]:
        return (self.seat,) if self.left > 0 else ()

    def _sides(self, st: FitnaState) -> list[int]:
        return self.sides or [st.tables.seat_index[self.seat]]

    def prompt(self, st: FitnaState, seat: str) -> tuple[str, str]:
        whose = f" with {side_list(st, self.sides)}" if self.sides else ""
        return (
            f"Offensives{whose}: choose the space to attack from ({self.left} offensives left), or 'done'.",
            R_OFFENSIVE,
        )

    def menu(self, st: FitnaState, seat: str) -> dict[Action, Pick]:
        t = st.tables
        out: dict[Action, Pick] = {}
        for s in sorted(sources_for(st, seat, self._sides(st)), key=lambda x: t.space_name[x]):
            out[t.action("attack_from", t.space_name[s])] = self._launcher(s)
        if not self.launched and not self.sides:
            for c in segment_cards(st, seat):
                out[t.action("play", t.card_name[c])] = self._player(c)
        out[A_DONE] = self.run
        return out

    def _player(self, card: int) -> Pick:
        def play(st: FitnaState) -> None:
            st.push_named("play_card", seat=self.seat, card=card)

        return play

    def _launcher(self, s: int) -> Pick:
        def launch(st: FitnaState) -> None:
            self.left -= 1
            self.launched += 1
            side = st.data.control[s]
            own = side == st.tables.seat_index[self.seat]
            st.push(OffensiveSetup(seat=self.seat, source=s, side=-1 if own else side))

        return launch

    def run(self, st: FitnaState) -> None:
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

    def seats(self, st: FitnaState) -> tuple[str, ...]:
        return (self.seat,)

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

    def legal(self, st: FitnaState, seat: str) -> list[Action]:
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

    def act(self, st: FitnaState, seat: str, action: Action) -> None:
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


FRAMES: tuple[type[Frame[Any]], ...] = (Offensives, OffensiveSetup, Offensive, UsApproval)
