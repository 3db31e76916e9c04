"""The Iraq game's research encoding: metadata, action grammar and observation layout.

Action grammar (every card of the content, every seat of the options):

* ``discard <card>``, ``give <card>``, ``want <card>`` (and ``want`` alone: any card);
* ``offer <seat>``, ``declare <side>`` (US or Insurgent, the three-player either-or sides);
* ``ask 0`` and ``ask <n> any|usable`` with ``n`` from 1 to the ``max_trade_cards`` option
  (a trade names at most that many cards each way: the bound of the only number);
* ``accept``, ``decline``, ``counter``, ``back``, ``cancel``, ``done``, ``pass``, ``retract``.

Observation (from ``view(seat)``): turn, phase, victory points, hand sizes, deck and discard
sizes, who has committed and declared, the seat's hand, pending discards and side, the open
offer's public part and the cards each seat revealed last turn.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal, TypeVar, cast

from consim.core.encoding import Form, Vocab
from consim.core.game import State
from consim.core.observe import Field, counts, one_hot, per_key, scalar
from consim.core.research import Research as Base
from consim.core.rng import Rng
from consim.games.iraq.content import FILTERS, SIDE_NAME, IraqTables
from consim.games.iraq.hidden import redeal
from consim.games.iraq.state import IraqState
from consim.games.iraq.viewtypes import IraqCard, IraqNegotiation, IraqOffer, IraqSeatView

T = TypeVar("T")

PHASES = ("commitment", "declare", "negotiation", "over")
#: the bound of a seat's VP (a seat earns a few VP a turn for at most 50 turns; 84 measured
#: games of every variant ended at 46 or less); observations clip there
MAX_VP = 200
#: a generous bound on the decisions of one game (84 measured games of every variant, random
#: and heuristic bots, took at most 747)
MAX_DECISIONS = 20_000


class Research(Base):
    @property
    def tables(self) -> IraqTables:
        t: IraqTables = self.game.tables
        return t

    def info_fields(self) -> dict[str, Any]:
        return {
            "utility": "general-sum",
            "min_score": 0.0,
            "max_score": float(MAX_VP),
            "score_unit": "VP",
            "max_decisions": MAX_DECISIONS,
            "chance": "sampled",
            "information": "imperfect",
            "simultaneous": True,
            "notes": "scores are victory points; each conflict (Insurgency, Civil War) has its own winners",
        }

    def resample(self, state: State, seat: str | None, rng: Rng) -> State:
        """Everything ``seat`` cannot know dealt again (:func:`consim.games.iraq.hidden.redeal`:
        the other hands, the deck, the others' face-down discards, secret choices and the
        hidden terms of an open offer), agreeing with what it saw this turn. ``rng`` sorts
        before it shuffles, so the result depends only on which cards are hidden, never where."""
        assert isinstance(state, IraqState)
        return redeal(state, seat, rng)

    def forms(self) -> Sequence[Form]:
        t = self.tables
        card = Vocab("card", t.card_name)
        seat = Vocab("seat", t.seats)
        side = Vocab("side", tuple(SIDE_NAME.values()))
        n = Vocab.numbers("cards", 1, t.opts.max_trade_cards)
        return [
            *(Form(v) for v in ("pass", "done", "accept", "decline", "counter", "back", "cancel", "retract")),
            Form("want"),
            Form("ask", (Vocab("zero", ("0",)),)),
            Form("ask", (n, Vocab("filter", FILTERS))),
            Form("offer", (seat,)),
            Form("declare", (side,)),
            Form("discard", (card,)),
            Form("give", (card,)),
            Form("want", (card,)),
        ]

    def observation_fields(self) -> Sequence[Field]:
        t = self.tables
        seats = t.seats
        cards = t.card_name
        sides = tuple(SIDE_NAME.values())
        size = len(t.deck_cards)

        def names(items: Sequence[IraqCard] | None) -> list[str]:
            return [c["name"] for c in items] if isinstance(items, list) else []

        def offered(v: IraqSeatView, which: Literal["give", "wanted", "taken"]) -> list[str]:
            """The names of the offer's cards of one kind (none without an offer)."""
            o = _offer(v)
            return names(o.get(which) if o else None)

        return [
            scalar("turn", 0, t.opts.turns, _reads(lambda v: v["turn"]), "the turn (hand) in progress"),
            one_hot("phase", PHASES, _reads(lambda v: v["phase"])),
            one_hot("seat", seats, _reads(lambda v: v["seat"]), "who observes (all 0 for a spectator)"),
            counts("to_act", seats, 1, _reads(lambda v: v["to_act"])),
            per_key("vp", seats, 0, MAX_VP, _reads(lambda v: v["vp"])),
            per_key("hand_size", seats, 0, size, _reads(lambda v: v["hand_sizes"])),
            scalar("deck_size", 0, size, _reads(lambda v: v["deck_size"])),
            scalar("discard_size", 0, size, _reads(lambda v: v["discard_size"])),
            counts("committed", seats, 1, _reads(lambda v: v["committed"])),
            counts("declared", seats, 1, _reads(lambda v: v["declared"])),
            counts("hand", cards, 1, _reads(lambda v: names(v.get("hand")))),
            counts("pending_discards", cards, 1, _reads(lambda v: v.get("pending_discards", ()))),
            scalar("usable_fv", 0, 100, _reads(lambda v: v.get("usable_fv", 0))),
            one_hot("side", sides, _reads(lambda v: v.get("side"))),
            scalar(
                "negotiation_round",
                0,
                t.opts.negotiation_rounds,
                _reads(lambda v: neg["round"] if (neg := _neg(v)) else 0),
            ),
            one_hot(
                "negotiation_turn_of", seats, _reads(lambda v: neg["turn_of"] if (neg := _neg(v)) else None)
            ),
            one_hot("offer_from", seats, _reads(lambda v: o["from"] if (o := _offer(v)) else None)),
            one_hot("offer_to", seats, _reads(lambda v: o["to"] if (o := _offer(v)) else None)),
            one_hot(
                "offer_stage",
                ("give", "want", "respond", "fulfil"),
                _reads(lambda v: o["stage"] if (o := _offer(v)) else None),
            ),
            counts("offer_give", cards, 1, _reads(lambda v: offered(v, "give"))),
            counts("offer_wanted", cards, 1, _reads(lambda v: offered(v, "wanted"))),
            counts("offer_taken", cards, 1, _reads(lambda v: offered(v, "taken"))),
            scalar(
                "offer_ask",
                0,
                t.opts.max_trade_cards,
                _reads(lambda v: o.get("ask", 0) if (o := _offer(v)) else 0),
            ),
            counts(
                "last_reveal",
                cards,
                1,
                _reads(lambda v: [c for hand in v["last_reveal"].values() for c in hand]),
                "cards shown by every seat at the end of the last turn",
            ),
        ]


def _reads(get: Callable[[IraqSeatView], T]) -> Callable[[Mapping[str, Any]], T]:
    """``get``, a reader of the typed view, as the reader of a mapping that an observation
    field takes (the view it is handed is this game's: the cast costs nothing when read)."""
    return cast(Callable[[Mapping[str, Any]], T], get)


def _neg(v: IraqSeatView) -> IraqNegotiation | None:
    """The Negotiations Phase in progress, if any."""
    return v.get("negotiation")


def _offer(v: IraqSeatView) -> IraqOffer | None:
    """The trade offer on the table, if any."""
    neg = v.get("negotiation")
    return neg["offer"] if neg else None
