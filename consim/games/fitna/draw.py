"""The board of a Fitna position as a picture (SVG), drawn from ``view(seat)`` alone.

What a seat may see and nothing more (30.0): its own stacks unit by unit, every other stack as
its side's counters of each force, face unseen (unless the seat has seen it, then unit by
unit), IS counters face down (25.1); the holder of every space, the entrenchments, the
International Tension and turn tracks, whose phase it is. A spectator's picture
(``view(None)``) shows every stack as an enemy's.

Each counter is drawn as the printed counters are: the nationality's colour, the unit-type
symbol and size its designation and printed marks imply, the attack-defence-movement values,
the reduced side's stripe, loyal and isolated marks. The symbols, short designations and
colours are this module's reading of the counter mix (NOTES.md, "The board picture").

>>> import consim
>>> state = consim.load_game("fitna", scenario=1).new_game(seed=3)
>>> svg = board_for(state.view("Syria"))
>>> svg.startswith("<svg") and 'data-unit="4 Arm Div"' in svg and "Tawhid" not in svg
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import cache
from typing import Any, cast

from consim.games.fitna.content import FORCE_LABEL, Counter, _unit_labels, default_content
from consim.games.fitna.rules import possessive
from consim.games.fitna.svg import CounterFace, Overlay, StackFace, board_svg
from consim.games.fitna.viewtypes import FitnaSeatView, StackUnitView, StackView, UnitView
from consim.games.svgkit import tint as _tint

#: a seat's colour on the picture, by its name, or else by the first force it runs; chosen so
#: that the seats of every scenario differ (scenario 11: olive, teal, brown, blue, purple, red)
FORCE_COLOURS: dict[str, str] = {
    "Syria": "#8e24aa",
    "Rebels": "#ef6c00",
    "Free Syrian Army": "#ef6c00",
    "Sunni militia": "#ef6c00",
    "Iraq": "#2e7d32",
    "Saudi Arabia": "#9e9d24",
    "Coalition": "#9e9d24",
    "Iran": "#00897b",
    "Israel": "#1565c0",
    "Turkey": "#6d4c41",
    "Russia": "#c62828",
    "US": "#283593",
    "Kurds": "#fbc02d",
}
#: the sides nobody plays (5.0): IS, the Kurdish factions
OTHER_COLOURS: dict[str, str] = {"IS": "#212121", "KDP": "#fbc02d", "PYD": "#afb42b", "PKK": "#ff8f00"}
_SPARE = ("#6d4c41", "#546e7a", "#ad1457", "#0277bd")
#: the fill of the spaces of countries out of play in the scenario
_OUT = "#e4e2dc"
#: how much white lightens a holder's colour on its spaces' areas
_AREA_TINT = 0.5

#: [3.1] the counters' colours, one per colour group of the counter mix (the printed colours
#: are not public: these follow the seats' colours where a seat runs that army)
COUNTER_FILLS: dict[str, str] = {
    "syrian_army": "#8e24aa",
    "iraqi_army": "#2e7d32",
    "iranian_army": "#00897b",
    "israeli_army": "#1565c0",
    "turkish_army": "#6d4c41",
    "saudi_army": "#0288d1",
    "russian_forces": "#c62828",
    "us": "#283593",
    "french": "#5c6bc0",
    "british": "#78909c",
    "arab_allied_armies": "#9e9d24",
    "shia_militias": "#7cb342",
    "sunni_militias": "#ef6c00",
    "hezbollah_lebanese_army": "#fbc02d",
    "kurdish_peshmerga": "#d4e157",
    "is": "#212121",
}

#: a force's short name, printed on its counters that the viewer has not seen
FORCE_CODES: dict[str, str] = {
    "Syria": "SYR",
    "Iraq": "IRQ",
    "Iran": "IRN",
    "Israel": "ISR",
    "Turkey": "TUR",
    "Saudi Arabia": "SAU",
    "Russia": "RUS",
    "US": "US",
    "France": "FRA",
    "UK": "UK",
    "Jordan": "JOR",
    "Egypt": "EGY",
    "Kuwait": "KUW",
    "UAE": "UAE",
    "Bahrain": "BAH",
    "Qatar": "QAT",
    "Oman": "OMN",
    "Yemen": "YEM",
    "Lebanese Army": "LEB",
    "Hezbollah": "HEZB",
    "Shia militia": "SHIA",
    "Sunni militia": "SUNNI",
    "Al Sham militia": "SHAM",
    "Free Syrian Army": "FSA",
    "Free Iraqi Army": "FIA",
    "KDP": "KDP",
    "PYD": "PYD",
    "PKK": "PKK",
    "IS": "IS",
}

#: [3.0] the size marks of the printed counters
SIZE_MARKS: dict[str, str] = {"corps": "XXX", "division": "XX", "brigade": "X", "regiment": "III"}
_SIZE_WORDS: dict[str, str] = {
    "corps": "corps",
    "division": "division",
    "brigade": "brigade",
    "regiment": "regiment",
    "group": "group",
    "garrison": "garrison",
}

#: words of a designation that name the unit's type or size (left off its short tag)
_TYPE_WORDS = frozenset(
    (
        *("Arm", "Mech", "Inf", "Div", "Bde", "Regt", "Cps", "SF", "Cdo", "Para", "AB", "Mil", "Res", "Lt"),
        *("Airmobile", "Air", "Assault", "AA", "Marine", "MD", "Hezb", "Garrison", "Unit", "Wilayat"),
        *("Jaysh", "Org", "Forces"),
    )
)


@cache
def _counters() -> dict[str, Counter]:
    """Each counter of the mix by the name the view and the actions give it."""
    counters = default_content().counters.counters
    return dict(zip(_unit_labels(counters), counters, strict=True))


@cache
def _force_colour_groups() -> dict[str, str]:
    """A force's counters' colour group, by the force's name (3.1)."""
    out: dict[str, str] = {}
    for c in default_content().counters.counters:
        out.setdefault(FORCE_LABEL[c.force], c.colour)
    return out


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


def unit_symbol(c: Counter) -> str:
    """[3.0] The unit-type symbol a counter's designation and printed marks imply.

    >>> units = _counters()
    >>> [unit_symbol(units[n]) for n in ("4 Arm Div", "5 Mech Div", "35 Para Bde", "14 SF Div")]
    ['armour', 'mechanised', 'airborne', 'special forces']
    >>> [unit_symbol(units[n]) for n in ("1 MEB", "NDF Mil", "PKK Garrison 1", "5 Inf Div")]
    ['marines', 'militia', 'garrison', 'infantry']
    """
    words = set(c.name.replace("[", " ").replace("]", " ").replace("(", " ").replace(")", " ").split())
    if c.size == "garrison":
        return "garrison"
    if c.colour == "is":
        return "IS"
    if "Mech" in words:
        return "mechanised"
    if c.armour:
        return "armour"
    if words & {"SF", "Cdo"}:
        return "special forces"
    if c.airmobile or words & {"Para", "AB", "Airmobile", "AA", "RDP"} or "Air Assault" in c.name:
        return "airborne"
    if words & {"Marine", "MEB", "MEU"}:
        return "marines"
    if "Mil" in words or c.colour in ("shia_militias", "sunni_militias") or c.force == "hezbollah":
        return "militia"
    return "infantry"


def unit_tag(name: str) -> str:
    """A counter's short designation, printed at its top left: the designation without the
    words of type and size, its parent formation after a slash, about 7 letters at most.

    >>> [unit_tag(n) for n in ("4 Arm Div", "JOR 3 Arm Div", "1 Para Bde [82 AB Div]", "Golani Bde")]
    ['4', 'JOR 3', '1/82', 'Golani']
    >>> [unit_tag(n) for n in ("7 Arm Bde (Israel)", "PKK Garrison 1", "Asaib Ahl al-Haq")]
    ['7', 'PKK 1', 'Asaib']
    """
    main, _, parent = name.partition("[")
    main = main.split("(")[0]
    words = [w.removeprefix("al-") for w in main.split() if w not in _TYPE_WORDS] or main.split()[:1]
    tag = words[0] if len(words[0]) <= 8 else words[0][:7] + "."
    for w in words[1:]:
        if len(tag) + 1 + len(w) > 7:
            break
        tag += " " + w
    up = [w for w in parent.rstrip("]").split() if w not in _TYPE_WORDS]
    if up and tag.isdigit():
        tag += "/" + up[0]
    return tag


def side_colours(view: FitnaSeatView) -> dict[str, str]:
    """Each side's colour: a seat's by its name or else the first force it runs, IS and the
    Kurdish factions their own."""
    out: dict[str, str] = {}
    spare = iter(_SPARE)
    forces = view.get("forces", {})
    for seat in view["seats"]:
        first = next(iter(forces.get(seat) or ()), "")
        colour = FORCE_COLOURS.get(seat) or FORCE_COLOURS.get(first)
        if colour is None or colour in out.values():
            colour = next(spare, "#607d8b")
        out[seat] = colour
    out.update(OTHER_COLOURS)
    return out


def _values(u: UnitView, c: Counter | None) -> str:
    """[3.2] The values as the counter prints them: attack-defence-movement, "A" for an
    airmobile unit's movement (17.2), "X" for none (25.1), a garrison's defence alone in
    brackets (26.1)."""
    attack, defence, move = u.get("attack"), u.get("defence"), u.get("movement")
    if attack is None or (c is not None and c.size == "garrison"):
        return f"[{defence}]"
    if u.get("airmobile"):
        return f"{attack}-{defence} A"
    return f"{attack}-{defence}-{move if move else 'X'}"


def _unit_words(u: UnitView, c: Counter | None, symbol: str) -> str:
    """A known unit in words, for its hover text."""
    size = _SIZE_WORDS.get(c.size, "") if c is not None else ""
    kind = f"{symbol} {size}".strip() if symbol not in ("IS", "garrison") else size or "unit"
    bits = [f"{u['name']}: {possessive(str(u['force']))} {kind}"]
    attack, defence, move = u.get("attack"), u.get("defence"), u.get("movement")
    if attack is None or (c is not None and c.size == "garrison"):
        bits.append(f"defence {defence}, it neither moves nor attacks (26.1)")
    else:
        moves = "no movement factor (25.1)" if not move else f"movement {move}"
        if u.get("airmobile"):
            moves += ", airmobile (17.2)"
        bits.append(f"attack {attack}, defence {defence}, {moves}")
    if u.get("armour"):
        bits.append("armour, may exploit (18.4)")
    bits.append("reduced side" if u.get("reduced") else "full strength")
    if c is not None and c.loyal:
        bits.append("loyal in a coup (23.1)")
    if u.get("isolated"):
        bits.append("isolated: out of supply (14.0)")
    return "; ".join(bits)


def counter_face(u: StackUnitView, own: bool) -> CounterFace:
    """A unit of a stack the viewer sees unit by unit, as its counter (``own``: the viewer's,
    named for the actions)."""
    if "face_down" in u:
        # [25.1] the seat commanding IS picks its counters face down, as the actions name them
        return _IS_FACE_DOWN_OWN if own else _IS_FACE_DOWN
    name = str(u["name"])
    c = _counters().get(name)
    symbol = unit_symbol(c) if c is not None else "infantry"
    return CounterFace(
        fill=COUNTER_FILLS.get(str(u.get("colour", "")), "#9e9e9e"),
        title=_unit_words(u, c, symbol),
        symbol=symbol,
        size=SIZE_MARKS.get(c.size, "") if c is not None else "",
        tag=unit_tag(name),
        values=_values(u, c),
        red_movement=bool(u.get("armour")),
        reduced=bool(u.get("reduced")),
        isolated=bool(u.get("isolated")),
        loyal=bool(c is not None and c.loyal),
        unit=name if own else "",
    )


#: [25.1] an IS counter as everyone sees it: face down
_IS_FACE_DOWN = CounterFace(fill=COUNTER_FILLS["is"], title="an IS counter, face down (25.1)", face_down=True)
_IS_FACE_DOWN_OWN = replace(_IS_FACE_DOWN, unit="IS counter")


@cache
def _hidden_face(force: str) -> CounterFace:
    """[30.0] An enemy unit the viewer has not seen: its force's colour and name."""
    group = _force_colour_groups().get(force, "")
    return CounterFace(
        fill=COUNTER_FILLS.get(group, "#9e9e9e"),
        title=f"a unit of {force}, not seen (30.0)",
        hidden=True,
        force=FORCE_CODES.get(force, force[:5]),
    )


def stack_face(space: str, stack: StackView, own: bool) -> StackFace:
    """[30.0] A stack as the viewer may see it: unit by unit when known (the first unit on
    top), else as many face-unseen counters of each force, IS counters face down."""
    side = str(stack.get("side", ""))
    faces: list[CounterFace] = []
    if "units" in stack:
        known = list(stack["units"])
        faces = [counter_face(u, own) for u in reversed(known)]
        whose = "your stack" if own else f"{possessive(side)} stack"
        listed = ", ".join(
            "an IS counter face down"
            if "face_down" in u
            else f"{u['name']} {_values(u, _counters().get(u['name']))}"
            for u in known
        )
        return StackFace(counters=faces, title=f"{space}: {whose}: {listed}")
    forces = dict(stack["forces"])
    for force, n in reversed(list(forces.items())):
        faces += [_IS_FACE_DOWN if force == "IS" else _hidden_face(str(force))] * int(n)
    count = sum(int(n) for n in forces.values())
    listed = ", ".join(f"{n} {force}" for force, n in forces.items())
    units = "unit" if count == 1 else "units"
    title = f"{space}: {possessive(side)} stack of {count} {units} ({listed}), not seen (30.0)"
    iso = int(stack.get("isolated", 0) or 0)
    if iso:
        title += f"; {iso} isolated"
    return StackFace(counters=faces, title=title, isolated=iso)


@cache
def _area_fill(colour: str) -> str:
    """The fill of a holder's areas: its colour, lightened."""
    return _tint(colour, _AREA_TINT)


def _own_sides(view: FitnaSeatView) -> set[str]:
    """The sides the viewer sees as its own: its seat, and [25.1, 26.2] IS or a Kurdish
    faction while it commands them for an activation."""
    seat = view.get("seat")
    if not seat:
        return set()
    own = {str(seat)}
    for a in view.get("activation", ()):
        if a.get("seat") == seat:
            own.add(str(a.get("force")))
    return own


def overlay_for(view: FitnaSeatView) -> Overlay:
    """The position on the map: control, entrenchments, tracks and the band's text."""
    ids = _space_ids()
    colours = side_colours(view)
    control: dict[str, str] = {}
    notes: dict[str, str] = {}
    entrenched: list[str] = []
    held: set[str] = set()
    sc = view["scenario"]
    out = _out_of_play(int(sc["number"]))
    for entry in view["spaces"]:
        sid = ids.get(entry["name"])
        if sid is None:
            continue
        side = entry["control"]
        bits: list[str] = []
        if sid in out:
            control[sid] = _OUT
            bits.append("out of play in this scenario (32.0)")
        elif side in colours:
            control[sid] = _area_fill(colours[side])
            held.add(side)
            bits.append(f"held by {side}")
        else:
            bits.append("held by nobody")
        if entry.get("entrenched"):
            entrenched.append(sid)
            bits.append("entrenched (19.0)")
        if "in_supply" in entry and sid not in out:
            bits.append("in your supply net" if entry["in_supply"] else "outside your supply net")
        notes[sid] = "; ".join(bits)
    seat = view.get("seat")
    who = f"as {seat} sees it" if seat else "as everyone sees it"
    lines = [f"Turn {view['turn']} of {sc['turns']} - {who}"]
    if view.get("step") == "over":
        lines.append("Game over.")
    elif active := view.get("active"):
        segment = view.get("segment") or ""
        lines.append(f"{possessive(active)} phase" + (f": {segment}" if segment else ""))
    elif view.get("step") == "initiative_bids":
        lines.append("Initiative bids (7.1)")
    else:
        lines.append("Opening hands")
    lines.append("Enemy stacks show only their forces until seen (30.0); IS counters are face down.")
    attack = None
    off = view.get("offensive")
    if off and off.get("from") in ids and off.get("against") in ids:
        words = (
            f"{possessive(str(off['attacker']))} offensive from {off['from']} against {off['against']} (18.0)"
        )
        if off.get("result"):
            words += f": {off['result']}"
        attack = (ids[off["from"]], ids[off["against"]], words)
    keys = [(s, _area_fill(colours[s])) for s in view["seats"]]
    keys += [(s, _area_fill(colours[s])) for s in OTHER_COLOURS if s in held]
    if out:
        keys.append(("out of play", _OUT))
    return Overlay(
        title=f"scenario {sc['number']}, {sc['title']}",
        lines=lines,
        control=control,
        notes=notes,
        entrenched=tuple(entrenched),
        tension=int(view["tension"]),
        turn=int(view["turn"]) or None,
        turns=int(sc["turns"]),
        reshuffles=tuple(view.get("reshuffles", ())),
        keys=keys,
        attack=attack,
    )


def stacks_for(view: FitnaSeatView) -> dict[str, StackFace]:
    """Every stack of the view, by space id, as the viewer may see it."""
    ids = _space_ids()
    own = _own_sides(view)
    out: dict[str, StackFace] = {}
    for entry in view["spaces"]:
        stack = entry.get("stack")
        sid = ids.get(entry["name"])
        if stack and sid is not None:
            out[sid] = stack_face(entry["name"], stack, str(stack.get("side")) in own)
    return out


def board_for(view: Mapping[str, Any], width: int = 1600) -> str:
    """The board as ``view``'s seat sees it, as an SVG document."""
    view = cast(FitnaSeatView, view)  # (the front ends hand any game's view)
    return board_svg(default_content().map, stacks_for(view), width=width, overlay=overlay_for(view))


__all__ = [
    "COUNTER_FILLS",
    "board_for",
    "counter_face",
    "overlay_for",
    "side_colours",
    "stack_face",
    "stacks_for",
    "unit_symbol",
    "unit_tag",
]
