"""The First Jihad in the terminal: the card, one line per Path (Mecca outward), the tracks and
AP; and the Outcome Points (5.2) at the end. Drawn from ``view(seat)`` and the ``Outcome`` alone."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from consim.core.game import Outcome

#: [5.2] the parts of the Outcome Points, in the rulebook's order
PARTS: tuple[tuple[str, str], ...] = (
    ("A_islam_circles", "A  tan circles of the Lands holding an Islam marker"),
    ("B_arab_lands", "B  Lands controlled by the Arabs"),
    ("C_minor_powers", "C  Minor Power Tracks"),
    ("D_armies", "D  player armies"),
    ("D_castles", "D  Castles"),
    ("D_capitals", "D  Capitals"),
    ("E_kaaba", "E  Ka'aba Number (Advanced Game)"),
)


def render(view: Mapping[str, Any]) -> RenderableType:
    """The card, one line per Path (Mecca outward), tracks and AP."""
    parts: list[RenderableType] = []
    card = view.get("card")
    if card:
        rose = " ".join(f"{p}:{c}" for p, c in (card["rose"] or {}).items())
        ap = f"AP {card['ap'][0]}/{card['ap'][1]}" if card["ap"] else "no Rose"
        events = ", ".join(card["events"]) or "none"
        parts.append(
            Text(
                f"Turn {view['turn']}: card #{card['number']} {card['title']!r} [{card['era']}]", style="bold"
            )
        )
        parts.append(Text(f"  Rose {rose}; {ap}; events: {events}"))
    armies = view["armies"]
    for path in view["paths"]:
        marker = path["islam"]
        cells = ["Mecca" + (" [Islam]" if marker["at"] == 0 else "")]
        for land in path["lands"]:
            cell = land["name"]
            tags = []
            if marker["at"] == land["index"]:
                tags.append("Islam-disrupted" if marker["dis"] else "Islam")
            for aid in land["armies"]:
                a = armies[aid]
                flags = "".join(
                    f for f, on in (("*", a["cursed"]), ("(besieged)", a["sieged"]), ("^", a["top"])) if on
                )
                tags.append(f"{aid}:{a['str']}{flags}")
            if land["castle"]:
                tags.append(f"castle {view['castles'][land['castle']]['side']}")
            if land["capital"]:
                tags.append(f"capital {view['capitals'][land['capital']]['side']}")
            if land["control"] == "arab":
                cell = f"[{cell}]"
            if tags:
                cell += " {" + ", ".join(tags) + "}"
            cells.append(cell)
        parts.append(Text(f"{path['name']:<20} " + " > ".join(cells)))
    tracks = "  ".join(f"{k} {v['box']:+d} ({v['face']})" for k, v in view["tracks"].items())
    rulers = "  ".join(f"{k} {v}" for k, v in view["rulers"].items())
    ap = view["ap"]
    div = [t for t, d in view["divided"].items() if d]
    parts.append(Text(f"Tracks: {tracks}"))
    parts.append(
        Text(
            f"Rulers: {rulers}   AP west {ap['west']} east {ap['east']}"
            + (f"   Divided: {', '.join(div)}" if div else "")
            + f"   tokens {view['tokens']}   fleet {view['fleet']}   immortals {view['immortals']}"
        )
    )
    parts.append(
        Text(f"Icons: {view['icons']}   Themes: {view['themes']}   deck left: {view['deck_remaining']}")
    )
    parts.append(Text("[Land] = Arab-held, * = Cursed, ^ = on top of a Neutral", style="dim"))
    return Group(*parts)


def render_outcome(outcome: Outcome) -> RenderableType:
    """[5.2] the Outcome Points part by part, and the level reached."""
    parts = outcome.details.get("breakdown") or {}
    table = Table(title="Outcome Points (5.2)", title_justify="left")
    table.add_column("part")
    table.add_column("OP", justify="right")
    for key, label in PARTS:
        if key in parts:
            table.add_row(label, f"{parts[key]:+d}")
        elif key == "E_kaaba":
            table.add_row(label, "n/a")  # 5.2 E is scored only in the Advanced Game
    lands = ", ".join(parts.get("A_lands") or []) or "none"
    table.caption = f"Islam markers in: {lands}"
    total = outcome.points if outcome.points is None else int(outcome.points)
    lines: list[RenderableType] = [table]
    if parts.get("sudden_death"):
        lines.append(Text("Driven out of Rome: sudden death (5.1), scored as at least 56 OP.", style="red"))
    lines.append(Text(f"Total: {total} Outcome Points. Level reached: {outcome.level}.", style="bold"))
    return Group(*lines)
