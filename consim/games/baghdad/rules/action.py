"""[Action Phase] each faction in this turn's order takes its Recruit step (recruit units,
restore Neutralized Command cards, buy Arms Bazaar cards, play cards) and then its Move step
(moves, special moves, card plays and combinations)."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import compress
from typing import Any, Literal

from consim.core.action import Action
from consim.core.flow import Frame
from consim.games.baghdad.board import (
    STEP_TIMINGS,
    card_playable,
    combo_pairs,
    pair_makes,
    pool,
    spawn_zones,
    stops_move,
    unit_targets,
)
from consim.games.baghdad.content import ArmsBazaarCard, DefectionEffect
from consim.games.baghdad.rules import R_AIR, R_CARDS, R_MOVE, R_RECRUIT, R_UNDER
from consim.games.baghdad.rules.common import (
    BaghdadDecision,
    add_units,
    card_in_hand,
    discard_from_hand,
    draw_card,
    find,
    gain_cards,
    next_phase,
)
from consim.games.baghdad.state import BaghdadState, Seat, Zone

MoveMode = Literal["move", "underground", "airmobile"]
_MOVE_RULE = {"move": R_MOVE, "underground": R_UNDER, "airmobile": R_AIR}
#: [Arms Bazaar Cards: Combinations] the combinations played in one's own Move step
_MOVE_COMBOS = ("espionage", "defection")


@dataclass(slots=True)
class ActionPhase(Frame[BaghdadState]):
    """[Action Phase] one faction after another, in this turn's order."""

    name = "action"
    rule = R_RECRUIT
    #: the next faction to act, as a place in this turn's order
    actor: int = 0

    def run(self, st: BaghdadState) -> None:
        d = st.data
        if self.actor >= st.tables.n:
            next_phase(st, self)  # the Combat Phase
            return
        f = d.order[self.actor]
        self.actor += 1
        spawn_s, spawn_i = spawn_zones(st, f)
        st.push(ActorTurn(seat=f, spawn_s=spawn_s, spawn_i=spawn_i))
        st.emit(f"{f}'s Action Phase: Recruit step.", R_RECRUIT)


def _playable_names(st: BaghdadState, f: str, step: str) -> list[str]:
    """The cards of ``f``'s hand it may play in this step of its Action Phase, by name."""
    t = st.tables
    card_of = t.card_of
    timings = STEP_TIMINGS[step]
    found: dict[str, ArmsBazaarCard] = {}
    for c in st.data.hands[f]:
        d = card_of[c]
        if d.timing in timings:
            found[d.name] = d
    if not found:
        return []
    conditional = t.conditional_cards
    return sorted(n for n, d in found.items() if d.id not in conditional or card_playable(st, f, d, step))


@dataclass(slots=True)
class ActorTurn(BaghdadDecision):
    """[Recruit Step, Move Step] one faction's Action Phase."""

    name = "actor"
    rule = R_RECRUIT
    seat: Seat
    step: Literal["recruit", "move"] = "recruit"
    #: moves left in the Move step
    moves: int = 0
    #: [Underground Movement; Airmobile Movement] special moves made this turn
    ug: int = 0
    air: int = 0
    #: [Recruit Step] where Security and Infrastructure may spawn (fixed at the step's start)
    spawn_s: list[Zone] = field(default_factory=list)
    spawn_i: list[Zone] = field(default_factory=list)

    def seats(self, st: BaghdadState) -> tuple[str, ...]:
        return (self.seat,)

    def prompt(self, st: BaghdadState, seat: str) -> tuple[str, str]:
        d = st.data
        if self.step == "recruit":
            return (
                f"Turn {d.turn}, your Recruit step ({d.pp[seat]} PP): recruit units, restore Command "
                f"cards, buy Arms Bazaar cards ({d.price} PP each), play cards, or done.",
                R_RECRUIT,
            )
        return (
            f"Turn {d.turn}, your Move step ({self.moves} move(s) left): start a move, play cards, or done.",
            R_MOVE,
        )

    def legal(self, st: BaghdadState, seat: str) -> list[Action]:
        t = st.tables
        d = st.data
        f = seat
        hand = d.hands[f]
        acts: list[Action] = []
        a_play = t.a_play
        if self.step == "recruit":
            pp = d.pp[f]
            ps, pi = pool(st, f)
            rules = t.rules
            if ps and pp >= rules.security_cost:
                a = t.a_recruit_security
                acts.extend(map(a.__getitem__, self.spawn_s))
            if pi and pp >= rules.infrastructure_cost:
                a = t.a_recruit_infrastructure
                acts.extend(map(a.__getitem__, self.spawn_i))
            for cc in d.neutral[f]:
                if pp >= t.buyback_cost[cc]:
                    acts.append(t.a_buyback[t.command_of[cc].name])
            if len(hand) < t.faction[f].max_hand and pp >= d.price and (d.deck or d.discard):
                acts.append(t.a_buy)
            if hand:
                acts.extend([a_play[n] for n in _playable_names(st, f, "recruit")])
            acts.append(t.a_done)
            return acts
        if self.moves > 0:
            sec = d.sec[f]
            zs = list(compress(range(len(sec)), sec))
            a = t.a_move
            acts.extend(map(a.__getitem__, zs))
            # [Underground Movement] between affiliated zones, once a turn
            if f in t.underground and self.ug < t.underground[f]:
                aff = t.affiliated[f]
                if len(aff) > 1:
                    a = t.a_underground
                    acts.extend([a[z] for z in zs if z in aff])
            # [Airmobile Movement] one flight per airport held at the end of the Coalition Phase
            if f in t.airmobile and self.air < d.airports.get(f, 0) * t.airmobile[f]:
                a = t.a_airmobile
                acts.extend(map(a.__getitem__, zs))
        if hand:
            acts.extend([a_play[n] for n in _playable_names(st, f, "move")])
        book = t.acts
        for combo in _MOVE_COMBOS if len(hand) > 1 else ():
            pairs = combo_pairs(st, f, combo)
            if pairs and (combo != "defection" or unit_targets(st, f, _defection(st))):
                acts.extend([book("combine", a, b) for a, b in pairs])
        acts.append(t.a_done)
        return acts

    def act(self, st: BaghdadState, seat: str, action: Action) -> None:
        t = st.tables
        d = st.data
        f = seat
        verb, args = action[0], action[1]
        if verb == "recruit":
            kind, zone = args
            z = t.zone_index[zone]
            if kind == "security":
                d.pp[f] -= t.rules.security_cost
                add_units(st, f, z, sec=1)
            else:
                d.pp[f] -= t.rules.infrastructure_cost
                add_units(st, f, z, inf=1)
            st.emit(f"{f} recruits 1 {kind.title()} in {t.zone_name[z]}.", R_RECRUIT)
        elif verb == "buyback":
            # [Recruit Step] a Neutralized Command is restored for twice its value
            cc = t.command_by_name[args[0]]
            i = t.command_index[cc.id]
            d.pp[f] -= t.buyback_cost[i]
            d.neutral[f].remove(i)
            d.active[f].append(i)
            st.emit(f"{f} restores {cc.name} for {t.buyback_cost[i]} PP.", R_RECRUIT)
        elif verb == "buy":
            d.pp[f] -= d.price
            card = draw_card(st)
            assert card is not None
            st.emit(f"{f} buys the top Arms Bazaar card for {d.price} PP.", R_RECRUIT)
            st.emit(f"You buy {t.card_name[card]}.", R_RECRUIT, (f,))
            st.mark_reveal((f,))
            gain_cards(st, f, [card])
        elif verb == "done":
            if self.step == "recruit":
                self.step = "move"
                self.moves = t.faction[f].moves_per_turn + d.extra.get(f, 0)
                st.emit(f"{f}'s Move step: {self.moves} move(s).", R_MOVE)
            else:
                st.emit(f"{f} ends its Action Phase.", R_MOVE)
                st.remove(self)
        elif verb == "play":
            card = card_in_hand(st, f, args[0])
            discard_from_hand(st, f, card)
            c = t.card_of[card]
            st.emit(f"{f} plays {c.name}.", R_CARDS)
            st.mark_reveal()
            self._effects(st, c.id)
        elif verb == "combine":
            for nm in args:
                discard_from_hand(st, f, card_in_hand(st, f, nm))
            combo = next(cb for cb in _MOVE_COMBOS if pair_makes(st, args, cb))
            st.emit(f"{f} plays {args[0]} and {args[1]} together: {t.combo_by_id[combo].name}.", R_CARDS)
            st.mark_reveal()
            self._effects(st, combo)
        else:  # move, underground, airmobile
            st.push(Move(seat=f, mode=verb, at=t.zone_index[args[0]]))  # type: ignore[arg-type]

    def _effects(self, st: BaghdadState, source: str) -> None:
        st.push_named(
            "effects",
            seat=self.seat,
            source=st.tables.source_index[source],
            spawn_s=list(self.spawn_s),
            spawn_i=list(self.spawn_i),
        )


def _defection(st: BaghdadState) -> DefectionEffect:
    """The Defection combination's effect."""
    combo = st.tables.combo_by_id["defection"]
    return next(e for e in combo.effects if isinstance(e, DefectionEffect))


@dataclass(slots=True)
class Move(BaghdadDecision):
    """[Move Step] one move, built step by step: the stack (``units N``), then zone by zone
    (``enter``), with one pick-up or drop-off per zone entered, until it stops (a third zone,
    the River, other units, or ``stop``). [Special Moves] Underground and Airmobile moves go
    straight to their destination (``to``)."""

    name = "move"
    rule = R_MOVE
    seat: Seat
    mode: MoveMode
    at: Zone
    #: units in the moving stack
    n: int = 0
    #: zones entered so far
    steps: int = 0
    stage: Literal["units", "go"] = "units"
    #: a pick-up or drop-off was made in the zone last entered
    touched: bool = False
    path: list[Zone] = field(default_factory=list)

    def seats(self, st: BaghdadState) -> tuple[str, ...]:
        return (self.seat,)

    def prompt(self, st: BaghdadState, seat: str) -> tuple[str, str]:
        z = st.tables.zone_name[self.at]
        if self.stage == "units":
            return (f"How many Security units in {z} make up the moving stack?", _MOVE_RULE[self.mode])
        if self.mode != "move":
            return (f"Where do the {self.n} units from {z} go?", _MOVE_RULE[self.mode])
        return (
            f"Your stack of {self.n} is in {z} after {self.steps} zone(s): enter a neighbouring "
            "zone, pick up or drop off units, or stop.",
            R_MOVE,
        )

    def legal(self, st: BaghdadState, seat: str) -> list[Action]:
        t = st.tables
        at = self.at
        book = t.acts
        if self.stage == "units":
            return book.numbers("units", 1, st.data.sec[seat][at])
        if self.mode == "underground":
            a = t.a_to_zone
            return [a[z] for z in t.affiliated[seat] if z != at]
        if self.mode == "airmobile":
            a = t.a_to_zone
            return [a[z] for z in range(len(a)) if z != at]
        acts: list[Action] = []
        if self.steps < t.rules.move_range:
            a = t.a_enter
            acts.extend(map(a.__getitem__, t.neighbours[at]))
        if self.steps > 0:
            if not self.touched:
                here = st.data.sec[seat][at] - self.n
                acts.extend(book.numbers("pickup", 1, here))
                acts.extend(book.numbers("drop", 1, self.n - 1))
            acts.append(t.a_stop)
        return acts

    def act(self, st: BaghdadState, seat: str, action: Action) -> None:
        t = st.tables
        f = seat
        verb, args = action[0], action[1]
        if verb == "units":
            self.n = int(args[0])
            self.stage = "go"
            return
        if verb == "to":  # Underground or Airmobile: straight to the destination
            z = t.zone_index[args[0]]
            add_units(st, f, self.at, sec=-self.n)
            add_units(st, f, z, sec=self.n)
            how = "Underground" if self.mode == "underground" else "Airmobile"
            st.emit(
                f"{f} moves {self.n} Security from {t.zone_name[self.at]} to {t.zone_name[z]} ({how}).",
                _MOVE_RULE[self.mode],
            )
            actor = self._end(st)
            if self.mode == "underground":
                actor.ug += 1
            else:
                actor.air += 1
            return
        if verb == "enter":
            z = t.zone_index[args[0]]
            frm = self.at
            add_units(st, f, frm, sec=-self.n)
            add_units(st, f, z, sec=self.n)
            self.at = z
            self.steps += 1
            self.touched = False
            if not self.path:
                self.path.append(frm)
            self.path.append(z)
            # [Move Step] crossing the River, entering other units or a third zone ends the move
            crossed = z in t.across[frm]
            stop = stops_move(st, f, z)
            if crossed or stop or self.steps >= t.rules.move_range:
                why = "crossed the River" if crossed else ("met other units" if stop else "went three zones")
                self._finish(st, why)
            return
        if verb == "pickup":
            self.n += int(args[0])
            self.touched = True
            st.emit(f"{f} picks up {args[0]} Security in {t.zone_name[self.at]}.", R_MOVE)
            return
        if verb == "drop":
            self.n -= int(args[0])
            self.touched = True
            st.emit(f"{f} drops off {args[0]} Security in {t.zone_name[self.at]}.", R_MOVE)
            return
        self._finish(st, "stops")

    def _finish(self, st: BaghdadState, why: str) -> None:
        zone_name = st.tables.zone_name
        path = " -> ".join(zone_name[z] for z in (self.path or [self.at]))
        st.emit(f"{self.seat} moves {self.n} Security: {path} ({why}).", R_MOVE)
        self._end(st)

    def _end(self, st: BaghdadState) -> ActorTurn:
        """The move is over: it counts against the faction's moves."""
        st.remove(self)
        actor = find(st, ActorTurn)
        assert isinstance(actor, ActorTurn)
        actor.moves -= 1
        return actor


FRAMES: tuple[type[Frame[Any]], ...] = (ActionPhase, ActorTurn, Move)
