"""Battle for Baghdad in the terminal: a zone table (owner, units, PP on the map, symbols),
each faction's public status, pending business, and the seat's own hand. Drawn from
``view(seat)`` alone (and the public component data: the map and the faction colours)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from consim.games.baghdad.content import default_content

_ABBR = {"Shiite": "Shi", "Sunni": "Sun", "Government": "Gov", "US": "US", "Jihadist": "Jih", "NGO": "NGO"}


def notes(view: Mapping[str, Any]) -> list[str]:
    """Pending business in a few lines: the Arab Street, bids, the draft, deals, Truces and
    promises, the faction acting, the battle in progress, who is awaited."""
    out: list[str] = []
    if view.get("street_turned"):
        out.append("Arab Street this turn: " + ", ".join(view["street_turned"]))
    if view.get("bidding"):
        b = view["bidding"]
        out.append(f"Bidding: high {b['high']} by {b['high_bidder'] or 'nobody'}")
    if view.get("draft"):
        d = view["draft"]
        out.append(f"Draft: {d['holder']} holds {d['cards']} card(s)")
        if d.get("packet"):
            out.append("  you see: " + ", ".join(d["packet"]))
    if view.get("deal"):
        d = view["deal"]
        terms = f": {d['terms']}" if "terms" in d else ""
        out.append(f"Deal from {d['from']} to {', '.join(d['to'])} ({d['stage']}){terms}")
    if view.get("truces"):
        out.append("Truces: " + "; ".join(" & ".join(p) for p in view["truces"]))
    for p in view.get("promises", []):
        out.append(f"Promise: {p['from']} to {', '.join(p['to'])}: {p['kind']}")
    if view.get("action"):
        a = view["action"]
        out.append(f"{a['faction']}'s {a['step']} step, {a['moves_left']} move(s) left")
        if a.get("moving"):
            m = a["moving"]
            out.append(f"  moving {m['units']} from {' -> '.join(m['path']) or m['at']}")
    if view.get("combat"):
        c = view["combat"]
        line = f"Combat ({c['stage']})" + (f" in {c['zone']}" if c.get("zone") else "")
        if c.get("sides"):
            line += f": {' vs '.join(c['sides'])}; ready: {', '.join(c['ready']) or 'none'}"
        out.append(line)
        for f, p in (c.get("plans") or {}).items():
            out.append(f"  {f}: {p['command']}, {p['offense']}, {p['defense']}, commit {p['commit']}")
        if c.get("my_plan"):
            p = c["my_plan"]
            out.append(f"  your plan: {p['command']}, {p['offense']}, {p['defense']}, commit {p['commit']}")
    if view.get("pending"):
        p = view["pending"]
        who = ", ".join(p.get("waiting") or [p.get("seat") or ""])
        out.append(f"Waiting on {who} ({p['kind']}{', ' + p['timing'] if 'timing' in p else ''})")
    return out


def render(view: Mapping[str, Any]) -> RenderableType:
    content = default_content()
    seat = view.get("seat")
    parts: list[RenderableType] = [
        Text(
            f"Battle for Baghdad - turn {view['turn']} - {view['phase']} - First Player "
            f"{view.get('first_player') or '-'} - cards cost {view['card_price']} PP - "
            f"Arab Street cards left {view['street_left']}",
            style="bold",
        )
    ]
    zones = Table(title="Zones (units: Security/Infrastructure)")
    for col in ("zone (affiliation)", "PP", "owner", "units", "symbols"):
        zones.add_column(col, justify="right" if col == "PP" else "left")
    for z in content.map.zones:
        info = view["zones"][z.id]
        units = ", ".join(f"{_ABBR.get(f, f)} {u[0]}/{u[1]}" for f, u in info["units"].items())
        symbols = [
            s
            for s, on in (("airport", z.airport), ("fortified", z.fortified), ("sanctuary", z.sanctuary))
            if on
        ]
        symbols.append(f"{z.side} bank")
        aff = "" if z.affiliation == "contested" else f" ({_ABBR.get(z.affiliation, z.affiliation)})"
        owner = info["control"] or ("occupied" if len(info["units"]) > 1 else "-")
        zones.add_row(f"{z.name}{aff}", str(info["pp"] or ""), owner, units, " ".join(symbols))
    parts.append(zones)
    status = Table(title="Factions (in this turn's order; * has the Initiative)")
    for col in (
        "faction",
        "PP",
        "victory PP",
        "cards",
        "pool S/I",
        "Commands (active | neutralized)",
        "goal",
    ):
        status.add_column(col, justify="right" if col in ("PP", "victory PP", "cards") else "left")
    for f in view["order"]:
        neutral = ", ".join(view["neutralized"][f])
        commands = ", ".join(view["active_commands"][f]) + (f" | {neutral}" if neutral else "")
        name = Text.assemble(
            ("■ ", content.faction(f).colour_hex),  # the faction's colour (rulebook: Faction Colors)
            (f + (" *" if f == view.get("initiative") else ""), "bold cyan" if f == seat else ""),
        )
        status.add_row(
            name,
            str(view["pp"][f]),
            str(view["scores"][f]),
            str(view["hand_counts"][f]),
            "/".join(str(x) for x in view["pools"][f]),
            commands,
            f"{round(100 * view['progress'][f])}%",
        )
    parts.append(status)
    lines = notes(view)
    if lines:
        parts.append(Text("\n".join(lines), style="yellow"))
    if "hand" in view:
        hand = ", ".join(view["hand"]) or "empty"
        parts.append(Text(f"{seat}'s hand ({len(view['hand'])}/{view['max_hand']}): {hand}"))
        if view.get("street_known"):
            parts.append(Text("Next Arab Street cards you know: " + ", ".join(view["street_known"])))
    return Group(*parts)
