"""Terminal rendering of views: one renderer per game, plus a generic fallback."""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from consim.core.game import Outcome
from consim.core.registry import GAMES

Renderer = Callable[[Mapping[str, Any]], RenderableType]


def _generic(view: Mapping[str, Any]) -> RenderableType:
    return Panel(json.dumps(view, indent=1, default=str), title="view")


def _jihad(view: Mapping[str, Any]) -> RenderableType:
    """The First Jihad: the card, one line per Path (Mecca outward), tracks and AP."""
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


_ABBR = {"Shiite": "Shi", "Sunni": "Sun", "Government": "Gov", "US": "US", "Jihadist": "Jih", "NGO": "NGO"}


def _baghdad_notes(view: Mapping[str, Any]) -> list[str]:
    notes: list[str] = []
    if view.get("street_turned"):
        notes.append("Arab Street this turn: " + ", ".join(view["street_turned"]))
    if view.get("bidding"):
        b = view["bidding"]
        notes.append(f"Bidding: high {b['high']} by {b['high_bidder'] or 'nobody'}")
    if view.get("draft"):
        d = view["draft"]
        notes.append(f"Draft: {d['holder']} holds {d['cards']} card(s)")
        if d.get("packet"):
            notes.append("  you see: " + ", ".join(d["packet"]))
    if view.get("deal"):
        d = view["deal"]
        terms = f": {d['terms']}" if "terms" in d else ""
        notes.append(f"Deal from {d['from']} to {', '.join(d['to'])} ({d['stage']}){terms}")
    if view.get("truces"):
        notes.append("Truces: " + "; ".join(" & ".join(p) for p in view["truces"]))
    for p in view.get("promises", []):
        notes.append(f"Promise: {p['from']} to {', '.join(p['to'])}: {p['kind']}")
    if view.get("action"):
        a = view["action"]
        notes.append(f"{a['faction']}'s {a['step']} step, {a['moves_left']} move(s) left")
        if a.get("moving"):
            m = a["moving"]
            notes.append(f"  moving {m['units']} from {' -> '.join(m['path']) or m['at']}")
    if view.get("combat"):
        c = view["combat"]
        line = f"Combat ({c['stage']})" + (f" in {c['zone']}" if c.get("zone") else "")
        if c.get("sides"):
            line += f": {' vs '.join(c['sides'])}; ready: {', '.join(c['ready']) or 'none'}"
        notes.append(line)
        for f, p in (c.get("plans") or {}).items():
            notes.append(f"  {f}: {p['command']}, {p['offense']}, {p['defense']}, commit {p['commit']}")
        if c.get("my_plan"):
            p = c["my_plan"]
            notes.append(f"  your plan: {p['command']}, {p['offense']}, {p['defense']}, commit {p['commit']}")
    if view.get("pending"):
        p = view["pending"]
        who = ", ".join(p.get("waiting") or [p.get("seat") or ""])
        notes.append(f"Waiting on {who} ({p['kind']}{', ' + p['timing'] if 'timing' in p else ''})")
    return notes


def _baghdad(view: Mapping[str, Any]) -> RenderableType:
    """Battle for Baghdad: a zone table (owner, units, PP on the map, symbols), each
    faction's public status, pending business, and the seat's own hand."""
    from consim.games.baghdad.content_models import default_content

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
        status.add_row(
            Text(f + (" *" if f == view.get("initiative") else ""), style="bold cyan" if f == seat else ""),
            str(view["pp"][f]),
            str(view["scores"][f]),
            str(view["hand_counts"][f]),
            "/".join(str(x) for x in view["pools"][f]),
            commands,
            f"{round(100 * view['progress'][f])}%",
        )
    parts.append(status)
    notes = _baghdad_notes(view)
    if notes:
        parts.append(Text("\n".join(notes), style="yellow"))
    if "hand" in view:
        hand = ", ".join(view["hand"]) or "empty"
        parts.append(Text(f"{seat}'s hand ({len(view['hand'])}/{view['max_hand']}): {hand}"))
        if view.get("street_known"):
            parts.append(Text("Next Arab Street cards you know: " + ", ".join(view["street_known"])))
    return Group(*parts)


RENDERERS: dict[str, Renderer] = {"baghdad": _baghdad, "jihad": _jihad}


def _present(game_id: str) -> ModuleType | None:
    """The game's own terminal rendering, ``consim.games.<id>.present``, if it has one."""
    try:
        module_name = GAMES[game_id].partition(":")[0]
    except KeyError:
        return None
    try:
        return importlib.import_module(f"{module_name}.present")
    except ModuleNotFoundError:
        return None


def render_view(view: Mapping[str, Any]) -> RenderableType:
    """A view drawn for the terminal by its game's ``present.render``."""
    game_id = str(view.get("game"))
    module = _present(game_id)
    if module is not None and hasattr(module, "render"):
        rendered: RenderableType = module.render(view)
        return rendered
    return RENDERERS.get(game_id, _generic)(view)


# -- the end of a game ------------------------------------------------------------------------

OutcomeRenderer = Callable[[Outcome], RenderableType]

#: [5.2] the parts of The First Jihad's Outcome Points, in the rulebook's order
_JIHAD_PARTS: tuple[tuple[str, str], ...] = (
    ("A_islam_circles", "A  tan circles of the Lands holding an Islam marker"),
    ("B_arab_lands", "B  Lands controlled by the Arabs"),
    ("C_minor_powers", "C  Minor Power Tracks"),
    ("D_armies", "D  player armies"),
    ("D_castles", "D  Castles"),
    ("D_capitals", "D  Capitals"),
    ("E_kaaba", "E  Ka'aba Number (Advanced Game)"),
)


def _jihad_outcome(outcome: Outcome) -> RenderableType:
    parts = outcome.details.get("breakdown") or {}
    table = Table(title="Outcome Points (5.2)", title_justify="left")
    table.add_column("part")
    table.add_column("OP", justify="right")
    for key, label in _JIHAD_PARTS:
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


#: per game, how to show the end of the game from its ``Outcome`` (after the scores)
OUTCOME_RENDERERS: dict[str, OutcomeRenderer] = {"jihad": _jihad_outcome}


def render_outcome(game_id: str, outcome: Outcome) -> RenderableType | None:
    """The game's own end-of-game breakdown, or ``None`` if it has no outcome renderer."""
    module = _present(game_id)
    if module is not None and hasattr(module, "render_outcome"):
        shown: RenderableType | None = module.render_outcome(outcome)
        return shown
    renderer = OUTCOME_RENDERERS.get(game_id)
    return None if renderer is None else renderer(outcome)
