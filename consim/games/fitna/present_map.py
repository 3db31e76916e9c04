"""A region of Fitna's map in text, for the ``map SPACE`` command (present.py): the spaces
within two links of a space, each written where it lies (north at the top), with who holds it
and how many units stand on it, as the seat's view shows them (30.0: an enemy stack's count,
never its units).

>>> import consim
>>> view = consim.load_game("fitna", scenario=1).new_game(seed=3).view("Rebels")
>>> lines = region_lines(view, "Aleppo")
>>> lines[0]
'Around Aleppo (two links out, north up): who holds each space, and its units.'
>>> any("[Aleppo S2]" in line for line in lines)
True
>>> max(len(line) for line in lines) <= 80
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from consim.core.words import listing
from consim.games.fitna.present_words import WIDTH, _neighbours, _spaces_by_name, _wrap
from consim.games.fitna.viewtypes import FitnaSeatView, SpaceView

#: the rows the drawing takes
ROWS = 12
#: the most spaces drawn around the one asked about
MOST = 26


def region(center: str, most: int = MOST) -> list[str]:
    """The spaces within two links of ``center``, it first, then its neighbours, then theirs,
    each ring nearest first, at most ``most``."""
    links = _neighbours()
    spaces = _spaces_by_name()
    here = spaces[center]

    def away(name: str) -> float:
        s = spaces[name]
        return math.hypot(s.lat - here.lat, (s.lon - here.lon) * math.cos(math.radians(here.lat)))

    first = sorted(links[center], key=away)
    second = sorted({n for m in first for n in links[m]} - {center, *first}, key=away)
    return [center, *first, *second][:most]


def _codes(view: FitnaSeatView, sides: list[str]) -> dict[str, str]:
    """A letter or two for each side holding a space of the region ("-" for nobody), unique."""
    codes: dict[str, str] = {"Neutral": "-"}
    taken = {"-"}
    for side in sides:
        if side in codes:
            continue
        word = "".join(ch for ch in side if ch.isalpha()) or "X"
        for n in range(1, len(word) + 1):
            code = word[:n].capitalize()
            if code not in taken:
                break
        codes[side] = code
        taken.add(code)
    return codes


def _label(entry: SpaceView, codes: Mapping[str, str]) -> str:
    """ "Aleppo S2": the space, its holder and the units on it (the occupant's too if another)."""
    holder = codes[entry["control"]]
    stack = entry.get("stack")
    if not stack:
        return f"{entry['name']} {holder}"
    side = str(stack["side"])
    units = f"{stack['count']}" if side == entry["control"] else f":{codes[side]}{stack['count']}"
    return f"{entry['name']} {holder}{units}"


def region_lines(view: FitnaSeatView, center: str, width: int = WIDTH, rows: int = ROWS) -> list[str]:
    """[2.1, 30.0] The region around ``center`` drawn in ``rows`` lines of ``width``: each
    space's label where the space lies, the one asked about in brackets, then the legend of
    the holders and the spaces there was no room to draw."""
    names = region(center)
    spaces = _spaces_by_name()
    by_name = {e["name"]: e for e in view["spaces"]}
    sides: list[str] = []
    for n in names:
        entry = by_name[n]
        sides.append(str(entry["control"]))
        if entry.get("stack"):
            sides.append(str(entry["stack"]["side"]))
    codes = _codes(view, sides)
    labels = {n: _label(by_name[n], codes) for n in names}
    labels[center] = f"[{labels[center]}]"
    lat0 = spaces[center].lat
    xs = {n: spaces[n].lon * math.cos(math.radians(lat0)) for n in names}
    ys = {n: spaces[n].lat for n in names}
    x_lo, x_hi = min(xs.values()), max(xs.values())
    y_lo, y_hi = min(ys.values()), max(ys.values())
    widest = max(len(label) for label in labels.values())
    grid = [[" "] * width for _ in range(rows)]
    busy: list[list[tuple[int, int]]] = [[] for _ in range(rows)]
    left_out: list[str] = []

    def free(row: int, start: int, length: int) -> bool:
        return 0 <= row < rows and all(start + length + 1 <= a or b + 1 <= start for a, b in busy[row])

    for n in names:
        label = labels[n]
        x = (xs[n] - x_lo) / ((x_hi - x_lo) or 1) * (width - widest) + widest / 2
        row = round((y_hi - ys[n]) / ((y_hi - y_lo) or 1) * (rows - 1))
        col = max(0, min(width - len(label), round(x - len(label) / 2)))
        tries = [(row + dr, col + dc) for dr in (0, -1, 1, -2, 2) for dc in (0, -3, 3, -6, 6, -10, 10)]
        spot = next(
            ((r, c) for r, c in tries if 0 <= c <= width - len(label) and free(r, c, len(label))),
            None,
        )
        if spot is None:
            left_out.append(n)
            continue
        r, c = spot
        grid[r][c : c + len(label)] = list(label)
        busy[r].append((c, c + len(label)))
    head = f"Around {center} (two links out, north up): who holds each space, and its units."
    lines = _wrap(head, "  ", first="", width=width)
    lines.extend("".join(row).rstrip() for row in grid)
    you = view.get("seat")
    legend = [
        f"{code} {'nobody' if side == 'Neutral' else 'you (' + side + ')' if side == you else side}"
        for side, code in codes.items()
        if side in sides
    ]
    tail = f"Holders: {', '.join(legend)}; a number counts the units (X:Y2: held by X, 2 units of Y)."
    lines.extend(_wrap(tail, "  ", first="", width=width))
    if left_out:
        lines.extend(_wrap(f"Not drawn for want of room: {listing(left_out)}.", "  ", first="", width=width))
    return [line for line in lines if line.strip()]
