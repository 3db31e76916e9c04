"""Battle for Baghdad's zone map as a picture (SVG), drawn from ``view(seat)`` alone and the
public map data (``content/map.yaml``).

Each zone is a box at its coordinates (reconstructed: the printed map is not public), with its
name, affiliation, printed PP value and symbols; its controller's colour; the PP markers on it;
and each faction's units as a chip ``Sun 2/1`` (2 Security, 1 Infrastructure). The Tigris runs
through the bridges' crossings. Under the map: each faction's PP, cards in hand, zones held and
victory score, and the seat's own hand (the one secret the seat's view holds).

>>> import consim
>>> state = consim.load_game("baghdad", players=4).new_game(seed=2)
>>> svg = board_for(state.view("US"))
>>> svg.startswith("<svg") and "Sadr City" in svg and "Green Zone" in svg
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from itertools import pairwise
from typing import Any, cast

from consim.games.baghdad.content import BaghdadContent, Zone, default_content
from consim.games.baghdad.present import ABBR, _battle_due, header_line
from consim.games.baghdad.viewtypes import BaghdadSeatView, ZoneView
from consim.games.svgkit import clickable, document, esc, is_dark, rect, text, text_width, tint, wrap

__all__ = ["board_for", "zone_boxes"]

#: what the picture is drawn from: a seat's view (``BaghdadGame.view_type``); ``board_for``, which
#: the front ends call with a plain mapping, reads it through this type
View = BaghdadSeatView

#: the canvas and the boxes of the zones
_W = 1180.0
_BOX_W = 124.0
_BOX_H = 84.0
#: map coordinates (0..1000) to the canvas
_SCALE = 1.12
_LEFT = 70.0
_TOP = 150.0
_NAME = 12.5
_SMALL = 10.5
_CHIP = 11.0
_NEUTRAL = "#9e9e9e"
_RIVER = "#7fb3dd"


def _c() -> BaghdadContent:
    return default_content()


@cache
def zone_boxes() -> dict[str, tuple[float, float]]:
    """The centre of each zone's box on the canvas: the map's coordinates scaled, then pushed
    apart where two boxes would overlap (a few pixels at most)."""
    pos = {z.id: [_LEFT + z.x * _SCALE, _TOP + (z.y - 80) * _SCALE] for z in _c().map.zones}
    ids = list(pos)
    gap_w, gap_h = _BOX_W + 10, _BOX_H + 10
    for _ in range(200):
        moved = False
        for i, a in enumerate(ids):
            for b in ids[i + 1 :]:
                dx = pos[b][0] - pos[a][0]
                dy = pos[b][1] - pos[a][1]
                ox, oy = gap_w - abs(dx), gap_h - abs(dy)
                if ox <= 0 or oy <= 0:
                    continue
                moved = True
                if ox / gap_w < oy / gap_h:
                    s = 1 if dx >= 0 else -1
                    pos[a][0] -= s * ox / 2
                    pos[b][0] += s * ox / 2
                else:
                    s = 1 if dy >= 0 else -1
                    pos[a][1] -= s * oy / 2
                    pos[b][1] += s * oy / 2
        if not moved:
            break
    return {k: (v[0], v[1]) for k, v in pos.items()}


@cache
def _colours() -> dict[str, str]:
    return {f.id: f.colour_hex for f in _c().factions.factions}


def _river_path(pos: Mapping[str, tuple[float, float]]) -> str:
    """The Tigris: a smooth line through the middle of every bridge, north to south, carried
    on to the edges of the map."""
    mids = sorted(
        ((pos[a][0] + pos[b][0]) / 2, (pos[a][1] + pos[b][1]) / 2)
        for a, b in (br.zones for br in _c().map.bridges)
    )
    mids.sort(key=lambda p: p[1])
    top = (mids[0][0] - 10, _TOP - 70)
    bottom = (mids[-1][0] + 30, max(y for _, y in pos.values()) + _BOX_H)
    pts = [top, *mids, bottom]
    d = f"M{pts[0][0]:.1f},{pts[0][1]:.1f}"
    for (x0, y0), (x1, y1) in pairwise(pts):
        my = (y0 + y1) / 2
        d += f" C{x0:.1f},{my:.1f} {x1:.1f},{my:.1f} {x1:.1f},{y1:.1f}"
    return d


def _zone_svg(
    z: Zone, at: tuple[float, float], entry: ZoneView | None, fort_holder: str | None, battle: str
) -> str:
    x, y = at
    colours = _colours()
    control = entry["control"] if entry else None
    edge = colours.get(control, "#666") if control else "#8d8d8d"
    fill = tint(colours[control], 0.78) if control in colours else "#ffffff"
    x0, y0 = x - _BOX_W / 2, y - _BOX_H / 2
    units: Mapping[str, Sequence[int]] = entry["units"] if entry else {}
    pp = entry["pp"] if entry else 0
    names = wrap(z.name, 17)
    rows = (len(units) + 1) // 2
    height = max(_BOX_H, 8 + len(names) * 14 + 14 + rows * 18 + 4)
    held = f"held by {control}" if control else "held by nobody"
    described = [f"{z.name}: {z.affiliation} zone ({z.pp} PP when the Arab Street calls on it), {held}"]
    for f, (sec, inf) in units.items():
        described.append(f"{f}: {sec} Security, {inf} Infrastructure")
    if pp:
        described.append(f"{pp} PP on the zone")
    if battle:
        described.append(battle)
    parts = [f'<g id="zone-{esc(z.id)}"{clickable(z.name)}>', f"<title>{esc('; '.join(described))}</title>"]
    if battle:  # the battle being fought here, or one due in the Combat Phase
        parts.append(
            rect(
                x0 - 5, y0 - 5, _BOX_W + 10, height + 10, "none", "#d50000", 2.5, 8, ' stroke-dasharray="6,3"'
            )
        )
    parts.append(rect(x0, y0, _BOX_W, height, fill, edge, 3.0 if control else 1.4, 5))
    stripe = colours.get(z.affiliation, _NEUTRAL)
    parts.append(rect(x0 + 1.5, y0 + 1.5, _BOX_W - 3, 6, stripe, rx=2))
    ty = y0 + 8
    for line in names:
        ty += 14
        parts.append(text(x, ty, line, _NAME, "middle", "bold"))
    symbols = [s for s, on in (("A", z.airport), ("F", z.fortified), ("S", z.sanctuary)) if on]
    about = f"{'contested' if z.affiliation == 'contested' else z.affiliation} · {z.pp} PP"
    if symbols:
        about += " · " + " ".join(symbols)
    ty += 13
    parts.append(text(x, ty, about, _SMALL, "middle", fill="#333"))
    if z.fortified and fort_holder:
        parts.append(
            text(x, y0 - 5, f"{fort_holder} holds it fortified this turn", _SMALL, "middle", halo=True)
        )
    cy = ty + 5
    for i, (f, (sec, inf)) in enumerate(units.items()):
        cx = x0 + 4 + (i % 2) * (_BOX_W - 8) / 2
        cyy = cy + (i // 2) * 18
        colour = colours.get(f, "#555")
        w = (_BOX_W - 8) / 2 - 3
        parts.append(rect(cx, cyy, w, 16, colour, "#fff", 0.8, 3))
        ink = "#fff" if is_dark(colour) else "#111"
        parts.append(
            text(cx + w / 2, cyy + 12, f"{ABBR.get(f, f)} {sec}/{inf}", _CHIP, "middle", "bold", ink)
        )
    if pp:
        parts.append(
            f'<circle cx="{x0 + _BOX_W - 4:.1f}" cy="{y0 + 4:.1f}" r="11" fill="#ffd54f" stroke="#8d6e00" '
            f'stroke-width="1.2"/>'
        )
        parts.append(text(x0 + _BOX_W - 4, y0 + 8.5, str(pp), 12, "middle", "bold"))
    parts.append("</g>")
    return "".join(parts)


def _factions_band(view: View, top: float) -> tuple[str, float]:
    """Each faction's standing in a table, then the seat's own hand; returns the height used."""
    colours = _colours()
    seat = view.get("seat")
    cols = [("Faction", 0.0), ("PP", 200.0), ("Cards", 260.0), ("Zones held", 330.0), ("Score", 430.0)]
    cols += [("Special goal", 510.0), ("Commands", 640.0)]
    parts = [rect(0, top, _W, 10, "#efe8d2", rx=0)]
    y = top + 28
    x0 = 30.0
    for name, dx in cols:
        parts.append(text(x0 + dx, y, name, 12, weight="bold"))
    to_act = set(view.get("to_act", ()))
    for f in view["factions"]:
        y += 22
        colour = colours.get(f, "#555")
        parts.append(rect(x0, y - 12, 14, 14, colour, "#333", 0.6, 2))
        label = f + (" (you)" if f == seat else "") + (" - to act" if f in to_act else "")
        parts.append(text(x0 + 20, y, label, 12, weight="bold" if f == seat else "normal"))
        parts.append(text(x0 + 200, y, str(view["pp"].get(f, 0)), 12))
        parts.append(text(x0 + 260, y, str(view["hand_counts"].get(f, 0)), 12))
        parts.append(text(x0 + 330, y, str(view["zones_held"].get(f, 0)), 12))
        parts.append(text(x0 + 430, y, str(view["scores"].get(f, 0)), 12))
        goal = view.get("goals", {}).get(f)
        if goal:
            done = sum(1 for p in goal["parts"] if p["met"])
            words = "met" if goal["met"] else f"{done} of {len(goal['parts'])} parts"
            parts.append(text(x0 + 510, y, words, 12))
        active = len(view["active_commands"].get(f, ()))
        lost = len(view["neutralized"].get(f, ()))
        parts.append(text(x0 + 640, y, f"{active} active, {lost} neutralized", 12))
    sv = view.get("standard_victory", {})
    y += 24
    if sv:
        parts.append(
            text(
                x0,
                y,
                f"Score: PP held plus {sv.get('per_zone')} a zone held; {sv.get('pp')} wins at the end.",
                11,
                fill="#444",
            )
        )
        y += 18
    hand = [str(h) for h in view.get("hand", ())]
    if seat is not None:
        y += 8
        parts.append(text(x0, y, "Your hand:", 12, weight="bold"))
        if not hand:
            parts.append(text(x0 + 80, y, "no cards", 12))
        cx = x0 + 80
        for card in hand:
            w = text_width(card, 12) + 14
            if cx + w > _W - 20:
                cx = x0 + 80
                y += 26
            parts.append(f"<g{clickable(card)}>")
            parts.append(rect(cx, y - 15, w, 21, "#fffde7", "#8d6e00", 1.0, 4))
            parts.append(text(cx + 7, y, card, 12))
            parts.append("</g>")
            cx += w + 8
        y += 12
    return "".join(parts), y - top + 14


def board_for(view: Mapping[str, Any], width: int | None = None) -> str:
    """The map as ``view``'s seat sees it, as an SVG document."""
    return _board(cast(BaghdadSeatView, view), width)


def _board(view: View, width: int | None) -> str:
    """:func:`board_for` of a view read through its type."""
    c = _c()
    pos = zone_boxes()
    zones = view["zones"]
    out: list[str] = []
    seat = view.get("seat")
    who = f"as {seat} sees it" if seat else "as everyone sees it"
    out.append(text(30, 32, f"BATTLE FOR BAGHDAD · {who}", 18, weight="bold"))
    out.append(text(30, 56, header_line(view), 13))
    waiting = ", ".join(view.get("to_act", ()))
    if view.get("phase") == "over":
        out.append(text(30, 76, "The game is over.", 13, weight="bold"))
    elif waiting:
        now = f"To act: {waiting}"
        combat = view.get("combat")
        zid = combat["zone"] if combat else None
        if combat and zid in zones:
            where = c.zone(str(zid)).name
            now += f" · battle in {where}: {' against '.join(combat.get('sides', ()))} (red dashed frame)"
        out.append(text(30, 76, now, 13))
    # the river under everything
    river = _river_path(pos)
    out.append(
        f'<path class="river" d="{river}" fill="none" stroke="{_RIVER}" stroke-width="22" '
        f'stroke-linecap="round" opacity="0.8"/>'
    )
    # links: the bridges drawn as bridges, the other neighbours as grey lines
    bridges = {frozenset(b.zones): b.name for b in c.map.bridges}
    seen: set[frozenset[str]] = set()
    out.append('<g class="links">')
    for z in c.map.zones:
        for other in z.neighbours:
            pair = frozenset((z.id, other))
            if pair in seen:
                continue
            seen.add(pair)
            (x1, y1), (x2, y2) = pos[z.id], pos[other]
            if pair in bridges:
                out.append(
                    f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#5d4037" '
                    f'stroke-width="6"><title>{esc(bridges[pair])}</title></line>'
                    f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#d7ccc8" '
                    f'stroke-width="2.5"/>'
                )
            else:
                out.append(
                    f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#9e9e9e" '
                    f'stroke-width="2"/>'
                )
    out.append("</g>")
    west = min(pos.values(), key=lambda p: p[0])
    out.append(
        text(west[0] - 50, _TOP - 52, f"{c.map.river.west_bank} (west bank)", 13, fill="#555", halo=True)
    )
    east = max(pos.values(), key=lambda p: p[0])
    out.append(
        text(
            east[0] + 55, _TOP - 52, f"east bank ({c.map.river.east_bank})", 13, "end", fill="#555", halo=True
        )
    )
    out.append('<g class="zones">')
    fort = view.get("fortified_holder")
    combat = view.get("combat")
    fought = combat["zone"] if combat else None
    for z in c.map.zones:
        battle = ""
        if combat and fought == z.id:
            battle = f"battle here: {' against '.join(combat.get('sides', ()))}"
        elif view.get("phase") == "combat" and z.id in zones and _battle_due(view, z.id):
            battle = "a battle is due here"
        out.append(_zone_svg(z, pos[z.id], zones.get(z.id), fort, battle))
    out.append("</g>")
    bottom = max(y for _, y in pos.values()) + _BOX_H / 2 + 24
    lx = 30.0
    for label in (
        "Chip Sun 2/1: 2 Security and 1 Infrastructure of that faction",
        "A airport, F fortified, S sanctuary; the coloured stripe is the zone's affiliation; "
        "a yellow disc counts the PP markers on a zone",
        "Box colour and frame: the faction in control. Zone places reconstructed (the printed map is "
        f"not public); the {c.map.river.name} crosses at the brown bridges.",
    ):
        bottom += 16
        out.append(text(lx, bottom, label, 11.5, fill="#333"))
    band, used = _factions_band(view, bottom + 12)
    out.append(band)
    height = bottom + 12 + used
    title = f"Battle for Baghdad, turn {view.get('turn')}, {who}"
    return document(_W, height, title, "".join(out), shown_width=width)
