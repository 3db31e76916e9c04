"""[Negotiations Phase] rounds of trade offers: on its turn a player passes or makes an offer:
up to three of its cards, and in return named cards it wants and/or a number of cards of the
partner's choice (any, or ones the offerer can use). The partner accepts (handing over the
named cards and picking the others), declines, or answers with a counter-offer of its own,
which can only be accepted or declined. Negotiations close after a round without an offer, or
after the last round. The rulebook leaves trading free ("players may trade cards with each
other"): NOTES.md says how these terms read it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from consim.core.action import Action
from consim.core.data import Data
from consim.core.flow import Decision, Frame
from consim.games.iraq.board import matching
from consim.games.iraq.rules import R_NEGOTIATE
from consim.games.iraq.state import Card, IraqState, Seat


@dataclass(slots=True)
class Offer(Data):
    """A trade offer being made: the offerer adds cards (``give``), names what it asks in
    return (``respond``), and the partner accepts by picking the cards (``fulfil``)."""

    sender: Seat
    to: Seat
    give: list[Card] = field(default_factory=list)
    #: cards asked for by name (the partner must hold them all to accept)
    wanted: list[Card] = field(default_factory=list)
    #: how many more cards of the partner's choice are asked for
    ask: int = 0
    kind: Literal["any", "usable"] = "any"
    #: give: the offerer builds it; want: it picks a card it wants by name; respond: the partner
    #: answers; fulfil: the partner picks the cards of its choice
    stage: Literal["give", "want", "respond", "fulfil"] = "give"
    taken: list[Card] = field(default_factory=list)
    #: a counter-offer (it may be accepted or declined, not countered again)
    counter: bool = False

    def matching(self, st: IraqState) -> list[int]:
        """The partner's cards that answer the request for cards of its choice (the named ones
        aside)."""
        found = matching(st.tables, st.data.hands[self.to], self.sender, self.kind)
        return [c for c in found if c not in self.wanted]

    def can_accept(self, st: IraqState) -> bool:
        """The partner holds every named card and enough others to answer the request."""
        hand = st.data.hands[self.to]
        # (asking for none of its choice, any hand answers: its cards need not be counted)
        return all(c in hand for c in self.wanted) and (self.ask == 0 or len(self.matching(st)) >= self.ask)


@dataclass(slots=True)
class Clue(Data):
    """What ``seat`` knows of another's hand this turn: ``card`` is in the hand of one of
    ``holders`` (in seat order). It saw the card offered, asked for it by name and was
    accepted, or handed it over; a holder that has since traded with a third seat may have
    passed it on, which widens the list. Nothing in the rules reads it: a re-deal for search
    (``state.determinize``) must agree with it."""

    seat: Seat
    card: Card
    holders: list[Seat]


@dataclass(slots=True)
class Negotiation(Decision[IraqState]):
    """The Negotiations Phase of one turn."""

    name = "negotiation"
    rule = R_NEGOTIATE
    order: list[Seat]
    round: int = 1
    pos: int = 0
    #: offers made in this round (a round without one closes the negotiations)
    offers: int = 0
    offer: Offer | None = None
    #: what each seat has learnt this turn of the cards in other hands (NOTES.md, "Who sees what")
    clues: list[Clue] = field(default_factory=list)

    # -- who, what, which ------------------------------------------------------------------

    def seats(self, st: IraqState) -> tuple[str, ...]:
        offer = self.offer
        if offer is None:
            return (self.order[self.pos],)
        return (offer.sender,) if offer.stage in ("give", "want") else (offer.to,)

    def prompt(self, st: IraqState, seat: str) -> tuple[str, str]:
        offer = self.offer
        if offer is None:
            return (
                f"Turn {st.data.turn}, Negotiations round {self.round} of "
                f"{st.tables.opts.negotiation_rounds}: make a trade offer to another player, or pass.",
                R_NEGOTIATE,
            )
        if offer.stage == "give":
            given = st.names(offer.give) or "nothing yet"
            wanted = f"; you want {st.names(offer.wanted)}" if offer.wanted else ""
            kind = "counter-offer" if offer.counter else "Offer"
            return (
                f"{kind[0].upper()}{kind[1:]} to {offer.to}: you give {given}{wanted}. Add a card "
                "(give), name one you want back (want), or send it: ask N for N more cards of "
                "their choice (usable: cards you can use), ask 0 for nothing more.",
                R_NEGOTIATE,
            )
        if offer.stage == "want":
            return (
                f"Name a card you want from {offer.to} in return ('back' to name none): they can "
                "accept only if they hold every card you name.",
                R_NEGOTIATE,
            )
        if offer.stage == "respond":
            what = "a counter-offer" if offer.counter else "an offer"
            options = "Accept or decline?" if offer.counter else "Accept, decline, or make a counter-offer?"
            if not offer.can_accept(st):
                then = "Decline." if offer.counter else "Decline, or make a counter-offer."
                options = (
                    "You cannot accept: you do not hold every card named, or enough cards of the "
                    f"kind asked for. {then}"
                )
            return (f"{offer.sender} makes you {what}: {terms(st, offer)}. {options}", R_NEGOTIATE)
        left = offer.ask - len(offer.taken)
        return (f"Choose {left} more card(s) to give {offer.sender}.", R_NEGOTIATE)

    def legal(self, st: IraqState, seat: str) -> list[Action]:
        t = st.tables
        offer = self.offer
        if offer is None:
            return list(t.offer_menu[seat])
        if offer.stage == "give":
            give = offer.give
            hand = st.data.hands[seat]
            most = t.opts.max_trade_cards
            acts = []
            if len(give) < most:
                a_give = t.a_give
                acts = [a_give[c] for c in hand if c not in give]
            if len(offer.wanted) < most:
                acts.append(t.a_want_any)
            if give or offer.wanted:
                acts.append(t.a_ask0)
            room = min(most, len(st.data.hands[offer.to])) - len(offer.wanted)
            acts.extend(t.ask_menu[max(0, room)])
            return acts
        if offer.stage == "want":
            # the cards the offerer can count first, then the others; never one it holds or
            # has named already
            index = t.want_index[seat]
            acts = list(t.want_order[seat])
            gone = {index[c] for c in (*st.data.hands[seat], *offer.wanted) if c in index}
            for i in sorted(gone, reverse=True):
                del acts[i]
            acts.append(t.a_back)
            return acts
        if offer.stage == "respond":
            acts = [t.a_accept, t.a_decline] if offer.can_accept(st) else [t.a_decline]
            if not offer.counter:
                acts.append(t.a_counter)
            return acts
        # the partner's cards that answer the request (Offer.matching), less those picked
        a_give = t.a_give
        hand = st.data.hands[seat]
        named = offer.wanted + offer.taken
        if offer.kind == "usable":
            wanted = t.wanted[offer.sender]
            return [a_give[c] for c in hand if c in wanted and c not in named]
        return [a_give[c] for c in hand if c not in named]

    # -- what each does --------------------------------------------------------------------

    def act(self, st: IraqState, seat: str, action: Action) -> None:
        t = st.tables
        verb, args = action[0], action[1]  # (Action.verb and .args, read without the properties)
        offer = self.offer
        if offer is None:
            if verb == "pass":
                st.emit(f"{seat} passes.", R_NEGOTIATE)
                self._next(st)
            else:  # offer SEAT
                self.offer = Offer(sender=seat, to=args[0])
            return
        if offer.stage == "give":
            if verb == "give":
                offer.give.append(t.card_by_name[args[0]])
            elif verb == "want":
                offer.stage = "want"
            elif verb == "ask":
                offer.ask = int(args[0])
                offer.kind = "usable" if len(args) > 1 and args[1] == "usable" else "any"
                offer.stage = "respond"
                self.offers += 1
                parties = (offer.sender, offer.to)
                what = "a counter-offer" if offer.counter else "a trade offer"
                # one public line for the offer, one for its terms that only the parties read
                # (the terms never repeat the public line)
                st.emit(f"{seat} makes {offer.to} {what}.", R_NEGOTIATE)
                st.emit(
                    f"The terms, seen by {seat} and {offer.to} alone: {terms(st, offer)}.",
                    R_NEGOTIATE,
                    parties,
                    st.card_refs(offer.give + offer.wanted),
                )
                st.mark_reveal((offer.to,))
                self._learn(st, offer.to, offer.give, offer.sender)  # it sees the cards offered
            else:  # cancel
                st.emit(f"{seat} withdraws the offer and passes.", R_NEGOTIATE)
                self._next(st)
            return
        if offer.stage == "want":
            if verb == "want":
                offer.wanted.append(t.card_by_name[args[0]])
            offer.stage = "give"
            return
        if offer.stage == "respond":
            if verb == "decline":
                st.emit(f"{seat} declines {offer.sender}'s offer.", R_NEGOTIATE)
                st.mark_reveal((offer.sender,))
                self._next(st)
            elif verb == "counter":
                st.emit(f"{seat} answers {offer.sender}'s offer with a counter-offer.", R_NEGOTIATE)
                st.mark_reveal((offer.sender,))
                self.offer = Offer(sender=seat, to=offer.sender, counter=True)
            elif offer.ask == 0:
                self._trade(st, offer)
            else:
                # the table sees the partner go on to pick cards: the offer asked for some
                st.mark_reveal()
                offer.stage = "fulfil"
                # accepting shows the offerer the partner holds every card it named
                self._learn(st, offer.sender, offer.wanted, offer.to)
            return
        offer.taken.append(t.card_by_name[args[0]])
        if len(offer.taken) == offer.ask:
            self._trade(st, offer)
        else:
            # the table sees the partner still choosing: the offer asked for more cards
            st.mark_reveal()

    def _trade(self, st: IraqState, offer: Offer) -> None:
        d = st.data
        a, b = offer.sender, offer.to
        give, taken = offer.give, offer.wanted + offer.taken
        for c in give:
            d.hands[a].remove(c)
        for c in taken:
            d.hands[b].remove(c)
        d.hands[a].extend(taken)
        d.hands[b].extend(give)
        d.hands[a].sort()
        d.hands[b].sort()
        # the table learns how many cards moved; the parties alone which ones (one line each)
        counts = f"{a} gives {_cards(len(give))}, {b} gives {_cards(len(taken))}"
        st.emit(f"{a} and {b} trade: {counts}.", R_NEGOTIATE)
        st.emit(
            f"The cards, seen by {a} and {b} alone: {a} gave {st.names(give) or 'nothing'}; "
            f"{b} gave {st.names(taken) or 'nothing'}.",
            R_NEGOTIATE,
            (a, b),
            st.card_refs(give + taken),
        )
        st.mark_reveal()  # the parties see the cards, the table how many moved
        self._traded(st, a, b, give, taken)
        self._next(st)

    # -- what each seat knows of the others' hands (Clue) -----------------------------------

    def _learn(self, st: IraqState, seat: str, cards: list[int], holder: str) -> None:
        """``seat`` now knows ``holder`` holds ``cards``."""
        if not cards:
            return
        known = set(cards)
        self.clues = [k for k in self.clues if not (k.seat == seat and k.card in known)]
        self.clues.extend(Clue(seat=seat, card=c, holders=[holder]) for c in sorted(known))

    def _traded(self, st: IraqState, a: str, b: str, give: list[int], taken: list[int]) -> None:
        """After a trade: each party knows where the cards it handed over are and forgets
        what it now holds itself; every other seat saw only how many cards moved, so a card
        it placed with one party may now be with the other."""
        seats = st.tables.seats
        gave = {a: set(give), b: set(taken)}
        kept: list[Clue] = []
        for k in self.clues:
            if k.seat in (a, b):
                partner = b if k.seat == a else a
                if k.card in gave[partner]:
                    continue  # now in its own hand
            elif (a in k.holders and give) or (b in k.holders and taken):
                widened = set(k.holders)
                if a in k.holders and give:
                    widened.add(b)
                if b in k.holders and taken:
                    widened.add(a)
                k.holders = [s for s in seats if s in widened]
            kept.append(k)
        self.clues = kept
        self._learn(st, a, give, b)
        self._learn(st, b, taken, a)

    def _next(self, st: IraqState) -> None:
        self.offer = None
        self.pos += 1
        if self.pos < len(self.order):
            return
        # a round is over: stop when nobody made an offer or the round limit is reached
        if self.offers == 0 or self.round >= st.tables.opts.negotiation_rounds:
            st.emit("Negotiations close.", R_NEGOTIATE)
            st.remove(self)
            return
        self.round += 1
        self.pos = 0
        self.offers = 0
        st.emit(f"Negotiations round {self.round} begins.", R_NEGOTIATE)

    def why_illegal(self, st: IraqState, seat: str, action: Action) -> str:
        t = st.tables
        verb = action.verb
        offer = self.offer
        if offer is None:
            if verb == "offer":
                others = ", ".join(s for s in t.seats if s != seat)
                return f"offer to whom? choose one of {others} [{R_NEGOTIATE}]"
            return f"on your negotiation turn you may 'offer SEAT' or 'pass' [{R_NEGOTIATE}]"
        if offer.stage == "give":
            if verb == "give":
                return (
                    f"you may add only cards from your hand, at most {t.opts.max_trade_cards} "
                    f"per trade [{R_NEGOTIATE}]"
                )
            if verb == "ask":
                return (
                    f"ask for 0..{min(t.opts.max_trade_cards, len(st.data.hands[offer.to]))} cards "
                    f"('any' or 'usable'); 'ask 0' needs at least one card offered [{R_NEGOTIATE}]"
                )
        if offer.stage == "give" and verb == "want":
            return (
                f"you may name at most {t.opts.max_trade_cards} cards you want: type 'want', then "
                f"choose the card [{R_NEGOTIATE}]"
            )
        if offer.stage == "want":
            return f"name a card that is not in your hand, or 'back' [{R_NEGOTIATE}]"
        if offer.stage == "respond" and verb == "accept":
            return (
                "you do not hold every card named, or enough cards of the kind asked for, so you "
                f"cannot accept [{R_NEGOTIATE}]"
            )
        if offer.stage == "respond" and verb == "counter":
            return f"a counter-offer cannot be countered again: accept or decline it [{R_NEGOTIATE}]"
        if offer.stage == "fulfil":
            return f"give one of your cards that matches the request [{R_NEGOTIATE}]"
        return Decision.why_illegal(self, st, seat, action)


def _cards(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def terms(st: IraqState, offer: Offer) -> str:
    """An offer in words: what is given and what is asked."""
    given = st.names(offer.give, with_values=True) or "nothing"
    asked = []
    if offer.wanted:
        asked.append(st.names(offer.wanted, with_values=True))
    n = offer.ask
    if n:
        kind = "card(s) of your choice" if offer.kind == "any" else f"card(s) {offer.sender} can use"
        asked.append(f"{n} {'more ' if offer.wanted else ''}{kind}")
    if not asked:
        return f"{given} as a gift"
    return f"{given} for {' and '.join(asked)}"


FRAMES: tuple[type[Frame[Any]], ...] = (Negotiation,)
