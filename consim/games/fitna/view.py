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

from typing import Any

from consim.games.fitna.board import stacks, unit_sides
from consim.games.fitna.content import FORCE_LABEL, FORCES, OFF_MAP_NAMES
from consim.games.fitna.rules.combat import Offensive
from consim.games.fitna.rules.common import ELIMINATED, POOL, REMOVED
from consim.games.fitna.rules.events import Exchange
from consim.games.fitna.rules.turn import Phase
from consim.games.fitna.state import FitnaState


def unit_info(st: FitnaState, u: int) -> dict[str, Any]:
    t = st.tables
    rec = st.data.units[u]
    a, d, m = t.unit_values(u, rec.reduced)
    info: dict[str, Any] = {
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


def stack_info(st: FitnaState, s: int, seat: str | None) -> dict[str, Any] | None:
    """[30.0] One space's stack as ``seat`` may see it."""
    t = st.tables
    units = stacks(st)[s]
    if not units:
        return None
    sides = unit_sides(st)
    side = sides[units[0]]
    me = t.seat_index[seat] if seat is not None else -1
    known = me >= 0 and (side == me or st.data.known[s] >> me & 1)
    out: dict[str, Any] = {"side": t.side_names[side], "count": len(units)}
    if known:
        out["units"] = [
            {"name": "IS counter", "face_down": True}
            if t.unit_is[u] and not t.unit_baghdadi[u]
            else unit_info(st, u)
            for u in units
        ]
        return out
    forces: dict[str, int] = {}
    for u in units:
        label = FORCE_LABEL[FORCES[t.unit_force[u]]]
        forces[label] = forces.get(label, 0) + 1
    out["forces"] = forces
    out["isolated"] = sum(1 for u in units if st.data.units[u].isolated)
    return out


def view(st: FitnaState, seat: str | None) -> dict[str, Any]:
    t = st.tables
    d = st.data
    phase = next((f for f in reversed(st.stack) if isinstance(f, Phase)), None)
    top = st.stack[-1] if st.stack else None
    spaces = []
    for s in range(t.n_spaces):
        entry: dict[str, Any] = {
            "name": t.space_name[s],
            "control": t.side_names[d.control[s]],
        }
        if d.entrenched[s]:
            entry["entrenched"] = True
        stack = stack_info(st, s, seat)
        if stack is not None:
            entry["stack"] = stack
        spaces.append(entry)
    n = t.n_spaces
    pools: dict[str, Any] = {}
    fs = d.force_side
    for i, who in enumerate(t.seats):
        mine = [u for u, r in enumerate(d.units) if fs[t.unit_force[u]] == i]
        pools[who] = {
            "batches": [[t.unit_label[u] for u in b] for b in d.batches[who]],
            "destroyed": [t.unit_label[u] for u in mine if d.units[u].at == n + ELIMINATED],
            "last_batch_turn": d.batch_turn[who],
        }
    out: dict[str, Any] = {
        "scenario": {
            "number": t.scenario.number,
            "title": t.scenario.title,
            "dates": t.scenario.dates,
            "turns": t.scenario.turns,
            "briefing": t.scenario.briefing,
            "special_rules": list(t.scenario.special_rules),
            "us_intervention": [{"trigger": i.trigger, "seat": i.seat} for i in t.scenario.us_intervention],
        },
        "turn": d.turn,
        "tension": d.tension,
        "seats": list(t.seats),
        "order": list(t.initiative),
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
        "spaces": spaces,
        "pools": pools,
        "is_pool": sum(1 for u, r in enumerate(d.units) if t.unit_is[u] and r.at == n + POOL),
        "kurdish_pool": sum(
            1 for u, r in enumerate(d.units) if t.unit_kurd_side[u] >= 0 and r.at == n + POOL
        ),
        "out_of_game": [
            t.unit_label[u] for u, r in enumerate(d.units) if r.at == n + REMOVED and not t.unit_is[u]
        ],
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
            out["offensive"]["attacking"] = [t.unit_label[u] for u in off.attackers]
    ex = next((f for f in reversed(st.stack) if isinstance(f, Exchange)), None)
    if ex is not None:
        deal: dict[str, Any] = {"from": ex.seat, "to": ex.partner, "stage": ex.stage}
        if seat in (ex.seat, ex.partner) and ex.offered is not None:
            deal["offered"] = t.card_name[ex.offered]
        out["exchange"] = deal
    if seat is not None:
        out["hand"] = [
            {
                "name": t.card_name[c],
                "number": c + 1,
                "kind": "Asset" if t.card_asset[c] else "Event",
                "ops": t.card_ops[c],
                "text": t.card_text[c],
            }
            for c in d.hands[seat]
        ]
    return out
