"""[Coalition Phase] deals: in rounds, each player in turn may build one offer item by item
(PP, cards, PP or cards asked in return, a Truce, promises) and send it; every recipient must
accept. "Any agreement made during this phase is considered binding until the next Coalition
Phase": the engine carries out transfers and Truces at once, and refuses until the next
Coalition Phase any action that would break a promise (``board.promised`` and the decisions
that check it; NOTES: Deals). At the end of the phase the holder of the Fortified zone and the
airports for Airmobile moves are fixed for the turn (NOTES 21)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from consim.core.action import Action
from consim.core.data import Data
from consim.core.flow import Frame
from consim.games.baghdad.board import control_map
from consim.games.baghdad.content import PROMISES, PromiseKind
from consim.games.baghdad.rules import MAX_ASK_CARDS, PROMISE_SHORT, R_COAL
from consim.games.baghdad.rules.common import (
    BaghdadDecision,
    gain_cards,
    names,
    promise_words,
)
from consim.games.baghdad.state import BaghdadState, Card, Promise, Seat


@dataclass(slots=True)
class Deal(Data):
    """An offer: built by ``sender`` (``build``), answered by each recipient in turn
    (``respond``), and, when cards were asked, fulfilled by the first recipient (``fulfil``)."""

    sender: Seat
    to: list[Seat]
    give_pp: int = 0
    give: list[Card] = field(default_factory=list)
    ask_pp: int = 0
    ask_cards: int = 0
    truce: bool = False
    promises: list[PromiseKind] = field(default_factory=list)
    stage: Literal["build", "respond", "fulfil"] = "build"
    answers: list[Seat] = field(default_factory=list)
    #: the cards the first recipient has picked to give in return
    taken: list[Card] = field(default_factory=list)

    def items(self) -> int:
        """[Coalition Phase] the items of the offer (at most ``max_deal_items``)."""
        return (
            (1 if self.give_pp else 0)
            + len(self.give)
            + (1 if self.ask_pp else 0)
            + (1 if self.ask_cards else 0)
            + (1 if self.truce else 0)
            + len(self.promises)
        )

    def text(self, st: BaghdadState) -> str:
        """The terms in full, for the parties."""
        parts = []
        if self.give_pp:
            parts.append(f"{self.sender} gives {self.give_pp} PP" + (" to each" if len(self.to) > 1 else ""))
        if self.give:
            parts.append(f"{self.sender} gives {', '.join(st.tables.card_name[c] for c in self.give)}")
        if self.ask_pp:
            parts.append(f"{self.to[0]} gives {self.ask_pp} PP")
        if self.ask_cards:
            parts.append(f"{self.to[0]} gives {self.ask_cards} card(s) of its choice")
        if self.truce:
            parts.append("a Truce for this turn's Move steps")
        for p in self.promises:
            parts.append(promise_words(Promise(sender=self.sender, to=tuple(self.to), kind=p, turn=0)))
        return "; ".join(parts) or "nothing"

    def public_text(self) -> str:
        """The terms as the other players learn them (how many cards, not which)."""
        parts = []
        if self.give_pp:
            parts.append(f"{self.give_pp} PP from {self.sender}")
        if self.give:
            parts.append(f"{len(self.give)} card(s) from {self.sender}")
        if self.ask_pp:
            parts.append(f"{self.ask_pp} PP from {self.to[0]}")
        if self.ask_cards:
            parts.append(f"{self.ask_cards} card(s) from {self.to[0]}")
        if self.truce:
            parts.append("a Truce")
        to = " and ".join(self.to)
        parts.extend(f"a promise from {self.sender} " + PROMISE_SHORT[p].format(to=to) for p in self.promises)
        return ", ".join(parts)


@dataclass(slots=True)
class Coalition(BaghdadDecision):
    """[Coalition Phase] offers go round in this turn's order, in rounds (``deal_rounds``; a
    round without an offer ends the phase)."""

    name = "coalition"
    rule = R_COAL
    round: int = 1
    #: the seat to offer, as a place in this turn's order
    pos: int = 0
    #: offers sent this round
    offers: int = 0
    deal: Deal | None = None

    def begin(self, st: BaghdadState) -> None:
        d = st.data
        # [Coalition Phase] deals bind until the next Coalition Phase: older promises lapse
        d.promises = []
        if st.tables.opts.deal_rounds == 0:
            self._end(st)
            return
        st.emit(f"Coalition Phase: offers go round in the order {', '.join(d.order)}.", R_COAL)

    # -- who, what, which ------------------------------------------------------------------

    def seats(self, st: BaghdadState) -> tuple[str, ...]:
        deal = self.deal
        if deal is None:
            return (st.data.order[self.pos],)
        if deal.stage == "build":
            return (deal.sender,)
        if deal.stage == "respond":
            return (deal.to[len(deal.answers)],)
        return (deal.to[0],)

    def prompt(self, st: BaghdadState, seat: str) -> tuple[str, str]:
        deal = self.deal
        if deal is None:
            return (
                f"Turn {st.data.turn}, Coalition round {self.round} of {st.tables.opts.deal_rounds}: make "
                "an offer to another player (PP, cards, a Truce, promises: binding until the next "
                "Coalition Phase), or pass.",
                R_COAL,
            )
        if deal.stage == "build":
            return (
                f"Your offer to {' and '.join(deal.to)}: {deal.text(st)}. Add an item (PP, cards, a "
                "Truce, a promise, another recipient), then send it, or cancel.",
                R_COAL,
            )
        if deal.stage == "respond":
            text = (
                f"{deal.sender} offers: {deal.text(st)}. Accept or decline? A deal binds until the "
                "next Coalition Phase."
            )
            pp, held = st.data.pp[seat], len(st.data.hands[seat])
            if pp < deal.ask_pp:
                text += f" You cannot accept: it asks {deal.ask_pp} PP and you hold {pp}."
            elif held < deal.ask_cards:
                text += f" You cannot accept: it asks {deal.ask_cards} card(s) and you hold {held}."
            return text, R_COAL
        left = deal.ask_cards - len(deal.taken)
        return (f"Choose {left} more card(s) to give {deal.sender}.", R_COAL)

    def legal(self, st: BaghdadState, seat: str) -> list[Action]:
        t = st.tables
        d = st.data
        deal = self.deal
        if deal is None:
            a_offer = t.a_offer
            return [t.a_pass, *[a_offer[o] for o in d.order if o != seat]]
        if deal.stage == "build":
            return self._build_options(st, seat, deal)
        if deal.stage == "respond":
            who = deal.to[len(deal.answers)]
            if d.pp[who] >= deal.ask_pp and len(d.hands[who]) >= deal.ask_cards:
                return [t.a_accept, t.a_decline]
            return [t.a_decline]
        # fulfil: the recipient picks the cards asked for
        card_name = t.card_name
        a_give = t.a_give
        return [a_give[n] for n in sorted({card_name[c] for c in d.hands[deal.to[0]]})]

    def _build_options(self, st: BaghdadState, seat: str, deal: Deal) -> list[Action]:
        t = st.tables
        d = st.data
        book = t.acts
        acts: list[Action] = []
        items = deal.items()
        single = len(deal.to) == 1
        if not deal.give and not deal.ask_pp and not deal.ask_cards and not deal.give_pp:
            a_to = t.a_to
            acts.extend([a_to[o] for o in d.order if o != seat and o not in deal.to])
        if items < t.opts.max_deal_items:
            if not deal.give_pp:
                acts.extend(book.numbers("give-pp", 1, d.pp[seat] // len(deal.to)))
            if single:
                card_name = t.card_name
                hand = d.hands[seat]
                if deal.give:  # the names of the cards not given yet
                    given = list(deal.give)
                    held = []
                    for c in hand:
                        if c in given:
                            given.remove(c)
                        else:
                            held.append(c)
                    hand = held
                a_give = t.a_give
                acts.extend([a_give[n] for n in sorted({card_name[c] for c in hand})])
                other = deal.to[0]
                if not deal.ask_pp:
                    acts.extend(book.numbers("ask-pp", 1, d.pp[other]))
                if not deal.ask_cards:
                    acts.extend(book.numbers("ask-cards", 1, min(MAX_ASK_CARDS, len(d.hands[other]))))
            if not deal.truce:
                acts.append(t.a_truce)
            a_promise = t.a_promise
            acts.extend([a_promise[p] for p in PROMISES if p not in deal.promises])
        if items:
            acts.append(t.a_send)
        acts.append(t.a_cancel)
        return acts

    # -- what each does --------------------------------------------------------------------

    def act(self, st: BaghdadState, seat: str, action: Action) -> None:
        d = st.data
        verb, args = action[0], action[1]
        deal = self.deal
        if deal is None:
            if verb == "pass":
                st.emit(f"{seat} makes no offer.", R_COAL)
                self._next_dealer(st)
            else:
                self.deal = Deal(sender=seat, to=[args[0]])
            return
        if deal.stage == "build":
            self._build(st, seat, deal, verb, args)
            return
        if deal.stage == "respond":
            if verb == "decline":
                st.emit(f"{seat} declines {deal.sender}'s offer; no deal.", R_COAL)
                self.deal = None
                self._next_dealer(st)
                return
            deal.answers.append(seat)
            st.emit(f"{seat} accepts.", R_COAL)
            if len(deal.answers) < len(deal.to):
                return
            if deal.ask_cards:
                deal.stage = "fulfil"
                return
            self._execute(st, deal)
            return
        # fulfil
        card_name = st.tables.card_name
        card = next(c for c in d.hands[seat] if card_name[c] == args[0] and c not in deal.taken)
        deal.taken.append(card)
        d.hands[seat].remove(card)
        if len(deal.taken) >= deal.ask_cards:
            self._execute(st, deal)

    def _build(self, st: BaghdadState, seat: str, deal: Deal, verb: str, args: tuple[str, ...]) -> None:
        d = st.data
        if verb == "to":
            deal.to.append(args[0])
            deal.to.sort(key=d.order.index)
        elif verb == "give-pp":
            deal.give_pp = int(args[0])
        elif verb == "give":
            card_name = st.tables.card_name
            given = list(deal.give)
            for c in d.hands[seat]:
                if card_name[c] == args[0] and c not in given:
                    deal.give.append(c)
                    break
        elif verb == "ask-pp":
            deal.ask_pp = int(args[0])
        elif verb == "ask-cards":
            deal.ask_cards = int(args[0])
        elif verb == "truce":
            deal.truce = True
        elif verb == "promise":
            deal.promises.append(PROMISES[PROMISES.index(args[0])])  # (the legal action named one)
        elif verb == "send":
            deal.stage = "respond"
            self.offers += 1
            parties = [deal.sender, *deal.to]
            st.emit(f"{seat} offers {' and '.join(deal.to)}: {deal.text(st)}.", R_COAL, parties)
            st.emit(f"{seat} makes an offer to {' and '.join(deal.to)}: {deal.public_text()}.", R_COAL)
            st.mark_reveal()  # the terms were the sender's secret: the table learns them
        else:  # cancel
            st.emit(f"{seat} drops its offer.", R_COAL)
            self.deal = None
            self._next_dealer(st)

    def _execute(self, st: BaghdadState, deal: Deal) -> None:
        """[Coalition Phase] the engine carries out transfers and Truces; promises are recorded."""
        d = st.data
        a = deal.sender
        for b in deal.to:
            if deal.give_pp:
                d.pp[a] -= deal.give_pp
                d.pp[b] += deal.give_pp
        b0 = deal.to[0]
        if deal.ask_pp:
            d.pp[b0] -= deal.ask_pp
            d.pp[a] += deal.ask_pp
        given = deal.give
        for c in given:
            d.hands[a].remove(c)
        taken = deal.taken
        if given or taken:
            st.emit(
                f"Cards change hands: {a} gives {names(st, given)}; {b0} gives {names(st, taken)}.",
                R_COAL,
                (a, b0),
            )
            st.mark_reveal((a, b0))
        if deal.truce:
            # [Glossary: Truces] every pair of parties is in truce for this turn
            parties = [a, *deal.to]
            for i, x in enumerate(parties):
                for y in parties[i + 1 :]:
                    pair = (min(x, y), max(x, y))
                    if pair not in d.truces:
                        d.truces.append(pair)
        for p in deal.promises:
            d.promises.append(Promise(sender=a, to=tuple(deal.to), kind=p, turn=d.turn))
        st.emit(f"Deal made between {a} and {' and '.join(deal.to)}: {deal.public_text()}.", R_COAL)
        self.deal = None
        if taken:
            gain_cards(st, a, taken)
        if given:
            gain_cards(st, b0, given)
        self._next_dealer(st)

    def _next_dealer(self, st: BaghdadState) -> None:
        self.pos += 1
        if self.pos < st.tables.n:
            return
        if self.offers == 0 or self.round >= st.tables.opts.deal_rounds:
            self._end(st)
            return
        self.round += 1
        self.pos = 0
        self.offers = 0
        st.emit(f"Coalition round {self.round}.", R_COAL)

    def _end(self, st: BaghdadState) -> None:
        t = st.tables
        d = st.data
        # [Fortified Zones; Airmobile Movement] control is fixed at the end of the Coalition Phase
        control = control_map(st)
        fort = t.fortified_zone
        d.fort = control[fort]
        d.airports = {
            f: sum(1 for z, c in enumerate(control) if c == f and t.airport[z]) for f in t.airmobile
        }
        notes = []
        if d.fort:
            notes.append(f"{d.fort} holds the Fortified {t.zone_name[fort]}")
        for f, n in d.airports.items():
            if n:
                notes.append(f"{f} controls {n} airport(s) for Airmobile moves")
        st.emit("Coalition Phase ends. " + ("; ".join(notes) + "." if notes else ""), R_COAL)
        st.next_phase(self)  # the Action Phase


FRAMES: tuple[type[Frame[Any]], ...] = (Coalition,)
