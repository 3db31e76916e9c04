"""[30.0, hidden information] What each seat may know of a Fitna position: the one door to
hands, pile order, face-down IS counters and enemy stacks.

A seat sees its own hand and the sizes of the others', the sizes of the piles, every public
fact (the map's control and entrenchments, tension, Jokers, the cards played, the Force
Pools' reinforcement batches and destroyed units), its own units, and of each enemy stack only
its side, how many units it holds of which forces and how many are isolated, unless it has
seen the stack since it last changed (an offensive against it, an Armed Drones card). IS
counters are always face down (25.1). In a card exchange only the two parties see the cards.
"""

from __future__ import annotations

from typing import Any, Literal, cast

from consim.games.fitna.board import commander, owner, seat_nation, stacks, supply_net, unit_sides
from consim.games.fitna.content import (
    COUNTRY_LABEL,
    FORCE_LABEL,
    FORCES,
    OFF_MAP_NAMES,
    ControlCount,
    ControlSpaces,
    DenySpaces,
    FitnaTables,
    HoldUnits,
    VictoryHandler,
    VPMargin,
)
from consim.games.fitna.rules import RESHUFFLE_TURNS
from consim.games.fitna.rules.common import ELIMINATED, POOL, REMOVED
from consim.games.fitna.rules.events import Exchange
from consim.games.fitna.rules.offensive import Offensive, face_label
from consim.games.fitna.rules.turn import SEGMENTS, Phase, turn_order
from consim.games.fitna.rules.victory import LEVELS, condition_holds, victory_points
from consim.games.fitna.state import FitnaState
from consim.games.fitna.viewtypes import (
    BoardView,
    ConditionView,
    DecisionView,
    ExchangeView,
    FitnaView,
    HandView,
    LinkParamsView,
    OpsView,
    PhaseView,
    PoolView,
    SeatVictoryView,
    Segment,
    SpaceView,
    StackUnitView,
    StackView,
    TablePart,
    UnitView,
    VictoryLevel,
    VictoryView,
)


def unit_info(st: FitnaState, u: int) -> UnitView:
    t = st.tables
    rec = st.data.units[u]
    a, d, m = t.unit_values(u, rec.reduced)
    info: UnitView = {
        "name": t.unit_label[u],
        "force": FORCE_LABEL[FORCES[t.unit_force[u]]],
        "colour": t.unit_colour[u],
        "attack": a,
        "defence": d,
        "movement": m,
        "reduced": rec.reduced,
        "isolated": rec.isolated,
    }
    if t.unit_airmobile[u]:
        info["airmobile"] = True
    if t.unit_armour[u]:
        info["armour"] = True
    if rec.assault:
        info["assault"] = True
    return info


def _seen_as_own(st: FitnaState, me: int) -> frozenset[int]:
    """The sides whose stacks seat ``me`` sees unit by unit: its own, and [25.1, 26.2] IS or
    a Kurdish faction while it commands them for an activation (none for a spectator)."""
    if me < 0:
        return frozenset()
    return frozenset(k for k in range(len(st.tables.side_names)) if k == me or commander(st, k) == me)


def _stack_info(
    st: FitnaState, units: list[int], me: int, own: frozenset[int], sides: list[int]
) -> StackView:
    """[30.0] The stack of ``units`` (one space's) as seat ``me`` (-1: a spectator) may see it,
    with the sides it sees as its own (``_seen_as_own``) and every counter's side looked up
    once by the caller (``units`` is not empty)."""
    t = st.tables
    # a stack shows one side (two only for a moment, after a coup, 23.2): the lowest, not the
    # first counter's, whose place in the counter order is not shown
    side = min(sides[u] for u in units)
    s = st.data.units[units[0]].at
    # [25.1, 26.2] the seat commanding IS or the Kurds for an activation sees their stacks as
    # its own (IS counters stay face down). [23.2, 23.3] A coup leaves enemies on one space
    # until the losers withdraw: such a stack shows its units only to a seat that sees every
    # one of them (a seat's own units among them do not uncover the others).
    known = me >= 0 and (bool(st.data.known[s] >> me & 1) or all(sides[u] in own for u in units))
    if known:
        # [25.1] face-down IS counters last: their place in the counter order is not shown
        shown: list[StackUnitView] = [
            unit_info(st, u) for u in units if not t.unit_is[u] or t.unit_baghdadi[u]
        ]
        face_down = len(units) - len(shown)
        hidden: list[StackUnitView] = [{"name": "IS counter", "face_down": True} for _ in range(face_down)]
        return {"side": t.side_names[side], "count": len(units), "units": shown + hidden}
    forces: dict[str, int] = {}
    for u in units:
        label = FORCE_LABEL[FORCES[t.unit_force[u]]]
        forces[label] = forces.get(label, 0) + 1
    records = st.data.units
    return {
        "side": t.side_names[side],
        "count": len(units),
        # in the order of their names, not of the counters (which counter is which is hidden)
        "forces": forces if len(forces) == 1 else dict(sorted(forces.items())),
        "isolated": sum(1 for u in units if records[u].isolated),
    }


def view(st: FitnaState, seat: str | None) -> FitnaView:
    t = st.tables
    d = st.data
    phase = next((f for f in reversed(st.stack) if isinstance(f, Phase)), None)
    top = st.stack[-1] if st.stack else None
    spaces: list[SpaceView] = []
    on_space = stacks(st)
    sides = unit_sides(st)
    me = t.seat_index[seat] if seat is not None else -1
    own = _seen_as_own(st, me)
    space_name, side_names, control, entrenched = t.space_name, t.side_names, d.control, d.entrenched
    for s in range(t.n_spaces):
        entry: SpaceView = {"name": space_name[s], "control": side_names[control[s]]}
        if entrenched[s]:
            entry["entrenched"] = True
        if on_space[s]:
            entry["stack"] = _stack_info(st, on_space[s], me, own, sides)
        spaces.append(entry)
    n = t.n_spaces
    # one pass over the counters off the map, in counter order: [20.0] each seat's destroyed
    # units, [25.1] the IS counters and [26.1] the Kurdish units in the pool, the units out
    # of the game
    destroyed: list[list[str]] = [[] for _ in t.seats]
    is_pool = kurdish_pool = 0
    out_of_game: list[str] = []
    eliminated, pool, removed = n + ELIMINATED, n + POOL, n + REMOVED
    for u, rec in enumerate(d.units):
        at = rec.at
        if at < n:
            continue
        if at == eliminated:
            if 0 <= (k := owner(st, u)) < len(t.seats):
                destroyed[k].append(t.unit_label[u])
        elif at == pool:
            is_pool += t.unit_is[u]
            kurdish_pool += t.unit_kurd_side[u] >= 0
        elif at == removed and not t.unit_is[u]:
            out_of_game.append(t.unit_label[u])
    pools: dict[str, PoolView] = {}
    for i, who in enumerate(t.seats):
        pools[who] = {
            "batches": [[t.unit_label[u] for u in b] for b in d.batches[who]],
            "destroyed": destroyed[i],
            "last_batch_turn": d.batch_turn[who],
        }
    out: BoardView = {
        "scenario": {
            "number": t.scenario.number,
            "title": t.scenario.title,
            "dates": t.scenario.dates,
            "turns": t.scenario.turns,
            "briefing": t.scenario.briefing,
            "special_rules": list(t.scenario.special_rules),
            "us_intervention": [{"trigger": i.trigger, "seat": i.seat} for i in t.scenario.us_intervention],
            # [28.0] who receives the Russian forces at tension 10 ("" if nobody)
            "russia_at_tension_10": t.scenario.russia_at_tension_10,
            # [7.0] the free OPs each seat has on turn 1 (the seats of this game, merged in
            # a two-player version)
            "free_ops_turn1": {s.name: s.free_ops_turn1 for s in t.scenario.seats},
        },
        "turn": d.turn,
        "tension": d.tension,
        "seats": list(t.seats),
        "order": turn_order(st),
        "active": phase.seat if phase else None,
        "step": top.name if top is not None else "over",
        "hand_sizes": {s: len(d.hands[s]) for s in t.seats},
        "piles": {
            "assets": len(d.asset_pile),
            "events": len(d.event_pile),
            "asset_discards": len(d.asset_discard),
            "event_discards": len(d.event_discard),
            "high_tension_aside": len(d.aside),
        },
        "removed_cards": [t.card_label[c] for c in d.removed],
        "played": [t.card_label[c] for c in d.played],
        "in_play": [t.card_label[c] for c in d.in_play],
        "jokers": dict(d.jokers),
        "special_jokers": {s: [t.joker_name[j] for j in d.special[s]] for s in t.seats},
        "effects": [
            {
                "card": t.card_name[e.card],
                "seat": t.seats[e.seat] if 0 <= e.seat < len(t.seats) else None,
                "kind": e.kind,
                "columns": e.columns,
                "until_turn": e.until_turn,
            }
            for e in d.effects
        ],
        "firsts": list(d.firsts),
        "activation": [
            {"seat": t.seats[k], "force": FORCE_LABEL[FORCES[f]]}
            for f, k in enumerate(d.force_seat)
            if k >= 0
        ],
        "arrivals": [
            {"seat": t.seats[a.seat], "force": FORCE_LABEL[FORCES[a.force]], "wave": a.wave, "turn": a.turn}
            for a in d.arrivals
        ],
        "spaces": spaces,
        "pools": pools,
        "is_pool": is_pool,
        "kurdish_pool": kurdish_pool,
        "out_of_game": out_of_game,
        "places": list(OFF_MAP_NAMES),
    }
    off = next((f for f in reversed(st.stack) if isinstance(f, Offensive)), None)
    if off is not None:
        out["offensive"] = {
            "attacker": off.seat,
            "defender": off.defender or None,
            "from": t.space_name[off.source],
            "against": t.space_name[off.target],
            "units": len(off.attackers),
            "cards": [
                {"card": t.card_name[c], "by": "attacker" if b == "A" else "defender", "cancels": x}
                for c, b, x in zip(off.cards, off.by, off.cancels, strict=True)
            ],
            "result": off.result or None,
            "die": off.die or None,
        }
        if seat == off.seat:
            # [25.1] IS counters stay face down, for the player commanding IS too
            out["offensive"]["attacking"] = [face_label(st, u) for u in off.attackers]
    ex = next((f for f in reversed(st.stack) if isinstance(f, Exchange)), None)
    if ex is not None:
        deal: ExchangeView = {"from": ex.seat, "to": ex.partner, "stage": ex.stage}
        if seat in (ex.seat, ex.partner) and ex.offered is not None:
            deal["offered"] = t.card_name[ex.offered]
        out["exchange"] = deal
    info = phase_info(st, seat, phase)
    victory = victory_progress(st)
    if seat is not None:
        me = t.seat_index[seat]
        net = supply_net(st, me, seat_nation(st, me))
        for s, entry in enumerate(spaces):
            entry["in_supply"] = bool(net >> s & 1)
    own_cards: HandView = {}
    if seat is not None:
        own_cards["hand"] = [
            {
                "name": t.card_name[c],
                "number": c + 1,
                "kind": "Asset" if t.card_asset[c] else "Event",
                "ops": t.card_ops[c],
                "text": t.card_text[c],
            }
            for c in d.hands[seat]
        ]
    # the public position, the phase, the standing and the seat's hand, in that order
    return {**out, **info, "victory": victory, **own_cards}


# =============================================================================================
# What the front ends and bots read about the phase and the scenario's victory (public facts,
# and the seat's own decision under way)
# =============================================================================================

#: [12.1] the segments of a phase as a player names them
SEGMENT_NAMES: dict[str, Segment] = {
    "events": "Events",
    "supply": "Supply",
    "planning": "Planning",
    "movement": "Movement",
    "offensives": "Offensives",
    "strategic": "Strategic Movement",
    "adjust": "Adjust Cards",
    "end": "end of the phase",
}


def phase_info(st: FitnaState, seat: str | None, phase: Phase | None) -> PhaseView:
    """The segment under way (12.1), the OPs allocated and left (16.0-18.0: public, they are
    announced), the turns of the reshuffles (8.2), the tension levels already carried out
    (22.1), the forces each seat runs now, and ``seat``'s own decision in progress. Frames
    are found by their saved names, which stay stable."""
    t = st.tables
    d = st.data
    segment = ""
    if phase is not None:
        step = phase.step
        segment = SEGMENTS[max(0, SEGMENTS.index(step) - 1)] if step != "over" else "end"
    found: dict[str, Any] = {}
    for f in st.stack:
        if f.name in ("planning", "movement", "offensives"):
            found[f.name] = f
    planning, movement, offensives = (found.get(k) for k in ("planning", "movement", "offensives"))
    for name in ("movement", "offensives", "planning"):
        if name in found:
            segment = name
            break
    ops: OpsView | None = None
    if found:
        ops = {}
        if planning is not None:
            ops["spent"] = [t.card_name[c] for c in planning.cards]
            ops["depot"] = bool(planning.depot)
            ops["total"] = int(planning.total)
        if movement is not None:
            ops["moves_left"] = int(movement.left)
            ops["moves"] = int(movement.left) + len(movement.moved)
        if offensives is not None:
            ops["offensives_left"] = int(offensives.left)
            ops["offensives"] = int(offensives.left) + int(offensives.launched)
    # [27.1] the forces each seat runs, wholly or in part (``runs_force``), in one pass
    runs: list[set[int]] = [set() for _ in t.seats]
    for force, k in enumerate(d.force_side):
        if 0 <= k < len(runs):
            runs[k].add(force)
    for u, k in d.unit_side.items():
        if 0 <= k < len(runs):
            runs[k].add(t.unit_force[u])
    out: PhaseView = {
        "segment": SEGMENT_NAMES.get(segment, "") if phase is not None else "",
        "ops": ops,
        "reshuffles": [n for n in RESHUFFLE_TURNS if 1 < n <= t.scenario.turns],
        "levels_done": sorted(d.levels_done),
        "forces": {
            s: [FORCE_LABEL[f] for i, f in enumerate(FORCES) if i in runs[k]] for k, s in enumerate(t.seats)
        },
    }
    if seat is not None:
        mine = own_decision(st, seat)
        if mine is not None:
            out["decision"] = mine
    return out


def own_decision(st: FitnaState, seat: str) -> DecisionView | None:
    """What ``seat`` knows of its own decision under way: the unit it moves, the units of the
    offensive it is forming, the unit it places or redeploys (the others read only the
    outcome; ``None`` when it has none)."""
    t = st.tables
    top: Any = st.stack[-1] if st.stack else None
    if top is not None and top.name == "initiative_bids":  # [7.1] its own secret bid
        picks = top.picks.get(seat, [])
        if not picks:
            return None
        return {"bid": [t.card_name[c] for c in picks], "bid_ops": sum(t.card_ops[c] for c in picks)}
    if top is None or getattr(top, "seat", None) != seat:
        return None
    name = top.name
    if name == "unit_move":
        return {
            "moving": t.unit_label[top.unit],
            "from": t.space_name[top.start],
            "at": t.space_name[st.data.units[top.unit].at],
            "mp": int(top.mp),
        }
    if name == "offensive_setup":
        return {
            "attack_from": t.space_name[top.source],
            # [25.1] the IS counters he picks are face down: he does not know which they are
            "chosen": [face_label(st, u) for u in top.chosen],
            "stage": top.stage,
        }
    if name == "place_units" and top.units:
        return {"placing": t.unit_label[top.units[0]], "then": [t.unit_label[u] for u in top.units[1:]]}
    if name == "strategic" and top.unit is not None:
        return {"redeploying": t.unit_label[top.unit]}
    return None


def _condition(st: FitnaState, seat: int, cond: Any, held_by: list[dict[int, int]]) -> ConditionView:
    """[31.0] One victory condition in public terms, with how far the seat is from it
    (``held_by``: per seat, how many spaces it holds in each country)."""
    t = st.tables
    d = st.data
    if isinstance(cond, ControlSpaces):
        have = sum(1 for s in cond.spaces if d.control[t.space_by_id[s]] == seat)
        need = cond.count if cond.count is not None else len(cond.spaces)
        names = [t.space_name[t.space_by_id[s]] for s in cond.spaces]
        return {"type": "control", "spaces": names, "need": need, "have": have, "held": have >= need}
    if isinstance(cond, ControlCount):
        counts = held_by[seat]
        have = sum(counts.get(t.country_index[c], 0) for c in cond.countries)
        return {
            "type": "control_count",
            "countries": [COUNTRY_LABEL[c] for c in cond.countries],
            "need": cond.count,
            "have": have,
            "held": have >= cond.count,
        }
    if isinstance(cond, HoldUnits):
        forces = {t.force_index[f] for f in cond.forces}
        factions = {getattr(t, f) for f in cond.on_kurdish}
        have = sum(
            1
            for f in forces
            for u in t.force_units[f]
            if (at := d.units[u].at) < t.n_spaces and (not factions or t.space_kurd_side[at] in factions)
        )
        return {
            "type": "hold_units",
            "forces": [FORCE_LABEL[f] for f in cond.forces],
            "on": list(cond.on_kurdish),
            "need": cond.count,
            "have": have,
            "held": have >= cond.count,
        }
    held = condition_holds(st, seat, cond)
    if isinstance(cond, DenySpaces):
        names = [t.space_name[t.space_by_id[s]] for s in cond.spaces]
        return {"type": "deny", "spaces": names, "by": cond.by, "held": held}
    if isinstance(cond, VPMargin):
        return {"type": "vp_margin", "margin": cond.margin, "held": held}
    assert isinstance(cond, VictoryHandler)
    # (the parameters as the scenario writes them: a "link" condition's, the only check there is)
    params = cast(LinkParamsView, cond.params.as_data())
    return {"type": "handler", "name": cast(Literal["link"], cond.name), "params": params, "held": held}


#: (tables, control, the forces' sides, where the counters of hold_units conditions stand)
#: -> ``victory_progress`` of every position that agrees on them: all it reads (the Victory
#: Points and the lines of 31.1 follow control and the forces' sides). A view asks for it at
#: every decision, and it changes only when a space changes hands, a force changes sides or a
#: counted unit moves. Each entry keeps its tables alive, so their ids stay unique.
_PROGRESS: dict[
    tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]], tuple[FitnaTables, VictoryView]
] = {}
#: tables (by id, kept alive) -> the counters the scenario's hold_units conditions count
_COUNTED: dict[int, tuple[FitnaTables, tuple[int, ...]]] = {}


def _counted(t: FitnaTables) -> tuple[int, ...]:
    entry = _COUNTED.get(id(t))
    if entry is None or entry[0] is not t:
        forces = {
            t.force_index[f]
            for v in t.scenario.victory
            for conds in (v.prerequisites, v.minor, v.major, v.decisive)
            for c in conds
            if isinstance(c, HoldUnits)
            for f in c.forces
        }
        if len(_COUNTED) > 64:
            _COUNTED.clear()
        entry = _COUNTED[id(t)] = (t, tuple(sorted(u for f in forces for u in t.force_units[f])))
    return entry[1]


def _fresh(value: Any) -> Any:
    """A copy of a structure of dicts and lists, so that no two views share one."""
    if type(value) is dict:
        return {k: _fresh(v) for k, v in value.items()}
    if type(value) is list:
        return [_fresh(v) for v in value]
    return value


def victory_progress(st: FitnaState) -> VictoryView:
    """[31.0, 31.1] Each seat's victory table and how it stands now (public: it reads only
    control, units on the map and the VP), the level it would reach if the game ended now,
    and each seat's Victory Points. Worked out once for all positions that agree on what it
    reads (``_PROGRESS``); each call returns a copy of its own."""
    t = st.tables
    d = st.data
    units = d.units
    key = (id(t), tuple(d.control), tuple(d.force_side), tuple(units[u].at for u in _counted(t)))
    entry = _PROGRESS.get(key)
    if entry is None or entry[0] is not t:
        if len(_PROGRESS) > 512:
            _PROGRESS.clear()
        entry = _PROGRESS[key] = (t, _victory_progress(st))
    progress: VictoryView = _fresh(entry[1])
    return progress


def _with_part(cond: ConditionView, part: str) -> ConditionView:
    """[31.0] ``cond`` marked with the scenario's seat whose table it comes from, in a
    two-player version (``part``; nothing when it is "")."""
    if part:
        cond["part"] = part
    return cond


#: the levels of a victory table, the best first
_BEST_FIRST: tuple[Literal["decisive", "major", "minor"], ...] = ("decisive", "major", "minor")


def _victory_progress(st: FitnaState) -> VictoryView:
    t = st.tables
    held_by: list[dict[int, int]] = [{} for _ in t.seats]
    n_seats = len(t.seats)
    for s, side in enumerate(st.data.control):
        if side < n_seats:
            c = t.space_country[s]
            held_by[side][c] = held_by[side].get(c, 0) + 1
    seats: dict[str, SeatVictoryView] = {}
    for s, name in enumerate(t.seats):
        vp, bonuses = victory_points(st, s)
        seats[name] = {"level": "none", "vp": vp, "bonuses": bonuses}
    parts: dict[str, list[VictoryLevel]] = {}
    for v in t.scenario.victory:
        i = t.seat_index[v.seat]
        entry = seats[v.seat]
        table: dict[TablePart, list[ConditionView]] = {}
        sections: tuple[tuple[TablePart, list[Any]], ...] = (
            ("prerequisites", v.prerequisites),
            ("minor", v.minor),
            ("major", v.major),
            ("decisive", v.decisive),
        )
        for key, conds in sections:
            table[key] = [_with_part(_condition(st, i, c, held_by), v.part) for c in conds]
            entry[key] = [*entry.get(key, []), *table[key]]
        # [31.0] the prerequisites, then the best level whose conditions all hold
        level: VictoryLevel = "none"
        if all(c["held"] for c in table["prerequisites"]):
            for best in _BEST_FIRST:
                if all(c["held"] for c in table[best]):
                    level = best
                    break
        parts.setdefault(v.seat, []).append(level)
    # [31.0] a player of several seats (two-player versions) has the lowest level they reach
    for name, levels in parts.items():
        seats[name]["level"] = min(levels, key=LEVELS.index)
    return {"method": t.opts.victory, "seats": seats}
