"""A heuristic bot for the Iraq card game. It decides from ``view(seat)`` and the legal
actions only (plus the public card list, which every player knows).

How it plays:

* Commitment: discards the cards worth less to it than an average fresh draw (cards it
  cannot use first), at most five.
* Negotiations: offers cards it cannot use to the seat that can use most of them, asking for
  the same number of cards it can use - to a seat outside its own conflict where possible,
  since helping a rival in its own conflict costs it the victory that matters.
* Responding: accepts only when the trade raises its own usable FV by more than the trade
  helps the offerer (weighted by whether the offerer is a rival in the same conflict).
* Returns cards the offerer asked for that are worth least to itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from consim.core.action import Action
from consim.core.rng import Rng
from consim.games.iraq.content import IraqTables
from consim.games.iraq.viewtypes import IraqOffer, IraqSeatView

if TYPE_CHECKING:
    from consim.core.game import Game

EXPECTED_RETURN = 2.5  # what a card I can use, chosen by the partner, is worth to me (mean usable FV is 3)
PARTNER_COST = 0.5  # what such a card was worth to the partner who gives it up
TRADE_WEIGHT = 0.15  # a card a non-rival partner can use may be traded for one I can use
RIVAL_WEIGHT = 1.0  # a rival in the same conflict
OTHER_WEIGHT = 0.3  # everyone shares the FV ranking, so any gift costs a little


class HeuristicBot:
    uses_view = True

    def __init__(self, game: Game, seat: str, seed: int = 0) -> None:
        tables = game.tables
        assert isinstance(tables, IraqTables)
        self.tables = tables
        self.seat = seat
        self.rng = Rng(seed)  # only breaks ties between equally good partners
        #: (turn, partner) pairs already offered to this turn: do not repeat a refused offer
        self.tried: set[tuple[int, str]] = set()
        cards = tables.content.cards.cards
        self.rivals = {s for seats in tables.conflicts.values() if seat in seats for s in seats} - {seat}
        deck = [cards[i] for i in tables.deck_cards]
        # what each card is worth to each seat (its FV if the seat can count it), from the
        # public card list and the rules; either-or letters count as usable
        self.values: dict[str, dict[str, float]] = {}
        for s in tables.seats:
            letters = set(tables.uses[s]) | set(tables.either_or)
            self.values[s] = {c.name: float(c.fv) if c.use in letters else 0.0 for c in cards}
        # expected value of a random replacement draw
        self.draw_value = sum(self.values[seat][c.name] for c in deck) / len(deck)

    # -- card values ---------------------------------------------------------------------

    def _value_of(self, name: str, seat: str) -> float:
        return self.values[seat][name]

    def _trade_value(self, name: str, view: IraqSeatView) -> float:
        """What a card is worth as trade goods: its value to the best partner outside my conflict."""
        return max(
            (self._value_of(name, s) for s in view["seats"] if s != self.seat and s not in self.rivals),
            default=0.0,
        )

    def _weight(self, seat: str) -> float:
        return RIVAL_WEIGHT if seat in self.rivals else OTHER_WEIGHT

    # -- decisions -----------------------------------------------------------------------

    def choose(self, view: Mapping[str, Any], actions: Sequence[Action]) -> Action:
        seen = cast(IraqSeatView, view)  # this game's view, read through its type
        by_text = {a.text: a for a in actions}
        phase = seen["phase"]
        if phase == "commitment":
            return self._commit(seen, actions)
        if phase == "declare":
            return self._declare(seen, actions)
        offer = seen["negotiation"]["offer"]
        if offer is None:
            return self._open(seen, actions, by_text)
        if offer["stage"] == "give":
            return self._build(seen, offer, actions, by_text)
        if offer["stage"] == "want":
            return by_text["back"]  # this bot asks by number, not by name
        if offer["stage"] == "respond":
            return self._respond(seen, offer, by_text)
        return self._fulfil(offer, actions)

    def _commit(self, view: IraqSeatView, actions: Sequence[Action]) -> Action:
        pending = set(view["pending_discards"])
        # worst first: least use to me, then least use as trade goods to a partner outside my
        # conflict (those I keep to trade in the Negotiations Phase)
        candidates = sorted(
            (self._value_of(c["name"], self.seat), self._trade_value(c["name"], view), c["name"])
            for c in view["hand"]
            if c["name"] not in pending
        )
        legal = {a.args[0]: a for a in actions if a.verb == "discard"}
        for value, trade, name in candidates:
            if value + TRADE_WEIGHT * trade < self.draw_value and name in legal:
                return legal[name]
        return next(a for a in actions if a.verb == "done")

    def _declare(self, view: IraqSeatView, actions: Sequence[Action]) -> Action:
        totals = {"US": 0, "Insurgent": 0}
        for c in view["hand"]:
            if c["use"] == "U":
                totals["US"] += c["fv"]
            elif c["use"] == "I":
                totals["Insurgent"] += c["fv"]
        side = max(totals, key=lambda k: totals[k])
        return next(a for a in actions if a.args and a.args[0] == side)

    def _plan(self, view: IraqSeatView, partner: str | None = None) -> tuple[str, list[str]] | None:
        """The best partner (or the given one) and the cards to offer it: cards useless to me
        and useful to it."""
        useless = [c["name"] for c in view["hand"] if self._value_of(c["name"], self.seat) == 0]
        if not useless:
            return None
        best: tuple[float, str, list[str]] | None = None
        for other in view["seats"]:
            if other == self.seat or view["hand_sizes"][other] == 0:
                continue
            if partner is not None and other != partner:
                continue
            if partner is None and (view["turn"], other) in self.tried:
                continue
            liked = sorted(
                (n for n in useless if self._value_of(n, other) > 0),
                key=lambda n: self._value_of(n, other),
            )
            if not liked:
                continue
            k = min(len(liked), self.tables.opts.max_trade_cards, view["hand_sizes"][other])
            give = liked[:k]
            # my expected gain (a usable card is worth about EXPECTED_RETURN) minus the weighted
            # net help the partner gets (what I give it, less what its returned cards were
            # worth to it); a small seeded jitter breaks ties without favouring a seat order
            partner_gain = sum(self._value_of(n, other) for n in give) - k * PARTNER_COST
            score = k * EXPECTED_RETURN - self._weight(other) * partner_gain + self.rng.random() * 1e-6
            if best is None or score > best[0]:
                best = (score, other, give)
        if best is None or best[0] <= 0:
            return None
        return best[1], best[2]

    def _open(self, view: IraqSeatView, actions: Sequence[Action], by_text: dict[str, Action]) -> Action:
        plan = self._plan(view)
        if plan is not None:
            act = by_text.get(Action("offer", (plan[0],)).text)
            if act is not None:
                return act
        return by_text["pass"]

    def _build(
        self,
        view: IraqSeatView,
        offer: IraqOffer,
        actions: Sequence[Action],
        by_text: dict[str, Action],
    ) -> Action:
        given = [c["name"] for c in offer.get("give", [])]
        plan = self._plan(view, partner=offer["to"])
        self.tried.add((view["turn"], offer["to"]))
        want = plan[1] if plan is not None and plan[0] == offer["to"] else given
        for name in want:
            if name not in given:
                act = by_text.get(Action("give", (name,)).text)
                if act is not None:
                    return act
        n = len(given)
        ask = by_text.get(Action("ask", (str(n), "usable")).text)
        if n and ask is not None:
            return ask
        return by_text["cancel"]

    def _respond(self, view: IraqSeatView, offer: IraqOffer, by_text: dict[str, Action]) -> Action:
        if "accept" not in by_text:
            return by_text["decline"]
        gain = sum(self._value_of(c["name"], self.seat) for c in offer["give"])
        asked = [c["name"] for c in offer.get("wanted", [])] + self._cheapest_matching(view, offer)
        loss = sum(self._value_of(n, self.seat) for n in asked)
        their_gain = sum(self._value_of(n, offer["from"]) for n in asked) - sum(
            self._value_of(c["name"], offer["from"]) for c in offer["give"]
        )
        if gain - loss > 0 and gain - loss >= self._weight(offer["from"]) * their_gain:
            return by_text["accept"]
        return by_text["decline"]

    def _cheapest_matching(self, view: IraqSeatView, offer: IraqOffer) -> list[str]:
        wanted = {c["name"] for c in offer.get("wanted", [])}
        names = [c["name"] for c in view["hand"] if c["name"] not in wanted]
        if offer["filter"] == "usable":
            names = [n for n in names if self._value_of(n, offer["from"]) > 0]
        names.sort(key=lambda n: (self._value_of(n, self.seat), -self._value_of(n, offer["from"])))
        return names[: offer["ask"]]

    def _fulfil(self, offer: IraqOffer, actions: Sequence[Action]) -> Action:
        def cost(a: Action) -> tuple[float, float]:
            name = a.args[0]
            return (self._value_of(name, self.seat), self._value_of(name, offer["from"]))

        return min(actions, key=cost)
