"""The Iraq card game in the terminal: the factions' table, the negotiations, and the seat's
own hand with what counts. Drawn from ``view(seat)`` alone."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

#: what ``help`` shows as examples of typed actions
EXAMPLES = [
    'discard "Roadside Bombs"   (or the short form: discard road)',
    "done                       (keep the rest of your hand)",
    "offer Kurd                 (start a trade offer)",
    "give Propaganda / want Propaganda / ask 2 usable / ask 0",
    "accept / decline / counter",
]

_STAGE = {
    "give": "is preparing an offer to",
    "want": "is preparing an offer to",
    "respond": "awaits the answer of",
    "fulfil": "awaits the cards of",
}


def _card(c: Mapping[str, Any]) -> str:
    return f"{c['name']} ({c['use']}{c['fv']})"


def render(view: Mapping[str, Any]) -> RenderableType:
    """The table, the negotiations and the seat's hand, in about 16 lines of 80 columns."""
    seat = view.get("seat")
    parts: list[RenderableType] = []
    phase = {"commitment": "Commitment", "negotiation": "Negotiations", "declare": "Declaration"}.get(
        view["phase"], "game over"
    )
    parts.append(Text(f"{view['scenario']} - turn {view['turn']} of {view['turns']} - {phase}", style="bold"))
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    for col, justify in (("seat", "left"), ("uses", "left"), ("VP", "right"), ("cards", "right"),
                         ("last turn", "right"), ("now", "left")):  # fmt: skip
        table.add_column(col, justify=justify)  # type: ignore[arg-type]
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
            name, "".join(view["uses"][s]), str(view["vp"][s]), str(view["hand_sizes"][s]), last_txt,
            ", ".join(status),
        )  # fmt: skip
    parts.append(table)
    letters = view.get("use_letters") or {}
    if letters:
        short = "; ".join(f"{k} {v.split(' (')[0]}" for k, v in letters.items())
        parts.append(Text(f"Uses: {short}", style="dim"))
    conflicts = "; ".join(f"{k}: {' vs '.join(v)}" for k, v in view["conflicts"].items())
    extra = (
        f" Each turn you may also count {' or '.join(view['either_or'])} cards, not both."
        if view["either_or"]
        else ""
    )
    parts.append(Text(f"{conflicts}. Deck {view['deck_size']}, discards {view['discard_size']}.{extra}"))
    neg = view.get("negotiation")
    if neg:
        line = f"Negotiations round {neg['round']} of {neg['rounds']}, in turn: {', '.join(neg['order'])}"
        offer = neg.get("offer")
        if offer:
            what = "counter-offer" if offer.get("counter") else "offer"
            line += f". {offer['from']} {_STAGE[offer['stage']].replace('offer', what)} {offer['to']}"
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
        side_letters = set(view.get("either_or", []))
        counted_side = {"US": "U", "Insurgent": "I"}.get(view.get("side") or "", "")
        counts, other_side, useless = [], [], []
        for c in sorted(view["hand"], key=lambda c: (-c["fv"], c["name"])):
            label = _card(c) + (" [discard]" if c["name"] in pending else "")
            if c["use"] in side_letters and c["use"] != counted_side:
                other_side.append(label)
            elif c["usable"]:
                counts.append(label)
            else:
                useless.append(label)
        side = f", counting {view['side']} cards" if view.get("side") else ""
        parts.append(Text(f"{seat}'s hand - usable FV {view['usable_fv']}{side}", style="bold"))
        parts.append(Text("  counts: " + (", ".join(counts) or "none"), style="green"))
        if other_side:
            parts.append(Text("  the other side's: " + ", ".join(other_side)))
        if useless:
            parts.append(Text("  of no use to you: " + ", ".join(useless), style="dim"))
        if pending:
            parts.append(Text(f"  chosen to discard: {', '.join(sorted(pending))}", style="red"))
    return Group(*parts)
