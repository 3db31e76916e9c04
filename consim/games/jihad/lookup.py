"""The First Jihad's commands at the play prompt, each reading ``view(seat)`` alone (and the
public component data: card texts, the Outcome levels), each within 80 columns and, but for a
long card, 24 rows: ``path NAME`` one Path Land by Land, ``land NAME`` one Land in words,
``card [N]`` a card's text, Rose and events in words, ``status`` the state in words and the
Outcome Points now, ``advanced`` the Advanced Game's pieces. Also the names and phrases the
board screen (:mod:`.present`) shares with them.

>>> import consim
>>> view = consim.load_game("jihad").new_game(seed=3).view("player")
>>> path_lines(view, "greek")[0]
'Greek Path (West): your Byzantines (strong, value 2) in Damascus.'
>>> land_lines(view, "yez")[0]
'Yezd: Land 2 of the Indian Path (East) from Mecca, held by you.'
>>> max(len(line) for name in COMMANDS for line in LINES[name](view, "")) <= WIDTH
True
"""

from __future__ import annotations

import textwrap
import unicodedata
from collections.abc import Callable, Mapping, Sequence

from rich.console import RenderableType
from rich.text import Text

from consim.core.words import listing
from consim.games.jihad.content import JihadContent, RoseEntry, load_default_content
from consim.games.jihad.viewtypes import JihadSeatView, LandView, PathView
from consim.games.jihad.words import event_words, rose_words

View = JihadSeatView
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


def component_data() -> JihadContent:
    return load_default_content()


def wrap(text: str, indent: str = "", first: str | None = None, width: int = WIDTH) -> list[str]:
    """``text`` wrapped to ``width``; later lines start with ``indent``."""
    start = indent if first is None else first
    return textwrap.wrap(text, width, initial_indent=start, subsequent_indent=indent) or [start.rstrip()]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# =============================================================================================
# Names from the view
# =============================================================================================


def lands_by_id(view: View) -> dict[str, LandView]:
    """Every Land of the game by id."""
    return {land["id"]: land for p in view["paths"] for land in p["lands"]}


def land_name(view: View, place: str | None) -> str:
    """A place's name: a Land's own, or the box it stands for."""
    if place is None:
        return "nowhere"
    land = lands_by_id(view).get(place)
    if land is not None:
        return str(land["name"])
    return {
        "available": "the Available Blessings box",
        "off": "off the map",
        "dead": "out of the game",
        "out": "out of play",
        "berber_revolt_box": "the Berber Revolt box",
    }.get(place, place.replace("_", " "))


def _path(view: View, name: str) -> PathView | None:
    """A Path by its id, its name, or the first letters of either ("gr", "Med")."""
    wanted = name.strip().lower().removesuffix(" path").strip()
    if not wanted:
        return None
    paths: list[PathView] = view["paths"]
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
    """``Byzantines strong 2`` and its flags; short (the board's table: only a Curse, as its
    Crossing column tells a siege and a line below it the Neutral under an army) or ``long``
    (a Garrison by its full name, every flag, the Neutral under it by name)."""
    a = view["armies"][army_id]
    name = "Garrison" if a["garrison"] and not long else a["name"]
    text = f"{name} {a['str']}" + ("" if a["str"] == "shattered" else f" {a['value']}")
    flags = army_flags(view, army_id)
    if not long:
        flags = [f for f in flags if f == "Cursed"]
    return ", ".join([text, *flags])


def _castle_words(view: View, land: LandView) -> list[str]:
    out = []
    if land["castle"]:
        c = view["castles"][land["castle"]]
        side = f", {c['side']}" if c["kind"] == "major" else ""
        out.append(f"{c['kind']} Castle {c['value']}{side}")
    if land["capital"]:
        cap = view["capitals"][land["capital"]]
        out.append(f"Capital {cap['side']} ({cap['value']} OP)")
    return out


# =============================================================================================
# path NAME
# =============================================================================================


def _path_title(view: View, p: PathView) -> str:
    """A Path's name with its Theater when the Theater has two Paths (``Greek Path (West)``);
    the African and Caucasus Paths are Theaters of their own (2.1.3)."""
    shared = sum(x["theater"] == p["theater"] for x in view["paths"]) > 1
    return f"{p['name']} ({p['theater']})" if shared else str(p["name"])


def path_lines(view: View, rest: str) -> list[str]:
    """[2.1] one Path Land by Land: the Crossing into each, its faith now, the die that converts
    it (10.2), its Outcome Points (5.2 A) and what stands there; who holds what; what the next
    invasion adds (7.2.1) and what an attack would take (8.3, 9.1)."""
    p = _path(view, rest)
    if p is None:
        names = ", ".join(x["id"] for x in view["paths"])
        return [f"No Path {rest.strip()!r}: one of {names} (or their first letters)."]
    aid = p["active"]
    lands = p["lands"]
    where = _path_title(view, p)
    if aid is None:
        head = f"{where}: no army of yours."
    else:
        a = view["armies"][aid]
        state = a["str"] + ("" if a["str"] == "shattered" else f", value {a['value']}")
        flags = army_flags(view, aid)
        extra = f", {', '.join(flags)}" if flags else ""
        head = f"{where}: your {a['name']} ({state}{extra}) in {land_name(view, a['at'])}."
    out = wrap(head)
    out += wrap(_holders(p), "  ")
    if p["full_baqt"]:
        out += wrap("A Full Baqt keeps this Path at peace: no Hits, no AP (16.3.2).", "  ")
    marker = p["islam"]
    rows = [("#", "Land", "Crossing", "Faith", "Converts", "OP", "Here")]
    rows.append(("0", "Mecca", "", "Islam", "", "", "the Arabs, always"))
    disrupted = ""
    for land in lands:
        here = [army_words(view, x, long=True) for x in land["armies"]]
        here += _castle_words(view, land)
        if land["converted"] and land["index"] == marker["at"] and marker["dis"]:
            faith = "Muslim*"
            disrupted = land["faith"]
        elif land["converted"]:
            faith = "Muslim, firm" if land["firmly_muslim"] else "Muslim"
        else:
            faith = land["faith"]
        converts = "never" if land["round"] or not land["apostasy"] else f"1-{land['apostasy']}"
        if converts == "1-1":
            converts = "1"
        points = "" if land["points"] is None else str(land["points"])
        row = (
            str(land["index"]),
            land["name"],
            land["crossing_in"],
            faith,
            converts,
            points,
            "; ".join(here),
        )
        rows.append(row)
    out += _table(rows, wrap=(6,))
    notes = ["Converts: the die that turns it Muslim (10.2)", "OP: while the Islam marker is there (5.2 A)"]
    if disrupted:
        notes.append(f"*: Disrupted, {disrupted} in battle (7.2.3)")
    out += wrap("; ".join(notes) + ".", "  ")
    marks = _land_marks(view, lands)
    if marks:
        out += wrap(marks, "  ")
    if aid is not None and not p["full_baqt"]:
        out += _front_lines(view, p)
    return out


def _holders(p: PathView) -> str:
    """[2.1.5] who holds the Lands of a Path, in runs from Mecca outward, and where the Islam
    marker stands (10.3)."""
    runs: list[tuple[str, list[str]]] = [("arab", ["Mecca"])]
    for land in p["lands"]:
        if runs[-1][0] == land["control"]:
            runs[-1][1].append(land["name"])
        else:
            runs.append((land["control"], [land["name"]]))
    who = {"arab": "the Arabs hold", "player": "you hold", "neutral": "neutral:"}
    parts = []
    for control, names in runs:
        span = names[0] if len(names) == 1 else f"{names[0]} to {names[-1]}"
        parts.append(f"{who[control]} {span}")
    marker = p["islam"]
    where = "Mecca" if marker["at"] == 0 else p["lands"][marker["at"] - 1]["name"]
    state = ", Disrupted" if marker["dis"] else ""
    return f"{'; '.join(parts)[0].upper()}{'; '.join(parts)[1:]}. Islam marker in {where}{state}."


def _land_marks(view: View, lands: Sequence[LandView]) -> str:
    """[2.1.2] the Ends of the Earth; in the Advanced Game [21.3] Green Box Lands, [21.5]
    Heartlands and [16.3] Baqt flags, by Land."""
    marks = [f"{x['name']}: Ends of the Earth, no retreat from it (2.1.2)" for x in lands if x["round"]]
    if "advanced" in view:
        for x in lands:
            if x["green_box"]:
                marks.append(f"{x['name']}: Green Box (21.3)")
            for kind, empire in (
                ("military", x["military_heartland"]),
                ("religious", x["religious_heartland"]),
            ):
                if empire:
                    marks.append(f"{x['name']}: {ADJECTIVE[empire]} {kind.capitalize()} Heartland (21.5)")
            if x["baqt_flag"]:
                marks.append(f"{x['name']}: {x['baqt_flag'].capitalize()} Baqt flag (16.3)")
    return "; ".join(marks) + "." if marks else ""


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


def _front_lines(view: View, p: PathView) -> list[str]:
    """[7.2.1] what every Arab invasion of this Path adds; [8.3, 9.1] what an attack takes."""
    terms = ", ".join(f"{name} {value:+d}" for name, value in p["hit_list"]) or "nothing"
    f = p["front"]
    assert f is not None  # (a Path with an army has a front)
    out = wrap(f"Each invasion from {f['from']} adds to the Rose: {terms} (7.2.1).", "  ")
    attack = f["attack"]
    if attack is None:
        out += wrap("No attack: only Mecca (or Damascus as the Islamic Capital) lies ahead (9.1).", "  ")
    else:
        dice = "1 die" if attack["dice"] == 1 else "2 dice, keeping the lower"
        can = "" if attack["possible"] else " (not now: the army cannot attack)"
        out += wrap(
            f"An attack on {attack['land']} costs {attack['cost']} AP and rolls {dice}; it needs more than "
            f"{attack['beat']} (9.1.2){can}.",
            "  ",
        )
    return out


def path_command(view: View, rest: str) -> RenderableType:
    """path NAME: one Path Land by Land (crossings, faiths, control, armies, Castles)."""
    return Text("\n".join(path_lines(view, rest or "greek")))


# =============================================================================================
# land NAME
# =============================================================================================

#: [7.2.2, 8.3] what each kind of Crossing does to an invasion and to an attack across it
CROSSING_WORDS = {
    "ordinary": "no effect on Hits; an attack across costs 1 AP",
    "mountain": "-1 Hit to an invasion across it unless Islam cancels it (7.2.2); an attack "
    "across costs 1 AP",
    "river": "-2 Hits to an invasion across it unless Islam cancels it (7.2.2); an attack across costs 2 AP",
    "straits": "-2 Hits to an invasion across it unless Islam cancels it (7.2.2); an attack "
    "across costs 3, 2 or 1 AP as Cyprus stands at +1, 0 or -1 (8.3.1)",
}


def _plain(name: str) -> str:
    """A name as typed: lower case, no accents, spaces for hyphens and underscores."""
    text = unicodedata.normalize("NFKD", name.strip().lower().replace("-", " ").replace("_", " "))
    return "".join(c for c in text if not unicodedata.combining(c))


def _find_land(view: View, name: str) -> list[tuple[PathView, LandView]]:
    """(Path, Land) by the Land's name, its id, or the first letters of either: one pair, or
    every Land those letters could mean."""
    wanted = _plain(name)
    found = []
    for p in view["paths"]:
        for land in p["lands"]:
            names = (_plain(land["name"]), _plain(land["id"]))
            if wanted in names:
                return [(p, land)]
            if wanted and any(n.startswith(wanted) for n in names):
                found.append((p, land))
    return found


def land_lines(view: View, rest: str) -> list[str]:
    """[2.1] one Land in words: its Path and place, faith and conversion (10.2-10.5), Outcome
    Points (5.2 A), the Crossings on either side (2.1.4), who holds it and what stands there."""
    if rest.strip().lower() == "mecca":
        return wrap(
            "Mecca: the centre of every Path, always held by the Arabs and always Muslim; your "
            "armies never attack or enter it (2.1.5). Each invasion out of Mecca adds +1 Hit, and "
            "+1 more while the Mecca tile shows its +1 side (2.1.5.4)."
        )
    found = _find_land(view, rest)
    if len(found) != 1:
        if found:
            names = listing([x["name"] for _, x in found], "or")
            return wrap(f"Which Land: {names}? Type more of its name.")
        return [f"No Land {rest.strip()!r}: type its name or its first letters (land constantinople)."]
    p, land = found[0]
    lands = p["lands"]
    idx = land["index"]
    held = {"arab": "held by the Arabs", "player": "held by you", "neutral": "neutral"}[land["control"]]
    out = wrap(f"{land['name']}: Land {idx} of the {_path_title(view, p)} from Mecca, {held}.")
    faith = land["religion_name"]
    marker = p["islam"]
    if land["converted"]:
        if idx == marker["at"] and marker["dis"]:
            now = f"Muslim, but Disrupted: {faith} in battle (7.2.3)"
        elif land["firmly_muslim"]:
            now = f"firmly Muslim (it was {faith}): Muslim even if the marker is Disrupted (10.5)"
        else:
            now = f"Muslim (it was {faith}), the Islam marker is here (10.3)"
    elif land["round"]:
        now = f"{faith}; at the Ends of the Earth it is never conquered or converted (2.1.2)"
    elif land["apostasy"]:
        now = f"{faith}; a conversion die of {land['apostasy']} or less turns it Muslim (10.2)"
    else:
        now = f"{faith}; apostasy 0: no conversion die can turn it Muslim (10.2)"
    out += wrap(f"Faith: {now}.", "  ")
    if land["points"] is not None:
        out += wrap(f"Outcome Points: {land['points']} while the Islam marker stands here (5.2 A).", "  ")
    before = "Mecca" if idx == 1 else lands[idx - 2]["name"]
    crossing = land["crossing_in"]
    effect = CROSSING_WORDS[crossing]
    if idx == 1:  # [2.1.5] no attack ever goes into Mecca
        effect = effect.split("; an attack")[0] + "; no attack ever enters Mecca (2.1.5)"
    out += wrap(f"Crossing from {before}: {crossing}, {effect}.", "  ")
    if idx < len(lands):
        after = lands[idx]
        crossing = after["crossing_in"]
        out += wrap(f"Crossing to {after['name']}: {crossing}, {CROSSING_WORDS[crossing]}.", "  ")
    here = [army_words(view, x, long=True) for x in land["armies"]] + _castle_words(view, land)
    out += wrap(f"Here: {'; '.join(here) if here else 'nothing'}.", "  ")
    marks = _land_marks(view, [land])
    if marks:
        out += wrap(marks.removeprefix(f"{land['name']}: ").replace(f"; {land['name']}: ", "; "), "  ")
    return out


def land_command(view: View, rest: str) -> RenderableType:
    """land NAME: one Land in words (faith, conversion, Crossings, who holds it, what is there)."""
    return Text("\n".join(land_lines(view, rest or "mecca")))


# =============================================================================================
# card [N]
# =============================================================================================


def card_lines(view: View, rest: str) -> list[str]:
    """[6.1] a card: its text, its Rose and AP in words, each event in words (what this turn's
    card did when drawn is in the log, and in the view's ``card.happened``)."""
    c = component_data()
    current = view["card"]
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
        kinds.append("Advanced Game only" if not advanced else "an Advanced Game card")
    if card.red_star:
        kinds.append("red star: set aside until the Rightly Guided Army in the Advanced Game")
    extra = f" ({'; '.join(kinds)})" if kinds else ""
    out = wrap(f'Card {number}: "{card.title}", {card.era} era{extra}')
    out += wrap(" ".join(card.text.split()), "  ")
    if card.rose is not None and card.ap is not None:
        entries = [(SHORT.get(p["id"], p["id"]), card.rose.entry(p["id"])) for p in view["paths"]]
        hits = ", ".join(f"{name} {_hex(entry)}" for name, entry in entries)
        out += wrap(f"Rose (7.1): AP {card.ap.west} West, {card.ap.east} East; Hits {hits}.", "  ", "")
        special = [f"{name} {rose_words(e, advanced)}" for name, e in entries if e.red or e.fitna or e.f3]
        if special:
            text = "; ".join(special)
            out += wrap(text + ("." if text.endswith(")") else " (7.1.2)."), "    ", "  ")
    else:
        out.append("No Rose: no Hits and no AP from this card.")
    events = [e for e in card.events if advanced or not e.advanced_only]
    out.append("Events (6.2):" if events else "Events: none.")
    for e in events:
        out += wrap(event_words(c, e, advanced), "    ", "  ")
    if current and number == current["number"] and current["happened"]:
        out.append("What it did when drawn this turn: type 'log'.")
    return out


def _hex(entry: RoseEntry) -> str:
    """[7.1.2] a hex of the Rose as printed: 3, red 3, F or F3."""
    code = entry.code()
    return f"red {code[1:]}" if code.startswith("r") else code


def card_command(view: View, rest: str) -> RenderableType:
    """card [N]: a card's text, Rose and events in words (this turn's card by default)."""
    return Text("\n".join(card_lines(view, rest)))


# =============================================================================================
# status
# =============================================================================================


def status_lines(view: View) -> list[str]:
    """The whole state in words but for the Advanced Game's own pieces (``advanced``): Rulers
    and AP, bonus tokens, the Fleet and Immortals, minor powers, Blessings, Last Stands,
    Capitals and Castles, the Outcome Points now and the level they would reach."""
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
        out += wrap(text, "  ")
    tokens = [f"{n} {TOKEN[c]}" for c, n in view["tokens"].items() if n]
    fleet = view["fleet"]
    parts = [
        "Bonus AP tokens: " + (", ".join(tokens) if tokens else "none") + " (6.3.3)",
        f"Greek Fleet +{view['fleet_drm']} at sea, {'used this turn' if fleet['used'] else 'ready'} (12.1)",
    ]
    im = view["immortals"]
    if not im["gone"]:
        drm = "+2 (elephants)" if im["side"] == "elephants" else "+1 (horse)"
        parts.append(f"Persian Immortals {drm}, {'used this turn' if im['used'] else 'ready'} (9.5.1)")
    out += wrap("; ".join(parts) + ".", "  ")
    for t in view["tracks"].values():
        path = t["path"]
        where = f" on the {SHORT.get(path, path)} Path" if path else ""
        hits = {1: "+1 Hit", 0: "no Hit", -1: "-1 Hit"}[t["box"]]
        move = f"{t['cost']} AP moves it right" if t["cost"] else "a Naval Battle of 6 moves it right"
        out += wrap(f"{t['name']} {t['box']:+d}: {hits} per invasion{where}; {move} (13.1).", "  ")
    icons = view["icons"]
    blessings = ["Icons lost" if icons is None else f"Icons in {land_name(view, icons)}"]
    if view["themes"]:
        blessings.append(f"Themes in {land_name(view, view['themes'])}, -1 Hit there (12.4)")
    out += wrap("Blessings: " + "; ".join(blessings) + " (12.3, 14.4).", "  ")
    stands = []
    for empire, chit in view["last_stand"].items():
        if chit["gone"]:
            continue
        side = "+2 AP" if chit["side"] == "ap" else "+1 to the rating"
        stands.append(f"{ADJECTIVE[empire]} {side}, {'spent till the next Era' if chit['used'] else 'ready'}")
    if stands:
        out += wrap("Last Stand chits: " + "; ".join(stands) + " (8.14).", "  ")
    capitals = []
    for empire, cap in view["capitals"].items():
        if view["rulers"].get(empire) is None:
            continue
        where = "destroyed" if cap["at"] is None else f"{land_name(view, cap['at'])}, {cap['side']}"
        capitals.append(f"{ADJECTIVE[empire]} {where}")
    out += wrap("Capitals: " + "; ".join(capitals) + " (7.4.2, 8.8).", "  ")
    castles = []
    for c in view["castles"].values():
        if c["at"] not in lands_by_id(view):
            castles.append(f"{c['kind']} out of play")
            continue
        side = f" {c['side']}" if c["kind"] == "major" else ""
        castles.append(f"{c['kind']} in {land_name(view, c['at'])} {c['value']}{side}")
    out += wrap("Castles (value): " + "; ".join(castles) + " (7.4.3).", "  ")
    now = view["outcome_now"]
    if now:
        by_key: Mapping[str, object] = now  # the parts by name
        parts = [f"{LETTER[key]} {by_key[key]:+d}" for key, _ in PARTS if key in now]
        out += wrap(
            f"Outcome Points if the game ended now: {now['total']} ({', '.join(parts)}), "
            f"{level_words(now['total'])} (5.2).",
            "  ",
        )
    return ["Where things stand ('advanced' for the Advanced Game's pieces):", *out]


#: [5.2] each part of the Outcome Points in a word or two
LETTER = {
    "A_islam_circles": "A Islam",
    "B_arab_lands": "B Arab Lands",
    "C_minor_powers": "C minor powers",
    "D_armies": "D armies",
    "D_castles": "Castles",
    "D_capitals": "Capitals",
    "E_kaaba": "E Ka'aba",
}


def level_words(total: int) -> str:
    """[5.2] the level a total reaches, in words ("16 to 25, the historical result")."""
    for band in component_data().setup.outcome.bands:
        lo, hi = band.min_points, band.max_points
        if (lo is None or total >= lo) and (hi is None or total <= hi):
            name = f"{hi} or less" if lo is None else (f"{lo} or more" if hi is None else f"{lo} to {hi}")
            return f"level {name}: {band.result[0].lower()}{band.result[1:].rstrip('.')}"
    return ""


def advanced_status_lines(view: View) -> list[str]:
    """[15-22] the Advanced Game's pieces in words: the AP of Africa and the Caucasus, the
    Syrians and a Jihad, Byzantium's faith, Truces and offers, Baqts, Garrisons, the Great King,
    Damascus, the Muslim Navy, Trade, the Jews and Refugees, the Dar al-Islam Table."""
    adv = view.get("advanced")
    if not adv:
        return ["This is the Basic Game: there are no Advanced pieces ('status' has the rest)."]
    ap = view["ap"]
    out = wrap(f"Africa {ap['african']} AP, Caucasus {ap['caucasus']} AP, banked by Path (16.1).", "  ")
    muj = adv["muj"]
    where = "in the Casbah" if muj["at"] == "casbah" else f"on the {SHORT.get(muj['at'], muj['at'])} Path"
    mustered = "" if adv["syrians_mustered"] else "; they have not mustered yet (17.1.1)"
    out += wrap(
        f"Syrians: Ka'aba Number {adv['kaaba']} ({adv['kaaba_points']:+d} OP at the end, 5.2 E); "
        f"{muj['side'].capitalize()} Mujahideen {where} (17.2-17.5){mustered}.",
        "  ",
    )
    jihad = adv["jihad"]
    if jihad:
        mode = "Alternating" if jihad["mode"] == "alternating" else "One Front"
        stop = "; a Fitna stopped it this turn" if jihad["stop"] else ""
        fresh = "; it starts next turn" if adv["jihad_fresh"] else ""
        path = SHORT.get(jihad["path"], jihad["path"])
        text = f"{mode} against {EMPIRE[jihad['target']]}, now on the {path} Path{stop}{fresh}"
    else:
        text = "none"
    faith = adv["religion"].capitalize()
    schism = ", in Schism: -1 on Emperor rolls (11.2, 20.1)" if adv["schism"] else " (20.1)"
    truce = f"{EMPIRE[adv['truce']]} is in Truce" if adv["truce"] else "none"
    out += wrap(f"Jihad: {text} (17.6). Byzantine religion: {faith}{schism}. Truce: {truce} (22).", "  ")
    offers = [
        f"a Baqt on the {SHORT.get(o['path'], o['path'])} Path"
        if o["kind"] == "baqt"
        else f"a Truce to {EMPIRE[o['empire']]}"
        for o in adv["offers"]
    ]
    if offers:
        out += wrap(f"Offered this turn, for the Diplomacy Step: {listing(offers)} (14.10).", "  ")
    baqts = []
    for path, b in adv["baqt"].items():
        signed = "none" if b is None else f"{b['kind'].capitalize()} in {land_name(view, b['at'])}"
        baqts.append(f"{SHORT.get(path, path)} {signed}")
    garrisons = [
        f"{SHORT.get(a['path'], a['path'])} in {land_name(view, a['at'])}"
        for a in view["armies"].values()
        if a["garrison"] and a["at"] in lands_by_id(view)
    ]
    garrisoned = ", ".join(garrisons) or "none left"
    out += wrap(f"Baqts: {'; '.join(baqts)} (16.3). Byzantine Garrisons: {garrisoned} (16.2).", "  ")
    king = adv["great_king"]
    if king:
        army = view["armies"][king["army"]]["name"]
        text = (
            f"{king['name']}, leading the {army} on the {SHORT.get(king['path'], '')} Path, banks up to 6 AP"
        )
    else:
        text = "none"
    capital = "the Islamic Capital, part of Mecca" if adv["damascus"] == "capital" else "Christian"
    bonus = " (its 2 purple AP taken this turn)" if adv["damascus_bonus"] else ""
    out += wrap(f"Great King: {text} (16.5). Damascus: {capital}{bonus} (21.2).", "  ")
    navy = "Active: '← Cyprus' events count" if adv["navy"] else "not yet: '← Cyprus' events are ignored"
    out += wrap(f"Muslim Navy: {navy} (21.1).", "  ")
    routes = []
    for r in adv["routes"].values():
        state = "open" if r["open"] else "closed"
        room = r["room"]
        if r["open"] and room is not None:
            state += f", {_plural(room, 'AP')} more this turn" if room > 0 else ", used up this turn"
        routes.append(f"{r['name']} ({'-'.join(r['ends'])}) {state}")
    out += wrap("Trade (21.4): " + "; ".join(routes) + ".", "  ")
    jews = adv["jews"]
    if jews:
        side = "+1 Hit" if jews["side"] == "plus_one" else "-1 Hit"
        text = f"in {land_name(view, jews['at'])}, {side} on invasions there while you hold it"
    else:
        text = "not yet on the map"
    refugees = []
    for refugee, at in adv["refugees"].items():
        yours = ", yours" if adv["refugees_hosted"].get(refugee) else ""
        refugees.append(f"{REFUGEE.get(refugee, refugee)} in {land_name(view, at)}{yours}")
    out += wrap(f"Jews: {text} (19.1). Refugees: {'; '.join(refugees)} (19.2).", "  ")
    sharia = {
        "none": "no Sharia Law yet, no rolls",
        "pending": "Sharia Law played, rolls from next turn",
        "active": "rolled every turn, 2 dice + the Ka'aba Number",
    }[adv["sharia"]]
    out += wrap(f"Dar al-Islam Table: {sharia} (18.1).", "  ")
    extra = []
    if adv["zabulistan"]:
        extra.append(f"Zabulistan: {adv['zabulistan']} (18.3)")
    if adv["stop_sign"]:
        extra.append(f"Arabic Stop Sign on the {SHORT.get(adv['stop_sign'], '')} Path this turn (15.5)")
    if adv["set_aside"]:
        extra.append(f"red-star cards set aside: {', '.join(map(str, adv['set_aside']))} (3.2.1)")
    if extra:
        out += wrap("; ".join(extra).capitalize() + ".", "  ")
    return ["The Advanced Game's pieces:", *out]


def status_command(view: View, rest: str) -> RenderableType:
    """status: the state in words (Rulers, AP, Blessings, tracks, Castles, Outcome Points)."""
    return Text("\n".join(status_lines(view)))


def advanced_command(view: View, rest: str) -> RenderableType:
    """advanced: the Advanced Game's pieces (Syrians, Jihad, religion, Baqts, Trade, Truces)."""
    return Text("\n".join(advanced_status_lines(view)))


#: every kind of action a player types, what it does and its rule: (typed form, meaning,
#: Advanced Game only); the words are this program's own
ACTIONS: tuple[tuple[str, str, bool], ...] = (
    ("step", "Hits: the army loses a step, strong to weak to shattered: 1 Hit (7.3)", False),
    ("retreat", "Hits: the army falls back one Land away from Mecca: up to 2 Hits (7.4.1)", False),
    ("capital", "Hits: your Capital in the army's Land turns weak, then is gone: 1 Hit each (7.4.2)", False),
    ("besiege", "Hits: the army goes under the Castle of its Land: the Castle's value (7.4.3.1)", False),
    ("castle", "Hits: a strong Major Castle over the army turns weak: 4 Hits (7.4.3.1)", False),
    ("attack PATH", "spend 1-3 AP to retake the Land in front of the Path's army (8.3, 9.1)", False),
    ("attack PATH immortals+2", "... with the Persian Immortals on the die, +1 or +2 (12.2)", False),
    ("rally PATH [2]", "1 AP a step: the army heals a step, or two from shattered (8.4)", False),
    ("rally PATH red|blue|purple", "the same, paid with a bonus AP token (8.15)", False),
    (
        "token red|blue|purple",
        "a bonus AP token adds 1 AP to the Theater, up to its Ruler's limit (8.15)",
        False,
    ),
    ("naval [fleet]", "1 AP: a Naval Battle for Cyprus, the Greek Fleet adding to the die (8.5.1)", False),
    ("naval socotra", "1 AP: a Naval Battle for Socotra (8.11)", False),
    ("raid PATH", "1 AP and the Fleet or the Immortals: Disrupt that Path's Islam (8.5.2, 8.6)", False),
    ("landing", "the Greek Fleet gives +1 to the next Greek or Med attack (8.5.3)", False),
    ("elephants", "1 East AP: the Immortals turn to their +2 side (8.12)", False),
    ("appease bulgars|tibet", "AP to move that minor power's marker one box your way (8.9, 8.10)", False),
    ("build-castle major|minor LAND", "4 AP: a new Castle, weak side up, where you may (8.7)", False),
    ("fix-castle LAND", "4 AP: a weak Major Castle is strong again (8.7)", False),
    ("build-capital EMPIRE LAND", "2 AP: a lost Capital rebuilt, weak side up (8.8)", False),
    ("fix-capital EMPIRE", "2 AP: a weak Capital is strong again (8.8)", False),
    ("last-stand EMPIRE", "cash the Empire's Last Stand chit: AP, or +1 to its Ruler (8.14)", False),
    ("event NAME", "play a ▲ event of this turn's card now; 'card' tells what it does (8.13)", False),
    ("done", "end the Theater's actions (the next Theater acts) or the step", False),
    ("option N / side EMPIRE ap|skill", "answer a card's choice (6.2), or an End of an Era (6.4)", False),
    ("themes LAND / advance PATH", "Iconoclasm's Themes (12.4); Retrenchment's free advance (6.2)", False),
    ("icons LAND", "move the Icons at the end of the turn, or keep them: done (14.7)", False),
    ("loot / decline", "a weak army that won: strong again but Cursed, or not (9.3)", False),
    (
        "trade THEATER bank ROUTE...",
        "1 AP sent along open Trade Routes, added to that Theater's (21.4)",
        True,
    ),
    ("trade THEATER rally PATH ROUTE...", "1 AP sent to rally that Path's army a step (21.4.3)", True),
    ("damascus", "Christian Damascus held: take its 2 purple AP tokens, once a turn (21.2)", True),
    ("council keep|catholic|monophysite", "the Ecumenical Council: Byzantium's religion (20.2)", True),
    ("truce accept|reject|keep|break", "a Truce the Arabs offer (22.2, 22.3), or one you hold (22.4)", True),
    ("baqt PATH / refuse PATH", "sign the Baqt offered on that Path, or refuse it (16.3)", True),
    ("revolt PATH / keep PATH", "break a Full Baqt with a Revolt, or keep the peace (16.4.1)", True),
)


def actions_lines(view: View, rest: str) -> list[str]:
    """Every kind of action and what it does (the Advanced Game's marked, shown in it), or
    those whose typed form starts with ``rest`` (``actions trade``)."""
    advanced = bool(view.get("advanced"))
    wanted = rest.strip().lower()
    rows = [(form, meaning, adv) for form, meaning, adv in ACTIONS if advanced or not adv]
    if wanted:

        def named(form: str) -> bool:
            return any(part.strip().startswith(wanted) for part in form.split(" / "))

        found = [r for r in rows if named(r[0])]
        if not found:
            if any(named(form) for form, _, _ in ACTIONS):
                return wrap(f"{rest.strip()}: an action of the Advanced Game (consim play jihad --advanced).")
            verbs = sorted({part.split()[0] for form, _, _ in rows for part in form.split(" / ")})
            return wrap(f"No action starts with {rest.strip()!r}. The actions: {', '.join(verbs)}.")
        rows = found
    out = [] if wanted else ["What you may type (a number from the list of choices works too):"]
    for form, meaning, adv in rows:
        mark = " (Advanced)" if adv else ""
        out += wrap(f"{form}: {meaning}{mark}", "    ", first="  ")
    return out


def actions_command(view: View, rest: str) -> RenderableType:
    """actions [VERB]: every action you can type and what it does (the Advanced ones too)."""
    return Text("\n".join(actions_lines(view, rest)))


#: [play screen] the commands at any prompt: name -> (view, the rest of the line) -> what to show
COMMANDS: dict[str, Callable[[View, str], RenderableType]] = {
    "path": path_command,
    "land": land_command,
    "card": card_command,
    "status": status_command,
    "advanced": advanced_command,
    "actions": actions_command,
}

#: each command's lines, for tests and other front ends
LINES: dict[str, Callable[[View, str], list[str]]] = {
    "path": lambda view, rest: path_lines(view, rest or "greek"),
    "land": lambda view, rest: land_lines(view, rest or "mecca"),
    "card": card_lines,
    "status": lambda view, rest: status_lines(view),
    "advanced": lambda view, rest: advanced_status_lines(view),
    "actions": actions_lines,
}
