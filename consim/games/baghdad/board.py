"""Pure queries of a Battle for Baghdad position: units and pools, who Controls a zone, the
Victory Conditions, where a faction may spawn, what a card could target, the combat values.
Nothing here changes the state. Rule references are the rulebook's section titles (it has no
numbers).

>>> import consim
>>> st = consim.load_game("baghdad", players=3).new_game(seed=1)
>>> controller(st, st.tables.zone_index["sadr_city"])
'Shiite'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import compress
from operator import or_

from consim.games.baghdad.content import (
    AllOf,
    AnyOf,
    ArmsBazaarCard,
    CollectFromEachPlayer,
    ControlAffiliatedZones,
    ControlZones,
    DefectionEffect,
    Effect,
    EliminateUnits,
    InfrastructureInZones,
    NoCrossAffiliatedControl,
    PlaceFreeUnits,
    TakeCards,
    TakePP,
    VictoryCondition,
    ViewHand,
    affiliated_ids,
)
from consim.games.baghdad.state import BaghdadState, Promise
from consim.games.baghdad.viewtypes import GoalPartView, GoalView

Control = Sequence[str | None]  # zone -> controlling faction (None: nobody)

#: [Action Phase] card timings playable in each step of one's own Action Phase
STEP_TIMINGS = {"recruit": ("own_action", "own_recruit_step"), "move": ("own_action", "own_move_step")}


def units_in(st: BaghdadState, f: str, z: int) -> tuple[int, int]:
    """Security and Infrastructure of ``f`` in zone ``z``."""
    d = st.data
    return d.sec[f][z], d.inf[f][z]


def pool(st: BaghdadState, f: str) -> tuple[int, int]:
    """[Glossary: Force Pool] counters not on the map."""
    c = st.tables.counters[f]
    d = st.data
    return c[0] - sum(d.sec[f]), c[1] - sum(d.inf[f])


def present(st: BaghdadState, z: int) -> list[str]:
    """Factions with units in ``z``, in this turn's acting order."""
    d = st.data
    sec, inf = d.sec, d.inf
    return [f for f in d.order if sec[f][z] or inf[f][z]]


def occupants(st: BaghdadState, factions: Sequence[str]) -> list[list[str] | None]:
    """Per zone, the factions of ``factions`` with counters there (in that order), or None."""
    d = st.data
    out: list[list[str] | None] = [None] * len(d.zpp)
    zones = range(len(d.zpp))
    for f in factions:
        for z in compress(zones, map(or_, d.sec[f], d.inf[f])):
            there = out[z]
            if there is None:
                out[z] = [f]
            else:
                there.append(f)
    return out


def control_map(st: BaghdadState) -> list[str | None]:
    """[Glossary: Control] each zone's controller: the one faction whose counters alone are
    there. [Glossary: Peacekeeping] Peacekeeping units sharing a zone with others are ignored."""
    pk = st.tables.peacekeeper
    out: list[str | None] = []
    for there in occupants(st, st.tables.seats):
        if there is None:
            out.append(None)
        elif len(there) == 1:
            out.append(there[0])
        elif len(there) == 2 and pk in there:
            out.append(there[1] if there[0] == pk else there[0])
        else:
            out.append(None)
    return out


def controls(st: BaghdadState, f: str, z: int) -> bool:
    """[Glossary: Control; Peacekeeping] whether ``f`` controls zone ``z``."""
    d = st.data
    if not (d.sec[f][z] or d.inf[f][z]):
        return False
    pk = st.tables.peacekeeper
    for o in st.tables.seats:
        if o != f and (f == pk or o != pk) and (d.sec[o][z] or d.inf[o][z]):
            return False
    return True


def controller(st: BaghdadState, z: int) -> str | None:
    """[Glossary: Control] the controller of one zone."""
    return control_map(st)[z]


def zones_controlled(control: Control, f: str) -> int:
    return sum(1 for c in control if c == f)


def victory_score(st: BaghdadState, f: str, control: Control) -> int:
    """[Victory Conditions] PP held plus 10 per controlled zone."""
    return st.data.pp[f] + st.tables.rules.pp_per_controlled_zone * zones_controlled(control, f)


def _zones(st: BaghdadState, ids: Iterable[str]) -> list[int]:
    index = st.tables.zone_index
    return [index[z] for z in ids]


def _infrastructure_count(st: BaghdadState, cond: InfrastructureInZones, f: str, control: Control) -> int:
    t = st.tables
    zones = _zones(st, cond.zones) if cond.zones is not None else range(len(t.zone_ids))
    mine = st.data.inf[f]
    return sum(
        1 for z in zones if mine[z] >= cond.min_per_zone and (not cond.require_control or control[z] == f)
    )


def _affiliated_count(st: BaghdadState, cond: ControlAffiliatedZones, f: str, control: Control) -> int:
    affs = {f if a == "self" else a for a in cond.affiliations}
    aff = st.tables.zone_affiliation
    return sum(1 for z, c in enumerate(control) if c == f and aff[z] in affs)


def condition_met(st: BaghdadState, cond: VictoryCondition, f: str, control: Control) -> bool:
    """[Victory Conditions] evaluate one (possibly compound) special victory condition."""
    if isinstance(cond, AllOf):
        return all(condition_met(st, c, f, control) for c in cond.conditions)
    if isinstance(cond, AnyOf):
        return any(condition_met(st, c, f, control) for c in cond.conditions)
    if isinstance(cond, ControlZones):
        by = set(cond.by) if cond.by else {f}
        return sum(1 for z in _zones(st, cond.zones) if control[z] in by) >= cond.count
    if isinstance(cond, ControlAffiliatedZones):
        return _affiliated_count(st, cond, f, control) >= cond.count
    if isinstance(cond, InfrastructureInZones):
        return _infrastructure_count(st, cond, f, control) >= cond.count
    if isinstance(cond, NoCrossAffiliatedControl):
        a, b = cond.factions
        aff = st.tables.zone_affiliation
        return not any((c == a and aff[z] == b) or (c == b and aff[z] == a) for z, c in enumerate(control))
    raise TypeError(f"unknown victory condition {cond!r}")  # pragma: no cover - content is validated


def progress(st: BaghdadState, cond: VictoryCondition, f: str, control: Control) -> float:
    """A 0..1 measure of how near a condition is (for bots and the status table)."""
    if isinstance(cond, AllOf):
        parts = [progress(st, c, f, control) for c in cond.conditions]
        return sum(parts) / len(parts)
    if isinstance(cond, AnyOf):
        return max(progress(st, c, f, control) for c in cond.conditions)
    if isinstance(cond, ControlZones):
        by = set(cond.by) if cond.by else {f}
        return min(1.0, sum(1 for z in _zones(st, cond.zones) if control[z] in by) / cond.count)
    if isinstance(cond, ControlAffiliatedZones):
        return min(1.0, _affiliated_count(st, cond, f, control) / cond.count)
    if isinstance(cond, InfrastructureInZones):
        return min(1.0, _infrastructure_count(st, cond, f, control) / cond.count)
    return 1.0 if condition_met(st, cond, f, control) else 0.0


def _part_count(
    st: BaghdadState, cond: VictoryCondition, f: str, control: Control
) -> tuple[int, int, list[int]]:
    """What one condition counts now: (have, need, the zones counted; for "kept apart", the
    zones that spoil it)."""
    t = st.tables
    if isinstance(cond, ControlZones):
        by = set(cond.by) if cond.by else {f}
        zs = [z for z in _zones(st, cond.zones) if control[z] in by]
        return len(zs), cond.count, zs
    if isinstance(cond, ControlAffiliatedZones):
        zs = [z for z in _zones(st, affiliated_ids(t.content, cond, f)) if control[z] == f]
        return len(zs), cond.count, zs
    if isinstance(cond, InfrastructureInZones):
        zones = _zones(st, cond.zones) if cond.zones is not None else range(len(t.zone_ids))
        mine = st.data.inf[f]
        held = not cond.require_control
        zs = [z for z in zones if mine[z] >= cond.min_per_zone and (held or control[z] == f)]
        return len(zs), cond.count, zs
    if isinstance(cond, NoCrossAffiliatedControl):
        a, b = cond.factions
        aff = t.zone_affiliation
        bad = [z for z, c in enumerate(control) if (c == a and aff[z] == b) or (c == b and aff[z] == a)]
        return (0 if bad else 1), 1, bad
    return (1 if condition_met(st, cond, f, control) else 0), 1, []


def goal_progress(st: BaghdadState, f: str, control: Control) -> GoalView:
    """[Victory Conditions] ``f``'s special condition in words, part by part, with what each
    part counts now (for the board, the ``goals`` command and the bots)."""
    t = st.tables
    names = t.zone_name
    parts: list[GoalPartView] = []
    for cond, label, text in t.victory_parts[f]:
        have, need, zs = _part_count(st, cond, f, control)
        parts.append(
            {
                "label": label,
                "text": text,
                "have": have,
                "need": need,
                "met": condition_met(st, cond, f, control),
                "zones": [names[z] for z in zs],
            }
        )
    return {
        "text": t.victory_text[f],
        "join": t.victory_join[f],
        "parts": parts,
        "met": condition_met(st, t.faction[f].victory.condition, f, control),
    }


def winners_now(st: BaghdadState, control: Control | None = None) -> dict[str, str]:
    """[Victory Conditions] factions meeting a condition now, with which one."""
    t = st.tables
    control = control_map(st) if control is None else control
    out: dict[str, str] = {}
    for f in t.seats:
        if victory_score(st, f, control) >= t.rules.standard_victory_pp:
            out[f] = "standard"
        elif condition_met(st, t.faction[f].victory.condition, f, control):
            out[f] = "special"
    return out


# -- binding deals ------------------------------------------------------------------------------


def promised(st: BaghdadState, f: str, kind: str, o: str) -> Promise | None:
    """[Coalition Phase] the promise of this kind ``f`` made to ``o``, if any (deals bind until
    the next Coalition Phase)."""
    for p in st.data.promises:
        if p.sender == f and p.kind == kind and o in p.to:
            return p
    return None


def entry_promise(st: BaghdadState, f: str, z: int) -> Promise | None:
    """[Coalition Phase] the promise ``f`` would break by leaving units in zone ``z`` (ending a
    move, dropping off, recruiting or placing there): ``no-entry`` to a faction with units in
    ``z``, or ``no-attack`` to one it would then have to fight (NOTES: Deals)."""
    d = st.data
    for p in d.promises:
        if p.sender != f or p.kind not in ("no-entry", "no-attack"):
            continue
        for o in p.to:
            if (d.sec[o][z] or d.inf[o][z]) and (
                p.kind == "no-entry" or (not st.tables.sanctuary[z] and mandatory(st, f, o))
            ):
                return p
    return None


def passage_promise(st: BaghdadState, f: str, z: int) -> Promise | None:
    """[Coalition Phase] the ``no-entry`` promise ``f`` would break by moving through ``z``."""
    d = st.data
    for p in d.promises:
        if p.sender == f and p.kind == "no-entry" and any(d.sec[o][z] or d.inf[o][z] for o in p.to):
            return p
    return None


def card_targets(st: BaghdadState, f: str) -> list[str]:
    """Opponents ``f`` may aim a card at: all but those it promised ``no-cards``."""
    return [o for o in st.data.order if o != f and promised(st, f, "no-cards", o) is None]


def card_promise(
    st: BaghdadState, f: str, effects: Sequence[Effect], spawn: Sequence[int] = ()
) -> Promise | None:
    """[Coalition Phase] the promise that keeps ``f`` from playing a card with these effects
    now (``spawn``: the zones where its free units could go), or None."""
    d = st.data
    if not d.promises:
        return None
    for e in effects:
        if isinstance(e, CollectFromEachPlayer):
            for o in d.order:
                if o != f and (p := promised(st, f, "no-cards", o)) is not None:
                    return p
        elif isinstance(e, ViewHand | TakePP | TakeCards):
            if not card_targets(st, f):
                return next(p for o in d.order if o != f and (p := promised(st, f, "no-cards", o)))
        elif isinstance(e, EliminateUnits | DefectionEffect):
            every = unit_targets(st, f, e, keep_promises=False)
            if every and not unit_targets(st, f, e):
                return promised(st, f, "no-cards", every[0])
        elif isinstance(e, PlaceFreeUnits) and spawn:
            blocks = [entry_promise(st, f, z) for z in spawn]
            if all(blocks):
                return blocks[0]
    return None


# -- the Action Phase ---------------------------------------------------------------------------


def spawn_zones(st: BaghdadState, f: str) -> tuple[list[int], list[int]]:
    """[Recruit Step] where each kind may spawn: affiliated and spawn zones, plus controlled
    zones holding the other kind, fixed by the units there at the step's start."""
    d = st.data
    base = st.tables.spawn_base[f]
    sec, inf = d.sec[f], d.inf[f]
    ok_sec = []
    ok_inf = []
    for z in range(len(sec)):
        if z in base:
            ok_sec.append(z)
            ok_inf.append(z)
        elif (sec[z] or inf[z]) and controls(st, f, z):
            if inf[z]:
                ok_sec.append(z)
            if sec[z]:
                ok_inf.append(z)
    return ok_sec, ok_inf


def unit_targets(
    st: BaghdadState, f: str, e: EliminateUnits | DefectionEffect, keep_promises: bool = True
) -> list[str]:
    """Factions with units a card could strike: [Glossary: Sanctuary] not in the Sanctuary
    unless the card allows it (a Defection may); [Coalition Phase] not one ``f`` promised to
    play no cards against."""
    d = st.data
    sanctuary = st.tables.sanctuary
    allowed = isinstance(e, DefectionEffect) or e.sanctuary_allowed
    out = []
    for o in d.order:
        if o == f or (keep_promises and d.promises and promised(st, f, "no-cards", o) is not None):
            continue
        sec, inf = d.sec[o], d.inf[o]
        if any((sec[z] or inf[z]) and (allowed or not sanctuary[z]) for z in range(len(sec))):
            out.append(o)
    return out


def free_unit_zones(
    st: BaghdadState, f: str, e: PlaceFreeUnits, spawn_s: Sequence[int], spawn_i: Sequence[int]
) -> list[int]:
    """[Recruit Step] zones where a card's free units could go: where the kinds it places (and
    that the pool still holds) may spawn, in map order."""
    ps, pi = pool(st, f)
    zs: set[int] = set()
    if e.security and ps:
        zs.update(spawn_s)
    if e.infrastructure and pi:
        zs.update(spawn_i)
    return sorted(zs)


def card_playable(
    st: BaghdadState,
    f: str,
    card: ArmsBazaarCard,
    step: str,
    spawn_s: Sequence[int] = (),
    spawn_i: Sequence[int] = (),
) -> bool:
    """[Arms Bazaar Cards] ``card`` may be played now in ``f``'s Recruit or Move step: its
    timing fits, its effect has something to act on, and [Coalition Phase] playing it breaks
    no promise."""
    if card.timing not in STEP_TIMINGS[step]:
        return False
    for e in card.effects:
        if isinstance(e, EliminateUnits | DefectionEffect) and not unit_targets(st, f, e):
            return False
        if isinstance(e, PlaceFreeUnits):
            ps, pi = pool(st, f)
            if not ((e.security and ps) or (e.infrastructure and pi)):
                return False
            if st.data.promises and all(
                entry_promise(st, f, z) for z in free_unit_zones(st, f, e, spawn_s, spawn_i)
            ):
                return False
    return card_promise(st, f, card.effects) is None


def pair_makes(st: BaghdadState, names: Sequence[str], combo: str) -> bool:
    """[Arms Bazaar Cards: Combinations] the two cards' symbols make the combination."""
    t = st.tables
    x, y = t.combo_symbols[combo]
    sa, sb = t.symbols_by_name[names[0]], t.symbols_by_name[names[1]]
    return (x in sa and y in sb) or (y in sa and x in sb)


def combo_pairs(st: BaghdadState, f: str, combo: str) -> list[tuple[str, str]]:
    """Pairs of card names in ``f``'s hand whose symbols make the combination."""
    t = st.tables
    card_of = t.card_of
    held: dict[str, int] = {}
    for c in st.data.hands[f]:
        d = card_of[c]
        if d.symbols:
            held[d.name] = held.get(d.name, 0) + 1
    if len(held) < 2 and not any(k > 1 for k in held.values()):
        return []
    x, y = t.combo_symbols[combo]
    symbols = t.symbols_by_name
    names = sorted(held)
    pairs: list[tuple[str, str]] = []
    for i, a in enumerate(names):
        sa = symbols[a]
        ax, ay = x in sa, y in sa
        if not (ax or ay):
            continue
        for b in names[i:]:
            if a == b and held[a] < 2:
                continue
            sb = symbols[b]
            if (ax and y in sb) or (ay and x in sb):
                pairs.append((a, b))
    return pairs


def stops_move(st: BaghdadState, f: str, z: int) -> bool:
    """[Move Step] entering a zone with another faction's units stops the move, unless a Truce
    covers them ([Glossary: Truces]); NGO-only zones per the option (NOTES 7)."""
    t = st.tables
    d = st.data
    for o in present(st, z):
        if o == f or (min(f, o), max(f, o)) in d.truces:
            continue
        if o == t.peacekeeper and not t.opts.ngo_stops_moves:
            continue
        return True
    return False


# -- the Combat Phase ---------------------------------------------------------------------------


def mandatory(st: BaghdadState, a: str, b: str) -> bool:
    """[Combat Phase; Glossary: Peacekeeping] combat is mandatory unless one is Peacekeeping."""
    pk = st.tables.peacekeeper
    return a != pk and b != pk


def unit_value(st: BaghdadState, f: str, z: int) -> int:
    """[Units and Combat; Fortified Zones] 1 (US 2), Incremented in the Fortified zone for the
    faction that held it at the end of the Coalition Phase."""
    t = st.tables
    if z == t.fortified_zone and st.data.fort == f:
        return t.fort_value[f]
    return t.unit_value[f]


def commit_choices(st: BaghdadState, f: str, z: int) -> list[int]:
    """[Operational Plans] die settings allowed: 0..19 within the force present (NOTES 1)."""
    a, b = units_in(st, f, z)
    units = a + b
    cap = st.tables.rules.max_commitment
    if st.tables.opts.commitment == "units":
        return list(range(0, min(units, cap) + 1))
    v = unit_value(st, f, z)
    return [k * v for k in range(0, units + 1) if k * v <= cap]


def commit_strength(st: BaghdadState, f: str, z: int, commit: int) -> int:
    """[Resolving Combat; Units and Combat] the strength the die setting adds to the total: the
    setting itself, or with ``commitment="units"`` units times their value (NOTES 1)."""
    if st.tables.opts.commitment == "units":
        return commit * unit_value(st, f, z)
    return commit


def may_start(st: BaghdadState, f: str, o: str, done: Sequence[str]) -> bool:
    """[Combat Phase] ``f`` may (or must) start a battle against ``o`` in a zone they share:
    combat is mandatory unless one is Peacekeeping, and a faction that declined a Peacekeeping
    battle there does not start one (NOTES 6). [Coalition Phase] A faction that promised not to
    attack ``o`` leaves the start of a mandatory battle to ``o``; only when ``o`` made the same
    promise does the rule (combat is mandatory) override both (NOTES: Deals)."""
    must = mandatory(st, f, o)
    if not (must or f not in done):
        return False
    if not st.data.promises or promised(st, f, "no-attack", o) is None:
        return True
    return must and promised(st, o, "no-attack", f) is not None


def _live(st: BaghdadState, there: list[str] | None, done: Sequence[str]) -> bool:
    if there is None or len(there) < 2:
        return False
    return any(may_start(st, f, o, done) for f in there for o in there if o != f)


def live_zones(st: BaghdadState, cease: Sequence[int], settled: dict[int, list[str]]) -> list[int]:
    """[Combat Phase] zones where a battle is still to be fought: two factions or more, outside
    the Sanctuary and any Ceasefire zone, with someone who may (or must) start one."""
    sanctuary = st.tables.sanctuary
    return [
        z
        for z, there in enumerate(occupants(st, st.data.order))
        if not sanctuary[z] and z not in cease and _live(st, there, settled.get(z, ()))
    ]


def zone_live(st: BaghdadState, z: int, cease: Sequence[int], settled: dict[int, list[str]]) -> bool:
    """[Combat Phase] whether a battle is still to be fought in zone ``z``."""
    if st.tables.sanctuary[z] or z in cease:
        return False
    return _live(st, present(st, z) or None, settled.get(z, ()))


def initiatives(st: BaghdadState, z: int, f: str, settled: dict[int, list[str]]) -> list[str]:
    """[Combat Phase] factions ``f`` may (or must) fight in zone ``z`` now."""
    there = present(st, z)
    if f not in there:
        return []
    done = settled.get(z, ())
    return [o for o in there if o != f and may_start(st, f, o, done)]
