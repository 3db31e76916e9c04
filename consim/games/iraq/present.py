"""The Iraq card game in the terminal: the factions' table, the negotiations, and the seat's
own hand with what counts. Drawn from ``view(seat)`` alone."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text


def render(view: Mapping[str, Any]) -> RenderableType:
    seat = view.get("seat")
    parts: list[RenderableType] = []
    head = Text(
        f"{view['scenario']} - turn {view['turn']} of {view['turns']} - {view['phase']}",
        style="bold",
    )
    parts.append(head)
    table = Table(title="Factions", show_lines=False)
    table.add_column("seat")
    table.add_column("uses")
    table.add_column("VP", justify="right")
    table.add_column("cards", justify="right")
    table.add_column("last turn", justify="right")
    table.add_column("status")
    last = view["history"][-1] if view["history"] else None
    for s in view["seats"]:
        status = []
        if view["phase"] == "commitment":
            status.append("committed" if s in view["committed"] else "choosing")
        if view["phase"] == "declare":
            status.append("declared" if s in view["declared"] else "choosing")
        if s in view["to_act"]:
            status.append("to act")
        last_txt = f"{last['fv'][s]} FV +{last['vp'][s]}" if last else ""
        name = Text(s, style="bold cyan") if s == seat else Text(s)
        table.add_row(
            name,
            "".join(view["uses"][s]),
            str(view["vp"][s]),
            str(view["hand_sizes"][s]),
            last_txt,
            ", ".join(status),
        )
    parts.append(table)
    letters = view.get("use_letters") or {}
    if letters:
        parts.append(Text("Card uses: " + "; ".join(f"{k} {v}" for k, v in letters.items()), style="dim"))
    conflicts = "; ".join(f"{k}: {' vs '.join(v)}" for k, v in view["conflicts"].items())
    extra = (
        f" - each turn you may also count {' or '.join(view['either_or'])} cards, not both"
        if view["either_or"]
        else ""
    )
    parts.append(
        Text(f"Conflicts: {conflicts}. Deck {view['deck_size']}, discard {view['discard_size']}.{extra}")
    )
    neg = view.get("negotiation")
    if neg:
        line = f"Negotiations round {neg['round']}/{neg['rounds']}, order {' > '.join(neg['order'])}"
        offer = neg.get("offer")
        if offer:
            line += f"; {offer['from']} is making an offer to {offer['to']} ({offer['stage']})"
            if "give" in offer:
                gives = ", ".join(f"{c['name']} ({c['use']}{c['fv']})" for c in offer["give"]) or "nothing"
                wants = ", ".join(f"{c['name']} ({c['use']}{c['fv']})" for c in offer.get("wanted", []))
                if offer["stage"] == "give":
                    line += f": offering {gives} so far" + (f", wanting {wants}" if wants else "")
                else:
                    asked = [wants] if wants else []
                    if offer["ask"]:
                        kind = "of their choice" if offer["filter"] == "any" else "the offerer can use"
                        asked.append(f"{offer['ask']} {'more ' if wants else ''}card(s) {kind}")
                    ask = f"for {' and '.join(asked)}" if asked else "as a gift"
                    line += f": gives {gives} {ask}"
        parts.append(Text(line, style="yellow"))
    if "hand" in view:
        hand = Table(
            title=f"{seat}'s hand - usable FV {view['usable_fv']}"
            + (f" (counting {view['side']} cards)" if view.get("side") else "")
        )
        hand.add_column("card")
        hand.add_column("use", justify="center")
        hand.add_column("FV", justify="right")
        hand.add_column("counts", justify="center")
        pending = set(view.get("pending_discards", []))
        side_letters = set(view.get("either_or", []))
        counted_side = {"US": "U", "Insurgent": "I"}.get(view.get("side") or "", "")
        for c in sorted(view["hand"], key=lambda c: (not c["usable"], -c["fv"], c["name"])):
            if c["use"] in side_letters:
                mark = "yes" if c["use"] == counted_side else "other side"
            else:
                mark = "yes" if c["usable"] else "-"
            style = "strike dim" if c["name"] in pending else ("green" if c["usable"] else "dim")
            hand.add_row(Text(c["name"], style=style), c["use"], str(c["fv"]), mark)
        parts.append(hand)
        if pending:
            parts.append(Text(f"Chosen to discard: {', '.join(sorted(pending))}", style="red"))
    return Group(*parts)
