"""[Hidden information] what each seat may know of an Iraq position: the one door to hands,
the deck and secret choices. A seat sees its own hand and its own secret choices; everyone
sees VP, hand sizes, who has committed, offers in the making (their cards only for the two
parties) and every hand revealed at a Ground Phase."""

from __future__ import annotations

from typing import cast

from consim.core.flow import SecretChoice
from consim.games.iraq.board import usable_fv
from consim.games.iraq.content import SIDE_NAME, SideName
from consim.games.iraq.rules.commitment import Commitment, Declare
from consim.games.iraq.rules.negotiation import Negotiation
from consim.games.iraq.state import IraqState
from consim.games.iraq.viewtypes import IraqCard, IraqNegotiation, IraqOffer, IraqView, Phase


def phase(st: IraqState) -> Phase:
    """The phase in progress, by the frame on top."""
    top = st.stack[-1] if st.stack else None
    if isinstance(top, Commitment):
        return "commitment"
    if isinstance(top, Declare):
        return "declare"
    if isinstance(top, Negotiation):
        return "negotiation"
    return "over"


def card_info(st: IraqState, card: int, seat: str | None) -> IraqCard:
    t = st.tables
    info: IraqCard = {"name": t.card_name[card], "fv": t.card_fv[card], "use": t.card_use[card]}
    if seat is not None:
        info["usable"] = card in t.wanted[seat]  # own letters, or an either-or letter
    return info


def view(st: IraqState, seat: str | None) -> IraqView:
    t = st.tables
    d = st.data
    top = st.stack[-1] if st.stack else None
    names = t.card_name
    # who has committed this turn: everyone, once the Commitment Phase is over
    if isinstance(top, Commitment):
        committed = list(top.done)
    else:
        committed = [] if isinstance(top, Declare) else list(t.seats)
    out: IraqView = {
        "scenario": t.scenario.name,
        "players": len(t.seats),
        "turn": d.turn,
        "turns": t.opts.turns,
        "phase": phase(st),
        "seats": list(t.seats),
        "uses": {s: list(t.uses[s]) for s in t.seats},
        "either_or": list(t.either_or),
        # [Card notation] what each use letter of the cards in play means
        "use_letters": dict(t.use_letters),
        "conflicts": {k: list(v) for k, v in t.conflicts.items()},
        "vp": dict(d.vp),
        "hand_sizes": {s: len(d.hands[s]) for s in t.seats},
        "deck_size": len(d.deck),
        "discard_size": len(d.discard),
        "committed": committed,
        "declared": sorted(d.declared),
        # (a turn's sides are names from SIDE_NAME, "US" or "Insurgent", kept as plain strings)
        "history": [
            {
                "turn": h.turn,
                "fv": dict(h.fv),
                "vp": dict(h.vp),
                "sides": cast(dict[str, SideName], dict(h.sides)),
            }
            for h in d.history
        ],
        "last_reveal": (
            {s: [names[c] for c in cards] for s, cards in d.history[-1].hands.items()} if d.history else {}
        ),
    }
    if isinstance(top, Negotiation):
        neg: IraqNegotiation = {
            "round": top.round,
            "rounds": t.opts.negotiation_rounds,
            "order": list(top.order),
            "turn_of": top.order[top.pos],
            "offer": None,
        }
        offer = top.offer
        if offer is not None:
            public: IraqOffer = {"from": offer.sender, "to": offer.to, "stage": offer.stage}
            if offer.counter:
                public["counter"] = True
            if seat == offer.sender or (seat == offer.to and offer.stage not in ("give", "want")):
                public["give"] = [card_info(st, c, seat) for c in offer.give]
                public["ask"] = offer.ask
                public["filter"] = offer.kind
                if offer.wanted:
                    public["wanted"] = [card_info(st, c, seat) for c in offer.wanted]
            if seat == offer.to:
                # the cards chosen in return are the responder's secret until the trade is done
                public["taken"] = [card_info(st, c, seat) for c in offer.taken]
            neg["offer"] = public
        out["negotiation"] = neg
    if seat is not None:
        hand = d.hands[seat]
        out["hand"] = [card_info(st, c, seat) for c in hand]
        total, side = usable_fv(t, seat, hand, d.declared.get(seat))
        out["usable_fv"] = total
        if side is not None:
            out["side"] = SIDE_NAME[side]
        pending = top.pending.get(seat, []) if isinstance(top, Commitment) else []
        out["pending_discards"] = [names[c] for c in pending]
        if seat in d.declared:
            out["my_declaration"] = SIDE_NAME[d.declared[seat]]
        if isinstance(top, SecretChoice) and top.can_retract(seat):
            out["can_retract"] = True
    return out
