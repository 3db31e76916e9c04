"""The layout of Fitna's map drawing (svg.py): where each space, its area, its name and its
stack go, and the coasts drawn around them.

The spaces start at their real latitudes and longitudes (an equirectangular projection). The
Levant holds a third of the spaces in a tenth of the map, far too close for counters, so it is
drawn wider, and then the plane is spread where spaces crowd: every point moves down the
gradient of the spaces' density (a diffusion cartogram in small steps) until the crowded
places have room for a stack. A last nudge gives every two spaces their gap and keeps every
space on the side of each line where it really lies, so that no link crosses another. The map
keeps its shape: north stays north and links keep their bearings (tests/games/fitna/
test_svg.py measures both). The coasts are drawn along the coastal spaces, so that each stays
on the shore and every other space inland.

Each space owns an area: the points nearer to it than to any other space (a Voronoi cell),
within AREA_RADIUS of it and the map's frame. Its stack is drawn centred on the space, inside
that area; its name goes where it hides no stack, no other name and no space.

Geometry and the board's fixed data (the countries' names and border colours, the supply
codes); no rules and no SVG text.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from consim.games.fitna.content import Country, MapFile, Space

#: the drawing is laid out on a canvas this wide; ``width`` only scales it
_W = 1200.0
_MARGIN = (58.0, 40.0, 34.0, 84.0)  # top, right, bottom, left (room for names at the edges)
_FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
_NAME_SIZE = 10.0
#: the side of a counter, and of the box of a space (a counter sits on it with a rim to spare)
COUNTER = 26.0
BOX = 30.0
#: how far each counter of a stack sits from the one behind it: a stack the viewer sees unit
#: by unit is fanned so that each counter's values show under the one in front; a stack seen
#: only as counters of a force (or IS counters face down) is a tight pile
FAN_OPEN = (2.0, -9.0)
FAN_CLOSED = (3.0, -3.5)
#: the room kept free of names around every space, for a stack of three fanned counters
STACK_ROOM = (36.0, 46.0)

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

# The head of the Gulf's real coastline (lat, lon): it tells which spaces lie on the Gulf's
# shore and on which side the sea is (the shores are drawn along the spaces, ``_Board._gulf``).
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

Point = tuple[float, float]


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

    def hits_segment(self, a: Point, b: Point) -> bool:
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


@lru_cache(maxsize=4096)
def _text_width(text: str, size: float, bold: bool = False) -> float:
    """The rendered width of ``text`` in DejaVu Sans, plus a pixel of slack each side."""
    table = _ADVANCE[bold]
    em = sum(table[ord(c) - 32] if 32 <= ord(c) < 127 else 0.66 for c in text)
    return em * size + 2.0


def _seg_point_distance(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return math.dist(p, a)
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def _seg_distances(p: np.ndarray, la: np.ndarray, lb: np.ndarray) -> np.ndarray:
    """The distance from every point of ``p`` to every segment p[la]-p[lb] (segments x
    points)."""
    a, b = p[la][:, None, :], p[lb][:, None, :]
    t = b - a
    length2 = np.maximum((t**2).sum(axis=2), 1e-12)
    along = np.clip(((p[None, :, :] - a) * t).sum(axis=2) / length2, 0.0, 1.0)
    nearest = a + along[:, :, None] * t
    return np.asarray(np.sqrt(((p[None, :, :] - nearest) ** 2).sum(axis=2)))


def _uncross(p: np.ndarray, la: np.ndarray, lb: np.ndarray) -> tuple[np.ndarray, ...]:
    """For each two links p[la]-p[lb] that cross (sharing no end): the end nearest the other
    link, and that link's index and ends (arrays: space, link, link's ends)."""
    a, b = p[la], p[lb]

    def orient(p0: np.ndarray, p1: np.ndarray, q: np.ndarray) -> np.ndarray:
        return np.asarray(
            (p1[:, None, 0] - p0[:, None, 0]) * (q[None, :, 1] - p0[:, None, 1])
            - (p1[:, None, 1] - p0[:, None, 1]) * (q[None, :, 0] - p0[:, None, 0])
        )

    o1, o2 = orient(a, b, a), orient(a, b, b)  # the ends of link j against line i
    cross = (o1 * o2 < 0) & (o1.T * o2.T < 0)
    shared = (la[:, None] == la[None, :]) | (la[:, None] == lb[None, :])
    shared |= (lb[:, None] == la[None, :]) | (lb[:, None] == lb[None, :])
    i, j = np.nonzero(np.triu(cross & ~shared, 1))
    if not len(i):
        empty = np.zeros(0, dtype=int)
        return empty, empty, empty, empty
    length = np.sqrt(((b - a) ** 2).sum(axis=1))
    # the distance of each end to the other line; the nearest end moves
    options = np.stack(
        [
            np.abs(o1[i, j]) / length[i],  # link j's first end, against line i
            np.abs(o2[i, j]) / length[i],  # link j's second end
            np.abs(o1[j, i]) / length[j],  # link i's first end, against line j
            np.abs(o2[j, i]) / length[j],
        ],
        axis=1,
    )
    pick = options.argmin(axis=1)
    space = np.choose(pick, [la[j], lb[j], la[i], lb[i]])
    line = np.where(pick < 2, i, j)
    return space, line, la[line], lb[line]


def _sides(p: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The side of each line a->b where each p lies: 1.0 or -1.0 (the sign of the cross
    product)."""
    cross = (b[:, 0] - a[:, 0]) * (p[:, 1] - a[:, 1]) - (b[:, 1] - a[:, 1]) * (p[:, 0] - a[:, 0])
    return np.where(cross >= 0, 1.0, -1.0)


def stack_offsets(n: int, fanned: bool) -> tuple[list[Point], float, float]:
    """Where the ``n`` counters of a stack go, back to front: the top-left corner of each,
    relative to the space's centre, and the stack's width and height (its box is centred on
    the space). More than three counters fan no wider than three."""
    dx, dy = FAN_OPEN if fanned else FAN_CLOSED
    if n > 3:
        dx, dy = dx * 2 / (n - 1), dy * 2 / (n - 1)
    steps = max(n - 1, 0)
    w, h = COUNTER + dx * steps, COUNTER + abs(dy) * steps
    x0, y0 = -w / 2, h / 2 - COUNTER
    return [(x0 + i * dx, y0 + i * dy) for i in range(n)], w, h


# ---- spreading the crowded places ------------------------------------------------------------

#: the Levant: longitudes west of this drawn this much wider, before the flow
_WEST = (37.0, 1.5)
#: the flow: the kernel's width (px of the projection), the smoothed density under which
#: nothing moves (1 is a lone space), a small density added under the division, the steps
#: taken and their size
_SIGMA = 25.0
_CROWD = 1.3
_EMPTY = 0.03
_STEPS = 400
_STEP = 200.0
#: the nudge's steps at most
_NUDGES = 400


def _spread(spaces: np.ndarray) -> np.ndarray:
    """The spaces' points moved by the flow that spreads crowded spaces. rho, the spaces'
    density smoothed by a Gaussian kernel (1 at a lone space), defines one smooth velocity
    field over the plane: -grad(rho)/(rho + _EMPTY), slowed to nothing where rho is below
    _CROWD (where the spaces do not crowd). Every point moves with it a small step at a time;
    the flow of such a field never folds the plane, so the map keeps its shape."""
    x, y = spaces[:, 0].astype(float), spaces[:, 1].astype(float)
    inv = 1.0 / (2 * _SIGMA * _SIGMA)
    for _ in range(_STEPS):
        dx = x[:, None] - x[None, :]
        dy = y[:, None] - y[None, :]
        w = np.exp(-(dx * dx + dy * dy) * inv)
        rho = w.sum(axis=1)
        push = np.clip((rho - _CROWD) / (_CROWD - 1.0), 0.0, 1.0)
        # grad(rho) = -sum(w * d) / sigma^2, so -grad/rho points away from the crowd
        k = _STEP / (_SIGMA * _SIGMA) / (_EMPTY + rho) * push
        x = x + (w * dx).sum(axis=1) * k
        y = y + (w * dy).sum(axis=1) * k
    return np.stack([x, y], axis=1)


def _catmull_rom(points: Sequence[Point], samples: int = 6) -> list[Point]:
    """A smooth curve through ``points`` (Catmull-Rom), as ``samples`` points a stretch."""
    if len(points) < 3:
        return list(points)
    ext = [points[0], *points, points[-1]]
    out: list[Point] = []

    def blend(a: float, b: float, c: float, d: float, t: float) -> float:
        return 0.5 * (
            2 * b + (c - a) * t + (2 * a - 5 * b + 4 * c - d) * t * t + (3 * b - a - 3 * c + d) * t**3
        )

    for i in range(1, len(ext) - 2):
        p0, p1, p2, p3 = ext[i - 1], ext[i], ext[i + 1], ext[i + 2]
        for k in range(samples):
            t = k / samples
            out.append((blend(p0[0], p1[0], p2[0], p3[0], t), blend(p0[1], p1[1], p2[1], p3[1], t)))
    out.append(points[-1])
    return out


# ---- the areas -------------------------------------------------------------------------------

#: an area reaches at most this far from its space
AREA_RADIUS = 120.0


def _clip(poly: list[Point], a: float, b: float, c: float) -> list[Point]:
    """The part of a convex polygon where a*x + b*y <= c (Sutherland-Hodgman, one edge)."""
    out: list[Point] = []
    n = len(poly)
    for i in range(n):
        p, q = poly[i], poly[(i + 1) % n]
        fp, fq = a * p[0] + b * p[1] - c, a * q[0] + b * q[1] - c
        if fp <= 0:
            out.append(p)
        if (fp < 0 < fq) or (fq < 0 < fp):
            t = fp / (fp - fq)
            out.append((p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t))
    return out


def _areas(pos: dict[str, Point], width: float, height: float) -> dict[str, list[Point]]:
    """Each space's area: the points nearer to it than to any other space, within
    AREA_RADIUS of it and inside the frame."""
    ids = sorted(pos)
    out: dict[str, list[Point]] = {}
    sides = 32
    for sid in ids:
        x, y = pos[sid]
        poly = [
            (
                x + AREA_RADIUS * math.cos(2 * math.pi * (k + 0.5) / sides),
                y + AREA_RADIUS * math.sin(2 * math.pi * (k + 0.5) / sides),
            )
            for k in range(sides)
        ]
        for a, b, c in ((-1.0, 0.0, -4.0), (1.0, 0.0, width - 4), (0.0, -1.0, -4.0), (0.0, 1.0, height - 4)):
            poly = _clip(poly, a, b, c)
        for other in ids:
            ox, oy = pos[other]
            if other == sid or math.dist((x, y), (ox, oy)) > 2 * AREA_RADIUS:
                continue
            # the half-plane nearer to this space: (q - m) . (o - p) <= 0
            a, b = ox - x, oy - y
            poly = _clip(poly, a, b, a * (x + ox) / 2 + b * (y + oy) / 2)
        out[sid] = poly
    return out


def in_polygon(x: float, y: float, poly: Sequence[Point]) -> bool:
    """Whether (x, y) lies inside the polygon (even-odd rule)."""
    inside = False
    j = len(poly) - 1
    for i in range(len(poly)):
        xi, yi = poly[i]
        xj, yj = poly[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


# ---- the board -------------------------------------------------------------------------------


class _Board:
    """The layout: each space's point (projected, widened, spread, nudged), its area, the room
    it keeps for its stack, and the coasts drawn along the coastal spaces."""

    MIN_GAP = 64.0  # centre to centre
    #: the Levant's spaces keep more room: its stacks are the biggest and its names the longest
    LEVANT_GAP = (36.6, 76.0)
    LINE_CLEARANCE = BOX / 2 + 5  # a line passing by a space it does not touch

    def __init__(self, content: MapFile) -> None:
        self.content = content
        self.spaces: dict[str, Space] = {s.id: s for s in content.spaces}
        lats = [s.lat for s in content.spaces] or [30.0]
        lons = [s.lon for s in content.spaces] or [40.0]
        self.lat_min, self.lat_max = min(lats), max(lats)
        self.lon_min, self.lon_max = min(lons), max(lons)
        self.kx = math.cos(math.radians((self.lat_min + self.lat_max) / 2))
        _, right, _, left = _MARGIN
        span_x = max((self.lon_max - self.lon_min) * self.kx, 1e-6)
        self.scale = (_W - left - right) / span_x
        self.home = {s.id: self.project(s.lat, s.lon) for s in content.spaces}
        ids = [s.id for s in content.spaces]
        # the Levant drawn wider, then the crowded places spread
        start = np.array([self._widen(self.home[i]) for i in ids], dtype=float).reshape(-1, 2)
        moved = _spread(start)
        self.pos: dict[str, Point] = {i: (float(x), float(y)) for i, (x, y) in zip(ids, moved, strict=True)}
        self.height = 0.0
        for _ in range(2):  # the nudge widens the map a little: fit it to the canvas again
            self._fit()
            self._nudge()
        self._fit()
        self.seas = [self._mediterranean(), self._gulf()]
        self.areas = _areas(self.pos, _W, self.height)

    def _mediterranean(self) -> list[Point]:
        """The Mediterranean drawn along the coastal spaces (31.1): a smooth shore a little
        west of each of them, north to south, turning west above the northernmost one (the
        coast of Turkey) and below the southernmost (Sinai). Drawn from the spaces rather than
        the real coastline, so that the spread map keeps every coastal space on the shore and
        every other space inland."""
        coast = sorted((s for s in self.content.spaces if s.coastal), key=lambda s: -s.lat)
        if not coast:
            return []
        pts = [self.pos[s.id] for s in coast]
        r = BOX / 2 + 9
        shore: list[Point] = []
        for i, (x, y) in enumerate(pts):
            ax, ay = pts[max(i - 1, 0)]
            bx, by = pts[min(i + 1, len(pts) - 1)]
            tx, ty = bx - ax, by - ay
            norm = math.hypot(tx, ty) or 1.0
            nx, ny = ty / norm, -tx / norm  # the normal on the sea's side (west)
            if nx > 0:
                nx, ny = -nx, -ny
            shore.append((x + nx * r, y + ny * r))
        nx0, (sx0, sy0) = shore[0][0], shore[-1]
        top = pts[0][1] - r - 10
        bottom = self.height + 40
        outline = [(-40.0, top), (nx0 - 30, top), (nx0 - 4, top + 14), *shore]
        outline += [(sx0 - 6, sy0 + 40), (sx0 - 40, sy0 + 90), (-40.0, bottom)]
        return _catmull_rom(outline)

    def _gulf(self) -> list[Point]:
        """The head of the Gulf, drawn along the spaces on its real shore (within 4 km), in
        their order along it, each with the sea on the side where it really lies; the sea
        runs off the map's bottom right."""
        real = [(lon * self.kx, -lat) for lat, lon in _GULF]  # x east, y south, in degrees
        found: list[tuple[float, Space, Point]] = []
        for s in self.content.spaces:
            p = (s.lon * self.kx, -s.lat)
            best: tuple[float, float, Point] | None = None
            length = 0.0
            for a, b in itertools.pairwise(real):
                d = _seg_point_distance(p, a, b)
                if best is None or d < best[0]:
                    t = ((p[0] - a[0]) * (b[0] - a[0]) + (p[1] - a[1]) * (b[1] - a[1])) / max(
                        math.dist(a, b) ** 2, 1e-12
                    )
                    t = min(max(t, 0.0), 1.0)
                    near = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
                    # the sea's side: the normal of the shore pointing into the sea
                    nx, ny = -(b[1] - a[1]), b[0] - a[0]
                    norm = math.hypot(nx, ny) or 1.0
                    nx, ny = nx / norm, ny / norm
                    if not in_polygon(near[0] + nx * 0.01, near[1] + ny * 0.01, real):
                        nx, ny = -nx, -ny
                    best = (d, length + t * math.dist(a, b), (nx, ny))
                length += math.dist(a, b)
            if best is not None and best[0] * 111 < 4:
                found.append((best[1], s, best[2]))
        if not found:
            return []
        found.sort(key=lambda f: f[0])
        r = BOX / 2 + 9
        shore = [(self.pos[s.id][0] + nx * r, self.pos[s.id][1] + ny * r) for _, s, (nx, ny) in found]
        x0, (x1, y1) = shore[0][0], shore[-1]
        far = _W + 60
        outline = [(far, self.height + 60), (x0 + 10, self.height + 60), *shore]
        outline += [(x1 + 30, y1 - 40), (far, y1 - 60)]
        return _catmull_rom(outline)

    def _widen(self, p: Point) -> Point:
        """A point of the projection with the land west of _WEST[0] degrees east drawn
        _WEST[1] times as wide (the Levant, where spaces crowd most)."""
        x0 = _MARGIN[3] + (_WEST[0] - self.lon_min) * self.kx * self.scale
        return (x0 - (x0 - p[0]) * _WEST[1], p[1]) if p[0] < x0 else p

    def _fit(self) -> None:
        """Scale and move the spaces to fill the canvas's width within its margins
        (the height follows)."""
        top, right, bottom, left = _MARGIN
        xs = [p[0] for p in self.pos.values()]
        ys = [p[1] for p in self.pos.values()]
        k = (_W - left - right) / max(max(xs) - min(xs), 1e-6)
        ox, oy = left - min(xs) * k, top - min(ys) * k
        self.pos = {i: (x * k + ox, y * k + oy) for i, (x, y) in self.pos.items()}
        self.height = (max(ys) - min(ys)) * k + top + bottom

    def project(self, lat: float, lon: float) -> Point:
        """The real place on the canvas before spreading (equirectangular)."""
        top, _, _, left = _MARGIN
        return (left + (lon - self.lon_min) * self.kx * self.scale, top + (self.lat_max - lat) * self.scale)

    def _nudge(self) -> None:
        """Push apart spaces closer than their gap (MIN_GAP, LEVANT_GAP in the Levant), and
        push a space lying near a line that is not its own to the side of the line where it
        really lies, the line's ends giving way too (so that no link crosses another).
        Deterministic; each space moves only as far as its collisions need."""
        ids = sorted(self.pos)
        index = {i: n for n, i in enumerate(ids)}
        p = np.array([self.pos[i] for i in ids], dtype=float)
        home = np.array([self.home[i] for i in ids], dtype=float)
        room = np.array(
            [self.LEVANT_GAP[1] if self.spaces[i].lon < self.LEVANT_GAP[0] else self.MIN_GAP for i in ids]
        )
        la = np.array([index[a] for a, _ in self.content.links], dtype=int)
        lb = np.array([index[b] for _, b in self.content.links], dtype=int)
        clear = self.LINE_CLEARANCE
        pi = pj = gap = ls = sa = sb = side = cs = ca = cb = cside = np.zeros(0, dtype=int)
        for it in range(_NUDGES):
            if it % 40 == 0:
                # only neighbours can collide: list them again from time to time
                d = np.sqrt(((p[:, None, :] - p[None, :, :]) ** 2).sum(axis=2))
                pi, pj = np.nonzero(np.triu(d < np.maximum(room[:, None], room[None, :]) * 1.5, 1))
                gap = np.minimum(room[pi], room[pj])
                near = _seg_distances(p, la, lb) < clear * 3
                near[np.arange(len(la)), la] = near[np.arange(len(la)), lb] = False
                li, ls = np.nonzero(near)
                sa, sb = la[li], lb[li]
                # a space keeps the side of a line where it really lies
                side = _sides(home[ls], home[sa], home[sb])
            if it % 10 == 0:
                # two links that cross: the end nearest the other line goes back across it
                xs, _, xa, xb = _uncross(p, la, lb)
                cs, ca, cb = ls, sa, sb
                cside = side
                if len(xs):
                    cs = np.concatenate([ls, xs])
                    ca = np.concatenate([sa, xa])
                    cb = np.concatenate([sb, xb])
                    cside = np.concatenate([side, -_sides(p[xs], p[xa], p[xb])])
            push = np.zeros_like(p)
            # the gaps between spaces
            v = p[pj] - p[pi]
            d = np.sqrt((v**2).sum(axis=1))
            hit = d < gap
            if hit.any():
                u = np.where(d[hit, None] > 1e-6, v[hit] / np.maximum(d[hit, None], 1e-6), [1.0, 0.0])
                k = ((gap[hit] - d[hit]) / 2 + 0.1)[:, None]
                np.add.at(push, pi[hit], -u * k)
                np.add.at(push, pj[hit], u * k)
            # the lines
            a_, b_, q = p[ca], p[cb], p[cs]
            t = b_ - a_
            norm = np.maximum(np.sqrt((t**2).sum(axis=1)), 1e-9)
            along = ((q - a_) * t).sum(axis=1) / norm**2
            n = np.stack([-t[:, 1], t[:, 0]], axis=1) / norm[:, None]
            dist = ((q - a_) * n).sum(axis=1) * cside
            hit = (along > 0) & (along < 1) & (dist < clear)
            if hit.any():
                # the space and the line share the way: the line's ends move the other way,
                # each by its share of the point of the line nearest the space
                k = ((clear - dist[hit]) / 2 + 0.1)[:, None] * cside[hit, None] * n[hit]
                np.add.at(push, cs[hit], k)
                np.add.at(push, ca[hit], -k * (1 - along[hit, None]))
                np.add.at(push, cb[hit], -k * along[hit, None])
            size = np.sqrt((push**2).sum(axis=1))
            moving = size > 1e-3
            if not moving.any():
                break
            step = np.minimum(1.0, 4.0 / np.maximum(size, 1e-9))[:, None] * 0.5
            p = p + push * step * moving[:, None]
        self.pos = {i: (float(x), float(y)) for i, (x, y) in zip(ids, p, strict=True)}

    # ---- what each space draws around its centre -------------------------------------------

    def badges(self, s: Space) -> list[tuple[str, str]]:
        """The pills under a space's name: (kind, text): the IS symbol, the defence bonus, the
        Kurdish faction, the supply codes."""
        out: list[tuple[str, str]] = []
        if s.is_symbol:
            out.append(("is", "IS"))
        if s.defence:
            out.append(("defence", f"-{s.defence}"))
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
        """What a space may cover: its box, and the room of a stack on it."""
        x, y = self.pos[s.id]
        hw, hh = max(BOX, STACK_ROOM[0]) / 2, max(BOX, STACK_ROOM[1]) / 2
        return _Rect(x - hw, y - hh, x + hw, y + hh)


#: the height of a space's name line and of its line of badges
NAME_LINE = _NAME_SIZE + 3
BADGE_H = 9.0
BADGE_SIZE = 7.0


def badge_width(text: str) -> float:
    return _text_width(text, BADGE_SIZE, True) + 4


@dataclass(frozen=True)
class NameBlock:
    """Where a space's name goes: its block, and its lines (the name, whole or on two)."""

    rect: _Rect
    lines: tuple[str, ...]


def name_lines(s: Space) -> list[tuple[str, ...]]:
    """The ways to write a space's name: on one line, and a long name of several words on
    two (broken at the space nearest its middle)."""
    out: list[tuple[str, ...]] = [(s.name,)]
    words = s.name.split()
    if len(words) > 1 and len(s.name) >= 8:
        cut = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(s.name) / 2))
        out.append((" ".join(words[:cut]), " ".join(words[cut:])))
    return out


def label_size(board: _Board, s: Space, lines: tuple[str, ...]) -> tuple[float, float]:
    """The width and height of a space's name block: the name's lines, and the badges under
    them."""
    w = max(_text_width(line, _NAME_SIZE, s.city or s.objective) for line in lines)
    badges = board.badges(s)
    h = NAME_LINE * len(lines)
    if badges:
        w = max(w, sum(badge_width(t) + 2 for _, t in badges) - 2)
        h += BADGE_H + 1
    return w, h


def _label_candidates(foot: _Rect, x: float, y: float, w: float, h: float) -> list[_Rect]:
    """Places for a w*h block around a footprint, nearest first."""
    cands: list[_Rect] = []
    for gap in (1.0, 6.0, 14.0):
        mid = y - h / 2
        cands.append(_Rect(x - w / 2, foot.y1 + gap, x + w / 2, foot.y1 + gap + h))
        cands.append(_Rect(x - w / 2, foot.y0 - gap - h, x + w / 2, foot.y0 - gap))
        for dy in (0.0, -8.0, 8.0, -16.0, 16.0):
            cands.append(_Rect(foot.x1 + gap, mid + dy, foot.x1 + gap + w, mid + dy + h))
            cands.append(_Rect(foot.x0 - gap - w, mid + dy, foot.x0 - gap, mid + dy + h))
        for sx in (1, -1):
            for sy in (-1, 1):
                # above or below, off centre; and diagonally off a corner
                x0 = x - w / 2 + sx * w / 3
                y0 = foot.y0 - gap - h if sy < 0 else foot.y1 + gap
                cands.append(_Rect(x0, y0, x0 + w, y0 + h))
                x0 = foot.x1 + gap if sx > 0 else foot.x0 - gap - w
                cands.append(_Rect(x0, y0, x0 + w, y0 + h))
    return cands


def _overlaps(c: np.ndarray, r: np.ndarray) -> np.ndarray:
    """The overlap (area) of each candidate rectangle with each rectangle (rows x0 y0 x1 y1):
    candidates x rectangles."""
    w = np.minimum(c[:, None, 2], r[None, :, 2]) - np.maximum(c[:, None, 0], r[None, :, 0])
    h = np.minimum(c[:, None, 3], r[None, :, 3]) - np.maximum(c[:, None, 1], r[None, :, 1])
    return np.asarray(np.clip(w, 0.0, None) * np.clip(h, 0.0, None))


def _gaps(c: np.ndarray, r: np.ndarray) -> np.ndarray:
    """The distance between each candidate rectangle and each rectangle (0 if they touch)."""
    dx = np.maximum(np.maximum(c[:, None, 0] - r[None, :, 2], r[None, :, 0] - c[:, None, 2]), 0.0)
    dy = np.maximum(np.maximum(c[:, None, 1] - r[None, :, 3], r[None, :, 1] - c[:, None, 3]), 0.0)
    return np.asarray(np.sqrt(dx * dx + dy * dy))


def _inside_convex(xs: np.ndarray, ys: np.ndarray, poly: Sequence[Point]) -> np.ndarray:
    """Whether each point lies inside a convex polygon (either winding)."""
    v = np.array(poly, dtype=float).reshape(-1, 2)
    w = np.roll(v, -1, axis=0)
    cross = (w[:, 0] - v[:, 0])[None, :] * (ys[:, None] - v[:, 1][None, :]) - (w[:, 1] - v[:, 1])[None, :] * (
        xs[:, None] - v[:, 0][None, :]
    )
    return np.asarray(np.all(cross >= 0, axis=1) | np.all(cross <= 0, axis=1))


class _Placer:
    """Greedy placement of name blocks, avoiding what is already on the board: the spaces with
    the room of their stacks, the names already placed, and the lines; each block as much as
    it can inside its own space's area, and nearer its own box than any other (so that it
    reads as that space's name)."""

    def __init__(self, board: _Board) -> None:
        self.board = board
        self.feet = {s.id: board.footprint(s) for s in board.content.spaces}
        # what is taken: the rectangles (the spaces' room first, then the names as placed),
        # the same as rows of an array, and their weights
        self.taken: list[_Rect] = list(self.feet.values())
        self.rows = np.array([[r.x0, r.y0, r.x1, r.y1] for r in self.taken], dtype=float).reshape(-1, 4)
        self.weights = np.full(len(self.taken), 20.0)
        self.foot_row = {sid: n for n, sid in enumerate(self.feet)}
        self.segments = [(board.pos[a], board.pos[b]) for a, b in board.content.links]
        self.segment_box = np.array(
            [[min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1])] for a, b in self.segments],
            dtype=float,
        ).reshape(-1, 4)
        half = BOX / 2
        ids = list(board.pos)
        self.box_ids = ids
        self.boxes = np.array(
            [
                [
                    board.pos[i][0] - half,
                    board.pos[i][1] - half,
                    board.pos[i][0] + half,
                    board.pos[i][1] + half,
                ]
                for i in ids
            ],
            dtype=float,
        ).reshape(-1, 4)

    def place(self, sid: str, variants: Sequence[tuple[tuple[str, ...], float, float]]) -> NameBlock:
        """The best of the candidate places for one of the ``variants`` of a block beside
        space ``sid`` (its lines and size; the first preferred): inside its area, little
        overlap, few lines crossed, on the canvas."""
        best: tuple[float, NameBlock] | None = None
        for n, (lines, w, h) in enumerate(variants):
            cost, rect = self._best(sid, w, h)
            if best is None or cost + n * 8.0 < best[0]:
                best = (cost + n * 8.0, NameBlock(rect, lines))
        assert best is not None
        r = best[1].rect
        self.taken.append(r)
        self.rows = np.vstack([self.rows, [r.x0, r.y0, r.x1, r.y1]])
        self.weights = np.append(self.weights, 30.0)
        return best[1]

    def _best(self, sid: str, w: float, h: float) -> tuple[float, _Rect]:
        """The best place for a w*h block, and its cost."""
        foot = self.feet[sid]
        x, y = self.board.pos[sid]
        rects = _label_candidates(foot, x, y, w, h)
        c = np.array([[r.x0, r.y0, r.x1, r.y1] for r in rects])
        cost = np.arange(len(rects)) * 1.5
        # off the canvas
        pad = 4.0
        ix = np.clip(np.minimum(c[:, 2], _W - pad) - np.maximum(c[:, 0], pad), 0.0, None)
        iy = np.clip(np.minimum(c[:, 3], self.board.height - pad) - np.maximum(c[:, 1], pad), 0.0, None)
        cost += (w * h - ix * iy) * 50.0
        # what is already placed (the spaces' room, the names), near enough to matter
        lo, hi = c.min(axis=0), c.max(axis=0)
        rows = self.rows
        near = (rows[:, 2] > lo[0]) & (rows[:, 0] < hi[2]) & (rows[:, 3] > lo[1]) & (rows[:, 1] < hi[3])
        near[self.foot_row[sid]] = False
        if near.any():
            cost += (_overlaps(c, rows[near]) * self.weights[near][None, :]).sum(axis=1)
        # a name nearer another space's box than its own reads as that space's
        own_at = self.box_ids.index(sid)
        own = _gaps(c, self.boxes[own_at : own_at + 1])[:, 0]
        reach = w + h + 60.0
        b = self.boxes
        close = (np.abs(b[:, 0] - (x - BOX / 2)) < reach) & (np.abs(b[:, 1] - (y - BOX / 2)) < reach)
        close[own_at] = False
        if close.any():
            gaps = _gaps(c, b[close])
            worse = gaps < own[:, None] + 4
            cost += (worse * (300.0 + (own[:, None] + 4 - gaps) * 30)).sum(axis=1)
        # outside its own area (nine points of the block)
        fx = np.array([0.05, 0.5, 0.95])
        xs = (c[:, 0, None] + (c[:, 2] - c[:, 0])[:, None] * fx[None, :]).repeat(3, axis=1)
        ys = np.tile(c[:, 1, None] + (c[:, 3] - c[:, 1])[:, None] * np.array([0.1, 0.5, 0.9])[None, :], 3)
        inside = _inside_convex(xs.ravel(), ys.ravel(), self.board.areas[sid]).reshape(len(rects), 9)
        cost += (9 - inside.sum(axis=1)) / 9 * w * h * 6.0
        # the lines crossed, for the few best
        sb = self.segment_box
        crossing = np.nonzero(
            (sb[:, 2] > lo[0]) & (sb[:, 0] < hi[2]) & (sb[:, 3] > lo[1]) & (sb[:, 1] < hi[3])
        )[0]
        segments = [self.segments[int(k)] for k in crossing]
        best: tuple[float, _Rect] | None = None
        for i in np.argsort(cost, kind="stable")[:6]:
            rect = rects[int(i)]
            total = float(cost[i]) + sum(12.0 for a, b in segments if rect.hits_segment(a, b))
            if best is None or total < best[0]:
                best = (total, rect)
        assert best is not None
        return best

    def replace(
        self, sid: str, old: NameBlock, variants: Sequence[tuple[tuple[str, ...], float, float]]
    ) -> NameBlock:
        """Place again a block already placed, now that its neighbours are known."""
        at = next(n for n, r in enumerate(self.taken) if r is old.rect)
        del self.taken[at]
        self.rows = np.delete(self.rows, at, axis=0)
        self.weights = np.delete(self.weights, at)
        return self.place(sid, variants)

    def rects(self) -> list[_Rect]:
        return list(self.taken)


def place_names(board: _Board) -> tuple[dict[str, NameBlock], list[_Rect]]:
    """Each space's name block, placed once per map: crowded spaces choose first, then each
    again knowing where the others went; and everything the blocks and spaces take."""
    content = board.content
    placer = _Placer(board)
    crowd = {
        s.id: sum(
            1 for t in content.spaces if t.id != s.id and math.dist(board.pos[s.id], board.pos[t.id]) < 90
        )
        for s in content.spaces
    }
    order = sorted(content.spaces, key=lambda s: (-crowd[s.id], s.id))
    variants = {s.id: [(lines, *label_size(board, s, lines)) for lines in name_lines(s)] for s in order}
    labels = {s.id: placer.place(s.id, variants[s.id]) for s in order}
    for _ in range(2):
        for s in order:
            labels[s.id] = placer.replace(s.id, labels[s.id], variants[s.id])
    return labels, placer.rects()


def _country_font(spaces: int) -> float:
    return 15.0 if spaces > 6 else 12.0


def _in_polygon_many(xs: np.ndarray, ys: np.ndarray, poly: Sequence[Point]) -> np.ndarray:
    """Whether each point lies inside the polygon (even-odd rule), for many points."""
    if len(poly) < 3:
        return np.zeros(len(xs), dtype=bool)
    v = np.array(poly, dtype=float).reshape(-1, 2)
    w = np.roll(v, 1, axis=0)
    xi, yi, xj, yj = v[:, 0][None, :], v[:, 1][None, :], w[:, 0][None, :], w[:, 1][None, :]
    y = ys[:, None]
    span = (yi > y) != (yj > y)
    with np.errstate(divide="ignore", invalid="ignore"):
        cut = (xj - xi) * (y - yi) / (yj - yi) + xi
    hits = span & (xs[:, None] < cut)
    return np.asarray(hits.sum(axis=1) % 2 == 1)


def _country_label_spots(board: _Board, obstacles: Sequence[_Rect]) -> dict[Country, Point]:
    """For each country, a spot on its own ground (the nearest space is its own) near the
    middle of its spaces, clear of what is drawn and preferably on land, for its name."""
    spots: dict[Country, Point] = {}
    by_country: dict[Country, list[Space]] = {}
    for s in board.content.spaces:
        by_country.setdefault(s.country, []).append(s)
    ids = [s.id for s in board.content.spaces]
    owner = np.array([board.spaces[i].country for i in ids])
    pts = np.array([board.pos[i] for i in ids], dtype=float)
    obs = np.array([[o.x0, o.y0, o.x1, o.y1] for o in obstacles], dtype=float).reshape(-1, 4)
    segments = [(board.pos[a], board.pos[b]) for a, b in board.content.links]
    placed: list[_Rect] = []
    for country, members in sorted(by_country.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        mine = np.array([board.pos[s.id] for s in members], dtype=float)
        cx, cy = mine.mean(axis=0)
        name = _COUNTRY[country][1]
        size = _country_font(len(members))
        w = _text_width(name, size, True) + len(name) * 3.0
        (x0, y0), (x1, y1) = mine.min(axis=0) - 60, mine.max(axis=0) + 60
        y0, y1 = y0 + 36, y1 - 36  # 24 above and below
        grid_x, grid_y = np.meshgrid(np.arange(x0, x1 + 0.1, 10.0), np.arange(y0, y1 + 0.1, 10.0))
        gx, gy = grid_x.ravel(), grid_y.ravel()
        c = np.stack([gx - w / 2, gy - size + 2, gx + w / 2, gy + 3], axis=1)
        ok = (c[:, 0] > 4) & (c[:, 2] < _W - 4) & (c[:, 1] > 4) & (c[:, 3] < board.height - 4)
        if placed:
            taken = np.array([[p.x0, p.y0, p.x1, p.y1] for p in placed])
            ok &= _overlaps(c, taken).sum(axis=1) == 0
        # whose ground: the nearest space's country
        d2 = (gx[:, None] - pts[None, :, 0]) ** 2 + (gy[:, None] - pts[None, :, 1]) ** 2
        nearest = d2.argmin(axis=1)
        ok &= owner[nearest] == country
        if not ok.any():
            spots[country] = (float(cx), float(cy))
            continue
        keep = np.nonzero(ok)[0]
        c, gx, gy = c[keep], gx[keep], gy[keep]
        # the clearance from the spaces (up to 40)
        ex = np.maximum(np.maximum(c[:, 0, None] - pts[None, :, 0], pts[None, :, 0] - c[:, 2, None]), 0.0)
        ey = np.maximum(np.maximum(c[:, 1, None] - pts[None, :, 1], pts[None, :, 1] - c[:, 3, None]), 0.0)
        clear = np.minimum(np.sqrt(ex * ex + ey * ey).min(axis=1), 40.0)
        cost = -clear * 3 + np.sqrt((gx - cx) ** 2 + (gy - cy) ** 2) * 0.4
        near = obs[(obs[:, 2] > c[:, 0].min()) & (obs[:, 0] < c[:, 2].max())]
        near = near[(near[:, 3] > c[:, 1].min()) & (near[:, 1] < c[:, 3].max())]
        cost += 6 * _overlaps(c, near).sum(axis=1)
        for sea in board.seas:
            for px in (c[:, 0], gx, c[:, 2]):
                cost += 4 * _in_polygon_many(px, gy - 5, sea)
        best: tuple[float, Point] | None = None
        for i in np.argsort(cost, kind="stable")[:8]:
            if not np.isfinite(cost[i]):
                break
            rect = _Rect(*(float(v) for v in c[i]))
            total = float(cost[i]) + 25 * sum(1 for a, b in segments if rect.hits_segment(a, b))
            if best is None or total < best[0]:
                best = (total, (float(gx[i]), float(gy[i])))
        assert best is not None
        spots[country] = best[1]
        placed.append(_Rect(best[1][0] - w / 2, best[1][1] - size + 2, best[1][0] + w / 2, best[1][1] + 3))
    return spots
