"""The First Jihad in the terminal, drawn from ``view(seat)`` alone (and the public component
data: card texts, the Outcome levels).

The board fits 80 columns and shows what a decision needs: this turn's card and its events,
one row per Path (the Rose's Hits, your army with its strength and value, its Land, the Land the
Arabs hold in front and the Crossing between, the Islam marker), the AP of each Theater under
its Ruler, the Capitals, Blessings and minor powers, the Castles, and in the Advanced Game the
Syrians, the Jihad, the faith of Byzantium, Truces, Great Kings and Baqts in a line or two.
Details come through the commands (``present.COMMANDS``): ``path NAME`` shows one Path Land by
Land, ``card [N]`` a card's text, its Rose and its events in words, ``status`` the whole state in
words. ``render_outcome`` explains the Outcome Points (5.2) and what the level reached means.

>>> import consim
>>> state = consim.load_game("jihad").new_game(seed=3)
>>> lines = board_lines(state.view("player"))
>>> max(len(line) for line in lines) <= WIDTH
True
>>> " ".join(path_lines(state.view("player"), "greek")[:2])
'Greek Path (West): your Byzantines (strong, value 2) in Damascus; the Arabs hold Mecca.'
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from consim.core.game import Outcome
from consim.games.jihad.content import JihadContent, load_default_content
from consim.games.jihad.words import event_words, rose_words

View = Mapping[str, Any]
WIDTH = 80

#: [5.2] the parts of the Outcome Points, in the rulebook's order
PARTS: tuple[tuple[str, str], ...] = (
    ("A_islam_circles", "A  tan circles of the Lands holding an Islam marker"),
    ("B_arab_lands", "B  Lands controlled by the Arabs"),
    ("C_minor_powers", "C  Minor Power Tracks"),
    ("D_armies", "D  player armies"),
    ("D_castles", "D  Castles"),
    ("D_capitals", "D  Capitals"),
    ("E_kaaba", "E  Ka'aba Number (Advanced Game)"),
)

#: what ``help`` shows as typed examples from this game
EXAMPLES = [
    "step  /  retreat  /  besiege  /  castle  /  capital    (absorbing Hits, 7.4)",
    "attack greek  /  attack parthian immortals+2           (an attack, 9.1)",
    "rally med  /  rally med 2  /  rally indian red         (a rally, 8.4, 8.15)",
    "naval fleet  /  raid greek  /  landing  /  appease bulgars",
    "build-castle major anatolia  /  fix-castle carthage  /  fix-capital byzantium",
    "trade east bank pontic silk-road          (Advanced Game: 1 AP by Trade, 21.4)",
    "path greek  /  card  /  card 14  /  status",
]

SHORT = {"greek": "Greek", "med": "Med", "african": "African", "indian": "Indian"}
SHORT.update({"parthian": "Parthian", "caucasus": "Caucasus"})
THEATER_OF = {"west": "West", "east": "East", "african": "Africa", "caucasus": "Caucasus"}
EMPIRE = {"byzantium": "Byzantium", "persia": "Persia"}
ADJECTIVE = {"byzantium": "Byzantine", "persia": "Persian"}
RULER = {"byzantium": "Emperor", "persia": "Shah"}
#: the Theater whose AP an Empire's Ruler governs
EMPIRE_THEATER = {"byzantium": "west", "persia": "east"}
REFUGEE = {"mardaites": "Mardaites", "parsees": "Parsees", "manichees": "Manichees"}
ERAS = ("green", "yellow", "red", "black")
TOKEN = {"red": "red (East)", "blue": "blue (West)", "purple": "purple (anywhere)"}


def _content() -> JihadContent:
    return load_default_content()


def _wrap(text: str, indent: str = "", first: str | None = None, width: int = WIDTH) -> list[str]:
    """``text`` wrapped to ``width``; later lines start with ``indent``."""
    start = indent if first is None else first
    return textwrap.wrap(text, width, initial_indent=start, subsequent_indent=indent) or [start.rstrip()]


def _fit(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(0, width - 1)].rstrip() + "…"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# =============================================================================================
# Names from the view
# =============================================================================================


def _lands(view: View) -> dict[str, Mapping[str, Any]]:
    """Every Land of the game by id."""
    return {land["id"]: land for p in view["paths"] for land in p["lands"]}


def land_name(view: View, place: str | None) -> str:
    """A place's name: a Land's own, or the box it stands for."""
    if place is None:
        return "nowhere"
    land = _lands(view).get(place)
    if land is not None:
        return str(land["name"])
    return {
        "available": "the Available Blessings box",
        "off": "off the map",
        "dead": "out of the game",
        "out": "out of play",
        "berber_revolt_box": "the Berber Revolt box",
    }.get(place, place.replace("_", " "))


def _path(view: View, name: str) -> Mapping[str, Any] | None:
    """A Path by its id, its name, or the first letters of either ("gr", "Med")."""
    wanted = name.strip().lower().removesuffix(" path").strip()
    if not wanted:
        return None
    paths: list[Mapping[str, Any]] = view["paths"]
    for p in paths:
        if wanted in (p["id"], p["name"].lower(), p["name"].lower().removesuffix(" path")):
            return p
    found = [p for p in paths if p["id"].startswith(wanted) or p["name"].lower().startswith(wanted)]
    return found[0] if len(found) == 1 else None


def army_flags(view: View, army_id: str) -> list[str]:
    """[7.4.3, 7.5, 7.6] an army's Curse, siege, or the Neutral army under it."""
    a = view["armies"][army_id]
    flags = []
    if a["cursed"]:
        flags.append("Cursed")
    if a["sieged"]:
        flags.append("besieged")
    if a["top"]:
        below = next(
            (x for x, b in view["armies"].items() if x != army_id and b["at"] == a["at"] and not b["top"]),
            None,
        )
        flags.append("on Neutral " + view["armies"][below]["name"] if below else "on a Neutral")
    return flags


def army_words(view: View, army_id: str, long: bool = False) -> str:
    """``Byzantines strong 2`` and its flags; short (the board's table, whose front column
    tells a siege) or ``long`` (a Garrison by its full name, the Neutral under it by name)."""
    a = view["armies"][army_id]
    name = "Garrison" if a["garrison"] and not long else a["name"]
    text = f"{name} {a['str']}" + ("" if a["str"] == "shattered" else f" {a['value']}")
    flags = army_flags(view, army_id)
    if not long:
        flags = ["on a Neutral" if f.startswith("on ") else f for f in flags if f != "besieged"]
    return ", ".join([text, *flags])


def _castle_words(view: View, land: Mapping[str, Any]) -> list[str]:
    out = []
    if land["castle"]:
        c = view["castles"][land["castle"]]
        side = f", {c['side']}" if c["kind"] == "major" else ""
        out.append(f"{c['kind']} Castle {c['value']}{side}")
    if land["capital"]:
        cap = view["capitals"][land["capital"]]
        out.append(f"{ADJECTIVE[land['capital']]} Capital, {cap['side']} ({cap['value']} OP)")
    return out


def rose_code(view: View, path: str) -> str:
    """[7.1.2] this turn's hex for a Path: ``3``, ``red 3`` (+ a die in the Basic Game), F, F3."""
    card = view.get("card") or {}
    rose = card.get("rose") or {}
    code = rose.get(path)
    if code is None:
        return "-"
    if code.startswith("r"):
        return f"{code[1:]}" if "advanced" in view else f"{code[1:]}+die"
    return str(code)


# =============================================================================================
# The board
# =============================================================================================


def header_lines(view: View) -> list[str]:
    """The turn, the card, its AP (6.3) and its events (▲: waiting to be played in the Actions
    Phase, 8.13); the Rose's Hits are in the table of Paths."""
    card = view.get("card")
    left = view["deck_remaining"]
    if not card:
        return [f"Turn {view['turn']}: {sum(left.values())} cards to draw"]
    era_left = left.get(card["era"], 0)
    more = f"{era_left} more {card['era']}"
    ap = f" · AP +{card['ap'][0]} West, +{card['ap'][1]} East" if card["ap"] else " · no Rose, no AP"
    lines = _wrap(f'Turn {view["turn"]}: card {card["number"]} "{card["title"]}" ({more}){ap}')
    waiting = set(card.get("pending") or [])
    events = [f"{e} ▲" if e in waiting else e for e in card["events"]] or ["none"]
    lines += _wrap(f"Events: {', '.join(events)}", "  ")
    return lines


def path_rows(view: View) -> list[str]:
    """One row per Path: this turn's Hits (7.1), your army with its strength and value (and its
    Curse, siege or the Neutral under it), its Land, the front (the Crossing to the Arab Land in
    front, and whether that Land counts as Muslim in battle, 7.2.2-7.2.3), the Islam marker."""
    rows = [("Path", "Hits", "Your army", "in", "front", "Islam")]
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
            land = land_name(view, a["at"])
            front = _front_word(p, a)
        hits = "Truce" if p["truce"] else ("-" if p["full_baqt"] else rose_code(view, p["id"]))
        rows.append((SHORT.get(p["id"], p["id"]), hits, army, land, front, islam))
    return _columns(rows, cut={5: 9, 4: 8, 3: 11, 2: 19})


def _front_word(p: Mapping[str, Any], army: Mapping[str, Any]) -> str:
    """The front of a Path in a word or two: Mecca, the Castle of a besieged army, or the
    Crossing to the Arab Land in front, Muslim or not."""
    f = p["front"]
    if army["sieged"]:
        return "siege"
    if f["from"] == "Mecca":
        return "Mecca"
    crossing = str(f["crossing"])
    if crossing == "ordinary":
        return "Muslim" if f["muslim"] else "ordinary"
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


def theater_lines(view: View) -> list[str]:
    """[6.3, 11.1] each Theater's AP under its Ruler, its Capital when it is not whole, its
    Blessing and minor powers; [16.1] the AP of the African and Caucasus Paths; [6.3.3] bonus
    AP tokens."""
    ap = view["ap"]
    limits = view["ap_limits"]
    tracks = view["tracks"]
    lines = []
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
        lines += _wrap(f"{THEATER_OF[theater]} " + " · ".join(x for x in parts if x), "  ")
    tokens = [f"{n} {c}" for c, n in view["tokens"].items() if n]
    if tokens:
        lines += _wrap("Bonus AP tokens: " + ", ".join(tokens), "  ")
    return lines


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


def _track(name: str, track: Mapping[str, Any]) -> str:
    """[13.1] a minor power: its box, and the Path it works on where that can change."""
    path = track.get("path")
    on = f" on {SHORT.get(path, path)}" if path and name in ("cyprus", "socotra") else ""
    return f"{TRACK[name]} {track['box']:+d}{on}"


def castle_line(view: View) -> list[str]:
    """[7.4.3, 8.7] where each Castle stands, with its value now (a weak Major Castle says so),
    [8.8] the Capitals, the Icons or Themes on the map, and the Outcome Points if the game ended
    now (5.2)."""
    standing = []
    for c in view["castles"].values():
        if c["at"] in _lands(view):
            side = " weak" if c["kind"] == "major" and c["side"] == "weak" else ""
            standing.append(f"{land_name(view, c['at'])} {c['value']}{side}")
    parts = ["Castles " + (", ".join(standing) or "none")]
    capitals = [f"{land_name(view, c['at'])} {c['value']}" for c in view["capitals"].values() if c["at"]]
    if capitals:
        parts.append("Capitals " + ", ".join(capitals))
    icons = view["icons"]
    if icons is not None and icons != "available":
        parts.append(f"Icons in {land_name(view, icons)}")
    if view["themes"] is not None:
        parts.append(f"Themes in {land_name(view, view['themes'])}")
    if view.get("landing"):
        parts.append("Landing +1 ready")
    now = view.get("outcome_now") or {}
    if "total" in now:
        parts.append(f"OP now {now['total']}")
    if any(p["islam"]["dis"] for p in view["paths"]):
        parts.append("Islam* disrupted")
    return _wrap(" · ".join(parts), "  ")


def advanced_lines(view: View) -> list[str]:
    """[15-22] the Advanced state in brief (``status`` has it in full): the AP of the African
    and Caucasus Paths, the Syrians, a Jihad, Byzantium's faith when it changed, a Truce, a
    Great King, Baqts, Damascus as the Islamic Capital, the Stop Sign."""
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
    return _wrap(" · ".join(parts), "  ")


def board_lines(view: View) -> list[str]:
    """The whole board, each line within :data:`WIDTH`."""
    lines = header_lines(view)
    lines += path_rows(view)
    lines += theater_lines(view)
    lines += advanced_lines(view)
    lines += castle_line(view)
    return lines


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
# path NAME
# =============================================================================================


def path_lines(view: View, rest: str) -> list[str]:
    """[2.1] one Path Land by Land: Crossing in, faith, who holds it, what stands there."""
    p = _path(view, rest)
    if p is None:
        names = ", ".join(x["id"] for x in view["paths"])
        return [f"No Path {rest.strip()!r}: one of {names}."]
    aid = p["active"]
    lands = p["lands"]
    arab = [x for x in lands if x["control"] == "arab"]
    holds = f"the Arabs hold Mecca{' to ' + arab[-1]['name'] if arab else ''}"
    theater = p["theater"]
    if aid is None:
        head = f"{p['name']} ({theater}): no army of yours; {holds}."
    else:
        a = view["armies"][aid]
        state = a["str"] + ("" if a["str"] == "shattered" else f", value {a['value']}")
        flags = army_flags(view, aid)
        extra = f" ({', '.join(flags)})" if flags else ""
        where = land_name(view, a["at"])
        head = f"{p['name']} ({theater}): your {a['name']} ({state}) in {where}{extra}; {holds}."
    out = _wrap(head)
    if p["full_baqt"]:
        out += _wrap("A Full Baqt keeps this Path at peace: no Hits, no AP (16.3.2).", "  ")
    marker = p["islam"]
    rows = [("#", "Land", "Crossing in", "Faith (apostasy, OP)", "Held by", "Here")]
    rows.append(("0", "Mecca", "", "Islam, always", "Arabs", "Islam marker" if marker["at"] == 0 else ""))
    for land in lands:
        faith = land["religion_name"]
        if land["converted"]:
            if land["index"] == marker["at"] and marker["dis"]:
                faith = f"Muslim, Disrupted ({faith} in battle)"
            elif land["firmly_muslim"]:
                faith = f"firmly Muslim (was {faith})"
            else:
                faith = f"Muslim (was {faith})"
        if land["round"]:
            info = f"{faith} (Ends of the Earth)"
        else:
            info = f"{faith} ({land['apostasy']}, {land['points']} OP)"
        held = {"arab": "Arabs", "player": "you", "neutral": "neutral"}[land["control"]]
        here = []
        if land["index"] == marker["at"]:
            here.append("Islam marker" + (" (disrupted)" if marker["dis"] else ""))
        for x in land["armies"]:
            here.append(army_words(view, x, long=True))
        here += _castle_words(view, land)
        marks = []
        if land["green_box"]:
            marks.append("Green Box")
        if land["military_heartland"]:
            marks.append(f"{ADJECTIVE[land['military_heartland']]} Military Heartland")
        if land["religious_heartland"]:
            marks.append(f"{ADJECTIVE[land['religious_heartland']]} Religious Heartland")
        if land["baqt_flag"]:
            marks.append(f"{land['baqt_flag'].capitalize()} Baqt flag")
        here += marks
        rows.append((str(land["index"]), land["name"], land["crossing_in"], info, held, "; ".join(here)))
    out += _table(rows, wrap=(3, 5))
    if aid is not None and not p["full_baqt"]:
        out += _front_lines(view, p)
    return out


def _table(rows: Sequence[Sequence[str]], wrap: tuple[int, ...]) -> list[str]:
    """Rows in columns within :data:`WIDTH`: the ``wrap`` columns, in that order, are narrowed
    (down to their longest word) and wrap onto more lines."""
    n = len(rows[0])
    widths = [max(len(r[i]) for r in rows) for i in range(n)]
    for col in wrap:
        least = max((len(w) for r in rows for w in r[col].split()), default=1)
        while sum(widths) + 2 * (n - 1) > WIDTH and widths[col] > least:
            widths[col] -= 1
    out = []
    for r in rows:
        cells = [textwrap.wrap(c, w, break_long_words=True) or [""] for c, w in zip(r, widths, strict=True)]
        for k in range(max(len(c) for c in cells)):
            parts = [(c[k] if k < len(c) else "").ljust(w) for c, w in zip(cells, widths, strict=True)]
            out.append("  ".join(parts).rstrip())
    return out


def _front_lines(view: View, p: Mapping[str, Any]) -> list[str]:
    """[7.2.1] what every Arab invasion of this Path adds; [8.3, 9.1] what an attack takes."""
    terms = ", ".join(f"{name} {value:+d}" for name, value in p["hit_list"]) or "nothing"
    f = p["front"]
    out = _wrap(f"Each invasion from {f['from']} adds to the Rose: {terms} (7.2.1).", "  ")
    attack = f["attack"]
    if attack is None:
        out += _wrap("No attack: only Mecca (or Damascus as the Islamic Capital) lies ahead (9.1).", "  ")
    else:
        dice = "1 die" if attack["dice"] == 1 else "2 dice, keeping the lower"
        can = "" if attack["possible"] else " (not now: the army cannot attack)"
        out += _wrap(
            f"An attack on {attack['land']} costs {attack['cost']} AP and rolls {dice}; it needs more than "
            f"{attack['beat']} (9.1.2){can}.",
            "  ",
        )
    return out


def path_command(view: View, rest: str) -> RenderableType:
    """path NAME: one Path Land by Land (crossings, faiths, control, armies, Castles)."""
    return Text("\n".join(path_lines(view, rest or "greek")))


# =============================================================================================
# card [N]
# =============================================================================================


def card_lines(view: View, rest: str) -> list[str]:
    """[6.1] a card: its text, its Rose and AP in words, each event in words; for this turn's
    card, what happened when it was drawn."""
    c = _content()
    current = view.get("card") or {}
    wanted = rest.strip().lstrip("#")
    if not wanted:
        if not current:
            return ["No card has been drawn yet."]
        number = int(current["number"])
    elif wanted.isdigit() and 1 <= int(wanted) <= 50:
        number = int(wanted)
    else:
        return [f"card N: a card number from 1 to 50, not {rest.strip()!r}."]
    card = c.card(number)
    advanced = "advanced" in view
    kinds = []
    if card.boxed:
        kinds.append("Advanced Game only" if not advanced else "boxed")
    if card.red_star:
        kinds.append("red star: set aside until the Rightly Guided Army in the Advanced Game")
    extra = f" ({'; '.join(kinds)})" if kinds else ""
    out = _wrap(f'Card {number}: "{card.title}", {card.era} era{extra}')
    out += _wrap(" ".join(card.text.split()), "  ")
    if card.rose is not None and card.ap is not None:
        paths = [p["id"] for p in view["paths"]]
        out.append(f"Hits and Actions Rose (7.1): AP {card.ap.west} West, {card.ap.east} East.")
        for p in paths:
            out += _wrap(f"{SHORT.get(p, p)}: {rose_words(card.rose.entry(p), advanced)}", "    ", "  ")
    else:
        out.append("No Rose: no Hits and no AP from this card.")
    events = [e for e in card.events if advanced or not e.advanced_only]
    out.append("Events (6.2):" if events else "Events: none.")
    for e in events:
        out += _wrap(event_words(c, e, advanced), "    ", "  ")
    if number == current.get("number") and current.get("happened"):
        out.append("This turn, when it was drawn:")
        for line in current["happened"]:
            out += _wrap(line, "    ", "  ")
    return out


def card_command(view: View, rest: str) -> RenderableType:
    """card [N]: a card's text, Rose and events in words (this turn's card by default)."""
    return Text("\n".join(card_lines(view, rest)))


# =============================================================================================
# status
# =============================================================================================


def status_lines(view: View) -> list[str]:
    """The whole state in words: Rulers, AP, tokens, Blessings, minor powers, Castles and
    Capitals, the Outcome Points now, and the Advanced Game's pieces."""
    out: list[str] = []
    ap, limits = view["ap"], view["ap_limits"]
    for empire, rating in view["rulers"].items():
        theater = EMPIRE_THEATER[empire]
        divided = " It is Divided (8.2.2)." if view["divided"].get(theater) else ""
        if rating is None:
            text = f"{THEATER_OF[theater]}: {ap[theater]} AP; {EMPIRE[empire]} is gone, no Ruler.{divided}"
        else:
            text = (
                f"{THEATER_OF[theater]}: {ap[theater]} AP under the {ADJECTIVE[empire]} {RULER[empire]}, "
                f"rated {rating}: at most {limits[theater]} AP (6.3.1).{divided}"
            )
        out += _wrap(text, "  ")
    tokens = [f"{n} {TOKEN[c]}" for c, n in view["tokens"].items() if n]
    out += _wrap("Bonus AP tokens: " + (", ".join(tokens) if tokens else "none") + " (6.3.3).", "  ")
    fleet = view["fleet"]
    out += _wrap(
        f"Greek Fleet: +{view['fleet_drm']} to a Naval Battle, "
        f"{'used this turn' if fleet['used'] else 'ready'} (8.5, 12.1).",
        "  ",
    )
    im = view["immortals"]
    if not im["gone"]:
        drm = "+2 (elephants)" if im["side"] == "elephants" else "+1 (horse)"
        out += _wrap(
            f"Persian Immortals: {drm}, {'used this turn' if im['used'] else 'ready'} (9.5.1).", "  "
        )
    for t in view["tracks"].values():
        where = f", on the {SHORT.get(t['path'], t['path'])} Path" if t.get("path") else ""
        hits = {1: "+1 Hit", 0: "no Hit", -1: "-1 Hit"}[t["box"]]
        move = f"; {t['cost']} AP moves it right" if t.get("cost") else "; a Naval Battle (6+) moves it right"
        out += _wrap(f"{t['name']}: box {t['box']:+d}, {hits} per invasion{where}{move} (13.1).", "  ")
    icons = view["icons"]
    if icons is None:
        out.append("  Icons: lost (12.3).")
    else:
        out += _wrap(f"Icons: {land_name(view, icons)} (14.4, 14.7).", "  ")
    if view["themes"]:
        out += _wrap(f"Byzantine Themes: {land_name(view, view['themes'])}, -1 Hit there (12.4).", "  ")
    for empire, chit in view["last_stand"].items():
        if chit["gone"]:
            continue
        side = "+2 AP" if chit["side"] == "ap" else "+1 to the Ruler's rating"
        when = "spent until the next End of an Era" if chit["used"] else "ready"
        out += _wrap(f"{ADJECTIVE[empire]} Last Stand: {side}, {when} (8.14).", "  ")
    for empire, cap in view["capitals"].items():
        if view["rulers"].get(empire) is None:
            continue
        where = "destroyed" if cap["at"] is None else f"in {land_name(view, cap['at'])}, {cap['side']}"
        out += _wrap(f"{ADJECTIVE[empire]} Capital: {where} (7.4.2, 8.8).", "  ")
    for c in view["castles"].values():
        where = f"in {land_name(view, c['at'])}" if c["at"] in _lands(view) else "out of play"
        side = f", {c['side']} side" if c["kind"] == "major" else ""
        out += _wrap(f"{c['kind'].capitalize()} Castle: {where}, value {c['value']}{side} (7.4.3).", "  ")
    now = view.get("outcome_now") or {}
    if now:
        parts = ", ".join(f"{key[0]} {now[key]:+d}" for key, _ in PARTS if key in now)
        out += _wrap(f"Outcome Points if the game ended now: {now['total']} ({parts}) (5.2).", "  ")
    out += _advanced_status(view)
    return ["Where things stand:", *out]


def _advanced_status(view: View) -> list[str]:
    adv = view.get("advanced")
    if not adv:
        return []
    out: list[str] = []
    muj = adv["muj"]
    where = "in the Casbah" if muj["at"] == "casbah" else f"on the {SHORT.get(muj['at'], muj['at'])} Path"
    mustered = "" if adv["syrians_mustered"] else "; they have not mustered yet (17.1.1)"
    out += _wrap(
        f"Syrians: Ka'aba Number {adv['kaaba']} ({adv['kaaba_points']:+d} OP at the end, 5.2 E); the "
        f"Mujahideen, {muj['side']} side up, are {where}{mustered} (17.2-17.5).",
        "  ",
    )
    jihad = adv["jihad"]
    if jihad:
        mode = "Alternating" if jihad["mode"] == "alternating" else "One Front"
        stop = "; a Fitna stopped it this turn" if jihad["stop"] else ""
        fresh = "; it starts next turn" if adv["jihad_fresh"] else ""
        path = SHORT.get(jihad["path"], jihad["path"])
        out += _wrap(
            f"Jihad: {mode} against {EMPIRE[jihad['target']]}, now on the {path} Path{stop}{fresh} (17.6).",
            "  ",
        )
    else:
        out.append("  Jihad: none (17.6).")
    faith = adv["religion"].capitalize()
    schism = ", in Schism (-1 on Emperor rolls)" if adv["schism"] else ""
    out += _wrap(f"Byzantine religion: {faith}{schism} (20.1-20.3).", "  ")
    truce = adv["truce"]
    out += _wrap(f"Truce: {EMPIRE[truce] + ' is in Truce' if truce else 'none'} (22.0).", "  ")
    offers = [
        f"a Baqt on the {SHORT.get(o['path'], o['path'])} Path"
        if o["kind"] == "baqt"
        else f"a Truce to {EMPIRE[o['empire']]}"
        for o in adv["offers"]
    ]
    if offers:
        out += _wrap(f"Offered this turn (Diplomacy Step): {', '.join(offers)} (14.10).", "  ")
    for path, baqt in adv["baqt"].items():
        text = (
            "no Baqt"
            if baqt is None
            else f"a {baqt['kind'].capitalize()} Baqt in {land_name(view, baqt['at'])}"
        )
        out += _wrap(f"{SHORT.get(path, path)} Path: {text} (16.3).", "  ")
    garrisons = [
        f"{SHORT.get(a['path'], a['path'])} in {land_name(view, a['at'])}"
        for a in view["armies"].values()
        if a["garrison"] and a["at"] in _lands(view)
    ]
    out += _wrap(f"Byzantine Garrisons: {', '.join(garrisons) or 'none left'} (16.2).", "  ")
    king = adv["great_king"]
    if king:
        army = view["armies"][king["army"]]["name"]
        out += _wrap(
            f"Great King: {king['name']}, leading the {army} on the {SHORT.get(king['path'], '')} Path; "
            "he banks up to 6 AP (16.5).",
            "  ",
        )
    else:
        out.append("  Great King: none (16.5).")
    capital = "the Islamic Capital, part of Mecca" if adv["damascus"] == "capital" else "Christian"
    bonus = " (its 2 purple AP taken this turn)" if adv["damascus_bonus"] else ""
    out += _wrap(f"Damascus: {capital}{bonus} (21.2).", "  ")
    navy = "Active: '← Cyprus' events count" if adv["navy"] else "not yet: '← Cyprus' events are ignored"
    out += _wrap(f"Muslim Navy: {navy} (21.1).", "  ")
    routes = []
    for r in adv["routes"].values():
        state = "open" if r["open"] else "closed"
        room = r["room"]
        if r["open"] and room is not None:
            state += f", {_plural(room, 'AP')} more this turn" if room > 0 else ", used up this turn"
        routes.append(f"{r['name']} ({' - '.join(r['ends'])}): {state}")
    out += _wrap("Trade Routes (21.4): " + "; ".join(routes) + ".", "  ")
    jews = adv["jews"]
    if jews:
        side = "+1 Hit" if jews["side"] == "plus_one" else "-1 Hit"
        out += _wrap(
            f"Jews: in {land_name(view, jews['at'])}, {side} on invasions there while you hold it (19.1).",
            "  ",
        )
    else:
        out.append("  Jews: not yet on the map (19.1).")
    refugees = []
    for r, at in adv["refugees"].items():
        yours = ", yours" if adv["refugees_hosted"].get(r) else ""
        refugees.append(f"{REFUGEE.get(r, r)} in {land_name(view, at)}{yours}")
    out += _wrap("Refugees (19.2): " + "; ".join(refugees) + ".", "  ")
    sharia = {
        "none": "no Sharia Law yet: no rolls",
        "pending": "Sharia Law played: rolls begin next turn",
        "active": "rolled every turn: 2 dice + the Ka'aba Number",
    }[adv["sharia"]]
    out += _wrap(f"Dar al-Islam Table: {sharia} (18.1).", "  ")
    if adv["zabulistan"]:
        out += _wrap(f"Zabulistan: {adv['zabulistan']} (18.3).", "  ")
    if adv["stop_sign"]:
        out += _wrap(
            f"Arabic Stop Sign: on the {SHORT.get(adv['stop_sign'], '')} Path this turn (15.5).", "  "
        )
    if adv["set_aside"]:
        out += _wrap(f"Red-star cards set aside: {', '.join(map(str, adv['set_aside']))} (3.2.1).", "  ")
    return out


def status_command(view: View, rest: str) -> RenderableType:
    """status: the whole state in words (Rulers, AP, Blessings, tracks, Castles, Advanced)."""
    return Text("\n".join(status_lines(view)))


#: [play screen] the commands at any prompt: name -> (view, the rest of the line) -> what to show
COMMANDS: dict[str, Callable[[View, str], RenderableType]] = {
    "path": path_command,
    "card": card_command,
    "status": status_command,
}


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
    bands = _content().setup.outcome.bands
    cells = []
    for band in bands:
        lo, hi = band.min_points, band.max_points
        name = f"{hi} or less" if lo is None else (f"{lo}+" if hi is None else f"{lo} to {hi}")
        if lo == 16:
            name += " history"
        inside = total is not None and (lo is None or total >= lo) and (hi is None or total <= hi)
        cells.append(f"[{name}]" if inside else name)
    return "\n".join(_wrap("Levels: " + " | ".join(cells), "  "))
