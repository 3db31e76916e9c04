"""[Action Phase] each faction in this turn's order takes its Recruit step (recruit units,
restore Neutralized Command cards, buy Arms Bazaar cards, play cards) and then its Move step
(moves, special moves, card plays and combinations)."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import compress
from typing import Any, Literal

from consim.core.action import Action
from consim.core.flow import ForcedChoice, Frame
from consim.games.baghdad.board import (
    STEP_TIMINGS,
    card_playable,
    card_promise,
    card_targets,
    combo_pairs,
    entry_promise,
    free_unit_zones,
    pair_makes,
    passage_promise,
    pool,
    spawn_zones,
    stops_move,
    unit_targets,
)
from consim.games.baghdad.content import ArmsBazaarCard, DefectionEffect, PlaceFreeUnits
from consim.games.baghdad.rules import R_AIR, R_CARDS, R_HAND, R_MOVE, R_RECRUIT, R_UNDER
from consim.games.baghdad.rules.common import (
    BaghdadDecision,
    add_units,
    card_in_hand,
    discard_from_hand,
    draw_card,
    find,
    gain_cards,
    hand_names,
)
from consim.games.baghdad.state import BaghdadState, Promise, Seat, Zone

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
            st.next_phase(self)  # the Combat Phase
            return
        f = d.order[self.actor]
        self.actor += 1
        spawn_s, spawn_i = spawn_zones(st, f)
        st.push(ActorTurn(seat=f, spawn_s=spawn_s, spawn_i=spawn_i))
        st.emit(f"{f}'s Action Phase: Recruit step.", R_RECRUIT)


def playable_names(st: BaghdadState, f: str, step: str, spawn_s: list[int], spawn_i: list[int]) -> list[str]:
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
    check = bool(st.data.promises)  # a promise can stop any card aimed at another player
    return sorted(
        n
        for n, d in found.items()
        if (d.id not in conditional and not check) or card_playable(st, f, d, step, spawn_s, spawn_i)
    )


def _free_zones(actor: ActorTurn, st: BaghdadState, card: ArmsBazaarCard) -> list[int]:
    """Where the free units of a card played by ``actor`` could go (before any promise)."""
    zones: set[int] = set()
    for e in card.effects:
        if isinstance(e, PlaceFreeUnits):
            zones.update(free_unit_zones(st, actor.seat, e, actor.spawn_s, actor.spawn_i))
    return sorted(zones)


@dataclass(slots=True)
class ActorTurn(ForcedChoice[BaghdadState], BaghdadDecision):
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

    def chooser(self, st: BaghdadState) -> str:
        return self.seat

    def public(self, st: BaghdadState, seat: str) -> bool:
        # with cards in hand, "done" as the only choice would tell that none can be played
        return not st.data.hands[seat]

    def prompt(self, st: BaghdadState, seat: str) -> tuple[str, str]:
        t = st.tables
        d = st.data
        rules = t.rules
        hand = d.hands[seat]
        playable = playable_names(st, seat, self.step, self.spawn_s, self.spawn_i) if hand else []
        missing: list[str] = []
        if self.step == "recruit":
            pp = d.pp[seat]
            ps, pi = pool(st, seat)
            if not (d.deck or d.discard):
                missing.append("no card to buy: the Arms Bazaar deck and its discards are empty")
            elif pp < d.price:
                missing.append(f"you cannot afford a card: it costs {d.price} PP, you have {pp}")
            if not ps and not pi:
                missing.append("no units to recruit: your force pool is empty")
            elif pp < min(rules.infrastructure_cost if pi else 99, rules.security_cost if ps else 99):
                missing.append(f"you cannot afford a unit with {pp} PP")
            if hand and not playable:
                missing.append("you hold no card that can be played in the Recruit step")
            text = (
                f"Turn {d.turn}, your Recruit step ({pp} PP): recruit units (Security "
                f"{rules.security_cost} PP, Infrastructure {rules.infrastructure_cost} PP), restore "
                f"Command cards, buy Arms Bazaar cards ({d.price} PP each), play cards, or done."
            )
            if pp >= d.price and len(hand) >= t.faction[seat].max_hand and (d.deck or d.discard):
                text += " Your hand is full: to buy a card you first discard one."
            rule = R_RECRUIT
        else:
            if self.moves <= 0:
                missing.append("you have no moves left")
            if hand and not playable:
                missing.append("you hold no card that can be played in the Move step")
            text = (
                f"Turn {d.turn}, your Move step ({self.moves} move(s) left): start a move, play "
                "cards, or done."
            )
            rule = R_MOVE
        if missing:
            text += " Not possible now: " + "; ".join(missing) + "."
        return text, rule

    def legal(self, st: BaghdadState, seat: str) -> list[Action]:
        t = st.tables
        d = st.data
        f = seat
        hand = d.hands[f]
        acts: list[Action] = []
        a_play = t.a_play
        promises = bool(d.promises)
        if self.step == "recruit":
            pp = d.pp[f]
            ps, pi = pool(st, f)
            rules = t.rules
            if ps and pp >= rules.security_cost:
                a = t.a_recruit_security
                acts.extend([a[z] for z in self.spawn_s if not promises or entry_promise(st, f, z) is None])
            if pi and pp >= rules.infrastructure_cost:
                a = t.a_recruit_infrastructure
                acts.extend([a[z] for z in self.spawn_i if not promises or entry_promise(st, f, z) is None])
            for cc in d.neutral[f]:
                if pp >= t.buyback_cost[cc]:
                    acts.append(t.a_buyback[t.command_of[cc].name])
            # [Arms Bazaar Cards] a card may be gained at any time, discarding to make room
            if pp >= d.price and (d.deck or d.discard):
                acts.append(t.a_buy)
            if hand:
                acts.extend([a_play[n] for n in playable_names(st, f, "recruit", self.spawn_s, self.spawn_i)])
            acts.append(t.a_done)
            return acts
        if self.moves > 0:
            sec = d.sec[f]
            zs = list(compress(range(len(sec)), sec))
            if promises:
                zs = [z for z in zs if _first_step(st, f, z) is None]
            a = t.a_move
            acts.extend(map(a.__getitem__, zs))
            # [Underground Movement] between affiliated zones, once a turn
            if f in t.underground and self.ug < t.underground[f]:
                aff = t.affiliated[f]
                if len(aff) > 1 and (not promises or _landing(st, f, list(aff)) is None):
                    a = t.a_underground
                    acts.extend([a[z] for z in zs if z in aff])
            # [Airmobile Movement] one flight per airport held at the end of the Coalition Phase
            if (
                f in t.airmobile
                and self.air < d.airports.get(f, 0) * t.airmobile[f]
                and (not promises or _landing(st, f, list(range(len(sec)))) is None)
            ):
                a = t.a_airmobile
                acts.extend(map(a.__getitem__, zs))
        if hand:
            acts.extend([a_play[n] for n in playable_names(st, f, "move", self.spawn_s, self.spawn_i)])
        book = t.acts
        for combo in _MOVE_COMBOS if len(hand) > 1 else ():
            pairs = combo_pairs(st, f, combo)
            if not pairs:
                continue
            if combo == "defection" and not unit_targets(st, f, _defection(st)):
                continue
            if combo == "espionage" and promises and not card_targets(st, f):
                continue
            acts.extend([book("combine", a, b) for a, b in pairs])
        acts.append(t.a_done)
        return acts

    def breaks(self, st: BaghdadState, seat: str, action: Action) -> Promise | None:
        t = st.tables
        d = st.data
        verb, args = action.verb, action.args
        if verb == "recruit" and len(args) >= 2:
            z = t.zone_lookup.get(" ".join(args[1:]).casefold(), -1)
            if z in (self.spawn_s if args[0] == "security" else self.spawn_i):
                return entry_promise(st, seat, z)
        elif verb == "play" and args:
            card = t.card_lookup.get(" ".join(args).casefold())
            held = card is not None and any(t.card_name[c] == card.name for c in d.hands[seat])
            if card is not None and held and card.timing in STEP_TIMINGS[self.step]:
                found = card_promise(st, seat, card.effects)
                zones = _free_zones(self, st, card)
                if found is None and zones and all(entry_promise(st, seat, z) for z in zones):
                    found = entry_promise(st, seat, zones[0])
                return found
        elif verb == "combine" and len(args) == 2 and self.step == "move":
            pair = [t.card_lookup[n.casefold()].name for n in args if n.casefold() in t.card_lookup]
            for combo in _MOVE_COMBOS:
                if len(pair) == 2 and pair_makes(st, pair, combo):
                    return card_promise(st, seat, t.combo_by_id[combo].effects)
        elif verb in ("move", "underground", "airmobile") and args and self.moves > 0:
            z = t.zone_lookup.get(" ".join(args).casefold(), -1)
            if z >= 0 and d.sec[seat][z]:
                if verb == "move":
                    return _first_step(st, seat, z)
                zones = list(t.affiliated[seat]) if verb == "underground" else list(range(len(d.zpp)))
                return _landing(st, seat, [x for x in zones if x != z])
        return None

    def act(self, st: BaghdadState, seat: str, action: Action) -> None:
        t = st.tables
        d = st.data
        f = seat
        verb, args = action[0], action[1]
        if verb == "recruit":
            kind, zone = args
            z = t.zone_by_name[zone]
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
            if len(d.hands[f]) >= t.faction[f].max_hand:
                st.push(MakeRoom(seat=f))  # [Arms Bazaar Cards] discard first, to make room
            else:
                buy_card(st, f)
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
            st.emit(f"{f} plays {c.name}: {c.text}", R_CARDS)
            st.mark_reveal()
            self._effects(st, c.id)
        elif verb == "combine":
            for nm in args:
                discard_from_hand(st, f, card_in_hand(st, f, nm))
            combo = next(cb for cb in _MOVE_COMBOS if pair_makes(st, args, cb))
            cb = t.combo_by_id[combo]
            st.emit(f"{f} plays {args[0]} and {args[1]} together: {cb.name}. {cb.text}", R_CARDS)
            st.mark_reveal()
            self._effects(st, combo)
        else:  # move, underground, airmobile
            st.push(Move(seat=f, mode=verb, at=t.zone_by_name[args[0]]))  # type: ignore[arg-type]

    def _effects(self, st: BaghdadState, source: str) -> None:
        st.push_named(
            "effects",
            seat=self.seat,
            source=st.tables.source_index[source],
            spawn_s=list(self.spawn_s),
            spawn_i=list(self.spawn_i),
        )


def buy_card(st: BaghdadState, f: str) -> None:
    """[Recruit Step] pay this turn's price and take the top Arms Bazaar card."""
    d = st.data
    d.pp[f] -= d.price
    card = draw_card(st)
    assert card is not None
    st.emit(f"{f} buys the top Arms Bazaar card for {d.price} PP.", R_RECRUIT)
    st.emit(f"You buy {st.tables.card_name[card]}: {st.tables.card_of[card].text}", R_RECRUIT, (f,))
    st.mark_reveal((f,))
    gain_cards(st, f, [card])


@dataclass(slots=True)
class MakeRoom(BaghdadDecision):
    """[Arms Bazaar Cards; Recruit Step] "cards from a player's hand can be discarded to make
    room" whenever a card may be gained: a player buying with a full hand first discards one
    (NOTES: Buying cards at a full hand)."""

    name = "make-room"
    rule = R_HAND
    seat: Seat

    def seats(self, st: BaghdadState) -> tuple[str, ...]:
        return (self.seat,)

    def prompt(self, st: BaghdadState, seat: str) -> tuple[str, str]:
        limit = st.tables.faction[seat].max_hand
        return (
            f"Your hand is full ({limit} cards): discard one to make room for the card you buy "
            f"({st.data.price} PP).",
            R_HAND,
        )

    def legal(self, st: BaghdadState, seat: str) -> list[Action]:
        a_discard = st.tables.a_discard
        return [a_discard[n] for n in hand_names(st, seat)]

    def act(self, st: BaghdadState, seat: str, action: Action) -> None:
        st.remove(self)
        discard_from_hand(st, seat, card_in_hand(st, seat, action[1][0]))
        st.emit(f"{seat} discards a card to make room in its hand.", R_HAND)
        st.emit(f"You discard {action[1][0]}.", R_HAND, (seat,))
        buy_card(st, seat)


def _defection(st: BaghdadState) -> DefectionEffect:
    """The Defection combination's effect."""
    combo = st.tables.combo_by_id["defection"]
    return next(e for e in combo.effects if isinstance(e, DefectionEffect))


# -- moves and binding deals (NOTES: Deals) -----------------------------------------------------


def _step_block(st: BaghdadState, f: str, frm: int, z: int, steps: int) -> Promise | None:
    """[Coalition Phase] the promise ``f`` would break by entering ``z`` from ``frm`` as its
    ``steps``-th zone of a normal move: passing a ``no-entry`` zone, or entering a zone where
    its units may not stay when the move could not go on to a zone where they may."""
    p = passage_promise(st, f, z)
    if p is not None:
        return p
    end = entry_promise(st, f, z)
    if end is None:
        return None
    t = st.tables
    if z in t.across[frm] or stops_move(st, f, z) or steps >= t.rules.move_range:
        return end  # [Move Step] the move would end there
    if any(_step_block(st, f, z, n, steps + 1) is None for n in t.neighbours[z]):
        return None
    return end


def _first_step(st: BaghdadState, f: str, z: int) -> Promise | None:
    """The promise that leaves a normal move from ``z`` nowhere to go (None: it can go)."""
    found = None
    for n in st.tables.neighbours[z]:
        p = _step_block(st, f, z, n, 1)
        if p is None:
            return None
        found = found or p
    return found


def _landing(st: BaghdadState, f: str, zones: list[int]) -> Promise | None:
    """The promise that forbids every one of ``zones`` as the end of a special move."""
    found = None
    for z in zones:
        p = entry_promise(st, f, z)
        if p is None:
            return None
        found = found or p
    return found


@dataclass(slots=True)
class Move(ForcedChoice[BaghdadState], BaghdadDecision):
    """[Move Step] one move, built step by step: the stack (``units N``), then zone by zone
    (``enter``), with one pick-up or drop-off per zone entered, until it stops (a third zone,
    the River, other units, or ``stop``). [Special Moves] Underground and Airmobile moves go
    straight to their destination (``to``). [Coalition Phase] a promise keeps the stack out of
    the zones it may not enter or stay in."""

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

    def chooser(self, st: BaghdadState) -> str:
        return self.seat  # a stack of one, or a single way on, goes without asking

    def prompt(self, st: BaghdadState, seat: str) -> tuple[str, str]:
        t = st.tables
        z = t.zone_name[self.at]
        if self.stage == "units":
            return (f"How many Security units in {z} make up the moving stack?", _MOVE_RULE[self.mode])
        if self.mode != "move":
            return (f"Where do the {self.n} units from {z} go?", _MOVE_RULE[self.mode])
        left = t.rules.move_range - self.steps
        text = (
            f"Your stack of {self.n} is in {z} after {self.steps} zone(s) ({left} more at most): "
            "enter a neighbouring zone"
        )
        if self.steps > 0:
            text += ", pick up or drop off units (once per zone), or stop"
        if st.data.promises and self.steps > 0 and entry_promise(st, seat, self.at) is not None:
            text += f". Your promise keeps you from stopping in {z}: move on"
        return text + ".", R_MOVE

    def legal(self, st: BaghdadState, seat: str) -> list[Action]:
        t = st.tables
        at = self.at
        book = t.acts
        promises = bool(st.data.promises)
        if self.stage == "units":
            return book.numbers("units", 1, st.data.sec[seat][at])
        if self.mode != "move":
            zones = t.affiliated[seat] if self.mode == "underground" else range(len(t.zone_ids))
            a = t.a_to_zone
            return [a[z] for z in zones if z != at and (not promises or entry_promise(st, seat, z) is None)]
        acts: list[Action] = []
        if self.steps < t.rules.move_range:
            a = t.a_enter
            k = self.steps + 1
            for z in t.neighbours[at]:
                if not promises or _step_block(st, seat, at, z, k) is None:
                    acts.append(a[z])
        if self.steps > 0:
            may_stay = not promises or entry_promise(st, seat, at) is None
            if not self.touched:
                here = st.data.sec[seat][at] - self.n
                acts.extend(book.numbers("pickup", 1, here))
                if may_stay:
                    acts.extend(book.numbers("drop", 1, self.n - 1))
            if may_stay:
                acts.append(t.a_stop)
        return acts

    def breaks(self, st: BaghdadState, seat: str, action: Action) -> Promise | None:
        t = st.tables
        verb, args = action.verb, action.args
        if self.stage != "go":
            return None
        if verb == "to" and args and self.mode != "move":
            z = t.zone_lookup.get(" ".join(args).casefold(), -1)
            return entry_promise(st, seat, z) if z >= 0 else None
        if self.mode != "move":
            return None
        if verb == "enter" and args and self.steps < t.rules.move_range:
            z = t.zone_lookup.get(" ".join(args).casefold(), -1)
            if z in t.neighbours[self.at]:
                return _step_block(st, seat, self.at, z, self.steps + 1)
        if verb in ("stop", "drop") and self.steps > 0:
            return entry_promise(st, seat, self.at)
        return None

    def act(self, st: BaghdadState, seat: str, action: Action) -> None:
        t = st.tables
        f = seat
        verb, args = action[0], action[1]
        if verb == "units":
            self.n = int(args[0])
            self.stage = "go"
            return
        if verb == "to":  # Underground or Airmobile: straight to the destination
            z = t.zone_by_name[args[0]]
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
            z = t.zone_by_name[args[0]]
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


FRAMES: tuple[type[Frame[Any]], ...] = (ActionPhase, ActorTurn, MakeRoom, Move)
