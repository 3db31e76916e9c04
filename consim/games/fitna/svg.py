"""Drawing Fitna's map as SVG: the board of ``map.yaml`` with the counters of a position on it.

The map (the layout of svg_layout.py: spaces, their areas, names, links, coasts, the legend and
the frames of the tracks) depends on the map alone: it is drawn once and kept. Each picture
then adds what changes: the colour of each space's area (its holder), the stacks as counters
on their spaces, the entrenchments, the markers on the tracks and the lines of the band. Nothing
here knows a rule: the module draws what it is given, and the caller (draw.py) decides what a
seat may see.

Every space is a click target named as the actions name it (``data-target="Abu Kamal"``):
its area (``class="area"``, ``id="area-ID"``), its box (``class="space"``, ``id="space-ID"``),
its name (``class="label"``) and an entrenchment on it. So is every stack, which also carries
``data-stack`` with the space's name, and each counter the caller names carries ``data-unit``
(the seat's own). Every element carries the space's id as ``data-space``. The sea, the links
and the country names catch no pointer, so that a click there reaches the area beneath. Each
counter, stack, space and offensive has a hover text (``<title>``) in plain words. Plain SVG
1.1: system fonts only, no scripts, no external references; all text is escaped.

The sea, the links, the spaces' boxes and names, and the legend are the same in every
picture of a map: they are drawn once, as two kept layers (``svgkit.layer``), which a page's
script keeps between moves, so that a move sends only the areas, the stacks and the band.
Being fixed, the hover text of a box and of a name gives the space's printed facts; the area's
adds the position's words (its holder, an entrenchment, the supply net), and the box and the
name carry ``data-title-from="area-ID"``, from which the page's script copies them.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from html import escape

import numpy as np

from consim.games.fitna.content import FORCE_LABEL, Country, MapFile, Space, Terrain
from consim.games.fitna.svg_layout import (
    _COUNTRY,
    _FONT,
    _MARGIN,
    _NAME_SIZE,
    _W,
    BADGE_H,
    BADGE_SIZE,
    BOX,
    COUNTER,
    NAME_LINE,
    NameBlock,
    _Board,
    _country_font,
    _country_label_spots,
    _text_width,
    badge_width,
    in_polygon,
    place_names,
    stack_offsets,
)
from consim.games.svgkit import clickable, layer
from consim.games.svgkit import text as svg_text

__all__ = ["SYMBOLS", "CounterFace", "Overlay", "StackFace", "board_svg", "space_features"]

#: the unit-type symbols a counter may carry (NATO style, as the printed counters have them)
SYMBOLS = (
    "infantry",
    "armour",
    "mechanised",
    "airborne",
    "special forces",
    "marines",
    "militia",
    "garrison",
    "IS",
)


@dataclass(frozen=True, slots=True)
class CounterFace:
    """One counter as the viewer sees it. The caller decides what shows: a unit it knows
    (symbol, size, designation, values), an enemy unit it has not seen (``hidden``: its force
    only) or an IS counter face down (``face_down``)."""

    fill: str
    title: str
    symbol: str = ""
    #: the size marker: "XXX" corps, "XX" division, "X" brigade, "III" regiment, "" none
    size: str = ""
    #: the short designation printed at the top left ("4", "JOR 3", "Golani")
    tag: str = ""
    #: the values as printed ("9-8-4", "4-4 A", "[3]", "6-4-X")
    values: str = ""
    #: the movement factor printed in red (armour, 3.0)
    red_movement: bool = False
    reduced: bool = False
    isolated: bool = False
    loyal: bool = False
    face_down: bool = False
    hidden: bool = False
    #: the force's short name on a hidden counter ("SYR", "Hezb")
    force: str = ""
    #: the unit's name as the actions spell it, on the seat's own counters (data-unit)
    unit: str = ""


@dataclass(frozen=True, slots=True)
class StackFace:
    """The counters of one space, back to front (the last is on top), with the stack's
    hover text; ``isolated``: how many of its hidden counters are isolated (a marker)."""

    counters: Sequence[CounterFace]
    title: str
    isolated: int = 0


@dataclass(frozen=True)
class Overlay:
    """What a position adds to the bare map (the caller has decided what the viewer may see):
    the fill of each space's area (its holder's colour, light), words added to each space's
    hover text, entrenchments, the International Tension and turn tracks, and a title and a
    few lines of text in a band under the map, with a key of the colours."""

    title: str = ""
    lines: Sequence[str] = ()
    #: space id -> the fill of the space's area (its holder's colour, light)
    control: Mapping[str, str] = field(default_factory=dict)
    #: space id -> words added to the space's hover text ("held by Syria; entrenched")
    notes: Mapping[str, str] = field(default_factory=dict)
    entrenched: Collection[str] = ()
    tension: int | None = None
    #: tension levels with effects, marked on the track
    tension_marks: Sequence[int] = (5, 6, 10)
    turn: int | None = None
    turns: int = 0
    #: turns at whose start the discards are reshuffled, marked on the turn track
    reshuffles: Sequence[int] = ()
    #: (label, colour) for the key of the controllers' colours
    keys: Sequence[tuple[str, str]] = ()
    #: an offensive under way: (the space attacked from, the space attacked, its words)
    attack: tuple[str, str, str] | None = None


_TERRAIN_FILL: dict[Terrain, str] = {"clear": "#f4edd4", "mountain": "#b89d72", "marsh": "#8fcfc0"}
_OBJECTIVE = "#d50000"
_OBJECTIVE_INK = "#b71c1c"
_LINK = "#7d7d7d"
#: the area of a space nobody holds, and of every space on the bare map (by country)
_NEUTRAL_AREA = "#f6f1e1"
_ISOLATED = "#d84315"
_SEA = "#a9d1ee"


def _text(
    x: float,
    y: float,
    text: str,
    size: float,
    anchor: str = "start",
    weight: str = "normal",
    fill: str = "#111",
    halo: bool = True,
    extra: str = "",
) -> str:
    """A text with a white halo by default (the map's names cross borders and links)."""
    return svg_text(x, y, text, size, anchor, weight, fill, halo, extra, halo_width=2.6)


def _ink(fill: str) -> str:
    """Black or white, whichever reads better on ``fill``."""
    h = fill.lstrip("#")
    if len(h) != 6:
        return "#111"
    r, g, b = (int(h[i : i + 2], 16) for i in (0, 2, 4))
    return "#fff" if 0.299 * r + 0.587 * g + 0.114 * b < 150 else "#111"


# ---- the spaces ------------------------------------------------------------------------------


def space_features(s: Space) -> list[str]:
    """A space's printed features in words: terrain, city, oilfield, holy site, objective, IS
    symbol, coast, defence bonus and Kurdish territory (the map's legend, 4.0-5.0)."""
    bits: list[str] = [s.terrain]
    for flag, word in (
        (s.city, "city"),
        (s.oilfield, "oilfield"),
        (s.holy, "holy site"),
        (s.objective, "objective"),
        (s.is_symbol, "IS symbol"),
        (s.coastal, "Mediterranean coast"),
    ):
        if flag:
            bits.append(word)
    if s.defence:
        bits.append(f"defence -{s.defence}")
    if s.kurdish:
        bits.append(f"{s.kurdish} territory")
    return bits


def _describe(s: Space) -> str:
    """A space's printed facts in words: its name and country, its features, its sources."""
    text = f"{s.name} ({_COUNTRY[s.country][1].title()}): {', '.join(space_features(s))}"
    if s.supply:
        text += "; a supply source for " + ", ".join(FORCE_LABEL.get(f, f) for f in s.supply)
    return text


def _glyph(kind: str, x: float, y: float) -> str:
    if kind == "city":
        return f'<rect x="{x - 2.8:.1f}" y="{y - 2.8:.1f}" width="5.6" height="5.6" fill="#222"/>'
    if kind == "oil":
        return (
            f'<path d="M{x:.1f},{y - 4:.1f} C{x + 3.4:.1f},{y + 0.5:.1f} {x + 3:.1f},{y + 3.6:.1f} '
            f"{x:.1f},{y + 3.6:.1f} "
            f'C{x - 3:.1f},{y + 3.6:.1f} {x - 3.4:.1f},{y + 0.5:.1f} {x:.1f},{y - 4:.1f} Z" fill="#000"/>'
        )
    # holy: a five-pointed star
    pts = []
    for i in range(10):
        r = 4.6 if i % 2 == 0 else 2.0
        a = -math.pi / 2 + i * math.pi / 5
        pts.append(f"{x + r * math.cos(a):.1f},{y + r * math.sin(a):.1f}")
    return f'<polygon points="{" ".join(pts)}" fill="#c9a000" stroke="#5d4a00" stroke-width="0.5"/>'


_BADGE_STYLE = {
    # kind: fill, stroke, ink
    "is": ("#111", "#111", "#fff"),
    "defence": ("#fff", "#111", "#111"),
    "kurdish": ("#ffeb3b", "#2e7d32", "#1b5e20"),
    "supply": ("#fff", "#555", "#111"),
}


def _badge(kind: str, text: str, x: float, y: float) -> str:
    """A pill of ``text`` with its left edge at x, its top at y."""
    fill, stroke, ink = _BADGE_STYLE[kind]
    w = badge_width(text)
    return (
        f'<rect class="{kind}" x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{BADGE_H:.0f}" rx="4.5" '
        f'fill="{fill}" stroke="{stroke}" stroke-width="0.9"/>'
        f'<text x="{x + w / 2:.1f}" y="{y + 7:.1f}" font-size="{BADGE_SIZE:.0f}" font-weight="bold" '
        f'text-anchor="middle" fill="{ink}">{escape(text)}</text>'
    )


def _space_parts(board: _Board, s: Space, label: NameBlock) -> tuple[str, str, str, str]:
    """A space's two groups around their hover text, each as (the opening tag, the drawing),
    so that each picture adds only the words of the position: its box, and its name with its
    badges (drawn over every box)."""
    x, y = board.pos[s.id]
    half = BOX / 2
    colour = _COUNTRY[s.country][0]
    head = (
        f'<g id="space-{escape(s.id)}"{clickable(s.name, "space")} data-space="{escape(s.id)}" '
        f'data-country="{escape(s.country)}" data-title-from="area-{escape(s.id)}">'
    )
    parts: list[str] = []
    if s.objective:
        parts.append(
            f'<rect x="{x - half - 3.4:.1f}" y="{y - half - 3.4:.1f}" width="{BOX + 6.8:.1f}" '
            f'height="{BOX + 6.8:.1f}" rx="5" fill="none" stroke="{_OBJECTIVE}" stroke-width="2.2"/>'
        )
    parts.append(
        f'<rect class="box" x="{x - half:.1f}" y="{y - half:.1f}" width="{BOX:.1f}" height="{BOX:.1f}" '
        f'rx="3" fill="{_TERRAIN_FILL[s.terrain]}" stroke="{colour}" stroke-width="2.4"/>'
    )
    glyphs = [g for g, on in (("city", s.city), ("oil", s.oilfield), ("holy", s.holy)) if on]
    for i, g in enumerate(glyphs):
        parts.append(_glyph(g, x + (i - (len(glyphs) - 1) / 2) * 8.5, y))
    if s.coastal:
        parts.append(
            f'<circle cx="{x - half + 1:.1f}" cy="{y + half - 1:.1f}" r="3" fill="#1e88e5" stroke="#fff" '
            f'stroke-width="0.8"/>'
        )
    parts.append("</g>")
    named = (
        f'<g{clickable(s.name, "label")} data-space="{escape(s.id)}" data-title-from="area-{escape(s.id)}">',
        len(parts),
    )
    box = label.rect
    cx = (box.x0 + box.x1) / 2
    bold = s.objective or s.city
    ink = _OBJECTIVE_INK if s.objective else "#111"
    for i, line in enumerate(label.lines):
        parts.append(
            _text(
                cx,
                box.y0 + _NAME_SIZE + i * NAME_LINE,
                line,
                _NAME_SIZE,
                "middle",
                "bold" if bold else "normal",
                fill=ink,
                extra=' class="name"',
            )
        )
    badges = board.badges(s)
    if badges:
        total = sum(badge_width(t) + 2 for _, t in badges) - 2
        bx = cx - total / 2
        for kind, t in badges:
            parts.append(_badge(kind, t, bx, box.y0 + NAME_LINE * len(label.lines) + 1))
            bx += badge_width(t) + 2
    parts.append("</g>")
    return head, "".join(parts[: named[1]]), named[0], "".join(parts[named[1] :])


def _attack(board: _Board, source: str, target: str, words: str) -> str:
    """[18.0] An offensive under way: a red arrow from the space attacked from to the space
    attacked, between their stacks."""
    if source not in board.pos or target not in board.pos or source == target:
        return ""
    (x0, y0), (x1, y1) = board.pos[source], board.pos[target]
    d = math.dist((x0, y0), (x1, y1))
    ux, uy = (x1 - x0) / d, (y1 - y0) / d
    a, b = min(19.0, d / 3), min(25.0, d / 3)
    sx, sy, ex, ey = x0 + ux * a, y0 + uy * a, x1 - ux * b, y1 - uy * b
    nx, ny = -uy, ux
    head = 9.0
    bx, by = ex - ux * head, ey - uy * head
    points = [
        (sx + nx * 2.6, sy + ny * 2.6),
        (bx + nx * 2.6, by + ny * 2.6),
        (bx + nx * 7.0, by + ny * 7.0),
        (ex, ey),
        (bx - nx * 7.0, by - ny * 7.0),
        (bx - nx * 2.6, by - ny * 2.6),
        (sx - nx * 2.6, sy - ny * 2.6),
    ]
    return (
        f'<g class="attack"><title>{escape(words)}</title><polygon points="'
        + " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        + '" fill="#d50000" fill-opacity="0.9" stroke="#fff" stroke-width="1.2" stroke-linejoin="round"/></g>'
    )


def _entrenchment(x: float, y: float, space: Space | None = None) -> str:
    """[19.0] An entrenchment marker: a dark chit with three merlons, its centre at (x, y); on
    a space, a click target of that space."""
    picked = ' class="entrenchment"'
    if space is not None:
        picked = f'{clickable(space.name, "entrenchment")} data-space="{escape(space.id)}"'
    out = (
        f"<g{picked}><title>entrenched (19.0)</title>"
        f'<rect x="{x - 8:.1f}" y="{y - 3.5:.1f}" width="16" height="7" rx="1" fill="#4e342e" '
        f'stroke="#fff" stroke-width="0.8"/>'
    )
    for dx in (-6.0, -1.2, 3.6):
        out += f'<rect x="{x + dx:.1f}" y="{y - 6.5:.1f}" width="2.6" height="3.2" fill="#4e342e"/>'
    return out + "</g>"


# ---- the counters ----------------------------------------------------------------------------


def _symbol(kind: str, x: float, y: float, w: float, h: float, ink: str) -> str:
    """The unit-type symbol in a w*h frame with its top left at (x, y)."""
    frame = (
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" fill="none" stroke="{ink}" '
        f'stroke-width="0.9"/>'
    )
    cross = (
        f'<path d="M{x:.1f},{y:.1f} L{x + w:.1f},{y + h:.1f} M{x + w:.1f},{y:.1f} L{x:.1f},{y + h:.1f}" '
        f'stroke="{ink}" stroke-width="0.8" fill="none"/>'
    )
    oval = (
        f'<ellipse cx="{x + w / 2:.1f}" cy="{y + h / 2:.1f}" rx="{w / 2 - 2.2:.1f}" ry="{h / 2 - 1.6:.1f}" '
        f'fill="none" stroke="{ink}" stroke-width="0.9"/>'
    )

    def letters(t: str, size: float = 5.6) -> str:
        return (
            f'<text x="{x + w / 2:.1f}" y="{y + h / 2 + size * 0.36:.1f}" font-size="{size:.1f}" '
            f'font-weight="bold" text-anchor="middle" fill="{ink}">{t}</text>'
        )

    if kind == "armour":
        return frame + oval
    if kind == "mechanised":
        return frame + cross + oval
    if kind == "airborne":
        r = w / 6
        cy = y + h - 1.2
        return (
            frame
            + cross
            + f'<path d="M{x + w / 2 - 2 * r:.1f},{cy:.1f} a{r:.1f},{r:.1f} 0 0 1 {2 * r:.1f},0 '
            f'a{r:.1f},{r:.1f} 0 0 1 {2 * r:.1f},0" fill="none" stroke="{ink}" stroke-width="0.8"/>'
        )
    if kind == "special forces":
        return frame + letters("SF")
    if kind == "marines":
        return (
            frame
            + cross
            + f'<path d="M{x + 1:.1f},{y + h - 1.6:.1f} q{w / 8:.1f},-1.6 {w / 4:.1f},0 t{w / 4:.1f},0 '
            f't{w / 4:.1f},0 t{w / 4 - 2:.1f},0" fill="none" stroke="{ink}" stroke-width="0.8"/>'
        )
    if kind == "militia":
        return frame + letters("MIL", 5.0)
    if kind == "garrison":
        m = w / 7
        d = (
            f"M{x + 1:.1f},{y + h - 1.5:.1f} L{x + 1:.1f},{y + 3:.1f} "
            + " ".join(
                f"L{x + 1 + k * m:.1f},{y + (1.5 if k % 2 else 3):.1f} "
                f"L{x + 1 + (k + 1) * m - 0.01:.1f},{y + (1.5 if k % 2 else 3):.1f}"
                for k in range(int((w - 2) / m))
            )
            + f" L{x + w - 1:.1f},{y + 3:.1f} L{x + w - 1:.1f},{y + h - 1.5:.1f} Z"
        )
        return frame + f'<path d="{d}" fill="none" stroke="{ink}" stroke-width="0.8"/>'
    if kind == "IS":
        return frame + letters("IS")
    if kind == "infantry":
        return frame + cross
    return ""


def _values(c: CounterFace, x: float, y: float, ink: str) -> str:
    """The printed values along the counter's foot, squeezed to its width if need be."""
    size = 7.8
    fit = ""
    if _text_width(c.values, size, True) - 2 > COUNTER - 3:
        fit = f' textLength="{COUNTER - 3:.1f}" lengthAdjust="spacingAndGlyphs"'
    body = escape(c.values)
    if c.red_movement and "-" in c.values:
        head, _, move = c.values.rpartition("-")
        red = "#ff8a80" if ink == "#fff" else "#c62828"
        body = f'{escape(head)}-<tspan fill="{red}">{escape(move)}</tspan>'
    return (
        f'<text x="{x + COUNTER / 2:.1f}" y="{y + COUNTER - 2.6:.1f}" font-size="{size}" font-weight="bold" '
        f'text-anchor="middle" fill="{ink}"{fit}>{body}</text>'
    )


def _counter(c: CounterFace, x: float, y: float) -> str:
    """A counter with its top left at (x, y): its face, drawn once, moved there."""
    attrs, drawn = _face(c)
    return f'<g class="counter"{attrs} transform="translate({x:.1f},{y:.1f})">{drawn}</g>'


@lru_cache(maxsize=4096)
def _face(c: CounterFace) -> tuple[str, str]:
    """A counter's attributes and drawing, its top left at (0, 0): each face is drawn once and
    kept (a position repeats most of the last one's counters)."""
    x = y = 0.0
    attrs = f' data-unit="{escape(c.unit)}"' if c.unit else ""
    out = [f"<title>{escape(c.title)}</title>"]
    fill = "#212121" if c.face_down else c.fill
    ink = _ink(fill)
    s = COUNTER
    out.append(
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{s:.0f}" height="{s:.0f}" rx="2.5" fill="{escape(fill)}" '
        f'stroke="#1a1a1a" stroke-width="0.9"/>'
    )
    if c.face_down:
        # [25.1] the IS symbol, the side every IS counter shows until it is revealed
        out.append(
            f'<circle cx="{x + s / 2:.1f}" cy="{y + s / 2:.1f}" r="8.2" fill="none" stroke="#fff" '
            f'stroke-width="1.2"/>'
            f'<text x="{x + s / 2:.1f}" y="{y + s / 2 + 3:.1f}" font-size="8.5" font-weight="bold" '
            f'text-anchor="middle" fill="#fff">IS</text>'
        )
    elif c.hidden:
        out.append(
            f'<text x="{x + s / 2:.1f}" y="{y + 15:.1f}" font-size="12" font-weight="bold" '
            f'text-anchor="middle" fill="{ink}">?</text>'
        )
        if c.force:
            fit = ""
            if _text_width(c.force, 6.0, True) > s - 3:
                fit = f' textLength="{s - 3:.1f}" lengthAdjust="spacingAndGlyphs"'
            out.append(
                f'<text x="{x + s / 2:.1f}" y="{y + s - 3:.1f}" font-size="6" font-weight="bold" '
                f'text-anchor="middle" fill="{ink}"{fit}>{escape(c.force)}</text>'
            )
    else:
        if c.reduced:
            # the reduced side: a pale stripe across the top
            out.append(
                f'<rect x="{x + 0.5:.1f}" y="{y + 0.5:.1f}" width="{s - 1:.0f}" height="6.6" rx="2" '
                f'fill="#fff" fill-opacity="0.6"/>'
            )
        top_ink = "#111" if c.reduced else ink
        if c.tag:
            fit = ""
            room = s - 3 - (_text_width(c.size, 5.4, True) if c.size else 0)
            if _text_width(c.tag, 5.4, True) - 2 > room:
                fit = f' textLength="{room:.1f}" lengthAdjust="spacingAndGlyphs"'
            out.append(
                f'<text x="{x + 1.6:.1f}" y="{y + 5.8:.1f}" font-size="5.4" font-weight="bold" '
                f'fill="{top_ink}"{fit}>{escape(c.tag)}</text>'
            )
        if c.size:
            out.append(
                f'<text x="{x + s - 1.6:.1f}" y="{y + 5.8:.1f}" font-size="5.4" font-weight="bold" '
                f'text-anchor="end" fill="{top_ink}">{escape(c.size)}</text>'
            )
        out.append(_symbol(c.symbol, x + 5.5, y + 7.6, s - 11, 8.6, ink))
        if c.loyal:
            out.append(
                f'<text x="{x + 2.2:.1f}" y="{y + 15.4:.1f}" font-size="5.4" font-weight="bold" '
                f'fill="{ink}">L</text>'
            )
        out.append(_values(c, x, y, ink))
    if c.isolated:
        out.append(_isolated(x + s - 7, y - 2.5, ""))
    return attrs, "".join(out)


def _isolated(x: float, y: float, count: str) -> str:
    """[14.0] An isolated marker (out of supply), its centre at (x, y)."""
    text = f"{count} ISO" if count else "ISO"
    w = _text_width(text, 5.4, True) + 1
    return (
        f'<rect x="{x - w / 2:.1f}" y="{y - 3.6:.1f}" width="{w:.1f}" height="7.2" rx="1.5" '
        f'fill="{_ISOLATED}" stroke="#fff" stroke-width="0.7"/>'
        f'<text x="{x:.1f}" y="{y + 2:.1f}" font-size="5.4" font-weight="bold" text-anchor="middle" '
        f'fill="#fff">{text}</text>'
    )


def _stack(space: Space, st: StackFace, x: float, y: float) -> str:
    """A stack on its space, centred on (x, y): the counters back to front, fanned so that
    each known counter's values show, with the number of counters when there are several."""
    n = len(st.counters)
    fanned = any(not (c.hidden or c.face_down) for c in st.counters)
    offsets, w, h = stack_offsets(n, fanned)
    name = escape(space.name)
    out = [
        f'<g{clickable(space.name, "stack")} data-stack="{name}" data-space="{escape(space.id)}">'
        f"<title>{escape(st.title)}</title>"
    ]
    for c, (dx, dy) in zip(st.counters, offsets, strict=True):
        out.append(_counter(c, x + dx, y + dy))
    if n > 1:
        fx, fy = x + offsets[-1][0] + COUNTER, y + offsets[-1][1]
        out.append(
            f'<circle cx="{fx:.1f}" cy="{fy:.1f}" r="5.4" fill="#fff" stroke="#1a1a1a" stroke-width="0.9"/>'
            f'<text x="{fx:.1f}" y="{fy + 2.5:.1f}" font-size="7.2" font-weight="bold" text-anchor="middle" '
            f'fill="#111">{n}</text>'
        )
    if st.isolated:
        out.append(_isolated(x - w / 2 + 8, y + h / 2 + 1, str(st.isolated)))
    out.append("</g>")
    return "".join(out)


# ---- the legend ------------------------------------------------------------------------------


def _legend_items() -> list[tuple[str, float]]:
    """The legend's entries, each drawn at (0, 0) (its baseline) and its width."""
    items: list[tuple[str, float]] = []

    def entry(swatch: str, words: str, at: float = 22.0) -> None:
        items.append((swatch + _text(at, 0, words, 8.5, halo=False), at + _text_width(words, 8.5)))

    for terrain, fill in _TERRAIN_FILL.items():
        entry(f'<rect x="0" y="-9" width="16" height="11" rx="2" fill="{fill}" stroke="#555"/>', terrain)
    entry(
        f'<rect x="-2" y="-11" width="20" height="15" rx="3" fill="none" stroke="{_OBJECTIVE}" '
        f'stroke-width="1.8"/><rect x="0" y="-9" width="16" height="11" rx="2" '
        f'fill="{_TERRAIN_FILL["clear"]}" stroke="#555"/>',
        "objective (red name)",
        24.0,
    )
    entry(_glyph("city", 5, -3), "city", 12.0)
    entry(_glyph("oil", 4, -3), "oilfield", 10.0)
    entry(_glyph("holy", 5, -3), "holy site", 12.0)
    entry(_badge("is", "IS", 0, -8), "IS symbol", 17.0)
    entry(_badge("defence", "-1", 0, -8), "defence bonus", 18.0)
    entry(_badge("kurdish", "KDP", 0, -8), "Kurdish faction's land", 27.0)
    entry(_badge("supply", "IQ US", 0, -8), "supply source of these forces", 34.0)
    entry('<circle cx="4" cy="-3" r="3" fill="#1e88e5"/>', "Mediterranean coast", 11.0)
    entry(
        f'<rect x="0" y="-9" width="16" height="11" fill="{_NEUTRAL_AREA}" stroke="#bbb"/>',
        "a space's area, in its holder's colour",
    )
    for kind in SYMBOLS:
        if kind != "IS":
            entry(
                '<rect x="0" y="-9" width="18" height="11" rx="1.5" fill="#cfd8dc" stroke="#555" '
                f'stroke-width="0.6"/>{_symbol(kind, 2.5, -7.5, 13, 8, "#111")}',
                kind,
                23.0,
            )
    entry(
        '<rect x="0" y="-9" width="18" height="11" rx="1.5" fill="#212121"/><text x="9" y="-0.8" '
        'font-size="6" font-weight="bold" text-anchor="middle" fill="#fff">IS</text>',
        "IS counter, face down",
        23.0,
    )
    entry(
        '<rect x="0" y="-9" width="18" height="11" rx="1.5" fill="#8e24aa"/><text x="9" y="-0.8" '
        'font-size="8" font-weight="bold" text-anchor="middle" fill="#fff">?</text>',
        "enemy unit not seen",
        23.0,
    )
    return items


#: the last lines of the legend: how a counter reads
_COUNTER_WORDS = (
    "Counters: attack-defence-movement (A airmobile, X no movement, [n] a garrison's defence); "
    "red movement: armour; pale top: the reduced side; L loyal in a coup; ISO isolated; "
    "XXX corps, XX division, X brigade, III regiment."
)


def _legend(top: float) -> tuple[str, float]:
    """The legend, a strip across the picture under the map (so that it hides nothing), and
    its height."""
    x0, right, row = _MARGIN[3] - 40, _W - 16, 17.0
    parts = [_text(x0, top + 16, "Legend", 10.0, weight="bold", halo=False)]
    x, y = x0 + 56, top + 16
    for drawn, w in _legend_items():
        if x + w > right:
            x, y = x0 + 56, y + row
        parts.append(f'<g transform="translate({x:.1f},{y:.1f})">{drawn}</g>')
        x += w + 16
    y += row
    parts.append(_text(x0 + 56, y, _COUNTER_WORDS, 8.5, halo=False))
    height = y + 10 - top
    frame = (
        f'<rect x="0" y="{top:.1f}" width="{_W:.0f}" height="{height:.1f}" fill="#f7f3e6" stroke="#b9ad8a" '
        f'stroke-width="1"/>'
    )
    return f'<g class="legend">{frame}{"".join(parts)}</g>', height


# ---- the map, drawn once ---------------------------------------------------------------------


@dataclass(frozen=True)
class _Static:
    """What every picture of a map shares, drawn once."""

    board: _Board
    #: space id -> its area (up to its fill), and its printed facts in words (escaped)
    areas: dict[str, str]
    described: dict[str, str]
    #: a kept layer: the sea, the country names and the links, then every space's box, then
    #: every space's name (each with the space's printed facts as its hover text)
    fixed: str
    #: the legend's strip as a kept layer (drawn from y 0, moved under the map and the band),
    #: and its height
    legend: tuple[str, float]


#: the map drawn once, by the map's identity (the map is kept with it, so that its identity
#: is never reused)
_STATIC: dict[int, tuple[MapFile, _Static]] = {}


def _static(content: MapFile) -> _Static:
    found = _STATIC.get(id(content))
    if found is not None and found[0] is content:
        return found[1]
    board = _Board(content)
    labels, taken = place_names(board)
    spots = _country_label_spots(board, taken)
    seas = "".join(
        '<polygon points="' + " ".join(f"{x:.1f},{y:.1f}" for x, y in sea) + '"/>' for sea in board.seas
    )
    # the sea, its shore lined with a pale band (as printed maps do), and its names; nothing
    # here catches the pointer, so that a click on the sea or a line reaches the area beneath
    under: list[str] = [
        f'<g class="sea" pointer-events="none"><g fill="{_SEA}" stroke="#d9ecf8" stroke-width="7" '
        f'stroke-linejoin="round">{seas}</g><g fill="none" stroke="#4f86b8" stroke-width="1.3">{seas}</g>'
    ]
    for (sx, sy), name in zip(_sea_names(board), ("Mediterranean Sea", "The Gulf"), strict=True):
        if sx is not None:
            under.append(
                f'<text x="{sx:.1f}" y="{sy:.1f}" font-size="11" font-style="italic" letter-spacing="1" '
                f'text-anchor="middle" fill="#2f6a9e">{escape(name)}</text>'
            )
    under.append("</g>")
    under.append('<g class="countries" pointer-events="none">')
    members: dict[Country, int] = {}
    for s in content.spaces:
        members[s.country] = members.get(s.country, 0) + 1
    for country, (gx, gy) in spots.items():
        colour, name = _COUNTRY[country]
        under.append(
            f'<text x="{gx:.1f}" y="{gy:.1f}" font-size="{_country_font(members[country]):.0f}" '
            f'font-weight="bold" letter-spacing="3" '
            f'text-anchor="middle" fill="{colour}" fill-opacity="0.42">{escape(name)}</text>'
        )
    under.append("</g>")
    under.append(
        f'<g class="links" stroke="{_LINK}" stroke-width="1.8" stroke-linecap="round" pointer-events="none">'
    )
    for a, b in content.links:
        (x1, y1), (x2, y2) = board.pos[a], board.pos[b]
        under.append(
            f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
            f'data-link="{escape(a)} {escape(b)}"/>'
        )
    under.append("</g>")
    described = {s.id: escape(_describe(s)) for s in content.spaces}
    parts = {s.id: _space_parts(board, s, labels[s.id]) for s in content.spaces}
    fixed = [*under, '<g class="spaces">']
    fixed += [f"{parts[s.id][0]}<title>{described[s.id]}</title>{parts[s.id][1]}" for s in content.spaces]
    fixed.append('</g><g class="names">')
    fixed += [f"{parts[s.id][2]}<title>{described[s.id]}</title>{parts[s.id][3]}" for s in content.spaces]
    fixed.append("</g>")
    legend, legend_h = _legend(0.0)
    made = _Static(
        board=board,
        areas={
            s.id: f'<polygon id="area-{escape(s.id)}"{clickable(s.name, "area")} data-space="{escape(s.id)}" '
            'points="' + " ".join(f"{x:.1f},{y:.1f}" for x, y in board.areas[s.id]) + '" fill="'
            for s in content.spaces
        },
        described=described,
        fixed=layer("".join(fixed)),
        legend=(layer(legend), legend_h),
    )
    _STATIC[id(content)] = (content, made)
    return made


def _sea_names(board: _Board) -> list[tuple[float | None, float]]:
    """A spot inside each sea for its name (None if the sea shows too little)."""
    out: list[tuple[float | None, float]] = []
    for sea in board.seas:
        found: tuple[float | None, float] = (None, 0.0)
        for y in np.arange(40.0, board.height - 20, 12.0):
            for x in np.arange(72.0, _W - 72, 12.0):
                if all(
                    in_polygon(float(x) + dx, float(y) + dy, sea) for dx in (-52, 0, 52) for dy in (-10, 4)
                ):
                    found = (float(x), float(y))
                    break
            if found[0] is not None:
                break
        out.append(found)
    return out


# ---- a picture -------------------------------------------------------------------------------


def board_svg(
    content: MapFile,
    stacks: Mapping[str, StackFace] | None = None,
    width: int = 1200,
    overlay: Overlay | None = None,
) -> str:
    """The board as an SVG document.

    ``stacks`` maps a space id to the stack to draw on it (what the caller lets the viewer
    see); its texts are escaped. ``overlay`` adds a position: control, entrenchments, tracks
    and a title (``Overlay``). ``width`` is the rendered width in pixels; the drawing scales
    with it.
    """
    static = _static(content)
    board = static.board
    h = board.height
    band = _BAND if overlay is not None else 0.0
    legend, legend_h = static.legend
    total = h + band + legend_h
    scale = width / _W
    title = overlay.title if overlay is not None and overlay.title else "the map (reconstructed)"
    fills = overlay.control if overlay is not None else {}
    notes = overlay.notes if overlay is not None else {}
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width}" height="{total * scale:.0f}" '
        f'viewBox="0 0 {_W:.0f} {total:.0f}" font-family="{_FONT}">',
        f"<title>Fitna: Global War in the Middle East, {escape(title)}</title>",
        f'<rect x="0" y="0" width="{_W:.0f}" height="{total:.0f}" fill="#fbf8ef"/>',
        '<g class="areas" stroke="#fff" stroke-width="1.4" stroke-linejoin="round">',
    ]
    for s in content.spaces:
        said = static.described[s.id]
        note = notes.get(s.id)
        t = f"{said}; {escape(note)}" if note else said
        fill = fills.get(s.id, _NEUTRAL_AREA)
        out.append(f'{static.areas[s.id]}{escape(fill)}"><title>{t}</title></polygon>')
    out.append("</g>")
    out.append(static.fixed)
    if stacks:
        out.append('<g class="stacks">')
        for s in content.spaces:
            st = stacks.get(s.id)
            if st is not None and st.counters:
                x, y = board.pos[s.id]
                out.append(_stack(s, st, x, y))
        out.append("</g>")
    if overlay is not None and overlay.attack is not None:
        out.append(_attack(board, *overlay.attack))
    if overlay is not None and overlay.entrenched:
        out.append('<g class="entrenchments">')
        for sid in sorted(overlay.entrenched):
            if sid in board.pos:
                x, y = board.pos[sid]
                out.append(_entrenchment(x - BOX / 2 - 1, y + BOX / 2 + 1, board.spaces[sid]))
        out.append("</g>")
    if overlay is None:  # a position's title goes in the band
        out.append(
            _text(_MARGIN[3] - 40, 26, "FITNA: the map (115 spaces, reconstructed)", 16.0, weight="bold")
        )
    if overlay is not None:
        out.append(_band(overlay, h))
    out.append(f'<g transform="translate(0,{h + band:.1f})">{legend}</g>')
    out.append("</svg>")
    return "".join(out)


#: the height of the band under the map that holds the tracks and the key of a position
_BAND = 118.0
_CELL = 22.0


@lru_cache(maxsize=32)
def _band_frame(top: float, marks: tuple[int, ...], turns: int, reshuffles: tuple[int, ...]) -> str:
    """The band's unchanging part: its ground, the tracks' boxes and their captions."""
    parts = [
        f'<rect x="0" y="{top:.1f}" width="{_W:.0f}" height="{_BAND:.0f}" fill="#efe8d2" '
        f'stroke="#b9ad8a" stroke-width="1"/>'
    ]
    x0, y = _MARGIN[3] - 40, top + 20
    parts.append(_text(x0, y, "International Tension", 10.0, weight="bold", halo=False))
    for n in range(11):
        cx = x0 + n * _CELL
        marked = n in marks
        parts.append(
            f'<rect class="tension" x="{cx:.1f}" y="{y + 6:.1f}" width="{_CELL - 3:.1f}" height="18" rx="3" '
            f'fill="#fff" stroke="{"#c62828" if marked else "#777"}" '
            f'stroke-width="{1.8 if marked else 0.8}"/>'
            f'<text x="{cx + (_CELL - 3) / 2:.1f}" y="{y + 19:.1f}" font-size="10" text-anchor="middle" '
            f'font-weight="{"bold" if marked else "normal"}" fill="#111">{n}</text>'
        )
    parts.append(
        _text(x0, y + 40, "5 High Tension cards, 6 a batch each, 10 the great powers", 8.0, halo=False)
    )
    if turns:
        tx = x0 + 11 * _CELL + 30
        parts.append(_text(tx, y, "Turn", 10.0, weight="bold", halo=False))
        for n in range(1, turns + 1):
            cx = tx + (n - 1) * _CELL
            parts.append(
                f'<rect class="turn" x="{cx:.1f}" y="{y + 6:.1f}" width="{_CELL - 3:.1f}" height="18" rx="3" '
                f'fill="#fff" stroke="#777" stroke-width="0.8"/>'
                f'<text x="{cx + (_CELL - 3) / 2:.1f}" y="{y + 19:.1f}" font-size="10" text-anchor="middle" '
                f'fill="#111">{n}</text>'
            )
            if n in reshuffles:
                parts.append(
                    f'<text x="{cx + (_CELL - 3) / 2:.1f}" y="{y + 34:.1f}" font-size="8" '
                    f'text-anchor="middle" fill="#555">R</text>'
                )
        parts.append(_text(tx, y + 47, "R: the discards are reshuffled", 8.0, halo=False))
    return "".join(parts)


def _band(o: Overlay, top: float) -> str:
    """The International Tension track (0-10, the levels with effects marked) and the turn
    track (reshuffles marked R) with their markers, the key of the controllers' colours and
    the caller's lines."""
    parts = ['<g class="tracks">', _band_frame(top, tuple(o.tension_marks), o.turns, tuple(o.reshuffles))]
    x0, y = _MARGIN[3] - 40, top + 20
    if o.tension is not None and 0 <= o.tension <= 10:
        parts.append(_marker("tension now", x0 + o.tension * _CELL, y + 6, str(o.tension), "#c62828"))
    if o.turns:
        tx = x0 + 11 * _CELL + 30
        if o.turn is not None and 1 <= o.turn <= o.turns:
            parts.append(_marker("turn now", tx + (o.turn - 1) * _CELL, y + 6, str(o.turn), "#1565c0"))
    # the key, in a row under the tracks (on two if need be)
    kx, ky = x0, y + 64
    parts.append(_text(kx, ky + 9, "Held by:", 9.5, weight="bold", halo=False))
    kx += 52
    for label, colour in o.keys:
        w = 22 + _text_width(label, 9.0) + 10
        if kx + w > _W - 16:
            kx, ky = x0 + 52, ky + 16
        parts.append(
            f'<rect x="{kx:.1f}" y="{ky:.1f}" width="16" height="11" rx="2" fill="{escape(colour)}" '
            f'stroke="#555" stroke-width="0.8"/>'
        )
        parts.append(_text(kx + 20, ky + 9, label, 9.0, halo=False))
        kx += w
    extra = 22 + _text_width("entrenched", 9.0) + 10 + 16 + _text_width("isolated: out of supply", 9.0)
    if kx + extra > _W - 16:
        kx, ky = x0 + 52, ky + 16
    kx += 8
    parts.append(_entrenchment(kx + 8, ky + 6))
    parts.append(_text(kx + 20, ky + 9, "entrenched", 9.0, halo=False))
    kx += 22 + _text_width("entrenched", 9.0) + 10
    parts.append(_isolated(kx + 6, ky + 5.5, ""))
    parts.append(_text(kx + 18, ky + 9, "isolated: out of supply", 9.0, halo=False))
    # the title and the caller's lines, right-aligned beside the tracks (the last one small)
    lx = _W - 16
    room = lx - (x0 + 11 * _CELL + 30 + max(o.turns, 6) * _CELL + 24)
    rows = [(f"FITNA: {o.title}", 12.0, "bold")] if o.title else []
    rows += [
        (line, 8.5 if i == len(o.lines) - 1 and i >= 2 else 10.0, "normal") for i, line in enumerate(o.lines)
    ]
    for i, (line, size, weight) in enumerate(rows):
        fit = ""
        if _text_width(line, size, weight == "bold") > room:
            fit = f' textLength="{room:.0f}" lengthAdjust="spacingAndGlyphs"'
        parts.append(
            _text(lx, y - 2 + i * 14, line, size, anchor="end", weight=weight, halo=False, extra=fit)
        )
    parts.append("</g>")
    return "".join(parts)


def _marker(kind: str, x: float, y: float, text: str, colour: str) -> str:
    """A track's marker: a counter on the box at (x, y)."""
    return (
        f'<rect class="{kind}" x="{x - 1:.1f}" y="{y - 1:.1f}" width="{_CELL - 1:.1f}" height="20" rx="3" '
        f'fill="{colour}" stroke="#1a1a1a" stroke-width="1"/>'
        f'<text x="{x + (_CELL - 3) / 2:.1f}" y="{y + 13:.1f}" font-size="10" text-anchor="middle" '
        f'font-weight="bold" fill="#fff">{escape(text)}</text>'
    )
