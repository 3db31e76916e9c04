"""The board of a Fitna position as a picture (SVG), drawn from ``view(seat)`` alone.

What a seat may see and nothing more (30.0): its own stacks unit by unit, every other stack as
its side, how many units of which forces and how many isolated (unless the seat has seen it,
then unit by unit), IS counters face down (25.1); the controller of every space, the
entrenchments, the International Tension and turn tracks, whose phase it is. A spectator's
picture (``view(None)``) shows every stack as an enemy's.

>>> import consim
>>> state = consim.load_game("fitna", scenario=1).new_game(seed=3)
>>> svg = board_for(state.view("Syria"))
>>> svg.startswith("<svg") and "4 Arm Div 9-8-4" in svg and "Tawhid" not in svg
True
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from consim.games.fitna.content import default_content
from consim.games.fitna.rules import possessive
from consim.games.fitna.svg import Overlay, StackLine, board_svg
from consim.games.svgkit import tint as _tint

View = Mapping[str, Any]

#: the colour of a player by the first force he runs (a seat's colour on the picture)
FORCE_COLOURS: dict[str, str] = {
    "Syria": "#8e24aa",
    "Free Syrian Army": "#ef6c00",
    "Sunni militia": "#ef6c00",
    "Iraq": "#2e7d32",
    "Saudi Arabia": "#0288d1",
    "Iran": "#388e3c",
    "Israel": "#1565c0",
    "Turkey": "#6d4c41",
    "Russia": "#c62828",
    "US": "#283593",
}
#: the sides nobody plays (5.0): IS, the Kurdish factions
OTHER_COLOURS: dict[str, str] = {"IS": "#212121", "KDP": "#fbc02d", "PYD": "#afb42b", "PKK": "#ff8f00"}
_SPARE = ("#6d4c41", "#546e7a", "#ad1457", "#0277bd")
_ISOLATED = "#d84315"
#: the fill of the spaces of countries out of play in the scenario
_OUT = "#d9d9d9"


@cache
def _space_ids() -> dict[str, str]:
    return {s.name: s.id for s in default_content().map.spaces}


@cache
def _out_of_play(number: int) -> frozenset[str]:
    """The spaces of the countries a scenario leaves out of play (32.0)."""
    sc = next((x for x in default_content().scenarios.scenarios if x.number == number), None)
    if sc is None:
        return frozenset()
    return frozenset(s.id for s in default_content().map.spaces if s.country in sc.out_of_play)


def side_colours(view: View) -> dict[str, str]:
    """Each side's colour: a seat's by the first force it runs, IS and the Kurds their own."""
    out: dict[str, str] = {}
    spare = iter(_SPARE)
    forces = view.get("forces", {})
    for seat in view["seats"]:
        first = next(iter(forces.get(seat) or ()), "")
        colour = FORCE_COLOURS.get(first)
        if colour is None or colour in out.values():
            colour = next(spare, "#607d8b")
        out[seat] = colour
    out.update(OTHER_COLOURS)
    return out


def _unit_line(u: Mapping[str, Any]) -> StackLine:
    if u.get("face_down"):
        return "IS counter"
    move = "A" if u.get("airmobile") else str(u["movement"]) if u["movement"] else "X"
    text = f"{u['name']} {u['attack']}-{u['defence']}-{move}"
    if u.get("reduced"):
        text += " r"
    if u.get("isolated"):
        return (text + " (isolated)", _ISOLATED)
    return text


def stack_lines(stack: Mapping[str, Any]) -> list[StackLine]:
    """[30.0] A stack's label: its units when known, else how many units of which forces."""
    if "units" in stack:
        return [_unit_line(u) for u in stack["units"]]
    lines: list[StackLine] = []
    for force, n in stack.get("forces", {}).items():
        lines.append(f"{n} {force}" + ((" unit" if n == 1 else " units") if force == "IS" else ""))
    iso = stack.get("isolated", 0)
    if iso:
        lines.append((f"{iso} isolated", _ISOLATED))
    return lines


def overlay_for(view: View) -> Overlay:
    """The position on the map: control, entrenchments, frames, tracks and the band's text."""
    ids = _space_ids()
    colours = side_colours(view)
    control: dict[str, str] = {}
    frames: dict[str, str] = {}
    entrenched: list[str] = []
    held: set[str] = set()
    sc = view["scenario"]
    out = _out_of_play(int(sc["number"]))
    for entry in view["spaces"]:
        sid = ids.get(entry["name"])
        if sid is None:
            continue
        side = entry["control"]
        if sid in out:
            control[sid] = _OUT
        elif side in colours:
            control[sid] = _tint(colours[side])
            held.add(side)
        if entry.get("entrenched"):
            entrenched.append(sid)
        stack = entry.get("stack")
        if stack and stack["side"] in colours:
            frames[sid] = colours[stack["side"]]
    seat = view.get("seat")
    who = f"as {seat} sees it" if seat else "as everyone sees it"
    lines = [f"Turn {view['turn']} of {sc['turns']} - {who}"]
    if view.get("step") == "over":
        lines.append("Game over.")
    elif view.get("active"):
        segment = view.get("segment") or ""
        lines.append(f"{possessive(view['active'])} phase" + (f": {segment}" if segment else ""))
    elif view.get("step") == "initiative_bids":
        lines.append("Initiative bids (7.1)")
    else:
        lines.append("Opening hands")
    lines.append("Enemy stacks show only their forces until seen (30.0); IS counters are face down.")
    keys = [(s, _tint(colours[s])) for s in view["seats"]]
    keys += [(s, _tint(colours[s])) for s in OTHER_COLOURS if s in held]
    if out:
        keys.append(("out of play", _OUT))
    return Overlay(
        title=f"scenario {sc['number']}, {sc['title']}",
        lines=lines,
        control=control,
        entrenched=tuple(entrenched),
        stack_colours=frames,
        tension=int(view["tension"]),
        turn=int(view["turn"]) or None,
        turns=int(sc["turns"]),
        reshuffles=tuple(view.get("reshuffles", ())),
        keys=keys,
    )


def board_for(view: View, width: int = 1600) -> str:
    """The board as ``view``'s seat sees it, as an SVG document."""
    ids = _space_ids()
    stacks: dict[str, Sequence[StackLine]] = {}
    for entry in view["spaces"]:
        stack = entry.get("stack")
        sid = ids.get(entry["name"])
        if stack and sid is not None:
            stacks[sid] = stack_lines(stack)
    svg = board_svg(default_content().map, stacks, width=width, overlay=overlay_for(view))
    return _targets(svg)


@cache
def _space_names() -> dict[str, str]:
    return {s.id: s.name for s in default_content().map.spaces}


def _targets(svg: str) -> str:
    """Each space's group named as the actions name it (``data-target``), so the server's pages
    can find the actions a click on a space names. (A stopgap until the map draws its own
    click targets: spaces, stacks and counters.)"""
    names = _space_names()

    def named(found: re.Match[str]) -> str:
        name = names.get(html.unescape(found.group(1)))
        return found.group(0) if name is None else f'{found.group(0)} data-target="{html.escape(name)}"'

    return re.sub(r'<g class="space" id="space-([^"]+)"', named, svg)


__all__ = ["board_for", "overlay_for", "side_colours", "stack_lines"]
