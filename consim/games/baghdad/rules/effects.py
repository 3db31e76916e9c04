"""[Arms Bazaar Cards] the effects of a card (or a combination) played in one's own Action
Phase, carried out in order; an effect that needs a choice (an opponent, a zone, the cards to
take, the units to eliminate or place) waits for it. [Glossary: Defection] the targeted player
chooses which of his units leave; the initiator may replace them with his own."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from consim.core.action import Action
from consim.core.flow import Frame
from consim.games.baghdad.board import (
    card_targets,
    control_map,
    entry_promise,
    free_unit_zones,
    pool,
    promised,
    unit_targets,
    units_in,
    zones_controlled,
)
from consim.games.baghdad.content import (
    CollectFromEachPlayer,
    DefectionEffect,
    DrawArmsBazaar,
    Effect,
    EliminateUnits,
    GainPP,
    GainPPPer,
    PeekArabStreet,
    PlaceFreeUnits,
    TakeCards,
    TakePP,
    ViewHand,
)
from consim.games.baghdad.rules import R_CARDS, R_DEFECT, R_ESP
from consim.games.baghdad.rules.common import (
    BaghdadDecision,
    add_units,
    draw_card,
    find,
    gain,
    gain_cards,
    names,
    offer_infowar,
    pay,
)
from consim.games.baghdad.state import BaghdadState, Card, Promise, Seat, Source, StreetCard, Zone

Stage = Literal["top", "target", "take", "zone", "remove", "replace", "place"]
#: effects that wait for their player's choice
_CHOICES = (ViewHand, TakeCards, TakePP, EliminateUnits, DefectionEffect, PlaceFreeUnits)
_WORDS = {
    "top": "choose the Arab Street card to be turned next",
    "target": "choose the opponent",
    "take": "choose a card to take",
    "zone": "choose the zone",
    "remove": "choose the units to eliminate ('remove S I': S Security and I Infrastructure)",
    "replace": (
        "choose how many defectors to replace with your own ('replace S I': S Security and I "
        "Infrastructure, free, from your pool)"
    ),
    "place": "choose how many units to place ('place S I': S Security and I Infrastructure)",
}


@dataclass(slots=True)
class Effects(BaghdadDecision):
    """The effects of one card or combination, by ``source``, from effect ``i`` on. What the
    player has chosen so far (the opponent, the zone, ...) carries over to the next effect
    (Espionage looks at a hand, then takes from the same hand)."""

    name = "effects"
    rule = R_CARDS
    seat: Seat
    source: Source
    #: [Recruit Step] where the player's units may spawn (for free placements)
    spawn_s: list[Zone] = field(default_factory=list)
    spawn_i: list[Zone] = field(default_factory=list)
    i: int = 0
    target: Seat | None = None
    zone: Zone | None = None
    #: [Signals Intercept] the Arab Street cards seen, while their new order is chosen
    peek: list[StreetCard] | None = None
    order: list[StreetCard] = field(default_factory=list)
    #: cards still to take, and the cards taken so far
    left: int | None = None
    got: list[Card] = field(default_factory=list)
    #: [Glossary: Defection] the Security and Infrastructure that left
    removed: tuple[int, int] | None = None

    # -- the sequence of effects -------------------------------------------------------------

    def effects(self, st: BaghdadState) -> tuple[Effect, ...]:
        return st.tables.source_effects[self.source]

    def _waiting(self, st: BaghdadState) -> bool:
        """The current effect waits for its player's choice."""
        effects = st.tables.source_effects[self.source]
        if self.i >= len(effects):
            return False
        if self.peek is not None:
            return True
        e = effects[self.i]
        if (
            isinstance(e, TakeCards)
            and e.chosen
            and self.target is not None
            and not st.data.hands[self.target]
        ):
            return False  # nothing left to take
        return isinstance(e, _CHOICES)

    def seats(self, st: BaghdadState) -> tuple[str, ...]:
        return (self.seat,) if self._waiting(st) else ()

    def skip(self, st: BaghdadState) -> None:
        self._run(st)

    def _done(self, st: BaghdadState) -> None:
        """The current effect is carried out: on to the next."""
        self.i += 1
        self._run(st)

    def _run(self, st: BaghdadState) -> None:
        """Apply the effects in order, stopping at one that needs a choice."""
        t = st.tables
        d = st.data
        f = self.seat
        effects = t.source_effects[self.source]
        name = t.source_name[self.source]
        while self.i < len(effects):
            e = effects[self.i]
            if isinstance(e, GainPP):
                gain(st, f, e.amount, "card_effect", R_CARDS, name)
            elif isinstance(e, GainPPPer):
                control = control_map(st)
                if e.per == "controlled_zone":
                    n = zones_controlled(control, f)
                elif e.per == "controlled_affiliated_zone":
                    aff = t.zone_affiliation
                    n = sum(1 for z, c in enumerate(control) if c == f and aff[z] == f)
                else:
                    n = sum(1 for x in d.inf[f] if x)
                if e.maximum is not None:
                    n = min(n, e.maximum)
                gain(st, f, n * e.amount, "card_effect", R_CARDS, name)
            elif isinstance(e, DrawArmsBazaar):
                drawn = [c for c in (draw_card(st) for _ in range(e.count)) if c is not None]
                if drawn:
                    st.emit(f"You draw {names(st, drawn)}.", R_CARDS, (f,))
                    st.emit(f"{f} draws {len(drawn)} card(s).", R_CARDS)
                    st.mark_reveal((f,))
                    gain_cards(st, f, drawn)
            elif isinstance(e, CollectFromEachPlayer):
                # [Oil Ministry] each other player pays, or all he has if less (NOTES 12)
                total = 0
                for o in d.order:
                    if o != f:
                        total += pay(st, o, e.amount)
                d.pp[f] += total
                st.emit(f"{f} collects {total} PP from the other players ({name}).", R_CARDS)
                if total:
                    offer_infowar(st, f, "card_effect", total, name)
            elif isinstance(e, PeekArabStreet):
                top = list(reversed(d.street[-e.count :]))
                if top:
                    d.known[f] = top[:]
                    st.emit(f"You see the next Arab Street cards: {_street_names(st, top)}.", R_CARDS, (f,))
                    st.emit(f"{f} looks at the next {len(top)} Arab Street card(s).", R_CARDS)
                    st.mark_reveal((f,))
                    if e.reorder and len(top) > 1:
                        self.peek = top
                        self.order = []
                        return
            elif (
                isinstance(e, TakeCards) and e.chosen and self.target is not None and not d.hands[self.target]
            ):
                pass  # nothing left to take
            elif isinstance(e, _CHOICES):
                return  # needs a choice: see legal()
            self.i += 1
        st.remove(self)

    # -- the choices -------------------------------------------------------------------------

    def stage(self, st: BaghdadState) -> tuple[Effect, Stage]:
        """The effect awaiting a choice and which choice (target, zone, take, ...)."""
        e = st.tables.source_effects[self.source][self.i]
        if self.peek is not None:
            return e, "top"
        if isinstance(e, ViewHand | TakePP):
            return e, "target"
        if isinstance(e, TakeCards):
            return e, ("target" if self.target is None else "take")
        if isinstance(e, EliminateUnits | DefectionEffect):
            if self.target is None:
                return e, "target"
            if self.zone is None:
                return e, "zone"
            return e, ("remove" if isinstance(e, EliminateUnits) else "replace")
        if isinstance(e, PlaceFreeUnits):
            return e, ("zone" if self.zone is None else "place")
        raise AssertionError(f"effect {e!r} needs no choice")  # pragma: no cover

    def prompt(self, st: BaghdadState, seat: str) -> tuple[str, str]:
        t = st.tables
        name = t.source_name[self.source]
        rule = R_DEFECT if t.source_ids[self.source] == "defection" else R_CARDS
        return (f"{name}: {_WORDS[self.stage(st)[1]]}.", rule)

    def legal(self, st: BaghdadState, seat: str) -> list[Action]:
        t = st.tables
        d = st.data
        f = seat
        book = t.acts
        e, stage = self.stage(st)
        if stage == "top":
            a_top = t.a_top
            # two copies of one Arab Street card are one choice (the same action)
            names = [t.street_of[i].name for i in self.peek or () if i not in self.order]
            return [a_top[n] for n in dict.fromkeys(names)]
        if stage == "target":
            # [Coalition Phase] never a faction promised no cards (NOTES: Deals)
            a_target = t.a_target
            if isinstance(e, EliminateUnits | DefectionEffect):
                return [a_target[o] for o in unit_targets(st, f, e)]
            return [a_target[o] for o in card_targets(st, f)]
        if stage == "take":
            assert self.target is not None
            card_name = t.card_name
            a_take = t.a_take
            return [a_take[n] for n in sorted({card_name[c] for c in d.hands[self.target]})]
        a_zone = t.a_in_zone
        if stage == "zone":
            if isinstance(e, PlaceFreeUnits):
                zs = free_unit_zones(st, f, e, self.spawn_s, self.spawn_i)
                return [a_zone[z] for z in zs if not d.promises or entry_promise(st, f, z) is None]
            assert self.target is not None
            allowed = not isinstance(e, EliminateUnits) or e.sanctuary_allowed
            sec, inf = d.sec[self.target], d.inf[self.target]
            sanctuary = t.sanctuary
            return [
                a_zone[z] for z in range(len(a_zone)) if (sec[z] or inf[z]) and (allowed or not sanctuary[z])
            ]
        if stage == "remove":
            assert isinstance(e, EliminateUnits) and self.target is not None and self.zone is not None
            a, b = units_in(st, self.target, self.zone)
            return [
                book("remove", str(x), str(y))
                for x in range(0, a + 1)
                for y in range(0, b + 1)
                if 1 <= x + y <= e.count
            ]
        if stage == "replace":
            assert isinstance(e, DefectionEffect) and self.removed is not None and self.zone is not None
            rs, ri = self.removed
            ps, pi = pool(st, f)
            if d.promises and entry_promise(st, f, self.zone) is not None:
                ps = pi = 0  # [Coalition Phase] a promise keeps its units out of that zone
            if e.replace_same_type:
                return [
                    book("replace", str(x), str(y))
                    for x in range(0, min(rs, ps) + 1)
                    for y in range(0, min(ri, pi) + 1)
                ]
            out = rs + ri
            return [
                book("replace", str(x), str(y))
                for x in range(0, min(out, ps) + 1)
                for y in range(0, min(out, pi) + 1)
                if x + y <= out
            ]
        # place
        assert isinstance(e, PlaceFreeUnits) and self.zone is not None
        ps, pi = pool(st, f)
        z = self.zone
        ms = min(e.security, ps) if z in self.spawn_s else 0
        mi = min(e.infrastructure, pi) if z in self.spawn_i else 0
        return [
            book("place", str(x), str(y)) for x in range(0, ms + 1) for y in range(0, mi + 1) if x + y >= 1
        ]

    def breaks(self, st: BaghdadState, seat: str, action: Action) -> Promise | None:
        t = st.tables
        e, stage = self.stage(st)
        text = " ".join(action.args)
        if stage == "target" and action.verb == "target":
            o = next((x for x in st.data.order if x.casefold() == text.casefold()), None)
            return promised(st, seat, "no-cards", o) if o is not None and o != seat else None
        if stage == "zone" and action.verb == "in" and isinstance(e, PlaceFreeUnits):
            z = t.zone_lookup.get(text.casefold(), -1)
            if z in free_unit_zones(st, seat, e, self.spawn_s, self.spawn_i):
                return entry_promise(st, seat, z)
        if (
            stage == "replace"
            and action.verb == "replace"
            and self.zone is not None
            and any(a != "0" for a in action.args)
        ):
            return entry_promise(st, seat, self.zone)
        return None

    def act(self, st: BaghdadState, seat: str, action: Action) -> None:
        t = st.tables
        d = st.data
        f = seat
        args = action[1]
        e, stage = self.stage(st)
        name = t.source_name[self.source]
        if stage == "top":
            assert self.peek is not None
            inst = next(i for i in self.peek if t.street_of[i].name == args[0] and i not in self.order)
            self.order.append(inst)
            if len(self.order) == len(self.peek) - 1:
                self.order.extend(i for i in self.peek if i not in self.order)
                k = len(self.peek)
                # the first chosen is drawn first: it goes on top (the end of the list)
                d.street[-k:] = list(reversed(self.order))
                d.known[f] = list(self.order)
                st.emit(f"You put them back in the order {_street_names(st, self.order)}.", R_CARDS, (f,))
                st.emit(f"{f} puts the Arab Street cards back in an order of its choice.", R_CARDS)
                self.peek = None
                self.order = []
                self._done(st)
            return
        if stage == "target":
            tgt = args[0]
            self.target = tgt
            if isinstance(e, ViewHand):
                st.emit(f"{f} looks at {tgt}'s hand ({name}).", R_CARDS)
                st.emit(f"{tgt}'s hand: {names(st, d.hands[tgt])}.", R_CARDS, (f,))
                st.mark_reveal((f,))
                self._done(st)  # a following chosen take uses the same opponent (Espionage)
            elif isinstance(e, TakeCards) and not e.chosen:
                hand = d.hands[tgt]
                taken = []
                for _ in range(e.count):
                    if hand:
                        c = hand[st.rng.randbelow(len(hand))]
                        hand.remove(c)
                        taken.append(c)
                st.emit(f"{f} takes {len(taken)} card(s) at random from {tgt} ({name}).", R_CARDS)
                if taken:
                    st.emit(f"{f} takes {names(st, taken)} from {tgt}.", R_CARDS, (f, tgt))
                    st.mark_reveal((f, tgt))
                self.i += 1
                if taken:
                    gain_cards(st, f, taken)
                self._run(st)
            elif isinstance(e, TakePP):
                paid = pay(st, tgt, e.amount)
                d.pp[f] += paid
                st.emit(f"{f} takes {paid} PP from {tgt} ({name}).", R_CARDS)
                self._done(st)
            elif isinstance(e, TakeCards):  # chosen, with no earlier look: look now
                st.emit(f"{tgt}'s hand: {names(st, d.hands[tgt])}.", R_CARDS, (f,))
                st.mark_reveal((f,))
                self.left = e.count
                self._after_take(st)
            return
        if stage == "take":
            assert isinstance(e, TakeCards) and self.target is not None
            hand = d.hands[self.target]
            c = next(c for c in hand if t.card_name[c] == args[0])
            hand.remove(c)
            self.got.append(c)
            self.left = (e.count if self.left is None else self.left) - 1
            self._after_take(st)
            return
        if stage == "zone":
            z = t.zone_by_name[args[0]]
            self.zone = z
            if isinstance(e, DefectionEffect):
                # [Glossary: Defection] the targeted player removes three of his units there
                assert self.target is not None
                tgt = self.target
                a, b = units_in(st, tgt, z)
                k = min(e.units, a + b)
                st.emit(f"{f} induces a Defection among {tgt}'s units in {t.zone_name[z]}.", R_DEFECT)
                if max(0, k - b) < min(a, k):  # a real choice of which units go
                    st.push(Defect(seat=tgt, by=f, zone=z, n=k))
                else:
                    self.defectors_leave(st, min(a, k), k - min(a, k))
            return
        x, y = int(args[0]), int(args[1])
        assert self.zone is not None
        z = self.zone
        if stage == "remove":
            assert self.target is not None
            tgt = self.target
            add_units(st, tgt, z, sec=-x, inf=-y)
            st.emit(
                f"{f}'s {name} eliminates {x} Security and {y} Infrastructure of {tgt} in {t.zone_name[z]}.",
                R_CARDS,
            )
        elif stage == "replace":
            add_units(st, f, z, sec=x, inf=y)
            st.emit(f"{f} replaces them with {x} Security and {y} Infrastructure of its own.", R_DEFECT)
        else:  # place
            add_units(st, f, z, sec=x, inf=y)
            st.emit(
                f"{f} places {x} Security and {y} Infrastructure free in {t.zone_name[z]} ({name}).", R_CARDS
            )
        self._done(st)

    def _after_take(self, st: BaghdadState) -> None:
        d = st.data
        f = self.seat
        tgt = self.target
        assert tgt is not None and self.left is not None
        if self.left > 0 and d.hands[tgt]:
            return
        got, self.got = self.got, []
        st.emit(f"{f} takes {len(got)} card(s) from {tgt}'s hand.", R_ESP)
        if got:
            st.emit(f"{f} takes {names(st, got)} from {tgt}.", R_ESP, (f, tgt))
            st.mark_reveal((f, tgt))
        self.i += 1
        if got:
            gain_cards(st, f, got)
        self._run(st)

    def defectors_leave(self, st: BaghdadState, x: int, y: int) -> None:
        """[Glossary: Defection] the targeted units leave; the initiator may replace them."""
        t = st.tables
        f = self.seat
        tgt, z = self.target, self.zone
        assert tgt is not None and z is not None
        add_units(st, tgt, z, sec=-x, inf=-y)
        st.emit(f"{tgt} loses {x} Security and {y} Infrastructure in {t.zone_name[z]}.", R_DEFECT)
        self.removed = (x, y)
        ps, pi = pool(st, f)
        e = self.effects(st)[self.i]
        same = not isinstance(e, DefectionEffect) or e.replace_same_type
        if not (min(x, ps) or min(y, pi)) if same else not min(x + y, ps + pi):
            self._done(st)  # nothing to replace them with


def _street_names(st: BaghdadState, cards: list[int]) -> str:
    street_of = st.tables.street_of
    return ", ".join(street_of[i].name for i in cards)


@dataclass(slots=True)
class Defect(BaghdadDecision):
    """[Glossary: Defection] the targeted player chooses which of his units in the zone leave."""

    name = "defect"
    rule = R_DEFECT
    seat: Seat
    by: Seat
    zone: Zone
    n: int

    def seats(self, st: BaghdadState) -> tuple[str, ...]:
        return (self.seat,)

    def prompt(self, st: BaghdadState, seat: str) -> tuple[str, str]:
        return (
            f"{self.by} induces a Defection: choose which {self.n} of your units in "
            f"{st.tables.zone_name[self.zone]} leave (Security, Infrastructure).",
            R_DEFECT,
        )

    def legal(self, st: BaghdadState, seat: str) -> list[Action]:
        a, b = units_in(st, seat, self.zone)
        n = self.n
        book = st.tables.acts
        return [book("lose", str(x), str(n - x)) for x in range(max(0, n - b), min(a, n) + 1)]

    def act(self, st: BaghdadState, seat: str, action: Action) -> None:
        st.remove(self)
        effects = find(st, Effects)
        assert isinstance(effects, Effects)
        effects.defectors_leave(st, int(action[1][0]), int(action[1][1]))


FRAMES: tuple[type[Frame[Any]], ...] = (Effects, Defect)
