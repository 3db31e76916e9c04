"""[Combat Phase] battles wherever factions share a zone (outside the Sanctuary): the first
player in turn order with a battle to fight picks the zone, the soonest there picks its
opponent; both sides set a secret Operational Plan (Command, Offense, Defense, commitment),
revealed together; totals compare; the loser loses every unit there, the winner as many as it
committed; the PP go to the winner (or the NGOs if attacked, or the other side after
Collateral Damage). Card windows: Ceasefire at the start, Rules of Engagement and Compromised
Source after the reveal, Collateral Damage after the battle."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from consim.core.action import Action
from consim.core.data import Data
from consim.core.flow import ForcedChoice, Frame, SecretChoice
from consim.games.baghdad.board import (
    commit_choices,
    commit_strength,
    initiatives,
    live_zones,
    mandatory,
    may_start,
    present,
    promised,
    unit_value,
    units_in,
    zone_live,
)
from consim.games.baghdad.content import (
    ArmsBazaarCard,
    BlockOffense,
    CancelCard,
    Effect,
    NeutralizeCommand,
    PreventCombat,
    ReverseCombatAward,
    SubstituteCommand,
)
from consim.games.baghdad.rules import R_COMBAT, R_PEACE, R_PLAN, R_POST, R_RESOLVE, R_TIES
from consim.games.baghdad.rules.common import (
    BaghdadDecision,
    CardWindow,
    add_units,
    card_in_hand,
    find,
    gain,
    promise_refusal,
    refusal,
)
from consim.games.baghdad.state import BaghdadState, Card, Command, Promise, Seat, Zone

PlanStep = Literal["command", "offense", "defense", "commit", "ready"]


@dataclass(slots=True)
class Plan(Data):
    """[Operational Plans] one side's secret plan, chosen step by step."""

    step: PlanStep = "command"
    cmd: Command | None = None
    #: a Network card standing in for a Command card
    net: Card | None = None
    off: Card | None = None
    dfn: Card | None = None
    commit: int | None = None


@dataclass(slots=True)
class Battle(Data):
    """One battle: its sides (``a`` acts sooner this turn), who started it, the plans and,
    once revealed, the cards played against them and the result."""

    a: Seat
    b: Seat
    init: Seat
    plans: dict[Seat, Plan]
    #: [Rules of Engagement; Compromised Source] the kinds of enemy card each side cancels
    cancel: dict[Seat, list[str]] = field(default_factory=dict)
    #: [Collateral Damage] the award is reversed (twice: back to normal; NOTES 10)
    collateral: bool = False
    neut: dict[Seat, bool] = field(default_factory=dict)
    totals: dict[Seat, int] = field(default_factory=dict)
    winner: Seat | None = None
    loser: Seat | None = None

    def other(self, f: str) -> str:
        return self.b if f == self.a else self.a


@dataclass(slots=True)
class Combat(Frame[BaghdadState]):
    """[Combat Phase] the phase, step by step: the opening (and its Ceasefire window); then,
    until no battle is left, the choice of a battle (``next``), its resolution once the plans
    are revealed (``resolve``) and its consequences (``apply``)."""

    name = "combat"
    rule = R_COMBAT
    step: Literal["open", "next", "resolve", "apply"] = "open"
    #: [Ceasefire] zones where no battle may be fought this turn
    cease: list[Zone] = field(default_factory=list)
    #: [Glossary: Peacekeeping] who declined to start a Peacekeeping battle, by zone
    settled: dict[Zone, list[Seat]] = field(default_factory=dict)
    #: the zone of the battle chosen (kept while battles go on there)
    zone: Zone | None = None
    battle: Battle | None = None

    def live(self, st: BaghdadState) -> list[int]:
        return live_zones(st, self.cease, self.settled)

    def run(self, st: BaghdadState) -> None:
        d = st.data
        if self.step == "open":
            self.step = "next"
            st.emit("Combat Phase.", R_COMBAT)
            if self.live(st):
                holders = [f for f in d.order if d.hands[f]]
                if holders:
                    st.push(CombatWindow(among=holders, timing="combat_phase"))
        elif self.step == "next":
            if self.zone is not None:
                if zone_live(st, self.zone, self.cease, self.settled):
                    st.push(PickFoe())  # battles go on there until one faction is left
                    return
                self.zone = None
            live = self.live(st)
            if not live:
                st.next_phase(self)  # the Civic Action Phase
                return
            st.push(PickZone(zones=live))
        elif self.step == "resolve":
            self._resolve(st)
        else:
            self._apply(st)

    # -- the battle ----------------------------------------------------------------------------

    def start_battle(self, st: BaghdadState, a: str, b: str, initiator: str) -> None:
        t = st.tables
        d = st.data
        assert self.zone is not None
        st.emit(f"Battle in {t.zone_name[self.zone]}: {a} against {b} (started by {initiator}).", R_COMBAT)
        plans = {}
        for f in (a, b):
            plan = Plan()
            # a side with no Command card (and no Network) fights with its commitment alone
            if not d.active[f] and not any(t.card_of[c].kind == "network" for c in d.hands[f]):
                plan.step = "commit"
            plans[f] = plan
        self.battle = Battle(a=a, b=b, init=initiator, plans=plans)
        st.push(Plans(among=[a, b]))

    def reveal_plans(self, st: BaghdadState) -> None:
        """[Resolving Combat] both plans are revealed together."""
        battle = self.battle
        assert battle is not None
        for f in (battle.a, battle.b):
            st.emit(f"{f} reveals: {plan_text(st, battle.plans[f])}.", R_RESOLVE)
        st.mark_reveal()
        self.step = "resolve"
        self._window(st, battle, "combat_reveal")

    def _window(
        self, st: BaghdadState, battle: Battle, timing: Literal["combat_reveal", "after_combat"]
    ) -> None:
        """A card window after the reveal or the battle: [designer Q&A] only the sides of the
        battle may play these cards (unless a card says otherwise)."""
        d = st.data
        seats = (battle.a, battle.b) if st.tables.sides_only[timing] else d.order
        holders = [f for f in seats if d.hands[f]]
        if holders:
            st.push(CombatWindow(among=holders, timing=timing))

    def _resolve(self, st: BaghdadState) -> None:
        """[Resolving Combat] cancellations, Neutralizations, totals and the winner."""
        t = st.tables
        d = st.data
        battle = self.battle
        assert battle is not None and self.zone is not None
        a, b = battle.a, battle.b
        plans = battle.plans
        # cancellations from the reveal window
        for f in (a, b):
            o = battle.other(f)
            for kind in battle.cancel.get(f, []):
                p = plans[o]
                card = p.off if kind == "offense" else p.dfn
                if card is not None:
                    if kind == "offense":
                        p.off = None
                    else:
                        p.dfn = None
                    d.discard.append(card)
                    st.emit(f"{o}'s {t.card_name[card]} is cancelled.", R_RESOLVE)
        neut = {
            a: _neutralizes(st, plans[b].off, plans[a], plans[a].dfn),
            b: _neutralizes(st, plans[a].off, plans[b], plans[b].dfn),
        }
        totals = {}
        for f in (a, b):
            p = plans[f]
            assert p.commit is not None
            totals[f] = commit_strength(st, f, self.zone, p.commit) + (0 if neut[f] else _cmd_value(st, p))
            if neut[f]:
                st.emit(f"{f}'s command is Neutralized.", R_RESOLVE)
        # [Glossary: Ties] on equal totals a (who acts sooner this turn) wins
        winner = b if totals[b] > totals[a] else a
        tie = totals[a] == totals[b]
        st.emit(
            f"Totals: {a} {totals[a]}, {b} {totals[b]}. {winner} wins"
            + (" the tie (acts sooner this turn)" if tie else "")
            + ".",
            R_TIES if tie else R_RESOLVE,
        )
        battle.neut, battle.totals = neut, totals
        battle.winner, battle.loser = winner, battle.other(winner)
        self.step = "apply"
        self._window(st, battle, "after_combat")

    def _apply(self, st: BaghdadState) -> None:
        """[Resolving Combat] Command and combat cards, the loser's units, the winner's losses
        and the award."""
        t = st.tables
        d = st.data
        battle = self.battle
        z = self.zone
        assert battle is not None and z is not None and battle.winner is not None and battle.loser is not None
        a, b = battle.a, battle.b
        plans = battle.plans
        winner, loser = battle.winner, battle.loser
        neut = battle.neut
        collateral = battle.collateral
        # Command cards: Neutralized ones go to the pile; Networks are discarded (NOTES 9)
        for f in (a, b):
            p = plans[f]
            if p.net is not None:
                d.discard.append(p.net)
            elif p.cmd is not None and neut[f]:
                d.active[f].remove(p.cmd)
                d.neutral[f].append(p.cmd)
        # combat cards: the winner keeps his (unless Collateral Damage), the loser loses his
        for f in (a, b):
            p = plans[f]
            for card in (p.off, p.dfn):
                if card is None:
                    continue
                if f == winner and not collateral:
                    d.hands[f].append(card)
                else:
                    d.discard.append(card)
        # the loser's units in the zone are all eliminated
        ls, li = units_in(st, loser, z)
        value = unit_value(st, loser, z)
        add_units(st, loser, z, sec=-ls, inf=-li)
        st.emit(f"{loser} loses all {ls + li} unit(s) in {t.zone_name[z]}.", R_RESOLVE)
        award = (ls + li) * value
        if neut[loser]:
            award += _cmd_value(st, plans[loser])
        # who gets the PP: the winner; the NGO if attacked while Peacekeeping; swapped by
        # Collateral Damage
        recipient = award_recipient(st, battle)
        why = "Peacekeepers attacked" if recipient != winner else "battle won"
        if collateral:
            recipient = a if recipient == b else b
            why = "Collateral Damage"
        rule = R_POST if collateral else (R_PEACE if why.startswith("Peace") else R_RESOLVE)
        # the winner's losses: as many units as it committed (NOTES 2)
        commit = plans[winner].commit
        assert commit is not None
        units = t.opts.commitment == "units"
        losses = commit if units else -(-commit // unit_value(st, winner, z))
        ws, wi = units_in(st, winner, z)
        losses = min(losses, ws + wi)
        lo, hi = max(0, losses - wi), min(losses, ws)
        self.battle = None
        self.step = "next"
        if lo == hi:
            winner_losses(st, winner, z, lo, losses - lo)
        else:
            st.push(Casualties(seat=winner, zone=z, lo=lo, hi=hi, losses=losses))
        gain(st, recipient, award, "combat_award", rule, why)

    # -- card windows --------------------------------------------------------------------------

    def take_effect(self, st: BaghdadState, who: str, effect: Effect) -> None:
        battle = self.battle
        if isinstance(effect, PreventCombat):
            st.push(Ceasefire(seat=who))
        elif isinstance(effect, CancelCard) and battle is not None:
            battle.cancel.setdefault(who, []).append(effect.target_kind)
        elif isinstance(effect, ReverseCombatAward) and battle is not None:
            # each Collateral Damage reverses the award once (NOTES 10)
            battle.collateral = not battle.collateral


def _combat(st: BaghdadState) -> Combat:
    """The Combat Phase in progress (the phase is the frame at the bottom of the stack)."""
    combat = st.stack[0]
    if not isinstance(combat, Combat):  # pragma: no cover - a hand-built position
        found = find(st, Combat)
        assert found is not None
        return found
    return combat


def award_recipient(st: BaghdadState, battle: Battle) -> str:
    """[Resolving Combat; Glossary: Peacekeeping] who earns the battle's PP before any
    Collateral Damage: the winner, or the NGOs when another faction attacked them."""
    pk = st.tables.peacekeeper
    assert battle.winner is not None
    if pk in (battle.a, battle.b) and battle.init != pk:
        return pk
    return battle.winner


def winner_losses(st: BaghdadState, f: str, z: int, sec: int, inf: int) -> None:
    if sec or inf:
        add_units(st, f, z, sec=-sec, inf=-inf)
        st.emit(f"{f} takes {sec} Security and {inf} Infrastructure as casualties.", R_RESOLVE)


def plan_text(st: BaghdadState, p: Plan) -> str:
    t = st.tables
    if p.net is not None:
        cmd = t.card_name[p.net]
    elif p.cmd is not None:
        cc = t.command_of[p.cmd]
        cmd = f"{cc.name} ({cc.value})"
    else:
        cmd = "no Command"
    off = t.card_name[p.off] if p.off is not None else "no Offense"
    dfn = t.card_name[p.dfn] if p.dfn is not None else "no Defense"
    return f"{cmd}, {off}, {dfn}, commitment {p.commit}"


def _cmd_types(st: BaghdadState, p: Plan) -> tuple[str, ...]:
    t = st.tables
    if p.net is not None:
        eff = t.card_of[p.net].effects[0]
        assert isinstance(eff, SubstituteCommand)
        return eff.command_types
    if p.cmd is not None:
        return t.command_of[p.cmd].types
    return ()


def _cmd_value(st: BaghdadState, p: Plan) -> int:
    t = st.tables
    if p.net is not None:
        return t.card_of[p.net].value or 0
    if p.cmd is not None:
        return t.command_of[p.cmd].value
    return 0


def _neutralizes(st: BaghdadState, off: int | None, target: Plan, dfn: int | None) -> bool:
    """[Resolving Combat] an Offense able to hit the Command, not blocked by the Defense."""
    t = st.tables
    if off is None:
        return False
    od = t.card_of[off]
    hit = next((e for e in od.effects if isinstance(e, NeutralizeCommand)), None)
    if hit is None:
        return False
    if target.net is not None:
        sub = next((e for e in t.card_of[target.net].effects if isinstance(e, SubstituteCommand)), None)
        if sub is None:
            return False
        types, value = set(sub.command_types), sub.value
    elif target.cmd is not None:
        cc = t.command_of[target.cmd]
        types, value = set(cc.types), cc.value
    else:
        return False
    if not types & set(hit.command_types):
        return False
    if hit.max_value is not None and value > hit.max_value:
        return False
    if dfn is not None:
        for e in t.card_of[dfn].effects:
            if isinstance(e, BlockOffense) and (set(e.offense_types) & set(od.types) or od.id in e.cards):
                return False
    return True


# =============================================================================================
# Decisions: the battle's zone and opponent, the plans, the casualties
# =============================================================================================


@dataclass(slots=True)
class PickZone(ForcedChoice[BaghdadState], BaghdadDecision):
    """[Combat Phase] the first player in turn order with a battle to fight picks the zone of
    the next battle."""

    name = "battle-zone"
    rule = R_COMBAT
    #: the zones where a battle is to be fought
    zones: list[Zone]

    def chooser(self, st: BaghdadState) -> str:
        # a single zone to fight in is fought without asking (units are public)
        d = st.data
        for f in d.order:
            sec, inf = d.sec[f], d.inf[f]
            for z in self.zones:
                if sec[z] or inf[z]:
                    return f
        raise AssertionError("no live zone")  # pragma: no cover

    def prompt(self, st: BaghdadState, seat: str) -> tuple[str, str]:
        return (
            "Combat Phase: choose the zone of your next battle (every zone where you share ground with "
            "a faction you must fight is fought over this phase).",
            R_COMBAT,
        )

    def legal(self, st: BaghdadState, seat: str) -> list[Action]:
        sec, inf = st.data.sec[seat], st.data.inf[seat]
        a_battle = st.tables.a_battle
        return [a_battle[z] for z in self.zones if sec[z] or inf[z]]

    def act(self, st: BaghdadState, seat: str, action: Action) -> None:
        combat = _combat(st)
        z = st.tables.zone_by_name[action[1][0]]
        combat.zone = z
        st.emit(f"{seat} chooses the battle in {st.tables.zone_name[z]}.", R_COMBAT)
        st.remove(self)


@dataclass(slots=True)
class PickFoe(ForcedChoice[BaghdadState], BaghdadDecision):
    """[Combat Phase] in a zone of three or more, whoever acts soonest chooses its opponent
    (NOTES 5); nobody must fight the Peacekeepers (NOTES 6)."""

    name = "battle-foe"
    rule = R_COMBAT

    def chooser(self, st: BaghdadState) -> str:
        # one opponent that must be fought is fought without asking (units, promises public)
        combat = _combat(st)
        z = combat.zone
        assert z is not None
        for f in present(st, z):
            if initiatives(st, z, f, combat.settled):
                return f
        raise AssertionError("no chooser")  # pragma: no cover

    def prompt(self, st: BaghdadState, seat: str) -> tuple[str, str]:
        combat = _combat(st)
        z = combat.zone
        assert z is not None
        text = f"Combat in {st.tables.zone_name[z]}: choose your opponent."
        foes = initiatives(st, z, seat, combat.settled)
        if any(mandatory(st, seat, o) for o in foes):
            text += " You may not decline: combat is mandatory here."
        else:
            text += " Nobody must fight the Peacekeepers: you may decline."
        return text, R_COMBAT

    def legal(self, st: BaghdadState, seat: str) -> list[Action]:
        t = st.tables
        combat = _combat(st)
        z = combat.zone
        assert z is not None
        foes = initiatives(st, z, seat, combat.settled)
        a_fight = t.a_fight
        acts = [a_fight[o] for o in foes]
        if t.opts.multi_combat == "chooser-names-pair":
            there = present(st, z)
            book = t.acts
            for i, a in enumerate(there):
                for b in there[i + 1 :]:
                    if seat not in (a, b) and mandatory(st, a, b):
                        acts.append(book("fight", a, b))
        if not any(mandatory(st, seat, o) for o in foes):
            acts.append(t.a_decline)
        return acts

    def breaks(self, st: BaghdadState, seat: str, action: Action) -> Promise | None:
        combat = _combat(st)
        z = combat.zone
        if action.verb != "fight" or len(action.args) != 1 or z is None:
            return None
        o = next((x for x in present(st, z) if x.casefold() == action.args[0].casefold()), None)
        if o is None or o == seat or may_start(st, seat, o, combat.settled.get(z, ())):
            return None
        return promised(st, seat, "no-attack", o)

    def act(self, st: BaghdadState, seat: str, action: Action) -> None:
        combat = _combat(st)
        z = combat.zone
        assert z is not None
        st.remove(self)
        args = action[1]
        if action[0] == "decline":
            combat.settled.setdefault(z, []).append(seat)
            st.emit(f"{seat} starts no battle in {st.tables.zone_name[z]}.", R_PEACE)
            return
        a, b = args if len(args) == 2 else (seat, args[0])
        a, b = sorted((a, b), key=st.data.order.index)
        combat.start_battle(st, a, b, seat)


_PLAN_WORDS = {
    "command": "choose the Command card (or a Network) to lead it",
    "offense": "add an Offense card matching your Command's type, or none",
    "defense": "add a Defense card matching your Command's type, or none",
}


@dataclass(slots=True)
class Plans(SecretChoice[BaghdadState]):
    """[Combat Phase: Operational Plans] both sides choose in secret, step by step: a Command
    card (or a Network), an Offense and a Defense of its type (or none), and the commitment on
    the die; the plans are revealed together when both are set. Cards chosen are set aside but
    still count in the public hand size until the reveal."""

    name = "plans"
    rule = R_PLAN

    def prompt(self, st: BaghdadState, seat: str) -> tuple[str, str]:
        t = st.tables
        combat = _combat(st)
        battle = combat.battle
        assert battle is not None and combat.zone is not None
        p = battle.plans[seat]
        step = p.step
        if step == "commit" or step == "ready":
            unit = "units" if t.opts.commitment == "units" else "strength"
            most = max(commit_choices(st, seat, combat.zone))
            words = (
                f"set the die: the {unit} you commit (0-{t.rules.max_commitment}; {most} at most here). "
                "If you win you lose as many units as you committed; if you lose, all your units here"
            )
        else:
            words = _PLAN_WORDS[step]
            if step == "command" and not st.data.active[seat]:
                words += ". All your Command cards are Neutralized: fight without one (no Offense or Defense)"
            elif step in ("offense", "defense") and len(self.options(st, seat)) == 1:
                types = " or ".join(_cmd_types(st, p))
                other = battle.other(seat)
                if step == "offense" and promised(st, seat, "no-cards", other) is not None:
                    words += f". Not possible now: you promised {other} to play no cards against them"
                else:
                    words += f". Not possible now: you hold no {step.title()} card of your Command's type"
                    words += f" ({types})"
        return (
            f"Secret Operational Plan against {battle.other(seat)} in {t.zone_name[combat.zone]}: {words}.",
            R_PLAN,
        )

    def options(self, st: BaghdadState, seat: str) -> list[Action]:
        t = st.tables
        d = st.data
        combat = _combat(st)
        battle = combat.battle
        assert battle is not None and combat.zone is not None
        p = battle.plans[seat]
        hand = d.hands[seat]
        card_of = t.card_of
        if p.step == "command":
            a_command = t.a_command
            command_of = t.command_of
            acts = [
                a_command[command_of[c].name] for c in sorted(d.active[seat], key=t.command_rank.__getitem__)
            ]
            networks = sorted({card_of[c].name for c in hand if card_of[c].kind == "network"})
            acts.extend([a_command[n] for n in networks])
            if not d.active[seat]:
                acts.append(t.a_no_command)
            return acts
        if p.step in ("offense", "defense"):
            # [Operational Plans] an Offense or Defense of a type the Command has
            kind = p.step
            types = frozenset(_cmd_types(st, p))
            found = sorted(
                {
                    card.name
                    for card in map(card_of.__getitem__, hand)
                    if card.kind == kind and not types.isdisjoint(card.types)
                }
            )
            if kind == "offense":
                # [Coalition Phase] no Offense against a faction promised no cards
                if d.promises and promised(st, seat, "no-cards", battle.other(seat)) is not None:
                    return [t.a_no_offense]
                a_off = t.a_offense
                return [*map(a_off.__getitem__, found), t.a_no_offense]
            a_dfn = t.a_defense
            return [*map(a_dfn.__getitem__, found), t.a_no_defense]
        return t.acts.numbers_of("commit", commit_choices(st, seat, combat.zone))

    def choose(self, st: BaghdadState, seat: str, action: Action) -> bool:
        t = st.tables
        d = st.data
        battle = _combat(st).battle
        assert battle is not None
        p = battle.plans[seat]
        verb, args = action[0], action[1]
        if verb == "command":
            nm = args[0]
            cc = t.command_by_name.get(nm)
            if cc is not None:
                p.cmd = t.command_index[cc.id]
            else:
                card = card_in_hand(st, seat, nm)
                d.hands[seat].remove(card)
                p.net = card
            p.step = "offense"
            st.emit(f"Your plan: {nm} in command.", R_PLAN, (seat,))
        elif verb == "no-command":
            p.step = "commit"
        elif verb in ("offense", "defense"):
            card = card_in_hand(st, seat, args[0])
            d.hands[seat].remove(card)
            if verb == "offense":
                p.off = card
                p.step = "defense"
            else:
                p.dfn = card
                p.step = "commit"
            st.emit(f"Your plan: {args[0]} as {verb}.", R_PLAN, (seat,))
        elif verb == "no-offense":
            p.step = "defense"
        elif verb == "no-defense":
            p.step = "commit"
        else:
            p.commit = int(args[0])
            p.step = "ready"
            st.emit(f"Your plan: commit {p.commit}.", R_PLAN, (seat,))
            st.emit(f"{seat} has set its Operational Plan.", R_PLAN)
            return True
        return False

    def reopen(self, st: BaghdadState, seat: str) -> None:
        battle = _combat(st).battle
        assert battle is not None
        battle.plans[seat].step = "commit"

    def reveal(self, st: BaghdadState) -> None:
        _combat(st).reveal_plans(st)

    def why_illegal(self, st: BaghdadState, seat: str, action: Action) -> str:
        battle = _combat(st).battle
        planning = battle is not None and seat in battle.plans and battle.plans[seat].step == "offense"
        if action.verb == "offense" and battle is not None and planning:
            p = promised(st, seat, "no-cards", battle.other(seat))
            if p is not None:
                return promise_refusal(p, action)
        return refusal(self, st, seat, action)


@dataclass(slots=True)
class Casualties(ForcedChoice[BaghdadState], BaghdadDecision):
    """[Resolving Combat] the winner chooses the mix of its losses (NOTES 2)."""

    name = "casualties"
    rule = R_RESOLVE
    seat: Seat
    zone: Zone
    lo: int
    hi: int
    losses: int

    def chooser(self, st: BaghdadState) -> str:
        return self.seat  # one possible mix is taken without asking

    def prompt(self, st: BaghdadState, seat: str) -> tuple[str, str]:
        return (
            f"You won: you lose {self.losses} unit(s), as many as you committed. How many of them are "
            "Security (the rest are Infrastructure)?",
            R_RESOLVE,
        )

    def legal(self, st: BaghdadState, seat: str) -> list[Action]:
        return st.tables.acts.numbers("losses", self.lo, self.hi)

    def act(self, st: BaghdadState, seat: str, action: Action) -> None:
        st.remove(self)
        k = int(action[1][0])
        winner_losses(st, seat, self.zone, k, self.losses - k)


# =============================================================================================
# Card windows of the Combat Phase
# =============================================================================================


@dataclass(slots=True)
class CombatWindow(CardWindow):
    """[Combat Phase] Ceasefire at the start of the phase; [Arms Bazaar Cards Post Combat]
    Rules of Engagement and Compromised Source after the reveal, Collateral Damage after the
    battle."""

    name = "combat-window"
    rule = R_COMBAT

    def playable(self, st: BaghdadState, seat: str, card: ArmsBazaarCard) -> bool:
        battle = _combat(st).battle
        if battle is None:
            return True
        if seat not in (battle.a, battle.b):
            return not any(
                isinstance(e, CancelCard | ReverseCombatAward) and e.participant_only for e in card.effects
            )
        return not st.data.promises or self._against(st, seat, card) is None

    def _against(self, st: BaghdadState, seat: str, card: ArmsBazaarCard) -> Promise | None:
        """[Coalition Phase] the no-cards promise a side breaks by playing ``card`` against the
        other side: cancelling its plan's cards, or Collateral Damage when the other side won
        or would earn the PP (NOTES: Deals)."""
        battle = _combat(st).battle
        assert battle is not None
        other = battle.other(seat)
        p = promised(st, seat, "no-cards", other)
        if p is None:
            return None
        for e in card.effects:
            if isinstance(e, CancelCard):
                return p
            if (
                isinstance(e, ReverseCombatAward)
                and battle.winner is not None
                and other in (battle.winner, award_recipient(st, battle))
            ):
                return p
        return None

    def breaks(self, st: BaghdadState, seat: str, action: Action) -> Promise | None:
        battle = _combat(st).battle
        card = st.tables.card_lookup.get(" ".join(action.args).casefold())
        if action.verb != "play" or battle is None or card is None or seat not in (battle.a, battle.b):
            return None
        if card.timing != self.timing or not any(st.tables.card_of[c] is card for c in st.data.hands[seat]):
            return None
        return self._against(st, seat, card)

    def take_effect(self, st: BaghdadState, who: str, effect: Effect) -> None:
        _combat(st).take_effect(st, who, effect)


@dataclass(slots=True)
class Ceasefire(ForcedChoice[BaghdadState], BaghdadDecision):
    """[Arms Bazaar Cards: Ceasefire] name a zone where no battle may be fought this turn."""

    name = "ceasefire"
    rule = R_COMBAT
    seat: Seat

    def chooser(self, st: BaghdadState) -> str:
        return self.seat  # the card is played openly: one zone left is named without asking

    def prompt(self, st: BaghdadState, seat: str) -> tuple[str, str]:
        return ("Name the zone where no battle may be fought this turn.", R_COMBAT)

    def legal(self, st: BaghdadState, seat: str) -> list[Action]:
        t = st.tables
        a_in = t.a_in_zone
        return [a_in[z] for z in _combat(st).live(st)] or [t.a_pass]

    def act(self, st: BaghdadState, seat: str, action: Action) -> None:
        st.remove(self)
        if action[0] == "in":
            t = st.tables
            z = t.zone_by_name[action[1][0]]
            _combat(st).cease.append(z)
            st.emit(f"{seat} names {t.zone_name[z]}: no battle there this turn.", R_COMBAT)


FRAMES: tuple[type[Frame[Any]], ...] = (Combat, PickZone, PickFoe, Plans, Casualties, CombatWindow, Ceasefire)
