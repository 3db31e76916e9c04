"""[Hidden information] ``view(st, seat)``: the one door to hidden information in Battle for
Baghdad.

Public: the map (units, PP markers, control), PP held, card counts, Command cards (active
and Neutralized), the Arab Street cards turned, bids, deals' public terms, Truces and
promises, whose turn it is. Private to a seat: its hand, its Operational Plan before the
reveal, the draft packet it holds, the terms of a deal it is party to, a hand it is
searching (Espionage), the Arab Street cards it has peeked at, and what it is asked now
(``decision``: the step, its stage and what it concerns, as its prompt says).

The records it builds are typed in ``viewtypes.py`` (``BaghdadView`` and its parts), which
mypy checks here and in every reader of the view.
"""

from __future__ import annotations

from typing import Any, cast, get_args

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
from consim.games.baghdad.rules.coalition import Coalition, Deal
from consim.games.baghdad.rules.combat import Casualties, Ceasefire, Combat, PickFoe, PickZone, Plan, Plans
from consim.games.baghdad.rules.common import CardWindow, Discard, InfoWar, promise_words
from consim.games.baghdad.rules.draft import Draft
from consim.games.baghdad.rules.effects import Defect, Effects
from consim.games.baghdad.rules.initiative import Bidding, Maneuver
from consim.games.baghdad.rules.setup import Placement
from consim.games.baghdad.state import BaghdadState
from consim.games.baghdad.viewtypes import (
    ActionView,
    BaghdadView,
    CardPlayView,
    CombatStage,
    CombatView,
    DealView,
    DecisionStage,
    DecisionStep,
    DecisionView,
    DraftView,
    HowWon,
    MyPlanView,
    PendingView,
    Phase,
    PlanView,
    VictoryKind,
    ZoneView,
)

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


def phase(st: BaghdadState) -> Phase:
    """The phase in progress: the frame at the bottom of the stack ("over" at the end)."""
    # the bottom frame is always one of the phases' (BaghdadGame.sequence in game.py)
    return cast(Phase, st.stack[0].name) if st.stack else "over"


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


def _plan(st: BaghdadState, p: Plan) -> PlanView:
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


def _my_plan(st: BaghdadState, p: Plan) -> MyPlanView:
    """A side's own plan before the reveal: the plan and what it still needs."""
    shown = _plan(st, p)
    return {
        "command": shown["command"],
        "offense": shown["offense"],
        "defense": shown["defense"],
        "commit": shown["commit"],
        "step": p.step,
    }


def view(st: BaghdadState, seat: str | None) -> BaghdadView:
    """What ``seat`` may know (``None``: a spectator): the public position, the records of the
    steps in progress, and the seat's own secrets and question."""
    control = control_map(st)
    v = _public(st, control)
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
        v["draft"] = _draft(st, draft, seat)
    coal = frames.get(Coalition)
    if isinstance(coal, Coalition):
        v["coalition"] = {"round": coal.round, "pos": coal.pos, "offers": coal.offers}
        if coal.deal is not None:
            v["deal"] = _deal(st, coal.deal, seat)
    actor = frames.get(ActorTurn)
    if isinstance(actor, ActorTurn):
        v["action"] = _action(st, actor, frames, seat)
    combat = frames.get(Combat)
    if isinstance(combat, Combat) and combat.step != "open":
        v["combat"] = _combat(st, combat, frames, seat)
    pending = _pending(st)
    if pending is not None:
        v["pending"] = pending
    placing = frames.get(Placement)
    if isinstance(placing, Placement):
        v["placing"] = {"f": placing.seat, "sec": placing.sec, "inf": placing.inf}
    r = st.data.result
    if r is not None:
        # the rules write "standard", "special" and "stalemate" alone (board.winners_now, civic)
        how = cast(dict[str, HowWon], dict(r.how))
        v["result"] = {"winners": list(r.winners), "how": how, "stalemate": r.stalemate}
    if seat is not None:
        _add_own(st, seat, v)
    return v


def _public(st: BaghdadState, control: list[str | None]) -> BaghdadView:
    """What everyone sees at every moment: the map, the standing, the cards in the open."""
    t = st.tables
    d = st.data
    command_of = t.command_of
    return {
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
        "zones": _zones(st, control),
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
            # the winners' conditions are "standard" or "special" (board.winners_now)
            {
                "turn": h.turn,
                "scores": dict(h.scores),
                "winners": cast(dict[str, VictoryKind], dict(h.winners)),
            }
            for h in d.history
        ],
        "extra_moves": dict(d.extra),
    }


def _zones(st: BaghdadState, control: list[str | None]) -> dict[str, ZoneView]:
    """Every zone: its PP markers, the units of each faction there, its controller."""
    d = st.data
    rows = [(f, d.sec[f], d.inf[f]) for f in d.order]
    return {
        zid: {
            "pp": d.zpp[z],
            "units": {f: [sec[z], inf[z]] for f, sec, inf in rows if sec[z] or inf[z]},
            "control": control[z],
        }
        for z, zid in enumerate(st.tables.zone_ids)
    }


def _draft(st: BaghdadState, draft: Draft, seat: str | None) -> DraftView:
    """[Arms Bazaar Phase] who holds the packet and its size; the cards to their holder."""
    holder = st.data.order[draft.pos]
    out: DraftView = {"holder": holder, "cards": len(draft.packet)}
    if seat == holder:
        card_name = st.tables.card_name
        out["packet"] = [card_name[c] for c in draft.packet]
    return out


def _deal(st: BaghdadState, deal: Deal, seat: str | None) -> DealView:
    """[Coalition Phase] the deal on the table: its parties and stage to everyone, its terms
    once sent (to its sender while written), the cards given to its parties."""
    card_name = st.tables.card_name
    pub: DealView = {
        "from": deal.sender,
        "to": list(deal.to),
        "stage": deal.stage,
        "answers": list(deal.answers),
    }
    if deal.stage != "build":
        _add_terms(pub, deal)
        pub["give_cards"] = len(deal.give)
    if seat == deal.sender or (seat in deal.to and deal.stage != "build"):
        pub["terms"] = deal.text(st)
        pub["give"] = [card_name[c] for c in deal.give]
        _add_terms(pub, deal)
    if seat is not None and seat == deal.to[0]:
        pub["taken"] = [card_name[c] for c in deal.taken]
    return pub


def _add_terms(pub: DealView, deal: Deal) -> None:
    """The terms of a deal in numbers (a key shown already keeps its place)."""
    pub["give_pp"] = deal.give_pp
    pub["ask_pp"] = deal.ask_pp
    pub["ask_cards"] = deal.ask_cards
    pub["truce"] = deal.truce
    pub["promises"] = list(deal.promises)


def _action(
    st: BaghdadState, actor: ActorTurn, frames: dict[type[Frame[Any]], Frame[Any]], seat: str | None
) -> ActionView:
    """[Action Phase] the acting faction's step and moves, the move or card under way, and to
    the actor the cards it may play."""
    zone_ids = st.tables.zone_ids
    a: ActionView = {
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
        a["card"] = _card_play(st, effects, seat == actor.seat)
    return a


def _card_play(st: BaghdadState, effects: Effects, own: bool) -> CardPlayView:
    """[Arms Bazaar Cards] the card being carried out; to its player (``own``), the hand it
    takes from (Espionage) or the Arab Street cards it orders (Signals Intercept)."""
    t = st.tables
    card: CardPlayView = {
        "source": t.source_name[effects.source],
        "target": effects.target,
        "zone": None if effects.zone is None else t.zone_ids[effects.zone],
    }
    if own:
        if effects.peek is None:
            if effects.target is not None and effects.stage(st)[1] == "take":
                card["target_hand"] = [t.card_name[c] for c in st.data.hands[effects.target]]
        else:
            card["peek"] = [t.street_of[i].name for i in effects.peek]
    return card


def _combat(
    st: BaghdadState, combat: Combat, frames: dict[type[Frame[Any]], Frame[Any]], seat: str | None
) -> CombatView:
    """[Combat Phase] the step, the battle's zone and sides, the plans once revealed (a side's
    own before), the totals and the losses."""
    zone_ids = st.tables.zone_ids
    c: CombatView = {
        "stage": _combat_stage(combat, frames),
        "zone": None if combat.zone is None else zone_ids[combat.zone],
        "ceasefire": [zone_ids[z] for z in combat.cease],
    }
    battle = combat.battle
    if battle is not None:
        sides = (battle.a, battle.b)
        c["sides"] = list(sides)
        c["started_by"] = battle.init
        c["ready"] = [f for f in sides if battle.plans[f].step == "ready"]
        if _revealed(combat):
            c["plans"] = {f: _plan(st, battle.plans[f]) for f in sides}
        elif seat in sides:
            assert seat is not None
            c["my_plan"] = _my_plan(st, battle.plans[seat])
        if combat.step == "apply":
            c["totals"] = dict(battle.totals)
            c["winner"] = battle.winner
            c["neutralized"] = dict(battle.neut)
    cas = frames.get(Casualties)
    if isinstance(cas, Casualties):
        c["winner"] = cas.seat
        c["losses"] = cas.losses
    return c


def _add_own(st: BaghdadState, seat: str, v: BaghdadView) -> None:
    """What the seat alone sees: whether it may take back its secret answer, its hand and hand
    limit, the Arab Street cards it has peeked at, and what it is asked now."""
    t = st.tables
    d = st.data
    top = st.stack[-1] if st.stack else None
    if isinstance(top, SecretChoice) and top.can_retract(seat):
        v["can_retract"] = True  # its secret answer may be taken back until all have answered
    v["hand"] = sorted(t.card_name[c] for c in d.hands[seat])
    v["max_hand"] = t.faction[seat].max_hand
    v["street_known"] = [t.street_of[i].name for i in d.known[seat]]
    if seat in st.to_act():
        v["decision"] = decision(st, seat)


#: the stages a decision may be at (``decision(...)["stage"]``): the Action Phase's steps,
#: a move's, a card's effect's, a deal's, an Operational Plan's, and a card window's timing
DECISION_STAGES: tuple[str, ...] = get_args(DecisionStage)


def decision(st: BaghdadState, seat: str) -> DecisionView:
    """What ``seat`` is asked now (it reads its prompt, so nothing here is news to it): the
    step of the sequence of play asking (the frame's name), the stage of that step, and the
    zone, faction and number of units it concerns, and for a move the zones entered so far
    (``None`` where it concerns none)."""
    t = st.tables
    top = st.stack[-1]
    stage: DecisionStage | None = None
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
        # a seat is asked by a decision frame alone (their names: DecisionStep)
        "step": cast(DecisionStep, top.name),
        "stage": stage,
        "zone": None if zone is None else t.zone_ids[zone],
        "faction": faction,
        "units": units,
        "steps": steps,
    }


def _combat_stage(combat: Combat, frames: dict[type[Frame[Any]], Frame[Any]]) -> CombatStage:
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


def _pending(st: BaghdadState) -> PendingView | None:
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
