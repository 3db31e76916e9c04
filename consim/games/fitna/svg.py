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
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape

from consim.games.fitna.content import Country, MapFile, Space, Terrain

__all__ = ["board_svg"]

#: the drawing is laid out on a canvas this wide; ``width`` only scales it
_W = 1200.0
_MARGIN = (46.0, 44.0, 40.0, 66.0)  # top, right, bottom, left (room for names on the sea)
_FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
_NAME_SIZE = 10.0
_STACK_SIZE = 8.0

_TERRAIN_FILL: dict[Terrain, str] = {"clear": "#f4edd4", "mountain": "#b89d72", "marsh": "#8fcfc0"}
_COUNTRY: dict[Country, tuple[str, str]] = {
    # colour of the space's border, name written on the board
    "iraq": ("#2e7d32", "IRAQ"),
    "syria": ("#7b1fa2", "SYRIA"),
    "lebanon": ("#00838f", "LEBANON"),
    "israel": ("#1565c0", "ISRAEL"),
    "jordan": ("#e65100", "JORDAN"),
    "saudi_arabia": ("#827717", "SAUDI ARABIA"),
    "kuwait": ("#ad1457", "KUWAIT"),
    "turkey": ("#4e342e", "TURKEY"),
    "iran": ("#c79100", "IRAN"),
}
_OBJECTIVE = "#d50000"
_LINK = "#8a8a8a"

#: forces shown in a space's supply badge (abbreviated); the others (allied contingents,
#: militias, rebels) follow their patron's sources and are left to the legend
_SUPPLY_CODES: dict[str, str] = {
    "iraq": "IQ",
    "syria": "SY",
    "iran": "IR",
    "israel": "IL",
    "turkey": "TR",
    "saudi_arabia": "SA",
    "jordan": "JO",
    "kuwait": "KW",
    "russia": "RU",
    "us": "US",
    "lebanese_army": "LB",
}

# Coarse coastlines (lat, lon), for orientation only: the eastern Mediterranean and the head
# of the Gulf. They are scenery; no space or link depends on them.
_MEDITERRANEAN: tuple[tuple[float, float], ...] = (
    (40.5, 30.0),
    (36.80, 34.64),
    (36.75, 34.95),
    (36.57, 35.37),
    (36.77, 35.79),
    (36.85, 36.22),
    (36.59, 36.17),
    (36.41, 35.89),
    (36.08, 35.93),
    (35.85, 35.84),
    (35.52, 35.77),
    (35.36, 35.92),
    (35.18, 35.94),
    (34.89, 35.87),
    (34.44, 35.82),
    (34.25, 35.65),
    (34.12, 35.64),
    (33.98, 35.62),
    (33.90, 35.48),
    (33.56, 35.37),
    (33.27, 35.19),
    (33.12, 35.13),
    (32.92, 35.07),
    (32.82, 34.98),
    (32.69, 34.94),
    (32.50, 34.89),
    (32.33, 34.85),
    (32.08, 34.77),
    (31.80, 34.64),
    (31.50, 34.45),
    (31.20, 34.22),
    (31.05, 33.80),
    (31.0, 30.0),
)
_GULF: tuple[tuple[float, float], ...] = (
    (26.0, 49.70),
    (27.00, 49.66),
    (28.00, 48.78),
    (28.42, 48.53),
    (28.65, 48.40),
    (29.08, 48.17),
    (29.35, 48.09),
    (29.38, 47.97),
    (29.35, 47.80),
    (29.36, 47.70),
    (29.44, 47.72),
    (29.50, 47.90),
    (29.56, 48.08),
    (29.62, 48.35),
    (29.85, 48.45),
    (29.97, 48.55),
    (30.05, 48.95),
    (30.35, 49.05),
    (30.23, 49.71),
    (30.05, 50.16),
    (29.5, 51.5),
    (26.0, 52.0),
)


@dataclass
class _Rect:
    x0: float
    y0: float
    x1: float
    y1: float

    def overlap(self, other: _Rect) -> float:
        w = min(self.x1, other.x1) - max(self.x0, other.x0)
        h = min(self.y1, other.y1) - max(self.y0, other.y0)
        return w * h if w > 0 and h > 0 else 0.0

    def distance(self, p: tuple[float, float]) -> float:
        dx = max(self.x0 - p[0], 0.0, p[0] - self.x1)
        dy = max(self.y0 - p[1], 0.0, p[1] - self.y1)
        return math.hypot(dx, dy)

    def outside(self, width: float, height: float) -> float:
        """How much of the rectangle lies off the canvas (area)."""
        pad = 4.0
        inside = _Rect(
            max(self.x0, pad), max(self.y0, pad), min(self.x1, width - pad), min(self.y1, height - pad)
        )
        full = (self.x1 - self.x0) * (self.y1 - self.y0)
        return full - inside.overlap(inside) if inside.x1 > inside.x0 and inside.y1 > inside.y0 else full

    def hits_segment(self, a: tuple[float, float], b: tuple[float, float]) -> bool:
        """Whether the segment a-b passes through the rectangle (Liang-Barsky clipping)."""
        t0, t1 = 0.0, 1.0
        dx, dy = b[0] - a[0], b[1] - a[1]
        for p, q in (
            (-dx, a[0] - self.x0),
            (dx, self.x1 - a[0]),
            (-dy, a[1] - self.y0),
            (dy, self.y1 - a[1]),
        ):
            if p == 0:
                if q < 0:
                    return False
                continue
            r = q / p
            if p < 0:
                t0 = max(t0, r)
            else:
                t1 = min(t1, r)
            if t0 > t1:
                return False
        return True


# Advance widths of printable ASCII in DejaVu Sans (the first font asked for), in hundredths
# of an em, regular then bold: enough to place labels without a font renderer. Other
# characters count as an average letter; the fallback fonts are narrower, never wider.
_WIDTHS = {
    False: "32 40 46 84 64 95 78 27 39 39 50 84 32 36 32 34 64 64 64 64 64 64 64 64 64 64 34 34 84 84 84 53 "
    "100 68 69 70 77 63 58 77 75 29 29 66 56 86 75 79 60 79 69 63 61 73 68 99 69 61 69 39 34 39 84 "
    "50 50 61 63 "
    "55 63 62 35 63 63 28 28 58 28 97 63 61 63 63 41 52 39 63 59 82 59 59 52 64 34 64 84",
    True: "35 46 52 84 70 100 87 31 46 46 52 84 38 42 38 37 70 70 70 70 70 70 70 70 70 70 40 40 84 84 84 58 "
    "100 77 76 73 83 68 68 82 84 37 37 77 64 100 84 85 73 85 77 72 68 81 77 110 77 72 73 46 37 46 84 "
    "50 50 67 72 "
    "59 72 68 44 72 71 34 34 67 34 104 71 69 72 72 49 60 48 71 65 92 65 65 58 71 37 71 84",
}
_ADVANCE = {bold: [int(n) / 100 for n in table.split()] for bold, table in _WIDTHS.items()}


def _text_width(text: str, size: float, bold: bool = False) -> float:
    """The rendered width of ``text`` in DejaVu Sans, plus a pixel of slack each side."""
    table = _ADVANCE[bold]
    em = sum(table[ord(c) - 32] if 32 <= ord(c) < 127 else 0.66 for c in text)
    return em * size + 2.0


def _seg_point_distance(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return math.dist(p, a)
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


class _Board:
    """The layout: projected and nudged positions, the footprint of each space."""

    BOX_W = 18.0
    BOX_H = 13.0
    MIN_GAP = 27.0  # centre to centre
    LINE_CLEARANCE = 12.0  # a line passing by a space it does not touch

    def __init__(self, content: MapFile) -> None:
        self.content = content
        self.spaces: dict[str, Space] = {s.id: s for s in content.spaces}
        lats = [s.lat for s in content.spaces] or [30.0]
        lons = [s.lon for s in content.spaces] or [40.0]
        self.lat_min, self.lat_max = min(lats), max(lats)
        self.lon_min, self.lon_max = min(lons), max(lons)
        self.kx = math.cos(math.radians((self.lat_min + self.lat_max) / 2))
        top, right, bottom, left = _MARGIN
        span_x = max((self.lon_max - self.lon_min) * self.kx, 1e-6)
        self.scale = (_W - left - right) / span_x
        self.height = (self.lat_max - self.lat_min) * self.scale + top + bottom
        self.home = {s.id: self.project(s.lat, s.lon) for s in content.spaces}
        self.pos = dict(self.home)
        self._nudge()

    def project(self, lat: float, lon: float) -> tuple[float, float]:
        top, _, _, left = _MARGIN
        return (left + (lon - self.lon_min) * self.kx * self.scale, top + (self.lat_max - lat) * self.scale)

    def _nudge(self) -> None:
        """Push apart spaces closer than MIN_GAP and spaces lying on a line that is not theirs.
        Deterministic; each space moves only as far as its collisions need."""
        ids = sorted(self.pos)
        links = [(a, b) for a, b in self.content.links]
        pairs: list[tuple[str, str]] = []
        near_lines: list[tuple[str, str, str]] = []
        for it in range(400):
            if it % 40 == 0:
                # only neighbours can collide: list them again from time to time
                pairs = [
                    (a, b)
                    for n, a in enumerate(ids)
                    for b in ids[n + 1 :]
                    if math.dist(self.pos[a], self.pos[b]) < self.MIN_GAP * 2.5
                ]
                near_lines = [
                    (a, b, s)
                    for a, b in links
                    for s in ids
                    if s not in (a, b)
                    and _seg_point_distance(self.pos[s], self.pos[a], self.pos[b]) < self.LINE_CLEARANCE * 3
                ]
            moved = False
            push: dict[str, list[float]] = {i: [0.0, 0.0] for i in ids}
            for a, b in pairs:
                pa, pb = self.pos[a], self.pos[b]
                d = math.dist(pa, pb)
                if d >= self.MIN_GAP:
                    continue
                if d < 1e-6:
                    ux, uy = 1.0, 0.0
                else:
                    ux, uy = (pb[0] - pa[0]) / d, (pb[1] - pa[1]) / d
                k = (self.MIN_GAP - d) / 2 + 0.1
                push[a][0] -= ux * k
                push[a][1] -= uy * k
                push[b][0] += ux * k
                push[b][1] += uy * k
            for a, b, s in near_lines:
                pa, pb, p = self.pos[a], self.pos[b], self.pos[s]
                d = _seg_point_distance(p, pa, pb)
                if d >= self.LINE_CLEARANCE:
                    continue
                # move the space away from the line, along the line's normal
                dx, dy = pb[0] - pa[0], pb[1] - pa[1]
                norm = math.hypot(dx, dy) or 1.0
                nx, ny = -dy / norm, dx / norm
                side = (p[0] - pa[0]) * nx + (p[1] - pa[1]) * ny
                sign = 1.0 if side >= 0 else -1.0
                k = (self.LINE_CLEARANCE - d) + 0.1
                push[s][0] += sign * nx * k
                push[s][1] += sign * ny * k
            for i in ids:
                dx, dy = push[i]
                if abs(dx) > 1e-3 or abs(dy) > 1e-3:
                    moved = True
                    step = min(1.0, 4.0 / max(math.hypot(dx, dy), 1e-9))
                    x, y = self.pos[i]
                    self.pos[i] = (x + dx * step * 0.5, y + dy * step * 0.5)
            if not moved:
                break

    # ---- what each space draws around its centre -------------------------------------------

    def badges(self, s: Space) -> list[tuple[str, str]]:
        """The pills under the box: (kind, text)."""
        out: list[tuple[str, str]] = []
        if s.kurdish:
            out.append(("kurdish", s.kurdish))
        shown = {s.country, "russia", "us", "lebanese_army"}
        codes = [_SUPPLY_CODES[f] for f in s.supply if f in _SUPPLY_CODES and f in shown]
        if s.supply and not codes:
            codes = ["S"]
        if codes:
            out.append(("supply", " ".join(codes)))
        return out

    def footprint(self, s: Space) -> _Rect:
        x, y = self.pos[s.id]
        hw, hh = self.BOX_W / 2 + 3, self.BOX_H / 2 + 3
        r = _Rect(x - hw, y - hh - (3 if s.is_symbol or s.defence else 0), x + hw, y + hh)
        below = y + self.BOX_H / 2 + 1
        for _, text in self.badges(s):
            w = _text_width(text, 7.0, True) + 4
            r = _Rect(min(r.x0, x - w / 2), r.y0, max(r.x1, x + w / 2), below + 10)
            below += 10
        return r


def _label_candidates(
    foot: _Rect, x: float, y: float, w: float, h: float, gaps: Sequence[float] = (2.0, 9.0, 18.0)
) -> list[tuple[_Rect, float, float, str]]:
    """Places for a w*h text block around a footprint, nearest first: (rect, text x, baseline
    y, anchor)."""
    cands: list[tuple[_Rect, float, float, str]] = []
    for gap in gaps:
        mid = y - h / 2
        cands.append(
            (_Rect(foot.x1 + gap, mid, foot.x1 + gap + w, mid + h), foot.x1 + gap, mid + h - 2.5, "start")
        )
        cands.append(
            (_Rect(foot.x0 - gap - w, mid, foot.x0 - gap, mid + h), foot.x0 - gap, mid + h - 2.5, "end")
        )
        top = foot.y0 - gap - h
        cands.append((_Rect(x - w / 2, top, x + w / 2, top + h), x, top + h - 2.5, "middle"))
        bot = foot.y1 + gap
        cands.append((_Rect(x - w / 2, bot, x + w / 2, bot + h), x, bot + h - 2.5, "middle"))
        for sx in (1, -1):
            for sy in (-1, 1):
                x0 = x + 4 + gap if sx > 0 else x - 4 - gap - w
                y0 = foot.y0 - h + 4 - gap if sy < 0 else foot.y1 - 4 + gap
                anchor = "start" if sx > 0 else "end"
                tx = x0 if sx > 0 else x0 + w
                cands.append((_Rect(x0, y0, x0 + w, y0 + h), tx, y0 + h - 2.5, anchor))
        if gap == gaps[0]:
            # beside the space, a little higher or lower
            for dy in (-7.0, 7.0, -13.0, 13.0):
                m2 = mid + dy
                cands.append(
                    (
                        _Rect(foot.x1 + gap, m2, foot.x1 + gap + w, m2 + h),
                        foot.x1 + gap,
                        m2 + h - 2.5,
                        "start",
                    )
                )
                cands.append(
                    (_Rect(foot.x0 - gap - w, m2, foot.x0 - gap, m2 + h), foot.x0 - gap, m2 + h - 2.5, "end")
                )
    return cands


class _Placer:
    """Greedy placement of text blocks, avoiding what is already on the board: spaces (with
    their badges), names and stacks already placed (text weighs more), and the lines."""

    def __init__(self, board: _Board) -> None:
        self.board = board
        self.feet = {s.id: board.footprint(s) for s in board.content.spaces}
        self.taken: list[tuple[_Rect, float]] = [(r, 8.0) for r in self.feet.values()]
        self.segments = [(board.pos[a], board.pos[b]) for a, b in board.content.links]

    def place(
        self, sid: str, w: float, h: float, gaps: Sequence[float] = (2.0, 9.0, 18.0), leader: bool = False
    ) -> tuple[_Rect, float, float, str]:
        """The best of the candidate places for a w*h block beside space ``sid``: little
        overlap, few lines crossed, on the canvas, and nearer its own space than any other
        (a name must not seem to belong to a neighbour; a block drawn with a ``leader`` line
        to its space may)."""
        foot = self.feet[sid]
        x, y = self.board.pos[sid]
        neighbours = [
            self.board.pos[o] for o in self.feet if o != sid and math.dist(self.board.pos[o], (x, y)) < 90 + w
        ]
        best: tuple[float, tuple[_Rect, float, float, str]] | None = None
        for order, cand in enumerate(_label_candidates(foot, x, y, w, h, gaps)):
            rect = cand[0]
            cost = order * 1.5 + rect.outside(_W, self.board.height) * 50.0
            own = rect.distance((x, y))
            if not leader:
                cost += sum(
                    400.0 + (own - rect.distance(q)) * 20 for q in neighbours if rect.distance(q) < own + 3
                )
            if best is not None and cost >= best[0]:
                continue
            for other, weight in self.taken:
                if other is not foot:
                    cost += other.overlap(rect) * weight
            if best is None or cost < best[0]:
                cost += sum(12.0 for a, b in self.segments if rect.hits_segment(a, b))
                if best is None or cost < best[0]:
                    best = (cost, cand)
        assert best is not None
        self.taken.append((best[1][0], 30.0))
        return best[1]

    def replace(self, sid: str, old: _Rect, w: float, h: float) -> tuple[_Rect, float, float, str]:
        """Place again a block already placed, now that its neighbours are known."""
        self.taken = [(r, k) for r, k in self.taken if r is not old]
        return self.place(sid, w, h)

    def rects(self) -> list[_Rect]:
        return [r for r, _ in self.taken]


def _country_font(spaces: int) -> float:
    return 15.0 if spaces > 6 else 12.0


def _in_polygon(x: float, y: float, poly: Sequence[tuple[float, float]]) -> bool:
    inside = False
    j = len(poly) - 1
    for i in range(len(poly)):
        xi, yi = poly[i]
        xj, yj = poly[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def _country_label_spots(board: _Board, obstacles: Sequence[_Rect]) -> dict[Country, tuple[float, float]]:
    """For each country, a spot on its own ground (the nearest spaces are its own) near the
    middle of its spaces, clear of what is drawn and preferably on land, for its name."""
    seas = [[board.project(lat, lon) for lat, lon in poly] for poly in (_MEDITERRANEAN, _GULF)]
    spots: dict[Country, tuple[float, float]] = {}
    by_country: dict[Country, list[Space]] = {}
    for s in board.content.spaces:
        by_country.setdefault(s.country, []).append(s)
    centres = [(s.country, board.pos[s.id]) for s in board.content.spaces]
    segments = [(board.pos[a], board.pos[b]) for a, b in board.content.links]
    cell = 40.0
    buckets: dict[tuple[int, int], list[tuple[Country, tuple[float, float]]]] = {}
    for c, q in centres:
        buckets.setdefault((int(q[0] // cell), int(q[1] // cell)), []).append((c, q))
    placed: list[_Rect] = []
    for country, members in sorted(by_country.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        pts = [board.pos[s.id] for s in members]
        cx = sum(p[0] for p in pts) / len(pts)
        cy = sum(p[1] for p in pts) / len(pts)
        name = _COUNTRY[country][1]
        size = _country_font(len(members))
        w = _text_width(name, size, True) + len(name) * 3.0
        x0, x1 = min(p[0] for p in pts) - 60, max(p[0] for p in pts) + 60
        y0, y1 = min(p[1] for p in pts) - 24, max(p[1] for p in pts) + 24
        area = _Rect(x0 - w, y0 - 20, x1 + w, y1 + 20)
        near_obstacles = [o for o in obstacles if o.overlap(area)]
        best: tuple[float, tuple[float, float]] | None = None
        gy = y0
        while gy <= y1:
            gx = x0
            while gx <= x1:
                rect = _Rect(gx - w / 2, gy - size + 2, gx + w / 2, gy + 3)
                ok = rect.x0 > 4 and rect.x1 < _W - 4 and rect.y0 > 4 and rect.y1 < board.height - 4
                if ok and not any(rect.overlap(p) for p in placed):
                    # the nearest space (whose ground this is) and the clearance, from the
                    # spaces in the neighbouring cells only
                    near_d, near_c, clear = math.inf, None, 40.0
                    ci, cj = int(gx // cell), int(gy // cell)
                    for di in (-2, -1, 0, 1, 2):
                        for dj in (-2, -1, 0, 1, 2):
                            for c, (qx, qy) in buckets.get((ci + di, cj + dj), ()):
                                d2 = (qx - gx) ** 2 + (qy - gy) ** 2
                                if d2 < near_d:
                                    near_d, near_c = d2, c
                                ex = max(rect.x0 - qx, 0.0, qx - rect.x1)
                                ey = max(rect.y0 - qy, 0.0, qy - rect.y1)
                                if ex < clear and ey < clear:
                                    clear = min(clear, math.hypot(ex, ey))
                    cost = -clear * 3 + math.dist((gx, gy), (cx, cy)) * 0.12
                    # the dearer checks only for a spot that can still win
                    if near_c == country and (best is None or cost < best[0]):
                        cost += 6 * sum(rect.overlap(o) for o in near_obstacles)
                        cost += 4 * sum(
                            1 for sea in seas for px in (rect.x0, gx, rect.x1) if _in_polygon(px, gy - 5, sea)
                        )
                        if best is None or cost < best[0]:
                            cost += 25 * sum(1 for a, b in segments if rect.hits_segment(a, b))
                            if best is None or cost < best[0]:
                                best = (cost, (gx, gy))
                gx += 10.0
            gy += 10.0
        spot = best[1] if best else (cx, cy)
        spots[country] = spot
        placed.append(_Rect(spot[0] - w / 2, spot[1] - size + 2, spot[0] + w / 2, spot[1] + 3))
    return spots


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
    """A text with a white halo (drawn as a stroked copy underneath, for renderers without
    paint-order)."""
    t = escape(text)
    common = (
        f'x="{x:.1f}" y="{y:.1f}" font-size="{size:.1f}" text-anchor="{anchor}" font-weight="{weight}"{extra}'
    )
    out = ""
    if halo:
        out += (
            f'<text {common} fill="#fff" stroke="#fff" stroke-width="2.6" '
            f'stroke-linejoin="round" aria-hidden="true">{t}</text>'
        )
    return out + f'<text {common} fill="{fill}">{t}</text>'


def _space_svg(board: _Board, s: Space, label: tuple[_Rect, float, float, str]) -> str:
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
        f'fill="{_TERRAIN_FILL[s.terrain]}" stroke="{colour}" stroke-width="2.4"/>'
    )
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


def _describe(s: Space) -> str:
    bits = [s.name, s.country.replace("_", " ").title(), s.terrain]
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
        bits.append(s.kurdish)
    if s.supply:
        bits.append("supply: " + ", ".join(s.supply))
    return "; ".join(bits)


def _legend(x: float, y: float) -> str:
    rows: list[str] = []
    lx, ly = x, y
    rows.append(
        f'<rect x="{lx:.1f}" y="{ly:.1f}" width="404" height="212" rx="6" fill="#ffffff" fill-opacity="0.88" '
        f'stroke="#999" stroke-width="0.8"/>'
    )
    rows.append(_text(lx + 10, ly + 17, "Legend", 11.0, weight="bold", halo=False))
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


def board_svg(content: MapFile, stacks: Mapping[str, Sequence[str]] | None = None, width: int = 1200) -> str:
    """The board as an SVG document.

    ``stacks`` maps a space id to the labels to list beside it (what the caller lets the viewer
    see: unit names, "3 IS units", markers...); they are drawn as given, escaped. ``width`` is the
    rendered width in pixels; the drawing scales with it.
    """
    board = _Board(content)
    h = board.height
    scale = width / _W
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width}" height="{h * scale:.0f}" '
        f'viewBox="0 0 {_W:.0f} {h:.0f}" font-family="{_FONT}">',
        "<title>Fitna: Global War in the Middle East, the map (reconstructed)</title>",
        f'<rect x="0" y="0" width="{_W:.0f}" height="{h:.0f}" fill="#fbf8ef"/>',
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
    out.append('<g class="spaces">')
    for s in content.spaces:
        out.append(_space_svg(board, s, labels[s.id]))
    out.append("</g>")
    # country names, faint, where the names and badges leave room
    countries = ['<g class="countries">']
    members = {c: sum(1 for s in content.spaces if s.country == c) for c in _COUNTRY}
    for country, (gx, gy) in _country_label_spots(board, placer.rects()).items():
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
        for sid, items in stacks.items():
            if sid not in board.spaces or not items:
                continue
            texts = [str(t) for t in items]
            w = max(_text_width(t, _STACK_SIZE) for t in texts) + 8
            hh = len(texts) * (_STACK_SIZE + 2) + 4
            rect, _, _, _ = placer.place(sid, w, hh, gaps=(2.0, 9.0, 18.0, 32.0, 50.0), leader=True)
            sx, sy = board.pos[sid]
            out.append(f'<g class="stack" data-space="{escape(sid)}">')
            if rect.distance((sx, sy)) > 14:
                ex = min(max(sx, rect.x0), rect.x1)
                ey = min(max(sy, rect.y0), rect.y1)
                out.append(
                    f'<line x1="{sx:.1f}" y1="{sy:.1f}" x2="{ex:.1f}" y2="{ey:.1f}" stroke="#5d4037" '
                    f'stroke-width="0.9" stroke-dasharray="2,1.5"/>'
                )
            out.append(
                f'<rect x="{rect.x0:.1f}" y="{rect.y0:.1f}" width="{w:.1f}" height="{hh:.1f}" rx="3" '
                f'fill="#fffde7" fill-opacity="0.95" stroke="#5d4037" stroke-width="0.9"/>'
            )
            for i, t in enumerate(texts):
                out.append(
                    f'<text x="{rect.x0 + 4:.1f}" y="{rect.y0 + 2 + (i + 1) * (_STACK_SIZE + 2) - 1.5:.1f}" '
                    f'font-size="{_STACK_SIZE:.0f}" fill="#111">{escape(t)}</text>'
                )
            out.append("</g>")
        out.append("</g>")
    # title and legend in the empty corners (the Anatolian plateau, the Arabian desert)
    out.append(_text(_MARGIN[3], 28, "FITNA: the map (115 spaces, reconstructed)", 16.0, weight="bold"))
    out.append(_legend(_MARGIN[3] - 20, h - 228))
    out.append("</svg>")
    return "".join(out)
