"""The Iraq card game at a table, in words: each legal action as a player says it, the cards a
seat may read (its hand, the offer in hand, the hands shown at the last Ground Phase) and a
compact status. Made from ``view(seat)`` alone (see ``consim.core.table``).

>>> import consim
>>> state = consim.load_game("iraq", players=2).new_game(seed=1)
>>> view = state.view("US")
>>> [w.text for w in describe_actions(view, state.legal_actions("US"))][-1]
'Done choosing cards to discard'
>>> describe_cards(view)[0].title
'Your hand'
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from consim.core.action import Action
from consim.core.table import ActionWords, CardShelf, CardWords, StatusLine, plain_words
from consim.core.words import listing
from consim.games.iraq.content import default_content
from consim.games.iraq.viewtypes import IraqCard, IraqOffer, IraqSeatView

_PHASE = {
    "commitment": "Commitment",
    "declare": "Declaration",
    "negotiation": "Negotiations",
    "over": "Game over",
}


@cache
def _printed() -> dict[str, IraqCard]:
    """Every card of the deck as printed (its name, use letter and Force Value), by name."""
    return {c.name: {"name": c.name, "use": c.use, "fv": c.fv} for c in default_content().cards.cards}


def _offer(view: IraqSeatView) -> IraqOffer | None:
    """The trade offer on the table, if any."""
    neg = view.get("negotiation")
    return neg["offer"] if neg else None


def _cards(view: IraqSeatView) -> dict[str, IraqCard]:
    """Every card the view names with its Force Value and use letter, by name (the seat's
    own cards also say whether it can use them), any other card as printed."""
    out: dict[str, IraqCard] = dict(_printed())
    offer = _offer(view)
    if offer:
        for found in (offer.get("give", []), offer.get("wanted", []), offer.get("taken", [])):
            for c in found:
                out[c["name"]] = c
    for c in view.get("hand", []):
        out[c["name"]] = c
    return out


def card_facts(view: IraqSeatView, card: IraqCard) -> str:
    """A card's numbers in words: "Force Value 4, for the Insurgents (I); you can use it"."""
    letters = view.get("use_letters") or {}
    use = card["use"]
    who = letters.get(use, use).split(" (")[0]
    text = f"Force Value {card['fv']}, for {who} ({use})"
    if "usable" in card:
        text += "; you can use it" if card["usable"] else "; of no use to you"
    return text


def describe_actions(view: IraqSeatView, actions: Sequence[Action]) -> list[ActionWords]:
    """Each action in words, grouped by what it does (see ``Game.describe_actions``)."""
    seat = view.get("seat")
    cards = _cards(view)
    offer = _offer(view)
    stage = offer["stage"] if offer else None
    mine = offer is not None and offer["from"] == seat
    what = "counter-offer" if offer and offer.get("counter") else "offer"
    sender = offer["from"] if offer else "the"
    out: list[ActionWords] = []
    for action in actions:
        verb, args = action.verb, action.args
        arg = args[0] if args else ""
        facts = card_facts(view, cards[arg]) if arg in cards else ""
        if verb == "discard":
            out.append(ActionWords(f"Discard {arg}", "Cards to discard and redraw", (arg,), facts))
        elif verb == "done" and view.get("phase") == "commitment":
            out.append(ActionWords("Done choosing cards to discard", "Finish"))
        elif verb == "declare":
            out.append(ActionWords(f"Count {arg} cards this turn", "Declare your side", (arg,)))
        elif verb == "retract":
            out.append(ActionWords("Take back my choice", "Change your mind"))
        elif verb == "offer":
            out.append(ActionWords(f"Make an offer to {arg}", "Trade", (arg,)))
        elif verb == "pass":
            out.append(ActionWords("Pass (make no offer)", "Trade"))
        elif verb == "give" and stage == "fulfil" and not mine:
            out.append(ActionWords(f"Give {arg} to {sender}", "Cards to give", (arg,), facts))
        elif verb == "give":
            out.append(ActionWords(f"Offer {arg}", "Cards you give", (arg,), facts))
        elif verb == "want" and not args:
            partner = offer["to"] if offer else "them"
            out.append(ActionWords(f"Name a card you want from {partner}", "Cards you want"))
        elif verb == "want":
            out.append(ActionWords(f"Ask for {arg}", "Card you want", (arg,), facts))
        elif verb == "back":
            out.append(ActionWords("Name no card", "Card you want"))
        elif verb == "ask":
            n = int(arg)
            if n == 0:
                text = f"Send the {what} (ask for no more cards)"
            else:
                kind = " that you can use" if args[1:] == ("usable",) else ""
                many = "card" if n == 1 else "cards"
                text = f"Send the {what}, asking for {n} more {many} of their choice{kind}"
            out.append(ActionWords(text, "Send"))
        elif verb == "cancel":
            out.append(ActionWords(f"Withdraw the {what} and pass", "Send"))
        elif verb == "accept":
            out.append(ActionWords(f"Accept {sender}'s {what}", "Answer"))
        elif verb == "decline":
            out.append(ActionWords(f"Decline {sender}'s {what}", "Answer"))
        elif verb == "counter":
            out.append(ActionWords("Make a counter-offer", "Answer"))
        else:
            out.append(plain_words(action))
    return out


def describe_cards(view: IraqSeatView) -> list[CardShelf]:
    """The seat's hand (every card's Force Value and use), the cards of an offer it may read,
    and the hands shown at the last Ground Phase."""
    shelves: list[CardShelf] = []
    if "hand" in view:
        pending = set(view.get("pending_discards", ()))
        hand = sorted(view["hand"], key=lambda c: (not c.get("usable"), -c["fv"], c["name"]))
        side = f", counting {view['side']} cards" if view.get("side") else ""
        shelves.append(
            CardShelf(
                "Your hand",
                tuple(
                    CardWords(
                        c["name"],
                        card_facts(view, c) + (" (chosen to discard)" if c["name"] in pending else ""),
                        f"{c['use']}{c['fv']}",
                        c["name"],
                    )
                    for c in hand
                ),
                hand=True,
                note=f"Usable Force Value {view.get('usable_fv', 0)}{side}.",
            )
        )
    offer = _offer(view)
    if offer:
        for found, title, who in (
            (offer.get("give"), "offered by", offer["from"]),
            (offer.get("wanted"), "asked of", offer["to"]),
            (offer.get("taken"), "chosen by", offer["to"]),
        ):
            if found:
                shelves.append(
                    CardShelf(
                        f"Cards {title} {who}",
                        tuple(
                            CardWords(c["name"], card_facts(view, c), f"{c['use']}{c['fv']}", c["name"])
                            for c in found
                        ),
                    )
                )
    printed = _printed()
    for seat, names in (view.get("last_reveal") or {}).items():
        if names:
            shown = tuple(
                CardWords(n, card_facts(view, printed[n]), f"{printed[n]['use']}{printed[n]['fv']}", n)
                if n in printed
                else CardWords(n, "", "", n)
                for n in names
            )
            shelves.append(CardShelf(f"{seat} showed last turn", shown))
    return shelves


def describe_status(view: IraqSeatView) -> list[StatusLine]:
    """Turn and phase, every seat's VP and hand size, the deck."""
    lines = [
        StatusLine("Turn", f"{view['turn']} of {view['turns']}, {_PHASE.get(view['phase'], view['phase'])}"),
    ]
    neg = view.get("negotiation")
    if neg:
        lines.append(
            StatusLine("Negotiations", f"round {neg['round']} of {neg['rounds']}, {neg['turn_of']} to offer")
        )
    letters = view.get("use_letters") or {}
    for seat in view["seats"]:
        uses = [str(letters.get(u, u)).split(" (")[0] for u in view["uses"][seat]]
        lines.append(
            StatusLine(
                seat,
                f"{view['vp'][seat]} VP, {view['hand_sizes'][seat]} cards",
                f"counts {listing(uses)} cards",
            )
        )
    conflicts = "; ".join(f"{k}: {listing(v)}" for k, v in view["conflicts"].items())
    lines.append(
        StatusLine("Deck", f"{view['deck_size']} cards, {view['discard_size']} discarded", conflicts)
    )
    return lines
