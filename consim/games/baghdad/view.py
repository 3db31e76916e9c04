"""[Hidden information] ``view(st, seat)``: the one door to hidden information in Battle for
Baghdad.

Public: the map (units, PP markers, control), PP held, card counts, Command cards (active
and Neutralized), the Arab Street cards turned, bids, deals' public terms, Truces and
promises, whose turn it is. Private to a seat: its hand, its Operational Plan before the
reveal, the draft packet it holds, the terms of a deal it is party to, a hand it is
searching (Espionage), the Arab Street cards it has peeked at, and what it is asked now
(``decision``: the step, its stage and what it concerns, as its prompt says).
"""

from __future__ import annotations

from typing import Any, get_args

from consim.core.flow import Frame, SecretChoice
from consim.games.baghdad.board import (
    control_map,
    goal_progress,
    pool,
    progress,
    victory_score,
    zones_controlled,
)
from consim.games.baghdad.rules.action import ActorTurn, MakeRoom, Move, playable_names
from consim.games.baghdad.rules.coalition import Coalition
from consim.games.baghdad.rules.combat import (
    Casualties,
    Ceasefire,
    Combat,
    PickFoe,
    PickZone,
    Plan,
    Plans,
    PlanStep,
)
from consim.games.baghdad.rules.common import CardWindow, Discard, InfoWar, WindowTiming, promise_words
from consim.games.baghdad.rules.draft import Draft
from consim.games.baghdad.rules.effects import Defect, Effects, Stage
from consim.games.baghdad.rules.initiative import Bidding, Maneuver
from consim.games.baghdad.rules.setup import Placement
from consim.games.baghdad.state import BaghdadState

#: when a card may be played, in words (the hand on every screen and the table in the browser)
CARD_TIMING = {
    "combat_plan": "in a battle plan",
    "combat_reveal": "after the battle plans are revealed",
    "after_combat": "after a battle",
    "combat_phase": "at the start of the Combat Phase",
    "initiative": "before the Initiative bidding",
    "arab_street": "after an Arab Street card",
    "own_action": "in your Action Phase",
    "own_recruit_step": "in your Recruit step",
    "own_move_step": "in your Move step",
    "after_gain": "right after you gain PP",
}


def phase(st: BaghdadState) -> str:
    """The phase in progress: the frame at the bottom of the stack ("over" at the end)."""
    return st.stack[0].name if st.stack else "over"


def _frames(st: BaghdadState) -> dict[type[Frame[Any]], Frame[Any]]:
    """The topmost frame of each class on the stack."""
    found: dict[type[Frame[Any]], Frame[Any]] = {}
    for frame in st.stack:
        found[type(frame)] = frame
    return found


def _revealed(combat: Combat) -> bool:
    """[Resolving Combat] the plans of the battle in progress are on the table."""
    return combat.step in ("resolve", "apply")


def hand_count(st: BaghdadState, f: str) -> int:
    """Cards a faction holds, counting those set aside in a secret plan or played face down in
    an open window (the public number)."""
    n = len(st.data.hands[f])
    for frame in st.stack:
        if isinstance(frame, Combat):
            battle = frame.battle
            if battle is not None and f in battle.plans and not _revealed(frame):
                p = battle.plans[f]
                n += (p.net is not None) + (p.off is not None) + (p.dfn is not None)
        elif isinstance(frame, CardWindow):
            n += sum(1 for who, _ in frame.plays if who == f)
    return n


def _plan(st: BaghdadState, p: Plan) -> dict[str, Any]:
    t = st.tables
    if p.net is not None:
        cmd: str | None = t.card_name[p.net]
    elif p.cmd is not None:
        cmd = t.command_of[p.cmd].name
    else:
        cmd = None
    return {
        "command": cmd,
        "offense": t.card_name[p.off] if p.off is not None else None,
        "defense": t.card_name[p.dfn] if p.dfn is not None else None,
        "commit": p.commit,
    }


def view(st: BaghdadState, seat: str | None) -> dict[str, Any]:
    t = st.tables
    d = st.data
    zone_ids = t.zone_ids
    card_name = t.card_name
    control = control_map(st)
    zones: dict[str, Any] = {}
    rows = [(f, d.sec[f], d.inf[f]) for f in d.order]
    for z, zid in enumerate(zone_ids):
        zones[zid] = {
            "pp": d.zpp[z],
            "units": {f: [sec[z], inf[z]] for f, sec, inf in rows if sec[z] or inf[z]},
            "control": control[z],
        }
    command_of = t.command_of
    v: dict[str, Any] = {
        "turn": d.turn,
        "phase": phase(st),
        "players": t.n,
        "factions": list(t.seats),
        "table": list(d.table),
        "order": list(d.order),
        "initiative": d.initiative,
        "first_player": d.first,
        "first_bidder": d.first_bidder,
        "card_price": d.price,
        "pp": dict(d.pp),
        "hand_counts": {f: hand_count(st, f) for f in t.seats},
        "pools": {f: list(pool(st, f)) for f in t.seats},
        "active_commands": {f: [command_of[c].name for c in d.active[f]] for f in t.seats},
        "neutralized": {f: [command_of[c].name for c in d.neutral[f]] for f in t.seats},
        "zones": zones,
        "deck_size": len(d.deck),
        "discard_size": len(d.discard),
        "street_left": len(d.street),
        "street_turned": [t.street_of[i].name for i in d.turned],
        "fortified_holder": d.fort,
        "airports": dict(d.airports),
        "truces": [list(p) for p in d.truces],
        "promises": [
            {"from": p.sender, "to": list(p.to), "kind": p.kind, "turn": p.turn, "text": promise_words(p)}
            for p in d.promises
        ],
        "scores": {f: victory_score(st, f, control) for f in t.seats},
        "zones_held": {f: zones_controlled(control, f) for f in t.seats},
        "standard_victory": {
            "pp": t.rules.standard_victory_pp,
            "per_zone": t.rules.pp_per_controlled_zone,
        },
        "goals": {f: goal_progress(st, f, control) for f in t.seats},
        "progress": {f: round(progress(st, t.faction[f].victory.condition, f, control), 3) for f in t.seats},
        "history": [
            {"turn": h.turn, "scores": dict(h.scores), "winners": dict(h.winners)} for h in d.history
        ],
        "extra_moves": dict(d.extra),
    }
    frames = _frames(st)
    bid = frames.get(Bidding)
    if isinstance(bid, Bidding):
        v["bidding"] = {
            "high": bid.high if bid.hb is not None else None,
            "high_bidder": bid.hb,
            "bids": dict(bid.bids),
            "passes": bid.since,
        }
    man = frames.get(Maneuver)
    if isinstance(man, Maneuver):
        v["maneuver"] = {"last": man.last, "passes": man.since}
    draft = frames.get(Draft)
    if isinstance(draft, Draft):
        holder = d.order[draft.pos]
        v["draft"] = {"holder": holder, "cards": len(draft.packet)}
        if seat == holder:
            v["draft"]["packet"] = [card_name[c] for c in draft.packet]
    coal = frames.get(Coalition)
    if isinstance(coal, Coalition):
        v["coalition"] = {"round": coal.round, "pos": coal.pos, "offers": coal.offers}
        deal = coal.deal
        if deal is not None:
            pub: dict[str, Any] = {
                "from": deal.sender,
                "to": list(deal.to),
                "stage": deal.stage,
                "answers": list(deal.answers),
            }
            terms = {
                "give_pp": deal.give_pp,
                "ask_pp": deal.ask_pp,
                "ask_cards": deal.ask_cards,
                "truce": deal.truce,
                "promises": list(deal.promises),
            }
            if deal.stage != "build":
                pub.update(terms, give_cards=len(deal.give))
            if seat == deal.sender or (seat in deal.to and deal.stage != "build"):
                pub["terms"] = deal.text(st)
                pub["give"] = [card_name[c] for c in deal.give]
                pub.update(terms)
            if seat is not None and seat == deal.to[0]:
                pub["taken"] = [card_name[c] for c in deal.taken]
            v["deal"] = pub
    actor = frames.get(ActorTurn)
    if isinstance(actor, ActorTurn):
        a: dict[str, Any] = {
            "faction": actor.seat,
            "step": actor.step,
            "moves_left": actor.moves,
            "underground_used": actor.ug,
            "airmobile_used": actor.air,
            "spawn_security": [zone_ids[z] for z in actor.spawn_s],
            "spawn_infrastructure": [zone_ids[z] for z in actor.spawn_i],
        }
        if seat is not None and seat == actor.seat:
            a["playable"] = playable_names(st, seat, actor.step, actor.spawn_s, actor.spawn_i)
        move = frames.get(Move)
        effects = frames.get(Effects)
        if isinstance(move, Move):
            a["moving"] = {
                "mode": move.mode,
                "at": zone_ids[move.at],
                "units": move.n,
                "steps": move.steps,
                "path": [zone_ids[z] for z in move.path],
            }
        elif isinstance(effects, Effects):
            card: dict[str, Any] = {
                "source": t.source_name[effects.source],
                "target": effects.target,
                "zone": None if effects.zone is None else zone_ids[effects.zone],
            }
            if seat is not None and seat == actor.seat:
                if effects.peek is None:
                    if effects.target is not None and effects.stage(st)[1] == "take":
                        card["target_hand"] = [card_name[c] for c in d.hands[effects.target]]
                else:
                    card["peek"] = [t.street_of[i].name for i in effects.peek]
            a["card"] = card
        v["action"] = a
    combat = frames.get(Combat)
    if isinstance(combat, Combat) and combat.step != "open":
        c: dict[str, Any] = {
            "stage": _combat_stage(combat, frames),
            "zone": None if combat.zone is None else zone_ids[combat.zone],
            "ceasefire": [zone_ids[z] for z in combat.cease],
        }
        battle = combat.battle
        if battle is not None:
            sides = (battle.a, battle.b)
            c.update({"sides": list(sides), "started_by": battle.init})
            c["ready"] = [f for f in sides if battle.plans[f].step == "ready"]
            if _revealed(combat):
                c["plans"] = {f: _plan(st, battle.plans[f]) for f in sides}
            elif seat in sides:
                assert seat is not None
                c["my_plan"] = _plan(st, battle.plans[seat])
                c["my_plan"]["step"] = battle.plans[seat].step
            if combat.step == "apply":
                c.update(
                    {"totals": dict(battle.totals), "winner": battle.winner, "neutralized": dict(battle.neut)}
                )
        cas = frames.get(Casualties)
        if isinstance(cas, Casualties):
            c.update({"winner": cas.seat, "losses": cas.losses})
        v["combat"] = c
    pending = _pending(st)
    if pending is not None:
        v["pending"] = pending
    placing = frames.get(Placement)
    if isinstance(placing, Placement):
        v["placing"] = {"f": placing.seat, "sec": placing.sec, "inf": placing.inf}
    if d.result is not None:
        r = d.result
        v["result"] = {"winners": list(r.winners), "how": dict(r.how), "stalemate": r.stalemate}
    if seat is not None:
        top = st.stack[-1] if st.stack else None
        if isinstance(top, SecretChoice) and top.can_retract(seat):
            v["can_retract"] = True  # its secret answer may be taken back until all have answered
        v["hand"] = sorted(card_name[c] for c in d.hands[seat])
        v["max_hand"] = t.faction[seat].max_hand
        v["street_known"] = [t.street_of[i].name for i in d.known[seat]]
        if seat in st.to_act():
            v["decision"] = decision(st, seat)
    return v


#: the stages a decision may be at (``decision(...)["stage"]``): the Action Phase's steps,
#: a move's, a card's effect's, a deal's, an Operational Plan's, and a card window's timing
DECISION_STAGES: tuple[str, ...] = tuple(
    dict.fromkeys(
        (
            "recruit",
            "move",
            "units",
            "go",
            *get_args(Stage),
            "offer",
            "build",
            "respond",
            "fulfil",
            *get_args(PlanStep),
            *get_args(WindowTiming),
        )
    )
)


def decision(st: BaghdadState, seat: str) -> dict[str, Any]:
    """What ``seat`` is asked now (it reads its prompt, so nothing here is news to it): the
    step of the sequence of play asking (the frame's name), the stage of that step, and the
    zone, faction and number of units it concerns, and for a move the zones entered so far
    (``None`` where it concerns none)."""
    t = st.tables
    top = st.stack[-1]
    stage: str | None = None
    zone: int | None = None
    faction: str | None = None
    units: int | None = None
    steps: int | None = None
    if isinstance(top, ActorTurn):
        stage = top.step
    elif isinstance(top, Move):
        stage, zone, units, steps = top.stage, top.at, top.n, top.steps
    elif isinstance(top, Effects):
        stage, zone, faction = top.stage(st)[1], top.zone, top.target
    elif isinstance(top, Coalition):
        deal = top.deal
        stage = "offer" if deal is None else deal.stage
        faction = None if deal is None else (deal.sender if seat != deal.sender else deal.to[0])
    elif isinstance(top, Plans):
        combat = next((f for f in reversed(st.stack) if isinstance(f, Combat)), None)
        if combat is not None and combat.battle is not None:
            battle = combat.battle
            stage, zone, faction = battle.plans[seat].step, combat.zone, battle.other(seat)
    elif isinstance(top, CardWindow):
        stage = top.timing
    elif isinstance(top, Casualties):
        zone, units = top.zone, top.losses
    elif isinstance(top, Defect):
        zone, faction, units = top.zone, top.by, top.n
    elif isinstance(top, Discard):
        units = top.n
    return {
        "step": top.name,
        "stage": stage,
        "zone": None if zone is None else t.zone_ids[zone],
        "faction": faction,
        "units": units,
        "steps": steps,
    }


def _combat_stage(combat: Combat, frames: dict[type[Frame[Any]], Frame[Any]]) -> str:
    """The step of the Combat Phase, by name."""
    if Casualties in frames:
        return "casualties"
    if Plans in frames:
        return "plan"
    if PickFoe in frames:
        return "pick_foe"
    if PickZone in frames:
        return "pick_zone"
    return "resolve" if _revealed(combat) else "pick_zone"


def _pending(st: BaghdadState) -> dict[str, Any] | None:
    """An interruption being answered: a card window, an InfoWar chance, a discard to the hand
    limit, a Ceasefire zone or a Defection."""
    if not st.stack:
        return None
    top = st.stack[-1]
    if isinstance(top, CardWindow):
        return {"kind": "window", "timing": top.timing, "waiting": list(top.seats(st))}
    if isinstance(top, InfoWar):
        return {"kind": "infowar", "seat": top.seat, "amount": top.amount, "source": top.source}
    if isinstance(top, Discard):
        return {"kind": "discard", "seat": top.seat, "count": top.n}
    if isinstance(top, MakeRoom):
        return {"kind": "discard", "seat": top.seat, "count": 1, "to_buy": True}
    if isinstance(top, Defect):
        return {"kind": "defect", "seat": top.seat, "count": top.n}
    if isinstance(top, Ceasefire):
        return {"kind": "ceasefire", "seat": top.seat, "count": None}
    return None
