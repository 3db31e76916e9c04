"""The Iraq card game in the terminal: the factions' table, the negotiations, and the seat's
own hand with what counts. Drawn from ``view(seat)`` alone."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from consim.games.iraq.viewtypes import IraqCard, IraqSeatView

#: what ``help`` shows as examples of typed actions
EXAMPLES = [
    'discard "Roadside Bombs"   (or the short form: discard road)',
    "done                       (keep the rest of your hand)",
    "offer Kurd                 (start a trade offer)",
    "give Propaganda            (add one of your cards to the offer)",
    "want Propaganda            (name a card you want back; 'want' alone lists them)",
    "ask 2 usable / ask 0       (send it: 2 more cards you can use / nothing more)",
    "accept / decline / counter",
]

_STAGE = {
    "give": "is preparing {what} to",
    "want": "is preparing {what} to",
    "respond": "awaits the answer of",
    "fulfil": "awaits the cards of",
}


def _card(c: IraqCard) -> str:
    return f"{c['name']} ({c['use']}{c['fv']})"


def _letters(view: IraqSeatView) -> str:
    """What the use letters of the cards mean, in a line: ``U=US K=Kurds ...``."""
    return " ".join(f"{k}={v.split(' (')[0].split()[0]}" for k, v in (view.get("use_letters") or {}).items())


def render(view: Mapping[str, Any]) -> RenderableType:
    """The table, the negotiations and the seat's hand: about 12 lines of 80 columns, so that
    at 80x24 the table stays on the screen above the question and its choices."""
    return _render(cast(IraqSeatView, view))


def _render(view: IraqSeatView) -> RenderableType:
    """:func:`render` of a view read through its type."""
    seat = view.get("seat")
    parts: list[RenderableType] = []
    phase = {"commitment": "Commitment", "negotiation": "Negotiations", "declare": "Declaration"}.get(
        view["phase"], "game over"
    )
    parts.append(
        Text(
            f"{view['scenario']} - turn {view['turn']} of {view['turns']} - {phase} - "
            f"deck {view['deck_size']}, discards {view['discard_size']}",
            style="bold",
        )
    )
    conflict_of = {s: name.removeprefix("the ") for name, seats in view["conflicts"].items() for s in seats}
    table = Table(box=None, pad_edge=False, show_edge=False, padding=(0, 1), header_style="bold")
    for col, justify in (("seat", "left"), ("conflict", "left"), ("uses", "left"), ("VP", "right"),
                         ("cards", "right"), ("last turn", "right"), ("now", "left")):  # fmt: skip
        table.add_column(col, justify=justify, no_wrap=True)  # type: ignore[arg-type]
    last = view["history"][-1] if view["history"] else None
    for s in view["seats"]:
        status = []
        if view["phase"] == "commitment":
            status.append("done" if s in view["committed"] else "choosing")
        if view["phase"] == "declare":
            status.append("declared" if s in view["declared"] else "choosing")
        if s in view["to_act"]:
            status.append("to act")
        last_txt = f"{last['fv'][s]} FV +{last['vp'][s]}" if last else ""
        name = Text(s, style="bold cyan") if s == seat else Text(s)
        table.add_row(
            name, conflict_of.get(s, ""), "".join(view["uses"][s]), str(view["vp"][s]),
            str(view["hand_sizes"][s]), last_txt, ", ".join(status),
        )  # fmt: skip
    parts.append(table)
    if view.get("use_letters"):
        parts.append(Text(f"Uses: {_letters(view)}", style="dim"))
    if view["either_or"]:
        either = " or ".join(view["either_or"])
        parts.append(Text(f"Each turn you may also count {either} cards, not both.", style="dim"))
    neg = view.get("negotiation")
    if neg:
        line = f"Negotiations round {neg['round']} of {neg['rounds']}, in turn: {', '.join(neg['order'])}"
        offer = neg.get("offer")
        if offer:
            what = "a counter-offer" if offer.get("counter") else "an offer"
            line += f". {offer['from']} {_STAGE[offer['stage']].format(what=what)} {offer['to']}"
            if "give" in offer:
                gives = ", ".join(_card(c) for c in offer["give"]) or "nothing"
                wants = ", ".join(_card(c) for c in offer.get("wanted", []))
                if offer["stage"] in ("give", "want"):
                    line += f": giving {gives} so far" + (f", wanting {wants}" if wants else "")
                else:
                    asked = [wants] if wants else []
                    if offer["ask"]:
                        kind = "of the giver's choice" if offer["filter"] == "any" else "the offerer can use"
                        asked.append(f"{offer['ask']} {'more ' if wants else ''}card(s) {kind}")
                    ask = f"for {' and '.join(asked)}" if asked else "as a gift"
                    line += f": {gives} {ask}"
        parts.append(Text(line + ".", style="yellow"))
    if "hand" in view:
        pending = set(view.get("pending_discards", []))
        offer = neg["offer"] if neg else None
        offered = {c["name"] for c in offer.get("give", [])} if offer and offer["from"] == seat else set()
        side_letters = set(view.get("either_or", []))
        counted_side = {"US": "U", "Insurgent": "I"}.get(view.get("side") or "", "")
        counts, other_side, useless = [], [], []
        for c in sorted(view["hand"], key=lambda c: (-c["fv"], c["name"])):
            label = _card(c) + (" [discard]" if c["name"] in pending else "")
            label += " [offered]" if c["name"] in offered else ""
            if c["use"] in side_letters and c["use"] != counted_side:
                other_side.append(label)
            elif c["usable"]:
                counts.append(label)
            else:
                useless.append(label)
        side = f", counting {view['side']} cards" if view.get("side") else ""
        head = Text(f"{seat}'s hand, usable FV {view['usable_fv']}{side}: ", style="bold")
        head.append(", ".join(counts) or "nothing counts", style="green")
        parts.append(head)
        if other_side:
            parts.append(Text("  the other side's: " + ", ".join(other_side)))
        if useless:
            parts.append(Text("  of no use to you: " + ", ".join(useless), style="dim"))
    return Group(*parts)
