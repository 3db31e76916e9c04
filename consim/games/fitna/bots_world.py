"""What Fitna's heuristic bot (bots.py) knows of a position: the odds of the CRT, the stacks
it sees (with estimates for what it cannot see, 30.0), the value of each space to its seat and
the threats on them, and the distances on the map.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

from consim.games.fitna.content import CRT, CRT_COLUMNS, FORCE_LABEL, FitnaTables, crt_column
from consim.games.fitna.viewtypes import FitnaSeatView, SeatVictoryView, StackUnitView, TablePart

if TYPE_CHECKING:
    from consim.games.fitna.bots import HeuristicBot

#: the value of one step lost or inflicted, in the same units as a space's value
STEP = 1.0
#: the least expected value an offensive must promise
ATTACK_THRESHOLD = 0.35
#: the least a move must gain
MOVE_THRESHOLD = 0.3


# =============================================================================================
# The CRT [18.1-18.4]
# =============================================================================================


def column(attack: float, defence: float, shift: int) -> int:
    """[18.1, 18.2] The final CRT column, capped at both ends."""
    return max(0, min(len(CRT_COLUMNS) - 1, crt_column(round(attack - defence)) + shift))


@cache
def _odds(col: int, attackers: int, def_steps: float) -> tuple[float, float, float]:
    p_win = att_loss = def_loss = 0.0
    for die in range(6):
        r = CRT[die][col]
        if r == "AR*":
            att_loss += attackers
        elif r == "AR":
            att_loss += 1
        elif r in ("EX", "EX*"):
            k = 1 if r == "EX" else 2
            att_loss += k
            def_loss += min(k, def_steps)
            p_win += def_steps <= k
        elif r == "DR":
            def_loss += 1
            p_win += 1
        elif r == "DR*":
            att_loss += 1
            def_loss += min(2, def_steps)
            p_win += 1
        else:  # DS
            def_loss += def_steps
            p_win += 1
    return p_win / 6, att_loss / 6, def_loss / 6


def odds(
    attack: float, defence: float, shift: int, attackers: int, def_steps: float
) -> tuple[float, float, float]:
    """[18.1-18.4] (chance of taking the space, steps the attacker may expect to lose, steps
    the defender may expect to lose) of an offensive, the die's six faces alike."""
    return _odds(column(attack, defence, shift), attackers, round(def_steps * 2) / 2)


def attack_outcome(
    attack: float,
    defence: float,
    shift: int,
    attackers: int,
    def_steps: float,
    target: float,
    mine: float = STEP,
    theirs: float = STEP,
) -> tuple[float, float]:
    """(expected value, chance of taking the space) of an offensive: the space's ``target``
    value if taken, ``theirs`` for each step inflicted, less ``mine`` for each step lost."""
    p, lost, inflicted = odds(attack, defence, shift, attackers, def_steps)
    return p * target + inflicted * theirs - lost * mine, p


# =============================================================================================
# What the bot knows of a position: the view turned into numbers
# =============================================================================================


@dataclass
class Stack:
    """A stack as the seat sees it, with estimated strengths for what it cannot see (30.0)."""

    space: int
    side: str
    count: int
    attack: float
    defence: float
    steps: float
    isolated: int
    units: list[StackUnitView] = field(default_factory=list)


class World:
    """One decision's picture of the position: stacks, control, the value of each space to
    the seat, the threats on its spaces."""

    def __init__(self, bot: HeuristicBot, view: FitnaSeatView) -> None:
        t = bot.t
        self.bot = bot
        self.view = view
        self.me = bot.seat
        self.turn = int(view.get("turn") or 0)
        self.turns = int(view["scenario"]["turns"])
        self.tension = int(view.get("tension") or 0)
        spaces = view["spaces"]
        n = t.n_spaces
        self.control = [str(spaces[s]["control"]) for s in range(n)]
        self.entrenched = [bool(spaces[s].get("entrenched")) for s in range(n)]
        self.supplied = [bool(spaces[s].get("in_supply", True)) for s in range(n)]
        self.stacks: list[Stack | None] = [None] * n
        for s in range(n):
            st = spaces[s].get("stack")
            if st:
                self.stacks[s] = bot.read_stack(s, st)
        self.mine = [s for s in range(n) if (x := self.stacks[s]) is not None and x.side == self.me]
        #: [25.2, 26.2] the sides (IS, a Kurdish faction) the seat commands for an activation
        self.commanded = {str(a["force"]) for a in view.get("activation", []) if a.get("seat") == self.me}
        self.enemy = [s for s in range(n) if (x := self.stacks[s]) is not None and x.side != self.me]
        self.value = self._values()
        self.threat = self._threats()
        self.front = self._front_distance()
        self.exposed = self._enemy_reach()
        self.critical = self._critical()
        # a step is worth more to a small army (rules 18.4-18.5 grind the weaker side down)
        seats = set(view["seats"])
        mine = sum(x.count for s in self.mine if (x := self.stacks[s]) is not None)
        theirs = sum(x.count for s in self.enemy if (x := self.stacks[s]) is not None and x.side in seats)
        # and less as the end nears: a unit lost in the last turn costs nothing but the space
        self.late = 0.25 + 0.75 * max(0, self.turns - self.turn) / max(1, self.turns - 1)
        self.my_step = max(1.0, 14.0 / max(1, mine)) * self.late
        self.their_step = max(0.8, 10.0 / max(1, theirs)) * self.late

    def step_of(self, side: str) -> float:
        """What inflicting a step on ``side`` is worth: less for IS and the Kurds, whom
        nobody plays."""
        return self.their_step if side in self.view["seats"] else 0.4

    def attack_ev(
        self, att: float, foe: Stack, shift: int, attackers: int, target: int
    ) -> tuple[float, float]:
        """(expected value, chance of taking it) of an offensive on ``target`` with attack
        ``att`` against ``foe``."""
        return attack_outcome(
            att,
            foe.defence,
            shift,
            attackers,
            foe.steps,
            self.target_value(target),
            self.my_step * 1.2,
            self.step_of(foe.side),
        )

    def danger(self, s: int, defence: float, steps: float) -> float:
        """What the seat may expect to lose on ``s`` holding ``defence`` if the strongest enemy
        stack next to it attacks: the space's value if it falls, and the steps."""
        threat = self.threat[s]
        if threat <= 0:
            return 0.0
        t = self.bot.t
        shift = -t.space_defence[s] - (1 if self.entrenched[s] else 0)
        p, _, lost = odds(threat, defence, shift, 3, max(1.0, steps))
        return p * (1.0 + self.value[s]) * 0.5 + lost * self.my_step * 0.5

    # -- what matters ---------------------------------------------------------------------------

    def _values(self) -> list[float]:
        """The worth of holding each space: its VP (31.1), much more if the seat's victory
        table names it (prerequisites most), more if the other side's table does, a little for
        every space of a country whose spaces are counted."""
        t = self.bot.t
        n = t.n_spaces
        value = [0.4 + 0.3 * t.space_vp[s] for s in range(n)]
        victory = self.view["victory"]["seats"]
        rivals = rival_weights(victory, self.me)
        for seat, table in victory.items():
            mine = seat == self.me
            level = table.get("level", "none")
            theirs = 0.6 * rivals.get(seat, 1.0)
            for key, weight in _TABLE_WEIGHTS:
                if mine and key != "prerequisites" and _rank(key) <= _rank(level) - 1:
                    weight *= 0.7  # a level already reached still has to be kept
                for cond in table.get(key, []):
                    if cond["type"] == "control":
                        for name in cond["spaces"]:
                            s = t.space_by_name.get(name)
                            if s is not None:
                                value[s] += weight if mine else theirs * weight
                    elif cond["type"] == "control_count" and mine:
                        countries = {self.bot.country_by_label.get(c, -1) for c in cond["countries"]}
                        gap = max(0, int(cond["need"]) - int(cond["have"]))
                        bonus = 0.6 + (0.6 if gap else 0.2)
                        for s in range(n):
                            if t.space_country[s] in countries:
                                value[s] += bonus * weight / 3.0
        for s in t.out_of_play:
            value[s] = 0.0
        return value

    def _threats(self) -> list[float]:
        """The strongest enemy stack next to each space (its estimated attack)."""
        t = self.bot.t
        threat = [0.0] * t.n_spaces
        for s in self.enemy:
            st = self.stacks[s]
            assert st is not None
            for nb in t.adj[s]:
                threat[nb] = max(threat[nb], st.attack)
        return threat

    def _critical(self) -> set[int]:
        """[31.0] The seat's prerequisite spaces it holds within six links of an enemy stack:
        never left empty (a prerequisite lost is no victory at all)."""
        t = self.bot.t
        seats = set(self.view["seats"])
        table = self.view["victory"]["seats"].get(self.me)
        foes = [s for s in self.enemy if (x := self.stacks[s]) is not None and x.side in seats]
        dist = self.bot.dist
        out: set[int] = set()
        for cond in table.get("prerequisites", []) if table is not None else []:
            if cond["type"] != "control":
                continue
            for name in cond["spaces"]:
                s = t.space_by_name.get(name)
                if s is not None and self.held(s) and any(dist[e][s] <= 6 for e in foes):
                    out.add(s)
        return out

    def last_guard(self, s: int) -> bool:
        """Whether one unit is all that holds a critical space."""
        st = self.stacks[s]
        return s in self.critical and st is not None and st.count <= 1

    def _enemy_reach(self) -> list[bool]:
        """[17.1] The spaces the other players' units could walk into on their next move
        (about four links through spaces free of the seat's units): an empty space of value
        there may change hands without a fight (5.0)."""
        t = self.bot.t
        seats = set(self.view["seats"])
        reach = [False] * t.n_spaces
        depth = [99] * t.n_spaces
        frontier: deque[int] = deque()
        for s in self.enemy:
            st = self.stacks[s]
            if st is not None and st.side in seats:
                depth[s] = 0
                frontier.append(s)
        mine = set(self.mine)
        while frontier:
            s = frontier.popleft()
            if depth[s] >= 4:
                continue
            for nb in t.adj[s]:
                if depth[nb] <= depth[s] + 1 or nb in mine or nb in t.out_of_play:
                    continue
                depth[nb] = depth[s] + 1
                reach[nb] = True
                frontier.append(nb)
        return reach

    def _front_distance(self) -> list[int]:
        """Links from each space to the nearest enemy stack or enemy-held space of value."""
        t = self.bot.t
        dist = [99] * t.n_spaces
        frontier: deque[int] = deque()
        enemy = set(self.enemy)
        for s in range(t.n_spaces):
            if s in t.out_of_play:
                continue
            foe = self.control[s] not in (self.me, "Neutral") and self.value[s] >= 1.0
            if s in enemy or foe:
                dist[s] = 0
                frontier.append(s)
        while frontier:
            s = frontier.popleft()
            for nb in t.adj[s]:
                if dist[nb] > dist[s] + 1 and nb not in t.out_of_play:
                    dist[nb] = dist[s] + 1
                    frontier.append(nb)
        return dist

    # -- helpers ----------------------------------------------------------------------------------

    def my_units(self) -> dict[str, tuple[int, StackUnitView]]:
        """The seat's units by name: (space, unit)."""
        out: dict[str, tuple[int, StackUnitView]] = {}
        for s in self.mine:
            st = self.stacks[s]
            assert st is not None
            for u in st.units:
                out[str(u["name"])] = (s, u)
        return out

    def held(self, s: int) -> bool:
        return self.control[s] == self.me

    def room(self, s: int, extra: int = 0) -> bool:
        st = self.stacks[s]
        if st is None:
            return extra < 3
        return st.side == self.me and st.count + extra < 3

    def shifts(self, target: int, attackers_isolated: bool) -> int:
        """[18.2] The column shifts an offensive against ``target`` starts with."""
        t = self.bot.t
        shift = -t.space_defence[target] - (1 if self.entrenched[target] else 0)
        st = self.stacks[target]
        if st is not None and st.isolated:
            shift += 2
        if attackers_isolated:
            shift -= 2
        return shift

    def target_value(self, s: int) -> float:
        """What taking ``s`` is worth: holding it, and denying it."""
        return 1.0 + self.value[s]


def _rank(level: str) -> int:
    return {"none": 0, "minor": 1, "major": 2, "decisive": 3, "prerequisites": 0}.get(level, 0)


#: [31.0] how much a space named by each part of a victory table is worth to its seat
_TABLE_WEIGHTS: tuple[tuple[TablePart, float], ...] = (
    ("prerequisites", 6.0),
    ("minor", 3.0),
    ("major", 2.0),
    ("decisive", 1.2),
)


def level_of(victory: Mapping[str, SeatVictoryView], seat: str) -> str:
    """[31.0] The level ``seat`` would reach now ("none" for a seat the table does not list)."""
    entry = victory.get(seat)
    return entry["level"] if entry is not None else "none"


#: how much more a rival's objectives count for each victory level it is ahead of the seat
LEAD_WEIGHT = 0.5
#: the most a rival's objectives may count, against 1 for a rival level with the seat
MOST_RIVAL_WEIGHT = 2.5


def rival_weights(victory: Mapping[str, SeatVictoryView], me: str) -> dict[str, float]:
    """[2.3, 31.0] How much the seat cares about each other seat's objectives (1: as much as
    about any rival's). With three or more seats the table stops the leader: a rival counts
    more for each victory level it now stands above the seat, and more again if it stands
    alone at the top. With two seats there is only one rival and nothing to weigh."""
    levels = {seat: _rank(str(table.get("level", "none"))) for seat, table in victory.items()}
    if len(levels) < 3 or me not in levels:
        return {seat: 1.0 for seat in levels if seat != me}
    out: dict[str, float] = {}
    for seat, rank in levels.items():
        if seat == me:
            continue
        ahead = max(0, rank - levels[me])
        alone = rank > 0 and all(r < rank for s, r in levels.items() if s != seat)
        out[seat] = min(MOST_RIVAL_WEIGHT, 1.0 + LEAD_WEIGHT * ahead + (LEAD_WEIGHT if alone else 0.0))
    return out


#: the distance tables, by the tables they belong to (kept with them, so an id is never reused)
_DISTANCES: dict[int, tuple[FitnaTables, list[list[int]]]] = {}


def _all_distances(t: FitnaTables) -> list[list[int]]:
    out: list[list[int]] = []
    for a in range(t.n_spaces):
        dist = [99] * t.n_spaces
        dist[a] = 0
        frontier = deque([a])
        while frontier:
            s = frontier.popleft()
            for nb in t.adj[s]:
                if dist[nb] == 99:
                    dist[nb] = dist[s] + 1
                    frontier.append(nb)
        out.append(dist)
    return out


_FORCE_IDS = {label: f for f, label in FORCE_LABEL.items()}


def _force_id(label: str) -> str:
    return _FORCE_IDS.get(label, label)


def distances(t: FitnaTables) -> list[list[int]]:
    """Links between every two spaces of ``t``'s map, computed once per tables."""
    found = _DISTANCES.get(id(t))
    if found is None or found[0] is not t:
        found = _DISTANCES[id(t)] = (t, _all_distances(t))
    return found[1]
