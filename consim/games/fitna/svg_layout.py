"""The layout of Fitna's map drawing (svg.py): the projection of the spaces' coordinates, the
nudges that keep spaces and lines apart, text widths, and where names and labels go.

Geometry and the board's fixed data (the countries' names and border colours, the supply
codes); no rules and no SVG text.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from consim.games.fitna.content import Country, MapFile, Space

#: the drawing is laid out on a canvas this wide; ``width`` only scales it
_W = 1200.0
_MARGIN = (46.0, 44.0, 40.0, 66.0)  # top, right, bottom, left (room for names on the sea)
_FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
_NAME_SIZE = 10.0
_STACK_SIZE = 8.0

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
        # only what lies within reach of a candidate can overlap one (the same result, sooner)
        r = max(gaps) + w + h + 30.0
        area = _Rect(foot.x0 - r, foot.y0 - r, foot.x1 + r, foot.y1 + r)
        near = [
            (o, k)
            for o, k in self.taken
            if o.x1 > area.x0 and o.x0 < area.x1 and o.y1 > area.y0 and o.y0 < area.y1
        ]
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
            for other, weight in near:
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
