"""Battle for Baghdad in the terminal, drawn from ``view(seat)`` alone (and the public
component data: the map, the faction screens, the card texts).

The board shows what the decision at hand needs, within 80 columns:

* always a header (turn, phase, First Player, card price, Arab Street cards left), the
  business in progress (bids, the draft, a deal, the move, the battle) and the seat's hand;
* when units matter (set-up, deals, the Action Phase, choosing battles): the map, west and
  east bank side by side from north to south, with PP markers and units;
* when cards and standing matter (the Initiative, Arab Street and Arms Bazaar Phases): each
  faction's standing and its progress towards its special goal, and every card's text;
* in a battle: both sides' forces and Command cards (value and type), the plans, and the
  seat's combat cards with their text.

Commands at any prompt (``present.COMMANDS``): ``zone NAME``, ``map``, ``goals``,
``card NAME`` and ``commands``. ``render_outcome`` explains the end of the game.

>>> import consim
>>> state = consim.load_game("baghdad", players=4).new_game(seed=2)
>>> lines = board_lines(state.view("Shiite"))
>>> max(len(line) for line in lines) <= 80
True
>>> zone_lines(state.view("Shiite"), "sadr")[0]
'Sadr City (Shiite zone; 4 PP when the Arab Street calls on it)'
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, cast

from rich.console import Group, RenderableType
from rich.text import Text

from consim.core.game import Outcome
from consim.core.words import listing
from consim.games.baghdad.content import ArmsBazaarCard, BaghdadContent, Zone, default_content
from consim.games.baghdad.view import CARD_TIMING
from consim.games.baghdad.viewtypes import BaghdadSeatView, GoalView, PendingView, PlanStep, PlanView

#: what the board is drawn from: a seat's view (``BaghdadGame.view_type``); the functions the
#: front ends call with a plain mapping (``render``, ``COMMANDS``) read it through this type
View = BaghdadSeatView
WIDTH = 80

ABBR = {"Shiite": "Shi", "Sunni": "Sun", "Government": "Gov", "US": "US", "Jihadist": "Jih", "NGO": "NGO"}

#: what ``help`` shows as typed examples from this game
EXAMPLES = [
    "bid 3   /   pass            (Initiative: every bidder pays his bid)",
    'take "Air Strike"           (the draft: keep one card, pass the rest on)',
    "offer Sunni, truce, promise no-entry, give-pp 2, send   (a deal)",
    'recruit security "Sadr City"   /   buy   /   play "Car Bomb"',
    'move "Sadr City", units 3, enter Shaab, stop   (a move, step by step)',
    'command "Mahdi Army", offense "Night Raid", no-defense, commit 6',
    "zone sadr  /  map  /  goals  /  card infowar  /  commands",
]

_PHASES = {
    "place": "Set-up: placing starting forces",
    "maneuver": "Initiative Phase",
    "bid": "Initiative Phase: bidding",
    "first": "Initiative Phase: naming the First Player",
    "street": "Arab Street Phase",
    "draft": "Arms Bazaar Phase (the draft)",
    "coalition": "Coalition Phase (deals)",
    "combat": "Combat Phase",
    "civic": "Civic Action Phase",
    "end": "End of the turn",
    "over": "Game over",
}

_WINDOWS = {
    "arab_street": "a card that stops the Arab Street draws",
    "combat_phase": "a card that prevents a battle (Ceasefire)",
    "combat_reveal": "a card against the revealed plan",
    "after_combat": "a post-combat card (Collateral Damage)",
}

#: a promise in a few words (the log and 'goals' have them in full)
_PROMISED = {
    "no-attack": "{f} won't attack {to}",
    "no-entry": "{f} stays out of {to}'s zones",
    "no-cards": "{f} plays no cards against {to}",
    "no-outbid": "{f} won't outbid {to}",
}

_KIND = {
    "offense": "Offense",
    "defense": "Defense",
    "network": "Network",
    "symbol": "symbol",
    "event": "event",
}


# =============================================================================================
# Small pieces
# =============================================================================================


def _c() -> BaghdadContent:
    return default_content()


def _wrap(text: str, indent: str = "", first: str | None = None, width: int = WIDTH) -> list[str]:
    """``text`` wrapped to ``width``, the first line starting with ``first`` (default: the
    indent), the others with ``indent``."""
    return textwrap.wrap(
        text,
        width,
        initial_indent=indent if first is None else first,
        subsequent_indent=indent,
        break_on_hyphens=False,
    ) or [indent]


def zone_name(zid: str) -> str:
    return _c().zone(zid).name


def short_name(name: str, width: int = 15) -> str:
    """A zone's name within ``width``: long names lose their middle words first
    ("Baghdad International Airport" -> "Baghdad Airport")."""
    words = name.split()
    while len(" ".join(words)) > width and len(words) > 2:
        words.pop(len(words) // 2)
    out = " ".join(words)
    return out if len(out) <= width else out[: width - 1] + "."


def find_zone(text: str) -> Zone | None:
    """The zone a player means by ``text``: its name or id, or the start of either."""
    key = " ".join(text.replace('"', " ").split()).casefold()
    if not key:
        return None
    zones = _c().map.zones
    for z in zones:
        if key in (z.id, z.name.casefold()):
            return z
    found = [z for z in zones if z.name.casefold().startswith(key) or z.id.startswith(key.replace(" ", "_"))]
    return found[0] if len(found) == 1 else None


def find_card(text: str) -> ArmsBazaarCard | None:
    key = " ".join(text.replace('"', " ").split()).casefold()
    if not key:
        return None
    cards = _c().arms_bazaar.cards
    for d in cards:
        if key in (d.id, d.name.casefold()):
            return d
    found = [d for d in cards if d.name.casefold().startswith(key)]
    return found[0] if len(found) == 1 else None


def card_tag(d: ArmsBazaarCard) -> str:
    """What kind of card it is, when it is played: "Offense, Conventional", ..."""
    if d.kind in ("offense", "defense", "network"):
        types = " or ".join(d.types)
        return (
            f"{_KIND[d.kind]}, {types}" if d.kind != "network" else f"Network (Command {d.value}, both types)"
        )
    symbols = f"{'/'.join(d.symbols)} symbol; " if d.symbols else ""
    return f"{symbols}{CARD_TIMING.get(d.timing, d.timing)}"


def card_lines(name: str, indent: str = "  ", width: int = WIDTH) -> list[str]:
    """One card: its name, kind and text, wrapped."""
    d = _c().arms_bazaar.card(name)
    return _wrap(f"{d.name} [{card_tag(d)}]: {d.text}", indent + "    ", first=indent, width=width)


def command_text(name: str) -> str:
    """A Command card with its value and type(s): "Mahdi Army 4 Unconv."."""
    c = _c()
    for cc in c.command_cards.command_cards:
        if cc.name == name:
            types = "+".join("Conv" if t == "Conventional" else "Unconv" for t in cc.types)
            return f"{cc.name} {cc.value} {types}"
    d = c.arms_bazaar.card(name)  # a Network standing in for a Command
    return f"{d.name} {d.value or 0} both types"


def units_text(units: Mapping[str, Sequence[int]], joiner: str = " ") -> str:
    return joiner.join(f"{ABBR.get(f, f)} {u[0]}/{u[1]}" for f, u in units.items())


def _battle_due(view: View, zid: str) -> bool:
    """[Combat Phase] factions that must fight share the zone: two or more besides the
    Peacekeepers, outside the Sanctuary."""
    fighters = [f for f in view["zones"][zid]["units"] if f != "NGO"]
    return not _c().zone(zid).sanctuary and len(fighters) >= 2


def phase_words(view: View) -> str:
    phase = view["phase"]
    action = view.get("action")
    if phase == "action" and action:
        return f"Action Phase: {action['faction']}'s {action['step'].title()} step"
    if phase == "action":
        return "Action Phase"
    return _PHASES.get(str(phase), str(phase))


# =============================================================================================
# The sections of the board
# =============================================================================================


def header_line(view: View) -> str:
    """Turn, phase, First Player, card price and Arab Street cards left, in 80 columns."""
    first = view.get("first_player")
    long = [
        f"Turn {view['turn']}",
        phase_words(view),
        *([f"First Player {first}"] if first else []),
        f"cards cost {view['card_price']} PP",
        f"Arab Street: {view['street_left']} left",
    ]
    short = [
        f"Turn {view['turn']}",
        phase_words(view).replace(" Phase", "").replace("Action: ", ""),
        *([f"First: {first}"] if first else []),
        f"cards {view['card_price']} PP",
        f"Street {view['street_left']} left",
    ]
    for parts in (long, short):
        line = " · ".join(parts)
        if len(line) <= WIDTH:
            return line
    return line[: WIDTH - 1] + "…"


def map_lines(view: View, fold: bool = False) -> list[str]:
    """The 23 zones, west and east bank side by side, each from north to south: name,
    affiliation, symbol (A airport, F fortified, S sanctuary), PP markers on the map and units
    (Security/Infrastructure); ! where a battle is due. ``fold``: the zones with neither units
    nor PP are named in a line below instead (the board then fits a smaller screen)."""
    c = _c()
    half = (WIDTH - 1) // 2  # 39 columns a bank
    banks: list[list[str]] = []
    empty: list[str] = []
    for side in ("west", "east"):
        zones = sorted((z for z in c.map.zones if z.side == side), key=lambda z: (z.y, z.x))
        cells: list[str] = []
        for z in zones:
            info = view["zones"][z.id]
            if fold and not info["units"] and not info["pp"]:
                empty.append(z.name)
                continue
            aff = "" if z.affiliation == "contested" else ABBR.get(z.affiliation, z.affiliation)
            sym = "A" if z.airport else "F" if z.fortified else "S" if z.sanctuary else ""
            pp = str(info["pp"]) if info["pp"] else ""
            due = _battle_due(view, z.id)
            units = units_text(info["units"], " vs " if due else " + ")
            head = f"{short_name(z.name):<15} {aff:<3} {sym:<1}{pp:>2} "
            room = half - len(head)
            if len(units) > room:  # closer set rather than a second line: "Gov2/0 v Sun1/0"
                units = (" v " if due else "+").join(
                    f"{ABBR.get(f, f)}{u[0]}/{u[1]}" for f, u in info["units"].items()
                )
            pieces = textwrap.wrap(units, room) or [""]
            cells.append(head + pieces[0])
            cells.extend(" " * len(head) + p for p in pieces[1:])
        banks.append(cells)
    river = c.map.river
    titles = [
        f"{f'{side} bank ({bank})':<21}PP units"
        for side, bank in (("West", river.west_bank), ("East", river.east_bank))
    ]
    lines = [f"{titles[0]:<{half}}│{titles[1]}"]
    rows = max(len(b) for b in banks)
    for i in range(rows):
        left = banks[0][i] if i < len(banks[0]) else ""
        right = banks[1][i] if i < len(banks[1]) else ""
        lines.append(f"{left:<{half}}│{right}".rstrip())
    if empty:
        lines.extend(_wrap("No units or PP in " + ", ".join(empty) + ".", "    ", first=""))
    lines.append("A airport, F fortified, S sanctuary; units: Security/Infrastructure")
    return lines


def goal_short(goal: GoalView) -> str:
    """A faction's progress towards its special condition, part by part."""
    bits = []
    for p in goal["parts"]:
        if p["need"] == 1 and p["label"] != "kept apart" and p["have"] <= 1:
            bits.append(f"{p['label']} {'✓' if p['met'] else '✗'}")
        elif p["label"] == "kept apart":
            bits.append(f"kept apart {'✓' if p['met'] else '✗'}")
        else:
            bits.append(f"{p['label']} {min(p['have'], p['need'])}/{p['need']}")
    text = (" or " if goal["join"] == "any" else ", ").join(bits)
    return text + (" MET" if goal["met"] else "")


def standing_lines(view: View) -> list[str]:
    """One line per faction, in this turn's order: PP, cards, zones held, score towards the
    standard victory and progress towards its own condition."""
    need = view["standard_victory"]
    lines = [f"  {'faction':<10}{'PP':>4}{'cards':>6}{'zones':>6}{'score':>8}  special goal (type 'goals')"]
    for f in view["order"]:
        row = (
            f"{_mark(view, f)}{f:<10}{view['pp'][f]:>4}{view['hand_counts'][f]:>6}"
            f"{view['zones_held'][f]:>6}{view['scores'][f]:>5}/{need['pp']}  " + goal_short(view["goals"][f])
        )
        lines.extend(_wrap(row, " " * 39, first="") if len(row) > WIDTH else [row])
    lines.append(_legend(view))
    return lines


def _mark(view: View, f: str) -> str:
    """Two characters before a faction's name: * the Initiative, > the seat itself."""
    return ("*" if f == view.get("initiative") else " ") + (">" if f == view.get("seat") else " ")


def _legend(view: View) -> str:
    need = view["standard_victory"]
    marks = [
        m
        for m, on in (("* has the Initiative", view.get("initiative")), ("> is you", view.get("seat")))
        if on
    ]
    who = ", ".join(marks) + "; " if marks else ""
    return f"  ({who}score = PP + {need['per_zone']} a zone held, {need['pp']} wins)"


def standing_brief(view: View) -> list[str]:
    """Each faction's PP, cards, zones and score, two to a line."""
    need = view["standard_victory"]["pp"]
    cells = []
    for f in view["order"]:
        mark = _mark(view, f).replace(" ", "") or " "
        cells.append(
            f"{mark}{f}: {view['pp'][f]} PP, {view['hand_counts'][f]} cards, {view['scores'][f]}/{need}"
        )
    width = max(len(c) for c in cells) + 2
    per = max(1, WIDTH // width)
    rows = ["".join(f"{c:<{width}}" for c in cells[i : i + per]).rstrip() for i in range(0, len(cells), per)]
    return [*rows, _legend(view)]


def own_goal_lines(view: View) -> list[str]:
    seat = view.get("seat")
    if not seat:
        return []
    goal = view["goals"][seat]
    return _wrap(goal["text"], "    ", first="Your goal: ")


def warnings(view: View) -> list[str]:
    """Who would win if the turn ended now."""
    out = []
    need = view["standard_victory"]["pp"]
    for f in view["order"]:
        if view["goals"][f]["met"]:
            out.append(f"{f} meets its special condition now")
        elif view["scores"][f] >= need:
            out.append(f"{f} has {view['scores'][f]} of the {need} it needs")
    return [f"! If the turn ended now: {'; '.join(out)}."] if out else []


def business_lines(view: View) -> list[str]:
    """The business in progress, in plain words."""
    out: list[str] = []
    seat = view.get("seat")
    if view.get("street_turned") and view["phase"] in ("street", "draft"):
        out.append("Arab Street this turn: " + ", ".join(view["street_turned"]))
    bid = view.get("bidding")
    if bid:
        if bid["high_bidder"]:
            out.append(f"Bidding: {bid['high_bidder']} leads with {bid['high']} PP.")
        else:
            out.append("Bidding: no bid yet.")
    man = view.get("maneuver")
    if man and man.get("last"):
        out.append(f"{man['last']} has taken the Initiative with a card; another may still take it.")
    draft = view.get("draft")
    if draft:
        who = "you hold" if draft["holder"] == seat else f"{draft['holder']} holds"
        out.append(f"Draft: {who} the packet of {draft['cards']} card(s).")
        for name in draft.get("packet", []):
            out.extend(card_lines(name))
    deal = view.get("deal")
    if deal:
        stage = {"build": "being written", "respond": "awaiting answers", "fulfil": "awaiting cards"}[
            deal["stage"]
        ]
        out.append(f"Offer from {deal['from']} to {listing(deal['to'])} ({stage}).")
        if "terms" in deal and seat not in view.get("to_act", ()):  # else the question says them
            out.extend(_wrap(deal["terms"], "    ", first="  Terms: "))
    if view.get("truces") and view["phase"] in ("coalition", "action"):
        out.append("Truces this turn: " + "; ".join(" and ".join(p) for p in view["truces"]) + ".")
    if view.get("promises"):
        said = "; ".join(
            _PROMISED[p["kind"]].format(f=p["from"], to=" and ".join(p["to"])) for p in view["promises"]
        )
        out.extend(_wrap(f"Binding promises: {said}.", "    ", first=""))
    action = view.get("action")
    if action:
        moving = action.get("moving")
        if moving:
            path = " -> ".join(zone_name(z) for z in moving["path"]) or zone_name(moving["at"])
            if moving["units"]:
                out.append(f"Moving {moving['units']} Security: {path}.")
            else:
                out.append(f"Starting a move from {path}.")
        card = action.get("card")
        if card:
            target = f" against {card['target']}" if card.get("target") else ""
            zone = card["zone"]
            where = f" in {zone_name(zone)}" if zone else ""
            out.append(f"Playing {card['source']}{target}{where}.")
            if card.get("target_hand") is not None:
                out.append(f"  {card['target']}'s hand: " + (", ".join(card["target_hand"]) or "empty"))
            if card.get("peek"):
                out.append("  Next Arab Street cards: " + ", ".join(card["peek"]))
        elif action["step"] == "move" and action["faction"] != seat:  # the prompt tells the mover
            out.append(f"{action['faction']} has {action['moves_left']} move(s) left.")
    pending = view.get("pending")
    if pending:
        out.extend(_pending_lines(view, pending))
    return out


def _pending_lines(view: View, p: PendingView) -> list[str]:
    seat = view.get("seat")
    if p["kind"] == "window":
        waiting = ["you" if w == seat else w for w in p["waiting"]]
        what = _WINDOWS.get(p["timing"], "a card")
        return _wrap(f"Now {what} may be played; waiting on {listing(waiting)}.", "    ", first="")
    if p["kind"] == "infowar":
        return [f"{p['seat']} may play InfoWar on its gain of {p['amount']} PP."]
    if p["kind"] == "discard":
        why = "to make room for a card it buys" if p.get("to_buy") else "to keep within its hand limit"
        return [f"{p['seat']} discards {p['count']} card(s) {why}."]
    if p["kind"] == "defect":
        return [f"{p['seat']} chooses which {p['count']} of its units defect."]
    if p["kind"] == "ceasefire":
        return [f"{p['seat']} names the zone of its Ceasefire."]
    return []


def hand_lines(view: View, full: bool, brief: bool = False) -> list[str]:
    """The seat's hand: every card with its text (``full``), else the names and the text of
    the cards it may play now; ``brief``: the names alone (the board is short of rows)."""
    if "hand" not in view:
        return []
    hand = view["hand"]
    head = f"Your hand ({len(hand)} of {view['max_hand']})"
    if not hand:
        return [head + ": empty."]
    action = view.get("action")
    playable = set(action.get("playable", []) if action else [])
    if brief and not full:
        now = f"; playable now: {', '.join(_distinct(n for n in hand if n in playable))}" if playable else ""
        text = f"{head}: {', '.join(hand)}{now}"
        hint = " ('card NAME' for a text)."
        return _wrap(text + (hint if len(text + hint) <= WIDTH or len(text) > WIDTH else "."), "  ", first="")
    if full:
        lines = [head + ":"]
        for name in _distinct(hand):
            lines.extend(card_lines(name))
        return lines
    rest = [n for n in hand if n not in playable]
    lines = []
    if playable:
        lines.append(head + ", playable now:")
        for name in _distinct(n for n in hand if n in playable):
            lines.extend(card_lines(name))
        if rest:
            lines.extend(_wrap("Also: " + ", ".join(rest) + " ('card NAME' for a text).", "    ", first="  "))
    else:
        lines.extend(_wrap(f"{head}: " + ", ".join(hand) + " ('card NAME' for a text).", "  ", first=""))
    return lines


def _distinct(names: Iterable[str]) -> list[str]:
    seen: list[str] = []
    for n in names:
        if n not in seen:
            seen.append(n)
    return seen


def battle_lines(view: View) -> list[str]:
    """The battle in progress: forces, Command cards (value and type), plans and result."""
    c = view.get("combat")
    zid = c["zone"] if c else None
    if not c or not zid or not c.get("sides"):
        return []
    seat = view.get("seat")
    zone = _c().zone(zid)
    fort = " (the Fortified zone)" if zone.fortified else ""
    a, b = c["sides"]
    out = [f"Battle in {zone.name}{fort}: {a} against {b}, started by {c['started_by']}."]
    for f in (a, b):
        u = view["zones"][zid]["units"].get(f, [0, 0])
        worth = (u[0] + u[1]) * unit_worth(view, f, zid)
        cmds = ", ".join(command_text(n) for n in view["active_commands"][f]) or "none active"
        ready = " (plan set)" if f in c.get("ready", []) and "plans" not in c else ""
        line = f"{f}: {u[0]} Security, {u[1]} Infrastructure, worth {worth}{ready}. Commands: {cmds}."
        out.extend(_wrap(line, "    ", first="  "))
    plans = c.get("plans")
    if plans:
        for f, p in plans.items():
            out.extend(_wrap(f"{f} reveals: {_plan_words(p)}.", "    ", first="  "))
    elif c.get("my_plan"):
        own = c["my_plan"]
        said = "not begun" if own["step"] == "command" else _plan_words(own, own["step"])
        out.extend(_wrap(f"Your plan so far: {said}.", "    ", first="  "))
    if c.get("totals"):
        t = c["totals"]
        hit = [f for f, n in c.get("neutralized", {}).items() if n]
        lost = f" ({listing(hit)}'s Command Neutralized)" if hit else ""
        out.append(f"  Totals: {a} {t[a]}, {b} {t[b]}{lost}; {c['winner']} wins.")
    if seat in (a, b) and "hand" in view:
        pending = view.get("pending")
        timing = pending["timing"] if pending and pending["kind"] == "window" else None
        cards = _c().arms_bazaar
        if timing:
            mine = [n for n in _distinct(view["hand"]) if cards.card(n).timing == timing]
            title = "Your cards for this moment:"
        else:
            mine = [
                n for n in _distinct(view["hand"]) if cards.card(n).kind in ("offense", "defense", "network")
            ]
            title = "Your combat cards:"
        if mine:
            out.append(title)
            for n in mine:
                out.extend(card_lines(n))
    return out


def unit_worth(view: View, f: str, zid: str) -> int:
    """[Units and Combat; Fortified Zones] what one of ``f``'s units counts in a battle in
    ``zid``: 1 (US 2), one more for the holder of the Fortified zone."""
    c = _c()
    value, fort = 1, 2
    for rule in c.faction(f).special_rules:
        if rule.type == "unit_combat_value":
            value, fort = rule.value, rule.fortified_value
    return fort if c.zone(zid).fortified and view.get("fortified_holder") == f else value


def _plan_words(p: PlanView, step: PlanStep | None = None) -> str:
    """A plan, revealed, or being made (``step`` then says what is still to choose)."""
    order: list[PlanStep] = ["command", "offense", "defense", "commit", "ready"]
    at = order.index(step) if step in order else len(order)

    def chosen(i: int, text: str) -> str:
        return text if at > i else "to choose"

    command = p["command"]
    cmd = command_text(command) if command else "no Command"
    commit = p.get("commit")
    return (
        f"Command {chosen(0, cmd)}; Offense {chosen(1, p.get('offense') or 'none')}; "
        f"Defense {chosen(2, p.get('defense') or 'none')}; commitment "
        f"{chosen(3, str(commit) if commit is not None else 'none')}"
    )


# =============================================================================================
# The board
# =============================================================================================

_MAP_PHASES = ("place", "coalition", "action", "combat", "civic", "end")


def board_lines(view: View) -> list[str]:
    """The board as plain lines of at most 80 characters."""
    out: list[str] = []
    for line in _board(view):
        out.extend(_wrap(line, "    ", first="") if len(line) > WIDTH else [line])
    return out


def _board(view: View) -> list[str]:
    phase = view["phase"]
    lines = [header_line(view)]
    if phase == "over":
        lines.extend(standing_lines(view))
        return lines
    combat = view.get("combat")
    battle_stage = combat["stage"] if combat and combat.get("sides") else None
    in_battle = battle_stage in ("plan", "resolve", "casualties")
    pending = view.get("pending")
    if in_battle:
        lines.extend(battle_lines(view))
        lines.extend(_pending_lines(view, pending) if pending else [])
        return lines
    if phase in _MAP_PHASES and (pending["kind"] if pending else None) not in ("infowar", "discard"):
        # the map last, nearest the question: what scrolls away first is the standing; when
        # the board would pass MAP_ROWS rows, the hand shrinks to its names, then the legends
        # go, then the zones with nothing in them are named in a line
        standing = standing_brief(view)
        middle = [*_your_goal_short(view), *warnings(view), *business_lines(view)]
        if combat and combat["ceasefire"]:
            middle.append("Ceasefire in: " + ", ".join(zone_name(z) for z in combat["ceasefire"]))
        drawn = map_lines(view)
        folded = map_lines(view, fold=True)
        if len(folded) >= len(drawn):
            folded = drawn
        brief = hand_lines(view, full=False, brief=True)
        goal = _your_goal_short(view)
        rest = middle[len(goal) :]
        tries = [
            [*lines, *standing, *middle, *hand_lines(view, full=False), *drawn],
            [*lines, *standing, *middle, *brief, *drawn],
            [*lines, *standing[:-1], *middle, *brief, *drawn],
            [*lines, *standing[:-1], *middle, *brief, *drawn[:-1]],
            [*lines, *standing[:-1], *middle, *brief, *folded[:-1]],
            [*lines, *standing[:-1], *middle, *brief, *folded[1:-1]],  # without the columns' titles
            [*lines, *standing[:-1], *rest, *brief, *folded[1:-1]],  # and the goal ('goals')
        ]
        return next((t for t in tries if _rows(t) <= MAP_ROWS), tries[-1])
    if phase == "draft":  # the packet's texts need the room
        lines.extend(standing_brief(view))
        lines.extend(_your_goal_short(view))
        lines.extend(warnings(view))
        lines.extend(business_lines(view))
        return _with_hand(view, lines, [])
    lines.extend(standing_lines(view))
    lines.extend(own_goal_lines(view))
    lines.extend(warnings(view))
    lines.extend(business_lines(view))
    known = view.get("street_known")
    tail = ["Next Arab Street cards you know: " + ", ".join(known)] if known else []
    return _with_hand(view, lines, tail)


#: the rows of a terminal the board may fill when no map is drawn
ROWS = 24
#: ... and with the map: 24 less a line for the question, so the board never needs a page of
#: its own (the question then pushes the standing off the top, the map stays)
MAP_ROWS = 22


def _rows(lines: list[str]) -> int:
    """The terminal rows ``lines`` take once wrapped to 80 columns."""
    return sum(1 if len(x) <= WIDTH else len(_wrap(x, "    ", first="")) for x in lines)


def _with_hand(view: View, lines: list[str], tail: list[str]) -> list[str]:
    """The hand with every card's text when the board still fits ``ROWS`` rows; else its
    names (``card NAME`` gives a text), so the packet and the standing stay on screen."""
    full = [*lines, *hand_lines(view, full=True), *tail]
    if _rows(full) <= ROWS:
        return full
    return [*lines, *hand_lines(view, full=False), *tail]


def _colours() -> list[tuple[str, str]]:
    """[Faction Colors] each faction's name and abbreviation with its colour (black is shown
    bold, to stay visible on a dark terminal)."""
    out = []
    for f in _c().factions.factions:
        hexa = f.colour_hex.lstrip("#")
        dark = sum(int(hexa[i : i + 2], 16) for i in (0, 2, 4)) < 150
        out.append((rf"\b({f.id}|{ABBR[f.id]})\b", "bold" if dark else f"bold {f.colour_hex}"))
    return out


def _your_goal_short(view: View) -> list[str]:
    seat = view.get("seat")
    if not seat:
        return []
    return _wrap(f"Your goal: {goal_short(view['goals'][seat])} (type 'goals').", "    ", first="")


def render(view: Mapping[str, Any]) -> RenderableType:
    lines = board_lines(cast(BaghdadSeatView, view))
    parts: list[RenderableType] = [Text(lines[0], style="bold")]
    colours = _colours()
    for line in lines[1:]:
        text = Text(line, style="yellow" if line.startswith("!") else "")
        for pattern, style in colours:
            text.highlight_regex(pattern, style)
        parts.append(text)
    return Group(*parts)


# =============================================================================================
# Commands at any prompt
# =============================================================================================


def zone_lines(view: View, rest: str) -> list[str]:
    """A zone in full: affiliation, symbols, PP, units, control and neighbours."""
    z = find_zone(rest)
    if z is None:
        names = ", ".join(sorted(x.name for x in _c().map.zones))
        return _wrap(f"No zone {rest.strip()!r}. Zones: {names}.", "  ", first="")
    c = _c()
    info = view["zones"][z.id]
    aff = "contested, no faction's" if z.affiliation == "contested" else f"{z.affiliation} zone"
    out = [f"{z.name} ({aff}; {z.pp} PP when the Arab Street calls on it)"]
    marks = [
        words
        for flag, words in (
            (
                z.airport,
                "Airport: whoever holds it at the end of the Coalition Phase may fly one Airmobile move",
            ),
            (z.fortified, "Fortified: its holder at the end of the Coalition Phase fights here Incremented"),
            (z.sanctuary, "Sanctuary: no battle is ever fought here (cards may still strike)"),
        )
        if flag
    ]
    for m in marks:
        out.extend(_wrap(m + ".", "    ", first="  "))
    out.append(
        f"  On the {z.side} bank ({c.map.river.west_bank if z.side == 'west' else c.map.river.east_bank})."
    )
    out.append(f"  PP markers to collect: {info['pp']}.")
    units = info["units"]
    if units:
        out.append(
            "  Units: " + "; ".join(f"{f} {u[0]} Security, {u[1]} Infrastructure" for f, u in units.items())
        )
    else:
        out.append("  Units: none.")
    holder = info["control"]
    out.append(
        f"  Controlled by {holder}."
        if holder
        else "  Controlled by nobody" + (" (several factions)." if units else ".")
    )
    near = [c.zone(n).name + (" (across the river)" if n in z.across_river else "") for n in z.neighbours]
    out.extend(_wrap("Neighbours: " + ", ".join(near) + ".", "    ", first="  "))
    return out


def zone_command(view: Mapping[str, Any], rest: str) -> RenderableType:
    """zone NAME: a zone's affiliation, symbols, PP, units, control and neighbours"""
    return Text("\n".join(zone_lines(cast(BaghdadSeatView, view), rest)))


def neighbour_lines() -> list[str]:
    """Every zone with its neighbours, bank by bank from north to south (~ across the river)."""
    c = _c()
    out = ["Each zone and its neighbours (~ across the Tigris: a normal move stops there)."]
    for side, bank in (("west", c.map.river.west_bank), ("east", c.map.river.east_bank)):
        out.append(f"{side.title()} bank ({bank}), north to south:")
        for z in sorted((z for z in c.map.zones if z.side == side), key=lambda z: (z.y, z.x)):
            aff = "" if z.affiliation == "contested" else f" ({ABBR.get(z.affiliation, z.affiliation)})"
            near = ", ".join(("~" if n in z.across_river else "") + c.zone(n).name for n in z.neighbours)
            out.extend(_wrap(f"{z.name}{aff}: {near}", "      ", first="  "))
    return out


def map_command(view: Mapping[str, Any], rest: str) -> RenderableType:
    """map: every zone's neighbours, bank by bank (the board shows units and PP)"""
    return Text("\n".join(neighbour_lines()))


def goal_lines(view: View) -> list[str]:
    need = view["standard_victory"]
    out = [
        *_wrap(
            f"Victory (checked at the end of each turn): {need['pp']} score (PP held + "
            f"{need['per_zone']} for each zone controlled), or a faction's own condition."
        ),
        *_wrap(
            "Control: a faction's units are the only ones in the zone (NGOs beside one other "
            "faction do not count)."
        ),
    ]
    for f in view["order"]:
        goal = view["goals"][f]
        out.extend(_wrap(goal["text"], "    ", first=f"{f}: "))
        parts = []
        for p in goal["parts"]:
            listed = p["zones"] and p["label"] not in ("kept apart", ", ".join(p["zones"]))
            where = f" ({', '.join(p['zones'])})" if listed and p["label"] != " + ".join(p["zones"]) else ""
            spoil = (
                f" (spoiled in {', '.join(p['zones'])})" if p["zones"] and p["label"] == "kept apart" else ""
            )
            parts.append(f"{p['label']} {min(p['have'], p['need'])}/{p['need']}{where}{spoil}")
        now = "MET NOW" if goal["met"] else "now"
        out.extend(
            _wrap(
                f"{now}: " + "; ".join(parts) + f". Score {view['scores'][f]}/{need['pp']}.",
                "    ",
                first="    ",
            )
        )
    return out


def goals_command(view: Mapping[str, Any], rest: str) -> RenderableType:
    """goals: every faction's victory condition in words, and how near it is"""
    return Text("\n".join(goal_lines(cast(BaghdadSeatView, view))))


def card_command(view: Mapping[str, Any], rest: str) -> RenderableType:
    """card NAME: an Arms Bazaar or Arab Street card's text (card all: your hand)"""
    hand = cast(BaghdadSeatView, view).get("hand", [])
    if rest.strip().casefold() in ("", "all", "hand"):
        lines = [f"Your hand ({len(hand)} cards):"]
        for n in _distinct(hand):
            lines.extend(card_lines(n))
        combos = _c().arms_bazaar.combinations
        lines.append("Two symbol cards played together:")
        for cb in combos:
            lines.extend(_wrap(f"{cb.name} ({' + '.join(cb.symbols)}): {cb.text}", "      ", first="  "))
        return Text("\n".join(lines))
    d = find_card(rest)
    if d is not None:
        return Text("\n".join(card_lines(d.name, indent="")))
    key = rest.strip().casefold()
    for sc in _c().arab_street.cards:
        if sc.name.casefold().startswith(key):
            return Text("\n".join(_wrap(f"{sc.name} (Arab Street): {sc.text}", "    ", first="")))
    for cb in _c().arms_bazaar.combinations:
        if cb.name.casefold().startswith(key):
            return Text(
                "\n".join(_wrap(f"{cb.name} ({' + '.join(cb.symbols)}): {cb.text}", "    ", first=""))
            )
    return Text(f"No card {rest.strip()!r}; 'card all' shows your hand.")


def commands_command(view: Mapping[str, Any], rest: str) -> RenderableType:
    """commands: every faction's Command cards, value and type, active and Neutralized"""
    v = cast(BaghdadSeatView, view)
    lines = ["Command cards (value, type; a Neutralized one is restored for twice its value):"]
    for f in v["order"]:
        active = ", ".join(command_text(n) for n in v["active_commands"][f]) or "none"
        lines.extend(_wrap(f"{f}: {active}.", "    ", first=""))
        if v["neutralized"][f]:
            lines.extend(
                _wrap(
                    "Neutralized: " + ", ".join(command_text(n) for n in v["neutralized"][f]) + ".",
                    "    ",
                    first="  ",
                )
            )
    return Text("\n".join(lines))


COMMANDS: dict[str, Callable[[Mapping[str, Any], str], RenderableType]] = {
    "zone": zone_command,
    "map": map_command,
    "goals": goals_command,
    "card": card_command,
    "commands": commands_command,
}


# =============================================================================================
# The end of the game
# =============================================================================================


def outcome_lines(outcome: Outcome) -> list[str]:
    d = outcome.details
    out = _wrap(d.get("ended", outcome.result), "  ")
    for f, why in (d.get("why") or {}).items():
        out.extend(_wrap(f"{f}: {why}", "    ", first="  "))
    return out


def render_outcome(outcome: Outcome) -> RenderableType:
    """Why the game ended, and what each faction reached."""
    return Text("\n".join(["Why the game ended:", *outcome_lines(outcome)]))
