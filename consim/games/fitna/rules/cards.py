"""Playing a card for its effect (provenance/cards.md section 5): the announcement, the
opponent it names and the spaces it strikes or reveals, the window in which it may be
cancelled (with chains), then each structured effect in order (strike, reinforcements,
entrench, tension, draw, lose_cards, extra_ops, reveal) and the dispatch of handler effects to
the frames named ``handler_<name>``. Also reinforcements and replacements (15.0), which
Reinforcements cards and tension levels 6 and 10 (22.1) bring.

Special Jokers (10.0) are played here too: they strike, cannot be cancelled, and leave the
game (the Russian one is set aside, 22.1).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from consim.core.action import Action
from consim.core.data import SeatOrNone
from consim.core.flow import Frame
from consim.games.fitna.board import (
    arrival_spaces,
    arrival_words,
    seat_nation,
    stacks,
    strike_spaces,
    traces_supply,
    unit_sides,
    units_of,
)
from consim.games.fitna.content import (
    Cancel,
    ColumnShift,
    ExtraOps,
    Handler,
    OpponentLosesCards,
    Reinforcements,
    RevealStack,
    Strike,
    TensionChange,
)
from consim.games.fitna.content import (
    DrawCards as DrawEffect,
)
from consim.games.fitna.content import (
    Entrench as EntrenchEffect,
)
from consim.games.fitna.rules import (
    R_ENTRENCH,
    R_EVENTS,
    R_FOG,
    R_REINFORCE,
    R_SPECIAL,
    possessive,
)
from consim.games.fitna.rules.common import (
    A_DONE,
    A_PASS,
    ELIMINATED,
    POOL,
    DrawCards,
    Losses,
    Step,
    change_tension,
    cname,
    discard_card,
    everyone,
    names,
    on_fight,
    owner_seat,
    place,
    push_levels,
    refs_space,
    restore,
    set_control,
    sname,
    strike_witnesses,
    take_from_hand,
    uname,
)
from consim.games.fitna.rules.deck import (
    cancel_effect,
    could_be_cancelled,
    dispatched_params,
    handler_frame,
    names_opponent,
    reactions,
)
from consim.games.fitna.state import ActiveEffect, Card, FitnaState, Seat, Space, UnitId

#: [25.5, 26.5] cards any other player may cancel (the others: only the player targeted)
OPEN_TO_ALL = ("Daesh", "Peshmerga")


# =============================================================================================
# Playing a card [5.1-5.5 of provenance/cards.md]
# =============================================================================================

PlayStage = Literal["announce", "opponent", "targets", "cancel", "effects", "finish"]


@dataclass(slots=True)
class PlayCard(Step):
    """``seat`` plays ``card`` for its effect (an Event, or an Asset's Events-segment use), or
    a Special Joker (``special``: ``card`` is then the Joker's index)."""

    name = "play_card"
    rule = R_EVENTS
    seat: Seat
    card: int
    special: bool = False
    stage: PlayStage = "announce"
    effect: int = 0
    opponent: SeatOrNone = ""
    targets: list[list[Space]] = field(default_factory=list)
    cancelled: bool = False

    # -- what the card is ------------------------------------------------------------------------

    def effects(self, st: FitnaState) -> tuple[Any, ...]:
        t = st.tables
        return t.joker_effects[self.card] if self.special else t.card_effects[self.card]

    def label(self, st: FitnaState) -> str:
        t = st.tables
        return t.joker_name[self.card] if self.special else t.card_name[self.card]

    def nation(self, st: FitnaState) -> int:
        """[21.0] The nationality that strikes: the Joker's, Russia for the Russian cards, else
        the player's first force (a reading, provenance/cards.md 5.4)."""
        t = st.tables
        if self.special:
            return t.joker_force[self.card]
        russia = t.force_index["russia"]
        if russia in t.card_usable_by[self.card] and st.data.force_side[russia] == t.seat_index[self.seat]:
            return russia
        return seat_nation(st, t.seat_index[self.seat])

    def origins(self, st: FitnaState) -> list[int]:
        """Where a strike's reach is counted from: the player's units (the Joker's force's)."""
        t = st.tables
        side = t.seat_index[self.seat]
        units = units_of(st, side)
        if self.special:
            units = [u for u in units if t.unit_force[u] == t.joker_force[self.card]]
        return sorted({st.data.units[u].at for u in units})

    def _targeted(self, st: FitnaState, i: int) -> bool:
        """Whether effect ``i`` picks its spaces before the cancellation window (a strike
        after a reveal picks among the revealed stacks, afterwards; a handler that strikes,
        ``picks_spaces``, before it like a strike)."""
        effects = self.effects(st)
        e = effects[i]
        if isinstance(e, RevealStack):
            return True
        if isinstance(e, Handler):
            return bool(getattr(handler_frame(st, e.name), "picks_spaces", False))
        return isinstance(e, Strike) and not any(isinstance(x, RevealStack) for x in effects[:i])

    def _choices(self, st: FitnaState, i: int) -> list[int]:
        t = st.tables
        e = self.effects(st)[i]
        side = t.seat_index[self.seat]
        chosen = self.targets[i]
        if isinstance(e, RevealStack):
            sides = unit_sides(st)
            spaces = [s for s, us in enumerate(stacks(st)) if us and sides[us[0]] != side]
            return [s for s in spaces if s not in chosen]
        if isinstance(e, Handler):
            cls = handler_frame(st, e.name)
            assert cls is not None
            params = dispatched_params(st, self.card, e)
            found: list[int] = cls.space_choices(st, self.seat, self.card, params)
            return [s for s in found if s not in chosen and not self._barred(st, s)]
        assert isinstance(e, Strike)
        spaces = strike_spaces(st, side, self.nation(st), e.reach, self.origins(st))
        revealed = [
            s for j in range(i) for s in self.targets[j] if isinstance(self.effects(st)[j], RevealStack)
        ]
        if revealed:
            spaces = [s for s in spaces if s in revealed]
        return [s for s in spaces if s not in chosen and not self._barred(st, s)]

    def _barred(self, st: FitnaState, s: int) -> bool:
        """[provenance/cards.md section 8 ``no_tag_against``] A restriction (Iron Dome, S-300)
        keeps cards of a tag off the spaces holding the bound player's units (Special Jokers
        are never bound)."""
        if self.special:
            return False
        t = st.tables
        tags = t.card_tags[self.card]
        bound = {e.other for e in st.data.effects if e.kind == "no_tag_against" and e.tag in tags}
        if not bound:
            return False
        sides = unit_sides(st)
        return any(sides[u] in bound for u in stacks(st)[s])

    def _wanted(self, st: FitnaState, i: int) -> int:
        e = self.effects(st)[i]
        if isinstance(e, Handler):
            cls = handler_frame(st, e.name)
            assert cls is not None
            count: int = cls.space_count(dispatched_params(st, self.card, e))
            return count
        return e.stacks if isinstance(e, RevealStack) else e.spaces

    def _steps(self, st: FitnaState, i: int) -> int:
        """The steps each space effect ``i`` strikes loses."""
        e = self.effects(st)[i]
        if isinstance(e, Handler):
            cls = handler_frame(st, e.name)
            assert cls is not None
            steps: int = cls.space_steps(dispatched_params(st, self.card, e))
            return steps
        assert isinstance(e, Strike)
        return e.steps

    def _needs_pick(self, st: FitnaState, i: int) -> bool:
        return len(self.targets[i]) < self._wanted(st, i) and bool(self._choices(st, i))

    # -- decisions ---------------------------------------------------------------------------------

    def seats(self, st: FitnaState) -> tuple[str, ...]:
        if self.stage == "opponent" and len(self._others(st)) > 1:
            return (self.seat,)
        if self.stage == "targets":
            i = self._next_target(st)
            return (self.seat,) if i >= 0 and self._needs_pick(st, i) else ()
        if self.stage == "effects" and not self.cancelled and self.effect < len(self.effects(st)):
            e = self.effects(st)[self.effect]
            if (
                isinstance(e, Strike)
                and not self._targeted(st, self.effect)
                and self._needs_pick(st, self.effect)
            ):
                return (self.seat,)
        return ()

    def _others(self, st: FitnaState) -> list[str]:
        return [s for s in st.tables.initiative if s != self.seat]

    def _next_target(self, st: FitnaState) -> int:
        for i in range(len(self.effects(st))):
            if self._targeted(st, i) and self._needs_pick(st, i):
                return i
        return -1

    def prompt(self, st: FitnaState, seat: str) -> tuple[str, str]:
        label = self.label(st)
        if self.stage == "opponent":
            return (f"{label}: name the opponent it is played against.", R_EVENTS)
        i = self._next_target(st) if self.stage == "targets" else self.effect
        e = self.effects(st)[i]
        if isinstance(e, RevealStack):
            return (
                f"{label}: choose an enemy stack to reveal ({len(self.targets[i])} of {e.stacks} chosen).",
                R_FOG,
            )
        steps = self._steps(st, i)
        return (
            f"{label}: choose a space to strike, each losing {steps} step{'s' if steps > 1 else ''} "
            f"({len(self.targets[i])} of {self._wanted(st, i)} chosen; the caveats of 21.0 apply).",
            R_SPECIAL if self.special else R_EVENTS,
        )

    def legal(self, st: FitnaState, seat: str) -> list[Action]:
        t = st.tables
        if self.stage == "opponent":
            return [t.action("name", s) for s in self._others(st)]
        i = self._next_target(st) if self.stage == "targets" else self.effect
        verb = "reveal" if isinstance(self.effects(st)[i], RevealStack) else "strike"
        return [
            t.action(verb, t.space_name[s])
            for s in sorted(self._choices(st, i), key=lambda x: t.space_name[x])
        ]

    def act(self, st: FitnaState, seat: str, action: Action) -> None:
        t = st.tables
        if action.verb == "name":
            self.opponent = action.args[0]
            self.stage = "targets"
            st.emit(f"{self.label(st)} is played against {self.opponent}.", R_EVENTS)
            return
        i = self._next_target(st) if self.stage == "targets" else self.effect
        s = t.space_by_name[action.args[0]]
        self.targets[i].append(s)
        what = "to reveal" if action.verb == "reveal" else "to strike"
        st.emit(f"{self.label(st)}: {seat} chooses {sname(st, s)} {what}.", R_EVENTS, refs=refs_space(st, s))

    # -- the automatic stages ------------------------------------------------------------------------

    def run(self, st: FitnaState) -> None:
        t = st.tables
        if self.stage == "announce":
            self.targets = [[] for _ in self.effects(st)]
            if self.special:
                st.data.special[self.seat].remove(self.card)
                st.emit(f"{self.seat} plays its Special Joker {self.label(st)}.", R_SPECIAL)
            else:
                take_from_hand(st, self.seat, self.card)
                st.data.in_play.append(self.card)
                kind = "Asset" if t.card_asset[self.card] else "Event"
                st.emit(
                    f"{self.seat} plays {t.card_label[self.card]} ({kind}) for its effect.",
                    R_EVENTS,
                    refs=(("card", self.label(st)),),
                )
            st.mark_reveal()
            needs = any(
                isinstance(e, OpponentLosesCards)
                or (isinstance(e, Handler) and names_opponent(st, self.card, e))
                for e in self.effects(st)
            )
            self.stage = "opponent" if needs else "targets"
            if needs and len(self._others(st)) == 1:
                self.opponent = self._others(st)[0]
                self.stage = "targets"
        elif self.stage == "opponent":
            self.stage = "targets"
        elif self.stage == "targets":
            self.stage = "cancel"
        elif self.stage == "cancel":
            self.stage = "effects"
            self._open_window(st)
        elif self.stage == "effects":
            if self.cancelled or self.effect >= len(self.effects(st)):
                self.stage = "finish"
                return
            i = self.effect
            self.effect += 1
            self._carry_out(st, i)
        else:
            self._finish(st)

    def _open_window(self, st: FitnaState) -> None:
        """[5.3] Who may cancel: for Daesh and Peshmerga cards anyone else (25.5, 26.5);
        otherwise the players the card is played against (units struck or revealed, the
        opponent named). Each is asked, whatever his hand (it stays secret)."""
        if self.special or not could_be_cancelled(st, self.card):
            return
        t = st.tables
        others = self._others(st)
        if t.card_name[self.card] in OPEN_TO_ALL:
            order = others
        else:
            hit = {self.opponent} if self.opponent else set()
            for spaces in self.targets:
                for s in spaces:
                    hit.add(owner_seat(st, s))
            order = [s for s in others if s in hit]
        if order:
            st.push(CancelWindow(order=order, target=self.card, target_seat=self.seat))

    def _carry_out(self, st: FitnaState, i: int) -> None:
        t = st.tables
        e = self.effects(st)[i]
        label = self.label(st)
        rule = R_SPECIAL if self.special else R_EVENTS
        if isinstance(e, ColumnShift | Cancel):
            return  # [19.0] an Asset played in the Events segment has only its event use
        if isinstance(e, Strike):
            nation = self.nation(st)
            for s in reversed(self.targets[i]):
                units = list(stacks(st)[s])
                if not units:
                    continue
                owner = owner_seat(st, s)
                on_fight(st, {nation}, {t.unit_force[u] for u in units}, s, True)
                st.push(
                    Losses(
                        seat=owner,
                        units=units,
                        steps=e.steps,
                        space=s,
                        why=f"{label} strikes {sname(st, s)}",
                        cite=rule,
                        witnesses=strike_witnesses(st, s, owner, self.seat),
                    )
                )
        elif isinstance(e, Reinforcements):
            st.push(Reinforce(seat=self.seat, draw=True))
        elif isinstance(e, EntrenchEffect):
            st.push(Entrench(seat=self.seat, count=e.count))
        elif isinstance(e, TensionChange):
            change_tension(st, e.change, label)
        elif isinstance(e, DrawEffect):
            st.push(DrawCards(seat=self.seat, count=e.count, why=label, cite=rule))
        elif isinstance(e, OpponentLosesCards):
            if self.opponent:
                st.push(
                    LoseCards(
                        seat=self.seat, opponent=self.opponent, count=e.count, random=e.random, take=e.take
                    )
                )
        elif isinstance(e, ExtraOps):
            st.data.bonus_ops += e.amount
            st.emit(f"{self.seat} gains {e.amount} OPs for this phase's Planning.", rule)
        elif isinstance(e, RevealStack):
            side = t.seat_index[self.seat]
            for s in self.targets[i]:
                st.data.known[s] |= 1 << side
                units = stacks(st)[s]
                shown = ", ".join(_face(st, u) for u in units) or "nothing left"
                st.emit(f"{label} reveals {sname(st, s)}: {shown}.", R_FOG, to=(self.seat,))
            st.mark_reveal((self.seat,))
        elif isinstance(e, Handler):
            extra: dict[str, Any] = {}
            if names_opponent(st, self.card, e):
                extra["opponent"] = self.opponent
            if self._targeted(st, i):
                extra["spaces"] = list(self.targets[i])
            st.push_named(f"handler_{e.name}", seat=self.seat, card=self.card, effect=i, **extra)

    def _finish(self, st: FitnaState) -> None:
        t = st.tables
        d = st.data
        st.remove(self)
        if self.special:
            if t.joker_id[self.card] == "russia":
                d.special_aside.append(self.card)  # [22.1, 28.0] it may come back at tension 10
            push_levels(st)
            return
        d.in_play.remove(self.card)
        if self.cancelled:
            discard_card(st, self.card)
        else:
            d.played.append(self.card)
            if t.card_removed[self.card] and not t.card_asset[self.card]:
                d.removed.append(self.card)
                st.emit(f"{t.card_label[self.card]} leaves the game.", R_EVENTS)
            else:
                discard_card(st, self.card)
        push_levels(st)


def _face(st: FitnaState, u: int) -> str:
    """A unit shown face up: its name and values (an IS counter's too)."""
    t = st.tables
    rec = st.data.units[u]
    a, d, m = t.unit_values(u, rec.reduced)
    side = " (reduced)" if rec.reduced else ""
    name = "IS decoy" if t.unit_decoy[u] else uname(st, u)
    return f"{name} {a}-{d}-{m}{side}"


# =============================================================================================
# Cancelling [5.3 of provenance/cards.md, 25.5, 26.5]
# =============================================================================================


@dataclass(slots=True)
class CancelWindow(Step):
    """The seats in ``order`` may each cancel ``target`` (played by ``target_seat``). A cancel
    card played opens a window of its own for the player it is played against; the chain
    resolves last played, first resolved. The first cancel that stands ends the window."""

    name = "cancel_window"
    rule = R_EVENTS
    order: list[Seat]
    target: Card
    target_seat: Seat
    at: int = 0
    played: Card | None = None
    played_by: SeatOrNone = ""
    answer: Literal["", "cancelled", "stands"] = ""
    outcome: Literal["open", "cancelled", "stands"] = "open"

    def seats(self, st: FitnaState) -> tuple[str, ...]:
        if self.outcome != "open" or self.played is not None or self.at >= len(self.order):
            return ()
        return (self.order[self.at],)

    def prompt(self, st: FitnaState, seat: str) -> tuple[str, str]:
        return (f"{self.target_seat} plays {cname(st, self.target)}: cancel it, or pass.", R_EVENTS)

    def legal(self, st: FitnaState, seat: str) -> list[Action]:
        t = st.tables
        return [A_PASS, *(t.action("cancel", cname(st, c)) for c in reactions(st, seat, self.target))]

    def act(self, st: FitnaState, seat: str, action: Action) -> None:
        if action == A_PASS:
            self.at += 1
            return
        t = st.tables
        card = next(c for c in reactions(st, seat, self.target) if t.card_name[c] == action.args[0])
        take_from_hand(st, seat, card)
        st.data.in_play.append(card)
        self.played, self.played_by = card, seat
        st.emit(f"{seat} plays {t.card_label[card]} to cancel {cname(st, self.target)}.", R_EVENTS)
        st.mark_reveal()
        if could_be_cancelled(st, card):
            st.push(CancelWindow(order=[self.target_seat], target=card, target_seat=seat))

    def run(self, st: FitnaState) -> None:
        if self.played is not None:
            card, seat = self.played, self.played_by
            self.played, self.played_by = None, ""
            st.data.in_play.remove(card)
            discard_card(st, card)
            if self.answer == "cancelled":
                self.answer = ""
                self.at += 1
                return
            self.answer = ""
            self.outcome = "cancelled"
            after_cancel(st, card, seat, self.target_seat)
            return
        st.remove(self)
        parent = st.stack[-1] if st.stack else None
        cancelled = self.outcome == "cancelled"
        if isinstance(parent, CancelWindow):
            parent.answer = "cancelled" if cancelled else "stands"
        elif isinstance(parent, PlayCard) and cancelled:
            parent.cancelled = True
            st.emit(f"{cname(st, self.target)} is cancelled: it has no effect.", R_EVENTS)


def after_cancel(st: FitnaState, card: int, seat: str, target_seat: str) -> None:
    """[7 of provenance/cards.md] What follows a cancellation that stands."""
    eff = cancel_effect(st, card)
    then = eff.then if eff else ""
    d = st.data
    t = st.tables
    i = t.seat_index[seat]
    if then == "no_daesh_this_turn":
        d.effects.append(ActiveEffect(kind="no_daesh", card=card, seat=i, until_turn=d.turn))
        st.emit("No Daesh card may be played as an event until the end of the turn.", "25.5")
    elif then == "no_peshmerga_until_next_turn":
        d.effects.append(ActiveEffect(kind="no_peshmerga", card=card, seat=i, until_turn=d.turn))
        st.emit("No Peshmerga card may be played as an event until the next turn.", "26.5")
    elif then == "hackers_strike_back":
        st.push(LoseCards(seat=seat, opponent=target_seat, count=1, random=True, take=False))
    for e in t.card_effects[card]:
        if isinstance(e, Handler):
            st.push_named(f"handler_{e.name}", seat=seat, card=card, effect=t.card_effects[card].index(e))


# =============================================================================================
# The other effects [5.4 of provenance/cards.md]
# =============================================================================================


@dataclass(slots=True)
class LoseCards(Step):
    """``opponent`` loses ``count`` cards: drawn blind, or chosen by ``seat`` after seeing the
    hand; ``take``: they go to ``seat``'s hand, else to their discard piles."""

    name = "lose_cards"
    rule = R_EVENTS
    seat: Seat
    opponent: Seat
    count: int
    random: bool = True
    take: bool = False
    shown: bool = False

    def seats(self, st: FitnaState) -> tuple[str, ...]:
        if self.random or self.count <= 0 or not st.data.hands[self.opponent] or not self.shown:
            return ()
        return (self.seat,)

    def prompt(self, st: FitnaState, seat: str) -> tuple[str, str]:
        return (f"Choose a card {self.opponent} loses ({self.count} to take).", R_EVENTS)

    def legal(self, st: FitnaState, seat: str) -> list[Action]:
        t = st.tables
        seen: dict[str, Action] = {}
        for c in st.data.hands[self.opponent]:
            seen.setdefault(t.card_name[c], t.action("take", t.card_name[c]))
        return list(seen.values())

    def act(self, st: FitnaState, seat: str, action: Action) -> None:
        t = st.tables
        hand = st.data.hands[self.opponent]
        card = next(c for c in hand if t.card_name[c] == action.args[0])
        self._lose(st, card)

    def run(self, st: FitnaState) -> None:
        hand = st.data.hands[self.opponent]
        if self.count <= 0 or not hand:
            st.remove(self)
            return
        if not self.random and not self.shown:
            self.shown = True
            shown = ", ".join(cname(st, c) for c in hand)
            st.emit(f"{possessive(self.opponent)} hand: {shown}.", R_EVENTS, to=(self.seat,))
            st.mark_reveal((self.seat,))
            return
        self._lose(st, hand[st.rng.randbelow(len(hand))])

    def _lose(self, st: FitnaState, card: int) -> None:
        take_from_hand(st, self.opponent, card)
        self.count -= 1
        if self.take:
            st.data.hands[self.seat].append(card)
            st.emit(f"{self.seat} takes a card from {possessive(self.opponent)} hand.", R_EVENTS)
        else:
            discard_card(st, card, [self.seat, self.opponent])  # [30.0] only the two see it
            st.emit(f"{self.opponent} loses a card.", R_EVENTS)
        st.emit(
            f"The card is {cname(st, card)}.",
            R_EVENTS,
            to=sorted({self.seat, self.opponent}),
            refs=(("card", cname(st, card)),),
        )
        st.mark_reveal((self.seat, self.opponent))


def entrench_spaces(st: FitnaState, seat: str) -> list[int]:
    """[19.0] "Two supplied and controlled spaces of his choice" without an entrenchment: a
    space the seat holds where one of its units stands in supply, or from which a unit of one
    of its forces on the map would trace supply (each force by its own sources, 14.2-14.10;
    one counter of each force stands for it)."""
    t = st.tables
    d = st.data
    side = t.seat_index[seat]
    mine = units_of(st, side)
    supplied = {d.units[u].at for u in mine if not d.units[u].isolated}
    one_of_each: dict[int, int] = {}
    for u in mine:
        one_of_each.setdefault(t.unit_force[u], u)
    out = []
    for s in range(t.n_spaces):
        if d.control[s] != side or d.entrenched[s] or s in t.out_of_play:
            continue
        if s in supplied or any(traces_supply(st, u, s, side) for u in one_of_each.values()):
            out.append(s)
    return out


@dataclass(slots=True)
class Entrench(Step):
    """[19.0] Place ``count`` entrenchments on supplied spaces the seat controls, one a space."""

    name = "entrench"
    rule = R_ENTRENCH
    seat: Seat
    count: int

    def seats(self, st: FitnaState) -> tuple[str, ...]:
        left = st.tables.entrenchments - sum(st.data.entrenched)
        return (self.seat,) if self.count > 0 and left > 0 and entrench_spaces(st, self.seat) else ()

    def prompt(self, st: FitnaState, seat: str) -> tuple[str, str]:
        return (f"Place an entrenchment ({self.count} to place) on a supplied space you control.", R_ENTRENCH)

    def legal(self, st: FitnaState, seat: str) -> list[Action]:
        t = st.tables
        spaces = sorted(entrench_spaces(st, seat), key=lambda x: t.space_name[x])
        return [t.action("entrench", t.space_name[s]) for s in spaces]

    def act(self, st: FitnaState, seat: str, action: Action) -> None:
        s = st.tables.space_by_name[action.args[0]]
        st.data.entrenched[s] = True
        self.count -= 1
        st.emit(f"{seat} entrenches on {sname(st, s)}.", R_ENTRENCH, refs=refs_space(st, s))


# =============================================================================================
# Reinforcements and replacements [15.0]
# =============================================================================================


def my_eliminated(st: FitnaState, seat: str) -> list[int]:
    t = st.tables
    side = t.seat_index[seat]
    box = t.n_spaces + ELIMINATED
    fs = st.data.force_side
    return [
        u
        for u, r in enumerate(st.data.units)
        if r.at == box and fs[t.unit_force[u]] == side and not t.unit_is[u]
    ]


def restorable(st: FitnaState, seat: str) -> list[int]:
    """[15.0, 14.1] Reduced units of the seat on the map, in supply (isolated units take no
    replacements)."""
    d = st.data
    side = st.tables.seat_index[seat]
    return [
        u
        for u in units_of(st, side)
        if d.units[u].reduced and not d.units[u].isolated and traces_supply(st, u)
    ]


def batch_refusal(st: FitnaState, seat: str, free: bool) -> str | None:
    d = st.data
    if not d.batches[seat]:
        return "no batch of reinforcements is left"
    if free:
        return None
    if d.batch_turn[seat] == d.turn:
        return "one batch of reinforcements a turn (15.0)"
    i = st.tables.seat_index[seat]
    if any(e.kind == "no_batch" and e.other == i for e in d.effects):
        return "a restriction forbids you a batch this turn"
    return None


@dataclass(slots=True)
class Reinforce(Step):
    """[15.0] A Reinforcements card (``draw``: first a card from the pile of one's choice),
    or a free batch at tension 6 or 10 (``free``, 22.1): the next batch of reinforcements (one
    a turn), or replacements: rebuild one destroyed unit, or restore two reduced units."""

    name = "reinforce"
    rule = R_REINFORCE
    seat: Seat
    draw: bool = False
    free: bool = False
    stage: Literal["draw", "choose", "replace"] = "draw"
    restored: int = 0

    def seats(self, st: FitnaState) -> tuple[str, ...]:
        if self.stage == "draw":
            return ()
        return (self.seat,) if self.legal(st, self.seat) else ()

    def prompt(self, st: FitnaState, seat: str) -> tuple[str, str]:
        if self.stage == "replace":
            return (
                "Replacements: rebuild one destroyed unit, or restore up to two reduced units in "
                f"supply ({self.restored} restored).",
                R_REINFORCE,
            )
        left = len(st.data.batches[seat])
        return (f"Reinforcements: take your next batch ({left} left) or replacements?", R_REINFORCE)

    def legal(self, st: FitnaState, seat: str) -> list[Action]:
        t = st.tables
        side = t.seat_index[seat]
        if self.stage == "choose":
            out = []
            if batch_refusal(st, seat, self.free) is None:
                out.append(t.action("batch"))
            if self.restored == 0 and (
                restorable(st, seat) or any(arrival_spaces(st, u, side) for u in my_eliminated(st, seat))
            ):
                out.append(t.action("replacements"))
            return out
        out = []
        if self.restored == 0:
            for u in my_eliminated(st, seat):
                if arrival_spaces(st, u, side):
                    out.append(t.action("rebuild", uname(st, u)))
        if self.restored < 2:
            for u in restorable(st, seat):
                out.append(t.action("restore", uname(st, u)))
        if self.restored > 0:
            out.append(A_DONE)
        return out

    def act(self, st: FitnaState, seat: str, action: Action) -> None:
        t = st.tables
        d = st.data
        verb = action.verb
        if verb == "batch":
            st.remove(self)
            batch = d.batches[seat].pop(0)
            if not self.free:
                d.batch_turn[seat] = d.turn
            st.emit(f"{seat} takes a batch of reinforcements: {names(st, batch)}.", R_REINFORCE)
            st.push(PlaceUnits(seat=seat, units=batch))
        elif verb == "replacements":
            self.stage = "replace"
        elif verb == "rebuild":
            st.remove(self)
            u = t.unit_by_label[action.args[0]]
            st.emit(f"{seat} rebuilds {uname(st, u)}.", R_REINFORCE)
            st.push(PlaceUnits(seat=seat, units=[u], rebuild=True))
        elif verb == "restore":
            u = t.unit_by_label[action.args[0]]
            restore(st, u)
            self.restored += 1
            at = d.units[u].at
            st.emit(f"{seat} restores a unit on {sname(st, at)} to full strength.", R_REINFORCE)
            st.emit(f"{uname(st, u)} is back to full strength.", R_REINFORCE, to=(seat,))
            if self.restored >= 2:
                st.remove(self)
        else:  # done
            st.remove(self)

    def run(self, st: FitnaState) -> None:
        if self.stage == "draw":
            self.stage = "choose"
            if self.draw:
                st.push(DrawCards(seat=self.seat, count=1, why="Reinforcements", cite=R_REINFORCE))
            return
        if self.stage == "choose":
            st.emit(f"{self.seat} has no reinforcements or replacements to take.", R_REINFORCE)
        st.remove(self)


@dataclass(slots=True)
class PlaceUnits(Step):
    """[15.0] Place arriving units one by one, each where its force may arrive; a unit with no
    such space stays in the Force Pool (with the next batch) or among the destroyed units."""

    name = "place_units"
    rule = R_REINFORCE
    seat: Seat
    units: list[UnitId]
    rebuild: bool = False

    def seats(self, st: FitnaState) -> tuple[str, ...]:
        if not self.units:
            return ()
        return (self.seat,) if self._spaces(st) else ()

    def _spaces(self, st: FitnaState) -> list[int]:
        return arrival_spaces(st, self.units[0], st.tables.seat_index[self.seat])

    def prompt(self, st: FitnaState, seat: str) -> tuple[str, str]:
        return (f"Place {uname(st, self.units[0])}: choose where it arrives.", R_REINFORCE)

    def why_illegal(self, st: FitnaState, seat: str, action: Action) -> str:
        if action.verb == "place" and self.units:
            return f"{action.text!r} is refused: {arrival_words(st, self.units[0])}."
        return Step.why_illegal(self, st, seat, action)

    def legal(self, st: FitnaState, seat: str) -> list[Action]:
        t = st.tables
        return [
            t.action("place", t.space_name[s])
            for s in sorted(self._spaces(st), key=lambda x: t.space_name[x])
        ]

    def act(self, st: FitnaState, seat: str, action: Action) -> None:
        t = st.tables
        u = self.units.pop(0)
        s = t.space_by_name[action.args[0]]
        side = t.seat_index[seat]
        place(st, u, s, everyone(st))  # [30.0] named to all, at full strength
        st.set_unit(u, reduced=False, isolated=False)
        if st.data.control[s] != side:
            set_control(st, s, side, [t.unit_force[u]])
        st.emit(f"{seat} places {uname(st, u)} on {sname(st, s)}.", R_REINFORCE, refs=refs_space(st, s))

    def run(self, st: FitnaState) -> None:
        if not self.units:
            st.remove(self)
            return
        u = self.units.pop(0)
        d = st.data
        if self.rebuild:
            st.emit(f"{uname(st, u)} finds no space to arrive on and stays destroyed.", R_REINFORCE)
            return
        place(st, u, st.tables.n_spaces + POOL)
        if d.batches[self.seat]:
            d.batches[self.seat][0].insert(0, u)
        else:
            d.batches[self.seat].append([u])
        st.emit(f"{uname(st, u)} finds no space to arrive on and waits in the Force Pool.", R_REINFORCE)


FRAMES: tuple[type[Frame[Any]], ...] = (PlayCard, CancelWindow, LoseCards, Entrench, Reinforce, PlaceUnits)
