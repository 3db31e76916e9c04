"""What several parts of the sequence of play share: the refusals of its decisions (and of
actions that would break a deal), units on the map, drawing and gaining Arms Bazaar cards (and
the hand limit), gaining PP (and the InfoWar chance after it), and the card window in which
every holder of a card answers at once. The change from one phase to the next is the core's
(``State.next_phase``, following ``BaghdadGame.sequence``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

from consim.core.action import Action
from consim.core.flow import Decision, Frame, SecretChoice
from consim.games.baghdad.content import ArmsBazaarCard, Effect, GainSource
from consim.games.baghdad.rules import (
    PROMISE_TEXT,
    R_BAZAAR,
    R_CARDS,
    R_COMBAT,
    R_DEAL,
    R_HAND,
    R_POST,
    R_RESOLVE,
    R_STREET,
)
from consim.games.baghdad.state import BaghdadState, Card, Promise, Seat

# =============================================================================================
# Decisions and phases
# =============================================================================================


def refusal(frame: Decision[BaghdadState], st: BaghdadState, seat: str, action: Action) -> str:
    """Why an action is refused here: the question, its rule, and the verbs allowed."""
    text, rule = frame.prompt(st, seat)
    verbs = sorted({a.verb for a in st.legal_actions(seat)})
    return (
        f"{action.text!r} is not allowed now [{rule}]: {text} "
        f"Allowed here: {', '.join(verbs)} (see the numbered choices)."
    )


def promise_words(p: Promise) -> str:
    """What a promise binds its maker to, in words."""
    return f"{p.sender} {PROMISE_TEXT[p.kind].format(to=' and '.join(p.to))}"


def promise_refusal(p: Promise, action: Action) -> str:
    """[Coalition Phase] the refusal of an action that would break a deal: it cites the deal."""
    return (
        f"{action.text!r} would break a deal [{R_DEAL}]: in the Coalition Phase of turn "
        f"{p.turn}, {promise_words(p)}."
    )


class BaghdadDecision(Decision[BaghdadState]):
    """A decision of this game: refusals name the rule and what is allowed, and an action
    refused because it would break a deal cites the deal."""

    __slots__ = ()

    def breaks(self, st: BaghdadState, seat: str, action: Action) -> Promise | None:
        """[Coalition Phase] the promise ``action`` would break here, if the rules allow it
        otherwise (the decisions a promise can restrict say so)."""
        return None

    def why_illegal(self, st: BaghdadState, seat: str, action: Action) -> str:
        p = self.breaks(st, seat, action) if st.data.promises else None
        if p is not None:
            return promise_refusal(p, action)
        return refusal(self, st, seat, action)


F = TypeVar("F", bound=Frame[Any])


def find(st: BaghdadState, cls: type[F]) -> F | None:
    """The topmost frame of class ``cls`` on the stack."""
    for frame in reversed(st.stack):
        if isinstance(frame, cls):
            return frame
    return None


# =============================================================================================
# Units, cards and PP
# =============================================================================================


def add_units(st: BaghdadState, f: str, z: int, sec: int = 0, inf: int = 0) -> None:
    """Place (or, with negative numbers, remove) counters of ``f`` in zone ``z``."""
    d = st.data
    if sec:
        d.sec[f][z] += sec
    if inf:
        d.inf[f][z] += inf


def force_text(st: BaghdadState, f: str) -> str:
    """``f``'s units on the map, zone by zone, for the log."""
    t = st.tables
    d = st.data
    sec, inf = d.sec[f], d.inf[f]
    parts = [f"{t.zone_name[z]} {sec[z]}S/{inf[z]}I" for z in range(len(sec)) if sec[z] or inf[z]]
    return ", ".join(parts) or "none"


def names(st: BaghdadState, cards: list[int]) -> str:
    """Card names for log lines, in the given order."""
    card_name = st.tables.card_name
    return ", ".join(card_name[c] for c in cards) or "nothing"


def hand_names(st: BaghdadState, f: str) -> list[str]:
    """The distinct names of the cards in ``f``'s hand, sorted."""
    card_name = st.tables.card_name
    return sorted({card_name[c] for c in st.data.hands[f]})


def names_with_timing(st: BaghdadState, f: str, timing: str) -> list[str]:
    """The distinct names of ``f``'s cards played at ``timing``, sorted."""
    card_of = st.tables.card_of
    return sorted({card_of[c].name for c in st.data.hands[f] if card_of[c].timing == timing})


def card_in_hand(st: BaghdadState, f: str, name: str) -> int:
    """The first card called ``name`` in ``f``'s hand (a legal action names one held)."""
    card_name = st.tables.card_name
    for c in st.data.hands[f]:
        if card_name[c] == name:
            return c
    raise KeyError(f"{f} holds no {name!r}")  # pragma: no cover - legal actions name held cards


def draw_card(st: BaghdadState) -> int | None:
    """[Arms Bazaar Phase] the top card; an empty deck is rebuilt from the discards (NOTES 19)."""
    d = st.data
    if not d.deck:
        if not d.discard:
            return None
        d.deck, d.discard = d.discard, []
        st.rng.shuffle(d.deck)
        st.emit(f"The Arms Bazaar deck is rebuilt from {len(d.deck)} discarded cards.", R_BAZAAR)
    return d.deck.pop()


def discard_from_hand(st: BaghdadState, f: str, card: int) -> None:
    st.data.hands[f].remove(card)
    st.data.discard.append(card)


def gain_cards(st: BaghdadState, f: str, cards: list[int]) -> None:
    """[Arms Bazaar Cards] add cards to a hand; over the limit its owner discards down (NOTES:
    the new card may itself be discarded)."""
    hand = st.data.hands[f]
    hand.extend(cards)
    over = len(hand) - st.tables.faction[f].max_hand
    if over > 0:
        st.push(Discard(seat=f, n=over))


def pay(st: BaghdadState, f: str, amount: int) -> int:
    """``f`` pays ``amount`` PP to the bank, or all it has if less; returns what was paid."""
    pp = st.data.pp
    paid = min(amount, pp[f])
    pp[f] -= paid
    return paid


def offer_infowar(st: BaghdadState, f: str, source: GainSource, amount: int, why: str) -> None:
    """[InfoWar] after a gain, its gainer may play InfoWar for as much again (NOTES 11): asked
    whenever it holds any card, so the question reveals nothing."""
    if st.data.hands[f]:
        st.push(InfoWar(seat=f, source=source, amount=amount, why=why))


def gain(st: BaghdadState, f: str, amount: int, source: GainSource, rule: str, why: str) -> None:
    """Take PP from the bank (one gain, for InfoWar)."""
    if amount <= 0:
        return
    st.data.pp[f] += amount
    st.emit(f"{f} gains {amount} PP ({why}).", rule)
    offer_infowar(st, f, source, amount, why)


# =============================================================================================
# Interruptions: InfoWar, the hand limit, card windows
# =============================================================================================


@dataclass(slots=True)
class InfoWar(BaghdadDecision):
    """[Arms Bazaar Cards: InfoWar] after a gain, play InfoWar to take as much again from the
    bank; a second InfoWar doubles the new total (designer Q&A: 17 -> 34 -> 68)."""

    name = "infowar"
    rule = R_CARDS
    seat: Seat
    source: GainSource
    amount: int
    why: str

    def seats(self, st: BaghdadState) -> tuple[str, ...]:
        return (self.seat,)

    def prompt(self, st: BaghdadState, seat: str) -> tuple[str, str]:
        text = (
            f"You gained {self.amount} PP ({self.why}). Play InfoWar to take as much again from "
            "the bank, or pass."
        )
        if not names_with_timing(st, seat, "after_gain"):
            text += " Not possible now: you hold no InfoWar."
        return text, R_CARDS

    def legal(self, st: BaghdadState, seat: str) -> list[Action]:
        t = st.tables
        a_play = t.a_play
        return [t.a_pass, *map(a_play.__getitem__, names_with_timing(st, seat, "after_gain"))]

    def act(self, st: BaghdadState, seat: str, action: Action) -> None:
        if action[0] == "pass":
            st.remove(self)
            return
        discard_from_hand(st, seat, card_in_hand(st, seat, action[1][0]))
        bonus = self.amount  # [InfoWar] the same again from the bank; a second one doubles that
        st.data.pp[seat] += bonus
        self.amount += bonus
        st.emit(f"{seat} plays InfoWar on its {self.why} gain: +{bonus} PP from the bank.", R_CARDS)
        st.mark_reveal()
        if not st.data.hands[seat]:
            st.remove(self)


@dataclass(slots=True)
class Discard(BaghdadDecision):
    """[Arms Bazaar Cards] a hand over its limit discards down."""

    name = "discard"
    rule = R_HAND
    seat: Seat
    n: int

    def seats(self, st: BaghdadState) -> tuple[str, ...]:
        return (self.seat,)

    def prompt(self, st: BaghdadState, seat: str) -> tuple[str, str]:
        return (f"Your hand is over its limit: discard {self.n} card(s).", R_HAND)

    def legal(self, st: BaghdadState, seat: str) -> list[Action]:
        a_discard = st.tables.a_discard
        return [a_discard[n] for n in hand_names(st, seat)]

    def act(self, st: BaghdadState, seat: str, action: Action) -> None:
        discard_from_hand(st, seat, card_in_hand(st, seat, action[1][0]))
        self.n -= 1
        st.emit(f"{seat} discards a card to keep within its hand limit.", R_HAND)
        st.emit(f"You discard {action[1][0]}.", R_HAND, (seat,))
        if self.n <= 0:
            st.remove(self)


WindowTiming = Literal["arab_street", "combat_phase", "combat_reveal", "after_combat"]

WINDOW_RULE: dict[str, str] = {
    "arab_street": R_STREET,
    "combat_phase": R_COMBAT,
    "combat_reveal": R_RESOLVE,
    "after_combat": R_POST,
}
_WINDOW_PROMPT = {
    "arab_street": "An Arab Street card was resolved: play a card that stops further draws, or pass.",
    "combat_phase": "The Combat Phase begins: play a card that prevents a battle, or pass.",
    "combat_reveal": "The plans are revealed: play a card against the enemy's plan, or pass.",
    "after_combat": "The battle is decided: play a post-combat card, or pass.",
}


@dataclass(slots=True)
class CardWindow(SecretChoice[BaghdadState]):
    """A moment outside one's own Action Phase when cards of one timing may be played (NOTES:
    Card windows). Every seat in ``among`` (every eligible seat holding any card, so that the
    question reveals nothing) answers at once, face down; the plays are revealed together and
    take effect in the order they were made."""

    timing: WindowTiming = "arab_street"
    #: the cards played face down so far, with who played them
    plays: list[tuple[Seat, Card]] = field(default_factory=list)

    def prompt(self, st: BaghdadState, seat: str) -> tuple[str, str]:
        text = _WINDOW_PROMPT[self.timing]
        if len(self.options(st, seat)) == 1:
            text += " Not possible now: you hold no card that can be played at this moment."
        return text, WINDOW_RULE[self.timing]

    def playable(self, st: BaghdadState, seat: str, card: ArmsBazaarCard) -> bool:
        """Whether ``seat`` may play ``card`` here (besides its timing)."""
        return True

    def options(self, st: BaghdadState, seat: str) -> list[Action]:
        t = st.tables
        card_of = t.card_of
        timing = self.timing
        names = sorted(
            {
                card_of[c].name
                for c in st.data.hands[seat]
                if card_of[c].timing == timing and self.playable(st, seat, card_of[c])
            }
        )
        a_play = t.a_play
        return [t.a_pass, *map(a_play.__getitem__, names)]

    def choose(self, st: BaghdadState, seat: str, action: Action) -> bool:
        if action[0] == "play":
            card = card_in_hand(st, seat, action[1][0])
            st.data.hands[seat].remove(card)
            self.plays.append((seat, card))
        return True

    def reopen(self, st: BaghdadState, seat: str) -> None:
        for i, (who, card) in enumerate(self.plays):
            if who == seat:
                del self.plays[i]
                st.data.hands[seat].append(card)
                return

    def reveal(self, st: BaghdadState) -> None:
        rule = WINDOW_RULE[self.timing]
        if not self.plays:
            st.emit("Nobody plays a card.", rule)
        for who, card in self.plays:
            d = st.tables.card_of[card]
            st.data.discard.append(card)
            st.emit(f"{who} plays {d.name}: {d.text}", rule)
            if d.timing == self.timing:
                for e in d.effects:
                    self.take_effect(st, who, e)
        self.closed(st)
        st.mark_reveal()

    def take_effect(self, st: BaghdadState, who: str, effect: Effect) -> None:
        """Carry out one effect of a card ``who`` played here."""

    def closed(self, st: BaghdadState) -> None:
        """After every play has taken effect."""

    def breaks(self, st: BaghdadState, seat: str, action: Action) -> Promise | None:
        """[Coalition Phase] the promise playing this card here would break, if any."""
        return None

    def why_illegal(self, st: BaghdadState, seat: str, action: Action) -> str:
        p = self.breaks(st, seat, action) if st.data.promises else None
        if p is not None:
            return promise_refusal(p, action)
        return refusal(self, st, seat, action)


FRAMES: tuple[type[Frame[Any]], ...] = (InfoWar, Discard)
