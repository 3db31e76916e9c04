"""Drawing Fitna's map as SVG, from the coordinates in ``map.yaml``.

The board is an equirectangular projection of the spaces' real latitudes and longitudes,
scaled to their bounding box. Spaces that would overlap, or that sit on a line they are not
part of, are pushed apart a little; names and stacks are placed where they collide least.
Nothing here knows a rule: the module draws what it is given (the caller decides what a seat
may see and passes it in ``stacks``).

Plain SVG 1.1: system fonts only, no scripts, no external references; all text is escaped.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

from consim.games.fitna.content import Country, MapFile, Space, Terrain
from consim.games.fitna.svg_layout import (
    _COUNTRY,
    _FONT,
    _GULF,
    _MARGIN,
    _MEDITERRANEAN,
    _NAME_SIZE,
    _STACK_SIZE,
    _W,
    _Board,
    _country_font,
    _country_label_spots,
    _Placer,
    _Rect,
    _text_width,
)
from consim.games.svgkit import text as svg_text

__all__ = ["Overlay", "board_svg"]

#: a line of a stack's label: its text, or its text and colour
StackLine = str | tuple[str, str]


@dataclass(frozen=True)
class Overlay:
    """What a position adds to the bare map (the caller has decided what the viewer may see):
    the controller's colour of each space, entrenchments, the colour of each stack's frame,
    the International Tension and turn tracks, and a title and a few lines of text in a band
    under the map, with a key of the colours."""

    title: str = ""
    lines: Sequence[str] = ()
    #: space id -> the fill colour of the space (its controller's colour, light)
    control: Mapping[str, str] = field(default_factory=dict)
    entrenched: Collection[str] = ()
    #: space id -> the colour of the frame of its stack's label (the stack's side)
    stack_colours: Mapping[str, str] = field(default_factory=dict)
    tension: int | None = None
    #: tension levels with effects, marked on the track
    tension_marks: Sequence[int] = (5, 6, 10)
    turn: int | None = None
    turns: int = 0
    #: turns at whose start the discards are reshuffled, marked on the turn track
    reshuffles: Sequence[int] = ()
    #: (label, colour) for the key of the controllers' colours
    keys: Sequence[tuple[str, str]] = ()


_TERRAIN_FILL: dict[Terrain, str] = {"clear": "#f4edd4", "mountain": "#b89d72", "marsh": "#8fcfc0"}
_OBJECTIVE = "#d50000"
_LINK = "#8a8a8a"


def _poly(board: _Board, points: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in (board.project(lat, lon) for lat, lon in points))


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


def _space_svg(
    board: _Board,
    s: Space,
    label: tuple[_Rect, float, float, str],
    fill: str | None = None,
    entrenched: bool = False,
) -> str:
    x, y = board.pos[s.id]
    bw, bh = board.BOX_W, board.BOX_H
    colour = _COUNTRY[s.country][0]
    parts: list[str] = [f'<g class="space" id="space-{escape(s.id)}" data-country="{escape(s.country)}">']
    parts.append(f"<title>{escape(_describe(s))}</title>")
    if s.objective:
        parts.append(
            f'<rect x="{x - bw / 2 - 3.2:.1f}" y="{y - bh / 2 - 3.2:.1f}" width="{bw + 6.4:.1f}" '
            f'height="{bh + 6.4:.1f}" rx="4" fill="none" stroke="{_OBJECTIVE}" stroke-width="2"/>'
        )
    parts.append(
        f'<rect x="{x - bw / 2:.1f}" y="{y - bh / 2:.1f}" width="{bw:.1f}" height="{bh:.1f}" rx="2.5" '
        f'fill="{fill or _TERRAIN_FILL[s.terrain]}" stroke="{colour}" stroke-width="2.4"/>'
    )
    if entrenched:
        parts.append(_entrenchment(x, y - bh / 2 - 2.2))
    glyphs = [g for g, on in (("city", s.city), ("oil", s.oilfield), ("holy", s.holy)) if on]
    for i, g in enumerate(glyphs):
        gx = x + (i - (len(glyphs) - 1) / 2) * 7.0
        parts.append(_glyph(g, gx, y))
    if s.is_symbol:
        parts.append(
            f'<circle cx="{x - bw / 2:.1f}" cy="{y - bh / 2:.1f}" r="5.2" fill="#111"/>'
            f'<text x="{x - bw / 2:.1f}" y="{y - bh / 2 + 2.3:.1f}" font-size="6" font-weight="bold" '
            f'text-anchor="middle" fill="#fff">IS</text>'
        )
    if s.defence:
        parts.append(
            f'<circle cx="{x + bw / 2:.1f}" cy="{y - bh / 2:.1f}" r="5.4" fill="#fff" stroke="#111" '
            f'stroke-width="1"/>'
            f'<text x="{x + bw / 2:.1f}" y="{y - bh / 2 + 2.4:.1f}" font-size="6.5" font-weight="bold" '
            f'text-anchor="middle" fill="#111">-{s.defence}</text>'
        )
    below = y + bh / 2 + 1
    for kind, text in board.badges(s):
        w = _text_width(text, 7.0, True) + 4
        if kind == "kurdish":
            fill, stroke, ink = "#ffeb3b", "#2e7d32", "#1b5e20"
        else:
            fill, stroke, ink = "#ffffff", "#333", "#111"
        parts.append(
            f'<rect class="{kind}" x="{x - w / 2:.1f}" y="{below:.1f}" width="{w:.1f}" height="9" rx="4.5" '
            f'fill="{fill}" stroke="{stroke}" stroke-width="0.9"/>'
            f'<text x="{x:.1f}" y="{below + 7:.1f}" font-size="7" font-weight="bold" '
            f'text-anchor="middle" fill="{ink}">{escape(text)}</text>'
        )
        below += 10
    if s.coastal:
        parts.append(
            f'<circle cx="{x - bw / 2 - 1:.1f}" cy="{y + bh / 2:.1f}" r="2.6" fill="#1e88e5" stroke="#fff" '
            f'stroke-width="0.8"/>'
        )
    _, tx, ty, anchor = label
    parts.append(
        _text(
            tx,
            ty,
            s.name,
            _NAME_SIZE,
            anchor,
            "bold" if s.objective or s.city else "normal",
            extra=' class="name"',
        )
    )
    parts.append("</g>")
    return "".join(parts)


def _entrenchment(x: float, y: float) -> str:
    """[19.0] An entrenchment marker: a dark bar with three merlons, centred on (x, y)."""
    out = (
        f'<rect class="entrenchment" x="{x - 6:.1f}" y="{y - 1.2:.1f}" width="12" height="2.6" '
        f'fill="#4e342e"/>'
    )
    for dx in (-5.0, -1.2, 2.6):
        out += f'<rect x="{x + dx:.1f}" y="{y - 3.2:.1f}" width="2.4" height="2.2" fill="#4e342e"/>'
    return out


def _glyph(kind: str, x: float, y: float) -> str:
    if kind == "city":
        return f'<rect x="{x - 2.6:.1f}" y="{y - 2.6:.1f}" width="5.2" height="5.2" fill="#222"/>'
    if kind == "oil":
        return (
            f'<path d="M{x:.1f},{y - 4:.1f} C{x + 3.4:.1f},{y + 0.5:.1f} {x + 3:.1f},{y + 3.6:.1f} '
            f"{x:.1f},{y + 3.6:.1f} "
            f'C{x - 3:.1f},{y + 3.6:.1f} {x - 3.4:.1f},{y + 0.5:.1f} {x:.1f},{y - 4:.1f} Z" fill="#000"/>'
        )
    # holy: a five-pointed star
    pts = []
    for i in range(10):
        r = 4.4 if i % 2 == 0 else 1.9
        a = -math.pi / 2 + i * math.pi / 5
        pts.append(f"{x + r * math.cos(a):.1f},{y + r * math.sin(a):.1f}")
    return f'<polygon points="{" ".join(pts)}" fill="#c9a000" stroke="#5d4a00" stroke-width="0.5"/>'


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
    bits = [s.name, s.country.replace("_", " ").title(), *space_features(s)]
    if s.supply:
        bits.append("supply: " + ", ".join(s.supply))
    return "; ".join(bits)


def _legend(x: float, y: float, position: bool = False) -> str:
    rows: list[str] = []
    lx, ly = x, y
    rows.append(
        f'<rect x="{lx:.1f}" y="{ly:.1f}" width="404" height="212" rx="6" fill="#ffffff" fill-opacity="0.88" '
        f'stroke="#999" stroke-width="0.8"/>'
    )
    heading = "Legend (a held space takes its holder's colour)" if position else "Legend"
    rows.append(_text(lx + 10, ly + 17, heading, 11.0, weight="bold", halo=False))
    col1, col2 = lx + 12, lx + 208
    yy = ly + 34
    for terrain, fill in _TERRAIN_FILL.items():
        rows.append(
            f'<rect x="{col1:.1f}" y="{yy - 9:.1f}" width="18" height="12" rx="2" fill="{fill}" '
            f'stroke="#555"/>'
        )
        rows.append(_text(col1 + 24, yy, f"{terrain}", 9.0, halo=False))
        yy += 16
    rows.append(
        f'<rect x="{col1 - 3:.1f}" y="{yy - 12:.1f}" width="24" height="18" rx="4" fill="none" '
        f'stroke="{_OBJECTIVE}" stroke-width="2"/>'
        f'<rect x="{col1:.1f}" y="{yy - 9:.1f}" width="18" height="12" '
        f'rx="2" fill="{_TERRAIN_FILL["clear"]}" stroke="#555"/>'
    )
    rows.append(_text(col1 + 26, yy, "objective (red outline)", 9.0, halo=False))
    yy += 18
    rows.append(_glyph("city", col1 + 9, yy - 3) + _text(col1 + 24, yy, "city", 9.0, halo=False))
    rows.append(_glyph("oil", col1 + 60, yy - 3) + _text(col1 + 70, yy, "oilfield", 9.0, halo=False))
    rows.append(_glyph("holy", col1 + 125, yy - 3) + _text(col1 + 134, yy, "holy", 9.0, halo=False))
    yy += 18
    rows.append(
        f'<circle cx="{col1 + 9:.1f}" cy="{yy - 3:.1f}" r="5.2" fill="#111"/>'
        f'<text x="{col1 + 9:.1f}" y="{yy - 0.7:.1f}" font-size="6" font-weight="bold" text-anchor="middle" '
        f'fill="#fff">IS</text>'
    )
    rows.append(_text(col1 + 24, yy, "IS symbol", 9.0, halo=False))
    rows.append(
        f'<circle cx="{col1 + 95:.1f}" cy="{yy - 3:.1f}" r="5.4" fill="#fff" stroke="#111"/>'
        f'<text x="{col1 + 95:.1f}" y="{yy - 0.6:.1f}" font-size="6.5" font-weight="bold" '
        f'text-anchor="middle" '
        f'fill="#111">-1</text>'
    )
    rows.append(_text(col1 + 106, yy, "defence bonus", 9.0, halo=False))
    yy += 18
    rows.append(
        f'<rect x="{col1:.1f}" y="{yy - 8:.1f}" width="22" height="9" rx="4.5" fill="#ffeb3b" '
        f'stroke="#2e7d32"/>'
        f'<text x="{col1 + 11:.1f}" y="{yy - 1:.1f}" font-size="7" font-weight="bold" text-anchor="middle" '
        f'fill="#1b5e20">KDP</text>'
    )
    rows.append(_text(col1 + 28, yy, "Kurdish faction (KDP, PYD, PKK)", 9.0, halo=False))
    yy += 16
    rows.append(
        f'<rect x="{col1:.1f}" y="{yy - 8:.1f}" width="30" height="9" rx="4.5" fill="#fff" stroke="#333"/>'
        f'<text x="{col1 + 15:.1f}" y="{yy - 1:.1f}" font-size="7" font-weight="bold" text-anchor="middle" '
        f'fill="#111">IQ US</text>'
    )
    rows.append(_text(col1 + 36, yy, "supply source for these forces", 9.0, halo=False))
    yy += 16
    rows.append(f'<circle cx="{col1 + 4:.1f}" cy="{yy - 3:.1f}" r="2.6" fill="#1e88e5"/>')
    rows.append(_text(col1 + 14, yy, "Mediterranean coast", 9.0, halo=False))
    # countries
    yy = ly + 34
    for _country, (colour, name) in _COUNTRY.items():
        rows.append(
            f'<rect x="{col2:.1f}" y="{yy - 9:.1f}" width="18" height="12" rx="2" fill="#fff" '
            f'stroke="{colour}" stroke-width="2.4"/>'
        )
        rows.append(_text(col2 + 24, yy, name.title(), 9.0, halo=False))
        yy += 14.5
    rows.append(
        _text(
            lx + 12,
            ly + 192,
            "Supply badges: the country's own army (IQ, SY, IR, IL, TR, SA, JO, KW),",
            8.0,
            halo=False,
        )
    )
    rows.append(
        _text(
            lx + 12,
            ly + 203,
            "RU Russia, US the US, France and UK, LB the Lebanese Army and Hezbollah.",
            8.0,
            halo=False,
        )
    )
    return "".join(rows)


#: the layout of a map, which depends on the map alone: kept for the next drawing (by the
#: map's identity; the map is kept with it so that its identity is never reused)
_LAYOUTS: dict[int, tuple[MapFile, _Board, Any]] = {}


def _board(content: MapFile) -> _Board:
    found = _LAYOUTS.get(id(content))
    if found is None or found[0] is not content:
        found = _LAYOUTS[id(content)] = (content, _Board(content), None)
    return found[1]


def _static_layout(
    content: MapFile, board: _Board
) -> tuple[
    dict[str, tuple[_Rect, float, float, str]], list[tuple[_Rect, float]], dict[Country, tuple[float, float]]
]:
    """The names of the spaces and of the countries, placed once per map: (each space's name
    block, what the names take on the board, each country's spot)."""
    found = _LAYOUTS.get(id(content))
    if found is not None and found[0] is content and found[2] is not None:
        cached: tuple[
            dict[str, tuple[_Rect, float, float, str]],
            list[tuple[_Rect, float]],
            dict[Country, tuple[float, float]],
        ] = found[2]
        return cached
    placer = _Placer(board)
    crowd = {
        s.id: sum(
            1 for t in content.spaces if t.id != s.id and math.dist(board.pos[s.id], board.pos[t.id]) < 70
        )
        for s in content.spaces
    }
    labels: dict[str, tuple[_Rect, float, float, str]] = {}
    order = sorted(content.spaces, key=lambda s: (-crowd[s.id], s.id))
    sizes = {s.id: (_text_width(s.name, _NAME_SIZE, s.city or s.objective), _NAME_SIZE + 3) for s in order}
    for s in order:
        labels[s.id] = placer.place(s.id, *sizes[s.id])
    for _ in range(2):  # greedy first, then each name again knowing where the others went
        for s in order:
            labels[s.id] = placer.replace(s.id, labels[s.id][0], *sizes[s.id])
    spots = _country_label_spots(board, placer.rects())
    layout = (labels, list(placer.taken), spots)
    _LAYOUTS[id(content)] = (content, board, layout)
    return layout


def board_svg(
    content: MapFile,
    stacks: Mapping[str, Sequence[StackLine]] | None = None,
    width: int = 1200,
    overlay: Overlay | None = None,
) -> str:
    """The board as an SVG document.

    ``stacks`` maps a space id to the labels to list beside it (what the caller lets the viewer
    see: unit names, "3 IS units", markers...), each a text or a (text, colour) pair; they are
    drawn as given, escaped. ``overlay`` adds a position: control, entrenchments, tracks and a
    title (``Overlay``). ``width`` is the rendered width in pixels; the drawing scales with it.
    """
    board = _board(content)
    h = board.height
    total = h + (_BAND if overlay is not None else 0.0)
    scale = width / _W
    title = overlay.title if overlay is not None and overlay.title else "the map (reconstructed)"
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width}" height="{total * scale:.0f}" '
        f'viewBox="0 0 {_W:.0f} {total:.0f}" font-family="{_FONT}">',
        f"<title>Fitna: Global War in the Middle East, {escape(title)}</title>",
        f'<rect x="0" y="0" width="{_W:.0f}" height="{total:.0f}" fill="#fbf8ef"/>',
        f'<g class="sea" fill="#cfe3f3" stroke="#9cc0dd" stroke-width="1">'
        f'<polygon points="{_poly(board, _MEDITERRANEAN)}"/><polygon points="{_poly(board, _GULF)}"/></g>',
    ]
    # links (the country names go under them, once the names are placed)
    links_at = len(out)
    out.append(f'<g class="links" stroke="{_LINK}" stroke-width="1.7" stroke-linecap="round">')
    for a, b in content.links:
        (x1, y1), (x2, y2) = board.pos[a], board.pos[b]
        out.append(
            f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
            f'data-link="{escape(a)} {escape(b)}"/>'
        )
    out.append("</g>")
    # names first (crowded spaces choose first), then stacks, then draw
    labels, taken, spots = _static_layout(content, board)
    placer = _Placer(board)
    placer.taken = list(taken)
    out.append('<g class="spaces">')
    fills = overlay.control if overlay is not None else {}
    trenches = set(overlay.entrenched) if overlay is not None else set()
    for s in content.spaces:
        out.append(_space_svg(board, s, labels[s.id], fills.get(s.id), s.id in trenches))
    out.append("</g>")
    # country names, faint, where the names and badges leave room
    countries = ['<g class="countries">']
    members = {c: sum(1 for s in content.spaces if s.country == c) for c in _COUNTRY}
    for country, (gx, gy) in spots.items():
        colour, name = _COUNTRY[country]
        countries.append(
            f'<text x="{gx:.1f}" y="{gy:.1f}" font-size="{_country_font(members[country]):.0f}" '
            f'font-weight="bold" letter-spacing="3" '
            f'text-anchor="middle" fill="{colour}" fill-opacity="0.42">{escape(name)}</text>'
        )
    countries.append("</g>")
    out[links_at:links_at] = countries
    if stacks:
        out.append('<g class="stacks">')
        # the stacks of crowded places choose their spot first
        crowd = {
            sid: sum(
                1
                for o in stacks
                if o != sid and o in board.pos and math.dist(board.pos[sid], board.pos[o]) < 80
            )
            for sid in stacks
            if sid in board.pos
        }
        for sid in sorted(crowd, key=lambda x: (-crowd[x], x)):
            items = stacks[sid]
            if not items:
                continue
            texts = [t[0] if isinstance(t, tuple) else str(t) for t in items]
            inks = [t[1] if isinstance(t, tuple) else "#111" for t in items]
            frame = overlay.stack_colours.get(sid, "#5d4037") if overlay is not None else "#5d4037"
            w = max(_text_width(t, _STACK_SIZE) for t in texts) + 8
            hh = len(texts) * (_STACK_SIZE + 2) + 4
            rect, _, _, _ = placer.place(sid, w, hh, gaps=_STACK_GAPS, leader=True)
            sx, sy = board.pos[sid]
            out.append(f'<g class="stack" data-space="{escape(sid)}">')
            if rect.distance((sx, sy)) > 14:
                ex = min(max(sx, rect.x0), rect.x1)
                ey = min(max(sy, rect.y0), rect.y1)
                out.append(
                    f'<line x1="{sx:.1f}" y1="{sy:.1f}" x2="{ex:.1f}" y2="{ey:.1f}" stroke="{frame}" '
                    f'stroke-width="0.9" stroke-dasharray="2,1.5"/>'
                )
            thick = "1.6" if overlay is not None and sid in overlay.stack_colours else "0.9"
            out.append(
                f'<rect x="{rect.x0:.1f}" y="{rect.y0:.1f}" width="{w:.1f}" height="{hh:.1f}" rx="3" '
                f'fill="#fffde7" fill-opacity="0.95" stroke="{frame}" stroke-width="{thick}"/>'
            )
            for i, (t, ink) in enumerate(zip(texts, inks, strict=True)):
                out.append(
                    f'<text x="{rect.x0 + 4:.1f}" y="{rect.y0 + 2 + (i + 1) * (_STACK_SIZE + 2) - 1.5:.1f}" '
                    f'font-size="{_STACK_SIZE:.0f}" fill="{escape(ink)}">{escape(t)}</text>'
                )
            out.append("</g>")
        out.append("</g>")
    # title and legend in the empty corners (the Anatolian plateau, the Arabian desert)
    heading = (
        f"FITNA: {overlay.title}"
        if overlay is not None and overlay.title
        else "FITNA: the map (115 spaces, reconstructed)"
    )
    out.append(_text(_MARGIN[3], 28, heading, 16.0, weight="bold"))
    out.append(_legend(_MARGIN[3] - 20, h - 228, overlay is not None))
    if overlay is not None:
        out.append(_band(overlay, h))
    out.append("</svg>")
    return "".join(out)


#: how far from its space a stack's label may go, nearest first (a leader line joins them)
_STACK_GAPS = (2.0, 9.0, 18.0, 32.0, 50.0, 72.0, 96.0)

#: the height of the band under the map that holds the tracks and the key of a position
_BAND = 118.0


def _band(o: Overlay, top: float) -> str:
    """The International Tension track (0-10, the levels with effects marked), the turn track
    (reshuffles marked R), the key of the controllers' colours and the caller's lines."""
    parts = [
        f'<g class="tracks"><rect x="0" y="{top:.1f}" width="{_W:.0f}" height="{_BAND:.0f}" fill="#efe8d2" '
        f'stroke="#b9ad8a" stroke-width="1"/>'
    ]
    x0, y = _MARGIN[3] - 20, top + 20
    parts.append(_text(x0, y, "International Tension", 10.0, weight="bold", halo=False))
    cell = 22.0
    for n in range(11):
        cx = x0 + n * cell
        marked = n in o.tension_marks
        here = o.tension is not None and n == o.tension
        fill = "#c62828" if here else "#fff"
        ink = "#fff" if here else "#111"
        stroke = "#c62828" if marked else "#777"
        parts.append(
            f'<rect class="tension{" now" if here else ""}" x="{cx:.1f}" y="{y + 6:.1f}" '
            f'width="{cell - 3:.1f}" height="18" rx="3" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{1.8 if marked else 0.8}"/>'
        )
        parts.append(
            f'<text x="{cx + (cell - 3) / 2:.1f}" y="{y + 19:.1f}" font-size="10" text-anchor="middle" '
            f'font-weight="{"bold" if here or marked else "normal"}" fill="{ink}">{n}</text>'
        )
    parts.append(
        _text(x0, y + 40, "5 High Tension cards, 6 a batch each, 10 the great powers", 8.0, halo=False)
    )
    if o.turns:
        tx = x0 + 11 * cell + 30
        parts.append(_text(tx, y, "Turn", 10.0, weight="bold", halo=False))
        for n in range(1, o.turns + 1):
            cx = tx + (n - 1) * cell
            here = o.turn is not None and n == o.turn
            fill = "#1565c0" if here else "#fff"
            ink = "#fff" if here else "#111"
            parts.append(
                f'<rect class="turn{" now" if here else ""}" x="{cx:.1f}" y="{y + 6:.1f}" '
                f'width="{cell - 3:.1f}" height="18" rx="3" fill="{fill}" stroke="#777" stroke-width="0.8"/>'
            )
            parts.append(
                f'<text x="{cx + (cell - 3) / 2:.1f}" y="{y + 19:.1f}" font-size="10" text-anchor="middle" '
                f'font-weight="{"bold" if here else "normal"}" fill="{ink}">{n}</text>'
            )
            if n in o.reshuffles:
                parts.append(
                    f'<text x="{cx + (cell - 3) / 2:.1f}" y="{y + 34:.1f}" font-size="8" '
                    f'text-anchor="middle" fill="#555">R</text>'
                )
        parts.append(_text(tx, y + 47, "R: the discards are reshuffled", 8.0, halo=False))
        kx = tx + max(o.turns, 6) * cell + 30
    else:
        kx = x0 + 11 * cell + 30
    parts.append(_text(kx, y, "Held by", 10.0, weight="bold", halo=False))
    for i, (label, colour) in enumerate(o.keys):
        cx = kx + (i % 2) * 110
        cy = y + 8 + (i // 2) * 15
        parts.append(
            f'<rect x="{cx:.1f}" y="{cy:.1f}" width="16" height="11" rx="2" fill="{escape(colour)}" '
            f'stroke="#555" stroke-width="0.8"/>'
        )
        parts.append(_text(cx + 20, cy + 9, label, 9.0, halo=False))
    ey = y + 8 + ((len(o.keys) + 1) // 2) * 15 + 8
    parts.append(_entrenchment(kx + 8, ey))
    parts.append(_text(kx + 20, ey + 3, "entrenched", 9.0, halo=False))
    parts.append(_text(kx + 110, ey + 3, "(isolated): out of supply", 9.0, fill="#d84315", halo=False))
    parts.append(
        _text(kx, ey + 18, "A-D-M: attack, defence, movement (A airmobile); r: reduced", 9.0, halo=False)
    )
    lx = _W - 16
    for i, line in enumerate(o.lines):
        last = i == len(o.lines) - 1 and i >= 2
        parts.append(
            _text(
                lx,
                y + 62 if last else y + i * 15,
                line,
                8.5 if last else 11.0 if i == 0 else 10.0,
                anchor="end",
                weight="bold" if i == 0 else "normal",
                halo=False,
            )
        )
    parts.append("</g>")
    return "".join(parts)
