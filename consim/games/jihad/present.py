"""The First Jihad in the terminal, drawn from ``view(seat)`` alone (and the public component
data: the Outcome levels).

The board fits 80 columns and 24 rows and shows what a decision needs: this turn's card and its
events, one row per Path (the Rose's Hits, your army with its strength and value, its Land, the
Crossing the next invasion comes across, the Islam marker), the AP of each Theater under its
Ruler, the Capitals, Blessings and minor powers, the Castles, the Outcome Points now, and in the
Advanced Game the Syrians, the Jihad, the faith of Byzantium, Truces, Great Kings and Baqts in a
line or two. Details come through the commands of :mod:`.lookup` (``path``, ``land``, ``card``,
``status``, ``advanced``). ``render_outcome`` explains the Outcome Points (5.2) and the level
reached.

>>> import consim
>>> state = consim.load_game("jihad").new_game(seed=3)
>>> lines = board_lines(state.view("player"))
>>> max(len(line) for line in lines) <= WIDTH
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from rich.console import Group, RenderableType
from rich.text import Text

from consim.core.game import Outcome
from consim.games.jihad.lookup import (
    COMMANDS,
    EMPIRE,
    EMPIRE_THEATER,
    PARTS,
    RULER,
    SHORT,
    THEATER_OF,
    WIDTH,
    View,
    army_flags,
    army_words,
    component_data,
    land_name,
    lands_by_id,
    wrap,
)
from consim.games.jihad.viewtypes import ArmyView, PathView, TrackView

__all__ = ["COMMANDS", "EXAMPLES", "board_lines", "render", "render_outcome"]

#: what ``help`` shows as typed examples from this game
EXAMPLES = [
    "step / retreat / besiege / castle / capital   (absorbing Hits, 7.4)",
    "attack greek / rally med 2 / naval fleet / appease bulgars   (Actions, 8)",
    "token red / last-stand persia / build-castle minor anatolia   (8.7-8.15)",
    "trade east bank pontic silk-road   (Advanced: 1 AP sent by Trade, 21.4)",
    "damascus   (Advanced: Christian Damascus's 2 purple AP tokens, 21.2)",
    "actions / actions trade   (every action you can type, with its rule)",
    "path greek / land constantinople / card / card 14   (look things up)",
    "status / advanced   (the state in words; the Advanced pieces)",
]


def _fit(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(0, width - 1)].rstrip() + "…"


def rose_code(view: View, path: str) -> str:
    """[7.1.2] this turn's hex for a Path: ``3``, ``red 3`` (+ a die in the Basic Game), F, F3."""
    card = view["card"]
    rose = (card["rose"] if card else None) or {}
    code = rose.get(path)
    if code is None:
        return "-"
    if code.startswith("r"):
        return f"{code[1:]}" if "advanced" in view else f"{code[1:]}+die"
    return str(code)


# =============================================================================================
# The board
# =============================================================================================


def _card_words(view: View) -> tuple[str, str, str] | None:
    """This turn's card in words: the turn and card, how many of its era are left and its AP
    (6.3), and its events (▲: waiting to be played in the Actions Phase, 8.13)."""
    card = view["card"]
    if not card:
        return None
    era_left = view["deck_remaining"].get(card["era"], 0)
    ap = f" · AP +{card['ap'][0]} West, +{card['ap'][1]} East" if card["ap"] else " · no Rose, no AP"
    waiting = set(card["pending"] or [])
    events = ", ".join(f"{e} ▲" if e in waiting else e for e in card["events"]) or "none"
    return (
        f'Turn {view["turn"]}: card {card["number"]} "{card["title"]}"',
        f" ({era_left} more {card['era']}){ap}",
        events,
    )


def header_lines(view: View) -> list[str]:
    """The turn, the card, its AP (6.3) and its events, in full (the picture's heading); the
    Rose's Hits are in the table of Paths."""
    words = _card_words(view)
    if words is None:
        return [f"Turn {view['turn']}: {sum(view['deck_remaining'].values())} cards to draw"]
    card, tail, events = words
    legend = " (▲ yours to play in the Actions Phase; 'card' tells each)" if "▲" in events else ""
    return wrap(card + tail) + wrap(f"Events: {events}{legend}", "  ")


def _head(view: View) -> list[str]:
    """The board's first lines: the card and its AP in one line (a long title cut), its
    events in the next."""
    words = _card_words(view)
    if words is None:
        return header_lines(view)
    card, tail, events = words
    lines = [_fit(card, WIDTH - len(tail)) + tail if len(card + tail) > WIDTH else card + tail]
    legend = " (▲ yours in the Actions Phase)" if "▲" in events else ""
    if len(f"  Events: {events}{legend}") > WIDTH:
        legend = " (▲ yours later)" if legend else ""
    return lines + wrap(f"Events: {events}{legend}", "  ")


def path_rows(view: View, notes: bool = True) -> list[str]:
    """One row per Path: this turn's Hits (7.1), your army with its strength and value (and its
    Curse, siege or the Neutral under it), its Land, the front (the Crossing to the Arab Land in
    front, and whether that Land counts as Muslim in battle, 7.2.2-7.2.3), the Islam marker."""
    rows = [("Path", "Hits", "Your army (value)", "in", "Crossing", "Islam")]
    above = []
    for p in view["paths"]:
        lands = p["lands"]
        marker = p["islam"]
        if marker["at"] == 0:
            islam = "Mecca"
        else:
            islam = lands[marker["at"] - 1]["name"] + ("*" if marker["dis"] else "")
        aid = p["active"]
        if p["full_baqt"]:
            army, land, front = "Full Baqt: peace", "", ""
        elif aid is None:
            army, land, front = "no army", "", ""
        else:
            army = army_words(view, aid)
            a = view["armies"][aid]
            above += [
                f"the {a['name']} on the {f[11:]} ({SHORT[p['id']]})"
                for f in army_flags(view, aid)[-1:]
                if f.startswith("on Neutral ")
            ]
            land = land_name(view, a["at"])
            front = _front_word(p, a)
        rows.append((SHORT.get(p["id"], p["id"]), hits_cell(view, p), army, land, front, islam))
    lines = _columns(rows, cut={5: 8, 3: 10, 2: 18, 4: 8})
    if above and notes:
        lines += wrap(neutral_note(view), "  ")
    return lines


def neutral_note(view: View) -> str:
    """[7.5] the armies standing on top of a Neutral (they cannot retreat off it), or ""."""
    above = [
        f"the {army_words(view, p['active']).split()[0]} ({SHORT[p['id']]}) on the {f[11:]}"
        for p in view["paths"]
        if p["active"] is not None and not p["full_baqt"]
        for f in army_flags(view, p["active"])[-1:]
        if f.startswith("on Neutral ")
    ]
    return "On a Neutral (7.5): " + "; ".join(above) if above else ""


def hits_cell(view: View, p: PathView) -> str:
    """[7.1, 7.2] a Path's Hits this turn: before the Arab Phase comes to it, what the Rose and
    the Hit List would throw now (``2+die``: a red number, 7.1.2); after, the Hits it threw
    (``1 left``: how many are still to absorb); ``Fitna``, ``Truce`` (22.1) or ``-``."""
    if p["truce"]:
        return "Truce"
    if p["full_baqt"]:
        return "-"
    code = rose_code(view, p["id"])
    thrown = p["hits"]
    if thrown is not None:
        frame = view["frame"]
        if frame and frame["k"] == "absorb" and frame["path"] == p["id"]:
            return f"{frame['hits']} left"
        return "Fitna" if thrown == 0 and code in ("F", "F3") and p["active"] is not None else str(thrown)
    if code == "F":
        return "Fitna"
    if code in ("-", "F3") or p["active"] is None:
        return code
    base, _, die = code.partition("+")
    n = max(0, int(base) + sum(int(v) for _, v in p["hit_list"]))
    return f"{n}+die" if die else str(n)


def _front_word(p: PathView, army: ArmyView) -> str:
    """The front of a Path in a word or two: Mecca, the Castle of a besieged army, or the
    Crossing to the Arab Land in front, Muslim or not."""
    f = p["front"]
    if army["sieged"]:
        return "siege"
    assert f is not None  # (a Path with an army has a front)
    if f["from"] == "Mecca":
        return "from Mecca"
    crossing = str(f["crossing"])
    return crossing + (", Muslim" if f["muslim"] else "")


def _columns(rows: Sequence[Sequence[str]], cut: Mapping[int, int]) -> list[str]:
    """Rows in columns within :data:`WIDTH`, one line each: the ``cut`` columns, in that order,
    are shortened (with an ellipsis) down to the width given, until the rows fit."""
    n = len(rows[0])
    widths = [max(len(r[i]) for r in rows) for i in range(n)]
    gap = 2 if sum(widths) + 2 * (n - 1) <= WIDTH else 1
    for col, least in cut.items():
        while sum(widths) + gap * (n - 1) > WIDTH and widths[col] > least:
            widths[col] -= 1
    out = []
    for r in rows:
        cells = [_fit(c, w).ljust(w) for c, w in zip(r, widths, strict=True)]
        out.append((" " * gap).join(cells).rstrip())
    return out


def theater_parts(view: View) -> list[list[str]]:
    """[6.3, 11.1] each Theater's AP under its Ruler, its Capital when it is not whole, its
    Blessing and minor powers, as the parts of a line; [6.3.3] bonus AP tokens."""
    ap = view["ap"]
    limits = view["ap_limits"]
    tracks = view["tracks"]
    out = []
    for empire, rating in view["rulers"].items():
        theater = EMPIRE_THEATER[empire]
        divided = ", Divided" if view["divided"].get(theater) else ""
        if rating is None:
            parts = [f"{ap[theater]} AP, no Ruler{divided}"]
        else:
            parts = [f"{ap[theater]} AP, max {limits[theater]} ({RULER[empire]} {rating}){divided}"]
        parts += [_capital(view, empire), _fleet(view) if empire == "byzantium" else _immortals(view)]
        for name in ("bulgars", "cyprus") if empire == "byzantium" else ("tibet", "socotra"):
            if name in tracks:
                parts.append(_track(name, tracks[name]))
        parts = [x for x in parts if x]
        out.append([f"{THEATER_OF[theater]} {parts[0]}", *parts[1:]])
    tokens = [f"{n} {c}" for c, n in view["tokens"].items() if n]
    if tokens:
        out.append(["Bonus AP tokens: " + ", ".join(tokens)])
    return out


def theater_lines(view: View) -> list[str]:
    """[6.3, 11.1, 6.3.3] a line (or two) for each Theater (and the bonus AP tokens)."""
    return [line for parts in theater_parts(view) for line in wrap(" · ".join(parts), "  ")]


def _capital(view: View, empire: str) -> str:
    """A Capital only when it is not standing strong (the usual case needs no words)."""
    cap = view["capitals"][empire]
    if view["rulers"].get(empire) is None or (cap["at"] is not None and cap["side"] == "strong"):
        return ""
    if cap["at"] is None:
        return "no Capital: no banking"
    return f"Capital {land_name(view, cap['at'])} weak"


def _fleet(view: View) -> str:
    return f"Fleet +{view['fleet_drm']}" + (" used" if view["fleet"]["used"] else "")


def _immortals(view: View) -> str:
    im = view["immortals"]
    if im["gone"]:
        return ""
    drm = 2 if im["side"] == "elephants" else 1
    return f"Immortals +{drm}" + (" used" if im["used"] else "")


#: the minor powers as the board names them
TRACK = {"bulgars": "Bulgars", "cyprus": "Cyprus", "tibet": "Tibet", "socotra": "Socotra"}


def _track(name: str, track: TrackView) -> str:
    """[13.1] a minor power: its box, and the Path it works on where that can change."""
    path = track["path"]
    on = f" on {SHORT.get(path, path)}" if path and name in ("cyprus", "socotra") else ""
    return f"{TRACK[name]} {track['box']:+d}{on}"


def castle_parts(view: View, capitals: bool = True) -> list[str]:
    """[7.4.3, 8.7] where each Castle stands, with its value now (a weak Major Castle says so),
    [8.8] the Capitals, the Icons or Themes on the map, and the Outcome Points if the game ended
    now (5.2), as the parts of a line; without the Capitals for the board, whose Theaters
    name a Capital that is damaged or lost."""
    standing = []
    for c in view["castles"].values():
        if c["at"] in lands_by_id(view):
            side = " weak" if c["kind"] == "major" and c["side"] == "weak" else ""
            standing.append(f"{land_name(view, c['at'])} {c['value']}{side}")
    parts = ["Castles " + (", ".join(standing) or "none")]
    standing_capitals = [
        f"{land_name(view, c['at'])} {c['value']}" for c in view["capitals"].values() if c["at"]
    ]
    if standing_capitals and capitals:
        parts.append("Capitals " + ", ".join(standing_capitals))
    icons = view["icons"]
    if icons is not None and icons != "available":
        parts.append(f"Icons in {land_name(view, icons)}")
    if view["themes"] is not None:
        parts.append(f"Themes in {land_name(view, view['themes'])}")
    if view["landing"]:
        parts.append("Landing +1 ready")
    now = view["outcome_now"]
    if "total" in now:
        parts.append(f"Outcome Points now {now['total']}")
    if any(p["islam"]["dis"] for p in view["paths"]):
        parts.append("Islam* disrupted")
    return parts


def castle_line(view: View) -> list[str]:
    """The Castles, Capitals, Blessings and Outcome Points now, in a line or two."""
    return wrap(" · ".join(castle_parts(view)), "  ")


def advanced_parts(view: View) -> list[str]:
    """[15-22] the Advanced state in brief (``status`` has it in full): the AP of the African
    and Caucasus Paths, the Syrians, a Jihad, Byzantium's faith when it changed, a Truce, a
    Great King, Baqts, Damascus as the Islamic Capital, the Stop Sign; the parts of a line."""
    adv = view.get("advanced")
    if not adv:
        return []
    ap = view["ap"]
    parts = [f"Africa {ap['african']} AP", f"Caucasus {ap['caucasus']} AP"]
    muj = adv["muj"]
    where = "in the Casbah" if muj["at"] == "casbah" else f"on {SHORT.get(muj['at'], muj['at'])}"
    parts.append(f"Ka'aba {adv['kaaba']}, {muj['side'].capitalize()} Mujahideen {where}")
    jihad = adv["jihad"]
    if jihad:
        mode = "Alternating" if jihad["mode"] == "alternating" else "One Front"
        stop = " (stopped)" if jihad["stop"] else ""
        parts.append(f"{mode} Jihad vs {EMPIRE[jihad['target']]}{stop}")
    if adv["religion"] != "orthodox" or adv["schism"]:
        parts.append(f"Byzantium {adv['religion'].capitalize()}" + (" in Schism" if adv["schism"] else ""))
    if adv["truce"]:
        parts.append(f"{EMPIRE[adv['truce']]} in Truce")
    king = adv["great_king"]
    if king:
        parts.append(f"Great King {king['name']} on {SHORT.get(king['path'], '')}")
    for baqt in adv["baqt"].values():
        if baqt:
            parts.append(f"{baqt['kind'].capitalize()} Baqt in {land_name(view, baqt['at'])}")
    if adv["damascus"] == "capital":
        parts.append("Damascus Islamic Capital")
    if adv["stop_sign"]:
        parts.append(f"Stop Sign on {SHORT.get(adv['stop_sign'], '')}")
    return parts


def advanced_lines(view: View) -> list[str]:
    """The Advanced state in brief, in a line or two."""
    return wrap(" · ".join(advanced_parts(view)), "  ") if view.get("advanced") else []


def rose_legend(view: View) -> list[str]:
    """[7.1.2] what this turn's F3 hexes mean, when the Rose has one and the Arabs have not
    thrown there yet (a red number reads ``3+die`` and a Fitna ``Fitna`` in the table)."""
    if any(hits_cell(view, p) == "F3" for p in view["paths"]):
        return ["F3: 3 Hits if a Persian army is on the Path, else a Fitna"]
    return []


def pack(parts: Sequence[str], indent: str = "  ") -> list[str]:
    """Parts joined by " · " into as few lines of :data:`WIDTH` as they fill; a line breaks
    after a " · " or a ", " (a list within a part), a word only where a piece is longer than a
    line.

    >>> pack(["West 3 AP", "Fleet +1", "East 2 AP"])
    ['  West 3 AP · Fleet +1 · East 2 AP']
    >>> for line in pack(["Castles " + ", ".join(f"Land {i} 4" for i in range(12)), "Outcome Points 3"]):
    ...     print(line)
      Castles Land 0 4, Land 1 4, Land 2 4, Land 3 4, Land 4 4, Land 5 4, Land 6 4,
      Land 7 4, Land 8 4, Land 9 4, Land 10 4, Land 11 4 · Outcome Points 3
    """
    pieces = re.findall(r".+?(?:, | · |$)", " · ".join(parts))
    lines: list[str] = []
    line = indent
    for piece in pieces:
        if len(_end(line + piece)) > WIDTH and line.strip():
            lines.append(_end(line))
            line = indent
        if len(_end(line + piece)) > WIDTH:  # longer than a line: by words
            *full, last = wrap(_end(line + piece).strip(), indent)
            lines += full
            line = last + (" · " if piece.endswith(" · ") else " ")
            continue
        line += piece
    if line.strip():
        lines.append(_end(line))
    return lines


def _end(line: str) -> str:
    """A line as it ends on the screen: no space or separator after its last part."""
    return line.rstrip().removesuffix(" ·")


def board_lines(view: View) -> list[str]:
    """The whole board, each line within :data:`WIDTH`, short enough to stand with the
    question and its choices in 24 rows: the card and its events, one row per Path, then the
    Theaters, the Advanced pieces, the Castles and the Outcome Points packed into lines."""
    lines = _head(view)
    lines += path_rows(view, notes=False)
    parts = [note] if (note := neutral_note(view)) else []
    parts += [p for theater in theater_parts(view) for p in theater]
    parts += advanced_parts(view) + castle_parts(view, capitals=False) + rose_legend(view)
    return lines + pack(parts)


def render(view: View) -> RenderableType:
    """The card, one row per Path, the Theaters, the Castles (and the Advanced state)."""
    lines = board_lines(view)
    head = len(header_lines(view))
    out: list[RenderableType] = []
    for i, line in enumerate(lines):
        style = "bold" if i == 0 else ("underline" if i == head else "")
        out.append(Text(line, style=style))
    return Group(*out)


# =============================================================================================
# The end
# =============================================================================================


def render_outcome(outcome: Outcome) -> RenderableType:
    """[5.2] the Outcome Points part by part, the level reached and what it means; fewer points
    are better for you (a solitaire game has no winner, only a level)."""
    parts = outcome.details.get("breakdown") or {}
    lines: list[RenderableType] = [Text("Outcome Points (5.2): fewer is better for you.", style="bold")]
    for key, label in PARTS:
        if key in parts:
            lines.append(Text(f"  {label:<54}{parts[key]:+4d}"))
        elif key == "E_kaaba":
            lines.append(Text(f"  {label:<54} n/a"))  # 5.2 E is scored only in the Advanced Game
    lands = ", ".join(x.replace("_", " ").title() for x in parts.get("A_lands") or []) or "none"
    lines.append(Text(f"  Islam markers stand in: {lands}.", style="dim"))
    total = outcome.points if outcome.points is None else int(outcome.points)
    if parts.get("sudden_death"):
        lines.append(Text("Driven out of Rome: sudden death (5.1), scored as at least 56 OP.", style="red"))
    lines.append(Text(f"Total: {total} Outcome Points. Level reached: {outcome.level}.", style="bold"))
    lines.append(Text(_scale(total), style=""))
    return Group(*lines)


def _scale(total: int | None) -> str:
    """The levels of 5.2 from the best for you to the worst, the one reached in brackets."""
    bands = component_data().setup.outcome.bands
    cells = []
    for band in bands:
        lo, hi = band.min_points, band.max_points
        name = f"{hi} or less" if lo is None else (f"{lo}+" if hi is None else f"{lo} to {hi}")
        if lo == 16:
            name += " history"
        inside = total is not None and (lo is None or total >= lo) and (hi is None or total <= hi)
        cells.append(f"[{name}]" if inside else name)
    return "\n".join(wrap("Levels: " + " | ".join(cells), "  "))
