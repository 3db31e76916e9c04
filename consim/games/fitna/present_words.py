"""The words of Fitna's terminal screens (present.py): the small pieces every section uses,
units and stacks as a seat sees them (30.0), the component data looked up by name, and the
packing of lists into 80 columns."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from functools import cache

from consim.games.fitna.content import (
    Card,
    FitnaContent,
    Space,
    _unit_labels,
    default_content,
)
from consim.games.fitna.viewtypes import FitnaSeatView, SpaceView, StackUnitView, StackView, seen_units

WIDTH = 80

# =============================================================================================
# Small pieces
# =============================================================================================


def _c() -> FitnaContent:
    return default_content()


@cache
def _spaces_by_name() -> dict[str, Space]:
    return {s.name: s for s in _c().map.spaces}


@cache
def _neighbours() -> dict[str, list[str]]:
    by_id = {s.id: s.name for s in _c().map.spaces}
    out: dict[str, list[str]] = {s.name: [] for s in _c().map.spaces}
    for a, b in _c().map.links:
        out[by_id[a]].append(by_id[b])
        out[by_id[b]].append(by_id[a])
    return {k: sorted(v) for k, v in out.items()}


def _wrap(text: str, indent: str = "", first: str | None = None, width: int = WIDTH) -> list[str]:
    """``text`` wrapped to ``width``: the first line starts with ``first`` (default the
    indent), the others with ``indent``."""
    return textwrap.wrap(
        text,
        width,
        initial_indent=indent if first is None else first,
        subsequent_indent=indent,
        break_on_hyphens=False,
    ) or [indent.rstrip()]


def fit(text: str, width: int = WIDTH) -> str:
    """One line: ``text`` (its indent kept) cut to ``width`` with an ellipsis where it was cut.

    >>> fit("  a   b", 10), fit("abcdefghijkl", 6)
    ('  a b', 'abcde…')
    """
    indent = text[: len(text) - len(text.lstrip())]
    text = indent + " ".join(text.split())
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _who(view: FitnaSeatView, side: str) -> str:
    """A side as the seat reads it: "you" for its own."""
    return "you" if side and side == view.get("seat") else side


def _key(text: str) -> str:
    return " ".join(text.replace('"', " ").replace("-", " ").replace("'", " ").split()).casefold()


def find_space(text: str) -> Space | None:
    """The space a player means: its name or id, or the start of either if only one fits."""
    key = _key(text)
    if not key:
        return None
    spaces = _c().map.spaces
    for s in spaces:
        if key in (_key(s.name), s.id.replace("_", " ")):
            return s
    found = [s for s in spaces if _key(s.name).startswith(key) or s.id.replace("_", " ").startswith(key)]
    return found[0] if len(found) == 1 else None


def find_card(text: str) -> Card | None:
    """A card by its number ("57", "#57") or its name (or the start of it)."""
    key = _key(text.lstrip("#"))
    if not key:
        return None
    cards = _c().cards.cards
    if key.isdigit():
        return next((c for c in cards if c.number == int(key)), None)
    for c in cards:
        if _key(c.name) == key:
            return c
    found = {c.name for c in cards if _key(c.name).startswith(key)}
    if len(found) == 1:
        return next(c for c in cards if c.name in found)
    return None


# =============================================================================================
# Units and stacks as the seat sees them [30.0]
# =============================================================================================


def unit_text(u: StackUnitView, values: bool = True) -> str:
    """A unit shown face up: "4 Arm Div 9-8-4" (reduced, isolated, airmobile marked); an IS
    counter face down is just that."""
    if "face_down" in u:
        return "IS counter (face down)"
    text = str(u["name"])
    if values:
        move = "A" if u.get("airmobile") else str(u["movement"]) if u["movement"] else "X"
        text += f" {u['attack']}-{u['defence']}-{move}"
    marks = [m for m, on in (("reduced", u.get("reduced")), ("isolated", u.get("isolated"))) if on]
    if marks:
        text += f" ({', '.join(marks)})"
    return text


def stack_text(stack: StackView, values: bool = True) -> str:
    """A stack: its units when the seat knows them, else how many units of which forces (30.0)."""
    if "units" in stack:
        return ", ".join(unit_text(u, values) for u in stack["units"])
    forces = ", ".join(f"{n} {f}" if n > 1 else f for f, n in stack["forces"].items())
    iso = stack["isolated"]
    extra = f", {iso} isolated" if iso else ""
    return f"{_plural(stack['count'], 'unit')} ({forces}{extra})"


def stack_brief(stack: StackView, own: bool = True) -> str:
    """A stack in a few characters: "3" for one of the seat's, "2 FSA+Al Sham" for an enemy
    stack not seen, "1 (13 Div)" for one seen (30.0)."""
    n = stack["count"]
    if "units" in stack:
        iso = sum(1 for u in stack["units"] if u.get("isolated"))
        if own:
            return f"{n}" + _iso(iso, n)
        names = ", ".join("IS" if u.get("face_down") else str(u["name"]) for u in stack["units"])
        return f"{n} ({names})" + _iso(iso, n)
    short = {"Free Syrian Army": "FSA", "Free Iraqi Army": "FIA", "Al Sham militia": "Al Sham"}
    forces = "+".join(short.get(f, f.removesuffix(" militia")) for f in stack["forces"])
    return f"{n} {forces}" + _iso(int(stack["isolated"]), n)


def _iso(isolated: int, units: int) -> str:
    if not isolated:
        return ""
    return " isolated" if isolated == units else f" ({isolated} isolated)"


def _own_spaces(view: FitnaSeatView) -> list[SpaceView]:
    seat = view.get("seat")
    return [s for s in view["spaces"] if s.get("stack") and s["stack"]["side"] == seat]


def _enemy_spaces(view: FitnaSeatView) -> list[SpaceView]:
    seat = view.get("seat")
    return [s for s in view["spaces"] if s.get("stack") and s["stack"]["side"] != seat]


def _front(view: FitnaSeatView) -> list[SpaceView]:
    """Enemy stacks next to the seat's own, then the others."""
    mine = {s["name"] for s in _own_spaces(view)}
    nb = _neighbours()
    enemies = _enemy_spaces(view)
    near = [s for s in enemies if mine & set(nb.get(s["name"], ()))]
    far = [s for s in enemies if s not in near]
    return near + far


def _pack(prefix: str, items: Sequence[str], lines: int = 2, more: str = "") -> list[str]:
    """Items joined with commas into at most ``lines`` lines of 80 columns; what does not fit
    is counted ("+3 more ('stacks')")."""
    out: list[str] = []
    current = prefix
    indent = " " * min(len(prefix), 8)
    shown = 0
    for i, item in enumerate(items):
        sep = "" if current in (prefix, indent) else ", "
        left = len(items) - i - 1
        # the last line keeps room for the count of what is left, the others for a comma
        tail = (f", +{left} more{more}" if left else "") if len(out) == lines - 1 else ","
        if len(current) + len(sep) + len(item) + len(tail) <= WIDTH:
            current += sep + item
            shown += 1
            continue
        if len(out) < lines - 1:
            out.append(current + ",")
            current = indent + item
            shown += 1
            continue
        break
    rest = len(items) - shown
    if rest:
        current += f", +{rest} more{more}"
    out.append(current)
    return [fit(line) for line in out]


@cache
def unit_forces() -> dict[str, str]:
    """Each counter by the name players read (the view's label) -> its force."""
    counters = _c().counters.counters
    return dict(zip(_unit_labels(counters), (c.force for c in counters), strict=True))


def unit_values(view: FitnaSeatView) -> dict[str, str]:
    """The seat's own units on the map -> their values and marks ("4-3-3, reduced")."""
    out: dict[str, str] = {}
    for s in _own_spaces(view):
        for u in seen_units(s.get("stack")):
            if u.get("face_down"):
                continue
            text = unit_text(u)
            out[str(u["name"])] = text[len(str(u["name"])) :].strip().replace(" (", ", ").rstrip(")")
    return out


def unit_places(view: FitnaSeatView) -> dict[str, str]:
    """The seat's own units on the map -> where each stands, with its marks ("Homs, reduced")."""
    out: dict[str, str] = {}
    for s in _own_spaces(view):
        for u in seen_units(s.get("stack")):
            marks = [m for m in ("reduced", "isolated") if u.get(m)]
            out[str(u["name"])] = ", ".join([f"on {s['name']}", *marks])
    return out
