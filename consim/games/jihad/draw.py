"""The First Jihad's Paths as a picture (SVG), drawn from ``view(seat)`` alone and the public
map data (``content/map.yaml``).

The printed map (the Paths fanning out of Mecca) is not public, so the picture is a schematic
of the same graph, marked as such: Mecca on the left, each Path a row of its Lands from Mecca
outward, the Crossing into each Land on the link before it (mountain, straits, river). A Land
shows its religion's colour (green once converted to Islam), its apostasy number, its
Outcome-Point circle, the Castle or Capital in it and the armies standing there; the Islam
marker sits on the Land it has reached. Above the rows: the turn's card and the Rose's Hits;
under them the Theaters' AP, the minor powers' tracks, the Castles and the Outcome Points now.

>>> import consim
>>> state = consim.load_game("jihad").new_game(seed=3)
>>> svg = board_for(state.view("player"))
>>> svg.startswith("<svg") and "Constantinople" in svg and "Byzantines" in svg
True
"""

from __future__ import annotations

from functools import cache

from consim.games.jihad.lookup import SHORT, army_flags, component_data
from consim.games.jihad.present import castle_line, header_lines, hits_cell, theater_lines
from consim.games.jihad.viewtypes import JihadSeatView, LandView
from consim.games.svgkit import clickable, document, esc, rect, text, tint, wrap

__all__ = ["board_for"]

View = JihadSeatView

_W = 1240.0
_MECCA_W = 70.0
_LAND_W = 112.0
_LAND_H = 104.0
_GAP = 18.0
_ROW = 128.0
_LEFT = 16.0
#: the colours the rulebook names for the religions (10.1), as screen colours
_RELIGION_HEX = {
    "white": "#fafafa",
    "purple": "#8e5cc2",
    "black": "#616161",
    "gold": "#e6b800",
    "tan": "#d2b48c",
    "red": "#d84343",
    "pink": "#f4a6c6",
    "light purple": "#c9b3e6",
    "orange": "#f39c3d",
    "light blue": "#8fd0f0",
    "brown": "#a1785c",
    "green": "#2e7d32",
}
_CROSSING = {"mountain": "#6d4c41", "straits": "#1e88e5", "river": "#1e88e5"}
_ISLAM = "#2e7d32"


@cache
def _religion_colours() -> dict[str, str]:
    return {r.id: _RELIGION_HEX.get(r.colour, "#bdbdbd") for r in component_data().map.religions}


def _land_svg(view: View, path_id: str, land: LandView, x: float, y: float, islam_here: bool) -> str:
    colours = _religion_colours()
    converted = land["converted"]
    base = _ISLAM if converted else colours.get(land["religion"], "#bdbdbd")
    fill = tint(base, 0.35 if land["firmly_muslim"] else 0.6)
    round_ = land["round"]
    described = [
        f"{land['name']}: {'Muslim' if converted else land.get('religion_name', '')}",
        f"apostasy {land.get('apostasy')}",
    ]
    if land["points"] is not None:
        described.append(f"{land['points']} Outcome Points")
    if round_:
        described.append("an End of the Earth")
    parts = [f'<g id="land-{esc(land["id"])}"{clickable(str(land["id"]))}>']
    parts.append(f"<title>{esc(', '.join(described))}</title>")
    parts.append(rect(x, y, _LAND_W, _LAND_H, fill, "#333", 1.4, 26 if round_ else 4))
    names = wrap(str(land["name"]), 14)
    ty = y + 4
    for line in names[:2]:
        ty += 15
        parts.append(text(x + _LAND_W / 2, ty, line, 12.5, "middle", "bold"))
    faith = "Muslim" if converted else land["faith"] or ""
    ty += 14
    parts.append(text(x + _LAND_W / 2, ty, faith, 10.5, "middle"))
    # the apostasy number in a white square in the top left corner
    parts.append(rect(x - 6, y - 8, 18, 18, "#fff", "#333", 1.0, 2))
    parts.append(text(x + 3, y + 5.5, str(land["apostasy"]), 12, "middle", "bold"))
    # the Outcome-Point circle (tan) in the top right corner
    if land["points"] is not None:
        parts.append(
            f'<circle cx="{x + _LAND_W - 3:.1f}" cy="{y - 2:.1f}" r="11" fill="#e8cfa0" stroke="#6d4c41" '
            f'stroke-width="1"/>'
        )
    if land["points"] is not None:
        parts.append(text(x + _LAND_W - 3, y + 2.5, str(land["points"]), 12, "middle", "bold"))
    notes: list[str] = []
    castle = land["castle"]
    if castle:
        found = view["castles"][castle]  # (every Castle a Land names is listed)
        if found["kind"] == "major" and found["side"] == "weak":
            notes.append(f"Castle {found['value']}, weak")
        else:
            notes.append(f"{found['kind'].title()} Castle {found['value']}")
    capital = land["capital"]
    if capital:
        cap = view["capitals"][capital]  # (every Capital a Land names is listed)
        notes.append(f"Capital {cap['value']}".strip())
    if land["green_box"]:
        notes.append("Green Box")
    if land["military_heartland"] or land["religious_heartland"]:
        notes.append("heartland")
    if land["baqt_flag"]:
        notes.append(f"Baqt ({land['baqt_flag']})")
    for note in notes[:2]:
        ty += 13
        parts.append(text(x + _LAND_W / 2, ty, note, 10.5, "middle", "bold", "#4e342e"))
    # the armies standing in the Land
    armies = [aid for aid, a in view["armies"].items() if a["at"] == land["id"]]
    ay = y + _LAND_H - 3 - 27 * len(armies)
    for aid in armies:
        a = view["armies"][aid]
        colour = "#37474f" if a["str"] != "shattered" else "#8a8a8a"
        value = "" if a["str"] == "shattered" else f" {a['value']}"
        flags = [a["str"], *army_flags(view, aid)]
        parts.append(rect(x + 3, ay, _LAND_W - 6, 25, colour, "#fff", 0.8, 3))
        parts.append(text(x + _LAND_W / 2, ay + 11, f"{a['name']}{value}", 11, "middle", "bold", "#fff"))
        parts.append(text(x + _LAND_W / 2, ay + 22, ", ".join(flags), 9.5, "middle", fill="#fff"))
        ay += 27
    if islam_here:
        marker = next(p["islam"] for p in view["paths"] if p["id"] == path_id)
        label = "Islam" + (" (disrupted)" if marker["dis"] else "")
        parts.append(rect(x + 16, y - 9, 74, 16, _ISLAM, "#fff", 1.0, 8))
        parts.append(text(x + 53, y + 3, label if len(label) < 9 else "Islam*", 11, "middle", "bold", "#fff"))
    parts.append("</g>")
    return "".join(parts)


#: how the terminal board's lines of the Theaters and Castles begin (the rest continue a line)
_STARTS = ("West ", "East ", "Africa ", "Caucasus ", "Bonus AP", "Castles ")


def _logical_lines(lines: list[str], starts: tuple[str, ...] = _STARTS) -> list[str]:
    """The terminal board's wrapped lines joined back into whole lines (a line that does not
    begin with one of ``starts`` continues the one before)."""
    out: list[str] = []
    for line in lines:
        part = line.strip()
        if out and not part.startswith(starts):
            out[-1] += " " + part
        else:
            out.append(part)
    return out


def _crossing(x0: float, x1: float, y: float, kind: str) -> str:
    colour = _CROSSING.get(kind, "#757575")
    width = 5 if kind in _CROSSING else 2.5
    dash = ' stroke-dasharray="5,3"' if kind in ("straits", "river") else ""
    out = (
        f'<line x1="{x0:.1f}" y1="{y:.1f}" x2="{x1:.1f}" y2="{y:.1f}" stroke="{colour}" '
        f'stroke-width="{width}"{dash}/>'
    )
    if kind == "mountain":
        mx = (x0 + x1) / 2
        peak = f"{mx - 7:.1f},{y + 2:.1f} {mx:.1f},{y - 10:.1f} {mx + 7:.1f},{y + 2:.1f}"
        out += f'<polygon points="{peak}" fill="{colour}"/>'
    elif kind in ("straits", "river"):
        out += text((x0 + x1) / 2, y - 8, "~", 14, "middle", "bold", colour)
    return out


#: a minor power's track (13.1): its three boxes and their colours
_MINOR_BOXES = ((1, "#a5d6a7"), (0, "#ffffff"), (-1, "#ef9a9a"))


def _boxes(x: float, y: float, labels: list[str], fills: list[str], here: int, cell: float = 24.0) -> str:
    """A row of track boxes, the one at index ``here`` marked (a dark frame and bold)."""
    out = []
    for i, (label, fill) in enumerate(zip(labels, fills, strict=True)):
        on = i == here
        out.append(rect(x + i * cell, y, cell - 3, 20, fill, "#111" if on else "#888", 2.4 if on else 0.8, 3))
        out.append(
            text(x + i * cell + (cell - 3) / 2, y + 14.5, label, 11.5, "middle", "bold" if on else "normal")
        )
    return "".join(out)


def _tracks(view: View, y: float) -> tuple[str, float]:
    """The Theaters' AP tracks (0 to the Ruler's limit) and the minor powers' tracks (+1, 0,
    -1 with the face up): a row of boxes each, the marker's box framed."""
    out = [text(_LEFT, y + 2, "Tracks", 14, weight="bold")]
    x = _LEFT + 70
    ap = view["ap"]
    limits = view["ap_limits"]
    for theater in ("west", "east", "african", "caucasus"):
        if theater not in ap:
            continue
        top = max(int(limits.get(theater) or 0), int(ap[theater]), 3)
        labels = [str(n) for n in range(top + 1)]
        out.append(text(x, y + 2, f"{theater.title()} AP", 11.5, weight="bold"))
        out.append(_boxes(x, y + 8, labels, ["#fff8e1"] * len(labels), int(ap[theater]), 20.0))
        x += max(20.0 * len(labels), 60.0) + 22
    for track in view["tracks"].values():
        label = track["name"]
        where = SHORT.get(str(track["path"]), "")
        out.append(text(x, y + 2, label + (f", {where} Path" if where else ""), 11.5, weight="bold"))
        box = track["box"]
        here = [b for b, _ in _MINOR_BOXES].index(box) if box in (1, 0, -1) else -1
        out.append(_boxes(x, y + 8, ["+1", "0", "-1"], [c for _, c in _MINOR_BOXES], here))
        if track["cost"]:
            out.append(text(x + 78, y + 23, f"appease: {track['cost']} AP", 11))
        label += f", {where} Path" if where else ""
        x += max(80.0, len(label) * 7.2 + 20)
        if x > _W - 140:
            x = _LEFT + 70
            y += 40
    return "".join(out), y + 34


def board_for(view: View, width: int | None = None) -> str:
    """The Paths as ``view``'s seat sees them, as an SVG document."""
    out: list[str] = []
    out.append(text(_LEFT, 28, "THE FIRST JIHAD · the Paths out of Mecca", 18, weight="bold"))
    y = 30.0
    for line in _logical_lines(header_lines(view), ("Turn ", "Events:")):
        for part in wrap(line, 160):
            y += 18
            out.append(text(_LEFT, y, part, 13))
    paths = view["paths"]
    top = y + 26
    n = len(paths)
    # Mecca spans every row
    mecca_h = n * _ROW - (_ROW - _LAND_H)
    out.append('<g id="mecca"><title>Mecca, always Muslim</title>')
    out.append(rect(_LEFT, top, _MECCA_W, mecca_h, tint(_ISLAM, 0.25), "#1b5e20", 2, 8))
    out.append(text(_LEFT + _MECCA_W / 2, top + mecca_h / 2, "Mecca", 16, "middle", "bold", "#fff"))
    out.append("</g>")
    for i, p in enumerate(paths):
        ry = top + i * _ROW
        mid = ry + _LAND_H / 2 + 8
        x = _LEFT + _MECCA_W + 90
        # the Path's name and this turn's Hits, left of its first Land
        label_x = _LEFT + _MECCA_W + 8
        out.append(f"<g{clickable(str(p['id']))}>")
        out.append(rect(label_x - 4, ry + 12, 84, 56, "#ffffff", extra=' fill-opacity="0"'))
        out.append(text(label_x, ry + 28, SHORT.get(p["id"], str(p["name"])), 13, weight="bold"))
        out.append(text(label_x, ry + 46, f"Hits {hits_cell(view, p)}", 11.5))
        out.append(text(label_x, ry + 62, p["theater"], 11, fill="#555"))
        out.append("</g>")
        at = int(p["islam"]["at"])
        prev = _LEFT + _MECCA_W
        lands = p["lands"]
        body: list[str] = []
        for j, land in enumerate(lands):
            lx = x + j * (_LAND_W + _GAP)
            out.append(_crossing(prev if j else label_x + 76, lx, mid, land["crossing_in"]))
            body.append(_land_svg(view, str(p["id"]), land, lx, ry + 8, at == j + 1))
            prev = lx + _LAND_W
        out.extend(body)
        if at == 0:
            out.append(rect(label_x, ry + 70, 74, 16, _ISLAM, "#fff", 1.0, 8))
            out.append(text(label_x + 37, ry + 82, "Islam", 11, "middle", "bold", "#fff"))
    y = top + n * _ROW + 6
    legend = [
        "Each row is a Path, its Lands from Mecca outward (a schematic: the printed map is not public). "
        "Tan circle: Outcome Points; white square: apostasy; green: Muslim.",
        "Links: brown with a peak, a mountain crossing; blue dashes, straits or a river. "
        "Dark chips: the armies in a Land (value).",
    ]
    for line in legend:
        y += 16
        out.append(text(_LEFT, y, line, 11.5, fill="#333"))
    y += 10
    out.append(rect(0, y, _W, 6, "#efe8d2", rx=0))
    tracks, y = _tracks(view, y + 14)
    out.append(tracks)
    for line in _logical_lines([*theater_lines(view), *castle_line(view)]):
        for part in wrap(line, 150):
            y += 19
            out.append(text(_LEFT, y, part, 13))
    used: list[str] = [
        r for r in _religion_colours() if any(land["religion"] == r for p in paths for land in p["lands"])
    ]
    y += 26
    kx = _LEFT
    names: dict[str, str] = {r.id: r.name for r in component_data().map.religions}
    for r in used:
        label = names.get(r, r)
        w = 26 + len(label) * 6.6
        if kx + w > _W - 10:
            kx = _LEFT
            y += 20
        colour = _religion_colours()[r]
        out.append(rect(kx, y - 11, 16, 13, tint(colour, 0.6), "#333", 0.8, 2))
        out.append(text(kx + 20, y, label, 11, fill="#111"))
        kx += w + 10
    height = y + 18
    over = view["over"]
    title = "The First Jihad, turn " + str(view["turn"]) + (" (game over)" if over else "")
    return document(_W, height, title, "".join(out), shown_width=width)
